"""What a poll asks: a call, the opening lead or a card in the play. Everything that differs
between the kinds of poll (the pollee's heading and question, the word for one answer, whether
answers are calls or cards and whether another may be written in) is one ``PollKind``, so a new
kind of poll is one more entry here (and the builder of its problem).

A walk-through is not a kind: it is a way of asking any poll (the player's earlier calls first,
``PollProblem.steps``), so it lives on the problem.
"""
from __future__ import annotations

from dataclasses import dataclass

from analysis.bridge import Decision, parse_call
from analysis.bridge.play import choice_of, choice_symbol, parse_choice
from analysis.language import ENGLISH, N_, Language
from analysis.vocabulary import Call


@dataclass(frozen=True)
class PollKind:
    decision: Decision
    title: str              # the pollee's heading: "A bidding problem"
    verb: str               # Q1: "What do you call?"
    noun: str               # one answer, as a table's column: "call", "lead", "card"
    plural: str             # Q4: "Which of these calls …"
    builder_label: str      # the poll builder's choice: "another call of the auction"
    in_words: str           # a report's sentence: "A bidding problem." / "A lead problem."
    cards: bool             # answers are cards of the play (choices), not calls
    legal_word: str         # a refused answer "is not a legal call here"
    question: str = ""      # Q1 as the pollee reads it (marked for the catalogs, translated where shown)
    closeness: str = ""     # Q3's heading

    @property
    def name(self) -> str:
        return self.decision.value

    @property
    def write_in(self) -> bool:
        """Whether a pollee may answer outside the offered list (any legal call)."""
        return not self.cards

    def parse_answer(self, text: str, field: str, candidates: tuple[str, ...]) -> str:
        """A call, or the offered choice holding the card named ("S4" → a low ♠)."""
        if not self.cards:
            return parse_call(text, field)
        key = parse_choice(text, field)
        return key if key in candidates else choice_of(key, candidates)

    def symbol(self, answer: str, lang: Language) -> str:
        if lang is ENGLISH:
            return choice_symbol(answer) if self.cards else Call(answer).english
        return lang.choice(answer) if self.cards else lang.call(answer)


CALL = PollKind(decision=Decision.CALL, title=N_("A bidding problem"), verb="call", noun=N_("call"), plural="calls",
                builder_label=N_("another call of the auction"),
                in_words=N_("A bidding problem"), cards=False, legal_word="a legal call", question=N_("1. What do you call?"),
                closeness=N_("3. How close was it? For each call you considered, how often would you pick it "
                             "instead (optional)."))
LEAD = PollKind(decision=Decision.LEAD, title=N_("An opening lead problem"), verb="lead", noun=N_("lead"), plural="leads",
                builder_label=N_("the opening lead"),
                in_words=N_("A lead problem"), cards=True, legal_word="a choice", question=N_("1. What do you lead?"),
                closeness=N_("3. How close was it? For each lead you considered, how often would you pick it "
                             "instead (optional)."))
PLAY = PollKind(decision=Decision.PLAY, title=N_("A problem in the play"), verb="play", noun=N_("card"), plural="cards",
                builder_label=N_("a card in the play"),
                in_words=N_("A play problem"), cards=True, legal_word="a choice", question=N_("1. What do you play?"),
                closeness=N_("3. How close was it? For each card you considered, how often would you pick it "
                             "instead (optional)."))

POLL_KINDS: dict[str, PollKind] = {k.name: k for k in (CALL, LEAD, PLAY)}
POLL_TYPES = tuple(POLL_KINDS)


def poll_kind(name: str) -> PollKind:
    return POLL_KINDS[str(name)]


__all__ = ["PollKind", "CALL", "LEAD", "PLAY", "POLL_KINDS", "POLL_TYPES", "poll_kind"]
