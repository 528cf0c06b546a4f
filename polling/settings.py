"""Where Huddle keeps its data: one URL setting (HUDDLE_DATABASE_URL) and the data folder."""
from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def data_dir() -> Path:
    return Path(os.environ.get("HUDDLE_DATA_DIR", PROJECT_ROOT / "data"))


def database_url() -> str:
    """HUDDLE_DATABASE_URL, or the embedded SQLite file data/huddle.sqlite."""
    url = os.environ.get("HUDDLE_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{data_dir() / 'huddle.sqlite'}"


def example_cases_dir() -> Path:
    return data_dir() / "cases"


def research_dir() -> Path:
    return data_dir() / "research"


def reports_dir() -> Path:
    """Where `huddle report` and the app's report button save: HUDDLE_REPORTS_DIR or data/reports."""
    given = os.environ.get("HUDDLE_REPORTS_DIR")
    return Path(given) if given else data_dir() / "reports"


def migrations_dir() -> Path:
    return PROJECT_ROOT / "migrations"


def secret_key() -> bytes:
    """The key that signs login cookies: HUDDLE_SECRET_KEY, or a random key kept (mode 0600) in
    the data folder, made on first use."""
    given = os.environ.get("HUDDLE_SECRET_KEY")
    if given:
        return given.encode()
    path = data_dir() / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:      # another process made it first
            pass
        else:
            with os.fdopen(fd, "w") as out:
                out.write(os.urandom(32).hex())
    return path.read_text().strip().encode()


# ---------------------------------------------------------------- where phones reach the server

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def is_loopback(url: str) -> bool:
    """True when ``url`` names this machine only (127.0.0.0/8, ::1, localhost): a phone on the
    network cannot open it."""
    import ipaddress
    from urllib.parse import urlsplit
    host = (urlsplit(url if "//" in url else f"http://{url}").hostname or "").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses on its network interfaces (loopback left out), read from the
    interfaces themselves; nothing is sent anywhere."""
    import fcntl
    import socket
    import struct
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915,  # SIOCGIFADDR
                                     struct.pack("256s", name[:15].encode()))
            except OSError:
                continue                  # no IPv4 address on this interface
            address = socket.inet_ntoa(packed[20:24])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    return found


def configured_public_url() -> str | None:
    """HUDDLE_PUBLIC_URL, the address personal links carry, when it is set."""
    configured = os.environ.get("HUDDLE_PUBLIC_URL")
    return configured.rstrip("/") if configured else None


def public_url(port: int | str = 8501, host: str = "0.0.0.0") -> str:
    """The address pollees' phones should use: HUDDLE_PUBLIC_URL, else this machine's first
    network address (when the server listens on all interfaces), else loopback."""
    configured = configured_public_url()
    if configured:
        return configured
    if host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{port}"
    addresses = network_addresses()
    return f"http://{addresses[0]}:{port}" if addresses else f"http://127.0.0.1:{port}"
