"""Every law Huddle cites is one of its edition's: the citation table itself, and every ruling of
every example case in each edition that can rule it, words included (a 1997 case citing 2007's
Law 20G1 was wrong). Each citation says where its text is found."""
from dataclasses import replace

import pytest

from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.law.laws.editions import (BOOKS, CONTENTS, EDITIONS, cited_laws, concepts, has_law, law, missing_from,
                                        reference)
from analysis.law.ruling import rule
from conftest import CASES

EXAMPLES = sorted(CASES.glob("*.json"))


@pytest.mark.parametrize("year", EDITIONS)
def test_every_citation_is_a_law_of_its_edition_and_says_where_its_text_is(year):
    for concept in concepts():
        if has_law(concept, year):
            assert missing_from(year, law(concept, year)) == [], concept
            assert reference(concept, year).startswith(BOOKS[year])
            assert all(f"Law {n}, {CONTENTS[year][n][0]}" in reference(concept, year)
                       for n, _ in cited_laws(law(concept, year)))


def test_the_mistaken_call_and_the_question_for_partner_where_each_edition_has_them():
    assert [law("mistaken call", y) for y in EDITIONS] == ["Law 75B", "Law 75B", "Law 75C"]
    assert law("misinformation", "2017") == "Law 75B, Law 20F"        # 2017's 75A is the mistake causing UI
    assert law("question for partner", "1997") == "Law 73B1"           # 1997 had no Law 20G
    assert missing_from("1997", "Law 20G1") == ["Law 20G"] and missing_from("2007", "Law 23A") == ["Law 23A"]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_ruling_of_the_examples_cites_only_its_editions_laws(path):
    case = case_files.loads(path.read_text(encoding="utf-8"))
    ruled = 0
    for year in EDITIONS:
        try:
            text = str(rule(replace(case, laws=year)).text)
        except HuddleInputError:
            continue                    # a method the edition does not have (likely, under 2017)
        ruled += 1
        assert missing_from(year, text) == [], (year, missing_from(year, text))
    assert ruled


def test_a_mistaken_call_cites_its_own_section():
    data = case_files.loads((CASES / "constructed-mi-transfer.json").read_text(encoding="utf-8"))
    called = replace(data, ruling=replace(data.ruling, misinformation=replace(data.ruling.misinformation,
                                                                              evidence="as explained")))
    text = str(rule(called).text)
    assert "a mistaken call, not misinformation, so the opponents have no redress (Law 75C;" in text
    assert "Law 75A" not in text
