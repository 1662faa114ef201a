"""Search in Chromium at 360 px, as a player uses it: a question finds the rule that answers it, in the
game being played, with the answering sentence shown and marked where it opens, on both engines' builds.

Longer than 300 lines: why: every search test a player's tap makes, on both engines' builds through the one
fixture and question helper here."""

from __future__ import annotations

import json
import re

import pytest

from tests.browsers.search_box import ask, open_search, results
from tests.server import StaticServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def server(request, built_site, zensical_site):
    """Every search test on both engines' builds: search must not depend on which one made the pages."""
    running = StaticServer(built_site if request.param == "mkdocs" else zensical_site)
    yield running
    running.stop()


def search(phone, server, words: str, path: str = "/") -> list[str]:
    phone.goto(server.origin + path)
    open_search(phone)
    return ask(phone, words)


def test_search_finds_jumping_down_in_every_ruleset_that_has_it(phone, server):
    links = search(phone, server, "jumping down")
    for ruleset_id in ("mordheim-1999", "mordheim-lrb", "coreheim-v10"):
        assert any(f"/{ruleset_id}/movement/" in link and link.endswith("#jumping-down") for link in links), links
    # The rules sections come before any glossary entry.
    first_glossary = next(i for i, link in enumerate(links) if "/glossary/" in link)
    first_section = next(i for i, link in enumerate(links) if link.endswith("#jumping-down"))
    assert first_section < first_glossary


def test_search_finds_terms(phone, server):
    found = search(phone, server, "interception")
    assert re.search(r"/mordheim-lrb/movement/\?sentence=\d+#charge$", found[0]), found[:3]
    assert any("/mordheim-1999/glossary/" in link and link.endswith("#interception") for link in found), found
    assert any(link.endswith("/compare/interception/") for link in found), found
    assert any(link.endswith("#stand-shoot") for link in search(phone, server, "stand shoot"))
    assert any("/trench-crusade/glossary/" in link and link.endswith("#dash") for link in search(phone, server, "dash"))


# (question, where the first result must be): #12's rule questions, and #46's in a player's own words.
# A rules section answers first; a term's definition leads where the question is just that term.
RULE_QUESTIONS = [
    ("jump down", r"/movement/\?sentence=\d+#jumping-down$"),
    ("fall damage", r"/mordheim-(1999|lrb)/movement/\?sentence=0#falling$"),
    ("climbing", r"/movement/\?sentence=\d+#climbing$"),
    ("coreheim climb", r"/coreheim-v10/movement/\?sentence=\d+#climbing$"),
    ("charge range", r"/movement/\?sentence=\d+#charge$"),
    ("initiative test", r"/glossary/\?sentence=\d+#initiative-test$"),
    ("stand and shoot", r"/whfb-6/movement-phase/\?sentence=\d+#stand-shoot$"),
    ("hide", r"/movement/\?sentence=\d+#hiding$"),
    ("flee", r"/whfb-6/movement-phase/\?sentence=\d+#flee$"),
    ("difficult terrain", r"/movement/\?sentence=\d+#difficult-ground$"),
    ("how far can I charge", r"/mordheim-(1999|lrb)/movement/\?sentence=\d+#charge$"),
    ("hide after running", r"/mordheim-(1999|lrb)/movement/\?sentence=\d+#hiding$"),
    ("what happens if I fail a climb", r"/movement/\?sentence=\d+#climbing$"),
    ("jump from a roof to charge", r"/mordheim-(1999|lrb)/movement/\?sentence=\d+#diving-charge$"),
    ("charge bonus", r"/trench-crusade/movement/\?sentence=\d+#taking-a-charge$"),
    ("how far does a fleeing unit run", r"/whfb-6/movement-phase/\?sentence=\d+#flee$"),
]
# The sentence that answers, shown in the first result.
ANSWERING = {
    "how far can I charge": "A charge is like a running move, performed at double the Movement rate",
    "fall damage": "A model that falls takes D3 hits",
    "hide after running": "A model that runs, flees, is stunned or charges cannot hide that turn.",
    "what happens if I fail a climb": "If he fails",
    "charge bonus": "Charge Bonus: After you have selected the target, roll a D6",
    "how far does a fleeing unit run": 'by 2D6" if its Movement characteristic is 6" or less',
}


def test_rule_questions_find_the_rule_first_with_the_sentence_that_answers(phone, server):
    for words, wanted in RULE_QUESTIONS:
        links = search(phone, server, words)
        assert re.search(wanted, links[0]), (words, links[:4])
        first = results(phone)[0]
        if words in ANSWERING:
            assert ANSWERING[words] in first["sentence"], (words, first)
        assert first["marked"], (words, first)


def test_word_forms_match_and_are_marked(phone, server):
    """runs / running / ran, falls / fell, climbs / climbing, jumps / jumping: each finds the rule written
    with the other form, and the form the rule uses is what is marked."""
    for words, section, marked in (
        ("ran", "#running", "run"),
        ("fell", "#falling", "falls"),
        ("climbs", "#climbing", "climb"),
        ("jumps down", "#jumping-down", "jump"),
        ("hiding after a model runs", "#hiding", "runs"),
    ):
        links = search(phone, server, words, "/mordheim-1999/movement/")
        assert links[0].endswith(section), (words, links[:3])
        assert any(word.lower().startswith(marked) for word in results(phone)[0]["marked"]), (words, results(phone)[0])


def test_search_keeps_to_the_book_being_read_and_says_what_the_site_holds(phone, server):
    search(phone, server, "climbing", path="/mordheim-1999/movement/")
    scoped = [r["href"] for r in results(phone)]
    # The ruleset's own sections, and what is written for every ruleset (compare pages, our readings).
    assert scoped and all("/mordheim-1999/" in link or "/mordheim-" not in link for link in scoped), scoped
    assert not any(re.search(r"/(coreheim-v10|mordheim-lrb|whfb-6|trench-crusade)/", link) for link in scoped)
    button = phone.locator(".site-search__scope button")
    assert button.inner_text() == "Only Mordheim 1999: show every ruleset"
    assert button.bounding_box()["height"] >= 44
    button.tap()
    widened = [r["href"] for r in results(phone)]
    assert any("/coreheim-v10/" in link for link in widened) and any("/mordheim-lrb/" in link for link in widened)
    # From the home page on a first visit nothing is scoped; a word no text here holds says what the site holds.
    phone.context.clear_cookies()
    phone.evaluate("localStorage.clear()")
    search(phone, server, "psyker")
    held = phone.locator(".site-search__held")
    held.wait_for(state="visible")
    assert held.inner_text().startswith("Not found. This site holds the movement rules only:")
    assert "Warhammer Fantasy Battle 6th: Warhammer rulebook, 6th edition (Games Workshop, 2000), Movement phase" in (
        held.inner_text()
    )
    assert held.inner_text().count("\n") >= 5  # every ruleset named
    assert not phone.is_visible(".site-search__scope")


def test_from_the_home_page_the_game_last_read_or_the_tables_comes_first(phone, server):
    """#46 item 3, #61: from the home page every ruleset is asked, the ruleset last read first; with none read,
    the one the table's models are of. Another game's answers are never hidden there."""
    phone.goto(server.origin + "/whfb-6/movement-phase/")
    links = search(phone, server, "charge")
    assert "/whfb-6/" in links[0] and any(re.search(r"/(mordheim-1999|trench-crusade)/", link) for link in links), links
    assert not phone.is_visible(".site-search__scope")
    # A new visit with nothing read, and a table of Trench Crusade models: Trench Crusade first.
    phone.evaluate("localStorage.clear()")
    table = {
        "format": "skirmish-rules-table",
        "version": 1,
        "models": [
            {"name": name, "ruleset": "trench-crusade", "side": "mine", "profile": {"movement": "6"}}
            for name in ("Trench Pilgrim", "Yeoman")
        ],
        "house_rules": [],
    }
    phone.evaluate("table => localStorage.setItem('skirmish-table', JSON.stringify(table))", table)
    links = search(phone, server, "charge")
    assert re.search(r"/trench-crusade/movement/\?sentence=\d+#", links[0]), links[:3]
    assert any("/mordheim-" in link for link in links), links
    # What storage holds is outside our code: a ruleset this site does not have is not a scope.
    phone.evaluate(
        "localStorage.setItem('skirmish-last-ruleset', '<img src=x>'); localStorage.removeItem('skirmish-table')"
    )
    search(phone, server, "charge")
    assert not phone.is_visible(".site-search__scope")


def test_a_tap_opens_the_section_at_the_answering_sentence_marked(phone, server):
    """Another page: it opens at the section, the sentence marked and on screen. The same page: marked
    in place, without a reload."""
    search(phone, server, "hide after running")
    shown = results(phone)[0]
    phone.locator(".site-search__result").first.tap()
    phone.wait_for_function("() => document.querySelector('mark.search-answer') !== null")
    marked = phone.eval_on_selector_all("mark.search-answer", "marks => marks.map(m => m.textContent).join('')")
    assert marked == shown["sentence"]
    box = phone.locator("mark.search-answer").first.bounding_box()
    assert 0 <= box["y"] <= 740 - box["height"], box
    phone.evaluate("window.stayed = true")
    open_search(phone)
    phone.locator("#site-search-box").fill("")
    ask(phone, "climb ladder")
    phone.locator(".site-search__result[href*='#climbing']").first.tap()
    phone.wait_for_function(
        "() => /ladders/.test([...document.querySelectorAll('mark.search-answer')].map(m => m.textContent).join(''))"
    )
    assert phone.evaluate("window.stayed") is True  # no reload
    assert phone.locator("mark.search-answer").count() >= 1
    # In the Climbing section (the address bar follows the reader's place as the page scrolls: not checked).
    assert (
        phone.evaluate(
            "(() => { let at = document.querySelector('mark.search-answer').closest('p');"
            " while (at && !/^H[1-6]$/.test(at.tagName)) at = at.previousElementSibling; return at && at.id; })()"
        )
        == "climbing"
    )


def test_small_words_and_numbers_mark_nothing(phone, server):
    """#39 item 3, kept: "can I run if an enemy is 6 inches away" on Mordheim's pages: Running's 8" sentence;
    the question's small words neither mark nor count; the 6 is a distance, and 8" is one."""
    search(phone, server, "can I run if an enemy is 6 inches away", "/mordheim-1999/movement/")
    first = results(phone)[0]
    assert first["href"].endswith("#running"), first
    assert first["sentence"].startswith('A model can only run if there are no enemy models within 8"'), first
    assert first["marked"] and all(re.match(r"(run|enem|\d+\")", word.lower()) for word in first["marked"]), first


def test_several_rule_sections_fit_on_a_phone_screen_of_results(phone, server):
    for words in ("jump down", "climbing", "falling"):
        search(phone, server, words)
        on_screen = phone.eval_on_selector_all(
            ".site-search__result",
            "links => links.filter(l => l.getBoundingClientRect().bottom <= innerHeight).length",
        )
        assert on_screen >= 3, (words, on_screen)


def test_the_keyboard_opens_and_closes_search(phone, server):
    """/ opens it from anywhere but a field; Escape closes it and gives focus back to the search button."""
    phone.goto(server.origin + "/mordheim-1999/movement/")
    phone.locator(".site-search__open").wait_for()
    phone.keyboard.press("/")
    phone.wait_for_function("() => document.activeElement === document.querySelector('#site-search-box')")
    phone.keyboard.type("falling")
    phone.wait_for_function("() => /found/.test(document.querySelector('.site-search__status').textContent)")
    assert phone.get_attribute("#site-search-box", "aria-describedby") == "site-search-status"
    phone.keyboard.press("Escape")
    phone.wait_for_function("() => !document.querySelector('.site-search__dialog').open")
    assert phone.evaluate("document.activeElement.matches('.site-search__open')")


def test_a_damaged_index_is_refused_and_said(phone, server):
    """The index is a file from the host: one that is not what the build writes is not read at all."""
    damaged = {
        "shape": 1,
        "rulesets": [],
        "entries": [
            {"kind": "rule", "ruleset": "", "title": "x", "place": "", "url": "javascript:alert(1)", "sentences": ["x"]}
        ],
    }
    phone.route(
        "**/assets/search.json", lambda route: route.fulfill(body=json.dumps(damaged), content_type="application/json")
    )
    phone.goto(server.origin + "/")
    open_search(phone)
    phone.locator("#site-search-box").press_sequentially("x", delay=20)
    phone.wait_for_function("() => /cannot start/.test(document.querySelector('.site-search__status').textContent)")
    assert phone.locator(".site-search__result").count() == 0


def test_a_ruleset_named_in_the_question_is_searched_from_any_page(phone, server):
    """ "coreheim climb" on a Mordheim page: Coreheim's Climbing, and the status line says where it looked."""
    search(phone, server, "coreheim climb", "/mordheim-1999/movement/")
    first = results(phone)[0]
    assert re.search(r"/coreheim-v10/movement/\?sentence=\d+#climbing$", first["href"]), first
    assert first["where"].startswith("Coreheim v10")
    assert phone.inner_text(".site-search__status").endswith("found in Coreheim v10.")
    assert not phone.is_visible(".site-search__scope")


def test_a_partial_answer_says_what_it_does_not_say(phone, server):
    """#61 item 3: no section holds every word asked: the nearest are shown, each saying what it lacks."""
    search(phone, server, "climbing psyker", "/mordheim-1999/movement/")
    first = phone.locator(".site-search__result").first
    assert first.locator(".site-search__lacks").inner_text() == "Does not say: psyker"
    assert re.search(r"/mordheim-1999/movement/\?sentence=\d+#climbing$", first.get_attribute("href"))
    assert phone.inner_text(".site-search__status").startswith("No section says all of it in Mordheim 1999;")


def test_what_a_partial_answer_lacks_is_said_as_text(phone, server):
    """Nothing a player types reaches the page as markup: the words a partial answer lacks are text."""
    search(phone, server, "climbing <img src=x onerror=window.hit=1>psyker", "/mordheim-1999/movement/")
    lacks = phone.locator(".site-search__lacks").first.inner_text()
    assert lacks.startswith("Does not say:") and "psyker" in lacks, lacks
    assert phone.locator(".site-search__results img").count() == 0
    assert phone.evaluate("window.hit") is None


def test_sentences_across_a_page_are_marked_as_the_index_holds_them(phone, server):
    """Forty sentences of a rules page, spread over its sections, each opened at its own address: the marks
    hold exactly that sentence (across links, terms and line breaks), marked in one pass (#64, item 3)."""
    phone.goto(server.origin + "/")
    index = phone.evaluate("async () => (await fetch('assets/search.json')).json()")
    wanted = [
        (entry["url"], number, sentence)
        for entry in index["entries"]
        if entry["url"].startswith("mordheim-1999/movement/#")
        for number, sentence in enumerate(entry["sentences"])
    ]
    assert len(wanted) > 40
    for url, number, sentence in wanted[:: len(wanted) // 40][:40]:
        page, anchor = url.split("#")
        phone.goto(f"{server.origin}/{page}?sentence={number}#{anchor}")
        phone.wait_for_function("() => document.querySelector('mark.search-answer') !== null")
        marked = phone.eval_on_selector_all("mark.search-answer", "marks => marks.map(m => m.textContent).join('')")
        assert " ".join(marked.split()) == " ".join(sentence.split()), (url, number)


def test_a_list_item_is_shown_after_the_sentence_that_leads_into_its_list(phone, server):
    """#61: a list item is read after the sentence leading into its list, marked in both, opening at the item."""
    search(phone, server, "enemy walks up to my hidden warrior", "/coreheim-v10/movement/")
    first, lead = results(phone)[0], "A hidden warrior is automatically spotted if:"
    assert phone.locator(".site-search__lead").first.inner_text() == lead
    assert first["sentence"] == f"{lead} An enemy moves within its Initiative value in inches of him.", first
    assert first["marked"] == ["hidden", "warrior", "enemy", "moves"], first
    assert re.search(r"/coreheim-v10/movement/\?sentence=5#hiding$", first["href"]), first
