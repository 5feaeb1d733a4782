"""Doppelganger grids (values 0..n) from Python: solve, count, check, true
candidates and generate, against a 4x4 brute force written here from the
rule's text (docs/variants.md): every row, column and box holds 0 and all
but one of 1..4; no two houses of a kind miss the same value; at each 0 the
values missing from its row, column and box differ."""

from itertools import permutations

import pytest

import dancing_links as dl
from dancing_links import Doppelganger, NotUnique, Sudoku, Unsolvable

N = 4


def houses():
    rows = [[r * N + c for c in range(N)] for r in range(N)]
    cols = [[r * N + c for r in range(N)] for c in range(N)]
    boxes = [
        [(br + r) * N + bc + c for r in range(2) for c in range(2)]
        for br in (0, 2)
        for bc in (0, 2)
    ]
    return [rows, cols, boxes]


HOUSES = houses()


def obeys(grid):
    """The rule on a filled grid (a flat list of 16 values)."""
    misses = []
    for kind in HOUSES:
        missing = []
        for cells in kind:
            values = [grid[i] for i in cells]
            if len(set(values)) != N or 0 not in values:
                return False
            absent = [v for v in range(1, N + 1) if v not in values]
            missing.append(absent[0])
        if len(set(missing)) != N:
            return False
        misses.append(missing)
    for i, v in enumerate(grid):
        if v == 0:
            r, c = divmod(i, N)
            b = (r // 2) * 2 + c // 2
            if len({misses[0][r], misses[1][c], misses[2][b]}) != 3:
                return False
    return True


def all_grids():
    rows = [list(p) for p in permutations(range(N + 1), N) if 0 in p]
    out = []

    def fill(grid):
        if len(grid) == N * N:
            if obeys(grid):
                out.append(tuple(grid))
            return
        r = len(grid) // N
        for row in rows:
            if all(grid[k * N + c] != row[c] for k in range(r) for c in range(N)):
                fill(grid + row)

    fill([])
    return out


ALL = all_grids()


def completions(givens):
    """The grids of ALL that keep `givens` (None: blank)."""
    return [g for g in ALL if all(v is None or g[i] == v for i, v in enumerate(givens))]


def text(givens):
    return "".join("." if v is None else str(v) for v in givens)


def puzzles():
    """Givens taken from brute-force grids: the empty grid, then 1 to 7."""
    out = [[None] * 16]
    for k, g in enumerate(ALL[::97]):
        givens = [None] * 16
        for i in range(k % 3, 16, 2 + k % 4):
            givens[i] = g[i]
        out.append(givens)
    return out


def test_the_brute_force_counts_every_grid():
    # 768: the count the library's own brute-force test finds too.
    assert len(ALL) == 768


def test_counts_checks_and_solutions_agree_with_the_brute_force():
    for givens in puzzles():
        expected = completions(givens)
        d = Doppelganger(text(givens))
        assert d.count() == len(expected), text(givens)
        assert d.check() == {0: "unsolvable", 1: "unique"}.get(len(expected), "multiple")
        assert d.is_unique() == (len(expected) == 1)
        solved = d.solve()
        assert tuple(v for row in solved.rows() for v in row) in expected
        if len(expected) == 1:
            assert str(d.solve_unique()) == str(solved)
        else:
            with pytest.raises(NotUnique):
                d.solve_unique()


def test_true_candidates_agree_with_the_brute_force():
    for givens in puzzles()[1:]:
        expected = completions(givens)
        found = Doppelganger(text(givens)).true_candidates()
        for i in range(16):
            want = sorted({g[i] for g in expected})
            assert found[i // N][i % N] == want, (text(givens), i)


def test_zero_is_a_value_and_rows_of_ints_are_read():
    d = Doppelganger([[0, None, None, None], [None] * 4, [None] * 4, [None] * 4])
    assert d[0, 0] == 0 and d[0, 1] is None
    assert str(d) == "0..............."
    assert d.count() == len(completions([0] + [None] * 15))
    with pytest.raises(Unsolvable):
        Doppelganger("00..............").solve()
    with pytest.raises(ValueError, match="r1c4"):
        Doppelganger("...5............")


def test_generated_puzzles_are_unique_and_minimal_by_the_brute_force():
    for seed in range(4):
        d = Doppelganger.generate("2", seed)
        givens = [v for row in d.rows() for v in row]
        assert len(completions(givens)) == 1
        for i, v in enumerate(givens):
            if v is not None:
                fewer = list(givens)
                fewer[i] = None
                assert len(completions(fewer)) > 1, (str(d), i)
    six = Doppelganger.generate("2x3", 1)
    assert six.size == 6 and six.box == "2x3" and six.is_unique()


def test_sudoku_points_to_the_doppelganger_class():
    with pytest.raises(ValueError, match="Doppelganger"):
        Sudoku("." * 16, variant="doppelganger")
    assert dl.Doppelganger is Doppelganger
