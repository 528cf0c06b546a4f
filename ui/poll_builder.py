"""Poll builder: what to poll (the action in question, another call, the opening lead or a card
in the play), the director's wording, the partnership's methods, the choices offered, a
walk-through from an earlier call; a live wording check and a preview of exactly what a pollee
will see. Creating the poll stores it as a draft; the wording freezes when the first link is issued."""
import streamlit as st

from analysis.law.questions.logical_alternatives import action_word

from analysis.errors import HuddleInputError
from analysis.bridge.play import position_index, position_name
from analysis.language import N_, language as language_of, shipped_languages
from polling import cases, organisations, panel, services
from analysis.polls.kinds import POLL_KINDS
from analysis.polls.problem import build_poll, q4_prompt, sensible_alternatives
from analysis.polls.wording import poll_wording_problems, reads
from ui.auth import require
from huddle.web.pollee import preview_html
from ui.state import page_language
from ui.widgets import choose_poll, done, inert, pick_case, poll_numbers, show_error

user = require("director")
lang = page_language(user)          # the page's language: the club's, or the account's own (the poll's is poll_lang)
st.title(lang._("Poll builder"))
case_id = pick_case(user, lang=lang)
case = cases.get_case(case_id).case
calls = case.board.auction.calls

DECISIONS = {"question": N_("the action in question"), **{k.name: k.builder_label for k in POLL_KINDS.values()}}
kinds = [k for k in DECISIONS if k != "question" or case.decision_kind is not None]
kind = st.radio(lang._("Poll"), kinds, format_func=lambda k: lang._(DECISIONS[k]), key=f"pb_kind_{case_id}",
                horizontal=True)
decision_index = play_index = None
if kind == "question":
    # one poll per action in question: which one, when the case has several
    number = st.selectbox(lang._("Action in question"), list(range(len(case.actions))), key=f"pb_action_{case_id}",
                          format_func=lambda n: lang._("Action {number} in question: {action} by {seat}").format(
                              number=n + 1, action=lang.say(action_word(case.path(n).action_in_question())),
                              seat=lang.seat(case.path(n).action_seat or ""))) if len(case.actions) > 1 else 0
    chosen = case.actions[number] if case.actions else None
    decision_index = chosen.call_index if chosen is not None else case.action_index
    play_index = chosen.card_index if chosen is not None else case.play_index
elif kind == "call":
    decision_index = st.number_input(lang._("Call number (1 is the dealer's first call)"), 1, max(len(calls), 1),
                                     key=f"pb_call_{case_id}") - 1
elif kind == "lead":
    play_index = 0
else:
    cols = st.columns(2)
    trick = cols[0].number_input(lang._("Trick"), 1, 13, key=f"pb_trick_{case_id}")
    card = cols[1].number_input(lang._("Card of the trick"), 1, 4, key=f"pb_card_{case_id}")
    try:
        play_index = position_index(int(trick), int(card))
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        st.stop()

if play_index is not None:
    shown = (lang._("at the table {card}").format(card=lang.choice(case.play[play_index]))
             if play_index < len(case.play) else lang._("not in the play recorded: record the play in the case editor"))
    st.caption(lang._("The decision: {position} ({shown}).").format(position=lang.say(position_name(play_index)),
                                                                    shown=shown))
elif decision_index is not None and decision_index < len(calls):
    st.caption(lang._("The decision: {seat}'s call, call {number} of the auction (at the table {call}). The poll "
                      "shows the auction before it.").format(
        seat=lang.seat(case.board.auction.seat_of(decision_index)), number=decision_index + 1,
        call=lang.call(calls[decision_index].call)))
else:
    st.error(lang._("The case does not say which call or card is in question: set it in the case editor, or choose "
                    "another decision above."))
    st.stop()

WORDING_EXAMPLE = N_("Matchpoints. What do you call, and what else would you consider?")
METHODS_EXAMPLE = N_("Standard American, 15-17 1NT, weak twos; fourth-best leads")
club_language = organisations.get_organisation(user.organisation_id).language
codes = shipped_languages()
language = st.selectbox(lang._("The poll's language (what pollees read; a panel member with a language of their own "
                               "reads theirs)"), codes, index=codes.index(club_language) if club_language in codes else 0,
                        format_func=lambda c: language_of(c).name, key=f"pb_language_{case_id}",
                        help=lang._("The introduction and the methods are shown as you write them: write them in this "
                                    "language. The wording check reads this language."))
poll_lang = language_of(language)
elsewhere = [m for m in panel.panel(organisation_id=user.organisation_id)     # members who read another language
             if not m.retired and m.language and m.language != language and m.language in codes]
if elsewhere:
    others = sorted({m.language for m in elsewhere})
    st.warning(lang._("{count} of the panel's members read their links in {languages}: the questions, the calls "
                      "and the buttons are said in their language, but the introduction and the methods are shown "
                      "as you write them, in {language}. Add a line in their language, or poll them in a poll of "
                      "their own.").format(count=len(elsewhere), language=poll_lang.name,
                                           languages=", ".join(language_of(c).name for c in others)))
if not reads(language):
    st.caption(lang._("The wording check has no words of {language}: it checks the English words only.").format(
        language=poll_lang.name))

# the examples in the poll's language: a French poll's director writes French
wording = st.text_area(lang._("Introduction for pollees"), key="pb_wording", max_chars=2000,
                       placeholder=poll_lang._(WORDING_EXAMPLE))
methods = st.text_area(lang._("The partnership's methods"), key="pb_methods", max_chars=2000,
                       placeholder=poll_lang._(METHODS_EXAMPLE))
alternatives, group_low = [], True
if play_index is None:
    legal_now = case.board.auction.up_to(decision_index).legal_calls()
    table_call = calls[decision_index].call
    # starts from the sensible calls (Pass and the director's listed ones), never the table action alone
    alternatives = st.multiselect(lang._("Calls to offer besides the table action (pollees may write in any "
                                         "legal call)"), [c for c in legal_now if c != table_call],
                                  default=list(sensible_alternatives(case, decision_index)), format_func=lang.call,
                                  key=f"pb_alternatives_{case_id}" + ("" if kind == "question" else f"_{decision_index}"))
else:
    group_low = st.checkbox(lang._("Offer the cards below the ten of each suit as one choice (\"a low ♠\")"), True,
                            key="pb_low", help=lang._("Touching cards are always one choice. Leave this off when the "
                                                      "spot card played matters (a signal, a count card)."))
walk = st.checkbox(lang._("Walk the pollee through the auction, asking each of the player's calls first"), key="pb_walk",
                   help=lang._("A pollee who would have called differently earlier is not a peer: the tally shows "
                               "who stayed on the table's path and leaves out, with the reason, those who did not."))
walk_from = None
if walk:
    last = len(calls) if play_index is not None else decision_index
    walk_from = st.number_input(lang._("Start at call number"), 1, max(last, 1), 1, key="pb_walk_from") - 1
try:
    q4_text, q4_reason = q4_prompt(case, decision_index, play_index).text(poll_lang), ""
except HuddleInputError as exc:
    q4_text, q4_reason = "", lang.say(exc.problem_message)
q4 = st.checkbox(lang._("After the answers are locked, ask what the unauthorized information suggests (Q4)"),
                 key="pb_q4", disabled=not q4_text, help=q4_text or q4_reason)
if q4 and q4_text:
    st.caption(inert(lang.labelled(lang._("Q4 will read"), q4_text)))

BOXES = {"wording": N_("The introduction"), "methods": N_("The methods")}
flagged = False
for name, text in (("wording", wording), ("methods", methods)):
    for problem in poll_wording_problems(text, case, name, language=language):
        flagged = True
        st.warning(inert(lang.labelled(lang._(BOXES[name]), lang.say(problem)) + "."))
override = ""
if not flagged and (wording.strip() or methods.strip()):
    st.caption(lang._("Nothing flagged. The check knows the common ways of saying it, not every way: read the text as a "
                      "pollee would before you send it."))
if flagged:
    override = st.text_input(lang._("Keep these words anyway: why they give nothing away here (kept with the poll)"),
                             key="pb_override", max_chars=1000,
                             placeholder=lang._("e.g. 'fast arrival' is the partnership's bidding principle"))

options = dict(decision_index=decision_index, q4=q4 and bool(q4_text), play_index=play_index,
               walk_from=walk_from, group_low=group_low, override=override, language=language)
try:
    problem = build_poll(case, wording, methods, tuple(alternatives), **options)
except HuddleInputError as exc:
    problem = None
    if exc.field not in ("wording", "methods"):
        show_error(exc, lang=lang)

if problem is not None:
    st.subheader(lang._("Preview: what a pollee sees ({language})").format(language=poll_lang.name))
    with st.container(border=True):
        if problem.steps:
            st.caption(lang._("First the player's earlier calls ({calls}), one at a time; then:").format(
                calls=", ".join(str(s + 1) for s in problem.steps)))
        st.html(preview_html(problem, poll_lang))     # the pollee's page itself (huddle.web.pollee), nothing to send
        if problem.q4 is not None:
            st.caption(inert(problem.q4_text(poll_lang)))
    if st.button(lang._("Create the poll"), type="primary", key="pb_create"):
        try:
            poll = services.create_poll(case_id, wording, methods, tuple(alternatives), q4_enabled=options["q4"],
                                        decision_index=decision_index, play_index=play_index,
                                        walk_from=walk_from, group_low=group_low, override=override,
                                        username=user.username, language=language)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            choose_poll(poll.id)
            done(lang._("Poll {number} created (its number within this case). Issue the pollees' links on the Invites "
                        "page, or to a class-matched group of the panel.").format(
                number=poll_numbers(services.polls_for_case(poll.case_id))[poll.id]),
                 ("ui/invites.py", lang._("Go to Invites")))
