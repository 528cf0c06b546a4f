"""`huddle user` and `huddle case`: accounts, import (JSON and PBN), export, status, history."""
import io
import json

import pytest

from conftest import CASES
from test_cases import PBN
from test_cli import run, run_json


@pytest.fixture
def directors(sqlite_url):
    """Two directors' accounts: --as names an account, never a made-up name."""
    from polling import accounts, setup
    setup.prepare_database(load_examples=False)
    for name in ("tess", "tom"):
        accounts.create_user(name, f"{name}-bidding-box", "director")


@pytest.fixture
def pbn_file(tmp_path, sqlite_url, directors):
    path = tmp_path / "club.pbn"
    path.write_text(PBN, encoding="utf-8")
    return path


def test_as_an_account_that_does_not_exist_is_refused_and_nothing_is_written(capsys, sqlite_url, directors):
    """Before: --as with a made-up name ran in the default organisation with full rights and
    wrote the name into the history."""
    code, out, err = run(capsys, "case", "import", str(CASES / "kooijman-weighted-mp.json"), "--as", "mallory")
    assert code == 2 and out == "" and "--as: there is no account named 'mallory'" in err
    assert run_json(capsys, "case", "list")["cases"] == []


def test_user_add_reads_the_password_from_stdin(capsys, monkeypatch, sqlite_url):
    monkeypatch.setattr("sys.stdin", io.StringIO("bidding-box\n"))
    assert run_json(capsys, "user", "add", "Tess", "--name", "Tess D", "--password-stdin") == \
        {"username": "tess", "role": "director", "organisation": "Our club", "display_name": "Tess D"}
    monkeypatch.setattr("sys.stdin", io.StringIO("committee1\n"))
    code, out, _ = run(capsys, "user", "add", "cm", "--role", "committee", "--password-stdin")
    assert code == 0 and out.strip() == "Added cm (committee of Our club)."
    assert [u["username"] for u in run_json(capsys, "user", "list")["users"]] == ["cm", "tess"]
    from polling import accounts
    assert accounts.authenticate("tess", "bidding-box").role == "director"


@pytest.mark.parametrize("argv, stdin, message", [
    (["user", "add", "ann", "--password-stdin"], "short\n", "password: use at least 8 characters"),
    (["user", "add", "a b", "--password-stdin"], "bidding-box\n", "username: use 2 to 60"),
    (["user", "add", "ann", "--role", "king", "--password-stdin"], "bidding-box\n", "role: 'king'"),
])
def test_user_add_mistakes(capsys, monkeypatch, sqlite_url, argv, stdin, message):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith(f"huddle: error: {message}")
    assert run_json(capsys, "user", "list")["users"] == []


def test_user_passwd_and_disable(capsys, monkeypatch, sqlite_url):
    from polling import accounts, setup
    setup.prepare_database(load_examples=False)
    accounts.create_user("tess", "bidding-box", "director")
    accounts.create_user("cm", "committee1", "committee")
    monkeypatch.setattr("sys.stdin", io.StringIO("new-committee\n"))
    assert run_json(capsys, "user", "passwd", "cm", "--password-stdin") == {"username": "cm", "password": "set"}
    assert accounts.authenticate("cm", "new-committee") and not accounts.authenticate("cm", "committee1")
    assert run_json(capsys, "user", "disable", "cm") == {"username": "cm", "disabled": True}
    assert accounts.authenticate("cm", "new-committee") is None
    assert {u["username"]: u["disabled"] for u in run_json(capsys, "user", "list")["users"]} == {"cm": True, "tess": False}
    code, out, _ = run(capsys, "user", "disable", "cm", "--enable")
    assert code == 0 and out.strip() == "cm enabled."
    code, _, err = run(capsys, "user", "disable", "tess")
    assert code == 2 and "'tess' is the last director of Our club who can sign in" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    code, _, err = run(capsys, "user", "passwd", "cm", "--password-stdin")
    assert code == 2 and "password: use at least 8 characters" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("long-enough\n"))
    code, _, err = run(capsys, "user", "passwd", "nobody", "--password-stdin")
    assert code == 2 and "there is no account 'nobody'" in err


def test_case_import_pbn_export_status_history(capsys, pbn_file, tmp_path):
    code, _, err = run(capsys, "case", "import", str(pbn_file), "--title", "Board 9: 6NT")
    assert code == 2 and "the file has 2 boards (9, 10): choose one with --board (or --game)" in err
    out = run_json(capsys, "case", "import", str(pbn_file), "--title", "Board 9: 6NT", "--board", "9", "--as", "tess")
    assert out["imported"][0]["id"] == "board-9-6nt"
    exported = run_json(capsys, "case", "export", "board-9-6nt")
    assert exported["format_version"] == 3 and exported["table_result"]["contract"] == "6NT-1"
    assert exported["board"] == {"number": 9, "dealer": "N", "vulnerability": "ew"}
    assert run_json(capsys, "case", "status", "board-9-6nt", "ruled", "--reason", "no LA", "--as", "tom") == \
        {"id": "board-9-6nt", "status": "ruled"}
    history = run_json(capsys, "case", "history", "board-9-6nt")["history"]
    assert [(h["who"], h["action"]) for h in history] == [("tess", "imported"), ("tom", "status")]
    target = tmp_path / "out.json"
    code, text, _ = run(capsys, "case", "export", "board-9-6nt", "-o", str(target))
    assert code == 0 and json.loads(target.read_text())["id"] == "board-9-6nt"
    second = run_json(capsys, "case", "import", str(pbn_file), "--title", "Board 10", "--board", "10")
    assert second["imported"][0]["id"] == "board-10"
    listed = run_json(capsys, "case", "list")["cases"]
    assert [(c["id"], c["status"]) for c in listed] == [("board-9-6nt", "ruled"), ("board-10", "open")]


def test_case_import_json_files_all_or_nothing(capsys, sqlite_url, tmp_path):
    files = sorted(str(p) for p in CASES.glob("*.json"))[:3]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format_version": 1, "id": "x"}')
    code, out, err = run(capsys, "case", "import", *files, str(broken))
    assert code == 2 and "broken.json: title: is required" in err
    assert run_json(capsys, "case", "list")["cases"] == []
    assert len(run_json(capsys, "case", "import", *files)["imported"]) == 3
    code, _, err = run(capsys, "case", "import", files[0])
    assert code == 2 and "is already a case" in err
    assert len(run_json(capsys, "case", "list")["cases"]) == 3


@pytest.mark.parametrize("argv, message", [
    (["case", "import", "{pbn}"], "--title: a case made from a PBN or LIN file needs a title"),
    (["case", "import", "{pbn}", "--title", "T", "--board", "3"], "board: the file has no board 3; it holds boards 9, 10"),
    (["case", "import", "{pbn}", "--title", "T", "--board", "x"], "argument --board: 'x' is not a board number"),
    (["case", "import", "{pbn}", "--title", "T", "--board", "9", "--room", "open"],
     "board: the file has no board 9 (open room)"),
    (["case", "import", "{pbn}", "{pbn}", "--title", "T"], "import one PBN or LIN file at a time"),
    (["case", "boards", "nowhere.pbn"], "nowhere.pbn: cannot read the file"),
    (["case", "export", "nope", "--pbn"], "case: there is no case with id 'nope'"),
    (["case", "field", "nope", "x.csv"], "case: there is no case with id 'nope'"),
    (["case", "import", "nowhere.json"], "nowhere.json: cannot read the file"),
    (["case", "export", "nope"], "case: there is no case with id 'nope'"),
    (["case", "status", "nope", "ruled"], "case: there is no case with id 'nope'"),
    (["case", "history", "nope"], "case: there is no case with id 'nope'"),
    (["case", "frobnicate"], "argument case_command: invalid choice"),
])
def test_case_command_mistakes(capsys, pbn_file, argv, message):
    code, out, err = run(capsys, *[a.replace("{pbn}", str(pbn_file)) for a in argv])
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_case_status_refuses_a_skip(capsys, pbn_file):
    run(capsys, "case", "import", str(pbn_file), "--title", "B9", "--board", "9")
    code, _, err = run(capsys, "case", "status", "b9", "appealed")
    assert code == 2 and "a case that is open can move to polling, ruled, closed, not to appealed" in err


def test_case_rule_saves_versions(capsys, sqlite_url, directors):
    assert run(capsys, "case", "import", str(CASES / "kooijman-serious-error-imps.json"),
               str(CASES / "kooijman-weighted-mp.json"), "--as", "tess")[0] == 0
    assert run(capsys, "case", "rulings", "kooijman-weighted-mp")[1].strip() == "No ruling saved for kooijman-weighted-mp."
    code, out, _ = run(capsys, "case", "rule", "kooijman-serious-error-imps", "--as", "tess")
    assert code == 0 and out.startswith("Saved ruling version 1 of kooijman-serious-error-imps.")
    assert "North-South: -500: -11 IMPs." in out
    code, out, _ = run(capsys, "case", "rule", "kooijman-serious-error-imps", "--as", "tess", "--language", "de")
    assert code == 0 and out.startswith("Version 2 der Entscheidung zu kooijman-serious-error-imps gespeichert.")
    saved = run_json(capsys, "case", "rule", "kooijman-serious-error-imps", "--as", "tom")
    assert saved["version"] == 3 and saved["scores"]["EW"]["imps"] == "4"
    listed = run_json(capsys, "case", "rulings", "kooijman-serious-error-imps")["rulings"]
    assert [(r["version"], r["who"], r["adjusted"]) for r in listed] == [(1, "tess", True), (2, "tess", True),
                                                                          (3, "tom", True)]
    status = run_json(capsys, "case", "list")["cases"]
    assert {c["id"]: c["status"] for c in status} == {"kooijman-serious-error-imps": "ruled",
                                                      "kooijman-weighted-mp": "open"}


def test_case_rule_mistakes(capsys, sqlite_url, tmp_path):
    data = json.loads((CASES / "kooijman-weighted-mp.json").read_text())
    del data["ruling"]
    (tmp_path / "bare.json").write_text(json.dumps(data))
    assert run(capsys, "case", "import", str(tmp_path / "bare.json"))[0] == 0
    code, out, err = run(capsys, "case", "rule", "kooijman-weighted-mp")
    assert code == 2 and out == "" and "ruling: case 'kooijman-weighted-mp' has no ruling section" in err
    code, _, err = run(capsys, "case", "rulings", "nothing-here")
    assert code == 2 and "there is no case with id 'nothing-here'" in err


def test_calibrate_the_demonstration_corpus(capsys):
    out = run_json(capsys, "calibrate", str(CASES.parent / "research" / "demo-corpus.csv"), "--draws", "10")
    corpus = out["corpus"]
    assert (corpus["rows"], corpus["cases"], corpus["synthetic_rows"], corpus["with_counts"]) == (500, 500, 500, 500)
    assert corpus["label"] == "the corpus given" and corpus["by_evidence"] == {"counted poll": 500}
    fits = {f["group"]: f for f in out["implied_thresholds"]}
    assert fits["director: EBU"]["low"] <= 0.20 <= fits["director: EBU"]["high"]
    oc = out["operating_characteristic"]
    assert oc["wrong_verdict"]["5"] == 0.4095 and (oc["smallest_poll_90"], oc["first_poll_right_90"]) == (37, 25)
    small = {f["group"] for f in out["implied_thresholds"] if f["decisions"] < 30}
    assert {w.split(": the threshold")[0] for w in out["warnings"]} == small    # every thin estimate is flagged


def test_calibrate_opens_the_published_rulings_by_default_and_the_synthetic_corpus_only_on_request(capsys):
    out = run_json(capsys, "calibrate", "--draws", "10")
    assert out["corpus"]["label"] == "the confirmed published rulings (real)" and out["corpus"]["synthetic_rows"] == 0
    assert out["warnings"][0].startswith("18 rows left out of the fits")
    assert any("rests on 11 decision(s)" in w for w in out["warnings"])        # too few: said plainly
    director, committee = out["implied_thresholds"][:2]
    # the relative likelihoods the words print, in the JSON too; no estimate is null, not NaN
    assert director["relative_likelihood"] == {"0.2": 0.63, "0.25": 0.924, "0.3": 0.991, "0.3333": 0.887}
    assert "0.63 at 20%, 0.92 at 25%, 0.99 at 30%, 0.89 at 33%" in director["words"]
    assert committee["threshold"] is None and committee["moved_low"] is None
    # no estimate, so no hint to read: said so
    assert "committee: all: no estimate from 3 decision(s); at least 30 are needed before a threshold says where " \
           "the line lies" in out["warnings"] and not any(w.startswith("committee") and "hint" in w for w in out["warnings"])
    code, text, _ = run(capsys, "calibrate", "--synthetic", "--draws", "10")
    assert code == 0 and text.startswith("Corpus: the SYNTHETIC demonstration corpus (not real rulings)")
    code, _, err = run(capsys, "calibrate", "x.csv", "--synthetic")
    assert code == 2 and "give a corpus file or --synthetic, not both" in err


def test_calibrate_mistakes(capsys, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("case_id,action,chose,poll_size,source\na,P,9,5,x\n")
    code, out, err = run(capsys, "calibrate", str(bad))
    assert code == 2 and out == "" and f"{bad}: row 1: chose: 9 is more than the poll size 5" in err
    code, _, err = run(capsys, "calibrate", str(CASES.parent / "research" / "demo-corpus.csv"), "--policy", "nobody")
    assert code == 2 and "'nobody' is not a policy" in err


def test_corpus_export_from_the_database(capsys, sqlite_url, tmp_path):
    slam = json.loads((CASES / "laws033-6d-slam.json").read_text())
    slam["ruling"].pop("logical_alternatives")
    slam["ruling"]["poll"] = {"counts": [{"action": "6D", "chose": 6}, {"action": "P", "chose": 3},
                                         {"action": "5H", "considered_only": 1}]}
    (tmp_path / "polled.json").write_text(json.dumps(slam, ensure_ascii=False))
    code, _, err = run(capsys, "corpus", "export", "-o", str(tmp_path / "c.csv"))
    assert code == 2 and "no stored case has a recorded poll" in err
    assert run(capsys, "case", "import", str(tmp_path / "polled.json"))[0] == 0
    assert run_json(capsys, "corpus", "export", "-o", str(tmp_path / "c.parquet"))["rows"] == 2
    import pandas as pd
    table = pd.read_parquet(tmp_path / "c.parquet")
    assert table[["action", "chose", "director_la"]].values.tolist() == [["P", 3, True], ["5H", 0, False]]
    assert run(capsys, "corpus", "export", "-o", str(tmp_path / "c.csv"))[0] == 0
    from analysis.research import calibration as research
    assert len(research.load_corpus(open(tmp_path / "c.csv"))) == 2
