"""axe-core (vendored in tests/vendor/axe-core, with its licence) run in a page: the WCAG 2.0 and
2.1 A and AA rules, and the violations of the impacts asked for, each with the nodes it found."""
from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page, impacts=("critical", "serious"), exclude: tuple[str, ...] = ()) -> list[str]:
    """Each violation of ``impacts`` on the page as it stands: its rule, impact, and up to three
    of its nodes (their selector and what axe says of them). ``exclude``: CSS selectors of markup
    that is not Huddle's to change (said so in docs/limits.md). The page's context is opened with
    ``bypass_csp=True``: the pollee's page allows no script at all, axe-core's included."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async ([tags, exclude]) => {
        const context = exclude.length ? {exclude: exclude.map(s => [s])} : document;
        const result = await axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
        return result.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 160) + ': ' + (n.failureSummary || '').split('\\n')[1])}));
    }""", [WCAG_AA, list(exclude)])
    return [f"{v['id']} ({v['impact']}): " + " | ".join(v["nodes"]) for v in found if v["impact"] in impacts]
