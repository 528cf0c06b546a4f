"""The database: one engine per URL (SQLite by default, PostgreSQL through the same setting),
migrations run with alembic, and the example cases loaded on first start."""
from __future__ import annotations

import functools
import threading
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, event
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, create_engine, select

from analysis.errors import HuddleInputError

from . import settings
from .models import DEFAULT_ORGANISATION, CaseRecord, utcnow


@functools.lru_cache(maxsize=8)
def engine_for(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1].split("?", 1)[0]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            # readable by the owner only; SQLite gives its -wal and -shm files the database's mode
            settings.make_private(Path(path))
        # a connection per server thread that reads at once (fifty voters): opening one costs more
        # than keeping it, so the pool keeps up to 32
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               pool_size=32, max_overflow=32)
        _configure_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _connection_record):
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        # Read-then-write transactions must hold the write lock from the start, or a concurrent
        # writer turns the upgrade into SQLITE_BUSY_SNAPSHOT that no busy timeout can wait out.
        # A reading session (below) begins plainly: in WAL mode readers wait for no one.
        conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get(_READING) else "BEGIN IMMEDIATE")


_READING = "huddle_reading"


class _TakingTurns(Session):
    """A writing session on SQLite: the threads of this process (the server's sessions) take
    turns at a lock before SQLite's write lock, so a waiting writer starts the moment the last
    one ends instead of polling SQLite's busy handler (which sleeps up to 100 ms a try)."""

    def __init__(self, bind: Engine, turn: threading.RLock):
        super().__init__(bind, expire_on_commit=False)
        self._turn = turn

    def __enter__(self):
        self._turn.acquire()
        return super().__enter__()

    def __exit__(self, *exc):
        try:
            super().__exit__(*exc)
        finally:
            self._turn.release()


@functools.lru_cache(maxsize=8)
def _turn_for(url: str) -> threading.RLock:
    return threading.RLock()


def writing(url: str | None = None) -> Session:
    """A session for a transaction that writes (on SQLite it holds the write lock from its start).
    Use it as a context manager: ``with writing(url) as session: ...``."""
    url = url or settings.database_url()
    if url.startswith("sqlite"):
        return _TakingTurns(engine_for(url), _turn_for(url))
    return Session(engine_for(url), expire_on_commit=False)


def commit_or_refuse(session: Session, field: str, problem: str) -> None:
    """Commit, or, when the database's own constraint refuses the row (a second vote on one link,
    a taken name, the same thing done twice at the same moment), write nothing and say ``problem``
    about ``field`` in words."""
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise HuddleInputError(field, problem) from None


def reading(url: str | None = None) -> Session:
    """A session that only reads: on SQLite it takes no lock, so a page that reads never queues
    behind a vote being written, nor behind other readers. It refuses to write."""
    session = Session(_reader_for(url or settings.database_url()), expire_on_commit=False)
    event.listen(session, "before_flush", _refuse_to_write)
    return session


@functools.lru_cache(maxsize=8)
def _reader_for(url: str) -> Engine:
    return engine_for(url).execution_options(**{_READING: True})


def _refuse_to_write(session, _context, _instances) -> None:
    raise RuntimeError("a reading session cannot write: use db.writing()")


def engine() -> Engine:
    return engine_for(settings.database_url())


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(settings.migrations_dir()))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str | None = None) -> str:
    """Run the migrations up to head; returns the revision now in force."""
    url = url or settings.database_url()
    engine_for(url)  # creates the SQLite folder
    current = _current_revision(url)
    if current == head_revision():             # nothing for alembic to run
        return current
    command.upgrade(alembic_config(url), "head")
    return _current_revision(url)


def _current_revision(url: str) -> str:
    with engine_for(url).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision() or ""


def health(url: str | None = None) -> dict:
    """What a load balancer asks before sending people here: the database answers, and its
    schema is the one this code was written for ("outdated" while the migrations have not run).
    It only reads (on SQLite it waits behind no writer) and reads the migrations once."""
    url = url or settings.database_url()
    engine = _reader_for(url)
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision() or ""
    expected = head_revision()
    return {"status": "ok" if current == expected else "outdated", "database": engine.url.get_backend_name(),
            "schema": current, "expected": expected}


@functools.lru_cache(maxsize=1)
def head_revision() -> str:
    """The newest migration this code carries (read from the migrations folder once)."""
    from alembic.script import ScriptDirectory
    config = Config()
    config.set_main_option("script_location", str(settings.migrations_dir()))
    return ScriptDirectory.from_config(config).get_current_head() or ""


def list_cases(url: str | None = None, organisations: tuple[int, ...] | None = None) -> list[CaseRecord]:
    """Every case with its case file (of ``organisations`` only, when given)."""
    query = select(CaseRecord).order_by(CaseRecord.id)
    if organisations is not None:
        query = query.where(CaseRecord.organisation_id.in_(organisations))
    with reading(url) as session:
        return list(session.exec(query).all())


@dataclass(frozen=True)
class CaseSummary:
    """What a list of cases shows: the case file itself is not read."""

    id: int
    slug: str
    title: str
    kind: str
    status: str
    version: int


def case_index(url: str | None = None, organisation_id: int = DEFAULT_ORGANISATION) -> list[CaseSummary]:
    """Every case of an organisation, without its case file: the case list and the case pickers."""
    columns = (CaseRecord.id, CaseRecord.slug, CaseRecord.title, CaseRecord.kind, CaseRecord.status, CaseRecord.version)
    with reading(url) as session:
        return [CaseSummary(*row) for row in session.exec(
            select(*columns).where(CaseRecord.organisation_id == organisation_id).order_by(CaseRecord.id)).all()]


__all__ = ["engine", "engine_for", "upgrade", "commit_or_refuse", "list_cases", "case_index", "CaseSummary",
           "reading", "writing", "utcnow"]
