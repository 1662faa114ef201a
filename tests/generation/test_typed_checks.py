"""#63: Your table's add form says a characteristic surely at fault as it is typed, before the runtime
(calculators/src/table-typed.js), in the words Python's own check gives (Field.checks). Run here in Node over
every profile field of every ruleset and many values a thumb types: whatever the page says is at fault,
Python refuses with the same words; whatever Python accepts, the page never says is at fault."""

from __future__ import annotations

import json
import subprocess

from rulescore import RULESETS
from rulescore.answers.fields import FieldError
from rulescore.table.models import profile
from tests.helpers import ROOT

TYPED = [
    "4", " 4 ", '4"', "4”", "0", "-1", "\u22121", "+1", "+0", "7+", "3,5", "3.5", ".5", ",5", "4.", "25", "99",
    "1000000000", "four", "4 4", "- 1", "1.2.3", "4abc", "", "  ", "1e3", "0x10", "NaN", "Infinity", "½", "٤",
]  # fmt: skip
SCRIPT = """
import { typedFault } from "./calculators/src/table-typed.js";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const cases = JSON.parse(input);
process.stdout.write(JSON.stringify(cases.map(([typed, checks]) => typedFault(typed, checks))));
"""


def test_the_page_says_at_fault_only_what_python_refuses_in_its_words():
    cases, expected = [], []
    for rules in RULESETS.values():
        for field in profile(rules):
            if field.kind == "choice":
                continue
            for typed in TYPED:
                cases.append([typed, field.checks()])
                try:
                    field.read(typed) if typed.strip() else None
                    expected.append((field, typed, ""))
                except FieldError as error:
                    expected.append((field, typed, error.message))
    done = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT],
        input=json.dumps(cases),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    said = json.loads(done.stdout)
    assert len(said) == len(expected) > 100
    caught = 0
    for (field, typed, python), page in zip(expected, said, strict=True):
        if page:
            assert page == python, (field.name, typed, page, python)
            caught += 1
        elif python == "":
            continue  # accepted by both
    # The page says most of what a thumb gets wrong, not merely nothing.
    assert caught >= sum(1 for *_, python in expected if python) // 2, caught
