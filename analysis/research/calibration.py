"""Research on the "significant proportion" threshold: a corpus of polled actions with the
rulings made on them, and the analyses that calibrate and size polls.

    from analysis.research import calibration as research
    corpus = research.load_corpus(open("data/research/demo-corpus.csv"))
    research.implied_thresholds(corpus)                 # per decider and jurisdiction
    oc = research.operating_characteristic("wbf2017")   # P(LA verdict) by poll size and true share
    oc.p_la_at(5, 0.10), oc.smallest_poll(0.10)

The corpus has one row per action per poll (CORPUS_COLUMNS). The tested share is the share of
pollees who seriously considered the action (chose + close + considered_only), the share the
consideration thresholds of la-policies.md test.

Models, stated so they can be argued with:
- Operating characteristic: each pollee independently considers the action with probability p
  (the true share among the class of players); the verdict is the policy's threshold test on the
  count (the "some might select" and "no LA above" tests are not modelled). Exact binomial.
- Implied threshold, true-share model: a decider rules "LA" when the true share (among all the
  player's peers; the poll a sample of them) is at least t. The true shares follow a Beta(a, b),
  so given c of n considered a poll's share has the posterior Beta(a + c, b + n − c), and
  P(LA | t) = ε + (1 − 2ε)·P(p ≥ t | c, n), with a small lapse rate ε for rulings made on other
  grounds. t and the spread (a, b) are fitted together by maximum likelihood over the counts and
  the decisions (a weakly informative prior on log a and log b, SPREAD_PRIOR_*); the interval is
  the profile-likelihood interval (every t whose profile is within the chi-square bound of the
  best). When it reaches 0% or 100% the threshold is not identified and no estimate is given.
  bench/coverage.py measures how often the interval holds the true threshold.
- Observed-share model: the decider rules "LA" when the poll's own share c/n is at least t (as the
  policies' tests read a poll), with the same lapse. analysis.research.models sets the two side by
  side, with a smooth rule, and says whether the decisions can tell them apart.

This module is the research's surface in one name (a notebook imports it alone); each part lives
in its own module: the corpus (``corpus``), operating characteristics (``operating``), implied
thresholds (``thresholds``), what the rulings agree on (``agreement``), which decisions a threshold
would reverse (``sensitivity``), the models side by side (``models``), how many rulings it would
take (``growth``) and open data packages (``packages``).
"""
from __future__ import annotations

from analysis.limits import MAX_CORPUS_ROWS
from analysis.research.agreement import Disagreement, consistent_thresholds, consistent_words, disagreements
from analysis.research.corpus import (ALL, CORPUS_COLUMNS, COUNT_COLUMNS, COUNTS_EXACT, DECIDER_NAMES, DECIDER_WORDS,
                                      DECIDERS, DIRECTOR_BASES, EVIDENCE_TYPES, INCLUDABLE, KINDS, LEFT_OUT,
                                      POLL_QUESTIONS, SHARED_SOURCE, anonymised, corpus_frame, corpus_rows,
                                      corpus_summary, counted_rows, dumps_corpus, evidence_rows, left_out_rows,
                                      load_corpus, loads_corpus, synthetic_corpus)
from analysis.research.operating import (OperatingCharacteristic, least_count, operating_characteristic,
                                         settled_verdict, simulate_operating_characteristic)
from analysis.research.sensitivity import flip_counts, sensitivity
from analysis.research.thresholds import (FEW_DECISIONS, LEVEL, MAX_JURISDICTION_FITS, MODELS, SPREAD_PRIOR_CENTRE,
                                          SPREAD_PRIOR_SD, THRESHOLD_GRID, ThresholdFit, fit_work, fitted_jurisdictions,
                                          implied_threshold, implied_thresholds, jurisdictions_left_out, share_prior,
                                          threshold_profile, too_few_decisions)

__all__ = ["CORPUS_COLUMNS", "corpus_frame", "loads_corpus", "load_corpus", "dumps_corpus", "anonymised", "SHARED_SOURCE",
           "corpus_rows", "evidence_rows", "corpus_summary", "counted_rows", "left_out_rows", "LEFT_OUT", "INCLUDABLE",
           "EVIDENCE_TYPES", "KINDS", "POLL_QUESTIONS", "COUNTS_EXACT", "COUNT_COLUMNS", "DIRECTOR_BASES", "DECIDERS",
           "DECIDER_WORDS", "DECIDER_NAMES", "ALL", "synthetic_corpus",
           "operating_characteristic", "OperatingCharacteristic", "simulate_operating_characteristic",
           "settled_verdict", "least_count",
           "implied_threshold", "implied_thresholds", "ThresholdFit", "MODELS", "THRESHOLD_GRID", "LEVEL",
           "SPREAD_PRIOR_CENTRE", "SPREAD_PRIOR_SD", "share_prior", "threshold_profile", "fitted_jurisdictions",
           "jurisdictions_left_out", "too_few_decisions", "FEW_DECISIONS", "MAX_JURISDICTION_FITS", "fit_work",
           "consistent_thresholds", "consistent_words", "disagreements", "Disagreement",
           "sensitivity", "flip_counts", "MAX_CORPUS_ROWS"]
