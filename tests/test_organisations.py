"""Clubs and a federation side by side on one database (SQLite and PostgreSQL): each owns its cases,
panel and roles; a director is refused another club's case on the page and on the command line; a
federation shares its national panel and an anonymised research corpus; a one-club install needs
no setup (the default organisation)."""
import io
import sqlite3

import pytest
from streamlit.testing.v1 import AppTest
from page_runs import PAGE_SECONDS

from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from conftest import CASES, ROOT
from polling import accounts, cases, corpus, db, organisations, panel, services, setup
from polling.models import DEFAULT_ORGANISATION
from test_cli import run, run_json

APP = str(ROOT / "streamlit_app.py")


def example(name: str, new_id: str | None = None):
    case = case_files.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))
    if new_id:
        from dataclasses import replace
        case = replace(case, id=new_id, source="Appeal of J. Smith v P. Jones, North club", event="Spring Congress")
    return case


@pytest.fixture
def federation(database_url):
    """A federation sharing its panel and corpus, two of its clubs, a club outside it, and people."""
    setup.prepare_database(load_examples=False)
    made = {"nbo": organisations.create_organisation("nbo", "National Bridge Org", "federation",
                                                     shares_panel=True, shares_research=True),
            "north": organisations.create_organisation("north", "North BC", federation="nbo"),
            "south": organisations.create_organisation("south", "South BC", federation="nbo"),
            "east": organisations.create_organisation("east", "East BC")}
    ids = {k: o.id for k, o in made.items()}
    people = {"ann": accounts.create_user("ann", "north-director", "director", "Ann", organisation_id=ids["north"]),
              "bob": accounts.create_user("bob", "south-director", "director", "Bob", organisation_id=ids["south"]),
              "rita": accounts.create_user("rita", "north-research", "researcher", organisation_id=ids["north"]),
              "nina": accounts.create_user("nina", "national-research", "researcher", organisation_id=ids["nbo"])}
    records = {"north": cases.create_case(example("constructed-mi-transfer", "slam"), "ann", organisation_id=ids["north"]),
               "south": cases.create_case(example("lead-after-slow-pass-of-stayman", "slam"), "bob", organisation_id=ids["south"]),
               "east": cases.create_case(example("boston-3h", "east-case"), "eve", organisation_id=ids["east"])}
    return {"ids": ids, "people": people, "records": records, "url": database_url}


def test_a_one_club_install_has_the_default_organisation_and_needs_no_setup(database_url):
    setup.prepare_database()
    tess = accounts.create_user("tess", "bidding-box", "director")
    assert tess.organisation_id == DEFAULT_ORGANISATION and tess.organisation == "Our club"
    assert [o.slug for o in organisations.list_organisations()] == ["default"]
    assert len(db.case_index()) == len(list((ROOT / "data" / "cases").glob("*.json")))
    assert cases.find_case("laws033-6d-slam") in {r.id for r in db.case_index()}


def test_each_club_sees_only_its_own_cases_and_may_reuse_a_case_id(federation):
    ids, records = federation["ids"], federation["records"]
    assert [r.slug for r in db.case_index(organisation_id=ids["north"])] == ["slam"]
    assert [r.slug for r in db.case_index(organisation_id=ids["south"])] == ["slam"]    # the same id, its own case
    assert db.case_index(organisation_id=DEFAULT_ORGANISATION) == []
    assert cases.find_case("slam", organisation_id=ids["north"]) == records["north"]
    assert cases.find_case("slam", organisation_id=ids["south"]) == records["south"]
    # another club's case is refused in the same words as a case that does not exist
    with pytest.raises(HuddleInputError, match="there is no case with id 'east-case'"):
        cases.find_case("east-case", organisation_id=ids["north"])
    assert cases.in_organisation(records["east"], ids["east"]) and not cases.in_organisation(records["east"], ids["north"])
    with pytest.raises(HuddleInputError, match="'slam' is already a case"):
        cases.create_case(example("laws033-case-b", "slam"), "ann", organisation_id=ids["north"])


def test_roles_are_per_organisation_and_the_session_acts_in_one(federation):
    ids = federation["ids"]
    accounts.create_user("carol", "carol-secret", "director", organisation_id=ids["north"])
    organisations.grant("carol", "south", "committee")
    signed = accounts.authenticate("carol", "carol-secret")
    assert (signed.organisation, signed.role) == ("North BC", "director") and signed.may("director")
    assert [(r.organisation, r.role) for r in signed.roles] == [("North BC", "director"), ("South BC", "committee")]
    cookie = accounts.session_cookie(signed)
    moved = accounts.act_in(cookie, ids["south"])
    assert (moved.organisation, moved.role) == ("South BC", "committee") and not moved.may("director")
    again = accounts.user_from_cookie(cookie)            # what every server process reads from then on
    assert (again.organisation_id, again.role) == (ids["south"], "committee")
    with pytest.raises(HuddleInputError, match="organisation: you hold no role in that organisation"):
        accounts.act_in(cookie, ids["east"])
    # the members of an organisation, with their role there
    assert {u.username: u.role for u in accounts.list_users(organisation_id=ids["south"])} == \
        {"bob": "director", "carol": "committee"}
    # a director manages the accounts of her organisation alone
    with pytest.raises(HuddleInputError, match="'carol' also belongs to another organisation"):
        accounts.reset_password("carol", "new-password", organisation_id=ids["south"])
    with pytest.raises(HuddleInputError, match="there is no account 'ann' in this organisation"):
        accounts.set_disabled("ann", organisation_id=ids["south"])
    with pytest.raises(HuddleInputError, match="'bob' is the last director of South BC"):
        organisations.revoke("bob", "south")
    organisations.revoke("carol", "south")
    assert [r.organisation for r in accounts.authenticate("carol", "carol-secret").roles] == ["North BC"]


def test_organisation_mistakes_are_named_and_write_nothing(federation):
    before = organisations.list_organisations()
    for call, message in [
            (lambda: organisations.create_organisation("North", "x"), "organisation: 'north' is taken"),
            (lambda: organisations.create_organisation("a b", "x"), "organisation: use 2 to 60"),
            (lambda: organisations.create_organisation("west", " "), "name: give the organisation's name"),
            (lambda: organisations.create_organisation("west", "W", "league"), "kind: 'league' must be one of"),
            (lambda: organisations.create_organisation("west", "W", federation="east"), "federation: 'east' is a club"),
            (lambda: organisations.create_organisation("west", "W", shares_panel=True), "kind: only a federation"),
            (lambda: organisations.grant("ann", "nowhere", "director"), "organisation: there is no organisation"),
            (lambda: organisations.grant("nobody", "north", "director"), "username: there is no account"),
            (lambda: organisations.grant("ann", "south", "king"), "role: 'king' must be one of"),
            (lambda: organisations.revoke("ann", "south"), "username: 'ann' has no role in South BC")]:
        with pytest.raises(HuddleInputError, match=message):
            call()
    assert organisations.list_organisations() == before


def test_a_federation_shares_its_national_panel_with_its_clubs(federation):
    ids = federation["ids"]
    national = panel.add_pollee("Nora National", "expert", organisation_id=ids["nbo"])
    northern = panel.add_pollee("Ned North", "expert", organisation_id=ids["north"])
    panel.add_pollee("Sam South", "expert", organisation_id=ids["south"])
    panel.add_pollee("Eli East", "expert", organisation_id=ids["east"])
    assert [m.name for m in panel.panel(organisation_id=ids["north"])] == ["Ned North", "Nora National"]
    assert [m.name for m in panel.panel(organisation_id=ids["east"])] == ["Eli East"]     # not of the federation
    # the club polls the national member; only the federation changes their details
    with pytest.raises(HuddleInputError, match=f"there is no panel member {national}"):
        panel.update_pollee(national, "Nora", "expert", "link", organisation_id=ids["north"])
    panel.update_pollee(national, "Nora National", "expert", "email", "nora@example.org", organisation_id=ids["nbo"])
    record = federation["records"]["north"]
    poll = services.create_poll(record, "Matchpoints. Your call?", alternatives=("X",))
    group = panel.class_matched_group(poll.id, "expert")
    assert {m.name for m in group.members} == {"Ned North", "Nora National"}
    sent = panel.issue_panel_invites(poll.id, [national, northern], username="ann")
    assert {m.name for m, _ in sent} == {"Ned North", "Nora National"}
    with pytest.raises(HuddleInputError, match="is not on the panel"):       # another club's member
        panel.issue_panel_invites(poll.id, [m.id for m in panel.panel(organisation_id=ids["east"])])
    # a national member's links in North's cases are North's to see, not South's
    assert [h["case"] for h in panel.history(national, organisation_id=ids["north"])] == [example("constructed-mi-transfer").title]
    assert panel.history(national, organisation_id=ids["south"]) == []


def test_the_shared_research_corpus_is_anonymised(federation):
    ids = federation["ids"]
    own = corpus.database_corpus(organisation_id=ids["north"])
    named = own[own["source"] != "shared anonymised"]
    shared = own[own["source"] == "shared anonymised"]
    assert set(named["case_id"]) == {"slam"} and "J. Smith" in named["source"].iloc[0]
    assert len(shared) and set(shared["case_id"]) == {"shared case 1"}      # South's case: no id, no names
    text = shared.to_csv()
    assert "Smith" not in text and "Jones" not in text and "slam" not in text and "South" not in text
    # the federation's researchers study every club's cases, anonymised; a club outside sees its own only
    national = corpus.database_corpus(organisation_id=ids["nbo"])
    assert set(national["case_id"]) == {"shared case 1", "shared case 2"}
    assert set(national["source"]) == {"shared anonymised"}
    east = corpus.database_corpus(organisation_id=ids["east"])
    assert east is None or set(east["case_id"]) <= {"east-case"}


def test_a_federation_that_keeps_its_corpus_shares_nothing(database_url):
    setup.prepare_database(load_examples=False)
    organisations.create_organisation("fed", "Fed", "federation")
    north = organisations.create_organisation("north", "North", federation="fed")
    south = organisations.create_organisation("south", "South", federation="fed")
    cases.create_case(example("constructed-mi-transfer"), "ann", organisation_id=north.id)
    cases.create_case(example("lead-after-slow-pass-of-stayman"), "bob", organisation_id=south.id)
    assert set(corpus.database_corpus(organisation_id=north.id)["case_id"]) == {"constructed-mi-transfer"}
    assert organisations.panel_owners(north.id) == (north.id,)


# ---------------------------------------------------------------- the command line

def test_the_command_line_refuses_a_director_another_clubs_case(federation, capsys, tmp_path):
    code, _, err = run(capsys, "case", "export", "east-case", "--as", "ann")
    assert code == 2 and "case: there is no case with id 'east-case'" in err
    assert run_json(capsys, "case", "export", "slam", "--as", "ann")["id"] == "slam"
    assert [(c["id"], c["title"]) for c in run_json(capsys, "case", "list", "--as", "bob")["cases"]] == \
        [("slam", example("lead-after-slow-pass-of-stayman").title)]
    assert run_json(capsys, "case", "list", "--as", "bob") == run_json(capsys, "case", "list", "--org", "south")
    code, _, err = run(capsys, "case", "status", "slam", "closed", "--as", "ann", "--org", "south")
    assert code == 2 and "--as: 'ann' holds no role in that organisation" in err
    organisations.grant("rita", "south", "committee")
    code, _, err = run(capsys, "case", "status", "slam", "closed", "--as", "rita", "--org", "south")
    assert code == 2 and "only a director changes a case" in err
    assert cases.get_case(federation["records"]["south"]).status != "closed"
    code, _, err = run(capsys, "report", "east-case", "--as", "bob", "-o", str(tmp_path))
    assert code == 2 and "there is no case with id 'east-case'" in err
    code, _, err = run(capsys, "case", "list", "--org", "nowhere")
    assert code == 2 and "organisation: there is no organisation 'nowhere'" in err


def test_the_command_line_adds_organisations_and_roles(database_url, capsys, monkeypatch):
    setup.prepare_database(load_examples=False)
    assert run_json(capsys, "org", "add", "nbo", "--name", "National", "--kind", "federation", "--share-panel")[
        "shares_panel"] is True
    assert run_json(capsys, "org", "add", "north", "--name", "North BC", "--federation", "nbo")["federation_id"] == 2
    code, out, _ = run(capsys, "org", "list")
    assert code == 0 and "north" in out and "of nbo" in out and "shares its panel" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("north-director\n"))
    assert run_json(capsys, "user", "add", "ann", "--org", "north", "--password-stdin")["organisation"] == "North BC"
    assert run_json(capsys, "user", "grant", "ann", "researcher", "--org", "nbo")["role"] == "researcher"
    listed = run_json(capsys, "user", "list")["users"]
    assert listed[0]["roles"] == [{"organisation": "National", "role": "researcher"},
                                  {"organisation": "North BC", "role": "director"}]
    assert run_json(capsys, "user", "list", "--org", "default")["users"] == []
    code, _, err = run(capsys, "org", "add", "west", "--name", "W", "--federation", "north")
    assert code == 2 and "federation: 'north' is a club" in err
    assert run_json(capsys, "org", "rename", "default", "--name", "Riverside BC")["name"] == "Riverside BC"
    code, _, err = run(capsys, "org", "rename", "default", "--name", " ")
    assert code == 2 and "name: give the organisation's name" in err
    assert organisations.get_organisation(DEFAULT_ORGANISATION).name == "Riverside BC"


# ---------------------------------------------------------------- the pages

def _page(user, page: str, case: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = user
    if case:
        at.query_params["case"] = case
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_a_page_refuses_a_director_another_clubs_case(federation):
    bob = federation["people"]["bob"]
    at = _page(bob, "ui/ruling.py", case="east-case")
    assert any("There is no case 'east-case' here" in w.value for w in at.warning)
    picker = at.selectbox(key="case_pick")
    assert picker.options == [f"{example('lead-after-slow-pass-of-stayman').title} (open)"]
    shown = " ".join(m.value for m in at.markdown) + " ".join(str(b.label) for b in at.button)
    assert "Boston" not in shown
    listing = _page(bob, "ui/cases.py")
    assert [b.label for b in listing.button if b.key and b.key.startswith("open-")] == [example("lead-after-slow-pass-of-stayman").title]
    editor = _page(bob, "ui/case_editor.py", case="east-case")
    assert any("There is no case 'east-case' here" in w.value for w in editor.warning)
    assert editor.session_state["editor_case"] is None


def test_the_accounts_page_shows_and_adds_the_organisations_members(federation):
    ann = federation["people"]["ann"]
    at = _page(ann, "ui/accounts.py")
    table = at.table[0].value
    assert set(table["user name"]) == {"ann", "rita"}
    at.text_input(key="acc_username").input("newby")
    at.text_input(key="acc_password").input("newby-secret")
    at.text_input(key="acc_again").input("newby-secret")
    next(b for b in at.button if b.label == "Add").click().run()
    assert [(r.organisation, r.role) for r in accounts.authenticate("newby", "newby-secret").roles] == \
        [("North BC", "director")]


def test_the_sidebar_moves_a_member_of_two_organisations_between_them(federation):
    ids = federation["ids"]
    carol = accounts.create_user("carol", "carol-secret", "director", organisation_id=ids["north"])
    organisations.grant("carol", "south", "director")
    carol = accounts.authenticate("carol", "carol-secret")
    at = _page(carol, "ui/cases.py")
    assert [b.label for b in at.button if b.key and b.key.startswith("open-")] == [example("constructed-mi-transfer").title]
    at.sidebar.selectbox(key="acting_organisation").set_value(ids["south"]).run()
    assert not at.exception, at.exception
    assert [b.label for b in at.button if b.key and b.key.startswith("open-")] == [example("lead-after-slow-pass-of-stayman").title]


# ---------------------------------------------------------------- the migration

def test_the_migration_puts_what_is_stored_in_the_default_organisation(sqlite_url):
    from alembic import command
    setup.prepare_database()
    accounts.create_user("tess", "bidding-box", "director")
    accounts.create_user("cm", "committee-pw", "committee")
    stored = len(db.case_index())
    command.downgrade(db.alembic_config(sqlite_url), "0011")
    path = sqlite_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as conn:
        assert dict(conn.execute("SELECT username, role FROM user_account")) == {"tess": "director", "cm": "committee"}
        assert conn.execute("SELECT count(*) FROM case_record").fetchone()[0] == stored
    assert db.upgrade(sqlite_url) == "0021"
    assert accounts.authenticate("cm", "committee-pw").role == "committee"
    assert accounts.authenticate("tess", "bidding-box").organisation_id == DEFAULT_ORGANISATION
    assert len(db.case_index()) == stored


def test_the_research_page_studies_the_shared_corpus_anonymised(federation):
    at = _page(federation["people"]["nina"], "ui/research.py")
    at.radio(key="research_source").set_value("our cases").run()
    assert not at.exception, at.exception
    assert any("anonymised: no names, no case ids, no sources" in c.value for c in at.caption)
    shown = " ".join(str(e.value) for e in (*at.markdown, *at.caption, *at.info))
    assert "slam" not in shown and "Smith" not in shown


def test_two_clubs_making_the_report_of_their_board_7_at_once_each_get_their_own(federation, tmp_path, monkeypatch):
    """Before: the reports folder was shared and each file named after the case id, so one club's
    director could be handed the other club's report (facts, comments, ruling)."""
    import threading
    from dataclasses import replace
    monkeypatch.setenv("HUDDLE_REPORTS_DIR", str(tmp_path / "reports"))
    ids = federation["ids"]
    people = {"north": federation["people"]["ann"], "south": federation["people"]["bob"]}
    records = {club: cases.create_case(replace(example("laws033-6d-slam"), id="board-7", title=f"Board 7 of the {club} club"),
                                       people[club].username, organisation_id=ids[club]) for club in people}
    from polling.rulings import save_ruling
    for club, record in records.items():
        save_ruling(record, cases.get_case(record).case.ruling, people[club].username)
    from ui.ruling_view import made_report
    made: dict = {}
    # the two directors' pages make the report at the same moment (what a page runs on the press;
    # two AppTests are not run in threads: CPython 3.11 compiles their scripts unsafely side by side)
    makers = [threading.Thread(target=lambda c=club: made.update({c: made_report(records[c], ids[c])}))
              for club in people]
    for maker in makers:
        maker.start()
    for maker in makers:
        maker.join()
    for club in people:
        other = "south" if club == "north" else "north"
        html = made[club][1]["html"].decode()
        assert f"Board 7 of the {club} club" in html and f"Board 7 of the {other} club" not in html
        written = list((tmp_path / "reports" / f"organisation-{ids[club]}").glob("*.html"))
        assert len(written) == 1 and f"Board 7 of the {club} club" in written[0].read_text()
    for club in people:         # and each page hands its director the report of her own club's board 7
        at = _page(people[club], "ui/ruling.py", case="board-7")
        at.button(key=f"report_{ids[club]}_{records[club]}_make").click().run()
        _, files = at.session_state[f"report_{ids[club]}_{records[club]}"]
        assert f"Board 7 of the {club} club" in files["html"].decode()


def test_a_simulation_of_one_clubs_board_7_is_never_offered_on_the_others(federation):
    """Before: the session kept the latest simulation under the case id alone, so a director of
    two clubs was offered one club's results on the other's board-7."""
    from dataclasses import replace
    from analysis.evidence.simulation import simulate
    from analysis.law.case.simulation import SimulationSettings
    from ui.simulation_view import latest_key
    ids = federation["ids"]
    carol = accounts.create_user("carol", "carol-secret", "director", organisation_id=ids["north"])
    organisations.grant("carol", "south", "director")
    carol = accounts.authenticate("carol", "carol-secret")
    slam = example("laws033-6d-slam")
    records = {club: cases.create_case(replace(slam, id="board-7"), "carol", organisation_id=ids[club])
               for club in ("north", "south")}
    at = _page(carol, "ui/ruling.py", case="board-7")
    at.session_state[latest_key(records["north"])] = simulate(slam, SimulationSettings(deals=4))
    at.run()
    assert any(b.label == "Fill tricks from the simulation" for b in at.button)
    at.sidebar.selectbox(key="acting_organisation").set_value(ids["south"]).run()
    assert not at.exception, at.exception
    assert not any(b.label == "Fill tricks from the simulation" for b in at.button)
