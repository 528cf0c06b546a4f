"""A throw-away PostgreSQL cluster on loopback (initdb + pg_ctl), for the database tests."""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from contextlib import contextmanager

from browser import free_port


def _bindir() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _as_cluster_owner(args: list[str]) -> list[str]:
    # initdb refuses to run as root: run the cluster as the postgres system user then.
    return ["runuser", "-u", "postgres", "--"] + args if os.geteuid() == 0 else args


@contextmanager
def postgres_cluster():
    """Yields a server URL prefix "postgresql+psycopg://postgres@127.0.0.1:PORT"."""
    bindir = _bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL server binaries not found (make test installs postgresql)")
    base = tempfile.mkdtemp(prefix="huddle-pg-")
    os.chmod(base, 0o755)
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
    data, port = os.path.join(base, "data"), free_port()
    run = lambda *a: subprocess.run(_as_cluster_owner(list(a)), check=True, capture_output=True)  # noqa: E731
    run(f"{bindir}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale")
    run(f"{bindir}/pg_ctl", "-D", data, "-l", os.path.join(base, "log"), "-w", "-o",
        f"-c listen_addresses=127.0.0.1 -p {port} -k {base} -c fsync=off", "start")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        run(f"{bindir}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
        shutil.rmtree(base, ignore_errors=True)


def fresh_database(server: str) -> str:
    """CREATE DATABASE with a unique name; returns its SQLAlchemy URL."""
    import psycopg
    name = "huddle_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server.replace("postgresql+psycopg", "postgresql") + "/postgres",
                         autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server}/{name}"


def restore_is_refused(server: str, folder, statements: list[str], match: str) -> None:
    """A Huddle database given ``statements`` (a trigger, a schema of its own…), backed up, and
    its restore into an empty database refused in words matching ``match``, nothing written."""
    import pytest
    from sqlalchemy import text
    from analysis.errors import HuddleInputError
    from polling import backups, setup
    from polling.db import engine_for
    source, target = fresh_database(server), fresh_database(server)
    setup.prepare_database(url=source)
    with engine_for(source).begin() as conn:
        for statement in statements:
            conn.execute(text(statement))
    path = folder / "hostile.dump"
    backups.backup(path, source)
    with pytest.raises(HuddleInputError, match=match):
        backups.restore(path, target)
    assert backups.rows_held(target) == []
    engine_for(source).dispose()
    engine_for(target).dispose()
