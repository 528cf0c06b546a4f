"""What every command shares: the exit status of a user mistake, reading and writing the files it is
given, the organisation and the stored case it acts on, and argparse types that refuse in words."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NamedTuple

from analysis.errors import HuddleInputError


EXIT_USER_ERROR = 2
# `huddle rule` on a case whose ruling cannot conclude yet (facts not found, no evidence on logical
# alternatives, a question open): it prints what the ruling waits for and exits with this status
EXIT_NOT_DECIDED = 3


class Finished(NamedTuple):
    """A command's output with an exit status other than 0 that is no mistake of the user's."""

    output: dict | str
    status: int



def database() -> None:
    """The schema brought up to date (the app and every command run the migrations first)."""
    from polling.setup import prepare_database
    prepare_database(load_examples=False)



def board_number(text: str) -> int:
    if not text.isdecimal() or not 1 <= int(text) <= 9999:
        raise argparse.ArgumentTypeError(f"'{text}' is not a board number (1 to 9999)")
    return int(text)



def who(args) -> str:
    import getpass
    return args.as_user or f"cli:{getpass.getuser()}"



def acting_organisation(args, director: bool = False) -> int:
    """The organisation a stored-case command acts in: --org (default: the default organisation),
    or, when --as names an account, that account's organisation, where it must hold a role (a
    director's, to change a case). A case of any other organisation is refused as unknown."""
    from polling import accounts, organisations
    database()
    chosen = organisations.find_organisation(args.org).id if getattr(args, "org", None) else None
    if not getattr(args, "as_user", None):
        return chosen or organisations.DEFAULT_ORGANISATION
    held = accounts.roles_of(args.as_user)
    if held is None:
        raise HuddleInputError("--as", f"there is no account named '{args.as_user[:60]}'; give an account's user "
                                       "name, or leave --as out to act as yourself")
    disabled, roles = held
    if disabled:
        raise HuddleInputError("--as", f"the account '{args.as_user}' is disabled")
    role = next((r for r in roles if chosen in (None, r.organisation_id)), None)
    if role is None:
        raise HuddleInputError("--as", f"'{args.as_user}' holds no role in that organisation")
    if director and role.role not in ("director", "administrator"):
        raise HuddleInputError("--as", f"'{args.as_user}' is a {role.role} of {role.organisation}: only a director "
                                       "changes a case")
    return role.organisation_id



def reading_language(args):
    """The language a command reads what is typed in (besides English): --language, else the
    organisation acted in's, else English."""
    from analysis.language import language
    code = getattr(args, "language", None)
    if code:
        try:
            return language(code)
        except HuddleInputError as exc:
            raise exc.at("--language") from None
    if not (getattr(args, "org", None) or getattr(args, "as_user", None)):
        return language(default_organisation_language())
    try:
        from polling import organisations
        return language(organisations.get_organisation(acting_organisation(args)).language or None)
    except HuddleInputError:
        raise
    except Exception:           # no database to ask (a calculator on a machine without one): English
        return language(None)


def default_organisation_language() -> str | None:
    """The default organisation's language, read straight from the configured database (sqlite3
    or psycopg, one query): a calculator then starts without importing the storage layer
    (SQLModel, SQLAlchemy, Alembic: 0.4 s). None when there is no database to ask, or no
    organisation in it yet (English)."""
    from polling.settings import DEFAULT_ORGANISATION, database_url
    url, query = database_url(), f"SELECT language FROM organisation WHERE id = {DEFAULT_ORGANISATION}"
    try:
        if url.startswith("sqlite:///"):
            import sqlite3
            from contextlib import closing
            path = Path(url.removeprefix("sqlite:///"))
            if not path.is_file():
                return None
            with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as connection:
                row = connection.execute(query).fetchone()
        elif url.startswith("postgresql"):
            import psycopg
            with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1), connect_timeout=5) as c:
                row = c.execute(query).fetchone()
        else:
            return None
    except Exception:           # no table yet, no server to ask: English
        return None
    return row[0] if row and row[0] else None


def links_base(args) -> str:
    """The address links carry: --base, else HUDDLE_PUBLIC_URL. The command line cannot know the
    port and address the server listens on: links it guessed (this machine's first address, port
    8501) were dead elsewhere and nothing said so."""
    from polling import settings
    base = args.base or settings.configured_public_url()
    if not base:
        raise HuddleInputError("--base", "give the address people reach the server at (e.g. "
                                         "http://192.168.1.20:8501), or set HUDDLE_PUBLIC_URL; no link was issued")
    return base


def stored_case(args, director: bool = False) -> int:
    """The record id of the case ``args.id`` (or ``args.case``) in the organisation acted in."""
    from polling import cases
    slug = getattr(args, "id", None)
    slug = getattr(args, "case", "") if slug is None else slug
    return cases.find_case(slug, organisation_id=acting_organisation(args, director))



def read_bytes(path: str) -> bytes:
    """A file's bytes, at most MAX_FILE_BYTES of them (a device or a huge file is refused, never
    read whole)."""
    from analysis.limits import MAX_FILE_BYTES
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise HuddleInputError(path[:200], f"cannot read the file ({exc.strerror})") from None
    except ValueError:                        # a NUL character in the name
        raise HuddleInputError("file", "the name holds a character no file name can") from None
    if len(data) > MAX_FILE_BYTES:
        raise HuddleInputError(path[:200], f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; "
                                           "a hand-record, case or results file is far smaller")
    return data



def write_output(name: str, text: str) -> str:
    """Write ``--output``, or refuse it in words (a folder, a device, no such folder, no right).
    Returns what was done, for the command to say: "Wrote", or "Replaced" a file already there."""
    done = "Replaced" if is_file(name) else "Wrote"
    try:
        Path(name).write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise HuddleInputError("--output", f"'{name[:80]}' cannot be written "
                                           f"({getattr(exc, 'strerror', None) or 'not a usable name'})") from None
    return done



def is_file(text: str) -> bool:
    try:
        return Path(text).is_file()
    except (OSError, ValueError):          # a name too long, or with a NUL, names no file
        return False



def output_folder(text: str) -> Path:
    """A folder to write into: an existing folder, or one that can be made."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        raise HuddleInputError("--output", f"'{text[:80]}' is not a folder Huddle can write in "
                                           f"({getattr(exc, 'strerror', None) or 'not a usable name'})") from None
    return folder



def bounded(kind, low, high, what: str):
    """An argparse type: a number of ``kind`` from ``low`` to ``high``, refused in words otherwise."""
    def read(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text[:20]}' is not {what}") from None
        if not low <= value <= high:         # NaN fails both comparisons
            raise argparse.ArgumentTypeError(f"{text[:20]} is outside {low} to {high} ({what})")
        return value
    return read



def read_file(path: str) -> str:
    from analysis.files.text import decode
    return decode(read_bytes(path))[0]



def case_file(path: str):
    from analysis.law import case as case_files
    text = read_file(path)
    try:
        return case_files.loads(text)
    except HuddleInputError as exc:
        raise HuddleInputError(f"{path}: {exc.field}", exc.problem) from None



def club_time(at) -> str:
    """A stored moment on the club's clock, its zone named: "2026-11-28 15:30 CET"."""
    from datetime import timezone
    from polling.settings import club_time_zone
    local = (at if at.tzinfo else at.replace(tzinfo=timezone.utc)).astimezone(club_time_zone())
    return f"{local:%Y-%m-%d %H:%M} {local.tzname()}"
