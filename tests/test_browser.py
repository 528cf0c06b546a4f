"""Browser tests: the real app in Debian's chromium."""
import re

import pytest

from browser import ARTIFACTS, sign_in, streamlit_server

pytestmark = pytest.mark.browser
# South's spades as the hand diagram draws them: the symbol, its name for a screen reader, the cards
SOUTH_SPADES = re.compile(r"^♠\s*spades\s*KJ2$")
playwright = pytest.importorskip("playwright.sync_api")


server_env: dict[str, str] = {}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db_file = tmp_path_factory.mktemp("browser") / "huddle.sqlite"
    server_env["HUDDLE_DATABASE_URL"] = f"sqlite:///{db_file}"
    server_env["HUDDLE_SECRET_KEY"] = "browser-tests"
    server_env["HUDDLE_TRUSTED_PROXIES"] = "127.0.0.1"        # as behind the documented nginx
    with streamlit_server(server_env) as url:
        yield url


@pytest.fixture(scope="module")
def director(server):
    from polling import accounts, setup
    url = server_env["HUDDLE_DATABASE_URL"]
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    return "td", "table-director"


def test_case_page_shows_hand_diagram(server, browser, director):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    sign_in(page, server, *director)
    expect = playwright.expect
    expect(page.get_by_role("heading", name="Cases")).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="LAWS.033: 6♦ after a noticeable hesitation").click()
    expect(page.get_by_role("heading", name="LAWS.033: 6♦ after a noticeable hesitation")).to_be_visible()
    expect(page.get_by_text("Final contract:")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "case-page.png"), full_page=True)
    expect(page.get_by_text(SOUTH_SPADES)).to_be_visible()       # South's spades, named for a screen reader
    expect(page.get_by_text(re.compile(r"^♣\s*clubs\s*J97643$"))).to_be_visible()    # West's clubs
    expect(page.get_by_text("break in tempo", exact=True)).to_be_visible()
    page.close()


def test_calculator_on_a_phone(server, browser, director):
    page = browser.new_page(viewport={"width": 375, "height": 800})
    sign_in(page, server, *director, "/calculator")      # every page of the app is a signed-in one
    expect = playwright.expect
    expect(page.get_by_text("North-South 8 1/2 of 22")).to_be_visible(timeout=60_000)
    page.get_by_label("Adjusted table: score:weight pairs").fill("400:1/3 -50:1/3")
    page.keyboard.press("Enter")
    expect(page.get_by_text("adjusted: weights sum to 2/3, not 1")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "calculator-phone.png"), full_page=True)
    page.close()


def test_voter_link_on_a_phone(server, browser, monkeypatch):
    from sqlmodel import Session, select

    from polling import db, services, setup
    from polling.models import CaseRecord
    url = server_env["HUDDLE_DATABASE_URL"]
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    setup.prepare_database()
    with Session(db.engine_for(url)) as session:
        case_id = session.exec(select(CaseRecord.id).where(CaseRecord.slug == "laws033-6d-slam")).one()
    poll = services.create_poll(case_id, "Matchpoints. What do you call?", alternatives=("P",))
    invites = services.issue_invites(poll.id, ["Ann", "Bob"])
    expect = playwright.expect
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    page.goto(invites[0].link(server))
    expect(page.get_by_text("A bidding problem")).to_be_visible(timeout=60_000)
    expect(page.get_by_text(SOUTH_SPADES)).to_be_visible()
    expect(page.get_by_role("button", name="Submit my answer")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "voter-phone.png"), full_page=True)
    page.get_by_role("radio", name="6 diamonds", exact=True).first.check()
    page.get_by_role("button", name="Submit my answer").click()
    expect(page.get_by_text("Thank you: your answer is recorded.")).to_be_visible()
    context.close()
    again = browser.new_context(viewport={"width": 375, "height": 812}).new_page()
    again.goto(invites[0].link(server))
    expect(again.get_by_text("this link has already been used")).to_be_visible(timeout=60_000)
    assert services.tally(poll.id).count("6D").chose == 1


def test_a_french_poll_on_a_phone_in_french_and_a_dutch_browser_s_page_in_dutch(server, browser, monkeypatch):
    """The link's language wins over the phone's; where none is set, the page follows the phone's.
    The answers count as an English poll's do."""
    from sqlmodel import Session, select

    from polling import db, organisations, services, setup
    from polling.models import CaseRecord
    url = server_env["HUDDLE_DATABASE_URL"]
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    setup.prepare_database()
    with Session(db.engine_for(url)) as session:
        case_id = session.exec(select(CaseRecord.id).where(CaseRecord.slug == "laws033-6d-slam")).one()
    expect = playwright.expect
    french = services.create_poll(case_id, "Tournoi par paires. Que dites-vous ?", alternatives=("P",), language="fr")
    english = services.create_poll(case_id, "Matchpoints. What do you call?", alternatives=("P",), language="en")
    for poll, submit, thanks in ((french, "Envoyer ma réponse", "Merci : votre réponse est enregistrée."),
                                 (english, "Submit my answer", "Thank you: your answer is recorded.")):
        (link,) = services.issue_invites(poll.id, ["Ann"])
        context = browser.new_context(viewport={"width": 375, "height": 812}, locale="en-US")
        page = context.new_page()
        page.goto(link.link(server))
        expect(page.get_by_role("button", name=submit)).to_be_visible(timeout=60_000)
        if poll is french:
            expect(page.get_by_text("Un problème d'enchères")).to_be_visible()
            expect(page.get_by_text("Donneur Est · Personne vulnérable")).to_be_visible()
            page.screenshot(path=str(ARTIFACTS / "voter-phone-fr.png"), full_page=True)
        page.get_by_role("radio", name="Passe" if poll is french else "Pass", exact=True).check()
        page.get_by_role("button", name=submit).click()
        expect(page.get_by_text(thanks)).to_be_visible()
        context.close()
    assert services.tally(french.id).count("P") == services.tally(english.id).count("P")
    assert services.tally(french.id).count("P").chose == 1
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "")
    unset = services.create_poll(case_id, "Parenwedstrijd. Wat bied je?", alternatives=("P",))
    (link,) = services.issue_invites(unset.id, ["Bob"])
    page = browser.new_context(viewport={"width": 375, "height": 812}, locale="nl-NL").new_page()
    page.goto(link.link(server))
    expect(page.get_by_role("button", name="Mijn antwoord versturen")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Een biedprobleem")).to_be_visible()
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "en")


def post_login(server, fields: dict, path: str = "/auth/login", method: str = "POST",
               origin: str | None = "same", forwarded_for: str | None = None) -> tuple[int, dict]:
    """A form post as a browser sends it: with the Origin of the page it came from."""
    import http.client
    import urllib.parse
    host, port = server.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if origin:
        headers["Origin"] = server if origin == "same" else origin
    if forwarded_for:
        headers["X-Forwarded-For"] = forwarded_for
    conn.request(method, path, urllib.parse.urlencode(fields), headers)
    response = conn.getresponse()
    headers = {k.lower(): v for k, v in response.getheaders()}
    conn.close()
    return response.status, headers


@pytest.mark.parametrize("path", ["/auth/login", "/auth/logout", "/auth/first-director"])
@pytest.mark.parametrize("origin", ["https://evil.example", "null", None])
def test_no_other_site_can_sign_a_browser_in_or_out(server, director, path, origin):
    """Login CSRF: a page elsewhere posting the form (or a plain link) is refused, no cookie set."""
    status, headers = post_login(server, {"username": "td", "password": "table-director"}, path, origin=origin)
    assert status == 403 and "set-cookie" not in headers


def test_sign_out_is_a_post_from_this_site_not_a_link(server, director, monkeypatch):
    import http.client

    from polling import accounts
    for name, value in server_env.items():
        monkeypatch.setenv(name, value)                       # to read the server's cookies here
    cookie = post_login(server, {"username": "td", "password": "table-director"})[1]["set-cookie"]
    value = cookie.split(";")[0].split("=", 1)[1]
    host, port = server.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", "/auth/logout", headers={"Cookie": f"huddle_session={value}"})
    response = conn.getresponse()
    assert "huddle_session" not in (response.getheader("set-cookie") or "")
    conn.close()
    assert accounts.user_from_cookie(value) is not None       # a link signs no one out
    status, headers = post_login(server, {}, "/auth/logout")
    assert status == 303 and headers["location"] == "/"


def test_a_strangers_wrong_passwords_slow_the_stranger_not_the_director(server, director):
    """Behind the reverse proxy every connection comes from 127.0.0.1; the proxy names the browser
    in X-Forwarded-For. A stranger's wrong passwords slow the stranger's next try (the right
    password too); the account's owner elsewhere signs in at once."""
    from polling import accounts
    accounts.create_user("guessed", "the-right-one", "committee", url=server_env["HUDDLE_DATABASE_URL"])
    stranger, owner = "203.0.113.9", "198.51.100.4"
    for _ in range(3):
        reply = post_login(server, {"username": "guessed", "password": "wrong"}, forwarded_for=stranger)
        assert reply[1]["location"] == "/auth/login?next=%2F&signin=failed"
    status, headers = post_login(server, {"username": "guessed", "password": "the-right-one"}, forwarded_for=stranger)
    assert status == 303 and headers["location"] == "/auth/login?next=%2F&signin=wait&seconds=1" and "set-cookie" not in headers
    status, headers = post_login(server, {"username": "guessed", "password": "the-right-one"}, forwarded_for=owner)
    assert headers["location"] == "/" and "set-cookie" in headers


def test_login_route_sets_a_signed_httponly_cookie(server, director):
    status, headers = post_login(server, {"username": "td", "password": "table-director", "next": "/tally"})
    assert status == 303 and headers["location"] == "/tally"
    cookie = headers["set-cookie"]
    assert cookie.startswith("huddle_session=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Max-Age=43200" in cookie and "Path=/" in cookie


@pytest.mark.parametrize("fields, location", [
    ({"username": "td", "password": "wrong"}, "/auth/login?next=%2F&signin=failed"),
    ({"username": "nobody", "password": "table-director"}, "/auth/login?next=%2F&signin=failed"),
    ({"username": "td", "password": "table-director", "next": "//evil.example/"}, "/"),
    ({"username": "td", "password": "table-director", "next": "https://evil.example/"}, "/"),
    # a wrong password keeps the page and its case, so the right one lands there
    ({"username": "td", "password": "wrong", "next": "/ruling?case=laws033-6d-slam&signin=failed"},
     "/auth/login?next=%2Fruling%3Fcase%3Dlaws033-6d-slam&signin=failed"),
    ({"username": "td", "password": "wrong", "next": "//evil.example/?case=x"}, "/auth/login?next=%2F&signin=failed"),
])
def test_login_route_refuses_and_never_redirects_off_site(server, director, fields, location):
    status, headers = post_login(server, fields)
    assert status == 303 and headers["location"] == location
    assert ("set-cookie" in headers) == ("signin=" not in location)


def test_the_page_address_keeps_the_case_through_sign_in_and_reload(server, browser, director):
    """The case is in the address: a shared link lands on it after signing in, a choice updates
    the address, and a reload keeps it."""
    from test_browser_director import choose
    expect = playwright.expect
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    sign_in(page, server, *director, "/ruling?case=laws033-case-b")
    case_box = page.get_by_label("Case", exact=True)
    expect(case_box).to_have_value(re.compile("LAWS.033 case B"), timeout=60_000)
    expect(page.get_by_test_id("stMetricValue").first).to_have_text("-420")
    choose(page, "Case", "LAWS.033: 6♦ after a noticeable hesitation, and a missed ruff (ruled)")
    expect(page).to_have_url(re.compile(r"[?&]case=laws033-6d-slam"))
    expect(page.get_by_test_id("stMetricValue").first).not_to_have_text("-420")
    shown = page.get_by_test_id("stMetricValue").first.inner_text()
    page.reload()
    expect(page.get_by_label("Case", exact=True)).to_have_value(re.compile("6♦ after a noticeable"), timeout=60_000)
    expect(page.get_by_test_id("stMetricValue").first).to_have_text(shown)
    page.close()


def test_a_phone_answers_q4_later_and_a_closed_case_refuses_votes(server, browser, monkeypatch):
    from polling import cases, services, setup
    url = server_env["HUDDLE_DATABASE_URL"]
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    setup.prepare_database()
    record = cases.find_case("laws033-case-b")
    poll = services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",), q4_enabled=True)
    first, second = services.issue_invites(poll.id, ["Ann", "Bob"])
    expect = playwright.expect
    phone = browser.new_context(viewport={"width": 375, "height": 812})
    page = phone.new_page()
    page.goto(first.link(server))
    expect(page.get_by_text("A bidding problem")).to_be_visible(timeout=60_000)
    page.get_by_role("radio", name="Pass", exact=True).check()
    page.get_by_role("button", name="Submit my answer").click()
    expect(page.get_by_text("One more question")).to_be_visible(timeout=15_000)
    phone.close()                                   # the phone is closed on the Q4 screen
    assert services.tally(poll.id).count("P").chose == 1          # Q1–Q3 were kept

    later = browser.new_context(viewport={"width": 375, "height": 812}).new_page()
    later.goto(first.link(server))
    expect(later.get_by_text("Your answers to the first questions are recorded.")).to_be_visible(timeout=60_000)
    later.get_by_role("button", name="Send").click()              # blank is no answer
    expect(later.get_by_text("choose the calls it makes more attractive")).to_be_visible(timeout=15_000)
    later.get_by_text("None of them", exact=True).click()         # none is an answer when said
    later.get_by_role("button", name="Send").click()
    expect(later.get_by_text("Thank you: your answer is recorded.")).to_be_visible(timeout=15_000)
    assert services.tally(poll.id).q4_answers == 1
    later.context.close()

    cases.set_status(record, "closed", "td", "ruled and read out")
    refused = browser.new_context(viewport={"width": 375, "height": 812}).new_page()
    refused.goto(second.link(server))
    expect(refused.get_by_text("This poll is closed: the director has finished collecting answers. "
                               "Thank you all the same.")).to_be_visible(timeout=60_000)
    expect(refused.get_by_role("button", name="Submit my answer")).to_have_count(0)
    refused.context.close()


SOCKET_PROBE = """
() => new Promise(done => {
    const socket = new WebSocket(%r, ["streamlit"]);
    socket.onopen = () => { socket.close(); done("opened"); };
    socket.onerror = () => done("refused");
})
"""


def test_a_page_on_another_port_cannot_open_a_signed_in_directors_session(server, browser, director):
    """The attack: a director signed in at the app; a page from another port of the same host
    (any other service on the club's laptop) opens the app's websocket, and the browser sends the
    director's SameSite=Lax cookie along (ports do not make a site). The app's own page still
    connects."""
    import http.server
    import threading

    from browser import free_port

    context = browser.new_context()
    page = context.new_page()
    sign_in(page, server, *director)
    playwright.expect(page.get_by_role("heading", name="Cases")).to_be_visible(timeout=60_000)
    stream = server.replace("http://", "ws://") + "/_stcore/stream"
    assert page.evaluate(SOCKET_PROBE % stream) == "opened"

    class Elsewhere(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><body>another service</body></html>")

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Elsewhere)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        for host in ("127.0.0.1", "localhost"):
            stranger = context.new_page()
            stranger.goto(f"http://{host}:{other.server_address[1]}/")
            assert stranger.evaluate(SOCKET_PROBE % stream) == "refused", host
            stranger.close()
    finally:
        other.shutdown()
    assert page.evaluate(SOCKET_PROBE % stream) == "opened"
    context.close()


def test_a_live_tally_stops_showing_ballots_once_the_director_is_signed_out(server, browser, director, monkeypatch):
    """Before: the tally's self-refreshing fragment ran without the page's sign-in check, so a
    page left open kept receiving every new ballot after the director was signed out."""
    from polling import accounts, cases, services
    expect = playwright.expect
    url = server_env["HUDDLE_DATABASE_URL"]
    for name, value in server_env.items():
        monkeypatch.setenv(name, value)
    from dataclasses import replace
    stored = cases.get_case(cases.find_case("laws033-case-b", url=url), url=url).case
    record = cases.create_case(replace(stored, id="tally-left-open"), "td", url=url)
    poll = services.create_poll(record, "IMPs. Your call?", alternatives=("P",), url=url)
    first, second = services.issue_invites(poll.id, ["early", "late"], url=url)
    services.cast_vote(first.token, "P", url=url)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    sign_in(page, server, *director, "/tally?case=tally-left-open")
    answers = page.get_by_test_id("stMetricValue").first
    expect(answers).to_have_text("1", timeout=60_000)
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == accounts.SESSION_COOKIE)
    accounts.end_session(cookie, url=url)                        # signed out elsewhere (another tab)
    services.cast_vote(second.token, "P", comment="a comment only the director may read", url=url)
    page.wait_for_timeout(7_000)                                   # two of the fragment's refreshes
    assert "a comment only the director may read" not in page.content()
    assert page.get_by_test_id("stMetricValue").filter(has_text="2").count() == 0
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible(timeout=10_000)
    page.close()
