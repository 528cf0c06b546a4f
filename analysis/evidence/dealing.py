"""Deal the hands the player could not see, consistent with the auction: endplay's dealer, the
player's own hand fixed, every other seat's hand as its calls describe it, a fixed seed so that a
run can be repeated exactly. Constraints no deal can meet are refused in words, naming which."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from analysis.bridge import SEATS, SUIT_SYMBOLS, SUITS, player
from analysis.bridge.hands import HandRange, card_points, shape_and_points
from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped, Count, Listed, Message, Share
from analysis.vocabulary import Seat

if TYPE_CHECKING:
    from endplay.types import Deal, Hand

Seed = int | tuple[int, ...]
ATTEMPTS_PER_DEAL = 25_000     # shuffles tried per deal wanted before the dealer gives up
MAX_ATTEMPTS = 5_000_000
# the stacked phase's tries for the whole run, whatever the deals wanted: a stacked try costs
# about 40 shuffles, so this is about as long as MAX_ATTEMPTS shuffles (bench/simulate.py)
MAX_STACKED_TRIES = 150_000
PILOT_STACKED = 400            # stacked tries a cost estimate makes
ALONE_SAMPLE = 2000              # random deals used to say which constraint no deal meets


@dataclass(frozen=True)
class Dealt:
    deals: tuple[Deal, ...]
    wanted: int
    attempts: int                    # shuffles looked at
    stacked: int = 0                 # deals whose rarest hand was dealt to its description (stacking.py)
    stacked_seat: str = ""

    @property
    def acceptance(self) -> float:
        """The share of shuffles that met every constraint."""
        return (len(self.deals) - self.stacked) / self.attempts if self.attempts else 0.0

    @property
    def complete(self) -> bool:
        return len(self.deals) == self.wanted

    def words(self) -> Message:
        """"200 of 200 deals, 8,662 tried (acceptance 2.3%)"; with how many were dealt by stacking
        the rarest hand, and, when even that found too few, says so."""
        said = M_("{deals} of {wanted} deals, {tried} tried (acceptance {acceptance})", deals=len(self.deals),
                  wanted=self.wanted, tried=Count(self.attempts), acceptance=Share(self.acceptance, 1))
        if self.stacked:
            said = M_("{said}; {stacked} of them with {seat}'s hand dealt to its description (each such hand equally "
                      "likely), the shuffles being too few", said=said, stacked=self.stacked,
                      seat=Seat(self.stacked_seat).word)
        return said if self.complete else M_("{said}: fewer than asked, the constraints are rare", said=said)


def deal_unseen(known_seat: str, known_hand: str, ranges: dict[str, HandRange], wanted: int, seed: Seed,
                max_attempts: int | None = None) -> Dealt:
    """``wanted`` deals with ``known_hand`` (PBN, "AK97.Q64.A53.K82") at ``known_seat`` and each
    other seat's hand within its range. ``seed`` is a number, or numbers naming a stream of
    their own (numpy's RandomState reads either)."""
    from endplay.types import Hand
    hand = Hand(known_hand)
    impossible = _impossible(known_seat, hand, ranges)
    if impossible:
        raise HuddleInputError("constraints", M_("no deal can meet them: {problems}", problems=Listed(tuple(impossible), "; ")))
    shuffles = _Shuffles(known_seat, hand, seed)
    tests = [(s, r) for s, r in ranges.items() if s != known_seat and r.says_anything]
    limit = max_attempts or min(MAX_ATTEMPTS, ATTEMPTS_PER_DEAL * wanted)
    while len(shuffles.deals) < wanted and shuffles.tried < limit:
        first = shuffles.tried
        block = shuffles.next_block(min(BLOCK, limit - first))
        fitting = shuffles.fitting(block, tests).nonzero()[0][:wanted - len(shuffles.deals)]
        shuffles.keep(block, [first + int(k) for k in fitting], first)
    if len(shuffles.deals) == wanted:
        # endplay's dealer stops at the shuffle that gives the last deal wanted
        return Dealt(tuple(shuffles.deals), wanted, shuffles.last_kept + 1)
    # too rare for shuffling: the rest with the rarest hand dealt to its description. Both ways
    # draw from the same deals, each deal meeting every constraint equally likely.
    seat, stacked, _ = _stacked(shuffles, tests, wanted - len(shuffles.deals), seed)
    if not shuffles.deals and not stacked:
        raise HuddleInputError("constraints", M_("no deal met them in {tried} tries: {hardest}", tried=Count(shuffles.tried),
                                                 hardest=_hardest(known_seat, hand, tests, seed)))
    return Dealt(tuple(shuffles.deals + stacked), wanted, shuffles.tried, len(stacked), seat)


def _stacked(shuffles: _Shuffles, tests, needed: int, seed: Seed, limit: int | None = None) -> tuple[str, list, int]:
    """``needed`` deals with the seat whose description the fewest hands meet dealt to it
    (uniformly among those hands), the other unseen hands from the rest of the cards, shuffled, and
    kept when they meet their own descriptions; fewer when even that is too rare. With the tries
    made: at most ``limit`` (by default as many as the shuffles per deal, and MAX_STACKED_TRIES)."""
    if limit is None:
        limit = min(ATTEMPTS_PER_DEAL * needed, MAX_STACKED_TRIES)
    import numpy as np
    from analysis.evidence.stacking import Stacker
    suits = tuple(tuple(c.rank.value for c in shuffles.cards if c.suit.value == k) for k in range(4))
    stackers = {seat: Stacker(suits, wanted) for seat, wanted in tests}
    seat = min(stackers, key=lambda s: stackers[s].ways)
    stacker, others = stackers[seat], [(s, r) for s, r in tests if s != seat]
    random = np.random.RandomState((*(seed if isinstance(seed, tuple) else (seed,)), 3))     # a stream of its own
    rest_seats = [s for s in shuffles.seats if s != seat]
    index = {(c.suit.value, c.rank.value): i for i, c in enumerate(shuffles.cards)}
    out: list = []
    tries = 0
    while stacker.possible and len(out) < needed and tries < limit:
        tries += 1
        held = [index[card] for card in stacker.hand(random)]
        rest = sorted(set(range(len(shuffles.cards))) - set(held))
        random.shuffle(rest)
        hands = {s: rest[13 * k:13 * k + 13] for k, s in enumerate(rest_seats)}
        if all(r.admits_shape(tuple(int((shuffles.suit[hands[s]] == k).sum()) for k in range(4)),
                              int(shuffles.points[hands[s]].sum())) for s, r in others):
            out.append(shuffles.deal_of({seat: held, **hands}))
    return seat, out, tries


BLOCK = 4096          # shuffles looked at together


class _Shuffles:
    """The shuffles of endplay's dealer (its ``generate_deals``: one numpy RandomState from the
    seed, the unseen cards in its order, shuffled in place once per attempt and dealt to North,
    East, South, West in turn) made a block at a time, with each hand's shape and points read
    for the whole block at once. The deals are the ones endplay's dealer gives for the seed
    (tests/test_simulation.py compares them), found several times faster; only the deals kept
    are made into endplay's objects."""

    def __init__(self, known_seat: str, hand, seed: Seed) -> None:
        import numpy as np
        from endplay.types import Card, Deal, Denom, Rank
        self.predeal = Deal()
        self.predeal[player(known_seat)] = hand
        every = set(Card(suit=denom, rank=rank) for denom in Denom.suits() for rank in Rank)
        self.cards = list(every.difference(self.predeal.to_hand()))      # endplay's order, from its set
        self.suit = np.array([c.suit.value for c in self.cards], dtype=np.int8)
        self.points = np.array([card_points(c.rank.value) for c in self.cards], dtype=np.int8)
        self.order = np.arange(len(self.cards))
        self.random = np.random.RandomState(seed)
        self.seats: dict[str, slice] = {}
        at = 0
        for seat in SEATS:
            if seat != known_seat:
                self.seats[seat] = slice(at, at + 13)
                at += 13
        self.tried = 0
        self.deals: list = []
        self.last_kept = -1             # the attempt (from 0) that gave the last deal kept

    def next_block(self, size: int):
        import numpy as np
        block = np.empty((size, len(self.cards)), dtype=np.int16)
        for k in range(size):
            self.random.shuffle(self.order)
            block[k] = self.order
        self.tried += size
        return block

    def fitting(self, block, tests):
        import numpy as np
        fits = np.ones(len(block), dtype=bool)
        for seat, wanted in tests:
            cards = block[:, self.seats[seat]]
            suits = self.suit[cards]
            shapes = np.stack([(suits == k).sum(axis=1) for k in range(4)], axis=1)
            fits &= wanted.admits_many(shapes, self.points[cards].sum(axis=1))
        return fits

    def keep(self, block, attempts: list[int], first: int) -> None:
        for attempt in attempts:
            self.deals.append(self.deal_of({seat: block[attempt - first][where] for seat, where in self.seats.items()}))
            self.last_kept = attempt

    def deal_of(self, hands: dict):
        """endplay's deal: the known hand and each other seat's cards (indices into ``cards``)."""
        deal = self.predeal.copy()
        for seat, held in hands.items():
            deal[player(seat)].extend([self.cards[i] for i in held])
        return deal


def impossible_constraints(known_seat: str, known_hand: str, ranges: dict[str, HandRange]) -> list[str]:
    """What no deal can meet, in words (empty when a deal can): for a caller that wants to say
    which of its readings makes it so."""
    from endplay.types import Hand
    return _impossible(known_seat, Hand(known_hand), ranges)


def _impossible(known_seat: str, hand: Hand, ranges: dict[str, HandRange]) -> list[str]:
    """What no deal can meet, by counting: each range on its own, the points and the suit lengths
    the other three hands must share."""
    shape, points = shape_and_points(hand)
    out = [f"{Seat(s).english} '{r.text()}': {'; '.join(r.problems())}" for s, r in ranges.items() if r.problems()]
    others = [ranges.get(s, HandRange()) for s in SEATS if s != known_seat]
    left = 40 - points
    low, high = sum(r.hcp[0] for r in others), sum(r.hcp[1] for r in others)
    if low > left:
        out.append(M_("the other three hands hold {left} HCP, and the constraints ask for at least {low}", left=left, low=low))
    if high < left:
        out.append(M_("the other three hands hold {left} HCP, and the constraints allow at most {high}", left=left, high=high))
    for k, suit in enumerate(SUITS):
        left = 13 - shape[k]
        need = sum(r.lengths[k][0] for r in others)
        room = sum(r.lengths[k][1] for r in others)
        if need > left:
            out.append(M_("{left} {suit} are unseen, and the constraints ask for at least {need}", left=left,
                          suit=SUIT_SYMBOLS[suit], need=need))
        if room < left:
            out.append(M_("{left} {suit} are unseen, and the constraints allow at most {room}", left=left,
                          suit=SUIT_SYMBOLS[suit], room=room))
    return out


def _hardest(known_seat: str, hand, tests, seed: Seed) -> str:
    """Each seat's constraint alone against random deals: which of them almost no deal meets."""
    shuffles = _Shuffles(known_seat, hand, seed)
    sample = shuffles.next_block(ALONE_SAMPLE)
    rates = sorted(((int(shuffles.fitting(sample, [(s, r)]).sum()), s, r) for s, r in tests), key=lambda x: x[0])
    words = [M_("{seat} '{hand}' alone fits {met} of {sample} random deals", seat=Seat(s).word, hand=AsTyped(r.text()),
                met=Count(met), sample=Count(ALONE_SAMPLE)) for met, s, r in rates]
    return M_("{fits} (loosen the rarest, or check the readings of the calls)", fits=Listed(tuple(words), "; "))


@dataclass(frozen=True)
class DealingCost:
    """What dealing ``wanted`` deals to these descriptions will cost, measured on a pilot (one
    block of shuffles and, when shuffling alone will not do, a few hundred stacked tries) before
    the run: the server's seconds and how many deals the dealer's bounds will give."""

    wanted: int
    shuffled: tuple[int, int]              # (met every description, shuffles tried) in the pilot
    stacked: tuple[int, int] | None        # (met the others', stacked tries) in the pilot; None: not needed
    stacked_seat: str
    seconds: float                         # CPU seconds the run is expected to take
    expected_deals: float                  # within MAX_ATTEMPTS shuffles and MAX_STACKED_TRIES tries
    allowed: tuple[int, int] = (0, 0)      # (shuffles, stacked tries) the dealer will make at most

    @property
    def enough(self) -> bool:
        """The run is expected to give at least half of the deals asked."""
        return self.expected_deals >= self.wanted / 2

    def words(self) -> str:
        """"1 in 2,048 shuffled deals met every description"; with the stacked tries when they
        were needed."""
        said = M_("{met} shuffled deals met every description", met=_met(*self.shuffled))
        if self.stacked is not None:
            said = M_("{said}, and {met} with {seat}'s hand dealt to its description met the others'", said=said,
                      met=_met(*self.stacked), seat=Seat(self.stacked_seat).word)
        return said


def _met(hits: int, tried: int) -> str:
    return M_("1 in {n}", n=Count(round(tried / hits))) if hits else M_("none of {n}", n=Count(tried))


def dealing_cost(known_seat: str, known_hand: str, ranges: dict[str, HandRange], wanted: int,
                 seed: Seed) -> DealingCost:
    """The cost of ``deal_unseen(known_seat, known_hand, ranges, wanted, …)``, from a pilot on a
    stream of its own (a few tenths of a second at most). Refuses, as the dealer does, what no
    deal can meet."""
    import time
    from endplay.types import Hand
    hand = Hand(known_hand)
    impossible = _impossible(known_seat, hand, ranges)
    if impossible:
        raise HuddleInputError("constraints", M_("no deal can meet them: {problems}", problems=Listed(tuple(impossible), "; ")))
    pilot = (*(seed if isinstance(seed, tuple) else (seed,)), 7)
    shuffles = _Shuffles(known_seat, hand, pilot)
    tests = [(s, r) for s, r in ranges.items() if s != known_seat and r.says_anything]
    started = time.process_time()
    hits = int(shuffles.fitting(shuffles.next_block(BLOCK), tests).sum())
    per_shuffle, share = (time.process_time() - started) / BLOCK, hits / BLOCK
    limit = min(MAX_ATTEMPTS, ATTEMPTS_PER_DEAL * wanted)
    if share * limit >= wanted:
        return DealingCost(wanted=wanted, shuffled=(hits, BLOCK), stacked=None, stacked_seat="", seconds=wanted / share * per_shuffle,
                           expected_deals=wanted, allowed=(limit, 0))
    seconds, got = limit * per_shuffle, share * limit
    started = time.process_time()
    seat, found, tries = _stacked(shuffles, tests, PILOT_STACKED, pilot, limit=PILOT_STACKED)
    per_try = (time.process_time() - started) / max(tries, 1)
    stacked = len(found) / tries if tries else 0.0
    stacked_limit = min(ATTEMPTS_PER_DEAL * (wanted - got), MAX_STACKED_TRIES)
    expected = min(float(wanted), got + stacked * stacked_limit)
    seconds += ((wanted - got) / stacked if expected == wanted else stacked_limit) * per_try
    return DealingCost(wanted=wanted, shuffled=(hits, BLOCK), stacked=(len(found), tries), stacked_seat=seat, seconds=seconds,
                       expected_deals=expected, allowed=(limit, round(stacked_limit)))


__all__ = ["Dealt", "DealingCost", "Seed", "deal_unseen", "dealing_cost", "ATTEMPTS_PER_DEAL"]
