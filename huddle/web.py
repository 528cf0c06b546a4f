"""HTTP routes beside the Streamlit app: sign in (sets the signed login cookie) and sign out.

Streamlit pages cannot set cookies, so the sign-in form on the app's page posts here; the
cookie is HttpOnly and SameSite=Lax, and pages read it through st.context.cookies.
"""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse
from starlette.routing import Route

from polling import accounts

LOGIN_PATH = "/auth/login"
LOGOUT_PATH = "/auth/logout"


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
    response = RedirectResponse(_safe_next(str(form.get("next", "/"))), status_code=303)
    response.set_cookie(accounts.SESSION_COOKIE, accounts.session_cookie(user),
                        max_age=int(accounts.SESSION_TTL.total_seconds()), path="/",
                        httponly=True, samesite="lax", secure=request.url.scheme == "https")
    return response


async def logout(request: Request) -> RedirectResponse:
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(accounts.SESSION_COOKIE, path="/")
    return response


ROUTES = [Route(LOGIN_PATH, login, methods=["POST"]),
          Route(LOGOUT_PATH, logout, methods=["GET", "POST"])]
