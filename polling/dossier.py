"""A stored case as one typed object: the case file, its status, its polls as the pollees saw them
(with every answer, pollees numbered, never labelled), its saved ruling versions and its appeal.
Pages and the command line read a case through ``load_dossier`` instead of reaching into the
tables and their JSON columns, and hand its plain values (analysis.polls.seen.PollSeen,
analysis.law.appeal.committee.CommitteeSeen) to reports/, which needs nothing from the database.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

from analysis.law.case import Case
from analysis.law import case as case_files
from analysis.law.appeal.record import AppealDecision, AppealRecord, AppealVote
from analysis.law.appeal.committee import (CommitteeSeen, Reconsideration, RulingInForce, Vote, case_in_force,
                                    committee_decision, committee_seen, reconsider, reconsidered_inputs)
from analysis.errors import HuddleInputError
from analysis.language import ENGLISH, M_, MP_, N_, AsTyped
from analysis.law.ruling.engine import Ruling, rule

from . import cases, committee, rulings, services
from .committee import Appeal
from .models import RulingVersion
from analysis.polls.seen import PollSeen
from analysis.polls.tally import answer_rows, tally_ballots


@dataclass(frozen=True)
class CaseDossier:
    record_id: int
    status: str
    case: Case
    polls: tuple[PollSeen, ...]
    ruling_versions: tuple[RulingVersion, ...]
    appeal: Appeal
    committee: CommitteeSeen | None
    version: int = 1                 # the case's saved version: what the pages' caches are keyed by

    def ruling(self) -> Ruling:
        if self.case.ruling is None:
            raise HuddleInputError("ruling", M_("the director has not ruled on this case yet"))
        return rule(self.case)

    def in_force(self) -> RulingInForce:
        """The ruling that stands: the committee's when it decided on another score, else the
        director's latest saved version (a ruling saved after a lawful reopening replaces the
        committee's)."""
        return case_in_force(self.case_file(), self.ruling())

    def worksheet_case(self) -> Case:
        """The case a director's worksheet starts from: after a lawful reopening, the ruling
        section as the committee's decision left it (so "Save" never puts the overturned score
        back by accident); otherwise the case as saved."""
        change = self.decision_in_force()
        if change is None:
            return self.case
        return replace(self.case, ruling=reconsidered_inputs(self.case, change))

    def decision_in_force(self) -> Reconsideration | None:
        """The committee's adopted change while its decision is the ruling in force, else None."""
        if self.case.ruling is None:
            return None
        exported = self.case_file()
        appeal = exported.appeal
        if appeal is None or appeal.decision is None or not appeal.decided_on(exported.ruling_version):
            return None
        return appeal.decision.change

    def in_force_if_ruled(self) -> RulingInForce | None:
        """The ruling in force, or None while there is no decided ruling to carry."""
        if self.case.ruling is None:
            return None
        in_force = self.in_force()
        return in_force if in_force.ruling.decided else None

    def case_file(self) -> Case:
        """The case as it leaves Huddle (``huddle case export``, the Case page's download): with
        its appeal and decision, and which version of the director's ruling its section is."""
        version = self.ruling_versions[-1].version if self.ruling_versions else self.case.ruling_version
        record = appeal_record(self.appeal) or self.case.appeal
        earlier = tuple(a for a in map(appeal_record, committee.earlier_appeals(self.record_id)) if a is not None)
        if earlier:        # every appeal the case had, the earlier ones beside the current
            record = replace(record or AppealRecord(), earlier=earlier)
        return replace(self.case, appeal=record, ruling_version=version)


def load_dossier(record_id: int, url: str | None = None) -> CaseDossier:
    stored = cases.get_case(record_id, url)
    heard = committee.appeal(record_id, url)
    return CaseDossier(record_id=record_id, status=stored.status, case=stored.case, polls=tuple(_polls_seen(record_id, url)),
                       ruling_versions=tuple(rulings.ruling_versions(record_id, url)), appeal=heard, committee=_committee(stored.case,
                                                                                                                          heard),
                       version=stored.version)


def _polls_seen(record_id: int, url: str | None) -> list[PollSeen]:
    """Each of the case's polls as its pollees saw it, with every answer and the Q4 counts."""
    out = []
    for number, poll in enumerate(services.polls_for_case(record_id, url), 1):     # numbered within the case
        problem = services.problem_of(poll)
        ballots = services.ballots_for_poll(poll.id, url)
        counted = tally_ballots(ballots, problem)
        # pollees' labels are the director's only: the committee and the reports see Pollee 1, 2, 3
        out.append(PollSeen(number=number, problem=problem, answers=tuple(answer_rows(ballots, problem=problem)),
                            suggested=counted.suggested, q4_answers=counted.q4_answers,
                            q4_question=services.q4_question(poll, ENGLISH) if poll.q4_enabled else "",
                            status=poll.status, wording_kept=wording_kept(poll)))
    return out


def wording_kept(poll) -> str:
    """The director's override of the wording check, in words ("" when the check found nothing)."""
    if not poll.wording_override:
        return ""
    kept = json.loads(poll.wording_override)
    found = AsTyped(", ".join(f"“{w}”" for w in kept["found"]))
    return M_("The wording check found {found}; {by} kept the words: {reason}", found=found,
              by=AsTyped(kept["by"]) if kept["by"] else N_("the director"), reason=AsTyped(kept["reason"]))


def appeal_record(heard: Appeal) -> AppealRecord | None:
    """The appeal as a case file carries it: the votes and the decision, members by name."""
    decided = heard.decision
    if decided is None and not heard.votes:
        return None
    rows = json.loads(decided.votes) if decided else heard.vote_rows()
    votes = tuple(AppealVote(v["member"], v["decision"], v["reason"], Reconsideration.from_dict(v["change"]))
                  for v in rows)
    decision = None if decided is None else AppealDecision(
        decision=decided.decision, reason=decided.reason, summary=decided.summary,
        change=Reconsideration.from_dict(json.loads(decided.change)), chair=heard.name_of(decided.username),
        at=decided.at, ruling_version=decided.ruling_version)
    return AppealRecord(votes, decision)


def export_case(record_id: int, url: str | None = None) -> str:
    """The case file (JSON with format_version), as `huddle case export` writes it: with its
    appeal and decision."""
    return case_files.dumps(load_dossier(record_id, url).case_file()) + "\n"


def _committee(case: Case, heard: Appeal) -> CommitteeSeen | None:
    decided = heard.decision
    if decided is None and not heard.votes:
        return None if case.appeal is None or case.ruling is None else committee_seen(case, case.appeal)
    stood = json.loads(decided.votes) if decided else heard.vote_rows()
    votes = tuple({**v, "tried": Reconsideration.from_dict(v["change"]).describe()} for v in stood)
    if decided is None:
        return CommitteeSeen("", M_("The appeal is under way: {votes} so far, no decision yet.",
                                    votes=MP_("{n} vote", "{n} votes", n=len(votes))),
                             "—", votes, None)
    change = Reconsideration.from_dict(json.loads(decided.change))
    ruling = None if change.changes_nothing else reconsider(case, change, decided.reason)
    return CommitteeSeen(decided.decision, decision_words(decided), decided.reason, votes, ruling,
                         at=decided.at, change=change)


def decision_words(decided) -> str:
    """A recorded decision's summary as a message each language says, made again from the votes it
    was decided on; the stored words when that does not give them back exactly."""
    change = Reconsideration.from_dict(json.loads(decided.change))
    votes = [Vote(v["member"], v["decision"], v["reason"], Reconsideration.from_dict(v["change"]))
             for v in json.loads(decided.votes)]
    for chosen in ((None, None), (decided.decision, change)):
        try:
            said = committee_decision(votes, *chosen).describe()
        except HuddleInputError:
            continue
        if str(said)[:4000] == decided.summary:
            return said
    return decided.summary


__all__ = ["CaseDossier", "load_dossier", "export_case", "appeal_record", "decision_words"]
