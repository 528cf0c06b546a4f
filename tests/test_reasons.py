"""Her reasons started for her: a sentence for each reason field built from what the worksheet
knows, offered beside the empty field and taken only with her tap; a reason kept word for word
as drafted (or question 3 with none of hers) is said to be Huddle's on the Ruling page."""
import json
from dataclasses import replace

import pytest

from analysis.bridge.double_dummy import double_dummy_table
from analysis.language import ENGLISH, language
from analysis.law.case import Case
from analysis.law.ruling.reasons import (fact_draft, no_alternative_draft, outcomes_draft, reason_drafts, reasons_not_written,
                                  suggested_draft, written_reasons)
from analysis.law.ruling.engine import rule
from analysis.law.case.findings import Finding
from conftest import ROOT

LANGUAGES = tuple(language(c) for c in ("en", "fr", "de", "nl"))


def _case(name: str) -> Case:
    return Case.from_dict(json.loads((ROOT / "data" / "cases" / f"{name}.json").read_text()))


def test_question_three_is_drafted_from_the_alternatives_the_direction_and_the_poll_s_q4():
    slam = _case("laws033-6d-slam")
    said = ENGLISH.say(suggested_draft(slam, "6D", ("P", "6D")))
    assert said == ("The break in tempo suggested 6♦ over Pass (Law 16A). A slow call shows that partner had "
                    "something more to say, which makes acting more attractive than passing.")
    lead = _case("lead-after-slow-pass-of-stayman")
    ruled = rule(lead)
    said = ENGLISH.say(suggested_draft(lead, ruled.table_action, ruled.la.logical_alternatives, lead.ruling.q4))
    assert "Of the 8 pollees asked, 6 said the break in tempo makes a low ♣ more attractive." in said
    assert "something more to say" not in said                    # a lead: no "acting over passing"
    german = language("de").say(suggested_draft(slam, "6D", ("P", "6D")))
    assert german.startswith("Das Zögern legte 6♦ statt Passe nahe") and "Regel 16A" in german
    assert suggested_draft(slam, "6D", ("6D",)) is None           # no alternative: nothing to draft


def test_the_outcomes_are_drafted_with_their_weights_and_where_the_tricks_came_from():
    slam = _case("laws033-6d-slam")
    tree = slam.ruling.adjustment.trees()[0][1]
    solver = double_dummy_table(slam.board.deal).tricks_for
    said = ENGLISH.say(outcomes_draft(tree, solver))
    assert said == ("The outcomes reachable legally and their weights: Pass, weight 1: 5♦ by South, 12 tricks. "
                    "Declarer's tricks are those a double-dummy solver finds on the actual deal.")
    said = ENGLISH.say(outcomes_draft(tree, lambda strain, declarer: 11))
    assert said.endswith("Declarer's tricks are the director's judgement of the likely play.")
    mp = _case("kooijman-weighted-mp")
    said = ENGLISH.say(outcomes_draft(mp.ruling.adjustment.trees()[0][1]))
    assert said == ("The outcomes reachable legally and their weights: 3NT, weight 2/3: 3NT by North, 9 (1/2) / "
                    "8 (1/2) tricks; 4♠, weight 1/3: 4♠ by North, 10 (1/2) / 9 (1/2) tricks.")
    assert outcomes_draft(None) is None


def test_the_finding_of_fact_is_drafted_between_the_two_sides_seconds():
    disputed = _case("disputed-pause-over-4h")
    assert ENGLISH.say(fact_draft(disputed)) == ("The sides put it at 10 and 30 seconds; on the balance of "
                                                 "probabilities the director finds about 20 seconds.")
    assert fact_draft(_case("laws033-6d-slam")) is None           # no statements that differ


def test_no_logical_alternative_is_drafted_from_the_poll_s_counts_and_policy():
    from analysis.law.questions.logical_alternatives import ActionCount, logical_alternatives, policy
    la = logical_alternatives((ActionCount("P", 9), ActionCount("4S", 1)), "P", policy("wbf2017"))
    said = ENGLISH.say(no_alternative_draft(la, "P"))
    assert said.startswith("Of 10 pollees, 9 chose Pass; under ") and said.endswith("to be a logical alternative.")
    found = logical_alternatives((ActionCount("P", 5), ActionCount("4S", 5)), "P", policy("wbf2017"))
    assert no_alternative_draft(found, "P") is None


def test_a_reason_kept_as_drafted_or_left_empty_is_not_the_director_s():
    slam = _case("laws033-6d-slam")
    drafts = reason_drafts(slam, "6D", ("P", "6D"))
    for lang in LANGUAGES:                         # the draft, said in any language, is Huddle's
        found = replace(slam, ruling=replace(slam.ruling, suggested=Finding(True, lang.say(drafts.suggested))))
        assert reasons_not_written(drafts, written_reasons(found), LANGUAGES) == ("suggested",), lang.code
    edited = replace(slam, ruling=replace(slam.ruling, suggested=Finding(
        True, ENGLISH.say(drafts.suggested) + " South's hand had no reason to bid on.")))
    assert reasons_not_written(drafts, written_reasons(edited), LANGUAGES) == ()
    empty = replace(slam, ruling=replace(slam.ruling, suggested=Finding(True, "")))
    assert reasons_not_written(drafts, written_reasons(empty), LANGUAGES) == ("suggested",)
    not_found = replace(slam, ruling=replace(slam.ruling, suggested=Finding(False, "")))
    assert "suggested" not in written_reasons(not_found)


# ---------------------------------------------------------------- on the Ruling page

@pytest.fixture
def ruling_page(sqlite_url, monkeypatch):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from polling import accounts, setup
    setup.prepare_database()
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "reasons")
    tess = accounts.create_user("tess", "bidding-box", "director", "Tess Director")
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = tess
    at.query_params["case"] = "laws033-6d-slam"
    at.run()
    at.switch_page("ui/ruling.py").run()
    assert not at.exception, at.exception
    return at


def _record_id(at) -> int:
    from polling import cases
    return cases.find_case("laws033-6d-slam")


def test_the_ruling_page_offers_the_draft_and_takes_it_only_on_a_tap(ruling_page):
    at = ruling_page
    key = f"rf_sugg_{_record_id(at)}_reason"
    at.text_input(key=key).set_value("").run()
    draft = ENGLISH.say(suggested_draft(_case("laws033-6d-slam"), "6D", ("P", "6D")))
    assert at.text_input(key=key).value == ""                      # nothing filled in silently
    assert any(c.value == f"Huddle's draft: {draft}" for c in at.caption)
    assert any("Not written by the director, but Huddle's sentence: question 3's reason" in c.value for c in at.caption)
    at.button(key=f"{key}_draft").click().run()
    assert at.text_input(key=key).value == draft
    assert any("This is Huddle's draft word for word" in c.value for c in at.caption)
    assert any("Huddle's sentence: question 3's reason" in c.value for c in at.caption)
    at.text_input(key=key).set_value(draft + " North's 5♦ was a sign-off.").run()
    assert not any("Huddle's draft word for word" in c.value for c in at.caption)
    assert not any("Not written by the director" in c.value for c in at.caption)


def test_the_outcomes_note_is_drafted_from_the_tree_and_the_solver(ruling_page):
    at = ruling_page
    key = f"rf_note_{_record_id(at)}"
    at.text_input(key=key).set_value("").run()
    assert at.text_input(key=key).value == ""
    at.button(key=f"{key}_draft").click().run()
    note = at.text_input(key=key).value
    assert note.startswith("The outcomes reachable legally and their weights: ") and "double-dummy solver" in note
    assert any("how the outcomes were chosen" in c.value for c in at.caption if "Not written" in c.value)


def test_a_finding_of_no_logical_alternative_kept_as_drafted_is_named():
    from analysis.law.questions.logical_alternatives import ActionCount, logical_alternatives, policy
    slam = _case("laws033-6d-slam")
    la = logical_alternatives((ActionCount("6D", 9), ActionCount("P", 1)), "6D", policy("wbf2017"))
    drafts = reason_drafts(slam, "6D", (), la)
    for text, named in ((language("nl").say(drafts.no_alternative), ("no_alternative",)), ("Pass is unthinkable.", ())):
        judged = replace(slam, ruling=replace(slam.ruling, alternatives=(), alternatives_reason=text))
        assert "no_alternative" in written_reasons(judged)
        assert tuple(n for n in reasons_not_written(drafts, written_reasons(judged), LANGUAGES)
                     if n == "no_alternative") == named


def test_the_finding_of_fact_is_drafted_inside_its_form(sqlite_url, monkeypatch):
    """The finding's reason sits in a form (kept with the facts on its own button): its draft is
    taken by the form's own button, and nothing is kept until the director keeps it."""
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from polling import accounts, cases, setup
    setup.prepare_database()
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "reasons")
    tess = accounts.create_user("tess", "bidding-box", "director", "Tess Director")
    data = json.loads((ROOT / "data" / "cases" / "disputed-pause-over-4h.json").read_text(encoding="utf-8"))
    data["id"] = "not-found-yet"
    del data["irregularity"]["finding"]                      # the sides disagree; nobody has found it yet
    record = cases.create_case(Case.from_dict(data), "tess")
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = tess
    at.query_params["case"] = "not-found-yet"
    at.run()
    at.switch_page("ui/ruling.py").run()
    key = f"rf_fact_reason_{record}"
    assert not at.exception and at.text_input(key=key).value == ""
    at.button(key=f"{key}_draft").click().run()
    assert not at.exception, at.exception
    assert at.text_input(key=key).value == ENGLISH.say(fact_draft(_case("disputed-pause-over-4h")))
    assert cases.get_case(record).case.irregularity.finding is None          # kept only on its own button
