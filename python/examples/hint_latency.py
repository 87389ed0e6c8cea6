"""How long a hint takes from Python: MS 1 after the first 20 moves of its solution, the
position of the workspace's Rust benchmark (benches/engine.rs), hinted 1,000 times with a
warm solver. Prints the median and the 99th percentile in microseconds.

    python python/examples/hint_latency.py
"""

import statistics
import time

import freecell_rs as fc


def main():
    solver = fc.Solver("fast")
    board = fc.Board.deal(1)
    for move in solver.solve(board).moves[:20]:
        board = board.play(move)
    times = []
    for _ in range(1000):
        started = time.perf_counter()
        hint = solver.hint(board)
        times.append(time.perf_counter() - started)
        assert hint.move is not None
    times.sort()
    p50, p99 = statistics.median(times) * 1e6, times[989] * 1e6
    print(f"hint from Python, MS 1 after 20 moves: n = 1000, p50 = {p50:.1f} µs, p99 = {p99:.1f} µs")


if __name__ == "__main__":
    main()
