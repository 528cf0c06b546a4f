"""A case from a played board of a PBN or LIN file (the board, its auction with the tempo marks,
the table result and the other tables), and a case as a PBN game for the scoring program."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any


from analysis.files import pbn as pbn_files
from analysis.files.game import Game, GameFile, choose_game
from analysis.files.games import read_games
from analysis.bridge.auction import STATEMENT, tempo_disputed
from analysis.bridge import SEATS, Auction, deal_pbn
from analysis.files.results import field_for_case
from analysis.bridge.table_results import FieldRow
from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, N_, AsTyped, Language, Listed
from analysis.bridge.play import play_columns, played_order
from analysis.law.case.facts import MAX_STATEMENTS
from analysis.vocabulary import SOURCE, Catalog

from analysis.law.case.model import FORMAT_VERSION, Case
from analysis.law.case.parts import TableResult, play_of


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
    elif g.score_table:          # the table's own result is missing, not the board's other results
        parts.append(MP_("no table result recorded; {count} other table's score read",
                         "no table result recorded; {count} other tables' scores read", n=len(g.score_table),
                         count=len(g.score_table)))
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
