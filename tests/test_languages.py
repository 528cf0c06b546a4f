"""The players' language: the catalogs (every message a pollee or a player reads is translated in
every shipped language, and the template is what the code marks), the bridge words of each
language for every call and card, the language a link opens in, a poll built and answered in
French and tallied as an English one, the wording check in French, German and Dutch on labelled
sets, the ruling read to the players and the PDF report of a Dutch case in Dutch."""
import csv
import functools
import re
import shutil
import subprocess
import sys
from fractions import Fraction

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from sqlmodel import Session, select

from analysis.bridge import ALL_CALLS, RANKS, SUITS
from analysis.errors import HuddleInputError
from analysis.language import browser_language, chosen_language, language, pollee_language, shipped_languages
from analysis.law import case as case_files
from analysis.law.ruling.engine import rule
from analysis.polls.wording import wording_findings
from analysis.polls.wording_languages import CHECKS
from conftest import CASES, ROOT
from pollee_client import SITE, Form, opened, send
from polling import cases, db, organisations, panel, services, setup
from polling.models import CaseRecord
from analysis.language import ENGLISH

SHIPPED = tuple(c for c in shipped_languages() if c != "en")     # every catalog found: fr, de, nl and any added
LOCALES = ROOT / "analysis" / "language" / "locale"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None,
            "NP_": ((1, "c"), 2), "M_": None, "MP_": (1, 2)}


# ---------------------------------------------------------------- the catalogs

@functools.cache
def marked_messages() -> frozenset[tuple[str | None, str]]:
    """Every message the code marks, extracted as `make catalogs` does (babel.cfg): once per
    process, as the code does not change during a run."""
    method_map = [(pattern, method) for method, pattern in
                  re.findall(r"^\[(\w+):\s*([^\]]+)\]", (ROOT / "babel.cfg").read_text(), re.M)]
    return frozenset((context, message if isinstance(message, str) else tuple(message))
                     for _file, _line, message, _comments, context
                     in extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS))


def catalog(code: str):
    with (LOCALES / code / "LC_MESSAGES" / "huddle.po").open("rb") as f:
        return read_po(f, locale=code)


def test_english_french_german_and_dutch_are_shipped():
    assert {"en", "de", "fr", "nl"} <= set(shipped_languages()) and shipped_languages()[0] == "en"
    assert [language(c).name for c in ("en", "fr", "de", "nl")] == ["English", "Français", "Deutsch", "Nederlands"]


def test_the_template_holds_exactly_the_messages_the_code_marks():
    with (LOCALES / "huddle.pot").open("rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    assert template == marked_messages(), "run `make catalogs`"
    assert len(template) >= 300


def test_no_marked_message_is_hidden_from_the_extractor():
    """Babel's extractor skips a message marked inside another marked call's arguments (an M_ in
    a generator given to an M_) or inside an f-string; every literal given to M_, N_ or _ in the
    code must reach the template all the same (a hidden one stays English in every language)."""
    import ast
    with (LOCALES / "huddle.pot").open("rb") as f:
        template = {i for m in read_po(f) if m.id for i in ((m.id,) if isinstance(m.id, str) else m.id)}
    hidden = []
    for folder in ("analysis", "figures", "polling", "reports", "ui", "huddle"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                text = node.args[0].value
                if name in ("M_", "N_", "_") and isinstance(text, str) and text and text not in template:
                    hidden.append(f"{path.relative_to(ROOT)}:{node.lineno} {text[:50]}")
    assert not hidden, hidden


@pytest.mark.parametrize("code", SHIPPED)
def test_every_marked_message_has_a_checked_translation(code):
    """A message a pollee or a player can meet that has no translation fails here (a fuzzy one,
    which gettext does not use, counts as none)."""
    translated = {(m.context, m.id): m for m in catalog(code) if m.id}
    missing = [key for key in marked_messages() if key not in translated or translated[key].fuzzy
               or not (all(translated[key].string) if translated[key].pluralizable else translated[key].string)]
    assert not missing, missing[:10]


@pytest.mark.parametrize("code", SHIPPED)
def test_each_translation_keeps_the_places_of_its_message(code):
    """{call}, {seat}, {n}…: a translation with a place missing or misspelt would fail at the table."""
    places = re.compile(r"\{(\w*)\}")
    wrong = [m.id for m in catalog(code) if m.id and not m.pluralizable
             and set(places.findall(m.id)) != set(places.findall(m.string))]
    # a plural form keeps every place of its message, except that a singular may say its count in words
    counted = {"n", "count"}
    wrong += [m.id for m in catalog(code) if m.pluralizable and any(
        not set(places.findall(m.id[1])) - counted <= set(places.findall(form)) <= set(places.findall(m.id[1]))
        for form in m.string)]
    assert not wrong


def test_a_fuzzy_translation_is_not_used(tmp_path):
    """A translation a translator has not checked stays English on the page."""
    fr = catalog("fr")
    message = fr.get("Thank you: your answer is recorded.")
    message.flags.add("fuzzy")
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "huddle.po").open("wb") as f:
        write_po(f, fr)
    from analysis import language as languages
    import gettext
    from babel.messages.mofile import write_mo
    from io import BytesIO
    compiled = BytesIO()
    with (folder / "huddle.po").open("rb") as f:
        write_mo(compiled, read_po(f, locale="fr"), use_fuzzy=False)
    compiled.seek(0)
    assert gettext.GNUTranslations(compiled).gettext("Thank you: your answer is recorded.") == \
        "Thank you: your answer is recorded."
    assert languages.language("fr")._("Thank you: your answer is recorded.") == "Merci : votre réponse est enregistrée."


# ---------------------------------------------------------------- bridge words

CALLS = {"fr": ("Passe", "Contre", "Surcontre", "SA"), "de": ("Passe", "Kontra", "Rekontra", "SA"),
         "nl": ("Pas", "Doublet", "Redoublet", "SA"), "en": ("Pass", "Double", "Redouble", "NT")}
HONOURS = {"fr": "ARDV", "de": "AKDB", "nl": "AHVB", "en": "AKQJ"}
SEATS = {"fr": ("Nord", "Est", "Sud", "Ouest"), "de": ("Nord", "Ost", "Süd", "West"),
         "nl": ("Noord", "Oost", "Zuid", "West"), "en": ("North", "East", "South", "West")}


@pytest.mark.parametrize("code", ["en", *SHIPPED])
def test_every_call_is_written_as_the_players_of_the_language_write_it(code):
    lang = language(code)
    said = {call: lang.call(call) for call in ALL_CALLS}
    assert len(set(said.values())) == len(ALL_CALLS) == 38           # no two calls read alike
    if code not in CALLS:
        return
    passes, double, redouble, no_trump = CALLS[code]
    assert (said["P"], said["X"], said["XX"]) == (passes, double, redouble)
    for level in range(1, 8):
        assert said[f"{level}NT"] == f"{level}{no_trump}"
        assert [said[f"{level}{s}"] for s in "CDHS"] == [f"{level}♣", f"{level}♦", f"{level}♥", f"{level}♠"]


@pytest.mark.parametrize("code", ["en", *SHIPPED])
def test_every_card_is_written_with_the_language_s_honours(code):
    lang = language(code)
    cards = {suit + rank: lang.card(suit + rank) for suit in SUITS for rank in RANKS}
    assert len(set(cards.values())) == 52
    if code not in HONOURS:
        return
    for suit, symbol in zip("SHDC", "♠♥♦♣"):
        assert [cards[suit + r] for r in "AKQJT9"] == [symbol + h for h in HONOURS[code]] + [symbol + "10", symbol + "9"]
    assert lang.choice("SKQ") == "♠" + HONOURS[code][1] + "/" + HONOURS[code][2]
    assert lang.choice("Hx") in {"a low ♥", "un petit ♥", "ein kleines ♥", "een kleine ♥"}


@pytest.mark.parametrize("code", ["en", *SHIPPED])
def test_seats_sides_vulnerability_and_scoring_in_the_language(code):
    lang = language(code)
    assert len({lang.seat(s) for s in "NESW"}) == 4 and len({lang.seat_letter(s) for s in "NESW"}) == 4
    assert code not in SEATS or tuple(lang.seat(s) for s in "NESW") == SEATS[code]
    assert len({lang.vulnerability(v) for v in ("none", "ns", "ew", "both")}) == 4
    assert len({lang.scoring(f) for f in ("matchpoints", "imps", "butler", "cross-imps", "bam", "total points")}) == 6


def test_numbers_and_fractions_in_the_local_style():
    assert language("fr").number(1234.5) == "1\u202f234,5"
    assert language("de").number(1234.5) == "1.234,5"
    assert language("nl").number(0.575, 3) == "0,575"
    assert language("en").number(1234.5) == "1,234.5"
    assert [language(c).number(Fraction(33, 4)) for c in ("en", "fr", "nl")] == ["8 1/4"] * 3
    assert language("fr").percent(0.575, 1) == "57,5\xa0%" and language("nl").percent(Fraction(2, 3)) == "67%"


def test_times_in_the_local_form_on_the_club_s_clock():
    from datetime import datetime, timedelta, timezone
    from zoneinfo import ZoneInfo
    at = datetime(2026, 11, 28, 14, 30, 5)                  # as a database gives it back: UTC, no zone
    paris, amsterdam = language("fr").at_clock(ZoneInfo("Europe/Paris")), language("nl").at_clock(ZoneInfo("Europe/Amsterdam"))
    assert paris.moment(at) == "28/11/2026 15:30" and amsterdam.moment(at, seconds=True) == "28 nov 2026, 15:30:05"
    assert paris.moment(datetime(2026, 7, 1, 18, 0)) == "01/07/2026 20:00"            # summer time
    assert language("de").at_clock(ZoneInfo("Europe/Berlin")).moment(at) == "28.11.26, 15:30"
    # with no clock known the time is UTC, and says so
    assert language("de").moment(at) == "28.11.26, 14:30 UTC" and language("fr").moment(at) == "28/11/2026 14:30 UTC"
    assert language("en").moment(at.replace(tzinfo=timezone(timedelta(hours=1)))) == "11/28/26, 1:30\u202fPM UTC"
    assert language("en").at_clock(ZoneInfo("Etc/UTC")).moment(at) == "11/28/26, 2:30\u202fPM UTC"


def test_the_club_s_clock_is_the_setting_s_else_the_machine_s(monkeypatch):
    from zoneinfo import ZoneInfo
    from polling.settings import club_time_zone
    monkeypatch.setenv("HUDDLE_TIME_ZONE", "Europe/Brussels")
    assert club_time_zone() == ZoneInfo("Europe/Brussels")
    monkeypatch.setenv("HUDDLE_TIME_ZONE", "Paris")
    with pytest.raises(ValueError, match="HUDDLE_TIME_ZONE: 'Paris' is not a time zone"):
        club_time_zone()
    monkeypatch.delenv("HUDDLE_TIME_ZONE")
    monkeypatch.setenv("TZ", "America/Chicago")
    assert club_time_zone() == ZoneInfo("America/Chicago")


def test_laws_keep_their_numbers_and_take_the_translation_s_name():
    text = rule(case_files.loads((CASES / "laws033-6d-slam.json").read_text())).text
    assert "Law 16A" in text
    assert "Loi 16A" in language("fr").say(text) and "Law 16A" not in language("fr").say(text)
    assert "Regel 16A" in language("de").say(text)
    assert "Artikel 16A" in language("nl").say(text) and "Artikel 12C2" in language("nl").say(text)


# ---------------------------------------------------------------- which language a page is in

def test_a_browser_s_language_is_used_only_among_the_shipped_ones():
    assert browser_language("nl-BE,nl;q=0.9,en;q=0.8") == "nl"
    assert browser_language("es-ES,es;q=0.9,de;q=0.5,fr;q=0.7") == "fr"
    assert browser_language("es-ES") is None and browser_language("") is None
    assert chosen_language(None, "", accept="de-CH").code == "de"
    assert chosen_language("nl", accept="de-CH").code == "nl"          # a language set wins over the browser's
    assert chosen_language(None, accept="pt-BR").code == "en"
    with pytest.raises(HuddleInputError, match="language: 'xx' is not a shipped language"):
        language("xx")


def stored(url: str, slug: str) -> int:
    with Session(db.engine_for(url)) as session:
        return session.exec(select(CaseRecord.id).where(CaseRecord.slug == slug)).one()


@pytest.fixture
def slam(sqlite_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    setup.prepare_database()
    return stored(sqlite_url, "laws033-6d-slam")


def test_a_link_opens_in_the_member_s_language_else_the_poll_s_else_the_club_s_else_the_browser_s(slam, sqlite_url):
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "")
    lead = stored(sqlite_url, "lead-after-slow-pass-of-stayman")     # a case with its event: the panel may be polled
    plain = services.create_poll(lead, "Matchpoints. What do you lead?")
    french = services.create_poll(lead, "Tournoi par paires. Qu'entamez-vous ?", language="fr")
    anna = panel.add_pollee("Anna", "expert", language="nl")
    bert = panel.add_pollee("Bert", "expert")
    sent = dict((m.name, i) for m, i in panel.issue_panel_invites(french.id, [anna, bert]))
    def opens_in(token, browser=None):
        return pollee_language(*services.open_link(token).language, browser=browser).code
    assert opens_in(sent["Anna"].token) == "nl"
    assert opens_in(sent["Bert"].token) == "fr"
    (link,) = services.issue_invites(plain.id, ["Carl"])
    assert opens_in(link.token) == "en" and opens_in(link.token, "de-CH,de;q=0.9") == "de"   # the browser's
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "nl")
    assert opens_in(link.token, "de") == "nl"
    with pytest.raises(HuddleInputError, match="language"):
        organisations.set_language(organisations.DEFAULT_ORGANISATION, "xx")
    with pytest.raises(HuddleInputError, match="language"):
        panel.add_pollee("Dora", "expert", language="xx")
    member = {m.name: m for m in panel.panel()}
    assert panel.message(member["Anna"], "https://club/?token=t").startswith("Hallo Anna, wil je")
    assert panel.message(member["Bert"], "https://club/?token=t", "fr").startswith("Bonjour Bert, voulez-vous")


@pytest.fixture
def phone(slam, monkeypatch):
    """A pollee's phone opening the pollee's page (huddle.web.pollee), scripts off."""
    from starlette.applications import Starlette
    from starlette.testclient import TestClient
    from huddle.web.pollee import ROUTES
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "languages")
    with TestClient(Starlette(routes=ROUTES), base_url=SITE) as client:
        yield client


def test_a_poll_built_in_french_is_answered_in_french_and_tallied_as_an_english_one(slam, phone):
    english = services.create_poll(slam, "Matchpoints. What do you call?", alternatives=("P",), q4_enabled=True)
    french = services.create_poll(slam, "Tournoi par paires. Que dites-vous ?", alternatives=("P",), q4_enabled=True,
                                  language="fr")
    for poll, calls in ((english, ("6D", "P", "6D")), (french, ("6D", "P", "6D"))):
        for k, (link, call) in enumerate(zip(services.issue_invites(poll.id, ["A", "B", "C"]), calls)):
            _, page = opened(phone, link.token)
            if poll is french and k == 0:
                assert "Un problème d'enchères" in page.labels and "1. Que dites-vous ?" in page.labels
                assert {"Passe", "6♦", "Une autre enchère"} <= set(page.labels)
                assert "Vous êtes Sud. Marque : points de match." in page.text
                assert "Envoyer ma réponse" in page.labels
            considered = "P" if call == "6D" else "6D"
            q4 = Form(send(phone, link.token, call=call, considered=[considered], **{f"close_{considered}": "30"}).text)
            if poll is french and k == 0:
                assert "Encore une question" in q4.labels
                assert "Votre partenaire a longuement réfléchi avant de dire 5♦." in q4.text
            done = Form(send(phone, link.token, "/q4", suggested=[call]).text)
            assert done.boxes["success"] == ["Merci : votre réponse est enregistrée." if poll is french
                                             else "Thank you: your answer is recorded."]
    tallies = [services.tally(p.id) for p in (english, french)]
    for action in ("6D", "P"):
        assert tallies[0].count(action) == tallies[1].count(action)
    assert tallies[0].suggested == tallies[1].suggested and tallies[1].count("6D").chose == 2


def test_a_pollee_s_refusals_are_in_the_link_s_language(slam, phone):
    poll = services.create_poll(slam, "Paarturnier. Was reizen Sie?", alternatives=("P",), language="de")
    (link,) = services.issue_invites(poll.id, ["A"])
    assert Form(send(phone, link.token).text).boxes["error"] == ["Frage 1: wählen Sie Ihr Gebot."]
    send(phone, link.token, call="P", considered=["6D"])
    _, again = opened(phone, link.token)
    assert again.boxes["error"] == ["Mit diesem Link wurde bereits geantwortet; danke."]
    _, unknown = opened(phone, "not-a-token")
    assert unknown.boxes["error"] == ["This link is not valid; ask the director for a new one."]


# a made-up language whose every message is marked, to see that nothing on the pollee's page
# escapes the catalog: Esperanto, which Babel knows and Huddle does not ship
PSEUDO = "eo"


@pytest.fixture
def pseudo_language():
    """A catalog added the way a federation adds one (no code), each message wrapped in ⟦ ⟧."""
    source = catalog("fr")
    folder = LOCALES / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for message in source:
        if message.pluralizable:
            message.string = tuple(f"⟦{form}⟧" for form in message.id)
        elif message.context:                  # a word of the vocabulary: each spelling it reads, marked
            message.string = "|".join(f"⟦{spelling}⟧" for spelling in message.id.split("|"))
        elif message.id:
            message.string = f"⟦{message.id}⟧"
    source.locale = PSEUDO
    try:
        with (folder / "huddle.po").open("wb") as f:
            write_po(f, source)
        language.cache_clear()
        shipped_languages.cache_clear()
        yield language(PSEUDO)
    finally:
        shutil.rmtree(LOCALES / PSEUDO)
        language.cache_clear()
        shipped_languages.cache_clear()


def club_app(monkeypatch, code: str):
    """The app as a director of a club whose language is ``code`` sees it."""
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from polling import accounts
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "languages")
    organisations.set_language(organisations.DEFAULT_ORGANISATION, code)
    director = accounts.create_user("tess", "bidding-box", "director", "Tess Director")
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = director
    at.run()
    return at


def pseudo_app(monkeypatch):
    """The app as a director of a club whose language is the made-up one sees it."""
    return club_app(monkeypatch, PSEUDO)


def escaped(texts) -> list[str]:
    """The texts with words that no catalog message made (a made-up catalog marks every one)."""
    return [t for t in texts if re.search(r"[^\W\d]", t) and "⟦" not in t]


def unmarked(page: Form) -> list[str]:
    """Every text Huddle writes on the page that no catalog message made (a bid such as 6♦ has no
    words to translate; the director's own wording is shown as typed)."""
    texts = page.labels + [t for box in page.boxes.values() for t in box]
    return [t.strip() for t in texts if re.search(r"[^\W\d]", t) and "⟦" not in t and t.strip() != "Huddle"]


def test_nothing_on_the_pollee_s_page_escapes_the_catalog(slam, phone, pseudo_language):
    assert PSEUDO in shipped_languages()
    poll = services.create_poll(slam, "", alternatives=("P",), q4_enabled=True, language=PSEUDO)
    (link,) = services.issue_invites(poll.id, ["A"])
    _, page = opened(phone, link.token)
    assert "⟦South⟧" in page.text and "⟦Dealer⟧" in page.text and "⟦Pass⟧" in page.text   # the hand and the auction
    assert not unmarked(page), unmarked(page)
    refused = Form(send(phone, link.token, call="other").text)                             # a refusal
    assert refused.boxes["error"] and not unmarked(refused), unmarked(refused)
    q4 = Form(send(phone, link.token, call="6D", considered=["P"]).text)                    # Q4
    assert q4.values("suggested") and not unmarked(q4), unmarked(q4)
    done = Form(send(phone, link.token, "/q4", suggested=["6D"]).text)                      # the thanks
    assert done.boxes["success"] == ["⟦Thank you: your answer is recorded.⟧"]
    _, used = opened(phone, link.token)                                                      # a refused link
    assert used.boxes["error"] and not unmarked(used), unmarked(used)


# ---------------------------------------------------------------- the wording check

@pytest.mark.parametrize("code", sorted(CHECKS))
def test_the_wording_check_reads_each_language_as_well_as_english(code):
    rows = list(csv.DictReader((ROOT / "tests" / "wording" / f"labelled-{code}.csv").open(encoding="utf-8")))
    giveaways = [r for r in rows if r["label"] == "giveaway"]
    innocent = [r for r in rows if r["label"] == "innocent"]
    assert len(giveaways) >= 60 and len(innocent) >= 60 and len({r["text"] for r in rows}) == len(rows)
    assert {r["kind"] for r in giveaways} >= {"tempo", "manner", "remark", "result", "people", "ruling", "alert"}
    assert {r["kind"] for r in innocent} >= {"convention", "principle", "card play", "neutral"}
    missed = [r["text"] for r in giveaways if not wording_findings(r["text"], r["field"], language=code)]
    alarms = [r["text"] for r in innocent if wording_findings(r["text"], r["field"], language=code)]
    assert len(missed) <= 0.05 * len(giveaways), missed
    assert len(alarms) <= 0.05 * len(innocent), alarms


def test_a_french_poll_is_checked_in_french_and_kept_only_with_a_reason(slam):
    with pytest.raises(HuddleInputError, match="“longuement” gives away partner's tempo; “réfléchi” gives away"):
        services.create_poll(slam, "Votre partenaire a longuement réfléchi. Que dites-vous ?", alternatives=("P",),
                             language="fr")
    kept = services.create_poll(slam, "Votre partenaire a longuement réfléchi. Que dites-vous ?", alternatives=("P",),
                                language="fr", override="a test of the check", username="td")
    assert "longuement" in kept.wording_override
    assert services.create_poll(slam, "Tournoi par paires. Comptez vos levées rapides.", alternatives=("P",),
                                language="fr").id


# ---------------------------------------------------------------- what is read to the players

def test_the_ruling_read_to_the_players_in_each_language():
    ruling = rule(case_files.loads((CASES / "laws033-6d-slam.json").read_text()))
    said = {code: language(code).say(ruling.text) for code in SHIPPED}
    assert "Résultat à la table : 6♦ joué par Sud, réussi (Nord-Sud +920)." in said["fr"]
    assert "1. Unerlaubte Information: ja." in said["de"]
    assert "Alle vier vragen zijn met ja beantwoord: de score wordt aangepast (Artikel 16A2, Artikel 12C2)." in said["nl"]
    assert "Noord-Zuid: +420." in said["nl"] and "Oost-West: -920." in said["nl"]
    assert language("en").say(ruling.text) == ruling.text


def test_huddle_rule_reads_the_ruling_in_a_language_and_refuses_one_it_does_not_ship():
    case = str(CASES / "laws033-6d-slam.json")
    done = subprocess.run([sys.executable, "-m", "huddle", "rule", case, "--language", "fr"], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0 and "Lois appliquées : l'édition 1997." in done.stdout
    refused = subprocess.run([sys.executable, "-m", "huddle", "rule", case, "--language", "xx"], capture_output=True,
                             text=True, cwd=ROOT)
    assert refused.returncode == 2 and "language: 'xx' is not a shipped language" in refused.stderr


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils (make test installs it)")
def test_the_pdf_report_of_a_dutch_case_reads_in_dutch(tmp_path):
    """The report a Dutch club's director makes, read back from the PDF by a second reader."""
    from reports.content import report_for_file
    from reports.render import to_html, to_pdf
    report = report_for_file(case_files.loads((CASES / "laws033-6d-slam.json").read_text()), language("nl"))
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(to_pdf(report))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    for dutch in ("De uitspraak", "De feiten", "Het spel en het bieden", "De vier vragen", "De score",
                  "Ongeoorloofde informatie", "Logisch alternatief", "Aantoonbaar gesuggereerd",
                  "Noord-Zuid", "Oost-West", "Gever", "Artikel 16A", "Soort", "Overtredende partij", "pagina 1"):
        assert dutch in text, dutch
    assert "Noord-Zuid: +420" in text
    for english in ("The facts", "The four questions", "The deal and the auction", "Dealer", "North-South:",
                    "Unauthorized information", "Law 16A", "page 1"):
        assert english not in text, english
    assert re.search(r"\bPas\b", text)                                  # the auction in Dutch bridge words
    assert "<html lang='nl'>" in to_html(report)


def test_the_report_s_charts_speak_the_report_s_language():
    """The charts' titles, axes, legends and bars (drawn as SVG text in the HTML report)."""
    from reports.content import report_for_file
    from reports.render import to_html
    case = case_files.loads((CASES / "constructed-mi-transfer.json").read_text())
    dutch, english = (to_html(report_for_file(case, language(code))) for code in ("nl", "en"))
    for said in ("aandeel van de ondervraagden", "De enquête: 8 ondervraagden", "drempel 20%", "gekozen",
                 "alleen overwogen", "Doublet", "actie aan tafel"):
        assert said in dutch, said
    for said in ("share of pollees", "The poll: 8 pollees", "only considered it", "table action"):
        assert said in english and said not in dutch, said


def test_huddle_report_writes_the_report_in_the_language_asked(tmp_path):
    case = str(CASES / "laws033-6d-slam.json")
    done = subprocess.run([sys.executable, "-m", "huddle", "report", case, "--html", "--language", "de", "-o",
                           str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    (page,) = tmp_path.glob("*.html")
    html = page.read_text(encoding="utf-8")
    assert "<html lang='de'>" in html and "Die vier Fragen" in html and "Regel 16A" in html
    refused = subprocess.run([sys.executable, "-m", "huddle", "report", case, "--language", "klingon", "-o",
                              str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode == 2 and "language: 'klingon' is not a shipped language" in refused.stderr


@pytest.mark.page_failure_expected
def test_a_pollee_s_page_that_fails_says_so_in_the_link_s_language(slam, phone, monkeypatch):
    poll = services.create_poll(slam, "Tournoi par paires. Que dites-vous ?", alternatives=("P",), language="fr")
    (link,) = services.issue_invites(poll.id, ["A"])

    def broken(*args, **kwargs):
        raise RuntimeError("a fault deep in the server")
    monkeypatch.setattr(services, "cast_vote", broken)             # the page fails when the answers are sent
    page = Form(send(phone, link.token, call="P").text)
    assert page.boxes["error"][0].startswith("Désolé, cette page n'a pas pu être affichée.")


def test_the_report_s_tables_are_in_its_language_german_nouns_kept(slam):
    """Before (the club player's review): the answers table read "Pollee 1" and "Pass" in every
    language, the outcome tree "6♦ (cancelled)", and German nouns were lowercased by
    .capitalize() ("1 Unerlaubte information", "Ost · teiler")."""
    from polling.dossier import load_dossier
    from reports.content import report_for_stored_case
    from reports.render import to_html
    poll = services.create_poll(slam, "Paarturnier. Was bieten Sie?", alternatives=("P",), language="de")
    (invite,) = services.issue_invites(poll.id, ["A"])
    services.cast_vote(invite.token, "P", considered=("6D",))
    dossier = load_dossier(slam)
    for code, pollee, call, cancelled, first in (("de", "Befragter 1", "Passe", "(gestrichen)", "Unerlaubte Information"),
                                                 ("fr", "Sondé 1", "Passe", "(annulée)", "Information non autorisée"),
                                                 ("nl", "Ondervraagde 1", "Pas", "(geschrapt)", "Ongeoorloofde informatie")):
        html = to_html(report_for_stored_case(dossier.case, dossier.status, dossier.polls, dossier.committee,
                                              lang=language(code)))
        assert f"<td>{pollee}</td><td>{call}</td>" in html, code
        assert "Pollee" not in html and cancelled in html and first in html, code
        if code == "de":
            assert "Unerlaubte information" not in html and "Logische Alternative" in html


def test_the_ruling_read_out_defaults_to_the_organisation_s_language(slam, capsys):
    """Before: `huddle case rule` and the Ruling page's "as read to the players" opened in English
    in a French club."""
    from test_cli import run
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr")
    code, out, _ = run(capsys, "case", "rule", "laws033-6d-slam")
    assert code == 0 and "Information non autorisée : oui." in out
    code, out, _ = run(capsys, "case", "rule", "laws033-6d-slam", "--language", "de")
    assert code == 0 and "Unerlaubte Information: ja." in out
    code, _, err = run(capsys, "case", "rule", "laws033-6d-slam", "--language", "klingon")
    assert code == 2 and "not a shipped language" in err


@pytest.mark.parametrize("code, said", [("fr", "que demande la procédure STOP de l'ACBL"),
                                        ("de", "das Stopp-Verfahren der ACBL"),
                                        ("nl", "de stopprocedure van de ACBL")])
def test_a_skip_bid_regulation_is_named_in_the_ruling_s_language(code, said):
    """Before: "… que demande the ACBL's skip-bid procedure" mid-sentence."""
    case = case_files.Case.from_dict(__import__("json").loads((CASES / "disputed-pause-over-4h.json").read_text()))
    text = language(code).say(rule(case).text)
    assert said in text and "the ACBL's" not in text


def test_a_french_report_puts_its_space_before_the_colon_in_what_the_code_builds():
    """Before: "Nord-Sud: +420." and "Hésitation … de Nord: …" in a French report."""
    from reports.content import report_for_file
    from reports.render import to_html
    case = case_files.Case.from_dict(__import__("json").loads((CASES / "laws033-6d-slam.json").read_text()))
    french = to_html(report_for_file(case, language("fr")))
    assert "Nord-Sud : +420." in french and "Nord-Sud: " not in french
    assert "North-South: +420." in to_html(report_for_file(case, ENGLISH))


def test_nothing_on_the_at_the_table_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The director's phone page in the club's language: under a made-up catalog every text the
    page writes is a catalog message (calls, seats' cards and what she types excepted)."""
    at = pseudo_app(monkeypatch)
    at.switch_page("ui/intake.py").run()
    at.text_input(key="tbl_auction").set_value("1H 1S 2H 2S P(slow 10s) P 3H P P P").run()
    assert not at.exception, at.exception
    page = at.main                              # the page itself (the sidebar is the app's frame)
    texts = ([page.title[0].value] + [c.value for c in page.caption] + [s.value for s in page.subheader]
             + [w.label for kind in ("text_input", "number_input", "selectbox", "radio", "button", "expander")
                for w in page.get(kind)])
    texts += [o for w in page.get("radio") for o in w.options] + list(at.selectbox(key="tbl_kind").options)
    box = [w.label for w in page.get("button_group")]              # the bidding box's rows
    assert box == ["⟦Level⟧", "⟦Strain⟧", "⟦Call or mark⟧", "⟦Seconds of the slow call⟧"], box
    assert not escaped(texts + box), escaped(texts + box)
    preview = next(m.value for m in page.markdown if "·" in m.value)
    assert "⟦pause: 10 seconds⟧" in preview and "⟦Pass⟧" in preview      # the slow pass read back as a pause


def test_nothing_on_the_case_list_and_the_app_s_frame_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The case list and the sidebar (who is signed in, signing out) in the club's language."""
    at = pseudo_app(monkeypatch)
    assert not at.exception, at.exception
    club = organisations.get_organisation(organisations.DEFAULT_ORGANISATION).name       # the club's own name
    titles = {c.label for c in at.main.get("button")} - {r.title for r in db.case_index()}  # a case's title is data
    texts = ([at.main.title[0].value] + [c.value for c in at.main.caption] + [w.label for w in at.main.get("text_input")]
             + sorted(titles) + [c.value for c in at.sidebar.caption if c.value != club])
    assert not escaped(texts), escaped(texts)
    assert any("⟦Sign out⟧" in h.proto.body for h in at.sidebar.get("html"))


def test_an_account_chooses_its_own_language_for_its_pages(slam):
    """Point 3: each account can choose its own language; the organisation's is the default."""
    from polling import accounts
    from ui.state import page_language
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr")
    accounts.create_user("greta", "kontra-rekontra", "director", "Greta")
    assert page_language(accounts.authenticate("greta", "kontra-rekontra")).code == "fr"
    accounts.set_language("greta", "de")
    greta = accounts.authenticate("greta", "kontra-rekontra")
    assert greta.language == "de" and page_language(greta).code == "de"
    with pytest.raises(HuddleInputError, match="language: 'xx' is not a shipped language"):
        accounts.set_language("greta", "xx")
    accounts.set_language("greta", "")
    assert page_language(accounts.authenticate("greta", "kontra-rekontra")).code == "fr"


def test_nothing_on_my_account_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The page where an account chooses its language speaks that language too."""
    at = pseudo_app(monkeypatch)
    at.switch_page("ui/my_account.py").run()
    assert not at.exception, at.exception
    page = at.main
    texts = ([page.title[0].value] + [m.value for m in page.markdown] + [s.value for s in page.subheader]
             + [w.label for kind in ("text_input", "selectbox", "button") for w in page.get(kind)])
    assert not escaped(texts), escaped(texts)


def test_nothing_on_the_calculator_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    at = pseudo_app(monkeypatch)
    at.switch_page("ui/calculator.py").run()
    for mode in ("Matchpoints", "IMPs"):
        at.radio(key="calc_mode").set_value(mode).run()
        assert not at.exception, at.exception
        page = at.main
        texts = ([page.title[0].value] + [s.value for s in page.success] + list(page.table[0].value.columns)
                 + [w.label for kind in ("text_input", "radio") for w in page.get(kind)]
                 + [o for w in page.get("radio") for o in w.options])
        assert not escaped(texts), (mode, escaped(texts))


def main_texts(page) -> list[str]:
    """Every text a page's main area writes: its headings, captions, boxes, written lines, tables'
    columns and widgets' labels (a case's own title and what people typed are data, left to the test)."""
    texts = [e.value for kind in ("subheader", "caption", "info", "warning", "success", "error", "markdown")
             for e in page.get(kind)]
    texts += [w.label for kind in ("text_input", "number_input", "selectbox", "radio", "button", "expander",
                                   "text_area", "multiselect", "checkbox") for w in page.get(kind)]
    texts += [str(c) for t in page.get("table") for c in t.value.columns]
    return texts


def test_nothing_on_the_case_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Case page in the club's language: every text it writes is a catalog message (the case's
    own title, event, typed description and statements, and the calls excepted)."""
    at = pseudo_app(monkeypatch)
    at.session_state["case_id"] = slam
    at.switch_page("ui/case_view.py").run()
    assert not at.exception, at.exception
    case = cases.get_case(slam).case
    data = {case.title, case.irregularity.description}
    texts = [t for t in main_texts(at.main) if t not in data and not t.startswith("- ")]   # assumptions as encoded
    history = next(t.value for t in at.main.get("table") if "⟦what⟧" in t.value.columns)
    texts += [str(v) for v in history["⟦what⟧"]]                          # the history: what each change was
    assert not escaped(texts), escaped(texts)
    assert any(t.startswith("⟦Final contract: **") for t in texts), texts
    assert any(t.startswith("⟦imported: ") for t in texts), texts


def test_nothing_on_the_invites_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Invites page in the club's language: its forms, the links' table and their states."""
    poll = services.create_poll(slam, "Matchpoints. Your call?", alternatives=("P",))
    services.issue_invites(poll.id, ["Ann", "Bob"])
    at = pseudo_app(monkeypatch)
    at.session_state["case_id"] = slam
    at.switch_page("ui/invites.py").run()
    assert not at.exception, at.exception
    case = cases.get_case(slam).case
    texts = [t for t in main_texts(at.main) if t != case.title]
    texts += [o for w in at.main.get("selectbox") for o in w.options if "Ann" not in o and "Bob" not in o]
    texts += [str(v) for t in at.main.get("table") for v in t.value[t.value.columns[1]]]       # each link's state
    assert not escaped(texts), escaped(texts)
    assert "⟦waiting⟧" in texts


def test_nothing_on_the_live_tally_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Live tally in the club's language: the counts, the verdicts under the policy, each
    pollee's answers, the verbal form (calls and typed comments excepted)."""
    poll = services.create_poll(slam, "Matchpoints. Your call?", alternatives=("P",), q4_enabled=True)
    services.issue_invites(poll.id, ["Ann"])
    for call in ("P", "P", "6D", "P", "6D"):
        services.record_verbal_vote(poll.id, call, ["P"] if call == "6D" else [], None, None, "", "club")
    at = pseudo_app(monkeypatch)
    at.session_state["case_id"] = slam
    at.switch_page("ui/tally.py").run()
    assert not at.exception, at.exception
    case = cases.get_case(slam).case
    texts = [t for t in main_texts(at.main) if t != case.title] + [m.label for m in at.main.get("metric")]
    texts += [str(v) for t in at.main.get("table") for col in t.value.columns for v in t.value[col]
              if isinstance(v, str) and v not in ("club", "")]
    assert not escaped(texts), escaped(texts)
    assert "⟦Answers counted⟧" in texts and "⟦LA⟧" in texts


def test_nothing_on_the_panel_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Panel page in the club's language: its table's columns and states, its forms."""
    panel.add_pollee("Anna", "expert", "email", "anna@example.org", language="nl")
    at = pseudo_app(monkeypatch)
    at.switch_page("ui/panel.py").run()
    assert not at.exception, at.exception
    texts = [t for t in main_texts(at.main) if not t.startswith("Anna")]
    shown = at.main.dataframe[0].value
    texts += [str(c) for c in shown.columns]
    texts += [str(v) for col in shown.columns for v in shown[col] if isinstance(v, str)
              and v not in ("Anna", "anna@example.org", "Nederlands")]
    assert not escaped(texts), escaped(texts)
    assert "⟦expert⟧" in texts and "⟦email⟧" in texts


def test_nothing_on_the_poll_builder_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Poll builder in the club's language: its choices, its fields, the wording check's
    finding's label, the preview's heading (the preview itself is the pollee's page, in the poll's
    language)."""
    at = pseudo_app(monkeypatch)
    at.session_state["case_id"] = slam
    at.switch_page("ui/poll_builder.py").run()
    at.text_area(key="pb_wording").set_value("Partner hesitated. What do you call?").run()
    assert not at.exception, at.exception
    case = cases.get_case(slam).case
    texts = [t for t in main_texts(at.main) if t != case.title]
    texts += [o for w in at.main.get("radio") for o in w.options]
    assert not escaped(texts), escaped(texts)
    assert any("⟦The introduction⟧" in t for t in texts), texts         # the wording check's finding, labelled


def test_the_report_s_simulation_section_speaks_the_report_s_language():
    """Point 4: the simulation section and its chart were English in every report."""
    from dataclasses import replace
    from analysis.law.case.simulation import SimulationSettings
    from reports.content import Chart, Heading, Table, Text, report_for_file
    case = case_files.loads((CASES / "laws033-6d-slam.json").read_text())
    case = replace(case, simulation=SimulationSettings(deals=20, seed=3))
    report = report_for_file(case, language("fr"))
    start = next(i for i, b in enumerate(report.blocks) if isinstance(b, Heading) and b.text.startswith("Simulation"))
    end = next(i for i, b in enumerate(report.blocks) if i > start and isinstance(b, Heading))
    section = report.blocks[start:end]
    words = " ".join(b.text for b in section if isinstance(b, (Heading, Text)))
    assert "Simulation : les mains cachées, distribuées" in words and "Graine 3." in words
    assert "avec la déduction : 20 donnes sur 20" in words.lower()
    assert "Question 3, éléments : Avec la déduction, 6♦ bat Passe sur" in words
    # the director's typed reason stays as typed; the inference preset's words are still English
    assert not re.search(r"\b(?:deals|with the inference|beats|Seed|the director's finding)\b", words), words
    table = next(b for b in section if isinstance(b, Table) and "moyenne sans" in " ".join(map(str, b.columns)))
    assert "6♦ meilleur, avec" in table.columns
    chart = next(b for b in section if isinstance(b, Chart))
    assert chart.alt.startswith("Simulation : Avec la déduction")


def test_a_1997_method_is_named_in_the_report_s_language():
    """Point 4: "with Law 12C2 (1997) for the offenders" stayed English in a French report."""
    from reports.content import Text, report_for_file
    report = report_for_file(case_files.loads((CASES / "laws033-6d-slam.json").read_text()), language("fr"))
    words = " ".join(b.text for b in report.blocks if isinstance(b, Text))
    assert "ACBL Laws Commission, 1992 (LAWS.033), avec la Loi 12C2 (1997) pour les fautifs" in words
    assert "for the offenders" not in words


def test_the_serious_error_arithmetic_is_in_the_report_s_language():
    """Point 4: the serious-error split's arithmetic and the offenders' line stayed English."""
    from reports.content import Table, report_for_file
    case = case_files.loads((CASES / "kooijman-serious-error-imps.json").read_text())
    report = report_for_file(case, language("fr"))
    cells = " ".join(str(c) for b in report.blocks if isinstance(b, Table) for row in b.rows for c in row)
    assert "les fautifs reçoivent le score de la seule conséquence de l'infraction (N)" in cells
    assert "A (réel)" in cells and "dommage consécutif" in cells and "consequence only" not in cells


def ruling_page_texts(record: int, monkeypatch):
    """The Ruling page of ``record`` under the made-up catalog, and the texts its main area writes
    (the case's title and the simulation's seed are data)."""
    at = pseudo_app(monkeypatch)
    at.session_state["case_id"] = record
    at.switch_page("ui/ruling.py").run()
    assert not at.exception, at.exception
    title = cases.get_case(record).case.title
    return at, [t for t in main_texts(at.main) if t != title and not t.startswith("Seed")]


def test_nothing_on_a_decided_ruling_s_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Ruling page of a closed case in the club's language: the ruling in force, its four
    questions, the verdicts, how the scores were reached, the report's controls."""
    cases.set_status(slam, "closed", "tess", "ruled and read to the players")
    at, texts = ruling_page_texts(slam, monkeypatch)
    texts += [m.label for m in at.main.get("metric")]
    assert not escaped(texts), escaped(texts)
    assert "⟦The four questions, with the reasons⟧" in texts and "⟦The ruling as read to the players⟧" in texts


def test_nothing_on_the_accounts_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Accounts page in the club's language: the members' table, the forms, the club's rules
    with their sources."""
    at = pseudo_app(monkeypatch)
    at.switch_page("ui/accounts.py").run()
    assert not at.exception, at.exception
    club = organisations.get_organisation(organisations.DEFAULT_ORGANISATION)
    texts = [t for t in main_texts(at.main) if club.name not in t]
    from analysis.law.laws.regulations import AUTHORITIES          # the authorities' own initials
    texts += [o for w in at.main.get("selectbox") for o in w.options
              if o not in ("tess", *AUTHORITIES) and not o.isdigit()]
    texts += [str(v) for t in at.main.get("table") for col in t.value.columns[2:] for v in t.value[col]]
    escaped_texts = [t for t in escaped(texts) if t not in {language(c).name for c in shipped_languages()}]
    assert not escaped_texts, escaped_texts
    assert "⟦director⟧" in texts


def test_nothing_on_the_appeal_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Appeal page in the club's language for a committee member: the tabs, the question put
    to the committee, the vote's form and the ruling under appeal."""
    from polling import accounts
    cases.set_status(slam, "appealed", "tess", "North-South appeal")
    at = pseudo_app(monkeypatch)
    at.session_state["huddle_user"] = accounts.create_user("cora", "appeals-room", "committee", "Cora")
    at.session_state["case_id"] = slam
    at.session_state["appeal_tab"] = "⟦Votes and decision⟧"
    at.switch_page("ui/committee.py").run()
    assert not at.exception, at.exception
    case = cases.get_case(slam).case
    texts = [t for t in main_texts(at.main) if t != case.title and "HCP" not in t]
    texts += [o for w in at.main.get("radio") for o in w.options]
    assert not escaped(texts), escaped(texts)
    assert any(t.startswith("⟦To decide") for t in texts) and "⟦Record my vote⟧" in texts
    at.session_state["appeal_tab"] = "⟦Try a change⟧"         # the ruling with the member's change, in her language
    at.run()
    assert not at.exception, at.exception
    tried = [t.value for t in at.main.text]
    english = [line for line in rule(case).text.splitlines() if re.search(r"[a-z]{4}", line) and line != f"{case.title}."]
    shown = {line.strip() for t in tried for line in t.splitlines()}
    left = [line for line in english if line.strip() in shown]
    assert tried and not left, left


def test_nothing_on_the_case_editor_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Case editor in the club's language: a new case's every field, its help and its choices."""
    at = pseudo_app(monkeypatch)
    at.switch_page("ui/case_editor.py").run()
    at.selectbox(key="ed_irr_type").set_value("hesitation").run()
    assert not at.exception, at.exception
    texts = main_texts(at.main)
    texts += [o for kind in ("radio", "selectbox") for w in at.main.get(kind) for o in w.options
              if o not in ("—", "") and not o[:1].isdigit()]
    assert not escaped(texts), escaped(texts)
    assert "⟦The irregularity⟧" in texts and "⟦hesitation (a break in tempo)⟧" in texts


def test_nothing_on_the_ruling_worksheet_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Ruling page of a case still open: the director's worksheet as she fills it in (where the
    counts come from, the policy, the four questions, the outcome tree, the procedural penalty),
    and the simulation's settings with each call's reading, its source, the usual inference and
    the hand descriptions, said in the club's language."""
    at, texts = ruling_page_texts(slam, monkeypatch)
    names = {language(c).name for c in shipped_languages()}                   # each language by its own name
    texts += [o for kind in ("radio", "selectbox") for w in at.main.get(kind) for o in w.options if o not in names]
    assert not escaped(texts), escaped(texts)
    assert "⟦Where the counts come from⟧" in texts and "⟦4. Damage⟧" in texts and "⟦The usual inference⟧" in texts
    assert any("HCP⟧" in t for t in texts), texts                              # a hand, in words


def test_nothing_on_the_research_page_escapes_the_catalog(slam, pseudo_language, monkeypatch):
    """The Research page for a researcher of the club: the corpus, its summary, the tabs, the
    policy and the stopping rule's form."""
    from polling import accounts
    pseudo_app(monkeypatch)
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    rhea = accounts.create_user("rhea", "significant-share", "researcher", "Rhea")
    texts: list[str] = []
    for tab in ("⟦Implied thresholds⟧", "⟦Operating characteristics⟧", "⟦Sensitivity⟧",
                "⟦When can the director stop polling?⟧"):           # each tab drawn when opened: one run each
        at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
        at.session_state["huddle_user"] = rhea
        at.session_state["research_tab"] = tab
        at.switch_page("ui/research.py").run()
        assert not at.exception, at.exception
        texts += [e.value for kind in ("caption", "warning", "info", "markdown") for e in at.main.get(kind)]
        texts += [w.label for kind in ("radio", "selectbox", "number_input", "multiselect", "slider", "metric",
                                       "expander") for w in at.main.get(kind)]
        texts += [o for w in at.main.get("radio") for o in w.options]
        for shown in at.main.get("table"):                 # the tables: their columns and the words in them
            frame = shown.value
            texts += [str(c) for c in frame.columns]
            texts += [str(v) for c in frame.columns if c not in ("⟦Case⟧", "⟦Action⟧")
                      for v in frame[c] if isinstance(v, str)]
    assert not escaped(texts), escaped(texts)
    assert "⟦Corpus⟧" in texts and "⟦Pollees planned⟧" in texts and "⟦Decisions by⟧" in texts
    assert "⟦Why it is left out⟧" in texts and "⟦Ruled an LA⟧" in texts and "⟦yes⟧" in texts
    assert any(t.startswith("⟦⟦") and "left out of the fits" in t for t in texts)    # the engine's own notes too


def test_a_sentence_ends_in_one_full_stop_whatever_was_typed():
    """Before: a kept wording's reason typed with its own stop read "…the pollee..": one stop only."""
    from analysis.language import sentence
    assert [sentence(t) for t in ("kept", "kept.", "kept?", "kept …", "")] == ["kept.", "kept.", "kept?", "kept …", ""]


def test_french_never_writes_de_before_a_seat_it_would_elide():
    """« de Est » is wrong French (« d'Est »): no French message puts "de" or "que" before a seat."""
    wrong = [m.id for m in catalog("fr") if m.id and isinstance(m.string, str)
             and re.search(r"\b(de|que|le) \{(seat|side|caller)\}", m.string)]
    assert not wrong, wrong


def test_the_refusals_met_filling_in_a_tree_a_deal_or_a_penalty_are_said_in_the_page_s_language():
    """Before: every refusal was English on every page. These are catalog messages now; a page
    shows them through analysis.language.said (ui.widgets.show_error)."""
    from fractions import Fraction
    from analysis.bridge.deal import parse_deal
    from analysis.errors import HuddleInputError
    from analysis.language import said
    from analysis.law.adjustment.outcome_tree import tree_from_rows
    from analysis.law.adjustment.penalties import ProceduralPenalty
    rows = [{"action": "P", "action_weight": "3/4", "contract": "4S", "declarer": "S", "tricks": "10"}]
    with pytest.raises(HuddleInputError) as tree:
        tree_from_rows(rows, "None", "outcome tree")
    assert said(tree.value, language("fr")) == "les poids font 3/4, pas 1"
    with pytest.raises(HuddleInputError) as deal:
        parse_deal("N:AK97.Q64.A53.K8 QJ4.JT83.K96.Q73 T852.A97.QJ7.A54 63.K52.T842.JT962")
    assert said(deal.value, language("de")) == "Nord hat 12 Karten"
    with pytest.raises(HuddleInputError) as penalty:
        ProceduralPenalty("EW", Fraction(0), "matchpoints", "director", "late")
    assert said(penalty.value, language("nl")) == "0 moet groter zijn dan 0"
    assert str(tree.value) == "weights of the alternatives: weights sum to 3/4, not 1"       # English as it was


# Modules whose refusals only the command line meets: it speaks English (`huddle rule` and `huddle
# report` take --language for what they write, not for a mistake; backups and data packages are its own).
ENGLISH_ONLY = ("huddle/cli/commands/", "polling/backups.py", "analysis/research/packages.py")
PROBLEM_AT = {"HuddleInputError": 1, "_Refused": 1, "commit_or_refuse": 2, "needed": 2}


def test_every_refusal_a_page_can_show_is_a_catalog_message():
    """Before: some 385 refusals were English f-strings, said in English on a French page ("'abc'
    is not a score …"). Each refusal's problem is now a message (M_, N_ or a Message built from
    one), so a page says it in its language; an f-string or a bare literal would stay English."""
    import ast
    english = []
    for folder in ("analysis", "polling", "reports", "ui", "huddle"):
        for path in (ROOT / folder).rglob("*.py"):
            where = str(path.relative_to(ROOT))
            if where.startswith(ENGLISH_ONLY):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                name = getattr(node, "func", None) and getattr(node.func, "id", getattr(node.func, "attr", ""))
                at = PROBLEM_AT.get(name)              # where the call takes the problem it refuses with
                if at is not None and len(node.args) > at \
                        and isinstance(node.args[at], (ast.JoinedStr, ast.Constant, ast.BinOp)):
                    english.append(f"{where}:{node.lineno}")
    assert not english, english


def test_refusals_from_the_engine_are_said_in_each_language():
    from analysis.bridge.hands import HandRange
    from analysis.bridge.scoring import PlayedContract, parse_score
    from analysis.language import said
    from analysis.limits import loads_json
    refusals = {}
    for name, attempt in {"score": lambda: parse_score("4 hearts"),
                          "contract": lambda: PlayedContract.parse("7NT-14", "S"),
                          "json": lambda: loads_json('{"board": NaN}', "case file"),
                          "hand": lambda: HandRange.parse("20+ HCP, 8+ spades, balanced").checked()}.items():
        with pytest.raises(HuddleInputError) as refused:
            attempt()
        refusals[name] = refused.value
    assert str(refusals["score"]) == "score: '4 hearts' is not a score (a whole number such as 420 or -50)"    # English as it was
    assert said(refusals["score"], language("fr")) == "« 4 hearts » n'est pas un score (un nombre entier comme 420 ou -50)"
    assert said(refusals["contract"], language("de")) == "„7NT-14“ ist 14 Faller; 7SA kann höchstens 13 Faller haben"
    assert said(refusals["json"], language("nl")) == "„NaN” is geen getal dat een bestand mag bevatten"
    assert refusals["json"].field == "case file"                 # the file named, the message kept
    assert said(refusals["hand"], language("fr")).startswith("aucune main n'est « ")
    assert "régulière avec une couleur de six cartes ou plus" in said(refusals["hand"], language("fr"))


def test_a_refusal_crosses_to_a_worker_process_and_back_still_a_message():
    """A file is read on the heavy-work workers: a refusal there comes back through a pipe (pickled)
    and is said in the page's language, not in the English it was stored in."""
    import pickle
    from analysis.language import said
    from analysis.bridge.scoring import parse_score
    with pytest.raises(HuddleInputError) as refused:
        parse_score("12345678")
    exc = refused.value
    back = pickle.loads(pickle.dumps((exc.named, exc.template, exc.values)))
    again = HuddleInputError(back[0], back[1], **back[2])
    assert said(again, language("de")) == said(exc, language("de")) == "„12345678“ ist kein Ergebnis (eine ganze Zahl wie 420 oder -50)"


BOARD_READ_AND_ONE_NOT = """[Event "Club pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.A97.QJ7.A54 63.K52.T842.JT96"]

[Event "Club pairs"]
[Board "2"]
[Dealer "E"]
[Vulnerable "Sometimes"]
[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.A97.QJ7.A54 63.K52.T842.JT96"]
"""


def test_a_file_s_unread_board_and_a_refused_file_are_said_on_the_case_editor(slam, pseudo_language, monkeypatch):
    """Before: the Case editor said in English which boards of a file it could not read and why
    ("board 2 (game 2 of the file), line 10: [Vulnerable "Sometimes"] is not …"), and a file it
    refused as a whole. Under the made-up catalog each is a catalog message."""
    at = pseudo_app(monkeypatch)
    at.switch_page("ui/case_editor.py").run()
    at.text_area(key="ed_pbn").input(BOARD_READ_AND_ONE_NOT).run()
    at.button(key="ed_pbn_read").click().run()
    assert not at.exception, at.exception
    warnings = [w.value for w in at.main.warning]
    assert any("Sometimes" in w for w in warnings), warnings
    assert not escaped(warnings), escaped(warnings)
    at.text_area(key="ed_pbn").input('[Board "1"]\n[Deal "N:AK97.Q64.A53.K82 - - -"]\n[Dealer "Q"]\n').run()
    at.button(key="ed_pbn_read").click().run()
    errors = [e.value for e in at.main.error]
    assert errors and not escaped(errors), errors


def test_a_file_s_unread_board_is_said_in_french():
    from analysis.files.games import read_games
    read = read_games(BOARD_READ_AND_ONE_NOT, "club.pbn", ENGLISH)
    assert len(read.games) == 1 and len(read.problems) == 1
    said_fr = language("fr").say(read.problems[0].words())
    assert said_fr.startswith("donne 2 (partie 2 du fichier), ligne 10 : [Vulnerable \"Sometimes\"] n'est pas None"), said_fr
    assert str(read.problems[0]).startswith("board 2 (game 2 of the file), line 10: [Vulnerable \"Sometimes\"] is not None")


def test_a_method_the_edition_lacks_is_named_mid_sentence_as_each_language_writes_it():
    """English and French lower a title inside a sentence; German keeps its nouns' capitals."""
    import dataclasses
    from analysis.language import said
    case = dataclasses.replace(case_files.loads((CASES / "kooijman-serious-error-imps.json").read_text()), laws="1997")
    with pytest.raises(HuddleInputError) as refused:
        rule(case)
    assert "the 1997 Laws have no 'serious-error split' method" in str(refused.value)
    assert said(refused.value, language("fr")).startswith("les Lois de 1997 n'ont pas de méthode « partage après erreur grave » (")
    assert said(refused.value, language("de")).startswith("die Regeln von 1997 kennen die Methode „Aufteilung nach schwerem Fehler“ nicht")
    assert "„Ergebnis am Tisch bleibt“" in said(refused.value, language("de"))


@pytest.mark.parametrize("code", SHIPPED)
def test_a_hand_description_is_typed_in_the_page_s_language_and_read_back(code):
    """Before: the simulation's readings were shown and typed in English words ("15-17 HCP,
    balanced") on a French page. Each is shown as the language says it and read back from it, with
    the language's suit names and letters; English is still read."""
    from analysis.bridge.hands import HandRange
    lang = language(code)
    for text in ("15-17 HCP, balanced", "12+ HCP, 5+ spades", "at most 11 HCP, at most 2 clubs", "6-10 HCP, 6+ hearts",
                 "4-5 diamonds, 20+ HCP", "3 hearts", "any"):
        hand = HandRange.parse(text)
        said_there = lang.say(hand.words())
        assert HandRange.read(said_there, lang) == hand, (text, said_there)
        assert HandRange.read(text, lang) == hand                  # English too
    named = {"fr": "5+ piques, au plus 2 trèfles", "de": "5+ Pik, höchstens 2 Kreuz", "nl": "5+ schoppen, hoogstens 2 klaveren"}
    if code in named:
        assert HandRange.read(named[code], lang) == HandRange.parse("5+ spades, at most 2 clubs")
    with pytest.raises(HuddleInputError) as refused:
        HandRange.read("lots of spades", lang)
    assert "15-17" in lang.say(HuddleInputError(refused.value.named, refused.value.template, **refused.value.values).problem_message)


def test_the_simulation_form_shows_the_readings_in_the_club_s_language(slam, monkeypatch):
    """The Ruling page's simulation settings: a French club's director reads and types partner's hand
    in French ("15–17 H, régulière"), not in English."""
    at = club_app(monkeypatch, "fr")
    at.session_state["case_id"] = slam
    at.switch_page("ui/ruling.py").run()
    assert not at.exception, at.exception
    label = "La main du partenaire telle que l'information non autorisée la suggère"
    inference = [w for w in at.main.get("text_input") if w.label == label]
    assert inference, [w.label for w in at.main.get("text_input")]
    shown = inference[0].value
    assert " H" in shown and "HCP" not in shown, shown                      # "… 0–7 H …", not "0–7 HCP"


def test_a_member_of_the_committee_is_turned_away_from_a_director_s_page_in_her_language(slam):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from polling import accounts
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "de")
    member = accounts.create_user("cora", "committee-pass", "committee")
    at = AppTest.from_file(str(ROOT / "ui" / "case_editor.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = member
    at.run()
    assert at.error[0].value == ("Diese Seite ist für Turnierleiter; Sie sind als Mitglied des Schiedsgerichts angemeldet."), \
        at.error[0].value


@pytest.mark.page_failure_expected
def test_a_page_that_fails_apologises_in_the_reader_s_language(slam, monkeypatch):
    """Before: the apology of a failing page was English whatever the club's language."""
    def broken(*args, **kwargs):
        raise RuntimeError("a fault deep in the server")
    monkeypatch.setattr(panel, "panel", broken)
    at = club_app(monkeypatch, "fr")
    at.switch_page("ui/panel.py").run()
    message = at.error[0].value
    assert message.startswith("Désolé, cette page n'a pas pu être affichée.") and "a fault deep" not in message, message


def test_the_sign_in_page_speaks_the_visitor_s_browser_s_language(sqlite_url, monkeypatch):
    """Before: the sign-in page and the first director's were English whatever the visitor read;
    they are met before Huddle knows whose account it is, so they follow the browser."""
    from starlette.applications import Starlette
    from starlette.testclient import TestClient
    from huddle.web.server import ROUTES
    from polling import accounts
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "sign-in")
    setup.prepare_database(load_examples=False)
    with TestClient(Starlette(routes=ROUTES), base_url="http://127.0.0.1") as client:
        first = client.get("/auth/login", headers={"Accept-Language": "fr-BE,fr;q=0.9"})
        assert '<html lang="fr">' in first.text and "Bienvenue dans Huddle" in first.text
        assert "Créer le premier arbitre" in first.text and "Create the first director" not in first.text
        refused = client.post("/auth/first-director", headers={"Accept-Language": "nl", "Origin": "http://127.0.0.1"},
                              data={"username": "tess", "password": "bidding-box-1", "again": "bidding-box-2"},
                              follow_redirects=False)
        assert refused.status_code == 303 and "installatiecode%3A+vanaf+een+ander+apparaat" in refused.headers["location"]
        accounts.create_user("tess", "bidding-box-1", "director")
        german = client.get("/auth/login?signin=failed", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
        assert '<html lang="de">' in german.text and "Anmelden" in german.text and "Passwort" in german.text
        assert "Benutzername oder Passwort ist falsch" in german.text and "User name" not in german.text
        english = client.get("/auth/login", headers={"Accept-Language": "ja"})
        assert '<html lang="en">' in english.text and "User name" in english.text


def test_a_case_s_history_is_said_in_the_reader_s_language(slam):
    """Before: the Case page's history ("status open → ruled: ruling version 1", "changed notes")
    was English on a French page. Each change keeps its message beside the English summary, which
    stays for the command line and for changes kept before."""
    from polling import rulings
    record = cases.get_case(slam)
    rulings.save_ruling(slam, record.case.ruling, "tess")
    cases.set_status(slam, "closed", "tess", "read to the players")
    history = cases.history(slam)
    english = [c.summary for c in history]
    french = [language("fr").say(cases.change_words(c)) for c in history]
    assert english[-1] == "status ruled → closed: read to the players"
    assert french[-1] == "état jugé → clos : read to the players", french
    assert any(s.startswith("décision version ") for s in french), french
    assert [str(cases.change_words(c)) for c in history] == english        # English as it was
    with db.writing() as session:                                          # a change kept before its message was
        old = session.get(type(history[0]), history[0].id)
        old.words = None
        session.add(old)
        session.commit()
    assert language("fr").say(cases.change_words(cases.history(slam)[0])) == english[0]


def test_the_first_director_names_the_club_and_its_language_and_every_page_after_speaks_it(sqlite_url, monkeypatch):
    """Before: the club stayed "Our club" in English until the Accounts page was found (or the
    command line renamed it). The first director's form names both, refused before any account
    is made when the name will not do."""
    from starlette.applications import Starlette
    from starlette.testclient import TestClient
    from huddle.web.server import ROUTES
    from polling import accounts
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "first-club")
    setup.prepare_database(load_examples=False)
    with TestClient(Starlette(routes=ROUTES), base_url="http://127.0.0.1") as client:
        form = client.get("/auth/login", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
        assert 'name="club"' in form and '<option value="de" selected>Deutsch</option>' in form
        first = {"username": "tess", "password": "bidding-box-1", "again": "bidding-box-1",
                 "code": accounts.first_director_code()}
        refused = client.post("/auth/first-director", headers={"Origin": "http://127.0.0.1"},
                              data={**first, "club": "x" * 121, "language": "de"}, follow_redirects=False)
        assert refused.status_code == 303 and "first_error" in refused.headers["location"]
        assert not accounts.has_users() and organisations.get_organisation(organisations.DEFAULT_ORGANISATION).name \
            == "Our club"
        made = client.post("/auth/first-director", headers={"Origin": "http://127.0.0.1"},
                           data={**first, "club": "Bridgeclub Leiden", "language": "nl"}, follow_redirects=False)
        assert made.status_code == 303 and "huddle_session=" in made.headers["set-cookie"]
    club = organisations.get_organisation(organisations.DEFAULT_ORGANISATION)
    assert (club.name, club.language) == ("Bridgeclub Leiden", "nl")
