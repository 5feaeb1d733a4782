"""Ctrl-C: a real SIGINT to a child Python stops a long search with
KeyboardInterrupt, and the interpreter goes on working."""

import os
import signal
import subprocess
import sys
import time

import pytest

LARGE = os.path.join(
    os.path.dirname(__file__), "..", "..", "examples", "sudoku", "25x25-270-givens.txt"
)

CHILD = r"""
import sys, time
import dancing_links as dl
what = sys.argv[1]
print("ready", flush=True)
start = time.monotonic()
try:
    if what == "count":
        dl.Sudoku.empty(4).count()
    elif what == "solutions":
        primary = [f"r{i}" for i in range(30)] + [f"c{j}" for j in range(30)]
        secondary = [f"a{k}" for k in range(59)] + [f"b{k}" for k in range(59)]
        opts = [[f"r{i}", f"c{j}", f"a{i+j}", f"b{i-j+29}"] for i in range(30) for j in range(30)]
        for s in dl.ExactCover(primary, secondary, opts).solutions():
            pass
    elif what == "batch":
        # About 10 s of work on two cores (2,400 checks of 25x25 puzzles, about
        # 4 ms each): the signal lands in the parallel part. A 9x9 puzzle solved
        # by propagation alone takes about a microsecond: a million of them
        # ended before the signal came.
        with open(sys.argv[2], encoding="utf-8") as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        assert len(lines) == 8
        dl.check_many(lines * 300)
    elif what == "iterable":
        def endless():
            while True:
                time.sleep(0.001)
                yield "1.3.3.2...4....."
        dl.solve_many(endless())
    print("finished?!", flush=True)
except KeyboardInterrupt:
    print("interrupted after %.1f s" % (time.monotonic() - start), flush=True)
# Still healthy: a new search works.
print(dl.Sudoku("1.3.3.2...4.....").solve().to_line(), flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("what", ["count", "solutions", "batch", "iterable"])
def test_sigint_raises_keyboard_interrupt_and_leaves_python_healthy(what):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, what, LARGE], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=30)
    assert time.monotonic() - sent < 10
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out
    assert lines[1] == "1234342121434312"
    assert child.returncode == 0
