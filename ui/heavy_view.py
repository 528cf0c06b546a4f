"""Heavy work from a page (huddle.jobs.heavy): queued on the server's workers with what it is expected
to cost, its place in the queue and the wait and then its progress shown, stopped when the page
is left, rerun or closed."""
from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import Language, first_upper
from huddle.jobs.heavy import duration, server_queue
from polling.accounts import User
from ui.widgets import show_error


def run_heavy(user: User, label: str, function: Callable, *args, seconds: float = 1.0,
              lang: Language) -> Any | None:
    """``function(*args)`` on a worker: None (with the refusal shown) when it is refused or fails."""
    try:
        return heavy_result(user, label, function, *args, seconds=seconds, lang=lang)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        return None


def heavy_result(user: User, label: str, function: Callable, *args, seconds: float = 1.0,
                 lang: Language) -> Any:
    """``function(*args)`` on a worker, expected to cost ``seconds`` of CPU; its place in the
    queue and its progress shown meanwhile (``label``, a catalog message, and the wait said in
    ``lang``); a refusal or a failure raised as HuddleInputError."""
    queue = server_queue()
    # one of each kind of work per account at a time: many tabs get one place in the queue
    job = queue.submit(f"{user.organisation_id}:{user.username}:{label}", label, function, *args,
                       club=str(user.organisation_id), seconds=seconds)
    box = st.empty()
    try:
        while not job.finished.wait(0.25):
            if not page_open():
                continue                        # not touched: the queue stops it when its page is gone
            queue.touch(job)
            if job.state == "waiting":
                ahead = queue.place(job)
                waiting = lang.ngettext("Waiting for the server: {ahead} task ahead of {work}, starting in {wait}. "
                                        "Voters are served first.", "Waiting for the server: {ahead} tasks ahead of "
                                        "{work}, starting in {wait}. Voters are served first.", ahead)
                box.info(waiting.format(ahead=ahead, work=lang._(label), wait=lang.say(duration(queue.wait(job)))))
            else:
                what, share = job.progress
                box.progress(min(max(share, 0.0), 1.0), lang.labelled(first_upper(lang._(label)), lang.say(what)))
        return queue.result(job)
    finally:
        if not job.finished.is_set():           # the page was left, rerun or stopped: so is the work
            queue.cancel(job)
        box.empty()


def page_open() -> bool:
    """The browser of this session is still connected (always, outside a real server)."""
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner import get_script_run_ctx
    context = get_script_run_ctx(suppress_warning=True)
    if context is None or not Runtime.exists():
        return True
    return Runtime.instance().is_active_session(context.session_id)
