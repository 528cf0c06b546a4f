"""The words every part of Huddle speaks: seats, sides, strains, vulnerability and the kinds of
decision (a call, the lead, a card), as str-valued enums. A member is its own text ("N", "NS", "NT", "ns"), so case files, JSON, CSV and the
database read and write exactly what they did when these were plain strings; each member also
knows its endplay type (``Seat.N.player``, ``Strain.NT.denom``, ``Vulnerability.NS.vul``), and
vulnerability by board number comes from endplay's own Law 2 cycle.
"""
from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # endplay is imported where it is used: the calculator never needs it
    from endplay.types import Denom, Player, Vul


class Seat(StrEnum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def words(self) -> str:
        return {"N": "North", "E": "East", "S": "South", "W": "West"}[self.value]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    def after(self, steps: int = 1) -> Seat:
        """The seat ``steps`` turns on, clockwise: ``Seat.N.after(2)`` is South."""
        return SEATS[(SEATS.index(self) + steps) % 4]

    @property
    def partner(self) -> Seat:
        return self.after(2)

    @property
    def player(self) -> Player:
        from endplay.types import Player
        return Player.find(self.value)


class Side(StrEnum):
    NS = "NS"
    EW = "EW"

    @property
    def words(self) -> str:
        return {"NS": "North-South", "EW": "East-West"}[self.value]

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)


class Strain(StrEnum):
    """Strains in rank order, lowest first (Law 18E)."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def symbol(self) -> str:
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}[self.value]

    @property
    def denom(self) -> Denom:
        from endplay.types import Denom
        return Denom.find(self.value)


class Vulnerability(StrEnum):
    NONE = "none"
    NS = "ns"
    EW = "ew"
    BOTH = "both"

    @property
    def words(self) -> str:
        return {"none": "None vulnerable", "ns": "N-S vulnerable", "ew": "E-W vulnerable",
                "both": "Both vulnerable"}[self.value]

    def covers(self, seat: str) -> bool:
        """Whether ``seat`` is vulnerable."""
        return self is Vulnerability.BOTH or self.value == Seat(seat).side.lower()

    @property
    def vul(self) -> Vul:
        from endplay.types import Vul
        return Vul.find(self.value)

    @classmethod
    def for_board(cls, number: int) -> Vulnerability:
        """Law 2: the 16-board cycle, from endplay's own table."""
        from endplay.types import Vul
        return cls(Vul.from_board(number).name)


class Decision(StrEnum):
    """What a player decides at one point of a board: a call, the opening lead or a later card."""

    CALL = "call"
    LEAD = "lead"
    PLAY = "play"

    @classmethod
    def of_card(cls, index: int) -> Decision:
        """The kind of decision card ``index`` of the play is (0 is the opening lead)."""
        return cls.LEAD if index == 0 else cls.PLAY


SEATS: tuple[Seat, ...] = tuple(Seat)
STRAIN_ORDER: tuple[Strain, ...] = tuple(Strain)
VULNERABILITIES: tuple[Vulnerability, ...] = tuple(Vulnerability)
