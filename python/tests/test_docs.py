"""The examples in the package's docstrings run."""

import doctest

import freecell_rs
from freecell_rs import pysolfc


def test_docstrings():
    for module in (freecell_rs, pysolfc):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__
