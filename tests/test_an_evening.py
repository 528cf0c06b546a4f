"""An evening as a new director lives it, every page opened with realistic data on the Python the
README names: a panel with history, a lead poll answered from the panel and a follow-up poll, a
ruling saved from the tally, and an appeal whose members proposed different changes, decided.
No page may fail, show an error before any input, or show a word of code."""
import json
import re
import sys
from dataclasses import replace
from fractions import Fraction

import pytest
from streamlit.testing.v1 import AppTest
from page_runs import PAGE_SECONDS

from analysis.law import case as case_files
from analysis.law.appeal.committee import Reconsideration
from conftest import CASES, ROOT, stored_report
from polling import accounts, cases, committee, panel, rulings, services, setup
from analysis.language import ENGLISH

APP = str(ROOT / "streamlit_app.py")
LEAD_CASE = CASES / "lead-after-slow-pass-of-stayman.json"
ANSWERS = [("S6", ["H5"], {}), ("S3", [], {}), ("S7", ["DK"], {"DK": "1/3"}), ("S6", ["C4"], {}),
           ("S3", [], {}), ("H5", ["S6"], {}), ("DK", ["H2"], {"H2": "2/5"}), ("C8", [], {})]

# identifiers of the code that a director, a pollee or a committee member must never read
CODE_WORDS = re.compile(r"\b(wbf2017|wbf2007|acbl-25|acbl25|one-in-four|p_meets|consider_min|more_pollees|"
                        r"P\(meets\)|endplay|Traceback|NoneType|HuddleInputError|\.py\b)")
# calls, seats and forms of scoring as a program writes them, not as a director says them; a share
# over 100% on an axis; an average written as a fraction of the deals (15 129/200)
CODE_CALLS = re.compile(r"\b(?:10[1-9]|1[1-9][0-9]|[2-9][0-9]{2})%|\b\d+ \d+/\d{3}\b|"
                        r"\b[1-7][SHDC]X{0,2}\b|\bby [NESW]\b|\b(?:imps|bam|ns|ew)\b|(?<![\w/])P(?![\w/])|"
                        r"(?<![\w♠♥♦♣])X{1,2}(?!\w)")


@pytest.fixture
def evening(sqlite_url, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    monkeypatch.setenv("HUDDLE_REPORTS_DIR", str(tmp_path / "reports"))
    setup.prepare_database()
    users = {"director": accounts.create_user("tess", "bidding-box", "director", "Tess Director"),
             "committee": accounts.create_user("cora", "appeals-room", "committee", "Cora Committee"),
             "researcher": accounts.create_user("rita", "regression", "researcher", "Rita Researcher"),
             "chair": accounts.create_user("cy", "chairs-the-committee", "committee")}   # records the decision
    example = case_files.Case.from_dict(json.loads(LEAD_CASE.read_text()))
    record = cases.create_case(replace(example, id="evening-lead", ruling=None), "tess")
    members = [panel.add_pollee(f"Club player {i}", "club") for i in range(1, 9)]
    panel.add_pollee("Played it", "club", played=[("Riverside club pairs", "Monday evening")])
    panel.add_pollee("An expert", "expert", notes="reached by phone")
    poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you lead?", "Fourth-best leads",
                                q4_enabled=True)
    sent = panel.issue_panel_invites(poll.id, members, username="tess")
    for (_member, link), (lead, considered, close) in zip(sent, ANSWERS):
        ballot = services.cast_vote(link.token, lead, considered, close, level="club")
        services.record_suggestion(ballot.id, ["C4"] if lead != "C8" else [], none=lead == "C8")
    follow = services.create_follow_up(poll.id)
    for link, lead in zip(services.issue_invites(follow.id, ["Guest 1", "Guest 2"]), ("S6", "H5")):
        services.record_suggestion(services.cast_vote(link.token, lead, (), {}).id, [], none=True)
    tally = services.tally(poll.id)
    inputs = replace(example.ruling, poll=tally.actions, q4=(dict(tally.suggested).get("Cx", 0), tally.q4_answers))
    rulings.save_ruling(record, inputs, "tess")
    weights = Reconsideration(weights={"Sx": Fraction(3, 5), "Hx": Fraction(1, 5), "DK": Fraction(1, 5)})
    committee.record_vote(record, "ann", "modify", "A low spade is likelier still.", weights)
    committee.record_vote(record, "bob", "modify", "A stricter threshold.", Reconsideration(threshold=Fraction(3, 10)))
    committee.record_vote(record, "cy", "modify", "Agree with Ann.", weights)
    committee.record_decision(record, "cy", "The weights favour the low spade.")
    # a second case of the evening: the committee overturns the adjustment without stating a score,
    # and imposes its own procedural penalty on the appellants
    boston = case_files.Case.from_dict(json.loads((CASES / "boston-3h.json").read_text()))
    overturned = cases.create_case(replace(boston, id="evening-overturn"), "tess")
    rulings.save_ruling(overturned, boston.ruling, "tess")
    penalty = Reconsideration.from_dict({"procedural_penalties": [
        {"side": "NS", "amount": "10", "unit": "percent of a top", "reason": "An appeal without merit."}]})
    for name in ("ann", "bob", "cy"):
        committee.record_vote(overturned, name, "overturn", "Pass is no logical alternative.", penalty)
    committee.record_decision(overturned, "cy", "Nobody passes: the table result stands.")
    return {"users": users, "record": record, "polls": (1, 2), "overturned": overturned}   # polls as the address numbers them


PAGES = [("ui/cases.py", "director"), ("ui/case_view.py", "director"), ("ui/case_editor.py", "director"),
         ("ui/ruling.py", "director"), ("ui/poll_builder.py", "director"), ("ui/invites.py", "director"),
         ("ui/panel.py", "director"), ("ui/tally.py", "director"), ("ui/committee.py", "committee"),
         ("ui/research.py", "researcher"), ("ui/calculator.py", "director"), ("ui/my_account.py", "director"),
         ("ui/accounts.py", "director")]


def shown_text(at: AppTest, inputs: bool = True) -> str:
    """Every word the page puts in front of its reader (without ``inputs``, not what the director
    typed or types into a text box or an editable grid)."""
    parts = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "text", "info", "success", "warning",
                 "error", "metric", "expander", "tab", "radio", "selectbox", "text_input", "button"):
        for element in at.get(kind):
            # a picker shows its label and its options' labels; its value is the option behind one
            typed = kind == "text_input" and not inputs
            for attr in ("label",) if kind in ("radio", "selectbox") or typed else ("value", "label", "body"):
                value = getattr(element, attr, None) if attr != "body" else getattr(element.proto, "body", None)
                if isinstance(value, str):
                    parts.append(value)
            for option in getattr(element, "options", None) or ():
                parts.append(str(option))
    for chart in at.get("plotly_chart"):
        parts += chart_words(json.loads(chart.proto.spec))
    for frame in list(at.dataframe) + list(at.table):       # editable grids too: what they show before any edit
        try:
            parts.append(frame.value.to_csv())
        except Exception:           # an element of another shape: nothing to read as a table
            continue
    return "\n".join(parts)


def chart_words(spec: dict) -> list[str]:
    """A chart's title, axis titles, legend names and tick labels (a percentage axis's ticks as
    plotly draws them: its tickvals, else every fifth of the range)."""
    layout, words = spec.get("layout", {}), []
    for key, value in layout.items():
        if key == "title" or key.startswith(("xaxis", "yaxis")):
            words.append(str(value.get("title", {}).get("text", "")) if key != "title" else str(value.get("text", "")))
        if key.startswith(("xaxis", "yaxis")) and value.get("tickformat") == ".0%" and value.get("range"):
            ticks = value.get("tickvals") or [k / 5 for k in range(int(value["range"][1] * 5) + 1)]
            words += [f"{round(100 * t)}%" for t in ticks]
    for annotation in layout.get("annotations", []):
        words.append(str(annotation.get("text", "")))
    for trace in spec.get("data", []):
        words += [str(trace.get("name", "")), *map(str, trace.get("x", []) if isinstance(trace.get("x"), list) else [])]
    return [w for w in words if w]


def open_page(evening, page: str, role: str, poll: int | None = None, case: str = "evening-lead") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = evening["users"][role]
    at.query_params["case"] = case
    if poll is not None:
        at.query_params["poll"] = str(poll)
    at.run()
    at.switch_page(page).run()
    return at


def test_the_evening_runs_on_the_python_the_readme_names():
    assert sys.version_info[:2] == (3, 11)


@pytest.mark.parametrize("page, role", PAGES, ids=[p.split("/")[1][:-3] for p, _ in PAGES])
def test_every_page_opens_with_a_realistic_evening(evening, page, role):
    for poll in evening["polls"]:
        at = open_page(evening, page, role, poll)
        assert not at.exception, at.exception
        assert not at.error, [e.value for e in at.error]      # nothing red before the director does anything
        for pattern, words in ((CODE_WORDS, shown_text(at)), (CODE_CALLS, shown_text(at, inputs=False))):
            assert not pattern.findall(words), (page, [line for line in words.splitlines() if pattern.search(line)])


def test_the_panel_page_with_history_shows_response_rates(evening):
    at = open_page(evening, "ui/panel.py", "director")
    assert not at.exception
    assert "100%" in shown_text(at)


def test_links_issued_on_the_invites_page_are_shown(evening):
    """An open poll that a panel member with a history has answered: the page shows the group's
    response rates, and the links just issued."""
    example = case_files.Case.from_dict(json.loads(LEAD_CASE.read_text()))
    record = cases.create_case(replace(example, id="second-lead", ruling=None), "tess")
    poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you lead?", "Fourth-best leads")
    member = panel.panel()[0]
    (_, link), = panel.issue_panel_invites(poll.id, [member.id], username="tess")
    services.cast_vote(link.token, "S6", (), {})
    at = open_page(evening, "ui/invites.py", "director", poll.id, case="second-lead")
    assert not at.exception and not at.error
    at.text_area(key="inv_names").set_value("Late pollee")
    next(b for b in at.button if b.label == "Issue links").click().run()
    assert not at.exception and not at.error
    assert "Late pollee" in shown_text(at)


def test_the_decision_names_the_change_it_adopted_and_who_agreed(evening):
    summary = committee.appeal(evening["record"]).decision.summary
    assert summary.startswith("Modify (the ruling stands in part: a different adjustment or score): weights "
                              "a low ♠ 3/5, a low ♥ 1/5, ♦K 1/5; agreed by ann, cy, 2 of 3; dissent: bob would "
                              "modify with threshold 30%")


def test_a_new_hand_typed_case_is_under_the_laws_in_force(evening):
    at = open_page(evening, "ui/case_editor.py", "director")
    at.button(key="ed_new").click().run()
    assert at.selectbox(key="ed_laws").value == "2017"


def test_a_saved_case_is_in_the_address_with_the_next_step(evening):
    cases.reopen_case(evening["record"], "cy", "A late fact from the table")       # the committee's chair
    at = open_page(evening, "ui/case_editor.py", "director")
    at.text_input(key="ed_title").set_value("Edited at the table")
    at.button(key="ed_save").click().run()
    assert not at.exception
    assert at.query_params["case"] == ["evening-lead"] or at.query_params["case"] == "evening-lead"
    links = [link.proto.label for link in at.get("page_link")]
    assert "Next: build the poll" in links and "Open the case" in links


@pytest.mark.page_failure_expected
def test_a_failing_page_says_so_in_words_with_a_reference_the_log_carries(evening, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("a fault deep in the server")
    monkeypatch.setattr(panel, "panel", broken)
    at = open_page(evening, "ui/panel.py", "director")
    assert not at.exception
    message = at.error[0].value
    reference = re.search(r"reference \*\*([0-9A-F]{8})\*\*", message).group(1)
    assert "a fault deep" not in message and "Traceback" not in message and ".py" not in message
    logged = [r for r in caplog.records if r.name == "huddle.pages"]
    assert reference in logged[0].getMessage() and "a fault deep in the server" in str(logged[0].exc_info[1])


def test_no_exact_number_is_formatted_with_a_float_format():
    """Python 3.11's Fraction has no '%' or 'f' format: shares go through analysis.numbers.percent,
    decimals through float() (the crash of the Panel and Invites pages)."""
    spec = re.compile(r"(?<!%)\{(?!float\()[^{}:'\"]+:[^{}]*\.\d+[%f]\}")
    found = []
    for folder in ("analysis", "polling", "reports", "ui", "huddle"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if spec.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_report_opens_on_the_committee_s_ruling_and_keeps_the_director_s_as_history(evening):
    from polling.dossier import load_dossier
    from reports.content import Heading, Text
    dossier = load_dossier(evening["record"])
    report = stored_report(dossier)
    headings = [b.text for b in report.blocks if isinstance(b, Heading)]
    assert headings[0] == "The ruling: the appeals committee's decision"
    assert headings.index("The director's ruling, changed on appeal") > headings.index("The appeals committee")
    texts = [b.text for b in report.blocks if isinstance(b, Text)]
    committee_ns = dossier.committee.ruling.scores["NS"].describe()
    director_ns = dossier.ruling().scores["NS"].describe()
    assert committee_ns != director_ns
    first_ns = next(t for t in texts if t.startswith("North-South: "))
    assert first_ns == f"North-South: {committee_ns}."                  # the final score comes first
    assert texts.index(f"North-South: {director_ns}.") > texts.index(first_ns)
    # every sentence of the committee's ruling comes from its own values: its weights, not the director's words
    assert "The weights are the appeals committee's: a low ♠ 3/5, a low ♥ 1/5, ♦K 1/5." in dossier.committee.ruling.text


def test_one_answer_is_never_a_firm_verdict():
    from analysis.law.questions.logical_alternatives import ActionCount, logical_alternatives
    one = logical_alternatives([ActionCount("P", chose=1), ActionCount("3H")], "3H", "wbf2017")
    (verdict,) = [v for v in one.verdicts if v.action == "P"]
    assert verdict.p_meets > 0.9 and verdict.confidence == "too few answers yet" and verdict.more_pollees >= 4
    five = logical_alternatives([ActionCount("P", chose=5), ActionCount("3H")], "3H", "wbf2017")
    assert [v.confidence for v in five.verdicts if v.action == "P"] == ["firm"]


def _chart_titles(figure) -> list[str]:
    titles = [figure._suptitle.get_text()] if figure._suptitle is not None else []
    return titles + [ax.get_title() for ax in figure.axes if ax.get_title()]


def test_each_chart_is_titled_for_what_it_shows(evening):
    from polling.dossier import load_dossier
    from reports.content import Chart
    report = stored_report(load_dossier(evening["record"]))
    titles = [" ".join(t.split()) for b in report.blocks if isinstance(b, Chart) for t in _chart_titles(b.figure)]
    assert len(titles) == len(set(titles)), "\n".join(titles)
    assert "Poll 1, Q4: the calls the pollees said the break in tempo makes more attractive (8 answered)" in titles
    assert any(t.startswith("Q4 as recorded with the case: ") for t in titles)
    at = open_page(evening, "ui/committee.py", "committee", evening["polls"][0])
    shown = []
    for tab in ("The poll", "The director's ruling (superseded)", "Try a change"):    # a tab's charts when opened
        at.session_state["appeal_tab"] = tab
        shown += [json.loads(c.proto.spec)["layout"].get("title", {}).get("text") for c in at.run().get("plotly_chart")]
    shown = [t for t in shown if t]
    assert len(shown) == len(set(shown)) and len(shown) >= 3, "\n".join(shown)


def test_a_hesitation_entered_once_marks_the_call_in_the_auction():
    from analysis.law.case import Case
    from reports.diagram import auction_html
    from ui.case_form import case_dict_from_state, grid_from_calls
    grid = grid_from_calls([{"call": c} for c in ("1H", "P", "2H", "P", "P", "3D")], ENGLISH)   # no call ticked slow
    state = {"ed_title": "One entry", "ed_kind": "UI", "ed_scoring": "matchpoints", "ed_laws": "2017",
             "ed_dealer": "N", "ed_vul": "none", "ed_irr_type": "hesitation", "ed_irr_by": "N", "ed_irr_call": 4,
             "ed_irr_seconds": 25, "ed_action": 5, "ed_offending": "NS"}
    state.update({f"ed_hand_{s}": "" for s in "NESW"})
    case = Case.from_dict(case_dict_from_state(state, grid, ENGLISH))
    marked = case.board.auction.calls[4]
    assert marked.tempo_break and marked.tempo_seconds == 25 and case.irregularity.seconds == 25
    assert "25 seconds" in auction_html(case.board.auction, lang=ENGLISH) or "25 s" in auction_html(case.board.auction, lang=ENGLISH)
    # seconds typed in the grid alone reach the irregularity; two different figures are refused, naming both
    grid.loc[5, "seconds"] = 25                                   # row 5: call 5, counted from 1
    assert Case.from_dict(case_dict_from_state({**state, "ed_irr_seconds": 0}, grid, ENGLISH)).irregularity.seconds == 25
    with pytest.raises(Exception, match=r"irregularity.seconds.*30 seconds, but the auction gives 25 for call 5"):
        Case.from_dict(case_dict_from_state({**state, "ed_irr_seconds": 30}, grid, ENGLISH))


def test_the_case_picker_shows_the_status_an_action_just_set(evening):
    example = case_files.Case.from_dict(json.loads(LEAD_CASE.read_text()))
    cases.create_case(replace(example, id="picker-status", title="Picker status"), "tess")    # open, with its ruling
    at = open_page(evening, "ui/ruling.py", "director", case="picker-status")
    picker = at.selectbox(key="case_pick")
    assert picker.format_func(picker.value) == "Picker status (open)"
    at.button(key="ruling_save").click().run()
    assert not at.exception and not at.error
    picker = at.selectbox(key="case_pick")
    assert picker.format_func(picker.value) == "Picker status (ruled)"
    assert "Saved as version 1." in [s.value for s in at.success]


def test_a_board_picked_from_a_club_file_shows_its_table_and_brings_the_other_tables_as_the_field(evening):
    path = ROOT / "tests/files/pbntools/sky_club_2196_pairs_sky_club_jackpot_2000.pbn"      # a real BBO club file
    at = open_page(evening, "ui/case_editor.py", "director")
    at.button(key="ed_new").click().run()
    at.text_area(key="ed_pbn").set_value(path.read_text(encoding="latin-1")).run()
    at.button(key="ed_pbn_read").click().run()
    picker = at.selectbox(key="ed_file_game")
    labels = list(picker.options)
    assert len(labels) == len(set(labels)) == 44                       # every table told apart
    assert labels[0] == "Board 1 · 3NT by East, 2 down (North-South +100) · babjee4079 – communicat v zmej – GREGARI_"
    assert at.text_input(key="ed_field").value == "100 50"            # board 1's two other tables with a result
    assert at.text_input(key="ed_contract").value == "3NT-2"
    picker.set_value(labels[5]).run()                                   # board 2, the second table
    assert labels[5].startswith("Board 2 · 4♠ by East, made (North-South -420) · zmej – GREGARI_")
    assert at.text_input(key="ed_field").value == "-400 -430 -460"
    assert any("3 other tables in the file" in c.value for c in at.caption)


def test_the_poll_builder_quotes_the_words_found_and_keeps_them_only_with_a_reason(evening):
    at = open_page(evening, "ui/poll_builder.py", "director")
    at.text_area(key="pb_wording").set_value("Matchpoints. Partner's 2NT was slow. We play fast arrival.").run()
    assert [w.value for w in at.warning] == ["The introduction: “slow” gives away partner's tempo."]
    assert not at.get("button") or "pb_create" not in [b.key for b in at.button]     # no poll without a reason
    at.text_input(key="pb_override").set_value("'slow' names the partnership's slow-shows structure").run()
    at.button(key="pb_create").click().run()
    assert not at.exception and any(s.value.startswith("Poll 3 created") for s in at.success)
    from polling.dossier import load_dossier
    assert load_dossier(evening["record"]).polls[-1].wording_kept.startswith("The wording check found “slow”; tess kept")


def _overprinted(pdf_path) -> list[tuple[str, str]]:
    """Pairs of words the PDF prints over each other (pdftotext's word boxes)."""
    import subprocess
    from html import unescape
    out = subprocess.run(["pdftotext", "-bbox", str(pdf_path), "-"], capture_output=True, text=True, check=True).stdout
    clashes = []
    for page in out.split("<page ")[1:]:
        words = [(float(a), float(b), float(c), float(d), unescape(w)) for a, b, c, d, w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page)]
        for i, (x0, y0, x1, y1, w) in enumerate(words):
            for (u0, v0, u1, v1, other) in words[i + 1:]:
                if min(x1, u1) - max(x0, u0) > 1 and min(y1, v1) - max(y0, v0) > 1:
                    clashes.append((w, other))
    return clashes


def test_the_pdf_prints_no_words_over_others_and_is_named_once_for_its_board(evening, tmp_path):
    from polling.dossier import load_dossier
    from reports.render import write_report
    report = stored_report(load_dossier(evening["record"]))
    path = write_report(report, ["pdf"], tmp_path)["pdf"]
    assert not _overprinted(path)                  # the pollee's hand clear of "Dealer … vulnerable"
    assert path.name == "board-4-evening-lead.pdf"
    assert replace(report, case_id="board-11-slow-pass", board_number=11).file_stem == "board-11-slow-pass"
    assert replace(report, case_id="slow-pass", board_number=11).file_stem == "board-11-slow-pass"
    assert replace(report, case_id="board-1-slow", board_number=11).file_stem == "board-11-board-1-slow"


def test_the_app_s_charts_name_the_threshold_once_and_keep_red_for_the_table_action(evening):
    from analysis.law.appeal.committee import threshold_sensitivity
    from figures.ruling import outcome_tree_figure, sensitivity_figure
    from figures.style import COLOURS
    from polling.dossier import load_dossier
    case = load_dossier(evening["record"]).case
    sens = sensitivity_figure(threshold_sensitivity(case), ENGLISH).to_dict()["layout"]
    assert [a["text"] for a in sens["annotations"]].count("the director's threshold") == 1
    for _, tree in case.ruling.adjustment.trees():
        sunburst = outcome_tree_figure(tree, ENGLISH).to_dict()["data"][0]
        colours = dict(zip(sunburst["ids"], sunburst["marker"]["colors"]))
        alternatives = [colours[i] for i in sunburst["ids"] if "/" not in i]
        assert COLOURS["EW"] not in colours.values()
        assert len(alternatives) == len(set(alternatives)) == 3            # each alternative its own colour



def test_the_report_reads_in_a_director_s_words(evening):
    from html import unescape
    from polling.dossier import load_dossier
    from reports.render import report_bytes
    html = report_bytes(stored_report(load_dossier(evening["record"])), "html").decode()
    text = unescape(re.sub(r"<style.*?</style>|<svg.*?</svg>|<[^>]+>", " ", html, flags=re.S))
    found = [m.group(0) for pattern in (CODE_WORDS, CODE_CALLS) for m in pattern.finditer(text)]
    assert not found, found


def test_every_export_and_page_carries_the_committee_s_score(evening, capsys):
    """The committee modified the weights: the scoring program's files, `huddle case scores` and
    both pages give its score, say it is the committee's, and mark the director's as superseded."""
    from analysis.numbers import fraction_str
    from polling.dossier import load_dossier
    from reports.score_export import score_file
    from test_cli import run
    dossier = load_dossier(evening["record"])
    in_force = dossier.in_force()
    committee_ns, director_ns = in_force.ruling.scores["NS"], in_force.director.scores["NS"]
    assert in_force.by == "committee" and committee_ns.value() != director_ns.value()
    exact, was = fraction_str(committee_ns.value()[0]), fraction_str(director_ns.value()[0])
    for fmt in ("csv", "usebio"):
        text = score_file(dossier.case, in_force, fmt)
        assert exact in text and f"{was} " not in text and "the appeals committee's decision" in text
    code, out, _ = run(capsys, "case", "scores", "evening-lead", "--format", "csv")
    assert code == 0 and f",{exact}," in out and "the appeals committee's decision" in out
    ruling_page = open_page(evening, "ui/ruling.py", "director")
    appeal_page = open_page(evening, "ui/committee.py", "committee")
    for at in (ruling_page, appeal_page):
        assert not at.exception
        assert at.metric[0].value == committee_ns.headline()                 # the ruling in force comes first
        assert any("The ruling in force: the appeals committee's decision" in m.value for m in at.markdown)
        assert any("superseded" in e.label for e in at.expander)
    assert not [b for b in ruling_page.button if b.key == "ruling_save"]     # the case is closed: read-only
    assert ruling_page.button(key=f"reopen_{evening['record']}")


def test_a_closed_case_is_reopened_as_a_recorded_step(evening):
    record = evening["record"]
    from polling import rulings as saved_rulings
    with pytest.raises(Exception, match="the case is closed, so its ruling is read-only; reopen the case first"):
        saved_rulings.save_ruling(record, cases.get_case(record).case.ruling, "tess")
    at = open_page(evening, "ui/ruling.py", "chair")           # the committee's chair reopens its decided case
    at.button(key=f"reopen_{record}").click().run()
    assert at.error[0].value == "Reason: say why the case is reopened; the reason is kept in its history"
    at.text_input(key=f"reopen_reason_{record}").set_value("The table result was recorded wrongly.")
    at.button(key=f"reopen_{record}").click().run()
    assert cases.get_case(record).status == "ruled"
    assert re.fullmatch(r"status closed → ruled: reopened \(against the appeals committee's decision of "
                        r"\d{4}-\d\d-\d\d, modify\): The table result was recorded wrongly\.",
                        cases.history(record)[-1].summary)
    # the director whose ruling the committee decided on does not rule over its decision (Law 93B3)
    at = open_page(evening, "ui/ruling.py", "director")
    assert not [b for b in at.button if b.key == "ruling_save"]
    assert at.info[0].value.startswith("You made the ruling the appeals committee decided on: its decision is final")
    from polling.dossier import load_dossier
    assert load_dossier(record).in_force().by == "committee"          # until a new ruling is saved
    evening["users"]["administrator"] = accounts.create_user("ada", "runs-the-club", "administrator", "Ada Admin")
    at = open_page(evening, "ui/ruling.py", "administrator")
    at.text_input(key=f"ruling_replaces_{record}").set_value("The result corrected")
    at.button(key="ruling_save").click().run()
    in_force = load_dossier(record).in_force()
    assert in_force.by == "director" and in_force.source == "the director's ruling, version 2"


def test_the_director_who_ruled_is_told_at_once_and_shown_no_vote_form(evening):
    """Before: "you have not voted yet" and the vote form, refused only after submitting."""
    example = case_files.Case.from_dict(json.loads(LEAD_CASE.read_text()))
    record = cases.create_case(replace(example, id="appeal-under-way"), "tess")
    rulings.save_ruling(record, example.ruling, "tess")
    committee.record_vote(record, "ann", "uphold", "Fine.")
    at = open_page(evening, "ui/committee.py", "director", case="appeal-under-way")
    assert not at.exception
    assert at.info[0].value.startswith("You made the ruling under appeal, so you do not sit on the committee")
    assert not [b for b in at.button if b.label in ("Record my vote", "Change my vote", "Record the decision")]
    with pytest.raises(Exception, match="only a member of the committee that heard the appeal"):
        committee.record_decision(record, "dora", "Decided by someone who did not vote.")


def test_the_worksheet_grid_and_the_simulation_table_read_in_a_director_s_words(evening):
    """An open case on the Ruling page: the outcome tree as the editor shows it (Pass, 4♠X, West,
    not P, 4SX, W), the simulation's table (means to a tenth, never 15 129/200) and its chart."""
    at = open_page(evening, "ui/ruling.py", "director", case="laws033-6d-slam")
    run = next(b.key for b in at.button if b.key and b.key.startswith("sim_") and b.key.endswith("_run"))
    at.number_input(key=run[:-len("_run")] + "_deals").set_value(40).run()
    at.button(key=run).click().run()
    assert not at.exception and not at.error
    words = shown_text(at, inputs=False)
    assert "mean with" in words and "5♦" in words
    for pattern in (CODE_WORDS, CODE_CALLS):
        assert not pattern.findall(words), [line for line in words.splitlines() if pattern.search(line)]


# ---------------------------------------------------------------- the rightful ruling (Laws 85A, 16B1, 92, 93)

SLAM_CASE = CASES / "laws033-6d-slam.json"


def _unfound_case(case_id: str = "unfound-pause"):
    """The 6♦ slam with the hesitation disputed (one side says North paused, the other denies it),
    no finding yet, and nothing entered on logical alternatives."""
    from analysis.law.case.facts import Statement
    example = case_files.Case.from_dict(json.loads(SLAM_CASE.read_text()))
    irregularity = replace(example.irregularity, agreed=False, agreed_happened=None, agreed_seconds=None, finding=None,
                           statements=(Statement("EW", "North thought for a long time before 5♦", 20),
                                       Statement("NS", "There was no pause")))
    return replace(example, id=case_id, irregularities=(irregularity,),
                   ruling=replace(example.ruling, alternatives=(), alternatives_reason=""))


def test_a_disputed_fact_left_unfound_opens_on_what_is_missing_and_no_conclusion_is_saved(evening, capsys, tmp_path):
    from test_cli import run
    record = cases.create_case(_unfound_case(), "tess")
    at = open_page(evening, "ui/ruling.py", "director", case="unfound-pause")
    assert not at.exception
    opened = at.warning[0].value            # the page opens on what is missing, never on a conclusion
    assert "Waiting for the director's finding (Law 85A): did it happen, and how long." in opened
    assert "No evidence on logical alternatives yet: poll, consult, or record your own judgement." in opened
    assert not at.metric and not [b for b in at.button if b.key == "ruling_save"]
    assert not any("No adjustment" in s.value for s in [*at.info, *at.success])
    with pytest.raises(Exception, match="nothing is saved: the ruling is not decided yet"):
        rulings.save_ruling(record, cases.get_case(record).case.ruling, "tess")
    assert rulings.ruling_versions(record) == [] and cases.get_case(record).status == "open"
    path = tmp_path / "unfound.json"
    path.write_text(case_files.dumps(_unfound_case()))
    code, out, _ = run(capsys, "rule", str(path))
    assert code == 3                     # EXIT_NOT_DECIDED, documented in the README
    assert "Not yet decided: unauthorized information, logical alternative." in out
    assert "did it happen, and how long" in out and "No adjustment" not in out
    assert not [line for line in out.splitlines() if line.startswith(("North-South:", "East-West:"))]   # no score


def test_the_director_who_was_overruled_cannot_reopen_against_the_committee(evening):
    record = evening["record"]
    for who, words in (("tess", "you made the ruling the appeals committee decided on"),
                       ("dora", "only its chair (cy) or an organisation administrator may reopen it")):
        with pytest.raises(Exception, match=re.escape(words)):
            cases.reopen_case(record, who, "I still think I was right")
        with pytest.raises(Exception, match=re.escape(words)):
            cases.set_status(record, "ruled", who, "I still think I was right")
    assert cases.get_case(record).status == "closed"
    at = open_page(evening, "ui/ruling.py", "director")
    at.text_input(key=f"reopen_reason_{record}").set_value("I still think I was right")
    at.button(key=f"reopen_{record}").click().run()
    assert "you made the ruling the appeals committee decided on" in at.error[0].value
    assert cases.get_case(record).status == "closed"


def test_an_appeal_under_way_is_ended_only_by_the_committee(evening):
    example = case_files.Case.from_dict(json.loads(LEAD_CASE.read_text()))
    record = cases.create_case(replace(example, id="appeal-in-progress"), "tess")
    rulings.save_ruling(record, example.ruling, "tess")
    committee.record_vote(record, "ann", "uphold", "Fine.")
    for status in ("ruled", "closed", "open"):
        with pytest.raises(Exception, match="only the appeals committee's decision ends it"):
            cases.set_status(record, status, "tess", "")
    with pytest.raises(Exception, match="an appeal is under way"):
        cases.update_case(record, replace(example, id="appeal-in-progress", title="Changed under appeal"), "tess")
    at = open_page(evening, "ui/case_view.py", "director", case="appeal-in-progress")
    assert not at.exception and "status_to" not in [s.key for s in at.selectbox]
    assert any("only the appeals committee's decision ends it" in i.value for i in at.info)
    committee.record_vote(record, "bob", "uphold", "Fine too.")
    committee.record_vote(record, "cy", "uphold", "Agreed.")
    committee.record_decision(record, "cy", "Upheld.")                 # the chair's decision is not refused
    assert cases.get_case(record).status == "closed"
    with pytest.raises(Exception, match="its decision is final in the event"):
        cases.set_status(record, "appealed", "tess", "")


def test_a_lawful_reopening_starts_from_the_committee_and_saving_over_it_needs_a_reason(evening):
    from polling.dossier import load_dossier
    record = evening["record"]
    cases.reopen_case(record, "cy", "The table result was entered wrongly")          # the chair
    committee_ns = load_dossier(record).in_force().ruling.scores["NS"]
    evening["users"]["administrator"] = accounts.create_user("ada", "runs-the-club", "administrator", "Ada Admin")
    at = open_page(evening, "ui/ruling.py", "administrator")
    assert not at.exception
    assert at.metric[0].value == committee_ns.headline()          # the worksheet starts from the ruling in force
    at.button(key="ruling_save").click().run()
    assert "say why this ruling replaces it" in at.error[0].value
    assert len(rulings.ruling_versions(record)) == 1
    at.text_input(key=f"ruling_replaces_{record}").set_value("The committee's weights, with the result corrected")
    at.button(key="ruling_save").click().run()
    assert not at.error, [e.value for e in at.error]
    history = cases.history(record)
    assert "reopened (against the appeals committee's decision of" in history[-2].summary
    assert "replaces the appeals committee's decision of" in history[-1].summary and "recorded by cy" in history[-1].summary
    in_force = load_dossier(record).in_force()
    assert in_force.by == "director" and in_force.ruling.scores["NS"].value() == committee_ns.value()
    # a committee member reads in the case's history who changed what after the decision
    page = open_page(evening, "ui/case_view.py", "committee")
    changes = "\n".join(t.value.to_csv() for t in page.table)
    assert "cy" in changes and "reopened (against the appeals committee's decision of" in changes
    assert "replaces the appeals committee's decision of" in changes and "ada" in changes


def test_an_organisation_administrator_may_reopen_a_decided_appeal(evening):
    accounts.create_user("ada", "runs-the-club", "administrator", "Ada Admin")
    cases.reopen_case(evening["record"], "ada", "A scoring error found after the session")
    assert cases.history(evening["record"])[-1].summary.startswith("status closed → ruled: reopened (against")


def test_every_way_out_carries_the_ruling_in_force(evening, capsys, tmp_path):
    """The case file carries the appeal and the decision, `huddle rule` on it gives the
    committee's ruling first, the PBN's ScoreTable carries the committee's score (read back by
    endplay too), and the report's score and threshold pages follow the committee."""
    from endplay.parsers import pbn as endplay_pbn
    from analysis.numbers import rounded
    from polling.dossier import load_dossier
    from reports.content import Heading, Table, Text
    from test_cli import run
    dossier = load_dossier(evening["record"])
    in_force = dossier.in_force()
    committee_ns, director_ns = in_force.ruling.scores["NS"], in_force.director.scores["NS"]
    path = tmp_path / "evening.json"
    code, _, err = run(capsys, "case", "export", "evening-lead", "-o", str(path))
    assert code == 0, err
    exported = json.loads(path.read_text())
    assert exported["appeal"]["decision"]["decision"] == "modify" and exported["ruling_version"] == 1
    assert exported["appeal"]["decision"]["change"]["weights"] == {"Sx": "3/5", "Hx": "1/5", "DK": "1/5"}
    assert [v["member"] for v in exported["appeal"]["votes"]] == ["ann", "bob", "cy"]
    code, out, _ = run(capsys, "rule", str(path))
    assert code == 0 and out.startswith("The ruling in force: the appeals committee's decision")
    assert out.index(f"North-South: {committee_ns.describe()}") < out.index("superseded by the appeals committee")
    code, pbn, _ = run(capsys, "case", "export", "evening-lead", "--pbn")
    ns_mp, ew_mp = (str(rounded(in_force.ruling.scores[s].value()[0], 2)) for s in ("NS", "EW"))
    assert ";MP_NS;MP_EW" in pbn and f" {ns_mp} {ew_mp}" in pbn and "the appeals committee's decision" in pbn
    table = endplay_pbn.loads(pbn)[0].info["ScoreTable"]              # a second reader
    row = dict(zip([h["name"] if isinstance(h, dict) else str(h) for h in table["headers"]], table["rows"][0]))
    assert row["MP_NS"] == ns_mp and row["MP_EW"] == ew_mp
    report = stored_report(dossier)
    texts = [b.text for b in report.blocks if isinstance(b, Text)]
    headings = [b.text for b in report.blocks if isinstance(b, Heading)]
    score_at = headings.index("The score")
    tables = [b for b in report.blocks if isinstance(b, Table)]
    trees = [{r[0]: r[1] for r in t.rows} for t in tables if t.columns[:2] == ("action", "weight")]
    assert trees[0]["a low ♠"] == "3/5"              # the committee's weights on the score page, not the director's
    assert trees[-1]["a low ♠"] == "5/7"             # the director's, after them, marked superseded
    assert any(h.endswith("(superseded)") for h in headings[score_at + 1:])
    assert "The director's score (superseded by the appeals committee)" in headings
    assert any(t.startswith("With the appeals committee's decision kept at each threshold: weights") for t in texts)
    assert committee_ns.describe() != director_ns.describe()


def test_an_overturn_without_a_stated_score_is_the_table_result_in_every_way_out(evening, tmp_path, capsys):
    """Before: an overturn with no score left the overturned adjustment in force, in the score
    file, the exported case and huddle rule. Now every way out gives the table result (+420) with
    the committee's 10% penalty on North-South, the committee's alone."""
    from huddle.cli import main
    from polling.dossier import load_dossier
    from reports.content import Heading
    from analysis.numbers import rounded
    from reports.score_export import field_pbn, score_file, score_rows
    record = evening["overturned"]
    dossier = load_dossier(record)
    in_force = dossier.in_force()
    assert in_force.superseded and not in_force.ruling.adjusted
    assert in_force.ruling.scores["NS"].weighted.components == ((420, 1),)
    assert [p.by for p in in_force.ruling.penalties] == ["committee"] and not in_force.director.penalties
    rows = {r["side"]: r for r in score_rows(dossier.case, in_force)}
    assert rows["NS"]["adjusted"] == "no" and rows["NS"]["penalty"] and rows["NS"]["penalty_by"] == "committee"
    assert "replacing the director's ruling, version 1" in score_file(dossier.case, in_force, "csv")
    assert 'BY="committee"' in score_file(dossier.case, in_force, "usebio")
    pbn = field_pbn(dossier.case, in_force)
    assert "No adjustment: the table result stands" in pbn
    # where a scoring program reads the board's score, the committee's penalty beside it (before: a comment only)
    assert '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Penalty_NS;Penalty_EW"]' in pbn
    row = pbn.split('Penalty_EW"]')[1].split()[:8]
    penalty = str(rounded(Fraction(rows["NS"]["penalty"]), 2))
    assert (row[0], row[5], row[6], row[7]) == ("table", "420", penalty, "-")
    from endplay.parsers import pbn as endplay_pbn
    table = endplay_pbn.loads(pbn)[0].info["ScoreTable"]     # a program's reader takes the extra columns
    read = dict(zip([h["name"] if isinstance(h, dict) else str(h) for h in table["headers"]], table["rows"][0]))
    assert read["Penalty_NS"] == penalty and read["Score_NS"] in ("420", 420)
    exported = tmp_path / "overturned.json"
    exported.write_text(case_files.dumps(dossier.case_file()), encoding="utf-8")
    assert main(["rule", str(exported), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["in_force"]["by"] == "committee" and said["adjusted"] is False
    assert said["procedural_penalties"][0]["by"] == "committee" and said["after_penalties"]["NS"]["off_board"]
    assert main(["rule", str(exported)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("The ruling in force: the appeals committee's decision")
    assert text.index("Procedural penalty") < text.index("The director's ruling, superseded")
    assert "Procedural penalty" not in text.split("The director's ruling, superseded")[1]
    headings = [b.text for b in stored_report(dossier).blocks if isinstance(b, Heading)]
    assert headings[0] == "The ruling: the appeals committee's decision"
    at = open_page(evening, "ui/ruling.py", "director", case="evening-overturn")
    shown = shown_text(at)
    assert "the appeals committee's decision" in shown and "+420" in shown
