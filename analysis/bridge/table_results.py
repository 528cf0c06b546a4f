"""One table's result of a board as a scoring program records it (a contract, declarer and
tricks, or a score, or both and then agreeing), read the same way from a PBN ScoreTable, a
USEBIO file and a CSV."""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from analysis.bridge import SEATS, contract_parts
from analysis.errors import HuddleInputError
from analysis.bridge.scoring import PlayedContract, parse_score
from analysis.language import AsTyped, M_, Message


@dataclass(frozen=True)
class FieldRow:
    """One table's result of a board, as the scoring program recorded it."""

    ns_score: int | None
    contract: str | None = None          # "4SX", "PASS"
    declarer: str | None = None
    tricks: int | None = None
    ns_pair: str | None = None
    ew_pair: str | None = None
    artificial: bool = False
    shares: tuple[Fraction, Fraction] | None = None    # an artificial score as percentages (NS, EW): "A6040"


# a scoring program's artificial score written as the two sides' percentages: A5050, A6060, A4060
_ARTIFICIAL = re.compile(r"^A(\d{2})(\d{2})$", re.I)


def artificial_shares(score: str | None) -> tuple[Fraction, Fraction] | None:
    """"A6040" → (3/5, 2/5): North-South's and East-West's share of the top; None when ``score`` is
    no such mark."""
    m = _ARTIFICIAL.match(str(score or "").strip())
    return None if m is None else (Fraction(int(m.group(1)), 100), Fraction(int(m.group(2)), 100))



def _at(where: str, column: str) -> Message:
    """A cell of a results row, named in the reader's words ("CSV line 4: declarer")."""
    return M_("{row}: {column}", row=where, column=column)


def field_row(contract: str | None, declarer: str | None, tricks: str | None, score: str | None, vul: str,
              where: str, ns_pair: str | None = None, ew_pair: str | None = None,
              artificial: bool = False) -> FieldRow:
    """One table's result; a contract with its tricks must agree with a score given beside it
    (unless the score is marked artificial). An artificial score in percentages (A6040) is kept as
    such: it is no North-South score, and the board is Neuberg-factored for it."""
    shares = artificial_shares(score)
    if shares is not None:
        return FieldRow(ns_score=None, contract=None, declarer=None, tricks=None, ns_pair=ns_pair, ew_pair=ew_pair, artificial=True,
                        shares=shares)
    given = parse_score(score, _at(where, "score")) if score not in (None, "", "-", "?") else None
    if contract and contract.strip().upper() in ("PASS", "P", "AP", "PASSED OUT"):
        if given not in (None, 0):
            raise HuddleInputError(where, M_("a passed-out board scores 0, not {given}", given=given))
        return FieldRow(ns_score=0 if given is None else given, contract="PASS", declarer=None, tricks=None, ns_pair=ns_pair,
                        ew_pair=ew_pair, artificial=artificial)
    if contract in (None, "", "-", "?") or artificial and (not declarer or not tricks):
        if given is None:
            raise HuddleInputError(where, M_("needs a contract with declarer and tricks, or a score"))
        return FieldRow(ns_score=given, contract=None, declarer=None, tricks=None, ns_pair=ns_pair, ew_pair=ew_pair, artificial=artificial)
    parts = contract_parts(contract)
    if parts is None:
        raise HuddleInputError(_at(where, "contract"), M_("'{contract}' is not a contract (e.g. 4SX, 3NT, Pass)",
                                                        contract=AsTyped(contract)))
    declarer, tricks = (declarer or "").strip().upper(), (tricks or "").strip()
    if declarer not in tuple(SEATS):
        raise HuddleInputError(_at(where, "declarer"), M_("'{declarer}' must be N, E, S or W", declarer=AsTyped(declarer)))
    if not tricks.isdecimal() or len(tricks) > 2 or not 0 <= int(tricks) <= 13:
        raise HuddleInputError(_at(where, "tricks"), M_("'{tricks}' must be declarer's tricks, 0 to 13", tricks=AsTyped(tricks[:24])))
    bid, penalty = parts
    odd = int(tricks) - int(bid[0]) - 6
    played = PlayedContract.parse(f"{bid}{penalty}{'=' if odd == 0 else f'{odd:+d}'}", declarer)
    ns = played.ns_score(vul)
    if artificial and given is not None:
        ns = given
    elif given is not None and given != ns:
        raise HuddleInputError(_at(where, "score"), M_("{contract} by {declarer} with {tricks} tricks scores {ns} for North-South, not "
                                                     "{given}", contract=contract, declarer=declarer, tricks=tricks, ns=ns, given=given))
    return FieldRow(ns_score=ns, contract=f"{bid}{penalty}", declarer=declarer, tricks=int(tricks), ns_pair=ns_pair, ew_pair=ew_pair,
                    artificial=artificial)


__all__ = ["FieldRow", "field_row", "artificial_shares"]
