//! Solve and verify: a small grid from the bytes, checked for uniqueness by
//! both engines (bit-parallel and Dancing Links) within a node budget.
//!
//! The first byte chooses the shape (bits 0-2: 2x2, 2x3, 3x2, 3x3, 2x4, then
//! 2x2 again) and the node budget (bits 3-7: 0-3 a tiny budget of 1-4 nodes,
//! otherwise 2,000). Each following byte is a cell, row by row: below 64 a
//! given, otherwise empty (missing bytes are empty cells).
//!
//! Checks: `Invalid` exactly when `Grid::check` fails, with its conflict;
//! every solution returned completes the puzzle; two solutions differ;
//! `solve_one`, `count` and a second `check_unique` on the same solver agree
//! with the verdict; the engines agree whenever both reach a verdict.
#![no_main]

use libfuzzer_sys::fuzz_target;
use solver_core::Limits;
use sudoku_solve::{Asked, SolveError, SudokuSolver, Verdict};
use sudoku::{Grid, Shape};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, cells)) = data.split_first() else {
        return;
    };
    let (rows, cols) = [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (2, 2),
        (2, 2),
        (2, 2),
    ][usize::from(selector & 7)];
    let shape = Shape::new(rows, cols).unwrap();
    let budget = selector >> 3;
    let limits = Limits::none().nodes(if budget < 4 {
        u64::from(budget) + 1
    } else {
        2_000
    });
    let side = shape.side() as u16;
    let values = (0..shape.cells())
        .map(|i| match cells.get(i) {
            Some(&b) if b < 64 => 1 + u16::from(b) % side,
            _ => 0,
        })
        .collect();
    let grid = Grid::from_values(shape, values).unwrap();

    let bits = verdict(&grid, Asked::Bits, &limits);
    let dlx = verdict(&grid, Asked::Dlx, &limits);
    match (&bits, &dlx) {
        (Verdict::Unknown(_), _) | (_, Verdict::Unknown(_)) => {}
        (Verdict::Unique(a), Verdict::Unique(b)) => assert_eq!(a, b, "different unique solutions"),
        _ => assert_eq!(
            bits.status(),
            dlx.status(),
            "engines disagree on {grid}: bits {bits:?}, dlx {dlx:?}"
        ),
    }
});

/// The verdict of one engine, after checking it is consistent.
fn verdict(grid: &Grid, engine: Asked, limits: &Limits) -> Verdict {
    let mut solver = SudokuSolver::with_engine(grid.shape(), engine).unwrap();
    assert_eq!(solver.engine(), engine);
    let (verdict, _stats) = solver.check_unique(grid, limits);
    match (&verdict, grid.check()) {
        (Verdict::Invalid(c), Err(conflict)) => assert_eq!(c, &conflict),
        (Verdict::Invalid(c), Ok(())) => panic!("{engine:?}: invalid without a conflict: {c:?}"),
        (v, Err(conflict)) => panic!("{engine:?}: {v:?} for a grid with {conflict:?}"),
        (Verdict::Unique(a), Ok(())) => check_solution(engine, grid, a),
        (Verdict::Multiple(a, b), Ok(())) => {
            check_solution(engine, grid, a);
            check_solution(engine, grid, b);
            assert_ne!(a, b, "{engine:?}: the two solutions are the same");
        }
        (Verdict::Unsolvable | Verdict::Unknown(_), Ok(())) => {}
    }

    // The same solver again: searches must leave it as they found it.
    let (again, _) = solver.check_unique(grid, limits);
    assert_eq!(again, verdict, "{engine:?}: a second check differs");

    // The first solution is the first one the uniqueness check found.
    let (one, _) = solver.solve_one(grid, limits);
    match (&verdict, &one) {
        (Verdict::Unique(a) | Verdict::Multiple(a, _), Ok(g)) => {
            assert_eq!(g, a, "{engine:?}: solve_one found another first solution")
        }
        (Verdict::Unsolvable, Err(SolveError::Unsolvable)) => {}
        (Verdict::Invalid(c), Err(SolveError::Invalid(d))) => assert_eq!(c, d),
        (Verdict::Unknown(_), Ok(g)) => check_solution(engine, grid, g),
        (Verdict::Unknown(_), Err(SolveError::GaveUp(_))) => {}
        _ => panic!("{engine:?}: check_unique says {verdict:?}, solve_one {one:?}"),
    }

    // Counting agrees with the verdict when it completes.
    match solver.count(grid, limits) {
        Ok(count) if count.is_complete() => {
            let status = match count.solutions {
                0 => "unsolvable",
                1 => "unique",
                _ => "multiple",
            };
            if !matches!(verdict, Verdict::Unknown(_)) {
                assert_eq!(status, verdict.status(), "{engine:?}: count {count:?}");
            }
        }
        Ok(_) => {}
        Err(SolveError::Invalid(c)) => assert!(matches!(verdict, Verdict::Invalid(d) if d == c)),
        Err(SolveError::Unsolvable) => {
            assert!(matches!(verdict, Verdict::Unsolvable | Verdict::Unknown(_)))
        }
        Err(e) => panic!("{engine:?}: count failed: {e}"),
    }
    verdict
}

fn check_solution(engine: Asked, grid: &Grid, solution: &Grid) {
    assert!(
        solution.is_solution_of(grid),
        "{engine:?}: {solution} is not a solution of {grid}"
    );
}
