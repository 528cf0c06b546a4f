"""The sign-in throttle: wrong passwords slow the next try, per account and per address; they
never lock an account (SignInThrottle's rules, kept in the database by SharedSignInThrottle)."""
from __future__ import annotations

import math
import threading
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlmodel import select


from .db import reading, writing
from .models import SignInFailure, SignInKnownAddress, aware


class SignInThrottle:
    """Wrong passwords slow the next try; they never lock an account. Counted within ``window``:

    - from one address for one account: ``free_per_pair`` tries, then a wait after each failure
      that doubles from one second up to ``longest``;
    - from one address for any accounts (one machine spraying names): ``free_per_address``,
      then the same doubling wait for that address;
    - for one account from everywhere (many machines guessing one password): past
      ``free_per_account`` failures, an address that has never signed in to the account waits
      as it would after its own failures. An address the account signed in from before goes
      straight through, so strangers can slow a director's new phone, never keep her out.

    The right password within a wait is refused too (otherwise the wait would tell a guesser
    nothing). This class keeps the counts in its own memory, bounded (a notebook, a test);
    the server uses SharedSignInThrottle, which keeps them in the database."""

    def __init__(self, free_per_pair: int = 3, free_per_address: int = 10, free_per_account: int = 20,
                 window: timedelta = timedelta(minutes=15), longest: timedelta = timedelta(seconds=60)):
        self.free_per_pair, self.free_per_address = free_per_pair, free_per_address
        self.free_per_account, self.window, self.longest = free_per_account, window, longest
        self._failures: dict[tuple, list[datetime]] = {}
        self._known: dict[str, dict[str, datetime]] = {}        # account -> addresses it signed in from
        self._lock = threading.Lock()

    @staticmethod
    def _name(username: str) -> str:
        return username.strip().lower()[:200]

    # ---- where the counts are kept: this process's memory (the database's in SharedSignInThrottle)

    def _recent(self, key: tuple, now: datetime) -> list[datetime]:
        kept = [t for t in self._failures.get(key, []) if now - t < self.window]
        if kept:
            self._failures[key] = kept
        else:
            self._failures.pop(key, None)
        return kept

    def _known_address(self, name: str, address: str) -> bool:
        return address in self._known.get(name, {})

    def _record_failure(self, keys: list[tuple], now: datetime) -> None:
        if len(self._failures) > 10_000:              # many names tried: forget the stale ones
            for key in [k for k, times in self._failures.items() if now - times[-1] >= self.window]:
                del self._failures[key]
        for key in keys:
            self._failures.setdefault(key, []).append(now)
            del self._failures[key][:-100]            # enough to count; never a growing list

    def _record_success(self, name: str, address: str, now: datetime) -> None:
        self._failures.pop(("pair", name, address), None)
        known = self._known.setdefault(name, {})
        known[address] = now
        if len(known) > 50:                            # the account's fifty latest addresses
            for old in sorted(known, key=known.get)[:-50]:
                del known[old]
        if len(self._known) > 10_000:
            self._known.pop(next(iter(self._known)))

    def _until(self, failures: list[datetime], free: int) -> datetime | None:
        """When the next try may come after these failures: a second after the last of the free
        ones, doubling with each further one, at most ``longest``."""
        extra = len(failures) - free + 1
        if not failures or extra <= 0:
            return None
        pause = min(timedelta(seconds=2 ** min(extra - 1, 30)), self.longest)
        return failures[-1] + pause

    def wait(self, username: str, address: str, now: datetime | None = None) -> int:
        """Seconds to wait before the next try (0: try now)."""
        now = now or datetime.now(timezone.utc)
        name = self._name(username)
        with self._lock:
            pair = self._recent(("pair", name, address), now)
            until = [self._until(pair, self.free_per_pair),
                     self._until(self._recent(("address", address), now), self.free_per_address)]
            if not self._known_address(name, address):
                everywhere = self._recent(("account", name), now)
                if len(everywhere) > self.free_per_account:
                    until.append(self._until(pair, 1))
        latest = max((u for u in until if u is not None), default=None)
        return 0 if latest is None or latest <= now else max(1, math.ceil((latest - now).total_seconds()))

    def known(self, username: str, address: str) -> bool:
        """The account signed in from this address before (the sign-in queue's own lane)."""
        return self._known_address(self._name(username), address)

    def failed(self, username: str, address: str, now: datetime | None = None) -> None:
        now = now or datetime.now(timezone.utc)
        name = self._name(username)
        with self._lock:
            self._record_failure([("pair", name, address), ("address", address), ("account", name)], now)

    def succeeded(self, username: str, address: str, now: datetime | None = None) -> None:
        now = now or datetime.now(timezone.utc)
        name = self._name(username)
        with self._lock:
            self._record_success(name, address, now)


class SharedSignInThrottle(SignInThrottle):
    """The same rules, the counts kept in the database: every server process on one database
    slows the same guesser, and a restart of one process forgets nothing."""

    def __init__(self, url: str | None = None, **rules):
        super().__init__(**rules)
        self.url = url

    @staticmethod
    def _key(key: tuple) -> str:
        return "\x1f".join(key)[:500]

    def _recent(self, key: tuple, now: datetime) -> list[datetime]:
        with reading(self.url) as session:
            found = session.exec(select(SignInFailure.at).where(SignInFailure.key == self._key(key),
                                                                SignInFailure.at > now - self.window)
                                 .order_by(SignInFailure.at)).all()
        return [aware(t) for t in found][-100:]

    def _known_address(self, name: str, address: str) -> bool:
        with reading(self.url) as session:
            return session.exec(select(SignInKnownAddress.id).where(SignInKnownAddress.account == name,
                                                                    SignInKnownAddress.address == address)
                                ).first() is not None

    def _record_failure(self, keys: list[tuple], now: datetime) -> None:
        with writing(self.url) as session:
            # the stale ones forgotten as new ones come: the table holds one window's failures
            session.execute(delete(SignInFailure).where(SignInFailure.at <= now - self.window))
            session.add_all([SignInFailure(key=self._key(k), at=now) for k in keys])
            session.commit()

    def _record_success(self, name: str, address: str, now: datetime) -> None:
        with writing(self.url) as session:
            session.execute(delete(SignInFailure).where(SignInFailure.key == self._key(("pair", name, address))))
            known = session.exec(select(SignInKnownAddress).where(SignInKnownAddress.account == name,
                                                                  SignInKnownAddress.address == address)).first()
            if known is None:
                session.add(SignInKnownAddress(account=name, address=address[:100], at=now))
            else:
                known.at = now
            try:
                session.commit()
            except IntegrityError:      # another process recorded the same address a moment ago: known either way
                session.rollback()


SIGN_IN_THROTTLE = SharedSignInThrottle()
