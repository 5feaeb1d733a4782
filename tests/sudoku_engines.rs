//! Sudoku counts from both engines (bit-parallel and Dancing Links, sequential
//! and parallel) against a plain backtracking counter written here, on random
//! puzzles made by removing givens from random full grids.

use proptest::prelude::*;
use solver_core::Limits;
use sudoku::{Grid, Shape};
use sudoku_solve::SolveGrid;
use sudoku_solve::{Asked, SudokuSolver, Task};

/// Counts completions by trying every value in every empty cell, in order,
/// checking rows, columns and boxes directly. Stops at `limit`.
fn backtrack_count(shape: Shape, cells: &mut [u16], limit: u128) -> u128 {
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let Some(empty) = cells.iter().position(|&v| v == 0) else {
        return 1;
    };
    let (r, c) = (empty / n, empty % n);
    let mut total = 0;
    for v in 1..=n as u16 {
        let clash = (0..n).any(|k| cells[r * n + k] == v || cells[k * n + c] == v)
            || (0..br)
                .any(|i| (0..bc).any(|j| cells[(r / br * br + i) * n + c / bc * bc + j] == v));
        if !clash {
            cells[empty] = v;
            total += backtrack_count(shape, cells, limit - total);
            cells[empty] = 0;
            if total >= limit {
                break;
            }
        }
    }
    total
}

/// Every row, column and box holds each value once.
fn is_valid_solution(shape: Shape, cells: &[u16]) -> bool {
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let all = |group: Vec<u16>| {
        let mut g = group;
        g.sort_unstable();
        g == (1..=n as u16).collect::<Vec<_>>()
    };
    (0..n).all(|r| all((0..n).map(|c| cells[r * n + c]).collect()))
        && (0..n).all(|c| all((0..n).map(|r| cells[r * n + c]).collect()))
        && (0..n).all(|b| {
            let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
            all((0..br)
                .flat_map(|i| (0..bc).map(move |j| (i, j)))
                .map(|(i, j)| cells[(r0 + i) * n + c0 + j])
                .collect())
        })
}

fn random_full_grid(shape: Shape, seed: u64) -> Grid {
    let mut solver = SudokuSolver::with_engine(shape, Asked::Bits).unwrap();
    solver.set_seed(Some(seed));
    let (full, _) = solver.solve_one(&Grid::empty(shape), &Limits::none());
    full.unwrap()
}

fn shapes() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec![(2, 2), (2, 3), (3, 2), (3, 3), (1, 4), (2, 4)])
        .prop_map(|(r, c)| Shape::new(r, c).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn engines_agree_with_backtracking(shape in shapes(), seed in any::<u64>(), holes in prop::collection::vec(any::<prop::sample::Index>(), 0..40)) {
        let full = random_full_grid(shape, seed);
        prop_assert!(is_valid_solution(shape, full.cells()));
        let mut cells = full.cells().to_vec();
        let many = if shape.side() >= 8 { holes.len().min(30) } else { holes.len() };
        let len = cells.len();
        for h in &holes[..many] {
            cells[h.index(len)] = 0;
        }
        let puzzle = Grid::from_values(shape, cells.clone()).unwrap();
        let limit = 20;
        let expected = backtrack_count(shape, &mut cells, limit);
        for engine in [Asked::Bits, Asked::Dlx] {
            let mut solver = SudokuSolver::with_engine(shape, engine).unwrap();
            let count = solver.count(&puzzle, &Limits::none().solutions(limit)).unwrap();
            prop_assert_eq!(count.solutions, expected, "{:?} on {}", engine, puzzle);
            prop_assert_eq!(count.is_complete(), expected < limit);
            let (solution, _) = solver.solve_one(&puzzle, &Limits::none());
            let solution = solution.unwrap();
            prop_assert!(is_valid_solution(shape, solution.cells()));
            prop_assert!(solution.cells().iter().zip(puzzle.cells()).all(|(s, g)| *g == 0 || s == g));
        }
        let par = puzzle.par_count_solutions(&Limits::none().solutions(limit)).unwrap();
        prop_assert_eq!(par.solutions, expected);
    }
}

#[test]
fn empty_4x4_has_288_solutions_in_both_engines() {
    let shape = Shape::square(2).unwrap();
    for engine in [Asked::Bits, Asked::Dlx] {
        let mut solver = SudokuSolver::with_engine(shape, engine).unwrap();
        let count = solver.count(&Grid::empty(shape), &Limits::none()).unwrap();
        assert_eq!(
            (count.solutions, count.is_complete()),
            (288, true),
            "{engine:?}"
        );
    }
    assert_eq!(backtrack_count(shape, &mut [0; 16], u128::MAX), 288);
}

/// The empty 6x6 grid with 2x3 boxes has 28,200,960 solutions (OEIS
/// A107739). Slow in debug builds: `cargo test --release -- --ignored`.
#[test]
#[ignore = "about a minute in a debug build"]
fn empty_6x6_has_28200960_solutions() {
    let shape = Shape::new(2, 3).unwrap();
    let mut solver = SudokuSolver::with_engine(shape, Asked::Bits).unwrap();
    let count = solver.count(&Grid::empty(shape), &Limits::none()).unwrap();
    assert_eq!((count.solutions, count.is_complete()), (28_200_960, true));
}

include!("support/shared_data.rs");

/// The generated 16x16 and 25x25 sets of the shared data (read by path):
/// every puzzle is unique in both engines and its solution passes the
/// independent check.
#[test]
#[ignore = "needs the shared data (scripts/data-tests.sh)"]
fn shared_data_16x16_and_25x25_puzzles_are_unique() {
    use sudoku_format::{ReadOptions, Records};
    for (name, engines) in [
        (
            "generated_16x16_minimal10.txt",
            &[Asked::Bits, Asked::Dlx][..],
        ),
        ("generated_25x25_3.txt", &[Asked::Bits, Asked::Dlx][..]),
    ] {
        let puzzles: Vec<Grid> = Records::new(shared_data_file(name), ReadOptions::default())
            .map(|r| r.result.expect("shared puzzles parse").grid)
            .collect();
        assert!(!puzzles.is_empty());
        for &engine in engines {
            let mut solver = SudokuSolver::with_engine(puzzles[0].shape(), engine).unwrap();
            for p in &puzzles {
                match solver.check_unique(p, &Limits::none()).0 {
                    sudoku_solve::Verdict::Unique(solution) => {
                        assert!(is_valid_solution(p.shape(), solution.cells()));
                        assert!(solution
                            .cells()
                            .iter()
                            .zip(p.cells())
                            .all(|(s, g)| *g == 0 || s == g));
                    }
                    other => panic!("{name} with {engine:?}: {other:?}"),
                }
            }
        }
    }
}

/// A 9x9 grid with `holes` cleared from a random full grid, or with a few
/// random givens when `noise` (those are often unsolvable or clash).
fn nine_by_nine(seed: u64, holes: &[prop::sample::Index], noise: bool) -> Grid {
    let shape = Shape::square(3).unwrap();
    let mut cells = if noise {
        vec![0u16; 81]
    } else {
        random_full_grid(shape, seed).cells().to_vec()
    };
    for (k, h) in holes.iter().enumerate() {
        cells[h.index(81)] = if noise { (k % 9) as u16 + 1 } else { 0 };
    }
    Grid::from_values(shape, cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The 9x9 specialist, the generic bit-parallel search (locked candidates
    /// off) and Dancing Links agree on the count, up to a limit, of puzzles
    /// with few givens (many solutions), and on which givens clash.
    #[test]
    fn nine_by_nine_engines_agree(seed in any::<u64>(), noise in any::<bool>(), holes in prop::collection::vec(any::<prop::sample::Index>(), 10..75)) {
        let puzzle = nine_by_nine(seed, &holes, noise);
        let limits = Limits::none().solutions(30);
        let mut results = Vec::new();
        // The plan of a rating builds the generic search without locked
        // candidates on 9x9 (singles only).
        let rules = sudoku::Rules::standard_shared(puzzle.shape());
        for (task, engine) in [(Task::Solve, Asked::Bits), (Task::Rate { seeds: 1 }, Asked::Bits), (Task::Solve, Asked::Dlx)] {
            let mut solver = SudokuSolver::planned(std::sync::Arc::clone(&rules), &task, engine).unwrap();
            let count = solver.count(&puzzle, &limits).map(|c| (c.solutions, c.is_complete()));
            let (one, _) = solver.solve_one(&puzzle, &Limits::none());
            if let Ok(solution) = &one {
                prop_assert!(is_valid_solution(puzzle.shape(), solution.cells()));
                prop_assert!(solution.cells().iter().zip(puzzle.cells()).all(|(s, g)| *g == 0 || s == g));
            }
            results.push((format!("{count:?}"), one.is_ok()));
        }
        prop_assert_eq!(&results[0], &results[2], "specialist vs Dancing Links on {}", puzzle);
        prop_assert_eq!(&results[1], &results[2], "generic vs Dancing Links on {}", puzzle);
    }
}

/// The harder 25x25 example set reads, and its first puzzles (the quick
/// ones) have one solution, which passes the independent check.
#[test]
fn harder_25x25_examples_are_unique() {
    use std::io::BufReader;
    use sudoku_format::{ReadOptions, Records};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/sudoku/25x25-270-givens.txt");
    let file = std::fs::File::open(path).expect("the example set is in the repository");
    let puzzles: Vec<Grid> = Records::new(BufReader::new(file), ReadOptions::default())
        .map(|r| r.result.expect("example puzzles parse").grid)
        .collect();
    assert_eq!(puzzles.len(), 8);
    assert!(puzzles.iter().all(|p| p.givens() == 270 && p.side() == 25));
    for p in &puzzles[..2] {
        match p.verdict(&Limits::none()).unwrap() {
            sudoku_solve::Verdict::Unique(solution) => {
                assert!(is_valid_solution(p.shape(), solution.cells()));
                assert!(solution.is_solution_of(p));
            }
            other => panic!("{other:?}"),
        }
    }
}
