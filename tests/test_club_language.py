"""What a director types is read in her club's language and in English, by one vocabulary: every
bridge word of every shipped language read back through every input (the auction line and the
grid, hands and cards, contracts and results, the outcome tree, counts, the calculator); where a
letter means one thing in English and another in her language, hers wins and the page shows
what it read; a word neither reads is refused with examples that are never the word refused; a
made-up language that renames every word is read as well as a shipped one; each bridge word is one
catalog entry."""
import itertools
import re

import pytest
from babel.messages.pofile import read_po, write_po

from analysis.bridge.auction import read_auction_line
from analysis.bridge.scoring import PlayedContract
from analysis.errors import HuddleInputError
from analysis.language import ENGLISH, language, said, shipped_languages
from analysis.language.fields import refusal_words
from analysis.law.questions.logical_alternatives import counts_from_text, read_action
from analysis.law.adjustment.outcome_tree import read_rows, shown_rows
from analysis.vocabulary import (ALL_PASS, DEALER, LAW, LAWS, PHRASES, SUITS, WORD_SETS, Call, CaseKind, Penalty, Rank,
                                 ScoringForm, Seat, Side, Strain, TempoWords, Vulnerability, card_said, choice_said, folded,
                                 read_card, read_choice, read_contract, read_hand, spellings)
from conftest import ROOT

SHIPPED = tuple(shipped_languages())
LOCALES = ROOT / "analysis" / "language" / "locale"
CONTRACTS = [f"{level}{strain}{penalty}{result}" for level in (1, 4, 7) for strain in ("C", "D", "H", "S", "NT")
             for penalty in ("", "X", "XX") for result in ("=", "-1") if not (level == 7 and result == "+1")]


# ---------------------------------------------------------------- every word, every input

@pytest.mark.parametrize("code", SHIPPED)
def test_every_word_of_every_set_reads_back_as_itself(code):
    """Each spelling a language gives a word reads as that word in that language (the club's
    spelling wins over English where they clash)."""
    lang = language(code)
    for kind in WORD_SETS:
        for member in kind:
            assert kind.lookup(member.said(lang), lang) is member, (kind, member, member.said(lang))
            own = [s for s in member.spelt(lang) if kind.lookup(s, lang) is not member]
            assert not own, (kind.__name__, member, own)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_call_contract_card_and_hand_said_is_read_back(code):
    lang = language(code)
    for call in Call:
        assert Call.read(call.said(lang), lang) is call
    for contract in CONTRACTS:
        bid = re.match(r"\d(?:NT|[CDHS])", contract)[0]
        shown = Call(bid).said(lang) + contract[len(bid):]
        assert read_contract(shown, lang) == contract, shown
        assert PlayedContract.read(shown, "S", lang) == PlayedContract.parse(contract, "S")
    for suit, rank in itertools.product(SUITS, Rank):
        card = suit.value + rank.value
        assert read_card(card_said(card, lang), lang) == card
        for key in (card, suit.value + "x"):
            assert read_choice(choice_said(key, lang), lang) == key
    hand = "AKQT.J98.765.432"
    shown = "".join(Rank(r).said(lang) if r != "." else r for r in hand)
    assert read_hand(shown, lang) == hand


@pytest.mark.parametrize("code", SHIPPED)
def test_the_tree_the_counts_and_the_auction_line_read_each_language(code):
    lang = language(code)
    rows = [{"action": a, "contract": c, "declarer": d, "action_weight": "1/2", "contract_weight": "1", "tricks": 10,
             "tricks_weight": "1"} for a, c, d in (("P", "4S", "W"), ("X", "4SX", "E"), ("SK", "PASS", "N"))]
    assert read_rows(shown_rows(rows, lang), lang) == rows
    typed = " ".join(f"{Call(c).said(lang)}={n}" for c, n in (("P", 4), ("3H", 3), ("X", 1)))
    assert counts_from_text(typed, "counts", lang) == {"P": ("P", 4), "3H": ("3H", 3), "X": ("X", 1)}
    line = " ".join(Call(c).said(lang) for c in ("1H", "X", "XX", "1NT", "P", "P", "P"))
    assert [c.call for c in read_auction_line(line, "N", lang).calls] == ["1H", "X", "XX", "1NT", "P", "P", "P"]
    ended = read_auction_line(f"{Call('1S').said(lang)} {Call.P.said(lang)} {ALL_PASS.said(lang)}", "N", lang)
    assert [c.call for c in ended.calls] == ["1S", "P", "P", "P"]


# ---------------------------------------------------------------- the club's letters win

def test_the_german_evening_4C_is_coeur_and_4T_is_treff():
    """At the table a German director types 4C= under an auction Huddle reads as Coeur: the case
    stores 4♥, never 4♣ beside a 4♥ contract."""
    de = language("de")
    assert read_contract("4C=", de) == "4H=" and read_contract("4T=", de) == "4C=" and read_contract("4K-1", de) == "4D-1"
    assert read_contract("3SA+1", de) == "3NT+1" and read_contract("4P-1", de) == "4S-1"
    assert read_contract("4C=", ENGLISH) == "4C="
    fr = language("fr")
    assert read_contract("3C+1", fr) == "3H+1" and read_contract("4P-1", fr) == "4S-1" and read_contract("3SA", fr) == "3NT"
    nl = language("nl")
    assert read_contract("4R=", nl) == "4D=" and read_contract("4K=", nl) == "4C="
    assert PlayedContract.read("4C=", "S", de).ns_score("none") == 420


def test_cards_and_hands_in_the_club_s_letters():
    assert read_hand("RD97.D64.A53.R82", language("fr")) == "KQ97.Q64.A53.K82"
    assert read_hand("AKD7.B64.A53.K82", language("de")) == "AKQ7.J64.A53.K82"
    assert read_hand("AHV7.B64.A53.H82", language("nl")) == "AKQ7.J64.A53.K82"
    assert read_card("♠R", language("fr")) == "SK" and read_card("KD", language("de")) == "DQ"
    assert read_card("HH", language("nl")) == "HK"
    assert Seat.read("Ouest", language("fr")) is Seat.W and Seat.read("O", language("fr")) is Seat.W
    assert Seat.read("O", language("de")) is Seat.E and Seat.read("Oost", language("nl")) is Seat.E
    assert Side.read("NZ", language("nl")) is Side.NS and Side.read("E-O", language("fr")) is Side.EW
    assert Vulnerability.read("Alle", language("de")) is Vulnerability.BOTH


@pytest.mark.parametrize("code, note, seconds", [
    ("de", "20 Sek.", 20), ("de", "Zögern, etwa 20 Sekunden", 20), ("de", "langsam 20s", 20),
    ("fr", "hésitation 12 secondes", 12), ("fr", "environ 8 s", 8), ("nl", "aarzeling, ongeveer 15 seconden", 15),
    ("en", "slow 10s", 10)])
def test_a_tempo_note_in_the_club_s_words_is_the_tempo_mark(code, note, seconds):
    lang = language(code)
    (call,) = read_auction_line(f"{Call.P.said(lang)}({note})", "N", lang).calls
    assert call.tempo_break and call.tempo_seconds == seconds and call.explanation is None
    from analysis.bridge.auction import annotated_call
    read = annotated_call("P", note, lang)
    assert read.tempo_break and read.tempo_seconds == seconds and not read.alerted


def test_a_club_writes_the_end_of_an_auction_in_its_own_words():
    for code, words in (("fr", "passe tout"), ("de", "alle passen"), ("nl", "allen passen"), ("en", "all pass")):
        calls = read_auction_line(f"1♠ {words}", "N", language(code)).calls
        assert [c.call for c in calls] == ["1S", "P", "P", "P"], code


# ---------------------------------------------------------------- refusals

@pytest.mark.parametrize("code", SHIPPED)
def test_a_refusal_never_gives_the_refused_word_as_its_example(code):
    lang = language(code)
    for kind, typed in ((Call, "Zorba"), (Seat, "Q"), (Strain, "Y"), (Vulnerability, "Q")):
        with pytest.raises(HuddleInputError) as refused:
            kind.read(typed, lang, "field")
        assert typed in said(refused.value, lang)
    other = next(c for c in SHIPPED if c != code)        # another language's Pass, where it is no word here
    for word in spellings(Call.P.entry(language(other))):
        if Call.lookup(word, lang) is None:
            with pytest.raises(HuddleInputError) as refused:
                Call.read(word, lang, "call")
            examples = said(refused.value, lang).split("(", 1)[1]
            assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", examples), said(refused.value, lang)
    with pytest.raises(HuddleInputError) as refused:
        read_card("♠Y", lang)
    assert "♠Y" not in said(refused.value, lang).split("(", 1)[1]


def test_the_tree_refuses_a_seat_in_words_and_never_cuts_it_to_a_letter():
    fr = language("fr")
    rows = [{"action": "Passe", "contract": "3P", "declarer": "Ouest", "action_weight": "1"}]
    assert read_rows(rows, fr)[0] == {**rows[0], "action": "P", "contract": "3S", "declarer": "W"}
    with pytest.raises(HuddleInputError) as refused:
        read_rows([{"action": "Passe", "contract": "3P", "declarer": "Oust"}], fr)
    shown = refusal_words(refused.value, fr)
    assert "Oust" in shown and "déclarant" in shown.lower(), shown


def test_a_misinformation_path_s_counts_in_french_are_read_not_crashed_on():
    assert counts_from_text("Passe=4 3H=3", "counts", language("fr")) == {"P": ("P", 4), "3H": ("3H", 3)}
    assert counts_from_text("Passe=4 3C=3", "counts", language("fr")) == {"P": ("P", 4), "3H": ("3H", 3)}
    assert read_action("un petit ♠", language("fr")) == "Sx"


# ---------------------------------------------------------------- a made-up language

def _made_up(tmp_path, monkeypatch):
    """A language "xq" whose catalog renames every word of the vocabulary (and nothing else)."""
    import analysis.language as languages
    from analysis.vocabulary import word as words
    with (LOCALES / "huddle.pot").open("rb") as f:
        template = read_po(f)
    contexts = {ctx for kind in WORD_SETS for table in ("WORDS", "ALSO", "LETTERS", "NAMES")
                for ctx, _ in getattr(kind, table, {}).values()} | {p.context for p in PHRASES}
    letters = iter("ABCDEFGHIJKLMNOPQRSTUVWYZ")
    by_context: dict[str, dict] = {}
    for m in template:
        if not m.id or m.context not in contexts:
            continue
        shown = spellings(m.id)
        if m.context in ("seat letter", "strain letter", "card rank") and len(shown[0]) <= 2:
            by_context.setdefault(m.context, {})[m.id] = "Q" + next(letters) if m.context != "card rank" else \
                {"A": "Ä", "K": "Ö", "Q": "Ü", "J": "Ø", "10|T": "10"}[m.id]
        elif "{" in m.id:
            m.string = m.id.replace("by", "durch").replace("a low", "ein tiefes")
        else:
            m.string = "|".join("zz" + s for s in shown)
        if m.context in by_context and m.id in by_context[m.context]:
            m.string = by_context[m.context][m.id]
    folder = tmp_path / "xq" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for existing in LOCALES.iterdir():
        if (existing / "LC_MESSAGES" / "huddle.po").is_file():
            (tmp_path / existing.name / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
            (tmp_path / existing.name / "LC_MESSAGES" / "huddle.po").write_bytes(
                (existing / "LC_MESSAGES" / "huddle.po").read_bytes())
    with (folder / "huddle.po").open("wb") as f:
        write_po(f, template)
    monkeypatch.setattr(languages, "LOCALE_DIR", tmp_path)
    languages.shipped_languages.cache_clear()
    languages.language.cache_clear()
    words.reading_table.cache_clear()
    return languages.language("xq")


def test_a_new_language_is_a_catalog_and_reads_back_every_kind_of_input(tmp_path, monkeypatch):
    import analysis.language as languages
    try:
        xq = _made_up(tmp_path, monkeypatch)
        assert "xq" in languages.shipped_languages()
        assert Seat.W.said(xq) == "zzWest" and Call.P.said(xq) == "zzPass" and Call("3NT").said(xq).startswith("3Q")
        for kind in WORD_SETS:
            for member in kind:
                assert kind.lookup(member.said(xq), xq) is member
        for call in Call:
            assert Call.read(call.said(xq), xq) is call
        for contract in CONTRACTS:
            bid = re.match(r"\d(?:NT|[CDHS])", contract)[0]
            assert read_contract(Call(bid).said(xq) + contract[len(bid):], xq) == contract
        for card in ("SA", "HK", "DQ", "CJ", "ST", "H2"):
            assert read_card(card_said(card, xq), xq) == card
        assert read_hand("ÄÖÜ10.Ø98.765.432", xq) == "AKQT.J98.765.432"
        line = f"{Call('1H').said(xq)} {Call.X.said(xq)} {Call.P.said(xq)}(zzslow 12 zzs) {Call.P.said(xq)} " \
               f"{Call.P.said(xq)}"
        calls = read_auction_line(line, "N", xq).calls
        assert [c.call for c in calls] == ["1H", "X", "P", "P", "P"] and calls[2].tempo_seconds == 12
        rows = [{"action": "P", "contract": "4S", "declarer": "W", "action_weight": "1"}]
        assert read_rows(shown_rows(rows, xq), xq) == rows
        assert counts_from_text(f"{Call.P.said(xq)}=3 {Call('4S').said(xq)}=2", "counts", xq) == \
            {"P": ("P", 3), "4S": ("4S", 2)}
        assert PlayedContract.read(Call("4H").said(xq) + "=", "S", xq).ns_score("none") == 420
        assert TempoWords.of(xq).is_seconds("12 zzs")
    finally:
        languages.shipped_languages.cache_clear()
        languages.language.cache_clear()
        from analysis.vocabulary import word as words
        words.reading_table.cache_clear()


# ---------------------------------------------------------------- one entry a word

BRIDGE_WORDS = (Seat, Side, Strain, Rank, Call, Penalty, Vulnerability, ScoringForm, CaseKind)


def test_no_bridge_word_is_a_catalog_entry_twice():
    """Each bridge word of the vocabulary is one catalog entry: no other message of the template is
    the same word (in any case), so it cannot drift apart (German Teiler and Geber, Dutch Artikelen
    and Spelregels)."""
    with (LOCALES / "huddle.pot").open("rb") as f:
        template = [m for m in read_po(f) if m.id]
    entries = {entry for kind in BRIDGE_WORDS for table in ("WORDS", "LETTERS", "NAMES")
               for entry in getattr(kind, table, {}).values()} | {(p.context, p.entry) for p in (DEALER, LAW, LAWS, ALL_PASS)}
    assert entries <= {(m.context, m.id) for m in template}
    words = {folded(spellings(i)[0]): (c, i) for c, i in entries if len(spellings(i)[0]) > 2}
    twice = [(m.id, words[folded(m.id)]) for m in template
             if not m.context and isinstance(m.id, str) and folded(m.id) in words]
    assert not twice, twice

    assert language("de").dealer == "Teiler"


# ---------------------------------------------------------------- on the pages

@pytest.fixture
def german_director(sqlite_url, monkeypatch):
    from polling import accounts, organisations, setup
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    setup.prepare_database()
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "de")
    return accounts.create_user("greta", "bidding-box", "director", "Greta Turnierleiterin")


def _page(user, page):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = user
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_the_german_evening_at_the_table_stores_4_hearts_not_4_clubs(german_director):
    """Before: 4C= under an auction read as Coeur stored 4♣ by South, +130, beside 4♥ by East."""
    from polling import cases
    at = _page(german_director, "ui/intake.py")
    at.number_input(key="tbl_board").set_value(2).run()                  # East deals
    at.text_input(key="tbl_auction").set_value("1C P(20 Sek.) 4C alle passen").run()
    assert not at.error, [e.value for e in at.error]
    assert at.selectbox(key="tbl_at").value == 1                          # the slow pass, its seconds read
    at.text_input(key="tbl_result").set_value("4C=").run()
    assert at.selectbox(key="tbl_declarer_E").value == "E"                  # the auction's declarer, proposed
    assert any("4♥ gespielt von Ost" in c.value and "-420" in c.value for c in at.caption), \
        [c.value for c in at.caption]
    at.button(key="tbl_save").click().run()
    assert not at.error, [e.value for e in at.error]
    stored = cases.get_case(at.session_state["case_id"]).case
    assert stored.table_result.contract.strain == "H" and stored.table_result.contract.declarer == "E"
    assert stored.table_result.ns_score == -420 and stored.board.auction.calls[1].tempo_seconds == 20
    assert stored.source == "am Tisch aufgenommen" and stored.board.auction.calls[1].explanation is None


def test_a_table_result_that_differs_from_the_auction_is_said_and_kept_only_when_confirmed(german_director):
    from polling import db
    at = _page(german_director, "ui/intake.py")
    at.number_input(key="tbl_board").set_value(2).run()
    at.text_input(key="tbl_auction").set_value("1C P 4C alle passen").run()
    at.text_input(key="tbl_result").set_value("4T=").run()                # Treff: 4♣, not the auction's 4♥
    assert any("4♣ gespielt von Ost" in w.value and "4♥ gespielt von Ost" in w.value for w in at.warning), \
        [w.value for w in at.warning]
    before = len(db.case_index())
    at.button(key="tbl_save").click().run()
    assert at.error and len(db.case_index()) == before
    at.checkbox(key="tbl_result_kept").check().run()
    at.button(key="tbl_save").click().run()
    assert not at.error and len(db.case_index()) == before + 1


def test_the_case_editor_shows_and_reads_the_club_s_words(german_director):
    from polling import cases
    at = _page(german_director, "ui/case_editor.py")
    at.text_input(key="ed_title").set_value("Brett 2")
    at.selectbox(key="ed_dealer").set_value("E")
    at.text_input(key="ed_hand_N").set_value("AKD2.KD2.AK2.AK2").run()
    grid = at.get("arrow_data_editor")
    assert grid is not None
    at.session_state["ed_grid_base"] = __import__("ui.case_form", fromlist=["grid_from_calls"]).grid_from_calls(
        [{"call": c} for c in ("1H", "X", "4H", "P", "P", "P")], language("de"))
    at.session_state["ed_grid_version"] = at.session_state["ed_grid_version"] + 1
    at.run()
    assert "Kontra" in at.session_state["ed_grid_base"]["call"].tolist()
    at.text_input(key="ed_contract").set_value("4C=")
    at.selectbox(key="ed_declarer").set_value("E").run()
    assert any("4♥" in c.value for c in at.caption), [c.value for c in at.caption]
    at.button(key="ed_save").click().run()
    assert not at.error, [e.value for e in at.error]
    stored = cases.get_case(at.session_state["case_id"]).case
    assert stored.board.auction.calls[1].call == "X" and stored.table_result.contract.strain == "H"
    assert hand_of(stored, "N") == "AKQ2.KQ2.AK2.AK2"


def hand_of(case, seat):
    from analysis.bridge import hand_pbn
    return hand_pbn(case.board.deal, seat)


def test_no_function_falls_back_to_english_when_the_language_is_forgotten():
    """A page, the report and a command hand their language on; a forgotten argument is a
    TypeError in the tests, never a silent English page (68 functions defaulted to English)."""
    import ast
    found = []
    for package in ("analysis", "figures", "polling", "reports", "ui", "huddle"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.FunctionDef):
                    continue
                args = node.args
                pairs = list(zip(args.args[len(args.args) - len(args.defaults):], args.defaults))
                pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
                found += [f"{path.relative_to(ROOT)}:{node.lineno} {node.name}" for a, d in pairs
                          if a.arg in ("lang", "language") and ast.unparse(d) in ("ENGLISH", "'en'", "SOURCE")]
    assert not found, found


@pytest.mark.parametrize("code", ["en", "fr", "de", "nl"])
def test_nothing_typed_reads_as_no_word_and_a_dash_as_its_word(code):
    """An empty cell once read as Pass (and as nobody vulnerable): a tree chart's empty score
    labels showed "Pass" on every inner ring."""
    from analysis.vocabulary import Call, Seat, Vulnerability
    lang = language(code)
    assert all(w.lookup(blank, lang) is None for w in (Call, Seat, Vulnerability) for blank in ("", " ", "\t"))
    assert Call.lookup("-", lang) is Call("P") and Vulnerability.lookup(" - ", lang) is Vulnerability("none")
