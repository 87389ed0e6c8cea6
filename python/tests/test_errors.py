"""Bad input: every error type, each a FreecellError carrying the library's message."""

import pytest

import freecell_rs as fc


def test_the_hierarchy():
    for error in (fc.ParseError, fc.RuleError, fc.DealError, fc.SolverError):
        assert issubclass(error, fc.FreecellError) and issubclass(error, Exception)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: fc.Board.parse("Foundations: H-5 X-2\n"), "line 1"),
        (lambda: fc.Board.parse("JD KD 2S 4C 3S 6D 6S\nZZ\n"), "ZZ"),
        (lambda: fc.Board.parse(str(fc.Board.deal(1)).replace("JD", "KD")), "KD"),
        (lambda: fc.Board.deal(1, game="klondike"), "unknown game"),
        (lambda: fc.Solver("quick"), "unknown solver"),
        (lambda: fc.Board.deal(1).play("6x"), "is not a move"),
        (lambda: fc.verify(fc.Board.deal(1), ["6a", "zz"]), "move 2"),
        (lambda: fc.winnable_deals("hardest"), "unknown tier"),
    ],
)
def test_parse_errors(call, message):
    with pytest.raises(fc.ParseError, match=message):
        call()


def test_rule_errors():
    board = fc.Board.deal(1)
    with pytest.raises(fc.RuleError, match="free cell a already holds 3D"):
        board.play("6a").play("6a")
    with pytest.raises(fc.RuleError, match=r"move 2 \(`6a`, line 2, column 1\): .*free cell a already holds 3D"):
        fc.verify(board, ["6a", "6a"])
    game = fc.GameState(board)
    with pytest.raises(fc.RuleError, match="cannot be placed"):
        game.play("38")
    assert game.board == board and not game.can_undo


@pytest.mark.parametrize("number", [0, -3, 8_589_934_592])
def test_deal_errors(number):
    with pytest.raises(fc.DealError, match="Microsoft deals are numbered 1 to 8589934591"):
        fc.Board.deal(number)
    with pytest.raises(fc.DealError):
        fc.GameState.deal(number)


def test_a_position_too_far_from_its_deal():
    won = fc.Board.parse("Foundations: H-K C-K D-K S-K\n")
    with pytest.raises(fc.DealError, match="too few to tell its deal"):
        fc.find_deal(won)


def test_solver_errors():
    simon = fc.Board.deal(1, game="simple-simon")
    with pytest.raises(fc.SolverError, match="the optimal preset cannot solve simple-simon"):
        fc.Solver("optimal").solve(simon)
    with pytest.raises(fc.SolverError, match="fan: winnable deals and find_deal take the games of at most 10"):
        fc.winnable_deals(game="fan")


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="timeout"):
        fc.Solver(timeout=-1)
    with pytest.raises(ValueError, match="auto-play"):
        fc.GameState.deal(1, automove="always")
    with pytest.raises(ValueError, match="never of the tier lost"):
        fc.winnable_deals("lost")
