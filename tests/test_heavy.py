"""Heavy work on the server's worker processes (huddle.jobs.heavy): bounded, first come first served,
one job per owner, stoppable, and a worker's failure told in words."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analysis.errors import HuddleInputError
from huddle.jobs.heavy import FinishedRuns, HeavyWork


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
    from huddle.jobs.heavy import LARGE_FILE as HEAVY_FILE
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


# ---------------------------------------------------------------- budgets, pages gone, fairness, the wait

def spin(progress=None):
    while True:
        pass


def test_a_job_past_its_budget_is_ended_by_the_system_and_said_so():
    """Before: a job had no time limit; one simulation press held the only worker for hours."""
    work = HeavyWork(workers=1, waiting=2, cpu_seconds=2)
    try:
        job = work.submit("ann", "the simulation", spin, seconds=1.0)
        assert job.budget == 2                      # three times the estimate, never above the bound
        started = time.monotonic()
        with pytest.raises(HuddleInputError, match="used its whole budget of about 2 s of the server's time"):
            work.result(job, 30)
        assert time.monotonic() - started < 15
    finally:
        work.close()


def test_a_job_expected_to_cost_more_than_a_task_may_is_refused_before_it_queues(queue):
    with pytest.raises(HuddleInputError, match="the simulation would take about 5 h of the server's time, and a task "
                                               "may take about 10 min"):
        queue.submit("ann", "the simulation", slow, 0.1, seconds=5 * 3600)
    assert queue.counts() == {"running": 0, "waiting": 0}
    assert queue.submit("ann", "the fits", slow, 0.0, seconds=20).budget == 60


def test_a_job_whose_page_stopped_asking_is_stopped_waiting_or_running():
    """Before: a job ran on for minutes after its page was closed."""
    work = HeavyWork(workers=1, waiting=4, abandon_after=1.5)
    try:
        running = work.submit("ann", "the simulation", slow, 60.0)
        waiting = work.submit("bob", "the fits", slow, 60.0)
        kept = work.submit("cy", "the corpus", slow, 0.0)
        deadline = time.monotonic() + 60          # a loaded machine starts workers slowly
        # the third job's page keeps asking until it has its answer (on a loaded machine it starts late)
        while not all(j.finished.is_set() for j in (running, waiting, kept)) and time.monotonic() < deadline:
            work.touch(kept)
            time.sleep(0.2)
        for job in (running, waiting):
            with pytest.raises(HuddleInputError, match="was stopped: its page was closed"):
                work.result(job, 0)
        assert isinstance(work.result(kept, 30), int)         # its page kept asking: it ran
    finally:
        work.close()


FRESH_SERVER = """
import time
from huddle.jobs.heavy import HeavyWork
from test_heavy import slow
work = HeavyWork(workers=1, abandon_after=0.5)
started = time.monotonic()
job = work.submit("ann", "the simulation", slow, 1.0)
assert time.monotonic() - started > 0.5, "the workers' process started at once"
while not job.finished.wait(0.2):                 # the page asks as ui.heavy_view does
    work.touch(job)
print(job.state, job.error)
work.close()
"""


def test_the_time_the_server_takes_to_start_a_job_is_not_its_page_gone_quiet():
    """Before: the first job on a fresh server waited while the workers' process started (its
    modules loaded: seconds on a loaded machine), and that time counted as its page not asking:
    a director's simulation was stopped "as its page was closed" while she watched it. (A process
    of its own: the workers' process is started once per process.)"""
    ran = subprocess.run([sys.executable, "-c", FRESH_SERVER], cwd=Path(__file__).parent, capture_output=True,
                         text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "done None"


def test_one_club_cannot_keep_another_from_the_queue():
    work = HeavyWork(workers=1, waiting=4)
    try:
        first = work.submit("north:ann", "the simulation", slow, 2.0, club="north", seconds=20)
        north = [work.submit(f"north:{name}", "the fits", slow, 0.0, club="north", seconds=5) for name in ("bob", "cy")]
        with pytest.raises(HuddleInputError, match="your club has 2 heavy tasks waiting already, its share"):
            work.submit("north:dee", "the fits", slow, 0.0, club="north")
        south = work.submit("south:eve", "the fits", slow, 0.0, club="south", seconds=5)
        assert work.place(south) == 1                      # after the running one, before north's waiting ones
        assert [work.place(j) for j in north] == [2, 3]
        # the wait: what the running job has left, then the jobs before it
        assert 0 < work.wait(south) <= 20 and 20 < work.wait(north[0]) <= 25 < work.wait(north[1]) <= 30
        work.result(first, 60)
        assert work.result(south, 60) and south.started < min(j.started or float("inf") for j in north)
    finally:
        work.close()


def test_a_job_past_the_memory_a_task_may_hold_is_ended_in_words():
    work = HeavyWork(workers=1, waiting=2, memory_mb=300)
    try:
        with pytest.raises(HuddleInputError, match="a large file needed more than 300 MB of memory, the most a task"):
            work.result(work.submit("ann", "a large file", hold, 600), 60)
    finally:
        work.close()


def hold(megabytes: int, progress=None):
    grow(megabytes)
    held = bytearray(megabytes * 2 ** 20)
    held[::4096] = b"x" * len(held[::4096])
    time.sleep(30)


def test_a_results_file_read_on_a_worker_gives_the_rows_read_at_once(queue):
    from analysis.files.results import rows_of_file
    from huddle.jobs import heavy
    data = (b"board,contract,declarer,tricks,ns_score,ns_pair,ew_pair\n1,4S,N,10,420,1,2\n1,3NT,S,9,400,3,4\n"
            b"1,4SX,N,8,-300,5,6\n2,2H,E,8,-110,1,2\n")
    job = queue.submit("ann", "reading the results file", heavy.results_rows, data, "results.csv", None, 1, "none",
                       seconds=heavy.file_seconds(data))
    assert queue.result(job, 60) == rows_of_file(data, "results.csv", None, 1, "none")
    with pytest.raises(HuddleInputError, match="field: the file has no result of board 3"):
        queue.result(queue.submit("ann", "reading it again", heavy.results_rows, data, "results.csv", None, 3, "none"), 60)


def test_the_futures_cost_is_estimated_with_the_poll_sizes_before_they_run():
    """Before: 30 rows of a 1 KB CSV whose polls were near 7,000 pollees counted as small work, and
    the page ran their futures in its own thread (77 s of the server's CPU). What they cost is the
    (count, poll size) pairs of their table: counted before anything runs, and the futures of a
    corpus past the page's bound go to the workers."""
    from analysis.research import calibration as research, growth
    from huddle.jobs import heavy
    from polling import settings
    published = research.loads_corpus((settings.research_dir() / "published-rulings.csv").read_text(encoding="utf-8"))
    assert growth.futures_work(published, "director") <= heavy.INLINE_FUTURE_PAIRS       # real polls: on the page
    rows = [{"case_id": f"c{i}", "action": "P", "chose": 2000 + i, "poll_size": 6990 + i, "director_la": i % 2 == 0,
             "source": "a researcher's file"} for i in range(30)]
    huge = research.corpus_frame(rows)
    assert research.fit_work(huge) <= heavy.INLINE_FIT_WORK          # the fits alone are small work
    pairs = growth.futures_work(huge, "director")
    assert pairs > 200_000 and pairs > heavy.INLINE_FUTURE_PAIRS and heavy.futures_seconds(pairs) > 60
