"""A French club's evening in the browser, set-up included, every label read from the French
catalog (tests/evening.py counts the director's work; bench/evenings.py prints the figure).

The club tries Huddle on its director's laptop alone (HUDDLE_PUBLIC_URL is the machine's own
address). Set-up, counted as her time: the club's member list as the FFB's export writes it (a
« Série » column, languages as words: « anglais »), imported on the Panel page; three committee
members invited by one-time links on the Accounts page (they set up their accounts on their own
time). The evening: a hesitation taken down on her phone with the tempo note typed in the
auction line (« Passe(hésit. 10 s) »), the facts disputed, the sides' statements and North's hand
typed; on the laptop the hand record, a poll offering Double sent by e-mail to ten members; the
facts found with her reason, Double marked as suggested by the hesitation (no weight: Law 16B1(a),
12C1(c)), the ruling saved once reviewed; the appeal, decided by the committee with a procedural
penalty in percent of a top; the exports."""
import re

import pytest

from browser import ARTIFACTS, PHONE, free_port, open_tab, streamlit_server
import evening
from evening import (HAND_RECORD, Count, Director, Step, at_the_table, sign_in, speak, the_appeal, the_exports,
                     the_hand_record, the_poll, _)
from smtp_server import smtp_server

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

MEMBERS = [("Martin", "Anne", "3ème série", "français"), ("Bernard", "Luc", "3ème série", "français"),
           ("Thomas", "Marie", "4ème série", "français"), ("Petit", "Jean", "3ème série", "anglais"),
           ("Robert", "Claire", "4ème série", ""), ("Richard", "Paul", "3ème série", "français"),
           ("Durand", "Sophie", "3ème série", "néerlandais"), ("Dubois", "Marc", "4ème série", "français"),
           ("Moreau", "Julie", "3ème série", "Deutsch"), ("Laurent", "Pierre", "4ème série", "français"),
           ("Simon", "Hélène", "2ème série", "français"), ("Michel", "Louis", "NC", "français")]
MEMBER_LIST = "Nom;Prénom;Courriel;Série;Langue\n" + "".join(
    f"{last};{first};{first.lower()}.{last.lower()}@club.example;{series};{spoken}\n"
    for last, first, series, spoken in MEMBERS)
POLLED = MEMBERS[:10]                   # the club class (3ème and 4ème série): North's peers
COMMITTEE = [("Cora Lefèvre", "cora"), ("Carl Girard", "carl"), ("Cléo Fontaine", "cleo")]
AT_THE_TABLE = {"board": "7", "auction": "1C 1P 2C 2P Passe(hésit. 10 s) Passe 3C Passe Passe Passe",
                "facts": "disputed", "EW": "Sud a réfléchi une dizaine de secondes",
                "NS": "Une pause normale après 2♠", "result": "3C=", "north": "R7.ADV52.RD4.V93"}
INTRODUCTION = "Tournoi par paires, tous vulnérables. Que dites-vous ?"
FINDING = "Les deux camps décrivent une pause nette après 2♠ ; dix secondes sans saut d'enchères avant."
# the ten pollees: (call, what else they seriously considered)
ANSWERS = [("3H", ()), ("X", ("P",)), ("P", ("X",)), ("3H", ("X",)), ("P", ()), ("X", ()), ("3H", ("P",)),
           ("P", ()), ("X", ("3H",)), ("P", ("3H",))]
PENALTY = ("NS", "10", "Appel sans fondement.")


def club(url: str) -> None:
    """Before the evening (not counted): the club in French, its director, its rules for polls."""
    from polling import accounts, organisations, setup
    setup.prepare_database(url=url, load_examples=False)
    organisations.rename(organisations.DEFAULT_ORGANISATION, "Bridge Club de Lyon", url=url)
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr", url=url)
    rules = organisations.get_organisation(organisations.DEFAULT_ORGANISATION, url=url)
    organisations.set_rules(organisations.DEFAULT_ORGANISATION, rules.skip_bid_regulation, None, poll_minimum=7, url=url)
    accounts.create_user("td", "table-director", "director", "Tess Arbitre", url=url)


def the_member_list(director: Director, base: str, path) -> None:
    page = director.page
    sign_in(director, base, "/panel", "td", "table-director")
    director.read(page.get_by_role("heading", name=_("Pollee panel")))
    director.count.taps += 2                        # the file field, then the file in the picker
    page.get_by_test_id("stFileUploader").filter(has=page.get_by_label(_("Member list"))) \
        .locator("input[type=file]").set_input_files(str(path))
    director.press(page.get_by_role("button", name=_("Add them to the panel")))
    director.read(page.get_by_text(evening.LANG.ngettext("{count} member added to the panel.", "{count} members added to the "
                                                 "panel.", len(MEMBERS)).format(count=len(MEMBERS))))


def the_committee_invited(director: Director, base: str) -> list[str]:
    """Three one-time links for the committee, made on the Accounts page; the links as shown."""
    page = director.page
    director.count.taps += 2                        # the navigation's "more", then Accounts
    page.goto(f"{base}/accounts")
    director.read(page.get_by_role("heading", name=_("Accounts")))
    links = []
    for name, _username in COMMITTEE:
        director.type_in(page.get_by_label(_("Name"), exact=True).last, name, enter=None)
        director.press(page.get_by_role("button", name=_("Make the link")))
        made = re.compile(r"http://127\.0\.0\.1:\d+/auth/join/[\w-]+")
        director.read(page.get_by_text(made))
        page.wait_for_function("([seen]) => { const m = document.body.innerText.match("
                               "/http:\\/\\/127\\.0\\.0\\.1:\\d+\\/auth\\/join\\/[\\w-]+/g);"
                               " return m && m.some(l => !seen.includes(l)); }", arg=[links], timeout=60_000)
        links.append(next(link for link in made.findall(page.inner_text("body")) if link not in links))
    return links


def join(browser, link: str, username: str) -> None:
    """A committee member opens the link on his own laptop and sets up his account (his time)."""
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(link)
    if not page.get_by_label(_("User name")).count():
        raise AssertionError(f"{link}: {page.inner_text('body')[:800]}")
    page.get_by_label(_("User name")).fill(username)
    from polling.accounts import MIN_PASSWORD
    page.get_by_label(_("Password (at least {count} characters)").format(count=MIN_PASSWORD)).fill("appeals-room")
    page.get_by_label(_("Password again")).fill("appeals-room")
    page.get_by_role("button", name=_("Set up my account")).click()
    expect(page.get_by_role("link", name=_("Case list"))).to_be_visible(timeout=60_000)       # signed in
    context.close()


def the_ruling(director: Director, base: str, case_id: str) -> None:
    """The facts found with her reason; question 3 from Huddle's draft; Double marked as suggested
    by the hesitation, cancelled in the outcome tree at once; the tree reviewed, saved."""
    page = director.page
    director.open_case(base, "/ruling", case_id, _("Ruling"))
    facts = page.get_by_test_id("stForm").filter(has_text=_("The facts are not established yet (Law 85A)"))
    director.tap(facts.get_by_text(_("yes"), exact=True))
    director.type_in(facts.get_by_label(_("The director finds it took (seconds)")), "10", enter=None)
    director.type_in(facts.get_by_label(_("Why, on the balance of probabilities")), FINDING, enter=None)
    director.press(facts.get_by_role("button", name=_("Keep this finding with the facts")))
    director.read(page.get_by_text(_("The finding is kept with the case's facts.")))
    director.wait(page.get_by_role("combobox", name=_("Where the counts come from")))
    director.tap(page.get_by_role("radiogroup", name=_("3. Demonstrably suggested")).get_by_text(_("yes"), exact=True))
    drafts = page.get_by_role("button", name=_("Start from Huddle's draft"))
    director.wait(drafts)
    director.tap(drafts.first)                      # question 3's reason
    director.wait(page.get_by_text(_("This is Huddle's draft word for word: edit it to make it your reason (the ruling "
                                     "says so until you do).")))
    director.pick(page.get_by_role("combobox", name=_("Logical alternatives the UI itself suggests over another (no "
                                                      "weight in the adjustment)"), exact=True), evening.LANG.call("X"))
    director.press(page.get_by_role("button", name=_("Start from Huddle's draft")).first)     # the outcomes' note
    director.read(page.get_by_test_id("stMetricValue"))
    director.tap(page.get_by_text(_("I have reviewed the outcome tree Huddle proposed: it is my finding")))
    director.press(page.get_by_role("button", name=_("Save this ruling")))
    director.read(page.get_by_text(_("Saved as version {version}.").format(version=1)))


def the_committee_decides(browser, base: str, case_id: str) -> None:
    """Each member votes to modify with the committee's penalty, in percent of a top (the unit a
    director means at pairs); the last, as chair, records the decision. Their time, not hers."""
    side, amount, why = PENALTY
    for _name, username in COMMITTEE:
        context = browser.new_context(viewport={"width": 1280, "height": 1400}, locale="fr-FR")
        page = context.new_page()
        page.goto(f"{base}/appeal?case={case_id}")
        page.get_by_label(_("User name")).fill(username)
        page.get_by_label(_("Password")).fill("appeals-room")
        page.get_by_label(_("Password")).press("Enter")
        expect(page.get_by_role("heading", name=_("Appeal"))).to_be_visible(timeout=60_000)
        open_tab(page, _("Try a change"))
        page.get_by_text(_("The committee's procedural penalty (Law 90)")).click()
        page.get_by_text(_("The committee imposes a procedural penalty")).click()
        unit = page.get_by_role("combobox", name=_("Unit"))
        expect(unit).to_have_value(_("% of a top"), timeout=60_000)         # a share of a top by default
        page.get_by_label(_("Amount")).fill(amount)
        page.get_by_label(_("Amount")).press("Enter")
        page.get_by_label(_("Why the penalty (Law 90)")).fill(why)
        page.get_by_label(_("Why the penalty (Law 90)")).press("Enter")
        penalty = re.escape(evening.LANG.side(side)) + r"\s" + amount + r"\s" + re.escape(_("% of a top"))
        expect(page.get_by_text(re.compile(penalty))).not_to_have_count(0, timeout=60_000)     # « Nord-Sud 10 % d'un top »
        open_tab(page, _("Votes and decision"))
        page.get_by_text(re.compile(re.escape(_("the ruling stands in part: a different adjustment or score")))).first.click()
        page.get_by_label(_("Reason"), exact=True).fill("Le 3♥ reste annulé ; l'appel était sans fondement.")
        page.get_by_role("button", name=_("Record my vote")).click()
        expect(page.get_by_text(_("Vote recorded."))).to_be_visible(timeout=60_000)
        if username == COMMITTEE[-1][1]:
            open_tab(page, _("Votes and decision"))
            page.get_by_label(_("The committee's reason")).fill("La décision de l'arbitre est maintenue, avec une "
                                                                 "pénalité pour un appel sans fondement.")
            page.get_by_role("button", name=_("Record the decision")).click()
            expect(page.get_by_text(_("Decision recorded; the case is closed."))).to_be_visible(timeout=60_000)
        context.close()


def answer(base: str, link: str, call: str, considered=()) -> None:
    from bench.common import acknowledged, open_link, send_answers
    token = link.rsplit("/p/", 1)[1]
    _page, page = open_link(base, token)
    _seconds, reply = send_answers(base, token, page, call, considered)
    assert acknowledged(reply) or "class=\"box success\"" in reply, reply[-400:]     # in the member's own language


def play_the_french_evening(tmp_path, browser) -> tuple[Count, dict]:
    from polling import cases
    speak("fr")
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    club(url)
    pbn = tmp_path / "hand-record.pbn"
    pbn.write_text(HAND_RECORD.replace("Clubabend Rotweiss", "Tournoi du mardi").replace("Vereinsheim", "Lyon"),
                   encoding="utf-8")
    members = tmp_path / "membres.csv"
    members.write_text(MEMBER_LIST, encoding="latin-1")          # as an older club system exports it
    count = Count()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with smtp_server() as mail:
        env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "soirée", "HUDDLE_PUBLIC_URL": base,
               "HUDDLE_SMTP_URL": f"smtp+insecure://127.0.0.1:{mail.port}", "HUDDLE_MAIL_FROM": "BC Lyon <td@lyon.example>",
               "HUDDLE_REPORTS_DIR": str(tmp_path / "reports"), "HUDDLE_TIME_ZONE": "Europe/Paris"}
        with streamlit_server(env, port=port):
            laptop = browser.new_context(viewport={"width": 1280, "height": 1400}, locale="fr-FR",
                                         accept_downloads=True)
            director = Director(laptop.new_page(), count)
            with Step(count, "set-up: the member list"):
                the_member_list(director, base, members)
            with Step(count, "set-up: the committee invited"):
                links = the_committee_invited(director, base)
            for link, (_name, username) in zip(links, COMMITTEE):
                join(browser, link, username)

            phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
            director.page = phone.new_page()
            with Step(count, "the hesitation at the table, on the phone"):
                case_id = at_the_table(director, base, AT_THE_TABLE)
            phone.close()
            director.page = laptop.pages[0]
            with Step(count, "the hand record"):
                the_hand_record(director, base, case_id, pbn, signed_in=True, event="Tournoi du mardi")
            with Step(count, "the poll sent to ten members"):
                the_poll(director, offers=("X",))
            sent = {to[0]: m for _, to, m in mail.received}
            polled = [f"{first.lower()}.{last.lower()}@club.example" for last, first, _s, _l in POLLED]
            assert sorted(sent) == sorted(polled)
            assert sent[polled[3]]["Content-Language"] == "en" and sent[polled[0]]["Content-Language"] == "fr"
            for address, (call, considered) in zip(polled, ANSWERS):
                link = re.search(r"http://\S+/p/\S+", sent[address].get_content()).group(0)
                answer(base, link, call, considered)
            with Step(count, "the ruling"):
                the_ruling(director, base, case_id)
            with Step(count, "the appeal"):
                the_appeal(director)
            the_committee_decides(browser, base, case_id)
            with Step(count, "the exports"):
                files = the_exports(director, tmp_path)
            laptop.close()
    stored = cases.get_case(cases.find_case(case_id, url=url), url=url)
    assert stored.status == "closed"
    (ARTIFACTS / "evening-fr.txt").write_text(count.words() + "\n" + "\n".join(
        f"  {name}: {seconds:.1f} s" for name, seconds in count.steps) + "\n", encoding="utf-8")
    return count, files


def test_the_french_evening_from_the_member_list_to_the_committee_s_penalty(tmp_path, browser):
    import json
    import subprocess
    from fractions import Fraction
    from polling import cases, committee, db, panel
    count, files = play_the_french_evening(tmp_path, browser)
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    members = {m.name: m for m in panel.panel(url=url)}
    assert (members["Anne Martin"].grade, members["Hélène Simon"].grade, members["Louis Michel"].grade) == \
        ("club", "regional", "novice")                                      # the FFB's series read
    assert (members["Jean Petit"].language, members["Sophie Durand"].language, members["Julie Moreau"].language) == \
        ("en", "nl", "de")                                                  # languages written as words
    (board_7,) = [c for c in db.case_index(url=url) if c.slug.startswith("board-7-")]
    stored = cases.get_case(board_7.id, url=url)
    assert stored.case.irregularities[0].finding.happened is True and stored.case.ruling.suggested_alternatives == ("X",)
    decided = committee.appeal(board_7.id, url=url).decision
    (penalty,) = json.loads(decided.change)["procedural_penalties"]
    assert decided.decision == "modify" and (penalty["side"], Fraction(penalty["amount"]), penalty["unit"]) == \
        ("NS", Fraction(10), "percent of a top")
    text = " ".join(subprocess.run(["pdftotext", str(files["pdf"]), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert "Tournoi du mardi" in text and "10 % d'un top" in text, text[:2000]
    assert count.taps and count.person_seconds / 60 < 15          # bench/evenings.py prints the figure
