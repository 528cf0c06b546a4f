"""An organisation's polled rulings as an open data package, and several federations' packages
as one corpus: the package follows its own Table Schema, carries nothing that names a person or
a date finer than the month, and merging keeps each row's provenance, keeps a duplicate once and
sets aside a ruling given two ways with both sides named."""
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


KEY = "a key the two federations share"
EVIDENCE = [{"kind": "committee poll", "chose": {"X": 3, "P": 2}, "asked": 5},
            {"kind": "committee vote", "action": "X", "for": 2, "against": 1, "reason": "Double is obvious"},
            {"kind": "published poll", "shares": {"X": "60%"}, "asked": 10, "verdict": "", "source": "a bulletin"},
            {"kind": "consultation", "when": "after the session",
             "people": [{"name": "A. Peer", "class": "peer", "views": [{"action": "X", "la": True, "why": ""}]}]},
            {"kind": "consultation", "when": "the next day",
             "people": [{"name": "B. Peer", "class": "peer", "views": [{"action": "X", "la": True, "why": ""}]}]},
            {"kind": "field", "tables": 10, "actions": {"X": 4, "P": 6}, "note": ""}]


def validation(files: dict[str, str]):
    """The package as the data-package validator reads it (frictionless, not Huddle's reader).
    Its CSV parser raises the csv module's cell bound for the whole process; the bound is put back,
    since Huddle's readers are tested at the module's own 128 KB in whatever process runs them."""
    import csv
    import tempfile
    from pathlib import Path
    from frictionless import validate
    bound = csv.field_size_limit()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for name, text in files.items():
                (Path(folder) / name).write_text(text, encoding="utf-8")
            return validate(str(Path(folder) / DESCRIPTOR))
    finally:                                     # its CSV parser is imported on first use
        csv.field_size_limit(bound)


def validated(files: dict[str, str]) -> dict[str, str]:
    """The package must pass the validator, or the test fails with the validator's own errors."""
    report = validation(files)
    assert report.valid, report.flatten(["rowNumber", "fieldName", "type", "note"])
    return files


def refused_by_the_validator(files: dict[str, str]) -> bool:
    return not validation(files).valid


@pytest.fixture
def two_federations(database_url, monkeypatch):
    """Two federations, each with a club: the same ruling stored in both (a duplicate), a ruling
    only one has, and one stored in both with other counts (a conflict)."""
    monkeypatch.setenv("HUDDLE_PACKAGE_KEY", KEY)
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
    return validated(package(corpus.database_corpus(organisation_id=organisation_id), org.name, name, "2026-11"))


def test_a_package_carries_no_name_no_typed_text_no_pair_number_and_no_day(two_federations):
    files = _package(two_federations["nbo"], "nbo")
    text = files[DESCRIPTOR] + files[DATA]
    for said in NAMES:
        assert said not in text, said
    descriptor = json.loads(files[DESCRIPTOR])
    assert descriptor["created"] == "2026-11-01T00:00:00Z"                # RFC 3339, no finer than the month
    assert not re.search(r"\d{4}-\d{2}-\d{2}", text.replace(descriptor["created"], ""))
    assert not re.search(r"\b(mi-1|north|North)\b", files[DATA])     # no case id of the club's own
    assert descriptor["profile"] == "tabular-data-package"
    assert descriptor["resources"][0]["schema"] == table_schema()
    rows = read_package(files)
    assert set(rows["case_id"]) == {"nbo-1", "nbo-2"} and set(rows["kind"]) == {"ruling"}
    assert rows["source_address"].eq("urn:huddle:nbo:2026-11").all()
    assert rows["quote"].iloc[0].endswith("the director found it a logical alternative.")


def test_two_clubs_ruling_the_same_board_keep_both_rulings(two_federations, tmp_path, capsys):
    """Before: a ruling was known by its board's fingerprint, so two clubs of a simultaneous event
    ruling the same board, each with its own poll, were one ruling: merged as one, or refused on
    both sides ("no row is left", exit 2). A ruling is now known by its own keyed id (the club, its
    case, the action in question): the boards match, the rulings do not, and both are kept."""
    north = read_package(_package(two_federations["nbo"], "nbo"))
    east = read_package(_package(two_federations["ebf"], "ebf"))
    assert set(north["fingerprint"]) == set(east["fingerprint"])              # the same boards…
    assert not set(north["ruling"]) & set(east["ruling"])                      # …ruled by other clubs
    merged = merge_packages([north, east])
    assert merged.duplicates == () and merged.set_aside == ()
    assert len(merged.corpus) == len(north) + len(east)
    assert merge_packages([east, north]).corpus.equals(merged.corpus)
    fits = research.implied_thresholds(merged.corpus)
    assert fits.loc[fits["group"] == "director: all", "decisions"].iloc[0] == len(north) + len(east)
    # the same through the command line, from the packages' folders
    for slug in ("nbo", "ebf"):
        code, out, _ = run(capsys, "corpus", "package", "-o", str(tmp_path / slug), "--org", slug,
                           "--period", "2026-11")
        assert code == 0 and out.startswith("Wrote ")
        validated({name: (tmp_path / slug / name).read_text(encoding="utf-8") for name in (DESCRIPTOR, DATA)})
    code, out, _ = run(capsys, "corpus", "merge", str(tmp_path / "nbo"), str(tmp_path / "ebf"), "-o",
                       str(tmp_path / "all.csv"))
    assert code == 0 and f"{len(merged.corpus)} rows from 2 packages; 0 duplicates kept once; 0 conflicts set aside" in out
    code, out, _ = run(capsys, "calibrate", str(tmp_path / "all.csv"), "--draws", "10")
    assert code == 0 and "director: all:" in out and "Eastern Bridge Federation: polled rulings, 2026-11 (ebf)" in \
        (tmp_path / "all.csv").read_text(encoding="utf-8")


def test_two_tables_of_one_club_on_one_board_are_two_rulings_in_one_package(database_url, monkeypatch):
    monkeypatch.setenv("HUDDLE_PACKAGE_KEY", KEY)
    setup.prepare_database(load_examples=False)
    cases.create_case(_case("constructed-mi-transfer", "table-3"), "ann")
    cases.create_case(_case("constructed-mi-transfer", "table-7", chose=4), "ann")
    rows = read_package(_package(1, "club"))
    assert rows["fingerprint"].nunique() == rows["action"].nunique() and rows["ruling"].nunique() == 2
    merged = merge_packages([rows])
    assert merged.set_aside == () and len(merged.corpus) == len(rows)


def test_a_club_s_ruling_in_its_federation_s_package_too_is_kept_once(two_federations, capsys, tmp_path):
    """North's ruling is in its own package and, anonymised, in its federation's: one ruling, kept
    once from the package whose name sorts first, the other named as its duplicate."""
    club = read_package(_package(two_federations["north"], "north"))
    federation = read_package(_package(two_federations["nbo"], "nbo"))
    for order in ([club, federation], [federation, club]):
        merged = merge_packages(order)
        assert merged.set_aside == () and len(merged.duplicates) == len(club)
        assert len(merged.corpus) == len(federation)
        assert merged.duplicates[0].startswith("north north-1") and " is nbo nbo-" in merged.duplicates[0]
        kept = merged.corpus[merged.corpus["ruling"].isin(set(club["ruling"]))]
        assert set(kept["package"]) == {"nbo"} and kept["notes"].str.startswith("also published in north as north-1").all()
    assert merge_packages([club, federation]).corpus.equals(merge_packages([federation, club]).corpus)


def test_a_ruling_given_two_ways_is_set_aside_naming_both_sides_and_the_rest_merged(two_federations, capsys,
                                                                                     tmp_path):
    """The club published its ruling, then corrected the poll's counts before its federation
    published: one ruling with two sets of counts. That ruling's rows are set aside for a person,
    both sides named, in either order; every other row is merged."""
    club_files = _package(two_federations["north"], "north")
    record = cases.find_case("mi-1", organisation_id=two_federations["north"])
    cases.update_case(record, _case("constructed-mi-transfer", "mi-1", marked=True, chose=4), "ann")
    federation_files = _package(two_federations["nbo"], "nbo")
    club, federation = read_package(club_files), read_package(federation_files)
    results = [merge_packages([club, federation]), merge_packages([federation, club])]
    assert results[0].set_aside == results[1].set_aside and results[0].corpus.equals(results[1].corpus)
    # fewer pollees: each row of that poll gives another poll size, and each is set aside
    assert len(results[0].set_aside) == (club["evidence"] == "counted poll").sum()
    [conflict] = [r for r in results[0].set_aside if "(X, counted poll)" in r]
    assert re.fullmatch(r"nbo nbo-\d \(X, counted poll\); north north-1 \(X, counted poll\) are one ruling that the "
                        r"packages give differently: chose 4 against 5, poll_size 7 against 8", conflict), conflict
    kept = results[0].corpus
    assert not kept["ruling"].isin(set(club["ruling"])).any()           # neither side: the ruling is disputed
    assert len(kept) == len(federation) - len(club) and len(kept)        # the rest merged (nbo's own ruling)
    for slug, files in (("north", club_files), ("nbo", federation_files)):           # the same by the command line
        (tmp_path / slug).mkdir()
        for name, text in files.items():
            (tmp_path / slug / name).write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "corpus", "merge", str(tmp_path / "north"), str(tmp_path / "nbo"), "-o",
                       str(tmp_path / "all.csv"), "--json")
    said = json.loads(out)
    assert code == 0 and said["set_aside"] == list(results[0].set_aside) and said["rows"] == len(kept)
    code, out, _ = run(capsys, "corpus", "merge", str(tmp_path / "nbo"), str(tmp_path / "north"), "-o",
                       str(tmp_path / "all.csv"))
    assert code == 0 and f"  set aside: {conflict}" in out.splitlines()


def test_three_packages_holding_one_poll_and_a_fourth_with_another_s_keep_both_polls_in_every_order(
        database_url, monkeypatch):
    """A committee vote, a published share, consultations and the field beside the counted poll:
    each row is its own (case, action, evidence), and the validator takes every kind. North's
    ruling is in three packages (its own, its federation's, and its sister club's, the federation
    sharing its corpus); West, another club, ruled the same board with its own, different poll.
    Before: the fourth package vetoed the three and no counted row was left, in all 24 orders.
    Now North's ruling is kept once with each piece of its evidence once, and West's beside it."""
    import itertools
    monkeypatch.setenv("HUDDLE_PACKAGE_KEY", KEY)
    setup.prepare_database(load_examples=False)
    organisations.create_organisation("nbo", "National Bridge Org", "federation", shares_research=True)
    for slug, federation in (("north", "nbo"), ("south", "nbo"), ("west", None)):
        organisations.create_organisation(slug, slug.title() + " BC", federation=federation)
    for slug, chose in (("north", None), ("west", 4)):
        data = json.loads((CASES / "constructed-mi-transfer.json").read_text(encoding="utf-8"))
        data["id"], data["ruling"]["evidence"] = f"{slug}-case", EVIDENCE
        if chose is not None:
            data["ruling"]["poll"]["counts"][0]["chose"] = chose
        cases.create_case(case_files.Case.from_dict(data), "ann",
                          organisation_id=organisations.find_organisation(slug).id)
    read = {slug: read_package(_package(organisations.find_organisation(slug).id, slug))   # validated by frictionless
            for slug in ("north", "nbo", "south", "west")}
    north = read["north"]
    assert set(north["evidence"]) == {"counted poll", "committee poll", "committee vote", "published percentages",
                                      "consultation", "field"}
    assert (north["evidence"] == "consultation").sum() == 1            # two consultations saying the same: once
    assert all(set(read[s]["ruling"]) == set(north["ruling"]) for s in ("nbo", "south"))
    first = None
    for order in itertools.permutations(read.values()):
        merged = merge_packages(list(order))
        assert merged.set_aside == () and len(merged.corpus) == 2 * len(north)
        assert len(merged.duplicates) == 2 * len(north)
        counted = merged.corpus[(merged.corpus["evidence"] == "counted poll") & (merged.corpus["action"] == "X")]
        assert sorted(counted["chose"]) == [4, 5]                        # both polls, each once
        first = merged.corpus if first is None else first
        assert merged.corpus.equals(first)


def test_the_package_carries_the_director_s_own_judgement_where_the_ruling_took_it(database_url, monkeypatch):
    """Beside a poll too small for the event's rules, the director found no logical alternative
    though the policy would find Double one: the ruling took hers, and so does the package (its
    basis said), its evidence rows too; a researcher never calibrates on the policy in her name."""
    monkeypatch.setenv("HUDDLE_PACKAGE_KEY", KEY)
    setup.prepare_database(load_examples=False)
    data = json.loads((CASES / "constructed-mi-transfer.json").read_text(encoding="utf-8"))
    data["id"] = "short-poll"
    data["poll_rules"] = {"minimum": 12, "source": "the club's rules for polls"}
    data["ruling"]["logical_alternatives"] = {"finding": [], "reason": "Pass is clear with this hand"}
    data["ruling"]["evidence"] = [EVIDENCE[1]]
    record = cases.create_case(case_files.Case.from_dict(data), "ann")
    from analysis.law.ruling.engine import la_finding
    assert la_finding(cases.get_case(record).case).basis == "judgement"
    rows = read_package(_package(1, "club"))
    counted = rows[rows["evidence"] == "counted poll"]
    assert not counted["director_la"].any() and set(counted["director_basis"]) == {"judgement"}
    vote = rows[rows["evidence"] == "committee vote"].iloc[0]
    assert (vote["director_la"], vote["director_basis"]) == (False, "judgement")
    assert "the director found it no logical alternative" in counted["quote"].iloc[0]
    # within the club's rules the policy decides, and the package says so
    data["id"], data["poll_rules"] = "within-the-rules", None
    cases.create_case(case_files.Case.from_dict(data), "ann")
    rows = read_package(_package(1, "club"))
    policy = rows[(rows["evidence"] == "counted poll") & (rows["director_basis"] == "policy")]
    assert len(policy) and policy.set_index("action").loc["X", "director_la"]


def _first_row(files, column: str, value: str) -> None:
    """Replace ``column``'s value in the first data row of rulings.csv."""
    lines = files[DATA].splitlines()
    header = lines[0].split(",")
    import csv
    import io
    row = next(csv.reader(io.StringIO(lines[1])))
    row[header.index(column)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(row)
    files[DATA] = "\n".join([lines[0], out.getvalue(), *lines[2:]]) + "\n"


SPOILT = [
    (lambda f: _first_row(f, "director_la", "yes"), "rulings.csv: row 1: director_la"),
    (lambda f: _first_row(f, "source_address", ""), "rulings.csv: row 1: source_address"),
    (lambda f: _first_row(f, "evidence", "rumour"), "rulings.csv: row 1: evidence"),
    (lambda f: _first_row(f, "poll_type", "bidding"), "rulings.csv: row 1: poll_type"),
    (lambda f: _first_row(f, "fingerprint", "not-a-hash"), "rulings.csv: row 1: fingerprint"),
    (lambda f: _first_row(f, "case_id", "Nbo 1"), "rulings.csv: row 1: case_id"),
    (lambda f: _first_row(f, "laws", "1963"), "rulings.csv: row 1: laws"),
    (lambda f: _first_row(f, "policy", "whatever"), "rulings.csv: row 1: policy"),
    (lambda f: _first_row(f, "director_basis", "guess"), "rulings.csv: row 1: director_basis"),
    (lambda f: _first_row(f, "source_address", "urn:huddle:nbo:2026-13"), "rulings.csv: row 1: source_address"),
    (lambda f: _first_row(f, "chose", "-1"), "rulings.csv: row 1: chose"),
    (lambda f: f.update({DATA: f[DATA] + f[DATA].splitlines()[1] + "\n"}), "rulings.csv: row "),    # a repeated key
    # the schema's bounds: before, the validator took these and only Huddle refused them
    (lambda f: _first_row(f, "poll_size", "1000000"), "rulings.csv: row 1: poll_size"),
    (lambda f: _first_row(f, "published_share", "1.01"), "rulings.csv: row 1: published_share"),
    (lambda f: _first_row(f, "published_share", "140%"), "rulings.csv: row 1: published_share"),
]

# What a Table Schema cannot say (a rule across columns, a table's least number of rows): Huddle's
# reader alone refuses these, and docs/research.md says so, rule by rule.
HUDDLE_ONLY = [
    (lambda f: _first_row(f, "chose", "9"), "row 1: chose", "chose above the poll size"),
    (lambda f: _first_row(f, "considered_only", "7"), "row 1: considered_only", "the counts together above it"),
    (lambda f: _first_row(f, "poll_size", "0"), "row 1: poll_size", "a counted poll of no pollee"),
    (lambda f: f.update({DATA: f[DATA].splitlines()[0] + "\n"}), "corpus", "a header and no row"),
]


@pytest.mark.parametrize("spoil, field", SPOILT)
def test_a_spoilt_package_is_refused_by_huddle_and_by_the_validator_alike(two_federations, spoil, field):
    files = _package(two_federations["nbo"], "nbo")
    spoil(files)
    assert refused_by_the_validator(files)
    with pytest.raises(HuddleInputError, match=re.escape(field)):
        read_package(files)


@pytest.mark.parametrize("spoil, field, rule", HUDDLE_ONLY)
def test_what_the_schema_cannot_say_huddle_refuses_and_the_docs_name(two_federations, spoil, field, rule):
    files = _package(two_federations["nbo"], "nbo")
    spoil(files)
    assert not refused_by_the_validator(files)
    with pytest.raises(HuddleInputError, match=re.escape(field)):
        read_package(files)
    from conftest import ROOT
    assert rule in " ".join((ROOT / "docs" / "research.md").read_text(encoding="utf-8").split())


def test_a_number_the_validator_reads_huddle_reads_alike(two_federations):
    files = _package(two_federations["nbo"], "nbo")
    chose = read_package(files)["chose"].iloc[0]
    _first_row(files, "chose", f"+{chose}")
    assert not refused_by_the_validator(files) and read_package(files)["chose"].iloc[0] == chose


@pytest.mark.parametrize("spoil, field", [
    (lambda f: f.update({DESCRIPTOR: "{"}), "datapackage.json"),
    (lambda f: f.pop(DATA), "datapackage.json: resources[0].path"),
    (lambda f: f.update({DESCRIPTOR: f[DESCRIPTOR].replace('"integer"', '"number"', 1)}),
     "datapackage.json: resources[0].schema"),
])
def test_a_spoilt_descriptor_is_refused_naming_the_file_and_field(two_federations, spoil, field):
    files = _package(two_federations["nbo"], "nbo")
    spoil(files)
    with pytest.raises(HuddleInputError, match=re.escape(field)):
        read_package(files)


def test_without_the_federation_s_key_a_package_carries_no_fingerprint(two_federations, monkeypatch):
    """An unkeyed hash of the deal and auction links a row to its public board; the fingerprint is
    keyed with the key the federation holds, and a package made without it carries none."""
    import hashlib
    keyed = read_package(_package(two_federations["nbo"], "nbo"))
    record = cases.get_case(cases.find_case("lead", organisation_id=two_federations["nbo"])).case
    from analysis.bridge.deal import deal_pbn
    auction = " ".join(c.call for c in record.board.auction.calls)
    action = keyed["action"].iloc[-1]
    public = hashlib.sha256(f"{deal_pbn(record.board.deal)}|{auction}|{action}".encode()).hexdigest()[:16]
    assert public not in set(keyed["fingerprint"]) and keyed["fingerprint"].str.fullmatch("[0-9a-f]{16}").all()
    monkeypatch.delenv("HUDDLE_PACKAGE_KEY")
    bare = read_package(_package(two_federations["nbo"], "nbo"))
    assert set(bare["fingerprint"]) == {""}
    merged = merge_packages([bare, read_package(_package(two_federations["ebf"], "ebf"))])
    assert merged.duplicates == () and len(merged.corpus) == 2 * len(bare)      # nothing to match them by


def test_a_package_name_and_period_are_checked(two_federations):
    frame = corpus.database_corpus(organisation_id=two_federations["nbo"])
    with pytest.raises(HuddleInputError, match="period: '2026-11-26' must be a month"):
        package(frame, "NBO", "nbo", "2026-11-26")
    with pytest.raises(HuddleInputError, match="name: a package name is lower-case"):
        package(frame, "NBO", "N B O", "2026-11")
    with pytest.raises(HuddleInputError, match="the same package is given twice"):
        rows = read_package(package(frame, "NBO", "nbo", "2026-11"))
        merge_packages([rows, rows])


def test_a_row_wider_than_its_header_is_refused_before_it_is_read(two_federations, capsys, tmp_path):
    """Before: a first row wider than the header made pandas build a many-level index (0.55 MB
    took 30 s and 2 GB); now the widths are read first, the row named, in a blink."""
    import time
    files = _package(two_federations["nbo"], "nbo")
    started = time.perf_counter()              # the floor: the same package read whole, this run
    read_package(files), research.loads_corpus(files[DATA])
    floor = time.perf_counter() - started
    header, first, *rest = files[DATA].splitlines()
    wide = first + "," + ",".join(["x"] * 20_000)
    files[DATA] = "\n".join([header, wide, *rest]) + "\n"
    started = time.perf_counter()
    with pytest.raises(HuddleInputError, match=r"rulings.csv: line 2: \d+ cells where the header has \d+"):
        read_package(files)
    with pytest.raises(HuddleInputError, match=r"corpus: line 2: \d+ cells where the header has \d+"):
        research.loads_corpus(files[DATA])
    assert time.perf_counter() - started < 1 + 10 * floor, floor
    (tmp_path / "wide.csv").write_text(files[DATA], encoding="utf-8")
    code, _, err = run(capsys, "calibrate", str(tmp_path / "wide.csv"))
    assert code == 2 and "line 2" in err


def test_merge_reads_only_a_package_s_own_files_and_prints_no_escape_sequence(two_federations, tmp_path, capsys):
    """Before: `huddle corpus merge` followed a symlinked rulings.csv out of the package's folder,
    failed with a traceback on deeply nested JSON, and printed a package's escape sequences raw."""
    for slug in ("nbo", "ebf"):
        assert run(capsys, "corpus", "package", "-o", str(tmp_path / slug), "--org", slug, "--period", "2026-11")[0] == 0
    secret = tmp_path / "secret.csv"
    secret.write_text("not yours\n", encoding="utf-8")
    (tmp_path / "ebf" / DATA).unlink()
    (tmp_path / "ebf" / DATA).symlink_to(secret)
    code, _, err = run(capsys, "corpus", "merge", str(tmp_path / "nbo"), str(tmp_path / "ebf"), "-o",
                       str(tmp_path / "all.csv"))
    assert code == 2 and "is a link out of the package's folder" in err
    deep = tmp_path / "deep"
    deep.mkdir()
    (deep / DESCRIPTOR).write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (deep / DATA).write_text("case_id\n", encoding="utf-8")
    code, _, err = run(capsys, "corpus", "merge", str(deep), "-o", str(tmp_path / "all.csv"))
    assert code == 2 and "nested too deep" in err and "Traceback" not in err
    files = _package(two_federations["nbo"], "nbo")
    files[DESCRIPTOR] = files[DESCRIPTOR].replace('"name": "nbo"', '"name": "nbo\\u001b[2J"')
    with pytest.raises(HuddleInputError, match="a package name is lower-case"):
        read_package(files)
    from analysis.research.packages import _shown
    assert _shown("4S\x1b[31m") == "4S?[31m"
