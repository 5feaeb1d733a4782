//! A constraint model above the exact-cover engine: state a problem as
//! variables with finite domains and constraints on them, and solve it with
//! [`solver_core`]'s Dancing Links (Knuth's Algorithm C), with all its
//! facilities: one solution, counts up to a limit, a uniqueness verdict,
//! limits and cancellation, parallel counting and statistics.
//!
//! # Contents
//! - [`Model`]: declare [variables](Model::var) with their domains, then
//!   constraints on them:
//!   - [`exactly_once`](Model::exactly_once): a group (a *region*) in which
//!     every value of its members' domains is taken by exactly one member (a
//!     permutation when there are as many members as values);
//!   - [`at_most_once`](Model::at_most_once): no value repeats in the group;
//!   - [`fix`](Model::fix): a variable's value is given;
//!   - [`sum_cage`](Model::sum_cage): a *cage* whose members take different
//!     values adding up to a total (as in killer Sudoku).
//! - [`Model::compile`] gives a [`Compiled`] model: its exact-cover
//!   [`Matrix`](solver_core::Matrix), immutable and shared between threads.
//! - [`ModelSolver`] (one per thread, [`Compiled::solver`]) finds
//!   [`Solution`]s, counts them, gives a [`Verdict`], and takes per-search
//!   assumptions (values given for one search only).
//!
//! # How a model becomes exact cover
//! Every variable is a primary item (it takes exactly one value), and every
//! pair (variable, value of its domain) is an option. An exactly-once group
//! adds one primary item per value, an at-most-once group one secondary item
//! per value, both covered by the options of its members with that value. A
//! sum cage adds a primary item covered by one option per admissible
//! *combination* (a set of different values with the right total), and per
//! value a secondary item that each combination colours `in` or `out`: a
//! member may take value `v` only when the chosen combination colours `v`
//! `in`. With one more secondary item per value to keep the members
//! different, the members take exactly the values of one combination.
//!
//! # Example
//!
//! A newcomer's own puzzle: three friends (Ann, Bob and Cy) sit on chairs 1
//! to 3, one per chair; Ann does not sit on chair 1; Bob's and Cy's chair
//! numbers add up to 3.
//!
//! ```
//! use cover_model::{Model, Verdict};
//! use solver_core::Limits;
//!
//! let mut model = Model::new();
//! let ann = model.var("Ann", 2..=3)?;
//! let bob = model.var("Bob", 1..=3)?;
//! let cy = model.var("Cy", 1..=3)?;
//! model.exactly_once("chairs", &[ann, bob, cy])?;
//! model.sum_cage("Bob and Cy", &[bob, cy], 3)?;
//!
//! let compiled = model.compile()?;
//! let mut solver = compiled.solver();
//! // Bob and Cy take chairs 1 and 2 in either order: two solutions.
//! assert_eq!(solver.count(&Limits::none()).solutions, 2);
//! assert!(matches!(solver.verdict(&Limits::none()).0, Verdict::Multiple(..)));
//!
//! // Tell the solver that Bob sits on chair 2: then the answer is unique.
//! solver.assume(bob, 2)?;
//! let (verdict, _stats) = solver.verdict(&Limits::none());
//! let Verdict::Unique(solution) = verdict else { panic!("{verdict:?}") };
//! assert_eq!((solution[ann], solution[bob], solution[cy]), (3, 2, 1));
//! assert_eq!(solution.to_string(), "Ann=3 Bob=2 Cy=1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Should I use this crate?
//! Use it when a problem is naturally "choose one value per variable" under
//! all-different, exactly-once and distinct-sum constraints (Latin squares,
//! Sudoku and its variants, assignment puzzles) and you want exact counts and
//! limits that hold. It is not a general constraint solver: there are no
//! arbitrary arithmetic constraints, and a sum cage lists its combinations,
//! so cages should stay small (a cage of k members over d values has at most
//! `C(d, k)` combinations).
#![deny(missing_docs)]

mod compile;
mod constraints;
mod cube;
mod engine;
mod error;
mod fd;
mod model;
mod solve;

pub use compile::Compiled;
pub use constraints::{Rel, Sense, MAX_TUPLES};
pub use cube::Cube;
pub use engine::ModelEngine;
pub use error::ModelError;
pub use fd::search::Branching;
pub use model::{Model, Value, Var, MAX_LISTED};
pub use solve::{ModelSolver, Optimum, Solution, Verdict};

#[cfg(test)]
mod tests;
