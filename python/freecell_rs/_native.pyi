"""Types of the native module (python/src); freecell_rs re-exports every name."""

from typing import Iterator, Literal, Optional, Sequence, Union

__version__: str

Outcome = Literal["solved", "unsolvable", "undecided"]
Reason = Literal["node-limit", "memory-limit", "timeout", "cancelled", "bound", "pruned", "capacity", "engine"]
Automove = Literal["none", "horne", "raymond"]
PileKind = Literal["cascade", "cell", "foundation"]
TierName = Literal["easy", "medium", "hard", "expert", "lost"]

class FreecellError(Exception):
    """The base of every error this package raises."""

class ParseError(FreecellError):
    """Text that is not a board, a move, or a game, preset or tier name."""

class RuleError(FreecellError):
    """A move, a solution or a position that breaks the game's rules."""

class DealError(FreecellError):
    """A deal number outside 1 to 8,589,934,591, or a position whose deal cannot be told."""

class SolverError(FreecellError):
    """A preset that does not apply to the game, winnable deals of a game too wide, or an internal error."""

class Move:
    """A move taken apart by `Board.parse_move`."""

    @property
    def token(self) -> str: ...
    @property
    def cards(self) -> int: ...
    @property
    def source_kind(self) -> PileKind: ...
    @property
    def source_index(self) -> int: ...
    @property
    def dest_kind(self) -> PileKind: ...
    @property
    def dest_index(self) -> int: ...

class Board:
    """A position of a game of the FreeCell family; `str()` is the fc-solve format."""

    @staticmethod
    def deal(number: int, game: str = "freecell") -> Board:
        """Microsoft deal `number` (1 to 8,589,934,591) of `game`, dealt as PySolFC deals it."""
    @staticmethod
    def parse(text: str, game: str = "freecell") -> Board:
        """A position in the fc-solve format under `game`'s rules."""
    @property
    def game(self) -> str: ...
    @property
    def cascades(self) -> list[list[str]]: ...
    @property
    def cells(self) -> list[Optional[str]]: ...
    @property
    def foundations(self) -> dict[str, int]: ...
    @property
    def cards_home(self) -> int: ...
    @property
    def is_won(self) -> bool: ...
    def legal_moves(self) -> list[str]:
        """The legal moves in standard notation, runs of cards as one move."""
    def parse_move(self, move: str) -> Move:
        """`move` (standard notation) taken apart."""
    def play(self, move: str) -> Board:
        """The board after `move`; raises `ParseError` or `RuleError`."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Stats:
    """What a solve cost."""

    @property
    def expanded(self) -> int: ...
    @property
    def generated(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def peak_stored(self) -> int: ...
    @property
    def peak_bytes(self) -> int: ...
    @property
    def reused_bytes(self) -> int: ...

class SolveResult:
    """How a solve ended, its solution in standard notation, and what it cost."""

    @property
    def outcome(self) -> Outcome: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def reason(self) -> Optional[Reason]: ...
    @property
    def stats(self) -> Stats: ...
    @property
    def solved(self) -> bool: ...

class Hint:
    """The next move of a solution, and the solve it comes from."""

    @property
    def move(self) -> Optional[str]: ...
    @property
    def result(self) -> SolveResult: ...
    @property
    def outcome(self) -> Outcome: ...

class Solver:
    """A preset and limits; reusable and thread-safe."""

    def __init__(
        self,
        preset: str = "fast",
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
        max_bytes: Optional[int] = None,
        shorten: Optional[bool] = None,
    ) -> None: ...
    @property
    def preset(self) -> str: ...
    @property
    def timeout(self) -> Optional[float]: ...
    @property
    def max_nodes(self) -> Optional[int]: ...
    @property
    def max_bytes(self) -> Optional[int]: ...
    def solve(self, board: Board) -> SolveResult:
        """Solves `board` without the GIL; Ctrl-C stops it."""
    def hint(self, board: Board) -> Hint:
        """The next move from `board`."""
    def free_caches(self) -> None:
        """Frees the memory kept warm for the next solves."""

class Turn:
    """One step of play: the move played and the automoves after it."""

    @property
    def played(self) -> Optional[str]: ...
    @property
    def automoves(self) -> list[str]: ...
    @property
    def moves(self) -> list[str]: ...

class GameState:
    """The game a player is playing: undo, redo, auto-play."""

    def __init__(self, board: Board, automove: Automove = "none") -> None: ...
    @staticmethod
    def deal(number: int, game: str = "freecell", automove: Automove = "none") -> GameState: ...
    @property
    def board(self) -> Board: ...
    @property
    def start(self) -> Board: ...
    @property
    def automove(self) -> Automove: ...
    @automove.setter
    def automove(self, rule: Automove) -> None: ...
    @property
    def is_won(self) -> bool: ...
    @property
    def can_undo(self) -> bool: ...
    @property
    def can_redo(self) -> bool: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def history(self) -> list[Turn]: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, move: str) -> Turn: ...
    def autoplay(self) -> Optional[Turn]: ...
    def undo(self) -> Optional[Turn]: ...
    def redo(self) -> Optional[Turn]: ...
    def hint(self, solver: Solver) -> Hint: ...
    def solve(self, solver: Solver) -> SolveResult: ...

class Rating:
    """How hard a position is."""

    @property
    def tier(self) -> Optional[TierName]: ...
    @property
    def min_free_cells(self) -> Optional[int]: ...
    @property
    def lost_with(self) -> Optional[int]: ...
    @property
    def undecided(self) -> list[int]: ...
    @property
    def solution(self) -> Optional[list[str]]: ...
    @property
    def losing_share(self) -> Optional[float]: ...
    @property
    def forced(self) -> Optional[int]: ...

class WinnableDeal:
    """A winnable deal, its rating and its solution."""

    @property
    def number(self) -> int: ...
    @property
    def board(self) -> Board: ...
    @property
    def rating(self) -> Rating: ...
    @property
    def solution(self) -> list[str]: ...

class WinnableDeals(Iterator[WinnableDeal]):
    """An endless iterator of winnable deals."""

    def __iter__(self) -> WinnableDeals: ...
    def __next__(self) -> WinnableDeal: ...

class GameInfo:
    """A game of the FreeCell family, as `freecell games` lists it."""

    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> list[str]: ...
    @property
    def description(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def cascades(self) -> int: ...
    @property
    def free_cells(self) -> int: ...
    @property
    def toml(self) -> str: ...

def verify(board: Board, moves: Union[str, Sequence[str]]) -> Board:
    """Replays `moves` with no automoves; the position after the last one."""

def rate(
    board: Board,
    solver: Optional[Solver] = None,
    *,
    samples: int = 8,
    sample_nodes: int = 20000,
    rung_nodes: Optional[int] = 40000000,
) -> Rating:
    """Rates `board`: fewest free cells, narrowness, tier; each rung capped at `rung_nodes` expansions (None: no cap)."""

def winnable_deals(
    tier: Optional[TierName] = None, *, seed: int = 0, game: str = "freecell", solver: Optional[Solver] = None
) -> WinnableDeals:
    """Winnable deals of `game` (of `tier`), endlessly, seeded."""

def find_deal(board: Board) -> list[int]:
    """The Microsoft deals `board` was dealt as or played from."""

def games() -> list[GameInfo]:
    """The sixteen games of the FreeCell family."""

def presets() -> list[str]:
    """The solver presets' names, the default first."""
