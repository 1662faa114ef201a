"""A contributed rules folder is untrusted: markup in a title, a link that runs script, an image from
elsewhere, a byte that is not UTF-8 are refused with `file:line: reason`, and a glossary definition can
never close the script element that carries the terms."""

from __future__ import annotations

import html
import re

import pytest

from rulescore.reading.folder import RulesFileError, read_folder
from rulescore.web.terms import Marker, Term
from sitegen.pages.sources import load_ruleset
from tests.helpers import copy_project


@pytest.fixture
def rules(tmp_path):
    return copy_project(tmp_path) / "rules"


def refused(rules) -> str:
    with pytest.raises(RulesFileError) as caught:
        read_folder(rules)
    return str(caught.value)


@pytest.mark.parametrize(
    ("name", "good", "bad"),
    [
        (
            "topics.toml",
            'title = "Falling"',
            'title = "Falling<meta http-equiv=\\"refresh\\" content=\\"0;url=//x\\">"',
        ),
        ("mordheim-1999/ruleset.toml", 'chapter = "Movement"', 'chapter = "Movement <img src=x>"'),
        ("mordheim-1999/glossary.toml", None, None),
    ],
)
def test_markup_in_a_toml_value_is_refused_at_its_line(rules, name, good, bad):
    path = rules / name
    text = path.read_text(encoding="utf-8")
    if good is None:  # a glossary definition opening a comment would swallow the page
        good = next(line for line in text.splitlines() if line.startswith("definition"))
        bad = good[:-1] + ' <!--<script>"'
    assert good in text
    path.write_text(text.replace(good, bad, 1), encoding="utf-8")
    line = text.splitlines().index(next(line for line in text.splitlines() if line == good or good in line)) + 1
    said = refused(rules)
    assert said.startswith(f"{path}:{line}: '<' in a value"), said


def test_a_byte_that_is_not_utf8_names_its_line(rules):
    path = rules / "mordheim-1999" / "numbers.toml"
    data = path.read_bytes().splitlines(keepends=True)
    data[4] = b"# caf\xe9\n"
    path.write_bytes(b"".join(data))
    assert refused(rules) == f"{path}:5: not UTF-8 text (byte 0xe9)"


# Lines added after "# Climbing"; the refusal names the line counted from the first added (1).
@pytest.mark.parametrize(
    ("added", "line", "reason"),
    [
        (["- See [the rules](javascript:alert(document.cookie))."], 1, "a link to 'javascript:alert(document.cookie"),
        (["- ![a picture](https://example.org/track.png)"], 1, "an image (https://example.org/track.png)"),
        (["- <script>alert(1)</script>"], 1, "raw HTML in a Markdown text"),
        (["- [x](data:text/html,<b>1</b>)"], 1, "raw HTML"),  # the tag is found first on the line
        # #48: reference links and images, and attribute lists.
        (["See [the rules][e].", "", "[e]: javascript:alert(1)"], 3, "a link to 'javascript:alert(1)'"),
        (["See [the rules][e].", "", '  [e]:  data:text/html,x "t"'], 3, "a link to 'data:text/html,x'"),
        (["![a picture][i]", "", "[i]: https://evil.example/p.png"], 1, "an image (i)"),
        (['- [ok](https://example.org){: href="javascript:alert(2)" }'], 1, "an attribute list ({: href="),
        (["A paragraph.", '{: onmouseover="alert(3)" }'], 2, "an attribute list ({: onmouseover="),
        (["# Jumping {#x onclick=alert(1)}"], 1, "an attribute list ({#x onclick"),
    ],
)
def test_a_markdown_text_may_not_carry_script_links_images_html_or_attributes(rules, added, line, reason):
    ruleset = load_ruleset(rules / "coreheim-v10")
    lines = ruleset.source_path.read_text(encoding="utf-8").splitlines()
    at = lines.index("# Climbing") + 1
    ruleset.source_path.write_text("\n".join(lines[:at] + added + lines[at:]) + "\n", encoding="utf-8")
    with pytest.raises(RulesFileError) as caught:
        ruleset.text()
    assert str(caught.value).startswith(f"{ruleset.source_path}:{at + line}: {reason}"), str(caught.value)


def test_the_held_markdown_text_passes_and_keeps_its_plain_links(rules):
    ruleset = load_ruleset(rules / "coreheim-v10")
    text = ruleset.source_path.read_text(encoding="utf-8")
    ruleset.source_path.write_text(
        text + "\nSee [Moving](#moving) and [the site](https://example.org/), a set \\{of\\} things, [the book][b].\n"
        "\n[b]: https://example.org/book\n",
        encoding="utf-8",
    )
    assert ruleset.text().endswith("[b]: https://example.org/book\n")


def test_a_term_explained_in_an_answer_cannot_break_out_of_it():
    hostile = Term("fall", '</abbr><script>alert(1)</script>" onclick="x" & more', ("fall",))
    said = Marker([hostile])("A fall of 4 inches; another fall.")
    assert "<script>" not in said and '" onclick' not in said
    abbr = re.fullmatch(
        r'A <abbr class="term" title="([^"]*)" tabindex="0">fall</abbr> of 4 inches; another fall\.', said
    )
    assert abbr and html.unescape(abbr.group(1)) == hostile.definition  # the same words, read back; the first use only


@pytest.mark.parametrize(
    ("name", "old", "new", "said"),
    [
        ("mordheim-1999/ruleset.toml", "order = 1", 'order = "first"', ":9: order must be a whole number"),
        (
            "mordheim-1999/numbers.toml",
            "test_every = { value = 2,",
            "test_every = { value = 0,",
            ":40: [jump_down] test_every must be more than 0",
        ),
        (
            "mordheim-1999/numbers.toml",
            "max_height = { value = 6,",
            "max_height = { value = 99999999999999999999,",
            ":39: [jump_down] max_height must be a number of inches (0 to 100)",
        ),
        (  # #63: what a value says is the text's own words, quoted
            "mordheim-1999/numbers.toml",
            "says = 'up to a maximum height of 6\"'",
            "says = ''",
            ":39: [jump_down] max_height: says must be the text's own words, in quotes",
        ),
        ("mordheim-1999/ruleset.toml", 'title = "Mordheim 1999"\n', "", ":1: missing required field 'title'"),
    ],
)
def test_a_broken_value_names_its_file_and_line(rules, name, old, new, said):
    from rulescore.rulebooks import load_folder

    path = rules / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesFileError) as caught:
        load_folder(rules)
    assert str(caught.value).startswith(f"{path}{said}"), str(caught.value)


def test_a_term_defined_twice_names_the_second(rules):
    from rulescore.web.terms import load_glossary

    path = rules / "mordheim-1999" / "glossary.toml"
    text = path.read_text(encoding="utf-8")
    first = text.index("[[term]]")
    second = text.index("[[term]]", first + 1)
    path.write_text(text + "\n" + text[first:second], encoding="utf-8")
    ruleset = load_ruleset(rules / "mordheim-1999")
    with pytest.raises(RulesFileError, match="is defined twice"):
        load_glossary(ruleset.id, read_folder(rules))


def test_a_heading_given_twice_names_both_lines(rules):
    from sitegen.pages.parse import parse

    ruleset = load_ruleset(rules / "mordheim-1999")
    text = ruleset.source_path.read_text(encoding="utf-8")
    original = text.splitlines().index("falling") + 1
    renamed = text.splitlines().index("warriors knocked down or stunned") + 1  # now a first "falling"
    doubled = text.replace("warriors knocked down or stunned\n", "falling\n", 1)
    with pytest.raises(RulesFileError) as caught:
        parse(ruleset, doubled)
    assert str(caught.value) == (
        f"{ruleset.source_path}:{original}: a second heading 'falling' (line {renamed} has it): give each its own title"
    )


def test_an_outline_that_disagrees_with_the_text_names_its_line(rules):
    from sitegen.pages.parse import check_outline, parse

    ruleset = load_ruleset(rules / "mordheim-1999")
    path = rules / "mordheim-1999" / "outline.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(n for n, line in enumerate(lines) if "#falling" in line)
    lines[at] = lines[at].replace("falling", "fallen", 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RulesFileError) as caught:
        check_outline(parse(ruleset), path)
    assert str(caught.value).startswith(f"{path}:{at + 1}: the text's sections differ here: the text gives '  falling")


def test_words_a_value_says_that_are_not_in_its_section_name_the_line(rules):
    """#63: a rules page marks the words a value `says` where a house rule changes it; words not in the
    section (a typo, another section's sentence) stop the build at their line, in every ruleset that
    inherits them."""
    from rulescore.rulebooks import load_folder
    from sitegen.pages.content import check_citations
    from sitegen.pages.parse import parse
    from sitegen.pages.sources import load_rulesets

    path = rules / "mordheim-1999" / "numbers.toml"
    text = path.read_text(encoding="utf-8")
    old = "says = 'up to a maximum of 3\"'"
    assert old in text
    rulesets, _ = load_folder(rules)
    documents = {held.id: parse(held) for held in load_rulesets(read_folder(rules))}
    check_citations({"mordheim-1999": documents["mordheim-1999"]}, rulesets)  # 1999 and its own: as it was
    path.write_text(text.replace(old, "says = 'up to a maximum of 4\"'"), encoding="utf-8")
    rulesets, _ = load_folder(rules)
    with pytest.raises(RulesFileError) as caught:
        check_citations(documents, rulesets)
    said = str(caught.value)
    line = text[: text.index(old)].count("\n") + 1
    assert said.startswith(f"{path}:{line}: 'up to a maximum of 4\"' is not in section 'jumping-over-gaps'"), said
