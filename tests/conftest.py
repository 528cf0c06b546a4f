from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference"
CASES = ROOT / "data" / "cases"


@pytest.fixture
def sqlite_url(tmp_path, monkeypatch):
    """A real SQLite file for one test, set as HUDDLE_DATABASE_URL."""
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    return url


@pytest.fixture(scope="session")
def postgres_server():
    from pg import postgres_cluster
    with postgres_cluster() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path, monkeypatch):
    """The same test on a real SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    else:
        from pg import fresh_database
        url = fresh_database(request.getfixturevalue("postgres_server"))
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    yield url
    from polling.db import engine_for
    engine_for(url).dispose()
