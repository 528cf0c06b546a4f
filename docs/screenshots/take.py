"""Refresh docs/screenshots: every page of the app as a person sees it, on a fresh database with
the example cases (1280 px wide; the voter page at 375 px, as on a phone).

    .venv/bin/python docs/screenshots/take.py [NAME ...]     # only these screenshots, when named
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from browser import CHROMIUM_ARGS, chromium_path, sign_in, streamlit_server  # noqa: E402


def main() -> None:
    from playwright.sync_api import expect, sync_playwright

    from polling import accounts, casebook, cases, panel, services, setup
    only = set(sys.argv[1:])
    folder = Path(tempfile.mkdtemp(prefix="huddle-shots-"))
    url = f"sqlite:///{folder / 'huddle.sqlite'}"
    os.environ["HUDDLE_DATABASE_URL"] = url
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    accounts.create_user("cora", "appeals-room", "committee", "Cora Committee", url=url)
    accounts.create_user("rhea", "significant-share", "researcher", "Rhea Research", url=url)
    accounts.create_user("kim", "panel-of-experts", "commentator", "Kim Commentator", url=url)
    pulled = cases.find_case("slow-double-pulled", url=url)
    casebook.choose(pulled, 1, "td", url=url)
    casebook.comment(casebook.entries(1, url=url)[0].id, "kim", "A textbook slow double pulled: three of five "
                     "pollees passed, and West's seven hearts do not make 5♥ automatic.", 90, "en",
                     "Kim Commentator", url=url)
    slam = cases.find_case("laws033-6d-slam", url=url)
    poll = services.create_poll(slam, "Matchpoints, none vulnerable. What do you call?", alternatives=("P",),
                                q4_enabled=True, url=url)
    pollees = services.issue_invites(poll.id, ["Ann", "Bob", "Cy", "Dee"], url=url)
    for invite, (call, considered) in zip(pollees[:3], (("6D", ["P"]), ("6D", []), ("P", ["6D"]))):
        ballot = services.cast_vote(invite.token, call, considered, url=url)
        services.record_suggestion(ballot.id, ["6D"] if call == "6D" else [], url=url, none=call != "6D")
    for name, grade, reach, contact, played in (
            ("Ann Ashby", "club", "email", "ann@example.org", []),
            ("Bob Brook", "club", "text message", "+44 7700 900123", [("Riverside club pairs", "Monday evening")]),
            ("Cy Cole", "regional", "link", "", []), ("Dee Dunn", "club", "in person", "", []),
            ("Eve Eden", "expert", "email", "eve@example.org", [])):
        panel.add_pollee(name, grade, reach, contact, played, url=url)
    french = services.create_poll(slam, "Tournoi par paires, personne vulnérable. Que dites-vous ?", alternatives=("P",),
                                  q4_enabled=True, language="fr", url=url)
    (french_link,) = services.issue_invites(french.id, ["Anne"], url=url)
    lead = services.create_poll(cases.find_case("lead-after-slow-pass-of-stayman", url=url),
                                "Matchpoints, both vulnerable. What do you lead?", "Fourth-best leads", url=url)
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "screenshots", "HUDDLE_REPORTS_DIR": str(folder)}
    with streamlit_server(env) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)

        def shoot(user, password, path, name, ready, width=1280, then=None, height=1600):
            if only and name not in only:
                return
            # Streamlit scrolls inside its own container, so the viewport is made as tall as the page
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            if user:
                sign_in(page, base, user, password, path)
            else:                                   # a page that needs no account
                page.goto(base + path)
            expect(ready(page)).to_be_visible(timeout=30_000)
            if then:
                then(page)
            page.wait_for_timeout(1500)
            page.screenshot(path=str(HERE / f"{name}.png"), full_page=True)
            page.context.close()

        heading = lambda text: lambda page: page.get_by_role("heading", name=text).first  # noqa: E731
        director = ("td", "table-director")
        shoot(*director, "/", "case-list", heading("Cases"))
        shoot(*director, "/case?case=laws033-6d-slam", "case-page",
              height=1800, ready=heading("LAWS.033: 6♦ after a noticeable hesitation"))
        shoot(*director, "/edit?case=laws033-6d-slam", "case-editor", height=2600, ready=heading("Edit case"))
        shoot(*director, "/poll?case=laws033-6d-slam", "poll-builder", heading("Poll builder"))
        shoot(*director, f"/invites?case=laws033-6d-slam&poll={poll.id}", "invites",
              height=1500, ready=heading("Invites"))
        shoot(*director, f"/tally?case=laws033-6d-slam&poll={poll.id}", "director-tally",
              height=2000, ready=heading("Live tally"))
        shoot(*director, "/ruling?case=constructed-mi-transfer", "ruling-page", height=3400, ready=heading("Ruling"))
        shoot(*director, "/accounts", "accounts", heading("Accounts"))
        shoot(*director, "/panel", "panel", heading("Pollee panel"))
        shoot(*director, f"/invites?case=lead-after-slow-pass-of-stayman&poll={lead.id}", "lead-invites-panel",
              heading("Invites"), height=2000)
        shoot(None, None, "/calculator", "calculator", heading("Calculator"))
        shoot("cora", "appeals-room", "/appeal?case=constructed-mi-transfer", "committee-page",
              height=3000, ready=heading("Appeal"),
              then=lambda page: page.get_by_role("tab", name="The director's ruling").click())
        shoot("cora", "appeals-room", "/me", "my-account", heading("My account"))
        # a commentator's first page is the casebook (Streamlit serves its default page at /)
        shoot("kim", "panel-of-experts", "/", "casebook", heading("Casebook"), height=5200)
        shoot("rhea", "significant-share", "/research", "research", height=3200, ready=heading("Research"))

        if only:
            browser.close()
            return
        phone = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True).new_page()
        phone.goto(pollees[3].link(base))
        expect(phone.get_by_text("A bidding problem")).to_be_visible(timeout=30_000)
        phone.wait_for_timeout(1000)
        phone.screenshot(path=str(HERE / "voter-phone.png"), full_page=True)
        phone.goto(french_link.link(base))
        expect(phone.get_by_text("Un problème d'enchères")).to_be_visible(timeout=30_000)
        phone.wait_for_timeout(1000)
        phone.screenshot(path=str(HERE / "voter-phone-fr.png"), full_page=True)
        signin = browser.new_context(viewport={"width": 1280, "height": 700}).new_page()
        signin.goto(base + "/")
        expect(signin.get_by_role("heading", name="Sign in")).to_be_visible(timeout=30_000)
        signin.screenshot(path=str(HERE / "sign-in.png"))
        browser.close()
    print(f"screenshots written to {HERE}")


if __name__ == "__main__":
    main()
