"""The widgets of the ruling page that build a RulingInputs: where the counts come from, the
director's findings with reasons, the misinformation facts, and the adjustment with its outcome
trees (editable tables, with a double-dummy fill). Widget keys carry the case's record id, so
switching cases starts from that case's saved ruling."""
from __future__ import annotations

from dataclasses import replace

import streamlit as st

from analysis.law.case import SCORED_BY, Case, PartnerUI
from analysis.law.case.actions import ActionInQuestion
from analysis.bridge import is_complete_deal, partner_of
from analysis.errors import HuddleInputError
from analysis.language import Language, M_, Message, N_
from analysis.law.questions.logical_alternatives import (PRESETS, ActionCount, action_key, action_word, counts_from_text,
                                               logical_alternatives, policy, policy_title)
from analysis.law.adjustment.penalties import IMPOSED_BY, PENALTY_UNITS, UNITS_FOR_SCORING, ProceduralPenalty
from analysis.law.adjustment.outcome_tree import (starting_rows, tree_from_rows)
from analysis.law.adjustment.methods import Weighted, method_from_dict
from ui.evidence_form import evidence_input
from analysis.law.case.findings import (CORRECTED_BY, CORRECTIONS, MI_EVIDENCE, MI_TOLD, Finding, Misinformation, Misleading,
                                       RulingInputs)
from analysis.law.case.facts import FactFinding, Statement
from analysis.law.questions.law16 import is_comparable
from analysis.law.ruling.reasons import fact_draft, no_alternative_draft, suggested_draft
from analysis.law.case.poll_rules import PollRules
from analysis.numbers import fraction_str, parse_fraction
from analysis.polls.tally import tally_ballots, walk_through
from analysis.law.questions.law16 import ui_present
from analysis.vocabulary import Call, IrregularityType, Seat, Side
from polling import cases, panel, rulings, services
from ui.widgets import done, inert, poll_numbers, reason_input, show_error, table
from ui.adjustment_form import SCORED_WORDS, adjustment_input, double_dummy_rows, played_contract, tree_editor, outcome_rows

FINDINGS = {N_("not decided"): None, N_("yes"): True, N_("no"): False}
SAVED = N_("the counts recorded with the case")
NO_POLL = N_("no poll: the director's own finding")
HAPPENED = {N_("yes"): True, N_("no"): False, N_("no finding yet"): None}
NOT_RECORDED = N_("not recorded")


class ActionForm(int):
    """A case's record id that also keys the widgets of one action's form: the first action's
    widgets keep the record's own keys, action ``number``'s end in "_a{number}". Where the form
    reads the database (the case's polls, its saved versions) it is the record id itself."""

    number: int

    def __new__(cls, record_id: int, number: int = 0) -> "ActionForm":
        made = int.__new__(cls, record_id)
        made.number = number
        return made

    def __format__(self, spec: str) -> str:
        return f"{int(self)}" + (f"_a{self.number}" if self.number else "")

    def __str__(self) -> str:
        return format(self)


def further_actions_input(record_id: int, case: Case, lang: Language, club_policy: str
                          ) -> tuple[tuple[ActionInQuestion, ...], int | None]:
    """Every action in question after the first, each with its own form (its poll, its questions,
    its outcome tree; Law 16B: the information its player had, all of it), and which action's
    outcome tree holds the board's score when more than one is adjusted."""
    if not case.further_actions:
        return (), case.scored_by
    further = []
    for number, action in enumerate(case.further_actions, 1):
        path = case.path(number)
        label = lang._("Action {number} in question: {action} by {seat}").format(
            number=number + 1, action=lang.say(action_word(path.action_in_question())), seat=lang.seat(path.action_seat or ""))
        with st.expander(label, expanded=True):
            inputs = ruling_inputs_form(ActionForm(record_id, number), path, lang, club_policy)
        further.append(replace(action, ruling=inputs))
    numbers = [None, *range(len(case.actions))]
    scored = st.selectbox(lang._("When more than one action is adjusted, the board's score is"), numbers,
                          index=numbers.index(case.scored_by) if case.scored_by in numbers else 0,
                          key=f"rf_scored_by_{record_id}",
                          format_func=lambda n: lang._("the earliest adjusted action's") if n is None else
                          lang._("action {number}'s").format(number=n + 1))
    return tuple(further), scored


def fact_finding_form(record_id: int, case: Case, version: int, username: str, lang: Language) -> None:
    """Where question 1 waits for a fact nobody has found (Law 85A), the director finds it here:
    whether it happened, how long it took, and why; kept with the case's facts. A case of several
    irregularities asks for each one still waiting."""
    for number, irr in enumerate(case.irregularities):
        path = case.path_following(number)
        if path is not None and path.kind == "UI":
            _fact_finding(record_id, case, number, replace(path, irregularities=(irr,)), version, username, lang)


def _fact_finding(record_id: int, case: Case, number: int, one: Case, version: int, username: str,
                  lang: Language) -> None:
    irr = one.irregularities[0]
    answer = ui_present(one)
    if answer.answer is not None or "Missing:" not in answer.reason:
        return
    key = f"{record_id}" if number == 0 else f"{record_id}_{number}"
    with st.form(f"rf_facts_{key}"):
        st.markdown("**" + lang._("The facts are not established yet (Law 85A)") + "**")
        if len(case.irregularities) > 1:
            st.caption(inert(lang.say(irr.description or IrregularityType(irr.type).word)))
        st.caption(inert(lang.say(answer.reason)))
        f1, f2 = st.columns(2)
        happened = f1.radio(lang._("The director finds it happened (for a break in tempo: an unmistakable hesitation)"),
                            list(HAPPENED), index=2, horizontal=True, key=f"rf_fact_happened_{key}",
                            format_func=lang._)
        seconds = f2.number_input(lang._("The director finds it took (seconds)"), min_value=0, max_value=3600, step=1,
                                  value=None, key=f"rf_fact_seconds_{key}")
        reason = reason_input(lang._("Why, on the balance of probabilities"), "", f"rf_fact_reason_{key}",
                              fact_draft(one), lang, in_form=True, max_chars=1000)
        if st.form_submit_button(lang._("Keep this finding with the facts")):
            try:
                found = FactFinding.from_dict({"happened": HAPPENED[happened], "reason": reason,
                                               **({"seconds": int(seconds)} if seconds is not None else {})},
                                              "finding of fact")
                kept = tuple(replace(irr, finding=found) if i == number else other
                             for i, other in enumerate(case.irregularities))
                cases.update_case(record_id, replace(case, irregularities=kept), username, opened_version=version)
            except HuddleInputError as exc:
                show_error(exc, lang=lang)
            else:
                done(lang._("The finding is kept with the case's facts."))


def finding_input(label: str, saved: Finding, key: str, lang: Language, computed: str = N_("not decided"),
                  draft: Message | None = None) -> Finding:
    """A yes / no / not-decided choice with a reason. ``computed`` names what "not decided"
    means here (e.g. "from the case facts"); labels are catalog messages, said in ``lang``;
    ``draft`` a reason to start from."""
    options = {computed: None, N_("yes"): True, N_("no"): False}
    names = list(options)
    current = next(n for n, v in options.items() if v is saved.finding)
    choice = st.radio(lang._(label), names, index=names.index(current), key=f"{key}_finding", horizontal=True,
                      format_func=lang._)
    reason = reason_input(lang._("Reason"), saved.reason, f"{key}_reason", draft if options[choice] else None, lang,
                          max_chars=1000, placeholder=lang._("What the director read the evidence as, in a sentence"))
    return Finding(options[choice], reason)


def judgement_input(record_id: int, saved: RulingInputs, label: str, lang: Language,
                    draft: Message | None = None) -> dict:
    """The director's own judgement on logical alternatives: the calls she finds, or none with
    her reason (``draft`` one to start from). Left empty, question 2 waits: nothing entered is
    no evidence."""
    text = st.text_input(lang._(label), ", ".join(saved.alternatives), key=f"rf_alts_{record_id}")
    reason = reason_input(lang._("Why (needed to find no logical alternative)"), saved.alternatives_reason,
                          f"rf_alts_reason_{record_id}", draft, lang, max_chars=1000)
    return {"alternatives_reason": reason, "alternatives": tuple(a.strip() for a in text.split(",") if a.strip())}


def counts_input(record_id: int, saved: RulingInputs, table_action: str, lang: Language,
                 rules: PollRules = PollRules(), at_call: int | None = None) -> dict:
    """The poll's counts: as saved, from one of the case's polls, or no poll (the director's
    finding). Returns the RulingInputs fields to set. ``at_call``: the call in question, whose
    polls these are (a poll at another call, such as the explainer's partner's, is not offered)."""
    case_polls = services.polls_for_case(record_id)
    number = poll_numbers(case_polls)           # as the address and the other pages number them
    all_polls = [p for p in case_polls if at_call is None
                 or services.problem_of(p).is_play or len(services.problem_of(p).auction.calls) == at_call]
    ballots = {p.id: len(services.ballots_for_poll(p.id)) for p in all_polls}
    follow_ups = {p.id: [f for f in all_polls if f.follows_id == p.id] for p in all_polls}
    # a poll counts with its follow-ups; the newest poll with answers comes first, and the page opens on it
    answered = [p for p in reversed(all_polls) if p.follows_id is None and ballots[p.id] + sum(
        ballots[f.id] for f in follow_ups[p.id])]
    label = {_poll_label(p, number, follow_ups[p.id], ballots, lang): p for p in answered}
    sources = list(label) + [SAVED] * bool(saved.poll) + [NO_POLL]
    # answers that came after the last saved ruling (or with none saved) open the page on the newest
    # poll; otherwise on what the saved ruling was made from, so the page shows that ruling
    saved_at = max((v.at for v in rulings.ruling_versions(record_id)), default=None)
    fresh = bool(answered) and (saved_at is None or case_ruling_missing(saved) or any(
        b.created_at > saved_at for p in all_polls for b in services.ballots_for_poll(p.id)))
    start = 0 if fresh or not sources[:-1] else sources.index(SAVED if saved.poll else NO_POLL)
    choice = st.selectbox(lang._("Where the counts come from"), sources, key=f"rf_counts_{record_id}", index=start,
                          format_func=lang._,
                          help=lang._("The answers of one of this case's polls (with its follow-ups), the counts "
                                      "recorded with the case, or no poll"))
    cols = st.columns(2)
    policy_name = cols[0].selectbox(lang._("Policy for logical alternatives"), list(PRESETS), key=f"rf_policy_{record_id}",
                                    format_func=lambda p: lang.say(policy_title(p)),
                                    index=list(PRESETS).index(saved.policy) if saved.policy in PRESETS else 0)
    consider_min = cols[1].text_input(lang._("Share that must seriously consider a call (WBF policy)"),
                                      saved.consider_min or "", key=f"rf_cmin_{record_id}", placeholder="1/5",
                                      help=lang._("The share of pollees who must seriously consider an action for it "
                                                  "to be a logical alternative, e.g. 1/5"))
    fields = {"policy": policy_name, "consider_min": consider_min.strip() or None}
    if choice == NO_POLL:
        return {**fields, "poll": (), "q4": None, "walk_through": None, **judgement_input(
            record_id, saved, N_("Logical alternatives found by the director (calls, comma-separated)"), lang)}
    if choice == SAVED:
        return {**fields, "poll": saved.poll, "q4": saved.q4, "walk_through": saved.walk_through,
                **_short_poll(record_id, saved, sum(c.chose for c in saved.poll), rules, lang,
                              draft=_no_alternative(saved.poll, table_action, fields))}
    poll = label[choice]
    problem = services.problem_of(poll)
    include = bool(problem.steps) and st.checkbox(
        lang._("Count the walk-through pollees who left the table's path too"), key=f"rf_walk_all_{record_id}",
        value=saved.walk_through is not None and saved.walk_through.counted_all,
        help=lang._("By default they are left out: a pollee who would have called differently earlier is not the "
                    "player's peer on this auction. The choice is kept with the ruling and printed in it."))
    ballots = services.family_ballots(poll.id)          # with its follow-ups
    tally = tally_ballots(ballots, problem, include)
    named = dict(tally.suggested).get(table_action, 0)
    played = _who_answered(poll.id, rules, lang)
    return {**fields, "poll": tally.actions, "q4": (named, tally.q4_answers) if tally.q4_answers else None,
            "walk_through": walk_through(ballots, problem, include),
            **_short_poll(record_id, saved, sum(c.chose for c in tally.actions), rules, lang, played,
                          _no_alternative(tally.actions, table_action, fields))}


def _no_alternative(counts, table_action: str, fields: dict) -> Message | None:
    """Why no logical alternative, from the poll's counts under the chosen policy (a draft)."""
    try:
        found = logical_alternatives(counts, table_action, policy(fields["policy"], fields["consider_min"]))
    except HuddleInputError:
        return None
    return no_alternative_draft(found, table_action)


def _who_answered(poll_id: int, rules: PollRules, lang: Language) -> int | None:
    """When the event's rules exclude some pollees, which pollee answered what (their class, and
    whether they played the session), so the director can tell whom to leave out; returns how
    many played the session (None when the rules say nothing of it)."""
    if not rules.pollees:
        return None
    answers = panel.answers_by_pollee(poll_id)
    with st.expander(lang._("Who answered what ({count})").format(count=len(answers)),
                     expanded=any(a.played for a in answers)):
        table([{lang._("pollee"): a.pollee, lang._("class"): lang._(a.grade) if a.grade else "",
                lang._("played the session"): lang._("yes") if a.played else "",
                lang._("chose"): lang.say(action_word(a.call)),
                lang._("also considered"): ", ".join(lang.say(action_word(c)) for c in a.considered)}
               for a in answers])
    return sum(a.played for a in answers) if rules.pollees == "peers, not of the session" else None


def _short_poll(record_id: int, saved: RulingInputs, size: int, rules: PollRules, lang: Language,
                played: int | None = None, draft: Message | None = None) -> dict:
    """Beside a poll smaller than the event's rules ask for, or with pollees they exclude, the
    director's own judgement (or nothing, and question 2 waits); beside a poll within them, none.
    ``played``: how many of the poll's pollees the panel says played the session, the count's start."""
    outside = {"not_peers": 0, "session_players": 0}
    if rules.pollees:
        cols = st.columns(2)
        outside["not_peers"] = int(cols[0].number_input(
            lang._("Pollees not of the player's standard"), 0, max(size, 0), min(saved.not_peers, size),
            key=f"rf_not_peers_{record_id}"))
        if rules.pollees == "peers, not of the session":
            start = saved.session_players if played is None else max(played, saved.session_players)
            outside["session_players"] = int(cols[1].number_input(
                lang._("Pollees who played in the session"), 0, max(size, 0), min(start, size),
                key=f"rf_session_players_{record_id}"))
    short = rules.short_by(size)
    breaches = rules.breaches(**outside)
    if not short and not breaches:
        return {"alternatives": (), "alternatives_reason": "", **outside}
    if short:
        st.warning(inert(lang._("The poll has {size} pollees; {source} asks for at least {minimum}. Poll {short} more, "
                                "or record your own judgement here.").format(
            size=size, source=rules.source or lang._("the event"), minimum=rules.minimum, short=short)))
    if breaches:
        st.warning(inert(lang._("The poll does not meet {source}: {breaches}. Poll again within the rules, or record "
                                "your own judgement here.").format(
            source=rules.source or lang._("the event rules"), breaches="; ".join(lang.say(b) for b in breaches))))
    return {**outside, **judgement_input(record_id, saved, N_("Your own judgement: the logical alternatives (calls, "
                                                              "comma-separated)"), lang, draft)}


def case_ruling_missing(saved: RulingInputs) -> bool:
    """A ruling section with neither counts nor the director's alternatives: nothing ruled on yet."""
    return not saved.poll and not saved.alternatives


def _poll_label(poll, number: dict, follow_ups: list, ballots: dict, lang: Language) -> str:
    """"Poll 2 (closed), 10 answers" or "Poll 1 with its follow-up poll 3 (open), 12 answers"."""
    answers = ballots[poll.id] + sum(ballots[f.id] for f in follow_ups)
    with_them = "".join(lang._(" with its follow-up poll {number}").format(number=number[f.id]) for f in follow_ups)
    template = lang.ngettext("Poll {number}{follow_ups} ({status}), {answers} answer",
                             "Poll {number}{follow_ups} ({status}), {answers} answers", answers)
    return template.format(number=number[poll.id], follow_ups=with_them, status=lang._(poll.status), answers=answers)


def misleading_input(record_id: int, saved: Misleading | None, lang: Language) -> Misleading:
    """The director's three findings on an opponent's variation in tempo or manner (Law 73E2);
    question 1 is read from the case facts."""
    saved = saved or Misleading()
    return Misleading(
        finding_input(N_("2. A demonstrable bridge reason for it (yes: he had one, no adjustment)"), saved.bridge_reason,
                      f"rf_ml_reason_{record_id}", lang),
        finding_input(N_("3. Could have known, at the time, that it could work to his benefit"), saved.could_have_known,
                      f"rf_ml_known_{record_id}", lang),
        finding_input(N_("4. A false inference drawn from it by the innocent player"), saved.false_inference,
                      f"rf_ml_inference_{record_id}", lang))


def misinformation_input(record_id: int, saved: Misinformation | None, case: Case, lang: Language) -> Misinformation:
    saved = saved or Misinformation()
    names = list(MI_EVIDENCE)
    told_options = [None, *MI_TOLD]
    told = st.selectbox(lang._("What were the non-offenders told about the call?"), told_options,
                        index=told_options.index(saved.told), key=f"rf_mi_told_{record_id}",
                        format_func=lambda t: lang._("as the auction records it") if t is None else lang._(MI_TOLD[t]))
    evidence = st.selectbox(lang._("Evidence of the agreement"), names, index=names.index(saved.evidence),
                            format_func=lambda n: lang._(MI_EVIDENCE[n]),
                            key=f"rf_mi_ev_{record_id}")
    agreement = _agreement_input(record_id, saved, case, lang)
    reason = st.text_input(lang._("What the evidence is"), saved.reason, key=f"rf_mi_reason_{record_id}")
    weight_text = st.text_input(lang._("Mixed evidence: the weight of a mistaken explanation (e.g. 2/3; blank: the "
                                       "evidence decides)"),
                                fraction_str(saved.explanation_weight) if saved.explanation_weight else "",
                                key=f"rf_mi_weight_{record_id}", max_chars=10,
                                help=lang._("Law 21B1(b), 75C: the director may weigh mixed evidence; each path's "
                                              "score is then weighted accordingly"))
    when = [None, *CORRECTIONS]
    corrected = st.selectbox(lang._("When was the explanation corrected?"), when, index=when.index(saved.corrected),
                             format_func=lambda w: lang._(NOT_RECORDED) if w is None else lang.say(CORRECTIONS[w]),
                             key=f"rf_mi_when_{record_id}")
    by_options = [None, *CORRECTED_BY]
    corrected_by = st.selectbox(lang._("Who corrected it?"), by_options, index=by_options.index(saved.corrected_by),
                                format_func=lambda b: lang._(NOT_RECORDED) if b is None else lang.say(CORRECTED_BY[b]),
                                key=f"rf_mi_by_{record_id}",
                                help=lang._("Law 20F4: the explainer at once; Law 20F5(b): his partner only as "
                                              "declarer or dummy after the final pass, or as a defender at the end of "
                                              "play; earlier is itself an infraction and unauthorized information "
                                              "(Law 20F5(a))"))
    partner = st.radio(lang._("Had the non-offender's partner called since the call in question? (Law 21B1(a) allows "
                                "a change only if not)"), list(FINDINGS), key=f"rf_mi_partner_{record_id}",
                       horizontal=True, format_func=lang._,
                       index=list(FINDINGS.values()).index(saved.partner_called_since),
                       help=lang._("After the final pass the auction answers this when it is left undecided"))
    changed = st.radio(lang._("Did the non-offender change the call (Law 21B1(a)), or withdraw the card (Law 47E2(a))?"),
                       list(FINDINGS), key=f"rf_mi_changed_{record_id}", horizontal=True, format_func=lang._,
                       index=list(FINDINGS.values()).index(saved.changed_call))
    offered = offered_call_input(record_id, saved, case, lang)
    weight = parse_fraction(weight_text, "mistaken explanation weight") if weight_text.strip() else None
    if weight is not None and not 0 < weight < 1:
        raise HuddleInputError("mistaken explanation weight", M_("a weight between 0 and 1, e.g. 2/3"))
    return Misinformation(evidence=evidence, reason=reason, corrected=corrected, partner_called_since=FINDINGS[partner],
                          changed_call=FINDINGS[changed], told=told, explanation_weight=weight, offered_call=offered,
                          corrected_by=corrected_by, agreement=agreement)


def _agreement_input(record_id: int, saved: Misinformation, case: Case, lang: Language) -> tuple[Statement, ...]:
    """What the explainer and his partner each say the agreement is: kept when they differ, the
    director's finding between them (a disputed fact, Law 75C, 85A)."""
    explainer = case.irregularity.by if case.irregularity is not None else None
    if explainer is None:
        return saved.agreement
    said = {a.by: a.said for a in saved.agreement}
    cols = st.columns(2)
    versions = [(seat, col.text_input(lang._("{seat} says the agreement is").format(seat=lang.seat(seat)),
                                      said.get(seat, ""), key=f"rf_mi_said_{seat}_{record_id}", max_chars=1000))
                for col, seat in zip(cols, (explainer, partner_of(explainer)))]
    return tuple(Statement(seat, text.strip()) for seat, text in versions if text.strip())


def offered_call_input(record_id: int, saved: Misinformation, case: Case, lang: Language) -> int | None:
    """Law 21B1(a): the player's later call that could still be changed and was offered for change
    (the question above then says whether he changed it)."""
    calls = case.board.auction.calls
    at = case.action_index
    later = [] if at is None else [i for i in range(at + 1, len(calls))
                                   if case.board.auction.seat_of(i) == case.board.auction.seat_of(at)]
    if not later:
        return None
    options = [None, *later]
    return st.selectbox(lang._("Change offered for a later call of the same player (Law 21B1(a))"), options,
                        index=options.index(saved.offered_call) if saved.offered_call in options else 0,
                        format_func=lambda i: lang._("none: the change was offered for the call in question, if at all")
                        if i is None else _call_named(i, calls[i].call, lang),
                        key=f"rf_mi_offered_{record_id}",
                        help=lang._("When the call in question could no longer be changed but a later one could: the "
                                    "ruling then says the call was made on misinformation and the remedy offered and "
                                    "declined (or taken) for the later call"))


def _call_named(index: int, call: str, lang: Language) -> str:
    """"call 5: Pass"."""
    return lang._("call {number}: {call}").format(number=index + 1, call=lang.say(action_word(call)))


def suggested_input(record_id: int, saved: RulingInputs, alternatives: tuple[str, ...],
                    lang: Language) -> tuple[str, ...]:
    """The logical alternatives the UI itself suggests over another: no legal choice either, so
    no weight in the adjustment (Law 16B1(a), Law 12C1(c))."""
    options = list(dict.fromkeys((*alternatives, *saved.suggested_alternatives)))
    if not options:
        return saved.suggested_alternatives
    return tuple(st.multiselect(lang._("Logical alternatives the UI itself suggests over another (no weight in the "
                                       "adjustment)"), options, default=list(saved.suggested_alternatives),
                                format_func=lambda a: lang.say(action_word(a)), key=f"rf_sugg_las_{record_id}",
                                help=lang._("Law 16B1(a) forbids choosing among logical alternatives one the "
                                              "unauthorized information suggests over another; Law 12C1(c) weighs only "
                                              "what was legal")))


def penalty_input(record_id: int, saved: RulingInputs, scoring: str, lang: Language) -> tuple[ProceduralPenalty, ...]:
    """A procedural penalty (Law 90) on one side, kept apart from the adjusted score (the first
    one here; a file's further penalties are kept as they are)."""
    first = saved.procedural_penalties[0] if saved.procedural_penalties else None
    with st.expander(lang._("Procedural penalty (Law 90)"), expanded=first is not None):
        given = st.checkbox(lang._("Impose a procedural penalty"), value=first is not None, key=f"rf_pp_on_{record_id}")
        if not given:
            return saved.procedural_penalties[1:]
        return (_penalty_fields(f"rf_pp_{record_id}", first, scoring, lang), *saved.procedural_penalties[1:])


def committee_penalty(case, lang: Language, key: str) -> tuple[ProceduralPenalty, ...] | None:
    """The appeals committee's own procedural penalty (Law 90) in a member's change: None keeps
    the director's penalties, a penalty replaces them."""
    with st.expander(lang._("The committee's procedural penalty (Law 90)")):
        if not st.checkbox(lang._("The committee imposes a procedural penalty"), key=f"{key}_on"):
            return None
        return (_penalty_fields(key, None, case.scoring, lang, by="committee"),)


def _penalty_fields(key: str, first: ProceduralPenalty | None, scoring: str, lang: Language,
                    by: str | None = None) -> ProceduralPenalty:
    """A penalty's side, unit, amount, who imposed it (unless ``by`` says) and why, read as one."""
    cols = st.columns(3 if by else 4)
    side = cols[0].selectbox(lang._("Side penalised"), ["NS", "EW"], format_func=lambda s: lang.say(Side(s).word),
                             index=["NS", "EW"].index(first.side) if first else 0, key=f"{key}_side")
    units = list(UNITS_FOR_SCORING.get(scoring, PENALTY_UNITS))
    unit = cols[1].selectbox(lang._("Unit"), units, format_func=lambda u: lang.say(PENALTY_UNITS[u]),
                             index=units.index(first.unit) if first and first.unit in units else 0, key=f"{key}_unit")
    amount = cols[2].text_input(lang._("Amount"), fraction_str(first.amount) if first else "", key=f"{key}_amount",
                                max_chars=10)
    if by is None:
        by = cols[3].selectbox(lang._("Imposed by"), list(IMPOSED_BY), format_func=lambda b: lang._(IMPOSED_BY[b]),
                               index=list(IMPOSED_BY).index(first.by) if first else 0, key=f"{key}_by")
    why = st.text_input(lang._("Why the penalty (Law 90)"), first.reason if first else "", key=f"{key}_why")
    try:
        return ProceduralPenalty(side, parse_fraction(amount or "0", "amount"), unit, by, why)
    except HuddleInputError as exc:
        raise exc.at(M_("procedural penalty: {field}", field=exc.field)) from None


def partner_ui_input(record_id: int, case: Case, lang: Language) -> PartnerUI | None:
    """The same explanation as unauthorized information to the explainer's partner (Laws 20F5(a),
    73C, 16B1): his later call in question, his peers' poll, whether the explanation suggested his
    call, that path's outcome tree, and whose tree holds the board's score when both adjust."""
    irr, saved = case.irregularity, case.partner_ui
    if case.kind != "MI" or irr is None or irr.type != "misexplained" or irr.call_index is None:
        return saved
    calls, auction = case.board.auction.calls, case.board.auction
    caller = auction.seat_of(irr.call_index)
    later = [i for i in range(irr.call_index + 1, len(calls)) if auction.seat_of(i) == caller]
    if not later:
        return saved
    key = f"rf_pui_{record_id}"
    seat = lang.say(Seat(caller).word)
    with st.expander(lang._("The same explanation as unauthorized information to {seat} (Laws 20F5(a), 73C, "
                              "16B1)").format(seat=seat), expanded=saved is not None):
        if not st.checkbox(lang._("Rule this path too"), value=saved is not None, key=f"{key}_on"):
            return None
        index = st.selectbox(lang._("{seat}'s call in question").format(seat=seat), later,
                             format_func=lambda i: _call_named(i, calls[i].call, lang), key=f"{key}_call",
                             index=later.index(saved.action_index) if saved and saved.action_index in later else 0)
        inputs = saved.ruling if saved is not None else RulingInputs()
        table_action = calls[index].call
        poll, q4 = _his_peers_poll(record_id, key, index, table_action, inputs, lang)
        suggested = finding_input(N_("Did the explanation demonstrably suggest his call?"), inputs.suggested,
                                  f"{key}_sugg", lang)
        alternatives = tuple(c.action for c in poll if action_key(c.action) != action_key(table_action))
        his = replace(case, kind="UI", action_index=index)        # contracts as his call would lead
        start = starting_rows(poll, alternatives, table_action, played_contract(case),
                              {a: his.likely_contract(a) for a in (*alternatives, table_action)})
        if is_complete_deal(case.board.deal):
            start = double_dummy_rows(case, start)      # a first guess at the tricks, as on the main path
        rows = tree_editor(lang._("His path's outcome tree (his call cancelled)"), f"{key}_tree",
                           outcome_rows(inputs.adjustment.trees()[0][1] if inputs.adjustment.trees() else None, start),
                           case, record_id, lang)
        scored = st.selectbox(lang._("When both paths adjust, the board's score is"), [None, *SCORED_BY],
                              key=f"{key}_scored", index=[None, *SCORED_BY].index(saved.scored_by if saved else None),
                              format_func=lambda p: lang._("not said yet") if p is None else lang._(SCORED_WORDS[p]))
        tree = tree_from_rows(rows, case.board.vulnerability, "partner_ui: outcome tree")
        return PartnerUI(index, replace(inputs, poll=poll, q4=q4, suggested=suggested,
                                        adjustment=Weighted(offenders=tree)), scored)


def _his_peers_poll(record_id: int, key: str, index: int, table_action: str, inputs: RulingInputs,
                    lang: Language) -> tuple[tuple[ActionCount, ...], tuple[int, int] | None]:
    """The UI path's poll: one of the case's polls at his call (personal links, Q4 on partner's
    explanation, its follow-ups counted), or counts typed as before."""
    all_polls = services.polls_for_case(record_id)
    number = poll_numbers(all_polls)
    at_his_call = [p.id for p in all_polls if p.follows_id is None and not services.problem_of(p).is_play
                   and len(services.problem_of(p).auction.calls) == index]
    typed = None
    source = st.selectbox(lang._("His peers' poll"), [typed, *at_his_call], key=f"{key}_source",
                          index=len(at_his_call) if at_his_call and not inputs.poll else 0,
                          format_func=lambda p: lang._("counts typed below") if p is None else
                          lang._("poll {number} of this case, at his call").format(number=number[p]))
    if source is not None:
        tally = services.tally(source)
        named = dict(tally.suggested).get(table_action, 0)
        return tally.actions, (named, tally.q4_answers) if tally.q4_answers else None
    shown = " ".join(f"{lang.say(action_word(c.action))}={c.chose}" for c in inputs.poll)
    counts = st.text_input(lang._("His peers' poll: how many chose each action"), shown, key=f"{key}_poll",
                           placeholder=f"{Call.P.said(lang)}=4 {Call('3H').said(lang)}=3")
    if counts == shown:        # untouched: the counts kept as saved, those who only considered an action too
        return inputs.poll, inputs.q4
    return tuple(ActionCount(a, n) for a, n in counts_from_text(counts, M_("poll of his peers"), lang).values()), \
        inputs.q4


def _alternatives(inputs: RulingInputs, table_action: str) -> tuple[str, ...]:
    """The logical alternatives the first tree starts from."""
    if not inputs.poll:
        return inputs.alternatives
    try:
        return logical_alternatives(inputs.poll, table_action, policy(inputs.policy, inputs.consider_min)).logical_alternatives
    except HuddleInputError:
        return ()


def ruling_inputs_form(record_id: int, case: Case, lang: Language, club_policy: str = "wbf2017") -> RulingInputs:
    """Every input of the ruling, starting from the saved section (or an empty one, read under the
    organisation's LA policy)."""
    saved = case.ruling or RulingInputs(policy=club_policy)
    if case.kind == "unplayable":
        # Law 12C2 alone: no poll and no questions, only each side's artificial score
        st.subheader(lang._("Adjustment"))
        section = adjustment_input(record_id, case, saved.adjustment, [], lang)
        return replace(saved, adjustment=method_from_dict(section, "adjustment", case.board.vulnerability))
    # a lead or play case: the card played counts as the polls' choice that holds it (♣8: a low ♣)
    polled = [c for p in services.polls_for_case(record_id) for c in services.problem_of(p).candidates]
    table_action = case.action_in_question(polled)
    st.subheader(lang._("Poll and policy"))
    counts = counts_input(record_id, saved, table_action, lang, case.poll_rules,
                          case.action_index if case.play_index is None else None)
    inputs = replace(saved, **counts, evidence=evidence_input(record_id, saved.evidence, lang))
    st.subheader(lang._("The questions"))
    if case.kind == "MI":
        inputs = replace(inputs, misinformation=misinformation_input(record_id, saved.misinformation, case, lang))
    elif case.kind == "misleading":
        inputs = replace(inputs, misleading=misleading_input(record_id, saved.misleading, lang))
    else:
        inputs = replace(inputs, ui=finding_input(N_("1. Unauthorized information"), saved.ui, f"rf_ui_{record_id}",
                                                  lang, N_("from the case facts")),
                         suggested=finding_input(N_("3. Demonstrably suggested"), saved.suggested,
                                                 f"rf_sugg_{record_id}", lang, draft=suggested_draft(
                                                     case, table_action, _alternatives(inputs, table_action),
                                                     inputs.q4)),
                         suggested_alternatives=suggested_input(record_id, saved, _alternatives(inputs, table_action),
                                                                lang))
        if is_comparable(case):       # Law 23C: the assistance decides, not the Law 16 questions
            inputs = replace(inputs, assistance=finding_input(
                N_("2. The outcome could well have been different without the assistance gained (Law 23C)"),
                saved.assistance, f"rf_assist_{record_id}", lang))
    damage_label = N_("5. Damage") if case.kind == "misleading" else N_("4. Damage")
    inputs = replace(inputs, damage=finding_input(damage_label, saved.damage, f"rf_damage_{record_id}", lang,
                                                  N_("computed from the outcome tree")))
    st.subheader(lang._("Adjustment"))
    # with no logical alternative yet, the tree starts from Pass (a call) or another polled card
    alternatives = _alternatives(inputs, table_action) or (
        ("P",) if case.play_index is None else tuple(c for c in polled if c != table_action)[:1] or ("P",))
    actions = (*alternatives, table_action) if table_action else alternatives
    contracts = {a: case.likely_contract(a) for a in actions}
    if case.kind in ("MI", "misleading"):
        # the non-offender's own call (or play) was legal: an outcome like the others, not cancelled
        start = starting_rows(inputs.poll, actions, None, contracts=contracts)
    else:
        start = starting_rows(inputs.poll, alternatives, table_action or "cancelled", played_contract(case), contracts)
    if is_complete_deal(case.board.deal):
        start = double_dummy_rows(case, start)      # a first guess at the tricks, which the director corrects
    section = adjustment_input(record_id, case, saved.adjustment, start, lang, inputs.suggested_alternatives)
    return replace(inputs, adjustment=method_from_dict(section, "adjustment", case.board.vulnerability),
                   procedural_penalties=penalty_input(record_id, saved, case.scoring, lang))


__all__ = ["ruling_inputs_form", "tree_editor", "finding_input", "partner_ui_input", "further_actions_input",
           "ActionForm"]
