"""The Streamlit pages under AppTest (real Streamlit, real SQLite file)."""
import pytest
from streamlit.testing.v1 import AppTest
from page_runs import PAGE_SECONDS

from conftest import ROOT

APP = str(ROOT / "streamlit_app.py")


@pytest.fixture
def app(sqlite_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    from polling import accounts, setup
    setup.prepare_database()
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = accounts.create_user("tess", "bidding-box", "director")
    at.run()
    assert not at.exception
    return at


def test_case_list_shows_the_example_cases(app):
    assert app.title[0].value == "Cases"
    labels = " ".join(b.label for b in app.button)
    assert "6♦ after a noticeable hesitation" in labels and "Boston NABC" in labels


def test_opening_a_case_shows_diagram_and_auction(app):
    next(b for b in app.button if "6♦ after" in b.label).click().run()
    assert not app.exception
    assert "6♦ after a noticeable hesitation" in app.title[0].value
    html = " ".join(h.proto.body for h in app.get("html"))
    assert "KJ2" in html and 'data-seat="W"' in html and "break in tempo" in html
    assert "Final contract: **6♦ by South**" in " ".join(m.value for m in app.markdown)


def test_calculator_gives_seed_002_numbers(app):
    app.switch_page("ui/calculator.py").run()
    assert not app.exception
    assert any("North-South 8 1/2 of 22" in s.value for s in app.success)
    app.radio(key="calc_mode").set_value("IMPs").run()
    assert any(s.value == "4 2/3 IMPs" for s in app.success)


def test_calculator_shows_bad_weights_inline(app):
    app.switch_page("ui/calculator.py").run()
    app.text_input(key="calc_adjusted").set_value("400:1/3 -50:1/3").run()
    assert not app.exception
    assert app.error[0].value == "Adjusted: weights sum to 2/3, not 1"


@pytest.mark.parametrize("field, message", [
    ("420*100000000", "Field: '420\\*100000000': the repeat after \\* must be a whole number from 1 to 100,000"),
    ("4" * 4301, "Field: '444444444444…' is not a score (a whole number such as 420 or -50)"),
    ("420*100000 170", "Field: more than 100,000 results for one board"),
])
def test_calculator_answers_a_huge_field_at_once_and_in_words(app, field, message):
    """420*100000000 took 14 s and 2 GB; a 4,301-digit score showed a traceback."""
    import time
    app.switch_page("ui/calculator.py").run()
    started = time.perf_counter()
    app.text_input(key="calc_field").set_value("420 170").run()      # the floor: an ordinary field, this run
    floor = time.perf_counter() - started
    started = time.perf_counter()
    app.text_input(key="calc_field").set_value(field).run()
    assert not app.exception and time.perf_counter() - started < 1 + 10 * floor, floor
    assert app.error[0].value == message
