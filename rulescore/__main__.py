"""Command line: `python -m rulescore fall --ruleset mordheim-1999 height=4 toughness=3 wounds=1`."""

from __future__ import annotations

import argparse
import json
import sys

from rulescore.entry import calculate, catalogue


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulescore", description="Movement rules calculators, exact odds as JSON.")
    parser.add_argument("calculator", nargs="?", help="calculator name (see --list)")
    parser.add_argument("values", nargs="*", metavar="name=value", help="inputs, e.g. height=4")
    parser.add_argument("--ruleset", help="ruleset id, e.g. mordheim-1999")
    parser.add_argument("--list", action="store_true", help="list calculators, their fields and rulesets")
    args = parser.parse_intermixed_args(argv)

    if args.list:
        json.dump(catalogue(), sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    if not args.calculator or not args.ruleset:
        parser.error("give a calculator and --ruleset (or --list)")
    values = {}
    for pair in args.values:
        name, sep, value = pair.partition("=")
        if not sep:
            parser.error(f"'{pair}' is not name=value")
        values[name] = value
    result = calculate(args.calculator, args.ruleset, values)
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    print()
    return 0 if result["ok"] else 2


if __name__ == "__main__":
    sys.exit(main())
