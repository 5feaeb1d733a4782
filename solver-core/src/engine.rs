//! The one engine front: every search method of the workspace answers
//! through the [`Engine`] trait.
//!
//! An engine is one thread's search state (its *scratch*) over a problem
//! prepared once and shared between threads (a [`Matrix`](crate::Matrix), a
//! Sudoku shape's tables, a constraint model). It runs under the one meter,
//! [`Limits`] (solutions, nodes, deadline, cancellation), reports each
//! solution to a visitor that may stop the search, and returns an
//! [`Outcome`] (statistics, and why it stopped early if it did). Planners
//! (the `sudoku` crate's, the constraint model's) choose an engine and name
//! it by [`Engine::name`]; the commands print that name in `--stats`, in
//! JSON records and under `--explain`.
//!
//! This crate's engines: Dancing Links ([`Solver`], `"dlx"`, or `"cells"`
//! when its plan set it to count on Dancing Cells:
//! [`Solver::set_counter`]) and clause learning ([`Learner`], `"cdcl"`),
//! both starting from forced options.
//!
//! ```
//! use std::ops::ControlFlow;
//! use solver_core::{knuth, Engine, Limits, OptionId};
//! use solver_core::cdcl::Learner;
//!
//! let matrix = knuth::parse("A B C\nA B\nC\nA\nB C\n")?;
//! let mut engines: Vec<Box<dyn Engine<Start = [OptionId], Solution = [OptionId]>>> =
//!     vec![Box::new(matrix.solver()), Box::new(Learner::from_matrix(&matrix).unwrap())];
//! for engine in &mut engines {
//!     // Two solutions: {A B, C} and {A, B C}; with "A" forced, one.
//!     let all = engine.run(&[], &Limits::none(), false, &mut |_| ControlFlow::Continue(()))?;
//!     assert_eq!(all.stats.solutions, 2, "{}", engine.name());
//!     let mut seen = Vec::new();
//!     let forced = [OptionId::new(2)];
//!     engine.run(&forced, &Limits::none(), true, &mut |options| {
//!         seen.push(options.len());
//!         ControlFlow::Continue(())
//!     })?;
//!     assert_eq!(seen, [2], "{}", engine.name());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use crate::cdcl::Learner;
use crate::limits::{Limits, Outcome};
use crate::{Counter, OptionId, Solver};

/// A search engine: one thread's state over a shared problem.
pub trait Engine: Send {
    /// Where a search starts: the options forced in a matrix, the givens
    /// of a puzzle.
    type Start: ?Sized;
    /// How a solution is reported: the options chosen, a value per cell.
    type Solution: ?Sized;

    /// The engine's short name (`dlx`, `cdcl`, `band9`, ...), as planners,
    /// statistics and JSON records give it.
    fn name(&self) -> &'static str;

    /// Searches the completions of `start` within `limits`. With `record`,
    /// `visit` sees each solution and may stop the search
    /// ([`ControlFlow::Break`], reported as [`Incomplete::Stopped`](crate::Incomplete::Stopped));
    /// without it the engine only counts (`visit` may not be called, and
    /// engines that count without building solutions do). The engine is
    /// ready for another search afterwards, whatever happened.
    ///
    /// # Errors
    /// [`Contradiction`] when `start` cannot be extended at all (forced
    /// options that clash, or that do not exist): no search ran. An engine
    /// that finds the clash by propagation (`cdcl`) may instead report a
    /// search without solutions.
    fn run(
        &mut self,
        start: &Self::Start,
        limits: &Limits,
        record: bool,
        visit: &mut dyn FnMut(&Self::Solution) -> ControlFlow<()>,
    ) -> Result<Outcome, Contradiction>;

    /// Breaks ties at random from `seed` (`None`: deterministic). Engines
    /// without a random choice ignore it.
    fn set_seed(&mut self, seed: Option<u64>) {
        let _ = seed;
    }
}

/// The start of a search clashes with itself: no solution extends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the start of the search is contradictory")]
pub struct Contradiction;

impl Engine for Solver {
    type Start = [OptionId];
    type Solution = [OptionId];

    /// `"cells"` when its counts run on Dancing Cells (the counter its plan
    /// set, without a seed or progress reports), else `"dlx"`.
    fn name(&self) -> &'static str {
        if self.counter == Counter::Cells && self.rng == 0 && self.progress.is_none() {
            Counter::Cells.name()
        } else {
            Counter::Links.name()
        }
    }

    fn run(
        &mut self,
        start: &[OptionId],
        limits: &Limits,
        record: bool,
        visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Result<Outcome, Contradiction> {
        for &option in start {
            if self.force(option).is_err() {
                self.release_all();
                return Err(Contradiction);
            }
        }
        let outcome = if record {
            self.for_each_solution(limits, visit)
        } else {
            self.count(limits).outcome
        };
        self.release_all();
        Ok(outcome)
    }

    fn set_seed(&mut self, seed: Option<u64>) {
        Solver::set_seed(self, seed);
    }
}

impl Engine for Learner {
    type Start = [OptionId];
    type Solution = [OptionId];

    fn name(&self) -> &'static str {
        "cdcl"
    }

    fn run(
        &mut self,
        start: &[OptionId],
        limits: &Limits,
        record: bool,
        visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Result<Outcome, Contradiction> {
        let Some(forced) = start
            .iter()
            .map(|o| {
                u32::try_from(o.index())
                    .ok()
                    .filter(|&o| (o as usize) < self.options())
            })
            .collect::<Option<Vec<u32>>>()
        else {
            return Err(Contradiction);
        };
        let mut chosen = Vec::new();
        Ok(self.search_forcing(&forced, limits, |options| {
            if !record {
                return ControlFlow::Continue(());
            }
            chosen.clear();
            chosen.extend(options.iter().map(|&o| OptionId::new(o as usize)));
            visit(&chosen)
        }))
    }
}
