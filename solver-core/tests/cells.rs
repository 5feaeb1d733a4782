//! The two counting engines agree: `Solver::count` (sparse sets, "dancing
//! cells", when there is no seed and no progress report) against the links
//! search (the solution iterator, and a seeded count), on random problems with
//! secondary items and colours, with and without forced options, and against
//! a brute-force count written plainly here where the problem is small enough.

use proptest::prelude::*;
use solver_core::{knuth, problems, Counter, Limits, Matrix, OptionId, Solver};

/// A random problem: `primary` primary items, `secondary` secondary ones, and
/// options as `(item, colour)` lists (colour 0: none; only on secondary items).
#[derive(Clone, Debug)]
struct Problem {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

impl Problem {
    fn text(&self) -> String {
        let mut text: Vec<String> = (0..self.primary).map(|i| format!("p{i}")).collect();
        if self.secondary > 0 {
            text.push("|".into());
            text.extend((0..self.secondary).map(|j| format!("s{j}")));
        }
        let mut out = text.join(" ") + "\n";
        for option in &self.options {
            let words: Vec<String> = option
                .iter()
                .map(|&(i, c)| match (i < self.primary, c) {
                    (true, _) => format!("p{i}"),
                    (false, 0) => format!("s{}", i - self.primary),
                    (false, c) => format!("s{}:k{c}", i - self.primary),
                })
                .collect();
            out += &(words.join(" ") + "\n");
        }
        out
    }

    /// Every subset of the options, checked against the definition.
    fn brute_force(&self, forced: &[usize]) -> u128 {
        let n = self.options.len();
        let mut count = 0;
        'subsets: for mask in 0u64..(1 << n) {
            if forced.iter().any(|&o| mask & (1 << o) == 0) {
                continue;
            }
            let chosen: Vec<&Vec<(usize, u32)>> = (0..n)
                .filter(|&o| mask & (1 << o) != 0)
                .map(|o| &self.options[o])
                .collect();
            for item in 0..self.primary + self.secondary {
                let colours: Vec<u32> = chosen
                    .iter()
                    .flat_map(|o| o.iter())
                    .filter(|&&(i, _)| i == item)
                    .map(|&(_, c)| c)
                    .collect();
                let fine = if item < self.primary {
                    colours.len() == 1
                } else {
                    colours.len() <= 1 || colours.iter().all(|&c| c != 0 && c == colours[0])
                };
                if !fine {
                    continue 'subsets;
                }
            }
            count += 1;
        }
        count
    }
}

fn arb_problem(max_options: usize) -> impl Strategy<Value = Problem> {
    (1..=8usize, 0..=4usize).prop_flat_map(move |(primary, secondary)| {
        let option = (
            0..primary,
            proptest::collection::vec(proptest::bool::weighted(0.3), primary),
            proptest::collection::vec(proptest::option::weighted(0.4, 0..=2u32), secondary),
        )
            .prop_map(move |(always, with, colours)| {
                let mut items: Vec<(usize, u32)> = (0..primary)
                    .filter(|&i| i == always || with[i])
                    .map(|i| (i, 0))
                    .collect();
                for (j, c) in colours.into_iter().enumerate() {
                    if let Some(c) = c {
                        items.push((primary + j, c));
                    }
                }
                items
            })
            .prop_shuffle();
        proptest::collection::vec(option, 0..=max_options).prop_map(move |options| Problem {
            primary,
            secondary,
            options,
        })
    })
}

fn parse(text: &str) -> Matrix {
    knuth::parse(text).expect("generated problems parse")
}

/// The count by sparse sets and by links, checked equal, with the solver
/// restored after each.
fn counts(m: &Matrix, forced: &[usize]) -> Option<u128> {
    let mut solver = m.solver();
    for &o in forced {
        if solver.force(OptionId::new(o)).is_err() {
            return None;
        }
    }
    let cells = solver.count(&Limits::none());
    assert!(cells.is_complete());
    let links = solver.solutions(&Limits::none()).count() as u128;
    assert_eq!(cells.solutions, links, "sparse sets against links");
    solver.set_seed(Some(7));
    let seeded = solver.count(&Limits::none());
    assert_eq!(seeded.solutions, links, "seeded links count");
    solver.set_seed(None);
    let forced_ids: Vec<OptionId> = forced.iter().map(|&o| OptionId::new(o)).collect();
    let par = m.par_count(&forced_ids, &Limits::none()).unwrap();
    assert_eq!(par.solutions, links, "parallel count");
    solver.release_all();
    assert!(solver.is_pristine(m));
    Some(cells.solutions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn cells_match_brute_force(p in arb_problem(16), f in proptest::collection::vec(0..16usize, 0..3)) {
        let m = parse(&p.text());
        let forced: Vec<usize> = f.into_iter().filter(|&o| o < p.options.len()).collect();
        let mut unique = forced.clone();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() == forced.len() {
            if let Some(n) = counts(&m, &forced) {
                prop_assert_eq!(n, p.brute_force(&forced));
            }
        }
    }

    #[test]
    fn cells_match_links_on_larger_problems(p in arb_problem(60), f in proptest::collection::vec(0..60usize, 0..3)) {
        let m = parse(&p.text());
        let mut forced: Vec<usize> = f.into_iter().filter(|&o| o < p.options.len()).collect();
        forced.sort_unstable();
        forced.dedup();
        counts(&m, &forced);
    }

    #[test]
    fn node_and_solution_limits_hold(p in arb_problem(40), max in 0u64..40, sols in 0u128..4) {
        let m = parse(&p.text());
        let mut solver = m.solver();
        let total = solver.count(&Limits::none());
        let c = solver.count(&Limits::none().nodes(max));
        prop_assert!(c.outcome.stats.nodes <= max);
        prop_assert_eq!(c.is_complete(), total.outcome.stats.nodes <= max);
        if c.is_complete() {
            prop_assert_eq!(c.solutions, total.solutions);
        }
        let c = solver.count(&Limits::none().solutions(sols));
        prop_assert_eq!(c.solutions, total.solutions.min(sols));
        prop_assert_eq!(c.is_complete(), total.solutions < sols);
        prop_assert!(solver.is_pristine(&m));
    }
}

/// Known counts (OEIS and the sources in `problems`), by both engines.
#[test]
fn known_counts_by_both_engines() {
    for (text, expected) in [
        (problems::n_queens(8), 92u128),
        (problems::langford(7), 52),
        (problems::latin_square(4), 576),
        (problems::pentominoes(3, 20), 8),
    ] {
        let m = parse(&text);
        assert_eq!(counts(&m, &[]), Some(expected));
    }
}

/// The memo of the sparse-set count (the counts of subproblems met before)
/// keeps counts exact on families where it hits, and it does hit there: fewer
/// nodes than the links search, which has no memo. Known counts: Latin
/// squares OEIS A002860, Langford pairs A014552 (times 2), n-queens A000170,
/// pentominoes on 4x15 368 up to symmetry (times 4).
#[test]
fn memoised_counts_are_exact() {
    for (text, expected, hits) in [
        (problems::latin_square(5), 161_280u128, true),
        (problems::latin_square_coloured(5), 161_280, true),
        (problems::latin_square_coloured(4), 576, true),
        (problems::langford(11), 35_584, false),
        (problems::n_queens(11), 2_680, false),
        (problems::pentominoes(4, 15), 1_472, true),
    ] {
        let m = parse(&text);
        let mut solver = cells(&m);
        let cells = solver.count(&Limits::none());
        assert!(cells.is_complete());
        assert_eq!(cells.solutions, expected);
        solver.set_seed(Some(1));
        let links = solver.count(&Limits::none());
        solver.set_seed(None);
        assert_eq!(links.solutions, expected);
        if hits {
            assert!(
                cells.outcome.stats.nodes < links.outcome.stats.nodes / 10 * 9,
                "{} nodes against {}",
                cells.outcome.stats.nodes,
                links.outcome.stats.nodes
            );
        }
        // A node budget between the two: the count stops, says so, and
        // does not present a partial count.
        let budget = cells.outcome.stats.nodes / 2;
        let cut = solver.count(&Limits::none().nodes(budget));
        assert!(!cut.is_complete());
        assert!(cut.outcome.stats.nodes <= budget);
        let par = m
            .par_count_with(Counter::Cells, &[], &Limits::none())
            .unwrap();
        assert_eq!(par.solutions, expected, "parallel count");
    }
}

/// With threads the memo is split (each subtree's count keeps its own
/// table) and the counts stay exact; the memo's figures are reported and
/// summed. Known counts: domino tilings of 8x8, 12,988,816 (OEIS A004003);
/// Aztec diamond of order 6, 2^21; perfect matchings of K16, 15!! =
/// 2,027,025. The links search keeps no memo.
#[test]
fn split_memo_counts_are_exact_on_threads() {
    for (text, expected) in [
        (problems::dominoes(8, 8), 12_988_816u128),
        (problems::aztec_diamond(6), 1 << 21),
        (problems::perfect_matchings(16), 2_027_025),
    ] {
        let m = parse(&text);
        let one = cells(&m).count(&Limits::none());
        assert_eq!(one.solutions, expected);
        let memo = one.outcome.stats.memo;
        assert!(
            memo.hits > 0 && memo.entries > 0 && memo.bytes > 0,
            "{memo:?}"
        );
        assert!(memo.hits <= memo.lookups, "{memo:?}");
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let par = pool.install(|| {
            m.par_count_with(Counter::Cells, &[], &Limits::none())
                .unwrap()
        });
        assert_eq!(par.solutions, expected, "two threads");
        assert!(par.outcome.stats.memo.hits > 0);
        let mut solver = cells(&m);
        solver.set_seed(Some(3));
        let links = solver.count(&Limits::none());
        assert_eq!(links.solutions, expected);
        assert!(links.outcome.stats.memo.is_unused());
    }
}

/// The memo keeps within the memory budget of the limits: a budget too small
/// for its smallest table counts without it (and says so), a small one keeps
/// a full table that overwrites, and a parallel count shares the budget out;
/// every count stays exact. Known counts: domino tilings of 8x8, 12,988,816
/// (OEIS A004003); Bell number 10, 115,975 (A000110); Aztec diamond of order
/// 6, 2^21.
#[test]
fn the_memo_keeps_within_the_memory_budget() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for (text, expected) in [
        (problems::dominoes(8, 8), 12_988_816u128),
        (problems::set_partitions(10), 115_975),
        (problems::aztec_diamond(6), 1 << 21),
    ] {
        let m = parse(&text);
        let free = cells(&m).count(&Limits::none());
        assert_eq!(free.solutions, expected);
        assert!(free.outcome.stats.memo.hits > 0);
        // No room for a table: the plain count, in full.
        let none = cells(&m).count(&Limits::none().memory(1024));
        assert_eq!(none.solutions, expected);
        let memo = none.outcome.stats.memo;
        assert_eq!((memo.lookups, memo.over_budget, memo.bytes), (0, 1, 0));
        assert!(none.outcome.stats.nodes > free.outcome.stats.nodes);
        // Room for a small table only: it fills and overwrites, and a
        // table that doubles holds one and a half times its size at once.
        for budget in [16 << 10, 64 << 10] {
            let small = cells(&m).count(&Limits::none().memory(budget));
            assert_eq!(small.solutions, expected, "budget {budget}");
            let memo = small.outcome.stats.memo;
            assert!(memo.hits > 0 && memo.over_budget == 0, "{memo:?}");
            assert!(memo.bytes + memo.bytes / 2 <= budget, "{memo:?}");
        }
        let par = pool.install(|| {
            m.par_count_with(Counter::Cells, &[], &Limits::none().memory(64 << 10))
                .unwrap()
        });
        assert_eq!(par.solutions, expected, "two threads");
        let none = pool.install(|| {
            m.par_count_with(Counter::Cells, &[], &Limits::none().memory(64))
                .unwrap()
        });
        assert_eq!(none.solutions, expected, "two threads, no memo");
        assert_eq!(none.outcome.stats.memo.lookups, 0);
    }
}

/// A solver of `m` that counts on Dancing Cells (the plan's counter of a
/// plain count; `Solver::count` counts by links unless told).
fn cells(m: &Matrix) -> Solver {
    let mut solver = m.solver();
    solver.set_counter(Counter::Cells);
    solver
}
