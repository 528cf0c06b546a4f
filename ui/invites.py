"""Invites: one personal link (and QR code) per pollee, the links' state, withdrawing a link.

Huddle keeps only a hash of each token, so a link is shown right after it is issued (and while
this browser session lasts); a lost link is re-issued in one click, which withdraws the old one.
"""
from datetime import timedelta
from urllib.parse import urlsplit

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.numbers import percent
from polling import cases, panel, services, settings
from reports.qr import qr_png
from ui.auth import require
from ui.widgets import inert, pick_case, pick_poll, show_error, table, typed_rows

user = require("director")
st.title("Invites")
poll = pick_poll(pick_case(user))


def site_address() -> str:
    """Where pollees reach this server: HUDDLE_PUBLIC_URL, or the address in this browser."""
    configured = settings.configured_public_url()
    if configured:
        return configured
    parts = urlsplit(st.context.url or "http://localhost:8501")
    return f"{parts.scheme}://{parts.netloc}"


if poll.status == "draft":
    st.info("The poll's wording freezes when the first link is issued: a changed wording is a new poll.")
if poll.status != "closed":
    with st.form("issue_links"):
        names = st.text_area("Pollees, one per line (a name or a label; only directors see it, the committee "
                             "and the reports show Pollee 1, 2, 3)",
                             key="inv_names", height=120)
        days = st.number_input("Links expire after (days)", min_value=1, max_value=60, value=7, key="inv_days")
        base = st.text_input("Server address pollees will use", value=site_address(), key="inv_base")
        issue = st.form_submit_button("Issue links", type="primary")
    if settings.is_loopback(base):
        reachable = settings.public_url(urlsplit(base).port or 8501)
        st.warning(f"{base} is this machine's own address: pollees' phones cannot open it. "
                   + (f"Use {reachable} (this machine on the network), " if not settings.is_loopback(reachable)
                      else "Serve Huddle on the network (make run does), ")
                   + "or set HUDDLE_PUBLIC_URL to the address phones use.")
    if issue:
        labels = [n.strip() for n in names.splitlines() if n.strip()]
        try:
            issued = services.issue_invites(poll.id, labels, timedelta(days=int(days)), user.username)
        except HuddleInputError as exc:
            show_error(exc)
        else:
            st.session_state.setdefault("issued_links", {})[poll.id] = [
                (i.label, i.link(base), i.expires_at) for i in issued]
            st.rerun()      # the pickers above show the poll open and the case polling

if poll.status != "closed":
    with st.expander("Links for a class-matched group of the panel", expanded=bool(panel.panel(organisation_id=user.organisation_id))):
        case = cases.get_case(poll.case_id).case
        guess = panel.class_of(case.class_of_players)
        grade = st.selectbox("Class of players", panel.CLASSES, key="inv_grade",
                             index=panel.CLASSES.index(guess) if guess else 1,
                             help=f"The case's class of players: {case.class_of_players or 'not recorded'}")
        try:
            group = panel.class_matched_group(poll.id, grade)
        except HuddleInputError as exc:
            show_error(exc)
            group = None
        if group is not None:
            for member, why in group.left_out:
                st.caption(inert(f"Left out: {member.name}, {why}."))
            rate = {m.id: ("no link yet" if not m.invited else f"{m.pending} link(s) still open")
                    if m.response_rate is None else
                    f"answered {m.answered} of {m.invited - m.pending}, {percent(m.response_rate)}" for m in group.members}
            # enough for the event's minimum, and a margin for those who will not answer, said so
            minimum = case.poll_rules.minimum or 5
            ticked = [m.id for m in group.members][:minimum + 3]
            if group.members:
                st.caption(inert(f"The {len(ticked)} most reliable of {len(group.members)} are ticked: "
                                 f"{case.poll_rules.source or 'a usable poll'} asks for {minimum} answers, and "
                                 f"{max(len(ticked) - minimum, 0)} more allow for those who will not answer."))
            chosen = st.multiselect("Panel members (the most reliable first)", [m.id for m in group.members],
                                    default=ticked, key=f"inv_panel_{poll.id}_{grade}",
                                    format_func=lambda i: next(f"{m.name} ({m.reach_by}; {rate[i]})"
                                                               for m in group.members if m.id == i))
            if not group.members and any(why.startswith("already has a link") for _, why in group.left_out):
                st.info(f"Every {grade} member of the panel who may answer this poll has a link to it already; "
                        "add members on the Panel page to ask more.")
            elif not group.members:
                st.info(f"No {grade} member of the panel can answer this poll: add members on the Panel page.")
            elif st.button("Issue their links", key="inv_panel_issue", type="primary"):
                base = st.session_state.get("inv_base") or site_address()
                try:
                    sent = panel.issue_panel_invites(poll.id, chosen, timedelta(days=7), user.username)
                except HuddleInputError as exc:
                    show_error(exc)
                else:
                    st.session_state.setdefault("issued_links", {})[poll.id] = [
                        (f"{m.name} ({m.reach_by}{': ' + m.contact if m.contact else ''})", i.link(base), i.expires_at)
                        for m, i in sent]
                    st.session_state.setdefault("panel_messages", {})[poll.id] = [
                        panel.message(m, i.link(base), services.problem_of(poll).language) for m, i in sent]
                    st.rerun()

fresh = st.session_state.get("issued_links", {}).get(poll.id, [])
if fresh:
    st.subheader("New links")
    st.warning("Copy or show these now: each link is shown only once and works for one vote.")
    st.code("\n".join(f"{label}: {link}" for label, link, _ in fresh), language=None)
    messages = st.session_state.get("panel_messages", {}).get(poll.id)
    if messages:
        st.caption("Messages to send (they say nothing about the case):")
        st.code("\n\n".join(messages), language=None)
    for label, link, expires in fresh:
        with st.container(border=True):
            left, right = st.columns([3, 1])
            left.markdown(f"**{inert(label or 'pollee')}**, expires {expires:%Y-%m-%d %H:%M} UTC")
            left.code(link, language=None)
            right.image(qr_png(link), caption=f"QR for {label or 'this pollee'}", width=160)

st.subheader("All links of this poll")
invites = services.invites_for_poll(poll.id)
table(typed_rows([{"pollee": i.label, "state": services.invite_status(i),
               "issued (UTC)": i.created_at.strftime("%Y-%m-%d %H:%M"),
               "expires (UTC)": i.expires_at.strftime("%Y-%m-%d %H:%M")} for i in invites]))
waiting = [i for i in invites if services.invite_status(i) == "waiting"]
if waiting:
    with st.form("withdraw"):
        target = st.selectbox("A pollee's link", [i.id for i in waiting], key="inv_withdraw",
                              format_func=lambda k: next(f"{i.label} (link {i.id})" for i in waiting if i.id == k))
        left, right = st.columns(2)
        withdraw = left.form_submit_button("Withdraw")
        again = right.form_submit_button("Issue a new link (the old one stops working)")
    if withdraw:
        services.revoke_invite(target)
        st.rerun()
    if again:
        try:
            new = services.reissue_invite(target)
        except HuddleInputError as exc:
            show_error(exc)
        else:
            base = st.session_state.get("inv_base") or site_address()
            st.session_state.setdefault("issued_links", {}).setdefault(poll.id, []).append(
                (new.label, new.link(base), new.expires_at))
            st.rerun()
st.page_link("ui/tally.py", label="Live tally", icon="📊")
