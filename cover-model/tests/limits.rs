//! Wide (interval) domains and values at the type limits (issue 32): the
//! defects found there, each as a test, and random models whose variables
//! live in small windows near 0, ±2^31, ±2^62 and the `i64` limits,
//! declared wide (intervals, so the engine holds only their bounds) and
//! cut to the window by constraints, checked against a brute force in
//! `i128` written here.

use std::ops::ControlFlow;

use cover_model::plan::Asked;
use cover_model::{Model, Optimum, Rel, Value, Var};
use proptest::prelude::*;
use solver_core::Limits;

const FD: Asked = Asked::Propagation;

fn solutions(m: &Model) -> Vec<Vec<Value>> {
    let c = m.compile_with(FD).unwrap();
    let mut out = Vec::new();
    let outcome = c.solver().for_each_solution(&Limits::none(), |s| {
        out.push(s.values().to_vec());
        ControlFlow::Continue(())
    });
    assert!(outcome.is_complete());
    out
}

fn count(m: &Model) -> u128 {
    let c = m.compile_with(FD).unwrap();
    let n = c.solver().count(&Limits::none());
    assert!(n.is_complete());
    n.solutions
}

/// Issue 32, 1: all_different ignored a member held as an interval.
/// x0 in 0..6000 (an interval), x1 in 1..2: 6001 * 2 - 2 pairs differ.
#[test]
fn all_different_holds_for_an_interval_member() {
    let mut m = Model::new();
    let x0 = m.int_var("x0", 0, 6000).unwrap();
    let x1 = m.int_var("x1", 1, 2).unwrap();
    m.all_different(&[x0, x1]).unwrap();
    assert_eq!(count(&m), 12_000);
    // With x0 <= 3: x0 in 0..=3, x1 in 1..=2, different: 4 * 2 - 2.
    m.linear(&[(1, x0)], Rel::Le, 3).unwrap();
    assert_eq!(count(&m), 6);
    let all = solutions(&m);
    assert_eq!(all.len(), 6);
    assert!(all.iter().all(|v| v[0] != v[1]), "{all:?}");
}

/// Issue 32, 3: x + y = 2^62 + 1 over [-2^62, 2^62] printed x = y = -2^62.
#[test]
fn a_sum_past_the_i64_range_is_not_wrapped() {
    let mut m = Model::new();
    let b = 1i64 << 62;
    let x = m.int_var("x", -b, b).unwrap();
    let y = m.int_var("y", -b, b).unwrap();
    m.linear(&[(1, x), (1, y)], Rel::Eq, b + 1).unwrap();
    let c = m.compile_with(FD).unwrap();
    let (found, _) = c.solver().solve_one(&Limits::none());
    let solver_core::Found::Solution(s) = found else {
        panic!("{found:?}")
    };
    assert_eq!(s[x] as i128 + s[y] as i128, b as i128 + 1);

    // Over every i64: x + y = 1 and x = y has no solution (1 is odd).
    let mut m = Model::new();
    let x = m.int_var("x", i64::MIN, i64::MAX).unwrap();
    let y = m.int_var("y", i64::MIN, i64::MAX).unwrap();
    m.linear(&[(1, x), (1, y)], Rel::Eq, 1).unwrap();
    m.linear(&[(1, x), (-1, y)], Rel::Eq, 0).unwrap();
    assert_eq!(count(&m), 0);
}

/// Issue 32, 5: i64::MIN div -1 = 2^63 is no i64: no solution (it gave
/// z = i64::MAX).
#[test]
fn min_div_minus_one_has_no_solution() {
    let mut m = Model::new();
    let x = m.constant(i64::MIN);
    let y = m.constant(-1);
    let z = m.int_var("z", i64::MIN, i64::MAX).unwrap();
    m.div(x, y, z).unwrap();
    assert_eq!(count(&m), 0);
    // The same for |i64::MIN| and i64::MIN * -1.
    let mut m = Model::new();
    let x = m.constant(i64::MIN);
    let z = m.int_var("z", i64::MIN, i64::MAX).unwrap();
    m.abs(x, z).unwrap();
    assert_eq!(count(&m), 0);
    let mut m = Model::new();
    let x = m.constant(i64::MIN);
    let y = m.constant(-1);
    let z = m.int_var("z", 0, i64::MAX).unwrap();
    m.times(x, y, z).unwrap();
    assert_eq!(count(&m), 0);
}

/// Issue 32, 8: a limit of 0 solutions counts none (it counted 1 with an
/// objective).
#[test]
fn a_limit_of_zero_finds_nothing() {
    let mut m = Model::new();
    let x = m.int_var("x", 1, 3).unwrap();
    m.maximize(x).unwrap();
    let c = m.compile().unwrap();
    let n = c.solver().count(&Limits::none().solutions(0));
    assert_eq!(n.solutions, 0);
    assert_eq!(c.par_count(&Limits::none().solutions(0)).solutions, 0);
    let mut seen = 0;
    c.solver()
        .for_each_solution(&Limits::none().solutions(0), |_| {
            seen += 1;
            ControlFlow::Continue(())
        });
    assert_eq!(seen, 0);
}

/// Issue 32, 12: x mod 1000000 = 999999 over 1..1e9 has 1000 solutions
/// (x = 999999 + 10^6 k, k in 0..1000); found in few nodes because `mod`
/// now narrows x.
#[test]
fn mod_narrows_its_operands() {
    let mut m = Model::new();
    let x = m.int_var("x", 1, 1_000_000_000).unwrap();
    let y = m.constant(1_000_000);
    let z = m.constant(999_999);
    m.modulo(x, y, z).unwrap();
    let c = m.compile_with(FD).unwrap();
    let mut xs = Vec::new();
    let limits = Limits::none().nodes(100_000);
    let outcome = c.solver().for_each_solution(&limits, |s| {
        xs.push(s[x]);
        ControlFlow::Continue(())
    });
    assert!(outcome.is_complete(), "{outcome:?}");
    xs.sort_unstable();
    let expected: Vec<Value> = (0..1000).map(|k| 999_999 + 1_000_000 * k).collect();
    assert_eq!(xs, expected);

    // x mod y = -1 with x >= 1 has no solution (the remainder takes x's
    // sign): proved at the root.
    let mut m = Model::new();
    let x = m.int_var("x", 1, 1_000_000_000).unwrap();
    let y = m.int_var("y", -1_000_000_000, 1_000_000_000).unwrap();
    let z = m.constant(-1);
    m.modulo(x, y, z).unwrap();
    let c = m.compile_with(FD).unwrap();
    let n = c.solver().count(&Limits::none().nodes(1000));
    assert!(n.is_complete());
    assert_eq!(n.solutions, 0);

    // x mod y = -1 over negative x: |y| >= 2 and x <= -1; one solution
    // found at once.
    let mut m = Model::new();
    let x = m.int_var("x", -1_000_000_000, 1_000_000_000).unwrap();
    let y = m.int_var("y", -1_000_000_000, 1_000_000_000).unwrap();
    let z = m.constant(-1);
    m.modulo(x, y, z).unwrap();
    let c = m.compile_with(FD).unwrap();
    let (found, stats) = c.solver().solve_one(&Limits::none().nodes(10_000));
    let solver_core::Found::Solution(s) = found else {
        panic!("{found:?} after {stats:?}")
    };
    assert_eq!(s[x] % s[y], -1);
}

/// Issue 32, 13: maximize x over 0..1e9 climbed one value per solution.
#[test]
fn an_objective_jumps_to_its_best() {
    for (sense, best) in [(true, 1_000_000_000), (false, 0)] {
        let mut m = Model::new();
        let x = m.int_var("x", 0, 1_000_000_000).unwrap();
        let y = m.int_var("y", 0, 1_000_000_000).unwrap();
        m.linear(&[(1, x), (-1, y)], Rel::Ge, 0).unwrap();
        if sense {
            m.maximize(x).unwrap();
        } else {
            m.minimize(x).unwrap();
        }
        let c = m.compile().unwrap();
        let (opt, stats) = c
            .solver()
            .optimize(&Limits::none().nodes(10_000), &mut |_, _| {});
        let Optimum::Optimal(_, v) = opt else {
            panic!("{opt:?} after {stats:?}")
        };
        assert_eq!(v, best);
    }
    // At the type's limit: nothing beats i64::MAX, and the search ends.
    let mut m = Model::new();
    let x = m.int_var("x", i64::MIN, i64::MAX).unwrap();
    m.maximize(x).unwrap();
    let c = m.compile().unwrap();
    let (opt, _) = c
        .solver()
        .optimize(&Limits::none().nodes(10_000), &mut |_, _| {});
    assert!(matches!(opt, Optimum::Optimal(_, i64::MAX)), "{opt:?}");
}

/// The same defects through the JSON model (`dlx count` reads it).
#[test]
fn json_models_at_the_limits() {
    let json_count = |text: &str| count(&Model::from_json(text).unwrap());
    assert_eq!(
        json_count(
            r#"{"variables": [{"name": "x0", "range": [0, 6000]}, {"name": "x1", "range": [1, 2]}],
                "constraints": [{"kind": "all_different", "vars": ["x0", "x1"]}]}"#
        ),
        12_000
    );
    let full = format!(r#""range": [{}, {}]"#, i64::MIN, i64::MAX);
    assert_eq!(
        json_count(&format!(
            r#"{{"variables": [{{"name": "x", {full}}}, {{"name": "y", {full}}}],
                "constraints": [{{"kind": "linear", "terms": [[1, "x"], [1, "y"]], "rel": "==", "rhs": 1}},
                                {{"kind": "linear", "terms": [[1, "x"], [-1, "y"]], "rel": "==", "rhs": 0}}]}}"#
        )),
        0
    );
    assert_eq!(
        json_count(&format!(
            r#"{{"variables": [{{"name": "z", {full}}}],
                "constraints": [{{"kind": "div", "x": {}, "y": -1, "z": "z"}}]}}"#,
            i64::MIN
        )),
        0
    );
}

// ---------------------------------------------------------------------
// Random models near the limits against brute force.

/// The centres of the windows.
const CENTRES: [i128; 9] = [
    0,
    1 << 31,
    -(1 << 31),
    1 << 62,
    -(1 << 62),
    i64::MAX as i128,
    i64::MIN as i128,
    (i64::MAX / 2) as i128,
    (i64::MIN / 2) as i128,
];

#[derive(Clone, Debug)]
enum C {
    AllDiff(Vec<usize>),
    Linear(Vec<(Value, usize)>, Rel, Value),
    Times(usize, usize, usize),
    Div(usize, usize, usize),
    Mod(usize, usize, usize),
    Abs(usize, usize),
    Min(Vec<usize>, usize),
    Max(Vec<usize>, usize),
    Table(Vec<usize>, Vec<Vec<Value>>),
    /// `result = array[index - base]`.
    Element(usize, Value, Vec<Value>, usize),
}

/// A variable: its window (what brute force enumerates) and how it is
/// declared (wide: an interval cut to the window by two constraints).
#[derive(Clone, Debug)]
struct VarDecl {
    lo: Value,
    hi: Value,
    wide: Option<(Value, Value)>,
}

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
    /// A window of 1 to 4 values around `centre`, within the i64 range.
    fn window(&mut self, centre: i128) -> (Value, Value) {
        let w = self.below(4) as i128;
        let shift = self.below(5) as i128 - 2;
        let lo = (centre + shift).clamp(i64::MIN as i128, i64::MAX as i128 - w);
        (lo as Value, (lo + w) as Value)
    }
    fn decl(&mut self, centre: i128) -> VarDecl {
        let (lo, hi) = self.window(centre);
        let wide = match self.below(3) {
            0 => None,
            1 => Some((i64::MIN, i64::MAX)),
            _ => {
                let a =
                    (lo as i128 - 5000 - self.below(3) as i128 * (1 << 40)).max(i64::MIN as i128);
                let b = (hi as i128 + 5000).min(i64::MAX as i128);
                Some((a as Value, b as Value))
            }
        };
        VarDecl { lo, hi, wide }
    }
    fn centre(&mut self) -> i128 {
        CENTRES[self.below(CENTRES.len())]
    }
    fn pick(&mut self, d: &VarDecl) -> i128 {
        d.lo as i128 + self.below((d.hi - d.lo) as usize + 1) as i128
    }
}

struct Random {
    vars: Vec<VarDecl>,
    cons: Vec<C>,
}

fn random_model(seed: u64) -> Random {
    let mut g = Gen(seed | 1);
    let mut vars: Vec<VarDecl> = (0..2 + g.below(2))
        .map(|_| {
            let c = g.centre();
            g.decl(c)
        })
        .collect();
    let mut cons = Vec::new();
    for _ in 0..1 + g.below(2) {
        let n = vars.len();
        let a = g.below(n);
        let b = g.below(n);
        let (pa, pb) = (g.pick(&vars[a]), g.pick(&vars[b]));
        let c = match g.below(10) {
            0 => C::AllDiff(vec![a, b]),
            1 | 2 => {
                let terms: Vec<(Value, usize)> = (0..1 + g.below(3))
                    .map(|_| {
                        let c = [-2, -1, 1, 2][g.below(4)];
                        (c, g.below(n))
                    })
                    .collect();
                // The sum at random picks, moved a little (often possible).
                let sum: i128 = terms
                    .iter()
                    .map(|&(c, x)| {
                        let d = vars[x].clone();
                        c as i128 * g.pick(&d)
                    })
                    .sum::<i128>()
                    + g.below(3) as i128
                    - 1;
                let rhs = sum.clamp(i64::MIN as i128, i64::MAX as i128) as Value;
                let rel = [Rel::Eq, Rel::Ne, Rel::Le, Rel::Ge, Rel::Lt, Rel::Gt][g.below(6)];
                C::Linear(terms, rel, rhs)
            }
            3 => {
                let z = result(&mut g, &mut vars, Some(pa * pb));
                C::Times(a, b, z)
            }
            4 => {
                let z = result(&mut g, &mut vars, (pb != 0).then(|| pa / pb));
                C::Div(a, b, z)
            }
            5 => {
                let z = result(&mut g, &mut vars, (pb != 0).then(|| pa % pb));
                C::Mod(a, b, z)
            }
            6 => {
                let z = result(&mut g, &mut vars, Some(pa.abs()));
                C::Abs(a, z)
            }
            7 => {
                let z = result(&mut g, &mut vars, Some(pa.min(pb)));
                if g.below(2) == 0 {
                    C::Min(vec![a, b], z)
                } else {
                    C::Max(vec![a, b], z)
                }
            }
            9 => {
                // A base near the index's window, values near the limits.
                let base = (vars[a].lo as i128 - g.below(3) as i128).max(i64::MIN as i128) as Value;
                let len = 1 + g.below(4);
                if base.checked_add(len as Value).is_none() {
                    C::AllDiff(vec![a, b])
                } else {
                    let array: Vec<Value> = (0..len)
                        .map(|_| {
                            let c = g.centre();
                            g.window(c).0
                        })
                        .collect();
                    let k = g.below(len);
                    let z = result(&mut g, &mut vars, Some(array[k] as i128));
                    C::Element(a, base, array, z)
                }
            }
            _ => {
                let tuples = (0..1 + g.below(3))
                    .map(|_| {
                        let (da, db) = (vars[a].clone(), vars[b].clone());
                        vec![g.pick(&da) as Value, g.pick(&db) as Value]
                    })
                    .collect();
                C::Table(vec![a, b], tuples)
            }
        };
        cons.push(c);
    }
    Random { vars, cons }
}

/// A result variable whose window holds the value of a random pick (when
/// it is an i64), else a window at a random centre.
fn result(g: &mut Gen, vars: &mut Vec<VarDecl>, value: Option<i128>) -> usize {
    let centre = value
        .filter(|v| i64::try_from(*v).is_ok() && g.below(4) != 0)
        .unwrap_or_else(|| g.centre());
    vars.push(g.decl(centre));
    vars.len() - 1
}

fn holds(c: &C, v: &[i128]) -> bool {
    let fits = |r: i128| i64::try_from(r).is_ok();
    match c {
        C::AllDiff(xs) => (0..xs.len()).all(|i| (0..i).all(|j| v[xs[i]] != v[xs[j]])),
        C::Linear(terms, rel, rhs) => {
            let sum: i128 = terms.iter().map(|&(c, x)| c as i128 * v[x]).sum();
            let r = *rhs as i128;
            match rel {
                Rel::Eq => sum == r,
                Rel::Ne => sum != r,
                Rel::Lt => sum < r,
                Rel::Le => sum <= r,
                Rel::Gt => sum > r,
                Rel::Ge => sum >= r,
            }
        }
        C::Times(x, y, z) => v[*x] * v[*y] == v[*z],
        C::Div(x, y, z) => v[*y] != 0 && fits(v[*x] / v[*y]) && v[*x] / v[*y] == v[*z],
        C::Mod(x, y, z) => v[*y] != 0 && v[*x] % v[*y] == v[*z],
        C::Abs(x, z) => v[*x].abs() == v[*z],
        C::Min(xs, z) => xs.iter().map(|&x| v[x]).min() == Some(v[*z]),
        C::Max(xs, z) => xs.iter().map(|&x| v[x]).max() == Some(v[*z]),
        C::Table(xs, ts) => ts
            .iter()
            .any(|t| xs.iter().zip(t).all(|(&x, &u)| v[x] == u as i128)),
        C::Element(i, base, array, z) => {
            let k = v[*i] - *base as i128;
            (0..array.len() as i128).contains(&k) && array[k as usize] as i128 == v[*z]
        }
    }
}

fn brute(r: &Random) -> Vec<Vec<Value>> {
    fn go(r: &Random, k: usize, v: &mut Vec<i128>, out: &mut Vec<Vec<Value>>) {
        if k == v.len() {
            if r.cons.iter().all(|c| holds(c, v)) {
                out.push(v.iter().map(|&u| u as Value).collect());
            }
            return;
        }
        for u in r.vars[k].lo..=r.vars[k].hi {
            v[k] = u as i128;
            go(r, k + 1, v, out);
        }
    }
    let mut out = Vec::new();
    go(r, 0, &mut vec![0; r.vars.len()], &mut out);
    out
}

fn build(r: &Random) -> (Model, Vec<Var>) {
    let mut m = Model::new();
    let mut xs = Vec::new();
    for (i, d) in r.vars.iter().enumerate() {
        let name = format!("x{i}");
        let x = match d.wide {
            None => m.int_var(&name, d.lo, d.hi).unwrap(),
            Some((a, b)) => {
                let x = m.int_var(&name, a, b).unwrap();
                m.linear(&[(1, x)], Rel::Ge, d.lo).unwrap();
                m.linear(&[(1, x)], Rel::Le, d.hi).unwrap();
                x
            }
        };
        xs.push(x);
    }
    let ix = |v: &[usize]| v.iter().map(|&i| xs[i]).collect::<Vec<Var>>();
    for c in &r.cons {
        match c {
            C::AllDiff(v) => m.all_different(&ix(v)),
            C::Linear(terms, rel, rhs) => {
                let t: Vec<(Value, Var)> = terms.iter().map(|&(c, i)| (c, xs[i])).collect();
                m.linear(&t, *rel, *rhs)
            }
            C::Times(a, b, z) => m.times(xs[*a], xs[*b], xs[*z]),
            C::Div(a, b, z) => m.div(xs[*a], xs[*b], xs[*z]),
            C::Mod(a, b, z) => m.modulo(xs[*a], xs[*b], xs[*z]),
            C::Abs(a, z) => m.abs(xs[*a], xs[*z]),
            C::Min(v, z) => m.min(&ix(v), xs[*z]),
            C::Max(v, z) => m.max(&ix(v), xs[*z]),
            C::Table(v, t) => m.table(&ix(v), t),
            C::Element(i, base, array, z) => m.element_values(xs[*i], *base, array, xs[*z]),
        }
        .unwrap();
    }
    (m, xs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Every solution and no other, counted the same every way, and the
    /// optimum of a random objective, over windows at the limits.
    #[test]
    fn models_at_the_limits_match_brute_force(seed in any::<u64>()) {
        let r = random_model(seed);
        let mut expected = brute(&r);
        expected.sort();
        let (m, xs) = build(&r);
        let mut found = solutions(&m);
        found.sort();
        prop_assert_eq!(&found, &expected, "{:?} {:?}", r.vars, r.cons);
        let c = m.compile_with(FD).unwrap();
        let total = expected.len() as u128;
        prop_assert_eq!(c.solver().count(&Limits::none()).solutions, total);
        prop_assert_eq!(c.par_count(&Limits::none()).solutions, total);

        let k = (seed >> 7) as usize % xs.len();
        for maximize in [false, true] {
            let mut m = m.clone();
            if maximize { m.maximize(xs[k]).unwrap() } else { m.minimize(xs[k]).unwrap() }
            let c = m.compile().unwrap();
            let (opt, _) = c.solver().optimize(&Limits::none(), &mut |_, _| {});
            let best = if maximize {
                expected.iter().map(|v| v[k]).max()
            } else {
                expected.iter().map(|v| v[k]).min()
            };
            match (opt, best) {
                (Optimum::Optimal(_, v), Some(b)) => prop_assert_eq!(v, b),
                (Optimum::Unsatisfiable, None) => {}
                (opt, best) => prop_assert!(false, "{:?} vs {:?}: {:?}", opt, best, r.cons),
            }
        }
    }
}

/// Issue 32, 11: a model's listed values have a budget, refused before
/// allocating (20,000 variables over 1..4096 aborted Python's count()).
#[test]
fn the_listed_values_have_a_budget() {
    let mut m = Model::new();
    let mut refused = None;
    for k in 0..20_000 {
        if let Err(e) = m.int_var(&format!("x{k}"), 1, 4096) {
            refused = Some((k, e));
            break;
        }
    }
    let (k, e) = refused.expect("refused");
    assert_eq!(k as u64, cover_model::MAX_MODEL_VALUES / 4096);
    assert_eq!(m.listed_values(), cover_model::MAX_MODEL_VALUES);
    assert!(
        e.to_string().starts_with(&format!(
            "variable x{k} would take the model past its memory budget"
        )),
        "{e}"
    );
    // Intervals list nothing: they stay declarable.
    m.int_var("wide", 0, 1 << 40).unwrap();
    // The JSON model says where.
    let vars: Vec<String> = (0..8193)
        .map(|k| format!(r#"{{"name": "x{k}", "range": [1, 4096]}}"#))
        .collect();
    let e = Model::from_json(&format!(r#"{{"variables": [{}]}}"#, vars.join(", ")))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("variables[8192]"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// An objective held as a wide interval (so branch and bound splits it
    /// first) tied to small windows by `obj = a*x + b*y + c` with large
    /// coefficients, sometimes near the limits: the optimum against brute
    /// force.
    #[test]
    fn a_wide_objective_reaches_the_brute_force_optimum(seed in any::<u64>()) {
        let mut g = Gen(seed | 1);
        let coef = |g: &mut Gen| [1i64, -1, 1000, -1000, 1 << 40, -(1 << 40), 1 << 61][g.below(7)];
        let (a, b) = (coef(&mut g), coef(&mut g));
        let c = [0i64, 1 << 62, -(1 << 62), i64::MAX, -i64::MAX][g.below(5)];
        let cx = [0i128, 1 << 31, -(1 << 31), 3][g.below(4)];
        let (xd, yd) = (g.decl(cx), g.decl(cx));
        let mut m = Model::new();
        let x = m.int_var("x", xd.lo, xd.hi).unwrap();
        let y = m.int_var("y", yd.lo, yd.hi).unwrap();
        let obj = m.int_var("obj", i64::MIN, i64::MAX).unwrap();
        m.linear(&[(a, x), (b, y), (-1, obj)], Rel::Eq, -c).unwrap();
        let maximize = g.below(2) == 0;
        if maximize { m.maximize(obj).unwrap() } else { m.minimize(obj).unwrap() }
        let values = (xd.lo..=xd.hi).flat_map(|u| (yd.lo..=yd.hi).map(move |v| (u, v)));
        let feasible = values
            .map(|(u, v)| a as i128 * u as i128 + b as i128 * v as i128 + c as i128)
            .filter(|o| i64::try_from(*o).is_ok());
        let best = if maximize { feasible.max() } else { feasible.min() };
        let compiled = m.compile().unwrap();
        let (opt, _) = compiled
            .solver()
            .optimize(&Limits::none().nodes(100_000), &mut |_, _| {});
        match (opt, best) {
            (Optimum::Optimal(s, v), Some(best)) => {
                prop_assert_eq!(v as i128, best);
                let o = a as i128 * s[x] as i128 + b as i128 * s[y] as i128 + c as i128;
                prop_assert_eq!(o, s[obj] as i128);
            }
            (Optimum::Unsatisfiable, None) => {}
            (opt, best) => prop_assert!(false, "{:?} vs {:?}", opt, best),
        }
    }
}
