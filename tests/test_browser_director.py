"""The director's whole flow in the browser on a fresh database: create the first director, sign
in (the login survives a reload), create a case from PBN, build a poll, issue three links, three
pollees vote in separate browser contexts, the live tally shows three answers, a fourth use of a
link is refused."""
import re
import time

import pytest

from browser import ARTIFACTS, choose, sign_in, streamlit_server  # noqa: F401  (choose: imported from here by others)
from test_cases import PBN

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect



@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db_file = tmp_path_factory.mktemp("director") / "huddle.sqlite"
    env = {"HUDDLE_DATABASE_URL": f"sqlite:///{db_file}", "HUDDLE_SECRET_KEY": "director-flow"}
    with streamlit_server(env) as url:
        yield url, env["HUDDLE_DATABASE_URL"]


def test_director_from_pbn_to_live_tally(server, browser, monkeypatch):
    base, db_url = server
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "director-flow")      # to read the browser's cookie here
    started = time.monotonic()
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()

    # First visit: no account yet, so Huddle asks for the first director.
    page.goto(base)
    expect(page.get_by_role("heading", name="Welcome to Huddle")).to_be_visible(timeout=60_000)
    page.get_by_label("User name").fill("tess")
    page.get_by_label("Name shown on rulings").fill("Tess Director")
    page.get_by_label("Password (at least 8 characters)").fill("short")
    page.get_by_label("Password again").fill("short")
    page.get_by_role("button", name="Create the first director").click()
    expect(page.get_by_text("password: use at least 8 characters")).to_be_visible()
    expect(page.get_by_label("User name")).to_have_value("tess")          # what was typed comes back
    page.get_by_label("Password (at least 8 characters)").fill("bidding-box")
    page.get_by_label("Password again").fill("bidding-box")
    page.get_by_role("button", name="Create the first director").click()
    expect(page.get_by_role("heading", name="Cases")).to_be_visible()
    page.reload()                                       # the first director stays signed in
    expect(page.get_by_text("Signed in as")).to_be_visible(timeout=60_000)
    cookie = next(c["value"] for c in context.cookies() if c["name"] == "huddle_session")
    from polling import accounts
    assert accounts.user_from_cookie(cookie, url=db_url).username == "tess"
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible(timeout=60_000)
    assert accounts.user_from_cookie(cookie, url=db_url) is None     # the session ended on the server

    # Sign in through the form; the cookie keeps the director signed in across a reload.
    sign_in(page, base, "tess", "wrong-password")
    expect(page.get_by_text("the user name or password is wrong")).to_be_visible()
    sign_in(page, base, "tess", "bidding-box")
    expect(page.get_by_role("heading", name="Cases")).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Cases")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Signed in as")).to_be_visible()

    # A case from pasted PBN.
    page.get_by_role("button", name="New case").click()
    expect(page.get_by_role("heading", name="New case")).to_be_visible()
    page.get_by_label("…or paste PBN or LIN text").fill(PBN)
    page.get_by_role("button", name="Read the file").click()
    expect(page.get_by_label("North", exact=True)).to_have_value("AKQ2.KQ2.AK2.AK2")
    page.get_by_label("Title", exact=True).fill("Club pairs board 9: 6NT after a slow 3NT")
    choose(page, "Action in question", "9. 6NT")
    choose(page, "What happened", "hesitation (a break in tempo)")
    choose(page, "At call", "7. 3NT")
    expect(page.get_by_role("combobox", name="Action in question", exact=True)).to_have_value("9. 6NT")
    page.get_by_role("button", name="Save the case").click()
    expect(page.get_by_text("Saved: created")).to_be_visible()

    # The poll: a wording that leaks the hesitation is refused, a neutral one previews.
    page.get_by_role("link", name="Poll builder").click()
    expect(page.get_by_role("heading", name="Poll builder")).to_be_visible()
    wording = page.get_by_label("Introduction for pollees")
    wording.fill("Partner hesitated before 3NT. What do you call?")
    wording.press("Control+Enter")
    expect(page.get_by_text("The introduction: “hesitated” gives away partner's tempo.")).to_be_visible()
    wording.fill("Matchpoints, club pairs. What do you call?")
    wording.press("Control+Enter")
    expect(page.get_by_text("Preview: what a pollee sees")).to_be_visible()
    # Pass is offered from the start: a poll never shows the table action alone
    expect(page.get_by_role("radio", name="Pass", exact=True)).to_be_visible()
    page.get_by_role("button", name="Create the poll").click()
    expect(page.get_by_text(re.compile(r"Poll \d+ created"))).to_be_visible()

    # Three personal links.
    page.get_by_role("link", name="Go to Invites").click()
    expect(page.get_by_role("heading", name="Invites")).to_be_visible()
    page.get_by_label("Pollees, one per line").fill("Ann\nBob\nCy")
    page.get_by_role("button", name="Issue links").click()
    expect(page.get_by_text("New links")).to_be_visible()
    expect(page.get_by_text("QR for Ann")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "director-invites.png"), full_page=True)
    text = page.locator("body").inner_text()
    links = re.findall(r"(http://127\.0\.0\.1:\d+/p/[A-Za-z0-9_-]{22})", text)
    links = list(dict.fromkeys(links))
    assert len(links) == 3

    # Three pollees, each in a separate browser context (no shared cookies or session).
    for link, call in zip(links, ("6NT", "6NT", "Pass")):
        voter = browser.new_context(viewport={"width": 375, "height": 812})
        vp = voter.new_page()
        vp.goto(link)
        expect(vp.get_by_text("A bidding problem")).to_be_visible(timeout=60_000)
        expect(vp.get_by_text("slow")).to_have_count(0)
        vp.get_by_role("radio", name=call, exact=True).check()
        vp.get_by_role("button", name="Submit my answer").click()
        expect(vp.get_by_text("Thank you: your answer is recorded.")).to_be_visible()
        voter.close()

    # The live tally shows the three answers.
    page.get_by_test_id("stMainBlockContainer").get_by_test_id("stPageLink-NavLink").filter(has_text="Live tally").click()
    expect(page.get_by_role("heading", name="Live tally")).to_be_visible()
    expect(page.get_by_test_id("stMetricValue")).to_have_text("3", timeout=15_000)
    elapsed = time.monotonic() - started
    page.screenshot(path=str(ARTIFACTS / "director-tally.png"), full_page=True)
    (ARTIFACTS / "director-flow-seconds.txt").write_text(f"{elapsed:.1f}\n")

    # A fourth use of a link is refused.
    again = browser.new_context(viewport={"width": 375, "height": 812}).new_page()
    again.goto(links[0])
    expect(again.get_by_text("this link has already been used")).to_be_visible(timeout=60_000)

    # Signing out ends the login: a reload asks to sign in again.
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible(timeout=60_000)
    page.goto(base + "/tally")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible(timeout=60_000)
    context.close()


def test_director_rules_a_case_in_the_browser(server, browser):
    """The 6♦ slam of LAWS.033: the worksheet, the scores and the text on the Ruling page, a
    reason typed in, the ruling saved as a version."""
    base, db_url = server
    from polling import accounts
    accounts.create_user("rita", "slow-five-diamonds", "director", "Rita Ruling", url=db_url)
    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    page = context.new_page()
    sign_in(page, base, "rita", "slow-five-diamonds", "/ruling")
    expect(page.get_by_role("heading", name="Ruling")).to_be_visible(timeout=60_000)
    choose(page, "Case", "LAWS.033: 6♦ after a noticeable hesitation, and a missed ruff (ruled)")
    expect(page.get_by_test_id("stMetricValue").first).to_have_text("+420", timeout=15_000)
    expect(page.get_by_test_id("stMetricValue").nth(1)).to_have_text("-920")
    reasons = page.get_by_label("Reason")
    reasons.nth(1).fill("The slow 5♦ suggests extra values; 6♦ is demonstrably suggested over Pass.")
    reasons.nth(1).press("Enter")
    page.get_by_text("The four questions, with the reasons").click()          # the details behind the summary
    expect(page.get_by_test_id("stExpanderDetails").get_by_text("6♦ is demonstrably suggested over Pass.").first
           ).to_be_visible()
    page.get_by_role("button", name="Save this ruling").click()
    expect(page.get_by_text("Saved as version 2.")).to_be_visible(timeout=15_000)
    page.screenshot(path=str(ARTIFACTS / "ruling-page.png"), full_page=True)
    from polling import cases, rulings
    record = cases.find_case("laws033-6d-slam", url=db_url)
    # version 1 is the source's ruling, saved when the example cases were loaded
    assert [v.username for v in rulings.ruling_versions(record, url=db_url)] == ["huddle (example cases)", "rita"]
    assert cases.get_case(record, url=db_url).status == "ruled"
    context.close()
