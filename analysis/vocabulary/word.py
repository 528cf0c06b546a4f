"""A word of the vocabulary: a member of a closed set (a seat, a strain, a kind of case) that is
its own text in files, JSON, CSV and the database ("N", "NT", "hesitation"), and that says and
reads itself in every language through the catalog.

Each word is one catalog entry, marked with ``NP_(context, entry)`` beside its member. An entry is
the word Huddle writes, then, after ``|``, the other spellings it reads:

    msgctxt "call"
    msgid "Double|X|Dbl|D"
    msgstr "Kontra|X|Ktr"

A word typed by a person is read in the reader's language and in English; where one spelling
means one thing in English and another in the reader's language (German C: Coeur, not clubs), the
reader's language wins. Spellings are compared with case, accents, ligatures, spaces, hyphens,
slashes and full stops set aside ("Cœur", "coeur", "N-S", "n/s").
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Protocol, TypeVar, cast

from analysis.errors import HuddleInputError
from analysis.messages import SOURCE_LANGUAGE, AsTyped, Listed, M_, Message

SPELLINGS = "|"


class Catalog(Protocol):
    """What the vocabulary needs of a language (analysis.language.Language): its code and its
    catalog's entries; hashable, so what is built from it once is kept."""

    @property
    def code(self) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def __hash__(self) -> int: ...


def NP_(context: str, entry: str) -> tuple[str, str]:
    """Marks a vocabulary entry for the catalog (extracted as msgctxt ``context``)."""
    return context, entry


def spellings(entry: str) -> tuple[str, ...]:
    """An entry's spellings, the written one first: "Double|X|Dbl" → ("Double", "X", "Dbl")."""
    return tuple(s.strip() for s in entry.split(SPELLINGS) if s.strip()) or (entry,)


def folded(text: object) -> str:
    """What two spellings of one word share: case, accents, ligatures, spaces, hyphens, slashes,
    apostrophes and full stops set aside ("Cœur" and "coeur", "N-S" and "ns")."""
    text = str(text).casefold().replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[\s\-‐‑–—/.'’]", "", text)


class _Source:
    """English, the catalog's own msgids."""

    code = SOURCE_LANGUAGE

    def pgettext(self, context: str, message: str) -> str:
        return message

    def _(self, message: str) -> str:
        return message


SOURCE: Catalog = _Source()

W = TypeVar("W", bound="Word")


class Word(StrEnum):
    """A member of a closed set of bridge or ruling words. A subclass gives ``WORDS`` (member →
    its marked entry; a member without one is written and read as its own text), may give
    ``ALSO`` (entries that are read but never written: "Love" for no one vulnerable) and
    ``NOUN`` (what a refusal calls the set: "a seat")."""

    @classmethod
    def _entries(cls) -> dict:
        return getattr(cls, "WORDS", {})

    def entry(self, lang: Catalog) -> str:
        marked = type(self)._entries().get(self.value)
        return lang.pgettext(*marked) if marked else self.value

    def said(self, lang: Catalog) -> str:
        """The word as the reader's language writes it: "Ouest", "Kontra", "SA"."""
        return spellings(self.entry(lang))[0]

    @property
    def english(self) -> str:
        return self.said(SOURCE)

    @property
    def word(self) -> Message:
        """The member inside a message (or wherever text goes): its English word as text, said in
        each reader's words (``Language.say``)."""
        return Message("{word}", word=Spoken(self))

    def spelt(self, lang: Catalog) -> tuple[str, ...]:
        """Every spelling ``lang`` reads as this word."""
        also = getattr(type(self), "ALSO", {}).get(self.value)
        return spellings(self.entry(lang)) + (spellings(lang.pgettext(*also)) if also else ())

    @classmethod
    def lookup(cls: type[W], text: object, lang: Catalog) -> W | None:
        """The member ``text`` spells in ``lang`` or in English (``lang`` winning), or None."""
        return cast("W | None", reading_table(cls, lang).get(_key(text)))

    @classmethod
    def read(cls: type[W], text: object, lang: Catalog, field: str = "") -> W:
        """The member ``text`` spells, or a refusal naming ``field`` with examples in ``lang``."""
        found = cls.lookup(text, lang)
        if found is None:
            raise HuddleInputError(field or cls.__name__.lower(), not_one_of(cls, text, lang))
        return found

    @classmethod
    def examples(cls, lang: Catalog, refused: object = "") -> tuple[Message, ...]:
        """The set's words as ``lang`` writes them, never the spelling a refusal refuses."""
        return tuple(m.word for m in cls if folded(m.said(lang)) != folded(refused))


def member(cls: type[W], value: object, field: str) -> W:
    """A set's member as files write it (its code, in any case: "ui", "NS"), refused in the same
    words everywhere, naming the codes a file may hold."""
    wanted = str(value).strip().casefold()
    found = next((m for m in cls if m.value.casefold() == wanted), None)
    if found is None:
        raise HuddleInputError(field, M_("'{value}' must be one of {choices}", value=AsTyped(str(value)[:40]),
                                         choices=AsTyped(", ".join(m.value for m in cls))))
    return found


def not_one_of(cls: type[Word], text: object, lang: Catalog):
    noun = getattr(cls, "NOUN", None)
    shown = AsTyped(str(text).strip()[:30])
    if noun is None:
        return M_("'{text}' is not one of {choices}", text=shown, choices=Listed(cls.examples(lang, text)))
    return M_("'{text}' is not {noun} (e.g. {examples})", text=shown, noun=noun, examples=Listed(cls.examples(lang, text)))


@cache
def reading_table(cls: type[Word], lang: Catalog) -> dict[str, Word]:
    """Folded spelling → member: the codes, then English, then ``lang`` (each later one winning
    where a spelling means another word in it)."""
    table: dict[str, Word] = {_key(m.value): m for m in cls}
    for source in (SOURCE, lang) if lang.code != SOURCE_LANGUAGE else (SOURCE,):
        for member in cls:
            table.update({_key(s): member for s in member.spelt(source) if s.strip()})
    return table


@cache
def own_spellings(cls: type[Word], lang: Catalog) -> frozenset[str]:
    """The spellings ``lang`` itself gives a set's members (English's for English), folded: what
    a reader of ``lang`` means first when a letter is another member in English."""
    source = lang if lang.code != SOURCE_LANGUAGE else SOURCE
    return frozenset(_key(s) for member in cls for s in member.spelt(source) if s.strip())


def _key(text: object) -> str:
    """A spelling's key in a reading table: folded, or a spelling that is all punctuation ("-" for
    a pass or for nobody vulnerable) as written; nothing typed reads as no word."""
    return folded(text) or str(text).strip()


@dataclass(frozen=True)
class Spoken:
    """A word of the vocabulary inside a message (``Seat.W.word``): said in each reader's words,
    and in English as its English word (the member itself is its code: "W")."""

    member: Word

    def said(self, lang: Catalog) -> str:
        return self.member.said(lang)

    def __str__(self) -> str:
        return self.member.english
