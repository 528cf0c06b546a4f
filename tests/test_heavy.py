"""Heavy work on the server's worker processes (huddle.heavy): bounded, first come first served,
one job per owner, stoppable, and a worker's failure told in words."""
import os
import time

import pytest

from analysis.errors import HuddleInputError
from huddle.heavy import FinishedRuns, HeavyWork


def slow(seconds: float, progress=None):
    for k in range(10):
        progress(f"step {k}", k / 10)
        time.sleep(seconds / 10)
    return os.getpid()


def refuse(progress=None):
    raise HuddleInputError("simulation.contracts", "give the final contract")


def die(progress=None):
    os._exit(9)


def grow(megabytes: int, progress=None):
    held = bytearray(megabytes * 2 ** 20)
    held[::4096] = b"x" * len(held[::4096])
    return os.getpid()


@pytest.fixture
def queue():
    work = HeavyWork(workers=1, waiting=2, recycle_mb=300)
    yield work
    work.close()


def test_jobs_wait_their_turn_and_each_owner_has_one_place(queue):
    first = queue.submit("ann", "the simulation", slow, 1.0)
    second = queue.submit("bob", "the simulation", slow, 0.1)
    assert queue.place(second) == 1
    with pytest.raises(HuddleInputError, match="the simulation of yours is already (running|waiting)"):
        queue.submit("ann", "the simulation", slow, 0.1)
    third = queue.submit("cy", "the fits", slow, 0.1)
    with pytest.raises(HuddleInputError, match="server: the server has 2 heavy tasks waiting already"):
        queue.submit("dee", "the fits", slow, 0.1)
    assert queue.place(third) == 2 or queue.place(third) == 1
    worker = queue.result(first, 60)
    assert worker != os.getpid()                       # it ran in a worker process
    assert queue.result(second, 60) == queue.result(third, 60) == worker
    assert first.progress[1] > 0


def test_a_stopped_job_stops_at_once_and_a_fresh_worker_takes_its_place(queue):
    before = queue.result(queue.submit("ann", "warm-up", slow, 0.0), 60)
    job = queue.submit("ann", "the simulation", slow, 30.0)
    while job.state != "running":
        time.sleep(0.05)
    started = time.monotonic()
    queue.cancel(job)
    assert job.state == "cancelled" and time.monotonic() - started < 6
    with pytest.raises(HuddleInputError, match="the simulation was stopped"):
        queue.result(job, 1)
    assert queue.result(queue.submit("ann", "the next", slow, 0.0), 60) != before


def test_a_mistake_comes_back_as_itself_and_a_dead_worker_in_words(queue):
    with pytest.raises(HuddleInputError) as refused:
        queue.result(queue.submit("ann", "the simulation", refuse), 60)
    assert refused.value.field == "simulation.contracts"
    with pytest.raises(HuddleInputError, match="the simulation stopped: its worker process ended .exit code 9"):
        queue.result(queue.submit("ann", "the simulation", die), 60)
    assert isinstance(queue.result(queue.submit("ann", "after", slow, 0.0), 60), int)
    assert queue.counts() == {"workers": 1, "running": 0, "waiting": 0}


def test_a_worker_that_has_grown_is_replaced_after_its_job(queue):
    grown = queue.result(queue.submit("ann", "a large file", grow, 400), 60)
    time.sleep(0.5)
    assert queue.result(queue.submit("ann", "the next", slow, 0.0), 60) != grown


def test_finished_runs_keep_the_most_recently_used():
    runs = FinishedRuns(2)
    runs["a"], runs["b"] = 1, 2
    assert runs.get("a") == 1
    runs["c"] = 3
    assert runs.get("b") is None and runs.get("a") == 1 and len(runs) == 2
