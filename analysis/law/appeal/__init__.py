"""The appeal (Laws 92, 93): the record a case file carries (``record``: each member's vote and the
committee's decision with the change it adopted) and what the committee works with
(``committee``: the ruling reconsidered under another policy, threshold, alternatives or weights,
the ruling as the threshold moves, the decision from the votes). The case's model reads the
record, so this room's surface is each module's own name.
"""
