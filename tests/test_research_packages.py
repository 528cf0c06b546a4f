"""An organisation's polled rulings as an open data package, and several federations' packages
as one corpus: the package follows its own Table Schema, carries nothing that names a person or
a date finer than the month, and merging keeps each row's provenance, keeps a duplicate once and
refuses a conflicting row with the reason."""
import copy
import json
import re

import pytest

from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.research import calibration as research
from analysis.research.packages import DATA, DESCRIPTOR, merge_packages, package, read_package, table_schema
from conftest import CASES
from polling import cases, corpus, organisations, setup
from test_cli import run

# what a case may say that no package may carry
NAMES = ("Zebulon", "Quist", "Ophelia", "Marr", "1729", "Congress", "2026-03-14", "mumbled", "glared")


def _case(name: str, new_id: str, marked: bool = False, chose: int | None = None):
    data = json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["id"] = new_id
    if marked:
        data.update(title="Zebulon Quist v Ophelia Marr", source="Appeal of Zebulon Quist (pair 1729), 2026-03-14",
                    event="Spring Congress", notes="Ophelia Marr says Zebulon mumbled; pair 1729 glared.")
        data["irregularity"]["description"] = "Zebulon Quist glared and mumbled on 2026-03-14; pair 1729."
        data["auction"][2]["explanation"] = "Zebulon says natural"
    if chose is not None:
        data["ruling"]["poll"]["counts"][0]["chose"] = chose          # Double's
    return case_files.Case.from_dict(data)


@pytest.fixture
def two_federations(database_url):
    """Two federations, each with a club: the same ruling stored in both (a duplicate), a ruling
    only one has, and one stored in both with other counts (a conflict)."""
    setup.prepare_database(load_examples=False)
    made = {slug: organisations.create_organisation(slug, name, "federation")
            for slug, name in (("nbo", "National Bridge Org"), ("ebf", "Eastern Bridge Federation"))}
    for slug, fed in (("north", "nbo"), ("east", "ebf")):
        made[slug] = organisations.create_organisation(slug, slug.title() + " BC", federation=fed)
    ids = {k: o.id for k, o in made.items()}
    cases.create_case(_case("constructed-mi-transfer", "mi-1", marked=True), "ann", organisation_id=ids["north"])
    cases.create_case(_case("constructed-mi-transfer", "the-same-board"), "eve", organisation_id=ids["east"])
    cases.create_case(_case("lead-after-slow-pass-of-stayman", "lead"), "ann", organisation_id=ids["nbo"])
    cases.create_case(_case("lead-after-slow-pass-of-stayman", "lead-again"), "eve", organisation_id=ids["ebf"])
    return ids


def _package(organisation_id: int, name: str) -> dict[str, str]:
    org = organisations.get_organisation(organisation_id)
    return package(corpus.database_corpus(organisation_id=organisation_id), org.name, name, "2026-11")


def test_a_package_carries_no_name_no_typed_text_no_pair_number_and_no_day(two_federations):
    files = _package(two_federations["nbo"], "nbo")
    text = files[DESCRIPTOR] + files[DATA]
    for said in NAMES:
        assert said not in text, said
    assert not re.search(r"\d{4}-\d{2}-\d{2}", text)                  # no date finer than the month
    assert not re.search(r"\b(mi-1|north|North)\b", files[DATA])     # no case id of the club's own
    descriptor = json.loads(files[DESCRIPTOR])
    assert descriptor["profile"] == "tabular-data-package" and descriptor["created"] == "2026-11"
    assert descriptor["resources"][0]["schema"] == table_schema()
    rows = read_package(files)
    assert set(rows["case_id"]) == {"nbo-1", "nbo-2"} and set(rows["kind"]) == {"ruling"}
    assert rows["source_address"].eq("urn:huddle:nbo:2026-11").all()
    assert rows["quote"].iloc[0].endswith("the director found it a logical alternative.")


def test_two_federations_packages_merge_into_one_corpus_that_fits(two_federations, tmp_path, capsys):
    north = read_package(_package(two_federations["nbo"], "nbo"))
    east = read_package(_package(two_federations["ebf"], "ebf"))
    merged = merge_packages([north, east])
    assert len(merged.duplicates) == len(east) and merged.refused == ()       # the same boards: kept once
    assert set(merged.corpus["package"]) == {"nbo"} and len(merged.corpus) == len(north)
    assert merged.duplicates[0].startswith("ebf ebf-")
    assert merged.corpus["notes"].str.startswith("also published in ebf as ebf-").all()      # the provenance of both
    fits = research.implied_thresholds(merged.corpus)
    assert fits.loc[fits["group"] == "director: all", "decisions"].iloc[0] == len(north)
    # the same through the command line, from the packages' folders
    for slug, org in (("nbo", "nbo"), ("ebf", "ebf")):
        code, out, _ = run(capsys, "corpus", "package", "-o", str(tmp_path / slug), "--org", org,
                           "--period", "2026-11")
        assert code == 0 and out.startswith("Wrote ")
    code, out, _ = run(capsys, "corpus", "merge", str(tmp_path / "nbo"), str(tmp_path / "ebf"), "-o",
                       str(tmp_path / "all.csv"))
    assert code == 0 and "duplicate: ebf ebf-" in out
    code, out, _ = run(capsys, "calibrate", str(tmp_path / "all.csv"), "--draws", "10")
    assert code == 0 and "director: all:" in out and "National Bridge Org: polled rulings, 2026-11 (nbo)" in \
        (tmp_path / "all.csv").read_text(encoding="utf-8")


def test_a_conflicting_row_is_refused_with_the_reason(two_federations):
    cases.create_case(_case("constructed-mi-transfer", "changed", chose=4), "eve",
                      organisation_id=organisations.create_organisation("west", "West BC").id)
    west = organisations.find_organisation("west").id
    merged = merge_packages([read_package(_package(two_federations["nbo"], "nbo")),
                             read_package(_package(west, "west"))])
    assert any(re.fullmatch(r"west west-1 \(X\) conflicts with nbo nbo-\d: chose 4 against 5, poll_size 7 against 8", r)
               for r in merged.refused)
    assert "X" in set(merged.corpus.loc[merged.corpus["package"] == "nbo", "action"])       # the first kept


@pytest.mark.parametrize("spoil, field", [
    (lambda f: f.update({DESCRIPTOR: "{"}), "datapackage.json"),
    (lambda f: f.pop(DATA), "datapackage.json: resources[0].path"),
    (lambda f: f.update({DATA: f[DATA].replace(",True,", ",yes,", 1)}), "rulings.csv: row 1: director_la"),
    (lambda f: f.update({DATA: f[DATA].replace("urn:huddle:nbo:2026-11", "", 1)}), "rulings.csv: row 1: source_address"),
    (lambda f: f.update({DESCRIPTOR: f[DESCRIPTOR].replace('"integer"', '"number"', 1)}),
     "datapackage.json: resources[0].schema"),
])
def test_a_spoilt_package_is_refused_naming_the_file_and_field(two_federations, spoil, field):
    files = _package(two_federations["nbo"], "nbo")
    spoil(files)
    with pytest.raises(HuddleInputError, match=re.escape(field)):
        read_package(files)


def test_a_package_name_and_period_are_checked(two_federations):
    frame = corpus.database_corpus(organisation_id=two_federations["nbo"])
    with pytest.raises(HuddleInputError, match="period: '2026-11-26' must be a month"):
        package(frame, "NBO", "nbo", "2026-11-26")
    with pytest.raises(HuddleInputError, match="name: a package name is lower-case"):
        package(frame, "NBO", "N B O", "2026-11")
    with pytest.raises(HuddleInputError, match="the same package is given twice"):
        rows = read_package(package(frame, "NBO", "nbo", "2026-11"))
        merge_packages([rows, rows])
