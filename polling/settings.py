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


def migrations_dir() -> Path:
    return PROJECT_ROOT / "migrations"
