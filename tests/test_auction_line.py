"""The auction typed as one line at the table: calls in symbols, letters or the director's own
call words, with a hesitation, its seconds, an alert and an explanation said after a call."""
import pytest

from analysis.bridge.auction import read_auction_line, read_call
from analysis.errors import HuddleInputError
from analysis.language import ENGLISH, language


def test_the_issue_s_line_reads_with_the_slow_pass_and_its_seconds():
    auction = read_auction_line("1H 1S 2H 2S P(slow 10s) P 3H P P P", "N", ENGLISH)
    assert [c.call for c in auction.calls] == ["1H", "1S", "2H", "2S", "P", "P", "3H", "P", "P", "P"]
    slow = auction.calls[4]
    assert slow.tempo_break and slow.tempo_seconds == 10 and auction.seat_of(4) == "N"
    assert not any(c.tempo_break for i, c in enumerate(auction.calls) if i != 4)
    assert auction.contract_text() == "3H by N"


def test_alerts_and_explanations_are_marked_inline():
    auction = read_auction_line("1NT P 2D!(transfer to hearts) P 2H(alert, = completes the transfer, 12 s) P P P", "E", ENGLISH)
    transfer, completed = auction.calls[2], auction.calls[4]
    assert transfer.alerted and transfer.explanation == "transfer to hearts" and not transfer.tempo_break
    assert completed.alerted and completed.explanation == "completes the transfer" and completed.tempo_seconds == 12


@pytest.mark.parametrize("line, code, calls", [
    ("1♥ Contre 2SA! Passe", "fr", ["1H", "X", "2NT", "P"]),
    ("1C 1P 2K Passe", "fr", ["1H", "1S", "2D", "P"]),               # cœur, pique, carreau
    ("1T Kontra Rekontra Passe", "de", ["1C", "X", "XX", "P"]),      # Treff
    ("1K Doublet 1R Pas", "nl", ["1C", "X", "1D", "P"]),             # klaveren, ruiten
    ("1C X XX P", "en", ["1C", "X", "XX", "P"]),
    ("1S P 2H* P 4S All Pass", "en", ["1S", "P", "2H", "P", "4S", "P", "P", "P"]),
])
def test_calls_in_each_language_s_words_and_letters(line, code, calls):
    assert [c.call for c in read_auction_line(line, "N", language(code)).calls] == calls


def test_the_french_c_is_coeur_and_the_english_c_is_clubs():
    fr = language("fr")
    assert read_call("1C", fr) == "1H" and read_call("1C", ENGLISH) == "1C" and read_call("1♣", fr) == "1C"


@pytest.mark.parametrize("line, message", [
    ("1H 1S 1D", "auction call 3 (South): 1♦ is insufficient after 1♠"),
    ("1H 1Z", "auction call 2: '1Z' is not a call (e.g. 1♠, 3NT, Pass, Double, Redouble)"),
    ("1H P(slow 9999s)", "auction call 2: 9999 seconds: give 0 to 3600"),
    ("1H hello", "auction call 2: 'hello' is not a call (e.g. 1♠, 3NT, Pass, Double, Redouble)"),
])
def test_a_line_that_cannot_be_an_auction_is_refused_naming_the_call(line, message):
    with pytest.raises(HuddleInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_auction_line(line, "N", ENGLISH)


def test_the_bidding_box_marks_and_takes_back_the_last_call_on_the_line():
    """The At the table page's bidding box writes on the auction line: "slow" and "alert" mark the
    last call once, before its notes; undo takes the last call back with its marks and notes."""
    from analysis.bridge.auction import line_with_mark, line_without_last_call
    assert line_with_mark("1♥ Passe", "*") == "1♥ Passe*"
    assert line_with_mark("1♥ Passe(10s)", "*") == "1♥ Passe*(10s)"
    assert line_with_mark(line_with_mark("1♥ 2♣", "!"), "!") == "1♥ 2♣!"
    assert line_with_mark("", "!") == ""
    assert line_without_last_call("1♥ Passe*(10s)") == "1♥" and line_without_last_call("1♥") == ""
    line = line_with_mark(line_with_mark("1♥ 1♠ 2♥ 2♠ Passe", "*"), "!")
    calls = read_auction_line(line + " Passe 3♥ Passe Passe Passe", "S", language("fr")).calls
    assert (calls[4].tempo_break, calls[4].alerted, [c.call for c in calls][6]) == (True, True, "3H")


def test_a_line_longer_than_any_auction_costs_no_more_than_reading_it():
    """Before: the bidding box's search for the last call cost the square of the line's length
    (1.2 MB: 16 s of the server's time). A line past MAX_LINE is left as it is and refused."""
    import time
    from analysis.bridge.auction import MAX_LINE, line_with_mark, line_without_last_call, read_auction_line
    from analysis.language import ENGLISH
    line = "1H " + "x(" * 600_000
    started = time.perf_counter()
    assert line_with_mark(line, "*") == line and line_without_last_call(line) == line
    with pytest.raises(HuddleInputError, match=f"at most {MAX_LINE} characters"):
        read_auction_line(line, "N", ENGLISH)
    assert time.perf_counter() - started < 0.5
    assert line_with_mark("1H P", "*") == "1H P*"                 # within the bound, as before
