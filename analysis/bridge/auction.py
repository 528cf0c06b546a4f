"""Calls and annotated auctions: legality (Law 18-21 order of calls), and what happened around each
call at the table (alerts, explanations, tempo breaks, remarks) that a ruling needs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, N_, AsTyped, Listed, Message
from analysis.vocabulary import (MAX_SECONDS, SOURCE, Call, Catalog, Seat, TempoWords, contract_said,
                                 read_typed_contract)
from analysis.bridge.deal import ALL_CALLS, SEATS, player, seat, side_of

if TYPE_CHECKING:   # endplay is imported where a deal or a contract is built: the calculator never needs it
    from endplay.types import Contract

# ---------------------------------------------------------------- calls and auctions

@dataclass(frozen=True)
class TableCall:
    """One call with what happened around it at the table."""

    call: str                              # canonical: "1S", "3NT", "P", "X", "XX"
    alerted: bool = False
    explanation: str | None = None         # the explanation given at the table
    correct_explanation: str | None = None  # the partnership's actual agreement (misinformation)
    tempo_break: bool = False
    tempo_seconds: int | None = None
    remark: str | None = None
    # a file's note on the call that speaks of tempo: a statement about it (with tempo_break), or,
    # when it reads as an explanation too (tempo_break False), a question for the director
    tempo_note: str | None = None

    @property
    def is_bid(self) -> bool:
        return self.call[0].isdecimal()

    @property
    def level(self) -> int:
        return int(self.call[0])

    @property
    def strain(self) -> str:
        return self.call[1:]

    def symbol(self) -> str:
        """"1♠", "3NT", "Pass", "Double", "Redouble"."""
        return Call(self.call).english

    def to_dict(self) -> dict:
        out: dict = {"call": self.call}
        for name in ("alerted", "explanation", "correct_explanation", "tempo_break",
                     "tempo_seconds", "remark", "tempo_note"):
            value = getattr(self, name)
            if value not in (None, False):
                out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict, position: int = 1) -> "TableCall":
        if not isinstance(data, dict) or "call" not in data:
            raise HuddleInputError(f"auction call {position}", M_("each call needs a 'call' field"))
        unknown = set(data) - {"call", "alerted", "explanation", "correct_explanation",
                               "tempo_break", "tempo_seconds", "remark", "tempo_note"}
        if unknown:
            raise HuddleInputError(f"auction call {position}", M_("unknown field(s) {fields}", fields=AsTyped(str(sorted(unknown)))))
        seconds = data.get("tempo_seconds")
        if seconds is not None and (not isinstance(seconds, int) or seconds < 0):
            raise HuddleInputError(f"auction call {position}", M_("tempo_seconds must be a whole number ≥ 0"))
        return cls(call=parse_call(data["call"], f"auction call {position}"),
                   alerted=bool(data.get("alerted", False)),
                   explanation=data.get("explanation"),
                   correct_explanation=data.get("correct_explanation"),
                   tempo_break=bool(data.get("tempo_break", False)) or seconds is not None,
                   tempo_seconds=seconds,
                   remark=data.get("remark"), tempo_note=data.get("tempo_note"))


def parse_call(text: str, field: str = "call") -> Call:
    """A call as files write it: "1S", "1♠", "1nt", "Pass", "Dbl", "XX"."""
    return Call.read(str(text).strip(), SOURCE, field)


def contract_parts(text: str) -> tuple[str, str] | None:
    """A final contract as files write it, as (its bid, its penalty "", "X" or "XX") from "4SX",
    "3 NT", "4♠**"; None when ``text`` is no contract without a result (each reader says so in
    its own words)."""
    try:
        typed = read_typed_contract(text, SOURCE)
    except HuddleInputError:
        return None
    return None if typed.result is not None else (typed.bid.value, typed.penalty.value)


def contract_words(bid: str, penalty: str, declarer: str) -> str:
    """"4♠ doubled by South" from "4S", "X", "S"."""
    return contract_said(bid, penalty, declarer, SOURCE)


@dataclass(frozen=True)
class Auction:
    """An auction from the dealer, each call with its annotations. Legal by construction."""

    dealer: str
    calls: tuple[TableCall, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "dealer", seat(self.dealer, "dealer"))
        object.__setattr__(self, "calls", tuple(self.calls))
        check_legal(self.dealer, [c.call for c in self.calls])

    # -- construction
    @classmethod
    def parse(cls, text: str, dealer: str) -> "Auction":
        """Calls in English letters or symbols, separated by spaces: "1S P 2H X P P P"; a trailing
        '!' marks an alert and '*' a tempo break ("P*"); "AP" or "All pass" ends the auction;
        brackets after a call say more ("P(slow 10s)", "2D!(transfer)"). What a director types in
        her language is read by read_auction_line."""
        return read_auction_line(text, dealer, SOURCE)

    @classmethod
    def from_dict(cls, data: dict) -> "Auction":
        if not isinstance(data, dict) or "dealer" not in data:
            raise HuddleInputError("auction", M_("needs 'dealer' and 'calls'"))
        calls = data.get("calls", [])
        if not isinstance(calls, list):
            raise HuddleInputError("auction", M_("'calls' must be a list"))
        return cls(data["dealer"], tuple(TableCall.from_dict(c, i + 1) for i, c in enumerate(calls)))

    def to_dict(self) -> dict:
        return {"dealer": self.dealer, "calls": [c.to_dict() for c in self.calls]}

    # -- reading
    def seat_of(self, index: int) -> str:
        """The seat that made call number ``index`` (0-based)."""
        return SEATS[(SEATS.index(self.dealer) + index) % 4]

    @property
    def is_complete(self) -> bool:
        return passes_to_end([c.call for c in self.calls]) == 0 and len(self.calls) >= 4

    @property
    def is_passed_out(self) -> bool:
        return len(self.calls) == 4 and all(c.call == "P" for c in self.calls)

    def final_contract(self) -> Contract | None:
        """The contract (without a result) once the auction is over; None if passed out."""
        if not self.is_complete or self.is_passed_out:
            return None
        from endplay.types import Contract
        return Contract.from_auction(player(self.dealer), [to_endplay_bid(c.call) for c in self.calls])

    def final_parts(self) -> tuple[str, str, str] | None:
        """("4S", "X", "S"): the final contract's bid, penalty and declarer; None if there is none."""
        contract = self.final_contract()
        if contract is None:
            return None
        strain = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "nt": "NT"}[contract.denom.name]
        penalty = {"passed": "", "doubled": "X", "redoubled": "XX"}[contract.penalty.name]
        return f"{contract.level}{strain}", penalty, SEATS[int(contract.declarer)]

    def contract_text(self, symbols: bool = False) -> str | None:
        """"4SX by S" (or "4♠X by S" with ``symbols``): the final contract, None if there is none."""
        parts = self.final_parts()
        if parts is None:
            return None
        bid, penalty, declarer = parts
        return f"{Call(bid).english if symbols else bid}{penalty} by {declarer}"

    def contract_words(self) -> str | None:
        """"4♠ doubled by South": the final contract as a director says it, None if there is none."""
        parts = self.final_parts()
        return None if parts is None else contract_words(*parts)

    def contract_after(self, index: int, call: str) -> tuple[str, str, str] | None:
        """("3H", "", "S"): a contract the auction can reach if ``call`` were made as call ``index``
        (0-based): after a double or redouble, which leaves the bid to play unchanged, the table's
        own later calls where they stay legal (a double of a transfer is followed by its completion,
        as at the table, not passed out in 2♦ doubled); after any other call, everyone passing.
        None when that passes the board out, the call is not legal there, or the table's later
        calls do not follow a double: the director fills it in. A first guess, for her to review."""
        history = [c.call for c in self.calls[:index]] + [call]
        try:
            check_legal(self.dealer, history)
        except HuddleInputError:
            return None
        if call in ("X", "XX") and index + 1 < len(self.calls):
            history += [c.call for c in self.calls[index + 1:]]
            try:
                check_legal(self.dealer, history)
            except HuddleInputError:
                return None
        history += ["P"] * passes_to_end(history)
        return Auction(self.dealer, tuple(TableCall(c) for c in history)).final_parts()

    def up_to(self, index: int) -> "Auction":
        """The auction before call ``index`` (0-based): what a player saw at a decision point."""
        return Auction(self.dealer, self.calls[:index])

    def without_table_information(self) -> "Auction":
        """The calls only: no tempo marks, remarks or explanations (what a pollee may see)."""
        return Auction(self.dealer, tuple(TableCall(c.call) for c in self.calls))

    def with_call(self, call: TableCall) -> "Auction":
        return Auction(self.dealer, self.calls + (call,))

    def legal_calls(self) -> list[str]:
        """Every call the next player may make."""
        history = [c.call for c in self.calls]
        state = _auction_state(self.dealer, history)
        who = SEATS[(SEATS.index(self.dealer) + len(history)) % 4]
        return [c for c in ALL_CALLS if state.refusal(c, who) is None]

    def rounds(self) -> list[list[TableCall | None]]:
        """The auction as table rows in the order W, N, E, S (None before the dealer)."""
        cells: list[TableCall | None] = [None] * "WNES".index(self.dealer) + list(self.calls)
        return [cells[i:i + 4] for i in range(0, len(cells), 4)] or [[]]


def passes_to_end(history: Sequence[str]) -> int:
    """How many passes would end the auction now (0 if it has ended)."""
    if len(history) >= 4 and all(c == "P" for c in history[:4]) and len(history) == 4:
        return 0
    if any(c != "P" for c in history):
        trailing = len(history) - max(i for i, c in enumerate(history) if c != "P") - 1
        return max(0, 3 - trailing)
    return 4 - len(history)


@dataclass(frozen=True)
class _AuctionState:
    """Where an auction stands: the last bid, who made it, "", "X" or "XX" on it, and whether
    the auction has ended."""

    last_bid: str | None = None
    last_bid_by: str = ""
    doubled: str = ""
    ended: bool = False

    def refusal(self, call: str, who: str) -> str | None:
        """Why ``who`` may not make ``call`` now (Laws 18, 19 and 22), or None if they may."""
        if self.ended:
            return M_("{call} comes after the auction ended", call=Call(call).word)
        if call == "X":
            if self.last_bid is None:
                return M_("Double with no bid to double")
            if side_of(self.last_bid_by) == side_of(who):
                return M_("Double of own side's {bid}", bid=Call(self.last_bid).word)
            if self.doubled:
                return M_("Double of {bid}, which is already doubled", bid=Call(self.last_bid).word)
        elif call == "XX":
            if self.doubled != "X":
                return M_("Redouble without a double to redouble")
            if side_of(self.last_bid_by) != side_of(who):
                return M_("Redouble of the opponents' contract; only the doubled side may redouble")
        elif call != "P" and self.last_bid is not None and Call(call).rank <= Call(self.last_bid).rank:
            return M_("{call} is insufficient after {bid}", call=Call(call).word, bid=Call(self.last_bid).word)
        return None

    def after(self, call: str, who: str) -> "_AuctionState":
        if call in ("X", "XX"):
            return _AuctionState(self.last_bid, self.last_bid_by, call, self.ended)
        if call == "P":
            return self
        return _AuctionState(call, who, "", self.ended)


def _auction_state(dealer: str, history: Sequence[str]) -> _AuctionState:
    """The state after ``history``; raises a HuddleInputError naming the first illegal call
    (position and seat)."""
    state = _AuctionState()
    for i, call in enumerate(history):
        who = SEATS[(SEATS.index(dealer) + i) % 4]
        problem = state.refusal(call, who)
        if problem:
            raise HuddleInputError(M_("auction call {number} ({seat})", number=i + 1, seat=Seat(who).word), problem)
        state = replace(state.after(call, who), ended=passes_to_end(history[:i + 1]) == 0)
    return state


def check_legal(dealer: str, history: Sequence[str]) -> None:
    """Raise a HuddleInputError naming the first illegal call (position and seat)."""
    _auction_state(dealer, history)


def to_endplay_bid(call: str):
    from endplay.types import ContractBid, Denom, Penalty, PenaltyBid
    if call == "P":
        return PenaltyBid(Penalty.passed)
    if call == "X":
        return PenaltyBid(Penalty.doubled)
    if call == "XX":
        return PenaltyBid(Penalty.redoubled)
    return ContractBid(int(call[0]), {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts,
                                      "S": Denom.spades, "NT": Denom.nt}[call[1:]])


# A note or comment that records a call's tempo is the call's tempo mark, not an alert: it opens on
# the report ("break in tempo", "BIT", "hesitation", "hesitated", "slow pass", "huddle", "paused",
# "tanked", "thought for 20 s", "after a long pause"). A note that only uses such a word while
# explaining the call ("N would go slow with 4♠s") is the explanation it is.
_TEMPO_NOTE = re.compile(r"^\W*(?:break\s+in\s+tempo|tempo\s+break|bit|hesitat\w*|slow(?:ly)?(?:\s+(?:pass|bid|call|"
                         r"double|redouble|x|xx|[1-7](?:nt|[shdc♠♥♦♣])))?\s*(?:$|[(,.;:!]|\d)|huddled?\b|huddle\b|"
                         r"(?:a\s+)?(?:long\s+)?paus(?:e|ed)\b|tank(?:ed|s)?\b|thought\s+for\b|after\s+a\s+(?:long\s+)?"
                         r"(?:pause|hesitation|think|huddle)\b|\(?\d+\s*(?:s|secs?|seconds)\)?\s+(?:pause|hesitation|think|huddle|"
                         r"break)\b)", re.I)
_SECONDS = re.compile(r"(\d+)\s*(s|sec|secs|seconds)\b", re.I)


# a word about tempo anywhere in a note, and what makes such a note a statement about tempo rather
# than an explanation: who says it, a dispute, or the seconds
_TEMPO_WORD = re.compile(r"\b(?:paus(?:e|ed|es|ing)|hesitat\w*|tempo|huddl\w*|tank(?:ed|s)?|slow(?:ly|er)?|BIT|"
                         r"thought\s+(?:for|long)|long\s+think)\b", re.I)
_WHO = r"(?:N-?S|E-?W|North(?:-South)?|South|East(?:-West)?|West|[NESW])"
STATEMENT = re.compile(rf"^\s*(?P<who>{_WHO})\s+(?P<verb>says?|said|claims?|claimed|states?|stated|den(?:y|ies|ied)|"
                       r"agrees?|agreed|disputes?|disputed)\b", re.I)
_WHO_PAUSED = re.compile(rf"^\s*{_WHO}\s+(?:paused|hesitated|huddled|tanked|thought|was\s+slow|took)\b", re.I)
_DISPUTE = re.compile(r"\b(?:den(?:y|ies|ied)|disput\w*|disagree\w*|contest\w*|do(?:es)?\s+not\s+agree|"
                      r"no\s+(?:pause|hesitation|break|huddle))\b", re.I)


def is_tempo_note(text: str | None, lang: Catalog) -> bool:
    """True when a note says the call was made out of tempo."""
    return tempo_reading(text, lang) == "tempo"


def tempo_reading(text: str | None, lang: Catalog) -> str:
    """What a file's note on a call is, read in English and ``lang``: "tempo" (a mark or a
    statement about tempo: who says it, a dispute, the seconds), "unclear" (it speaks of tempo but
    reads as an explanation too: the director decides), or "explanation"."""
    if not text:
        return "explanation"
    words = TempoWords.of(lang)
    parts = re.split(r"[;.]\s*", text)
    said = any(STATEMENT.match(p) or _WHO_PAUSED.match(p) for p in parts)
    if _TEMPO_NOTE.search(text) or words.is_mark(text) or words.is_seconds(text) or words.gives_seconds(text) \
            or (said and (_SECONDS.search(text) or words.seconds_in(text) is not None)):
        return "tempo"
    if not (_TEMPO_WORD.search(text) or words.mentions_slowness(text)):
        return "explanation"
    if said or _DISPUTE.search(text) \
            or _SECONDS.search(text) or words.seconds_in(text) is not None:
        return "tempo"
    return "unclear"


def tempo_disputed(text: str | None) -> bool:
    """Does a statement about tempo record that the sides dispute it ("N-S deny any pause")?"""
    return bool(text) and bool(_DISPUTE.search(text or ""))


def given_seconds(note: str, lang: Catalog) -> int | None:
    """The seconds a note gives ("thought for 20 s", „etwa 20 Sekunden“), however many."""
    english = _SECONDS.search(note)
    return int(english.group(1)) if english else TempoWords.of(lang).seconds_in(note)


def note_seconds(note: str, lang: Catalog) -> int | None:
    """The seconds a note gives, None beyond an hour (a file's note is kept, its figure not believed)."""
    seconds = given_seconds(note, lang)
    return seconds if seconds is not None and seconds <= MAX_SECONDS else None


def annotated_call(name: str, note: str | None, lang: Catalog, alerted: bool = False) -> TableCall:
    """A call read from a file with its note, in English or ``lang``: a note about tempo becomes
    the tempo mark (with the seconds when the note gives them, and the note itself when it says
    more than the mark), never an alert; a note that cannot be told apart is kept as the
    explanation and marked for the director; any other note is the alert's explanation."""
    reading = tempo_reading(note, lang)
    if note is not None and reading == "tempo":
        only_a_mark = (_TEMPO_NOTE.match(note) or TempoWords.of(lang).is_mark(note) or TempoWords.of(lang).is_seconds(note)) \
            and not tempo_disputed(note)
        return TableCall(name, tempo_break=True, tempo_seconds=note_seconds(note, lang),
                         tempo_note=None if only_a_mark else note)
    return TableCall(name, alerted=alerted or note is not None, explanation=note or None,
                     tempo_note=note if reading == "unclear" else None)


# ---------------------------------------------------------------- an auction typed as one line
#
# An auction typed as one line, the way a director notes it at the table on a phone:
#
#     1H 1S 2H 2S P(slow 10s) P 3H P P P
#     1NT P 2D!(transfer) P 2H P P P            "!" alerts; "(…)" after a call says what happened
#     1♥ Contre 2SA! Passe tout                 symbols, or the words of the director's language
#     1S P 2H* P 4S All Pass                    "*" marks a slow call; "AP" or "All pass" ends it
#
# After a call, in brackets: a word for slowness in the director's language or English ("slow",
# "lent", "langsam", "traag" …) with the seconds if known ("slow 10s", "20 Sek."), "alert", and
# anything else is the explanation given ("transfer to hearts"); parts are separated by commas. A
# letter is read in the director's language first, then in English (analysis.vocabulary), because
# the same letter is another suit in another language (C: clubs in English, cœur in French).
#
#     read_auction_line("1H 1S 2H 2S P(slow 10s) P 3H P P P", "N", ENGLISH)    # call 5 slow

TOKEN = re.compile(r"\s*([^\s(]+)(?:\s*\(([^)]*)\))?")
MAX_CALLS = 60
MAX_LINE = 2000           # characters: a long auction with its notes is a few hundred


def read_call(word: str, lang: Catalog, where: str = "auction") -> Call:
    """One call in the director's language, in English or in symbols: "1♥", "1H" (English), "1C"
    (French: cœur), "Contre", "Passe", "2SA"; refused in words, naming ``where``."""
    return Call.read(word.strip(), lang, where)


def read_auction_line(text: str, dealer: str, lang: Catalog) -> Auction:
    """The auction a line of calls describes, each with what the brackets after it say; refused
    when a call is unreadable or illegal, naming the call by its number."""
    if len(str(text)) > MAX_LINE:
        raise HuddleInputError("auction", M_("at most {most} characters", most=MAX_LINE))
    calls: list[TableCall] = []
    words = TempoWords.of(lang)
    rest = words.ends_auction(str(text)).strip()
    while rest:
        match = TOKEN.match(rest)
        if match is None or not match.group(1):
            raise HuddleInputError("auction", M_("cannot read '{text}'", text=AsTyped(rest[:20])))
        word, notes = match.group(1).strip(","), match.group(2)
        rest = rest[match.end():].lstrip().lstrip(",").lstrip()
        if not word:
            continue
        if word.upper() == "AP":                 # all pass: the passes that end the auction
            calls.extend(TableCall("P") for _ in range(passes_to_end([c.call for c in calls])))
            continue
        position = len(calls) + 1
        if position > MAX_CALLS:
            raise HuddleInputError("auction", M_("at most {most} calls", most=MAX_CALLS))
        alerted, slow = "!" in word, "*" in word
        call = read_call(word.replace("!", "").replace("*", ""), lang, M_("auction call {number}", number=position))
        calls.append(_call(call, alerted, slow, notes, position, lang))
    return Auction(dealer, tuple(calls))          # the auction checks its own legality, naming the call


LAST_CALL = re.compile(r"([^\s(]+?)([!*]*)(\s*\([^)]*\))?\s*$")      # a line's last call, its marks and notes


def line_with_mark(line: str, mark: str, note: str = "") -> str:
    """The auction line with its last call marked ("!" alerted, "*" slow), once, before its notes,
    and ``note`` added to them: "1♥ Pass(10s)" → "1♥ Pass*(10s)"; "1♥ Passe" with "10 Sek." →
    "1♥ Passe*(10 Sek.)". A line longer than any auction (MAX_LINE) is left as it is: the reader
    refuses it, and its last call is never searched for (a search that would cost the square of
    its length)."""
    last = LAST_CALL.search(line) if len(line) <= MAX_LINE else None
    if last is None:
        return line
    marks = last.group(2) if mark in last.group(2) else last.group(2) + mark
    notes = last.group(3) or ""
    if note:
        notes = f"({notes.strip()[1:-1]}, {note})" if notes.strip() else f"({note})"
    return line[:last.start()] + last.group(1) + marks + notes


def line_without_last_call(line: str) -> str:
    """The auction line without its last call (with that call's marks and notes); a line longer
    than any auction as it is."""
    if len(line) > MAX_LINE:
        return line
    last = LAST_CALL.search(line)
    return line[:last.start()].rstrip() if last is not None else ""


def _call(call: str, alerted: bool, slow: bool, notes: str | None, position: int, lang: Catalog) -> TableCall:
    """A call of the line with what its brackets say, each part read for what it is, as a file's
    note is (``tempo_reading``): a tempo statement (a word for slowness, the seconds, a number
    alone), an alert, or the explanation given (begun with "=" to say so). A part that speaks of
    tempo and reads as an explanation too is asked about, never filed as one or the other."""
    words = TempoWords.of(lang)
    seconds, explanation, tempo_note = None, "", []
    for part, separator in _parts(notes or ""):
        reading = "explanation" if part.startswith("=") else "tempo" if BARE_SECONDS.match(part) else \
            tempo_reading(part, lang)
        if reading == "tempo":
            slow = True
            found = int(part) if BARE_SECONDS.match(part) else given_seconds(part, lang)
            seconds = found if found is not None else seconds
            if not (words.is_slow(part) or words.is_seconds(part) or BARE_SECONDS.match(part)):
                tempo_note.append(part)          # more than a mark: who says it, how long, a dispute
        elif words.is_alert(part):
            alerted = True
        elif reading == "unclear" and slow:
            tempo_note.append(part)              # the call is marked slow: what its note says of the tempo
        elif reading == "unclear":
            raise HuddleInputError(M_("auction call {number}", number=position), M_(
                "'{part}' may say the call was slow, or explain it: put * after the call for a break in tempo, or "
                "begin the note with = for the explanation given", part=AsTyped(part[:60])))
        else:
            explanation += part.lstrip("=").strip() + separator
    if seconds is not None and not 0 <= seconds <= MAX_SECONDS:
        raise HuddleInputError(M_("auction call {number}", number=position),
                               M_("{seconds} seconds: give 0 to 3600", seconds=seconds))
    return TableCall(call, alerted=alerted, explanation=explanation.strip(" ,;") or None, tempo_break=slow,
                     tempo_seconds=seconds, tempo_note=", ".join(tempo_note) or None)


BARE_SECONDS = re.compile(r"^\d{1,4}$")     # "P(15)": a number alone after a call is its seconds


def _parts(notes: str) -> list[tuple[str, str]]:
    """The parts of a call's brackets, each with the separator typed after it (kept in an
    explanation as typed: "naturel, faible" stays so)."""
    pieces = re.split(r"([,;])", notes)
    return [(pieces[i].strip(), pieces[i + 1] + " " if i + 1 < len(pieces) else "")
            for i in range(0, len(pieces), 2) if pieces[i].strip()]


def read_back(call: TableCall) -> Message:
    """A call as the line was read, each note said as what it was taken for: « Passe — pause :
    15 secondes », "2♦! — explanation: transfer"."""
    said: list = []
    if call.tempo_break:
        said.append(MP_("pause: {n} second", "pause: {n} seconds", n=call.tempo_seconds)
                    if call.tempo_seconds is not None else N_("pause"))
    if call.tempo_note:
        said.append(M_("about its tempo: {note}", note=AsTyped(call.tempo_note)))
    if call.explanation:
        said.append(M_("explanation: {explanation}", explanation=AsTyped(call.explanation)))
    elif call.alerted:
        said.append(N_("alerted"))
    shown = Message("{call}{alert}", call=Call(call.call).word, alert="!" if call.alerted else "")
    return M_("{call} — {notes}", call=shown, notes=Listed(tuple(said), "; ")) if said else shown
