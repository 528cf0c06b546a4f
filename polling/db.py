"""The database: one engine per URL (SQLite by default, PostgreSQL through the same setting),
migrations run with alembic, and the example cases loaded on first start."""
from __future__ import annotations

import functools
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, event
from sqlmodel import Session, create_engine, select

from . import settings
from .models import CaseRecord, utcnow


@functools.lru_cache(maxsize=8)
def engine_for(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1].split("?", 1)[0]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            # readable by the owner only; SQLite gives its -wal and -shm files the database's mode
            settings.make_private(Path(path))
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        _configure_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record):
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
        conn.exec_driver_sql("BEGIN IMMEDIATE")


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
    command.upgrade(alembic_config(url), "head")
    with engine_for(url).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision() or ""


def prepare_database(load_examples: bool = True, url: str | None = None) -> dict:
    url = url or settings.database_url()
    from .cases import load_example_cases  # cases builds on this module

    revision = upgrade(url)
    loaded = load_example_cases(url) if load_examples else 0
    with Session(engine_for(url)) as session:
        count = len(session.exec(select(CaseRecord.id)).all())
    return {"database": engine_for(url).url.render_as_string(hide_password=True),
            "revision": revision, "examples_loaded": loaded, "cases": count}


def list_cases(url: str | None = None) -> list[CaseRecord]:
    with Session(engine_for(url or settings.database_url())) as session:
        return list(session.exec(select(CaseRecord).order_by(CaseRecord.id)).all())


def get_case(case_id: int, url: str | None = None) -> CaseRecord | None:
    with Session(engine_for(url or settings.database_url())) as session:
        return session.get(CaseRecord, case_id)


__all__ = ["engine", "engine_for", "upgrade", "prepare_database",
           "list_cases", "get_case", "utcnow"]
