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
    if target.exists():
        raise HuddleInputError(str(target)[:200], "exists already; name a new file, so no backup is overwritten")
    partial = target.with_name(target.name + ".partial")
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
            partial.unlink()
            raise HuddleInputError("backup", f"the copy failed SQLite's integrity check ({check}); nothing was kept")
    else:
        # counted in the very snapshot pg_dump copies, so the figures are the backup's own
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
            snapshot = conn.execute(text("SELECT pg_export_snapshot()")).scalar_one()
            held = _counted(lambda sql: conn.execute(text(sql)).scalar_one(), set(inspect(conn).get_table_names()))
            _pg_tool("pg_dump", "--format=custom", "--no-owner", f"--snapshot={snapshot}", f"--file={partial}",
                     f"--dbname={_libpq(url)}")
        _pg_tool("pg_restore", "--list", str(partial))          # the archive reads back, or it is not kept
    partial.replace(target)
    return {"database": _shown(url), "backup": str(target), "bytes": target.stat().st_size, **held}


def restore(source: str | Path, url: str | None = None) -> dict:
    """The backup at ``source`` into the database at ``url``, which must hold no case yet."""
    url = url or settings.database_url()
    source = Path(source)
    if not source.is_file():
        raise HuddleInputError(str(source)[:200], "is not a backup file")
    held = counts(url)
    if held["cases"]:
        raise HuddleInputError("database", f"{_shown(url)} holds {held['cases']} cases already: restore into an "
                                           "empty database, so nothing is overwritten")
    engine = engine_for(url)
    if engine.url.get_backend_name() == "sqlite":
        if not _is_sqlite(source):
            raise HuddleInputError(str(source)[:200], "is not a SQLite backup (a PostgreSQL one restores into "
                                                      "PostgreSQL)")
        engine.dispose()
        with sqlite3.connect(source) as backup_file, sqlite3.connect(engine.url.database) as live:
            check = backup_file.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise HuddleInputError(str(source)[:200], f"fails SQLite's integrity check ({check})")
            backup_file.backup(live)
    else:
        if _is_sqlite(source):
            raise HuddleInputError(str(source)[:200], "is a SQLite backup: restore it into a SQLite database")
        engine.dispose()
        _pg_tool("pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
                 f"--dbname={_libpq(url)}", str(source))
    revision = upgrade(url)
    return {"database": _shown(url), "backup": str(source), "schema": revision, **counts(url)}


TABLES = ("case_record", "poll", "invite", "ballot", "ruling_version", "case_change")


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
