"""PBN 2.1 (Portable Bridge Notation, T. Veugen and K. G. Backas, 2007), read and written.

``loads`` reads every game of a file on its own: a game Huddle cannot read is refused with a
message naming the board, its position in the file and the line, and the other games are still
read. ``dumps`` writes games in the standard's export format. The API mirrors json's
load/loads/dump/dumps::

    from analysis.files import pbn
    read = pbn.loads(open("session.pbn", "rb").read(), lang=ENGLISH)
    read.games[0].board.auction            # the auction with its alerts and tempo marks
    read.problems                          # the boards refused, each with board, position and line

What the standard says and how it is read here (section numbers are the standard's):
games are separated by a semi-empty line outside a comment (3); ``%`` in the first column
escapes the line (2.4); ``;`` and ``{}`` are comments (3.8); a repeated tag is ignored (3.4),
except Note; ``#`` takes the tag's value from the nearest previous game and ``##text`` sets it
for the games that follow (4.8); ``?`` is an unknown value (3.4); the Auction tag names the
first caller, and ``-`` stands for each player before the dealer (3.5); ``AP`` is all pass;
suffixes ``!`` ``?`` and NAGs ``$n`` are annotations, not alerts (3.5.3); a note reference
``=n=`` is an alert explained by the auction section's Note tag n (3.5.4-5); play notes are
numbered apart (3.6.5); nothing may follow the ``*`` or ``+`` that ends an auction or a play.
Readings beyond the standard: a game with a table's auction or result but no deal, board, dealer
or vulnerability of its own, after a board that was read, is that board at another table (the
two-table layout of rpbridge.net files); ``*`` written against a call with more calls after it
("4C* P 4H") is the alert mark Bridge Bid Analyser writes, not the end of the auction; ``--`` in a
play is ``-``; N-S and E-W are vulnerabilities; a ``}`` with no comment open is passed over with a
warning; a play of all 13 tricks gives the result when [Result] is missing, and is checked
against it when not.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import IO, Any, Iterable, Iterator, Sequence

from analysis.bridge import (SEATS, Auction, Board, TableCall, annotated_call, check_legal, contract_parts, deal_pbn,
                             dealer_for_board, hand_cards, hand_suits, is_tempo_note, parse_call, parse_deal, passes_to_end,
                             seat, seats_from, side_of, trick_winners, tricks_from_play, vulnerability, vulnerability_for_board)
from analysis.bridge.play import Play, played_order
from analysis.errors import HuddleInputError
from analysis.bridge.table_results import FieldRow, field_row
from analysis.files.text import CONTROL, decode
from analysis.language import AsTyped, ContractWords, Count, Listed, M_, Message
from analysis.vocabulary import Call, CardChoice, Catalog, Seat

_SUIT_ESCAPES = {"\\S": "♠", "\\H": "♥", "\\D": "♦", "\\C": "♣"}
# Tags whose value may not be inherited with "#" or "##" (4.8)
_NOT_INHERITED = {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
# A second game starts at a repeated identity tag even without the empty line some programs omit
_STARTS_GAME = {"Board", "Deal"}


# ---------------------------------------------------------------- what a file holds

@dataclass(frozen=True)
class BoardProblem:
    """A game of the file that was not read, with where it is and why."""

    position: int                 # the game's position in the file (1 = first)
    board: str | None             # the Board tag, as written
    line: int                     # the line of the problem
    problem: str

    def words(self) -> Message:
        """Where the game is and why it was not read, in words each language says."""
        if self.board:
            return M_("board {board} (game {position} of the file), line {line}: {problem}", board=AsTyped(self.board),
                      position=self.position, line=self.line, problem=self.problem)
        return M_("a board without a number (game {position} of the file), line {line}: {problem}", position=self.position,
                  line=self.line, problem=self.problem)

    def __str__(self) -> str:
        return str(self.words())


@dataclass(frozen=True)
class Game:
    """One game read from a file: the board and what the file says about it."""

    board: Board
    position: int = 1
    line: int = 1
    label: str | None = None               # the Board tag as written ("12", "3a")
    event: str | None = None
    site: str | None = None
    date: str | None = None
    scoring: str | None = None
    room: str | None = None
    players: dict = field(default_factory=dict)     # seat -> name
    contract: str | None = None            # "4SX", "3NT", "PASS"
    declarer: str | None = None
    tricks: int | None = None              # declarer's tricks (Result)
    ns_score: int | None = None            # the Score tag, for North-South
    play_leader: str | None = None
    play: tuple[tuple[str | None, ...], ...] = ()   # tricks, cards by seat from the leader's column
    score_table: tuple[FieldRow, ...] = ()
    # written only: the table's assigned score under the ruling in force, on the ScoreTable's first
    # row, as (the column's kind "MP" or "IMP", North-South's value, East-West's value)
    assigned: tuple[str, str, str] | None = None
    # written only: each side's procedural penalty (Law 90) beside it, in the same unit, kept apart
    # from the board's score as the scoring programs keep it: (North-South's, East-West's), "-" for none
    penalties: tuple[str, str] | None = None
    commentary: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    tags: dict = field(default_factory=dict)        # every tag's value after inheritance

    @property
    def name(self) -> str:
        where = f" ({self.room.lower()} room)" if self.room else ""
        return f"board {self.label or '?'}{where}"


@dataclass(frozen=True)
class GameFile:
    """Everything read from one file: the games read and the games refused."""

    games: tuple[Game, ...]
    problems: tuple[BoardProblem, ...]
    encoding: str = "utf-8"

    def game(self, board: int | None = None, room: str | None = None, position: int | None = None) -> Game:
        """One game, chosen by board number (and room when the file has both tables) or by position."""
        return choose_game(self.games, self.problems, board, room, position, "PBN")


def choose_game(games: Sequence, problems: Sequence, board: int | None, room: str | None,
                position: int | None, what: str):
    """The game a director asked for, or an error that says what the file holds."""
    if position is not None:
        chosen = [g for g in games if g.position == position]
        refused = [p for p in problems if p.position == position]
        where = M_("game {number}", number=position)
    else:
        chosen = [g for g in games if board is None or g.board.number == board]
        refused = [p for p in problems if board is not None and p.board == str(board)]
        where = M_("board {number}", number=board) if board is not None else M_("a board")
        if room:
            chosen = [g for g in chosen if (g.room or "").lower().startswith(room.lower()[0])]
            where = M_("{where} ({room} room)", where=where, room=AsTyped(room))
    if len(chosen) == 1:
        return chosen[0]
    if not chosen:
        if refused:
            raise HuddleInputError(what, M_("{where} was refused: {refused}", where=where, refused=refused[0]))
        boards = sorted({g.board.number for g in games if g.board.number is not None})
        raise HuddleInputError("game" if position is not None else "board", (M_("the file has no {where}; it holds boards {boards}",
                                                                                where=where, boards=", ".join(map(str, boards)))
                                                                             if boards else
                                                                             M_("the file has no {where}; its boards have no numbers",
                                                                                where=where)))
    rooms = Listed(tuple(AsTyped(g.room) if g.room else M_("game {number}", number=g.position) for g in chosen))
    raise HuddleInputError("room", M_("the file has {count} games of {where} ({rooms}); name the room (open or closed) or the game's "
                                      "position", count=len(chosen), where=where, rooms=rooms))


# ---------------------------------------------------------------- reading text

@dataclass
class _Item:
    kind: str            # "tag", "token", "string", "comment"
    text: str
    line: int
    value: str = ""      # a tag's value


# a value is runs of plain characters between escapes ("unrolled"): the regex engine keeps no
# backtracking state per character, so a 7 MB value costs 7 MB, not 1.2 GB
_VALUE = r'([^"\\\n]*(?:\\.[^"\\\n]*)*)'
_TAG = re.compile(r'\[[ \t\n]*([A-Za-z0-9_]+)[ \t\n]*"' + _VALUE + r'"[ \t\n]*\]')
_STRING = re.compile(r'"' + _VALUE + r'"')
_TOKEN = re.compile(r'[^\s\[\]{};"]+')


def _unescape(value: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", value) if "\\" in value else value


def _note_suits(text: str) -> str:
    """A note's text (a tag value, already unescaped): \\S \\H \\D \\C as suit symbols, every other
    backslash as written (PBN 2.1 escapes a backslash in a tag value once, as \\\\)."""
    return re.sub(r"\\([SHDC])", lambda m: _SUIT_ESCAPES[m.group(0)], text)


def _suits(text: str) -> str:
    """\\S \\H \\D \\C as suit symbols (3.8); a doubled backslash is a backslash."""
    return re.sub(r"\\(\\|[SHDC])", lambda m: _SUIT_ESCAPES.get(m.group(0), "\\"), text)


MAX_GAME_ITEMS = 150_000       # tags, tokens and comments in one game: a board's few hundred results fit many times
_SPACE = re.compile(r"\s+")    # every white space, NEL and the Unicode separators too
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")


def _split_games(text: str) -> Iterator[tuple[list[_Item], str | None]]:
    """The file cut into games, each a list of items (and a problem that stops the game), one at
    a time as each game ends: a file of fifty thousand games is never held as items all at once,
    and a game of more than MAX_GAME_ITEMS entries (a ScoreTable or a play of hundreds of
    thousands) is refused as soon as it passes the bound, its rest skipped to the next blank line."""
    items: list[_Item] = []
    broken: tuple[int, Message] | None = None       # the first thing that breaks the game: its line and why
    line, i, n = 1, 0, len(text)
    done: list[tuple[list[_Item], str | None]] = []

    def close():
        nonlocal items, broken
        if items or broken:
            done.append((items, broken))
        items, broken = [], None

    while i < n:
        if done:
            yield done.pop(0)
        if len(items) > MAX_GAME_ITEMS:
            broken = broken or (line, M_("the game holds more than {most} entries (tags, calls, cards, results); a board's "
                                         "results are a few hundred at most", most=Count(MAX_GAME_ITEMS)))
            skip = _BLANK_LINE.search(text, i)
            end = n if skip is None else skip.start()
            line += text.count("\n", i, end)
            items, i = [t for t in items[:1000] if t.kind == "tag"], end      # its tags name the board
            continue
        ch = text[i]
        at_line_start = i == 0 or text[i - 1] == "\n"
        if ch == "%" and at_line_start:
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif ch.isspace():
            j = m.end() if (m := _SPACE.match(text, i)) else i + 1
            newlines = text.count("\n", i, j)
            line += newlines
            if newlines >= 2 or (newlines == 1 and i == 0):
                close()
            i = j
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                broken = broken or (line, M_("a comment opened with {brace} is never closed", brace="{"))
                end = n - 1
            items.append(_Item("comment", text[i + 1:end], line))
            line += text.count("\n", i, end)
            i = end + 1
        elif ch == ";":
            end = text.find("\n", i)
            end = n if end < 0 else end
            items.append(_Item("comment", text[i + 1:end], line))
            i = end
        elif ch == "[":
            m = _TAG.match(text, i)
            if not m:
                end = text.find("]", i)
                stop = text.find("\n", i)
                end = end if 0 <= end and (stop < 0 or end < stop) else (n - 1 if stop < 0 else stop - 1)
                broken = broken or (line, M_("'{text}' is not a tag (a tag is [Name \"value\"])",
                                             text=AsTyped(text[i:end + 1][:40])))
                i = end + 1
                continue
            name = m.group(1)
            if name in _STARTS_GAME and any(t.kind == "tag" and t.text == name for t in items):
                close()
            items.append(_Item("tag", name, line, _unescape(m.group(2))))
            line += m.group(0).count("\n")
            i = m.end()
        elif ch == '"':
            m = _STRING.match(text, i)
            if not m:
                broken = broken or (line, M_("a string opened with \" is never closed on its line"))
                end = text.find("\n", i)
                i = n if end < 0 else end
                continue
            items.append(_Item("string", _unescape(m.group(1)), line))
            i = m.end()
        elif ch == "}":
            items.append(_Item("stray", ch, line))    # a '}' with no comment open holds nothing: said, passed over
            i += 1
        elif ch == "]":
            broken = broken or (line, M_("']' without its opening bracket"))
            i += 1
        else:
            m = _TOKEN.match(text, i)
            assert m is not None        # this character is none of the others: a token starts here
            items.append(_Item("token", m.group(0), line))
            i = m.end()
    close()
    yield from done


# ---------------------------------------------------------------- one game

@dataclass
class _Sections:
    tags: dict                                   # name -> (value, line), first occurrence only
    auction: list = field(default_factory=list)  # items after the Auction tag
    play: list = field(default_factory=list)
    auction_notes: dict = field(default_factory=dict)
    play_notes: dict = field(default_factory=dict)
    stray_notes: dict = field(default_factory=dict)
    tables: dict = field(default_factory=dict)   # supplemental section name -> (columns, items)
    commentary: list = field(default_factory=list)
    stray_braces: list = field(default_factory=list)   # lines of a '}' with no comment open


def _sections(items: list[_Item]) -> _Sections:
    out = _Sections(tags={})
    current = None
    for item in items:
        if item.kind == "stray":
            out.stray_braces.append(item.line)
        elif item.kind == "tag":
            if item.text == "Note":
                number, _, text = item.value.partition(":")
                notes = {"Auction": out.auction_notes, "Play": out.play_notes}.get(current or "", out.stray_notes)
                if number.strip().isdecimal() and len(number.strip()) <= 6:
                    notes.setdefault(int(number), (_note_suits(text.strip()), item.line))
                continue
            current = item.text
            if item.text in out.tags:
                current = None            # a repeated tag is ignored (3.4), and so is its section
                continue
            out.tags[item.text] = (item.value, item.line)
            if item.text.endswith("Table"):
                out.tables[item.text] = (item.value, [])
        elif current == "Auction":
            out.auction.append(item)
        elif current == "Play":
            out.play.append(item)
        elif current in out.tables:
            if item.kind != "comment":
                out.tables[current][1].append(item)
        elif item.kind == "comment":
            out.commentary.append(_suits(item.text.strip()))
    return out


def _add_call(names: list[str], refs: list, comments: list, lines: list[int], name: str, line: int) -> None:
    """One call read from an auction section, with no note reference or comment yet."""
    names.append(name)
    refs.append(None)
    comments.append([])
    lines.append(line)


class _Refused(Exception):
    def __init__(self, line: int, problem: str):
        self.line, self.problem = line, problem


def _value(tags: dict, name: str) -> tuple[str | None, int]:
    """A tag's value (None when absent, unknown "?" or empty) and its line."""
    value, line = tags.get(name, (None, 0))
    value = None if value is None else value.strip()
    return (None if value in (None, "", "?") else value), line


_CALL_PART = re.compile(r"=(\d+)=|\$(\d+)|([!?]{1,2})|(\*)|(\+)|\^([A-Za-z])|([A-Za-z0-9-]+)|(.)")


def _auction(sec: _Sections, dealer: str | None, warnings: list[str], lang: Catalog) -> tuple[str, list[TableCall]]:
    first_text, tag_line = _value(sec.tags, "Auction")
    try:
        first = seat(first_text or dealer or "", "Auction")
    except HuddleInputError:
        raise _Refused(tag_line, M_("[Auction \"{value}\"] must name the first caller: N, E, S or W", value=first_text or '')) from None
    names: list[str] = []
    refs: list[int | None] = []
    comments: list[list[str]] = []
    lines: list[int] = []
    skipped = 0
    ended = marked = False
    alerts: set[int] = set()
    for item in sec.auction:
        if item.kind == "comment":
            if comments:
                comments[-1].append(_suits(item.text.strip()))
            continue
        if item.kind == "string":
            raise _Refused(item.line, M_("a quoted text \"{text}\" in the auction is not a call", text=AsTyped(item.text[:30])))
        for m in _CALL_PART.finditer(item.text):
            ref, nag, suffix, star, plus, irregular, word, other = m.groups()
            if marked or (ended and (word or irregular)):
                raise _Refused(item.line, M_("'{group}' comes after the end of the auction", group=AsTyped(m.group(0))))
            if ref is not None:
                if not names:
                    raise _Refused(item.line, M_("note ={ref}= before the first call", ref=ref))
                refs[-1] = int(ref)
            elif nag is not None or suffix is not None:
                if not names and not skipped:
                    raise _Refused(item.line, M_("annotation '{group}' before the first call", group=AsTyped(m.group(0))))
            elif star and m.start() > 0 and names and not ended and item.text[:m.start()].strip("!?"):
                alerts.add(len(names) - 1)    # "4C*": BBA's alert mark on the call it follows
            elif star or plus:
                ended = marked = True       # "AP *" is one end; anything after the mark is not
            elif irregular is not None:
                what = {"I": M_("an insufficient bid accepted (^I)"), "S": M_("a call out of rotation accepted (^S)")}.get(
                    irregular.upper(), M_("the irregularity ^{mark}", mark=AsTyped(irregular)))
                raise _Refused(item.line, M_("call {count} records {what}; Huddle reads legal auctions only (enter the case by hand "
                                             "with the auction as it stood)", count=len(names) + 1, what=what))
            elif other is not None:
                raise _Refused(item.line, M_("'{other}' is not a call or an annotation", other=AsTyped(other)))
            elif word == "-":
                if names:
                    raise _Refused(item.line, M_("'-' after the first call (call {count})", count=len(names) + 1))
                skipped += 1
            elif word.upper() == "AP":
                for _ in range(passes_to_end(names)):
                    _add_call(names, refs, comments, lines, "P", item.line)
                ended = True
            else:
                try:
                    name = parse_call(word, f"call {len(names) + 1}").value
                except HuddleInputError as exc:
                    raise _Refused(item.line, exc.problem_message) from None
                _add_call(names, refs, comments, lines, name, item.line)
    caller = SEATS[(SEATS.index(first) + skipped) % 4]
    if dealer is not None and names and caller != dealer:
        raise _Refused(tag_line, M_("the first call is {seat}'s but the dealer is {seat2}", seat=Seat(caller).word,
                                    seat2=Seat(dealer).word))
    dealer = dealer or caller
    for k in range(1, len(names) + 1):
        try:
            check_legal(dealer, names[:k])
        except HuddleInputError as exc:
            raise _Refused(lines[k - 1], M_("{field}: {problem}", field=exc.named, problem=exc.problem_message)) from None
    table = sec.auction_notes or sec.stray_notes
    calls = []
    ours = "HuddleId" in sec.tags
    for k, (name, ref, remarks) in enumerate(zip(names, refs, comments)):
        note = None
        if ref is not None:
            if ref in table:
                note = table[ref][0]
            else:
                warnings.append(M_("call {number} refers to note {ref}, which the file does not give", number=k + 1, ref=AsTyped(ref)))
        alerted = ref is not None or k in alerts
        # a file Huddle wrote keeps tempo in comments, so each of its notes is an alert's explanation
        read = TableCall(name, alerted=True, explanation=note or None) if ours and note is not None else \
            annotated_call(name, note, lang, alerted=alerted)
        calls.append(_call_with_comments(read, remarks, lang))
    return dealer, calls


def _call_with_comments(call: TableCall, remarks: list[str], lang: Catalog) -> TableCall:
    """Comments after a call: Huddle writes "Remark: …", "Explanation: …" (given without an
    alert), "Agreement: …" (the partnership's actual agreement) and tempo reports there."""
    fields: dict[str, Any] = {}
    for text in remarks:
        label, _, rest = text.partition(":")
        key = label.strip().lower()
        if key in ("remark", "explanation", "agreement") and rest.strip():
            fields[{"agreement": "correct_explanation"}.get(key, key)] = rest.strip()
        elif is_tempo_note(text, lang):
            # the tempo mark alone: a remark at the table is a different kind of UI (Law 73B1)
            tempo = annotated_call(call.call, text, lang)
            fields["tempo_break"], fields["tempo_seconds"] = True, tempo.tempo_seconds
            if tempo.tempo_note:
                fields["tempo_note"] = tempo.tempo_note
    return replace(call, **fields)


TEMPO_COMMENT = "Break in tempo"     # how Huddle writes a tempo mark after a call


_CARD = re.compile(r"^([SHDCshdc])([AKQJTakqjt2-9]|10)$")


def _check_continuation(tricks, leader: str, contract: str, at: int, line: int) -> None:
    """Cards in the trick where play is to continue ("+") must come before that player in turn."""
    t, column = divmod(at, 4)
    winners = trick_winners(tricks[:t], leader, contract)
    if len(winners) < t:
        return                          # who led that trick is not known: nothing to check against
    columns = seats_from(leader)
    led = winners[-1] if winners else leader
    turn = lambda k: (SEATS.index(columns[k]) - SEATS.index(led)) % 4  # noqa: E731
    for k, card in enumerate(tricks[t]):
        if card is not None and turn(k) > turn(column):
            raise _Refused(line, M_("trick {t}: {card} is shown played by {seat}, who plays after {seat2}, the player still to play "
                                    "('+')", t=t + 1, card=card, seat=Seat(columns[k]).word, seat2=Seat(columns[column]).word))


def _has_cards(sec: _Sections) -> bool:
    return any(item.kind == "token" and item.text.strip() for item in sec.play)


def _play(sec: _Sections, deal, leader_text: str | None, line: int, warnings: list[str], contract: str | None = None):
    try:
        leader = seat(leader_text or "", "Play")
    except HuddleInputError:
        raise _Refused(line, M_("[Play \"{value}\"] must name the opening leader: N, E, S or W", value=leader_text or '')) from None
    cards: list[str | None] = []
    ended = False
    to_continue = None                  # where "+" stands: the rest of its trick may still be written
    for item in sec.play:
        if item.kind != "token":
            continue
        for m in _CALL_PART.finditer(item.text):
            ref, nag, suffix, star, plus, irregular, word, other = m.groups()
            in_trick = to_continue is not None and len(cards) % 4 != 0
            if (ended and (star or plus or word)) or (to_continue is not None and (plus or not in_trick and word)):
                raise _Refused(item.line, M_("'{group}' comes after the end of the play", group=AsTyped(m.group(0))))
            if star:
                ended = True
            elif plus:                  # the player to play next (3.6.4): a place in the trick, no card
                to_continue = len(cards)
                cards.append(None)
            elif word in ("-", "--"):        # "--" is a common spelling of PBN's "-"
                cards.append(None)
            elif word:
                c = _CARD.match(word)
                if not c:
                    raise _Refused(item.line, M_("'{word}' in the play is not a card (e.g. SK, H2, or - for unknown)", word=AsTyped(word)))
                cards.append(c.group(1).upper() + c.group(2).upper().replace("10", "T"))
    tricks = tuple(tuple(cards[i:i + 4]) for i in range(0, len(cards), 4))
    if len(tricks) > 13:
        raise _Refused(line, M_("the play has {count} tricks (13 at most)", count=len(tricks)))
    if to_continue is not None and contract:
        _check_continuation(tricks, leader, contract, to_continue, line)
    order = seats_from(leader)
    hands = {s: hand_suits(deal, s) for s in SEATS}
    seen = set()
    for t, trick in enumerate(tricks, 1):
        for who, card in zip(order, trick):
            if card is None:
                continue
            if card in seen:
                raise _Refused(line, M_("{card} is played twice (trick {t})", card=card, t=t))
            seen.add(card)
            held = hands[who]
            if held is not None and card[1] not in held[card[0]]:
                warnings.append(M_("trick {t}: {seat} is shown playing {card}, which the deal does not give {seat}; the play "
                                   "is left out", t=t, seat=Seat(who).word, card=CardChoice(card)))
                return leader, ()
    parts = contract_parts(contract) if contract and contract != "PASS" else None
    if parts is not None and all(hands[s] is not None for s in SEATS):
        declarer = SEATS[(SEATS.index(leader) + 3) % 4]
        strain = parts[0][1:]
        try:
            Play(strain, declarer, played_order(tricks, strain, declarer)).check(
                {s: hand_cards(deal, s) for s in SEATS})
        except HuddleInputError as exc:
            warnings.append(M_("the play shown breaks the rules ({problem}); the play is left out", problem=exc.problem_message))
            return leader, ()
    return leader, tricks


_RESULT = re.compile(r"^\^?\s*(?:(\d+)|(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?)$", re.I)


def _tricks(text: str | None, declarer: str | None, line: int) -> int | None:
    """Declarer's tricks from "9", "NS 9", "EW 4", "NS 9 EW 4" (3.4.15)."""
    if text is None:
        return None
    m = _RESULT.match(text.strip())
    if not m:
        raise _Refused(line, M_("[Result \"{text}\"] is not a number of tricks (e.g. 9, or NS 9 EW 4)", text=text))
    if m.group(1) is not None:
        value = int(m.group(1))
    else:
        given = {m.group(2).upper(): int(m.group(3))}
        if m.group(4):
            given[m.group(4).upper()] = int(m.group(5))
        if len(given) == 2 and sum(given.values()) != 13:
            raise _Refused(line, M_("[Result \"{text}\"]: the two sides' tricks add up to {sum}, not 13", text=text,
                                    sum=sum(given.values())))
        if declarer is None:
            return None
        side = side_of(declarer)
        value = given[side] if side in given else 13 - given["EW" if side == "NS" else "NS"]
    if not 0 <= value <= 13:
        raise _Refused(line, M_("[Result \"{text}\"]: {value} tricks is impossible (0 to 13)", text=text, value=value))
    return value


def _tricks_with_play(tricks, play, leader, contract, declarer, line, warnings) -> int | None:
    """A play of all 13 tricks gives the result when the file has none, and is checked against
    the one it has (a revoke's transferred tricks, Law 64, are a reason they may differ)."""
    if not play or contract in (None, "PASS"):
        return tricks
    played = tricks_from_play(play, leader, contract, declarer)
    if played is not None and tricks is not None and played != tricks:
        warnings.append(M_("line {line}: [Result \"{tricks}\"] differs from the {played} tricks the play shows (a revoke "
                           "penalty, or a mistake in the file); the Result is taken", line=line, tricks=tricks, played=played))
    return tricks if tricks is not None else played


def _contract(tags: dict) -> tuple[str | None, str | None]:
    text, line = _value(tags, "Contract")
    declarer_text, dline = _value(tags, "Declarer")
    if text is None:
        return None, None
    if text.lower() in ("pass", "ap", "passed out", "all pass"):
        return "PASS", None
    parts = contract_parts(text)
    if parts is None:
        raise _Refused(line, M_("[Contract \"{text}\"] is not a contract (e.g. 4SX, 3NT, Pass)", text=text))
    contract = "".join(parts)
    if declarer_text is None:
        raise _Refused(dline or line, M_("[Contract \"{text}\"] needs a [Declarer] (N, E, S or W)", text=text))
    try:
        declarer = seat(declarer_text.lstrip("^"), "Declarer")
    except HuddleInputError:
        raise _Refused(dline, M_("[Declarer \"{declarer_text}\"] must be N, E, S or W", declarer_text=declarer_text)) from None
    return contract, declarer


def _ns_score(tags: dict, declarer: str | None) -> int | None:
    """North-South's score from [Score "NS 420"], "EW -420", "NS 420 EW -420" or declarer's "420" (4.2.1)."""
    text, line = _value(tags, "Score")
    if text is None:
        return None
    m = re.match(r"^(?:(NS|EW)\s+)?([+-]?\d{1,5})(?:\s+(?:NS|EW)\s+[+-]?\d{1,5})?$", text.strip(), re.I)
    if not m or int(m.group(2)) % 10:
        raise _Refused(line, M_("[Score \"{text}\"] is not a score (e.g. NS 420)", text=text))
    side = (m.group(1) or (side_of(declarer) if declarer else "")).upper()
    if not side:
        return None
    return int(m.group(2)) * (1 if side == "NS" else -1)


def _board_number(label: str | None) -> int | None:
    return int(label) if label is not None and label.isdecimal() and len(label) <= 9 and int(label) > 0 else None


def _game(sec: _Sections, position: int, first_line: int, lang: Catalog) -> Game:
    tags = sec.tags
    label, _ = _value(tags, "Board")
    number = _board_number(label)
    deal_text, deal_line = _value(tags, "Deal")
    if deal_text is None:
        raise _Refused(deal_line or first_line, M_("the game has no [Deal] (or its value is unknown, \"?\")"))
    try:
        deal = parse_deal(deal_text)
    except HuddleInputError as exc:
        raise _Refused(deal_line, M_("[Deal]: {problem}", problem=exc.problem_message)) from None
    dealer_text, dealer_line = _value(tags, "Dealer")
    dealer: str | None = None
    if dealer_text is not None:
        try:
            dealer = seat(dealer_text, "Dealer")
        except HuddleInputError:
            raise _Refused(dealer_line, M_("[Dealer \"{dealer_text}\"] must be N, E, S or W", dealer_text=dealer_text)) from None
    vul_text, vul_line = _value(tags, "Vulnerable")
    try:
        vul = vulnerability(vul_text, "Vulnerable") if vul_text is not None else (
            vulnerability_for_board(number) if number else None)
    except HuddleInputError:
        raise _Refused(vul_line, M_("[Vulnerable \"{vul_text}\"] is not None, Love, -, NS, EW, All or Both (N-S and E-W are read too)",
                                    vul_text=vul_text)) from None
    warnings: list[str] = [M_("line {line}: a '}}' with no comment open is passed over", line=n) for n in sec.stray_braces]
    calls: list[TableCall] = []
    commentary = sec.commentary
    if "Auction" in tags:
        dealer, calls = _auction(sec, dealer, warnings, lang)
        calls, commentary = _apply_call_comments(calls, commentary, lang)
    if dealer is None:
        if number is None:
            raise _Refused(first_line, M_("the game gives no [Dealer] and no board number to find the dealer from"))
        dealer = dealer_for_board(number)
    if vul is None:
        raise _Refused(vul_line or first_line, M_("the game gives no [Vulnerable] and no board number to find it from"))
    board = Board(number, dealer, vul, deal, Auction(dealer, tuple(calls)))
    contract, declarer = _contract(tags)
    result_text, result_line = _value(tags, "Result")
    tricks = None
    if contract not in (None, "PASS"):
        try:
            tricks = _tricks(result_text, declarer, result_line)
        except _Refused as exc:      # a hand-record program's junk: the board is still worth having
            warnings.append(M_("line {line}: {problem}; the result is left out", line=exc.line, problem=exc.problem))
    if contract is None and result_text is not None:
        warnings.append(M_("line {line}: [Result \"{text}\"] without a [Contract] is left out", line=result_line,
                           text=AsTyped(result_text)))
    if contract and contract != "PASS" and board.auction.is_complete:
        said = board.auction.contract_text()
        if said != f"{contract} by {declarer}":
            bid = contract.rstrip("X")
            theirs = (ContractWords(bid, contract[len(bid):], declarer) if declarer in SEATS
                      else AsTyped(f"{contract} by {declarer or '?'}"))
            warnings.append(M_("the file's contract ([Contract] and [Declarer]), {theirs}, differs from the auction's final "
                               "contract, {ours}; the file's is kept: check which is right", theirs=theirs,
                               ours=ContractWords(*parts) if (parts := board.auction.final_parts()) else Call("P").word))
    leader, play = None, ()
    try:
        score = _ns_score(tags, declarer)
    except _Refused as exc:         # junk in [Score] is treated as junk in [Result] is: said, and left out
        warnings.append(M_("line {line}: {problem}; the score is left out", line=exc.line, problem=exc.problem))
        score = None
    table = _score_table(sec, board, warnings)
    if "Play" in tags and (_value(tags, "Play")[0] or _has_cards(sec)):   # [Play ""] alone is no play
        leader, play = _play(sec, deal, _value(tags, "Play")[0], tags["Play"][1], warnings, contract)
        tricks = _tricks_with_play(tricks, play, leader, contract, declarer, result_line, warnings)
    return Game(
        board=board, position=position, line=first_line, label=label,
        event=_value(tags, "Event")[0], site=_value(tags, "Site")[0], date=_value(tags, "Date")[0],
        scoring=_value(tags, "Scoring")[0], room=_value(tags, "Room")[0],
        players={s: _value(tags, Seat(s).english)[0] for s in SEATS if _value(tags, Seat(s).english)[0]},
        contract=contract, declarer=declarer, tricks=tricks, ns_score=score, play_leader=leader, play=play,
        score_table=table, commentary=tuple(commentary), warnings=tuple(warnings),
        tags={k: v for k, (v, _) in tags.items()})


def _columns(spec: str) -> list[str]:
    """Column names of a table tag: "Rank\\2R;PairId_NS;+Score_NS" -> ["Rank", "PairId_NS", "Score_NS"]."""
    return [re.sub(r"\\\d+[LR]?$", "", c.strip()).lstrip("+-") for c in spec.split(";")]


def _score_table(sec: _Sections, board: Board, warnings: list[str]) -> tuple[FieldRow, ...]:
    """The ScoreTable's rows; a row that does not add up is left out with a warning (the board
    itself is still read)."""
    if "ScoreTable" not in sec.tables:
        return ()
    spec, items = sec.tables["ScoreTable"]
    columns = _columns(spec)
    values = [i.text for i in items]
    line = sec.tags["ScoreTable"][1]
    if len(values) % len(columns):
        raise _Refused(line, M_("the ScoreTable has {count} entries, not a whole number of rows of {count2} columns ({spec})",
                                count=len(values), count2=len(columns), spec=spec))
    rows: list[FieldRow] = []
    for r in range(0, len(values), len(columns)):
        cells = dict(zip(columns, values[r:r + len(columns)]))
        try:
            row = _table_row(cells, board, items[r].line)
            times = _multiplicity(cells.get("Multiplicity"), items[r].line)
        except _Refused as exc:
            warnings.append(M_("ScoreTable row at line {line} left out: {problem}", line=exc.line, problem=exc.problem))
            continue
        if len(rows) + times > MAX_TABLE_RESULTS:
            raise _Refused(line, M_("the ScoreTable holds more than {max_table_results} results of one board",
                                    max_table_results=Count(MAX_TABLE_RESULTS)))
        rows.extend([row] * times)
    return tuple(rows)


MAX_TABLE_RESULTS = 10_000


def _multiplicity(value: str | None, line: int) -> int:
    """How many tables a ScoreTable row stands for (its Multiplicity column; 1 without one)."""
    if value is None or value in ("-", "?", ""):
        return 1
    if not value.isdecimal() or not 1 <= int(value) <= MAX_TABLE_RESULTS:
        raise _Refused(line, M_("Multiplicity \"{value}\" must be a whole number of tables", value=AsTyped(value[:12])))
    return int(value)


SCORE_TABLE_WARNING = "ScoreTable row at"


def _table_row(row: dict, board: Board, line: int) -> FieldRow:
    """A ScoreTable row (5.9); '^' marks an artificial score, '-' and '?' an empty element."""
    artificial = any(str(v).startswith("^") for v in row.values())
    row = {k: str(v).lstrip("^") for k, v in row.items()}
    score = None
    for key, sign in (("Score_NS", 1), ("Score_EW", -1)):
        m = re.match(r"^(?:NS|EW)?\s*([+-]?\d+)$", row.get(key, ""))
        if m:
            score = str(sign * int(m.group(1)))
            break
    empty = lambda key: None if row.get(key, "-") in ("", "?", "-") else row[key]  # noqa: E731
    try:
        return field_row(empty("Contract"), empty("Declarer"), empty("Result"), score, board.vulnerability,
                         "ScoreTable", empty("PairId_NS"), empty("PairId_EW"), artificial)
    except HuddleInputError as exc:
        raise _Refused(line, M_("{field}: {problem}", field=exc.named, problem=exc.problem_message)) from None


def loads(data: bytes | str, progress=None, *, lang: Catalog) -> GameFile:
    """Every game of a PBN file, each read or refused on its own; ``progress(share)`` hears how
    much of the file is read, every thousand games. Notes and comments are read in English and
    in ``lang`` (a tempo note in the club's words: „Zögern, etwa 20 Sekunden“)."""
    text, encoding = decode(data)
    games: list[Game] = []
    problems: list[BoardProblem] = []
    previous: dict[str, str] = {}       # the nearest previous game's value of each tag (4.8)
    defaults: dict[str, str] = {}       # values set with ## for the games that follow
    position = 0
    last_board: dict[str, str] = {}
    lines = text.count("\n") + 1
    for items, broken in _split_games(text):
        if not any(i.kind == "tag" for i in items) and not broken:
            continue                     # comments or escapes between games
        position += 1
        if progress is not None and position % 1000 == 0 and items:
            progress(min(1.0, items[-1].line / lines))
        first_line = items[0].line if items else 1
        label = next((i.value.strip() for i in items if i.kind == "tag" and i.text == "Board"), None)
        try:
            if broken:
                raise _Refused(*broken)
            items = _second_table(items, last_board)
            items = _inherit(items, previous, defaults)
            label = next((i.value.strip() for i in items if i.kind == "tag" and i.text == "Board"), label)
            games.append(_game(_sections(items), position, first_line, lang))
            last_board = {i.text: i.value for i in items if i.kind == "tag" and i.text not in _PER_TABLE}
        except _Refused as exc:
            last_board = {}
            problems.append(BoardProblem(position, label if label not in ("", "?") else None, exc.line, exc.problem))
        except HuddleInputError as exc:
            problems.append(BoardProblem(position, label, first_line, M_("{field}: {problem}", field=exc.named,
                                                                         problem=exc.problem_message)))
    if not games and not problems:
        raise HuddleInputError("PBN", M_("no game found (a game needs at least a [Deal] tag)"))
    return GameFile(tuple(games), tuple(problems), encoding)


# What changes from one table to the next; everything else describes the board.
_PER_TABLE = {"West", "North", "East", "South", "Declarer", "Contract", "Result", "Auction", "Play", "Note",
              "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "Room", "Table", "Round", "Time"}


_TABLE_RESULT = {"Auction", "Contract", "Result", "Play"}     # what a table adds to a board


def _second_table(items: list[_Item], last_board: dict) -> list[_Item]:
    """The two-table layout of rpbridge.net files: a game with a table's auction or result but
    no [Deal], [Board], [Dealer] or [Vulnerable] of its own, after a board that was read, is that
    board played at another table."""
    named = {i.text for i in items if i.kind == "tag"}
    if named & {"Deal", "Board", "Dealer", "Vulnerable"} or not named & _TABLE_RESULT or "Deal" not in last_board:
        return items
    line = items[0].line if items else 1
    return [_Item("tag", name, line, value) for name, value in last_board.items() if name not in named] + items


def _inherit(items: list[_Item], previous: dict, defaults: dict) -> list[_Item]:
    """Resolve "#" and "##" (4.8) and record this game's values for the games after it."""
    out = []
    named = set()
    for item in items:
        if item.kind == "tag" and item.text not in named:
            named.add(item.text)
            value = item.value.strip()
            if item.text in defaults and not value.startswith("#"):
                defaults[item.text] = value       # a ## value redefined for the games that follow
            if value.startswith("#"):
                if item.text in _NOT_INHERITED:
                    raise _Refused(item.line, M_("[{text} \"{value}\"]: this tag may not be inherited with #", text=item.text,
                                                 value=value))
                if value.startswith("##"):
                    defaults[item.text] = value[2:]
                    value = value[2:]
                else:
                    value = previous.get(item.text, "")
                item = _Item("tag", item.text, item.line, value)
        out.append(item)
    line = items[0].line if items else 1
    for name, value in defaults.items():
        if name not in named:
            out.insert(0, _Item("tag", name, line, value))
    for item in out:
        if item.kind == "tag" and item.text not in _NOT_INHERITED:
            previous[item.text] = item.value
    return out


def load(fp: IO, *, lang: Catalog) -> GameFile:
    return loads(fp.read(), lang=lang)


def loads_boards(data: bytes | str, *, lang: Catalog) -> list[Board]:
    """The boards of a file; an error naming the first board refused if any was."""
    read = loads(data, lang=lang)
    if read.problems:
        raise HuddleInputError("PBN", str(read.problems[0]))
    return [g.board for g in read.games]


# ---------------------------------------------------------------- writing

def _escape(value: str) -> str:
    """A tag's value on its one line: its quotes and backslashes escaped, every line break or
    other control character (a carriage return typed into an event's name) a space."""
    text = re.sub(f"{CONTROL.pattern}+", " ", str(value))
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _literal(text: str) -> str:
    """Text whose backslashes stay backslashes when read back (not suit escapes)."""
    return str(text).replace("\\", "\\\\")


def _comment(text: str) -> str:
    return "{" + _literal(text).replace("}", ")").replace("{", "(") + "}"


_VUL_TAG = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}


def dumps(games: Iterable[Game]) -> str:
    """Games in PBN 2.1 export format: the mandatory tags in order, the auction with its notes,
    tempo marks, remarks and explanations as commentary after the call, the ScoreTable."""
    out = ["% PBN 2.1", "% EXPORT", ""]
    for game in games:
        out.extend(_game_lines(game))
        out.append("")
    return "\r\n".join(out)


def _game_lines(g: Game) -> list[str]:
    b = g.board
    result = "" if g.contract == "PASS" else ("?" if g.tricks is None else str(g.tricks))
    mandatory = [("Event", g.event or ""), ("Site", g.site or ""), ("Date", g.date or ""),
                 ("Board", str(b.number) if b.number else (g.label or "")),
                 ("West", g.players.get("W", "")), ("North", g.players.get("N", "")),
                 ("East", g.players.get("E", "")), ("South", g.players.get("S", "")),
                 ("Dealer", b.dealer), ("Vulnerable", _VUL_TAG[b.vulnerability]),
                 ("Deal", _deal_from_dealer(b)), ("Scoring", g.scoring or ""),
                 ("Declarer", g.declarer or ("" if g.contract == "PASS" else "?")),
                 ("Contract", {"PASS": "Pass", None: "?"}.get(g.contract, g.contract)), ("Result", result)]
    # endplay (and other readers) cannot take an empty or unknown Board, so it is left out then
    lines = [f'[{name} "{_escape(value)}"]' for name, value in mandatory if name != "Board" or value]
    if g.room:
        lines.append(f'[Room "{_escape(g.room)}"]')
    if g.ns_score is not None and g.contract is None:
        lines.append(f'[Score "NS {g.ns_score}"]')
    for name, value in sorted((g.tags or {}).items()):
        if name.startswith("Huddle"):
            lines.append(f'[{name} "{_escape(value)}"]')
    lines.extend(_comment(c) for c in g.commentary)
    lines.extend(_call_annotations(b.auction))
    if b.auction.calls:
        lines.append(f'[Auction "{b.dealer}"]')
        lines.extend(_auction_lines(b.auction.calls))
    if g.play and g.play_leader:
        lines.append(f'[Play "{g.play_leader}"]')
        lines.extend(" ".join(card or "-" for card in trick) for trick in g.play)
        if len(g.play) < 13 or any(card is None for card in g.play[-1]):
            lines.append("*")
    if g.score_table:
        kind = g.assigned[0] if g.assigned else ""
        penalties = g.penalties
        lines.append('[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS'
                     + (f';{kind}_NS;{kind}_EW' if kind else '')
                     + (';Penalty_NS;Penalty_EW' if penalties else '') + '"]')
        for k, row in enumerate(g.score_table):
            score = "-" if row.ns_score is None else f"{'^' if row.artificial else ''}{row.ns_score}"
            assigned = ([g.assigned[1], g.assigned[2]] if k == 0 else ["-", "-"]) if g.assigned else []
            if penalties:
                assigned += list(penalties) if k == 0 else ["-", "-"]
            lines.append(" ".join([row.ns_pair or "-", row.ew_pair or "-",
                                   "-" if row.contract is None else {"PASS": "Pass"}.get(row.contract, row.contract),
                                   row.declarer or "-", "-" if row.tricks is None else str(row.tricks), score,
                                   *assigned]))
    return lines


def _deal_from_dealer(b: Board) -> str:
    hands = deal_pbn(b.deal).split(":")[1].split()
    k = SEATS.index(b.dealer)
    return f"{b.dealer}:" + " ".join(hands[k:] + hands[:k])


def _auction_lines(calls: Sequence[TableCall]) -> list[str]:
    tokens, notes = [], []
    for c in calls:
        token = {"P": "Pass"}.get(c.call, c.call)
        if c.alerted:
            notes.append(c.explanation or "")
            token += f" ={len(notes)}="
        tokens.append(token)
    lines = [" ".join(tokens[i:i + 4]) for i in range(0, len(tokens), 4)]
    return lines + [f'[Note "{i}:{_escape(n)}"]' for i, n in enumerate(notes, 1)]


def _call_annotations(auction: Auction) -> list[str]:
    """What PBN has no token for, as game comments before the auction (readers that skip
    comments, endplay among them, still read the auction): "Call 5 (2S, North) Break in tempo
    (12 s)", "… Remark: …", "… Explanation: …" (given without an alert), "… Agreement: …"."""
    out = []
    for k, c in enumerate(auction.calls):
        head = f"Call {k + 1} ({c.call}, {Seat(auction.seat_of(k)).english}) "
        if c.tempo_break:
            out.append(head + TEMPO_COMMENT + (f" ({c.tempo_seconds} s)" if c.tempo_seconds is not None else ""))
        if c.remark:
            out.append(head + f"Remark: {c.remark}")
        if c.explanation and not c.alerted:
            out.append(head + f"Explanation: {c.explanation}")
        if c.correct_explanation:
            out.append(head + f"Agreement: {c.correct_explanation}")
    return [_comment(text) for text in out]


_CALL_COMMENT = re.compile(r"^Call (\d+) \((\w+), (North|East|South|West)\) (.*)$", re.S)


def _apply_call_comments(calls: list[TableCall], commentary: list[str], lang: Catalog) -> tuple[list[TableCall], list[str]]:
    """Game comments of the form Huddle writes ("Call 5 (2S, North) …") go back to their call."""
    per_call: dict[int, list[str]] = {}
    rest = []
    for text in commentary:
        m = _CALL_COMMENT.match(text)
        k = int(m.group(1)) - 1 if m else -1
        if m and 0 <= k < len(calls) and calls[k].call == m.group(2):
            per_call.setdefault(k, []).append(m.group(4))
        else:
            rest.append(text)
    return [_call_with_comments(c, per_call.get(k, []), lang) for k, c in enumerate(calls)], rest


def dump(games: Iterable[Game], fp: IO[str]) -> None:
    fp.write(dumps(games))


def dumps_boards(boards: Sequence[Board]) -> str:
    """Boards alone (deal, dealer, vulnerability, auction) as PBN."""
    return dumps(Game(b, position=i) for i, b in enumerate(boards, 1))


__all__ = ["GameFile", "Game", "BoardProblem", "loads", "load", "dumps", "dump", "loads_boards",
           "dumps_boards", "choose_game"]
