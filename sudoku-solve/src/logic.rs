//! The hook through which a logical solver rates puzzles in a batch run
//! (`sudoku rate` on Sudoku Explainer's scale). The solver lives in the
//! `sudoku-logic` crate, which depends on this one: the caller (the
//! command, the Python package) passes it in as a [`LogicRater`], and the
//! batch run calls it for [`crate::Task::RateLogic`] after the search has
//! proved the puzzle unique.

use std::fmt;

use solver_core::{Incomplete, Limits};

use sudoku::Grid;
use sudoku::Rules;

/// A puzzle's ratings on Sudoku Explainer's scale, in tenths (`71` is 7.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicRating {
    /// ER: the hardest step of the whole solve (200, i.e. 20.0, when the
    /// techniques do not finish the puzzle).
    pub er: u16,
    /// EP: the hardest step up to the first placement.
    pub ep: u16,
    /// ED: the hardest step up to the first elimination (the first step).
    pub ed: u16,
    /// The technique of the hardest step, if any step applied.
    pub hardest: Option<String>,
}

impl LogicRating {
    /// `ER/EP/ED` with one decimal each, as serate's `%r/%p/%d` prints them.
    pub fn text(&self) -> String {
        format!(
            "{}/{}/{}",
            tenths(self.er),
            tenths(self.ep),
            tenths(self.ed)
        )
    }
}

/// A rating in tenths as a number with one decimal: `7.1`.
pub fn tenths(t: u16) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// Why a logical rating gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogicError {
    /// A limit (time, steps, Ctrl-C) stopped the rating.
    Incomplete(Incomplete),
    /// The logical solver does not take this puzzle (its size, its rules).
    Refused(String),
}

/// A logical solver that rates one puzzle with one solution under its
/// rules, within the limits (polled between steps; `max_nodes` caps the
/// steps).
pub trait LogicRater: Send + Sync + fmt::Debug {
    /// The ratings of `puzzle` under `rules`.
    fn rate(
        &self,
        puzzle: &Grid,
        rules: &Rules,
        limits: &Limits,
    ) -> Result<LogicRating, LogicError>;
}
