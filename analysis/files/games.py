"""Files of played boards, by kind: one table of readers, each giving the same GameFile of Games
(analysis.files.pbn). A new format is a new module with ``loads`` and one row here."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from analysis.files import lin, pbn
from analysis.files.game import GameFile
from analysis.limits import check_file_size
from analysis.vocabulary import Catalog


@dataclass(frozen=True)
class GameReader:
    kind: str
    extensions: tuple[str, ...]
    loads: Callable[..., GameFile]            # (data, progress=None, lang=…) -> GameFile
    looks_like: Callable[[str], bool]      # the content alone says it is this kind


GAME_READERS: tuple[GameReader, ...] = (
    GameReader("lin", (".lin",), lin.loads, lambda text: "md|" in text and "[Deal" not in text),
    GameReader("pbn", (".pbn",), pbn.loads, lambda text: True),          # PBN is the default
)


def game_file_kind(data: bytes | str, name: str = "") -> GameReader:
    """The reader for a file: by the name's extension, else by the content."""
    lower = name.lower()
    by_name = next((r for r in GAME_READERS if lower.endswith(r.extensions)), None)
    if by_name is not None:
        return by_name
    text = data.decode("latin-1") if isinstance(data, bytes) else data
    return next(r for r in GAME_READERS if r.looks_like(text))


def read_games(data: bytes | str, name: str, lang: Catalog,
               progress: Callable[[float], None] | None = None) -> GameFile:
    """The games of a PBN or LIN file (LIN when the name ends .lin or the text has md| and no tag),
    their notes read in English and in ``lang``; ``progress`` hears the share of the file read, now
    and then."""
    check_file_size(data, name or "file")
    return game_file_kind(data, name).loads(data, progress=progress, lang=lang)


__all__ = ["GameReader", "GAME_READERS", "game_file_kind", "read_games"]
