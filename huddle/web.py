"""HTTP routes beside the Streamlit app: sign in (sets the signed login cookie) and sign out.

Streamlit pages cannot set cookies, so the sign-in form on the app's page posts here; the
cookie is HttpOnly and SameSite=Lax (Secure behind HTTPS), and pages read it through
st.context.cookies. Every route takes a POST from this site only (its Origin, or without one its
Referer, names this host): another site cannot sign a director's browser in to an account of its
choosing, nor out. Wrong passwords slow the next try, per account and per address (accounts.SignInThrottle).
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import time
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from analysis.errors import HuddleInputError
from analysis.language import M_, reader_language, said as analysis_said
from analysis.language.fields import field_words
from polling import accounts, settings

from huddle.guards import client_address, from_this_machine, from_this_site, own_origin, small_form
from huddle.streamlit_words import words_script
from huddle.sign_in import FIRST_DIRECTOR_PATH, LOGIN_PATH, LOGOUT_PATH, safe_next as _safe_next


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


class SignInQueue:
    """Where sign-ins wait for their password's hash. The throttle answers first (a wait refused
    before anything queues); an address has one sign-in in the queue at a time; an account's
    known address (it signed in from there before) has a lane of its own, so a director's right
    password never waits behind strangers' wrong ones; the strangers' lane is bounded."""

    def __init__(self, at_once: int = SIGNING_IN_AT_ONCE, longest: int = SIGN_INS_WAITING):
        self.at_once, self.longest = at_once, longest
        self.queued: set[str] = set()             # addresses with a sign-in waiting or hashing
        self.waiting = 0                          # strangers' sign-ins in the queue

    @functools.cached_property
    def lanes(self):
        import anyio
        return {True: anyio.CapacityLimiter(1), False: anyio.CapacityLimiter(self.at_once)}

    async def sign_in(self, request: Request, username: str, password: str, target: str) -> Response:
        import anyio
        from starlette.concurrency import run_in_threadpool
        address = client_address(request)
        if address in self.queued:
            return RedirectResponse(_back_to(target, signin="busy"), status_code=303)
        wait, known = await run_in_threadpool(_standing, username, address)
        if wait:
            return RedirectResponse(_back_to(target, signin="wait", seconds=wait), status_code=303)
        if address in self.queued or (not known and self.waiting >= self.longest):
            return RedirectResponse(_back_to(target, signin="busy"), status_code=303)
        self.queued.add(address)
        self.waiting += not known
        try:
            return await anyio.to_thread.run_sync(_login, request, username, password, target, address,
                                                  limiter=self.lanes[known])
        finally:
            self.queued.discard(address)
            self.waiting -= not known


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
    throttle = accounts.SIGN_IN_THROTTLE
    return throttle.wait(username, address), throttle.known(username, address)


def _login(request: Request, username: str, password: str, target: str, address: str) -> Response:
    """The password's hash, off the event loop (the throttle asked again: a failure may have come
    while this one waited)."""
    wait = accounts.SIGN_IN_THROTTLE.wait(username, address)
    if wait:
        return RedirectResponse(_back_to(target, signin="wait", seconds=wait), status_code=303)
    user = accounts.authenticate(username, password)
    if user is None:
        accounts.SIGN_IN_THROTTLE.failed(username, address)
        return RedirectResponse(_back_to(target, signin="failed"), status_code=303)
    accounts.SIGN_IN_THROTTLE.succeeded(username, address)
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
    from huddle import sign_in
    from polling import setup
    await run_in_threadpool(setup.ready)
    token = request.path_params["token"][:64]
    try:
        invitation = await run_in_threadpool(accounts.invitation_for, token)
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
        user = await off_the_loop(accounts.accept_invitation, token, username, password, again, name)
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
    from huddle import sign_in
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
    import re
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


def send_without_delay() -> int:
    """Small replies leave at once: TCP_NODELAY on every listening TCP socket of this process
    (Linux hands it on to each connection accepted). Streamlit binds its socket with protocol 0,
    and asyncio sets TCP_NODELAY only on sockets whose protocol reads IPPROTO_TCP, so Nagle's
    algorithm stayed on: the second small message of every page run waited for the browser's
    delayed acknowledgement, about 40 ms a click. Called while the server module is loaded, after
    Streamlit has bound its socket and before it accepts. Returns the number of sockets set."""
    import os
    import socket
    import stat

    done = 0
    for name in os.listdir("/proc/self/fd") if os.path.isdir("/proc/self/fd") else []:
        try:
            if not stat.S_ISSOCK(os.fstat(int(name)).st_mode):
                continue
            sock = socket.socket(fileno=os.dup(int(name)))
        except OSError:
            continue
        with sock:
            try:
                listening = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
                if listening and sock.family in (socket.AF_INET, socket.AF_INET6) and sock.type == socket.SOCK_STREAM:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    done += 1
            except OSError:
                continue
    return done


async def whole_response(app, scope, receive) -> tuple[dict, bytes]:
    """The app's whole response to a request: its start message (empty when the browser went
    away before the app answered) and its body."""
    start: dict = {}
    chunks: list[bytes] = []

    async def keep(message):
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, keep)
    return start, b"".join(chunks)


class CompressedAssets:
    """Streamlit's own scripts and styles sent gzip-compressed to browsers that accept it, each
    compressed once and kept. Streamlit sends them uncompressed and leaves compression to a reverse
    proxy; a club running Huddle from a laptop has none, and a phone on the club's Wi-Fi then
    fetches 2.9 MB instead of about 0.8 MB on its first visit. The assets' names carry a hash of
    their content, so what is kept never goes stale."""

    COMPRESSIBLE = (b"javascript", b"text/", b"json", b"svg", b"font/ttf", b"font/otf")

    def __init__(self, app, assets: frozenset[str] | None = None):
        self.app = app
        self.kept: dict[str, tuple[list, bytes]] = {}
        self.assets = streamlit_assets() if assets is None else assets

    async def __call__(self, scope, receive, send):
        if not self._wanted(scope):
            await self.app(scope, receive, send)
            return
        kept = self.kept.get(scope["path"])
        if kept is None:
            start, body = await whole_response(self.app, scope, receive)
            if not start:                   # the browser went away before Streamlit answered
                return
            if not self._compressible(start) or not self._whole(start, body):
                await send(start)
                await send({"type": "http.response.body", "body": body})
                return
            import gzip
            compressed = gzip.compress(body, 6)     # once per file for the server's life: 30 ms at most
            headers = [(k, b"W/" + v if k == b"etag" and not v.startswith(b"W/") else v)
                       for k, v in start["headers"] if k not in (b"content-length", b"content-encoding", b"vary")]
            kept = (headers + [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding"),
                               (b"content-length", str(len(compressed)).encode())], compressed)
            self.kept[scope["path"]] = kept
        await send({"type": "http.response.start", "status": 200, "headers": kept[0]})
        await send({"type": "http.response.body", "body": kept[1]})

    def _wanted(self, scope) -> bool:
        """A plain GET of one of Streamlit's own assets from a browser that takes gzip (a range or
        a conditional request goes to Streamlit as it is). Any other name under /static/ is
        answered by Streamlit uncompressed and never kept: kept, every made-up name a stranger
        asks for would stay in memory for the server's life."""
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"] not in self.assets:
            return False
        headers = dict(scope["headers"])
        if b"range" in headers or b"if-none-match" in headers or b"if-modified-since" in headers:
            return False
        return b"gzip" in headers.get(b"accept-encoding", b"")

    @staticmethod
    def _whole(start: dict, body: bytes) -> bool:
        """All of the file: Streamlit stops sending when the browser cancels a request (it does,
        for a module it already has on the way), and a part kept would be served for good."""
        length = dict(start["headers"]).get(b"content-length")
        return length is not None and length.isdigit() and int(length) == len(body)

    def _compressible(self, start: dict) -> bool:
        headers = dict(start["headers"])
        kind = headers.get(b"content-type", b"")
        return start["status"] == 200 and b"content-encoding" not in headers and \
            any(k in kind for k in self.COMPRESSIBLE)



class ServerAddressInPage:
    """The page tells Streamlit's scripts where the server is (``window.__streamlit``'s
    BACKEND_BASE_URL: this origin and the configured base path). Without it, a page opened at
    /ruling first asks /ruling/_stcore/health, waits for the miss and its back-off, and only then
    asks /_stcore/health: a tenth of a second before every page of a path shows anything
    (bench/pages_in_browser.py)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"].startswith(_NOT_PAGES):
            await self.app(scope, receive, send)
            return
        # the page itself uncompressed (8 KB), so that it can be read and added to
        plain = {**scope, "headers": [(k, v) for k, v in scope["headers"] if k != b"accept-encoding"]}
        start, body = await whole_response(self.app, plain, receive)
        if not start:
            return
        headers = dict(start["headers"])
        if start["status"] == 200 and b"text/html" in headers.get(b"content-type", b"") and \
                b"content-encoding" not in headers and b"<head>" in body:
            code = await page_language_code(scope)          # the page's own words, and Streamlit's, in it
            body = body.replace(b"<head>", b"<head>" + _address_script() + _warm_script() + words_script(code), 1)
            body = re.sub(rb'<html lang="[^"]*"', f'<html lang="{code}"'.encode(), body, count=1)
            start["headers"] = [(k, v) for k, v in start["headers"] if k != b"content-length"] + [
                (b"content-length", str(len(body)).encode())]
        await send(start)
        await send({"type": "http.response.body", "body": body})


_SIGNED_IN_FILES = ("/media/", "/_stcore/metrics", "/_stcore/host-config")
_NOT_PAGES = ("/static/", "/_stcore/", "/media/", "/component/", "/auth/", "/huddle/", "/favicon", "/p/")


@functools.cache
def _address_script() -> bytes:
    from streamlit import config
    base = "/" + (config.get_option("server.baseUrlPath") or "").strip("/")
    return ("<script>window.__streamlit=Object.assign({},window.__streamlit,{BACKEND_BASE_URL:"
            f"location.origin+{json.dumps(base.rstrip('/') + '/')}}});</script>").encode()


# the widgets a director's pages draw, whose scripts Streamlit fetches only when a page first
# shows one: the Ruling page's first opening in a browser fetched and compiled seven of them in
# turn, the data editor's 1.6 MB among them (bench/pages_in_browser.py's round)
WARMED = ("DataFrame", "Radio", "Multiselect", "Checkbox", "Metric", "NumberInput", "Selectbox", "TextArea",
          "TextInput", "DownloadButton", "FileUploader", "ButtonGroup", "Progress", "ProgressBar")


@functools.cache
def _warm_script() -> bytes:
    """Once a page of the app is drawn and the browser has nothing else to do, it imports the
    scripts of the widgets the other pages draw (the same modules Streamlit imports later: they
    are evaluated once), so that moving to the Ruling page does not wait for them. Nothing is
    drawn or run; a page that never goes idle never imports them."""
    wanted = sorted(f".{path}" for path in streamlit_assets() if path.startswith("/static/js/")
                    and path.endswith(".js") and path.rsplit("/", 1)[1].count(".") == 2
                    and path.rsplit("/", 1)[1].split(".", 1)[0] in WARMED)
    if not wanted:
        return b""
    return ("<script>addEventListener('load',()=>setTimeout(()=>(window.requestIdleCallback||setTimeout)(()=>"
            f"{json.dumps(wanted)}.forEach(s=>import(new URL(s,document.baseURI).href).catch(()=>{{}})),"
            "{timeout:4000}),1500))</script>").encode()


def streamlit_assets() -> frozenset[str]:
    """The paths of Streamlit's own scripts, styles, fonts and images (under /static/)."""
    import os

    from streamlit import file_util

    root = file_util.get_static_dir()
    found = set()
    for folder, _dirs, files in os.walk(os.path.join(root, "static")):
        for name in files:
            found.add("/" + os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return frozenset(found)


class SameOriginSockets:
    """Only Huddle's own pages open its websocket. Streamlit's check compares the Origin's host
    name alone, so a page served from another port of the same machine (or of the club's laptop
    on the LAN) was let in, and the browser sends the SameSite=Lax sign-in cookie across ports: a
    page on another port could drive a signed-in director's session. Here the Origin must name
    exactly the host and port the browser asked for (its Host header), or Huddle's
    public address (HUDDLE_PUBLIC_URL, behind a reverse proxy). A client that sends no Origin is
    no browser and carries no one's cookie."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not same_origin(dict(scope["headers"])):
            await send({"type": "websocket.close", "code": 1008})      # refused before the handshake: 403
            return
        await self.app(scope, receive, send)


def same_origin(headers: dict[bytes, bytes]) -> bool:
    origin = headers.get(b"origin")
    return origin is None or own_origin(origin.decode("latin-1"), headers.get(b"host", b"").decode("latin-1"))


class KnownHosts:
    """DNS rebinding: a page of another site whose name is re-pointed at this machine reaches it
    with its own name in the Host header, and its Origin matches that Host. Huddle answers only
    to the names it is known by (settings.host_names); anything else gets 421 before Streamlit or
    a route sees it, a websocket is closed before the handshake. A request with no Host at all
    (a load balancer's HTTP/1.0 health check) comes from no browser and passes."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket") and not known_host(dict(scope["headers"]).get(b"host")):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await PlainTextResponse(MISDIRECTED, status_code=421)(scope, receive, send)
            return
        await self.app(scope, receive, send)


MISDIRECTED = ("Huddle answers to its own addresses only. To reach it under another name, set "
               "HUDDLE_PUBLIC_URL or HUDDLE_ALLOWED_HOSTS (docs/deploying.md).")


def known_host(host: bytes | None) -> bool:
    if host is None:
        return True
    name = urlsplit("//" + host.decode("latin-1").strip()).hostname or ""
    return name.lower().rstrip(".") in settings.host_names()


UPLOAD_PREFIX = "/_stcore/upload_file/"


class UploadLimits:
    """Streamlit's upload endpoint behind Huddle's gate (huddle.uploads): a PUT is taken only from a
    session whose page asks a signed-in user for a file, with a Content-Length, and only while
    that session's uploads and the whole server's stay within their bounds. What is refused is
    refused before a byte of the body is read."""

    def __init__(self, app, gate=None, stored=None):
        from huddle.uploads import GATE
        self.app = app
        self.gate = gate or GATE
        self.stored = stored or stored_upload_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "PUT" or not scope["path"].startswith(UPLOAD_PREFIX):
            await self.app(scope, receive, send)
            return
        from huddle.uploads import Refusal, server_budget_bytes
        session_id = scope["path"][len(UPLOAD_PREFIX):].split("/", 1)[0]
        length = dict(scope["headers"]).get(b"content-length", b"")
        if not length.isdigit():
            refusal: Refusal | None = Refusal(411, "Refused: an upload must say its length.")
        else:
            refusal = self.gate.reserve(session_id, int(length), self.stored(), server_budget_bytes())
        if refusal is not None:
            await PlainTextResponse(refusal.reason, status_code=refusal.status)(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.gate.release(session_id, int(length))


def stored_upload_bytes() -> dict[str, int]:
    """What Streamlit's upload manager holds now, session by session."""
    from streamlit.runtime import Runtime
    if not Runtime.exists():
        return {}
    storage = getattr(Runtime.instance().uploaded_file_mgr, "file_storage", {})
    return {sid: sum(len(f.data) for f in list(files.values())) for sid, files in list(storage.items())}


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


class SignedInOnly:
    """Only a signed-in browser runs the app: a page of the app asked for without a sign-in is
    answered with the sign-in page (the page asked for kept as ``next``), and its websocket is
    refused before the handshake. A visitor who has not signed in never has a Streamlit session:
    no script run, no session memory, no upload. The pollee's page, the sign-in routes, the
    health checks and Streamlit's own files are not pages of the app and pass."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        websocket = scope["type"] == "websocket" and scope["path"].endswith("/_stcore/stream")
        page = scope["type"] == "http" and scope["method"] in ("GET", "HEAD") and \
            not scope["path"].startswith(_NOT_PAGES) and scope["path"] != "/cases"
        # what a signed-in page made (a download, a QR code: /media/…) and what describes the server
        # is a director's, not anyone's who learns its address
        private = scope["type"] == "http" and scope["path"].startswith(_SIGNED_IN_FILES)
        if private and not await signed_in(scope):
            await PlainTextResponse("Refused: sign in to Huddle first.", status_code=403,
                                    headers={"Cache-Control": "no-store"})(scope, receive, send)
            return
        if (websocket or page) and not await signed_in(scope):
            if websocket:
                await send({"type": "websocket.close", "code": 1008})
                return
            wanted = scope["path"] + (f"?{scope['query_string'].decode('latin-1')}" if scope.get("query_string") else "")
            await RedirectResponse(f"{LOGIN_PATH}?{urlencode({'next': wanted})}", status_code=303,
                                   headers={"Cache-Control": "no-store"})(scope, receive, send)
            return
        await self.app(scope, receive, send)


_USER = "huddle.user"       # the request's sign-in, looked up once and kept in its scope


async def signed_in_user(scope) -> accounts.User | None:
    """Who signed in the request (the login cookie of a session kept on the server), or None:
    looked up once per request, whichever middleware asks first."""
    if _USER not in scope:
        from starlette.concurrency import run_in_threadpool
        from starlette.requests import HTTPConnection
        from polling import setup
        cookie = HTTPConnection(scope).cookies.get(accounts.SESSION_COOKIE)
        user = None
        if cookie:
            await run_in_threadpool(setup.ready)
            user = await run_in_threadpool(accounts.user_from_cookie, cookie)
        scope[_USER] = user
    return scope[_USER]


async def page_language_code(scope) -> str:
    """The language of the reader's pages, by the one rule (analysis.language.reader_language):
    the account's, else the organisation's, else the browser's."""
    from starlette.concurrency import run_in_threadpool
    from polling import organisations
    user = await signed_in_user(scope)
    browser = Headers(scope=scope).get("accept-language")
    return (await run_in_threadpool(organisations.reader_language_of, user, browser)).code


async def signed_in(scope) -> bool:
    """Does the request carry a live sign-in?"""
    return await signed_in_user(scope) is not None


class OldPollLinks:
    """A personal link issued before the pollee's page had its own address (/?token=…) opens that
    page (/p/{token}): no pollee needs a Streamlit session, and no anonymous visitor reaches the
    app's pages through a link."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"] == "/" and b"token=" in scope.get("query_string", b""):
            token = dict(parse_qsl(scope["query_string"].decode("latin-1"))).get("token", "")
            if token:
                from huddle.pollee import HEADERS, POLLEE_PREFIX
                from urllib.parse import quote
                await RedirectResponse(POLLEE_PREFIX + quote(token[:64], safe=""), status_code=303,
                                       headers=HEADERS)(scope, receive, send)
                return
        await self.app(scope, receive, send)


@contextlib.asynccontextmanager
async def lifespan(app):
    """What the server does beside its pages: the reminders directors set for a time are sent
    when it comes (checked every HUDDLE_REMINDER_CHECK_SECONDS, 30 by default)."""
    task = asyncio.create_task(_reminders_when_due())
    try:
        yield None
    finally:
        task.cancel()


async def _reminders_when_due() -> None:
    import logging
    import os
    from starlette.concurrency import run_in_threadpool
    from polling import mail, setup
    every = float(os.environ.get("HUDDLE_REMINDER_CHECK_SECONDS", "") or 30)
    while True:
        await asyncio.sleep(every)
        try:
            if mail.mail_server() is not None:
                await run_in_threadpool(setup.ready)
                await run_in_threadpool(mail.send_due_reminders)
        except Exception:                         # the next round tries again; the log says why
            logging.getLogger("huddle").exception("timed reminders")


def _routes() -> list:
    from huddle.pollee import ROUTES as POLLEE_ROUTES
    return POLLEE_ROUTES + [Route("/cases", case_list, methods=["GET"]),
          Route(HEALTH_PATH, health, methods=["GET"]), Route(LOGIN_PATH, login, methods=["POST"]),
          Route(LOGIN_PATH, sign_in_page, methods=["GET"]),
          Route(FIRST_DIRECTOR_PATH, first_director, methods=["POST"]),
          Route(accounts.JOIN_PREFIX + "{token}", join_page, methods=["GET"], name="join"),
          Route(accounts.JOIN_PREFIX + "{token}", join, methods=["POST"]),
          Route(LOGOUT_PATH, logout, methods=["POST"])]


ROUTES = _routes()
