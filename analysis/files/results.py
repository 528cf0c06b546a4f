"""The field of a board from the scoring program's files: a PBN results section (ScoreTable),
a USEBIO XML results file, or a CSV. Each gives every table's result of the board; the case's
own table is taken out (by its pairs when they are given, else by its score) to leave the
other tables' North-South scores, which is what matchpointing an adjusted score needs (Law 78).
"""
from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from analysis.files import pbn as pbn_files
from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, N_, AsTyped, Count, Listed, Message
from analysis.vocabulary import SOURCE
from analysis.bridge.table_results import FieldRow, field_row
from analysis.files.text import decode

FORMATS = ("pbn", "usebio", "csv")
MAX_ROWS = 2000          # a board is played at a few hundred tables at most


@dataclass(frozen=True)
class FieldImport:
    """The other tables' North-South scores and what was done to get them."""

    scores: tuple[int, ...]
    rows: tuple[FieldRow, ...]
    removed: FieldRow | None         # the case's own table, taken out
    note: str
    artificial: int = 0              # other tables with an artificial score (A6060 …): Neuberg-factored for


def file_format(name: str, data: bytes | str) -> str:
    """pbn, usebio or csv from the file name, else from the content."""
    lower = name.lower()
    for ext, fmt in ((".pbn", "pbn"), (".xml", "usebio"), (".csv", "csv")):
        if lower.endswith(ext):
            return fmt
    text, _ = decode(data)
    if "<USEBIO" in text.upper():
        return "usebio"
    if "[ScoreTable" in text:
        return "pbn"
    return "csv"


def rows_of_file(data: bytes | str, name: str, fmt: str | None, board: int, vul: str) -> tuple[FieldRow, ...]:
    """Every table's result of board ``board`` in a results file, its format given or found."""
    return rows_for_board(data, fmt or file_format(name, data), board, vul)


def rows_for_board(data: bytes | str, fmt: str, board: int, vul: str) -> tuple[FieldRow, ...]:
    """Every table's result of board ``board`` in a results file."""
    if fmt not in FORMATS:
        raise HuddleInputError("format", M_("'{value}' must be one of {choices}", value=AsTyped(fmt), choices=', '.join(FORMATS)))
    rows = {"pbn": _pbn_rows, "usebio": _usebio_rows, "csv": _csv_rows}[fmt](data, board, vul)
    if not rows:
        raise HuddleInputError("field", M_("the file has no result of board {board}", board=board))
    if len(rows) > MAX_ROWS:
        raise HuddleInputError("field", M_("{count} results for one board is more than {most}", count=len(rows),
                                           most=MAX_ROWS))
    return tuple(rows)


def field_for_case(rows: tuple[FieldRow, ...], table_ns: int | None, ns_pair: str | None = None,
                   ew_pair: str | None = None) -> FieldImport:
    """The other tables' scores: the rows without the case's own table; tables given an artificial
    score in percentages are counted apart (the board is Neuberg-factored for them)."""
    scores = [r for r in rows if r.ns_score is not None]
    artificial = sum(1 for r in rows if r.shares is not None)
    unscored = len(rows) - len(scores) - artificial
    removed = None
    if ns_pair or ew_pair:
        match = [r for r in scores if (not ns_pair or r.ns_pair == ns_pair) and (not ew_pair or r.ew_pair == ew_pair)]
        if len(match) != 1:
            raise HuddleInputError("pairs", M_("{count} results of the board have NS pair {ns} and EW pair {ew}; exactly one "
                                               "must", count=len(match), ns=AsTyped(ns_pair) if ns_pair else N_("any"),
                                               ew=AsTyped(ew_pair) if ew_pair else N_("any")))
        removed = match[0]
        how = M_("the case's table (NS {ns}, EW {ew}) taken out", ns=AsTyped(ns_pair or removed.ns_pair),
                 ew=AsTyped(ew_pair or removed.ew_pair))
    elif table_ns is not None:
        removed = next((r for r in scores if r.ns_score == table_ns), None)
        how = (M_("one result of {score} (the case's table) taken out", score=f"{table_ns:+d}") if removed else
               M_("no result of {score}, the case's table, was found: check the board and the file", score=f"{table_ns:+d}"))
    else:
        how = M_("the case has no table result, so no row was taken out")
    if removed is not None:
        scores.remove(removed)
    parts = [M_("{n} other tables; {how}", n=len(scores), how=how)]
    if artificial:
        parts.append(MP_("{n} table with an artificial score kept apart, the board Neuberg-factored for it as the "
                         "scoring program does", "{n} tables with an artificial score kept apart, the board "
                         "Neuberg-factored for them as the scoring program does", n=artificial))
    if unscored:
        parts.append(MP_("{n} row without a score left out", "{n} rows without a score left out", n=unscored))
    note = Message("{parts}", parts=Listed(tuple(parts), "; "))
    return FieldImport(tuple(r.ns_score for r in scores if r.ns_score is not None), tuple(rows), removed, note,
                       artificial)


# ---------------------------------------------------------------- the three formats

def _pbn_rows(data, board: int, vul: str) -> list[FieldRow]:
    read = pbn_files.loads(data, lang=SOURCE)          # the ScoreTable's rows: no notes are read
    refused = [p for p in read.problems if p.board == str(board)]
    if refused:
        raise HuddleInputError("field", str(refused[0]))
    rows: list[FieldRow] = []
    for game in read.games:
        bad = [w for w in game.warnings if w.startswith(pbn_files.SCORE_TABLE_WARNING)]
        if game.board.number == board and bad:
            raise HuddleInputError("field", M_("board {board}: {bad}", board=board, bad=bad[0]))
        if game.board.number == board and game.score_table:
            rows.extend(game.score_table)
            break
    return rows


def _text(element, name: str) -> str | None:
    found = element.find(name)
    return None if found is None or found.text is None else found.text.strip()


def usebio_root(data: bytes | str) -> ET.Element:
    """A USEBIO file's root element, as the scoring programs publish it: with or without its
    DOCTYPE (a plain external DTD is never fetched), in a namespace or not (the names are read
    without it), in the encoding its declaration names or in UTF-16. Entities are refused: a
    results file needs none, and they are how an XML file is made to explode."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring
    text, _ = decode(data)
    try:
        # the parser itself refuses entities, whatever encoding it reads the file in (a UTF-16 file
        # with no byte-order mark passed a check of the decoded text before, and was expanded)
        root = fromstring(data if isinstance(data, bytes) else text, forbid_dtd=False, forbid_entities=True,
                          forbid_external=True)
    except DefusedXmlException:
        raise HuddleInputError("USEBIO", M_("the file declares entities, which a results file does not need")) from None
    except ET.ParseError as exc:
        raise HuddleInputError("USEBIO", M_("not well-formed XML ({exc})", exc=exc)) from None
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.startswith("{"):
            element.tag = element.tag.split("}", 1)[1]          # {namespace}BOARD is BOARD
    return root


def _usebio_rows(data, board: int, vul: str) -> list[FieldRow]:
    root = usebio_root(data)
    rows = []
    for element in root.iter("BOARD"):
        if _text(element, "BOARD_NUMBER") != str(board):
            continue
        for k, line in enumerate(element.iter("TRAVELLER_LINE"), 1):
            rows.append(field_row(_text(line, "CONTRACT"), _text(line, "PLAYED_BY"), _text(line, "TRICKS"),
                             _text(line, "SCORE"), vul, M_("USEBIO board {board}, traveller line {line}", board=board, line=k),
                             _text(line, "NS_PAIR_NUMBER"), _text(line, "EW_PAIR_NUMBER")))
    return rows


_CSV_NAMES = {"board": ("board", "board_number", "bd"), "contract": ("contract",),
              "declarer": ("declarer", "by", "played_by"), "tricks": ("tricks", "result"),
              "score": ("ns_score", "score_ns", "score", "ns"), "ns_pair": ("ns_pair", "pair_ns", "ns pair"),
              "ew_pair": ("ew_pair", "pair_ew", "ew pair")}


def _csv_rows(data, board: int, vul: str) -> list[FieldRow]:
    text, _ = decode(data)
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = _LineNamedReader(csv.DictReader(io.StringIO(text), dialect=dialect))
    if not reader.fieldnames:
        raise HuddleInputError("CSV", M_("the file has no header row"))
    header = {h.strip().lower(): h for h in reader.fieldnames if h}
    column = {key: next((header[n] for n in names if n in header), None) for key, names in _CSV_NAMES.items()}
    if column["score"] is None and column["contract"] is None:
        raise HuddleInputError("CSV", M_("the header needs ns_score, or contract with declarer and tricks (it has "
                                         "{columns})", columns=AsTyped(", ".join(reader.fieldnames))))
    rows = []
    for number, record in enumerate(reader, 2):
        get = lambda key: (record.get(column[key]) or "").strip() if column[key] else None  # noqa: E731
        if column["board"] and get("board") != str(board):
            continue
        rows.append(field_row(get("contract"), get("declarer"), get("tricks"), get("score"), vul,
                         M_("CSV line {line}", line=number), get("ns_pair"), get("ew_pair")))
        if len(rows) > MAX_ROWS:
            break
    return rows


class _LineNamedReader:
    """A CSV reader whose every failure (a cell over the csv module's 128 KB, a stray NUL) is a
    refusal naming the line."""

    def __init__(self, reader: csv.DictReader):
        self.reader = reader
        self.fieldnames = self._read(lambda: reader.fieldnames)

    def _read(self, step):
        try:
            return step()
        except csv.Error as exc:
            line = self.reader.line_num + 1          # the line being read when it failed
            why = (M_("a cell is longer than {limit} characters", limit=Count(csv.field_size_limit()))
                   if "field limit" in str(exc) else M_("{problem}", problem=AsTyped(str(exc))))
            raise HuddleInputError(M_("CSV line {line}", line=line), why) from None

    def __iter__(self):
        return self

    def __next__(self):
        return self._read(lambda: next(self.reader))


__all__ = ["FieldImport", "FORMATS", "file_format", "rows_for_board", "field_for_case", "usebio_root"]
