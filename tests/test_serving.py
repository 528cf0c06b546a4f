"""How the server sends: small replies without Nagle's delay, Streamlit's scripts compressed."""
import json
import gzip
import re
import socket
import urllib.request
from pathlib import Path

from browser import streamlit_server
from huddle.web.assets import send_without_delay


def test_listening_sockets_send_without_delay_and_their_connections_inherit_it():
    listener = socket.socket(family=socket.AF_INET)     # protocol 0, as Streamlit binds it
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    try:
        assert listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
        assert send_without_delay() >= 1
        assert listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
        client = socket.create_connection(listener.getsockname())
        accepted, _ = listener.accept()
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
        client.close()
        accepted.close()
    finally:
        listener.close()


def _get(url: str, **headers) -> tuple[dict, bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as reply:
        return {k.lower(): v for k, v in reply.headers.items()}, reply.read()


def _signed_in(base: str, url: str) -> str:
    """A director's login cookie: only a signed-in browser is served the app's pages."""
    from polling import accounts, setup
    from ws_client import signed_in_cookie
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", url=url)
    return signed_in_cookie(base, "td", "table-director")


def test_streamlits_scripts_are_sent_compressed_and_kept(tmp_path):
    env = {"HUDDLE_DATABASE_URL": f"sqlite:///{tmp_path / 'h.sqlite'}", "HUDDLE_SECRET_KEY": "serving"}
    with streamlit_server(env) as base:
        _, page = _get(base + "/", Cookie=_signed_in(base, env["HUDDLE_DATABASE_URL"]))
        script = re.search(rb'src="\.?/?(static/js/[^"]+\.js)"', page).group(1).decode()
        plain_headers, plain = _get(f"{base}/{script}")
        assert "content-encoding" not in plain_headers and len(plain) > 100_000
        for _ in range(2):      # compressed on the first request, then kept
            headers, body = _get(f"{base}/{script}", **{"Accept-Encoding": "gzip, br"})
            assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
            assert int(headers["content-length"]) == len(body) < len(plain) / 2
            assert gzip.decompress(body) == plain
            assert headers["cache-control"] == plain_headers["cache-control"]
        # a range request goes to Streamlit unchanged
        headers, part = _get(f"{base}/{script}", **{"Accept-Encoding": "gzip", "Range": "bytes=0-99"})
        assert "content-encoding" not in headers and part == plain[:100]
        # fonts are already compressed
        from streamlit import file_util
        font = next(Path(file_util.get_static_dir()).glob("static/media/*.woff2"))
        headers, _ = _get(f"{base}/static/media/{font.name}", **{"Accept-Encoding": "gzip"})
        assert "content-encoding" not in headers and headers["content-type"] == "font/woff2"


def _asgi(app, path="/static/js/a.js"):
    """One GET through an ASGI app: the messages it sends."""
    import asyncio
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "headers": [(b"accept-encoding", b"gzip")]}
    asyncio.run(app(scope, receive, send))
    return sent


def test_a_cut_short_answer_is_never_kept():
    """The browser cancelled the request (Streamlit stopped after 10 of 100 bytes): what came is
    passed on as it is, nothing is kept, and the next request is answered whole and compressed."""
    from huddle.web.assets import CompressedAssets
    content = b"export{e as t};" + b" " * 85
    answers = iter([content[:10], content])

    async def streamlit(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/javascript"), (b"content-length", b"100")]})
        await send({"type": "http.response.body", "body": next(answers)})

    assets = CompressedAssets(streamlit, assets=frozenset({"/static/js/a.js"}))
    cut = _asgi(assets)
    assert cut[1]["body"] == content[:10] and not assets.kept
    whole = _asgi(assets)
    assert dict(whole[0]["headers"])[b"content-encoding"] == b"gzip"
    assert gzip.decompress(whole[1]["body"]) == content and list(assets.kept) == ["/static/js/a.js"]


def test_a_made_up_asset_name_is_answered_but_never_kept():
    """Streamlit answers any name under /static/ (with its page, 200): kept, 40,000 made-up names
    held 430 MB for the server's life. Only Streamlit's own files are kept."""
    from huddle.web.assets import CompressedAssets, streamlit_assets

    async def streamlit(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/html"), (b"content-length", b"2000")]})
        await send({"type": "http.response.body", "body": b"<html>" + b" " * 1994})

    own = streamlit_assets()
    assert len(own) > 100 and all(p.startswith("/static/") for p in own)
    assets = CompressedAssets(streamlit)
    for n in range(200):
        reply = _asgi(assets, f"/static/made-up-{n}.js")
        assert b"content-encoding" not in dict(reply[0]["headers"])
    assert not assets.kept
    real = sorted(p for p in own if p.endswith(".js"))[0]
    _asgi(assets, real)
    assert list(assets.kept) == [real]


def test_every_page_tells_streamlits_scripts_where_the_server_is(tmp_path):
    """A page opened at /ruling would first look for the server at /ruling/_stcore/health and wait
    for the miss; the page names the server's address, so the first look is the right one."""
    env = {"HUDDLE_DATABASE_URL": f"sqlite:///{tmp_path / 'h.sqlite'}", "HUDDLE_SECRET_KEY": "serving"}
    with streamlit_server(env) as base:
        cookie = _signed_in(base, env["HUDDLE_DATABASE_URL"])
        for path in ("/", "/ruling?case=laws033-6d-slam", "/appeal"):
            answer = urllib.request.urlopen(urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip",
                                                                                         "Cookie": cookie}))
            page = answer.read().decode()
            assert answer.headers.get("content-encoding") is None
            assert int(answer.headers["content-length"]) == len(page.encode())
            head = page[page.index("<head>"):]
            assert head.index('BACKEND_BASE_URL:location.origin+"/"') < head.index("<script type=\"module\"")
            # the widgets the other pages draw, imported when the browser is idle: each a script this server has
            warmed = json.loads(re.search(r"requestIdleCallback\|\|setTimeout\)\(\(\)=>(\[[^]]*\])", head).group(1))
            assert any("/DataFrame." in w for w in warmed) and len(warmed) >= 10
            for script in warmed:
                assert urllib.request.urlopen(base + script.removeprefix(".")).status == 200
        script = urllib.request.urlopen(urllib.request.Request(
            base + "/_stcore/host-config", headers={"Accept-Encoding": "gzip", "Cookie": cookie})).read()
        assert b"BACKEND_BASE_URL" not in script
