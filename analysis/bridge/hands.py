"""What an auction says about a hand, in a director's words: a range of high-card points, suit
lengths, balanced or not ("15–17 HCP, balanced"; "6–10 HCP, 6+ ♥"). Read from text, checked for
hands that cannot exist, combined (a hand meets every call its owner made), and tested against a
dealt hand.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analysis.bridge.deal import SUIT_SYMBOLS, SUITS
from analysis.vocabulary import HCP_WORDS, SOURCE, Strain, plain
from analysis.errors import HuddleInputError
from analysis.language import ENGLISH, M_, N_, AsTyped, Language, Listed, Message

if TYPE_CHECKING:
    from endplay.types import Hand

MAX_HCP = 37            # a hand of 13 cards holds at most 37 high-card points (4 aces, 4 kings, 4 queens, a jack)
ANY_LENGTH = (0, 13)
SUIT_WORDS = {"s": "S", "spade": "S", "spades": "S", "♠": "S", "h": "H", "heart": "H", "hearts": "H", "♥": "H",
              "d": "D", "diamond": "D", "diamonds": "D", "♦": "D", "c": "C", "club": "C", "clubs": "C", "♣": "C"}
NUMBER_WORDS = {w: n for n, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                            "nine", "ten", "eleven", "twelve", "thirteen"))}
_COUNT = r"(\d{1,2}|" + "|".join(NUMBER_WORDS) + r")"
_SUIT = r"(spades?|hearts?|diamonds?|clubs?|[♠♥♦♣]|[shdc](?![a-z]))"
_HCP_RANGE = re.compile(r"^(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*(?:hcp|points?|pts|hcps)?$")
_HCP_ATLEAST = re.compile(r"^(?:at least\s*)?(\d{1,2})\s*\+\s*(?:hcp|points?|pts)?$|^at least (\d{1,2})\s*(?:hcp|points?|pts)$")
_HCP_ATMOST = re.compile(r"^(?:at most|up to)\s*(\d{1,2})\s*(?:hcp|points?|pts)?$|^(\d{1,2})\s*(?:hcp|points?|pts)?\s*or (?:less|fewer)$")
_LENGTH = re.compile(r"^(?:at least\s*)?" + _COUNT + r"\s*(\+|(?:-|–|to)\s*" + _COUNT + r")?\s*(?:cards?\s*(?:in\s*)?)?"
                     + _SUIT + r"$")
_LENGTH_ATMOST = re.compile(r"^(?:at most|up to)\s*" + _COUNT + r"\s*(?:cards?\s*(?:in\s*)?)?" + _SUIT + r"$")


# How ``HandRange.words`` writes a description; each language's catalog words are read back too
HCP_RANGE_WORDS, HCP_ATLEAST_WORDS, HCP_ATMOST_WORDS = N_("{low}–{high} HCP"), N_("{low}+ HCP"), N_("at most {high} HCP")
BALANCED_WORDS, LENGTH_ATMOST_WORDS, ANY_WORDS = N_("balanced"), N_("at most {high} {suit}"), N_("any")


def _suit_in(text: str, lang: Language) -> str:
    strain = Strain.lookup(text, lang)
    return "S" if strain is None else strain.value          # the pattern matched only suits' spellings


def _points_unit_as_hcp(part: str, lang: Language) -> str:
    """A range of points ending with the club's unit ("12-14 F", « 15-17 H ») as English writes it
    ("12-14 hcp"): its number and unit read, the rest as typed."""
    units = {plain(u) for source in (lang, SOURCE) for u in HCP_WORDS.spelt(source)}
    found = re.fullmatch(r"(\d{1,2}\s*(?:(?:-|–|to)\s*\d{1,2}|\+)?)\s*(\S+)", part)
    return f"{found[1]} hcp" if found and plain(found[2]).rstrip(".") in units else part


def _count(word: str) -> int:
    return int(word) if word.isdecimal() else NUMBER_WORDS[word]


@dataclass(frozen=True)
class HandRange:
    """A hand as the auction describes it: HCP from ``hcp[0]`` to ``hcp[1]``, each suit's length
    in ``lengths`` (spades, hearts, diamonds, clubs), and balanced (4-3-3-3, 4-4-3-2, 5-3-3-2)
    when ``balanced``."""

    hcp: tuple[int, int] = (0, MAX_HCP)
    lengths: tuple[tuple[int, int], ...] = (ANY_LENGTH,) * 4
    balanced: bool = False

    # ---------------------------------------------------------------- reading and writing

    @classmethod
    def parse(cls, text: str, field: str = "hand") -> HandRange:
        """As a case file writes it (``text``): "15-17 HCP, balanced", "6-10, 6+ hearts", "at most 11
        HCP", "4-5 ♠", "any" (or empty)."""
        return cls.read(text, ENGLISH, field)

    @classmethod
    def read(cls, text: str, lang: Language, field: str = "hand") -> HandRange:
        """As a director types it: in English (``parse``) and in ``lang`` as ``words`` says it there
        ("15–17 H, régulière, au plus 3 ♥", "5+ piques")."""
        out = cls()
        anything = {"", "any", "anything", "no constraint", "-", lang._(ANY_WORDS).lower()}
        for raw in re.split(r"[,;]| and ", str(text)):
            part = _points_unit_as_hcp(" ".join(raw.strip().lower().split()), lang)
            if part in anything:
                continue
            out = out & (cls._said_in(part, lang) or cls._one(part, field))
        return out.checked(field)

    @classmethod
    def _said_in(cls, part: str, lang: Language) -> HandRange | None:
        """One part as ``lang`` writes it, with its suit letters and names; None when it is not."""
        if lang.code == ENGLISH.code:
            return None
        spelt = {form for s in SUITS for source in (lang, SOURCE) for w in s.spelt(source) for form in (w.lower(), plain(w))}
        suit = "(?P<suit>" + "|".join(sorted(map(re.escape, spelt), key=len, reverse=True)) + ")"
        part = part.replace("–", "-")
        forms = ((HCP_RANGE_WORDS, lambda m: cls(hcp=(int(m["low"]), int(m["high"])))),
                 (HCP_ATLEAST_WORDS, lambda m: cls(hcp=(int(m["low"]), MAX_HCP))),
                 (HCP_ATMOST_WORDS, lambda m: cls(hcp=(0, int(m["high"])))),
                 (BALANCED_WORDS, lambda m: cls(balanced=True)),
                 (LENGTH_ATMOST_WORDS, lambda m: cls._suit(_suit_in(m["suit"], lang), (0, int(m["high"])))))
        for template, made in forms:
            pattern = re.escape(lang._(template).lower().replace("–", "-")).replace(r"\ ", r"\s*")
            pattern = pattern.replace(r"\{low\}", r"(?P<low>\d{1,2})").replace(r"\{high\}", r"(?P<high>\d{1,2})")
            m = re.fullmatch(pattern.replace(r"\{suit\}", suit), part)
            if m:
                return made(m)
        m = re.fullmatch(r"(?P<low>\d{1,2})\s*(?:(?P<plus>\+)|-\s*(?P<high>\d{1,2}))?\s*" + suit, part)
        if m:
            low = int(m["low"])
            return cls._suit(_suit_in(m["suit"], lang), (low, 13 if m["plus"] else int(m["high"] or low)))
        return None

    @classmethod
    def _one(cls, part: str, field: str) -> HandRange:
        if part == "balanced":
            return cls(balanced=True)
        m = _HCP_RANGE.match(part)
        if m:
            return cls(hcp=(int(m.group(1)), int(m.group(2))))
        m = _HCP_ATLEAST.match(part)
        if m:
            return cls(hcp=(int(m.group(1) or m.group(2)), MAX_HCP))
        m = _HCP_ATMOST.match(part)
        if m:
            return cls(hcp=(0, int(m.group(1) or m.group(2))))
        m = _LENGTH.match(part)
        if m:
            low = _count(m.group(1))
            high = 13 if m.group(2) == "+" else _count(m.group(3)) if m.group(3) else low
            return cls._suit(SUIT_WORDS[m.group(4)], (low, high))
        m = _LENGTH_ATMOST.match(part)
        if m:
            return cls._suit(SUIT_WORDS[m.group(2)], (0, _count(m.group(1))))
        raise HuddleInputError(field, M_("'{text}' is not a hand description: write e.g. '15-17 HCP', '12+ HCP', "
                                         "'at most 11 HCP', 'balanced', '6+ hearts', '4-5 spades', 'at most 2 clubs'",
                                         text=AsTyped(part[:60])))

    @classmethod
    def _suit(cls, suit: str, length: tuple[int, int]) -> HandRange:
        lengths = [ANY_LENGTH] * 4
        lengths[SUITS.index(suit)] = length
        return cls(lengths=tuple(lengths))

    def text(self) -> str:
        """In a director's words: "15–17 HCP, balanced, 5+ ♠"; "any" when it says nothing. The
        English form, which ``parse`` reads back."""
        return str(self.words())

    def words(self) -> Listed | Message:
        """The description as a message each language says in its own words ("15–17 H, régulière")."""
        parts: list = []
        low, high = self.hcp
        if (low, high) != (0, MAX_HCP):
            parts.append(Message(HCP_RANGE_WORDS, low=low, high=high) if 0 < low and high < MAX_HCP else
                         Message(HCP_ATLEAST_WORDS, low=low) if low else Message(HCP_ATMOST_WORDS, high=high))
        if self.balanced:
            parts.append(Message(BALANCED_WORDS))
        for suit, (lo, hi) in zip(SUITS, self.lengths):
            if (lo, hi) == ANY_LENGTH:
                continue
            symbol = SUIT_SYMBOLS[suit]
            parts.append(f"{lo} {symbol}" if lo == hi else f"{lo}+ {symbol}" if hi == 13 else
                         Message(LENGTH_ATMOST_WORDS, high=hi, suit=symbol) if lo == 0 else f"{lo}–{hi} {symbol}")
        return Listed(tuple(parts)) if parts else Message(ANY_WORDS)

    @property
    def says_anything(self) -> bool:
        return self != HandRange()

    # ---------------------------------------------------------------- combining and checking

    def __and__(self, other: HandRange) -> HandRange:
        """A hand that meets both descriptions."""
        return HandRange((max(self.hcp[0], other.hcp[0]), min(self.hcp[1], other.hcp[1])),
                         tuple((max(a[0], b[0]), min(a[1], b[1])) for a, b in zip(self.lengths, other.lengths)),
                         self.balanced or other.balanced)

    def problems(self) -> list[str]:
        """Why no hand of 13 cards fits this description (empty: some hand does)."""
        out: list[str] = []
        low, high = self.hcp
        if low > high:
            out.append(M_("at least {low} and at most {high} HCP", low=low, high=high))
        if high < 0 or low > MAX_HCP:
            out.append(M_("{low}+ HCP: a hand holds at most {most}", low=low, most=MAX_HCP))
        for suit, (lo, hi) in zip(SUITS, self.lengths):
            if lo > hi:
                out.append(M_("at least {lo} and at most {hi} {suit}", lo=lo, hi=hi, suit=SUIT_SYMBOLS[suit]))
            if lo > 13:
                out.append(M_("{lo} {suit}: a suit has 13 cards", lo=lo, suit=SUIT_SYMBOLS[suit]))
        if sum(lo for lo, _ in self.lengths) > 13:
            out.append(M_("suits of at least {sum} cards: more than 13", sum=" + ".join(str(lo) for lo, _ in self.lengths)))
        if sum(min(hi, 13) for _, hi in self.lengths) < 13:
            out.append(M_("suits of at most {sum} cards: fewer than 13", sum=" + ".join(str(hi) for _, hi in self.lengths)))
        if self.balanced and any(lo > 5 for lo, _ in self.lengths):
            out.append(M_("balanced with a suit of six or more"))
        if self.balanced and any(hi < 2 for _, hi in self.lengths):
            out.append(M_("balanced with a singleton or void"))
        return out

    def checked(self, field: str = "hand") -> HandRange:
        problems = self.problems()
        if problems:
            raise HuddleInputError(field, M_("no hand is '{text}': {problems}", text=AsTyped(self.text()),
                                                problems=Listed(tuple(problems), "; ")))
        return self

    # ---------------------------------------------------------------- a dealt hand

    def admits(self, hand: Hand) -> bool:
        """Whether a dealt hand (endplay's) fits the description."""
        return self.admits_shape(*shape_and_points(hand))

    def admits_shape(self, shape, points: int) -> bool:
        """Whether a hand of this shape (♠ ♥ ♦ ♣ lengths) and these points fits."""
        if not self.hcp[0] <= points <= self.hcp[1]:
            return False
        if any(not lo <= n <= hi for n, (lo, hi) in zip(shape, self.lengths)):
            return False
        # balanced: 4-3-3-3, 4-4-3-2 or 5-3-3-2 (no suit over five, no shortness, one doubleton at most)
        return not self.balanced or (max(shape) <= 5 and sorted(shape)[:2] >= [2, 3])

    def admits_many(self, shapes, points):
        """Which of many dealt hands fit, as a boolean array: ``shapes`` an (n, 4) array of suit
        lengths (♠ ♥ ♦ ♣), ``points`` their n HCP counts. The same test as ``admits``."""
        fits = (points >= self.hcp[0]) & (points <= self.hcp[1])
        for k, (lo, hi) in enumerate(self.lengths):
            if (lo, hi) != ANY_LENGTH:
                fits &= (shapes[:, k] >= lo) & (shapes[:, k] <= hi)
        if self.balanced:
            import numpy as np
            ordered = np.sort(shapes, axis=1)
            fits &= (ordered[:, 3] <= 5) & (ordered[:, 0] >= 2) & (ordered[:, 1] >= 3)
        return fits


# the points of a suit's four top cards, by the bits of A K Q J (endplay's rank bits 14 to 11)
_TOP_POINTS = tuple(4 * (b >> 3 & 1) + 3 * (b >> 2 & 1) + 2 * (b >> 1 & 1) + (b & 1) for b in range(16))


def card_points(rank_bit: int) -> int:
    """A card's high-card points from its rank's bit in endplay's masks (the ace is bit 14)."""
    return _TOP_POINTS[rank_bit >> 11 & 15]


def shape_and_points(hand: Hand) -> tuple[tuple[int, int, int, int], int]:
    """(♠, ♥, ♦, ♣ lengths) and high-card points of an endplay hand, read from its four suit bit
    masks: a hundred times faster than walking its cards, which matters to a dealer that looks at
    a million hands (tests/test_simulation.py checks it against endplay's own count)."""
    masks = tuple(hand._data)
    return ((masks[0].bit_count(), masks[1].bit_count(), masks[2].bit_count(), masks[3].bit_count()),
            sum(_TOP_POINTS[m >> 11 & 15] for m in masks))


__all__ = ["HandRange", "MAX_HCP", "card_points", "shape_and_points"]
