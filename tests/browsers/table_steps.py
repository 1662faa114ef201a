"""What the Your table tests share (#38): the model they enter, how they enter it, and what they read of a
calculator, as a player's steps in Chromium at 360 px."""

from __future__ import annotations

from tests.helpers import ROOT

SHOTS = ROOT / "build" / "screenshots"
RULES = "/mordheim-1999/movement/"
ALDRIC = {"move": "5", "initiative": "5", "toughness": "4", "wounds": "2"}


def live(page, calc: str) -> None:
    page.wait_for_function(
        f"() => {{ const c = document.getElementById('{calc}'); return c && c.dataset.state === 'live' && !c.dataset.asking; }}",
        timeout=90_000,
    )


def add_model(page, name: str, ruleset: str, side: str, profile: dict[str, str]) -> None:
    page.fill("#table-name", name)
    page.select_option("#table-ruleset", ruleset)
    page.select_option("#table-side", side)
    for key, value in profile.items():
        page.fill(f"#table-{ruleset}-{key}", value)
    page.locator(".table-add button[type=submit]").click()
    page.locator(".table-models li", has_text=name).wait_for(timeout=90_000)


def row(page, rule: str, ruleset: str = "mordheim-1999"):
    """A house rule's row on Your table: its switch, and what is said of it."""
    return page.locator(f".table-house[data-ruleset='{ruleset}'] [data-row='{rule}']")


def unfold(page, rule: str, ruleset: str = "mordheim-1999") -> None:
    """The kind of rule a house rule belongs to, tapped open as a player does (each is folded: #63)."""
    inside = page.locator(f"[data-row='{rule}']")  # `has` is looked for inside each group
    group = page.locator(f".table-house[data-ruleset='{ruleset}'] .table-house-group", has=inside)
    if group.get_attribute("open") is None:
        group.locator("> summary").click()


def play(page, rule: str, value: str, ruleset: str = "mordheim-1999") -> None:
    """A house rule's box typed in and left, as a player plays it (there is no button to press)."""
    unfold(page, rule, ruleset)
    box = row(page, rule, ruleset).locator("input[type=text]")
    box.fill(value)
    box.press("Enter")


def shot(page, name: str) -> None:
    """The page as it stands, in both colour schemes: the theme's palette is switched with its own toggle (it
    chose one when the page loaded, and a media change alone does not move it), and back."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme, palette in (("light", "default"), ("dark", "slate"), ("back", "default")):
        if page.evaluate("document.body.dataset.mdColorScheme") != palette:
            page.evaluate(f"document.getElementById('__palette_{int(palette == 'slate')}').click()")
            page.wait_for_function(f"document.body.dataset.mdColorScheme === '{palette}'")
        if scheme != "back":
            page.screenshot(path=str(SHOTS / f"{name}-{scheme}-360.png"), full_page=False)


def filled(page, calc: str) -> dict[str, str]:
    return page.eval_on_selector_all(
        f"#{calc} [data-characteristic]", "fields => Object.fromEntries(fields.map(f => [f.name, f.value]))"
    )
