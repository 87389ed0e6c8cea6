"""Evaluate a solver preset over a range of Microsoft deals, as a researcher would.

    python python/examples/evaluate.py --preset fast --deals 1-200 --max-nodes 200000

Solves each deal, replays every solution with ``verify``, and prints the outcomes, the
solution lengths and the work done (expansions, seconds). With matplotlib installed it
also draws the expansions and the solution length of each deal into a PNG (``--plot``);
without it, it says so and skips the plot.
"""

import argparse
import statistics
import sys
import time

import freecell_rs as fc


def deal_range(text):
    first, _, last = text.partition("-")
    first, last = int(first), int(last or first)
    if first > last:
        raise argparse.ArgumentTypeError(f"{text!r}: the first deal comes after the last")
    return range(first, last + 1)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="fast", choices=fc.presets())
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-100"), help="FIRST-LAST, both included")
    parser.add_argument("--game", default="freecell", help="a game of freecell_rs.games()")
    parser.add_argument("--max-nodes", type=int, default=200_000, help="expansions per deal")
    parser.add_argument("--timeout", type=float, default=None, help="seconds per deal")
    parser.add_argument("--plot", default="evaluate.png", help="where to draw the plot (PNG)")
    args = parser.parse_args(argv)

    solver = fc.Solver(args.preset, max_nodes=args.max_nodes, timeout=args.timeout)
    rows = []
    started = time.perf_counter()
    for number in args.deals:
        board = fc.Board.deal(number, game=args.game)
        result = solver.solve(board)
        if result.solved and not fc.verify(board, result.moves).is_won:
            sys.exit(f"deal {number}: the solution does not win")
        rows.append((number, result))
    wall = time.perf_counter() - started

    counts = {outcome: sum(r.outcome == outcome for _, r in rows) for outcome in ("solved", "unsolvable", "undecided")}
    solved = [r for _, r in rows if r.solved]
    print(f"{args.preset} on {args.game} deals {args.deals.start}-{args.deals.stop - 1} ({len(rows)} deals, {wall:.2f} s)")
    print("  " + ", ".join(f"{n} {outcome}" for outcome, n in counts.items()))
    if solved:
        lengths = [len(r.moves) for r in solved]
        expanded = [r.stats.expanded for r in solved]
        print(f"  solution length: mean {statistics.mean(lengths):.1f}, median {statistics.median(lengths)}")
        print(f"  expansions per solved deal: mean {statistics.mean(expanded):.0f}, max {max(expanded)}")
    for number, result in rows:
        if not result.solved:
            print(f"  deal {number}: {result.outcome}" + (f" ({result.reason})" if result.reason else ""))

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot (pip install matplotlib to draw one)")
        return
    numbers = [n for n, r in rows if r.solved]
    figure, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(8, 6))
    top.semilogy(numbers, [r.stats.expanded for r in solved], ".")
    top.set_ylabel("positions expanded")
    bottom.plot(numbers, [len(r.moves) for r in solved], ".")
    bottom.set_ylabel("solution length (moves)")
    bottom.set_xlabel("deal")
    figure.suptitle(f"{args.preset} on {args.game}")
    figure.savefig(args.plot)
    print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
