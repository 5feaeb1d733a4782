//! Tests of classic generation and minimisation, checked by an engine apart
//! from the generator's searches (Dancing Links).

use solver_core::Limits;

use crate::classic::{generate_within, random_full_grid, GenerateOptions, Generated};
use crate::minimize::{minimize, minimize_within};
use sudoku::Grid;
use sudoku::Shape;
use sudoku_solve::Symmetry;
use sudoku_solve::{Asked, SolveError, SudokuSolver, Verdict};

/// [`generate_within`] without limits.
fn generate(shape: Shape, seed: u64, options: &GenerateOptions) -> Result<Generated, SolveError> {
    generate_within(shape, seed, options, &Limits::none())
}

fn shape(text: &str) -> Shape {
    text.parse().expect("test shape")
}

/// Shapes small enough for the independent checks in a debug build.
const SHAPES: [&str; 6] = ["2x2", "2x3", "3x2", "3x3", "2x4", "4x4"];

/// The independent check: the Dancing Links engine.
fn dlx_verdict(grid: &Grid) -> Verdict {
    let mut dlx = SudokuSolver::with_engine(grid.shape(), Asked::Dlx).unwrap();
    dlx.check_unique(grid, &Limits::none()).0
}

fn assert_unique(made: &Generated) {
    assert!(made.solution.is_solved());
    assert!(made.solution.is_solution_of(&made.puzzle));
    assert_eq!(made.givens, made.puzzle.givens());
    match dlx_verdict(&made.puzzle) {
        Verdict::Unique(s) => assert_eq!(s, made.solution),
        other => panic!("{}: {other:?}", made.puzzle),
    }
}

/// Removing any orbit of givens gives a second solution (Dancing Links).
fn assert_minimal(puzzle: &Grid, symmetry: Symmetry) {
    let n = puzzle.side();
    let mut dlx = SudokuSolver::with_engine(puzzle.shape(), Asked::Dlx).unwrap();
    for orbit in symmetry.orbits(puzzle.shape()) {
        if orbit.iter().all(|&i| puzzle.cells()[i] == 0) {
            continue;
        }
        let mut fewer = puzzle.clone();
        for &i in &orbit {
            fewer.set(i / n, i % n, None);
        }
        let verdict = dlx.check_unique(&fewer, &Limits::none()).0;
        assert!(
            matches!(verdict, Verdict::Multiple(..)),
            "{puzzle}: orbit {orbit:?} can go ({})",
            verdict.status()
        );
    }
}

#[test]
fn full_grids_are_random_and_reproducible() {
    for text in SHAPES.iter().chain(&["5x5", "3x4"]) {
        let shape = shape(text);
        let a = random_full_grid(shape, 1).unwrap();
        assert!(a.is_solved(), "{text}");
        assert_eq!(a, random_full_grid(shape, 1).unwrap());
        if shape.cells() > 16 {
            assert_ne!(a, random_full_grid(shape, 2).unwrap(), "{text}");
        }
    }
}

#[test]
fn same_seed_same_puzzle_on_any_thread() {
    let shape = shape("3x3");
    let options = GenerateOptions::default();
    let a = generate(shape, 2024, &options).unwrap();
    assert_eq!(a, generate(shape, 2024, &options).unwrap());
    let b = std::thread::spawn(move || generate(shape, 2024, &GenerateOptions::default()))
        .join()
        .unwrap()
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.seed, 2024);
    let others: Vec<Grid> = (0..5)
        .map(|s| generate(shape, s, &options).unwrap().puzzle)
        .collect();
    for (i, p) in others.iter().enumerate() {
        assert!(
            others[..i].iter().all(|q| q != p),
            "seeds gave equal puzzles"
        );
    }
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    for text in SHAPES {
        let shape = shape(text);
        for seed in 0..3 {
            let made = generate(shape, seed, &GenerateOptions::default()).unwrap();
            assert_unique(&made);
            assert!(made.minimal && made.target_reached.is_none());
            assert_minimal(&made.puzzle, Symmetry::None);
        }
    }
}

#[test]
fn symmetric_puzzles() {
    for text in SHAPES {
        let shape = shape(text);
        let n = shape.side() as usize;
        for (seed, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            let options = GenerateOptions {
                symmetry,
                ..GenerateOptions::default()
            };
            let made = generate(shape, seed as u64, &options).unwrap();
            assert_unique(&made);
            assert!(symmetry.holds_for(&made.puzzle), "{text} {symmetry}");
            assert_minimal(&made.puzzle, symmetry);
            if symmetry == Symmetry::Rotational {
                let p = &made.puzzle;
                for r in 0..n {
                    for c in 0..n {
                        assert_eq!(p.get(r, c).is_some(), p.get(n - 1 - r, n - 1 - c).is_some());
                    }
                }
            }
        }
    }
}

#[test]
fn targets_are_reached_or_reported() {
    let shape = shape("3x3");
    // Easy: stop at 40 givens without finishing the pass.
    let options = GenerateOptions {
        minimal: false,
        target_givens: Some(40),
        ..GenerateOptions::default()
    };
    let made = generate(shape, 5, &options).unwrap();
    assert_unique(&made);
    assert_eq!((made.givens, made.target_reached), (40, Some(true)));
    assert!(!made.minimal);
    // Impossible (no 9x9 puzzle has fewer than 17 givens): reported,
    // after the attempts asked for.
    let options = GenerateOptions {
        target_givens: Some(16),
        attempts: 3,
        ..GenerateOptions::default()
    };
    let made = generate(shape, 5, &options).unwrap();
    assert_unique(&made);
    assert_eq!(made.target_reached, Some(false));
    assert!(made.givens > 16 && made.minimal);
    // A target with `minimal` still gives a minimal puzzle.
    let options = GenerateOptions {
        target_givens: Some(30),
        ..GenerateOptions::default()
    };
    let made = generate(shape, 6, &options).unwrap();
    assert_eq!(made.target_reached, Some(true));
    assert!(made.minimal);
    assert_minimal(&made.puzzle, Symmetry::None);
    // Symmetric removal may overshoot the target by part of an orbit.
    let options = GenerateOptions {
        symmetry: Symmetry::QuarterTurn,
        minimal: false,
        target_givens: Some(50),
        ..GenerateOptions::default()
    };
    let made = generate(shape, 7, &options).unwrap();
    assert_unique(&made);
    assert!(made.givens <= 50 && made.givens > 46);
    assert!(Symmetry::QuarterTurn.holds_for(&made.puzzle));
}

fn large_grid_with_a_target(check: Asked) {
    let shape = shape("5x5");
    let options = GenerateOptions {
        minimal: false,
        target_givens: Some(281), // 45% of 625
        ..GenerateOptions::default()
    };
    let made = generate(shape, 1, &options).unwrap();
    assert_eq!((made.givens, made.target_reached), (281, Some(true)));
    assert!(!made.minimal);
    assert!(made.solution.is_solution_of(&made.puzzle));
    let mut solver = SudokuSolver::with_engine(shape, check).unwrap();
    solver.set_seed(Some(99));
    let verdict = solver.check_unique(&made.puzzle, &Limits::none()).0;
    assert_eq!(verdict, Verdict::Unique(made.solution));
}

#[test]
fn large_grid_with_a_target_bits() {
    // The generator's engine, with another branching order.
    large_grid_with_a_target(Asked::Bits);
}

/// About 30 s in a test build: `cargo test -p sudoku --lib -- --ignored large_grid`.
#[test]
#[ignore = "slow: Dancing Links on a 25x25 puzzle"]
fn large_grid_with_a_target_dlx() {
    large_grid_with_a_target(Asked::Dlx);
}

#[test]
fn node_limits_keep_puzzles_unique() {
    let shape = shape("4x4");
    let options = GenerateOptions {
        node_limit: Some(3),
        ..GenerateOptions::default()
    };
    let made = generate(shape, 11, &options).unwrap();
    assert_unique(&made);
    assert_eq!(made, generate(shape, 11, &options).unwrap());
}

#[test]
fn minimize_keeps_the_solution() {
    for text in ["2x3", "3x3", "2x4"] {
        let shape = shape(text);
        let full = random_full_grid(shape, 3).unwrap();
        for symmetry in [Symmetry::None, Symmetry::Rotational] {
            let minimal = minimize(&full, 4, symmetry).unwrap();
            assert!(full.is_solution_of(&minimal));
            assert_eq!(dlx_verdict(&minimal), Verdict::Unique(full.clone()));
            assert!(symmetry.holds_for(&minimal));
            assert_minimal(&minimal, symmetry);
            assert_eq!(minimal, minimize(&full, 4, symmetry).unwrap());
            // Minimising a minimal puzzle changes nothing.
            assert_eq!(minimize(&minimal, 9, symmetry).unwrap(), minimal);
        }
    }
}

#[test]
fn minimize_refuses_puzzles_without_one_solution() {
    let empty = Grid::empty(shape("3x3"));
    assert_eq!(
        minimize(&empty, 0, Symmetry::None),
        Err(SolveError::NotUnique)
    );
    let clash: Grid = "11..............".parse().unwrap();
    assert!(matches!(
        minimize(&clash, 0, Symmetry::None),
        Err(SolveError::Invalid(_))
    ));
    let stuck: Grid = "..12.4..3.......".parse().unwrap();
    assert_eq!(
        minimize(&stuck, 0, Symmetry::None),
        Err(SolveError::Unsolvable)
    );
}

include!("../../tests/support/every_limit.rs");

/// Issue 23 #7: minimising this 25x25 puzzle takes many minutes; every
/// limit stops it, and it never gives a puzzle (nothing sleeps or is
/// timed: see [`every_limit`]).
#[test]
fn minimize_within_stops_at_every_limit() {
    let puzzle = first_example(include_str!("../../examples/sudoku/25x25-270-givens.txt"));
    assert_eq!(puzzle.side(), 25);
    let (cases, raiser) = every_limit();
    for (limits, why) in cases {
        let stopped = minimize_within(&puzzle, 1, Symmetry::None, &limits);
        assert_eq!(stopped, Err(SolveError::GaveUp(why)));
    }
    raiser.join().unwrap();
}

/// Issue 23 #16: generating a 25x25 puzzle takes long; every limit stops
/// it too.
#[test]
fn generate_within_stops_at_every_limit() {
    let shape = shape("5x5");
    let (cases, raiser) = every_limit();
    for (limits, why) in cases {
        let stopped = generate_within(shape, 1, &GenerateOptions::default(), &limits);
        assert_eq!(stopped.map(|g| g.givens), Err(SolveError::GaveUp(why)));
    }
    raiser.join().unwrap();
}

/// Speed report, one thread: `SPEED=3x3:1000,4x4:10,5x5:3 cargo test --release -p
/// sudoku --lib generate::tests::speed -- --ignored --nocapture`. Puzzles are
/// minimal up to 16x16; larger ones stop at 45% givens, or at `P`% with
/// `5x5:3@P` (`@100` asks for minimal puzzles).
#[test]
#[ignore = "speed report, run in release"]
fn speed() {
    use std::time::Instant;
    let plan = std::env::var("SPEED").unwrap_or_else(|_| "3x3:1000,4x4:10,5x5:3".into());
    for item in plan.split(',') {
        let (item, percent) = item.split_once('@').unwrap_or((item, "45"));
        let (text, count) = item.split_once(':').unwrap_or((item, "1"));
        let (shape, count): (Shape, u64) = (shape(text), count.parse().unwrap());
        let percent: usize = percent.parse().unwrap();
        let options = match shape.side() {
            n if n >= 25 && percent < 100 => GenerateOptions {
                minimal: false,
                target_givens: Some(shape.cells() * percent / 100),
                ..GenerateOptions::default()
            },
            _ => GenerateOptions::default(),
        };
        let start = Instant::now();
        let mut givens = 0;
        let mut reached = 0;
        for seed in 0..count {
            let one = Instant::now();
            let made = generate(shape, seed, &options).unwrap();
            givens += made.givens;
            reached += usize::from(made.target_reached != Some(false));
            if shape.side() >= 16 {
                println!(
                    "  {text} seed {seed}: {} givens, {:.3} s",
                    made.givens,
                    one.elapsed().as_secs_f64()
                );
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{text}: {count} puzzles in {secs:.2} s: {:.1}/s, {:.4} s each, {:.1} givens on \
             average, {reached} reached the target",
            count as f64 / secs,
            secs / count as f64,
            givens as f64 / count as f64
        );
    }
}
