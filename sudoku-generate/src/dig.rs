//! Digging: clearing orbits of givens while the puzzle stays unique, in passes
//! with a growing node budget per check ([`dig`]), and the final check
//! ([`confirm_unique`]). Both [`crate::classic`] and [`crate::minimize`]
//! dig this way.

use crate::meter::Meter;
use sudoku::Grid;
use sudoku_solve::{SolveError, SudokuSolver, Verdict};

/// What a removal pass did.
pub(crate) struct Pass {
    /// Givens left.
    pub(crate) givens: usize,
    /// Checks stopped by the node limit (their givens stayed).
    pub(crate) undecided: usize,
    /// Whether every orbit was tried (false when the pass stopped at a target).
    pub(crate) complete: bool,
}

/// Search nodes allowed per uniqueness check in the first pass of [`dig`];
/// each later pass allows [`GROWTH`] times more. Measured on 9x9, 16x16 and
/// 25x25 (45% givens): 32 is about best for all three; 128 makes 25x25 three
/// times slower, and with no limit 25x25 checks explode near 50% givens.
/// (Measured before lookahead, whose probes count as nodes; with it, the
/// 25x25 example with 281 givens took 0.70 s CPU instead of 0.77 s.)
pub(crate) const QUICK_NODES: u64 = 32;

/// How much the node budget per check grows from one pass of [`dig`] to the
/// next.
const GROWTH: u64 = 32;

/// Clears the orbits of givens in the order given while the puzzle stays
/// unique, and stops once at most `stop_at` givens are left.
///
/// The orbits are visited in passes with a growing node budget per check:
/// [`QUICK_NODES`] at first, so that the orbits whose removal propagation
/// and a little search settle go first, quickly however large the grid, and
/// the puzzle stays easy to check for as long as possible. A check that
/// finds a second solution refuses its orbit for good (removing givens only
/// adds solutions); a check stopped by the budget leaves its orbit for the
/// next pass. The passes end when every orbit is decided, or after a pass
/// with the budget `node_limit` per check (the budget stops growing there).
/// As the budget grows geometrically, the passes before the last cost a
/// small fraction of it. The `meter` stops everything with
/// [`SolveError::GaveUp`] when the caller's limits are reached.
pub(crate) fn dig(
    solver: &mut SudokuSolver,
    cells: &mut [u16],
    solution: &[u16],
    orbits: Vec<&[usize]>,
    node_limit: Option<u64>,
    stop_at: Option<usize>,
    meter: &mut Meter,
) -> Result<Pass, SolveError> {
    let mut refused = vec![false; orbits.len()];
    let mut budget = QUICK_NODES;
    loop {
        let last = node_limit.is_some_and(|max| max <= budget);
        let within = match last {
            true => node_limit,
            false => Some(budget),
        };
        let pass = remove_pass(
            solver,
            cells,
            solution,
            &orbits,
            within,
            stop_at,
            &mut refused,
            meter,
        )?;
        if last || !pass.complete || pass.undecided == 0 {
            return Ok(pass);
        }
        budget = budget.saturating_mul(GROWTH);
    }
}

/// One pass of [`dig`], with `budget` nodes per check.
#[allow(clippy::too_many_arguments)]
fn remove_pass(
    solver: &mut SudokuSolver,
    cells: &mut [u16],
    solution: &[u16],
    orbits: &[&[usize]],
    budget: Option<u64>,
    stop_at: Option<usize>,
    refused: &mut [bool],
    meter: &mut Meter,
) -> Result<Pass, SolveError> {
    let shape = solver.shape();
    let mut pass = Pass {
        givens: cells.iter().filter(|&&v| v != 0).count(),
        undecided: 0,
        complete: true,
    };
    let mut grid = Grid::from_values(shape, cells.to_vec()).expect("a valid grid");
    let n = shape.side() as usize;
    let mut cleared = Vec::with_capacity(4);
    for (k, orbit) in orbits.iter().enumerate() {
        if stop_at.is_some_and(|k| pass.givens <= k) {
            pass.complete = false;
            break;
        }
        if refused[k] {
            continue;
        }
        meter.check()?;
        cleared.clear();
        cleared.extend(orbit.iter().copied().filter(|&i| cells[i] != 0));
        if cleared.is_empty() {
            continue;
        }
        for &i in &cleared {
            grid.set(i / n, i % n, None);
        }
        let unique = match check_removal(solver, &mut grid, &cleared, solution, budget, meter)? {
            Removal::Unique => true,
            Removal::Unknown => {
                pass.undecided += 1;
                false
            }
            Removal::Multiple => {
                refused[k] = true;
                false
            }
        };
        if unique {
            for &i in &cleared {
                cells[i] = 0;
            }
            pass.givens -= cleared.len();
        } else {
            for &i in &cleared {
                grid.set(i / n, i % n, Some(cells[i]));
            }
        }
    }
    Ok(pass)
}

/// What clearing an orbit does to a unique puzzle.
enum Removal {
    /// The puzzle stays unique.
    Unique,
    /// A second solution appears.
    Multiple,
    /// A limit stopped the check.
    Unknown,
}

/// Whether `grid`, a puzzle with the one solution `solution` whose cells
/// `cleared` were just cleared, still has only that solution. Any other
/// solution differs from it in a cleared cell (otherwise it would solve the
/// puzzle before the clearing), so the check looks for a solution whose
/// first such difference is at each cleared cell in turn, with each other
/// candidate value there: a search that skips the known solution's part of
/// the tree. `budget` bounds the nodes of all these searches together; a
/// search stopped by the caller's limits (the `meter`) fails the whole
/// check with [`SolveError::GaveUp`].
fn check_removal(
    solver: &mut SudokuSolver,
    grid: &mut Grid,
    cleared: &[usize],
    solution: &[u16],
    budget: Option<u64>,
    meter: &mut Meter,
) -> Result<Removal, SolveError> {
    let n = grid.side();
    let mut used = 0u64;
    let mut decision = Removal::Unique;
    'cells: for (k, &i) in cleared.iter().enumerate() {
        let (r, c) = (i / n, i % n);
        for w in grid.candidates(r, c) {
            if w == solution[i] {
                continue;
            }
            let mut left = None;
            if let Some(max) = budget {
                if used >= max {
                    decision = Removal::Unknown;
                    break 'cells;
                }
                left = Some(max - used);
            }
            grid.set(r, c, Some(w));
            let (found, stats) = solver.solve_one(grid, &meter.within(left));
            grid.set(r, c, None);
            used += stats.nodes;
            meter.charge(stats.nodes);
            match found {
                Ok(_) => {
                    decision = Removal::Multiple;
                    break 'cells;
                }
                Err(SolveError::GaveUp(_)) => {
                    if let Err(stopped) = meter.check() {
                        for &i in cleared {
                            grid.set(i / n, i % n, None);
                        }
                        return Err(stopped);
                    }
                    decision = Removal::Unknown;
                    break 'cells;
                }
                Err(_) => {}
            }
        }
        // Later cells: the first difference is past this one.
        if k + 1 < cleared.len() {
            grid.set(r, c, Some(solution[i]));
        }
    }
    for &i in cleared {
        grid.set(i / n, i % n, None);
    }
    Ok(decision)
}

/// The final check: exactly one solution, and it is `solution`.
pub(crate) fn confirm_unique(
    solver: &mut SudokuSolver,
    puzzle: &Grid,
    solution: &Grid,
    meter: &mut Meter,
) -> Result<(), SolveError> {
    let (verdict, stats) = solver.check_unique(puzzle, &meter.within(None));
    meter.charge(stats.nodes);
    match verdict {
        Verdict::Unique(found) if &found == solution => Ok(()),
        Verdict::Unique(_) | Verdict::Multiple(..) => Err(SolveError::NotUnique),
        Verdict::Unsolvable => Err(SolveError::Unsolvable),
        Verdict::Invalid(conflict) => Err(SolveError::Invalid(conflict)),
        Verdict::Unknown(why) => Err(SolveError::GaveUp(why)),
    }
}
