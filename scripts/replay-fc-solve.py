#!/usr/bin/env python3
"""Replay an fc-solve solution of a game without free cells, checking each move.

For the games of docs/games.md that have no cells: Beleaguered Castle,
Streets and Alleys, Citadel, Fan, Baker's Dozen, Good Measure and Cruel
(fc-solve's, without redeals). It reads the board (fc-solve's format, as the
golden layouts are written) and fc-solve's output of `-p -t -sam` for it,
and replays the moves under the rules of docs/games.md, independently of
fc-solve:

- a run (cards descending by rank, also obeying the game's building rule)
  moves onto a card one rank above its first card that the building rule
  accepts, or onto an empty cascade the game allows;
- a run is at most 2^e cards long where empty cascades take any card (e the
  empty cascades other than the target), else a single card;
- a card goes home on its suit's next rank.

Usage: scripts/replay-fc-solve.py GAME BOARD_FILE SOLUTION_FILE
Exits 0 and prints the move count when the solution wins, 1 otherwise.
"""

import re
import sys

RANKS = "A23456789TJQK"
RED = "DH"
# game: (building rule, what an empty cascade takes)
GAMES = {
    "beleaguered-castle": ("rank", "any"),
    "streets-and-alleys": ("rank", "any"),
    "citadel": ("rank", "any"),
    "fan": ("suit", "kings"),
    "bakers-dozen": ("rank", "none"),
    "good-measure": ("rank", "none"),
    "cruel": ("suit", "none"),
}


def builds(rule, lower, upper):
    """Whether `lower` may lie on `upper` under the building rule."""
    if upper[0] != lower[0] + 1:
        return False
    if rule == "suit":
        return upper[1] == lower[1]
    if rule == "ac":
        return (upper[1] in RED) != (lower[1] in RED)
    return True


def parse_board(text):
    home, cols = {}, []
    for line in text.splitlines():
        if line.startswith("Foundations:"):
            for pile in line.split()[1:]:
                suit, rank = pile.split("-")
                home[suit] = RANKS.index(rank) + 1
        elif not line.startswith("Freecells:"):
            cols.append([(RANKS.index(t[0]) + 1, t[1]) for t in line.split()])
    return home, cols


def replay(game, board, solution):
    rule, empty_takes = GAMES[game]
    home, cols = parse_board(board)
    moves = [m for m in solution.splitlines() if m.startswith("Move")]
    for i, move in enumerate(moves, 1):
        to_stack = re.fullmatch(
            r"Move (\d+) cards from stack (\d+) to stack (\d+)", move)
        to_home = re.fullmatch(
            r"Move a card from stack (\d+) to the foundations", move)
        if to_stack:
            n, s, d = map(int, to_stack.groups())
            run = cols[s][-n:]
            if len(run) != n or n < 1 or any(
                    not builds(rule, b, a) for a, b in zip(run, run[1:])):
                return "move %d (%s): not a run" % (i, move)
            empty = sum(1 for j, c in enumerate(cols) if not c and j != d)
            capacity = 1 << empty if empty_takes == "any" else 1
            if n > capacity:
                return "move %d (%s): over %d cards" % (i, move, capacity)
            if cols[d]:
                if not builds(rule, run[0], cols[d][-1]):
                    return "move %d (%s): cannot build there" % (i, move)
            elif empty_takes == "none" or (
                    empty_takes == "kings" and run[0][0] != 13):
                return "move %d (%s): empty cascade refuses it" % (i, move)
            del cols[s][-n:]
            cols[d] += run
        elif to_home:
            s = int(to_home.group(1))
            if not cols[s]:
                return "move %d (%s): empty cascade" % (i, move)
            rank, suit = cols[s][-1]
            if home.get(suit, 0) + 1 != rank:
                return "move %d (%s): not the next card home" % (i, move)
            home[suit] = rank
            cols[s].pop()
        else:
            return "move %d: cannot read %r" % (i, move)
    if any(cols) or sorted(home.values()) != [13] * 4:
        return "the game is not won after %d moves" % len(moves)
    return len(moves)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in GAMES:
        sys.exit(__doc__)
    with open(sys.argv[2]) as board, open(sys.argv[3]) as solution:
        result = replay(sys.argv[1], board.read(), solution.read())
    if isinstance(result, str):
        print("invalid:", result)
        sys.exit(1)
    print("valid: %d moves, every card home" % result)


if __name__ == "__main__":
    main()
