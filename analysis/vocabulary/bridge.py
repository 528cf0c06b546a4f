"""The bridge words: seats, sides, strains, card ranks, calls, a contract's penalty and
vulnerability, each a str-valued enum on endplay's types (``Seat.N.player``, ``Strain.NT.denom``,
``Vulnerability.NS.vul``) that says and reads itself in every language (analysis.vocabulary.word).
A member is its own text ("N", "NS", "NT", "ns", "4S"), so case files and the database read and
write what they did when these were plain strings.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, nonmember
from typing import TYPE_CHECKING

from analysis.messages import N_
from analysis.vocabulary.word import NP_, SOURCE, Catalog, Word, folded, spellings

if TYPE_CHECKING:   # endplay is imported where it is used: the calculator never needs it
    from endplay.types import Denom, Player, Vul

# TRANSLATORS' NOTE for every entry below (also in docs/languages.md): the word Huddle writes,
# then after "|" the other spellings a player of the language types for it.


class Seat(Word):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    WORDS = nonmember({"N": NP_("seat", "North"), "E": NP_("seat", "East"), "S": NP_("seat", "South"),
                       "W": NP_("seat", "West")})
    LETTERS = nonmember({"N": NP_("seat letter", "N"), "E": NP_("seat letter", "E"), "S": NP_("seat letter", "S"),
                         "W": NP_("seat letter", "W")})
    NOUN = nonmember(N_("a seat"))

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        return super().spelt(lang) + spellings(lang.pgettext(*Seat.LETTERS[self.value]))

    def letter(self, lang: Catalog) -> str:
        """"O" for West in French, for East in German: the seat as a diagram heads it."""
        return spellings(lang.pgettext(*Seat.LETTERS[self.value]))[0]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    def after(self, steps: int = 1) -> Seat:
        """The seat ``steps`` turns on, clockwise: ``Seat.N.after(2)`` is South."""
        return SEATS[(SEATS.index(self) + steps) % 4]

    def turns_to(self, other: str) -> int:
        """How many turns clockwise from this seat to ``other``: ``Seat.N.turns_to("W")`` is 3."""
        return (SEATS.index(Seat(other)) - SEATS.index(self)) % 4

    @property
    def lho(self) -> Seat:
        return self.after(1)

    @property
    def rho(self) -> Seat:
        return self.after(3)

    @property
    def partner(self) -> Seat:
        return self.after(2)

    @property
    def player(self) -> Player:
        from endplay.types import Player
        return Player.find(self.value)


class Side(Word):
    NS = "NS"
    EW = "EW"

    WORDS = nonmember({"NS": NP_("side", "North-South"), "EW": NP_("side", "East-West")})
    NOUN = nonmember(N_("a side"))

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        first, second = self.seats
        return super().spelt(lang) + (first.letter(lang) + second.letter(lang), second.letter(lang) + first.letter(lang))

    def letters(self, lang: Catalog) -> str:
        """"NS", "EO" (French), "NZ" (Dutch): the side by its seats' letters."""
        return "".join(s.letter(lang) for s in self.seats)

    @property
    def short(self) -> "SideLetters":
        """The side by its seats' letters inside a message ("NZ -170" on a Dutch chart)."""
        return SideLetters(self)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)


@dataclass(frozen=True)
class SideLetters:
    side: Side

    def said(self, lang: Catalog) -> str:
        return self.side.letters(lang)

    def __str__(self) -> str:
        return self.side.value


class Strain(Word):
    """Strains in rank order, lowest first (Law 18E). Read by letter ("P" pique), by symbol or by
    name ("Karo"); said in a call by symbol (no trump by its letters: "SA")."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    WORDS = nonmember({"C": NP_("strain letter", "C"), "D": NP_("strain letter", "D"), "H": NP_("strain letter", "H"),
                       "S": NP_("strain letter", "S"), "NT": NP_("strain letter", "NT|N")})
    NAMES = nonmember({"C": NP_("strain", "clubs|club"), "D": NP_("strain", "diamonds|diamond"),
                       "H": NP_("strain", "hearts|heart"), "S": NP_("strain", "spades|spade"),
                       "NT": NP_("strain", "no trump|notrump|no trumps")})
    NOUN = nonmember(N_("a strain"))

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        symbol = () if self is Strain.NT else (self.symbol,)
        return super().spelt(lang) + spellings(lang.pgettext(*Strain.NAMES[self.value])) + symbol

    def name_in(self, lang: Catalog) -> str:
        """The strain by name, as a hand is described: "piques", "Karo", "no trump"."""
        return spellings(lang.pgettext(*Strain.NAMES[self.value]))[0]

    @property
    def named(self) -> StrainName:
        """The strain by name inside a message ("spades", "piques", "Pik")."""
        return StrainName(self)

    def in_call(self, lang: Catalog) -> str:
        """As a call writes it: the suit's symbol, no trump's letters ("NT", "SA")."""
        return self.said(lang) if self is Strain.NT else self.symbol

    @property
    def is_suit(self) -> bool:
        return self is not Strain.NT

    @property
    def symbol(self) -> str:
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}[self.value]

    @property
    def denom(self) -> Denom:
        from endplay.types import Denom
        return Denom.find(self.value)


@dataclass(frozen=True)
class StrainName:
    """A strain by name inside a message, said in each reader's words."""

    strain: Strain

    def said(self, lang: Catalog) -> str:
        return self.strain.name_in(lang)

    def __str__(self) -> str:
        return self.said(SOURCE)


SUITS: tuple[Strain, ...] = (Strain.S, Strain.H, Strain.D, Strain.C)      # a hand's order (PBN)
SYMBOL_SUITS = {s.symbol: s for s in SUITS}


class Rank(Word):
    """A card's rank, highest first; the ten is "T" in files and "10" wherever a player reads it."""

    A = "A"
    K = "K"
    Q = "Q"
    J = "J"
    T = "T"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    WORDS = nonmember({"A": NP_("card rank", "A"), "K": NP_("card rank", "K"), "Q": NP_("card rank", "Q"),
                       "J": NP_("card rank", "J"), "T": NP_("card rank", "10|T")})
    NOUN = nonmember(N_("a card rank"))


class Call(Word):
    """Every call (Law 18): a bid is its level and strain ("4S"), the others are words."""

    _ignore_ = ["_level", "_strain"]
    P = "P"
    X = "X"
    XX = "XX"
    for _level in "1234567":
        for _strain in ("C", "D", "H", "S", "NT"):
            vars()[f"_{_level}{_strain}"] = f"{_level}{_strain}"

    WORDS = nonmember({"P": NP_("call", "Pass|P|PS|-"), "X": NP_("call", "Double|X|Dbl|D"),
                       "XX": NP_("call", "Redouble|XX|Rdbl|R")})
    NOUN = nonmember(N_("a call"))

    @property
    def is_bid(self) -> bool:
        return self.value[0].isdecimal()

    @property
    def level(self) -> int:
        return int(self.value[0])

    @property
    def strain(self) -> Strain:
        return Strain(self.value[1:])

    @property
    def rank(self) -> int:
        """A bid's place in the order of bids (Law 18E): 1♣ is 0, 7NT is 34."""
        return (self.level - 1) * 5 + tuple(Strain).index(self.strain)

    def said(self, lang: Catalog) -> str:
        """"Passe", "Kontra", "1SA", "4♠"."""
        return f"{self.level}{self.strain.in_call(lang)}" if self.is_bid else super().said(lang)

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        return (self.said(lang),) if self.is_bid else super().spelt(lang)

    @classmethod
    def lookup(cls, text: object, lang: Catalog) -> Call | None:
        """A call typed in ``lang`` or English: "Passe", "X", "1♥", "1H", "3SA", "4 Coeur",
        German "4C" (Coeur: 4♥)."""
        word = str(text).strip()
        if word[:1].isdecimal() and len(word) <= 30:
            level, strain = word[0], Strain.lookup(word[1:], lang)
            return cls(level + strain.value) if strain is not None and level in "1234567" else None
        return super().lookup(word, lang)

    @classmethod
    def examples(cls, lang: Catalog, refused: object = "") -> tuple:
        shown = (cls("1S"), cls("3NT"), cls.P, cls.X, cls.XX)
        return tuple(c.word for c in shown if folded(c.said(lang)) != folded(refused))


BIDS: tuple[Call, ...] = tuple(c for c in Call if c.is_bid)


class Penalty(Word):
    """A contract's penalty: none, doubled, redoubled."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    WORDS = nonmember({"X": NP_("contract", "doubled|dbl|dbld"), "XX": NP_("contract", "redoubled|rdbl|redbl")})


class Vulnerability(Word):
    NONE = "none"
    NS = "ns"
    EW = "ew"
    BOTH = "both"

    WORDS = nonmember({"none": NP_("vulnerability", "None vulnerable"), "ns": NP_("vulnerability", "N-S vulnerable"),
                       "ew": NP_("vulnerability", "E-W vulnerable"), "both": NP_("vulnerability", "Both vulnerable")})
    ALSO = nonmember({"none": NP_("vulnerability, short", "None|Love|Nil|-|O"),
                      "both": NP_("vulnerability, short", "Both|All|B")})
    NOUN = nonmember(N_("a vulnerability"))

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        side = {"ns": Side.NS, "ew": Side.EW}.get(self.value)
        return super().spelt(lang) + (side.spelt(lang) if side else ())

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


@dataclass(frozen=True)
class Phrase:
    """A vocabulary entry that is no closed set's member: "Dealer", "vul", "All pass"; said as its
    written spelling, read as any of them."""

    context: str
    entry: str

    def said(self, lang: Catalog) -> str:
        return spellings(lang.pgettext(self.context, self.entry))[0]

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        found = spellings(lang.pgettext(self.context, self.entry))
        return found if lang.code == SOURCE.code else found + spellings(self.entry)

    def __str__(self) -> str:
        return self.said(SOURCE)


DEALER = Phrase(*NP_("diagram", "Dealer"))
VUL = Phrase(*NP_("diagram", "vul"))
LAW, LAWS = Phrase(*NP_("law", "Law")), Phrase(*NP_("law", "Laws"))    # "Law 16B1": the number stays
ALL_PASS = Phrase(*NP_("auction end", "All pass|AP|all passed|pass out"))
LOW_CARD = Phrase(*NP_("card", "a low {suit}"))
PLAYED_BY = Phrase(*NP_("contract", "{contract} by {declarer}"))
# what a note or the brackets after a call say of its tempo: words that it was slow, units of
# seconds, and words for "about" ("etwa 20 Sekunden")
SLOW_WORDS = Phrase(*NP_("tempo", "slow|slowly|hesitation|hesitated|hesitates|hesitating|hesit|tank|tanked|tanks|pause|"
                                  "paused|long pause|huddle|huddled|BIT|break in tempo|tempo break|tempo|long think|"
                                  "thought|thought for|think|thinking|thinks|delay|delayed|slow pass|slow bid|slow double|"
                                  "slow call"))
SECOND_WORDS = Phrase(*NP_("tempo", "s|sec|secs|second|seconds|″|''"))
ABOUT_WORDS = Phrase(*NP_("tempo", "about|around|approximately|approx|roughly|some|c|ca|circa|~"))
# the units of high-card points a hand description may end with ("12-14 HCP", German "12-14 F")
HCP_WORDS = Phrase(*NP_("hand", "HCP|hcps|points|point|pts|pt"))
ALERT_WORDS = Phrase(*NP_("call", "alert|alerted|alertable"))
