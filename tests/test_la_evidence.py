"""Every way a logical alternative is established, kept apart from a counted poll: read, said in
words, stored on both databases, shown in the ruling and the report."""
import copy
import json

import pytest

from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.law.questions.la_evidence import evidence_from_list
from analysis.law.ruling.engine import rule
from conftest import CASES
from analysis.language import ENGLISH

SLAM = json.loads((CASES / "laws033-6d-slam.json").read_text(encoding="utf-8"))
EVIDENCE = [
    {"kind": "consultation", "when": "after the session", "people": [
        {"name": "A. Director", "class": "director", "views": [{"action": "P", "la": True, "why": "some pass a signoff"}]},
        {"name": "B. Expert", "class": "expert", "views": [{"action": "P", "la": False, "why": "6D is clear"}]}]},
    {"kind": "published poll", "shares": {"P": "30%", "6D": "70%"}, "verdict": "pass is an LA", "source": "casebook"},
    {"kind": "published poll", "shares": {"P": "1/5", "6D": "4/5"}, "asked": 10},
    {"kind": "published poll", "verdict": "the poll showed pass was not an LA"},
    {"kind": "committee poll", "chose": {"P": 1, "6D": 2}, "asked": 3},
    {"kind": "committee vote", "action": "P", "for": 2, "against": 1, "reason": "a minimum hand passes"},
    {"kind": "field", "tables": 12, "actions": {"6D": 7, "5D": 5}, "note": "final contracts"},
]


def _slam_with(evidence):
    data = copy.deepcopy(SLAM)
    data["ruling"]["evidence"] = evidence
    return case_files.Case.from_dict(data)


def test_each_kind_is_said_as_what_it_is():
    words = [e.words() for e in evidence_from_list(EVIDENCE)]
    assert words[0].startswith("The director consulted 1 director, 1 expert (after the session): 1 of 2 found Pass")
    assert "gives no interval" in words[0]
    assert "the number asked was not published, so no interval can be given" in words[1]
    assert words[2].endswith("of 10 asked: Pass 2 of 10, 6%–51%, 6♦ 8 of 10, 49%–94%.")              # Wilson 95% of 2/10 and 8/10
    assert words[3].startswith("A poll was published as a verdict only (“the poll showed pass was not an LA”)")
    assert "Its pollees are the committee, not the player's peers" in words[4]
    assert words[5].startswith("The committee decided by its own vote, 2–1, that Pass is a logical alternative")
    assert words[6].startswith("At the other tables: 7 of 12 tables, 6♦; 5 of 12 tables, 5♦")
    assert "not a poll" in words[6]


def test_a_published_share_has_an_interval_only_when_the_number_asked_is_known():
    without, with_n = evidence_from_list(EVIDENCE[1:3])
    assert without.intervals() == {}
    low, high = with_n.intervals()["P"]
    assert round(low, 3) == 0.057 and round(high, 3) == 0.510


def test_the_evidence_goes_into_the_ruling_text_and_round_trips_the_case_file():
    case = _slam_with(EVIDENCE)
    text = rule(case).text
    assert "Other evidence on the logical alternatives:" in text and "2–1" in text
    again = case_files.loads(case_files.dumps(case))
    assert again.ruling.evidence == case.ruling.evidence
    assert json.loads(case_files.dumps(again))["ruling"]["evidence"][1]["shares"] == {"P": "3/10", "6D": "7/10"}


@pytest.mark.parametrize("item,field,message", [
    ({"kind": "hearsay"}, "ruling.evidence[0].kind", "must be one of consultation"),
    ({"kind": "consultation", "people": []}, "ruling.evidence[0].people", "list who was consulted"),
    ({"kind": "consultation", "people": [{"name": "X", "class": "kibitzer", "views": [{"action": "P", "la": True}]}]},
     "ruling.evidence[0].people[0].class", "must be director, expert or peer"),
    ({"kind": "consultation", "people": [{"name": "X", "class": "expert", "views": [{"action": "Z9", "la": True}]}]},
     "ruling.evidence[0].people[0].views[0].action", "is not a call or a card"),
    ({"kind": "published poll"}, "ruling.evidence[0]", "keep what was published"),
    ({"kind": "published poll", "shares": {"P": "70%", "6D": "50%"}}, "ruling.evidence[0].shares", "more than 100%"),
    ({"kind": "published poll", "shares": {"P": "70%"}, "asked": 0}, "ruling.evidence[0].asked", "from 1"),
    ({"kind": "committee poll", "chose": {"P": 4}, "asked": 3}, "ruling.evidence[0].chose", "more members chose"),
    ({"kind": "committee vote", "action": "P", "for": 1, "against": 1}, "ruling.evidence[0].for", "majority"),
    ({"kind": "field", "tables": 5, "actions": {"4H": 7}}, "ruling.evidence[0].actions", "more tables"),
])
def test_a_mistake_in_the_evidence_names_its_field(item, field, message):
    with pytest.raises(HuddleInputError, match=message) as refused:
        _slam_with([item])
    assert refused.value.field == field


def test_the_evidence_is_stored_and_reported_on_both_databases(database_url, tmp_path, monkeypatch):
    from polling import cases, setup
    from polling.dossier import load_dossier
    from reports.content import report_for_stored_case
    from reports.render import report_bytes
    setup.prepare_database()
    record = cases.find_case("laws033-6d-slam")
    stored = cases.get_case(record)
    cases.update_case(record, _slam_with(EVIDENCE), "tess", opened_version=stored.version)
    seen = load_dossier(record)
    assert [type(e).__name__ for e in seen.case.ruling.evidence] == [
        "Consultation", "PublishedPoll", "PublishedPoll", "PublishedPoll", "CommitteePoll", "CommitteeVote",
        "FieldEvidence"]
    html = report_bytes(report_for_stored_case(seen.case, seen.status, seen.polls, seen.committee, lang=ENGLISH), "html").decode()
    assert "Other evidence on the logical alternatives" in html and "B. Expert" in html and "6D is clear" in html
    assert "the number asked was not published, so no interval can be given" in html


def test_the_field_read_from_a_results_file_is_kept_as_what_the_other_tables_did(database_url):
    from polling import cases, setup
    setup.prepare_database()
    record = cases.find_case("laws033-case-a")
    csv = ("board,contract,declarer,tricks,ns_score,ns_pair,ew_pair\n1,4S,N,10,620,1,2\n1,4S,N,9,-100,3,4\n"
           "1,3NT,S,9,600,5,6\n1,PASS,,,0,7,8\n")
    cases.field_from_results(record, csv, "results.csv", "td", board=1)
    evidence = cases.get_case(record).case.ruling.evidence
    assert len(evidence) == 1 and evidence[0].tables == 4
    assert evidence[0].actions == (("4♠ by North", 2), ("3NT by South", 1), ("passed out", 1))
    assert evidence[0].words().startswith("At the other tables: 2 of 4 tables, 4♠ by North; 1 of 4 tables, 3NT")
    cases.field_from_results(record, csv.replace("3NT,S,9,600", "4H,E,11,-450"), "results.csv", "td",
                             board=1)
    again = cases.get_case(record).case.ruling.evidence
    assert len(again) == 1 and ("4♥ by East", 1) in again[0].actions          # the newer file's, not both


def test_a_consultation_recorded_without_counts_keeps_who_was_asked_and_what_they_said():
    """Before: each person had to give a view, action by action; a director who only wrote down
    what two colleagues said could not record the consultation."""
    told = {"kind": "consultation", "when": "at the table", "people": [
        {"name": "C. Director", "class": "director", "said": "Pass is clear for me, nobody bids on"},
        {"name": "D. Peer", "class": "peer", "views": [{"action": "P", "la": True}], "said": "I would think about it"}]}
    consultation = evidence_from_list([told])[0]
    words = consultation.words()
    assert words.startswith("The director consulted 1 director, 1 peer (at the table): 1 of 1 found Pass a logical "
                            "alternative; C. Director (director) said “Pass is clear for me, nobody bids on”; D. Peer "
                            "(peer) said “I would think about it”.")
    case = _slam_with([told])
    assert case_files.loads(case_files.dumps(case)).ruling.evidence == case.ruling.evidence
    assert "C. Director (director) said" in rule(case).text
    from analysis.language import language
    assert "C. Director (arbitre) a dit « Pass is clear for me, nobody bids on »" in language("fr").say(words)
    with pytest.raises(HuddleInputError, match=r"evidence\[0\].people\[0\].views: say what the person thought of at "
                                               r"least one action, or what they said"):
        evidence_from_list([{"kind": "consultation", "people": [{"name": "E", "class": "expert"}]}])


def test_the_ruling_page_s_consultation_table_keeps_a_row_without_an_action_as_what_was_said():
    from ui.evidence_form import _people
    rows = [{"name": "C. Director", "as": "director", "action": "", "logical alternative": True,
             "why": "Pass is clear for me"},
            {"name": "D. Peer", "as": "peer", "action": "P", "logical alternative": True, "why": "some pass"}]
    people = _people(rows, ENGLISH)
    assert people == [{"name": "C. Director", "class": "director", "views": [], "said": "Pass is clear for me"},
                      {"name": "D. Peer", "class": "peer", "views": [{"action": "P", "la": True, "why": "some pass"}],
                       "said": ""}]
    assert evidence_from_list([{"kind": "consultation", "people": people}])[0].people[0].said == "Pass is clear for me"


@pytest.mark.parametrize("shares, asked, counts", [
    ({"P": "67%", "X": "17%", "3D": "17%"}, 6, [4, 1, 1]),           # 101%: each share rounded to the percent
    ({"P": "43%", "X": "29%", "3D": "29%"}, 7, [3, 2, 2]),
    ({"P": "17%", "X": "17%", "3D": "17%", "4S": "50%"}, 6, [1, 1, 1, 3]),
])
def test_published_shares_that_add_to_over_100_by_rounding_are_real_polls(shares, asked, counts):
    from fractions import Fraction
    from analysis.law.questions.la_evidence import PublishedPoll
    read = PublishedPoll(tuple((a, Fraction(s.rstrip("%")) / 100) for a, s in shares.items()), asked)
    assert [read.count(s)[0] for _, s in read.shares] == counts


def test_a_published_share_that_more_than_one_count_fits_says_so():
    from fractions import Fraction
    from analysis.language import ENGLISH
    from analysis.law.questions.la_evidence import PublishedPoll
    read = PublishedPoll((("P", Fraction(33, 100)),), 250)
    assert read.counts_that_fit(Fraction(33, 100)) == (82, 83) and read.count(Fraction(33, 100))[0] == 83
    assert "33% of 250 could stand for 82–83 pollees, each rounding to 33%; the nearest is counted" in \
        ENGLISH.say(read.words())
    with pytest.raises(HuddleInputError, match="more than 100%, even allowing half a point of rounding each"):
        PublishedPoll((("P", Fraction(60, 100)), ("X", Fraction(42, 100))), 10)
