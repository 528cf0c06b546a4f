"""A ruling case: the board, the irregularity, the action in question and the results (Case),
read from a case file's data and written back (from_dict / to_dict); the schema is
docs/case-file.md. Reading validates everything and names the field of the first problem."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any


from analysis.bridge import Board, Decision, TableCall, deal_pbn
from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped, Capital, Message
from analysis.limits import MAX_CASE_TEXT, check_length, check_texts, optional_text
from analysis.law.laws.editions import DEFAULT_EDITION, edition
from analysis.bridge.matchpoints import Scale
from analysis.bridge.play import Play, choice_of, position_name
from analysis.law.appeal.record import AppealRecord
from analysis.law.adjustment.penalties import check_units
from analysis.law.case.poll_rules import PollRules
from analysis.law.case.findings import RulingInputs
from analysis.law.laws.regulations import DEFAULT_SKIP_BID_PAUSE, SkipBidPause, skip_bid_pause
from analysis.law.case.simulation import SimulationSettings
from analysis.bridge.scoring import ButlerDatum, parse_score
from analysis.vocabulary import CaseKind, IrregularityType, OffendingSide, ScoringForm, Seat, member

from analysis.law.case.actions import ActionInQuestion, PartnerUI, actions_from, side_of_irregularities
from analysis.law.case.parts import (TableResult, Irregularity, board_from, check_ui_source, irregularity_from,
                                     parse_choice_or_none, play_from,
                                     play_of, tempo_marked)

FORMAT_VERSION = 3               # a case of one irregularity and one action
SEVERAL_VERSION = 4              # a case of several irregularities or actions in question
READABLE_VERSIONS = (1, 2, 3, 4)    # version 1 and 2 files load unchanged (docs/case-file.md)
MAX_IRREGULARITIES = 12
KINDS = tuple(CaseKind)
SCORING_FORMS = tuple(ScoringForm)
CROSS_IMPS = ("average", "sum")
OFFENDING_SIDES = tuple(OffendingSide)
IRREGULARITY_TYPES = tuple(IrregularityType)


@dataclass(frozen=True)
class Case:
    """One ruling case: the board, the irregularities, the actions in question and the results.
    ``action_index`` (or ``play_index``) and ``ruling`` are the first action's; ``further_actions``
    the others, each ruled on its own path (``path``)."""

    id: str
    title: str
    kind: str
    board: Board
    scoring: str = "matchpoints"
    source: str = ""
    event: str | None = None
    session: str | None = None
    class_of_players: str | None = None
    irregularities: tuple[Irregularity, ...] = ()
    action_index: int | None = None            # 0-based index of the (first) call in question
    table_result: TableResult | None = None
    field: tuple[int, ...] = ()                # other tables' North-South scores
    field_artificial: int = 0                  # other tables given an artificial score (the board is Neuberg-factored)
    other_table: int | None = None             # teams: the other table's North-South score
    offending_side: str | None = None          # "NS" or "EW"
    notes: str = ""
    assumptions: tuple[str, ...] = ()
    source_ruling: str = ""
    ruling: RulingInputs | None = None         # the director's findings and adjustment (optional)
    laws: str = DEFAULT_EDITION                # the edition of the Laws in force for the event
    matchpoint_scale: Scale = Scale.WBF        # 2-1 (WBF/EBU) or 1-½ (ACBL)
    knockout: bool = False                     # teams knockout: one result per board (Law 86)
    play: tuple[str, ...] = ()                 # the cards played, in order, from the opening lead
    play_index: int | None = None              # 0-based index of the card in question (0: the opening lead)
    butler_datum: ButlerDatum = ButlerDatum()  # Butler: how the event works out the datum
    cross_imps: str = "average"                # cross-IMPs: "average" over the other tables, or "sum"
    skip_bid_regulation: str = DEFAULT_SKIP_BID_PAUSE   # the pause after a skip bid (analysis.law.laws.regulations)
    skip_bid_haste_under: int | None = None             # the organisation's bound for undue haste, if its own
    simulation: SimulationSettings | None = None        # dealing the unseen hands (analysis.evidence)
    poll_rules: PollRules = PollRules()                 # the event's rules for polls (the minimum poll)
    ruling_version: int | None = None          # which saved version of the director's ruling ``ruling`` is
    appeal: AppealRecord | None = None         # the committee's votes and decision (Laws 92, 93)
    # one explanation that is also unauthorized information to the explainer's partner (Laws 20F5(a),
    # 73C, 16B1): that path's action in question and ruling section, beside the misinformation's
    partner_ui: "PartnerUI | None" = None
    follows: tuple[int, ...] = ()              # the irregularities the first action follows; (): every one
    further_actions: tuple[ActionInQuestion, ...] = ()   # the other actions in question, earliest first
    scored_by: int | None = None               # which action's outcome tree holds the board's score (0: the first)

    @property
    def irregularity(self) -> Irregularity | None:
        """The first irregularity (the only one of most cases)."""
        return self.irregularities[0] if self.irregularities else None

    @property
    def actions(self) -> tuple[ActionInQuestion, ...]:
        """Every action in question, earliest first; the first is the case's own fields."""
        if self.action_index is None and self.play_index is None:
            return self.further_actions
        first = ActionInQuestion(self.action_index, self.play_index if self.action_index is None else None,
                                 self.follows or tuple(range(len(self.irregularities))), self.kind,
                                 self.offending_side, self.ruling)
        return (first, *self.further_actions)

    @property
    def several(self) -> bool:
        """More than one irregularity or action in question: written in the list form (version 4)."""
        return len(self.irregularities) > 1 or bool(self.further_actions) or bool(self.follows)

    def path(self, number: int) -> "Case":
        """The case as ruled on action ``number`` (0 the first): that action, the irregularities it
        follows, its kind, offending side and ruling section, and no other action."""
        if number == 0:
            return replace(self, irregularities=_first_of_kind(self._followed(self.follows), self.kind), follows=(),
                           further_actions=())
        action = self.further_actions[number - 1]
        kind = action.kind or self.kind
        followed = _first_of_kind(self._followed(action.follows), kind)
        return replace(self, kind=kind, irregularities=followed, follows=(), further_actions=(), partner_ui=None,
                       action_index=action.call_index, play_index=action.card_index, ruling=action.ruling,
                       offending_side=action.offending_side or side_of_irregularities(followed) or self.offending_side,
                       simulation=None)

    def path_following(self, irregularity: int) -> "Case | None":
        """The path of the first action that follows irregularity ``irregularity``; the first
        action's while none is recorded yet, None when a recorded action follows it and no other."""
        for number, action in enumerate(self.actions):
            if irregularity in action.follows:
                return self.path(number)
        return self if not self.actions else None

    def path_at(self, call_index: int | None = None, card_index: int | None = None) -> "Case | None":
        """The path of the action in question at that call or card; None when none is there."""
        for number, action in enumerate(self.actions):
            if (action.call_index, action.card_index) == (call_index, card_index if call_index is None else None):
                return self.path(number)
        return None

    def _followed(self, follows: tuple[int, ...]) -> tuple[Irregularity, ...]:
        return tuple(self.irregularities[j] for j in follows) if follows else self.irregularities

    def result_differs(self) -> Message | None:
        """The table result against the auction's final contract and declarer: what the director
        confirms before the two are kept side by side (TableResult.differs_from)."""
        return None if self.table_result is None else self.table_result.differs_from(self.board.auction)

    @property
    def skip_bid_pause(self) -> SkipBidPause:
        return skip_bid_pause(self.skip_bid_regulation, haste_under=self.skip_bid_haste_under)

    def scoring_description(self) -> str:
        """The form of scoring with what it is scored against, e.g. "Butler IMPs against a datum:
        the mean of the 7 other tables with 1 dropped at each end, rounded to the nearest 10"."""
        name = Capital(ScoringForm(self.scoring).word)
        if self.scoring == "butler":
            return M_("{scoring} against a datum: {datum}", scoring=name, datum=self.butler_datum.describe(self.field)) \
                if self.field else Message("{scoring}", scoring=name)
        if self.scoring == "cross-imps":
            return M_("{scoring}, each score against every other table, averaged over the other tables", scoring=name) \
                if self.cross_imps == "average" else \
                M_("{scoring}, each score against every other table, summed over the other tables", scoring=name)
        return Message("{scoring}", scoring=name)

    @property
    def non_offending_side(self) -> str | None:
        """None when no side, or both sides, offended."""
        return {"NS": "EW", "EW": "NS"}.get(self.offending_side or "")

    @property
    def both_offended(self) -> bool:
        return self.offending_side == "both"

    @property
    def action_call(self) -> TableCall | None:
        """The call the ruling is about."""
        return None if self.action_index is None else self.board.auction.calls[self.action_index]

    @property
    def action_seat(self) -> str | None:
        """Who took the action in question (declarer for a card from dummy, Law 45B)."""
        play = self.the_play
        if self.play_index is not None and play is not None:
            return play.decider(self.play_index)
        return None if self.action_index is None else self.board.auction.seat_of(self.action_index)

    @property
    def findings(self) -> RulingInputs:
        """The ruling section, which a ruling needs: refused in words when the case has none."""
        if self.ruling is None:
            raise HuddleInputError("ruling", M_("the director has not ruled on this case yet: record the poll or the director's "
                                                "findings (docs/case-file.md)"))
        return self.ruling

    @property
    def decision_kind(self) -> Decision | None:
        """What the action in question is: a call, the opening lead or a later play."""
        if self.play_index is not None:
            return Decision.of_card(self.play_index)
        return None if self.action_index is None else Decision.CALL

    @property
    def the_play(self) -> Play | None:
        """The play with its contract, when the contract is known (table result or auction)."""
        return play_of(self.board, self.table_result, self.play)

    def decision_name(self) -> str:
        """"call 7", "the opening lead", "trick 3, card 2"."""
        if self.play_index is not None:
            return position_name(self.play_index)
        return "" if self.action_index is None else M_("call {number}", number=self.action_index + 1)

    def action_in_question(self, actions=()) -> str:
        """The action the ruling is about, as the poll names it: the call; for a play, the
        poll's choice that holds the card played (a low ♠ for ♠4), else the card; for a case
        whose source gives no auction, the ruling section's table action."""
        if self.play_index is not None:
            if not actions and self.ruling is not None:
                actions = [c.action for c in self.ruling.poll] + list(self.ruling.alternatives)
            # a poll's action that names no card (a call, in a lead problem) holds no card
            return choice_of(self.play[self.play_index], [c for a in actions if (c := parse_choice_or_none(a))])
        if self.action_index is not None:
            return self.board.auction.calls[self.action_index].call
        return self.ruling.table_action if self.ruling is not None else ""

    def likely_contract(self, action: str) -> tuple[str, str] | None:
        """(contract with any double, declarer) an action leads to, as a first guess the director
        corrects: the contract played for the table action (or, in a lead or play case, for every
        card); for another call, the auction ending there with three passes. None when it would
        be passed out or is not known."""
        table = self.table_result.contract if self.table_result is not None else None
        played = (f"{table.level}{table.strain}{table.penalty}", table.declarer) if table is not None else \
            (self.table_result.bid if self.table_result is not None else None)
        if self.play_index is not None or action == self.action_in_question():
            return played
        if self.action_index is None:
            return None
        found = self.board.auction.contract_after(self.action_index, action)
        return None if found is None else (found[0] + found[1], found[2])

    def to_dict(self) -> dict:
        b = self.board
        out: dict[str, Any] = {
            "format_version": SEVERAL_VERSION if self.several else FORMAT_VERSION, "id": self.id, "title": self.title, "kind": self.kind,
            "source": self.source, "event": self.event, "session": self.session, "laws": self.laws,
            "scoring": self.scoring, "matchpoint_scale": self.matchpoint_scale.value,
            "knockout": self.knockout, "class_of_players": self.class_of_players,
            "board": {"number": b.number, "dealer": b.dealer, "vulnerability": b.vulnerability},
            "deal": deal_pbn(b.deal),
            "auction": [c.to_dict() for c in b.auction.calls],
            "irregularity": self.irregularity.to_dict() if self.irregularity else None,
            "action_index": self.action_index,
            "table_result": self.table_result.to_dict() if self.table_result else None,
            "field": list(self.field), "other_table": self.other_table,
            "offending_side": self.offending_side, "notes": self.notes,
            "assumptions": list(self.assumptions), "source_ruling": self.source_ruling,
        }
        if self.play:
            out["play"] = list(self.play)
            out["play_index"] = self.play_index
        if self.field_artificial:
            out["field_artificial"] = self.field_artificial
        if self.scoring == "butler":
            out["butler_datum"] = self.butler_datum.to_dict()
        if self.scoring == "cross-imps":
            out["cross_imps"] = self.cross_imps
        if self.skip_bid_regulation != DEFAULT_SKIP_BID_PAUSE:
            out["skip_bid_regulation"] = self.skip_bid_regulation
        if self.skip_bid_haste_under is not None:
            out["skip_bid_haste_under"] = self.skip_bid_haste_under
        if self.ruling is not None:
            out["ruling"] = self.ruling.to_dict()
        if self.simulation is not None:
            out["simulation"] = self.simulation.to_dict()
        if self.poll_rules != PollRules():
            out["poll_rules"] = self.poll_rules.to_dict()
        if self.ruling_version is not None:
            out["ruling_version"] = self.ruling_version
        if self.appeal is not None:
            out["appeal"] = self.appeal.to_dict()
        if self.partner_ui is not None:
            out["partner_ui"] = self.partner_ui.to_dict()
        return self._listed(out) if self.several else out

    def _listed(self, out: dict) -> dict:
        """A case of several irregularities or actions: both as lists, in the place the single
        fields had (version 4, docs/case-file.md)."""
        listed: dict[str, Any] = {}
        for key, value in out.items():
            if key == "irregularity":
                listed["irregularities"] = [i.to_dict() for i in self.irregularities]
            elif key == "action_index":
                listed["actions"] = [a.to_dict(first=i == 0) for i, a in enumerate(self.actions)]
            elif key not in ("ruling", "play_index"):
                listed[key] = value
        if self.scored_by is not None:
            listed["scored_by"] = self.scored_by
        return listed

    @classmethod
    def from_dict(cls, data: Any) -> "Case":
        kind, scoring, laws, knockout = _heading(data)
        board = board_from(data)
        table_result = TableResult.from_dict(data.get("table_result"), board.vulnerability)
        play, play_index = play_from(data, board, table_result)
        board, irregularities = _irregularities(data, board, play)
        listed = _listed_actions(data, board, play, irregularities, kind, laws)
        if listed:
            play_index = listed[0].card_index
        action_index = listed[0].call_index if listed else _action_index(data, board, play_index)
        offending = data.get("offending_side")
        if offending is not None:
            offending = member(OffendingSide, offending, "offending_side")
        field_scores, other = _field(data, scoring)
        ruling = listed[0].ruling if listed else \
            _ruling(data, board, kind, laws, irregularities[0] if irregularities else None, action_index)
        first = ActionInQuestion(action_index, play_index if action_index is None else None,
                                 listed[0].follows if listed else tuple(range(len(irregularities))), kind, offending, ruling)
        for number, action in enumerate((first, *listed[1:])):
            _check_action(number, action, board, play, irregularities, kind, offending, scoring)
        cross_imps = _cross_imps(data)
        return cls(
            id=check_case_id(data["id"]), title=str(data["title"]), kind=kind, board=board, scoring=scoring,
            source=str(data.get("source", "")), event=optional_text(data.get("event"), "event"),
            session=optional_text(data.get("session"), "session"),
            class_of_players=optional_text(data.get("class_of_players"), "class_of_players"),
            irregularities=irregularities, action_index=action_index,
            follows=listed[0].follows if listed and listed[0].follows != tuple(range(len(irregularities))) else (),
            further_actions=listed[1:], scored_by=_scored_by(data.get("scored_by"), listed),
            table_result=table_result, play=play.cards if play else (), play_index=play_index,
            field=tuple(parse_score(str(s), f"field[{i}]") for i, s in enumerate(field_scores)),
            field_artificial=_count(data.get("field_artificial", 0), "field_artificial"),
            other_table=None if other is None else parse_score(str(other), "other_table"),
            offending_side=offending, notes=str(data.get("notes", "")),
            assumptions=tuple(str(a) for a in data.get("assumptions", [])),
            source_ruling=str(data.get("source_ruling", "")),
            ruling=ruling,
            laws=laws, matchpoint_scale=Scale.parse(data.get("matchpoint_scale") or "wbf"), knockout=knockout,
            butler_datum=ButlerDatum.from_dict(data.get("butler_datum")), cross_imps=cross_imps,
            skip_bid_regulation=skip_bid_pause(data.get("skip_bid_regulation") or DEFAULT_SKIP_BID_PAUSE).name,
            skip_bid_haste_under=None if data.get("skip_bid_haste_under") is None else skip_bid_pause(
                data.get("skip_bid_regulation") or DEFAULT_SKIP_BID_PAUSE, haste_under=data["skip_bid_haste_under"]
            ).haste_under,
            simulation=None if data.get("simulation") is None else SimulationSettings.from_dict(
                data["simulation"], len(board.auction.calls)),
            poll_rules=PollRules.from_dict(data.get("poll_rules")),
            ruling_version=_ruling_version(data.get("ruling_version")),
            appeal=AppealRecord.from_dict(data.get("appeal")),
            partner_ui=PartnerUI.from_dict(data.get("partner_ui"), kind, irregularities[0] if irregularities else None,
                                           board))


def _scored_by(value: Any, listed: tuple[ActionInQuestion, ...]) -> int | None:
    """Which listed action's outcome tree holds the board's score, when the director names one."""
    if value is None:
        return None
    if not listed or not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(listed):
        raise HuddleInputError("scored_by", M_("{value} is not one of the actions in question (0 to {last})",
                                               value=AsTyped(repr(value)[:20]), last=max(len(listed) - 1, 0)))
    return value


def _first_of_kind(irregularities: tuple[Irregularity, ...], kind: str) -> tuple[Irregularity, ...]:
    """A path's irregularities with those its kind is about first: the misexplanation on a
    misinformation path, a variation in tempo or manner for a misled player."""
    def about(irr: Irregularity) -> bool:
        return irr.type == "misexplained" if kind == "MI" else irr.type != "misexplained"
    return tuple(sorted(irregularities, key=lambda irr: not about(irr)))


def _heading(data: Any) -> tuple[CaseKind, ScoringForm, str, bool]:
    """A case file's first checks: an object, its texts bounded, a version this Huddle reads, the
    fields every case has; its kind, form of scoring, edition of the Laws and knockout averaging."""
    if not isinstance(data, dict):
        raise HuddleInputError("case", M_("a case file is a JSON object"))
    # one bound on every text, however the case arrives (a file, the editor, a PBN import): a case
    # that can be made can always be loaded again
    check_texts(data, MAX_CASE_TEXT, "case file")
    version = data.get("format_version")
    if version not in READABLE_VERSIONS:
        raise HuddleInputError("format_version", M_("{version} is not supported (this Huddle reads {choices})",
                                                    version=AsTyped(repr(version)),
                                                    choices=' and '.join(map(str, READABLE_VERSIONS))))
    for name in ("title", "id", "kind", "board", "deal"):
        if not data.get(name):
            raise HuddleInputError(name, M_("is required"))
    check_length(str(data["title"]), MAX_TITLE, "title")
    kind = member(CaseKind, data["kind"], "kind")
    scoring = member(ScoringForm, data.get("scoring", "matchpoints"), "scoring")
    laws = edition(data.get("laws") or _version_1_edition(data), "laws")
    knockout = data.get("knockout", False)
    if knockout not in (True, False):
        raise HuddleInputError("knockout", M_("must be true or false"))
    if knockout and scoring != "imps":
        raise HuddleInputError("knockout", M_("knockout averaging applies to IMP matches, not {scoring}",
                                              scoring=scoring.word))
    return kind, scoring, laws, knockout


def _action_index(data: dict, board: Board, play_index: int | None) -> int | None:
    """The call in question: a call of the auction, and never beside a card in question."""
    action_index = data.get("action_index")
    if action_index is not None and (not isinstance(action_index, int) or isinstance(action_index, bool)
                                     or not 0 <= action_index < len(board.auction.calls)):
        raise HuddleInputError("action_index", M_("{action_index} is not a call of the auction (0 to {count})",
                                                  action_index=AsTyped(repr(action_index)),
                                                  count=len(board.auction.calls) - 1))
    if action_index is not None and play_index is not None:
        raise HuddleInputError("play_index", M_("a case rules one action: give the call (action_index) or the "
                                                "card (play_index), not both"))
    return action_index


def _field(data: dict, scoring: ScoringForm) -> tuple[list, Any]:
    """The other tables' scores as the file gives them, and the settings only a form of scoring takes."""
    field_scores = data.get("field") or []
    if not isinstance(field_scores, list):
        raise HuddleInputError("field", M_("must be a list of North-South scores"))
    for name, form in (("butler_datum", "butler"), ("cross_imps", "cross-imps")):
        if data.get(name) is not None and scoring != form:
            raise HuddleInputError(name, M_("applies to {scoring}, not {scoring2}", scoring=ScoringForm(form).word,
                                            scoring2=scoring.word))
    return field_scores, data.get("other_table")


def _ruling(data: dict, board: Board, kind: CaseKind, laws: str,
            irregularity: Irregularity | None, action_index: int | None) -> RulingInputs | None:
    """The ruling section, read against the board and the kind of case."""
    if not data.get("ruling"):
        return None
    # a call replaced by a comparable one needs no finding on logical alternatives (Law 23C)
    comparable = irregularity is not None and irregularity.withdrawn is not None and \
        bool(irregularity.withdrawn.comparable) and laws != "1997"
    return RulingInputs.from_dict(data["ruling"], "ruling", board.vulnerability, kind, comparable)


def _irregularities(data: dict, board: Board, play) -> tuple[Board, tuple[Irregularity, ...]]:
    """The case's irregularities, one (``irregularity``) or a list (``irregularities``), each
    hesitation marked on its call."""
    if data.get("irregularity") is not None and data.get("irregularities") is not None:
        raise HuddleInputError("irregularities", M_("give the irregularity or the list of irregularities, not both"))
    listed = data.get("irregularities")
    if listed is None:
        one = irregularity_from(data.get("irregularity"), board, play)
        board, one = tempo_marked(board, one)
        return board, () if one is None else (one,)
    if not isinstance(listed, list) or len(listed) > MAX_IRREGULARITIES:
        raise HuddleInputError("irregularities", M_("a list of at most {most} irregularities, in the order they happened",
                                                    most=MAX_IRREGULARITIES))
    out = []
    for i, item in enumerate(listed):
        irr = irregularity_from(item, board, play, f"irregularities[{i}]")
        board, irr = tempo_marked(board, irr, f"irregularities[{i}]")
        out.append(irr)
    return board, tuple(i for i in out if i is not None)


def _listed_actions(data: dict, board: Board, play, irregularities: tuple[Irregularity, ...], kind: CaseKind,
                    laws: str) -> tuple[ActionInQuestion, ...]:
    """The ``actions`` list, when the case gives one (never beside the single action's fields)."""
    if data.get("actions") is None:
        return ()
    for name in ("action_index", "play_index", "ruling"):
        if data.get(name) is not None:
            raise HuddleInputError(name, M_("a case that lists its actions in question (actions) keeps each action's call, "
                                            "card and ruling there"))
    if not irregularities:
        raise HuddleInputError("actions", M_("each action in question follows an irregularity: record the irregularities first"))
    return actions_from(data["actions"], board, play, irregularities, kind, laws)


def _check_action(number: int, action: ActionInQuestion, board: Board, play, irregularities: tuple[Irregularity, ...],
                  kind: CaseKind, offending: str | None, scoring: ScoringForm) -> None:
    """One action against its irregularities: the UI's source and the offending side agree, the
    penalties are in the event's units, a later call offered for change is the player's own."""
    where = "ruling" if number == 0 else f"actions[{number}].ruling"
    followed = tuple(irregularities[j] for j in action.follows)
    actor = (play.decider(action.card_index) if action.card_index is not None and play is not None
             else None if action.call_index is None else board.auction.seat_of(action.call_index))
    path_kind = action.kind or kind
    side = action.offending_side or (side_of_irregularities(followed) if number else None) or offending
    for i, irr in zip(action.follows, followed):
        check_ui_source(path_kind, irr, actor, side, "irregularity" if len(irregularities) == 1 else f"irregularities[{i}]",
                        "offending_side" if number == 0 else f"actions[{number}].offending_side")
    if action.ruling is not None:
        check_units(action.ruling.procedural_penalties, scoring, f"{where}.procedural_penalties")
        _check_offered_call(action.ruling, board, action.call_index, where)


def _cross_imps(data: dict) -> str:
    cross_imps = str(data.get("cross_imps") or "average").lower()
    if cross_imps not in CROSS_IMPS:
        raise HuddleInputError("cross_imps", M_("'{cross_imps}' must be average (over the other tables) or sum",
                                                cross_imps=AsTyped(cross_imps)))
    return cross_imps


def partner_ui_case(case: Case) -> Case:
    """The UI path of a case whose explanation is also unauthorized information: the explanation
    as the irregularity, the explainer's partner's later call as the action in question."""
    both = case.partner_ui
    assert both is not None and case.irregularity is not None
    irr = replace(case.irregularity, type="explanation")
    return replace(case, kind="UI", irregularities=(irr,), action_index=both.action_index, ruling=both.ruling,
                   partner_ui=None)


def _check_offered_call(ruling: RulingInputs, board: Board, action_index: int | None, section: str = "ruling") -> None:
    """Law 21B1(a): a later call offered for change is the same player's, after the call in question."""
    offered = ruling.misinformation.offered_call if ruling.misinformation is not None else None
    if offered is None:
        return
    where = f"{section}.misinformation.offered_call"
    if action_index is None or not action_index < offered < len(board.auction.calls):
        raise HuddleInputError(where, M_("call {offered} is not a call after the call in question", offered=offered + 1))
    if board.auction.seat_of(offered) != board.auction.seat_of(action_index):
        raise HuddleInputError(where, M_("call {offered} is {seat}'s, not the player's who made the call in question",
                                         offered=offered + 1, seat=Seat(board.auction.seat_of(offered)).word))


def _ruling_version(value: Any) -> int | None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10_000):
        raise HuddleInputError("ruling_version", M_("{value} must be a version number (1 or more)", value=AsTyped(str(value)[:20])))
    return value


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000:
        raise HuddleInputError(where, M_("{value} must be a whole number of tables from 0 to 10,000", value=AsTyped(str(value)[:20])))
    return value


def _version_1_edition(data: dict) -> str:
    """Version 1 files named no edition: their "likely" method was the 1997 Law 12C2, every other
    method the 2017 Laws."""
    adjustment = (data.get("ruling") or {}).get("adjustment") if isinstance(data.get("ruling"), dict) else None
    method = adjustment.get("method") if isinstance(adjustment, dict) else None
    return "1997" if data.get("format_version") == 1 and method == "likely" else DEFAULT_EDITION


MAX_TITLE = 300                   # the case list's column
MAX_CASE_FILE = 2 * 1024 * 1024   # characters: a case file with its ruling is a few kilobytes
CASE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$")


def check_case_id(value: Any) -> str:
    """A case id is a slug: it names the case in links and report files, and is never a path."""
    text = str(value)
    if not CASE_ID.match(text):
        raise HuddleInputError("id", M_("'{text}' is not a case id: use 1 to 80 letters, digits, '-' or '_', "
                                        "starting with a letter or digit", text=AsTyped(text[:40])))
    return text


def case_id_from_title(title: str) -> str:
    """A case id for a title: lower-case ASCII words joined by '-', a contract kept as a director
    types it ("5♠ save over 4♥" → "5s-save-over-4h")."""
    title = re.sub(r"(\d)\s*([♠♥♦♣])", lambda m: m.group(1) + "shdc"["♠♥♦♣".index(m.group(2))], title)
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")[:80]
    return slug or "case"
