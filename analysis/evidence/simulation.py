"""Evidence for the judgments a poll cannot give, from dealt hands.

The player knew his own hand and the auction. Deal the other three hands many times, consistent
with what the auction said about them (analysis.evidence.readings), once without and once with
what the unauthorized information suggested about partner's hand. On every deal, play each
polled action's final contract double dummy, score it in the event's form of scoring for the
player's side, and compare it with the table action on the same deal.

Question 3 (did the UI demonstrably suggest the action taken over the alternative?) gets a
sentence of evidence: how often the table action beat each alternative with the inference and
without it. The outcome tree gets suggested trick weights per alternative. Both are evidence for
the director, never the verdict: double-dummy play is not the play at the table, the readings of
the calls are the director's, and a few hundred deals leave an interval, which is shown.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import Callable

from analysis.bridge import hand_pbn, partner_of, player, side_of
from analysis.bridge.double_dummy import declarer_tricks
from analysis.bridge.hands import HandRange
from analysis.bridge.scoring import PlayedContract, WeightedScore
from analysis.errors import HuddleInputError
from analysis.language import AsTyped, Count, ENGLISH, Language, Listed, M_, Message, N_, Share
from analysis.evidence.dealing import (impossible_constraints, MAX_ATTEMPTS, MAX_STACKED_TRIES, DealingCost, Dealt, Seed, dealing_cost,
                                       deal_unseen)
from analysis.evidence.readings import CallReading, call_readings, inference_presets, seat_ranges
from analysis.law.adjustment.assigned import side_value
from analysis.law.case import Case
from analysis.law.questions.law16 import ui_noun
from analysis.law.questions.logical_alternatives import Interval, action_name, action_word, wilson_interval
from analysis.law.case.simulation import FinalContract, SimulationSettings
from analysis.numbers import display
from analysis.vocabulary import Call, Seat
from analysis.vocabulary import Strain

Progress = Callable[[str, float], None]       # (what is being done, share done 0..1)


@dataclass(frozen=True)
class Outcome:
    """One action's final contract played double dummy on every deal of a run."""

    action: str
    contract: FinalContract
    tricks: tuple[int, ...]
    values: tuple[Fraction, ...]      # for the player's side, in the event's unit

    @property
    def mean(self) -> Fraction:
        return sum(self.values, Fraction(0)) / len(self.values)

    def trick_weights(self) -> tuple[tuple[int, Fraction], ...]:
        """How often declarer took each number of tricks: a suggested set of outcome-tree weights."""
        counts = Counter(self.tricks)
        return tuple((t, Fraction(counts[t], len(self.tricks))) for t in sorted(counts, reverse=True))


@dataclass(frozen=True)
class Comparison:
    """The table action against one alternative, deal by deal, for the player's side."""

    action: str
    table_better: int
    equal: int
    alternative_better: int

    @property
    def deals(self) -> int:
        return self.table_better + self.equal + self.alternative_better

    @property
    def share(self) -> float:
        """The share of deals on which the table action scored better than the alternative."""
        return self.table_better / self.deals

    def interval(self, level: float = 0.95) -> Interval:
        return wilson_interval(self.table_better, self.deals, level)


@dataclass(frozen=True)
class Run:
    """One set of deals: without the inference, or with it."""

    label: str
    dealt: Dealt
    outcomes: tuple[Outcome, ...]
    comparisons: tuple[Comparison, ...]

    def outcome(self, action: str) -> Outcome:
        return next(o for o in self.outcomes if o.action == action)

    def comparison(self, action: str) -> Comparison:
        return next(c for c in self.comparisons if c.action == action)


@dataclass(frozen=True)
class Simulation:
    """The result: the readings used, the inference, and the two runs."""

    case_id: str
    seed: int
    wanted: int
    player: str
    partner: str
    known_hand: str
    table_action: str
    unit: str
    readings: tuple[CallReading, ...]
    ranges: tuple[tuple[str, HandRange], ...]
    inference: HandRange
    inference_words: str
    ui: str
    without: Run
    with_inference: Run

    @property
    def alternatives(self) -> tuple[str, ...]:
        return tuple(c.action for c in self.without.comparisons)

    @cached_property
    def met_without(self) -> int:
        """How many of the deals dealt without the inference already meet it (partner's hand)."""
        return sum(self.inference.admits(d[player(self.partner)]) for d in self.without.dealt.deals)

    @property
    def inference_bites(self) -> bool:
        """The inference changes the hands dealt: it says something, and fewer than 95% of the
        deals dealt without it already meet it (a range that nearly every hand meets leaves the
        two runs dealing the same kind of hands, and their difference says nothing)."""
        return self.inference.says_anything and self.met_without < NEARLY_ALL * len(self.without.dealt.deals)

    def difference(self, action: str, level: float = 0.95) -> tuple[float, Interval]:
        """How much more often the table action beats ``action`` with the inference than without,
        with its interval: Newcombe's hybrid score interval for two proportions (the runs' deals
        drawn apart, each with its Wilson interval)."""
        w, wo = self.with_inference.comparison(action), self.without.comparison(action)
        (l1, u1), (l2, u2) = w.interval(level), wo.interval(level)
        d = w.share - wo.share
        return d, Interval(d - ((w.share - l1) ** 2 + (u2 - wo.share) ** 2) ** 0.5,
                           d + ((u1 - w.share) ** 2 + (wo.share - l2) ** 2) ** 0.5)

    def q3_evidence(self, action: str) -> Message:
        """Question 3's sentence of evidence for one alternative."""
        table, alt = action_word(self.table_action), action_word(action)
        if not self.inference_bites:
            dealt = len(self.without.dealt.deals)
            why = (N_("none was stated") if not self.inference.says_anything else
                   M_("{met} of {dealt} deals dealt without the one stated already meet it", met=self.met_without,
                      dealt=dealt))
            return M_("No inference narrows partner's hand here ({why}): the simulation shows nothing about whether "
                      "{ui} suggests {table} over {alt}. State what it suggests about partner's hand.",
                      why=why, ui=self.ui, table=table, alt=alt)
        w, wo = self.with_inference.comparison(action), self.without.comparison(action)
        d, (low, high) = self.difference(action)
        said = M_("With the inference, {table} beats {alt} on {with_share} of deals; without it, on {without_share}: "
                  "a difference of {difference} (95% interval {low} to {high}, Newcombe's, the runs' deals drawn "
                  "apart)", table=table, alt=alt, with_share=Share(w.share), without_share=Share(wo.share),
                  difference=Points(d), low=Points(low), high=Points(high))
        if low > 0:
            return M_("{said}: {ui} makes {table} more attractive than {alt}.", said=said, ui=self.ui, table=table,
                      alt=alt)
        if high < 0:
            return M_("{said}: {ui} makes {table} less attractive than {alt}, not more.", said=said, ui=self.ui,
                      table=table, alt=alt)
        return M_("{said}: the interval holds no difference, so at {with_deals} and {without_deals} deals these hands "
                  "show no clear suggestion either way.", said=said, with_deals=w.deals, without_deals=wo.deals)

    def results_table(self) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """(columns, rows): each action's contract, its mean without and with the inference, and
        how often the table action beat it, with the interval (a dash for the table action). Each
        cell a message a report says in its language."""
        table = action_word(self.table_action)
        columns = (N_("action"), N_("contract"), M_("mean without ({unit})", unit=self.unit),
                   M_("mean with ({unit})", unit=self.unit), M_("{call} better, without", call=table),
                   M_("{call} better, with", call=table))
        rows = []
        for a in (self.table_action, *self.alternatives):
            shares: list[str] = []
            for run in (self.without, self.with_inference):
                c = None if a == self.table_action else run.comparison(a)
                shares.append("—" if c is None else Message("{share} ({low}–{high})", share=Share(c.share),
                                                             low=Share(c.interval().low), high=Share(c.interval().high)))
            rows.append((Message("{action}", action=action_word(a)),
                         Message("{contract}", contract=self.with_inference.outcome(a).contract),
                         display(self.without.outcome(a).mean, "wbf1"), display(self.with_inference.outcome(a).mean, "wbf1"),
                         *shares))
        return columns, tuple(rows)

    def trick_spreads(self) -> dict[tuple[str, str, str], tuple[tuple[int, Fraction], ...]]:
        """{(action, contract, declarer): suggested trick weights}, from the deals with the
        inference (partner's hand as it really was, as far as the UI tells)."""
        return {(o.action, o.contract.bid + o.contract.penalty, o.contract.declarer): o.trick_weights()
                for o in self.with_inference.outcomes}

    def to_dict(self) -> dict:
        def run(r: Run) -> dict:
            return {"label": r.label, "deals": len(r.dealt.deals), "attempts": r.dealt.attempts,
                    "acceptance": round(r.dealt.acceptance, 6),
                    "outcomes": [{"action": o.action, "contract": o.contract.text(), "mean": str(o.mean),
                                  "tricks": {str(t): str(w) for t, w in o.trick_weights()}} for o in r.outcomes],
                    "comparisons": [{"action": c.action, "table_better": c.table_better, "equal": c.equal,
                                     "alternative_better": c.alternative_better,
                                     "interval": [round(x, 4) for x in c.interval()]} for c in r.comparisons]}
        return {"case": self.case_id, "seed": self.seed, "deals": self.wanted, "player": self.player,
                "known_hand": self.known_hand, "table_action": self.table_action, "unit": self.unit,
                "readings": [r.to_dict() for r in self.readings],
                "hands": {s: r.text() for s, r in self.ranges}, "inference": self.inference.text(),
                "inference_words": self.inference_words, "without": run(self.without),
                "with_inference": run(self.with_inference),
                "q3": {a: self.q3_evidence(a) for a in self.alternatives}}


@dataclass(frozen=True)
class Points:
    """A difference of shares in percentage points, signed: "+34 points", "−2 points", "+1 point"."""

    x: float

    def said(self, lang: Language) -> str:
        points = round(100 * self.x)
        signed = f"{'+' if points > 0 else '−' if points < 0 else ''}{abs(points)}"
        return lang.ngettext("{points} point", "{points} points", abs(points)).format(points=signed)

    def __str__(self) -> str:
        return self.said(ENGLISH)


NEARLY_ALL = 0.95


def q3_beside(case: Case) -> Message:
    """What the simulation's evidence sits beside: the director's finding on question 3 and the
    pollees' answers to Q4, as recorded with the case."""
    inputs = case.findings
    found = {True: N_("yes"), False: N_("no"), None: N_("not decided")}[inputs.suggested.finding]
    reason = inputs.suggested.reason.rstrip(".")
    words = (M_("The director's finding on question 3: {found} ({reason}).", found=found, reason=AsTyped(reason))
             if reason else M_("The director's finding on question 3: {found}.", found=found))
    if not inputs.q4:
        return words
    named, answers = inputs.q4
    return Message("{finding} {q4}", finding=words, q4=M_("Q4: {named} of {answers} pollees said {ui} suggests {call}.",
                                                         named=named, answers=answers, ui=ui_noun(case),
                                                         call=action_word(case.action_in_question())))


# ---------------------------------------------------------------- settings from the case

def final_contracts(case: Case, settings: SimulationSettings | None = None) -> dict[str, FinalContract]:
    """The final contract each action leads to: the director's map, else the outcome tree's most
    likely contract for the action, and for the table action the contract played; for an action
    with none of these, the auction ending on it (Case.likely_contract)."""
    out: dict[str, FinalContract] = {}
    if case.ruling is not None:
        for _, tree in case.ruling.adjustment.trees():
            for branch in tree.branches:
                chosen = max(branch.contracts, key=lambda c: c.weight, default=None)
                if chosen is None or chosen.declarer is None or chosen.contract.upper() in ("P", "PASS"):
                    continue
                out.setdefault(branch.action, FinalContract.parse(f"{chosen.contract} by {chosen.declarer}"))
    for action in polled_actions(case):
        likely = case.likely_contract(action) if action not in out else None
        if likely is not None:
            out[action] = FinalContract.parse(f"{likely[0]} by {likely[1]}")
    table = case.table_result.contract if case.table_result is not None else None
    if table is not None and case.action_index is not None:
        played = FinalContract(f"{table.level}{table.strain}", table.penalty, table.declarer)
        out[case.board.auction.calls[case.action_index].call] = played
    out.update((settings or SimulationSettings()).contracts)
    return out


def polled_actions(case: Case) -> tuple[str, ...]:
    """The actions to compare: the poll's (or the director's alternatives) and the table action;
    with neither yet, Pass beside the table action."""
    inputs = case.ruling
    actions = ([c.action for c in inputs.poll] or list(inputs.alternatives)) if inputs is not None else []
    table = case.action_in_question()
    if not actions and table != "P":
        actions = ["P"]
    return tuple(dict.fromkeys([table, *actions]))


def chosen_inference(case: Case, settings: SimulationSettings, partner_range: HandRange) -> tuple[HandRange, Message]:
    if settings.inference is not None:
        return settings.inference, M_("the director's: {hand}", hand=settings.inference.words())
    preset = inference_presets(case, partner_range)[0]
    return preset.hand, preset.words


# ---------------------------------------------------------------- the run

@dataclass(frozen=True)
class _Plan:
    """What a run needs, read from the case and the settings (every refusal made here)."""

    player: str
    partner: str
    known: str
    readings: tuple[CallReading, ...]
    ranges: dict[str, HandRange]
    inference: HandRange
    words: str
    table: str
    played: tuple[tuple[str, FinalContract], ...]
    steps: tuple[tuple[str, dict[str, HandRange], Seed], ...]

    @property
    def solver_keys(self) -> list[tuple[str, str]]:
        return list(dict.fromkeys((c.strain, c.declarer) for _, c in self.played))


def _plan(case: Case, settings: SimulationSettings) -> _Plan:
    if case.kind != "UI":
        raise HuddleInputError("kind", M_("the simulation weighs what unauthorized information suggests; a {kind} case has none to "
                                          "weigh", kind=case.kind))
    if case.action_index is None:
        raise HuddleInputError("action_index", M_("dealing the unseen hands needs the call in question"))
    player = case.board.auction.seat_of(case.action_index)
    partner = partner_of(player)
    known = hand_pbn(case.board.deal, player)
    if known == "-":
        raise HuddleInputError("deal", M_("{seat}'s hand is needed: it is the hand the player saw", seat=Seat(player).word))
    readings = call_readings(case, dict(settings.readings))
    ranges = seat_ranges(readings)
    _refuse_impossible_readings(player, known, readings, ranges)
    inference, words = chosen_inference(case, settings, ranges.get(partner, HandRange()))
    with_ranges = {**ranges, partner: ranges.get(partner, HandRange()) & inference}
    if with_ranges[partner].problems():
        raise HuddleInputError("inference", M_("partner's hand cannot be '{text}': {choices}", text=AsTyped(with_ranges[partner].text()),
                                               choices="; ".join(with_ranges[partner].problems())))
    contracts = final_contracts(case, settings)
    actions = polled_actions(case)
    missing = [a for a in actions if a not in contracts]
    if missing:
        raise HuddleInputError("simulation.contracts", M_("give the final contract that {actions} leads to (e.g. '4S by N'), or add it "
                                                          "to the outcome tree",
                                                          actions=", ".join(
            action_name(a) for a in missing)))
    steps = ((N_("without the inference"), ranges, settings.seed),
             # a stream of its own: the runs' deals drawn apart, as the difference's interval assumes
             (N_("with the inference"), with_ranges, (settings.seed, 1)))
    return _Plan(player=player, partner=partner, known=known, readings=tuple(readings), ranges=ranges, inference=inference, words=words,
                 table=case.action_in_question(),
                 played=tuple((a, contracts[a]) for a in actions), steps=steps)


def _refuse_impossible_readings(player: str, known: str, readings: list[CallReading],
                                ranges: dict[str, HandRange]) -> None:
    """Readings of the calls that no deal can meet together are refused, naming the readings
    whose change alone would let a deal meet the rest (the director changes one of them)."""
    problems = impossible_constraints(player, known, ranges)
    if not problems:
        return
    culprits = tuple(r for r in readings if r.hand is not None and not impossible_constraints(
        player, known, seat_ranges([other for other in readings if other is not r])))
    named = Listed(tuple(M_("call {number}, {seat}'s {call} read as “{reading}” ({source})", number=r.index + 1,
                            seat=Seat(r.seat).word, call=Call(r.call).word, reading=r.hand.words(), source=r.source)
                         for r in culprits or readings if r.hand is not None), "; ")
    raise HuddleInputError("simulation.readings", M_(
        "no deal can meet the readings of the calls together ({problems}). Change the reading of {named} in the "
        "simulation's readings", problems=Listed(tuple(problems), "; "), named=named) if culprits else M_(
        "no deal can meet the readings of the calls together ({problems}). The readings: {named}; change one or more in "
        "the simulation's readings", problems=Listed(tuple(problems), "; "), named=named))


def simulate(case: Case, settings: SimulationSettings | None = None, progress: Progress | None = None) -> Simulation:
    """Deal, solve and score: the evidence for question 3 and the outcome tree's weights."""
    settings = settings or case.simulation or SimulationSettings()
    plan = _plan(case, settings)
    side = side_of(plan.player)
    unit = side_value(case, side, WeightedScore.single(0))[1]
    dealt = []
    for k, (label, seat_hands, seed) in enumerate(plan.steps):
        if progress is not None:
            progress(M_("dealing {count} hands {label}", count=Count(settings.deals), label=label), k * DEALING_SHARE / 2)
        dealt.append(deal_unseen(plan.player, plan.known, seat_hands, settings.deals, seed))
    played = list(plan.played)
    tricks = _solved([d.deals for d in dealt], played, progress)
    value_of: dict[int, Fraction] = {}          # a North-South score's worth to the side, for both runs
    runs = [_run(case, label, d, played, solved, plan.table, side, value_of)
            for (label, _, _), d, solved in zip(plan.steps, dealt, tricks)]
    if progress is not None:
        progress(M_("done"), 1.0)
    return Simulation(case_id=case.id, seed=settings.seed, wanted=settings.deals, player=plan.player, partner=plan.partner,
                      known_hand=plan.known, table_action=plan.table, unit=unit, readings=plan.readings,
                      ranges=tuple(sorted(plan.ranges.items())), inference=plan.inference, inference_words=plan.words,
                      ui=ui_noun(case), without=runs[0], with_inference=runs[1])


# CPU seconds per board solved double dummy (bench/simulate.py: 103 boards a second on one core
# of the reference machine, 197 on two)
SOLVE_SECONDS = 0.01


@dataclass(frozen=True)
class SimulationCost:
    """What a simulation will cost before it runs: each run's dealing from a pilot
    (analysis.evidence.dealing.dealing_cost) and the boards the solver will be given."""

    deals: int
    dealing: tuple[tuple[str, DealingCost], ...]       # ("without the inference", its cost), with it
    boards: int

    @property
    def seconds(self) -> float:
        """CPU seconds expected, dealing and solving."""
        return sum(d.seconds for _, d in self.dealing) + self.boards * SOLVE_SECONDS

    def too_rare(self) -> str:
        """Why the dealer will not find enough of the deals asked ("" when it will)."""
        for label, cost in self.dealing:
            if not cost.enough:
                return M_("dealing {label}: {cost}, so the dealer's bounds ({shuffles} shuffles and {tries} stacked tries) "
                          "would give about {expected} of the {deals} deals asked. Loosen the rarest description, or check "
                          "the readings of the calls", label=label, cost=cost.words(), shuffles=Count(MAX_ATTEMPTS),
                          tries=Count(MAX_STACKED_TRIES), expected=Count(int(cost.expected_deals)), deals=Count(self.deals))
        return ""

    def refuse_if_too_rare(self, field: str) -> SimulationCost:
        """Refused in words, naming ``field``, when the dealer will not find enough of the deals
        asked (the same refusal on every surface that runs a simulation)."""
        too_rare = self.too_rare()
        if too_rare:
            raise HuddleInputError(field, too_rare)
        return self


def simulation_cost(case: Case, settings: SimulationSettings | None = None) -> SimulationCost:
    """The cost of ``simulate(case, settings)``, with the same refusals, measured in a few tenths
    of a second at most."""
    settings = settings or case.simulation or SimulationSettings()
    plan = _plan(case, settings)
    dealing = tuple((label, dealing_cost(plan.player, plan.known, seat_hands, settings.deals, seed))
                    for label, seat_hands, seed in plan.steps)
    return SimulationCost(settings.deals, dealing, 2 * settings.deals * len(plan.solver_keys))


DEALING_SHARE = 0.05        # of the progress bar: dealing is quick beside the solver


def _solved(runs: list[tuple], played: list[tuple[str, FinalContract]],
            progress: Progress | None) -> list[dict[tuple[str, str], list[int]]]:
    """Declarer's tricks on every deal of every run for each (strain, declarer) the actions
    reach: one solver pass over all the runs' deals (each deal solved once per strain and
    declarer however many actions reach it), so every core stays busy to the end."""
    needed = list(dict.fromkeys((c.strain, c.declarer) for _, c in played))
    every = [deal for deals in runs for deal in deals]

    def step(k: int, done: int) -> None:
        if progress is not None:
            strain, declarer = needed[k]
            share = (k + done / len(every)) / len(needed)
            progress(M_("solving {strain} by {seat} ({count} deals)", strain=Strain(strain).symbol, seat=Seat(declarer).word,
                        count=Count(len(every))),
                     DEALING_SHARE + (1 - DEALING_SHARE) * share)
    solved = declarer_tricks(every, needed, step)
    out, start = [], 0
    for deals in runs:
        out.append({key: tricks[start:start + len(deals)] for key, tricks in solved.items()})
        start += len(deals)
    return out


def _run(case: Case, label: str, dealt: Dealt, actions: list[tuple[str, FinalContract]],
         solved: dict[tuple[str, str], list[int]], table: str, side: str, value_of: dict[int, Fraction]) -> Run:
    outcomes = []
    for action, contract in actions:
        tricks = tuple(solved[(contract.strain, contract.declarer)])
        values = []
        for t in tricks:
            ns = PlayedContract(contract.level, contract.strain, contract.penalty, contract.declarer, t).ns_score(
                case.board.vulnerability)
            if ns not in value_of:
                value_of[ns] = _value(case, side, ns)
            values.append(value_of[ns])
        outcomes.append(Outcome(action, contract, tricks, tuple(values)))
    at_table = next(o for o in outcomes if o.action == table)
    comparisons = []
    for o in outcomes:
        if o.action == table:
            continue
        pairs = list(zip(at_table.values, o.values))
        comparisons.append(Comparison(o.action, sum(a > b for a, b in pairs), sum(a == b for a, b in pairs),
                                      sum(a < b for a, b in pairs)))
    return Run(label, dealt, tuple(outcomes), tuple(comparisons))


def _value(case: Case, side: str, ns: int) -> Fraction:
    value = side_value(case, side, WeightedScore.single(ns))[0]
    return Fraction(value) if value is not None else Fraction(ns if side == "NS" else -ns)


__all__ = ["Simulation", "Run", "Outcome", "Comparison", "simulate", "simulation_cost", "SimulationCost",
           "final_contracts", "polled_actions", "q3_beside", "chosen_inference"]
