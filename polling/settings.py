"""Where Huddle keeps its data: one URL setting (HUDDLE_DATABASE_URL) and the data folder."""
from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_ORGANISATION = 1     # the organisation every install has: a one-club install needs no other


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


def reports_dir(organisation_id: int | None = None) -> Path:
    """Where `huddle report` and the app's report button save: HUDDLE_REPORTS_DIR or data/reports;
    a stored case's reports in its organisation's own folder within it, so two clubs' cases of the
    same id never share a file."""
    given = os.environ.get("HUDDLE_REPORTS_DIR")
    root = Path(given) if given else data_dir() / "reports"
    return root if organisation_id is None else root / f"organisation-{int(organisation_id)}"


def appeal_quorum() -> int:
    """How many committee members must vote before an appeal is decided: HUDDLE_APPEAL_QUORUM,
    3 by default (a committee of three is the usual minimum)."""
    given = os.environ.get("HUDDLE_APPEAL_QUORUM", "3").strip()
    if not given.isdecimal() or not 1 <= int(given) <= 15:
        raise ValueError(f"HUDDLE_APPEAL_QUORUM: '{given[:10]}' must be a whole number from 1 to 15")
    return int(given)


def migrations_dir() -> Path:
    return PROJECT_ROOT / "migrations"


def secret_key() -> bytes:
    """The key that signs login cookies: HUDDLE_SECRET_KEY, or a random key kept (mode 0600) in
    the data folder, made on first use. A key file that is empty or cut short (a full disk at
    first start) is made anew, never used: a short key would make cookies forgeable."""
    given = os.environ.get("HUDDLE_SECRET_KEY")
    if given:
        return given.encode()
    path = data_dir() / "secret_key"
    key = _read_key(path)
    if key is None:
        _write_private(path, os.urandom(32).hex())
        key = _read_key(path)
        if key is None:
            raise RuntimeError(f"the signing key {path} could not be written")
    return key


def package_key() -> bytes | None:
    """The key a federation's organisations share to fingerprint the rulings they publish
    (HUDDLE_PACKAGE_KEY, 16 characters or more), so each finds the others' duplicates while no
    one without the key can link a row to a public hand record; None when not set (the packages
    then carry no fingerprint)."""
    given = os.environ.get("HUDDLE_PACKAGE_KEY", "").strip()
    if not given:
        return None
    if len(given) < 16:
        raise ValueError("HUDDLE_PACKAGE_KEY: use 16 characters or more (a key that can be guessed links rows "
                         "to public boards)")
    return given.encode()


_KEY_CHARS = 64                          # 32 random bytes as hex


def _read_key(path: Path) -> bytes | None:
    """The key file's key when it is whole (64 hex characters), its mode tightened to 0600."""
    try:
        text = path.read_text().strip()
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    if len(text) != _KEY_CHARS or any(c not in "0123456789abcdef" for c in text):
        return None
    if path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)
    return text.encode()


def _write_private(path: Path, text: str) -> None:
    """Write a file readable by its owner only, whole or not at all: a temporary file, flushed to
    disk, then renamed over the old one (so a failure never leaves an empty file behind)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def make_private(path: Path) -> None:
    """An owner-only file (the SQLite database, and the journals beside it): created so, or tightened."""
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    for each in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if each.exists() and each.stat().st_mode & 0o077:
            os.chmod(each, 0o600)


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


_KNOWN_FOR = 30.0                        # seconds a reading of the interfaces is kept
_known: tuple[float, frozenset[str]] = (0.0, frozenset())


def host_names() -> frozenset[str]:
    """The names the server answers to (huddle.web.KnownHosts): loopback, this machine's own
    name and network addresses, the host of HUDDLE_PUBLIC_URL and any in HUDDLE_ALLOWED_HOSTS
    (separated by commas). A page whose name someone re-pointed at this machine (DNS rebinding)
    arrives under its own name and is refused. The interfaces are read again every 30 seconds."""
    import socket
    import time
    from urllib.parse import urlsplit
    global _known
    moment, names = _known
    if time.monotonic() - moment > _KNOWN_FOR:
        found = {*LOOPBACK_NAMES, "127.0.0.1", "::1", socket.gethostname().lower(), *network_addresses()}
        public = configured_public_url()
        if public:
            found.add((urlsplit(public).hostname or "").lower())
        found |= {h.strip().lower() for h in os.environ.get("HUDDLE_ALLOWED_HOSTS", "").split(",") if h.strip()}
        names = frozenset(found - {""})
        _known = (time.monotonic(), names)
    return names


def forget_host_names() -> None:
    """Read the settings and interfaces afresh at the next request (a test changes them)."""
    global _known
    _known = (0.0, frozenset())


def trusted_proxies() -> frozenset[str]:
    """HUDDLE_TRUSTED_PROXIES: the addresses of the reverse proxies in front of Huddle, separated
    by commas (docs/deploying.md). Only a request from one of them has its X-Forwarded-For read."""
    return frozenset(a.strip() for a in os.environ.get("HUDDLE_TRUSTED_PROXIES", "").split(",") if a.strip())


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


def club_time_zone():
    """The club's clock, in which every page, mail and report gives a time: HUDDLE_TIME_ZONE (an
    IANA name such as "Europe/Paris"), else the machine's own zone, else UTC."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    given = os.environ.get("HUDDLE_TIME_ZONE", "").strip()
    if given:
        try:
            return ZoneInfo(given)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"HUDDLE_TIME_ZONE: '{given[:40]}' is not a time zone (an IANA name such as "
                             "Europe/Paris)") from None
    return _machine_zone()


def _machine_zone():
    from datetime import timezone
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    names = [os.environ.get("TZ", "").lstrip(":")]
    try:
        names.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    except OSError:
        pass
    try:
        names.append(str(Path("/etc/localtime").resolve()).partition("zoneinfo/")[2])
    except OSError:
        pass
    for name in filter(None, names):
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            continue
    return timezone.utc


def on_club_clock(lang):
    """``lang`` telling every time by the club's clock (club_time_zone)."""
    return lang.at_clock(club_time_zone())
