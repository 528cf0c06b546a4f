"""Facts as a director establishes them (Law 85A): by agreement or by the director's finding on the
balance of probabilities, nothing else; until then question 1 waits and nothing is adjusted."""
import copy
import json

import pytest

from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.law.ruling.engine import rule
from conftest import CASES, ROOT

SLAM = json.loads((CASES / "laws033-6d-slam.json").read_text())
SKIP = json.loads((CASES / "disputed-pause-over-4h.json").read_text())


def ruled(data):
    return rule(case_files.Case.from_dict(data))


def test_a_hesitation_nobody_agreed_or_found_is_not_taken_as_fact():
    """Before: no `agreed`, no seconds, no finding was ruled "established by the director" and adjusted."""
    data = copy.deepcopy(SLAM)
    data["irregularity"].pop("agreed")
    ruling = ruled(data)
    q1 = ruling.worksheet.answers[0]
    assert q1.answer is None and not ruling.adjusted
    assert "Missing: the director's finding whether it happened (no statement is recorded)" in q1.reason
    assert ruling.scores["NS"].describe() == "+920"                     # the table score, nothing adjusted
    assert "Not yet decided: unauthorized information." in ruling.text


def test_after_a_skip_bid_one_side_s_seconds_are_not_the_fact():
    """Before: with East-West saying 25 s, North-South 10 s and `agreed` missing, the 25 s was taken as fact."""
    data = copy.deepcopy(SKIP)
    data["auction"][1].pop("tempo_seconds")
    data["irregularity"]["seconds"] = 25
    data["irregularity"]["statements"] = [{"by": "EW", "said": "about 25 seconds", "seconds": 25},
                                          {"by": "NS", "said": "ten seconds, as the stop card asks", "seconds": 10}]
    del data["irregularity"]["finding"]
    q1 = ruled(data).worksheet.answers[0]
    assert q1.answer is None
    assert ("Missing: the director's finding on how long it took (East-West: “about 25 seconds” (25 s); "
            "North-South: “ten seconds, as the stop card asks” (10 s))") in q1.reason
    data["irregularity"]["agreed_seconds"] = True                        # both agree on 25: the fact stands
    assert ruled(data).worksheet.answers[0].answer is True


@pytest.mark.parametrize("found, seconds, answer", [(True, 25, True), (None, 10, False), (None, 16, None),
                                                      (True, 16, True), (False, 16, False), (None, 5, True)])
def test_the_director_s_finding_settles_the_seconds_and_whether_it_was_unmistakable(found, seconds, answer):
    data = copy.deepcopy(SKIP)
    data["irregularity"]["finding"] = {"happened": found, "seconds": seconds, "reason": "heard all four players"}
    assert ruled(data).worksheet.answers[0].answer is answer


def test_agreement_on_the_seconds_and_on_an_unmistakable_hesitation_are_kept_apart():
    data = copy.deepcopy(SKIP)
    data["auction"][1].pop("tempo_seconds")
    data["irregularity"].update(seconds=16, agreed_seconds=True)
    del data["irregularity"]["finding"]
    assert ruled(data).worksheet.answers[0].answer is None              # 16 s agreed: unmistakable? not found
    data["irregularity"]["agreed_happened"] = True
    assert ruled(data).worksheet.answers[0].answer is True


def test_the_example_case_reads_out_each_statement_and_the_finding():
    ruling = ruled(copy.deepcopy(SKIP))
    assert ruling.adjusted
    assert "Said: North (at the table): “I waited the ten seconds the stop card asks for and asked one question” (10 s)." \
        in ruling.text
    assert "The director finds, on the balance of probabilities (Law 85A1), that it happened and that it took 25 seconds" \
        in ruling.text


@pytest.mark.parametrize("finding, message", [
    ({"happened": True}, "irregularity.finding.reason: a finding of fact gives its reason"),
    ({"happened": "yes", "reason": "x"}, "irregularity.finding.happened: must be true, false or null"),
    ({"seconds": -3, "reason": "x"}, "irregularity.finding.seconds: -3 must be a whole number of seconds"),
])
def test_a_finding_without_its_reason_or_with_a_bad_value_is_refused_by_field(finding, message):
    data = copy.deepcopy(SKIP)
    data["irregularity"]["finding"] = finding
    with pytest.raises(HuddleInputError, match=message.replace("(", r"\(")):
        case_files.Case.from_dict(data)


def test_a_statement_needs_who_and_what():
    data = copy.deepcopy(SKIP)
    data["irregularity"]["statements"] = [{"by": "W"}]
    with pytest.raises(HuddleInputError, match=r"irregularity.statements\[0\]: needs who said it"):
        case_files.Case.from_dict(data)


def test_the_ruling_page_asks_for_the_missing_finding_and_keeps_it(sqlite_url, monkeypatch):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from polling import accounts, cases, setup
    monkeypatch.chdir(ROOT)
    setup.prepare_database(load_examples=False)
    tess = accounts.create_user("tess", "bidding-box", "director")
    data = copy.deepcopy(SKIP)
    del data["irregularity"]["finding"]
    record = cases.create_case(case_files.Case.from_dict(data), "tess")
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = tess
    at.query_params["case"] = data["id"]
    at.run()
    at.switch_page("ui/ruling.py").run()
    assert not at.exception
    assert any(m.value == "**The facts are not established yet (Law 85A)**" for m in at.markdown)
    at.radio(key=f"rf_fact_happened_{record}").set_value("yes")
    at.number_input(key=f"rf_fact_seconds_{record}").set_value(25)
    at.text_input(key=f"rf_fact_reason_{record}").set_value("East and West agree; North asked a question as well")
    next(b for b in at.button if b.label == "Keep this finding with the facts").click().run()
    assert not at.exception and not at.error
    kept = cases.get_case(record).case.irregularity.finding
    assert (kept.happened, kept.seconds) == (True, 25)
    assert not any(m.value == "**The facts are not established yet (Law 85A)**" for m in at.markdown)


@pytest.mark.parametrize("code, expected", [
    ("nl", "dat het gebeurde en dat het 25 seconden duurde"),       # a subordinate clause: the verb last
    ("de", "dass es geschah und dass es 25 Sekunden dauerte"),
    ("fr", "que cela s'est produit et que cela a duré 25 secondes"),
])
def test_the_finding_is_one_sentence_in_each_language_s_word_order(code, expected):
    from analysis.language import language
    lines = [language(code).say(line) for line in case_files.Case.from_dict(copy.deepcopy(SKIP)).irregularity.fact_lines()]
    assert any(expected in line for line in lines), lines
