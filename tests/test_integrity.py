"""Integrity under concurrency, on SQLite and PostgreSQL: one first director, one decision per
appeal, one vote per member, a quorum, no silently merged edit, values within the columns."""
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import pytest
from sqlmodel import Session, func, select

from analysis import HuddleInputError
from analysis.law.case import Case
from polling import accounts, cases, committee, db, services, setup
from polling.models import CommitteeDecisionRecord, CommitteeVote, UserAccount


def at_once(n: int, work):
    """Run ``work(k)`` in n threads released together; each result or the error it raised."""
    gate = Barrier(n)

    def run(k):
        gate.wait()
        try:
            return work(k)
        except Exception as exc:          # noqa: BLE001 - the outcome is what the test looks at
            return exc
    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


def count(url, model, *where) -> int:
    with Session(db.engine_for(url)) as session:
        return session.exec(select(func.count()).select_from(model).where(*where)).one()


def test_first_director_is_created_once_by_simultaneous_first_visits(database_url):
    db.upgrade(database_url)
    outcomes = at_once(6, lambda k: accounts.create_user(f"first{k}", "a-long-password", "director",
                                                         only_if_first=True))
    made = [o for o in outcomes if isinstance(o, accounts.User)]
    refused = [o for o in outcomes if isinstance(o, HuddleInputError)]
    assert len(made) == 1 and len(refused) == 5, outcomes
    assert all("already been created" in str(e) for e in refused)
    assert count(database_url, UserAccount) == 1


@pytest.fixture
def appeal(database_url):
    setup.prepare_database()
    return cases.find_case("laws033-6d-slam")


def test_one_decision_per_appeal_even_when_chairs_decide_at_once(appeal, database_url):
    for name in ("ann", "bob", "cy"):
        committee.record_vote(appeal, name, "uphold", "The adjustment is right.")
    # each member who voted tries to record the decision at the same moment
    outcomes = at_once(3, lambda k: committee.record_decision(appeal, ("ann", "bob", "cy")[k], "Upheld."))
    assert sum(isinstance(o, CommitteeDecisionRecord) for o in outcomes) == 1, outcomes
    assert all(isinstance(o, HuddleInputError) for o in outcomes if not isinstance(o, CommitteeDecisionRecord))
    assert count(database_url, CommitteeDecisionRecord, CommitteeDecisionRecord.case_id == appeal) == 1


def test_a_member_voting_twice_at_once_keeps_one_vote_and_no_crash(appeal, database_url):
    outcomes = at_once(4, lambda k: committee.record_vote(appeal, "ann", "uphold", f"reason {k}"))
    assert all(isinstance(o, (CommitteeVote, HuddleInputError)) for o in outcomes), outcomes
    assert count(database_url, CommitteeVote, CommitteeVote.case_id == appeal) == 1


def test_one_member_cannot_decide_an_appeal_alone_and_the_quorum_is_a_setting(appeal, monkeypatch):
    committee.record_vote(appeal, "ann", "overturn", "Pass is no LA.")
    with pytest.raises(HuddleInputError, match="a decision needs the votes of at least 3 committee members"):
        committee.record_decision(appeal, "ann", "Overturned.")
    assert cases.get_case(appeal).status == "appealed"
    monkeypatch.setenv("HUDDLE_APPEAL_QUORUM", "1")                 # a club with a single referee
    assert committee.record_decision(appeal, "ann", "Overturned.").decision == "overturn"


def test_the_second_of_two_editors_is_refused_never_merged(appeal):
    first, second = cases.get_case(appeal), cases.get_case(appeal)       # two directors open the case
    mine = Case.from_dict({**first.case.to_dict(), "notes": "Checked with East: agreed hesitation."})
    cases.update_case(appeal, mine, "tess", opened_version=first.version)
    theirs = Case.from_dict({**second.case.to_dict(), "title": "Another title"})
    with pytest.raises(HuddleInputError, match=r"^case: changed by tess since you opened it \(changed notes\)"):
        cases.update_case(appeal, theirs, "rob", opened_version=second.version)
    kept = cases.get_case(appeal)
    assert kept.case.notes == "Checked with East: agreed hesitation." and kept.case.title == first.case.title
    assert kept.version == first.version + 1


def test_editors_saving_at_the_same_moment_one_wins_one_is_told(appeal):
    opened = cases.get_case(appeal)

    def save(k):
        edited = Case.from_dict({**opened.case.to_dict(), "notes": f"note {k}"})
        return cases.update_case(appeal, edited, f"td{k}", opened_version=opened.version)
    outcomes = at_once(3, save)
    assert sum(o == ["notes"] for o in outcomes) == 1, outcomes
    assert sum(isinstance(o, HuddleInputError) and "since you opened it" in str(o) for o in outcomes) == 2


def test_values_longer_than_their_columns_are_refused_by_name_on_both_databases(appeal):
    stored = cases.get_case(appeal)
    with pytest.raises(HuddleInputError, match="^title: is 301 characters long; at most 300 are read"):
        Case.from_dict({**stored.case.to_dict(), "title": "t" * 301})
    with pytest.raises(HuddleInputError, match="^pollee: is 121 characters long"):
        services.issue_invites(1, ["x" * 121])                  # refused before the poll is looked up
    with pytest.raises(HuddleInputError, match="^reason: is 2,001 characters long"):
        committee.record_vote(appeal, "ann", "uphold", "r" * 2001)
    with pytest.raises(HuddleInputError, match="^display name: at most 120 characters"):
        accounts.create_user("longname", "a-long-password", "committee", "n" * 121)


def test_nothing_is_stored_that_cannot_be_ruled_exported_and_reported_again(database_url):
    """A case file whose ruling section lacks its outcome tree was accepted, then could not be
    ruled, reported or put in the corpus; it is refused at the door now, naming the field."""
    import json

    from analysis.law import case as case_files
    from conftest import CASES
    setup.prepare_database()
    data = json.loads((CASES / "constructed-mi-transfer.json").read_text(encoding="utf-8"))
    data["id"] = "no-outcome-tree"
    del data["ruling"]["adjustment"]
    before = len(db.list_cases())
    with pytest.raises(HuddleInputError, match="^ruling.adjustment.offenders: the weighted method needs"):
        cases.create_case(case_files.Case.from_dict(data), "td")
    assert len(db.list_cases()) == before
