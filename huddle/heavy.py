"""Heavy work (the simulation, research fits, reading large files) in a few worker processes, one
queue per server, so that the voters' requests never wait behind it.

A voter's ballot is a few milliseconds of Python in the server's process; a simulation is a
minute of solver, a research fit tens of seconds of Python. Run in the server's own threads, the
heavy ones hold the interpreter lock from the voters, and every tab could start another. Here:

- at most ``workers`` jobs run at once, each in a worker process at a lower CPU priority (nice
  10), so the server's process keeps its core for the voters;
- at most ``waiting`` jobs wait, first come first served, each told its place in the queue; one
  job per owner (a signed-in account) at a time, so many tabs get one place;
- a worker that has grown past ``recycle_mb`` after a job is replaced by a fresh one, a job
  cancelled while it runs stops at once (its worker is ended and replaced);
- a mistake in the input (HuddleInputError) comes back as itself; a worker that dies comes back
  as a refusal in words.

``HUDDLE_HEAVY_WORKERS`` (default: one fewer than the machine's cores, at least one) and
``HUDDLE_HEAVY_WAITING`` (default 8) set the bounds.
"""
from __future__ import annotations

import itertools
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from analysis.errors import HuddleInputError

PROGRESS_EVERY = 0.1            # seconds between a worker's progress messages


@dataclass
class Job:
    id: int
    owner: str
    label: str
    function: Callable
    args: tuple
    state: str = "waiting"          # waiting | running | done | failed | cancelled
    progress: tuple[str, float] = ("waiting", 0.0)
    result: Any = None
    error: BaseException | None = None
    finished: threading.Event = field(default_factory=threading.Event)


def _default_workers() -> int:
    given = os.environ.get("HUDDLE_HEAVY_WORKERS", "")
    return int(given) if given.isdecimal() and int(given) > 0 else max(1, (os.cpu_count() or 2) - 1)


def _default_waiting() -> int:
    given = os.environ.get("HUDDLE_HEAVY_WAITING", "")
    return int(given) if given.isdecimal() else 8


# ---------------------------------------------------------------- inside a worker process

def _grown_mb() -> float:
    """The most this worker has held at once (a large file's memory is not all given back)."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _serve(connection, recycle_mb: float) -> None:
    """A worker: runs one job at a time, tells its progress on its own pipe (so that a worker
    ended mid-message harms no other), and leaves when it has grown."""
    try:
        os.nice(10)
    except OSError:
        pass
    while True:
        try:
            task = connection.recv()
        except EOFError:
            return
        if task is None:
            return
        job_id, function, args = task
        last = [0.0]

        def progress(what: str, share: float) -> None:
            now = time.monotonic()
            if now - last[0] >= PROGRESS_EVERY or share >= 1:
                last[0] = now
                connection.send((job_id, "progress", (str(what), float(share))))
        try:
            outcome = ("done", function(*args, progress=progress))
        except HuddleInputError as exc:
            outcome = ("failed", ("input", exc.field, exc.problem))
        except MemoryError:
            outcome = ("failed", ("other", "the work needed more memory than the server has"))
        except Exception as exc:        # noqa: BLE001 (told to the server in words, never a traceback)
            outcome = ("failed", ("other", f"{type(exc).__name__}: {exc}"))
        try:
            connection.send((job_id, *outcome))
        except Exception as exc:        # noqa: BLE001 (a result that cannot be sent back)
            connection.send((job_id, "failed", ("other", f"the result could not be sent back ({exc})")))
        if _grown_mb() > recycle_mb:
            connection.send((None, "leaving", None))
            return


# ---------------------------------------------------------------- in the server's process

class HeavyWork:
    """The server's queue of heavy jobs and its worker processes (started when first needed)."""

    def __init__(self, workers: int | None = None, waiting: int | None = None, recycle_mb: float = 400):
        self.size = workers or _default_workers()
        self.bound = _default_waiting() if waiting is None else waiting
        self.recycle_mb = recycle_mb
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._queue: OrderedDict[int, Job] = OrderedDict()        # waiting, first come first
        self._running: dict[int, tuple[Job, int]] = {}            # job id -> (job, worker number)
        self._workers: dict[int, tuple[Any, Any]] = {}            # number -> (process, its pipe)
        self._idle: list[int] = []
        self._context = None
        self._numbers = itertools.count()

    # ---- asking

    def submit(self, owner: str, label: str, function: Callable, *args) -> Job:
        """Queue ``function(*args, progress=…)``; refused in words when the queue is full or the
        owner has a job already."""
        with self._lock:
            mine = [j for j in (*self._queue.values(), *(j for j, _ in self._running.values())) if j.owner == owner]
            if mine:
                raise HuddleInputError("server", f"{mine[0].label} of yours is already "
                                       f"{'running' if mine[0].state == 'running' else 'waiting'}; "
                                       "let it finish or stop it first")
            if len(self._queue) >= self.bound:
                raise HuddleInputError("server", f"the server has {len(self._queue)} heavy tasks waiting already; "
                                       "try again in a minute")
            job = Job(next(self._ids), owner, label, function, args)
            self._queue[job.id] = job
            self._start()
            self._dispatch()
        return job

    def place(self, job: Job) -> int:
        """How many jobs are ahead of this waiting one: those running and those queued before it
        (0 once it runs)."""
        with self._lock:
            return len(self._running) + list(self._queue).index(job.id) if job.id in self._queue else 0

    def cancel(self, job: Job) -> None:
        """Take a waiting job out of the queue, or stop a running one (its worker is replaced)."""
        with self._lock:
            if job.finished.is_set():
                return
            if self._queue.pop(job.id, None) is None and job.id in self._running:
                _, number = self._running.pop(job.id)
                self._end_worker(number)
                self._spawn()
            self._finish(job, "cancelled", error=HuddleInputError("server", f"{job.label} was stopped"))
            self._dispatch()

    def result(self, job: Job, timeout: float | None = None) -> Any:
        if not job.finished.wait(timeout):
            raise TimeoutError(job.label)
        if job.error is not None:
            raise job.error
        return job.result

    def counts(self) -> dict:
        with self._lock:
            return {"workers": len(self._workers), "running": len(self._running), "waiting": len(self._queue)}

    def close(self) -> None:
        with self._lock:
            for job in list(self._queue.values()):
                self._finish(job, "cancelled", error=HuddleInputError("server", "the server is stopping"))
            self._queue.clear()
            for number in list(self._workers):
                self._end_worker(number)

    # ---- the workers (called with the lock held)

    def _start(self) -> None:
        if self._context is not None:
            return
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["analysis", "analysis.evidence.simulation",
                                              "analysis.research.calibration", "analysis.files.games"])
        for _ in range(self.size):
            self._spawn()
        threading.Thread(target=self._listen, name="huddle-heavy-results", daemon=True).start()

    def _spawn(self) -> None:
        number = next(self._numbers)
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs, self.recycle_mb), name=f"huddle-heavy-{number}",
                                        daemon=True)
        process.start()
        theirs.close()
        self._workers[number] = (process, ours)
        self._idle.append(number)

    def _end_worker(self, number: int) -> None:
        process, pipe = self._workers.pop(number)
        if number in self._idle:
            self._idle.remove(number)
        process.terminate()
        process.join(5)
        pipe.close()

    def _dispatch(self) -> None:
        while self._queue and self._idle:
            number = self._idle.pop(0)
            _, job = self._queue.popitem(last=False)
            job.state, job.progress = "running", ("starting", 0.0)
            self._running[job.id] = (job, number)
            self._workers[number][1].send((job.id, job.function, job.args))

    def _finish(self, job: Job, state: str, result: Any = None, error: BaseException | None = None) -> None:
        job.state, job.result, job.error = state, result, error
        job.finished.set()

    # ---- what the workers say

    def _listen(self) -> None:
        """Hears every worker's pipe, and sees at once a worker that ended (its sentinel)."""
        from multiprocessing.connection import wait
        while True:
            with self._lock:
                watched = {pipe: n for n, (_, pipe) in self._workers.items()}
                sentinels = {process.sentinel: n for n, (process, _) in self._workers.items()}
            try:
                heard = wait([*watched, *sentinels], timeout=0.5)
            except (OSError, ValueError):              # a pipe closed meanwhile (a job stopped): look again
                continue
            for ready in heard:
                with self._lock:
                    if ready in watched and watched[ready] in self._workers:
                        try:
                            message = ready.recv()
                        except (EOFError, OSError):
                            self._bury(watched[ready])
                            continue
                        self._heard(watched[ready], *message)
                    elif ready in sentinels and sentinels[ready] in self._workers:
                        if not self._workers[sentinels[ready]][1].poll():   # its last words first
                            self._bury(sentinels[ready])

    def _heard(self, number: int, job_id: int | None, kind: str, payload) -> None:
        if kind == "leaving":                         # grown past recycle_mb: a fresh one takes its place
            process, pipe = self._workers.pop(number)
            if number in self._idle:
                self._idle.remove(number)
            process.join(5)
            pipe.close()
            self._spawn()
            self._dispatch()
            return
        running = self._running.get(job_id)
        if running is None or running[1] != number:
            return                                    # a cancelled job's late word
        job = running[0]
        if kind == "progress":
            job.progress = payload
            return
        del self._running[job_id]
        if kind == "done":
            self._finish(job, "done", result=payload)
        else:
            what, *words = payload
            self._finish(job, "failed", error=HuddleInputError(*words) if what == "input"
                         else HuddleInputError("server", f"{job.label} failed: {words[0]}"))
        if number in self._workers:
            self._idle.append(number)
        self._dispatch()

    def _bury(self, number: int) -> None:
        """A worker that ended without a word (killed, out of memory): its job fails in words and
        a fresh worker takes its place."""
        process, pipe = self._workers.pop(number)
        process.join(5)
        pipe.close()
        if number in self._idle:
            self._idle.remove(number)
        for job_id, (job, on) in list(self._running.items()):
            if on == number:
                del self._running[job_id]
                self._finish(job, "failed", error=HuddleInputError(
                    "server", f"{job.label} stopped: its worker process ended (exit code {process.exitcode}; "
                              "out of memory?)"))
        self._spawn()
        self._dispatch()


# ---------------------------------------------------------------- the jobs (module functions: a worker imports them)

def simulation(case, settings, progress=None):
    from analysis.evidence.simulation import simulate
    return simulate(case, settings, progress=progress)


def research_fits(corpus, bootstrap: int, progress=None):
    from analysis.research.calibration import implied_thresholds
    return implied_thresholds(corpus, bootstrap=bootstrap)


def games_file(data: bytes | str, name: str, progress=None):
    from analysis.files.games import read_games
    return read_games(data, name, None if progress is None else lambda share: progress("reading the file", share))


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


__all__ = ["HeavyWork", "Job", "FinishedRuns", "server_queue", "simulation", "research_fits", "games_file"]
