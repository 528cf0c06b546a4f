"""Exact scoring: contract scores, the IMP scale, weighted IMPs, knockout averaging, artificial
scores, cross-IMPs and Butler. Matchpointing lives in ``analysis.bridge.matchpoints``.

Every result is an ``int`` or a ``fractions.Fraction``; nothing here rounds.
"""
from __future__ import annotations

import math
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Sequence

from analysis.bridge import is_vulnerable, seat, side_of, vulnerability
from analysis.errors import HuddleInputError
from analysis.language import AsTyped, ContractWords, Count, M_, MP_, N_
from analysis.limits import MAX_SCORE
from analysis.numbers import fraction_str, parse_fraction
from analysis.vocabulary import SOURCE, Catalog, read_played_contract

IMP_FORMS = ("imps", "butler", "cross-imps")            # forms of scoring in IMPs
FIELD_FORMS = ("matchpoints", "butler", "cross-imps")   # scored against the field, not the other table

# ---------------------------------------------------------------- contract scores

@dataclass(frozen=True)
class PlayedContract:
    """A contract with its declarer and the number of tricks declarer took."""

    level: int
    strain: str          # C, D, H, S or NT
    penalty: str         # "", "X" or "XX"
    declarer: str        # N, E, S or W
    tricks: int

    def __post_init__(self):
        if not 1 <= self.level <= 7:
            raise HuddleInputError("contract", M_("level {level} is impossible (1 to 7)", level=self.level))
        if not 0 <= self.tricks <= 13:
            raise HuddleInputError("contract", M_("{tricks} tricks is impossible (0 to 13)", tricks=self.tricks))

    @classmethod
    def parse(cls, text: str, declarer: str) -> "PlayedContract":
        """A contract as files write it ("4SX-3", "3NT+1", "4♠X=", "7NTXX="), its declarer given
        separately."""
        return cls.read(text, declarer, SOURCE)

    @classmethod
    def read(cls, text: str, declarer: str, lang: Catalog) -> "PlayedContract":
        """A contract as a director types it in ``lang`` or English ("4C=" in German is 4♥ made,
        "3SA+1", "4P-1"), its declarer given separately."""
        raw = str(text).strip()
        typed = read_played_contract(raw, lang, "contract")
        level, strain, result = typed.bid.level, typed.bid.strain.value, typed.result or 0
        tricks = level + 6 + result
        if tricks > 13:
            raise HuddleInputError("contract", M_("'{raw}' would be {tricks} tricks; there are only 13", raw=AsTyped(raw), tricks=tricks))
        if tricks < 0:
            raise HuddleInputError("contract", M_("'{raw}' is down {down}; {contract} can go down at most {most}",
                                                  raw=AsTyped(raw), down=-result, contract=typed.bid.word, most=level + 6))
        return cls(level, strain, typed.penalty.value, seat(declarer, "declarer"), tricks)

    @property
    def bid(self) -> str:
        """"4SX": the contract's bid and penalty, as files write it."""
        return f"{self.level}{self.strain}{self.penalty}"

    @property
    def result(self) -> int:
        return self.tricks - self.level - 6

    def declarer_score(self, vulnerable: bool) -> int:
        """Declarer's side's score by the Law 77 table (tests/test_scoring_vectors.py checks it
        against endplay's on every contract, result and vulnerability)."""
        multiplier = {"": 1, "X": 2, "XX": 4}[self.penalty]
        if self.result < 0:
            return -_undertricks(-self.result, multiplier, vulnerable)
        per_trick = 20 if self.strain in "CD" else 30
        contracted = multiplier * (per_trick * self.level + (10 if self.strain == "NT" else 0))
        score = contracted + (((500 if vulnerable else 300) if contracted >= 100 else 50)
                              + {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(self.level, 0)
                              + {1: 0, 2: 50, 4: 100}[multiplier])
        overtrick = per_trick if multiplier == 1 else multiplier * (100 if vulnerable else 50)
        return score + self.result * overtrick

    def ns_score(self, vul: str) -> int:
        """North-South's score (Law 77)."""
        score = self.declarer_score(is_vulnerable(vulnerability(vul), self.declarer))
        return score if side_of(self.declarer) == "NS" else -score

    def __str__(self) -> str:
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{self.strain}{self.penalty}{result} by {self.declarer}"

    def words(self) -> str:
        """As a director says it: "4♠ doubled by South, 2 down", "3NT by East, made with an overtrick"."""
        r = self.result
        made = (M_("made") if r == 0 else M_("{n} down", n=-r) if r < 0
                else MP_("made with an overtrick", "made with {n} overtricks", n=r))
        return M_("{contract}, {result}", contract=ContractWords(f"{self.level}{self.strain}", self.penalty,
                                                                  self.declarer), result=made)


def _undertricks(down: int, multiplier: int, vulnerable: bool) -> int:
    """Law 77's penalty for ``down`` undertricks: 50 (100 vulnerable) each undoubled; doubled,
    100 / 200 / 200 / 300… not vulnerable or 200 / 300… vulnerable; redoubled, twice doubled."""
    if multiplier == 1:
        return down * (100 if vulnerable else 50)
    doubled = (200 + 300 * (down - 1)) if vulnerable else (100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0))
    return doubled * multiplier // 2


def contract_score(text: str, declarer: str, vul: str) -> int:
    """North-South score of a played contract, e.g. contract_score("4SX-3", "S", "both") == -800."""
    return PlayedContract.parse(text, declarer).ns_score(vul)


# ---------------------------------------------------------------- IMPs

# Law 78B: the lower bound of each IMP band (20–40 is 1 IMP, ..., 4000 and more is 24).
IMP_BANDS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
             1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int | Fraction) -> int:
    """IMPs for a points difference (WBF scale, Law 78B); the sign follows the difference.
    A difference that is not a multiple of 10 takes the band whose lower bound it reaches."""
    value = Fraction(difference)
    return int(math.copysign(bisect_right(IMP_BANDS, abs(value)), value)) if value else 0


# ---------------------------------------------------------------- weighted scores

@dataclass(frozen=True)
class WeightedScore:
    """An assigned score weighted over several results (Law 12C1(c)): (NS score, weight) pairs."""

    components: tuple[tuple[int, Fraction], ...]
    # scores the director listed at weight 0 (the cancelled action, as the seeds write it): left out
    left_out: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self):
        comps = tuple((int(s), Fraction(w)) for s, w in self.components)
        if not comps:
            raise HuddleInputError("weights", M_("a weighted score needs at least one result with a weight above 0"))
        for s, w in comps:
            if w < 0 or w > 1:
                too = (M_("weight {w} on {s} is negative (each weight is from 0 to 1; a result at 0 is left out)",
                          w=fraction_str(w), s=s) if w < 0 else
                       M_("weight {w} on {s} is more than 1 (each weight is from 0 to 1)", w=fraction_str(w), s=s))
                raise HuddleInputError("weights", too)
            if w == 0:
                raise HuddleInputError("weights", M_("weight 0 on {s}: leave that result out", s=s))
        total = sum(w for _, w in comps)
        if total != 1:
            raise HuddleInputError("weights", M_("weights sum to {total}, not 1", total=fraction_str(total)))
        object.__setattr__(self, "components", comps)

    @classmethod
    def parse(cls, text: str, field: str = "adjusted") -> "WeightedScore":
        """"400:1/3 -50:1/3 420:1/6 -50:1/6"; weights as fractions, decimals or percentages."""
        pairs = []
        for item in str(text).replace(",", " ").split():
            if ":" not in item:
                raise HuddleInputError(field, M_("'{item}' should be score:weight, e.g. 400:1/3", item=AsTyped(item)))
            score_text, weight_text = item.split(":", 1)
            pairs.append((parse_score(score_text, field), parse_fraction(weight_text, field)))
        # Law 12C1(c): the cancelled action gets no weight; a director who lists it at 0 means just that
        left_out = tuple(s for s, w in pairs if w == 0)
        try:
            return cls(tuple((s, w) for s, w in pairs if w != 0), left_out)
        except HuddleInputError as exc:
            raise exc.at(field) from None

    @classmethod
    def single(cls, score: int) -> "WeightedScore":
        return cls(((score, Fraction(1)),))

    def expected_score(self) -> Fraction:
        """Σ w·s: shown for information only; never IMPed or matchpointed (Law 12C1(c) practice)."""
        return sum((w * s for s, w in self.components), Fraction(0))

    def negated(self) -> "WeightedScore":
        return WeightedScore(tuple((-s, w) for s, w in self.components))

    def to_dict(self) -> dict:
        return {"components": [{"score": s, "weight": fraction_str(w)} for s, w in self.components]}


def parse_score(text: str, field: str = "score") -> int:
    """A bridge score: a whole number of points, a multiple of 10."""
    raw = str(text).strip().replace("−", "-")
    if not re.match(r"^[+-]?\d{1,6}$", raw):
        shown = raw if len(raw) <= 12 else raw[:12] + "…"
        raise HuddleInputError(field, M_("'{shown}' is not a score (a whole number such as 420 or -50)", shown=AsTyped(shown)))
    value = int(raw)
    if abs(value) > MAX_SCORE:
        raise HuddleInputError(field, M_("{value} is beyond any bridge score (at most {max_score} either way)", value=value,
                                         max_score=Count(MAX_SCORE)))
    if value % 10:
        raise HuddleInputError(field, M_("'{text}' is not a bridge score (scores are multiples of 10)", text=AsTyped(text)))
    return value


def weighted_imps(adjusted: WeightedScore, other_table: int) -> Fraction:
    """IMPs at the adjusted table: each component IMPed against the other table, then weighted
    (Kooijman's commentary, Law 12C1(c)); the IMPs of the expected score are never used."""
    return sum((w * imps(s - other_table) for s, w in adjusted.components), Fraction(0))


def knockout_average(team_imps: Fraction | int, other_team_imps: Fraction | int) -> tuple[Fraction, Fraction]:
    """Knockout play has one result per board: average the two sides' separately computed IMPs
    (ACBL LAWS.033 p.24, old Law 86B). Returns (team, other team)."""
    team = (Fraction(team_imps) - Fraction(other_team_imps)) / 2
    return team, -team


@dataclass(frozen=True)
class SeriousErrorSplit:
    """Law 12C1(e) (2017): consequent damage redressed, subsequent damage not (Kooijman's commentary on the 2017 Laws)."""

    actual: int               # A: NOS IMPs actually scored
    no_infraction: int        # N: NOS IMPs had the infraction not occurred
    after_infraction: int     # P: NOS IMPs after the infraction with normal play
    consequent_damage: int    # D = max(0, N - P)
    non_offenders: int        # A + D
    offenders: int            # -N: "as the consequence of its infraction only"

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def serious_error_split(actual: int, no_infraction: int, after_infraction: int) -> SeriousErrorSplit:
    damage = max(0, no_infraction - after_infraction)
    return SeriousErrorSplit(actual=actual, no_infraction=no_infraction, after_infraction=after_infraction, consequent_damage=damage,
                             non_offenders=actual + damage, offenders=-no_infraction)


# ---------------------------------------------------------------- artificial scores

ARTIFICIAL_SHARES = {"ave-": Fraction(2, 5), "ave": Fraction(1, 2), "ave+": Fraction(3, 5)}
ARTIFICIAL_WORDS = {"ave-": N_("average minus"), "ave": N_("average"), "ave+": N_("average plus")}
ARTIFICIAL_IMPS = {"ave-": -3, "ave": 0, "ave+": 3}  # Law 12C2(b) (2017)


def artificial_kind(kind: str) -> str:
    key = kind.strip().lower().replace("average", "ave").replace(" ", "").replace("plus", "+").replace("minus", "-")
    if key not in ARTIFICIAL_SHARES:
        raise HuddleInputError("artificial score", M_("unknown kind '{kind}' (ave-, ave or ave+)", kind=AsTyped(kind)))
    return key


def artificial_matchpoints(kind: str, top: int | Fraction) -> Fraction:
    """Law 12C2(a): average minus 40%, average 50%, average plus 60% of the top."""
    return ARTIFICIAL_SHARES[artificial_kind(kind)] * Fraction(top)


def artificial_imps(kind: str) -> int:
    """Law 12C2(b): +3 / 0 / -3 IMPs."""
    return ARTIFICIAL_IMPS[artificial_kind(kind)]


def session_percentage_rule(kind: str, session_percentage: Fraction | int, boards: int) -> Fraction:
    """Law 12C2(c): a non-offender on over 60% for the session gets that instead of 60%; an
    offender under 40% gets that instead of 40%. ``session_percentage`` is the session result with
    this board entered at the artificial value; the percentage "on the other boards" is taken."""
    kind = artificial_kind(kind)
    if kind == "ave":
        return Fraction(50)
    if boards < 2:
        raise HuddleInputError("boards", M_("the session rule needs at least 2 boards in the session"))
    entered = ARTIFICIAL_SHARES[kind] * 100
    others = (Fraction(session_percentage) * boards - entered) / (boards - 1)
    return max(entered, others) if kind == "ave+" else min(entered, others)


def average_minus_or_table(table_matchpoints: Fraction | int, top: int | Fraction) -> Fraction:
    """Law 25 purposeful change (ACBL practice, Duplicate Decisions): average minus or the table result,
    whichever is worse for the offenders."""
    return min(Fraction(table_matchpoints), artificial_matchpoints("ave-", top))


# ---------------------------------------------------------------- pairs IMPs

def cross_imps(scores: Sequence[int], average: bool = True) -> list[Fraction]:
    """Each score IMPed against every other; averaged over n-1 (or summed)."""
    n = len(scores)
    if n < 2:
        raise HuddleInputError("scores", M_("cross-IMPs need at least two scores"))
    return [cross_imps_against(s, [*scores[:i], *scores[i + 1:]], average) for i, s in enumerate(scores)]


def butler_default_trim(n: int) -> int:
    """Scores dropped at each end before the datum: none up to 3 results, then
    ceil((n-10)/15)+1 (the drop rule of the widely used bridge-scorer library)."""
    return 0 if n <= 3 else max(0, math.ceil((n - 10) / 15) + 1)


HALVES = {"away from zero": N_("halves away from zero (-475 → -480, 475 → 480)"),
          "up": N_("halves up (-475 → -470, 475 → 480)")}


def round_to_ten(value: Fraction, halves: str = "away from zero") -> int:
    """Nearest multiple of 10; an exact half away from zero, or up (towards plus) when ``halves``
    is "up"."""
    if halves == "up":
        return 10 * math.floor(value / 10 + Fraction(1, 2))
    tens = abs(value) / 10
    whole = int(tens) + (1 if tens - int(tens) >= Fraction(1, 2) else 0)
    return int(math.copysign(whole * 10, value)) if value else 0


@dataclass(frozen=True)
class ButlerResult:
    datum: int
    imps: tuple[int, ...]
    trimmed: int
    mean: Fraction = Fraction(0)    # the mean of the scores kept, before rounding to 10


def butler(scores: Sequence[int], trim: int | Callable[[int], int] | None = None,
           halves: str = "away from zero") -> ButlerResult:
    """Butler IMPs: datum = mean after dropping ``trim`` scores at each end, rounded to 10."""
    n = len(scores)
    if n == 0:
        raise HuddleInputError("scores", M_("Butler scoring needs at least one score"))
    k = butler_default_trim(n) if trim is None else (trim(n) if callable(trim) else int(trim))
    if k < 0 or 2 * k >= n:
        raise HuddleInputError("trim", M_("cannot drop {k} scores at each end of {n}", k=k, n=n))
    kept = sorted(scores)[k:n - k]
    mean = Fraction(sum(kept), len(kept))
    datum = round_to_ten(mean, halves)
    return ButlerResult(datum, tuple(imps(s - datum) for s in scores), k, mean)


@dataclass(frozen=True)
class ButlerDatum:
    """How the event works out its Butler datum: how many scores it drops at each end (None:
    the default rule, ``butler_default_trim``), whether the adjusted table's own score is among
    the scores averaged (as scoring programs take the datum over all the board's results, by
    default it is; with it in, each weighted component has its own datum), and how an exact half
    rounds to the nearest 10 (away from zero by default, the usual convention)."""

    drop_each_end: int | None = None
    with_this_table: bool = True
    halves: str = "away from zero"

    def datum(self, field: Sequence[int], this_table: int) -> int:
        return self.worked_out(field, this_table).datum

    def worked_out(self, field: Sequence[int], this_table: int) -> ButlerResult:
        try:
            return butler([*field, this_table] if self.with_this_table else list(field), self.drop_each_end,
                          self.halves)
        except HuddleInputError as exc:
            raise exc.at("butler_datum.drop_each_end") from None

    def describe(self, field: Sequence[int]) -> str:
        """The rule in a sentence, e.g. "the mean of the 7 other tables with 1 dropped at each
        end, rounded to the nearest 10"."""
        n = len(field) + (1 if self.with_this_table else 0)
        drop = butler_default_trim(n) if self.drop_each_end is None else self.drop_each_end
        tables = M_("the {n} other tables and this one", n=n - 1) if self.with_this_table else \
            M_("the {n} other tables", n=n)
        dropped = M_("with {drop} dropped at each end", drop=drop) if drop else M_("with none dropped")
        mean = M_("the mean of {tables} {dropped}, rounded to the nearest 10", tables=tables, dropped=dropped)
        return mean if self.halves == "away from zero" else M_("{mean} (halves up)", mean=mean)

    def to_dict(self) -> dict:
        return {"drop_each_end": self.drop_each_end, "with_this_table": self.with_this_table, "halves": self.halves}

    @classmethod
    def from_dict(cls, data: Any, where: str = "butler_datum") -> "ButlerDatum":
        if data is None:
            return cls()
        if not isinstance(data, dict) or set(data) - {"drop_each_end", "with_this_table", "halves"}:
            raise HuddleInputError(where, M_("must be an object with drop_each_end (a count or null), with_this_table and halves"))
        drop = data.get("drop_each_end")
        if drop is not None and (isinstance(drop, bool) or not isinstance(drop, int) or not 0 <= drop <= 1000):
            raise HuddleInputError(f"{where}.drop_each_end", M_("{drop} must be a count of scores (0 or more) or null",
                                                                drop=AsTyped(repr(drop))))
        with_table = data.get("with_this_table", True)
        if with_table not in (True, False):
            raise HuddleInputError(f"{where}.with_this_table", M_("must be true or false"))
        halves = data.get("halves", "away from zero")
        if halves not in HALVES:
            raise HuddleInputError(f"{where}.halves", M_("'{value}' must be one of {choices}", value=AsTyped(str(halves)[:20]),
                                                         choices=', '.join(HALVES)))
        return cls(drop, with_table, halves)


def butler_imps(score: int, field: Sequence[int], rule: ButlerDatum) -> tuple[int, int]:
    """One North-South score's Butler IMPs against the field's datum: (IMPs, datum)."""
    datum = rule.datum(field, score)
    return imps(score - datum), datum


def weighted_butler(adjusted: WeightedScore, field: Sequence[int], rule: ButlerDatum) -> Fraction:
    """Law 12C1(c) at Butler: each component IMPed against the datum, then weighted."""
    return sum((w * butler_imps(s, field, rule)[0] for s, w in adjusted.components), Fraction(0))


def cross_imps_against(score: int, field: Sequence[int], average: bool = True) -> Fraction:
    """One score cross-IMPed against every other table: summed, or averaged over the other tables."""
    if not field:
        raise HuddleInputError("field", M_("cross-IMPs need the other tables' scores"))
    total = sum(imps(score - other) for other in field)
    return Fraction(total, len(field)) if average else Fraction(total)


def weighted_cross_imps(adjusted: WeightedScore, field: Sequence[int], average: bool = True) -> Fraction:
    """Law 12C1(c) at cross-IMPs: each component cross-IMPed against the field, then weighted."""
    return sum((w * cross_imps_against(s, field, average) for s, w in adjusted.components), Fraction(0))

