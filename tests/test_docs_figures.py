"""The figures docs/ quotes, checked against the command that prints them: each test runs the
command named beside a figure in the docs and finds the figure in both."""
import json
import re

import pytest

from conftest import CASES, ROOT
from test_cli import run, run_json

DOCS = ROOT / "docs"


def doc(name: str) -> str:
    return re.sub(r"\s+", " ", (DOCS / name).read_text(encoding="utf-8"))


def test_the_firmness_figures_of_docs_logical_alternatives(capsys):
    """Before: the docs said a second answer the other way took 1 of 1 to "0.6"; it is 0.858."""
    text = doc("logical-alternatives.md")
    figures = {}
    for k, n, more in ((1, 1, 0), (1, 2, 0), (1, 5, 0), (3, 10, 12)):
        out = run_json(capsys, "la", "--chose", f"4S={n - k} P={k}", "--table-action", "4S")
        verdict = next(v for v in out["actions"] if v["action"] == "P")
        figures[(k, n)] = round(verdict["p_meets"], 2)
        if more:
            assert verdict["more_pollees"] == more
            assert f"the projection says {more} more; the chance those {more} settle it is " \
                   f"{round(100 * verdict['settle_chance'])}%" in text
    assert f"p_meets can already be {figures[(1, 1)]:.2f} (1 of 1 considered it" in text
    assert f"takes it only to {figures[(1, 2)]:.2f}" in text
    assert f"1 of 5 against a 1-in-5 threshold has p_meets {figures[(1, 5)]:.2f}" in text
    assert f"3 of 10 has p_meets {figures[(3, 10)]:.2f} and needs 12 more pollees" in text


def _said(capsys, *args) -> str:
    code, out, _ = run(capsys, "simulate", *args)
    assert code == 0
    return out


def test_the_numbers_docs_simulation_says_the_commands_gave(capsys):
    text = doc("simulation.md")
    slam = str(CASES / "laws033-6d-slam.json")
    out = _said(capsys, slam)
    assert "Without the inference: 200 of 200 deals, 8,662 tried (acceptance 2.3%)." in out
    assert "With the inference: 200 of 200 deals, 92,328 tried (acceptance 0.2%)." in out
    quoted = ("With the inference, 6♦ beats Pass on 88% of deals; without it, on 64%: a difference of +24 points (95% "
              "interval +16 points to +32 points, Newcombe's, the runs' deals drawn apart)")
    assert quoted in out and quoted in text
    assert "8,662 shuffles gave 200 deals (acceptance 2.3%); with it (North 15+ HCP) 92,328 (0.2%)" in text
    out = _said(capsys, str(CASES / "kooijman-high-level-6c.json"))
    assert "3,392 tried" in out and "4,054 tried" in out and "(3,392 and 4,054 shuffles)" in text
    assert "6♣ beats Pass on 15% of deals; without it, on 14%: a difference of +1 point (95% interval −6 points to " \
           "+8 points" in out
    assert "6♣ beats Pass on 14% of deals without it and 15% with it, a difference of +1 point (−6 to +8)" in text
    out = _said(capsys, slam, "--inference", "7+ clubs, 14+ HCP", "--deals", "20")
    assert "With the inference: 20 of 20 deals, 256,170 tried (acceptance 0.0%)." in out
    assert "Without the inference: 20 of 20 deals, 920 tried" in out
    assert "gets 20 of 20 deals, 256,170 tried (acceptance 0.0%; 920 without the inference)" in text
    out = _said(capsys, slam, "--inference", "20+ HCP, 6+ clubs", "--deals", "10")
    stacked = ("10 of 10 deals, 250,000 tried (acceptance 0.0%); 10 of them with North's hand dealt to its "
               "description (each such hand equally likely), the shuffles being too few")
    assert stacked in out
    assert ("gets 10 of 10 deals, 250,000 tried, \"10 of them with North's hand dealt to its description (each such "
            "hand equally likely), the shuffles being too few\"") in text


def test_the_confirmed_corpus_figures_of_docs_research(capsys):
    text = doc("research.md")
    out = run_json(capsys, "calibrate", "--draws", "200")
    whole = {f["group"]: f for f in out["implied_thresholds"]}
    assert whole["director: all"]["words"] in text and whole["committee: all"]["words"] in text
    assert out["agreement"]["director"]["words"] in text
    need, sure = (out["rulings_needed"]["director"][k] for k in ("needed", "assured"))
    widths = out["rulings_needed"]["director"]["median_width"]
    # below 10 points the figure sits near a step's edge: the docs give its range over seeds, and this seed's
    assert (f"{need['0.2']} more clean rulings for an even chance to narrow it below 20 points and {sure['0.2']} for four in "
            f"five; 140 to 160 more for an even chance below 10 points") in text and 140 <= need['0.1'] <= 160
    assert f"with seed 0, as `huddle calibrate --draws 200` runs them, say {need['0.1']} for an even chance and " \
           f"{sure['0.1']} for four in five" in text
    assert f"the median width at +20 is still {round(100 * widths['20'])} points" in text
    assert f"{out['corpus']['rows']} rulings" in text and f"{len(out['left_out'])} are kept out" in text
    readme = re.sub(r"\s+", " ", (ROOT / "README.md").read_text(encoding="utf-8"))
    director = whole["director: all"]
    low, high = (round(100 * director[k]) for k in ("fits_low", "fits_high"))
    moved = [round(100 * director[k]) for k in ("moved_low", "moved_high")]
    assert (f"any threshold from {low}% to {high}% fits the {director['decisions']} directors' decisions about as "
            f"well as the best") in readme
    assert (f"the best, {round(100 * director['threshold'])}%, moves from {moved[0]}% to {moved[1]}% when one ruling "
            f"is left out (interval {round(100 * director['low'])}–{round(100 * director['high'])}% from "
            f"{director['decisions']} decisions)") in readme
    assert whole["committee: all"]["threshold"] is None and "hold no point estimate" in readme
    assert (f"{need['0.2']} more clean rulings for an even chance to narrow the interval below 20 points "
            f"({sure['0.2']} for four in five) and 140 to 160 below 10 (as the simulation's seed varies)") in readme


@pytest.mark.parametrize("policy, smallest, first", [("wbf2017", 37, 25)])
def test_the_smallest_poll_docs_research_quotes(capsys, policy, smallest, first):
    out = run_json(capsys, "calibrate", "--synthetic", "--policy", policy, "--draws", "10")
    oc = out["operating_characteristic"]
    assert (oc["smallest_poll_90"], oc["first_poll_right_90"]) == (smallest, first)
    text = doc("research.md")
    assert f"takes {smallest} pollees" in text and f"{first} pollees happen to be right too" in text
    assert json.dumps(oc["wrong_verdict"])          # printed as the command gives it


def test_the_model_comparison_docs_research_quotes():
    from analysis.research import calibration as research, models as compared
    corpus = research.loads_corpus((ROOT / "data" / "research" / "published-rulings.csv").read_text(encoding="utf-8"))
    models = compared.compare_models(corpus).set_index("model")
    text = doc("research.md")
    said = (f"observed-share model has the lowest Akaike criterion ({models.loc['observed share', 'aic']:.1f}, against "
            f"{models.loc['true share', 'aic']:.1f} for the true-share model and "
            f"{models.loc['logistic in the observed share', 'aic']:.1f} for the logistic rule, whose threshold is "
            f"{round(100 * models.loc['logistic in the observed share', 'threshold'])}%)")
    assert models.loc["observed share", "better"] and said in text
