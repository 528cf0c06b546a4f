"""The ``huddle`` command's parts, one module per kind of work. Each module's ``register`` adds
its commands to the parser; a command line loads only the module of the command it names, so a
director's ``huddle score`` never loads the server's accounts, nor ``huddle rule`` the research
fits. A new command is a function and its arguments in one of these modules (or a new module
named here)."""
from __future__ import annotations

# command: (module, one line of help shown by `huddle --help` before any module is loaded)
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("calculator", "Score a played contract (Law 77)."),
    "mp": ("calculator", "Matchpoint a board with weighted assigned scores (Law 78A, 12C1(c))."),
    "imp": ("calculator", "IMPs of a weighted assigned score against the other table."),
    "butler": ("calculator", "Butler IMPs of a weighted assigned score against the field's datum."),
    "cross-imps": ("calculator", "Cross-IMPs of a weighted assigned score against every other table."),
    "la": ("calculator", "Logical alternatives from a poll's counts under a policy (Law 16B1(b))."),
    "methods": ("calculator", "The adjustment methods an edition of the Laws allows, with their laws."),
    "rule": ("rulings", "The full ruling for a case file: the four Law 16 questions and the adjustment."),
    "report": ("rulings", "Write the ruling report of a case as HTML and/or PDF (both by default)."),
    "simulate": ("rulings", "Deal the unseen hands and play each polled action's contract double dummy, with and "
                            "without the UI's inference: evidence for question 3."),
    "case": ("cases", "Case files: import, export, list, status, history, rule, rulings."),
    "poll": ("polls", "Polls: create a case's poll, issue its pollees' links, print its tally."),
    "calibrate": ("research", "Calibrate the LA threshold from a corpus of polls and rulings (CSV)."),
    "corpus": ("research", "The research corpus of the database's cases."),
    "precedents": ("casebooks", "The decided cases most like a case, each with what was decided and why."),
    "casebook": ("casebooks", "The casebook: choose and agree decided cases, invite commentators, write its files."),
    "addresses": ("server", "The address pollees' phones should use to reach this server."),
    "setup": ("server", "Create or upgrade the database and load the example cases."),
    "backup": ("server", "Copy the database consistently while the server runs (SQLite's backup, or pg_dump for "
                         "PostgreSQL)."),
    "restore": ("server", "Restore a backup into an empty database (HUDDLE_DATABASE_URL)."),
    "org": ("server", "Organisations: clubs and federations side by side."),
    "user": ("server", "Accounts for directors, committee members, researchers."),
}
