"""Adjustment methods, one module each, and the registry the CLI, the ruling page, the committee
page and the reports loop over. A new method is a new module with a Method subclass listed here.

    from analysis.law.adjustment.methods import METHODS, method_from_dict
    METHODS["weighted"].title      # "Weighted score"
"""
from __future__ import annotations

from typing import Any

from analysis.errors import HuddleInputError
from analysis.law.adjustment.methods.artificial import Artificial
from analysis.law.adjustment.methods.base import WHERE, Method, Slot
from analysis.law.adjustment.methods.likely import LikelyProbable
from analysis.law.adjustment.methods.serious_error import SeriousError
from analysis.law.adjustment.methods.table_kept import TableKept
from analysis.law.adjustment.methods.weighted import Weighted
from analysis.language import AsTyped, M_

METHODS: dict[str, type[Method]] = {m.name: m for m in (Weighted, LikelyProbable, SeriousError, TableKept, Artificial)}
DEFAULT_METHOD = "weighted"


def method_from_dict(data: Any, where: str = WHERE, vulnerability: str = "none") -> Method:
    """A method from a case file's adjustment section. A section without "method" is weighted
    (as in version 1 files); an unknown method is refused, never replaced by another."""
    if not isinstance(data, dict):
        raise HuddleInputError(where, M_("must be an object"))
    name = str(data.get("method", DEFAULT_METHOD))
    if name == "weighted" and data.get("non_offenders") == "table":
        # version 1 spelled "the non-offenders keep the table score" this way
        name, data = "table-kept", {k: v for k, v in data.items() if k != "non_offenders"}
    if name not in METHODS:
        raise HuddleInputError(f"{where}.method", M_("'{name}' is not a method (one of {choices})", name=AsTyped(name),
                                                     choices=', '.join(METHODS)))
    return METHODS[name].from_dict(data, where, vulnerability)


def methods_for(laws: str) -> dict[str, type[Method]]:
    """The methods the given edition of the Laws allows."""
    return {name: m for name, m in METHODS.items() if m.allowed_in(laws)}


__all__ = ["METHODS", "Method", "Slot", "method_from_dict", "methods_for", "Weighted", "LikelyProbable",
           "SeriousError", "TableKept", "Artificial", "DEFAULT_METHOD"]
