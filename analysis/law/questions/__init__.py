"""The questions a ruling asks, each where the Laws ask it: Law 16B's four (``law16``: unauthorized
information from partner, a logical alternative, demonstrably suggested, damage), information from
a withdrawn call or play (Law 16C, in ``law16`` beside them), misinformation (``misinformation``:
Laws 20F, 21B, 75), a hesitation that misleads an opponent (``misleading``: Law 73E2), and the
evidence on logical alternatives (``logical_alternatives``: a poll read under a named policy;
``la_evidence``: a consultation, the field, a published poll, a committee's finding).

This room's modules read the case (``analysis.law.case``), so its surface is each module's own
name: the case's model reads the evidence's records from here, and a package surface that
imported the questions would import the case back.
"""
