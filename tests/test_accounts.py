"""Accounts: scrypt hashes, the signed login cookie, roles; on SQLite and PostgreSQL."""
from datetime import datetime, timedelta, timezone

import pytest
from sqlmodel import Session

from analysis import HuddleInputError
from polling import accounts, db, setup, throttle
from polling.models import UserAccount


@pytest.fixture
def director(database_url, monkeypatch):
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "test-key")
    setup.prepare_database(load_examples=False)
    return accounts.create_user("Tess", "bidding-box", "director", "Tess Director")


def test_scrypt_hash_verifies_and_salts():
    first, second = accounts.hash_password("bidding-box"), accounts.hash_password("bidding-box")
    assert first.startswith("scrypt$16384$8$1$") and first != second
    assert accounts.verify_password("bidding-box", first)
    assert not accounts.verify_password("bidding-bo", first)
    assert not accounts.verify_password("bidding-box", "md5$abc")
    assert not accounts.verify_password("bidding-box", "garbage")


def test_accounts_and_authentication(director):
    assert director.username == "tess" and director.role == "director" and director.name == "Tess Director"
    assert accounts.has_users()
    assert accounts.authenticate("TESS ", "bidding-box") == director
    assert accounts.authenticate("tess", "wrong-password") is None
    assert accounts.authenticate("nobody", "bidding-box") is None
    member = accounts.create_user("cm1", "committee-pw", "committee")
    assert member.may("committee") and not member.may("director")
    assert director.may("committee") and director.may("researcher")
    assert [u.username for u in accounts.list_users()] == ["cm1", "tess"]


@pytest.mark.parametrize("username, password, role, field, problem", [
    ("t", "bidding-box", "director", "username", "use 2 to 60"),
    ("tess smith", "bidding-box", "director", "username", "use 2 to 60"),
    ("<script>", "bidding-box", "director", "username", "use 2 to 60"),
    ("ann", "short", "director", "password", "at least 8"),
    ("ann", "bidding-box", "king", "role", "'king' must be one of director, administrator, committee, researcher"),
    ("tess", "bidding-box", "director", "username", "'tess' is taken"),
])
def test_bad_accounts_are_refused_and_nothing_is_written(director, username, password, role, field, problem):
    with pytest.raises(HuddleInputError, match=problem) as err:
        accounts.create_user(username, password, role)
    assert err.value.field == field
    assert len(accounts.list_users()) == 1


def test_the_first_director_only_once(database_url):
    setup.prepare_database(load_examples=False)
    assert not accounts.has_users()
    accounts.create_user("first", "bidding-box", only_if_first=True)
    with pytest.raises(HuddleInputError, match="already been created"):
        accounts.create_user("second", "bidding-box", only_if_first=True)
    assert [u.username for u in accounts.list_users()] == ["first"]


def test_signed_cookie_round_trip_and_refusals(director, database_url):
    cookie = accounts.session_cookie(director)
    assert accounts.user_from_cookie(cookie) == director
    encoded, signature = cookie.rsplit(".", 1)
    assert accounts.user_from_cookie(f"{encoded}.{'0' * len(signature)}") is None      # forged
    other_user = accounts._b64(accounts._unb64(encoded).decode().replace(f"{director.id}:", "999:", 1).encode())
    assert accounts.user_from_cookie(f"{other_user}.{signature}") is None               # tampered
    for junk in (None, "", "abc", "a.b.c", "x" * 500, "!!!.sig"):
        assert accounts.user_from_cookie(junk) is None
    later = datetime.now(timezone.utc) + accounts.SESSION_TTL + timedelta(minutes=1)
    assert accounts.user_from_cookie(cookie, now=later) is None                         # expired


def test_cookie_signed_with_another_key_is_refused(director, monkeypatch):
    cookie = accounts.session_cookie(director)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "another-key")
    assert accounts.user_from_cookie(cookie) is None


def test_a_new_password_or_a_disabled_account_signs_old_cookies_out(director, database_url):
    cookie = accounts.session_cookie(director)
    with Session(db.engine_for(database_url)) as session:
        row = session.get(UserAccount, director.id)
        row.password_hash = accounts.hash_password("new-password")
        session.add(row)
        session.commit()
    assert accounts.user_from_cookie(cookie) is None
    fresh = accounts.session_cookie(director)
    assert accounts.user_from_cookie(fresh) == director
    with Session(db.engine_for(database_url)) as session:
        row = session.get(UserAccount, director.id)
        row.disabled_at = datetime.now(timezone.utc)
        session.add(row)
        session.commit()
    assert accounts.user_from_cookie(fresh) is None
    assert accounts.authenticate("tess", "new-password") is None


def test_secret_key_file_is_made_once_and_private(tmp_path, monkeypatch):
    import stat

    from polling import settings
    monkeypatch.delenv("HUDDLE_SECRET_KEY", raising=False)
    monkeypatch.setenv("HUDDLE_DATA_DIR", str(tmp_path))
    key = settings.secret_key()
    assert len(key) == 64 and settings.secret_key() == key
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_sign_out_ends_the_session_on_the_server(director):
    cookie, other_browser = accounts.session_cookie(director), accounts.session_cookie(director)
    accounts.end_session(cookie)
    assert accounts.user_from_cookie(cookie) is None              # a copy of the cookie no longer works
    assert accounts.user_from_cookie(other_browser) == director    # another browser stays signed in
    accounts.end_session("garbage")                                # nothing to end, no error


def test_password_change_reset_and_disable(director):
    member = accounts.create_user("cm1", "committee-pw", "committee")
    cookie = accounts.session_cookie(member)
    with pytest.raises(HuddleInputError, match="current password: is not right"):
        accounts.change_password("cm1", "wrong", "new-secret-1", "new-secret-1")
    with pytest.raises(HuddleInputError, match="password again: the two passwords differ"):
        accounts.change_password("cm1", "committee-pw", "new-secret-1", "new-secret-2")
    with pytest.raises(HuddleInputError, match="password: use at least 8"):
        accounts.change_password("cm1", "committee-pw", "short", "short")
    assert accounts.authenticate("cm1", "committee-pw") == member              # nothing changed
    accounts.change_password("cm1", "committee-pw", "new-secret-1", "new-secret-1")
    assert accounts.user_from_cookie(cookie) is None and accounts.authenticate("cm1", "new-secret-1")
    accounts.reset_password("cm1", "reset-by-td", "reset-by-td")
    assert accounts.authenticate("cm1", "reset-by-td") and not accounts.authenticate("cm1", "new-secret-1")
    cookie = accounts.session_cookie(member)
    assert accounts.set_disabled("cm1").disabled
    assert accounts.user_from_cookie(cookie) is None and accounts.authenticate("cm1", "reset-by-td") is None
    accounts.set_disabled("cm1", False)
    assert accounts.authenticate("cm1", "reset-by-td").username == "cm1"
    with pytest.raises(HuddleInputError, match="'tess' is the last director of Our club who can sign in"):
        accounts.set_disabled("tess")
    with pytest.raises(HuddleInputError, match="username: there is no account 'nobody'"):
        accounts.reset_password("nobody", "whatever-1")


@pytest.mark.parametrize("left", ["", "abc", "z" * 64])
def test_a_key_file_cut_short_or_spoilt_is_made_anew_never_used(tmp_path, monkeypatch, left):
    import stat

    from polling import settings
    monkeypatch.delenv("HUDDLE_SECRET_KEY", raising=False)
    monkeypatch.setenv("HUDDLE_DATA_DIR", str(tmp_path))
    (tmp_path / "secret_key").write_text(left)            # a full disk at first start leaves this
    (tmp_path / "secret_key").chmod(0o644)
    key = settings.secret_key()
    assert len(key) == 64 and key != left.encode() and settings.secret_key() == key
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert not list(tmp_path.glob(".secret_key*"))          # no temporary file left behind


def test_a_full_disk_at_first_start_refuses_to_sign_rather_than_sign_with_nothing(tmp_path, monkeypatch):
    import errno
    import os

    from polling import settings

    def disk_full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.delenv("HUDDLE_SECRET_KEY", raising=False)
    monkeypatch.setenv("HUDDLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(os, "fsync", disk_full)            # the disk is the boundary we cannot fill here
    with pytest.raises(OSError, match="No space left"):
        settings.secret_key()
    assert not (tmp_path / "secret_key").exists() and not list(tmp_path.glob(".secret_key*"))
    with pytest.raises(OSError):                           # and no cookie is signed meanwhile
        accounts._sign("1:2:3:4")


def test_the_sqlite_database_is_readable_by_its_owner_only(tmp_path):
    import stat

    from polling import db
    url = f"sqlite:///{tmp_path / 'private.sqlite'}"
    db.upgrade(url)
    for name in ("private.sqlite", "private.sqlite-wal", "private.sqlite-shm"):
        if (tmp_path / name).exists():
            assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name


def test_wrong_passwords_slow_their_own_address_and_never_lock_the_account():
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)

    def at(seconds):
        return start + timedelta(seconds=seconds)
    slowed = throttle.SignInThrottle()
    slowed.succeeded("td", "10.0.0.1", start)                     # the director's own machine
    for k in range(3):                                              # three free tries
        assert slowed.wait("TD", "6.6.6.6", at(k)) == 0
        slowed.failed("td ", "6.6.6.6", at(k))
    assert slowed.wait("td", "6.6.6.6", at(2)) == 1               # then a second, doubling
    slowed.failed("td", "6.6.6.6", at(3))
    assert slowed.wait("td", "6.6.6.6", at(3)) == 2
    for k in range(4, 40):
        slowed.failed("td", "6.6.6.6", at(k * 60))
    assert slowed.wait("td", "6.6.6.6", at(39 * 60)) == 60        # never more than a minute
    assert slowed.wait("td", "6.6.6.6", at(39 * 60 + 61)) == 0    # a slow-down, not a lock-out
    assert slowed.wait("td", "10.0.0.1", at(39 * 60)) == 0        # the director is not kept out
    assert slowed.wait("td", "10.0.0.7", at(39 * 60)) == 0        # nor on a new machine
    assert slowed.wait("other", "6.6.6.6", at(39 * 60)) > 0       # the guessing address waits for all names


def test_a_guess_from_many_addresses_slows_new_addresses_not_known_ones():
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    slowed = throttle.SignInThrottle(free_per_account=20)
    slowed.succeeded("td", "10.0.0.1", start)
    for k in range(25):
        slowed.failed("td", f"6.6.6.{k}", start)
    assert slowed.wait("td", "6.6.6.3", start) == 1               # one failure there: a second
    assert slowed.wait("td", "6.6.7.1", start) == 0               # a first try anywhere is answered
    assert slowed.wait("td", "10.0.0.1", start) == 0
    slowed.failed("td", "10.0.0.1", start)                        # the director mistypes at home
    assert slowed.wait("td", "10.0.0.1", start) == 0
    for k in range(30):
        slowed.failed(f"name{k}", "7.7.7.7", start)               # one address spraying names
    assert slowed.wait("anyone", "7.7.7.7", start) > 0
    assert slowed.wait("anyone", "7.7.7.8", start) == 0


def test_the_sign_in_throttle_is_shared_by_every_process_on_one_database(database_url):
    """Wrong passwords tried through one server process slow the next try through another: the
    counts are in the database, not in a process's memory."""
    import subprocess
    import sys
    from datetime import datetime, timezone
    from conftest import ROOT
    from polling import setup
    from polling.throttle import SharedSignInThrottle
    setup.prepare_database(url=database_url, load_examples=False)
    now = datetime.now(timezone.utc)        # the other process's tries are made at this instant, so
    other_process = ("from datetime import datetime\n"   # a loaded machine's slow start cannot outlast the pause
                     "from polling.throttle import SharedSignInThrottle\n"
                     f"t, now = SharedSignInThrottle({database_url!r}), datetime.fromisoformat({now.isoformat()!r})\n"
                     "for _ in range(3): t.failed('tess', '203.0.113.9', now)\n"
                     "t.succeeded('tess', '198.51.100.4', now)\n")
    subprocess.run([sys.executable, "-c", other_process], cwd=ROOT, check=True, timeout=60)
    here = SharedSignInThrottle(database_url)
    assert here.wait("tess", "203.0.113.9", now) >= 1           # slowed here by the other process's failures
    assert here.wait("tess", "198.51.100.4", now) == 0          # the owner's address goes straight through
    assert here.wait("TESS ", "203.0.113.10", now) == 0          # another address is not slowed
    here.succeeded("tess", "203.0.113.9", now)                  # the right password clears that pair
    assert here.wait("tess", "203.0.113.9", now) == 0
