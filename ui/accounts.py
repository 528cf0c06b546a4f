"""Accounts: directors add directors, committee members and researchers to their organisation
(or invite them by a one-time link, with which they set their own password),
reset a forgotten password and disable an account (which signs it out everywhere). An account
that also belongs to another organisation is the server operator's to change (huddle user)."""
from datetime import timedelta

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import language, M_, shipped_languages
from analysis.law.laws.editions import EDITIONS
from analysis.law.questions.logical_alternatives import PRESETS, policy_title
from analysis.law.case.poll_rules import WHO_MAY_BE_POLLED
from analysis.law.laws.regulations import AUTHORITIES, SKIP_BID_PAUSES, regulation_for
from polling import accounts, invitations, organisations
from polling.organisations import ROLES
from ui.auth import require
from ui.state import page_language
from ui.widgets import inert, invitation_card, laptop_only, show_error, site_address, table, unreachable

user = require("director")
lang = page_language(user)                  # the club's language, or the account's own
st.title(lang._("Accounts"))
st.caption(inert(lang._("The members of {organisation} and their roles here.").format(organisation=user.organisation)))
if "acc_added" in st.session_state:               # said after the rerun that shows the new account
    st.success(inert(st.session_state.pop("acc_added")))
people = accounts.list_users(organisation_id=user.organisation_id)
table([{lang._("user name"): u.username, lang._("name"): u.display_name, lang._("role"): lang._(u.role),
       lang._("state"): lang._("disabled") if u.disabled else lang._("active")} for u in people])

with st.form("add_user", clear_on_submit=True):
    st.subheader(lang._("Add an account"))
    username = st.text_input(lang._("User name"), key="acc_username")
    display_name = st.text_input(lang._("Name"), key="acc_display_name")
    role = st.selectbox(lang._("Role"), ROLES, key="acc_role", format_func=lang._)
    password = st.text_input(lang._("Password (at least {count} characters)").format(count=accounts.MIN_PASSWORD),
                             type="password", key="acc_password")
    again = st.text_input(lang._("Password again"), type="password", key="acc_again")
    added = st.form_submit_button(lang._("Add"), type="primary")
if added:
    try:
        if password != again:
            raise HuddleInputError("password again", M_("the two passwords differ"))
        new = accounts.create_user(username, password, role, display_name, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
    else:
        st.session_state["acc_added"] = lang._("Added {account} ({role}).").format(account=new.username,
                                                                                  role=lang._(new.role))
        st.rerun()                          # the table above shows the new account at once

if people:
    with st.form("change_role"):
        st.subheader(lang._("Change a member's role"))
        cols = st.columns(2)
        changed = cols[0].selectbox(lang._("Member"), [u.username for u in people], key="acc_role_of",
                                    format_func=lambda n: next((f"{u.display_name or n} ({lang._(u.role)})"
                                                                for u in people if u.username == n), n))
        new_role = cols[1].selectbox(lang._("Role"), ROLES, key="acc_new_role", format_func=lang._)
        if st.form_submit_button(lang._("Change the role")):
            try:
                organisations.grant(changed, organisations.get_organisation(user.organisation_id).slug, new_role)
            except HuddleInputError as exc:
                show_error(exc, lang=lang)
            else:
                st.session_state["acc_added"] = lang._("{account} is now {role} here.").format(account=changed,
                                                                                          role=lang._(new_role))
                st.rerun()

with st.form("invite_account"):          # what she typed stays when the link cannot be made
    st.subheader(lang._("Invite by a one-time link"))
    st.caption(lang._("Whoever opens the link chooses a user name and sets their own password; it works once and "
                      "expires."))
    cols = st.columns([2, 2, 1])
    invited_name = cols[0].text_input(lang._("Name"), key="acc_invite_name")
    invited_role = cols[1].selectbox(lang._("Role"), ROLES, index=ROLES.index("committee"), key="acc_invite_role",
                                     format_func=lang._)
    days = cols[2].number_input(lang._("Valid for (days)"), min_value=1, max_value=30, value=7, key="acc_invite_days")
    invite = st.form_submit_button(lang._("Make the link"))
if invite:
    base = site_address()
    why_not = unreachable(base, lang)
    if why_not and not laptop_only(base):
        st.error(why_not)
    else:
        if why_not:
            st.warning(why_not)
        try:
            made = invitations.invite_account(invited_role, invited_name, user.username, user.organisation_id,
                                              timedelta(days=int(days)))
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            invitation_card(made, made.link(base), lang)
pending = [i for i in invitations.invitations(user.organisation_id) if i.open]
if pending:
    with st.expander(lang.ngettext("{count} invitation link not yet used", "{count} invitation links not yet used",
                                   len(pending)).format(count=len(pending))):
        table([{lang._("name"): i.display_name, lang._("role"): lang._(i.role), lang._("made by"): i.made_by,
                lang._("expires"): lang.moment(i.expires_at)} for i in pending])
        chosen = st.selectbox(lang._("Withdraw the link for"), pending, key="acc_withdraw_invitation",
                              format_func=lambda i: f"{i.display_name or lang._(i.role)} ({lang.moment(i.created_at)})")
        if st.button(lang._("Withdraw"), key="acc_withdraw"):
            invitations.withdraw_invitation(chosen.id, user.organisation_id)
            st.rerun()

names = [u.username for u in people]
left, right = st.columns(2)
with left.form("reset_password", clear_on_submit=True):
    st.subheader(lang._("Set a forgotten password"))
    who = st.selectbox(lang._("Account"), names, key="acc_reset_who")
    new = st.text_input(lang._("New password"), type="password", key="acc_reset_new")
    again = st.text_input(lang._("New password again"), type="password", key="acc_reset_again")
    reset = st.form_submit_button(lang._("Set the password"))
if reset:
    try:
        accounts.reset_password(who, new, again, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc, left, lang=lang)
    else:
        left.success(lang._("{account}'s password is set; tell them in person. Their other sign-ins have "
                            "ended.").format(account=who))

with right.form("disable"):
    st.subheader(lang._("Disable or enable"))
    who = st.selectbox(lang._("Account"), names, key="acc_disable_who",
                       format_func=lambda n: lang._("{account} (disabled)").format(account=n)
                       if next(u for u in people if u.username == n).disabled else n)
    disable = st.form_submit_button(lang._("Disable"))
    enable = st.form_submit_button(lang._("Enable"))
if disable or enable:
    try:
        changed = accounts.set_disabled(who, disable, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc, right, lang=lang)
    else:
        st.session_state["acc_done"] = (lang._("{account} is disabled.") if changed.disabled
                                        else lang._("{account} is enabled.")).format(account=changed.username)
        st.rerun()                          # the table above shows the new state
if st.session_state.get("acc_done"):
    right.success(st.session_state.pop("acc_done"))

club = organisations.get_organisation(user.organisation_id)
with st.form("club_rules"):
    st.subheader(inert(lang._("{club}'s events").format(club=club.name)))
    st.caption(lang._("New cases start from these; each case keeps its own, and the ruling says which it used."))
    authorities = ["", *AUTHORITIES]
    authority = st.selectbox(lang._("Regulating authority"), authorities, index=authorities.index(club.authority),
                             format_func=lambda a: a or lang._("not said"), key="org_authority",
                             help=lang._("A new organisation starts from its authority's skip-bid regulation where "
                                         "Huddle holds it (ACBL, EBU, NBB), else from the Laws alone"))
    cols = st.columns(2)
    laws = cols[0].selectbox(lang._("Edition of the Laws new cases are ruled under"), list(EDITIONS),
                             index=list(EDITIONS).index(club.law_edition), key="org_laws")
    la_policy = cols[1].selectbox(lang._("Logical-alternative policy rulings start from"), list(PRESETS),
                                  index=list(PRESETS).index(club.la_policy) if club.la_policy in PRESETS else 0,
                                  format_func=lambda name: lang.say(policy_title(name)), key="org_la_policy",
                                  help=lang._("Its source is said in every ruling"))
    names = list(SKIP_BID_PAUSES)
    regulation = st.selectbox(lang._("Pause after a skip bid"), names, index=names.index(club.skip_bid_regulation),
                              format_func=lambda n: lang.say(SKIP_BID_PAUSES[n].title), key="org_skip_bid")
    st.caption(inert(lang._("Sources: the pause, {pause}; the LA policy, {policy}.").format(
        pause=lang.say(SKIP_BID_PAUSES[regulation].source),
        policy=lang.say(PRESETS[la_policy].source or PRESETS[la_policy].shown))))
    haste = st.number_input(lang._("A call sooner than this many seconds after a skip bid is undue haste (blank: "
                                   "{seconds}, Huddle's reading of 'about ten seconds')").format(
                                seconds=SKIP_BID_PAUSES[regulation].haste_under),
                            min_value=1, max_value=12, value=club.skip_bid_haste_under, step=1, key="org_haste")
    minimum = st.number_input(lang._("Rules for polls: the fewest pollees whose answers decide whether an action is "
                                     "a logical alternative (blank: no minimum)"), min_value=1, max_value=100,
                              value=club.poll_minimum, step=1, key="org_poll_minimum")
    who = ["", *WHO_MAY_BE_POLLED]
    pollees = st.selectbox(lang._("Rules for polls: who may be polled"), who, index=who.index(club.poll_pollees),
                           format_func=lambda w: lang._(WHO_MAY_BE_POLLED[w]) if w else lang._("the rules do not say"),
                           key="org_poll_pollees")
    codes = ["", *shipped_languages()]
    spoken = st.selectbox(lang._("The language of its polls and rulings (a poll, or a panel member, may have its "
                                 "own)"), codes,
                          index=codes.index(club.language) if club.language in codes else 0, key="org_language",
                          format_func=lambda c: language(c).name if c else lang._("Each pollee's browser's"))
    kept = st.form_submit_button(lang._("Keep these settings"))
if kept:
    if authority != club.authority and regulation == club.skip_bid_regulation:
        regulation = regulation_for(authority)       # a new authority brings its own pause unless she chose one
    try:
        organisations.set_rules(user.organisation_id, regulation, None if haste is None else int(haste),
                                poll_minimum=None if minimum is None else int(minimum), poll_pollees=pollees,
                                authority=authority, law_edition=laws, la_policy=la_policy)
        organisations.set_language(user.organisation_id, spoken)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
    else:
        st.success(lang._("Kept: new cases start from them."))
