"""A report (reports/content.py) as a self-contained HTML page (inline CSS and SVG charts: it
opens with no internet) and as a PDF made with fpdf2 (charts as PNG from the same matplotlib
figures; the DejaVu font shipped with matplotlib carries the suit symbols)."""
from __future__ import annotations

import io
import re
from html import escape
from pathlib import Path

import matplotlib
from fpdf import FPDF
from fpdf.enums import XPos, YPos

from analysis.bridge import SUIT_SYMBOLS, SUITS, hand_suits, is_vulnerable
from analysis.language import AsTyped, Language, language, M_
from analysis.errors import HuddleInputError
from analysis.vocabulary import VUL

from . import charts
from .content import AuctionBlock, Chart, Contents, Deal, Heading, PollHand, Report, Table, Text
from .diagram import (CSS as DIAGRAM_CSS, SUIT_COLOURS, auction_grid, auction_html, call_parts, hand_diagram_html,
                      single_hand_html)

PAGE_CSS = """
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;
  color:#1b1b1f;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.2rem} h2{font-size:1.25rem;border-bottom:1px solid #ccc;margin-top:1.8rem}
h3{font-size:1.05rem}
table.rp{border-collapse:collapse;font-size:.9rem;margin:.5rem 0;width:100%}
table.rp th,table.rp td{border:1px solid #ddd;padding:.25rem .4rem;text-align:left;vertical-align:top}
table.rp th{background:#f3f3f0}
.muted{color:#6b6b76} p.pre{white-space:pre-wrap}
figure{margin:.8rem 0} figure svg{max-width:100%;height:auto}
@media print{h2{break-after:avoid} figure,table{break-inside:avoid} h2[id^=case-]{break-before:page}}
</style>
"""


# ---------------------------------------------------------------- HTML

def to_html(report: Report) -> str:
    lang = language(report.language)
    parts = [f"<!doctype html><html lang='{lang.code}'><head><meta charset='utf-8'>"
             f"<meta name='viewport' content='width=device-width,initial-scale=1'>"
             f"<title>{escape(report.title)}</title>{PAGE_CSS}{DIAGRAM_CSS}</head><body>",
             f"<h1>{escape(report.title)}</h1>"]
    parts += [_html_block(b, lang) for b in report.blocks]
    return "".join(parts) + "</body></html>\n"


def blocks_html(blocks, lang: Language) -> str:
    """Some of a report's blocks as HTML, with the styles they need (a page shows one casebook case)."""
    return PAGE_CSS + DIAGRAM_CSS + "".join(_html_block(b, lang) for b in blocks)


def _html_block(block, lang: Language) -> str:
    if isinstance(block, Heading):
        anchor = f" id='{escape(block.anchor)}'" if block.anchor else ""
        return f"<h{block.level}{anchor}>{escape(block.text)}</h{block.level}>"
    if isinstance(block, Contents):
        items = "".join(f"<li><a href='#{escape(a)}'>{escape(t)}</a></li>" for a, t in block.entries)
        return f"<nav aria-labelledby='contents'><h2 id='contents'>{escape(block.title)}</h2><ol>{items}</ol></nav>"
    if isinstance(block, Text):
        return f"<p class='pre{' muted' if block.muted else ''}'>{escape(block.text)}</p>"
    if isinstance(block, Table):
        head = "" if not any(block.columns) else "<tr>" + "".join(f"<th>{escape(c)}</th>" for c in block.columns) + "</tr>"
        rows = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in block.rows)
        return f"<table class='rp'>{head}{rows}</table>"
    if isinstance(block, Chart):
        return f"<figure role='img' aria-label='{escape(block.alt)}'>{charts.svg(block.figure)}</figure>"
    if isinstance(block, Deal):
        return hand_diagram_html(block.board, include_css=False, lang=lang)
    if isinstance(block, AuctionBlock):
        return auction_html(block.auction, block.annotations, include_css=False, question_mark=block.question_mark,
                            lang=lang)
    if isinstance(block, PollHand):
        p = block.problem
        return single_hand_html(p.seat, p.hand, p.dealer, p.vulnerability, lang)
    raise TypeError(f"no HTML for {type(block).__name__}")


# ---------------------------------------------------------------- PDF

FONT_DIR = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
LINE = 5.0


class _PDF(FPDF):
    def __init__(self, title: str, lang: Language):
        super().__init__(format="A4")
        self.lang = lang
        self.add_font("DejaVu", "", str(FONT_DIR / "DejaVuSans.ttf"))
        self.add_font("DejaVu", "B", str(FONT_DIR / "DejaVuSans-Bold.ttf"))
        self.set_auto_page_break(True, margin=15)
        self.set_title(title)
        self.set_creator("Huddle")
        self.report_title = title
        self.links: dict[str, int] = {}         # a table of contents' entries, by anchor

    def footer(self):
        self.set_y(-12)
        self.set_font("DejaVu", "", 8)
        self.set_text_color(110, 110, 118)
        page = self.lang._("page {number}").format(number=self.page_no())
        self.cell(0, 5, f"{self.report_title} · {page}", align="C")
        self.set_text_color(0, 0, 0)


def to_pdf(report: Report) -> bytes:
    pdf = _PDF(report.title, language(report.language))
    pdf.add_page()
    pdf.set_font("DejaVu", "B", 16)
    pdf.multi_cell(0, 8, report.title, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    for block in report.blocks:
        _pdf_block(pdf, block)
    return bytes(pdf.output())


def _pdf_block(pdf: _PDF, block) -> None:
    if isinstance(block, Heading):
        if pdf.get_y() > pdf.h - 45:
            pdf.add_page()
        pdf.ln(3)
        if block.anchor in pdf.links:
            pdf.set_link(pdf.links[block.anchor], y=pdf.get_y(), page=pdf.page_no())
        pdf.set_font("DejaVu", "B", 13 if block.level == 2 else 11)
        pdf.multi_cell(0, 7, block.text, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    elif isinstance(block, Text):
        pdf.set_font("DejaVu", "", 9.5)
        pdf.set_text_color(*((107, 107, 118) if block.muted else (0, 0, 0)))
        pdf.multi_cell(0, LINE, block.text, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_text_color(0, 0, 0)
        pdf.ln(1)
    elif isinstance(block, Table):
        _pdf_table(pdf, block)
    elif isinstance(block, Contents):
        pdf.set_font("DejaVu", "B", 13)
        pdf.multi_cell(0, 7, block.title, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_font("DejaVu", "", 10)
        for number, (anchor, title) in enumerate(block.entries, 1):
            pdf.links[anchor] = pdf.add_link()
            pdf.multi_cell(0, 6, f"{number}. {title}", align="L", link=pdf.links[anchor],
                           new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    elif isinstance(block, Chart):
        image = charts.png(block.figure, dpi=150)
        width = pdf.epw * 0.9
        height = width * block.figure.get_figheight() / block.figure.get_figwidth()
        if pdf.get_y() + height > pdf.h - 15:
            pdf.add_page()
        pdf.image(io.BytesIO(image), x=pdf.l_margin, w=width, alt_text=block.alt)
        pdf.ln(2)
    elif isinstance(block, Deal):
        _pdf_deal(pdf, block)
    elif isinstance(block, AuctionBlock):
        _pdf_auction(pdf, block)
    elif isinstance(block, PollHand):
        p = block.problem
        if pdf.get_y() + 7 * LINE > pdf.h - 15:
            pdf.add_page()
        below = _pdf_hand(pdf, pdf.l_margin, pdf.get_y(), p.seat, p.hand, p.dealer, p.vulnerability)
        pdf.set_xy(pdf.l_margin, below + 1)
        pdf.set_font("DejaVu", "", 9)
        lang = pdf.lang
        pdf.cell(0, LINE, f"{lang.dealer} {lang.seat(p.dealer)} · {lang.vulnerability(p.vulnerability)}",
                 new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    else:
        raise TypeError(f"no PDF for {type(block).__name__}")


_LONGEST_WORD = 24                # characters: a longer run (a URL, a pasted string) is broken for print


def _breakable(text: str) -> str:
    """A cell's text with very long words broken, so one pasted word cannot widen a column
    past the page."""
    return re.sub(rf"(\S{{{_LONGEST_WORD}}})(?=\S)", r"\1 ", str(text))


def _pdf_table(pdf: _PDF, block: Table) -> None:
    block = Table(tuple(_breakable(c) for c in block.columns),
                  tuple(tuple(_breakable(v) for v in row) for row in block.rows))
    widths = _widths(pdf, block)
    with pdf.table(width=min(sum(widths), pdf.epw), col_widths=widths, align="LEFT", text_align="LEFT", line_height=4.2, padding=1,
                   first_row_as_headings=any(block.columns)) as table:
        if any(block.columns):
            row = table.row()
            for c in block.columns:
                row.cell(c)
        pdf.set_font("DejaVu", "", 8)
        most = int((pdf.h - pdf.t_margin - pdf.b_margin - 30) / 4.2)       # lines a row may take on a page
        widest = max(pdf.get_string_width(c) for c in "WM@♠♥♦♣—")
        for values in block.rows:
            for piece in _page_sized(pdf, values, widths, most, widest):
                row = table.row()
                for v in piece:
                    row.cell(v)
    pdf.ln(2)


def _page_sized(pdf: _PDF, values: tuple[str, ...], widths: tuple[float, ...], most: int,
                widest: float) -> list[tuple[str, ...]]:
    """A row as rows of at most ``most`` lines each, so each fits on a page: a cell longer than a
    page (a reason pasted whole) goes on in the rows below it, the other cells left empty there."""
    def surely_fits(text: str, width: float) -> bool:     # even in the widest letters: no need to measure
        per_line = max(1, int((width - 2) / widest))
        return sum(-(-len(line) // per_line) or 1 for line in text.split("\n")) <= most
    if all(surely_fits(v, w) for v, w in zip(values, widths)):
        return [values]
    lines = [pdf.multi_cell(max(w - 2, 6), 4.2, v, dry_run=True, output="LINES") if v else [""]
             for v, w in zip(values, widths)]
    if max(len(each) for each in lines) <= most:
        return [values]
    pieces = -(-max(len(each) for each in lines) // most)
    return [tuple(" ".join(each[k * most:(k + 1) * most]) for each in lines) for k in range(pieces)]


def _widths(pdf: _PDF, block: Table) -> tuple[float, ...]:
    """Column widths in mm: never narrower than the longest word (headings in bold), so no word
    breaks; the room left is shared in proportion to each column's longest text (capped)."""
    def width(text: str, style: str = "") -> float:
        pdf.set_font("DejaVu", style, 8)
        return pdf.get_string_width(text)

    need, want = [], []
    for i, heading in enumerate(block.columns):
        cells = [r[i] for r in block.rows]
        words = [width(w, "B") for w in heading.split()] + [width(w) for c in cells for w in c.split()]
        need.append(max(words, default=0) + 3)
        want.append(min(max([width(heading, "B")] + [width(c) for c in cells]) + 3, 90))
    pdf.set_font("DejaVu", "", 8)
    slack = [max(w - n, 0) for n, w in zip(need, want)]
    room = pdf.epw - sum(need)
    share = min(1, room / sum(slack)) if sum(slack) and room > 0 else 0
    return tuple(n + s * share for n, s in zip(need, slack))


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def _suit_line(pdf: _PDF, x: float, y: float, suit: str, cards: str) -> None:
    pdf.set_xy(x, y)
    pdf.set_text_color(*_rgb(SUIT_COLOURS[suit]))
    pdf.cell(5, LINE, SUIT_SYMBOLS[suit])
    pdf.set_text_color(0, 0, 0)
    pdf.cell(40, LINE, (cards or "—").replace("T", "10"))


def _pdf_hand(pdf: _PDF, x: float, y: float, seat: str, suits: dict[str, str] | None, dealer: str, vul: str) -> float:
    """One hand at (x, y); returns the y below it."""
    pdf.set_xy(x, y)
    pdf.set_font("DejaVu", "B", 8)
    lang = pdf.lang
    head = (lang.seat(seat).upper() + (f" · {lang.dealer}" if dealer == seat else "")
            + (f" · {VUL.said(lang)}" if is_vulnerable(vul, seat) else ""))
    pdf.cell(45, LINE, head)
    pdf.set_font("DejaVu", "", 10)
    if suits is None:
        pdf.set_xy(x, y + LINE)
        pdf.cell(45, LINE, pdf.lang._("not recorded"))
        return y + 2 * LINE
    for i, suit in enumerate(SUITS):
        _suit_line(pdf, x, y + LINE * (i + 1), suit, "".join(lang.rank(r) for r in suits[suit]))
    return y + 5 * LINE


def _pdf_deal(pdf: _PDF, block: Deal) -> None:
    board = block.board
    if pdf.get_y() + 16 * LINE > pdf.h - 15:
        pdf.add_page()
    x0, y0, col = pdf.l_margin, pdf.get_y(), 50
    hands = {s: hand_suits(board.deal, s) for s in "NESW"}
    _pdf_hand(pdf, x0 + col, y0, "N", hands["N"], board.dealer, board.vulnerability)
    middle = y0 + 5.5 * LINE
    _pdf_hand(pdf, x0, middle, "W", hands["W"], board.dealer, board.vulnerability)
    _pdf_hand(pdf, x0 + 2 * col, middle, "E", hands["E"], board.dealer, board.vulnerability)
    pdf.set_font("DejaVu", "", 8)
    pdf.set_fill_color(246, 246, 242)
    pdf.set_xy(x0 + col, middle + LINE)
    lang = pdf.lang
    number = lang._("Board {number}").format(number=board.number) + " · " if board.number else ""
    pdf.multi_cell(40, 4.5, f"{number}{lang.dealer} {lang.seat(board.dealer)}\n"
                            f"{lang.vulnerability(board.vulnerability)}", border=1, align="C", fill=True)
    end = _pdf_hand(pdf, x0 + col, y0 + 11 * LINE, "S", hands["S"], board.dealer, board.vulnerability)
    pdf.set_xy(x0, end + 2)


def _pdf_auction(pdf: _PDF, block: AuctionBlock) -> None:
    rows, footnotes = auction_grid(block.auction, block.annotations, block.question_mark, lang=pdf.lang)
    width = 22
    if pdf.get_y() + (len(rows) + 2) * LINE > pdf.h - 15:
        pdf.add_page()
    x0 = pdf.l_margin
    pdf.set_font("DejaVu", "B", 8)
    for i, seat in enumerate("WNES"):
        pdf.set_xy(x0 + i * width, pdf.get_y())
        pdf.cell(width, LINE, pdf.lang.seat(seat), border="B")
    y = pdf.get_y() + LINE
    for row in rows:
        for i, cell in enumerate(row):
            _pdf_call(pdf, x0 + i * width, y, width, cell)
        y += LINE
    pdf.set_xy(x0, y + 1)
    pdf.set_font("DejaVu", "", 8)
    for n, note in enumerate(footnotes, 1):
        pdf.multi_cell(0, 4, f"{n}. {note}", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)


def _pdf_call(pdf: _PDF, x: float, y: float, width: float, cell) -> None:
    if cell.slow:
        pdf.set_fill_color(255, 241, 194)
        pdf.rect(x, y, width - 2, LINE, style="F")
    pdf.set_xy(x, y)
    pdf.set_font("DejaVu", "B" if cell.call == "?" else "", 10)
    for text, suit in call_parts(cell.call, pdf.lang):
        if suit:
            pdf.set_text_color(*_rgb(SUIT_COLOURS[suit]))
        pdf.cell(pdf.get_string_width(text) + 0.3, LINE, text)
        pdf.set_text_color(0, 0, 0)
    if cell.note is not None:
        pdf.set_font("DejaVu", "", 6)
        pdf.cell(4, 3, str(cell.note))


__all__ = ["to_html", "to_pdf", "FORMATS", "report_bytes", "write_report"]


FORMATS = {"html": ("text/html", lambda r: to_html(r).encode("utf-8")), "pdf": ("application/pdf", to_pdf)}


def report_bytes(report: Report, fmt: str) -> bytes:
    if fmt not in FORMATS:
        raise HuddleInputError("format", M_("'{fmt}' must be html or pdf", fmt=AsTyped(fmt)))
    return FORMATS[fmt][1](report)


def write_report(report: Report, formats, folder: Path, made: dict[str, bytes] | None = None) -> dict[str, Path]:
    """Write the report in each format as <board>-<case id>.<format> in ``folder`` (``made``: the
    bytes already rendered). Every file is written to a temporary name of its own, created
    exclusively and readable by the server's user alone (a report holds pollees' comments and
    reasons), then renamed: a failure leaves no half-written report, and two writers at once
    never write into each other's file."""
    import os
    import tempfile
    made = made or {fmt: report_bytes(report, fmt) for fmt in formats}
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for fmt, data in made.items():
        path = folder / f"{report.file_stem}.{fmt}"
        if path.resolve().parent != folder.resolve():     # a case id is a slug; never write beside the folder
            raise ValueError(f"report name {path.name!r} leaves the reports folder")
        handle, partial = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".partial")
        try:
            with os.fdopen(handle, "wb") as fp:
                fp.write(data)
            os.replace(partial, path)
        except BaseException:
            Path(partial).unlink(missing_ok=True)
            raise
        out[fmt] = path
    return out
