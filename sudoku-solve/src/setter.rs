//! Answers setters want while they place clues: the uniqueness verdict
//! with the cells where two solutions differ, true candidates (per cell,
//! the values that appear in some solution), and for a puzzle with several
//! solutions the placements that would make it unique. All work for any
//! rules (classic, variants, setter's constraints), on every thread of the
//! current rayon pool, within [`Limits`] (a deadline and a cancel flag stop
//! all threads; node and solution limits apply to each search).
//!
//! ```
//! use std::sync::Arc;
//! use solver_core::Limits;
//! use sudoku_solve::setter;
//! use sudoku::{Grid, Rules, Shape};
//!
//! let shape = Shape::square(2)?;
//! let rules = Arc::new(Rules::standard(shape));
//! // Two solutions, which differ in r2c3, r2c4, r4c3 and r4c4.
//! let puzzle: Grid = "123434..21..43..".parse()?;
//! let (verdict, cells) = setter::verdict(&rules, &puzzle, &Limits::none())?;
//! assert_eq!(verdict.status(), "multiple");
//! assert_eq!(cells, vec![6, 7, 14, 15]);
//! let candidates = setter::true_candidates(&rules, &puzzle, &Limits::none())?;
//! assert!(candidates.incomplete.is_none());
//! assert_eq!(candidates.values(6), vec![1, 2]);
//! assert_eq!(candidates.values(10), vec![4]);
//! // Either value in any of the four cells that differ makes it unique.
//! let makers = setter::unique_makers(&rules, &puzzle, &Limits::none())?;
//! assert_eq!(makers.placements.len(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use solver_core::{Incomplete, Limits};

use crate::solve::{Asked, SolveError, SudokuSolver, Verdict};
use sudoku::Grid;
use sudoku::Rules;

/// The cells (`row * n + col`) where two grids differ.
pub fn differing_cells(a: &Grid, b: &Grid) -> Vec<usize> {
    a.cells()
        .iter()
        .zip(b.cells())
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, _)| i)
        .collect()
}

/// The uniqueness verdict of `puzzle` under `rules`, and for two solutions
/// the cells where they differ (empty otherwise). Every solution is checked
/// against the rules ([`Rules::is_solution`]) before it is returned; one
/// that breaks them is [`SolveError::Broken`]. The page and the websocket
/// ask [`CheckedPuzzle::verdict`](crate::CheckedPuzzle::verdict), which
/// checks each solution against the variant's wording too.
pub fn verdict(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
) -> Result<(Verdict, Vec<usize>), SolveError> {
    let mut solver = SudokuSolver::with_rules(Arc::clone(rules), Asked::Auto)?;
    let (verdict, _) = solver.check_unique(puzzle, limits);
    let verdict = crate::solve::check_verdict(verdict, |g| rules.is_solution(g, puzzle))?;
    let cells = match &verdict {
        Verdict::Multiple(a, b) => differing_cells(a, b),
        _ => Vec::new(),
    };
    Ok((verdict, cells))
}

/// The check every solution passes before its values are used:
/// `check(solution, puzzle)` is whether `solution` solves `puzzle` (the
/// puzzle asked, or it with one more given placed).
pub(crate) type SolutionCheck<'a> = dyn Fn(&Grid, &Grid) -> bool + Sync + 'a;

/// True candidates: for each cell, the values it takes in some solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// Per cell, bit `v - 1` set when value `v` appears in a solution.
    pub masks: Vec<u64>,
    /// Set when a limit stopped the work: the masks then hold the values
    /// seen so far (each one proven by a solution), and others may be
    /// missing.
    pub incomplete: Option<Incomplete>,
}

impl Candidates {
    /// The values of `cell`, ascending.
    pub fn values(&self, cell: usize) -> Vec<u16> {
        (0..64)
            .filter(|b| self.masks[cell] >> b & 1 == 1)
            .map(|b| b as u16 + 1)
            .collect()
    }

    /// Whether no solution exists (every mask empty, search complete).
    pub fn is_unsolvable(&self) -> bool {
        self.incomplete.is_none() && self.masks.iter().all(|&m| m == 0)
    }
}

fn mask_of(values: &[u16]) -> impl Iterator<Item = u64> + '_ {
    values.iter().map(|&v| 1u64 << (v - 1))
}

/// Why a try of true candidates stopped: a limit, or a broken solution.
enum Stop {
    Limit(Incomplete),
    Broken(Grid),
}

/// One solution of `grid`, checked against the rules, or why there is none.
fn one(
    solver: &mut SudokuSolver,
    check: &SolutionCheck<'_>,
    grid: &Grid,
    limits: &Limits,
) -> Result<Option<Grid>, Stop> {
    match solver.solve_one(grid, limits).0 {
        Ok(g) if check(&g, grid) => Ok(Some(g)),
        Ok(g) => Err(Stop::Broken(g)),
        Err(SolveError::GaveUp(why)) => Err(Stop::Limit(why)),
        Err(_) => Ok(None),
    }
}

/// The true candidates of `puzzle`: per cell, the values it takes in some
/// solution. Sides up to 64.
///
/// On the `units` engine (variants whose units each hold every value once,
/// killer cages, up to 128 cells) one search enumerates the solutions but
/// skips every subtree whose candidates were all seen in solutions already,
/// trying unseen values first; its root's branches are shared out between
/// the threads. On the propagation engine (setter's constraints) the same
/// idea runs over the model ([`cover_model::ModelSolver::true_candidates`]).
/// On the others (Dancing Links) each (cell, value) not yet seen in a
/// solution is tried: a solution with that value placed is asked for, and
/// all its values are added.
pub fn true_candidates(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
) -> Result<Candidates, SolveError> {
    true_candidates_with(rules, puzzle, limits, Asked::Auto)
}

/// [`true_candidates`] with the engine asked for.
pub fn true_candidates_with(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Asked,
) -> Result<Candidates, SolveError> {
    true_candidates_counted(rules, puzzle, limits, engine, &AtomicUsize::new(0))
}

/// [`true_candidates_with`] adding to `done` each blank cell it has
/// finished with, for a caller that shows progress from another thread
/// (the work is done when `done` reaches the number of blank cells; on the
/// `units` engine, which does not work cell by cell, `done` grows with the
/// share of the search done).
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
/// use solver_core::Limits;
/// use sudoku_solve::{setter, Asked};
/// use sudoku::{Grid, Rules, Shape};
///
/// let rules = Arc::new(Rules::standard(Shape::square(2)?));
/// let puzzle: Grid = "123434..21..43..".parse()?;
/// let done = AtomicUsize::new(0);
/// setter::true_candidates_counted(&rules, &puzzle, &Limits::none(), Asked::Auto, &done)?;
/// assert_eq!(done.load(Ordering::Relaxed), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn true_candidates_counted(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Asked,
    done: &AtomicUsize,
) -> Result<Candidates, SolveError> {
    candidates_checked(rules, puzzle, limits, engine, done, &|g, p| {
        rules.is_solution(g, p)
    })
}

/// [`true_candidates_counted`] with every solution passing `check` before
/// its values count.
pub(crate) fn candidates_checked(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Asked,
    done: &AtomicUsize,
    check: &SolutionCheck<'_>,
) -> Result<Candidates, SolveError> {
    if puzzle.shape().side() > 64 {
        return Err(SolveError::Shape(sudoku::ShapeError::Model {
            why: "true candidates are kept for sides up to 64".into(),
        }));
    }
    let n = puzzle.shape().side() as usize;
    let seen: Vec<AtomicU64> = (0..n * n).map(|_| AtomicU64::new(0)).collect();
    let mut solver = SudokuSolver::with_rules(Arc::clone(rules), engine)?;
    if let Some(stop) = by_propagation(&solver, check, puzzle, limits, &seen, done) {
        return finish(stop?, seen);
    }
    let stop = match solver.units_split(puzzle.cells()) {
        Some(split) => {
            let split = split.unwrap_or_default();
            by_search(solver, check, puzzle, &split, limits, &seen, done)
        }
        None => by_tries(solver, check, puzzle, limits, &seen, done),
    };
    finish(stop, seen)
}

/// The candidates seen, or why the work stopped.
fn finish(stop: Option<Stop>, seen: Vec<AtomicU64>) -> Result<Candidates, SolveError> {
    let incomplete = match stop {
        None => None,
        Some(Stop::Limit(why)) => Some(why),
        Some(Stop::Broken(g)) => return Err(SolveError::Broken(g)),
    };
    Ok(Candidates {
        masks: seen.into_iter().map(AtomicU64::into_inner).collect(),
        incomplete,
    })
}

/// True candidates on the propagation engine (`None` for the others): one
/// search over the model ([`cover_model::ModelSolver::true_candidates`])
/// that skips every subtree whose cells' candidates were all seen in
/// solutions already, its root split between the threads; each solution
/// is checked against the rules before its values count. `done` grows
/// with the share of the search done, in blank cells.
fn by_propagation(
    solver: &SudokuSolver,
    check: &SolutionCheck<'_>,
    puzzle: &Grid,
    limits: &Limits,
    seen: &[AtomicU64],
    done: &AtomicUsize,
) -> Option<Result<Option<Stop>, SolveError>> {
    let open = puzzle.cells().iter().filter(|&&v| v == 0).count();
    let stopped: Mutex<Option<Stop>> = Mutex::new(None);
    let visit = |values: &[u16]| {
        let Ok(g) = Grid::from_values(puzzle.shape(), values.to_vec()) else {
            keep(&stopped, Stop::Broken(Grid::empty(puzzle.shape())));
            return ControlFlow::Break(());
        };
        if !check(&g, puzzle) {
            keep(&stopped, Stop::Broken(g));
            return ControlFlow::Break(());
        }
        add(seen, values);
        ControlFlow::Continue(())
    };
    let reported = AtomicUsize::new(0);
    let progress = |k: usize, parts: usize| {
        // The blank cells' share of the parts done, added once.
        let share = open * k / parts.max(1);
        let before = reported.fetch_max(share, Ordering::Relaxed);
        if share > before {
            done.fetch_add(share - before, Ordering::Relaxed);
        }
    };
    let outcome =
        match solver.propagation_candidates(puzzle.cells(), limits, seen, &visit, &progress)? {
            Ok(outcome) => outcome,
            // Givens that clash: no solution.
            Err(SolveError::Unsolvable) => return Some(Ok(None)),
            Err(e) => return Some(Err(e)),
        };
    if let Some(stop) = stopped.into_inner().expect("not poisoned") {
        return Some(Ok(Some(stop)));
    }
    if outcome.incomplete.is_none() {
        // Complete (also when no part was left to search): every blank cell.
        let before = reported.swap(open, Ordering::Relaxed);
        done.fetch_add(open.saturating_sub(before), Ordering::Relaxed);
    }
    Some(Ok(outcome.incomplete.map(Stop::Limit)))
}

/// Adds the values of `g` to `seen`.
fn add(seen: &[AtomicU64], g: &[u16]) {
    for (cell, bit) in mask_of(g).enumerate() {
        seen[cell].fetch_or(bit, Ordering::Relaxed);
    }
}

/// Keeps the first reason to stop.
fn keep(stopped: &Mutex<Option<Stop>>, stop: Stop) {
    stopped.lock().expect("not poisoned").get_or_insert(stop);
}

/// True candidates on the `units` engine: the root's branches `split` (or
/// the whole puzzle when empty), each searched by
/// [`SudokuSolver::units_candidates`] on a thread of the pool.
fn by_search(
    first: SudokuSolver,
    check: &SolutionCheck<'_>,
    puzzle: &Grid,
    split: &[(usize, u16)],
    limits: &Limits,
    seen: &[AtomicU64],
    done: &AtomicUsize,
) -> Option<Stop> {
    let open = puzzle.cells().iter().filter(|&&v| v == 0).count();
    let starts: Vec<Option<(usize, u16)>> = if split.is_empty() {
        vec![None]
    } else {
        split.iter().copied().map(Some).collect()
    };
    let finished = AtomicUsize::new(0);
    let stopped: Mutex<Option<Stop>> = Mutex::new(None);
    let first = Mutex::new(first);
    let _ = starts.par_iter().try_for_each_init(
        || first.lock().expect("not poisoned").fork(),
        |solver, start| {
            let Ok(solver) = solver else {
                return ControlFlow::Break(());
            };
            let mut givens = puzzle.cells().to_vec();
            if let Some((cell, v)) = *start {
                givens[cell] = v;
            }
            let mut visit = |values: &[u16]| {
                let Ok(g) = Grid::from_values(puzzle.shape(), values.to_vec()) else {
                    keep(&stopped, Stop::Broken(Grid::empty(puzzle.shape())));
                    return ControlFlow::Break(());
                };
                if !check(&g, puzzle) {
                    keep(&stopped, Stop::Broken(g));
                    return ControlFlow::Break(());
                }
                add(seen, values);
                ControlFlow::Continue(())
            };
            match solver.units_candidates(&givens, limits, seen, &mut visit) {
                // Givens that clash: no solution here.
                Some(Err(_)) => {}
                Some(Ok(outcome)) => match outcome.incomplete {
                    None => {}
                    // The visit stopped it: a broken solution, kept above.
                    Some(Incomplete::Stopped) => return ControlFlow::Break(()),
                    Some(why) => {
                        keep(&stopped, Stop::Limit(why));
                        return ControlFlow::Break(());
                    }
                },
                None => unreachable!("a fork of a units solver runs units"),
            }
            // Progress: the share of the branches done, in blank cells.
            let k = finished.fetch_add(1, Ordering::Relaxed);
            let share = |k: usize| open * k / starts.len();
            done.fetch_add(share(k + 1) - share(k), Ordering::Relaxed);
            ControlFlow::Continue(())
        },
    );
    stopped.into_inner().expect("not poisoned")
}

/// True candidates on the other engines: each (cell, value) not yet seen
/// in a solution is tried, blank cells shared out between the threads.
fn by_tries(
    mut first: SudokuSolver,
    check: &SolutionCheck<'_>,
    puzzle: &Grid,
    limits: &Limits,
    seen: &[AtomicU64],
    done: &AtomicUsize,
) -> Option<Stop> {
    let n = puzzle.shape().side() as usize;
    match one(&mut first, check, puzzle, limits) {
        Err(stop) => return Some(stop),
        Ok(None) => return None,
        Ok(Some(g)) => add(seen, g.cells()),
    }
    let stopped: Mutex<Option<Stop>> = Mutex::new(None);
    let open: Vec<usize> = (0..n * n).filter(|&c| puzzle.cells()[c] == 0).collect();
    // Each thread's solver forks the first (the propagation engine shares
    // its compiled model); the mutex is held only while forking.
    let first = Mutex::new(first);
    let _ = open.par_iter().try_for_each_init(
        || first.lock().expect("not poisoned").fork(),
        |solver, &cell| {
            let Ok(solver) = solver else {
                return ControlFlow::Break(());
            };
            let mut grid = puzzle.cells().to_vec();
            for v in 1..=n as u16 {
                if seen[cell].load(Ordering::Relaxed) >> (v - 1) & 1 == 1 {
                    continue;
                }
                if let Some(why) = limits.interrupted() {
                    keep(&stopped, Stop::Limit(why));
                    return ControlFlow::Break(());
                }
                grid[cell] = v;
                let Ok(placed) = Grid::from_values(puzzle.shape(), grid.clone()) else {
                    continue;
                };
                match one(solver, check, &placed, limits) {
                    Ok(Some(g)) => add(seen, g.cells()),
                    Ok(None) => {}
                    Err(stop) => {
                        keep(&stopped, stop);
                        return ControlFlow::Break(());
                    }
                }
            }
            done.fetch_add(1, Ordering::Relaxed);
            ControlFlow::Continue(())
        },
    );
    stopped.into_inner().expect("not poisoned")
}

/// The placements (cell, value) that leave exactly one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniqueMakers {
    /// Each placement that makes the puzzle unique, in cell then value
    /// order.
    pub placements: Vec<(usize, u16)>,
    /// Set when a limit stopped the work (the list may then be short).
    pub incomplete: Option<Incomplete>,
    /// The puzzle has no solution at all (the list is then empty).
    pub unsolvable: bool,
}

/// For a puzzle with several solutions, the placements of one more given
/// that leave exactly one solution: for each true candidate of each open
/// cell, the solutions with that value placed are counted up to two.
pub fn unique_makers(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
) -> Result<UniqueMakers, SolveError> {
    unique_makers_with(rules, puzzle, limits, Asked::Auto)
}

/// [`unique_makers`] on the engine asked for (refused as
/// [`SudokuSolver::with_rules`] refuses it where it cannot apply). A
/// solution that breaks the rules is [`SolveError::Broken`].
///
/// ```
/// use std::sync::Arc;
/// use solver_core::Limits;
/// use sudoku_solve::{setter, Asked};
/// use sudoku::{Grid, Rules, Shape};
///
/// let rules = Arc::new(Rules::standard(Shape::square(2)?));
/// let puzzle: Grid = "123434..21..43..".parse()?;
/// let makers = setter::unique_makers_with(&rules, &puzzle, &Limits::none(), Asked::Dlx)?;
/// assert_eq!(makers.placements.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn unique_makers_with(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Asked,
) -> Result<UniqueMakers, SolveError> {
    makers_checked(rules, puzzle, limits, engine, &|g, p| {
        rules.is_solution(g, p)
    })
}

/// [`unique_makers_with`] with every solution passing `check`.
pub(crate) fn makers_checked(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Asked,
    check: &SolutionCheck<'_>,
) -> Result<UniqueMakers, SolveError> {
    let base = Mutex::new(SudokuSolver::with_rules(Arc::clone(rules), engine)?);
    let candidates =
        candidates_checked(rules, puzzle, limits, engine, &AtomicUsize::new(0), check)?;
    if candidates.incomplete.is_some() {
        return Ok(UniqueMakers {
            placements: Vec::new(),
            incomplete: candidates.incomplete,
            unsolvable: false,
        });
    }
    if candidates.is_unsolvable() {
        return Ok(UniqueMakers {
            placements: Vec::new(),
            incomplete: None,
            unsolvable: true,
        });
    }
    let n = puzzle.shape().side() as usize;
    let tries: Vec<(usize, u16)> = (0..n * n)
        .filter(|&c| puzzle.cells()[c] == 0)
        .flat_map(|c| candidates.values(c).into_iter().map(move |v| (c, v)))
        .collect();
    let stopped: Mutex<Option<Stop>> = Mutex::new(None);
    let mut placements: Vec<(usize, u16)> = tries
        .par_iter()
        .map_init(
            || base.lock().expect("not poisoned").fork(),
            |solver, &(cell, v)| {
                let solver = solver.as_mut().ok()?;
                if let Some(why) = limits.interrupted() {
                    keep(&stopped, Stop::Limit(why));
                    return None;
                }
                let mut grid = puzzle.cells().to_vec();
                grid[cell] = v;
                let placed = Grid::from_values(puzzle.shape(), grid).ok()?;
                match solver.check_unique(&placed, limits).0 {
                    Verdict::Unique(g) if check(&g, &placed) => Some((cell, v)),
                    Verdict::Unique(g) | Verdict::Multiple(g, _) if !check(&g, &placed) => {
                        keep(&stopped, Stop::Broken(g));
                        None
                    }
                    Verdict::Unknown(why) => {
                        keep(&stopped, Stop::Limit(why));
                        None
                    }
                    _ => None,
                }
            },
        )
        .flatten()
        .collect();
    placements.sort_unstable();
    let incomplete = match stopped.into_inner().expect("not poisoned") {
        None => None,
        Some(Stop::Limit(why)) => Some(why),
        Some(Stop::Broken(g)) => return Err(SolveError::Broken(g)),
    };
    Ok(UniqueMakers {
        placements,
        incomplete,
        unsolvable: false,
    })
}

/// Subproblems per thread for [`count_counted`]: enough for work stealing
/// to even out uneven ones.
const COUNT_PARTS_PER_THREAD: usize = 16;
/// [`count_counted`] first searches the whole puzzle within this many
/// nodes, and splits it only when that is not enough.
const COUNT_PROBE_NODES: u64 = 2_000;

/// Counts the solutions of `puzzle` under `rules` on every thread of the
/// current rayon pool, adding the solutions it finds to `found` as it goes,
/// for a caller that shows the count so far from another thread (the
/// f-puzzles solver connection sends it every quarter second). `found`
/// only grows, and ends at the count (when no limit stopped it; at a
/// solution limit it may pass the limit, which the returned count does
/// not).
///
/// A puzzle whose search ends within a few thousand nodes is counted at
/// once; another is split into subproblems, level by level filling an empty
/// cell with the fewest values its units allow in every such way (the
/// subproblems are disjoint and cover every solution), and each is searched
/// by a thread's fork of the engine asked for (refused as
/// [`SudokuSolver::with_rules`] refuses it). Limits are shared: the first
/// worker to reach one stops the others.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::sync::Arc;
/// use solver_core::Limits;
/// use sudoku_solve::{setter, Asked};
/// use sudoku::{Grid, Rules, Shape};
///
/// let rules = Arc::new(Rules::standard(Shape::square(2)?));
/// let found = AtomicU64::new(0);
/// let empty = Grid::empty(rules.shape());
/// let count = setter::count_counted(&rules, &empty, &Limits::none(), Asked::Auto, &found)?;
/// assert_eq!((count.solutions, count.is_complete()), (288, true));
/// assert_eq!(found.load(Ordering::Relaxed), 288);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_counted(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Asked,
    found: &AtomicU64,
) -> Result<solver_core::Count, SolveError> {
    use solver_core::Count;

    if puzzle.shape() != rules.shape() {
        return Err(SolveError::WrongShape {
            expected: rules.shape(),
            found: puzzle.shape(),
        });
    }
    rules.check(puzzle)?;
    let mut first = SudokuSolver::with_rules(Arc::clone(rules), engine)?;
    if limits.max_solutions == Some(0) {
        return Ok(crate::parallel::stopped_at_zero());
    }
    // A short search of the whole puzzle first: most puzzles a setter
    // checks end within it, sooner than the split could start.
    let probe_nodes = limits
        .max_nodes
        .map_or(COUNT_PROBE_NODES, |m| m.min(COUNT_PROBE_NODES));
    let probe = Limits {
        max_nodes: Some(probe_nodes),
        ..limits.clone()
    };
    let outcome = match first.search(puzzle, &probe, false, |_| ControlFlow::Continue(())) {
        Ok(outcome) => Some(outcome),
        Err(SolveError::Unsolvable) => None,
        Err(e) => return Err(e),
    };
    let probed = outcome.map_or(0, |o| o.stats.nodes);
    match outcome {
        // Refuted at once.
        None => return Ok(Count::default()),
        // Beyond the probe: split below.
        Some(o)
            if o.incomplete == Some(Incomplete::NodeLimit)
                && probe_nodes < limits.max_nodes.unwrap_or(u64::MAX) => {}
        // Answered (complete, or stopped by the caller's own limit).
        Some(o) => {
            found.fetch_add(
                u64::try_from(o.stats.solutions).unwrap_or(u64::MAX),
                Ordering::Relaxed,
            );
            return Ok(Count {
                solutions: o.stats.solutions,
                outcome: o,
            });
        }
    }
    let (parts, _) = crate::parallel::split(
        puzzle,
        COUNT_PARTS_PER_THREAD * rayon::current_num_threads(),
        |g, cell| allowed_by_units(rules, g.cells(), cell),
    );
    // Solvers are lent to the parts from a pool that grows to one per
    // thread at work (a fork can cost more than a small part).
    let first = Mutex::new(first);
    let pool: Mutex<Vec<SudokuSolver>> = Mutex::new(Vec::new());
    crate::parallel::count_parts(
        &parts,
        probed,
        limits,
        None,
        Some(found),
        |part, mine, each| {
            let lent = pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let mut solver = match lent {
                Some(solver) => solver,
                None => first.lock().unwrap_or_else(|e| e.into_inner()).fork()?,
            };
            let outcome = solver.search(part, mine, false, |_| each());
            pool.lock().unwrap_or_else(|e| e.into_inner()).push(solver);
            outcome
        },
    )
}

/// The values `cell` may take as far as the givens of its units go.
fn allowed_by_units(rules: &Rules, cells: &[u16], cell: usize) -> Vec<u16> {
    let n = rules.shape().side() as usize;
    let mut used = vec![false; n + 1];
    for &u in rules.units_of(cell) {
        for &other in &rules.units()[u].cells {
            used[usize::from(cells[other])] = true;
        }
    }
    (1..=n as u16).filter(|&v| !used[usize::from(v)]).collect()
}
