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
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO, Iterable, Mapping

import numpy as np
import pandas as pd
from scipy import optimize, special, stats

from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, N_, AsTyped, Count, Listed, Message, Rounded, Share
from analysis.limits import MAX_CORPUS_ROWS, MAX_POLL_COUNT, check_file_size
from analysis.files.text import check_table, decode, spreadsheet_safe
from analysis.law.la_evidence import CommitteePoll, CommitteeVote, Consultation, PublishedPoll
from analysis.law.logical_alternatives import LAVerdict, Policy, action_name, policy as named_policy
from analysis.polls.classes import class_of
from analysis.polls.kinds import POLL_TYPES
from analysis.numbers import parse_fraction, percent

CORPUS_COLUMNS = ("case_id", "action", "chose", "close", "considered_only", "poll_size", "table_action",
                  "director_la", "committee_la", "policy", "jurisdiction", "class_of_players", "source",
                  "poll_type", "diverged", "evidence", "published_share", "year", "laws", "case_number",
                  # the published-rulings format (docs/research.md): what a published poll was
                  "kind", "event", "policy_named", "poll_asked", "self_poll", "pollees_told", "counts_exact",
                  "source_address", "quote", "notes", "director_basis")
# How the finding on the action was reached. Only a counted poll (of peers, or of the committee's
# own members) has counts and a number asked.
EVIDENCE_TYPES = (N_("counted poll"), N_("committee poll"), N_("published percentages"), N_("verdict only"),
                  N_("finding without a poll"), N_("committee vote"), N_("consultation"), N_("field"), N_("poll in words"))
COUNTED_EVIDENCE = ("counted poll", "committee poll")
TEXT_COLUMNS = ("case_id", "action", "table_action", "policy", "jurisdiction", "class_of_players", "source",
                "poll_type", "evidence", "laws", "case_number", "kind", "event", "policy_named", "poll_asked",
                "pollees_told", "counts_exact", "source_address", "quote", "notes", "director_basis")
KINDS = ("ruling", "appeal", "teaching example")
# What the poll asked: only a poll of the offending side's call for its logical alternatives
# (Law 16B1) speaks to the threshold; the others are kept for what they show.
POLL_QUESTIONS = ("logical alternatives", "likely action", "non-offending side", "serious error")
COUNTS_EXACT = ("yes", "partial", "rounded share", "in words")
# how the director's finding on the action was reached: the policy's verdict on the poll's counts,
# or her own judgement (no poll, or beside one the event's rules do not let decide)
DIRECTOR_BASES = ("policy", "judgement")
# Why a row stays out of a fit by default. The four of INCLUDABLE have counts and a researcher may
# put them in (``include``); the others have none.
LEFT_OUT = {"teaching example": N_("a poll posed to readers as an example, not for a ruling"),
            "self-poll": N_("the committee polled its own members"),
            "not the offending side": N_("a poll of the non-offending side's action or of a serious error, "
                                         "not of the offending side's call"),
            "likely action": N_("a poll of the likely action under misinformation, not of logical alternatives"),
            "no poll": N_("a share or a finding stated without a poll"),
            "in words": N_("the poll told in words, without counts"),
            "no counts": N_("no counts with the number asked")}     # said by its evidence type (NO_COUNTS)
INCLUDABLE = (N_("teaching example"), N_("self-poll"), N_("not the offending side"), N_("likely action"))
COUNT_COLUMNS = ("chose", "close", "considered_only", "poll_size", "diverged")
DECIDERS = {"director": "director_la", "committee": "committee_la"}
DECIDER_WORDS = {"director": N_("directors"), "committee": N_("committees")}
DECIDER_NAMES = {"director": N_("director"), "committee": N_("committee")}
# the groups a corpus is fitted in beside all its decisions (implied_thresholds)
ALL = N_("all")
POLL_TYPE_GROUPS = {"call": N_("call polls"), "lead": N_("lead polls"), "play": N_("play polls")}
_TRUE, _FALSE = {"true", "yes", "la", "1", "y", "t"}, {"false", "no", "not la", "0", "n", "f"}


# ---------------------------------------------------------------- the corpus

def corpus_frame(rows: Iterable[Mapping] | pd.DataFrame) -> pd.DataFrame:
    """A validated corpus: counts whole and consistent, findings True / False / None, every row
    with a source. Problems name the row (1 = first data row) and the column."""
    frame = pd.DataFrame(rows if isinstance(rows, pd.DataFrame) else list(rows))
    if frame.empty:
        raise HuddleInputError("corpus", M_("the corpus is empty: it needs at least one polled action"))
    # a corpus of counted polls needs its counts; one that names each row's evidence may have rows without
    required = ("case_id", "action") if "evidence" in frame.columns else ("case_id", "action", "chose", "poll_size")
    missing = [c for c in required if c not in frame.columns]
    if missing:
        raise HuddleInputError("corpus", M_("missing column(s): {columns}", columns=AsTyped(", ".join(missing))))
    for column in CORPUS_COLUMNS:
        if column not in frame.columns:
            frame[column] = 0 if column in COUNT_COLUMNS else None
    out = frame[list(CORPUS_COLUMNS)].copy()
    for column in COUNT_COLUMNS:
        out[column] = [_count(v, i, column) for i, v in enumerate(out[column], 1)]
    for column in TEXT_COLUMNS:
        out[column] = [_text(v) for v in out[column]]
    out["evidence"] = [e.lower() or "counted poll" for e in out["evidence"]]
    for i, kind in enumerate(out["evidence"], 1):
        if kind not in EVIDENCE_TYPES:
            raise HuddleInputError(_row(i, "evidence"), _one_of(kind[:30], EVIDENCE_TYPES))
    out["counted"] = [e in COUNTED_EVIDENCE for e in out["evidence"]]
    out["published_share"] = [_share(v, i) for i, v in enumerate(out["published_share"], 1)]
    out["year"] = pd.array([_year(v, i) for i, v in enumerate(out["year"], 1)], dtype="Int64")
    for i, row in enumerate(out.itertuples(index=False), 1):
        if row.counted and row.poll_size < 1:
            raise HuddleInputError(_row(i, "poll_size"), M_("a counted poll has at least one pollee (give the evidence "
                                                            "type when the number asked is not known)"))
        if row.chose > row.poll_size:
            raise HuddleInputError(_row(i, "chose"), M_("{chose} is more than the poll size {size}", chose=row.chose,
                                                        size=row.poll_size))
        if row.chose + row.close + row.considered_only > row.poll_size:
            raise HuddleInputError(_row(i, "considered_only"), M_("chose + close + considered_only is more than the poll "
                                                                  "size {size}", size=row.poll_size))
    for column in DECIDERS.values():
        out[column] = [_finding(v, i, column) for i, v in enumerate(out[column], 1)]
    for i, name in enumerate(out["policy"], 1):
        if _text(name):
            try:
                named_policy(str(name))
            except HuddleInputError as exc:
                raise exc.at(f"row {i}: policy") from None
    out["poll_type"] = [t.lower() or "call" for t in out["poll_type"]]
    for i, kind in enumerate(out["poll_type"], 1):
        if kind not in POLL_TYPES:
            raise HuddleInputError(_row(i, "poll_type"), _one_of(kind, POLL_TYPES))
    if (out["source"] == "").any():
        raise HuddleInputError(_row(int((out['source'] == '').idxmax()) + 1, "source"),
                               M_("every row keeps its source (a case file, a publication, or 'synthetic …')"))
    _published_columns(out)
    out["considered"] = out["chose"] + out["close"] + out["considered_only"]
    out["share"] = [c / n if counted else float("nan")
                    for c, n, counted in zip(out["considered"], out["poll_size"], out["counted"])]
    return out


def _published_columns(out: pd.DataFrame) -> None:
    """The published-rulings columns checked (each row named), the self-poll read as true / false /
    None, and each row's reason to stay out of a fit by default (``left_out``, empty when fitted)."""
    for column, allowed in (("kind", KINDS), ("poll_asked", POLL_QUESTIONS), ("counts_exact", COUNTS_EXACT),
                            ("director_basis", DIRECTOR_BASES)):
        out[column] = [v.lower() for v in out[column]]
        for i, value in enumerate(out[column], 1):
            if value and value not in allowed:
                raise HuddleInputError(_row(i, column), _one_of(value[:30], allowed))
    for i, row in enumerate(out.itertuples(index=False), 1):
        if row.kind and not (row.source_address and row.quote):
            missing = "source_address" if not row.source_address else "quote"
            raise HuddleInputError(_row(i, missing), M_("a published ruling keeps the address it was read at and the "
                                                        "sentence its counts were read in"))
    out["self_poll"] = [_finding(v, i, "self_poll") for i, v in enumerate(out["self_poll"], 1)]
    out["left_out"] = [_left_out(row) for row in out.itertuples(index=False)]


def _left_out(row) -> str:
    """The reason (LEFT_OUT) a row stays out of a fit by default, or "" when it is fitted: first
    what no researcher can put back (no counts), then what a researcher may."""
    if row.evidence == "finding without a poll":
        return "no poll"
    if row.evidence == "poll in words" or row.counts_exact in ("in words", "rounded share"):
        return "in words"
    if not row.counted:
        return "no counts"
    if row.kind == "teaching example":
        return "teaching example"
    if row.self_poll or row.evidence == "committee poll":
        return "self-poll"
    if row.poll_asked in ("non-offending side", "serious error"):
        return "not the offending side"
    if row.poll_asked == "likely action":
        return "likely action"
    return ""


def _share(value, row: int) -> float:
    """A published share ("70%", "0.7", "7/10"), or NaN when none was published."""
    text = _text(value)
    if not text or text.lower() == "nan":         # none published (a CSV writes a missing share as nan)
        return float("nan")
    try:
        share = float(parse_fraction(text, f"row {row}: published_share"))
    except HuddleInputError:
        raise HuddleInputError(_row(row, "published_share"), M_("'{text}' is not a share (70%, 0.7 or 7/10)",
                                                                text=AsTyped(text[:24]))) from None
    if not 0 <= share <= 1:
        raise HuddleInputError(_row(row, "published_share"), M_("{text} is not a share from 0 to 100%",
                                                                text=AsTyped(text[:24])))
    return share


def _year(value, row: int) -> int | None:
    text = "" if value is pd.NA else _text(value)
    if not text or text in ("<NA>", "nan"):          # none given (as a CSV writes a missing year)
        return None
    if not text.isdecimal() or not 1930 <= int(text) <= 2100:
        raise HuddleInputError(_row(row, "year"), M_("'{text}' is not a year", text=AsTyped(text[:12])))
    return int(text)


def corpus_summary(corpus: pd.DataFrame) -> dict:
    """How many rows and cases, by evidence type and by jurisdiction, and how many are synthetic."""
    return {"rows": len(corpus), "cases": int(corpus["case_id"].nunique()),
            "synthetic_rows": int(corpus["source"].str.startswith("synthetic").sum()),
            "with_counts": int(corpus["counted"].sum()),
            "by_evidence": {k: int(n) for k, n in corpus["evidence"].value_counts().items()},
            "by_jurisdiction": {(k or "not given"): int(n) for k, n in corpus["jurisdiction"].value_counts().items()}}


def counted_rows(corpus: pd.DataFrame, include: Iterable[str] = ()) -> tuple[pd.DataFrame, list[Message]]:
    """The rows a fit uses (counts with the number asked, and no reason to leave them out, or a
    reason the researcher puts in: ``include``, keys of INCLUDABLE), and one warning saying how
    many rows were left out and why: "12 rows left out of the fits: 3 the committee polled its own
    members (self-poll), …"."""
    include = set(include)
    unknown = include - set(INCLUDABLE)
    if unknown:
        raise HuddleInputError("include", M_("'{value}' must be one of {choices}", value=AsTyped(sorted(unknown)[0]),
                                             choices=', '.join(INCLUDABLE)))
    fitted = corpus["counted"] & (corpus["left_out"].eq("") | corpus["left_out"].isin(include))
    left = corpus[~fitted]
    if left.empty:
        return corpus[fitted], []
    said = pd.Series([_reason(row) for row in left.itertuples(index=False)])
    parts = tuple(M_("{n} {reason}", n=n, reason=reason) for reason, n in said.value_counts(sort=True).items())
    rows = MP_("{n} row", "{n} rows", n=len(left))
    return corpus[fitted], [M_("{rows} left out of the fits: {reasons}", rows=rows, reasons=Listed(parts, "; "))]


# the evidence a row without counts stands on, and why it has none
NO_COUNTS = {"published percentages": N_("no number asked"), "verdict only": N_("no counts"), "committee vote":
             N_("a vote, not a poll"), "consultation": N_("a consultation, not a poll"),
             "field": N_("other tables, not a poll")}


def _reason(row) -> Message:
    """Why a row is left out, with the corpus's own label for it in brackets."""
    if row.left_out == "no counts":
        return M_("{evidence} ({why})", evidence=AsTyped(row.evidence), why=NO_COUNTS[row.evidence])
    return M_("{why} ({label})", why=LEFT_OUT[row.left_out], label=AsTyped(row.left_out))


def left_out_rows(corpus: pd.DataFrame, include: Iterable[str] = ()) -> pd.DataFrame:
    """Each row a fit leaves out, with its reason in words (what the page and the command show)."""
    used, _ = counted_rows(corpus, include)
    rows = corpus.drop(index=used.index)
    return pd.DataFrame({"case_id": rows["case_id"].to_numpy(), "action": [action_name(a) for a in rows["action"]],
                         "reason": pd.Series([_reason(row) for row in rows.itertuples(index=False)], dtype=object)})


def _row(row: int, column: str) -> Message:
    """Where in a corpus a refusal is: "row 3: chose"."""
    return M_("row {row}: {column}", row=row, column=AsTyped(column))


def _one_of(value: str, allowed) -> Message:
    return M_("'{value}' must be one of {allowed}", value=AsTyped(value), allowed=AsTyped(", ".join(allowed)))


def _text(value) -> str:
    return "" if value is None or (isinstance(value, float) and np.isnan(value)) else str(value).strip()


def _count(value, row: int, column: str) -> int:
    text = _text(value) or "0"
    try:
        number = float(text)
    except ValueError:
        raise HuddleInputError(_row(row, column), M_("'{text}' is not a count", text=AsTyped(text[:24]))) from None
    if not math.isfinite(number) or number != int(number) or not 0 <= number <= MAX_POLL_COUNT:
        raise HuddleInputError(_row(row, column), M_("{value} must be a whole number from {low} to {high}",
                                                     value=AsTyped(text[:24]), low=0, high=Count(MAX_POLL_COUNT)))
    return int(number)


def _finding(value, row: int, column: str) -> bool | None:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    text = _text(value).lower()
    if text in ("", "none", "nan"):
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise HuddleInputError(_row(row, column), M_("'{value}' must be true, false or empty", value=AsTyped(value)))


def loads_corpus(text: str | bytes) -> pd.DataFrame:
    """A corpus from CSV text or bytes (one row per action per poll, columns as CORPUS_COLUMNS)."""
    text = decode(check_file_size(text, "corpus"))[0]
    check_table(text, "corpus", MAX_CORPUS_ROWS)
    try:
        frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        raise HuddleInputError("corpus", M_("not a CSV table ({exc})", exc=exc)) from None
    if len(frame) > MAX_CORPUS_ROWS:
        raise HuddleInputError("corpus", M_("has {rows} rows; at most {most} are read", rows=Count(len(frame)),
                                            most=Count(MAX_CORPUS_ROWS)))
    return corpus_frame(frame)


def load_corpus(fp: IO[str]) -> pd.DataFrame:
    return loads_corpus(fp.read())


SHARED_SOURCE = "shared anonymised"         # the source of every row anonymised() gives


def anonymised(corpus: pd.DataFrame, prefix: str = "shared case") -> pd.DataFrame:
    """The corpus with nothing that names a person or a case: each case id becomes "<prefix> 1",
    "<prefix> 2" … (in order of first appearance, so a case's rows stay together), and the
    source and case number, which may name the players or the appeal, are emptied, and the free-text
    class of players is read as one of a fixed set of classes (analysis.polls.classes), or left
    empty. Only counts, verdicts, the policy, the jurisdiction and the class remain (a corpus
    carries no pollee labels)."""
    out = corpus.copy()
    out["class_of_players"] = [class_of(text) or "" for text in out["class_of_players"]]
    numbers = {case: k for k, case in enumerate(dict.fromkeys(out["case_id"]), 1)}
    out["case_id"] = [f"{prefix} {numbers[case]}" for case in out["case_id"]]
    out["source"] = SHARED_SOURCE
    out["case_number"] = ""
    return out


def dumps_corpus(corpus: pd.DataFrame) -> str:
    """The corpus as CSV; a text cell a spreadsheet would run as a formula is neutralised."""
    return corpus[list(CORPUS_COLUMNS)].map(spreadsheet_safe).to_csv(index=False)


def corpus_rows(case, la_result, committee: Iterable[str] | None = None, diverged: int = 0) -> list[dict]:
    """A case's poll as corpus rows: one per action other than the table action, with the
    director's verdict from ``la_result`` (an LAResult) and, if given, the committee's finding
    (the actions it found to be logical alternatives); the poll's type (call, lead or play) and
    how many walk-through pollees were left out for leaving the table's path (``diverged``)."""
    committee_set = None if committee is None else set(committee)
    return [{"case_id": case.id, "action": v.action, "chose": v.counts.chose, "close": v.counts.close,
             "considered_only": v.counts.considered_only, "poll_size": la_result.poll_size,
             "table_action": la_result.table_action, "director_la": v.is_logical_alternative,
             "committee_la": None if committee_set is None else v.action in committee_set,
             "policy": la_result.policy.name, "jurisdiction": "", "class_of_players": case.class_of_players or "",
             "source": case.source or f"case file {case.id}", "poll_type": case.decision_kind or "call",
             "diverged": diverged}
            for v in la_result.verdicts if v.verdict is not LAVerdict.TABLE_ACTION]


def evidence_rows(case) -> list[dict]:
    """A ruled case's other evidence on the logical alternatives (analysis.law.la_evidence) as
    corpus rows, each with its evidence type and the director's finding on the action: whether
    the ruling found it a logical alternative (question 2's answer, by the policy on the poll or by
    her judgement; analysis.law.ruling.la_finding). Only a committee's poll has counts."""
    from analysis.law.ruling import la_finding
    inputs = case.ruling
    if inputs is None or not inputs.evidence or not case.action_in_question():
        return []
    finding = la_finding(case)
    found = set(finding.alternatives) if finding is not None else set()
    base = {"case_id": case.id, "table_action": case.action_in_question(), "committee_la": None, "policy": "",
            "jurisdiction": "", "class_of_players": case.class_of_players or "",
            "source": case.source or f"case file {case.id}", "poll_type": case.decision_kind or "call",
            "laws": case.laws, "director_basis": finding.basis if finding is not None else ""}
    rows = []
    for e in inputs.evidence:
        if isinstance(e, CommitteePoll):
            rows += [{**base, "evidence": "committee poll", "action": a, "chose": n, "poll_size": e.asked,
                      "director_la": a in found} for a, n in e.chose if a != base["table_action"]]
        elif isinstance(e, PublishedPoll):
            kind = "published percentages" if e.shares else "verdict only"
            rows += [{**base, "evidence": kind, "action": a, "published_share": str(s), "director_la": a in found}
                     for a, s in e.shares if a != base["table_action"]] or [
                {**base, "evidence": kind, "action": a, "director_la": True} for a in found]
        elif isinstance(e, CommitteeVote):
            rows.append({**base, "evidence": "committee vote", "action": e.action, "director_la": e.action in found,
                         "committee_la": e.found_la})
        else:
            kind = "consultation" if isinstance(e, Consultation) else "field"
            rows += [{**base, "evidence": kind, "action": a, "director_la": True} for a in found]
    return rows


# ---------------------------------------------------------------- operating characteristics

def _threshold_test(chosen: Policy | str) -> tuple[Policy, float, bool]:
    p = named_policy(chosen) if isinstance(chosen, str) else chosen
    test = p.share_test()
    if test is None:
        raise HuddleInputError("policy", M_("{name} sets no threshold to study", name=p.name))
    return p, float(test.threshold), test.strict


def least_count(n: np.ndarray | int, threshold: float, strict: bool = False) -> np.ndarray:
    """The fewest pollees of n meeting the threshold exactly: ⌈t·n⌉, or ⌊t·n⌋ + 1 when strict."""
    t = Fraction(threshold).limit_denominator(10_000)

    def one(k: int) -> int:
        x = t * int(k)
        return x.numerator // x.denominator + 1 if strict else -(-x.numerator // x.denominator)

    return np.vectorize(one, otypes=[int])(np.asarray(n))


@dataclass(frozen=True)
class OperatingCharacteristic:
    """P(an "LA" verdict) for each poll size (rows) and true share (columns), exact binomial."""

    policy: str
    threshold: float
    strict: bool
    poll_sizes: np.ndarray
    shares: np.ndarray
    p_la: np.ndarray = field(repr=False)

    def p_la_at(self, n: int, share: float) -> float:
        return float(stats.binom.sf(least_count(n, self.threshold, self.strict) - 1, n, share))

    def wrong_verdict(self, delta: float) -> np.ndarray:
        """Per poll size, the chance of the wrong verdict when the truth is delta away from the
        threshold: the larger of P(LA | t − δ) and P(not LA | t + δ)."""
        below = self._p(self.threshold - delta)
        above = self._p(self.threshold + delta)
        return np.maximum(below, 1 - above)

    def smallest_poll(self, delta: float, target: float = 0.9, largest: int = 200) -> int | None:
        """The poll size from which every larger poll's verdict is right with probability ≥ target
        whenever the truth is at least delta from the threshold (the error is largest at exactly
        ±delta). The chance of a wrong verdict is a sawtooth in the poll size (⌈t·n⌉ moves in
        steps): wbf2017's 25 pollees are right 90% of the time at δ = 10%, but 26 are wrong 16% of
        the time; from 37 on, every size is right. None when no size up to ``largest`` is."""
        sizes = np.arange(1, largest + 1)
        wrong = np.maximum(self._p(self.threshold - delta, sizes), 1 - self._p(self.threshold + delta, sizes))
        bad = np.nonzero(wrong > 1 - target)[0]
        if not bad.size:
            return 1
        return int(sizes[bad[-1]]) + 1 if bad[-1] < sizes.size - 1 else None

    def wrong_verdict_at(self, n: int, delta: float) -> float:
        """The chance of the wrong verdict with ``n`` pollees when the truth is delta away."""
        sizes = np.array([n])
        return float(np.maximum(self._p(self.threshold - delta, sizes), 1 - self._p(self.threshold + delta, sizes))[0])

    def first_poll_right(self, delta: float, target: float = 0.9, largest: int = 200) -> int | None:
        """The first poll size right with probability ≥ target (larger ones may not be: the sawtooth)."""
        sizes = np.arange(1, largest + 1)
        ok = np.nonzero(np.maximum(self._p(self.threshold - delta, sizes),
                                   1 - self._p(self.threshold + delta, sizes)) <= 1 - target)[0]
        return int(sizes[ok[0]]) if ok.size else None

    def _p(self, share: float, sizes: np.ndarray | None = None) -> np.ndarray:
        sizes = self.poll_sizes if sizes is None else sizes
        share = min(max(share, 0.0), 1.0)
        return stats.binom.sf(least_count(sizes, self.threshold, self.strict) - 1, sizes, share)

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame({"poll_size": np.repeat(self.poll_sizes, self.shares.size),
                             "share": np.tile(self.shares, self.poll_sizes.size),
                             "p_la": self.p_la.ravel()})


def operating_characteristic(chosen_policy: Policy | str = "wbf2017", poll_sizes: Iterable[int] = range(1, 31),
                             shares: Iterable[float] | None = None) -> OperatingCharacteristic:
    p, threshold, strict = _threshold_test(chosen_policy)
    sizes = np.asarray(list(poll_sizes), dtype=int)
    if sizes.size == 0 or (sizes < 1).any():
        raise HuddleInputError("poll sizes", M_("give poll sizes of at least 1"))
    grid = np.linspace(0, 1, 101) if shares is None else np.asarray(list(shares), dtype=float)
    need = least_count(sizes, threshold, strict)
    p_la = stats.binom.sf(need[:, None] - 1, sizes[:, None], grid[None, :])
    return OperatingCharacteristic(p.name, threshold, strict, sizes, grid, p_la)


def simulate_operating_characteristic(chosen_policy: Policy | str, poll_size: int, shares: Iterable[float],
                                      polls: int = 1_000_000, seed: int = 0) -> np.ndarray:
    """P(LA) estimated from ``polls`` simulated polls spread over the shares (a check on the
    exact figures, and the benchmark's workload)."""
    _, threshold, strict = _threshold_test(chosen_policy)
    grid = np.asarray(list(shares), dtype=float)
    per_share = max(1, polls // grid.size)
    counts = np.random.default_rng(seed).binomial(poll_size, grid[:, None], size=(grid.size, per_share))
    return (counts >= least_count(poll_size, threshold, strict)).mean(axis=1)


def settled_verdict(considered: int, asked: int, planned: int, threshold: float,
                    strict: bool = False) -> LAVerdict | None:
    """Sequential polling: with ``considered`` of ``asked`` pollees so far and ``planned`` in all,
    "LA" or "not LA" once no answers still to come can change the verdict, else None."""
    if not 0 <= considered <= asked <= planned or planned < 1:
        raise HuddleInputError("poll", M_("need 0 ≤ considered ≤ asked ≤ planned, planned ≥ 1"))
    need = int(least_count(planned, threshold, strict))
    if considered >= need:
        return LAVerdict.LA
    if considered + (planned - asked) < need:
        return LAVerdict.NOT_LA
    return None


# ---------------------------------------------------------------- implied thresholds

THRESHOLD_GRID = np.round(np.arange(0.01, 0.9901, 0.01), 4)     # every threshold from 1% to 99%
LANDMARKS = (0.20, 0.25, 0.30, 1 / 3)        # the thresholds the policies name: one in five, four, three
# The spread of true shares, Beta(a, b), is fitted with the threshold; a weakly informative prior
# keeps a handful of polls from driving it to a point: log a ~ Normal(log 1, 1.5²),
# log b ~ Normal(log 2, 1.5²) (most shares low, any spread within a factor of about 20 allowed).
SPREAD_PRIOR_CENTRE = (0.0, math.log(2.0))
SPREAD_PRIOR_SD = 1.5
LEVEL = 0.95


@dataclass(frozen=True)
class ThresholdFit:
    """The threshold that best reproduces a set of decisions, with its profile-likelihood interval.

    ``identified`` is False when the decisions fit thresholds up to an end of the range (0% or
    100%): then no point estimate is given (``threshold`` is NaN) and the interval says how far
    the data reach. ``model`` says what the decider is taken to rule on: the poll's true share
    ("true share": the share among all the player's peers, the poll a sample of them) or the share
    the poll observed ("observed share")."""

    group: str
    decisions: int
    threshold: float
    interval: tuple[float, float]
    identified: bool
    log_likelihood: float           # of the decisions alone, at the best threshold (models compare on it)
    lapse: float
    prior: tuple[float, float]      # Beta(a, b) of the true shares at the best threshold (true-share model)
    model: str = "true share"
    level: float = LEVEL
    # the thresholds that fit about as well as the best: relative likelihood ½ or more
    support: tuple[float, float] = (float("nan"), float("nan"))
    # on fewer than FEW_DECISIONS decisions: the best threshold with each decision left out in turn
    # (its lowest and highest), and whether leaving one out leaves it unidentified (then no point estimate)
    without_one: tuple[float, float] | None = None
    fragile: bool = False
    # the relative likelihood at the thresholds policies name (LANDMARKS): how little a few rulings tell them apart
    landmarks: tuple[tuple[float, float], ...] = ()

    def words(self) -> Message:
        low, high = (Share(x) for x in self.interval)
        decisions = _decisions(self.decisions)
        if self.fragile:
            return M_("{group}: no point estimate from {decisions}: leaving out one of them leaves the threshold "
                      "unidentified; any threshold from {low} to {high} fits them ({level} profile-likelihood "
                      "interval)", group=self.group, decisions=decisions, low=low, high=high, level=Share(self.level))
        if not self.identified:
            return M_("{group}: not identified from {decisions}: any threshold from {low} to {high} fits them (no "
                      "point estimate)", group=self.group, decisions=decisions, low=low, high=high)
        if self.without_one is not None:
            said = Listed(tuple(M_("{likelihood} at {threshold}", likelihood=Rounded(r), threshold=Share(t))
                                for t, r in self.landmarks))
            return M_("{group}: any threshold from {fits_low} to {fits_high} fits {decisions} about as well as the best "
                      "(relative likelihood ½ or more: {landmarks}); the best, {threshold}, moves from {moved_low} to "
                      "{moved_high} when one ruling is left out ({level} profile-likelihood interval {low}–{high})",
                      group=self.group, fits_low=Share(self.support[0]), fits_high=Share(self.support[1]),
                      decisions=decisions, landmarks=said, threshold=Share(self.threshold),
                      moved_low=Share(self.without_one[0]), moved_high=Share(self.without_one[1]),
                      level=Share(self.level), low=low, high=high)
        return M_("{group}: {threshold} from {decisions} ({level} profile-likelihood interval {low}–{high})",
                  group=self.group, threshold=Share(self.threshold), decisions=decisions,
                  level=Share(self.level), low=low, high=high)

    def to_dict(self) -> dict:
        return {"group": self.group, "decisions": self.decisions,
                "threshold": None if not self.identified else round(self.threshold, 4),
                "interval": [round(self.interval[0], 4), round(self.interval[1], 4)], "identified": self.identified,
                "log_likelihood": round(self.log_likelihood, 3), "lapse": self.lapse, "model": self.model,
                "prior": [round(self.prior[0], 3), round(self.prior[1], 3)],
                "fits_as_well": [round(self.support[0], 4), round(self.support[1], 4)],
                "without_one": None if self.without_one is None else [round(x, 4) for x in self.without_one],
                "fragile": self.fragile,
                "relative_likelihood": {str(round(t, 4)): round(r, 3) for t, r in self.landmarks}}


def share_prior(considered: np.ndarray, n: np.ndarray) -> tuple[float, float]:
    """The spread of true shares across the corpus: Beta(a, b) fitted to the counts alone
    (beta-binomial, with the weakly informative prior above), so that each poll's sampling noise
    is allowed for."""
    kinds = pd.DataFrame({"c": considered, "n": n}).value_counts().reset_index(name="w")
    c, n_, w = (kinds[k].to_numpy(float) for k in ("c", "n", "w"))
    found = optimize.minimize(lambda x: -(w * _betabinom_log(c, n_, *np.exp(x))).sum() + _spread_penalty(x),
                              x0=np.array(SPREAD_PRIOR_CENTRE), method="Nelder-Mead",
                              options={"xatol": 1e-4, "fatol": 1e-7})
    a, b = np.exp(found.x)
    return float(a), float(b)


def _betabinom_log(c, n, a, b):
    return (special.gammaln(n + 1) - special.gammaln(c + 1) - special.gammaln(n - c + 1)
            + special.betaln(c + a, n - c + b) - special.betaln(a, b))


def _spread_penalty(x) -> float:
    return 0.5 * float(((np.asarray(x) - SPREAD_PRIOR_CENTRE) ** 2).sum()) / SPREAD_PRIOR_SD ** 2


def _p_la(c, n, la, t: float, a: float, b: float, lapse: float):
    """P(this decision | t): the decider rules LA when the true share is at least t, the true
    share's posterior Beta(a + c, b + n − c), and a lapse ε either way."""
    above = special.betainc(n - c + b, c + a, 1 - t)          # P(p ≥ t | c of n)
    p = lapse + (1 - 2 * lapse) * above
    return np.where(la, np.log(p), np.log1p(-p))


def _profile(counts: pd.DataFrame, decisions: pd.DataFrame, grid: np.ndarray, lapse: float
             ) -> tuple[np.ndarray, np.ndarray]:
    """For each threshold on the grid, the log-likelihood of the counts and the decisions with
    the spread of shares (a, b) at its best for that threshold (the profile likelihood; the
    prior on the spread included). Returns the profile and the (a, b) found at each threshold."""
    c, n, w = (counts[k].to_numpy(float) for k in ("c", "n", "w"))
    dc, dn, dla, dw = (decisions[k].to_numpy(float) for k in ("c", "n", "la", "w"))
    dla = dla.astype(bool)

    def minus(x, t):
        a, b = np.exp(x)
        return (-(w * _betabinom_log(c, n, a, b)).sum() - (dw * _p_la(dc, dn, dla, t, a, b, lapse)).sum()
                + _spread_penalty(x))
    profile, spread = np.empty(grid.size), np.empty((grid.size, 2))
    start = np.log(share_prior(np.repeat(c, w.astype(int)), np.repeat(n, w.astype(int))))
    best = int(np.argmin([minus(start, t) for t in grid]))      # walk outwards from the best start
    for order in (range(best, grid.size), range(best - 1, -1, -1)):
        x = start
        for i in order:
            found = optimize.minimize(minus, x, args=(grid[i],), method="Nelder-Mead",
                                      options={"xatol": 1e-3, "fatol": 1e-6})
            profile[i], spread[i], x = -found.fun, np.exp(found.x), found.x
    return profile, spread


def _observed_share_profile(decisions: pd.DataFrame, grid: np.ndarray, lapse: float) -> np.ndarray:
    """The observed-share model: the decider rules LA when the poll's own share c/n is at least t
    (as the policies' tests read a poll), with the same lapse."""
    dc, dn, dla, dw = (decisions[k].to_numpy(float) for k in ("c", "n", "la", "w"))
    meets = (dc / dn)[:, None] >= grid[None, :] - 1e-12
    p = lapse + (1 - 2 * lapse) * meets
    with np.errstate(divide="ignore"):          # a lapse of 0: a contradiction rules a threshold out
        said = np.maximum(np.where(dla.astype(bool)[:, None], np.log(p), np.log1p(-p)), -1e9)
    return (dw[:, None] * said).sum(axis=0)


def _interval(profile: np.ndarray, grid: np.ndarray, level: float) -> tuple[float, float, float, bool]:
    """The best threshold, the profile-likelihood interval (every threshold within the chi-square
    bound of the best), and whether the data identify it (the interval reaches neither end)."""
    best = int(np.argmax(profile))
    inside = np.nonzero(profile >= profile[best] - stats.chi2.ppf(level, 1) / 2)[0]
    low, high = int(inside.min()), int(inside.max())
    identified = low > 0 and high < grid.size - 1
    lower = float(grid[low]) if low > 0 else 0.0
    upper = float(grid[high]) if high < grid.size - 1 else 1.0
    return (float(grid[best]) if identified else float("nan")), lower, upper, identified


def _kinds(corpus: pd.DataFrame, column: str | None = None) -> pd.DataFrame:
    """Rows alike counted once: (considered, asked[, the finding]) and how many times."""
    frame = pd.DataFrame({"c": corpus["considered"].to_numpy(int), "n": corpus["poll_size"].to_numpy(int)})
    if column is not None:
        frame["la"] = corpus[column].to_numpy(bool)
    return frame.value_counts().reset_index(name="w")


def _group(group: str) -> str:
    """A fit's group as a page says it: all the decisions, a kind of poll (messages), or a
    jurisdiction as the corpus names it."""
    if hasattr(group, "said"):
        return group
    return Message(group) if group == ALL else AsTyped(group)


def implied_threshold(corpus: pd.DataFrame, decider: str = "director", group: str = ALL,
                      level: float = LEVEL, lapse: float = 0.02, grid: np.ndarray = THRESHOLD_GRID,
                      model: str = "true share", include: Iterable[str] = ()) -> ThresholdFit:
    """The threshold that best explains the recorded decisions and its profile-likelihood
    interval. ``model`` "true share": the spread of true shares fitted with it to every counted
    row's counts (the docstring of this module); "observed share": the poll's own share decides.
    ``include``: reasons to leave a row out that the researcher overrides (counted_rows)."""
    column = DECIDERS.get(decider)
    if column is None:
        raise HuddleInputError("decider", M_("'{value}' must be director or committee", value=AsTyped(decider)))
    if model not in MODELS:
        raise HuddleInputError("model", M_("'{value}' must be one of {choices}", value=AsTyped(model), choices=', '.join(MODELS)))
    if not 0.5 < level < 1:
        raise HuddleInputError("level", M_("give a level between 50% and 100%"))
    corpus = counted_rows(corpus, include)[0]
    rows = corpus[corpus[column].notna()]
    if rows.empty:
        raise HuddleInputError("corpus", M_("no {decider} decisions in {group}", decider=DECIDER_NAMES[decider],
                                            group=_group(group)))
    decisions = _kinds(rows, column)
    fitted = _fitted_profile(model, _kinds(corpus), grid, lapse)
    profile, spread = fitted(decisions)
    threshold, low, high, identified = _interval(profile, grid, level)
    support = _as_well(profile, grid)
    without_one, fragile = None, False
    if identified and len(rows) < FEW_DECISIONS:
        # a handful of rulings: how far the best moves when each is left out in turn
        moved = [_interval(fitted(decisions, k)[0], grid, level) for k in range(len(decisions))]
        fragile = not all(m[3] for m in moved)
        without_one = (min(m[0] for m in moved), max(m[0] for m in moved)) if not fragile else None
        if fragile:
            threshold, identified = float("nan"), False
    best = int(np.argmax(profile))
    a, b = (float(x) for x in spread[best])
    if model == "true share":
        dc, dn, dla, dw = (decisions[k].to_numpy(float) for k in ("c", "n", "la", "w"))
        said = float((dw * _p_la(dc, dn, dla.astype(bool), grid[best], a, b, lapse)).sum())
    else:
        said = float(profile[best])
    named = M_("{decider}: {group}", decider=DECIDER_NAMES[decider], group=_group(group))
    landmarks = tuple((t, float(np.exp(np.interp(t, grid, profile) - profile.max()))) for t in LANDMARKS)
    return ThresholdFit(named, len(rows), threshold, (low, high), identified, said, lapse, (a, b), model, level,
                        support, without_one, fragile, landmarks)


def _fitted_profile(model: str, counts: pd.DataFrame, grid: np.ndarray, lapse: float):
    """``fit(decisions, left_out=None)``: the profile and spreads of ``model``, with decision kind
    ``left_out`` counted once less (and its counts too: the ruling is left out whole)."""
    def fit(decisions: pd.DataFrame, left_out: int | None = None):
        if left_out is not None:
            kind = decisions.iloc[left_out]
            decisions = decisions.assign(w=decisions["w"] - (decisions.index == decisions.index[left_out]))
            decisions = decisions[decisions["w"] > 0]
            same = (counts["c"] == kind["c"]) & (counts["n"] == kind["n"])
            counted = counts.assign(w=counts["w"] - (same & (same.cumsum() == 1)))
            counted = counted[counted["w"] > 0]
        else:
            counted = counts
        if model == "true share":
            return _profile(counted, decisions, grid, lapse)
        return _observed_share_profile(decisions, grid, lapse), np.full((grid.size, 2), np.nan)
    return fit


def _as_well(profile: np.ndarray, grid: np.ndarray) -> tuple[float, float]:
    """The thresholds whose likelihood is at least half the best's (a likelihood ratio of 2 or less)."""
    inside = grid[np.exp(profile - profile.max()) >= 0.5]
    return float(inside.min()), float(inside.max())


MODELS = (N_("true share"), N_("observed share"))


# ---------------------------------------------------------------- what the rulings agree on

def consistent_thresholds(corpus: pd.DataFrame, decider: str = "director",
                          include: Iterable[str] = ()) -> tuple[float, float] | None:
    """The thresholds at which the poll's own share gives every decision as it was made (LA when
    c/n ≥ t): every t above the largest share ruled not LA and at most the smallest ruled LA,
    as (above, at most); None when no threshold does (the rulings contradict one another)."""
    column = DECIDERS[decider]
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[column].notna()]
    la = rows.loc[rows[column].astype(bool), "share"]
    not_la = rows.loc[~rows[column].astype(bool), "share"]
    above = float(not_la.max()) if len(not_la) else 0.0
    at_most = float(la.min()) if len(la) else 1.0
    return (above, at_most) if above < at_most else None


def _decisions(n: int) -> Message:
    return MP_("{n} decision", "{n} decisions", n=n)


def consistent_words(consistent: tuple[float, float] | None) -> Message:
    """What ``consistent_thresholds`` found, in a sentence (without its capital and stop)."""
    if consistent is None:
        return M_("no single threshold on the poll's own share gives every ruling as made")
    # in whole tenths inside the range: a bound rounded outwards (4 of 14 said as 29%) would
    # itself reverse the ruling it comes from
    low, high = math.floor(consistent[0] * 1000 + 1e-9) / 1000 + 0.001, math.floor(consistent[1] * 1000 + 1e-9) / 1000
    return M_("every ruling as made on the poll's own share with a threshold above {low} and at most {high} (from "
              "{first} to {last} in whole tenths)", low=Share(consistent[0], _places(consistent[0])),
              high=Share(consistent[1], _places(consistent[1])), first=Share(low, 1), last=Share(high, 1))


def _places(share: float) -> int:
    """A share's places when said: none for a whole percent (25%), two otherwise (28.57%)."""
    return 0 if abs(share * 100 - round(share * 100)) < 1e-9 else 2


@dataclass(frozen=True)
class Disagreement:
    """A ruling the fitted rule would have made the other way: the poll's counts, the ruling, the
    fitted threshold, how far the poll's share lies from it and the chance the model gave the
    ruling that was made."""

    case_id: str
    action: str
    considered: int
    asked: int
    ruled_la: bool
    threshold: float
    chance: float

    @property
    def points(self) -> float:
        """How far the poll's share lies from the threshold, in points (positive above)."""
        return 100 * (self.considered / self.asked - self.threshold)

    def words(self) -> Message:
        values = dict(case=AsTyped(self.case_id), action=AsTyped(self.action), considered=self.considered,
                      asked=self.asked, share=Share(self.considered / self.asked), points=round(abs(self.points)),
                      threshold=Share(self.threshold), chance=Share(self.chance))
        if self.ruled_la:
            return (M_("{case} ({action}): ruled LA on {considered} of {asked} ({share}), {points} points above the "
                       "fitted {threshold}; the model gave that ruling {chance}", **values) if self.points >= 0 else
                    M_("{case} ({action}): ruled LA on {considered} of {asked} ({share}), {points} points below the "
                       "fitted {threshold}; the model gave that ruling {chance}", **values))
        return (M_("{case} ({action}): ruled not LA on {considered} of {asked} ({share}), {points} points above the "
                   "fitted {threshold}; the model gave that ruling {chance}", **values) if self.points >= 0 else
                M_("{case} ({action}): ruled not LA on {considered} of {asked} ({share}), {points} points below the "
                   "fitted {threshold}; the model gave that ruling {chance}", **values))


def disagreements(corpus: pd.DataFrame, decider: str = "director", include: Iterable[str] = ()) -> list[Disagreement]:
    """The rulings the decider's fitted threshold (implied_thresholds' "all" fit, true-share model)
    would have made the other way (the true share's posterior given the poll, with the fitted
    spread, on the other side of one half), most surprising first; none when the fit identifies
    no threshold."""
    column = DECIDERS[decider]
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[column].notna()]
    if rows.empty:
        return []
    fit = implied_threshold(rows, decider, include=include)
    if not fit.identified:
        return []
    a, b = fit.prior
    c, n = rows["considered"].to_numpy(float), rows["poll_size"].to_numpy(float)
    above = special.betainc(n - c + b, c + a, 1 - fit.threshold)        # P(true share ≥ t | c of n)
    ruled = rows[column].to_numpy(bool)
    chance = np.where(ruled, fit.lapse + (1 - 2 * fit.lapse) * above, 1 - fit.lapse - (1 - 2 * fit.lapse) * above)
    found = [Disagreement(r.case_id, r.action, int(r.considered), int(r.poll_size), bool(la), fit.threshold, float(p))
             for r, la, p, up in zip(rows.itertuples(index=False), ruled, chance, above) if la != (up >= 0.5)]
    return sorted(found, key=lambda d: d.chance)


def threshold_profile(corpus: pd.DataFrame, decider: str = "director", include: Iterable[str] = (),
                      lapse: float = 0.02, grid: np.ndarray = THRESHOLD_GRID) -> tuple[np.ndarray, np.ndarray]:
    """The true-share model's profile log-likelihood over the grid and the spread (a, b) at each
    threshold, for the decider's decisions (what implied_threshold reads its interval from)."""
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[DECIDERS[decider]].notna()]
    if rows.empty:
        raise HuddleInputError("corpus", M_("no {decider} decisions", decider=decider))
    return _profile(_kinds(rows), _kinds(rows, DECIDERS[decider]), grid, lapse)


# Jurisdictions fitted one by one (those with the most decisions): each fit costs about as much
# as the others together, and a corpus naming hundreds of them (one decision each) tied up the
# server for half a minute while saying nothing.
MAX_JURISDICTION_FITS = 30


# Below this many decisions a fitted threshold is a hint, not an estimate: with five-person polls
# the sampling noise of each poll alone moves the fit by more than the gap between the policies'
# thresholds (docs/research.md).
FEW_DECISIONS = 30


# A jurisdiction is fitted apart only from this many decisions on: below it a fit of its own can
# only say "not identified", and a table of them hides the one fit that says something.
MIN_JURISDICTION_DECISIONS = 5


def fitted_jurisdictions(decided: pd.DataFrame) -> list[str]:
    """The jurisdictions fitted one by one: of those with MIN_JURISDICTION_DECISIONS decisions or
    more, the MAX_JURISDICTION_FITS with the most."""
    counts = decided.loc[decided["jurisdiction"] != "", "jurisdiction"].value_counts()
    ranked = sorted(((k, n) for k, n in counts.items() if n >= MIN_JURISDICTION_DECISIONS),
                    key=lambda item: (-item[1], item[0]))
    return sorted(name for name, _ in ranked[:MAX_JURISDICTION_FITS])


def jurisdictions_left_out(corpus: pd.DataFrame) -> list[Message]:
    """A warning for each decider whose jurisdictions are not all fitted apart: too few decisions
    in some, or more jurisdictions than are fitted."""
    said = []
    for decider, column in DECIDERS.items():
        decided = corpus[corpus[column].notna()]
        counts = decided.loc[decided["jurisdiction"] != "", "jurisdiction"].value_counts()
        few = int((counts < MIN_JURISDICTION_DECISIONS).sum())
        if few:
            said.append(M_("{deciders}: {few} with fewer than {least} decisions count in 'all' only",
                           deciders=DECIDER_WORDS[decider], least=MIN_JURISDICTION_DECISIONS,
                           few=MP_("{n} jurisdiction", "{n} jurisdictions", n=few)))
        enough = len(counts) - few
        if enough > MAX_JURISDICTION_FITS:
            said.append(M_("{deciders}: the corpus names {enough} jurisdictions with enough decisions; the {fitted} "
                           "with the most decisions are fitted one by one, the other {rest} count in 'all' only",
                           deciders=DECIDER_WORDS[decider], enough=enough, fitted=MAX_JURISDICTION_FITS,
                           rest=enough - MAX_JURISDICTION_FITS))
    return said


def too_few_decisions(fits: pd.DataFrame, at_least: int = FEW_DECISIONS) -> list[Message]:
    """A warning for each fitted threshold that rests on too few decisions."""
    return [M_("{group}: the threshold rests on {decisions} decision(s); at least {least} are needed before it says "
               "where the line lies, so read it as a hint", group=AsTyped(row.group), decisions=row.decisions,
               least=at_least) for row in fits.itertuples() if row.decisions < at_least]


FIT_AS_ROWS = 200       # one fit's own cost (its likelihood profiled over the threshold grid), in rows read


def fit_work(corpus: pd.DataFrame, include: Iterable[str] = ()) -> int:
    """What implied_thresholds will cost, before any of it is done, in rows read: each fit counts
    FIT_AS_ROWS and the rows it reads (measured: a fit takes about 200 times as long as one more
    row in it). A page fits at once only a corpus whose work is small; the rest goes to the
    workers (huddle.jobs.heavy), whatever its number of rows."""
    corpus, _ = counted_rows(corpus, include)
    work = 0
    for column in DECIDERS.values():
        decided = corpus[corpus[column].notna()]
        if decided.empty:
            continue
        types = decided["poll_type"].nunique()
        kept = set(fitted_jurisdictions(decided))
        fits = 1 + (types if types > 1 else 0) + len(kept)
        if len(decided) < FEW_DECISIONS:        # a handful: each fit again with each decision left out
            fits *= 1 + len(decided)
        work += fits * FIT_AS_ROWS + len(decided) * (2 if types > 1 else 1)
        work += int(decided["jurisdiction"].isin(kept).sum())
    return work


def implied_thresholds(corpus: pd.DataFrame, include: Iterable[str] = (), **options) -> pd.DataFrame:
    """One fit per decider (directors, committees), over all rows, per poll type (when the corpus
    holds more than one) and per jurisdiction, each with its interval, or "not identified" (no
    point estimate). Only rows with counts and the number asked are fitted (counted_rows says
    which were left out and why; ``include`` puts some back)."""
    include = tuple(include)
    corpus, left_out = counted_rows(corpus, include)
    if corpus.empty:
        raise HuddleInputError("corpus", M_("no row has counts with the number asked, so no threshold can be fitted ({reason})",
                                            reason=left_out[0]) if left_out else
                               M_("no row has counts with the number asked, so no threshold can be fitted"))
    fits = []
    for decider, column in DECIDERS.items():
        decided = corpus[corpus[column].notna()]
        if decided.empty:
            continue
        fits.append(implied_threshold(decided, decider, ALL, include=include, **options))
        if decided["poll_type"].nunique() > 1:     # calls, leads and plays apart: peers may weigh them differently
            for kind, rows in decided.groupby("poll_type"):
                fits.append(implied_threshold(rows, decider, M_(POLL_TYPE_GROUPS[kind]), include=include, **options))
        for jurisdiction in fitted_jurisdictions(decided):
            rows = decided[decided["jurisdiction"] == jurisdiction]
            fits.append(implied_threshold(rows, decider, jurisdiction, include=include, **options))
    if not fits:
        raise HuddleInputError("corpus", M_("no row records a director's or a committee's LA finding"))
    frame = pd.DataFrame([{"decisions": f.decisions, "threshold": f.threshold, "low": f.interval[0], "high": f.interval[1],
                           "identified": f.identified, "model": f.model,
                           # what fits about as well as the best, and where the best goes with one ruling left out
                           "fits_low": f.support[0], "fits_high": f.support[1],
                           "moved_low": f.without_one[0] if f.without_one else float("nan"),
                           "moved_high": f.without_one[1] if f.without_one else float("nan"),
                           "fragile": f.fragile} for f in fits])
    # the group and the words stay messages (a page says them in its language), not pandas' strings
    frame.insert(0, "group", pd.Series([f.group for f in fits], dtype=object))
    frame["words"] = pd.Series([f.words() for f in fits], dtype=object)
    return frame


# ---------------------------------------------------------------- sensitivity

def sensitivity(corpus: pd.DataFrame, thresholds: Iterable[float] = (0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40),
                decider: str = "director", include: Iterable[str] = ()) -> pd.DataFrame:
    """For each recorded decision, the verdict each threshold gives the observed share (at least
    the threshold) and whether it differs from the decision made."""
    column = DECIDERS[decider]
    corpus = counted_rows(corpus, include)[0]
    rows = corpus[corpus[column].notna()].reset_index(drop=True)
    out = rows[["case_id", "action", "considered", "poll_size", column]].rename(columns={column: "decided_la"})
    for t in thresholds:
        verdict = rows["considered"].to_numpy() >= least_count(rows["poll_size"].to_numpy(int), t)
        out[f"flips at {percent(t)}"] = verdict != out["decided_la"].to_numpy(bool)
    return out


def flip_counts(flips: pd.DataFrame) -> dict[str, int]:
    """How many decisions each threshold of a ``sensitivity`` table reverses, e.g. {"20%": 118}."""
    return {c.removeprefix("flips at "): int(flips[c].sum()) for c in flips.columns if c.startswith("flips at ")}


# ---------------------------------------------------------------- a demonstration corpus

def synthetic_corpus(cases: int = 500, seed: int = 2026,
                     thresholds: Mapping[tuple[str, str], float] | None = None,
                     appeal_rate: float = 0.3, lapse: float = 0.02) -> pd.DataFrame:
    """A corpus from a stated model, labelled synthetic. Per case: a jurisdiction (EBU, ACBL,
    WBF equally likely), a true consideration share p ~ Beta(1.5, 3.5), a poll size (3 to 12,
    5 most often), c ~ Binomial(n, p) considered, each considerer chose the action with
    probability 0.3 and found it close with probability 0.3 otherwise; the director rules "LA"
    when p ≥ the jurisdiction's threshold, a committee (a share of cases appealed) with its own;
    each ruling is flipped at random with probability ``lapse``."""
    thresholds = dict(thresholds or {("director", "EBU"): 0.20, ("director", "ACBL"): 0.25,
                                     ("director", "WBF"): 0.20, ("committee", "EBU"): 0.20,
                                     ("committee", "ACBL"): 0.30, ("committee", "WBF"): 0.25})
    rng = np.random.default_rng(seed)
    jurisdiction = rng.choice(["EBU", "ACBL", "WBF"], size=cases)
    share = rng.beta(1.5, 3.5, size=cases)
    size = rng.choice(np.arange(3, 13), size=cases, p=np.array([1, 2, 6, 2, 2, 2, 1, 1, 1, 2]) / 20)
    considered = rng.binomial(size, share)
    chose = rng.binomial(considered, 0.3)
    close = rng.binomial(considered - chose, 0.3)

    def ruling(decider: str) -> np.ndarray:
        t = np.array([thresholds[(decider, j)] for j in jurisdiction])
        return (share >= t) ^ (rng.random(cases) < lapse)

    appealed = rng.random(cases) < appeal_rate
    director, committee = ruling("director"), ruling("committee")
    return corpus_frame(pd.DataFrame({
        "case_id": [f"synthetic-{i + 1:04d}" for i in range(cases)], "action": "Pass",
        "chose": chose, "close": close, "considered_only": considered - chose - close, "poll_size": size,
        "table_action": "4S", "director_la": director,
        "committee_la": [bool(c) if a else None for c, a in zip(committee, appealed)],
        "policy": "", "jurisdiction": jurisdiction, "class_of_players": "",
        "source": f"synthetic (analysis.research.calibration.synthetic_corpus, seed {seed})"}))


__all__ = ["CORPUS_COLUMNS", "corpus_frame", "loads_corpus", "load_corpus", "dumps_corpus", "anonymised", "SHARED_SOURCE", "corpus_rows",
           "operating_characteristic", "OperatingCharacteristic", "simulate_operating_characteristic",
           "settled_verdict", "least_count", "implied_threshold", "implied_thresholds", "ThresholdFit",
           "MODELS", "THRESHOLD_GRID", "share_prior",
           "consistent_thresholds", "consistent_words", "disagreements", "Disagreement", "threshold_profile", "counted_rows",
           "left_out_rows", "LEFT_OUT", "INCLUDABLE",
           "sensitivity", "flip_counts", "synthetic_corpus", "fitted_jurisdictions", "jurisdictions_left_out",
           "MAX_CORPUS_ROWS", "MAX_JURISDICTION_FITS", "fit_work"]
