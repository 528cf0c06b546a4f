"""The pollee's page, reached by a personal link /?token=…: one problem (a call, the opening lead or
a card in the play), Q1–Q3, then Q4; a walk-through asks the player's earlier calls first.

It shows nothing of the case, the table result, the irregularity or other answers. No answer is
set in advance. Q1–Q3 are kept as soon as they are sent; a pollee who closes the phone before Q4
answers it later by opening the same link.
"""
import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import N_, Language, chosen_language, said
from polling import services
from ui.state import database, pollee_language
from ui.widgets import inert, show_problem
from analysis.polls.answers import MAX_COMMENT, MAX_LEVEL

# what a pollee reads for each field a refusal names
FIELD_WORDS = {"call": N_("Question 1"), "considered": N_("Question 2"), "how close": N_("Question 3"),
               "suggested": N_("The last question"), "comment": N_("Comment"), "level": N_("Your level")}


def say(exc: HuddleInputError, lang: Language) -> None:
    """A refusal in plain words and the pollee's language: no field names in code form."""
    problem = said(exc, lang)
    where = FIELD_WORDS.get(exc.field)
    st.error(inert(lang._("{field}: {problem}.").format(field=lang._(where), problem=problem) if where
                   else f"{problem[:1].upper()}{problem[1:]}."))


def q4_form(done: dict, lang: Language) -> None:
    """Q4, asked once Q1–Q3 are stored, with the hand and auction above it again; the choices are
    the poll's own and what the pollee chose or considered. Sent, it gives way to the thanks."""
    area = st.empty()
    problem = done.get("problem")
    with area.container():
        if problem is not None:
            show_problem(problem, lang=lang)
        st.subheader(lang._("One more question"))
        st.write(inert(done["q4"]))
        picks = st.multiselect(lang._("Made more attractive"), list(done["legal"]),
                               format_func=lambda a: problem.symbol(a, lang) if problem else lang.call(a),
                               key="q4_calls", select_all=False, placeholder=lang._("Choose the calls"))
        none = st.checkbox(lang._("None of them"), key="q4_none")
        sent = st.button(lang._("Send"), key="q4_send", type="primary")
    if not sent:
        st.stop()
    try:
        services.record_suggestion(done["id"], picks, none=none)
    except HuddleInputError as exc:
        say(exc, lang)
        st.stop()
    st.session_state["voted_ballot"] = {**done, "q4_done": True}
    area.empty()


def send(token: str, poll, legal, lang: Language) -> None:
    """The submit button's callback, run before the page is drawn again: the answers, as the
    widgets hold them, are stored, and the run that follows shows only the thanks (or Q4)."""
    state = st.session_state
    pick = state.get("q1")
    call = state.get("q1_other") if pick == "other" else pick
    if call is None:
        state["vote_refused"] = HuddleInputError(
            "call", N_("choose your call from the list of other calls") if pick == "other" else N_("choose your call"))
        return
    considered = [c for c in [*(state.get("q2") or []), *(state.get("q2_more") or [])] if c != call]
    shares = {c: f"{state[f'q3_{c}']}/100" for c in considered if state.get(f"q3_{c}")}
    try:
        ballot = services.cast_vote(token, call, considered, shares, state.get("comment", ""), state.get("level", ""),
                                    path=walked(token))
    except HuddleInputError as exc:
        state["vote_refused"] = exc
        return
    problem = state["opened_link"][2]
    state["voted_ballot"] = {"id": ballot.id, "legal": problem.q4_choices([call, *considered]), "problem": problem,
                             "language": lang.code,
                             "q4": services.q4_question(poll, lang) if poll.q4_enabled else None}


def walked(token: str) -> dict:
    """A walk-through's answers so far, for this link."""
    walk = st.session_state.setdefault("walk", {"token": token, "path": {}})
    if walk["token"] != token:
        walk.update(token=token, path={})
    return walk["path"]


def answer_step(token: str, step: int) -> None:
    if st.session_state.get(f"walk_{step}") is not None:
        walked(token)[step] = st.session_state[f"walk_{step}"]


def walk_through(token: str, problem, lang: Language) -> None:
    """The player's earlier turns, one at a time, each from the auction as it stood at the table."""
    path = walked(token)
    pending = [s for s in problem.steps if s not in path]
    if not pending:
        return
    step = pending[0]
    st.caption(lang._("Turn {turn} of {turns}: the auction so far. Answer each turn as you would at the table; "
                      "the auction then goes on as it did at the table.").format(
        turn=problem.steps.index(step) + 1, turns=len(problem.steps) + 1))
    show_problem(problem, step, lang)
    legal = problem.step_auction(step).legal_calls()
    st.selectbox(lang._("What do you call?"), legal, index=None, format_func=lang.call, key=f"walk_{step}",
                 placeholder=lang._("Choose your call"))
    st.button(lang._("Next"), type="primary", key=f"walk_next_{step}", on_click=answer_step, args=(token, step))
    st.stop()


def thank(done: dict, lang: Language) -> None:
    """After the answers are stored: Q4 while the poll asks it and it is open, then the thanks."""
    if done.get("q4") and not done.get("q4_done"):
        q4_form(done, lang)
    st.success(lang._("Thank you: your answer is recorded."))
    st.stop()


database()
token = st.query_params.get("token", "")
done = st.session_state.get("voted_ballot")

if done:
    thank(done, pollee_language(done.get("language")))

# The link is checked when it is opened and again when the answers are sent (cast_vote); the
# clicks in between redraw the problem kept from the opening, without asking the database.
if st.session_state.get("opened_link", (None,))[0] != token:
    try:
        opened = services.open_link(token)
    except HuddleInputError as exc:
        say(exc, pollee_language(getattr(exc, "language", None)))
        st.stop()
    lang = pollee_language(opened.language)
    if isinstance(opened, services.PendingQ4):    # Q1–Q3 were sent earlier from this link; Q4 is still open
        st.info(lang._("Your answers to the first questions are recorded."))
        thank({"id": opened.ballot_id, "q4": opened.problem.q4_text(lang) if opened.problem else opened.question,
               "legal": opened.legal, "problem": opened.problem, "language": lang.code}, lang)
    problem = services.problem_of(opened.poll)
    st.session_state["opened_link"] = (token, opened.poll, problem, problem.answers(), lang.code)
_token, poll, problem, legal, code = st.session_state["opened_link"]
lang = chosen_language(code)

walk_through(token, problem, lang)
show_problem(problem, lang=lang)

kind = problem.poll_kind
options = list(problem.candidates) + (["other"] if kind.write_in else [])
pick = st.radio(lang._(kind.question), options, key="q1", index=None,
                format_func=lambda c: lang._("Another call") if c == "other" else problem.symbol(c, lang))
other = (st.selectbox(lang._("Another call"), legal, format_func=lang.call, key="q1_other", index=None,
                      placeholder=lang._("Choose the call"))
         if pick == "other" else None)
call = other if pick == "other" else pick
offered = [c for c in problem.candidates if c != call]
considered = st.pills(lang._("2. What else did you seriously consider? (none is an answer too)"), offered,
                      selection_mode="multi", format_func=lambda c: problem.symbol(c, lang), key="q2") or []
more = [] if not kind.write_in else st.multiselect(
    lang._("Other calls you seriously considered (optional)"),
    [c for c in legal if c not in problem.candidates and c != call], format_func=lang.call, key="q2_more",
    select_all=False, placeholder=lang._("Only if you considered a call not shown above"))
if considered or more:
    st.caption(lang._(kind.closeness))
for c in [*considered, *more]:
    st.slider(problem.symbol(c, lang), 0, 100, 0, 5, key=f"q3_{c}", format="%d%%")
st.text_area(lang._("Comment (optional)"), max_chars=MAX_COMMENT, key="comment")
st.text_input(lang._("Your level (e.g. club, county, national)"), max_chars=MAX_LEVEL, key="level")
st.button(lang._("Submit my answer"), type="primary", key="submit", on_click=send, args=(token, poll, legal, lang))
refused = st.session_state.pop("vote_refused", None)
if refused is not None:
    say(refused, lang)
