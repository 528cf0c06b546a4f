"""One hand dealt straight from its description, when shuffling finds too few deals: the smart
stacking of redeal (a hand's shape and points chosen in proportion to the number of hands that
have them, then a hand of that kind chosen uniformly), so every hand the description admits is
equally likely and no deal is favoured. The other unseen hands get the rest of the cards, shuffled,
and are checked against their own descriptions as shuffling does.

The count behind it: a suit's holdings of a given length and points number
C(spot cards, length − honours) for each set of honours (A K Q J) with those points; a hand's
shape and points, the product over its four suits. The known hand's cards are not among them.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from math import comb

from analysis.bridge.hands import HandRange, card_points

HONOUR_RANKS = (1 << 14, 1 << 13, 1 << 12, 1 << 11)      # A K Q J, as endplay's rank values (bits)


def _counts(honours: tuple[int, ...], spots: int) -> dict[tuple[int, int], int]:
    """(length, points) → how many holdings of the suit's unseen cards have them."""
    out: dict[tuple[int, int], int] = {}
    for k in range(len(honours) + 1):
        for chosen in combinations(honours, k):
            points = sum(card_points(r) for r in chosen)
            for extra in range(spots + 1):
                key = (k + extra, points)
                out[key] = out.get(key, 0) + comb(spots, extra)
    return out


def _convolved(vectors: list[dict[int, int]]) -> dict[int, int]:
    """Points → number of ways, for suits taken together."""
    out = {0: 1}
    for vector in vectors:
        joined: dict[int, int] = {}
        for a, x in out.items():
            for b, y in vector.items():
                joined[a + b] = joined.get(a + b, 0) + x * y
        out = joined
    return out


def _pick(weights, random):
    """An item drawn in proportion to its whole-number weight (exactly, however large)."""
    total = sum(w for _, w in weights)
    pick = random.randint(0, total) if total < 2 ** 31 else int(random.random_sample() * total)
    for item, weight in weights:
        if pick < weight:
            return item
        pick -= weight
    return weights[-1][0]


class Stacker:
    """Hands for one seat, uniformly among the 13-card hands of the unseen cards that its
    description admits. ``suits``: each suit's unseen cards as rank values, in ♠ ♥ ♦ ♣ order."""

    def __init__(self, suits: tuple[tuple[int, ...], ...], wanted: HandRange) -> None:
        self.honours = tuple(tuple(r for r in ranks if r in HONOUR_RANKS) for ranks in suits)
        self.spots = tuple(tuple(r for r in ranks if r not in HONOUR_RANKS) for ranks in suits)
        counts = [_counts(h, len(s)) for h, s in zip(self.honours, self.spots)]
        # suit → length → points → ways
        self.by_length: list[dict[int, dict[int, int]]] = [{} for _ in counts]
        for suit, counted in enumerate(counts):
            for (length, points), ways in counted.items():
                self.by_length[suit].setdefault(length, {})[points] = ways
        self.kinds: list = []            # ((shape, total points), ways)
        for shape in product(*(sorted(lengths) for lengths in self.by_length)):
            if sum(shape) != 13:
                continue
            for points, ways in _convolved([self.by_length[k][n] for k, n in enumerate(shape)]).items():
                if wanted.admits_shape(shape, points):
                    self.kinds.append(((shape, points), ways))

    @property
    def possible(self) -> bool:
        return bool(self.kinds)

    @property
    def ways(self) -> int:
        """How many hands of the unseen cards the description admits."""
        return sum(w for _, w in self.kinds)

    def hand(self, random) -> list[tuple[int, int]]:
        """One hand as (suit index, rank value) cards: its shape and points drawn in proportion to
        how many hands have them, each suit's points likewise, then each holding uniformly."""
        shape, points = _pick(self.kinds, random)
        cards: list[tuple[int, int]] = []
        left = points
        for suit, length in enumerate(shape):
            rest = _convolved([self.by_length[k][n] for k, n in enumerate(shape) if k > suit])
            own = [(p, ways * rest.get(left - p, 0)) for p, ways in self.by_length[suit][length].items()]
            chosen = _pick([(p, w) for p, w in own if w], random)
            left -= chosen
            cards += [(suit, rank) for rank in self._holding(suit, length, chosen, random)]
        return cards

    def _holding(self, suit: int, length: int, points: int, random) -> list[int]:
        """A uniform holding of ``length`` cards with ``points`` from the suit's unseen cards."""
        honours, spots = self.honours[suit], self.spots[suit]
        chosen = _pick([(c, comb(len(spots), length - len(c))) for c in _honour_sets(honours, points)
                        if 0 <= length - len(c) <= len(spots)], random)
        extra = random.choice(len(spots), length - len(chosen), replace=False) if length > len(chosen) else []
        return list(chosen) + [spots[int(i)] for i in extra]


@lru_cache(maxsize=None)
def _honour_sets(honours: tuple[int, ...], points: int) -> tuple[tuple[int, ...], ...]:
    return tuple(chosen for k in range(len(honours) + 1) for chosen in combinations(honours, k)
                 if sum(card_points(r) for r in chosen) == points)


__all__ = ["Stacker"]
