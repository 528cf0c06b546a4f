"""Text from a file as a director has it: UTF-8 with or without a byte-order mark, or ISO 8859-1
(Latin-1, the character set PBN prescribes), with CR, LF or CRLF line ends."""
from __future__ import annotations

import re


def decode(data: bytes | str) -> tuple[str, str]:
    """The text with LF line ends, and the encoding it was read in."""
    if isinstance(data, bytes):
        if data.startswith(b"\xef\xbb\xbf"):
            text, encoding = data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
        elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):           # UTF-16 with its byte-order mark
            text, encoding = data.decode("utf-16", errors="replace"), "utf-16"
        elif data[:2] in (b"<\x00", b"\x00<"):                   # UTF-16 XML without one
            encoding = "utf-16-le" if data[:1] == b"<" else "utf-16-be"
            text = data.decode(encoding, errors="replace")
        else:
            try:
                text, encoding = data.decode("utf-8"), "utf-8"
            except UnicodeDecodeError:
                text, encoding = data.decode("latin-1"), "latin-1"
    else:
        text, encoding = data.lstrip("\ufeff"), "text"
    # CR CR LF is CRLF written through a second text-mode conversion: one line end, not two
    return re.sub(r"\r+\n", "\n", text).replace("\r", "\n"), encoding


def check_table(text: str, where: str, most_rows: int) -> None:
    """A CSV table read as it stands, before anything builds on it: no row wider than its header
    (pandas would build an index from the extra cells, at a cost that grows with the file; a
    shorter row is read with its last cells empty), at most ``most_rows`` rows. Refused naming the
    row."""
    import csv
    import io
    from analysis.errors import HuddleInputError
    from analysis.messages import M_, Count
    rows = csv.reader(io.StringIO(text))
    number = 1
    try:
        header = next(rows, None)
        if not header:
            raise HuddleInputError(where, M_("the table has no header row"))
        for number, row in enumerate(rows, 2):
            if len(row) > len(header):
                raise HuddleInputError(f"{where}: line {number}", M_("{cells} cells where the header has {columns}",
                                                                     cells=len(row), columns=len(header)))
    except csv.Error:                 # a cell over the csv module's own bound (128 KB)
        raise HuddleInputError(f"{where}: line {number + 1}", M_("a cell of more than 128 KB")) from None
    if number - 1 > most_rows:
        raise HuddleInputError(where, M_("has {rows} rows; at most {most} are read", rows=Count(number - 1),
                                         most=Count(most_rows)))


# a control character: C0, DEL, C1, and the Unicode line and paragraph separators
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def printable(value) -> str:
    """Text from a file as a terminal or a page may show it: every control character (an escape
    sequence that would move a terminal's cursor or recolour it) a "?"."""
    return CONTROL.sub("?", str(value))


def spreadsheet_safe(value) -> str:
    """A CSV cell a spreadsheet will not run as a formula: text starting with = + - @ (or a tab or
    CR) gets a leading apostrophe; numbers such as -50 and 17/2, and a telephone number such as
    +33 6 12 34 56 78 (digits, spaces, dots, brackets, dashes: nothing a formula could call), stay
    as they are."""
    text = "" if value is None else str(value)
    plain = _is_number(text) or bool(_TELEPHONE.fullmatch(text))
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not plain else text


_TELEPHONE = re.compile(r"\+?[\d][\d ().\-]{5,30}")


def _is_number(text: str) -> bool:
    try:
        float(text.replace("/", "", 1) if text.count("/") == 1 else text)
        return True
    except ValueError:
        return False
