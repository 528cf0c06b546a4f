"""The `huddle` calculator: numbers from the issue, readable output, and one-line errors (exit 2)."""
import json
import shutil
import subprocess
import sys

import pytest

from huddle.cli import main


def run(capsys, *argv):
    """Exit status, stdout and stderr of `huddle ARGV`, argparse's own exits included."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out, parse_constant=_not_json)       # JSON by RFC 8259: no NaN, no Infinity


def _not_json(constant: str):
    raise AssertionError(f"{constant} is not JSON (RFC 8259)")


def test_score_json(capsys):
    def score(*argv):
        out = run_json(capsys, "score", *argv)
        return out["ns"], out["ew"], out["contract"], out["declarer"], out["tricks"]
    assert score("4SX-3", "--by", "S", "--vul", "both") == (-800, 800, "4SX", "S", 7)
    assert score("3NT+1", "--by", "E", "--vul", "none") == (-430, 430, "3NT", "E", 10)
    assert score("4♠X-3", "--by", "N", "--vul", "ns") == (-800, 800, "4SX", "N", 7)
    assert score("7NTXX=", "--by", "W", "--vul", "both") == (-2980, 2980, "7NTXX", "W", 13)


def test_the_calculator_reads_the_language_asked(capsys):
    """German C is Coeur: `huddle score 4C= --by S --vul none --language de` scores 4♥ made."""
    assert run_json(capsys, "score", "4C=", "--by", "S", "--vul", "none", "--language", "de") == \
        {"ns": 420, "ew": -420, "contract": "4H", "declarer": "S", "tricks": 10}
    assert run_json(capsys, "score", "3SA+1", "--by", "Ouest", "--vul", "Tous", "--language", "fr")["ns"] == -630
    assert run_json(capsys, "score", "4C=", "--by", "S", "--vul", "none", "--language", "en")["ns"] == 130
    assert run_json(capsys, "la", "--chose", "Passe=3 4P=2", "--table-action", "4P", "--language", "fr")["actions"][0]["action"] \
        in ("P", "4S")


def test_the_calculator_says_the_score_and_its_refusals_in_the_language_asked(capsys):
    code, out, _ = run(capsys, "score", "4C=", "--by", "Süd", "--vul", "keiner", "--language", "de")
    assert code == 0 and out.splitlines()[0] == "4♥ gespielt von Süd, erfüllt (10 Stiche), Keiner in Gefahr"
    code, _, err = run(capsys, "score", "4X=", "--by", "S", "--vul", "none", "--language", "de")
    assert code == 2 and err.strip() == "huddle: error: contract: „4X=“ ist kein Kontrakt (z. B. 4♠X-3, 3SA+1, 4♥=)"
    code, _, err = run(capsys, "score", "4C=", "--by", "Q", "--vul", "none", "--language", "fr")
    assert code == 2 and "« Q » n'est pas une position" in err


def test_score_readable(capsys):
    code, out, _ = run(capsys, "score", "4SX-3", "--by", "S", "--vul", "both")
    assert code == 0
    assert "4♠ doubled by South, 3 down (7 tricks), Both vulnerable" in out and "North-South  -800" in out and "East-West    +800" in out


MP_ARGS = ["mp", "--field", "420*4 400*2 170 150 -50*3", "--adjusted", "400:1/3 -50:1/3 420:1/6 -50:1/6"]


def test_mp_json_seed_002(capsys):
    out = run_json(capsys, *MP_ARGS)
    assert out["top"] == "22"
    assert out["scores"][0] == {"score": 420, "frequency": "25/6", "matchpoints": "113/6"}
    assert [s["matchpoints"] for s in out["scores"]] == ["113/6", "37/3", "9", "7", "5/2"]
    assert [s["score"] for s in out["scores"]] == [420, 400, 170, 150, -50]
    assert out["adjusted"][0]["matchpoints"] == "17/2"
    assert out["adjusted"][0]["percentage"] == "425/11"


def test_mp_acbl_scale_and_percent_weights(capsys):
    out = run_json(capsys, *MP_ARGS, "--scale", "acbl")
    assert out["top"] == "11" and out["adjusted"][0]["matchpoints"] == "17/4"
    out = run_json(capsys, "mp", "--field", "420 450 170 140 -50", "--adjusted", "420:60% -50:40%")
    assert out["adjusted"][0]["matchpoints"] == "23/5"


def test_mp_several_tables_and_split(capsys):
    out = run_json(capsys, "mp", "--field", "420 400 170", "--adjusted", "400:1/2 -50:1/2",
                   "--adjusted", "420:1/2 170:1/4 -50:1/4|420:1/4 170:3/4")
    assert out["top"] == "8" and len(out["adjusted"]) == 2
    assert out["ew_scores"] != out["scores"]


def test_mp_readable_table(capsys):
    code, out, _ = run(capsys, *MP_ARGS)
    assert code == 0
    assert "top 22" in out and "18 5/6" in out and "North-South 8 1/2 MPs (38.6%)" in out
    code, out, _ = run(capsys, *MP_ARGS, "--rounding", "wbf1")
    assert "18.8" in out and "North-South 8.5 MPs" in out


def test_imp_json(capsys):
    assert run_json(capsys, "imp", "--other", "140", "--adjusted", "620:2/3 -100:1/3") == {"imps": "14/3"}
    assert run_json(capsys, "imp", "--other", "500", "--adjusted", "480:65% 980:35%") == {"imps": "57/20"}


def test_imp_readable(capsys):
    code, out, _ = run(capsys, "imp", "--other", "140", "--adjusted", "620:2/3 -100:1/3")
    assert code == 0 and "total 4 2/3 IMPs (4.7)" in out


BUTLER_FIELD = "--field=-480*4 -450*4 -510 -1100"
BUTLER_ADJUSTED = "--adjusted=-400:3/4 -1100:1/4"


def test_butler_and_cross_imps_of_the_worked_case(capsys):
    # tests/cases/rulings/butler-pairs.json: datum -470 (mean -472 1/2 of the 8 kept), +2 and -12 IMPs
    code, out, _ = run(capsys, "butler", BUTLER_FIELD, BUTLER_ADJUSTED)
    assert code == 0 and "datum -470" in out and "(mean -472 1/2)" in out and "total -1 1/2 IMPs" in out
    # none dropped: -5330 / 10 = -533, datum -530: 3/4 × +4 (+130) + 1/4 × -11 (-570) = 1/4
    assert run_json(capsys, "butler", BUTLER_FIELD, BUTLER_ADJUSTED, "--drop", "0")["imps"] == "1/4"
    # with the table in the datum and none dropped: (-5330 - 400) / 11 → -520, (-5330 - 1100) / 11 → -580
    code, out, _ = run(capsys, "butler", BUTLER_FIELD, BUTLER_ADJUSTED, "--drop", "0", "--with-table")
    assert "datum for each result" in out and "-400 against the datum -520" in out and "-1100 against the datum -580" in out
    assert run_json(capsys, "cross-imps", BUTLER_FIELD, BUTLER_ADJUSTED) == {"imps": "-7/20"}
    assert run_json(capsys, "cross-imps", BUTLER_FIELD, BUTLER_ADJUSTED, "--sum") == {"imps": "-7/2"}
    code, _, err = run(capsys, "butler", "--field=-480*4", BUTLER_ADJUSTED, "--drop", "2")
    assert code == 2 and err.strip() == "huddle: error: --drop: cannot drop 2 scores at each end of 4"
    code, _, err = run(capsys, "butler", BUTLER_FIELD, BUTLER_ADJUSTED, "--drop", "-1")
    assert code == 2 and "--drop: -1 must be a count of scores" in err


@pytest.mark.parametrize("argv, message", [
    (["mp", "--field", "420 400", "--adjusted", "400:1/3 -50:1/3"], "--adjusted #1: weights sum to 2/3, not 1"),
    (["mp", "--field", "420 400", "--adjusted", "400:3/2 -50:-1/2"], "weight 3/2 on 400 is more than 1"),
    (["mp", "--field", "420 400", "--adjusted", "400:1/2 -50"], "'-50' should be score:weight"),
    (["mp", "--field", "420 400", "--adjusted", "400:half 50:1/2"], "'half' is not a number"),
    (["mp", "--field", "420 abc", "--adjusted", "400:1"], "field: 'abc' is not a score"),
    (["mp", "--field", "425 400"], "field: '425' is not a bridge score"),
    (["mp", "--field", "420*x"], "the repeat after * must be a whole number"),
    (["mp", "--field", "420"], "needs at least two results"),
    (["mp", "--field", "420 400", "--scale", "ebu"], "unknown scale 'ebu'"),
    (["score", "8S=", "--by", "N", "--vul", "none"], "level 8 is impossible"),
    (["score", "7NT+1", "--by", "N", "--vul", "none"], "would be 14 tricks"),
    (["score", "1C-8", "--by", "N", "--vul", "none"], "can go down at most 7"),
    (["score", "4S=", "--by", "N", "--vul", "red"], "--vul: 'red' is not a vulnerability"),
    (["score", "4S=", "--by", "Q", "--vul", "none"], "--by: 'Q' is not a seat"),
    (["score", "4S", "--by", "N", "--vul", "none"], "is not a contract with a result"),
    (["imp", "--other", "1x0", "--adjusted", "620:1"], "--other: '1x0' is not a score"),
    (["imp", "--other", "140", "--adjusted", "620:1/2 -100:1/3"], "weights sum to 5/6, not 1"),
    (["imp", "--other", "140", "--adjusted", "620:-1/4 -100:5/4"], "weight -1/4 on 620 is negative"),
    (["score", "4S=", "--by", "N"], "the following arguments are required: --vul"),
    (["frobnicate"], "invalid choice"),
])
def test_malformed_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("huddle: error: ") and err.count("\n") == 1
    assert message in err


def test_installed_command_exit_status():
    exe = shutil.which("huddle") or None
    cmd = [exe] if exe else [sys.executable, "-m", "huddle"]
    ok = subprocess.run(cmd + ["imp", "--other", "140", "--adjusted", "620:2/3 -100:1/3", "--json"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout) == {"imps": "14/3"}
    bad = subprocess.run(cmd + ["score", "8S=", "--by", "N", "--vul", "none"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


LOADED = """
import sys
from huddle.cli import main
main(sys.argv[1:])
heavy = ("numpy", "scipy", "endplay.types", "endplay._dds", "polling", "sqlmodel", "pandas", "streamlit", "reports")
print(sorted(h for h in heavy if h in sys.modules), sorted(m for m in sys.modules if m.startswith("huddle.cli.commands.")),
      file=sys.stderr)
"""


@pytest.mark.parametrize("argv,part,loaded", [
    # the language given: the calculator does not ask the database for the organisation's
    (["score", "4SX-3", "--by", "S", "--vul", "both", "--language", "en"], "calculator", []),
    (["la", "--chose", "3H=6 Pass=4", "--table-action", "3H", "--language", "de"], "calculator", []),
    (["rule", "data/cases/boston-3h.json"], "rulings", ["endplay._dds", "endplay.types"])])
def test_a_command_loads_only_its_own_part_of_the_command_line(argv, part, loaded):
    """A command line loads the part of the command it names (huddle.cli.commands.*), and the
    calculator neither the solver nor numpy; the ruling of a case file nothing of the server."""
    from conftest import ROOT
    done = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == f"{loaded} {sorted(['huddle.cli.commands.common', f'huddle.cli.commands.{part}'])}"


def test_every_command_is_listed_by_help_before_its_part_is_loaded(capsys):
    from huddle.cli.commands import COMMANDS
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out
    assert all(f"    {name} " in listed for name in COMMANDS)


def test_the_calculator_reads_the_club_s_language_without_the_storage_layer(database_url):
    """Before: finding the default --language opened the database through SQLModel, SQLAlchemy and
    Alembic (0.4 s of imports): `huddle score` took 787 ms, 35× a bare start. The club's language
    is now read with one query, on SQLite and on PostgreSQL alike: a French club's 4C= is 4♥."""
    from conftest import ROOT
    from polling import organisations, setup
    from polling.settings import DEFAULT_ORGANISATION
    from polling.models import DEFAULT_ORGANISATION as STORED
    assert DEFAULT_ORGANISATION == STORED
    script = ("import sys\nfrom huddle.cli import main\nmain(sys.argv[1:])\n"
              "print(sorted(m for m in ('sqlmodel', 'sqlalchemy', 'alembic') if m in sys.modules), file=sys.stderr)")
    argv = ["score", "4C=", "--by", "S", "--vul", "none", "--json"]
    english = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True, cwd=ROOT)
    assert json.loads(english.stdout)["ns"] == 130 and english.stderr.strip() == "[]"    # no database yet: English
    setup.prepare_database(load_examples=False)
    organisations.set_language(DEFAULT_ORGANISATION, "fr")
    french = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True, cwd=ROOT)
    assert french.returncode == 0, french.stderr
    assert json.loads(french.stdout)["ns"] == 420 and french.stderr.strip() == "[]"
