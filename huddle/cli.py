"""The ``huddle`` command: a scoring calculator for directors, and set-up for the app.

Every subcommand prints a readable table, or one JSON object with ``--json`` (fractions as strings
in lowest terms). A user mistake prints one line naming the problem and exits with status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Callable, Sequence

from analysis.files.games import read_games
from analysis import (AdjustedTable, HuddleInputError, PlayedContract, Scale, WeightedScore,
                      display, fraction_str, imps, parse_field, parse_fraction, score_board,
                      weighted_imps)
from analysis.bridge import SEAT_NAMES, call_symbol, vulnerability
from analysis.numbers import counted, percent
from analysis.bridge.scoring import parse_score

EXIT_USER_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake on one line, with exit status 2."""

    def error(self, message: str):  # noqa: D401 - argparse hook
        self.exit(EXIT_USER_ERROR, f"huddle: error: {message}\n")


# ---------------------------------------------------------------- score

def cmd_score(args) -> dict | str:
    contract = PlayedContract.parse(args.contract, args.by)
    vul = vulnerability(args.vul, "--vul")
    ns = contract.ns_score(vul)
    if args.json:
        return {"ns": ns, "ew": -ns}
    strain = call_symbol(f"{contract.level}{contract.strain}")
    result = "=" if contract.result == 0 else f"{contract.result:+d}"
    return "\n".join([
        f"{strain}{contract.penalty}{result} by {SEAT_NAMES[contract.declarer]}, "
        f"{contract.tricks} tricks, vulnerability {vul}",
        f"  North-South  {ns:+d}",
        f"  East-West    {-ns:+d}",
    ])


# ---------------------------------------------------------------- mp

def cmd_mp(args) -> dict | str:
    field = parse_field(args.field)
    tables = []
    for i, text in enumerate(args.adjusted or []):
        ns_text, _, ew_text = text.partition("|")
        try:
            tables.append(AdjustedTable.parse(ns_text, ew_text or None))
        except HuddleInputError as exc:
            raise HuddleInputError(f"--adjusted #{i + 1}", exc.problem) from None
    board = score_board(field, tables, Scale.parse(args.scale))
    if args.json:
        return board.to_dict()
    show = lambda v: display(v, args.rounding)  # noqa: E731
    lines = [f"Matchpoints, {'WBF 2-1' if board.scale is Scale.WBF else 'ACBL 1-1/2'} scale, "
             f"{fraction_str(board.results)} results, top {show(board.top)}",
             f"  {'NS score':>9}  {'frequency':>9}  {'NS MPs':>8}  {'EW MPs':>8}"]
    ew = {l.score: l for l in board.ew_lines}
    for line in board.ns_lines:
        ew_mp = show(ew[line.score].matchpoints) if line.score in ew else ""
        lines.append(f"  {line.score:>+9d}  {show(line.frequency):>9}  {show(line.matchpoints):>8}  {ew_mp:>8}")
    for i, (table, score) in enumerate(zip(tables, board.adjusted), 1):
        parts = " + ".join(f"{fraction_str(w)} × {s:+d}" for s, w in table.ns.components)
        lines.append(f"Adjusted table {i}: {parts}")
        lines += _left_out_lines(table.ns.left_out + (table.ew.left_out if table.ew else ()))
        lines.append(f"  North-South {show(score.ns_matchpoints)} MPs ({display(score.ns_percentage, 'wbf1')}%)"
                     f", East-West {show(score.ew_matchpoints)} MPs ({display(score.ew_percentage, 'wbf1')}%)")
    return "\n".join(lines)


def _left_out_lines(scores) -> list[str]:
    return [f"  {s:+d} at weight 0 is left out (Law 12C1(c): the cancelled action gets no weight)"
            for s in dict.fromkeys(scores)]


# ---------------------------------------------------------------- imp

def cmd_imp(args) -> dict | str:
    other = parse_score(args.other, "--other")
    adjusted = WeightedScore.parse(args.adjusted, "--adjusted")
    total = weighted_imps(adjusted, other)
    if args.json:
        return {"imps": fraction_str(total)}
    lines = [f"Other table {other:+d}; each result IMPed against it, then weighted"]
    for s, w in adjusted.components:
        lines.append(f"  {fraction_str(w):>6} × IMP({s:+d} − {other:+d} = {s - other:+d}) = "
                     f"{fraction_str(w)} × {imps(s - other):+d}")
    return "\n".join(lines + _imps_total_lines(adjusted, total, args.rounding))


def _imps_total_lines(adjusted: WeightedScore, total, rounding: str) -> list[str]:
    """The results left out at weight 0, then the side's IMPs, exact and to one decimal."""
    return [*_left_out_lines(adjusted.left_out), f"  total {display(total, rounding)} IMPs ({display(total, 'wbf1')})"]


def cmd_butler(args) -> dict | str:
    from analysis.law.assigned import butler_working
    from analysis.bridge.scoring import ButlerDatum, weighted_butler
    field = parse_field(args.field)
    adjusted = WeightedScore.parse(args.adjusted, "--adjusted")
    if args.drop is not None and args.drop < 0:
        raise HuddleInputError("--drop", f"{args.drop} must be a count of scores (0 or more)")
    rule = ButlerDatum(args.drop, args.with_table)
    try:
        total = weighted_butler(adjusted, field, rule)
    except HuddleInputError as exc:
        raise HuddleInputError("--drop", exc.problem) from None
    if args.json:
        return {"imps": fraction_str(total), "datum": rule.to_dict()}
    return "\n".join([f"Butler IMPs: {butler_working(adjusted, field, rule)}",
                      *_imps_total_lines(adjusted, total, args.rounding)])


def cmd_cross_imps(args) -> dict | str:
    from analysis.law.assigned import cross_imps_working
    from analysis.bridge.scoring import weighted_cross_imps
    field = parse_field(args.field)
    adjusted = WeightedScore.parse(args.adjusted, "--adjusted")
    total = weighted_cross_imps(adjusted, field, not args.sum)
    if args.json:
        return {"imps": fraction_str(total)}
    return "\n".join([f"Cross-IMPs: {cross_imps_working(adjusted, field, not args.sum)}",
                      *_imps_total_lines(adjusted, total, args.rounding)])


# ---------------------------------------------------------------- la (logical alternatives)

def _counts(text: str | None, option: str) -> dict[str, tuple[str, int]]:
    """ "4S=6 X=2 Pass=2" → {action key: (spelling given, count)}; calls are matched by meaning."""
    from analysis.limits import MAX_POLL_COUNT
    from analysis.law.logical_alternatives import action_key
    out: dict[str, tuple[str, int]] = {}
    for item in (text or "").replace(",", " ").split():
        action, sep, count = item.rpartition("=")
        if not sep or not action or not count.lstrip("-").isdecimal():
            raise HuddleInputError(option, f"'{item}' should be ACTION=COUNT, e.g. Pass=2")
        if len(count) > 6 or int(count) < 0 or int(count) > MAX_POLL_COUNT:
            raise HuddleInputError(option, f"'{item[:30]}': a count is a number of pollees, 0 to {MAX_POLL_COUNT:,}")
        if action_key(action) in out:
            raise HuddleInputError(option, f"'{action}' is given twice")
        out[action_key(action)] = (action, int(count))
    return out


def _custom(args) -> dict:
    """The custom policy's parameters (refused with a preset, which fixes its own)."""
    given = {"consider_strict": args.strict or None,
             "select_min_count": args.select_min_count,
             "select_min_share": None if args.select_min_share is None else
             parse_fraction(args.select_min_share, "--select-min-share"),
             "no_la_above": None if args.no_la_above is None else parse_fraction(args.no_la_above, "--no-la-above")}
    given = {k: v for k, v in given.items() if v is not None}
    if given and args.policy.lower() != "custom":
        raise HuddleInputError("--policy", f"{', '.join('--' + k.replace('_', '-') for k in given)} "
                                           "need --policy custom")
    if args.policy.lower() == "custom" and not given and args.consider_min is None:
        raise HuddleInputError("--policy", "a custom policy needs at least one threshold")
    return given


def cmd_la(args) -> dict | str:
    from analysis.law.logical_alternatives import ActionCount, logical_alternatives, policy
    tables = [_counts(args.chose, "--chose"), _counts(args.close, "--close"),
              _counts(args.considered, "--considered")]
    names: dict[str, str] = {}
    for table in tables:
        for key, (action, _) in table.items():
            names.setdefault(key, action)
    rows = [ActionCount(name, *(t.get(key, (name, 0))[1] for t in tables)) for key, name in names.items()]
    result = logical_alternatives(rows, args.table_action, policy(args.policy, args.consider_min, **_custom(args)),
                                  args.interval)
    if args.json:
        return result.to_dict()
    lines = [f"Policy {result.policy.name} ({result.policy.source}); {result.poll_size} pollees; "
             f"{args.interval} {round(result.level * 100)}% intervals"]
    lines.append(f"{'action':8} {'chose':>5} {'close':>5} {'consid':>6}  {'verdict':12} {'interval':15} "
                 f"{'p_meets':>7}  confidence")
    for v in result.verdicts:
        c = v.counts
        p = "" if v.p_meets is None else f"{float(v.p_meets):.3f}"
        more = f" (+{v.more_pollees} pollees)" if v.more_pollees else ""
        lines.append(f"{v.action:8} {c.chose:5} {c.close:5} {c.considered:6}  {v.verdict:12} "
                     f"[{float(v.interval.low):.3f}, {float(v.interval.high):.3f}] {p:>7}  {v.confidence or ''}{more}")
    lines += [f"  {v.action}: {v.reason}" + (f" p_meets and confidence are those of the test that decided: "
                                             f"{v.decided_by}." if v.decided_by else
                                             " (decided on a count: no uncertainty figure)" if
                                             v.verdict != "table action" else "")
              for v in result.verdicts]
    lines.append("p_meets: the chance the true share meets the deciding test's bound, the pollees taken as a sample "
                 "of the player's peers (Jeffreys prior); firm when at most 10% or at least 90%.")
    return "\n".join(lines)


# ---------------------------------------------------------------- rule

def cmd_rule(args) -> dict | str:
    from analysis.law.ruling import rule
    ruling = rule(_case_file(args.case), args.policy, args.consider_min)
    return ruling.to_dict() if args.json else ruling.text


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


def cmd_methods(args) -> dict | str:
    """The adjustment methods the given edition of the Laws allows, with their law and inputs."""
    from analysis.law.editions import edition
    from analysis.law.methods import methods_for
    laws = edition(args.laws, "--laws")
    rows = [{"method": name, "title": m.title, "law": m().law(laws),
             "inputs": [s.name for s in m.slots], "committee_may_change": sorted(m.committee)}
            for name, m in methods_for(laws).items()]
    if args.json:
        return {"laws": laws, "methods": rows}
    return "\n".join(f"{r['method']:<14} {r['law']}" for r in rows)


def _case_file(path: str):
    from analysis.law import case as case_files
    text = _read_file(path)
    try:
        return case_files.loads(text)
    except HuddleInputError as exc:
        raise HuddleInputError(f"{path}: {exc.field}", exc.problem) from None


# ---------------------------------------------------------------- report

def cmd_report(args) -> dict | str:
    """A ruling report of a case file (a path) or of a stored case (its id, with its polls and
    appeal), as HTML and/or PDF in the reports folder."""
    from polling import settings
    from reports.content import report_for_file, report_for_stored_case
    from reports.render import write_report
    formats = [f for f in ("html", "pdf") if getattr(args, f)] or ["html", "pdf"]
    organisation = None
    if args.case.endswith(".json") or _is_file(args.case):
        report = report_for_file(_case_file(args.case))
    else:
        from polling.dossier import load_dossier
        seen = load_dossier(_stored_case(args))
        report = report_for_stored_case(seen.case, seen.status, seen.polls, seen.committee)
        organisation = _organisation(args)
    written = write_report(report, formats, _output_folder(args.output) if args.output
                           else settings.reports_dir(organisation))
    if args.json:
        return {"case": report.case_id, "files": {fmt: str(path) for fmt, path in written.items()}}
    return "\n".join(f"Wrote {path}" for path in written.values())


# ---------------------------------------------------------------- simulate

def cmd_simulate(args) -> dict | str:
    """Deal the unseen hands of a case file or a stored case and play each polled action's contract
    double dummy on them, with and without the UI's inference: evidence for question 3."""
    import time
    from dataclasses import replace
    from analysis.evidence.simulation import simulate
    from analysis.law.simulation import SimulationSettings
    if args.case.endswith(".json") or _is_file(args.case):
        case = _case_file(args.case)
    else:
        from polling import cases
        case = cases.get_case(_stored_case(args)).case
    given = (case.simulation or SimulationSettings()).to_dict()
    if args.deals is not None:
        given["deals"] = args.deals
    if args.seed is not None:
        given["seed"] = args.seed
    if args.inference is not None:
        given["inference"] = args.inference
    for option, key in ((args.reading, "readings"), (args.contract, "contracts")):
        for pair in option or []:
            name, sep, value = pair.partition("=")
            if not sep:
                raise HuddleInputError(f"--{key[:-1]}", f"'{pair[:40]}' needs the form NAME=VALUE")
            if key == "readings":
                if not name.strip().isdecimal() or not 1 <= int(name) <= len(case.board.auction.calls):
                    raise HuddleInputError("--reading", f"'{name[:12]}' is not a call number of the auction")
                name = str(int(name) - 1)
            given.setdefault(key, {})[name.strip()] = value.strip()
    settings = SimulationSettings.from_dict(given, len(case.board.auction.calls), "simulation")
    started = time.perf_counter()
    result = simulate(replace(case, simulation=settings))
    seconds = time.perf_counter() - started
    if args.json:
        return {**result.to_dict(), "seconds": round(seconds, 2)}
    return simulation_text(result, seconds)


def simulation_text(result, seconds: float) -> str:
    from analysis.bridge import SEAT_NAMES
    from analysis.law.logical_alternatives import action_name
    from analysis.numbers import display, fraction_str
    lines = [f"{result.wanted} deals of the unseen hands, seed {result.seed}; {SEAT_NAMES[result.player]} held "
             f"{result.known_hand}.", "What the auction said about the other hands:"]
    for r in result.readings:
        lines.append(f"  call {r.index + 1:>2} {SEAT_NAMES[r.seat]:5} {action_name(r.call):6} "
                     f"{r.hand.text() if r.hand else '—':28} {r.source}")
    lines.append(f"The inference ({result.ui}): {result.inference_words} ({SEAT_NAMES[result.partner]}: "
                 f"{result.inference.text()}).")
    for run in (result.without, result.with_inference):
        d = run.dealt
        lines.append(f"{run.label.capitalize()}: {d.words()}.")
        for o in run.outcomes:
            tricks = ", ".join(f"{t} tricks {fraction_str(w)}" for t, w in o.trick_weights())
            lines.append(f"  {action_name(o.action):6} {o.contract.text():10} mean {display(o.mean)} {result.unit}; "
                         f"{tricks}")
    lines += [f"Q3 evidence: {result.q3_evidence(a)}" for a in result.alternatives]
    lines.append(f"Double dummy on dealt hands is evidence, not the verdict; {round(seconds, 1)} s.")
    return "\n".join(lines)


# ---------------------------------------------------------------- research

def cmd_calibrate(args) -> dict | str:
    from analysis.research import calibration as research
    from polling import settings
    if args.corpus and args.synthetic:
        raise HuddleInputError("--synthetic", "give a corpus file or --synthetic, not both")
    if args.corpus:
        path, label = args.corpus, "the corpus given"
    elif args.synthetic:
        path, label = str(settings.research_dir() / "demo-corpus.csv"), "the SYNTHETIC demonstration corpus (not real rulings)"
    else:
        path, label = str(settings.research_dir() / "published-rulings.csv"), "the published rulings (real)"
    corpus = _corpus_file(path)
    oc = research.operating_characteristic(args.policy)
    fitted, left_out = research.counted_rows(corpus)
    try:
        fits = research.implied_thresholds(corpus)
    except HuddleInputError as exc:
        fits, left_out = None, left_out + [exc.problem]
    flips = {decider: research.flip_counts(research.sensitivity(corpus, decider=decider))
             for decider, column in research.DECIDERS.items() if fitted[column].notna().any()}
    sizes = (3, 5, 7, 10, 15, 20, 30)
    wrong = oc.wrong_verdict(args.delta)
    out = {"corpus": {"label": label, **research.corpus_summary(corpus)},
           "implied_thresholds": [] if fits is None else [
               {**r, "threshold": None if not r["identified"] else r["threshold"]}
               for r in fits.round(4).to_dict(orient="records")],
           "operating_characteristic": {
               "policy": oc.policy, "threshold": oc.threshold, "delta": args.delta,
               "wrong_verdict": {str(n): round(float(wrong[n - 1]), 4) for n in sizes},
               "smallest_poll_90": oc.smallest_poll(args.delta),
               "first_poll_right_90": oc.first_poll_right(args.delta)},
           "decisions_that_flip": flips,
           "warnings": left_out + research.jurisdictions_left_out(fitted)
           + ([] if fits is None else research.too_few_decisions(fits))}
    if args.json:
        return out
    summary = out["corpus"]
    lines = [f"Corpus: {label}: {summary['rows']} rows from {summary['cases']} cases, {summary['with_counts']} with "
             f"counts ({summary['synthetic_rows']} synthetic).",
             "  by evidence: " + ", ".join(f"{k} {n}" for k, n in summary["by_evidence"].items()),
             "  by jurisdiction: " + ", ".join(f"{k} {n}" for k, n in summary["by_jurisdiction"].items()),
             "", "Implied thresholds (95% profile-likelihood intervals; the true-share model, docs/research.md):"]
    lines += [f"  {r['words']}" for r in out["implied_thresholds"]]
    lines += [f"  Warning: {w}." for w in out["warnings"]]
    lines += ["", f"{oc.policy} at {percent(oc.threshold)}: chance of the wrong verdict when the truth is "
                  f"{percent(args.delta)} from the threshold:"]
    lines += ["  " + "  ".join(f"n={n}: {percent(wrong[n - 1])}" for n in sizes)]
    lines.append(f"  every poll of {oc.smallest_poll(args.delta) or 'more than 200'} pollees or more is right 90% of the "
                 f"time (the first size right so is {oc.first_poll_right(args.delta)}; the sizes between are a "
                 "sawtooth, some wrong more often)")
    for decider, counts in flips.items():
        lines.append(f"Decisions by {decider}s that a threshold of … would reverse: "
                     + ", ".join(f"{t}: {k}" for t, k in counts.items()))
    return "\n".join(lines)


def _corpus_file(path: str):
    from analysis.research import calibration as research
    try:
        return research.loads_corpus(_read_file(path))
    except HuddleInputError as exc:
        raise HuddleInputError(f"{path}: {exc.field}", exc.problem) from None


def cmd_corpus_export(args) -> dict | str:
    from analysis.research import calibration as research
    from polling.corpus import database_corpus
    corpus = database_corpus(organisation_id=_organisation(args))
    if corpus is None:
        raise HuddleInputError("corpus", "no stored case has a recorded poll with a ruling")
    if args.output.lower().endswith(".parquet"):
        try:
            corpus[list(research.CORPUS_COLUMNS)].to_parquet(args.output, index=False)
        except (OSError, ValueError) as exc:
            raise HuddleInputError("--output", f"'{args.output[:80]}' cannot be written ({exc})"[:200]) from None
    elif args.output.lower().endswith(".csv"):
        _write_output(args.output, research.dumps_corpus(corpus))
    else:
        raise HuddleInputError("--output", "name a .csv or a .parquet file")
    return {"rows": len(corpus), "file": args.output} if args.json else f"Wrote {len(corpus)} rows to {args.output}"


# ---------------------------------------------------------------- setup (database + examples)

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
    _database()
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


# ---------------------------------------------------------------- accounts

def _database() -> None:
    """The schema brought up to date (the app and every command run the migrations first)."""
    from polling.setup import prepare_database
    prepare_database(load_examples=False)


def cmd_user_add(args) -> dict | str:
    from polling import accounts
    organisation = _organisation(args)
    password = _read_password(args.password_stdin)
    user = accounts.create_user(args.username, password, args.role, args.name or "", organisation_id=organisation)
    out = {"username": user.username, "role": user.role, "organisation": user.organisation,
           "display_name": user.display_name}
    return out if args.json else f"Added {user.username} ({user.role} of {user.organisation})."


def cmd_user_grant(args) -> dict | str:
    from polling import organisations
    _database()
    organisations.grant(args.username, args.org, args.role)
    return ({"username": args.username, "organisation": args.org, "role": args.role} if args.json
            else f"{args.username} is a {args.role} of {args.org}.")


def cmd_user_revoke(args) -> dict | str:
    from polling import organisations
    _database()
    organisations.revoke(args.username, args.org)
    return ({"username": args.username, "organisation": args.org, "role": None} if args.json
            else f"{args.username} has no role in {args.org} any more.")


def cmd_org_add(args) -> dict | str:
    from polling import organisations
    _database()
    org = organisations.create_organisation(args.slug, args.name, args.kind, args.federation, args.share_panel,
                                            args.share_research)
    return asdict(org) if args.json else f"Added the {org.kind} {org.name} ({org.slug})."


def cmd_org_rename(args) -> dict | str:
    from polling import organisations
    _database()
    org = organisations.rename(args.slug, args.name)
    return asdict(org) if args.json else f"{org.slug} is now called {org.name}."


def cmd_org_list(args) -> dict | str:
    from polling import organisations
    _database()
    found = organisations.list_organisations()
    if args.json:
        return {"organisations": [asdict(o) for o in found]}
    slugs = {o.id: o.slug for o in found}

    def shares(o) -> str:
        said = [w for w, on in (("shares its panel", o.shares_panel), ("shares its research corpus", o.shares_research))
                if on]
        return (" of " + slugs[o.federation_id] if o.federation_id else "") + (", " + " and ".join(said) if said else "")
    return "\n".join(f"{o.slug:20} {o.kind:10} {o.name}{shares(o)}" for o in found)


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


def cmd_user_list(args) -> dict | str:
    """Every account with its roles (or an organisation's members with their role there)."""
    from polling import accounts, organisations
    _database()
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
    _database()
    accounts.reset_password(args.username, _read_password(args.password_stdin))   # asked twice on a terminal
    return {"username": args.username, "password": "set"} if args.json else f"Password of {args.username} set."


def cmd_user_disable(args) -> dict | str:
    from polling import accounts
    _database()
    user = accounts.set_disabled(args.username, not args.enable)
    state = "disabled" if user.disabled else "enabled"
    return {"username": user.username, "disabled": user.disabled} if args.json else f"{user.username} {state}."


# ---------------------------------------------------------------- cases

def _board_number(text: str) -> int:
    if not text.isdecimal() or not 1 <= int(text) <= 9999:
        raise argparse.ArgumentTypeError(f"'{text}' is not a board number (1 to 9999)")
    return int(text)


def _who(args) -> str:
    import getpass
    return args.as_user or f"cli:{getpass.getuser()}"


def _organisation(args, director: bool = False) -> int:
    """The organisation a stored-case command acts in: --org (default: the default organisation),
    or, when --as names an account, that account's organisation, where it must hold a role (a
    director's, to change a case). A case of any other organisation is refused as unknown."""
    from polling import accounts, organisations
    _database()
    chosen = organisations.find_organisation(args.org).id if getattr(args, "org", None) else None
    if not getattr(args, "as_user", None):
        return chosen or organisations.DEFAULT_ORGANISATION
    held = accounts.roles_of(args.as_user)
    if held is None:
        raise HuddleInputError("--as", f"there is no account named '{args.as_user[:60]}'; give an account's user "
                                       "name, or leave --as out to act as yourself")
    disabled, roles = held
    if disabled:
        raise HuddleInputError("--as", f"the account '{args.as_user}' is disabled")
    role = next((r for r in roles if chosen in (None, r.organisation_id)), None)
    if role is None:
        raise HuddleInputError("--as", f"'{args.as_user}' holds no role in that organisation")
    if director and role.role != "director":
        raise HuddleInputError("--as", f"'{args.as_user}' is a {role.role} of {role.organisation}: only a director "
                                       "changes a case")
    return role.organisation_id


def _stored_case(args, director: bool = False) -> int:
    """The record id of the case ``args.id`` (or ``args.case``) in the organisation acted in."""
    from polling import cases
    slug = getattr(args, "id", None)
    slug = getattr(args, "case", "") if slug is None else slug
    return cases.find_case(slug, organisation_id=_organisation(args, director))


def _read_bytes(path: str) -> bytes:
    """A file's bytes, at most MAX_FILE_BYTES of them (a device or a huge file is refused, never
    read whole)."""
    from analysis.limits import MAX_FILE_BYTES
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise HuddleInputError(path[:200], f"cannot read the file ({exc.strerror})") from None
    except ValueError:                        # a NUL character in the name
        raise HuddleInputError("file", "the name holds a character no file name can") from None
    if len(data) > MAX_FILE_BYTES:
        raise HuddleInputError(path[:200], f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; "
                                           "a hand-record, case or results file is far smaller")
    return data


def _write_output(name: str, text: str) -> None:
    """Write ``--output``, or refuse it in words (a folder, a device, no such folder, no right)."""
    try:
        Path(name).write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise HuddleInputError("--output", f"'{name[:80]}' cannot be written "
                                           f"({getattr(exc, 'strerror', None) or 'not a usable name'})") from None


def _is_file(text: str) -> bool:
    try:
        return Path(text).is_file()
    except (OSError, ValueError):          # a name too long, or with a NUL, names no file
        return False


def _output_folder(text: str) -> Path:
    """A folder to write into: an existing folder, or one that can be made."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        raise HuddleInputError("--output", f"'{text[:80]}' is not a folder Huddle can write in "
                                           f"({getattr(exc, 'strerror', None) or 'not a usable name'})") from None
    return folder


def _bounded(kind, low, high, what: str):
    """An argparse type: a number of ``kind`` from ``low`` to ``high``, refused in words otherwise."""
    def read(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text[:20]}' is not {what}") from None
        if not low <= value <= high:         # NaN fails both comparisons
            raise argparse.ArgumentTypeError(f"{text[:20]} is outside {low} to {high} ({what})")
        return value
    return read


def _read_file(path: str) -> str:
    from analysis.files.text import decode
    return decode(_read_bytes(path))[0]


_HAND_RECORDS = (".pbn", ".lin")


def _case_from_file(path: str, args, notes: list[str] | None = None):
    """The case a file makes; a hand record's notes on the board read (a contract that differs from
    the auction, a result left out) are added to ``notes``."""
    from analysis.law import case as case_files
    try:
        if path.lower().endswith(_HAND_RECORDS):
            if not args.title:
                raise HuddleInputError("--title", "a case made from a PBN or LIN file needs a title")
            read = read_games(_read_bytes(path), path)
            if args.board is None and args.game is None:
                if len(read.games) + len(read.problems) > 1:
                    boards = ", ".join(sorted({g.label or "?" for g in read.games} |
                                              {p.board or "?" for p in read.problems}, key=lambda b: (len(b), b)))
                    raise HuddleInputError("--board", f"the file has {len(read.games) + len(read.problems)} boards "
                                                      f"({boards}): choose one with --board (or --game)")
            game = case_files.pick_game(read, args.board, args.room, args.game)
            if notes is not None:
                notes += [f"{path}: {w}" for w in game.warnings]
            return case_files.from_game(game, args.id or case_files.case_id_from_title(args.title), args.title, args.kind)
        return case_files.loads(_read_file(path))
    except HuddleInputError as exc:
        raise HuddleInputError(f"{path}: {exc.field}", exc.problem) from None


def cmd_case_boards(args) -> dict | str:
    """What a PBN or LIN file holds: each board read, each board refused and why."""
    try:
        read = read_games(_read_bytes(args.file), args.file)
    except HuddleInputError as exc:
        raise HuddleInputError(f"{args.file}: {exc.field}", exc.problem) from None
    games = [{"game": g.position, "board": g.board.number, "label": g.label, "room": g.room,
              "line": g.line, "contract": g.board.auction.contract_text() or g.contract,
              "warnings": list(g.warnings)} for g in read.games]
    refused = [{"game": p.position, "board": p.board, "line": p.line, "problem": p.problem} for p in read.problems]
    if args.json:
        return {"file": args.file, "encoding": read.encoding, "read": games, "refused": refused}
    lines = [f"{args.file}: {counted(len(games), 'board')} read, {len(refused)} refused ({read.encoding})"]
    lines += [f"  game {g['game']:>3}  board {g['label'] or '?':>4}{' ' + g['room'] if g['room'] else ''}  "
              f"{g['contract'] or 'no auction'}" + "".join(f"\n      note: {w}" for w in g["warnings"])
              for g in games]
    lines += [f"  refused: {p}" for p in read.problems]
    return "\n".join(lines)


def cmd_case_import(args) -> dict | str:
    from polling import cases
    if len(args.files) > 1 and any(f.lower().endswith(_HAND_RECORDS) for f in args.files):
        raise HuddleInputError("files", "import one PBN or LIN file at a time (it takes --title and --board)")
    notes: list[str] = []
    new = [_case_from_file(f, args, notes) for f in args.files]   # every file validated before any is written
    ids = cases.create_cases(new, _who(args), "imported", organisation_id=_organisation(args, director=True))
    out = {"imported": [{"id": c.id, "record": r, "title": c.title} for c, r in zip(new, ids)], "notes": notes}
    return out if args.json else "\n".join([f"Imported {c.id}: {c.title}" for c in new] + [f"  note: {n}" for n in notes])


def cmd_case_export(args) -> dict | str:
    from polling import cases
    text = cases.export_case(_stored_case(args))
    if args.pbn:
        from analysis.law import case as case_files
        text = case_files.to_pbn(case_files.loads(text))
        if not args.output:
            return {"id": args.id, "pbn": text} if args.json else text.rstrip("\r\n")
    if args.output:
        _write_output(args.output, text)
        return {"exported": args.id, "file": args.output} if args.json else f"Wrote {args.output}"
    return json.loads(text) if args.json else text.rstrip("\n")


def cmd_case_list(args) -> dict | str:
    from polling import db
    records = db.case_index(organisation_id=_organisation(args))
    if args.json:
        return {"cases": [{"id": r.slug, "title": r.title, "kind": r.kind, "status": r.status} for r in records]}
    return "\n".join(f"{r.slug:32} {r.kind} {r.status:9} {r.title}" for r in records) or "No cases."


def cmd_case_status(args) -> dict | str:
    from polling import cases
    cases.set_status(_stored_case(args, director=True), args.status, _who(args), args.reason or "")
    return {"id": args.id, "status": args.status} if args.json else f"{args.id} is now {args.status}"


def cmd_case_history(args) -> dict | str:
    from polling import cases
    changes = cases.history(_stored_case(args))
    rows = [{"at": c.at.isoformat(), "who": c.username, "action": c.action, "summary": c.summary,
             "status": c.status} for c in changes]
    if args.json:
        return {"id": args.id, "history": rows}
    return "\n".join(f"{r['at'][:19]}  {r['who']:24} {r['summary']}" for r in rows)


def cmd_case_rule(args) -> dict | str:
    """Save a version of the stored case's ruling (from its ruling section)."""
    from polling import cases, rulings
    record_id = _stored_case(args, director=True)
    inputs = cases.get_case(record_id).case.ruling
    if inputs is None:
        raise HuddleInputError("ruling", f"case '{args.id}' has no ruling section to save")
    saved = rulings.save_ruling(record_id, inputs, _who(args))
    result = json.loads(saved.result)
    return ({"id": args.id, "version": saved.version, **result} if args.json
            else f"Saved ruling version {saved.version} of {args.id}.\n\n{result['text']}")


def cmd_case_rulings(args) -> dict | str:
    from polling import rulings
    versions = rulings.ruling_versions(_stored_case(args))
    rows = [{"version": v.version, "at": v.at.isoformat(), "who": v.username, "policy": v.policy,
             "adjusted": v.adjusted, "text": json.loads(v.result)["text"]} for v in versions]
    if args.json:
        return {"id": args.id, "rulings": rows}
    return "\n".join(f"v{r['version']}  {r['at'][:19]}  {r['who']:24} "
                     f"{'adjusted' if r['adjusted'] else 'no adjustment'} ({r['policy']})" for r in rows) \
        or f"No ruling saved for {args.id}."


def cmd_case_field(args) -> dict | str:
    """Set a stored case's field from the scoring program's results (PBN ScoreTable, USEBIO, CSV)."""
    from polling import cases
    record_id = _stored_case(args, director=True)
    try:
        field = cases.field_from_results(record_id, _read_bytes(args.file), args.file, _who(args), args.ns_pair,
                                         args.ew_pair, args.format, args.board)
    except HuddleInputError as exc:
        raise HuddleInputError(f"{args.file}: {exc.field}", exc.problem) from None
    out = {"id": args.id, "field": list(field.scores), "note": field.note}
    return out if args.json else (f"{args.id}: field from {args.file}: {len(field.scores)} results "
                                  f"({field.note}).\n  " + " ".join(f"{s:+d}" for s in field.scores))


def cmd_case_scores(args) -> dict | str:
    """Each side's score under the ruling in force (the committee's, else the director's latest)
    for the scoring program (CSV or USEBIO)."""
    from polling.dossier import load_dossier
    from reports.score_export import score_file, score_rows
    dossier = load_dossier(_stored_case(args))
    if dossier.case.ruling is None:
        raise HuddleInputError("ruling", f"case '{args.id}' has no ruling to export")
    in_force = dossier.in_force()
    text = score_file(dossier.case, in_force, args.format)
    if args.output:
        _write_output(args.output, text)
        return {"id": args.id, "file": args.output, "ruling": in_force.source} if args.json else \
            f"Wrote {args.output} ({in_force.source})"
    return {"id": args.id, "ruling": in_force.source, "scores": score_rows(dossier.case, in_force)} if args.json \
        else text.rstrip("\n")


# ---------------------------------------------------------------- wiring

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="huddle", description="Huddle: rulings on unauthorized information and "
                                                "misinformation, scored exactly.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    who = dict(dest="as_user", metavar="NAME", help="who acts: an account acts within its organisation and the "
                                                    "history records it (default cli:<login>)")
    org_help = dict(metavar="SLUG", help="the organisation acted in (default: the default organisation; with --as "
                                         "an account: that account's)")

    def scoped(p: argparse.ArgumentParser) -> None:
        """A command on stored cases: it acts in one organisation (--org), or as an account (--as)."""
        p.add_argument("--org", **org_help)
        p.add_argument("--as", **who)

    def add(name: str, handler: Callable, help_text: str, group=sub) -> argparse.ArgumentParser:
        p = group.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.set_defaults(handler=handler)
        return p

    p = add("score", cmd_score, "Score a played contract (Law 77).")
    p.add_argument("contract", help="level, strain, optional X/XX, result: 4SX-3, 3NT+1, 4H=")
    p.add_argument("--by", required=True, help="declarer: N, E, S or W")
    p.add_argument("--vul", required=True, help="none, ns, ew or both")

    rounding = dict(choices=["exact", "wbf1"], default="exact",
                    help="display rounding: exact fractions or one decimal (WBF)")
    p = add("mp", cmd_mp, "Matchpoint a board with weighted assigned scores (Law 78A, 12C1(c)).")
    p.add_argument("--field", required=True, help='North-South scores, *n for repeats: "420*4 400*2 170"')
    p.add_argument("--adjusted", action="append",
                   help='one table\'s weighted score "400:1/3 -50:2/3"; for a split score give '
                        'North-South|East-West weights: "400:1/2 -50:1/2|400:1/3 -50:2/3"')
    p.add_argument("--scale", default="wbf", help="wbf (2-1) or acbl (1-1/2)")
    p.add_argument("--rounding", **rounding)

    p = add("imp", cmd_imp, "IMPs of a weighted assigned score against the other table.")
    p.add_argument("--other", required=True, help="the other table's score, same direction")
    p.add_argument("--adjusted", required=True, help='weighted score "620:2/3 -100:1/3"')
    p.add_argument("--rounding", **rounding)

    p = add("butler", cmd_butler, "Butler IMPs of a weighted assigned score against the field's datum.")
    p.add_argument("--field", required=True, help='the other tables\' North-South scores: "-480*4 -450*4 -510 -1100"')
    p.add_argument("--adjusted", required=True, help='weighted score "-400:3/4 -1100:1/4"')
    p.add_argument("--drop", type=int, help="scores dropped at each end of the datum (default: the usual rule)")
    p.add_argument("--with-table", action="store_true", help="this table's own score is in the datum")
    p.add_argument("--rounding", **rounding)

    p = add("cross-imps", cmd_cross_imps, "Cross-IMPs of a weighted assigned score against every other table.")
    p.add_argument("--field", required=True, help='the other tables\' North-South scores: "-480*4 -450*4 -510 -1100"')
    p.add_argument("--adjusted", required=True, help='weighted score "-400:3/4 -1100:1/4"')
    p.add_argument("--sum", action="store_true", help="sum over the other tables instead of averaging")
    p.add_argument("--rounding", **rounding)

    p = add("la", cmd_la, "Logical alternatives from a poll's counts under a policy (Law 16B1(b)).")
    p.add_argument("--chose", required=True, help='Q1 answers per action: "4S=6 X=2 Pass=2"')
    p.add_argument("--close", help='pollees who chose another action but found this one close: "Pass=1"')
    p.add_argument("--considered", help='pollees who only seriously considered the action: "Pass=1"')
    p.add_argument("--table-action", required=True, help="the action taken at the table")
    p.add_argument("--policy", default="wbf2017", help="wbf2017, ebu, one-in-four, ebu-2004 or acbl-25")
    p.add_argument("--consider-min", help="wbf2017's consideration threshold (default 1/5)")
    p.add_argument("--interval", default="wilson", choices=["wilson", "clopper-pearson"])
    p.add_argument("--strict", action="store_true", help="custom: the consideration share must exceed it")
    p.add_argument("--select-min-count", type=_bounded(int, 0, 1000, "a number of pollees"),
                   help="custom: pollees who might select it")
    p.add_argument("--select-min-share", help="custom: share who chose it")
    p.add_argument("--no-la-above", help="custom: above this share for the table action, no LA")

    p = add("rule", cmd_rule, "The full ruling for a case file: the four Law 16 questions and the adjustment.")
    p.add_argument("case", help="a case file (JSON) with a ruling section")
    p.add_argument("--policy", help="read the recorded poll under this LA policy instead")
    p.add_argument("--consider-min", help="wbf2017's consideration threshold")

    p = add("addresses", cmd_addresses, "The address pollees' phones should use to reach this server.")
    p.add_argument("--port", type=_bounded(int, 1, 65535, "a port"), default=8501)
    p.add_argument("--host", default="0.0.0.0", help="the address the server listens on")

    p = add("methods", cmd_methods, "The adjustment methods an edition of the Laws allows, with their laws.")
    p.add_argument("--laws", default="2017", help="1997, 2007 or 2017 (default)")

    p = add("report", cmd_report, "Write the ruling report of a case as HTML and/or PDF (both by default).")
    p.add_argument("case", help="a case file (JSON) or the id of a stored case (with its polls and appeal)")
    p.add_argument("--html", action="store_true", help="write the HTML report (opens with no internet)")
    p.add_argument("--pdf", action="store_true", help="write the PDF report")
    p.add_argument("-o", "--output", help="folder (default: HUDDLE_REPORTS_DIR or data/reports)")
    scoped(p)

    p = add("simulate", cmd_simulate, "Deal the unseen hands and play each polled action's contract double "
                                      "dummy, with and without the UI's inference: evidence for question 3.")
    p.add_argument("case", help="a case file (JSON) or the id of a stored case")
    p.add_argument("--deals", type=_bounded(int, 1, 2000, "a number of deals"), help="deals per run (default 200)")
    p.add_argument("--seed", type=_bounded(int, 0, 2 ** 32 - 1, "a seed"), help="the dealer's seed (default 1)")
    p.add_argument("--inference", help="partner's hand as the UI suggests it, e.g. '15+ HCP'")
    p.add_argument("--reading", action="append", help="a call's reading: CALL_NUMBER=DESCRIPTION, e.g. '4=10+ HCP, 4+ clubs'")
    p.add_argument("--contract", action="append", help="where an action leads: ACTION=CONTRACT, e.g. 'P=5D by S'")
    scoped(p)

    p = add("calibrate", cmd_calibrate, "Calibrate the LA threshold from a corpus of polls and rulings (CSV).")
    p.add_argument("corpus", nargs="?", help="CSV, one row per action per poll (docs/research.md); default: the "
                                          "published rulings shipped with Huddle (data/research/published-rulings.csv)")
    p.add_argument("--synthetic", action="store_true", help="the synthetic demonstration corpus instead (not real "
                                                           "rulings: it shows the methods)")
    p.add_argument("--policy", default="wbf2017", help="the policy whose threshold test is studied")
    p.add_argument("--delta", type=_bounded(float, 0.001, 0.999, "a share such as 0.1"), default=0.1,
                   help="distance of the truth from the threshold")
    corpus_cmd = sub.add_parser("corpus", help="The research corpus of the database's cases.")
    corpus_sub = corpus_cmd.add_subparsers(dest="corpus_command", required=True, parser_class=_Parser)
    p = add("export", cmd_corpus_export, "Write the corpus as CSV or Parquet (by the file's extension).", corpus_sub)
    p.add_argument("-o", "--output", required=True)
    scoped(p)

    p = add("setup", cmd_setup, "Create or upgrade the database and load the example cases.")
    p.add_argument("--no-examples", action="store_true", help="do not load the example cases")

    p = add("backup", cmd_backup, "Copy the database consistently while the server runs (SQLite's backup, "
                                  "or pg_dump for PostgreSQL).")
    p.add_argument("file", help="the new backup file (must not exist yet)")
    p = add("restore", cmd_restore, "Restore a backup into an empty database (HUDDLE_DATABASE_URL).")
    p.add_argument("file", help="a file `huddle backup` wrote")

    org = sub.add_parser("org", help="Organisations: clubs and federations side by side.")
    orgs = org.add_subparsers(dest="org_command", required=True, parser_class=_Parser)
    p = add("add", cmd_org_add, "Add a club or a federation.", orgs)
    p.add_argument("slug", help="its short name: lower-case letters, digits and '-'")
    p.add_argument("--name", required=True, help="its full name")
    p.add_argument("--kind", choices=["club", "federation"], default="club")
    p.add_argument("--federation", metavar="SLUG", help="a club's federation")
    p.add_argument("--share-panel", action="store_true", help="a federation: its clubs' directors may poll its panel")
    p.add_argument("--share-research", action="store_true",
                   help="a federation: its clubs' researchers study all its clubs' cases, anonymised")
    add("list", cmd_org_list, "List the organisations.", orgs)
    p = add("rename", cmd_org_rename, "Give an organisation a new name (the default one is 'Our club').", orgs)
    p.add_argument("slug")
    p.add_argument("--name", required=True)

    user = sub.add_parser("user", help="Accounts for directors, committee members, researchers.")
    users = user.add_subparsers(dest="user_command", required=True, parser_class=_Parser)
    p = add("add", cmd_user_add, "Add an account (asks for the password, or reads it from stdin).", users)
    p.add_argument("username")
    p.add_argument("--role", default="director", help="director, committee or researcher")
    p.add_argument("--org", metavar="SLUG", help="the organisation the role is in (default: the default one)")
    p.add_argument("--name", help="the name shown on rulings")
    p.add_argument("--password-stdin", action="store_true", help="read the password from one line of stdin")
    p = add("list", cmd_user_list, "List the accounts with their roles.", users)
    p.add_argument("--org", metavar="SLUG", help="only this organisation's members, with their role there")
    p = add("grant", cmd_user_grant, "Give an account a role in an organisation (roles are per organisation).", users)
    p.add_argument("username")
    p.add_argument("role", help="director, committee or researcher")
    p.add_argument("--org", metavar="SLUG", required=True)
    p = add("revoke", cmd_user_revoke, "Take an account's role in an organisation away.", users)
    p.add_argument("username")
    p.add_argument("--org", metavar="SLUG", required=True)
    p = add("passwd", cmd_user_passwd, "Set an account's password (its other sign-ins end).", users)
    p.add_argument("username")
    p.add_argument("--password-stdin", action="store_true", help="read the password from one line of stdin")
    p = add("disable", cmd_user_disable, "Disable an account (it is signed out everywhere), or --enable it.", users)
    p.add_argument("username")
    p.add_argument("--enable", action="store_true", help="enable a disabled account again")

    case = sub.add_parser("case", help="Case files: import, export, list, status, history, rule, rulings.")
    case_files = case.add_subparsers(dest="case_command", required=True, parser_class=_Parser)
    p = add("import", cmd_case_import, "Import case files (JSON), or one board of a PBN or LIN file as a new "
                                       "case.", case_files)
    p.add_argument("files", nargs="+", help="case files (.json) or one .pbn or .lin file")
    p.add_argument("--title", help="PBN/LIN: the case's title")
    p.add_argument("--id", help="PBN/LIN: the case id (default: made from the title)")
    p.add_argument("--kind", default="UI", help="PBN/LIN: UI or MI")
    p.add_argument("--board", type=_board_number, help="PBN/LIN: the board number (default: the only board)")
    p.add_argument("--room", choices=["open", "closed"], help="PBN/LIN: the table, when the file has both")
    p.add_argument("--game", type=_board_number, help="PBN/LIN: the game's position in the file (1 = first)")
    p = add("boards", cmd_case_boards, "List the boards of a PBN or LIN file: read, or refused and why.",
            case_files)
    p.add_argument("file")
    p = add("export", cmd_case_export, "Write a case file (JSON with format_version), or the case as PBN.",
            case_files)
    p.add_argument("id", help="the case id")
    p.add_argument("--pbn", action="store_true", help="write PBN 2.1 instead of the case file")
    p.add_argument("-o", "--output", help="file to write (default: print)")
    p = add("field", cmd_case_field, "Set a case's field from a results file (PBN ScoreTable, USEBIO XML, CSV).",
            case_files)
    p.add_argument("id")
    p.add_argument("file")
    p.add_argument("--board", type=_board_number, help="the board in the file (default: the case's board)")
    p.add_argument("--format", choices=["pbn", "usebio", "csv"], help="default: from the file name or content")
    p.add_argument("--ns-pair", help="the case's North-South pair, to take its own result out")
    p.add_argument("--ew-pair", help="the case's East-West pair")
    p = add("scores", cmd_case_scores, "Each side's adjusted score for the scoring program (exact and rounded).",
            case_files)
    p.add_argument("id")
    p.add_argument("--format", choices=["csv", "usebio"], default="csv")
    p.add_argument("-o", "--output", help="file to write (default: print)")
    add("list", cmd_case_list, "List the cases with their status.", case_files)
    p = add("status", cmd_case_status, "Move a case along open → polling → ruled → appealed → closed.",
            case_files)
    p.add_argument("id")
    p.add_argument("status")
    p.add_argument("--reason")
    p = add("history", cmd_case_history, "Every change to a case: who, when, what.", case_files)
    p.add_argument("id")
    p = add("rule", cmd_case_rule, "Save a version of a stored case's ruling (from its ruling section).",
            case_files)
    p.add_argument("id")
    p = add("rulings", cmd_case_rulings, "The saved versions of a case's ruling: who, when, the result.",
            case_files)
    p.add_argument("id")
    for name, p in case_files.choices.items():
        if name != "boards":                    # the only one that reads a file, not the stored cases
            scoped(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        out = args.handler(args)
    except HuddleInputError as exc:
        print(f"huddle: error: {exc}", file=sys.stderr)
        return EXIT_USER_ERROR
    print(json.dumps(out, ensure_ascii=False) if isinstance(out, dict) else out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
