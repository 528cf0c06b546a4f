"""Loose ends found on real files, by a fuzzer and at the speed limit: games counted alike in PBN
and LIN, a robot's empty Play tag, a hand-record program's junk Result, numbers of any size,
one-line refusals, a cancelled action listed at weight 0, the solver never given a bad deal, and
plain matchpoints counted in integers."""
from fractions import Fraction
from pathlib import Path

import pytest

from analysis.law import case as case_files
from analysis.files import lin, pbn
from analysis.bridge.double_dummy import double_dummy_plays, double_dummy_table
from analysis.errors import HuddleInputError
from analysis.bridge.matchpoints import matchpoint
from analysis.bridge.play import Play
from analysis.bridge.scoring import WeightedScore
from conftest import CASES
from test_cli import run, run_json
from analysis.language import ENGLISH

FILES = Path(__file__).parent / "files"
DEAL = "N:63.KQJ86.K43.AJ9 KQ874.52.Q92.862 AT5.A94.A87.Q753 J92.T73.JT65.KT4"

# A vugraph record: title, results and players come before the first table (pg|| included).
VUGRAPH = ("vg|Semi-final,,I,1,2,Home,0,Away,0|rs|3NE=,3NW=|pn|Ann,Bob,Cat,Dan,Eve,Fay,Gil,Hal|pg||"
           "qx|o1|md|3S34TH48TQKADKCTJK,S5678QKH6JD9JQC59,S9JAH9D23456C36QA,|sv|o|"
           "mb|p|mb|p|mb|p|mb|p|pg||"
           "qx|c1|md|3S34TH48TQKADKCTJK,S5678QKH6JD9JQC59,S9JAH9D23456C36QA,|sv|o|"
           "mb|1N|mb|p|mb|p|mb|p|pg||")


def robot_pbn(result: str = "10", play: str = '[Play ""]') -> str:
    """A game as a bidding robot's exporter writes it: an empty Play tag and no play section."""
    return "\n".join([
        '[Event "Robot practice"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]',
        '[Declarer "N"]', '[Contract "4H"]', f'[Result "{result}"]', '[Auction "N"]',
        "1H Pass 3NT Pass", "4H Pass Pass Pass", play, ""])


def test_lin_games_count_from_the_first_deal_as_in_pbn():
    read = lin.loads(VUGRAPH, lang=ENGLISH)
    assert [(g.position, g.room) for g in read.games] == [(1, "Open"), (2, "Closed")]
    assert read.game(position=1).room == "Open"


def test_a_real_lin_file_imported_by_game_1(capsys, sqlite_url):
    path = FILES / "pbntools" / "skyclub" / "20784111.lin"
    out = run_json(capsys, "case", "import", str(path), "--game", "1", "--title", "From BBO")
    assert out["imported"][0]["id"] == "from-bbo"
    code, _, err = run(capsys, "case", "import", str(path), "--game", "2", "--title", "Nothing")
    assert code == 2 and "game 2" in err


def test_a_vugraph_file_imported_by_game_1(capsys, sqlite_url, tmp_path):
    path = tmp_path / "match.lin"
    path.write_text(VUGRAPH)
    out = run_json(capsys, "case", "import", str(path), "--game", "1", "--title", "Open room")
    assert out["imported"][0]["id"] == "open-room"
    assert run_json(capsys, "case", "export", "open-room")["board"]["number"] == 1


def test_an_empty_play_tag_with_no_play_is_no_play():
    read = pbn.loads(robot_pbn(), lang=ENGLISH)
    assert not read.problems
    game = read.games[0]
    assert (game.contract, game.tricks, game.play, game.play_leader) == ("4H", 10, (), None)


def test_an_empty_play_tag_before_cards_is_still_refused_in_words():
    read = pbn.loads(robot_pbn(play='[Play ""]\nSK S5 SA S2'), lang=ENGLISH)
    assert not read.games and "must name the opening leader" in read.problems[0].problem


@pytest.mark.parametrize("junk", ["-9752", "99", "NS 9 EW 2", "ten"])
def test_a_junk_result_keeps_the_board_with_a_warning_naming_the_line(junk):
    read = pbn.loads(robot_pbn(result=junk), lang=ENGLISH)
    assert not read.problems
    game = read.games[0]
    assert game.tricks is None and game.contract == "4H"
    assert any(w.startswith("line 8: ") and f'[Result "{junk}"]' in w and "left out" in w for w in game.warnings)


@pytest.mark.parametrize("number", ["9" * 5000, "-" + "1" * 30, "1e999", "-1e999"])
def test_a_number_of_any_size_in_a_case_file_is_refused_naming_the_key(number):
    text = (CASES / "boston-3h.json").read_text().replace('"format_version": 3', f'"format_version": {number}', 1)
    with pytest.raises(HuddleInputError, match=r"case file, 'format_version': the number .* is out of range"):
        case_files.loads(text)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_in_a_case_file_are_refused(constant):
    text = (CASES / "boston-3h.json").read_text().replace('"format_version": 3', f'"format_version": {constant}', 1)
    with pytest.raises(HuddleInputError, match=f"'{constant}' is not a number a file may hold"):
        case_files.loads(text)


def test_a_huge_number_on_the_command_line_exits_2(capsys, tmp_path, sqlite_url):
    path = tmp_path / "huge.json"
    path.write_text((CASES / "boston-3h.json").read_text().replace('"format_version": 3', f'"format_version": {"7" * 5000}', 1))
    code, _, err = run(capsys, "case", "import", str(path))
    assert code == 2 and "'format_version'" in err and "out of range" in err and "Traceback" not in err


@pytest.mark.parametrize("text", ["bad\nline", "bad\r\nline", "bad\rline", "bad\u2028line"])
def test_a_refusal_is_one_line_even_when_it_quotes_a_line_break(text):
    error = HuddleInputError(f"field {text}", f"'{text}' is not a call")
    assert "\n" not in str(error) and "\r" not in str(error) and "\u2028" not in str(error)
    assert "↵" in error.problem


def test_a_refusal_of_typed_input_is_one_line(capsys):
    code, _, err = run(capsys, "imp", "--other", "420", "--adjusted", "420:1/2\n-50:1/x")
    assert code == 2 and err.strip().count("\n") == 0


def test_the_cancelled_action_at_weight_0_is_left_out_and_shown(capsys):
    code, out, _ = run(capsys, "imp", "--other", "420", "--adjusted", "420:1/2 -50:1/2 920:0")
    assert code == 0
    assert "+920 at weight 0 is left out (Law 12C1(c): the cancelled action gets no weight)" in out
    assert "total -5 IMPs" in out
    code, out, _ = run(capsys, "mp", "--field", "420 420 450 -50 170", "--adjusted", "420:1/2 -50:1/2 920:0")
    assert code == 0 and "+920 at weight 0 is left out" in out and "North-South 3 1/2 MPs" in out


@pytest.mark.parametrize("weights, message", [
    ("920:0", "needs at least one result with a weight above 0"),
    ("920:-1/2 420:3/2", "weight -1/2 on 920 is negative"),
    ("920:3/2", "weight 3/2 on 920 is more than 1"),
])
def test_weights_out_of_range_say_so_without_contradiction(capsys, weights, message):
    code, _, err = run(capsys, "imp", "--other", "420", "--adjusted", weights)
    assert code == 2 and message in err and "more than 0" not in err


def test_weight_0_left_out_of_the_weighted_score():
    score = WeightedScore.parse("620:2/3 -100:1/3 -200:0")
    assert score.components == ((620, Fraction(2, 3)), (-100, Fraction(1, 3)))
    assert score.left_out == (-200,)
    assert score == WeightedScore.parse("620:2/3 -100:1/3")


# The deal of the solver's crash dump once committed by mistake: West 12 cards, South 14.
TWELVE_AND_FOURTEEN = "N:K863.74.J962.J84 J2.AT852.AKQ7.95 T954.96.853.AKQT3 AQ7.KQJ3.T4.762"
FULL = "N:K863.74.J962.J84 J2.AT852.AKQ7.95 T954.96.853.AKQT AQ7.KQJ3.T4.7632"


def test_the_solver_is_never_given_a_deal_it_cannot_solve(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from endplay.types import Deal
    with pytest.raises(HuddleInputError, match="South has 14 cards"):
        double_dummy_table(TWELVE_AND_FOURTEEN)
    unchecked = Deal(TWELVE_AND_FOURTEEN)      # endplay itself takes it
    with pytest.raises(HuddleInputError, match="South has 14 cards"):
        double_dummy_table(unchecked)
    play = Play("H", "N", ("SA",))              # East leads against 4♥ by North: the ♠A is West's
    with pytest.raises(HuddleInputError, match="East does not hold"):
        double_dummy_plays(FULL, play, 1)
    assert not list(tmp_path.iterdir()), "the solver wrote into the working folder"


@pytest.mark.parametrize("scale", ["wbf", "acbl"])
def test_plain_matchpoints_counted_in_integers_agree_with_the_definition(scale):
    import random
    rng = random.Random(7)
    for scores in ([rng.choice([420, 450, -50, 170]) for _ in range(50)],
                   [rng.randrange(-760, 761) * 10 for _ in range(300)],
                   rng.sample(range(-50_000, 50_000), 200)):      # scores far apart: the other path
        factor = Fraction(1) if scale == "wbf" else Fraction(1, 2)
        expected = [factor * (2 * sum(o < s for o in scores) + sum(o == s for o in scores) - 1) for s in scores]
        got = matchpoint(scores, scale)
        assert got == expected
        assert all(isinstance(v, int) or v.denominator == 2 for v in got)


def test_matchpoints_refuse_a_result_that_is_not_a_whole_number():
    with pytest.raises(HuddleInputError, match="whole number of points"):
        matchpoint([420, 10 ** 30])


def test_a_huge_number_in_a_list_within_a_list_is_refused_naming_the_key():
    from analysis.limits import loads_json
    with pytest.raises(HuddleInputError, match=r"case file, 'rows': the number 999999999999…"):
        loads_json('{"rows": [[1, 2], [3, ' + "9" * 400 + ']]}', "case file")
