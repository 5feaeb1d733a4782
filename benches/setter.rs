//! The setter's speed targets (issue 22), on 9x9 puzzles made by our
//! generator (`sudoku_solve::generate_setter`, seeds 0..20 of killer, thermo and
//! arrow): uniqueness proofs (one `check_unique` per puzzle, rules built
//! once; target: median under 1 ms, none above 50 ms) and true candidates
//! of the same puzzles with several solutions (killer: the last 4 cages
//! removed, all: the first 6 givens removed; target: median under 100 ms),
//! one thread. Each iteration answers all 20 puzzles of a kind.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use solver_core::Limits;
use sudoku::{Grid, Rules, Shape};
use sudoku_solve::{generate_setter, parse_generate_names, setter, Engine, SudokuSolver, Verdict};

const PUZZLES: u64 = 20;

/// (rules, puzzle, solution) of each generated puzzle, and (rules, puzzle)
/// of each loosened one.
type Made = (Vec<(Arc<Rules>, Grid, Grid)>, Vec<(Arc<Rules>, Grid)>);

fn made(kind: &str) -> Made {
    let (base, _, clues) = parse_generate_names(kind).unwrap();
    let nine: Shape = "3".parse().unwrap();
    let (mut unique, mut loose) = (Vec::new(), Vec::new());
    for seed in 0..PUZZLES {
        let m = generate_setter(&base, clues, nine, seed, &Limits::none()).unwrap();
        let rules = Arc::new(m.variant.rules(nine).unwrap());
        unique.push((rules, m.puzzle.clone(), m.solution.clone()));
        let mut variant = m.variant.clone();
        variant
            .cages
            .truncate(variant.cages.len().saturating_sub(4));
        let mut fewer = m.puzzle.clone();
        let given: Vec<usize> = (0..81).filter(|&i| fewer.cells()[i] != 0).collect();
        for &i in given.iter().take(6) {
            fewer.set(i / 9, i % 9, None);
        }
        loose.push((Arc::new(variant.rules(nine).unwrap()), fewer));
    }
    (unique, loose)
}

/// `unique/KIND`: the uniqueness proofs of all of `unique`, each checked.
fn bench_unique(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    kind: &str,
    unique: &[(Arc<Rules>, Grid, Grid)],
) {
    let mut solvers: Vec<SudokuSolver> = unique
        .iter()
        .map(|(rules, _, _)| SudokuSolver::with_rules(Arc::clone(rules), Engine::Auto).unwrap())
        .collect();
    group.bench_function(format!("unique/{kind}"), |b| {
        b.iter(|| {
            for (solver, (_, puzzle, solution)) in solvers.iter_mut().zip(unique) {
                let (verdict, _) = solver.check_unique(puzzle, &Limits::none());
                assert_eq!(verdict, Verdict::Unique(solution.clone()));
            }
        })
    });
}

fn bench(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("setter");
    group.sample_size(10);
    for kind in ["killer", "thermo", "arrow"] {
        let (unique, loose) = made(kind);
        bench_unique(&mut group, kind, &unique);
        group.bench_function(format!("candidates/{kind}"), |b| {
            b.iter(|| {
                pool.install(|| {
                    for (rules, puzzle) in &loose {
                        let found =
                            setter::true_candidates(rules, puzzle, &Limits::none()).unwrap();
                        assert!(found.incomplete.is_none());
                    }
                })
            })
        });
    }
    group.finish();
}

/// The uniqueness proofs of 9x9 puzzles made under the global rules of
/// issue 36 that `sudoku generate --variant` makes (target: median under
/// 5 ms a puzzle); each iteration proves all 20 puzzles of a kind.
fn bench_issue36(c: &mut Criterion) {
    let mut group = c.benchmark_group("setter");
    group.sample_size(10);
    for kind in [
        "anti-camel",
        "knightmare",
        "diagonal-non-consecutive",
        "taxicab-4",
        "self-taxicab",
        "global-entropy",
        "dutch-flatmates",
    ] {
        let (unique, _) = made(kind);
        bench_unique(&mut group, kind, &unique);
    }
    group.finish();
}

criterion_group!(benches, bench, bench_issue36);
criterion_main!(benches);
