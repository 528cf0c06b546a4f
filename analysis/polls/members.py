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
from analysis.language import M_, AsTyped, language, shipped_languages
from analysis.polls.classes import CLASSES, class_of

MAX_MEMBERS = 2000
# a column's header as club systems write it, by what it holds
HEADERS = {
    "name": ("name", "naam", "nom et prénom", "nom complet", "vollständiger name", "speler", "spieler", "joueur",
             "member", "lid", "membre", "mitglied"),
    "first": ("first name", "firstname", "given name", "voornaam", "prénom", "prenom", "vorname"),
    "last": ("last name", "lastname", "surname", "family name", "achternaam", "nom", "nachname", "familienname"),
    "email": ("email", "e-mail", "mail", "e-mailadres", "courriel", "adresse e-mail", "e-mail-adresse"),
    "phone": ("phone", "telephone", "telephone number", "mobile", "telefoon", "mobiel", "gsm", "téléphone", "telephone",
              "portable", "telefon", "handy", "mobilnummer"),
    "class": ("class", "grade", "level", "rank", "klasse", "niveau", "categorie", "catégorie", "spielklasse"),
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


def _column(header: str) -> str | None:
    key = " ".join(header.replace("_", " ").split()).lower()
    return next((what for what, names in HEADERS.items() if key in names), None)


def _language(value: str, where: str) -> str | None:
    if not value.strip():
        return None
    said = value.strip().lower()
    for code in shipped_languages():
        names = {code, language(code).name.lower(), *(language(other)._(language(code).name).lower()
                                                      for other in shipped_languages())}
        if said in names or said.split("-")[0] == code:
            return code
    raise HuddleInputError(where, M_("'{value}' is not a language Huddle ships ({choices})", value=AsTyped(value[:40]),
                                     choices=", ".join(shipped_languages())))


def _grade(value: str, default: str, where: str) -> str:
    if not value.strip():
        return default
    said = value.strip().lower()
    translated = {language(code)._(c).lower(): c for code in shipped_languages() for c in CLASSES}
    found = said if said in CLASSES else translated.get(said) or class_of(said)
    if found is None:
        raise HuddleInputError(where, M_("'{value}' is not a class of players ({choices})", value=AsTyped(value[:40]),
                                         choices=", ".join(CLASSES)))
    return found


def read_member_list(text: str, default_class: str = "club") -> list[MemberRow]:
    """Every row of the list, or a refusal naming the line and the column of the first row that
    cannot be read (a name is needed; an e-mail or a telephone number must look like one)."""
    lines = text.lstrip("\ufeff").splitlines()
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
    for number, cells in enumerate(reader, 2):
        if not any(c.strip() for c in cells):
            continue
        if len(out) >= MAX_MEMBERS:
            raise HuddleInputError("member list", M_("more than {most} members", most=MAX_MEMBERS))
        row = {what: cell.strip() for what, cell in zip(header, cells) if what is not None}
        where = M_("member list, line {number}", number=number)
        name = row.get("name") or " ".join(p for p in (row.get("first", ""), row.get("last", "")) if p)
        if not name:
            raise HuddleInputError(where, M_("the row has no name"))
        email, phone = row.get("email", ""), row.get("phone", "")
        if email and not EMAIL.match(email):
            raise HuddleInputError(where, M_("'{value}' is not an e-mail address", value=AsTyped(email[:80])))
        if phone and not _PHONE.match(phone):
            raise HuddleInputError(where, M_("'{value}' is not a telephone number", value=AsTyped(phone[:40])))
        out.append(MemberRow(line=number, name=name[:120], email=email, phone=phone, grade=_grade(row.get("class", ""), default_class,
                                                                                                  where),
                             language=_language(row.get("language", ""), where)))
    if not out:
        raise HuddleInputError("member list", M_("the list has no member below its first line"))
    return out


__all__ = ["MemberRow", "read_member_list", "HEADERS", "MAX_MEMBERS"]
