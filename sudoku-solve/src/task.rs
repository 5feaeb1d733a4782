//! What is asked of a grid: the task ([`Task`]: solve, count, check,
//! minimize, rate, ...) and how the one planner tells tasks apart
//! ([`Task::job`]); the engine asked for is the planner's own [`Asked`]
//! (on a grid: `auto`, `bits` or `dlx`; the others are refused). The
//! answer, the plan and the engines all take them from here; this module
//! imports none of them.

pub use cover_model::plan::Asked;
use cover_model::plan::Job;

use crate::symmetry::Symmetry;

/// What is asked of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// One solution.
    Solve,
    /// The number of solutions, up to `limit`.
    Count {
        /// Stop at this many solutions (the count is then a lower bound).
        limit: Option<u128>,
    },
    /// Unique, multiple, unsolvable or invalid.
    Check,
    /// Givens removed while the solution stays unique.
    Minimize {
        /// The order in which givens are tried.
        seed: u64,
        /// Givens are removed an orbit at a time.
        symmetry: Symmetry,
    },
    /// The search effort of a blind search ([`crate::rate`]).
    Rate {
        /// Tie-break seeds averaged over.
        seeds: u32,
    },
    /// Sudoku Explainer's ratings (ER/EP/ED) from a logical solver, passed
    /// in as a [`crate::LogicRater`] (see `sudoku_batch::Batch::logic`).
    RateLogic,
    /// True candidates: per cell, the values of some solution
    /// ([`crate::setter::true_candidates`]).
    Candidates,
    /// The placements of one more given that leave exactly one solution
    /// ([`crate::setter::unique_makers`]).
    UniqueMakers,
    /// Every solution, one at a time ([`SolveGrid::solutions`](crate::SolveGrid::solutions)).
    Enumerate,
    /// The completions split into cubes ([`crate::cubes`]).
    Split,
}

impl Task {
    /// The task as the planner tells tasks apart.
    pub fn job(&self) -> Job {
        match self {
            Task::Solve => Job::Solve,
            Task::Count { .. } => Job::Count,
            Task::Check => Job::Check,
            Task::Minimize { .. } => Job::Minimize,
            Task::Rate { .. } => Job::Rate,
            // The search proves the puzzle unique before the logic rates it.
            Task::RateLogic => Job::Check,
            Task::Candidates | Task::UniqueMakers => Job::Candidates,
            Task::Enumerate => Job::Enumerate,
            Task::Split => Job::Split,
        }
    }
}
