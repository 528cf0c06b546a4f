"""A variation in tempo or manner that misleads an opponent (Law 73E2 of 2017; 73F of 2007; 73F2
of 1997): a player may draw inferences from an opponent's tempo at his own risk (Law 73D1), but
when he drew a false inference from it, and the opponent had no demonstrable bridge reason for
it and could have known at the time that it could work to his benefit, the director adjusts
(Law 12C). The alternatives of the adjustment are the innocent player's own (the drop and the
finesse), none cancelled: his side's action was legal, only misled.

    from analysis.law.questions.misleading import MISLEADING_QUESTIONS, misleading_worksheet

Sources: the Laws of Duplicate Bridge 2017, Law 73D1 and 73E2 (2007: 73D1 and 73F); LAWS.033
"Huddles and hesitations" on a defender's hesitation with no bridge reason.
"""
from __future__ import annotations

from analysis.bridge import side_of
from analysis.language import M_, N_, Message
from analysis.law.case import Case
from analysis.law.laws.editions import law
from analysis.law.questions.law16 import FACT_NOUNS, QUESTIONS, TEMPO_KINDS, MANNER_KINDS, Answer, Worksheet, not_established, worksheet
from analysis.law.case.findings import Finding, Misleading
from analysis.vocabulary import Seat

MISLEADING_QUESTIONS = (N_("a variation in tempo or manner by an opponent"), N_("no demonstrable bridge reason"),
                        N_("could have known it could work to his benefit"), N_("a false inference drawn from it"),
                        QUESTIONS[3])
WITHOUT = N_("had they drawn no false inference")


def misleading_worksheet(case: Case, harmed: Answer) -> Worksheet:
    """The five questions of Law 73E2 in order; ``harmed`` is the damage answer (Law 12B1)."""
    facts = case.findings.misleading or Misleading()
    seat = Seat(case.irregularity.by).word if case.irregularity is not None and case.irregularity.by else \
        N_("the opponent")
    return worksheet(variation(case), _no_bridge_reason(facts.bridge_reason, seat, case.laws),
                     _could_have_known(facts.could_have_known, seat, case.laws),
                     _false_inference(facts.false_inference, case), harmed,
                     basis=law("misleading adjustment", case.laws))


def variation(case: Case) -> Answer:
    """Q1: the variation in tempo (or the remark, the mannerism) as a fact, by an opponent of the
    player who was misled: agreed by both sides or found by the director (Law 85A)."""
    q = MISLEADING_QUESTIONS[0]
    irr = case.irregularity
    if irr is None or irr.type not in TEMPO_KINDS + MANNER_KINDS:
        return Answer(q, None, M_("The case records no hesitation, haste, remark, question or gesture by an opponent; "
                                  "the director decides."),
                      missing=M_("Waiting for the facts: the variation in tempo or manner, and by whom"))
    actor = case.action_seat
    if irr.by is not None and irr.by == actor:
        return Answer(q, False, M_("The {kind} was {seat}'s own: a player's own tempo or manner cannot mislead him.",
                                   kind=irr.type, seat=Seat(actor).word), irr.description)
    if irr.by is not None and actor is not None and side_of(irr.by) == side_of(actor):
        return Answer(q, False, M_("The {kind} was by {seat}, {actor}'s own side: that is unauthorized information to "
                                   "partner ({law}), not a variation that misled an opponent; rule it as a case of "
                                   "unauthorized information.", kind=irr.type, seat=Seat(irr.by).word,
                                   actor=Seat(actor).word, law=law("ui", case.laws)), irr.description)
    facts = irr.facts()
    what = FACT_NOUNS.get(irr.type, irr.type)
    if facts.happened is None:
        return not_established(irr, facts.missing(), question=q)
    if facts.happened is False:
        return Answer(q, False, M_("There was no {what}: {how}. Nothing misled the opponents.", what=what,
                                   how=facts.happened_by), irr.description)
    by = Seat(irr.by).word if irr.by else N_("an opponent")
    return Answer(q, True, M_("The {what} by {seat} is {how}. An opponent draws inferences from it at his own risk "
                              "({own_risk}), unless the conditions of {law} are met.", what=what, seat=by,
                              how=facts.happened_by, own_risk=law("opponent's tempo", case.laws),
                              law=law("misleading", case.laws)), irr.description)


def _no_bridge_reason(found: Finding, seat, laws: str) -> Answer:
    q = MISLEADING_QUESTIONS[1]
    if found.finding is None:
        return Answer(q, None, M_("Did {seat} have a demonstrable bridge reason for it (a problem of his own to think "
                                  "about)? The director decides ({law}).", seat=seat, law=law("misleading", laws)),
                      missing=M_("Waiting for the director's finding: a demonstrable bridge reason"))
    if found.finding:
        return Answer(q, False, M_("The director finds {seat} had a demonstrable bridge reason for it: the opponents "
                                   "drew their inference at their own risk ({law}). {reason}", seat=seat,
                                   law=law("opponent's tempo", laws), reason=found.reason))
    return Answer(q, True, M_("The director finds {seat} had no demonstrable bridge reason for it. {reason}", seat=seat,
                              reason=found.reason))


def _could_have_known(found: Finding, seat, laws: str) -> Answer:
    q = MISLEADING_QUESTIONS[2]
    if found.finding is None:
        return Answer(q, None, M_("Could {seat} have known, at the time, that it could work to his benefit? The "
                                  "director decides ({law}).", seat=seat, law=law("misleading", laws)),
                      missing=M_("Waiting for the director's finding: could he have known"))
    if found.finding:
        return Answer(q, True, M_("The director finds {seat} could have known, at the time, that it could work to his "
                                  "benefit. {reason}", seat=seat, reason=found.reason))
    return Answer(q, False, M_("The director finds {seat} could not have known, at the time, that it could work to his "
                               "benefit ({law}). {reason}", seat=seat, law=law("misleading", laws),
                               reason=found.reason))


def _false_inference(found: Finding, case: Case) -> Answer:
    q = MISLEADING_QUESTIONS[3]
    player = Seat(case.action_seat).word if case.action_seat else N_("the innocent player")
    if found.finding is None:
        return Answer(q, None, M_("Did {player} draw a false inference from it, and act on it? The director decides.",
                                  player=player),
                      missing=M_("Waiting for the director's finding: a false inference drawn from it"))
    if found.finding:
        return Answer(q, True, M_("The director finds {player} drew a false inference from it and acted on it. "
                                  "{reason}", player=player, reason=found.reason))
    return Answer(q, False, M_("The director finds {player}'s action did not rest on an inference from it: the "
                               "table result stands. {reason}", player=player, reason=found.reason))


def misleading_poll_line(case: Case) -> Message | None:
    """What the innocent player's peers chose without the false inference, as the ruling says it
    (a poll here gives no logical alternatives: it informs the weights of the adjustment)."""
    counts = case.findings.poll
    if not counts:
        return None
    from analysis.language import Listed
    from analysis.law.questions.logical_alternatives import action_word
    chose = Listed(tuple(M_("{action} {count}", action=action_word(c.action), count=c.chose) for c in counts
                         if c.chose))
    return M_("Poll of the misled player's peers, without the false inference: {n} pollees chose {chose}.",
              n=sum(c.chose for c in counts), chose=chose)


__all__ = ["MISLEADING_QUESTIONS", "misleading_worksheet", "variation", "misleading_poll_line", "WITHOUT"]
