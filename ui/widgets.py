"""Pieces several pages share: the case and poll pickers, the pollee's view of a problem, and
free text shown inert."""
from __future__ import annotations

import html
import re
from contextlib import contextmanager

import streamlit as st

from analysis.bridge.scoring import PlayedContract
from analysis.errors import HuddleInputError
from analysis.language import Listed, N_, Language, Message
from analysis.law.case import TableResult
from analysis.vocabulary import read_typed_contract
from analysis.language.fields import refusal_words
from analysis.law.questions.logical_alternatives import action_word
from analysis.files.text import spreadsheet_safe
from polling import db, services
from polling.accounts import User
from analysis.polls.kinds import CALL
from analysis.polls.problem import PollProblem
from reports.diagram import auction_html, single_hand_html, tricks_html


# Escaped: what would make typed text a link or image ([ ] <), a heading (#), a table (|), maths
# ($), code (`), emphasis or strike-through (* _ ~), a Streamlit directive (:red[…]), or an escape (\).
_MARKDOWN = re.compile(r"([\\`*_\[\]<>#~|$])")
# what markdown makes a link of by itself: a scheme's "://", "www.", an address's "@"
_AUTOLINK = re.compile(r"(?i)(?<=[a-z])(:)(?=//)|\b(?<=www)(\.)|(?<=\w)(@)(?=[\w-]+\.)")


def inert(text) -> str:
    """Text that an element renders as markdown (title, caption, success, error, write …) shown
    as typed: the characters that would make a link, an image, a heading, a table, maths, code,
    emphasis or a Streamlit colour directive are escaped, so typed markup stays text and loads
    nothing; a web or mail address stays text too: markdown links "https://", "www." and "a@b.c"
    by itself, after its escapes are read, so an invisible word joiner (U+2060) goes before the
    ":", the "." or the "@" that would make the link."""
    return _AUTOLINK.sub(lambda m: "\u2060" + m.group(0), _MARKDOWN.sub(r"\\\1", str(text)))


def plain(text: str, muted: bool = False) -> None:
    """User-written text shown as text: no markdown, no HTML, no script."""
    style = ' style="color:#6b6b76"' if muted else ""
    paragraphs = "".join(f"<p{style}>{html.escape(p)}</p>" for p in text.split("\n") if p.strip())
    if paragraphs:
        st.html(f'<div class="huddle-plain">{paragraphs}</div>')


def who_did(username: str, lang: Language) -> str:
    """Who made a change or a version, as a reader reads it: Huddle loading its example cases is
    said in the reader's words, an account by its user name."""
    from polling.cases import EXAMPLE_LOADER
    return lang._("Huddle, loading its example cases") if username == EXAMPLE_LOADER else username


def organisation_cases(user: User) -> list[db.CaseSummary]:
    """The cases of the organisation the signed-in user acts in: no page shows another's."""
    return db.case_index(organisation_id=user.organisation_id)


def pick_case(user: User, label: str = N_("Case"), key: str = "case_pick", *, lang: Language) -> int:
    """A case of the user's organisation chosen from the list. The page address carries it
    (?case=<id>), so a reload, a sign-in, a shared link and the back button land on the same
    case; across pages it is remembered in session_state['case_id']. With no case at all the
    page says so and stops; an address naming a case the organisation does not have (another
    club's, say) is said to be unknown, in the same words as a case that does not exist."""
    records = organisation_cases(user)
    if not records:
        st.info(lang._("No cases yet."))
        st.stop()
    ids = [r.id for r in records]
    slugs = {r.id: r.slug for r in records}
    names = {r.id: f"{r.title} ({lang._(r.status)})" for r in records}
    asked = {r.slug: r.id for r in records}.get(st.query_params.get("case", ""))
    if st.query_params.get("case") and asked is None and key not in st.session_state:
        st.warning(inert(lang._("There is no case '{case}' here; choose one of yours.").format(
            case=st.query_params["case"][:120])))
    current = asked if asked is not None else st.session_state.get("case_id")
    if st.session_state.get(key) not in (*ids, None):
        st.session_state.pop(key, None)          # a case deleted since
    if asked is not None and st.query_params.get("case") != st.session_state.get("_case_address"):
        st.session_state[key] = asked            # the address changed under the page (a link, a redirect): it wins
    # the address (or the case remembered across pages) places the picker when it first appears;
    # after that its own state, kept across pages, holds the director's choice (an index as well
    # would make Streamlit warn)
    placed = {} if key in st.session_state else {"index": ids.index(current) if current in ids else 0}
    case_id = st.selectbox(lang._(label), ids, format_func=names.get, key=key, **placed)
    st.session_state["case_id"] = case_id
    if st.query_params.get("case") != slugs[case_id]:
        st.query_params["case"] = slugs[case_id]
    st.session_state["_case_address"] = slugs[case_id]
    said = st.session_state.pop("_done", None)
    if said is not None:
        message, link = said
        st.success(inert(message))
        if link is not None:
            st.page_link(link[0], label=link[1])
    return case_id


def choose_poll(poll_id: int) -> None:
    """Open the poll pickers, on this page after a rerun and on the next, on ``poll_id`` (the
    address then names it by its number within the case, as the page does)."""
    st.session_state["poll_id"] = st.session_state["_pick_poll"] = poll_id


def done(message: str, link: tuple[str, str] | None = None):
    """Say ``message`` (and offer ``link``, a page and its label) after a rerun, so that every
    part of the page, the case picker's status first, shows what the action changed."""
    st.session_state["_done"] = (message, link)
    st.rerun()


def said_rows(rows, lang: Language) -> list[dict]:
    """Rows Huddle wrote (column names marked for the catalog, messages and bridge words as
    values) in ``lang``; what people typed is shown as typed."""
    return [{lang._(k): lang.say(v) if hasattr(v, "said") else v for k, v in row.items()} for row in rows]


def typed_rows(rows) -> list[dict]:
    """Rows holding what people typed (comments, reasons, names), each text cell safe for the
    table's own CSV download: a spreadsheet never runs a cell such as =HYPERLINK(…) as a formula."""
    return [{k: spreadsheet_safe(v) if isinstance(v, str) else v for k, v in row.items()} for row in rows]


def poll_numbers(polls) -> dict[int, int]:
    """A case's polls (in the order made, as services.polls_for_case gives them) by their number
    within the case, counted from 1: what a director calls "poll 2"."""
    return {p.id: k for k, p in enumerate(polls, 1)}


def pick_poll(case_id: int, key: str = "poll_pick", *, lang: Language):
    """One of the case's polls (newest first), remembered in session_state['poll_id'];
    with none the page says so and stops."""
    polls = list(reversed(services.polls_for_case(case_id)))
    if not polls:
        st.info(lang._("This case has no poll yet: build one on the Poll builder page."))
        st.stop()
    ids = [p.id for p in polls]
    number = poll_numbers(reversed(polls))
    by_number = {n: poll_id for poll_id, n in number.items()}
    asked = st.query_params.get("poll", "")          # "poll=2": the case's second poll, as the page calls it
    current = by_number[int(asked)] if asked.isdecimal() and int(asked) in by_number else st.session_state.get("poll_id")

    def name(poll_id: int) -> str:
        poll = next(p for p in polls if p.id == poll_id)
        if poll.follows_id in number:
            return lang._("Poll {number}, more answers to poll {first} ({status})").format(
                number=number[poll_id], first=number[poll.follows_id], status=lang._(poll.status))
        return lang._("Poll {number} ({status})").format(number=number[poll_id], status=lang._(poll.status))

    if st.session_state.get("_pick_poll") in ids:         # a poll just made: the picker opens on it
        current = st.session_state.pop("_pick_poll")
        st.session_state[key] = current
    placed = {} if key in st.session_state and st.session_state[key] in ids else \
        {"index": ids.index(current) if current in ids else 0}
    poll_id = st.selectbox(lang._("Poll"), ids, key=key, format_func=name, **placed)
    st.session_state["poll_id"] = poll_id
    if st.query_params.get("poll") != str(number[poll_id]):
        st.query_params["poll"] = str(number[poll_id])
    return next(p for p in polls if p.id == poll_id)


def show_problem(problem: PollProblem, step: int | None = None, *, lang: Language) -> None:
    """The problem exactly as a pollee sees it, in the pollee's language (also the director's
    preview); ``step`` shows an earlier turn of a walk-through instead (the auction up to that call)."""
    st.subheader(lang._((CALL if step is not None else problem.poll_kind).title))
    plain(problem.wording)
    scoring = lang.scoring(problem.scoring)
    st.caption(inert(lang._("You are {seat}. Scoring: {scoring}.").format(seat=lang.seat(problem.seat), scoring=scoring)))
    if problem.methods:
        plain(lang._("Your methods: {methods}").format(methods=problem.methods), muted=True)
    st.html(single_hand_html(problem.seat, problem.hand, problem.dealer, problem.vulnerability, lang))
    if step is not None:
        st.html(auction_html(problem.step_auction(step), question_mark=True, lang=lang))
        return
    st.html(auction_html(problem.auction, question_mark=not problem.is_play, lang=lang))
    if problem.is_play:
        if problem.dummy:
            st.caption(lang._("Dummy"))
            st.html(single_hand_html(problem.dummy_seat, problem.dummy, problem.dealer, problem.vulnerability, lang))
        st.html(tricks_html(problem.tricks, problem.contract_in(lang), include_css=False, lang=lang))
        if problem.to_play and problem.to_play != problem.seat:
            st.caption(lang._("You play the next card from dummy ({seat}).").format(seat=lang.seat(problem.to_play)))


# the verdict table's columns in a director's words, and what the less plain ones say
VERDICT_LABELS = {"call": N_("Call"), "chose": N_("Chose it"), "close": N_("Close second"),
                  "considered": N_("Seriously considered"), "verdict": N_("Verdict"),
                  "interval": N_("Share among peers (80% range)"), "chance": N_("Chance it meets the test"),
                  "firmness": N_("Settled?"), "more": N_("More pollees, if the share holds"),
                  "settle": N_("Chance they settle it"), "reason": N_("Why")}
VERDICT_HELP = {
    "interval": N_("the central 80% range of the share the deciding test reads, among all the player's peers, the "
                   "pollees taken as a sample of them (Jeffreys prior); the verdict is firm exactly when the test's "
                   "bound lies outside it"),
    "chance": N_("how likely it is that, among all the player's peers, the share the deciding test reads meets its "
                 "bound (a Bayesian chance, Jeffreys prior; the pollees a sample of the player's peers)"),
    "firmness": N_("firm: the chance is at most 10% or at least 90%; uncertain: it is between; under 5 answers: too "
                   "few yet"),
    "more": N_("how many more answers would make it firm if they were shared as these are (a projection, not a "
               "promise)"),
    "settle": N_("the chance that so many more answers, drawn as the poll so far suggests, make the verdict firm"),
}


@contextmanager
def folded(label: str, key: str, expanded: bool = False):
    """An expander whose contents are drawn only while it is open (``with folded(…) as shown:
    if shown: …``): a closed one costs the page nothing, where Streamlit would send and draw its
    contents anyway (bench/pages_in_browser.py). Opening it reruns the page; the address does not change."""
    box = st.expander(label, expanded=expanded, key=key, on_change="rerun")
    with box:
        yield bool(box.open)


def opened_tabs(labels: list[str], key: str):
    """Tabs whose ``.open`` says which one is showing, so a page draws a tab's contents (its
    charts above all) only when it is opened; the address names the open tab (?key=label)."""
    return st.tabs(labels, key=key, on_change="rerun", bind="query-params")


def table(rows, labels: dict[str, str] | None = None) -> None:
    """Rows (dicts, or a DataFrame) as a plain table: drawn with the page, where an interactive
    grid takes half a second more in the browser (bench/pages_in_browser.py). ``labels`` names the columns
    in a director's words. Every text cell is shown as typed (``inert``)."""
    import pandas as pd
    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    # st.table draws each cell as markdown: what a pollee or a director typed stays text there too
    shown = frame.map(lambda v: inert(v) if isinstance(v, str) else v)
    st.table(shown.rename(columns=labels or {}), hide_index=True)


def verdict_table(result, lang: Language) -> None:
    """A poll's verdicts under a policy (LAResult), as the tally and ruling pages show them."""
    rows = [{"call": lang.say(action_word(v.action)), "chose": v.counts.chose, "close": v.counts.close,
             "considered": v.counts.considered, "verdict": lang.say(v.verdict),
             "interval": "" if v.firm_range is None else
             f"{lang.percent(v.firm_range.low)} – {lang.percent(v.firm_range.high)}",
             "chance": lang.percent(v.p_meets), "firmness": lang.say(v.confidence or ""),
             "more": "" if v.more_pollees is None else str(v.more_pollees),
             "settle": "" if v.settle_chance is None else lang.percent(v.settle_chance), "reason": lang.say(v.reason)}
            for v in result.verdicts]
    table(rows, {k: lang._(words) for k, words in VERDICT_LABELS.items()})
    with st.expander(lang._("Why, in full")):
        for v in result.verdicts:
            plain(lang.labelled(lang.say(action_word(v.action)), lang.say(v.reason)))
        st.caption(lang.say(Listed(tuple(lang.labelled(f"**{lang._(VERDICT_LABELS[k])}**", lang._(words))
                                        for k, words in VERDICT_HELP.items()), "; "))
                   + ".")


# the case file's field names as the pages label them (the CLI and its JSON keep the exact names)
def file_upload(user: User, label: str, kinds: list[str], key: str):
    """A file uploader for a signed-in user: the server takes a file from this session only while
    its page shows one (huddle.web.uploads), so an anonymous visitor's websocket can send none."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    from huddle.web.uploads import GATE
    ctx = get_script_run_ctx()
    if ctx is not None and user is not None:
        GATE.permit(ctx.session_id, user.username, user.organisation_id)
    return st.file_uploader(label, type=kinds, key=key)


def show_error(exc, where=st, *, lang: Language) -> None:
    """A refusal next to the field, in the page's language."""
    where.error(inert(refusal_words(exc, lang)))


def table_result_read(contract: str, declarer: str | None, vulnerability: str, auction, lang: Language, key: str) -> bool:
    """What the director typed as the table result, shown as it was read ("4♥ by South, made:
    North-South +420"; German "4C=" is 4♥), and, where the auction ends in another contract or
    declarer, said with a box she ticks to keep it. True when the result may be saved (nothing
    typed, read and agreeing, or kept on purpose); a result that cannot be read is left to the
    save, which names it."""
    if not contract.strip() or declarer is None:
        return True
    try:
        typed = read_typed_contract(contract, lang)
        if typed.result is None:
            result = TableResult(bid=(typed.bid.value + typed.penalty.value, declarer))
        else:
            played = PlayedContract.read(contract, declarer, lang)
            result = TableResult(played, played.ns_score(vulnerability))
    except HuddleInputError:
        return True
    read = lang.say(result.describe())
    if result.ns_score is not None:
        read = f"{read}; " + lang.labelled(lang.side("NS"), f"{result.ns_score:+d}")
    st.caption(inert(lang.labelled(lang._("Read as"), read)))
    differs = result.differs_from(auction) if auction is not None else None
    if differs is None:
        return True
    st.warning(inert(lang.say(differs)))
    return st.checkbox(lang._("Keep this table result all the same"), key=key)


def site_address() -> str:
    """Where pollees reach this server: HUDDLE_PUBLIC_URL, or the address in this browser (its
    host and port as the director opened the page)."""
    from urllib.parse import urlsplit
    from polling import settings
    configured = settings.configured_public_url()
    if configured:
        return configured
    parts = urlsplit(st.context.url or "http://localhost:8501")
    return f"{parts.scheme}://{parts.netloc}"


def laptop_only(base: str) -> bool:
    """Is ``base`` this machine's own address because the director set it so (HUDDLE_PUBLIC_URL:
    trying Huddle on her laptop)? Then links are made, and open on this machine only."""
    from polling import settings
    return settings.is_loopback(base) and bool(settings.configured_public_url())


def unreachable(base: str, lang: Language) -> str | None:
    """Why pollees' phones cannot open links to ``base`` (this machine's own address), or None."""
    from urllib.parse import urlsplit
    from polling import settings
    if not settings.is_loopback(base):
        return None
    if laptop_only(base):
        return lang._("{address} is this machine's own address, as HUDDLE_PUBLIC_URL sets it: the links are made, and "
                      "open on this machine only. Set HUDDLE_PUBLIC_URL to the address phones use before a real "
                      "evening.").format(address=base)
    reachable = settings.public_url(urlsplit(base).port or 8501)
    return lang._("{address} is this machine's own address: pollees' phones cannot open it. Use {reachable} "
                  "(this machine on the network), or set HUDDLE_PUBLIC_URL to the address phones use.").format(
        address=base, reachable=reachable) if not settings.is_loopback(reachable) else \
        lang._("{address} is this machine's own address: pollees' phones cannot open it. Serve Huddle "
               "on the network (make run does), or set HUDDLE_PUBLIC_URL to the address phones use.").format(address=base)


def link_cards(links, lang: Language, messages=None) -> None:
    """New personal links, each with its pollee, expiry and QR code (shown once), and the
    messages to send, which say nothing of the case."""
    from polling.mail import message_text
    st.warning(lang._("Copy or show these now: each link is shown only once and works for one vote."))
    st.code("\n".join(f"{label}: {link}" for label, link, _ in links), language=None)
    if messages:
        st.caption(lang._("Messages to send (they say nothing about the case):"))
        st.code("\n\n".join(messages), language=None)
    for label, link, expires in links:
        # from the director's phone, one tap a pollee: the message ready in its mail, text or WhatsApp app
        _, body = message_text(label, link, expires, lang)
        _link_card(lang._("**{pollee}**, expires {when}").format(pollee=inert(label or lang._("pollee")),
                                                                     when=lang.moment(expires)),
                   link, lang._("A one-minute bridge problem"), body, label or lang._("this pollee"), lang)


def _link_card(heading: str, link: str, subject: str, body: str, who: str, lang: Language) -> None:
    """One link shown once: its heading (markdown, already inert), the link, the phone's apps with
    the message ready, and its QR code."""
    from reports.qr import qr_png
    with st.container(border=True):
        left, right = st.columns([3, 1])
        left.markdown(heading)
        left.code(link, language=None)
        for column, (name, address) in zip(left.columns(3), share_links(subject, body)):
            column.link_button(lang._(name), address)
        right.image(qr_png(link), caption=lang._("QR for {pollee}").format(pollee=who), width=160)


def invitation_card(invitation, link: str, lang: Language) -> None:
    """A new account's one-time link (shown once), its QR code and a message ready to send."""
    who = invitation.display_name or lang._(invitation.role)
    body = lang._("{organisation} invites you to Huddle as {role}. Open this link to choose your user name and "
                  "password; it works once, until {when}:\n{link}").format(
        organisation=invitation.organisation, role=lang._(invitation.role), when=lang.moment(invitation.expires_at),
        link=link)
    st.warning(lang._("Copy or show this now: the link is shown only once."))
    _link_card(f"**{inert(who)}**", link, lang._("Your Huddle account"), body, who, lang)


def share_links(subject: str, body: str) -> tuple[tuple[str, str], ...]:
    """The phone's own apps with a message ready to send: mail, text message, WhatsApp."""
    from urllib.parse import quote
    return ((N_("Mail"), f"mailto:?subject={quote(subject)}&body={quote(body)}"),
            (N_("Text message"), f"sms:?&body={quote(body)}"),
            (N_("WhatsApp"), f"https://wa.me/?text={quote(body)}"))


def reason_input(label: str, saved: str, key: str, draft: Message | None, lang: Language, in_form: bool = False,
                 **options) -> str:
    """A reason the director writes, with Huddle's draft beside an empty field (built from what
    the worksheet knows) to start from: never filled in without her tap, and said to be the
    draft while it is kept word for word. ``in_form``: inside an st.form, whose only callbacks
    are its submit buttons."""
    st.session_state.setdefault(key, saved)
    text = st.text_input(label, key=key, **options)
    drafted = lang.say(draft) if draft is not None else ""
    if drafted and not text.strip():
        st.caption(inert(lang._("Huddle's draft: {draft}").format(draft=drafted)))
        start = st.form_submit_button if in_form else st.button
        start(lang._("Start from Huddle's draft"), key=f"{key}_draft", on_click=_use_draft, args=(key, drafted))
    elif drafted and text.strip() == drafted:
        st.caption(lang._("This is Huddle's draft word for word: edit it to make it your reason (the ruling says "
                          "so until you do)."))
    return text


def _use_draft(key: str, drafted: str) -> None:
    st.session_state[key] = drafted
