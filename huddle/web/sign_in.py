"""The sign-in routes beside the Streamlit app: sign in (sets the signed login cookie), the first
director's account, an invitation's account, the sign-in page and sign out.

Streamlit pages cannot set cookies, so the sign-in form on the app's page posts here; the
cookie is HttpOnly and SameSite=Lax (Secure behind HTTPS), and pages read it through
st.context.cookies. Every route takes a POST from this site only (its Origin, or without one its
Referer, names this host): another site cannot sign a director's browser in to an account of its
choosing, nor out. Wrong passwords slow the next try, per account and per address
(polling.throttle.SignInThrottle), and sign-ins wait for their password's hash in SignInQueue.
"""
from __future__ import annotations

import functools
import re
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from analysis.errors import HuddleInputError
from analysis.language import M_, reader_language, said as analysis_said
from analysis.language.fields import field_words
from polling import accounts, invitations, settings, throttle

from huddle.web.guards import client_address, from_this_machine, from_this_site, small_form
from huddle.web.sign_in_pages import LOGIN_PATH, safe_next as _safe_next


def _refused() -> Response:
    return PlainTextResponse("Refused: this form can be sent from Huddle's own page only.", status_code=403)


def _too_large() -> Response:
    return PlainTextResponse("Refused: a sign-in form is a few hundred bytes, sent with its length.", status_code=413)


def _behind_https(request: Request) -> bool:
    """The browser reached Huddle over HTTPS: directly, or through a reverse proxy that says so
    (docs/deploying.md), or Huddle's public address is an https one."""
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return request.url.scheme == "https" or forwarded == "https" or \
        (settings.configured_public_url() or "").startswith("https://")


# sign-ins at most this many at once in this process, each in a thread of its own: a flood of wrong
# passwords waits its turn on the event loop, holding no thread, and never stalls the loop that
# serves every page and websocket with a hash (scrypt, 30 ms) or the throttle's queries
SIGNING_IN_AT_ONCE = 2
# at most this many sign-ins from addresses new to their account wait for a hash; beyond, one is
# answered at once "busy, try again in a moment" (a few seconds' worth of hashes)
SIGN_INS_WAITING = 48


# an account's sign-ins from its known addresses waiting at once; beyond, "busy" (an account that
# signs in from many addresses at once is a script, not its holder)
KNOWN_WAITING = 4


class SignInQueue:
    """Where sign-ins wait for their password's hash. The throttle answers first (a wait refused
    before anything queues); an address has one sign-in in the queue at a time; each account's
    known addresses (it signed in from there before) have a lane of that account's own, so no
    account's sign-ins, however many addresses they come from, hold up another's (a director's
    right password never waits behind strangers' wrong ones, nor behind another member's
    script); the strangers' lane and each account's lane are bounded."""

    def __init__(self, at_once: int = SIGNING_IN_AT_ONCE, longest: int = SIGN_INS_WAITING):
        self.at_once, self.longest = at_once, longest
        self.queued: set[str] = set()             # addresses with a sign-in waiting or hashing
        self.waiting = 0                          # strangers' sign-ins in the queue
        self.accounts: dict[str, list] = {}       # account -> [its lane, its sign-ins waiting]

    @functools.cached_property
    def lanes(self):
        import anyio
        return {False: anyio.CapacityLimiter(self.at_once)}

    def _account_lane(self, name: str):
        """The account's own lane, made when it is first needed and dropped when it is idle."""
        import anyio
        lane = self.accounts.setdefault(name, [anyio.CapacityLimiter(1), 0])
        lane[1] += 1
        return lane

    async def sign_in(self, request: Request, username: str, password: str, target: str) -> Response:
        import anyio
        from starlette.concurrency import run_in_threadpool
        address = client_address(request)
        if address in self.queued:
            return RedirectResponse(_back_to(target, signin="busy"), status_code=303)
        wait, known = await run_in_threadpool(_standing, username, address)
        if wait:
            return RedirectResponse(_back_to(target, signin="wait", seconds=wait), status_code=303)
        name = throttle.SignInThrottle._name(username)
        full = self.accounts[name][1] >= KNOWN_WAITING if known and name in self.accounts else \
            (not known and self.waiting >= self.longest)
        if address in self.queued or full:
            return RedirectResponse(_back_to(target, signin="busy"), status_code=303)
        self.queued.add(address)
        self.waiting += not known
        lane = self._account_lane(name) if known else None
        try:
            return await anyio.to_thread.run_sync(_login, request, username, password, target, address,
                                                  limiter=lane[0] if lane else self.lanes[False])
        finally:
            self.queued.discard(address)
            self.waiting -= not known
            if lane is not None:
                lane[1] -= 1
                if not lane[1]:
                    self.accounts.pop(name, None)


@functools.cache
def sign_in_queue() -> SignInQueue:
    return SignInQueue()


async def off_the_loop(func, *args):
    """``func(*args)`` in a thread, in the strangers' lane of the sign-in queue."""
    import anyio
    return await anyio.to_thread.run_sync(func, *args, limiter=sign_in_queue().lanes[False])


async def login(request: Request) -> Response:
    if not from_this_site(request):
        return _refused()
    form = await small_form(request)
    if form is None:
        return _too_large()
    username = str(form.get("username", ""))[:200]
    target = _safe_next(str(form.get("next", "/")))
    password = str(form.get("password", ""))[:1000]
    return await sign_in_queue().sign_in(request, username, password, target)


def _standing(username: str, address: str) -> tuple[int, bool]:
    """The throttle's wait for this try, and whether the account knows the address."""
    counts = throttle.SIGN_IN_THROTTLE
    return counts.wait(username, address), counts.known(username, address)


def _login(request: Request, username: str, password: str, target: str, address: str) -> Response:
    """The password's hash, off the event loop (the throttle asked again: a failure may have come
    while this one waited)."""
    wait = throttle.SIGN_IN_THROTTLE.wait(username, address)
    if wait:
        return RedirectResponse(_back_to(target, signin="wait", seconds=wait), status_code=303)
    user = accounts.authenticate(username, password)
    if user is None:
        throttle.SIGN_IN_THROTTLE.failed(username, address)
        return RedirectResponse(_back_to(target, signin="failed"), status_code=303)
    throttle.SIGN_IN_THROTTLE.succeeded(username, address)
    return _signed_in(request, user, target)


def _back_to(target: str, **said) -> str:
    """The sign-in page again, with the sign-in's answer: a wrong password keeps the deep link
    (the case and poll in the address, as ``next``), so the right one lands there."""
    parts = urlsplit(target)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k not in ("signin", "seconds")]
    wanted = f"{parts.path or '/'}" + (f"?{urlencode(query)}" if query else "")
    return f"{LOGIN_PATH}?{urlencode([('next', wanted)] + [(k, str(v)) for k, v in said.items()])}"


def _signed_in(request: Request, user: accounts.User, target: str) -> RedirectResponse:
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(accounts.SESSION_COOKIE, accounts.session_cookie(user),
                        max_age=int(accounts.SESSION_TTL.total_seconds()), path="/",
                        httponly=True, samesite="lax", secure=_behind_https(request))
    return response


def visitor_language(request: Request):
    """The language of a visitor not signed in: the browser's, as far as Huddle ships it."""
    return reader_language(browser=request.headers.get("accept-language"))


async def first_director(request: Request) -> Response:
    """The first visit's account: created only while there is none, then signed in with the
    same cookie as any sign-in, so a reload keeps the director signed in."""
    if not from_this_site(request):
        return _refused()
    from starlette.concurrency import run_in_threadpool
    form = await small_form(request)
    if form is None:
        return _too_large()
    username, name = str(form.get("username", "")), str(form.get("display_name", ""))
    password, again = str(form.get("password", "")), str(form.get("again", ""))
    code, club, club_language = str(form.get("code", "")), str(form.get("club", "")), str(form.get("language", ""))

    def create():
        from analysis.language import language
        from polling import organisations
        if not from_this_machine(request) and not accounts.is_first_director_code(code):
            raise HuddleInputError("setup code", M_("from another device than the server's own machine, the first director "
                                                    "needs the setup code printed where Huddle was started (make run)"))
        if password != again:
            raise HuddleInputError("password", M_("the two passwords differ"))
        if club.strip():                               # refused before the account is made, never after
            organisations.check_name(club)
        chosen = language(club_language or None)
        user = accounts.create_user(username, password, "director", name, only_if_first=True)
        if club.strip():
            organisations.rename(organisations.DEFAULT_ORGANISATION, club)
        organisations.set_language(organisations.DEFAULT_ORGANISATION, chosen.code)
        return user
    try:
        user = await off_the_loop(create)
    except HuddleInputError as exc:
        lang = visitor_language(request)          # the refusal said as the page that shows it speaks
        said = lang.labelled(field_words(exc.field, lang), analysis_said(exc, lang))
        back = urlencode({"first_error": said, "first_user": username[:60], "first_name": name[:120],
                          "first_club": club[:120]})
        return RedirectResponse(f"{LOGIN_PATH}?{back}", status_code=303)
    return await run_in_threadpool(_signed_in, request, user, "/")


async def join_page(request: Request) -> Response:
    """An invitation link's page: the form that sets up the invited account (its holder chooses a
    user name and a password), in the organisation's language; or why the link cannot be used."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import HTMLResponse
    from huddle.web import sign_in_pages as sign_in
    from polling import setup
    await run_in_threadpool(setup.ready)
    token = request.path_params["token"][:64]
    try:
        invitation = await run_in_threadpool(invitations.invitation_for, token)
    except HuddleInputError as exc:
        lang = visitor_language(request)
        return HTMLResponse(sign_in.join_refused(analysis_said(exc, lang), lang), status_code=410,
                            headers={"Cache-Control": "no-store", "X-Frame-Options": "DENY"})
    lang = await run_in_threadpool(_organisation_language, invitation.organisation_id, request)
    return HTMLResponse(sign_in.join_page(request.url.path, invitation, request.query_params, accounts.MIN_PASSWORD,
                                          lang), headers={"Cache-Control": "no-store", "X-Frame-Options": "DENY"})


def _organisation_language(organisation_id: int, request: Request):
    from analysis.language import reader_language
    from polling import organisations
    return reader_language(None, organisations.get_organisation(organisation_id).language,
                           request.headers.get("accept-language"))


async def join(request: Request) -> Response:
    """The invited account, set up and signed in; a refusal goes back to the form, saying why."""
    if not from_this_site(request):
        return _refused()
    form = await small_form(request)
    if form is None:
        return _too_large()
    token = request.path_params["token"][:64]
    username, name = str(form.get("username", ""))[:200], str(form.get("display_name", ""))[:200]
    password, again = str(form.get("password", ""))[:1000], str(form.get("again", ""))[:1000]
    try:
        user = await off_the_loop(invitations.accept_invitation, token, username, password, again, name)
    except HuddleInputError as exc:
        lang = visitor_language(request)
        said = lang.labelled(field_words(exc.field, lang), analysis_said(exc, lang))
        back = urlencode({"error": said, "user": username[:60], "name": name[:120]})
        return RedirectResponse(f"{request.url.path}?{back}", status_code=303)
    from starlette.concurrency import run_in_threadpool
    return await run_in_threadpool(_signed_in, request, user, "/")


async def sign_in_page(request: Request) -> Response:
    """The sign-in form on a page of its own (or, on a fresh install, the first director's): what
    a visitor who has not signed in is shown instead of any page of the app."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import HTMLResponse
    from huddle.web import sign_in_pages as sign_in
    from polling import setup
    await run_in_threadpool(setup.ready)
    if await run_in_threadpool(accounts.user_from_cookie, request.cookies.get(accounts.SESSION_COOKIE)):
        return RedirectResponse(_safe_next(request.query_params.get("next")), status_code=303)
    users = await run_in_threadpool(accounts.has_users)
    return HTMLResponse(sign_in.page(request.query_params, users, accounts.MIN_PASSWORD, _app_preloads(),
                                     lang=visitor_language(request)),
                        headers={"Cache-Control": "no-store", "X-Frame-Options": "DENY"})


@functools.cache
def _app_preloads() -> str:
    """Links that let the browser fetch the app's own scripts, styles and font while the director
    types her password (nothing runs): the page after "Sign in" then draws from its cache."""
    import os
    from streamlit import file_util
    try:
        with open(os.path.join(file_util.get_static_dir(), "index.html"), encoding="utf-8") as f:
            index = f.read()
    except OSError:
        return ""
    scripts = re.findall(r'(?:src|href)="\./(static/js/[\w.-]+\.js)"', index)
    styles = re.findall(r'href="\./(static/css/[\w.-]+\.css)"', index)
    fonts = re.findall(r'href="\./(static/media/[\w.-]+\.woff2)"', index)
    return "".join([*(f'<link rel="modulepreload" crossorigin href="/{s}">' for s in dict.fromkeys(scripts)),
                    *(f'<link rel="preload" as="style" crossorigin href="/{s}">' for s in dict.fromkeys(styles)),
                    *(f'<link rel="preload" as="font" type="font/woff2" crossorigin href="/{s}">'
                      for s in dict.fromkeys(fonts))])


async def logout(request: Request) -> Response:
    """Sign out: the session ends on the server too, so a copied cookie stops working."""
    if not from_this_site(request):
        return _refused()
    from starlette.concurrency import run_in_threadpool
    await run_in_threadpool(accounts.end_session, request.cookies.get(accounts.SESSION_COOKIE))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(accounts.SESSION_COOKIE, path="/")
    return response
