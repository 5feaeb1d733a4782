//! The propagation engine against mathematics (known counts) and against a
//! brute-force enumerator written plainly here (every assignment of small
//! domains, every constraint checked by its own definition).

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use cover_model::plan::{Asked, EngineName};
use cover_model::{Branching, Model, Optimum, Rel, Value, Var, Verdict};
use proptest::prelude::*;
use solver_core::{Incomplete, Limits};

const FD: Asked = Asked::Propagation;

fn count(m: &Model) -> u128 {
    let c = m.compile_with(FD).unwrap();
    assert_eq!(c.engine(), EngineName::Propagation);
    let n = c.solver().count(&Limits::none());
    assert!(n.is_complete());
    n.solutions
}

/// n-queens: a column per row, all different, and both diagonals all
/// different through auxiliary variables q[i] + i and q[i] - i.
fn queens(n: usize) -> Model {
    queens_with(n).0
}

fn queens_with(n: usize) -> (Model, Vec<Var>) {
    let (m, q, _) = queens_diagonals(n);
    (m, q)
}

/// n-queens, its columns and its diagonals `q[i] + i`, then `q[i] - i`.
fn queens_diagonals(n: usize) -> (Model, Vec<Var>, Vec<Var>) {
    let mut m = Model::new();
    let mut diagonals = Vec::new();
    let q: Vec<Var> = (0..n)
        .map(|i| m.int_var(&format!("q{i}"), 0, n as Value - 1).unwrap())
        .collect();
    m.all_different(&q).unwrap();
    for sign in [1, -1] {
        let d: Vec<Var> = (0..n)
            .map(|i| {
                let lo = if sign > 0 { 0 } else { -(n as Value) };
                let d = m
                    .int_var(&format!("d{sign}_{i}"), lo, 2 * n as Value)
                    .unwrap();
                // d = q + sign * i
                m.linear(&[(1, d), (-1, q[i])], Rel::Eq, sign * i as Value)
                    .unwrap();
                d
            })
            .collect();
        m.all_different(&d).unwrap();
        diagonals.extend(d);
    }
    (m, q, diagonals)
}

#[test]
fn queens_counts() {
    // OEIS A000170.
    for (n, expected) in [(4, 2), (5, 10), (6, 4), (8, 92)] {
        assert_eq!(count(&queens(n)), expected, "{n}-queens");
    }
}

#[test]
fn queens_counts_large() {
    assert_eq!(count(&queens(10)), 724);
    assert_eq!(count(&queens(12)), 14_200);
}

fn send_more_money() -> (Model, Vec<Var>) {
    let mut m = Model::new();
    let l: Vec<Var> = "SENDMORY"
        .chars()
        .map(|c| m.int_var(&c.to_string(), 0, 9).unwrap())
        .collect();
    let [s, e, n, d, mo, o, r, y] = l[..] else {
        unreachable!()
    };
    m.all_different(&l).unwrap();
    m.linear(&[(1, s)], Rel::Ne, 0).unwrap();
    m.linear(&[(1, mo)], Rel::Gt, 0).unwrap();
    m.linear(
        &[
            (1000, s),
            (100, e),
            (10, n),
            (1, d),
            (1000, mo),
            (100, o),
            (10, r),
            (1, e),
            (-10000, mo),
            (-1000, o),
            (-100, n),
            (-10, e),
            (-1, y),
        ],
        Rel::Eq,
        0,
    )
    .unwrap();
    (m, l)
}

#[test]
fn send_more_money_is_unique() {
    let (m, l) = send_more_money();
    let c = m.compile().unwrap();
    assert_eq!(c.engine(), EngineName::Propagation);
    let (verdict, _) = c.solver().verdict(&Limits::none());
    let Verdict::Unique(s) = verdict else {
        panic!("{verdict:?}")
    };
    let v: Vec<Value> = l.iter().map(|&x| s[x]).collect();
    // 9567 + 1085 = 10652
    assert_eq!(v, [9, 5, 6, 7, 1, 0, 8, 2]);
}

fn magic(n: usize) -> Model {
    magic_vars(n).0
}

fn magic_vars(n: usize) -> (Model, Vec<Var>) {
    let mut m = Model::new();
    let nn = (n * n) as Value;
    let sum = n as Value * (nn + 1) / 2;
    let x: Vec<Var> = (0..n * n)
        .map(|k| m.int_var(&format!("x{k}"), 1, nn).unwrap())
        .collect();
    m.all_different(&x).unwrap();
    let mut line = |cells: Vec<usize>| {
        let terms: Vec<(Value, Var)> = cells.iter().map(|&k| (1, x[k])).collect();
        m.linear(&terms, Rel::Eq, sum).unwrap();
    };
    for i in 0..n {
        line((0..n).map(|j| i * n + j).collect());
        line((0..n).map(|j| j * n + i).collect());
    }
    line((0..n).map(|i| i * n + i).collect());
    line((0..n).map(|i| i * n + n - 1 - i).collect());
    (m, x)
}

#[test]
fn magic_squares() {
    assert_eq!(count(&magic(3)), 8);
}

#[test]
fn magic_squares_4() {
    assert_eq!(count(&magic(4)), 7_040);
}

fn latin(n: usize) -> Model {
    let mut m = Model::new();
    let cells: Vec<Var> = (0..n * n)
        .map(|c| m.var(&format!("c{c}"), 1..=n as Value).unwrap())
        .collect();
    for r in 0..n {
        let row: Vec<Var> = (0..n).map(|c| cells[r * n + c]).collect();
        m.exactly_once(&format!("row{r}"), &row).unwrap();
        let col: Vec<Var> = (0..n).map(|c| cells[c * n + r]).collect();
        m.exactly_once(&format!("col{r}"), &col).unwrap();
    }
    m
}

#[test]
fn latin_squares() {
    // OEIS A002860.
    assert_eq!(count(&latin(4)), 576);
}

#[test]
fn latin_squares_5() {
    assert_eq!(count(&latin(5)), 161_280);
    let c = latin(5).compile_with(FD).unwrap();
    assert_eq!(c.par_count(&Limits::none()).solutions, 161_280);
}

/// Langford pairs: the two k's stand k numbers apart.
fn langford(n: usize) -> Model {
    let mut m = Model::new();
    let mut pos = Vec::new();
    for k in 1..=n as Value {
        let a = m
            .int_var(&format!("a{k}"), 0, 2 * n as Value - k - 2)
            .unwrap();
        let b = m
            .int_var(&format!("b{k}"), k + 1, 2 * n as Value - 1)
            .unwrap();
        m.linear(&[(1, b), (-1, a)], Rel::Eq, k + 1).unwrap();
        pos.push(a);
        pos.push(b);
    }
    m.all_different(&pos).unwrap();
    m
}

#[test]
fn langford_pairs() {
    // 26 up to reversal (OEIS A014552), 52 counting reversals.
    assert_eq!(count(&langford(7)), 52);
    assert_eq!(count(&langford(5)), 0);
}

#[test]
fn langford_pairs_11() {
    assert_eq!(count(&langford(11)), 35_584);
}

#[test]
fn limits_say_incomplete() {
    let m = queens(8);
    let c = m.compile_with(FD).unwrap();
    let mut s = c.solver();
    let n = s.count(&Limits::none().solutions(10));
    assert_eq!(
        (n.solutions, n.outcome.incomplete),
        (10, Some(Incomplete::SolutionLimit))
    );
    let n = s.count(&Limits::none().nodes(5));
    assert_eq!(n.outcome.incomplete, Some(Incomplete::NodeLimit));
    let flag = Arc::new(AtomicBool::new(true));
    let n = s.count(&Limits::none().cancel_flag(flag));
    assert_eq!(n.outcome.incomplete, Some(Incomplete::Cancelled));
    let n = c.par_count(&Limits::none().cancel_flag(Arc::new(AtomicBool::new(true))));
    assert_eq!(n.outcome.incomplete, Some(Incomplete::Cancelled));
    let n = s.count(&Limits::none().timeout(std::time::Duration::ZERO));
    assert_eq!(n.outcome.incomplete, Some(Incomplete::Deadline));
    // The state is unharmed.
    assert_eq!(s.count(&Limits::none()).solutions, 92);
    assert!(matches!(
        s.solve_one(&Limits::none()).0,
        solver_core::Found::Solution(_)
    ));
    assert!(matches!(
        s.verdict(&Limits::none()).0,
        Verdict::Multiple(..)
    ));
    assert_eq!(s.solutions_up_to(3).len(), 3);
}

#[test]
fn assumptions_seeds_and_branching() {
    let (m, q) = queens_with(6);
    let c = m.compile_with(FD).unwrap();
    let mut s = c.solver();
    let q0 = q[0];
    s.assume(q0, 1).unwrap();
    assert_eq!(s.count(&Limits::none()).solutions, 1);
    assert_eq!(s.par_count(&Limits::none()).solutions, 1);
    assert!(s.assume(q0, 99).is_err());
    s.clear_assumptions();
    s.set_branching(Branching::DomWdeg);
    assert_eq!(s.count(&Limits::none()).solutions, 4);
    s.set_seed(Some(7));
    let mut seen = Vec::new();
    s.for_each_solution(&Limits::none(), |sol| {
        seen.push(sol.values().to_vec());
        ControlFlow::Continue(())
    });
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 4);
}

#[test]
fn optimize_branch_and_bound() {
    // Knapsack: weights 3,4,5 values 4,5,6, capacity 8, at most 2 of each.
    let mut m = Model::new();
    let x: Vec<Var> = (0..3)
        .map(|i| m.int_var(&format!("x{i}"), 0, 2).unwrap())
        .collect();
    let v = m.int_var("value", 0, 100).unwrap();
    m.linear(&[(3, x[0]), (4, x[1]), (5, x[2])], Rel::Le, 8)
        .unwrap();
    m.linear(&[(4, x[0]), (5, x[1]), (6, x[2]), (-1, v)], Rel::Eq, 0)
        .unwrap();
    m.maximize(v).unwrap();
    let c = m.compile().unwrap();
    let mut seen = Vec::new();
    let (opt, _) = c
        .solver()
        .optimize(&Limits::none(), &mut |_, value| seen.push(value));
    let Optimum::Optimal(s, best) = opt else {
        panic!("{opt:?}")
    };
    // Brute force: 2*4 (x0 = 2, weight 6) ... the best is 10 (x1 = 2) or
    // x0 + x2 = 4 + 6 = 10; check by enumeration.
    let mut brute = 0;
    for a in 0..=2 {
        for b in 0..=2 {
            for d in 0..=2 {
                if 3 * a + 4 * b + 5 * d <= 8 {
                    brute = brute.max(4 * a + 5 * b + 6 * d);
                }
            }
        }
    }
    assert_eq!(best, brute);
    assert_eq!(s[v], best);
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(seen.last(), Some(&best));
    // A node limit: incomplete, never called optimal.
    let (opt, _) = c
        .solver()
        .optimize(&Limits::none().nodes(1), &mut |_, _| {});
    assert!(matches!(opt, Optimum::Incomplete { .. }), "{opt:?}");
    // Unsatisfiable.
    m.linear(&[(1, v)], Rel::Gt, 50).unwrap();
    let (opt, _) = m
        .compile()
        .unwrap()
        .solver()
        .optimize(&Limits::none(), &mut |_, _| {});
    assert_eq!(opt, Optimum::Unsatisfiable);
}

#[test]
fn wide_intervals() {
    // x * y = 1_000_000_007 (a prime) over wide ranges: x, y in {1, p}.
    let mut m = Model::new();
    let p = 1_000_000_007;
    let x = m.int_var("x", 1, 1 << 40).unwrap();
    let y = m.int_var("y", 1, 1 << 40).unwrap();
    let z = m.constant(p);
    m.times(x, y, z).unwrap();
    m.linear(&[(1, x)], Rel::Le, 1).unwrap();
    let c = m.compile().unwrap();
    let (v, _) = c.solver().verdict(&Limits::none());
    let Verdict::Unique(s) = v else {
        panic!("{v:?}")
    };
    assert_eq!((s[x], s[y]), (1, p));
}

// ---------------------------------------------------------------------
// Random small models against brute force.

#[derive(Clone, Debug)]
enum C {
    AllDiff(Vec<usize>),
    Table(Vec<usize>, Vec<Vec<Value>>),
    Forbidden(Vec<usize>, Vec<Vec<Value>>),
    Linear(Vec<(Value, usize)>, Rel, Value, Option<(usize, bool)>),
    Clause(Vec<usize>, Vec<usize>),
    Element(usize, Value, Vec<usize>, usize),
    ElementValues(usize, Value, Vec<Value>, usize),
    Count(Vec<usize>, usize, Rel, usize),
    Gcc(Vec<usize>, Vec<Value>, Vec<usize>, bool),
    Times(usize, usize, usize),
    Div(usize, usize, usize),
    Mod(usize, usize, usize),
    Abs(usize, usize),
    Min(Vec<usize>, usize),
    Max(Vec<usize>, usize),
    ExactlyOnce(Vec<usize>),
    SumCage(Vec<usize>, Value),
}

fn rel_holds(rel: Rel, a: i128, b: i128) -> bool {
    match rel {
        Rel::Eq => a == b,
        Rel::Ne => a != b,
        Rel::Lt => a < b,
        Rel::Le => a <= b,
        Rel::Gt => a > b,
        Rel::Ge => a >= b,
    }
}

/// Each constraint by its definition.
fn holds(c: &C, v: &[Value], doms: &[Vec<Value>]) -> bool {
    match c {
        C::AllDiff(xs) => (0..xs.len()).all(|i| (0..i).all(|j| v[xs[i]] != v[xs[j]])),
        C::Table(xs, ts) => ts
            .iter()
            .any(|t| xs.iter().zip(t).all(|(&x, &u)| v[x] == u)),
        C::Forbidden(xs, ts) => !ts
            .iter()
            .any(|t| xs.iter().zip(t).all(|(&x, &u)| v[x] == u)),
        C::Linear(terms, rel, rhs, reif) => {
            let sum: i128 = terms.iter().map(|&(c, x)| c as i128 * v[x] as i128).sum();
            let r = rel_holds(*rel, sum, *rhs as i128);
            match reif {
                None => r,
                Some((b, true)) => (v[*b] == 1) == r,
                Some((b, false)) => v[*b] == 0 || r,
            }
        }
        C::Clause(pos, neg) => pos.iter().any(|&x| v[x] == 1) || neg.iter().any(|&x| v[x] == 0),
        C::Element(i, base, arr, r) => {
            let k = v[*i] - base;
            k >= 0 && (k as usize) < arr.len() && v[arr[k as usize]] == v[*r]
        }
        C::ElementValues(i, base, arr, r) => {
            let k = v[*i] - base;
            k >= 0 && (k as usize) < arr.len() && arr[k as usize] == v[*r]
        }
        C::Count(xs, val, rel, n) => {
            let c = xs.iter().filter(|&&x| v[x] == v[*val]).count();
            rel_holds(*rel, c as i128, v[*n] as i128)
        }
        C::Gcc(xs, vals, counts, closed) => {
            vals.iter()
                .zip(counts)
                .all(|(&u, &n)| xs.iter().filter(|&&x| v[x] == u).count() as Value == v[n])
                && (!closed || xs.iter().all(|&x| vals.contains(&v[x])))
        }
        C::Times(x, y, z) => v[*x] * v[*y] == v[*z],
        C::Div(x, y, z) => v[*y] != 0 && v[*x] / v[*y] == v[*z],
        C::Mod(x, y, z) => v[*y] != 0 && v[*x] % v[*y] == v[*z],
        C::Abs(x, z) => v[*x].abs() == v[*z],
        C::Min(xs, z) => xs.iter().map(|&x| v[x]).min() == Some(v[*z]),
        C::Max(xs, z) => xs.iter().map(|&x| v[x]).max() == Some(v[*z]),
        C::ExactlyOnce(xs) => {
            let mut all: Vec<Value> = xs.iter().flat_map(|&x| doms[x].clone()).collect();
            all.sort_unstable();
            all.dedup();
            holds(&C::AllDiff(xs.clone()), v, doms)
                && all.iter().all(|u| xs.iter().any(|&x| v[x] == *u))
        }
        C::SumCage(xs, sum) => {
            holds(&C::AllDiff(xs.clone()), v, doms)
                && xs.iter().map(|&x| v[x]).sum::<Value>() == *sum
        }
    }
}

/// A tiny deterministic generator (the seed comes from proptest).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn value(&mut self) -> Value {
        self.below(6) as Value - 2
    }
    fn vars(&mut self, n: usize, k: usize) -> Vec<usize> {
        (0..k).map(|_| self.below(n)).collect()
    }
    fn distinct(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut all: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            all.swap(i, self.below(i + 1));
        }
        all.truncate(k.clamp(1, n));
        all
    }
    fn rel(&mut self) -> Rel {
        [Rel::Eq, Rel::Ne, Rel::Lt, Rel::Le, Rel::Gt, Rel::Ge][self.below(6)]
    }
}

struct Random {
    doms: Vec<Vec<Value>>,
    bools: Vec<usize>,
    cons: Vec<C>,
}

fn random_model(seed: u64) -> Random {
    let mut g = Gen(seed | 1);
    let n = 2 + g.below(4);
    let mut doms: Vec<Vec<Value>> = (0..n)
        .map(|_| {
            let mut d: Vec<Value> = (0..2 + g.below(4)).map(|_| g.value()).collect();
            d.sort_unstable();
            d.dedup();
            d
        })
        .collect();
    let bools: Vec<usize> = (0..2).map(|k| n + k).collect();
    doms.push(vec![0, 1]);
    doms.push(vec![0, 1]);
    let all = doms.len();
    let mut cons = Vec::new();
    for _ in 0..1 + g.below(2) {
        let k = 1 + g.below(3);
        let c = match g.below(18) {
            0 => C::AllDiff(g.vars(all, k)),
            1 => {
                let xs = g.vars(all, k);
                let ts = (0..g.below(6))
                    .map(|_| (0..k).map(|_| g.value()).collect())
                    .collect();
                C::Table(xs, ts)
            }
            2 => {
                let xs = g.vars(all, k);
                let ts = (0..g.below(6))
                    .map(|_| (0..k).map(|_| g.value()).collect())
                    .collect();
                C::Forbidden(xs, ts)
            }
            3 | 4 => {
                let terms = (0..k).map(|_| (g.value(), g.below(all))).collect();
                let reif = match g.below(3) {
                    0 => None,
                    r => Some((bools[g.below(2)], r == 1)),
                };
                C::Linear(terms, g.rel(), g.value(), reif)
            }
            5 => C::Clause(
                (0..g.below(3)).map(|_| bools[g.below(2)]).collect(),
                (0..g.below(3)).map(|_| bools[g.below(2)]).collect(),
            ),
            6 => C::Element(g.below(all), g.value(), g.vars(all, k), g.below(all)),
            7 => C::ElementValues(
                g.below(all),
                g.value(),
                (0..k).map(|_| g.value()).collect(),
                g.below(all),
            ),
            8 => C::Count(g.vars(all, k), g.below(all), g.rel(), g.below(all)),
            9 => {
                let mut vals: Vec<Value> = (0..1 + g.below(2)).map(|_| g.value()).collect();
                vals.sort_unstable();
                vals.dedup();
                let counts = g.vars(all, vals.len());
                C::Gcc(g.vars(all, k), vals, counts, g.below(2) == 0)
            }
            10 => C::Times(g.below(all), g.below(all), g.below(all)),
            11 => C::Div(g.below(all), g.below(all), g.below(all)),
            12 => C::Mod(g.below(all), g.below(all), g.below(all)),
            13 => C::Abs(g.below(all), g.below(all)),
            14 => {
                if g.below(2) == 0 {
                    C::Min(g.vars(all, k), g.below(all))
                } else {
                    C::Max(g.vars(all, k), g.below(all))
                }
            }
            15 => C::ExactlyOnce(g.distinct(all, k)),
            16 => {
                // y = ±x + c: the two-variable form.
                let unit = |g: &mut Gen| if g.below(2) == 0 { 1 } else { -1 };
                let terms = vec![(unit(&mut g), g.below(all)), (unit(&mut g), g.below(all))];
                C::Linear(terms, Rel::Eq, g.value(), None)
            }
            _ => C::SumCage(g.distinct(all, k), g.value() + 2),
        };
        cons.push(c);
    }
    Random { doms, bools, cons }
}

/// Builds the model; `None` when the model refuses a constraint (an
/// impossible sum cage: then brute force must find no solution for it).
fn build(r: &Random) -> Option<(Model, Vec<Var>)> {
    let mut m = Model::new();
    let x: Vec<Var> = r
        .doms
        .iter()
        .enumerate()
        .map(|(i, d)| m.var(&format!("x{i}"), d.iter().copied()).unwrap())
        .collect();
    let xs = |v: &[usize]| v.iter().map(|&i| x[i]).collect::<Vec<Var>>();
    for c in &r.cons {
        let res = match c {
            C::AllDiff(v) => m.all_different(&xs(v)),
            C::Table(v, t) => m.table(&xs(v), t),
            C::Forbidden(v, t) => m.forbidden(&xs(v), t),
            C::Linear(terms, rel, rhs, reif) => {
                let t: Vec<(Value, Var)> = terms.iter().map(|&(c, i)| (c, x[i])).collect();
                match reif {
                    None => m.linear(&t, *rel, *rhs),
                    Some((b, true)) => m.linear_reif(&t, *rel, *rhs, x[*b]),
                    Some((b, false)) => m.linear_imp(&t, *rel, *rhs, x[*b]),
                }
            }
            C::Clause(p, n) => m.clause(&xs(p), &xs(n)),
            C::Element(i, base, arr, res) => m.element(x[*i], *base, &xs(arr), x[*res]),
            C::ElementValues(i, base, arr, res) => m.element_values(x[*i], *base, arr, x[*res]),
            C::Count(v, val, rel, n) => m.count(&xs(v), x[*val], *rel, x[*n]),
            C::Gcc(v, vals, counts, closed) => {
                m.global_cardinality(&xs(v), vals, &xs(counts), *closed)
            }
            C::Times(a, b, c) => m.times(x[*a], x[*b], x[*c]),
            C::Div(a, b, c) => m.div(x[*a], x[*b], x[*c]),
            C::Mod(a, b, c) => m.modulo(x[*a], x[*b], x[*c]),
            C::Abs(a, b) => m.abs(x[*a], x[*b]),
            C::Min(v, z) => m.min(&xs(v), x[*z]),
            C::Max(v, z) => m.max(&xs(v), x[*z]),
            C::ExactlyOnce(v) => m.exactly_once("group", &xs(v)),
            C::SumCage(v, s) => m.sum_cage("cage", &xs(v), *s),
        };
        if res.is_err() {
            return None;
        }
    }
    Some((m, x))
}

fn brute(r: &Random) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    let mut v = vec![0; r.doms.len()];
    fn go(r: &Random, k: usize, v: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
        if k == v.len() {
            if r.cons.iter().all(|c| holds(c, v, &r.doms)) {
                out.push(v.clone());
            }
            return;
        }
        for &u in &r.doms[k] {
            v[k] = u;
            go(r, k + 1, v, out);
        }
    }
    go(r, 0, &mut v, &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_models_match_brute_force(seed in any::<u64>()) {
        let r = random_model(seed);
        let expected = brute(&r);
        let Some((m, _)) = build(&r) else {
            // Only sum cages are refused, and only impossible ones.
            prop_assert!(expected.is_empty());
            return Ok(());
        };
        let c = m.compile_with(FD).unwrap();
        let mut s = c.solver();
        let mut found = Vec::new();
        let outcome = s.for_each_solution(&Limits::none(), |sol| {
            found.push(sol.values().to_vec());
            ControlFlow::Continue(())
        });
        prop_assert!(outcome.is_complete());
        let n = found.len();
        found.sort();
        found.dedup();
        prop_assert_eq!(found.len(), n, "a solution found twice");
        prop_assert_eq!(&found, &expected, "{:?}", r.cons);
        // The answer's independent check accepts exactly the brute force's
        // solutions, among every assignment of the domains.
        let mut every: Vec<Vec<Value>> = vec![Vec::new()];
        for d in &r.doms {
            every = every
                .iter()
                .flat_map(|p| d.iter().map(move |&u| [&p[..], &[u]].concat()))
                .collect();
        }
        for v in &every {
            let solution = expected.binary_search(v).is_ok();
            prop_assert_eq!(m.check_solution(v).is_ok(), solution, "{:?} {:?}", v, r.cons);
        }
        let total = expected.len() as u128;
        prop_assert_eq!(s.count(&Limits::none()).solutions, total);
        prop_assert_eq!(c.par_count(&Limits::none()).solutions, total);
        let cubes = c.split(1 + (seed % 9) as usize);
        let mut sum = 0;
        for cube in &cubes {
            sum += s.count_cube(cube, &Limits::none()).unwrap().solutions;
        }
        prop_assert_eq!(sum, total);
        s.set_branching(Branching::DomWdeg);
        prop_assert_eq!(s.count(&Limits::none()).solutions, total);
        let verdict = s.verdict(&Limits::none()).0;
        match total {
            0 => prop_assert_eq!(verdict, Verdict::Unsolvable),
            1 => prop_assert!(matches!(verdict, Verdict::Unique(_))),
            _ => prop_assert!(matches!(verdict, Verdict::Multiple(..))),
        }
        let _ = r.bools.len();
    }

    #[test]
    fn optimize_finds_brute_force_optimum(seed in any::<u64>(), maximize in any::<bool>()) {
        let r = random_model(seed);
        let expected = brute(&r);
        let Some((mut m, x)) = build(&r) else { return Ok(()) };
        let obj = (seed % x.len() as u64) as usize;
        if maximize { m.maximize(x[obj]).unwrap() } else { m.minimize(x[obj]).unwrap() }
        let c = m.compile().unwrap();
        let (opt, _) = c.solver().optimize(&Limits::none(), &mut |_, _| {});
        let best = if maximize {
            expected.iter().map(|v| v[obj]).max()
        } else {
            expected.iter().map(|v| v[obj]).min()
        };
        match (opt, best) {
            (Optimum::Optimal(s, v), Some(b)) => {
                prop_assert_eq!(v, b);
                prop_assert!(expected.contains(&s.values().to_vec()));
            }
            (Optimum::Unsatisfiable, None) => {}
            (opt, best) => prop_assert!(false, "{:?} vs {:?}", opt, best),
        }
    }
}

#[test]
fn huge_domains_and_refusals() {
    // A listed domain too large for a bitset keeps its holes: even values.
    let mut m = Model::new();
    let x = m.var("x", (0..100_000).map(|v| 2 * v)).unwrap();
    let y = m.int_var("y", 0, 10).unwrap();
    m.linear(&[(1, x), (-1, y)], Rel::Eq, 0).unwrap();
    assert_eq!(count(&m), 6);
    // Linear sums that could overflow are refused, naming the constraint.
    let mut m = Model::new();
    let a = m.int_var("a", -(1 << 62), 1 << 62).unwrap();
    m.linear(&[(i64::MAX, a), (i64::MAX, a)], Rel::Eq, 0)
        .unwrap();
    let err = m.compile().unwrap_err();
    assert!(err.to_string().starts_with("linear #1: "), "{err}");
    // A table too large for its support bitsets is refused.
    let mut m = Model::new();
    let p = m.int_var("p", 0, 1 << 30).unwrap();
    let q = m.int_var("q", 0, 1 << 30).unwrap();
    let tuples: Vec<Vec<Value>> = (0..200_000).map(|k| vec![k, k]).collect();
    m.table(&[p, q], &tuples).unwrap();
    let err = m.compile().unwrap_err();
    assert!(err.to_string().starts_with("table #1: "), "{err}");
}

#[test]
fn a_long_count_stops_on_time_and_on_the_flag() {
    // 14-queens has 365,596 solutions: far more than these limits allow.
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    let (m, q) = queens_with(14);
    let c = m.compile_with(FD).unwrap();
    let mut s = c.solver();
    let started = std::time::Instant::now();
    let n = s.count(&Limits::none().timeout(std::time::Duration::from_millis(100)));
    assert_eq!(n.outcome.incomplete, Some(Incomplete::Deadline));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // The flags below are raised while the search surely runs, from its
    // own events (a ready signal, never a sleep): one thread, at its first
    // solution; every thread, when the first of the parallel parts is done
    // (the parts not started yet must not run).
    let flag = Arc::new(AtomicBool::new(false));
    let mut found = 0u64;
    let outcome = s.for_each_solution(&Limits::none().cancel_flag(Arc::clone(&flag)), |_| {
        found += 1;
        flag.store(true, Relaxed);
        ControlFlow::Continue(())
    });
    assert_eq!(outcome.incomplete, Some(Incomplete::Cancelled));
    assert!((1..365_596).contains(&found), "{found}");
    let flag = Arc::new(AtomicBool::new(false));
    let seen: Vec<AtomicU64> = q.iter().map(|_| AtomicU64::new(0)).collect();
    let visit = |values: &[Value]| {
        for (s, v) in seen.iter().zip(values) {
            s.fetch_or(1 << v, Relaxed);
        }
        ControlFlow::Continue(())
    };
    let outcome = s
        .true_candidates(
            &q,
            &Limits::none().cancel_flag(Arc::clone(&flag)),
            &seen,
            &visit,
            &|done, parts| {
                assert!(done < parts || flag.load(Relaxed), "every part ran");
                flag.store(true, Relaxed);
            },
        )
        .unwrap();
    assert_eq!(outcome.incomplete, Some(Incomplete::Cancelled));
    // A parallel count stops on a flag raised before it starts.
    let n = c.par_count(&Limits::none().cancel_flag(Arc::clone(&flag)));
    assert_eq!(n.outcome.incomplete, Some(Incomplete::Cancelled));
    assert!(n.solutions < 365_596);
    let (found, _) = s.optimize(&Limits::none().cancel_flag(flag), &mut |_, _| {});
    // No objective: the first solution is found before the flag is read,
    // or the flag stops it; never a wrong optimum.
    assert!(matches!(
        found,
        Optimum::Optimal(..) | Optimum::Incomplete { .. }
    ));
}

#[test]
fn cubes_edge_cases() {
    use cover_model::Cube;
    // An unsatisfiable model splits into no cube.
    let mut m = Model::new();
    let a = m.int_var("a", 0, 3).unwrap();
    let b = m.int_var("b", 0, 3).unwrap();
    m.linear(&[(1, a), (1, b)], Rel::Gt, 6).unwrap();
    let c = m.compile().unwrap();
    assert!(c.split(8).is_empty());
    // A cube with a value outside a domain is an error, and leaves the
    // solver as it was.
    let mut m = Model::new();
    let a = m.int_var("a", 0, 3).unwrap();
    let b = m.int_var("b", 0, 3).unwrap();
    m.linear(&[(1, a), (1, b)], Rel::Le, 3).unwrap();
    let c = m.compile().unwrap();
    let mut s = c.solver();
    assert!(s
        .count_cube(&Cube::new(vec![(a, 9)]), &Limits::none())
        .is_err());
    assert_eq!(s.count(&Limits::none()).solutions, 10);
    // Cubes of a wide interval model: their sum is the count.
    let mut m = Model::new();
    let x = m.int_var("x", 0, 100_000).unwrap();
    let y = m.int_var("y", 0, 10).unwrap();
    m.linear(&[(1, x), (-3, y)], Rel::Eq, 1).unwrap();
    let c = m.compile().unwrap();
    let mut s = c.solver();
    let total: u128 = c
        .split(16)
        .iter()
        .map(|cube| s.count_cube(cube, &Limits::none()).unwrap().solutions)
        .sum();
    assert_eq!(total, 11);
    assert_eq!(s.count(&Limits::none()).solutions, 11);
    // Minimising an interval objective.
    let mut m = Model::new();
    let x = m.int_var("x", -1_000_000, 1_000_000).unwrap();
    let y = m.int_var("y", -5, 5).unwrap();
    m.abs(y, x).unwrap();
    m.linear(&[(1, y)], Rel::Ne, 0).unwrap();
    m.minimize(x).unwrap();
    let (opt, _) = m
        .compile()
        .unwrap()
        .solver()
        .optimize(&Limits::none(), &mut |_, _| {});
    assert!(matches!(opt, Optimum::Optimal(_, 1)), "{opt:?}");
}

/// The planner sees through views: n-queens written with `q[i] + i` and
/// `q[i] - i`, and Langford pairs written with `b = a + k + 1`, go to
/// Dancing Links with the counts of the literature, and solutions give the
/// views their values.
#[test]
fn views_reach_dancing_links() {
    for (n, expected) in [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)] {
        let (m, q, d) = queens_diagonals(n);
        let c = m.compile().unwrap();
        assert_eq!(c.engine(), EngineName::Dlx, "{n}-queens");
        assert_eq!(c.solver().count(&Limits::none()).solutions, expected);
        assert_eq!(c.par_count(&Limits::none()).solutions, expected);
        let sum: u128 = c
            .split(7)
            .iter()
            .map(|cube| {
                c.solver()
                    .count_cube(cube, &Limits::none())
                    .unwrap()
                    .solutions
            })
            .sum();
        assert_eq!(sum, expected);
        // The diagonals (declared after the columns) are views of them.
        c.solver().for_each_solution(&Limits::none(), |s| {
            for i in 0..n {
                assert_eq!(s[d[i]], s[q[i]] + i as Value, "{s}");
                assert_eq!(s[d[n + i]], s[q[i]] - i as Value, "{s}");
            }
            ControlFlow::Continue(())
        });
        // Assumptions and options on a view name its base's option.
        if n == 8 {
            let mut s = c.solver();
            let d0 = d[0];
            // q0 = 0 through the view d1_0 = q0 + 0: 4 of the 92.
            s.assume(d0, 0).unwrap();
            assert_eq!(s.count(&Limits::none()).solutions, 4);
            assert_eq!(c.option(d0, 0).unwrap(), c.option(q[0], 0).unwrap());
            assert!(s.assume(d0, 9).is_err());
        }
    }
    // 26 up to reversal (OEIS A014552), 52 counting reversals.
    for (n, expected) in [(3, 2), (4, 2), (5, 0), (7, 52)] {
        let c = langford(n).compile().unwrap();
        assert_eq!(c.engine(), EngineName::Dlx, "Langford {n}");
        assert_eq!(c.solver().count(&Limits::none()).solutions, expected);
    }
    // A fixed value that a view rules out: no solution on either engine.
    let mut m = Model::new();
    let x = m.var("x", 1..=3).unwrap();
    let y = m.var("y", 1..=3).unwrap();
    m.linear(&[(1, y), (-1, x)], Rel::Eq, 2).unwrap();
    m.fix(x, 2).unwrap();
    let c = m.compile().unwrap();
    assert_eq!(c.engine(), EngineName::Dlx);
    assert_eq!(c.solver().count(&Limits::none()).solutions, 0);
    assert_eq!(c.par_count(&Limits::none()).solutions, 0);
    assert_eq!(c.solver().verdict(&Limits::none()).0, Verdict::Unsolvable);
    assert_eq!(count(&m), 0);
    // A second equation between joined variables stays a constraint.
    m.linear(&[(1, x), (1, y)], Rel::Eq, 4).unwrap();
    assert_eq!(m.compile().unwrap().engine(), EngineName::Propagation);
}

/// A random model of views (two-term ±1 equalities), groups, cages and fixed
/// values: both engines find exactly the solutions brute force finds, and
/// the planner picks Dancing Links exactly when the equalities form a forest.
fn random_view_model(seed: u64) -> (Random, Vec<(usize, Value)>, bool) {
    let mut g = Gen(seed | 1);
    let n = 2 + g.below(5);
    let doms: Vec<Vec<Value>> = (0..n)
        .map(|_| {
            let mut d: Vec<Value> = (0..2 + g.below(4)).map(|_| g.value()).collect();
            d.sort_unstable();
            d.dedup();
            d
        })
        .collect();
    let mut root: Vec<usize> = (0..n).collect();
    let find = |root: &Vec<usize>, mut x: usize| {
        while root[x] != x {
            x = root[x];
        }
        x
    };
    let mut forest = true;
    let mut cons = Vec::new();
    for _ in 0..1 + g.below(5) {
        let k = 1 + g.below(3);
        let c = match g.below(5) {
            0 | 1 => {
                let (y, x) = (g.below(n), g.below(n));
                let sign = |g: &mut Gen| if g.below(2) == 0 { 1 } else { -1 };
                let (sy, sx) = (sign(&mut g), sign(&mut g));
                let (a, b) = (find(&root, y), find(&root, x));
                if a == b {
                    forest = false;
                } else {
                    root[a] = b;
                }
                C::Linear(vec![(sy, y), (sx, x)], Rel::Eq, g.value(), None)
            }
            2 => C::AllDiff(g.distinct(n, k)),
            3 => C::ExactlyOnce(g.distinct(n, k)),
            _ => C::SumCage(g.distinct(n, k.min(2)), g.value() + 1),
        };
        cons.push(c);
    }
    let fixed = if g.below(3) == 0 {
        let x = g.below(n);
        vec![(x, doms[x][g.below(doms[x].len())])]
    } else {
        Vec::new()
    };
    let bools = Vec::new();
    (Random { doms, bools, cons }, fixed, forest)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_view_models_agree(seed in any::<u64>()) {
        let (mut r, fixed, forest) = random_view_model(seed);
        let Some((mut m, x)) = build(&r) else {
            prop_assert!(brute(&r).is_empty());
            return Ok(());
        };
        for &(v, u) in &fixed {
            m.fix(x[v], u).unwrap();
            r.cons.push(C::Table(vec![v], vec![vec![u]]));
        }
        let expected = brute(&r);
        let total = expected.len() as u128;
        let planned = m.compile().unwrap();
        let engine = if forest { EngineName::Dlx } else { EngineName::Propagation };
        prop_assert_eq!(planned.engine(), engine, "{:?}", r.cons);
        let fd = m.compile_with(FD).unwrap();
        for c in [&planned, &fd] {
            let mut s = c.solver();
            let mut found = Vec::new();
            s.for_each_solution(&Limits::none(), |sol| {
                found.push(sol.values().to_vec());
                ControlFlow::Continue(())
            });
            found.sort();
            prop_assert_eq!(&found, &expected, "{} {:?} {:?}", c.engine(), r.cons, fixed);
            prop_assert_eq!(s.count(&Limits::none()).solutions, total);
            prop_assert_eq!(c.par_count(&Limits::none()).solutions, total);
            let mut sum = 0;
            for cube in &c.split(1 + (seed % 9) as usize) {
                sum += s.count_cube(cube, &Limits::none()).unwrap().solutions;
            }
            prop_assert_eq!(sum, total);
        }
    }
}

/// Sums of members of an all-different (the `SumDistinct` propagator and
/// the implied sums the program derives from the equalities): contiguous
/// domains (word-sized, the propagator's case) or scattered ones (the
/// `Linear` it falls back on), sums with unit coefficients of either sign,
/// and a mixed equality now and then to give the elimination material.
fn random_sum_model(seed: u64) -> Random {
    let mut g = Gen(seed | 1);
    let n = 4 + g.below(3);
    let doms: Vec<Vec<Value>> = (0..n)
        .map(|_| {
            if g.below(5) == 0 {
                let mut d: Vec<Value> = (0..2 + g.below(4)).map(|_| g.value()).collect();
                d.sort_unstable();
                d.dedup();
                d
            } else {
                let lo = g.value();
                (lo..lo + 2 + g.below(5) as Value).collect()
            }
        })
        .collect();
    let mut cons = Vec::new();
    let k = 3 + g.below(n - 2);
    let members = g.distinct(n, k);
    cons.push(C::AllDiff(members.clone()));
    for _ in 0..1 + g.below(3) {
        let k = 3 + g.below(members.len() - 2);
        let mut xs = members.clone();
        for i in (1..xs.len()).rev() {
            xs.swap(i, g.below(i + 1));
        }
        xs.truncate(k);
        let sign = if g.below(3) == 0 { -1 } else { 1 };
        // The sum of one assignment, give or take: often satisfiable.
        let total: Value = xs.iter().map(|&x| doms[x][g.below(doms[x].len())]).sum();
        let rhs = sign * (total + g.below(3) as Value - 1);
        cons.push(C::Linear(
            xs.iter().map(|&x| (sign, x)).collect(),
            Rel::Eq,
            rhs,
            None,
        ));
    }
    if g.below(2) == 0 {
        let terms = (0..2 + g.below(2))
            .map(|_| (g.value(), g.below(n)))
            .collect();
        cons.push(C::Linear(terms, Rel::Eq, g.value(), None));
    }
    Random {
        doms,
        bools: Vec::new(),
        cons,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn sum_distinct_models_match_brute_force(seed in any::<u64>()) {
        let r = random_sum_model(seed);
        let expected = brute(&r);
        let (m, _) = build(&r).expect("no refused constraint");
        let c = m.compile_with(FD).unwrap();
        let mut s = c.solver();
        let mut found = Vec::new();
        let outcome = s.for_each_solution(&Limits::none(), |sol| {
            found.push(sol.values().to_vec());
            ControlFlow::Continue(())
        });
        prop_assert!(outcome.is_complete());
        found.sort();
        prop_assert_eq!(&found, &expected, "{:?} over {:?}", r.cons, r.doms);
        let total = expected.len() as u128;
        prop_assert_eq!(c.par_count(&Limits::none()).solutions, total);
        let mut sum = 0;
        for cube in &c.split(1 + (seed % 7) as usize) {
            sum += s.count_cube(cube, &Limits::none()).unwrap().solutions;
        }
        prop_assert_eq!(sum, total);
        s.set_branching(Branching::DomWdeg);
        prop_assert_eq!(s.count(&Limits::none()).solutions, total);
    }
}

/// Magic squares of order 4 with one cell fixed: the implied sums (corners,
/// centre, ...) hold in every solution, so fixing a corner to each value in
/// turn splits the 7,040 squares exactly (a check of the derived
/// constraints against the whole count, from Frénicle).
#[test]
fn magic_squares_4_split_by_a_corner() {
    let total: u128 = (1..=16)
        .map(|v| {
            let (mut m, x) = magic_vars(4);
            m.fix(x[0], v).unwrap();
            count(&m)
        })
        .sum();
    assert_eq!(total, 7_040);
}

/// Arrow-like sums: contiguous domains, all-differents over some members,
/// and equalities with coefficients ±1 of both signs (a circle less its
/// line), which get the `SmallSum` propagator where two members share an
/// all-different.
fn random_arrow_model(seed: u64) -> Random {
    let mut g = Gen(seed | 1);
    let n = 4 + g.below(3);
    let doms: Vec<Vec<Value>> = (0..n)
        .map(|_| {
            let lo = g.value();
            (lo..lo + 2 + g.below(5) as Value).collect()
        })
        .collect();
    let mut cons = Vec::new();
    for _ in 0..1 + g.below(2) {
        let k = 2 + g.below(n - 1);
        cons.push(C::AllDiff(g.distinct(n, k)));
    }
    for _ in 0..1 + g.below(2) {
        let k = 3 + g.below(n - 2);
        let xs = g.distinct(n, k);
        let signs: Vec<Value> = (0..k)
            .map(|i| if i == 0 || g.below(3) == 0 { -1 } else { 1 })
            .collect();
        // The sum of one assignment, give or take: often satisfiable.
        let total: Value = xs
            .iter()
            .zip(&signs)
            .map(|(&x, &s)| s * doms[x][g.below(doms[x].len())])
            .sum();
        cons.push(C::Linear(
            xs.iter().zip(&signs).map(|(&x, &s)| (s, x)).collect(),
            Rel::Eq,
            total + g.below(3) as Value - 1,
            None,
        ));
    }
    Random {
        doms,
        bools: Vec::new(),
        cons,
    }
}

/// The true candidates of `vars` by the one pruned search, on a pool of
/// `threads` threads: per variable, the values seen.
fn candidates(
    c: &cover_model::Compiled,
    vars: &[Var],
    lows: &[Value],
    threads: usize,
) -> Result<Vec<Vec<Value>>, cover_model::ModelError> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let seen: Vec<AtomicU64> = vars.iter().map(|_| AtomicU64::new(0)).collect();
    let visit = |values: &[Value]| {
        for (k, v) in vars.iter().enumerate() {
            seen[k].fetch_or(1 << (values[v.index()] - lows[k]), Ordering::Relaxed);
        }
        ControlFlow::Continue(())
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let outcome = pool.install(|| {
        c.solver()
            .true_candidates(vars, &Limits::none(), &seen, &visit, &|_, _| {})
    })?;
    assert!(outcome.is_complete());
    Ok(seen
        .iter()
        .zip(lows)
        .map(|(s, &lo)| {
            let m = s.load(Ordering::Relaxed);
            (0..64)
                .filter(|b| m >> b & 1 == 1)
                .map(|b| lo + b)
                .collect()
        })
        .collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Arrow-like sums against brute force: solutions, and true candidates
    /// (every variable, and a few) from the one pruned search on one and on
    /// two threads equal the values of the brute-force solutions.
    #[test]
    fn arrow_models_and_true_candidates_match_brute_force(seed in any::<u64>(), arrow in any::<bool>()) {
        let r = if arrow { random_arrow_model(seed) } else { random_sum_model(seed) };
        let expected = brute(&r);
        let (m, x) = build(&r).expect("no refused constraint");
        let c = m.compile_with(FD).unwrap();
        let mut found = Vec::new();
        let outcome = c.solver().for_each_solution(&Limits::none(), |sol| {
            found.push(sol.values().to_vec());
            ControlFlow::Continue(())
        });
        prop_assert!(outcome.is_complete());
        found.sort();
        prop_assert_eq!(&found, &expected, "{:?} over {:?}", r.cons, r.doms);
        let contiguous = |d: &Vec<Value>| d[d.len() - 1] - d[0] == d.len() as Value - 1;
        for pick in [(0..x.len()).collect::<Vec<usize>>(), vec![seed as usize % x.len()]] {
            let vars: Vec<Var> = pick.iter().map(|&i| x[i]).collect();
            let lows: Vec<Value> = pick.iter().map(|&i| r.doms[i][0]).collect();
            let want: Vec<Vec<Value>> = pick
                .iter()
                .map(|&i| {
                    let mut vs: Vec<Value> = expected.iter().map(|s| s[i]).collect();
                    vs.sort_unstable();
                    vs.dedup();
                    vs
                })
                .collect();
            for threads in [1, 2] {
                match candidates(&c, &vars, &lows, threads) {
                    Ok(got) => prop_assert_eq!(&got, &want, "{:?} over {:?}", r.cons, r.doms),
                    // Only scattered domains are refused.
                    Err(_) => prop_assert!(pick.iter().any(|&i| !contiguous(&r.doms[i]))),
                }
            }
        }
    }
}

/// True candidates refuse what they cannot hold (a domain beyond 64 values,
/// Dancing Links) and stop at a limit saying so.
#[test]
fn true_candidates_refusals_and_limits() {
    use std::sync::atomic::AtomicU64;
    let none = |_: &[Value]| ControlFlow::Continue(());
    let mut m = Model::new();
    let wide = m.int_var("wide", 0, 100).unwrap();
    let c = m.compile_with(FD).unwrap();
    let seen = [AtomicU64::new(0)];
    let err = c
        .solver()
        .true_candidates(&[wide], &Limits::none(), &seen, &none, &|_, _| {})
        .unwrap_err();
    assert!(err.to_string().contains("64 consecutive values"), "{err}");
    let (m, x) = queens_with(6);
    let dlx = m.compile_with(Asked::Dlx).unwrap();
    assert!(dlx
        .solver()
        .true_candidates(&x[..1], &Limits::none(), &seen, &none, &|_, _| {})
        .is_err());
    // A search that sees nothing never runs out of news: a cancelled flag
    // and a node limit stop it, incomplete.
    let (m, x) = queens_with(12);
    let c = m.compile_with(FD).unwrap();
    let seen: Vec<AtomicU64> = x.iter().map(|_| AtomicU64::new(0)).collect();
    let flag = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        cancel: Some(Arc::clone(&flag)),
        ..Limits::none()
    };
    let out = c
        .solver()
        .true_candidates(&x, &limits, &seen, &none, &|_, _| {})
        .unwrap();
    assert_eq!(out.incomplete, Some(Incomplete::Cancelled));
    let limits = Limits {
        max_nodes: Some(50),
        ..Limits::none()
    };
    let out = c
        .solver()
        .true_candidates(&x, &limits, &seen, &none, &|_, _| {})
        .unwrap();
    assert_eq!(out.incomplete, Some(Incomplete::NodeLimit));
}
