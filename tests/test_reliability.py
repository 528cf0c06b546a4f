"""200 votes cast at once from 4 processes land as 200 ballots, with no link used twice."""
import multiprocessing as mp

from sqlmodel import Session, func, select

from polling import db, services
from polling.models import Ballot, CaseRecord
from vote_worker import cast_all


def test_200_concurrent_votes_from_4_processes(database_url):
    db.prepare_database()
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
