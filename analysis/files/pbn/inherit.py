"""What a PBN game takes from the games before it: ``#`` and ``##`` (the standard's 4.8), and a
board played at another table in the two-table layout of rpbridge.net files."""
from __future__ import annotations


from analysis.files.pbn.lexer import Item, Refused
from analysis.language import M_


_NOT_INHERITED = {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}

# What changes from one table to the next; everything else describes the board.
PER_TABLE = {"West", "North", "East", "South", "Declarer", "Contract", "Result", "Auction", "Play", "Note",
              "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "Room", "Table", "Round", "Time"}


_TABLE_RESULT = {"Auction", "Contract", "Result", "Play"}     # what a table adds to a board


def second_table(items: list[Item], last_board: dict) -> list[Item]:
    """The two-table layout of rpbridge.net files: a game with a table's auction or result but
    no [Deal], [Board], [Dealer] or [Vulnerable] of its own, after a board that was read, is that
    board played at another table."""
    named = {i.text for i in items if i.kind == "tag"}
    if named & {"Deal", "Board", "Dealer", "Vulnerable"} or not named & _TABLE_RESULT or "Deal" not in last_board:
        return items
    line = items[0].line if items else 1
    return [Item("tag", name, line, value) for name, value in last_board.items() if name not in named] + items


def inherited(items: list[Item], previous: dict, defaults: dict) -> list[Item]:
    """Resolve "#" and "##" (4.8) and record this game's values for the games after it."""
    out = []
    named = set()
    for item in items:
        if item.kind == "tag" and item.text not in named:
            named.add(item.text)
            value = item.value.strip()
            if item.text in defaults and not value.startswith("#"):
                defaults[item.text] = value       # a ## value redefined for the games that follow
            if value.startswith("#"):
                if item.text in _NOT_INHERITED:
                    raise Refused(item.line, M_("[{text} \"{value}\"]: this tag may not be inherited with #", text=item.text,
                                                 value=value))
                if value.startswith("##"):
                    defaults[item.text] = value[2:]
                    value = value[2:]
                else:
                    value = previous.get(item.text, "")
                item = Item("tag", item.text, item.line, value)
        out.append(item)
    line = items[0].line if items else 1
    for name, value in defaults.items():
        if name not in named:
            out.insert(0, Item("tag", name, line, value))
    for item in out:
        if item.kind == "tag" and item.text not in _NOT_INHERITED:
            previous[item.text] = item.value
    return out
