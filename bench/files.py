"""Benchmark: reading large hand-record files, as `huddle case boards FILE` does, a whole process
from start to answer, with its peak memory.

Target: any file within the upload bound (8 MB) read in under 3 s and 200 MB. The files are made
here with endplay's dealer (seed 1): 8 MB of games whose deals repeat as a results file's do
(200 deals at ~290 tables each), 8 MB of games each with its own deal, and two files a scoring
program never writes but a stranger might send: a 570,000-row ScoreTable and a play of 2.6 million
cards, both refused at the per-game bound without reading them whole.

    python bench/files.py
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = 8_000_000 - 400


def _games(deals: list[str]) -> str:
    out, size, n = [], 0, 0
    while size < SIZE:
        game = (f'[Event "Big"]\n[Board "{n % 36 + 1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                f'[Deal "{deals[n % len(deals)]}"]\n\n')
        out.append(game)
        size += len(game)
        n += 1
    return "".join(out)


def make_files(folder: Path) -> dict[str, Path]:
    from endplay.dealer import generate_deals
    deals = [d.to_pbn() for d in generate_deals(produce=60_000, seed=1)]
    head = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deals[0]}"]\n'
    files = {
        "games, deals repeated": _games(deals[:200]),
        "games, each its own deal": _games(deals),
        "a huge ScoreTable": head + '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        + "- - - - - 400\n" * ((SIZE - len(head)) // 14),
        "a huge play": head + '[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\n' + "SA HA DA CA\n" * ((SIZE - len(head)) // 12),
    }
    out = {}
    for k, (name, text) in enumerate(files.items()):
        path = folder / f"file{k}.pbn"
        path.write_text(text)
        out[name] = path
    return out


_RUN = ("import resource, sys, io, contextlib\n"
        "from huddle.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    code = main(['case', 'boards', sys.argv[1]])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
        "print((out.getvalue().splitlines() or [''])[0])\n")


def measure(path: Path) -> tuple[float, float, str]:
    """Seconds, peak resident MB and the command's first line, for one `huddle case boards` in a
    process of its own."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _RUN, str(path)], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    lines = done.stdout.splitlines()
    return seconds, int(lines[0]) / 1024, lines[1] if len(lines) > 1 else done.stderr[-200:]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name, path in make_files(Path(folder)).items():
            seconds, mb, said = measure(path)
            flag = "ok" if seconds < 3 and mb < 200 else "OVER TARGET"
            print(f"{name:28} {seconds:5.2f} s  {mb:6.0f} MB  {flag}  ({said.split(': ', 1)[-1][:70]})")


if __name__ == "__main__":
    main()
