"""Huddle's pure domain logic: bridge objects, exact scoring, logical alternatives and rulings.

No database, no Streamlit, no I/O beyond arguments: usable from a notebook alone::

    from analysis import score_board, AdjustedTable, parse_field
    board = score_board(parse_field("420*4 400*2 170 150 -50*3"),
                        [AdjustedTable.parse("400:1/3 -50:1/3 420:1/6 -50:1/6")])
    board.adjusted[0].ns_matchpoints   # Fraction(17, 2)
"""
from __future__ import annotations

import importlib
import importlib.util
import sys


def _endplay_without_its_plots() -> None:
    """endplay's package start imports its dealer, whose HTML output imports matplotlib's pyplot:
    a third of a second before any card is read. Its submodules (types, dds, parsers) need none of
    it, so the package is registered unrun and runs in full only when a name of its own is asked
    for (``endplay.generate_deals``), or when its dealer is imported."""
    if "endplay" in sys.modules:
        return
    spec = importlib.util.find_spec("endplay")
    if spec is None or spec.loader is None:
        return
    package = importlib.util.module_from_spec(spec)

    loader = spec.loader

    def run_in_full(name: str):
        del package.__dict__["__getattr__"]
        loader.exec_module(package)
        return getattr(package, name)

    package.__dict__["__getattr__"] = run_in_full
    sys.modules["endplay"] = package


_endplay_without_its_plots()

# Each public name and the module that defines it. Modules load on first use (PEP 562), so the
# calculator's `huddle score` does not wait for the deal solver or the file readers to load.
_HOME = {
    "lin": "files.lin", "pbn": "files.pbn",
    "Auction": "bridge", "Board": "bridge", "TableCall": "bridge", "check_legal": "bridge",
    "parse_call": "bridge", "parse_deal": "bridge",
    "HuddleInputError": "errors",
    "AdjustedTable": "bridge.matchpoints", "BoardScoring": "bridge.matchpoints", "Scale": "bridge.matchpoints",
    "matchpoint": "bridge.matchpoints", "neuberg": "bridge.matchpoints", "parse_field": "bridge.matchpoints",
    "score_board": "bridge.matchpoints",
    "display": "numbers", "fraction_str": "numbers", "mixed_str": "numbers", "parse_fraction": "numbers",
    "PlayedContract": "bridge.scoring", "WeightedScore": "bridge.scoring", "artificial_imps": "bridge.scoring",
    "artificial_matchpoints": "bridge.scoring", "average_minus_or_table": "bridge.scoring", "butler": "bridge.scoring",
    "contract_score": "bridge.scoring", "cross_imps": "bridge.scoring", "imps": "bridge.scoring",
    "knockout_average": "bridge.scoring", "serious_error_split": "bridge.scoring",
    "session_percentage_rule": "bridge.scoring", "weighted_imps": "bridge.scoring",
}
__all__ = list(_HOME)


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module 'analysis' has no attribute {name!r}")
    home = _HOME[name]
    module = importlib.import_module(f".{home}", __name__)
    value = module if home.endswith("." + name) else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME])
