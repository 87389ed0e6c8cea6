"""FreeCell and its family, solved in Rust.

Deals (Microsoft's numbering, every game of the family dealt as PySolFC deals it),
boards in the fc-solve text format, a solver with hints and verified solutions in
standard notation, a game state with undo and redo, difficulty ratings, winnable
deals on demand, and the deal a position came from. ``freecell_rs.pysolfc`` answers
PySolFC's fc-solve hint requests.

    >>> import freecell_rs as fc
    >>> board = fc.Board.deal(617)
    >>> result = fc.Solver("fast").solve(board)
    >>> result.outcome
    'solved'
    >>> fc.verify(board, result.moves).is_won
    True
"""

from ._native import (
    Board,
    DealError,
    FreecellError,
    GameInfo,
    GameState,
    Hint,
    Move,
    ParseError,
    Rating,
    RuleError,
    Solver,
    SolverError,
    SolveResult,
    Stats,
    Turn,
    WinnableDeal,
    WinnableDeals,
    __version__,
    find_deal,
    games,
    presets,
    rate,
    verify,
    winnable_deals,
)

__all__ = [
    "Board",
    "DealError",
    "FreecellError",
    "GameInfo",
    "GameState",
    "Hint",
    "Move",
    "ParseError",
    "Rating",
    "RuleError",
    "SolveResult",
    "Solver",
    "SolverError",
    "Stats",
    "Turn",
    "WinnableDeal",
    "WinnableDeals",
    "__version__",
    "find_deal",
    "games",
    "presets",
    "rate",
    "verify",
    "winnable_deals",
]
