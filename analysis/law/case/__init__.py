"""Case files: a ruling case as JSON with a ``format_version``; load/loads/dump/dumps like json.

The schema is documented in docs/case-file.md. Reading validates everything and names the field
of the first problem; nothing is returned half-read. This package is the case file's surface in
one name: the model (``model``), its parts (``parts``: the table result, the irregularities), the
facts (``facts``, Law 85), the ruling section a director fills in (``findings``), the event's rules
for polls (``poll_rules``), the simulation's settings (``simulation``) and the PBN and LIN adapter
(``pbn``). Nothing the model reads imports this package back (tests/test_layering.py).
"""
from __future__ import annotations

import json
from typing import IO

from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped
from analysis.limits import check_length, loads_json
from analysis.law.case.model import (CROSS_IMPS, FORMAT_VERSION, SEVERAL_VERSION, IRREGULARITY_TYPES, KINDS, MAX_CASE_FILE, MAX_TITLE,
                                     OFFENDING_SIDES, READABLE_VERSIONS, SCORING_FORMS, Case,
                                     case_id_from_title, check_case_id, partner_ui_case)
from analysis.law.case.actions import SCORED_BY, ActionInQuestion, PartnerUI
from analysis.law.case.parts import Irregularity, TableResult, parse_choice_or_none, play_of
from analysis.law.case.pbn import (from_file, from_game, from_pbn, game_label, game_labels, game_result, other_tables,
                                   pick_game, to_game, to_pbn)


# ---------------------------------------------------------------- json-style API

def loads(text: str) -> Case:
    try:
        data = loads_json(check_length(text, MAX_CASE_FILE, "case file"), "case file")
    except json.JSONDecodeError as exc:
        raise HuddleInputError("case file", M_("not valid JSON (line {lineno}, column {colno}: {msg})", lineno=exc.lineno,
                                               colno=exc.colno, msg=exc.msg)) from None
    except RecursionError:
        raise HuddleInputError("case file", M_("nested too deeply to be a case file")) from None
    try:
        return Case.from_dict(data)
    except (TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError) as exc:
        # the last guard: a value of the wrong type somewhere the checks above did not name
        raise HuddleInputError("case file", M_("a value has the wrong type or shape ({name}: {exc})", name=type(exc).__name__,
                                               exc=AsTyped(str(exc)[:120]))) from None


def load(fp: IO[str]) -> Case:
    return loads(fp.read())


def dumps(case: Case, indent: int | None = 2) -> str:
    return json.dumps(case.to_dict(), indent=indent, ensure_ascii=False)


def dump(case: Case, fp: IO[str], indent: int | None = 2) -> None:
    fp.write(dumps(case, indent) + "\n")


__all__ = ["Case", "ActionInQuestion", "PartnerUI", "partner_ui_case", "SCORED_BY", "TableResult", "Irregularity", "load", "loads",
           "dump", "dumps", "from_pbn", "from_file", "from_game", "pick_game", "to_pbn", "to_game", "game_label",
           "game_labels", "game_result", "other_tables", "parse_choice_or_none", "play_of", "check_case_id",
           "case_id_from_title", "FORMAT_VERSION", "SEVERAL_VERSION", "READABLE_VERSIONS", "KINDS", "OFFENDING_SIDES", "SCORING_FORMS",
           "IRREGULARITY_TYPES", "CROSS_IMPS", "MAX_TITLE", "MAX_CASE_FILE"]
