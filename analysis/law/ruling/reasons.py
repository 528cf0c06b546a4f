"""Reasons started for the director: for each reason she writes, a sentence built from what the
worksheet already knows (the poll's counts and the policy's verdict, where the information
points, the tricks and weights behind each outcome, what both sides told her). Offered, never
filled in: she edits or replaces it. A reason saved exactly as drafted is Huddle's sentence, not
hers, and ``reasons_not_written`` says so wherever the ruling is read.

    >>> drafts = reason_drafts(case, "4H", ("P", "4H"), la, q4=(5, 7), outcomes=tree, double_dummy=tricks_for)
    >>> english.say(drafts.suggested)
    'The break in tempo suggested 4♥ over Pass (Law 16B1(a)). ...'
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Callable

from analysis.language import M_, Capital, Language, Listed, Message
from analysis.law.case import Case
from analysis.law.questions.law16 import ui_law, ui_noun
from analysis.law.questions.logical_alternatives import LAResult, action_word
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.numbers import fraction_str
from analysis.vocabulary import CaseKind, IrregularityType

TEMPO = (IrregularityType.HESITATION, IrregularityType.HASTE)


@dataclass(frozen=True)
class ReasonDrafts:
    """A draft for each reason field the worksheet can start (None where it knows too little)."""

    suggested: Message | None = None        # question 3: demonstrably suggested
    no_alternative: Message | None = None   # question 2: why no logical alternative, on her own judgement
    outcomes: Message | None = None         # how the outcomes were chosen
    fact: Message | None = None             # the finding of fact (Law 85A)

    def said(self, lang: Language) -> dict[str, str]:
        """Each draft in ``lang``, by field."""
        return {f.name: lang.say(getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None}


def reason_drafts(case: Case, table_action: str, alternatives: tuple[str, ...], la: LAResult | None = None,
                  q4: tuple[int, int] | None = None, outcomes: OutcomeTree | None = None,
                  double_dummy: Callable[[str, str], int] | None = None) -> ReasonDrafts:
    """The drafts for this worksheet: ``alternatives`` the logical alternatives found, ``q4`` (how
    many pollees said the information makes the action more attractive, how many answered),
    ``double_dummy(strain, declarer)`` the tricks a solver finds on the actual deal."""
    return ReasonDrafts(suggested_draft(case, table_action, alternatives, q4),
                        no_alternative_draft(la, table_action),
                        outcomes_draft(outcomes, double_dummy),
                        fact_draft(case))


def suggested_draft(case: Case, table_action: str, alternatives: tuple[str, ...],
                    q4: tuple[int, int] | None = None) -> Message | None:
    """Question 3: what the information suggested, over which alternatives, and the poll's Q4."""
    others = tuple(a for a in alternatives if a != table_action)
    if not table_action or not others:
        return None
    ui, action = ui_noun(case), action_word(table_action)
    sentences: list[Message] = [M_("{ui} suggested {action} over {others} ({law}).", ui=Capital(ui), action=action,
                                   others=Listed(tuple(action_word(a) for a in others)), law=ui_law(case))]
    irr = case.irregularity
    if irr is not None and irr.type in TEMPO and table_action != "P" and "P" in others:
        sentences.append(M_("A slow call shows that partner had something more to say, which makes acting more "
                            "attractive than passing."))
    if q4 is not None and q4[1]:
        sentences.append(M_("Of the {n} pollees asked, {k} said {ui} makes {action} more attractive.", n=q4[1], k=q4[0],
                            ui=ui, action=action))
    return _sentences(sentences)


def no_alternative_draft(la: LAResult | None, table_action: str) -> Message | None:
    """Question 2 found "no logical alternative": the poll's counts and the policy's verdict."""
    if la is None or la.logical_alternatives or not la.poll_size or not table_action:
        return None
    chose = next((v.counts.chose for v in la.verdicts if v.action == table_action), 0)
    return M_("Of {n} pollees, {chose} chose {action}; under {policy} no other call was chosen or seriously considered "
              "by enough of them to be a logical alternative.", n=la.poll_size, chose=chose,
              action=action_word(table_action), policy=la.policy.shown)


def outcomes_draft(tree: OutcomeTree | None, double_dummy: Callable[[str, str], int] | None = None) -> Message | None:
    """How the outcomes were chosen: each legal action's weight, its contract and declarer's tricks,
    and whether those tricks are the ones a double-dummy solver finds on the actual deal."""
    if tree is None:
        return None
    parts, solver_agrees = [], True
    for branch in (b for b in tree.branches if not b.cancelled):
        for contract in branch.contracts:
            weight = fraction_str(branch.weight * contract.weight)
            if not contract.tricks:
                parts.append(M_("{action}, weight {weight}: {contract}", action=action_word(branch.action),
                                weight=weight, contract=contract.words()))
            else:
                tricks = str(contract.tricks[0][0]) if len(contract.tricks) == 1 else \
                    " / ".join(f"{t} ({fraction_str(w)})" for t, w in contract.tricks)
                parts.append(M_("{action}, weight {weight}: {contract}, {tricks} tricks",
                                action=action_word(branch.action), weight=weight, contract=contract.words(),
                                tricks=tricks))
            solver_agrees = solver_agrees and double_dummy is not None and _as_double_dummy(contract, double_dummy)
    if not parts:
        return None
    lead = M_("The outcomes reachable legally and their weights: {outcomes}.", outcomes=Listed(tuple(parts), "; "))
    if double_dummy is None:                   # nothing known of where the tricks came from
        return lead
    trick_source = M_("Declarer's tricks are those a double-dummy solver finds on the actual deal.") if solver_agrees \
        else M_("Declarer's tricks are the director's judgement of the likely play.")
    return _sentences([lead, trick_source])


def _as_double_dummy(contract, double_dummy) -> bool:
    from analysis.bridge.scoring import PlayedContract
    if contract.contract.upper() in ("PASS", "P"):
        return True
    if len(contract.tricks) != 1 or not contract.declarer:
        return False
    strain = PlayedContract.parse(f"{contract.contract}=", contract.declarer).strain
    return double_dummy(strain, contract.declarer) == contract.tricks[0][0]


def fact_draft(case: Case) -> Message | None:
    """The finding of fact where the sides disagree on the seconds: the two figures and one between."""
    irr = case.irregularity
    if irr is None or not irr.statements:
        return None
    seconds = sorted({s.seconds for s in irr.statements if s.seconds is not None})
    if len(seconds) < 2:
        return None
    return M_("The sides put it at {low} and {high} seconds; on the balance of probabilities the director finds about "
              "{middle} seconds.", low=seconds[0], high=seconds[-1], middle=round(Fraction(sum(seconds), len(seconds))))


def written_reasons(case: Case) -> dict[str, str]:
    """The reasons the director recorded for the fields Huddle drafts, by field (only where a
    reason is printed: question 3 when she found it suggested, the outcomes' note, her finding)."""
    inputs, irr = case.findings, case.irregularity
    out = {"outcomes": inputs.adjustment.note}
    if inputs.suggested.finding and case.kind == CaseKind.UI:
        out["suggested"] = inputs.suggested.reason
    if irr is not None and irr.finding is not None and not irr.finding.empty:
        out["fact"] = irr.finding.reason
    if inputs.alternatives_reason and not inputs.alternatives:
        out["no_alternative"] = inputs.alternatives_reason
    return out


def reasons_not_written(drafts: ReasonDrafts, written: dict[str, str],
                        languages: tuple[Language, ...]) -> tuple[str, ...]:
    """The reason fields the director did not write: question 3 found with no reason (the ruling
    prints Huddle's general sentence), or any reason saved as Huddle's draft word for word (in
    any of ``languages``). The Ruling page says so."""
    out = []
    for name, text in written.items():
        draft = getattr(drafts, name, None)
        if (name == "suggested" and not text.strip()) or \
                (draft is not None and text.strip() and any(text.strip() == lang.say(draft) for lang in languages)):
            out.append(name)
    return tuple(out)


def _sentences(sentences: list[Message]) -> Message:
    return Message("{sentences}", sentences=Listed(tuple(sentences), " "))


__all__ = ["ReasonDrafts", "reason_drafts", "suggested_draft", "no_alternative_draft", "outcomes_draft", "fact_draft",
           "written_reasons", "reasons_not_written"]
