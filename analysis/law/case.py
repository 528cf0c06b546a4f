"""Case files: a ruling case as JSON with a ``format_version``; load/loads/dump/dumps like json.

The schema is documented in docs/case-file.md. Reading validates everything and names the field
of the first problem; nothing is returned half-read.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from typing import IO, Any

from endplay.types import Deal

from analysis.files import pbn as pbn_files
from analysis.files.game import Game, GameFile, choose_game
from analysis.files.games import read_games
from analysis.bridge.auction import STATEMENT, tempo_disputed
from analysis.bridge import (Decision, SEATS, Auction, Board, TableCall, dealer_for_board, deal_pbn, hand_cards,
                     contract_parts, parse_deal, partner_of, seat, side_of)
from analysis.files.results import field_for_case
from analysis.bridge.table_results import FieldRow
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Capital, ContractWords, Language, Listed, Message
from analysis.limits import MAX_CASE_TEXT, check_length, check_texts, loads_json, optional_text
from analysis.law.editions import DEFAULT_EDITION, edition
from analysis.bridge.matchpoints import Scale
from analysis.bridge.play import Play, choice_of, parse_choice, parse_play, play_columns, played_order, position_name
from analysis.law.appeal import AppealRecord
from analysis.law.penalties import check_units
from analysis.law.poll_rules import PollRules
from analysis.law.ruling_inputs import RulingInputs
from analysis.law.facts import (MAX_STATEMENTS, Established, FactFinding, Statement, established,
                                statements_from)
from analysis.law.regulations import DEFAULT_SKIP_BID_PAUSE, SkipBidPause, skip_bid_pause
from analysis.law.simulation import SimulationSettings
from analysis.law.withdrawn import Withdrawn
from analysis.bridge.scoring import ButlerDatum, PlayedContract, parse_score
from analysis.vocabulary import SOURCE, Catalog, CaseKind, IrregularityType, OffendingSide, ScoringForm, Seat, Side, member

FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)    # version 1 and 2 files load unchanged (docs/case-file.md)
KINDS = tuple(CaseKind)
SCORING_FORMS = tuple(ScoringForm)
CROSS_IMPS = ("average", "sum")
OFFENDING_SIDES = tuple(OffendingSide)
IRREGULARITY_TYPES = tuple(IrregularityType)


@dataclass(frozen=True)
class TableResult:
    """What happened at the table: a contract and its result, or a score alone."""

    contract: PlayedContract | None = None
    ns_score: int | None = None
    passed_out: bool = False
    note: str | None = None
    bid: tuple[str, str] | None = None     # a contract whose result is not recorded: ("4SX", declarer)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {}
        if self.contract is not None:
            c = self.contract
            out["contract"] = f"{c.level}{c.strain}{c.penalty}" + ("=" if c.result == 0 else f"{c.result:+d}")
            out["declarer"] = c.declarer
        elif self.bid is not None:
            out["contract"], out["declarer"] = self.bid
        if self.passed_out:
            out["passed_out"] = True
        if self.ns_score is not None:
            out["ns_score"] = self.ns_score
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_dict(cls, data: dict | None, vul: str, where: str = "table_result") -> "TableResult | None":
        if data is None:
            return None
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object"))
        contract = None
        score = None
        bid = None
        if "contract" in data:
            if "declarer" not in data:
                raise HuddleInputError(f"{where}.declarer", M_("needed with a contract"))
            parts = contract_parts(str(data["contract"]).strip())
            if parts is not None:          # "4SX": the contract is known, its result is not
                bid = ("".join(parts), seat(data["declarer"], f"{where}.declarer"))
            else:
                try:
                    contract = PlayedContract.parse(data["contract"], data["declarer"])
                except HuddleInputError as exc:
                    raise exc.at(f"{where}.{exc.field}") from None
                score = contract.ns_score(vul)
        if data.get("passed_out"):
            score = 0
        if "ns_score" in data:
            given = parse_score(str(data["ns_score"]), f"{where}.ns_score")
            if score is not None and given != score:
                raise HuddleInputError(f"{where}.ns_score", M_("{given} does not match the contract, which scores "
                                                                "{score} for North-South", given=given, score=score))
            score = given
        return cls(contract, score, bool(data.get("passed_out")), data.get("note"), bid)

    def describe(self) -> str:
        if self.passed_out:
            return N_("Passed out")
        if self.contract is not None:
            return self.contract.words()
        if self.bid is not None:
            level_strain = self.bid[0].rstrip("X")
            return M_("{contract}, result not recorded",
                      contract=ContractWords(level_strain, self.bid[0][len(level_strain):], self.bid[1]))
        return self.note or N_("not recorded")

    def contract_parts(self) -> tuple[str, str, str] | None:
        """("4S", "X", "S"): the contract played and its declarer, as the auction's final_parts
        gives them; None when the result names none."""
        if self.contract is not None:
            c = self.contract
            return f"{c.level}{c.strain}", c.penalty, c.declarer
        if self.bid is not None:
            bid = self.bid[0].rstrip("X")
            return bid, self.bid[0][len(bid):], self.bid[1]
        return None

    def differs_from(self, auction: Auction) -> Message | None:
        """What a director must confirm before a table result is kept beside an auction that ends
        otherwise: "The table result is 4♣ by South, but the auction ends in 4♥ by East"; None when
        they agree or the auction is not finished."""
        if not auction.is_complete:
            return None
        ended, played = auction.final_parts(), self.contract_parts()
        if self.passed_out == (ended is None) and (played is None or played == ended):
            return None
        said = {None: N_("passed out")}
        return M_("The table result is {result}, but the auction ends in {auction}: check the contract, its strain "
                  "and declarer", result=ContractWords(*played) if played else said[None],
                  auction=ContractWords(*ended) if ended else said[None])


@dataclass(frozen=True)
class Irregularity:
    type: str
    by: str | None = None              # seat that transmitted the UI (or gave the explanation)
    call_index: int | None = None      # 0-based index into the auction
    seconds: int | None = None         # as recorded (a side's figure until agreed or found)
    agreed: bool | None = None         # both sides agree the facts (whether it happened and the seconds)?
    description: str = ""
    to: str | None = None              # seat that received it (partner of ``by``)
    card_index: int | None = None      # 0-based index into the play, when it arose in the play
    agreed_happened: bool | None = None    # both sides agree it happened (for a tempo break: unmistakably)
    agreed_seconds: bool | None = None     # both sides agree on the seconds
    statements: tuple[Statement, ...] = ()  # each side's account, as the director heard it
    finding: FactFinding | None = None      # the director's finding where the sides do not agree (Law 85A)
    after_auction: bool = False        # arose after the final pass, before the opening lead was faced
    withdrawn: Withdrawn | None = None  # type "withdrawn": the call or play withdrawn, made at call_index

    @property
    def receiver(self) -> str | None:
        """Who the UI reached: ``to``, else the partner of the seat that transmitted it."""
        return self.to or (partner_of(self.by) if self.by else None)

    def facts(self) -> Established:
        """Whether it happened and how long it took, as established (Law 85): by agreement or by
        the director's finding, nothing else."""
        happened = self.agreed_happened if self.agreed_happened is not None else self.agreed
        on_seconds = self.agreed_seconds if self.agreed_seconds is not None else self.agreed
        return established(happened, on_seconds, self.seconds, self.statements, self.finding)

    def fact_lines(self) -> list[str]:
        """The facts as the ruling and the report state them: each side's statement, what both
        sides agree, and the director's finding with its reason."""
        out: list[str] = [M_("Said: {statement}.", statement=s.words()) for s in self.statements]
        if self.withdrawn is not None:
            out.append(M_("Withdrawn: {what}.", what=self.withdrawn.words(self.by)))
        happened = self.agreed_happened if self.agreed_happened is not None else self.agreed
        on_seconds = self.agreed_seconds if self.agreed_seconds is not None else self.agreed
        if happened and on_seconds and self.seconds is not None:
            out.append(M_("Agreed by both sides: that it happened and that it took {seconds} seconds.",
                          seconds=self.seconds))
        elif happened:
            out.append(M_("Agreed by both sides: that it happened."))
        elif on_seconds and self.seconds is not None:
            out.append(M_("Agreed by both sides: that it took {seconds} seconds.", seconds=self.seconds))
        elif happened is False:
            out.append(M_("Disputed: the sides do not agree what happened."))
        f = self.finding
        if f is not None and not f.empty:
            out.append(M_(_FOUND[f.happened, f.seconds is not None], seconds=f.seconds, reason=f.reason))
        return out
        return out

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"type": self.type, "description": self.description}
        for name in ("by", "to", "call_index", "card_index", "seconds", "agreed", "agreed_happened", "agreed_seconds"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.after_auction:
            out["after_auction"] = True
        if self.withdrawn is not None:
            out["withdrawn"] = self.withdrawn.to_dict()
        if self.statements:
            out["statements"] = [s.to_dict() for s in self.statements]
        if self.finding is not None:
            out["finding"] = self.finding.to_dict()
        return out


# The director's finding of fact (Law 85A1), each a whole sentence: a translation keeps its own
# word order (a Dutch subordinate clause puts "duurde" last).
_FOUND = {
    (True, True): N_("The director finds, on the balance of probabilities (Law 85A1), that it happened and that it "
                     "took {seconds} seconds: {reason}"),
    (True, False): N_("The director finds, on the balance of probabilities (Law 85A1), that it happened: {reason}"),
    (False, True): N_("The director finds, on the balance of probabilities (Law 85A1), that it did not happen (the "
                      "call took {seconds} seconds): {reason}"),
    (False, False): N_("The director finds, on the balance of probabilities (Law 85A1), that it did not happen: "
                       "{reason}"),
    (None, True): N_("The director finds, on the balance of probabilities (Law 85A1), that it took {seconds} "
                     "seconds: {reason}"),
}


@dataclass(frozen=True)
class Case:
    """One ruling case: the board, the irregularity, the action in question and the results."""

    id: str
    title: str
    kind: str
    board: Board
    scoring: str = "matchpoints"
    source: str = ""
    event: str | None = None
    session: str | None = None
    class_of_players: str | None = None
    irregularity: Irregularity | None = None
    action_index: int | None = None            # 0-based index of the call in question
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
    skip_bid_regulation: str = DEFAULT_SKIP_BID_PAUSE   # the pause after a skip bid (analysis.law.regulations)
    skip_bid_haste_under: int | None = None             # the organisation's bound for undue haste, if its own
    simulation: SimulationSettings | None = None        # dealing the unseen hands (analysis.evidence)
    poll_rules: PollRules = PollRules()                 # the event's rules for polls (the minimum poll)
    ruling_version: int | None = None          # which saved version of the director's ruling ``ruling`` is
    appeal: AppealRecord | None = None         # the committee's votes and decision (Laws 92, 93)
    # one explanation that is also unauthorized information to the explainer's partner (Laws 20F5(a),
    # 73C, 16B1): that path's action in question and ruling section, beside the misinformation's
    partner_ui: "PartnerUI | None" = None

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
            "format_version": FORMAT_VERSION, "id": self.id, "title": self.title, "kind": self.kind,
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
        return out

    @classmethod
    def from_dict(cls, data: Any) -> "Case":
        if not isinstance(data, dict):
            raise HuddleInputError("case", M_("a case file is a JSON object"))
        # one bound on every text, however the case arrives (a file, the editor, a PBN import): a case
        # that can be made can always be loaded again
        check_texts(data, MAX_CASE_TEXT, "case file")
        version = data.get("format_version")
        if version not in READABLE_VERSIONS:
            raise HuddleInputError("format_version", M_("{version} is not supported (this Huddle reads {choices})",
                                                        version=AsTyped(repr(version)), choices=' and '.join(map(str, READABLE_VERSIONS))))
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
            raise HuddleInputError("knockout", M_("knockout averaging applies to IMP matches, not {scoring}", scoring=scoring.word))
        board = _board_from(data)
        table_result = TableResult.from_dict(data.get("table_result"), board.vulnerability)
        play, play_index = _play_from(data, board, table_result)
        irregularity = _irregularity_from(data.get("irregularity"), board, play)
        board, irregularity = _tempo_marked(board, irregularity)
        action_index = data.get("action_index")
        if action_index is not None and (not isinstance(action_index, int) or isinstance(action_index, bool)
                                         or not 0 <= action_index < len(board.auction.calls)):
            raise HuddleInputError("action_index", M_("{action_index} is not a call of the auction (0 to {count})",
                                                      action_index=AsTyped(repr(action_index)), count=len(board.auction.calls) - 1))
        if action_index is not None and play_index is not None:
            raise HuddleInputError("play_index", M_("a case rules one action: give the call (action_index) or the "
                                                    "card (play_index), not both"))
        offending = data.get("offending_side")
        if offending is not None:
            offending = member(OffendingSide, offending, "offending_side")
        actor = (play.decider(play_index) if play_index is not None and play is not None
                 else None if action_index is None else board.auction.seat_of(action_index))
        _check_ui_source(kind, irregularity, actor, offending)
        field_scores = data.get("field") or []
        if not isinstance(field_scores, list):
            raise HuddleInputError("field", M_("must be a list of North-South scores"))
        other = data.get("other_table")
        for name, form in (("butler_datum", "butler"), ("cross_imps", "cross-imps")):
            if data.get(name) is not None and scoring != form:
                raise HuddleInputError(name, M_("applies to {scoring}, not {scoring2}", scoring=ScoringForm(form).word,
                                                scoring2=scoring.word))
        # a call replaced by a comparable one needs no finding on logical alternatives (Law 23C)
        comparable = irregularity is not None and irregularity.withdrawn is not None and \
            bool(irregularity.withdrawn.comparable) and laws != "1997"
        ruling = None if not data.get("ruling") else RulingInputs.from_dict(data["ruling"], "ruling",
                                                                            board.vulnerability, kind, comparable)
        if ruling is not None:
            check_units(ruling.procedural_penalties, scoring, "ruling.procedural_penalties")
            _check_offered_call(ruling, board, action_index)
        cross_imps = str(data.get("cross_imps") or "average").lower()
        if cross_imps not in CROSS_IMPS:
            raise HuddleInputError("cross_imps", M_("'{cross_imps}' must be average (over the other tables) or sum",
                                                    cross_imps=AsTyped(cross_imps)))
        return cls(
            id=check_case_id(data["id"]), title=str(data["title"]), kind=kind, board=board, scoring=scoring,
            source=str(data.get("source", "")), event=optional_text(data.get("event"), "event"),
            session=optional_text(data.get("session"), "session"),
            class_of_players=optional_text(data.get("class_of_players"), "class_of_players"), irregularity=irregularity,
            action_index=action_index,
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
            partner_ui=PartnerUI.from_dict(data.get("partner_ui"), kind, irregularity, board))


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


def partner_ui_case(case: Case) -> Case:
    """The UI path of a case whose explanation is also unauthorized information: the explanation
    as the irregularity, the explainer's partner's later call as the action in question."""
    both = case.partner_ui
    assert both is not None and case.irregularity is not None
    irr = replace(case.irregularity, type="explanation")
    return replace(case, kind="UI", irregularity=irr, action_index=both.action_index, ruling=both.ruling,
                   partner_ui=None)


def _check_offered_call(ruling: RulingInputs, board: Board, action_index: int | None) -> None:
    """Law 21B1(a): a later call offered for change is the same player's, after the call in question."""
    offered = ruling.misinformation.offered_call if ruling.misinformation is not None else None
    if offered is None:
        return
    where = "ruling.misinformation.offered_call"
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


def _tempo_marked(board: Board, irr: Irregularity | None) -> tuple[Board, Irregularity | None]:
    """A hesitation at a call is that call's tempo break: one entry marks both (the auction's
    footnote and the irregularity), and seconds given in one place are the other's."""
    if irr is None or irr.type != "hesitation" or irr.call_index is None:
        return board, irr
    calls = list(board.auction.calls)
    call = calls[irr.call_index]
    if irr.seconds is not None and call.tempo_seconds is not None and irr.seconds != call.tempo_seconds:
        raise HuddleInputError("irregularity.seconds", M_("{seconds} seconds, but the auction gives {given} for call "
                                                          "{number}", seconds=irr.seconds, given=call.tempo_seconds,
                                                          number=irr.call_index + 1))
    seconds = irr.seconds if irr.seconds is not None else call.tempo_seconds
    calls[irr.call_index] = replace(call, tempo_break=True, tempo_seconds=seconds)
    return replace(board, auction=Auction(board.auction.dealer, tuple(calls))), replace(irr, seconds=seconds)


def _version_1_edition(data: dict) -> str:
    """Version 1 files named no edition: their "likely" method was the 1997 Law 12C2, every other
    method the 2017 Laws."""
    adjustment = (data.get("ruling") or {}).get("adjustment") if isinstance(data.get("ruling"), dict) else None
    method = adjustment.get("method") if isinstance(adjustment, dict) else None
    return "1997" if data.get("format_version") == 1 and method == "likely" else DEFAULT_EDITION


def _check_ui_source(kind: str, irr: "Irregularity | None", actor: str | None, offending: str | None) -> None:
    """Who transmitted the UI, who received it and which side offended must agree: UI passes
    between partners, and the side that may have used it is the side that transmitted it."""
    if kind != "UI" or irr is None or irr.by is None:
        return
    if irr.to is not None and irr.to != partner_of(irr.by):
        raise HuddleInputError("irregularity.to", M_("{to} is not {by}'s partner: unauthorized information passes "
                                                     "between partners; an opponent's manner is information used at "
                                                     "one's own risk (Law 73D1)", to=Seat(irr.to).word,
                                                     by=Seat(irr.by).word))
    if actor is None or actor != irr.receiver or offending not in ("NS", "EW"):
        return
    if side_of(irr.by) != offending:
        raise HuddleInputError("offending_side", M_("{by} transmitted the information and {actor}, the partner, "
                                                    "took the action in question, so the offending side is {side}, "
                                                    "not {given}", by=Seat(irr.by).word, actor=Seat(actor).word,
                                                    side=Side(side_of(irr.by)).word, given=Side(offending).word))


def _board_from(data: dict) -> Board:
    b = data["board"]
    if not isinstance(b, dict):
        raise HuddleInputError("board", M_("must be an object with number, dealer, vulnerability"))
    deal: Deal = parse_deal(data["deal"])
    calls = data.get("auction", [])
    if not isinstance(calls, list):
        raise HuddleInputError("auction", M_("must be a list of calls"))
    dealer = b.get("dealer")
    auction = Auction.from_dict({"dealer": dealer if dealer else _dealer_from_number(b), "calls": calls})
    return Board.make(deal, b.get("number"), dealer, b.get("vulnerability"), auction)


def _dealer_from_number(b: dict) -> str:
    if not isinstance(b.get("number"), int):
        raise HuddleInputError("board.dealer", M_("give the dealer or the board number"))
    return dealer_for_board(b["number"])


def parse_choice_or_none(text: str) -> str:
    try:
        return parse_choice(text)
    except HuddleInputError:
        return ""


def play_of(board: Board, table_result: "TableResult | None", cards=()) -> Play | None:
    """The play's contract from the table result, else from the auction; None when neither says."""
    contract = table_result.contract if table_result is not None else None
    if contract is not None:
        return Play(contract.strain, contract.declarer, tuple(cards))
    if table_result is not None and table_result.bid is not None:      # a contract with no result recorded
        bid, declarer = table_result.bid
        return Play(bid.rstrip("X")[1:], declarer, tuple(cards))
    final = board.auction.contract_text()
    if final is None:
        return None
    bid, _, declarer = final.partition(" by ")
    return Play(bid[1:].rstrip("X"), declarer, tuple(cards))


def _play_from(data: dict, board: Board, table_result: "TableResult | None") -> tuple[Play | None, int | None]:
    """The play (checked against the deal: each card held, played once, following suit) and the
    card in question, which must be one of the cards recorded."""
    cards, index = data.get("play") or [], data.get("play_index")
    if not isinstance(cards, list):
        raise HuddleInputError("play", M_("must be a list of cards in the order played, e.g. [\"CJ\", \"C2\"]"))
    if not cards and index is None:
        return play_of(board, table_result), None
    play = play_of(board, table_result, parse_play(cards))
    if play is None:
        raise HuddleInputError("play", M_("a play needs its contract: a complete auction or the table result"))
    play.check({s: hand_cards(board.deal, s) for s in SEATS})
    if index is not None and (not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(play.cards)):
        raise HuddleInputError("play_index", M_("{index} is not a card of the play recorded (0 to {last})", index=AsTyped(repr(index)),
                                                   last=len(play.cards) - 1) if play.cards else
                               M_("{index} is not a card of the play recorded (record the play)", index=AsTyped(repr(index))))
    return play, index


def _irregularity_from(data: dict | None, board: Board, play: Play | None = None) -> Irregularity | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise HuddleInputError("irregularity", M_("must be an object"))
    kind = member(IrregularityType, data.get("type", ""), "irregularity.type")
    by = seat(data["by"], "irregularity.by") if data.get("by") else None
    to = seat(data["to"], "irregularity.to") if data.get("to") else None
    index = data.get("call_index")
    if index is not None and (not isinstance(index, int) or not 0 <= index < len(board.auction.calls)):
        raise HuddleInputError("irregularity.call_index", M_("{index} is not a call of the auction", index=AsTyped(repr(index))))
    withdrawn = _withdrawn_from(data, kind, board, by)
    out_of_turn = withdrawn is not None and withdrawn.why in ("out of rotation", "lead out of turn")
    if index is not None and by is not None and not out_of_turn:
        caller = board.auction.seat_of(index)
        # a tempo or manner goes with the caller's own call; an explanation or alert with partner's
        expected = partner_of(caller) if kind.explained_by_partner else caller
        if by != expected:
            values = dict(number=index + 1, expected=Seat(expected).word, given=Seat(by).word)
            raise HuddleInputError("irregularity.by", M_("call {number} was explained or alerted by {expected}, not "
                                                         "{given}", **values) if kind.explained_by_partner else
                                   M_("call {number} was made by {expected}, not {given}", **values))
    card = data.get("card_index")
    if card is not None:
        if index is not None:
            raise HuddleInputError("irregularity.card_index", M_("give the call or the card it arose at, not both"))
        if play is None or not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(play.cards):
            raise HuddleInputError("irregularity.card_index", M_("{card} is not a card of the play recorded", card=AsTyped(repr(card))))
        if by is not None and by != play.decider(card) and not out_of_turn:
            raise HuddleInputError("irregularity.by", M_("{position} was {seat}'s to play, not {seat2}'s", position=position_name(card),
                                                         seat=Seat(play.decider(card)).word, seat2=Seat(by).word))
    seconds = data.get("seconds")
    if seconds is not None and (not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= 3600):
        raise HuddleInputError("irregularity.seconds", M_("{value} must be a whole number of seconds (0 to 3600)",
                                                          value=AsTyped(repr(seconds))))
    for name in ("agreed", "agreed_happened", "agreed_seconds", "after_auction"):
        if data.get(name) not in (True, False, None):
            raise HuddleInputError(f"irregularity.{name}", M_("must be true, false or null"))
    after_auction = bool(data.get("after_auction"))
    if after_auction and (index is not None or card is not None):
        raise HuddleInputError("irregularity.after_auction", M_("a question after the final pass is at no call or "
                                                                "card: leave call_index and card_index out"))
    if after_auction and not board.auction.is_complete:
        raise HuddleInputError("irregularity.after_auction", M_("the auction has not ended: record the call it "
                                                                "arose at"))
    return Irregularity(kind, by, index, seconds, data.get("agreed"), str(data.get("description", "")), to, card,
                        data.get("agreed_happened"), data.get("agreed_seconds"),
                        statements_from(data.get("statements"), "irregularity.statements"),
                        FactFinding.from_dict(data.get("finding"), "irregularity.finding"), after_auction, withdrawn)


def _withdrawn_from(data: dict, kind: IrregularityType, board: Board, by: str | None) -> Withdrawn | None:
    """A withdrawn call or play is the irregularity of its own type, and only of it."""
    given = data.get("withdrawn")
    if kind is not IrregularityType.WITHDRAWN:
        if given is not None:
            raise HuddleInputError("irregularity.withdrawn", M_("a withdrawn call or play is an irregularity of type "
                                                                "withdrawn"))
        return None
    if given is None:
        raise HuddleInputError("irregularity.withdrawn", M_("say which call or card was withdrawn, and why "
                                                            "(action, why)"))
    return Withdrawn.from_dict(given, "irregularity.withdrawn", board.auction, by)


# ---------------------------------------------------------------- from PBN

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


def from_file(data: bytes | str, id: str, title: str, kind: str = "UI", board: int | None = None,
              room: str | None = None, game: int | None = None, name: str = "", *, lang: Catalog, **facts: Any) -> Case:
    """A case from one game of a PBN or LIN file, chosen by board number (and room when both
    tables are in the file) or by position (``game``, 1 = first); the first game when the file
    has one or nothing is chosen. The board's other tables in the file are its field; its notes
    are read in English and in ``lang``."""
    read = read_games(data, name, lang)
    chosen = pick_game(read, board, room, game)
    return from_game(chosen, id, title, kind, others=other_tables(read, chosen), **facts)


def game_result(g: Game) -> TableResult | None:
    """A game's table result as the file records it (None when it records none or an impossible one)."""
    table = _table_result(g)
    try:
        return TableResult.from_dict(table, g.board.vulnerability) if table else None
    except HuddleInputError:
        return None


def game_label(g: Game) -> Listed:
    """A game as a director picks it from a file: board, room, result and players."""
    parts: list = [M_("Board {number}", number=AsTyped(g.label or "?"))]
    if g.room:
        parts.append(M_("{room} room", room=AsTyped(g.room.lower())))
    result = game_result(g)
    if result is not None:
        parts.append(M_("{result} (North-South {score})", result=result.describe(), score=f"{result.ns_score:+d}")
                     if result.ns_score is not None and result.contract else result.describe())
    else:
        parts.append(N_("no result recorded"))
    pairs = [" – ".join(g.players[s] for s in side if g.players.get(s)) for side in ("NS", "EW")]
    if any(pairs):
        parts.append(AsTyped(f"{pairs[0] or '?'} v {pairs[1] or '?'}"))
    return Listed(tuple(parts), " · ")


def game_labels(read: GameFile, lang: Language) -> dict[str, int]:
    """Every game's label in ``lang``, to its position in the file; a label two games share names
    the game."""
    labels = [lang.say(game_label(g)) for g in read.games]
    shared = {label for label, n in Counter(labels).items() if n > 1}
    return {(lang.say(M_("{label} · game {number}", label=AsTyped(label), number=g.position)) if label in shared else label):
            g.position for label, g in zip(labels, read.games)}


def other_tables(read: GameFile, chosen: Game) -> tuple[int, ...]:
    """North-South's scores at the other tables of the same deal in the file: the board's field."""
    scores = []
    for g in read.games:
        if g.position == chosen.position or g.board.number != chosen.board.number \
                or deal_pbn(g.board.deal) != deal_pbn(chosen.board.deal):
            continue
        result = game_result(g)
        if result is not None and result.ns_score is not None:
            scores.append(result.ns_score)
    return tuple(scores)


def pick_game(read: GameFile, board: int | None = None, room: str | None = None,
              game: int | None = None) -> Game:
    """The game asked for; with nothing asked, the only game read, else the file's first."""
    if board is None and game is None and room is None:
        game = read.games[0].position if len(read.games) == 1 else 1
    return choose_game(read.games, read.problems, board, room, game, "file")


def from_pbn(text: bytes | str, id: str, title: str, kind: str = "UI", game: int | None = None,
             board: int | None = None, room: str | None = None, **facts: Any) -> Case:
    """A case from one game of a PBN file (see from_file), its notes read in English."""
    return from_file(text, id, title, kind, board, room, game, "file.pbn", lang=SOURCE, **facts)


def from_game(g: Game, id: str, title: str, kind: str = "UI", others: tuple[int, ...] = (),
              **facts: Any) -> Case:
    """A case from a game read from a file: board, deal, auction with its alerts and tempo marks,
    event, table result, the field from its ScoreTable (without this table) or else ``others``
    (the other tables' scores), and the irregularity pre-filled from the first tempo mark."""
    b = g.board
    table = _table_result(g)
    data = {"format_version": FORMAT_VERSION, "id": id, "title": title, "kind": kind, "event": g.event,
            "board": {"number": b.number, "dealer": b.dealer, "vulnerability": b.vulnerability},
            "deal": deal_pbn(b.deal), "auction": [c.to_dict() for c in b.auction.calls],
            "table_result": table}
    scoring = _scoring(g.scoring)
    if scoring:
        data["scoring"] = scoring
    contract = play_of(b, TableResult.from_dict(table, b.vulnerability)) if g.play else None
    if contract is not None:
        # the play section names its leader: declarer is the seat before (a file's [Declarer] may disagree)
        declarer = SEATS[(SEATS.index(g.play_leader) + 3) % 4] if g.play_leader else contract.declarer
        data["play"] = list(played_order(g.play, contract.strain, declarer))
    if g.score_table:
        ns = TableResult.from_dict(table, b.vulnerability) if table else None
        field = field_for_case(g.score_table, ns.ns_score if ns else None, g.tags.get("PairNS"), g.tags.get("PairEW"))
        data["field"] = list(field.scores)
    elif others:
        data["field"] = list(others)
    slow = next((i for i, c in enumerate(b.auction.calls) if c.tempo_break), None)
    if slow is not None and kind == "UI":
        data["irregularity"] = _tempo_irregularity(b.auction, slow)
    questions = [M_("Call {number}'s note in the file, “{note}”, speaks of tempo but reads as an explanation too: "
                    "it is kept as the explanation; the director decides whether it records a break in tempo.",
                    number=i + 1, note=c.tempo_note)
                 for i, c in enumerate(b.auction.calls) if c.tempo_note and not c.tempo_break]
    if questions:
        data["assumptions"] = [str(q) for q in questions]
    data.update(facts)
    return Case.from_dict(data)


def _tempo_irregularity(auction: Auction, slow: int) -> dict:
    """The irregularity a file's tempo mark records: a statement about tempo kept as the sides'
    statements (disputed when the note says so), never as agreed facts (Law 85A)."""
    call = auction.calls[slow]
    out: dict[str, Any] = {"type": "hesitation", "by": auction.seat_of(slow), "call_index": slow,
                           "description": call.tempo_note or call.remark or N_("break in tempo noted in the file")}
    if call.tempo_seconds is not None:
        out["seconds"] = call.tempo_seconds
    statements = [m for part in re.split(r"[;.]\s*", call.tempo_note or "") if (m := STATEMENT.match(part))]
    if statements:
        out["statements"] = [{"by": _side_or_seat(m.group("who")), "said": m.string.strip()[:1000],
                              **({"seconds": int(sec.group(1))} if (sec := re.search(r"(\d+)\s*s", m.string))
                                 and int(sec.group(1)) <= 3600 else {})} for m in statements[:MAX_STATEMENTS]]
    if tempo_disputed(call.tempo_note):
        out["agreed"] = False
    return out


def _side_or_seat(who: str) -> str:
    """"E-W" → "EW", "North" → "N": who made a statement, as the case file keeps it."""
    text = who.replace("-", "").upper()
    return {"NORTHSOUTH": "NS", "EASTWEST": "EW"}.get(text, text if text in ("NS", "EW") else text[0])


def _scoring(tag: str | None) -> str | None:
    words = {w.strip().lower() for w in re.split(r"[;,\s]+", tag or "") if w.strip()}
    if words & {"mp", "matchpoints", "mp1", "mp2", "emp"}:
        return "matchpoints"
    if "butler" in words:
        return "butler"
    if any(w.startswith("cross") for w in words):
        return "cross-imps"
    if words & {"imp", "imps"}:
        return "imps"
    if "bam" in words:
        return "bam"
    return None


def _table_result(g: Game) -> dict | None:
    note = {"note": g.tags["HuddleTableNote"]} if g.tags.get("HuddleTableNote") else {}
    if g.contract == "PASS":
        return {"passed_out": True, **note}
    if not g.contract and g.ns_score is not None:
        return {"ns_score": g.ns_score, **note}
    if not g.contract:
        # no [Contract] (or "?") with a finished auction: the auction says it, as the export writes
        # it, so that a file and Huddle's export of it read alike
        parts = g.board.auction.final_parts()
        if parts is None:
            return note or None
        return {"contract": parts[0] + parts[1], "declarer": parts[2], **note}
    if g.tricks is None:       # the contract is known, its result is not: keep the contract
        return {"contract": g.contract, "declarer": g.declarer, **note,
                **({"ns_score": g.ns_score} if g.ns_score is not None else {})}
    result = g.tricks - (int(g.contract[0]) + 6)
    return {"contract": g.contract + ("=" if result == 0 else f"{result:+d}"), "declarer": g.declarer, **note}


def to_game(case: Case, assigned: tuple[str, str, str] | None = None, notes: tuple[str, ...] = (),
            penalties: tuple[str, str] | None = None) -> Game:
    """The case as a PBN game: what a hand-record or scoring program can read back; ``assigned``
    is the table's adjusted score (the ruling in force) for the ScoreTable's MP or IMP columns,
    ``penalties`` each side's procedural penalty beside it, ``notes`` the game comments that say
    it exactly (reports.score_export.field_pbn)."""
    t = case.table_result
    contract = declarer = tricks = None
    if t is not None and t.passed_out:
        contract = "PASS"
    elif t is not None and t.contract is not None:
        c = t.contract
        contract, declarer, tricks = f"{c.level}{c.strain}{c.penalty}", c.declarer, c.tricks
    elif t is not None and t.bid is not None:
        contract, declarer = t.bid
    parts = case.board.auction.final_parts()
    if contract is None and parts is not None:    # the auction says it
        bid, penalty, declarer = parts
        contract = bid + penalty
    scoring = {"matchpoints": "MP", "imps": "IMP", "butler": "Butler", "cross-imps": "Cross-IMPs", "bam": "BAM",
               "total points": "Total"}[case.scoring]
    rows = tuple(FieldRow(s) for s in case.field)
    if rows and t is not None and t.ns_score is not None:
        rows = (FieldRow(t.ns_score, contract, declarer, tricks, "table"),) + rows
    tags = {"HuddleId": case.id, "HuddleTitle": case.title, "HuddleKind": case.kind}
    if t is not None and t.note:
        tags["HuddleTableNote"] = t.note
    play = case.the_play if case.play else None
    if (assigned is not None or penalties is not None) and not rows:   # the table's own row carries them
        rows = (FieldRow(t.ns_score if t is not None else None, contract, declarer, tricks, "table"),)
    return Game(board=case.board, event=case.event, scoring=scoring, contract=contract,
                          declarer=declarer, tricks=tricks, score_table=rows, tags=tags,
                          assigned=assigned if rows and rows[0].ns_pair == "table" else None,
                          penalties=penalties if rows and rows[0].ns_pair == "table" else None,
                          ns_score=None if t is None or (contract and tricks is not None) else t.ns_score,
                          play_leader=play.leader if play is not None else None,
                          play=play_columns(play) if play is not None else (),
                          commentary=(f"Huddle case {case.id}: {case.title}", *notes))


def to_pbn(case: Case) -> str:
    """The case as a PBN 2.1 file (export format)."""
    return pbn_files.dumps([to_game(case)])


# ---------------------------------------------------------------- json-style API

def loads(text: str) -> Case:
    try:
        data = loads_json(check_length(text, MAX_CASE_FILE, "case file"), "case file")
    except json.JSONDecodeError as exc:
        raise HuddleInputError("case file", M_("not valid JSON (line {lineno}, column {colno}: {msg})", lineno=exc.lineno,
                                               colno=exc.colno, msg=exc.msg)) from None
    except RecursionError:
        raise HuddleInputError("case file", M_("nested too deeply to be a case file")) from None
    try:
        return Case.from_dict(data)
    except (TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError) as exc:
        # the last guard: a value of the wrong type somewhere the checks above did not name
        raise HuddleInputError("case file", M_("a value has the wrong type or shape ({name}: {exc})", name=type(exc).__name__,
                                               exc=AsTyped(str(exc)[:120]))) from None


def load(fp: IO[str]) -> Case:
    return loads(fp.read())


def dumps(case: Case, indent: int | None = 2) -> str:
    return json.dumps(case.to_dict(), indent=indent, ensure_ascii=False)


def dump(case: Case, fp: IO[str], indent: int | None = 2) -> None:
    fp.write(dumps(case, indent) + "\n")


__all__ = ["Case", "PartnerUI", "partner_ui_case", "SCORED_BY", "TableResult", "Irregularity", "load", "loads",
           "dump", "dumps", "from_pbn", "from_file",
           "from_game", "pick_game", "to_pbn", "to_game",
           "case_id_from_title", "FORMAT_VERSION", "READABLE_VERSIONS", "KINDS", "OFFENDING_SIDES"]
