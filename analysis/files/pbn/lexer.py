"""PBN text as items: tags, tokens, comments and escapes, game by game (the standard's sections 2
to 3.8): games are separated by a semi-empty line outside a comment, and each is bounded."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from analysis.language import AsTyped, Count, M_, Message


_SUIT_ESCAPES = {"\\S": "♠", "\\H": "♥", "\\D": "♦", "\\C": "♣"}
# Tags whose value may not be inherited with "#" or "##" (4.8)
# A second game starts at a repeated identity tag even without the empty line some programs omit
_STARTS_GAME = {"Board", "Deal"}


# ---------------------------------------------------------------- reading text

@dataclass
class Item:
    kind: str            # "tag", "token", "string", "comment"
    text: str
    line: int
    value: str = ""      # a tag's value


# a value is runs of plain characters between escapes ("unrolled"): the regex engine keeps no
# backtracking state per character, so a 7 MB value costs 7 MB, not 1.2 GB
_VALUE = r'([^"\\\n]*(?:\\.[^"\\\n]*)*)'
_TAG = re.compile(r'\[[ \t\n]*([A-Za-z0-9_]+)[ \t\n]*"' + _VALUE + r'"[ \t\n]*\]')
_STRING = re.compile(r'"' + _VALUE + r'"')
_TOKEN = re.compile(r'[^\s\[\]{};"]+')


def _unescape(value: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", value) if "\\" in value else value


def note_suits(text: str) -> str:
    """A note's text (a tag value, already unescaped): \\S \\H \\D \\C as suit symbols, every other
    backslash as written (PBN 2.1 escapes a backslash in a tag value once, as \\\\)."""
    return re.sub(r"\\([SHDC])", lambda m: _SUIT_ESCAPES[m.group(0)], text)


def suits(text: str) -> str:
    """\\S \\H \\D \\C as suit symbols (3.8); a doubled backslash is a backslash."""
    return re.sub(r"\\(\\|[SHDC])", lambda m: _SUIT_ESCAPES.get(m.group(0), "\\"), text)


MAX_GAME_ITEMS = 150_000       # tags, tokens and comments in one game: a board's few hundred results fit many times
_SPACE = re.compile(r"\s+")    # every white space, NEL and the Unicode separators too
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")


def split_games(text: str) -> Iterator[tuple[list[Item], str | None]]:
    """The file cut into games, each a list of items (and a problem that stops the game), one at
    a time as each game ends: a file of fifty thousand games is never held as items all at once,
    and a game of more than MAX_GAME_ITEMS entries (a ScoreTable or a play of hundreds of
    thousands) is refused as soon as it passes the bound, its rest skipped to the next blank line."""
    items: list[Item] = []
    broken: tuple[int, Message] | None = None       # the first thing that breaks the game: its line and why
    line, i, n = 1, 0, len(text)
    done: list[tuple[list[Item], str | None]] = []

    def close():
        nonlocal items, broken
        if items or broken:
            done.append((items, broken))
        items, broken = [], None

    while i < n:
        if done:
            yield done.pop(0)
        if len(items) > MAX_GAME_ITEMS:
            broken = broken or (line, M_("the game holds more than {most} entries (tags, calls, cards, results); a board's "
                                         "results are a few hundred at most", most=Count(MAX_GAME_ITEMS)))
            skip = _BLANK_LINE.search(text, i)
            end = n if skip is None else skip.start()
            line += text.count("\n", i, end)
            items, i = [t for t in items[:1000] if t.kind == "tag"], end      # its tags name the board
            continue
        ch = text[i]
        at_line_start = i == 0 or text[i - 1] == "\n"
        if ch == "%" and at_line_start:
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif ch.isspace():
            j = m.end() if (m := _SPACE.match(text, i)) else i + 1
            newlines = text.count("\n", i, j)
            line += newlines
            if newlines >= 2 or (newlines == 1 and i == 0):
                close()
            i = j
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                broken = broken or (line, M_("a comment opened with {brace} is never closed", brace="{"))
                end = n - 1
            items.append(Item("comment", text[i + 1:end], line))
            line += text.count("\n", i, end)
            i = end + 1
        elif ch == ";":
            end = text.find("\n", i)
            end = n if end < 0 else end
            items.append(Item("comment", text[i + 1:end], line))
            i = end
        elif ch == "[":
            m = _TAG.match(text, i)
            if not m:
                end = text.find("]", i)
                stop = text.find("\n", i)
                end = end if 0 <= end and (stop < 0 or end < stop) else (n - 1 if stop < 0 else stop - 1)
                broken = broken or (line, M_("'{text}' is not a tag (a tag is [Name \"value\"])",
                                             text=AsTyped(text[i:end + 1][:40])))
                i = end + 1
                continue
            name = m.group(1)
            if name in _STARTS_GAME and any(t.kind == "tag" and t.text == name for t in items):
                close()
            items.append(Item("tag", name, line, _unescape(m.group(2))))
            line += m.group(0).count("\n")
            i = m.end()
        elif ch == '"':
            m = _STRING.match(text, i)
            if not m:
                broken = broken or (line, M_("a string opened with \" is never closed on its line"))
                end = text.find("\n", i)
                i = n if end < 0 else end
                continue
            items.append(Item("string", _unescape(m.group(1)), line))
            i = m.end()
        elif ch == "}":
            items.append(Item("stray", ch, line))    # a '}' with no comment open holds nothing: said, passed over
            i += 1
        elif ch == "]":
            broken = broken or (line, M_("']' without its opening bracket"))
            i += 1
        else:
            m = _TOKEN.match(text, i)
            assert m is not None        # this character is none of the others: a token starts here
            items.append(Item("token", m.group(0), line))
            i = m.end()
    close()
    yield from done


class Refused(Exception):
    def __init__(self, line: int, problem: str):
        self.line, self.problem = line, problem
