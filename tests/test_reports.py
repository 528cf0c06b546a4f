"""Ruling reports: one for every seed case as HTML (parsed) and PDF (turned into PNG pages with
pdftoppm, its text read with pdftotext), each checked for the seed's numbers; the charts of the
reports and of the app drawn from the same numbers; a stored case's report with its poll and
the committee's decision."""
import re
import subprocess
from html.parser import HTMLParser

import pytest
from PIL import Image

from analysis.law import case as case_files
from analysis.law.appeal.committee import Reconsideration, threshold_sensitivity
from analysis.law.ruling.engine import rule
from analysis.law.ruling.chart_data import poll_frame, sensitivity_frame
from figures.ruling import poll_figure, sensitivity_figure
from conftest import CASES
from huddle.cli import main
from polling import cases, committee, services, setup
from reports import charts
from reports.render import write_report
from reports.content import report_for_file
from analysis.language import ENGLISH

# The seeds' numbers (laws-and-scoring.md, seeds 000 and 002; the constructed MI case's file).
SEED_SCORES = {
    "boston-3h": ("-140", "+140"),
    "constructed-mi-transfer": ("8 1/4 of 22 matchpoints", "13 3/4 of 22 matchpoints"),
    "kooijman-high-level-6c": ("+620", "-1370"),
    "kooijman-serious-error-imps-2": ("0 IMPs", "-2 IMPs"),
    "kooijman-serious-error-imps": ("-11 IMPs", "4 IMPs"),
    "kooijman-weighted-imps": ("4 2/3 IMPs", "-4 2/3 IMPs"),
    "kooijman-weighted-mp": ("8 1/2 of 22 matchpoints", "13 1/2 of 22 matchpoints"),
    "laws033-6d-slam": ("+420", "-920"),
    "laws033-case-a": ("-1100", "+1100"),
    "laws033-case-b": ("-420", "-50"),
}


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts, self.tags = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.parts.append(data)


def html_text(html: str) -> tuple[str, list]:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split()), parser.tags


def pdf_text(path) -> str:
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(out.split())


def assert_scores(text: str, ns: str, ew: str) -> None:
    assert re.search(rf"North-South: [^.]*{re.escape(ns)}\.", text), ns
    assert re.search(rf"East-West: [^.]*{re.escape(ew)}\.", text), ew


def pdf_pages(path, tmp_path) -> list:
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(path), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert len(pages) == int(re.search(r"Pages:\s+(\d+)", info).group(1))
    return [Image.open(p).convert("L") for p in pages]


@pytest.mark.parametrize("name", sorted(SEED_SCORES))
def test_report_of_every_seed_case(name, tmp_path):
    case = case_files.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))
    written = write_report(report_for_file(case, ENGLISH), ("html", "pdf"), tmp_path)
    stem = f"board-{case.board.number}-{name}" if case.board.number else name       # board number and case id
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{stem}.html", f"{stem}.pdf"]
    ns, ew = SEED_SCORES[name]

    html = written["html"].read_text(encoding="utf-8")
    text, tags = html_text(html)
    assert_scores(text, ns, ew)
    for heading in ("The facts", "The deal and the auction", "Logical alternatives", "The four questions",
                    "The score", "The ruling"):
        assert heading in text
    assert text.index("The ruling") < text.index("The facts")           # the ruling first, and once
    assert text.count("All four questions are answered") + text.count("No adjustment:") \
        + text.count("Not yet decided") == 1
    # offline: no script, no stylesheet or image fetched from anywhere
    assert not [t for t, a in tags if t in ("script", "link", "img", "iframe")]
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html) and not re.search(r"url\((?!#)", html)
    assert any(t == "svg" for t, _ in tags)

    pdf = pdf_text(written["pdf"])
    assert_scores(pdf, ns, ew)
    assert "The four questions" in pdf and "North" in pdf and "West" in pdf
    pages = pdf_pages(written["pdf"], tmp_path)
    assert 2 <= len(pages) <= 8
    assert all(p.getextrema()[0] < 100 for p in pages)        # every page has ink on it


def test_report_numbers_are_the_apps(tmp_path):
    """The poll chart and the threshold chart: plotly (app) and matplotlib (report) from one frame."""
    case = case_files.loads((CASES / "constructed-mi-transfer.json").read_text(encoding="utf-8"))
    la = rule(case).la
    frame = poll_frame(la)
    app = poll_figure(la, ENGLISH)
    heights = [[round(float(y), 6) for y in bar.y] for bar in app.data[:3]]
    assert heights == [[round(k / 8, 6) for k in frame[part]] for part in ("chose", "close", "considered_only")]
    drawn = charts.poll_chart(la, ENGLISH)
    patches = [round(p.get_height(), 6) for p in drawn.axes[0].patches]
    assert patches == heights[0] + heights[1] + heights[2]
    labels = [t.get_text().replace("\n", ": ") for t in drawn.axes[0].texts]     # two lines on paper
    assert "5/1/0: LA" in labels and "2/0/1: table action" in labels and "1/0/0: not LA" in labels
    assert [a.text for a in app.layout.annotations if "/" in a.text] == [l for l in labels if ": " in l]
    sens = threshold_sensitivity(case)
    app_lines = sensitivity_figure(sens, ENGLISH).data
    ns_app = [round(v, 6) for v in next(d for d in app_lines if d.name == "North-South").y]
    ns_pdf = [round(v, 6) for v in charts.sensitivity_chart(sens, ENGLISH).axes[1].lines[0].get_ydata()]
    assert ns_app == ns_pdf == [8.25] * 10
    assert list(sensitivity_frame(sens).drop_duplicates("threshold")["NS_exact"]) == ["8 1/4"] * 10


def test_stored_case_report_has_the_poll_and_the_committee(database_url, tmp_path, monkeypatch):
    monkeypatch.setenv("HUDDLE_REPORTS_DIR", str(tmp_path / "reports"))
    setup.prepare_database()
    record = cases.find_case("laws033-6d-slam")
    poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you call?", alternatives=("P", "6D"))
    for i, (call, considered) in enumerate((("P", ["6D"]), ("6D", ["P"]), ("P", []))):
        services.record_verbal_vote(poll.id, call, considered, None, None, f"pollee comment {i}", "expert")
    (invite,) = services.issue_invites(poll.id, ["Alice Marchetti (North, Tuesday club)"])
    services.cast_vote(invite.token, "6D", ["P"])
    committee.record_vote(record, "ann", "uphold", "Pass is an LA.")
    committee.record_vote(record, "bob", "overturn", "Nobody passes 5♦ here.", Reconsideration(alternatives=()))
    committee.record_vote(record, "cy", "uphold", "Agree with Ann.")
    committee.record_decision(record, "ann", "The adjustment stands.")
    assert main(["report", "laws033-6d-slam", "--json"]) == 0
    folder = tmp_path / "reports" / "organisation-1"
    text, _ = html_text((folder / "laws033-6d-slam.html").read_text(encoding="utf-8"))
    pdf = pdf_text(folder / "laws033-6d-slam.pdf")
    for found in (text, pdf):
        assert "Matchpoints, both vulnerable. What do you call?" in found
        assert "pollee comment 1" in found
        assert "Pollee 4" in found and "Marchetti" not in found     # the director's labels stay the director's
        assert ("Uphold (the director's ruling stands); agreed by ann, cy, 2 of 3; dissent: bob would overturn with "
                "logical alternatives none (Nobody passes 5♦ here.).") in found
        assert "status: closed" in found
        assert_scores(found, "+420", "-920")
    assert len(pdf_pages(folder / "laws033-6d-slam.pdf", tmp_path)) >= 3


def test_report_mistakes(tmp_path, capsys, sqlite_url):
    assert main(["report", str(tmp_path / "missing.json"), "-o", str(tmp_path)]) == 2
    assert "cannot read the file" in capsys.readouterr().err
    assert main(["report", "no-such-case", "-o", str(tmp_path)]) == 2
    assert "there is no case with id 'no-such-case'" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format_version": 1, "id": "x"}')
    assert main(["report", str(bad), "-o", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()                     # nothing half written


def test_a_long_unbroken_word_in_a_table_or_text_never_stops_the_pdf():
    """A pollee's comment of one 127-character word (a pasted link) used to fail the PDF."""
    from reports.content import Report, Table, Text
    from reports.render import report_bytes
    word = "https://example.org/" + "W" * 107             # wide letters: wider than the page
    answers = Table(("pollee", "call", "also considered", "close", "Q4", "level", "comment"),
                    (("Pollee 1", "5♦", "Pass, 5♣", "Pass 1/3", "—", "club", word),))
    report = Report("long-word", "A long word", (Text(word), answers))
    pdf = report_bytes(report, "pdf")
    assert pdf.startswith(b"%PDF") and len(pdf) > 1000


def test_a_lead_case_report_shows_the_lead_poll(sqlite_url, tmp_path, monkeypatch):
    """The lead case's report: the lead poll as the pollees saw it (the contract, no question
    mark in the auction), the answers as choices of cards, the adjusted score."""
    monkeypatch.setenv("HUDDLE_REPORTS_DIR", str(tmp_path / "reports"))
    setup.prepare_database()
    record = cases.find_case("lead-after-slow-pass-of-stayman")
    poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you lead?")
    for lead in ("S6", "C8", "DK"):
        services.record_verbal_vote(poll.id, lead)
    assert main(["report", "lead-after-slow-pass-of-stayman", "--json"]) == 0
    folder = tmp_path / "reports" / "organisation-1"
    text, _ = html_text((folder / "board-4-lead-after-slow-pass-of-stayman.html").read_text(encoding="utf-8"))
    pdf = pdf_text(folder / "board-4-lead-after-slow-pass-of-stayman.pdf")
    for found in (text, pdf):
        assert "A lead problem. Contract: 4♥ by West." in found
        assert "a low ♠" in found and "♦K" in found
        assert "5 2/7" in found                                  # North-South's 37/7 matchpoints
