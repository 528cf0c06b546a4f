"""A small SMTP server on loopback for the tests: it speaks the protocol (EHLO, AUTH PLAIN, MAIL,
RCPT, DATA, QUIT) over a real socket and keeps what it received, so the e-mail tests read the
messages a club's mail server would have been given."""
from __future__ import annotations

import base64
import socketserver
import threading
from contextlib import contextmanager
from email import message_from_bytes, policy


class _Session(socketserver.StreamRequestHandler):
    def handle(self):
        server = self.server
        self._say("220 huddle-test ESMTP")
        sender, recipients = "", []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            verb = line.decode("ascii", "replace").strip()
            upper = verb.upper()
            if upper.startswith(("EHLO", "HELO")):
                self._say("250-huddle-test\r\n250-AUTH PLAIN\r\n250 8BITMIME")
            elif upper.startswith("AUTH PLAIN"):
                given = verb.split()[2] if len(verb.split()) > 2 else ""
                _, user, password = base64.b64decode(given).decode().split("\0")
                server.logins.append((user, password))
                self._say("235 accepted")
            elif upper.startswith("MAIL FROM:"):
                sender, recipients = verb[10:].strip(" <>"), []
                self._say("250 ok")
            elif upper.startswith("RCPT TO:"):
                address = verb[8:].strip(" <>")
                if address.endswith("@refused.example"):
                    self._say("550 no such mailbox")
                else:
                    recipients.append(address)
                    self._say("250 ok")
            elif upper == "DATA":
                self._say("354 go ahead")
                data = b""
                while True:
                    chunk = self.rfile.readline()
                    if chunk in (b".\r\n", b".\n", b""):
                        break
                    data += chunk[1:] if chunk.startswith(b"..") else chunk
                server.received.append((sender, tuple(recipients), message_from_bytes(data, policy=policy.default)))
                self._say("250 queued")
            elif upper == "QUIT":
                self._say("221 bye")
                return
            elif upper in ("RSET", "NOOP"):
                self._say("250 ok")
            else:
                self._say("502 not implemented")

    def _say(self, text: str) -> None:
        self.wfile.write((text + "\r\n").encode())


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Session)
        self.received: list = []
        self.logins: list = []


@contextmanager
def smtp_server():
    """A server on a free loopback port: yields it (``port``, ``received``, ``logins``)."""
    server = _Server()
    server.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
