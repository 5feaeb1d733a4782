"""The Model on wide domains, at the i64 limits and under abuse (issue 32):
answers checked by brute force or mathematics written here."""

import itertools
import os
import threading
import time

import pytest

from dancing_links import Model
from ready import wait_until_it_has_worked

I64_MIN = -(2**63)
I64_MAX = 2**63 - 1


def test_all_different_holds_for_a_wide_variable():
    # x has 6001 values (held as an interval): 6001 * 2 - 2 pairs differ.
    m = Model()
    x = m.int_var(0, 6000, "x")
    y = m.int_var(1, 2, "y")
    m.add_all_different([x, y])
    assert m.count() == 12_000
    m.add(x <= 3)
    expected = [(a, b) for a, b in itertools.product(range(4), range(1, 3)) if a != b]
    assert m.count() == len(expected) == 6
    found = sorted((s[x], s[y]) for s in m.solutions())
    assert found == expected


def test_sums_at_the_i64_limits():
    # Over every i64: x + y = 1 and x = y has no solution (1 is odd).
    m = Model()
    x = m.int_var(I64_MIN, I64_MAX, "x")
    y = m.int_var(I64_MIN, I64_MAX, "y")
    m.add(x + y == 1)
    m.add(x == y)
    assert m.count() == 0
    # x + y = 2^62 + 1 over [-2^62, 2^62]: the solution adds up.
    m = Model()
    b = 2**62
    x = m.int_var(-b, b, "x")
    y = m.int_var(-b, b, "y")
    m.add(x + y == b + 1)
    s = m.solve()
    assert s[x] + s[y] == b + 1


def test_a_limit_of_zero_finds_nothing():
    m = Model()
    x = m.int_var(1, 3, "x")
    m.maximize(x)
    assert m.count(limit=0) == 0
    assert list(m.solutions(limit=0)) == []
    assert m.count(limit=2) == 2


def test_a_negative_limit_is_a_value_error_that_names_it():
    m = Model()
    m.int_var(1, 3, "x")
    for call in (lambda: m.count(limit=-1), lambda: m.solutions(limit=-1)):
        with pytest.raises(ValueError, match="limit must be an int >= 0"):
            call()
    with pytest.raises(TypeError, match="limit"):
        m.count(limit="3")


def test_the_listed_values_have_a_budget():
    # 20,000 variables over 1..4096 aborted the interpreter in count().
    m = Model()
    with pytest.raises(ValueError, match="listed values"):
        for k in range(20_000):
            m.int_var(1, 4096, f"x{k}")
    assert k == 2**25 // 4096
    # The model stays usable.
    m.int_var(0, 10**12, "wide")


def test_a_long_sum_is_linear():
    # 100,000 terms: about 20 minutes when each + copied the terms; the
    # bound only guards against that (the time is measured elsewhere).
    m = Model()
    xs = [m.int_var(0, 1, f"x{k}") for k in range(100_000)]
    start = time.process_time()
    total = sum(xs)
    assert time.process_time() - start < 30
    assert len(total.terms) == 100_000
    # Repeats merge, and an expression used twice stays what it was.
    a = xs[0] + xs[1]
    b = a + xs[0]
    c = a + xs[2]
    assert sorted(b.terms) == [(1, "x1"), (2, "x0")]
    assert sorted(c.terms) == [(1, "x0"), (1, "x1"), (1, "x2")]
    assert sorted(a.terms) == [(1, "x0"), (1, "x1")]
    m.add(sum(xs[:3]) == 2)
    m.add(sum(xs[3:]) == 0)
    assert m.count() == 3


def pigeons(n):
    """n + 1 pigeons in n holes, pairwise different: no solution, slowly."""
    m = Model()
    ps = [m.int_var(1, n, f"p{k}") for k in range(n + 1)]
    for a, b in itertools.combinations(ps, 2):
        m.add(a != b)
    return m


def test_a_model_changed_while_another_thread_searches_it():
    m = pigeons(9)
    result = {}

    def search():
        result["count"] = m.count(threads=1)

    t = threading.Thread(target=search)
    t.start()
    # A ready signal, not a sleep: the search has spent 0.2 s of CPU (it
    # runs without the GIL) and is still running.
    wait_until_it_has_worked(os.getpid(), 0.2)
    assert t.is_alive()
    # It raised RuntimeError: Already borrowed.
    z = m.int_var(1, 2, "z")
    m.add(z >= 1)
    t.join()
    # The search answered the model as it stood when it started.
    assert result["count"] == 0
    assert m.var("z").hi == 2


def test_every_count_names_a_bad_limit():
    from dancing_links import ExactCover, Sudoku

    p = ExactCover(["a", "b"], options=[["a"], ["b"], ["a", "b"]])
    assert p.count() == 2 and p.count(limit=0) == 0
    s = Sudoku.empty(2)
    for call in (
        lambda: p.count(limit=-1),
        lambda: p.solutions(limit=-1),
        lambda: s.count(limit=-1),
    ):
        with pytest.raises(ValueError, match="limit must be an int >= 0"):
            call()
    assert len(list(p.solutions(limit=1))) == 1
