//! Which search counts a matrix's solutions: Dancing Links, or Dancing
//! Cells (the same exact cover on sparse sets, `cells.rs`), chosen by the
//! caller's plan (`cover_model::plan`: for Knuth's format, grids and
//! models alike) and named in what it reports, never switched to behind
//! its back: [`Solver::count`](crate::Solver::count) and
//! [`Matrix::par_count`] count by links unless told otherwise.

use crate::cells;
use crate::Matrix;

/// The search that counts: [`Solver::count_with`](crate::Solver::count_with),
/// [`Matrix::par_count_with`], [`whole::Search`](crate::whole::Search).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Counter {
    /// Knuth's Dancing Links (Algorithm C): any problem, with a seed's
    /// tie-breaks and progress reports.
    #[default]
    Links,
    /// Dancing Cells on sparse sets: counts faster; only for a matrix that
    /// [fits](Matrix::cells_fit), without a seed or progress reports (it
    /// takes neither).
    Cells,
}

impl Counter {
    /// The engine's name as the planner gives it: `dlx` or `cells`.
    pub fn name(self) -> &'static str {
        match self {
            Counter::Links => "dlx",
            Counter::Cells => "cells",
        }
    }
}

impl Matrix {
    /// Whether Dancing Cells can count this matrix, and so every subproblem
    /// of it (a subproblem has the same nodes and no more active items):
    /// within its node count and the bound on its size-saving stack, the
    /// second copy of the problem that the callers' memory budgets leave room
    /// for.
    pub fn cells_fit(&self) -> bool {
        cells::fits(self.nodes.len(), self.primary_count(), self.item_count())
    }
}
