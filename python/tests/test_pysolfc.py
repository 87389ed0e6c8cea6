"""The PySolFC adapter: PySolFC's games and board text in, fc-solve's moves out."""

import tomllib

import pytest

import freecell_rs as fc
from freecell_rs import pysolfc

#: fc-solve's words for the rules (its command line, PySolFC's arguments) and this
#: package's rule-file words for the same rules (docs/games.md).
BUILD = {"alternate_color": "alternate-colour", "suit": "same-suit", "rank": "any-suit"}
EMPTY = {"all": "any-card", "kings": "kings-only", "none": "nothing"}
RUNS = {"limited": "standard", "unlimited": "unlimited"}


def pysolfc_text(board):
    """The text PySolFC's ``FreeCellSolver_Hint.calcBoardString`` writes for a position
    (pysollib/hint.py): ``Founds:`` with each non-empty foundation as ``S-R`` in PySolFC's
    suit order C, S, H, D, ``FC:`` when the game has reserves, then each row bottom card
    first, an empty line for an empty row."""
    ranks = "A23456789TJQK"
    founds = "".join(f" {s}-{ranks[board.foundations[s] - 1]}" for s in "CSHD" if board.foundations[s])
    lines = [f"Founds:{founds}"] if founds else []
    if board.cells:
        lines.append("FC:" + "".join(f" {card or '-'}" for card in board.cells))
    lines += [" ".join(cascade) for cascade in board.cascades]
    return "".join(line + "\n" for line in lines)


def play_fcs(board, moves):
    """Plays fc-solve's moves as PySolFC does (``moveMove(ncards, src, dest)``) on plain
    lists: rows and reserves by index, the foundations a count. Checks only that each
    move finds its cards; whether the game ends won is the test's question."""
    rows = [list(c) for c in board.cascades]
    reserves = [[c] if c else [] for c in board.cells]
    home = board.cards_home
    piles = {"stack": rows, "freecell": reserves}
    for move in moves:
        source = piles[move.source[0]][move.source[1]]
        assert len(source) >= move.ncards, str(move)
        cards = source[len(source) - move.ncards :]
        del source[len(source) - move.ncards :]
        if move.dest is None:
            home += len(cards)
        else:
            piles[move.dest[0]][move.dest[1]].extend(cards)
    return home, rows, reserves


def test_the_games():
    assert len(pysolfc.GAMES) == 15
    assert pysolfc.game("FreeCell") is pysolfc.game(8) is pysolfc.game("freecell")
    assert pysolfc.game("Baker's Game").solver_args == {"sbb": "suit"}
    with pytest.raises(fc.ParseError, match="Cruel"):
        pysolfc.game("Cruel")
    with pytest.raises(fc.ParseError):
        pysolfc.game(104)


@pytest.mark.parametrize("game", pysolfc.GAMES, ids=lambda g: g.name)
def test_rules_are_the_games(game):
    """PySolFC's solver arguments, read as fc-solve reads them, are this package's game."""
    rules = pysolfc.rules_of(game)
    info = next(g for g in fc.games() if g.name == game.game)
    toml = tomllib.loads(info.toml)
    assert (rules.stacks, rules.freecells) == (info.cascades, info.free_cells) == (game.rows, game.reserves)
    build = "simple-simon" if rules.simple_simon else BUILD[rules.sequences_are_built_by]
    assert toml["build"] == build
    assert toml["empty-cascade"] == EMPTY[rules.empty_stacks_filled_by]
    assert toml["runs"] == RUNS[rules.sequence_move]


@pytest.mark.parametrize("game", pysolfc.GAMES, ids=lambda g: g.name)
def test_solutions_play_out_in_pysolfc(game):
    for deal in (1, 2, 3):
        board = fc.Board.deal(deal, game=game.game)
        answer = pysolfc.solve(game.name, pysolfc_text(board), fc.Solver("fast", max_nodes=300_000))
        if answer.state != "solved":
            assert answer.moves == []
            continue
        home, rows, reserves = play_fcs(board, answer.moves)
        assert home == 52 and not any(rows) and not any(reserves), (game.name, deal)
        assert [h[0] for h in answer.hints()] == [m.ncards for m in answer.moves]
        first = pysolfc.hint(game.id, pysolfc_text(board))
        assert first is not None and first.ncards >= 1


def test_a_position_with_empty_rows_and_full_cells(solver):
    board = fc.Board.deal(617)
    moves = solver.solve(board).moves
    for move in moves[: len(moves) // 2]:
        board = board.play(move)
    text = pysolfc_text(board)
    assert "\n\n" in text or any(board.cells)
    answer = pysolfc.solve("FreeCell", text)
    assert answer.state == "solved"
    home, rows, reserves = play_fcs(board, answer.moves)
    assert home == 52


def test_move_words():
    move = pysolfc.FcsMove
    assert str(move(3, ("stack", 2), ("stack", 5))) == "Move 3 cards from stack 2 to stack 5"
    assert str(move(1, ("stack", 2), ("stack", 5))) == "Move 1 cards from stack 2 to stack 5"
    assert str(move(1, ("stack", 0), ("freecell", 3))) == "Move a card from stack 0 to freecell 3"
    assert str(move(1, ("freecell", 1), ("stack", 7))) == "Move a card from freecell 1 to stack 7"
    assert str(move(1, ("freecell", 1), None)) == "Move a card from freecell 1 to the foundations"
    assert str(move(1, ("stack", 4), None)) == "Move a card from stack 4 to the foundations"
    assert str(move(13, ("stack", 9), None)) == "Move the sequence on top of Stack 9 to the foundations"


def test_simple_simon_sends_whole_suits():
    board = fc.Board.deal(1, game="simple-simon")
    answer = pysolfc.solve("Simple Simon", pysolfc_text(board))
    assert answer.state == "solved"
    home_moves = [m for m in answer.moves if m.dest is None]
    assert len(home_moves) == 4 and all(m.ncards == 13 for m in home_moves)
    assert str(home_moves[0]).startswith("Move the sequence on top of Stack ")


def test_lost_and_intractable():
    text = pysolfc_text(fc.Board.deal(11982))
    assert pysolfc.solve("FreeCell", text) == pysolfc.FcsSolution("unsolved", [])
    assert pysolfc.solve("FreeCell", text, fc.Solver(max_nodes=5)).state == "intractable"
    assert pysolfc.hint("FreeCell", text) is None


def test_bad_board_text():
    with pytest.raises(fc.ParseError):
        pysolfc.hint("FreeCell", "FC: - - - -\nJD KD\n")
