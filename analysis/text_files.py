"""Text from a file as a director has it: UTF-8 with or without a byte-order mark, or ISO 8859-1
(Latin-1, the character set PBN prescribes), with CR, LF or CRLF line ends."""
from __future__ import annotations


def decode(data: bytes | str) -> tuple[str, str]:
    """The text with LF line ends, and the encoding it was read in."""
    if isinstance(data, bytes):
        if data.startswith(b"\xef\xbb\xbf"):
            text, encoding = data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
        else:
            try:
                text, encoding = data.decode("utf-8"), "utf-8"
            except UnicodeDecodeError:
                text, encoding = data.decode("latin-1"), "latin-1"
    else:
        text, encoding = data.lstrip("\ufeff"), "text"
    return text.replace("\r\n", "\n").replace("\r", "\n"), encoding
