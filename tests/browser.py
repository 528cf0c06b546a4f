"""Real Streamlit server and Debian's chromium driven by Playwright (no `playwright install`)."""
from __future__ import annotations

import re
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-extensions", "--disable-default-apps", "--no-pings",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]


SERVER_PIDS: dict[str, int] = {}         # each running server's address: its process id


def resident_mb(pid: int) -> float:
    """A process's resident memory in MB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def child_processes() -> dict[int, list[int]]:
    """Every running process's children, by the parent's process id (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
            except OSError:
                continue
            parent = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("PPid:")), 0)
            children.setdefault(parent, []).append(int(entry.name))
    return children


class StillBrowser:
    """A launched chromium whose pages ask for reduced motion: Streamlit's fades and its running
    figure are not drawn frame by frame (a fifth of the browser's work in an evening, measured),
    and nothing a test asserts moves. Everything else is the browser's own."""
    STILL = {"reduced_motion": "reduce"}

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        return self._browser.new_context(**{**self.STILL, **options})

    def new_page(self, **options):
        return self._browser.new_page(**{**self.STILL, **options})

    def __getattr__(self, name):
        return getattr(self._browser, name)


def chromium_path() -> str | None:
    return shutil.which("chromium") or (os.path.exists("/usr/bin/chromium") and "/usr/bin/chromium") or None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def streamlit_server(env_extra: dict[str, str], address: str = "127.0.0.1", root: Path = ROOT, port: int | None = None):
    """A real server; ``address`` "0.0.0.0" serves every interface, as `make run` does; ``root``
    another checkout's (a benchmark's "before"); ``port`` one chosen beforehand (its address
    named in the settings), else a free one."""
    port = port or free_port()
    # the Research page prepared at start only where asked (its own test and the bench): the
    # other tests' servers leave the suite's cores to the tests
    env = {**os.environ, "HUDDLE_PREPARE_RESEARCH": "0", **env_extra}
    log = open(ARTIFACTS.joinpath(f"streamlit-{port}.log"), "w") if ARTIFACTS.mkdir(exist_ok=True) is None else None
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "huddle_server.py", "--server.address", address,
         "--server.port", str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false",
         "--logger.hideWelcomeMessage", "true"],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    SERVER_PIDS[url] = proc.pid
    try:
        deadline = time.time() + 120       # a loaded 2-core machine starts it slowly
        while time.time() < deadline:
            try:
                if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("streamlit did not become healthy in 120 s")
        yield url
    except BaseException as failure:
        failure.add_note(server_state(proc, log.name))
        raise
    finally:
        SERVER_PIDS.pop(url, None)
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def server_state(proc: subprocess.Popen, log_path: str, tail: int = 6_000) -> str:
    """What a failed test's server was doing: ended on its own (with its code), or running, and
    then where each of its threads was (huddle_server.py dumps them on SIGUSR1); its log's end."""
    log = Path(log_path)
    if proc.poll() is None:
        proc.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + 10             # the dump written, however loaded the machine
        while "Current thread" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            time.sleep(0.1)
        said = f"the server (process {proc.pid}) was still running; where its threads were:"
    else:
        said = f"the server (process {proc.pid}) had ended on its own, exit code {proc.returncode}:"
    noise = ("missing ScriptRunContext", "Session state does not function")
    text = "\n".join(line for line in log.read_text(errors="replace").splitlines()
                     if not any(n in line for n in noise))
    crash = text.rfind("Fatal Python error")       # a crash's dump quoted from its first line
    return f"{said}\n" + (text[crash:crash + tail] if crash >= 0 else text[-tail:])


def sign_in(page, base_url: str, username: str, password: str, path: str = "/") -> None:
    """Fill the sign-in form (a plain HTML form posting to /auth/login); the cookie lands in the
    page's browser context."""
    from playwright.sync_api import expect

    troubles: list[str] = []
    page.on("console", lambda m: troubles.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("requestfailed", lambda r: troubles.append(f"request failed: {r.url} ({r.failure})"))
    page.on("pageerror", lambda e: troubles.append(f"page error: {e}"))
    page.goto(base_url + path)
    try:
        expect(page.get_by_role("heading", name="Sign in")).to_be_visible(timeout=60_000)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{what_the_page_shows(page, base_url)}\n--- the browser:\n"
                             + "\n".join(troubles[:40])) from None
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()


def what_the_page_shows(page, base_url: str) -> str:
    """For a failure's message: the page's text and the end of its server's log."""
    try:
        text = page.inner_text("body", timeout=5_000)[:2000]
    except Exception as exc:    # a page that cannot even be read says so
        text = f"(page unreadable: {exc})"
    log = ARTIFACTS / f"streamlit-{base_url.rsplit(':', 1)[1]}.log"
    tail = "\n".join(log.read_text(errors="replace").splitlines()[-40:]) if log.exists() else "(no server log)"
    return f"--- page at {page.url}:\n{text}\n--- server log:\n{tail}"


# ---------------------------------------------------------------- a phone on another host

PHONE_NET = ("169.254.213.1", "169.254.213.2")      # this machine's end, the phone's end (link-local)


SUITE_HOST = "HUDDLE_TEST_PHONE_HOST"     # "namespace link": the second host the whole run shares


@contextmanager
def phone_host(name: str = "huddle-phone"):
    """A second host on a network of its own: a network namespace joined to this machine by a
    veth pair (root and iproute2 needed). Yields the command prefix that runs a program there.
    In a run on several workers the suite made it before any browser started (make_phone_host,
    tests/conftest.py): a link made or removed while another worker's chromium loads a page is
    a network change to it, and it fails that page (net::ERR_NETWORK_CHANGED)."""
    if os.environ.get(SUITE_HOST):
        yield ["ip", "netns", "exec", os.environ[SUITE_HOST].split()[0]]
        return
    made = make_phone_host(name)
    try:
        yield ["ip", "netns", "exec", made[0]]
    finally:
        remove_phone_host(made)


def make_phone_host(name: str = "huddle-phone") -> tuple[str, str]:
    """The second host made and reachable: its namespace and this machine's end of the link."""
    ns, here, there = f"{name}-{os.getpid()}", f"hp{os.getpid() % 10000}a", f"hp{os.getpid() % 10000}b"
    steps = [["ip", "netns", "add", ns],
             ["ip", "link", "add", here, "type", "veth", "peer", "name", there],
             ["ip", "link", "set", there, "netns", ns],
             # IPv4 only: an IPv6 link-local address appearing a second later is a network change
             # to chromium, which then fails the requests in flight (net::ERR_NETWORK_CHANGED)
             ["sh", "-c", f"echo 1 > /proc/sys/net/ipv6/conf/{here}/disable_ipv6"],
             ["ip", "netns", "exec", ns, "sh", "-c", f"echo 1 > /proc/sys/net/ipv6/conf/{there}/disable_ipv6"],
             ["ip", "addr", "add", f"{PHONE_NET[0]}/30", "dev", here], ["ip", "link", "set", here, "up"],
             ["ip", "netns", "exec", ns, "ip", "addr", "add", f"{PHONE_NET[1]}/30", "dev", there],
             ["ip", "netns", "exec", ns, "ip", "link", "set", there, "up"],
             ["ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up"]]
    _clear_abandoned_hosts(name)
    try:
        for step in steps:
            subprocess.run(step, check=True, capture_output=True, timeout=20)
        _settle(here, ns)
    except BaseException:
        remove_phone_host((ns, here))
        raise
    return ns, here


def remove_phone_host(made: tuple[str, str]) -> None:
    ns, here = made
    subprocess.run(["ip", "link", "del", here], capture_output=True, timeout=20)
    subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=20)


def _clear_abandoned_hosts(name: str) -> None:
    """Remove the second hosts a killed test run left behind (their names carry its process id):
    one still holding the network's address would take this run's traffic."""
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, timeout=20).stdout
    for ns in (line.split()[0] for line in listed.splitlines() if line.startswith(f"{name}-")):
        pid = ns.rsplit("-", 1)[1]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            subprocess.run(["ip", "link", "del", f"hp{int(pid) % 10000}a"], capture_output=True, timeout=20)
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=20)


def _settle(link: str, ns: str, seconds: float = 10) -> None:
    """Wait until the link is up with no address still being set up and a connection from the
    other host reaches this one: a browser started while the network changes fails its first
    requests. No fixed sleep: the wait ends when a real round trip succeeds."""
    deadline = time.time() + seconds
    with socket.create_server((PHONE_NET[0], 0)) as listener:
        probe = ["ip", "netns", "exec", ns, sys.executable, "-c",
                 f"import socket; socket.create_connection(('{PHONE_NET[0]}', {listener.getsockname()[1]}), 1).close()"]
        while time.time() < deadline:
            shown = subprocess.run(["ip", "-o", "addr", "show", "dev", link], capture_output=True, text=True).stdout
            state = subprocess.run(["ip", "-o", "link", "show", "dev", link], capture_output=True, text=True).stdout
            if ("state UP" in state and "tentative" not in shown and PHONE_NET[0] in shown
                    and subprocess.run(probe, capture_output=True, timeout=10).returncode == 0):
                return
            time.sleep(0.1)
    raise RuntimeError(f"the second host's network did not come up within {seconds} s")


def can_make_hosts() -> bool:
    if os.geteuid() != 0 or not shutil.which("ip"):
        return False
    probe = subprocess.run(["ip", "netns", "list"], capture_output=True, timeout=20)
    return probe.returncode == 0


PHONE = {"width": 390, "height": 844}
AT_THE_TABLE = {"board": "7", "auction": "1H 1S 2H 2S P(slow 10s) P 3H P P P",
                # the same auction on the bidding box: a bid is a level and a strain, a pass one tap, "slow" marks it
                "box": ("1", "♥", "1", "♠", "2", "♥", "2", "♠", "Pass", "slow", "Pass", "3", "♥", "Pass", "Pass",
                        "Pass"),
                "EW": "South thought for ten seconds",
                "NS": "A normal pause after 2S", "result": "3H=", "north": "K7.AQJ52.KQ4.J93"}


def tap_the_auction(page, taps, labels) -> None:
    """The auction tapped on the At the table page's bidding box, at a person's pace: each tap
    waits for the page to show it (the level chosen, or the auction line grown) before the next."""
    from playwright.sync_api import expect
    taps.tap(page.get_by_text("Bidding box (taps write on the auction line)"))
    line = page.get_by_role("textbox", name="Auction, one line")
    box = page.get_by_test_id("stExpanderDetails")
    for label in labels:
        before = line.input_value()
        taps.tap(box.get_by_role("radio", name=label, exact=True))
        if label.isdigit():                     # a level: chosen, waiting for its strain
            expect(box.get_by_role("radio", name=label, exact=True)).to_have_attribute("aria-checked", "true",
                                                                                     timeout=60_000)
        else:
            expect(line).not_to_have_value(before, timeout=60_000)


def choose(page, label: str, option: str) -> None:
    """Pick an option of a Streamlit selectbox by its label (the arrow key opens the list where a
    click on an empty box does not)."""
    from playwright.sync_api import TimeoutError, expect
    box = page.get_by_label(label, exact=True)
    expect(box).to_have_count(1, timeout=60_000)    # a rerun on a loaded machine may still show the old box beside
    for attempt in range(3):        # a field typed just before commits as the box takes focus: its rerun
        settle(page)                # may draw the list again under the pointer, and the list is opened again
        box.click()
        if not page.get_by_role("option").count():
            box.press("ArrowDown")
        try:
            page.get_by_role("option", name=option, exact=True).click(timeout=5_000)
            break
        except TimeoutError:
            if attempt == 2:
                raise
            page.keyboard.press("Escape")
    # as a person would: see the choice in the box (its rerun done) before the next step
    expect(page.get_by_role("combobox", name=label, exact=True)).to_have_value(option, timeout=15_000)


def settle(page, quiet_ms: int = 300, timeout: int = 120_000) -> None:
    """Wait until the app's script has not run for ``quiet_ms`` (the rerun a key or a tap just
    asked for has drawn): a tap on a page still redrawing can land on an element the rerun
    replaces, and is lost. Streamlit marks its root with the script's state."""
    page.wait_for_function(
        """([key, quiet]) => {
            const state = document.querySelector('[data-testid="stApp"]')?.getAttribute('data-test-script-state');
            const now = performance.now();
            if (state !== 'notRunning' || window[key] === undefined) { window[key] = now; return false; }
            return now - window[key] >= quiet;
        }""", arg=[f"_settled_{time.monotonic_ns()}", quiet_ms], polling=100, timeout=timeout)


def open_tab(page, name: str) -> None:
    """Open a tab of the page by its name, as a person would: once the page is still, and see it
    open (a tap while a rerun redraws the tabs is lost, and the next step reads a hidden tab)."""
    from playwright.sync_api import expect
    tab = page.get_by_role("tab", name=name)
    for attempt in range(3):
        settle(page)
        tab.click()
        try:
            expect(tab).to_have_attribute("aria-selected", "true", timeout=10_000)
            return
        except AssertionError:
            if attempt == 2:
                raise


def pick(page, box, option: str) -> None:
    """Add ``option`` to a Streamlit multiselect ``box``, as a person would: open the list, tap
    the option, see it in the box (a rerun drawn under the pointer closes the list; it is opened
    again)."""
    from playwright.sync_api import TimeoutError, expect
    chosen = page.get_by_test_id("stMultiSelect").filter(has=box).get_by_text(option, exact=True)
    for attempt in range(4):
        settle(page)
        box.click()
        try:
            page.get_by_role("option", name=option, exact=True).click(timeout=10_000)
            break
        except TimeoutError:
            page.keyboard.press("Escape")
            if chosen.count() or attempt == 3:     # the tap landed after all, or it never will
                break
    page.keyboard.press("Escape")
    expect(chosen).to_be_visible(timeout=60_000)


class Taps:
    """A phone's page whose every tap is counted: a click, a check, a field tapped to type in."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        self.count += 1
        locator.click()

    def type_in(self, locator, text: str) -> None:
        self.count += 1                        # the tap into the field; the typing is the keyboard's
        locator.fill(text)
        locator.press("Enter")


def take_a_case_at_the_table(page, base_url: str, username: str, password: str, case: dict = AT_THE_TABLE,
                             box: bool = False) -> Taps:
    """From the sign-in to a saved case with a hesitation and a started poll with its links, on
    the At the table page, as a director does it on her phone (the auction typed as one line, or
    with ``box`` tapped on the bidding box); returns the taps it took."""
    from playwright.sync_api import expect
    taps = Taps(page)
    page.goto(base_url + "/table")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible(timeout=60_000)
    taps.type_in(page.get_by_label("User name"), username)
    taps.type_in(page.get_by_label("Password"), password)      # Enter signs in
    expect(page.get_by_role("heading", name="At the table")).to_be_visible(timeout=60_000)
    taps.type_in(page.get_by_role("spinbutton", name="Board"), case["board"])
    expect(page.get_by_text("Dealer South · Both vulnerable")).to_be_visible(timeout=60_000)
    if box:
        tap_the_auction(page, taps, case["box"])
    else:
        taps.type_in(page.get_by_role("textbox", name="Auction, one line"), case["auction"])
    expect(page.get_by_text(re.compile(r"S Pass — pause"))).to_be_visible(timeout=60_000)   # the hesitation read back
    taps.tap(page.get_by_text("disputed", exact=True))
    taps.type_in(page.get_by_role("textbox", name="East-West say"), case["EW"])
    taps.type_in(page.get_by_role("textbox", name="North-South say"), case["NS"])
    taps.tap(page.get_by_text("Table result and hands"))
    taps.type_in(page.get_by_role("textbox", name="Contract and result"), case["result"])
    taps.type_in(page.get_by_role("textbox", name="North's hand"), case["north"])
    taps.tap(page.get_by_role("button", name="Save the case"))
    expect(page.get_by_text(re.compile(r"^Saved as case board-7-"))).to_be_visible(timeout=60_000)
    taps.tap(page.get_by_role("button", name="Start a poll with personal links"))
    expect(page.get_by_text(re.compile(r"/p/")).first).to_be_visible(timeout=60_000)
    return taps
