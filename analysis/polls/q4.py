"""Q4, kept as what happened rather than as English text, so each pollee reads it in the language
of their link: what partner did (a tempo, a remark, a question, a manner; or partner's
explanation or alert of the player's own call), the call or card it came with, and what the poll
asks about (calls, leads or cards).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from analysis.language import N_, Language

# Partner's act as the sentences below take it: an English gerund, a French infinitive, a German
# or Dutch clause with its verb last ("bevor er 3♥ reizte").
ACTS = {"bid": N_("bidding {call}"), "P": N_("passing {call}"), "X": N_("doubling {call}"),
        "XX": N_("redoubling {call}"), "P-first": N_("passing at the first turn"),
        "play": N_("playing {card}")}
MANNERS = {"hesitation": N_("Your partner took a long time before {act}."),
           "haste": N_("Your partner was very quick in {act}."),
           "remark": N_("Your partner made a remark when {act}."),
           "question": N_("Your partner asked a question before {act}."),
           "gesture": N_("Your partner's manner when {act} showed a view of the hand."),
           "other": N_("Your partner's manner when {act} conveyed information.")}
PARTNER_SAID = {"explanation": N_("Your partner explained your {call} as “{given}”."),
                "explanation-": N_("Your partner explained your {call} to the opponents."),
                "alert": N_("Your partner alerted your {call} and explained it as “{given}”."),
                "alert-": N_("Your partner alerted your {call}."),
                "unalerted": N_("Your partner did not alert your {call}.")}
ASK = {"call": N_("Which of these calls does that make more attractive?"),
       "lead": N_("Which of these leads does that make more attractive?"),
       "play": N_("Which of these cards does that make more attractive?")}


@dataclass(frozen=True)
class Q4Prompt:
    """What Q4 tells the pollee and asks. ``irregularity`` is the case's (hesitation, haste,
    remark, question, gesture; explanation, alert, unalerted); ``act`` is how partner's call or
    card is named (bid, P, X, XX, P-first or play) with ``call`` (a call code, or the bid a pass
    or double was made over) or ``card`` (a choice key); ``given`` is partner's explanation."""

    irregularity: str
    kind: str = "call"          # what the poll asks for: call, lead or play
    act: str = ""
    call: str = ""
    card: str = ""
    given: str = ""

    def text(self, lang: Language) -> str:
        if self.irregularity in ("explanation", "alert", "unalerted"):
            key = self.irregularity + ("" if self.given or self.irregularity == "unalerted" else "-")
            told = lang._(PARTNER_SAID[key]).format(call=lang.call(self.call), given=self.given)
        else:
            act = lang._(ACTS[self.act]).format(call=lang.call(self.call) if self.call else "",
                                                card=lang.choice(self.card) if self.card else "")
            told = lang._(MANNERS.get(self.irregularity, MANNERS["other"])).format(act=act)
        return f"{told} {lang._(ASK[self.kind])}"

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v}

    @classmethod
    def from_dict(cls, data: dict) -> "Q4Prompt":
        return cls(**data)


__all__ = ["Q4Prompt", "ACTS", "MANNERS", "PARTNER_SAID", "ASK"]
