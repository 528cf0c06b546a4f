"""Every page of the app, signed in, in each shipped language, through axe-core's WCAG 2.1 A and
AA rules: nothing critical or serious that Huddle can change (tests/accessibility.py). The sign-in
page too, signed out."""
import pytest

pytestmark = pytest.mark.browser

# every page a director opens, with a case where it needs one (path, what it says when drawn)
PAGES = ("/", "/table", "/case?case=laws033-6d-slam", "/edit?case=laws033-6d-slam", "/ruling?case=laws033-6d-slam",
         "/poll?case=laws033-6d-slam", "/invites?case=laws033-6d-slam", "/panel", "/tally?case=laws033-6d-slam",
         "/appeal?case=laws033-6d-slam", "/casebook", "/research", "/calculator", "/me", "/accounts")


# Streamlit's own header: its "Running… Stop" status fades in and out while a page reruns (the
# At the table page's clock), at whatever colour the fade has reached when axe looks
STREAMLIT_CHROME = ('[data-testid="stHeader"]',)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from browser import streamlit_server
    from polling import accounts, cases, services, setup
    url = f"sqlite:///{tmp_path_factory.mktemp('axe') / 'huddle.sqlite'}"
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    poll = services.create_poll(cases.find_case("laws033-6d-slam", url=url), "Matchpoints. What do you call?",
                                alternatives=("P",), url=url)
    services.issue_invites(poll.id, ["Ann"], url=url)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "axe"}) as base:
        yield base, url


def _settled(page) -> None:
    """The page drawn and still: the main block and the sidebar's links there, the script still
    (browser.settle)."""
    from playwright.sync_api import expect
    from browser import settle
    expect(page.get_by_test_id("stMain")).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("stSidebarContent").get_by_role("link").first).to_be_visible(timeout=60_000)
    settle(page)


def _open(page, base: str, path: str) -> None:
    """Another page by the sidebar's link, as a director goes (the page's case kept across pages),
    without loading the app again; the case editor by its address (from the sidebar it starts a
    new case)."""
    import re
    from playwright.sync_api import expect
    name, _, query = path.strip("/").partition("?")
    if name == "edit":
        page.goto(base + path)
    else:
        page.get_by_test_id("stSidebarContent").locator(f'a[href="{name}"]').click()
        page.wait_for_url(re.compile(rf"/{name}(\?|$)"), timeout=60_000)
    _settled(page)
    if query:                                    # the case it needs, the one the address named
        expect(page).to_have_url(re.compile(re.escape(query) + "(&|$)"), timeout=60_000)


@pytest.mark.parametrize("code", ["en", "fr", "de", "nl"])
def test_every_page_passes_axe_in_each_language(browser, server, code):
    from accessibility import axe_violations
    from browser import sign_in
    from polling import accounts
    base, url = server
    accounts.set_language("td", code, url=url)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    signed_out = browser.new_context().new_page()
    signed_out.goto(base + "/")
    found = {"sign-in": axe_violations(signed_out)}
    sign_in(page, base, "td", "table-director", PAGES[2])            # the case the pages need, remembered
    _settled(page)
    for path in PAGES:
        _open(page, base, path)
        found[path] = axe_violations(page, exclude=STREAMLIT_CHROME)
    assert {p: v for p, v in found.items() if v} == {}
