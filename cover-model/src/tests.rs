//! The model against known counts and against a brute-force oracle.

use std::ops::ControlFlow;

use proptest::prelude::*;
use solver_core::{Incomplete, Limits};

use crate::{Model, ModelError, Value, Var, Verdict};

/// Latin squares of order n as a model: a variable per cell, rows and
/// columns exactly once.
fn latin(n: usize) -> (Model, Vec<Var>) {
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
    (m, cells)
}

#[test]
fn latin_square_counts() {
    // OEIS A002860: 1, 2, 12, 576.
    for (n, count) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        let (m, _) = latin(n);
        let compiled = m.compile().unwrap();
        assert_eq!(compiled.solver().count(&Limits::none()).solutions, count);
        assert_eq!(compiled.par_count(&Limits::none()).solutions, count);
    }
}

#[test]
fn limits_and_verdicts() {
    let (mut m, cells) = latin(4);
    let compiled = m.compile().unwrap();
    let mut s = compiled.solver();
    let c = s.count(&Limits::none().solutions(10));
    assert_eq!(
        (c.solutions, c.outcome.incomplete),
        (10, Some(Incomplete::SolutionLimit))
    );
    let c = s.count(&Limits::none().nodes(3));
    assert_eq!(c.outcome.incomplete, Some(Incomplete::NodeLimit));
    assert!(matches!(s.verdict(&Limits::none()).0, Verdict::Multiple(a, b) if a != b));
    // The first row and the first column fixed (a reduced square): 4 of them.
    for k in 0..4 {
        s.assume(cells[k], k as Value + 1).unwrap();
        if k > 0 {
            s.assume(cells[k * 4], k as Value + 1).unwrap();
        }
    }
    assert_eq!(s.count(&Limits::none()).solutions, 4);
    assert_eq!(s.par_count(&Limits::none()).solutions, 4);
    // A clash: no solution, and clearing brings the 576 back.
    s.assume(cells[5], 2).unwrap();
    assert_eq!(s.count(&Limits::none()).solutions, 0);
    assert_eq!(s.verdict(&Limits::none()).0, Verdict::Unsolvable);
    s.clear_assumptions();
    assert_eq!(s.count(&Limits::none()).solutions, 576);
    // Fixed values belong to the model.
    m.fix(cells[0], 1).unwrap();
    let fixed = m.compile().unwrap();
    assert_eq!(fixed.solver().count(&Limits::none()).solutions, 144);
    let mut s = fixed.solver();
    let (found, _) = s.solve_one(&Limits::none());
    assert_eq!(found.solution().unwrap()[cells[0]], 1);
    assert_eq!(
        m.fix(cells[1], 5),
        Err(ModelError::NotInDomain {
            var: "c1".into(),
            value: 5
        })
    );
}

#[test]
fn cage_errors() {
    let mut m = Model::new();
    let a = m.var("a", 1..=9).unwrap();
    let b = m.var("b", 1..=9).unwrap();
    let e = m.sum_cage("k", &[a, b], 18).unwrap_err();
    assert!(
        matches!(
            e,
            ModelError::ImpossibleSum {
                min: 3,
                max: 17,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("range from 3 to 17"), "{e}");
    assert!(matches!(
        m.sum_cage("k", &[a, a], 3),
        Err(ModelError::RepeatedVar { .. })
    ));
    assert!(matches!(
        m.exactly_once("g", &[]),
        Err(ModelError::EmptyConstraint { .. })
    ));
    assert!(matches!(
        m.var("z", []),
        Err(ModelError::EmptyDomain { .. })
    ));
    // Domains that cannot be matched to the combination: {1, 2} for two
    // variables that both only take 1 or 3... sum 3 needs 1 and 2.
    let c = m.var("c", [1, 3]).unwrap();
    let d = m.var("d", [1, 3]).unwrap();
    assert!(matches!(
        m.sum_cage("k", &[c, d], 3),
        Err(ModelError::ImpossibleSum { .. })
    ));
    m.sum_cage("k", &[c, d], 4).unwrap();
}

/// A cage beside values near the i64 limits: its totals are taken in 128
/// bits, so 1 + 2 = 3 is found (a wrapped bound once refused it: "totals
/// range from 3 to -3") and the counts agree with a brute force over the
/// domains, written here.
#[test]
fn cage_totals_of_huge_values_do_not_wrap() {
    let domain = [1, 2, i64::MAX - 1, i64::MAX, i64::MIN, i64::MIN + 1];
    for sum in [3, 5, i64::MAX, i64::MIN, -1, 0, i64::MIN + 3] {
        let mut m = Model::new();
        let a = m.var("a", domain).unwrap();
        let b = m.var("b", domain).unwrap();
        let expected = domain
            .iter()
            .flat_map(|&x| domain.iter().map(move |&y| (x, y)))
            .filter(|&(x, y)| x != y && i128::from(x) + i128::from(y) == i128::from(sum))
            .count() as u128;
        match m.sum_cage("k", &[a, b], sum) {
            Ok(()) => {
                let counted = m
                    .compile()
                    .unwrap()
                    .solver()
                    .count(&Limits::none())
                    .solutions;
                assert_eq!(counted, expected, "sum {sum}");
            }
            Err(e @ ModelError::ImpossibleSum { .. }) => {
                assert_eq!(expected, 0, "sum {sum}: {e}");
                // The range said is the true one (i64::MIN + i64::MIN + 1 ..).
                let text = e.to_string();
                assert!(
                    text.contains("range from -18446744073709551615 to 18446744073709551613"),
                    "{text}"
                );
            }
            Err(e) => panic!("sum {sum}: {e}"),
        }
    }
}

/// A small random model: variables with domains in 1..=4, groups and cages.
#[derive(Clone, Debug)]
struct Spec {
    domains: Vec<Vec<Value>>,
    exactly: Vec<Vec<usize>>,
    at_most: Vec<Vec<usize>>,
    cages: Vec<(Vec<usize>, Value)>,
    fixed: Vec<(usize, Value)>,
    /// `sy * y + sx * x = rhs` as `(y, sy, x, sx, rhs)`, signs ±1: views
    /// when they join variables not yet joined.
    views: Vec<(usize, Value, usize, Value, Value)>,
}

fn members(vars: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::sample::subsequence((0..vars).collect::<Vec<_>>(), 1..=vars.min(3))
}

fn spec() -> impl Strategy<Value = Spec> {
    (2usize..=5).prop_flat_map(|vars| {
        (
            proptest::collection::vec(proptest::sample::subsequence(vec![1, 2, 3, 4], 1..=4), vars),
            proptest::collection::vec(members(vars), 0..3),
            proptest::collection::vec(members(vars), 0..3),
            proptest::collection::vec((members(vars), 1i64..=12), 0..3),
            proptest::collection::vec((0..vars, 1i64..=4), 0..2),
            proptest::collection::vec(
                (
                    0..vars,
                    prop_oneof![Just(1), Just(-1)],
                    0..vars,
                    prop_oneof![Just(1), Just(-1)],
                    -6i64..=8,
                ),
                0..3,
            ),
        )
            .prop_map(|(domains, exactly, at_most, cages, fixed, views)| Spec {
                domains,
                exactly,
                at_most,
                cages,
                fixed,
                views,
            })
    })
}

/// Counts by trying every assignment (the oracle): checks each constraint
/// from its definition.
fn brute_force(spec: &Spec, cages: &[(Vec<usize>, Value)], fixed: &[(usize, Value)]) -> u128 {
    let mut values = vec![0; spec.domains.len()];
    let mut count = 0;
    fn go(
        spec: &Spec,
        cages: &[(Vec<usize>, Value)],
        fixed: &[(usize, Value)],
        k: usize,
        values: &mut Vec<Value>,
        count: &mut u128,
    ) {
        if k == values.len() {
            let distinct = |g: &[usize]| {
                g.iter()
                    .enumerate()
                    .all(|(i, &a)| g[..i].iter().all(|&b| values[a] != values[b]))
            };
            let ok = spec.exactly.iter().all(|g| {
                let mut all: Vec<Value> = g.iter().flat_map(|&v| spec.domains[v].clone()).collect();
                all.sort_unstable();
                all.dedup();
                distinct(g) && all.iter().all(|x| g.iter().any(|&v| values[v] == *x))
            }) && spec.at_most.iter().all(|g| distinct(g))
                && cages.iter().all(|(g, sum)| {
                    distinct(g) && g.iter().map(|&v| values[v]).sum::<Value>() == *sum
                })
                && fixed.iter().all(|&(v, x)| values[v] == x)
                && spec
                    .views
                    .iter()
                    .all(|&(y, sy, x, sx, rhs)| sy * values[y] + sx * values[x] == rhs);
            *count += u128::from(ok);
            return;
        }
        for &x in &spec.domains[k] {
            values[k] = x;
            go(spec, cages, fixed, k + 1, values, count);
        }
    }
    go(spec, cages, fixed, 0, &mut values, &mut count);
    count
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn counts_equal_brute_force(spec in spec()) {
        let mut m = Model::new();
        let vars: Vec<Var> = spec
            .domains
            .iter()
            .enumerate()
            .map(|(k, d)| m.var(&format!("x{k}"), d.iter().copied()).unwrap())
            .collect();
        let pick = |g: &[usize]| g.iter().map(|&k| vars[k]).collect::<Vec<_>>();
        for g in &spec.exactly {
            m.exactly_once("e", &pick(g)).unwrap();
        }
        for g in &spec.at_most {
            m.at_most_once("a", &pick(g)).unwrap();
        }
        // Cages the model refuses have no solution in the oracle either.
        let mut kept = Vec::new();
        for (g, sum) in &spec.cages {
            match m.sum_cage("k", &pick(g), *sum) {
                Ok(()) => kept.push((g.clone(), *sum)),
                Err(ModelError::ImpossibleSum { .. }) => {
                    prop_assert_eq!(brute_force(
                        &Spec { exactly: vec![], at_most: vec![], cages: vec![], fixed: vec![], views: vec![], ..spec.clone() },
                        &[(g.clone(), *sum)],
                        &[],
                    ), 0);
                }
                Err(e) => panic!("{e}"),
            }
        }
        // The views, and whether they form a forest (each joins two
        // variables not yet joined): then the model is exact cover.
        let mut root: Vec<usize> = (0..vars.len()).collect();
        let find = |root: &Vec<usize>, mut x: usize| {
            while root[x] != x {
                x = root[x];
            }
            x
        };
        let mut forest = true;
        for &(y, sy, x, sx, rhs) in &spec.views {
            m.linear(&[(sy, vars[y]), (sx, vars[x])], crate::Rel::Eq, rhs).unwrap();
            let (a, b) = (find(&root, y), find(&root, x));
            if a == b {
                forest = false;
            } else {
                root[a] = b;
            }
        }
        let mut fixed = Vec::new();
        for &(v, x) in &spec.fixed {
            if m.fix(vars[v], x).is_ok() {
                fixed.push((v, x));
            }
        }
        let expected = brute_force(&spec, &kept, &fixed);
        let compiled = m.compile().unwrap();
        let mut solver = compiled.solver();
        prop_assert_eq!(solver.count(&Limits::none()).solutions, expected);
        prop_assert_eq!(compiled.par_count(&Limits::none()).solutions, expected);
        // Every solution found satisfies the oracle, and they differ.
        let mut seen = std::collections::HashSet::new();
        solver.for_each_solution(&Limits::none(), |s| {
            let one: Vec<(usize, Value)> = s.values().iter().copied().enumerate().collect();
            assert_eq!(brute_force(&spec, &kept, &one), 1, "{s}");
            assert!(seen.insert(s.values().to_vec()));
            ControlFlow::Continue(())
        });
        let verdict = solver.verdict(&Limits::none()).0;
        match expected {
            0 => prop_assert_eq!(&verdict, &Verdict::Unsolvable),
            1 => prop_assert!(matches!(verdict, Verdict::Unique(_))),
            _ => prop_assert!(matches!(verdict, Verdict::Multiple(..))),
        }
        // The propagation engine agrees with Dancing Links: counts,
        // verdicts, solution sets, parallel counts and cube sums.
        let planned = if forest {
            crate::plan::EngineName::Dlx
        } else {
            crate::plan::EngineName::Propagation
        };
        prop_assert_eq!(compiled.engine(), planned);
        let fd = m.compile_with(crate::plan::Asked::Propagation).unwrap();
        let mut fd_solver = fd.solver();
        prop_assert_eq!(fd_solver.count(&Limits::none()).solutions, expected);
        prop_assert_eq!(fd.par_count(&Limits::none()).solutions, expected);
        let (a, b) = (verdict, fd_solver.verdict(&Limits::none()).0);
        prop_assert_eq!(std::mem::discriminant(&a), std::mem::discriminant(&b));
        if let (Verdict::Unique(x), Verdict::Unique(y)) = (&a, &b) {
            prop_assert_eq!(x, y);
        }
        let all = |s: &mut crate::ModelSolver<'_>| {
            let mut v = Vec::new();
            s.for_each_solution(&Limits::none(), |x| {
                v.push(x.values().to_vec());
                ControlFlow::Continue(())
            });
            v.sort();
            v
        };
        prop_assert_eq!(all(&mut solver), all(&mut fd_solver));
        for (c, s) in [(&compiled, &mut solver), (&fd, &mut fd_solver)] {
            let mut sum = 0;
            for cube in c.split(5) {
                sum += s.count_cube(&cube, &Limits::none()).unwrap().solutions;
            }
            prop_assert_eq!(sum, expected);
        }
    }
}

#[test]
fn planner_and_constraint_errors() {
    use crate::plan::{Asked, EngineName};
    use crate::Rel;
    let (mut m, cells) = latin(3);
    assert_eq!(m.compile().unwrap().engine(), EngineName::Dlx);
    // all_different without repeats is an at-most-once group: still exact cover.
    m.all_different(&cells[..2]).unwrap();
    m.all_different(&[]).unwrap();
    assert_eq!(m.compile().unwrap().engine(), EngineName::Dlx);
    m.linear(&[(1, cells[0]), (1, cells[1])], Rel::Le, 4)
        .unwrap();
    assert!(matches!(
        m.compile_with(Asked::Dlx),
        Err(ModelError::Engine { engine: "dlx", .. })
    ));
    let err = m.table(&cells[..2], &[vec![1, 2], vec![3]]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "table #10: tuple 2 has 1 values: expected 2, one per variable"
    );
    let err = m.clause(&[cells[0]], &[]).unwrap_err();
    assert!(err.to_string().contains("expected a Boolean"), "{err}");
    let b = m.bool_var("b").unwrap();
    m.minimize(b).unwrap();
    assert!(m.maximize(b).is_err());
    assert_eq!(m.constant(7), m.constant(7));
    let wide = m.int_var("wide", 0, 1 << 40).unwrap();
    assert_eq!((m.domain(wide).len(), m.bounds(wide)), (0, (0, 1 << 40)));
}
