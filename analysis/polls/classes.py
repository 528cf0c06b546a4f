"""The classes of players a poll's pollees come from, as a fixed vocabulary: a case's free-text
"class of players" ("Flight A, Smith-Jones team") is read as one of them, so that what leaves a
club (a shared research corpus) can name no one."""
from __future__ import annotations

from analysis.language import N_

CLASSES = (N_("novice"), N_("club"), N_("regional"), N_("national"), N_("expert"))
# words in a case's class of players that name a class
_CLASS_WORDS = {"novice": ("novice", "beginner", "newcomer", "intermediate"), "club": ("club",),
                "regional": ("regional", "county", "district", "sectional"),
                "national": ("national", "nabc", "congress"), "expert": ("expert", "international", "world")}


def class_of(class_of_players: str | None) -> str | None:
    """The class a case's "class of players" names, if it names one."""
    words = " ".join(str(class_of_players or "").split()).lower()
    return next((c for c, names in _CLASS_WORDS.items() if any(n in words for n in names)), None)


__all__ = ["CLASSES", "class_of"]
