"""Writes data/research/demo-corpus.csv: a SYNTHETIC demonstration corpus from the model stated
in analysis.research.calibration.synthetic_corpus (500 polled actions; seed 2026; directors rule at 20% in
the EBU and WBF and 25% in the ACBL, committees at 20%, 25% and 30%; 2% of rulings flipped at
random). Every row's source says it is synthetic.

    python data/research/generate_corpus.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from analysis.research import calibration as research  # noqa: E402

if __name__ == "__main__":
    corpus = research.synthetic_corpus(500, seed=2026)
    (HERE / "demo-corpus.csv").write_text(research.dumps_corpus(corpus), encoding="utf-8")
    print(f"wrote {len(corpus)} rows to {HERE / 'demo-corpus.csv'}")
