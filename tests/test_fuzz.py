"""The fuzzer over case files, PBN and LIN files and every `huddle` command: a bounded, seeded
run in the suite (bench/fuzz.py runs longer). Every input is answered or refused in words."""
import os

import pytest

from fuzzing import ROOT, fuzz

SECONDS = float(os.environ.get("HUDDLE_FUZZ_SECONDS", "45"))


@pytest.mark.parametrize("seed", [20261123])
def test_every_fuzzed_input_is_answered_or_refused_in_words(tmp_path, monkeypatch, seed):
    for name in ("HUDDLE_DATABASE_URL", "HUDDLE_REPORTS_DIR", "HUDDLE_SECRET_KEY"):
        monkeypatch.setenv(name, "")             # restored afterwards; fuzz() sets its own
    monkeypatch.delenv("HUDDLE_SECRET_KEY")
    before = set(os.listdir(ROOT))
    report = fuzz(SECONDS, seed, tmp_path)
    assert set(os.listdir(ROOT)) == before            # nothing written into the project, whatever the paths
    assert report.inputs > 1000 and report.refused > 0 and report.answered > 0, report.summary()
    assert not report.crashes, "\n".join(f"{t}: {w} <- {s[:200]}" for t, s, w in report.crashes[:20])
