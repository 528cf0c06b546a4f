"""HTTP routes beside the Streamlit app: sign in (sets the signed login cookie) and sign out.

Streamlit pages cannot set cookies, so the sign-in form on the app's page posts here; the
cookie is HttpOnly and SameSite=Lax (Secure behind HTTPS), and pages read it through
st.context.cookies. Every route takes a POST from this site only (its Origin, or without one its
Referer, names this host): another site cannot sign a director's browser in to an account of its
choosing, nor out. Sign-in attempts are throttled per account and per address.
"""
from __future__ import annotations

from urllib.parse import urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from analysis.errors import HuddleInputError
from polling import accounts, settings

LOGIN_PATH = "/auth/login"
LOGOUT_PATH = "/auth/logout"
FIRST_DIRECTOR_PATH = "/auth/first-director"


def _safe_next(target: str | None) -> str:
    """Only a path on this site: never an open redirect."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def from_this_site(request: Request) -> bool:
    """A form posted by this site's own page: its Origin (or, without one, its Referer) names the
    host the request came to, or the public address Huddle is configured with."""
    source = request.headers.get("origin") or request.headers.get("referer") or ""
    if source in ("", "null"):
        return False
    allowed = {request.headers.get("host", "").lower()}
    public = settings.configured_public_url()
    if public:
        allowed.add(urlsplit(public).netloc.lower())
    return urlsplit(source).netloc.lower() in allowed


def _refused() -> Response:
    return PlainTextResponse("Refused: this form can be sent from Huddle's own page only.", status_code=403)


def _behind_https(request: Request) -> bool:
    """The browser reached Huddle over HTTPS: directly, or through a reverse proxy that says so
    (docs/deploying.md), or Huddle's public address is an https one."""
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return request.url.scheme == "https" or forwarded == "https" or \
        (settings.configured_public_url() or "").startswith("https://")


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def login(request: Request) -> Response:
    if not from_this_site(request):
        return _refused()
    form = await request.form()
    username = str(form.get("username", ""))[:200]
    wait = accounts.SIGN_IN_THROTTLE.wait(username, _address(request))
    if wait:
        return RedirectResponse(f"/?{urlencode({'signin': 'wait', 'minutes': wait})}", status_code=303)
    user = accounts.authenticate(username, str(form.get("password", ""))[:1000])
    if user is None:
        accounts.SIGN_IN_THROTTLE.failed(username, _address(request))
        return RedirectResponse("/?signin=failed", status_code=303)
    accounts.SIGN_IN_THROTTLE.succeeded(username)
    return _signed_in(request, user, _safe_next(str(form.get("next", "/"))))


def _signed_in(request: Request, user: accounts.User, target: str) -> RedirectResponse:
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(accounts.SESSION_COOKIE, accounts.session_cookie(user),
                        max_age=int(accounts.SESSION_TTL.total_seconds()), path="/",
                        httponly=True, samesite="lax", secure=_behind_https(request))
    return response


async def first_director(request: Request) -> Response:
    """The first visit's account: created only while there is none, then signed in with the
    same cookie as any sign-in, so a reload keeps the director signed in."""
    if not from_this_site(request):
        return _refused()
    form = await request.form()
    username, name = str(form.get("username", "")), str(form.get("display_name", ""))
    password, again = str(form.get("password", "")), str(form.get("again", ""))
    try:
        if password != again:
            raise HuddleInputError("password", "the two passwords differ")
        user = accounts.create_user(username, password, "director", name, only_if_first=True)
    except HuddleInputError as exc:
        back = urlencode({"first_error": str(exc), "first_user": username[:60], "first_name": name[:120]})
        return RedirectResponse(f"/?{back}", status_code=303)
    return _signed_in(request, user, "/")


async def logout(request: Request) -> Response:
    """Sign out: the session ends on the server too, so a copied cookie stops working."""
    if not from_this_site(request):
        return _refused()
    accounts.end_session(request.cookies.get(accounts.SESSION_COOKIE))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(accounts.SESSION_COOKIE, path="/")
    return response


ROUTES = [Route(LOGIN_PATH, login, methods=["POST"]),
          Route(FIRST_DIRECTOR_PATH, first_director, methods=["POST"]),
          Route(LOGOUT_PATH, logout, methods=["POST"])]
