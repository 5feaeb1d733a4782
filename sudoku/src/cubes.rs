//! Cube and conquer for one grid: its completions split into cubes (cells
//! filled in every possible way down a subtree of the search), to be counted
//! anywhere and added up with [`solver_core::cubes::Merge`].
//!
//! The split runs on the grid's exact-cover matrix with the givens forced
//! ([`solver_core::cubes::split`]), so the cubes partition the completions.
//! A cube's choices are named by cell and value, `r1c1=5` (row 1, column 1,
//! from 1), and a cube is counted by the Sudoku engines as the grid with
//! those cells filled.
//!
//! ```
//! use solver_core::{cubes::{Merge, SplitOptions}, Limits};
//! use sudoku::{cubes, Engine, Grid, Shape};
//!
//! let grid = Grid::empty(Shape::square(2)?);
//! let options = SplitOptions { cubes: Some(20), ..Default::default() };
//! let records = cubes::split(&grid, &options)?;
//! assert!(records.len() >= 20);
//! assert!(records[0].path[0].name.starts_with('r'));
//! let mut merge = Merge::for_cubes(&records);
//! for record in &records {
//!     merge.add(cubes::count_record(&grid, record, Engine::Auto, &Limits::none(), false));
//! }
//! assert_eq!(merge.finish()?.count, 288);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Instant;

use solver_core::cubes::{self, CubeError, CubeRecord, Fingerprint, ResultRecord};
use solver_core::{Count, Limits, OptionId, Outcome, Stats};

use crate::encoding::Encoding;
use crate::grid::Grid;
use crate::solve::{with_thread_solver, Engine, SolveError};

/// The fingerprint of a puzzle: its box shape and its cells.
pub fn fingerprint(grid: &Grid) -> Fingerprint {
    let shape = grid.shape();
    let mut h = cubes::Fnv128::default();
    h.write_str("sudoku v1");
    h.write_u64(u64::from(shape.box_rows()));
    h.write_u64(u64::from(shape.box_cols()));
    for &v in grid.cells() {
        h.write(&v.to_le_bytes());
    }
    h.finish()
}

/// The name of the choice "`value` in `cell`": `r{row}c{col}={value}`, from 1.
pub fn choice_name(side: usize, cell: usize, value: u16) -> String {
    format!("r{}c{}={value}", cell / side + 1, cell % side + 1)
}

/// Splits the completions of `grid` into cubes (records numbered from 0,
/// largest estimate first).
pub fn split(grid: &Grid, options: &cubes::SplitOptions) -> Result<Vec<CubeRecord>, SolveError> {
    grid.check()?;
    let encoding = Encoding::standard(grid.shape())?;
    let forced = encoding.givens(grid);
    let split = cubes::split(encoding.matrix(), &forced, options)
        .expect("the givens of a checked grid are compatible");
    let side = grid.side();
    let problem = fingerprint(grid);
    Ok(cubes::records_named(problem, &split, |o| {
        let (cell, value) = cell_value(side, o);
        choice_name(side, cell, value)
    }))
}

fn cell_value(side: usize, o: OptionId) -> (usize, u16) {
    let value = u16::try_from(o.index() % side + 1).expect("values fit in u16");
    (o.index() / side, value)
}

/// The grid of a cube: `grid` with the cube's cells filled, after checking
/// the fingerprint and each choice's number and name.
pub fn cube_grid(grid: &Grid, record: &CubeRecord) -> Result<Grid, CubeError> {
    let problem = fingerprint(grid);
    if record.problem != problem {
        return Err(CubeError::WrongProblem {
            cube: record.cube,
            found: record.problem,
            expected: problem,
        });
    }
    let side = grid.side();
    let mut filled = grid.clone();
    for (k, choice) in record.path.iter().enumerate() {
        let bad = |actual: String| CubeError::BadChoice {
            cube: record.cube,
            position: k + 1,
            option: choice.option,
            name: choice.name.clone(),
            actual,
        };
        if choice.option >= side * side * side {
            return Err(bad(format!(
                "a {side}x{side} grid has {} options",
                side * side * side
            )));
        }
        let (cell, value) = cell_value(side, OptionId::new(choice.option));
        let name = choice_name(side, cell, value);
        if name != choice.name {
            return Err(bad(format!("option {} is `{name}`", choice.option)));
        }
        if filled.cells()[cell] != 0 {
            return Err(bad("that cell is already filled".to_string()));
        }
        filled.set(cell / side, cell % side, Some(value));
    }
    Ok(filled)
}

/// Counts one cube of `grid` (on every thread of the rayon pool when
/// `parallel`) and makes its result record; a cube that cannot be counted
/// gets a record that says why, never a count.
pub fn count_record(
    grid: &Grid,
    record: &CubeRecord,
    engine: Engine,
    limits: &Limits,
    parallel: bool,
) -> ResultRecord {
    let started = Instant::now();
    let counted = cube_grid(grid, record)
        .map_err(|e| e.to_string())
        .and_then(|cube| count_grid(&cube, engine, limits, parallel).map_err(|e| e.to_string()));
    cubes::result_record(record, fingerprint(grid), counted, started)
}

/// Counts a grid's completions; a grid refuted at once (by clashing cells or
/// by propagation) has none.
fn count_grid(
    grid: &Grid,
    engine: Engine,
    limits: &Limits,
    parallel: bool,
) -> Result<Count, SolveError> {
    let counted = if parallel {
        grid.par_count_solutions_with(engine, limits)
    } else {
        with_thread_solver(grid.shape(), engine, |s| s.count(grid, limits))?
    };
    match counted {
        Err(SolveError::Unsolvable | SolveError::Invalid(_)) => Ok(Count {
            solutions: 0,
            outcome: Outcome {
                stats: Stats {
                    nodes: 1,
                    ..Stats::default()
                },
                incomplete: None,
            },
        }),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_puzzle, Alphabet, Shape};
    use solver_core::cubes::{Merge, SplitOptions};

    fn merged(grid: &Grid, n: usize, parallel: bool) -> u128 {
        let options = SplitOptions {
            cubes: Some(n),
            ..SplitOptions::default()
        };
        let records = split(grid, &options).unwrap();
        assert!(records.len() >= n.min(2));
        let mut merge = Merge::for_cubes(&records);
        for r in &records {
            merge.add(count_record(
                grid,
                r,
                Engine::Auto,
                &Limits::none(),
                parallel,
            ));
        }
        merge.finish().unwrap().count
    }

    #[test]
    fn empty_grids_have_their_known_counts() {
        // 288 4x4 grids; 28,200,960 6x6 grids with 2x3 boxes (OEIS A107739).
        // Relabelling the values is a bijection between the grids with any
        // given first row, so 28,200,960 / 6! = 39,168 of them start with
        // the row 123456: that count keeps the test quick (the empty 6x6
        // grid takes some 25 s of CPU).
        let four = Grid::empty(Shape::square(2).unwrap());
        for n in [1, 5, 40] {
            assert_eq!(merged(&four, n, false), 288);
        }
        assert_eq!(28_200_960 % 720, 0);
        let six = parse_puzzle(
            &format!("123456{}", ".".repeat(30)),
            Some(Shape::new(2, 3).unwrap()),
            &Alphabet::standard(),
        )
        .unwrap()
        .grid;
        assert_eq!(merged(&six, 30, true), 28_200_960 / 720);
    }

    #[test]
    fn a_cube_for_another_grid_is_refused() {
        let four = Grid::empty(Shape::square(2).unwrap());
        let records = split(&four, &SplitOptions::default()).unwrap();
        let other: Grid = "1...............".parse().unwrap();
        let result = count_record(&other, &records[0], Engine::Auto, &Limits::none(), false);
        assert!(!result.complete);
        assert!(result.error.unwrap().contains("not for this problem"));
        let mut bad = records[0].clone();
        bad.path[0].name = "r9c9=9".to_string();
        let result = count_record(&four, &bad, Engine::Auto, &Limits::none(), false);
        assert!(result.error.unwrap().contains("choice 1"));
    }

    #[test]
    fn choice_names() {
        assert_eq!(choice_name(9, 0, 5), "r1c1=5");
        assert_eq!(choice_name(9, 80, 9), "r9c9=9");
    }
}
