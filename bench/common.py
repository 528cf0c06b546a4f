"""What the benchmarks share: the percentile they report, the server's memory, and the old
checkout a "before" is measured on."""
from __future__ import annotations

import subprocess
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95 for p95) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def server_rss_mb(port: str) -> float:
    """Resident memory of the Streamlit process serving ``port`` (found by its command line)."""
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            status = (entry / "status").read_text()
        except (OSError, NotADirectoryError):
            continue
        if b"streamlit" in b" ".join(command) and port.encode() in command:
            kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
            return kb / 1024
    raise RuntimeError(f"no server process on port {port}")


@contextmanager
def checkout(revision: str, folder: Path):
    """Another revision of this repository, as a work tree of its own (removed afterwards), to run
    a "before" beside the code of today in one run."""
    subprocess.run(["git", "worktree", "add", "--detach", "--force", str(folder), revision], cwd=ROOT, check=True,
                   capture_output=True)
    try:
        yield folder
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, capture_output=True)




# ---------------------------------------------------------------- a pollee, over HTTP

THANKS = ("Thank you", "One more question")


def _request(url: str, data: bytes | None = None, origin: str | None = None) -> str:
    import urllib.error
    import urllib.request
    headers = {"Origin": origin} if origin else {}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:      # a 303 is followed, as a phone does
            return reply.read().decode()
    except urllib.error.HTTPError as refused:                             # a refusal is a page too
        return refused.read().decode()


def form_fields(html: str) -> dict[str, str]:
    """The hidden fields of a pollee's page's form (its token, a walk-through's answers)."""
    import re
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html))


def open_link(base: str, token: str) -> tuple[float, str]:
    """A pollee opens the link: the seconds until the page has arrived, and the page."""
    import time
    started = time.perf_counter()
    html = _request(f"{base}/p/{token}")
    return time.perf_counter() - started, html


def send_answers(base: str, token: str, page: str, call: str, considered=()) -> tuple[float, str]:
    """The pollee sends Q1 and Q2 from the page opened: the seconds until the answer is
    acknowledged (Q4 or the thanks shown), and that page."""
    import time
    from urllib.parse import urlencode
    body = urlencode({**form_fields(page), "call": call, **({"considered": list(considered)} if considered else {})},
                     doseq=True).encode()
    started = time.perf_counter()
    html = _request(f"{base}/p/{token}", body, origin=base)
    return time.perf_counter() - started, html


def acknowledged(html: str) -> bool:
    return any(t in html for t in THANKS)


async def vote(base: str, token: str, call: str, ready=None) -> tuple[float, float]:
    """One pollee: open the link, (wait for ``ready``, an asyncio.Barrier or Event, so that many
    submit at once), send the answers. Returns (seconds to open, seconds to the acknowledgement)."""
    import asyncio
    opened, page = await asyncio.to_thread(open_link, base, token)
    if ready is not None:
        await ready.wait()
    seconds, reply = await asyncio.to_thread(send_answers, base, token, page, call)
    if not acknowledged(reply):
        raise RuntimeError(f"the vote was not acknowledged: {reply[-300:]}")
    return opened, seconds


__all__ = ["percentile", "server_rss_mb", "checkout", "ROOT", "vote", "open_link", "send_answers", "acknowledged",
           "form_fields", "THANKS"]
