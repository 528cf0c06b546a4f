"""What every adjustment method is: its law (by edition), its inputs and their checks, how it
assigns each side's score, its case-file section, and what an appeals committee may change.

A method is a small frozen dataclass. Its inputs are declared as ``Slot``s so that the ruling page
can draw them and the reports can list them without knowing the method; its ``assign`` gives
both sides' SideScores, valued as the event scores (analysis.law.adjustment.assigned).
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Callable, ClassVar

from analysis.law.adjustment.assigned import SideScore
from analysis.errors import HuddleInputError, needed
from analysis.language import AsTyped, InSentence, M_, N_
from analysis.law.laws.editions import has_law, law
from analysis.numbers import parse_fraction
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.bridge.scoring import WeightedScore

WHERE = "ruling.adjustment"


@dataclass(frozen=True)
class Slot:
    """One input of a method. ``kind`` is "tree" (an outcome tree), "choice" (one of ``choices``)
    or "kinds" (an artificial score for each side). A tree with ``legal_outcomes`` holds only
    outcomes reachable legally (Law 12C1(c)): the table action of a UI case may not carry weight
    there."""

    name: str
    label: str
    kind: str = "tree"
    choices: tuple[str, ...] = ()
    optional: bool = False
    help: str = ""
    legal_outcomes: bool = True
    offenders: str = ""        # "one": only with one offending side; "both": only when both sides offended

    def applies(self, case) -> bool:
        return not self.offenders or (self.offenders == "both") == case.both_offended


@dataclass(frozen=True)
class Method:
    note: str = ""

    name: ClassVar[str]
    title: ClassVar[str]                 # in a director's words
    concept: ClassVar[str]               # the key of its law in analysis.law.laws.editions
    principle: ClassVar[str]             # what the law says, in a sentence
    slots: ClassVar[tuple[Slot, ...]] = ()
    committee: ClassVar[frozenset[str]] = frozenset()   # "weights" / "alternatives": what a committee may change

    def tree(self, slot: str) -> OutcomeTree:
        """The outcome tree of one of the method's slots, which the step at hand needs."""
        return needed(getattr(self, slot), f"{WHERE}.{slot}", M_("give this outcome tree"))

    # ---------------------------------------------------------------- law and checks

    @classmethod
    def allowed_in(cls, laws: str) -> bool:
        return has_law(cls.concept, laws)

    def law(self, laws: str, case=None) -> str:
        """The method's law in ``laws`` with its principle (``case``: the case it is applied to, for
        a method whose law depends on why it is used)."""
        return M_("{law}: {principle}", law=law(self.concept, laws), principle=self.principle)

    def check(self, case, where: str = WHERE) -> None:
        """The method exists in the case's edition, its required inputs are there, and no
        legal-outcomes tree weights the table action of a UI case."""
        if not self.allowed_in(case.laws):
            raise HuddleInputError(f"{where}.method", M_("the {laws} Laws have no '{method}' method ({hint})", laws=case.laws,
                                                         method=InSentence(self.title), hint=self.unavailable_hint()))
        for slot in self.slots:
            if slot.kind == "tree" and not slot.optional and slot.applies(case) and getattr(self, slot.name) is None:
                raise HuddleInputError(f"{where}.{slot.name}", M_("the {name} method needs this outcome tree", name=self.name))
        table_action = case.action_in_question()
        cited = law("weighted", case.laws) if has_law("weighted", case.laws) else "Law 12C1(c)"
        suggested = case.ruling.suggested_alternatives if case.ruling is not None else ()
        if case.kind == "UI" and table_action:
            for slot, tree in self.trees():
                if slot.legal_outcomes:
                    tree.refuse_weight_on(table_action, f"{where}.{slot.name}", cited)
                    for action in suggested:
                        tree.refuse_weight_on(action, f"{where}.{slot.name}", cited, suggested_over_another=True)

    def unavailable_hint(self) -> str:
        return N_("choose another method, or the edition of the Laws the event used")

    # ---------------------------------------------------------------- the scores

    def expectation(self, case) -> WeightedScore | None:
        """What the non-offenders could expect had the infraction not occurred (North-South
        points with weights), for the damage question; None when the method has no such tree."""
        return None

    def assign(self, case, table_ns: int | None) -> dict[str, SideScore]:
        raise NotImplementedError

    # ---------------------------------------------------------------- trees, for the page, reports and committee

    def trees(self) -> tuple[tuple[Slot, OutcomeTree], ...]:
        return tuple((s, getattr(self, s.name)) for s in self.slots
                     if s.kind == "tree" and getattr(self, s.name) is not None)

    def with_trees(self, change: Callable[[OutcomeTree], OutcomeTree]) -> "Method":
        """The committee's change (new weights, alternatives taken out) applied to the trees it
        may change; the method itself when the committee may change none."""
        if "weights" not in self.committee:
            return self
        changed: dict[str, Any] = {s.name: change(t) for s, t in self.trees() if s.legal_outcomes}
        return replace(self, **changed)

    def committee_tree(self) -> OutcomeTree | None:
        """The tree whose alternatives a committee reweights (the first legal-outcomes tree)."""
        if "weights" not in self.committee:
            return None
        return next((t for s, t in self.trees() if s.legal_outcomes), None)

    # ---------------------------------------------------------------- the case-file section

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"method": self.name, "note": self.note}
        for slot in self.slots:
            value = getattr(self, slot.name)
            if slot.kind == "tree" and value is not None:
                out[slot.name] = value.to_dict()
            elif slot.kind == "choice":
                out[slot.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict, where: str, vulnerability: str) -> "Method":
        values: dict[str, Any] = {"note": str(data.get("note", ""))}
        for slot in cls.slots:
            if slot.kind == "tree":
                values[slot.name] = tree(data.get(slot.name), f"{where}.{slot.name}", vulnerability)
            elif slot.kind == "choice":
                default = next(f.default for f in fields(cls) if f.name == slot.name)
                value = str(data.get(slot.name, default))
                if value not in slot.choices:
                    raise HuddleInputError(f"{where}.{slot.name}", M_("'{value}' must be {choices}", value=AsTyped(value),
                                                                      choices=' or '.join(slot.choices)))
                values[slot.name] = value
        return cls(**values, **cls.extra_from_dict(data, where))

    @classmethod
    def extra_from_dict(cls, data: dict, where: str) -> dict:
        """Inputs other than slots (thresholds, session figures), read by the method itself."""
        return {}


def tree(data: Any, where: str, vulnerability: str) -> OutcomeTree | None:
    """An outcome tree from its case-file form (or as already built by the ruling page)."""
    if data is None or isinstance(data, OutcomeTree):
        return data
    if not isinstance(data, dict):
        raise HuddleInputError(where, M_("must be an outcome tree"))
    try:
        return OutcomeTree.from_dict({"vulnerability": vulnerability, **data}, where)
    except HuddleInputError as exc:
        field_name = exc.field if exc.field.startswith(where) else f"{where}: {exc.field}"
        raise exc.at(field_name) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise HuddleInputError(where, M_("is not an outcome tree ({exc})", exc=exc)) from None


def optional_fraction(value: Any, where: str):
    return None if value is None else parse_fraction(str(value), where)


def sides_of(case, where: str) -> tuple[str, str]:
    """(offending side, non-offending side); refused when no single side offended."""
    if case.non_offending_side is None:
        raise HuddleInputError("offending_side", M_("{where} needs one offending side (NS or EW); with both sides at fault give each "
                                                    "side its own score", where=where))
    return case.offending_side, case.non_offending_side


__all__ = ["Method", "Slot", "tree", "optional_fraction", "sides_of", "WHERE"]
