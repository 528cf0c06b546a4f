"""One-time invitation links for accounts: a director invites a colleague to an organisation with
a role; the link (JOIN_PREFIX and a token, kept only as its hash) lets them choose their user name
and password once, within INVITATION_TTL."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, select

from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped

from .db import commit_or_refuse, reading, writing
from .organisations import check_role, organisation_row
from .models import (DEFAULT_ORGANISATION, AccountInvitation, UserAccount, aware, utcnow)

from .accounts import User, acting, add_account, check_display_name, check_new_account, check_password, token_hash


JOIN_PREFIX = "/auth/join/"
INVITATION_TTL = timedelta(days=7)
INVITATION_NOT_VALID = M_("this invitation link is not valid; ask the director for a new one")
INVITATION_USED = M_("this invitation link has already been used; sign in, or ask the director for a new one")
INVITATION_EXPIRED = M_("this invitation link has expired; ask the director for a new one")
INVITATION_WITHDRAWN = M_("this invitation link was withdrawn by the director")


@dataclass(frozen=True)
class Invitation:
    """A one-time link to set up an account: for one role in one organisation, expiring, used
    once. ``token`` is known only when the link has just been made (only its hash is kept)."""

    id: int
    role: str
    display_name: str
    organisation_id: int
    organisation: str
    made_by: str
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None
    withdrawn_at: datetime | None = None
    username: str = ""                      # the account it set up
    token: str = ""

    def link(self, base_url: str) -> str:
        return f"{base_url.rstrip('/')}{JOIN_PREFIX}{self.token}"

    @property
    def open(self) -> bool:
        return self.used_at is None and self.withdrawn_at is None and aware(self.expires_at) > utcnow()


def _invitation(session: Session, row: AccountInvitation, token: str = "") -> Invitation:
    account = session.get(UserAccount, row.user_id) if row.user_id else None
    return Invitation(id=row.id, role=row.role, display_name=row.display_name, organisation_id=row.organisation_id,
                      organisation=organisation_row(session, row.organisation_id).name, made_by=row.made_by,
                      created_at=row.created_at, expires_at=row.expires_at, used_at=row.used_at,
                      withdrawn_at=row.withdrawn_at, username=account.username if account else "", token=token)


def invite_account(role: str, display_name: str = "", made_by: str = "", organisation_id: int = DEFAULT_ORGANISATION,
                   ttl: timedelta = INVITATION_TTL, url: str | None = None) -> Invitation:
    """A one-time link for a new account with ``role`` in ``organisation_id``: whoever opens it
    chooses a user name and sets their own password (nobody else ever knows it)."""
    check_role(role)
    check_display_name(display_name)
    if not timedelta(minutes=10) <= ttl <= timedelta(days=30):
        raise HuddleInputError("valid for", M_("from ten minutes to 30 days"))
    token = secrets.token_urlsafe(16)
    with writing(url) as session:
        organisation_row(session, organisation_id)
        row = AccountInvitation(organisation_id=organisation_id, role=role, display_name=display_name.strip(),
                                token_hash=token_hash(token), made_by=made_by[:60], expires_at=utcnow() + ttl)
        session.add(row)
        session.commit()
        return _invitation(session, row, token)


def invitations(organisation_id: int, url: str | None = None) -> list[Invitation]:
    """The organisation's invitation links, the newest first."""
    with reading(url) as session:
        rows = session.exec(select(AccountInvitation).where(AccountInvitation.organisation_id == organisation_id)
                            .order_by(AccountInvitation.id.desc())).all()
        return [_invitation(session, row) for row in rows]


def withdraw_invitation(invitation_id: int, organisation_id: int, url: str | None = None) -> None:
    with writing(url) as session:
        row = session.get(AccountInvitation, invitation_id)
        if row is None or row.organisation_id != organisation_id:
            raise HuddleInputError("invitation", INVITATION_NOT_VALID)
        if row.used_at is None and row.withdrawn_at is None:
            row.withdrawn_at = utcnow()
            session.add(row)
            session.commit()


def _open_invitation(session: Session, token: str, lock: bool = False) -> AccountInvitation:
    """The invitation the link names, or why it cannot be used; ``lock`` holds it until the
    transaction ends (two forms sent at once: the second waits, then finds it used)."""
    query = select(AccountInvitation).where(AccountInvitation.token_hash == token_hash(token[:64]))
    row = session.exec(query.with_for_update() if lock else query).first() if token else None
    if row is None:
        raise HuddleInputError("invitation", INVITATION_NOT_VALID)
    if row.used_at is not None:
        raise HuddleInputError("invitation", INVITATION_USED)
    if row.withdrawn_at is not None:
        raise HuddleInputError("invitation", INVITATION_WITHDRAWN)
    if aware(row.expires_at) <= utcnow():
        raise HuddleInputError("invitation", INVITATION_EXPIRED)
    return row


def invitation_for(token: str, url: str | None = None) -> Invitation:
    """The open invitation a link names (for its form), or why it cannot be used."""
    with reading(url) as session:
        return _invitation(session, _open_invitation(session, token))


def accept_invitation(token: str, username: str, password: str, again: str | None = None, display_name: str = "",
                      url: str | None = None) -> User:
    """The account the invitation was for, with the user name and password its holder chose:
    the invitation is used in the same transaction, so a link works once, even twice at once."""
    check_password(password, again)
    with writing(url) as session:
        invitation = _open_invitation(session, token, lock=True)
        name = check_new_account(username, password, invitation.role)
        shown = display_name.strip() or invitation.display_name
        check_display_name(shown)
        row = add_account(session, name, password, invitation.role, shown, invitation.organisation_id)
        invitation.used_at, invitation.user_id = utcnow(), row.id
        session.add(invitation)
        commit_or_refuse(session, "username", M_("'{name}' is taken", name=AsTyped(name)))
        return acting(session, row, invitation.organisation_id)
