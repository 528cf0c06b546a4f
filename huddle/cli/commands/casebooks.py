"""The casebook and the precedents: an organisation's decided cases chosen, agreed and commented
on, written as one HTML page, a PDF and a data package; and the decided cases most like a case."""
from __future__ import annotations

from datetime import date, timedelta

from huddle.cli.commands.common import acting_organisation, club_time, is_file, case_file, links_base, output_folder, stored_case


def _day(text: str) -> date:
    import argparse
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:20]}' is not a day (YYYY-MM-DD)") from None


def cmd_precedents(args) -> dict | str:
    """The decided cases most like a case file or a stored case, each with what was decided and why."""
    from analysis.language import language
    from polling.precedents import precedent_heading, precedents_for
    lang = language(args.language)
    organisation = acting_organisation(args)
    if args.case.endswith(".json") or is_file(args.case):
        case = case_file(args.case)
    else:
        from polling import cases
        case = cases.get_case(stored_case(args)).case
    found = precedents_for(case, organisation, most=args.most)
    if args.json:
        return {"case": case.id, "precedents": [p.to_dict() for p in found]}
    if not found:
        return lang._("No decided case is like this one yet.")
    lines = []
    for number, p in enumerate(found, 1):
        lines.append(precedent_heading(number, p, lang))
        lines.append("   " + lang._("Decided: {decided}").format(decided=lang.say(p.case.decided_words())))
        if p.case.reason:
            lines.append("   " + lang._("Why: {reason}").format(reason=p.case.reason))
        lines.append("   " + lang._("Alike: {reasons}").format(reasons="; ".join(lang.say(r) for r in p.reasons)))
    lines.append(lang._("A precedent is read, never applied: it changes no verdict."))
    return "\n".join(lines)


def cmd_casebook_build(args) -> dict | str:
    from analysis.language import chosen_language, language
    from huddle.casebooks import make_casebook, write_casebook
    from polling import organisations
    asked = language(args.language) if args.language else None
    if args.examples:
        made = make_casebook(None, asked or language(None))
    else:
        organisation = organisations.get_organisation(acting_organisation(args))
        made = make_casebook(organisation.id, asked or chosen_language(organisation.language),
                             args.start, args.end)
    written = write_casebook(made, output_folder(args.output))
    if args.json:
        return {"cases": made.cases, "files": [str(p) for p in written]}
    return "\n".join([f"{made.cases} cases in the casebook."] + [f"Wrote {p}" for p in written])


def cmd_casebook_choose(args) -> dict | str:
    from polling import casebook
    from huddle.cli.commands.common import who
    organisation = acting_organisation(args, director=True)
    record = casebook.find_book_case(args.case, organisation)
    if args.withdraw:
        casebook.withdraw(record, organisation)
        return {"case": args.case, "chosen": False} if args.json else f"{args.case} left the casebook."
    casebook.choose(record, organisation, who(args))
    return {"case": args.case, "chosen": True} if args.json else f"{args.case} is chosen for the casebook."


def cmd_casebook_agree(args) -> dict | str:
    from polling import casebook
    from huddle.cli.commands.common import who
    casebook.agree(stored_case(args, director=True), who(args))
    return ({"case": args.case, "agreed": True} if args.json
            else f"{args.case} may appear in the federation's casebook, once it chooses it.")


def cmd_casebook_naming(args) -> dict | str:
    from polling import casebook
    casebook.set_naming(acting_organisation(args, director=True), args.officials)
    said = "names directors and committee members" if args.officials else "names directors and committee members by role"
    return {"officials_named": args.officials} if args.json else f"The casebook {said}; players always by seat."


def cmd_casebook_invite(args) -> dict | str:
    from polling import invitations
    organisation = acting_organisation(args, director=True)
    base = links_base(args)
    made = invitations.invite_account("commentator", args.name, "huddle", organisation, timedelta(days=args.days))
    if args.json:
        return {"link": made.link(base), "organisation": made.organisation, "expires": made.expires_at.isoformat()}
    return (f"Invitation for {made.display_name} to comment on {made.organisation}'s casebook, once, until "
            f"{club_time(made.expires_at)}:\n{made.link(base)}")


def register(r) -> None:
    from huddle.cli.commands.common import bounded
    p = r.add("precedents", cmd_precedents)
    p.add_argument("case", help="a case file (JSON) or the id of a stored case")
    p.add_argument("--most", type=bounded(int, 1, 50, "a number of precedents from 1 to 50"), default=5,
                   help="how many precedents (default 5)")
    p.add_argument("--language", help="the language the precedents are told in (en, fr, de, nl; default en)")
    r.scoped(p)

    books = r.group("casebook")
    p = r.add("build", cmd_casebook_build, "Write the casebook: one HTML page, a PDF and a data package of its cases.",
              under=books)
    p.add_argument("-o", "--output", required=True, help="the folder to write into")
    p.add_argument("--from", dest="start", type=_day, help="only cases entered on or after this day (YYYY-MM-DD)")
    p.add_argument("--to", dest="end", type=_day, help="only cases entered on or before this day (YYYY-MM-DD)")
    p.add_argument("--language", help="the casebook's language (default: the organisation's)")
    p.add_argument("--examples", action="store_true", help="Huddle's example casebook instead of the organisation's")
    r.scoped(p)
    p = r.add("choose", cmd_casebook_choose, "Choose a decided case for the casebook (a club's case: CLUB/CASE).",
              under=books)
    p.add_argument("case", help="the case's id, or CLUB/CASE for a club's case in its federation's casebook")
    p.add_argument("--withdraw", action="store_true", help="take the case out of the casebook")
    r.scoped(p)
    p = r.add("agree", cmd_casebook_agree, "A club agrees that its federation's casebook may carry one of its cases.",
              under=books)
    p.add_argument("case", help="the club's case")
    r.scoped(p)
    p = r.add("naming", cmd_casebook_naming, "Whether the casebook names directors and committee members.",
              under=books)
    p.add_argument("--officials", action="store_true", help="name them (without it: by role)")
    r.scoped(p)
    p = r.add("invite", cmd_casebook_invite, "A one-time link with which a commentator joins the casebook's panel.",
              under=books)
    p.add_argument("name", help="the commentator's name, as the casebook shows it")
    p.add_argument("--days", type=bounded(int, 1, 30, "a number of days from 1 to 30"), default=7,
                   help="how long the link lasts (default 7)")
    p.add_argument("--base", help="the address the link carries (default: HUDDLE_PUBLIC_URL)")
    r.scoped(p)
