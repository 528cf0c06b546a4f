"""Games written in PBN's export format (the standard's section 3), with the auction's alerts, notes
and tempo marks, the play and the ScoreTable."""
from __future__ import annotations

import re
from typing import IO, Iterable, Sequence

from analysis.bridge import SEATS, Auction, Board, TableCall, deal_pbn
from analysis.files.text import CONTROL
from analysis.files.game import Game
from analysis.files.pbn.reader import TEMPO_COMMENT
from analysis.vocabulary import Seat


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


def dump(games: Iterable[Game], fp: IO[str]) -> None:
    fp.write(dumps(games))


def dumps_boards(boards: Sequence[Board]) -> str:
    """Boards alone (deal, dealer, vulnerability, auction) as PBN."""
    return dumps(Game(b, position=i) for i, b in enumerate(boards, 1))

