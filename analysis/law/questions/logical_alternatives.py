"""Logical alternatives from a poll under a named policy (Law 16B1(b), 2017), with how firm each
verdict is.

The verdict reads the poll as it stands, as the law does; beside it come the Wilson (or
Clopper–Pearson) interval of the tested share, the Jeffreys posterior probability that the true
share meets the policy's threshold, "firm" or "uncertain", and how many more pollees would settle
an uncertain verdict. The definitions follow the project's LA-policy reference exactly.
"""
from __future__ import annotations

import functools
import re

from dataclasses import dataclass, field, replace

from fractions import Fraction
from typing import Iterable, NamedTuple

from analysis.distributions import beta_ppf, beta_sf, normal_ppf
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Capital, Count, Listed, Message, Share
from analysis.numbers import fraction_str, parse_fraction, percent
from analysis.vocabulary import SOURCE, Call, CardChoice, Catalog, Firmness, LAVerdict, Strain, find_choice

FIRM_LOW, FIRM_HIGH = 0.10, 0.90
# A verdict is called firm only from this many answers on (docs/logical-alternatives.md): with
# fewer, one answer more or less can turn it, whatever the probability says.
MIN_FIRM_POLL = 5
MAX_MORE_POLLEES = 100


@dataclass(frozen=True)
class ActionCount:
    """One action's counts in a poll: every pollee is in exactly one chose(·); close(X) chose
    something else but would pick X at least a third of the time; considered_only(X) seriously
    considered X and is in neither group."""

    action: str
    chose: int = 0
    close: int = 0
    considered_only: int = 0

    @property
    def considered(self) -> int:
        return self.chose + self.close + self.considered_only

    @property
    def might_select(self) -> int:
        return self.chose + self.close


class ShareTest(NamedTuple):
    """The share a policy's threshold tests: which count (``tested``: "considered" or "chose"),
    the threshold, and whether the share must exceed it (strict) or only reach it."""

    tested: str
    threshold: Fraction
    strict: bool


class DecidingTest(NamedTuple):
    """The test that decided a verdict, as a share of the poll against a bound: ``k`` of the
    poll's pollees meet ``threshold`` (exceed it when strict). ``words`` names it for a reader."""

    words: str
    k: int
    threshold: Fraction
    strict: bool


class Interval(NamedTuple):
    """A share's interval at the poll's level (Wilson or Clopper–Pearson)."""

    low: float
    high: float


@dataclass(frozen=True)
class Policy:
    """How a jurisdiction reads a poll. A parameter left as None is not tested."""

    name: str
    consider_min: Fraction | None = None
    consider_strict: bool = False
    select_min_count: int | None = None
    select_min_share: Fraction | None = None
    no_la_above: Fraction | None = None
    source: str = ""
    title: str = ""                 # the policy in a director's words; the name is for files and commands
    short_name: str = ""            # the policy named in a sentence, where SHORT_NAMES does not say it

    @property
    def shown(self) -> str:
        return self.title or self.name

    @property
    def short(self) -> str:
        """The policy named in a sentence: "WBF 2017", "EBU 2004"."""
        return self.short_name or SHORT_NAMES.get(self.name, self.shown.split(":")[0])

    def verdict(self, r: ActionCount, n: int, table_chose: int, name: object) -> tuple[LAVerdict, str]:
        """This policy's verdict on one action of a poll of ``n`` ("LA" or "not LA") and the reason:
        its tests in order, the first that fails giving the reason."""
        verdict, reason, _ = self.decided(r, n, table_chose, name)
        return verdict, reason

    def decided(self, r: ActionCount, n: int, table_chose: int, name: object
                ) -> tuple[LAVerdict, str, DecidingTest | None]:
        """The verdict, its reason, and the test that decided it: a share against a bound (whose
        uncertainty the verdict carries), or None for a test on a count alone ("nobody might
        select it") or no test at all. Its tests in order, the first that fails deciding."""
        above = None if self.no_la_above is None else DecidingTest(
            f"chose the table action, more than {self.no_la_above}", table_chose, self.no_la_above, True)
        if above is not None and Fraction(table_chose, n) > above.threshold:
            return LAVerdict.NOT_LA, M_("{share} pollees chose the table action, more than {bound}: under {policy} "
                                        "no other action is a logical alternative.", share=_pct(table_chose, n),
                                        bound=fraction_str(above.threshold), policy=self.short), above
        passed, binding = [], None
        if self.consider_min is not None:
            share = Fraction(r.considered, n)
            ok = share > self.consider_min if self.consider_strict else share >= self.consider_min
            bound = M_("more than {share}", share=fraction_str(self.consider_min)) if self.consider_strict else \
                M_("at least {share}", share=fraction_str(self.consider_min))
            binding = DecidingTest(f"considered {name}, {bound}", r.considered, self.consider_min, self.consider_strict)
            if not ok:
                return LAVerdict.NOT_LA, M_("Only {share} pollees seriously considered {action}; {policy} asks for "
                                            "{bound}.", share=_pct(r.considered, n), action=name, policy=self.short,
                                            bound=bound), binding
            passed.append(M_("{share} pollees seriously considered {action} ({bound} needed)",
                             share=_pct(r.considered, n), action=name, bound=bound))
        chose: DecidingTest | None = None
        if self.select_min_share is not None:
            chose = DecidingTest(f"chose {name}, at least {self.select_min_share}", r.chose, self.select_min_share,
                                 False)
            if Fraction(r.chose, n) < self.select_min_share:
                return LAVerdict.NOT_LA, M_("Only {share} pollees chose {action}; {policy} asks for at least {bound} "
                                            "who would make the call.", share=_pct(r.chose, n), action=name,
                                            policy=self.short, bound=fraction_str(self.select_min_share)), chose
            passed.append(M_("{share} pollees chose {action} (at least {bound} needed)", share=_pct(r.chose, n),
                             action=name, bound=fraction_str(self.select_min_share)))
            binding = binding or chose
        if self.select_min_count is not None and r.might_select < self.select_min_count:
            return LAVerdict.NOT_LA, M_("{action} was seriously considered but no pollee would select it: it is not "
                                        "an action some might select.", action=Capital(name)), None
        if self.select_min_count is not None:
            passed.append(M_("{count} might select it", count=r.might_select))
        if not passed:
            return LAVerdict.NOT_LA, M_("{policy} sets no test {action} could pass.", policy=self.short, action=name), None
        # an LA passed every test: the least firm of them gives its range and the pollees still needed;
        # its chance is that every one holds at once (held_chance), the table action's share included
        shares = [t for t in (above, binding, chose) if t is not None]
        return LAVerdict.LA, M_("{tests}: a logical alternative under {policy}.", tests=Listed(tuple(passed), "; "),
                                policy=self.short), _least_firm(shares, n)

    def held_chance(self, r: ActionCount, n: int, table_chose: int) -> float:
        """For an action this policy finds a logical alternative: the chance that every share test
        it passed holds at once among the player's peers (its own share meets each bound, the table
        action's stays within its own): the product of each test's chance. The tests read one poll,
        so they are not independent (a pollee who chose the table action did not choose this one):
        the product is an approximation, close where the shares are far from their bounds. An LA is
        firm when this is 90% or more, not when each test alone is."""
        chance = 1.0
        if self.no_la_above is not None:
            chance *= 1 - p_meets(table_chose, n, self.no_la_above, True)
        if self.consider_min is not None:
            chance *= p_meets(r.considered, n, self.consider_min, self.consider_strict)
        if self.select_min_share is not None:
            chance *= p_meets(r.chose, n, self.select_min_share, False)
        return chance

    def share_test(self) -> ShareTest | None:
        """The share the policy's threshold tests, or None when it tests no share."""
        if self.consider_min is not None:
            return ShareTest("considered", self.consider_min, self.consider_strict)
        if self.select_min_share is not None:
            return ShareTest("chose", self.select_min_share, False)
        return None


def _least_firm(tests: list[DecidingTest], n: int) -> DecidingTest | None:
    """Of the share tests a verdict passed, the one whose outcome is least certain (its chance of
    meeting its bound nearest one half)."""
    return min(tests, key=lambda t: abs(p_meets(t.k, n, t.threshold, t.strict) - 0.5), default=None)


# the policies named in a sentence, as the catalogs translate them
SHORT_NAMES = {"wbf2017": N_("WBF 2017"), "ebu": N_("EBU"), "one-in-four": N_("the one-in-four regulation"),
               "ebu-2004": N_("EBU 2004"), "acbl-25": N_("ACBL's former rule")}
PRESETS: dict[str, Policy] = {p.name: p for p in (
    Policy("wbf2017", Fraction(1, 5), select_min_count=1,
           source=N_("the WBF's words, a significant proportion, with no number; 20% is borrowed from the EBU"),
           title=N_("WBF 2017: a significant proportion, read as 1 in 5")),
    Policy("ebu", Fraction(1, 5), select_min_count=1,
           source=N_("EBU White Book 8.16.6.1: at least one player in five; some might select"),
           title=N_("EBU: 1 in 5 would consider it, and some would choose it")),
    Policy("one-in-four", Fraction(1, 4), consider_strict=True, select_min_count=1,
           no_la_above=Fraction(3, 4),
           source=N_("regulation quoted on the BBO forums, 2010: more than one in four; over 75% no LA"),
           title=N_("More than 1 in 4 would consider it (over 3 in 4: no alternative)")),
    Policy("ebu-2004", select_min_share=Fraction(3, 10), no_la_above=Fraction(7, 10),
           source=N_("EBU White Book 2004: 3 or more in 10 would make the call; over 7 in 10 no LA"),
           title=N_("EBU 2004: 3 in 10 would choose it (over 7 in 10: no alternative)")),
    Policy("acbl-25", Fraction(1, 4), source=N_("the historical ACBL 25% rule"),
           title=N_("ACBL's former rule: 1 in 4 would consider it")),
)}


def policy_citation(chosen: Policy, laws: str) -> str:
    """Where a policy's test stands, under the edition a case is ruled by: the Law that defines a
    logical alternative in that edition, then the policy's own source."""
    from analysis.law.laws.editions import law
    return M_("{law}, {laws} Laws; {source}", law=law('logical alternative', laws), laws=laws, source=chosen.source)


def in_edition(chosen: Policy, laws: str) -> Policy:
    """The policy named by the edition of the Laws it is applied under: the WBF's definition is
    the same words in 2007 and 2017 (Law 16B1(b)), so a 2007 ruling reads under "WBF 2007"."""
    if chosen.name != "wbf2017" or laws != "2007":
        return chosen
    title = N_("WBF 2007: a significant proportion, read as 1 in 5") if chosen.title == PRESETS["wbf2017"].title \
        else chosen.title.replace("WBF 2017", "WBF 2007")
    return replace(chosen, title=title, short_name=N_("WBF 2007"))


def policy_title(name: str) -> str:
    """A preset's name in a director's words (for a picker's labels); other names as they are."""
    preset = PRESETS.get(str(name))
    return preset.shown if preset else str(name)


def policy(name: str, consider_min: Fraction | str | None = None, **custom) -> Policy:
    """A preset by name (wbf2017's consider_min may be changed), or "custom" with parameters."""
    key = str(name).strip().lower()
    if key == "custom":
        chosen = Policy("custom", **{"title": "A policy of the director's own", **custom})
    elif key in PRESETS:
        chosen = PRESETS[key]
    else:
        raise HuddleInputError("policy", M_("'{name}' is not a policy; use one of {choices} or custom", name=AsTyped(name),
                                            choices=', '.join(PRESETS)))
    if consider_min is not None:
        if chosen.name not in ("wbf2017", "custom"):
            raise HuddleInputError("consider-min", M_("the {policy} policy fixes its own threshold; only wbf2017 and "
                                                      "custom take one", policy=AsTyped(chosen.short)))
        value = consider_min if isinstance(consider_min, Fraction) else parse_fraction(str(consider_min), "consider-min")
        if not 0 < value < 1:
            raise HuddleInputError("consider-min", M_("must be between 0 and 1"))
        if value != chosen.consider_min:
            chosen = replace(chosen, consider_min=value,
                             title=M_("{policy}: considered by at least {share}", policy=chosen.short,
                                      share=Share(value, 0 if value * 100 == int(value * 100) else 1)))
    return chosen


def with_threshold(base: Policy, threshold: Fraction) -> Policy:
    """The policy with the share its threshold tests set to ``threshold`` (its other tests kept):
    what a committee tries when it asks "and at 30%?"."""
    if not 0 < threshold < 1:
        raise HuddleInputError("threshold", M_("must be between 0 and 1"))
    test = base.share_test()
    if test is None:
        raise HuddleInputError("threshold", M_("the {policy} policy has no share threshold to change",
                                               policy=AsTyped(base.short)))
    name = f"{base.name} at {percent(threshold)}"
    title = M_("{policy}, threshold moved to {share}", policy=base.short, share=Share(threshold))
    if test.tested == "considered":
        return replace(base, name=name, title=title, consider_min=threshold)
    return replace(base, name=name, title=title, select_min_share=threshold)


# ---------------------------------------------------------------- uncertainty

def wilson_interval(k: int, n: int, level: float = 0.95) -> Interval:
    z = normal_ppf(0.5 + level / 2)
    centre = (k + z * z / 2) / (n + z * z)
    half = z / (n + z * z) * (k * (n - k) / n + z * z / 4) ** 0.5
    # the interval holds the observed share k/n; at 0 of n and n of n it ends exactly there
    # (floating point leaves 3e-17 over: a chart's error bar below zero)
    low = 0.0 if k == 0 else min(max(0.0, centre - half), k / n)
    high = 1.0 if k == n else max(min(1.0, centre + half), k / n)
    return Interval(low, high)


def clopper_pearson_interval(k: int, n: int, level: float = 0.95) -> Interval:
    alpha = 1 - level
    low = 0.0 if k == 0 else beta_ppf(alpha / 2, k, n - k + 1)
    high = 1.0 if k == n else beta_ppf(1 - alpha / 2, k + 1, n - k)
    return Interval(low, high)


def p_meets(k: int, n: int, threshold: Fraction | float, strict: bool = False) -> float:
    """P(true share ≥ threshold) (> when strict: the same for a continuous posterior) under the
    Jeffreys posterior Beta(k + 1/2, n − k + 1/2)."""
    return beta_sf(float(threshold), k + 0.5, n - k + 0.5)


FIRM_LEVEL = FIRM_HIGH - FIRM_LOW        # the central range a firm verdict's bound lies outside: 80%


def firm_range(k: int, n: int) -> Interval:
    """The central 80% range of the share among all the player's peers (the Jeffreys posterior
    Beta(k + 1/2, n − k + 1/2), the pollees taken as a sample of those peers). A verdict is firm
    exactly when its test's bound lies outside this range (p_meets at most 10% or at least 90%)."""
    return Interval(beta_ppf(FIRM_LOW, k + 0.5, n - k + 0.5), beta_ppf(FIRM_HIGH, k + 0.5, n - k + 0.5))


@functools.lru_cache(maxsize=4096)
def settle_chance(k: int, n: int, m: int, threshold: Fraction | float, strict: bool = False) -> float:
    """The chance that, after ``m`` more pollees, the verdict is firm: the next answers drawn from
    the posterior predictive (beta-binomial with the Jeffreys posterior), not assumed to keep
    today's share. Kept per counts, as ``more_pollees`` is: every page of a case asks them again."""
    import numpy as np
    from scipy import stats
    j = np.arange(m + 1)
    firm = np.array([is_firm(p_meets(k + int(x), n + m, threshold, strict)) for x in j])
    return float((stats.betabinom.pmf(j, m, k + 0.5, n - k + 0.5) * firm).sum())


def is_firm(probability: float) -> bool:
    return probability <= FIRM_LOW or probability >= FIRM_HIGH


@functools.lru_cache(maxsize=4096)
def more_pollees(k: int, n: int, threshold: Fraction | float, strict: bool = False) -> int | None:
    """The fewest extra pollees m ≤ 100 after which the same share, k·(n+m)/n rounded half up,
    would give a firm verdict; None when no such m exists (a share on the threshold never settles)."""
    for m in range(1, MAX_MORE_POLLEES + 1):
        scaled = Fraction(k * (n + m), n)
        k_more = int(scaled + Fraction(1, 2))      # half up
        if is_firm(p_meets(k_more, n + m, threshold, strict)):
            return m
    return None


# ---------------------------------------------------------------- verdicts



@dataclass(frozen=True)
class Verdict:
    action: str
    counts: ActionCount
    verdict: LAVerdict
    interval: Interval
    p_meets: float | None             # P(the deciding test's share meets its bound), Jeffreys posterior
    confidence: Firmness | None       # firm, uncertain or too few answers yet (under 5 answers)
    more_pollees: int | None
    reason: str
    decided_by: str = ""              # the test whose uncertainty p_meets and confidence are
    firm_range: Interval | None = None    # the deciding share's central 80% range (firm outside it)
    settle_chance: float | None = None    # the chance more_pollees more answers settle it

    @property
    def is_logical_alternative(self) -> bool:
        return self.verdict is LAVerdict.LA

    def in_words(self) -> Message:
        """"4♠: chose 3, close 1, considered 4: LA (firm)"."""
        c = self.counts
        values = dict(action=action_word(self.action), chose=c.chose, close=c.close, considered=c.considered,
                      verdict=self.verdict.word)
        if self.confidence:
            return M_("{action}: chose {chose}, close {close}, considered {considered}: {verdict} ({confidence})",
                      confidence=self.confidence.word, **values)
        return M_("{action}: chose {chose}, close {close}, considered {considered}: {verdict}", **values)

    def to_dict(self) -> dict:
        c = self.counts
        return {"action": self.action, "chose": c.chose, "close": c.close, "considered": c.considered,
                "might_select": c.might_select, "verdict": self.verdict,
                "interval": [round(self.interval.low, 4), round(self.interval.high, 4)],
                "p_meets": None if self.p_meets is None else round(self.p_meets, 4),
                "confidence": self.confidence, "more_pollees": self.more_pollees, "reason": self.reason,
                "decided_by": self.decided_by,
                "firm_range": None if self.firm_range is None else [round(self.firm_range.low, 4),
                                                                    round(self.firm_range.high, 4)],
                "settle_chance": None if self.settle_chance is None else round(self.settle_chance, 4)}


@dataclass(frozen=True)
class LAResult:
    """The poll read under one policy: a verdict per action."""

    policy: Policy
    poll_size: int
    table_action: str
    verdicts: tuple[Verdict, ...]
    interval_method: str = "wilson"
    level: float = 0.95
    notes: tuple[str, ...] = field(default=())

    @property
    def logical_alternatives(self) -> tuple[str, ...]:
        return tuple(v.action for v in self.verdicts if v.is_logical_alternative)

    def verdict(self, action: str) -> Verdict:
        key = action_key(action)
        for v in self.verdicts:
            if action_key(v.action) == key:
                return v
        raise HuddleInputError("action", M_("'{action}' is not an action of this poll", action=AsTyped(action)))

    def tested(self, v: Verdict) -> int:
        """The pollees the policy's threshold counts for an action (considered it, or chose it)."""
        test = self.policy.share_test()
        return v.counts.chose if test is not None and test.tested == "chose" else v.counts.considered

    def tested_range(self, v: Verdict) -> Interval:
        """The central 80% range of the tested share among the player's peers: what the poll chart
        draws and the command prints beside "firm"."""
        return firm_range(self.tested(v), self.poll_size)

    def to_dict(self) -> dict:
        return {"policy": self.policy.name, "poll_size": self.poll_size,
                "actions": [v.to_dict() for v in self.verdicts]}


def counts_from_text(text: str | None, field: str, lang: Catalog, labels: bool = False) -> dict[str, tuple[str, int]]:
    """ "4S=6 X=2 Pass=2" (or "4P=6 Contre=2 Passe=2" in French) → {action: (action, count)}, each
    action as files write it ("4S", "X", "P"); with ``labels``, any action ``read_action`` reads."""
    from analysis.limits import MAX_POLL_COUNT
    out: dict[str, tuple[str, int]] = {}
    for item in (text or "").replace(",", " ").split():
        typed, sep, count = item.rpartition("=")
        if not sep or not typed or not count.lstrip("-").isdecimal():
            raise HuddleInputError(field, M_("'{item}' should be ACTION=COUNT, e.g. {example}", item=AsTyped(item),
                                             example=Message("{call}=2", call=Call.P.word)))
        if len(count) > 6 or int(count) < 0 or int(count) > MAX_POLL_COUNT:
            raise HuddleInputError(field, M_("'{item}': a count is a number of pollees, 0 to {most}",
                                             item=AsTyped(item[:30]), most=Count(MAX_POLL_COUNT)))
        action = read_action(typed, lang, field, labels)
        if action in out:
            raise HuddleInputError(field, M_("'{action}' is given twice", action=AsTyped(typed)))
        out[action] = (action, int(count))
    return out


ACTION_EXAMPLES = (Call("4S").word, Call.P.word, CardChoice("SK"))


def read_action(text: str, lang: Catalog, field: str = "action", labels: bool = False) -> str:
    """A call ("Passe" → "P", "4♠" → "4S") or a card or choice of cards ("♠R" → "SK", "un petit ♠"
    → "Sx") typed in ``lang`` or English, as files write it; anything else is refused, naming
    ``field``. With ``labels`` (a poll of the calculator's), also a suit to lead ("H" or "cœur" →
    "♥") and any other action as a label as typed ("duck"), but never one that starts as a bid."""
    call = Call.lookup(text, lang)
    if call is not None:
        return call.value
    choice = find_choice(text, lang)
    if choice is not None:
        return choice
    if labels:
        strain = Strain.lookup(text, lang)
        if strain is not None and strain.is_suit:
            return strain.symbol
        label = " ".join(str(text).split())
        if label and len(label) <= MAX_LABEL and not re.match(r"[1-7]", label):
            return label
    raise HuddleInputError(field, M_("'{action}' is not a call or a card (e.g. {examples})", action=AsTyped(str(text)[:40]),
                                     examples=Listed(ACTION_EXAMPLES)))


MAX_LABEL = 40


def parse_action(action: str, field: str = "action") -> str:
    """An action as files write it: a call ("Pass" → "P", "4♠" → "4S") or a card or choice of
    cards ("♠K" → "SK", "a low ♠" → "Sx")."""
    return read_action(action, SOURCE, field)


def action_key(action: str) -> str:
    """Calls are matched whatever their spelling ("Pass" = "P", "4♠" = "4S"), cards and choices
    of cards likewise ("♠K" = "SK", "a low ♠" = "Sx"); other actions by their text."""
    try:
        return parse_action(action)
    except HuddleInputError:
        return " ".join(str(action).split()).lower()


def logical_alternatives(counts: Iterable[ActionCount], table_action: str, policy_: Policy | str = "wbf2017",
                         interval_method: str = "wilson", level: float = 0.95) -> LAResult:
    """Law 16B1(b): the verdict for each action of a poll under a policy."""
    chosen_policy = policy(policy_) if isinstance(policy_, str) else policy_
    rows = _checked_counts(list(counts), table_action)
    n = sum(r.chose for r in rows)
    if n == 0:
        raise HuddleInputError("poll", M_("the poll has no answers (nobody chose any action)"))
    for r in rows:
        if r.considered > n:
            raise HuddleInputError(f"counts for {r.action}", M_("{counted} pollees counted, but the poll has only {n}",
                                                                counted=r.considered, n=n))
    if interval_method not in ("wilson", "clopper-pearson"):
        raise HuddleInputError("interval", M_("'{interval_method}' must be wilson or clopper-pearson",
                                              interval_method=AsTyped(interval_method)))
    table = action_key(table_action)
    table_chose = next(r.chose for r in rows if action_key(r.action) == table)
    verdicts = tuple(_verdict(r, n, action_key(r.action) == table, table_chose, chosen_policy,
                              interval_method, level) for r in rows)
    return LAResult(policy=chosen_policy, poll_size=n, table_action=table_action, verdicts=verdicts, interval_method=interval_method,
                    level=level)


def _checked_counts(rows: list[ActionCount], table_action: str) -> list[ActionCount]:
    seen: set[str] = set()
    for r in rows:
        for name in ("chose", "close", "considered_only"):
            value = getattr(r, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise HuddleInputError(f"counts for {r.action}", M_("{name} must be a whole number ≥ 0, not {value}", name=name,
                                                                    value=AsTyped(repr(value))))
        key = action_key(r.action)
        if key in seen:
            raise HuddleInputError("actions", M_("'{action}' is listed twice", action=AsTyped(r.action)))
        seen.add(key)
    if not str(table_action).strip():
        raise HuddleInputError("table action", M_("name the action taken at the table"))
    if action_key(table_action) not in seen:
        rows.append(ActionCount(table_action))
    return rows


def _pct(k: int, n: int) -> str:
    return M_("{k} of {n} ({share}%)", k=k, n=n, share=round(100 * k / n))


def action_name(action: str) -> str:
    """How an action is written for a reader of English: calls with suit symbols ("4♠", "Pass"),
    cards and choices of cards likewise ("♠K", "♠K/Q", "a low ♠")."""
    return str(action_word(action))


def action_word(action: str):
    """An action as a bridge word said in each language (``action_name`` in English)."""
    call = Call.lookup(action, SOURCE)
    if call is not None:
        return call.word
    choice = find_choice(action, SOURCE)
    return CardChoice(choice) if choice is not None else action


def _verdict(r: ActionCount, n: int, is_table: bool, table_chose: int, p: Policy,
             method: str, level: float) -> Verdict:
    test = p.share_test()
    k = r.considered if test is None or test.tested == "considered" else r.chose
    interval = (wilson_interval if method == "wilson" else clopper_pearson_interval)(k, n, level)
    name = action_word(r.action)
    if is_table:
        return Verdict(action=r.action, counts=r, verdict=LAVerdict.TABLE_ACTION, interval=interval, p_meets=None, confidence=None,
                       more_pollees=None,
                       reason=M_("{action} is the action taken at the table.", action=Capital(name)))
    # the uncertainty is the deciding test's: "over 3 in 4 chose the table action" is a share of
    # the table action; "nobody might select it" is a count, with no uncertainty to give
    verdict, reason, deciding = p.decided(r, n, table_chose, name)
    if deciding is None:
        probability, confidence, more = None, None, None
    else:
        # an LA holds only if every test it passed holds at once: its chance and firmness are that
        # joint chance; a verdict of no LA rests on the one test that failed
        held = verdict is LAVerdict.LA
        probability = p.held_chance(r, n, table_chose) if held else p_meets(deciding.k, n, deciding.threshold,
                                                                              deciding.strict)
        if n < MIN_FIRM_POLL:
            confidence = Firmness.TOO_FEW
            more = max(MIN_FIRM_POLL - n, more_pollees(deciding.k, n, deciding.threshold, deciding.strict) or 0)
        else:
            firm = probability >= FIRM_HIGH if held else is_firm(probability)
            confidence = Firmness.FIRM if firm else Firmness.UNCERTAIN
            more = None if confidence is Firmness.FIRM else more_pollees(deciding.k, n, deciding.threshold,
                                                                  deciding.strict)
    return Verdict(action=r.action, counts=r, verdict=verdict, interval=interval, p_meets=probability, confidence=confidence,
                   more_pollees=more, reason=reason,
                   decided_by="" if deciding is None else deciding.words,
                   firm_range=None if deciding is None else firm_range(deciding.k, n),
                   settle_chance=None if deciding is None or not more else settle_chance(deciding.k, n, more,
                                                                             deciding.threshold, deciding.strict))


__all__ = ["ActionCount", "LAVerdict", "in_edition", "counts_from_text",
           "Policy", "PRESETS", "policy", "policy_title", "with_threshold", "LAResult", "Verdict", "logical_alternatives",
           "wilson_interval", "clopper_pearson_interval", "ShareTest", "Interval", "p_meets", "more_pollees", "action_key", "parse_action",
           "action_name"]
