"""A Streamlit session opened as a script would, without a browser: the websocket the page opens
(/_stcore/stream, the "streamlit" subprotocol), one run of a page, the session's id, and a PUT
to the upload endpoint with the XSRF cookie and header the page's own uploader sends. What an
attacker with no account can do, and what a signed-in director's page does."""
from __future__ import annotations

import http.client
import time
import urllib.request
import uuid
from contextlib import contextmanager
from urllib.parse import urlsplit


def xsrf_cookie(base: str, cookie: str = "") -> str:
    """The XSRF cookie Streamlit gives any visitor (its page asks for it with the health check)."""
    request = urllib.request.Request(base + "/_stcore/health", headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as reply:
        for header in reply.headers.get_all("Set-Cookie") or []:
            if header.startswith("_streamlit_xsrf="):
                return header.split(";", 1)[0].split("=", 1)[1]
    return ""


@contextmanager
def streamlit_session(base: str, page: str = "", cookie: str = "", query: str = ""):
    """An open session that has run ``page`` once (its url path, "" for the default): yields the
    session id while the websocket stays open."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.sync.client import connect

    host = urlsplit(base).netloc
    headers = {"Origin": base, **({"Cookie": cookie} if cookie else {})}
    with connect(f"ws://{host}/_stcore/stream", subprotocols=["streamlit"], additional_headers=headers,
                 open_timeout=30, max_size=None) as ws:
        back = BackMsg()
        back.rerun_script.query_string = query
        back.rerun_script.page_name = page
        ws.send(back.SerializeToString())
        session_id, finished, deadline = "", False, time.time() + 60
        while not finished and time.time() < deadline:
            msg = ForwardMsg()
            msg.ParseFromString(ws.recv(timeout=60))
            if msg.WhichOneof("type") == "new_session":
                session_id = msg.new_session.initialize.session_id
            finished = msg.WhichOneof("type") == "script_finished"
        yield session_id


def put_file(base: str, session_id: str, data: bytes, cookie: str = "", name: str = "x.pbn",
             declare_length: bool = True, file_id: str | None = None) -> int:
    """The uploader's PUT of one file: the HTTP status the server answers."""
    token = xsrf_cookie(base)
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": base,
               "X-Xsrftoken": token, "Cookie": "; ".join(c for c in (f"_streamlit_xsrf={token}", cookie) if c)}
    path = f"/_stcore/upload_file/{session_id}/{file_id or uuid.uuid4()}"
    try:
        if declare_length:
            connection.request("PUT", path, body=body, headers=headers)
        else:
            connection.putrequest("PUT", path)
            for k, v in {**headers, "Transfer-Encoding": "chunked"}.items():
                connection.putheader(k, v)
            connection.endheaders()
            connection.send(f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n")
        return connection.getresponse().status
    except (ConnectionError, http.client.HTTPException):
        return 0                # the server closed the connection on a body it would not read
    finally:
        connection.close()


def signed_in_cookie(base: str, username: str, password: str) -> str:
    """Sign in through the form's route; the login cookie as a Cookie header's value."""
    from urllib.parse import urlencode
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("POST", "/auth/login", body=urlencode({"username": username, "password": password, "next": "/"}),
                       headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": base})
    reply = connection.getresponse()
    cookie = next(h for k, h in reply.getheaders() if k.lower() == "set-cookie")
    connection.close()
    return cookie.split(";", 1)[0]
