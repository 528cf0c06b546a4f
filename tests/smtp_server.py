"""A small SMTP server on loopback for the tests: it speaks the protocol (EHLO, STARTTLS, AUTH
PLAIN, MAIL, RCPT, DATA, QUIT) over a real socket, in the clear, with STARTTLS or with TLS from the
first byte (SMTPS), and keeps what it received, so the e-mail tests read the messages a club's mail
server would have been given and the passwords it was sent. Its certificate is made for it by
openssl, for 127.0.0.1 (a test trusts it through SSL_CERT_FILE)."""
from __future__ import annotations

import base64
import socketserver
import ssl
import subprocess
import threading
from contextlib import contextmanager
from email import message_from_bytes, policy
from pathlib import Path


class _Session(socketserver.StreamRequestHandler):
    def setup(self):
        if self.server.tls == "implicit":
            self.request = self.server.context.wrap_socket(self.request, server_side=True)
        super().setup()

    def _start_tls(self) -> None:
        self.connection = self.request = self.server.context.wrap_socket(self.request, server_side=True)
        self.rfile = self.connection.makefile("rb")
        self.wfile = self.connection.makefile("wb", buffering=0)
        self.secured = True

    def handle(self):
        server = self.server
        self.secured = server.tls == "implicit"
        self._say("220 huddle-test ESMTP")
        sender, recipients = "", []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            verb = line.decode("ascii", "replace").strip()
            upper = verb.upper()
            if upper.startswith(("EHLO", "HELO")):
                offer = "250-STARTTLS\r\n" if server.tls == "starttls" and not self.secured else ""
                self._say(f"250-huddle-test\r\n{offer}250-AUTH PLAIN\r\n250 8BITMIME")
            elif upper == "STARTTLS" and server.tls == "starttls" and not self.secured:
                self._say("220 go ahead")
                self._start_tls()
            elif upper.startswith("AUTH PLAIN"):
                given = verb.split()[2] if len(verb.split()) > 2 else ""
                _, user, password = base64.b64decode(given).decode().split("\0")
                server.logins.append((user, password, self.secured))
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

    def __init__(self, tls: str | None, certificate: tuple[Path, Path] | None):
        super().__init__(("127.0.0.1", 0), _Session)
        self.received: list = []
        self.logins: list = []          # (user, password, whether the connection was encrypted)
        self.tls = tls
        if certificate is not None:
            self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            self.context.load_cert_chain(*certificate)


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (its file is what a test trusts: SSL_CERT_FILE)."""
    cert, key = folder / "smtp-cert.pem", folder / "smtp-key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


@contextmanager
def smtp_server(tls: str | None = None, certificate: tuple[Path, Path] | None = None):
    """A server on a free loopback port: yields it (``port``, ``received``, ``logins``). ``tls``
    None speaks in the clear and offers no STARTTLS; "starttls" offers it; "implicit" is SMTPS."""
    server = _Server(tls, certificate)
    server.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
