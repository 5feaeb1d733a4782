"""The logical solver from Python: rate() on Sudoku Explainer's scale, hint()
from a grid or a learner's pencil marks, steps(), and the two kinds of
candidates. Known answers come from Sudoku Explainer 1.2.1 (the ratings kept
in sudoku-logic/tests/data/se-ratings.txt, with how they were made) and from
brute force written here; steps are checked against the solution that the
exact-cover search finds and that rules.py verifies."""

import itertools
import os
import warnings

import pytest

import dancing_links as dl
from dancing_links import Sudoku
from rules import candidates, is_solution

HERE = os.path.dirname(os.path.abspath(__file__))
SE_RATINGS = os.path.join(HERE, "..", "..", "sudoku-logic", "tests", "data", "se-ratings.txt")

# Wikipedia's puzzle: Sudoku Explainer 1.2.1 rates it 1.2/1.2/1.2 (as the
# sudoku-logic crate's documentation says).
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def se_rated(n):
    """The first n puzzles of the SE-rated file with SE's ER/EP/ED."""
    rows = []
    with open(SE_RATINGS) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            puzzle, rating = line.split()
            rows.append((puzzle, tuple(float(x) for x in rating.split("/"))))
            if len(rows) == n:
                break
    return rows


def solution_of(s):
    solution = s.solve_unique()
    assert is_solution(s.to_list(), solution.to_list(), 3, 3)
    return solution.to_list()


def check_sound(step, solution):
    """No step places a wrong value or removes the solution's value."""
    for r, c, v in step.placements:
        assert solution[r][c] == v, step.text
    for r, c, values in step.eliminations:
        assert solution[r][c] not in values, step.text
    assert step.placements or step.eliminations, step.text


@pytest.mark.parametrize("puzzle,expected", se_rated(16))
def test_rate_agrees_with_sudoku_explainer(puzzle, expected):
    r = Sudoku(puzzle).rate()
    assert isinstance(r, dl.SeRating)
    assert (r.er, r.ep, r.ed) == expected
    assert str(r) == "%.1f/%.1f/%.1f" % expected
    assert float(r) == r.er
    assert r.solved and r.hardest
    assert r.to_dict()["se"] == {"er": expected[0], "ep": expected[1], "ed": expected[2]}


def test_rate_scales_and_their_errors():
    easy = Sudoku(EASY)
    assert str(easy.rate()) == "1.2/1.2/1.2"
    assert easy.rate().hardest == "Hidden Single"
    search = easy.rate(scale="search")
    assert isinstance(search, dl.Rating) and search.singles_only
    with pytest.warns(DeprecationWarning, match="seeds"):
        assert easy.rate(4).er == 1.2
    with pytest.raises(ValueError, match="scale"):
        easy.rate(scale="hard")
    with pytest.raises(dl.NotUnique):
        Sudoku("1" + "." * 15).rate()
    with pytest.raises(dl.Unsolvable):
        Sudoku(".23." ".1.." "4..." "....").rate()
    with pytest.raises(dl.InvalidPuzzle):
        Sudoku("11.." + "." * 12).hint()
    # Killer cages are reasoned with (named steps), so a killer puzzle is
    # rated and its path finishes (SE itself rates no killer).
    killer = Sudoku("1.3.3.2...4.....", cages=[(3, ["r1c1", "r1c2"])])
    assert isinstance(killer.rate(), dl.SeRating)
    assert killer.steps().solved


@pytest.mark.parametrize("puzzle,expected", se_rated(8))
def test_steps_are_sound_and_finish_on_the_solution(puzzle, expected):
    s = Sudoku(puzzle)
    solution = solution_of(s)
    path = s.steps()
    assert path.solved and path.end == "solved"
    assert len(path) == len(path.steps) > 0
    grid = s.to_list()
    for step in path:
        check_sound(step, solution)
        for r, c, v in step.placements:
            grid[r][c] = v
    assert grid == solution
    rating = path.rating
    assert (rating.er, rating.ep, rating.ed) == expected
    # ER is the hardest step, ED the first.
    assert rating.er == max(step.difficulty for step in path)
    assert rating.ed == path.steps[0].difficulty
    record = path.to_dict()
    assert record["solved"] is True and len(record["steps"]) == len(path)
    first = record["steps"][0]
    assert set(first) >= {"technique", "difficulty", "placements", "eliminations", "text"}
    for p in first["placements"]:
        r, c = (int(x) - 1 for x in p["cell"][1:].split("c"))
        assert solution[r][c] == p["value"]


def test_hint_from_the_grid_is_the_first_step():
    s = Sudoku(EASY)
    solution = solution_of(s)
    hint = s.hint()
    assert isinstance(hint, dl.Step)
    assert hint.technique == "Hidden Single" and hint.difficulty == 1.2
    assert str(hint).startswith("hidden single in ")
    check_sound(hint, solution)
    assert hint.to_dict() == s.steps().steps[0].to_dict()
    assert Sudoku(Sudoku(EASY).solve_unique().to_line()).hint() is None


def pencil_marks_of(s):
    """The pencil marks of every cell from rules.py (not from the package)."""
    rows = s.to_list()
    n = len(rows)
    return [[candidates(rows, 3, 3, r, c) for c in range(n)] for r in range(n)]


def test_hint_from_a_learners_state():
    s = Sudoku(EASY)
    solution = solution_of(s)
    marks = pencil_marks_of(s)
    # The learner places r1c3 (its value) and erases a wrong mark of r1c4.
    marks[0][2] = [solution[0][2]]
    wrong = [v for v in marks[0][3] if v != solution[0][3]][0]
    marks[0][3] = [v for v in marks[0][3] if v != wrong]
    hint = s.hint(marks)
    check_sound(hint, solution)
    # The same state as text, as `sudoku hint --marks` reads it.
    text = "\n".join(
        " ".join("".join(str(v) for v in cell) for cell in row) for row in marks
    )
    assert s.hint(text).to_dict() == hint.to_dict()
    # Flat, cell by cell, with strings of digits.
    flat = ["".join(str(v) for v in cell) for row in marks for cell in row]
    assert s.hint(flat).to_dict() == hint.to_dict()


def test_a_state_with_a_mistake_is_reported_not_hinted_from():
    s = Sudoku(EASY)
    solution = solution_of(s)
    # A wrong digit placed in r1c3.
    marks = pencil_marks_of(s)
    bad = [v for v in marks[0][2] if v != solution[0][2]][0]
    marks[0][2] = [bad]
    with pytest.raises(dl.Mistake, match="r1c3") as e:
        s.hint(marks)
    assert (e.value.cell, e.value.row, e.value.col) == ("r1c3", 0, 2)
    # A mark erased that the solution needs, in r9c7.
    marks = pencil_marks_of(s)
    marks[8][6] = [v for v in marks[8][6] if v != solution[8][6]]
    with pytest.raises(dl.Mistake) as e:
        s.hint(marks)
    assert e.value.cell == "r9c7" and str(solution[8][6]) in str(e.value)
    # A given changed.
    marks = pencil_marks_of(s)
    marks[0][0] = [3]
    with pytest.raises(dl.Mistake, match="given 5"):
        s.hint(marks)
    # Malformed marks are a ValueError, not a mistake.
    with pytest.raises(ValueError) as e:
        s.hint([[1, 2]] * 80)
    assert not isinstance(e.value, dl.Mistake)
    with pytest.raises(ValueError, match="above 9"):
        s.hint([[1, 10]] + [[v] if v else 0 for row in s.to_list() for v in row][1:])


def test_pencil_marks_and_the_deprecated_candidates():
    s = Sudoku("1.3.3.2...4.....")
    assert s.pencil_marks(0, 1) == [2, 4]
    with pytest.warns(DeprecationWarning, match="pencil_marks"):
        assert s.candidates(0, 1) == [2, 4]


def brute_force_solutions(rows, box):
    """Every solution of a small classic grid, by trying every value."""
    n = len(rows)
    grid = [row[:] for row in rows]
    cells = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
    found = []

    def fill(i):
        if i == len(cells):
            found.append([row[:] for row in grid])
            return
        r, c = cells[i]
        for v in candidates(grid, box, box, r, c):
            grid[r][c] = v
            fill(i + 1)
            grid[r][c] = 0

    fill(0)
    return found


@pytest.mark.parametrize("text", ["1.3.3.2...4.....", "1..........2....", "...." * 4, "12.." + "." * 12])
def test_true_candidates_are_the_values_of_some_solution(text):
    s = Sudoku(text)
    solutions = brute_force_solutions(s.to_list(), 2)
    expected = [
        [sorted({sol[r][c] for sol in solutions}) for c in range(4)] for r in range(4)
    ]
    assert s.true_candidates() == expected


def test_true_candidates_of_an_unsolvable_grid():
    with pytest.raises(dl.Unsolvable):
        Sudoku(".23." ".1.." "4..." "....").true_candidates()


def test_limits_stop_the_logic_with_incomplete():
    # The uniqueness proof of EASY takes one search node (`sudoku check`
    # says so); its path takes dozens of steps: max_nodes=3 caps the steps.
    s = Sudoku(EASY)
    with pytest.raises(dl.Incomplete) as e:
        s.steps(max_nodes=3)
    assert e.value.reason == "node-limit"
    with pytest.raises(dl.Incomplete):
        s.rate(max_nodes=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(s.steps(max_nodes=1000)) > 3
