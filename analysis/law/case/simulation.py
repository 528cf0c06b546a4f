"""A case's settings for dealing the unseen hands (analysis.evidence): how many deals, the seed,
the director's reading of earlier calls where it differs from the default one, the inference she
draws from the unauthorized information (a description of partner's hand), and the final
contract each polled action leads to. Kept with the case, so a run can be repeated and the
report recomputes exactly what the director saw."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from analysis.bridge import parse_call
from analysis.bridge.hands import HandRange
from analysis.errors import HuddleInputError
from analysis.language import AsTyped, Listed, M_
from analysis.vocabulary import PLAYED_BY, SOURCE, Catalog, Seat, contract_said, plain, read_typed_contract

MAX_DEALS = 2000
DEFAULT_DEALS = 200
DEFAULT_SEED = 1


def _declared(lang: Catalog) -> tuple[re.Pattern, ...]:
    """"5D by S", "5♦ joué par Sud", "3NT S": a contract then its declarer, in ``lang`` or English."""
    forms = {plain(form) for source in (lang, SOURCE) for form in PLAYED_BY.spelt(source)}
    return tuple(re.compile(re.escape(f).replace(r"\{contract\}", r"(?P<contract>.+?)").replace(r"\{declarer\}", r"(?P<declarer>\S+)")
                            .replace(r"\ ", r"\s*"), re.I) for f in sorted(forms, key=len, reverse=True)) + \
        (re.compile(r"(?P<contract>.+?)\s+(?P<declarer>\S+)"),)


@dataclass(frozen=True)
class FinalContract:
    """Where an action leads: a contract, doubled or not, and its declarer."""

    bid: str            # "5D", "3NT"
    penalty: str        # "", "X" or "XX"
    declarer: str

    @classmethod
    def parse(cls, text: str, field: str = "contract") -> FinalContract:
        """As the case file writes it: "5D by S", "4SX by N", "3NT S"."""
        return cls.read(text, SOURCE, field)

    @classmethod
    def read(cls, text: str, lang: Catalog, field: str = "contract") -> FinalContract:
        """As a director types it, in ``lang`` or English: "6♦ by South", "5K joué par Sud" (French:
        carreau), "4SX by N"."""
        raw = " ".join(str(text).split())
        for form in _declared(lang) if len(raw) <= 80 else ():
            m = form.fullmatch(plain(raw))
            declarer = Seat.lookup(m["declarer"], lang) if m else None
            if m is None or declarer is None:
                continue
            try:
                typed = read_typed_contract(plain(raw)[:m.end("contract")], lang, field)
            except HuddleInputError:
                continue
            if typed.result is None:
                return cls(typed.bid.value, typed.penalty.value, declarer)
        raise HuddleInputError(field, M_("'{text}' is not a final contract (e.g. {examples})", text=AsTyped(raw[:40]),
                                         examples=Listed((cls("5D", "", "S"), cls("4S", "X", "N")))))

    @property
    def level(self) -> int:
        return int(self.bid[0])

    @property
    def strain(self) -> str:
        return self.bid[1:]

    def text(self) -> str:
        return f"{self.bid}{self.penalty} by {self.declarer}"

    def said(self, lang: Catalog) -> str:
        """"6♦ by South", "4♠ contré joué par Nord": as a director writes it, and as read reads it back."""
        return contract_said(self.bid, self.penalty, self.declarer, lang)

    def __str__(self) -> str:
        return self.said(SOURCE)


@dataclass(frozen=True)
class SimulationSettings:
    deals: int = DEFAULT_DEALS
    seed: int = DEFAULT_SEED
    readings: tuple[tuple[int, HandRange], ...] = ()     # (call index, the director's reading of that call)
    inference: HandRange | None = None                   # partner's hand as the UI suggests it (None: the preset)
    contracts: tuple[tuple[str, FinalContract], ...] = ()  # (action, the final contract it leads to)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"deals": self.deals, "seed": self.seed}
        if self.readings:
            out["readings"] = {str(i): r.text() for i, r in self.readings}
        if self.inference is not None:
            out["inference"] = self.inference.text()
        if self.contracts:
            out["contracts"] = {a: c.text() for a, c in self.contracts}
        return out

    @classmethod
    def from_dict(cls, data: Any, calls: int, where: str = "simulation") -> SimulationSettings:
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object: deals, seed, readings, inference, contracts"))
        unknown = set(data) - {"deals", "seed", "readings", "inference", "contracts"}
        if unknown:
            raise HuddleInputError(where, M_("unknown field {field}", field=AsTyped(repr(sorted(unknown)[0]))))
        deals, seed = data.get("deals", DEFAULT_DEALS), data.get("seed", DEFAULT_SEED)
        if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
            raise HuddleInputError(f"{where}.deals", M_("{deals} must be a whole number of deals, 1 to {max_deals}",
                                                        deals=AsTyped(str(deals)[:20]), max_deals=MAX_DEALS))
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 32:
            raise HuddleInputError(f"{where}.seed", M_("{seed} must be a whole number, 0 to 4294967295", seed=AsTyped(str(seed)[:20])))
        readings = data.get("readings") or {}
        contracts = data.get("contracts") or {}
        if not isinstance(readings, dict) or not isinstance(contracts, dict):
            raise HuddleInputError(where, M_("readings and contracts are objects: {call index: reading}, {action: contract}"))
        read = []
        for key, text in readings.items():
            if not str(key).isdecimal() or not 0 <= int(key) < calls:
                raise HuddleInputError(f"{where}.readings", M_("{key} is not a call of the auction", key=AsTyped(repr(str(key)[:12]))))
            read.append((int(key), HandRange.parse(str(text), f"{where}.readings.{key}")))
        inference = data.get("inference")
        return cls(deals, seed, tuple(sorted(read)),
                   None if inference is None else HandRange.parse(str(inference), f"{where}.inference"),
                   tuple((parse_call(str(a), f"{where}.contracts"),
                          FinalContract.parse(str(c), f"{where}.contracts.{a}")) for a, c in contracts.items()))


__all__ = ["SimulationSettings", "FinalContract", "MAX_DEALS", "DEFAULT_DEALS", "DEFAULT_SEED"]
