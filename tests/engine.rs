//! The exact-cover engine against known counts (mathematics) and against the
//! brute-force oracle, sequential and parallel, with limits and forced
//! options; after every search the solver must be exactly as it started.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use proptest::prelude::*;
use solver_core::{
    knuth, problems, BuildError, Found, Incomplete, Limits, Matrix, OptionId, ProblemBuilder,
};

use crate::oracle::{arb_plain, brute_force_count, brute_force_solutions, Plain};

fn parse(text: &str) -> Matrix {
    knuth::parse(text).expect("test problems parse")
}

/// Counts sequentially and in parallel, checking both agree and that the
/// solver is restored.
fn count_both(m: &Matrix) -> u128 {
    let mut solver = m.solver();
    let seq = solver.count(&Limits::none());
    assert!(seq.is_complete());
    assert!(solver.is_pristine(m), "links restored after counting");
    let par = m.par_count(&[], &Limits::none()).unwrap();
    assert!(par.is_complete());
    assert_eq!(seq.solutions, par.solutions, "parallel equals sequential");
    seq.solutions
}

#[test]
fn knuths_example_has_one_solution() {
    let m = parse(&problems::knuth_example());
    let mut solver = m.solver();
    let (found, _) = solver.first_solution(&Limits::none());
    let Found::Solution(options) = found else {
        panic!("no solution")
    };
    let rows: BTreeSet<String> = options.iter().map(|&o| m.option_text(o)).collect();
    assert_eq!(
        rows,
        BTreeSet::from(["A D".into(), "B G".into(), "C E F".into()])
    );
    assert_eq!(count_both(&m), 1);
}

#[test]
fn known_counts() {
    // OEIS A000170 (queens), A014552 doubled (Langford pairs with mirror
    // images), A002860 (Latin squares), Knuth's "Dancing Links" (pentominoes).
    let cases = [
        (problems::n_queens(8), 92),
        (problems::n_queens(10), 724),
        (problems::langford(7), 52),
        (problems::langford(5), 0),
        (problems::latin_square(4), 576),
        (problems::pentominoes(3, 20), 8),
    ];
    for (text, expected) in cases {
        assert_eq!(count_both(&parse(&text)), expected);
    }
}

#[test]
fn iterator_callback_and_count_agree() {
    let m = parse(&problems::n_queens(6));
    let mut solver = m.solver();
    let from_iter: BTreeSet<Vec<OptionId>> = solver
        .solutions(&Limits::none())
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    let mut from_callback = BTreeSet::new();
    let outcome = solver.for_each_solution(&Limits::none(), |s| {
        let mut s = s.to_vec();
        s.sort();
        from_callback.insert(s);
        ControlFlow::Continue(())
    });
    assert!(outcome.is_complete());
    assert_eq!(from_iter.len(), 4);
    assert_eq!(from_iter, from_callback);
    let parallel = Mutex::new(BTreeSet::new());
    m.par_for_each_solution(&[], &Limits::none(), |s| {
        let mut s = s.to_vec();
        s.sort();
        assert!(parallel.lock().unwrap().insert(s), "no solution twice");
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(parallel.into_inner().unwrap(), from_iter);
    assert!(solver.is_pristine(&m));
}

#[test]
fn dropping_an_iterator_midway_restores_the_solver() {
    let m = parse(&problems::n_queens(8));
    let mut solver = m.solver();
    let mut it = solver.solutions(&Limits::none());
    assert!(it.next().is_some());
    assert!(it.next().is_some());
    drop(it);
    assert!(solver.is_pristine(&m));
    assert_eq!(solver.count(&Limits::none()).solutions, 92);
}

#[test]
fn limits_stop_and_say_incomplete() {
    let m = parse(&problems::n_queens(10));
    let mut solver = m.solver();

    let c = solver.count(&Limits::none().solutions(10));
    assert_eq!(
        (c.solutions, c.outcome.incomplete),
        (10, Some(Incomplete::SolutionLimit))
    );
    let c = solver.count(&Limits::none().nodes(100));
    assert_eq!(c.outcome.incomplete, Some(Incomplete::NodeLimit));
    assert_eq!(c.outcome.stats.nodes, 100);
    assert!(c.solutions < 724);
    assert!(solver.is_pristine(&m));

    let flag = Arc::new(AtomicBool::new(true));
    let c = solver.count(&Limits::none().cancel_flag(Arc::clone(&flag)));
    assert_eq!(c.outcome.incomplete, Some(Incomplete::Cancelled));
    let c = m.par_count(&[], &Limits::none().cancel_flag(flag)).unwrap();
    assert_eq!(c.outcome.incomplete, Some(Incomplete::Cancelled));

    let c = m.par_count(&[], &Limits::none().solutions(10)).unwrap();
    assert_eq!(
        (c.solutions, c.outcome.incomplete),
        (10, Some(Incomplete::SolutionLimit))
    );
    let c = m.par_count(&[], &Limits::none().nodes(500)).unwrap();
    assert_eq!(c.outcome.incomplete, Some(Incomplete::NodeLimit));

    // A problem far too big to finish: a deadline stops it promptly.
    let big = parse(&problems::n_queens(28));
    let start = std::time::Instant::now();
    let c = big
        .solver()
        .count(&Limits::none().timeout(Duration::from_millis(200)));
    assert_eq!(c.outcome.incomplete, Some(Incomplete::Deadline));
    let c = big
        .par_count(&[], &Limits::none().timeout(Duration::from_millis(200)))
        .unwrap();
    assert_eq!(c.outcome.incomplete, Some(Incomplete::Deadline));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn callback_can_stop_the_search() {
    let m = parse(&problems::n_queens(8));
    let mut solver = m.solver();
    let mut seen = 0;
    let outcome = solver.for_each_solution(&Limits::none(), |_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((seen, outcome.incomplete), (3, Some(Incomplete::Stopped)));
    assert!(solver.is_pristine(&m));
}

#[test]
fn builder_refuses_bad_options() {
    let mut b = ProblemBuilder::new();
    let p = b.add_primary("p").unwrap();
    let s = b.add_secondary("s").unwrap();
    assert!(matches!(
        b.add_primary("p"),
        Err(BuildError::DuplicateItem { .. })
    ));
    assert!(matches!(
        b.add_option([s]),
        Err(BuildError::NoPrimaryItem { option: 0 })
    ));
    assert!(matches!(
        b.add_option([p, p]),
        Err(BuildError::RepeatedItem { .. })
    ));
    let red = b.color("red").unwrap();
    assert!(matches!(
        b.add_option([(p, red)]),
        Err(BuildError::ColorOnPrimary { .. })
    ));
    let mut other = ProblemBuilder::new();
    let _ = other.add_primary_items(5).unwrap();
    let far = other.add_primary("far").unwrap();
    assert!(matches!(
        b.add_option([far]),
        Err(BuildError::UnknownItem { .. })
    ));
    // Nothing invalid was added.
    assert_eq!(b.option_count(), 0);
    b.add_option([p]).unwrap();
    assert_eq!(b.build().unwrap().option_count(), 1);
}

/// The options of `m` as oracle indices (the order in which they were written).
fn sorted(solution: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    v.sort_unstable();
    v
}

fn check_against_oracle(p: &Plain) -> Result<(), TestCaseError> {
    let m = parse(&p.to_knuth());
    let expected = brute_force_solutions(p);
    let total = brute_force_count(p);
    prop_assert_eq!(expected.len() as u128, total);

    let mut solver = m.solver();
    let found: Vec<Vec<usize>> = {
        let mut all: Vec<Vec<usize>> = solver
            .solutions(&Limits::none())
            .map(|s| sorted(&s))
            .collect();
        all.sort();
        all
    };
    prop_assert_eq!(&found, &expected);
    prop_assert!(solver.is_pristine(&m));
    prop_assert_eq!(m.par_count(&[], &Limits::none()).unwrap().solutions, total);

    for limit in [1u128, 2, 3] {
        let c = solver.count(&Limits::none().solutions(limit));
        prop_assert_eq!(c.solutions, total.min(limit));
        prop_assert_eq!(c.is_complete(), total < limit);
        let c = m.par_count(&[], &Limits::none().solutions(limit)).unwrap();
        prop_assert_eq!(c.solutions, total.min(limit));
        prop_assert_eq!(c.is_complete(), total < limit);
    }
    prop_assert!(solver.is_pristine(&m));

    // Forcing an option leaves exactly the solutions that contain it.
    if m.option_count() > 0 {
        let o = OptionId::new(0);
        if solver.force(o).is_ok() {
            let with: u128 = expected.iter().filter(|s| s.contains(&0)).count() as u128;
            prop_assert_eq!(solver.count(&Limits::none()).solutions, with);
            prop_assert_eq!(m.par_count(&[o], &Limits::none()).unwrap().solutions, with);
            solver.release();
        }
        prop_assert!(solver.is_pristine(&m));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn primary_only_matches_oracle(p in arb_plain(false, false)) {
        check_against_oracle(&p)?;
    }

    #[test]
    fn secondary_items_match_oracle(p in arb_plain(true, false)) {
        check_against_oracle(&p)?;
    }

    #[test]
    fn colours_match_oracle(p in arb_plain(true, true)) {
        check_against_oracle(&p)?;
    }

    #[test]
    fn knuth_format_round_trips(p in arb_plain(true, true)) {
        let m = parse(&p.to_knuth());
        let again = parse(&knuth::write(&m));
        prop_assert_eq!(knuth::write(&again), knuth::write(&m));
    }
}
