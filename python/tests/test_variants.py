"""Sudoku variants: the shipped examples checked against the rules written
here (rules.py), and counts on 4x4 variants against a plain backtracking."""

import json
import os

import pytest

import dancing_links as dl
from dancing_links import InvalidPuzzle, Sudoku

import rules

HERE = os.path.dirname(__file__)
VARIANTS = os.path.join(HERE, "..", "..", "examples", "sudoku", "variants")


def read(name):
    with open(os.path.join(VARIANTS, name)) as f:
        return f.read()


def lines(name):
    return [line.strip() for line in read(name).splitlines() if line.strip() and not line.startswith("#")]


def rows(line):
    """A one-line 9x9 or 4x4 grid as rows of ints ('.' is 0)."""
    n = int(len(line) ** 0.5)
    values = [0 if ch in ".0" else int(ch) for ch in line]
    return [values[r * n : (r + 1) * n] for r in range(n)]


def cages_from_text(text):
    """Cage lines `15 r1c1 r1c2` as (sum, [(row, col)]), 0-based."""
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        total, *cells = line.split()
        out.append((int(total), [(int(cell[1]) - 1, int(cell[3]) - 1) for cell in cells]))
    return out


@pytest.mark.parametrize(
    "puzzles, solutions, variant, x, windoku",
    [("x.txt", "x-solutions.txt", "x", True, False), ("windoku.txt", "windoku-solutions.txt", "windoku", False, True)],
)
def test_examples_x_and_windoku(puzzles, solutions, variant, x, windoku):
    units = rules.variant_units(9, 3, 3, x=x, windoku=windoku)
    for puzzle, expected in zip(lines(puzzles), lines(solutions)):
        s = Sudoku(puzzle, variant=variant)
        solution = s.solve_unique()
        assert rules.is_variant_solution(rows(puzzle), solution.to_list(), units)
        assert solution.to_line() == expected
        assert s.is_unique()
        assert solution.variant == variant
        assert solution.is_solution_of(s)
        # The classic rules alone allow more, or the variant would not matter.
        assert Sudoku(puzzle).count(limit=2) == 2


def test_example_jigsaw_with_region_map():
    regions = read("jigsaw-regions.txt")
    puzzle = lines("jigsaw.txt")[0]
    s = Sudoku(puzzle, variant="jigsaw", regions=regions)
    solution = s.solve_unique()
    region_rows = [line.strip() for line in regions.splitlines() if line.strip()]
    units = rules.variant_units(9, 3, 3, regions=region_rows)
    assert rules.is_variant_solution(rows(puzzle), solution.to_list(), units)
    assert solution.to_line() == lines("jigsaw-solution.txt")[0]
    # The same map as a list of rows, and regions alone imply jigsaw.
    assert Sudoku(puzzle, regions=region_rows).solve().to_line() == solution.to_line()
    assert s.variant == "jigsaw"
    assert len({v for row in s.regions for v in row}) == 9
    # The drawing follows the regions, not the boxes: row 1 is aabbbbbcc.
    assert str(s).splitlines()[1].count("|") == 4


@pytest.mark.parametrize("name, x", [("jigsaw.json", False), ("jigsaw-x.json", True)])
def test_examples_json_documents(name, x):
    text = read(name)
    doc = json.loads(text)
    s = Sudoku.from_json(text)
    solution = s.solve_unique()
    units = rules.variant_units(9, 3, 3, x=x, regions=doc["regions"])
    assert rules.is_variant_solution(rows(doc["grid"]), solution.to_list(), units)
    assert solution.to_line() == doc["solution"]
    assert s.check().status == "unique"


def test_example_killer_with_cages():
    cage_text = read("killer-cages.txt")
    puzzle = lines("killer.txt")[0]
    s = Sudoku(puzzle, variant="killer", cages=cage_text)
    solution = s.solve_unique(timeout=60)
    cages = cages_from_text(cage_text)
    assert sorted(s.cages) == sorted(cages)
    assert rules.is_variant_solution(rows(puzzle), solution.to_list(), rules.variant_units(9, 3, 3), cages)
    assert solution.to_line() == lines("killer-solution.txt")[0]
    # The cages given as (sum, cells) pairs, cells as names, give the same.
    named = [(total, ["r%dc%d" % (r + 1, c + 1) for r, c in cells]) for total, cells in cages]
    assert Sudoku(puzzle, cages=named).solve().to_line() == solution.to_line()


JIGSAW_4 = ["aaab", "abbb", "cccd", "cddd"]
CAGES_4 = [(3, [(0, 0), (0, 1)]), (7, [(1, 2), (1, 3)]), (5, [(2, 0), (3, 0)])]

SMALL = [
    # (variant, regions, cages, puzzle)
    ("x", None, None, "................"),
    ("x", None, None, "1..............."),
    ("windoku", None, None, "................"),
    ("windoku", None, None, ".2.............."),
    ("x,windoku", None, None, "................"),
    ("jigsaw", JIGSAW_4, None, "................"),
    ("jigsaw", JIGSAW_4, None, "1.......3......."),
    ("jigsaw,x", JIGSAW_4, None, "................"),
    ("killer", None, CAGES_4, "................"),
    ("killer,x", None, CAGES_4, "................"),
    ("x", None, None, "12..............2"[:16]),
]


@pytest.mark.parametrize("variant, regions, cages, puzzle", SMALL)
def test_4x4_counts_match_brute_force(variant, regions, cages, puzzle):
    names = variant.split(",")
    units = rules.variant_units(4, 2, 2, x="x" in names, windoku="windoku" in names, regions=regions)
    expected = rules.count_variant(rows(puzzle), units, cages or ())
    s = Sudoku(puzzle, variant=variant, regions=regions, cages=cages)
    assert s.count() == expected
    assert s.count(limit=1) == min(expected, 1)
    assert s.is_unique() == (expected == 1)
    if expected:
        solution = s.solve()
        assert rules.is_variant_solution(rows(puzzle), solution.to_list(), units, cages or ())
        assert solution.is_solved()
    # Candidates: the values the brute force can still complete, a superset
    # check: every value in some solution is offered, none clashes.
    for r in range(4):
        for c in range(4):
            offered = set(s.pencil_marks(r, c))
            grid = rows(puzzle)
            if grid[r][c]:
                assert offered == {grid[r][c]}
                continue
            for v in range(1, 5):
                grid[r][c] = v
                if rules.count_variant(grid, units, cages or (), limit=1):
                    assert v in offered
                grid[r][c] = 0
            clash = {rows(puzzle)[i][j] for unit in units if (r, c) in unit for i, j in unit}
            assert not offered & clash


def test_x_rules_cut_the_classic_count():
    # Empty 4x4: 288 classic grids (a known count); X keeps fewer.
    units = rules.variant_units(4, 2, 2, x=True)
    x_count = rules.count_variant(rows("." * 16), units)
    assert Sudoku("." * 16).count() == 288
    assert Sudoku("." * 16, variant="x").count() == x_count < 288


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw", "x,jigsaw"])
@pytest.mark.parametrize("seed", [1, 2])
def test_generate_4x4_variants_are_unique_by_brute_force(variant, seed):
    s = Sudoku.generate(box=2, seed=seed, variant=variant)
    names = variant.split(",")
    regions = s.regions
    region_symbols = None if regions is None else ["".join(chr(97 + v) for v in row) for row in regions]
    units = rules.variant_units(4, 2, 2, x="x" in names, windoku="windoku" in names, regions=region_symbols)
    assert rules.count_variant(s.to_list(), units, limit=2) == 1
    assert ("jigsaw" in names) == (regions is not None)
    assert Sudoku.generate(box=2, seed=seed, variant=variant) == s


def test_generate_9x9_x():
    s = Sudoku.generate(seed=5, variant="x")
    solution = s.solve_unique()
    assert rules.is_variant_solution(s.to_list(), solution.to_list(), rules.variant_units(9, 3, 3, x=True))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(variant="sideways"), "sideways"),
        (dict(variant="jigsaw"), "region map"),
        (dict(variant="killer"), "cages"),
        (dict(regions="aab\nabb"), "6 cells, which is not a square number"),
        (dict(cages="3 r1c1 r1x2"), "line 1, column 8: expected a cell such as r1c2"),
        (dict(cages=[(3, [(0, 0), (7, 7)])]), "r8c8"),
    ],
)
def test_bad_variant_arguments_raise_located_value_errors(kwargs, message):
    with pytest.raises(ValueError) as err:
        Sudoku("." * 16, **kwargs)
    assert message in str(err.value)


def test_bad_json_document_says_where():
    with pytest.raises(ValueError) as err:
        Sudoku.from_json('{"grid": "1234", "variant": "x", "colour": 3}')
    assert "line 1" in str(err.value)
    with pytest.raises(ValueError):
        Sudoku.from_json("")


def test_jigsaw_with_x_and_windoku_is_refused_at_once():
    """Random jigsaw maps with both x and windoku almost never admit a grid:
    the generator of `sudoku generate` refuses them up front (Unsolvable,
    naming the way out) instead of searching for minutes."""
    import time

    start = time.monotonic()
    with pytest.raises(dl.Unsolvable) as err:
        Sudoku.generate(variant="x,windoku,jigsaw", seed=1)
    assert time.monotonic() - start < 1.0
    assert "almost never admit a grid" in str(err.value)


def test_killer_cannot_be_generated_and_rate_is_classic_only():
    with pytest.raises(ValueError):
        Sudoku.generate(box=2, seed=1, variant="killer")
    with pytest.raises(ValueError):
        Sudoku("." * 16, variant="x").rate(scale="search")


def test_conflicts_follow_the_variant_rules():
    # r1c4 and r2c2 hold 1: no shared row, column or box, but one region.
    puzzle = "...1.1.........."
    assert Sudoku(puzzle).conflicts() == []
    jigsaw = Sudoku(puzzle, regions=JIGSAW_4)
    assert len(jigsaw.conflicts()) == 1
    assert "r1c4" in jigsaw.conflicts()[0] and "r2c2" in jigsaw.conflicts()[0]
    assert jigsaw.check().status == "invalid"
    assert not jigsaw.is_unique()
    with pytest.raises(InvalidPuzzle):
        jigsaw.count()


@pytest.mark.parametrize("variant, regions, cages", [("x", None, None), ("jigsaw", JIGSAW_4, None), ("killer,x", None, CAGES_4)])
def test_editing_a_variant_keeps_its_rules(variant, regions, cages):
    # Issue 20: s[r, c] = v on a variant edits the cell; the rules stay.
    names = variant.split(",")
    units = rules.variant_units(4, 2, 2, x="x" in names, windoku="windoku" in names, regions=regions)
    s = Sudoku("." * 16, variant=variant, regions=regions, cages=cages)
    grid = rows("." * 16)
    for (r, c, v) in [(0, 0, 1), (1, 1, 2), (3, 2, 4)]:
        s[r, c] = v
        grid[r][c] = v
        assert s.variant == Sudoku("." * 16, variant=variant, regions=regions, cages=cages).variant
        assert s.count() == rules.count_variant(grid, units, cages or ())
    solution = s.solve() if s.count() else None
    if solution is not None:
        assert rules.is_variant_solution(grid, solution.to_list(), units, cages or ())
        assert solution.is_solution_of(s)
    s[0, 0] = 0
    grid[0][0] = 0
    assert s.count() == rules.count_variant(grid, units, cages or ())
