//! Counting one grid's solutions on every thread.
//!
//! The grid is split into subproblems by filling, level by level, an empty
//! cell with the fewest candidates in every way its row, column and box
//! allow, until there are enough subproblems to keep the threads busy. The
//! subproblems are disjoint and together cover every solution, so their
//! counts add up to the grid's. Each is counted with the thread's solver
//! (the bit-parallel engine where the shape allows). Limits are shared: the
//! first worker to reach one stops the others.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rayon::prelude::*;
use solver_core::{Count, Incomplete, Limits, Outcome, Stats};

use crate::solve::{with_thread_solver, Engine, SolveError};
use crate::Grid;

/// Subproblems per thread: enough for work stealing to even out uneven ones.
const SUBPROBLEMS_PER_THREAD: usize = 64;
/// The split fills at most this many cells.
const MAX_SPLIT_DEPTH: usize = 8;
/// How often the caller's cancellation flag is looked at.
const POLL: Duration = Duration::from_millis(5);

/// How far a count on every thread has come: subproblems counted out of
/// those made. Shared with a display (say a progress bar) that reads it
/// while the count runs.
///
/// ```
/// use sudoku::{Grid, Progress, Shape};
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
}

/// The solutions of `grid`, counted with `engine` on rayon's threads,
/// reporting to `progress`.
pub(crate) fn par_count(
    grid: &Grid,
    engine: Engine,
    limits: &Limits,
    progress: Option<&Progress>,
) -> Result<Count, SolveError> {
    grid.check()?;
    if limits.max_solutions == Some(0) {
        return Ok(Count {
            solutions: 0,
            outcome: Outcome {
                stats: Stats::default(),
                incomplete: Some(Incomplete::SolutionLimit),
            },
        });
    }
    let (parts, split_nodes) = split(grid, SUBPROBLEMS_PER_THREAD * rayon::current_num_threads());
    if let Some(progress) = progress {
        progress
            .total
            .fetch_add(parts.len() as u64, Ordering::Relaxed);
    }
    let shared = Shared {
        stop: Arc::new(AtomicBool::new(false)),
        reason: Mutex::new(None),
        nodes: AtomicU64::new(split_nodes),
        solutions: AtomicU64::new(0),
    };
    let done = AtomicBool::new(false);
    let counts = std::thread::scope(|scope| {
        if let Some(user) = &limits.cancel {
            // Forwards the caller's flag to the workers' own.
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if user.load(Ordering::Relaxed) {
                        shared.raise(Incomplete::Cancelled);
                        return;
                    }
                    std::thread::sleep(POLL);
                }
            });
        }
        let counts = parts
            .par_iter()
            .map(|part| {
                let counted = count_part(part, engine, limits, &shared);
                if let Some(progress) = progress {
                    progress.done.fetch_add(1, Ordering::Relaxed);
                }
                counted
            })
            .collect::<Result<Vec<(u128, u64)>, SolveError>>();
        done.store(true, Ordering::Relaxed);
        counts
    })?;
    let mut solutions: u128 = counts.iter().map(|&(s, _)| s).sum();
    let nodes = split_nodes + counts.iter().map(|&(_, n)| n).sum::<u64>();
    let mut incomplete = shared.reason();
    if let Some(max) = limits.max_solutions {
        if solutions >= max {
            // Workers racing to the limit may pass it together.
            solutions = max;
            incomplete = Some(Incomplete::SolutionLimit);
        }
    }
    Ok(Count {
        solutions,
        outcome: Outcome {
            stats: Stats {
                nodes,
                updates: 0,
                solutions,
            },
            incomplete,
        },
    })
}

/// What the workers of one count share.
struct Shared {
    /// Raised to stop every worker (their limits' cancellation flag).
    stop: Arc<AtomicBool>,
    /// Why the first worker stopped.
    reason: Mutex<Option<Incomplete>>,
    /// Nodes used so far, against the node budget.
    nodes: AtomicU64,
    /// Solutions found so far, against the solution limit.
    solutions: AtomicU64,
}

impl Shared {
    fn raise(&self, why: Incomplete) {
        self.reason
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(why);
        self.stop.store(true, Ordering::Relaxed);
    }

    fn reason(&self) -> Option<Incomplete> {
        *self.reason.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Counts one subproblem's solutions, and the nodes that took.
fn count_part(
    part: &Grid,
    engine: Engine,
    limits: &Limits,
    shared: &Shared,
) -> Result<(u128, u64), SolveError> {
    if shared.stop.load(Ordering::Relaxed) {
        return Ok((0, 0));
    }
    let mut mine = Limits {
        max_solutions: None,
        max_nodes: None,
        deadline: limits.deadline,
        cancel: Some(Arc::clone(&shared.stop)),
    };
    if let Some(max) = limits.max_nodes {
        let used = shared.nodes.load(Ordering::Relaxed);
        if used >= max {
            shared.raise(Incomplete::NodeLimit);
            return Ok((0, 0));
        }
        mine.max_nodes = Some(max - used);
    }
    let outcome = with_thread_solver(part.shape(), engine, |solver| {
        solver.search(part, &mine, false, |_| match limits.max_solutions {
            Some(max) => {
                let found = shared.solutions.fetch_add(1, Ordering::Relaxed) + 1;
                if u128::from(found) >= max {
                    shared.raise(Incomplete::SolutionLimit);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
            None => ControlFlow::Continue(()),
        })
    })?;
    let outcome = match outcome {
        Ok(outcome) => outcome,
        // A subproblem that propagation alone refutes.
        Err(SolveError::Unsolvable) => return Ok((0, 1)),
        Err(e) => return Err(e),
    };
    let nodes = outcome.stats.nodes;
    shared.nodes.fetch_add(nodes, Ordering::Relaxed);
    match outcome.incomplete {
        // Stopped by another worker (or by the limit it reached itself,
        // already raised).
        Some(Incomplete::Cancelled | Incomplete::Stopped) | None => {}
        Some(why) => shared.raise(why),
    }
    Ok((outcome.stats.solutions, nodes))
}

/// The subproblems: `grid` with cells filled until there are at least
/// `target` (or the split is deep enough), and the number made.
fn split(grid: &Grid, target: usize) -> (Vec<Grid>, u64) {
    let mut parts = vec![grid.clone()];
    let mut made = 0u64;
    for _ in 0..MAX_SPLIT_DEPTH {
        if parts.len() >= target {
            break;
        }
        let mut next = Vec::new();
        let mut grew = false;
        for part in parts {
            match fewest_candidates(&part) {
                // Full: a subproblem that is its own solution.
                None => next.push(part),
                Some((row, col, values)) => {
                    grew = true;
                    for v in values {
                        let mut child = part.clone();
                        child.set(row, col, Some(v));
                        next.push(child);
                        made += 1;
                    }
                }
            }
        }
        parts = next;
        if !grew {
            break;
        }
    }
    (parts, made)
}

/// An empty cell with the fewest candidates, and its candidates (none if a
/// cell has none: the grid has no completion).
fn fewest_candidates(grid: &Grid) -> Option<(usize, usize, Vec<u16>)> {
    let n = grid.side();
    let mut best: Option<(usize, usize, Vec<u16>)> = None;
    for row in 0..n {
        for col in 0..n {
            if grid.get(row, col).is_some() {
                continue;
            }
            let values = grid.candidates(row, col);
            if best.as_ref().is_none_or(|b| values.len() < b.2.len()) {
                let done = values.len() <= 1;
                best = Some((row, col, values));
                if done {
                    return best;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn subproblems_are_disjoint_and_cover_the_grid() {
        let shape = Shape::new(2, 3).unwrap();
        let grid = Grid::empty(shape);
        let (parts, made) = split(&grid, 50);
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
        let count = par_count(&grid, Engine::Auto, &Limits::none().solutions(1000), None).unwrap();
        assert_eq!(count.solutions, 1000);
        assert_eq!(count.outcome.incomplete, Some(Incomplete::SolutionLimit));
        let count = par_count(&grid, Engine::Auto, &Limits::none().nodes(500), None).unwrap();
        assert_eq!(count.outcome.incomplete, Some(Incomplete::NodeLimit));
        let flag = Arc::new(AtomicBool::new(true));
        let count =
            par_count(&grid, Engine::Auto, &Limits::none().cancel_flag(flag), None).unwrap();
        assert_eq!(count.outcome.incomplete, Some(Incomplete::Cancelled));
    }
}
