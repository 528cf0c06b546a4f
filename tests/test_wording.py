"""The wording check measured on a labelled set of texts (tests/wording/labelled.csv): giveaways
of tempo, manner, remarks and questions, table results, people, the ruling and alerts, against
innocent bridge vocabulary (conventions, principles, card-play terms) and plain poll wording.
It must catch at least 95% of the giveaways, raise at most 5% false alarms, and quote the words
it found; a director may keep flagged words with a reason, which stays with the poll."""
import csv
from pathlib import Path

import pytest
from sqlmodel import Session, select

from analysis import HuddleInputError
from polling import db, services, setup
from polling.dossier import load_dossier
from polling.models import CaseRecord
from analysis.polls.wording import wording_findings

LABELLED = Path(__file__).parent / "wording" / "labelled.csv"
ROWS = list(csv.DictReader(LABELLED.open(encoding="utf-8")))
GIVEAWAYS = [r for r in ROWS if r["label"] == "giveaway"]
INNOCENT = [r for r in ROWS if r["label"] == "innocent"]


def flagged(row) -> list:
    return wording_findings(row["text"], row["field"], language="en")


def test_the_labelled_set_is_large_and_covers_every_kind():
    assert len(ROWS) >= 150 and {r["label"] for r in ROWS} == {"giveaway", "innocent"}
    assert {r["kind"] for r in GIVEAWAYS} >= {"tempo", "manner", "remark", "result", "people", "ruling", "alert"}
    assert {r["kind"] for r in INNOCENT} >= {"convention", "principle", "card play"}
    assert {r["field"] for r in ROWS} == {"wording", "methods"}
    assert len({r["text"] for r in ROWS}) == len(ROWS)              # no text counted twice


def test_at_least_95_percent_of_giveaways_are_caught():
    missed = [r["text"] for r in GIVEAWAYS if not flagged(r)]
    assert len(missed) <= 0.05 * len(GIVEAWAYS), missed


def test_at_most_5_percent_of_innocent_texts_raise_a_false_alarm():
    alarms = {r["text"]: [str(f) for f in flagged(r)] for r in INNOCENT if flagged(r)}
    assert len(alarms) <= 0.05 * len(INNOCENT), alarms


@pytest.mark.parametrize("row", GIVEAWAYS, ids=[r["text"][:40] for r in GIVEAWAYS])
def test_each_finding_quotes_words_that_are_in_the_text(row):
    for finding in flagged(row):
        assert finding.found and finding.found in row["text"], (finding, row["text"])


@pytest.mark.parametrize("text, found", [
    ("Partner passed after a long think.", "a long think"), ("Partner dithered.", "dithered"),
    ("Partner considered bidding before passing.", "considered bidding"),
    ("After half a minute, partner passed.", "half a minute"), ("Partner's pass was fast.", "fast"),
])
def test_the_evening_s_misses_are_caught_and_quoted_as_written(text, found):
    assert str(wording_findings(text, language='en')[0]).startswith(f"“{found}” gives away ")


@pytest.mark.parametrize("text", ["We play fast arrival.", "Slow-arrival structure after 2/1.", "Four quick tricks.",
                                  "Lead a heart to gain a tempo.", "A long time ago this was forcing.",
                                  "2♦ is not alertable."])
def test_the_evening_s_false_alarms_are_passed_over(text):
    assert wording_findings(text, "methods", language="en") == []


def _slam(url) -> int:
    setup.prepare_database()
    with Session(db.engine_for(url)) as session:
        return session.exec(select(CaseRecord.id).where(CaseRecord.slug == "laws033-6d-slam")).one()


def test_a_warning_is_kept_only_with_a_reason_and_the_reason_stays_with_the_poll(database_url):
    record = _slam(database_url)
    wording = "Matchpoints. Partner's 5♦ was a quick raise in your methods. Your call?"
    with pytest.raises(HuddleInputError) as refused:
        services.create_poll(record, wording, alternatives=("P",))
    assert refused.value.field == "wording" and "“quick” gives away partner's tempo" in str(refused.value)
    assert services.polls_for_case(record) == []                    # nothing half written
    poll = services.create_poll(record, wording, alternatives=("P",), username="tess",
                                override="a quick raise is the partnership's name for a weak jump raise")
    (seen,) = load_dossier(record).polls
    assert seen.wording_kept == ("The wording check found “quick”; tess kept the words: a quick raise is the "
                                 "partnership's name for a weak jump raise")
    follow = services.create_follow_up(poll.id)                     # the same words, the same reason
    assert load_dossier(record).polls[1].wording_kept == seen.wording_kept and follow.id != poll.id


def test_a_wording_too_long_is_refused_even_with_a_reason(sqlite_url):
    record = _slam(sqlite_url)
    with pytest.raises(HuddleInputError, match="wording: is 2001 characters long; at most 2000"):
        services.create_poll(record, "x" * 2001, alternatives=("P",), override="a long introduction")
