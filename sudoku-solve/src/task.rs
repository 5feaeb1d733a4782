//! What is asked of a grid: the task ([`Task`]: solve, count, check,
//! minimize, rate, ...) and the engine asked for ([`Engine`]: the planner's
//! choice, or the bit-parallel family, or Dancing Links), and how the one
//! planner tells them apart ([`Task::job`], [`Engine::asked`]). The answer,
//! the plan and the engines all take them from here; this module imports
//! none of them.

use cover_model::plan::{Asked, Job};

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

/// The engine asked for; [`crate::plan()`] turns it into the engine that runs
/// ([`EngineName`](crate::EngineName)). Every engine gives the same
/// verdicts and counts; where a puzzle has several solutions, different
/// engines may print different ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The planner's choice: a bit-parallel engine where one applies,
    /// Dancing Links otherwise.
    #[default]
    Auto,
    /// The bit-parallel family: the matrix as one bit board per value, with
    /// singles and locked candidates as propagation (`bits`, classic grids
    /// up to 128x128, with clause learning from 36x36 for one solution or
    /// uniqueness: `cdcl`); on 9x9 grids a specialist that holds each
    /// value's band (three rows of boxes) in one 32-bit word (`band9`); for
    /// variants up to 128 cells, `units`. Refused where none applies
    /// ([`ShapeError::Engine`](sudoku::ShapeError::Engine)), never replaced by Dancing Links.
    Bits,
    /// Knuth's Dancing Links ([`solver_core`]), the reference engine, for any
    /// rules and any size the memory budget allows.
    Dlx,
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

impl Engine {
    /// The engine as the planner's user choice.
    pub fn asked(self) -> Asked {
        match self {
            Engine::Auto => Asked::Auto,
            Engine::Bits => Asked::Bits,
            Engine::Dlx => Asked::Dlx,
        }
    }
}
