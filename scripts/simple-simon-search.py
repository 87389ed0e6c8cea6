#!/usr/bin/env python3
"""Decide Simple Simon deals without fc-solve, and replay what it finds.

fc-solve's Simple Simon moves are not complete (scripts/fc-solve-verdicts.py),
so this is a small independent search over every legal move, under PySolFC's
rules (github.com/shlomif/PySolFC, pysollib/games/spider.py, `SimpleSimon`
with `SuperMoveSpider_RowStack`):

- a card goes on any card one rank higher, whatever the suits, or on an
  empty cascade;
- a run moves as one piece if it descends by rank and splits into at most
  2^e runs of one suit, e being the empty cascades other than the target;
- a whole suit, king down to ace, at the top of a cascade goes home.

The search is a depth-first search over positions (cascade order ignored),
trying going home first and building on the same suit next; it stops at
--max-states. A solution it finds is replayed move by move against the
rules above before it is reported. Boards are the golden layouts of
crates/deals/tests/data/games (pysol-cards 0.24.0 must be importable).

Usage: scripts/simple-simon-search.py [--max-states N] DEAL...
Prints one line per deal: the deal, solved/unsolvable/undecided, the
positions visited and, when solved, the number of moves.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "crates", "deals", "tests",
                                "data", "games"))
import generate  # noqa: E402  (the golden layouts' generator)

RANKS = "A23456789TJQK"


def layout(deal):
    """The deal's cascades as tuples of (rank, suit) cards, deepest first."""
    text = generate.layout("simple-simon", deal)
    return tuple(tuple((RANKS.index(t[0]) + 1, t[1]) for t in line.split())
                 for line in text.splitlines())


def segments(run):
    return 1 + sum(a[1] != b[1] for a, b in zip(run, run[1:]))


def is_whole_suit(run):
    return (len(run) == 13 and run[0][0] == 13 and segments(run) == 1
            and all(a[0] == b[0] + 1 for a, b in zip(run, run[1:])))


def legal(cols, move):
    """Whether move (source, target or None for home, count) is legal."""
    s, d, n = move
    run = cols[s][-n:]
    if len(run) != n or n == 0:
        return False
    if d is None:
        return is_whole_suit(run)
    if d == s or any(a[0] != b[0] + 1 for a, b in zip(run, run[1:])):
        return False
    empty = sum(1 for i, c in enumerate(cols) if not c and i != d)
    if segments(run) > 1 << empty:
        return False
    return not cols[d] or cols[d][-1][0] == run[0][0] + 1


def play(cols, move):
    s, d, n = move
    new = list(cols)
    new[s] = cols[s][:-n]
    if d is not None:
        new[d] = cols[d] + cols[s][-n:]
    return tuple(new)


def moves(cols):
    """The legal moves worth trying, best first."""
    found = []
    for s, col in enumerate(cols):
        if len(col) >= 13 and is_whole_suit(col[-13:]):
            found.append((-100, (s, None, 13)))
        n = 1
        while n <= len(col):
            run = col[-n:]
            below = col[-n - 1] if n < len(col) else None
            for d, dst in enumerate(cols):
                # Moving a whole cascade to an empty one changes nothing.
                if d == s or (not dst and n == len(col)):
                    continue
                if not legal(cols, (s, d, n)):
                    continue
                score = 0
                if dst and dst[-1][1] == run[0][1]:
                    score -= 50
                if not dst:
                    score += 30
                if below and below[0] == run[0][0] + 1 and \
                        below[1] == run[0][1]:
                    score += 60  # breaks a same-suit run
                found.append((score, (s, d, n)))
            if below is None or below[0] != run[0][0] + 1:
                break
            n += 1
    found.sort(key=lambda x: x[0])
    return [m for _, m in found]


def search(start, max_states):
    """(verdict, positions visited, solution or None)."""
    parent = {start: None}
    seen = {tuple(sorted(start))}
    stack = [start]
    while stack:
        cols = stack.pop()
        if not any(cols):
            path = []
            while parent[cols] is not None:
                cols, move = parent[cols]
                path.append(move)
            return "solved", len(seen), path[::-1]
        for move in reversed(moves(cols)):
            new = play(cols, move)
            key = tuple(sorted(new))
            if key in seen:
                continue
            if len(seen) >= max_states:
                return "undecided", len(seen), None
            seen.add(key)
            parent[new] = (cols, move)
            stack.append(new)
    return "unsolvable", len(seen), None


def replay(start, path):
    """Checks a solution move by move; raises AssertionError if it fails."""
    cols = start
    for i, move in enumerate(path):
        assert legal(cols, move), "move %d %r is illegal" % (i + 1, move)
        cols = play(cols, move)
    assert not any(cols), "the cascades are not empty at the end"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--max-states", type=int, default=1000000)
    p.add_argument("deals", type=int, nargs="+")
    args = p.parse_args()
    for deal in args.deals:
        start = layout(deal)
        verdict, states, path = search(start, args.max_states)
        if path is not None:
            replay(start, path)
            print(deal, verdict, states, "%d moves" % len(path), flush=True)
        else:
            print(deal, verdict, states, flush=True)


if __name__ == "__main__":
    main()
