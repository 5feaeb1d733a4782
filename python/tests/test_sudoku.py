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
    assert s.pencil_marks(3, 1) == [1, 2, 3, 4]
    assert s.pencil_marks(0, 3) == [4]
    assert s.pencil_marks(0, 1) == [2, 4]


@pytest.mark.parametrize("text", course_puzzles())
def test_candidates_match_the_rules(text):
    s = Sudoku(text)
    rows = s.to_list()
    br, bc = s.box_shape
    for r in range(s.size):
        for c in range(s.size):
            assert s.pencil_marks(r, c) == candidates(rows, br, bc, r, c)


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
    assert len({g.to_line() for g in grids}) == 1
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
    r = s.rate(scale="search")
    assert r.singles_only == solved_by_singles(s.to_list(), 3, 3)
    assert (r.rating == 0.0) == r.singles_only
    assert float(r) == r.rating


def test_rate():
    assert Sudoku(HARD).rate(scale="search").rating > 1.0
    with pytest.raises(dl.NotUnique):
        Sudoku("1" + "." * 15).rate(scale="search")


def run_child(code, timeout=60):
    """Runs `code` in a child Python, so that an abort or a hang cannot take
    the test run with it; returns (returncode, stdout + stderr)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout + done.stderr


def matrix_bytes(side):
    """The exact-cover matrix of a side x side grid, as the command budgets it:
    N^3 options of 4 nodes, a spacer per option and one more, a header node per
    item (4 N^2 items); 16 bytes a node and 8 an item."""
    items = 4 * side * side
    nodes = 4 * side**3 + side**3 + 1 + items
    return 16 * nodes + 8 * items


BUDGET = 2 * 2**30  # the command's default memory budget


def test_the_largest_side_within_the_budget():
    # From the formula: 299 is the largest side whose matrix fits 2 GiB.
    assert matrix_bytes(299) <= BUDGET < matrix_bytes(300)
    assert Sudoku.empty(box=(1, 299)).size == 299
    assert Sudoku.empty(17).size == 289
    with pytest.raises(ValueError, match=r"a 300x300 grid \(1x300 boxes\) needs about .* more than the 2 GiB budget"):
        Sudoku.empty(box=(1, 300))


def test_shapes_over_the_memory_budget_are_refused_before_allocating():
    # Issue 23 #14: box=(1, 65535) then str() aborted the interpreter
    # (memory allocation of 51538952194 bytes failed); box=182 ran for minutes.
    code, out = run_child(
        "import dancing_links as dl\n"
        "big = 18 * 18\n"
        "attempts = [\n"
        "    lambda: dl.Sudoku.empty(box=(1, 65535)),\n"
        "    lambda: dl.Sudoku.empty(box=182),\n"
        "    lambda: dl.Sudoku.empty(box='18x18'),\n"
        "    lambda: dl.Sudoku('.' * 16, box=(1, 65535)),\n"
        "    lambda: dl.Sudoku('.' * big * big),\n"
        "    lambda: dl.Sudoku([0] * (big * big)),\n"
        "    lambda: dl.Sudoku([[0] * big] * big),\n"
        "    lambda: dl.Sudoku.generate(box=182),\n"
        "    lambda: dl.Sudoku.from_json('{\"grid\": \"' + '.' * big * big + '\"}'),\n"
        "    lambda: dl.solve_many(['.' * 16], box=182),\n"
        "]\n"
        "for attempt in attempts:\n"
        "    try:\n"
        "        s = attempt()\n"
        "        print('accepted', len(str(s)))\n"
        "    except ValueError as e:\n"
        "        print('ValueError:', e)\n"
        "print(dl.solve_many(['.' * big * big])[0].message)\n",
        timeout=120,
    )
    assert code == 0, out
    lines = out.splitlines()
    assert len(lines) == 11, out
    for line in lines[:-1]:
        assert line.startswith("ValueError: a "), out
        assert "more than the 2 GiB budget" in line, out
    assert lines[0].startswith("ValueError: a 65535x65535 grid (1x65535 boxes) needs about")
    assert lines[1].startswith("ValueError: a 33124x33124 grid (182x182 boxes) needs about")
    assert lines[-1].startswith("a 324x324 grid (18x18 boxes) needs about"), out


def test_editing_a_cell():
    # Issue 20: s[0, 1] = 2 raised TypeError.
    s = Sudoku("1.3.3.2...4.....")
    s[0, 1] = 2
    assert s[0, 1] == 2 and s.givens == 6 and s.to_line() == "123.3.2...4....."
    s[0, 1] = 0
    assert s.to_line() == "1.3.3.2...4....."
    s[3, 3] = 4
    s[3, 3] = None
    assert s.to_line() == "1.3.3.2...4....."
    s[1, 1] = 4
    del s[1, 1]
    assert s.givens == 5
    # A clash is allowed in the grid, and then reported.
    s[0, 1] = 1
    assert s.conflicts() == [
        "value 1 appears twice in row 1: at r1c1 and r1c2",
        "value 1 appears twice in box 1: at r1c1 and r1c2",
    ]
    with pytest.raises(dl.InvalidPuzzle):
        s.solve()


def test_editing_errors_name_the_cell_and_the_range():
    s = Sudoku.empty(box=(2, 3))
    with pytest.raises(IndexError, match=r"^cell r7c1 \(index \[6, 0\]\) is out of range: a 6x6 grid has rows and columns 0 to 5$"):
        s[6, 0] = 1
    with pytest.raises(IndexError, match=r"cell r1c\[-1\] \(index \[0, -1\]\) is out of range"):
        s[0, -1] = 1
    with pytest.raises(IndexError, match="r1c7"):
        s[0, 6]
    with pytest.raises(ValueError, match=r"^cell r1c2: value 7 is out of range for a 6x6 grid \(values 1 to 6, or 0 or None to clear the cell\)$"):
        s[0, 1] = 7
    with pytest.raises(ValueError, match="cell r2c1: value -1 is out of range"):
        s[1, 0] = -1
    with pytest.raises(TypeError, match="cell r1c1: expected an int or None, got str"):
        s[0, 0] = "3"
    with pytest.raises(TypeError, match="pair of ints"):
        s[0] = 3
    assert s.givens == 0


def test_editing_changes_every_answer_after_it():
    # Nothing computed before an edit is reused after it.
    s = Sudoku("1" + "." * 15)
    assert s.count() == count_solutions(s.to_list(), 2, 2, 1000) == 288 // 4
    assert not s.is_unique()
    first = s.solve()
    for r, c in [(0, 1), (0, 2), (1, 0), (2, 0), (2, 2)]:
        s[r, c] = first[r, c]
    assert s.count() == count_solutions(s.to_list(), 2, 2, 1000)
    assert s.pencil_marks(0, 3) == candidates(s.to_list(), 2, 2, 0, 3)
    before = s.count()
    for v in s.pencil_marks(3, 3):
        s[3, 3] = v
        assert s.count() == count_solutions(s.to_list(), 2, 2, 1000)
        assert s.is_unique() == (count_solutions(s.to_list(), 2, 2, 2) == 1)
    s[3, 3] = 0
    assert s.count() == before
    # A solved grid edited is no longer solved; put back, it is again.
    g = first.solve()
    assert g.is_solved()
    v = g[2, 1]
    g[2, 1] = 0
    assert not g.is_solved() and g.pencil_marks(2, 1) == [v]
    g[2, 1] = v
    assert g.is_solved()


def test_sudoku_is_mutable_so_not_hashable():
    s = Sudoku("1" + "." * 15)
    with pytest.raises(TypeError):
        hash(s)
    copy = Sudoku(s)
    copy[0, 1] = 2
    assert s[0, 1] == 0 and copy != s


def test_solve_checks_every_solution_apart_from_the_search():
    # Issue 20 (one answer path): solve() and solve_unique() check the grid
    # their search found against the rules and givens, with code apart from
    # the search, and raise RuntimeError rather than return an unchecked
    # grid. No engine returns a wrong grid, so the check itself is driven
    # through `_checked`, the function both methods apply to what they find.
    puzzle = Sudoku("1.3.3.2...4.....")
    for found in (puzzle.solve(), puzzle.solve_unique()):
        assert found.to_line() == "1234342121434312"
        assert puzzle._checked(found) == found
    wrong = {
        # Rows and columns hold 1-4 and the givens are kept, but the top
        # left box holds 1 twice.
        "latin square, not a Sudoku": "1432312423414213",
        # A valid Sudoku (values 1 and 2 swapped) that changes the given 1.
        "changes a given": "2134341212434321",
        "a blank cell": "123434212143431.",
    }
    for why, line in wrong.items():
        rows = [[int(ch) if ch != "." else 0 for ch in line[4 * r : 4 * r + 4]] for r in range(4)]
        assert not is_solution(puzzle.to_list(), rows, 2, 2), why  # the tests' own rules
        with pytest.raises(RuntimeError, match="^internal error: the solution found fails the check of the rules and givens$"):
            puzzle._checked(Sudoku(line))


def test_solve_of_a_variant_checks_the_variant_rules():
    x = Sudoku("1.......3......4", variant="x")
    assert x.solve().to_line() == x.solve_unique().to_line() == "1243431234212134"
    # Classic solutions of the same givens whose diagonals repeat a value:
    # right for classic Sudoku, wrong for X.
    classic = Sudoku("1.......3......4")
    for line in ("1243432134122134", "1342421334212134"):
        cells = [int(ch) for ch in line]
        assert classic._checked(Sudoku(line)).to_line() == line
        assert len({cells[5 * i] for i in range(4)}) < 4 or len({cells[3 * i + 3] for i in range(4)}) < 4
        with pytest.raises(RuntimeError, match="^internal error: "):
            x._checked(Sudoku(line))
