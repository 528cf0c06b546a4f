"""Heavy work from a page (huddle.jobs.heavy): queued on the server's workers with what it is expected
to cost, its place in the queue and the wait and then its progress shown, stopped when the page
is left, rerun or closed."""
from __future__ import annotations

from typing import Any

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import Language, first_upper
from huddle.jobs.heavy import HeavyJob, duration, server_queue
from polling.accounts import User
from ui.widgets import show_error


def run_heavy(user: User, job: HeavyJob, *args, lang: Language, seconds: float | None = None) -> Any | None:
    """``job`` on a worker: None (with the refusal shown) when it is refused or fails."""
    try:
        return heavy_result(user, job, *args, lang=lang, seconds=seconds)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        return None


def heavy_result(user: User, job: HeavyJob, *args, lang: Language, seconds: float | None = None) -> Any:
    """``job`` run with ``args`` on a worker, expected to cost what the job reckons (or
    ``seconds``, when the page measured it already); its place in the queue and its progress shown
    meanwhile (the job's label, and the wait said in ``lang``); a refusal or a failure raised as
    HuddleInputError."""
    queue = server_queue()
    label, function = job.label, job.function
    seconds = job.seconds(*args) if seconds is None else seconds
    # one of each kind of work per account at a time: many tabs get one place in the queue
    queued = queue.submit(f"{user.organisation_id}:{user.username}:{label}", label, function, *args,
                          club=str(user.organisation_id), seconds=seconds)
    box = st.empty()
    try:
        while not queued.finished.wait(0.25):
            if not page_open():
                continue                        # not touched: the queue stops it when its page is gone
            queue.touch(queued)
            if queued.state == "waiting":
                ahead = queue.place(queued)
                waiting = lang.ngettext("Waiting for the server: {ahead} task ahead of {work}, starting in {wait}. "
                                        "Voters are served first.", "Waiting for the server: {ahead} tasks ahead of "
                                        "{work}, starting in {wait}. Voters are served first.", ahead)
                box.info(waiting.format(ahead=ahead, work=lang._(label), wait=lang.say(duration(queue.wait(queued)))))
            else:
                what, share = queued.progress
                box.progress(min(max(share, 0.0), 1.0), lang.labelled(first_upper(lang._(label)), lang.say(what)))
        return queue.result(queued)
    finally:
        if not queued.finished.is_set():           # the page was left, rerun or stopped: so is the work
            queue.cancel(queued)
        box.empty()


def page_open() -> bool:
    """The browser of this session is still connected (always, outside a real server)."""
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner import get_script_run_ctx
    context = get_script_run_ctx(suppress_warning=True)
    if context is None or not Runtime.exists():
        return True
    return Runtime.instance().is_active_session(context.session_id)
