"""Lead and play polls, walk-through polls, follow-up polls and the pollee panel: the pure parts
(analysis.bridge.play, the poll built from a case, the double-dummy tricks per lead) and the workflow on
a real SQLite file and a real PostgreSQL server, ending with the lead-directing case ruled end to
end from a lead poll of a class-matched panel."""
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from analysis.files.games import read_games
from analysis import HuddleInputError
from analysis.law import case as case_files
from analysis.bridge import hand_cards
from analysis.bridge.double_dummy import double_dummy_plays, tricks_by_choice
from analysis.bridge.play import Play, choices, parse_choice, played_order, position_index, position_name
from analysis.law.ruling.engine import rule
from analysis.law.case.findings import RulingInputs
from conftest import ROOT
from polling import cases, panel, rulings, services, setup
from analysis.polls.problem import build_poll
from analysis.polls.answers import check_answers
from analysis.polls.tally import answer_rows
from analysis.language import ENGLISH

LEAD_CASE = ROOT / "data" / "cases" / "lead-after-slow-pass-of-stayman.json"


def lead_case():
    return case_files.loads(LEAD_CASE.read_text())


# ---------------------------------------------------------------- the play

def test_tricks_leaders_and_who_decides():
    play = Play("H", "W", ("C8", "C7", "CA", "C5", "CK", "C9", "C6", "C4"))
    assert (play.leader, play.dummy, play.trump) == ("N", "E", "H")
    assert [leader for leader, _ in play.tricks()] == ["N", "S"]          # South's ♣A won trick 1
    assert play.seat_to_play(8) == "S" and play.declarer_tricks(8) == 0
    assert play.decider(1) == "W"                                          # declarer plays dummy's card (Law 45B)
    assert (position_name(0), position_name(9), position_index(3, 2)) == ("the opening lead", "trick 3, card 2", 9)
    assert Play("NT", "N", ("SA", "S2", "S3", "HA")).seat_to_play(4) == "E"   # no trumps: a discard never wins


def test_a_play_that_breaks_the_laws_is_refused_by_card():
    hands = {s: hand_cards(lead_case().board.deal, s) for s in "NESW"}
    with pytest.raises(HuddleInputError, match=r"play\[1\] \(trick 1, card 2\): East must follow suit.*Law 44C"):
        Play("H", "W", ("C8", "H4")).check(hands)
    with pytest.raises(HuddleInputError, match="North does not hold ♠A"):
        Play("H", "W", ("SA",)).check(hands)
    with pytest.raises(HuddleInputError, match="♣8 is played twice"):
        Play("H", "W", ("C8", "C7", "CA", "C5", "C8")).check(hands)


def test_equals_and_low_cards_are_one_choice():
    assert choices(["SK", "SQ", "S8", "S5", "S3", "HJ", "H4"], []) == ("SKQ", "Sx", "HJ", "Hx")
    assert choices(["SK", "SQ", "S8", "S5", "S3"], ["SJ"], group_low=False) == ("SKQ", "S8", "S5", "S3")
    assert choices(["SK", "SJ"], ["SQ"]) == ("SKJ",)                        # the queen is gone: equals
    assert choices(["ST", "S9", "S8"], []) == ("ST98",)
    assert [parse_choice(t) for t in ("SK", "♠K/Q", "a low ♠", "K♠", "S10", "low h")] == \
        ["SK", "SKQ", "Sx", "SK", "ST", "Hx"]
    with pytest.raises(HuddleInputError, match="not a card"):
        parse_choice("the king")


def test_pbn_play_columns_become_the_order_played():
    # PBN writes each trick by seat from the opening leader's column (N E S W here); South won trick 1
    columns = [("C8", "C7", "CA", "C5"), ("D8", "DT", "C3", "DA")]
    assert played_order(columns, "H", "W") == ("C8", "C7", "CA", "C5", "C3", "DA", "D8", "DT")


def test_every_real_file_with_a_play_reads_into_a_case_that_follows_suit():
    """146 games of the real files carry a play; each becomes a case whose play passes Law 44C."""
    with_play = 0
    for path in sorted((ROOT / "tests" / "files").rglob("*")):
        if path.suffix.lower() not in (".pbn", ".lin"):
            continue
        try:
            read = read_games(path.read_bytes(), path.name, ENGLISH)
        except HuddleInputError:
            continue
        for game in read.games:
            case = case_files.from_game(game, "x", "x")
            with_play += bool(case.play)
            assert case_files.loads(case_files.dumps(case)).play == case.play
    assert with_play == 146                  # 7 more since a contract without a result is kept


def test_the_case_file_names_the_card_in_question():
    data = json.loads(LEAD_CASE.read_text())
    case = lead_case()
    assert (case.decision_kind, case.action_seat, case.decision_name()) == ("lead", "N", "the opening lead")
    assert case.action_in_question() == "Cx"                     # ♣8 is "a low ♣" in the poll
    assert case_files.loads(case_files.dumps(case)) == case
    for change, field, words in (
            ({"action_index": 3}, "play_index", "not both"),
            ({"play_index": 4}, "play_index", "not a card of the play"),
            ({"play": ["C8", "S2"]}, r"play\[1\]", "must follow suit"),
            ({"table_result": None, "auction": data["auction"][:9]}, "play", "needs its contract"),
            ({"irregularity": {**data["irregularity"], "call_index": None, "card_index": 1}}, "irregularity.by",
             "was West's to play")):
        with pytest.raises(HuddleInputError, match=f"^{field}.*{words}"):
            case_files.Case.from_dict({**data, **change})


# ---------------------------------------------------------------- the lead poll and its ruling

def test_a_lead_poll_shows_what_the_leader_was_entitled_to():
    problem = build_poll(lead_case(), "Matchpoints. What do you lead?", "Fourth-best leads", q4=True)
    assert (problem.kind, problem.seat, problem.contract, problem.dummy, problem.tricks) == \
        ("lead", "N", "4♥ by West", None, ())
    assert problem.candidates == ("SK", "ST", "Sx", "HT", "Hx", "DK", "Dx", "Cx")
    assert [problem.symbol(c, ENGLISH) for c in problem.candidates[:3]] == ["♠K", "♠10", "a low ♠"]
    calls = problem.auction.calls
    assert len(calls) == 12 and not any(c.tempo_break for c in calls)          # no tempo mark
    assert calls[2].explanation == "Stayman: asks for a four-card major"      # the opponents' explanation
    assert problem.q4_question == ("Your partner took a long time before passing 2♣. "
                                   "Which of these leads does that make more attractive?")
    assert problem.parse_answer("C4", "call") == "Cx" and problem.parse_answer("♠K", "call") == "SK"
    assert check_answers(problem, "S6", ["H2"]).considered == ("Hx",)
    with pytest.raises(HuddleInputError, match="♠A is not a choice here"):
        check_answers(problem, "SA")


def test_a_later_card_shows_dummy_and_the_tricks_so_far():
    case = replace(lead_case(), play=("C8", "C7", "CA", "C5", "CK"), play_index=5)
    problem = build_poll(case)
    assert (problem.kind, problem.seat, problem.to_play) == ("play", "W", "W")
    assert problem.dummy == {"S": "J2", "H": "AQ74", "D": "JT972", "C": "9"}
    assert problem.candidates == ("CJ", "Cx")                  # clubs only: follow suit (Law 44C)
    assert len(problem.tricks) == 2 and problem.tricks[1][1] == (("S", "CK"),)


def test_the_double_dummy_tricks_per_lead():
    case = lead_case()
    by_card = double_dummy_plays(case.board.deal, case.the_play, 0)
    assert {c: by_card[c] for c in ("C8", "S6", "SK", "H5", "DK")} == {"C8": 9, "S6": 10, "SK": 11, "H5": 10, "DK": 11}
    spread = tricks_by_choice(by_card, build_poll(case).candidates)
    assert spread["Cx"] == ((9, Fraction(1)),) and spread["Sx"] == ((10, Fraction(1)),)
    # the example's outcome tree takes its tricks from these figures
    tree = case.ruling.adjustment.offenders
    assert {b.action: b.contracts[0].tricks[0][0] for b in tree.branches if not b.cancelled} == \
        {"Sx": spread["Sx"][0][0], "Hx": spread["Hx"][0][0], "DK": spread["DK"][0][0]}


def test_the_lead_ruling_to_the_letter():
    ruling = rule(lead_case())
    verdicts = {v.action: v.verdict for v in ruling.la.verdicts}
    assert verdicts == {"Sx": "LA", "Hx": "LA", "DK": "LA", "Cx": "table action"}
    assert [a.answer for a in ruling.worksheet.answers] == [True, True, True, True]
    assert "6 of 8 pollees (75%) said the break in tempo makes a low ♣ more attractive" in ruling.text
    assert "Action in question: a low ♣ by North." in ruling.text
    # Law 12C1(c): no weight to the club lead; 5/7 a low spade, 1/7 a low heart (4♥ =), 1/7 ♦K (4♥ +1)
    assert ruling.scores["NS"].matchpoints == Fraction(37, 7)     # 6/7 × 6 1/7 + 1/7 × 1/7 of 14
    assert ruling.scores["EW"].matchpoints == Fraction(61, 7)
    assert list(ruling.scores["NS"].weighted.components) == [(-620, Fraction(6, 7)), (-650, Fraction(1, 7))]


# ---------------------------------------------------------------- walk-through and follow-up polls

@pytest.fixture
def lead_record(database_url):
    setup.prepare_database()
    return cases.find_case("lead-after-slow-pass-of-stayman")


def test_a_walk_through_poll_leaves_out_those_who_left_the_table_path(lead_record):
    poll = services.create_poll(lead_record, "Matchpoints. Your calls, then your lead?", walk_from=0)
    problem = services.problem_of(poll)
    assert problem.steps == (1, 5, 9)                       # North's three passes, then the lead
    links = services.issue_invites(poll.id, ["Ann", "Bob", "Cy"])
    services.cast_vote(links[0].token, "S6", path={1: "P", 5: "P", 9: "P"})
    services.cast_vote(links[1].token, "C4", path={1: "P", 5: "P", 9: "X"})      # doubles 4♥ instead
    services.cast_vote(links[2].token, "DK", path={"1": "P", "5": "P", "9": "P"})
    with pytest.raises(HuddleInputError, match="walk-through: answer each earlier turn"):
        services.record_verbal_vote(poll.id, "S6", path={1: "P"})
    with pytest.raises(HuddleInputError, match="walk-through: the earlier calls are not in the form"):
        services.record_verbal_vote(poll.id, "S6", path={"two": "P"})
    with pytest.raises(HuddleInputError, match="walk-through: 1♣ is not a legal call at call 6"):
        services.record_verbal_vote(poll.id, "S6", path={1: "P", 5: "1C", 9: "P"})
    tally = services.tally(poll.id)
    assert (tally.poll_size, tally.on_path, tally.count("Cx").chose) == (2, 2, 0)
    assert tally.discounted[0].reason() == ("would have called Double at call 10, where the player called Pass: "
                                            "not a peer of the player on this auction, so not counted")
    assert services.tally(poll.id, include_diverged=True).count("Cx").chose == 1
    rows = answer_rows(services.ballots_for_poll(poll.id), problem=problem)
    assert rows[1]["on the table's path"].startswith("no: would have called Double")
    assert rows[0]["call"] == "a low ♠" and rows[0]["earlier calls"] == "2: Pass, 6: Pass, 10: Pass"
    from polling import corpus
    frame = corpus.database_corpus()
    lead = frame[frame["case_id"] == "lead-after-slow-pass-of-stayman"]
    assert set(lead["poll_type"]) == {"lead"} and set(lead["diverged"]) == {1}     # the research corpus keeps it


def test_a_follow_up_poll_adds_pollees_to_the_same_tally(lead_record):
    first = services.create_poll(lead_record, "Matchpoints. What do you lead?")
    services.cast_vote(services.issue_invites(first.id, ["Ann"])[0].token, "S3")
    services.close_poll(first.id)
    follow = services.create_follow_up(first.id)
    assert (follow.follows_id, follow.problem, follow.kind) == (first.id, first.problem, "lead")
    services.cast_vote(services.issue_invites(follow.id, ["Bob"])[0].token, "DK")
    assert [p.id for p in services.poll_family(follow.id)] == [first.id, follow.id]
    assert services.tally(first.id).poll_size == services.tally(follow.id).poll_size == 2


# ---------------------------------------------------------------- the panel

def test_the_panel_matches_the_class_and_never_polls_a_player_of_the_board(lead_record):
    ann = panel.add_pollee("Ann", "club", "email", "ann@example.org")
    bob = panel.add_pollee("Bob", "club", "text message", "+44 7700 900123",
                           played=[("Riverside club pairs", "Monday evening")])
    panel.add_pollee("Cy", "club", played=[{"event": "riverside CLUB pairs", "session": ""}])
    dee = panel.add_pollee("Dee", "club", played=[("Riverside club pairs", "Thursday afternoon")])
    panel.add_pollee("Eve", "expert")
    with pytest.raises(HuddleInputError, match="class: 'master' must be one of"):
        panel.add_pollee("Fay", "master")
    poll = services.create_poll(lead_record, "Matchpoints. What do you lead?")
    group = panel.class_matched_group(poll.id, panel.class_of("club players"))
    assert [m.name for m in group.members] == ["Ann", "Dee"]
    assert {m.name: why for m, why in group.left_out} == {
        "Bob": "played Riverside club pairs, Monday evening: the board is theirs",
        "Cy": "played Riverside club pairs, Monday evening: the board is theirs"}
    with pytest.raises(HuddleInputError, match="Bob played Riverside club pairs"):
        panel.issue_panel_invites(poll.id, [ann, bob])
    assert services.invites_for_poll(poll.id) == []                   # all or nothing
    sent = panel.issue_panel_invites(poll.id, [ann, dee], username="tess")
    assert [(m.name, i.label) for m, i in sent] == [("Ann", "Ann"), ("Dee", "Dee")]
    assert "bridge problem" in panel.message(sent[0][0], sent[0][1].link("http://h")) and "club" not in \
        panel.message(sent[0][0], "x").lower()
    with pytest.raises(HuddleInputError, match="Ann already has a link to this poll"):
        panel.issue_panel_invites(poll.id, [ann])
    services.cast_vote(sent[0][1].token, "S6")
    rates = {m.name: m.response_rate for m in panel.panel()}
    assert rates["Ann"] == 1 and rates["Dee"] is None and rates["Eve"] is None    # Dee's link is still open
    assert {m.name: m.pending for m in panel.panel()}["Dee"] == 1
    services.close_poll(poll.id)                                                  # closed unanswered: a miss
    assert {m.name: m.response_rate for m in panel.panel()}["Dee"] == 0
    assert panel.history(ann)[0]["answer"] == "Sx" and panel.history(ann)[0]["poll type"] == "lead"
    assert [m.name for m in panel.class_matched_group(poll.id, "club").members] == []     # both already linked


def test_a_case_without_its_event_cannot_use_the_panel(database_url):
    setup.prepare_database()
    data = json.loads(LEAD_CASE.read_text())
    record = cases.create_case(case_files.Case.from_dict({**data, "id": "no-event", "event": None}), "tess")
    member = panel.add_pollee("Ann", "club")
    poll = services.create_poll(record, "What do you lead?")
    with pytest.raises(HuddleInputError, match="^event: record the case's event"):
        panel.issue_panel_invites(poll.id, [member])


# ---------------------------------------------------------------- done when

# The eight club players' answers of the example case: (lead, also considered, how close)
PANEL_ANSWERS = [("S6", ["H5"], {}), ("S3", [], {}), ("S7", ["DK"], {"DK": "1/3"}), ("S6", ["C4"], {}),
                 ("S3", [], {}), ("H5", ["S6"], {}), ("DK", ["H2"], {"H2": "2/5"}), ("C8", [], {})]


def test_a_lead_directing_hesitation_ruled_end_to_end_from_a_class_matched_panel(database_url):
    """The director's evening: the case without a ruling, a lead poll, links to the club class
    of the panel (the one who played the session left out), eight answers, the tally read under
    the WBF policy, the ruling saved, and the example's adjusted score to the fraction."""
    setup.prepare_database()
    data = json.loads(LEAD_CASE.read_text())
    example = case_files.Case.from_dict(data)
    record = cases.create_case(replace(example, id="evening-lead", ruling=None), "tess")
    members = [panel.add_pollee(f"Club player {i}", "club") for i in range(1, 9)]
    panel.add_pollee("Played it", "club", played=[("Riverside club pairs", "Monday evening")])
    panel.add_pollee("An expert", "expert")
    poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you lead?", "Fourth-best leads",
                                q4_enabled=True)
    group = panel.class_matched_group(poll.id, "club")
    assert sorted(m.id for m in group.members) == members and [m.name for m, _ in group.left_out] == ["Played it"]
    sent = panel.issue_panel_invites(poll.id, [m.id for m in group.members], username="tess")
    for (member, link), (lead, considered, close) in zip(sent, PANEL_ANSWERS):
        ballot = services.cast_vote(link.token, lead, considered, close, level="club")
        services.record_suggestion(ballot.id, ["C4"] if member.id in members[:6] else [], none=member.id not in members[:6])
    tally = services.tally(poll.id)
    assert {a.action: (a.chose, a.close, a.considered_only) for a in tally.actions if a.chose or a.close
            or a.considered_only} == {(c.action): (c.chose, c.close, c.considered_only) for c in example.ruling.poll}
    named = dict(tally.suggested).get("Cx", 0)
    assert (named, tally.q4_answers) == example.ruling.q4 == (6, 8)
    inputs = replace(example.ruling, poll=tally.actions, q4=(named, tally.q4_answers))
    saved = rulings.save_ruling(record, inputs, "tess")
    result = json.loads(saved.result)
    assert result["adjusted"] and result["scores"]["NS"]["matchpoints"] == "37/7"
    assert result["table_action"] == "Cx"
    assert all(m.response_rate == 1 for m in panel.panel() if m.id in members)
    assert RulingInputs.from_dict(json.loads(saved.inputs)).poll == inputs.poll


def test_a_lead_made_on_misinformation_could_it_still_be_changed():
    """Law 47E2 for cards, not Law 21B1 for calls: corrected before the lead, the lead was chosen
    with the right explanation; corrected after it (and a card played to the trick), too late."""
    from analysis.law.questions.misinformation import too_late_to_change
    from analysis.law.case.findings import Misinformation
    case = lead_case()
    before = too_late_to_change(Misinformation(corrected="after the final pass"), case)
    assert before.answer is False and "before the opening lead" in before.reason
    after = too_late_to_change(Misinformation(corrected="not corrected"), case)
    assert after.answer is True and "could no longer be withdrawn (Law 47E2)" in after.reason
    later = replace(case, play=("C8", "C7", "CA", "C5", "CK", "CJ"), play_index=5)
    assert too_late_to_change(Misinformation(corrected="after the opening lead"), later).answer is None


def test_a_slow_card_in_the_defence_is_partner_s_ui_for_the_next_card():
    """UI in the play (irregularity.card_index): South was slow to play ♣A at trick 1; North's
    card at trick 2 is polled with Q4 in those words."""
    data = json.loads(LEAD_CASE.read_text())
    data.update(play=["C8", "C7", "CA", "C5", "H9", "H3", "HT", "HA"], play_index=6,
                irregularity={"type": "hesitation", "by": "S", "card_index": 2, "agreed": True,
                              "description": "South was slow to play the ♣A"})
    case = case_files.Case.from_dict(data)
    assert (case.decision_kind, case.action_seat) == ("play", "N")
    problem = build_poll(case, "What do you play?", q4=True)
    assert problem.q4_question == ("Your partner took a long time before playing ♣A. "
                                   "Which of these cards does that make more attractive?")
    assert problem.candidates == ("HT", "Hx") and problem.dummy["C"] == "9"   # follow hearts; dummy faced
    with pytest.raises(HuddleInputError, match="^Q4: trick 1, card 3 was South's, not the partner's of West"):
        build_poll(case, q4=True, play_index=5)
    with pytest.raises(HuddleInputError, match="^Q4: .*only on a later card"):
        build_poll(case, q4=True, play_index=0)
