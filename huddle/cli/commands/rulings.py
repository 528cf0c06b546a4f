"""Rulings from case files and stored cases: the full ruling, its report, and the simulation that gives
question 3 its evidence."""

from __future__ import annotations


from analysis.errors import HuddleInputError
from analysis.vocabulary import Seat
from huddle.cli.commands.common import (EXIT_NOT_DECIDED, Finished, acting_organisation, bounded, case_file, is_file,
                                        output_folder, stored_case)


def cmd_rule(args) -> dict | str | Finished:
    """The ruling in force of a case file: the appeals committee's decision it carries first, the
    director's superseded ruling after it; a ruling that cannot conclude yet says what it waits
    for and exits with EXIT_NOT_DECIDED. With --policy or --consider-min, the director's ruling
    read under another policy (a what-if, never the ruling in force)."""
    from analysis.language import language
    from analysis.law.appeal.committee import case_in_force
    from analysis.law.ruling.engine import rule
    lang = language(args.language)             # an unknown language is refused before any work
    case = case_file(args.case)
    ruling = rule(case, args.policy, args.consider_min)
    if args.policy or args.consider_min:
        out: dict | str = ruling.to_dict() if args.json else lang.say(ruling.text)
    else:
        in_force = case_in_force(case, ruling)
        text = in_force.text
        out = {**in_force.ruling.to_dict(), "in_force": {"by": in_force.by, "source": in_force.source},
               **({"director": in_force.director.to_dict()} if in_force.superseded else {})} if args.json \
            else lang.say(text)
    return out if ruling.decided else Finished(out, EXIT_NOT_DECIDED)


def cmd_report(args) -> dict | str:
    """A ruling report of a case file (a path) or of a stored case (its id, with its polls and
    appeal), as HTML and/or PDF in the reports folder."""
    from polling import settings
    from reports.content import report_for_file, report_for_stored_case
    from reports.render import write_report
    from analysis.language import chosen_language, language
    formats = [f for f in ("html", "pdf") if getattr(args, f)] or ["html", "pdf"]
    organisation = None
    asked = language(args.language) if args.language else None      # refused by name before any work
    if args.case.endswith(".json") or is_file(args.case):
        report = report_for_file(case_file(args.case), asked or language())
    else:
        from polling import organisations
        from polling.dossier import load_dossier
        seen = load_dossier(stored_case(args))
        organisation = acting_organisation(args)
        club = organisations.get_organisation(organisation).language if organisation is not None else None
        # in a folder of the operator's choosing two clubs' reports could meet: named by the club there
        # (the organisation's own reports folder holds its reports alone)
        report = report_for_stored_case(seen.case, seen.status, seen.polls, seen.committee,
                                        lang=asked or chosen_language(club),
                                        organisation=organisations.get_organisation(organisation).slug if args.output else "")
    folder = output_folder(args.output) if args.output else settings.reports_dir(organisation)
    there = {fmt for fmt in formats if (folder / f"{report.file_stem}.{fmt}").exists()}     # said, never silent
    written = write_report(report, formats, folder)
    if args.json:
        return {"case": report.case_id, "files": {fmt: str(path) for fmt, path in written.items()},
                "replaced": sorted(there)}
    return "\n".join(f"{'Replaced' if fmt in there else 'Wrote'} {path}" for fmt, path in written.items())


def cmd_simulate(args) -> dict | str:
    """Deal the unseen hands of a case file or a stored case and play each polled action's contract
    double dummy on them, with and without the UI's inference: evidence for question 3."""
    import time
    from dataclasses import replace
    from analysis.evidence.simulation import simulate, simulation_cost
    from analysis.law.case.simulation import SimulationSettings
    if args.case.endswith(".json") or is_file(args.case):
        case = case_file(args.case)
    else:
        from polling import cases
        case = cases.get_case(stored_case(args)).case
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
    asked = replace(case, simulation=settings)
    simulation_cost(asked, settings).refuse_if_too_rare("--deals")       # the refusal the app makes, before the run
    started = time.perf_counter()
    result = simulate(asked)
    seconds = time.perf_counter() - started
    if args.json:
        return {**result.to_dict(), "seconds": round(seconds, 2)}
    return simulation_text(result, seconds)


def simulation_text(result, seconds: float) -> str:

    from analysis.law.questions.logical_alternatives import action_name
    from analysis.numbers import display, fraction_str
    lines = [f"{result.wanted} deals of the unseen hands, seed {result.seed}; {Seat(result.player).english} held "
             f"{result.known_hand}.", "What the auction said about the other hands:"]
    for r in result.readings:
        lines.append(f"  call {r.index + 1:>2} {Seat(r.seat).english:5} {action_name(r.call):6} "
                     f"{r.hand.text() if r.hand else '—':28} {r.source}")
    lines.append(f"The inference ({result.ui}): {result.inference_words} ({Seat(result.partner).english}: "
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


def register(r) -> None:
    p = r.add("rule", cmd_rule)
    p.add_argument("case", help="a case file (JSON) with a ruling section")
    p.add_argument("--policy", help="read the recorded poll under this LA policy instead")
    p.add_argument("--consider-min", help="wbf2017's consideration threshold")
    p.add_argument("--language", help="read the ruling to the players in this language (en, fr, de, nl; default en)")

    p = r.add("report", cmd_report)
    p.add_argument("case", help="a case file (JSON) or the id of a stored case (with its polls and appeal)")
    p.add_argument("--html", action="store_true", help="write the HTML report (opens with no internet)")
    p.add_argument("--pdf", action="store_true", help="write the PDF report")
    p.add_argument("-o", "--output", help="folder (default: HUDDLE_REPORTS_DIR or data/reports)")
    p.add_argument("--language", help="the report's language (en, fr, de, nl; default: the organisation's for a "
                                      "stored case, English for a file)")
    r.scoped(p)

    p = r.add("simulate", cmd_simulate)
    p.add_argument("case", help="a case file (JSON) or the id of a stored case")
    p.add_argument("--deals", type=bounded(int, 1, 2000, "a number of deals"), help="deals per run (default 200)")
    p.add_argument("--seed", type=bounded(int, 0, 2 ** 32 - 1, "a seed"), help="the dealer's seed (default 1)")
    p.add_argument("--inference", help="partner's hand as the UI suggests it, e.g. '15+ HCP'")
    p.add_argument("--reading", action="append", help="a call's reading: CALL_NUMBER=DESCRIPTION, e.g. '4=10+ HCP, 4+ clubs'")
    p.add_argument("--contract", action="append", help="where an action leads: ACTION=CONTRACT, e.g. 'P=5D by S'")
    r.scoped(p)


