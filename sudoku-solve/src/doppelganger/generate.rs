//! Making doppelganger puzzles: unique and, as far as a node budget lets
//! us prove it, minimal (no given can go and leave one solution), from a
//! seed.
//!
//! 1. A random grid of the rule: the generator's own search on candidate
//!    masks ([`MaskSearch`](super::masks)) on the empty grid, its values
//!    tried in a random order, under a node budget per try
//!    ([`FILL_NODES`]; a try that runs out starts again with the next
//!    random numbers).
//! 2. Every cell of that grid given, then the givens taken away in a random
//!    order, each removal kept when the same search proves the puzzle
//!    without it unique within [`DIG_NODES`] nodes. A removal that leaves
//!    two solutions is undone; one that the budget cannot decide is undone
//!    too, and the puzzle is then not called minimal
//!    ([`DoppelGenerated::minimal`]). A given that had to stay with more
//!    givens around has to stay with fewer, so one pass leaves a minimal
//!    puzzle when every removal was decided.
//!
//! The grid is checked by the rule as its text says it
//! ([`sudoku::doppelganger::check`]), and so is every grid the search
//! finds. The search is not the engines of [`answer`](super::answer): the
//! callers that print a puzzle prove it unique again on those
//! (`sudoku_generate::Maker`).

use solver_core::{Incomplete, Limits};
use sudoku::doppelganger::{check, DoppelGrid};
use sudoku::Shape;

use super::masks::MaskSearch;
use super::{within, DoppelSolveError};

/// Nodes a try at the random grid gets before it starts again.
pub const FILL_NODES: u64 = 20_000;

/// Tries at the random grid before the generator gives up.
const FILL_TRIES: u32 = 100;

/// Nodes each removal's uniqueness proof gets while digging.
pub const DIG_NODES: u64 = 20_000;

/// A puzzle made by [`generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoppelGenerated {
    /// The puzzle: one solution.
    pub puzzle: DoppelGrid,
    /// Its solution.
    pub solution: DoppelGrid,
    /// Whether every removal was decided within [`DIG_NODES`], so that no
    /// given can go and leave one solution; false when some given stayed
    /// because its removal's proof ran out of nodes.
    pub minimal: bool,
}

/// Why a puzzle was not made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DoppelGenerateError {
    /// A side the generator does not make (4x4 to 16x16).
    #[error("doppelganger puzzles are generated from 4x4 to 16x16, not {side}x{side}")]
    Side {
        /// The side asked for.
        side: u32,
    },
    /// A limit stopped the work.
    #[error("doppelganger generation stopped: {0}")]
    Stopped(Incomplete),
    /// The search failed.
    #[error(transparent)]
    Solve(#[from] DoppelSolveError),
}

/// SplitMix64 ([`solver_core::rng`]): a small generator, the same on every
/// machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        solver_core::rng::splitmix64(&mut self.0)
    }

    /// A number below `n` (n > 0; the tiny bias of `%` does not matter
    /// here).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A unique doppelganger puzzle of `shape` from `seed` (the same seed
/// gives the same puzzle), minimal unless [`DoppelGenerated::minimal`]
/// says otherwise, within `limits` (the clock and the cancel flag; a node
/// limit of the caller's caps each removal's budget, [`DIG_NODES`]).
///
/// # Errors
/// [`DoppelGenerateError`]: a side outside 4..=16, a limit reached, a
/// grid that failed the rule's check.
pub fn generate(
    shape: Shape,
    seed: u64,
    limits: &Limits,
) -> Result<DoppelGenerated, DoppelGenerateError> {
    let side = shape.side();
    if !(4..=16).contains(&side) {
        return Err(DoppelGenerateError::Side { side });
    }
    let mut rng = Rng(seed);
    let empty = DoppelGrid::empty(shape);
    let search = MaskSearch::new(&empty).ok_or(DoppelGenerateError::Side { side })?;
    let solution = random_grid(&search, &empty, &mut rng, limits)?;
    check(&solution).map_err(|e| {
        DoppelSolveError::Internal(format!(
            "doppelganger: the random grid {solution} breaks the rule: {e}"
        ))
    })?;
    let (puzzle, minimal) = dig(&search, &solution, &mut rng, limits)?;
    Ok(DoppelGenerated {
        puzzle,
        solution,
        minimal,
    })
}

/// A random grid of the rule (step 1 of the module text).
fn random_grid(
    search: &MaskSearch,
    empty: &DoppelGrid,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<DoppelGrid, DoppelGenerateError> {
    let budget = Limits {
        max_nodes: Some(FILL_NODES),
        ..limits.clone()
    };
    for _ in 0..FILL_TRIES {
        let found = search
            .solve(empty, 1, &budget, Some(&mut |k: usize| rng.below(k)))
            .map_err(DoppelSolveError::Internal)?;
        match (found.solutions.into_iter().next(), found.incomplete) {
            (Some(grid), _) => return Ok(grid),
            (None, Some(Incomplete::NodeLimit)) => {}
            (None, Some(why)) => return Err(DoppelGenerateError::Stopped(why)),
            (None, None) => {
                return Err(DoppelSolveError::Internal(format!(
                    "doppelganger: the mask search found no {}x{} grid",
                    empty.shape().side(),
                    empty.shape().side()
                ))
                .into())
            }
        }
    }
    Err(DoppelGenerateError::Stopped(Incomplete::NodeLimit))
}

/// The solution's cells given, then taken away in a random order while
/// the search proves one solution (step 2 of the module text); the puzzle
/// and whether every removal was decided.
fn dig(
    search: &MaskSearch,
    solution: &DoppelGrid,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<(DoppelGrid, bool), DoppelGenerateError> {
    let n = solution.shape().side() as usize;
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    let budget = within(limits, DIG_NODES);
    let mut puzzle = solution.clone();
    let mut minimal = true;
    for &cell in &cells {
        let (r, c) = (cell / n, cell % n);
        let given = puzzle.get(r, c);
        puzzle.set(r, c, None);
        let found = search
            .solve(&puzzle, 2, &budget, None)
            .map_err(DoppelSolveError::Internal)?;
        match (found.solutions.as_slice(), found.incomplete) {
            ([one], None) if one == solution => {}
            ([_, _], _) => puzzle.set(r, c, given),
            ([] | [_], Some(Incomplete::NodeLimit)) => {
                puzzle.set(r, c, given);
                minimal = false;
            }
            (_, Some(why)) if why != Incomplete::SolutionLimit => {
                return Err(DoppelGenerateError::Stopped(why))
            }
            (found, _) => {
                return Err(DoppelSolveError::Internal(format!(
                    "doppelganger: {puzzle}, made from {solution}, has {} solution(s) by the mask search",
                    found.len()
                ))
                .into())
            }
        }
    }
    Ok((puzzle, minimal))
}
