"""A club's member list as scoring programs and club systems export it (CSV, comma or semicolon,
a header row in English, French, German or Dutch): each row a pollee for the panel, with name,
e-mail, telephone, class and language. A row that cannot be read is refused naming its line and
column, so a list is taken whole or not at all.

    from analysis.polls.members import read_member_list
    rows = read_member_list(text, default_class="club")
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Count, language, shipped_languages
from analysis.limits import person_name
from analysis.vocabulary import plain
from analysis.polls.classes import CLASSES, class_of

MAX_MEMBERS = 2000
MAX_HEADER = 2000          # a first line naming the columns; longer, it is no member list's
MAX_CELL = 1000            # a member's name, address, class or language
# a column's header as club systems write it, by what it holds
HEADERS = {
    "name": ("name", "naam", "nom et prénom", "nom complet", "vollständiger name", "speler", "spieler", "joueur",
             "member", "lid", "membre", "mitglied"),
    "first": ("first name", "firstname", "given name", "voornaam", "prénom", "prenom", "vorname"),
    "last": ("last name", "lastname", "surname", "family name", "achternaam", "nom", "nachname", "familienname"),
    # a name's particle in its own column, as Dutch club systems export it ("van den"): between the two
    "particle": ("tussenvoegsel", "tussenvoegsels", "voorvoegsel", "particle", "name particle", "prefix"),
    "email": ("email", "e-mail", "mail", "e-mailadres", "courriel", "adresse e-mail", "e-mail-adresse"),
    "phone": ("phone", "telephone", "telephone number", "mobile", "telefoon", "mobiel", "gsm", "téléphone", "telephone",
              "portable", "telefon", "handy", "mobilnummer"),
    "class": ("class", "grade", "level", "rank", "klasse", "niveau", "categorie", "catégorie", "spielklasse",
              "série", "serie", "série ffb", "lijn", "spielstärke"),
    "language": ("language", "taal", "langue", "sprache"),
}
# an address a message can go to (polling.mail sends to these too): no space, no list separators
EMAIL = re.compile(r"^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$")
_PHONE = re.compile(r"^\+?[\d\s().\-/]{6,24}$")


@dataclass(frozen=True)
class MemberRow:
    line: int
    name: str
    email: str
    phone: str
    grade: str
    language: str | None
    own_class: str = ""          # the club's own class name, when it is none of Huddle's (kept beside the class)


def _column(header: str) -> str | None:
    key = " ".join(header.replace("_", " ").split()).lower()
    return next((what for what, names in HEADERS.items() if key in names), None)


# each shipped language's name, said in every shipped language ("anglais", "Englisch", "Engels")
LANGUAGE_NAMES = {"en": N_("English"), "fr": N_("French"), "de": N_("German"), "nl": N_("Dutch")}


def _language(value: str, where: str) -> str | None:
    """A member's language as the list writes it: its code ("fr", "fr-BE"), or its name in any
    shipped language (« anglais », « néerlandais », "Deutsch", "Engels")."""
    if not value.strip():
        return None
    said = plain(value.strip())
    for code in shipped_languages():
        names = {code, plain(language(code).name), *(plain(language(other)._(LANGUAGE_NAMES[code]))
                                                      for other in shipped_languages() if code in LANGUAGE_NAMES)}
        if said in names or said.split("-")[0] == code:
            return code
    raise HuddleInputError(where, M_("'{value}' is not a language Huddle ships ({choices})", value=AsTyped(value[:40]),
                                     choices=", ".join(shipped_languages())))


# the French federation's series (« 1ère série » … « non classé ») as Huddle's classes
FFB_SERIES = {"1": "national", "2": "regional", "3": "club", "4": "club", "nc": "novice", "non classe": "novice"}


def _grade(value: str, default: str) -> tuple[str, str]:
    """A member's class and, when the list gives a class of the club's own that is none of
    Huddle's ("A-lijn"), that name: the member then has the default class, the name kept."""
    if not value.strip():
        return default, ""
    said = plain(value.strip())
    translated = {plain(language(code)._(c)): c for code in shipped_languages() for c in CLASSES}
    series = re.fullmatch(r"(\d)\s*(?:ere|eme|e|re)?\s*(?:serie)?|(nc|non classe)", said)
    found = said if said in CLASSES else translated.get(said) or class_of(said) or \
        (FFB_SERIES.get(series[1] or series[2]) if series else None)
    return (found, "") if found is not None else (default, value.strip()[:60])


def read_member_list(text: str, default_class: str = "club") -> list[MemberRow]:
    """Every row of the list, or a refusal naming the line and the column of the first row that
    cannot be read (a name is needed; an e-mail or a telephone number must look like one)."""
    lines = text.lstrip("\ufeff").splitlines()
    if lines and len(lines[0]) > MAX_HEADER:
        raise HuddleInputError("member list", M_("the first line is {count} characters long: it names the columns (at "
                                                 "most {most} characters)", count=Count(len(lines[0])), most=MAX_HEADER))
    if not lines or not lines[0].strip():
        raise HuddleInputError("member list", M_("the first line names the columns (name, e-mail, telephone, class, "
                                                 "language)"))
    delimiter = ";" if lines[0].count(";") > lines[0].count(",") else ("\t" if "\t" in lines[0] else ",")
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    header = [_column(h) for h in next(reader)]
    if "name" not in header and not {"first", "last"} & set(header):
        raise HuddleInputError("member list", M_("no column of names: the first line names the columns (name, or first "
                                                 "and last name; e-mail, telephone, class, language)"))
    out: list[MemberRow] = []
    for number, cells in _rows(reader):
        if not any(c.strip() for c in cells):
            continue
        if len(out) >= MAX_MEMBERS:
            raise HuddleInputError("member list", M_("more than {most} members", most=MAX_MEMBERS))
        row = {what: cell.strip() for what, cell in zip(header, cells) if what is not None}
        where = M_("member list, line {number}", number=number)
        name = row.get("name") or " ".join(p for p in (row.get("first", ""), row.get("particle", ""), row.get("last", ""))
                                           if p)
        if not name:
            raise HuddleInputError(where, M_("the row has no name"))
        name = person_name(name, where)
        email, phone = row.get("email", ""), row.get("phone", "")
        if email and not EMAIL.match(email):
            raise HuddleInputError(where, M_("'{value}' is not an e-mail address", value=AsTyped(email[:80])))
        if phone and not _PHONE.match(phone):
            raise HuddleInputError(where, M_("'{value}' is not a telephone number", value=AsTyped(phone[:40])))
        grade, own = _grade(row.get("class", ""), default_class)
        out.append(MemberRow(line=number, name=name, email=email, phone=phone, grade=grade,
                             language=_language(row.get("language", ""), where), own_class=own))
    if not out:
        raise HuddleInputError("member list", M_("the list has no member below its first line"))
    return out


def _rows(reader):
    """(line number, cells) of each row; a cell too long for any member list refused naming its line."""
    while True:
        start = reader.line_num + 1                    # the row's first line (a quoted cell may span lines)
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            raise HuddleInputError(M_("member list, line {number}", number=start), M_(
                "a cell of this line is longer than any member's name, address or class (or a quote is never closed)")) \
                from None
        if any(len(c) > MAX_CELL for c in cells):
            raise HuddleInputError(M_("member list, line {number}", number=start),
                                   M_("a cell is longer than {most} characters", most=MAX_CELL))
        yield start, cells


__all__ = ["MemberRow", "read_member_list", "HEADERS", "MAX_MEMBERS"]
