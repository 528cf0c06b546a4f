"""A committee member in the browser: opens the appeal of the constructed misinformation case,
tries a lower threshold and other weights and sees the effect, votes, records the committee's
decision and downloads the PDF report, which carries the decision and the scores."""
import subprocess

import pytest

from browser import ARTIFACTS, open_tab, sign_in, streamlit_server
from test_browser_director import choose

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect
CASE = "A transfer explained as natural (constructed misinformation case)"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("committee")
    # one member's vote decides here: this flow is about the pages (the quorum has tests of its own)
    env = {"HUDDLE_DATABASE_URL": f"sqlite:///{folder / 'huddle.sqlite'}", "HUDDLE_SECRET_KEY": "committee-flow",
           "HUDDLE_APPEAL_QUORUM": "1",
           "HUDDLE_REPORTS_DIR": str(folder / "reports")}
    with streamlit_server(env) as url:
        yield url, env["HUDDLE_DATABASE_URL"], folder


def test_committee_member_decides_an_appeal_and_downloads_the_report(server, browser, tmp_path):
    base, db_url, folder = server
    from polling import accounts, cases, setup
    setup.prepare_database(url=db_url)          # as `huddle setup` does: schema and example cases
    accounts.create_user("cora", "appeals-room", "committee", "Cora Committee", url=db_url)
    context = browser.new_context(viewport={"width": 1280, "height": 1500}, accept_downloads=True)
    page = context.new_page()
    sign_in(page, base, "cora", "appeals-room", "/appeal")
    expect(page.get_by_role("heading", name="Appeal")).to_be_visible(timeout=60_000)
    choose(page, "Case", f"{CASE} (ruled)")
    expect(page.get_by_text("Status: ruled")).to_be_visible(timeout=15_000)
    # every example is ruled: wait for this case's own table result before reading its ruling
    expect(page.get_by_text("Table result: 2♥ by East, made with 2 overtricks", exact=True)).to_be_visible(timeout=15_000)

    open_tab(page, "The director's ruling")
    expect(page.get_by_test_id("stMetricValue").first).to_have_text("8 1/4 of 22 matchpoints", timeout=15_000)
    # the score is shown whole at 1280 px: the metric's text is not cut off
    value = page.get_by_test_id("stMetricValue").first
    assert value.evaluate("e => [e, ...e.querySelectorAll('*')].every(x => x.scrollWidth <= x.clientWidth + 1)")
    # the outcome tree's sunburst draws its sectors (three alternatives, contracts, trick counts)
    expect(page.locator("g.slice")).to_have_count(9, timeout=15_000)

    open_tab(page, "Try a change")
    weight = page.get_by_label("Double", exact=True)
    weight.fill("1/2")
    weight.press("Enter")
    expect(page.get_by_text("weights sum to 7/8, not 1")).to_be_visible(timeout=15_000)   # named, nothing changes
    passing = page.get_by_label("Pass", exact=True)
    passing.fill("3/8")
    passing.press("Enter")
    expect(page.get_by_text("5/8 × -140 + 3/8 × -170: 7 3/8 of 22 matchpoints").first).to_be_visible(timeout=15_000)
    expect(page.get_by_text("-7/8 matchpoints of 22").first).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "committee-page.png"), full_page=True)

    open_tab(page, "Votes and decision")
    page.get_by_text("modify: the ruling stands in part").click()
    page.get_by_label("Reason", exact=True).fill("Pass was chosen by a quarter of the pollees and deserves more weight.")
    page.get_by_role("button", name="Record my vote").click()
    expect(page.get_by_text("Vote recorded.")).to_be_visible(timeout=15_000)
    open_tab(page, "Votes and decision")
    page.get_by_label("The committee's reason").fill("Modified: Pass weighted with double.")
    page.get_by_role("button", name="Record the decision").click()
    expect(page.get_by_text("Decision recorded; the case is closed.")).to_be_visible(timeout=15_000)
    open_tab(page, "Votes and decision")
    expect(page.get_by_text("Modify (the ruling stands in part: a different adjustment or score): weights Double 1/2, "
                            "Pass 3/8, 3♦ 1/8; agreed by Cora Committee", exact=False)).to_be_visible(timeout=15_000)
    record = cases.find_case("constructed-mi-transfer", url=db_url)
    assert cases.get_case(record, url=db_url).status == "closed"

    page.get_by_role("button", name="Make the report").click()
    with page.expect_download(timeout=60_000) as download:
        page.get_by_role("button", name="Download PDF").click()
    saved = tmp_path / "report.pdf"
    download.value.save_as(saved)
    assert saved.read_bytes()[:5] == b"%PDF-"
    text = " ".join(subprocess.run(["pdftotext", str(saved), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert ("Modify (the ruling stands in part: a different adjustment or score): weights Double 1/2, Pass 3/8, 3♦ 1/8; "
            "agreed by Cora Committee") in text
    assert "1 of 1, unanimous." in text
    assert "5/8 × -140 + 3/8 × -170: 7 3/8 of 22 matchpoints" in text        # the committee's ruling
    assert "8 1/4 of 22 matchpoints" in text                                    # the director's
    assert (folder / "reports" / "organisation-1" / "board-14-constructed-mi-transfer.pdf").exists()
    context.close()
