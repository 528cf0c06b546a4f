"""Double-dummy trick counts for a complete deal (endplay's DDS), as a suggestion the director
may accept or overrule in the outcome tree: Law 12C1 asks what was likely, not what is
double-dummy best, so the figures are a starting point only.

DDS is not thread-safe and Streamlit runs every session in a thread of one process, so every call
goes through one process-wide lock.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Sequence

from fractions import Fraction

from endplay.dds import calc_dd_table, solve_all_boards, solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Card, Deal

from analysis.bridge import SEATS, STRAIN_ORDER, Seat, Strain, hand_cards, is_complete_deal, parse_deal, side_of
from analysis.errors import HuddleInputError
from analysis.bridge.play import Play, choice_cards
from analysis.language import AsTyped, M_

SOLVER_LOCK = threading.Lock()


@dataclass(frozen=True)
class DoubleDummyTable:
    """Tricks each declarer takes in each strain with all four hands in view."""

    tricks: tuple[tuple[str, str, int], ...]     # (strain, declarer, tricks)

    def tricks_for(self, strain: str, declarer: str) -> int:
        key = {"N": "NT"}.get(strain.upper(), strain.upper())
        for s, d, t in self.tricks:
            if s == key and d == declarer:
                return t
        raise HuddleInputError("strain", M_("'{strain}' by '{declarer}' is not in the table", strain=AsTyped(strain),
                                            declarer=AsTyped(declarer)))

    def rows(self) -> list[dict]:
        return [{"strain": s, **{Seat(d).english: t for ss, d, t in self.tricks if ss == s}} for s in STRAIN_ORDER]


def _solvable(deal: Deal | str) -> Deal:
    """The deal checked before the solver sees it: the solver answers a wrong card count with an
    error code and a crash dump written into the working folder, so it is never given one."""
    if isinstance(deal, str) or not (is_complete_deal(deal) and _fifty_two_cards(deal)):
        deal = parse_deal(deal if isinstance(deal, str) else deal.to_pbn())     # says what is wrong
    if not is_complete_deal(deal):
        raise HuddleInputError("deal", M_("double-dummy analysis needs all four hands of 13 cards"))
    return deal


def _fifty_two_cards(deal: Deal) -> bool:
    """No card held twice: the four hands' suit masks together hold 52 cards."""
    held = [0, 0, 0, 0]
    for seat in SEATS:
        for k, mask in enumerate(deal[Seat(seat).player]._data):
            held[k] |= mask
    return sum(m.bit_count() for m in held) == 52


def double_dummy_table(deal: Deal | str) -> DoubleDummyTable:
    """All 20 double-dummy results of a complete deal (about 0.1 s)."""
    deal = _solvable(deal)
    with SOLVER_LOCK:
        table = calc_dd_table(deal.copy())
    return DoubleDummyTable(tuple((s, seat, int(table[s.denom, seat.player])) for s in STRAIN_ORDER for seat in SEATS))


def double_dummy_plays(deal: Deal | str, play: Play, index: int) -> dict[str, int]:
    """Declarer's tricks in the whole deal (tricks already won included) after each card the
    player to play card ``index`` may play, with all four hands in view: the per-lead (or
    per-card) suggestion for a play poll's outcome tree."""
    deal = _solvable(deal)
    if not 0 <= index <= min(len(play.cards), 51):
        raise HuddleInputError("play index", M_("card {index} is not in the play", index=index + 1))
    play.check({s: hand_cards(deal, s) for s in SEATS})
    board = deal.copy()
    board.trump = Strain(play.strain).denom
    board.first = Seat(play.leader).player
    for card in play.cards[:index]:
        board.play(Card(card))
    won = play.declarer_tricks(index)
    remaining = 13 - index // 4
    declaring = side_of(play.seat_to_play(index)) == side_of(play.declarer)
    with SOLVER_LOCK:
        solved = list(solve_board(board))
    return {_card_key(card): won + (tricks if declaring else remaining - tricks) for card, tricks in solved}


SOLVER_BATCH = 50         # deals solved per hold of the lock: another caller waits at most one batch


def declarer_tricks(deals: Sequence[Deal], contracts: Sequence[tuple[str, str]],
                    progress: Callable[[int, int], None] | None = None) -> dict[tuple[str, str], list[int]]:
    """Declarer's double-dummy tricks on each of ``deals`` (complete deals, each checked once) for
    each (strain, declarer) of ``contracts``, solved with the opening leader (declarer's left) on
    lead. The solver's batch call spreads each batch over every core; the lock is taken a batch
    at a time, so a double-dummy table asked for by another page waits for one batch, not for the
    whole run. ``progress`` hears which contract (by its place) and how many deals are done."""
    checked = [_solvable(deal) for deal in deals]
    out: dict[tuple[str, str], list[int]] = {}
    for k, (strain, declarer) in enumerate(contracts):
        boards = []
        for deal in checked:
            board = deal.copy()
            board.trump = Strain(strain).denom
            board.first = Seat(declarer).after().player
            boards.append(board)
        tricks: list[int] = []
        for start in range(0, len(boards), SOLVER_BATCH):
            with SOLVER_LOCK:
                solved = solve_all_boards(boards[start:start + SOLVER_BATCH], SolveMode.OptimalOne)
            # each board's best card for the side on lead: the defenders' tricks
            tricks += [13 - max(t for _, t in board) for board in solved]
            if progress is not None:
                progress(k, len(tricks))
        out[(strain, declarer)] = tricks
    return out


def _card_key(card: Card) -> str:
    text = str(card)                    # "♠K", "♥10"
    return "SHDC"["♠♥♦♣".index(text[0])] + ("T" if text[1:] == "10" else text[1:])


def tricks_by_choice(by_card: dict[str, int], options) -> dict[str, tuple[tuple[int, Fraction], ...]]:
    """Each choice's trick counts, each card of the choice equally likely ("a low ♠": whichever
    spot card was led): {choice: ((tricks, weight), …)} with the weights summing to 1."""
    out = {}
    for option in options:
        counts = [by_card[c] for c in choice_cards(option) if c in by_card]
        if counts:
            out[option] = tuple((t, Fraction(counts.count(t), len(counts))) for t in sorted(set(counts), reverse=True))
    return out


__all__ = ["declarer_tricks", "SOLVER_BATCH",
           "double_dummy_table", "DoubleDummyTable", "double_dummy_plays", "tricks_by_choice", "SOLVER_LOCK"]
