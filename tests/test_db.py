"""The database through one URL setting: migrations and example loading on SQLite and PostgreSQL."""
import sqlite3

from alembic.script import ScriptDirectory

from polling import db


def test_prepare_database_creates_schema_and_loads_examples(database_url):
    report = db.prepare_database()
    head = ScriptDirectory.from_config(db.alembic_config(database_url)).get_current_head()
    assert report["revision"] == head == "0007"
    assert report["examples_loaded"] == report["cases"] >= 8
    again = db.prepare_database()
    assert again["examples_loaded"] == 0 and again["cases"] == report["cases"]
    titles = [r.title for r in db.list_cases()]
    assert any("6♦" in t for t in titles)
    first = db.list_cases()[0]
    assert db.get_case(first.id).body == first.body
    assert first.created_at.tzinfo is not None


def test_sqlite_file_settings(sqlite_url, tmp_path):
    db.prepare_database(load_examples=False)
    with db.engine_for(sqlite_url).connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
    conn = sqlite3.connect(tmp_path / "huddle.sqlite")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
