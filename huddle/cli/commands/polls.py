"""Polls from the command line, for scripts and the benchmarks: build a case's poll with the same
checks as the poll builder (the wording check among them), issue the pollees' personal links, and
print the tally. A poll is named by its case and its number within the case, as the pages name
it: ``laws033-6d-slam/2`` is that case's second poll."""

from __future__ import annotations

from analysis.errors import HuddleInputError
from analysis.language import ENGLISH
from huddle.cli.commands.common import bounded, club_time, database, links_base, stored_case, who

MAX_DAYS = 60


def poll_of(args, director: bool = False) -> tuple[int, int, int]:
    """(the case's record id, the poll's id, its number) for POLL ("CASE/N")."""
    from polling import services
    case, slash, number = str(args.poll).rpartition("/")
    if not slash or not case or not number.isdecimal() or not 1 <= int(number) <= 10_000:
        raise HuddleInputError("poll", f"'{str(args.poll)[:60]}' names no poll: give the case and the poll's number "
                                       "within it, e.g. laws033-6d-slam/1")
    args.case = case
    record_id = stored_case(args, director=director)
    polls = services.polls_for_case(record_id)
    if int(number) > len(polls):
        raise HuddleInputError("poll", f"case '{case}' has {len(polls)} poll{'s' * (len(polls) != 1)}, not {number}")
    return record_id, polls[int(number) - 1].id, int(number)


def cmd_poll_create(args) -> dict | str:
    from polling import services
    record_id = stored_case(args, director=True)
    # Pass is always offered in a poll of a call (its help says so), beside the table's call and --also
    offered = tuple(args.also or ()) if args.card is not None else tuple(dict.fromkeys(("P", *(args.also or ()))))
    poll = services.create_poll(record_id, args.wording or "", args.methods or "", offered,
                                q4_enabled=args.q4, decision_index=None if args.call is None else args.call - 1,
                                play_index=None if args.card is None else args.card - 1,
                                walk_from=None if args.walk_from is None else args.walk_from - 1,
                                override=args.keep_words or "", username=who(args), language=args.language or "")
    number = [p.id for p in services.polls_for_case(record_id)].index(poll.id) + 1
    name = f"{args.case}/{number}"
    problem = services.problem_of(poll)
    if args.json:
        return {"poll": name, "kind": problem.kind, "choices": list(problem.candidates), "q4": poll.q4_enabled}
    return (f"Poll {name} created: {problem.poll_kind.title.lower()}, offering "
            f"{', '.join(problem.symbol(c, ENGLISH) for c in problem.candidates)}.")


def cmd_poll_links(args) -> dict | str:
    from datetime import timedelta
    from polling import panel
    base = links_base(args)
    _record, poll_id, _number = poll_of(args, director=True)
    sent = panel.issue_named_invites(poll_id, list(args.name), ttl=timedelta(days=args.days), username=who(args))
    issued = [i for _, i in sent]
    if args.json:
        return {"poll": args.poll, "links": [{"name": i.label, "link": i.link(base), "expires": i.expires_at.isoformat()}
                                             for i in issued]}
    return "\n".join(f"{i.label}: {i.link(base)}" for i in issued)


def _recipient(text: str) -> tuple[str, str]:
    name, sep, address = text.rpartition("=")
    if not sep or not name.strip():
        raise HuddleInputError("--to", f"'{text[:80]}' must be NAME=ADDRESS (e.g. \"Anna Becker=anna@club.example\")")
    return name.strip(), address.strip()


def _sent_lines(sent, args) -> dict | str:
    if args.json:
        return {"poll": args.poll, "sent": [{"name": s.name, "address": s.address, "sent": s.error is None,
                                             "error": s.error} for s in sent]}
    return "\n".join(f"{s.name} <{s.address}>: " + ("sent" if s.error is None else f"not sent ({s.error})")
                     for s in sent) or "Nobody to remind: every pollee sent a link has answered."


def cmd_poll_send(args) -> dict | str:
    """Issue personal links and send them by e-mail through the club's mail server."""
    from datetime import timedelta
    from polling import mail
    base = links_base(args)
    recipients = [_recipient(t) for t in args.to]
    _record, poll_id, _number = poll_of(args, director=True)
    return _sent_lines(mail.send_links(poll_id, recipients, base, timedelta(days=args.days), who(args)), args)


def cmd_poll_remind(args) -> dict | str:
    """A fresh link by e-mail to each pollee sent one who has not answered."""
    from datetime import timedelta
    from polling import mail
    if args.cancel:
        _record, poll_id, _number = poll_of(args, director=True)
        mail.cancel_reminder(poll_id)
        return {"poll": args.poll, "reminder": None} if args.json else f"No reminder is set for {args.poll}."
    base = links_base(args)
    _record, poll_id, _number = poll_of(args, director=True)
    if args.minutes is not None:
        from polling.models import utcnow
        set_one = mail.set_reminder(poll_id, utcnow() + timedelta(minutes=args.minutes), base, who(args))
        return ({"poll": args.poll, "reminder": set_one.at.isoformat()} if args.json else
                f"A reminder goes at {club_time(set_one.at)} to those who have not answered by then "
                "(sent by the running server).")
    return _sent_lines(mail.remind(poll_id, base, timedelta(days=args.days), who(args)), args)


def cmd_poll_reminders_due(args) -> dict | str:
    """Send the timed reminders whose time has come (the server does it every half minute; this
    is for a scheduler when no server runs)."""
    from polling import mail
    database()
    sent = mail.send_due_reminders()
    if args.json:
        return {"reminded": {str(k): len(v) for k, v in sent.items()}}
    return f"{len(sent)} timed reminder(s) sent, to {sum(len(v) for v in sent.values())} pollee(s)."


def cmd_poll_tally(args) -> dict | str:
    from polling import services
    _record, poll_id, _number = poll_of(args)
    counted = services.tally(poll_id)
    rows = [{"action": c.action, "chose": c.chose, "close": c.close, "considered_only": c.considered_only}
            for c in counted.actions]
    if args.json:
        return {"poll": args.poll, "answers": counted.poll_size, "counts": rows,
                "q4": {"answers": counted.q4_answers, "named": dict(counted.suggested)}}
    lines = [f"Poll {args.poll}: {counted.poll_size} answer{'s' * (counted.poll_size != 1)}",
             f"  {'action':8} {'chose':>5} {'close':>5} {'considered':>10}"]
    from analysis.law.questions.logical_alternatives import action_name
    lines += [f"  {action_name(r['action']):8} {r['chose']:>5} {r['close']:>5} {r['considered_only']:>10}" for r in rows]
    if counted.q4_answers:
        named = ", ".join(f"{action_name(a)} {n}" for a, n in counted.suggested) or "none"
        lines.append(f"  Q4: {counted.q4_answers} answered; named {named}")
    return "\n".join(lines)


def _days(text: str) -> int:
    import argparse
    if not text.isdecimal() or not 1 <= int(text) <= MAX_DAYS:
        raise argparse.ArgumentTypeError(f"'{text[:12]}' is not a number of days from 1 to {MAX_DAYS}")
    return int(text)


def _position(text: str) -> int:
    import argparse
    if not text.isdecimal() or not 1 <= int(text) <= 400:
        raise argparse.ArgumentTypeError(f"'{text[:12]}' is not a position (1 = the first)")
    return int(text)


def register(r) -> None:
    polls = r.group("poll")
    p = r.add("create", cmd_poll_create, "Build a case's poll, with the poll builder's checks.", under=polls)
    p.add_argument("case", help="the case id")
    p.add_argument("--wording", help="the introduction pollees read (checked for words that give the UI away)")
    p.add_argument("--methods", help="the methods pollees are told")
    p.add_argument("--also", action="append", help="a call (or card) offered besides Pass and the table's; repeat")
    p.add_argument("--q4", action="store_true", help="ask Q4, which calls the UI makes more attractive")
    p.add_argument("--call", type=_position, help="the call in question's position in the auction (default: the case's)")
    p.add_argument("--card", type=_position, help="a card of the play instead (1 = the opening lead)")
    p.add_argument("--walk-from", type=_position, help="a walk-through from this call of the player's")
    p.add_argument("--language", help="the poll's language (en, fr, de, nl; default: the organisation's)")
    p.add_argument("--keep-words", help="keep words the wording check finds, with this reason")
    p = r.add("links", cmd_poll_links, "Issue personal links to a poll's pollees and print them.", under=polls)
    p.add_argument("poll", help="CASE/N: the case's Nth poll")
    p.add_argument("--name", action="append", required=True, help="a pollee (as the director knows them); repeat")
    p.add_argument("--days", type=_days, default=7, help="how long the links last (default 7)")
    p.add_argument("--base", help="the address the links carry, as pollees reach the server (default: "
                                  "HUDDLE_PUBLIC_URL; with neither, no link is issued)")
    p = r.add("send", cmd_poll_send, "Issue personal links and send them by e-mail (HUDDLE_SMTP_URL).", under=polls)
    p.add_argument("poll", help="CASE/N: the case's Nth poll")
    p.add_argument("--to", action="append", required=True, help="NAME=ADDRESS: a pollee and their e-mail; repeat")
    p.add_argument("--days", type=_days, default=7, help="how long the links last (default 7)")
    p.add_argument("--base", help="the address the links carry (default: HUDDLE_PUBLIC_URL)")
    p = r.add("remind", cmd_poll_remind, "E-mail a fresh link to each pollee who has not answered.", under=polls)
    p.add_argument("poll", help="CASE/N: the case's Nth poll")
    p.add_argument("--days", type=_days, default=7, help="how long the fresh links last (default 7)")
    p.add_argument("--in", dest="minutes", type=bounded(int, 5, 7 * 24 * 60, "a number of minutes from 5 to 10080"),
                   help="not now: the running server sends it in this many minutes")
    p.add_argument("--cancel", action="store_true", help="cancel a reminder set for later")
    p.add_argument("--base", help="the address the links carry (default: HUDDLE_PUBLIC_URL)")
    r.add("reminders-due", cmd_poll_reminders_due, "Send the timed reminders whose time has come.", under=polls)
    p = r.add("tally", cmd_poll_tally, "A poll's answers as counts (with its follow-ups).", under=polls)
    p.add_argument("poll", help="CASE/N: the case's Nth poll")
    for p in polls.choices.values():
        r.scoped(p)
