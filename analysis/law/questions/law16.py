"""The four Law 16 questions as a worksheet: was there unauthorized information, was there a
logical alternative, did the UI demonstrably suggest the action taken, were the non-offenders
damaged. The first "no" ends the ruling with its reason and the questions after it are not
asked; an unanswered question leaves it open.

Sources: Law 16B (2017); LAWS.033 "Huddles and hesitations" and the Law 16 steps of
BridgeHands' laws chapter. UI passes between partners: a player's own tempo is not UI to him, and an opponent's
tempo is information he may use at his own risk (Law 73D1). After a skip bid the next player is
expected to wait the pause the event's regulation asks for (``analysis.law.laws.regulations``): "a 10
second huddle … is obviously far from undue (a pass in tempo would be undue haste)" (LAWS.033).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from analysis.language import M_, MP_, N_, Capital, InSentence, Listed, Message
from analysis.law.adjustment.assigned import side_worth
from analysis.bridge import side_of
from analysis.law.case import Case, Irregularity
from analysis.law.laws.editions import has_law, law
from analysis.law.case.facts import Established
from analysis.law.questions.logical_alternatives import LAResult, action_word
from analysis.bridge.scoring import WeightedScore
from analysis.vocabulary import Call, CaseKind, IrregularityType, ScoringForm, Seat, Side

QUESTIONS = (Message("{kind}", kind=InSentence(CaseKind.UI.word)), N_("logical alternative"), N_("demonstrably suggested"),
             N_("damage"))
TEMPO_KINDS = tuple(k for k in IrregularityType if k.is_tempo)
MANNER_KINDS = tuple(k for k in IrregularityType if k.by_manner)
PARTNER_SAID = tuple(k for k in IrregularityType if k.explained_by_partner and k is not IrregularityType.MISEXPLAINED)
UI_KINDS = MANNER_KINDS + PARTNER_SAID
UI_NOUNS = {"hesitation": N_("the break in tempo"), "haste": N_("the quick call"), "remark": N_("the remark"),
            "question": N_("the question"), "gesture": N_("the gesture"), "explanation": N_("partner's explanation"),
            "alert": N_("partner's alert"), "unalerted": N_("partner's failure to alert"),
            "misexplained": N_("partner's explanation"), "withdrawn": N_("the withdrawn call or play"),
            "other": N_("the unauthorized information")}
# the information of an action that followed more than one irregularity, taken together (Law 16B)
UI_PLURALS = {"hesitation": N_("the breaks in tempo"), "other": N_("the unauthorized information, taken together")}
# what the director establishes, in a sentence ("There was no hesitation")
FACT_NOUNS = {"hesitation": N_("hesitation"), "haste": N_("unwonted speed"), "remark": N_("remark"),
              "question": N_("question"), "gesture": N_("gesture"), "other": N_("irregularity")}
VERDICTS = {True: N_("yes"), False: N_("no"), None: N_("not decided"), "not reached": N_("not reached")}


@dataclass(frozen=True)
class Answer:
    question: str
    answer: bool | None        # None: not decided yet (or not reached)
    reason: str
    evidence: str = ""
    reached: bool = True       # False: an earlier "no" ended the ruling before this question
    missing: str = ""          # an open answer: what it waits for, as the page opens on it

    def to_dict(self) -> dict:
        out = {"question": str(self.question), "answer": self.answer, "reason": self.reason,
               "evidence": self.evidence, "reached": self.reached}
        if self.missing:
            out["missing"] = self.missing
        return out

    def verdict(self) -> str:
        return VERDICTS["not reached" if not self.reached else self.answer]


def is_skip_bid(case: Case, index: int) -> bool:
    """A bid at a higher level than the lowest legal one in its strain (a jump)."""
    calls = case.board.auction.calls
    call = calls[index].call
    if not call[0].isdecimal():
        return False
    earlier = [c.call for c in calls[:index] if c.call[0].isdecimal()]
    lowest = 1
    if earlier:
        lowest = next(level for level in range(1, 8) if Call(f"{level}{call[1:]}").rank > Call(earlier[-1]).rank)
    return int(call[0]) > lowest


# ---------------------------------------------------------------- Law 16C: a withdrawn call or play

def withdrawn_answer(case: Case, irr: Irregularity, question) -> Answer:
    """Q1 for information from a withdrawn action: unauthorized to the offending side (the
    offender too), authorized to the other (Law 16C1)."""
    w = irr.withdrawn
    actor = case.action_seat
    what = w.words(irr.by) if w is not None else N_("a withdrawn call or play")
    if irr.by is not None and actor is not None and side_of(irr.by) != side_of(actor):
        return Answer(question, False, M_("The withdrawn action ({what}) is authorized information to the non-offending "
                                          "side ({law}): {actor} may use it.", what=what,
                                          law=law("withdrawn authorized", case.laws), actor=Seat(actor).word),
                      irr.description)
    return Answer(question, True, M_("The withdrawn action ({what}) is unauthorized information to the offending side, "
                                     "the offender as well as his partner ({law}).", what=what,
                                     law=law("withdrawn ui", case.laws)), irr.description)


def is_comparable(case: Case) -> bool:
    """A withdrawn call replaced by a comparable call, and nothing else behind the action, in an
    edition that has the rule."""
    return (len(case.irregularities) == 1 and case.irregularities[0].withdrawn is not None
            and bool(case.irregularities[0].withdrawn.comparable) and has_law("comparable call", case.laws))


def comparable_questions(case: Case, harmed) -> tuple:
    """A comparable call (Law 23A): Law 16C does not apply; the director adjusts when, without the
    assistance gained through the infraction, the outcome could well have been different (Law 23C)."""
    irr = case.irregularity
    assert irr is not None and irr.withdrawn is not None
    first = Answer(COMPARABLE_QUESTIONS[0], True, M_(
        "{what} was replaced by a comparable call ({law}): {ui} does not restrict the offending side, and the "
        "auction goes on without further rectification.", what=irr.withdrawn.words(irr.by),
        law=law("comparable call", case.laws), ui=law("withdrawn ui", case.laws)), irr.description)
    found = case.findings.assistance
    cited = law("comparable assistance", case.laws)
    if found.finding is None:
        second = Answer(COMPARABLE_QUESTIONS[1], None, M_(
            "Could the outcome well have been different without the assistance the offending side gained through the "
            "infraction? The director decides ({law}).", law=cited),
            missing=M_("Waiting for the director's finding: the assistance gained through the infraction"))
    elif found.finding:
        second = Answer(COMPARABLE_QUESTIONS[1], True, M_(
            "The director finds that without the assistance gained through the infraction the outcome could well "
            "have been different ({law}). {reason}", law=cited, reason=found.reason))
    else:
        second = Answer(COMPARABLE_QUESTIONS[1], False, M_(
            "The director finds the outcome would have been the same without the assistance gained through the "
            "infraction ({law}): the table result stands. {reason}", law=cited, reason=found.reason))
    return first, second, harmed


COMPARABLE_QUESTIONS = (N_("a comparable call replaced the withdrawn one"),
                        N_("the outcome could well have been different without the assistance"))
COMPARABLE_WITHOUT = N_("without the assistance gained through the infraction")


def _concepts(case: Case, from_partner: str, withdrawn: str) -> str:
    """The laws for each source of the action's information, once each: from partner, from a
    withdrawn call or play, or both."""
    kinds = {irr.type == IrregularityType.WITHDRAWN for irr in case.irregularities} or {False}
    return ", ".join(law(withdrawn if w else from_partner, case.laws) for w in sorted(kinds))


def ui_law(case: Case) -> str:
    """The law that makes the information unauthorized: from partner (Law 16B1(a)), or from a
    withdrawn call or play (Law 16C1(b); 16D2 of 2007)."""
    return _concepts(case, "ui", "withdrawn ui")


def ui_basis(case: Case) -> str:
    """The laws that allow the adjustment on the UI path."""
    return _concepts(case, "ui adjustment", "withdrawn adjustment")


def ui_noun(case: Case) -> str:
    """What the UI was, in the words Q3 and Q4 use: all of it, when the player had several."""
    kinds = {irr.type for irr in case.irregularities}
    if len(case.irregularities) > 1:
        return UI_PLURALS["hesitation"] if kinds <= set(TEMPO_KINDS) else UI_PLURALS["other"]
    irr = case.irregularity
    return UI_NOUNS.get(irr.type, UI_NOUNS["other"]) if irr is not None else UI_NOUNS["other"]


def ui_present(case: Case, finding: bool | None = None, reason: str = "") -> Answer:
    """Q1 from the case facts; ``finding`` is the director's decision when the facts are disputed."""
    q = QUESTIONS[0]
    irr = case.irregularity
    if finding is not None:
        return Answer(q, finding, reason or (M_("The director finds that partner conveyed information.")
                                             if finding else M_("The director finds no unauthorized information.")))
    if len(case.irregularities) > 1:
        return all_the_information(case)
    if irr is not None and irr.type == IrregularityType.WITHDRAWN:
        return withdrawn_answer(case, irr, q)
    if irr is None or irr.type not in UI_KINDS:
        return Answer(q, None, M_("The case records no hesitation, haste, remark, question, gesture, explanation or "
                                  "alert from partner; the director decides."),
                      missing=M_("Waiting for the director's finding: was there unauthorized information"))
    not_partner = _not_from_partner(case, irr)
    if not_partner is not None:
        return not_partner
    facts = irr.facts()
    tempo = _after_skip_bid(case, irr, facts)
    if tempo is not None:
        return tempo
    what = FACT_NOUNS.get(irr.type, irr.type)
    if facts.happened is None:
        return not_established(irr, facts.missing())
    if facts.happened is False:
        return Answer(q, False, M_("There was no {what}: {how}. There is no unauthorized information.",
                                   what=what, how=facts.happened_by), irr.description)
    ui_law = law("ui", case.laws)
    if irr.type in PARTNER_SAID:
        said = law("partner's explanation" if irr.type == "explanation" else "partner's alert", case.laws)
        return Answer(q, True, M_("{what} is {how}; it is unauthorized information to the player ({law}) and needs "
                                  "no further finding.", what=Capital(UI_NOUNS[irr.type]), how=facts.happened_by,
                                  law=f"{said}, {ui_law}"), irr.description)
    how = law("tempo", case.laws) if irr.type in TEMPO_KINDS else law("manner", case.laws)
    if irr.type == "question":
        how += f", {law('question for partner', case.laws)}"
    found = M_("The {what} is {how}; it is unauthorized information to partner ({laws}).", what=what,
               how=facts.happened_by, laws=f"{ui_law}, {how}")
    told = sorted({s.seconds for s in facts.statements if s.seconds is not None})
    if irr.type in TEMPO_KINDS and facts.seconds is None and len(told) > 1:
        # the hesitation is agreed (or found) and only its length is in dispute
        found = Message("{found} {seconds}", found=found, seconds=M_(
            "The seconds are disputed ({told}); that does not change the ruling: that there was an unmistakable "
            "hesitation is established, and unauthorized information needs no more than that, whatever its length.",
            told=Listed(tuple(s.words() for s in facts.statements if s.seconds is not None), "; ")))
    return Answer(q, True, found, irr.description)


def all_the_information(case: Case) -> Answer:
    """Question 1 for an action that came after several irregularities (two breaks in tempo, a
    remark and a pause): all the information the player had, taken together (Law 16B1(a)). Yes
    when any of it is established as unauthorized information, no when none is, open while a
    fact it waits for is missing and nothing else is established."""
    answers = [ui_present(replace(case, irregularities=(irr,))) for irr in case.irregularities]
    each = Listed(tuple(M_("({number}) {reason}", number=n, reason=a.reason) for n, a in enumerate(answers, 1)), " ")
    descriptions = "; ".join(irr.description for irr in case.irregularities if irr.description)
    cited = law("ui", case.laws)
    if any(a.answer for a in answers):
        return Answer(QUESTIONS[0], True, M_("The player had all this information together ({law}): {each}", law=cited,
                                             each=each), descriptions)
    waiting = next((a for a in answers if a.answer is None), None)
    if waiting is not None:
        return Answer(QUESTIONS[0], None, M_("The player had all this information together ({law}): {each}", law=cited,
                                             each=each), descriptions, missing=waiting.missing)
    return Answer(QUESTIONS[0], False, M_("None of it is unauthorized information ({law}): {each}", law=cited, each=each),
                  descriptions)


def not_established(irr: Irregularity, missing: str, seconds_decide: bool = False,
                    question: str = QUESTIONS[0]) -> Answer:
    """Question 1 waits for the facts: a fact is established by both sides' agreement or by the
    director's finding, nothing else (Law 85A)."""
    disputed = irr.agreed is False or bool(irr.statements)
    waiting = M_("Waiting for the director's finding (Law 85A): how long it took") if seconds_decide else \
        M_("Waiting for the director's finding (Law 85A): did it happen, and how long")
    return Answer(question, None, M_("The facts are disputed: a fact is established only by both sides' agreement "
                                         "or by the director's finding on the balance of probabilities (Law 85A). "
                                         "Missing: {missing}.", missing=missing) if disputed else
                  M_("The facts are not established: a fact is established only by both sides' agreement or by the "
                     "director's finding on the balance of probabilities (Law 85A). Missing: {missing}.", missing=missing),
                  irr.description, missing=waiting)


def _not_from_partner(case: Case, irr: Irregularity) -> Answer | None:
    """UI reaches only partner: not the player who transmitted it, not an opponent."""
    actor = case.action_seat
    if irr.by is None or actor is None:
        return None
    q = QUESTIONS[0]
    if irr.by == actor:
        return Answer(q, False, M_("The {kind} was {seat}'s own: a player's own manner is not unauthorized information "
                                   "to himself, so Law 16 does not restrict his action.", kind=irr.type,
                                   seat=Seat(actor).word), irr.description)
    if side_of(irr.by) != side_of(actor):
        own_risk = law("opponent's tempo", case.laws)
        return Answer(q, False, M_("The {kind} was by {seat}, an opponent of {actor}: a player may draw inferences from "
                                   "an opponent's manner at his own risk ({law}), so it is not unauthorized information. "
                                   "If the opponent had no demonstrable bridge reason and could have known it could work "
                                   "to his benefit, rule the case as a misleading hesitation or manner ({misleading}).",
                                   kind=irr.type, seat=Seat(irr.by).word, actor=Seat(actor).word, law=own_risk,
                                   misleading=law("misleading", case.laws)), irr.description)
    return None


def _after_skip_bid(case: Case, irr: Irregularity, facts: Established) -> Answer | None:
    """The tempo of a call straight after a skip bid, judged against the pause the event's
    regulation asks for, from the seconds as established (agreed or found); between "about" that
    pause and clearly longer, whether it was an unmistakable hesitation is the director's finding."""
    at = irr.call_index
    pause = case.skip_bid_pause
    if pause.asked is None or irr.type not in TEMPO_KINDS or at is None or at == 0 or not is_skip_bid(case, at - 1):
        return None
    seconds = facts.seconds
    if seconds is None:
        told = irr.seconds is not None or any(s.seconds is not None for s in facts.statements)
        if facts.happened is None and told:         # the seconds decide here, and nobody has found them
            return not_established(irr, facts.missing(needs_seconds=True), seconds_decide=True)
        return None
    q = QUESTIONS[0]
    skip = Call(case.board.auction.calls[at - 1].call).word
    call = Call(case.board.auction.calls[at].call).word
    laws = f"{law('ui', case.laws)}, {law('tempo', case.laws)}"
    asked = M_("pause of about {seconds} seconds that {authority} asks for", seconds=pause.asked,
               authority=pause.authority)
    said = M_(" (as the director found the seconds, Law 85A1)") if facts.seconds_how == "found" else ""
    bounds = M_("Huddle reads under {haste} seconds as undue haste, up to {about} as the pause asked for and {undue} or "
                "more as clearly longer", haste=pause.haste_under, about=pause.about_until, undue=pause.undue_from)
    values = dict(call=call, seconds=seconds, skip=skip, said=said, asked=asked, bounds=bounds, laws=laws)
    reading = pause.reading(seconds)
    if reading == "haste":
        return Answer(q, True, M_("{call} after {seconds} seconds over the skip bid {skip}{said} is undue haste, not "
                                  "the {asked}: a call in tempo there shows a quick decision ({laws}; LAWS.033; "
                                  "{bounds}). It is unauthorized information to partner.", **values), irr.description)
    if reading == "asked":
        return Answer(q, False, M_("A pause of {seconds} seconds after the skip bid {skip} before {call}{said} is the "
                                   "{asked}; it is not an undue hesitation, so there is no unauthorized information "
                                   "({bounds}).", **values), irr.description)
    if reading == "director":
        # only an explicit agreement that it was unmistakable, or the director's finding, settles this band
        found = irr.finding.happened if irr.finding is not None and irr.finding.happened is not None else None
        unmistakable = found if found is not None else irr.agreed_happened
        how = facts.by("found") if found is not None else facts.by("agreed")
        if unmistakable is None:
            return Answer(q, None, M_("A pause of {seconds} seconds after the skip bid {skip} before {call}{said} is "
                                      "longer than the {asked}, but not clearly so: whether it was an unmistakable "
                                      "hesitation that conveyed information is the director's finding ({laws}; "
                                      "{bounds}). Missing: the director's finding whether it was an unmistakable "
                                      "hesitation.", **values), irr.description,
                          missing=M_("Waiting for the director's finding (Law 85A): was it an unmistakable hesitation"))
        return Answer(q, unmistakable, (M_("A pause of {seconds} seconds after the skip bid {skip} before {call}{said} "
                                           "is longer than the {asked}; it was an unmistakable hesitation, {how} "
                                           "({laws}).", how=how, **values) if unmistakable else
                                        M_("A pause of {seconds} seconds after the skip bid {skip} before {call}{said} "
                                           "is longer than the {asked}; it was not an unmistakable hesitation, {how} "
                                           "({laws}).", how=how, **values)), irr.description)
    return Answer(q, True, M_("A pause of {seconds} seconds after the skip bid {skip} before {call}{said} is clearly "
                              "longer than the {asked}: an undue hesitation ({laws}). It is unauthorized information "
                              "to partner.", **values), irr.description)


def logical_alternative_exists(result: LAResult, laws: str = "2017") -> Answer:
    q = QUESTIONS[1]
    alternatives = result.logical_alternatives
    evidence = M_("{n} pollees, policy {policy}", n=result.poll_size, policy=result.policy.shown)
    if not alternatives:
        return Answer(q, False, M_("No other action is a logical alternative under {policy}: the table action stands "
                                   "(no infraction).", policy=result.policy.shown), evidence)
    names = Listed(tuple(action_word(a) for a in alternatives))
    cited = law('logical alternative', laws)
    return Answer(q, True, MP_("{names} is a logical alternative under {policy} ({law}).",
                               "{names} are logical alternatives under {policy} ({law}).", n=len(alternatives),
                               names=names, policy=result.policy.shown, law=cited), evidence)


def demonstrably_suggested(finding: bool | None, reason: str = "", action: str = "",
                           suggested: tuple[int, int] | None = None, ui: str = UI_NOUNS["hesitation"],
                           laws: str = "2017", cited: str | None = None) -> Answer:
    """Q3 is the director's judgment, shown beside the poll's Q4 evidence: ``suggested`` is (how
    many pollees said the UI, ``ui`` in words, makes ``action`` more attractive, how many answered Q4)."""
    q = QUESTIONS[2]
    evidence = ""
    if suggested is not None and suggested[1]:
        k, n = suggested
        evidence = M_("{k} of {n} pollees ({share}%) said {ui} makes {action} more attractive.", k=k, n=n,
                      share=round(100 * k / n), ui=ui, action=action_word(action))
    if finding is None:
        return Answer(q, None, M_("The director has not yet decided whether {ui} demonstrably suggested the action "
                                  "over its alternatives.", ui=ui), evidence,
                      missing=M_("Waiting for the director's judgement: did {ui} demonstrably suggest the action",
                                 ui=ui))
    if not finding:
        return Answer(q, False, reason or M_("{ui} did not suggest the action: no infraction.", ui=Capital(ui)),
                      evidence)
    return Answer(q, True, reason or M_("{ui} demonstrably suggested the action taken over the logical alternatives "
                                        "({law}).", ui=Capital(ui), law=cited or law('ui', laws)), evidence)


def damage(case: Case, table_ns: int | None, expectation: WeightedScore | None,
           without_infraction: str = N_("had the offender taken a logical alternative")) -> Answer:
    """Q4, in the event's scoring (Law 12B1): would the non-offenders have scored more after the
    legal alternatives than they did at the table, in matchpoints, IMPs or board-a-match?"""
    q = QUESTIONS[3]
    side = case.non_offending_side
    if case.both_offended:
        return Answer(q, None, M_("Both sides were at fault: the director records whether each was damaged."))
    if table_ns is None or expectation is None or side is None:
        return Answer(q, None, M_("Damage needs the table result, the adjusted outcomes and the non-offending side."))
    expected, worth = side_worth(case, side, expectation)
    table, at_table = side_worth(case, side, WeightedScore.single(table_ns))
    unit = worth.value()[1]
    if expected is None or table is None:
        return Answer(q, None, M_("At {scoring} a weighted expectation is worth what the field makes of it: record the "
                                  "field (or the other table), or the director's damage finding.",
                                  scoring=ScoringForm(case.scoring).word))
    evidence = M_("non-offenders ({side}): at the table {table}, after the legal alternatives {expected}",
                  side=Side(side).word, table=at_table.said(table), expected=worth.said(expected))
    damage_law = law("damage", case.laws)
    if expected > table:
        return Answer(q, True, M_("The non-offenders would have expected a better score {without}: they were damaged "
                                  "({law}).", without=without_infraction, law=damage_law), evidence)
    return Answer(q, False, M_("The non-offenders would not have done better {without}, measured in {unit}: no damage, "
                               "the table result stands ({law}).", without=without_infraction, unit=unit,
                               law=damage_law), evidence)


@dataclass(frozen=True)
class Worksheet:
    answers: tuple[Answer, ...]
    basis: str = "Law 16B3, Law 12C1"      # the laws that allow the adjustment
    no_result: bool = False                # an unplayable board: Law 12C2 alone, no questions
    table_result_kept: bool = False        # an appeals committee overturned the adjustment (Law 93)

    @property
    def stopped_at(self) -> Answer | None:
        """The first question answered "no" with every question before it answered "yes": it
        ends the ruling. A "no" after an open question ends nothing yet."""
        for a in self.answers:
            if a.answer is not True:
                return a if a.answer is False and a.reached else None
        return None

    @property
    def adjust(self) -> bool:
        if self.table_result_kept:
            return False
        return self.no_result or (bool(self.answers) and all(a.answer is True for a in self.answers))

    def _open(self) -> list[tuple[int, Answer]]:
        """The open answers (with their numbers) that stand before the ruling's conclusion."""
        out: list[tuple[int, Answer]] = []
        for number, a in enumerate(self.answers, 1):
            if a.answer is False and a.reached and not out:
                break
            if a.answer is None and a.reached:
                out.append((number, a))
        return out

    @property
    def open_questions(self) -> tuple[str, ...]:
        """The questions still open before the ruling can conclude (those before its first "no")."""
        return tuple(a.question for _, a in self._open())

    @property
    def decided(self) -> bool:
        """A conclusion the director may save and read out: every question up to the first "no"
        (or all four) answered, each by the one entitled to answer it."""
        return self.no_result or not self._open()

    @property
    def waiting(self) -> tuple[str, ...]:
        """What the ruling waits for, question by question, in a director's words."""
        return tuple(a.missing or M_("Waiting for an answer to question {number}: {question}", number=n,
                                     question=a.question) for n, a in self._open())

    def conclusion(self) -> str:
        if self.adjust and not self.no_result and len(self.answers) != 4:
            return M_("Every question is answered yes: the score is adjusted ({laws}).", laws=self.basis)
        if self.table_result_kept:
            return M_("No adjustment: the appeals committee finds the table result stands.")
        if self.no_result:
            return M_("No result could be obtained on the board: artificial adjusted scores ({laws}).", laws=self.basis)
        stop = self.stopped_at
        if stop is not None:
            return M_("No adjustment: {reason}", reason=stop.reason)
        if self.open_questions:
            return M_("Not yet decided: {questions}.", questions=Listed(self.open_questions))
        return M_("All four questions are answered yes: the score is adjusted ({laws}).", laws=self.basis)

    def to_dict(self) -> dict:
        return {"answers": [a.to_dict() for a in self.answers], "adjust": self.adjust, "decided": self.decided,
                "waiting": [str(w) for w in self.waiting], "conclusion": self.conclusion()}


def worksheet(*answers: Answer, basis: str = Worksheet.basis) -> Worksheet:
    """The questions in order; those after the first "no" (with every question before it answered
    "yes") are kept only as not reached. After an open question a "no" is provisional: the ruling
    waits for the open one first."""
    out, stopped, open_before = [], None, False
    for number, a in enumerate(answers, 1):
        if stopped is not None:
            a = replace(a, answer=None, reached=False, evidence="", missing="",
                        reason=M_("Not asked: question {number} ended the ruling.", number=stopped))
        elif a.answer is False and not open_before:
            stopped = number
        open_before = open_before or a.answer is None
        out.append(a)
    return Worksheet(tuple(out), basis)


__all__ = ["Answer", "Worksheet", "worksheet", "ui_present", "all_the_information", "logical_alternative_exists",
           "demonstrably_suggested", "damage", "is_skip_bid", "ui_noun", "QUESTIONS", "UI_KINDS", "UI_NOUNS",
           "PARTNER_SAID"]
