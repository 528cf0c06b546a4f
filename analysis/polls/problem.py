"""The poll built from a case: exactly what a pollee may see, and a check of the director's wording.

A pollee sees the UI recipient's hand, seat, dealer, vulnerability, form of scoring, the
partnership's methods and the auction up to the decision point as the player was entitled to see
it: no tempo marks or remarks; the opponents' calls with the explanation the player should have
had (in MI cases the correct one); nothing of partner's alerts or explanations of the
partnership's own calls (those are unauthorized to the player; the methods say what the calls
mean). Nothing here touches the database.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from analysis.bridge import (Auction, Decision, TableCall, hand_cards, hand_suits, parse_call, partner_of, side_of)
from analysis.language import AsTyped, chosen_language, ENGLISH, Language, Listed, M_
from analysis.law.case import Case
from analysis.errors import HuddleInputError
from analysis.law.questions.law16 import PARTNER_SAID
from analysis.bridge.play import Play, cards_by_suit, choices, position_name
from analysis.polls.kinds import CALL, PollKind, poll_kind
from analysis.polls.q4 import Q4Prompt
from analysis.polls.wording import MAX_WORDING, poll_wording_problems
from analysis.vocabulary import Call, CardChoice, Seat


@dataclass(frozen=True)
class PollProblem:
    """One problem as a pollee sees it: a call, the opening lead, or a card in the play."""

    seat: str
    hand: dict[str, str]
    dealer: str
    vulnerability: str
    scoring: str
    methods: str
    auction: Auction            # up to the decision point (all of it for a play), as the player was entitled to see it
    candidates: tuple[str, ...]  # calls offered (any other legal call may be written in); for a play, every choice
    wording: str                # the director's introduction
    q4_question: str = ""       # Q4 as this poll asks it (empty: no Q4)
    kind: str = "call"          # a PollKind's name: call, lead or play
    contract: str = ""          # a play poll's contract, "4♥ by West"
    dummy: dict[str, str] | None = None   # dummy's cards still held, once faced
    dummy_seat: str = ""
    tricks: tuple = ()          # the tricks so far: [leader, [[seat, card], ...]]
    to_play: str = ""           # whose card it is (dummy's when declarer plays from dummy)
    steps: tuple[int, ...] = ()  # a walk-through: the player's earlier calls asked first (auction indices)
    q4: Q4Prompt | None = None  # Q4 as what happened, read in each pollee's language (q4_question: in English)
    language: str = ""          # the poll's language ("" for polls made before it was chosen)
    contract_parts: tuple[str, ...] = ()   # a play poll's contract: bid, penalty, declarer

    def q4_text(self, lang: Language) -> str:
        """Q4 in ``lang`` (a poll stored before Q4 was kept as what happened asks it in English)."""
        return self.q4.text(lang) if self.q4 is not None else self.q4_question

    def contract_in(self, lang: Language) -> str:
        return lang.contract(*self.contract_parts) if self.contract_parts else self.contract

    @property
    def poll_kind(self) -> PollKind:
        return poll_kind(self.kind)

    @property
    def is_play(self) -> bool:
        return self.poll_kind.cards

    def legal_calls(self) -> list[str]:
        return self.auction.legal_calls()

    def answers(self) -> list[str]:
        """Every answer a pollee may give: the legal calls, or a play poll's choices."""
        return list(self.candidates) if self.is_play else self.legal_calls()

    def q4_choices(self, answered=()) -> list[str]:
        """What Q4 offers: the poll's own choices and whatever else the pollee chose or considered
        (``answered``), in the order of the answers; never every legal call."""
        wanted = set(self.candidates) | set(answered)
        return [a for a in self.answers() if a in wanted]

    def parse_answer(self, text: str, field: str) -> str:
        """A call, or for a play poll the choice holding the card named ("S4" → a low ♠)."""
        return self.poll_kind.parse_answer(text, field, self.candidates)

    def symbol(self, answer: str, lang: Language) -> str:
        return self.poll_kind.symbol(answer, lang)

    def step_auction(self, step: int) -> Auction:
        """What the player saw at an earlier turn of a walk-through."""
        return self.auction.up_to(step)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"seat": self.seat, "hand": self.hand, "dealer": self.dealer,
               "vulnerability": self.vulnerability, "scoring": self.scoring,
               "methods": self.methods, "auction": self.auction.to_dict(),
               "candidates": list(self.candidates), "wording": self.wording, "q4_question": self.q4_question}
        if self.is_play:
            out.update(kind=self.kind, contract=self.contract, dummy=self.dummy, dummy_seat=self.dummy_seat,
                       tricks=[[leader, [list(sc) for sc in trick]] for leader, trick in self.tricks],
                       to_play=self.to_play)
        if self.steps:
            out["steps"] = list(self.steps)
        if self.q4 is not None:
            out["q4"] = self.q4.to_dict()
        if self.language:
            out["language"] = self.language
        if self.contract_parts:
            out["contract_parts"] = list(self.contract_parts)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "PollProblem":
        return cls(**{**data, "auction": Auction.from_dict(data["auction"]),
                      "candidates": tuple(data["candidates"]), "steps": tuple(data.get("steps", ())),
                      "tricks": tuple((leader, tuple(tuple(sc) for sc in trick))
                                      for leader, trick in data.get("tricks", ())),
                      "q4": Q4Prompt.from_dict(data["q4"]) if data.get("q4") else None,
                      "contract_parts": tuple(data.get("contract_parts", ()))})


def entitled_auction(case: Case, decision_index: int, player: str | None = None) -> Auction:
    """The auction before ``decision_index`` as ``player`` (by default the one to call there)
    was entitled to see it."""
    auction = case.board.auction
    player_side = side_of(player or auction.seat_of(decision_index))
    calls = []
    for i, call in enumerate(auction.calls[:decision_index]):
        if side_of(auction.seat_of(i)) == player_side:
            calls.append(TableCall(call.call))
        else:
            explanation = call.correct_explanation or call.explanation
            calls.append(TableCall(call.call, alerted=call.alerted or bool(explanation), explanation=explanation))
    return Auction(auction.dealer, tuple(calls))


def sensible_alternatives(case: Case, decision_index: int | None = None) -> tuple[str, ...]:
    """Calls a poll should offer besides the table action: Pass, and the calls the director has
    listed (the ruling's logical alternatives and any recorded poll's actions), where legal."""
    index = case.action_index if decision_index is None else decision_index
    if index is None:
        return ()
    legal = set(case.board.auction.up_to(index).legal_calls())
    listed = ["P"]
    if case.ruling is not None:
        listed += list(case.ruling.alternatives) + [c.action for c in case.ruling.poll]
    table = case.board.auction.calls[index].call
    out: list[str] = []
    for name in listed:
        try:
            call = parse_call(name, "alternatives")
        except HuddleInputError:
            continue
        if call in legal and call != table and call not in out:
            out.append(call)
    return tuple(out)


def ui_call_index(case: Case, before: int | None = None) -> int | None:
    """The call the unauthorized information came with: the irregularity's call, else the last
    call marked slow (before ``before``, when given)."""
    if case.irregularity is not None and case.irregularity.call_index is not None:
        return case.irregularity.call_index
    calls = case.board.auction.calls[:before]
    slow = [i for i, c in enumerate(calls) if c.tempo_break]
    return slow[-1] if slow else None


def contract_play(case: Case) -> Play:
    """The case's play with its contract, which a poll in the play needs."""
    play = case.the_play
    if play is None:
        raise HuddleInputError("play", M_("a play poll needs the contract: a complete auction or the table result"))
    return play


def _decider(case: Case, decision_index: int | None, play_index: int | None) -> tuple[PollKind, str]:
    """(kind of poll, who decides) for a call or a card of the case (default: the action in question)."""
    if decision_index is None and play_index is None:
        decision_index, play_index = case.action_index, case.play_index
    if play_index is not None:
        play = contract_play(case)
        return poll_kind(Decision.of_card(play_index)), play.decider(play_index)
    if decision_index is None:
        raise HuddleInputError("action_index", M_("the case does not say which call or card is in question"))
    return CALL, case.board.auction.seat_of(decision_index)


def q4_question(case: Case, decision_index: int | None = None, play_index: int | None = None) -> str:
    """Q4 as an English pollee reads it (``q4_prompt``)."""
    return q4_prompt(case, decision_index, play_index).text(ENGLISH)


def q4_prompt(case: Case, decision_index: int | None = None, play_index: int | None = None) -> Q4Prompt:
    """Q4 in the words of the actual UI, asked of the player who received it: partner's tempo,
    remark, question or manner before the decision (in the auction, or in the play before a
    card), or partner's explanation or alert of the player's own call. Refused where it makes no
    sense: no UI from partner, or an MI poll (whose pollees are given the correct explanation and
    have no UI to weigh)."""
    # a case of several actions: Q4 asks of the information this action's player had
    case = (case.path_at(decision_index, play_index) or case) if case.several else case
    irr = case.irregularity
    if (case.kind == "MI" and irr is not None and irr.type == "misexplained" and irr.call_index is not None
            and decision_index is not None and play_index is None and decision_index > irr.call_index
            and case.board.auction.seat_of(decision_index) == case.board.auction.seat_of(irr.call_index)):
        # one explanation, two infractions (Law 20F5(a), 73C): the misbidder's later call is polled on the
        # UI path, where partner's explanation of his call is the unauthorized information
        ui_path = replace(case, kind="UI", irregularities=(replace(irr, type="explanation"),), action_index=decision_index,
                          partner_ui=None)
        return q4_prompt(ui_path, decision_index)
    kind, player = _decider(case, decision_index, play_index)
    irr = case.irregularity
    if case.kind != "UI" or irr is None:
        raise HuddleInputError("Q4", M_("Q4 asks what partner's unauthorized information suggests; this case records none (a "
                                        "misinformation poll gives the correct explanation instead)"))
    if irr.card_index is not None:
        return _q4_in_play(case, irr, player, kind, play_index if play_index is not None else case.play_index)
    auction = case.board.auction
    before = None if kind.cards else (case.action_index if decision_index is None else decision_index)
    at = ui_call_index(case, before)
    if at is None or (before is not None and at >= before):
        raise HuddleInputError("Q4", M_("record at which call before the decision the unauthorized information arose"))
    caller = auction.seat_of(at)
    call = auction.calls[at].call
    if irr.type in PARTNER_SAID:
        if caller != player:
            raise HuddleInputError("Q4", M_("partner's {type} concerns the player's own call; call {at} was {seat}'s", type=irr.type,
                                            at=at + 1, seat=Seat(caller).word))
        return Q4Prompt(irr.type, kind.name, call=call, given=auction.calls[at].explanation or "")
    if caller != partner_of(player):
        raise HuddleInputError("Q4", M_("call {at} ({call}) was {seat}'s, not the partner's of {seat2}: Q4 asks only about partner's "
                                        "unauthorized information", at=at + 1, call=Call(call).word, seat=Seat(caller).word,
                                        seat2=Seat(player).word))
    act, named = _calling(auction, at)
    return Q4Prompt(irr.type, kind.name, act=act, call=named)


def _calling(auction, at: int) -> tuple[str, str]:
    """Partner's call as the player remembers it, never ambiguous: bidding 3♥, passing 2♥,
    doubling 4♠ (a pass or a double is named by the bid it was made over): the act and its call."""
    call = auction.calls[at].call
    if call not in ("P", "X", "XX"):
        return "bid", call
    bids = [c.call for c in auction.calls[:at] if c.call not in ("P", "X", "XX")]
    return (call, bids[-1]) if bids else ("P-first", "")


def _q4_in_play(case: Case, irr, player: str, kind: PollKind, play_index: int | None) -> Q4Prompt:
    if not kind.cards or play_index is None or irr.card_index >= play_index:
        raise HuddleInputError("Q4", M_("the unauthorized information arose in the play: it can bear only on a later card"))
    play = contract_play(case)
    who = play.decider(irr.card_index)
    if who != partner_of(player):
        raise HuddleInputError("Q4", M_("{position} was {seat}'s, not the partner's of {seat2}: Q4 asks only about partner's "
                                        "unauthorized information", position=position_name(irr.card_index), seat=Seat(who).word,
                                        seat2=Seat(player).word))
    return Q4Prompt(irr.type, kind.name, act="play", card=case.play[irr.card_index])


def walk_steps(case: Case, seat_letter: str, walk_from: int | None, before: int) -> tuple[int, ...]:
    """A walk-through's earlier turns: the player's calls from ``walk_from`` up to the decision."""
    if walk_from is None:
        return ()
    if not isinstance(walk_from, int) or not 0 <= walk_from < before:
        raise HuddleInputError("walk-through", M_("call {number} is not before the decision",
                                                  number=walk_from + 1 if isinstance(walk_from, int) else AsTyped(str(walk_from))))
    steps = tuple(i for i in range(walk_from, before) if case.board.auction.seat_of(i) == seat_letter)
    if not steps:
        raise HuddleInputError("walk-through", M_("{seat} has no call to answer from call {walk_from} to the decision: start earlier, "
                                                  "or poll the decision alone", seat=Seat(seat_letter).word, walk_from=walk_from + 1))
    return steps


def build_poll(case: Case, wording: str = "", methods: str = "", alternatives: tuple[str, ...] = (),
               decision_index: int | None = None, q4: bool = False, play_index: int | None = None,
               walk_from: int | None = None, group_low: bool = True, override: str = "",
               language: str = "") -> PollProblem:
    """The poll for a case: a call (``decision_index``) or a card (``play_index``; 0 is the
    opening lead), by default the action in question. Refuses wording that reveals the
    irregularity (unless the director overrides the check with a reason, ``override``), illegal
    candidates, a poll whose only answer is the table action, and a Q4 that does not fit the case.
    ``walk_from`` makes it a walk-through from that call; ``language`` is the poll's (its wording
    is checked in it)."""
    lang = chosen_language(language)
    for name, text in (("wording", wording), ("methods", methods)):
        if len(text) > MAX_WORDING:
            raise HuddleInputError(name, M_("is {count} characters long; at most {max_wording}", count=len(text), max_wording=MAX_WORDING))
        problems = poll_wording_problems(text, case, name, language=lang.code)
        if problems and not override.strip():
            raise HuddleInputError(name, M_("{problems} (keep the words only with a reason why they give nothing away here)",
                                            problems=Listed(tuple(problems), "; ")))
    if decision_index is None and play_index is None:
        decision_index, play_index = case.action_index, case.play_index
    if play_index is not None:
        return replace(_play_poll(case, wording, methods, play_index, q4, walk_from, group_low), language=language)
    if decision_index is None:
        raise HuddleInputError("action_index", M_("the case does not say which call or card is in question"))
    index = decision_index
    auction = case.board.auction
    if not 0 <= index < len(auction.calls):
        raise HuddleInputError("decision point", M_("call {index} is not in the auction", index=index + 1))
    seat = auction.seat_of(index)
    hand = hand_suits(case.board.deal, seat)
    if hand is None:
        raise HuddleInputError("deal", M_("{seat}'s hand is needed for the poll", seat=Seat(seat).word))
    shown = entitled_auction(case, index)
    legal = set(shown.legal_calls())
    candidates = {auction.calls[index].call}
    for alt in alternatives:
        call = parse_call(alt, "alternatives")
        if call not in legal:
            raise HuddleInputError("alternatives", M_("{call} is not a legal call here", call=Call(call).word))
        candidates.add(call)
    if len(candidates) < 2:
        raise HuddleInputError("alternatives", M_("offer at least one call besides the one made at the table (Pass, and the calls the "
                                                  "director thinks peers would consider): a poll with one answer shows pollees what "
                                                  "was done"))
    prompt = q4_prompt(case, index) if q4 else None
    return PollProblem(seat=seat, hand=hand, dealer=case.board.dealer, vulnerability=case.board.vulnerability, scoring=case.scoring,
                       methods=methods.strip(), auction=shown, candidates=tuple(sorted(candidates,
                                                                                       key=_call_order)), wording=wording.strip(),
                       q4_question=prompt.text(ENGLISH) if prompt else "", steps=walk_steps(case, seat, walk_from, index), q4=prompt,
                       language=language)


def _play_poll(case: Case, wording: str, methods: str, play_index: int, q4: bool, walk_from: int | None,
               group_low: bool) -> PollProblem:
    """A lead or play poll: the player's cards, dummy once faced, the whole auction as the player
    was entitled to see it, the tricks so far, and every legal card as a choice (equals as one)."""
    play = contract_play(case)
    if not 0 <= play_index <= len(play.cards):
        raise HuddleInputError("decision point", M_("{position} comes after the play recorded ({count} cards): record the play up to "
                                                    "the card in question", position=position_name(play_index), count=len(play.cards)))
    hands = {s: hand_cards(case.board.deal, s) for s in "NESW"}
    view = play.view(play_index, hands)
    if not view.hand:
        raise HuddleInputError("deal", M_("{seat}'s hand is needed for the poll", seat=Seat(view.decider).word))
    offered = choices(view.legal, view.played, group_low)
    if len(offered) < 2:
        raise HuddleInputError("decision point", M_("{seat} had only one choice at {position} ({card}): there is nothing to poll",
                                                    seat=Seat(view.to_play).word, position=position_name(play_index),
                                                    card=CardChoice(offered[0])))
    calls = len(case.board.auction.calls)
    parts = _contract_parts(case)
    kind = Decision.of_card(play_index).value
    prompt = q4_prompt(case, play_index=play_index) if q4 else None
    return PollProblem(seat=view.decider, hand=cards_by_suit(view.hand), dealer=case.board.dealer,
                       vulnerability=case.board.vulnerability, scoring=case.scoring,
                       methods=methods.strip(), auction=entitled_auction(case, calls,
                                                                         view.decider), candidates=offered, wording=wording.strip(),
                       q4_question=prompt.text(ENGLISH) if prompt else "", kind=kind, q4=prompt, contract_parts=parts,
                       contract=ENGLISH.contract(*parts), dummy=cards_by_suit(view.dummy) if view.dummy else None,
                       dummy_seat=play.dummy,
                       tricks=tuple((leader, tuple(trick)) for leader, trick in view.tricks), to_play=view.to_play,
                       steps=walk_steps(case, view.decider, walk_from, calls))


def _contract_parts(case: Case) -> tuple[str, str, str]:
    """The contract played: bid, penalty ("", "X", "XX") and declarer's seat."""
    if case.table_result is not None and case.table_result.contract is not None:
        c = case.table_result.contract
        return f"{c.level}{c.strain}", c.penalty, c.declarer
    parts = case.board.auction.final_parts()
    if parts is None:
        raise HuddleInputError("contract", M_("a poll in the play needs the contract: record the auction or the result"))
    return parts


def _call_order(call: str) -> int:
    """Pass, then bids upward, then X and XX: a neutral order that hides the table action."""
    return Call(call).rank if call[0].isdecimal() else {"P": -1, "X": 100, "XX": 101}[call]
