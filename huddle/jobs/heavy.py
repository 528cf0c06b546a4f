"""Heavy work (the simulation, research fits, reading large files) in worker processes, one
queue per server, so that the voters' requests never wait behind it.

A voter's ballot is a few milliseconds of Python in the server's process; a simulation is a
minute of solver, a research fit seconds to tens of seconds of Python. Run in the server's own
threads, the heavy ones hold the interpreter lock from the voters, and every tab could start
another. Here:

- at most ``workers`` jobs run at once, each in a process of its own at a lower CPU priority
  (nice 10), so the server's process keeps its core for the voters;
- every job comes with what it is expected to cost (CPU seconds, measured before it starts) and
  gets a budget from it: a job expected to cost more than ``HUDDLE_HEAVY_CPU_SECONDS`` (default
  600) is refused in words before it queues, and a job that overruns its budget (three times the
  estimate, at least 30 s, at most that bound) is ended by the system (RLIMIT_CPU) and said so;
- at most ``waiting`` jobs wait, each told its place and about how long until it starts; one job
  per owner at a time (the pages make the owner an account and a kind of work), so many tabs get
  one place; one club holds at most half of the waiting places, and a free worker takes the
  waiting job of the club with the fewest running, first come first served within it;
- a job's process may hold at most ``HUDDLE_HEAVY_MEMORY_MB`` (default 1,024) of resident
  memory: the queue reads it every second and ends a job past it, in words;
- a job whose page stopped asking about it (closed, gone, its connection lost for good) for
  ``abandon_after`` seconds is stopped, waiting or running;
- each job gets a fresh process, forked from a server process that has loaded the modules once
  (multiprocessing's forkserver, its objects frozen out of the garbage collector so that a fork
  shares them), and the process ends with the job: a large file's memory goes back to the system
  at once, and no worker sits idle holding memory;
- a job cancelled while it runs stops at once (its process is ended);
- a mistake in the input (HuddleInputError) comes back as itself; a process that dies (out of
  memory) comes back as a refusal in words.

``HUDDLE_HEAVY_WORKERS`` (default: one fewer than the machine's cores, at least one),
``HUDDLE_HEAVY_WAITING`` (default 8), ``HUDDLE_HEAVY_CPU_SECONDS`` (default 600),
``HUDDLE_HEAVY_MEMORY_MB`` (default 1024) and ``HUDDLE_HEAVY_ABANDON_SECONDS`` (default 30) set the
bounds.
"""
from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from analysis.errors import HuddleInputError
from analysis.language import Count, M_, N_, Message

PROGRESS_EVERY = 0.1            # seconds between a worker's progress messages
LARGE_FILE = 256 * 1024         # pasted text this large is read on the workers (an uploaded file always is)
# a corpus is fitted in the page only when its fits cost this many rows read or fewer in all
# (analysis.research.calibration.fit_work: the demonstration corpus, 500 rows and 8 fits, costs
# 2,862 and about a second of a quiet server's CPU); the rest, on the workers
INLINE_FIT_WORK = 5000
# the "how many rulings it would take" futures run on the page up to this many (count, poll size)
# pairs (about a second: 10 ms a pair at 200 futures, each refitted whole), on the workers beyond
INLINE_FUTURE_PAIRS = 100
FUTURE_PAIRS_PER_SECOND = 100
# the interval's coverage at two lapses refits 400 corpora over every (count, poll size) pair: 37
# pairs in 3.4 s, 3,500 in 179 s (analysis.research.models.lapse_coverage)
COVERAGE_PAIRS_PER_SECOND = 20
# what heavy work costs, CPU seconds on the reference machine (bench/simulate.py gives the
# simulation's own, analysis.evidence.simulation.simulation_cost); a job's budget is three times it
FIT_WORK_PER_SECOND = 2000      # analysis.research.calibration.fit_work: 9,700 in 3.7 s for 2,000 rows
GAMES_BYTES_PER_SECOND = 250_000    # PBN or LIN read: 1.1 MB in 4.1 s
CORPUS_BYTES_PER_SECOND = 1_000_000     # research corpus CSV read: 166 KB in 0.12 s
PRELOADED = ["analysis", "analysis.evidence.simulation", "analysis.research.calibration", "analysis.files.games",
             "huddle.jobs.frozen"]


MIN_BUDGET = 30.0               # CPU seconds a job may take whatever its estimate
ABANDON_AFTER = 30.0            # seconds without its page asking before a job is stopped


@dataclass(eq=False)         # a job is itself: compared by identity
class Job:
    id: int
    owner: str
    label: str
    function: Callable
    args: tuple
    club: str = ""
    seconds: float = 1.0            # CPU seconds expected, known before it starts
    budget: float = MIN_BUDGET      # CPU seconds it may take before the system ends it
    seen: float = field(default_factory=time.monotonic)     # when its page last asked about it
    started: float | None = None
    state: str = "waiting"          # waiting | running | done | failed | cancelled
    progress: tuple[str, float] = ("waiting", 0.0)
    result: Any = None
    error: BaseException | None = None
    finished: threading.Event = field(default_factory=threading.Event)


def _setting(name: str, default: int, least: int = 1) -> int:
    """A whole-number bound from the environment (``HUDDLE_HEAVY_…``); the default when it is
    not set, not a number or below ``least``."""
    given = os.environ.get(name, "")
    return int(given) if given.isdecimal() and int(given) >= least else default


def _resident_mb(pid: int) -> float:
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def duration(seconds: float) -> Message:
    """"about 40 s", "about 3 min", "about 5 h": a wait or a cost in words (a message each
    language says)."""
    if seconds < 60:
        return M_("about {n} s", n=max(1, round(seconds)))
    if seconds < 3600:
        return M_("about {n} min", n=round(seconds / 60))
    return M_("about {n} h", n=round(seconds / 3600))


INPUT, MEMORY, TIME, ERROR = "input", "memory", "time", "error"     # why a job failed


class Failure(NamedTuple):
    """Why a job failed, as its worker tells the server: the user's input refused (the field
    named, the problem and its values, said in the page's language), or the work itself (out of
    memory, out of time, an error), each a kind a page can tell apart."""
    kind: str
    problem: object                  # a message, or words
    field: str = ""
    values: dict | None = None


def _failure(job: "Job", failure: Failure) -> HuddleInputError:
    if failure.kind == INPUT:
        return HuddleInputError(failure.field, failure.problem, **(failure.values or {}))
    return HuddleInputError("server", M_("{label} failed: {why}", label=job.label, why=failure.problem))


class OverBudget(Exception):
    """Raised in a worker when the system says its CPU budget is spent (SIGXCPU)."""


# ---------------------------------------------------------------- inside a worker process

def _serve(connection, function: Callable, args: tuple, budget: float) -> None:
    """One job in a process of its own: its progress and its outcome told on its own pipe (so
    that a process ended mid-message harms no other). The system ends it past its budget: at the
    soft limit it is told (SIGXCPU, raised here as OverBudget), five seconds later it is killed."""
    import resource
    try:
        os.nice(10)
    except OSError:
        pass
    seconds = math.ceil(budget)
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    def spent(signum, frame):
        raise OverBudget()
    signal.signal(signal.SIGXCPU, spent)
    last = [0.0]

    def progress(what: str, share: float) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY or share >= 1:
            last[0] = now
            connection.send(("progress", (what, float(share))))          # a message: said in the page's language
    outcome: tuple
    try:
        outcome = ("done", function(*args, progress=progress))
    except HuddleInputError as exc:
        outcome = ("failed", Failure(INPUT, exc.template, exc.named, exc.values))
    except MemoryError:
        outcome = ("failed", Failure(MEMORY, M_("the work needed more memory than the server has")))
    except OverBudget:
        outcome = ("failed", Failure(TIME, M_("it used its whole budget of {time} of the server's time",
                                             time=duration(budget))))
    except Exception as exc:        # noqa: BLE001 (told to the server in words, never a traceback)
        outcome = ("failed", Failure(ERROR, f"{type(exc).__name__}: {exc}"))
    try:
        connection.send(outcome)
    except Exception as exc:        # noqa: BLE001 (a result that cannot be sent back)
        connection.send(("failed", Failure(ERROR, f"the result could not be sent back ({exc})")))
    connection.close()


# ---------------------------------------------------------------- in the server's process

class HeavyWork:
    """The server's queue of heavy jobs; each running job's process and pipe."""

    def __init__(self, workers: int | None = None, waiting: int | None = None, cpu_seconds: float | None = None,
                 abandon_after: float | None = None, memory_mb: int | None = None):
        self.size = workers or _setting("HUDDLE_HEAVY_WORKERS", max(1, (os.cpu_count() or 2) - 1))
        self.bound = _setting("HUDDLE_HEAVY_WAITING", 8, least=0) if waiting is None else waiting
        self.cpu_seconds = cpu_seconds or _setting("HUDDLE_HEAVY_CPU_SECONDS", 600)
        self.abandon_after = abandon_after or _setting("HUDDLE_HEAVY_ABANDON_SECONDS", int(ABANDON_AFTER))
        self.memory_mb = memory_mb or _setting("HUDDLE_HEAVY_MEMORY_MB", 1024)
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._queue: OrderedDict[int, Job] = OrderedDict()        # waiting, first come first
        self._running: dict[int, tuple[Job, Any, Any]] = {}       # job id -> (job, process, pipe)
        self._served: dict[str, int] = {}                         # club -> the turn it last started a job
        self._context: Any = None
        self._wake_ours, self._wake_theirs = None, None

    # ---- asking

    def submit(self, owner: str, label: str, function: Callable, *args, club: str = "", seconds: float = 1.0) -> Job:
        """Queue ``function(*args, progress=…)``, expected to cost ``seconds`` of CPU; refused in
        words when it would cost more than a job may, when the queue or the club's share of it is
        full, or when the owner has a job already."""
        if seconds > self.cpu_seconds:
            raise HuddleInputError("server", M_("{label} would take {duration} of the server's time, and a task may take {duration2}",
                                                label=label, duration=duration(seconds), duration2=duration(self.cpu_seconds)))
        with self._lock:
            mine = [j for j in self._jobs() if j.owner == owner]
            if mine:
                already = (M_("{label} of yours is already running; let it finish or stop it first", label=mine[0].label)
                           if mine[0].state == "running" else
                           M_("{label} of yours is already waiting; let it finish or stop it first", label=mine[0].label))
                raise HuddleInputError("server", already)
            if len(self._queue) >= self.bound:
                raise HuddleInputError("server", M_("the server has {count} heavy tasks waiting already; try again in a minute",
                                                    count=len(self._queue)))
            ours = sum(j.club == club for j in self._queue.values())
            if club and ours >= max(1, self.bound // 2):
                raise HuddleInputError("server", M_("your club has {ours} heavy tasks waiting already, its share of the server's "
                                                    "queue; try again when one has started", ours=ours))
            budget = min(self.cpu_seconds, max(MIN_BUDGET, 3 * seconds))
            job = Job(id=next(self._ids), owner=owner, label=label, function=function, args=args, club=club, seconds=seconds, budget=budget)
            self._queue[job.id] = job
            self._start()
            self._dispatch()
            job.seen = time.monotonic()     # starting the workers' process is not its page gone quiet
        return job

    def touch(self, job: Job) -> None:
        """Its page is still there: a job not touched for ``abandon_after`` seconds is stopped."""
        job.seen = time.monotonic()

    def place(self, job: Job) -> int:
        """How many jobs are ahead of this waiting one: those running and those that will start
        before it (0 once it runs)."""
        with self._lock:
            order = self._order()
            return len(self._running) + order.index(job) if job in order else 0

    def wait(self, job: Job) -> float:
        """About how many seconds until this waiting job starts: the running jobs' estimates
        less what they have run, then those that start before it, on ``size`` workers."""
        with self._lock:
            order = self._order()
            if job not in order:
                return 0.0
            now = time.monotonic()
            free = sorted(max(0.0, j.seconds - (now - (j.started or now))) for j, _, _ in self._running.values())
            free = (free + [0.0] * self.size)[:self.size]
            for ahead in order[:order.index(job)]:
                free[0] += ahead.seconds
                free.sort()
            return free[0]

    def cancel(self, job: Job) -> None:
        """Take a waiting job out of the queue, or stop a running one (its process is ended)."""
        with self._lock:
            if job.finished.is_set():
                return
            if self._queue.pop(job.id, None) is None and job.id in self._running:
                self._end(job.id)
            self._finish(job, "cancelled", error=HuddleInputError("server", M_("{label} was stopped", label=job.label)))
            self._dispatch()

    def result(self, job: Job, timeout: float | None = None) -> Any:
        if not job.finished.wait(timeout):
            raise TimeoutError(job.label)
        if job.error is not None:
            raise job.error
        return job.result

    def counts(self) -> dict:
        with self._lock:
            return {"running": len(self._running), "waiting": len(self._queue)}

    def close(self) -> None:
        with self._lock:
            for job in self._jobs():
                self._finish(job, "cancelled", error=HuddleInputError("server", M_("the server is stopping")))
            self._queue.clear()
            for job_id in list(self._running):
                self._end(job_id)

    # ---- the queue and the processes (called with the lock held)

    def _jobs(self) -> list[Job]:
        return [*self._queue.values(), *(j for j, _, _ in self._running.values())]

    def _order(self) -> list[Job]:
        """The waiting jobs in the order they would start now: the club with the fewest jobs
        running first, then the club served longest ago (counting those placed before), first
        come first served within a club."""
        running: dict[str, int] = {}
        for j, _, _ in self._running.values():
            running[j.club] = running.get(j.club, 0) + 1
        served = dict(self._served)
        waiting, order = list(self._queue.values()), []
        while waiting:
            nxt = min(waiting, key=lambda j: (running.get(j.club, 0), served.get(j.club, -1), j.id))
            waiting.remove(nxt)
            order.append(nxt)
            running[nxt.club] = running.get(nxt.club, 0) + 1
            served[nxt.club] = max(served.values(), default=0) + 1
        return order

    def _too_large(self) -> None:
        """End every running job whose process holds more memory than a job may."""
        for job_id, (job, process, _) in list(self._running.items()):
            if _resident_mb(process.pid) > self.memory_mb:
                self._end(job_id)
                self._finish(job, "failed", error=HuddleInputError(
                    "server", M_("{label} needed more than {memory_mb} MB of memory, the most a task may hold", label=job.label,
                                 memory_mb=Count(self.memory_mb))))
        self._dispatch()

    def _abandoned(self) -> None:
        """Stop every job whose page has not asked about it for ``abandon_after`` seconds."""
        now = time.monotonic()
        for job in self._jobs():
            if now - job.seen > self.abandon_after:
                if self._queue.pop(job.id, None) is None:
                    self._end(job.id)
                self._finish(job, "cancelled", error=HuddleInputError("server", M_("{label} was stopped: its page was closed",
                                                                                   label=job.label)))
        self._dispatch()

    def _start(self) -> None:
        if self._context is not None:
            return
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(PRELOADED)
        self._wake_ours, self._wake_theirs = self._context.Pipe(duplex=False)
        threading.Thread(target=self._listen, name="huddle-heavy", daemon=True).start()

    def _dispatch(self) -> None:
        while self._queue and len(self._running) < self.size:
            job = self._queue.pop(self._order()[0].id)
            self._served[job.club] = max(self._served.values(), default=0) + 1
            ours, theirs = self._context.Pipe(duplex=False)
            process = self._context.Process(target=_serve, args=(theirs, job.function, job.args, job.budget),
                                            name=f"huddle-heavy-{job.id}", daemon=True)
            try:
                process.start()
            except Exception as exc:        # noqa: BLE001 (no process could be made: said, not raised)
                self._finish(job, "failed", error=HuddleInputError("server", M_("{label} could not start ({exc})", label=job.label,
                                                                                exc=exc)))
                continue
            finally:
                theirs.close()
            job.state, job.progress, job.started = "running", ("starting", 0.0), time.monotonic()
            self._running[job.id] = (job, process, ours)
            self._wake_theirs.send(None)               # the listener watches the new pipe from now on

    def _end(self, job_id: int) -> None:
        _, process, pipe = self._running.pop(job_id)
        process.terminate()
        process.join(5)
        pipe.close()

    def _finish(self, job: Job, state: str, result: Any = None, error: BaseException | None = None) -> None:
        job.state, job.result, job.error = state, result, error
        job.finished.set()

    # ---- what the processes say

    def _listen(self) -> None:
        """Hears every running job's pipe, and sees at once a process that ended (its sentinel)."""
        from multiprocessing.connection import wait
        while True:
            with self._lock:
                pipes = {pipe: job_id for job_id, (_, _, pipe) in self._running.items()}
                ended = {process.sentinel: job_id for job_id, (_, process, _) in self._running.items()}
            try:
                heard = wait([self._wake_ours, *pipes, *ended], timeout=1.0)
            except (OSError, ValueError):              # a pipe closed meanwhile (a job stopped): look again
                continue
            with self._lock:
                self._abandoned()
                self._too_large()
            for ready in heard:
                if ready is self._wake_ours:
                    self._wake_ours.recv()
                    continue
                with self._lock:
                    job_id = pipes.get(ready, ended.get(ready))
                    if job_id not in self._running:
                        continue
                    if ready in pipes:
                        try:
                            kind, payload = ready.recv()
                        except (EOFError, OSError):
                            self._died(job_id)
                            continue
                        self._heard(job_id, kind, payload)
                    elif not self._running[job_id][2].poll():     # its last words first
                        self._died(job_id)

    def _heard(self, job_id: int, kind: str, payload) -> None:
        job = self._running[job_id][0]
        if kind == "progress":
            job.progress = payload
            return
        _, process, pipe = self._running.pop(job_id)
        process.join(5)
        pipe.close()
        if kind == "done":
            self._finish(job, "done", result=payload)
        else:
            self._finish(job, "failed", error=_failure(job, payload))
        self._dispatch()

    def _died(self, job_id: int) -> None:
        """A process that ended without a word (killed, out of memory): its job fails in words."""
        job, process, pipe = self._running.pop(job_id)
        process.join(5)
        pipe.close()
        why = (M_("it used its whole budget of {time} of the server's time", time=duration(job.budget))
               if process.exitcode in (-signal.SIGXCPU, -signal.SIGKILL) else M_("out of memory?"))
        self._finish(job, "failed", error=HuddleInputError(
            "server", M_("{label} stopped: its worker process ended (exit code {exitcode}; {why})", label=job.label,
                         exitcode=process.exitcode, why=why)))
        self._dispatch()


# ---------------------------------------------------------------- the jobs (module functions: a worker imports them)

def simulation(case, settings, progress=None):
    from analysis.evidence.simulation import simulate
    return simulate(case, settings, progress=progress)


def fits_seconds(work: int) -> float:
    return work / FIT_WORK_PER_SECOND


def file_seconds(data: bytes | str) -> float:
    return len(data) / GAMES_BYTES_PER_SECOND


def corpus_seconds(data: bytes | str) -> float:
    return len(data) / CORPUS_BYTES_PER_SECOND


def research_fits(corpus, include=(), progress=None):
    from analysis.research.calibration import implied_thresholds
    return implied_thresholds(corpus, include)


def futures_seconds(pairs: int) -> float:
    return pairs / FUTURE_PAIRS_PER_SECOND


def research_futures(corpus, decider, include=(), progress=None):
    from analysis.research.growth import rulings_needed
    return rulings_needed(corpus, decider, include=include)


def coverage_seconds(pairs: int) -> float:
    return pairs / COVERAGE_PAIRS_PER_SECOND


def research_coverage(corpus, include=(), progress=None):
    from analysis.research.models import lapse_coverage
    return lapse_coverage(corpus, include=include)


def research_corpus(data: bytes, progress=None):
    from analysis.research.calibration import loads_corpus
    return loads_corpus(data)


def results_rows(data: bytes, name: str, fmt: str | None, board: int, vulnerability: str, progress=None):
    from analysis.files.results import rows_of_file
    return rows_of_file(data, name, fmt, board, vulnerability)


def games_file(data: bytes | str, name: str, code: str, progress=None):
    """A file's games, its notes read in English and in the language ``code``."""
    from analysis.files.games import read_games
    from analysis.language import language
    return read_games(data, name, language(code),
                      None if progress is None else lambda share: progress(M_("reading the file"), share))


# ---------------------------------------------------------------- the kinds of heavy work

@dataclass(frozen=True)
class HeavyJob:
    """One kind of heavy work: what runs on a worker, what it is expected to cost (seconds of CPU,
    from the same arguments, reckoned before it runs) and how a page names it (a catalog message).
    ui.heavy_view.heavy_result runs one through the server's queue."""

    label: str
    function: Callable
    cost: Callable[..., float]

    def seconds(self, *args) -> float:
        return self.cost(*args)


def _fits_cost(corpus, include=()) -> float:
    from analysis.research.calibration import fit_work
    return fits_seconds(fit_work(corpus, include))


def _futures_cost(corpus, decider, include=()) -> float:
    from analysis.research.growth import futures_work
    return futures_seconds(futures_work(corpus, decider, include))


def _coverage_cost(corpus, include=()) -> float:
    from analysis.research.growth import futures_work
    return coverage_seconds(futures_work(corpus, "director", include))


def _simulation_cost(case, settings) -> float:
    from analysis.evidence.simulation import simulation_cost
    return simulation_cost(case, settings).seconds


def _file_cost(data, *rest) -> float:
    return file_seconds(data)


SIMULATION = HeavyJob(N_("the simulation"), simulation, _simulation_cost)
FITS = HeavyJob(N_("the fits"), research_fits, _fits_cost)
FUTURES = HeavyJob(N_("the futures"), research_futures, _futures_cost)
COVERAGE = HeavyJob(N_("the interval's coverage"), research_coverage, _coverage_cost)
CORPUS = HeavyJob(N_("reading the corpus"), research_corpus, corpus_seconds)
RESULTS_FILE = HeavyJob(N_("reading the results file"), results_rows, _file_cost)
GAMES_FILE = HeavyJob(N_("reading the file"), games_file, _file_cost)


class FinishedRuns:
    """Finished runs kept for every session of a server, the ``size`` most recently used only."""

    def __init__(self, size: int = 32):
        self.size = size
        self._kept: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key) -> Any:
        with self._lock:
            if key not in self._kept:
                return None
            self._kept.move_to_end(key)
            return self._kept[key]

    def __setitem__(self, key, value) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)


_SERVER: HeavyWork | None = None
_SERVER_LOCK = threading.Lock()


def server_queue() -> HeavyWork:
    """The one queue of this server process."""
    global _SERVER
    with _SERVER_LOCK:
        if _SERVER is None:
            _SERVER = HeavyWork()
        return _SERVER


__all__ = ["HeavyWork", "Job", "duration", "FinishedRuns", "server_queue", "simulation", "research_fits",
           "research_corpus", "games_file", "results_rows", "fits_seconds", "file_seconds", "corpus_seconds"]
