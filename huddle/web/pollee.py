"""The pollee's page: a personal link, /p/{token}, served as HTML ready to read beside the Streamlit
app, from the same server process. No script, no websocket, no session: the problem, Q1 to Q3 as
one form, then Q4 on the same link, the thanks, every refusal in the link's language, and an
apology with a reference when the page fails.

A form posts back to its own address and is answered with a redirect (Post/Redirect/Get), so a
reload never sends an answer twice. Every post must come from this site (its Origin or Referer)
and carry the form's own token (an HMAC of the link's token with the server's key): another site
cannot post a pollee's answer. The link is checked when the page is opened and again, inside the
transaction that stores the answers, when they are sent (services.cast_vote): one ballot per link,
however many submissions race. The page shows nothing of the case, the table result, the
irregularity or other answers. A walk-through asks the player's earlier calls first, one a page,
each answer carried in the address of the next.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass, field

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route, Router

from huddle.web.html import templates
from polling.services.links import POLLEE_PREFIX

from analysis.errors import HuddleInputError
from analysis.language import APOLOGY, N_, Language, pollee_language, said
from analysis.polls.answers import MAX_COMMENT, MAX_LEVEL
from analysis.polls.kinds import CALL
from analysis.polls.problem import PollProblem

log = logging.getLogger("huddle.pages")

MAX_FORM_BYTES = 32 * 1024          # a pollee's answers: a few hundred bytes; a comment of 2,000 characters
# the token is in the address: it is never sent to another site (a same-origin Referer only, which a
# browser's form post needs for its Origin), and the page is never kept
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Content-Type-Options": "nosniff",
           # nothing is loaded from anywhere, no script runs, and the forms post to this site only
           "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
                                      "frame-ancestors 'self'; base-uri 'none'"}

# what a pollee reads for each field a refusal names
FIELD_WORDS = {"call": N_("Question 1"), "considered": N_("Question 2"), "how close": N_("Question 3"),
               "suggested": N_("The last question"), "comment": N_("Comment"), "level": N_("Your level")}


# ---------------------------------------------------------------- what the page shows


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    checked: bool = False
    closeness: int = 0              # Q3: how often the pollee would pick it instead, in percent


@dataclass(frozen=True)
class ProblemView:
    """The problem as a pollee reads it, in the pollee's language: the heading, the director's
    introduction, the seat and scoring, the methods, the hand, the auction and, in the play, dummy
    and the tricks so far (also the director's preview)."""

    title: str
    wording: str
    seat_line: str
    methods: str
    hand: Markup
    auction: Markup
    dummy_label: str = ""
    dummy: Markup = Markup("")
    tricks: Markup = Markup("")
    to_play: str = ""


@dataclass(frozen=True)
class AnswerForm:
    """Q1 to Q3 as the page draws them, with what was sent kept after a refusal."""

    question: str
    choices: list[Choice]
    write_in: bool
    another: str
    other_calls: list[Choice]
    choose_the_call: str
    considered_question: str
    considered: list[Choice]
    closeness: str
    more_question: str
    more: list[Choice]
    comment_label: str
    comment: str
    max_comment: int
    level_label: str
    level: str
    max_level: int
    submit: str


@dataclass(frozen=True)
class WalkTurn:
    """A walk-through's turn: its caption, the question, its choices and the answers so far."""

    caption: str
    question: str
    name: str
    choices: list[Choice]
    next: str
    path: dict[str, str]


@dataclass(frozen=True)
class Q4Form:
    """Q4, asked once Q1 to Q3 are kept: which calls the UI made more attractive."""

    question: str
    heading: str
    label: str
    choices: list[Choice]
    none: str
    send: str
    action: str
    recorded: str


@dataclass(frozen=True)
class Page:
    """Everything one page draws; the template lays it out and makes no decision."""

    lang: Language
    title: str
    problem: ProblemView | None = None
    step: WalkTurn | None = None                # a walk-through turn
    form: AnswerForm | None = None              # Q1 to Q3
    q4: Q4Form | None = None
    message: str = ""                           # the thanks, a refusal, the apology
    error: str = ""                             # a refusal of what was sent, beside the form
    kind: str = "info"                          # "info", "success" or "error", for the message
    hidden: dict = field(default_factory=dict)  # the form's token and the walk-through's answers


def problem_view(problem: PollProblem, lang: Language, step: int | None = None) -> ProblemView:
    from reports.diagram import auction_html, single_hand_html, tricks_html
    scoring = lang.scoring(problem.scoring)
    auction = problem.step_auction(step) if step is not None else problem.auction
    view = ProblemView(
        title=lang._((CALL if step is not None else problem.poll_kind).title), wording=problem.wording,
        seat_line=lang._("You are {seat}. Scoring: {scoring}.").format(seat=lang.seat(problem.seat), scoring=scoring),
        methods=lang._("Your methods: {methods}").format(methods=problem.methods) if problem.methods else "",
        hand=Markup(single_hand_html(problem.seat, problem.hand, problem.dealer, problem.vulnerability, lang,
                                     include_css=False)),
        auction=Markup(auction_html(auction, include_css=False, question_mark=step is not None or not problem.is_play,
                                    lang=lang)))
    if step is not None or not problem.is_play:
        return view
    return ProblemView(
        **{**view.__dict__, "dummy_label": lang._("Dummy") if problem.dummy else "",
           "dummy": Markup(single_hand_html(problem.dummy_seat, problem.dummy, problem.dealer, problem.vulnerability,
                                            lang, include_css=False)) if problem.dummy else Markup(""),
           "tricks": Markup(tricks_html(problem.tricks, problem.contract_in(lang), lang=lang)),
           "to_play": lang._("You play the next card from dummy ({seat}).").format(seat=lang.seat(problem.to_play))
           if problem.to_play and problem.to_play != problem.seat else ""})


def answer_form(problem: PollProblem, lang: Language, sent: dict | None = None) -> AnswerForm:
    """Q1 to Q3 with what was sent kept (after a refusal): nothing is chosen in advance."""
    sent = sent or {}
    kind = problem.poll_kind
    chosen, considered = sent.get("call", ""), set(sent.get("considered", ()))
    legal = problem.answers()
    others = [c for c in legal if c not in problem.candidates]
    return AnswerForm(
        question=lang._(kind.question),
        choices=[Choice(c, problem.symbol(c, lang), c == chosen) for c in problem.candidates],
        write_in=kind.write_in,
        another=lang._("Another call"),
        other_calls=[Choice(c, lang.call(c), c == sent.get("other")) for c in others] if kind.write_in else [],
        choose_the_call=lang._("Choose the call"),
        considered_question=lang._("2. What else did you seriously consider? (none is an answer too)"),
        considered=[Choice(c, problem.symbol(c, lang), c in considered, sent.get("close", {}).get(c, 0))
                    for c in problem.candidates],
        closeness=lang._(kind.closeness),
        more_question=lang._("Other calls you seriously considered (optional)") if kind.write_in else "",
        more=[Choice(c, lang.call(c), c in considered) for c in others] if kind.write_in else [],
        comment_label=lang._("Comment (optional)"), comment=sent.get("comment", ""), max_comment=MAX_COMMENT,
        level_label=lang._("Your level (e.g. club, county, national)"), level=sent.get("level", ""),
        max_level=MAX_LEVEL, submit=lang._("Submit my answer"))


def refusal(exc: HuddleInputError, lang: Language) -> str:
    """A refusal in plain words and the pollee's language: no field names in code form."""
    problem = said(exc, lang)
    where = FIELD_WORDS.get(exc.field)
    return lang._("{field}: {problem}.").format(field=lang._(where), problem=problem) if where else \
        f"{problem[:1].upper()}{problem[1:]}."


# ---------------------------------------------------------------- drawing


def _suits(lang: Language) -> dict:
    """What the template draws a call with: its suits in colour, named for a screen reader
    (``drawn``), and said in words for an aria-label (``spoken``)."""
    from reports.diagram import drawn, spoken
    return {"drawn": lambda text: drawn(text, lang), "spoken": lambda text: spoken(text, lang)}


def render(page: Page, status: int = 200) -> HTMLResponse:
    from reports.diagram import CSS
    html = templates().get_template("pollee.html").render(page=page, diagram_css=Markup(CSS), **_suits(page.lang))
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def preview_html(problem: PollProblem, lang: Language) -> str:
    """The page a pollee will open, as the director's preview shows it inside the poll builder:
    the same template's body, with the form drawn and nothing to send."""
    from reports.diagram import CSS
    page = Page(lang, lang._(problem.poll_kind.title), problem_view(problem, lang), form=answer_form(problem, lang))
    return templates().get_template("pollee_body.html").render(page=page, diagram_css=Markup(CSS), preview=True,
                                                                **_suits(lang))


# ---------------------------------------------------------------- the routes


def form_token(token: str) -> str:
    """The token a page's form carries: another site, which cannot read the page, cannot make it."""
    from polling import settings
    return hmac.new(settings.secret_key(), b"pollee-form:" + token.encode(), hashlib.sha256).hexdigest()[:32]


def _language(request: Request, chosen: tuple) -> Language:
    """The link's page's language by the one rule (analysis.language.pollee_language): the member's,
    the poll's, the club's, else the browser's."""
    return pollee_language(*chosen, browser=request.headers.get("accept-language"))


def _walk_path(query, problem: PollProblem) -> dict[int, str]:
    """A walk-through's answers so far, carried in the address (w3=P&w5=1S)."""
    path = {}
    for step in problem.steps:
        value = query.get(f"w{step}")
        if value:
            path[step] = str(value)[:8]
    return path


def _opened_page(request: Request, token: str, sent: dict | None = None, refused: HuddleInputError | None = None,
                 status: int = 200) -> Response:
    """The page a link opens: a refusal, Q4 still to answer, a walk-through's next turn, or Q1 to Q3."""
    from polling import services
    opened = services.open_link(token)
    lang = _language(request, opened.language)
    if isinstance(opened, services.UnusableLink):
        if opened.state is services.LinkState.USED and request.query_params.get("sent"):
            return render(Page(lang, lang._("Thank you"), message=lang._("Thank you: your answer is recorded."),
                               kind="success"))
        return render(Page(lang, "Huddle", message=refusal(opened.refusal, lang), kind="error"),
                      404 if opened.state is services.LinkState.NOT_VALID else 410)
    error = refusal(refused, lang) if refused is not None else ""      # what was sent, refused in the link's language
    hidden = {"form": form_token(token)}
    if isinstance(opened, services.PendingQ4):
        problem = opened.problem
        q4 = Q4Form(question=problem.q4_text(lang) if problem else opened.question,
                    heading=lang._("One more question"), label=lang._("Made more attractive"),
                    choices=[Choice(c, problem.symbol(c, lang) if problem else lang.call(c),
                                    c in (sent or {}).get("picks", ())) for c in opened.legal],
                    none=lang._("None of them"), send=lang._("Send"), action=pollee_path("pollee_q4", token),
                    recorded=lang._("Your answers to the first questions are recorded."))
        return render(Page(lang, q4.heading, problem_view(problem, lang) if problem else None, q4=q4, error=error,
                           hidden=hidden), status)
    problem = services.problem_of(opened.poll)
    path = _walk_path(request.query_params, problem) if sent is None else sent.get("path", {})
    pending = [s for s in problem.steps if s not in path]
    if pending:
        step = pending[0]
        turn = WalkTurn(caption=lang._("Turn {turn} of {turns}: the auction so far. Answer each turn as you would at "
                                       "the table; the auction then goes on as it did at the table.").format(
                            turn=problem.steps.index(step) + 1, turns=len(problem.steps) + 1),
                        question=lang._("What do you call?"), name=f"w{step}",
                        choices=[Choice(c, lang.call(c)) for c in problem.step_auction(step).legal_calls()],
                        next=lang._("Next"), path={f"w{s}": c for s, c in path.items()})
        return render(Page(lang, lang._(CALL.title), problem_view(problem, lang, step), step=turn), status)
    hidden.update({f"w{s}": c for s, c in path.items()})
    return render(Page(lang, lang._(problem.poll_kind.title), problem_view(problem, lang),
                       form=answer_form(problem, lang, sent), error=error, hidden=hidden), status)


def _sent(form) -> dict:
    """The answers as the form sent them: Q1 (a choice, or another call), Q2, Q3, the comment, the
    level and a walk-through's earlier calls."""
    call = str(form.get("call") or "")
    considered = [str(c)[:8] for c in form.getlist("considered")][:60]
    close = {}
    for c in considered:
        value = str(form.get(f"close_{c}") or "").strip()
        if value.isdecimal() and int(value) <= 100:
            close[c] = int(value)
    path = {}
    for key in form.keys():
        if key.startswith("w") and key[1:].isdecimal() and len(key) < 6:
            path[int(key[1:])] = str(form.get(key))[:8]
    return {"call": call[:8], "other": str(form.get("other") or "")[:8], "considered": considered, "close": close,
            "comment": str(form.get("comment") or "")[:MAX_COMMENT + 1],
            "level": str(form.get("level") or "")[:MAX_LEVEL + 1], "path": path}


async def _form(request: Request):
    """The posted form, read only when it is small enough to be a pollee's answers."""
    from huddle.web.guards import small_form
    return await small_form(request, MAX_FORM_BYTES, most_fields=200)


def _checked(request: Request, form, token: str) -> Response | None:
    """A post from another site, or without the page's own form token, is refused."""
    from huddle.web.guards import from_this_site
    if not from_this_site(request) or form is None or \
            not hmac.compare_digest(str(form.get("form") or ""), form_token(token)):
        return PlainTextResponse("Refused: this form can be sent from the page of its own link only, as the page "
                                 "sends it.", status_code=403, headers=HEADERS)
    return None


def _apology(request: Request, token: str, failure: BaseException) -> HTMLResponse:
    """A page that fails says so in words and the link's language, with a reference the log keeps."""
    reference = secrets.token_hex(4).upper()
    log.error("pollee page failed; reference %s", reference, exc_info=failure)
    try:
        code = _link_language(token)
    except Exception:              # noqa: BLE001 (the apology must be drawn whatever failed)
        code = None
    lang = _language(request, code)
    text = lang._(APOLOGY).format(reference=reference).replace("**", "")
    return render(Page(lang, "Huddle", message=text, kind="error"), 500)


def _guarded(handler):
    async def endpoint(request: Request) -> Response:
        from polling import setup
        token = str(request.path_params.get("token", ""))[:64]
        try:
            await run_in_threadpool(setup.ready)
            return await handler(request, token)
        except Exception as failure:          # noqa: BLE001 (never a traceback in front of a pollee)
            return await run_in_threadpool(_apology, request, token, failure)
    return endpoint


async def show(request: Request, token: str) -> Response:
    return await run_in_threadpool(_opened_page, request, token)


async def answer(request: Request, token: str) -> Response:
    form = await _form(request)
    refused = _checked(request, form, token)
    if refused is not None:
        return refused
    return await run_in_threadpool(_answer, request, token, _sent(form))


def _answer(request: Request, token: str, sent: dict) -> Response:
    from polling import services
    call = sent["other"] if sent["call"] == "other" else sent["call"]
    try:
        if not call:
            raise HuddleInputError("call", N_("choose your call from the list of other calls")
                                   if sent["call"] == "other" else N_("choose your call"))
        considered = [c for c in sent["considered"] if c != call]
        shares = {c: f"{v}/100" for c, v in sent["close"].items() if v and c in considered}
        services.cast_vote(token, call, considered, shares, sent["comment"], sent["level"], path=sent["path"])
    except HuddleInputError as exc:
        if exc.field == "token":                   # the link itself: the page as it now opens says why
            return _opened_page(request, token)
        return _opened_page(request, token, sent, exc, 400)
    return RedirectResponse(pollee_path("pollee", token) + "?sent=1", status_code=303, headers=HEADERS)


async def answer_q4(request: Request, token: str) -> Response:
    form = await _form(request)
    refused = _checked(request, form, token)
    if refused is not None:
        return refused
    picks = [str(c)[:8] for c in form.getlist("suggested")][:60]
    return await run_in_threadpool(_answer_q4, request, token, picks, bool(form.get("none")))


def _answer_q4(request: Request, token: str, picks: list[str], none: bool) -> Response:
    from polling import services
    opened = services.open_link(token)
    if not isinstance(opened, services.PendingQ4):
        return _opened_page(request, token)
    try:
        services.record_suggestion(opened.ballot_id, picks, none=none)
    except HuddleInputError as exc:
        if exc.field == "token":
            return _opened_page(request, token)
        return _opened_page(request, token, {"picks": picks}, exc, 400)
    return RedirectResponse(pollee_path("pollee", token) + "?sent=1", status_code=303, headers=HEADERS)


def _link_language(token: str) -> tuple:
    from polling import services
    return services.open_link(token).language


ROUTES = [Route(POLLEE_PREFIX + "{token}", _guarded(show), methods=["GET"], name="pollee"),
          Route(POLLEE_PREFIX + "{token}", _guarded(answer), methods=["POST"], name="pollee_answer"),
          Route(POLLEE_PREFIX + "{token}/q4", _guarded(answer_q4), methods=["POST"], name="pollee_q4")]
_ROUTER = Router(routes=ROUTES)


def pollee_path(name: str, token: str) -> str:
    """The address of one of the pollee's page's routes (by its name) for a link's token."""
    return str(_ROUTER.url_path_for(name, token=token))


__all__ = ["ROUTES", "POLLEE_PREFIX", "problem_view", "answer_form", "AnswerForm", "WalkTurn", "Q4Form",
           "preview_html", "form_token", "render", "Page",
           "ProblemView", "Choice", "FIELD_WORDS", "refusal"]
