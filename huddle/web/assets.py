"""Streamlit's own files and pages as Huddle sends them: small replies without delay, its scripts
compressed once, and its page told where the server is, in the reader's language, with the
scripts of the other pages' widgets fetched when the browser is idle."""
from __future__ import annotations

import functools
import json
import re

from starlette.datastructures import Headers



from huddle.web.streamlit_words import words_script

from huddle.web.middleware import STREAMLIT_ONLY, NotPages, page_language_code


def send_without_delay() -> int:
    """Small replies leave at once: TCP_NODELAY on every listening TCP socket of this process
    (Linux hands it on to each connection accepted). Streamlit binds its socket with protocol 0,
    and asyncio sets TCP_NODELAY only on sockets whose protocol reads IPPROTO_TCP, so Nagle's
    algorithm stayed on: the second small message of every page run waited for the browser's
    delayed acknowledgement, about 40 ms a click. Called while the server module is loaded, after
    Streamlit has bound its socket and before it accepts. Returns the number of sockets set."""
    import os
    import socket
    import stat

    done = 0
    for name in os.listdir("/proc/self/fd") if os.path.isdir("/proc/self/fd") else []:
        try:
            if not stat.S_ISSOCK(os.fstat(int(name)).st_mode):
                continue
            sock = socket.socket(fileno=os.dup(int(name)))
        except OSError:
            continue
        with sock:
            try:
                listening = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
                if listening and sock.family in (socket.AF_INET, socket.AF_INET6) and sock.type == socket.SOCK_STREAM:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    done += 1
            except OSError:
                continue
    return done


async def whole_response(app, scope, receive) -> tuple[dict, bytes]:
    """The app's whole response to a request: its start message (empty when the browser went
    away before the app answered) and its body."""
    start: dict = {}
    chunks: list[bytes] = []

    async def keep(message):
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, keep)
    return start, b"".join(chunks)


class CompressedAssets:
    """Streamlit's own scripts and styles sent gzip-compressed to browsers that accept it, each
    compressed once and kept. Streamlit sends them uncompressed and leaves compression to a reverse
    proxy; a club running Huddle from a laptop has none, and a phone on the club's Wi-Fi then
    fetches 2.9 MB instead of about 0.8 MB on its first visit. The assets' names carry a hash of
    their content, so what is kept never goes stale."""

    COMPRESSIBLE = ("javascript", "text/", "json", "svg", "font/ttf", "font/otf")

    def __init__(self, app, assets: frozenset[str] | None = None):
        self.app = app
        self.kept: dict[str, tuple[list, bytes]] = {}
        self.assets = streamlit_assets() if assets is None else assets

    async def __call__(self, scope, receive, send):
        if not self._wanted(scope):
            await self.app(scope, receive, send)
            return
        kept = self.kept.get(scope["path"])
        if kept is None:
            start, body = await whole_response(self.app, scope, receive)
            if not start:                   # the browser went away before Streamlit answered
                return
            if not self._compressible(start) or not self._whole(start, body):
                await send(start)
                await send({"type": "http.response.body", "body": body})
                return
            import gzip
            compressed = gzip.compress(body, 6)     # once per file for the server's life: 30 ms at most
            headers = [(k, b"W/" + v if k == b"etag" and not v.startswith(b"W/") else v)
                       for k, v in start["headers"] if k not in (b"content-length", b"content-encoding", b"vary")]
            kept = (headers + [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding"),
                               (b"content-length", str(len(compressed)).encode())], compressed)
            self.kept[scope["path"]] = kept
        await send({"type": "http.response.start", "status": 200, "headers": kept[0]})
        await send({"type": "http.response.body", "body": kept[1]})

    def _wanted(self, scope) -> bool:
        """A plain GET of one of Streamlit's own assets from a browser that takes gzip (a range or
        a conditional request goes to Streamlit as it is). Any other name under /static/ is
        answered by Streamlit uncompressed and never kept: kept, every made-up name a stranger
        asks for would stay in memory for the server's life."""
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"] not in self.assets:
            return False
        headers = Headers(scope=scope)
        if "range" in headers or "if-none-match" in headers or "if-modified-since" in headers:
            return False
        return "gzip" in headers.get("accept-encoding", "")

    @staticmethod
    def _whole(start: dict, body: bytes) -> bool:
        """All of the file: Streamlit stops sending when the browser cancels a request (it does,
        for a module it already has on the way), and a part kept would be served for good."""
        length = Headers(raw=start["headers"]).get("content-length")
        return length is not None and length.isdigit() and int(length) == len(body)

    def _compressible(self, start: dict) -> bool:
        headers = Headers(raw=start["headers"])
        kind = headers.get("content-type", "")
        return start["status"] == 200 and "content-encoding" not in headers and \
            any(k in kind for k in self.COMPRESSIBLE)



class ServerAddressInPage:
    """The page tells Streamlit's scripts where the server is (``window.__streamlit``'s
    BACKEND_BASE_URL: this origin and the configured base path). Without it, a page opened at
    /ruling first asks /ruling/_stcore/health, waits for the miss and its back-off, and only then
    asks /_stcore/health: a tenth of a second before every page of a path shows anything
    (bench/pages_in_browser.py)."""

    def __init__(self, app, not_pages: NotPages = STREAMLIT_ONLY):
        self.app, self.not_pages = app, not_pages

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"] in self.not_pages:
            await self.app(scope, receive, send)
            return
        # the page itself uncompressed (8 KB), so that it can be read and added to
        plain = {**scope, "headers": [(k, v) for k, v in scope["headers"] if k != b"accept-encoding"]}
        start, body = await whole_response(self.app, plain, receive)
        if not start:
            return
        headers = Headers(raw=start["headers"])
        if start["status"] == 200 and "text/html" in headers.get("content-type", "") and \
                "content-encoding" not in headers and b"<head>" in body:
            code = await page_language_code(scope)          # the page's own words, and Streamlit's, in it
            body = body.replace(b"<head>", b"<head>" + _address_script() + _warm_script() + words_script(code), 1)
            body = re.sub(rb'<html lang="[^"]*"', f'<html lang="{code}"'.encode(), body, count=1)
            start["headers"] = [(k, v) for k, v in start["headers"] if k != b"content-length"] + [
                (b"content-length", str(len(body)).encode())]
        await send(start)
        await send({"type": "http.response.body", "body": body})




@functools.cache
def _address_script() -> bytes:
    from streamlit import config
    base = "/" + (config.get_option("server.baseUrlPath") or "").strip("/")
    return ("<script>window.__streamlit=Object.assign({},window.__streamlit,{BACKEND_BASE_URL:"
            f"location.origin+{json.dumps(base.rstrip('/') + '/')}}});</script>").encode()


# the widgets a director's pages draw, whose scripts Streamlit fetches only when a page first
# shows one: the Ruling page's first opening in a browser fetched and compiled seven of them in
# turn, the data editor's 1.6 MB among them (bench/pages_in_browser.py's round)
WARMED = ("DataFrame", "Radio", "Multiselect", "Checkbox", "Metric", "NumberInput", "Selectbox", "TextArea",
          "TextInput", "DownloadButton", "FileUploader", "ButtonGroup", "Progress", "ProgressBar")


@functools.cache
def _warm_script() -> bytes:
    """Once a page of the app is drawn and the browser has nothing else to do, it imports the
    scripts of the widgets the other pages draw (the same modules Streamlit imports later: they
    are evaluated once), so that moving to the Ruling page does not wait for them. Nothing is
    drawn or run; a page that never goes idle never imports them."""
    wanted = sorted(f".{path}" for path in streamlit_assets() if path.startswith("/static/js/")
                    and path.endswith(".js") and path.rsplit("/", 1)[1].count(".") == 2
                    and path.rsplit("/", 1)[1].split(".", 1)[0] in WARMED)
    if not wanted:
        return b""
    return ("<script>addEventListener('load',()=>setTimeout(()=>(window.requestIdleCallback||setTimeout)(()=>"
            f"{json.dumps(wanted)}.forEach(s=>import(new URL(s,document.baseURI).href).catch(()=>{{}})),"
            "{timeout:4000}),1500))</script>").encode()


def streamlit_assets() -> frozenset[str]:
    """The paths of Streamlit's own scripts, styles, fonts and images (under /static/)."""
    import os

    from streamlit import file_util

    root = file_util.get_static_dir()
    found = set()
    for folder, _dirs, files in os.walk(os.path.join(root, "static")):
        for name in files:
            found.add("/" + os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return frozenset(found)
