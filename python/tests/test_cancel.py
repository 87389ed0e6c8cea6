"""Long solves release the GIL, and Ctrl-C (KeyboardInterrupt) stops them promptly."""

import _thread
import signal
import threading
import time

import pytest

import freecell_rs as fc

#: Breadth-first search over single-card moves on a whole deal runs until its memory
#: limit, far longer than these tests wait.
def long_solver():
    return fc.Solver("bfs", max_bytes=1 << 30)


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """Python's own SIGINT handler for each test: a process started with SIGINT ignored (a
    background job of a non-interactive shell, as some CI runners start it) gets none, and
    `_thread.interrupt_main` then does nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupt_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


@pytest.mark.parametrize("call", ["solve", "hint"])
def test_ctrl_c_stops_a_long_solve(call):
    solver, board = long_solver(), fc.Board.deal(1)
    timer = interrupt_after(0.2)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        getattr(solver, call)(board)
    elapsed = time.monotonic() - started
    timer.join()
    # The signal arrives after 0.2 s; the solve stops within 20 ms of the check after it.
    assert 0.2 <= elapsed < 0.5, elapsed
    # The solver is usable again, and its next solve is not cancelled.
    assert solver.solve(fc.Board.parse("Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n")).solved


def test_ctrl_c_stops_a_rating():
    timer = interrupt_after(0.2)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        fc.rate(fc.Board.deal(1), long_solver())
    assert time.monotonic() - started < 0.5
    timer.join()


def test_ctrl_c_stops_the_winnable_deals_and_they_go_on():
    deals = fc.winnable_deals(seed=11, solver=long_solver())
    timer = interrupt_after(0.2)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        next(deals)
    assert time.monotonic() - started < 0.5
    timer.join()


def test_a_solve_releases_the_gil():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    result = fc.Solver("bfs", timeout=0.5, max_bytes=1 << 30).solve(fc.Board.deal(1))
    stop.set()
    counter.join()
    assert result.reason == "timeout"
    # Half a second of 1 ms sleeps: hundreds of ticks (tens on a loaded machine), and one
    # or two had the solve held the GIL.
    assert len(ticks) > 20, len(ticks)
