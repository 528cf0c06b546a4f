"""Huddle's server assembled: its routes beside the Streamlit app (the pollee's page, sign-in, the
health check), the middleware in the order it runs, the prefixes that are not pages of the app
(made from the routes, so a new route is never sent to sign-in), and what the server does beside
its pages (timed reminders). huddle_server.py starts the app with these."""
from __future__ import annotations

import asyncio
import contextlib
import time

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from polling import invitations

from starlette.middleware import Middleware

from huddle.web.assets import CompressedAssets, ServerAddressInPage, send_without_delay
from huddle.web.guards import from_this_machine
from huddle.web.middleware import (KnownHosts, NotPages, OldPollLinks, SameOriginSockets, SignedInOnly, UploadLimits)
from huddle.web.sign_in_pages import FIRST_DIRECTOR_PATH, LOGIN_PATH, LOGOUT_PATH


HEALTH_PATH = "/huddle/health"


HEALTH_KEPT = 1.0                    # seconds one answer serves every check


class _Health:
    """The last answer, kept a second: a flood of checks costs the database one query a second."""

    def __init__(self):
        self.lock = asyncio.Lock()
        self.at, self.found = -HEALTH_KEPT, {}

    async def now(self) -> dict:
        from starlette.concurrency import run_in_threadpool
        from polling import db
        async with self.lock:
            if time.monotonic() - self.at >= HEALTH_KEPT:
                try:
                    self.found = await run_in_threadpool(db.health)
                except Exception as exc:        # noqa: BLE001 (any failure to reach the database is "unavailable")
                    self.found = {"status": "unavailable", "problem": type(exc).__name__}
                self.at = time.monotonic()
            return self.found


_HEALTH = _Health()


async def health(request: Request) -> Response:
    """200 when this process can serve (its database answers with the schema it expects), 503
    otherwise: for a reverse proxy's or a load balancer's health check. The reason, the
    database's kind and the schema are told to the operator only (a request from this machine);
    anyone else learns ok or not."""
    from starlette.responses import JSONResponse
    found = await _HEALTH.now()
    ok = found["status"] == "ok"
    said = found if from_this_machine(request) else {"status": "ok" if ok else "unavailable"}
    return JSONResponse(said, status_code=200 if ok else 503)


async def case_list(request: Request) -> Response:
    """/cases, the case list's own address: Streamlit serves its default page at / only, and would
    answer "Page not found" here."""
    query = request.url.query
    return RedirectResponse("/" + (f"?{query}" if query else ""), status_code=307)


@contextlib.asynccontextmanager
async def lifespan(app):
    """What the server does beside its pages: the reminders directors set for a time are sent
    when it comes (checked every HUDDLE_REMINDER_CHECK_SECONDS, 30 by default); the Research
    page's first opening is made ready (HUDDLE_PREPARE_RESEARCH=0 leaves it to its first visitor)."""
    import os
    import threading
    if os.environ.get("HUDDLE_PREPARE_RESEARCH", "").strip() != "0":
        threading.Thread(target=_research_prepared, name="huddle-research", daemon=True).start()
    task = asyncio.create_task(_reminders_when_due())
    try:
        yield None
    finally:
        task.cancel()


def _research_prepared() -> None:
    import logging
    try:
        from ui.research_results import prepare_research
        prepare_research()
    except Exception:                             # the page computes it when opened; the log says why
        logging.getLogger("huddle").exception("preparing the Research page")


async def _reminders_when_due() -> None:
    import logging
    import os
    from starlette.concurrency import run_in_threadpool
    from analysis.errors import HuddleInputError
    from polling import mail, setup
    every = float(os.environ.get("HUDDLE_REMINDER_CHECK_SECONDS", "") or 30)
    while True:
        await asyncio.sleep(every)
        try:
            if mail.mail_server() is not None:
                await run_in_threadpool(setup.ready)
                await run_in_threadpool(mail.send_due_reminders)
        except HuddleInputError as refused:       # a setting that cannot be read: said once a round, no secret
            logging.getLogger("huddle").warning("timed reminders: %s", refused)
        except Exception:                         # the next round tries again; the log says why
            logging.getLogger("huddle").exception("timed reminders")


def _routes() -> list:
    from huddle.web.pollee import ROUTES as POLLEE_ROUTES
    from huddle.web import sign_in
    return POLLEE_ROUTES + [Route("/cases", case_list, methods=["GET"]),
          Route(HEALTH_PATH, health, methods=["GET"]), Route(LOGIN_PATH, sign_in.login, methods=["POST"]),
          Route(LOGIN_PATH, sign_in.sign_in_page, methods=["GET"]),
          Route(FIRST_DIRECTOR_PATH, sign_in.first_director, methods=["POST"]),
          Route(invitations.JOIN_PREFIX + "{token}", sign_in.join_page, methods=["GET"], name="join"),
          Route(invitations.JOIN_PREFIX + "{token}", sign_in.join, methods=["POST"]),
          Route(LOGOUT_PATH, sign_in.logout, methods=["POST"])]


ROUTES = _routes()
NOT_PAGES = NotPages.beside(ROUTES)
# outermost first: a request meets them in this order before the app
MIDDLEWARE = [Middleware(KnownHosts), Middleware(OldPollLinks), Middleware(SignedInOnly, not_pages=NOT_PAGES),
              Middleware(SameOriginSockets), Middleware(UploadLimits), Middleware(CompressedAssets),
              Middleware(ServerAddressInPage, not_pages=NOT_PAGES)]


__all__ = ["ROUTES", "MIDDLEWARE", "NOT_PAGES", "lifespan", "send_without_delay", "health", "HEALTH_PATH", "HEALTH_KEPT"]
