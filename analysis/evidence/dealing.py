"""Deal the hands the player could not see, consistent with the auction: endplay's dealer, the
player's own hand fixed, every other seat's hand as its calls describe it, a fixed seed so that a
run can be repeated exactly. Constraints no deal can meet are refused in words, naming which."""
from __future__ import annotations

import importlib
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analysis.bridge import SEAT_NAMES, SEATS, SUIT_SYMBOLS, SUITS, player
from analysis.bridge.hands import HandRange, shape_and_points
from analysis.errors import HuddleInputError
from analysis.numbers import percent

if TYPE_CHECKING:
    from endplay.types import Deal, Hand

ATTEMPTS_PER_DEAL = 1000         # shuffles tried per deal wanted before the dealer gives up
MAX_ATTEMPTS = 1_000_000
ALONE_SAMPLE = 2000              # random deals used to say which constraint no deal meets


@dataclass(frozen=True)
class Dealt:
    deals: tuple[Deal, ...]
    wanted: int
    attempts: int

    @property
    def acceptance(self) -> float:
        """The share of shuffles that met every constraint."""
        return len(self.deals) / self.attempts if self.attempts else 0.0

    @property
    def complete(self) -> bool:
        return len(self.deals) == self.wanted

    def words(self) -> str:
        """"200 of 200 deals, 8,662 tried (acceptance 2.3%)", and when the constraints were too rare
        for all the deals asked, says so."""
        return (f"{len(self.deals)} of {self.wanted} deals, {self.attempts:,} tried (acceptance "
                f"{percent(self.acceptance, 1)})" + ("" if self.complete else ": fewer than asked, the constraints "
                                                                              "are rare"))


def deal_unseen(known_seat: str, known_hand: str, ranges: dict[str, HandRange], wanted: int, seed: int,
                max_attempts: int | None = None) -> Dealt:
    """``wanted`` deals with ``known_hand`` (PBN, "AK97.Q64.A53.K82") at ``known_seat`` and each
    other seat's hand within its range."""
    from endplay.types import Deal, Hand
    hand = Hand(known_hand)
    impossible = _impossible(known_seat, hand, ranges)
    if impossible:
        raise HuddleInputError("constraints", "no deal can meet them: " + "; ".join(impossible))
    predeal = Deal()
    predeal[player(known_seat)] = hand
    tests = [(player(s), r) for s, r in ranges.items() if s != known_seat and r.says_anything]
    tried = 0

    def fits(deal: Deal) -> bool:
        nonlocal tried
        tried += 1
        return all(r.admits(deal[p]) for p, r in tests)

    limit = max_attempts or min(MAX_ATTEMPTS, ATTEMPTS_PER_DEAL * wanted)
    generate = importlib.import_module("endplay.dealer.generate")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", generate.DealNotGeneratedWarning)
        deals = tuple(generate.generate_deals(fits, predeal=predeal, produce=wanted, seed=seed, max_attempts=limit))
    if not deals:
        raise HuddleInputError("constraints", f"no deal met them in {tried:,} tries: " + _hardest(predeal, tests, seed))
    return Dealt(deals, wanted, tried)


def _impossible(known_seat: str, hand: Hand, ranges: dict[str, HandRange]) -> list[str]:
    """What no deal can meet, by counting: each range on its own, the points and the suit lengths
    the other three hands must share."""
    shape, points = shape_and_points(hand)
    out = [f"{SEAT_NAMES[s]} '{r.text()}': {'; '.join(r.problems())}" for s, r in ranges.items() if r.problems()]
    others = [ranges.get(s, HandRange()) for s in SEATS if s != known_seat]
    left = 40 - points
    low, high = sum(r.hcp[0] for r in others), sum(r.hcp[1] for r in others)
    if low > left:
        out.append(f"the other three hands hold {left} HCP, and the constraints ask for at least {low}")
    if high < left:
        out.append(f"the other three hands hold {left} HCP, and the constraints allow at most {high}")
    for k, suit in enumerate(SUITS):
        left = 13 - shape[k]
        need = sum(r.lengths[k][0] for r in others)
        room = sum(r.lengths[k][1] for r in others)
        if need > left:
            out.append(f"{left} {SUIT_SYMBOLS[suit]} are unseen, and the constraints ask for at least {need}")
        if room < left:
            out.append(f"{left} {SUIT_SYMBOLS[suit]} are unseen, and the constraints allow at most {room}")
    return out


def _hardest(predeal: Deal, tests, seed: int) -> str:
    """Each seat's constraint alone against random deals: which of them almost no deal meets."""
    generate = importlib.import_module("endplay.dealer.generate")
    sample = list(generate.generate_deals(predeal=predeal, produce=ALONE_SAMPLE, seed=seed))
    rates = sorted(((sum(r.admits(d[p]) for d in sample), p, r) for p, r in tests), key=lambda x: x[0])
    words = [f"{SEAT_NAMES[SEATS[int(p)]]} '{r.text()}' alone fits {met} of {ALONE_SAMPLE:,} random deals"
             for met, p, r in rates]
    return "; ".join(words) + " (loosen the rarest, or check the readings of the calls)"


__all__ = ["Dealt", "deal_unseen", "ATTEMPTS_PER_DEAL"]
