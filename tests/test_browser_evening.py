"""The German club's evening in the browser, from the phone at the table to the committee's
decision and the exports (tests/evening.py plays it and counts the director's work; bench/evenings.py
prints the figure). Every label is read from the club's catalog, so a page that speaks English
to a German club fails here."""
import re

import pytest

from browser import ARTIFACTS, PHONE, open_tab, streamlit_server
from evening import (ANSWERS, HAND_RECORD, LATE, MI_ANSWERS, POLLEES, Count, Director, Step, at_the_table,
                     misinformation_at_the_table, the_appeal, the_misinformation_ruling,
                     the_exports, the_hand_record, the_poll, the_reminder, the_ruling, speak, _)
from smtp_server import smtp_server

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect
PUBLIC = "https://huddle.rotweiss.example"
COMMITTEE = [("cora", "Cora Keller"), ("carl", "Carl Brandt"), ("cleo", "Cleo Wagner")]


def club(url: str) -> None:
    """Before the evening (not counted): the club in German, its director, its committee of three,
    its panel of twelve members reached by e-mail (imported from its member list)."""
    from polling import accounts, organisations, panel, setup
    setup.prepare_database(url=url, load_examples=False)
    organisations.rename(organisations.DEFAULT_ORGANISATION, "BC Rotweiss", url=url)
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "de", url=url)
    club_rules = organisations.get_organisation(organisations.DEFAULT_ORGANISATION, url=url)
    organisations.set_rules(organisations.DEFAULT_ORGANISATION, club_rules.skip_bid_regulation, None, poll_minimum=7,
                            url=url)
    accounts.create_user("td", "table-director", "director", "Tess Direktorin", url=url)
    for username, name in COMMITTEE:
        accounts.create_user(username, "appeals-room", "committee", name, url=url)
    members = "\n".join(["Name;E-Mail;Spielstärke"] + [f"{n};{a};club" for n, a in POLLEES]
                        + ["Spät Zwei;spaet@club.example;club", "Otto Elf;otto@club.example;club"])
    panel.import_members(members, url=url)


def answer(base: str, link: str, call: str, considered=()) -> None:
    from bench.common import acknowledged, open_link, send_answers
    token = link.rsplit("/p/", 1)[1]
    _, page = open_link(base, token)
    _, reply = send_answers(base, token, page, call, considered)
    assert acknowledged(reply) or "Vielen Dank" in reply or "Danke" in reply, reply[-400:]


def links_in(received, address: str) -> list[str]:
    return [re.search(r"https://\S+/p/\S+", m.get_content()).group(0) for _, to, m in received if to == (address,)]


def play_the_evening(tmp_path, browser) -> Count:
    from polling import cases
    speak("de")
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    club(url)
    pbn = tmp_path / "hand-record.pbn"
    pbn.write_text(HAND_RECORD, encoding="utf-8")
    count = Count()
    with smtp_server() as mail:
        env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "abend", "HUDDLE_PUBLIC_URL": PUBLIC,
               "HUDDLE_SMTP_URL": f"smtp+insecure://127.0.0.1:{mail.port}", "HUDDLE_MAIL_FROM": "BC Rotweiss <td@rotweiss.example>",
               "HUDDLE_REPORTS_DIR": str(tmp_path / "reports")}
        with streamlit_server(env) as base:
            phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE")
            director = Director(phone.new_page(), count)
            with Step(count, "two cases at the table, on the phone"):
                hesitation = at_the_table(director, base)
                misinformation = misinformation_at_the_table(director)
            phone.close()

            laptop = browser.new_context(viewport={"width": 1280, "height": 1400}, locale="de-DE",
                                         accept_downloads=True)
            director = Director(laptop.new_page(), count)
            with Step(count, "the hand record"):
                the_hand_record(director, base, hesitation, pbn)
            with Step(count, "the poll sent to ten of the panel"):
                the_poll(director)
            sent = {to[0]: m for _, to, m in mail.received}
            assert len(sent) == 10 and all(m["Content-Language"] == "de" for m in sent.values())
            for (_name, address), (call, considered) in list(zip(POLLEES, ANSWERS))[:-LATE]:
                answer(base, links_in(mail.received, address)[0].replace(PUBLIC, base), call, considered)
            with Step(count, "a reminder"):
                the_reminder(director)
            for (_name, address), (call, considered) in list(zip(POLLEES, ANSWERS))[-LATE:]:
                reminded = links_in(mail.received, address)
                assert len(reminded) == 2                  # the link, then the reminder's fresh one
                answer(base, reminded[-1].replace(PUBLIC, base), call, considered)

            with Step(count, "the misinformation case: hand record and poll"):
                the_hand_record(director, base, misinformation, pbn, signed_in=True)
                the_poll(director, offers=("X", "3D"))
            for (_name, address), (call, considered) in zip(POLLEES, MI_ANSWERS):
                answer(base, links_in(mail.received, address)[-1].replace(PUBLIC, base), call, considered)
            with Step(count, "the misinformation ruling, with its UI path"):
                the_misinformation_ruling(director)
            with Step(count, "the ruling"):
                the_ruling(director, base, hesitation)
            with Step(count, "the appeal"):
                the_appeal(director)
            case_id = hesitation

            for username, _name in COMMITTEE:             # the committee: not the director's time
                member = browser.new_context(viewport={"width": 1280, "height": 1400}, locale="de-DE")
                page = member.new_page()
                page.goto(f"{base}/appeal?case={case_id}")
                page.get_by_label(_("User name")).fill(username)
                page.get_by_label(_("Password")).fill("appeals-room")
                page.get_by_label(_("Password")).press("Enter")
                expect(page.get_by_role("heading", name=_("Appeal"))).to_be_visible(timeout=60_000)
                open_tab(page, _("Votes and decision"))
                page.get_by_text(re.compile(re.escape(_("the director's ruling stands")))).first.click()
                page.get_by_label(_("Reason"), exact=True).fill("Passe ist eine logische Alternative.")
                page.get_by_role("button", name=_("Record my vote")).click()
                expect(page.get_by_text(_("Vote recorded."))).to_be_visible(timeout=60_000)
                if username == COMMITTEE[-1][0]:           # the chair, having voted, records the decision
                    open_tab(page, _("Votes and decision"))
                    page.get_by_label(_("The committee's reason")).fill("Die Entscheidung des Turnierleiters bleibt.")
                    page.get_by_role("button", name=_("Record the decision")).click()
                    expect(page.get_by_text(_("Decision recorded; the case is closed."))).to_be_visible(timeout=60_000)
                member.close()

            with Step(count, "the exports"):
                files = the_exports(director, tmp_path)
            laptop.close()
        record = cases.find_case(case_id, url=url)
        assert cases.get_case(record, url=url).status == "closed"
        mi = cases.get_case(cases.find_case(misinformation, url=url), url=url)
        assert mi.status == "ruled" and mi.case.partner_ui is not None and mi.case.kind == "MI"
    (ARTIFACTS / "evening-de.txt").write_text(count.words() + "\n" + "\n".join(
        f"  {name}: {seconds:.1f} s" for name, seconds in count.steps) + "\n", encoding="utf-8")
    return count, files


def test_the_german_evening_from_the_phone_to_the_committee_s_decision(tmp_path, browser):
    import subprocess
    count, files = play_the_evening(tmp_path, browser)
    assert files["pdf"].read_bytes()[:5] == b"%PDF-"
    text = " ".join(subprocess.run(["pdftotext", str(files["pdf"]), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert "Schiedsgericht" in text and "Clubabend Rotweiss" in text
    scores = files["usebio"].read_text(encoding="utf-8")
    assert scores.startswith("<?xml") and "USEBIO" in scores
    assert count.person_seconds <= 15 * 60, count.words()
