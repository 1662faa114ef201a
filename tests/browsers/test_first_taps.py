"""#40: a first visit's first taps are answered at once from answers the build worked out, before any byte
of the runtime arrives; a value further away waits for Python and says so; Python then takes over, and
what it answers for every stored form is what was stored."""

from __future__ import annotations

import re

import pytest

from rulescore.entry import answer
from rulescore.web.answer import result_html
from sitegen.bundle import nearby
from sitegen.finishing.offline import written_manifest
from tests.helpers import NORMALISE

pytestmark = pytest.mark.browser

RUNTIME = ("/assets/pyodide/", "/assets/py/", "/assets/snapshot/")


def state(phone, calc_id: str) -> tuple[str, str]:
    return phone.get_attribute(f"#{calc_id}", "data-state"), phone.inner_text(f"#{calc_id} .calc-status")


def shown_html(phone, calc_id: str) -> str:
    return phone.evaluate(NORMALISE, phone.inner_html(f"#{calc_id} .calc-result"))


def test_two_taps_are_answered_before_the_runtime_and_the_third_waits_for_it(phone, server):
    server.hold(lambda path: path.startswith(RUNTIME))
    earlier = len(server.sent)  # the session's server: what earlier tests were sent is not this visit's
    try:
        phone.goto(server.origin + "/mordheim-1999/movement/#falling")
        plus = phone.locator("#calc-fall [data-field=toughness] .calc-step[data-step='1']")
        for toughness in ("4", "5"):
            plus.tap()
            phone.wait_for_function(
                f"() => document.getElementById('calc-fall').dataset.state === 'page'"
                f" && document.getElementById('calc-fall-toughness').value === '{toughness}'",
                timeout=10_000,
            )
            _, said = state(phone, "calc-fall")
            assert said.startswith("Answered from the page"), said
            values = {"height": "4", "toughness": toughness, "wounds": "1"}
            expected = phone.evaluate(NORMALISE, result_html(answer("fall", "mordheim-1999", values), "../../"))
            assert shown_html(phone, "calc-fall") == expected
            assert f"calc-fall.toughness={toughness}" in phone.url  # the address follows, as with Python's answers
        assert not [path for path, _ in server.sent[earlier:] if path.startswith(RUNTIME)], "a runtime byte arrived"
        # A third tap is not stored: the answer shown says it is for Toughness 5, and the line says Python loads.
        plus.tap()
        phone.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'stale'", timeout=10_000)
        _, said = state(phone, "calc-fall")
        # How far the runtime has come and what comes after, in the line and at the foot (#62, item 5).
        assert re.fullmatch(r"Loading the calculator( \(\d+%\))?, then the new answer…", said), said
        assert phone.text_content("#calc-fall .calc-glance") == said
        assert "Toughness 5" in phone.inner_text("#calc-fall .calc-for")
    finally:
        server.release()
    phone.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
    values = {"height": "4", "toughness": "6", "wounds": "1"}
    assert shown_html(phone, "calc-fall") == phone.evaluate(
        NORMALISE, result_html(answer("fall", "mordheim-1999", values), "../../")
    )
    assert phone.console_errors == []


# Every stored answer asked of Python in the browser, straight from the worker: (file, values) in, HTML out.
ASK_ALL = """async ([folder, files, root]) => {
  const worker = window.calculatorsStart();
  const differ = [];
  let id = 1e9;
  let count = 0;
  for (const file of files) {
    const stored = await (await fetch(new URL(file + ".json", new URL(folder, document.baseURI)))).json();
    for (const [key, [html, said]] of Object.entries(stored.answers)) {
      // A list (a route's legs) is kept in the key as JSON.
      const values = Object.fromEntries(key.split("&").map((pair) => pair.split("=")).map(([name, value]) => [name, value.startsWith("[") ? JSON.parse(value) : value]));
      const compare = file.startsWith("compare-");
      const calculator = compare ? file.slice("compare-".length) : file.slice(file.indexOf("-", file.indexOf("-") + 1) + 1);
      const ruleset = compare ? "" : file.slice(0, file.length - calculator.length - 1);
      const asked = ++id;
      const reply = await new Promise((resolve) => {
        const hear = (event) => {
          if (event.data.type === "result" && event.data.id === asked) {
            worker.removeEventListener("message", hear);
            resolve(JSON.parse(event.data.json));
          }
        };
        worker.addEventListener("message", hear);
        worker.postMessage({ type: compare ? "compare" : "calculate", id: asked, calculator, ruleset, values: JSON.stringify(values), root });
      });
      count += 1;
      if (!reply.ok || reply.html !== html || reply.for !== said) differ.push([file, key]);
    }
  }
  return [count, differ];
}"""


def test_every_stored_answer_is_what_python_answers_in_the_browser(phone, server):
    """The same Python in Pyodide, over every stored answer of every calculator: identical HTML."""
    phone.goto(server.origin + "/coreheim-v10/movement/#falling")
    phone.fill("#calc-fall-height", "6")  # starts Python
    phone.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
    folder = phone.eval_on_selector("script[data-answers]", "s => s.dataset.answers")
    files = [name for name, _, _ in nearby.calculators()]
    count, differ = phone.evaluate(ASK_ALL, [folder, files, nearby.ROOT])
    assert differ == []
    every = list(nearby.calculators())
    forms = nearby.forms_near({name: fields for name, fields, _ in every})
    assert count == sum(len(nearby.answers(forms[name], ask)) for name, _, ask in every)
    assert phone.console_errors == []


def test_stored_answers_cost_a_page_nothing_until_a_calculator_is_near(phone, server, built_site):
    """A rules page left at its top asks for no stored answers; a calculator scrolled to asks for its own
    file; the offline copy never holds them (a phone with the site offline has Python)."""
    # A first visit: the runtime held, so the page cannot become "Ready offline" (then none are asked for).
    server.hold(lambda path: path.startswith(RUNTIME))
    try:
        phone.goto(server.origin + "/mordheim-1999/movement/")
        phone.wait_for_timeout(1500)
        assert [url for url in phone.requests if "/assets/answers/" in url] == []
        phone.locator("#calc-fall").scroll_into_view_if_needed()
        for _ in range(300):  # up to 30 s on a loaded machine
            if any(url.endswith("/mordheim-1999-fall.json") for url in phone.requests):
                break
            phone.wait_for_timeout(100)
    finally:
        server.release()
    asked = [url.rsplit("/", 1)[1] for url in phone.requests if "/assets/answers/" in url]
    assert "mordheim-1999-fall.json" in asked and all(name.startswith("mordheim-1999-") for name in asked), asked
    manifest = written_manifest((built_site / "sw.js").read_text(encoding="utf-8"))
    kept = [*manifest["pages"], *manifest["runtime"], *manifest["snapshot"]]
    assert kept and not [path for path in kept if path.startswith(manifest["answers"])]


def asked_with_the_page(phone, address: str, calc_id: str, file: str) -> None:
    """Opened at `address`, the stored answers' `file` was asked for before the page had been read."""
    phone.goto(address)
    phone.wait_for_function(f"() => document.getElementById('{calc_id}').dataset.ready")
    asked, read = phone.evaluate(
        """(file) => [performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/${file}.json`))
                    ?.startTime, performance.getEntriesByType('navigation')[0].domContentLoadedEventStart]""",
        file,
    )
    assert asked is not None and asked < read, (asked, read)


def near(html: str) -> list[str]:
    """The "anchor:file" pairs the build wrote into the page's start script, as the generator told it."""
    found = re.search(r'<script data-near="([^"]*)"', html)
    assert found, "no data-near on a page with calculators"
    return found.group(1).split()


def test_a_page_opened_at_a_calculator_asks_for_its_answers_with_the_page(phone, server, built_site):
    """Opened at a calculator's rule, its stored answers are asked for from the page's head, before the page
    has been read (on a 1.6 Mbit/s link with 150 ms round trips, a quick first tap in WebKitGTK waited 0.19 s
    for the file asked for once the page was read)."""
    asked_with_the_page(phone, server.origin + "/mordheim-1999/movement/#falling", "calc-fall", "mordheim-1999-fall")
    # Where each calculator is opened, as the build wrote it into the page: its id, and its rule on this page.
    page = (built_site / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
    pairs = near(page)
    assert {"falling:mordheim-1999-fall", "calc-fall:mordheim-1999-fall"} <= set(pairs)
    calculators = (built_site / "calculators" / "index.html").read_text(encoding="utf-8")
    # No rule there: each calculator by its id, and the page's first (it opens with it) at its top too.
    opened = near(calculators)
    assert all(pair.startswith("calc-") for pair in opened[1:]) and opened[0].startswith(":")


def test_the_route_planner_opened_at_its_top_asks_for_its_answers_with_the_page(phone, server, built_site):
    """#51: a page that opens with its calculator (the route planner) is opened at it: its stored answers are
    asked for from the page's head, so a first tap on a slow link does not wait for them (WebKitGTK at
    1.6 Mbit/s, 150 ms: 243 ms while the file was asked for once the calculator was seen)."""
    asked_with_the_page(phone, server.origin + "/mordheim-1999/route/", "calc-route", "mordheim-1999-route")
    page = (built_site / "mordheim-1999" / "route" / "index.html").read_text(encoding="utf-8")
    assert near(page)[0] == ":mordheim-1999-route"
    # A rules page opened at its top asks for none: its calculators are screens away.
    rules = (built_site / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
    assert not near(rules)[0].startswith(":")


def test_a_login_page_in_place_of_the_stored_answers_is_never_shown(phone, server):
    """A network that answers the stored answers' file with its own page (a login, with a 200): nothing of
    it is shown; the tap waits for Python, says so, and Python answers it."""
    server.httpd.portal = lambda path: path.endswith("/mordheim-1999-fall.json")
    server.hold(lambda path: path.startswith(RUNTIME))
    try:
        phone.goto(server.origin + "/mordheim-1999/movement/#falling")
        phone.locator("#calc-fall [data-field=toughness] .calc-step[data-step='1']").tap()
        phone.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'stale'", timeout=10_000)
        phone.wait_for_timeout(500)  # time for a file that had come to be (wrongly) used
        assert state(phone, "calc-fall")[0] == "stale"
        assert "Log in" not in phone.inner_text("#calc-fall")
    finally:
        server.httpd.portal = None
        server.release()
    phone.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
    values = {"height": "4", "toughness": "4", "wounds": "1"}
    assert shown_html(phone, "calc-fall") == phone.evaluate(
        NORMALISE, result_html(answer("fall", "mordheim-1999", values), "../../")
    )
