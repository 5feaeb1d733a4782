"""solve_many and check_many: order, bad records, every answer checked by rules."""

import pytest

import dancing_links as dl
from dancing_links import Sudoku, check_many, solve_many
from rules import count_solutions, is_solution


def puzzles():
    good = [Sudoku.generate(box=3, seed=s).to_line() for s in range(20)]
    bad = ["..c" + "." * 78, "11" + "." * 79, "." * 80]
    unsolvable = "12....3...4....."
    many = "1" + "." * 15
    mixed = good[:7] + [bad[0]] + good[7:14] + [bad[1], unsolvable, many, [[1, 0, 3, 0], [3, 0, 2, 0], [0, 0, 4, 0], [0] * 4]] + good[14:] + [bad[2]]
    return mixed


def shape_of(p):
    s = Sudoku(p)
    return s.to_list(), s.box_shape


def test_solve_many_keeps_order_and_isolates_bad_records():
    items = puzzles()
    results = solve_many(iter(items))  # any iterable
    assert len(results) == len(items)
    for i, (item, result) in enumerate(zip(items, results)):
        try:
            rows, (br, bc) = shape_of(item)
        except ValueError:
            assert isinstance(result, dl.Failure) and not result
            assert result.status == "invalid" and result.index == i
            assert "line 1" in result.message
            assert isinstance(result.error, ValueError)
            continue
        expected = count_solutions(rows, br, bc, 1)
        if expected == 0:
            assert isinstance(result, dl.Failure) and result.index == i
            if Sudoku(item).conflicts():
                assert result.status == "invalid"
                assert isinstance(result.error, dl.InvalidPuzzle)
                assert result.message == Sudoku(item).conflicts()[0]
            else:
                assert result.status == "unsolvable"
                assert isinstance(result.error, dl.Unsolvable)
        else:
            assert isinstance(result, Sudoku)
            assert is_solution(rows, result.to_list(), br, bc)


def test_check_many_statuses_agree_with_the_oracle():
    items = puzzles()
    checks = check_many(items, threads=2)
    assert [c.index for c in checks] == list(range(len(items)))
    for item, check in zip(items, checks):
        try:
            rows, (br, bc) = shape_of(item)
        except ValueError as e:
            assert check.status == "invalid" and check.message == str(e)
            continue
        n = count_solutions(rows, br, bc, 2)
        clash = Sudoku(item).conflicts()
        expected = "invalid" if clash else {0: "unsolvable", 1: "unique", 2: "multiple"}[n]
        assert check.status == expected
        if expected == "unique":
            assert check and is_solution(rows, check.solution.to_list(), br, bc)
        if expected == "multiple":
            assert is_solution(rows, check.second.to_list(), br, bc)
            assert check.solution != check.second


def test_batch_limits_give_unknown_per_puzzle():
    checks = check_many(["." * 81, "1.3.3.2...4....."], max_nodes=1)
    assert checks[0].status == "unknown" and "node limit" in checks[0].message
    results = solve_many([Sudoku.empty(4)] * 2, timeout=0.0)
    assert all(isinstance(r, dl.Failure) and r.status == "unknown" for r in results)
    assert isinstance(results[0].error, dl.Incomplete)


def test_box_for_a_batch_of_rectangular_grids():
    out = solve_many(["1" + "." * 35, "." * 36], box="2x3")
    for r in out:
        assert is_solution([[0] * 6] * 6, r.to_list(), 2, 3)
    with pytest.raises(ValueError):
        solve_many(["." * 36], box="2y3")


def run_child(code, timeout=30):
    """Runs `code` in a child Python (a hang or an abort must not take the
    test run with it); returns (returncode, stdout + stderr)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("threads", [10**6, 4097, 0, -1, 10**30])
def test_threads_out_of_range_is_a_value_error_at_once(threads):
    # Issue 23 #13: threads=10**6 tried to start a million threads (over 250 s).
    code, out = run_child(
        "import dancing_links as dl\n"
        "for f in (dl.solve_many, dl.check_many):\n"
        "    try:\n"
        f"        f(['1.3.3.2...4.....'], threads={threads})\n"
        "        print('accepted')\n"
        "    except ValueError as e:\n"
        "        print('ValueError:', e)\n"
    )
    assert code == 0, out
    lines = out.splitlines()
    assert len(lines) == 2
    for line in lines:
        assert line == f"ValueError: threads must be between 1 and 4096 (or None for one per core), got {threads}"


def test_threads_in_range_and_of_the_wrong_type():
    for n in (1, 3, 4096):
        assert solve_many(["1.3.3.2...4....."], threads=n)[0].to_line() == "1234342121434312"
    assert check_many(["1.3.3.2...4....."], threads=None)[0].status == "unique"
    with pytest.raises(TypeError, match="threads must be an int or None"):
        solve_many(["1.3.3.2...4....."], threads="2")
    with pytest.raises(ValueError, match="threads must be between 1 and 4096"):
        solve_many(["1.3.3.2...4....."], threads=True)


def test_batches_name_the_engine_of_the_one_answer_path():
    # Issue 20 (one answer path): solve_many and check_many answer through
    # the library's `answer`, which names the planner's engine as the
    # command's JSON does; the planner's table (docs/engines.md) gives band9
    # for classic 9x9 and bits for any other classic shape up to 35x35.
    nine = Sudoku.generate(box=3, seed=1).to_line()
    four = "1.3.3.2...4....."
    checks = check_many([nine, four, "1" + "." * 15, "12....3...4.....", "..c" + "." * 78, "11" + "." * 14])
    assert [c.status for c in checks] == ["unique", "unique", "multiple", "unsolvable", "invalid", "invalid"]
    assert [c.engine for c in checks] == ["band9", "bits", "bits", "bits", None, "bits"]
    results = solve_many([nine, four, "12....3...4.....", "..c" + "." * 78, "11" + "." * 14])
    assert isinstance(results[0], Sudoku) and isinstance(results[1], Sudoku)
    assert [r.engine for r in results[2:]] == ["bits", None, "bits"]
    # The messages stay those of a single call.
    assert results[4].message == Sudoku("11" + "." * 14).conflicts()[0]
    assert checks[5].message == Sudoku("11" + "." * 14).conflicts()[0]
    assert isinstance(results[4].error, dl.InvalidPuzzle)
    # A single check names the planner's engine too.
    assert Sudoku(nine).check().engine == "band9"
    assert Sudoku(four, variant="x").check().engine == "units"
