"""Where Huddle keeps its data: one URL setting (HUDDLE_DATABASE_URL) and the data folder."""
from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def data_dir() -> Path:
    return Path(os.environ.get("HUDDLE_DATA_DIR", PROJECT_ROOT / "data"))


def database_url() -> str:
    """HUDDLE_DATABASE_URL, or the embedded SQLite file data/huddle.sqlite."""
    url = os.environ.get("HUDDLE_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{data_dir() / 'huddle.sqlite'}"


def example_cases_dir() -> Path:
    return data_dir() / "cases"


def research_dir() -> Path:
    return data_dir() / "research"


def reports_dir() -> Path:
    """Where `huddle report` and the app's report button save: HUDDLE_REPORTS_DIR or data/reports."""
    given = os.environ.get("HUDDLE_REPORTS_DIR")
    return Path(given) if given else data_dir() / "reports"


def migrations_dir() -> Path:
    return PROJECT_ROOT / "migrations"


def secret_key() -> bytes:
    """The key that signs login cookies: HUDDLE_SECRET_KEY, or a random key kept (mode 0600) in
    the data folder, made on first use."""
    given = os.environ.get("HUDDLE_SECRET_KEY")
    if given:
        return given.encode()
    path = data_dir() / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:      # another process made it first
            pass
        else:
            with os.fdopen(fd, "w") as out:
                out.write(os.urandom(32).hex())
    return path.read_text().strip().encode()
