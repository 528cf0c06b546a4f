"""Appeals: the committee's page under AppTest (real Streamlit, real SQLite file), votes and
decisions on SQLite and PostgreSQL, and the reconsidered ruling (pure)."""
from fractions import Fraction

import pytest
from streamlit.testing.v1 import AppTest

from analysis.law import case as case_files
from analysis.law.committee import (Reconsideration, Vote, committee_decision, reconsider, threshold_sensitivity)
from analysis.errors import HuddleInputError
from conftest import CASES, ROOT
from polling import accounts, cases, committee, corpus, setup

APP = str(ROOT / "streamlit_app.py")


def load(name):
    return case_files.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------- pure

def test_no_change_is_the_directors_ruling():
    for path in sorted(CASES.glob("*.json")):
        case = case_files.loads(path.read_text(encoding="utf-8"))
        assert reconsider(case).to_dict() == __import__("analysis.law.ruling", fromlist=["x"]).rule(case).to_dict()


def test_weights_change_the_weighted_score_exactly():
    case = load("constructed-mi-transfer")
    tried = reconsider(case, Reconsideration(weights={"X": Fraction(1, 2), "Pass": Fraction(1, 2)}))
    assert tried.scores["NS"].describe() == "1/2 × -140 + 1/2 × -170: 6 1/2 of 22 matchpoints"
    with pytest.raises(HuddleInputError, match="weights sum to 3/4"):
        reconsider(case, Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 4)}))
    slam = load("laws033-6d-slam")
    with pytest.raises(HuddleInputError, match="Law 12C1"):   # the cancelled 6♦ takes no weight
        reconsider(slam, Reconsideration(weights={"P": Fraction(1, 2), "6D": Fraction(1, 2)}))


def test_no_logical_alternative_restores_the_table_result():
    tried = reconsider(load("laws033-6d-slam"), Reconsideration(alternatives=()))
    assert not tried.adjusted
    assert (tried.scores["NS"].describe(), tried.scores["EW"].describe()) == ("+920", "-920")


def test_threshold_sensitivity_of_the_constructed_mi_case():
    sens = threshold_sensitivity(load("constructed-mi-transfer"))
    assert [float(r["threshold"]) for r in sens.rows] == [k / 20 for k in range(1, 11)]
    # 3♦ (1 of 8 considered it, 12.5%) is an alternative at 5% and 10% only
    assert [r["logical_alternatives"] for r in sens.rows][:3] == [("X", "3D"), ("X", "3D"), ("X",)]
    assert sens.threshold_changes() == (Fraction(3, 20),)
    assert {r["NS"] for r in sens.rows} == {Fraction(33, 4)}    # 3♦ and X both lead to 2♥/3♥ making 9
    assert sens.director_threshold == Fraction(1, 5)


def test_threshold_above_every_share_leaves_no_alternative():
    case = load("constructed-mi-transfer")
    tried = reconsider(case, Reconsideration(threshold=Fraction(4, 5)))
    assert tried.la.logical_alternatives == () and not tried.adjusted


def test_decision_majority_and_dissent():
    votes = [Vote("ann", "uphold", "clear"), Vote("bob", "modify", "weights"), Vote("cy", "uphold", "agree")]
    decided = committee_decision(votes)
    assert (decided.decision, decided.majority, decided.members, decided.agreed) == ("uphold", 2, 3, ("ann", "cy"))
    assert decided.describe() == ("Uphold (the director's ruling stands); agreed by ann, cy, 2 of 3; "
                                  "dissent: bob would modify (weights).")
    with pytest.raises(HuddleInputError, match="no decision and change has a majority"):
        committee_decision(votes[:2])
    assert committee_decision(votes[:2], "modify").dissent == (votes[0],)
    with pytest.raises(HuddleInputError, match="no member has voted"):
        committee_decision([])


WEIGHTS = Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 2)})
THRESHOLD = Reconsideration(threshold=Fraction(3, 10))


def test_differing_changes_are_not_one_majority():
    """Member A proposed new weights, B a new threshold: two positions, not 'modify, 2 of 3'."""
    votes = [Vote("ann", "modify", "Pass is worth more", WEIGHTS), Vote("bob", "modify", "30%", THRESHOLD),
             Vote("cy", "uphold", "the poll is clear")]
    with pytest.raises(HuddleInputError, match="no decision and change has a majority"):
        committee_decision(votes)
    with pytest.raises(HuddleInputError, match="members voted to modify with different changes"):
        committee_decision(votes, "modify")
    chosen = committee_decision(votes, "modify", THRESHOLD)
    assert (chosen.change, chosen.agreed, chosen.chair_named) == (THRESHOLD, ("bob",), True)
    assert chosen.describe() == ("Modify (the ruling stands in part: a different adjustment or score): threshold 30%; "
                                 "agreed by bob, 1 of 3 (no change had a majority: the chair named this one); "
                                 "dissent: ann would modify with weights Double 1/2, Pass 1/2 (Pass is worth more); "
                                 "cy would uphold (the poll is clear).")
    same = [Vote("ann", "modify", "a", WEIGHTS), Vote("bob", "modify", "b", THRESHOLD), Vote("cy", "modify", "c", WEIGHTS)]
    decided = committee_decision(same)
    assert (decided.change, decided.agreed) == (WEIGHTS, ("ann", "cy"))


def test_a_decision_follows_the_votes():
    """Three upholds: nobody can record an overturn (0 of 3), nor a modify no member voted for."""
    upheld = [Vote(m, "uphold", "right") for m in ("ann", "bob", "cy")]
    with pytest.raises(HuddleInputError, match="3 of 3 members voted to uphold: the decision follows the votes"):
        committee_decision(upheld, "overturn")
    split = [Vote("ann", "uphold", "x"), Vote("bob", "overturn", "y")]
    with pytest.raises(HuddleInputError, match="no member voted to modify"):
        committee_decision(split, "modify")


# ---------------------------------------------------------------- stored, on both databases

def test_votes_and_decision_are_kept_with_the_case(database_url):
    setup.prepare_database()
    record = cases.find_case("constructed-mi-transfer")
    assert cases.get_case(record).status == "ruled"        # the source ruling is version 1
    committee.record_vote(record, "ann", "uphold", "The poll is clear.")
    assert cases.get_case(record).status == "appealed"
    committee.record_vote(record, "bob", "modify", "Pass deserves more weight.",
                          Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 2)}))
    committee.record_vote(record, "bob", "modify", "Pass deserves half.",       # a second vote replaces the first
                          Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 2)}))
    committee.record_vote(record, "cy", "modify", "Agree with Bob.",
                          Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 2)}))
    decided = committee.record_decision(record, "ann", "Pass was chosen by a quarter and is worth more.")
    assert decided.decision == "modify" and decided.ruling_version == 1
    assert decided.summary == ("Modify (the ruling stands in part: a different adjustment or score): weights Double 1/2, "
                               "Pass 1/2; agreed by bob, cy, 2 of 3; dissent: ann would uphold (The poll is clear.).")
    assert '"6 1/2"' not in decided.result and "6 1/2 of 22" in decided.result
    # the summary is made again from the votes it was decided on, so each language says it
    from analysis.language import language
    from polling.dossier import decision_words
    said = decision_words(decided)
    assert str(said) == decided.summary
    assert language("fr").say(said) == (
        "Modifier (la décision est maintenue en partie : un autre ajustement ou score) : poids Contre 1/2, Passe 1/2 ; "
        "approuvé par bob, cy, 2 sur 3 ; avis divergents : ann maintenir (The poll is clear.).") or \
        "approuvé par bob, cy, 2 sur 3" in language("fr").say(said)
    assert "zugestimmt von bob, cy, 2 von 3" in language("de").say(said) and "agreed" not in language("de").say(said)
    assert cases.get_case(record).status == "closed"
    assert [c.action for c in cases.history(record)][-5:] == ["committee", "committee", "committee", "committee", "status"]
    with pytest.raises(HuddleInputError, match="votes are closed"):
        committee.record_vote(record, "dan", "uphold", "late")
    frame = corpus.database_corpus()
    mine = frame[frame["case_id"] == cases.get_case(record).case.id]
    assert dict(zip(mine["action"], mine["committee_la"])) == {"X": True, "3D": False}
    # the example lead case's poll is in the corpus as a lead poll, undecided by any committee
    lead = frame[frame["case_id"] == "lead-after-slow-pass-of-stayman"]
    assert set(lead["poll_type"]) == {"lead"} and lead["committee_la"].isna().all()


def test_appeal_mistakes_write_nothing(database_url):
    setup.prepare_database()
    record = cases.find_case("laws033-6d-slam")
    for args, message in ((("uphold", ""), "reason"), (("reverse", "x"), "decision")):
        with pytest.raises(HuddleInputError, match=message):
            committee.record_vote(record, "ann", *args)
    with pytest.raises(HuddleInputError, match="Law 12C1"):
        committee.record_vote(record, "ann", "modify", "give the slam some weight",
                              Reconsideration(weights={"P": Fraction(1, 2), "6D": Fraction(1, 2)}))
    with pytest.raises(HuddleInputError, match="only an appeal under way"):
        committee.record_decision(record, "ann", "nothing to decide")
    assert committee.appeal(record).votes == () and cases.get_case(record).status == "ruled"
    cases.set_status(record, "open", "tess")
    with pytest.raises(HuddleInputError, match="has not ruled yet"):
        committee.record_vote(record, "ann", "uphold", "fine")


# ---------------------------------------------------------------- the page

@pytest.fixture
def member(sqlite_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    monkeypatch.setenv("HUDDLE_REPORTS_DIR", str(__import__("pathlib").Path(sqlite_url[10:]).parent / "reports"))
    setup.prepare_database()
    return accounts.create_user("cora", "appeals-room", "committee", "Cora Committee")


def appeal_page(user, slug):
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["huddle_user"] = user
    at.run()
    at.session_state["case_id"] = cases.find_case(slug)
    at.switch_page("ui/committee.py").run()
    assert not at.exception, at.exception
    return at


def test_committee_page_shows_the_case_poll_and_ruling(member):
    at = appeal_page(member, "constructed-mi-transfer")
    assert "Status: ruled" in at.caption[0].value
    assert [t.label for t in at.tabs] == ["The case", "The poll", "The director's ruling", "Try a change",
                                          "Votes and decision"]
    assert not at.get("plotly_chart")             # the first tab has none: a tab's charts are drawn when opened
    drawn = {}
    for tab in ("The poll", "The director's ruling", "Try a change"):
        at.session_state["appeal_tab"] = tab
        at.run()
        assert not at.exception, at.exception
        drawn[tab] = len(at.get("plotly_chart"))
    assert drawn == {"The poll": 1, "The director's ruling": 2, "Try a change": 1}    # poll; tree, field; sensitivity
    assert [m.value for m in at.metric] == ["8 1/4 of 22 matchpoints", "13 3/4 of 22 matchpoints"]
    at.session_state["appeal_tab"] = "The director's ruling"
    assert "3/4 × -140 + 1/4 × -170 · 3/4 × 10 1/4 + 1/4 × 2 1/4" in [c.value for c in at.run().caption]


def test_a_threshold_change_shows_its_effect_at_once(member):
    at = appeal_page(member, "constructed-mi-transfer")
    record = cases.find_case("constructed-mi-transfer")
    at.slider(key=f"cm_threshold_{record}_wbf2017").set_value(10).run()
    assert not at.exception and not at.error
    assert "threshold 10%" in " ".join(m.value for m in at.markdown)
    at.text_input(key=f"cm_w_{record}_X").set_value("1/2")
    at.text_input(key=f"cm_w_{record}_P").set_value("1/2")
    at.text_input(key=f"cm_w_{record}_3D").set_value("0").run()
    table = at.table[0].value
    assert list(table["with the change"])[0] == "1/2 × -140 + 1/2 × -170: 6 1/2 of 22 matchpoints"
    assert list(table["difference"])[0] == "-1 3/4 matchpoints of 22"
    at.text_input(key=f"cm_w_{record}_P").set_value("1/3").run()
    assert at.error[0].value == "Weights of the alternatives: weights sum to 5/6, not 1"


def test_votes_then_decision_close_the_case(member):
    record = cases.find_case("laws033-6d-slam")
    at = appeal_page(member, "laws033-6d-slam")
    at.radio(key=f"cm_vote_{record}").set_value("uphold")
    at.text_area(key=f"cm_reason_{record}").set_value("Pass is an LA.")
    next(b for b in at.button if b.label == "Record my vote").click().run()
    at.text_area(key=f"cm_why_{record}").set_value("Upheld.")
    next(b for b in at.button if b.label == "Record the decision").click().run()
    assert at.error[-1].value == "Votes: 1 member has voted; a decision needs the votes of at least 3 committee members"
    assert cases.get_case(record).status == "appealed"          # one member cannot decide alone
    for name in ("ann", "bob"):
        committee.record_vote(record, name, "uphold", "The 5♦ adjustment is right.")
    at = appeal_page(member, "laws033-6d-slam")
    at.radio(key=f"cm_vote_{record}").set_value("uphold")
    at.text_area(key=f"cm_reason_{record}").set_value("Pass is an LA; East-West's error is their own.")
    next(b for b in at.button if b.label == "Change my vote").click().run()
    assert not at.exception
    assert cases.get_case(record).status == "appealed"
    assert sorted(at.table[-1].value["member"]) == ["Cora Committee", "ann", "bob"]   # members by name
    at.text_area(key=f"cm_why_{record}").set_value("Upheld: the 5♦ adjustment stands.")
    next(b for b in at.button if b.label == "Record the decision").click().run()
    assert not at.exception
    assert cases.get_case(record).status == "closed"
    shown = [s.value for s in at.success]
    assert any("Uphold (the director's ruling stands); agreed by ann, bob, Cora Committee, 3 of 3, unanimous." in v
               for v in shown), shown


def test_vote_without_a_reason_is_refused(member):
    at = appeal_page(member, "laws033-6d-slam")
    next(b for b in at.button if b.label == "Record my vote").click().run()
    assert at.error[0].value == "Reason: give the reason for the decision"
    assert committee.appeal(cases.find_case("laws033-6d-slam")).votes == ()


def test_report_is_made_and_offered_for_download(member):
    at = appeal_page(member, "kooijman-weighted-mp")
    next(b for b in at.button if b.label == "Make the report").click().run()
    assert not at.exception
    buttons = at.get("download_button")
    assert len(buttons) == 2
    folder = __import__("polling.settings", fromlist=["x"]).reports_dir(member.organisation_id)
    assert sorted(p.name for p in folder.iterdir()) == ["board-1-kooijman-weighted-mp.html",
                                                        "board-1-kooijman-weighted-mp.pdf"]


def test_directors_see_the_appeal_page_researchers_do_not(member):
    researcher = accounts.create_user("rita", "many-polls", "researcher")
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["huddle_user"] = researcher
    at.run()
    with pytest.raises(ValueError, match="Could not find a navigation page"):   # not in her menu at all
        at.switch_page("ui/committee.py")


def test_the_committee_s_refusals_are_said_in_the_reader_s_language():
    """The decision follows the votes, refused in the Appeal page's language."""
    from analysis.language import language, said
    upheld = [Vote(m, "uphold", "right") for m in ("ann", "bob", "cy")]
    with pytest.raises(HuddleInputError) as refused:
        committee_decision(upheld, "overturn")
    assert str(refused.value) == "decision: 3 of 3 members voted to uphold: the decision follows the votes"
    assert said(refused.value, language("fr")).startswith("3 membres sur 3 ont voté pour ")
    assert "la décision suit les votes" in said(refused.value, language("fr"))
