"""The server and its accounts: set-up, backup and restore, organisations, accounts, and the address
pollees' phones use."""

from __future__ import annotations

import sys
from dataclasses import asdict

from analysis.errors import HuddleInputError
from analysis.numbers import counted
from huddle.cli.commands.common import acting_organisation, bounded, club_time, database, links_base


def cmd_addresses(args) -> dict | str:
    """Where the server can be reached, for the director to tell pollees (make run prints it)."""
    from polling import settings
    url, addresses = settings.public_url(args.port, args.host), settings.network_addresses()
    loopback = settings.is_loopback(url)
    if args.json:
        return {"public_url": url, "loopback": loopback, "addresses": addresses}
    lines = [f"Huddle is listening on {args.host}:{args.port}.", f"Pollees' phones on this network: {url}"]
    if loopback:
        lines.append("Only this machine can open that address: serve on 0.0.0.0 (HOST=0.0.0.0 make run) "
                     "or set HUDDLE_PUBLIC_URL to the address phones use.")
    others = [a for a in addresses if a not in url]
    if others and not settings.configured_public_url():
        lines.append("Other addresses of this machine: " + ", ".join(f"http://{a}:{args.port}" for a in others))
    return "\n".join(lines)


def cmd_setup(args) -> dict | str:
    from polling.setup import prepare_database
    report = prepare_database(load_examples=not args.no_examples)
    if args.json:
        return report
    ready = (f"Database ready at {report['database']} (schema {report['revision']}); "
             f"{counted(report['examples_loaded'], 'example case')} loaded, {counted(report['cases'], 'case')} in all")
    from polling import accounts
    if accounts.has_users():
        return ready
    return (ready + "\nNo account yet: the first visit creates the first director, from this machine, or from "
            f"another device with the setup code {accounts.first_director_code()}")


def cmd_backup(args) -> dict | str:
    from polling.backups import backup
    database()
    report = backup(args.file)
    if args.json:
        return report
    return (f"Backed up {report['database']} to {report['backup']}: {report['bytes']:,} bytes, "
            + _held(report))


def cmd_restore(args) -> dict | str:
    from polling.backups import restore
    report = restore(args.file)
    if args.json:
        return report
    return f"Restored {report['backup']} into {report['database']} (schema {report['schema']}): " + _held(report)


def _held(report: dict) -> str:
    return ", ".join(counted(report[k], word) for k, word in (
        ("cases", "case"), ("polls", "poll"), ("links", "link"), ("ballots", "ballot"),
        ("ruling_versions", "ruling version"), ("changes", "change")))


def _read_password(from_stdin: bool) -> str:
    import getpass
    if from_stdin:
        return sys.stdin.readline(1001).rstrip("\n")
    if not sys.stdin.isatty():
        raise HuddleInputError("password", "there is no terminal to type it in: use --password-stdin")
    try:
        first = getpass.getpass("Password: ")
        again = getpass.getpass("Password again: ")
    except EOFError:
        raise HuddleInputError("password", "none was typed") from None
    if again != first:
        raise HuddleInputError("password", "the two passwords differ")
    return first


def cmd_user_add(args) -> dict | str:
    from polling import accounts
    organisation = acting_organisation(args)
    password = _read_password(args.password_stdin)
    user = accounts.create_user(args.username, password, args.role, args.name or "", organisation_id=organisation)
    out = {"username": user.username, "role": user.role, "organisation": user.organisation,
           "display_name": user.display_name}
    return out if args.json else f"Added {user.username} ({user.role} of {user.organisation})."


def cmd_user_invite(args) -> dict | str:
    """A one-time link with which a new committee member, director or researcher sets up their
    own account (user name and password); it expires and works once."""
    from datetime import timedelta
    from polling import invitations
    organisation = acting_organisation(args)
    base = links_base(args)
    made = invitations.invite_account(args.role, args.name or "", "huddle", organisation, timedelta(days=args.days))
    if args.json:
        return {"link": made.link(base), "role": made.role, "organisation": made.organisation,
                "display_name": made.display_name, "expires": made.expires_at.isoformat()}
    return (f"Invitation for {made.display_name or 'a new account'} ({made.role} of {made.organisation}), "
            f"once, until {club_time(made.expires_at)}:\n{made.link(base)}")


def cmd_user_grant(args) -> dict | str:
    from polling import organisations
    database()
    organisations.grant(args.username, args.org, args.role)
    return ({"username": args.username, "organisation": args.org, "role": args.role} if args.json
            else f"{args.username} is a {args.role} of {args.org}.")


def cmd_user_revoke(args) -> dict | str:
    from polling import organisations
    database()
    organisations.revoke(args.username, args.org)
    return ({"username": args.username, "organisation": args.org, "role": None} if args.json
            else f"{args.username} has no role in {args.org} any more.")


def cmd_org_add(args) -> dict | str:
    from polling import organisations
    database()
    org = organisations.create_organisation(args.slug, args.name, args.kind, args.federation, args.share_panel,
                                            args.share_research, authority=args.authority or "")
    return asdict(org) if args.json else (f"Added the {org.kind} {org.name} ({org.slug}); new cases start from the "
                                          f"skip-bid regulation '{org.skip_bid_regulation}'.")


def cmd_org_rename(args) -> dict | str:
    from polling import organisations
    database()
    org = organisations.rename(args.slug, args.name)
    return asdict(org) if args.json else f"{org.slug} is now called {org.name}."


def cmd_org_list(args) -> dict | str:
    from polling import organisations
    database()
    found = organisations.list_organisations()
    if args.json:
        return {"organisations": [asdict(o) for o in found]}
    slugs = {o.id: o.slug for o in found}

    def shares(o) -> str:
        said = [w for w, on in (("shares its panel", o.shares_panel), ("shares its research corpus", o.shares_research))
                if on]
        return (" of " + slugs[o.federation_id] if o.federation_id else "") + (", " + " and ".join(said) if said else "")
    return "\n".join(f"{o.slug:20} {o.kind:10} {o.name}{shares(o)}" for o in found)


def cmd_user_list(args) -> dict | str:
    """Every account with its roles (or an organisation's members with their role there)."""
    from polling import accounts, organisations
    database()
    users = accounts.list_users(organisation_id=organisations.find_organisation(args.org).id if args.org else None)
    if args.json:
        return {"users": [{"username": u.username, "display_name": u.display_name, "disabled": u.disabled,
                           "roles": [{"organisation": r.organisation, "role": r.role} for r in u.roles]}
                          for u in users]}
    return "\n".join(f"{u.username:20} {'; '.join(f'{r.role} of {r.organisation}' for r in u.roles):40} "
                     f"{'disabled ' if u.disabled else ''}{u.display_name}" for u in users) or "No accounts."


def cmd_user_passwd(args) -> dict | str:
    """Set an account's password (a director's reset); its other sign-ins end."""
    from polling import accounts
    database()
    accounts.reset_password(args.username, _read_password(args.password_stdin))   # asked twice on a terminal
    return {"username": args.username, "password": "set"} if args.json else f"Password of {args.username} set."


def cmd_user_disable(args) -> dict | str:
    from polling import accounts
    database()
    user = accounts.set_disabled(args.username, not args.enable)
    state = "disabled" if user.disabled else "enabled"
    return {"username": user.username, "disabled": user.disabled} if args.json else f"{user.username} {state}."


def register(r) -> None:
    p = r.add("addresses", cmd_addresses)
    p.add_argument("--port", type=bounded(int, 1, 65535, "a port"), default=8501)
    p.add_argument("--host", default="0.0.0.0", help="the address the server listens on")

    p = r.add("setup", cmd_setup)
    p.add_argument("--no-examples", action="store_true", help="do not load the example cases")

    p = r.add("backup", cmd_backup)
    p.add_argument("file", help="the new backup file (must not exist yet)")
    p = r.add("restore", cmd_restore)
    p.add_argument("file", help="a file `huddle backup` wrote")

    orgs = r.group("org")
    p = r.add("add", cmd_org_add, "Add a club or a federation.", under=orgs)
    p.add_argument("slug", help="its short name: lower-case letters, digits and '-'")
    p.add_argument("--name", required=True, help="its full name")
    p.add_argument("--kind", choices=["club", "federation"], default="club")
    p.add_argument("--federation", metavar="SLUG", help="a club's federation")
    p.add_argument("--share-panel", action="store_true", help="a federation: its clubs' directors may poll its panel")
    p.add_argument("--share-research", action="store_true",
                   help="a federation: its clubs' researchers study all its clubs' cases, anonymised")
    p.add_argument("--authority", help="its regulating authority (ACBL, EBU, NBB, FFB, DBV, KBBB, WBF): new cases "
                                       "start from its skip-bid regulation, or the Laws alone where Huddle holds none")
    r.add("list", cmd_org_list, "List the organisations.", under=orgs)
    p = r.add("rename", cmd_org_rename, "Give an organisation a new name (the default one is 'Our club').", under=orgs)
    p.add_argument("slug")
    p.add_argument("--name", required=True)

    users = r.group("user")
    p = r.add("add", cmd_user_add, "Add an account (asks for the password, or reads it from stdin).", under=users)
    p.add_argument("username")
    p.add_argument("--role", default="director", help="director, committee or researcher")
    p.add_argument("--org", metavar="SLUG", help="the organisation the role is in (default: the default one)")
    p.add_argument("--name", help="the name shown on rulings")
    p.add_argument("--password-stdin", action="store_true", help="read the password from one line of stdin")
    p = r.add("invite", cmd_user_invite, "A one-time link with which a new account sets its own password.",
              under=users)
    p.add_argument("--role", default="committee", help="director, committee or researcher (default committee)")
    p.add_argument("--org", metavar="SLUG", help="the organisation the role is in (default: the default one)")
    p.add_argument("--name", help="the name shown on rulings (its holder may change it)")
    p.add_argument("--days", type=bounded(int, 1, 30, "a number of days from 1 to 30"), default=7,
                   help="how long the link lasts (default 7)")
    p.add_argument("--base", help="the address the link carries (default: HUDDLE_PUBLIC_URL)")
    p = r.add("list", cmd_user_list, "List the accounts with their roles.", under=users)
    p.add_argument("--org", metavar="SLUG", help="only this organisation's members, with their role there")
    p = r.add("grant", cmd_user_grant, "Give an account a role in an organisation (roles are per organisation).", under=users)
    p.add_argument("username")
    p.add_argument("role", help="director, committee or researcher")
    p.add_argument("--org", metavar="SLUG", required=True)
    p = r.add("revoke", cmd_user_revoke, "Take an account's role in an organisation away.", under=users)
    p.add_argument("username")
    p.add_argument("--org", metavar="SLUG", required=True)
    p = r.add("passwd", cmd_user_passwd, "Set an account's password (its other sign-ins end).", under=users)
    p.add_argument("username")
    p.add_argument("--password-stdin", action="store_true", help="read the password from one line of stdin")
    p = r.add("disable", cmd_user_disable, "Disable an account (it is signed out everywhere), or --enable it.", under=users)
    p.add_argument("username")
    p.add_argument("--enable", action="store_true", help="enable a disabled account again")


