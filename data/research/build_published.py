"""Writes data/research/published-rulings.csv, the real corpus Huddle opens by default, from the
confirmed published polls (data/research/confirmed-polls.csv: 32 rulings, each read in a stored
copy of its source, with its address and the sentence its counts were read in).

Each ruling becomes one corpus row (docs/research.md, "The published rulings"): the action in
question is the alternative the poll was about, the counts are that alternative's, and the columns
of the published-rulings format say what kind of poll it was, so that the reasons to leave a row
out of a fit (a committee's self-poll, a poll of the non-offending side, a likely-action poll under
misinformation, a share without a poll, counts in words) follow from the row itself. What needed a
reading of the source (which decider's finding the counts stand behind, which action a count is
of) is in the table below, one line per ruling, and the reading is said in the row's notes.

    python data/research/build_published.py [path/to/confirmed-polls.csv]
"""
from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIRMED = HERE / "confirmed-polls.csv"        # the confirmed list, each ruling with its address and sentence
COLUMNS = ("case_id", "kind", "year", "jurisdiction", "event", "policy_named", "evidence", "poll_asked", "self_poll",
           "pollees_told", "counts_exact", "poll_type", "action", "table_action", "chose", "close",
           "considered_only", "poll_size", "published_share", "director_la", "committee_la", "source",
           "source_address", "quote", "notes")
LA, LIKELY, NOS, SEWOG = "logical alternatives", "likely action", "non-offending side", "serious error"

# case_id: (evidence, poll_asked, self_poll, counts_exact, action, table_action,
#           chose, close, considered_only, poll_size, director_la, committee_la, poll_type, our reading)
READING = {
    "usbf-2016-senior-usbc-appeal1": ("counted poll", LA, "no", "yes", "Pass", "4S", 4, 0, 0, 14, True, True, "call",
                                      "the committee upheld the directors"),
    "usbf-2013-usbc-appeal1": ("counted poll", LA, "no", "yes", "sign-off (no slam move)", "6H", 3, 0, 0, 4, True, None,
                               "call", ""),
    "bbo-42733-israel-league": ("counted poll", LA, "no", "yes", "Pass", "6S", 2, 0, 0, 5, True, None, "call", ""),
    "bbo-48736-bb2011-israel-egypt": ("counted poll", LA, "no", "yes", "Pass", "4D", 5, 0, 0, 6, True, None, "call", ""),
    "acbl-2012-philadelphia-nabc1": ("poll in words", LA, "no", "in words", "Pass", "6S", "", "", "", "", True, True,
                                     "call", "at least 2 of about 7"),
    "usbf-2015-usbc-appeal1": ("poll in words", LA, "no", "in words", "win the club ace", "not winning the club ace",
                               "", "", "", "", None, False, "play", "the committee's finding (2-1)"),
    "acbl-2007-sf-nonnabc14": ("counted poll", LA, "no", "yes", "Pass", "6C", 6, 0, 0, 6, None, None, "call",
                               "no finding on Pass is recorded: the committee let 6C stand because the hesitation did "
                               "not clearly suggest it"),
    "dbf-17-au-3": ("counted poll", LA, "no", "yes", "Pass", "4D", 1, 0, 0, 6, False, False, "call",
                    "the committee upheld the director"),
    "dbf-16-au-9": ("counted poll", LA, "no", "yes", "Pass", "X", 5, 0, 0, 6, True, None, "call",
                    "the committee restored the table result on the facts of tempo, not on logical alternatives"),
    "dbf-16-mak-7": ("counted poll", LIKELY, "no", "yes", "Double", "Pass", 3, 0, 0, 7, None, None, "call", ""),
    "bw-budapest-festival-2019": ("committee poll", LA, "yes", "yes", "Pass", "7C", 0, 0, 0, 3, None, False, "call",
                                  "the director's finding (LA) rested on one player asked, not on these counts"),
    "bbo-53562-acbl-portland-sectional": ("counted poll", NOS, "no", "yes", "4♦ or 5♦ at once", "3♦", 2, 0, 0, 2, None,
                                          None, "call", ""),
    "usbf-senior-usbc-appeal1-robinson-schermer": ("counted poll", LIKELY, "no", "yes",
                                                   "cash minor winners to drop an honour", "duck a diamond", 1, 0, 0,
                                                   1, None, None, "play", ""),
    "usbf-2015-womens-usbc-appeal1": ("counted poll", LIKELY, "no", "yes", "Double", "5D", 0, 0, 0, 1, None, None,
                                      "call", ""),
    "usbf-2015-senior-usbc-appeal1": ("poll in words", LA, "no", "in words", "Pass", "pull the double", "", "", "", "",
                                      True, None, "call", ""),
    "usbf-2016-usbc-appeal4": ("poll in words", SEWOG, "no", "in words", "7♣", "7♣", "", "", "", "", None, None,
                               "call", ""),
    "nswba-2009-appeal2": ("finding without a poll", "", "", "rounded share", "Pass", "5H", "", "", "", "", True, True,
                           "call", "the committee's estimate: 75% of peers would not have bid 5H"),
    "nswba-2004-appeal2": ("finding without a poll", "", "", "rounded share", "Pass", "6H", "", "", "", "", False,
                           True, "call", "the director's estimate (under 30% pass) and the committee's (70% pass)"),
    "acbl-2006-dallas-nonnabc2": ("counted poll", LA, "no", "yes", "Pass", "3S", 2, 0, 0, 3, True, True, "call",
                                  "the ACBL's panel (the committee) upheld the director"),
    "acbl-2008-detroit-nonnabc3": ("counted poll", LA, "no", "partial", "3H", "3♦ (then 4♠)", 8, 0, 0, 15, None, None,
                                   "call", "the 15 answers visible of 20; the panel's finding (stopping in 3S) is on "
                                           "a later call than the counts"),
    "acbl-2008-detroit-nabc8": ("committee poll", LA, "yes", "yes", "Pass", "X", 5, 0, 0, 5, None, True, "call", ""),
    "acbl-2017-sandiego-n1": ("counted poll", LA, "no", "yes", "Pass", "4H", 0, 0, 0, 3, False, None, "call", ""),
    "bbo-43818-singleton-run": ("counted poll", NOS, "no", "yes", "Double", "5S", 2, 0, 0, 3, None, None, "call", ""),
    "sabf-2019-quiz2-links": ("counted poll", LA, "no", "partial", "Pass", "5-level bid", 2, 0, 1, 3, None, None,
                              "call", "the 3 answers visible of 5 intended; no finding visible"),
    "gbu-za-29-case2": ("counted poll", LA, "no", "yes", "Pass", "2-level bid", 0, 0, 0, 3, False, None, "call", ""),
    "bbo-50810-ebu-ac-selfpoll": ("poll in words", LA, "yes", "in words", "Double", "Pass", "", "", "", "", None, True,
                                  "call", ""),
    "bw-bit-ruling-aftermath": ("poll in words", LA, "no", "in words", "3NT", "Pass", "", "", "", "", None, None, "call",
                                ""),
    "bbo-42787-forum-poll": ("counted poll", LA, "no", "yes", "Pass", "X", 1, 2, 0, 12, False, None, "call",
                             "the two 'pass or double' answers counted close; the finding is the poster's"),
    "nswba-2013-appeal1": ("poll in words", LA, "no", "in words", "Pass", "6S", "", "", "", "", True, False, "call", ""),
    "bbo-80771-choice-of-kings": ("counted poll", LA, "no", "yes", "Pass", "X", 0, 0, 0, 3, False, None, "call", ""),
    "ebl-appeal19-austria-sweden": ("poll in words", LIKELY, "no", "in words", "play the ♠K", "♠K not played", "", "",
                                    "", "", None, None, "play", ""),
    "bbo-81748-norway-2020": ("counted poll", LA, "no", "yes", "Pass", "5S", 0, 0, 1, 4, False, None, "call", ""),
}


def _year(text: str) -> str:
    head = text.split(" ")[0]
    return head if head.isdecimal() else ""


def _first_word(text: str) -> str:
    """"yes (partial: …)" → "yes"; "n/a (MI …)" → "n/a": the value, the rest goes to the notes."""
    return text.split(" (")[0].strip()


def _finding(value) -> str:
    return "" if value is None else str(value)


def published_rows(confirmed: str) -> list[dict]:
    rows = []
    for source in csv.DictReader(io.StringIO(confirmed)):
        (evidence, asked, self_poll, exact, action, table_action, chose, close, considered_only, size,
         director, committee, poll_type, reading) = READING[source["case_id"]]
        notes = "; ".join(x for x in (reading, source["notes"], _aside(source["year"]),
                                      _aside(source["jurisdiction"]), _aside(source["pollees_told_of_ui"])) if x)
        rows.append({"case_id": source["case_id"], "kind": source["kind"], "year": _year(source["year"]),
                     "jurisdiction": "" if source["jurisdiction"].startswith("unknown") else source["jurisdiction"],
                     "event": source["event"], "policy_named": source["policy_named"], "evidence": evidence,
                     "poll_asked": asked, "self_poll": self_poll, "pollees_told": _first_word(source["pollees_told_of_ui"]),
                     "counts_exact": exact, "poll_type": poll_type, "action": action, "table_action": table_action,
                     "chose": chose, "close": close, "considered_only": considered_only, "poll_size": size,
                     "published_share": "75%" if source["case_id"] == "nswba-2009-appeal2" else "",
                     "director_la": _finding(director), "committee_la": _finding(committee),
                     "source": source["source_title"], "source_address": source["source_address"],
                     "quote": source["quote"], "notes": notes})
    return rows


def _aside(text: str) -> str:
    """What a confirmed row says in brackets beside a value ("2019 (approx.)"), kept as a note."""
    return text if " (" in text or text.startswith("unknown") or text.startswith("c. ") else ""


def published_csv(confirmed: str) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(published_rows(confirmed))
    return out.getvalue()


if __name__ == "__main__":
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else CONFIRMED
    text = published_csv(path.read_text(encoding="utf-8"))
    (HERE / "published-rulings.csv").write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10)) - 1} rulings to {HERE / 'published-rulings.csv'}")
