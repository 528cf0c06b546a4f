"""`huddle poll`: a case's poll built with the poll builder's checks, its pollees' links, its
tally; a mistake names its field and exits 2, nothing written."""
import pytest

from polling import services, setup
from test_cli import run, run_json


@pytest.fixture
def stored(sqlite_url):
    setup.prepare_database()


def test_a_poll_is_created_its_links_issued_and_answered_and_tallied(stored, capsys):
    code, out, err = run(capsys, "poll", "create", "laws033-6d-slam", "--wording", "Matchpoints. What do you call?",
                         "--also", "P", "--q4")
    assert code == 0, err
    assert out.strip() == "Poll laws033-6d-slam/1 created: a bidding problem, offering Pass, 6♦."
    links = run_json(capsys, "poll", "links", "laws033-6d-slam/1", "--name", "Ann", "--name", "Bob",
                     "--base", "http://club.example")["links"]
    assert [link["name"] for link in links] == ["Ann", "Bob"]
    assert all(link["link"].startswith("http://club.example/p/") for link in links)
    services.cast_vote(links[0]["link"].rsplit("/", 1)[1], "P", ["6D"])
    tally = run_json(capsys, "poll", "tally", "laws033-6d-slam/1")
    assert tally["answers"] == 1 and {"action": "P", "chose": 1, "close": 0, "considered_only": 0} in tally["counts"]
    code, out, _ = run(capsys, "poll", "tally", "laws033-6d-slam/1")
    assert code == 0 and "Pass" in out and "1 answer" in out


@pytest.mark.parametrize("argv, message", [
    (("poll", "create", "laws033-6d-slam", "--wording", "Partner was slow. Your call?", "--also", "P"),
     "wording: “slow” gives away partner's tempo"),
    (("poll", "create", "laws033-6d-slam", "--also", "8NT"), "alternatives"),
    (("poll", "create", "no-such-case"), "case: there is no case with id 'no-such-case'"),
    (("poll", "tally", "laws033-6d-slam"), "poll: 'laws033-6d-slam' names no poll"),
    (("poll", "tally", "laws033-6d-slam/3"), "poll: case 'laws033-6d-slam' has 0 polls, not 3"),
    (("poll", "links", "laws033-6d-slam/1", "--name", "Ann", "--days", "400"), "is not a number of days from 1 to 60"),
    # before: links to this machine's first address and port 8501, whatever the server's, dead elsewhere
    (("poll", "links", "laws033-6d-slam/1", "--name", "Ann"), "--base: give the address people reach the server at"),
    (("poll", "create", "laws033-6d-slam", "--language", "klingon", "--also", "P"), "language"),
])
def test_mistakes_are_named_and_exit_2_with_nothing_written(stored, capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err and not out
    from polling import cases
    assert services.polls_for_case(cases.find_case("laws033-6d-slam")) == []
