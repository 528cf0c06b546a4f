"""A director at the table with a phone (390 × 844): from the sign-in to a saved case with a
hesitation and a started poll with its personal links, in Debian's chromium."""
import pytest

from browser import ARTIFACTS, PHONE, streamlit_server, take_a_case_at_the_table

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")


def taken_down(tmp_path, browser, box: bool = False):
    """A director takes the case down on a phone (the auction typed, or with ``box`` tapped):
    the taps it took, the database's address, the saved case's record and the case."""
    from polling import accounts, cases, db, setup
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    # the address pollees' phones use (a server on loopback alone issues no links: the phones could not open them)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "phone-intake",
                           "HUDDLE_PUBLIC_URL": "https://huddle.club.example"}) as base:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        taps = take_a_case_at_the_table(page, base, "td", "table-director", box=box)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")    # no sideways scroll
        page.screenshot(path=str(ARTIFACTS / f"at-the-table-phone{'-box' if box else ''}.png"), full_page=True)
        context.close()
    (record,) = [r.id for r in db.case_index(url=url) if r.slug.startswith("board-7-")]     # saved once
    return taps, url, record, cases.get_case(record, url).case


def test_a_case_taken_down_on_a_phone_is_saved_and_polled(tmp_path, browser):
    from polling import services
    taps, url, record, case = taken_down(tmp_path, browser)
    assert case.board.number == 7 and case.board.auction.calls[4].tempo_break           # no call lost
    assert [c.call for c in case.board.auction.calls] == ["1H", "1S", "2H", "2S", "P", "P", "3H", "P", "P", "P"]
    assert case.irregularity.type == "hesitation" and case.irregularity.agreed is False and case.action_index == 6
    (poll,) = services.polls_for_case(record, url)
    assert poll.status != "draft" and len(services.invites_for_poll(poll.id, url)) == 5
    assert taps.count <= 16


def test_the_auction_tapped_on_the_bidding_box_is_the_one_typed(tmp_path, browser):
    """The same case with its auction tapped on the bidding box at a person's pace: a level and a
    strain make a bid, Pass is one tap, "slow" marks the last call; no call lost."""
    taps, _, _, case = taken_down(tmp_path, browser, box=True)
    assert [c.call for c in case.board.auction.calls] == ["1H", "1S", "2H", "2S", "P", "P", "3H", "P", "P", "P"]
    assert [i for i, c in enumerate(case.board.auction.calls) if c.tempo_break] == [4]
    assert case.action_index == 6 and taps.count <= 28          # 16 for the auction, 1 to open the box


def test_every_button_of_the_bidding_box_is_a_thumb_s_target(tmp_path, browser):
    """Before: 33 × 32 px. Now 44 × 44 CSS px or more, on a phone."""
    from browser import sign_in
    from playwright.sync_api import expect
    from polling import accounts, setup
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "box"}) as base:
        page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        sign_in(page, base, "td", "table-director", "/table")
        page.get_by_text("Bidding box (taps write on the auction line)").click()
        box = page.locator(".st-key-bidding_box")
        expect(box.get_by_role("radio", name="7", exact=True)).to_be_visible(timeout=60_000)
        sizes = box.evaluate("""b => [...b.querySelectorAll('button')].filter(e => e.offsetParent)
            .map(e => [e.textContent.trim(), e.getBoundingClientRect().width, e.getBoundingClientRect().height])""")
    assert len(sizes) >= 7 + 5 + 6 + 7
    assert [(t, round(w), round(h)) for t, w, h in sizes if w < 44 or h < 44] == []
