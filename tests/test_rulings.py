"""Ruling versions on a real SQLite file and a real PostgreSQL server: each save computes the
ruling first (a mistake writes nothing), keeps the section in the case file and adds a version."""
import dataclasses
import json

import pytest

from analysis.law import case as case_files
from analysis.errors import HuddleInputError
from analysis.law.adjustment.outcome_tree import CANCELLED_REASON
from analysis.law.case.findings import Finding, RulingInputs
from conftest import CASES
from polling import cases, rulings, setup


@pytest.fixture
def slam(database_url):
    setup.prepare_database(load_examples=False)
    case = case_files.loads((CASES / "laws033-6d-slam.json").read_text())
    return cases.create_case(case, "tess"), case


def test_versions_are_kept_with_who_and_when(slam):
    record_id, case = slam
    first = rulings.save_ruling(record_id, case.ruling, "tess")
    changed = dataclasses.replace(case.ruling, suggested=dataclasses.replace(case.ruling.suggested, reason="Slow 5♦."))
    second = rulings.save_ruling(record_id, changed, "tom")
    versions = rulings.ruling_versions(record_id)
    assert [(v.version, v.username, v.adjusted, v.policy) for v in versions] == [
        (1, "tess", True, "wbf2017"), (2, "tom", True, "wbf2017")]
    assert versions[0].at <= versions[1].at and first.id != second.id
    result = json.loads(versions[1].result)
    assert result["scores"]["NS"]["scores"] == [{"score": 420, "weight": "1"}]
    assert "North-South: +420." in result["text"]
    assert json.loads(versions[1].inputs)["suggested"]["reason"] == "Slow 5♦."
    stored = cases.get_case(record_id)
    assert stored.status == "ruled" and stored.case.ruling.suggested.reason == "Slow 5♦."
    summaries = [c.summary for c in cases.history(record_id) if c.action == "ruled"]
    assert summaries == ["ruling version 1: adjusted", "ruling version 2: adjusted (changed ruling.suggested.reason)"]


def test_a_bad_ruling_writes_nothing(slam):
    record_id, case = slam
    data = case.ruling.to_dict()
    data["adjustment"]["offenders"]["alternatives"][1]["weight"] = "1/2"
    with pytest.raises(HuddleInputError) as err:
        RulingInputs.from_dict(data)
    assert CANCELLED_REASON in str(err.value)
    no_tree = dataclasses.replace(case.ruling, damage=Finding(True, "clearly"),
                                  adjustment=dataclasses.replace(case.ruling.adjustment, offenders=None))
    with pytest.raises(HuddleInputError, match="ruling.adjustment.offenders"):
        rulings.save_ruling(record_id, no_tree, "tess")
    assert rulings.ruling_versions(record_id) == []
    assert cases.get_case(record_id).status == "open"
    assert [c.action for c in cases.history(record_id)] == ["created"]


def test_an_unknown_case_is_named(slam):
    with pytest.raises(HuddleInputError, match="there is no case 999"):
        rulings.ruling_versions(999)


def test_constructed_cases_are_stored_and_ruled_on_both_databases(database_url):
    """Version 2 case files (an unplayable board's kind, both sides offending, board-a-match,
    a knockout split) are kept and ruled the same on SQLite and PostgreSQL."""
    setup.prepare_database(load_examples=False)
    folder = CASES.parent.parent / "tests" / "cases" / "rulings"
    expected = {"unplayable-board": ("unplayable", "12", "8"), "both-sides-offending": ("UI", "8", "8"),
                "bam-artificial": ("UI", "3/5", "2/5"), "knockout-serious-error": ("UI", "-15/2", "15/2")}
    for name, (kind, ns, ew) in expected.items():
        case = case_files.loads((folder / f"{name}.json").read_text())
        record_id = cases.create_case(case, "tess")
        rulings.save_ruling(record_id, case.ruling, "tess")
        stored = cases.get_case(record_id)
        assert stored.case.kind == kind and stored.case == dataclasses.replace(case, ruling_version=1)
        result = json.loads(rulings.ruling_versions(record_id)[-1].result)["scores"]
        worth = [next(v for k in ("matchpoints", "imps", "board") if (v := result[s][k]) is not None) for s in ("NS", "EW")]
        assert worth == [ns, ew]
