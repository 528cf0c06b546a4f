"""Appeals: the committee's page under AppTest (real Streamlit, real SQLite file), votes and
decisions on SQLite and PostgreSQL, and the reconsidered ruling (pure)."""
from fractions import Fraction

import pytest
from streamlit.testing.v1 import AppTest
from page_runs import PAGE_SECONDS

from analysis.law import case as case_files
from analysis.law.appeal.committee import (Reconsideration, Vote, committee_decision, reconsider, threshold_sensitivity)
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
        assert reconsider(case).to_dict() == __import__("analysis.law.ruling.engine", fromlist=["x"]).rule(case).to_dict()


def test_weights_change_the_weighted_score_exactly():
    case = load("constructed-mi-transfer")
    tried = reconsider(case, Reconsideration(weights={"X": Fraction(1, 2), "Pass": Fraction(1, 2)}))
    assert tried.scores["NS"].describe() == "1/2 × -140 + 1/2 × -170: 6 1/2 of 22 matchpoints"
    with pytest.raises(HuddleInputError, match="weights sum to 3/4"):
        reconsider(case, Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 4)}))
    slam = load("laws033-6d-slam")
    with pytest.raises(HuddleInputError, match="6♦ is the action taken at the table.*Law 12C3 \\(1997"):   # no weight
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
    with pytest.raises(HuddleInputError, match="the action taken at the table"):
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
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
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
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
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


# ---------------------------------------------------------------- an overturn says what replaces the ruling

def _no_damage(name="boston-3h"):
    data = __import__("json").loads((CASES / f"{name}.json").read_text(encoding="utf-8"))
    data["ruling"]["damage"] = {"finding": False, "reason": "The table result was no worse than Pass would give."}
    return case_files.Case.from_dict(data)


def test_an_adjustment_overturned_without_a_stated_score_is_the_table_result():
    """Before: "overturn" with no change left the overturned adjustment in force."""
    from analysis.law.appeal.record import AppealDecision, AppealRecord
    from analysis.law.appeal.committee import case_in_force, decided_change
    from analysis.law.ruling.engine import rule
    case = load("boston-3h")
    director = rule(case)
    assert director.adjusted and decided_change(case, "overturn", Reconsideration(), director).table_result
    with pytest.raises(HuddleInputError, match="the case has no table result to restore"):
        decided_change(load("kooijman-weighted-mp"), "overturn", Reconsideration())
    decision = AppealDecision("overturn", "Pass is no logical alternative.", "", Reconsideration(), "ann")
    in_force = case_in_force(__import__("dataclasses").replace(case, appeal=AppealRecord((), decision)))
    table = case.table_result.ns_score
    assert in_force.superseded and not in_force.ruling.adjusted
    assert in_force.ruling.scores["NS"].weighted.components == ((table, 1),)
    assert in_force.text.startswith("The ruling in force: the appeals committee's decision (overturn), replacing")
    assert "The appeals committee finds the table result stands: no adjustment." in in_force.text
    assert "The director's ruling, superseded by the appeals committee:" in in_force.text


def test_a_ruling_of_no_adjustment_overturned_needs_the_committee_s_adjustment():
    from analysis.law.appeal.committee import decided_change
    from analysis.law.ruling.engine import rule
    case = _no_damage()
    assert not rule(case).adjusted
    with pytest.raises(HuddleInputError, match="the director kept the table result: an overturn states the committee's "
                                               "adjustment"):
        decided_change(case, "overturn", Reconsideration())
    with pytest.raises(HuddleInputError, match="already keeps the table result"):
        decided_change(case, "overturn", Reconsideration(table_result=True))
    with pytest.raises(HuddleInputError, match="table_result: the table result stands, or the committee changes the "
                                               "adjustment: not both"):
        Reconsideration.from_dict({"table_result": True, "threshold": "1/5"})


def test_the_committee_s_own_penalty_is_the_committee_s_ruling_s_not_the_director_s():
    from analysis.law.appeal.committee import case_in_force
    from analysis.law.appeal.record import AppealDecision, AppealRecord
    change = Reconsideration.from_dict({"weights": {"X": "1/2", "P": "1/2"}, "procedural_penalties": [
        {"side": "EW", "amount": "3", "unit": "matchpoints", "reason": "Appeal without merit."}]})
    assert change.penalties[0].by == "committee" and change.to_dict()["procedural_penalties"][0]["by"] == "committee"
    assert Reconsideration.from_dict(change.to_dict()) == change
    case = load("constructed-mi-transfer")
    decided = __import__("dataclasses").replace(case, appeal=AppealRecord((), AppealDecision(
        "modify", "Pass deserves half.", "", change, "ann")))
    in_force = case_in_force(decided)
    assert in_force.superseded and in_force.ruling.penalties == change.penalties and not in_force.director.penalties
    ruling_part, director_part = in_force.text.split("The director's ruling, superseded")
    assert "imposed by the appeals committee: 3 matchpoints" in ruling_part and "Procedural penalty" not in director_part
    after = in_force.ruling.to_dict()["after_penalties"]["EW"]
    assert after["off_board"] == "3" and after["after"] == str(__import__("analysis.numbers", fromlist=["x"]).fraction_str(
        in_force.ruling.scores["EW"].matchpoints - 3))
    from reports.score_export import score_rows
    ew = next(r for r in score_rows(decided, in_force) if r["side"] == "EW")
    assert ew["penalty"] == "3" and ew["penalty_by"] == "committee" and ew["after_penalty"] == after["after"]


def test_a_committee_may_weight_a_branch_the_director_cancelled_but_never_the_table_action():
    import json
    data = json.loads((CASES / "constructed-mi-transfer.json").read_text(encoding="utf-8"))
    tree = data["ruling"]["adjustment"]
    branches = next(v for v in tree.values() if isinstance(v, dict) and "alternatives" in v)["alternatives"]
    pass_branch = next(b for b in branches if b["action"] in ("P", "Pass"))
    pass_branch["cancelled"], pass_branch["weight"] = True, "0"
    rest = [b for b in branches if b is not pass_branch and not b.get("cancelled")]
    for b in rest:
        b["weight"] = str(Fraction(1, len(rest)))
    case = case_files.Case.from_dict(data)
    reinstated = reconsider(case, Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 2)}))
    assert reinstated.scores["NS"].describe() == "1/2 × -140 + 1/2 × -170: 6 1/2 of 22 matchpoints"
    assert "reinstating" not in reinstated.text and "weights Double 1/2, Pass 1/2" in str(
        Reconsideration(weights={"X": Fraction(1, 2), "P": Fraction(1, 2)}).describe())


def test_votes_and_a_decision_of_overturn_say_what_replaces_the_ruling(database_url):
    """An overturn vote on an adjustment is stored as the table result; on a ruling of no
    adjustment it is refused until the member states the committee's adjustment."""
    setup.prepare_database()
    record = cases.find_case("boston-3h")
    for member_name in ("ann", "bob", "cy"):
        committee.record_vote(record, member_name, "overturn", "No logical alternative: the table result stands.")
    decided = committee.record_decision(record, "ann", "Nobody would pass.")
    assert __import__("json").loads(decided.change)["table_result"] is True
    from polling.dossier import load_dossier
    dossier = load_dossier(record)
    in_force = dossier.in_force()
    table = dossier.case.table_result.ns_score
    assert in_force.superseded and in_force.ruling.scores["NS"].weighted.components == ((table, 1),)
    from reports.score_export import score_file
    csv_text = score_file(dossier.case, in_force, "csv")
    assert "replacing the director's ruling" in csv_text and ",no," in csv_text


def test_an_uphold_is_said_in_the_ruling_read_to_the_players(tmp_path, capsys):
    import dataclasses
    import json
    from analysis.law.appeal.record import AppealDecision, AppealRecord
    from analysis.law.appeal.committee import case_in_force
    from huddle.cli import main
    case = dataclasses.replace(load("boston-3h"), appeal=AppealRecord((), AppealDecision(
        "uphold", "The poll is clear.", "", Reconsideration(), "ann")))
    in_force = case_in_force(case)
    assert not in_force.superseded
    assert in_force.text.startswith("The ruling in force: the director's ruling in the case file, upheld by the appeals "
                                    "committee.")
    overturned = dataclasses.replace(case, appeal=AppealRecord((), AppealDecision(
        "overturn", "No logical alternative.", "", Reconsideration(), "ann")))
    path = tmp_path / "overturned.json"
    path.write_text(case_files.dumps(overturned), encoding="utf-8")
    assert main(["rule", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The ruling in force: the appeals committee's decision (overturn)") and "+420" in out
    assert main(["rule", str(path), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["in_force"]["by"] == "committee" and said["adjusted"] is False and said["director"]["adjusted"] is True


def test_the_appeal_page_overturns_to_the_table_result_with_the_committee_s_penalty(member):
    """The committee's own penalty and "the table result stands" are a member's change on the
    Appeal page, and what the decision leaves in force is the table result with that penalty."""
    record = cases.find_case("boston-3h")
    at = appeal_page(member, "boston-3h")
    at.checkbox(key=f"cm_table_{record}").check()
    at.checkbox(key=f"cm_pp_{record}_on").check().run()
    at.selectbox(key=f"cm_pp_{record}_side").set_value("EW")
    at.selectbox(key=f"cm_pp_{record}_unit").set_value("matchpoints")
    at.text_input(key=f"cm_pp_{record}_amount").set_value("10")
    at.text_input(key=f"cm_pp_{record}_why").set_value("").run()
    assert at.error[0].value.startswith("Procedural penalty: reason")      # the penalty says why, inline
    at.text_input(key=f"cm_pp_{record}_why").set_value("An appeal without merit.").run()
    assert not at.error and not at.exception
    assert "the table result stands; procedural penalties: East-West 10 matchpoints" in " ".join(m.value for m in at.markdown)
    assert list(at.table[0].value["with the change"])[0].startswith("+420")
    at.radio(key=f"cm_vote_{record}").set_value("overturn")
    at.text_area(key=f"cm_reason_{record}").set_value("Pass is no logical alternative.")
    next(b for b in at.button if b.label == "Record my vote").click().run()
    assert not at.exception and not at.error
    for name in ("ann", "bob"):
        committee.record_vote(record, name, "overturn", "Agreed.", committee.appeal(record).as_votes()[0].change)
    at = appeal_page(member, "boston-3h")
    at.text_area(key=f"cm_why_{record}").set_value("Nobody passes.")
    next(b for b in at.button if b.label == "Record the decision").click().run()
    assert not at.exception and cases.get_case(record).status == "closed"
    from polling.dossier import load_dossier
    in_force = load_dossier(record).in_force()
    assert in_force.superseded and not in_force.ruling.adjusted
    assert in_force.ruling.penalties[0].by == "committee" and in_force.ruling.penalised("EW").off


# ---------------------------------------------------------------- appeals one after another (Laws 92, 93)

def _ruled_by_tess(case_id: str) -> int:
    from dataclasses import replace
    from polling import rulings
    example = load("constructed-mi-transfer")
    record = cases.create_case(replace(example, id=case_id), "tess")
    rulings.save_ruling(record, example.ruling, "tess")
    return record


def _decide(record: int, members=("ann", "bob", "cy"), chair="ann") -> None:
    for member in members:
        committee.record_vote(record, member, "uphold", "The poll is clear.")
    committee.record_decision(record, chair, "Upheld.")


def test_a_new_ruling_after_a_lawful_reopening_is_a_new_appeal(database_url):
    """Before: the overruled director saved her own ruling again after the reopening, it was in
    force and no one could appeal it; moved to "appealed" by hand, the case took no vote, decision,
    close or ruling from anyone, the operator's close included."""
    from polling import rulings
    setup.prepare_database()
    accounts.create_user("ada", "runs-the-club", "administrator", "Ada Admin")
    record = _ruled_by_tess("appealed-twice")
    _decide(record)
    with pytest.raises(HuddleInputError, match=r"final in the event \(Law 93B3\)"):
        cases.set_status(record, "appealed", "tess")
    cases.reopen_case(record, "ann", "The table result was entered wrongly")      # the chair
    assert "appealed" not in cases.next_statuses(record)
    with pytest.raises(HuddleInputError, match=r"final in the event \(Law 93B3\)"):
        cases.set_status(record, "appealed", "tess")       # ruled again, the decision still in force
    ruling = cases.get_case(record).case.ruling
    with pytest.raises(HuddleInputError, match="a director does not rule over it"):
        rulings.save_ruling(record, ruling, "tess", reason="My ruling again")
    with pytest.raises(HuddleInputError, match=r"only its chair \(ann\) or an organisation administrator"):
        rulings.save_ruling(record, ruling, "dora", reason="Another director's ruling")
    assert rulings.may_rule_over_decision(record, "ada") == "" and len(rulings.ruling_versions(record)) == 1
    rulings.save_ruling(record, ruling, "ada", reason="The result corrected")
    assert committee.appeal(record).number == 2 and committee.appeal(record).decision is None
    # the new ruling is appealed as a new appeal: members of the first sit again, its maker does not
    committee.record_vote(record, "bob", "uphold", "Still clear.")
    assert cases.get_case(record).status == "appealed"
    heard = committee.appeal(record)
    assert [v.username for v in heard.votes] == ["bob"] and heard.may_vote("ada") is not None
    with pytest.raises(HuddleInputError, match="only the appeals committee's decision ends it"):
        cases.set_status(record, "ruled", "ada")            # a vote was cast: not withdrawn now
    _decide(record, ("cy", "dan"), chair="bob")
    decided = committee.appeal(record).decision
    assert decided.appeal == 2 and decided.ruling_version == 2 and cases.get_case(record).status == "closed"
    from polling.dossier import load_dossier
    in_force = load_dossier(record).in_force()            # upheld: the ruling appealed stands
    assert in_force.by == "director" and in_force.source.startswith("the director's ruling, version 2, upheld by")


def test_every_state_of_an_appeal_has_a_lawful_way_on(database_url):
    from polling.db import writing
    from polling.models import CaseRecord
    setup.prepare_database()
    record = _ruled_by_tess("withdrawn")
    cases.set_status(record, "appealed", "tess", "The pair appealed")
    assert cases.next_statuses(record) == ("ruled",)
    cases.set_status(record, "ruled", "tess", "The appeal was withdrawn before the committee heard it")
    assert cases.get_case(record).status == "ruled" and committee.appeal(record).votes == ()
    # a case left "appealed" after its decision (by a version of Huddle that allowed it) is closed
    decided = _ruled_by_tess("left-appealed")
    _decide(decided)
    with writing(database_url) as session:
        row = session.get(CaseRecord, decided)
        row.status = "appealed"
        session.add(row)
        session.commit()
    with pytest.raises(HuddleInputError, match="votes are closed"):
        committee.record_vote(decided, "dan", "uphold", "late")
    assert cases.next_statuses(decided) == ("closed",)
    cases.set_status(decided, "closed", "cli:operator", "The decision was recorded")
    assert cases.get_case(decided).status == "closed"


def test_a_question_the_committee_answers_otherwise_is_in_its_words_not_the_directors():
    """Before: an overturn's ruling in force kept the director's reason for question 2 (why Pass was
    a logical alternative) under the committee's "no"."""
    from analysis.law.appeal.committee import case_in_force, committee_seen
    from analysis.law.appeal.record import AppealRecord
    boston = load("boston-3h")
    director_reason = boston.ruling.alternatives_reason
    record = AppealRecord.from_dict({"votes": [], "decision": {
        "decision": "overturn", "reason": "With this hand 3♥ is automatic: no peer would pass.", "summary": "",
        "change": {"alternatives": []}, "chair": "Ann", "at": "2026-11-20T21:00:00+00:00", "ruling_version": None}})
    seen = committee_seen(boston, record)
    q2 = seen.ruling.worksheet.answers[1]
    assert q2.answer is False and "no peer would pass" in str(q2.reason) and director_reason not in str(q2.reason)
    assert str(q2.reason).startswith("The appeals committee finds no logical alternative to the action taken.")
    from dataclasses import replace
    in_force = case_in_force(replace(boston, appeal=record))
    assert in_force.superseded and "no peer would pass" in str(in_force.ruling.text)
