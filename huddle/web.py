"""HTTP routes beside the Streamlit app: sign in (sets the signed login cookie) and sign out.

Streamlit pages cannot set cookies, so the sign-in form on the app's page posts here; the
cookie is HttpOnly and SameSite=Lax, and pages read it through st.context.cookies.
"""
from __future__ import annotations

from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse
from starlette.routing import Route

from analysis.errors import HuddleInputError
from polling import accounts

LOGIN_PATH = "/auth/login"
LOGOUT_PATH = "/auth/logout"
FIRST_DIRECTOR_PATH = "/auth/first-director"


def _safe_next(target: str | None) -> str:
    """Only a path on this site: never an open redirect."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


async def login(request: Request) -> RedirectResponse:
    form = await request.form()
    user = accounts.authenticate(str(form.get("username", "")), str(form.get("password", "")))
    if user is None:
        return RedirectResponse("/?signin=failed", status_code=303)
    return _signed_in(request, user, _safe_next(str(form.get("next", "/"))))


def _signed_in(request: Request, user: accounts.User, target: str) -> RedirectResponse:
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(accounts.SESSION_COOKIE, accounts.session_cookie(user),
                        max_age=int(accounts.SESSION_TTL.total_seconds()), path="/",
                        httponly=True, samesite="lax", secure=request.url.scheme == "https")
    return response


async def first_director(request: Request) -> RedirectResponse:
    """The first visit's account: created only while there is none, then signed in with the
    same cookie as any sign-in, so a reload keeps the director signed in."""
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


async def logout(request: Request) -> RedirectResponse:
    """Sign out: the session ends on the server too, so a copied cookie stops working."""
    accounts.end_session(request.cookies.get(accounts.SESSION_COOKIE))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(accounts.SESSION_COOKIE, path="/")
    return response


ROUTES = [Route(LOGIN_PATH, login, methods=["POST"]),
          Route(FIRST_DIRECTOR_PATH, first_director, methods=["POST"]),
          Route(LOGOUT_PATH, logout, methods=["GET", "POST"])]
