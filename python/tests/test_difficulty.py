"""Ratings, winnable deals, and the deal a position came from."""

import itertools

import freecell_rs as fc


def test_rate_1941():
    # MS 1941, among the deals players list as hardest: won with four cells, lost with three.
    rating = fc.rate(fc.Board.deal(1941))
    assert (rating.min_free_cells, rating.lost_with, rating.tier) == (4, 3, "expert")
    assert rating.undecided == []
    assert fc.verify(fc.Board.deal(1941), rating.solution).is_won
    assert 0 <= rating.losing_share <= 1 and rating.forced >= 0


def test_rate_a_lost_deal():
    # MS 11982 is lost with its four cells (a proof at that rung), so with fewer.
    rating = fc.rate(fc.Board.deal(11982), fc.Solver("fast"), samples=0)
    assert (rating.tier, rating.solution) == ("lost", None)
    assert rating.lost_with >= 4
    assert rating.min_free_cells is None or rating.min_free_cells > 4


def test_a_rung_stopped_at_its_cap_is_undecided_not_lost():
    # MS 1941 needs a proof of thousands of positions to show it lost with three cells
    # (above): with ten expansions a rung no rung is decided, and none is called lost.
    capped = fc.rate(fc.Board.deal(1941), samples=0, rung_nodes=10)
    assert (capped.tier, capped.min_free_cells, capped.lost_with) == (None, None, None)
    assert 4 in capped.undecided
    uncapped = fc.rate(fc.Board.deal(1941), samples=0, rung_nodes=None)
    assert (uncapped.min_free_cells, uncapped.lost_with, uncapped.undecided) == (4, 3, [])


def test_winnable_deals_are_reproducible_and_of_their_tier():
    first = list(itertools.islice(fc.winnable_deals("easy", seed=7), 2))
    again = list(itertools.islice(fc.winnable_deals("easy", seed=7), 2))
    assert [d.number for d in first] == [d.number for d in again]
    for deal in first:
        assert deal.rating.tier == "easy"
        assert deal.board == fc.Board.deal(deal.number)
        assert fc.verify(deal.board, deal.solution).is_won


def test_winnable_deals_of_another_game():
    deal = next(fc.winnable_deals(seed=3, game="bakers-game"))
    assert deal.board == fc.Board.deal(deal.number, game="bakers-game")
    assert deal.rating.tier in ("easy", "medium", "hard", "expert")
    assert fc.verify(deal.board, deal.solution).is_won


def test_find_deal(solver):
    board = fc.Board.deal(617)
    assert fc.find_deal(board) == [617]
    for move in solver.solve(board).moves[:15]:
        board = board.play(move)
    assert 617 in fc.find_deal(board)


def test_rate_a_wide_game():
    # Fan (18 cascades, no free cell): fc-solve's default build solves deal 3
    # (docs/results/data/fc-solve-games/fan.csv), so it is won with the game's own 0 cells.
    board = fc.Board.deal(3, game="fan")
    rating = fc.rate(board, samples=0)
    assert rating.min_free_cells == 0
    assert fc.verify(board, rating.solution).is_won
