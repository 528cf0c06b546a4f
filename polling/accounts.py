"""Accounts for directors, committee members and researchers: scrypt password hashes and a
signed login cookie that survives a page reload. Pollees never need an account."""
from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import NamedTuple
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, func, select

from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped

from . import settings
from .db import commit_or_refuse, reading, writing
from .organisations import DIRECTING, account_named, check_role, find_account, last_director_of, organisation_row
from .models import (DEFAULT_ORGANISATION, Membership, Organisation, SignInSession, UserAccount, aware, utcnow)

SESSION_COOKIE = "huddle_session"
SESSION_TTL = timedelta(hours=12)
MIN_PASSWORD = 8
_SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}
_USERNAME = re.compile(r"^[a-z0-9][a-z0-9._-]{1,59}$")


@dataclass(frozen=True)
class Role:
    """An account's role in one organisation."""

    organisation_id: int
    organisation: str              # its name
    role: str


@dataclass(frozen=True)
class User:
    """Who is signed in, in the words the pages use: the role is the one held in the
    organisation the user acts in (``organisation_id``); ``roles`` are all of them."""

    id: int
    username: str
    display_name: str
    role: str
    disabled: bool = False
    organisation_id: int = DEFAULT_ORGANISATION
    organisation: str = ""
    roles: tuple[Role, ...] = ()
    language: str = ""                 # the account's own language for its pages ("" the organisation's)

    @property
    def name(self) -> str:
        return self.display_name or self.username

    def may(self, role: str) -> bool:
        """Directors (and administrators) may do everything a director may; the other roles see
        their own pages, and every member but a casebook's commentator sees the cases."""
        if role == "member":            # every page of the organisation's cases: not a casebook's commentator
            return self.role != "commentator"
        return self.role == role or self.role in DIRECTING and role != "administrator"


def _roles(session: Session, user_id: int | None) -> tuple[Role, ...]:
    found = session.exec(select(Membership.organisation_id, Organisation.name, Membership.role)
                         .join(Organisation, Membership.organisation_id == Organisation.id)
                         .where(Membership.user_id == user_id).order_by(Membership.organisation_id)).all()
    return tuple(Role(*r) for r in found)


def _user(session: Session, row: UserAccount, organisation_id: int | None = None) -> User | None:
    """The account acting in ``organisation_id`` (or in its first organisation when it holds no
    role there); None for an account with no role anywhere."""
    assert row.id is not None
    roles = _roles(session, row.id)
    acting = next((r for r in roles if r.organisation_id == organisation_id), roles[0] if roles else None)
    if acting is None:
        return None
    return User(id=row.id, username=row.username, display_name=row.display_name, role=acting.role, disabled=row.disabled_at is not None,
                organisation_id=acting.organisation_id, organisation=acting.organisation, roles=roles, language=row.language or "")


def acting(session: Session, row: UserAccount, organisation_id: int | None = None) -> User:
    user = _user(session, row, organisation_id)
    if user is None:
        raise HuddleInputError("username", M_("'{username}' has no role in any organisation", username=AsTyped(row.username)))
    return user



# ---------------------------------------------------------------- passwords

def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode(), salt=salt, dklen=32, **_SCRYPT)
    return "scrypt${n}${r}${p}$".format(**_SCRYPT) + f"{_b64(salt)}${_b64(key)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, key = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = _unb64(key)
        got = hashlib.scrypt(password.encode(), salt=_unb64(salt), n=int(n), r=int(r), p=int(p),
                             dklen=len(expected))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@functools.cache
def _dummy_hash() -> str:
    """Checked for an unknown user, so "no such user" is as slow as a wrong password."""
    return hash_password(secrets.token_hex(8))


def check_new_account(username: str, password: str, role: str) -> str:
    """The normalised user name, or a HuddleInputError naming the field."""
    name = (username or "").strip().lower()
    if not _USERNAME.match(name):
        raise HuddleInputError("username", M_("use 2 to 60 letters, digits, '.', '_' or '-', starting with a letter "
                                              "or digit"))
    _strong_enough(password)
    check_role(role)
    return name


# ---------------------------------------------------------------- accounts

def has_users(url: str | None = None) -> bool:
    with reading(url) as session:
        return session.exec(select(func.count()).select_from(UserAccount)).one() > 0


def first_director_code(url: str | None = None) -> str:
    """The setup code that lets the first director be created from another device than the
    server's own machine: printed by ``huddle setup`` (so by ``make run``) while there is no
    account, and useless once there is one. Derived from the signing key and the database, so
    every process of one install knows the same code and no one else does."""
    digest = hmac.new(settings.secret_key(), b"huddle first director\0" + (url or settings.database_url()).encode(),
                      hashlib.sha256).digest()
    text = base64.b32encode(digest).decode()[:12]
    return "-".join(text[i:i + 4] for i in (0, 4, 8))


def is_first_director_code(given: str, url: str | None = None) -> bool:
    typed = "".join(c for c in given.upper() if c.isalnum())
    return hmac.compare_digest(typed.encode(), first_director_code(url).replace("-", "").encode())


def create_user(username: str, password: str, role: str = "director", display_name: str = "",
                url: str | None = None, only_if_first: bool = False,
                organisation_id: int = DEFAULT_ORGANISATION) -> User:
    """Add an account with ``role`` in ``organisation_id``. ``only_if_first`` is the first-visit
    setup: it refuses once any account exists (checked in the same write transaction)."""
    name = check_new_account(username, password, role)
    check_display_name(display_name)
    with writing(url) as session:
        if only_if_first and session.get_bind().dialect.name == "postgresql":
            # Two first visits at once must not both see no account: this lock conflicts with
            # itself, so the second waits for the first to commit (SQLite's write transaction
            # holds the whole database already).
            session.exec(text("LOCK TABLE user_account IN SHARE ROW EXCLUSIVE MODE"))
        if only_if_first and session.exec(select(func.count()).select_from(UserAccount)).one():
            raise HuddleInputError("username", M_("the first director has already been created; sign in"))
        row = add_account(session, name, password, role, display_name, organisation_id)
        commit_or_refuse(session, "username", M_("'{name}' is taken", name=AsTyped(name)))
        return acting(session, row, organisation_id)


def check_display_name(display_name: str) -> None:
    if len(display_name) > 120:
        raise HuddleInputError("display name", M_("at most 120 characters"))


def add_account(session: Session, name: str, password: str, role: str, display_name: str,
                 organisation_id: int) -> UserAccount:
    """The account and its role, flushed in ``session`` (the caller commits)."""
    organisation_row(session, organisation_id)
    row = UserAccount(username=name, display_name=display_name.strip(), password_hash=hash_password(password))
    session.add(row)
    try:
        session.flush()                             # its id, for the role; one commit for both
    except IntegrityError:
        session.rollback()
        raise HuddleInputError("username", M_("'{name}' is taken", name=AsTyped(name))) from None
    session.add(Membership(user_id=row.id, organisation_id=organisation_id, role=role))
    return row


def list_users(url: str | None = None, organisation_id: int | None = None) -> list[User]:
    """Every account (each with its first role), or the members of ``organisation_id`` with
    their role there."""
    with reading(url) as session:
        query = select(UserAccount).order_by(UserAccount.username)
        if organisation_id is not None:
            query = query.join(Membership, Membership.user_id == UserAccount.id).where(
                Membership.organisation_id == organisation_id)
        found = (_user(session, r, organisation_id) for r in session.exec(query))
        return [u for u in found if u is not None]


def roles_of(username: str, url: str | None = None) -> tuple[bool, tuple[Role, ...]] | None:
    """(disabled?, roles) of the account ``username``, or None when there is no such account:
    how the command line acts as an account without its password."""
    with reading(url) as session:
        row = find_account(session, username)
        return None if row is None else (row.disabled_at is not None, _roles(session, row.id))


def authenticate(username: str, password: str, url: str | None = None) -> User | None:
    with reading(url) as session:
        row = find_account(session, username)
        if row is None or row.disabled_at is not None:
            verify_password(password or "", _dummy_hash())
            return None
        return _user(session, row) if verify_password(password or "", row.password_hash) else None


# ---------------------------------------------------------------- the signed cookie

def _fingerprint(password_hash: str) -> str:
    """Part of the cookie: a new password signs every old cookie out."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:16]


def _sign(payload: str) -> str:
    return hmac.new(settings.secret_key(), payload.encode(), hashlib.sha256).hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# browsers one account may have signed in at once (a director's phone, laptop and the club's PC,
# a committee member's few): a sign-in beyond ends the account's oldest session
MAX_SESSIONS = 10


def session_cookie(user: User, url: str | None = None, now: datetime | None = None) -> str:
    """A new signed-in session for ``user``, kept on the server; the cookie names it."""
    now = now or datetime.now(timezone.utc)
    token = secrets.token_urlsafe(16)
    with writing(url) as session:
        row = session.get(UserAccount, user.id)
        # sessions past their time are of no use to anyone: each sign-in clears them away
        session.exec(delete(SignInSession).where(SignInSession.expires_at <= now))
        session.add(SignInSession(user_id=row.id, token_hash=token_hash(token), created_at=now,
                                  expires_at=now + SESSION_TTL, organisation_id=user.organisation_id))
        session.flush()
        # an account's browsers signed in at once are bounded: beyond, its oldest session ends
        kept = session.exec(select(SignInSession.id).where(SignInSession.user_id == row.id)
                            .order_by(SignInSession.id.desc()).limit(MAX_SESSIONS)).all()
        session.exec(delete(SignInSession).where(SignInSession.user_id == row.id, SignInSession.id.not_in(kept)))
        session.commit()
    expires = int((now + SESSION_TTL).timestamp())
    payload = f"{row.id}:{expires}:{_fingerprint(row.password_hash)}:{token}"
    return f"{_b64(payload.encode())}.{_sign(payload)}"


class CookiePayload(NamedTuple):
    """What a signed login cookie says: whose it is, until when, the password it was made with
    (a fingerprint) and its session on the server."""
    user_id: int
    expires: int
    fingerprint: str
    token: str


def _cookie_payload(value: str | None) -> CookiePayload | None:
    """What a cookie whose signature holds says."""
    if not value or "." not in value or len(value) > 400:
        return None
    encoded, signature = value.rsplit(".", 1)
    try:
        payload = _unb64(encoded).decode()
        if not hmac.compare_digest(_sign(payload), signature):
            return None
        user_id, expires, fingerprint, token = payload.split(":")
        return CookiePayload(int(user_id), int(expires), fingerprint, token)
    except (ValueError, UnicodeDecodeError):
        return None


def user_from_cookie(value: str | None, url: str | None = None,
                     now: datetime | None = None) -> User | None:
    """The signed-in user, or None for a missing, forged, expired, signed-out or outdated cookie."""
    said = _cookie_payload(value)
    if said is None:
        return None
    now = now or datetime.now(timezone.utc)
    if said.expires <= now.timestamp():
        return None
    with reading(url) as session:
        row = session.get(UserAccount, said.user_id)
        live = session.exec(select(SignInSession).where(SignInSession.token_hash == token_hash(said.token),
                                                        SignInSession.user_id == said.user_id)).first()
        if row is None or row.disabled_at is not None or _fingerprint(row.password_hash) != said.fingerprint:
            return None
        if live is None or aware(live.expires_at) <= now:
            return None
        return _user(session, row, live.organisation_id)


def act_in(value: str | None, organisation_id: int, url: str | None = None) -> User | None:
    """The signed-in session of cookie ``value`` acts in ``organisation_id`` from now on (every
    server process reads it from the database); refused unless the user holds a role there."""
    user = user_from_cookie(value, url)
    said = _cookie_payload(value)
    if user is None or said is None:
        return None
    if organisation_id not in {r.organisation_id for r in user.roles}:
        raise HuddleInputError("organisation", M_("you hold no role in that organisation"))
    with writing(url) as session:
        live = session.exec(select(SignInSession).where(SignInSession.token_hash == token_hash(said.token))).first()
        if live is None:
            return None
        live.organisation_id = organisation_id
        session.add(live)
        session.commit()
        return _user(session, session.get(UserAccount, user.id), organisation_id)


def end_session(value: str | None, url: str | None = None) -> None:
    """Sign out: the cookie's session is removed on the server, so a copy of it no longer works."""
    said = _cookie_payload(value)
    if said is None:
        return
    with writing(url) as session:
        for row in session.exec(select(SignInSession).where(SignInSession.token_hash == token_hash(said.token))):
            session.delete(row)
        session.commit()


def _end_all_sessions(session: Session, user_id: int) -> None:
    for row in session.exec(select(SignInSession).where(SignInSession.user_id == user_id)):
        session.delete(row)


# ---------------------------------------------------------------- passwords and disabling

def _strong_enough(password: str) -> None:
    """At least MIN_PASSWORD characters, and not one character repeated ("aaaaaaaa")."""
    if len(password or "") < MIN_PASSWORD:
        raise HuddleInputError("password", M_("use at least {least} characters", least=MIN_PASSWORD))
    if len(set(password)) < 3:
        raise HuddleInputError("password", M_("use at least three different characters"))


def check_password(password: str, again: str | None) -> None:
    _strong_enough(password)
    if again is not None and password != again:
        raise HuddleInputError("password again", M_("the two passwords differ"))


def set_language(username: str, code: str, url: str | None = None) -> None:
    """An account's own language for its pages ("" to follow its organisation's)."""
    from analysis.language import shipped_languages
    if code and code not in shipped_languages():
        raise HuddleInputError("language", M_("'{code}' is not a shipped language ({choices})", code=AsTyped(code[:10]),
                                              choices=', '.join(shipped_languages())))
    with writing(url) as session:
        row = account_named(session, username)
        row.language = code or None
        session.add(row)
        session.commit()


def change_password(username: str, current: str, new: str, again: str | None = None,
                    url: str | None = None) -> None:
    """A user's own new password: the current one is asked first; every session ends."""
    check_password(new, again)
    with writing(url) as session:
        row = account_named(session, username)
        if not verify_password(current or "", row.password_hash):
            raise HuddleInputError("current password", M_("is not right"))
        row.password_hash = hash_password(new)
        _end_all_sessions(session, row.id)
        session.add(row)
        session.commit()


def _managed(session: Session, username: str, organisation_id: int | None) -> UserAccount:
    """The account, which a director of ``organisation_id`` may manage only when it belongs to
    her organisation alone (an account of several organisations is the server operator's,
    through the command line). None: the operator."""
    row = account_named(session, username)
    if organisation_id is not None:
        held = {r.organisation_id for r in _roles(session, row.id)}
        if organisation_id not in held:
            raise HuddleInputError("username", M_("there is no account '{user}' in this organisation",
                                                  user=AsTyped(username)))
        if held != {organisation_id}:
            raise HuddleInputError("username", M_("'{user}' also belongs to another organisation: the server's "
                                                  "operator changes it (huddle user)", user=AsTyped(row.username)))
    return row


def reset_password(username: str, new: str, again: str | None = None, url: str | None = None,
                   organisation_id: int | None = None) -> None:
    """A director sets another account's password (a forgotten one); every session of it ends."""
    check_password(new, again)
    with writing(url) as session:
        row = _managed(session, username, organisation_id)
        row.password_hash = hash_password(new)
        _end_all_sessions(session, row.id)
        session.add(row)
        session.commit()


def set_disabled(username: str, disabled: bool = True, url: str | None = None,
                 organisation_id: int | None = None) -> User:
    """Disable (or enable again) an account; a disabled account cannot sign in and its sessions
    end. An organisation's last director who can sign in cannot be disabled."""
    with writing(url) as session:
        row = _managed(session, username, organisation_id)
        if disabled and row.disabled_at is None:
            kept = last_director_of(session, row)
            if kept is not None:
                raise HuddleInputError("username", M_("'{user}' is the last director of {organisation} who can sign in",
                                                      user=AsTyped(row.username), organisation=AsTyped(kept)))
        row.disabled_at = utcnow() if disabled else None
        if disabled:
            _end_all_sessions(session, row.id)
        session.add(row)
        session.commit()
        return acting(session, row, organisation_id)
