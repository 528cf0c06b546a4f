"""A club's member list onto the panel: read in the club's headers, whole or not at all, each
row's problem named by its line (before: twelve members typed one by one took 4.5 minutes)."""
import pytest

from analysis.errors import HuddleInputError
from analysis.polls.members import read_member_list
from polling import panel, setup

GERMAN = """Vorname;Nachname;E-Mail;Telefon;Klasse;Sprache
Anna;Becker;anna@club.example;+49 221 1234567;Club;Deutsch
Jan;de Vries;;06-12345678;;nl
Marie;Dubois;marie@club.example;;expert;Français
"""


def test_a_german_club_s_list_is_read_with_its_own_headers_and_words():
    rows = read_member_list(GERMAN, default_class="regional")
    assert [(r.name, r.email, r.phone, r.grade, r.language) for r in rows] == [
        ("Anna Becker", "anna@club.example", "+49 221 1234567", "club", "de"),
        ("Jan de Vries", "", "06-12345678", "regional", "nl"),
        ("Marie Dubois", "marie@club.example", "", "expert", "fr")]


@pytest.mark.parametrize("text, message", [
    ("Name,E-mail\nAnn,not-an-address\n", "member list, line 2: 'not-an-address' is not an e-mail address"),
    ("Name,Language\nAnn,Klingon\n", "member list, line 2: 'Klingon' is not a language Huddle ships"),
    ("E-mail,Telephone\na@b.example,123456\n", "member list: no column of names"),
    ("Name,E-mail\n,a@b.example\n", "member list, line 2: the row has no name"),
    ("Name\n", "member list: the list has no member below its first line"),
])
def test_a_row_that_cannot_be_read_is_named_by_its_line(text, message):
    with pytest.raises(HuddleInputError, match=message.replace("(", r"\(")):
        read_member_list(text)


def test_the_list_goes_onto_the_panel_whole_or_not_at_all(database_url):
    setup.prepare_database(url=database_url, load_examples=False)
    added = panel.import_members(GERMAN, url=database_url)
    members = {m.name: m for m in panel.panel(url=database_url)}
    assert len(added) == 3 and (members["Anna Becker"].reach_by, members["Anna Becker"].contact) == \
        ("email", "anna@club.example")
    assert (members["Jan de Vries"].reach_by, members["Jan de Vries"].language) == ("text message", "nl")
    again = "Name,E-mail\nPeter Schmidt,peter@club.example\nAnna Becker,anna@club.example\n"
    with pytest.raises(HuddleInputError, match="member list, line 3: Anna Becker is on the panel already"):
        panel.import_members(again, url=database_url)
    twice = "Name\nPeter Schmidt\npeter  schmidt\n"
    with pytest.raises(HuddleInputError, match=r"line 3: peter  schmidt is in the list twice \(line 2\)"):
        panel.import_members(twice, url=database_url)
    assert len(panel.panel(url=database_url)) == 3                        # nothing half imported


# ---------------------------------------------------------------- hardening, sixth round

def test_a_cell_too_long_for_any_list_is_refused_naming_its_line():
    """Before: a cell over 131,072 characters was a traceback on the Panel page."""
    with pytest.raises(HuddleInputError, match="member list, line 3: a cell of this line is longer than any"):
        read_member_list("name;email\nAnna;anna@club.example\n" + "B" * 200_000 + ";b@club.example\n")
    with pytest.raises(HuddleInputError, match="member list, line 2: a cell is longer than 1000 characters"):
        read_member_list("name;email\n" + "C" * 5000 + ";c@club.example\n")


def test_a_huge_first_line_is_refused_at_once():
    """Before: a single 10 MB header line cost 44 s of CPU before "no member"."""
    import time
    started = time.process_time()
    with pytest.raises(HuddleInputError, match="member list: the first line is 10,000,000 characters long"):
        read_member_list("x;" * 5_000_000)
    assert time.process_time() - started < 1


@pytest.mark.parametrize("name", ["Anna\x00Becker", "Anna\rBecker", "=?utf-8?q?Anna?= <x@evil.example>", "Anna\u2028B"])
def test_a_name_no_message_could_carry_is_refused_naming_its_line(name):
    text = "name,email\n" + f'"{name}",anna@club.example\n'
    with pytest.raises(HuddleInputError, match="member list, line 2: "):
        read_member_list(text)
    with pytest.raises(HuddleInputError):
        panel.add_pollee(name, "club")
