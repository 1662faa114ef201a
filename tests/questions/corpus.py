"""#61's questions as players type them, asked of a built site's search index the way the search box asks
them (search/ask.mjs, the page's own engine in Node), and scored: is the first result a section that
answers, and is the sentence it shows the answering one. The tests hold each half at its measured figure;
the benchmark prints both halves on both engines' builds."""

from __future__ import annotations

import json
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
HALVES = ("tuned", "held_out")


@dataclass(frozen=True)
class Question:
    asked: str
    on: str  # the ruleset whose page it is asked on; "" for the home page
    answers: tuple[tuple[str, str], ...]  # (where the first result may open, a part of its answering sentence)


@dataclass(frozen=True)
class Scored:
    question: Question
    first: str  # where the first result opens ("" for none)
    sentence: str  # the sentence it shows
    right: bool  # a section that answers
    shown: bool  # with the answering sentence
    among: bool  # the answering sentence one of those holding as much of the question as the one shown


def questions(half: str) -> list[Question]:
    data = tomllib.loads((HERE / f"{half}.toml").read_text(encoding="utf-8"))
    return [
        Question(item["asked"], item["on"], tuple((at, part) for at, part in item["answers"]))
        for item in data["question"]
    ]


def ask(index: Path, asked: list[Question]) -> list[list[dict]]:
    """Each question's first answers, as the engine ranks them."""
    done = subprocess.run(
        ["node", str(ROOT / "search" / "ask.mjs"), str(index), "-"],
        input=json.dumps([{"asked": q.asked, "on": q.on} for q in asked]),
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(done.stdout)


def score(index: Path, half: str) -> list[Scored]:
    asked = questions(half)
    found = []
    for question, answers in zip(asked, ask(index, asked), strict=True):
        first = answers[0] if answers else {"url": "", "sentence": "", "fullest": []}
        right = any(first["url"] == at for at, _ in question.answers)
        shown = any(first["url"] == at and part in first["sentence"] for at, part in question.answers)
        among = any(first["url"] == at and part in said for at, part in question.answers for said in first["fullest"])
        found.append(Scored(question, first["url"], first["sentence"], right, shown, among))
    return found


def figures(scored: list[Scored]) -> tuple[int, int, int]:
    """(first result right, answering sentence shown, questions)."""
    return sum(s.right for s in scored), sum(s.shown for s in scored), len(scored)


def report(index: Path) -> str:
    lines = []
    for half in HALVES:
        scored = score(index, half)
        right, shown, total = figures(scored)
        # How far a better choice among the sentences as full could go: words the sentences lack stop the rest.
        among = sum(s.among for s in scored)
        lines.append(
            f"{half:9} {total} questions: first result right {right} ({100 * right / total:.0f}%),"
            f" answering sentence shown {shown} ({100 * shown / total:.0f}%),"
            f" among the sentences as full as the one shown {among} ({100 * among / total:.0f}%)"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    index = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "site" / "assets" / "search.json")
    wrong = "--wrong" in sys.argv  # the tuned half only: the held-out half is measured, never read for tuning
    print(report(index))
    if wrong:
        for s in score(index, "tuned"):
            if not s.shown:
                print(f"{s.question.asked!r} on {s.question.on or 'home'}: {s.first} :: {s.sentence[:90]}")
