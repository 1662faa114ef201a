"""The site's search box as a player uses it, for the tests that search: open it, type, read the results."""

from __future__ import annotations


def open_search(page) -> None:
    """Taps the search button (our own, the same on both engines' pages) and waits for the box."""
    page.locator(".site-search__open").click()
    page.locator("#site-search-box").wait_for()


def ask(page, words: str) -> list[str]:
    """Types `words` into the open search box as a player does; the results' addresses, best first, once
    the status line says they are in (a count, or nothing found)."""
    page.locator("#site-search-box").press_sequentially(words, delay=20)
    page.wait_for_function(
        "words => document.querySelector('#site-search-box').value === words"
        " && /found/.test(document.querySelector('.site-search__status').textContent)",
        arg=words,
    )
    return page.eval_on_selector_all(".site-search__result", "links => links.map(a => a.getAttribute('href'))")


def results(page) -> list[dict]:
    """Each result shown: its address, where it is (ruleset and place), its title, its sentence, the words marked."""
    return page.eval_on_selector_all(
        ".site-search__result",
        """links => links.map(a => ({
            href: a.getAttribute('href'),
            where: a.querySelector('.site-search__where').textContent,
            title: a.querySelector('.site-search__title').textContent,
            sentence: a.querySelector('.site-search__sentence').textContent,
            marked: [...a.querySelectorAll('mark')].map(m => m.textContent),
        }))""",
    )
