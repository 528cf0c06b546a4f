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

from typing import IO

from analysis.bridge import Board
from analysis.errors import HuddleInputError
from analysis.files.game import BoardProblem, Game, GameFile, choose_game
from analysis.files.pbn.inherit import PER_TABLE, inherited, second_table
from analysis.files.pbn.lexer import Refused, split_games
from analysis.files.pbn.reader import SCORE_TABLE_WARNING, TEMPO_COMMENT, read_game, sections
from analysis.files.pbn.writer import dump, dumps, dumps_boards
from analysis.files.text import decode
from analysis.language import M_
from analysis.vocabulary import Catalog


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
    for items, broken in split_games(text):
        if not any(i.kind == "tag" for i in items) and not broken:
            continue                     # comments or escapes between games
        position += 1
        if progress is not None and position % 1000 == 0 and items:
            progress(min(1.0, items[-1].line / lines))
        first_line = items[0].line if items else 1
        label = next((i.value.strip() for i in items if i.kind == "tag" and i.text == "Board"), None)
        try:
            if broken:
                raise Refused(*broken)
            items = second_table(items, last_board)
            items = inherited(items, previous, defaults)
            label = next((i.value.strip() for i in items if i.kind == "tag" and i.text == "Board"), label)
            games.append(read_game(sections(items), position, first_line, lang))
            last_board = {i.text: i.value for i in items if i.kind == "tag" and i.text not in PER_TABLE}
        except Refused as exc:
            last_board = {}
            problems.append(BoardProblem(position, label if label not in ("", "?") else None, exc.line, exc.problem))
        except HuddleInputError as exc:
            problems.append(BoardProblem(position, label, first_line, M_("{field}: {problem}", field=exc.named,
                                                                         problem=exc.problem_message)))
    if not games and not problems:
        raise HuddleInputError("PBN", M_("no game found (a game needs at least a [Deal] tag)"))
    return GameFile(tuple(games), tuple(problems), encoding)


def load(fp: IO, *, lang: Catalog) -> GameFile:
    return loads(fp.read(), lang=lang)


def loads_boards(data: bytes | str, *, lang: Catalog) -> list[Board]:
    """The boards of a file; an error naming the first board refused if any was."""
    read = loads(data, lang=lang)
    if read.problems:
        raise HuddleInputError("PBN", str(read.problems[0]))
    return [g.board for g in read.games]


__all__ = ["loads", "load", "loads_boards", "dumps", "dump", "dumps_boards", "Game", "GameFile", "BoardProblem",
           "choose_game", "TEMPO_COMMENT", "SCORE_TABLE_WARNING"]
