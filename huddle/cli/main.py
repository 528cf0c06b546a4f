"""The ``huddle`` command: a scoring calculator for directors, rulings and reports of case files,
the stored cases, research, and set-up for the app.

Every subcommand prints a readable table, or one JSON object with ``--json`` (fractions as strings
in lowest terms). A user mistake prints one line naming the problem and exits with status 2.

The commands live in parts by what they serve (``huddle.cli.commands``); a command line loads only
the part of the command it names.
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
from typing import Callable, Sequence

from analysis.errors import HuddleInputError
from huddle.cli.commands import COMMANDS
from huddle.cli.commands.common import EXIT_USER_ERROR, Finished


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake on one line, with exit status 2."""

    def error(self, message: str):  # noqa: D401 - argparse hook
        self.exit(EXIT_USER_ERROR, f"huddle: error: {message}\n")


class Registry:
    """What a part of the command line adds its commands with."""

    def __init__(self, sub) -> None:
        self.sub = sub

    def add(self, name: str, handler: Callable, help_text: str | None = None, under=None) -> argparse.ArgumentParser:
        """A command (``under`` a group's subcommands, or at the top with its help from COMMANDS)."""
        help_text = help_text or COMMANDS[name][1]
        p = (under or self.sub).add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.set_defaults(handler=handler)
        return p

    def group(self, name: str):
        """A command with subcommands of its own (``huddle case …``): their subparsers."""
        p = self.sub.add_parser(name, help=COMMANDS[name][1], description=COMMANDS[name][1])
        return p.add_subparsers(dest=f"{name}_command", required=True, parser_class=_Parser)

    @staticmethod
    def typed(p: argparse.ArgumentParser) -> None:
        """A command that reads calls, contracts, cards or seats as a director types them: in the
        language given (--language), else the organisation's, else English."""
        p.add_argument("--language", metavar="CODE",
                       help="the language what you type is read in, besides English (e.g. de: 4C= is 4♥ made); "
                            "default: the organisation's, else English")

    @staticmethod
    def scoped(p: argparse.ArgumentParser) -> None:
        """A command on stored cases: it acts in one organisation (--org), or as an account (--as)."""
        p.add_argument("--org", metavar="SLUG", help="the organisation acted in (default: the default organisation; "
                                                     "with --as an account: that account's)")
        p.add_argument("--as", dest="as_user", metavar="NAME",
                       help="who acts: an account acts within its organisation and the history records it "
                            "(default cli:<login>)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``command``, only that command's part is loaded (the others are listed by
    name and help, so ``huddle --help`` still shows every command)."""
    parser = _Parser(prog="huddle", description="Huddle: rulings on unauthorized information and "
                                                "misinformation, scored exactly.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    registry = Registry(sub)
    wanted = {COMMANDS[command][0]} if command in COMMANDS else set(m for m, _ in COMMANDS.values())
    for module in dict.fromkeys(m for m, _ in COMMANDS.values()):
        if module in wanted:
            importlib.import_module(f"huddle.cli.commands.{module}").register(registry)
    for name, (module, help_text) in COMMANDS.items():
        if module not in wanted:
            sub.add_parser(name, help=help_text)
    return parser


def _command(argv: Sequence[str]) -> str | None:
    return next((a for a in argv if not a.startswith("-")), None)


def _problem(exc: HuddleInputError, args) -> str:
    """A refusal's problem in the language the command was asked to read (--language), the
    option it names as typed; English otherwise."""
    from analysis.language import language, said
    try:
        return said(exc, language(getattr(args, "language", None) or None))
    except HuddleInputError:        # the --language itself refused: said in English
        return exc.problem


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(_command(argv)).parse_args(argv)
    try:
        out = args.handler(args)
    except HuddleInputError as exc:
        print(f"huddle: error: {exc.field}: {_problem(exc, args)}", file=sys.stderr)
        return EXIT_USER_ERROR
    status = 0
    if isinstance(out, Finished):
        out, status = out
    print(json.dumps(_strict(out), ensure_ascii=False, allow_nan=False) if isinstance(out, dict) else out)
    return status


def _strict(value):
    """JSON by RFC 8259: a number that is not one (NaN, an infinity) is null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _strict(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_strict(v) for v in value]
    return value


if __name__ == "__main__":
    sys.exit(main())
