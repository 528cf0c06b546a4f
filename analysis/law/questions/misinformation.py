"""The misinformation path of a ruling (Laws 20F, 21B, 75 of 2017; LAWS.033 "Mistaken bid /
mistaken explanation", LAWS.033; Kooijman's commentary on Law 21), as four questions:

1. Was there misinformation? A mistaken call is not an infraction ("the rub of the green"); a
   mistaken explanation is. The convention cards are the usual evidence; absent evidence the
   director presumes a mistaken explanation (Law 21B1(b)).
2. Would the non-offender have acted differently with the correct explanation? Read from a poll
   of the non-offender's peers given the correct explanation: another call is a candidate when
   it meets the logical-alternative test ("a significant proportion would consider the call and
   some would choose it", Kooijman on Law 21B1(a)).
3. Was it too late to change the call? Law 21B1(a) lets the non-offender change a call until the
   end of the auction period (the opening lead faced, Law 17D of 2017) and only while partner
   has not called since; the adjusted score is for damage that could not be repaired that way
   (Law 21B3).
4. Damage, as for unauthorized information.

A mistaken call is no misinformation, but partner's explanation (or alert) of it is unauthorized
information to the misbidder (Kooijman's commentary on the 2017 Laws, Law 20F): his later actions are ruled on the UI path.
"""
from __future__ import annotations

from dataclasses import replace

from analysis.bridge import partner_of
from analysis.language import M_, N_, InSentence, Listed, Message
from analysis.law.case import Case
from analysis.law.laws.editions import law
from analysis.law.questions.law16 import QUESTIONS, Answer
from analysis.law.questions.logical_alternatives import LAResult, action_word
from analysis.law.case.findings import CORRECTIONS, MI_EVIDENCE, MI_TOLD, Finding, Misinformation
from analysis.vocabulary import Call, CaseKind, Seat

MI_QUESTIONS = (Message("{kind}", kind=InSentence(CaseKind.MI.word)), N_("different action with the correct explanation"),
                N_("too late to change the call"), QUESTIONS[3])


def what_was_told(case: Case, facts: Misinformation) -> str:
    """What the non-offenders were told about the call (MI_TOLD): as recorded in the misinformation
    facts, else as the auction's annotation of the call says."""
    if facts.told is not None:
        return facts.told
    irr = case.irregularity
    call = case.board.auction.calls[irr.call_index] if irr is not None and irr.call_index is not None else None
    if call is None or call.explanation:
        return "explained"
    return "alerted, not asked" if call.alerted else "not alerted, not asked"


def misinformation_given(facts: Misinformation, laws: str = "2017", told: str = "explained") -> Answer:
    q = MI_QUESTIONS[0]
    evidence = M_("{evidence}: {reason}", evidence=MI_EVIDENCE[facts.evidence], reason=facts.reason) if facts.reason \
        else MI_EVIDENCE[facts.evidence]
    if facts.agreement:          # each side's version kept beside the director's finding between them
        evidence = M_("the agreement as stated: {versions}; the director's finding: {evidence}",
                      versions=Listed(tuple(a.words() for a in facts.agreement), "; "), evidence=evidence)
    if told == "alerted, not asked":
        return Answer(q, False, M_("The call was alerted and nobody asked what it meant: no explanation was given, so "
                                   "there was no misinformation about the call. The alert told the opponents that the "
                                   "call may mean something they do not expect, and they could ask ({asking}); a player "
                                   "who acts on his own reading of it instead is not entitled to redress ({own}).",
                                   asking=law('asking', laws), own=law('own misunderstanding', laws)), MI_TOLD[told])
    if facts.evidence == "none" and len({a.said for a in facts.agreement}) > 1:
        return Answer(q, None, M_("The sides state the agreement differently: a disputed fact, established only by the "
                                  "director's finding from the convention cards, the partners' notes and what each says "
                                  "({law}, Law 85A). Until then nothing is presumed.", law=law('agreement', laws)), evidence,
                      missing=M_("Waiting for the director's finding on the agreement the sides state differently "
                                 "({law})", law=law('agreement', laws)))
    if facts.evidence == "none" and told != "alerted, not asked":
        return Answer(q, None, M_("No evidence of the partnership agreement has been looked at yet: the convention "
                                  "cards, the partners' notes and what each says ({law}). Until the director has "
                                  "looked, nothing is presumed.", law=law('agreement', laws)), evidence,
                      missing=M_("Waiting for the director's finding on the agreement: the convention cards and "
                                 "both partners heard ({law})", law=law('agreement', laws)))
    if told == "not alerted, not asked":
        return _failure_to_alert(facts, laws, evidence)
    if facts.evidence == "as explained":
        return Answer(q, False, M_("The explanation matched the partnership agreement: a mistaken call, not "
                                   "misinformation, so the opponents have no redress ({law}; LAWS.033). Partner's "
                                   "explanation is unauthorized information to the misbidder, so his later actions are "
                                   "ruled as a UI case.", law=law('mistaken call', laws)), evidence)
    reasons = {
        "as bid": M_("The call matched the agreement and the explanation did not: a mistaken explanation, which is "
                     "misinformation ({law}).", law=law('misinformation', laws)),
        "cards differ": M_("The partners' cards disagree, so they have no agreement; an explanation that describes one "
                           "is misinformation (LAWS.033, {law}).", law=law('misinformation', laws)),
        "not established": M_("The director cannot establish the partnership agreement: a mistaken explanation is "
                              "presumed rather than a mistaken call ({law}).", law=law('agreement not established', laws)),
    }
    return Answer(q, True, reasons[facts.evidence], evidence)


def _failure_to_alert(facts: Misinformation, laws: str, evidence: str) -> Answer:
    """No alert and no question: the absence of an alert told the opponents the call was not
    alertable; misinformation only if the agreement called for an alert."""
    q = MI_QUESTIONS[0]
    if facts.evidence == "as explained":
        return Answer(q, False, M_("The call was not alerted and the agreement needs no alert: the call, not the "
                                   "information, was wrong (a mistaken call), so there is no misinformation ({law}).",
                                   law=law('mistaken call', laws)), evidence)
    if facts.evidence == "not established":
        return Answer(q, True, M_("The call was not alerted and nobody asked. The director cannot establish the "
                                  "agreement, so it is presumed to have called for an alert, and the failure to alert "
                                  "is misinformation ({laws}).",
                                  laws=f"{law('agreement not established', laws)}, {law('failure to alert', laws)}"),
                      evidence)
    return Answer(q, True, M_("The agreement called for an alert and none was given: the failure to alert is "
                              "misinformation ({law}).", law=law('failure to alert', laws)), evidence)


def misbidder(case: Case) -> str | None:
    """The seat that made the call that was explained (the mistaken call, if it was one)."""
    irr = case.irregularity
    if irr is None or irr.call_index is None:
        return None
    return case.board.auction.seat_of(irr.call_index)


def different_action(result: LAResult | None, finding: Finding, table_action: str) -> Answer:
    """With a poll: another action meets the LA test for the non-offender given the correct
    explanation. Without one: the director's finding."""
    q = MI_QUESTIONS[1]
    if result is None:
        if finding.finding is None:
            return Answer(q, None, M_("Poll the non-offender's peers with the correct explanation, or record the "
                                      "director's finding."),
                          missing=M_("No evidence on what the non-offender would have done yet: poll, consult, or "
                                     "record your own judgement"))
        return Answer(q, finding.finding, finding.reason or (
            M_("The director finds the non-offender would have acted differently.") if finding.finding else
            M_("The director finds the non-offender would have made the same call: no damage from the "
               "misinformation.")))
    others = result.logical_alternatives
    evidence = M_("{n} pollees given the correct explanation; {chose} chose {action}", n=result.poll_size,
                  chose=result.verdict(table_action).counts.chose, action=action_word(table_action))
    if not others:
        return Answer(q, False, M_("Given the correct explanation no other action meets the {policy} test: {action} "
                                   "would have been made anyway, so the misinformation did not cause the result.",
                                   policy=result.policy.short, action=action_word(table_action)), evidence)
    names = Listed(tuple(action_word(a) for a in others))
    return Answer(q, True, M_("Given the correct explanation {names} meets the {policy} test (\"a significant proportion "
                              "would consider it and some would choose it\"): the call was made on misinformation.",
                              names=names, policy=result.policy.short), evidence)


def partner_called_since(case: Case, facts: Misinformation) -> bool | None:
    """Had the non-offender's partner called after the call in question when the correction
    came? After the final pass the auction shows it; during the auction the director says. A later
    call of the same player offered for change shows it too: partner called in between."""
    if facts.offered_call is not None and case.action_index is not None and facts.offered_call > case.action_index:
        return True
    if facts.partner_called_since is not None or facts.corrected != "after the final pass":
        return facts.partner_called_since
    seat = case.action_seat
    if case.action_index is None or seat is None:
        return None
    partner = partner_of(seat)
    auction = case.board.auction
    return any(auction.seat_of(i) == partner for i in range(case.action_index + 1, len(auction.calls)))


def too_late_to_change(facts: Misinformation, case: Case) -> Answer:
    """Q3, and who corrected the explanation with what follows from it (Law 20F4, 20F5)."""
    answer = _too_late_to_change(facts, case)
    who = who_corrected(facts, case.laws)
    return answer if who is None else replace(answer, reason=Message("{reason} {who}", reason=answer.reason, who=who))


def who_corrected(facts: Misinformation, laws: str) -> Message | None:
    """Who corrected the explanation, when, and whether the Laws let him: the explainer at once
    (Law 20F4); his partner only when his side's turn comes, as declarer or dummy after the final
    pass, as a defender at the end of play (Law 20F5(b)); before that the correction is itself an
    infraction (Law 20F5(a)) and unauthorized information to the explainer."""
    by, when = facts.corrected_by, facts.corrected
    if by is None:
        return None
    ui = f"{law('ui', laws)}, Law 73C"
    if by == "explainer":
        return M_("The player who gave the explanation corrected it himself, as he must ({law}).",
                  law=law("own correction", laws))
    if by == "nobody: dummy or declarer failed to":
        return M_("The explainer's partner, as declarer or dummy, did not correct the explanation before the opening "
                  "lead, as he had to ({law}): the misinformation stood through the play.",
                  law=law("correction by declarer or dummy", laws))
    declarer = by == "partner as declarer or dummy"
    early = when == "during the auction" if declarer else when != "not corrected"
    if declarer and when in ("after the opening lead", "before the next card", "not corrected"):
        return M_("The explainer's partner, as declarer or dummy, corrected it only {when}: late, for he had to "
                  "correct it after the final pass and before the opening lead ({law}). The opening lead and any "
                  "play before the correction were made on misinformation; had it come in time, the last "
                  "non-offender to call could have changed that call ({change}).",
                  when=CORRECTIONS[when], law=law("correction by declarer or dummy", laws),
                  change=law("mi change of call", laws)) if when != "not corrected" else \
            M_("The explainer's partner, as declarer or dummy, did not correct the explanation before the opening "
               "lead, as he had to ({law}): the misinformation stood through the play.",
               law=law("correction by declarer or dummy", laws))
    if early:
        moment = CORRECTIONS.get(when or "", N_("too early"))
        return M_("The explainer's partner corrected it {when}, before his side's turn to do so ({law}): that "
                  "correction was not allowed ({early}), and it is itself unauthorized information to the explainer, "
                  "whose later actions it may not help ({ui}).", when=moment,
                  law=law("correction by declarer or dummy" if declarer else "correction by a defender", laws),
                  early=law("partner may not correct", laws), ui=ui)
    if declarer:
        return M_("The explainer's partner, as declarer or dummy, corrected it after the final pass and before the "
                  "opening lead, as he must ({law}).", law=law("correction by declarer or dummy", laws))
    return M_("The explainer's partner, a defender, corrected it at the end of play, as he must ({law}): too late for "
              "the non-offenders to act on it.", law=law("correction by a defender", laws))


def _too_late_to_change(facts: Misinformation, case: Case) -> Answer:
    q = MI_QUESTIONS[2]
    change, period = law("mi change of call", case.laws), law("end of auction period", case.laws)
    remedy = law("mi remedy", case.laws)
    if facts.corrected is None:
        return Answer(q, None, M_("Record when the explanation was corrected."))
    if case.play_index is not None:
        if facts.corrected == "before the next card":
            return _withdrawal(facts, case, q)
        return _card_too_late(facts.corrected, case, case.play_index, q, remedy)
    when = CORRECTIONS[facts.corrected]
    if facts.corrected in ("after the opening lead", "before the next card", "not corrected"):
        said = _CORRECTED_LATE[facts.corrected == NOT_CORRECTED]
        return Answer(q, True, M_(said, when=when, laws=f"{change}, {period}", remedy=remedy))
    called = partner_called_since(case, facts)
    if called is None:
        return Answer(q, None, M_("The explanation was corrected {when}: record whether the non-offender's partner had "
                                  "called since the call in question.", when=when))
    if called:
        who = Seat(partner_of(case.action_seat)).word if case.action_seat else N_("partner")
        late = M_("The explanation was corrected {when}, but {who} had called since the call in question, so it could "
                  "no longer be changed ({law}): it was made on misinformation, and the remedy is an adjusted score "
                  "({remedy}).", when=when, who=who, law=change, remedy=remedy)
        if facts.offered_call is not None and facts.changed_call is not None:
            later = Call(case.board.auction.calls[facts.offered_call].call).word
            player = Seat(case.action_seat).word if case.action_seat else N_("the player")
            offered = M_("{player}'s later {call} could still be changed, and the change was offered ({law}): "
                         "{player} changed it.", player=player, call=later, law=change) if facts.changed_call else \
                M_("{player}'s later {call} could still be changed, and the change was offered ({law}): {player} "
                   "declined and kept it. Declining that remedy does not cure the earlier call.", player=player,
                   call=later, law=change)
            late = Message("{late} {offered}", late=late, offered=offered)
        return Answer(q, True, late)
    if facts.changed_call is None:
        return Answer(q, None, M_("The explanation was corrected {when}, while the call could still be changed: "
                                  "record whether the non-offender changed it.", when=when))
    if facts.changed_call:
        return Answer(q, False, M_("The correction came {when}, in time, and the non-offender changed the call ({law}): "
                                   "the table result came from the correct information.", when=when, law=change))
    return Answer(q, False, M_("The correction came {when}, in time, and the non-offender chose to keep the call "
                               "({law}): the call was not made on misinformation.", when=when, law=change))


NOT_CORRECTED = "not corrected"
# Q3's sentence for a correction too late for the call, and for a card played first; the one the
# director records as "not corrected" says so, the others say when it came.
_CORRECTED_LATE = {
    False: N_("The explanation was corrected {when}: too late for a change of call ({laws}); the remedy is an adjusted "
              "score ({remedy})."),
    True: N_("The explanation was {when}: too late for a change of call ({laws}); the remedy is an adjusted score "
             "({remedy})."),
}
_PLAYED_ON = {
    (False, True): N_("The explanation was corrected {when}, after {card} was played and another card was played to "
                      "the trick, so it could no longer be withdrawn (Law 47E2); the remedy is an adjusted score "
                      "({remedy})."),
    (True, True): N_("The explanation was {when}, after {card} was played and another card was played to the trick, so "
                     "it could no longer be withdrawn (Law 47E2); the remedy is an adjusted score ({remedy})."),
    (False, False): N_("The explanation was corrected {when}, after {card} was played; the remedy is an adjusted score "
                       "({remedy})."),
    (True, False): N_("The explanation was {when}, after {card} was played; the remedy is an adjusted score ({remedy})."),
}


def _withdrawal(facts: Misinformation, case: Case, q: str) -> Answer:
    """Corrected after the card was faced but before the next card was played: the player may
    withdraw it and play another (Law 47E2(a)), so the remedy was at hand at the table."""
    withdraw = law("withdraw a card", case.laws)
    card = case.decision_name()
    if facts.changed_call is None:
        return Answer(q, None, M_("The explanation was corrected after {card} was faced, before the next card: it "
                                  "could be withdrawn ({law}). Record whether the player withdrew it.", card=card,
                                  law=withdraw))
    if facts.changed_call:
        return Answer(q, False, M_("The explanation was corrected after {card} was faced, before the next card, and the "
                                   "player withdrew it and chose again with the correct explanation ({law}): the card "
                                   "played was not chosen on misinformation.", card=card, law=withdraw))
    return Answer(q, False, M_("The explanation was corrected after {card} was faced, before the next card: the player "
                               "could withdraw it ({law}) and chose to let it stand, so it was not played on "
                               "misinformation.", card=card, law=withdraw))


def _card_too_late(corrected: str, case: Case, index: int, q: str, remedy: str) -> Answer:
    """A lead or a card played on misinformation: corrected before it was played, it was chosen
    with the right explanation; played first, it may be taken back only until a card is played to
    the trick after it (Law 47E2), which the recorded play shows."""
    when = CORRECTIONS[corrected]
    before = corrected in ("during the auction", "after the final pass")
    if before:
        return Answer(q, False, M_("The explanation was corrected {when}, before {card}: the card was chosen with the "
                                   "correct explanation, not on misinformation.", when=when, card=case.decision_name()))
    if corrected == "after the opening lead" and index > 0:
        return Answer(q, None, M_("The explanation was corrected after the opening lead: record whether that was before "
                                  "{card} (the director's finding on Q3).", card=case.decision_name()))
    followed = len(case.play) > index + 1 and (index + 1) % 4 != 0
    if followed or corrected == "not corrected":
        said = _PLAYED_ON[corrected == NOT_CORRECTED, True]
        return Answer(q, True, M_(said, when=when, card=case.decision_name(), remedy=remedy))
    said = _PLAYED_ON[corrected == NOT_CORRECTED, False]
    return Answer(q, True, M_(said, when=when, card=case.decision_name(), remedy=remedy))


__all__ = ["MI_QUESTIONS", "misinformation_given", "what_was_told", "different_action", "too_late_to_change", "misbidder",
           "who_corrected",
           "partner_called_since"]
