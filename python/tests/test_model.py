"""The Model API: answers checked by code here (brute force over
itertools.product, constraints evaluated in Python, counts from mathematics),
limits, Ctrl-C, located errors, and the JSON model."""

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

import dancing_links as dl
from dancing_links import Incomplete, Model

from ready import wait_until_it_has_worked

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


# ---------------------------------------------------------------- Dancing Links models


def latin(n):
    m = Model()
    cells = [[m.int_var(1, n, f"c{r}{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        m.add_exactly_once(cells[r])
        m.add_exactly_once([cells[c][r] for c in range(n)])
    return m, cells


@pytest.mark.parametrize("n,expected", [(1, 1), (2, 2), (3, 12), (4, 576)])
def test_latin_square_counts(n, expected):
    # OEIS A002860.
    m, _ = latin(n)
    assert m.engine == "dlx"
    assert m.count() == expected
    assert m.count(threads=1) == expected
    assert m.count(threads=2) == expected


def test_every_solution_is_checked_and_distinct():
    m, cells = latin(3)
    seen = set()
    for s in m.solutions():
        grid = [[s[x] for x in row] for row in cells]
        for i in range(3):
            assert sorted(grid[i]) == [1, 2, 3]
            assert sorted(grid[j][i] for j in range(3)) == [1, 2, 3]
        # By name, by variable and by index agree.
        assert s["c01"] == s[cells[0][1]] == grid[0][1]
        seen.add(tuple(map(tuple, grid)))
    assert len(seen) == 12


def test_solution_is_dict_like():
    m = Model()
    a = m.int_var(1, 3, "a")
    b = m.int_var(1, 3, "b")
    c = m.int_var(1, 3, "c")
    m.add_exactly_once([a, b, c])
    m.add_sum_cage([b, c], 3)
    m.fix(a, 3)
    s = m.solve()
    assert s is not None
    assert list(s) == s.keys() == ["a", "b", "c"]
    assert len(s) == 3
    assert s.to_dict() == dict(s.items())
    assert s[a] == 3 and s[b] + s[c] == 3
    assert s[a + 2 * b - c] == s[a] + 2 * s[b] - s[c]
    assert "a" in s and "zz" not in s
    assert s.get("zz", 7) == 7
    with pytest.raises(KeyError):
        s["zz"]
    assert s.objective is None
    assert not m.is_unique()
    m.fix(b, 1)
    assert m.is_unique()
    assert m.solve().to_dict() == {"a": 3, "b": 1, "c": 2}


def test_unsatisfiable_gives_none_and_zero():
    m = Model()
    xs = [m.int_var(1, 2) for _ in range(3)]
    m.add_exactly_once(xs)
    assert m.solve() is None
    assert m.count() == 0
    assert list(m.solutions()) == []
    assert not m.is_unique()


def test_non_string_names_are_taken_by_str():
    m = Model()
    x = m.int_var(0, 2, (1, 2))
    y = m.bool_var(name=7)
    z = m.int_var(0, 1)
    assert x.name == "(1, 2)" and y.name == "7" and z.name.startswith("_v")
    m.fix(x, 2)
    m.fix(y, 1)
    m.fix(z, 0)
    s = m.solve()
    assert s[(1, 2)] == 2 and s[7] == 1 and s["7"] == 1
    assert m.var((1, 2)).index == x.index
    with pytest.raises(ValueError, match=r"name `7` is already taken"):
        m.int_var(0, 1, "7")
    # ExactCover too: any hashable object names an item.
    p = dl.ExactCover([1, (2, 3)], options=[[1], [(2, 3)], [1, (2, 3)]])
    assert p.count() == 2


# ---------------------------------------------------------------- limits and laziness


def free_bools(n):
    """n Booleans and no constraint: 2**n solutions (Dancing Links)."""
    m = Model()
    return m, [m.bool_var(f"b{i}") for i in range(n)]


def hard_bools(n):
    """n Booleans whose sum is not n // 2: nearly 2**n solutions that no
    engine counts quickly (free Booleans are exact cover, and Dancing Links'
    memoised counts find 2**n at once), for the tests of limits."""
    m = Model()
    bs = [m.bool_var(f"b{i}") for i in range(n)]
    m.add(sum(bs) != n // 2)
    return m, bs


def test_solutions_is_lazy():
    # 2**60 solutions: an iterator that computed them all first would never
    # return the first one.
    m, bs = free_bools(60)
    it = m.solutions()
    first = [next(it) for _ in range(5)]
    assert len(set(first)) == 5
    for s in first:
        assert all(s[b] in (0, 1) for b in bs)
    del it
    assert len(list(m.solutions(limit=7))) == 7


def test_free_booleans_are_counted_exactly():
    m, _ = free_bools(60)
    assert m.count() == 2**60


def test_count_limit_and_incomplete():
    m, _ = hard_bools(60)
    assert m.count(limit=10) == 10
    with pytest.raises(Incomplete) as e:
        m.count(timeout=0.05)
    assert e.value.reason == "deadline"
    assert isinstance(e.value.count, int)
    with pytest.raises(Incomplete) as e:
        m.count(max_nodes=100, threads=1)
    assert e.value.reason == "node-limit"
    assert e.value.count <= 100
    with pytest.raises(Incomplete):
        m.is_unique(max_nodes=1)
    it = m.solutions(max_nodes=200)  # 60 nodes down to the first solution
    got = 0
    with pytest.raises(Incomplete) as e:
        for _ in it:
            got += 1
    assert e.value.reason == "node-limit" and got > 0
    with pytest.raises(ValueError, match="timeout"):
        m.count(timeout=-1)
    with pytest.raises(ValueError, match="threads"):
        m.count(threads=0)


CHILD = r"""
import signal, time
import dancing_links as dl
signal.signal(signal.SIGINT, signal.default_int_handler)
m = dl.Model()
bs = [m.bool_var() for _ in range(60)]
m.add(sum(bs) != 30)  # free Booleans alone are counted at once (memoised)
print("ready", flush=True)
start = time.monotonic()
try:
    m.count()
    print("finished?!", flush=True)
except KeyboardInterrupt:
    print("interrupted after %.1f s" % (time.monotonic() - start), flush=True)
    cpu = time.process_time()
    time.sleep(0.5)
    print("cpu after %.2f s" % (time.process_time() - cpu), flush=True)
print(m.count(limit=3), flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_stops_a_model_count():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    wait_until_it_has_worked(child.pid)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=30)
    assert time.monotonic() - sent < 10
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out
    assert float(lines[1].split()[2]) < 0.2, out
    assert lines[2] == "3"


# ---------------------------------------------------------------- errors


def test_errors_say_which_argument():
    m = Model()
    x = m.int_var(0, 5, "x")
    y = m.int_var(0, 5, "y")
    b = m.bool_var("b")
    with pytest.raises(ValueError, match=r"int_var: variable `w`: empty domain 3\.\.1"):
        m.int_var(3, 1, "w")
    with pytest.raises(TypeError, match=r"add_all_different: vars\[1\]: expected a variable.*got str"):
        m.add_all_different([x, "y"])
    with pytest.raises(ValueError, match=r"add_allowed_assignments: tuples\[1\] has 1 values for 2 variables"):
        m.add_allowed_assignments([x, y], [(1, 2), (3,)])
    with pytest.raises(ValueError, match=r"add_exactly_one: bools\[1\] \(x\) is not a Boolean variable"):
        m.add_exactly_one([b, x])
    with pytest.raises(ValueError, match=r"only_if: x is not a Boolean variable"):
        (y <= 3).only_if(x)
    with pytest.raises(ValueError, match=r"add_count: rel: expected one of"):
        m.add_count([x, y], 1, 1, rel="~")
    with pytest.raises(TypeError, match=r"no truth value"):
        m.add(1 <= x <= 3)
    with pytest.raises(TypeError, match=r"only multiplication by an integer is linear"):
        x * y
    with pytest.raises(TypeError, match=r"add: constraint: expected a constraint"):
        m.add(x)
    other = Model()
    z = other.int_var(0, 1, "z")
    with pytest.raises(ValueError, match=r"another model"):
        m.add_all_different([x, z])
    with pytest.raises(ValueError, match="two different models"):
        x + z
    with pytest.raises(ValueError, match=r"^fix: 9 is not in the domain of x$"):
        m.fix(x, 9)


def test_expressions():
    m = Model()
    x = m.int_var(0, 5, "x")
    y = m.int_var(0, 5, "y")
    e = sum([x, 2 * y, 3]) - x - 1
    assert e.terms == [(2, "y")] and e.constant == 2
    assert str(x + 2 * y - 3) == "x + 2 * y - 3"
    assert str(-x + 3) == "-x + 3"
    assert str(x + 2 * y <= 7) == "x + 2 * y <= 7"
    assert str(3 >= x) == "x <= 3"
    # == between variables answers identity for `in` and list.index.
    assert x in [y, x] and [y, x].index(x) == 1
    assert hash(x) == hash(m.var("x"))


# ---------------------------------------------------------------- the propagation engine
# (linear constraints, tables, element, count, objectives)


def brute(domains, check):
    return {vals for vals in itertools.product(*domains) if check(*vals)}


def test_small_model_against_brute_force():
    m = Model()
    x = m.int_var(0, 4, "x")
    y = m.int_var(-2, 3, "y")
    z = m.int_var(1, 5, "z")
    b = m.bool_var("b")
    m.add(x + 2 * y <= 7)
    m.add(x != z)
    m.add((y >= 1).only_if(b))
    m.add_implication(b, x + z >= 4)
    m.add_allowed_assignments([x, z], [(a, c) for a in range(5) for c in range(1, 6) if (a + c) % 3 != 0])
    m.add_forbidden_assignments([y, z], [(0, 1), (3, 5)])
    m.add_element(b, [x, y], z, base=0)  # z == [x, y][b]

    def check(x, y, z, b):
        return (
            x + 2 * y <= 7
            and x != z
            and (not b or y >= 1)
            and (not b or x + z >= 4)
            and (x + z) % 3 != 0
            and (y, z) not in [(0, 1), (3, 5)]
            and z == [x, y][b]
        )

    expected = brute([range(5), range(-2, 4), range(1, 6), range(2)], check)
    assert expected  # the model is not trivial
    got = set()
    for s in m.solutions():
        vals = (s[x], s[y], s[z], s[b])
        assert check(*vals), vals
        got.add(vals)
    assert got == expected
    assert m.count() == len(expected)
    assert m.count(threads=1) == len(expected)
    assert m.engine == "propagation"


def test_count_equivalence_and_clauses_against_brute_force():
    m = Model()
    xs = [m.int_var(0, 3, f"x{i}") for i in range(4)]
    n = m.int_var(0, 4, "n")
    bs = [m.bool_var(f"b{i}") for i in range(3)]
    m.add_count(xs, 2, n)
    m.add_count(xs, 0, 1, rel="<=")
    m.add_equivalence(bs[0], xs[0] + xs[1] >= 4)
    m.add_bool_or([bs[1], bs[2]], negated=[bs[0]])
    m.add_at_most_one([bs[1], bs[2]])
    m.add_multiplication_equality(xs[3], xs[2], xs[1])

    def check(x0, x1, x2, x3, n, b0, b1, b2):
        xv = (x0, x1, x2, x3)
        return (
            xv.count(2) == n
            and xv.count(0) <= 1
            and b0 == (x0 + x1 >= 4)
            and (b1 or b2 or not b0)
            and b1 + b2 <= 1
            and x3 == x2 * x1
        )

    expected = brute([range(4)] * 4 + [range(5)] + [range(2)] * 3, check)
    got = {tuple(s[v] for v in xs + [n] + bs) for s in m.solutions()}
    assert got == expected
    assert m.count() == len(expected)


def test_send_more_money():
    m = Model()
    letters = {c: m.int_var(1 if c in "SM" else 0, 9, c) for c in "SENDMORY"}
    S, E, N, D, M, O, R, Y = (letters[c] for c in "SENDMORY")
    m.add_all_different(list(letters.values()))
    m.add(1000 * S + 100 * E + 10 * N + D + 1000 * M + 100 * O + 10 * R + E
          == 10000 * M + 1000 * O + 100 * N + 10 * E + Y)
    sols = list(m.solutions())
    assert len(sols) == 1
    s = sols[0]

    def num(w):
        return int("".join(str(s[c]) for c in w))

    assert num("SEND") + num("MORE") == num("MONEY")
    assert len({s[c] for c in "SENDMORY"}) == 8
    assert (num("SEND"), num("MORE"), num("MONEY")) == (9567, 1085, 10652)
    assert m.is_unique()


def queens(n):
    m = Model()
    q = [m.int_var(0, n - 1, f"q{i}") for i in range(n)]
    m.add_all_different(q)
    m.add_all_different([q[i] + i for i in range(n)])
    m.add_all_different([q[i] - i for i in range(n)])
    return m, q


def test_queens():
    # OEIS A000170: 8 queens have 92 solutions.
    m, q = queens(8)
    assert m.count() == 92
    # Every solution of 6 queens is checked, and they are all there (4).
    m, q = queens(6)
    got = set()
    for s in m.solutions():
        p = [s[x] for x in q]
        assert all(abs(p[i] - p[j]) != j - i for i in range(6) for j in range(i + 1, 6))
        got.add(tuple(p))
    expected = {
        p for p in itertools.permutations(range(6))
        if all(abs(p[i] - p[j]) != j - i for i in range(6) for j in range(i + 1, 6))
    }
    assert got == expected and len(got) == 4


def test_knapsack_optimum():
    weights = [12, 7, 11, 8, 9, 6, 5]
    values = [24, 13, 23, 15, 16, 11, 8]
    capacity = 30
    best = max(
        sum(v for v, t in zip(values, take) if t)
        for take in itertools.product((0, 1), repeat=len(weights))
        if sum(w for w, t in zip(weights, take) if t) <= capacity
    )
    m = Model()
    take = [m.bool_var(f"take{i}") for i in range(len(weights))]
    m.add(sum(w * t for w, t in zip(weights, take)) <= capacity)
    value = sum(v * t for v, t in zip(values, take))
    m.maximize(value)
    s = m.solve()
    assert s.objective == best == s[value]
    assert sum(w * s[t] for w, t in zip(weights, take)) <= capacity
    # Minimising the weight left out under a value floor, by brute force too.
    m2 = Model()
    take2 = [m2.bool_var() for _ in weights]
    m2.add(sum(v * t for v, t in zip(values, take2)) >= 40)
    m2.minimize(sum(w * t for w, t in zip(weights, take2)))
    best2 = min(
        sum(w for w, t in zip(weights, c) if t)
        for c in itertools.product((0, 1), repeat=len(weights))
        if sum(v for v, t in zip(values, c) if t) >= 40
    )
    assert m2.solve().objective == best2


# ---------------------------------------------------------------- JSON


def test_json_round_trip():
    m = Model()
    x = m.int_var(0, 4, "x")
    y = m.int_var(-2, 3, "y")
    b = m.bool_var("b")
    m.add(x + 2 * y <= 7)
    m.add((y >= 1).only_if(b))
    m.add_all_different([x, y])
    m.add_allowed_assignments([x, y], [(0, 1), (2, 3), (4, -2)])
    m.maximize(x)
    text = m.to_json()
    doc = json.loads(text)
    assert doc["variables"][:3] == [
        {"name": "x", "range": [0, 4]},
        {"name": "y", "range": [-2, 3]},
        {"name": "b", "range": [0, 1]},
    ]
    kinds = [c["kind"] for c in doc["constraints"]]
    assert kinds == ["at_most_once", "linear", "linear_imp", "table"]
    assert doc["constraints"][1] == {"kind": "linear", "terms": [[1, "x"], [2, "y"]], "rel": "<=", "rhs": 7}
    assert doc["objective"] == {"maximize": "x"}
    again = Model.from_json(text)
    assert again.to_json() == text
    assert [v.name for v in again.variables()] == ["x", "y", "b"]


def test_json_model_counts_after_round_trip():
    m, _ = latin(3)
    again = Model.from_json(m.to_json())
    assert again.count() == 12
    xs = again.variables()
    assert len(xs) == 9
    for s in again.solutions():
        assert sorted(s[v] for v in xs[:3]) == [1, 2, 3]


def test_json_errors_are_located():
    with pytest.raises(ValueError, match=r"^line 1, column \d+: "):
        Model.from_json('{"variables": [{"name": "x", "range": [1, "2"]}]}')
    with pytest.raises(ValueError, match=r"^constraints\[0\]\.vars\[1\]: unknown variable `q`"):
        Model.from_json(
            '{"variables": [{"name": "x", "range": [1, 2]}],'
            ' "constraints": [{"kind": "all_different", "vars": ["x", "q"]}]}'
        )


# ---------------------------------------------------------------- docs


def test_docs_model_example_runs():
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        doc = f.read()
    section = doc[doc.index("## Model"):]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = subprocess.run([sys.executable, "-c", example], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "9567 + 1085 = 10652" in out.stdout


def test_helper_variables_keep_names_unique():
    m = Model()
    x = m.int_var(0, 3, "x")
    y = m.int_var(0, 3, "y")
    m.minimize(x + y)
    helper = [n for n in json.loads(m.to_json())["variables"] if n["name"] not in ("x", "y")]
    assert len(helper) == 1 and helper[0]["range"] == [0, 6]
    with pytest.raises(ValueError, match="already taken"):
        m.int_var(0, 1, helper[0]["name"])
    assert m.solve().objective == 0
    assert [v.name for v in m.variables()] == ["x", "y"]
    with pytest.raises(ValueError, match="already has an objective"):
        m.maximize(x)


def test_interrupted_optimisation_says_incomplete():
    m = Model()
    xs = [m.int_var(0, 9, f"x{i}") for i in range(12)]
    m.add_all_different(xs[:10])
    m.add(sum((i + 1) * x for i, x in enumerate(xs)) <= 300)
    m.maximize(sum((i % 5 + 1) * x for i, x in enumerate(xs)))
    with pytest.raises(Incomplete) as e:
        m.solve(max_nodes=20)
    assert e.value.reason == "node-limit"
    best = e.value.best
    assert best is None or isinstance(best, dl.Solution)
    if best is not None:
        assert sum((i + 1) * best[x] for i, x in enumerate(xs)) <= 300
