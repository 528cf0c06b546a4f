"""Each side's adjusted score for the scoring program: CSV and a USEBIO results fragment, always
of the ruling in force (the appeals committee's when it decided on another score, else the
director's latest), which each file names.

The exact score (a fraction, e.g. 17/2 matchpoints) is always written; the decimal beside it is
rounded half up to two places, and the file says so, so the scoring program never has to guess
how a weighted score (Law 12C1(c)) was rounded.
"""
from __future__ import annotations

import csv
import io
from xml.sax.saxutils import escape

from analysis.law.case import Case
from analysis.law.committee import RulingInForce
from analysis.numbers import fraction_str, rounded
from analysis.files.text import spreadsheet_safe

ROUNDING = "decimal rounded half up to 2 places; the exact value is the fraction"
FORMATS = ("csv", "usebio")


def score_rows(case: Case, in_force: RulingInForce) -> list[dict]:
    """One row per side: board, side, exact value, its unit, the rounded decimal, the weights and
    which ruling they are."""
    ruling = in_force.ruling
    rows = []
    for side in ("NS", "EW"):
        score = ruling.scores.get(side)
        value, unit = score.value() if score is not None else (None, "")
        rows.append({"case": case.id, "board": case.board.number or "", "side": side,
                     "adjusted": "yes" if ruling.adjusted else "no",
                     "exact": "" if value is None else fraction_str(value),
                     "decimal": "" if value is None else str(rounded(value, 2)), "unit": unit,
                     "weights": "" if score is None else score.components(), "ruling": in_force.source,
                     "rounding": ROUNDING})
    return rows


def scores_csv(case: Case, in_force: RulingInForce) -> str:
    rows = score_rows(case, in_force)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: spreadsheet_safe(v) for k, v in row.items()})
    return out.getvalue()


def scores_usebio(case: Case, in_force: RulingInForce) -> str:
    """A USEBIO 1.2-style fragment: the board and one traveller line with each side's adjusted
    score in the event's unit (MATCH_POINTS, IMPS or POINTS), exact in a comment-free NOTES."""
    ruling = in_force.ruling
    rows = {r["side"]: r for r in score_rows(case, in_force)}
    unit = rows["NS"]["unit"] or rows["EW"]["unit"]
    tag = "MATCH_POINTS" if "matchpoints" in unit else "IMPS" if unit == "IMPs" else "SCORE"
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<USEBIO Version="1.2">',
             f'  <EVENT EVENT_TYPE="{escape(case.scoring.upper().replace(" ", "_").replace("-", "_"))}">',
             f"    <EVENT_DESCRIPTION>{escape(case.event or '')}</EVENT_DESCRIPTION>", "    <BOARD>",
             f"      <BOARD_NUMBER>{case.board.number or ''}</BOARD_NUMBER>", "      <TRAVELLER_LINE>",
             "        <ADJUSTED>Y</ADJUSTED>" if ruling.adjusted else "        <ADJUSTED>N</ADJUSTED>"]
    for side in ("NS", "EW"):
        if rows[side]["decimal"]:
            lines.append(f"        <{side}_{tag}>{rows[side]['decimal']}</{side}_{tag}>")
    notes = "; ".join(f"{side} {rows[side]['exact']} {unit} exactly ({rows[side]['weights'] or 'artificial'})"
                      for side in ("NS", "EW") if rows[side]["exact"])
    lines += [f"        <NOTES>{escape(f'{notes}; {ROUNDING}; the ruling: {in_force.source}')}</NOTES>", "      </TRAVELLER_LINE>",
              "    </BOARD>", "  </EVENT>", "</USEBIO>", ""]
    return "\n".join(lines)


def score_file(case: Case, in_force: RulingInForce, fmt: str) -> str:
    return {"csv": scores_csv, "usebio": scores_usebio}[fmt](case, in_force)


def field_pbn(case: Case, in_force: RulingInForce | None) -> str:
    """The board as a PBN file for the scoring program, carrying the ruling in force: the table's
    ScoreTable row gains the assigned score in the MP_NS/MP_EW (matchpoints) or IMP_NS/IMP_EW (IMPs)
    columns of PBN 2.1's ScoreTable (5.9), rounded half up to two places, and a game comment gives
    each side's exact value and which ruling it is. Without a ruling, the table result alone."""
    from analysis.files import pbn as pbn_files
    from analysis.law.case import to_game, to_pbn
    if in_force is None:
        return to_pbn(case)
    rows = {r["side"]: r for r in score_rows(case, in_force)}
    unit = rows["NS"]["unit"] or rows["EW"]["unit"]
    column = "MP" if "matchpoints" in unit else "IMP" if unit == "IMPs" else None
    if not in_force.ruling.adjusted:
        notes = (f"No adjustment: the table result stands ({in_force.source})",)
        return pbn_files.dumps([to_game(case, notes=notes)])
    exact = "; ".join(f"{'North-South' if side == 'NS' else 'East-West'} {rows[side]['exact']} {unit} exactly "
                      f"({rows[side]['weights'] or 'artificial'})" for side in ("NS", "EW") if rows[side]["exact"])
    notes = (f"Adjusted score, {in_force.source}: {exact}; {ROUNDING}",)
    assigned = (column, rows["NS"]["decimal"] or "-", rows["EW"]["decimal"] or "-") if column else None
    return pbn_files.dumps([to_game(case, assigned, notes)])
