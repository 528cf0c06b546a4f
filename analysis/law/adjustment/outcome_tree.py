"""The outcome tree of an adjustment: the legal alternatives (with weights), the contracts each
leads to (with weights), and the trick counts of each contract (with weights). Every weight is an
exact fraction and every level sums to 1.

Law 12C1(c) (2017): the weighted score may only contain results that could have been obtained
legally. The cancelled action (the one the unauthorized information suggested) stays in the tree
so the committee can see it, but with weight 0, and every result under it drops out; an attempt
to give it weight is refused with that reason.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable


from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, ContractWords, Language, Message
from analysis.language.fields import FieldName
from analysis.limits import optional_text
from analysis.law.questions.logical_alternatives import ActionCount, action_key, action_word, parse_action, read_action
from analysis.numbers import fraction_str, parse_fraction
from analysis.bridge.scoring import PlayedContract, WeightedScore
from analysis.vocabulary import SOURCE, Call, Seat, read_typed_contract

CANCELLED_REASON = N_("Law 12C1(c) (2017) allows only scores that could have been obtained in a "
                      "legal manner; the cancelled action gets no weight")


def _weight(value, field: str) -> Fraction:
    return value if isinstance(value, Fraction) else parse_fraction(str(value), field)


def _sums_to_one(weights: list[Fraction], field: str) -> None:
    if any(w <= 0 or w > 1 for w in weights):
        raise HuddleInputError(field, M_("each weight must be more than 0 and at most 1"))
    if sum(weights) != 1:
        raise HuddleInputError(field, M_("weights sum to {total}, not 1", total=AsTyped(fraction_str(sum(weights)))))


@dataclass(frozen=True)
class ContractBranch:
    """A contract the action leads to ("4S", "4SX", "3NT", or "Pass" when passed out), its
    weight within the action, and declarer's tricks as (tricks, weight) pairs."""

    contract: str
    declarer: str | None
    weight: Fraction
    tricks: tuple[tuple[int, Fraction], ...] = ()

    def scores(self, vulnerability: str, field: str) -> list[tuple[int, Fraction]]:
        """(North-South score, weight within this contract) for each trick count."""
        if self.contract.upper() in ("PASS", "P"):
            return [(0, Fraction(1))]
        if not self.tricks:
            raise HuddleInputError(field, M_("give declarer's tricks in {contract}", contract=AsTyped(self.contract)))
        _sums_to_one([w for _, w in self.tricks], M_("{where}, trick counts", where=field))
        base = PlayedContract.parse(f"{self.contract}=", self.declarer or "")
        out = []
        for tricks, w in self.tricks:
            if not 0 <= tricks <= 13:
                raise HuddleInputError(M_("{where}, trick counts", where=field),
                                       M_("{tricks} tricks is impossible (0 to 13)", tricks=tricks))
            played = PlayedContract(base.level, base.strain, base.penalty, base.declarer, tricks)
            out.append((played.ns_score(vulnerability), w))
        return out

    def label(self) -> str:
        return "Passed out" if self.contract.upper() in ("PASS", "P") else f"{self.contract} by {self.declarer}"

    def words(self) -> str:
        """The contract as a director says it: "4♠ doubled by North"."""
        text = self.contract.strip().upper()
        if text in ("PASS", "P"):
            return N_("passed out")
        penalty = "XX" if text.endswith("XX") else "X" if text.endswith("X") else ""
        bid, declarer = Call.lookup(text.rstrip("X"), SOURCE), Seat.lookup(self.declarer or "", SOURCE)
        if bid is None or not bid.is_bid or declarer is None:    # as typed, when it is no contract a player could say
            said = {"X": " doubled", "XX": " redoubled", "": ""}[penalty]
            return f"{bid.english if bid else self.contract}{said} by {declarer.english if declarer else self.declarer or '?'}"
        return Message("{contract}", contract=ContractWords(bid.value, penalty, declarer.value))


@dataclass(frozen=True)
class ActionBranch:
    action: str
    weight: Fraction
    contracts: tuple[ContractBranch, ...]
    cancelled: bool = False


@dataclass(frozen=True)
class Leaf:
    action: str
    contract: str
    tricks: int | None
    ns_score: int
    weight: Fraction          # the product down the tree


@dataclass(frozen=True)
class OutcomeTree:
    vulnerability: str
    branches: tuple[ActionBranch, ...]

    def __post_init__(self):
        for b in self.branches:
            if b.cancelled and b.weight != 0:
                raise HuddleInputError(M_("weight of {action}", action=action_word(b.action)), CANCELLED_REASON)
        legal = [b for b in self.branches if not b.cancelled]
        if not legal:
            raise HuddleInputError("alternatives", M_("the tree needs at least one legal alternative"))
        _sums_to_one([b.weight for b in legal], "weights of the alternatives")
        for b in legal:
            if not b.contracts:
                raise HuddleInputError(action_word(b.action), M_("give the contract or contracts this action leads to"))
            _sums_to_one([c.weight for c in b.contracts], M_("{action}: the contracts' weights", action=action_word(b.action)))

    def leaves(self) -> list[Leaf]:
        """Every result reachable legally, with its weight (the cancelled branch has none)."""
        out = []
        for b in self.branches:
            if b.cancelled:
                continue
            for c in b.contracts:
                scores = c.scores(self.vulnerability, M_("{action} → {contract}", action=action_word(b.action),
                                                         contract=c.words()))
                tricks: list[int | None] = [t for t, _ in c.tricks] or [None]
                for t, (score, w) in zip(tricks, scores):
                    out.append(Leaf(b.action, c.label(), t, score, b.weight * c.weight * w))
        return out

    def weighted_score(self) -> WeightedScore:
        """Law 12C1(c): the North-South weighted score (equal scores merged)."""
        merged: dict[int, Fraction] = {}
        for leaf in self.leaves():
            merged[leaf.ns_score] = merged.get(leaf.ns_score, Fraction(0)) + leaf.weight
        return WeightedScore(tuple(sorted(merged.items(), key=lambda sw: -sw[0])))

    def refuse_weight_on(self, action: str, where: str, law_text: str, suggested_over_another: bool = False,
                         weights: dict[str, Fraction] | None = None) -> None:
        """Law 12C1(c): in a UI case the action taken at the table is the one the infraction
        produced, and a logical alternative the UI suggests over another was no legal choice
        either (Law 16B1(a)); a branch for either must be marked cancelled, never weighted (nor
        given a weight by a committee's ``weights``)."""
        given = {action_key(b.action): b.weight for b in self.branches if not b.cancelled} if weights is None \
            else {action_key(a): w for a, w in weights.items()}
        if not given.get(action_key(action)):
            return
        what = (M_("{action} is a logical alternative the unauthorized information suggests over another, so "
                   "choosing it was not legal either (Law 16B1(a))", action=action_word(action))
                if suggested_over_another else
                M_("{action} is the action taken at the table, which the unauthorized information suggested",
                   action=action_word(action)))
        raise HuddleInputError(M_("{where}: the weight of {action}", where=FieldName(where), action=action_word(action)),
                               M_("{what}; only outcomes that could have been reached legally count ({law_text}): mark it "
                                  "cancelled, with weight 0", what=what, law_text=law_text))

    def actions(self) -> tuple[str, ...]:
        """The legal alternatives (the cancelled action left out)."""
        return tuple(b.action for b in self.branches if not b.cancelled)

    def with_action_weights(self, weights: dict[str, Fraction], reinstate: bool = False) -> "OutcomeTree":
        """The same tree with new weights on the alternatives (matched by meaning: "Pass" = "P");
        an alternative given 0, or not named, drops out. The checks of a new tree apply: the
        weights sum to 1 and the cancelled action takes none (Law 12C1(c)). With ``reinstate``
        (an appeals committee finding the director wrong to cancel it) a cancelled branch given
        a weight is a legal alternative again."""
        given = {action_key(a): w for a, w in weights.items()}
        unknown = set(given) - {action_key(b.action) for b in self.branches}
        if unknown:
            raise HuddleInputError("weights", M_("{actions} is not an alternative of the tree",
                                                 actions=AsTyped(", ".join(sorted(unknown)))))
        branches = []
        for b in self.branches:
            w = given.get(action_key(b.action), Fraction(0))
            cancelled = b.cancelled and not (reinstate and w != 0)
            if cancelled or w != 0:
                branches.append(ActionBranch(b.action, w, b.contracts, cancelled))
        return OutcomeTree(self.vulnerability, tuple(branches))

    def cancelled(self) -> tuple[str, ...]:
        """The actions the tree cancels (weight 0, Law 12C1(c))."""
        return tuple(b.action for b in self.branches if b.cancelled)

    def restricted_to(self, actions) -> "OutcomeTree":
        """Only the named alternatives, their weights renormalised (exactly) to sum to 1."""
        keep = {action_key(a) for a in actions}
        kept = [b for b in self.branches if not b.cancelled and action_key(b.action) in keep]
        total = sum(b.weight for b in kept)
        if not kept or total == 0:
            raise HuddleInputError("alternatives", M_("none of these alternatives has an outcome in the tree"))
        return self.with_action_weights({b.action: b.weight / total for b in kept})

    def to_dict(self) -> dict:
        return {"vulnerability": self.vulnerability, "alternatives": [
            {"action": b.action, "weight": fraction_str(b.weight), "cancelled": b.cancelled,
             "contracts": [{"contract": c.contract, "declarer": c.declarer, "weight": fraction_str(c.weight),
                            "tricks": [{"tricks": t, "weight": fraction_str(w)} for t, w in c.tricks]}
                           for c in b.contracts]} for b in self.branches]}

    @classmethod
    def from_dict(cls, data: dict, where: str = "outcome_tree") -> "OutcomeTree":
        if not isinstance(data, dict) or not isinstance(data.get("alternatives"), list):
            raise HuddleInputError(where, M_("needs a list of alternatives"))
        branches = []
        for i, a in enumerate(data["alternatives"]):
            name = str(a.get("action", f"alternative {i + 1}"))
            parse_action(name, f"{where}: alternative {i + 1}: action")     # a call or a card, nothing else
            contracts = tuple(ContractBranch(
                str(c["contract"]), _declarer(c.get("declarer"), f"{where}: {name}: declarer"),
                _weight(c.get("weight", 1), f"{name}: weight"),
                tuple((_tricks(t["tricks"], f"{where}: {name}: tricks"), _weight(t.get("weight", 1), f"{name}: tricks weight"))
                      for t in c.get("tricks", []))) for c in a.get("contracts", []))
            branches.append(ActionBranch(name, _weight(a.get("weight", 0), f"weight of {name}"), contracts,
                                         bool(a.get("cancelled", False))))
        return cls(str(data.get("vulnerability", "none")), tuple(branches))


def _declarer(value, field: str) -> str | None:
    seat = (optional_text(value, field) or "").strip().upper()
    if seat not in ("N", "E", "S", "W", ""):
        raise HuddleInputError(field, M_("'{seat}' must be N, E, S or W", seat=AsTyped(seat[:20])))
    return seat or None


def _tricks(value, field: str) -> int:
    """A trick count as a file or the editor's grid gives it ("9", 9, 9.0); anything that is no
    finite number of a few digits is refused."""
    text = str(value).strip()
    try:
        count = float(text) if not isinstance(value, bool) and len(text) <= 24 else math.nan
    except ValueError:
        count = math.nan
    if not math.isfinite(count):
        raise HuddleInputError(field, M_("'{text}' is not a number of tricks", text=AsTyped(text[:24])))
    return int(count)


# ---------------------------------------------------------------- a table of rows (the app's editor)

TREE_COLUMNS = ("action", "cancelled", "action_weight", "contract", "declarer", "contract_weight",
                "tricks", "tricks_weight")


def tree_rows(tree: OutcomeTree) -> list[dict]:
    """One row per (action, contract, trick count); a cancelled action or one with no contract
    yet has one row with the contract left empty."""
    rows = []
    for b in tree.branches:
        head = {"action": b.action, "cancelled": b.cancelled, "action_weight": fraction_str(b.weight)}
        if not b.contracts:
            rows.append({**head, "contract": "", "declarer": "", "in_words": "", "contract_weight": "", "tricks": None,
                         "tricks_weight": ""})
        for c in b.contracts:
            for t, w in c.tricks or [(None, Fraction(1))]:
                rows.append({**head, "contract": c.contract, "declarer": c.declarer or "", "in_words": c.words(),
                             "contract_weight": fraction_str(c.weight), "tricks": t, "tricks_weight": fraction_str(w)})
    return rows


def cancelled_rows(rows: list[dict], actions: Iterable[str]) -> list[dict]:
    """The rows with each of ``actions`` cancelled (Law 12C1(c): a logical alternative the UI
    suggests over another is no legal choice either): its branch at weight 0 with no outcome,
    the other legal alternatives' weights shared out again in proportion. The rows as they were
    when none of them had weight."""
    keys = {action_key(a) for a in actions}
    hit = [r for r in rows if action_key(_cell(r.get("action"))) in keys and not r.get("cancelled")]
    if not hit:
        return rows
    weights: dict[str, Fraction] = {}
    for r in rows:
        a = action_key(_cell(r.get("action")))
        if a not in keys and not r.get("cancelled") and _cell(r.get("action_weight")):
            weights.setdefault(a, parse_fraction(_cell(r["action_weight"]), "action weight"))
    total = sum(weights.values(), Fraction(0))
    out, seen = [], set()
    for r in rows:
        a = action_key(_cell(r.get("action")))
        if a in keys:
            if a not in seen:
                out.append({**r, "cancelled": True, "action_weight": "0", "contract": "", "declarer": "",
                            "contract_weight": "", "tricks": None, "tricks_weight": ""})
                seen.add(a)
        elif not r.get("cancelled") and total and a in weights:
            out.append({**r, "action_weight": fraction_str(weights[a] / total)})
        else:
            out.append(r)
    return out


def _cell(value) -> str:
    """A table cell as text; empty cells (None, NaN, "") are ""."""
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return str(value).strip()


def _contract_cell(value) -> str:
    """A contract cell as the tree keeps it ("4SX", "PASS")."""
    return _cell(value).replace(" ", "").upper()


def shown_rows(rows: Iterable[dict], lang: Language) -> list[dict]:
    """Rows as a director reads them in the editor, in her words: "Passe", "4♠X", "Ouest"
    (read_rows reads them back); an empty cell stays empty."""
    def contract(text) -> str:
        code = _contract_cell(text)
        if code in ("", "P", "PASS"):
            return Call.P.said(lang) if code else ""
        bid = code.rstrip("X")
        found = Call.lookup(bid, SOURCE)
        return (found.said(lang) if found else bid) + code[len(bid):]

    def said(text: str, say) -> str:
        return say(text) if text else ""

    return [{**row, "action": said(_cell(row.get("action")), lambda a: lang.say(action_word(a))),
             "contract": contract(row.get("contract")),
             **{k: _cell(row[k]) for k in ("action_weight", "contract_weight", "tricks_weight") if k in row},
             "declarer": said(_cell(row.get("declarer")), lambda d: Seat(d).said(lang) if d in tuple(Seat) else d)}
            for row in rows]


def read_rows(rows: Iterable[dict], lang: Language, where: object = "outcome tree") -> list[dict]:
    """The editor's rows as the tree keeps them: each action, contract and declarer read in the
    director's language or English ("Passe" → "P", "4P" → "4S" in French, "Ouest" → "W");
    a cell neither reads is refused, naming its row and column."""
    out = []
    for number, row in enumerate(rows, 1):
        at = M_("{where}, row {number}", where=where, number=number)
        read = dict(row)
        action, contract, declarer = (_cell(row.get(c)) for c in ("action", "contract", "declarer"))
        if action:
            read["action"] = read_action(action, lang, _cell_at(at, "action"))
        if contract:
            read["contract"] = _typed_contract(contract, lang, _cell_at(at, "contract"))
        if declarer:
            read["declarer"] = Seat.read(declarer, lang, _cell_at(at, "declarer")).value
        out.append(read)
    return out


def _typed_contract(text: str, lang: Language, field) -> str:
    """"4P" (French: 4♠), "4♠X", "Passe" → "4S", "4SX", "PASS"."""
    if Call.lookup(text, lang) is Call.P:
        return "PASS"
    typed = read_typed_contract(text, lang, field)
    if typed.result is not None:
        raise HuddleInputError(field, M_("'{text}': give the contract without its result (the tricks go in their own column)",
                                         text=AsTyped(text[:30])))
    return typed.bid.value + typed.penalty.value


# The outcome tree's columns as the grid heads them (a refusal names a cell by them in a reader's language)
TREE_LABELS = {"action": N_("action"), "cancelled": N_("cancelled"), "action_weight": N_("action weight"),
               "contract": N_("contract"), "declarer": N_("declarer"), "contract_weight": N_("contract weight"),
               "tricks": N_("tricks"), "tricks_weight": N_("tricks weight")}


@dataclass(frozen=True)
class _Column:
    """A column of the tree's grid inside a refusal: its name in the file ("action_weight") in
    English, the grid's heading in another language ("poids de l'action")."""

    code: str

    def said(self, lang) -> str:
        return lang._(TREE_LABELS[self.code])

    def __str__(self) -> str:
        return self.code


def _cell_at(row: Message, column: str) -> Message:
    return M_("{row}: {column}", row=row, column=_Column(column))


def tree_from_rows(rows: Iterable[dict], vulnerability: str, where: str = "outcome tree") -> OutcomeTree:
    """The inverse of ``tree_rows``; each action's (and contract's) weight must be the same on
    all of its rows. Rows with no action are ignored (an editor's empty lines)."""
    actions: dict[str, dict] = {}
    for number, row in enumerate(rows, 1):
        action = _cell(row.get("action"))
        if not action:
            continue
        at = M_("{where}, row {number}", where=where, number=number)
        action = parse_action(action, _cell_at(at, "action"))
        cancelled = _cell(row.get("cancelled")).lower() in ("true", "1", "yes")
        weight = _weight(_cell(row.get("action_weight")) or "0", _cell_at(at, "action_weight"))
        entry = actions.setdefault(action, {"weight": weight, "cancelled": cancelled, "contracts": {}})
        if entry["weight"] != weight or entry["cancelled"] != cancelled:
            raise HuddleInputError(_cell_at(at, "action_weight"),
                                   M_("{action} has different weights on different rows", action=action_word(action)))
        contract = _contract_cell(row.get("contract"))
        if not contract:
            continue
        declarer = _cell(row.get("declarer")).upper()[:1] or None
        c_weight = _weight(_cell(row.get("contract_weight")) or "1", _cell_at(at, "contract_weight"))
        slot = entry["contracts"].setdefault((contract, declarer), {"weight": c_weight, "tricks": []})
        if slot["weight"] != c_weight:
            raise HuddleInputError(_cell_at(at, "contract_weight"), M_("{contract} has different weights on different rows",
                                                               contract=AsTyped(contract)))
        tricks = _cell(row.get("tricks"))
        if tricks:
            slot["tricks"].append((_tricks(tricks, _cell_at(at, "tricks")),
                                   _weight(_cell(row.get("tricks_weight")) or "1", _cell_at(at, "tricks_weight"))))
    if not actions:
        raise HuddleInputError(where, M_("list at least one alternative"))
    return OutcomeTree(vulnerability, tuple(
        ActionBranch(action, a["weight"], tuple(ContractBranch(c, d, v["weight"], tuple(v["tricks"]))
                                                for (c, d), v in a["contracts"].items()), a["cancelled"])
        for action, a in actions.items()))


def double_dummy_fill(rows: list[dict], tricks_for, by_action: dict | None = None,
                      played: tuple[str, str] | None = None) -> list[dict]:
    """Rows with each contract's trick count replaced by the double-dummy figure (one row per
    contract, weight 1): ``tricks_for(strain, declarer)`` as DoubleDummyTable.tricks_for. In a
    play poll, the contract played (``played``: contract, declarer) takes its trick counts after
    each alternative card from ``by_action`` ({choice: ((tricks, weight), …)}, as
    double_dummy.tricks_by_choice gives them)."""
    by_action = {action_key(a): spread for a, spread in (by_action or {}).items()}
    out, seen = [], set()
    for row in rows:
        contract, declarer = _contract_cell(row.get("contract")), _cell(row.get("declarer")).upper()[:1]
        key = (_cell(row.get("action")), contract, declarer)
        if contract.upper() in ("", "P", "PASS") or not declarer:
            out.append(dict(row))
            continue
        if key in seen:
            continue
        seen.add(key)
        spread = by_action.get(action_key(key[0])) if played == (contract.upper(), declarer) else None
        if spread:
            out += [{**row, "tricks": t, "tricks_weight": fraction_str(w)} for t, w in spread]
            continue
        strain = PlayedContract.parse(f"{contract}=", declarer).strain
        out.append({**row, "tricks": tricks_for(strain, declarer), "tricks_weight": "1"})
    return out


def spread_fill(rows: list[dict], spreads: dict[tuple[str, str, str], tuple[tuple[int, Fraction], ...]]) -> list[dict]:
    """Rows with the trick counts of each (action, contract, declarer) in ``spreads`` replaced by
    that spread of (tricks, weight): the simulation's suggested weights taken into the tree. Other
    rows are kept as they are."""
    wanted = {(action_key(a), c.upper(), d.upper()): s for (a, c, d), s in spreads.items()}
    out, seen = [], set()
    for row in rows:
        contract, declarer = _contract_cell(row.get("contract")), _cell(row.get("declarer")).upper()[:1]
        key = (action_key(_cell(row.get("action"))), contract, declarer)
        spread = wanted.get(key)
        if spread is None:
            out.append(dict(row))
        elif key not in seen:
            seen.add(key)
            out += [{**row, "tricks": t, "tricks_weight": fraction_str(w)} for t, w in spread]
    return out


def default_action_weights(counts: Iterable[ActionCount], alternatives: Iterable[str]) -> dict[str, Fraction]:
    """The poll's choose shares renormalised over the legal alternatives; equal weights when no
    pollee chose any of them (they were logical alternatives by consideration alone)."""
    alternatives = list(alternatives)
    if not alternatives:
        raise HuddleInputError("alternatives", M_("there is no logical alternative to weight"))
    chose = {action_key(c.action): c.chose for c in counts}
    total = sum(chose.get(action_key(a), 0) for a in alternatives)
    if total == 0:
        return {a: Fraction(1, len(alternatives)) for a in alternatives}
    return {a: Fraction(chose.get(action_key(a), 0), total) for a in alternatives
            if chose.get(action_key(a), 0)}


def starting_rows(counts: Iterable[ActionCount], alternatives: Iterable[str], cancelled: str | None,
                  played: tuple[str, str] | None = None,
                  contracts: dict[str, tuple[str, str] | None] | None = None) -> list[dict]:
    """A first tree for the editor: the logical alternatives weighted by the poll's choose shares
    and the cancelled action at weight 0; the director fills in or corrects contracts and tricks.
    In a misinformation case nothing is cancelled (``cancelled`` None): the non-offender's own call
    was legal, so it is weighted like any other. A play poll's alternatives all lead to the
    contract played (``played``: contract, declarer); only the tricks differ. Otherwise
    ``contracts`` gives each action's likely contract (Case.likely_contract), where known."""
    weights = default_action_weights(counts, alternatives)

    def leads_to(action: str) -> tuple[str, str]:
        return played or (contracts or {}).get(action) or ("", "")

    rows = [{"action": a, "cancelled": False, "action_weight": fraction_str(w), "contract": leads_to(a)[0],
             "declarer": leads_to(a)[1], "contract_weight": "1", "tricks": None, "tricks_weight": "1"}
            for a, w in weights.items()]
    if cancelled is None:
        return rows
    return rows + [{"action": cancelled, "cancelled": True, "action_weight": "0", "contract": "", "declarer": "",
                    "contract_weight": "", "tricks": None, "tricks_weight": ""}]


__all__ = ["shown_rows", "read_rows",
           "OutcomeTree", "ActionBranch", "ContractBranch", "Leaf", "default_action_weights", "spread_fill", "CANCELLED_REASON",
           "TREE_COLUMNS", "tree_rows", "tree_from_rows", "double_dummy_fill", "starting_rows", "cancelled_rows"]
