"""A pollee's phone on another host: the server listens on every interface (as `make run` does),
the director opens it by its network address, issues a link, and a browser on a second host (a
network namespace joined by a veth pair) opens the link and votes. Nothing leaves this machine."""
import re
import stat
import subprocess
import sys

import pytest

from browser import ARTIFACTS, CHROMIUM_ARGS, PHONE_NET, can_make_hosts, chromium_path, phone_host, sign_in, \
    streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not can_make_hosts(), reason="needs root and iproute2 to make a second host")]
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect


def test_a_phone_on_another_host_opens_its_link_and_votes(tmp_path):
    from polling import accounts, cases, db, services
    db_url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    db.prepare_database(url=db_url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=db_url)
    env = {"HUDDLE_DATABASE_URL": db_url, "HUDDLE_SECRET_KEY": "phone-network"}
    # chromium resolves no names here; the network address is let through
    args = [a if not a.startswith("--host-resolver-rules") else a + f", EXCLUDE {PHONE_NET[0]}" for a in CHROMIUM_ARGS]
    with phone_host() as on_phone, streamlit_server(env, address="0.0.0.0") as local, \
            playwright.sync_playwright() as p:
        port = local.rsplit(":", 1)[1]
        lan = f"http://{PHONE_NET[0]}:{port}"            # the address the director's browser uses
        desk = p.chromium.launch(executable_path=chromium_path(), args=args)
        page = desk.new_page(viewport={"width": 1280, "height": 1000})
        # the example 6♦ slam case gets a poll; the director opens its Invites page by address
        record = cases.find_case("laws033-6d-slam", url=db_url)
        services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",), url=db_url)
        sign_in(page, lan, "td", "table-director", "/invites?case=laws033-6d-slam")
        expect(page.get_by_role("heading", name="Invites")).to_be_visible(timeout=30_000)
        expect(page.get_by_label("Server address pollees will use")).to_have_value(lan, timeout=30_000)
        expect(page.get_by_text("this machine's own address")).to_have_count(0)
        page.get_by_label("Pollees, one per line").fill("Pat")
        page.get_by_role("button", name="Issue links").click()
        link = page.get_by_text(re.compile(r"^Pat: http")).inner_text().split(": ", 1)[1]
        assert link.startswith(lan + "/?token=")
        desk.close()

        wrapper = tmp_path / "chromium-on-phone"
        wrapper.write_text("#!/bin/sh\nexec " + " ".join(on_phone) + f" {chromium_path()} \"$@\"\n")
        wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
        phone = p.chromium.launch(executable_path=str(wrapper), args=args)
        try:
            pollee = phone.new_page(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
            pollee.goto(link)
            expect(pollee.get_by_text("A bidding problem")).to_be_visible(timeout=30_000)
            pollee.get_by_role("radiogroup", name="1. What do you call?").get_by_text("Pass", exact=True).click()
            pollee.get_by_role("button", name="Submit my answer").click()
            expect(pollee.get_by_text("Thank you: your answer is recorded.")).to_be_visible(timeout=30_000)
            pollee.screenshot(path=str(ARTIFACTS / "phone-on-another-host.png"), full_page=True)
        finally:
            phone.close()
        # the phone is another host: the server's loopback address is not reachable from it
        probe = subprocess.run([*on_phone, sys.executable, "-c", "import urllib.request as u; "
                                f"u.urlopen('http://127.0.0.1:{port}/_stcore/health', timeout=3)"],
                               capture_output=True, timeout=30)
        assert probe.returncode != 0 and b"refused" in probe.stderr.lower()
    assert services.tally(services.polls_for_case(record, url=db_url)[0].id, url=db_url).count("P").chose == 1
