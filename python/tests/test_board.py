"""Boards: deals against published layouts, the text format, moves."""

import pytest

import freecell_rs as fc
from conftest import rosetta_cascades


@pytest.mark.parametrize("deal", [1, 617])
def test_deals_are_microsofts(deal):
    assert fc.Board.deal(deal).cascades == rosetta_cascades(deal)


def test_deal_617_prints_as_fc_solve_writes_it():
    text = str(fc.Board.deal(617))
    assert text.splitlines()[:3] == [
        "Foundations: H-0 C-0 D-0 S-0",
        "Freecells: - - - -",
        ": 7D TD TH KD 4C 4S JD",
    ]


def test_text_and_repr_round_trip():
    board = fc.Board.deal(617).play("4a").play("46")
    assert fc.Board.parse(str(board)) == board
    assert eval(repr(board), {"Board": fc.Board}) == board
    assert hash(fc.Board.parse(str(board))) == hash(board)
    assert board != fc.Board.deal(617)


def test_what_a_board_holds():
    board = fc.Board.deal(1)
    assert board.game == "freecell"
    assert board.cells == [None] * 4
    assert board.foundations == {"C": 0, "D": 0, "H": 0, "S": 0}
    assert (board.cards_home, board.is_won) == (0, False)
    # 3D to a cell, 2C to another: AC lies under it, then goes home.
    after = board.play("6a").play("6b").play("6h")
    assert after.cells == ["3D", "2C", None, None]
    assert after.foundations["C"] == 1 and after.cards_home == 1


def test_legal_moves_play():
    board = fc.Board.deal(1)
    moves = board.legal_moves()
    assert "6a" in moves and len(moves) == len(set(moves))
    for move in moves:
        assert board.play(move) != board


def test_parse_move_takes_a_move_apart(solver):
    board = fc.Board.parse("Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n")
    move = board.parse_move("1h")
    assert isinstance(move, fc.Move)
    assert (move.token, move.cards, move.source_kind, move.source_index) == ("1h", 1, "cascade", 0)
    assert (move.dest_kind, move.dest_index) == ("foundation", 2)  # hearts: C, D, H, S
    # A run move's count is inferred from the board, as playing it does.
    board = fc.Board.deal(617)
    counts = []
    for token in solver.solve(board).moves:
        move = board.parse_move(token)
        after = board.play(token)
        if move.source_kind == "cascade" and move.dest_kind == "cascade":
            src, dst = move.source_index, move.dest_index
            assert len(after.cascades[dst]) - len(board.cascades[dst]) == move.cards
            assert after.cascades[dst][-move.cards :] == board.cascades[src][-move.cards :]
        counts.append(move.cards)
        board = after
    assert max(counts) > 1


@pytest.mark.parametrize("info", fc.games(), ids=lambda g: g.name)
def test_every_game_deals(info):
    board = fc.Board.deal(3, game=info.name)
    assert board.game == info.name
    assert len(board.cascades) == info.cascades and len(board.cells) == info.free_cells
    assert sum(map(len, board.cascades)) + sum(c is not None for c in board.cells) + board.cards_home == 52
    assert fc.Board.parse(str(board), game=info.name) == board
    for alias in info.aliases:
        assert fc.Board.deal(3, game=alias) == board


def test_games_lists_the_family():
    names = [g.name for g in fc.games()]
    assert names[0] == "freecell" and len(names) == 16
    assert {"bakers-game", "seahaven-towers", "fan", "simple-simon", "cruel"} <= set(names)
    eight_off = next(g for g in fc.games() if g.name == "eight-off")
    assert eight_off.free_cells == 8 and 'build = "same-suit"' in eight_off.toml


def test_presets():
    assert fc.presets()[0] == "fast"
    assert {"optimal", "bfs", "hsd", "ga"} <= set(fc.presets())
