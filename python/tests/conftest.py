"""Shared facts and helpers of the tests: published layouts, the repository's data."""

import pathlib

import pytest

#: The repository's root (the tests read fc-solve's verdicts from docs/results/data).
ROOT = pathlib.Path(__file__).resolve().parents[2]

#: Microsoft deals 1 and 617 as Rosetta Code's "Deal cards for FreeCell" prints them: the
#: rows of the deal, left to right (each column is a cascade, top card first dealt).
ROSETTA_ROWS = {
    1: """\
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H""",
    617: """\
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H""",
}


def rosetta_cascades(deal):
    """The cascades of a deal from its published rows: column i read top to bottom."""
    rows = [line.split() for line in ROSETTA_ROWS[deal].splitlines()]
    return [[row[i] for row in rows if i < len(row)] for i in range(8)]


def fc_solve_verdicts(game):
    """fc-solve's verdicts on the first deals of `game` (docs/results/data/fc-solve-games)."""
    path = ROOT / "docs" / "results" / "data" / "fc-solve-games" / f"{game}.csv"
    lines = path.read_text().splitlines()[1:]
    return {int(line.split(",")[0]): line.split(",")[1] for line in lines}


@pytest.fixture(scope="session")
def solver():
    import freecell_rs as fc

    return fc.Solver("fast")
