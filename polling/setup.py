"""Setting a database up: the migrations to the newest schema, then the example cases (each
with its source's ruling as the director's version 1). Above the storage modules it uses, so
none of them needs to import another in a loop."""
from __future__ import annotations

import functools
import json
import threading

from pathlib import Path

from sqlmodel import select

from analysis.law import case as case_files

from . import settings
from .cases import EXAMPLE_LOADER, add_case_record
from .db import engine_for, reading, upgrade, writing
from .models import DEFAULT_ORGANISATION, CaseRecord
from .rulings import add_version


def prepare_database(load_examples: bool = True, url: str | None = None) -> dict:
    """The database at ``url`` (or the configured one) migrated to the newest schema, with the
    example cases loaded unless asked not to: what it is, its schema and how many cases."""
    url = url or settings.database_url()
    revision = upgrade(url)
    loaded = load_example_cases(url) if load_examples else 0
    with reading(url) as session:
        count = len(session.exec(select(CaseRecord.id)).all())
    return {"database": engine_for(url).url.render_as_string(hide_password=True),
            "revision": revision, "examples_loaded": loaded, "cases": count}


def ready(url: str | None = None) -> dict:
    """The database prepared (migrated, the example cases loaded) once per process and database
    URL: what the app's pages, the sign-in page and the pollee's page each ask before their first
    query."""
    with _PREPARING:                  # alembic's context is one per process: never two upgrades at once
        return _ready(url or settings.database_url())


_PREPARING = threading.Lock()


@functools.lru_cache(maxsize=64)
def _ready(url: str) -> dict:
    return prepare_database(load_examples=True, url=url)


def load_example_cases(url: str | None = None, folder: Path | None = None) -> int:
    """Load every example case file not in the database yet (by id) into the default
    organisation; a case that comes with its ruling section gets that ruling saved as version 1
    (so it is "ruled", ready to appeal)."""
    folder = folder or settings.example_cases_dir()
    loaded = 0
    with writing(url) as session:
        known = set(session.exec(select(CaseRecord.slug).where(CaseRecord.organisation_id == DEFAULT_ORGANISATION)).all())
        for path in sorted(folder.glob("*.json")):
            text = path.read_text(encoding="utf-8")
            if json.loads(text).get("id") in known:     # read in full only when it is to be loaded
                continue
            case = case_files.loads(text)
            record = add_case_record(session, case, EXAMPLE_LOADER, "imported")
            if case.ruling is not None:       # the source's ruling, as the director's version 1
                add_version(session, record, case, EXAMPLE_LOADER)
            loaded += 1
        session.commit()
    return loaded


def example_ids() -> frozenset[str]:
    """The ids of Huddle's example cases (written in English), as the default organisation holds them."""
    return frozenset(path.stem for path in settings.example_cases_dir().glob("*.json"))


__all__ = ["prepare_database", "load_example_cases", "example_ids"]
