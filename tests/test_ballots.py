"""The poll a pollee sees, and the wording check (polling-practice.md: present the problem, not the incident)."""
import json
from pathlib import Path

import pytest

from analysis import HuddleInputError
from analysis.law import case as case_files
from analysis.bridge import TableCall
from conftest import CASES
from analysis.polls.problem import build_poll, entitled_auction, q4_question, sensible_alternatives
from analysis.polls.wording import poll_wording_problems

RULINGS = Path(__file__).parent / "cases" / "rulings"


def load(name):
    return case_files.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def test_poll_for_the_6d_slam_shows_south_nothing_of_the_tempo():
    case = load("laws033-6d-slam")
    poll = build_poll(case, "Matchpoints, none vulnerable. What do you call?", alternatives=("P",),
                      decision_index=17)
    assert poll.seat == "S" and poll.hand == {"S": "KJ2", "H": "AK983", "D": "Q532", "C": "A"}
    assert len(poll.auction.calls) == 17
    assert all(c == TableCall(c.call) for c in poll.auction.calls)      # no tempo marks anywhere
    assert poll.candidates == ("P", "6D")                            # neutral order
    assert "tempo" not in json.dumps(poll.to_dict())


def test_partners_alerts_are_hidden_and_opponents_get_the_correct_explanation():
    data = json.loads((CASES / "laws033-6d-slam.json").read_text(encoding="utf-8"))
    data["kind"] = "MI"
    data["auction"][1] = {"call": "1H", "alerted": True, "explanation": "could be 4 cards"}
    data["auction"][3] = {"call": "2C", "alerted": True, "explanation": "natural, forcing"}
    data["auction"][4] = {"call": "P"}
    data["auction"][2] = {"call": "P"}
    data["auction"][0] = {"call": "P"}
    case = case_files.loads(json.dumps(data))
    shown = entitled_auction(case, 4)            # East (EW side) to call after 2♣
    assert shown.calls[1] == TableCall("1H", alerted=True, explanation="could be 4 cards")
    data["auction"][1]["correct_explanation"] = "five or more"
    case = case_files.loads(json.dumps(data))
    assert entitled_auction(case, 4).calls[1].explanation == "five or more"
    # South's own side's alerts are not shown to South.
    assert entitled_auction(case, 5).calls[3] == TableCall("2C")


@pytest.mark.parametrize("text, found, gives_away", [
    ("Partner was slow before passing", "slow", "partner's tempo"), ("After a hesitation", "hesitation", "partner's tempo"),
    ("After the BIT, what now?", "BIT", "partner's tempo"), ("Partner's tempo was off", "tempo", "partner's tempo"),
    ("There was a huddle", "huddle", "partner's tempo"), ("After a pause", "pause", "partner's tempo"),
    ("After a break in tempo", "break in tempo", "partner's tempo"),
    ("Partner took a long time", "took a long time", "partner's tempo"),
    ("partner snapped out 4♠", "snapped", "partner's tempo"), ("in a flash", "in a flash", "partner's tempo"),
    ("considered for 15 seconds", "considered for", "partner's tempo"),
    ("6♠ made at the table", "at the table", "who was at the table"),
    ("6♠ making twelve", "making twelve", "the table result"), ("it went down two", "went down", "the table result"),
    ("+920 to North-South", "+920", "the table result"),
    ("partner did not alert 2♣", "alert", "partner's alert or explanation"),
    ("East-West appealed", "appealed", "the ruling"),
])
def test_wording_that_reveals_the_irregularity(text, found, gives_away):
    # the words found are quoted as written, first in the text
    assert poll_wording_problems(text, language='en')[0] == f"“{found}” gives away {gives_away}"


@pytest.mark.parametrize("text", ["Matchpoints, both vulnerable. What do you call?",
                                  "Teams. Partner opened 1NT (15-17). Your call?", "A bit of a problem",
                                  "Pairs; tie-break by the second session", "Can you afford to break the suit?",
                                  "Weak twos 6-10", "What do you think?", "Partner made a takeout double",
                                  "2/1 game forcing, 4-card majors", "Partner's 2♦ is a transfer to hearts",
                                  "IMPs. What would you bid, and what else would you consider?"])
def test_neutral_wording_passes(text):
    assert poll_wording_problems(text, language='en') == []


def test_the_wrong_explanation_may_not_appear_in_the_wording():
    data = json.loads((CASES / "kooijman-high-level-6c.json").read_text(encoding="utf-8"))
    data["auction"][2] = {"call": "2C", "alerted": True, "explanation": "asks for minors",
                          "correct_explanation": "Stayman"}
    case = case_files.loads(json.dumps(data))
    assert poll_wording_problems("2♣ asks for minors; your call?", case, language="en") == [
        "“asks for minors” gives away the explanation given at the table"]
    with pytest.raises(HuddleInputError) as err:
        build_poll(case, "2♣ asks for minors; your call?")
    assert err.value.field == "wording"


def test_illegal_candidate_and_unknown_hand_are_refused():
    with pytest.raises(HuddleInputError, match="alternatives: 5♦ is not a legal call here"):
        build_poll(load("laws033-6d-slam"), alternatives=("5D",), decision_index=17)
    with pytest.raises(HuddleInputError, match="North's hand is needed"):
        build_poll(load("boston-3h"), decision_index=4)
    with pytest.raises(HuddleInputError, match="methods"):
        build_poll(load("laws033-6d-slam"), methods="partner hesitated")


# ---------------------------------------------------------------- Q4 and candidates follow the case


def ruled(name):
    return case_files.loads((RULINGS / f"{name}.json").read_text())


def test_q4_names_the_actual_ui():
    slam = case_files.loads((CASES / "laws033-6d-slam.json").read_text())
    assert q4_question(slam) == ("Your partner took a long time before bidding 5♦. "
                                 "Which of these calls does that make more attractive?")
    assert q4_question(ruled("haste-after-skip-bid")).startswith("Your partner was very quick in passing 4♥.")
    alert = ruled("partners-alert-is-ui")
    assert q4_question(alert).startswith("Your partner alerted your 4♣ and explained it as “cue bid, club control”.")


@pytest.mark.parametrize("name, words", [
    ("opponents-tempo", "was East's, not the partner's of South"),          # an opponent's tempo
    ("own-tempo", "was South's, not the partner's of South"),               # one's own tempo
    ("mi-corrected-in-time", "this case records none"),                     # an MI poll has no UI to weigh
])
def test_q4_is_refused_where_it_makes_no_sense(name, words):
    with pytest.raises(HuddleInputError, match="Q4") as caught:
        build_poll(ruled(name), alternatives=("X",) if name.startswith("mi") else ("4S",) if name == "opponents-tempo"
                   else ("P",), q4=True)
    assert words in str(caught.value)


def test_a_poll_never_offers_the_table_action_alone():
    case_a = ruled("haste-after-skip-bid")            # South passed: Pass is the table action
    with pytest.raises(HuddleInputError, match="alternatives: offer at least one call besides"):
        build_poll(case_a)
    assert sensible_alternatives(case_a) == ("4S",)   # the director's logical alternative
    slam = case_files.loads((CASES / "laws033-6d-slam.json").read_text())
    assert sensible_alternatives(slam) == ("P",)      # Pass, which is also the director's finding
    assert build_poll(slam, alternatives=sensible_alternatives(slam)).candidates == ("P", "6D")
