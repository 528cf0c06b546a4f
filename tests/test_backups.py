"""Backup and restore on both databases: a restore gives identical cases, polls, links, ballots,
rulings, committee votes and history; a backup taken while votes arrive is consistent; nothing is
ever overwritten."""
import threading

import pytest
from sqlalchemy import inspect, text

from analysis.errors import HuddleInputError
from polling import backups, committee, rulings, services, setup
from polling.cases import find_case, get_case
from polling.db import engine_for
from conftest import CASES

ROW_TABLES = ("case_record", "case_change", "ruling_version", "poll", "invite", "pollee", "ballot", "user_account",
              "committee_vote", "committee_decision", "organisation", "membership")


def _rows(url: str) -> dict[str, list[tuple]]:
    engine = engine_for(url)
    present = set(inspect(engine).get_table_names())
    with engine.connect() as conn:
        return {t: [tuple(r) for r in conn.execute(text(f"SELECT * FROM {t} ORDER BY 1"))] for t in ROW_TABLES
                if t in present}


def _an_evening(url: str) -> None:
    setup.prepare_database(url=url)
    record = find_case("laws033-6d-slam", url)
    poll = services.create_poll(record, "Matchpoints. Your call?", alternatives=("P",), url=url)
    for link in services.issue_invites(poll.id, ["Ann", "Bob", "Cy"], url=url):
        services.cast_vote(link.token, "P", ("6D",), {}, url=url)
    rulings.save_ruling(record, get_case(record, url).case.ruling, "tess", url)
    committee.record_vote(record, "cora", "uphold", "The poll is clear.", url=url)
    # a club beside the default organisation, with its director, its panel and its own case
    from polling import accounts, cases, organisations, panel
    club = organisations.create_organisation("north", "North BC", url=url)
    accounts.create_user("ann", "north-director", "director", url=url, organisation_id=club.id)
    panel.add_pollee("Ned North", "club", url=url, organisation_id=club.id)
    cases.create_case(get_case(record, url).case, "ann", url=url, organisation_id=club.id)


@pytest.fixture
def second_url(database_url, tmp_path, request):
    """An empty database of the same kind to restore into."""
    if database_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.sqlite'}"
    from pg import fresh_database
    return fresh_database(request.getfixturevalue("postgres_server"))


def test_a_restore_gives_back_every_row(database_url, second_url, tmp_path):
    _an_evening(database_url)
    made = backups.backup(tmp_path / "evening.backup", database_url)
    assert made["ballots"] == 3 and made["cases"] >= 11 and made["ruling_versions"] >= 12
    restored = backups.restore(tmp_path / "evening.backup", second_url)
    assert {k: restored[k] for k in ("cases", "polls", "links", "ballots", "ruling_versions", "changes")} == \
        {k: made[k] for k in ("cases", "polls", "links", "ballots", "ruling_versions", "changes")}
    assert _rows(second_url) == _rows(database_url)
    engine_for(second_url).dispose()


def test_a_restore_overwrites_nothing_and_refuses_the_other_kind_of_backup(database_url, second_url, tmp_path):
    _an_evening(database_url)
    backups.backup(tmp_path / "evening.backup", database_url)
    with pytest.raises(HuddleInputError, match="is not empty .*: restore into an empty database"):
        backups.restore(tmp_path / "evening.backup", database_url)
    with pytest.raises(HuddleInputError, match="exists already"):
        backups.backup(tmp_path / "evening.backup", database_url)
    other = tmp_path / "other.backup"
    if database_url.startswith("sqlite"):
        other.write_bytes(b"PGDMP not a sqlite file")
        with pytest.raises(HuddleInputError, match="is not a SQLite backup"):
            backups.restore(other, second_url)
    else:
        import sqlite3
        sqlite3.connect(other).execute("CREATE TABLE x (y)")
        with pytest.raises(HuddleInputError, match="is a SQLite backup"):
            backups.restore(other, second_url)
    engine_for(second_url).dispose()


def test_a_backup_taken_while_votes_arrive_is_consistent(database_url, second_url, tmp_path):
    setup.prepare_database(url=database_url)
    poll = services.create_poll(find_case("laws033-6d-slam", database_url), "Matchpoints. Your call?",
                                alternatives=("P",), url=database_url)
    links = services.issue_invites(poll.id, [f"Pollee {i}" for i in range(40)], url=database_url)
    started = threading.Event()

    def vote():
        for i, link in enumerate(links):
            services.cast_vote(link.token, "P", (), {}, url=database_url)
            if i == 5:
                started.set()
    voter = threading.Thread(target=vote)
    voter.start()
    started.wait(30)
    made = backups.backup(tmp_path / "busy.backup", database_url)
    voter.join()
    backups.restore(tmp_path / "busy.backup", second_url)
    with engine_for(second_url).connect() as conn:
        ballots = conn.execute(text("SELECT count(*) FROM ballot")).scalar_one()
        # a link is marked used in the same transaction as its ballot: never one without the other
        used = conn.execute(text("SELECT count(*) FROM invite WHERE used_at IS NOT NULL")).scalar_one()
    assert 6 <= ballots <= 40 and used == ballots
    assert made["ballots"] == ballots and made["links"] == 40          # the figures said are the backup's own
    engine_for(second_url).dispose()


def test_the_command_line_restores(sqlite_url, tmp_path, capsys, monkeypatch):
    from huddle.cli import main
    setup.prepare_database()
    assert main(["backup", str(tmp_path / "b.sqlite")]) == 0
    monkeypatch.setenv("HUDDLE_DATABASE_URL", f"sqlite:///{tmp_path / 'new.sqlite'}")
    capsys.readouterr()
    assert main(["restore", str(tmp_path / "b.sqlite")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Restored ") and f"{len(list(CASES.glob('*.json')))} cases" in out
    assert main(["restore", str(tmp_path / "b.sqlite")]) == 2           # not over the cases just restored
