#!/usr/bin/env python3
"""Write the golden layouts under this folder: <game>/<deal>.txt.

Every layout is the Microsoft ("ms") shuffle of the deal number, dealt the
way PySolFC deals that game. For every game but Good Measure and Cruel the
text is exactly what pysol-cards prints for
`make_pysol_freecell_board.py -t --ms <deal> <game>` (fc-solve's
source/board_gen/make_pysol_freecell_board.py, which calls
`pysol_cards.deal_game.Game(...).print_layout(CardRenderer(True))`).

pysol-cards does not know Good Measure and Cruel, so this script adds them
to its `Game` class, following PySolFC (github.com/shlomif/PySolFC,
pysollib/games/bakersdozen.py, classes `GoodMeasure` and `Cruel`): the
same shuffle (pysol_cards.random.shuffle), then each class's `_shuffleHook`
applied to the talon as PySolFC keeps it (last card dealt first), then its
`startGame` dealing. See README.md for the rules in words.

Usage: python3 generate.py [OUTPUT_DIR]   (needs pysol-cards 0.24.0)
"""

import os
import sys

from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Board, Game
from pysol_cards.random_base import RandomBase

# Folder name (fc-solve's --game spelling, with '-') -> pysol-cards' name.
GAMES = {
    "freecell": "freecell",
    "relaxed-freecell": "relaxed_freecell",
    "bakers-game": "bakers_game",
    "kings-only-bakers-game": "kings_only_bakers_game",
    "forecell": "forecell",
    "eight-off": "eight_off",
    "seahaven-towers": "seahaven_towers",
    "relaxed-seahaven-towers": "relaxed_seahaven_towers",
    "beleaguered-castle": "beleaguered_castle",
    "streets-and-alleys": "streets_and_alleys",
    "citadel": "citadel",
    "fan": "fan",
    "bakers-dozen": "bakers_dozen",
    "good-measure": "good_measure",
    "cruel": "cruel",
    "simple-simon": "simple_simon",
}

# 2147483648 and up are FreeCell Pro's extended deals (see README.md);
# 8589934591 = 2^33 - 1 is the largest seed LCRandom31 accepts.
DEALS = [1, 2, 3, 617, 1941, 11982, 1000000,
         2147483647, 2147483648, 8589934591]


class PySolFCGame(Game):
    """pysol-cards' Game plus PySolFC's Good Measure and Cruel."""

    GAMES_MAP = dict(Game.GAMES_MAP, good_measure="good_measure",
                     cruel="cruel")

    def _talon(self):
        # pysol-cards keeps the cards in dealing order; PySolFC's talon
        # list is the reverse (its last card is on top, dealt first), and
        # the hooks below are PySolFC's, written for the talon list.
        return list(reversed(self.cards))

    def _deal_from_talon(self, talon, rows, num_rows):
        """PySolFC's InitialDealTalonStack.dealRow, num_rows times, then
        the rest of the talon to the foundations (dealRow(foundations))."""
        self.board = Board(num_rows, with_foundations=True)
        for _ in range(rows):
            for col in range(num_rows):
                self.add(col, talon.pop())
        while talon:
            ace = talon.pop()
            if not (ace.is_ace() and self.board.put_into_founds(ace)):
                raise ValueError("a card other than an ace dealt to the "
                                 "foundations")

    def good_measure(self):
        # GoodMeasure._shuffleHook: BakersDozen._shuffleHook with n = 10
        # rows (kings to the bottom of each stack, then the list reversed),
        # then two aces moved to the bottom of the talon (dealt last).
        cards, n = self._talon(), 10
        kings = [i for i, c in enumerate(cards) if c.is_king()]
        for i in kings:
            j = i % n
            while j < i:
                if not cards[j].is_king():
                    cards[i], cards[j] = cards[j], cards[i]
                    break
                j += n
        cards.reverse()
        cards = self._shuffleHookMoveToBottom(
            cards, lambda c: (c.is_ace(), c.suit), 2)
        # GoodMeasure.startGame: 5 rows of 10, then the 2 aces home.
        self._deal_from_talon(cards, 5, 10)

    def cruel(self):
        # Cruel._shuffleHook: all four aces to the bottom of the talon.
        cards = self._shuffleHookMoveToBottom(
            self._talon(), lambda c: (c.is_ace(), c.suit))
        # Cruel.startGame: 4 rows of 12, then the 4 aces home.
        self._deal_from_talon(cards, 4, 12)


def layout(game, deal):
    """The layout text of `deal` of `game` (a key of GAMES)."""
    g = PySolFCGame(GAMES[game], deal, RandomBase.DEALS_MS)
    return g.calc_layout_string(CardRenderer(True))


def main(out):
    for game in GAMES:
        os.makedirs(os.path.join(out, game), exist_ok=True)
        for deal in DEALS:
            path = os.path.join(out, game, "%d.txt" % deal)
            with open(path, "w") as f:
                f.write(layout(game, deal))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1
         else os.path.dirname(os.path.abspath(__file__)))
