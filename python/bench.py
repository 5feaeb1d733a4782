"""Benchmark of the Python package against the native command, in one run.

    python python/bench.py [--data ../shared/data] [--puzzles 5000] [--cap 20]

Run it from the repository root with the package installed (bash
python/test.sh installs it into target/python-venv). It builds the native
command (cargo build --release --bin sudoku) and measures, on the same
machine in the same run:

1. Per-call overhead on 9x9, one thread, on puzzles2_17_clue (or its first
   --puzzles): `s.solve()` on Sudoku objects made beforehand against
   `sudoku bench -j 1` (search only), and `Sudoku(line).solve().to_line()`
   against `sudoku solve -j 1` (read, solve, check, write), both in CPU
   time. Goal: under 5 us over native.
2. Batch throughput: `check_many` on the whole 17-clue set against
   `sudoku check -j 2` on the same file: whole processes (start-up, reading
   and writing included) and the check_many call alone, wall and CPU time,
   median of 3 runs. Goal: within 10%.
3. For scale: the course's own pure-Python backtracking (fill the first empty
   cell with 1..N, keep the grid if no row, column or box repeats a value,
   recurse), on the course's 9x9 grids, each stopped after --cap seconds.

It prints the load average before and after: quote it with the figures.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

import dancing_links as dl

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def puzzle_lines(path, limit=None):
    with open(path, encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    return lines[:limit] if limit else lines


def course_grids():
    with open(os.path.join(ROOT, "examples", "sudoku", "course.txt"), encoding="utf-8") as f:
        text = f.read()
    blocks, block = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("#"):
            continue
        if line.strip():
            block.append(line)
        elif block:
            blocks.append("\n".join(block))
            block = []
    return [dl.Sudoku(b) for b in blocks]


# --- The course's algorithm (../shared/seeds, "resoud_sudoku"), for N x N ---


class PasDeSolution(Exception):
    pass


class TempsEcoule(Exception):
    pass


def course_solve(cases, n, box, deadline):
    """The course's backtracking on a flat list of cells (0 = blank)."""

    def est_valide(g):
        for i in range(0, n * n, n):
            row = [v for v in g[i:i + n] if v]
            if len(row) != len(set(row)):
                return False
        for i in range(n):
            col = [v for v in g[i::n] if v]
            if len(col) != len(set(col)):
                return False
        for br in range(0, n, box):
            for bc in range(0, n, box):
                vals = [g[(br + r) * n + bc + c] for r in range(box) for c in range(box)]
                vals = [v for v in vals if v]
                if len(vals) != len(set(vals)):
                    return False
        return True

    def voisines(g):
        i = g.index(0)
        for v in range(1, n + 1):
            nouvelle = list(g)
            nouvelle[i] = v
            yield nouvelle

    def resoud(g):
        if time.monotonic() > deadline:
            raise TempsEcoule
        if 0 not in g:
            if est_valide(g):
                return g
            raise PasDeSolution
        for voisine in voisines(g):
            if est_valide(voisine):
                try:
                    return resoud(voisine)
                except PasDeSolution:
                    pass
        raise PasDeSolution

    return resoud(list(cases))


# --- Measurements ---


def native_bench(sudoku, path, puzzles):
    limit = ["--max-puzzles", str(puzzles)] if puzzles else []
    out = subprocess.run(
        [sudoku, "bench", "-j", "1", "--runs", "3", *limit, path],
        capture_output=True, text=True, check=True,
    ).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 7 and f[2] == "solve" and f[3] == "1":
            return float(f[5])
    raise RuntimeError("no solve row in: " + out)


def per_call(lines):
    """CPU microseconds per puzzle (process time: the other users of a
    loaded machine disturb it less than wall time)."""
    grids = [dl.Sudoku(l) for l in lines]
    solve, parse_solve = [], []
    for _ in range(3):
        t = time.process_time()
        for s in grids:
            s.solve()
        solve.append((time.process_time() - t) / len(grids) * 1e6)
        t = time.process_time()
        for l in lines:
            dl.Sudoku(l).solve().to_line()
        parse_solve.append((time.process_time() - t) / len(lines) * 1e6)
    return statistics.median(solve), statistics.median(parse_solve)


def children_cpu(cmd, runs=3):
    """Median wall seconds and CPU seconds (user+sys) of a whole process."""
    walls, cpus = [], []
    for _ in range(runs):
        before = os.times()
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - t)
        after = os.times()
        cpus.append(after.children_user + after.children_system - before.children_user - before.children_system)
    return statistics.median(walls), statistics.median(cpus)


CHILD = """
import sys, dancing_links as dl
with open(sys.argv[1], encoding="utf-8") as f:
    lines = [l for l in f.read().split("\\n") if l and not l.startswith("#")]
checks = dl.check_many(lines)
sys.stdout.write("".join(c.solution.to_line() + "\\n" for c in checks if c.status == "unique"))
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=os.environ.get("SUDOKU_DATA", os.path.join(ROOT, "..", "shared", "data")))
    ap.add_argument("--puzzles", type=int, default=0, help="puzzles for the per-call figures (0: all)")
    ap.add_argument("--cap", type=float, default=20.0, help="seconds per grid for the course's algorithm")
    ap.add_argument("--sudoku", help="the native command (default: build it with cargo)")
    args = ap.parse_args()
    path = os.path.join(args.data, "puzzles2_17_clue")
    sudoku = args.sudoku
    if not sudoku:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "sudoku"], cwd=ROOT, check=True)
        sudoku = os.path.join(ROOT, "target", "release", "sudoku")
    print(f"load average before: {os.getloadavg()}  cpus: {os.cpu_count()}")

    lines = puzzle_lines(path, args.puzzles)
    subset = os.path.join(ROOT, "target", "bench-17-clue-subset.txt")
    with open(subset, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    native = native_bench(sudoku, path, args.puzzles)
    _, native_cpu = children_cpu([sudoku, "solve", "-j", "1", subset])
    native_pipeline = native_cpu / len(lines) * 1e6
    solve_us, parse_solve_us = per_call(lines)
    print(f"\n1. per call, 9x9, one thread, first {len(lines)} puzzles of puzzles2_17_clue (median of 3)")
    print(f"   native `sudoku bench -j 1` solve (search only, wall)        {native:8.2f} us/puzzle")
    print(f"   native `sudoku solve -j 1` (read, solve, check, write; CPU) {native_pipeline:8.2f} us/puzzle")
    print(f"   Python s.solve() (CPU)                                      {solve_us:8.2f} us/puzzle"
          f"  ({solve_us - native:+.2f} us vs search only)")
    print(f"   Python Sudoku(line).solve().to_line() (CPU)                 {parse_solve_us:8.2f} us/puzzle"
          f"  ({parse_solve_us - native_pipeline:+.2f} us vs native pipeline)")

    everything = puzzle_lines(path)
    n = len(everything)
    walls, cpus = [], []
    for _ in range(3):
        t, c = time.perf_counter(), time.process_time()
        dl.check_many(everything)
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    in_process, in_process_cpu = statistics.median(walls), statistics.median(cpus)
    w_native, c_native = children_cpu([sudoku, "check", "-j", "2", path])
    w_python, c_python = children_cpu([sys.executable, "-c", CHILD, path])
    print(f"\n2. uniqueness check of all {n} puzzles of puzzles2_17_clue (median of 3)")
    print(f"   native `sudoku check -j 2`, whole process      {w_native:7.3f} s wall {c_native:7.3f} s CPU  {n / w_native:8.0f} puzzles/s")
    print(f"   Python read + check_many + write, whole process {w_python:6.3f} s wall {c_python:7.3f} s CPU  {n / w_python:8.0f} puzzles/s"
          f"  ({(w_python / w_native - 1) * 100:+.1f}% wall)")
    print(f"   Python check_many(list of lines) call alone    {in_process:7.3f} s wall {in_process_cpu:7.3f} s CPU  {n / in_process:8.0f} puzzles/s"
          f"  ({(in_process / w_native - 1) * 100:+.1f}% wall, {(in_process_cpu / c_native - 1) * 100:+.1f}% CPU)")

    print(f"\n3. the course's pure-Python backtracking vs Sudoku.solve(), course grids (cap {args.cap:.0f} s)")
    for k, g in enumerate(course_grids()):
        n_side, box = g.size, g.box_shape[0]
        t = time.perf_counter()
        g.solve()
        ours = time.perf_counter() - t
        t = time.perf_counter()
        try:
            answer = course_solve(g.cases, n_side, box, time.monotonic() + args.cap)
            theirs = f"{time.perf_counter() - t:9.3f} s"
            assert dl.Sudoku(answer).is_solution_of(g)
        except TempsEcoule:
            theirs = f"> {args.cap:.0f} s (stopped)"
        print(f"   grid {k} ({n_side}x{n_side}, {g.givens:2} givens): course {theirs:>18}   Sudoku.solve() {ours * 1e6:8.1f} us")
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
