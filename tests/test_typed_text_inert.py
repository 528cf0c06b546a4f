"""What a person typed is shown as typed, everywhere: Markdown, HTML and spreadsheet formulas typed
into every field a director, a pollee or a committee member fills come back inert on every page
that shows them (real Streamlit under AppTest, a real SQLite file), in the report and in the
exports. Before: a pollee's comment reached the Live tally's "each pollee" table and the Appeal
page's answers as Markdown (an image fetched from the pollee's server, a link that read "Your
session expired: sign in again")."""
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest
from page_runs import PAGE_SECONDS

from conftest import ROOT
from polling import accounts, cases, committee, rulings, services, setup

APP = str(ROOT / "streamlit_app.py")
HOSTILE = ('![pic](http://evil.example/p.png) [Your session expired: sign in again](http://evil.example/login) '
           '<img src=x onerror=alert(1)> $x^2$ :red[alarm] **loud** =HYPERLINK("http://evil.example")')
SHORT = "![pic](http://evil.example/p) [Your session expired: sign in again](http://evil.example) :red[alarm]"  # a name
# what each would be, rendered: an image, a link, maths, a colour, emphasis
LIVE_MARKUP = ("![pic](", "[Your session expired: sign in again](", "$x^2$", ":red[alarm]", "**loud**")
MARKDOWN_ELEMENTS = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error",
                     "expander", "tab", "metric", "button", "checkbox", "toggle")


def _typed_everywhere(record_id: int) -> int:
    """The case's free-text fields, a poll's pollees and their answers, a committee's votes and
    decision, each carrying HOSTILE; returns the poll's id."""
    stored = cases.get_case(record_id)
    case = stored.case
    case = replace(case, title=f"Title {HOSTILE}", event=HOSTILE, session=HOSTILE, class_of_players=HOSTILE,
                   notes=HOSTILE, assumptions=(HOSTILE,), source=HOSTILE,
                   irregularities=(replace(case.irregularity, description=HOSTILE),))
    cases.update_case(record_id, case, "tess", opened_version=stored.version)
    cases.set_status(record_id, "open", "tess", HOSTILE)
    poll = services.create_poll(record_id, "Matchpoints. Your call?", alternatives=("P",))
    tokens = [i.token for i in services.issue_invites(poll.id, [f"Ann {SHORT}", "Bob", "Cy"])]
    services.cast_vote(tokens[0], "6D", considered=["P"], close_shares={"P": "1/2"}, comment=HOSTILE, level=SHORT)
    services.cast_vote(tokens[1], "P", comment=HOSTILE)
    services.cast_vote(tokens[2], "6D", comment=HOSTILE)
    rulings.save_ruling(record_id, cases.get_case(record_id).case.ruling, "tess")
    for member in ("ann", "bob", "cy"):
        committee.record_vote(record_id, member, "uphold", HOSTILE)
    committee.record_decision(record_id, "ann", HOSTILE)
    return poll.id


@pytest.fixture
def typed(sqlite_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    setup.prepare_database()
    users = {"director": accounts.create_user("tess", "bidding-box", "director", f"Tess {SHORT}"),
             "committee": accounts.create_user("cora", "appeals-room", "committee", f"Cora {SHORT}")}
    record_id = cases.find_case("laws033-6d-slam")
    return users, record_id, _typed_everywhere(record_id)


def _live_markup(at: AppTest) -> list[str]:
    """Every element that renders Markdown and shows typed markup live, with the markup."""
    found = []
    for kind in MARKDOWN_ELEMENTS:
        for element in at.get(kind):
            for attr in ("value", "label", "body"):
                value = getattr(element, attr, None) if attr != "body" else getattr(element.proto, "body", None)
                if isinstance(value, str):
                    found += [f"{kind}: {m} in {value[:120]!r}" for m in LIVE_MARKUP if m in value]
    for frame in at.table:                  # st.table draws each cell as Markdown
        text = frame.value.to_csv()
        found += [f"table: {m}" for m in LIVE_MARKUP if m in text]
    for block in at.get("html"):
        if "<img src=x" in block.proto.body:
            found.append("html: a typed tag")
    return found


PAGES = [("ui/case_view.py", "director"), ("ui/ruling.py", "director"), ("ui/tally.py", "director"),
         ("ui/invites.py", "director"), ("ui/committee.py", "director"), ("ui/committee.py", "committee"),
         ("ui/cases.py", "director"), ("ui/case_editor.py", "director"), ("ui/panel.py", "director"),
         ("ui/my_account.py", "director")]


@pytest.mark.parametrize("page, role", PAGES, ids=[f"{p.split('/')[1][:-3]}-{r}" for p, r in PAGES])
def test_typed_markup_is_inert_on_every_page(typed, page, role):
    users, record_id, poll_id = typed
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = users[role]
    at.session_state["case_id"] = record_id
    at.session_state["poll_id"] = poll_id
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    shown = "\n".join(str(e.value) for kind in ("markdown", "caption", "table") for e in at.get(kind)
                      if hasattr(e, "value"))
    assert "evil.example" in shown or page in ("ui/panel.py", "ui/my_account.py", "ui/case_editor.py",
                                                "ui/invites.py", "ui/cases.py")
    assert _live_markup(at) == []


def test_typed_markup_is_inert_in_the_report_and_the_downloads(typed, tmp_path):
    from analysis.language import ENGLISH
    from polling.dossier import load_dossier
    from reports.content import report_for_stored_case
    from reports.render import report_bytes
    users, record_id, poll_id = typed
    seen = load_dossier(record_id)
    report = report_for_stored_case(seen.case, seen.status, seen.polls, seen.committee, lang=ENGLISH)
    page = report_bytes(report, "html").decode()
    assert "<img src=x" not in page and "&lt;img src=x" in page
    assert report_bytes(report, "pdf").startswith(b"%PDF")
    # the tables a page offers as CSV write a formula as text (ui.widgets.typed_rows; tests/test_hardening_two.py)
    from ui.widgets import typed_rows
    assert typed_rows([{"comment": '=HYPERLINK("http://evil.example")'}])[0]["comment"].startswith("'=")


def test_what_the_director_typed_is_text_on_the_pollee_s_page(sqlite_url, monkeypatch):
    """The poll's wording and the pollee's own name reach the pollee's page escaped (the page is a
    Jinja template with autoescape)."""
    from starlette.applications import Starlette
    from starlette.testclient import TestClient
    from huddle.web.pollee import ROUTES
    from pollee_client import SITE
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "pollee-page")
    setup.prepare_database()
    record_id = cases.find_case("laws033-6d-slam")
    poll = services.create_poll(record_id, f"Matchpoints. {HOSTILE} Your call?", alternatives=("P",),
                                override="the words are a test of escaping")
    (invite,) = services.issue_invites(poll.id, [f"Ann {SHORT}"])
    with TestClient(Starlette(routes=ROUTES), base_url=SITE) as client:
        page = client.get(f"/p/{invite.token}").text
    assert "evil.example" in page and "<img src=x" not in page and "&lt;img src=x" in page
