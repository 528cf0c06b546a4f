"""Real Streamlit server and Debian's chromium driven by Playwright (no `playwright install`)."""
from __future__ import annotations

import os
import shutil
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


def chromium_path() -> str | None:
    return shutil.which("chromium") or (os.path.exists("/usr/bin/chromium") and "/usr/bin/chromium") or None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def streamlit_server(env_extra: dict[str, str]):
    port = free_port()
    env = {**os.environ, **env_extra}
    log = open(ARTIFACTS.joinpath(f"streamlit-{port}.log"), "w") if ARTIFACTS.mkdir(exist_ok=True) is None else None
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "huddle_server.py", "--server.address", "127.0.0.1",
         "--server.port", str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("streamlit did not become healthy in 60 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def sign_in(page, base_url: str, username: str, password: str, path: str = "/") -> None:
    """Fill the sign-in form (a plain HTML form posting to /auth/login); the cookie lands in the
    page's browser context."""
    from playwright.sync_api import expect

    page.goto(base_url + path)
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible(timeout=30_000)
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
