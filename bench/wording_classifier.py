"""Experiment: the wording check's word lists beside a classifier trained on labelled sentences,
measured on the same texts neither was built on (tests/wording/december-unseen-<code>.csv).

The classifier is character n-grams (2 to 5, within words) weighted by TF-IDF with a logistic
regression, trained on every other labelled set of the language (labelled, heldout, fresh,
december: about 300 sentences, half of them giveaways), its accuracy cross-validated in five folds.
scikit-learn is not one of Huddle's dependencies; the experiment needs it in the environment that
runs it (`pip install scikit-learn`). docs/languages.md gives the figures of a run.

    python bench/wording_classifier.py
"""
from __future__ import annotations

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SETS = ROOT / "tests" / "wording"
TRAINING = ("labelled", "heldout", "fresh", "december")


def _load(name: str, code: str) -> list[tuple[str, bool]]:
    return [(r["text"], r["label"] == "giveaway") for r in csv.DictReader((SETS / f"{name}-{code}.csv").open(encoding="utf-8"))]


def _counts(flags: list[bool], texts: list[tuple[str, bool]]) -> tuple[int, int, int, int]:
    caught = sum(f for f, (_, g) in zip(flags, texts) if g)
    alarms = sum(f for f, (_, g) in zip(flags, texts) if not g)
    giveaways = sum(g for _, g in texts)
    return caught, giveaways, alarms, len(texts) - giveaways


def main() -> None:
    try:
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import StratifiedKFold, cross_val_score
        from sklearn.pipeline import make_pipeline
    except ImportError:
        sys.exit("this experiment needs scikit-learn (pip install scikit-learn); Huddle itself does not")
    from analysis.polls.wording import wording_findings
    print(f"{'language':<9} {'word lists: caught, false alarms':<34} {'classifier: caught, false alarms':<34} cross-validated")
    for code in ("fr", "de", "nl"):
        train = [row for name in TRAINING for row in _load(name, code)]
        unseen = _load("december-unseen", code)
        model = make_pipeline(TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True),
                              LogisticRegression(C=10, max_iter=2000, class_weight="balanced"))
        texts, labels = [t for t, _ in train], [g for _, g in train]
        folds = cross_val_score(model, texts, labels, cv=StratifiedKFold(5, shuffle=True, random_state=0))
        model.fit(texts, labels)
        lists = _counts([bool(wording_findings(t, language=code)) for t, _ in unseen], unseen)
        learnt = _counts([bool(p) for p in model.predict([t for t, _ in unseen])], unseen)
        said = [f"{c} of {g}, {a} of {i}" for c, g, a, i in (lists, learnt)]
        print(f"{code:<9} {said[0]:<34} {said[1]:<34} {folds.mean():.0%} of {len(train)} sentences")


if __name__ == "__main__":
    main()
