//! Solving speed on a set of puzzles: the time and search-tree nodes of
//! solve-one and of the uniqueness check (look for up to two solutions), on
//! one thread or on the rayon pool, the median of several runs. Behind
//! `sudoku bench`.
//!
//! ```
//! use sudoku_solve::bench::{measure, BenchTask};
//! use sudoku_solve::Asked;
//! use sudoku::{Grid, Variant};
//!
//! let grids: Vec<Grid> = vec!["1.3.3.2...4.....".parse()?];
//! let row = measure("a.txt", &grids, BenchTask::Unique, 1, Asked::Auto, &Variant::default(), 3)?;
//! assert_eq!((row.puzzles, row.mode, row.threads), (1, "unique", 1));
//! assert!(row.puzzles_per_second > 0.0 && row.nodes_per_puzzle >= 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::BufRead;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::{Asked, Limits, Stats, SudokuSolver};
use sudoku::{Grid, ParseError, Shape, Variant};
use sudoku_format::{ReadOptions, Records};

/// What each puzzle is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchTask {
    /// Find one solution.
    SolveOne,
    /// The uniqueness check: look for up to two solutions.
    Unique,
}

impl BenchTask {
    /// Both tasks, in the order of the report.
    pub const ALL: [BenchTask; 2] = [BenchTask::SolveOne, BenchTask::Unique];

    /// Its name in the report: `solve` or `unique`.
    pub fn name(self) -> &'static str {
        match self {
            BenchTask::SolveOne => "solve",
            BenchTask::Unique => "unique",
        }
    }

    fn run(self, solver: &mut SudokuSolver, grid: &Grid) -> Stats {
        match self {
            BenchTask::SolveOne => solver.solve_one(grid, &Limits::none()).1,
            BenchTask::Unique => solver.check_unique(grid, &Limits::none()).1,
        }
    }
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The file's name.
    pub file: String,
    /// Puzzles measured.
    pub puzzles: usize,
    /// The task's name.
    pub mode: &'static str,
    /// Threads used.
    pub threads: usize,
    /// Puzzles per second.
    pub puzzles_per_second: f64,
    /// Microseconds per puzzle.
    pub microseconds_per_puzzle: f64,
    /// Search-tree nodes per puzzle (1: solved by propagation alone).
    pub nodes_per_puzzle: f64,
}

impl Row {
    /// The header of the text table.
    pub fn header() -> String {
        format!(
            "{:<34} {:>8} {:>7} {:>7} {:>12} {:>11} {:>11}",
            "file", "puzzles", "task", "threads", "puzzles/s", "us/puzzle", "nodes/puzzle"
        )
    }

    /// The row in the text table.
    pub fn text(&self) -> String {
        format!(
            "{:<34} {:>8} {:>7} {:>7} {:>12.0} {:>11.1} {:>11.1}",
            self.file,
            self.puzzles,
            self.mode,
            self.threads,
            self.puzzles_per_second,
            self.microseconds_per_puzzle,
            self.nodes_per_puzzle
        )
    }
}

/// Reads at most `max_puzzles` puzzles (all without it); the first that
/// cannot be read is an error.
pub fn load(
    reader: impl BufRead,
    options: ReadOptions,
    max_puzzles: Option<usize>,
) -> Result<Vec<Grid>, ParseError> {
    let mut grids = Vec::new();
    for record in Records::new(reader, options) {
        if max_puzzles.is_some_and(|max| grids.len() >= max) {
            break;
        }
        grids.push(record.result?.grid);
    }
    Ok(grids)
}

/// The solver of `shape` under `variant`'s rules.
fn solver_for(shape: Shape, engine: Asked, variant: &Variant) -> Result<SudokuSolver, String> {
    if variant.is_classic() {
        return SudokuSolver::with_engine(shape, engine).map_err(|e| e.to_string());
    }
    let rules = variant.rules(shape).map_err(|e| e.to_string())?;
    SudokuSolver::with_rules(rules.into(), engine).map_err(|e| e.to_string())
}

/// Time and nodes for every puzzle, on `threads` threads (one: this
/// thread; more: the rayon pool's). The solver is built before the clock
/// starts.
fn time_once(
    grids: &[Grid],
    task: BenchTask,
    threads: usize,
    engine: Asked,
    variant: &Variant,
) -> Result<(Duration, u64), String> {
    let Some(first_grid) = grids.first() else {
        return Ok((Duration::ZERO, 0));
    };
    let mut first = solver_for(first_grid.shape(), engine, variant)?;
    let started = Instant::now();
    let nodes = if threads == 1 {
        let mut nodes = 0;
        for g in grids {
            if g.shape() != first.shape() {
                first = solver_for(g.shape(), engine, variant)?;
            }
            nodes += task.run(&mut first, g).nodes;
        }
        nodes
    } else {
        grids
            .par_iter()
            .map_init(
                || None::<SudokuSolver>,
                |cached, g| {
                    if cached.as_ref().is_none_or(|s| s.shape() != g.shape()) {
                        *cached = solver_for(g.shape(), engine, variant).ok();
                    }
                    cached.as_mut().map_or(0, |s| task.run(s, g).nodes)
                },
            )
            .sum()
    };
    Ok((started.elapsed(), nodes))
}

/// The row of `file` (its puzzles `grids`) for `task` on `threads`
/// threads: the median of `runs` runs. A grid the engine or the variant
/// cannot take is an error (its message).
pub fn measure(
    file: &str,
    grids: &[Grid],
    task: BenchTask,
    threads: usize,
    engine: Asked,
    variant: &Variant,
    runs: u32,
) -> Result<Row, BenchError> {
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        times.push(time_once(grids, task, threads, engine, variant).map_err(BenchError)?);
    }
    times.sort_by_key(|(elapsed, _)| *elapsed);
    let (elapsed, nodes) = times[times.len() / 2];
    let n = grids.len().max(1) as f64;
    let secs = elapsed.as_secs_f64().max(1e-9);
    Ok(Row {
        file: file.to_string(),
        puzzles: grids.len(),
        mode: task.name(),
        threads,
        puzzles_per_second: n / secs,
        microseconds_per_puzzle: secs * 1e6 / n,
        nodes_per_puzzle: nodes as f64 / n,
    })
}

/// A benchmark that cannot run: the engine or the variant does not apply
/// to the puzzles.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BenchError(String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_count_puzzles_and_nodes() {
        // The empty 4x4 grid is never solved by propagation alone: at
        // least one branch, so more than one node per puzzle.
        let grids: Vec<Grid> = vec![Grid::empty(Shape::square(2).unwrap()); 5];
        for task in BenchTask::ALL {
            let row = measure("e", &grids, task, 1, Asked::Dlx, &Variant::default(), 1).unwrap();
            assert_eq!(row.puzzles, 5);
            assert!(row.nodes_per_puzzle > 1.0, "{row:?}");
            assert!(row.text().starts_with("e "));
        }
        assert!(Row::header().starts_with("file "));
    }

    #[test]
    fn load_stops_at_the_most_and_names_a_bad_puzzle() {
        let text = "1.3.3.2...4.....\n................\n................\n";
        let grids = load(text.as_bytes(), ReadOptions::default(), Some(2)).unwrap();
        assert_eq!(grids.len(), 2);
        let bad = load(&b"1.3.3.2...4...\n"[..], ReadOptions::default(), None).unwrap_err();
        assert!(bad.to_string().contains("line 1"), "{bad}");
    }
}
