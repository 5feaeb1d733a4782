"""ExactCover: counts from mathematics and brute force, colours, laziness, limits."""

import itertools
import random
import time

import pytest

import dancing_links as dl
from dancing_links import ExactCover
from rules import exact_cover_solutions


def queens(n):
    """n-queens as exact cover: rows and columns primary, diagonals secondary."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)]
    return ExactCover(primary, secondary, options), options


def queens_brute_force(n):
    return sum(
        1
        for p in itertools.permutations(range(n))
        if len({i + p[i] for i in range(n)}) == n and len({i - p[i] for i in range(n)}) == n
    )


@pytest.mark.parametrize("n", [1, 4, 6, 8])
def test_n_queens_counts_match_brute_force(n):
    problem, options = queens(n)
    expected = queens_brute_force(n)  # 8 -> 92
    assert problem.count() == expected
    solutions = list(problem.solutions())
    assert len(solutions) == expected
    for s in solutions:
        cols = sorted(o[1] for o in s)
        assert cols == sorted(f"c{j}" for j in range(n))
        assert all(o in options for o in s)


def test_solutions_are_the_options_as_given_or_indices():
    opts = [("a", "b"), "c", ["a"], "b c"]
    p = ExactCover(["a", "b", "c"], options=opts)
    got = sorted(sorted(map(opts.index, s)) for s in p.solutions())
    assert got == [[0, 1], [2, 3]]
    assert sorted(map(sorted, p.solutions(indices=True))) == [[0, 1], [2, 3]]
    assert p.solutions(indices=True).__next__() in ([0, 1], [1, 0], [2, 3], [3, 2])
    assert all(s[0] is opts[0] or s[0] is opts[1] or s[0] is opts[2] or s[0] is opts[3] for s in p.solutions())


def random_problem(rng):
    primary = [f"p{i}" for i in range(rng.randint(1, 5))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(1, 11)):
        items = rng.sample(primary, rng.randint(1, len(primary)))
        for s in secondary:
            if rng.random() < 0.4:
                items.append(s + rng.choice(["", ":red", ":blue"]))
        options.append(items)
    return primary, secondary, options


def test_random_problems_with_colours_match_brute_force():
    rng = random.Random(12)
    for _ in range(150):
        primary, secondary, options = random_problem(rng)
        expected = exact_cover_solutions(primary, secondary, options)
        p = ExactCover(primary, secondary, options)
        assert p.count() == len(expected)
        assert sorted(sorted(s) for s in p.solutions(indices=True)) == expected


def test_colour_example():
    # Two options may share secondary item x only with the same colour.
    p = ExactCover(["a", "b"], ["x"], ["a x:red", "b x:red", "b x:blue"])
    assert p.count() == 1
    assert p.solve() == ["a x:red", "b x:red"] or p.solve() == ["b x:red", "a x:red"]


def test_knuth_format_and_its_errors():
    p = ExactCover.from_knuth("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
    assert sorted(p.solve()) == ["A D", "B G", "C E F"]
    assert p.option_count == 6 and p.item_count == 7
    again = ExactCover.from_knuth(p.to_knuth())
    assert again.count() == 1
    with pytest.raises(ValueError, match=r"^line 2, column 3: unknown item `c`"):
        ExactCover.from_knuth("a b\na c\n")


def test_build_errors_name_the_option():
    with pytest.raises(ValueError, match=r"option 1 \(`a z`\): unknown item `z`"):
        ExactCover(["a"], options=[["a"], ["a", "z"]])
    with pytest.raises(ValueError, match="option 0 names item `a` twice"):
        ExactCover(["a"], options=[["a", "a"]])
    with pytest.raises(ValueError, match="only secondary items have colours"):
        ExactCover(["a"], options=[["a:red"]])
    with pytest.raises(ValueError, match="no primary item"):
        ExactCover(["a"], ["x"], options=[["x"]])
    with pytest.raises(ValueError, match="declared twice"):
        ExactCover(["a", "a"])
    with pytest.raises(dl.Unsolvable):
        ExactCover(["a", "b"], options=[["a"]]).solve()


def test_solutions_are_lazy_and_limits_hold():
    big, _ = queens(27)  # far too many solutions to enumerate
    start = time.monotonic()
    first = list(itertools.islice(big.solutions(), 3))
    assert len(first) == 3 and time.monotonic() - start < 10
    assert big.count(limit=50) == 50
    assert len(list(big.solutions(limit=7))) == 7
    with pytest.raises(dl.Incomplete) as e:
        big.count(timeout=0.2)
    assert e.value.reason == "deadline" and e.value.count > 0
    it = big.solutions(max_nodes=2000)
    with pytest.raises(dl.Incomplete) as e:
        for _ in it:
            pass
    assert e.value.reason == "node-limit"
    with pytest.raises(StopIteration):
        next(it)
