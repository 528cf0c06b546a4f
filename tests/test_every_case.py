"""Every case as it happened: several irregularities and actions in question in one case, each
action ruled with all the information its player had; each note after a call read for what it
is; cards, contracts, voids and hand descriptions in the club's letters; any action in `huddle
la`; the score after a penalty in words; plurals where a count meets a unit."""
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from analysis.errors import HuddleInputError
from analysis.bridge.auction import read_auction_line, read_back
from analysis.bridge.hands import HandRange
from analysis.files import pbn
from analysis.language import ENGLISH, language
from analysis.law import case as case_files
from analysis.law.adjustment.penalties import ProceduralPenalty
from analysis.law.ruling import rule
from analysis.vocabulary import find_card, read_contract, read_hand
from conftest import CASES, ROOT

TWO_ACTIONS = CASES / "two-slow-passes-two-actions.json"
BOTH_SIDES = CASES / "slow-pass-and-wrong-explanation.json"


def load(path):
    return case_files.loads(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- several irregularities and actions

def test_two_breaks_in_tempo_and_two_actions_ruled_in_words_and_numbers():
    """Worked by hand in docs/rulings.md: 4♠ after the first slow pass is adjusted (Pass the only
    LA; 4♥ by East, 10 tricks 2/3, 9 tricks 1/3: 2/3 × 0 + 1/3 × 10 IMPs); 5♠ after both slow
    passes has Pass and Double as LAs but no damage (5/8 × 10 + 3/8 × 11 = 10 3/8 IMPs to North-South
    against +8 at the table); the board's score is the first action's."""
    case = load(TWO_ACTIONS)
    assert len(case.irregularities) == 2 and [a.call_index for a in case.actions] == [6, 10]
    assert case.actions[1].follows == (0, 1)
    ruling = rule(case)
    first, second = ruling.paths
    assert first.adjusted and first.scores["NS"].imps == Fraction(10, 3)
    assert not second.adjusted and second.worksheet.answers[3].answer is False
    assert "after the legal alternatives -10 3/8 IMPs" in str(second.worksheet.answers[3].evidence)
    assert ruling.adjusted and ruling.scored_by == 0 and ruling.scores["EW"].imps == Fraction(-10, 3)
    text = str(ruling.text)
    assert "Action 1 in question, unauthorized information:" in text and "Action 2 in question" in text
    assert "The player had all this information together (Law 16B1(a)): (1)" in text      # both breaks
    assert "The board's score is action 1's" in text
    assert text.count("Two slow passes, then 4♠ and 5♠ (constructed).") == 1        # one heading


def test_a_hesitation_by_one_side_and_a_wrong_explanation_by_the_other():
    """East-West's misexplanation: North's pass of 2♦ is not damaged (19 of 22 at the table); South's
    slow pass: North's 3♦ is adjusted to 2♥ by East, 9 or 10 tricks: North-South 6 1/2 of 22."""
    case = load(BOTH_SIDES)
    assert case.kind == "MI" and case.further_actions[0].kind == "UI"
    assert case.path(1).offending_side == "NS" and case.path(0).offending_side == "EW"
    ruling = rule(case)
    mi, ui = ruling.paths
    assert not mi.adjusted and "at the table 19 of 22 matchpoints" in str(mi.worksheet.answers[3].evidence)
    assert ui.adjusted and ruling.scored_by == 1
    assert ruling.scores["NS"].matchpoints == Fraction(13, 2) and ruling.scores["EW"].matchpoints == Fraction(31, 2)
    assert "The board's score is action 2's" in str(ruling.text)


def test_the_list_form_round_trips_and_a_single_case_keeps_its_shape():
    case = load(TWO_ACTIONS)
    data = case.to_dict()
    assert data["format_version"] == 4 and "irregularity" not in data and "action_index" not in data
    assert case_files.loads(case_files.dumps(case)) == case
    single = load(CASES / "laws033-6d-slam.json").to_dict()
    assert single["format_version"] == 3 and "irregularities" not in single and "actions" not in single


@pytest.mark.parametrize("change, field", [
    (lambda d: {**d, "irregularity": d["irregularities"][0]}, "irregularities"),
    (lambda d: {**d, "action_index": 6}, "action_index"),
    (lambda d: {**d, "actions": list(reversed(d["actions"]))}, "actions[1]"),
    (lambda d: {**d, "actions": [d["actions"][0], {**d["actions"][1], "follows": [2]}]}, "actions[1].follows"),
    (lambda d: {**d, "actions": [{**d["actions"][0], "follows": [1]}, d["actions"][1]]}, "actions[0].follows"),
    (lambda d: {**d, "actions": [d["actions"][0], {**d["actions"][1], "call_index": 40}]}, "actions[1].call_index"),
    (lambda d: {**d, "scored_by": 5}, "scored_by"),
    (lambda d: {**d, "actions": [{**d["actions"][0], "kind": "MI"}, d["actions"][1]]}, "actions[0].kind"),
])
def test_a_malformed_list_form_names_its_field(change, field):
    data = json.loads(TWO_ACTIONS.read_text(encoding="utf-8"))
    with pytest.raises(HuddleInputError) as refused:
        case_files.Case.from_dict(change(data))
    assert refused.value.field == field, refused.value


def test_the_board_s_score_from_an_action_that_is_not_adjusted_is_refused():
    case = replace(load(TWO_ACTIONS), scored_by=1)
    with pytest.raises(HuddleInputError, match="action 2 is not adjusted"):
        rule(case)


def test_huddle_rule_and_the_report_carry_every_action(capsys, tmp_path):
    from huddle.cli import main
    assert main(["rule", str(TWO_ACTIONS), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [a["table_action"] for a in out["actions"]] == ["4S", "5S"] and out["scored_by"] == 0
    assert main(["report", str(TWO_ACTIONS), "-o", str(tmp_path), "--html"]) == 0
    html = next(tmp_path.glob("*.html")).read_text(encoding="utf-8")
    assert "Action 1 in question: 4♠ by South" in html and "Action 2 in question: 5♠ by South" in html


# ---------------------------------------------------------------- each note read for what it is

TEMPO_NOTES = {
    "en": [("P(thought 20 s)", 20), ("P(15)", 15), ("P(hesit.)", None), ("P(tempo)", None), ("P(slow, ~10 secs)", 10)],
    "fr": [("Passe(réfléchi 15 secondes)", 15), ("P(hésit.)", None), ("Passe(tempo)", None), ("Passe(env. 20 s)", 20),
           ("Passe(a réfléchi)", None)],
    "de": [("Passe(ca. 20 Sek.)", 20), ("Passe(Zögern)", None), ("P(lange überlegt)", None), ("Passe(zög.)", None)],
    "nl": [("Pas(aarz. 10 sec.)", 10), ("Pas(denkpauze)", None), ("Pas(tempo)", None), ("Pas(ca. 12 seconden)", 12)],
}


@pytest.mark.parametrize("code", sorted(TEMPO_NOTES))
def test_tempo_notes_typed_at_the_table_are_pauses_and_read_back_so(code):
    lang = language(code)
    for note, seconds in TEMPO_NOTES[code]:
        call = read_auction_line(f"1NT {note}", "N", lang).calls[1]
        assert call.tempo_break and call.tempo_seconds == seconds and call.explanation is None, (note, call)
        assert " — " in lang.say(read_back(call)), note
    said = lang.say(read_back(read_auction_line("1NT P(15)", "N", lang).calls[1]))
    assert "15" in said


def test_the_line_read_back_says_what_each_note_was_taken_as():
    fr = language("fr")
    calls = read_auction_line("1SA P 2K!(transfert, faible) Passe(réfléchi 15 secondes)", "N", fr).calls
    assert [fr.say(read_back(c)) for c in calls[2:]] == ["2♦! — explication : transfert, faible",
                                                          "Passe — pause : 15 secondes"]
    assert calls[2].explanation == "transfert, faible"        # as typed, not "transfert; faible"


def test_a_note_that_could_be_either_is_asked_never_filed():
    with pytest.raises(HuddleInputError, match="may say the call was slow, or explain it"):
        read_auction_line("1H P(thought long, natural) 2H", "N", ENGLISH)
    marked = read_auction_line("1H P*(thought long, natural) 2H", "N", ENGLISH).calls[1]
    assert marked.tempo_break and marked.tempo_note == "thought long" and marked.explanation == "natural"
    explained = read_auction_line("1H P(=thought long, natural) 2H", "N", ENGLISH).calls[1]
    assert not explained.tempo_break and explained.explanation.startswith("thought long")


def test_a_made_up_language_s_tempo_words_are_read_as_pauses(tmp_path, monkeypatch):
    from test_club_language import _made_up
    import analysis.language as languages
    from analysis.vocabulary import word as words
    try:
        xq = _made_up(tmp_path, monkeypatch)
        call = read_auction_line("1NT P(zztempo 12 zzs)", "N", xq).calls[1]
        assert call.tempo_break and call.tempo_seconds == 12 and call.explanation is None
    finally:
        languages.shipped_languages.cache_clear()
        languages.language.cache_clear()
        words.reading_table.cache_clear()


@pytest.mark.parametrize("code, note, seconds", [("fr", "réfléchi 15 secondes", 15), ("de", "Zögern, ca. 20 Sek.", 20),
                                                 ("nl", "aarz. 10 sec.", 10), ("en", "hesit.", None)])
def test_tempo_notes_in_a_pbn_file_are_pauses_in_each_language(code, note, seconds):
    text = ("[Event \"\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
            "[Deal \"N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654\"]\n"
            f"[Auction \"N\"]\n1NT Pass =1= 2C Pass\n2D Pass Pass Pass\n[Note \"1:{note}\"]\n")
    game = pbn.loads(text.encode(), lang=language(code)).games[0]
    call = game.board.auction.calls[1]
    assert call.tempo_break and call.tempo_seconds == seconds and not call.alerted and call.explanation is None, call


# ---------------------------------------------------------------- cards, contracts, voids, hands

def test_cards_rank_first_in_the_club_s_letters():
    assert find_card("DT", language("fr")) == "CQ" and find_card("DT", language("de")) == "CQ"
    assert find_card("DT", ENGLISH) == "DT" and find_card("♠R", language("fr")) == "SK"


@pytest.mark.parametrize("code, typed, read", [
    ("fr", "2Co", "2H"), ("fr", "2Ca", "2D"), ("fr", "5Tr", "5C"), ("fr", "4 Pique Ctr -1", "4SX-1"),
    ("de", "4 Pik kontr. -2", "4SX-2"), ("en", "4S dbl -1", "4SX-1"), ("de", "3 Ohne -1", "3NT-1"),
    ("nl", "3ZT+1", "3NT+1"), ("de", "4C=", "4H=")])
def test_contracts_as_directors_type_them(code, typed, read):
    assert read_contract(typed, language(code)) == read


def test_a_void_typed_as_a_dash_and_a_range_in_the_club_s_points():
    assert read_hand("AK97.-.A53.K86542", ENGLISH) == "AK97..A53.K86542"
    assert read_hand("RD97.—.A53.R86542", language("fr")) == "KQ97..A53.K86542"
    assert HandRange.read("12-14 F", language("de")).hcp == (12, 14)
    assert HandRange.read("15-17 H, régulière", language("fr")).text() == "15–17 HCP, balanced"


def test_huddle_la_reads_a_lead_poll_by_suits_and_labels_again(capsys):
    from huddle.cli import main
    assert main(["la", "--chose", "H=0 S=5", "--table-action", "S"]) == 0
    assert "♠ is the action taken at the table" in capsys.readouterr().out
    assert main(["la", "--chose", "duck=3 win=4", "--considered", "duck=1", "--table-action", "win", "--json"]) == 0
    verdicts = {v["action"]: v["verdict"] for v in json.loads(capsys.readouterr().out)["actions"]}
    assert verdicts == {"duck": "LA", "win": "table action"}
    assert main(["la", "--chose", "4Z=3 P=4", "--table-action", "P"]) == 2        # a bid mistyped, never a label


# ---------------------------------------------------------------- the ruling's words

def test_the_score_after_a_procedural_penalty_is_said():
    case = load(CASES / "kooijman-weighted-imps.json")
    penalty = ProceduralPenalty("NS", Fraction(1), "IMPs", "director", "Slow play")
    ruling = rule(replace(case, ruling=replace(case.ruling, procedural_penalties=(penalty,))))
    text = str(ruling.text)
    assert "on North-South, imposed by the director: 1 IMP," in text
    assert "North-South after the procedural penalties: 3 2/3 IMPs." in text


def test_a_count_meets_its_unit_in_the_singular():
    from analysis.law.adjustment.assigned import SideScore
    assert str(SideScore("NS", None, imps=Fraction(1)).said(Fraction(1))) == "1 IMP"
    assert str(SideScore("NS", None, matchpoints=Fraction(1), top=20).said(Fraction(1))) == "1 of 20 matchpoints"
    assert language("fr").say(SideScore("NS", None, imps=Fraction(3, 2)).said(Fraction(3, 2))) == "1 1/2 IMP"
    assert str(SideScore("NS", None, imps=Fraction(2, 3)).said(Fraction(2, 3))) == "2/3 IMPs"


def test_the_law_room_has_its_rooms():
    rooms = {p.name for p in (ROOT / "analysis" / "law").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert rooms == {"laws", "case", "questions", "adjustment", "ruling", "appeal"}
    assert {p.name for p in (ROOT / "analysis" / "law").glob("*.py")} == {"__init__.py"}


# ---------------------------------------------------------------- on the pages

@pytest.fixture
def director(sqlite_url, monkeypatch):
    from polling import accounts, setup
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    setup.prepare_database()
    return accounts.create_user("tess", "bidding-box", "director", "Tess Director")


def _page(user, page, case_slug=None):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from polling import cases
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = user
    at.run()
    if case_slug:
        at.session_state["case_id"] = cases.find_case(case_slug)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_the_phone_takes_a_second_pause_in_one_tap_and_saves_both_actions(director):
    """Before: a case held one irregularity; a French director's « Passe (réfléchi 15 secondes) »
    was the pass's explanation, and the irregularity defaulted to the auction's last call."""
    from polling import cases, organisations
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr")
    at = _page(director, "ui/intake.py")
    at.text_input(key="tbl_auction").set_value(
        "1P 2C 3P 4C Passe(réfléchi 20 secondes) P 4P 5C P(hésit. 15 s) P 5P passe tout").run()
    assert not at.error, [e.value for e in at.error]
    assert any("Passe — pause : 20 secondes" in m.value for m in at.markdown), [m.value for m in at.markdown]
    assert at.selectbox(key="tbl_at").value == 4 and at.selectbox(key="tbl_action").value == 6
    at.button(key="tbl_more").click().run()
    assert at.selectbox(key="tbl1_at").value == 8 and at.selectbox(key="tbl1_action").value == 10
    at.radio(key="tbl_agreed").set_value("agreed")
    at.radio(key="tbl1_agreed").set_value("agreed").run()
    at.button(key="tbl_save").click().run()
    assert not at.error, [e.value for e in at.error]
    saved = cases.get_case(at.session_state["case_id"]).case
    assert [i.call_index for i in saved.irregularities] == [4, 8]
    assert [(a.call_index, a.follows) for a in saved.actions] == [(6, (0,)), (10, (0, 1))]
    assert saved.board.auction.calls[4].tempo_seconds == 20 and saved.board.auction.calls[4].explanation is None


def test_the_ruling_page_rules_each_action_and_saves_both(director):
    from polling import cases
    at = _page(director, "ui/ruling.py", "two-slow-passes-two-actions")
    record = cases.find_case("two-slow-passes-two-actions")
    assert at.selectbox(key=f"rf_scored_by_{record}").value is None
    assert any(e.label.startswith("Action 2 in question: 5♠ by South") for e in at.expander)
    assert at.selectbox(key=f"rf_counts_{record}_a1") is not None          # the second action's own poll
    assert any("3 1/3 IMPs" in str(m.value) for m in [*at.markdown, *at.caption, *at.text]), "the board's score"
    at.button(key="ruling_save").click().run()
    assert not at.error, [e.value for e in at.error]
    stored = cases.get_case(record).case
    assert len(stored.actions) == 2 and stored.further_actions[0].ruling is not None
    assert rule(stored).scores["NS"].imps == Fraction(10, 3)


def test_the_editor_keeps_both_irregularities_and_actions(director):
    from polling import cases
    at = _page(director, "ui/case_editor.py")
    record = cases.find_case("slow-pass-and-wrong-explanation")
    at.session_state["editor_case"] = record
    at.run()
    assert at.session_state["ed_more_irr"][0]["type"] == "hesitation"
    assert at.session_state["ed_more_actions"][0] == {"call": 8, "follows": "2", "kind": "UI"}
    at.button(key="ed_save").click().run()
    assert not at.error, [e.value for e in at.error]
    assert cases.get_case(record).case == replace(load(BOTH_SIDES), ruling_version=1)


# ---------------------------------------------------------------- evidence with no names, the rectification

def test_a_consultation_and_a_committee_finding_recorded_without_names():
    """Before: a consultation of three players, or a published committee's finding, could not be
    recorded without inventing member names."""
    from analysis.law.questions.la_evidence import evidence_from_list
    data = [{"kind": "consultation", "class": "peer", "consulted": 3, "counts": {"P": 2, "X": 0}},
            {"kind": "committee vote", "action": "P", "finding": True, "reason": "as the casebook prints it"}]
    consulted, found = evidence_from_list(data)
    assert "consulted 3 peers, recorded by their numbers and not by name: 2 of 3 found Pass" in str(consulted.words())
    assert str(found.words()).startswith("The committee found, by a vote not published, that Pass is a logical")
    assert [e.to_dict() for e in (consulted, found)] == [{**data[0], "when": ""}, data[1]]
    with pytest.raises(HuddleInputError) as refused:
        evidence_from_list([{**data[0], "counts": {"P": 4}}])
    assert refused.value.field == "ruling.evidence[0].counts.P"
    boston = load(CASES / "boston-3h.json")
    ruled = rule(replace(boston, ruling=replace(boston.ruling, evidence=(consulted,))))
    assert "recorded by their numbers and not by name" in str(ruled.text)


def test_the_rectification_of_a_withdrawn_call_is_said_with_its_law():
    withdrawn = {"type": "withdrawn", "by": "W", "call_index": 3, "agreed": True, "description": "1♥ insufficient",
                 "withdrawn": {"action": "1H", "why": "insufficient", "comparable": False, "forced_pass": 5,
                               "rectification": "partner passes"}}
    data = json.loads((CASES / "laws033-case-a.json").read_text(encoding="utf-8"))
    from analysis.law.case.parts import irregularity_from
    from analysis.law.case.parts import board_from
    board = board_from({**data, "auction": [{"call": c} for c in ("1S", "P", "2H", "3C", "P", "P", "3H", "P", "P", "P")],
                        "board": {"number": 1}})
    irr = irregularity_from(withdrawn, board)
    assert [str(x) for x in irr.fact_lines("2017")][1] == \
        "Rectification: East must pass whenever it is his turn to call (Law 27B2)."
    lead = irregularity_from({**withdrawn, "withdrawn": {**withdrawn["withdrawn"], "rectification": "lead restriction",
                                                         "suit": "H", "lead": "prohibited"}}, board)
    assert "declarer prohibited the lead of ♥ (Law 26B)" in str(lead.fact_lines("2017")[1])
    with pytest.raises(HuddleInputError) as refused:
        irregularity_from({**withdrawn, "withdrawn": {**withdrawn["withdrawn"], "rectification": "lead restriction"}}, board)
    assert refused.value.field == "irregularity.withdrawn.suit"
