"""The research corpus: one row per polled action with the rulings made on it (CORPUS_COLUMNS),
read and checked (loads_corpus), the rows a fit can use (counted_rows) and why the others stay
out, anonymised and written, made from a stored case, and a labelled synthetic demonstration."""
from __future__ import annotations

import io
import math
from typing import IO, Iterable, Mapping

import numpy as np
import pandas as pd

from analysis.errors import HuddleInputError
from analysis.files.text import check_table, decode, spreadsheet_safe
from analysis.language import M_, MP_, N_, AsTyped, Count, Listed, Message
from analysis.law.questions.la_evidence import CommitteePoll, CommitteeVote, Consultation, PublishedPoll
from analysis.law.questions.logical_alternatives import LAVerdict, action_name
from analysis.law.questions.logical_alternatives import policy as named_policy
from analysis.limits import MAX_CORPUS_ROWS, MAX_POLL_COUNT, check_file_size
from analysis.numbers import parse_fraction
from analysis.polls.classes import class_of
from analysis.polls.kinds import POLL_TYPES

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


def decisions_said(n: int) -> Message:
    """"{n} decisions", as every research finding says how many it rests on."""
    return MP_("{n} decision", "{n} decisions", n=n)


# ---------------------------------------------------------------- the corpus

def corpus_frame(rows: Iterable[Mapping] | pd.DataFrame) -> pd.DataFrame:
    """A validated corpus: counts whole and consistent, findings True / False / None, every row
    with a source. Problems name the row (1 = first data row) and the column."""
    out = _with_every_column(pd.DataFrame(rows if isinstance(rows, pd.DataFrame) else list(rows)))
    for column in COUNT_COLUMNS:
        out[column] = [_count(v, i, column) for i, v in enumerate(out[column], 1)]
    for column in TEXT_COLUMNS:
        out[column] = [_text(v) for v in out[column]]
    out["evidence"] = _one_of_each(out["evidence"], "evidence", EVIDENCE_TYPES, "counted poll")
    out["counted"] = [e in COUNTED_EVIDENCE for e in out["evidence"]]
    out["published_share"] = [_share(v, i) for i, v in enumerate(out["published_share"], 1)]
    out["year"] = pd.array([_year(v, i) for i, v in enumerate(out["year"], 1)], dtype="Int64")
    _check_counts(out)
    for column in DECIDERS.values():
        out[column] = [_finding(v, i, column) for i, v in enumerate(out[column], 1)]
    for i, name in enumerate(out["policy"], 1):
        if _text(name):
            try:
                named_policy(str(name))
            except HuddleInputError as exc:
                raise exc.at(f"row {i}: policy") from None
    out["poll_type"] = _one_of_each(out["poll_type"], "poll_type", POLL_TYPES, "call", limit=None)
    if (out["source"] == "").any():
        raise HuddleInputError(_row(int((out['source'] == '').idxmax()) + 1, "source"),
                               M_("every row keeps its source (a case file, a publication, or 'synthetic …')"))
    _published_columns(out)
    out["considered"] = out["chose"] + out["close"] + out["considered_only"]
    out["share"] = [c / n if counted else float("nan")
                    for c, n, counted in zip(out["considered"], out["poll_size"], out["counted"])]
    return out


def _with_every_column(frame: pd.DataFrame) -> pd.DataFrame:
    """The corpus's columns in their order, those the file leaves out empty (counts 0), once the
    ones a corpus needs are there."""
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
    return frame[list(CORPUS_COLUMNS)].copy()


def _one_of_each(values, column: str, allowed, empty: str, limit: int | None = 30) -> list[str]:
    """A column of words each one of ``allowed`` (lower case; ``empty`` where none is given)."""
    words = [v.lower() or empty for v in values]
    for i, word in enumerate(words, 1):
        if word not in allowed:
            raise HuddleInputError(_row(i, column), _one_of(word[:limit] if limit else word, allowed))
    return words


def _check_counts(out: pd.DataFrame) -> None:
    """A counted poll has pollees, and no count is more than were asked."""
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
    """A ruled case's other evidence on the logical alternatives (analysis.law.questions.la_evidence) as
    corpus rows: one per action the evidence was about (each consultant's view, each action of the
    field or of a published poll, the action a committee voted on), each with its evidence type,
    what it said in words built from its counts (``quote``: no name, no typed reason) and the
    director's finding on the action (question 2's answer, by the policy on the poll or by her
    judgement; analysis.law.ruling.engine.la_finding). Only a committee's poll has counts."""
    from analysis.law.ruling.engine import la_finding
    inputs = case.ruling
    table_action = case.action_in_question()
    if inputs is None or not inputs.evidence or not table_action:
        return []
    finding = la_finding(case)
    base = {"case_id": case.id, "table_action": table_action, "committee_la": None, "policy": "",
            "jurisdiction": "", "class_of_players": case.class_of_players or "",
            "source": case.source or f"case file {case.id}", "poll_type": case.decision_kind or "call",
            "laws": case.laws, "director_basis": finding.basis if finding is not None else ""}
    rows = []
    for e in inputs.evidence:
        for row in _evidence_said(e, finding.alternatives if finding is not None else ()):
            if row["action"] != table_action:
                rows.append({**base, **row, "director_la": None if finding is None
                             else row["action"] in finding.alternatives})
    return rows


def _evidence_said(e, found: tuple[str, ...]) -> list[dict]:
    """The rows one piece of evidence gives: each action it was about, with what it said of it."""
    if isinstance(e, CommitteePoll):
        return [{"evidence": "committee poll", "action": a, "chose": n, "poll_size": e.asked,
                 "quote": f"{n} of {e.asked} asked by the committee chose {a}."} for a, n in e.chose]
    if isinstance(e, PublishedPoll):
        of = f"of {e.asked} pollees" if e.asked else "of the pollees (how many was not published)"
        if e.shares:
            return [{"evidence": "published percentages", "action": a, "published_share": str(share),
                     "poll_size": e.asked or 0, "quote": f"published: {float(share):.0%} {of} chose {a}."}
                    for a, share in e.shares]
        return [{"evidence": "verdict only", "action": a, "poll_size": e.asked or 0,
                 "quote": f"a poll published as a verdict alone, no counts ({of}); the ruling was on {a}."}
                for a in found]
    if isinstance(e, CommitteeVote):
        vote = ("no vote published" if e.for_la is None or e.against is None
                else f"{e.for_la} for, {e.against} against")
        finding = "a logical alternative" if e.found_la else "no logical alternative"
        return [{"evidence": "committee vote", "action": e.action, "committee_la": e.found_la,
                 "quote": f"the committee found {e.action} {finding} ({vote})."}]
    if isinstance(e, Consultation):
        return [{"evidence": "consultation", "action": a,
                 "quote": f"{sum(views)} of {len(views)} consulted with a view on {a} found it a logical alternative."}
                for a, views in e.views_by_action().items()]
    did = dict(e.actions)
    return [{"evidence": "field", "action": a,
             "quote": f"at the other tables: {did.get(a, 0)} of {e.tables} did {a}."}
            for a in dict.fromkeys([*did, *found])]


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
