#!/usr/bin/env python3
"""The instructions of a callgrind profile that do not follow the clock.

A `freecell bench` run reads the clock about once a millisecond, with a stride in
expansions that adapts to the engine's speed (`crates/solver/src/watch.rs`), and reads the
memory headroom afresh as time passes (`headroom::available`): under valgrind, how often
depends on the machine's load. Two runs of one binary on MS 1-1,500 differed by 3.3 M
instructions (0.3 %), in the watch, the headroom's /proc reads and their allocations and
copies. This prints, for each profile, the total and the sum over the `freecell_*`
symbols (each with the code inlined into it) less those the clock drives, which moved by
0.1 M or less between two runs of one binary.

Usage: callgrind-solver-ir.py PROFILE... (callgrind.out files; needs callgrind_annotate)
"""

import re
import subprocess
import sys

# Symbols whose calls follow the clock: the watch and the memory headroom.
CLOCK_DRIVEN = ("watch::", "system_memory", "headroom", "free_memory")
ROW = re.compile(r"\s*([\d,]+) \([^)]*\)\s+([^:\s]+):(.*?)( \[.*\])?$")
TOTAL = re.compile(r"\s*([\d,]+) \(100.0%\)\s+PROGRAM TOTALS")


def sums(profile):
    """(total, solver's, clock-driven) instructions of one profile."""
    text = subprocess.run(
        ["callgrind_annotate", "--threshold=100", profile], capture_output=True, text=True, check=True
    ).stdout
    total = solver = clock = 0
    for line in text.splitlines():
        if m := TOTAL.match(line):
            total = int(m.group(1).replace(",", ""))
        elif m := ROW.match(line):
            symbol, count = m.group(3), int(m.group(1).replace(",", ""))
            if symbol.startswith(("freecell_", "<freecell_")):
                if any(part in symbol for part in CLOCK_DRIVEN):
                    clock += count
                else:
                    solver += count
    return total, solver, clock


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for profile in sys.argv[1:]:
        total, solver, clock = sums(profile)
        print(f"{profile}: total {total:,}  freecell_* {solver:,}  clock-driven {clock:,}")


if __name__ == "__main__":
    main()
