"""An auction typed as one line, the way a director notes it at the table on a phone:

    1H 1S 2H 2S P(slow 10s) P 3H P P P
    1NT P 2D!(transfer) P 2H P P P            "!" alerts; "(…)" after a call says what happened
    1♥ Contre 2SA! Passe                      symbols, or the call words of the director's language
    1S P 2H* P 4S All Pass                    "*" marks a slow call; "AP" or "All pass" ends it

After a call, in brackets: "slow" (or "hesitation", "tank", "lent", "langsam", "traag" …) with
the seconds if known ("slow 10s", "12 s"), "alert", and anything else is the explanation given
("transfer to hearts"); parts are separated by commas. Suit letters are read in one language at a
time (``language``: "en" S H D C; "fr" P C K T; "de" P H K T; "nl" S H R K), because the same
letter is another suit in another language (C: clubs in English, cœur in French); symbols and
the English letters' NT read in any.

    read_auction_line("1H 1S 2H 2S P(slow 10s) P 3H P P P", "N")    # an Auction, call 5 slow
"""
from __future__ import annotations

import re

from analysis.bridge.auction import Auction, Call, parse_call, passes_to_end
from analysis.errors import HuddleInputError

SUIT_LETTERS = {"en": {"S": "S", "H": "H", "D": "D", "C": "C"}, "fr": {"P": "S", "C": "H", "K": "D", "T": "C"},
                "de": {"P": "S", "H": "H", "C": "H", "K": "D", "T": "C", "KR": "C"},
                "nl": {"S": "S", "H": "H", "R": "D", "K": "C"}}
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
CALL_WORDS = {"P": ("PASS", "PASSE", "PAS", "P", "-"), "X": ("X", "DBL", "DOUBLE", "CONTRE", "KONTRA", "DOUBLET", "D"),
              "XX": ("XX", "RDBL", "REDOUBLE", "SURCONTRE", "REKONTRA", "REDOUBLET", "R")}
NO_TRUMP = ("NT", "N", "SA", "SANS-ATOUT")
SLOW = re.compile(r"^(slow|hesitation|hésitation|hesitated|tank|tanked|pause|lent|lente|langsam|zögern|zögerte|"
                  r"denkpause|traag|aarzeling|aarzelde|bit)\b\s*(?:(\d{1,4})\s*(?:s|sec|secs|seconds|secondes|sekunden|"
                  r"seconden)?\.?)?$", re.I)
SECONDS = re.compile(r"^(\d{1,4})\s*(?:s|sec|secs|seconds|secondes|sekunden|seconden)\.?$", re.I)
ALERT = re.compile(r"^(alert|alerted|alerte|alerté|alertée|alertiert|gealerteerd)$", re.I)
TOKEN = re.compile(r"\s*([^\s(]+)(?:\s*\(([^)]*)\))?")
MAX_CALLS = 60


def read_call(word: str, language: str = "en", where: str = "auction") -> str:
    """One call in the director's language or in symbols: "1♥", "1H" (en), "1C" (fr: cœur),
    "Contre", "Passe", "2SA"; refused in words, naming ``where``."""
    raw = word.strip()
    key = raw.upper()
    for call, words in CALL_WORDS.items():
        if key in words:
            return call
    match = re.fullmatch(r"([1-7])\s*(.+)", key)
    if not match:
        raise HuddleInputError(where, f"'{raw[:20]}' is not a call (e.g. 1H, 1♥, 3NT, Pass, X)")
    level, strain = match.groups()
    if strain in SYMBOLS or raw[-1] in SYMBOLS:
        return f"{level}{SYMBOLS.get(strain, SYMBOLS.get(raw[-1], ''))}"
    if strain in NO_TRUMP:
        return f"{level}NT"
    letters = SUIT_LETTERS.get(language, SUIT_LETTERS["en"])
    if strain in letters:
        return f"{level}{letters[strain]}"
    try:
        return parse_call(raw, where)
    except HuddleInputError:
        raise HuddleInputError(where, f"'{raw[:20]}' is not a call in {language} (suits: "
                                      f"{', '.join(sorted(letters))} or ♠♥♦♣)") from None


def read_auction_line(text: str, dealer: str, language: str = "en") -> Auction:
    """The auction a line of calls describes, each with what the brackets after it say; refused
    when a call is unreadable or illegal, naming the call by its number."""
    calls: list[Call] = []
    rest = re.sub(r"\ball\s+pass\b", "AP", str(text), flags=re.I).strip()
    while rest:
        match = TOKEN.match(rest)
        if match is None or not match.group(1):
            raise HuddleInputError("auction", f"cannot read '{rest[:20]}'")
        word, notes = match.group(1).strip(","), match.group(2)
        rest = rest[match.end():].strip().lstrip(",").strip()
        if not word:
            continue
        if word.upper() == "AP":                 # all pass: the passes that end the auction
            calls.extend(Call("P") for _ in range(passes_to_end([c.call for c in calls])))
            continue
        position = len(calls) + 1
        if position > MAX_CALLS:
            raise HuddleInputError("auction", f"at most {MAX_CALLS} calls")
        alerted, slow = "!" in word, "*" in word
        call = read_call(word.replace("!", "").replace("*", ""), language, f"auction call {position}")
        calls.append(_call(call, alerted, slow, notes, position))
    return Auction(dealer, tuple(calls))          # the auction checks its own legality, naming the call


def _call(call: str, alerted: bool, slow: bool, notes: str | None, position: int) -> Call:
    seconds, explanation = None, []
    for part in (p.strip() for p in re.split(r"[,;]", notes or "") if p.strip()):
        tempo, only_seconds = SLOW.match(part), SECONDS.match(part)
        if tempo:
            slow, seconds = True, int(tempo.group(2)) if tempo.group(2) else seconds
        elif only_seconds:
            slow, seconds = True, int(only_seconds.group(1))
        elif ALERT.match(part):
            alerted = True
        else:
            explanation.append(part.lstrip("=").strip())
    if seconds is not None and not 0 <= seconds <= 3600:
        raise HuddleInputError(f"auction call {position}", f"{seconds} seconds: give 0 to 3600")
    return Call(call, alerted=alerted, explanation="; ".join(explanation) or None, tempo_break=slow,
                tempo_seconds=seconds)


__all__ = ["read_auction_line", "read_call", "SUIT_LETTERS"]
