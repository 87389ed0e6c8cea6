#!/usr/bin/env python3
"""fc-solve's verdict on a range of deals of one game, as CSV.

Each board is the golden layout of crates/deals/tests/data/games (the
Microsoft shuffle of the deal number, dealt as PySolFC deals the game; see
that folder's README.md), made by its generate.py, so pysol-cards 0.24.0
must be importable. Each board is solved by its own fc-solve process:

    fc-solve --game GAME [--freecells-num N] -mi LIMIT -sel BOARD

and one CSV row is written per deal:

    deal,verdict,iterations,seconds

verdict is fc-solve's last word: `solved` ("This game is solveable."),
`unsolvable` ("I could not solve this game.": its search ended below the
iteration limit without a solution) or `undecided` ("Iterations count
exceeded.": the limit was reached). iterations is fc-solve's "Total number
of states checked"; seconds is the wall time of the fc-solve process.

Usage:
    scripts/fc-solve-verdicts.py --fc-solve PATH --game GAME FIRST LAST
        [--max-iters N] [--freecells N] [--out FILE]

GAME is a folder name under crates/deals/tests/data/games (for example
bakers-dozen); fc-solve's --game is the same name with '_' for '-'.
"""

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "crates", "deals", "tests", "data",
                      "games")
sys.path.insert(0, GOLDEN)
import generate  # noqa: E402  (the golden layouts' generator)

VERDICTS = {
    "This game is solveable.": "solved",
    "I could not solve this game.": "unsolvable",
    "Iterations count exceeded.": "undecided",
}
ITERATIONS = re.compile(r"^Total number of states checked is (\d+)\.$",
                        re.M)


def verdict(fc_solve, game, board_path, max_iters, freecells):
    """Run fc-solve on one board: (verdict, iterations, seconds)."""
    cmd = [fc_solve, "--game", game.replace("-", "_")]
    if freecells is not None:
        cmd += ["--freecells-num", str(freecells)]
    cmd += ["-mi", str(max_iters), "-sel", board_path]
    start = time.perf_counter()
    run = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    found = [v for line, v in VERDICTS.items() if line in run.stdout]
    iters = ITERATIONS.search(run.stdout)
    if run.returncode != 0 or len(found) != 1 or iters is None:
        raise RuntimeError("%s: exit %d, output:\n%s%s" % (
            " ".join(cmd), run.returncode, run.stdout, run.stderr))
    return found[0], int(iters.group(1)), seconds


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--fc-solve", required=True, help="the fc-solve binary")
    p.add_argument("--game", required=True, choices=sorted(generate.GAMES))
    p.add_argument("first", type=int)
    p.add_argument("last", type=int)
    p.add_argument("--max-iters", type=int, default=100000,
                   help="fc-solve's -mi (default 100000)")
    p.add_argument("--freecells", type=int,
                   help="fc-solve's --freecells-num (default: the game's)")
    p.add_argument("--out", help="CSV file (default: standard output)")
    args = p.parse_args()
    if not 1 <= args.first <= args.last:
        p.error("need 1 <= FIRST <= LAST")

    out = open(args.out, "w", newline="") if args.out else sys.stdout
    rows = csv.writer(out, lineterminator="\n")
    rows.writerow(["deal", "verdict", "iterations", "seconds"])
    with tempfile.TemporaryDirectory() as tmp:
        board = os.path.join(tmp, "board.txt")
        for deal in range(args.first, args.last + 1):
            with open(board, "w") as f:
                f.write(generate.layout(args.game, deal))
            v, iters, secs = verdict(args.fc_solve, args.game, board,
                                     args.max_iters, args.freecells)
            rows.writerow([deal, v, iters, "%.3f" % secs])
            out.flush()
    if args.out:
        out.close()


if __name__ == "__main__":
    main()
