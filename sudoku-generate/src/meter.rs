//! The caller's limits over a whole generation or minimisation, made of many
//! searches ([`Meter`]).

use solver_core::{Incomplete, Limits};

use sudoku_solve::SolveError;

/// The caller's limits over a whole generation or minimisation, made of
/// many searches: the deadline and the cancellation flag go down to each
/// search, and the node limit bounds the nodes of all of them together.
/// A search that gave up is asked [`Meter::check`]: when the caller's limits
/// stopped it, everything stops with [`SolveError::GaveUp`] (never a puzzle
/// made of checks that were cut short).
pub(crate) struct Meter<'a> {
    outer: &'a Limits,
    /// Nodes of the searches so far.
    used: u64,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(outer: &'a Limits) -> Meter<'a> {
        Meter { outer, used: 0 }
    }

    /// The limits of one search allowed `nodes` nodes of its own (`None`:
    /// no budget of its own): the caller's deadline and flag, and the
    /// smaller of `nodes` and what is left of the caller's node limit.
    pub(crate) fn within(&self, nodes: Option<u64>) -> Limits {
        let left = self
            .outer
            .max_nodes
            .map(|max| max.saturating_sub(self.used));
        Limits {
            max_solutions: None,
            max_nodes: match (nodes, left) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            deadline: self.outer.deadline,
            cancel: self.outer.cancel.clone(),
            max_memory: self.outer.max_memory,
        }
    }

    /// Counts the nodes of a search.
    pub(crate) fn charge(&mut self, nodes: u64) {
        self.used = self.used.saturating_add(nodes);
    }

    /// Fails with [`SolveError::GaveUp`] once a limit of the caller's is
    /// reached. Cheap (a flag and the clock): called between searches too,
    /// as short searches may end before they look.
    pub(crate) fn check(&self) -> Result<(), SolveError> {
        if let Some(why) = self.outer.interrupted() {
            return Err(SolveError::GaveUp(why));
        }
        match self.outer.max_nodes {
            Some(max) if self.used >= max => Err(SolveError::GaveUp(Incomplete::NodeLimit)),
            _ => Ok(()),
        }
    }
}
