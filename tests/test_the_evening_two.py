"""The second evening's small findings, each tried where a director meets it."""
import json
import urllib.error
import urllib.request

import pytest

from analysis.files.pbn import loads as pbn_loads
from analysis.language import ENGLISH
from analysis.law import case as case_files
from analysis.law.case import case_id_from_title
from conftest import ROOT


def test_a_tempo_note_is_the_tempo_mark_not_a_remark_and_an_explanation_mentioning_slow_is_an_explanation():
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]\n'
            '[Auction "N"]\n1C =1= Pass 1H Pass\n2NT =2= Pass 3NT Pass\nPass Pass\n'
            '[Note "1:Could be short; N would go slow with 4 spades"]\n[Note "2:BIT, about 15 s"]\n')
    (game,) = pbn_loads(text, lang=ENGLISH).games
    first, _, _, _, second = game.board.auction.calls[:5]
    assert first.alerted and first.explanation.startswith("Could be short") and not first.tempo_break
    assert second.tempo_break and second.tempo_seconds == 15 and not second.remark and not second.alerted


def test_a_declarer_that_disagrees_with_the_auction_is_said_where_the_case_is_made(tmp_path, capsys, sqlite_url):
    from polling import accounts, setup
    from test_cli import run_json
    setup.prepare_database(load_examples=False)
    accounts.create_user("tess", "bidding-box", "director")
    path = tmp_path / "b.pbn"
    path.write_text('[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
                    '[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]\n'
                    '[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n[Auction "S"]\n1NT Pass 3NT AP\n')
    out = run_json(capsys, "case", "import", str(path), "--title", "Board 3: 3NT", "--as", "tess")
    assert out["notes"] == [f"{path}: the file's contract ([Contract] and [Declarer]), 3NT by North, differs from "
                            "the auction's final contract, 3NT by South; the file's is kept: check which is right"]


@pytest.mark.parametrize("title, slug", [("Board 7: 5♠ save over 4♥", "board-7-5s-save-over-4h"),
                                         ("6♦ after a slow 5♣", "6d-after-a-slow-5c"), ("3NT by East", "3nt-by-east")])
def test_a_case_id_keeps_the_contract(title, slug):
    assert case_id_from_title(title) == slug


def test_slash_cases_opens_the_case_list(tmp_path):
    from browser import streamlit_server

    class NoFollow(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    with streamlit_server({"HUDDLE_DATABASE_URL": f"sqlite:///{tmp_path / 'h.sqlite'}",
                           "HUDDLE_SECRET_KEY": "cases"}) as base:
        with pytest.raises(urllib.error.HTTPError) as moved:
            urllib.request.build_opener(NoFollow).open(base + "/cases?case=boston-3h", timeout=30)
        assert moved.value.code == 307 and moved.value.headers["location"] == "/?case=boston-3h"


def test_a_new_case_starts_from_the_organisation_s_skip_bid_regulation(sqlite_url):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from conftest import ROOT
    from polling import accounts, organisations, setup
    setup.prepare_database(load_examples=False)
    tess = accounts.create_user("tess", "bidding-box", "director")
    organisations.set_rules(tess.organisation_id, "ebu", 7)
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = tess
    at.run()
    at.switch_page("ui/case_editor.py").run()
    assert at.selectbox(key="ed_skip_bid").value == "ebu" and at.session_state["ed_skip_haste"] == 7
    with pytest.raises(Exception, match="skip_bid_haste_under: 13 must be a whole number of seconds from 1 to 12"):
        organisations.set_rules(tess.organisation_id, "ebu", 13)


def test_a_five_second_pause_after_a_skip_bid_is_undue_haste_unless_the_club_reads_it_otherwise():
    """LAWS.033: a call in tempo after a skip bid is undue haste; 5 s is well short of about ten."""
    from analysis.law.questions.law16 import ui_present
    data = json.loads((ROOT / "tests/cases/rulings/haste-after-skip-bid.json").read_text())
    data["irregularity"]["seconds"] = 5
    case = case_files.Case.from_dict(data)
    answer = ui_present(case)
    assert answer.answer is True and "undue haste" in answer.reason
    data["skip_bid_haste_under"] = 4
    assert ui_present(case_files.Case.from_dict(data)).answer is False      # the club's "about ten" starts at 4
