"""The calculator a director uses at the table: scores, matchpoints, IMPs, Butler, cross-IMPs, logical
alternatives from a poll's counts, and the adjustment methods of an edition of the Laws."""

from __future__ import annotations


from analysis import (AdjustedTable, PlayedContract, Scale, WeightedScore, display, fraction_str, imps, parse_field,
                      parse_fraction, score_board, weighted_imps)
from analysis.errors import HuddleInputError
from analysis.bridge.scoring import parse_score
from analysis.messages import M_
from analysis.vocabulary import Seat, Side, Vulnerability
from huddle.cli.commands.common import bounded, reading_language


def cmd_score(args) -> dict | str:
    lang = reading_language(args)
    declarer = Seat.read(args.by, lang, "--by")
    contract = PlayedContract.read(args.contract, declarer, lang)
    vul = Vulnerability.read(args.vul, lang, "--vul")
    ns = contract.ns_score(vul)
    if args.json:
        return {"ns": ns, "ew": -ns, "contract": contract.bid, "declarer": declarer.value, "tricks": contract.tricks}
    return "\n".join([
        f"{lang.say(contract.words())} ({lang.say(M_('{n} tricks', n=contract.tricks))}), {vul.said(lang)}",
        f"  {Side.NS.said(lang):11}  {ns:+d}",
        f"  {Side.EW.said(lang):11}  {-ns:+d}",
    ])


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
    from analysis.law.adjustment.assigned import butler_working
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
    from analysis.law.adjustment.assigned import cross_imps_working
    from analysis.bridge.scoring import weighted_cross_imps
    field = parse_field(args.field)
    adjusted = WeightedScore.parse(args.adjusted, "--adjusted")
    total = weighted_cross_imps(adjusted, field, not args.sum)
    if args.json:
        return {"imps": fraction_str(total)}
    return "\n".join([f"Cross-IMPs: {cross_imps_working(adjusted, field, not args.sum)}",
                      *_imps_total_lines(adjusted, total, args.rounding)])


def _counts(text: str | None, option: str, lang) -> dict[str, tuple[str, int]]:
    """A poll's counts as typed: calls, cards, suits to lead or labels (the calculator rules on
    any action)."""
    from analysis.law.questions.logical_alternatives import counts_from_text
    return counts_from_text(text, option, lang, labels=True)


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
    from analysis.law.questions.logical_alternatives import ActionCount, action_name, logical_alternatives, policy, read_action
    lang = reading_language(args)
    tables = [_counts(args.chose, "--chose", lang), _counts(args.close, "--close", lang),
              _counts(args.considered, "--considered", lang)]
    names: dict[str, str] = {}
    for table in tables:
        for key, (action, _) in table.items():
            names.setdefault(key, action)
    rows = [ActionCount(name, *(t.get(key, (name, 0))[1] for t in tables)) for key, name in names.items()]
    chosen = policy(args.policy, args.consider_min, **_custom(args))
    result = logical_alternatives(rows, read_action(args.table_action, lang, "--table-action", labels=True), chosen,
                                  args.interval)
    if args.json:
        return result.to_dict()
    lines = [f"Policy {result.policy.name} ({result.policy.source}); {result.poll_size} pollees; "
             f"{args.interval} {round(result.level * 100)}% intervals"]
    # the range beside "firm" is the one firmness is read from (the page draws the same): the deciding
    # share's central 80% among peers; the tested share's interval at the chosen level comes first
    lines.append(f"{'action':8} {'chose':>5} {'close':>5} {'consid':>6}  {'interval':15}  {'verdict':12} "
                 f"{'80% range':15} {'p_meets':>7}  confidence")
    for v in result.verdicts:
        c = v.counts
        p = "" if v.p_meets is None else f"{float(v.p_meets):.3f}"
        more = f" (+{v.more_pollees} pollees)" if v.more_pollees else ""
        # the range firmness is read from: the deciding share's (the table action's, when that decided),
        # else the tested share's, which the Ruling page's poll chart draws
        drawn = v.firm_range or result.tested_range(v)
        firm = f"[{float(drawn.low):.3f}, {float(drawn.high):.3f}]"
        lines.append(f"{action_name(v.action):8} {c.chose:5} {c.close:5} {c.considered:6}  "
                     f"[{float(v.interval.low):.3f}, {float(v.interval.high):.3f}]  {v.verdict:12} {firm:15} {p:>7}  "
                     f"{v.confidence or ''}{more}")
    lines += [f"  {action_name(v.action)}: {v.reason}" + (f" p_meets and confidence are those of the test that decided: "
                                             f"{v.decided_by}." if v.decided_by else
                                             " (decided on a count: no uncertainty figure)" if
                                             v.verdict != "table action" else "")
              for v in result.verdicts]
    lines.append(f"interval: the tested share's {args.interval} {round(result.level * 100)}% interval. 80% range: its "
                 "central 80% among the player's peers (Jeffreys prior), as the Ruling page draws it (the deciding "
                 "share's). p_meets decides firmness, not the range: the chance the true share meets the deciding "
                 "test's bound, firm when at most 10% or at least 90%. For an LA, p_meets is the joint chance that "
                 "every test it passed holds at once (the table action's share too, where the policy bounds it), "
                 "firm at 90% or more: a range clear of the threshold may still print uncertain when another test "
                 "is in doubt.")
    return "\n".join(lines)


def cmd_methods(args) -> dict | str:
    """The adjustment methods the given edition of the Laws allows, with their law and inputs."""
    from analysis.law.laws.editions import edition
    from analysis.law.adjustment.methods import methods_for
    laws = edition(args.laws, "--laws")
    rows = [{"method": name, "title": m.title, "law": m().law(laws),
             "inputs": [s.name for s in m.slots], "committee_may_change": sorted(m.committee)}
            for name, m in methods_for(laws).items()]
    if args.json:
        return {"laws": laws, "methods": rows}
    return "\n".join(f"{r['method']:<14} {r['law']}" for r in rows)


def register(r) -> None:
    p = r.add("score", cmd_score)
    p.add_argument("contract", help="level, strain, optional X/XX, result: 4SX-3, 3NT+1, 4H= (or in --language's letters)")
    p.add_argument("--by", required=True, help="declarer: N, E, S or W (or the seat's word)")
    p.add_argument("--vul", required=True, help="none, ns, ew or both")
    r.typed(p)

    rounding = dict(choices=["exact", "wbf1"], default="exact",
                    help="display rounding: exact fractions or one decimal (WBF)")
    p = r.add("mp", cmd_mp)
    p.add_argument("--field", required=True, help='North-South scores, *n for repeats: "420*4 400*2 170"')
    p.add_argument("--adjusted", action="append",
                   help='one table\'s weighted score "400:1/3 -50:2/3"; for a split score give '
                        'North-South|East-West weights: "400:1/2 -50:1/2|400:1/3 -50:2/3"')
    p.add_argument("--scale", default="wbf", help="wbf (2-1) or acbl (1-1/2)")
    p.add_argument("--rounding", **rounding)

    p = r.add("imp", cmd_imp)
    p.add_argument("--other", required=True, help="the other table's score, same direction")
    p.add_argument("--adjusted", required=True, help='weighted score "620:2/3 -100:1/3"')
    p.add_argument("--rounding", **rounding)

    p = r.add("butler", cmd_butler)
    p.add_argument("--field", required=True, help='the other tables\' North-South scores: "-480*4 -450*4 -510 -1100"')
    p.add_argument("--adjusted", required=True, help='weighted score "-400:3/4 -1100:1/4"')
    p.add_argument("--drop", type=int, help="scores dropped at each end of the datum (default: the usual rule)")
    p.add_argument("--with-table", action="store_true", help="this table's own score is in the datum")
    p.add_argument("--rounding", **rounding)

    p = r.add("cross-imps", cmd_cross_imps)
    p.add_argument("--field", required=True, help='the other tables\' North-South scores: "-480*4 -450*4 -510 -1100"')
    p.add_argument("--adjusted", required=True, help='weighted score "-400:3/4 -1100:1/4"')
    p.add_argument("--sum", action="store_true", help="sum over the other tables instead of averaging")
    p.add_argument("--rounding", **rounding)

    p = r.add("la", cmd_la)
    p.add_argument("--chose", required=True, help='Q1 answers per action: "4S=6 X=2 Pass=2"')
    p.add_argument("--close", help='pollees who chose another action but found this one close: "Pass=1"')
    p.add_argument("--considered", help='pollees who only seriously considered the action: "Pass=1"')
    r.typed(p)
    p.add_argument("--table-action", required=True, help="the action taken at the table")
    p.add_argument("--policy", default="wbf2017", help="wbf2017, ebu, one-in-four, ebu-2004 or acbl-25")
    p.add_argument("--consider-min", help="wbf2017's consideration threshold (default 1/5)")
    p.add_argument("--interval", default="wilson", choices=["wilson", "clopper-pearson"])
    p.add_argument("--strict", action="store_true", help="custom: the consideration share must exceed it")
    p.add_argument("--select-min-count", type=bounded(int, 0, 1000, "a number of pollees"),
                   help="custom: pollees who might select it")
    p.add_argument("--select-min-share", help="custom: share who chose it")
    p.add_argument("--no-la-above", help="custom: above this share for the table action, no LA")

    p = r.add("methods", cmd_methods)
    p.add_argument("--laws", default="2017", help="1997, 2007 or 2017 (default)")


