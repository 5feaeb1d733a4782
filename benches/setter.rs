//! The setter's speed targets (issue 22), on 9x9 puzzles made by our
//! generator (`sudoku_generate::Maker::from_names`, seeds 0..20 of killer, thermo and
//! arrow): uniqueness proofs (one `check_unique` per puzzle, rules built
//! once; target: median under 1 ms, none above 50 ms) and true candidates
//! of the same puzzles with several solutions (killer: the last 4 cages
//! removed, all: the first 6 givens removed; target: median under 100 ms),
//! one thread. Each iteration answers all 20 puzzles of a kind.
//!
//! The issue-36 kinds (group `setter_cpu`) are timed in CPU time of this
//! process (every thread's time on a CPU, from Linux's `schedstat`), not
//! wall time: on a machine other builds share, wall time measures them as
//! much as us.

use std::cell::OnceCell;
use std::sync::Arc;

use criterion::measurement::Measurement;
use criterion::{criterion_group, criterion_main, Criterion};
use solver_core::Limits;
use sudoku::{Grid, Rules, Shape};
use sudoku_generate::{GenerateOptions, MadePuzzle, Maker};
use sudoku_solve::doppelganger::{DoppelAnswered, DoppelGenerated};
use sudoku_solve::{setter, Asked, SudokuSolver, Verdict};

const PUZZLES: u64 = 20;

/// (rules, puzzle, solution) of each generated puzzle, and (rules, puzzle)
/// of each loosened one.
type Made = (Vec<(Arc<Rules>, Grid, Grid)>, Vec<(Arc<Rules>, Grid)>);

fn made(kind: &str) -> Made {
    let nine: Shape = "3".parse().unwrap();
    let maker = Maker::from_names(Some(kind), None, nine, GenerateOptions::default(), 0).unwrap();
    let (mut unique, mut loose) = (Vec::new(), Vec::new());
    for seed in 0..PUZZLES {
        let Ok(MadePuzzle::Setter(m)) = maker.make(seed, &Limits::none()) else {
            panic!("{kind} seed {seed}")
        };
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

/// `unique/KIND`: the uniqueness proofs of all of the kind's puzzles, each
/// checked. The puzzles are made on the first call, so a filtered run
/// (`cargo bench --bench setter -- knightmare`) makes only the kinds it runs.
fn bench_unique<M: Measurement>(
    group: &mut criterion::BenchmarkGroup<'_, M>,
    kind: &str,
    puzzles: &OnceCell<Made>,
) {
    group.bench_function(format!("unique/{kind}"), |b| {
        let (unique, _) = puzzles.get_or_init(|| made(kind));
        let mut solvers: Vec<SudokuSolver> = unique
            .iter()
            .map(|(rules, _, _)| SudokuSolver::with_rules(Arc::clone(rules), Asked::Auto).unwrap())
            .collect();
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
        let puzzles = OnceCell::new();
        bench_unique(&mut group, kind, &puzzles);
        group.bench_function(format!("candidates/{kind}"), |b| {
            let (_, loose) = puzzles.get_or_init(|| made(kind));
            b.iter(|| {
                pool.install(|| {
                    for (rules, puzzle) in loose {
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
fn bench_issue36(c: &mut Criterion<cpu::ProcessCpu>) {
    let mut group = c.benchmark_group("setter_cpu");
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
        bench_unique(&mut group, kind, &OnceCell::new());
    }
    group.finish();
}

/// `unique/doppelganger`: the uniqueness proofs of 20 doppelganger 9x9
/// puzzles made by `sudoku_solve::doppelganger::generate` (seeds 0..20, on
/// its own search on candidate masks; issue 36's target: median under 5 ms
/// a puzzle), each an answer (`Task::Check` under `auto`: the grid's own
/// search on candidate masks, `masks`) checked against the generator's
/// solution.
///
/// Before criterion's iteration (all 20 puzzles), each puzzle's proof is
/// timed alone ([`per_puzzle`]) and the median over the puzzles printed:
/// the issue's figure.
fn bench_doppelganger(c: &mut Criterion<cpu::ProcessCpu>) {
    use sudoku_solve::doppelganger::{answer, generate};
    use sudoku_solve::{Answer, Task};
    let mut group = c.benchmark_group("setter_cpu");
    group.sample_size(10);
    let puzzles = OnceCell::new();
    group.bench_function("unique/doppelganger", |b| {
        let made = puzzles.get_or_init(|| {
            let made: Vec<_> = (0..PUZZLES)
                .map(|seed| generate("3".parse().unwrap(), seed, &Limits::none()).unwrap())
                .collect();
            per_puzzle(&made, |m| {
                let answered =
                    answer(&m.puzzle, &Task::Check, Asked::Auto, &Limits::none()).unwrap();
                assert!(matches!(answered.answer, Answer::Unique(ref s) if *s == m.solution));
                answered
            });
            made
        });
        b.iter(|| {
            for m in made {
                let answered = answer(&m.puzzle, &Task::Check, Asked::Auto, &Limits::none());
                assert!(matches!(answered.unwrap().answer, Answer::Unique(s) if s == m.solution));
            }
        })
    });
    group.finish();
}

/// CPU time a puzzle's proof is repeated for, at least: `schedstat`
/// advances in scheduler ticks (4 ms here), so a single proof of a few
/// milliseconds is not measured by it; 100 ms of repeats are, within a
/// tick (4%).
const PER_PUZZLE_NS: u64 = 100_000_000;

/// Rounds over the puzzles; a puzzle's time is the median of its rounds.
const ROUNDS: usize = 3;

/// Each puzzle's proof timed alone and printed: repeated for at least
/// [`PER_PUZZLE_NS`] of CPU time (and wall time beside it), the time a
/// proof the total over the repeats; [`ROUNDS`] rounds over all the
/// puzzles (interleaved, so that the machine's drift spreads over them),
/// the median of a puzzle's rounds its time. Then the median over the
/// puzzles, the least and the most: the issue's figure is a median per
/// puzzle, which criterion's iteration (all 20) does not give.
fn per_puzzle(made: &[DoppelGenerated], prove: impl Fn(&DoppelGenerated) -> DoppelAnswered) {
    let mut cpu_ns = vec![Vec::new(); made.len()];
    let mut wall_ns = vec![Vec::new(); made.len()];
    for _ in 0..ROUNDS {
        for (k, m) in made.iter().enumerate() {
            let (cpu_start, wall_start) = (cpu::ProcessCpu.start(), std::time::Instant::now());
            let mut reps = 0u64;
            while reps < 3 || cpu::ProcessCpu.end(cpu_start) < PER_PUZZLE_NS {
                std::hint::black_box(prove(m));
                reps += 1;
            }
            cpu_ns[k].push(cpu::ProcessCpu.end(cpu_start) / reps);
            wall_ns[k].push(wall_start.elapsed().as_nanos() as u64 / reps);
        }
    }
    let median = |runs: &mut Vec<u64>| {
        runs.sort_unstable();
        runs[runs.len() / 2]
    };
    let mut cpu: Vec<u64> = cpu_ns.iter_mut().map(median).collect();
    let mut wall: Vec<u64> = wall_ns.iter_mut().map(median).collect();
    for (k, m) in made.iter().enumerate() {
        let answered = prove(m);
        eprintln!(
            "doppelganger {}: {} givens, {}, {} nodes, {:.3} ms CPU, {:.3} ms wall",
            m.puzzle,
            m.puzzle.givens(),
            answered.plan.engine,
            answered.nodes,
            cpu[k] as f64 / 1e6,
            wall[k] as f64 / 1e6
        );
    }
    for (clock, times) in [("CPU", &mut cpu), ("wall", &mut wall)] {
        times.sort_unstable();
        let half = times.len() / 2;
        let median = if times.len() % 2 == 0 {
            (times[half - 1] + times[half]) as f64 / 2.0
        } else {
            times[half] as f64
        };
        eprintln!(
            "doppelganger 9x9 uniqueness proofs ({clock} time): median {:.3} ms a puzzle (min {:.3}, max {:.3}; {} puzzles, each the median of {ROUNDS} rounds of at least {} ms of repeats)",
            median / 1e6,
            times[0] as f64 / 1e6,
            times[times.len() - 1] as f64 / 1e6,
            times.len(),
            PER_PUZZLE_NS / 1_000_000
        );
    }
}

criterion_group!(benches, bench);
criterion_group! {
    name = issue36;
    config = Criterion::default().with_measurement(cpu::ProcessCpu);
    targets = bench_issue36, bench_doppelganger
}
criterion_main!(benches, issue36);

/// CPU time as a criterion measurement.
mod cpu {
    use criterion::measurement::{Measurement, ValueFormatter};
    use criterion::Throughput;

    /// Nanoseconds on a CPU of every thread of this process (the first
    /// field of Linux's `/proc/self/task/*/schedstat`). Panics without
    /// it: a zero would read as an infinitely fast run.
    fn process_ns() -> u64 {
        std::fs::read_dir("/proc/self/task")
            .expect("/proc/self/task (Linux) for CPU time")
            .map(|t| {
                let path = t
                    .expect("a thread of this process")
                    .path()
                    .join("schedstat");
                let text = std::fs::read_to_string(&path).expect("a thread's schedstat");
                text.split_whitespace()
                    .next()
                    .and_then(|ns| ns.parse::<u64>().ok())
                    .expect("nanoseconds on a CPU")
            })
            .sum()
    }

    /// This process's CPU time over an iteration batch.
    pub struct ProcessCpu;

    impl Measurement for ProcessCpu {
        type Intermediate = u64;
        type Value = u64;
        fn start(&self) -> u64 {
            process_ns()
        }
        fn end(&self, start: u64) -> u64 {
            process_ns().saturating_sub(start)
        }
        fn add(&self, a: &u64, b: &u64) -> u64 {
            a + b
        }
        fn zero(&self) -> u64 {
            0
        }
        fn to_f64(&self, v: &u64) -> f64 {
            *v as f64
        }
        fn formatter(&self) -> &dyn ValueFormatter {
            &Nanos
        }
    }

    /// Nanoseconds shown in ns, µs, ms or s.
    struct Nanos;

    impl ValueFormatter for Nanos {
        fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
            let (factor, unit) = if typical < 1e3 {
                (1.0, "ns")
            } else if typical < 1e6 {
                (1e-3, "µs")
            } else if typical < 1e9 {
                (1e-6, "ms")
            } else {
                (1e-9, "s")
            };
            for v in values.iter_mut() {
                *v *= factor;
            }
            unit
        }
        fn scale_throughputs(&self, _: f64, _: &Throughput, _: &mut [f64]) -> &'static str {
            "ns"
        }
        fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
            "ns"
        }
    }
}
