"""A casebook as the national bodies publish theirs: a table of contents, then each case with
its event and form of scoring, the deal, the auction with the irregularity marked, the facts
found, the polls with their counts and Q4, the director's ruling and reasons, the committee's
decision and reasons and the score in force (all as the case's ruling report tells them), then
the panel: each commentator's comment with their rating of the decision, and the average.

Huddle's words are said in the casebook's language; what people typed (reasons, comments) as
typed. Directors and committee members appear by role ("the director", "Member 1") unless the
organisation names them; pollees are numbered, as in every report."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from analysis.language import Language
from analysis.law.appeal.committee import CommitteeSeen
from analysis.law.case import Case
from analysis.law.ruling.engine import Ruling
from analysis.polls.seen import PollSeen

from .content import Contents, Heading, Report, Table, Text, report_content


@dataclass(frozen=True)
class PanelComment:
    name: str
    rating: int
    comment: str


@dataclass(frozen=True)
class BookCase:
    """One case of a casebook, as plain values: what its ruling report needs, whose it is, the
    officials' names (to be named or not) and the panel's comments."""

    case: Case
    ruling: Ruling
    status: str
    club: str
    polls: tuple[PollSeen, ...] = ()
    committee: CommitteeSeen | None = None
    members: tuple[str, ...] = ()          # the committee members' names, as the records hold them
    directors: tuple[str, ...] = ()        # the directors' names, as the records hold them
    panel: tuple[PanelComment, ...] = ()
    entry: int = 0                         # its place in the casebook's records (0: a file's case)


def panel_average(panel: tuple[PanelComment, ...]) -> Fraction | None:
    """The panel's average rating of the decision (None without a comment)."""
    return Fraction(sum(c.rating for c in panel), len(panel)) if panel else None


def anchor(number: int) -> str:
    return f"case-{number}"


def _unnamed(block, names: dict[str, str]):
    """A block with each official's name replaced by their role."""
    if not names:
        return block
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?!\w)")

    def swap(text: str) -> str:
        return pattern.sub(lambda m: names[m.group(1)], text)
    if isinstance(block, Text):
        return replace(block, text=swap(block.text))
    if isinstance(block, Heading):
        return replace(block, text=swap(block.text))
    if isinstance(block, Table):
        return replace(block, rows=tuple(tuple(swap(str(c)) for c in row) for row in block.rows))
    return block


def _roles(book: BookCase, lang: Language) -> dict[str, str]:
    names: dict[str, str] = {}
    for number, member in enumerate(dict.fromkeys(m for m in book.members if m), 1):
        names[member] = lang._("Member {n}").format(n=number)
    for director in book.directors:
        if director and director not in names:
            names[director] = lang._("the director")
    return names


def case_blocks(number: int, book: BookCase, officials_named: bool, lang: Language) -> list:
    made = report_content(book.case, book.ruling, book.status, book.polls, book.committee, lang=lang)
    names = {} if officials_named else _roles(book, lang)
    blocks: list = [Heading(f"{number}. {book.case.title}", 2, anchor(number)),
                    Text(lang._("From {club}").format(club=book.club), muted=True)]
    blocks += [_unnamed(replace(b, level=min(b.level + 1, 4)) if isinstance(b, Heading) else b, names)
               for b in made.blocks]
    blocks.append(Heading(lang._("The panel"), 3))
    if not book.panel:
        return blocks + [Text(lang._("No comment from the panel yet."), muted=True)]
    blocks.append(Table((lang._("commentator"), lang._("rating"), lang._("comment")),
                        tuple((c.name, str(c.rating), c.comment) for c in book.panel)))
    average = panel_average(book.panel)
    blocks.append(Text(lang._("The panel's average rating of the decision: {rating} of 100").format(
        rating=lang.number(float(average), 1))))
    return blocks


def casebook_report(title: str, books: list[BookCase], officials_named: bool, *, lang: Language,
                    organisation: str = "") -> Report:
    """The casebook as one report: its contents, then each case with its panel."""
    blocks: list = [Text(lang._("{n} decided cases, each with the panel's comments and ratings.").format(n=len(books)),
                         muted=True),
                    Contents(lang._("Contents"), tuple((anchor(i), b.case.title) for i, b in enumerate(books, 1)))]
    for number, book in enumerate(books, 1):
        blocks += case_blocks(number, book, officials_named, lang)
    return Report("casebook", title, tuple(blocks), None, lang.code, organisation)


__all__ = ["BookCase", "PanelComment", "casebook_report", "case_blocks", "anchor", "panel_average"]
