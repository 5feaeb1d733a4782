//! What a `dlx` search found and did, as its JSON summary prints it
//! ([`Summary`]; [`ModelSummary`] adds a model's objective), how the search
//! ends for the exit status ([`Ending`]) and the note that ends a `solve`
//! printed as text.

use std::time::Instant;

use serde::Serialize;
use solver_core::{BigCount, Incomplete, Outcome};

/// What a search found and did, as a JSON record prints it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Summary {
    /// Solutions counted or handed over (a JSON string beyond 64 bits),
    /// exact at any size.
    pub(crate) solutions: BigCount,
    /// Whether the search ran to its end.
    pub(crate) complete: bool,
    /// Why it stopped early.
    pub(crate) incomplete: Option<Incomplete>,
    /// The engine that searched: `dlx`, `cdcl`, `propagation` ...
    pub(crate) engine: &'static str,
    /// Search-tree nodes.
    pub(crate) nodes: u64,
    /// Link updates (assignments for clause learning).
    pub(crate) updates: u64,
    /// Milliseconds since the search started.
    pub(crate) elapsed_ms: u64,
    /// Threads that searched.
    pub(crate) threads: usize,
}

impl Summary {
    /// The summary of a search started at `started` that ended with
    /// `outcome`, having found `solutions`.
    pub(crate) fn new(
        solutions: impl Into<BigCount>,
        outcome: &Outcome,
        engine: &'static str,
        started: Instant,
        threads: usize,
    ) -> Summary {
        Summary {
            solutions: solutions.into(),
            complete: outcome.incomplete.is_none(),
            incomplete: outcome.incomplete,
            engine,
            nodes: outcome.stats.nodes,
            updates: outcome.stats.updates,
            elapsed_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            threads,
        }
    }
}

/// How a search that printed its answer ends, for the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// The answer is complete (a solution limit reached is what was asked).
    Complete,
    /// A solve found no solution, and the search was complete.
    NoSolution,
    /// Another limit stopped the search: the answer is partial.
    Incomplete,
}

impl Summary {
    /// How the search ends; `solving`: it printed solutions (`solve`), so
    /// that none found is [`Ending::NoSolution`].
    pub(crate) fn ending(&self, solving: bool) -> Ending {
        match self.incomplete {
            None | Some(Incomplete::SolutionLimit) if solving && self.solutions.is_zero() => {
                Ending::NoSolution
            }
            None | Some(Incomplete::SolutionLimit) => Ending::Complete,
            Some(_) => Ending::Incomplete,
        }
    }

    /// The line that ends a `solve` printed as text, for stderr: `no
    /// solution`, or `incomplete: <why>; N solutions printed`; `None` when
    /// the solutions printed say it all.
    pub(crate) fn solve_note(&self) -> Option<String> {
        let n = &self.solutions;
        match (self.ending(true), self.incomplete) {
            (Ending::NoSolution, _) => Some("no solution".to_string()),
            (Ending::Incomplete, Some(why)) => Some(format!(
                "incomplete: {why}; {n} solution{} printed",
                if *n == 1 { "" } else { "s" }
            )),
            _ => None,
        }
    }
}

impl AsRef<Summary> for Summary {
    fn as_ref(&self) -> &Summary {
        self
    }
}

/// The summary of a model's search: [`Summary`], with the objective's value
/// and whether it is proved optimal when the model has one.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ModelSummary {
    /// The search's summary.
    #[serde(flatten)]
    pub(crate) summary: Summary,
    /// The best value of the objective found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) objective: Option<cover_model::Value>,
    /// Whether that value is proved optimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) optimal: Option<bool>,
}

impl AsRef<Summary> for ModelSummary {
    fn as_ref(&self) -> &Summary {
        &self.summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_numbers_become_strings() {
        let summary = |solutions: u128| Summary {
            solutions: solutions.into(),
            complete: true,
            incomplete: None,
            engine: "dlx",
            nodes: 0,
            updates: 0,
            elapsed_ms: 0,
            threads: 1,
        };
        let json = serde_json::to_value(summary(92)).unwrap();
        assert_eq!(json["solutions"], 92);
        let big = u128::from(u64::MAX) + 1;
        let json = serde_json::to_value(summary(big)).unwrap();
        assert_eq!(json["solutions"], "18446744073709551616");
    }

    #[test]
    fn endings_and_notes() {
        let summary = |solutions: u128, incomplete: Option<Incomplete>| Summary {
            solutions: solutions.into(),
            complete: incomplete.is_none(),
            incomplete,
            engine: "dlx",
            nodes: 0,
            updates: 0,
            elapsed_ms: 0,
            threads: 1,
        };
        assert_eq!(summary(0, None).ending(false), Ending::Complete);
        assert_eq!(summary(0, None).ending(true), Ending::NoSolution);
        let limit = Some(Incomplete::SolutionLimit);
        assert_eq!(summary(2, limit).ending(true), Ending::Complete);
        let nodes = Some(Incomplete::NodeLimit);
        assert_eq!(summary(5, nodes).ending(false), Ending::Incomplete);
        let deadline = Some(Incomplete::Deadline);
        assert_eq!(summary(0, deadline).ending(true), Ending::Incomplete);
        assert_eq!(summary(0, None).solve_note().unwrap(), "no solution");
        assert_eq!(summary(3, None).solve_note(), None);
        assert_eq!(summary(2, limit).solve_note(), None);
        let note = summary(1, deadline).solve_note().unwrap();
        assert_eq!(
            note,
            format!("incomplete: {}; 1 solution printed", Incomplete::Deadline)
        );
    }
}
