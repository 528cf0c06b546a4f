"""Accounts: directors add directors, committee members and researchers to their organisation,
reset a forgotten password and disable an account (which signs it out everywhere). An account
that also belongs to another organisation is the server operator's to change (huddle user)."""
import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import language, shipped_languages
from analysis.law.editions import EDITIONS
from analysis.law.logical_alternatives import PRESETS, policy_title
from analysis.law.poll_rules import WHO_MAY_BE_POLLED
from analysis.law.regulations import AUTHORITIES, SKIP_BID_PAUSES
from polling import accounts, organisations
from polling.organisations import ROLES
from ui.auth import require
from ui.widgets import inert, show_error, table

user = require("director")
st.title("Accounts")
st.caption(inert(f"The members of {user.organisation} and their roles here."))
if "acc_added" in st.session_state:               # said after the rerun that shows the new account
    st.success(inert(st.session_state.pop("acc_added")))
people = accounts.list_users(organisation_id=user.organisation_id)
table([{"user name": u.username, "name": u.display_name, "role": u.role,
       "state": "disabled" if u.disabled else "active"} for u in people])

with st.form("add_user", clear_on_submit=True):
    st.subheader("Add an account")
    username = st.text_input("User name", key="acc_username")
    display_name = st.text_input("Name", key="acc_display_name")
    role = st.selectbox("Role", ROLES, key="acc_role")
    password = st.text_input(f"Password (at least {accounts.MIN_PASSWORD} characters)", type="password",
                             key="acc_password")
    again = st.text_input("Password again", type="password", key="acc_again")
    added = st.form_submit_button("Add", type="primary")
if added:
    try:
        if password != again:
            raise HuddleInputError("password again", "the two passwords differ")
        new = accounts.create_user(username, password, role, display_name, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc)
    else:
        st.session_state["acc_added"] = f"Added {new.username} ({new.role})."
        st.rerun()                          # the table above shows the new account at once

names = [u.username for u in people]
left, right = st.columns(2)
with left.form("reset_password", clear_on_submit=True):
    st.subheader("Set a forgotten password")
    who = st.selectbox("Account", names, key="acc_reset_who")
    new = st.text_input("New password", type="password", key="acc_reset_new")
    again = st.text_input("New password again", type="password", key="acc_reset_again")
    reset = st.form_submit_button("Set the password")
if reset:
    try:
        accounts.reset_password(who, new, again, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc, left)
    else:
        left.success(f"{who}'s password is set; tell them in person. Their other sign-ins have ended.")

with right.form("disable"):
    st.subheader("Disable or enable")
    who = st.selectbox("Account", names, key="acc_disable_who",
                       format_func=lambda n: n + (" (disabled)" if next(u for u in people if u.username == n).disabled
                                                  else ""))
    disable = st.form_submit_button("Disable")
    enable = st.form_submit_button("Enable")
if disable or enable:
    try:
        changed = accounts.set_disabled(who, disable, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc, right)
    else:
        st.session_state["acc_done"] = f"{changed.username} is {'disabled' if changed.disabled else 'enabled'}."
        st.rerun()                          # the table above shows the new state
if st.session_state.get("acc_done"):
    right.success(st.session_state.pop("acc_done"))

club = organisations.get_organisation(user.organisation_id)
with st.form("club_rules"):
    st.subheader(inert(f"{club.name}'s events"))
    st.caption("New cases start from these; each case keeps its own, and the ruling says which it used.")
    authorities = ["", *AUTHORITIES]
    authority = st.selectbox("Regulating authority", authorities, index=authorities.index(club.authority),
                             format_func=lambda a: a or "not said", key="org_authority",
                             help="A new organisation starts from its authority's skip-bid regulation where Huddle "
                                  "holds it (ACBL, EBU, NBB), else from the Laws alone")
    cols = st.columns(2)
    laws = cols[0].selectbox("Edition of the Laws new cases are ruled under", list(EDITIONS),
                             index=list(EDITIONS).index(club.law_edition), key="org_laws")
    la_policy = cols[1].selectbox("Logical-alternative policy rulings start from", list(PRESETS),
                                  index=list(PRESETS).index(club.la_policy) if club.la_policy in PRESETS else 0,
                                  format_func=policy_title, key="org_la_policy",
                                  help="Its source is said in every ruling")
    names = list(SKIP_BID_PAUSES)
    regulation = st.selectbox("Pause after a skip bid", names, index=names.index(club.skip_bid_regulation),
                              format_func=lambda n: SKIP_BID_PAUSES[n].title, key="org_skip_bid")
    st.caption(inert(f"Sources: the pause, {SKIP_BID_PAUSES[regulation].source}; the LA policy, "
                     f"{PRESETS[la_policy].source or PRESETS[la_policy].shown}."))
    haste = st.number_input("A call sooner than this many seconds after a skip bid is undue haste "
                            f"(blank: {SKIP_BID_PAUSES[regulation].haste_under}, Huddle's reading of 'about ten seconds')",
                            min_value=1, max_value=12, value=club.skip_bid_haste_under, step=1, key="org_haste")
    minimum = st.number_input("Rules for polls: the fewest pollees whose answers decide whether an action is a "
                              "logical alternative (blank: no minimum)", min_value=1, max_value=100,
                              value=club.poll_minimum, step=1, key="org_poll_minimum")
    who = ["", *WHO_MAY_BE_POLLED]
    pollees = st.selectbox("Rules for polls: who may be polled", who, index=who.index(club.poll_pollees),
                           format_func=lambda w: WHO_MAY_BE_POLLED[w] if w else "the rules do not say",
                           key="org_poll_pollees")
    codes = ["", *shipped_languages()]
    spoken = st.selectbox("The language of its polls and rulings (a poll, or a panel member, may have its own)", codes,
                          index=codes.index(club.language) if club.language in codes else 0, key="org_language",
                          format_func=lambda c: language(c).name if c else "Each pollee's browser's")
    kept = st.form_submit_button("Keep these settings")
if kept:
    try:
        organisations.set_rules(user.organisation_id, regulation, None if haste is None else int(haste),
                                poll_minimum=None if minimum is None else int(minimum), poll_pollees=pollees,
                                authority=authority, law_edition=laws, la_policy=la_policy)
        organisations.set_language(user.organisation_id, spoken)
    except HuddleInputError as exc:
        show_error(exc)
    else:
        st.success("Kept: new cases start from them.")
