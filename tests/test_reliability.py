"""200 votes cast at once from 4 processes land as 200 ballots, with no link used twice."""
import multiprocessing as mp

from sqlmodel import Session, func, select

from polling import db, services, setup
from polling.models import Ballot, CaseRecord
from vote_worker import cast_all


def test_200_concurrent_votes_from_4_processes(database_url):
    setup.prepare_database()
    with Session(db.engine_for(database_url)) as session:
        case_id = session.exec(select(CaseRecord.id).where(CaseRecord.slug == "laws033-6d-slam")).one()
    poll = services.create_poll(case_id, alternatives=("P",))
    tokens = [i.token for i in services.issue_invites(poll.id, [f"p{k}" for k in range(200)])]
    chunks = [tokens[k::4] for k in range(4)]
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(4), ctx.Queue()
    # Each process also tries 10 links that its neighbour is using at the same moment.
    workers = [ctx.Process(target=cast_all, args=(database_url, chunks[k] + chunks[(k + 1) % 4][:10],
                                                  barrier, results)) for k in range(4)]
    for w in workers:
        w.start()
    reports = [results.get(timeout=300) for _ in workers]
    for w in workers:
        w.join(60)
    assert all("error" not in r for r in reports), reports
    assert sum(r["stored"] for r in reports) == 200
    assert sum(r["refused"] for r in reports) == 40
    with Session(db.engine_for(database_url)) as session:
        assert session.exec(select(func.count(Ballot.id))).one() == 200
        assert session.exec(select(func.count(func.distinct(Ballot.invite_id)))).one() == 200
    assert services.tally(poll.id).poll_size == 200


def test_sigkill_of_a_writer_mid_burst_loses_no_acknowledged_vote(sqlite_url, tmp_path):
    import os
    import signal
    import sqlite3
    import time

    from vote_worker import cast_and_acknowledge

    setup.prepare_database()
    with Session(db.engine_for(sqlite_url)) as session:
        case_id = session.exec(select(CaseRecord.id).where(CaseRecord.slug == "laws033-6d-slam")).one()
    poll = services.create_poll(case_id, alternatives=("P",))
    tokens = [i.token for i in services.issue_invites(poll.id, [f"p{k}" for k in range(400)])]
    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(4)
    acks = [tmp_path / f"ack{k}.txt" for k in range(4)]
    workers = [ctx.Process(target=cast_and_acknowledge, args=(sqlite_url, tokens[k::4], str(acks[k]), barrier))
               for k in range(4)]
    for w in workers:
        w.start()
    victim = workers[0]
    deadline = time.time() + 120
    while time.time() < deadline and (not acks[0].exists() or len(acks[0].read_text().split()) < 20):
        time.sleep(0.01)
    os.kill(victim.pid, signal.SIGKILL)        # in the middle of its burst, others still writing
    for w in workers:
        w.join(120)
    assert victim.exitcode == -signal.SIGKILL
    assert all(w.exitcode == 0 for w in workers[1:])
    acknowledged = {t for path in acks if path.exists() for t in path.read_text().split()}
    assert 20 <= len(acknowledged) < 400           # the victim really was stopped mid-burst

    db.engine_for(sqlite_url).dispose()
    path = sqlite_url.split("///", 1)[1]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    from polling.models import Invite
    with Session(db.engine_for(sqlite_url)) as session:
        ballots = session.exec(select(Ballot)).all()
        used = session.exec(select(Invite).where(Invite.used_at.is_not(None))).all()
        hashes = {i.id: i.token_hash for i in used}
    # Every acknowledged vote is there; a link is used exactly when its ballot exists.
    assert {services.hash_token(t) for t in acknowledged} <= set(hashes.values())
    assert sorted(b.invite_id for b in ballots) == sorted(hashes)
    # The database takes votes again at once.
    spare = next(t for t in tokens[0::4] if services.hash_token(t) not in set(hashes.values()))
    services.cast_vote(spare, "P")
    assert services.tally(poll.id).poll_size == len(ballots) + 1
