"""A refusal as a page shows it: the field it names in a director's words ("Table result,
contract", never a program's "table_result.contract"), then the problem, both in the reader's
language. The app's pages, the Research page and the server's own sign-in pages use it."""
from __future__ import annotations

import re
from dataclasses import dataclass

from analysis.errors import HuddleInputError
from analysis.language import ENGLISH, N_, InSentence, Language, first_upper, said
from analysis.vocabulary import DEALER, CaseKind

FIELD_WORDS = {
    "title": N_("Title"), "id": N_("Case id"), "kind": N_("Kind"), "deal": N_("Hands"), "board": N_("Board"),
    "auction": N_("Auction"), "irregularity": N_("The irregularity"), "action_index": N_("Action in question"),
    "table_result": N_("Table result"), "field": N_("Field"), "other_table": N_("Other table's score"),
    "offending_side": N_("Offending side"), "laws": N_("Laws in force"), "knockout": N_("Knockout"),
    "scoring": N_("Form of scoring"), "matchpoint_scale": N_("Matchpoint scale"), "format_version": N_("Case file version"),
    "ruling": N_("The ruling"), "adjustment": N_("Adjustment"), "case": N_("Case"), "alternatives": N_("Calls to offer"),
    "wording": N_("Introduction for pollees"), "methods": N_("The partnership's methods"), "decision point": N_("Decision"),
    "Q4": N_("The Q4 question"), "play": N_("The play"), "play_index": N_("Card in question"),
    "walk-through": N_("Walk-through"),
}
# The fields a refusal names by their own word, and the parts of a case file's place ("table_result.contract"),
# marked for the catalog: each is said in the page's language.
FIELDS_BY_NAME = (
    N_("weights"), N_("score"), N_("scores"), N_("password"), N_("password again"), N_("current password"),
    N_("username"), N_("display name"), N_("token"), N_("server"), N_("corpus"), N_("pollees"), N_("poll"),
    N_("constraints"), N_("trim"), N_("top"), N_("results"), N_("pairs"), N_("room"), N_("format"), N_("scale"),
    N_("rounding"), N_("decider"), N_("model"), N_("include"), N_("draws"), N_("poll sizes"), N_("interval"),
    N_("action"), N_("actions"), N_("amount"), N_("unit"), N_("artificial score"), N_("authority"), N_("board number"),
    N_("vulnerability"), N_("boards"), N_("event"), N_("federation"), N_("organisation"), N_("invite"),
    N_("outcomes"), N_("reopen"), N_("shares"), N_("strain"), N_("suggested"), N_("the decision"), N_("your vote"),
    N_("votes"), N_("mistaken explanation weight"), N_("case file"), N_("inference"), N_("play index"), N_("contract"),
    N_("declarer"), N_("tricks"), N_("method"), N_("reason"), N_("seconds"), N_("type"), N_("by"), N_("offenders"),
    N_("non offenders"), N_("artificial"), N_("explanation weight"), N_("ns score"),
    N_("call index"), N_("card index"), N_("after auction"), N_("to"), N_("number"), N_("contracts"),
    N_("readings"), N_("deals"), N_("seed"), N_("normal play"), N_("logical alternatives"), N_("counts"),
    N_("weights of the alternatives"), N_("setup code"), N_("invitation"), N_("remind at"), N_("valid for"),
)


# parts of a field that are words of the vocabulary: said as the vocabulary says them
PART_WORDS = {"dealer": DEALER, "misinformation": InSentence(CaseKind.MI.word)}


def _part(text: str, lang: Language) -> str:
    word = PART_WORDS.get(text)
    return lang.say(word) if word is not None else lang._(text.replace("_", " "))


def field_words(field: str, lang: Language) -> str:
    """'table_result.contract' → 'Table result, contract'; 'ruling.adjustment.offenders' → 'Adjustment,
    offenders'; 'play[1] (trick 1, card 2)' → 'The play, trick 1, card 2'; a field with no entry is
    named by its own words; each part in ``lang`` where the catalog has it."""
    parts = [p for p in field.replace("ruling.adjustment", "adjustment").split(".") if p]
    if not parts or parts[0].split("[")[0] not in FIELD_WORDS:
        return _part(field, lang)
    head = lang._(FIELD_WORDS[parts[0].split("[")[0]])
    where = re.search(r"\(([^)]*)\)", parts[0])          # "play[1] (trick 1, card 2)": the position in words
    if where:
        head += f", {where.group(1)}"
    rest = ", ".join(_part(p, lang) for p in parts[1:])
    return f"{head}, {rest}" if rest else head


@dataclass(frozen=True)
class FieldName:
    """A case file's field inside a message ("class_of_players"): as the file names it in English,
    in a director's words in her language ("Spielerklasse")."""

    code: str

    def said(self, lang: Language) -> str:
        return first_upper(field_words(self.code, lang)) if lang.code != ENGLISH.code else self.code

    def __str__(self) -> str:
        return self.code


def refusal_words(exc: HuddleInputError, lang: Language) -> str:
    """A refusal named in a director's words ("Reason: give …", never a program's "reason: …"),
    in the page's language (a position and a seat, an illegal call: "Enchère 3 (Sud) : 1♦ est
    insuffisante après 1♠")."""
    field = lang.say(exc.named) if hasattr(exc.named, "said") else field_words(exc.field, lang)
    return lang.labelled(first_upper(field), said(exc, lang))
