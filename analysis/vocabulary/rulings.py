"""The ruling's words: forms of scoring, kinds of case, kinds of irregularity, the offending side,
the appeals committee's decisions and the logical-alternative verdicts. Each is a str-valued enum
whose members are what case files and the database have always held ("imps", "UI",
"hesitation", "both", "uphold", "not LA"); each says and reads itself (analysis.vocabulary.word).
"""
from __future__ import annotations

from enum import nonmember

from analysis.messages import N_
from analysis.vocabulary.bridge import Side
from analysis.vocabulary.word import NP_, Catalog, Word


class ScoringForm(Word):
    MATCHPOINTS = "matchpoints"
    IMPS = "imps"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"
    BAM = "bam"
    TOTAL_POINTS = "total points"

    WORDS = nonmember({"matchpoints": NP_("scoring", "matchpoints|MP|pairs"), "imps": NP_("scoring", "IMPs|IMP|teams"),
                       "butler": NP_("scoring", "Butler IMPs|Butler"), "cross-imps": NP_("scoring", "cross-IMPs"),
                       "bam": NP_("scoring", "board-a-match|BAM"), "total points": NP_("scoring", "total points")})
    NOUN = nonmember(N_("a form of scoring"))

    @property
    def in_imps(self) -> bool:
        return self in (ScoringForm.IMPS, ScoringForm.BUTLER, ScoringForm.CROSS_IMPS)

    @property
    def against_the_field(self) -> bool:
        """Scored against the field, not the other table."""
        return self in (ScoringForm.MATCHPOINTS, ScoringForm.BUTLER, ScoringForm.CROSS_IMPS)


class CaseKind(Word):
    """UI: unauthorized information from partner; MI: misinformation; misleading: an opponent's
    variation in tempo or manner that misled an innocent player (Law 73E2 of 2017, 73F of 2007,
    73F2 of 1997); unplayable: no result could be obtained at the table, ruled by Law 12C2 alone
    (no Law 16 questions)."""

    UI = "UI"
    MI = "MI"
    MISLEADING = "misleading"
    UNPLAYABLE = "unplayable"

    WORDS = nonmember({"UI": NP_("case kind", "Unauthorized information|UI"),
                       "MI": NP_("case kind", "Misinformation|MI"),
                       "misleading": NP_("case kind", "A misleading hesitation or manner|misleading"),
                       "unplayable": NP_("case kind", "Unplayable board (no result)|unplayable")})
    NOUN = nonmember(N_("a kind of case"))


class IrregularityType(Word):
    """What the irregularity was. The tempo kinds (hesitation: unmistakable hesitation; haste:
    unwonted speed) and remark, question, gesture are UI by manner (Law 16B1(a), Law 73A2);
    explanation, alert and unalerted are UI from partner's explanation, alert or failure to alert
    (Law 16B1(a), Law 20F); misexplained is the MI itself."""

    HESITATION = "hesitation"
    HASTE = "haste"
    REMARK = "remark"
    QUESTION = "question"
    GESTURE = "gesture"
    EXPLANATION = "explanation"
    ALERT = "alert"
    UNALERTED = "unalerted"
    MISEXPLAINED = "misexplained"
    WITHDRAWN = "withdrawn"
    OTHER = "other"

    WORDS = nonmember({"hesitation": NP_("irregularity", "hesitation (a break in tempo)|hesitation"),
                       "haste": NP_("irregularity", "haste (an unusually quick call)|haste"),
                       "remark": NP_("irregularity", "remark"), "question": NP_("irregularity", "question"),
                       "gesture": NP_("irregularity", "gesture or mannerism|gesture"),
                       "explanation": NP_("irregularity", "partner's explanation|explanation"),
                       "alert": NP_("irregularity", "partner's alert|alert"),
                       "unalerted": NP_("irregularity", "partner's failure to alert|unalerted"),
                       "misexplained": NP_("irregularity", "misexplanation (the MI itself)|misexplained"),
                       "withdrawn": NP_("irregularity", "a withdrawn call or play|withdrawn"),
                       "other": NP_("irregularity", "other")})
    NOUN = nonmember(N_("a kind of irregularity"))

    @property
    def is_tempo(self) -> bool:
        return self in (IrregularityType.HESITATION, IrregularityType.HASTE)

    @property
    def by_manner(self) -> bool:
        """UI by the manner of a call or play (Law 16B1(a), Law 73A2)."""
        return self.is_tempo or self in (IrregularityType.REMARK, IrregularityType.QUESTION, IrregularityType.GESTURE)

    @property
    def explained_by_partner(self) -> bool:
        """The irregularity's ``by`` is the caller's partner (the one who explained, alerted or not)."""
        return self in (IrregularityType.EXPLANATION, IrregularityType.ALERT, IrregularityType.UNALERTED,
                        IrregularityType.MISEXPLAINED)


class OffendingSide(Word):
    NS = "NS"
    EW = "EW"
    BOTH = "both"

    WORDS = nonmember({"both": NP_("offending side", "both sides|both")})
    NOUN = nonmember(N_("an offending side"))

    @property
    def side(self) -> Side | None:
        return None if self is OffendingSide.BOTH else Side(self.value)

    def entry(self, lang: Catalog) -> str:
        side = self.side
        return side.entry(lang) if side is not None else super().entry(lang)

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        side = self.side
        return side.spelt(lang) if side is not None else super().spelt(lang)


class AppealOutcome(Word):
    """What an appeals committee decides (Law 93): the ruling stands, stands in part, or is reversed."""

    UPHOLD = "uphold"
    MODIFY = "modify"
    OVERTURN = "overturn"

    WORDS = nonmember({"uphold": NP_("appeal decision", "uphold"), "modify": NP_("appeal decision", "modify"),
                       "overturn": NP_("appeal decision", "overturn")})
    MEANINGS = nonmember({"uphold": N_("the director's ruling stands"),
                          "modify": N_("the ruling stands in part: a different adjustment or score"),
                          "overturn": N_("the director's ruling is reversed")})
    NOUN = nonmember(N_("a decision of the appeals committee"))

    @property
    def meaning(self) -> str:
        return AppealOutcome.MEANINGS[self.value]


class LAVerdict(Word):
    """What one action is under a policy; the text is what files and reports have always said."""

    LA = "LA"
    NOT_LA = "not LA"
    TABLE_ACTION = "table action"

    WORDS = nonmember({"LA": NP_("verdict", "LA"), "not LA": NP_("verdict", "not LA"),
                       "table action": NP_("verdict", "table action")})


class Firmness(Word):
    """How firm a verdict is: firm, uncertain, or too few answers to say."""

    FIRM = "firm"
    UNCERTAIN = "uncertain"
    TOO_FEW = "too few answers yet"

    WORDS = nonmember({"firm": NP_("verdict", "firm"), "uncertain": NP_("verdict", "uncertain"),
                       "too few answers yet": NP_("verdict", "too few answers yet")})
