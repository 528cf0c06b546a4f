"""Clubs and federations side by side. An organisation owns its cases, its panel and its
members' roles; a director sees only her organisation's cases. A club may belong to a
federation, which may share its (national) panel with its clubs' directors and an anonymised
research corpus of all its clubs' cases with their researchers. Every install has the default
organisation (id 1), so a one-club install needs no setup."""
from __future__ import annotations

import re
from dataclasses import dataclass

from sqlmodel import Session, select

from analysis.errors import HuddleInputError
from analysis.law.laws.editions import DEFAULT_EDITION, edition
from analysis.law.questions.logical_alternatives import policy
from analysis.law.case.poll_rules import PollRules, check_minimum, check_pollees
from analysis.law.laws.regulations import regulation_for
from analysis.language import M_, N_, AsTyped, language as language_of

from .db import commit_or_refuse, reading, writing
from .models import DEFAULT_ORGANISATION, Membership, Organisation as OrganisationRow, UserAccount

KINDS = ("club", "federation")
# an account's role in one organisation; an administrator directs and also reopens a case the
# appeals committee decided (polling.cases.may_reopen_decided)
ROLES = (N_("director"), N_("administrator"), N_("committee"), N_("researcher"), N_("commentator"))
DIRECTING = ("director", "administrator")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{1,59}$")


@dataclass(frozen=True)
class Organisation:
    id: int
    slug: str
    name: str
    kind: str = "club"
    federation_id: int | None = None
    shares_panel: bool = False
    shares_research: bool = False
    skip_bid_regulation: str = "acbl"            # what a new case of this organisation is ruled under
    skip_bid_haste_under: int | None = None      # its own bound for undue haste after a skip bid, if any
    language: str = "en"                         # its polls' and rulings' language by default
    poll_minimum: int | None = None              # its rules for polls: the fewest pollees that decide an LA
    poll_pollees: str = ""                       # and who may be polled (WHO_MAY_BE_POLLED)
    authority: str = ""                          # its regulating authority (AUTHORITIES), "" when not said
    law_edition: str = DEFAULT_EDITION           # the edition of the Laws its new cases are ruled under
    la_policy: str = "wbf2017"                   # the LA policy its rulings start from
    casebook_names_officials: bool = False       # its casebook names directors and committee members

    def poll_rules(self) -> PollRules:
        """The rules for polls a new case of this organisation starts from."""
        said = self.poll_minimum or self.poll_pollees
        # the source is kept as text in the case: written in the organisation's own language
        source = language_of(self.language).say(M_("{organisation}'s rules for polls", organisation=AsTyped(self.name)))
        return PollRules(self.poll_minimum, source if said else "", self.poll_pollees)


def _organisation(row: OrganisationRow) -> Organisation:
    assert row.id is not None
    return Organisation(id=row.id, slug=row.slug, name=row.name, kind=row.kind, federation_id=row.federation_id,
                        shares_panel=row.shares_panel, shares_research=row.shares_research,
                        skip_bid_regulation=row.skip_bid_regulation, skip_bid_haste_under=row.skip_bid_haste_under,
                        language=row.language, poll_minimum=row.poll_minimum, poll_pollees=row.poll_pollees or "",
                        authority=row.authority or "", law_edition=row.law_edition or DEFAULT_EDITION,
                        la_policy=row.la_policy or "wbf2017", casebook_names_officials=row.casebook_names_officials)


def check_name(name: str) -> None:
    """An organisation's name: given, at most 120 characters."""
    if not (name or "").strip() or len(name.strip()) > 120:
        raise HuddleInputError("name", M_("give the organisation's name (at most 120 characters)"))


def create_organisation(slug: str, name: str, kind: str = "club", federation: str | None = None,
                        shares_panel: bool = False, shares_research: bool = False,
                        url: str | None = None, authority: str = "") -> Organisation:
    """A new club (optionally of ``federation``, given by its slug) or federation, under its
    regulating ``authority`` (whose skip-bid regulation its new cases start from)."""
    regulation = regulation_for(authority)
    slug = (slug or "").strip().lower()
    if not _SLUG.match(slug):
        raise HuddleInputError("organisation", M_("use 2 to 60 lower-case letters, digits or '-', starting with a letter or digit"))
    check_name(name)
    if kind not in KINDS:
        raise HuddleInputError("kind", M_("'{value}' must be one of {choices}", value=AsTyped(kind), choices=', '.join(KINDS)))
    if kind == "club" and (shares_panel or shares_research):
        raise HuddleInputError("kind", M_("only a federation shares a panel or a research corpus with its clubs"))
    with writing(url) as session:
        parent = None
        if federation:
            parent = organisation_row(session, federation)
            if parent.kind != "federation":
                raise HuddleInputError("federation", M_("'{federation}' is a club, not a federation", federation=AsTyped(federation)))
            if kind == "federation":
                raise HuddleInputError("federation", M_("a federation belongs to no other organisation"))
        row = OrganisationRow(slug=slug, name=name.strip(), kind=kind, federation_id=parent.id if parent else None,
                              shares_panel=shares_panel, shares_research=shares_research,
                              authority=authority.strip().upper() or None, skip_bid_regulation=regulation)
        session.add(row)
        commit_or_refuse(session, "organisation", M_("'{name}' is taken", name=AsTyped(slug)))
        return _organisation(row)


def rename(slug: str, name: str, url: str | None = None) -> Organisation:
    """A new name (the default organisation's "Our club" becomes the club's own, say)."""
    check_name(name)
    with writing(url) as session:
        row = organisation_row(session, slug)
        row.name = name.strip()
        session.add(row)
        session.commit()
        return _organisation(row)


def set_rules(key: str | int, skip_bid_regulation: str, skip_bid_haste_under: int | None,
              url: str | None = None, poll_minimum: int | None = None, poll_pollees: str = "",
              authority: str | None = None, law_edition: str | None = None, la_policy: str | None = None
              ) -> Organisation:
    """The skip-bid regulation an organisation's events use and, if it reads "about ten seconds"
    its own way, the pause below which a call is undue haste; its rules for polls (the minimum
    number of pollees, who may be polled). New cases start from these."""
    from analysis.law.laws.regulations import skip_bid_pause
    pause = skip_bid_pause(skip_bid_regulation, "skip-bid regulation", skip_bid_haste_under)
    minimum = check_minimum(poll_minimum, "minimum poll")
    pollees = check_pollees(poll_pollees, "who may be polled")
    if authority is not None:
        regulation_for(authority)                       # an unknown authority is refused before anything is kept
    if law_edition is not None:
        edition(law_edition, "edition of the Laws")
    if la_policy is not None:
        policy(la_policy)
    with writing(url) as session:
        row = organisation_row(session, key)
        row.skip_bid_regulation, row.skip_bid_haste_under = pause.name, skip_bid_haste_under
        row.poll_minimum, row.poll_pollees = minimum, pollees or None
        if authority is not None:
            row.authority = authority.strip().upper() or None
        if law_edition is not None:
            row.law_edition = law_edition
        if la_policy is not None:
            row.la_policy = la_policy
        session.add(row)
        session.commit()
        return _organisation(row)


def set_language(key: str | int, language: str, url: str | None = None) -> Organisation:
    """The language an organisation's polls and rulings are in by default: a shipped language, or
    "" for each pollee's browser's (a poll or a panel member may still set one)."""
    if language:
        language = language_of(language).code
    with writing(url) as session:
        row = organisation_row(session, key)
        row.language = language
        session.add(row)
        session.commit()
        return _organisation(row)


def organisation_row(session: Session, key: str | int) -> OrganisationRow:
    """The organisation by its slug (as typed: case and spaces do not matter) or its id, or
    refused by name."""
    if isinstance(key, int):
        row = session.get(OrganisationRow, key)
    else:
        row = session.exec(select(OrganisationRow).where(OrganisationRow.slug == (key or "").strip().lower())).first()
    if row is None:
        raise HuddleInputError("organisation", M_("there is no organisation {key}", key=AsTyped(repr(key))))
    return row


def find_organisation(slug: str, url: str | None = None) -> Organisation:
    with reading(url) as session:
        return _organisation(organisation_row(session, slug))


def get_organisation(organisation_id: int, url: str | None = None) -> Organisation:
    with reading(url) as session:
        return _organisation(organisation_row(session, organisation_id))


def list_organisations(url: str | None = None) -> list[Organisation]:
    with reading(url) as session:
        return [_organisation(r) for r in session.exec(select(OrganisationRow).order_by(OrganisationRow.id))]


# ---------------------------------------------------------------- roles per organisation

def find_account(session: Session, username: str) -> UserAccount | None:
    """The account ``username`` (as typed: case and spaces do not matter), if there is one."""
    return session.exec(select(UserAccount).where(UserAccount.username == (username or "").strip().lower())).first()


def account_named(session: Session, username: str) -> UserAccount:
    """The account ``username``, or refused by name."""
    row = find_account(session, username)
    if row is None:
        raise HuddleInputError("username", M_("there is no account '{username}'", username=AsTyped(username)))
    return row


def check_role(role: str) -> None:
    if role not in ROLES:
        raise HuddleInputError("role", M_("'{value}' must be one of {choices}", value=AsTyped(role), choices=', '.join(ROLES)))


def grant(username: str, organisation: str, role: str, url: str | None = None) -> None:
    """Give an account ``role`` in ``organisation`` (its role there changes if it had one)."""
    check_role(role)
    with writing(url) as session:
        account, org = account_named(session, username), organisation_row(session, organisation)
        held = _membership(session, account.id, org.id)
        if held is None:
            session.add(Membership(user_id=account.id, organisation_id=org.id, role=role))
        else:
            if held.role in DIRECTING and role not in DIRECTING:
                _not_last_director(session, account, org)
            held.role = role
            session.add(held)
        commit_or_refuse(session, "username", M_("'{name}' already has a role in {organisation}", name=AsTyped(account.username),
                                                    organisation=AsTyped(org.name)))


def revoke(username: str, organisation: str, url: str | None = None) -> None:
    """Take an account's role in ``organisation`` away (the account stays for its others)."""
    with writing(url) as session:
        account, org = account_named(session, username), organisation_row(session, organisation)
        held = _membership(session, account.id, org.id)
        if held is None:
            raise HuddleInputError("username", M_("'{user}' has no role in {organisation}", user=AsTyped(account.username),
                                                  organisation=AsTyped(org.name)))
        if held.role in DIRECTING:
            _not_last_director(session, account, org)
        session.delete(held)
        session.commit()


def _membership(session: Session, user_id: int | None, organisation_id: int | None) -> Membership | None:
    return session.exec(select(Membership).where(Membership.user_id == user_id,
                                                 Membership.organisation_id == organisation_id)).first()


def _only_director(session: Session, account: UserAccount, organisation_id: int | None) -> bool:
    """Is ``account`` the one director of the organisation who can sign in?"""
    directors = session.exec(select(Membership.user_id).join(UserAccount, Membership.user_id == UserAccount.id)
                             .where(Membership.organisation_id == organisation_id, Membership.role.in_(DIRECTING),
                                    UserAccount.disabled_at.is_(None))).all()
    return list(directors) == [account.id]


def _not_last_director(session: Session, account: UserAccount, org: OrganisationRow) -> None:
    if _only_director(session, account, org.id):
        raise HuddleInputError("username", M_("'{user}' is the last director of {organisation} who can sign in",
                                              user=AsTyped(account.username), organisation=AsTyped(org.name)))


def last_director_of(session: Session, account: UserAccount) -> str | None:
    """The name of an organisation whose only active director ``account`` is, if any."""
    for organisation_id in session.exec(select(Membership.organisation_id).where(
            Membership.user_id == account.id, Membership.role.in_(DIRECTING))).all():
        if _only_director(session, account, organisation_id):
            return session.get(OrganisationRow, organisation_id).name
    return None


# ---------------------------------------------------------------- what an organisation reaches

def panel_owners_in(session: Session, organisation_id: int) -> tuple[int, ...]:
    """Whose panel members a director of ``organisation_id`` may poll: her own organisation's,
    and her federation's when it shares its national panel."""
    org = organisation_row(session, organisation_id)
    if org.federation_id is not None and organisation_row(session, org.federation_id).shares_panel:
        return organisation_id, org.federation_id
    return (organisation_id,)


def panel_owners(organisation_id: int, url: str | None = None) -> tuple[int, ...]:
    with reading(url) as session:
        return panel_owners_in(session, organisation_id)


def research_reach(organisation_id: int, url: str | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The organisations whose cases ``organisation_id``'s researchers study: (with their names:
    its own; anonymised: for a federation, its clubs; for a club of a federation that shares its
    corpus, the federation and its other clubs)."""
    with reading(url) as session:
        org = organisation_row(session, organisation_id)
        everyone = session.exec(select(OrganisationRow)).all()
        if org.kind == "federation":
            return (organisation_id,), tuple(o.id for o in everyone if o.federation_id == organisation_id)
        federation = org.federation_id
        if federation is not None and organisation_row(session, federation).shares_research:
            return (organisation_id,), tuple(o.id for o in everyone if o.id != organisation_id and
                                             federation in (o.id, o.federation_id))
    return (organisation_id,), ()


__all__ = ["DEFAULT_ORGANISATION", "KINDS", "ROLES", "DIRECTING", "check_role", "Organisation", "create_organisation", "find_organisation",
           "set_rules", "set_language",
           "get_organisation", "list_organisations", "rename", "grant", "revoke", "last_director_of", "panel_owners",
           "panel_owners_in", "research_reach", "organisation_row", "find_account", "account_named"]


def reader_language_of(user, browser: str | None = None):
    """The language a reader's pages speak (analysis.language.reader_language): a signed-in user's
    account's, else the organisation's, else the browser's; a visitor's, the browser's."""
    from analysis.language import reader_language
    from .settings import on_club_clock
    if user is None:
        return on_club_clock(reader_language(browser=browser))
    return on_club_clock(reader_language(user.language, get_organisation(user.organisation_id).language, browser))
