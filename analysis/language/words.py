"""Bridge as the players of a language write it: calls and strains, seats and sides,
vulnerability, card ranks, the forms of scoring, and numbers in the local style.

The words themselves are entries of the language's message catalog under the contexts below
(msgctxt "call", "strain", "seat", …), so a federation adding a language translates them with
everything else and writes no code. English is the catalog's own msgids.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import Protocol

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def NP_(context: str, message: str) -> tuple[str, str]:
    """Marks a word of a bridge table for the catalog (extracted as msgctxt ``context``)."""
    return context, message


# Each table: the code Huddle stores → the English word, marked for the catalog with its context.
CALL_WORDS = {"P": NP_("call", "Pass"), "X": NP_("call", "Double"), "XX": NP_("call", "Redouble")}
NO_TRUMP = NP_("strain", "NT")
SEAT_WORDS = {"N": NP_("seat", "North"), "E": NP_("seat", "East"), "S": NP_("seat", "South"), "W": NP_("seat", "West")}
SEAT_LETTERS = {"N": NP_("seat letter", "N"), "E": NP_("seat letter", "E"), "S": NP_("seat letter", "S"),
                "W": NP_("seat letter", "W")}
SIDE_WORDS = {"NS": NP_("side", "North-South"), "EW": NP_("side", "East-West")}
VULNERABILITY_WORDS = {"none": NP_("vulnerability", "None vulnerable"),
                       "ns": NP_("vulnerability", "N-S vulnerable"),
                       "ew": NP_("vulnerability", "E-W vulnerable"),
                       "both": NP_("vulnerability", "Both vulnerable")}
RANK_LETTERS = {"A": NP_("card rank", "A"), "K": NP_("card rank", "K"), "Q": NP_("card rank", "Q"),
                "J": NP_("card rank", "J")}
PENALTY_WORDS = {"X": NP_("contract", "doubled"), "XX": NP_("contract", "redoubled")}
SCORING_WORDS = {"matchpoints": NP_("scoring", "matchpoints"), "imps": NP_("scoring", "IMPs"),
                 "butler": NP_("scoring", "Butler IMPs"), "cross-imps": NP_("scoring", "cross-IMPs"),
                 "bam": NP_("scoring", "board-a-match"), "total points": NP_("scoring", "total points")}
LAW_WORDS = (NP_("law", "Law"), NP_("law", "Laws"))      # "Law 16B1": the number stays, the word is the translation's
SHORT_WORDS = {"dealer": NP_("diagram", "Dealer"), "vul": NP_("diagram", "vul"),
               "low": NP_("card", "a low {suit}"), "by": NP_("contract", "{contract} by {declarer}")}


class Catalog(Protocol):
    def pgettext(self, context: str, message: str) -> str: ...


@dataclass(frozen=True)
class BridgeWords:
    """One language's table of bridge words, read from its catalog."""

    locale: str
    calls: dict[str, str]           # P, X, XX
    no_trump: str
    seats: dict[str, str]
    seat_letters: dict[str, str]
    sides: dict[str, str]
    vulnerability: dict[str, str]
    ranks: dict[str, str]           # A K Q J (the ten is 10, the rest are digits everywhere)
    penalties: dict[str, str]
    scoring: dict[str, str]
    short: dict[str, str]

    @classmethod
    def from_catalog(cls, locale: str, catalog: Catalog) -> "BridgeWords":
        def table(words: dict[str, tuple[str, str]]) -> dict[str, str]:
            return {code: catalog.pgettext(*marked) for code, marked in words.items()}
        return cls(locale, table(CALL_WORDS), catalog.pgettext(*NO_TRUMP), table(SEAT_WORDS), table(SEAT_LETTERS),
                   table(SIDE_WORDS), table(VULNERABILITY_WORDS), table(RANK_LETTERS), table(PENALTY_WORDS),
                   table(SCORING_WORDS), table(SHORT_WORDS))

    def call(self, call: str) -> str:
        """A call as the players write it: "Passe", "Contre", "1SA", "4♠"."""
        if call in self.calls:
            return self.calls[call]
        strain = call[1:]
        return call[0] + (self.no_trump if strain == "NT" else SUIT_SYMBOLS[strain])

    def rank(self, rank: str) -> str:
        return "10" if rank == "T" else self.ranks.get(rank, rank)

    def card(self, card: str) -> str:
        """"SK" → "♠R" in French, "♠H" in Dutch."""
        return SUIT_SYMBOLS[card[0]] + self.rank(card[1])

    def choice(self, key: str) -> str:
        """A play poll's choice: a card, equal cards ("♠R/D"), or a low card of a suit."""
        suit, ranks = SUIT_SYMBOLS[key[0]], key[1:]
        if ranks == "x":
            return self.short["low"].format(suit=suit)
        return suit + "/".join(self.rank(r) for r in ranks)

    def seat(self, letter: str) -> str:
        return self.seats[letter]

    def contract(self, bid: str, penalty: str, declarer: str) -> str:
        """"4♠ contré par Sud" from "4S", "X", "S"."""
        shown = self.call(bid) + (f" {self.penalties[penalty]}" if penalty else "")
        return self.short["by"].format(contract=shown, declarer=self.seats[declarer])

    def number(self, value: Rational | int | float, places: int = 2) -> str:
        """A number in the local style: "57,5" in French, "1,234.5" in English. Fractions that are
        whole or halves, quarters… are written as mixed fractions everywhere ("8 1/4")."""
        if isinstance(value, Rational) and not isinstance(value, int):
            value = Fraction(value)
            if value.denominator != 1:
                whole, rest = divmod(abs(value.numerator), value.denominator)
                sign = "-" if value < 0 else ""
                return f"{sign}{whole} {rest}/{value.denominator}" if whole else f"{sign}{rest}/{value.denominator}"
            value = value.numerator
        from babel.numbers import format_decimal
        return format_decimal(value, format=f"#,##0.{'#' * places}" if places else "#,##0", locale=self.locale)


__all__ = ["BridgeWords", "NP_", "CALL_WORDS", "SEAT_WORDS", "SIDE_WORDS", "VULNERABILITY_WORDS", "RANK_LETTERS",
           "SCORING_WORDS", "SUIT_SYMBOLS"]
