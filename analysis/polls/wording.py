"""The check of a poll's wording and methods: what in the director's text would tell a pollee
about the irregularity (polling-practice: "never mention the hesitation"; the pollee must meet the
problem as the player did, without the unauthorized information).

Each finding quotes the words actually found and says what they give away. Bridge vocabulary that
shares a word with a giveaway (the principle of fast arrival, quick tricks, gaining a tempo,
"not alertable", second hand low) is recognised first and passed over. The check is measured on
a labelled set of texts in the tests (tests/wording_set.csv); a director may still override a
warning, with a reason that is kept with the poll.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from analysis.language import M_, N_, AsTyped, InSentence, Message
from analysis.law.case import Case
from analysis.vocabulary import CaseKind
from analysis.polls.wording_languages import CHECKS, TO_THE_POLLEE

MAX_WORDING = 2000

_NUMBER = (r"(?:\d+|a\s+few|several|many|two|three|five|ten|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|"
           r"half\s+a|a|an|one|a\s+couple\s+of)")
_CALLED = r"(?:bid|bids|passed|passes|doubled|doubles|redoubled|called|calls|raised|jumped|responded|rebid|" \
          r"signed\s+off|came\s+in|overcalled|led|played|followed|produced|made\s+(?:his|her|their)\s+call)"

# Bridge words that contain a giveaway's word but give nothing away: masked before the check.
INNOCENT_PHRASES = tuple(re.compile(p, re.I) for p in (
    r"\b(?:fast|slow)[\s-]+arrival\b",                                   # a bidding principle
    r"\b(?:quick|fast|slow)[\s-]+(?:tricks?|losers?|entry|entries|winners?)\b",     # hand valuation
    r"\bimmediate(?:ly)?\s+(?:overcall|cue[\s-]?bids?|raises?|seat|double|jump|over|after|response|rebid|"
    r"reverse|takeout|balance)\w*",
    r"\b(?:draw|cash|lead|play|take|establish|ruff|run|unblock|knock\s+out|set\s+up|duck|win)\w*\s+(?:\w+\s+){0,3}?"
    r"(?:at\s+once|immediately|quickly|straight\s+away)",              # card-play advice
    r"\b(?:gain\w*|los[et]\w*|win\w*|won|need\w*|have|has|had)\s+(?:a|the|one|two|an\s+extra)\s+tempo\b",
    r"\btempo\s+(?:ahead|behind|advantage|in\s+(?:the\s+)?(?:play|defen[cs]e))\b",
    r"\b(?:a|the)\s+tempo\s+(?:play|lead|switch)\b",
    r"\bdelayed\s+(?:game\s+)?(?:raise|support)\b", r"\b(?:slow|fast)\s+(?:shows|denies)\b",
    r"\blong\s+time\s+ago\b", r"\b(?:not\s+|non-?)?alertable\b", r"\bself-alerting\b",
    r"\bappeals?\s+to\s+you\b", r"\bappealing\s+(?:lead|bid|call|choice|option)\b",
    r"\bmaking\s+it\s+(?:forcing|game[\s-]?forcing|invitational|natural|non-?forcing|a\s+\w+|clear)\b",
    r"\bthe\s+thinking\s+behind\b", r"\bthink(?:ing)?\s+about\s+(?:the\s+)?(?:lead|play|call|bid|problem)\b",
    r"\bstop\s+card\b", r"\bskip[\s-]bid\s+warning\b",
    # a suit that breaks badly ("trumps tank 4-0") and a deceptive hold-up ("slow-played the king")
    r"\b(?:trumps?|the\s+suit|(?:the\s+)?(?:spades|hearts|diamonds|clubs))\s+(?:\w+\s+)?tank(?:s|ed)?\b",
    r"\btank(?:s|ed)?\s+\d-\d\b",
    r"\bslow[\s-]play(?:s|ed|ing)?\s+(?:the\s+|his\s+|her\s+|a\s+|your\s+)?(?:ace|king|queen|jack|ten|honou?r|"
    r"trumps?|winner|[AKQJ]|[♠♥♦♣])",
    # what the poll asks of the pollee, and asking bids
    r"\b(?:don't|do\s+not|never)\s+hesitate\b", r"\b(?:add|leave|write|give|any)\s+(?:a\s+|your\s+|further\s+)?comments?\b",
    r"\basked\s+for\s+(?:the\s+)?(?:aces|keycards|key\s+cards|kings|controls|stoppers?|(?:the\s+)?trump\s+queen)\b",
))


@dataclass(frozen=True)
class WordingFinding:
    """One giveaway in a text: the words found and what they tell the pollee."""

    field: str          # wording or methods
    found: str          # the words as the director wrote them
    gives_away: object  # partner's tempo, partner's manner, a remark or question, ... (a message each language says)

    def message(self) -> Message:
        return M_("“{found}” gives away {what}", found=AsTyped(self.found), what=self.gives_away)

    def __str__(self) -> str:
        return str(self.message())


def _terms(*patterns: str, flags=re.I) -> tuple[re.Pattern, ...]:
    return tuple(re.compile(p, flags) for p in patterns)


# What gives the irregularity away, by what it tells the pollee. Abbreviations match in capitals
# only ("a bit" is fine, "BIT" is not); "break" alone is not a giveaway (tie-break, break the suit).
GIVEAWAYS: tuple[tuple[object, tuple[re.Pattern, ...]], ...] = (
    (N_("partner's tempo"), _terms(
        r"\bs+l+o+w+\w*", r"\bhesitat\w*", r"\btempo\b", r"\bhuddl\w*", r"\bpaus(?:e|ed|es|ing)\b",
        r"\btank(?:s|ed|ing)?\b", r"\btrance\b", r"\bsnap(?:s|ped|ping)?\b", r"\bdither\w*", r"\bdawdl\w*",
        r"\b(?:quick(?:ly)?|fast|rapid(?:ly)?|instant(?:ly|aneous(?:ly)?)?|immediate(?:ly)?|prompt(?:ly)?|swift(?:ly)?|"
        r"hast(?:y|ily|e)|in\s+a\s+flash|at\s+once|like\s+lightning|in\s+tempo|without\s+(?:a\s+)?(?:pause|thought|"
        r"thinking|delay|hesitation))\b",
        r"\b(?:thought|thinking|pondered|pondering|deliberat\w*|agoni[sz]\w*|mulled|mulling|brooded|"
        r"considered\s+for|contemplat\w*)\b",
        r"\b(?:a\s+)?(?:long|short|brief|lengthy|considerable|noticeable|marked)\s+(?:think|time|while|wait|delay|"
        r"interval|break|silence|look|study|consideration|pause|huddle|hesitation)\b", r"\bbreak\s+in\s+tempo\b",
        r"\b(?:was|for)\s+a\s+while\b", r"\bnot\s+(?:made\s+|bid\s+|passed\s+)?smoothly\b",
        r"\b(?:had\s+a|after\s+a|a\s+good)\s+think\b",
        r"\btook\s+(?:a|his|her|their|some|so|too)\s+(?:\w+\s+)?(?:while|time|ages|long)\b|"
        r"\b(?:took|takes|taking)\s+(?:ages|long|forever|time)\b",
        r"\b(?:in\s+no\s+hurry|at\s+length|eventually|finally|reluctant(?:ly)?|belated(?:ly)?|after\s+a\s+while|"
        r"after\s+some\s+time|delay(?:ed|ing)?|stared|studied\s+(?:his|her|their)\s+(?:cards|hand))\b",
        rf"\b{_NUMBER}[\s-]*(?:secs?|seconds?|mins?|minutes?|moments?|ages)\b",
        r"\bconsidered\s+(?:bidding|doubling|redoubling|passing|raising|jumping|competing|bidding\s+on|"
        r"a\s+(?:double|raise|bid|pass)|\d(?:NT|[SHDC♠♥♦♣]))",
        r"\bbefore\s+(?:passing|bidding|doubling|redoubling|raising|calling|deciding|making\s+(?:a|his|her)\s+call)\b",
        rf"\b{_CALLED}\s+(?:very\s+|rather\s+|too\s+)?(?:quickly|fast|rapidly|instantly|immediately|promptly|"
        rf"at\s+once|in\s+a\s+flash|smoothly)\b",
    ) + _terms(r"\bBITs?\b", flags=0)),
    (N_("partner's manner"), _terms(
        r"\b(?:sigh(?:s|ed|ing)?|shrug(?:s|ged|ging)?|frown(?:s|ed|ing)?|grimac\w*|winc(?:e|ed|ing)|smirk\w*|"
        r"smil(?:e|ed|ing)|groan\w*|gestur\w*|manneris\w*|fidget\w*|tapp(?:ed|ing)|drumm(?:ed|ing)|"
        r"flick(?:ed|ing)|bang(?:ed|ing)|slamm(?:ed|ing)\s+(?:the|down|it)|thump\w*|emphatic\w*|"
        r"body\s+language|tone\s+of\s+voice|facial|hand\s+shook|shaking|nervous\w*|uncertain(?:ly)?|"
        r"unsure|doubtful(?:ly)?|confident(?:ly)?|hesitant\w*|with\s+(?:emphasis|force|a\s+flourish|relish|"
        r"a\s+thump))\b",
        r"\blooked\s+(?:at|up|away|around|worried|unhappy|pleased|uncomfortable|across)\b",
    )),
    (N_("a remark or question at the table"), _terms(
        r"\b(?:partner|north|south|east|west|he|she|they|declarer|dummy|opponent)\s+(?:said|asked|remarked|"
        r"commented|muttered|exclaimed|wondered|queried|questioned|mumbled|whispered)\b",
        r"\b(?:remark\w*|comment(?:ed|s)?|mutter\w*|exclaim\w*|oops|sorry\s+partner|queried|"
        r"asked\s+(?:about|what|whether|for|if)|a\s+question\s+about)\b",
    )),
    (N_("the table result"), _terms(
        r"\b(?:made|making|makes)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
        r"thirteen|the\s+contract|game|slam|(?:with\s+)?(?:an?\s+|one\s+|two\s+|\d\s+)?overtricks?|"
        r"it(?!\s+(?:forcing|game|a|an|clear|natural)))\b",
        r"\b(?:went|go|going|goes|was|were|got)\s+(?:\w+\s+)?(?:down|off|set|defeated|beaten)\b",
        r"\b(?:down|off)\s+(?:one|two|three|four|five|\d+)\b|\b(?:one|two|three|four|five|\d)\s+(?:down|off)\b",
        r"\b(?:scored|a\s+top|a\s+bottom|a\s+zero|cold\s+top|\d+\s*%\s+(?:board|score)|\d+\s+(?:tricks|imps|"
        r"matchpoints)\s+(?:were\s+)?(?:made|won|lost))\b",
        r"\b(?:beat|defeated|set)\s+(?:it|the\s+contract|\d|one|two)\b",
    ) + _terms(r"(?<![\w/.-])[+\u2212-]\d{2,4}\b", flags=0)),
    (N_("who was at the table"), _terms(
        r"\b(?:at\s+the\s+table|table\s+result|actual(?:ly)?\s+(?:bid|call|player|result|auction|hand)|"
        r"the\s+player\s+in\s+question|this\s+player|the\s+real\s+player|the\s+culprit|"
        r"the\s+(?:non-?)?offend\w*|offending\s+side)\b",
    )),
    (N_("the ruling"), _terms(
        r"\b(?:complain\w*|appealed|an\s+appeal|the\s+appeal|appeals\s+committee|committee|the\s+director|"
        r"called\s+the\s+director|ruling|ruled|adjust\w*|logical\s+alternatives?|demonstrably|Law\s+16)\b",
    ) + _terms(r"\b(?:TD|LA|LAs|L16)\b", flags=0)),
    (N_("partner's alert or explanation"), _terms(
        r"\b(?:alert(?:ed|s|ing)?|un-?alerted|failed\s+to\s+alert|announce[ds]?|announcement|explain\w*|"
        r"explanation|misexplain\w*|misinform\w*|wrong\s+information)\b",
    )),
    (InSentence(CaseKind.UI.word), _terms(r"\bunauthori[sz]ed\b") + _terms(r"\bUI\b", flags=0)),
)


def _masked(text: str, innocent: tuple[re.Pattern, ...] = INNOCENT_PHRASES) -> str:
    """The text with its innocent bridge phrases blanked out (same length, so positions hold)."""
    for pattern in innocent:
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text


ABOUT_A_PLAYER = ("partner's tempo", "partner's manner")
_SENTENCE_END = re.compile(r"[.!?;:\n]")


def _to_the_pollee(text: str, at: int, language: str) -> bool:
    """Does the sentence around ``at`` speak to the pollee (you, your call, a directive) and name no
    one at the table? Its tempo is the pollee's own ("if you hesitate between 4♥ and 4♠", "don't
    hesitate to comment", "would you open 1♥ without hesitation?"), which gives nothing away."""
    you, someone = TO_THE_POLLEE.get(language, TO_THE_POLLEE["en"])
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    start = max((e for e in ends if e <= at), default=0)
    end = min((e for e in ends if e > at), default=len(text))
    sentence = text[start:end].strip()
    return bool(you.search(sentence)) and not someone.search(sentence)


def reads(language: str) -> bool:
    """Whether the check has the words of ``language`` (English, French, German, Dutch); a language
    shipped by its catalog alone is checked for the English words only (the poll builder says so)."""
    return language in ("", "en") or language in CHECKS


def checks_for(language: str):
    """The giveaways and the innocent bridge phrases the check reads ``language`` with."""
    return CHECKS.get(language, (GIVEAWAYS, INNOCENT_PHRASES))


def wording_findings(text: str, field: str = "wording", case: Case | None = None,
                     *, language: str) -> list[WordingFinding]:
    """Every giveaway in ``text``, read in ``language``, each once, in the order found: the words
    found and what they tell; with ``case``, the explanation given at the table repeated in the
    text too."""
    giveaways, innocent = checks_for(language)
    masked = _masked(text, innocent)
    spans = [(m.start(), m.end(), gives_away) for gives_away, patterns in giveaways
             for pattern in patterns for m in pattern.finditer(masked)
             if m.group(0).strip() and not (gives_away in ABOUT_A_PLAYER and _to_the_pollee(text, m.start(), language))]
    for given in _wrong_explanations(case) if case is not None else ():
        at = text.lower().find(given.lower())
        if at >= 0:
            spans.append((at, at + len(given), N_("the explanation given at the table")))
    kept: list[tuple[int, int, str]] = []
    for start, end, gives_away in sorted(spans, key=lambda s: (s[0], s[0] - s[1])):   # the longest first
        if not any(start < e and s < end for s, e, _ in kept):                         # words found once
            kept.append((start, end, gives_away))
    return [WordingFinding(field, text[s:e].strip(), gives_away) for s, e, gives_away in kept]


def poll_wording_problems(text: str, case: Case | None = None, field: str = "wording",
                          *, language: str) -> list[str]:
    """What in the director's text (in ``language``) would tell a pollee about the irregularity;
    empty if nothing. Each is a message a page can say in its own language (``Language.say``)."""
    problems: list[str] = [f.message() for f in wording_findings(text, field, case, language=language)]
    if len(text) > MAX_WORDING:
        problems.append(M_("is {length} characters long; at most {most}", length=len(text), most=MAX_WORDING))
    return problems


def _wrong_explanations(case: Case) -> list[str]:
    return [c.explanation.strip() for c in case.board.auction.calls
            if c.explanation and c.correct_explanation
            and c.explanation.strip().lower() != c.correct_explanation.strip().lower()
            and len(c.explanation.strip()) >= 3]


__all__ = ["WordingFinding", "wording_findings", "checks_for", "reads", "poll_wording_problems", "GIVEAWAYS", "INNOCENT_PHRASES",
           "MAX_WORDING"]
