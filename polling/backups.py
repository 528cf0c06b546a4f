"""Backing up and restoring a Huddle database, on either database, while the server runs.

SQLite: SQLite's own backup copies the file with the pages still in the write-ahead log (a plain
copy misses them) and checks the copy's integrity before keeping it. PostgreSQL: pg_dump's custom
format, taken in one snapshot, so votes arriving during the backup are either all in it or not.
A restore goes only into an empty database (nothing is overwritten), and the migrations then
bring the schema up to date, so a backup from an older Huddle restores too.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Callable

from sqlalchemy import inspect, text

from analysis.errors import HuddleInputError

from . import settings
from .db import engine_for, upgrade

PG_TOOLS_ENV = "HUDDLE_PG_BIN"          # where pg_dump and pg_restore are, when not on the PATH


def backup(target: str | Path, url: str | None = None) -> dict:
    """A consistent copy of the database at ``target`` (which must not exist yet), with what
    the copy holds (counted in the copy, or in the snapshot pg_dump takes)."""
    url = url or settings.database_url()
    target = Path(target)
    if target.exists() or target.is_symlink():
        raise HuddleInputError(str(target)[:200], "exists already; name a new file, so no backup is overwritten")
    partial = target.with_name(target.name + ".partial")
    _private_new(partial)
    try:
        held = _copy(url, partial)
        partial.replace(target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.chmod(target, 0o600)
    return {"database": _shown(url), "backup": str(target), "bytes": target.stat().st_size, **held}


def _private_new(path: Path) -> None:
    """``path`` made anew, empty and readable by this user alone (0600), whatever the umask: a
    backup holds password hashes, pollees' names and contacts. A file (or a link) already there is
    never followed or written into."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0), 0o600))
    except FileExistsError:
        raise HuddleInputError(str(path)[:200], "exists already (a backup cut short, or someone else's file): "
                                                "remove it, or name another backup") from None
    except OSError as exc:
        raise HuddleInputError(str(path)[:200], f"cannot be written ({exc.strerror})") from None


def _copy(url: str, partial: Path) -> dict:
    """The database copied into ``partial`` (made empty, 0600), checked; what the copy holds."""
    engine = engine_for(url)
    if engine.url.get_backend_name() == "sqlite":
        if not engine.url.database:
            raise HuddleInputError("database", "an in-memory database has nothing to back up")
        with sqlite3.connect(engine.url.database) as live, sqlite3.connect(partial) as copy:
            live.backup(copy)
        with sqlite3.connect(partial) as copy:
            check = copy.execute("PRAGMA integrity_check").fetchone()[0]
            held = _counted(lambda sql: copy.execute(sql).fetchone()[0],
                            {name for (name,) in copy.execute("SELECT name FROM sqlite_master WHERE type = 'table'")})
        if check != "ok":
            raise HuddleInputError("backup", f"the copy failed SQLite's integrity check ({check}); nothing was kept")
    else:
        # counted in the very snapshot pg_dump copies, so the figures are the backup's own
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
            snapshot = conn.execute(text("SELECT pg_export_snapshot()")).scalar_one()
            held = _counted(lambda sql: conn.execute(text(sql)).scalar_one(), set(inspect(conn).get_table_names()))
            _pg_tool("pg_dump", "--format=custom", "--no-owner", f"--snapshot={snapshot}", f"--file={partial}",
                     f"--dbname={_libpq(url)}")
        _pg_tool("pg_restore", "--list", str(partial))          # the archive reads back, or it is not kept
    return held


def restore(source: str | Path, url: str | None = None) -> dict:
    """The backup at ``source`` into the database at ``url``, which must hold no case yet."""
    url = url or settings.database_url()
    source = Path(source)
    if not source.is_file():
        raise HuddleInputError(str(source)[:200], "is not a backup file")
    filled = rows_held(url)
    if filled:
        raise HuddleInputError("database", f"{_shown(url)} is not empty ({', '.join(filled)}): restore into an "
                                           "empty database, so nothing is overwritten")
    engine = engine_for(url)
    if engine.url.get_backend_name() == "sqlite":
        if not _is_sqlite(source):
            raise HuddleInputError(str(source)[:200], "is not a SQLite backup (a PostgreSQL one restores into "
                                                      "PostgreSQL)")
        engine.dispose()
        try:
            with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as backup_file:
                check = backup_file.execute("PRAGMA integrity_check").fetchone()[0]
                if check != "ok":
                    raise HuddleInputError(str(source)[:200], f"fails SQLite's integrity check ({check})")
                _only_huddles_schema(backup_file, str(source))
                with sqlite3.connect(engine.url.database) as live:
                    backup_file.backup(live)
        except sqlite3.DatabaseError as exc:
            raise HuddleInputError(str(source)[:200], f"is not a whole SQLite backup ({exc}): cut short, or "
                                                      "damaged") from None
    else:
        if _is_sqlite(source):
            raise HuddleInputError(str(source)[:200], "is a SQLite backup: restore it into a SQLite database")
        _only_huddles_archive(source)
        engine.dispose()
        # no owner and no permissions come in with it: a GRANT in the archive is the archive's, not Huddle's
        _pg_tool("pg_restore", "--clean", "--if-exists", "--no-owner", "--no-acl", "--single-transaction",
                 f"--dbname={_libpq(url)}", str(source))
        _same_definitions(url, str(source))
    revision = upgrade(url)
    return {"database": _shown(url), "backup": str(source), "schema": revision, **counts(url)}


TABLES = ("case_record", "poll", "invite", "ballot", "ruling_version", "case_change")


def _same_definitions(url: str, where: str) -> None:
    """After a PostgreSQL restore: each table holds the columns Huddle's schema defines at the
    archive's revision and no check constraint of its own (an extra column or check would come in
    with the archive and stay). Otherwise the restore is undone (the database was empty) and
    refused, naming what was found."""
    from sqlmodel import SQLModel
    from . import models  # noqa: F401  (registers the tables)
    engine = engine_for(url)
    with engine.connect() as conn:
        revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one_or_none()
        expected = {(kind, name): cols for (kind, name), cols in reference_schema(revision).items()
                    if kind == "table"} if revision else {}
        seen = inspect(conn)
        extra = []
        for table in seen.get_table_names(schema=HUDDLE_SCHEMA):
            columns = {c["name"] for c in seen.get_columns(table, schema=HUDDLE_SCHEMA)}
            extra += [f"column {table}.{c}" for c in sorted(columns - expected.get(("table", table), columns))]
            extra += [f"check {table}.{c['name']}" for c in seen.get_check_constraints(table, schema=HUDDLE_SCHEMA)
                      if table in SQLModel.metadata.tables and c["name"] not in
                      {k.name for k in SQLModel.metadata.tables[table].constraints}]
    if extra:
        with engine.begin() as conn:          # the database was empty: it is left empty again
            for table in inspect(conn).get_table_names(schema=HUDDLE_SCHEMA):
                conn.execute(text(f'DROP TABLE IF EXISTS "{HUDDLE_SCHEMA}"."{table}" CASCADE'))
        engine.dispose()
        raise HuddleInputError(where[:200], "holds what Huddle's schema does not (" + ", ".join(extra[:6])
                               + (", …" if len(extra) > 6 else "") + "): nothing was restored")


def rows_held(url: str) -> list[str]:
    """Every table of the database that holds a row (the schema's own version stamp aside): a
    database with organisations, accounts, roles, a panel or sign-ins is not empty, case or no case."""
    with engine_for(url).connect() as conn:
        names = [n for n in inspect(conn).get_table_names() if n != "alembic_version"]
        held = []
        for name in sorted(names):
            rows = conn.execute(text(f'SELECT count(*) FROM "{name}"')).scalar_one()
            if name == "organisation" and rows == 1 and conn.execute(text(
                    "SELECT count(*) FROM organisation WHERE id = 1 AND slug = 'default'")).scalar_one():
                continue                   # the default organisation the migrations make
            if rows:
                held.append(name)
        return held


def reference_schema(revision: str) -> dict[str, set]:
    """Huddle's own schema at ``revision``: what its migrations make, as SQLite records it
    ({(type, name): columns}), built in a throw-away database."""
    import tempfile
    from alembic import command
    from .db import alembic_config
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'reference.sqlite'}"
        command.upgrade(alembic_config(url), revision)
        engine_for(url).dispose()
        with sqlite3.connect(Path(folder) / "reference.sqlite") as conn:
            return _schema_of(conn)


def _schema_of(conn: sqlite3.Connection) -> dict[tuple[str, str], set]:
    out = {}
    for kind, name in conn.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"):
        columns = {r[1] for r in conn.execute(f'PRAGMA table_info("{name}")')} if kind == "table" else set()
        out[(kind, name)] = columns
    return out


def _only_huddles_schema(conn: sqlite3.Connection, where: str) -> None:
    """A SQLite backup holds Huddle's own tables, columns and indexes at its revision, nothing more:
    a trigger, a view or a table of its own would come into Huddle with it and stay there."""
    try:
        revision = conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    except (sqlite3.DatabaseError, TypeError):
        raise HuddleInputError(where, "is not a Huddle backup (it has no schema version)") from None
    from alembic.script import ScriptDirectory
    from .db import alembic_config
    known = {r.revision for r in ScriptDirectory.from_config(alembic_config("sqlite://")).walk_revisions()}
    if revision not in known:
        raise HuddleInputError(where, f"has schema '{str(revision)[:20]}', which this Huddle does not know")
    expected, found = reference_schema(revision), _schema_of(conn)
    extra = sorted(f"{kind} {name}" for kind, name in found if (kind, name) not in expected)
    extra += sorted(f"column {name}.{c}" for (kind, name), cols in found.items()
                    if (kind, name) in expected for c in cols - expected[(kind, name)])
    if extra:
        raise HuddleInputError(where, "holds what Huddle's schema does not (" + ", ".join(extra[:6])
                                      + (", …" if len(extra) > 6 else "") + "): nothing was restored")


# what a pg_dump archive of Huddle holds: tables, their data, indexes, constraints and sequences
_ARCHIVE_KINDS = {"TABLE", "TABLE DATA", "INDEX", "CONSTRAINT", "FK CONSTRAINT", "SEQUENCE", "SEQUENCE OWNED BY",
                  "SEQUENCE SET", "DEFAULT", "SCHEMA", "COMMENT", "ACL", "DATABASE", "ENCODING", "STDSTRINGS",
                  "SEARCHPATH"}


HUDDLE_SCHEMA = "public"          # the schema Huddle's migrations make its tables in
_IN_A_SCHEMA = {"TABLE", "TABLE DATA", "INDEX", "CONSTRAINT", "FK CONSTRAINT", "SEQUENCE", "SEQUENCE OWNED BY",
                "SEQUENCE SET", "DEFAULT"}


def _only_huddles_archive(source: Path) -> None:
    """A PostgreSQL backup's table of contents holds Huddle's kinds of object only: no function,
    trigger, view, rule, policy or extension comes in with it."""
    folder = os.environ.get(PG_TOOLS_ENV)
    tool = os.path.join(folder, "pg_restore") if folder else shutil.which("pg_restore")
    if not tool:
        _pg_tool("pg_restore")              # says what is missing
    done = subprocess.run([tool, "--list", str(source)], capture_output=True, text=True)
    if done.returncode != 0:
        raise HuddleInputError(str(source)[:200], "is not a whole PostgreSQL backup: "
                               + (done.stderr.strip().splitlines() or ["unreadable"])[-1][:200])
    from .models import SQLModel
    ours = set(SQLModel.metadata.tables) | {"alembic_version"}
    unknown = set()
    for line in done.stdout.splitlines():
        if not line.strip() or line.startswith(";"):
            continue
        words = line.split()
        kind = " ".join(w for w in words[3:6] if w.isupper() and w.isalpha())
        kinds = [k for k in sorted(_ARCHIVE_KINDS, key=len, reverse=True) if " ".join(words[3:]).startswith(k + " ")]
        if not kinds:
            unknown.add(kind or " ".join(words[3:5]))
            continue
        rest = words[3 + len(kinds[0].split()):]            # the schema (or "-") and the name, then the owner
        if kinds[0] == "SCHEMA" and len(rest) > 1 and rest[1] != HUDDLE_SCHEMA:
            unknown.add(f"schema {rest[1]}")
        elif kinds[0] in _IN_A_SCHEMA and rest and rest[0] not in (HUDDLE_SCHEMA, "-"):
            unknown.add(f"schema {rest[0]}")               # Huddle's tables live in its own schema alone
        elif kinds[0] in ("TABLE", "TABLE DATA") and len(rest) > 1 and rest[1] not in ours:
            unknown.add(f"table {rest[1]}")
    if unknown:
        raise HuddleInputError(str(source)[:200], "holds what Huddle's schema does not (" + ", ".join(sorted(unknown))
                               + "): nothing was restored")


def counts(url: str) -> dict:
    """How many cases, polls, links, ballots, ruling versions and changes the database holds
    (none for a database not yet set up)."""
    with engine_for(url).connect() as conn:
        return _counted(lambda sql: conn.execute(text(sql)).scalar_one(), set(inspect(conn).get_table_names()))


def _counted(count: Callable[[str], int], present: set[str]) -> dict:
    out = {table: count(f"SELECT count(*) FROM {table}") if table in present else 0 for table in TABLES}
    return {"cases": out["case_record"], "polls": out["poll"], "links": out["invite"], "ballots": out["ballot"],
            "ruling_versions": out["ruling_version"], "changes": out["case_change"]}


def _is_sqlite(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(16) == b"SQLite format 3\x00"


def _libpq(url: str) -> str:
    """The SQLAlchemy URL as pg_dump reads it (no driver name)."""
    return engine_for(url).url.set(drivername="postgresql").render_as_string(hide_password=False)


def _shown(url: str) -> str:
    return engine_for(url).url.render_as_string(hide_password=True)


def _pg_tool(name: str, *args: str) -> None:
    folder = os.environ.get(PG_TOOLS_ENV)
    found = os.path.join(folder, name) if folder else shutil.which(name)
    if not found or not os.path.exists(found):
        raise HuddleInputError("database", f"{name} is needed for a PostgreSQL database: install the PostgreSQL "
                                           f"client, or set {PG_TOOLS_ENV} to its folder")
    done = subprocess.run([found, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise HuddleInputError(name, (done.stderr.strip().splitlines() or ["failed"])[-1][:300])


__all__ = ["backup", "restore", "counts", "TABLES"]
