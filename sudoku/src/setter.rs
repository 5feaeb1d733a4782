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
//! use sudoku::{setter, Grid, Rules, Shape};
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

use crate::grid::Grid;
use crate::rules::Rules;
use crate::solve::{Engine, SolveError, SudokuSolver, Verdict};

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
/// against the rules ([`Rules::is_solution`]) before it is returned.
pub fn verdict(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
) -> Result<(Verdict, Vec<usize>), SolveError> {
    let mut solver = SudokuSolver::with_rules(Arc::clone(rules), Engine::Auto)?;
    let (verdict, _) = solver.check_unique(puzzle, limits);
    let cells = match &verdict {
        Verdict::Multiple(a, b) => {
            assert!(rules.is_solution(a, puzzle) && rules.is_solution(b, puzzle));
            differing_cells(a, b)
        }
        Verdict::Unique(a) => {
            assert!(rules.is_solution(a, puzzle));
            Vec::new()
        }
        _ => Vec::new(),
    };
    Ok((verdict, cells))
}

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

/// One solution of `grid`, checked against the rules, or why there is none.
fn one(
    solver: &mut SudokuSolver,
    rules: &Rules,
    grid: &Grid,
    limits: &Limits,
) -> Result<Option<Grid>, Incomplete> {
    match solver.solve_one(grid, limits).0 {
        Ok(g) => {
            assert!(rules.is_solution(&g, grid), "a solution broke the rules");
            Ok(Some(g))
        }
        Err(SolveError::GaveUp(why)) => Err(why),
        Err(_) => Ok(None),
    }
}

/// The true candidates of `puzzle`: find a solution, then for each
/// (cell, value) not yet seen in a solution, ask for a solution with that
/// value placed, adding every solution's values. Sides up to 64.
pub fn true_candidates(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
) -> Result<Candidates, SolveError> {
    true_candidates_with(rules, puzzle, limits, Engine::Auto)
}

/// [`true_candidates`] with the engine asked for.
pub fn true_candidates_with(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Engine,
) -> Result<Candidates, SolveError> {
    true_candidates_counted(rules, puzzle, limits, engine, &AtomicUsize::new(0))
}

/// [`true_candidates_with`] adding to `done` each blank cell it has
/// finished with, for a caller that shows progress from another thread
/// (the work is done when `done` reaches the number of blank cells).
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
/// use solver_core::Limits;
/// use sudoku::{setter, Engine, Grid, Rules, Shape};
///
/// let rules = Arc::new(Rules::standard(Shape::square(2)?));
/// let puzzle: Grid = "123434..21..43..".parse()?;
/// let done = AtomicUsize::new(0);
/// setter::true_candidates_counted(&rules, &puzzle, &Limits::none(), Engine::Auto, &done)?;
/// assert_eq!(done.load(Ordering::Relaxed), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn true_candidates_counted(
    rules: &Arc<Rules>,
    puzzle: &Grid,
    limits: &Limits,
    engine: Engine,
    done: &AtomicUsize,
) -> Result<Candidates, SolveError> {
    if puzzle.shape().side() > 64 {
        return Err(SolveError::Shape(crate::ShapeError::Model {
            why: "true candidates are kept for sides up to 64".into(),
        }));
    }
    let n = puzzle.shape().side() as usize;
    let seen: Vec<AtomicU64> = (0..n * n).map(|_| AtomicU64::new(0)).collect();
    let add = |g: &Grid| {
        for (cell, bit) in mask_of(g.cells()).enumerate() {
            seen[cell].fetch_or(bit, Ordering::Relaxed);
        }
    };
    let mut first_solver = SudokuSolver::with_rules(Arc::clone(rules), engine)?;
    match one(&mut first_solver, rules, puzzle, limits) {
        Err(why) => {
            return Ok(Candidates {
                masks: vec![0; n * n],
                incomplete: Some(why),
            })
        }
        Ok(None) => {
            return Ok(Candidates {
                masks: vec![0; n * n],
                incomplete: None,
            })
        }
        Ok(Some(g)) => add(&g),
    }
    let stopped: Mutex<Option<Incomplete>> = Mutex::new(None);
    let open: Vec<usize> = (0..n * n).filter(|&c| puzzle.cells()[c] == 0).collect();
    // Each thread's solver forks the first (the propagation engine shares
    // its compiled model); the mutex is held only while forking.
    let first = Mutex::new(first_solver);
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
                    *stopped.lock().expect("not poisoned") = Some(why);
                    return ControlFlow::Break(());
                }
                grid[cell] = v;
                let Ok(placed) = Grid::from_values(puzzle.shape(), grid.clone()) else {
                    continue;
                };
                match one(solver, rules, &placed, limits) {
                    Ok(Some(g)) => add(&g),
                    Ok(None) => {}
                    Err(why) => {
                        *stopped.lock().expect("not poisoned") = Some(why);
                        return ControlFlow::Break(());
                    }
                }
            }
            done.fetch_add(1, Ordering::Relaxed);
            ControlFlow::Continue(())
        },
    );
    Ok(Candidates {
        masks: seen.into_iter().map(AtomicU64::into_inner).collect(),
        incomplete: stopped.into_inner().expect("not poisoned"),
    })
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
    let candidates = true_candidates(rules, puzzle, limits)?;
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
    let stopped: Mutex<Option<Incomplete>> = Mutex::new(None);
    let base = Mutex::new(SudokuSolver::with_rules(Arc::clone(rules), Engine::Auto)?);
    let mut placements: Vec<(usize, u16)> = tries
        .par_iter()
        .map_init(
            || base.lock().expect("not poisoned").fork(),
            |solver, &(cell, v)| {
                let solver = solver.as_mut().ok()?;
                if let Some(why) = limits.interrupted() {
                    *stopped.lock().expect("not poisoned") = Some(why);
                    return None;
                }
                let mut grid = puzzle.cells().to_vec();
                grid[cell] = v;
                let placed = Grid::from_values(puzzle.shape(), grid).ok()?;
                match solver.check_unique(&placed, limits).0 {
                    Verdict::Unique(g) => {
                        assert!(rules.is_solution(&g, &placed), "a solution broke the rules");
                        Some((cell, v))
                    }
                    Verdict::Unknown(why) => {
                        *stopped.lock().expect("not poisoned") = Some(why);
                        None
                    }
                    _ => None,
                }
            },
        )
        .flatten()
        .collect();
    placements.sort_unstable();
    Ok(UniqueMakers {
        placements,
        incomplete: stopped.into_inner().expect("not poisoned"),
        unsolvable: false,
    })
}
