"""The solver: verified solutions, proofs, limits, every game, hints."""

import pytest

import freecell_rs as fc
from conftest import fc_solve_verdicts


def test_deal_617(solver):
    board = fc.Board.deal(617)
    result = solver.solve(board)
    assert result.outcome == "solved" and result.solved and result.reason is None
    assert fc.verify(board, result.moves).is_won
    assert fc.verify(board, " ".join(result.moves)).is_won
    assert result.stats.expanded > 0 and result.stats.seconds >= 0


def test_deal_11982_is_unsolvable(solver):
    # The Microsoft deal no one has won (FreeCell FAQ; fc-solve proves it too).
    result = solver.solve(fc.Board.deal(11982))
    assert (result.outcome, result.moves, result.reason) == ("unsolvable", [], None)


def test_node_limit():
    result = fc.Solver("fast", max_nodes=10).solve(fc.Board.deal(617))
    assert (result.outcome, result.reason) == ("undecided", "node-limit")
    assert result.stats.expanded <= 10


def test_time_limit():
    solver = fc.Solver("bfs", timeout=0.05, max_bytes=256 << 20)
    result = solver.solve(fc.Board.deal(1))
    assert (result.outcome, result.reason) == ("undecided", "timeout")
    assert solver.timeout == 0.05


def test_time_limit_longer_than_the_first_slice():
    # Past the first 20 ms the solve is run again on a worker thread; the limit holds.
    result = fc.Solver("bfs", timeout=0.3, max_bytes=256 << 20).solve(fc.Board.deal(1))
    assert (result.outcome, result.reason) == ("undecided", "timeout")
    assert result.stats.seconds < 0.4


@pytest.mark.parametrize("preset", ["fast", "hsd", "ga", "bestfirst", "goals", "optimal"])
def test_presets_solve(preset):
    board = fc.Board.parse("Foundations: H-J C-K D-K S-J\n: QH KS\n: QS KH\n")
    result = fc.Solver(preset, max_nodes=100_000).solve(board)
    assert result.outcome == "solved" and fc.verify(board, result.moves).is_won
    if preset == "optimal":
        assert len(result.moves) == 5


GAMES = [g.name for g in fc.games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_agrees_with_fc_solve(game):
    verdicts = fc_solve_verdicts(game)
    solver = fc.Solver("fast", max_nodes=300_000)
    for deal in (1, 2, 3):
        board = fc.Board.deal(deal, game=game)
        result = solver.solve(board)
        if result.outcome == "solved":
            assert fc.verify(board, result.moves).is_won
            assert verdicts[deal] != "unsolvable", (game, deal)
        if result.outcome == "unsolvable":
            assert verdicts[deal] != "solved", (game, deal)


def test_hint(solver):
    board = fc.Board.deal(617)
    hint = solver.hint(board)
    assert hint.outcome == "solved"
    assert hint.move == hint.result.moves[0]
    assert board.play(hint.move) != board
    won = fc.Board.parse("Foundations: H-K C-K D-K S-K\n")
    assert won.is_won
    assert solver.hint(won).move is None


def test_hint_on_a_lost_board(solver):
    hint = solver.hint(fc.Board.deal(11982))
    assert (hint.move, hint.outcome) == (None, "unsolvable")


def test_solver_settings():
    solver = fc.Solver("optimal", max_nodes=5, max_bytes=1 << 20)
    assert (solver.preset, solver.max_nodes, solver.max_bytes, solver.timeout) == ("optimal", 5, 1 << 20, None)
    assert "optimal" in repr(solver)
    solver.free_caches()
    assert fc.Solver(timeout=float("inf")).timeout is None
