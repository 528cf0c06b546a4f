"""What a ruling report says, as a list of blocks (headings, text, tables, charts, the deal, the
auction) that the HTML and the PDF renderers both draw, so the two always agree.

Sections: the facts; the deal and the auction; each poll as the pollees saw it with their
answers; the poll against the threshold; the four questions; the simulation the director kept
with the case (evidence from dealt hands); the adjustment with its arithmetic;
the ruling as the threshold moves; the committee's decision. The ruling itself comes first, once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache

from matplotlib.figure import Figure

from analysis.bridge import SEAT_NAMES, SIDE_NAMES, SUIT_SYMBOLS, Auction, Board
from analysis.law.case import IRREGULARITY_NAMES, KIND_NAMES, OFFENDING_SIDE_NAMES, SCORING_NAMES, Case
from analysis.law.committee import CommitteeSeen, threshold_sensitivity
from analysis.errors import HuddleInputError
from analysis.law.la_evidence import Consultation
from analysis.law.logical_alternatives import action_name, policy_citation
from analysis.numbers import counted, percent
from analysis.law.outcome_tree import tree_rows
from analysis.bridge.play import choice_symbol
from analysis.evidence.simulation import Simulation, q3_beside, simulate
from analysis.law import case as case_files
from analysis.law.ruling import Ruling, rule
from analysis.law.law16 import ui_noun
from analysis.law.chart_data import q4_frame, q4_title, sensitivity_frame
from analysis.polls.problem import PollProblem
from analysis.polls.seen import PollSeen

from . import charts


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Text:
    text: str
    muted: bool = False


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Chart:
    figure: Figure
    alt: str


@dataclass(frozen=True)
class Deal:
    board: Board


@dataclass(frozen=True)
class AuctionBlock:
    auction: Auction
    annotations: bool = True
    question_mark: bool = False


@dataclass(frozen=True)
class PollHand:
    """The one hand of a poll's problem, with dealer and vulnerability."""

    problem: PollProblem


Block = Heading | Text | Table | Chart | Deal | AuctionBlock | PollHand


@dataclass(frozen=True)
class Report:
    case_id: str
    title: str
    blocks: tuple[Block, ...] = field(default=())
    board_number: int | None = None

    @property
    def file_stem(self) -> str:
        """A short file name: the board number and the case id (ids are slugs)."""
        stem = self.case_id[:60]
        named = self.board_number and re.search(rf"(^|-)board-{self.board_number}(-|$)", stem)
        return f"board-{self.board_number}-{stem}" if self.board_number and not named else stem


def _s(value) -> str:
    return "" if value is None else str(value)


def report_content(case: Case, ruling: Ruling, status: str | None = None, polls: tuple[PollSeen, ...] = (),
                   committee: CommitteeSeen | None = None, generated: datetime | None = None) -> Report:
    """The report's blocks. ``polls`` and ``committee`` are what a stored case adds (the
    database's dossier gives them: each poll as seen, the appeal); a case file alone has neither."""
    blocks: list = []
    add = blocks.append
    add(Text(" · ".join(x for x in (case.event, case.session, SCORING_NAMES[case.scoring], f"status: {status}" if status else "",
                                    f"made {generated:%Y-%m-%d %H:%M} UTC" if generated else "") if x), muted=True))
    # the report opens on the ruling in force: the committee's when it decided on another, the
    # director's otherwise; every section below reads that ruling, and the director's follows as history
    final = committee.ruling if committee is not None and committee.ruling is not None else ruling
    decided = committee is not None and bool(committee.decision)
    blocks += _summary(final, "The ruling: the appeals committee's decision" if final is not ruling else
                       "The ruling, upheld on appeal" if decided else "The ruling")
    if decided:
        add(Text(f"{committee.summary} Reason: {committee.reason}"))
    blocks += _facts(case)
    add(Heading("The deal and the auction"))
    add(Deal(case.board))
    add(AuctionBlock(case.board.auction))
    for poll in polls:
        blocks += _poll_seen(poll, final.table_action, ui_noun(case))
    blocks += _poll_reading(case, final)
    blocks += [Text(f"Against the consultation: {c}") for c in final.cautions]
    blocks += _questions(final)
    blocks += _simulation(case)
    blocks += _adjustment(case, final)
    blocks += _sensitivity(case)
    if committee is not None:
        blocks += _committee(committee)
    if final is not ruling:
        blocks += _summary(ruling, "The director's ruling, changed on appeal", level=2)
        add(Text(ruling.text))
    blocks += _appendix(final)
    return Report(case.id, case.title, tuple(blocks), case.board.number)


def _summary(ruling: Ruling, title: str = "The ruling", level: int = 2) -> list:
    """A ruling as read out: the conclusion and what each side gets; the sections below give
    the reasons and the arithmetic."""
    out = [Heading(title, level), Text(ruling.worksheet.conclusion())]
    if ruling.adjusted:
        out.append(Text(f"Method: {ruling.method}.", muted=True))
    out += [Text(f"{SIDE_NAMES[side]}: {ruling.scores[side].describe()}.") for side in ("NS", "EW")]
    return out


def _facts(case: Case) -> list:
    out = [Heading("The facts")]
    irr = case.irregularity
    if irr is not None:
        by = f" by {SEAT_NAMES[irr.by]}" if irr.by else ""
        out.append(Text(f"{IRREGULARITY_NAMES[irr.type].capitalize()}{by}" + (f", {irr.seconds} seconds" if irr.seconds else "")
                        + (f": {irr.description}" if irr.description else "")))
        out += [Text(line) for line in irr.fact_lines()]
    rows = [("Kind", KIND_NAMES[case.kind]), ("Laws", f"the {case.laws} edition"),
            ("Offending side", OFFENDING_SIDE_NAMES.get(case.offending_side or "", "not given")),
            ("Table result", case.table_result.describe() + (f" (North-South {case.table_result.ns_score:+d})"
                                                             if case.table_result.ns_score is not None else "")
             if case.table_result else "not recorded"),
            ("Scoring", case.scoring_description() + (f"; field of {counted(len(case.field), 'other table')}" if case.field else "")
             + (f", other table North-South {case.other_table:+d}" if case.other_table is not None else "")),
            ("Class of players", _s(case.class_of_players)), ("Source", case.source)]
    out.append(Table(("", ""), tuple((k, v) for k, v in rows if v)))
    if case.notes:
        out.append(Text(case.notes))
    if case.assumptions:
        out.append(Text("Assumed where the source is silent: " + "; ".join(case.assumptions), muted=True))
    return out


def _play_seen(p) -> str:
    """A lead or play poll's contract, dummy once faced and the tricks so far, in words."""
    text = f"{p.poll_kind.in_words}. Contract: {p.contract}."
    if p.dummy:
        text += " Dummy: " + " ".join(f"{SUIT_SYMBOLS[s]}{(p.dummy[s] or '—').replace('T', '10')}" for s in "SHDC") + "."
    for number, (_leader, trick) in enumerate(p.tricks, 1):
        text += f" Trick {number}: " + ", ".join(f"{who} {choice_symbol(card)}" for who, card in trick) + "."
    return text


def _poll_seen(poll, table_action: str, ui: str) -> list:
    p = poll.problem
    out = [Heading(f"Poll {poll.number}: the problem as the pollees saw it"), Text(p.wording),
           Text(f"You are {SEAT_NAMES[p.seat]}. Scoring: {SCORING_NAMES.get(p.scoring, p.scoring)}."
                + (f" Your methods: {p.methods}" if p.methods else "")),
           PollHand(p), AuctionBlock(p.auction, annotations=False, question_mark=not p.is_play)]
    if poll.wording_kept:
        out.append(Text(poll.wording_kept + ".", muted=True))
    if p.is_play:
        out.append(Text(_play_seen(p)))
    if poll.answers:
        columns = tuple(poll.answers[0])
        out += [Heading(f"Poll {poll.number}: the answers ({len(poll.answers)})", 3),
                Table(columns, tuple(tuple(_s(a[c]) for c in columns) for a in poll.answers))]
    else:
        out.append(Text("No answers yet.", muted=True))
    if poll.q4_answers:
        frame = q4_frame(poll.suggested, poll.q4_answers, table_action)
        out += [Text(f"Q4: {poll.q4_question}", muted=True),
                Chart(charts.q4_chart(frame, q4_title(frame, ui, poll.number)), "Q4, the calls named: " + ", ".join(
                    f"{a} {k} of {poll.q4_answers}" for a, k in zip(frame["action"], frame["named"])))]
    return out


def _poll_reading(case: Case, ruling: Ruling) -> list:
    out = [Heading("Logical alternatives")]
    la = ruling.la
    if la is None:
        inputs = case.ruling
        found = ", ".join(action_name(a) for a in inputs.alternatives) or "none"
        return out + [Text(f"No counted poll of peers is recorded with this case; the director found: {found}. "
                           f"{inputs.alternatives_reason}")] + _other_evidence(case)
    out.append(Text(f"{la.poll_size} pollees, read under {la.policy.shown} ({policy_citation(la.policy, case.laws)})."))
    if case.ruling.walk_through is not None:
        out.append(Text(case.ruling.walk_through.words()))
    out.append(Text("The share among all the player's peers is read from the poll as from a sample of them "
                    "(Jeffreys prior): its 80% range, and the chance it meets the test that decided each verdict; a "
                    "verdict is firm when that chance is at most 10% or at least 90%, its bound outside the range.",
                    muted=True))
    out.append(Table(("action", "chose", "close", "considered", "verdict", "share among peers (80% range)",
                      "chance it meets the test", "settled?", "reason"),
                     tuple((action_name(v.action), str(v.counts.chose), str(v.counts.close), str(v.counts.considered),
                            v.verdict, "" if v.firm_range is None else
                            f"{percent(v.firm_range.low)} – {percent(v.firm_range.high)}",
                            "" if v.p_meets is None else f"{float(v.p_meets):.2f}", v.confidence or "", v.reason)
                           for v in la.verdicts)))
    out.append(Chart(charts.poll_chart(la), "The poll: " + "; ".join(
        f"{action_name(v.action)} chose {v.counts.chose}, close {v.counts.close}, considered {v.counts.considered}: {v.verdict}"
        for v in la.verdicts)))
    if case.ruling.q4:
        named, answers = case.ruling.q4
        frame = q4_frame([(ruling.table_action, named)], answers, ruling.table_action)
        title = q4_title(frame, ui_noun(case))
        out.append(Chart(charts.q4_chart(frame, title), title))
    return out + _other_evidence(case)


def _other_evidence(case: Case) -> list:
    """Every other way the logical alternatives were established, each said as what it is."""
    evidence = case.ruling.evidence if case.ruling is not None else ()
    if not evidence:
        return []
    out: list = [Heading("Other evidence on the logical alternatives", 3)]
    for e in evidence:
        out.append(Text(e.words()))
        if isinstance(e, Consultation):
            out.append(Table(("consulted", "as", "action", "logical alternative?", "why"), tuple(
                (p.name, p.role, action_name(v.action), "yes" if v.logical_alternative else "no", v.why)
                for p in e.people for v in p.views)))
    return out




def _questions(ruling: Ruling) -> list:
    if not ruling.worksheet.answers:       # an unplayable board: Law 12C2 alone
        return [Heading("The ruling"), Text(ruling.worksheet.conclusion())]
    rows = tuple((str(i), a.question.capitalize(), a.verdict(),
                  (a.reason + (f" ({a.evidence})" if a.evidence else "")) if a.reached else "")
                 for i, a in enumerate(ruling.worksheet.answers, 1))
    return [Heading("The four questions"), Text(ruling.worksheet.basis, muted=True),
            Table(("", "question", "answer", "why"), rows)]


def _adjustment(case: Case, ruling: Ruling) -> list:
    out = [Heading("The score")]
    adjustment = case.ruling.adjustment
    if ruling.adjusted:
        out.append(Text(f"Method: {ruling.method}."))
        if adjustment.note:
            out.append(Text(adjustment.note, muted=True))
        for slot, tree in adjustment.trees():
            title = slot.label
            rows = tree_rows(tree)
            out += [Heading(title, 3),
                    Table(("action", "weight", "contract", "contract weight", "tricks", "tricks weight"),
                          tuple((action_name(r["action"]) + (" (cancelled)" if r["cancelled"] else ""), r["action_weight"],
                                 r["in_words"], r["contract_weight"],
                                 _s(r["tricks"]), r["tricks_weight"]) for r in rows)),
                    Chart(charts.outcome_chart(tree, title), f"{title}: " + ", ".join(
                        f"{action_name(r['action'])} {r['action_weight']}" for r in rows))]
    out.append(_scores(ruling))
    if any(s.weighted is not None for s in ruling.scores.values()):
        out.append(Chart(charts.field_chart(case, ruling), "Where the assigned score falls: "
                         + "; ".join(f"{side} {ruling.scores[side].describe()}" for side in ("NS", "EW"))))
    return out


def _scores(ruling: Ruling) -> Table:
    return Table(("side", "assigned score"),
                 tuple((SIDE_NAMES[side], ruling.scores[side].describe()) for side in ("NS", "EW")))


def _appendix(ruling: Ruling) -> list:
    """How each side's score was worked out, for a reader who checks it: each outcome scored
    against the field (or the other table) with the weights, as the scoring program does it."""
    rows = tuple((SIDE_NAMES[side], ruling.scores[side].arithmetic) for side in ("NS", "EW")
                 if ruling.scores[side].arithmetic)
    if not rows:
        return []
    return [Heading("Appendix: the arithmetic"),
            Text("Each outcome is scored against the field with the weights added to its frequencies, then "
                 "weighted (Law 78A as Kooijman's commentary on the 2017 Laws describes it); an outcome's own "
                 "share of the matchpoints can fall below zero, since its weight counts against it.", muted=True),
            Table(("side", "working"), rows)]


def _sensitivity(case: Case) -> list:
    if case.ruling is None or not case.ruling.poll:
        return []
    try:
        sens = threshold_sensitivity(case)
    except HuddleInputError:
        return []
    per = sensitivity_frame(sens).drop_duplicates("threshold")
    rows = tuple((percent(r['threshold']), ", ".join(action_name(a) for a in row["logical_alternatives"]) or "none",
                  {True: "yes", False: "no", None: "—"}[row["adjusted"]], r["NS_exact"], r["EW_exact"], r["note"])
                 for (_, r), row in zip(per.iterrows(), sens.rows))
    return [Heading("The ruling as the threshold moves"),
            Text("Each threshold from 5% to 50% in the policy's place: which actions are logical alternatives and "
                 "what each side would get (an alternative that drops out leaves the outcome tree, its weight "
                 "shared out over the rest).", muted=True),
            Table(("threshold", "logical alternatives", "adjusted", "North-South", "East-West", "note"), rows),
            Chart(charts.sensitivity_chart(sens), "The ruling as the threshold moves")]


@lru_cache(maxsize=16)
def _simulated(case_file: str) -> Simulation:
    """A case's simulation, by its whole file: the same settings and seed deal the same hands."""
    return simulate(case_files.loads(case_file))


def _simulation(case: Case) -> list:
    """The simulation the director kept with the case: its settings, the readings, the inference,
    what each action scored on the dealt hands, question 3's evidence, and the chart."""
    if case.simulation is None:
        return []
    out: list = [Heading("Simulation: the unseen hands, dealt"),
                 Text("Evidence for question 3 and the outcome tree, not the verdict: the hands the player could "
                      "not see, dealt to fit the auction, without and with the inference from the unauthorized "
                      "information, and each action's contract played double dummy.", muted=True)]
    try:
        sim = _simulated(case_files.dumps(case))
    except HuddleInputError as exc:
        return out + [Text(f"The simulation could not be run: {exc}")]
    out.append(Table(("call", "player", "bid", "reading", "from"), tuple(
        (str(r.index + 1), SEAT_NAMES[r.seat], action_name(r.call), r.hand.text() if r.hand else "—", r.source)
        for r in sim.readings)))
    out.append(Text(f"The inference ({sim.ui}): {sim.inference_words}; {SEAT_NAMES[sim.partner]}: "
                    f"{sim.inference.text()}."))
    out.append(Text(" ".join(f"{r.label.capitalize()}: {r.dealt.words()}." for r in (sim.without, sim.with_inference))
                    + f" Seed {sim.seed}.", muted=True))
    if not sim.inference_bites:           # the two runs deal the same hands: nothing to compare
        return out + [Text(f"Question 3: {sim.q3_evidence(sim.alternatives[0])}" if sim.alternatives else ""),
                      Text(q3_beside(case), muted=True)]
    out.append(Table(*sim.results_table()))
    out += [Text(f"Question 3, evidence: {sim.q3_evidence(a)}") for a in sim.alternatives]
    out.append(Text(q3_beside(case), muted=True))
    out.append(Chart(charts.simulation_chart(sim), "Simulation: " + "; ".join(sim.q3_evidence(a)
                                                                              for a in sim.alternatives)))
    return out


def _committee(c) -> list:
    out = [Heading("The appeals committee"), Text(c.summary), Text(f"Reason: {c.reason}")]
    if c.votes:
        out.append(Table(("member", "vote", "reason", "change proposed"),
                         tuple((v["member"], v["decision"], v["reason"], v.get("tried", "")) for v in c.votes)))
    if c.ruling is not None:
        out += [Heading("The committee's ruling in full", 3), Text(c.ruling_text or c.ruling.text)]
    return out


def report_for_file(case: Case) -> Report:
    """A report of a case file alone (no polls or appeal: those live in the database)."""
    return report_content(case, rule(case), generated=datetime.now(timezone.utc))


def report_for_stored_case(case: Case, status: str, polls: tuple[PollSeen, ...] = (),
                           committee: CommitteeSeen | None = None) -> Report:
    """A report of a stored case with its polls as the pollees saw them and its appeal."""
    if case.ruling is None:
        raise HuddleInputError("ruling", "the director has not ruled on this case yet: there is nothing to report")
    return report_content(case, rule(case), status, polls, committee, generated=datetime.now(timezone.utc))


__all__ = ["Report", "report_content", "report_for_file", "report_for_stored_case", "Heading", "Text", "Table", "Chart", "Deal",
           "AuctionBlock", "PollHand"]
