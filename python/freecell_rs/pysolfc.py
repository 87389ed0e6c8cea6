"""PySolFC's fc-solve hints, answered by this package's solver.

PySolFC (github.com/shlomif/PySolFC) asks fc-solve for hints and demo play in the games
whose class sets ``Solver_Class = FreeCellSolverWrapper(**game_type)``
(``pysollib/hint.py``, ``FreeCellSolver_Hint.computeHints``). It writes the position as
text (``calcBoardString``), runs fc-solve with ``--stacks-num``, ``--freecells-num`` and
the game's ``--preset``, ``--sequences-are-built-by``, ``--sequence-move`` and
``--empty-stacks-filled-by``, and reads the solution back one move a line in fc-solve's
words (``Move a card from stack 3 to freecell 0``), which it turns into hints
``[ncards, source stack, destination stack or None for the foundations]``.

This module takes the same inputs, a PySolFC game (its name or id) and that board text,
and gives the same answer: the moves in fc-solve's words and as PySolFC's hint triples.

    >>> from freecell_rs import pysolfc
    >>> deal_1 = '''FC: - - - -
    ... JD KD 2S 4C 3S 6D 6S
    ... 2D KC KS 5C TD 8S 9C
    ... 9H 9S 9D TS 4S 8D 2H
    ... JC 5S QD QH TH QS 6H
    ... 5D AD JS 4H 8H 6C
    ... 7H QC AS AC 2C 3D
    ... 7C KH AH 4D JH 8C
    ... 5H 3H 3C 7S 7D TC
    ... '''
    >>> move = pysolfc.hint("FreeCell", deal_1)
    >>> str(move), move.ncards, move.source, move.dest
    ('Move a card from stack 5 to freecell 0', 1, ('stack', 5), ('freecell', 0))

The mapping (python/README.md, "PySolFC", has it with its sources):

- **Games.** ``GAMES`` lists the fifteen PySolFC games of the family with a solver, by
  PySolFC's id and name, with the arguments of their ``FreeCellSolverWrapper``; the
  rules come from those arguments as fc-solve reads them (``rules_of``), and each is one
  of this package's games. Cruel is not among them: PySolFC's Cruel has no solver
  (``Solver_Class = None``; its redeals are not in fc-solve's ``cruel``).
- **Board text.** ``Founds:`` (each non-empty foundation's top card as ``S-R``),
  ``FC:`` (every reserve, ``-`` for an empty one), then one line per row, bottom card
  first, an empty line for an empty row: this package's board format reads it as it is.
  Row *i* is cascade *i* and reserve *j* is free cell *j*, from 0, as in fc-solve's
  output.
- **Moves.** fc-solve's words (``move.h``, ``fc_solve_move_to_string_w_state``): ``Move
  N cards from stack S to stack D`` (N also when 1), ``Move a card from stack S to
  freecell F``, ``… from freecell F to stack S``, ``… from freecell F to freecell G``,
  ``… from stack S to the foundations``, ``… from freecell F to the foundations``, and
  Simple Simon's ``Move the sequence on top of Stack S to the foundations`` (13 cards).
- **Outcome.** ``"solved"``; ``"unsolved"`` when the solver proved that no move wins
  (fc-solve's "I could not solve this game"); ``"intractable"`` when a limit stopped it
  (fc-solve's "Iterations count exceeded"), with no moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Mapping, Optional, Sequence, Tuple, Union

from ._native import Board, ParseError, Solver

__all__ = [
    "GAMES",
    "FcsMove",
    "FcsSolution",
    "PySolFCGame",
    "Rules",
    "game",
    "hint",
    "rules_of",
    "solve",
]


@dataclass(frozen=True)
class PySolFCGame:
    """A PySolFC game whose hints come from fc-solve."""

    id: int
    """PySolFC's game id (``GameInfo``'s first argument)."""
    name: str
    """PySolFC's name for it."""
    solver_args: Mapping[str, str]
    """The arguments of its ``FreeCellSolverWrapper``: ``preset``, ``sbb``, ``sm``, ``esf``."""
    rows: int
    """``len(game.s.rows)``: fc-solve's ``--stacks-num``."""
    reserves: int
    """``len(game.s.reserves)``: fc-solve's ``--freecells-num``."""
    game: str
    """This package's name of the game (``freecell_rs.games()``)."""


def _game(id: int, name: str, rows: int, reserves: int, game: str, **solver_args: str) -> PySolFCGame:
    return PySolFCGame(id, name, dict(solver_args), rows, reserves, game)


# PySolFC's registrations (pysollib/games/freecell.py, bakersgame.py, beleagueredcastle.py,
# fan.py, bakersdozen.py, spider.py) and the Solver_Class of each class or of the class it
# inherits from.
GAMES: Tuple[PySolFCGame, ...] = (
    _game(8, "FreeCell", 8, 4, "freecell"),
    _game(5, "Relaxed FreeCell", 8, 4, "relaxed-freecell", sm="unlimited"),
    _game(45, "Baker's Game", 8, 4, "bakers-game", sbb="suit"),
    _game(26, "King Only Baker's Game", 8, 4, "kings-only-bakers-game", sbb="suit", esf="kings"),
    _game(46, "ForeCell", 8, 4, "forecell", esf="kings"),
    _game(258, "Eight Off", 8, 8, "eight-off", sbb="suit", esf="kings"),
    _game(9, "Seahaven Towers", 10, 4, "seahaven-towers", sbb="suit", esf="kings"),
    _game(6, "Relaxed Seahaven Towers", 10, 4, "relaxed-seahaven-towers", sbb="suit", esf="kings", sm="unlimited"),
    _game(34, "Beleaguered Castle", 8, 0, "beleaguered-castle", preset="streets_and_alleys"),
    _game(146, "Streets and Alleys", 8, 0, "streets-and-alleys", preset="streets_and_alleys"),
    _game(145, "Citadel", 8, 0, "citadel", preset="streets_and_alleys"),
    _game(56, "Fan", 18, 0, "fan", preset="fan"),
    _game(31, "Baker's Dozen", 13, 0, "bakers-dozen", preset="bakers_dozen"),
    _game(86, "Good Measure", 10, 0, "good-measure", preset="good_measure"),
    _game(50, "Simple Simon", 10, 0, "simple-simon", preset="simple_simon"),
)

_BY_NAME = {g.name.casefold(): g for g in GAMES}
_BY_ID = {g.id: g for g in GAMES}


def game(which: Union[str, int]) -> PySolFCGame:
    """The PySolFC game named ``which`` (PySolFC's name, any case) or with id ``which``.

    Raises ``ParseError`` for a game not in ``GAMES``.
    """
    found = _BY_ID.get(which) if isinstance(which, int) else _BY_NAME.get(str(which).casefold())
    if found is None:
        names = ", ".join(g.name for g in GAMES)
        raise ParseError(f"{which!r} is not a PySolFC game with an fc-solve solver here; the games are {names}")
    return found


# The presets PySolFC names, as fc-solve defines them (fc-solve/source/scripts/gen-presets.pl,
# each through the presets it inherits; `streets_and_alleys` is fc-solve's other name for
# `beleaguered_castle`, fc-solve/source/preset.c): (stacks, freecells, sbb, sm, esf, Simple
# Simon's rules). The arguments after --preset override them.
_PRESETS: Mapping[str, Tuple[int, int, str, str, str, bool]] = {
    "streets_and_alleys": (8, 0, "rank", "limited", "all", False),
    "fan": (18, 0, "suit", "limited", "kings", False),
    "bakers_dozen": (13, 0, "rank", "limited", "none", False),
    "good_measure": (10, 0, "rank", "limited", "none", False),
    "simple_simon": (10, 0, "suit", "limited", "all", True),
}


@dataclass(frozen=True)
class Rules:
    """A game's rules as fc-solve is told them, in its command line's words."""

    stacks: int
    freecells: int
    sequences_are_built_by: str
    """``alternate_color``, ``suit`` or ``rank``."""
    sequence_move: str
    """``limited`` or ``unlimited``."""
    empty_stacks_filled_by: str
    """``all``, ``kings`` or ``none``."""
    simple_simon: bool
    """Whether Simple Simon's rules apply (its preset's), which fc-solve keeps apart."""


def rules_of(pysolfc_game: PySolFCGame) -> Rules:
    """The rules fc-solve plays ``pysolfc_game`` by: FreeCell's defaults with PySolFC's
    ``--stacks-num`` and ``--freecells-num``, then the ``--preset``, then ``--sequences-are-built-by``,
    ``--sequence-move`` and ``--empty-stacks-filled-by``, in the order PySolFC passes them."""
    stacks, freecells = pysolfc_game.rows, pysolfc_game.reserves
    sbb, sm, esf, simple_simon = "alternate_color", "limited", "all", False
    args = pysolfc_game.solver_args
    if "preset" in args:
        stacks, freecells, sbb, sm, esf, simple_simon = _PRESETS[args["preset"]]
    return Rules(stacks, freecells, args.get("sbb", sbb), args.get("sm", sm), args.get("esf", esf), simple_simon)


Pile = Tuple[Literal["stack", "freecell"], int]


@dataclass(frozen=True)
class FcsMove:
    """One move as fc-solve writes it for PySolFC; ``str()`` is fc-solve's line."""

    ncards: int
    """The cards moved: PySolFC's hint's first item (13 for a Simple Simon suit)."""
    source: Pile
    """``("stack", i)`` or ``("freecell", i)``: ``game.s.rows[i]`` or ``game.s.reserves[i]``."""
    dest: Optional[Pile]
    """The destination, ``None`` for the foundations (as PySolFC's hint has it)."""
    token: str = field(default="", compare=False)
    """The same move in standard notation."""

    def __str__(self) -> str:
        kind, index = self.source
        if self.dest is None:
            if self.ncards == 13 and kind == "stack":
                return f"Move the sequence on top of Stack {index} to the foundations"
            return f"Move a card from {kind} {index} to the foundations"
        dest_kind, dest_index = self.dest
        if kind == "stack" and dest_kind == "stack":
            return f"Move {self.ncards} cards from stack {index} to stack {dest_index}"
        return f"Move a card from {kind} {index} to {dest_kind} {dest_index}"


@dataclass(frozen=True)
class FcsSolution:
    """What fc-solve answers: the solver's state as PySolFC records it, and the moves."""

    state: Literal["solved", "unsolved", "intractable"]
    moves: Sequence[FcsMove]

    def hints(self) -> list:
        """PySolFC's ``self.hints`` before the ``None`` it appends: ``[ncards, source, dest]``
        with piles as ``(kind, index)`` rather than PySolFC's stack objects."""
        return [[move.ncards, move.source, move.dest] for move in self.moves]


_KINDS = {"cascade": "stack", "cell": "freecell"}


def _fcs_move(board: Board, token: str) -> FcsMove:
    move = board.parse_move(token)
    source: Pile = (_KINDS[move.source_kind], move.source_index)  # type: ignore[assignment]
    dest: Optional[Pile] = None if move.dest_kind == "foundation" else (_KINDS[move.dest_kind], move.dest_index)  # type: ignore[assignment]
    return FcsMove(move.cards, source, dest, token)


def solve(which: Union[str, int, PySolFCGame], board_text: str, solver: Optional[Solver] = None) -> FcsSolution:
    """Solves ``board_text`` (what PySolFC's ``calcBoardString`` writes) in the PySolFC game
    ``which`` with ``solver`` (default ``Solver("fast")``), and returns what fc-solve would
    have answered PySolFC: every move of the solution, foundation moves included.

    Raises ``ParseError`` for an unknown game or a board text that does not parse.
    """
    chosen = which if isinstance(which, PySolFCGame) else game(which)
    board = Board.parse(board_text, game=chosen.game)
    result = (solver or Solver("fast")).solve(board)
    if result.outcome != "solved":
        return FcsSolution("unsolved" if result.outcome == "unsolvable" else "intractable", [])
    moves = []
    for token in result.moves:
        moves.append(_fcs_move(board, token))
        board = board.play(token)
    return FcsSolution("solved", moves)


def hint(which: Union[str, int, PySolFCGame], board_text: str, solver: Optional[Solver] = None) -> Optional[FcsMove]:
    """The hint PySolFC would show: the first move of ``solve``'s solution, or ``None`` when
    there is none (the game is won, lost, or the solver gave up)."""
    chosen = which if isinstance(which, PySolFCGame) else game(which)
    board = Board.parse(board_text, game=chosen.game)
    found = (solver or Solver("fast")).hint(board)
    return None if found.move is None else _fcs_move(board, found.move)
