"""Benchmark: a director's sign-in while strangers sign in with wrong passwords.

A real server (loopback, as through a proxy: HUDDLE_TRUSTED_PROXIES names 127.0.0.1, each stranger
a forwarded address of its own). A director signs in with the right password, from the address
she signed in from before and from a new one, first on a quiet server (the floor), then while
``--flood`` wrong sign-ins at a time come from 50 addresses. For each: the p50 and the longest of
``--tries`` sign-ins, and how the strangers were answered.

    python bench/sign_in.py [--flood 60 240] [--tries 5] [--root OTHER_CHECKOUT]

``--root`` serves another checkout of Huddle (an older commit: the figures "before").
"""
from __future__ import annotations

import argparse
import concurrent.futures
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.common import percentile  # noqa: E402
from browser import streamlit_server  # noqa: E402
from polling import accounts, setup  # noqa: E402

PASSWORD = "table-director"
KNOWN, NEW = "198.51.100.7", "198.51.100.99"


class _Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):       # the answer's own redirect is what is read
        return None


OPENER = urllib.request.build_opener(_Keep)


def sign_in(base: str, username: str, password: str, address: str) -> tuple[float, str]:
    """Seconds to the answer, and what it said (signed in, failed, wait, busy)."""
    body = urllib.parse.urlencode({"username": username, "password": password}).encode()
    request = urllib.request.Request(base + "/auth/login", data=body,
                                     headers={"Origin": base, "X-Forwarded-For": address})
    started = time.perf_counter()
    try:
        OPENER.open(request, timeout=120).read()
        said = "?"
    except urllib.error.HTTPError as answer:
        where = answer.headers.get("location", "")
        said = next((k for k in ("failed", "wait", "busy") if f"signin={k}" in where), "signed in")
    return time.perf_counter() - started, said


def measure(base: str, flood: int, tries: int) -> dict:
    stop = False

    def stranger(i: int) -> list[str]:
        answers = []
        while not stop:
            answers.append(sign_in(base, f"td{i % 7}", f"wrong-{i}", f"203.0.113.{i % 50 + 1}")[1])
        return answers
    with concurrent.futures.ThreadPoolExecutor(max(flood, 1)) as pool:
        strangers = [pool.submit(stranger, i) for i in range(flood)]
        time.sleep(1.0 if flood else 0)
        known = [sign_in(base, "td", PASSWORD, KNOWN) for _ in range(tries)]
        new = [sign_in(base, "td", PASSWORD, f"{NEW}{k}") for k in range(tries)]
        stop = True
        answered = Counter(a for f in strangers for a in f.result())
    return {"known": known, "new": new, "strangers": answered}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, nargs="+", default=[60, 240])
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/sign-in.sqlite"
        setup.prepare_database(url=url)
        accounts.create_user("td", PASSWORD, "director", url=url)
        env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "sign-in bench", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"}
        with streamlit_server(env, root=args.root) as base:
            sign_in(base, "td", PASSWORD, KNOWN)                 # the director's address, known from now on
            print(f"Huddle at {args.root}: the director's right password, seconds (p50 / longest of {args.tries})")
            for flood in [0, *args.flood]:
                seen = measure(base, flood, args.tries)
                said = ", ".join(f"{k} {n}" for k, n in sorted(seen["strangers"].items())) or "none"
                line = [f"  {'quiet (the floor)' if not flood else f'{flood} wrong at a time':>20}:"]
                for lane in ("known", "new"):
                    seconds = [t for t, _ in seen[lane]]
                    answers = Counter(a for _, a in seen[lane])
                    line.append(f"{lane} address {percentile(seconds, 0.5):.2f} / {max(seconds):.2f} "
                                f"({', '.join(f'{k} {n}' for k, n in answers.items())})")
                print(" ".join(line) + f"; the strangers' answers: {said}")


if __name__ == "__main__":
    main()
