"""Sudoku: the course's grids, parsing, errors, limits, generate and rate.
Answers are checked with the rules code in rules.py, not with the package."""

import os
import time

import pytest

import dancing_links as dl
from dancing_links import Sudoku
from rules import candidates, count_solutions, is_solution, solved_by_singles

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")

# The course's 4x4 "type 2" grid (figure 1), with x for a blank, and its
# answer as the course gives it (figure 2).
TYPE2 = """
-----------------
| 1 | x | 3 | x |
-----------------
| 3 | x | 2 | x |
-----------------
| x | x | 4 | x |
-----------------
| x | x | x | x |
-----------------
"""
TYPE2_ANSWER = [[1, 2, 3, 4], [3, 4, 2, 1], [2, 1, 4, 3], [4, 3, 1, 2]]

# The course's `Grille(cases=...)`: a flat list of 16 ints, 0 for a blank.
GRILLE_CASES = [1, 2, 0, 4, 0, 3, 2, 0, 3, 0, 1, 2, 2, 1, 0, 3]
# The other course's partial grid, with x for a blank.
SOMMETS = ["1 2 x x", "x x 1 2", "2 x x 3", "x 3 2 x"]


def course_puzzles():
    """The puzzles of examples/sudoku/course.txt (the course's 4x4 and 9x9
    grids), as blocks of text separated by blank lines."""
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
    return blocks


def test_course_file_has_the_4x4_and_four_9x9_grids():
    sizes = [Sudoku(p).size for p in course_puzzles()]
    assert sizes == [4, 9, 9, 9, 9]


@pytest.mark.parametrize("text", course_puzzles())
def test_course_grids_are_solved_by_the_rules_and_unique(text):
    puzzle = Sudoku(text)
    rows = puzzle.to_list()
    br, bc = puzzle.box_shape
    solution = puzzle.solve()
    assert is_solution(rows, solution.to_list(), br, bc)
    # Uniqueness as an independent backtracking search sees it.
    assert count_solutions(rows, br, bc, 2) == 1
    assert puzzle.is_unique()
    assert puzzle.solve_unique() == solution
    assert puzzle.count() == 1


def test_type2_matches_the_course_answer():
    assert Sudoku(TYPE2).solve().to_list() == TYPE2_ANSWER


def test_course_ligne_colonne_bloc_possibles():
    # The course's exercise gives these answers for its figure 1 (0-based indices).
    S = [[1, 0, 3, 0], [3, 0, 2, 0], [0, 0, 4, 0], [0, 0, 0, 0]]
    s = Sudoku(S)
    assert s == Sudoku(TYPE2)
    assert s.row(0) == [1, 3] and s.row(1) == [3, 2] and s.row(2) == [4]
    assert s.col(0) == [1, 3] and s.col(2) == [3, 2, 4]
    assert s.box_at(1, 1) == [1, 3] and s.box_at(0, 3) == [3, 2]
    assert s.box_at(3, 2) == [4] and s.box_at(2, 1) == []
    assert s.box(0) == [1, 3] and s.box(1) == [3, 2] and s.box(3) == [4] and s.box(2) == []
    assert s.candidates(3, 1) == [1, 2, 3, 4]
    assert s.candidates(0, 3) == [4]
    assert s.candidates(0, 1) == [2, 4]


@pytest.mark.parametrize("text", course_puzzles())
def test_candidates_match_the_rules(text):
    s = Sudoku(text)
    rows = s.to_list()
    br, bc = s.box_shape
    for r in range(s.size):
        for c in range(s.size):
            assert s.candidates(r, c) == candidates(rows, br, bc, r, c)


def test_grille_cases_flat_list_and_x_rows():
    grille = Sudoku(GRILLE_CASES)
    assert grille.cases == GRILLE_CASES
    solution = grille.solve()
    assert is_solution(grille.to_list(), solution.to_list(), 2, 2)
    sommets = Sudoku(SOMMETS)
    assert sommets.to_list() == [[1, 2, 0, 0], [0, 0, 1, 2], [2, 0, 0, 3], [0, 3, 2, 0]]
    assert sommets.count() == count_solutions(sommets.to_list(), 2, 2, 10)


def test_the_same_grid_in_every_notation():
    line = "1.3.3.2...4....."
    forms = [
        line,
        line.replace(".", "0"),
        line.replace(".", "x"),
        TYPE2,
        [[1, 0, 3, 0], [3, None, 2, 0], [0, 0, 4, 0], [0, 0, 0, 0]],
        [1, 0, 3, 0, 3, 0, 2, 0, 0, 0, 4, 0, 0, 0, 0, 0],
        Sudoku(line),
    ]
    grids = [Sudoku(f) for f in forms]
    assert all(g == grids[0] for g in grids)
    assert len({hash(g) for g in grids}) == 1
    assert grids[0].givens == 5
    assert grids[0][2, 2] == 4 and grids[0][3, 3] == 0


def test_str_draws_the_boxed_grid_and_reads_back():
    s = Sudoku(TYPE2)
    drawn = str(s)
    assert drawn.splitlines()[0] == "+-----+-----+"
    assert drawn.splitlines()[1] == "| 1 . | 3 . |"
    assert Sudoku(drawn) == s
    assert eval(repr(s), {"Sudoku": Sudoku}) == s


def test_rectangular_boxes():
    puzzle = Sudoku("1" + "." * 35, box="2x3")
    assert puzzle.box_shape == (2, 3)
    solution = puzzle.solve()
    assert is_solution(puzzle.to_list(), solution.to_list(), 2, 3)
    assert Sudoku("1" + "." * 35, box=(2, 3)) == puzzle
    with pytest.raises(ValueError, match="rectangular boxes"):
        Sudoku("1" + "." * 35)


def test_16x16_is_solved_by_the_rules():
    puzzle = Sudoku.generate(box=4, seed=3)
    assert puzzle.size == 16
    assert is_solution(puzzle.to_list(), puzzle.solve().to_list(), 4, 4)


def test_parse_errors_are_located_like_the_command():
    # 'c' (12) in row 1, column 3 of a 9x9 grid.
    with pytest.raises(ValueError) as e:
        Sudoku("..c" + "." * 78)
    assert str(e.value) == "line 1, column 3, cell r1c3: 'c' (value 12) is too large for a 9x9 grid (values 1-9)"
    # Row 3, column 4 of a drawn grid: line 3, column 9 of the text.
    rows = ["." * 9] * 9
    rows[2] = "...c....."
    with pytest.raises(ValueError, match=r"^line 3, column 4, cell r3c4: 'c' \(value 12\)"):
        Sudoku("\n".join(rows))
    with pytest.raises(ValueError, match="expected 81 cells, found 80|not the size of a grid"):
        Sudoku("." * 80)
    with pytest.raises(ValueError, match=r"cell r2c3: value 7 is too large for a 4x4 grid"):
        Sudoku([[0, 0, 0, 0], [0, 0, 7, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    with pytest.raises(ValueError, match="row 2: expected 4 cells"):
        Sudoku([[0, 0, 0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    with pytest.raises(TypeError, match="cell r1c2: expected an int or None"):
        Sudoku([[0, "a", 0, 0]] + [[0] * 4] * 3)
    with pytest.raises(IndexError):
        Sudoku(TYPE2).row(4)


def test_clashing_givens_raise_invalid_puzzle_with_both_cells():
    s = Sudoku("11" + "." * 79)
    assert s.conflicts() == [
        "value 1 appears twice in row 1: at r1c1 and r1c2",
        "value 1 appears twice in box 1: at r1c1 and r1c2",
    ]
    with pytest.raises(dl.InvalidPuzzle, match="value 1 appears twice in row 1: at r1c1 and r1c2"):
        s.solve()
    assert isinstance(dl.InvalidPuzzle("x"), ValueError)
    assert s.is_unique() is False
    assert s.check().status == "invalid"


UNSOLVABLE = ["12..", "..3.", "..4.", "...."]  # cell r1c3 has no value left


def test_unsolvable_and_not_unique():
    u = Sudoku(UNSOLVABLE)
    assert u.conflicts() == []
    assert count_solutions(u.to_list(), 2, 2, 1) == 0
    with pytest.raises(dl.Unsolvable):
        u.solve()
    assert u.count() == 0
    assert u.check().status == "unsolvable"
    many = Sudoku("1" + "." * 15)
    with pytest.raises(dl.NotUnique):
        many.solve_unique()
    check = many.check()
    assert check.status == "multiple" and not check
    assert check.solution != check.second
    for g in (check.solution, check.second):
        assert is_solution(many.to_list(), g.to_list(), 2, 2)


def test_counts_from_mathematics():
    # 288 Latin-square-like 4x4 Sudoku grids (a known count).
    assert Sudoku.empty(2).count() == 288
    assert Sudoku.empty(3).count(limit=1000) == 1000
    # The oracle agrees on a grid with a handful of solutions.
    few = Sudoku("1...........4..." )
    assert few.count() == count_solutions(few.to_list(), 2, 2, 1000)


def test_limits_raise_incomplete_never_a_fake_answer():
    start = time.monotonic()
    with pytest.raises(dl.Incomplete) as e:
        Sudoku.empty(3).count(timeout=0.2)
    assert time.monotonic() - start < 5
    assert e.value.reason == "deadline"
    assert e.value.count >= 0
    with pytest.raises(dl.Incomplete) as e:
        Sudoku.empty(2).count(max_nodes=5)
    assert e.value.reason == "node-limit"
    assert e.value.count < 288
    with pytest.raises(ValueError, match="timeout"):
        Sudoku.empty(2).count(timeout=-1)


def test_generate_is_unique_reproducible_and_minimal():
    a = Sudoku.generate(box=3, seed=11)
    assert a == Sudoku.generate(box=3, seed=11)
    assert count_solutions(a.to_list(), 3, 3, 2) == 1
    # Minimal: removing any single given makes the solution not unique.
    rows = a.to_list()
    for r in range(9):
        for c in range(9):
            if rows[r][c]:
                v, rows[r][c] = rows[r][c], 0
                assert count_solutions(rows, 3, 3, 2) == 2
                rows[r][c] = v
    small = Sudoku.generate(box=(2, 3), seed=5, symmetry="rotational")
    assert small.box_shape == (2, 3)
    assert count_solutions(small.to_list(), 2, 3, 2) == 1
    cells = small.cases
    assert all((cells[i] == 0) == (cells[35 - i] == 0) for i in range(36))
    with pytest.raises(ValueError, match="unknown symmetry"):
        Sudoku.generate(symmetry="spiral")


HARD = "...8.1..........435............7.8........1...2..3....6......75..34........2..6.."


@pytest.mark.parametrize("text", course_puzzles()[1:] + [HARD])
def test_rate_says_singles_only_when_singles_solve_it(text):
    s = Sudoku(text)
    r = s.rate()
    assert r.singles_only == solved_by_singles(s.to_list(), 3, 3)
    assert (r.rating == 0.0) == r.singles_only
    assert float(r) == r.rating


def test_rate():
    assert Sudoku(HARD).rate().rating > 1.0
    with pytest.raises(dl.NotUnique):
        Sudoku("1" + "." * 15).rate()
