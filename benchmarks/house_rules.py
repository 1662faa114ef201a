"""What a table's house rules cost an answer, in CPython: the same questions asked without house rules,
with one that changes nothing they ask (one more answer says so), and with three that change a route (each
named by asking without it). Alternating rounds; medians and spread per answer, and the machine's load."""

from __future__ import annotations

import os
import time

from benchmarks.common import spread

M = "mordheim-1999"
QUESTIONS: list[tuple[str, dict[str, str | list[str]]]] = [
    ("jump-down", {"height": "6", "initiative": "4"}),
    ("fall", {"height": "5"}),
    ("gap", {"gap": "2", "height": "4"}),
    ("route", {"activation": "charge", "legs": ['climb up 2"', 'jump down 3"', 'charge 3"']}),
]


def main(reps: int) -> None:
    from rulescore.entry import answer
    from rulescore.table.house_rules import HouseRule, read_house_rules

    unrelated = read_house_rules([{"ruleset": M, "rule": "run.multiplier", "value": "3"}])
    changing = read_house_rules(
        [
            {"ruleset": M, "rule": "charge-no-climb", "value": "otherwise"},
            {"ruleset": M, "rule": "jump_down.test_every", "value": "3"},
            {"ruleset": M, "rule": "climb.tests", "value": "2"},
        ]
    )
    kinds: dict[str, tuple[HouseRule, ...]] = {
        "no house rules": (),
        "one that changes nothing": unrelated,
        "three that change it": changing,
    }
    for _, house in kinds.items():  # the house-ruled rulesets loaded once, as a phone's first answer does
        answer("fall", M, {}, house=house)
    times: dict[tuple[str, str], list[float]] = {(q, k): [] for q, _ in QUESTIONS for k in kinds}
    loads = []
    for _ in range(reps):
        loads.append(os.getloadavg()[0])
        for name, values in QUESTIONS:
            for kind, house in kinds.items():  # alternating, so a busy moment falls on all three alike
                start = time.perf_counter()
                for _ in range(20):
                    answer(name, M, values, house=house)
                times[(name, kind)].append((time.perf_counter() - start) * 1000 / 20)
    print(
        f"An answer under house rules, CPython, {reps} rounds of 20 [load average {min(loads):.2f}-{max(loads):.2f}]:"
    )
    for name, _ in QUESTIONS:
        for kind in kinds:
            print(f"  {name}, {kind}: {spread(times[(name, kind)], 2)}")
