//! Counting one grid's solutions on every thread.
//!
//! The grid is split into subproblems by filling, level by level, an empty
//! cell with the fewest candidates in every way its row, column and box
//! allow, until there are enough subproblems to keep the threads busy. The
//! subproblems are disjoint and together cover every solution, so their
//! counts add up to the grid's. Each is counted with the thread's solver
//! (the bit-parallel engine where the shape allows). The split and the
//! run on every thread are solver-core's one parallel layer
//! ([`solver_core::parallel`]); this module says how a grid branches (a
//! cell's values) and runs the parts, given how to count one: the grid's
//! count itself (`solve::par_count`, with each thread's solver) and the
//! setter's are its callers, so it never names the solvers.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use solver_core::parallel::{run_parts, Branching, PartsRun, SplitGoal, Splittable};
use solver_core::{Count, Incomplete, Limits, Outcome, Stats};

use crate::error::SolveError;
use sudoku::Grid;

/// Subproblems per thread: enough for work stealing to even out uneven ones.
pub(crate) const SUBPROBLEMS_PER_THREAD: usize = 64;
/// The split fills at most this many cells.
const MAX_SPLIT_DEPTH: usize = 8;

/// How far a count on every thread has come: subproblems counted out of
/// those made. Shared with a display (say a progress bar) that reads it
/// while the count runs.
///
/// ```
/// use sudoku::{Grid, Shape};
/// use sudoku_solve::{Progress, SolveGrid};
///
/// let progress = Progress::default();
/// let grid = Grid::empty(Shape::square(2)?);
/// let count = grid.par_count_solutions_with_progress(&Default::default(), &progress)?;
/// assert_eq!(count.solutions, 288);
/// assert!(progress.total() > 0);
/// assert_eq!(progress.done(), progress.total());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    total: AtomicU64,
    done: AtomicU64,
}

impl Progress {
    /// The subproblems made so far (0 before the split).
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// The subproblems counted so far.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Adds `parts` subproblems made by a split.
    pub(crate) fn add_total(&self, parts: usize) {
        self.total.fetch_add(parts as u64, Ordering::Relaxed);
    }
}

/// The answer to a count asked for no solution at all.
pub(crate) fn stopped_at_zero() -> Count {
    Count {
        solutions: 0,
        outcome: Outcome {
            stats: Stats::default(),
            incomplete: Some(Incomplete::SolutionLimit),
        },
    }
}

/// Solutions a worker finds before it adds them to the caller's counter
/// (one at a time when a solution limit must be kept exactly).
const FOUND_BATCH: u64 = 64;

/// Counts the solutions of every subproblem in `parts` on rayon's threads
/// and adds them up; `start_nodes` were spent before (the split). `search`
/// searches one part under the limits it is given, calling its third
/// argument for each solution it visits (`Err(Unsolvable)`: refuted at
/// once). Limits are shared: the first worker to reach one stops the
/// others. `progress` counts the parts done; `found`, when given, grows
/// with the solutions found as they are found (it may pass a solution
/// limit, which the returned count does not).
pub(crate) fn count_parts<S>(
    parts: &[Grid],
    start_nodes: u64,
    limits: &Limits,
    progress: Option<&Progress>,
    found: Option<&AtomicU64>,
    search: S,
) -> Result<Count, SolveError>
where
    S: Fn(&Grid, &Limits, &mut dyn FnMut() -> ControlFlow<()>) -> Result<Outcome, SolveError>
        + Sync
        + Send,
{
    let run = PartsRun {
        spent: Stats {
            nodes: start_nodes,
            ..Stats::default()
        },
        done: progress.map(|p| &p.done),
        ..PartsRun::new(limits)
    };
    // Solutions are passed on one by one under a solution limit, else in
    // batches (only when someone reads them).
    let batch = match (limits.max_solutions, found) {
        (Some(_), _) => 1,
        (None, Some(_)) => FOUND_BATCH,
        (None, None) => u64::MAX,
    };
    let add = |k: u64, meter: &solver_core::parallel::Meter| {
        if let Some(found) = found {
            found.fetch_add(k, Ordering::Relaxed);
        }
        meter.add_solutions(u128::from(k))
    };
    let outcome = run_parts(
        parts,
        &run,
        || (),
        |(), part, mine, meter| {
            let mut pending = 0u64;
            let mut visited = 0u64;
            let outcome = search(part, mine, &mut || {
                pending += 1;
                visited += 1;
                if pending < batch || add(std::mem::take(&mut pending), meter) {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
            match outcome {
                Ok(outcome) => {
                    // Solutions an engine counted without visiting them.
                    let counted = u64::try_from(outcome.stats.solutions).unwrap_or(u64::MAX);
                    if found.is_some() {
                        add(pending + counted.saturating_sub(visited), meter);
                    }
                    Ok(outcome)
                }
                // A subproblem that propagation alone refutes.
                Err(SolveError::Unsolvable) => Ok(Outcome {
                    stats: Stats {
                        nodes: 1,
                        ..Stats::default()
                    },
                    incomplete: None,
                }),
                Err(e) => Err(e),
            }
        },
    )?;
    Ok(Count {
        solutions: outcome.stats.solutions,
        outcome,
    })
}

/// A grid that branches on an empty cell with the fewest values `allowed`
/// gives (`allowed(grid, cell)`), one child per value.
struct CellSplit<F> {
    allowed: F,
}

impl<F: Fn(&Grid, usize) -> Vec<u16>> Splittable for CellSplit<F> {
    type Part = Grid;

    fn branch(&mut self, part: &Grid, children: &mut Vec<Grid>) -> Branching {
        let n = part.side();
        match fewest(part, &self.allowed) {
            // Full: a subproblem that is its own solution (or not).
            None => Branching::Leaf,
            Some((cell, values)) => {
                for v in values {
                    let mut child = part.clone();
                    child.set(cell / n, cell % n, Some(v));
                    children.push(child);
                }
                Branching::Split
            }
        }
    }
}

/// The subproblems: `grid` with cells filled, level by level, each time an
/// empty cell with the fewest values `allowed` gives (`allowed(grid,
/// cell)`) in each of those ways, until there are at least `target` (or the
/// split is deep enough); and the number made. A part with a cell that
/// allows no value is dropped (nothing completes it). The parts are
/// disjoint and, when `allowed` keeps every value a solution can hold,
/// cover every solution.
pub(crate) fn split(
    grid: &Grid,
    target: usize,
    allowed: impl Fn(&Grid, usize) -> Vec<u16>,
) -> (Vec<Grid>, u64) {
    let split = solver_core::parallel::split(
        &mut CellSplit { allowed },
        grid.clone(),
        &SplitGoal::levels(target, MAX_SPLIT_DEPTH),
        &Limits::none(),
    );
    (split.parts, split.nodes)
}

/// An empty cell with the fewest allowed values, and those values.
fn fewest(grid: &Grid, allowed: impl Fn(&Grid, usize) -> Vec<u16>) -> Option<(usize, Vec<u16>)> {
    let mut best: Option<(usize, Vec<u16>)> = None;
    for (cell, &v) in grid.cells().iter().enumerate() {
        if v != 0 {
            continue;
        }
        let values = allowed(grid, cell);
        if best.as_ref().is_none_or(|b| values.len() < b.1.len()) {
            let done = values.len() <= 1;
            best = Some((cell, values));
            if done {
                return best;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::par_count;
    use crate::Asked;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use sudoku::Shape;

    #[test]
    fn subproblems_are_disjoint_and_cover_the_grid() {
        let shape = Shape::new(2, 3).unwrap();
        let grid = Grid::empty(shape);
        let n = grid.side();
        let (parts, made) = split(&grid, 50, |g, c| g.candidates(c / n, c % n));
        assert!(parts.len() >= 50);
        assert!(made >= parts.len() as u64);
        // Every part extends the grid; no two parts agree on all the cells
        // both fill (so no completion belongs to two).
        for (i, a) in parts.iter().enumerate() {
            assert!(a
                .cells()
                .iter()
                .zip(grid.cells())
                .all(|(x, g)| *g == 0 || x == g));
            for b in &parts[i + 1..] {
                let clash = a
                    .cells()
                    .iter()
                    .zip(b.cells())
                    .any(|(x, y)| *x != 0 && *y != 0 && x != y);
                assert!(clash, "{a} and {b} overlap");
            }
        }
    }

    #[test]
    fn limits_hold_across_threads() {
        // The empty 6x6 grid has 28,200,960 solutions.
        let grid = Grid::empty(Shape::new(2, 3).unwrap());
        let count = par_count(&grid, Asked::Auto, &Limits::none().solutions(1000), None).unwrap();
        assert_eq!(count.solutions, 1000);
        assert_eq!(count.outcome.incomplete, Some(Incomplete::SolutionLimit));
        let count = par_count(&grid, Asked::Auto, &Limits::none().nodes(500), None).unwrap();
        assert_eq!(count.outcome.incomplete, Some(Incomplete::NodeLimit));
        let flag = Arc::new(AtomicBool::new(true));
        let count = par_count(&grid, Asked::Auto, &Limits::none().cancel_flag(flag), None).unwrap();
        assert_eq!(count.outcome.incomplete, Some(Incomplete::Cancelled));
    }
}
