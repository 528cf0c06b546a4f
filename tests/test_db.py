"""The database through one URL setting: migrations and example loading on SQLite and PostgreSQL."""
import sqlite3

from alembic.script import ScriptDirectory

from polling import db, setup


def test_prepare_database_creates_schema_and_loads_examples(database_url):
    report = setup.prepare_database()
    head = ScriptDirectory.from_config(db.alembic_config(database_url)).get_current_head()
    assert report["revision"] == head == "0021"
    assert report["examples_loaded"] == report["cases"] >= 8
    again = setup.prepare_database()
    assert again["examples_loaded"] == 0 and again["cases"] == report["cases"]
    titles = [r.title for r in db.list_cases()]
    assert any("6♦" in t for t in titles)
    first = db.list_cases()[0]
    assert first.created_at.tzinfo is not None


def test_sqlite_file_settings(sqlite_url, tmp_path):
    setup.prepare_database(load_examples=False)
    with db.engine_for(sqlite_url).connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
    conn = sqlite3.connect(tmp_path / "huddle.sqlite")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_upgrading_a_database_in_use_keeps_every_row(database_url):
    """A database at 0005 with a case, a poll and its history is upgraded to head: nothing is lost
    (on SQLite a table rebuild with foreign keys on would cascade-delete the case's rows), and an
    unplayable board's kind then fits on both databases."""
    from alembic import command
    from sqlalchemy import text

    from analysis.law import case as case_files
    from conftest import ROOT
    from polling import cases
    command.upgrade(db.alembic_config(database_url), "0005")
    body = (ROOT / "data" / "cases" / "laws033-6d-slam.json").read_text()
    engine = db.engine_for(database_url)
    with engine.begin() as conn:
        rid = conn.execute(text("INSERT INTO case_record (slug, title, kind, body, status, created_at, updated_at) "
                                "VALUES ('x', 'X', 'UI', :b, 'open', :t, :t) RETURNING id"),
                           {"b": body, "t": "2026-01-01 00:00:00"}).scalar()
        conn.execute(text("INSERT INTO poll (case_id, problem, status, q4_enabled, created_at) "
                          "VALUES (:r, '{}', 'draft', false, :t)"), {"r": rid, "t": "2026-01-01 00:00:00"})
    assert db.upgrade(database_url) == "0021"
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM poll")).scalar() == 1
        assert conn.execute(text("SELECT kind, follows_id FROM poll")).one() == ("call", None)
        assert conn.execute(text("SELECT count(*) FROM case_record")).scalar() == 1
    unplayable = case_files.loads((ROOT / "tests" / "cases" / "rulings" / "unplayable-board.json").read_text())
    assert cases.get_case(cases.create_case(unplayable, "tess")).case.kind == "unplayable"


def test_a_reading_session_refuses_to_write(database_url):
    import pytest
    from polling.models import CaseRecord
    setup.prepare_database(load_examples=True)
    with db.reading() as session:
        record = session.get(CaseRecord, db.list_cases()[0].id)
        record.title = "changed by a reader"
        with pytest.raises(RuntimeError, match="cannot write"):
            session.commit()
    assert db.list_cases()[0].title != "changed by a reader"


def test_readers_never_wait_for_a_writer_on_sqlite(sqlite_url):
    """A voter opening a link reads while another voter's answer is being written: in WAL mode the
    reader takes no lock, so it answers at once instead of queueing behind the write lock."""
    import threading
    import time
    from sqlmodel import select
    from polling.models import CaseRecord
    setup.prepare_database(load_examples=True)
    held, release = threading.Event(), threading.Event()

    def writer():
        with db.writing() as session:
            record = session.exec(select(CaseRecord)).first()   # BEGIN IMMEDIATE: the write lock
            record.title = record.title + " (edited)"
            session.flush()
            held.set()
            release.wait(10)
            session.commit()

    thread = threading.Thread(target=writer)
    thread.start()
    assert held.wait(10)
    start = time.perf_counter()
    titles = [r.title for r in db.list_cases()]
    waited = time.perf_counter() - start
    release.set()
    thread.join(10)
    assert waited < 2 and not any(t.endswith("(edited)") for t in titles)   # the last committed state
    assert db.list_cases()[0].title.endswith("(edited)")


def test_alembic_on_the_command_line_migrates_the_database_the_app_uses(tmp_path):
    """docs/deploying.md's `alembic downgrade` with HUDDLE_DATABASE_URL set, run as written: the
    named database goes back, the embedded file in the checkout is not touched."""
    import os
    import subprocess
    import sys
    from conftest import ROOT
    from polling import db
    url = f"sqlite:///{tmp_path / 'named.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    local = ROOT / "data" / "huddle.sqlite"
    before = local.stat().st_mtime_ns if local.exists() else None
    alembic = [sys.executable, "-m", "alembic"]
    env = {**os.environ, "HUDDLE_DATABASE_URL": url}
    done = subprocess.run([*alembic, "downgrade", "0018"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert db.health(url)["schema"] == "0018"
    assert (local.stat().st_mtime_ns if local.exists() else None) == before
    assert subprocess.run([*alembic, "upgrade", "head"], cwd=ROOT, env=env, capture_output=True,
                          timeout=120).returncode == 0
    assert db.health(url)["schema"] == "0021"
