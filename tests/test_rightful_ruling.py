"""No verdict before the facts and the evidence: a poll smaller than the event's rules ask for
decides nothing, an empty worksheet is no "no", and a file's note about tempo is a statement
about tempo, never an explanation (Laws 85A, 16B1)."""
import json
from dataclasses import replace

import pytest

from analysis.law import case as case_files
from analysis.law.questions.logical_alternatives import ActionCount
from analysis.law.case.poll_rules import PollRules
from analysis.law.ruling.engine import rule
from conftest import ROOT, CASES
from analysis.language import ENGLISH

SLAM = CASES / "laws033-6d-slam.json"
THREE_ANSWERS = (ActionCount("6D", chose=2), ActionCount("P", chose=1, close=1))


def _slam(**ruling):
    case = case_files.Case.from_dict(json.loads(SLAM.read_text()))
    return replace(case, ruling=replace(case.ruling, **ruling))


def test_three_answers_against_a_required_five_leave_question_2_open_and_nothing_adjusted():
    case = replace(_slam(poll=THREE_ANSWERS, alternatives=(), alternatives_reason=""),
                   poll_rules=PollRules(5, "the club's rules for polls"))
    ruling = rule(case)
    q2 = ruling.worksheet.answers[1]
    assert q2.answer is None and not ruling.adjusted and not ruling.decided
    assert q2.missing == "Poll 2 more, or record your own judgement"
    assert "3 pollees, 2 fewer than the 5 the club's rules for polls ask for" in q2.reason
    assert ruling.worksheet.waiting == ("Poll 2 more, or record your own judgement",)
    # the same poll with no minimum decides at once
    assert rule(replace(case, poll_rules=PollRules())).worksheet.answers[1].answer is not None


def test_the_director_s_own_judgement_beside_a_short_poll_decides_question_2():
    case = replace(_slam(poll=THREE_ANSWERS, alternatives=("P",), alternatives_reason="Pass is clearly possible"),
                   poll_rules=PollRules(5, "the club's rules for polls"))
    ruling = rule(case)
    q2 = ruling.worksheet.answers[1]
    assert q2.answer is True and q2.reason == "Pass is clearly possible" and ruling.decided
    assert q2.evidence == "a poll of 3, short of the 5 pollees the club's rules for polls ask for"
    again = case_files.loads(case_files.dumps(case))      # the judgement and the rules travel with the file
    assert again.poll_rules == case.poll_rules and again.ruling.alternatives == ("P",)
    assert rule(again).worksheet.answers[1] == q2


def test_nothing_entered_on_logical_alternatives_is_no_evidence_and_a_no_needs_its_reason():
    open_ = rule(_slam(alternatives=(), alternatives_reason=""))
    assert open_.worksheet.answers[1].answer is None and not open_.decided
    assert "No evidence on logical alternatives yet: poll, consult, or record your own judgement" in open_.worksheet.waiting
    found_none = rule(_slam(alternatives=(), alternatives_reason="Every peer would bid 6♦ with this hand"))
    assert found_none.worksheet.answers[1].answer is False and found_none.decided
    assert found_none.worksheet.conclusion() == "No adjustment: Every peer would bid 6♦ with this hand"


def test_a_no_after_an_open_question_ends_nothing_yet():
    from analysis.law.questions.law16 import QUESTIONS, Answer, worksheet
    sheet = worksheet(Answer(QUESTIONS[0], None, "facts disputed", missing="Waiting for the finding"),
                      Answer(QUESTIONS[1], False, "no LA"), Answer(QUESTIONS[2], True, ""), Answer(QUESTIONS[3], True, ""))
    assert sheet.stopped_at is None and not sheet.decided and sheet.waiting == ("Waiting for the finding",)
    assert sheet.answers[2].reached              # the "no" was provisional: nothing after it was cut off
    assert sheet.conclusion() == "Not yet decided: unauthorized information."


def test_the_organisation_s_minimum_poll_is_what_a_new_case_starts_from(sqlite_url):
    from polling import organisations, setup
    setup.prepare_database(load_examples=False)
    club = organisations.set_rules(organisations.DEFAULT_ORGANISATION, "acbl", None, poll_minimum=5)
    assert club.poll_rules() == PollRules(5, f"{club.name}'s rules for polls")
    french = organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr")     # kept as text, in the club's words
    assert french.poll_rules().source == f"les règles de sondage de {club.name}", french.poll_rules()
    with pytest.raises(Exception, match="minimum poll: 0 must be a whole number of pollees from 1 to 100"):
        organisations.set_rules(organisations.DEFAULT_ORGANISATION, "acbl", None, poll_minimum=0)


PBN_WITH_A_DISPUTE = """[Event "Club pairs"]
[Site ""]
[Date ""]
[Board "3"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]
[Scoring "MP"]
[Declarer "S"]
[Contract "3NT"]
[Result "9"]
[Auction "S"]
1NT Pass 3NT =1= Pass
Pass Pass
[Note "1:E-W say North paused about 10 seconds; N-S deny any pause"]
"""


def test_a_pbn_note_recording_a_dispute_is_a_statement_about_tempo_not_an_alert():
    case = case_files.from_pbn(PBN_WITH_A_DISPUTE, "pause-disputed", "A disputed pause")
    call = case.board.auction.calls[2]
    assert call.tempo_break and not call.alerted and call.explanation is None
    irr = case.irregularity
    assert irr.type == "hesitation" and irr.by == "N" and irr.call_index == 2 and irr.agreed is False
    assert [(s.by, s.said, s.seconds) for s in irr.statements] == [
        ("EW", "E-W say North paused about 10 seconds", 10), ("NS", "N-S deny any pause", None)]
    assert irr.facts().happened is None           # disputed: the director finds it (Law 85A)
    assert case_files.loads(case_files.dumps(case)) == case


@pytest.mark.parametrize("note, reading", [
    ("E-W say North paused about 10 seconds; N-S deny any pause", "tempo"),
    ("North hesitated (agreed)", "tempo"),
    ("slow pass", "tempo"),
    ("There was a pause of about 20 s", "tempo"),
    ("Stayman: asks for a four-card major", "explanation"),
    ("Transfer to hearts", "explanation"),
    ("Forcing; slow shows extras in our methods", "unclear"),
])
def test_a_note_is_read_as_what_it_is(note, reading):
    from analysis.bridge.auction import tempo_reading
    assert tempo_reading(note, ENGLISH) == reading


def test_a_note_huddle_cannot_tell_apart_is_asked_of_the_director():
    text = PBN_WITH_A_DISPUTE.replace("E-W say North paused about 10 seconds; N-S deny any pause",
                                      "Forcing; slow shows extras in our methods")
    case = case_files.from_pbn(text, "unclear-note", "An unclear note")
    call = case.board.auction.calls[2]
    assert call.alerted and call.explanation == "Forcing; slow shows extras in our methods" and not call.tempo_break
    assert case.irregularity is None
    assert case.assumptions == ("Call 3's note in the file, “Forcing; slow shows extras in our methods”, speaks of "
                                "tempo but reads as an explanation too: it is kept as the explanation; the director "
                                "decides whether it records a break in tempo.",)


def test_version_2_files_still_read_and_a_version_3_file_carries_the_appeal():
    old = json.loads((ROOT / "tests" / "cases" / "v2" / SLAM.name).read_text())
    assert old["format_version"] == 2
    case = case_files.Case.from_dict(old)
    assert case.appeal is None and case.poll_rules == PollRules()
    with_appeal = {**case.to_dict(), "ruling_version": 1, "appeal": {
        "votes": [{"member": "Ann", "decision": "uphold", "reason": "Fine", "change": {}}],
        "decision": {"decision": "uphold", "reason": "Fine", "summary": "Upheld", "change": {}, "chair": "Ann",
                     "at": "2026-11-20T21:00:00+00:00", "ruling_version": 1}}}
    read = case_files.Case.from_dict(with_appeal)
    assert case_files.Case.from_dict(read.to_dict()) == read and read.ruling_version == 1
    assert read.appeal.votes[0].member == "Ann" and read.appeal.decision.at.day == 20
    assert read.appeal.decided_on(1) and not read.appeal.decided_on(2)    # a ruling saved after it replaces it
    with pytest.raises(Exception, match=r"appeal.decision.decision: 'reverse' must be one of uphold, modify, overturn"):
        case_files.Case.from_dict({**with_appeal, "appeal": {"votes": [], "decision": {
            **with_appeal["appeal"]["decision"], "decision": "reverse"}}})
