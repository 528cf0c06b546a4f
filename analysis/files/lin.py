"""BBO's LIN format, read into the same games as PBN (analysis.files.pbn.Game).

A LIN file is a run of ``key|value|`` pairs, on one line or many. The pairs Huddle reads:
``md`` the deal (dealer digit 1=S 2=W 3=N 4=E, then South's, West's, North's and East's hands;
a missing fourth hand is the cards left), ``sv`` vulnerability (o, 0 or - none; n; e; b),
``ah`` the board header ("Board 12"), ``qx`` the board in a vugraph file (o12 open room, c12
closed room), ``pn`` the players (four, or eight in a vugraph file: open room then closed),
``mb`` a call (a trailing ``!`` is an alert), ``an`` the explanation of the call before it,
``pc`` a card played, ``mc`` a claim (declarer's tricks in all). ``nt`` is chat between the
players and commentators and is never an explanation. Other pairs are skipped.

    from analysis.files import lin
    read = lin.loads(open("vugraph.lin").read(), lang=ENGLISH)
    read.game(board=12, room="closed").board.auction
"""
from __future__ import annotations

import re
from typing import IO

from endplay.types import Deal

from analysis.bridge import (SEATS, Auction, Board, TableCall, annotated_call, check_legal, dealer_for_board,
                     hand_suits, parse_call, parse_deal, seats_from, tricks_from_play, vulnerability_for_board)
from analysis.errors import HuddleInputError
from analysis.files.game import BoardProblem, Game, GameFile
from analysis.files.text import decode
from analysis.language import AsTyped, M_
from analysis.vocabulary import Catalog, Seat

_LIN_SEATS = "SWNE"                       # md's dealer digit 1..4 and the order of its hands
_VUL = {"o": "none", "0": "none", "-": "none", "n": "ns", "e": "ew", "b": "both"}


def _pairs(text: str) -> list[tuple[str, str, int]]:
    """(key, value, line) for each key|value| pair."""
    parts = text.split("|")
    out = []
    line = 1
    for k in range(0, len(parts) - 1, 2):
        key, value = parts[k], parts[k + 1]
        line += key.count("\n")
        out.append((key.strip().lower(), value.replace("\n", " ").strip(), line))
        line += value.count("\n")
    return out


class _Refused(Exception):
    def __init__(self, line: int, problem: str):
        self.line, self.problem = line, problem


def _deal(value: str, line: int) -> tuple[str | None, Deal]:
    text = value.strip()
    dealer = _LIN_SEATS[int(text[0]) - 1] if text[:1] in ("1", "2", "3", "4") else None
    hands = [h.strip() for h in (text[1:] if dealer else text).split(",")]
    hands = (hands + ["", "", "", ""])[:4]
    by_seat: dict[str, str | None] = {}
    for who, text in zip(_LIN_SEATS, hands):
        if not text:
            by_seat[who] = None
            continue
        suits = {"S": "", "H": "", "D": "", "C": ""}
        current = None
        for ch in text.upper():
            if ch in suits:
                current = ch
            elif current is None or ch not in "AKQJT98765432":
                raise _Refused(line, M_("md: '{text}' is not a hand ({seat}'s)", text=AsTyped(text), seat=Seat(who).word))
            else:
                suits[current] += ch
        by_seat[who] = ".".join(suits[s] for s in "SHDC")
    missing = [s for s in SEATS if by_seat[s] is None]
    if len(missing) == 1 and all(len(h.replace(".", "")) == 13 for s, h in by_seat.items() if h is not None):
        held = {s + r for h in by_seat.values() if h for s, ranks in zip("SHDC", h.split(".")) for r in ranks}
        by_seat[missing[0]] = ".".join("".join(r for r in "AKQJT98765432" if s + r not in held) for s in "SHDC")
    try:
        return dealer, parse_deal("N:" + " ".join(by_seat[s] or "-" for s in SEATS))
    except HuddleInputError as exc:
        raise _Refused(line, M_("md: {problem}", problem=exc.problem_message)) from None


def _board_number(pairs) -> tuple[int | None, str | None, str | None]:
    """Board number, its label and the room, from qx (o12 / c12) or ah ("Board 12")."""
    for key, value, _ in pairs:
        if key == "qx":
            m = re.match(r"^([oc])?\s*(\d{1,4})(?!\d)", value, re.I)      # a board number: 1 to 9999
            if m:
                room = {"o": "Open", "c": "Closed"}.get((m.group(1) or "").lower())
                return int(m.group(2)), m.group(2), room
    for key, value, _ in pairs:
        if key == "ah":
            m = re.search(r"(?<!\d)(\d{1,4})(?!\d)", value)
            if m:
                return int(m.group(1)), m.group(1), None
    return None, None, None


def _calls(pairs, dealer: str, lang: Catalog) -> list[TableCall]:
    names: list[str] = []
    alerts: list[bool] = []
    notes: list[str | None] = []
    for key, value, line in pairs:
        if key == "mb":
            raw = value.strip()
            alerted = raw.endswith("!")
            word = raw.rstrip("!").strip()
            word = {"p": "P", "d": "X", "r": "XX"}.get(word.lower(), word)
            if not word or word == "?":
                continue                      # an empty call: the call being awaited in a live record
            try:
                names.append(parse_call(word, f"call {len(names) + 1}"))
                check_legal(dealer, names)
            except HuddleInputError as exc:
                raise _Refused(line, M_("{field}: {problem}", field=exc.named, problem=exc.problem_message)) from None
            alerts.append(alerted)
            notes.append(None)
        elif key == "an" and names:
            # BBO writes !S, and !s as often: both are the suit symbol
            notes[-1] = re.sub(r"!([SHDCshdc])", lambda m: {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[m.group(1).upper()],
                               value.strip()) or None
    return [annotated_call(n, note, lang, alerted) for n, note, alerted in zip(names, notes, alerts)]


def _players(pairs, room: str | None) -> dict:
    for key, value, _ in pairs:
        if key == "pn":
            names = [n.strip() for n in value.split(",")]
            if len(names) >= 8 and room == "Closed":
                names = names[4:8]
            return {s: n for s, n in zip(_LIN_SEATS, names[:4]) if n}
    return {}


def _play(pairs, deal: Deal, warnings: list[str]) -> tuple[str | None, tuple]:
    cards = [value.strip().upper().replace("10", "T") for key, value, _ in pairs if key == "pc"]
    if not cards:
        return None, ()
    owner = {}
    for s in SEATS:
        suits = hand_suits(deal, s)
        for suit, ranks in (suits or {}).items():
            for r in ranks:
                owner[suit + r] = s
    tricks = []
    for k, card in enumerate(cards):
        trick = cards[k - k % 4:k]
        if owner.get(card) is None or card in cards[:k] or owner[card] in {owner[c] for c in trick}:
            warnings.append(M_("trick {t}: pc|{card}| is not a card its player still holds; the play is left out",
                               t=k // 4 + 1, card=AsTyped(card)))
            return None, ()
    leader = owner[cards[0]]
    order = seats_from(leader)
    for t in range(0, len(cards), 4):
        by_seat = {owner[c]: c for c in cards[t:t + 4]}
        tricks.append(tuple(by_seat.get(s) for s in order))
    return leader, tuple(tricks[:13])


def _claimed_tricks(pairs) -> int | None:
    for key, value, _ in reversed(pairs):
        if key == "mc" and value.strip().isdecimal() and len(value.strip()) <= 2 and int(value) <= 13:
            return int(value)
    return None


def _game(pairs, position: int, header: list, lang: Catalog) -> Game:
    line = pairs[0][2]
    md = next(((v, l) for k, v, l in pairs if k == "md"), None)
    if md is None:
        raise _Refused(line, M_("no md| record: a LIN board needs its deal"))
    dealer, deal = _deal(*md)
    number, label, room = _board_number(pairs)
    if dealer is None:
        if number is None:
            raise _Refused(md[1], M_("md| gives no dealer and the board has no number"))
        dealer = dealer_for_board(number)
    sv = next(((v, l) for k, v, l in pairs if k == "sv"), None)
    if sv is not None and sv[0].strip().lower() not in _VUL:
        raise _Refused(sv[1], M_("sv|{sv}| is not a vulnerability (o, n, e or b)", sv=sv[0]))
    if sv is not None:
        vul = _VUL[sv[0].strip().lower()]
    elif number is not None:
        vul = vulnerability_for_board(number)
    else:
        raise _Refused(md[1], M_("no sv| record and no board number to find the vulnerability from"))
    calls = _calls(pairs, dealer, lang)
    board = Board(number, dealer, vul, deal, Auction(dealer, tuple(calls)))
    contract_text = board.auction.contract_text()
    contract = declarer = None
    if board.auction.is_passed_out:
        contract = "PASS"
    elif contract_text:
        contract, declarer = contract_text.split(" by ")
    warnings: list[str] = []
    leader, play = _play(pairs, deal, warnings)
    event = next((v.split(",")[0] for k, v, _ in header if k == "vg" and v), None)
    return Game(board=board, position=position, line=line, label=label, event=event, room=room,
                players=_players(header + pairs, room), contract=contract, declarer=declarer,
                tricks=_tricks(pairs, play, leader, contract, declarer),
                play_leader=leader, play=play, scoring=_scoring(header), warnings=tuple(warnings))


def _tricks(pairs, play, leader, contract, declarer) -> int | None:
    """Declarer's tricks: from a claim (mc), or else from a play of all 13 tricks."""
    if contract in (None, "PASS"):
        return None
    claimed = _claimed_tricks(pairs)
    if claimed is not None or not play:
        return claimed
    return tricks_from_play(play, leader, contract, declarer)


def _scoring(header) -> str | None:
    for key, value, _ in header:
        if key == "vg":
            parts = value.split(",")
            if len(parts) > 2:
                return {"I": "IMP", "P": "MP", "B": "BAM"}.get(parts[2].strip().upper())
    return None


def loads(data: bytes | str, progress=None, *, lang: Catalog) -> GameFile:
    """Every board of a LIN file (a hand record, a BBO movie or a vugraph file), each read or
    refused on its own, its notes read in English and in ``lang`` (``progress`` is taken for the
    readers' one signature: a LIN file is read at once)."""
    text, encoding = decode(data)
    pairs = _pairs(text)
    if not any(k == "md" for k, _, _ in pairs):
        raise HuddleInputError("LIN", M_("no board found (a LIN board needs an md| record)"))
    boards: list[list] = []
    header: list = []
    for pair in pairs:
        key = pair[0]
        if key in ("vg", "pw", "bn", "rs") or (key == "pn" and not boards):
            header.append(pair)
            continue
        has_deal = bool(boards) and any(k == "md" for k, _, _ in boards[-1])
        # a board starts at qx (vugraph), or at a second deal, player list or start of a movie
        if not boards or key == "qx" or (has_deal and key in ("md", "pn", "st")):
            boards.append([])
        boards[-1].append(pair)
    games, problems = [], []
    # games are numbered from the first deal, as in PBN: records before it (pg|| after a vugraph
    # header) are no game
    with_deal = [b for b in boards if any(k == "md" for k, _, _ in b)]
    for position, board_pairs in enumerate(with_deal, 1):
        number, label, _ = _board_number(board_pairs)
        try:
            games.append(_game(board_pairs, position, header, lang))
        except _Refused as exc:
            problems.append(BoardProblem(position, label, exc.line, exc.problem))
    return GameFile(tuple(games), tuple(problems), encoding)


def load(fp: IO, *, lang: Catalog) -> GameFile:
    return loads(fp.read(), lang=lang)


__all__ = ["loads", "load"]
