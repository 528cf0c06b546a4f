"""The third hardening round: each point of the outside attack, tried again."""
import pytest

from browser import SERVER_PIDS, resident_mb, streamlit_server
from ws_client import put_file, signed_in_cookie, streamlit_session

MB = 1024 * 1024


@pytest.fixture(scope="module")
def upload_server(tmp_path_factory):
    from polling import accounts, setup
    url = f"sqlite:///{tmp_path_factory.mktemp('uploads') / 'h.sqlite'}"
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "uploads",
                           "HUDDLE_UPLOAD_MEMORY_MB": "20"}) as base:
        yield base


def test_an_anonymous_websocket_can_upload_nothing(upload_server):
    """Before: any visitor's session took 8 MB per PUT with no bound (2.2 GB in seconds)."""
    base = upload_server
    before = resident_mb(SERVER_PIDS[base])
    with streamlit_session(base) as session_id:
        assert session_id
        statuses = [put_file(base, session_id, b"x" * (7 * MB)) for _ in range(12)]
    assert set(statuses) == {403}
    assert resident_mb(SERVER_PIDS[base]) - before < 60          # nothing kept: 12 × 7 MB would be 84 MB and more


def test_a_signed_in_page_without_an_uploader_can_upload_nothing(upload_server):
    cookie = signed_in_cookie(upload_server, "td", "table-director")
    with streamlit_session(upload_server, "calculator", cookie=cookie) as session_id:
        assert put_file(upload_server, session_id, b"[Board \"1\"]\n", cookie=cookie) == 403


def test_the_case_editors_uploader_takes_a_file_within_the_bounds(upload_server):
    base = upload_server
    cookie = signed_in_cookie(base, "td", "table-director")
    with streamlit_session(base, "edit", cookie=cookie) as first:
        assert put_file(base, first, b"[Board \"1\"]\n", cookie=cookie) == 204
        assert put_file(base, first, b"y" * (7 * MB), cookie=cookie) == 204
        assert put_file(base, first, b"y" * (7 * MB), cookie=cookie) == 204      # a file and its replacement
        assert put_file(base, first, b"y" * (7 * MB), cookie=cookie) == 413      # a third is one too many
        assert put_file(base, first, b"z" * 10, cookie=cookie, declare_length=False) == 411
        with streamlit_session(base, "edit", cookie=cookie) as second:
            # the server holds 14 MB of its 20: a second page's 7 MB file would pass it
            assert put_file(base, second, b"y" * (7 * MB), cookie=cookie) == 503
    # the first page closed: Streamlit frees its files when the session ends (after its grace period)
