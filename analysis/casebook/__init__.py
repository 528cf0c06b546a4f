"""Decided cases read beside a new one: what makes two cases alike as directors compare them
(``precedents``), with no database and no page, so a researcher can use it from a notebook."""
from .precedents import (ACTION_KINDS, CaseProfile, Precedent, case_profile, precedents)

__all__ = ["ACTION_KINDS", "CaseProfile", "Precedent", "case_profile", "precedents"]
