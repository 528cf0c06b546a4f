"""Question 2 from the evidence on logical alternatives: a poll of the size the event's rules ask
for, read under a named policy; else the director's own judgement (beside a poll too small to
decide, or one with pollees the rules exclude); with neither, the question waits: nothing entered
is no evidence, never a "no"."""
from __future__ import annotations

from dataclasses import dataclass, replace

from analysis.language import M_, N_, Listed
from analysis.law.case import Case
from analysis.law.case.poll_rules import WHO_MAY_BE_POLLED
from analysis.law.questions.law16 import QUESTIONS, Answer, logical_alternative_exists
from analysis.law.questions.logical_alternatives import (LAResult, Policy, action_word, in_edition,
                                                         logical_alternatives, policy)


def _outside_the_rules(inputs, result: LAResult, breaches, rules) -> Answer:
    """A poll with pollees the event's rules exclude: its answers cannot be told apart, so they do
    not decide question 2; the director's own judgement beside it does."""
    named = rules.source or N_("the event's rules for polls")
    evidence = M_("a poll of {n} outside {rules}: {breaches}", n=result.poll_size, rules=named,
                  breaches=Listed(breaches, "; "))
    if inputs.judged_alternatives:
        return replace(_director_alternatives(inputs), evidence=evidence)
    return Answer(QUESTIONS[1], None, M_("The poll does not meet {rules} (who may be polled: {who}): {breaches}. Its "
                                         "answers do not decide the question.", rules=named,
                                         who=WHO_MAY_BE_POLLED[rules.pollees], breaches=Listed(breaches, "; ")),
                  evidence, missing=M_("Poll again within {rules}, or record your own judgement", rules=named))


def la_answer(case: Case, table_action: str, policy_name: str | Policy, consider_min) -> tuple[LAResult | None, Answer]:
    """Question 2 from the evidence on logical alternatives: a poll of the size the event's rules
    ask for, else the director's own judgement (beside a poll too small to decide); with neither,
    the question waits: nothing entered is no evidence, never a "no"."""
    inputs = case.findings
    if inputs.poll:
        chosen = in_edition(policy_name if isinstance(policy_name, Policy) else policy(policy_name, consider_min),
                            case.laws)
        result = logical_alternatives(inputs.poll, table_action, chosen)
        rules = case.poll_rules
        short = rules.short_by(result.poll_size)
        breaches = rules.breaches(inputs.not_peers, inputs.session_players)
        if breaches and not short:
            return result, _outside_the_rules(inputs, result, breaches, rules)
        if not short:
            return result, logical_alternative_exists(result, case.laws)
        evidence = M_("a poll of {n}, short of the {minimum} pollees {rules} ask for", n=result.poll_size,
                      minimum=rules.minimum, rules=rules.source or N_("the event's rules for polls"))
        if inputs.judged_alternatives:
            return result, replace(_director_alternatives(inputs), evidence=evidence)
        return result, Answer(QUESTIONS[1], None, M_("The poll has {n} pollees, {short} fewer than the {minimum} "
                                                      "{rules} ask for: its answers do not decide the question yet.",
                                                      n=result.poll_size, short=short, minimum=rules.minimum,
                                                      rules=rules.source or N_("the event's rules for polls")),
                              evidence, missing=M_("Poll {short} more, or record your own judgement", short=short))
    if inputs.judged_alternatives:
        return None, _director_alternatives(inputs)
    return None, Answer(QUESTIONS[1], None, M_("No poll, consultation or judgement of the director on logical "
                                               "alternatives is recorded."),
                        missing=M_("No evidence on logical alternatives yet: poll, consult, or record your own "
                                   "judgement"))


@dataclass(frozen=True)
class LAFinding:
    """What the director decided on logical alternatives, and how: the policy's verdict on the
    poll's counts, or her own judgement (with no poll, or beside one too small for the event's
    rules or with pollees they exclude, where question 2 takes hers)."""

    alternatives: tuple[str, ...]
    basis: str                        # "policy" or "judgement"


def la_finding(case: Case) -> LAFinding | None:
    """The logical alternatives the ruling found, as question 2 decides them; None while it waits."""
    inputs = case.ruling
    table_action = case.action_in_question()
    if inputs is None or not table_action:
        return None
    result, answer = la_answer(case, table_action, inputs.policy, inputs.consider_min)
    if answer.answer is None:
        return None
    rules = case.poll_rules
    if result is not None and not (rules.short_by(result.poll_size) or rules.breaches(inputs.not_peers,
                                                                                      inputs.session_players)):
        return LAFinding(tuple(result.logical_alternatives), "policy")
    return LAFinding(tuple(inputs.alternatives), "judgement")


def _director_alternatives(inputs) -> Answer:
    """Question 2 as the director's own judgement."""
    if inputs.alternatives:
        return Answer(QUESTIONS[1], True, inputs.alternatives_reason or M_(
            "The director finds {names} a logical alternative (no poll recorded).",
            names=Listed(tuple(action_word(a) for a in inputs.alternatives))))
    return Answer(QUESTIONS[1], False, inputs.alternatives_reason)


__all__ = ["la_answer", "la_finding", "LAFinding"]
