"""The players' languages: what a pollee reads and what is read to the players, in the language
of the club.

Messages are kept the way Python projects keep them: gettext catalogs (Babel), one per language,
at ``analysis/language/locale/<code>/LC_MESSAGES/huddle.po``, extracted from the code
(``make catalogs``). A language is shipped by adding its catalog: Huddle finds it, with no code.
The catalog holds the bridge words too, one entry a word (``analysis.vocabulary``). The only files
read are these catalogs, shipped inside the package like its code.

    >>> fr = language("fr")
    >>> fr.call("1NT"), fr.call("X"), fr.seat("W")
    ('1SA', 'Contre', 'Ouest')
    >>> fr._("Thank you: your answer is recorded.")
    'Merci : votre réponse est enregistrée.'
"""
from __future__ import annotations

import gettext
import unicodedata
import math
import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone, tzinfo
from fractions import Fraction
from functools import cache
from importlib.resources import files
from io import BytesIO
from numbers import Rational


from analysis.errors import HuddleInputError
from analysis.messages import SOURCE_LANGUAGE, AsTyped, Count, Listed, M_, MP_, Message, N_, joined
from analysis.numbers import display, percent, rounded
from analysis.vocabulary import (DEALER, LAW, LAWS, NP_, Call, CardChoice, ScoringForm, Seat, Side, Spoken,
                                 Vulnerability, card_said, choice_said, contract_said, rank_said)

DOMAIN = "huddle"
_LAW_NUMBER = re.compile(r"\b(Laws?) (?=\d)")
LOCALE_DIR = files("analysis.language") / "locale"


@dataclass(frozen=True)
class Language:
    """One language: its messages (gettext), the vocabulary's words among them."""

    code: str
    catalog: gettext.NullTranslations = field(repr=False, compare=False)
    zone: tzinfo | None = field(default=None, compare=False)      # the club's clock; UTC when None

    def at_clock(self, zone: tzinfo | None) -> "Language":
        """The same language telling the time by ``zone``'s clock (the club's)."""
        return replace(self, zone=zone)

    @property
    def name(self) -> str:
        """The language's own name: "Français", "Nederlands"."""
        from babel import Locale
        return (Locale.parse(self.code).get_display_name(self.code) or self.code).capitalize()

    def _(self, message: str) -> str:
        # gettext("") is the catalog's header, never a translation
        return self.catalog.gettext(message) if message else ""

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.pgettext(context, message)

    def ngettext(self, one: str, many: str, n: int) -> str:
        """The form of a message for ``n`` as the language's catalog says (its plural forms)."""
        return self.catalog.ngettext(one, many, n)

    def say(self, text) -> str:
        """English text made by Huddle, in this language: a value that says itself (a Message and
        its values, a bridge word, a list) said so, a number in the language's style, any other
        text as its catalog has it (as it is, when the catalog has not). Laws keep their numbers
        and take the name the language's translation of the Laws gives them (Loi 16B1, Regel
        16B1, Artikel 16B1)."""
        if self.code == SOURCE_LANGUAGE:
            return str(text)
        if hasattr(text, "said"):
            said = text.said(self)
        elif isinstance(text, int):
            said = str(text)
        elif isinstance(text, (Rational, float)):
            said = self.number(text)
        else:
            said = self._(str(text)) if text else ""
        return self._laws_named(said)

    def _laws_named(self, text: str) -> str:
        one, many = LAW.said(self), LAWS.said(self)
        return _LAW_NUMBER.sub(lambda m: (many if m.group(1) == "Laws" else one) + " ", text)

    # the vocabulary's words, as the players of the language write them
    def call(self, call: str) -> str:
        return Call(call).said(self)

    def seat(self, letter: str) -> str:
        return Seat(letter).said(self)

    def seat_letter(self, letter: str) -> str:
        return Seat(letter).letter(self)

    def side(self, side: str) -> str:
        return Side(side).said(self)

    def vulnerability(self, vul: str) -> str:
        return Vulnerability(vul).said(self)

    def scoring(self, form: str) -> str:
        return ScoringForm(form).said(self)

    def contract(self, bid: str, penalty: str, declarer: str) -> str:
        """"4♠ contré joué par Sud" from "4S", "X", "S"."""
        return contract_said(bid, penalty, declarer, self)

    def card(self, card: str) -> str:
        return card_said(card, self)

    def rank(self, rank: str) -> str:
        return rank_said(rank, self)

    @property
    def dealer(self) -> str:
        return DEALER.said(self)

    def labelled(self, label: str, value: str) -> str:
        """"North-South: +420" with the language's own spacing ("Nord-Sud : +420" in French)."""
        return self._(LABELLED).format(label=label, value=value)

    def choice(self, key: str) -> str:
        return choice_said(key, self)

    def number(self, value: Rational | int | float, places: int = 2) -> str:
        """A number in the local style: "57,5" in French, "1,234.5" in English. Fractions that are
        whole or halves, quarters… are written as mixed fractions everywhere ("8 1/4")."""
        if isinstance(value, Rational) and not isinstance(value, int):
            value = Fraction(value)
            if value.denominator != 1:
                whole, rest = divmod(abs(value.numerator), value.denominator)
                sign = "-" if value < 0 else ""
                return f"{sign}{whole} {rest}/{value.denominator}" if whole else f"{sign}{rest}/{value.denominator}"
            value = value.numerator
        from babel.numbers import format_decimal
        return format_decimal(value, format=f"#,##0.{'#' * places}" if places else "#,##0", locale=self.code)

    def moment(self, at: datetime, seconds: bool = False) -> str:
        """A time in the language's own form on the club's clock: "28.11.26, 14:30" in German,
        "28/11/2026 14:30" in French, "11/28/26, 2:30 PM" in English (with its seconds, the medium
        form); a time read without a zone is UTC, and a time told in UTC says so ("14:30 UTC")."""
        from babel.dates import format_datetime
        zone = self.zone or timezone.utc
        utc = at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)
        said = format_datetime(utc, "medium" if seconds else "short", tzinfo=zone, locale=self.code)
        return f"{said} UTC" if _is_utc(zone) else said

    def percent(self, value: Rational | float | None, places: int = 0) -> str:
        """A share rounded as ``analysis.numbers.percent`` rounds it (half up), written in the
        locale's style: "67 %" in French, "67%" in English."""
        if self.code == SOURCE_LANGUAGE or value is None or (isinstance(value, float) and not math.isfinite(value)):
            return percent(value, places)
        from babel import Locale
        from babel.numbers import format_percent
        pattern = Locale.parse(self.code).percent_formats[None].pattern
        if places:
            at = pattern.rindex("0") + 1
            pattern = pattern[:at] + "." + "0" * places + pattern[at:]
        exact = Fraction(value) if isinstance(value, Rational) else Fraction(repr(float(value)))     # numpy floats too
        return format_percent(rounded(exact * 100, places) / 100, format=pattern, locale=self.code)


@dataclass(frozen=True)
class Capital:
    """A value said with its first letter capitalised (it opens the sentence)."""

    text: object

    def said(self, lang: "Language") -> str:
        text = lang.say(self.text)
        return text[:1].upper() + text[1:]

    def __str__(self) -> str:
        text = str(self.text)
        return text[:1].upper() + text[1:]


# Languages that write every noun with a capital, mid-sentence too
NOUNS_CAPITALISED = {"de"}


@dataclass(frozen=True)
class InSentence:
    """A title said inside a sentence: its first letter lowered ("no 'likely / at all probable'
    method"), except in a language whose nouns keep their capitals ("Aufteilung bei …")."""

    text: object                # a title, or a word of the vocabulary

    def said(self, lang: "Language") -> str:
        text = lang.say(self.text)
        return text if lang.code in NOUNS_CAPITALISED else text[:1].lower() + text[1:]

    def __str__(self) -> str:
        text = str(self.text)
        return text[:1].lower() + text[1:]


def name_order(name: str) -> tuple[str, str]:
    """How a list of names is sorted for a reader: accents and case set aside first ("Élise"
    before "Louis"), then the name as written to keep the order stable."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.casefold(), name


LABELLED = N_("{label}: {value}")


def sentence(text: str) -> str:
    """The text ended with a full stop, unless it ends in one already (a reason someone typed may:
    never "..")."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?…" else text + "."


def first_upper(text: str) -> str:
    """The first letter a capital, the rest as written: "Unerlaubte Information", "Misexplanation
    (the MI itself)" (str.capitalize lowercases the rest, German nouns and abbreviations too)."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Share:
    """A share inside a message, as a percentage in each language's style ("67%", "67 %")."""

    value: Rational | float
    places: int = 0

    def said(self, lang: "Language") -> str:
        return lang.percent(self.value, self.places)

    def __str__(self) -> str:
        return percent(self.value, self.places)


@dataclass(frozen=True)
class Amount:
    """An exact number inside a message (a score, a percentage's number): "57 1/2" in English,
    as each language writes numbers elsewhere."""

    value: Rational

    def said(self, lang: "Language") -> str:
        return lang.number(self.value) if lang.code != SOURCE_LANGUAGE else str(self)

    def __str__(self) -> str:
        return display(self.value)


@dataclass(frozen=True)
class Rounded:
    """A measured number inside a message, to ``places`` decimals in each language's style
    ("0.63", "0,63"): a likelihood, never an exact score (those are Amount)."""

    value: float
    places: int = 2

    def said(self, lang: "Language") -> str:
        if lang.code == SOURCE_LANGUAGE:
            return str(self)
        from babel.numbers import format_decimal
        return format_decimal(round(float(self.value), self.places), format="0." + "0" * self.places, locale=lang.code)

    def __str__(self) -> str:
        return format(float(self.value), f".{self.places}f")


@dataclass(frozen=True)
class ContractWords:
    """A contract said as the players say it: "4♠ doubled by South", "4♠ contré joué par Sud"."""

    bid: str
    penalty: str
    declarer: str

    def said(self, lang: "Language") -> str:
        return lang.contract(self.bid, self.penalty, self.declarer)

    def __str__(self) -> str:
        return self.said(ENGLISH)


def joined_lines(lines) -> Message:
    """Lines (messages or text) as one text, each line said in turn in another language."""
    return Message("{lines}", lines=Listed(tuple(lines), "\n"))


def said(exc: HuddleInputError, lang: "Language") -> str:
    """A refusal's message in ``lang``: its template translated, its calls in the language's words
    (in English, the problem as the refusal stored it)."""
    return exc.problem if lang.code == SOURCE_LANGUAGE else lang.say(exc.problem_message)


class _Source(gettext.NullTranslations):
    """English: the msgids are the English text."""


def _catalog(code: str) -> gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return _Source()
    # Babel is loaded with the first catalog: a command that speaks English never pays for it
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)        # a fuzzy (unchecked) entry stays English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@cache
def shipped_languages() -> tuple[str, ...]:
    """English and every language whose catalog is shipped, in code order after English."""
    found = sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())
    return (SOURCE_LANGUAGE, *[c for c in found if c != SOURCE_LANGUAGE])


def _is_utc(zone: tzinfo) -> bool:
    return zone is timezone.utc or str(zone) in ("UTC", "Etc/UTC", "Etc/UCT", "UCT", "Universal", "Zulu", "Etc/Zulu",
                                                 "GMT", "Etc/GMT")


@cache
def language(code: str | None = None) -> Language:
    """The shipped language ``code`` ("fr", "fr-BE" and "fr_CA" are French); English for None."""
    base = normalised(code or SOURCE_LANGUAGE)
    if base not in shipped_languages():
        raise HuddleInputError("language", M_("'{code}' is not a shipped language (choose {choices})", code=AsTyped(code),
                                              choices=', '.join(shipped_languages())))
    catalog = _catalog(base)
    return Language(base, catalog)


def normalised(code: str) -> str:
    return str(code).strip().replace("_", "-").split("-")[0].lower()


def browser_language(accept: str | None) -> str | None:
    """The first shipped language a browser asks for (an Accept-Language value or a locale such
    as "nl-BE"), or None."""
    if not accept:
        return None
    wanted: list[tuple[float, int, str]] = []
    for part in accept.split(","):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        wanted.append((-weight, len(wanted), normalised(tag)))
    shipped = shipped_languages()
    return next((code for _, _, code in sorted(wanted) if code in shipped), None)


def chosen_language(*choices: str | None, accept: str | None = None) -> Language:
    """The first language set among ``choices`` (a link's, a poll's, an organisation's), else the
    browser's, else English."""
    for code in choices:
        if code:
            try:
                return language(code)
            except HuddleInputError:
                continue
    return language(browser_language(accept))


def reader_language(account: str | None = None, organisation: str | None = None, browser: str | None = None) -> Language:
    """The one rule for a signed-in reader's pages, reports and refusals: the account's own
    language, else the organisation's, else the browser's (an Accept-Language value), else
    English. A visitor not signed in has only a browser."""
    return chosen_language(account, organisation, accept=browser)


def pollee_language(member: str | None = None, poll: str | None = None, club: str | None = None,
                    browser: str | None = None) -> Language:
    """The one rule for a pollee's page and the note with a link: the panel member's own language,
    else the poll's, else the club's, else the browser's, else English."""
    return chosen_language(member, poll, club, accept=browser)


ENGLISH = language(SOURCE_LANGUAGE)

# what every page that fails says, with the reference the server's log keeps (the director's pages
# and the pollee's page alike)
APOLOGY = N_("Sorry, this page could not be shown. Nothing you entered was lost by this. Please tell whoever runs "
             "Huddle and give them the reference **{reference}**: the details are in the server's log under it.")

__all__ = ["Language", "Spoken", "CardChoice", "Message", "M_", "MP_", "AsTyped", "Capital", "InSentence", "Listed", "joined",
           "ContractWords",
           "joined_lines", "said", "language", "shipped_languages", "chosen_language", "browser_language", "reader_language",
           "pollee_language",
           "N_", "NP_", "ENGLISH", "DOMAIN", "LOCALE_DIR", "APOLOGY", "first_upper", "sentence", "name_order", "Share", "Count",
           "Amount"]
