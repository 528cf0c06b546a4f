"""Messages that say themselves in a reader's language: English text that keeps the catalog
message it was made from and its values (``Message``, made by ``M_``), and the values a message
holds (a count, a list, what a person typed). They live below everything else in analysis, so a
refusal anywhere (a bound in analysis.limits, a number in analysis.numbers) is a message too;
analysis.language says them (``Language.say``) and gives them all under its own name."""
from __future__ import annotations

import dataclasses
import enum
import importlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

SOURCE_LANGUAGE = "en"


class Speaker(Protocol):
    """What a message needs of a language (analysis.language.Language)."""

    code: str

    def _(self, message: str) -> str: ...

    def ngettext(self, one: str, many: str, n: int) -> str: ...

    def say(self, text) -> str: ...

    def number(self, value) -> str: ...


def N_(message: str) -> str:
    """Marks a message for the catalog where it is defined; it is translated where it is shown."""
    return message


class Message(str):
    """English text that keeps how it was made (a catalog message and its values), so a page or a
    report can say it in another language (``Language.say``); anywhere else it is the English.
    A message with a plural form (``MP_``) picks its form by the value ``n`` as each language's
    catalog says (French: 0 and 1 singular; German and Dutch: 1 alone)."""

    template: str
    values: dict
    plural: str | None

    def __new__(cls, template: str, plural: str | None = None, **values):
        chosen = template if plural is None or values.get("n") == 1 else plural
        text = chosen.format(**{k: str(v) for k, v in values.items()}) if values else chosen
        made = super().__new__(cls, text)
        made.template, made.values, made.plural = template, values, plural
        return made

    def said(self, lang: Speaker) -> str:
        if self.plural is not None:
            count = self.values.get("n")
            form = lang.ngettext(self.template, self.plural, count if isinstance(count, int) else 2)
            return form.format(**{k: lang.say(v) for k, v in self.values.items()})
        if not self.values:         # a finished text (it may hold braces a user typed): never formatted again
            return lang._(self.template)
        return lang._(self.template).format(**{k: lang.say(v) for k, v in self.values.items()})


def M_(template: str, **values) -> Message:
    """A message for the catalog (extracted like N_), with its values."""
    return Message(template, **values)


def MP_(one: str, many: str, **values) -> Message:
    """A message with a plural form, chosen by ``n`` (``MP_("{n} vote", "{n} votes", n=3)``)."""
    return Message(one, many, **values)


@dataclass(frozen=True)
class Listed:
    """Values said one after the other, separated by commas (or ``separator``: a new line joins
    the lines of a ruling)."""

    items: tuple
    separator: str = ", "

    def said(self, lang: Speaker) -> str:
        items = [lang.say(item) for item in self.items]
        join = JOINS.get(self.separator)
        if join is None or not items:
            return self.separator.join(items)
        out = items[0]          # "a; b" in each language's spacing (French "a ; b")
        for item in items[1:]:
            out = lang._(join).format(before=out, after=item)
        return out

    def __str__(self) -> str:
        return self.separator.join(map(str, self.items))


# the joins whose spacing a language has its own way of writing (French puts a space before ";" and ":")
JOINS = {"; ": N_("{before}; {after}"), ": ": N_("{before}: {after}")}


def joined(before, after, separator: str) -> Message:
    """``before`` and ``after`` joined by "; " or ": " in each language's spacing; English text anywhere else."""
    return Message(JOINS[separator], before=before, after=after)


@dataclass(frozen=True)
class Count:
    """A whole number inside a message, grouped as the language groups it ("8,662", "8 662")."""

    value: int

    def said(self, lang: Speaker) -> str:
        return lang.number(self.value) if lang.code != SOURCE_LANGUAGE else str(self)

    def __str__(self) -> str:
        return f"{self.value:,}"


class AsTyped(str):
    """What a person typed, inside a message: said as typed in every language, never looked up."""

    def said(self, lang: Speaker) -> str:
        return str(self)


def message_data(value) -> object:
    """A message as JSON can keep it, to be said again later in any language: its template, its
    plural form and values, and every kind of value a message holds (what a person typed, lists,
    counts, a word of the vocabulary, a share, an exact number, a contract …) as what it is."""
    if isinstance(value, Message):
        kept: dict = {"message": value.template, "values": {k: message_data(v) for k, v in value.values.items()}}
        if value.plural is not None:
            kept["plural"] = value.plural
        return kept
    if isinstance(value, AsTyped):
        return {"typed": str(value)}
    if isinstance(value, enum.Enum):          # a word of the vocabulary, or another closed set's member
        return {"word": f"{type(value).__module__}:{type(value).__qualname__}", "value": value.value}
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    if isinstance(value, Fraction):
        return {"fraction": str(value)}
    if isinstance(value, float):
        return {"float": value}
    if isinstance(value, tuple):
        return {"tuple": [message_data(v) for v in value]}
    if dataclasses.is_dataclass(value) and hasattr(value, "said"):
        return {"said": f"{type(value).__module__}:{type(value).__qualname__}",
                "fields": {f.name: message_data(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    return {"typed": str(value)}


def _kept_type(name: str) -> type | None:
    """A class a kept message names ("analysis.language:Share"), only from Huddle's own analysis."""
    module, _, qualname = str(name).partition(":")
    if not module.startswith("analysis.") or not qualname.isidentifier():
        return None
    try:
        found = getattr(importlib.import_module(module), qualname, None)
    except ImportError:
        return None
    return found if isinstance(found, type) else None


def message_from_data(data) -> object:
    """The message ``message_data`` kept (a value of a kind no longer known comes back as the
    text it was kept with, or nothing)."""
    if isinstance(data, list):
        return tuple(message_from_data(item) for item in data)
    if not isinstance(data, dict):
        return data
    if "message" in data:
        values = {k: message_from_data(v) for k, v in dict(data.get("values", {})).items()}
        return Message(str(data["message"]), data.get("plural"), **values)
    if "listed" in data:                       # kept before every value was kept as what it is
        return Listed(tuple(message_from_data(item) for item in data["listed"]), str(data.get("separator", ", ")))
    if "count" in data:
        return Count(int(data["count"]))
    if "fraction" in data:
        return Fraction(str(data["fraction"]))
    if "float" in data:
        return float(data["float"])
    if "tuple" in data:
        return tuple(message_from_data(item) for item in data["tuple"])
    if "word" in data:
        kind = _kept_type(data["word"])
        try:
            return kind(data.get("value")) if kind is not None and issubclass(kind, enum.Enum) else AsTyped(str(data.get("value")))
        except ValueError:
            return AsTyped(str(data.get("value")))
    if "said" in data:
        kind = _kept_type(data["said"])
        if kind is not None and dataclasses.is_dataclass(kind) and hasattr(kind, "said"):
            return kind(**{k: message_from_data(v) for k, v in dict(data.get("fields", {})).items()})
    return AsTyped(str(data.get("typed", "")))
