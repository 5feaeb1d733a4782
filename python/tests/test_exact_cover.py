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


def test_memoized_counts_samples_and_diagrams_match_brute_force():
    rng = random.Random(35)
    for _ in range(100):
        primary, secondary, options = random_problem(rng)
        expected = exact_cover_solutions(primary, secondary, options)
        p = ExactCover(primary, secondary, options)
        assert p.count_memo() == len(expected)
        assert p.zdd().startswith(f"# solutions: {len(expected)}\n")
        if expected:
            for s in p.sample(3, seed=rng.randrange(1 << 64), indices=True):
                assert sorted(s) in expected
        else:
            with pytest.raises(dl.Unsolvable):
                p.sample()


def domino_board(rows, cols):
    cells = [f"c{r}_{c}" for r in range(rows) for c in range(cols)]
    options = [f"c{r}_{c} c{r}_{c + 1}" for r in range(rows) for c in range(cols - 1)]
    options += [f"c{r}_{c} c{r + 1}_{c}" for r in range(rows - 1) for c in range(cols)]
    return ExactCover(cells, options=options)


def test_memoized_counts_past_u128_and_the_memory_budget():
    # Domino tilings: OEIS A004003 (12x12), and 2^(n(n+1)/2) for the Aztec
    # diamond of order n (order 16 in the Rust tests' release benchmark).
    assert domino_board(12, 12).count_memo() == 53060477521960000
    assert domino_board(8, 8).count() == 12988816
    with pytest.raises(dl.Incomplete) as e:
        domino_board(8, 8).count_memo(max_memory=4096)
    assert e.value.reason == "memory-limit"
    samples = domino_board(4, 6).sample(2000, seed=1)
    # Uniform over the 281 tilings of 4x6 (OEIS A099390): each about 7 times.
    assert len({tuple(s) for s in samples}) > 250
    assert samples == domino_board(4, 6).sample(2000, seed=1)


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


def same_problem(a, b):
    """Whether two problems have the same items and options, by their solutions
    (as option indices) and sizes."""
    return (
        a.item_count == b.item_count
        and a.option_count == b.option_count
        and sorted(map(sorted, a.solutions(indices=True))) == sorted(map(sorted, b.solutions(indices=True)))
    )


BAD_STRING_NAMES = ["", "a b", "a|b", "|", "a:b", ":", "a\nb", "tab\t", "n" * 65, "\ufeffa", "bell\x07"]


@pytest.mark.parametrize("name", BAD_STRING_NAMES)
def test_names_the_text_form_cannot_carry_are_refused_and_named(name):
    # Issue 23 #17: such names were accepted and to_knuth() wrote a text that
    # from_knuth() refused or read as another problem.
    with pytest.raises(ValueError, match="cannot be used") as e:
        ExactCover([name, "z"], options=[[name, "z"]])
    assert repr(name) in str(e.value)
    with pytest.raises(ValueError, match="cannot be used"):
        ExactCover(["z"], [name], options=[["z"]])


def test_a_64_byte_name_is_the_longest():
    long = "é" * 32  # 64 bytes of UTF-8
    p = ExactCover([long, "b"], options=[[long], ["b"]])
    assert same_problem(ExactCover.from_knuth(p.to_knuth()), p)
    with pytest.raises(ValueError, match="65 bytes long, more than 64"):
        ExactCover([long + "a"])


def test_colours_the_text_form_cannot_carry_are_refused():
    with pytest.raises(ValueError, match=r"option 0 \(`a x:r\|b`\): colour 'r\|b' cannot be used"):
        ExactCover(["a"], ["x"], options=[["a", "x:r|b"]])
    with pytest.raises(ValueError, match="colour 'r:b' cannot be used"):
        ExactCover(["a"], ["x"], options=["a x:r:b"])


def test_random_names_either_raise_or_round_trip():
    # Property: names drawn from a small alphabet with the characters the text
    # form cannot carry; each problem is refused with a ValueError at
    # construction, or from_knuth(to_knuth()) reads the same problem back.
    good, bad = ["a", "b", "é", "x", "1", "+"], [" ", "|", ":", "\n", "\t", "\ufeff"]
    rng = random.Random(2023)
    accepted = refused = 0

    def char():
        return rng.choice(bad) if rng.random() < 0.04 else rng.choice(good)

    for _ in range(400):
        names = set()
        while len(names) < rng.randint(2, 6):
            names.add("".join(char() for _ in range(rng.choice([0] + [1, 2, 3, 4] * 5 + [65]))))
        names = list(names)
        rng.shuffle(names)
        cut = rng.randint(1, len(names))
        primary, secondary = names[:cut], names[cut:]
        options = []
        for _ in range(rng.randint(1, 8)):
            option = rng.sample(primary, rng.randint(1, len(primary)))
            for s in secondary:
                if rng.random() < 0.5:
                    option.append(s + rng.choice(["", ":red", ":blue"]))
            options.append(option)
        try:
            p = ExactCover(primary, secondary, options)
        except ValueError as e:
            bad = [n for n in names if n == "" or len(n.encode()) > 64 or any(ch in n for ch in " |:\n\t\ufeff")]
            assert bad, f"refused good names {names}: {e}"
            assert any(repr(n) in str(e) for n in bad), str(e)
            refused += 1
            continue
        assert all(n and len(n.encode()) <= 64 and not any(ch in n for ch in " |:\n\t\ufeff") for n in names)
        text = p.to_knuth()
        again = ExactCover.from_knuth(text)
        assert again.to_knuth() == text
        assert same_problem(again, p)
        accepted += 1
    assert accepted > 20 and refused > 20


def test_any_hashable_object_names_an_item():
    # Issue 20: names that are not strings (ints, tuples, ...).
    cells = [(r, c) for r in range(2) for c in range(2)]
    options = [[(r, c), ("row", r, v), ("col", c, v)] for r, c in cells for v in (1, 2)]
    items = cells + [("row", r, v) for r in range(2) for v in (1, 2)] + [("col", c, v) for c in range(2) for v in (1, 2)]
    p = ExactCover(items, options=options)
    assert p.count() == 2  # the two Latin squares of order 2
    for solution in p.solutions():
        assert sorted(o[0] for o in solution) == cells
        for o in solution:
            assert any(o is given for given in options)  # the objects themselves
    # Ints, mixed with strings; a string option still splits on spaces.
    q = ExactCover([1, 2, "three"], [frozenset({4})], options=[[1, 2], ["three", frozenset({4})], "three", [1], [2]])
    assert sorted(map(sorted, q.solutions(indices=True))) == [[0, 1], [0, 2], [1, 3, 4], [2, 3, 4]]
    with pytest.raises(ValueError, match=r"option 0 \(`1 4`\): unknown item `4`"):
        ExactCover([1], options=[[1, 4]])
    with pytest.raises(ValueError, match=r"item `\(1, 2\)` is declared twice"):
        ExactCover([(1, 2), (1, 2)])
    with pytest.raises(ValueError, match=r"option 0 names item `\(1, 2\)` twice"):
        ExactCover([(1, 2)], options=[[(1, 2), (1, 2)]])
    with pytest.raises(TypeError, match="hashable"):
        ExactCover([[1, 2]])
    with pytest.raises(ValueError, match="unknown item `1`"):
        ExactCover([1], options=["1"])  # the string "1" is not the int 1


def test_to_knuth_writes_str_of_other_names_or_says_why_not():
    p = ExactCover([1, 2, "x"], [3.5], options=[[1, 3.5], [2, "x"], [1, 2, "x"]])
    text = p.to_knuth()
    assert text == "1 2 x | 3.5\n1 3.5\n2 x\n1 2 x\n"
    assert same_problem(ExactCover.from_knuth(text), p)
    with pytest.raises(ValueError, match=r"to_knuth: item \(1, 2\) cannot be written: its str\(\) '\(1, 2\)'"):
        ExactCover([(1, 2)], options=[[(1, 2)]]).to_knuth()
    with pytest.raises(ValueError, match=r"to_knuth: items '1' and 1 would both be written `1`"):
        ExactCover(["1", 1], options=[["1"], [1]]).to_knuth()
