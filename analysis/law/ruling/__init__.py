"""The ruling: worked through from a case (``engine``: each action in question on its own path,
the board's score from the paths that adjust), read to the players (``text``), the reasons Huddle
starts for the director (``reasons``) and the numbers behind each chart (``chart_data``).

    from analysis.law import case, ruling
    ruling.rule(case.load(open("data/cases/laws033-6d-slam.json"))).text
"""
from analysis.law.ruling.engine import LAFinding, Ruling, la_finding, rule

__all__ = ["rule", "Ruling", "la_finding", "LAFinding"]
