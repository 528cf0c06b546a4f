"""The pollee's page, reached by a personal link /?token=…: one problem (a call, the opening lead or
a card in the play), Q1–Q3, then Q4; a walk-through asks the player's earlier calls first.

It shows nothing of the case, the table result, the irregularity or other answers. No answer is
set in advance. Q1–Q3 are kept as soon as they are sent; a pollee who closes the phone before Q4
answers it later by opening the same link.
"""
import streamlit as st

from analysis.bridge import call_symbol
from analysis.errors import HuddleInputError
from analysis.law.logical_alternatives import action_name
from polling import services
from ui.state import database
from ui.widgets import inert, show_problem
from analysis.polls.answers import MAX_COMMENT, MAX_LEVEL

# what a pollee reads for each field a refusal names
FIELD_WORDS = {"call": "Question 1", "considered": "Question 2", "how close": "Question 3",
               "suggested": "The last question", "comment": "Comment", "level": "Your level"}


def say(exc: HuddleInputError) -> None:
    """A refusal in plain words: no field names in code form."""
    problem = exc.problem[0].upper() + exc.problem[1:]
    where = FIELD_WORDS.get(exc.field)
    st.error(inert(f"{where}: {exc.problem}." if where else f"{problem}."))


def q4_form(done: dict) -> None:
    """Q4, asked once Q1–Q3 are stored, with the hand and auction above it again; the choices are
    the poll's own and what the pollee chose or considered. Sent, it gives way to the thanks."""
    area = st.empty()
    with area.container():
        if done.get("problem") is not None:
            show_problem(done["problem"])
        st.subheader("One more question")
        st.write(inert(done["q4"]))
        picks = st.multiselect("Made more attractive", list(done["legal"]),
                               format_func=action_name, key="q4_calls", select_all=False,
                               placeholder="Choose the calls")
        none = st.checkbox("None of them", key="q4_none")
        sent = st.button("Send", key="q4_send", type="primary")
    if not sent:
        st.stop()
    try:
        services.record_suggestion(done["id"], picks, none=none)
    except HuddleInputError as exc:
        say(exc)
        st.stop()
    st.session_state["voted_ballot"] = {**done, "q4_done": True}
    area.empty()


def send(token: str, poll, legal) -> None:
    """The submit button's callback, run before the page is drawn again: the answers, as the
    widgets hold them, are stored, and the run that follows shows only the thanks (or Q4)."""
    state = st.session_state
    pick = state.get("q1")
    call = state.get("q1_other") if pick == "other" else pick
    if call is None:
        state["vote_refused"] = HuddleInputError(
            "call", "choose your call" + (" from the list of other calls" if pick == "other" else ""))
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
                             "q4": services.q4_question(poll) if poll.q4_enabled else None}


def walked(token: str) -> dict:
    """A walk-through's answers so far, for this link."""
    walk = st.session_state.setdefault("walk", {"token": token, "path": {}})
    if walk["token"] != token:
        walk.update(token=token, path={})
    return walk["path"]


def answer_step(token: str, step: int) -> None:
    if st.session_state.get(f"walk_{step}") is not None:
        walked(token)[step] = st.session_state[f"walk_{step}"]


def walk_through(token: str, problem) -> None:
    """The player's earlier turns, one at a time, each from the auction as it stood at the table."""
    path = walked(token)
    pending = [s for s in problem.steps if s not in path]
    if not pending:
        return
    step = pending[0]
    st.caption(f"Turn {problem.steps.index(step) + 1} of {len(problem.steps) + 1}: the auction so far. "
               "Answer each turn as you would at the table; the auction then goes on as it did at the table.")
    show_problem(problem, step)
    legal = problem.step_auction(step).legal_calls()
    st.selectbox("What do you call?", legal, index=None, format_func=call_symbol, key=f"walk_{step}",
                 placeholder="Choose your call")
    st.button("Next", type="primary", key=f"walk_next_{step}", on_click=answer_step, args=(token, step))
    st.stop()


def thank(done: dict) -> None:
    """After the answers are stored: Q4 while the poll asks it and it is open, then the thanks."""
    if done.get("q4") and not done.get("q4_done"):
        q4_form(done)
    st.success("Thank you: your answer is recorded.")
    st.stop()


database()
token = st.query_params.get("token", "")
done = st.session_state.get("voted_ballot")

if done:
    thank(done)

# The link is checked when it is opened and again when the answers are sent (cast_vote); the
# clicks in between redraw the problem kept from the opening, without asking the database.
if st.session_state.get("opened_link", (None,))[0] != token:
    try:
        opened = services.open_link(token)
    except HuddleInputError as exc:
        say(exc)
        st.stop()
    if isinstance(opened, services.PendingQ4):    # Q1–Q3 were sent earlier from this link; Q4 is still open
        st.info("Your answers to the first questions are recorded.")
        thank({"id": opened.ballot_id, "q4": opened.question, "legal": opened.legal, "problem": opened.problem})
    problem = services.problem_of(opened[0])
    st.session_state["opened_link"] = (token, opened[0], problem, problem.answers())
_token, poll, problem, legal = st.session_state["opened_link"]

walk_through(token, problem)
show_problem(problem)

what = problem.poll_kind.verb
options = list(problem.candidates) + (["other"] if problem.poll_kind.write_in else [])
pick = st.radio(f"1. What do you {what}?", options, key="q1", index=None,
                format_func=lambda c: "Another call" if c == "other" else problem.symbol(c))
other = (st.selectbox("Another call", legal, format_func=call_symbol, key="q1_other", index=None,
                      placeholder="Choose the call")
         if pick == "other" else None)
call = other if pick == "other" else pick
offered = [c for c in problem.candidates if c != call]
considered = st.pills("2. What else did you seriously consider? (none is an answer too)", offered,
                      selection_mode="multi", format_func=problem.symbol, key="q2") or []
more = [] if not problem.poll_kind.write_in else st.multiselect(
    "Other calls you seriously considered (optional)", [c for c in legal if c not in problem.candidates and c != call],
    format_func=call_symbol, key="q2_more", select_all=False, placeholder="Only if you considered a call not shown above")
if considered or more:
    st.caption(f"3. How close was it? For each {what} you considered, how often would you pick it "
               "instead (optional).")
for c in [*considered, *more]:
    st.slider(problem.symbol(c), 0, 100, 0, 5, key=f"q3_{c}", format="%d%%")
st.text_area("Comment (optional)", max_chars=MAX_COMMENT, key="comment")
st.text_input("Your level (e.g. club, county, national)", max_chars=MAX_LEVEL, key="level")
st.button("Submit my answer", type="primary", key="submit", on_click=send, args=(token, poll, legal))
refused = st.session_state.pop("vote_refused", None)
if refused is not None:
    say(refused)
