"""Hand diagram and auction table as HTML: one renderer for the app and the reports.

All text that a user typed (explanations, remarks) is escaped, so it renders inert.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from markupsafe import Markup

from analysis.bridge import SUIT_SYMBOLS, SUITS, Auction, Board, TableCall, hand_suits, is_vulnerable
from analysis.language import N_, Language
from analysis.vocabulary import SYMBOL_SUITS, VUL, Strain
from analysis.vocabulary.word import spellings

# a four-colour deck, every suit at 4.5:1 or more against white (WCAG 2.1 AA for text): the diamond
# a dark amber (5.0:1), still told apart from the heart's red
SUIT_COLOURS = {"S": "#1f3b8c", "H": "#c8102e", "D": "#b45309", "C": "#1b7d34"}

CSS = """
<style>
.hd-wrap{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:520px}
.hd-grid{display:grid;grid-template-columns:1fr 1fr 1fr;gap:4px;align-items:center}
.hd-hand{font-size:15px;line-height:1.35;padding:2px 4px;white-space:nowrap}
.hd-hand .hd-seat{font-size:12px;color:#555;font-weight:600;text-transform:uppercase}
.hd-hand .hd-unknown{color:#888;font-style:italic}
.hd-compass{border:1px solid #bbb;border-radius:6px;text-align:center;font-size:12px;padding:6px 2px;
  background:#f6f6f2;color:#333}
.hd-vul{color:#c8102e;font-weight:700}
.hd-auction{border-collapse:collapse;margin-top:6px;font-size:15px;width:100%;max-width:360px;table-layout:fixed}
.hd-auction th{font-size:12px;color:#555;border-bottom:1px solid #bbb;padding:2px 6px;text-align:left}
.hd-auction td{padding:2px 6px;vertical-align:top;overflow-wrap:anywhere}
@media (max-width:360px){.hd-auction th,.hd-auction td{padding:2px 2px}.hd-auction{font-size:14px}
.hd-auction th{font-size:11px;overflow-wrap:anywhere}}
.hd-mark{font-size:11px;color:#555}
.hd-slow{background:#fff1c2}
.hd-notes{font-size:13px;color:#333;margin:4px 0 0 0;padding-left:18px}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
</style>
"""


def suit_word(suit: str, lang: Language, one: bool = False) -> str:
    """The suit by name in ``lang``, as a screen reader says it: "spades", « piques », „Pik“;
    ``one`` (a bid at the one level): "1 spade", « 1 pique » where the language says so."""
    names = spellings(lang.pgettext(*Strain.NAMES[suit]))
    return names[1] if one and len(names) > 1 and names[0][:-1] == names[1] else names[0]


def _suit(suit: str, lang: Language, one: bool = False) -> str:
    """A suit's symbol in its colour, with its name for a screen reader (the symbol itself is
    hidden from it: said once, not twice)."""
    return (f'<span aria-hidden="true" style="color:{SUIT_COLOURS[suit]}">{SUIT_SYMBOLS[suit]}</span>'
            f'<span class="sr"> {escape(suit_word(suit, lang, one))} </span>')


def _each_suit(text: str, suit, other) -> str:
    """``text`` with each suit symbol as ``suit(letter, one)`` (one: not after a level above
    one: "1♠", "a low ♠") and every other character as ``other(ch)``."""
    out, level = [], ""
    for ch in str(text):
        found = SYMBOL_SUITS.get(ch)
        out.append(suit(found.value, level in "1") if found else other(ch))
        level = ch if ch.isdigit() else ""
    return "".join(out)


def drawn(text: str, lang: Language) -> Markup:
    """Text with each suit symbol drawn in its colour and named for a screen reader ("4♠": "4
    spades"; "1♠", "a low ♠": "spade"); the rest escaped."""
    return Markup(_each_suit(text, lambda suit, one: _suit(suit, lang, one), escape))


def spoken(text: str, lang: Language) -> str:
    """Text with each suit symbol in words, for an aria-label: "4♠" is "4 spades"."""
    return " ".join(_each_suit(text, lambda suit, one: f" {suit_word(suit, lang, one)} ", str).split())


def _holding(cards: str, lang: Language) -> str:
    return escape("".join(lang.rank(r) for r in cards)) if cards else "—"


def hand_html(board: Board, seat_letter: str, lang: Language) -> str:
    return _hand_block(seat_letter, hand_suits(board.deal, seat_letter), board.dealer, board.vulnerability, lang)


def _hand_block(seat_letter: str, suits: dict[str, str] | None, dealer: str, vulnerability: str,
                lang: Language) -> str:
    head = (f'<div class="hd-seat">{escape(lang.seat(seat_letter))}'
            + (f" · {escape(lang.dealer)}" if dealer == seat_letter else "")
            + (f' · <span class="hd-vul">{escape(VUL.said(lang))}</span>' if is_vulnerable(vulnerability, seat_letter) else "")
            + "</div>")
    if suits is None:
        unknown = lang._("not recorded")
        body = f'<div class="hd-unknown">{escape(unknown)}</div>'
    else:
        body = "".join(f"<div>{_suit(s, lang)} {_holding(suits[s], lang)}</div>" for s in SUITS)
    return f'<div class="hd-hand" data-seat="{seat_letter}">{head}{body}</div>'


def hand_diagram_html(board: Board, seats: str = "NESW", include_css: bool = True, *, lang: Language) -> str:
    """Four hands round a compass; ``seats`` limits which hands are shown (a pollee sees one)."""
    cell = {s: hand_html(board, s, lang) if s in seats else "<div></div>" for s in "NESW"}
    number = escape(lang._("Board {number}").format(number=board.number)) + "<br>" if board.number else ""
    compass = (f'<div class="hd-compass">{number}{escape(lang.dealer)} {escape(lang.seat(board.dealer))}<br>'
               f'{escape(lang.vulnerability(board.vulnerability))}</div>')
    grid = (f'<div class="hd-grid"><div></div>{cell["N"]}<div></div>'
            f'{cell["W"]}{compass}{cell["E"]}<div></div>{cell["S"]}<div></div></div>')
    return (CSS if include_css else "") + f'<div class="hd-wrap">{grid}</div>'


def single_hand_html(seat_letter: str, hand: dict[str, str], dealer: str, vulnerability: str,
                     lang: Language, include_css: bool = True) -> str:
    """One player's hand with the board's dealer and vulnerability (what a pollee sees)."""
    return (CSS if include_css else "") + '<div class="hd-wrap">' + _hand_block(seat_letter, hand, dealer, vulnerability, lang) + (
        f'<div class="hd-compass" style="margin-top:6px">{escape(lang.dealer)} '
        f'{escape(lang.seat(dealer))} · {escape(lang.vulnerability(vulnerability))}</div></div>')


def call_parts(call: str, lang: Language) -> list[tuple[str, str | None]]:
    """A call as pieces of text, each with the suit whose colour it takes: ("4", None), ("♠", "S");
    Pass, Double and NT in the players' words ("Passe", "Contre", "1SA" in French)."""
    if call in ("X", "XX", "?", ""):       # X and XX are written so in every language's auctions
        return [(call, None)]
    if call == "P" or call[1:] == "NT":
        return [(lang.call(call), None)]
    return [(call[0], None), (SUIT_SYMBOLS[call[1]], call[1])]


def call_html(call: str, lang: Language) -> str:
    one = call[:1] == "1"
    return "".join(_suit(suit, lang, one) if suit else escape(text) for text, suit in call_parts(call, lang))


def _notes_for(call: TableCall, lang: Language) -> list[str]:
    notes = []
    if call.tempo_break:
        notes.append(lang._("break in tempo") + (f" ({call.tempo_seconds} s)" if call.tempo_seconds is not None else ""))
    if call.alerted:
        notes.append(lang._("alerted"))
    if call.explanation:
        notes.append(lang._("explained as: {explanation}").format(explanation=call.explanation))
    if call.correct_explanation:
        notes.append(lang._("correct explanation: {explanation}").format(explanation=call.correct_explanation))
    if call.remark:
        notes.append(lang._("remark: {remark}").format(remark=call.remark))
    return notes


@dataclass(frozen=True)
class AuctionCell:
    call: str              # "1S", "P", "X", "XX", "?" or "" (before the dealer)
    note: int | None = None
    slow: bool = False


def auction_grid(auction: Auction, annotations: bool = True, question_mark: bool = False,
                 *, lang: Language) -> tuple[list[list[AuctionCell]], list[str]]:
    """The auction as rows of four cells (W N E S) and the footnotes of the marked calls: the
    one layout the HTML and the PDF both draw."""
    footnotes: list[str] = []
    cells = [AuctionCell("") for _ in range("WNES".index(auction.dealer))]
    for call in auction.calls:
        notes = _notes_for(call, lang) if annotations else []
        if notes:
            footnotes.append("; ".join(notes))
        cells.append(AuctionCell(call.call, len(footnotes) if notes else None, bool(notes) and call.tempo_break))
    if question_mark:
        cells.append(AuctionCell("?"))
    cells += [AuctionCell("")] * (-len(cells) % 4)
    return [cells[i:i + 4] for i in range(0, len(cells), 4)] or [[AuctionCell("")] * 4], footnotes


def _cell_html(cell: AuctionCell, lang: Language) -> str:
    if cell.call in ("", "?"):
        return "<b>?</b>" if cell.call else ""
    text = call_html(cell.call, lang)
    if cell.note is None:
        return text
    return f'<span class="{"hd-slow" if cell.slow else ""}">{text}</span><sup class="hd-mark">{cell.note}</sup>'


def auction_html(auction: Auction, annotations: bool = True, include_css: bool = True,
                 question_mark: bool = False, *, lang: Language) -> str:
    """The auction in W N E S columns. With ``annotations`` each marked call gets a footnote
    number (tempo, alert, explanation, remark); without, only the calls (what a pollee sees).
    ``question_mark`` adds "?" for the next call (a poll's decision point)."""
    rows, footnotes = auction_grid(auction, annotations, question_mark, lang=lang)
    body = "".join("<tr>" + "".join(f"<td>{_cell_html(c, lang)}</td>" for c in row) + "</tr>" for row in rows)
    head = "<tr>" + "".join(f"<th>{escape(lang.seat(s))}</th>" for s in "WNES") + "</tr>"
    notes_html = ("<ol class='hd-notes'>" + "".join(f"<li>{escape(n)}</li>" for n in footnotes) + "</ol>"
                  if footnotes else "")
    return (CSS if include_css else "") + f'<table class="hd-auction">{head}{body}</table>{notes_html}'


def tricks_html(tricks, contract: str, include_css: bool = False, *, lang: Language) -> str:
    """A play poll's contract and the tricks so far, each card with its player: what every player
    at the table has seen."""
    rows = "".join(
        f"<tr><td>{n}</td><td>{escape(lang.seat(leader))}</td><td>"
        + " ".join(f'<span title="{escape(lang.seat(who))}">{escape(lang.seat_letter(who))}&nbsp;{_suit(card[0], lang)}'
                   f'{escape(lang.rank(card[1]))}</span>'
                   for who, card in trick)
        + "</td></tr>"
        for n, (leader, trick) in enumerate(tricks, 1))
    heads = "".join(f"<th>{escape(lang._(h))}</th>" for h in (N_("Trick"), N_("Led by"), N_("Cards")))
    table = f'<table class="hd-auction"><tr>{heads}</tr>{rows}</table>' if rows else ""
    said = lang._("Contract: {contract}").format(contract=contract)
    return (CSS if include_css else "") + f'<div class="hd-wrap"><div><b>{escape(said)}</b></div>{table}</div>'
