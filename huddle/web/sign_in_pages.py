"""The sign-in forms: plain HTML forms posting to the sign-in routes (huddle.web), drawn on a page
of their own for a visitor who has not signed in (GET /auth/login: no script, no websocket, no
Streamlit session), and the same forms inside the app where a test's session shows them.

A visitor who is not signed in is sent here from any page of the app (huddle.web.SignedInOnly),
with the page asked for as ``next``; a fresh install with no account shows the first director's
form instead."""
from __future__ import annotations

from markupsafe import Markup

from analysis.language import N_, Language
from huddle.web.html import render_template

LOGIN_PATH = "/auth/login"
LOGOUT_PATH = "/auth/logout"
FIRST_DIRECTOR_PATH = "/auth/first-director"

FORM_STYLE = """<style>
.huddle-signin { display: flex; flex-direction: column; gap: .8rem; max-width: 22rem; }
.huddle-signin label { display: flex; flex-direction: column; gap: .25rem; font-size: .9rem; }
.huddle-signin input { font: inherit; min-height: 44px; box-sizing: border-box; padding: .5rem .6rem;
  border: 1px solid #6e6e78; border-radius: .5rem; }
.huddle-signin button { font: inherit; min-height: 44px; padding: .5rem 1rem; border: 0; border-radius: .5rem;
  background: #b3261e; color: white; cursor: pointer; align-self: flex-start; }
</style>"""
PAGE_STYLE = """<style>
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 0; padding: 2rem 1rem; color: #222; }
main { max-width: 30rem; margin: 0 auto; } h1 { font-size: 1.8rem; }
.huddle-error { background: #fde8e8; color: #7a1010; border-radius: .5rem; padding: .6rem .8rem; }
.huddle-muted { color: #666; font-size: .9rem; }
</style>"""


WELCOME = N_("There is no account yet. Create the first director's account; that director can then add directors, "
             "committee members and researchers.")
ONE_TIME = N_("This link works once: keep your user name and password; you sign in with them from now on.")
NO_ACCOUNT_FOR_POLLEES = N_("Pollees do not need an account: they answer through their personal link.")


def sign_in_form(next_path: str, lang: Language) -> str:
    """The sign-in form; the route sets the HttpOnly cookie and goes on to ``next_path``."""
    said = {"user": lang._("User name"), "password": lang._("Password"), "sign_in": lang._("Sign in")}
    return render_template("sign_in_form.html", action=LOGIN_PATH, said=said, next_path=next_path,
                           style=Markup(FORM_STYLE))


def first_director_form(user: str, name: str, min_password: int, lang: Language, club: str = "") -> str:
    """The first visit's form, while there is no account: it creates the first director and names
    the club and its language, so every page after it speaks that language."""
    from analysis.language import language, shipped_languages
    said = {"club": lang._("Your club's name"), "language": lang._("The club's language (pages, polls, rulings)"),
            "user": lang._("User name"), "name": lang._("Name shown on rulings"),
            "password": lang._("Password (at least {count} characters)").format(count=min_password),
            "again": lang._("Password again"),
            "code": lang._("Setup code (printed where Huddle was started; not needed on that machine itself)"),
            "create": lang._("Create the first director")}
    return render_template("first_director_form.html", action=FIRST_DIRECTOR_PATH, said=said, club=club, user=user,
                           name=name, chosen=lang.code, style=Markup(FORM_STYLE),
                           languages=[(code, language(code).name) for code in shipped_languages()])


def join_form(action: str, user: str, name: str, min_password: int, lang: Language) -> str:
    """The invited account's form: its holder chooses a user name and sets the password."""
    said = {"user": lang._("User name"), "name": lang._("Name shown on rulings"),
            "password": lang._("Password (at least {count} characters)").format(count=min_password),
            "again": lang._("Password again"), "create": lang._("Set up my account")}
    return render_template("join_form.html", action=action, said=said, user=user, name=name, style=Markup(FORM_STYLE))


def join_page(action: str, invitation, query, min_password: int, lang: Language) -> str:
    """An invitation link's whole page: what the account is for, and its form."""
    invited = lang._("You are invited to {organisation} as {role}.").format(
        organisation=invitation.organisation, role=lang._(invitation.role))
    form = join_form(action, str(query.get("user", ""))[:60], str(query.get("name", invitation.display_name))[:120],
                     min_password, lang)
    return _whole(lang, lang._("Huddle: your account"), lang._("Welcome to Huddle"), intro=invited,
                  error=str(query.get("error", ""))[:300], form=form, muted=lang._(ONE_TIME))


def join_refused(reason: str, lang: Language) -> str:
    """An invitation link that cannot be used, in words, with the way to sign in."""
    return _whole(lang, lang._("Huddle: your account"), lang._("Welcome to Huddle"), error=reason, link=LOGIN_PATH,
                  link_text=lang._("Sign in"))


def sign_in_refusal(query, lang: Language) -> str:
    """What the last try said, from the page's address (a wrong password, or a wait)."""
    if query.get("signin") == "failed":
        return lang._("Sign in: the user name or password is wrong.")
    if query.get("signin") == "busy":
        return lang._("Sign in: many sign-ins are under way at this moment; try again in a few seconds.")
    if query.get("signin") == "wait":
        seconds = str(query.get("seconds", ""))
        seconds_left = int(seconds) if seconds.isdecimal() and len(seconds) < 4 else 60
        return lang.ngettext("Sign in: several wrong passwords from here; try again in {count} second.",
                             "Sign in: several wrong passwords from here; try again in {count} seconds.",
                             seconds_left).format(count=seconds_left)
    return ""


def page(query, has_users: bool, min_password: int, preloads: str = "", *, lang: Language) -> str:
    """The whole page, in ``lang`` (the visitor's browser's): the sign-in form, or the first
    director's form on a fresh install; ``preloads`` are links to the app's own files, fetched
    while the form is filled."""
    title = lang._("Huddle: sign in")
    if not has_users:
        form = first_director_form(str(query.get("first_user", ""))[:60], str(query.get("first_name", ""))[:120],
                                   min_password, lang, str(query.get("first_club", ""))[:120])
        return _whole(lang, title, lang._("Welcome to Huddle"), intro=lang._(WELCOME),
                      error=str(query.get("first_error", ""))[:300], form=form, preloads=preloads)
    return _whole(lang, title, lang._("Sign in"), error=sign_in_refusal(query, lang),
                  form=sign_in_form(safe_next(str(query.get("next", "/"))), lang), muted=lang._(NO_ACCOUNT_FOR_POLLEES),
                  preloads=preloads)


def _whole(lang: Language, title: str, heading: str, *, form: str = "", preloads: str = "", **parts) -> str:
    """A whole page: its heading, an introduction, a refusal, a form, a link and a note, each when given."""
    return render_template("account_page.html", code=lang.code, title=title, heading=heading, style=Markup(PAGE_STYLE),
                           preloads=Markup(preloads), form=Markup(form), **parts)


def safe_next(target: str | None) -> str:
    """Only a path on this site: never an open redirect."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


__all__ = ["LOGIN_PATH", "LOGOUT_PATH", "FIRST_DIRECTOR_PATH", "sign_in_form", "first_director_form", "join_form",
           "join_page", "join_refused",
           "sign_in_refusal", "page", "safe_next", "FORM_STYLE"]
