//! The true candidates of a doppelganger puzzle: per cell, the values
//! (`0..=n`) some solution has there. One solution first, then one search
//! per (cell, value) that no solution found so far has, with that value
//! given; each solution found marks every cell's value. Every solution
//! passes the checks of [`answer`](super::answer).

use solver_core::{Incomplete, Limits};
use sudoku::doppelganger::DoppelGrid;

use super::{answer, DoppelSolveError};
use crate::answer::{Answer, Task};
use crate::solve::Asked;

/// The true candidates of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoppelCandidates {
    /// Per cell (row by row) the values of some solution, ascending; all
    /// empty when the puzzle has no solution.
    pub cells: Vec<Vec<u16>>,
    /// Why the search stopped before the end (the lists are then partial:
    /// every value listed is a true candidate, some may be missing).
    pub incomplete: Option<Incomplete>,
}

impl DoppelCandidates {
    /// Whether the puzzle has no solution (and the search was complete).
    pub fn is_unsolvable(&self) -> bool {
        self.incomplete.is_none() && self.cells.iter().all(Vec::is_empty)
    }
}

/// The true candidates of `puzzle` under `limits` (each search on one
/// thread, on the engine the plan names).
///
/// # Errors
/// As [`answer`]; a solution that fails its checks is an error too
/// ([`DoppelSolveError::Internal`]), never a candidate.
pub fn true_candidates(
    puzzle: &DoppelGrid,
    limits: &Limits,
) -> Result<DoppelCandidates, DoppelSolveError> {
    let n = puzzle.shape().side() as usize;
    let mut seen = vec![vec![false; n + 1]; n * n];
    let mark = |grid: &DoppelGrid, seen: &mut Vec<Vec<bool>>| {
        for (i, v) in grid.cells().iter().enumerate() {
            if let Some(v) = v {
                seen[i][usize::from(*v)] = true;
            }
        }
    };
    let solve =
        |p: &DoppelGrid| -> Result<Result<Option<DoppelGrid>, Incomplete>, DoppelSolveError> {
            match answer(p, &Task::Solve, Asked::Auto, limits)?.answer {
                Answer::Solved(grid) => Ok(Ok(Some(grid))),
                Answer::Unsolvable => Ok(Ok(None)),
                Answer::Unknown(why) => Ok(Err(why)),
                Answer::Internal(why) => Err(DoppelSolveError::Internal(why)),
                other => Err(DoppelSolveError::Internal(format!(
                    "doppelganger: a solve answered {}",
                    other.status()
                ))),
            }
        };
    let done = |seen: Vec<Vec<bool>>, incomplete| DoppelCandidates {
        cells: seen
            .into_iter()
            .map(|values| {
                (0u16..)
                    .zip(values)
                    .filter_map(|(v, on)| on.then_some(v))
                    .collect()
            })
            .collect(),
        incomplete,
    };
    match solve(puzzle)? {
        Ok(Some(first)) => mark(&first, &mut seen),
        Ok(None) => return Ok(done(seen, None)),
        Err(why) => return Ok(done(seen, Some(why))),
    }
    for i in 0..n * n {
        if puzzle.cells()[i].is_some() {
            continue;
        }
        for v in 0..=n {
            if seen[i][v] {
                continue;
            }
            let mut placed = puzzle.clone();
            placed.set(i / n, i % n, Some(u16::try_from(v).unwrap_or(u16::MAX)));
            match solve(&placed)? {
                Ok(Some(found)) => mark(&found, &mut seen),
                Ok(None) => {}
                Err(why) => return Ok(done(seen, Some(why))),
            }
        }
    }
    Ok(done(seen, None))
}
