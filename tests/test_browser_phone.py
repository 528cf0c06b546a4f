"""A pollee's phone on another host: the server listens on every interface (as `make run` does),
the director opens it by its network address, issues a link, and a browser on a second host (a
network namespace joined by a veth pair) opens the link and votes. Nothing leaves this machine."""
import re
import stat
import subprocess
import sys

import pytest

from browser import ARTIFACTS, CHROMIUM_ARGS, PHONE_NET, StillBrowser, can_make_hosts, chromium_path, open_tab, \
    phone_host, sign_in, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not can_make_hosts(), reason="needs root and iproute2 to make a second host")]
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect
# chromium here resolves no names; the server's network address is let through
NETWORK_ARGS = [a if not a.startswith("--host-resolver-rules") else a + f", EXCLUDE {PHONE_NET[0]}"
                for a in CHROMIUM_ARGS]


def launch_on(p, on_host: list[str], folder):
    """Debian's chromium started on the second host (through a wrapper that enters its namespace)."""
    wrapper = folder / "chromium-on-phone"
    wrapper.write_text("#!/bin/sh\nexec " + " ".join(on_host) + f" {chromium_path()} \"$@\"\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    return StillBrowser(p.chromium.launch(executable_path=str(wrapper), args=NETWORK_ARGS))


def test_a_phone_on_another_host_opens_its_link_and_votes(tmp_path):
    from polling import accounts, cases, services, setup
    db_url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    setup.prepare_database(url=db_url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=db_url)
    env = {"HUDDLE_DATABASE_URL": db_url, "HUDDLE_SECRET_KEY": "phone-network"}
    with phone_host() as on_phone, streamlit_server(env, address="0.0.0.0") as local, \
            playwright.sync_playwright() as p:
        port = local.rsplit(":", 1)[1]
        lan = f"http://{PHONE_NET[0]}:{port}"            # the address the director's browser uses
        desk = StillBrowser(p.chromium.launch(executable_path=chromium_path(), args=NETWORK_ARGS))
        page = desk.new_page(viewport={"width": 1280, "height": 1000})
        # the example 6♦ slam case gets a poll; the director opens its Invites page by address
        record = cases.find_case("laws033-6d-slam", url=db_url)
        services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",), url=db_url)
        sign_in(page, lan, "td", "table-director", "/invites?case=laws033-6d-slam")
        expect(page.get_by_role("heading", name="Invites")).to_be_visible(timeout=60_000)
        expect(page.get_by_label("Server address pollees will use")).to_have_value(lan, timeout=60_000)
        expect(page.get_by_text("this machine's own address")).to_have_count(0)
        page.get_by_label("Pollees, one per line").fill("Pat")
        page.get_by_role("button", name="Issue links").click()
        link = page.get_by_text(re.compile(r"^Pat: http")).inner_text().split(": ", 1)[1]
        assert link.startswith(lan + "/p/")
        desk.close()

        phone = launch_on(p, on_phone, tmp_path)
        try:
            pollee = phone.new_page(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
            pollee.goto(link)
            expect(pollee.get_by_text("A bidding problem")).to_be_visible(timeout=60_000)
            pollee.get_by_role("radio", name="Pass", exact=True).check()
            pollee.get_by_role("button", name="Submit my answer").click()
            expect(pollee.get_by_text("Thank you: your answer is recorded.")).to_be_visible(timeout=60_000)
            pollee.screenshot(path=str(ARTIFACTS / "phone-on-another-host.png"), full_page=True)
        finally:
            phone.close()
        # the phone is another host: the server's loopback address is not reachable from it
        probe = subprocess.run([*on_phone, sys.executable, "-c", "import urllib.request as u; "
                                f"u.urlopen('http://127.0.0.1:{port}/_stcore/health', timeout=3)"],
                               capture_output=True, timeout=30)
        assert probe.returncode != 0 and b"refused" in probe.stderr.lower()
        # the server never asked the internet for its own address (Streamlit's external-IP lookup)
        log = next(ARTIFACTS.glob(f"streamlit-{port}.log")).read_text()
        assert "external IP" not in log and "External URL" not in log
    assert services.tally(services.polls_for_case(record, url=db_url)[0].id, url=db_url).count("P").chose == 1


def test_a_directors_evening_with_five_phones_on_another_host(tmp_path):
    """The whole case over the network, as a new user would: the director builds the poll and
    issues five links by the machine's network address; five phones on another host answer; the
    director reads the live tally, rules from the poll's counts and saves; a committee member
    votes and the chair decides; the report downloads; a link opened after the case is closed is
    refused in plain words. The time it takes is kept in test-artifacts/evening-seconds.txt."""
    import time

    from polling import accounts, cases, setup
    db_url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    setup.prepare_database(url=db_url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=db_url)
    accounts.create_user("cora", "appeals-room", "committee", "Cora Committee", url=db_url)
    env = {"HUDDLE_DATABASE_URL": db_url, "HUDDLE_SECRET_KEY": "evening", "HUDDLE_REPORTS_DIR": str(tmp_path / "r"),
           "HUDDLE_APPEAL_QUORUM": "1"}     # a club's single appeals referee decides this evening's appeal
    votes = [("6 diamonds", "Pass"), ("6 diamonds", None), ("Pass", None), ("6 diamonds", "Pass"), ("Pass", "6 diamonds")]
    start = time.perf_counter()
    with phone_host() as on_phone, streamlit_server(env, address="0.0.0.0") as local, \
            playwright.sync_playwright() as p:
        lan = f"http://{PHONE_NET[0]}:{local.rsplit(':', 1)[1]}"
        desk = StillBrowser(p.chromium.launch(executable_path=chromium_path(), args=NETWORK_ARGS))
        page = desk.new_context(viewport={"width": 1280, "height": 1400}, accept_downloads=True).new_page()
        sign_in(page, lan, "td", "table-director", "/poll?case=laws033-6d-slam")
        expect(page.get_by_role("heading", name="Poll builder")).to_be_visible(timeout=60_000)
        wording = page.get_by_label("Introduction for pollees")
        wording.fill("Matchpoints, none vulnerable. What do you call?")
        wording.press("Control+Enter")
        expect(page.get_by_role("radio", name="Pass", exact=True)).to_be_visible(timeout=15_000)
        page.get_by_role("button", name="Create the poll").click()
        expect(page.get_by_text(re.compile(r"Poll \d+ created"))).to_be_visible(timeout=15_000)
        page.get_by_role("link", name="Go to Invites").click()
        expect(page.get_by_role("heading", name="Invites")).to_be_visible(timeout=60_000)
        page.get_by_label("Pollees, one per line").fill("\n".join(f"Pollee at table {i}" for i in range(1, 6)))
        page.get_by_role("button", name="Issue links").click()
        listing = page.locator("code", has_text="Pollee at table 5: http").first
        expect(listing).to_be_visible(timeout=15_000)
        links = [line.split(": ", 1)[1] for line in listing.inner_text().splitlines() if ": http" in line]
        assert len(links) == 5 and all(link.startswith(lan + "/p/") for link in links)

        phones = launch_on(p, on_phone, tmp_path)
        for link, (call, also) in zip(links, votes):
            pollee = phones.new_context(viewport={"width": 375, "height": 812}, is_mobile=True,
                                        has_touch=True).new_page()
            pollee.goto(link)
            expect(pollee.get_by_text("A bidding problem")).to_be_visible(timeout=60_000)
            pollee.get_by_role("radio", name=call, exact=True).check()
            if also:
                pollee.get_by_role("checkbox", name=also, exact=True).check()    # Q2's offered calls
            pollee.get_by_role("button", name="Submit my answer").click()
            expect(pollee.get_by_text("Thank you: your answer is recorded.")).to_be_visible(timeout=60_000)
            pollee.context.close()

        page.get_by_role("link", name="Live tally").first.click()
        expect(page.get_by_test_id("stMetricValue").first).to_have_text("5", timeout=60_000)
        page.get_by_role("link", name="Ruling").click()
        expect(page.get_by_role("heading", name="Ruling")).to_be_visible(timeout=60_000)
        # the page opens on the poll just answered, with no choice to make
        expect(page.get_by_role("combobox", name="Where the counts come from")).to_have_value(
            re.compile(r"^Poll \d+ \(open\), 5 answers$"), timeout=60_000)
        # in the questions' details
        expect(page.get_by_text("Pass is a logical alternative", exact=False).first).to_be_attached(timeout=15_000)
        expect(page.get_by_test_id("stMetricValue").first).to_have_text("+420", timeout=15_000)
        page.get_by_role("button", name="Save this ruling").click()
        expect(page.get_by_text("Saved as version 2.")).to_be_visible(timeout=15_000)
        page.context.close()

        chair = desk.new_context(viewport={"width": 1280, "height": 1400}, accept_downloads=True).new_page()
        sign_in(chair, lan, "cora", "appeals-room", "/appeal?case=laws033-6d-slam")
        expect(chair.get_by_role("heading", name="Appeal")).to_be_visible(timeout=60_000)
        open_tab(chair, "The poll")
        expect(chair.get_by_text("Pollee 5").first).to_be_attached(timeout=15_000)
        assert chair.get_by_text("Pollee at table").count() == 0             # the director's labels stay his
        open_tab(chair, "Votes and decision")
        chair.get_by_text("uphold: the director's ruling stands").click()
        chair.get_by_label("Reason", exact=True).fill("Two pollees of five considered Pass: a logical alternative.")
        chair.get_by_role("button", name="Record my vote").click()
        expect(chair.get_by_text("Vote recorded.")).to_be_visible(timeout=15_000)
        open_tab(chair, "Votes and decision")
        chair.get_by_label("The committee's reason").fill("The director's ruling stands.")
        chair.get_by_role("button", name="Record the decision").click()
        expect(chair.get_by_text("Decision recorded; the case is closed.")).to_be_visible(timeout=15_000)
        open_tab(chair, "Votes and decision")
        expect(chair.get_by_text("Uphold (the director's ruling stands); agreed by Cora Committee, 1 of 1", exact=False)).to_be_visible(
            timeout=15_000)
        chair.get_by_role("button", name="Make the report").click()
        with chair.expect_download(timeout=60_000) as download:
            chair.get_by_role("button", name="Download PDF").click()
        assert download.value.suggested_filename == "laws033-6d-slam.pdf"
        saved = tmp_path / "report.pdf"
        download.value.save_as(saved)
        assert saved.read_bytes()[:5] == b"%PDF-"

        late = phones.new_context(viewport={"width": 375, "height": 812}).new_page()
        late.goto(links[0])                                                   # used, and the case is closed
        expect(late.get_by_text(re.compile("closed|already been used"))).to_be_visible(timeout=60_000)
        phones.close()
        desk.close()
    elapsed = time.perf_counter() - start
    (ARTIFACTS / "evening-seconds.txt").write_text(f"{elapsed:.1f}\n")
    record = cases.find_case("laws033-6d-slam", url=db_url)
    assert cases.get_case(record, url=db_url).status == "closed"


def test_a_lead_poll_from_the_panel_answered_on_a_phone(tmp_path):
    """The lead-directing case: the director issues links to the panel's club class from the
    Invites page (the member who played the session is left out), and a phone on another host
    answers the lead poll: its hand, the whole auction with the opponents' explanation, the
    contract, the choices with equals as one ("a low ♠"), then Q4."""
    from polling import accounts, cases, panel, services, setup
    db_url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    setup.prepare_database(url=db_url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=db_url)
    env = {"HUDDLE_DATABASE_URL": db_url, "HUDDLE_SECRET_KEY": "phone-network"}
    record = cases.find_case("lead-after-slow-pass-of-stayman", url=db_url)
    poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you lead?", "Fourth-best leads",
                                q4_enabled=True, url=db_url)
    pat = panel.add_pollee("Pat", "club", "text message", "+44 7700 900123", url=db_url)
    panel.add_pollee("Sam", "club", played=[("Riverside club pairs", "Monday evening")], url=db_url)
    with phone_host() as on_phone, streamlit_server(env, address="0.0.0.0") as local, \
            playwright.sync_playwright() as p:
        lan = f"http://{PHONE_NET[0]}:{local.rsplit(':', 1)[1]}"
        desk = StillBrowser(p.chromium.launch(executable_path=chromium_path(), args=NETWORK_ARGS))
        page = desk.new_page(viewport={"width": 1280, "height": 1000})
        sign_in(page, lan, "td", "table-director", "/invites?case=lead-after-slow-pass-of-stayman&poll=1")
        expect(page.get_by_text("Left out: Sam, played Riverside club pairs, Monday evening")).to_be_visible(
            timeout=60_000)
        page.get_by_role("button", name="Issue their links").click()
        shown = page.get_by_text(re.compile(r"^Pat \(text message: \+44 7700 900123\): http")).inner_text()
        link = re.search(r"http://\S+/p/[\w-]+", shown).group(0)
        assert link.startswith(lan + "/p/")
        expect(page.get_by_text(re.compile(r"Hello Pat, would you answer"))).to_be_visible()
        desk.close()

        phone = launch_on(p, on_phone, tmp_path)
        try:
            pollee = phone.new_page(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
            pollee.goto(link)
            expect(pollee.get_by_text("An opening lead problem")).to_be_visible(timeout=60_000)
            expect(pollee.get_by_text("Contract: 4♥ by West")).to_be_visible()
            expect(pollee.get_by_text("Stayman: asks for a four-card major")).to_be_visible()
            lead = pollee.get_by_role("group", name="1. What do you lead?")
            expect(lead.get_by_role("radio", name="a low club", exact=True)).to_be_visible()
            pollee.screenshot(path=str(ARTIFACTS / "lead-poll-problem-on-a-phone.png"), full_page=True)
            lead.get_by_role("radio", name="a low spade", exact=True).check()
            pollee.get_by_role("checkbox", name="a low heart", exact=True).check()         # Q2
            pollee.get_by_role("button", name="Submit my answer").click()
            expect(pollee.get_by_text("One more question")).to_be_visible(timeout=60_000)
            expect(pollee.get_by_text("Which of these leads does that make more attractive?")).to_be_visible()
            pollee.get_by_text("None of them", exact=True).click()
            pollee.get_by_role("button", name="Send").click()
            expect(pollee.get_by_text("Thank you: your answer is recorded.")).to_be_visible(timeout=60_000)
            pollee.screenshot(path=str(ARTIFACTS / "lead-poll-on-a-phone.png"), full_page=True)
        finally:
            phone.close()
    counted = services.tally(poll.id, url=db_url)
    assert (counted.count("Sx").chose, counted.count("Hx").considered_only, counted.q4_answers) == (1, 1, 1)
    assert [(m.name, m.answered) for m in panel.panel(url=db_url)] == [("Pat", 1), ("Sam", 0)] and pat
