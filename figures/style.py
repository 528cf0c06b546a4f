"""The colours and margins every chart of a ruling shares, in the app and in the report."""
from __future__ import annotations

import pandas as pd

COLOURS = {"chose": "#1f4e9c", "close": "#6f9ad6", "considered_only": "#c9d8ef",
           "NS": "#1f4e9c", "EW": "#c8102e", "threshold": "#444444", "field": "#9a9a9a",
           "table result": "#000000", "other table": "#9a9a9a"}
MARGIN = dict(l=50, r=20, t=60, b=50)
# one colour per alternative in the outcome tree, never the red that marks the table action
BRANCH_COLOURS = ("#1f4e9c", "#2a9d8f", "#7b61a8", "#d98e04", "#5b8c3a", "#8c564b")


def _lighter(colour: str, share: float) -> str:
    """``colour`` mixed with ``share`` of white: a branch's contracts and trick counts."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * share):02x}" for c in rgb)


def branch_colours(frame: pd.DataFrame) -> list[str]:
    """Each row of an outcome frame in its alternative's colour, lighter down the tree."""
    actions = list(dict.fromkeys(frame.loc[frame["level"] == "action", "id"]))
    parent = dict(zip(frame["id"], frame["parent"]))

    def root(node: str) -> str:         # up the tree: an action's own text may hold a "/"
        while parent.get(node):
            node = parent[node]
        return node
    shade = {"action": 0.0, "contract": 0.4, "tricks": 0.65}
    return [_lighter(BRANCH_COLOURS[actions.index(root(i)) % len(BRANCH_COLOURS)], shade[level])
            for i, level in zip(frame["id"], frame["level"])]
