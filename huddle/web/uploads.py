"""Who may send a file to the server, and how much it may hold at once.

Streamlit keeps every uploaded file in the server's memory until its session ends, and takes a
PUT to /_stcore/upload_file/<session>/<file> from any open websocket session, signed in or not,
with no bound on how many. Huddle takes an upload only from a session whose last run of a page
drew a file uploader for a signed-in user (``permit``, called by ui.widgets.file_upload; every
run of a page starts by withdrawing it, ``withdraw``), and bounds what the uploads hold: per
session (two files at the reading bound, so a file can be replaced) and per server
(HUDDLE_UPLOAD_MEMORY_MB, 64 MB by default), counting what is stored and what is arriving; one
account's pages take at most a third of the server's room, one organisation's at most half.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass

from analysis.limits import MAX_FILE_BYTES

PERMIT_SECONDS = 3600                 # a page left open with its uploader for an hour still takes a file
MAX_PERMITS = 10_000                  # the oldest permits go first beyond this many sessions
PER_SESSION_BYTES = 2 * MAX_FILE_BYTES + 1024 * 1024     # a file, its replacement, the form's framing
FRAMING_BYTES = 1024 * 1024           # a multipart body is the file and a little more


def server_budget_bytes() -> int:
    """HUDDLE_UPLOAD_MEMORY_MB: what every session's uploads may hold at once in this process."""
    given = os.environ.get("HUDDLE_UPLOAD_MEMORY_MB", "64").strip()
    if not given.isdecimal() or not 16 <= int(given) <= 4096:
        raise ValueError(f"HUDDLE_UPLOAD_MEMORY_MB: '{given[:10]}' must be a whole number from 16 to 4096")
    return int(given) * 1024 * 1024


@dataclass(frozen=True)
class Refusal:
    status: int
    reason: str


class UploadGate:
    """The permits and the bytes reserved for uploads under way, for one server process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._permits: dict[str, tuple[str, float]] = {}
        self._arriving: dict[str, int] = {}

    def permit(self, session_id: str, username: str, organisation: int | None = None) -> None:
        with self._lock:
            self._permits.pop(session_id, None)
            self._permits[session_id] = (username, time.monotonic() + PERMIT_SECONDS, organisation)
            while len(self._permits) > MAX_PERMITS:
                self._permits.pop(next(iter(self._permits)))

    def withdraw(self, session_id: str) -> None:
        with self._lock:
            self._permits.pop(session_id, None)

    def permitted(self, session_id: str) -> bool:
        with self._lock:
            held = self._permits.get(session_id)
            return held is not None and held[1] > time.monotonic()

    def reserve(self, session_id: str, length: int, stored: dict[str, int], budget: int) -> Refusal | None:
        """Hold ``length`` bytes for an upload from ``session_id`` beside what is stored already
        (``stored``: each session's bytes), or say why not. The budget is shared: one account's
        pages hold at most a third of it, one organisation's at most half, so nobody keeps the
        others from the server. A reservation is given back with ``release``."""
        if not self.permitted(session_id):
            return Refusal(403, "Refused: files are taken only from a signed-in page that asks for one.")
        if length > MAX_FILE_BYTES + FRAMING_BYTES:
            return Refusal(413, f"Refused: files up to {MAX_FILE_BYTES // (1024 * 1024)} MB are read.")
        with self._lock:
            held = {sid: stored.get(sid, 0) + self._arriving.get(sid, 0) for sid in set(stored) | set(self._arriving)}
            username, _, organisation = self._permits[session_id]
            account = sum(b for sid, b in held.items() if self._permits.get(sid, ("",))[0] == username)
            club = sum(b for sid, b in held.items() if organisation is not None
                       and (self._permits.get(sid) or ("", 0, None))[2] == organisation)
            if held.get(session_id, 0) + length > PER_SESSION_BYTES:
                return Refusal(413, "Refused: this page holds two files already; remove one first.")
            if account + length > max(PER_SESSION_BYTES, budget // 3) or \
                    club + length > max(PER_SESSION_BYTES, budget // 2):
                return Refusal(503, "Refused for now: your pages hold their share of the server's room for "
                                    "uploaded files; close a page with a file, or try again in a minute.")
            if sum(held.values()) + length > budget:
                return Refusal(503, "Refused for now: the server holds as many uploaded files as it may; "
                                    "try again in a minute.")
            self._arriving[session_id] = self._arriving.get(session_id, 0) + length
            return None

    def release(self, session_id: str, length: int) -> None:
        with self._lock:
            left = self._arriving.get(session_id, 0) - length
            if left > 0:
                self._arriving[session_id] = left
            else:
                self._arriving.pop(session_id, None)


GATE = UploadGate()

__all__ = ["GATE", "UploadGate", "Refusal", "server_budget_bytes", "PER_SESSION_BYTES"]
