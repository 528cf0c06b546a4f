"""The ``huddle`` command: a scoring calculator for directors, and set-up for the app.

Every subcommand prints a readable table, or one JSON object with ``--json`` (fractions as strings
in lowest terms). A user mistake prints one line naming the problem and exits with status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, Sequence

from analysis import (AdjustedTable, HuddleInputError, PlayedContract, Scale, WeightedScore,
                      display, fraction_str, imps, parse_field, score_board, weighted_imps)
from analysis.bridge import SEAT_NAMES, call_symbol, vulnerability
from analysis.scoring import parse_score

EXIT_USER_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake on one line, with exit status 2."""

    def error(self, message: str):  # noqa: D401 - argparse hook
        self.exit(EXIT_USER_ERROR, f"huddle: error: {message}\n")


# ---------------------------------------------------------------- score

def cmd_score(args) -> dict | str:
    contract = PlayedContract.parse(args.contract, args.by)
    vul = vulnerability(args.vul, "--vul")
    ns = contract.ns_score(vul)
    if args.json:
        return {"ns": ns, "ew": -ns}
    strain = call_symbol(f"{contract.level}{contract.strain}")
    result = "=" if contract.result == 0 else f"{contract.result:+d}"
    return "\n".join([
        f"{strain}{contract.penalty}{result} by {SEAT_NAMES[contract.declarer]}, "
        f"{contract.tricks} tricks, vulnerability {vul}",
        f"  North-South  {ns:+d}",
        f"  East-West    {-ns:+d}",
    ])


# ---------------------------------------------------------------- mp

def cmd_mp(args) -> dict | str:
    field = parse_field(args.field)
    tables = []
    for i, text in enumerate(args.adjusted or []):
        ns_text, _, ew_text = text.partition("|")
        try:
            tables.append(AdjustedTable.parse(ns_text, ew_text or None))
        except HuddleInputError as exc:
            raise HuddleInputError(f"--adjusted #{i + 1}", exc.problem) from None
    board = score_board(field, tables, Scale.parse(args.scale))
    if args.json:
        return board.to_dict()
    show = lambda v: display(v, args.rounding)  # noqa: E731
    lines = [f"Matchpoints, {'WBF 2-1' if board.scale is Scale.WBF else 'ACBL 1-1/2'} scale, "
             f"{fraction_str(board.results)} results, top {show(board.top)}",
             f"  {'NS score':>9}  {'frequency':>9}  {'NS MPs':>8}  {'EW MPs':>8}"]
    ew = {l.score: l for l in board.ew_lines}
    for line in board.ns_lines:
        ew_mp = show(ew[line.score].matchpoints) if line.score in ew else ""
        lines.append(f"  {line.score:>+9d}  {show(line.frequency):>9}  {show(line.matchpoints):>8}  {ew_mp:>8}")
    for i, (table, score) in enumerate(zip(tables, board.adjusted), 1):
        parts = " + ".join(f"{fraction_str(w)} × {s:+d}" for s, w in table.ns.components)
        lines.append(f"Adjusted table {i}: {parts}")
        lines.append(f"  North-South {show(score.ns_matchpoints)} MPs ({display(score.ns_percentage, 'wbf1')}%)"
                     f", East-West {show(score.ew_matchpoints)} MPs ({display(score.ew_percentage, 'wbf1')}%)")
    return "\n".join(lines)


# ---------------------------------------------------------------- imp

def cmd_imp(args) -> dict | str:
    other = parse_score(args.other, "--other")
    adjusted = WeightedScore.parse(args.adjusted, "--adjusted")
    total = weighted_imps(adjusted, other)
    if args.json:
        return {"imps": fraction_str(total)}
    lines = [f"Other table {other:+d}; each result IMPed against it, then weighted"]
    for s, w in adjusted.components:
        lines.append(f"  {fraction_str(w):>6} × IMP({s:+d} − {other:+d} = {s - other:+d}) = "
                     f"{fraction_str(w)} × {imps(s - other):+d}")
    lines.append(f"  total {display(total, args.rounding)} IMPs ({display(total, 'wbf1')})")
    return "\n".join(lines)


# ---------------------------------------------------------------- setup (database + examples)

def cmd_setup(args) -> dict | str:
    from polling.db import prepare_database
    report = prepare_database(load_examples=not args.no_examples)
    if args.json:
        return report
    return (f"Database ready at {report['database']} (schema {report['revision']}); "
            f"{report['examples_loaded']} example case(s) loaded, {report['cases']} case(s) in all")


# ---------------------------------------------------------------- wiring

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="huddle", description="Huddle: rulings on unauthorized information and "
                                                "misinformation, scored exactly.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, handler: Callable, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.set_defaults(handler=handler)
        return p

    p = add("score", cmd_score, "Score a played contract (Law 77).")
    p.add_argument("contract", help="level, strain, optional X/XX, result: 4SX-3, 3NT+1, 4H=")
    p.add_argument("--by", required=True, help="declarer: N, E, S or W")
    p.add_argument("--vul", required=True, help="none, ns, ew or both")

    rounding = dict(choices=["exact", "wbf1"], default="exact",
                    help="display rounding: exact fractions or one decimal (WBF)")
    p = add("mp", cmd_mp, "Matchpoint a board with weighted assigned scores (Law 78A, 12C1(c)).")
    p.add_argument("--field", required=True, help='North-South scores, *n for repeats: "420*4 400*2 170"')
    p.add_argument("--adjusted", action="append",
                   help='one table\'s weighted score "400:1/3 -50:2/3"; for a split score give '
                        'North-South|East-West weights: "400:1/2 -50:1/2|400:1/3 -50:2/3"')
    p.add_argument("--scale", default="wbf", help="wbf (2-1) or acbl (1-1/2)")
    p.add_argument("--rounding", **rounding)

    p = add("imp", cmd_imp, "IMPs of a weighted assigned score against the other table.")
    p.add_argument("--other", required=True, help="the other table's score, same direction")
    p.add_argument("--adjusted", required=True, help='weighted score "620:2/3 -100:1/3"')
    p.add_argument("--rounding", **rounding)

    p = add("setup", cmd_setup, "Create or upgrade the database and load the example cases.")
    p.add_argument("--no-examples", action="store_true", help="do not load the example cases")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        out = args.handler(args)
    except HuddleInputError as exc:
        print(f"huddle: error: {exc}", file=sys.stderr)
        return EXIT_USER_ERROR
    print(json.dumps(out, ensure_ascii=False) if isinstance(out, dict) else out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
