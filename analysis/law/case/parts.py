"""A case's parts read from its file: the table result (contract, declarer, tricks, the score as
stated) and the irregularity (what happened, with the director's finding), with the board and the
play they are read against."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from endplay.types import Deal

from analysis.bridge import (SEATS, Auction, Board, dealer_for_board, hand_cards,
                     contract_parts, parse_deal, partner_of, seat, side_of)
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, ContractWords, Message
from analysis.bridge.play import Play, parse_choice, parse_play, position_name
from analysis.law.case.facts import (Established, FactFinding, Statement, established,
                                statements_from)
from analysis.law.case.withdrawn import Withdrawn
from analysis.law.laws.editions import DEFAULT_EDITION
from analysis.bridge.scoring import PlayedContract, parse_score
from analysis.vocabulary import IrregularityType, Seat, Side, member


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

    def fact_lines(self, laws: str = DEFAULT_EDITION) -> list[str]:
        """The facts as the ruling and the report state them: each side's statement, what both
        sides agree, and the director's finding with its reason; a withdrawn action and the
        rectification that followed it, cited in ``laws``' edition."""
        out: list[str] = [M_("Said: {statement}.", statement=s.words()) for s in self.statements]
        if self.withdrawn is not None:
            out.append(M_("Withdrawn: {what}.", what=self.withdrawn.words(self.by)))
            rectified = self.withdrawn.rectification_words(self.by, laws)
            if rectified is not None:
                out.append(M_("Rectification: {what}.", what=rectified))
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


def tempo_marked(board: Board, irr: Irregularity | None, where: str = "irregularity") -> tuple[Board, Irregularity | None]:
    """A hesitation at a call is that call's tempo break: one entry marks both (the auction's
    footnote and the irregularity), and seconds given in one place are the other's."""
    if irr is None or irr.type != "hesitation" or irr.call_index is None:
        return board, irr
    calls = list(board.auction.calls)
    call = calls[irr.call_index]
    if irr.seconds is not None and call.tempo_seconds is not None and irr.seconds != call.tempo_seconds:
        raise HuddleInputError(f"{where}.seconds", M_("{seconds} seconds, but the auction gives {given} for call "
                                                          "{number}", seconds=irr.seconds, given=call.tempo_seconds,
                                                          number=irr.call_index + 1))
    seconds = irr.seconds if irr.seconds is not None else call.tempo_seconds
    calls[irr.call_index] = replace(call, tempo_break=True, tempo_seconds=seconds)
    return replace(board, auction=Auction(board.auction.dealer, tuple(calls))), replace(irr, seconds=seconds)


def check_ui_source(kind: str, irr: "Irregularity | None", actor: str | None, offending: str | None,
                    where: str = "irregularity", side_where: str = "offending_side") -> None:
    """Who transmitted the UI, who received it and which side offended must agree: UI passes
    between partners, and the side that may have used it is the side that transmitted it."""
    if kind != "UI" or irr is None or irr.by is None:
        return
    if irr.to is not None and irr.to != partner_of(irr.by):
        raise HuddleInputError(f"{where}.to", M_("{to} is not {by}'s partner: unauthorized information passes "
                                                     "between partners; an opponent's manner is information used at "
                                                     "one's own risk (Law 73D1)", to=Seat(irr.to).word,
                                                     by=Seat(irr.by).word))
    if actor is None or actor != irr.receiver or offending not in ("NS", "EW"):
        return
    if side_of(irr.by) != offending:
        raise HuddleInputError(side_where, M_("{by} transmitted the information and {actor}, the partner, "
                                                    "took the action in question, so the offending side is {side}, "
                                                    "not {given}", by=Seat(irr.by).word, actor=Seat(actor).word,
                                                    side=Side(side_of(irr.by)).word, given=Side(offending).word))


def board_from(data: dict) -> Board:
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


def play_from(data: dict, board: Board, table_result: "TableResult | None") -> tuple[Play | None, int | None]:
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


def irregularity_from(data: dict | None, board: Board, play: Play | None = None,
                      where: str = "irregularity") -> Irregularity | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise HuddleInputError(where, M_("must be an object"))
    kind = member(IrregularityType, data.get("type", ""), f"{where}.type")
    by = seat(data["by"], f"{where}.by") if data.get("by") else None
    to = seat(data["to"], f"{where}.to") if data.get("to") else None
    index = data.get("call_index")
    if index is not None and (not isinstance(index, int) or not 0 <= index < len(board.auction.calls)):
        raise HuddleInputError(f"{where}.call_index", M_("{index} is not a call of the auction", index=AsTyped(repr(index))))
    withdrawn = _withdrawn_from(data, kind, board, by, where)
    out_of_turn = withdrawn is not None and withdrawn.why in ("out of rotation", "lead out of turn")
    if index is not None and by is not None and not out_of_turn:
        caller = board.auction.seat_of(index)
        # a tempo or manner goes with the caller's own call; an explanation or alert with partner's
        expected = partner_of(caller) if kind.explained_by_partner else caller
        if by != expected:
            values = dict(number=index + 1, expected=Seat(expected).word, given=Seat(by).word)
            raise HuddleInputError(f"{where}.by", M_("call {number} was explained or alerted by {expected}, not "
                                                         "{given}", **values) if kind.explained_by_partner else
                                   M_("call {number} was made by {expected}, not {given}", **values))
    card = data.get("card_index")
    if card is not None:
        if index is not None:
            raise HuddleInputError(f"{where}.card_index", M_("give the call or the card it arose at, not both"))
        if play is None or not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(play.cards):
            raise HuddleInputError(f"{where}.card_index", M_("{card} is not a card of the play recorded", card=AsTyped(repr(card))))
        if by is not None and by != play.decider(card) and not out_of_turn:
            raise HuddleInputError(f"{where}.by", M_("{position} was {seat}'s to play, not {seat2}'s", position=position_name(card),
                                                         seat=Seat(play.decider(card)).word, seat2=Seat(by).word))
    seconds = data.get("seconds")
    if seconds is not None and (not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= 3600):
        raise HuddleInputError(f"{where}.seconds", M_("{value} must be a whole number of seconds (0 to 3600)",
                                                          value=AsTyped(repr(seconds))))
    for name in ("agreed", "agreed_happened", "agreed_seconds", "after_auction"):
        if data.get(name) not in (True, False, None):
            raise HuddleInputError(f"{where}.{name}", M_("must be true, false or null"))
    after_auction = bool(data.get("after_auction"))
    if after_auction and (index is not None or card is not None):
        raise HuddleInputError(f"{where}.after_auction", M_("a question after the final pass is at no call or "
                                                                "card: leave call_index and card_index out"))
    if after_auction and not board.auction.is_complete:
        raise HuddleInputError(f"{where}.after_auction", M_("the auction has not ended: record the call it "
                                                                "arose at"))
    return Irregularity(type=kind, by=by, call_index=index, seconds=seconds, agreed=data.get("agreed"),
                        description=str(data.get("description", "")), to=to, card_index=card,
                        agreed_happened=data.get("agreed_happened"), agreed_seconds=data.get("agreed_seconds"),
                        statements=statements_from(data.get("statements"), f"{where}.statements"),
                        finding=FactFinding.from_dict(data.get("finding"),
                                                      f"{where}.finding"), after_auction=after_auction, withdrawn=withdrawn)


def _withdrawn_from(data: dict, kind: IrregularityType, board: Board, by: str | None,
                    where: str) -> Withdrawn | None:
    """A withdrawn call or play is the irregularity of its own type, and only of it."""
    given = data.get("withdrawn")
    if kind is not IrregularityType.WITHDRAWN:
        if given is not None:
            raise HuddleInputError(f"{where}.withdrawn", M_("a withdrawn call or play is an irregularity of type "
                                                                "withdrawn"))
        return None
    if given is None:
        raise HuddleInputError(f"{where}.withdrawn", M_("say which call or card was withdrawn, and why "
                                                            "(action, why)"))
    return Withdrawn.from_dict(given, f"{where}.withdrawn", board.auction, by)
