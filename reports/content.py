"""What a ruling report says, as a list of blocks (headings, text, tables, charts, the deal, the
auction) that the HTML and the PDF renderers both draw, so the two always agree.

Sections: the facts; the deal and the auction; each poll as the pollees saw it with their
answers; the poll against the threshold; the four questions; the simulation the director kept
with the case (evidence from dealt hands); the adjustment with its arithmetic;
the ruling as the threshold moves; the committee's decision. The ruling itself comes first, once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from functools import lru_cache

from matplotlib.figure import Figure

from analysis.bridge import SUIT_SYMBOLS, Auction, Board
from analysis.language import first_upper, Language, M_, N_, said, sentence
from analysis.law.case import Case
from analysis.vocabulary import CaseKind, IrregularityType, OffendingSide
from analysis.law.appeal.record import Reconsideration
from analysis.law.appeal.committee import CommitteeSeen, case_in_force, committee_seen, threshold_sensitivity
from analysis.errors import HuddleInputError
from analysis.law.questions.la_evidence import Consultation
from analysis.law.questions.logical_alternatives import action_word, policy_citation
from analysis.law.adjustment.outcome_tree import tree_rows
from analysis.evidence.simulation import Simulation, q3_beside, simulate
from analysis.law import case as case_files
from analysis.law.ruling.engine import Ruling, no_weight_for_suggested, rule
from analysis.law.questions.law16 import ui_noun
from analysis.law.ruling.chart_data import q4_frame, q4_title, sensitivity_frame
from analysis.polls.problem import PollProblem
from analysis.polls.seen import PollSeen

from . import charts


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2
    anchor: str = ""        # where a table of contents leads (a casebook's case)


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


@dataclass(frozen=True)
class Contents:
    """A table of contents: each entry's anchor (a Heading's) and its title."""

    title: str
    entries: tuple[tuple[str, str], ...]


Block = Heading | Text | Table | Chart | Deal | AuctionBlock | PollHand | Contents


@dataclass(frozen=True)
class Report:
    case_id: str
    title: str
    blocks: tuple[Block, ...] = field(default=())
    board_number: int | None = None
    language: str = "en"          # the language its text is in (the renderers draw the deal in it too)
    organisation: str = ""        # a stored case's organisation (its slug): two clubs' reports never meet

    @property
    def file_stem(self) -> str:
        """A short file name: the organisation's slug for a stored case, the board number and the
        case id (ids are slugs, unique within their organisation)."""
        stem = self.case_id[:60]
        named = self.board_number and re.search(rf"(^|-)board-{self.board_number}(-|$)", stem)
        stem = f"board-{self.board_number}-{stem}" if self.board_number and not named else stem
        return f"{self.organisation}-{stem}" if self.organisation else stem


# a case's status as the report's first line says it
STATUS_WORDS = (N_("open"), N_("polling"), N_("ruled"), N_("appealed"), N_("closed"))


CANCELLED = N_("cancelled")      # an outcome tree's branch for the action the infraction produced


def _s(value) -> str:
    return "" if value is None else str(value)


def _cell(value, lang: Language) -> str:
    """A table cell in ``lang``: what Huddle wrote (a message, a bridge word) said in it; what a
    person typed (a comment, a level) as typed."""
    return lang.say(value) if hasattr(value, "said") else _s(value)


def report_content(case: Case, ruling: Ruling, status: str | None = None, polls: tuple[PollSeen, ...] = (),
                   committee: CommitteeSeen | None = None, generated: datetime | None = None,
                   *, lang: Language) -> Report:
    """The report's blocks, in ``lang``. ``polls`` and ``committee`` are what a stored case adds
    (the database's dossier gives them: each poll as seen, the appeal); a case file alone has
    neither."""
    blocks: list = []
    add = blocks.append
    say = lang.say
    add(Text(" · ".join(x for x in (case.event, case.session, lang.scoring(case.scoring),
                                    lang._("status: {status}").format(status=lang._(status)) if status else "",
                                    lang._("made {when}").format(when=lang.moment(generated)) if generated else "")
                        if x), muted=True))
    # the report opens on the ruling in force: the committee's when it decided on another, the
    # director's otherwise; every section below reads that ruling, and the director's follows as history
    final = committee.ruling if committee is not None and committee.ruling is not None else ruling
    decided = committee is not None and bool(committee.decision)
    # the trees, the weights and the threshold page of the ruling in force: the committee's change applied
    in_force = committee.in_force_case(case) if final is not ruling and committee is not None else case
    blocks += _summary(final, lang._("The ruling: the appeals committee's decision") if final is not ruling else
                       lang._("The ruling, upheld on appeal") if decided else lang._("The ruling"), lang=lang)
    if decided:
        add(Text(lang._("{summary} Reason: {reason}").format(summary=say(committee.summary), reason=committee.reason)))
    # Law 90: beside the ruling, never inside its score
    blocks += [Text(say(p.words())) for p in final.penalties]
    if final.adjusted:
        blocks += [Text(say(said)) for said in no_weight_for_suggested(in_force if final is not ruling else case)]
    blocks += _facts(case, lang)
    add(Heading(lang._("The deal and the auction")))
    add(Deal(case.board))
    add(AuctionBlock(case.board.auction))
    for poll in polls:
        blocks += _poll_seen(poll, final.table_action, ui_noun(case), lang)
    # a case of several actions in question: each action's evidence and questions, then the score of
    # the one whose outcome tree holds the board's
    held = case.path(final.scored_by) if final.paths and final.scored_by is not None else case
    in_force = held if final.paths and final is ruling else in_force
    if final.paths:
        blocks += _each_action(case, final, lang)
    else:
        blocks += _poll_reading(case, final, lang)
        blocks += [Text(lang._("Against the consultation: {caution}").format(caution=say(c))) for c in final.cautions]
        blocks += _questions(final, lang)
    if final.also is not None:           # the same explanation as UI to the explainer's partner (Law 20F5(a))
        blocks += [Heading(lang._("The same explanation as unauthorized information to the explainer's partner"))]
        blocks += _questions(final.also, lang)[1:]
        blocks += [Text(say(final.also.worksheet.conclusion()))]
    blocks += _simulation(case, lang)
    blocks += _adjustment(in_force, final, lang)
    blocks += _sensitivity(held, lang, committee.change if in_force is not held and committee is not None else None)
    if committee is not None:
        blocks += _committee(committee, lang)
    if final is not ruling:
        blocks += _summary(ruling, lang._("The director's ruling, changed on appeal"), level=2, lang=lang)
        add(Text(say(ruling.text)))
        blocks += _adjustment(case, ruling, lang, lang._("The director's score (superseded by the appeals committee)"))
    blocks += _appendix(final, lang)
    return Report(case.id, case.title, tuple(blocks), case.board.number, lang.code)


def _each_action(case: Case, ruling: Ruling, lang: Language) -> list:
    """Each action in question on its own path: the evidence on its logical alternatives and its
    questions, with their conclusion."""
    out: list = []
    for number, path in enumerate(ruling.paths, 1):
        one = case.path(number - 1)
        out.append(Heading(lang._("Action {number} in question: {action} by {seat}").format(
            number=number, action=lang.say(action_word(path.table_action)), seat=lang.seat(one.action_seat or "")), 2))
        out += [Text(lang.say(line)) for irr in one.irregularities for line in (irr.description, *irr.fact_lines(case.laws)) if line]
        out += _poll_reading(one, path, lang)
        out += [Text(lang._("Against the consultation: {caution}").format(caution=lang.say(c))) for c in path.cautions]
        out += _questions(path, lang) + [Text(lang.say(path.worksheet.conclusion()))]
    return out


def _summary(ruling: Ruling, title: str = "The ruling", level: int = 2, *, lang: Language) -> list:
    """A ruling as read out: the conclusion and what each side gets; the sections below give
    the reasons and the arithmetic."""
    say = lang.say
    out = [Heading(title, level), Text(say(ruling.worksheet.conclusion()))]
    if not ruling.decided:          # nothing concluded: what it waits for, and no score
        return out + [Text(say(w) + ".") for w in ruling.worksheet.waiting]
    if ruling.adjusted:
        out.append(Text(lang._("Method: {method}.").format(method=say(ruling.method)), muted=True))
    out += [Text(lang.labelled(lang.side(side), say(ruling.scores[side].describe())) + ".")
            for side in ("NS", "EW")]
    return out


def _facts(case: Case, lang: Language) -> list:
    say = lang.say
    out = [Heading(lang._("The facts"))]
    for irr in case.irregularities:
        what = first_upper(IrregularityType(irr.type).said(lang))
        head = lang._("{what} by {seat}").format(what=what, seat=lang.seat(irr.by)) if irr.by else what
        if irr.seconds:
            head = lang._("{what}, {seconds} seconds").format(what=head, seconds=irr.seconds)
        out.append(Text(lang.labelled(head, irr.description) if irr.description else head))
        out += [Text(say(line)) for line in irr.fact_lines(case.laws)]
    result = lang._("not recorded")
    if case.table_result:
        result = say(case.table_result.describe())
        if case.table_result.ns_score is not None:
            result = lang._("{result} (North-South {score})").format(result=result, score=f"{case.table_result.ns_score:+d}")
    scoring = say(case.scoring_description())
    if case.field:
        scoring = lang._("{scoring}; field of {tables} other tables").format(scoring=scoring, tables=len(case.field))
    if case.other_table is not None:
        scoring = lang._("{scoring}, other table North-South {score}").format(scoring=scoring, score=f"{case.other_table:+d}")
    rows = [(lang._("Kind"), CaseKind(case.kind).said(lang)),
            (lang._("Laws in force"), lang._("the {laws} edition").format(laws=case.laws)),
            (lang._("Offending side"), OffendingSide(case.offending_side).said(lang) if case.offending_side else lang._("not given")),
            (lang._("Table result"), result), (lang._("Scoring"), scoring),
            (lang._("Class of players"), _s(case.class_of_players)), (lang._("Source"), case.source)]
    out.append(Table(("", ""), tuple((k, v) for k, v in rows if v)))
    if case.notes:
        out.append(Text(case.notes))
    if case.assumptions:
        out.append(Text(lang._("Assumed where the source is silent: {assumptions}").format(
            assumptions=" ".join(sentence(a) for a in case.assumptions)), muted=True))
    return out


def _play_seen(p, lang: Language) -> str:
    """A lead or play poll's contract, dummy once faced and the tricks so far, in words."""
    text = lang._("{kind}. Contract: {contract}.").format(kind=lang._(p.poll_kind.in_words), contract=p.contract_in(lang))
    if p.dummy:
        text += " " + lang._("Dummy: {cards}.").format(cards=" ".join(
            f"{SUIT_SYMBOLS[s]}{''.join(lang.rank(r) for r in p.dummy[s]) or '—'}" for s in "SHDC"))
    for number, (_leader, trick) in enumerate(p.tricks, 1):
        text += " " + lang._("Trick {number}: {cards}.").format(number=number, cards=", ".join(
            f"{lang.seat_letter(who)} {lang.choice(card)}" for who, card in trick))
    return text


def _poll_seen(poll, table_action: str, ui: str, lang: Language) -> list:
    p = poll.problem
    scoring = lang.scoring(p.scoring)
    out = [Heading(lang._("Poll {number}: the problem as the pollees saw it").format(number=poll.number)), Text(p.wording),
           Text(lang._("You are {seat}. Scoring: {scoring}.").format(seat=lang.seat(p.seat), scoring=scoring)
                + (" " + lang._("Your methods: {methods}").format(methods=p.methods) if p.methods else "")),
           PollHand(p), AuctionBlock(p.auction, annotations=False, question_mark=not p.is_play)]
    if poll.wording_kept:
        out.append(Text(sentence(lang.say(poll.wording_kept)), muted=True))
    if p.is_play:
        out.append(Text(_play_seen(p, lang)))
    if poll.answers:
        columns = tuple(poll.answers[0])
        out += [Heading(lang._("Poll {number}: the answers ({count})").format(number=poll.number, count=len(poll.answers)), 3),
                Table(tuple(lang._(c) for c in columns), tuple(tuple(_cell(a[c], lang) for c in columns)
                                                          for a in poll.answers))]
    else:
        out.append(Text(lang._("No answers yet."), muted=True))
    if poll.q4_answers:
        frame = q4_frame(poll.suggested, poll.q4_answers, table_action)
        out += [Text(lang._("Q4: {question}").format(question=p.q4_text(lang) or poll.q4_question), muted=True),
                Chart(charts.q4_chart(frame, q4_title(frame, ui, poll.number), lang),
                      lang._("Q4, the calls named: {calls}").format(calls=", ".join(
                          f"{lang.say(action_word(a))} " + lang._("{k} of {n}").format(k=k, n=poll.q4_answers)
                          for a, k in zip(frame["action"], frame["named"]))))]
    return out


def _poll_reading(case: Case, ruling: Ruling, lang: Language) -> list:
    say = lang.say
    out = [Heading(lang._("Logical alternatives"))]
    la = ruling.la
    if la is None:
        inputs = case.ruling
        found = ", ".join(say(action_word(a)) for a in inputs.alternatives) or lang._("none")
        return out + [Text(lang._("No counted poll of peers is recorded with this case; the director found: {found}. "
                             "{reason}").format(found=found, reason=inputs.alternatives_reason))] + \
            _other_evidence(case, lang)
    out.append(Text(lang._("{n} pollees, read under {policy} ({citation}).").format(
        n=la.poll_size, policy=say(la.policy.shown), citation=say(policy_citation(la.policy, case.laws)))))
    if case.ruling.walk_through is not None:
        out.append(Text(say(case.ruling.walk_through.words())))
    out.append(Text(lang._("The share among all the player's peers is read from the poll as from a sample of them "
                      "(Jeffreys prior): its 80% range, and the chance it meets the test that decided each verdict; a "
                      "verdict is firm when that chance is at most 10% or at least 90% (for a logical alternative, the "
                      "chance that every test it passed holds at once, which a range clear of its bound does not "
                      "settle alone)."),
                    muted=True))
    out.append(Table(tuple(lang._(c) for c in (N_("action"), N_("chose"), N_("close"), N_("considered"), N_("verdict"),
                                          N_("share among peers (80% range)"), N_("chance it meets the test"),
                                          N_("settled?"), N_("reason"))),
                     tuple((say(action_word(v.action)), str(v.counts.chose), str(v.counts.close), str(v.counts.considered),
                            v.verdict.said(lang), "" if v.firm_range is None else
                            f"{lang.percent(v.firm_range.low)} – {lang.percent(v.firm_range.high)}",
                            "" if v.p_meets is None else lang.number(round(float(v.p_meets), 2)),
                            (v.confidence.said(lang) if v.confidence else ""), say(v.reason))
                           for v in la.verdicts)))
    out.append(Chart(charts.poll_chart(la, lang), lang._("The poll: {verdicts}").format(
        verdicts="; ".join(say(v.in_words()) for v in la.verdicts))))
    if case.ruling.q4:
        named, answers = case.ruling.q4
        frame = q4_frame([(ruling.table_action, named)], answers, ruling.table_action)
        title = q4_title(frame, ui_noun(case))
        out.append(Chart(charts.q4_chart(frame, title, lang), lang.say(title)))
    return out + _other_evidence(case, lang)


def _other_evidence(case: Case, lang: Language) -> list:
    """Every other way the logical alternatives were established, each said as what it is."""
    evidence = case.ruling.evidence if case.ruling is not None else ()
    if not evidence:
        return []
    say = lang.say
    out: list = [Heading(lang._("Other evidence on the logical alternatives"), 3)]
    for e in evidence:
        out.append(Text(say(e.words())))
        if isinstance(e, Consultation):
            out.append(Table(tuple(lang._(c) for c in (N_("consulted"), N_("as"), N_("action"), N_("logical alternative?"),
                                                  N_("why"))), tuple(
                (p.name, p.role, say(action_word(v.action)), lang._("yes") if v.logical_alternative else lang._("no"), v.why)
                for p in e.people for v in p.views)))
    return out


def _questions(ruling: Ruling, lang: Language) -> list:
    say = lang.say
    if not ruling.worksheet.answers:       # an unplayable board: Law 12C2 alone
        return [Heading(lang._("The ruling")), Text(say(ruling.worksheet.conclusion()))]
    rows = tuple((str(i), first_upper(lang.say(a.question)), lang._(a.verdict()),
                  (say(a.reason) + (f" ({say(a.evidence)})" if a.evidence else "")) if a.reached else "")
                 for i, a in enumerate(ruling.worksheet.answers, 1))
    return [Heading(lang._("The four questions")), Text(say(ruling.worksheet.basis), muted=True),
            Table(("", lang._("question"), lang._("answer"), lang._("why")), rows)]


def _adjustment(case: Case, ruling: Ruling, lang: Language, heading: str = "") -> list:
    say = lang.say
    out = [Heading(heading or lang._("The score"))]
    adjustment = case.ruling.adjustment
    if ruling.adjusted:
        out.append(Text(lang._("Method: {method}.").format(method=say(ruling.method))))
        if adjustment.note:
            out.append(Text(say(adjustment.note), muted=True))
        for slot, tree in adjustment.trees():
            superseded = lang._("superseded")
            title = lang._(slot.label) + (f" ({superseded})" if heading else "")
            rows = tree_rows(tree)
            out += [Heading(title, 3),
                    Table(tuple(lang._(c) for c in (N_("action"), N_("weight"), N_("contract"), N_("contract weight"),
                                               N_("tricks"), N_("tricks weight"))),
                          tuple((say(action_word(r["action"])) + (f" ({lang._(CANCELLED)})" if r["cancelled"] else ""),
                                 r["action_weight"], say(r["in_words"]), r["contract_weight"],
                                 _s(r["tricks"]), r["tricks_weight"]) for r in rows)),
                    Chart(charts.outcome_chart(tree, title, lang=lang), f"{title}: " + ", ".join(
                        f"{say(action_word(r['action']))} {r['action_weight']}" for r in rows))]
    out.append(_scores(ruling, lang))
    if any(s.weighted is not None for s in ruling.scores.values()) and not heading:    # the field: the ruling in force
        out.append(Chart(charts.field_chart(case, ruling, lang), lang._("Where the assigned score falls: {scores}").format(
            scores="; ".join(f"{lang.side(side)} {say(ruling.scores[side].describe())}" for side in ("NS", "EW")))))
    return out


def _scores(ruling: Ruling, lang: Language) -> Table:
    return Table((lang._("side"), lang._("assigned score")),
                 tuple((lang.side(side), lang.say(ruling.scores[side].describe())) for side in ("NS", "EW")))


def _appendix(ruling: Ruling, lang: Language) -> list:
    """How each side's score was worked out, for a reader who checks it: each outcome scored
    against the field (or the other table) with the weights, as the scoring program does it."""
    rows = tuple((lang.side(side), lang.say(ruling.scores[side].arithmetic)) for side in ("NS", "EW")
                 if ruling.scores[side].arithmetic)
    if not rows:
        return []
    return [Heading(lang._("Appendix: the arithmetic")),
            Text(lang.say(N_("Each outcome is scored against the field with the weights added to its frequencies, then "
                             "weighted (Law 78A as Kooijman's commentary on the 2017 Laws describes it); an outcome's own "
                             "share of the matchpoints can fall below zero, since its weight counts against it.")), muted=True),
            Table((lang._("side"), lang._("working")), rows)]


def _sensitivity(case: Case, lang: Language, change: Reconsideration | None = None) -> list:
    """The ruling in force as the threshold moves: with the committee's ``change`` (its weights,
    its policy) kept at each threshold when its decision stands."""
    if case.ruling is None or not case.ruling.poll:
        return []
    try:
        sens = threshold_sensitivity(case, change=change or Reconsideration())
    except HuddleInputError:
        return []
    say = lang.say
    per = sensitivity_frame(sens).drop_duplicates("threshold")
    rows = tuple((lang.percent(r['threshold']), ", ".join(say(action_word(a)) for a in row["logical_alternatives"])
                  or lang._("none"), lang._({True: "yes", False: "no", None: "—"}[row["adjusted"]]), r["NS_exact"], r["EW_exact"],
                  say(r["note"]))
                 for (_, r), row in zip(per.iterrows(), sens.rows))
    return [Heading(lang._("The ruling as the threshold moves")),
            Text(lang._("Each threshold from 5% to 50% in the policy's place: which actions are logical alternatives and "
                   "what each side would get (an alternative that drops out leaves the outcome tree, its weight "
                   "shared out over the rest)."), muted=True),
            *([Text(lang._("With the appeals committee's decision kept at each threshold: {change}.").format(
                change=say(change.describe())), muted=True)] if change is not None else []),
            Table((*(lang._(c) for c in (N_("threshold"), N_("logical alternatives"), N_("adjusted"))), lang.side("NS"),
                   lang.side("EW"), lang._("note")), rows),
            Chart(charts.sensitivity_chart(sens, lang), lang._("The ruling as the threshold moves"))]


@lru_cache(maxsize=16)
def _simulated(case_file: str) -> Simulation:
    """A case's simulation, by its whole file: the same settings and seed deal the same hands."""
    return simulate(case_files.loads(case_file))


def _simulation(case: Case, lang: Language) -> list:
    """The simulation the director kept with the case: its settings, the readings, the inference,
    what each action scored on the dealt hands, question 3's evidence, and the chart."""
    if case.simulation is None:
        return []
    say = lang.say
    out: list = [Heading(lang._("Simulation: the unseen hands, dealt")),
                 Text(lang._("Evidence for question 3 and the outcome tree, not the verdict: the hands the player could "
                             "not see, dealt to fit the auction, without and with the inference from the unauthorized "
                             "information, and each action's contract played double dummy."), muted=True)]
    try:
        sim = _simulated(case_files.dumps(case))
    except HuddleInputError as exc:
        return out + [Text(lang.labelled(lang._("The simulation could not be run"), said(exc, lang)))]
    out.append(Table(tuple(lang._(h) for h in (N_("call"), N_("player"), N_("bid"), N_("reading"), N_("from"))), tuple(
        (str(r.index + 1), lang.seat(r.seat), lang.call(r.call), say(r.hand.words()) if r.hand else "—", say(r.source))
        for r in sim.readings)))
    out.append(Text(lang._("The inference ({ui}): {words}; {seat}: {hand}.").format(
        ui=say(sim.ui), words=say(sim.inference_words), seat=lang.seat(sim.partner), hand=say(sim.inference.words()))))
    runs = " ".join(lang.labelled(first_upper(lang._(r.label)), say(r.dealt.words())) + "."
                    for r in (sim.without, sim.with_inference))
    out.append(Text(runs + " " + lang._("Seed {seed}.").format(seed=sim.seed), muted=True))
    if not sim.inference_bites:           # the two runs deal the same hands: nothing to compare
        return out + [Text(lang.labelled(lang._("Question 3"), say(sim.q3_evidence(sim.alternatives[0])))
                           if sim.alternatives else ""),
                      Text(say(q3_beside(case)), muted=True)]
    columns, rows = sim.results_table()
    out.append(Table(tuple(say(c) for c in columns), tuple(tuple(say(cell) for cell in row) for row in rows)))
    out += [Text(lang.labelled(lang._("Question 3, evidence"), say(sim.q3_evidence(a)))) for a in sim.alternatives]
    out.append(Text(say(q3_beside(case)), muted=True))
    out.append(Chart(charts.simulation_chart(sim, lang), lang.labelled(lang._("Simulation"), "; ".join(
        say(sim.q3_evidence(a)) for a in sim.alternatives))))
    return out


def _committee(c, lang: Language) -> list:
    say = lang.say
    out = [Heading(lang._("The appeals committee")), Text(say(c.summary)), Text(lang._("Reason: {reason}").format(reason=c.reason))]
    if c.votes:
        out.append(Table(tuple(lang._(h) for h in (N_("member"), N_("vote"), N_("reason"), N_("change proposed"))),
                         tuple((v["member"], lang._(v["decision"]), v["reason"], say(v.get("tried", ""))) for v in c.votes)))
    if c.ruling is not None:
        out += [Heading(lang._("The committee's ruling in full"), 3), Text(say(c.ruling_text or c.ruling.text))]
    return out


def report_for_file(case: Case, lang: Language) -> Report:
    """A report of a case file alone (no polls: those live in the database), with the appeal and
    decision the file carries, in ``lang``."""
    director = rule(case)
    in_force = case_in_force(case, director)
    committee = committee_seen(case, case.appeal, director) if case.appeal is not None and (
        in_force.superseded or case.appeal.decision is None or case.appeal.decided_on(case.ruling_version)) else None
    return report_content(case, director, committee=committee, generated=datetime.now(timezone.utc), lang=lang)


def report_for_stored_case(case: Case, status: str, polls: tuple[PollSeen, ...] = (),
                           committee: CommitteeSeen | None = None, *, lang: Language,
                           organisation: str = "") -> Report:
    """A report of a stored case with its polls as the pollees saw them and its appeal, in
    ``lang``; ``organisation`` (its slug) names the files."""
    if case.ruling is None:
        raise HuddleInputError("ruling", M_("the director has not ruled on this case yet: there is nothing to report"))
    made = report_content(case, rule(case), status, polls, committee, generated=datetime.now(timezone.utc), lang=lang)
    return replace(made, organisation=organisation)


__all__ = ["Report", "report_content", "report_for_file", "report_for_stored_case", "Heading", "Text", "Table", "Chart", "Deal",
           "AuctionBlock", "PollHand", "Contents"]
