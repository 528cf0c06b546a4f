"""What a file of played boards holds, whatever its format (PBN, LIN): its games, each a board
with its table result and play, and the boards refused with where and why; and the choice of one
game for a case."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from analysis.bridge import Board
from analysis.errors import HuddleInputError
from analysis.bridge.table_results import FieldRow
from analysis.language import AsTyped, Listed, M_, Message


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
