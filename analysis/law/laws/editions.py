"""Law citations keyed by (concept, edition). Law 12's sub-letters moved in every edition
(laws-and-scoring.md §1.4), so a ruling never prints a law number without its edition, and
every number comes from this one table. Each citation names where its text is found in its
edition (``reference``: the book, the law's heading there and a copy of its text), and every law
cited is one of its edition's (``CONTENTS``, checked by a test against every example ruling).

Editions: "1997" (the ACBL's LAWS.033 and Duplicate Decisions era), "2007" (in force 2008–2017;
the ACBL elected its 12C1(e) "likely / at all probable" option from 2008 to 31 Dec 2015) and
"2017".
"""
from __future__ import annotations

import re

from analysis.errors import HuddleInputError
from analysis.language import AsTyped, M_, N_

EDITIONS = ("1997", "2007", "2017")
DEFAULT_EDITION = "2017"

_LAWS: dict[str, dict[str, str]] = {
    # UI from partner: the restriction on the partner who receives it
    "ui": {"1997": "Law 16A", "2007": "Law 16B1(a)", "2017": "Law 16B1(a)"},
    "logical alternative": {"1997": "Law 16A (no definition; ACBL: a substantial minority)",
                            "2007": "Law 16B1(b)", "2017": "Law 16B1(b)"},
    "ui adjustment": {"1997": "Law 16A2, Law 12C2", "2007": "Law 16B3, Law 12C1", "2017": "Law 16B3, Law 12C1"},
    # UI from partner's explanation (or alert): the explainer's partner may not show he knows it is
    # wrong, and must avoid taking any advantage from it
    "partner's explanation": {"1997": "Law 75D2, Law 73C", "2007": "Law 20F5(a), Law 73C",
                              "2017": "Law 20F5(a), Law 73C"},
    "partner's alert": {"1997": "Law 73C", "2007": "Law 73C", "2017": "Law 73C"},
    "tempo": {"1997": "Law 73A2", "2007": "Law 73A2", "2017": "Law 73A2"},
    "manner": {"1997": "Law 73B1", "2007": "Law 73B1", "2017": "Law 73B1"},
    # a question asked for partner's benefit: 1997 had no Law 20G, its Law 73B1 forbids communicating
    # by "questions asked or not asked of the opponents"
    "question for partner": {"1997": "Law 73B1", "2007": "Law 20G1", "2017": "Law 20G1"},
    "opponent's tempo": {"1997": "Law 73D1", "2007": "Law 73D1", "2017": "Law 73D1"},
    # information from a withdrawn call or play: authorized to the non-offending side, unauthorized to
    # the offending side (its own withdrawn actions and the non-offenders'), and the adjustment
    "withdrawn authorized": {"1997": "Law 16C1", "2007": "Law 16D1", "2017": "Law 16C1(a)"},
    "withdrawn ui": {"1997": "Law 16C2", "2007": "Law 16D2", "2017": "Law 16C1(b)"},
    "withdrawn adjustment": {"1997": "Law 16C2, Law 12C2", "2007": "Law 16D2, Law 12C1",
                             "2017": "Law 16C2, Law 12C1"},
    # a withdrawn call replaced by a comparable call: no Law 16 restriction, but the assistance the
    # infraction gave is redressed (2017: Law 23; 2007: a call of the same meaning, Law 27B1(b))
    "comparable call": {"2007": "Law 27B1(b) (2007)", "2017": "Law 23A, Law 27B1(b) (2017)"},
    "comparable assistance": {"2007": "Law 27D (2007)", "2017": "Law 23C, Law 27D (2017)"},
    # the rectifications that frame what follows a withdrawn call or card
    "partner barred": {"1997": "Law 27B2", "2007": "Law 27B2", "2017": "Law 27B2"},
    "lead restriction": {"1997": "Law 26B", "2007": "Law 26B", "2017": "Law 26B"},
    "penalty card lead": {"2007": "Law 50D2", "2017": "Law 50D2"},
    # a variation in tempo or manner that misleads an opponent: no demonstrable bridge reason, could
    # have known it could work to his benefit, an innocent player drew a false inference from it
    "misleading": {"1997": "Law 73F2 (1997)", "2007": "Law 73F (2007)", "2017": "Law 73E2 (2017)"},
    "misleading adjustment": {"1997": "Law 73F2, Law 12C (1997)", "2007": "Law 73F, Law 12C (2007)",
                              "2017": "Law 73E2, Law 12C (2017)"},
    "damage": {"1997": "Law 12C2", "2007": "Law 12B1", "2017": "Law 12B1"},
    "mi change of call": {"1997": "Law 21B1", "2007": "Law 21B1(a)", "2017": "Law 21B1(a)"},
    "mi presumption": {"1997": "Law 75C", "2007": "Law 21B1(b)", "2017": "Law 21B1(b)"},
    # the director cannot establish the agreement: conflicting explanations, a mistaken explanation presumed
    # where the Director determines the agreement from the evidence (cards, notes, what each says)
    "agreement": {"1997": "Law 75C", "2007": "Law 75C", "2017": "Law 75D"},
    "agreement not established": {"1997": "Law 75C", "2007": "Law 75C, Law 21B1(b)", "2017": "Law 75D, Law 21B1(b)"},
    "mi remedy": {"1997": "Law 21B3", "2007": "Law 21B3", "2017": "Law 21B3"},
    # who corrects a mistaken explanation, and when (Law 20F4, 20F5; 1997: Law 75D)
    "own correction": {"1997": "Law 75D1", "2007": "Law 20F4", "2017": "Law 20F4"},
    "partner may not correct": {"1997": "Law 75D2", "2007": "Law 20F5(a)", "2017": "Law 20F5(a)"},
    # Law 20F5(b): (i) a defender, at the end of play; (ii) declarer or dummy, after the final pass
    "correction by declarer or dummy": {"1997": "Law 75D2", "2007": "Law 20F5(b)(ii)", "2017": "Law 20F5(b)(ii)"},
    "correction by a defender": {"1997": "Law 75D2", "2007": "Law 20F5(b)(i)", "2017": "Law 20F5(b)(i)"},
    "mi adjustment": {"1997": "Law 21B3, Law 12C2", "2007": "Law 21B3, Law 12C1", "2017": "Law 21B3, Law 12C1"},
    # Law 75: 1997 and 2007 open on the mistaken explanation (A) and the mistaken call (B); 2017 puts
    # the mistake that causes unauthorized information first (A), then the explanation (B), the call
    # (C) and the Director's determination (D)
    "misinformation": {"1997": "Law 75A", "2007": "Law 75A, Law 20F", "2017": "Law 75B, Law 20F"},
    "mistaken call": {"1997": "Law 75B", "2007": "Law 75B", "2017": "Law 75C"},
    "failure to alert": {"1997": "Law 21B1", "2007": "Law 21B1(a)", "2017": "Law 21B1(a)"},
    "asking": {"1997": "Law 20F1", "2007": "Law 20F1", "2017": "Law 20F1"},
    "own misunderstanding": {"1997": "Law 21A", "2007": "Law 21A", "2017": "Law 21A"},
    "withdraw a card": {"1997": "Law 47E2", "2007": "Law 47E2(a)", "2017": "Law 47E2(a)"},
    "end of auction period": {"1997": "Law 17 (1997)", "2007": "Law 17E", "2017": "Law 17D"},
    # adjustments
    "weighted": {"1997": N_("Law 12C3 (1997, a zonal option)"), "2007": "Law 12C1(c) (2007)",
                 "2017": "Law 12C1(c) (2017)"},
    "likely": {"1997": "Law 12C2 (1997)",
               "2007": N_("Law 12C1(e) (2007), the option the ACBL elected from 2008 to 31 Dec 2015")},
    "serious error": {"2007": "Law 12C1(b) (2007)", "2017": "Law 12C1(e) (2017)"},
    "play bridge": {"1997": N_("ACBL Laws Commission, 1992 (LAWS.033), with Law 12C2 (1997) for the offenders"),
                    "2007": "Law 12C1(b) (2007)", "2017": "Law 12C1(e) (2017)"},
    "artificial": {"1997": "Law 12C1 (1997)", "2007": "Law 12C2(a) (2007)", "2017": "Law 12C2(a) (2017)"},
    # an artificial score because the possible results are numerous or not obvious (not a board unplayed)
    "numerous": {"2007": N_("Law 12C1(d) (2007), with the averages of Law 12C2(a)"),
                 "2017": N_("Law 12C1(d) (2017), with the averages of Law 12C2(a)")},
    "artificial imps": {"1997": "Law 86 (1997)", "2007": "Law 86A (2007)", "2017": "Law 12C2(b) (2017)"},
    "session rule": {"1997": N_("WBF Laws Committee minute of 30 Aug 1998"), "2007": "Law 12C2 (2007)",
                     "2017": "Law 12C2(c) (2017)"},
    "knockout": {"1997": "Law 86B (1997)", "2007": "Law 86B (2007)",
                 "2017": N_("Law 86 (2017; the 2007 text was 86B)")},
    "no result": {"1997": "Law 12C1 (1997)", "2007": "Law 12C2(a) (2007)", "2017": "Law 12C2(a) (2017)"},
}


# Where each edition's text is found: the book, and a copy of each law's text that can be read.
BOOKS = {"1997": "The Laws of Duplicate Contract Bridge 1997 (WBF; ACBL edition)",
         "2007": "The Laws of Duplicate Bridge 2007 (WBF)",
         "2017": "The Laws of Duplicate Bridge 2017 (WBF; ACBL North American edition of 25 September 2017)"}
COPIES = {"1997": "http://thesmolens.com/LawsDupBridge/law{number}.html",
          "2007": "https://lovboka.org/{number}.htm (the Norwegian translation of the 2007 Laws)",
          "2017": "https://www.pzbs.pl/sedziowie/mpb/2017/en/l{number}.html"}

# The laws Huddle cites in each edition, with their headings and the letters of their sections,
# as each edition prints them. A citation of a law or a section not here is refused by a test.
CONTENTS: dict[str, dict[int, tuple[str, str]]] = {
    "1997": {12: ("Director's Discretionary Powers", "ABC"), 16: ("Unauthorized Information", "ABC"),
             17: ("Duration of the Auction", "ABCDE"), 20: ("Review and Explanation of Calls", "ABCDEF"),
             21: ("Misinformation", "AB"), 26: ("Unauthorized Information Given by Change of Call", "AB"),
             27: ("Insufficient Bid", "AB"), 47: ("Retraction of Card Played", "ABCDEF"),
             73: ("Communication, Tempo and Deception", "ABCDEF"), 75: ("Mistaken Explanation or Mistaken Bid", "ABCD"),
             78: ("Methods of Scoring", "ABCD"), 85: ("Rulings on Disputed Facts", "AB"), 86: ("In Team Play", "ABCD"),
             90: ("Procedural Penalties", "AB"), 92: ("Right to Appeal", "ABCD"), 93: ("Procedures of Appeal", "ABC")},
    "2007": {12: ("Director's Discretionary Powers", "ABC"), 16: ("Unauthorised Information", "ABCD"),
             17: ("Duration of the Auction", "ABCDE"), 20: ("Review and Explanation of Calls", "ABCDEFG"),
             21: ("Misinformation", "ABC"), 26: ("Call Withdrawn, Lead Restrictions", "AB"),
             27: ("Insufficient Bid", "ABCD"), 47: ("Retraction of Card Played", "ABCDEF"),
             50: ("Disposition of Penalty Card", "ABCDE"),
             73: ("Communication", "ABCDEF"), 75: ("Mistaken Explanation or Mistaken Call", "ABCD"),
             78: ("Methods of Scoring", "ABCD"), 85: ("Rulings on Disputed Facts", "AB"), 86: ("In Team Play", "ABCD"),
             90: ("Procedural Penalties", "AB"), 92: ("Right to Appeal", "ABCD"), 93: ("Procedures of Appeal", "ABC")},
    "2017": {12: ("Director's Discretionary Powers", "ABC"), 16: ("Authorized and Unauthorized Information", "ABCD"),
             17: ("The Auction Period", "ABCDE"), 20: ("Review and Explanation of Calls", "ABCDEFG"),
             21: ("Misinformation", "ABC"), 23: ("Comparable Call", "ABC"), 26: ("Call Withdrawn, Lead Restrictions", "AB"),
             27: ("Insufficient Bid", "ABCD"), 47: ("Retraction of Card Played", "ABCDEF"),
             50: ("Disposition of Penalty Card", "ABCDE"), 73: ("Communication, Tempo and Deception", "ABCDE"),
             75: ("Mistaken Explanation or Mistaken Call", "ABCD"), 78: ("Methods of Scoring", "ABCD"),
             85: ("Rulings on Disputed Facts", "AB"), 86: ("Team Play", "ABCD"), 90: ("Procedural Penalties", "AB"),
             92: ("Right to Appeal", "ABCD"), 93: ("Procedures of Appeal", "ABC")},
}
CITED = re.compile(r"\bLaws? (\d{1,2})([A-G])?")


def cited_laws(text: str) -> list[tuple[int, str]]:
    """Every law a text cites, as (number, section letter or "")."""
    return [(int(n), letter or "") for n, letter in CITED.findall(text)]


def missing_from(year: str, text: str) -> list[str]:
    """The laws ``text`` cites that the ``year`` edition does not have (its CONTENTS)."""
    contents = CONTENTS[year]
    return [f"Law {n}{letter}" for n, letter in cited_laws(text)
            if n not in contents or (letter and letter not in contents[n][1])]


def reference(concept: str, year: str) -> str:
    """Where the text of a concept's law is found in its edition: the book, each law with its
    heading, and a copy of each that can be read."""
    cited = dict.fromkeys(n for n, _ in cited_laws(law(concept, year)))
    laws = "; ".join(f"Law {n}, {CONTENTS[year][n][0]}: {COPIES[year].format(number=n)}" for n in cited
                     if n in CONTENTS[year])
    return f"{BOOKS[year]}: {laws}"


def edition(value: object, where: str = "laws") -> str:
    text = DEFAULT_EDITION if value in (None, "") else str(value)
    if text not in EDITIONS:
        raise HuddleInputError(where, M_("'{text}' is not an edition of the Laws (one of {choices})", text=AsTyped(text),
                                         choices=', '.join(EDITIONS)))
    return text


def law(concept: str, year: str) -> str:
    """The law (with its edition where the number moved) for a concept; refused when the edition
    has no such law."""
    by_edition = _LAWS[concept]
    if year not in by_edition:
        have = ", ".join(by_edition)
        raise HuddleInputError("laws", M_("the {year} Laws have no {concept} rule (it exists in {have})", year=year, concept=concept,
                                          have=have))
    return by_edition[year]


def has_law(concept: str, year: str) -> bool:
    return year in _LAWS[concept]


def concepts() -> tuple[str, ...]:
    return tuple(_LAWS)


__all__ = ["EDITIONS", "DEFAULT_EDITION", "edition", "law", "has_law", "reference", "missing_from", "cited_laws",
           "concepts", "BOOKS", "CONTENTS"]
