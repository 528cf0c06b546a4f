"""Real PBN and LIN files (tests/files, sources and licences in tests/files/SOURCES.md): every
board is read or refused with its board and line, and what is read agrees with the file's own
tags, with the LIN record of the same table and with endplay's parsers."""
import json
from pathlib import Path

import pytest
from endplay.parsers import lin as endplay_lin
from endplay.types import Deal

from analysis.files.games import read_games
from analysis.bridge import deal_pbn
from analysis.errors import HuddleInputError
from analysis.language import ENGLISH

FILES = Path(__file__).parent / "files"
EXPECTED = FILES / "expected.json"
REAL = sorted(p for p in FILES.rglob("*") if p.suffix in (".pbn", ".lin"))


def reading(path: Path) -> dict:
    """What Huddle reads from a file, board by board, in a form a person can check."""
    try:
        read = read_games(path.read_bytes(), path.name, ENGLISH)
    except HuddleInputError as exc:
        return {"error": str(exc)}
    games = [{"game": g.position, "board": g.label, "room": g.room, "dealer": g.board.dealer,
              "vulnerability": g.board.vulnerability, "deal": deal_pbn(g.board.deal),
              "auction": " ".join(c.call + ("!" if c.alerted else "") + ("~" if c.tempo_break else "")
                                  for c in g.board.auction.calls),
              "notes": [c.explanation for c in g.board.auction.calls if c.explanation],
              "contract": g.contract, "declarer": g.declarer, "tricks": g.tricks,
              "field": [field_text(r) for r in g.score_table], "warnings": list(g.warnings)} for g in read.games]
    refused = [{"game": p.position, "board": p.board, "line": p.line, "problem": p.problem} for p in read.problems]
    return {"games": games, "refused": refused}


def field_text(row) -> str:
    """A ScoreTable row as a director reads it: "4H by N, 10 tricks: NS +420 (pairs 3 v 4)"."""
    made = "passed out" if row.contract == "PASS" else f"{row.contract} by {row.declarer}, {row.tricks} tricks"
    score = "" if row.ns_score is None else f": NS {row.ns_score:+d}{' (artificial)' if row.artificial else ''}"
    pairs = f" (pairs {row.ns_pair} v {row.ew_pair})" if row.ns_pair or row.ew_pair else ""
    return (made if row.contract else "no contract") + score + pairs


def key(path: Path) -> str:
    return path.relative_to(FILES).as_posix()


def test_the_corpus_has_its_sources_recorded():
    sources = (FILES / "SOURCES.md").read_text()
    for path in REAL:
        folder = key(path).rsplit("/", 1)[0] + "/"
        assert folder in sources, f"{key(path)} has no source in SOURCES.md"


@pytest.mark.parametrize("path", REAL, ids=key)
def test_each_real_file_reads_as_expected(path):
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))[key(path)]
    assert reading(path) == expected


SAID = ("the play is left out", "with no comment open is passed over", "which the file does not give",
        "without a [Contract] is left out", "tricks the play shows", "the result is left out")


def test_the_corpus_is_large_and_varied():
    sources = {key(p).split("/")[0] for p in REAL}
    assert len(REAL) >= 100 and len(sources) >= 8, (len(REAL), sources)


@pytest.mark.parametrize("path", [p for p in REAL if p.suffix == ".pbn" and p.stat().st_size > 100], ids=key)
def test_pbn_readings_agree_with_the_files_own_tags(path):
    read = read_games(path.read_bytes(), path.name, ENGLISH)
    for g in read.games:
        assert deal_pbn(g.board.deal) == deal_pbn(Deal(g.tags["Deal"])), g.name   # endplay's reading of the tag
        disagree = [w for w in g.warnings if "differs from the auction's final contract" in w]
        if g.contract and g.contract != "PASS" and g.board.auction.is_complete and \
                g.board.auction.contract_text() != f"{g.contract} by {g.declarer}":
            assert disagree, g.name          # the file contradicts itself: said, never silently chosen
        else:
            assert not disagree, g.name
        # anything else the file gets wrong is said too, in one of the words a director is shown
        assert all(w in disagree or any(kind in w for kind in SAID) for w in g.warnings), (g.name, g.warnings)


@pytest.mark.parametrize("path", [p for p in REAL if p.suffix == ".lin"], ids=key)
def test_lin_readings_agree_with_endplay_and_with_the_pbn_of_the_same_table(path):
    (game,) = read_games(path.read_bytes(), path.name, ENGLISH).games
    (theirs,) = endplay_lin.loads(path.read_text(encoding="latin-1"))
    assert deal_pbn(game.board.deal) == deal_pbn(theirs.deal)
    assert len(game.board.auction.calls) == len(theirs.auction)
    pbn = FILES / "pbntools" / "sky_club_2196_pairs_sky_club_jackpot_2000.pbn"
    same_table = [g for g in read_games(pbn.read_bytes(), pbn.name, ENGLISH).games
                  if g.tags.get("DealId") == path.name]
    for g in same_table:
        assert deal_pbn(g.board.deal) == deal_pbn(game.board.deal)
        assert [c.call for c in g.board.auction.calls] == [c.call for c in game.board.auction.calls]
        assert [c.explanation for c in g.board.auction.calls] == [c.explanation for c in game.board.auction.calls]
        assert (g.contract, g.declarer, g.tricks) == (game.contract, game.declarer, game.tricks)
        # BBO's PBN export names its robots GiB where the LIN has their account (~~M…)
        assert {s: n for s, n in g.players.items() if n != "GiB"} == \
            {s: n for s, n in game.players.items() if not n.startswith("~~")}


def test_a_lin_claim_gives_declarers_tricks():
    game = read_games((FILES / "pbntools/skyclub/20784114.lin").read_bytes(), "x.lin", ENGLISH).games[0]
    assert (game.contract, game.declarer, game.tricks) == ("3NT", "E", 11)


if __name__ == "__main__":          # python tests/test_real_files.py: write expected.json after checking it by eye
    EXPECTED.write_text(json.dumps({key(p): reading(p) for p in REAL}, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
