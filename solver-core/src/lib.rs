//! A Dancing Links exact-cover engine: Knuth's Algorithm X with primary and
//! secondary items and colours (Algorithm C, as in his DLX2), with limits,
//! cancellation, statistics and parallel search.
//!
//! # Contents
//! - [`ProblemBuilder`] declares items and options and builds a [`Matrix`],
//!   immutable and shareable between threads.
//! - [`Solver`] is the mutable search state, one per thread, cheap to reuse;
//!   options can be [forced](Solver::force) before a search and released after.
//! - Searches: [`Solver::first_solution`], [`Solver::solutions`] (a lazy,
//!   resumable iterator), [`Solver::count`], [`Solver::for_each_solution`], and
//!   in parallel [`Matrix::par_count`] and [`Matrix::par_for_each_solution`].
//! - [`Limits`] (solutions, nodes, deadline, cancellation flag): a search that
//!   stops early says why ([`Incomplete`]); it never passes off a partial count
//!   as the answer.
//! - [`Engine`]: the one front every search method of the workspace
//!   answers through (name, run under [`Limits`], report solutions).
//! - [`cdcl`] searches the same problems (without colours) by clause
//!   learning: the engine for single hard instances rather than counts.
//! - [`parallel`] is the one parallel layer of the workspace: any start
//!   state that lists its branches ([`parallel::Splittable`]) cut into
//!   disjoint parts, and the parts run on every thread under one meter
//!   ([`parallel::run_parts`]).
//! - `cubes` splits a search into parts to count on many machines (cube
//!   and conquer; its records are JSON Lines: with the `serde` feature) and
//!   adds up their counts.
//! - [`whole`] runs a whole search of a matrix (counted or enumerated, one
//!   thread or many, any engine over options), each solution checked by
//!   [`Matrix::check_solution`] before it is handed over ([`Faulty`] if not).
//! - [`rng`] is the one random generator (SplitMix64) of every seeded
//!   path.
//! - [`zdd`] counts by memo (Knuth's Algorithm Z): a diagram of every
//!   solution, exact counts of any size ([`BigCount`]), uniform samples.
//! - [`knuth`] reads and writes Knuth's text format; [`problems`] holds
//!   classic problems with known counts.
//!
//! # Example
//!
//! Knuth's example from "Dancing Links": seven items, six options, one
//! solution.
//!
//! ```
//! use solver_core::{knuth, Found, Limits};
//!
//! let matrix = knuth::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let mut solver = matrix.solver();
//! let (found, _stats) = solver.first_solution(&Limits::none());
//! let Found::Solution(options) = found else { panic!("no solution") };
//! let mut rows: Vec<String> = options.iter().map(|&o| matrix.option_text(o)).collect();
//! rows.sort();
//! assert_eq!(rows, ["A D", "B G", "C E F"]);
//! assert_eq!(solver.count(&Limits::none()).solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Should I use this crate?
//! Use it for any exact-cover problem (with or without colours) when you want
//! exact counts, limits that hold, and the same engine from one thread or
//! many. The search is Knuth's, with the "fewest options first" rule; it does
//! no special-purpose propagation beyond what exact cover gives.
#![deny(missing_docs)]

mod bigcount;
mod builder;
pub mod cdcl;
mod cells;
mod counter;
#[cfg(feature = "serde")]
pub mod cubes;
mod engine;
mod error;
mod ids;
pub mod knuth;
mod limits;
mod matrix;
pub mod parallel;
pub mod problems;
pub mod rng;
mod search;
mod solver;
mod verdict;
mod verify;
pub mod whole;
pub mod zdd;

pub use bigcount::BigCount;
pub use builder::{Entry, ProblemBuilder};
pub use counter::Counter;
pub use engine::{Contradiction, Engine};
pub use error::{BuildError, ForceError};
pub use ids::{Color, ItemId, OptionId};
pub use limits::{
    Count, Found, Incomplete, Limits, Outcome, Progress, ProgressHook, SearchMemo, Stats,
    CHECK_EVERY,
};
pub use matrix::Matrix;
pub use search::Solutions;
pub use solver::Solver;
pub use verdict::Verdict;
pub use verify::{Faulty, SolutionError};
