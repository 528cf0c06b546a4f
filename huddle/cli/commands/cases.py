"""Case files and stored cases: import, export (JSON or PBN), boards of a hand record, the field from a
results file, the scores for the scoring program, status, history and saved rulings."""

from __future__ import annotations

import json

from analysis.errors import HuddleInputError
from analysis.numbers import counted
from huddle.cli.commands.common import (acting_organisation, board_number, read_bytes, read_file, reading_language, stored_case,
                                    who, write_output)


_HAND_RECORDS = (".pbn", ".lin")


def _case_from_file(path: str, args, notes: list[str] | None = None):
    """The case a file makes; a hand record's notes on the board read (a contract that differs from
    the auction, a result left out) are added to ``notes``."""
    from analysis.law import case as case_files
    try:
        if path.lower().endswith(_HAND_RECORDS):
            if not args.title:
                raise HuddleInputError("--title", "a case made from a PBN or LIN file needs a title")
            from analysis.files.games import read_games
            read = read_games(read_bytes(path), path, reading_language(args))
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
        return case_files.loads(read_file(path))
    except HuddleInputError as exc:
        raise HuddleInputError(f"{path}: {exc.field}", exc.problem) from None


def cmd_case_boards(args) -> dict | str:
    """What a PBN or LIN file holds: each board read, each board refused and why."""
    try:
        from analysis.files.games import read_games
        read = read_games(read_bytes(args.file), args.file, reading_language(args))
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
    ids = cases.create_cases(new, who(args), "imported", organisation_id=acting_organisation(args, director=True))
    out = {"imported": [{"id": c.id, "record": r, "title": c.title} for c, r in zip(new, ids)], "notes": notes}
    return out if args.json else "\n".join([f"Imported {c.id}: {c.title}" for c in new] + [f"  note: {n}" for n in notes])


def cmd_case_export(args) -> dict | str:
    """The case file with its appeal and decision, or (--pbn) the board for the scoring program
    with the ruling in force on the table's row."""
    from analysis.law import case as case_files
    from polling.dossier import load_dossier
    dossier = load_dossier(stored_case(args))
    text = case_files.dumps(dossier.case_file()) + "\n"
    if args.pbn:
        from reports.score_export import field_pbn
        text = field_pbn(dossier.case, dossier.in_force_if_ruled())
        if not args.output:
            return {"id": args.id, "pbn": text} if args.json else text.rstrip("\r\n")
    if args.output:
        done = write_output(args.output, text)
        return {"exported": args.id, "file": args.output} if args.json else f"{done} {args.output}"
    return json.loads(text) if args.json else text.rstrip("\n")


def cmd_case_list(args) -> dict | str:
    from polling import db
    records = db.case_index(organisation_id=acting_organisation(args))
    if args.json:
        return {"cases": [{"id": r.slug, "title": r.title, "kind": r.kind, "status": r.status} for r in records]}
    return "\n".join(f"{r.slug:32} {r.kind} {r.status:9} {r.title}" for r in records) or "No cases."


def cmd_case_status(args) -> dict | str:
    from polling import cases
    cases.set_status(stored_case(args, director=True), args.status, who(args), args.reason or "")
    return {"id": args.id, "status": args.status} if args.json else f"{args.id} is now {args.status}"


def cmd_case_history(args) -> dict | str:
    from polling import cases
    changes = cases.history(stored_case(args))
    rows = [{"at": c.at.isoformat(), "who": c.username, "action": c.action, "summary": c.summary,
             "status": c.status} for c in changes]
    if args.json:
        return {"id": args.id, "history": rows}
    return "\n".join(f"{r['at'][:19]}  {r['who']:24} {r['summary']}" for r in rows)


def cmd_case_rule(args) -> dict | str:
    """Save a version of the stored case's ruling (from its ruling section), and read it out in
    the organisation's language (or the one asked)."""
    from analysis.language import M_, chosen_language, language
    from polling import cases, organisations, rulings
    asked = language(args.language) if args.language else None       # refused by name before any work
    record_id = stored_case(args, director=True)
    inputs = cases.get_case(record_id).case.ruling
    if inputs is None:
        raise HuddleInputError("ruling", f"case '{args.id}' has no ruling section to save")
    saved = rulings.save_ruling(record_id, inputs, who(args))
    result = json.loads(saved.result)
    if args.json:
        return {"id": args.id, "version": saved.version, **{k: v for k, v in result.items() if k != "said"}}
    lang = asked or chosen_language(organisations.get_organisation(acting_organisation(args)).language)
    done = lang.say(M_("Saved ruling version {version} of {case}.", version=saved.version, case=args.id))
    return f"{done}\n\n{rulings.version_text(saved, lang)}"


def cmd_case_rulings(args) -> dict | str:
    from polling import rulings
    versions = rulings.ruling_versions(stored_case(args))
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
    record_id = stored_case(args, director=True)
    try:
        field = cases.field_from_results(record_id, read_bytes(args.file), args.file, who(args), args.ns_pair,
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
    dossier = load_dossier(stored_case(args))
    if dossier.case.ruling is None:
        raise HuddleInputError("ruling", f"case '{args.id}' has no ruling to export")
    in_force = dossier.in_force()
    text = score_file(dossier.case, in_force, args.format)
    if args.output:
        done = write_output(args.output, text)
        return {"id": args.id, "file": args.output, "ruling": in_force.source} if args.json else \
            f"{done} {args.output} ({in_force.source})"
    return {"id": args.id, "ruling": in_force.source, "scores": score_rows(dossier.case, in_force)} if args.json \
        else text.rstrip("\n")


def register(r) -> None:
    case_files = r.group("case")
    p = r.add("import", cmd_case_import, "Import case files (JSON), or one board of a PBN or LIN file as a new "
                                       "case.", under=case_files)
    p.add_argument("files", nargs="+", help="case files (.json) or one .pbn or .lin file")
    p.add_argument("--title", help="PBN/LIN: the case's title")
    p.add_argument("--id", help="PBN/LIN: the case id (default: made from the title)")
    p.add_argument("--kind", default="UI", help="PBN/LIN: UI or MI")
    p.add_argument("--board", type=board_number, help="PBN/LIN: the board number (default: the only board)")
    p.add_argument("--room", choices=["open", "closed"], help="PBN/LIN: the table, when the file has both")
    p.add_argument("--game", type=board_number, help="PBN/LIN: the game's position in the file (1 = first)")
    r.typed(p)
    p = r.add("boards", cmd_case_boards, "List the boards of a PBN or LIN file: read, or refused and why.", under=case_files)
    p.add_argument("file")
    r.typed(p)
    p = r.add("export", cmd_case_export, "Write a case file (JSON with format_version), or the case as PBN.", under=case_files)
    p.add_argument("id", help="the case id")
    p.add_argument("--pbn", action="store_true", help="write PBN 2.1 instead of the case file")
    p.add_argument("-o", "--output", help="file to write (default: print)")
    p = r.add("field", cmd_case_field, "Set a case's field from a results file (PBN ScoreTable, USEBIO XML, CSV).", under=case_files)
    p.add_argument("id")
    p.add_argument("file")
    p.add_argument("--board", type=board_number, help="the board in the file (default: the case's board)")
    p.add_argument("--format", choices=["pbn", "usebio", "csv"], help="default: from the file name or content")
    p.add_argument("--ns-pair", help="the case's North-South pair, to take its own result out")
    p.add_argument("--ew-pair", help="the case's East-West pair")
    p = r.add("scores", cmd_case_scores, "Each side's adjusted score for the scoring program (exact and rounded).", under=case_files)
    p.add_argument("id")
    p.add_argument("--format", choices=["csv", "usebio"], default="csv")
    p.add_argument("-o", "--output", help="file to write (default: print)")
    r.add("list", cmd_case_list, "List the cases with their status.", under=case_files)
    p = r.add("status", cmd_case_status, "Move a case along open → polling → ruled → appealed → closed.", under=case_files)
    p.add_argument("id")
    p.add_argument("status")
    p.add_argument("--reason")
    p = r.add("history", cmd_case_history, "Every change to a case: who, when, what.", under=case_files)
    p.add_argument("id")
    p = r.add("rule", cmd_case_rule, "Save a version of a stored case's ruling (from its ruling section).", under=case_files)
    p.add_argument("--language", help="read the ruling in this language (en, fr, de, nl; default: the organisation's)")
    p.add_argument("id")
    p = r.add("rulings", cmd_case_rulings, "The saved versions of a case's ruling: who, when, the result.", under=case_files)
    p.add_argument("id")
    for name, p in case_files.choices.items():
        if name != "boards":                    # the only one that reads a file, not the stored cases
            r.scoped(p)

