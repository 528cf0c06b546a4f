"""The fuzzer over case files, PBN and LIN files, research corpora, results files, reports and
every `huddle` command: a seeded run of a fixed number of inputs in the suite, the same on any
machine (bench/fuzz.py runs for a time). Every input is answered or refused in words."""
import os

import pytest

from fuzzing import ROOT, fuzz

INPUTS = int(os.environ.get("HUDDLE_FUZZ_INPUTS", "400"))     # bench/fuzz.py runs for longer


@pytest.mark.parametrize("seed", [20261123])
def test_every_fuzzed_input_is_answered_or_refused_in_words(tmp_path, monkeypatch, seed):
    for name in ("HUDDLE_DATABASE_URL", "HUDDLE_REPORTS_DIR", "HUDDLE_SECRET_KEY"):
        monkeypatch.setenv(name, "")             # restored afterwards; fuzz() sets its own
    monkeypatch.delenv("HUDDLE_SECRET_KEY")
    # the browser tests' screenshots folder may appear meanwhile (the suite runs on every core)
    before = set(os.listdir(ROOT)) | {"test-artifacts"}
    report = fuzz(None, seed, tmp_path, inputs=INPUTS)
    assert set(os.listdir(ROOT)) | {"test-artifacts"} == before      # nothing written into the project, whatever the paths
    assert report.inputs == INPUTS and report.refused > 0 and report.answered > 0, report.summary()
    assert set(report.by_target) == {"case file", "PBN/LIN", "CLI", "research corpus", "results file", "report",
                                     "ruling grammar"}
    assert not report.crashes, "\n".join(f"{t}: {w} <- {s[:200]}" for t, s, w in report.crashes[:20])
