"""The command-line room: ``huddle`` and its subcommands (``main``; the commands in parts by what
they serve, ``huddle.cli.commands``)."""
from huddle.cli.main import main

__all__ = ["main"]
