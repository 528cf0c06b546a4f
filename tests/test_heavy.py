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
    work = HeavyWork(workers=1, waiting=2)
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
    assert len({worker, queue.result(second, 60), queue.result(third, 60)}) == 3     # a process each
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
    assert queue.counts() == {"running": 0, "waiting": 0}


def test_a_large_job_gives_its_memory_back_when_it_ends(queue):
    grown = queue.result(queue.submit("ann", "a large file", grow, 400), 60)
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{grown}") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{grown}")        # its process, with its 400 MB, is gone


def test_finished_runs_keep_the_most_recently_used():
    runs = FinishedRuns(2)
    runs["a"], runs["b"] = 1, 2
    assert runs.get("a") == 1
    runs["c"] = 3
    assert runs.get("b") is None and runs.get("a") == 1 and len(runs) == 2


def test_the_case_editor_reads_a_large_file_on_the_workers(sqlite_url, monkeypatch):
    """A file of 256 KB or more is read by a worker process; the editor shows its boards as ever."""
    from pathlib import Path
    from polling import accounts, setup
    from test_cases import PBN
    from test_director_pages import app_as
    from huddle.heavy import LARGE_FILE as HEAVY_FILE
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    setup.prepare_database(load_examples=False)
    director = accounts.create_user("tess", "bidding-box", "director")
    boards = "\n".join(PBN.replace('[Board "9"]', f'[Board "{n}"]') for n in range(1, HEAVY_FILE // len(PBN) + 2))
    assert len(boards) >= HEAVY_FILE
    at = app_as(director, "ui/case_editor.py")
    at.text_area(key="ed_pbn").set_value(boards)
    at.button(key="ed_pbn_read").click().run()
    assert not at.exception and not at.error
    assert len(at.session_state["ed_file_games"]) == boards.count("[Board ")
    assert at.text_input(key="ed_hand_N").value == "AKQ2.KQ2.AK2.AK2"
