"""The adjustment: the outcome tree of legal alternatives, contracts and tricks (``outcome_tree``,
Law 12C1(c): no weight to the cancelled action), each side's assigned score valued as the event
scores (``assigned``), the methods one module each (``methods``: weighted, likely / at all
probable, the serious-error split, the table score kept, artificial scores), the old likely /
at-all-probable selection (``selection``) and procedural penalties kept apart (``penalties``,
Law 90). The case's ruling section reads its methods and penalties from here, so nothing here
reads the case.
"""
