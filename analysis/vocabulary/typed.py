"""What a person types, read in the reader's language and in English: a call, a contract and its
result, a card or a play poll's choice of cards, a hand, and what the brackets after a call or a
file's note say of its tempo. Each reader gives the text files hold ("4H", "4HX-1", "SK", "SKQ",
"AK97.Q64.A53.K82") or refuses, naming the field, with examples in the reader's language that
are never the word refused; where a letter means one thing in English and another in the
reader's language, the reader's language wins (German "4C=" is 4♥ made).

    >>> from analysis.language import language
    >>> read_contract("4C=", language("de"))
    '4H='
    >>> read_hand("RD97.D64.A53.R82", language("fr"))
    'KQ97.Q64.A53.K82'

Said the other way: ``card_said("SK", fr)`` is "♠R", ``choice_said("Sx", de)`` "ein kleines ♠".
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from analysis.errors import HuddleInputError
from analysis.messages import AsTyped, Listed, M_, Message
from analysis.vocabulary.bridge import (ABOUT_WORDS, ALERT_WORDS, ALL_PASS, LOW_CARD, PLAYED_BY, SECOND_WORDS,
                                        SLOW_WORDS, SUITS, Call, Penalty, Phrase, Rank, Seat, Strain)
from analysis.vocabulary.word import SOURCE, Catalog, folded, own_spellings

MAX_SECONDS = 3600
MAX_TYPED = 40          # characters: the longest contract, card or choice a person types ("7 sans-atout surcontré -13")


# ---------------------------------------------------------------- said

def call_said(code: str, lang: Catalog) -> str:
    """"Passe", "Kontra", "1SA", "4♠"."""
    return Call(code).said(lang)


def rank_said(rank: str, lang: Catalog) -> str:
    return Rank(rank).said(lang)


def card_said(card: str, lang: Catalog) -> str:
    """"SK" → "♠R" in French, "♠H" in Dutch."""
    return Strain(card[0]).symbol + rank_said(card[1], lang)


def choice_said(key: str, lang: Catalog) -> str:
    """A play poll's choice: a card, equal cards ("♠R/D"), or a low card of a suit."""
    suit, ranks = Strain(key[0]).symbol, key[1:]
    if ranks == "x":
        return LOW_CARD.said(lang).format(suit=suit)
    return suit + "/".join(rank_said(r, lang) for r in ranks)


def contract_said(bid: str, penalty: str, declarer: str, lang: Catalog) -> str:
    """"4♠ contré joué par Sud" from "4S", "X", "S"."""
    shown = call_said(bid, lang) + (f" {Penalty(penalty).said(lang)}" if penalty else "")
    return PLAYED_BY.said(lang).format(contract=shown, declarer=Seat(declarer).said(lang))


@dataclass(frozen=True)
class CardChoice:
    """A card or a play poll's choice of cards inside a message ("SKQ"): "♠K/Q", "♠R/D", "a low ♠"."""

    key: str

    def said(self, lang: Catalog) -> str:
        return choice_said(self.key, lang)

    def __str__(self) -> str:
        return self.said(SOURCE)


def answer_word(code: str, cards: bool = False) -> Message | CardChoice:
    """An answer inside a message: a call ("4S"), or with ``cards`` a card or choice of cards."""
    return CardChoice(code) if cards else Call(code).word


@dataclass(frozen=True)
class Typed:
    """An example of what to type, written with the reader's words ("4♠X-3", "3SA+1", "♠R")."""

    bid: str = ""
    rest: str = ""
    card: str = ""

    def said(self, lang: Catalog) -> str:
        return card_said(self.card, lang) if self.card else call_said(self.bid, lang) + self.rest

    def __str__(self) -> str:
        return self.said(SOURCE)


def _examples(typed: tuple[Typed, ...], lang: Catalog, refused: str) -> Listed:
    return Listed(tuple(t for t in typed if folded(t.said(lang)) != folded(refused)))


# ---------------------------------------------------------------- calls and contracts

def read_call(text: object, lang: Catalog, field: str = "call") -> Call:
    """A call typed in ``lang`` or English: "Passe", "X", "1♥", "1H", "3SA", "4 Coeur"."""
    return Call.read(str(text).strip(), lang, field)


@cache
def _contract_pattern(lang: Catalog) -> re.Pattern:
    """A contract as typed: level, strain, penalty (X, **, or a word: "contré", "kontriert"), result."""
    words = {form for source in (SOURCE, lang) for p in (Penalty.DOUBLED, Penalty.REDOUBLED) for w in p.spelt(source)
             for form in (w.casefold(), plain(w))}
    penalty = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"^(?P<level>\d{{1,2}})\s*(?P<strain>.+?)\s*(?P<penalty>XX|X|\*\*|\*|(?:{penalty})\.?)?\s*"
                      r"(?P<result>=|[+\-−–]\s*\d{1,2})?$", re.I)


def _penalty(text: str | None, lang: Catalog) -> Penalty:
    if not text:
        return Penalty.UNDOUBLED
    marks = {"X": Penalty.DOUBLED, "*": Penalty.DOUBLED, "XX": Penalty.REDOUBLED, "**": Penalty.REDOUBLED}
    return marks.get(text.upper()) or Penalty.lookup(text.rstrip("."), lang) or Penalty.UNDOUBLED
CONTRACT_EXAMPLES = (Typed("4S", "X-3"), Typed("3NT", "+1"), Typed("4H", "="))


@dataclass(frozen=True)
class TypedContract:
    """A contract as typed: its bid, its penalty and, when given, declarer's result (tricks over
    or under the contract)."""

    bid: Call
    penalty: Penalty
    result: int | None

    @property
    def text(self) -> str:
        """As files write it: "4HX-1", "3NT=", "4S" (no result)."""
        result = "" if self.result is None else "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.bid.value}{self.penalty.value}{result}"


def read_typed_contract(text: object, lang: Catalog, field: str = "contract") -> TypedContract:
    """"4C=" (German: Coeur), "3SA+1", "4P-1", "4♠X=", "7NTXX=" or a contract with no result."""
    raw = str(text).strip()
    match = _contract_pattern(lang).match(raw) if len(raw) <= MAX_TYPED else None
    strain = Strain.lookup(match["strain"], lang) if match else None
    if match is None or strain is None:
        raise HuddleInputError(field, M_("'{text}' is not a contract (e.g. {examples})", text=AsTyped(raw[:30]),
                                         examples=_examples(CONTRACT_EXAMPLES, lang, raw)))
    if not 1 <= int(match["level"]) <= 7:
        raise HuddleInputError(field, M_("'{raw}': level {level} is impossible (1 to 7)", raw=AsTyped(raw),
                                         level=int(match["level"])))
    result = match["result"]
    tricks = None if result is None else 0 if result == "=" else int(re.sub(r"[\s−–]", lambda m: "-" if m[0] in "−–" else "",
                                                                             result))
    return TypedContract(Call(match["level"] + strain.value), _penalty(match["penalty"], lang), tricks)


def read_contract(text: object, lang: Catalog, field: str = "contract") -> str:
    """A typed contract as files write it: "4C=" in German is "4H="."""
    return read_typed_contract(text, lang, field).text


def read_played_contract(text: object, lang: Catalog, field: str = "contract") -> TypedContract:
    """A contract with its result ("4C=", "3SA+1"): one without a result is refused."""
    typed = read_typed_contract(text, lang, field)
    if typed.result is None:
        raw = str(text).strip()[:30]
        raise HuddleInputError(field, M_("'{raw}' is not a contract with a result (e.g. {examples})", raw=AsTyped(raw),
                                         examples=_examples(CONTRACT_EXAMPLES, lang, raw)))
    return typed


# ---------------------------------------------------------------- cards, choices and hands

CARD_EXAMPLES = (Typed(card="SK"), Typed(card="HT"), Typed(card="D4"))


def _suit(text: str, lang: Catalog) -> Strain | None:
    strain = Strain.lookup(text, lang)
    return strain if strain is not None and strain.is_suit else None


def find_card(text: object, lang: Catalog) -> str | None:
    """"SK" from "♠R" (French), "PR", "KD" (German: Karo Dame), "K♠", "S10", suit first or rank
    first; None when it is no card. Where the letters read two ways, the reading in the club's
    own letters wins: French "DT" is the dame de trèfle (♣Q), not English ♦10."""
    raw = "".join(str(text).split())
    if len(raw) > MAX_TYPED:
        return None
    found: list[tuple[int, str]] = []
    for cut in range(1, len(raw)):
        for suit_part, rank_part in ((raw[:cut], raw[cut:]), (raw[cut:], raw[:cut])):
            suit, rank = _suit(suit_part, lang), Rank.lookup(rank_part, lang)
            if suit is not None and rank is not None:
                own = (folded(suit_part) in own_spellings(Strain, lang)) + (folded(rank_part) in own_spellings(Rank, lang))
                found.append((own, suit.value + rank.value))
    return max(found, key=lambda f: f[0])[1] if found else None


def read_card(text: object, lang: Catalog, field: str = "card") -> str:
    card = find_card(text, lang)
    if card is None:
        raw = str(text).strip()[:20]
        raise HuddleInputError(field, M_("'{text}' is not a card (e.g. {examples})", text=AsTyped(raw),
                                         examples=_examples(CARD_EXAMPLES, lang, raw)))
    return card


@cache
def _low_card(lang: Catalog) -> tuple[re.Pattern, ...]:
    """A low card of a suit as ``lang`` and English write it: "a low ♠", "un petit ♠", "♠x", "x♠"."""
    forms = {plain(f) for source in (SOURCE, lang) for f in LOW_CARD.spelt(source)} | {"x{suit}", "{suit}x", "low {suit}",
                                                                                      "small {suit}", "a small {suit}"}
    return tuple(re.compile(re.escape(f).replace(r"\{suit\}", r"\s*(?P<suit>\S+?)\s*").replace(r"\ ", r"\s*"))
                 for f in sorted(forms, key=len, reverse=True))


def find_choice(text: object, lang: Catalog) -> str | None:
    """A choice key ("SK", "SKQ", "Sx") from a card, equal cards ("♠R/D") or a low card ("un petit ♠")."""
    raw = str(text).strip()
    if len(raw) > MAX_TYPED:
        return None
    for form in _low_card(lang):
        low = form.fullmatch(plain(raw))
        suit = _suit(low["suit"], lang) if low else None
        if suit is not None:
            return suit.value + "x"
    card = find_card(raw, lang)
    if card is not None:
        return card
    compact = "".join(raw.replace("/", " ").split())
    for cut in range(1, len(compact)):
        suit = _suit(compact[:cut], lang)
        ranks = [Rank.lookup(r, lang) for r in re.findall(r"10|.", compact[cut:])]
        if suit is not None and ranks and None not in ranks and len(set(ranks)) == len(ranks):
            return suit.value + "".join(r.value for r in Rank if r in ranks)
    return None


def read_choice(text: object, lang: Catalog, field: str = "choice") -> str:
    choice = find_choice(text, lang)
    if choice is None:
        raw = str(text).strip()[:20]
        raise HuddleInputError(field, M_("'{text}' is not a card (e.g. {examples})", text=AsTyped(raw),
                                         examples=_examples(CARD_EXAMPLES, lang, raw)))
    return choice


def read_hand(text: object, lang: Catalog, seat: str = "N", field: str = "deal") -> str:
    """A hand typed as four suits of ranks, spades first ("AK97.Q64.A53.K82", French
    "RD97.D64.A53.R82", German "AKD7.B64.A53.K82"), as PBN writes it; "-" when it is not known."""
    raw = "".join(str(text).split())
    if raw in ("", "-", "...", "—"):
        return "-"
    holdings = raw.split(".")
    if len(holdings) != 4:
        raise HuddleInputError(field, M_("{seat}'s hand '{hand}' needs four suits separated by dots "
                                         "(spades.hearts.diamonds.clubs)", seat=Seat(seat).word, hand=AsTyped(raw[:40])))
    return ".".join(_holding(h, lang, Seat(seat), suit, field) for h, suit in zip(holdings, SUITS))


VOID = ("-", "—", "–")        # a void as directors write it in a hand ("AK97.-.A53.K8652")


def _holding(holding: str, lang: Catalog, seat: Seat, suit: Strain, field: str) -> str:
    if holding in VOID:
        return ""
    ranks = []
    for token in re.findall(r"10|.", holding):
        rank = Rank.lookup(token, lang)
        if rank is None:
            raise HuddleInputError(field, M_("'{rank}' in {seat}'s {suit} is not a card rank (e.g. {examples})",
                                             rank=AsTyped(token), seat=seat.word, suit=suit.symbol,
                                             examples=Listed(tuple(r.word for r in (Rank.A, Rank.K, Rank.Q, Rank.J, Rank.T)))))
        ranks.append(rank.value)
    return "".join(ranks)


# ---------------------------------------------------------------- tempo, alerts and the end of an auction

def plain(text: object) -> str:
    """Lower case with accents and ligatures set aside, spaces kept: what tempo words are matched on."""
    text = str(text).casefold().replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _alternation(phrase: Phrase, lang: Catalog) -> str:
    spelt = {form for source in (SOURCE, lang) for s in phrase.spelt(source) for form in (s.casefold(), plain(s))}
    return "|".join(re.escape(s).replace(r"\ ", r"\s+") for s in sorted(spelt, key=len, reverse=True))


_LETTER_AFTER = r"(?![^\W\d_])"        # no letter follows: the word ends here


@dataclass(frozen=True)
class TempoWords:
    """One language's words for a call's tempo, with English's: slowness, seconds, "about",
    an alert, and how a club writes the end of an auction."""

    slow_part: re.Pattern
    mark: re.Pattern
    anywhere: re.Pattern
    seconds: re.Pattern
    spelt_seconds: re.Pattern
    only_seconds: re.Pattern
    alert: re.Pattern
    all_pass: re.Pattern

    @classmethod
    @cache
    def of(cls, lang: Catalog) -> TempoWords:
        slow, unit, about = (_alternation(p, lang) for p in (SLOW_WORDS, SECOND_WORDS, ABOUT_WORDS))
        seconds = rf"(?:(?:{about}){_LETTER_AFTER}\.?\s*)?(?P<n>\d{{1,5}})\s*(?:{unit}){_LETTER_AFTER}\.?"
        # a unit no bridge note means otherwise ("Sek.", "secondes", "″"; "2s" may be two spades)
        spelt = "|".join(u for u in unit.split("|") if not (len(u) == 1 and u.isalpha()))
        return cls(slow_part=re.compile(rf"^\W*(?:{slow}){_LETTER_AFTER}\W*(?:{seconds})?\W*$", re.I),
                   mark=re.compile(rf"^\W*(?:{slow}){_LETTER_AFTER}\s*(?:$|[(,.;:!]|\d|(?:{about}){_LETTER_AFTER})", re.I),
                   anywhere=re.compile(rf"(?<![^\W\d_])(?:{slow}){_LETTER_AFTER}", re.I),
                   seconds=re.compile(seconds, re.I),
                   spelt_seconds=re.compile(rf"\d{{1,5}}\s*(?:{spelt}){_LETTER_AFTER}", re.I),
                   only_seconds=re.compile(rf"^\W*{seconds}\W*$", re.I),
                   alert=re.compile(rf"^\W*(?:{_alternation(ALERT_WORDS, lang)})\W*$", re.I),
                   all_pass=re.compile(rf"(?<!\S)(?:{_alternation(ALL_PASS, lang)})(?!\S)", re.I))

    def is_slow(self, part: str) -> bool:
        """Is a part of a call's brackets a word for slowness, with its seconds if any ("langsam
        20s", "Zögern", "hésitation 12 s")?"""
        return bool(self.slow_part.match(plain(part)))

    def is_mark(self, note: str) -> bool:
        """Does a file's note open as a tempo mark ("Zögern, etwa 20 Sekunden", "lent 10s")?"""
        return bool(self.mark.match(plain(note)))

    def mentions_slowness(self, note: str) -> bool:
        return bool(self.anywhere.search(plain(note)))

    def seconds_in(self, text: str) -> int | None:
        """The seconds the text gives ("20 Sek.", "etwa 20 Sekunden", "20s"), None when none."""
        found = self.seconds.search(plain(text))
        return int(found["n"]) if found else None

    def gives_seconds(self, text: str) -> bool:
        """Does the text give a time in a unit that is nothing else ("environ 20 secondes", "15 Sek.")?"""
        return bool(self.spelt_seconds.search(plain(text)))

    def is_seconds(self, text: str) -> bool:
        """Is the text only a time ("20 Sek.", "environ 20 secondes")?"""
        return bool(self.only_seconds.match(plain(text)))

    def is_alert(self, text: str) -> bool:
        return bool(self.alert.match(plain(text)))

    def ends_auction(self, text: str) -> str:
        """The text with each way of writing "all pass" made "AP"."""
        return self.all_pass.sub("AP", text)


__all__ = ["CardChoice", "answer_word", "call_said", "rank_said", "card_said", "choice_said", "contract_said", "read_call",
           "read_contract", "read_typed_contract", "read_played_contract", "TypedContract", "find_card", "read_card",
           "find_choice", "read_choice", "read_hand", "TempoWords", "Typed", "plain", "MAX_SECONDS"]
