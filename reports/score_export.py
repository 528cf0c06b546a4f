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
from fractions import Fraction
from xml.sax.saxutils import escape

from analysis.law.case import Case
from analysis.law.appeal.committee import RulingInForce
from analysis.numbers import fraction_str, rounded
from analysis.files.text import spreadsheet_safe

ROUNDING = "decimal rounded half up to 2 places; the exact value is the fraction"
FORMATS = ("csv", "usebio")


def score_rows(case: Case, in_force: RulingInForce) -> list[dict]:
    """One row per side: board, side, exact value, its unit, the rounded decimal, the weights and
    which ruling they are; then the side's procedural penalties (Law 90), kept apart as the
    scoring programs keep them: what comes off the board's score (in its unit) and off the match
    (VPs), and the board's score after the penalty."""
    ruling = in_force.ruling
    rows = []
    for side in ("NS", "EW"):
        score = ruling.scores.get(side)
        value, unit = score.value() if score is not None else (None, "")
        after = ruling.penalised(side)
        rows.append({"case": case.id, "board": case.board.number or "", "side": side,
                     "adjusted": "yes" if ruling.adjusted else "no",
                     "exact": "" if value is None else fraction_str(value),
                     "decimal": "" if value is None else str(rounded(value, 2)), "unit": unit,
                     "weights": "" if score is None else score.components(), "ruling": in_force.source,
                     "penalty": fraction_str(after.off) if after.off else "",
                     "penalty_vps": fraction_str(after.vps) if after.vps else "",
                     "penalty_by": ", ".join(after.by),
                     "after_penalty": "" if after.after is None else fraction_str(after.after),
                     "after_penalty_decimal": "" if after.after is None else str(rounded(after.after, 2)),
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
    # Law 90: a procedural penalty beside the board's score, never folded into it (Huddle's element)
    for side in ("NS", "EW"):
        if rows[side]["penalty"]:
            lines.append(f'        <PENALTY SIDE="{side}" UNIT="{tag}" BY="{rows[side]["penalty_by"]}">'
                         f'{rounded(Fraction(rows[side]["penalty"]), 2)}</PENALTY>')
        if rows[side]["penalty_vps"]:
            lines.append(f'        <PENALTY SIDE="{side}" UNIT="VICTORY_POINTS" BY="{rows[side]["penalty_by"]}">'
                         f'{rounded(Fraction(rows[side]["penalty_vps"]), 2)}</PENALTY>')
    notes = "; ".join(f"{side} {rows[side]['exact']} {unit} exactly ({rows[side]['weights'] or 'artificial'})"
                      + _penalty_note(rows[side]) for side in ("NS", "EW") if rows[side]["exact"])
    lines += [f"        <NOTES>{escape(f'{notes}; {ROUNDING}; the ruling: {in_force.source}')}</NOTES>", "      </TRAVELLER_LINE>",
              "    </BOARD>", "  </EVENT>", "</USEBIO>", ""]
    return "\n".join(lines)


def _penalty_note(row: dict) -> str:
    """A side's procedural penalty in words, for the notes of USEBIO and the PBN field file."""
    said = []
    if row["penalty"]:
        said.append(f"procedural penalty (Law 90) {row['penalty']} {row['unit']}, {row['after_penalty']} after it")
    if row["penalty_vps"]:
        said.append(f"procedural penalty (Law 90) {row['penalty_vps']} VPs off the match")
    return "".join(f", {s}" for s in said)


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
    penalties = "".join(f"; {'North-South' if side == 'NS' else 'East-West'}{_penalty_note(rows[side])[1:]}"
                        for side in ("NS", "EW") if _penalty_note(rows[side]))
    if not in_force.ruling.adjusted:
        notes = (f"No adjustment: the table result stands ({in_force.source}){penalties}",)
        return pbn_files.dumps([to_game(case, notes=notes, penalties=_penalty_columns(rows))])
    exact = "; ".join(f"{'North-South' if side == 'NS' else 'East-West'} {rows[side]['exact']} {unit} exactly "
                      f"({rows[side]['weights'] or 'artificial'})" + _penalty_note(rows[side])
                      for side in ("NS", "EW") if rows[side]["exact"])
    notes = (f"Adjusted score, {in_force.source}: {exact}; {ROUNDING}",)
    assigned = (column, rows["NS"]["decimal"] or "-", rows["EW"]["decimal"] or "-") if column else None
    return pbn_files.dumps([to_game(case, assigned, notes, _penalty_columns(rows))])


def _penalty_columns(rows: dict) -> tuple[str, str] | None:
    """Each side's board penalty (Law 90), rounded as the scores are, for the ScoreTable's
    Penalty_NS and Penalty_EW columns; None when neither side has one."""
    said = tuple(str(rounded(Fraction(rows[s]["penalty"]), 2)) if rows[s]["penalty"] else "-" for s in ("NS", "EW"))
    return None if said == ("-", "-") else (said[0], said[1])
