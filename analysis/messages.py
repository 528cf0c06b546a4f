"""Messages that say themselves in a reader's language: English text that keeps the catalog
message it was made from and its values (``Message``, made by ``M_``), and the values a message
holds (a count, a list, what a person typed). They live below everything else in analysis, so a
refusal anywhere (a bound in analysis.limits, a number in analysis.numbers) is a message too;
analysis.language says them (``Language.say``) and gives them all under its own name."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

SOURCE_LANGUAGE = "en"


class Speaker(Protocol):
    """What a message needs of a language (analysis.language.Language)."""

    code: str

    def _(self, message: str) -> str: ...

    def say(self, text) -> str: ...

    def number(self, value) -> str: ...


def N_(message: str) -> str:
    """Marks a message for the catalog where it is defined; it is translated where it is shown."""
    return message


class Message(str):
    """English text that keeps how it was made (a catalog message and its values), so a page or a
    report can say it in another language (``Language.say``); anywhere else it is the English."""

    template: str
    values: dict

    def __new__(cls, template: str, **values):
        text = template.format(**{k: str(v) for k, v in values.items()}) if values else template
        made = super().__new__(cls, text)
        made.template, made.values = template, values
        return made

    def said(self, lang: Speaker) -> str:
        if not self.values:         # a finished text (it may hold braces a user typed): never formatted again
            return lang._(self.template)
        return lang._(self.template).format(**{k: lang.say(v) for k, v in self.values.items()})


def M_(template: str, **values) -> Message:
    """A message for the catalog (extracted like N_), with its values."""
    return Message(template, **values)


@dataclass(frozen=True)
class Listed:
    """Values said one after the other, separated by commas (or ``separator``: a new line joins
    the lines of a ruling)."""

    items: tuple
    separator: str = ", "

    def said(self, lang: Speaker) -> str:
        return self.separator.join(lang.say(item) for item in self.items)

    def __str__(self) -> str:
        return self.separator.join(map(str, self.items))


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
    """A message as JSON can keep it, to be said again later in any language: its template and
    values (nested messages, what a person typed, lists and counts); a value of another kind is
    kept as its English words."""
    if isinstance(value, Message):
        return {"message": value.template, "values": {k: message_data(v) for k, v in value.values.items()}}
    if isinstance(value, AsTyped):
        return {"typed": str(value)}
    if isinstance(value, Listed):
        return {"listed": [message_data(item) for item in value.items], "separator": value.separator}
    if isinstance(value, Count):
        return {"count": value.value}
    if isinstance(value, (bool, int, str)):
        return value
    return {"typed": str(value)}


def message_from_data(data) -> object:
    """The message ``message_data`` kept."""
    if isinstance(data, dict):
        if "message" in data:
            return Message(str(data["message"]), **{k: message_from_data(v) for k, v in dict(data.get("values", {})).items()})
        if "listed" in data:
            return Listed(tuple(message_from_data(item) for item in data["listed"]), str(data.get("separator", ", ")))
        if "count" in data:
            return Count(int(data["count"]))
        return AsTyped(str(data.get("typed", "")))
    return data
