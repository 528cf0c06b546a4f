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
    LA; 4♥ by West, 10 tricks 2/3, 9 tricks 1/3: 2/3 × 0 + 1/3 × 10 IMPs); 5♠ after both slow
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
