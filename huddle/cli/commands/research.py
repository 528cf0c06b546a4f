"""Research: calibrating the logical-alternative threshold from a corpus, and the database's corpus
written out."""

from __future__ import annotations

import argparse
from pathlib import Path

from analysis.errors import HuddleInputError
from analysis.numbers import percent

from huddle.cli.commands.common import acting_organisation, bounded, is_file, output_folder, read_file, write_output


SIZES = (3, 5, 7, 10, 15, 20, 30)       # the poll sizes whose chance of the wrong verdict is printed


def cmd_calibrate(args) -> dict | str:
    path, label = _calibrated_corpus(args)
    corpus = _corpus_file(path)
    out, text = _calibration(corpus, label, args)
    return out if args.json else "\n".join(text)


def _calibrated_corpus(args) -> tuple[str, str]:
    """The corpus file ``huddle calibrate`` reads, and how it is named."""
    from polling import settings
    if args.corpus and args.synthetic:
        raise HuddleInputError("--synthetic", "give a corpus file or --synthetic, not both")
    if args.corpus:
        return args.corpus, "the corpus given"
    if args.synthetic:
        return str(settings.research_dir() / "demo-corpus.csv"), "the SYNTHETIC demonstration corpus (not real rulings)"
    return str(settings.research_dir() / "published-rulings.csv"), "the confirmed published rulings (real)"


def _calibration(corpus, label: str, args) -> tuple[dict, list[str]]:
    """Every finding of the corpus, as JSON and as the lines the command prints."""
    from analysis.research import calibration as research, growth, models
    include = args.include
    oc = research.operating_characteristic(args.policy)
    fitted, left_out = research.counted_rows(corpus, include)
    try:
        fits = research.implied_thresholds(corpus, include)
    except HuddleInputError as exc:
        fits, left_out = None, left_out + [exc.problem]
    decided = [d for d, column in research.DECIDERS.items() if fitted[column].notna().any()]
    flips = {d: research.flip_counts(research.sensitivity(corpus, decider=d, include=include)) for d in decided}
    agreement = {d: _agreement(corpus, d, include) for d in decided}
    needed = {d: growth.rulings_needed(corpus, d, include=include, draws=args.draws) for d in decided}
    told = {d: models.model_discrimination(corpus, d, include=include) for d in decided}
    wrong = oc.wrong_verdict(args.delta)
    out = {"corpus": {"label": label, **research.corpus_summary(corpus)},
           "left_out": research.left_out_rows(corpus, include).to_dict(orient="records"),
           "implied_thresholds": [] if fits is None else [
               {**r, "threshold": None if not r["identified"] else r["threshold"]}
               for r in fits.round(4).to_dict(orient="records")],
           "agreement": agreement,
           "rulings_needed": {d: n.to_dict() for d, n in needed.items()},
           "models_told_apart": {d: {**t.to_dict(), "words": t.words()} for d, t in told.items()},
           "operating_characteristic": {
               "policy": oc.policy, "threshold": oc.threshold, "delta": args.delta,
               "wrong_verdict": {str(n): round(float(wrong[n - 1]), 4) for n in SIZES},
               "smallest_poll_90": oc.smallest_poll(args.delta),
               "first_poll_right_90": oc.first_poll_right(args.delta)},
           "decisions_that_flip": flips,
           "warnings": left_out + research.jurisdictions_left_out(fitted)
           + ([] if fits is None else research.too_few_decisions(fits))}
    text = (_corpus_lines(out, label, len(fitted)) + _fit_lines(out, agreement)
            + ["", "How many rulings it would take (simulated from the fitted model with its uncertainty):"]
            + [f"  {n.words()}" for n in needed.values()]
            + ["", "Which model fits best (decisions drawn from each model as fitted, and refitted):"]
            + [f"  {t.words()}" for t in told.values()]
            + _operating_lines(oc, wrong, args.delta)
            + [f"Decisions by {decider}s that a threshold of … would reverse: "
               + ", ".join(f"{t}: {k}" for t, k in counts.items()) for decider, counts in flips.items()])
    return out, text


def _corpus_lines(out: dict, label: str, fitted: int) -> list[str]:
    from analysis.research import calibration as research
    summary = out["corpus"]
    lines = [f"Corpus: {label}: {summary['rows']} rows from {summary['cases']} cases, {summary['with_counts']} with "
             f"counts ({summary['synthetic_rows']} synthetic), {fitted} fitted.",
             "  by evidence: " + ", ".join(f"{k} {n}" for k, n in summary["by_evidence"].items()),
             "  by jurisdiction: " + ", ".join(f"{k} {n}" for k, n in summary["by_jurisdiction"].items())]
    if out["left_out"]:
        lines += ["", "Left out of the fits (--include puts back: " + ", ".join(research.INCLUDABLE) + "):"]
        lines += [f"  {r['case_id']} ({r['action']}): {r['reason']}" for r in out["left_out"]]
    return lines


def _fit_lines(out: dict, agreement: dict) -> list[str]:
    lines = ["", "Implied thresholds (95% profile-likelihood intervals; the true-share model, docs/research.md):"]
    lines += [f"  {r['words']}" for r in out["implied_thresholds"]]
    for decider, said in agreement.items():
        lines += [f"  {decider}s: {said['words']}"] + [f"    {w}" for w in said["disagreements"]]
    return lines + [f"  Warning: {w}." for w in out["warnings"]]


def _operating_lines(oc, wrong, delta: float) -> list[str]:
    return ["", f"{oc.policy} at {percent(oc.threshold)}: chance of the wrong verdict when the truth is "
                f"{percent(delta)} from the threshold:",
            "  " + "  ".join(f"n={n}: {percent(wrong[n - 1])}" for n in SIZES),
            f"  every poll of {oc.smallest_poll(delta) or 'more than 200'} pollees or more is right 90% of the "
            f"time (the first size right so is {oc.first_poll_right(delta)}; the sizes between are a "
            "sawtooth, some wrong more often)"]


def _agreement(corpus, decider: str, include) -> dict:
    """What the decider's rulings agree on: the range of thresholds the poll's own share reconciles
    them all with, and the rulings the fitted rule (when it identifies one) would make the other way."""
    from analysis.research import calibration as research
    consistent = research.consistent_thresholds(corpus, decider, include)
    words = research.consistent_words(consistent)
    found = [d.words() for d in research.disagreements(corpus, decider, include)]
    return {"consistent_thresholds": None if consistent is None else [round(x, 4) for x in consistent],
            "words": words + ("; the fitted rule would rule " + ("one" if len(found) == 1 else str(len(found)))
                              + " the other way:" if found else ""), "disagreements": found}


def _reasons(text: str) -> tuple[str, ...]:
    from analysis.research.calibration import INCLUDABLE
    reasons = tuple(r.strip() for r in text.split(",") if r.strip())
    for reason in reasons:
        if reason not in INCLUDABLE:
            raise argparse.ArgumentTypeError(f"'{reason[:40]}' must be one of {', '.join(INCLUDABLE)}")
    return reasons


def _corpus_file(path: str):
    """A corpus file (CSV), or a data package's folder (a casebook's, another organisation's)."""
    from analysis.research import calibration as research
    if Path(path).is_dir():
        from analysis.research.packages import DATA, DESCRIPTOR, read_package
        try:
            return read_package({name: read_file(str(_inside(path, name))) for name in (DESCRIPTOR, DATA)})
        except HuddleInputError as exc:
            raise HuddleInputError(f"{path}: {exc.field}", exc.problem) from None
    try:
        return research.loads_corpus(read_file(path))
    except HuddleInputError as exc:
        raise HuddleInputError(f"{path}: {exc.field}", exc.problem) from None


def cmd_corpus_export(args) -> dict | str:
    from analysis.research import calibration as research
    from polling.corpus import database_corpus
    corpus = database_corpus(organisation_id=acting_organisation(args))
    if corpus is None:
        raise HuddleInputError("corpus", "no stored case has a recorded poll with a ruling")
    done = "Replaced" if is_file(args.output) else "Wrote"
    if args.output.lower().endswith(".parquet"):
        try:
            corpus[list(research.CORPUS_COLUMNS)].to_parquet(args.output, index=False)
        except (OSError, ValueError) as exc:
            raise HuddleInputError("--output", f"'{args.output[:80]}' cannot be written ({exc})"[:200]) from None
    elif args.output.lower().endswith(".csv"):
        write_output(args.output, research.dumps_corpus(corpus))
    else:
        raise HuddleInputError("--output", "name a .csv or a .parquet file")
    return {"rows": len(corpus), "file": args.output} if args.json else f"{done} {len(corpus)} rows in {args.output}"


def cmd_corpus_package(args) -> dict | str:
    from datetime import datetime, timezone
    from analysis.research.packages import package
    from polling.corpus import database_corpus
    from polling.organisations import get_organisation
    organisation = get_organisation(acting_organisation(args))
    corpus = database_corpus(organisation_id=organisation.id)
    if corpus is None:
        raise HuddleInputError("corpus", "no stored case has a recorded poll with a ruling")
    period = args.period or datetime.now(timezone.utc).strftime("%Y-%m")
    files = package(corpus, organisation.name, args.name or organisation.slug, period)
    folder = output_folder(args.output)
    done = [write_output(str(folder / name), text) for name, text in files.items()]
    said = "Replaced" if "Replaced" in done else "Wrote"
    if args.json:
        return {"rows": len(corpus), "folder": str(folder), "files": sorted(files)}
    return f"{said} {len(corpus)} anonymised rows in {folder / 'rulings.csv'}, described by {folder / 'datapackage.json'}"


def _inside(folder: str, name: str) -> Path:
    """A package's file, a file of its own folder: never a link that leads out of it."""
    path = Path(folder) / name
    if path.is_symlink() or (path.exists() and path.resolve().parent != Path(folder).resolve()):
        raise HuddleInputError(str(path), "is a link out of the package's folder: a package's files are its own")
    return path


def cmd_corpus_merge(args) -> dict | str:
    from analysis.research.calibration import dumps_corpus
    from analysis.research.packages import DATA, DESCRIPTOR, merge_packages, read_package
    read = []
    for folder in args.packages:
        files = {name: read_file(str(_inside(folder, name))) for name in (DESCRIPTOR, DATA)}
        try:
            read.append(read_package(files))
        except HuddleInputError as exc:
            raise HuddleInputError(f"{folder}: {exc.field}", exc.problem) from None
    merged = merge_packages(read)
    corpus = merged.corpus
    done = write_output(args.output, dumps_corpus(corpus.assign(source=[f"{s} ({p})" for s, p in
                                                                         zip(corpus["source"], corpus["package"])])))
    if args.json:
        return {"rows": len(corpus), "duplicates": list(merged.duplicates), "set_aside": list(merged.set_aside),
                "file": args.output}
    lines = [f"{done} {args.output}: {merged.words()}."]
    lines += [f"  duplicate: {d}" for d in merged.duplicates] + [f"  set aside: {r}" for r in merged.set_aside]
    return "\n".join(lines)


def register(r) -> None:
    p = r.add("calibrate", cmd_calibrate)
    p.add_argument("corpus", nargs="?", help="CSV, one row per action per poll, or a data package's folder "
                                          "(docs/research.md); default: the confirmed published rulings shipped with Huddle "
                                          "(data/research/published-rulings.csv)")
    p.add_argument("--synthetic", action="store_true", help="the synthetic demonstration corpus instead (not real "
                                                           "rulings: it shows the methods)")
    p.add_argument("--policy", default="wbf2017", help="the policy whose threshold test is studied")
    p.add_argument("--delta", type=bounded(float, 0.001, 0.999, "a share such as 0.1"), default=0.1,
                   help="distance of the truth from the threshold")
    p.add_argument("--include", type=_reasons, default=(),
                   help="reasons to leave a row out that the fits should not follow, comma-separated: "
                        "teaching example, self-poll, not the offending side, likely action")
    p.add_argument("--draws", type=bounded(int, 10, 5000, "a whole number of simulated futures"), default=200,
                   help="simulated futures for how many rulings it would take (default 200)")
    corpus_sub = r.group("corpus")
    p = r.add("export", cmd_corpus_export, "Write the corpus as CSV or Parquet (by the file's extension).", under=corpus_sub)
    p.add_argument("-o", "--output", required=True)
    r.scoped(p)
    p = r.add("package", cmd_corpus_package, "Publish the organisation's polled rulings, anonymised, as an open data "
                                             "package (datapackage.json and rulings.csv; docs/research.md).",
              under=corpus_sub)
    p.add_argument("-o", "--output", required=True, help="the folder to write the package into")
    p.add_argument("--name", help="the package's name (default: the organisation's slug)")
    p.add_argument("--period", help="the month it covers, YYYY-MM (default: this month)")
    r.scoped(p)
    p = r.add("merge", cmd_corpus_merge, "Merge several organisations' data packages into one corpus (CSV), their "
                                         "provenance kept, duplicates kept once, a ruling given two ways set aside "
                                         "with both sides named.",
              under=corpus_sub)
    p.add_argument("packages", nargs="+", help="the packages' folders")
    p.add_argument("-o", "--output", required=True, help="the corpus CSV to write")


