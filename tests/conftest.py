import os
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
