"""The director's standing panel of pollees: each member's class, how they want to be reached,
the sessions they played, and their history of answers with a response rate.

A class-matched group for a poll is every active member of the chosen class who did not play
the case's session and has no link to this poll (or its follow-ups) yet, the most reliable
responders first. Polling-practice §c1: define the peer class before polling and record each
pollee's class so the poll can be audited; a pollee who played the board is not a peer poll.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction

from sqlmodel import Session, select

from analysis.law import case as case_files
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, language as language_of, name_order, pollee_language
from analysis.limits import check_length, person_name
from analysis.polls.classes import CLASSES, class_of

from .db import reading, writing
from .models import DEFAULT_ORGANISATION, Ballot, CaseRecord, Invite, Poll, Pollee, utcnow
from .organisations import panel_owners_in
from .services import DEFAULT_TTL, MAX_INVITES, IssuedInvite, issue_in

REACH_BY = (N_("link"), N_("email"), N_("text message"), N_("in person"))


@dataclass(frozen=True)
class PanelMember:
    id: int
    name: str
    grade: str
    reach_by: str
    contact: str
    played: tuple[tuple[str, str], ...]     # (event, session); session "" means the whole event
    notes: str
    retired: bool
    invited: int                            # links issued, not counting withdrawn ones
    answered: int
    organisation_id: int = DEFAULT_ORGANISATION     # whose panel: a federation's is shared with its clubs
    pending: int = 0                        # links still open (not used, not expired, their poll open)
    language: str | None = None             # their links' language; None: the poll's

    @property
    def response_rate(self) -> Fraction | None:
        """Answers among the links that are settled: a link issued minutes ago, still open, is not
        yet a link left unanswered."""
        settled = self.invited - self.pending
        return Fraction(self.answered, settled) if settled > 0 else None

    def played_in(self, event: str | None, session: str | None) -> bool:
        """Did the member play the case's session (or the whole event it belongs to)?"""
        key = _norm(event)
        return bool(key) and any(_norm(e) == key and (not s or _norm(s) == _norm(session)) for e, s in self.played)


def _norm(text: str | None) -> str:
    return " ".join(str(text or "").split()).lower()


def _checked(name: str, grade: str, reach_by: str, contact: str, notes: str) -> None:
    if not name.strip():
        raise HuddleInputError("name", M_("give the pollee's name"))
    person_name(name, "name")
    if grade not in CLASSES:
        raise HuddleInputError("class", M_("'{value}' must be one of {choices}", value=AsTyped(grade), choices=', '.join(CLASSES)))
    if reach_by not in REACH_BY:
        raise HuddleInputError("reach by", M_("'{value}' must be one of {choices}", value=AsTyped(reach_by),
                                              choices=', '.join(REACH_BY)))
    check_length(contact.strip(), 200, "contact")
    check_length(notes.strip(), 1000, "notes")


def _played(played) -> list[dict]:
    out = []
    for i, entry in enumerate(played or ()):
        event, session = (entry.get("event"), entry.get("session")) if isinstance(entry, dict) else entry
        if not str(event or "").strip():
            raise HuddleInputError(f"played[{i}]", M_("name the event played"))
        check_length(str(event).strip(), 200, f"played[{i}].event")
        check_length(str(session or "").strip(), 120, f"played[{i}].session")
        out.append({"event": str(event).strip(), "session": str(session or "").strip()})
    return out


def add_pollee(name: str, grade: str, reach_by: str = "link", contact: str = "", played=(), notes: str = "",
               url: str | None = None, organisation_id: int = DEFAULT_ORGANISATION, language: str | None = None) -> int:
    _checked(name, grade, reach_by, contact, notes)
    row = Pollee(name=name.strip(), grade=grade, reach_by=reach_by, contact=contact.strip(),
                 played=json.dumps(_played(played), ensure_ascii=False), notes=notes.strip(),
                 organisation_id=organisation_id, language=_own_language(language))
    with writing(url) as session:
        session.add(row)
        session.commit()
        return row.id


def import_members(text: str, default_class: str = "club", url: str | None = None,
                   organisation_id: int = DEFAULT_ORGANISATION) -> list[int]:
    """A club's member list (analysis.polls.members) onto the panel, whole or not at all: each
    member reached by e-mail when the list has an address, else by text message when it has a
    telephone, else by link; a name already on the panel, or twice in the list, is refused naming
    its line."""
    from analysis.polls.members import read_member_list
    if default_class not in CLASSES:
        raise HuddleInputError("class", M_("'{value}' must be one of {choices}", value=AsTyped(default_class),
                                           choices=", ".join(CLASSES)))
    rows = read_member_list(text, default_class)
    with writing(url) as session:
        seen = {_norm(m.name): "panel" for m in _members(session, organisation_id, include_retired=True)
                if m.organisation_id == organisation_id}
        added = []
        for row in rows:
            key = _norm(row.name)
            if key in seen:
                raise HuddleInputError(M_("member list, line {number}", number=row.line),
                                       M_("{name} is on the panel already", name=AsTyped(row.name))
                                       if seen[key] == "panel" else
                                       M_("{name} is in the list twice (line {other})", name=AsTyped(row.name),
                                          other=seen[key]))
            seen[key] = str(row.line)
            reach, contact = ("email", row.email) if row.email else ("text message", row.phone) if row.phone else \
                ("link", "")
            _checked(row.name, row.grade, reach, contact, "")
            # a class of the club's own ("A-lijn") is kept in the notes beside the class it was read as
            notes = f"club class: {row.own_class}" if row.own_class else ""
            pollee = Pollee(name=row.name.strip(), grade=row.grade, reach_by=reach, contact=contact, played="[]",
                            notes=notes, organisation_id=organisation_id, language=_own_language(row.language))
            session.add(pollee)
            added.append(pollee)
        session.commit()
        return [p.id for p in added]


def update_pollee(pollee_id: int, name: str, grade: str, reach_by: str, contact: str = "", played=(),
                  notes: str = "", retired: bool = False, url: str | None = None,
                  organisation_id: int = DEFAULT_ORGANISATION, language: str | None = None) -> None:
    """Only the organisation whose panel it is changes a member (a club reads its federation's)."""
    _checked(name, grade, reach_by, contact, notes)
    with writing(url) as session:
        row = _member_row(session, pollee_id, (organisation_id,))
        row.name, row.grade, row.reach_by, row.contact = name.strip(), grade, reach_by, contact.strip()
        row.language = _own_language(language)
        row.played, row.notes = json.dumps(_played(played), ensure_ascii=False), notes.strip()
        row.retired_at = (row.retired_at or utcnow()) if retired else None
        session.add(row)
        session.commit()


def _own_language(language: str | None) -> str | None:
    """A member's own language: a shipped one, or None (they read the poll's)."""
    return language_of(language).code if language else None


def _member_row(session: Session, pollee_id: int, owners: tuple[int, ...]) -> Pollee:
    row = session.get(Pollee, pollee_id)
    if row is None or row.organisation_id not in owners:
        raise HuddleInputError("pollee", M_("there is no panel member {pollee_id}", pollee_id=pollee_id))
    return row


def panel(url: str | None = None, include_retired: bool = False,
          organisation_id: int = DEFAULT_ORGANISATION) -> list[PanelMember]:
    """Every member of the panel an organisation's directors poll (its own, and its federation's
    national panel when shared) with their links issued and answered (the response rate)."""
    with reading(url) as session:
        return _members(session, organisation_id, include_retired)


def _members(session: Session, organisation_id: int, include_retired: bool = False) -> list[PanelMember]:
    owners = panel_owners_in(session, organisation_id)
    rows = sorted(session.exec(select(Pollee).where(Pollee.organisation_id.in_(owners))).all(),
                  key=lambda p: name_order(p.name))
    links = session.exec(select(Invite.pollee_id, Invite.used_at, Invite.revoked_at, Invite.expires_at, Poll.status)
                         .join(Pollee, Invite.pollee_id == Pollee.id).join(Poll, Invite.poll_id == Poll.id)
                         .where(Pollee.organisation_id.in_(owners))).all()
    invited: dict[int, int] = {}
    answered: dict[int, int] = {}
    pending: dict[int, int] = {}
    now = utcnow()
    for pollee_id, used, revoked, expires, poll_status in links:
        if revoked is not None and used is None:
            continue
        invited[pollee_id] = invited.get(pollee_id, 0) + 1
        answered[pollee_id] = answered.get(pollee_id, 0) + (used is not None)
        still_open = used is None and poll_status != "closed" and expires > now
        pending[pollee_id] = pending.get(pollee_id, 0) + still_open
    return [PanelMember(id=r.id, name=r.name, grade=r.grade, reach_by=r.reach_by, contact=r.contact,
                        played=tuple((p["event"], p["session"]) for p in json.loads(r.played)), notes=r.notes,
                        retired=r.retired_at is not None, invited=invited.get(r.id, 0),
                        answered=answered.get(r.id, 0), organisation_id=r.organisation_id,
                        pending=pending.get(r.id, 0), language=r.language)
            for r in rows if include_retired or r.retired_at is None]


@dataclass(frozen=True)
class PolleeAnswer:
    """Who answered a poll and what: a panel member's name and class and whether they played the
    case's session, or a link's label alone; the call chosen and the calls seriously considered."""

    pollee: str
    grade: str                      # "" for a link that is not a panel member's
    played: bool
    call: str
    considered: tuple[str, ...]


def answers_by_pollee(poll_id: int, url: str | None = None) -> list[PolleeAnswer]:
    """The answers to a poll and its follow-ups, pollee by pollee, in the order given: what a
    director needs when the event's rules exclude some of the pollees (not peers, or players of
    the session) and the poll must be counted without them."""
    with reading(url) as session:
        event, session_name, _, organisation_id = _poll_context(session, poll_id)
        poll = session.get(Poll, poll_id)
        root = poll.follows_id or poll.id
        family = list(session.exec(select(Poll.id).where((Poll.id == root) | (Poll.follows_id == root))).all())
        members = {m.id: m for m in _members(session, organisation_id, include_retired=True)}
        rows = session.exec(select(Ballot, Invite).join(Invite, Ballot.invite_id == Invite.id, isouter=True)
                            .where(Ballot.poll_id.in_(family)).order_by(Ballot.id)).all()
    out = []
    for ballot, invite in rows:
        member = members.get(invite.pollee_id) if invite is not None and invite.pollee_id is not None else None
        name = member.name if member is not None else (invite.label if invite is not None else "")
        out.append(PolleeAnswer(name, member.grade if member is not None else "",
                                member is not None and member.played_in(event, session_name), ballot.call,
                                tuple(json.loads(ballot.considered))))
    return out


def history(pollee_id: int, url: str | None = None, organisation_id: int = DEFAULT_ORGANISATION) -> list[dict]:
    """A member's links in ``organisation_id``'s cases, newest first: the case, the poll and its
    kind, when issued, and the answer (a national panel member's answers to other clubs stay theirs)."""
    with reading(url) as session:
        _member_row(session, pollee_id, panel_owners_in(session, organisation_id))
        rows = session.exec(select(Invite, Poll, CaseRecord).join(Poll, Invite.poll_id == Poll.id)
                            .join(CaseRecord, Poll.case_id == CaseRecord.id)
                            .where(Invite.pollee_id == pollee_id, CaseRecord.organisation_id == organisation_id)
                            .order_by(Invite.id.desc())).all()
        answers = {b.invite_id: b.call for b in session.exec(
            select(Ballot).where(Ballot.invite_id.in_([i.id for i, _, _ in rows]))).all()} if rows else {}
        polls = session.exec(select(Poll.id, Poll.case_id).where(Poll.case_id.in_({p.case_id for _, p, _ in rows}))
                             .order_by(Poll.id)).all() if rows else []
    number: dict[int, int] = {}          # each poll by its number within its case, as the pages call it
    for poll_id, case_id in polls:
        number[poll_id] = 1 + sum(1 for other, c in polls if c == case_id and other < poll_id)
    return [{"case": record.title, "poll": number.get(poll.id, poll.id), "poll type": poll.kind, "issued": invite.created_at,
             "answered": "yes" if invite.used_at else "withdrawn" if invite.revoked_at else "not yet",
             "answer": answers.get(invite.id, "")}
            for invite, poll, record in rows]


@dataclass(frozen=True)
class Group:
    """A class-matched group for a poll: who may be asked, and who is left out and why."""

    grade: str
    members: tuple[PanelMember, ...]
    left_out: tuple[tuple[PanelMember, str], ...]


def members_asked(poll_id: int, url: str | None = None) -> tuple[int, ...]:
    """The panel members who were given a link to a poll (the same pollees for the next poll in
    one choice)."""
    with reading(url) as session:
        return tuple(dict.fromkeys(i for i in session.exec(select(Invite.pollee_id).where(
            Invite.poll_id == poll_id, Invite.pollee_id.is_not(None))).all()))  # type: ignore[union-attr]


ALREADY_LINKED = N_("already has a link to this poll")


def class_matched_group(poll_id: int, grade: str, url: str | None = None) -> Group:
    """The active members of ``grade`` who may answer this poll, the most reliable first (by
    response rate, then the fewest links so far, spreading the asking)."""
    if grade not in CLASSES:
        raise HuddleInputError("class", M_("'{value}' must be one of {choices}", value=AsTyped(grade), choices=', '.join(CLASSES)))
    with reading(url) as session:
        event, session_name, already, organisation_id = _poll_context(session, poll_id)
        everyone = _members(session, organisation_id)
    members, left_out = [], []
    for m in everyone:
        if m.grade != grade:
            continue
        if m.played_in(event, session_name):
            left_out.append((m, M_("played {event}, {session}: the board is theirs", event=AsTyped(event or ""),
                                   session=AsTyped(session_name)) if session_name else
                             M_("played {event}: the board is theirs", event=AsTyped(event or ""))))
        elif m.id in already:
            left_out.append((m, ALREADY_LINKED))
        else:
            members.append(m)
    members.sort(key=lambda m: (-(m.response_rate if m.response_rate is not None else Fraction(1, 2)), m.invited, m.name))
    return Group(grade, tuple(members), tuple(left_out))


def _poll_context(session: Session, poll_id: int) -> tuple[str | None, str | None, set[int], int]:
    """The case's event and session, the panel members already linked to the poll's family,
    and the case's organisation (whose panel is polled)."""
    poll = session.get(Poll, poll_id)
    if poll is None:
        raise HuddleInputError("poll", M_("there is no poll {poll_id}", poll_id=poll_id))
    record = session.get(CaseRecord, poll.case_id)
    case = case_files.loads(record.body)
    root = poll.follows_id or poll.id
    family = [p for p in session.exec(select(Poll.id).where((Poll.id == root) | (Poll.follows_id == root))).all()]
    linked = set(session.exec(select(Invite.pollee_id).where(Invite.poll_id.in_(family),
                                                             Invite.pollee_id.is_not(None))).all())
    return case.event, case.session, linked, record.organisation_id


def issue_panel_invites(poll_id: int, pollee_ids: list[int], ttl: timedelta = DEFAULT_TTL,
                        username: str = "huddle", url: str | None = None) -> list[tuple[PanelMember, IssuedInvite]]:
    """Personal links for chosen panel members, all or none: each is checked again here, so a
    member who played the session, is retired, or already has a link is refused by name."""
    if not pollee_ids:
        raise HuddleInputError("pollees", M_("choose at least one panel member"))
    if len(pollee_ids) > MAX_INVITES:
        raise HuddleInputError("pollees", M_("{count} pollees at once; at most {most}", count=len(pollee_ids),
                                             most=MAX_INVITES))
    with writing(url) as session:
        event, session_name, already, organisation_id = _poll_context(session, poll_id)
        members = {m.id: m for m in _members(session, organisation_id)}
        if not _norm(event):
            raise HuddleInputError("event", M_("record the case's event (and session) first, so Huddle can leave "
                                               "out the panel members who played the board"))
        chosen = []
        for pollee_id in dict.fromkeys(pollee_ids):
            member = members.get(pollee_id)
            if member is None:
                raise HuddleInputError("pollees", M_("panel member {pollee_id} is not on the panel (or retired)", pollee_id=pollee_id))
            if member.played_in(event, session_name):
                raise HuddleInputError("pollees", M_("{name} played {event}: a pollee is never asked about a board "
                                                     "they played", name=AsTyped(member.name), event=AsTyped(event)))
            if pollee_id in already:
                raise HuddleInputError("pollees", M_("{name} already has a link to this poll", name=AsTyped(member.name)))
            # a name kept before names were checked, that no message could carry: refused before any link
            person_name(member.name, M_("panel member {pollee_id}'s name", pollee_id=pollee_id))
            chosen.append(member)
        issued = issue_in(session, poll_id, [(m.name, m.id) for m in chosen], ttl, username)
        session.commit()
    return list(zip(chosen, issued))


def issue_named_invites(poll_id: int, names: list[str], ttl: timedelta = DEFAULT_TTL, username: str = "huddle",
                        url: str | None = None) -> list[tuple[PanelMember | None, IssuedInvite]]:
    """Personal links for pollees typed by name, all or none: a name that is a panel member's is
    that member's link (their language and contact follow, the event's rules apply: a member who
    played the case's session is refused by name, as on the panel's own list); any other name is
    a plain label."""
    from .services.links import check_labels
    check_labels(names)
    with writing(url) as session:
        event, session_name, already, organisation_id = _poll_context(session, poll_id)
        by_name = {_norm(m.name): m for m in _members(session, organisation_id)}
        chosen: list[tuple[str, PanelMember | None]] = []
        for name in names:
            member = by_name.get(_norm(name))
            if member is not None and member.played_in(event, session_name):
                raise HuddleInputError("pollees", M_("{name} played {event}: a pollee is never asked about a board "
                                                     "they played", name=AsTyped(member.name), event=AsTyped(event)))
            if member is not None and member.id in already:
                raise HuddleInputError("pollees", M_("{name} already has a link to this poll", name=AsTyped(member.name)))
            chosen.append((member.name if member is not None else name.strip(), member))
        issued = issue_in(session, poll_id, [(label, m.id if m is not None else None) for label, m in chosen], ttl,
                          username)
        session.commit()
    return [(m, i) for (_, m), i in zip(chosen, issued)]


def message(member: PanelMember, link: str, poll_language: str | None = None) -> str:
    """What the director sends: a short note with the personal link (nothing about the case), in
    the language the link opens in (the member's own, else the poll's)."""
    lang = pollee_language(member.language, poll_language)
    return lang._("Hello {name}, would you answer a one-minute bridge problem for the director? "
                  "Your personal link: {link}").format(name=member.name, link=link)


__all__ = ["CLASSES", "REACH_BY", "PanelMember", "Group", "PolleeAnswer", "answers_by_pollee",
           "add_pollee", "import_members", "update_pollee", "panel", "history", "issue_named_invites",
           "class_of", "class_matched_group", "issue_panel_invites", "message"]
