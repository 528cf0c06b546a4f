"""Bounds on what a person can type, paste or upload. Each lies far above any real bridge value
and far below what would tie up the server; docs/limits.md lists them with their reasons."""
from __future__ import annotations

import json

from analysis.errors import HuddleInputError
from analysis.messages import AsTyped, Count, M_, N_

# The largest score a board can give is 7,600: thirteen down, redoubled, vulnerable (Law 77).
MAX_SCORE = 10_000
# A number typed as a fraction, decimal or percentage ("1/3", "0.25", "25%").
MAX_NUMBER_CHARS = 24
# Results of one board typed into the calculator or a case (repeats such as 420*4 included).
MAX_RESULTS_PER_BOARD = 100_000
# Pollees behind one count (a poll's size, or how many chose an action): polls have a handful.
MAX_POLL_COUNT = 10_000
# The longest text a case file may hold in one place (a reason, the notes, a source's ruling):
# some pages of prose. Longer, it is no note but a pasted file, and every report would carry it.
MAX_CASE_TEXT = 20_000
# Rows of a research corpus: real ones hold hundreds; this keeps an upload's fitting within seconds.
MAX_CORPUS_ROWS = 50_000
# A hand-record, LIN or results file, pasted or uploaded.
MAX_FILE_BYTES = 8 * 1024 * 1024


def check_file_size(data: bytes | str, field: str) -> bytes | str:
    """A file's contents when at most MAX_FILE_BYTES (an uploaded or pasted file: the same bound
    in the app as in the command line), else an error naming the file."""
    size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
    if size > MAX_FILE_BYTES:
        raise HuddleInputError(field, M_("is {size} bytes; files up to {max_file_bytes} MB are read", size=Count(size),
                                         max_file_bytes=MAX_FILE_BYTES // (1024 * 1024)))
    return data


# A person's name: club systems keep 60 to 100 characters.
MAX_NAME = 120


def person_name(text: str, field: str) -> str:
    """A person's name as typed, stripped: given, at most MAX_NAME characters, one line with no
    control character, and no "=?" (a mail program reads it as an encoded word, which may hide a
    second address in the To line). Else a refusal naming the field."""
    name = str(text or "").strip()
    if not name:
        raise HuddleInputError(field, M_("give the name"))
    check_length(name, MAX_NAME, field)
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in "\u2028\u2029" for c in name):
        raise HuddleInputError(field, M_("a name is one line of text, with no control character"))
    if "=?" in name:
        raise HuddleInputError(field, M_("'=?' cannot be part of a name (a mail program would read what follows as "
                                         "an encoded address)"))
    return name


def check_length(text: str, limit: int, field: str) -> str:
    """``text`` when it is at most ``limit`` long, else an error naming the field."""
    if len(text) > limit:
        raise HuddleInputError(field, M_("is {count} characters long; at most {limit} are read", count=Count(len(text)),
                                         limit=Count(limit)))
    return text


def check_texts(data, limit: int, field: str) -> None:
    """Every text in a JSON document is at most ``limit`` characters; the refusal names its place
    ("ruling.suggested.reason")."""
    stack = [(data, "")]
    while stack:
        value, at = stack.pop()
        if isinstance(value, str):
            check_length(value, limit, at or field)
        elif isinstance(value, dict):
            stack.extend((v, f"{at}.{k}" if at else str(k)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{at}[{i}]") for i, v in enumerate(value))


def _json_kind(value) -> str:
    if isinstance(value, bool):
        return N_("true or false")
    if isinstance(value, (int, float)):
        return N_("a number")
    if isinstance(value, list):
        return N_("a list")
    return N_("an object") if isinstance(value, dict) else type(value).__name__


def optional_text(value, field: str) -> str | None:
    """A text field of a file (an event, a session, a declarer): text or absent, never a list,
    an object or a number that would be stored and then fail in a report."""
    if value is None or isinstance(value, str):
        return value
    raise HuddleInputError(field, M_("must be text, not {json_kind}", json_kind=_json_kind(value)))


# A number in a JSON file: a board number, a score, a count (fractions travel as strings).
MAX_JSON_NUMBER_CHARS = 24


class _TooLong:
    def __init__(self, text: str):
        self.text = text


def _json_number(convert):
    """A number as JSON's reader meets it, or a marker the keys' check refuses by name."""
    def read(text: str):
        if len(text) > MAX_JSON_NUMBER_CHARS:
            return _TooLong(text)
        value = convert(text)
        return _TooLong(text) if value in (float("inf"), float("-inf")) else value
    return read


def _refuse_constant(name: str):
    raise HuddleInputError("JSON", M_("'{name}' is not a number a file may hold", name=AsTyped(name)))


def loads_json(text: str, field: str):
    """JSON as a person's file may hold it: a number of more than 24 characters (Python would refuse
    one of 4,300 digits only after spending time on it), an infinite one, NaN or Infinity is
    refused in words naming the key that holds it."""
    def where(key) -> str:
        return f"{field}, '{key}'" if key is not None else field

    def check(key, value):
        if isinstance(value, list):              # lists within lists too: the key that holds them is named
            for item in value:
                check(key, item)
        elif isinstance(value, _TooLong):
            shown = value.text if len(value.text) <= 30 else f"{value.text[:12]}… ({len(value.text):,} characters)"
            raise HuddleInputError(where(key), M_("the number {shown} is out of range (at most {max_json_number_chars} characters, "
                                                  "finite)", shown=shown, max_json_number_chars=MAX_JSON_NUMBER_CHARS))

    def pairs(items):
        for key, value in items:
            check(key, value)
        return dict(items)

    try:
        data = json.loads(text, parse_int=_json_number(int), parse_float=_json_number(float),
                          parse_constant=_refuse_constant, object_pairs_hook=pairs)
    except HuddleInputError as exc:
        raise exc.at(field if exc.field == "JSON" else exc.field) from None
    check(None, data)
    return data
