"""Case records: history of every change, the status workflow, PBN import; SQLite and PostgreSQL."""
import dataclasses

import pytest

from analysis import HuddleInputError
from analysis.law import case as case_files
from polling import cases, db, services, setup

PBN = """[Event "Club pairs"]
[Board "9"]
[Dealer "N"]
[Vulnerable "EW"]
[Deal "N:AKQ2.KQ2.AK2.AK2 JT9.JT9.JT9.JT98 8765.8765.876.76 43.A43.Q543.Q543"]
[Declarer "N"]
[Contract "6NT"]
[Result "11"]
[Auction "N"]
2C Pass 2D Pass
2NT Pass 3NT Pass
6NT Pass Pass Pass

[Event "Club pairs"]
[Board "10"]
[Dealer "E"]
[Vulnerable "All"]
[Deal "N:AKQ2.KQ2.AK2.AK2 JT9.JT9.JT9.JT98 8765.8765.876.76 43.A43.Q543.Q543"]
[Contract "Pass"]
[Auction "E"]
Pass Pass Pass Pass
"""


def test_from_pbn_reads_deal_auction_and_result():
    case = case_files.from_pbn(PBN, "b9", "Board 9", action_index=8)
    assert case.event == "Club pairs" and case.board.number == 9 and case.board.dealer == "N"
    assert case.board.vulnerability == "ew" and len(case.board.auction.calls) == 12
    assert case.table_result.to_dict() == {"contract": "6NT-1", "declarer": "N", "ns_score": -50}
    assert case.action_seat == "N"
    passed = case_files.from_pbn(PBN, "b10", "Board 10", game=2)
    assert case_files.from_pbn(PBN, "b10", "Board 10", board=10) == passed
    assert passed.table_result.passed_out and passed.table_result.ns_score == 0


def test_from_pbn_without_a_result_keeps_the_contract():
    """Before: a contract with no result was dropped when the case was made, and the export wrote
    [Contract "?"]."""
    text = PBN.split("\n\n")[0].replace('[Result "11"]\n', "")
    case = case_files.from_pbn(text, "b9", "Board 9")
    assert case.table_result.bid == ("6NT", "N") and case.table_result.ns_score is None
    assert case.table_result.describe() == "6NT by North, result not recorded"
    assert case_files.loads(case_files.dumps(case)) == case
    exported = case_files.to_pbn(case)
    assert '[Contract "6NT"]' in exported and '[Declarer "N"]' in exported and '[Result "?"]' in exported


@pytest.mark.parametrize("text, game, field, problem", [
    (PBN, 6, "game", "the file has no game 6; it holds boards 9, 10"),
    ('[Board "1"]\n', 1, "file", "board 1 \\(game 1 of the file\\), line 1: the game has no \\[Deal\\]"),
    (PBN.replace("AKQ2.KQ2.AK2.AK2 JT9", "AKQ2.KQ2.AK2.AK3 JT9", 1), 1, "file", "board 9 .*line 5: .*♣3"),
    (PBN.replace('[Declarer "N"]', '[Declarer "Q"]'), 1, "file", "\\[Declarer \"Q\"\\] must be N, E, S or W"),
])
def test_bad_pbn_names_the_problem(text, game, field, problem):
    with pytest.raises(HuddleInputError, match=problem) as err:
        case_files.from_pbn(text, "x", "X", game=game)
    assert err.value.field == field


def test_case_id_from_title():
    assert case_files.case_id_from_title("LAWS.033: 6♦ after a hesitation") == "laws-033-6d-after-a-hesitation"
    assert case_files.case_id_from_title("♠♥") == "case"


@pytest.fixture
def stored(database_url):
    setup.prepare_database(load_examples=False)
    case = case_files.from_pbn(PBN, "b9", "Board 9", action_index=8)
    return cases.create_case(case, "tess"), case


def test_every_change_is_kept_with_who_when_what(stored):
    record_id, case = stored
    edited = dataclasses.replace(case, notes="North thought for a while before 6NT.", scoring="imps")
    assert cases.update_case(record_id, edited, "tom") == ["notes", "scoring"]
    assert cases.update_case(record_id, edited, "tom") == []          # nothing changed, nothing kept
    cases.set_status(record_id, "ruled", "tom", "table result stands")
    changes = cases.history(record_id)
    assert [(c.username, c.action) for c in changes] == [("tess", "created"), ("tom", "edited"), ("tom", "status")]
    assert changes[1].summary == "changed notes, scoring"
    assert changes[2].summary == "status open → ruled: table result stands"
    assert case_files.loads(changes[0].body).notes == "" and case_files.loads(changes[1].body).scoring == "imps"
    assert changes[0].at <= changes[1].at <= changes[2].at
    assert cases.get_case(record_id).status == "ruled"


def test_status_workflow_refuses_skips(stored):
    record_id, _ = stored
    with pytest.raises(HuddleInputError, match="a case that is open can move to polling, ruled, closed, not to appealed"):
        cases.set_status(record_id, "appealed", "tess")
    with pytest.raises(HuddleInputError, match="'decided' must be one of"):
        cases.set_status(record_id, "decided", "tess")
    for status in ("polling", "ruled", "appealed"):
        cases.set_status(record_id, status, "tess")
    with pytest.raises(HuddleInputError, match="an appeal is under way: only the appeals committee's decision ends it"):
        cases.set_status(record_id, "closed", "tess")
    assert [c.status for c in cases.history(record_id)] == ["open", "polling", "ruled", "appealed"]


def test_issuing_poll_links_moves_the_case_to_polling(stored):
    record_id, _ = stored
    poll = services.create_poll(record_id, "Matchpoints. Your call?", alternatives=("P",))
    assert cases.get_case(record_id).status == "open"
    services.issue_invites(poll.id, ["Ann"], username="tess")
    assert cases.get_case(record_id).status == "polling"
    assert cases.history(record_id)[-1].summary == "status open → polling: poll links issued"


def test_a_case_keeps_its_id_and_duplicates_write_nothing(stored):
    record_id, case = stored
    with pytest.raises(HuddleInputError, match="a case keeps its id"):
        cases.update_case(record_id, dataclasses.replace(case, id="other"), "tess")
    second = dataclasses.replace(case, id="b9-again")
    with pytest.raises(HuddleInputError, match="'b9' is already a case"):
        cases.create_cases([second, case], "tess")
    assert [r.slug for r in db.list_cases()] == ["b9"]                 # b9-again not written either
    with pytest.raises(HuddleInputError, match="there is no case 999"):
        cases.get_case(999)


def test_export_then_import_round_trips(stored):
    record_id, case = stored
    from polling.dossier import export_case
    text = export_case(record_id)
    assert case_files.loads(text) == case
    copy = case_files.loads(text.replace('"id": "b9"', '"id": "b9-copy"'))
    new_id = cases.create_case(copy, "tess", "imported")
    assert cases.get_case(new_id).case.board == case.board
    assert cases.find_case("b9-copy") == new_id
