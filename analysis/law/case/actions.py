"""The actions in question of a case: each call or card a ruling is about, the irregularities it
came after, and its own ruling section (the evidence and the findings on it). A case with one
action keeps it in the case file's old fields (``action_index`` or ``play_index``, ``ruling``);
a case with several lists them under ``actions``, earliest first (docs/case-file.md).

An action is ruled on its own path: a UI action on all the unauthorized information its player
had (Law 16B: two breaks in tempo together), a misinformation action on the explanations it
followed (Law 21B), a misled player's action on the opponent's variation (Law 73E2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analysis.bridge import Board, side_of
from analysis.bridge.play import Play
from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped
from analysis.law.case.findings import RulingInputs
from analysis.law.case.parts import Irregularity
from analysis.vocabulary import CaseKind, OffendingSide, Seat, member

MAX_ACTIONS = 12          # a long auction has a handful of actions in question, never dozens


@dataclass(frozen=True)
class ActionInQuestion:
    """One call (``call_index``) or card (``card_index``, 0 the opening lead) in question, the
    irregularities it follows (indices into the case's list), its kind of case and offending
    side when they are not the case's own, and its ruling section."""

    call_index: int | None = None
    card_index: int | None = None
    follows: tuple[int, ...] = ()
    kind: str | None = None
    offending_side: str | None = None
    ruling: RulingInputs | None = None

    @property
    def position(self) -> tuple[int, int]:
        """Where it stands in the board's order: the calls, then the cards."""
        return (0, self.call_index) if self.call_index is not None else (1, self.card_index or 0)

    def to_dict(self, first: bool = False) -> dict:
        """The action as a case file lists it; the first action's kind and side are the case's."""
        out: dict[str, Any] = {"call_index": self.call_index} if self.call_index is not None else \
            {"card_index": self.card_index}
        out["follows"] = list(self.follows)
        if not first and self.kind is not None:
            out["kind"] = self.kind
        if not first and self.offending_side is not None:
            out["offending_side"] = self.offending_side
        if self.ruling is not None:
            out["ruling"] = self.ruling.to_dict()
        return out


def actions_from(data: Any, board: Board, play: Play | None, irregularities: tuple[Irregularity, ...],
                 case_kind: str, laws: str) -> tuple[ActionInQuestion, ...]:
    """The ``actions`` list of a case file, each checked against the board, the play and the
    irregularities; earliest first, never two at one place."""
    if not isinstance(data, list) or not data:
        raise HuddleInputError("actions", M_("a list of the actions in question, earliest first"))
    if len(data) > MAX_ACTIONS:
        raise HuddleInputError("actions", M_("at most {most} actions in question", most=MAX_ACTIONS))
    actions = tuple(_action(a, f"actions[{i}]", board, play, irregularities, case_kind, laws, first=i == 0)
                    for i, a in enumerate(data))
    for i, (before, after) in enumerate(zip(actions, actions[1:]), 1):
        if after.position <= before.position:
            raise HuddleInputError(f"actions[{i}]", M_("the actions in question are listed earliest first, each at its own "
                                                       "call or card"))
    return actions


def _action(data: Any, where: str, board: Board, play: Play | None, irregularities: tuple[Irregularity, ...],
            case_kind: str, laws: str, first: bool) -> ActionInQuestion:
    if not isinstance(data, dict):
        raise HuddleInputError(where, M_("must be an object: the call_index (or card_index), follows and its ruling"))
    call, card = data.get("call_index"), data.get("card_index")
    if (call is None) == (card is None):
        raise HuddleInputError(where, M_("give the call (call_index) or the card (card_index) in question, one of them"))
    if call is not None and not _index(call, len(board.auction.calls)):
        raise HuddleInputError(f"{where}.call_index", M_("{index} is not a call of the auction (0 to {last})",
                                                         index=AsTyped(repr(call)[:20]), last=len(board.auction.calls) - 1))
    if card is not None and (play is None or not _index(card, len(play.cards))):
        raise HuddleInputError(f"{where}.card_index", M_("{index} is not a card of the play recorded",
                                                         index=AsTyped(repr(card)[:20])))
    follows = _follows(data.get("follows"), f"{where}.follows", irregularities, call, card)
    kind = offending = None
    if not first:
        kind = member(CaseKind, data["kind"], f"{where}.kind") if data.get("kind") is not None else None
        if kind == CaseKind.UNPLAYABLE:
            raise HuddleInputError(f"{where}.kind", M_("an unplayable board has no action in question"))
        offending = member(OffendingSide, data["offending_side"], f"{where}.offending_side") \
            if data.get("offending_side") is not None else None
    elif data.get("kind") is not None or data.get("offending_side") is not None:
        raise HuddleInputError(f"{where}.kind", M_("the first action's kind and offending side are the case's own (kind, "
                                                   "offending_side)"))
    ruling = data.get("ruling")
    # a call replaced by a comparable one needs no finding on logical alternatives (Law 23C)
    withdrawn = [irregularities[j].withdrawn for j in follows]
    comparable = laws != "1997" and any(w is not None and bool(w.comparable) for w in withdrawn)
    return ActionInQuestion(call, card, follows, kind, offending,
                            None if ruling is None else RulingInputs.from_dict(ruling, f"{where}.ruling",
                                                                               board.vulnerability, kind or case_kind,
                                                                               comparable))


def _index(value: Any, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _follows(value: Any, where: str, irregularities: tuple[Irregularity, ...], call: int | None,
             card: int | None) -> tuple[int, ...]:
    """The irregularities an action follows: each one of the case's, each before the action."""
    if not isinstance(value, list) or not value or len(set(map(repr, value))) != len(value):
        raise HuddleInputError(where, M_("a list of the irregularities it follows (0 = the first of the case's "
                                         "irregularities), each once"))
    for j in value:
        if not _index(j, len(irregularities)):
            raise HuddleInputError(where, M_("{index} is not one of the case's {count} irregularities (0 to {last})",
                                             index=AsTyped(repr(j)[:20]), count=len(irregularities),
                                             last=len(irregularities) - 1))
        irr = irregularities[j]
        late = (call is not None and (irr.card_index is not None or irr.after_auction
                                      or (irr.call_index is not None and irr.call_index >= call))) or \
            (card is not None and irr.card_index is not None and irr.card_index >= card)
        if late:
            raise HuddleInputError(where, M_("irregularity {number} arose after the action in question: an action follows "
                                             "only what happened before it", number=j))
    return tuple(sorted(value))


def side_of_irregularities(irregularities: tuple[Irregularity, ...]) -> str | None:
    """The offending side an action's irregularities name: the side that transmitted the
    information, gave the explanation or varied its tempo; None when they name no one side."""
    sides = {side_of(i.by) for i in irregularities if i.by is not None}
    return sides.pop() if len(sides) == 1 else None


# ---------------------------------------------------------------- one explanation, two infractions

SCORED_BY = ("misinformation", "unauthorized information")


@dataclass(frozen=True)
class PartnerUI:
    """The same mistaken explanation as unauthorized information to the explainer's partner (Laws
    20F5(a), 73C, 16B1): his action in question and its own ruling section (poll, findings, outcome
    tree). ``scored_by`` says which path's tree holds the board's score when both adjust."""

    action_index: int
    ruling: RulingInputs
    scored_by: str | None = None

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"action_index": self.action_index, "ruling": self.ruling.to_dict()}
        if self.scored_by is not None:
            out["scored_by"] = self.scored_by
        return out

    @classmethod
    def from_dict(cls, data: Any, kind: str, irr: "Irregularity | None", board: Board) -> "PartnerUI | None":
        if data is None:
            return None
        where = "partner_ui"
        if kind != "MI" or irr is None or irr.type != "misexplained" or irr.call_index is None:
            raise HuddleInputError(where, M_("goes with a misinformation case whose irregularity is the mistaken explanation of a call "
                                             "(type misexplained, with its call)"))
        if not isinstance(data, dict) or not isinstance(data.get("ruling"), dict):
            raise HuddleInputError(where, M_("an object: the explainer's partner's action_index and its ruling section"))
        index = data.get("action_index")
        caller = board.auction.seat_of(irr.call_index)
        if (not isinstance(index, int) or isinstance(index, bool) or not irr.call_index < index < len(board.auction.calls)
                or board.auction.seat_of(index) != caller):
            raise HuddleInputError(f"{where}.action_index", M_("must be a later call of {seat}, whose call was misexplained",
                                                               seat=Seat(caller).word))
        scored_by = data.get("scored_by")
        if scored_by is not None and scored_by not in SCORED_BY:
            raise HuddleInputError(f"{where}.scored_by", M_("'{value}' must be one of {choices}",
                                                            value=AsTyped(str(scored_by)[:30]), choices=', '.join(SCORED_BY)))
        return cls(index, RulingInputs.from_dict(data["ruling"], f"{where}.ruling", board.vulnerability), scored_by)


__all__ = ["ActionInQuestion", "actions_from", "side_of_irregularities", "MAX_ACTIONS", "PartnerUI", "SCORED_BY"]
