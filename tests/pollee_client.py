"""A pollee's phone with scripts off, for the tests of the pollee's page: read a page's text,
boxes and form inputs, open a link, send its form (with the page's own token, from this site)."""
from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

from huddle.web.pollee import form_token

SITE = "http://testserver"


class Form(HTMLParser):
    """What a page shows and offers: its text, its boxes, and each input of its forms; the labels
    and boxes as a sighted reader sees them (without the words for screen readers alone)."""

    def __init__(self, html: str):
        super().__init__()
        self.inputs: list[dict] = []
        self.boxes: dict[str, list[str]] = {}
        self.labels: list[str] = []
        self.scripts = 0
        self._box: str | None = None
        self._label = False
        self._unseen = 0            # inside a word for screen readers alone (a suit's name): not seen
        self.feed(html)
        self.text = unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", html, flags=re.S))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self._unseen or (tag == "span" and attrs.get("class") == "sr"):
            self._unseen += tag == "span"
        if tag == "script":
            self.scripts += 1
        if tag in ("input", "select", "textarea", "option"):
            self.inputs.append({"tag": tag, **attrs})
        if tag == "p" and "box" in (attrs.get("class") or ""):
            self._box = attrs["class"].split()[-1]
            self.boxes.setdefault(self._box, []).append("")
        if tag in ("label", "legend", "h1", "h2", "button", "summary", "option"):
            self._label = True
            self.labels.append("")

    def handle_data(self, data):
        if self._unseen:
            return
        if self._box:
            self.boxes[self._box][-1] += data
        if self._label:
            self.labels[-1] += data

    def handle_endtag(self, tag):
        if self._unseen and tag == "span":
            self._unseen -= 1
        if tag == "p":
            self._box = None
        if tag in ("label", "legend", "h1", "h2", "button", "summary", "option"):
            self._label = False

    def values(self, name: str) -> list[str]:
        return [i.get("value") for i in self.inputs if i.get("name") == name and i["tag"] == "input"]

    def checked(self) -> list[str]:
        return [i["name"] for i in self.inputs if "checked" in i or "selected" in i]


def opened(client, token: str, **params) -> tuple[int, Form]:
    reply = client.get(f"/p/{token}", params=params)
    assert reply.headers["cache-control"] == "no-store" and reply.headers["referrer-policy"] == "same-origin"
    return reply.status_code, Form(reply.text)


def send(client, token: str, path: str = "", follow: bool = True, origin: str = SITE, **fields):
    data = {"form": form_token(token), **fields}
    return client.post(f"/p/{token}{path}", data=data, headers={"origin": origin}, follow_redirects=follow)
