"""The play of a board and its decision points.

A play is the cards in the order they were played, from the opening lead. At card k (0-based;
trick k // 4 + 1, card k % 4 + 1) this module says who decides (declarer decides for dummy,
Law 45B), what that player sees (own hand, dummy once the opening lead is faced, Law 41D; every
card played so far), which cards may legally be played (Law 44C: follow suit when able), and which
of them are equals, so a poll can offer "♠K/Q" or "a low ♠" where the choice between cards does
not matter.

A choice is written as a key: ``SK`` one card, ``SKQ`` equals (highest first), ``Sx`` a low card
of the suit (any of its cards below the ten, as the director chose to group them).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from analysis.bridge import RANKS, SEATS, SUIT_SYMBOLS, SUITS, partner_of, seats_from, side_of, trick_winner
from analysis.language import AsTyped, M_, N_
from analysis.errors import HuddleInputError
from analysis.vocabulary import CardChoice, Seat

LOW_BELOW = "T"          # "a low card": below the ten
_CARD = re.compile(r"^\s*([SHDC♠♥♦♣])\s*(10|[AKQJT2-9])\s*$|^\s*(10|[AKQJT2-9])\s*([SHDC♠♥♦♣])\s*$", re.I)
_SUIT_OF = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_LOW_WORDS = re.compile(r"^\s*(?:an?\s+)?(?:low|small|x)\s*([SHDC♠♥♦♣])\s*$|^\s*([SHDC♠♥♦♣])\s*(?:x|low|small)\s*$",
                        re.I)


def parse_card(text: str, field: str = "card") -> str:
    """A card as "SK": accepts SK, sk, ♠K, K♠, S10."""
    m = _CARD.match(str(text))
    if not m:
        raise HuddleInputError(field, M_("'{text}' is not a card (e.g. SK, H10, ♦4)", text=AsTyped(str(text)[:20])))
    suit, rank = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    return _SUIT_OF[suit.upper() if suit.isascii() else suit] + ("T" if rank == "10" else rank.upper())


def parse_choice(text: str, field: str = "choice") -> str:
    """A choice key: a card ("SK"), equals ("SKQ", "♠K/Q") or a low card ("Sx", "a low ♠")."""
    raw = str(text).strip()
    low = _LOW_WORDS.match(raw)
    if low:
        suit = low.group(1) or low.group(2)
        return _SUIT_OF[suit.upper() if suit.isascii() else suit] + "x"
    compact = raw.replace("/", "").replace(" ", "").replace("10", "T")
    if len(compact) > 2 and compact[0].upper() in _SUIT_OF or compact[:1] in _SUIT_OF:
        suit = _SUIT_OF.get(compact[0].upper() if compact[0].isascii() else compact[0])
        ranks = compact[1:].upper()
        if suit and ranks and all(r in RANKS for r in ranks) and len(set(ranks)) == len(ranks):
            return suit + "".join(sorted(ranks, key=RANKS.index))
    return parse_card(raw, field)


def choice_cards(key: str) -> tuple[str, ...]:
    """The cards a choice names (a low card's: every card of the suit below the ten)."""
    suit, ranks = key[0], key[1:]
    if ranks == "x":
        return tuple(suit + r for r in RANKS[RANKS.index(LOW_BELOW) + 1:])
    return tuple(suit + r for r in ranks)


def choice_contains(key: str, card: str) -> bool:
    return card in choice_cards(key)


def choice_symbol(key: str) -> str:
    """How a card or a choice is written for a player: ♠K, ♠K/Q, a low ♠."""
    suit, ranks = SUIT_SYMBOLS[key[0]], key[1:]
    if ranks == "x":
        return f"a low {suit}"
    return suit + "/".join("10" if r == "T" else r for r in ranks)


@dataclass(frozen=True)
class Play:
    """The contract, its declarer and the cards played, in order, from the opening lead."""

    strain: str                    # "S", "H", "D", "C" or "NT"
    declarer: str
    cards: tuple[str, ...] = ()

    @property
    def leader(self) -> str:
        """The opening leader: declarer's left-hand opponent (Law 41A)."""
        return SEATS[(SEATS.index(self.declarer) + 1) % 4]

    @property
    def dummy(self) -> str:
        return partner_of(self.declarer)

    @property
    def trump(self) -> str | None:
        return self.strain if self.strain in SUITS else None

    def tricks(self, upto: int | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
        """The tricks of the first ``upto`` cards: (leader, [(seat, card), ...]) each, the last
        one perhaps unfinished. A trick goes to the highest trump, else the highest card of the
        suit led (Law 44D, E); its winner leads the next (Law 44G)."""
        cards = self.cards[:upto]
        out: list[tuple[str, list[tuple[str, str]]]] = []
        leader = self.leader
        for start in range(0, len(cards), 4):
            trick: list[tuple[str, str]] = list(zip(seats_from(leader), cards[start:start + 4]))
            out.append((leader, trick))
            if len(trick) == 4:
                leader = self._winner(trick)
        return out

    def _winner(self, trick: list[tuple[str, str]]) -> str:
        return trick_winner(trick, self.trump)

    def seat_to_play(self, index: int) -> str:
        """Whose card is number ``index`` (0-based): the leader of its trick and those after."""
        tricks = self.tricks(index)
        if not tricks or len(tricks[-1][1]) == 4:
            return self.leader if not tricks else self._winner(tricks[-1][1])
        leader, trick = tricks[-1]
        return seats_from(leader)[len(trick)]

    def decider(self, index: int) -> str:
        """Who chooses card ``index``: declarer chooses dummy's cards (Law 45B)."""
        seat = self.seat_to_play(index)
        return self.declarer if seat == self.dummy else seat

    def declarer_tricks(self, upto: int) -> int:
        """Tricks won by declarer's side in the complete tricks among the first ``upto`` cards."""
        return sum(len(t) == 4 and side_of(self._winner(t)) == side_of(self.declarer)
                   for _, t in self.tricks(upto))

    def check(self, hands: dict[str, Sequence[str] | None], field: str = "play") -> None:
        """Every card is held by its player, played once, and follows suit when it can (Law 44C)."""
        if len(self.cards) > 52:
            raise HuddleInputError(field, M_("{count} cards; a board has 52", count=len(self.cards)))
        played: set[str] = set()
        k = 0
        for _, trick in self.tricks():              # the tricks walked once: whose card, the suit led
            led = trick[0][1][0]
            for place, (who, card) in enumerate(trick):
                where = f"{field}[{k}] ({position_name(k)})"
                if card in played:
                    raise HuddleInputError(where, M_("{card} is played twice", card=CardChoice(card)))
                hand = hands.get(who)
                if hand is not None:
                    if card not in hand:
                        raise HuddleInputError(where, M_("{seat} does not hold {card}", seat=Seat(who).word,
                                                         card=CardChoice(card)))
                    if place and card[0] != led and any(c[0] == led and c not in played for c in hand):
                        raise HuddleInputError(where, M_("{seat} must follow suit to the {suit} led (Law 44C)",
                                                         seat=Seat(who).word, suit=SUIT_SYMBOLS[led]))
                played.add(card)
                k += 1

    def _suit_led(self, index: int) -> str | None:
        tricks = self.tricks(index)
        if not tricks or len(tricks[-1][1]) == 4:
            return None
        return tricks[-1][1][0][1][0]

    def view(self, index: int, hands: Mapping[str, Sequence[str] | None]) -> "PlayView":
        """What the player choosing card ``index`` sees (Law 41D: dummy is faced after the opening lead)."""
        if not 0 <= index <= len(self.cards):
            raise HuddleInputError("play index", M_("card {index} is not in the play", index=index + 1))
        to_play = self.seat_to_play(index)
        decider = self.decider(index)
        gone = set(self.cards[:index])
        remaining: dict[str, tuple[str, ...]] = {s: tuple(c for c in (hands.get(s) or ()) if c not in gone)
                                                 for s in SEATS}
        if not remaining[to_play]:
            raise HuddleInputError("deal", M_("{seat}'s hand is needed for a play poll", seat=Seat(to_play).word))
        led = self._suit_led(index)
        holding = remaining[to_play]
        legal = tuple(c for c in holding if c[0] == led) if any(c[0] == led for c in holding) else holding
        return PlayView(index=index, to_play=to_play, decider=decider, hand=remaining[decider],
                        dummy=remaining[self.dummy] if index >= 1 else (),
                        tricks=tuple(self.tricks(index)), legal=legal, played=self.cards[:index])


@dataclass(frozen=True)
class PlayView:
    """One decision in the play as the player there saw it."""

    index: int
    to_play: str                 # whose card it is (dummy's when declarer plays from dummy)
    decider: str                 # who chooses it
    hand: tuple[str, ...]        # the decider's own cards still held
    dummy: tuple[str, ...]       # dummy's cards still held, when faced (empty before the opening lead)
    tricks: tuple                # (leader, [(seat, card), ...]) for the tricks so far
    legal: tuple[str, ...]       # the cards that may be played (Law 44C)
    played: tuple[str, ...]      # every card seen played


def cards_by_suit(cards: Iterable[str]) -> dict[str, str]:
    """{"S": "KQ4", "H": "", …} from ("SK", "SQ", "S4")."""
    cards = list(cards)
    return {s: "".join(c[1] for c in sorted(cards, key=lambda c: RANKS.index(c[1])) if c[0] == s) for s in SUITS}


def position_name(index: int) -> str:
    """"the opening lead", or "trick 3, card 2"."""
    return N_("the opening lead") if index == 0 else M_("trick {trick}, card {card}", trick=index // 4 + 1,
                                                         card=index % 4 + 1)


def position_index(trick: int, card: int) -> int:
    if not 1 <= trick <= 13 or not 1 <= card <= 4:
        raise HuddleInputError("decision point", M_("trick {trick}, card {card} is not in a play (tricks 1–13, cards 1–4)", trick=trick,
                                                    card=card))
    return (trick - 1) * 4 + card - 1


def choices(legal: Iterable[str], seen: Iterable[str], group_low: bool = True) -> tuple[str, ...]:
    """The legal cards as choices: cards of one suit between which every card is already played
    or in the same hand are equals; with ``group_low`` the cards below the ten of each suit are one
    choice, "a low ♠" (the director's call: spot cards can matter for signals)."""
    legal = [c for c in legal]
    gone = set(seen) | set(legal)
    out: list[str] = []
    for suit in SUITS:
        ranks = [c[1] for c in sorted((c for c in legal if c[0] == suit), key=lambda c: RANKS.index(c[1]))]
        groups: list[str] = []
        for r in ranks:
            if groups and all(suit + between in gone for between in
                              RANKS[RANKS.index(groups[-1][-1]) + 1:RANKS.index(r)]):
                groups[-1] += r
            else:
                groups.append(r)
        low = [g for g in groups if RANKS.index(g[0]) > RANKS.index(LOW_BELOW)] if group_low else []
        out += [suit + g for g in groups if g not in low]
        if low:
            out.append(suit + "x")
    return tuple(out)


def choice_of(card: str, options: Iterable[str]) -> str:
    """The choice among ``options`` that holds ``card`` (the card itself when none does)."""
    return next((o for o in options if choice_contains(o, card)), card)


def played_order(columns: Sequence[Sequence[str | None]], strain: str, declarer: str) -> tuple[str, ...]:
    """PBN's play section (each trick's cards by seat, from the opening leader's column) as the
    cards in the order played, up to the first card not known."""
    play = Play(strain, declarer)
    order = seats_from(play.leader)
    cards: list[str] = []
    for trick in columns:
        by_seat = dict(zip(order, trick))
        leader = play.seat_to_play(len(cards))
        for seat in seats_from(leader):
            card = by_seat.get(seat)
            if card is None:
                return tuple(cards)
            cards.append(card)
            play = Play(strain, declarer, tuple(cards))
    return tuple(cards)


def play_columns(play: Play) -> tuple[tuple[str | None, ...], ...]:
    """The inverse of ``played_order``: each trick's cards by seat from the opening leader's column
    (PBN 3.6), a card not yet played None."""
    order = seats_from(play.leader)
    out = []
    for _leader, trick in play.tricks():
        by_seat = dict(trick)
        out.append(tuple(by_seat.get(s) for s in order))
    return tuple(out)


def parse_play(cards: Iterable[str], field: str = "play") -> tuple[str, ...]:
    return tuple(parse_card(c, f"{field}[{k}]") for k, c in enumerate(cards))


__all__ = ["Play", "PlayView", "parse_card", "parse_choice", "choice_cards", "choice_contains", "choice_symbol",
           "cards_by_suit", "choices", "choice_of", "position_name", "position_index", "parse_play", "played_order",
           "play_columns",
           "LOW_BELOW"]
