"""The key journeys a player makes, written once as data and run in every browser engine: Chromium
(Playwright), Firefox ESR (puppeteer-core, tests/browsers/engines/firefox.mjs) and WebKitGTK (Selenium).

Each journey is a list of steps; every runner understands the same few verbs:
  goto PATH, wait_for SELECTOR, set [SELECTOR, VALUE] (and fire `input`),
  wait_text [SELECTOR, TEXT] (the element's textContent, spaces collapsed, equals TEXT),
  wait_offline_ready, stop_server (the site's server stops answering: honest offline),
  check [EXPRESSION, WHAT] (a JavaScript expression turns true within 10 s; WHAT names it when not),
  tap SELECTOR (a real pointer tap on the element, once it holds still: STILL),
  type TEXT (keys, into whatever has focus),
  timed [LABEL, SELECTOR, UNTIL] (a tap timed in the page until UNTIL holds: the journey's timings),
  back, reload, reopen (the address now, in a fresh page of the same browser).
Expected texts come from rulescore in CPython, so every engine must show CPython's answer.
Longer than 300 lines: why: every journey is here, as data, so the three runners share one list.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from urllib.parse import urlencode

from rulescore.compare import compare_answers
from rulescore.entry import answer
from rulescore.route.plan import plan
from rulescore.route.read import default_legs
from rulescore.rulebooks import ASSUMPTIONS, RULESETS
from rulescore.table.house_rules import read_rule
from rulescore.web.answer import compare_html, result_html

SHARED = {"height": "5", "toughness": "4", "wounds": "2"}
SHARED_LINK = "mordheim-1999/movement/?calc-fall.height=5&calc-fall.toughness=4&calc-fall.wounds=2#falling"


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def text_of(html: str) -> str:
    """What an element holding `html` has as textContent, with runs of spaces collapsed."""
    reader = _Text()
    reader.feed(html)
    return re.sub(r"\s+", " ", "".join(reader.parts)).strip()


def result_text(calculator: str, ruleset: str, values: dict[str, str]) -> str:
    result = answer(calculator, ruleset, values)
    assert result.ok, result
    return text_of(result_html(result, "../../"))


def route_text(ruleset: str, legs: list[str], values: dict[str, str] | None = None) -> str:
    result = plan(ruleset, values or {}, legs)
    assert result.ok, result
    return text_of(result_html(result, "../../"))


# A route built with taps on the planner (#25): four legs added, then the walk moved after the gap.
TAPPED_LEGS = [("climb up", "2"), ("move", "1"), ("gap", "1"), ("jump down", "4")]
ROUTE_LEGS = ['climb up 2"', 'gap 1"', 'move 1"', 'jump down 4"']
TC_LEGS = ['move 2" difficult ground', 'charge 3"']
SAID = "the page says the network answered with a login page"
HOSTILE_LEG_SAID = plan("mordheim-1999", {}, ['move 1e-99999999"']).errors["leg-1"]
# #51: the page's first route with its first leg one inch longer (climb up 2 -> 3), one tap on its +.
ROUTE_ONE_TAP = ['climb up 3"', 'gap 1"', 'jump down 2"', 'move 1"']
ROUTE_TWO_TAPS = ['climb up 4"', 'gap 1"', 'jump down 2"', 'move 1"']
# #50: what a route settles before its first inch.
INTERCEPTED, INTERCEPTED_LEGS = {"activation": "charge", "interceptor": "yes"}, ['move 2"', 'charge 3"']
RUN_REFUSED = plan("mordheim-1999", {"activation": "run", "nearest_enemy": "6"}, ['move 6"']).errors["nearest_enemy"]
# The reading it rests on, linked under the verdict.
RUN_READING = (
    "[...document.querySelectorAll('#calc-route .calc-verdict-why a')].some((a) => a.textContent === "
    + json.dumps(f"Our reading: {ASSUMPTIONS['within-includes-edge'].title}")
    + ") && document.querySelector('#calc-route-nearest_enemy-error').textContent === ''"
)
DRAWN = "document.querySelectorAll('#calc-route .calc-view svg[role=img] .calc-view-mark').length === 2"


# The legs as the rows show them (each row's kind with its inches), joined as the address holds them.
LEGS_IN_ROWS = (
    "[...document.querySelectorAll('#calc-route .calc-leg')].map((row) => row.querySelector('.calc-leg-kind')"
    " ? row.querySelector('.calc-leg-kind').value.replace('{}', row.querySelector('.calc-leg-inches').value + '\"')"
    ".replace('{}', (row.querySelector('.calc-leg-second-inches') || {}).value + '\"')"
    " : row.querySelector('.calc-leg-words').textContent).join('|')"
)


def legs_shown(legs: list[str]) -> list:
    return ["check", [f"{LEGS_IN_ROWS} === {json.dumps('|'.join(legs))}", "the legs in the order tapped"]]


LEGS_SHOWN = legs_shown(ROUTE_LEGS)
# Edited where they stand (#39): the jump down one inch lower, a leg inserted after the walk and made 1",
# the old walk taken out: the same route but a 3" jump down.
EDITED_LEGS = ['climb up 2"', 'gap 1"', 'move 1"', 'jump down 3"']
UNFINISHED = plan("mordheim-1999", {}, []).errors["legs"]


# A timed tap: the runner arms the page (the tap's moment is noted as it lands, in sessionStorage so a
# page that loads afresh still knows it; a live answer's moment in the page), taps as for "tap", polls
# CONDITION until it holds, then reads ELAPSED: milliseconds from the tap, from the moments the page noted.
ARM_TAP = (
    "window.journeyAnswered = null; window.journeyStored = null; document.addEventListener('click', () => "
    "sessionStorage.setItem('journeyTap', String(performance.timeOrigin + performance.now())), "
    "{ capture: true, once: true }); document.addEventListener('calculators:result', (event) => { "
    "if (event.target.dataset.state === 'live') window.journeyAnswered = performance.timeOrigin + performance.now(); }); "
    "document.addEventListener('calculators:stored', () => { window.journeyStored = performance.timeOrigin + performance.now(); });"
)
TAPPED = "Number(sessionStorage.getItem('journeyTap'))"
# Where a tap landed (#64): armed before the tap, read after it. A driver aims, then taps; a page that
# moved between the two gets the tap elsewhere, which fails at once and names what it hit, rather than a
# wait of minutes for what the tap should have brought. A tap that took the page elsewhere reads "".
ARM_LANDED = (
    "((selector) => { window.journeyLanded = null; document.addEventListener('click', (event) => { "
    "const hit = event.target instanceof Element ? event.target : null; const meant = document.querySelector(selector); "
    "window.journeyLanded = meant && hit && meant.contains(hit) ? '' : (hit ? hit.outerHTML.slice(0, 120) : 'nothing'); "
    "}, { capture: true, once: true }); })"
)
LANDED = "(window.journeyLanded || '')"
# A tap lands once its element is there and its calculator has answered what it was asked: an answer
# puts a message next to a field or takes one away, which moves the form under a thumb (or a driver's
# click, aimed a moment before it lands). calculators.js marks a calculator with a question out.
STILL = (
    "((selector) => { const e = document.querySelector(selector); const calc = e && e.closest('.calc'); "
    "return Boolean(e) && !(calc && calc.dataset.asking); })"
)
# What a calculator shows when a wait for its text fails: the text, its status line and its form's values.
SHOWING = (
    "((selector) => { const e = document.querySelector(selector); const calc = e && e.closest('.calc'); "
    "const text = (n) => (n ? n.textContent.replace(/\\s+/g, ' ').trim() : '(missing)'); "
    "if (!calc) return text(e).slice(0, 300); "
    "const values = [...calc.querySelectorAll('form [name]')].map((i) => i.name + '=' + i.value).join('&'); "
    "return text(e).slice(0, 300) + ' | status: ' + text(calc.querySelector('.calc-status')) + ' | values: ' + values; })"
)
# The page in place: put there by navigation.js (its mark), or loaded (its DOMContentLoaded, when the
# page scripts set it up).
SHOWN = (
    "performance.timeOrigin + (performance.getEntriesByName('site:page').at(-1)?.startTime ?? "
    f"performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd) - {TAPPED}"
)
ANSWERED = f"window.journeyAnswered - {TAPPED}"


def timed_tap(label: str, selector: str, condition: str, elapsed: str) -> list:
    return ["timed", [label, selector, condition, elapsed]]


def page_shown(label: str, selector: str, path: str, element: str) -> list:
    """A tap on a link, timed to the page at `path` in place with `element` in it."""
    condition = (
        f"location.pathname.endsWith({json.dumps(path)}) && document.readyState !== 'loading' && "
        f"document.querySelector({json.dumps(element)}) !== null"
    )
    return timed_tap(label, selector, condition, SHOWN)


def answered_at_once(label: str, selector: str, calc: str, field: str, value: str) -> list:
    """A tap in a calculator, timed to the answer for the value it makes: stored on the page or live."""
    shown = (
        f"document.getElementById({json.dumps(calc)}).dataset.state.match(/^(page|live)$/) && "
        f"document.getElementById({json.dumps(calc + '-' + field)}).value === {json.dumps(value)}"
    )
    at = "Math.min(...[window.journeyStored, window.journeyAnswered].filter((moment) => moment > " + TAPPED + "))"
    return timed_tap(label, selector, f"{shown} && Number.isFinite({at})", f"{at} - {TAPPED}")


def answered_live(label: str, selector: str) -> list:
    """A tap in a calculator, timed to its live answer."""
    return timed_tap(label, selector, f"window.journeyAnswered > {TAPPED}", ANSWERED)


def empty_route(ruleset: str) -> list[list]:
    """A ruleset's route planner opened, its first route taken out in one tap."""
    return [
        ["goto", f"{ruleset}/route/"],
        ["wait_for", "#calc-route .calc-leg button"],
        ["tap", "#calc-route [data-leg=clear]"],
    ]


# What is settled before the first inch, unfolded as a thumb does: one tap on its line (#62, item 3).
OPEN_BEFORE = ["tap", "#calc-route [data-fold=before] > summary"]


def add_leg(kind: str, inches: str) -> list[list]:
    """Tap "Add a leg", then make the new last leg this kind (its pattern: "move {} difficult ground") and length."""
    last = "#calc-route .calc-leg:last-child"
    return [
        ["tap", "#calc-route [data-leg=add]"],
        ["set", [f"{last} .calc-leg-kind", kind if "{}" in kind else kind + " {}"]],
        ["set", [f"{last} .calc-leg-inches", inches]],
    ]


def leg_tap(row: int, action: str) -> list:
    """A tap on one of a leg's own buttons: less, more, up, down, insert, remove (rows count from 1)."""
    return ["tap", f"#calc-route .calc-leg:nth-child({row}) [data-leg={action}]"]


# A link shared before the address kept a route's legs item by item (it joined them by "|"): it still opens.
ROUTE_LINK = "mordheim-1999/route/?" + urlencode({"calc-route.legs": "|".join(ROUTE_LEGS)})


TOUGHNESS_PLUS = "#calc-fall [data-field=toughness] .calc-step[data-step='1']"
FROM_THE_PAGE = (
    "document.getElementById('calc-fall').dataset.state === 'page' && "
    "document.querySelector('#calc-fall .calc-status').textContent.startsWith('Answered from the page')"
)


def fall_text(values: dict[str, str]) -> str:
    return result_text("fall", "mordheim-1999", values)


def compare_text(name: str, values: dict[str, str]) -> str:
    compared = compare_answers(name, values)
    assert compared.ok, compared
    return text_of(compare_html(compared, "../../"))


# The tapped term's meaning is shown (assets/terms.js keeps it in data-tip once shown).
TIP_SHOWS = (
    "document.querySelector('.term-tip') !== null && document.querySelector('.term-tip').textContent"
    " === document.querySelector('.quick-reference abbr.term').dataset.tip"
)
# "Ready offline" is a line of the page, at the top of what is read: never over it, nor in the header's title.
NOTE_IN_PAGE = (
    "((n) => Boolean(n) && Boolean(n.closest('.md-content__inner')) && getComputedStyle(n).position === 'static'"
    " && !document.querySelector('.md-header .offline-said'))(document.querySelector('.offline-said'))"
)
# Where the first of the page's own text stands on the screen (the offline notes come above it).
READ_TOP = "document.querySelector('.md-content__inner > :not(.offline-offer)').getBoundingClientRect().top"
# Journeys that need Material's own search dialog (Zensical's search is its own).
# #38: a model's values, and the house rule the journey switches, as CPython words it.
TABLE_MODEL = {"initiative": "5", "toughness": "4", "wounds": "2"}
MODEL_FALL = {"toughness": "4", "wounds": "2"}
FALL_FILLED = "document.getElementById('calc-fall-toughness').value === '4' && document.getElementById('calc-fall-wounds').value === '2'"
ROUTE_FILLED = "document.getElementById('calc-route-initiative').value === '5' && document.getElementById('calc-route-wounds').value === '2'"
HOUSE_RULE = read_rule("mordheim-1999", "jump_down.max_height", "8").words
HOUSE_ROW = ".table-house[data-ruleset='mordheim-1999'] [data-row='jump_down.max_height']"
CLEAR_TABLE = "(localStorage.removeItem('skirmish-table'), localStorage.removeItem('skirmish-picked'), true)"


HELD_VERSION_SAID = (
    "[...document.querySelectorAll('.offline-said')].some((note) => note.textContent.includes("
    "'This phone keeps the version it has, which works offline as before'))"
)


# What a browser itself logs as an error in a journey that means it (a refused registration, said by
# the page in its own words), by journey; any other console error fails the journey.
EXPECTED_ERRORS = {"a login page in front of the service worker is said to be one": r"unsupported MIME type"}
LOGIN_PAGE_SAID = (
    "document.querySelector('.offline-failed').textContent.includes("
    '"answered with a page that is not this site\'s (a login page?)")'
)


def journeys() -> dict[str, list]:
    """Every journey, the same for both engines' builds and the three browser engines."""
    every = {
        "rules page renders": [
            ["goto", "mordheim-1999/movement/"],
            ["wait_for", ".ruleset-banner[data-ruleset='mordheim-1999']"],
            ["wait_for", "#falling"],
        ],
        "the light and dark toggle switches the page and keeps the choice": [
            ["goto", "about/"],
            ["check", ["(sessionStorage.schemeWas = document.body.dataset.mdColorScheme || '') !== ''", "a scheme"]],
            ["tap", ".md-header__option label:not([hidden])"],
            [
                "check",
                [
                    "document.body.dataset.mdColorScheme !== sessionStorage.schemeWas && "
                    "document.querySelector('meta[name=color-scheme]').content === "
                    "(document.body.dataset.mdColorScheme === 'slate' ? 'dark' : 'light')",
                    "the other scheme, and the page's colour-scheme tag with it",
                ],
            ],
            ["reload"],
            ["check", ["document.body.dataset.mdColorScheme !== sessionStorage.schemeWas", "the choice kept"]],
            ["tap", ".md-header__option label:not([hidden])"],
            ["check", ["document.body.dataset.mdColorScheme === sessionStorage.schemeWas", "switched back"]],
        ],
        "shared link gives the build-time answer, then an input change updates it": [
            ["goto", SHARED_LINK],
            ["wait_text", ["#calc-fall .calc-result", fall_text(SHARED)]],
            ["wait_for", "#calc-fall[data-state='live']"],
            ["set", ["#calc-fall-height", "6"]],
            ["wait_text", ["#calc-fall .calc-result", fall_text({**SHARED, "height": "6"})]],
        ],
        "a returning visitor starts from the snapshot, with the same answer": [
            ["goto", SHARED_LINK],
            ["wait_text", ["#calc-fall .calc-result", fall_text(SHARED)]],
            ["wait_for", "html[data-calculators-start='fresh']"],
            ["wait_for", "html[data-snapshot='saved']"],
            ["goto", ""],  # the same link again would only move to its #falling, not load the page
            ["goto", SHARED_LINK],
            ["wait_for", "html[data-calculators-start='snapshot']"],
            ["set", ["#calc-fall-height", "6"]],
            ["wait_text", ["#calc-fall .calc-result", fall_text({**SHARED, "height": "6"})]],
        ],
        "the conditions around the roll are asked and answered": [
            # Living Rulebook, Charge: an interceptor that fears the charger must pass a Fear test.
            ["goto", "mordheim-lrb/movement/?calc-charge.distance=3#charge"],
            ["wait_for", "#calc-charge[data-state='live']"],
            ["set", ["#calc-charge-interceptor", "fears"]],
            [
                "wait_text",
                [
                    "#calc-charge .calc-result",
                    result_text("charge", "mordheim-lrb", {"distance": "3", "interceptor": "fears"}),
                ],
            ],
            # Warhammer, Charge Responses: a unit already in close combat may only hold.
            ["goto", "whfb-6/movement-phase/?calc-charge.distance=9#move-chargers"],
            ["wait_for", "#calc-charge[data-state='live']"],
            ["set", ["#calc-charge-target", "engaged"]],
            [
                "wait_text",
                ["#calc-charge .calc-result", result_text("charge", "whfb-6", {"distance": "9", "target": "engaged"})],
            ],
        ],
        "an update waits for the player's tap, then works offline": [
            ["goto", "about/"],
            ["wait_offline_ready"],
            ["switch_build", "one-page-changed"],  # a new build goes up (tests/helpers.py: one_page_changed)
            ["goto", "about/"],  # the old page still, told once that an update is ready
            ["click", ".offline-update button"],
            ["wait_for", "html[data-test-build='two']"],
            # No signal, with the server kept for the journeys after this one ("offline after one visit" stops it).
            ["switch_build", "no-signal"],
            ["goto", "mordheim-1999/movement/?calc-fall.height=5#falling"],
            ["wait_text", ["#calc-fall .calc-result", fall_text({"height": "5"})]],
            ["goto", "about/"],
            ["wait_for", "html[data-test-build='two']"],
            ["switch_build", "first"],
        ],
        # #48: a login page answers for the one page an update changes: the update fails, and the page
        # says the version held still works offline (not that nothing was kept).
        "an update met by a login page leaves the held version whole, and says so": [
            ["goto", "about/"],
            ["wait_offline_ready"],
            ["switch_build", "one-page-changed"],
            ["portal", "about/"],
            ["goto", "mordheim-1999/"],
            ["wait_for", ".offline-said"],
            ["check", [HELD_VERSION_SAID, "said that the version held still works offline"]],
            ["check", ["!document.querySelector('.offline-failed')", "said nothing was kept"]],
            ["portal", "off"],
            ["switch_build", "first"],
        ],
        # #48: a login page answering for sw.js on a first visit is said to be one, not a browser's refusal.
        "a login page in front of the service worker is said to be one": [
            ["portal", "sw.js"],
            ["goto", "about/"],
            ["wait_for", "html[data-offline='unavailable']"],
            ["check", [LOGIN_PAGE_SAID, "said that a page that is not this site's answered"]],
            ["portal", "off"],
        ],
        "a move is planned leg by leg with taps, and its link opens the same answer": [
            ["goto", "mordheim-1999/route/"],
            ["wait_for", "#calc-route .calc-leg button"],
            # The default legs out in one tap, four legs in, one moved down: every change a tap.
            ["tap", "#calc-route [data-leg=clear]"],
            *[step for kind, inches in TAPPED_LEGS for step in add_leg(kind, inches)],
            leg_tap(2, "down"),
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_LEGS)]],
            LEGS_SHOWN,
            # Shared: its address (a leg each) opened in a fresh page gives the same legs and answer.
            [
                "check",
                [
                    "new URLSearchParams(location.search).getAll('calc-route.legs').join('|') === "
                    + json.dumps("|".join(ROUTE_LEGS)),
                    "the address holds the legs one by one",
                ],
            ],
            ["reopen", ""],
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_LEGS)]],
            LEGS_SHOWN,
            ["goto", ROUTE_LINK],
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_LEGS)]],
            # Edited where the legs stand: inches stepped, a leg inserted in the middle, one taken out.
            leg_tap(4, "less"),
            leg_tap(3, "insert"),
            leg_tap(4, "less"),
            leg_tap(3, "remove"),
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", EDITED_LEGS)]],
            legs_shown(EDITED_LEGS),
            # Cleared in one tap: what comes next is said, nothing is marked wrong, no answer for another route.
            ["tap", "#calc-route [data-leg=clear]"],
            ["wait_text", ["#calc-route .calc-status", UNFINISHED]],
            [
                "check",
                [
                    "document.getElementById('calc-route').dataset.state === 'unfinished' && "
                    "getComputedStyle(document.querySelector('#calc-route .calc-result')).display === 'none' && "
                    "!document.querySelector('#calc-route [aria-invalid=true]')",
                    "an empty route is unfinished, not wrong",
                ],
            ],
        ],
        # #35: difficult ground costs double, and a Trench Crusade charge rolls its D6 for the whole route.
        "a trench crusade charge after a move over difficult ground is planned with taps": [
            *empty_route("trench-crusade"),
            OPEN_BEFORE,
            ["set", ["#calc-route-activation", "charge"]],
            *add_leg("move {} difficult ground", "2"),
            *add_leg("charge {}", "3"),
            [
                "wait_text",
                ["#calc-route .calc-result", route_text("trench-crusade", TC_LEGS, {"activation": "charge"})],
            ],
        ],
        # #50: a Living Rulebook charge past an enemy that may intercept: the enemy's choice, as two tables.
        "a living rulebook charge with an interceptor shows the enemy's choice and the route drawn": [
            *empty_route("mordheim-lrb"),
            OPEN_BEFORE,
            ["set", ["#calc-route-activation", "charge"]],
            ["set", ["#calc-route-interceptor", "yes"]],
            *add_leg("move {}", "2"),
            *add_leg("charge {}", "3"),
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-lrb", INTERCEPTED_LEGS, INTERCEPTED)]],
            ["check", [DRAWN, "the route drawn from the side, a mark per leg"]],
        ],
        # #50: a run with an enemy that counts within 8" is refused; #62, item 2: the rules' verdict is the
        # answer, cited, with what the model may do instead, and no field is marked as if it were wrong.
        "a run with an enemy within 8 inches is refused, said as the rules' answer": [
            *empty_route("mordheim-1999"),
            *add_leg("move {}", "6"),
            OPEN_BEFORE,
            ["set", ["#calc-route-activation", "run"]],
            ["set", ["#calc-route-nearest_enemy", "6"]],
            ["wait_text", ["#calc-route .calc-verdict-why li", RUN_REFUSED]],
            ["wait_text", ["#calc-route .calc-headline", "Not allowed by the rules"]],
            ["check", [RUN_READING, "the reading it rests on linked under it, no field marked"]],
        ],
        # #40: with no byte of the runtime arrived, two taps on + are answered from the page, word for word as
        # Python answers them; the third waits for Python, which then answers it.
        "a first visit's first taps are answered before the runtime arrives": [
            ["hold", "runtime"],
            ["goto", "mordheim-1999/movement/#falling"],
            ["tap", TOUGHNESS_PLUS],
            ["wait_text", ["#calc-fall .calc-result", fall_text({"toughness": "4"})]],
            ["check", [FROM_THE_PAGE, "said to be answered from the page"]],
            ["tap", TOUGHNESS_PLUS],
            ["wait_text", ["#calc-fall .calc-result", fall_text({"toughness": "5"})]],
            ["check", [FROM_THE_PAGE, "said to be answered from the page"]],
            ["tap", TOUGHNESS_PLUS],
            ["wait_for", "#calc-fall[data-state='stale']"],
            ["hold", "off"],
            ["wait_text", ["#calc-fall .calc-result", fall_text({"toughness": "6"})]],
            ["wait_for", "#calc-fall[data-state='live']"],
        ],
        # #51: the route planner's first tap is answered from the page too, the runtime held back.
        "a first visit's first tap on the route planner is answered before the runtime arrives": [
            ["hold", "runtime"],
            ["goto", "mordheim-1999/route/"],
            ["wait_for", "#calc-route .calc-leg button"],
            ["tap", "#calc-route .calc-leg:nth-child(1) [data-leg=more]"],
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_ONE_TAP)]],
            ["check", [FROM_THE_PAGE.replace("calc-fall", "calc-route"), "said to be answered from the page"]],
            # #62, item 5: the second tap a player makes is stored too: the same + again, then the Movement.
            ["tap", "#calc-route .calc-leg:nth-child(1) [data-leg=more]"],
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_TWO_TAPS)]],
            ["check", [FROM_THE_PAGE.replace("calc-fall", "calc-route"), "the same + again: from the page"]],
            ["tap", "#calc-route .calc-leg:nth-child(1) [data-leg=less]"],
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_ONE_TAP)]],
            ["tap", "#calc-route [data-fold=model] > summary"],
            ["tap", "#calc-route [data-field=move] .calc-step[data-step='1']"],
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_ONE_TAP, {"move": "5"})]],
            ["check", [FROM_THE_PAGE.replace("calc-fall", "calc-route"), "the Movement after a leg: from the page"]],
            ["hold", "off"],
            ["wait_for", "#calc-route[data-state='live']"],
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ROUTE_ONE_TAP, {"move": "5"})]],
        ],
        # #36: a network answering with its own login page; and a link no reader may accept.
        "a login page on the network is never kept as the site, and said": [
            ["portal", "pyodide-lock.json"],
            ["goto", "mordheim-1999/movement/?calc-fall.height=5#falling"],
            ["wait_for", "html[data-calculators='failed']"],
            ["check", ["document.querySelector('#calc-fall .calc-status').textContent.includes('login page')", SAID]],
            ["wait_for", ".offline-failed"],
            ["check", ["document.querySelector('.offline-failed').textContent.includes('login page')", SAID]],
            ["portal", "off"],  # logged in: the site itself answers
            ["reload"],
            ["wait_text", ["#calc-fall .calc-result", fall_text({"height": "5"})]],
            ["wait_offline_ready"],
            ["switch_build", "no-signal"],
            ["goto", "mordheim-1999/movement/?calc-fall.height=6#falling"],
            ["wait_text", ["#calc-fall .calc-result", fall_text({"height": "6"})]],
            ["switch_build", "first"],
        ],
        "a link with a number no field takes is refused by the legs, and the next leg answered": [
            ["goto", "mordheim-1999/route/?" + urlencode({"calc-route.legs": 'move 1e-99999999"'})],
            ["wait_text", ["#calc-route-legs-error", HOSTILE_LEG_SAID]],
            ["tap", "#calc-route [data-leg=remove]"],
            *add_leg("move", "2"),
            ["wait_text", ["#calc-route .calc-result", route_text("mordheim-1999", ['move 2"'])]],
        ],
        # #26: the page stays and its Python with it; a link, back, a reload and a shared link all answer.
        "python stays from page to page: the next page answers at once; back, reload and a link agree": [
            ["goto", "compare/falling/"],
            ["wait_offline_ready"],  # warm: the site is kept on this phone
            ["set", ["#compare-fall-height", "5"]],
            ["wait_text", ["#compare-fall .calc-result", compare_text("fall", {"height": "5"})]],
            page_shown(
                "tap on a link -> page shown",
                "a.compare-section[href$='mordheim-lrb/movement/#falling']",
                "/mordheim-lrb/movement/",
                "#calc-fall",
            ),
            ["check", ["history.state && history.state.swapped === true", "the page was put in place, not loaded"]],
            answered_live("tap on + -> live answer", "#calc-fall .calc-step[data-step='1']"),
            ["wait_text", ["#calc-fall .calc-result", result_text("fall", "mordheim-lrb", {"height": "5"})]],
            ["back"],
            ["wait_text", ["#compare-fall .calc-result", compare_text("fall", {"height": "5"})]],
            ["check", ["document.getElementById('compare-fall-height').value === '5'", "the first page's value kept"]],
            ["check", ["document.getElementById('compare-fall').dataset.state === 'live'", "and its answer live"]],
            ["reload"],
            ["wait_text", ["#compare-fall .calc-result", compare_text("fall", {"height": "5"})]],
            ["reopen", ""],
            ["wait_text", ["#compare-fall .calc-result", compare_text("fall", {"height": "5"})]],
        ],
        "compare calculator": [
            ["goto", "compare/jumping-down/"],
            ["set", ["#compare-jump-down-height", "5"]],
            ["wait_text", ["#compare-jump-down .calc-result", compare_text("jump-down", {"height": "5"})]],
        ],
        # #23: what a player meets at the table, item by item (Material's search: not on Zensical).
        "a calculator is found from the ruleset's start page, and its rule from the calculator": [
            ["goto", "mordheim-1999/"],
            [
                "check",
                [
                    "[...document.querySelectorAll('.ruleset-shortcuts a')].some((a) => a.textContent === 'Fall')",
                    "the start page lists the fall calculator",
                ],
            ],
            ["tap", ".ruleset-shortcuts a[href$='#calc-fall']"],
            ["wait_for", "#calc-fall"],
            [
                "check",
                [
                    "location.hash === '#calc-fall' && /#falling$/.test(document.querySelector('#calc-fall .calc-rule').href)",
                    "the link lands on the calculator, whose title links its rule",
                ],
            ],
            ["goto", "calculators/"],
            [
                "check",
                [
                    "document.querySelectorAll('.calc-jump a').length >= 9 * 3",
                    "a jump list for each ruleset's calculators",
                ],
            ],
        ],
        "compare texts follow each other on a phone": [
            ["goto", "compare/charge/"],
            ["wait_for", ".compare-text"],
            [
                "check",
                [
                    "!document.querySelector('.tabbed-labels') && document.querySelectorAll('.compare-text').length === 4"
                    " && [...document.querySelectorAll('.compare-text')].every((t) => t.getBoundingClientRect().width > 300)",
                    "four texts, each the screen's width, no tabs",
                ],
            ],
            [
                "check",
                [
                    "getComputedStyle(document.querySelector('.compare-ruleset')).position === 'sticky'",
                    "the ruleset's name held under the header",
                ],
            ],
        ],
        "terms explain themselves on the quick reference and in a live answer": [
            ["goto", "mordheim-1999/quick/"],
            [
                "check",
                [
                    "parseFloat(getComputedStyle(document.querySelector('.quick-reference td')).fontSize) >= 14",
                    "quick reference text at least 14 px",
                ],
            ],
            ["tap", ".quick-reference abbr.term"],
            ["check", [TIP_SHOWS, "the tapped term's meaning"]],
            ["goto", "coreheim-v10/movement/#jumping-down"],
            ["set", ["#calc-jump-down-height", "5"]],
            ["wait_text", ["#calc-jump-down .calc-result", result_text("jump-down", "coreheim-v10", {"height": "5"})]],
            [
                "check",
                [
                    "[...document.querySelectorAll('#calc-jump-down .calc-procedure abbr.term')]"
                    ".some((a) => a.textContent === 'Initiative tests' && /D12/.test(a.title + (a.dataset.tip || '')))",
                    "the live answer's Initiative tests explained in Coreheim's words",
                ],
            ],
            # A second tap selects the value again, so typing replaces it (not 5 then 56).
            ["tap", "#calc-jump-down-height"],
            ["type", "4"],
            ["tap", "#calc-jump-down-height"],
            ["type", "6"],
            ["check", ["document.querySelector('#calc-jump-down-height').value === '6'", "the field holds 6"]],
            ["check", ["document.querySelector('.md-top') === null", "no back-to-top button over the page"]],
        ],
        "search keeps to the book and holds no noise": [
            ["goto", "coreheim-v10/movement/"],
            ["tap", ".site-search__open"],
            ["wait_for", "#site-search-box"],
            [
                "check",
                [
                    "document.activeElement === document.querySelector('#site-search-box')",
                    "the search field focused",
                ],
            ],
            ["type", "far run"],
            [
                "check",
                [
                    "/^Nothing in Coreheim v10 says that; \\d+\\+? found in other rulesets\\.$/.test("
                    "document.querySelector('.site-search__status').textContent)"
                    " && /mordheim-(1999|lrb)\\/movement\\/\\?sentence=\\d+#running$/.test("
                    "document.querySelector('.site-search__result').href)",
                    "#61: Coreheim has no running rule: said, and Mordheim's Running shown rather than 'Nothing found'",
                ],
            ],
        ],
        # #61: a list item is read after the sentence that leads into its list, in every engine.
        "a list item is shown after the sentence that leads into its list": [
            ["goto", "coreheim-v10/movement/"],
            ["tap", ".site-search__open"],
            ["wait_for", "#site-search-box"],
            ["type", "enemy walks up to my hidden warrior"],
            [
                "check",
                [
                    "(() => { const a = document.querySelector('.site-search__result'); const lead = a"
                    " && a.querySelector('.site-search__sentence > .site-search__lead');"
                    " return Boolean(lead) && lead.textContent === 'A hidden warrior is automatically spotted if:'"
                    " && /^A hidden warrior .* if: An enemy moves within/.test("
                    "a.querySelector('.site-search__sentence').textContent)"
                    " && /\\?sentence=5#hiding$/.test(a.href); })()",
                    "Coreheim's 'spotted if:' read before 'An enemy moves within...', which it opens at",
                ],
            ],
        ],
        # #61: a question in a player's words, from the home page: the rule in the text's words first.
        "a question in a player's words finds the rule in the text's": [
            ["goto", ""],
            ["tap", ".site-search__open"],
            ["wait_for", "#site-search-box"],
            ["type", "can my dog climb a ladder"],
            [
                "check",
                [
                    "(() => { const a = document.querySelector('.site-search__result');"
                    " return a && /mordheim-(1999|lrb)\\/movement\\/\\?sentence=\\d+#climbing$/.test(a.href)"
                    " && /except animals/.test(a.querySelector('.site-search__sentence').textContent)"
                    " && [...a.querySelectorAll('mark')].some((m) => /^animals$/i.test(m.textContent)); })()",
                    "Mordheim's Climbing first, 'except animals' shown, 'animals' marked for 'dog'",
                ],
            ],
        ],
        # #46: a player's question, from the home page: the rule that answers it first, its answering
        # sentence shown with the asked words marked, and a tap lands on that sentence, marked.
        "a question finds the sentence that answers it, marked where it opens": [
            ["goto", ""],
            ["tap", ".site-search__open"],
            ["wait_for", "#site-search-box"],
            ["type", "how far does a fleeing unit run"],
            [
                "check",
                [
                    "(() => { const a = document.querySelector('.site-search__result');"
                    " return a && /whfb-6\\/movement-phase\\/\\?sentence=\\d+#flee$/.test(a.href)"
                    " && /2D6\"/.test(a.querySelector('.site-search__sentence').textContent)"
                    " && [...a.querySelectorAll('mark')].some((m) => /^fleeing$/i.test(m.textContent)); })()",
                    "Warhammer's Flee first, its 2D6\" sentence shown, 'fleeing' marked for 'fleeing'",
                ],
            ],
            ["tap", ".site-search__result"],
            ["wait_for", "mark.search-answer"],
            [
                "check",
                [
                    "/2D6\"/.test([...document.querySelectorAll('mark.search-answer')].map((m) => m.textContent).join(''))"
                    " && !document.querySelector('.site-search__dialog').open",
                    'the page opened at the 2D6" sentence, marked, the search closed',
                ],
            ],
        ],
        # #38: a model entered once fills the calculators page to page; a house rule is named in the answer.
        "a model entered once fills every calculator, and a house rule is named where it changes the answer": [
            ["goto", "table/"],
            ["wait_for", "#players-table[data-ready]"],
            ["set", ["#table-name", "Aldric"]],
            *[["set", [f"#table-mordheim-1999-{key}", value]] for key, value in TABLE_MODEL.items()],
            ["tap", ".table-add button[type=submit]"],
            ["wait_for", ".table-models button[aria-label='Card of Aldric']"],
            ["goto", "mordheim-1999/movement/#falling"],
            ["wait_for", "#calc-fall-pick-model"],
            ["set", ["#calc-fall-pick-model", "Aldric"]],
            ["wait_text", ["#calc-fall .calc-result", result_text("fall", "mordheim-1999", MODEL_FALL)]],
            ["check", ["document.getElementById('calc-jump-down-initiative').value === '5'", "jump down filled too"]],
            ["tap", "article a.route-link"],  # the next page, put in place with Python kept
            ["wait_for", "#calc-route[data-ready]"],
            ["check", [ROUTE_FILLED, "the route planner filled from the model"]],
            ["back"],
            ["wait_for", "#calc-fall[data-ready]"],
            ["check", [FALL_FILLED, "the model's values on the page again"]],
            ["reload"],
            ["wait_for", "#calc-fall[data-ready]"],
            ["check", [FALL_FILLED, "and after a reload"]],
            # Its answer live before the page is left, as a player reads it: a page left while Python downloads
            # has the worker's requests cut, which Firefox reports as the service worker's error.
            ["wait_for", "#calc-fall[data-state='live']"],
            ["goto", "table/"],
            ["wait_for", "#players-table[data-ready]"],
            ["tap", ".table-house[data-ruleset='mordheim-1999'] > summary"],
            ["commit", ["#house-mordheim-1999-jump_down-max_height", "8"]],  # plays when switched (#47)
            ["wait_text", [f"{HOUSE_ROW} .table-said", f"In play: {HOUSE_RULE}"]],
            ["goto", "mordheim-1999/movement/?calc-jump-down.height=7#jumping-down"],
            ["wait_text", ["#calc-jump-down .calc-house", HOUSE_RULE]],
            # Marked in the text too, beside the words it changes (#63).
            [
                "wait_text",
                [
                    ".house-mark[data-rule='jump_down.max_height']",
                    'Your table: Highest jump down: 8". The rules: 6". Read as written Change it on Your table',
                ],
            ],
            [
                "check",
                [
                    "decodeURIComponent(location.search).includes('house=mordheim-1999~jump_down.max_height~8')",
                    "the link carries it",
                ],
            ],
            ["check", [CLEAR_TABLE, "the table cleared for the journeys after this one"]],
        ],
        # #62, item 1: a model stands for everything it is: one picked after an animal is no animal, and its
        # climb is planned, not refused as an animal's.
        "a model picked after an animal is no animal": [
            ["goto", "table/"],
            ["wait_for", "#players-table[data-ready]"],
            ["commit", ["#table-ruleset", "mordheim-lrb"]],
            *[
                step
                for name, animal in (("Warhound", "yes"), ("Youngblood", ""))
                for step in (
                    ["set", ["#table-name", name]],
                    ["set", ["#table-mordheim-lrb-move", "4"]],
                    ["commit", ["#table-mordheim-lrb-animal", animal]],
                    ["tap", ".table-add button[type=submit]"],
                    ["wait_for", f".table-models button[aria-label='Card of {name}']"],
                )
            ],
            ["goto", "mordheim-lrb/route/"],
            ["wait_for", "#calc-route-pick-model"],
            ["commit", ["#calc-route-pick-model", "Warhound"]],
            ["wait_text", ["#calc-route .calc-headline", "Not allowed by the rules"]],
            ["commit", ["#calc-route-pick-model", "Youngblood"]],
            ["check", ["document.getElementById('calc-route-animal').value === 'no'", "the Youngblood is no animal"]],
            [
                "wait_text",
                ["#calc-route .calc-result", route_text("mordheim-lrb", default_legs(RULESETS["mordheim-lrb"]))],
            ],
            ["check", [CLEAR_TABLE, "the table cleared for the journeys after this one"]],
        ],
        "a warband typed a line a model is read, shown, then kept": [  # #63
            ["goto", "table/"],
            ["wait_for", "#players-table[data-ready]"],
            ["commit", ["#table-ruleset", "mordheim-lrb"]],
            ["tap", ".table-roster summary"],
            ["set", ["#table-roster-lines", "Captain 4 4 3 1 8\nThug 2: 4 3 3 1"]],
            ["tap", ".table-roster-form button[type=submit]"],
            [
                "wait_text",
                [".table-roster-read li:last-child", "Thug 2: Movement 4 · Initiative 3 · Toughness 3 · Wounds 1"],
            ],
            ["tap", ".table-roster-read button[data-roster=keep]"],
            ["wait_for", ".table-models button[aria-label='Card of Thug 2']"],
            ["check", ["JSON.parse(localStorage.getItem('skirmish-table')).models.length === 2", "both kept"]],
            ["check", [CLEAR_TABLE, "the table cleared for the journeys after this one"]],
        ],
        "offline after one visit": [
            ["goto", ""],
            ["check", [f"(window.journeyHeld = {READ_TOP}, true)", "where the page's text stood"]],
            ["wait_offline_ready"],
            [
                "check",
                [f"Math.abs({READ_TOP} - window.journeyHeld) < 1", "the note came without moving the text (#64)"],
            ],
            ["check", ["(window.scrollTo({ top: 0, behavior: 'instant' }), true)", "scrolled up to read the note"]],
            ["check", [NOTE_IN_PAGE, "the offline note a line of the page, not over it nor in the header"]],
            ["stop_server"],
            ["goto", "mordheim-1999/movement/?calc-fall.height=5#falling"],
            ["wait_text", ["#calc-fall .calc-result", fall_text({"height": "5"})]],
            ["goto", "whfb-6/movement-phase/"],
            ["wait_for", ".ruleset-banner[data-ruleset='whfb-6']"],
            # #61: a question in a player's words, from the home page, with no signal.
            ["goto", ""],
            ["tap", ".site-search__open"],
            ["wait_for", "#site-search-box"],
            ["type", "can someone block my charge"],
            [
                "check",
                [
                    "(() => { const a = document.querySelector('.site-search__result');"
                    " return a && /\\/movement\\/\\?sentence=\\d+#charge$/.test(a.href)"
                    " && /intercept/.test(a.querySelector('.site-search__sentence').textContent); })()",
                    "offline, 'block' finds Mordheim's interception: a Charge! section with its intercepting sentence",
                ],
            ],
        ],
    }
    return every
