"""The poll workflow, by what it serves: ``polls`` (a poll built from a case, follow-ups,
closing), ``links`` (personal links issued, reissued, revoked and opened) and ``votes`` (answers
stored, Q4, verbal votes, the tally). The public names of all three are importable from here."""
from polling.services.polls import (problem_of, CLOSED_TO_POLLEES, create_poll, create_follow_up, poll_family, q4_question, polls_for_case,
                                    get_poll, close_poll)
from polling.services.links import (TOKEN_BYTES, DEFAULT_TTL, MAX_INVITES, hash_token, IssuedInvite,
                                    issue_invites, issue_in, reissue_invite, invite_status, invites_for_poll,
                                    revoke_invite, poll_for_token, PendingQ4, open_link, UnusableLink,
                                    LinkState)
from polling.services.votes import (cast_ballot, cast_vote, record_suggestion, record_verbal_vote,
                                    ballots_for_poll, family_ballots, tally)

__all__ = ["problem_of", "CLOSED_TO_POLLEES",
           "create_poll", "create_follow_up", "poll_family", "q4_question", "polls_for_case", "get_poll",
           "close_poll", "TOKEN_BYTES", "DEFAULT_TTL", "MAX_INVITES", "hash_token", "IssuedInvite",
           "issue_invites", "issue_in", "reissue_invite", "invite_status", "invites_for_poll",
           "revoke_invite", "poll_for_token", "PendingQ4", "open_link", "UnusableLink", "LinkState", "cast_ballot",
           "cast_vote", "record_suggestion", "record_verbal_vote", "ballots_for_poll", "family_ballots",
           "tally"]
