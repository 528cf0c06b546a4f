"""The middleware around the Streamlit app, each one concern (the order they run in is
huddle.web.server.MIDDLEWARE): known host names only, old poll links sent to the pollee's page,
the app for signed-in browsers only, the websocket from Huddle's own pages only, uploads within
their bounds."""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse

from polling import accounts, settings

from huddle.web.guards import own_origin
from huddle.web.sign_in_pages import LOGIN_PATH


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
        if scope["type"] == "websocket" and not same_origin(Headers(scope=scope)):
            await send({"type": "websocket.close", "code": 1008})      # refused before the handshake: 403
            return
        await self.app(scope, receive, send)


def same_origin(headers: Headers) -> bool:
    origin = headers.get("origin")
    return origin is None or own_origin(origin, headers.get("host", ""))


class KnownHosts:
    """DNS rebinding: a page of another site whose name is re-pointed at this machine reaches it
    with its own name in the Host header, and its Origin matches that Host. Huddle answers only
    to the names it is known by (settings.host_names); anything else gets 421 before Streamlit or
    a route sees it, a websocket is closed before the handshake. A request with no Host at all
    (a load balancer's HTTP/1.0 health check) comes from no browser and passes."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket") and not known_host(Headers(scope=scope).get("host")):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await PlainTextResponse(MISDIRECTED, status_code=421)(scope, receive, send)
            return
        await self.app(scope, receive, send)


MISDIRECTED = ("Huddle answers to its own addresses only. To reach it under another name, set "
               "HUDDLE_PUBLIC_URL or HUDDLE_ALLOWED_HOSTS (docs/deploying.md).")


def known_host(host: str | None) -> bool:
    if host is None:
        return True
    name = urlsplit("//" + host.strip()).hostname or ""
    return name.lower().rstrip(".") in settings.host_names()


UPLOAD_PREFIX = "/_stcore/upload_file/"


class UploadLimits:
    """Streamlit's upload endpoint behind Huddle's gate (huddle.web.uploads): a PUT is taken only from a
    session whose page asks a signed-in user for a file, with a Content-Length, and only while
    that session's uploads and the whole server's stay within their bounds. What is refused is
    refused before a byte of the body is read."""

    def __init__(self, app, gate=None, stored=None):
        from huddle.web.uploads import GATE
        self.app = app
        self.gate = gate or GATE
        self.stored = stored or stored_upload_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "PUT" or not scope["path"].startswith(UPLOAD_PREFIX):
            await self.app(scope, receive, send)
            return
        from huddle.web.uploads import Refusal, server_budget_bytes
        session_id = scope["path"][len(UPLOAD_PREFIX):].split("/", 1)[0]
        length = Headers(scope=scope).get("content-length", "")
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


SIGNED_IN_FILES = ("/media/", "/_stcore/metrics", "/_stcore/host-config")   # a director's, not anyone's
STREAMLIT_FILES = ("/static/", "/_stcore/", "/media/", "/component/", "/favicon")   # Streamlit's own, no page


@dataclass(frozen=True)
class NotPages:
    """The addresses that are no page of the app: Streamlit's own files and Huddle's routes (by
    their first part when they have more, else exactly)."""
    prefixes: tuple[str, ...] = STREAMLIT_FILES
    exact: frozenset[str] = frozenset()

    def __contains__(self, path: str) -> bool:
        return path.startswith(self.prefixes) or path in self.exact

    @classmethod
    def beside(cls, routes) -> "NotPages":
        prefixes, exact = list(STREAMLIT_FILES), set()
        for route in routes:
            first, _, rest = route.path.strip("/").partition("/")
            if rest:
                prefixes.append(f"/{first}/")
            else:
                exact.add(f"/{first}")
        return cls(tuple(dict.fromkeys(prefixes)), frozenset(exact))


STREAMLIT_ONLY = NotPages()      # no route of Huddle's known: Streamlit's own files alone


class SignedInOnly:
    """Only a signed-in browser runs the app: a page of the app asked for without a sign-in is
    answered with the sign-in page (the page asked for kept as ``next``), and its websocket is
    refused before the handshake. A visitor who has not signed in never has a Streamlit session:
    no script run, no session memory, no upload. The pollee's page, the sign-in routes, the
    health checks and Streamlit's own files are not pages of the app and pass."""

    def __init__(self, app, not_pages: NotPages = STREAMLIT_ONLY):
        self.app, self.not_pages = app, not_pages

    async def __call__(self, scope, receive, send):
        websocket = scope["type"] == "websocket" and scope["path"].endswith("/_stcore/stream")
        page = scope["type"] == "http" and scope["method"] in ("GET", "HEAD") and scope["path"] not in self.not_pages
        # what a signed-in page made (a download, a QR code: /media/…) and what describes the server
        # is a director's, not anyone's who learns its address
        private = scope["type"] == "http" and scope["path"].startswith(SIGNED_IN_FILES)
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
                from urllib.parse import quote
                from huddle.web.pollee import HEADERS, pollee_path
                await RedirectResponse(pollee_path("pollee", quote(token[:64], safe="")), status_code=303,
                                       headers=HEADERS)(scope, receive, send)
                return
        await self.app(scope, receive, send)
