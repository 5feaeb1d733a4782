use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use proptest::prelude::*;

use super::{luby, Learner};
use crate::{knuth, problems, Incomplete, Limits};

/// Every solution of `learner`, each checked to be new.
fn all(learner: &mut Learner, limits: &Limits) -> (BTreeSet<Vec<u32>>, crate::Outcome) {
    let mut found = BTreeSet::new();
    let outcome = learner.search(limits, |s| {
        assert!(s.windows(2).all(|w| w[0] < w[1]), "chosen options in order");
        assert!(found.insert(s.to_vec()), "solution found twice: {s:?}");
        ControlFlow::Continue(())
    });
    (found, outcome)
}

/// The count of a problem in Knuth's format, the same with learnt
/// clauses reduced as usual and with reductions at every restart (from
/// 8 learnt clauses on).
fn count_text(text: &str) -> u128 {
    let matrix = knuth::parse(text).expect("valid problem");
    let mut counts = Vec::new();
    for first_reduction in [None, Some(8)] {
        let mut learner = Learner::from_matrix(&matrix).expect("no colours");
        learner.first_reduction = first_reduction;
        let (found, outcome) = all(&mut learner, &Limits::none());
        assert!(outcome.is_complete());
        counts.push(found.len() as u128);
    }
    assert_eq!(counts[0], counts[1], "with and without frequent reductions");
    counts[0]
}

#[test]
fn classic_counts() {
    // Known counts (OEIS A000170 for the queens; Knuth's example has one).
    assert_eq!(count_text(&problems::knuth_example()), 1);
    for (n, queens) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        assert_eq!(count_text(&problems::n_queens(n)), queens, "{n} queens");
    }
    // Langford pairs: 2 * A014552 (both mirror images): n=3: 2, n=4: 2, n=7: 52.
    for (n, pairs) in [(3, 2), (4, 2), (5, 0), (7, 52)] {
        assert_eq!(count_text(&problems::langford(n)), pairs, "Langford {n}");
    }
    // Latin squares of order 4: 576 (A002860).
    assert_eq!(count_text(&problems::latin_square(4)), 576);
}

#[test]
fn colours_are_refused() {
    let matrix = knuth::parse("A | x\nA x:1\nA x:2\n").expect("valid problem");
    assert!(Learner::from_matrix(&matrix).is_none());
}

#[test]
fn limits_stop_and_say_why() {
    let matrix = knuth::parse(&problems::n_queens(8)).expect("valid problem");
    let mut learner = Learner::from_matrix(&matrix).expect("no colours");
    let (found, outcome) = all(&mut learner, &Limits::none().solutions(5));
    assert_eq!(found.len(), 5);
    assert_eq!(outcome.incomplete, Some(Incomplete::SolutionLimit));
    let (_, outcome) = all(&mut learner, &Limits::none().nodes(3));
    assert_eq!(outcome.incomplete, Some(Incomplete::NodeLimit));
    assert!(outcome.stats.nodes <= 3);
    let (found, outcome) = all(&mut learner, &Limits::none().solutions(0));
    assert!(found.is_empty());
    assert_eq!(outcome.incomplete, Some(Incomplete::SolutionLimit));
    let cancel = Arc::new(AtomicBool::new(true));
    let (found, outcome) = all(&mut learner, &Limits::none().cancel_flag(cancel));
    assert!(found.is_empty());
    assert_eq!(outcome.incomplete, Some(Incomplete::Cancelled));
    // The learner is reusable: a full search after the stopped ones.
    let (found, outcome) = all(&mut learner, &Limits::none());
    assert_eq!((found.len(), outcome.incomplete), (92, None));
    let mut visits = 0;
    let outcome = learner.search(&Limits::none(), |_| {
        visits += 1;
        ControlFlow::Break(())
    });
    assert_eq!((visits, outcome.incomplete), (1, Some(Incomplete::Stopped)));
}

#[test]
fn langford_eight_is_found_whole() {
    // 2 * 150 (A014552), with restarts and learnt clauses along the way.
    assert_eq!(count_text(&problems::langford(8)), 300);
}

#[test]
fn options_named_twice_in_a_group_count_once() {
    // Items A, B; options 0 = {A}, 1 = {A, B}, 2 = {B}, with A's group
    // listing option 0 twice: the solutions are {1} and {0, 2}.
    let mut learner = Learner::new(3);
    learner.exactly_one(&[0, 1, 0]);
    learner.exactly_one(&[2, 1, 2, 2]);
    let (found, outcome) = all(&mut learner, &Limits::none());
    assert!(outcome.is_complete());
    assert_eq!(found, BTreeSet::from([vec![1], vec![0, 2]]));
    // The default learner: no option, no group, one empty solution.
    let (found, _) = all(&mut Learner::default(), &Limits::none());
    assert_eq!(found, BTreeSet::from([vec![]]));
}

#[test]
fn luby_sequence() {
    let first: Vec<u64> = (0..15).map(luby).collect();
    assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

/// A random problem: `options` options over `primary + secondary` items.
fn problem() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (1usize..6, 0usize..3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = proptest::collection::btree_set(0..items, 1..=items.min(3))
            .prop_map(|s| s.into_iter().collect::<Vec<_>>());
        (
            Just(primary),
            Just(secondary),
            proptest::collection::vec(option, 0..12),
        )
    })
}

/// The oracle: every subset of the options, kept when it covers each
/// primary item once and each secondary item at most once, and holds no
/// option of secondary items only (which exact cover never chooses: it
/// branches on primary items).
fn brute_force(primary: usize, secondary: usize, options: &[Vec<usize>]) -> BTreeSet<Vec<u32>> {
    let mut out = BTreeSet::new();
    for mask in 0u32..1 << options.len() {
        let mut cover = vec![0; primary + secondary];
        let mut secondary_only = false;
        for (o, items) in options.iter().enumerate() {
            if mask >> o & 1 == 1 {
                secondary_only |= items.iter().all(|&i| i >= primary);
                for &i in items {
                    cover[i] += 1;
                }
            }
        }
        if !secondary_only
            && cover[..primary].iter().all(|&k| k == 1)
            && cover[primary..].iter().all(|&k| k <= 1)
        {
            out.insert(
                (0..options.len() as u32)
                    .filter(|o| mask >> o & 1 == 1)
                    .collect(),
            );
        }
    }
    out
}

proptest! {
    #[test]
    fn solutions_match_brute_force((primary, secondary, options) in problem()) {
        let mut learner = Learner::new(options.len());
        learner.first_reduction = Some(2);
        for item in 0..primary + secondary {
            let group: Vec<u32> = (0..options.len() as u32)
                .filter(|&o| options[o as usize].contains(&item))
                .collect();
            if item < primary {
                learner.exactly_one(&group);
            } else {
                learner.at_most_one(&group);
            }
        }
        let (found, outcome) = all(&mut learner, &Limits::none());
        prop_assert!(outcome.is_complete());
        prop_assert_eq!(found, brute_force(primary, secondary, &options));
    }
}
