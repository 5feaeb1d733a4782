"""Ctrl-C during Sudoku.generate (issue 23 #16) and Sudoku.rate: a real
SIGINT to a child Python stops a long generation or rating with
KeyboardInterrupt within about 100 ms, and the interpreter goes on working.
Before, generate(box=5, seed=1) ignored Ctrl-C for over 58 s. Both run
through the command's entry points (sudoku_generate::Maker, sudoku_solve::answer) under the
meter's cancel flag."""

import os
import signal
import subprocess
import sys
import time

import pytest

from ready import wait_until_it_has_worked

LARGE = os.path.join(
    os.path.dirname(__file__), "..", "..", "examples", "sudoku", "25x25-270-givens.txt"
)
with open(LARGE, encoding="utf-8") as f:
    HARD_25 = next(line.strip() for line in f if not line.startswith("#"))

CHILD = r"""
import sys, time
import dancing_links as dl
what = sys.argv[1]
print("ready", flush=True)
start = time.monotonic()
try:
    if what == "classic":
        # A minimal 25x25 puzzle: minutes of work.
        dl.Sudoku.generate(box=5, seed=1)
    elif what == "variant":
        # A minimal 25x25 X puzzle: minutes of work.
        dl.Sudoku.generate(box=5, variant="x", seed=1)
    elif what == "rate":
        # A 25x25 puzzle of the examples: seconds to minutes per seed.
        dl.Sudoku(sys.argv[2]).rate(scale="search")
    print("finished?!", flush=True)
except KeyboardInterrupt:
    print("interrupted after %.3f s" % (time.monotonic() - start), flush=True)
# Still healthy: a new generation works.
print(dl.Sudoku.generate(box=2, seed=1).givens > 0, flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("what", ["classic", "variant", "rate"])
def test_sigint_stops_generate_and_leaves_python_healthy(what):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, what, HARD_25], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout.readline().strip() == "ready"
    wait_until_it_has_worked(child.pid)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    first = child.stdout.readline()
    took = time.monotonic() - sent
    child.wait(timeout=30)
    # Not communicate(): with a timeout it reads the pipe itself and misses
    # what readline() has buffered.
    out = child.stdout.read()
    assert first.startswith("interrupted after"), first + out
    # About 100 ms (20 ms polling); within a second on a loaded machine
    # (the child is running already: no start-up is timed).
    assert took < 1.0, took
    assert out.splitlines() == ["True"]
    assert child.returncode == 0


def test_generate_and_rate_stop_at_their_limits_with_incomplete():
    """The generator and the rating answer under the caller's meter: a limit
    reached raises Incomplete (never a puzzle or a rating that is not
    whole)."""
    import dancing_links as dl

    with pytest.raises(dl.Incomplete) as err:
        dl.Sudoku(HARD_25).rate(scale="search", timeout=0.2)
    assert err.value.reason == "deadline"
    with pytest.raises(dl.Incomplete) as err:
        dl.Sudoku(HARD_25).rate(scale="search", max_nodes=1000)
    assert err.value.reason == "node-limit"
