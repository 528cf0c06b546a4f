"""Every example case file in data/ loads, round-trips, and bad case files name the field."""
import io
import json

import pytest

from analysis import HuddleInputError
from analysis.law import case as case_files
from conftest import CASES

EXAMPLES = sorted(CASES.glob("*.json"))


def test_there_are_example_cases():
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_case_loads_and_round_trips(path):
    case = case_files.loads(path.read_text(encoding="utf-8"))
    assert case.id == path.stem
    again = case_files.loads(case_files.dumps(case))
    assert again.to_dict() == case.to_dict()
    # the example is in the form Huddle writes: read and written back, byte for byte (a case of one
    # irregularity and one action keeps the shape it always had)
    with io.StringIO() as written:
        case_files.dump(case, written)
        assert written.getvalue() == path.read_text(encoding="utf-8")


VERSION_2 = sorted((CASES.parent.parent / "tests" / "cases" / "v2").glob("*.json"))


@pytest.mark.parametrize("path", VERSION_2, ids=[p.stem for p in VERSION_2])
def test_the_examples_as_version_2_wrote_them_read_as_the_examples(path):
    """The example cases as they were kept before they were written in Huddle's own form (version
    2, fields left out) read as the same cases."""
    old = case_files.loads(path.read_text(encoding="utf-8"))
    assert json.loads(path.read_text(encoding="utf-8"))["format_version"] == 2
    assert old == case_files.loads((CASES / path.name).read_text(encoding="utf-8"))


def test_seed_numbers_in_the_example_cases():
    load = lambda name: case_files.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))  # noqa: E731
    slam = load("laws033-6d-slam")
    assert slam.table_result.ns_score == 920 and slam.board.auction.contract_text() == "6D by S"
    assert slam.action_seat == "S" and slam.board.auction.calls[15].tempo_break
    assert load("kooijman-high-level-6c").table_result.ns_score == 1370
    assert load("kooijman-serious-error-imps").table_result.ns_score == -500
    assert load("boston-3h").action_seat == "S"
    assert load("laws033-case-b").board.auction.calls[1].tempo_seconds == 30


def _base():
    return json.loads((CASES / "laws033-6d-slam.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format_version=7), "format_version"),
    (lambda d: d.update(kind="XYZ"), "kind"),
    (lambda d: d.pop("deal"), "deal"),
    (lambda d: d.update(deal=d["deal"].replace("T3.J6", "T3.Q7")), "deal"),
    (lambda d: d["auction"].__setitem__(3, {"call": "1C"}), "auction call 4 (North)"),
    (lambda d: d.update(action_index=99), "action_index"),
    (lambda d: d.update(offending_side="N"), "offending_side"),
    (lambda d: d["board"].update(vulnerability="red"), "vulnerability"),
    (lambda d: d["irregularity"].update(by="E"), "irregularity.by"),
    (lambda d: d["table_result"].update(contract="8D="), "table_result.contract"),
    (lambda d: d["table_result"].update(ns_score=990), "table_result.ns_score"),
    (lambda d: d.update(field=[420, "lots"]), "field[1]"),
    (lambda d: d.update(scoring="rubber"), "scoring"),
])
def test_bad_case_files_name_the_field(change, field):
    data = _base()
    change(data)
    with pytest.raises(HuddleInputError) as err:
        case_files.loads(json.dumps(data))
    assert err.value.field == field


def test_not_json():
    with pytest.raises(HuddleInputError, match="not valid JSON"):
        case_files.loads("{")
