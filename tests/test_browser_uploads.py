"""Uploaded files in the browser: each is read on the heavy-work workers, off the server's own
process, and the page shows what was read as before."""
import pytest

from browser import sign_in, streamlit_server

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

RESULTS = (b"board,contract,declarer,tricks,ns_score,ns_pair,ew_pair\n1,4S,N,10,420,1,2\n1,3NT,S,9,400,3,4\n"
           b"1,4SX,N,8,-300,5,6\n1,Pass,,,0,7,8\n2,2H,E,8,-110,1,2\n")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("uploads")
    env = {"HUDDLE_DATABASE_URL": f"sqlite:///{folder / 'huddle.sqlite'}", "HUDDLE_SECRET_KEY": "uploads"}
    with streamlit_server(env) as url:
        yield url, env["HUDDLE_DATABASE_URL"]


def test_a_results_file_uploaded_on_the_case_page_sets_the_field(server, browser):
    """Before: the Case page read an uploaded results file in the server's own process."""
    base, db_url = server
    from polling import accounts, cases, setup
    setup.prepare_database(url=db_url)
    accounts.create_user("tess", "bidding-box", "director", "Tess Director", url=db_url)
    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    page = context.new_page()
    sign_in(page, base, "tess", "bidding-box", "/case?case=kooijman-weighted-mp")
    page.get_by_text("The field from the scoring program").click()
    page.locator("input[type=file]").set_input_files(files=[{"name": "results.csv", "mimeType": "text/csv",
                                                            "buffer": RESULTS}])
    page.get_by_role("button", name="Take the field from this file").click()
    expect(page.get_by_text("Field of board 1: 4 results (4 other tables")).to_be_visible(timeout=60_000)
    stored = cases.get_case(cases.find_case("kooijman-weighted-mp", url=db_url), url=db_url).case
    assert sorted(stored.field) == [-300, 0, 400, 420]
    context.close()
