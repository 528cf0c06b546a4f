"""A federation's casebook and the precedents beside every ruling: only the cases a club agreed
appear; officials by role unless the federation names them; pollees never by name (HTML, PDF,
package); a German commentator comments on a French club's case in German; the casebook's package
is read by `huddle calibrate`; `huddle precedents` finds the example slow double pulled first for
a slow double pulled, and the pages say so in the reader's language."""
import json
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from page_runs import PAGE_SECONDS

from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from conftest import CASES, ROOT
from polling import accounts, casebook, cases, invitations, organisations, services, setup
from test_cli import run, run_json

APP = str(ROOT / "streamlit_app.py")
OFFICIALS = ("Alice Martin", "Bruno Keller")
POLLEE = "Pierre Dupont"


def slow_double(new_id: str, title: str):
    """The example slow double pulled, its committee's members named as a club records them."""
    data = json.loads((CASES / "slow-double-pulled.json").read_text(encoding="utf-8"))
    data.update(id=new_id, title=title)
    for vote, name in zip(data["appeal"]["votes"], OFFICIALS + ("Carla Rossi",)):
        vote["member"] = name
    data["appeal"]["decision"]["chair"] = OFFICIALS[0]
    return case_files.loads(json.dumps(data))


@pytest.fixture
def federation(database_url):
    setup.prepare_database(load_examples=False)
    nbo = organisations.create_organisation("nbo", "National Bridge Org", "federation")
    north = organisations.create_organisation("north", "North BC", federation="nbo")
    paris = organisations.create_organisation("paris", "Club de Paris", federation="nbo")
    organisations.set_language("paris", "fr")
    ann = accounts.create_user("ann", "north-director", "director", "Ann", organisation_id=north.id)
    chef = accounts.create_user("chef", "national-director", "director", "Chef", organisation_id=nbo.id)
    agreed = cases.create_case(slow_double("pulled-double", "The slow double pulled at North"), "ann", organisation_id=north.id)
    kept = cases.create_case(replace(case_files.loads((CASES / "boston-3h.json").read_text(encoding="utf-8")),
                                     id="kept-home"), "ann", organisation_id=north.id)
    french = cases.create_case(slow_double("contre-lent", "Le contre lent retiré"), "cf", organisation_id=paris.id)
    # a pollee's name is the director's alone: never in a casebook
    poll = services.create_poll(agreed, "IMPs. What do you call?", alternatives=("P", "5H"))
    services.cast_vote(services.issue_invites(poll.id, [POLLEE])[0].token, "P", comment="easy pass")
    return {"nbo": nbo, "north": north, "paris": paris, "ann": ann, "chef": chef,
            "agreed": agreed, "kept": kept, "french": french, "url": database_url}


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_a_federations_casebook_holds_only_what_its_clubs_agreed_and_names_no_one(federation, capsys, tmp_path):
    f = federation
    casebook.choose(f["agreed"], f["nbo"].id, "chef")
    casebook.choose(f["kept"], f["nbo"].id, "chef")              # chosen, never agreed by North
    assert run(capsys, "casebook", "agree", "pulled-double", "--org", "north")[0] == 0
    assert [e.case_slug for e in casebook.entries(f["nbo"].id)] == ["pulled-double"]
    out = run_json(capsys, "casebook", "build", "--org", "nbo", "-o", str(tmp_path / "book"))
    assert out["cases"] == 1
    html = (tmp_path / "book" / "casebook.html").read_text(encoding="utf-8")
    pdf = _pdf_text(tmp_path / "book" / "casebook.pdf")
    package = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "book" / "package").iterdir())
    assert "The slow double pulled at North" in html and "The slow double pulled at North" in pdf
    assert "Boston" not in html and "Boston" not in pdf
    assert "id='case-1'" in html and "href='#case-1'" in html
    for text in (html, pdf, package):
        assert POLLEE not in text
        assert not any(name in text for name in OFFICIALS)
    assert "Member 1" in html and "Member 1" in pdf
    assert "National Bridge Org casebook" in package
    # the federation names its officials when it says so
    assert run(capsys, "casebook", "naming", "--officials", "--org", "nbo")[0] == 0
    run_json(capsys, "casebook", "build", "--org", "nbo", "-o", str(tmp_path / "named"))
    named = (tmp_path / "named" / "casebook.html").read_text(encoding="utf-8")
    assert all(name in named for name in OFFICIALS) and POLLEE not in named
    # the package is a corpus `huddle calibrate` reads
    code, said, err = run(capsys, "calibrate", str(tmp_path / "book" / "package"))
    assert code == 0, err
    assert "the corpus given" in said


def test_casebook_mistakes_are_named_and_change_nothing(federation, capsys):
    f = federation
    outsider = organisations.create_organisation("east", "East BC")
    with pytest.raises(HuddleInputError) as refused:
        casebook.choose(f["agreed"], outsider.id, "someone")         # not its club's case
    assert refused.value.field == "case"
    undecided = cases.create_case(replace(case_files.loads((CASES / "boston-3h.json").read_text(encoding="utf-8")),
                                          id="open-one", ruling=None), "ann", organisation_id=f["north"].id)
    with pytest.raises(HuddleInputError, match="only a decided case"):
        casebook.choose(undecided, f["north"].id, "ann")
    with pytest.raises(HuddleInputError, match="belongs to no federation"):
        casebook.agree(cases.create_case(replace(case_files.loads((CASES / "boston-3h.json").read_text(encoding="utf-8")),
                                                 id="east-one"), "eve", organisation_id=outsider.id), "eve")
    casebook.choose(f["agreed"], f["north"].id, "ann")
    entry = casebook.entries(f["north"].id)[0].id
    for text, rating, field in (("", 50, "comment"), ("fine", 101, "rating"), ("fine", -1, "rating"),
                                ("x" * 4001, 50, "comment"), ("fine", True, "rating")):
        with pytest.raises(HuddleInputError) as refused:
            casebook.comment(entry, "klaus", text, rating, "de")
        assert refused.value.field == field
    assert casebook.comments([entry]) == {entry: []}
    code, _, err = run(capsys, "casebook", "choose", "no-such-case", "--org", "north")
    assert code == 2 and "no case 'no-such-case'" in err
    code, _, err = run(capsys, "casebook", "build", "--org", "north", "-o", "x", "--from", "yesterday")
    assert code == 2 and "is not a day" in err


def test_a_german_commentator_comments_in_german_on_a_french_case(federation, tmp_path):
    f = federation
    casebook.choose(f["french"], f["nbo"].id, "chef")
    casebook.agree(f["french"], "cf")
    made = invitations.invite_account("commentator", "Klaus Weber", "chef", f["nbo"].id)
    klaus = invitations.accept_invitation(made.token, "klaus", "kommentar-passwort-1")
    accounts.set_language("klaus", "de")
    klaus = accounts.authenticate("klaus", "kommentar-passwort-1")
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = klaus
    at.run()
    at.switch_page("ui/casebook.py").run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Fallsammlung"
    assert "Le contre lent retiré" in at.selectbox(key="casebook_case").options[0]
    at.text_area[0].input("Ein klarer Fall: Passe ist eine logische Alternative.")
    at.slider[0].set_value(85)
    at.button[0].click().run()          # the form's submit button
    assert not at.exception, at.exception
    [[said]] = casebook.comments([casebook.entries(f["nbo"].id)[0].id]).values()
    assert (said.name, said.rating, said.language) == ("Klaus Weber", 85, "de")
    # a commentator reads the casebook, never the organisation's cases
    cases_page = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    cases_page.session_state["huddle_user"] = klaus
    cases_page.run()
    for page in ("ui/cases.py", "ui/case_view.py", "ui/ruling.py"):
        with pytest.raises(ValueError, match="Could not find a navigation page"):
            cases_page.switch_page(page)
    # the casebook in German: Huddle's words in German, what people typed as typed
    from analysis.language import language
    from huddle.casebooks import make_casebook
    book = make_casebook(f["nbo"].id, language("de")).html.decode("utf-8")
    assert "Ein klarer Fall: Passe ist eine logische Alternative." in book and "85" in book
    assert "Inhalt" in book and "Le contre lent retiré" in book


def test_precedents_find_the_example_slow_double_pulled_first_and_say_why(tmp_path, capsys, sqlite_url):
    setup.prepare_database()
    here = slow_double("tonight", "Tonight's slow double, pulled to 5♥")
    path = tmp_path / "tonight.json"
    path.write_text(case_files.dumps(here), encoding="utf-8")
    found = run_json(capsys, "precedents", str(path))["precedents"]
    assert found[0]["case"] == "slow-double-pulled" and found[0]["action_kind"] == "slow double pulled"
    assert "the same kind of action: a slow double pulled" in found[0]["alike"]
    assert found[0]["decided"] == "score adjusted; on appeal: uphold"
    assert all(p["action_kind"] != "slow double pulled" for p in found[1:])
    code, said, _ = run(capsys, "precedents", str(path), "--language", "fr")
    assert code == 0 and said.startswith("1. A slow double of 4♠ pulled to 5♥, upheld on appeal, source : Le recueil")
    assert "un contre lent retiré" in said


def test_the_ruling_and_appeal_pages_show_the_precedents_in_the_readers_language(sqlite_url):
    setup.prepare_database()
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr")
    director = accounts.create_user("dina", "directrice-passe-1", "director", "Dina")
    cases.create_case(slow_double("ce-soir", "Le contre lent de ce soir"), "dina")
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = director
    at.query_params["case"] = "ce-soir"
    at.run()
    at.switch_page("ui/ruling.py").run()
    assert not at.exception, at.exception
    [shown] = [e for e in at.expander if e.label.startswith("Précédents")]
    text = " ".join(m.value for m in shown.markdown)
    assert "A slow double of 4♠ pulled to 5♥, upheld on appeal" in text
    assert "un contre lent retiré" in " ".join(c.value for c in shown.caption)
    # the Appeal page shows them beside the facts, in the committee member's own language
    member = accounts.create_user("kurt", "berufung-raum-1", "committee", "Kurt")
    accounts.set_language("kurt", "de")
    member = accounts.authenticate("kurt", "berufung-raum-1")
    appeal = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    appeal.session_state["huddle_user"] = member
    appeal.run()
    appeal.session_state["case_id"] = cases.find_case("slow-double-pulled")
    appeal.switch_page("ui/committee.py").run()
    assert not appeal.exception, appeal.exception
    [shown] = [e for e in appeal.expander if e.label.startswith("Präzedenzfälle")]
    assert "ein langsames Kontra herausgenommen" in " ".join(c.value for c in shown.caption)
