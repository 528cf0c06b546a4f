"""The wording check in French, German and Dutch on texts it was not written with
(tests/wording/heldout-<code>.csv). Each text is a poll's sentence built around an expression found in
a published ruling column, a club's rules page or a forum post (its address in `source`), or taken from
the review that found the check wanting; none was written with the patterns in view.

The rows came in three halves, measured in turn (docs/languages.md gives the figures of each step):
"tuning" was read and the patterns corrected against it; "held-out" was measured once after that,
then read and corrected; "second held-out" was collected from other pages after those corrections,
measured once, then read and corrected. The assertions below hold the check to the aim on all of
them as it stands, so none of the three is held out any more: they guard what was learnt.
"""
import csv
from pathlib import Path

import pytest

from analysis.polls.wording import wording_findings

SETS = Path(__file__).parent / "wording"
HALVES = ("tuning", "held-out", "second held-out")


def rows(code: str) -> list[dict]:
    return list(csv.DictReader((SETS / f"heldout-{code}.csv").open(encoding="utf-8")))


def rates(rows_: list[dict], code: str) -> tuple[list[str], list[str]]:
    """The giveaways missed and the innocent texts flagged."""
    missed = [r["text"] for r in rows_ if r["label"] == "giveaway" and not wording_findings(r["text"], r["field"], language=code)]
    alarms = [r["text"] for r in rows_ if r["label"] == "innocent" and wording_findings(r["text"], r["field"], language=code)]
    return missed, alarms


@pytest.mark.parametrize("code", ["fr", "de", "nl"])
def test_each_text_names_where_its_words_were_found(code):
    found = rows(code)
    assert {r["half"] for r in found} == set(HALVES)
    assert all(r["source"].startswith("http") or r["source"].startswith("the review") for r in found)
    published = [r for r in found if r["source"].startswith("http")]
    assert len(published) >= 45 and len({r["source"] for r in published}) >= 12
    assert len({r["text"] for r in found}) == len(found)
    ours = {r["text"] for r in csv.DictReader((SETS / f"labelled-{code}.csv").open(encoding="utf-8"))}
    assert not ours & {r["text"] for r in found}                       # apart from the texts the patterns began with


@pytest.mark.parametrize("code", ["fr", "de", "nl"])
@pytest.mark.parametrize("half", HALVES)
def test_the_check_meets_the_aim_on_texts_written_by_others(code, half):
    part = [r for r in rows(code) if r["half"] == half]
    giveaways = sum(r["label"] == "giveaway" for r in part)
    innocent = sum(r["label"] == "innocent" for r in part)
    missed, alarms = rates(part, code)
    assert len(missed) <= max(1, 0.05 * giveaways), missed            # one obscure manner ("nicht überlappend") left
    assert len(alarms) <= 0.05 * innocent, alarms


@pytest.mark.parametrize("text, code", [
    ("Partenaire a tanké puis a passé.", "fr"), ("Nord a marqué un temps d'arrêt.", "fr"),
    ("Votre partenaire a été long à passer.", "fr"), ("Partner brütete lange.", "de"),
    ("Nach der Stopp-Karte bot Partner schon nach drei Sekunden.", "de"),
    ("Na de stopkaart wachtte partner nog geen twee tellen.", "nl"),
])
def test_the_idioms_the_review_found_missing_are_caught(text, code):
    assert wording_findings(text, language=code)


@pytest.mark.parametrize("text, code", [
    ("N'hésitez pas à dire ce que vous auriez envisagé.", "fr"), ("Répondez vite : le sondage ferme ce soir.", "fr"),
    ("Zögern Sie nicht, uns Ihre Überlegungen zu schreiben.", "de"), ("Aarzel niet om uw overwegingen te noemen.", "nl"),
    ("Nach der Pause wurde dieses Board gespielt.", "de"), ("Na de pauze werd dit spel gespeeld.", "nl"),
    ("De leider verloor een tempo door eerst troef te spelen.", "nl"), ("Noord vroeg met 4SA naar azen.", "nl"),
    ("Please don't hesitate to add a comment.", "en"), ("East asked for aces with 4NT.", "en"),
    ("Declarer slow-played the ace of clubs.", "en"), ("The 5-0 trump tank beat the slam.", "en"),
])
def test_polite_words_to_the_pollee_a_break_and_bridge_words_are_not_flagged(text, code):
    assert not wording_findings(text, language=code), text


# ---------------------------------------------------------------- the November 2026 round

# Two sets per language written for this round as directors write to pollees, with the classes the
# review found (tests/wording/fresh-<code>.csv): innocent texts that speak to the pollee (don't
# hesitate to comment, answer quickly, take your time), the pollee's own doubt between two calls, a
# call "without hesitation" of the pollee's, the event's timing (minutes a board), bridge play;
# giveaways of a short think, a laboured call, the stop card still out, besides the usual kinds.
# Each was measured once before the check was corrected on it (docs/languages.md gives the
# figures); the assertions hold what was learnt.
@pytest.mark.parametrize("code", ["fr", "de", "nl"])
def test_whose_tempo_a_sentence_speaks_of_and_the_new_idioms(code):
    found = list(csv.DictReader((SETS / f"fresh-{code}.csv").open(encoding="utf-8")))
    assert {r["half"] for r in found} == {"first", "second"} and len(found) >= 70
    missed, alarms = rates(found, code)
    assert not missed and not alarms, (missed, alarms)


@pytest.mark.parametrize("text, code, flagged", [
    ("Si vous hésitez entre 4♥ et 4♠, dites-le.", "fr", False), ("Votre partenaire a hésité avant de passer.", "fr", True),
    ("Sie zögern zwischen zwei Geboten?", "de", False), ("Ihr Partner zögerte vor dem Pass.", "de", True),
    ("Twijfelt u tussen twee biedingen?", "nl", False), ("Uw partner twijfelde lang.", "nl", True),
    ("If you hesitate between 4H and 4S, say so.", "en", False), ("Your partner hesitated before passing.", "en", True),
])
def test_the_pollee_s_own_tempo_is_no_giveaway_and_partner_s_is(text, code, flagged):
    assert bool(wording_findings(text, language=code)) is flagged, text


# ---------------------------------------------------------------- the December 2026 round

# The kinds the evenings found (tests/wording/december-<code>.csv, 15 giveaways and 15 innocent a
# language): a long think in idiom, a doubtful tone, a bid card half out of the box or touched,
# partner's question about a call; innocent, the instructions that name the comment field or who
# reads the answers, the event's breaks, play in the past tense. Measured once as the check stood
# (French caught 7 of 15 with 6 false alarms, German 8 and 4, Dutch 7 and 4), then corrected on.
@pytest.mark.parametrize("code", ["fr", "de", "nl"])
def test_the_kinds_the_evenings_found(code):
    found = list(csv.DictReader((SETS / f"december-{code}.csv").open(encoding="utf-8")))
    assert len(found) == 30 and sum(r["label"] == "giveaway" for r in found) == 15
    assert {"long think", "doubtful tone", "bid card", "question"} <= {r["kind"] for r in found}
    assert {"comment field", "event break"} <= {r["kind"] for r in found}
    missed, alarms = rates(found, code)
    assert not missed and not alarms, (missed, alarms)


# A second set a language (tests/wording/december-unseen-<code>.csv, 10 and 10), written after the
# correction above and never corrected on: what the check does on a director's text it has not met.
# docs/languages.md quotes these figures; a word list is far from the aim of 95% and 5%.
UNSEEN = {"fr": (4, 3), "de": (3, 3), "nl": (2, 3)}


@pytest.mark.parametrize("code", ["fr", "de", "nl"])
def test_the_figures_on_text_the_check_has_not_met_are_the_docs(code):
    found = list(csv.DictReader((SETS / f"december-unseen-{code}.csv").open(encoding="utf-8")))
    giveaways = sum(r["label"] == "giveaway" for r in found)
    missed, alarms = rates(found, code)
    assert (giveaways - len(missed), len(alarms)) == UNSEEN[code] and giveaways == 10 and len(found) == 20
    docs = (Path(__file__).parents[1] / "docs" / "languages.md").read_text(encoding="utf-8")
    caught, false = UNSEEN[code]
    assert f"caught {caught} of 10, {false} of 10 false alarms" in docs
