"""GameState: turns, undo and redo, auto-play, hints from the table."""

import freecell_rs as fc


def test_turns_undo_redo():
    game = fc.GameState.deal(1, automove="horne")
    assert game.automove == "horne" and not game.can_undo
    first = game.play("6a")
    assert (first.played, first.automoves) == ("6a", [])
    # 2C to cell b uncovers AC, under which lies AS: all three go home on their own.
    turn = game.play("6b")
    assert (turn.played, turn.automoves) == ("6b", ["6h", "bh", "6h"])
    assert turn.moves == ["6b", "6h", "bh", "6h"]
    assert game.board.cards_home == 3
    assert game.undo() == turn and game.board.cards_home == 0 and game.can_redo
    assert game.redo() == turn and game.board.cards_home == 3
    assert fc.verify(game.start, game.moves) == game.board
    assert [t.played for t in game.history] == ["6a", "6b"]
    while game.undo() is not None:
        pass
    assert game.board == game.start == fc.Board.deal(1)
    assert game.redo() is not None and game.undo() is not None and game.undo() is None


def test_autoplay_and_rule_change():
    game = fc.GameState.deal(1)
    assert game.autoplay() is None
    game.play("6a")
    game.play("6b")
    assert game.board.cards_home == 0
    turn = game.autoplay()
    assert turn.played is None and turn.automoves == ["6h", "bh", "6h"]
    game.automove = "raymond"
    assert game.automove == "raymond"


def test_solve_from_the_table(solver):
    game = fc.GameState.deal(617, automove="raymond")
    for _ in range(200):
        if game.is_won:
            break
        game.play(game.hint(solver).move)
    assert game.is_won and fc.verify(game.start, game.moves).is_won


def test_a_wide_game(solver):
    game = fc.GameState.deal(3, game="fan")
    assert len(game.board.cascades) == 18
    move = game.legal_moves()[0]
    game.play(move)
    assert game.undo().played == move
    result = game.solve(solver)
    assert result.outcome in ("solved", "unsolvable")
    if result.solved:
        assert fc.verify(game.board, result.moves).is_won
