"""The players' languages: what a pollee reads and what is read to the players, in the language
of the club.

Messages are kept the way Python projects keep them: gettext catalogs (Babel), one per language,
at ``analysis/language/locale/<code>/LC_MESSAGES/huddle.po``, extracted from the code
(``make catalogs``). A language is shipped by adding its catalog: Huddle finds it, with no code.
The catalog holds the bridge words too (``analysis.language.words``). The only files read are
these catalogs, shipped inside the package like its code.

    >>> fr = language("fr")
    >>> fr.call("1NT"), fr.call("X"), fr.seat("W")
    ('1SA', 'Contre', 'Ouest')
    >>> fr._("Thank you: your answer is recorded.")
    'Merci : votre réponse est enregistrée.'
"""
from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib.resources import files
from io import BytesIO
from numbers import Rational

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_percent

from analysis.errors import HuddleInputError
from analysis.language.words import NP_, BridgeWords

DOMAIN = "huddle"
LOCALE_DIR = files("analysis.language") / "locale"
SOURCE_LANGUAGE = "en"


def N_(message: str) -> str:
    """Marks a message for the catalog where it is defined; it is translated where it is shown."""
    return message


@dataclass(frozen=True)
class Language:
    """One language: its messages (gettext) and its bridge words."""

    code: str
    catalog: gettext.NullTranslations = field(repr=False, compare=False)
    words: BridgeWords = field(repr=False, compare=False)

    @property
    def name(self) -> str:
        """The language's own name: "Français", "Nederlands"."""
        return Locale.parse(self.code).get_display_name(self.code).capitalize()

    def _(self, message: str) -> str:
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.pgettext(context, message)

    # the bridge words, as the players of the language write them
    def call(self, call: str) -> str:
        return self.words.call(call)

    def seat(self, letter: str) -> str:
        return self.words.seat(letter)

    def choice(self, key: str) -> str:
        return self.words.choice(key)

    def number(self, value: Rational | int | float, places: int = 2) -> str:
        return self.words.number(value, places)

    def percent(self, value: Rational | float, places: int = 0) -> str:
        """"67 %" in French, "67%" in English: the locale's own pattern, with ``places`` decimals."""
        pattern = Locale.parse(self.code).percent_formats[None].pattern
        if places:
            at = pattern.rindex("0") + 1
            pattern = pattern[:at] + "." + "0" * places + pattern[at:]
        return format_percent(float(Fraction(value)) if isinstance(value, Rational) else value, format=pattern,
                              locale=self.code)


@dataclass(frozen=True)
class Spoken:
    """A call or a play poll's choice inside a message, said in each language's bridge words."""

    code: str
    cards: bool = False

    def said(self, lang: "Language") -> str:
        return lang.choice(self.code) if self.cards else lang.call(self.code)

    def __str__(self) -> str:
        return self.said(ENGLISH)


def said(exc: HuddleInputError, lang: "Language") -> str:
    """A refusal's message in ``lang``: its template translated, its calls in the language's words."""
    values = {k: v.said(lang) if isinstance(v, Spoken) else lang.number(v) if isinstance(v, int) else str(v)
              for k, v in exc.values.items()}
    return lang._(exc.template).format(**values) if values else lang._(exc.template)


class _Source(gettext.NullTranslations):
    """English: the msgids are the English text."""


def _catalog(code: str) -> gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return _Source()
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)        # a fuzzy (unchecked) entry stays English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def shipped_languages() -> tuple[str, ...]:
    """English and every language whose catalog is shipped, in code order after English."""
    found = sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())
    return (SOURCE_LANGUAGE, *[c for c in found if c != SOURCE_LANGUAGE])


@cache
def language(code: str | None = None) -> Language:
    """The shipped language ``code`` ("fr", "fr-BE" and "fr_CA" are French); English for None."""
    base = normalised(code or SOURCE_LANGUAGE)
    if base not in shipped_languages():
        raise HuddleInputError("language", f"'{code}' is not a shipped language "
                                           f"(choose {', '.join(shipped_languages())})")
    catalog = _catalog(base)
    return Language(base, catalog, BridgeWords.from_catalog(base, catalog))


def normalised(code: str) -> str:
    return str(code).strip().replace("_", "-").split("-")[0].lower()


def browser_language(accept: str | None) -> str | None:
    """The first shipped language a browser asks for (an Accept-Language value or a locale such
    as "nl-BE"), or None."""
    if not accept:
        return None
    wanted = []
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


def known_locale(code: str) -> bool:
    try:
        Locale.parse(normalised(code))
    except (UnknownLocaleError, ValueError):
        return False
    return True


ENGLISH = language(SOURCE_LANGUAGE)

__all__ = ["Language", "Spoken", "said", "language", "shipped_languages", "chosen_language", "browser_language", "N_", "NP_",
           "ENGLISH", "DOMAIN", "LOCALE_DIR"]
