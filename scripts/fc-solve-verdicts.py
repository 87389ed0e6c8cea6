#!/usr/bin/env python3
"""fc-solve's verdict on a range of deals of one game, as CSV.

Each board is the golden layout of crates/deals/tests/data/games (the
Microsoft shuffle of the deal number, dealt as PySolFC deals the game; see
that folder's README.md), made by its generate.py, so pysol-cards 0.24.0
must be importable. Each board is solved by its own fc-solve process:

    fc-solve --game GAME [--freecells-num N] [-to ORDER] -mi LIMIT -sel BOARD

and one CSV row is written per deal:

    deal,verdict,iterations,seconds,moves_order

verdict is fc-solve's last word: `solved` ("This game is solveable."),
`unsolvable` ("I could not solve this game.": its search ended below the
iteration limit without a solution) or `undecided` ("Iterations count
exceeded.": the limit was reached). iterations is fc-solve's "Total number
of states checked" and seconds the wall time of the run that gave the
verdict; moves_order is that run's -to, empty for the preset's own.

fc-solve's "I could not solve" only means that the moves the search tries
ran out (USAGE.asciidoc, --show-exceeded-limits), and the presets' default
moves orders leave legal moves out. So, unless --preset-only is given, the
verdict `unsolvable` is kept only where it is a proof:

- In the games whose run moves are made of single-card moves (all but the
  relaxed ones and Simple Simon), a deal the preset's search calls
  unsolvable is searched again with every single-card move, -to 01ABCDE
  (to the foundations, to a parent, to and from cells, to empty cascades);
  that run's verdict is the one written.
- Relaxed FreeCell, Relaxed Seahaven Towers and Simple Simon have no such
  move set in fc-solve (their runs move in one piece), so a search that ends
  without a solution is written `undecided` (with iterations below the
  limit). Simple Simon also runs with -to abcdefghi: its preset's order,
  abcdefgh, lacks "i" (a run onto a card of another suit) and then ends
  after a handful of states on solvable deals; fc-solve's own test suite
  adds it (t/lib/FC_Solve/CheckResults/Data.pm, "simple_simon1with_i"). Even
  so it ends on solvable deals: deal 72, solved by a 354-move replayed
  solution, after 27 states.

Usage:
    scripts/fc-solve-verdicts.py --fc-solve PATH --game GAME FIRST LAST
        [--max-iters N] [--freecells N] [--preset-only] [--out FILE]

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
# The moves order of the first search where the preset's is incomplete.
MOVES_ORDER = {"simple-simon": "abcdefghi"}
# Every single-card move: the second search of a deal called unsolvable.
SINGLE_CARD_ORDER = "01ABCDE"
NO_COMPLETE_MOVES = {"relaxed-freecell", "relaxed-seahaven-towers",
                     "simple-simon"}


def run(fc_solve, game, board_path, max_iters, freecells, order):
    """Run fc-solve on one board: (verdict, iterations, seconds)."""
    cmd = [fc_solve, "--game", game.replace("-", "_")]
    if freecells is not None:
        cmd += ["--freecells-num", str(freecells)]
    if order:
        cmd += ["-to", order]
    cmd += ["-mi", str(max_iters), "-sel", board_path]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    found = [v for line, v in VERDICTS.items() if line in out.stdout]
    iters = ITERATIONS.search(out.stdout)
    if out.returncode != 0 or len(found) != 1 or iters is None:
        raise RuntimeError("%s: exit %d, output:\n%s%s" % (
            " ".join(cmd), out.returncode, out.stdout, out.stderr))
    return found[0], int(iters.group(1)), seconds


def verdict(args, board_path):
    """The verdict row of one board: (verdict, iterations, seconds, order)."""
    order = None if args.preset_only else MOVES_ORDER.get(args.game)
    v, iters, secs = run(args.fc_solve, args.game, board_path,
                         args.max_iters, args.freecells, order)
    if v == "unsolvable" and not args.preset_only:
        if args.game in NO_COMPLETE_MOVES:
            v = "undecided"
        else:
            order = SINGLE_CARD_ORDER
            v, iters, secs = run(args.fc_solve, args.game, board_path,
                                 args.max_iters, args.freecells, order)
    return v, iters, secs, order or ""


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
    p.add_argument("--preset-only", action="store_true",
                   help="one search per deal with the preset's own moves "
                   "order (no -to, no single-card search)")
    p.add_argument("--out", help="CSV file (default: standard output)")
    args = p.parse_args()
    if not 1 <= args.first <= args.last:
        p.error("need 1 <= FIRST <= LAST")

    out = open(args.out, "w", newline="") if args.out else sys.stdout
    rows = csv.writer(out, lineterminator="\n")
    rows.writerow(["deal", "verdict", "iterations", "seconds",
                   "moves_order"])
    with tempfile.TemporaryDirectory() as tmp:
        board = os.path.join(tmp, "board.txt")
        for deal in range(args.first, args.last + 1):
            with open(board, "w") as f:
                f.write(generate.layout(args.game, deal))
            v, iters, secs, order = verdict(args, board)
            rows.writerow([deal, v, iters, "%.3f" % secs, order])
            out.flush()
    if args.out:
        out.close()


if __name__ == "__main__":
    main()
