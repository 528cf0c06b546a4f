"""One PBN game read into a Game: its sections, the auction with its alerts, notes and tempo marks,
the play and the tricks, the contract and the result, and the ScoreTable's other tables."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from analysis.bridge import (SEATS, Auction, Board, TableCall, annotated_call, check_legal, contract_parts,
                             dealer_for_board, hand_cards, hand_suits, is_tempo_note, parse_call, parse_deal,
                             passes_to_end, seat, seats_from, side_of, trick_winners, tricks_from_play,
                             vulnerability, vulnerability_for_board)
from analysis.bridge.play import Play, played_order
from analysis.errors import HuddleInputError
from analysis.bridge.table_results import FieldRow, field_row
from analysis.language import AsTyped, ContractWords, Count, M_
from analysis.vocabulary import Call, CardChoice, Catalog, Seat
from analysis.files.game import Game
from analysis.files.pbn.lexer import Item, Refused, note_suits, suits


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


def sections(items: list[Item]) -> _Sections:
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
                    notes.setdefault(int(number), (note_suits(text.strip()), item.line))
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
            out.commentary.append(suits(item.text.strip()))
    return out


def _add_call(names: list[str], refs: list, comments: list, lines: list[int], name: str, line: int) -> None:
    """One call read from an auction section, with no note reference or comment yet."""
    names.append(name)
    refs.append(None)
    comments.append([])
    lines.append(line)


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
        raise Refused(tag_line, M_("[Auction \"{value}\"] must name the first caller: N, E, S or W", value=first_text or '')) from None
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
                comments[-1].append(suits(item.text.strip()))
            continue
        if item.kind == "string":
            raise Refused(item.line, M_("a quoted text \"{text}\" in the auction is not a call", text=AsTyped(item.text[:30])))
        for m in _CALL_PART.finditer(item.text):
            ref, nag, suffix, star, plus, irregular, word, other = m.groups()
            if marked or (ended and (word or irregular)):
                raise Refused(item.line, M_("'{group}' comes after the end of the auction", group=AsTyped(m.group(0))))
            if ref is not None:
                if not names:
                    raise Refused(item.line, M_("note ={ref}= before the first call", ref=ref))
                refs[-1] = int(ref)
            elif nag is not None or suffix is not None:
                if not names and not skipped:
                    raise Refused(item.line, M_("annotation '{group}' before the first call", group=AsTyped(m.group(0))))
            elif star and m.start() > 0 and names and not ended and item.text[:m.start()].strip("!?"):
                alerts.add(len(names) - 1)    # "4C*": BBA's alert mark on the call it follows
            elif star or plus:
                ended = marked = True       # "AP *" is one end; anything after the mark is not
            elif irregular is not None:
                what = {"I": M_("an insufficient bid accepted (^I)"), "S": M_("a call out of rotation accepted (^S)")}.get(
                    irregular.upper(), M_("the irregularity ^{mark}", mark=AsTyped(irregular)))
                raise Refused(item.line, M_("call {count} records {what}; Huddle reads legal auctions only (enter the case by hand "
                                             "with the auction as it stood)", count=len(names) + 1, what=what))
            elif other is not None:
                raise Refused(item.line, M_("'{other}' is not a call or an annotation", other=AsTyped(other)))
            elif word == "-":
                if names:
                    raise Refused(item.line, M_("'-' after the first call (call {count})", count=len(names) + 1))
                skipped += 1
            elif word.upper() == "AP":
                for _ in range(passes_to_end(names)):
                    _add_call(names, refs, comments, lines, "P", item.line)
                ended = True
            else:
                try:
                    name = parse_call(word, f"call {len(names) + 1}").value
                except HuddleInputError as exc:
                    raise Refused(item.line, exc.problem_message) from None
                _add_call(names, refs, comments, lines, name, item.line)
    caller = SEATS[(SEATS.index(first) + skipped) % 4]
    if dealer is not None and names and caller != dealer:
        raise Refused(tag_line, M_("the first call is {seat}'s but the dealer is {seat2}", seat=Seat(caller).word,
                                    seat2=Seat(dealer).word))
    dealer = dealer or caller
    for k in range(1, len(names) + 1):
        try:
            check_legal(dealer, names[:k])
        except HuddleInputError as exc:
            raise Refused(lines[k - 1], M_("{field}: {problem}", field=exc.named, problem=exc.problem_message)) from None
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
        calls.append(call_with_comments(read, remarks, lang))
    return dealer, calls


def call_with_comments(call: TableCall, remarks: list[str], lang: Catalog) -> TableCall:
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
            raise Refused(line, M_("trick {t}: {card} is shown played by {seat}, who plays after {seat2}, the player still to play "
                                    "('+')", t=t + 1, card=card, seat=Seat(columns[k]).word, seat2=Seat(columns[column]).word))


def _has_cards(sec: _Sections) -> bool:
    return any(item.kind == "token" and item.text.strip() for item in sec.play)


def _play(sec: _Sections, deal, leader_text: str | None, line: int, warnings: list[str], contract: str | None = None):
    try:
        leader = seat(leader_text or "", "Play")
    except HuddleInputError:
        raise Refused(line, M_("[Play \"{value}\"] must name the opening leader: N, E, S or W", value=leader_text or '')) from None
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
                raise Refused(item.line, M_("'{group}' comes after the end of the play", group=AsTyped(m.group(0))))
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
                    raise Refused(item.line, M_("'{word}' in the play is not a card (e.g. SK, H2, or - for unknown)", word=AsTyped(word)))
                cards.append(c.group(1).upper() + c.group(2).upper().replace("10", "T"))
    tricks = tuple(tuple(cards[i:i + 4]) for i in range(0, len(cards), 4))
    if len(tricks) > 13:
        raise Refused(line, M_("the play has {count} tricks (13 at most)", count=len(tricks)))
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
                raise Refused(line, M_("{card} is played twice (trick {t})", card=card, t=t))
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
        raise Refused(line, M_("[Result \"{text}\"] is not a number of tricks (e.g. 9, or NS 9 EW 4)", text=text))
    if m.group(1) is not None:
        value = int(m.group(1))
    else:
        given = {m.group(2).upper(): int(m.group(3))}
        if m.group(4):
            given[m.group(4).upper()] = int(m.group(5))
        if len(given) == 2 and sum(given.values()) != 13:
            raise Refused(line, M_("[Result \"{text}\"]: the two sides' tricks add up to {sum}, not 13", text=text,
                                    sum=sum(given.values())))
        if declarer is None:
            return None
        side = side_of(declarer)
        value = given[side] if side in given else 13 - given["EW" if side == "NS" else "NS"]
    if not 0 <= value <= 13:
        raise Refused(line, M_("[Result \"{text}\"]: {value} tricks is impossible (0 to 13)", text=text, value=value))
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
        raise Refused(line, M_("[Contract \"{text}\"] is not a contract (e.g. 4SX, 3NT, Pass)", text=text))
    contract = "".join(parts)
    if declarer_text is None:
        raise Refused(dline or line, M_("[Contract \"{text}\"] needs a [Declarer] (N, E, S or W)", text=text))
    try:
        declarer = seat(declarer_text.lstrip("^"), "Declarer")
    except HuddleInputError:
        raise Refused(dline, M_("[Declarer \"{declarer_text}\"] must be N, E, S or W", declarer_text=declarer_text)) from None
    return contract, declarer


def _ns_score(tags: dict, declarer: str | None) -> int | None:
    """North-South's score from [Score "NS 420"], "EW -420", "NS 420 EW -420" or declarer's "420" (4.2.1)."""
    text, line = _value(tags, "Score")
    if text is None:
        return None
    m = re.match(r"^(?:(NS|EW)\s+)?([+-]?\d{1,5})(?:\s+(?:NS|EW)\s+[+-]?\d{1,5})?$", text.strip(), re.I)
    if not m or int(m.group(2)) % 10:
        raise Refused(line, M_("[Score \"{text}\"] is not a score (e.g. NS 420)", text=text))
    side = (m.group(1) or (side_of(declarer) if declarer else "")).upper()
    if not side:
        return None
    return int(m.group(2)) * (1 if side == "NS" else -1)


def _board_number(label: str | None) -> int | None:
    return int(label) if label is not None and label.isdecimal() and len(label) <= 9 and int(label) > 0 else None


def read_game(sec: _Sections, position: int, first_line: int, lang: Catalog) -> Game:
    tags = sec.tags
    label, _ = _value(tags, "Board")
    number = _board_number(label)
    deal_text, deal_line = _value(tags, "Deal")
    if deal_text is None:
        raise Refused(deal_line or first_line, M_("the game has no [Deal] (or its value is unknown, \"?\")"))
    try:
        deal = parse_deal(deal_text)
    except HuddleInputError as exc:
        raise Refused(deal_line, M_("[Deal]: {problem}", problem=exc.problem_message)) from None
    dealer_text, dealer_line = _value(tags, "Dealer")
    dealer: str | None = None
    if dealer_text is not None:
        try:
            dealer = seat(dealer_text, "Dealer")
        except HuddleInputError:
            raise Refused(dealer_line, M_("[Dealer \"{dealer_text}\"] must be N, E, S or W", dealer_text=dealer_text)) from None
    vul_text, vul_line = _value(tags, "Vulnerable")
    try:
        vul = vulnerability(vul_text, "Vulnerable") if vul_text is not None else (
            vulnerability_for_board(number) if number else None)
    except HuddleInputError:
        raise Refused(vul_line, M_("[Vulnerable \"{vul_text}\"] is not None, Love, -, NS, EW, All or Both (N-S and E-W are read too)",
                                    vul_text=vul_text)) from None
    warnings: list[str] = [M_("line {line}: a '}}' with no comment open is passed over", line=n) for n in sec.stray_braces]
    calls: list[TableCall] = []
    commentary = sec.commentary
    if "Auction" in tags:
        dealer, calls = _auction(sec, dealer, warnings, lang)
        calls, commentary = apply_call_comments(calls, commentary, lang)
    if dealer is None:
        if number is None:
            raise Refused(first_line, M_("the game gives no [Dealer] and no board number to find the dealer from"))
        dealer = dealer_for_board(number)
    if vul is None:
        raise Refused(vul_line or first_line, M_("the game gives no [Vulnerable] and no board number to find it from"))
    board = Board(number, dealer, vul, deal, Auction(dealer, tuple(calls)))
    contract, declarer = _contract(tags)
    result_text, result_line = _value(tags, "Result")
    tricks = None
    if contract not in (None, "PASS"):
        try:
            tricks = _tricks(result_text, declarer, result_line)
        except Refused as exc:      # a hand-record program's junk: the board is still worth having
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
    except Refused as exc:         # junk in [Score] is treated as junk in [Result] is: said, and left out
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
        raise Refused(line, M_("the ScoreTable has {count} entries, not a whole number of rows of {count2} columns ({spec})",
                                count=len(values), count2=len(columns), spec=spec))
    rows: list[FieldRow] = []
    for r in range(0, len(values), len(columns)):
        cells = dict(zip(columns, values[r:r + len(columns)]))
        try:
            row = _table_row(cells, board, items[r].line)
            times = _multiplicity(cells.get("Multiplicity"), items[r].line)
        except Refused as exc:
            warnings.append(M_("ScoreTable row at line {line} left out: {problem}", line=exc.line, problem=exc.problem))
            continue
        if len(rows) + times > MAX_TABLE_RESULTS:
            raise Refused(line, M_("the ScoreTable holds more than {max_table_results} results of one board",
                                    max_table_results=Count(MAX_TABLE_RESULTS)))
        rows.extend([row] * times)
    return tuple(rows)


MAX_TABLE_RESULTS = 10_000


def _multiplicity(value: str | None, line: int) -> int:
    """How many tables a ScoreTable row stands for (its Multiplicity column; 1 without one)."""
    if value is None or value in ("-", "?", ""):
        return 1
    if not value.isdecimal() or not 1 <= int(value) <= MAX_TABLE_RESULTS:
        raise Refused(line, M_("Multiplicity \"{value}\" must be a whole number of tables", value=AsTyped(value[:12])))
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
        raise Refused(line, M_("{field}: {problem}", field=exc.named, problem=exc.problem_message)) from None


_CALL_COMMENT = re.compile(r"^Call (\d+) \((\w+), (North|East|South|West)\) (.*)$", re.S)


def apply_call_comments(calls: list[TableCall], commentary: list[str], lang: Catalog) -> tuple[list[TableCall], list[str]]:
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
    return [call_with_comments(c, per_call.get(k, []), lang) for k, c in enumerate(calls)], rest
