"""A seeded mutation fuzzer for every way input reaches Huddle: case files, PBN and LIN files,
and every `huddle` command. Each input must be answered (a result, or a refusal in words and
exit code 2), never a traceback, an answer over 10 s of CPU, a hang or a memory blow-up.

    from fuzzing import fuzz
    report = fuzz(seconds=60, seed=1, workdir=tmp_path)
    report.crashes             # [] when every input was answered

The mutations are deterministic for a seed: byte flips, cuts, repeats and inserted edge values
in files; in case files, JSON values swapped for other types, numbers of any size (up to 20,000
digits, beyond what Python reads by default), non-finite numbers, deep nesting and long strings,
and any one value anywhere in the file (every field and every type is reachable, the simulation's
settings included: a case that reads is polled, ruled and simulated) swapped for a
value of another JSON type; every text of a case that reaches a report made a long unbroken word
or a long paragraph, then reported as HTML and PDF; research corpora and results files with
cells made non-finite, huge or of the wrong kind, and cells over the csv module's 128 KB; and in
command lines, a value swapped for an edge value (empty, negative, huge, a path outside the
folder, a device, a control character, a long string). A grammar of rulings crosses every
adjustment method with every scoring form, edition and evidence kind, a poll or a finding, a field
or none and a knockout, and follows each ruling to the report, the threshold's sensitivity and the
scores exported for the scoring program.
"""
from __future__ import annotations

import contextlib
import io
import json
import random
import resource
import signal
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted((ROOT / "data" / "cases").glob("*.json"))
HAND_RECORDS = sorted(p for p in (ROOT / "tests" / "files").rglob("*") if p.suffix in (".pbn", ".lin"))
CORPUS = ROOT / "data" / "research" / "demo-corpus.csv"
LIMIT_SECONDS = 10          # of the process's own CPU: a loaded machine's clock does not make a crash
HANG_SECONDS = 120          # of the clock: an input that has not returned by then is a hang whatever the load
LIMIT_GROWTH_MB = 600

# Paths stay inside the fuzzer's folder (it works from there): "../x" is its parent's, never "/".
EDGE_TEXT = ["", " ", "-", "--", "0", "-1", "1e309", "nan", "inf", "99999999999999999999", "4" * 4400,
             "420*100000000", "1/0", "0/0", "x" * 5000, "../x", "sub/dir", "\x00", "\u202e", "💥", "NaN",
             "null", "[]", "{}", "'; DROP TABLE case_record; --", "=HYPERLINK(\"x\")", "<script>", "![x](http://e/x)",
             "/dev/zero", "/dev/null", "7NTXX+99", "8NT=", "4S", "P", "X", "XX", "N", "Z", "both", "ns"]
EDGE_JSON = [None, True, False, 0, -1, 2 ** 70, 1e309, float("nan"), "", "x" * 20000, [], {}, [[[[[[[]]]]]]],
             {"a": {"b": {"c": {}}}}, "../../etc/passwd", "4" * 4400, -(10 ** 30), -1e309, 0.5, 1e-320,
             [1, "x", None], {"x": 1}, "N", 13, "E" * 300]
# A number of any size stands in the JSON as this marker until the text is written: Python's
# json module refuses to write an integer of more than 4,300 digits.
HUGE_NUMBER = "fuzz:huge-number"
EDGE_CELLS = ["inf", "-inf", "nan", "NaN", "1e309", "-0", "9" * 30, "9" * 5000, "", "x" * 200_000, "[1,2]",
              "{}", "true", "=1+1", "\x00", "💥" * 3000, " ".join(["word"] * 20000), "1/0", "0.5", "-1"]
LONG_TEXTS = ["W" * 30_000, "x" * 500, " ".join(["word"] * 20_000), "https://" + "a" * 5000,
              "\n".join(["line"] * 3000), "♠" * 4000]


@dataclass
class FuzzReport:
    inputs: int = 0
    answered: int = 0             # a result
    refused: int = 0              # a refusal in words (HuddleInputError, exit 2)
    crashes: list = field(default_factory=list)   # (target, input summary, what happened)
    by_target: dict = field(default_factory=dict)

    def count(self, target: str) -> None:
        self.inputs += 1
        self.by_target[target] = self.by_target.get(target, 0) + 1

    def summary(self) -> str:
        return (f"{self.inputs} inputs: {self.answered} answered, {self.refused} refused in words, "
                f"{len(self.crashes)} crashes; " + ", ".join(f"{k} {v}" for k, v in sorted(self.by_target.items())))


class _Timeout(Exception):
    pass


@contextlib.contextmanager
def _deadline(seconds: int):
    def ring(*_):
        raise _Timeout()
    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------- mutators

def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        choice = rng.random()
        at = rng.randrange(len(data) + 1)
        if choice < 0.25 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif choice < 0.45:
            del data[at:at + rng.randint(1, 200)]
        elif choice < 0.6 and data:
            start = rng.randrange(len(data))
            data[at:at] = data[start:start + rng.randint(1, 400)] * rng.randint(1, 3)
        elif choice < 0.8:
            data[at:at] = rng.choice(EDGE_TEXT).encode("utf-8", "surrogatepass")
        else:
            data[at:at] = rng.choice([b"[", b"]", b"{", b"}", b'"', b"|", b"\r", b"\n\n", b"=1=", b"*", b"+",
                                      b"#", b"##", b"AP", b"-", b"\\", b"^I", b"$1", b"mb|", b"pc|", b"md|"])
    return bytes(data)


def mutate_json(value, rng: random.Random, depth: int = 0):
    if isinstance(value, dict) and value:
        out = dict(value)
        key = rng.choice(list(out))
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.7:
            out[key] = mutate_json(out[key], rng, depth + 1)
        else:
            out[key] = rng.choice(EDGE_JSON)
        return out
    if isinstance(value, list) and value:
        out = list(value)
        k = rng.randrange(len(out))
        roll = rng.random()
        if roll < 0.2:
            del out[k]
        elif roll < 0.4:
            out.extend(out[:rng.randint(1, 3)] * rng.randint(1, 50))
        else:
            out[k] = mutate_json(out[k], rng, depth + 1) if rng.random() < 0.6 else rng.choice(EDGE_JSON)
        return out
    if isinstance(value, str) and rng.random() < 0.5:
        return rng.choice(EDGE_TEXT) if rng.random() < 0.5 else value + rng.choice(EDGE_TEXT)
    return rng.choice(EDGE_JSON)


def leaf_paths(value, path: tuple = ()) -> list[tuple]:
    """The path to every value in a JSON document, containers included (each field is a target)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += leaf_paths(inner, path + (key,))
    elif isinstance(value, list):
        for k, inner in enumerate(value):
            found += leaf_paths(inner, path + (k,))
    return found


def replaced_at(value, path: tuple, new):
    if not path:
        return new
    out = dict(value) if isinstance(value, dict) else list(value)
    out[path[0]] = replaced_at(out[path[0]], path[1:], new)
    return out


def other_type(value, rng: random.Random):
    """A value of another JSON type than ``value`` (a text for a number, a list for a text, …)."""
    kinds = {bool: [0, "true", [True]], int: ["7", 7.5, HUGE_NUMBER, 1e309, float("nan"), [7], None, True],
             float: ["0.5", HUGE_NUMBER, float("-inf"), {}], str: [7, HUGE_NUMBER, [value], {"text": value}, None, False],
             list: ["list", 3, {}, None, [[[]]]], dict: ["object", [], 1, None], type(None): [[], {}, 0, "", HUGE_NUMBER]}
    return rng.choice(kinds.get(type(value), [None]))


SIMULATION = {"deals": 4, "seed": 1, "readings": {"3": "10+ HCP, 4+ clubs", "4": "any"}, "inference": "15+ HCP",
              "contracts": {"P": "5D by S", "6D": "6D by S"}}


def case_data(rng: random.Random):
    data = json.loads(rng.choice(CASES).read_text(encoding="utf-8"))
    if rng.random() < 0.3:              # the simulation's settings too, so mutations reach them
        data["simulation"] = json.loads(json.dumps(SIMULATION))
    if rng.random() < 0.4:              # one value anywhere, of another type
        path = rng.choice(leaf_paths(data))
        data = replaced_at(data, path, other_type(_at(data, path), rng))
    for _ in range(rng.randint(0 if rng.random() < 0.4 else 1, 4)):
        data = mutate_json(data, rng)
    if rng.random() < 0.05:
        data = {"nest": data}
        for _ in range(rng.choice([10, 100, 5000])):
            data = [data]
    return data


def json_text(data, rng: random.Random) -> str:
    try:
        text = json.dumps(data, allow_nan=True)
    except (ValueError, RecursionError):
        return "[" * 5000
    while f'"{HUGE_NUMBER}"' in text:
        digits = "".join(rng.choice("0123456789") for _ in range(rng.choice([25, 400, 4301, 20_000])))
        text = text.replace(f'"{HUGE_NUMBER}"', rng.choice(["", "-"]) + "9" + digits, 1)
    return text


def case_text(rng: random.Random) -> str:
    return json_text(case_data(rng), rng)


# ---------------------------------------------------------------- targets

def _run(report: FuzzReport, target: str, summary: str, call) -> None:
    """One input: a result or a HuddleInputError; anything else, or too long, or too much
    memory, is a crash."""
    from analysis.errors import HuddleInputError
    report.count(target)
    before = _rss_mb()
    started = time.process_time()
    try:
        with _deadline(HANG_SECONDS):
            outcome = call()
    except HuddleInputError:
        report.refused += 1
        return
    except _Timeout:
        report.crashes.append((target, summary, f"no answer within {HANG_SECONDS} s"))
        return
    except BaseException as exc:  # noqa: BLE001 - every other way out is what the fuzzer looks for
        if isinstance(exc, KeyboardInterrupt):
            raise
        where = traceback.extract_tb(exc.__traceback__)[-1]
        report.crashes.append((target, summary, "".join(traceback.format_exception_only(exc)).strip()[-300:]
                               + f" (at {Path(where.filename).name}:{where.lineno})"))
        return
    grown = _rss_mb() - before
    if grown > LIMIT_GROWTH_MB:
        report.crashes.append((target, summary, f"memory grew by {grown:.0f} MB"))
    elif time.process_time() - started > LIMIT_SECONDS:
        report.crashes.append((target, summary, f"answered, but after more than {LIMIT_SECONDS} s of CPU"))
    elif outcome == "refused":
        report.refused += 1
    else:
        report.answered += 1


def fuzz_case_file(report: FuzzReport, rng: random.Random) -> None:
    from analysis.law import case as case_files
    text = case_text(rng)
    _run(report, "case file", text[:120], lambda: _use(case_files.loads(text)))


def _use(case) -> None:
    """A case that reads is also polled (its call, lead or card) and ruled: each step may refuse
    in words, and none may crash."""
    from dataclasses import replace
    from analysis.errors import HuddleInputError
    from analysis.evidence.simulation import simulate
    from analysis.law.ruling.engine import rule
    from analysis.polls.problem import build_poll
    few = replace(case.simulation, deals=min(case.simulation.deals, 4)) if case.simulation else None
    for step in (lambda: build_poll(case, "What do you do?", walk_from=0),
                 lambda: build_poll(case, q4=True), lambda: rule(case) if case.ruling else None,
                 lambda: simulate(case, few) if few else None):
        try:
            step()
        except HuddleInputError:
            pass


# ---------------------------------------------------------------- a grammar of rulings

RULED = sorted((ROOT / "tests" / "cases" / "rulings").glob("*.json")) + CASES
EVIDENCE = [
    {"kind": "consultation", "when": "after the session", "people": [
        {"name": "A", "class": "expert", "views": [{"action": "P", "la": True, "why": "close"}]},
        {"name": "B", "class": "director", "views": [{"action": "P", "la": False, "why": ""}]}]},
    {"kind": "published poll", "shares": {"P": "30%"}, "asked": 10, "source": "a bulletin"},
    {"kind": "published poll", "verdict": "P is a logical alternative"},
    {"kind": "committee poll", "chose": {"P": 2, "X": 3}, "asked": 5},
    {"kind": "committee vote", "action": "P", "for": 3, "against": 2, "reason": "close"},
    {"kind": "field", "tables": 12, "actions": {"P": 4, "X": 8}},
]


def ruling_combination(rng: random.Random) -> dict:
    """A case from the grammar of rulings: a ruled case's facts, with any adjustment method (its
    trees taken from a case ruled by it), any scoring form, edition, evidence kinds, a poll or a
    finding, a field or none, a knockout or not."""
    cases = [json.loads(p.read_text(encoding="utf-8")) for p in rng.sample(RULED, 2)]
    data, donor = cases
    data.setdefault("ruling", {})
    method = ((donor.get("ruling") or {}).get("adjustment") or {}).get("method", "weighted")
    if donor.get("ruling", {}).get("adjustment") and rng.random() < 0.7:
        data["ruling"]["adjustment"] = donor["ruling"]["adjustment"]
    data["scoring"] = rng.choice(["matchpoints", "imps", "butler", "cross-imps", "bam", "total points"])
    data["laws"] = rng.choice(["1997", "2007", "2017"])
    if rng.random() < 0.2:
        data["kind"] = rng.choice(["UI", "MI", "unplayable"])
    if rng.random() < 0.5:
        data["ruling"]["poll"] = {"counts": [{"action": a, "chose": rng.randint(0, 8), "close": rng.randint(0, 2),
                                              "considered_only": rng.randint(0, 3)}
                                             for a in rng.sample(["P", "X", "3S", "4S", "4NT", "5D", "6D"], rng.randint(1, 3))]}
        data["ruling"].pop("logical_alternatives", None)
    elif rng.random() < 0.5:
        data["ruling"].pop("poll", None)
        data["ruling"]["logical_alternatives"] = {"finding": rng.sample(["P", "X", "4S"], rng.randint(0, 2)),
                                                  "reason": "the director's"}
    data["evidence"] = rng.sample(EVIDENCE, rng.randint(0, 3))
    data["field"] = rng.choice([[], [420, 420, 400, -50], [100] * 30, [-1430, 1430]])
    if data["scoring"] in ("imps", "bam") and rng.random() < 0.5:
        data["knockout"] = rng.random() < 0.5
        data["other_table"] = rng.choice([420, -50, None])
    if rng.random() < 0.3:
        data["ruling"]["adjustment"] = {"method": "artificial", "artificial": rng.choice(
            [{"non_offenders": "ave+", "offenders": "ave-"}, {"NS": "ave", "EW": "ave-"}, {"NS": "ave+", "EW": "ave+"}])}
    data["id"] = f"grammar-{method}"
    return data


def fuzz_ruling_grammar(report: FuzzReport, rng: random.Random) -> None:
    """A case from the grammar, ruled, reported, its threshold moved and its scores exported for
    the scoring program: each step answers or refuses in words."""
    from analysis.law import case as case_files
    data = ruling_combination(rng)
    summary = f"{data['id']} {data['scoring']} {data['laws']} {data.get('kind')} " + ",".join(
        e["kind"] for e in data["evidence"])
    _run(report, "ruling grammar", summary, lambda: _rule_everywhere(case_files.loads(json.dumps(data))))


def _rule_everywhere(case) -> None:
    from analysis.errors import HuddleInputError
    from analysis.law.appeal.committee import ruling_in_force, threshold_sensitivity
    from analysis.law.ruling.engine import rule
    from analysis.language import ENGLISH
    from reports.content import report_for_file
    from reports.score_export import scores_csv, scores_usebio
    ruling = rule(case)
    in_force = ruling_in_force(ruling)
    for step in (lambda: report_for_file(case, ENGLISH), lambda: threshold_sensitivity(case),
                 lambda: scores_csv(case, in_force), lambda: scores_usebio(case, in_force)):
        try:
            step()
        except HuddleInputError:
            pass


def fuzz_report(report: FuzzReport, rng: random.Random, work: Path) -> None:
    """A case whose texts are long (one unbroken word, a paragraph of thousands of words) in
    any of the places a report prints them, reported as HTML and PDF."""
    data = json.loads(rng.choice(CASES).read_text(encoding="utf-8"))
    texts = [p for p in leaf_paths(data) if _at(data, p).__class__ is str and p[0] not in ("id", "format_version")]
    for path in rng.sample(texts, min(len(texts), rng.randint(1, 3))):
        data = replaced_at(data, path, rng.choice(LONG_TEXTS) if rng.random() < 0.8 else _at(data, path) + rng.choice(LONG_TEXTS))
    for key in rng.sample(["notes", "source_ruling", "event", "session", "class_of_players", "title"], rng.randint(0, 2)):
        data[key] = rng.choice(LONG_TEXTS)
    path = work / "report-case.json"
    path.write_text(json_text(data, rng), encoding="utf-8")
    _run(report, "report", f"{data.get('id')} with long texts", lambda: _cli(["report", str(path), "-o", str(work / "reports")]))


def _at(data, path: tuple):
    for step in path:
        data = data[step]
    return data


def _mutated_cells(text: str, rng: random.Random) -> str:
    """A CSV table with a few cells made edge values (non-finite, huge, of the wrong kind)."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(1, len(lines)) if len(lines) > 1 else 0
        cells = lines[k].split(",")
        cells[rng.randrange(len(cells))] = rng.choice(EDGE_CELLS)
        lines[k] = ",".join(cells)
    if rng.random() < 0.2:
        lines[0] = lines[0].replace(rng.choice(lines[0].split(",")), rng.choice(EDGE_CELLS), 1)
    return "\n".join(lines) + "\n"


def fuzz_corpus(report: FuzzReport, rng: random.Random) -> None:
    from analysis.research import calibration as research
    text = CORPUS.read_text(encoding="utf-8")
    rows = text.splitlines()
    text = "\n".join(rows[:1] + rng.sample(rows[1:], min(len(rows) - 1, 120))) + "\n"
    text = _mutated_cells(text, rng)

    def study():
        from analysis.research import growth
        corpus = research.loads_corpus(text.encode("utf-8", "surrogatepass"))
        # the grid coarser than the command's: the fuzzer tries the reading of the input, not the precision
        research.implied_thresholds(corpus, grid=COARSE_GRID)
        research.sensitivity(corpus)
        research.left_out_rows(corpus)
        research.consistent_thresholds(corpus)
        growth.rulings_needed(corpus, draws=10, grid=COARSE_GRID)
    _run(report, "research corpus", text[:120], study)


COARSE_GRID = np.round(np.arange(0.05, 0.951, 0.05), 2)


RESULTS_CSV = ("board,contract,declarer,tricks,ns_score,ns_pair,ew_pair\n1,4S,N,10,420,1,2\n1,3NT,S,9,400,3,4\n"
               "1,4SX,N,8,-200,5,6\n2,2H,E,8,-110,1,2\n1,Pass,,,0,7,8\n")


def fuzz_results_file(report: FuzzReport, rng: random.Random) -> None:
    from analysis.files import results as field_files
    text = _mutated_cells(RESULTS_CSV, rng)
    _run(report, "results file", text[:120],
         lambda: field_files.rows_for_board(text.encode("utf-8", "surrogatepass"), "csv", 1, "none"))


def fuzz_hand_record(report: FuzzReport, rng: random.Random) -> None:
    from analysis.files.games import read_games
    from analysis.language import ENGLISH
    path = rng.choice(HAND_RECORDS)
    data = mutate_bytes(path.read_bytes(), rng)
    _run(report, "PBN/LIN", f"{path.name} mutated ({len(data)} bytes)", lambda: read_games(data, path.name, ENGLISH))


def _cli(argv: list[str], stdin: str = "") -> str:
    """`huddle ARGV` in this process: 0 answered, 2 refused in words; a traceback propagates."""
    from huddle import cli
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(argv)
            except SystemExit as exc:      # argparse's usage errors
                code = exc.code
    finally:
        sys.stdin = old_stdin
    if code not in (0, 2):
        raise RuntimeError(f"exit code {code}: {err.getvalue()[-300:]}")
    if "Traceback" in err.getvalue():
        raise RuntimeError(err.getvalue()[-400:])
    return "refused" if code == 2 else "answered"


def cli_seeds(work: Path) -> list[list[str]]:
    """One command line per command, with files the commands read."""
    case_file = str(CASES[0])
    pbn = str(ROOT / "tests" / "files" / "pbn-js" / "Schiphol.pbn")
    lin = str(ROOT / "tests" / "files" / "pbntools" / "history" / "3381683999.lin")
    results = str(ROOT / "tests" / "files" / "pbn-js" / "ruter71.pbn")
    csv_results, usebio = work / "results.csv", work / "results.xml"
    csv_results.write_text("board,contract,declarer,tricks,ns_score,ns_pair,ew_pair\n"
                           "1,4S,N,10,420,1,2\n1,3NT,S,9,400,3,4\n1,4SX,N,8,-200,5,6\n")
    usebio.write_text("<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
                      "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>"
                      "<PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>"
                      "</EVENT></USEBIO>")
    return [
        ["case", "field", "laws033-case-a", str(csv_results), "--board", "1"],
        ["case", "field", "laws033-case-a", str(usebio), "--board", "1", "--ns-pair", "1"],
        ["score", "4SX-3", "--by", "S", "--vul", "both"],
        ["mp", "--field", "420*4 400*2 170 150 -50*3", "--adjusted", "400:1/3 -50:1/3 420:1/6 -50:1/6"],
        ["imp", "--other", "140", "--adjusted", "620:2/3 -100:1/3"],
        ["la", "--chose", "4S=6 X=2 Pass=2", "--close", "Pass=1", "--table-action", "4S", "--policy", "wbf2017"],
        ["la", "--chose", "4S=3 P=2", "--table-action", "4S", "--policy", "custom", "--select-min-count", "2",
         "--select-min-share", "1/5", "--no-la-above", "4/5"],
        ["rule", case_file], ["rule", case_file, "--policy", "ebu"], ["methods", "--laws", "2007"],
        ["simulate", str(ROOT / "data" / "cases" / "laws033-6d-slam.json"), "--deals", "4", "--seed", "2",
         "--inference", "15+ HCP", "--reading", "4=10+ HCP", "--contract", "P=5D by S"],
        ["report", case_file, "--html", "-o", str(work / "reports")],
        ["calibrate", str(CORPUS), "--delta", "0.1"],
        ["case", "import", case_file], ["case", "import", pbn, "--title", "Fuzz", "--board", "1"],
        ["case", "import", lin, "--title", "Fuzz LIN", "--id", "fuzz-lin"],
        ["case", "boards", pbn], ["case", "list"], ["case", "export", "boston-3h"],
        ["case", "export", "boston-3h", "--pbn"], ["case", "scores", "boston-3h", "--format", "usebio"],
        ["case", "field", "laws033-case-a", results, "--board", "1"],
        ["case", "status", "boston-3h", "closed", "--reason", "done"], ["case", "history", "boston-3h"],
        ["case", "rule", "boston-3h"], ["case", "rulings", "boston-3h"],
        ["corpus", "export", "-o", str(work / "corpus.csv")],
        ["user", "add", "fuzzer", "--role", "committee", "--password-stdin"],
        ["user", "passwd", "fuzzer", "--password-stdin"], ["user", "disable", "fuzzer"],
        ["addresses", "--port", "8501"],
        ["org", "add", "north", "--name", "North BC"], ["org", "list"],
        ["org", "add", "nbo", "--name", "National", "--kind", "federation", "--share-panel", "--share-research"],
        ["org", "add", "south", "--name", "South BC", "--federation", "nbo"],
        ["org", "rename", "default", "--name", "Riverside BC"],
        ["user", "grant", "fuzzer", "researcher", "--org", "north"], ["user", "revoke", "fuzzer", "--org", "north"],
        ["user", "list", "--org", "default"], ["case", "list", "--org", "north"],
        ["case", "export", "boston-3h", "--as", "fuzzer", "--org", "default"],
    ]


def fuzz_cli(report: FuzzReport, rng: random.Random, work: Path, seeds: list[list[str]]) -> None:
    argv = list(rng.choice(seeds))
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(argv))
        roll = rng.random()
        if roll < 0.6:
            argv[k] = rng.choice(EDGE_TEXT)
        elif roll < 0.75:
            argv.insert(k, rng.choice(["--json", "--board", "--id", "--as", "--org", "--room", "--game", "-o", "--format"]))
        elif roll < 0.85 and argv[k].endswith((".json", ".pbn", ".lin", ".csv", ".xml")) and Path(argv[k]).exists():
            mutated = work / f"mutated{rng.randrange(1000)}{Path(argv[k]).suffix}"
            source = Path(argv[k]).read_bytes()
            mutated.write_bytes(case_text(rng).encode() if argv[k].endswith(".json") else mutate_bytes(source, rng))
            argv[k] = str(mutated)
        else:
            del argv[k]
            if not argv:
                argv = ["--help"]
    stdin = rng.choice(["a-long-password\n", "", "short\n", "x" * 100000])
    _run(report, "CLI", " ".join(a[:40] for a in argv), lambda: _cli(argv, stdin))


def fuzz(seconds: float | None, seed: int, workdir: Path, inputs: int | None = None) -> FuzzReport:
    """Fuzz each target in turn (case files, PBN/LIN, the CLI, research corpora, results files,
    reports of cases with long texts) until ``seconds`` have passed or ``inputs`` have been tried:
    with ``inputs`` alone, the same inputs on any machine, however fast."""
    import os
    workdir.mkdir(parents=True, exist_ok=True)
    os.environ["HUDDLE_DATABASE_URL"] = f"sqlite:///{workdir / 'fuzz.sqlite'}"
    os.environ["HUDDLE_REPORTS_DIR"] = str(workdir / "reports")
    os.environ.setdefault("HUDDLE_SECRET_KEY", "fuzzing")
    from polling import setup
    setup.prepare_database()
    rng, report = random.Random(seed), FuzzReport()
    seeds = cli_seeds(workdir)
    end = time.monotonic() + seconds if seconds is not None else float("inf")
    targets = (fuzz_case_file, fuzz_hand_record, lambda r, g: fuzz_cli(r, g, workdir, seeds), fuzz_case_file,
               fuzz_corpus, fuzz_results_file, lambda r, g: fuzz_report(r, g, workdir), fuzz_ruling_grammar)
    k = 0
    here = os.getcwd()
    os.chdir(workdir)                  # whatever a command writes to a relative path lands here
    try:
        while time.monotonic() < end and (inputs is None or report.inputs < inputs):
            targets[k % len(targets)](report, rng)
            k += 1
    finally:
        os.chdir(here)
    return report
