"""The club's evening without a stumble: a worksheet that proposes only what can happen and says
when it is Huddle's proposal, the chair able to rule after a lawful reopening, and a saved ruling
that changes nothing no one touched."""
import json
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest
from page_runs import PAGE_SECONDS

from analysis.law import case as case_files
from analysis.law.appeal.committee import reconsidered_inputs
from analysis.law.appeal.record import Reconsideration
from conftest import CASES, ROOT
from polling import accounts, cases, committee, rulings, setup

APP = str(ROOT / "streamlit_app.py")


def load(name):
    return case_files.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------- A. only what can happen

def test_after_a_double_the_proposal_follows_the_table_s_auction_not_a_doubled_transfer():
    """Before: with the right explanation North doubles 2♦; the proposal played 2♦ doubled by West
    (three passes after the double). After a double the bid to play is unchanged, so the table's
    own later calls follow: East completes the transfer, 2♥ by East."""
    mi = load("constructed-mi-transfer")
    assert mi.likely_contract("X") == ("2H", "E")
    assert mi.board.auction.contract_after(3, "X") == ("2H", "", "E")
    assert mi.likely_contract("3D") == ("3D", "N")          # a bid: everyone passing, for her to review


@pytest.fixture
def director(sqlite_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    setup.prepare_database()
    return accounts.create_user("tess", "bidding-box", "director", "Tess Director")


def page(user, slug, name="ui/ruling.py") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = user
    at.query_params["case"] = slug
    at.run()
    at.switch_page(name).run()
    assert not at.exception, at.exception
    return at


def test_a_worksheet_on_huddle_s_proposal_says_so_and_is_saved_only_once_reviewed(director):
    """A case with no ruling yet: the page opens on the newest poll and proposes an outcome tree;
    saved as her finding only once she says she reviewed it."""
    from polling import services
    slam = load("laws033-6d-slam")
    record = cases.create_case(replace(slam, id="fresh-slam", ruling=None), "tess")
    poll = services.create_poll(record, "Matchpoints. Your call?", alternatives=("P",))
    for call in ("P", "P", "P", "6D", "6D"):
        services.record_verbal_vote(poll.id, call)
    at = page(director, "fresh-slam")
    at.radio(key=f"rf_sugg_{record}_finding").set_value("yes").run()
    assert any("This outcome tree is Huddle's proposal" in w.value for w in at.warning), [w.value for w in at.warning]
    assert next(b for b in at.button if b.key == "ruling_save").disabled
    at.checkbox(key=f"ruling_reviewed_{record}").check().run()
    assert not next(b for b in at.button if b.key == "ruling_save").disabled
    at.button(key="ruling_save").click().run()
    assert not at.error, [e.value for e in at.error]
    assert len(rulings.ruling_versions(record)) == 1


def test_cancelling_an_alternative_the_ui_suggests_reviews_no_other_branch(director):
    """Marking one alternative as suggested by the UI cancels its branch; the other branches are
    still Huddle's proposal, so the worksheet still asks her to review them before it is saved."""
    from polling import services
    slam = load("laws033-6d-slam")
    record = cases.create_case(replace(slam, id="fresh-slam", ruling=None), "tess")
    poll = services.create_poll(record, "Matchpoints. Your call?", alternatives=("P", "6H"))
    for call in ("P", "P", "6H", "6H", "6D"):
        services.record_verbal_vote(poll.id, call)
    at = page(director, "fresh-slam")
    at.radio(key=f"rf_sugg_{record}_finding").set_value("yes").run()
    at.multiselect(key=f"rf_sugg_las_{record}").set_value(["6H"]).run()
    assert not at.exception, at.exception
    rows = at.session_state[f"rf_tree_{record}_offenders_rows"]
    assert any(r.get("action") == "6H" and r.get("cancelled") for r in rows), rows
    assert any("This outcome tree is Huddle's proposal" in w.value for w in at.warning), [w.value for w in at.warning]
    assert next(b for b in at.button if b.key == "ruling_save").disabled


# ---------------------------------------------------------------- B. the chair rules after a reopening

def test_the_chair_who_reopens_gets_the_worksheet_and_rules(director):
    record = cases.find_case("laws033-6d-slam")
    for name in ("ann", "bob", "cy"):
        accounts.create_user(name, f"{name}-appeals-room", "committee")
    cases.set_status(record, "appealed", "tess", "North-South appeal")
    for name in ("ann", "bob", "cy"):
        committee.record_vote(record, name, "uphold", "Pass is an LA.")
    committee.record_decision(record, "cy", "Upheld: Pass is a logical alternative.")
    cases.reopen_case(record, "cy", "The table result was recorded wrongly")
    chair = accounts.authenticate("cy", "cy-appeals-room")
    at = page(chair, "laws033-6d-slam")
    assert [b for b in at.button if b.key == "ruling_save"], "the chair, a committee member, gets the worksheet"
    at.text_input(key=f"ruling_replaces_{record}").set_value("The result corrected; the committee's ruling kept")
    at.button(key="ruling_save").click().run()
    assert not at.error, [e.value for e in at.error]
    assert rulings.ruling_versions(record)[-1].username == "cy"
    member = accounts.authenticate("ann", "ann-appeals-room")          # another member may not
    assert not [b for b in page(member, "laws033-6d-slam").button if b.key == "ruling_save"]


# ---------------------------------------------------------------- C. nothing no one touched changes

def _both_paths_case():
    from test_ruling_can_say import both_paths
    data = both_paths(scored_by="misinformation")
    data["partner_ui"]["ruling"]["poll"]["counts"] = [{"action": "P", "chose": 4, "close": 1},
                                                      {"action": "3H", "chose": 3, "considered_only": 2}]
    return case_files.Case.from_dict(data)


@pytest.mark.parametrize("start", ["director", "committee"])
def test_a_ruling_saved_from_any_starting_point_changes_no_field_it_did_not_touch(director, start):
    """Before: the chair's new ruling on the misinformation path rewrote the UI path's poll counts:
    3♥ considered by 3 of 7 (a logical alternative) became 1 (not one): the typed counts kept only
    who chose each call."""
    case = replace(_both_paths_case(), id="both-paths")
    record = cases.create_case(case, "tess")
    rulings.save_ruling(record, case.ruling, "tess")
    user = director
    if start == "committee":
        for name in ("ann", "bob", "cy"):
            accounts.create_user(name, f"{name}-appeals-room", "committee")
        cases.set_status(record, "appealed", "tess", "East-West appeal")
        for name in ("ann", "bob", "cy"):
            committee.record_vote(record, name, "uphold", "Double is an LA.")
        committee.record_decision(record, "cy", "Upheld.")
        cases.reopen_case(record, "cy", "A second look")
        user = accounts.authenticate("cy", "cy-appeals-room")
    before = cases.get_case(record).case
    at = page(user, "both-paths")
    if start == "committee":
        at.text_input(key=f"ruling_replaces_{record}").set_value("Nothing changed but the reason")
    at.button(key="ruling_save").click().run()
    assert not at.error, [e.value for e in at.error]
    after = cases.get_case(record).case
    expected = before if start == "director" else replace(
        before, ruling=reconsidered_inputs(before, Reconsideration()))
    assert after.partner_ui == before.partner_ui
    assert json.dumps(after.ruling.to_dict(), sort_keys=True) == json.dumps(expected.ruling.to_dict(), sort_keys=True)
    assert [f for f in cases.history(record)[-1].summary.split("changed ")[1:]] == [] or \
        "partner_ui" not in cases.history(record)[-1].summary


# ---------------------------------------------------------------- the member list as federations export it

def test_a_french_member_list_with_series_and_language_words_and_a_dutch_one_with_particles():
    """Before: « anglais » refused the whole list, the FFB's « Série » column was ignored (everyone
    "club"), "van den" was dropped, and a club's own class ("A-lijn") refused."""
    from analysis.polls.members import read_member_list
    french = read_member_list("Nom;Prénom;Courriel;Série;Langue\nMartin;Anne;anne@club.fr;2ème série;anglais\n"
                              "Dubois;Paul;;NC;néerlandais\nLeroy;Jean;;1ère série;Deutsch\n")
    assert [(r.name, r.grade, r.language) for r in french] == [("Anne Martin", "regional", "en"),
                                                               ("Paul Dubois", "novice", "nl"),
                                                               ("Jean Leroy", "national", "de")]
    dutch = read_member_list("Voornaam;Tussenvoegsel;Achternaam;Lijn;Taal\nJan;van den;Berg;A-lijn;Engels\n")
    assert (dutch[0].name, dutch[0].grade, dutch[0].own_class, dutch[0].language) == \
        ("Jan van den Berg", "club", "A-lijn", "en")


def test_a_club_s_own_class_is_kept_in_the_member_s_notes(director):
    from polling import panel
    panel.import_members("Name,Class\nAnn Keller,grandmaster\n", "club")
    (ann,) = [m for m in panel.panel() if m.name == "Ann Keller"]
    assert ann.grade == "club" and ann.notes == "club class: grandmaster"


# ---------------------------------------------------------------- the Dutch evening's stumbles

def test_a_poll_made_on_the_command_line_offers_pass(director, capsys):
    from huddle.cli import main
    assert main(["poll", "create", "laws033-6d-slam", "--also", "7D", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["choices"] == ["P", "6D", "7D"]


def test_a_vote_to_modify_that_changes_nothing_is_refused(director):
    from analysis.errors import HuddleInputError
    record = cases.find_case("laws033-6d-slam")
    accounts.create_user("ann", "ann-appeals-room", "committee")
    cases.set_status(record, "appealed", "tess", "North-South appeal")
    with pytest.raises(HuddleInputError, match="a vote to modify the ruling says what it changes"):
        committee.record_vote(record, "ann", "modify", "Something should change")


def test_the_case_file_keeps_every_appeal(director):
    """Before: the exported case file kept only the latest appeal; appeal 1 was in the history only."""
    from polling.dossier import load_dossier
    record = cases.find_case("laws033-6d-slam")
    for name in ("ann", "bob", "cy"):
        accounts.create_user(name, f"{name}-appeals-room", "committee")
    cases.set_status(record, "appealed", "tess", "North-South appeal")
    for name in ("ann", "bob", "cy"):
        committee.record_vote(record, name, "uphold", "Pass is an LA.")
    committee.record_decision(record, "cy", "Upheld.")
    cases.reopen_case(record, "cy", "A fact found late")
    rulings.save_ruling(record, cases.get_case(record).case.ruling, "cy", reason="The corrected result")
    cases.set_status(record, "appealed", "tess", "Appealed again")
    committee.record_vote(record, "ann", "uphold", "Still an LA.")
    exported = load_dossier(record).case_file()
    assert len(exported.appeal.earlier) == 1 and exported.appeal.earlier[0].decision.decision == "uphold"
    assert [v.member for v in exported.appeal.votes] == ["ann"]
    assert case_files.loads(case_files.dumps(exported)).appeal == exported.appeal


def test_the_chair_is_named_by_name_and_a_barred_director_is_not_offered_open(director):
    record = cases.find_case("laws033-6d-slam")
    accounts.create_user("cy", "cy-appeals-room", "committee", "Cyril Chair")
    for name in ("ann", "bob"):
        accounts.create_user(name, f"{name}-appeals-room", "committee")
    cases.set_status(record, "appealed", "tess", "North-South appeal")
    for name in ("ann", "bob", "cy"):
        committee.record_vote(record, name, "uphold", "Pass is an LA.")
    committee.record_decision(record, "cy", "Upheld.")
    assert cases.get_case(record).status == "closed"
    assert "open" not in cases.next_statuses(record, username="tess")     # she ruled: Law 93B3
    assert "ruled" in cases.next_statuses(record, username="cy")
    from analysis.errors import HuddleInputError
    with pytest.raises(HuddleInputError, match=r"only its chair \(Cyril Chair\)"):
        cases.reopen_case(record, "ann", "A second look")
