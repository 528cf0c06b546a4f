"""Polled rulings as an open data package, and several packages as one corpus.

An organisation publishes its polled rulings, anonymised, as a Frictionless Data Package
(https://specs.frictionlessdata.io/data-package/, profile ``tabular-data-package``): a
``datapackage.json`` descriptor beside ``rulings.csv``, the CSV described by a Table Schema
(https://specs.frictionlessdata.io/table-schema/) with each column's type and constraints, so a
researcher's own tools (``frictionless validate datapackage.json``) can check it. The rows are in
the published-rulings format (docs/research.md). A researcher merges several packages into one
corpus: each row keeps the package it came from; the same ruling in two packages (the same
``ruling``, action and evidence) is kept once and said to be a duplicate; the same ruling with
other counts or findings is set aside for a person, every side named, and the rest is merged,
whatever the order of the packages. Two rulings of one board (two clubs in a simultaneous event,
two tables of one club) share a ``fingerprint`` but not a ``ruling``: both are kept. Both are
keyed with a key the federation's organisations share, so no one without it can link a row to a
public hand record or to a club's own case.

    files = package(corpus, publisher="Riverside BC", name="riverside-bc", period="2026-11")
    merged = merge_packages([read_package(files), read_package(other)])
    merged.corpus, merged.duplicates, merged.set_aside
"""
from __future__ import annotations

import hashlib
import hmac
import io
import json
import re
from dataclasses import dataclass
from typing import Mapping

import pandas as pd

from analysis.errors import HuddleInputError
from analysis.files.text import check_table, decode, printable, spreadsheet_safe
from analysis.limits import MAX_CORPUS_ROWS, MAX_POLL_COUNT, check_file_size
from analysis.numbers import counted
from analysis.law.laws.editions import EDITIONS
from analysis.law.questions.logical_alternatives import PRESETS
from analysis.polls.kinds import POLL_TYPES
from analysis.research.calibration import (COUNTS_EXACT, CORPUS_COLUMNS, COUNT_COLUMNS, DIRECTOR_BASES,
                                           EVIDENCE_TYPES, KINDS, POLL_QUESTIONS, anonymised, corpus_frame,
                                           loads_corpus)

DESCRIPTOR, DATA = "datapackage.json", "rulings.csv"
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")      # a Table Schema number, as the validator reads it
PERIOD = re.compile(r"\d{4}-(0[1-9]|1[0-2])")       # a month, never a day
NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,79}")
# the columns a package never carries: what could name a person or a club's own case
WITHHELD = ("case_number", "event", "notes", "class_of_players")
BOOLEAN = ("director_la", "committee_la", "self_poll")
DESCRIPTIONS = {
    "case_id": "the ruling within its package (no case id of the organisation's own)",
    "fingerprint": "the same ruling in any package of the federation: a keyed hash (HMAC-SHA256, with the key the "
                   "federation's organisations share) of its deal, auction and action; empty when published without "
                   "the key",
    "ruling": "the same ruling in any package of the federation: a keyed hash (HMAC-SHA256, with the same key) of "
              "the organisation, its own case id and the action in question's number; two rulings of one board "
              "share a fingerprint, never a ruling; empty when published without the key",
    "evidence": "how the finding on the action was reached: a counted poll, a committee's vote, …",
    "director_basis": "the director's finding came from the policy's verdict on the counts, or her own judgement",
    "action": "the action the poll was about", "table_action": "the action taken at the table",
    "chose": "pollees who chose the action", "close": "pollees who chose another but would pick it a third of the "
    "time or more", "considered_only": "pollees who only seriously considered it", "poll_size": "pollees asked",
    "director_la": "the director found the action a logical alternative", "committee_la": "the committee did",
    "kind": "ruling or appeal", "year": "the year of the ruling (no finer date is published)",
    "source": "the package the row came from", "source_address": "the package's address (urn:huddle:…)",
    "quote": "the counts and the finding in words, written by Huddle",
}


def fingerprint(deal_pbn: str, auction: str, action: str, key: bytes | None) -> str:
    """The same ruling in any package of a federation: 16 hex digits of an HMAC-SHA256 of what the
    table had, keyed with the key the federation's organisations share, so that no one without it
    can recompute it from public hand records. Without a key, no fingerprint ("")."""
    if key is None:
        return ""
    return hmac.new(key, f"{deal_pbn}|{auction}|{action}".encode(), hashlib.sha256).hexdigest()[:16]


def ruling_key(organisation: str, case: str, action_number: int, key: bytes | None) -> str:
    """One ruling, whichever package publishes it: 16 hex digits of an HMAC-SHA256 of the
    organisation that ruled, its own id of the case and the action in question's number (a case
    may rule several), keyed as the fingerprint is. Two rulings of one board (two clubs of a
    simultaneous event, two tables of one club) share a fingerprint and never a ruling key."""
    if key is None:
        return ""
    return hmac.new(key, f"ruling|{organisation}|{case}|{action_number}".encode(), hashlib.sha256).hexdigest()[:16]


PRIMARY_KEY = ["case_id", "action", "evidence"]          # one row per action per kind of evidence in a ruling
ENUMS = {"kind": KINDS, "poll_asked": POLL_QUESTIONS, "counts_exact": COUNTS_EXACT, "evidence": EVIDENCE_TYPES,
         "poll_type": POLL_TYPES, "director_basis": DIRECTOR_BASES, "laws": EDITIONS, "policy": tuple(PRESETS)}
PATTERNS = {"fingerprint": "[0-9a-f]{16}", "ruling": "[0-9a-f]{16}", "case_id": "[a-z0-9][a-z0-9._-]*-[0-9]+",
            "source_address": "urn:huddle:[a-z0-9][a-z0-9._-]*:[0-9]{4}-(0[1-9]|1[0-2])"}
KEYED = ("fingerprint", "ruling")        # the keyed hashes a package carries beside the corpus's columns
REQUIRED = ("case_id", "action", "evidence", "source", "source_address", "quote")


def table_schema() -> dict:
    """The Table Schema of rulings.csv: every column with its type and the constraints Huddle's
    reader checks too (the same rows pass both or fail both)."""
    fields = []
    for name in CORPUS_COLUMNS + KEYED:
        if name in WITHHELD:
            continue
        field: dict = {"name": name, "type": "string"}
        constraints: dict = {}
        if name in COUNT_COLUMNS:
            field["type"] = "integer"
            constraints.update(required=True, minimum=0, maximum=MAX_POLL_COUNT)
        elif name == "published_share":
            field["type"] = "number"
            constraints.update(minimum=0, maximum=1)
        elif name in BOOLEAN:
            field.update(type="boolean", trueValues=["True"], falseValues=["False"])
        elif name == "year":
            field["type"] = "integer"
            constraints.update(minimum=1930, maximum=2100)
        if name in REQUIRED:
            constraints["required"] = True
        if name in ENUMS:
            constraints["enum"] = list(ENUMS[name]) if name in REQUIRED else ["", *ENUMS[name]]
        if name in PATTERNS:
            constraints["pattern"] = PATTERNS[name]
        if constraints:
            field["constraints"] = constraints
        if name in DESCRIPTIONS:
            field["description"] = DESCRIPTIONS[name]
        fields.append(field)
    return {"fields": fields, "primaryKey": PRIMARY_KEY, "missingValues": [""]}


def package(corpus: pd.DataFrame, publisher: str, name: str, period: str,
            licence: str = "CC-BY-4.0") -> dict[str, str]:
    """The organisation's polled rulings as a data package ({file name: text}): anonymised
    (calibration.anonymised, then every column in WITHHELD emptied), each row a published ruling
    whose address is the package's and whose quote Huddle writes from the counts."""
    if not NAME.fullmatch(name):
        raise HuddleInputError("name", "a package name is lower-case letters, digits, '.', '_' or '-'")
    if not PERIOD.fullmatch(period):
        raise HuddleInputError("period", f"'{period[:20]}' must be a month, YYYY-MM")
    rows = anonymised(corpus, prefix=name)
    rows["case_id"] = [c.replace(" ", "-") for c in rows["case_id"]]
    for column in WITHHELD:
        rows[column] = ""
    rows["source"] = f"{publisher}: polled rulings, {period}"
    rows["source_address"] = f"urn:huddle:{name}:{period}"
    rows["kind"] = ["appeal" if c is not None else "ruling" for c in rows["committee_la"]]
    rows["quote"] = [_quote(r) for r in rows.itertuples(index=False)]
    for column in KEYED:
        rows[column] = list(corpus[column]) if column in corpus.columns else ""
    # two records of one kind of evidence on one action (two consultations) say the same: once
    rows = rows.drop_duplicates(subset=PRIMARY_KEY, keep="first")
    columns = [f["name"] for f in table_schema()["fields"]]
    data = _csv(rows, columns)
    descriptor = {
        "profile": "tabular-data-package", "name": name, "title": f"{publisher}: polled rulings",
        # RFC 3339, and no finer than the month the package covers (never the day it was made)
        "created": f"{period}-01T00:00:00Z", "licenses": [{"name": licence}],
        "description": "Anonymised polled rulings on logical alternatives (Law 16B1) in Huddle's published-rulings "
                       "format: no names, no text a player typed, no pair numbers, no date finer than the month.",
        "resources": [{"name": "rulings", "path": DATA, "profile": "tabular-data-resource", "format": "csv",
                       "mediatype": "text/csv", "encoding": "utf-8", "schema": table_schema()}]}
    return {DESCRIPTOR: json.dumps(descriptor, indent=2, ensure_ascii=False) + "\n", DATA: data}


def _csv(rows: pd.DataFrame, columns: list[str]) -> str:
    """The rows as the schema types them: findings True / False / empty, counts and years whole,
    text a spreadsheet will not run as a formula."""
    out = pd.DataFrame(index=rows.index)
    for column in columns:
        values = rows[column]
        if column in BOOLEAN:
            out[column] = ["" if _missing(v) else str(bool(v)) for v in values]
        elif column == "year":
            out[column] = ["" if pd.isna(v) else str(int(v)) for v in values]
        elif column == "published_share":
            out[column] = ["" if _missing(v) else f"{v:g}" for v in values]
        elif column in COUNT_COLUMNS:
            out[column] = [str(int(v)) for v in values]
        else:
            out[column] = ["" if _missing(v) else spreadsheet_safe(v) for v in values]
    return out.to_csv(index=False)


def _quote(row) -> str:
    """The counts and the finding in words: a poll's counts, or what the other evidence said of the
    action (corpus.evidence_rows writes it from its counts, never from a name or a typed reason)."""
    finding = {True: "found it a logical alternative", False: "found it no logical alternative", None: "made no finding"}
    said = (f"{row.chose + row.close + row.considered_only} of {row.poll_size} pollees seriously considered "
            f"{row.action} ({row.chose} chose it)" if row.evidence == "counted poll" or not row.quote
            else row.quote.rstrip("."))
    said += f"; the director {finding[row.director_la]}"
    if row.committee_la is not None:
        said += f", the committee {finding[row.committee_la]}"
    return said + "."


def read_package(files: Mapping[str, str | bytes]) -> pd.DataFrame:
    """A package's rows as a corpus, checked against its own Table Schema (each problem names the
    file, the row and the column) and against the published-rulings format."""
    if DESCRIPTOR not in files:
        raise HuddleInputError(DESCRIPTOR, "a data package has its descriptor, datapackage.json")
    try:
        descriptor = json.loads(decode(check_file_size(files[DESCRIPTOR], DESCRIPTOR))[0])
    except json.JSONDecodeError as exc:
        raise HuddleInputError(DESCRIPTOR, f"not JSON ({exc.msg}, line {exc.lineno})") from None
    except RecursionError:
        raise HuddleInputError(DESCRIPTOR, "nested too deep to be a data package's descriptor") from None
    resources = descriptor.get("resources") if isinstance(descriptor, dict) else None
    if not isinstance(resources, list) or len(resources) != 1 or not isinstance(resources[0], dict):
        raise HuddleInputError(f"{DESCRIPTOR}: resources", "one resource, rulings.csv, is expected")
    resource = resources[0]
    if resource.get("path") != DATA or DATA not in files:
        raise HuddleInputError(f"{DESCRIPTOR}: resources[0].path", f"the rows are in {DATA}, beside the descriptor")
    schema = resource.get("schema")
    if schema != table_schema():
        raise HuddleInputError(f"{DESCRIPTOR}: resources[0].schema", "not the published-rulings schema this "
                                                                        "version of Huddle reads (docs/research.md)")
    name = str(descriptor.get("name", ""))
    if not NAME.fullmatch(name):
        raise HuddleInputError(f"{DESCRIPTOR}: name", "a package name is lower-case letters, digits, '.', '_' or '-'")
    text = decode(check_file_size(files[DATA], DATA))[0]
    check_table(text, DATA, MAX_CORPUS_ROWS)
    frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    columns = [f["name"] for f in schema["fields"]]
    if list(frame.columns) != columns:
        raise HuddleInputError(f"{DATA}: header", "the columns are not those its schema names, in its order")
    for field in schema["fields"]:
        _check_column(frame[field["name"]], field)
        if field["type"] in ("integer", "number"):         # "+5", "5e-1": numbers as the validator reads them
            kind = int if field["type"] == "integer" else float
            frame[field["name"]] = ["" if v == "" else str(kind(v)) for v in frame[field["name"]]]
    repeated = frame.duplicated(subset=PRIMARY_KEY)
    if repeated.any():
        first = int(repeated.idxmax())
        raise HuddleInputError(f"{DATA}: row {first + 1}", "repeats the primary key (" + ", ".join(
            f"{c} {frame.at[first, c]}" for c in PRIMARY_KEY) + ") of an earlier row")
    try:
        corpus = loads_corpus(frame.to_csv(index=False))
    except HuddleInputError as exc:
        raise exc.at(f"{DATA}: {exc.field}") from None
    for column in KEYED:
        corpus[column] = list(frame[column])
    corpus["package"] = name
    return corpus


def _check_column(values: pd.Series, field: dict) -> None:
    constraints = field.get("constraints", {})
    for i, value in enumerate(values, 1):
        where = f"{DATA}: row {i}: {field['name']}"
        if value == "":
            if constraints.get("required"):
                raise HuddleInputError(where, "is required")
            continue
        if field["type"] == "integer" and not re.fullmatch(r"\+?\d+", value):
            raise HuddleInputError(where, f"'{value[:20]}' is not a whole number")
        if field["type"] == "number" and not NUMBER.fullmatch(value):
            raise HuddleInputError(where, f"'{value[:20]}' is not a number")
        if "maximum" in constraints and not constraints["minimum"] <= float(value) <= constraints["maximum"]:
            raise HuddleInputError(where, f"{value[:20]} is not from {constraints['minimum']} to {constraints['maximum']}")
        if field["type"] == "boolean" and value not in ("True", "False"):
            raise HuddleInputError(where, f"'{value[:20]}' must be True or False")
        if "enum" in constraints and value not in constraints["enum"]:
            raise HuddleInputError(where, f"'{value[:30]}' is not one of its values")
        if "pattern" in constraints and not re.fullmatch(constraints["pattern"], value):
            raise HuddleInputError(where, f"'{value[:30]}' is not of its form")


@dataclass(frozen=True)
class MergedCorpus:
    """Several packages as one corpus: each row with the package it came from; the duplicates
    kept once (the packages each was found in) and each true conflict (one ruling given with other
    counts or findings) set aside for a person, every side named."""

    corpus: pd.DataFrame
    duplicates: tuple[str, ...]
    set_aside: tuple[str, ...]

    def words(self) -> str:
        packages = self.corpus["package"].nunique()
        return (f"{counted(len(self.corpus), 'row')} from {counted(packages, 'package')}; "
                f"{counted(len(self.duplicates), 'duplicate')} kept once; "
                f"{counted(len(self.set_aside), 'conflict')} set aside")


SAME = ("chose", "close", "considered_only", "poll_size", "director_la", "committee_la", "poll_type", "table_action",
        "director_basis")


def merge_packages(packages: list[pd.DataFrame]) -> MergedCorpus:
    """One corpus from several read packages (read_package): rows with the same ruling key, action
    and evidence are one ruling, kept once when their counts and findings agree (from the package
    whose name sorts first) and set aside, every side named, when they do not, the rest merged: the
    result is the same in whatever order the packages are given. Rulings of one board that are not
    one ruling (the same fingerprint, other ruling keys) are all kept. A row without a ruling key
    (a package made without the federation's key) cannot be matched and is kept as its package's
    own."""
    if not packages:
        raise HuddleInputError("packages", "give at least one package")
    names = [str(p["package"].iloc[0]) if len(p) else "" for p in packages]
    if len(set(names)) != len(names):
        raise HuddleInputError("packages", "the same package is given twice")
    groups: dict[tuple, list[dict]] = {}
    for frame in sorted(packages, key=lambda f: str(f["package"].iloc[0]) if len(f) else ""):
        for row in frame.to_dict(orient="records"):
            matched = row.get("ruling") or f"{row['package']}|{row['case_id']}"
            groups.setdefault((matched, row["action"], row["evidence"]), []).append(row)
    kept, duplicates, set_aside = [], [], []
    for rows in groups.values():
        first, others = rows[0], rows[1:]
        differ = sorted({c for row in others for c in SAME if not _same(first[c], row[c])}, key=SAME.index)
        if differ:
            set_aside.append("; ".join(_named(r) for r in rows) + " are one ruling that the packages give differently: "
                           + ", ".join(f"{c} " + " against ".join(_shown(r[c]) for r in rows) for c in differ))
            continue
        for row in others:
            duplicates.append(f"{_named(row)} is {_named(first)}")
        also = "; ".join(f"also published in {row['package']} as {row['case_id']}" for row in others)
        if also:
            first["notes"] = f"{first['notes']}; {also}" if first.get("notes") else also
        kept.append(first)
    if not kept:
        raise HuddleInputError("packages", "no row is left once the conflicts are set aside: "
                               + "; ".join(set_aside)[:300])
    frame = pd.DataFrame(kept)
    corpus = corpus_frame(frame[[c for c in CORPUS_COLUMNS if c in frame.columns]])
    for column in KEYED + ("package",):
        corpus[column] = list(frame[column])
    return MergedCorpus(corpus, tuple(duplicates), tuple(set_aside))


def _named(row: dict) -> str:
    return printable(f"{row['package']} {row['case_id']} ({row['action']}, {row['evidence']})")


def _same(a, b) -> bool:
    """Two cells agree: both empty, or equal."""
    return _missing(a) == _missing(b) and (_missing(a) or a == b)


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and x != x)


def _shown(value) -> str:
    return "none" if _missing(value) else printable(value)


__all__ = ["package", "read_package", "merge_packages", "MergedCorpus", "table_schema", "fingerprint", "ruling_key",
           "DESCRIPTOR", "DATA"]
