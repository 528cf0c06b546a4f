"""Who is asking: a request from this site's own page (its Origin or Referer), the browser's
address behind a configured reverse proxy, and whether it runs on the server's own machine. What
the sign-in routes and the pollee's page check before they take a post."""
from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request

from polling import settings


def from_this_site(request: Request) -> bool:
    """A form posted by this site's own page: its Origin (or, without one, its Referer) is this
    site (own_origin)."""
    source = request.headers.get("origin") or request.headers.get("referer") or ""
    return own_origin(source, request.headers.get("host", ""))


def own_origin(source: str, host: str) -> bool:
    """``source`` (an Origin or a Referer) is this site: an http(s) address whose host and port are
    the ones the browser asked for (``host``, its Host header), or the scheme, host and port of
    the public address Huddle is configured with (HUDDLE_PUBLIC_URL, behind a reverse proxy)."""
    parts = urlsplit(source.strip().lower())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    if parts.netloc == host.strip().lower():
        return True
    public = settings.configured_public_url()
    return bool(public) and (parts.scheme, parts.netloc) == urlsplit(public.lower())[:2]


SIGN_IN_FORM_BYTES = 8 * 1024           # a user name, a name, a club, two passwords and a code


async def small_form(request: Request, most_bytes: int = SIGN_IN_FORM_BYTES, most_fields: int = 20):
    """The posted form, read only when the request says its length and it is within
    ``most_bytes``: an anonymous post is bounded before a byte of it is read (no body without a
    length, no file, no field over the bound). None when it is not such a form, or not a form
    at all (a malformed body: refused in words by the caller, one line in the log)."""
    length = request.headers.get("content-length", "")
    if not length.isdigit() or int(length) > most_bytes:
        return None
    from starlette.exceptions import HTTPException
    from starlette.formparsers import MultiPartException
    try:
        return await request.form(max_files=0, max_fields=most_fields, max_part_size=most_bytes)
    except (HTTPException, MultiPartException, ValueError, UnicodeDecodeError) as malformed:
        # one line, never a traceback: an anonymous client can send as many as it likes
        import logging
        logging.getLogger("huddle").info("refused a malformed form to %s: %s", request.url.path[:80],
                                         str(malformed)[:120])
        return None


def client_address(request: Request) -> str:
    """The browser's address: the connection's, or, when the connection comes from a configured
    reverse proxy (HUDDLE_TRUSTED_PROXIES), the nearest address in X-Forwarded-For that is not one
    of those proxies. A client's own X-Forwarded-For is never believed: it could name anyone.
    Every X-Forwarded-For line is read, in order: HAProxy's ``option forwardfor`` adds a line of
    its own after any the client sent, so the first line alone would be the client's word."""
    address = request.client.host if request.client else "unknown"
    trusted = settings.trusted_proxies()
    if address not in trusted:
        return address
    for hop in reversed(",".join(request.headers.getlist("x-forwarded-for")).split(",")):
        hop = hop.strip()
        if hop and hop not in trusted:
            return hop[:64]
    return address


# what a reverse proxy adds to every request it passes on
PROXY_HEADERS = ("forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host", "x-forwarded-proto")


def from_this_machine(request: Request) -> bool:
    """The browser runs on the server's own machine (a loopback address, or one of the machine's
    own network addresses when it is opened at that address; through a configured proxy its
    forwarded one). A request from this machine that carries a proxy's headers while no
    proxy is configured (HUDDLE_TRUSTED_PROXIES) came through a proxy on this machine from
    anywhere: it is not trusted as this machine's own."""
    import ipaddress
    address = client_address(request)
    try:
        loopback = ipaddress.ip_address(address).is_loopback or address in settings.network_addresses()
    except ValueError:
        return False
    connection = request.client.host if request.client else ""
    unconfigured_proxy = connection not in settings.trusted_proxies() and \
        any(h in request.headers for h in PROXY_HEADERS)
    return loopback and not unconfigured_proxy


__all__ = ["from_this_site", "own_origin", "client_address", "from_this_machine"]
