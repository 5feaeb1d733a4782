"""Ctrl-C: a real SIGINT to a child Python stops a long search with
KeyboardInterrupt, and the interpreter goes on working."""

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

CHILD = r"""
import signal, sys, time
import dancing_links as dl
# A child started from a background job inherits SIGINT ignored: restore
# Python's handler, as an interactive interpreter has it.
signal.signal(signal.SIGINT, signal.default_int_handler)
what = sys.argv[1]
if what == "small-puzzles":
    # 400,000 checks of two 9x9 puzzles (random givens; each check takes
    # 129 to 255 search nodes, about 16 us) on one thread, about 6.5 s:
    # the search's own look at the cancel flag (every 256 nodes) never comes,
    # so the batch must stop between puzzles too.
    work = [
        "....7398.....5.2...72.......1.5.....4..71........2.....2.....9.....6...........4.",
        "..2..1..8.........6.................2...4.15.......7.......83..53...4.7..17...5..",
    ] * 200000
print("ready", flush=True)
start = time.monotonic()
try:
    if what == "small-puzzles":
        dl.check_many(work, threads=1)
    elif what == "count":
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
        # Python code runs between the items (a little arithmetic rather
        # than a sleep, so that the child's CPU time, which the test waits
        # on before it signals, grows at once): KeyboardInterrupt is raised
        # in the generator and must propagate out of solve_many.
        def endless():
            while True:
                sum(range(2000))
                yield "1.3.3.2...4....."
        dl.solve_many(endless())
    print("finished?!", flush=True)
except KeyboardInterrupt:
    print("interrupted after %.1f s" % (time.monotonic() - start), flush=True)
    # Nothing keeps running: the process uses no CPU once it is back.
    cpu = time.process_time()
    time.sleep(0.5)
    print("cpu after %.2f s" % (time.process_time() - cpu), flush=True)
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
    wait_until_it_has_worked(child.pid)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    # The child is running already: what is timed is its own latency.
    first = child.stdout.readline()
    latency = time.monotonic() - sent
    out, _ = child.communicate(timeout=30)
    out = first + out
    assert latency < 1.0, f"KeyboardInterrupt {latency:.2f} s after SIGINT"
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out
    assert float(lines[1].split()[2]) < 0.2, out
    assert lines[2] == "1234342121434312"
    assert child.returncode == 0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_stops_a_batch_of_small_puzzles_at_once():
    # Issue 23 #15: Ctrl-C during check_many of many puzzles raised only when
    # the whole batch had ended (here about 5 s later).
    child = subprocess.Popen([sys.executable, "-c", CHILD, "small-puzzles"], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    wait_until_it_has_worked(child.pid)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    first = child.stdout.readline()
    latency = time.monotonic() - sent
    out, _ = child.communicate(timeout=60)
    assert first.startswith("interrupted after"), first + out
    assert latency < 1.0, f"KeyboardInterrupt {latency:.2f} s after SIGINT"
    lines = out.splitlines()
    assert float(lines[0].split()[2]) < 0.2, out  # the workers stopped too
    assert lines[1] == "1234342121434312"
    assert child.returncode == 0
