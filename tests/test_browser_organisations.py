"""Two clubs on one server, in the browser: a director opening another club's case by its address
is told there is no such case and never sees it; a member of both clubs moves between them in the
sidebar, and the choice outlives a reload (it is kept with her sign-in on the server)."""
from dataclasses import replace

import pytest

from browser import sign_in, streamlit_server
from conftest import CASES

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

NORTH_TITLE, SOUTH_TITLE = "North: the slow double", "South: the slow pass"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from analysis.law import case as case_files
    from polling import accounts, cases, organisations, setup
    url = f"sqlite:///{tmp_path_factory.mktemp('clubs') / 'huddle.sqlite'}"
    setup.prepare_database(url=url)
    north = organisations.create_organisation("north", "North BC", url=url)
    south = organisations.create_organisation("south", "South BC", url=url)
    accounts.create_user("ann", "north-director", "director", url=url, organisation_id=north.id)
    accounts.create_user("carol", "both-clubs", "director", url=url, organisation_id=north.id)
    organisations.grant("carol", "south", "director", url=url)
    base = case_files.loads((CASES / "constructed-mi-transfer.json").read_text(encoding="utf-8"))
    cases.create_case(replace(base, id="north-case", title=NORTH_TITLE), "ann", url=url, organisation_id=north.id)
    cases.create_case(replace(base, id="south-case", title=SOUTH_TITLE), "carol", url=url, organisation_id=south.id)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "two-clubs"}) as address:
        yield address


def test_a_director_is_refused_another_clubs_case_by_its_address(server, browser):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_in(page, server, "ann", "north-director")
    expect(page.get_by_role("button", name=NORTH_TITLE)).to_be_visible(timeout=60_000)
    expect(page.get_by_text("North BC")).to_be_visible()
    page.goto(server + "/ruling?case=south-case")
    expect(page.get_by_text("There is no case 'south-case' here")).to_be_visible(timeout=60_000)
    expect(page.get_by_text(SOUTH_TITLE)).to_have_count(0)
    page.goto(server + "/cases")
    expect(page.get_by_role("button", name=NORTH_TITLE)).to_be_visible(timeout=60_000)
    expect(page.get_by_role("button", name=SOUTH_TITLE)).to_have_count(0)


def test_a_member_of_two_clubs_moves_between_them_and_a_reload_keeps_it(server, browser):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_in(page, server, "carol", "both-clubs")
    expect(page.get_by_role("button", name=NORTH_TITLE)).to_be_visible(timeout=60_000)
    box = page.get_by_label("Organisation", exact=True)
    box.click()
    page.get_by_role("option", name="South BC (director)", exact=True).click()
    expect(page.get_by_role("button", name=SOUTH_TITLE)).to_be_visible(timeout=60_000)
    expect(page.get_by_role("button", name=NORTH_TITLE)).to_have_count(0)
    page.reload()
    expect(page.get_by_role("button", name=SOUTH_TITLE)).to_be_visible(timeout=60_000)
    expect(page.get_by_role("button", name=NORTH_TITLE)).to_have_count(0)
