"""Double-dummy trick counts for a complete deal (endplay's DDS), as a suggestion the director
may accept or overrule in the outcome tree: Law 12C1 asks what was likely, not what is
double-dummy best, so the figures are a starting point only.

DDS is not thread-safe and Streamlit runs every session in a thread of one process, so every call
goes through one process-wide lock.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

from .bridge import SEAT_NAMES, SEATS, is_complete_deal, parse_deal
from .errors import HuddleInputError

SOLVER_LOCK = threading.Lock()
STRAINS = ("C", "D", "H", "S", "NT")
_DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}


@dataclass(frozen=True)
class DoubleDummyTable:
    """Tricks each declarer takes in each strain with all four hands in view."""

    tricks: tuple[tuple[str, str, int], ...]     # (strain, declarer, tricks)

    def tricks_for(self, strain: str, declarer: str) -> int:
        key = {"N": "NT"}.get(strain.upper(), strain.upper())
        for s, d, t in self.tricks:
            if s == key and d == declarer:
                return t
        raise HuddleInputError("strain", f"'{strain}' by '{declarer}' is not in the table")

    def rows(self) -> list[dict]:
        return [{"strain": s, **{SEAT_NAMES[d]: t for ss, d, t in self.tricks if ss == s}} for s in STRAINS]


def double_dummy_table(deal: Deal | str) -> DoubleDummyTable:
    """All 20 double-dummy results of a complete deal (about 0.1 s)."""
    deal = parse_deal(deal) if isinstance(deal, str) else deal
    if not is_complete_deal(deal):
        raise HuddleInputError("deal", "double-dummy analysis needs all four hands")
    with SOLVER_LOCK:
        table = calc_dd_table(deal.copy())
    return DoubleDummyTable(tuple((s, seat, int(table[_DENOMS[s], Player.find(seat)]))
                                  for s in STRAINS for seat in SEATS))


__all__ = ["double_dummy_table", "DoubleDummyTable", "SOLVER_LOCK", "STRAINS"]
