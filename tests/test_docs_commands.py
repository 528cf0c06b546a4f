"""docs/deploying.md's own commands, run as written: the organisations' commands, the backup and
the restore, and the HAProxy configuration the tests put in front of the servers is the one the
document gives (its TLS and the servers' addresses apart)."""
import io
import re
import shlex

import pytest

from conftest import ROOT
from test_cli import run

DEPLOYING = (ROOT / "docs" / "deploying.md").read_text(encoding="utf-8")


def _block(language: str, containing: str) -> list[str]:
    """The lines of the document's code block in ``language`` that holds ``containing``."""
    for block in re.findall(rf"```{language}\n(.*?)```", DEPLOYING, re.S):
        if containing in block:
            return [line for line in block.splitlines() if line.strip()]
    raise AssertionError(f"no {language} block with {containing!r} in docs/deploying.md")


def test_the_organisations_commands_run_as_written(capsys, monkeypatch, sqlite_url):
    """Each `huddle` line of the federation's block, its comments dropped; the one that asks for a
    password is given it on a terminal, as the document says."""
    import getpass
    monkeypatch.setattr(getpass, "getpass", lambda prompt="": "table-director")
    monkeypatch.setattr("sys.stdin", type("Terminal", (io.StringIO,), {"isatty": lambda self: True})())
    for line in _block("sh", "huddle org add nbo"):
        argv = shlex.split(line, comments=True)
        assert argv[0] == "huddle"
        code, out, err = run(capsys, *argv[1:])
        assert code == 0, (line, err)
    assert "North BC" in out and "South BC" in out and "National Bridge Organisation" in out
    from polling import accounts
    assert accounts.authenticate("ann", "table-director") is not None


@pytest.mark.parametrize("when", ["2026-11-24"])
def test_the_backup_and_the_restore_run_as_written(capsys, monkeypatch, tmp_path, sqlite_url, when):
    """`huddle backup /backups/huddle-2026-11-24.sqlite` and `huddle restore` of it into an empty
    database, the folder being the document's under a temporary root."""
    written = re.search(r"`huddle backup (/backups/huddle-[\d-]+\.sqlite)`", DEPLOYING).group(1)
    assert when in written
    target = tmp_path / written.lstrip("/")
    target.parent.mkdir(parents=True)
    from polling import setup
    setup.prepare_database()
    code, out, err = run(capsys, "backup", str(target))
    assert code == 0 and target.exists(), err
    empty = f"sqlite:///{tmp_path / 'empty.sqlite'}"
    monkeypatch.setenv("HUDDLE_DATABASE_URL", empty)
    code, out, err = run(capsys, "restore", str(target))
    assert code == 0 and out.startswith("Restored "), err


def test_the_haproxy_the_tests_run_is_the_documented_one():
    from proxy import HAPROXY
    documented = [re.sub(r"\s+#.*", "", line).strip() for line in _block("haproxy", "option httpchk")]
    ours = {re.sub(r"\s+#.*", "", line).strip() for line in HAPROXY.splitlines()}
    # TLS, the forwarded scheme and the servers are the install's own; the rest is the tests' too
    own = ("bind ", "http-request set-header X-Forwarded-Proto", "server ", "frontend ", "backend ", "default_backend")
    assert [line for line in documented if not line.startswith(own) and line not in ours] == []
