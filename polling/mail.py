"""Personal links sent from Huddle by e-mail, through the club's own mail server
(HUDDLE_SMTP_URL, e.g. ``smtp://user:password@mail.club.example:587``, which requires STARTTLS;
``smtps://`` for a server that speaks TLS from the first byte; ``smtp+insecure://`` for a network
the club trusts, STARTTLS when offered), from the club's
address (HUDDLE_MAIL_FROM, else the server's user). Each message is in the pollee's language
(a panel member's own, else the poll's), says nothing of the case, and carries the link and
its deadline. What was sent to whom, when, and what failed is kept with the poll.

    sent = send_links(poll_id, [("Anna Becker", "anna@club.example")], "https://huddle.club.example")
    remind(poll_id, "https://huddle.club.example")      # a fresh link to each who has not answered
    set_reminder(poll_id, in_two_hours, "https://huddle.club.example")   # the server sends it then
"""
from __future__ import annotations

import os
import smtplib
import ssl
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import formataddr
from urllib.parse import unquote

from sqlalchemy import update
from sqlmodel import select

from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, pollee_language
from analysis.limits import check_length
from analysis.polls.members import EMAIL

from . import panel
from .db import reading, writing
from .settings import on_club_clock
from .models import Invite, InviteMessage, Poll, Pollee, utcnow
from . import services
from .services import DEFAULT_TTL, get_poll, problem_of
from .services.polls import is_closed

TIMEOUT = 20                      # seconds a mail server has to answer


@dataclass(frozen=True)
class MailServer:
    host: str
    port: int
    user: str
    password: str = field(repr=False)
    tls: str = "starttls"              # "starttls" required, "implicit" (SMTPS) or "optional" (smtp+insecure)
    sender: str = ""


@dataclass(frozen=True)
class Sent:
    """One message: to whom, at which address, whether it went (``error`` None) and the link."""

    name: str
    address: str
    link: str
    error: str | None


# the schemes of HUDDLE_SMTP_URL: STARTTLS required, TLS from the first byte, or a network the club
# trusts (STARTTLS when offered, else in the clear)
SCHEMES = {"smtp": ("starttls", 587), "smtps": ("implicit", 465), "smtp+insecure": ("optional", 587)}
SMTP_URL_FORM = N_("smtp://user:password@host:587 (STARTTLS), smtps://…:465, or smtp+insecure://… on a network you trust")


def mail_server() -> MailServer | None:
    """The club's mail server from HUDDLE_SMTP_URL, or None when none is set. The URL is read by
    its last "@" (so a password may hold ``@ : / ? #`` as typed; a "%" is written %25), and a URL
    that cannot be read is refused in words that never quote the user or the password."""
    url = os.environ.get("HUDDLE_SMTP_URL", "").strip()
    if not url:
        return None
    scheme, found, rest = url.partition("://")
    userinfo, _, place = rest.rpartition("@")
    host, port = _host_and_port(place.rstrip("/"))
    if not found or scheme.lower() not in SCHEMES or not host or port == -1:
        raise HuddleInputError("HUDDLE_SMTP_URL", M_("the mail server's address '{value}' cannot be read: write it as "
                                                     "{form}", value=AsTyped(f"{_shown_scheme(scheme, found)}…@{place[:80]}"),
                                                     form=SMTP_URL_FORM))
    tls, default_port = SCHEMES[scheme.lower()]
    user, _, password = userinfo.partition(":")
    user, password = unquote(user), unquote(password)
    sender = os.environ.get("HUDDLE_MAIL_FROM", "").strip() or (user if "@" in user else f"huddle@{host}")
    return MailServer(host=host, port=port or default_port, user=user, password=password, tls=tls, sender=sender)


def _shown_scheme(scheme: str, found: str) -> str:
    """The scheme of a URL being refused, when it can be one (never text that may hold a secret)."""
    return f"{scheme}://" if found and len(scheme) <= 20 and scheme.replace("+", "").isalpha() else ""


def _host_and_port(place: str) -> tuple[str, int | None]:
    """"mail.club.example:587" → (host, 587); no port → None; a port that is not one → -1."""
    if place.startswith("["):                       # an IPv6 address: [::1]:587
        host, _, after = place[1:].partition("]")
        port = after.removeprefix(":")
    else:
        host, _, port = place.partition(":")
    if not port:
        return host, None
    return host, int(port) if port.isdecimal() and 0 < int(port) < 65536 else -1


def checked_address(name: str, address: str) -> str:
    """An e-mail address a message can go to, or a refusal naming the pollee."""
    address = address.strip()
    if not EMAIL.match(address) or len(address) > 254:
        raise HuddleInputError(M_("e-mail address of {name}", name=AsTyped(name[:60])),
                               M_("'{value}' is not an e-mail address", value=AsTyped(address[:80])))
    return address


def send_links(poll_id: int, recipients: list[tuple[str, str]], base: str, ttl: timedelta = DEFAULT_TTL,
               username: str = "huddle", url: str | None = None) -> list[Sent]:
    """A personal link for each (name, address), issued and sent: every address checked before
    any link is issued; a typed name that is a panel member's is that member's link (their
    language, the event's rules); each message kept with the poll, sent or failed."""
    server = _server()
    addresses = [checked_address(name, address) for name, address in recipients]
    sent = panel.issue_named_invites(poll_id, [name for name, _ in recipients], ttl, username, url)
    language = problem_of(get_poll(poll_id, url)).language
    with _connection(server) as client:            # one session with the club's server for them all
        return [_send(client, server, poll_id, issued.invite_id, issued.label, address, issued.link(base),
                      issued.expires_at, pollee_language(member.language if member else None, language or None),
                      "link", username, url)
                for (member, issued), address in zip(sent, addresses)]


def send_panel_links(poll_id: int, pollee_ids: list[int], base: str, ttl: timedelta = DEFAULT_TTL,
                     username: str = "huddle", url: str | None = None) -> tuple[list[Sent], list]:
    """Links for chosen panel members (all or none, under the event's rules), each member reached
    by e-mail sent theirs at once in their language; returns (what was sent, the (member, link)
    pairs of the others, whose messages the director sends from her phone)."""
    server = _server()
    language = problem_of(get_poll(poll_id, url)).language
    issued = panel.issue_panel_invites(poll_id, pollee_ids, ttl, username, url)
    by_mail, others = [], []
    for member, link in issued:
        (by_mail if member.reach_by == "email" and EMAIL.match(member.contact or "") else others).append((member, link))
    with _connection(server) as client:
        sent = [_send(client, server, poll_id, i.invite_id, m.name, m.contact, i.link(base), i.expires_at,
                      pollee_language(m.language, language or None), "link", username, url) for m, i in by_mail]
    return sent, others


def remind(poll_id: int, base: str, ttl: timedelta = DEFAULT_TTL, username: str = "huddle",
           url: str | None = None) -> list[Sent]:
    """A reminder to each pollee sent a link by e-mail who has not answered (and whose link has
    not expired): a fresh link, since Huddle keeps links hashed and cannot send the same one again.
    The old link is withdrawn only once the new one's message has gone; when it fails, the new
    link is withdrawn and the old one still works, so a reminder sent while the mail server is
    down loses no one (the next reminder finds them again). A pollee whose first message failed
    is sent a link again."""
    server = _server()
    language = problem_of(get_poll(poll_id, url)).language
    waiting = _waiting(poll_id, url)
    out = []
    with _connection(server) as client:
        for invite, address, own in waiting:
            if client.failed is not None:                    # no session: nothing issued, the attempt kept
                out.append(_logged(poll_id, invite.id, invite.label, address, "", client.failed, "reminder", username, url))
                continue
            fresh = services.reissue_invite(invite.id, ttl, url, keep_old=True)
            sent = _send(client, server, poll_id, fresh.invite_id, invite.label, address, fresh.link(base),
                         fresh.expires_at, pollee_language(own, language or None), "reminder", username, url)
            services.revoke_invite(invite.id if sent.error is None else fresh.invite_id, url)
            out.append(sent)
    return out


def _waiting(poll_id: int, url: str | None) -> list[tuple[Invite, str, str | None]]:
    """Each unanswered, unexpired link of the poll sent by e-mail (whether its message went or
    not), with the address its latest message went to and the pollee's own language."""
    now = utcnow()
    with reading(url) as session:
        rows = session.exec(select(InviteMessage, Invite).join(Invite, InviteMessage.invite_id == Invite.id)
                            .where(InviteMessage.poll_id == poll_id).order_by(InviteMessage.id)).all()
        latest = {invite.id: (invite, message.address) for message, invite in rows
                  if invite.used_at is None and invite.revoked_at is None and _aware(invite.expires_at) > now}
        return [(invite, address, session.get(Pollee, invite.pollee_id).language if invite.pollee_id else None)
                for invite, address in latest.values()]


def without_a_working_link(poll_id: int, url: str | None = None) -> list[tuple[str, str, str]]:
    """(pollee, address, why) for each pollee reached by e-mail who has no link that reached
    them: every message to their current link failed (the Invites page lists them)."""
    with reading(url) as session:
        rows = session.exec(select(InviteMessage, Invite).join(Invite, InviteMessage.invite_id == Invite.id)
                            .where(InviteMessage.poll_id == poll_id).order_by(InviteMessage.id)).all()
    went = {m.invite_id for m, _ in rows if m.error is None}
    out: dict[int, tuple[str, str, str]] = {}
    for message, invite in rows:
        if invite.used_at is None and invite.revoked_at is None and invite.id not in went:
            out[invite.id] = (invite.label, message.address, message.error or "")
    return list(out.values())


def _aware(at):
    return at if at.tzinfo else at.replace(tzinfo=timezone.utc)


MOST_AHEAD = timedelta(days=7)            # a reminder later than the links it sends makes no sense


@dataclass(frozen=True)
class Reminder:
    """A reminder the director set for later: when, the address its links carry, who set it, and
    when it went (None: not yet)."""

    at: datetime
    base: str
    by: str
    sent_at: datetime | None


def set_reminder(poll_id: int, at: datetime, base: str, username: str = "huddle", url: str | None = None) -> Reminder:
    """A reminder to those who have not answered, sent by the server at ``at`` (UTC): it needs a
    mail server, links already sent by e-mail, and a time from now to a week ahead."""
    _server()
    now = utcnow()
    at = at if at.tzinfo else at.replace(tzinfo=timezone.utc)
    if not now < at <= now + MOST_AHEAD:
        raise HuddleInputError("remind at", M_("choose a time from now to a week ahead"))
    if not sent_log(poll_id, url):
        raise HuddleInputError("remind at", M_("no link of this poll was sent by e-mail: there is no one to remind"))
    with writing(url) as session:
        poll = session.get(Poll, poll_id)
        poll.remind_at, poll.remind_base, poll.remind_by, poll.reminded_at = at, base[:300], username[:200], None
        session.add(poll)
        session.commit()
    return Reminder(at, base[:300], username[:200], None)


def cancel_reminder(poll_id: int, url: str | None = None) -> None:
    with writing(url) as session:
        poll = session.get(Poll, poll_id)
        if poll.reminded_at is None:
            poll.remind_at = None
            session.add(poll)
            session.commit()


def reminder_of(poll_id: int, url: str | None = None) -> Reminder | None:
    """The poll's timed reminder (sent or still to come), or None."""
    with reading(url) as session:
        poll = session.get(Poll, poll_id)
        return Reminder(poll.remind_at, poll.remind_base, poll.remind_by, poll.reminded_at) \
            if poll is not None and poll.remind_at is not None else None


def send_due_reminders(now: datetime | None = None, url: str | None = None) -> dict[int, list[Sent]]:
    """Send every timed reminder whose time has come (what the server does every half minute,
    and ``huddle poll remind --due`` from a scheduler). Each is claimed before it is sent, so two
    processes never send one twice; a closed poll's reminder is dropped; one none of whose
    messages went (the mail server down) is tried again RETRY later, until the links it would
    replace have expired."""
    now = now or utcnow()
    with reading(url) as session:
        due = session.exec(select(Poll.id).where(Poll.remind_at.is_not(None), Poll.reminded_at.is_(None),
                                                 Poll.remind_at <= now)).all()
    out = {}
    for poll_id in due:
        with writing(url) as session:
            claimed = session.exec(update(Poll).where(Poll.id == poll_id, Poll.reminded_at.is_(None))
                                   .values(reminded_at=now)).rowcount
            poll = session.get(Poll, poll_id)
            base, by, closed = poll.remind_base, poll.remind_by, is_closed(session, poll)
            session.commit()
        if claimed == 1 and not closed:
            out[poll_id] = sent = remind(poll_id, base, username=by or "huddle", url=url)
            if sent and all(s.error for s in sent):          # the mail server was down: tried again later
                with writing(url) as session:
                    session.exec(update(Poll).where(Poll.id == poll_id).values(reminded_at=None, remind_at=now + RETRY))
                    session.commit()
    return out


RETRY = timedelta(minutes=5)      # a timed reminder none of whose messages went is tried again this much later


def sent_log(poll_id: int, url: str | None = None) -> list[InviteMessage]:
    """Every message sent for the poll, the newest last."""
    with reading(url) as session:
        return list(session.exec(select(InviteMessage).where(InviteMessage.poll_id == poll_id)
                                 .order_by(InviteMessage.id)).all())


def message_text(name: str, link: str, expires, lang, kind: str = "link") -> tuple[str, str]:
    """(subject, body) of a link or a reminder in ``lang``: nothing about the case."""
    when = on_club_clock(lang).moment(expires)
    if kind == "reminder":
        return (lang._("A reminder: a one-minute bridge problem"),
                lang._("Hello {name}, a reminder: would you answer a one-minute bridge problem for the director? "
                       "Your new personal link (the earlier one no longer works): {link}\n\nIt works once, until "
                       "{when}.").format(name=name, link=link, when=when))
    return (lang._("A one-minute bridge problem"),
            lang._("Hello {name}, would you answer a one-minute bridge problem for the director? Your personal "
                   "link: {link}\n\nIt works once, until {when}.").format(name=name, link=link, when=when))


def _server() -> MailServer:
    server = mail_server()
    if server is None:
        raise HuddleInputError("HUDDLE_SMTP_URL", M_("no mail server is set: set HUDDLE_SMTP_URL to the club's "
                                                     "(smtp://user:password@host:587), or send the links from your "
                                                     "phone's apps"))
    return server


def _send(client, server: MailServer, poll_id: int, invite_id: int, name: str, address: str, link: str, expires,
          lang, kind: str, username: str, url: str | None) -> Sent:
    subject, body = message_text(name, link, expires, lang, kind)
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = server.sender, formataddr((name, address)), subject
    mail.set_content(body)
    mail["Content-Language"] = lang.code            # after the content: set_content clears Content-* headers
    error = client.failed
    if error is None:
        try:
            client.smtp.send_message(mail)
        except (OSError, smtplib.SMTPException) as exc:
            error = _said(exc)
            if isinstance(exc, (OSError, smtplib.SMTPServerDisconnected)):
                client.failed = error                  # the session is gone: the rest fail alike, each kept
    return _logged(poll_id, invite_id, name, address, link, error, kind, username, url)


def _logged(poll_id: int, invite_id: int, name: str, address: str, link: str, error: str | None, kind: str,
            username: str, url: str | None) -> Sent:
    """The message kept with the poll, sent or failed."""
    with writing(url) as session:
        session.add(InviteMessage(poll_id=poll_id, invite_id=invite_id, kind=kind, channel="email", address=address,
                                  sent_at=utcnow(), error=error, username=username[:200]))
        session.commit()
    return Sent(name, address, link, error)


def _said(exc: Exception) -> str:
    return check_length(f"{type(exc).__name__}: {exc}"[:500], 500, "error")


class _Client:
    """A session with the mail server, or the reason there is none (every message then fails)."""

    def __init__(self, smtp: smtplib.SMTP | None, failed: str | None):
        self.smtp, self.failed = smtp, failed


@contextmanager
def _connection(server: MailServer):
    """A session with the club's server, encrypted unless the URL says the network is trusted:
    with STARTTLS required and not offered, neither the password nor a link is sent."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP | None = None
    try:
        smtp = smtplib.SMTP_SSL(server.host, server.port, timeout=TIMEOUT, context=context) if server.tls == "implicit" \
            else smtplib.SMTP(server.host, server.port, timeout=TIMEOUT)
        smtp.ehlo()
        if server.tls != "implicit" and smtp.has_extn("starttls"):
            smtp.starttls(context=context)
            smtp.ehlo()
        elif server.tls == "starttls":
            raise _NoEncryption()
        if server.user:
            smtp.login(server.user, server.password)
        client = _Client(smtp, None)
    except _NoEncryption:
        client = _Client(None, NO_ENCRYPTION)
    except (OSError, smtplib.SMTPException) as exc:
        client = _Client(None, _said(exc))
    try:
        yield client
    finally:
        if smtp is not None:
            try:
                smtp.quit()
            except (OSError, smtplib.SMTPException):
                pass


class _NoEncryption(Exception):
    pass


NO_ENCRYPTION = N_("the mail server offers no encryption (STARTTLS): nothing was sent, neither the password nor the "
                   "links; use smtps:// (port 465) or a server that offers STARTTLS, or smtp+insecure:// on a network "
                   "you trust")


__all__ = ["MailServer", "Sent", "Reminder", "mail_server", "checked_address", "send_links", "send_panel_links", "remind", "set_reminder",
           "cancel_reminder", "reminder_of", "send_due_reminders", "sent_log", "message_text"]
