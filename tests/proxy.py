"""Several Huddle server processes on one database behind a real reverse proxy (HAProxy, started
for the test and stopped after): round robin over the processes, sticky by a cookie the proxy
sets, websockets passed, each process checked at /huddle/health and taken out when it fails."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from contextlib import ExitStack, contextmanager

from browser import free_port, streamlit_server


def haproxy_path() -> str | None:
    return shutil.which("haproxy") or (os.path.exists("/usr/sbin/haproxy") and "/usr/sbin/haproxy") or None


HAPROXY = """global
    maxconn 4000
defaults
    mode http
    timeout connect 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
frontend huddle
    bind 127.0.0.1:{port}
    http-request del-header X-Forwarded-For
    option forwardfor
    default_backend servers
backend servers
    balance roundrobin
    cookie HUDDLE_SERVER insert indirect nocache httponly
    option httpchk GET /huddle/health
    timeout check 2s                             # a busy process answers late, not never
    default-server inter 1s fall 3 rise 2
{servers}
"""


@contextmanager
def servers_behind_proxy(env: dict[str, str], count: int):
    """Yields (the proxy's address, [each server's address]) for ``count`` server processes."""
    with ExitStack() as stack:
        bases = [stack.enter_context(streamlit_server(env)) for _ in range(count)]
        with proxy_in_front(bases) as base:
            yield base, bases


@contextmanager
def proxy_in_front(bases: list[str]):
    """HAProxy, configured as docs/deploying.md says, in front of running servers: yields its address."""
    found = haproxy_path()
    if found is None:
        raise RuntimeError("HAProxy is needed (make test installs it)")
    port = free_port()
    config = HAPROXY.format(port=port, servers="\n".join(
        f"    server s{i} {b.removeprefix('http://')} check cookie s{i}" for i, b in enumerate(bases)))
    folder = tempfile.mkdtemp(prefix="huddle-proxy-")
    path = os.path.join(folder, "haproxy.cfg")
    with open(path, "w") as f:
        f.write(config)
    proxy = subprocess.Popen([found, "-f", path, "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if urllib.request.urlopen(base + "/huddle/health", timeout=2).status == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("the proxy did not answer in 30 s")
        yield base
    finally:
        proxy.send_signal(signal.SIGTERM)
        proxy.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def status_from(base: str, method: str, path: str, source: str = "127.0.0.1", body: bytes | None = None) -> int:
    """The status of one request to ``base`` sent from the loopback address ``source`` (any of
    127.0.0.0/8: many visitors on one machine), a form posted from the site's own page when
    ``body`` is given; 0 when the connection fails."""
    import http.client
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60, source_address=(source, 0))
    headers = {"Origin": base, "Content-Type": "application/x-www-form-urlencoded"} if body else {}
    try:
        connection.request(method, path, body=body, headers=headers)
        return connection.getresponse().status
    except OSError:
        return 0
    finally:
        connection.close()


def server_pid(base: str) -> int:
    """The process serving ``base`` (found by its command line's port)."""
    port = base.rsplit(":", 1)[1].encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            command = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in b" ".join(command) and port in command:
            return int(entry)
    raise RuntimeError(f"no server process on {base}")
