"""Invites: one personal link (and QR code) per pollee, the links' state, withdrawing a link.

Huddle keeps only a hash of each token, so a link is shown right after it is issued (and while
this browser session lasts); a lost link is re-issued in one click, which withdraws the old one.
"""
from datetime import timedelta

import streamlit as st

from analysis.errors import HuddleInputError
from polling import cases, mail, panel, services
from ui.auth import require
from ui.state import page_language
from ui.widgets import (inert, link_cards, pick_case, pick_poll, poll_numbers, show_error, site_address, table, typed_rows,
                        unreachable)

user = require("director")
lang = page_language(user)                  # the club's language, or the account's own
st.title(lang._("Invites"))
poll = pick_poll(pick_case(user, lang=lang), lang=lang)


def mail_recipients(text: str) -> list[tuple[str, str]]:
    """"Anna Becker, anna@club.example" (or "Anna Becker <anna@club.example>") per line."""
    out = []
    for line in (line.strip() for line in text.splitlines()):
        if not line:
            continue
        name, _, address = line.replace("<", ",").replace(">", "").rpartition(",")
        out.append((name.strip() or address.strip(), address.strip()))
    return out


def timed_reminder(poll_id: int, username: str, lang) -> None:
    """A reminder the server sends later, to those who have not answered by then."""
    from polling.models import utcnow
    set_one = mail.reminder_of(poll_id)
    if set_one is not None and set_one.sent_at is None:
        st.info(lang._("A reminder goes at {when} to those who have not answered by then.").format(
            when=lang.moment(set_one.at)))
        if st.button(lang._("Cancel the reminder"), key="inv_remind_cancel"):
            mail.cancel_reminder(poll_id)
            st.rerun()
        return
    if set_one is not None:
        st.caption(lang._("The reminder went at {when}.").format(when=lang.moment(set_one.sent_at)))
    cols = st.columns([2, 1], vertical_alignment="bottom")
    minutes = cols[0].number_input(lang._("Or remind them later: in how many minutes"), min_value=5,
                                   max_value=7 * 24 * 60, value=60, step=15, key="inv_remind_minutes")
    if cols[1].button(lang._("Set the reminder"), key="inv_remind_later"):
        try:
            mail.set_reminder(poll_id, utcnow() + timedelta(minutes=int(minutes)),
                              st.session_state.get("inv_base") or site_address(), username)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            st.rerun()


if poll.status == "draft":
    st.info(lang._("The poll's wording freezes when the first link is issued: a changed wording is a new poll."))
if poll.status != "closed":
    with st.form("issue_links"):
        names = st.text_area(lang._("Pollees, one per line (a name or a label; only directors see it, the committee "
                                    "and the reports show Pollee 1, 2, 3)"),
                             key="inv_names", height=120)
        days = st.number_input(lang._("Links expire after (days)"), min_value=1, max_value=60, value=7, key="inv_days")
        base = st.text_input(lang._("Server address pollees will use"), value=site_address(), key="inv_base")
        issue = st.form_submit_button(lang._("Issue links"), type="primary")
    problem = unreachable(base, lang)
    if problem:
        st.warning(problem)
    if issue:
        labels = [n.strip() for n in names.splitlines() if n.strip()]
        try:        # a typed name that is a panel member's is that member's link, under the event's rules
            sent = panel.issue_named_invites(poll.id, labels, timedelta(days=int(days)), user.username)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            st.session_state.setdefault("issued_links", {})[poll.id] = [
                (i.label, i.link(base), i.expires_at) for _, i in sent]
            st.session_state.setdefault("panel_messages", {})[poll.id] = [
                panel.message(m, i.link(base), services.problem_of(poll).language) for m, i in sent if m is not None]
            st.rerun()      # the pickers above show the poll open and the case polling

if poll.status != "closed":
    try:
        mailing = mail.mail_server() is not None       # HUDDLE_SMTP_URL read once a run
    except HuddleInputError as unreadable:             # said without the secret, and no sending offered
        show_error(unreadable, lang=lang)
        mailing = False
    with st.expander(lang._("Send the links by e-mail"), expanded=mailing):
        if not mailing:
            st.caption(lang._("No mail server is set. Set HUDDLE_SMTP_URL to the club's (smtp://user:password@host:587) "
                              "and Huddle sends each link from the club's address; until then each new link below "
                              "has its message ready in your phone's mail, text or WhatsApp app."))
        else:
            with st.form("send_links"):
                to = st.text_area(lang._("Pollees and their e-mail addresses, one per line (Name, address)"),
                                  key="inv_mail_to", height=110)
                send = st.form_submit_button(lang._("Send the links"), type="primary")
            if send:
                base = st.session_state.get("inv_base") or site_address()
                try:
                    sent = mail.send_links(poll.id, mail_recipients(to), base, timedelta(days=7), user.username)
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
                else:
                    failed = [s for s in sent if s.error]
                    (st.warning if failed else st.success)(lang._("{sent} of {count} sent.").format(
                        sent=len(sent) - len(failed), count=len(sent)))
            if mail.sent_log(poll.id) and st.button(lang._("Remind those who have not answered (a fresh link each)"),
                                                    key="inv_remind"):
                try:
                    reminded = mail.remind(poll.id, st.session_state.get("inv_base") or site_address(),
                                           username=user.username)
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
                else:
                    failed = [r for r in reminded if r.error]
                    if failed:                       # their earlier link still works; the log below says why
                        st.warning(lang._("{sent} of {count} sent by e-mail.").format(sent=len(reminded) - len(failed),
                                                                                      count=len(reminded)))
                    else:
                        st.success(lang._("{count} reminded.").format(count=len(reminded)))
            if mail.sent_log(poll.id):
                timed_reminder(poll.id, user.username, lang)
        unreached = mail.without_a_working_link(poll.id)
        if unreached:                 # the message with their link never went: a reminder sends them one
            st.warning(lang._("No working link has reached {names}: their message failed. Remind them once the mail "
                              "server answers.").format(names=", ".join(f"{name} ({address})" for name, address, _ in unreached)))
        log = mail.sent_log(poll.id)
        if log:
            names = {i.id: i.label for i in services.invites_for_poll(poll.id)}
            table(typed_rows([{lang._("pollee"): names.get(m.invite_id, ""), lang._("address"): m.address,
                               lang._("sent"): lang._(m.kind), lang._("at"): lang.moment(m.sent_at),
                               lang._("state"): lang._("sent") if m.error is None else
                               lang._("failed: {why}").format(why=lang._(m.error))} for m in log]))

    with st.expander(lang._("Links for a class-matched group of the panel"),
                     expanded=bool(panel.panel(organisation_id=user.organisation_id))):
        case = cases.get_case(poll.case_id).case
        guess = panel.class_of(case.class_of_players)
        grade = st.selectbox(lang._("Class of players"), panel.CLASSES, key="inv_grade", format_func=lang._,
                             index=panel.CLASSES.index(guess) if guess else 1,
                             help=lang.labelled(lang._("The case's class of players"),
                                                case.class_of_players or lang._("not recorded")))
        try:
            group = panel.class_matched_group(poll.id, grade)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
            group = None
        if group is not None:
            for member, why in group.left_out:
                st.caption(inert(lang.labelled(lang._("Left out"), f"{member.name}, {lang.say(why)}.")))
            rate = {m.id: (lang._("no link yet") if not m.invited
                           else lang._("{count} link(s) still open").format(count=m.pending))
                    if m.response_rate is None else
                    lang._("answered {answered} of {asked}, {share}").format(
                        answered=m.answered, asked=m.invited - m.pending, share=lang.percent(m.response_rate))
                    for m in group.members}
            # enough for the event's minimum, and a margin for those who will not answer, said so
            minimum = case.poll_rules.minimum or 5
            ticked = [m.id for m in group.members][:minimum + 3]
            if group.members:
                st.caption(inert(lang._("The {ticked} most reliable of {members} are ticked: {source} asks for "
                                        "{minimum} answers, and {more} more allow for those who will not answer.").format(
                    ticked=len(ticked), members=len(group.members),
                    source=case.poll_rules.source or lang._("a usable poll"), minimum=minimum,
                    more=max(len(ticked) - minimum, 0))))
            # the same pollees as another poll of the case, in one choice
            of_case = services.polls_for_case(poll.case_id)
            number_of = poll_numbers(of_case)
            others = [p for p in of_case if p.id != poll.id and panel.members_asked(p.id)]
            if others:
                same = st.selectbox(lang._("Or the same members as another poll of this case"), [None, *others],
                                    key=f"inv_same_{poll.id}", format_func=lambda p: lang._("no") if p is None else
                                    lang._("poll {number}").format(number=number_of[p.id]))
                if same is not None:
                    ticked = [i for i in panel.members_asked(same.id) if i in {m.id for m in group.members}]
            chosen = st.multiselect(lang._("Panel members (the most reliable first)"), [m.id for m in group.members],
                                    default=ticked, key=f"inv_panel_{poll.id}_{grade}",
                                    format_func=lambda i: next(f"{m.name} ({lang._(m.reach_by)}; {rate[i]})"
                                                               for m in group.members if m.id == i))
            if not group.members and any(why == panel.ALREADY_LINKED for _, why in group.left_out):
                st.info(lang._("Every {grade} member of the panel who may answer this poll has a link to it already; "
                               "add members on the Panel page to ask more.").format(grade=lang._(grade)))
            elif not group.members:
                st.info(lang._("No {grade} member of the panel can answer this poll: add members on the Panel "
                               "page.").format(grade=lang._(grade)))
            elif st.button(lang._("Issue their links and send them by e-mail") if mailing
                           else lang._("Issue their links"), key="inv_panel_issue", type="primary"):
                base = st.session_state.get("inv_base") or site_address()
                try:
                    if mailing:                       # those reached by e-mail get theirs now
                        mailed, sent = mail.send_panel_links(poll.id, chosen, base, timedelta(days=7), user.username)
                        st.session_state.setdefault("inv_mailed", {})[poll.id] = mailed
                    else:
                        sent = panel.issue_panel_invites(poll.id, chosen, timedelta(days=7), user.username)
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
                else:
                    st.session_state.setdefault("issued_links", {})[poll.id] = [
                        (f"{m.name} ({lang._(m.reach_by)}{': ' + m.contact if m.contact else ''})", i.link(base), i.expires_at)
                        for m, i in sent]
                    st.session_state.setdefault("panel_messages", {})[poll.id] = [
                        panel.message(m, i.link(base), services.problem_of(poll).language) for m, i in sent]
                    st.rerun()

mailed = st.session_state.get("inv_mailed", {}).get(poll.id)    # the poll's last sending, until the next
if mailed:
    failed = [m for m in mailed if m.error]
    (st.warning if failed else st.success)(lang._("{sent} of {count} sent by e-mail.").format(
        sent=len(mailed) - len(failed), count=len(mailed)))
fresh = st.session_state.get("issued_links", {}).get(poll.id, [])
if fresh:
    st.subheader(lang._("New links"))
    link_cards(fresh, lang, st.session_state.get("panel_messages", {}).get(poll.id))

st.subheader(lang._("All links of this poll"))
invites = services.invites_for_poll(poll.id)
table(typed_rows([{lang._("pollee"): i.label, lang._("state"): lang._(services.invite_status(i)),
               lang._("issued"): lang.moment(i.created_at),
               lang._("expires"): lang.moment(i.expires_at)} for i in invites]))
waiting = [i for i in invites if services.invite_status(i) == "waiting"]
if waiting:
    with st.form("withdraw"):
        target = st.selectbox(lang._("A pollee's link"), [i.id for i in waiting], key="inv_withdraw",
                              format_func=lambda k: next(lang._("{pollee} (link {number})").format(
                                  pollee=i.label, number=i.id) for i in waiting if i.id == k))
        left, right = st.columns(2)
        withdraw = left.form_submit_button(lang._("Withdraw"))
        again = right.form_submit_button(lang._("Issue a new link (the old one stops working)"))
    if withdraw:
        services.revoke_invite(target)
        st.rerun()
    if again:
        try:
            new = services.reissue_invite(target)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            base = st.session_state.get("inv_base") or site_address()
            st.session_state.setdefault("issued_links", {}).setdefault(poll.id, []).append(
                (new.label, new.link(base), new.expires_at))
            st.rerun()
st.page_link("ui/tally.py", label=lang._("Live tally"), icon="📊")
