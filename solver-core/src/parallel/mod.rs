//! The one parallel layer: a search cut into disjoint parts and the parts
//! searched on every thread, generic over an engine's start state.
//!
//! - [`Splittable`] (`split.rs`): a start state that lists its branches
//!   at the point the search would branch on, each the start restricted to
//!   one of them; [`split`] cuts it breadth first into at least
//!   [`SplitGoal::parts`] disjoint parts that together hold every solution.
//! - [`run_parts`] (`parts.rs`): the parts counted (or enumerated) on every
//!   thread of the current rayon pool, each by the worker's own engine;
//!   statistics summed (solutions in `u128`), the first limit reached or
//!   the first error stops every thread, the caller's cancellation flag is
//!   honoured.
//! - [`Meter`] (`meter.rs`): what the workers share (the stop flag, the
//!   first reason, the node and solution budgets).
//! - [`assignments_in_order`] (`in_order.rs`): the plainest split, values
//!   of variables in a fixed order (the JSON model on Dancing Links, the
//!   FlatZinc solver's parallel enumeration).
//! - [`SearchTree`] (`tree.rs`): a start state walked one step at a time
//!   (what a node is, down one branch, back up), for Knuth's random-probe
#![cfg_attr(
    feature = "serde",
    doc = "  estimate and the cube splitter ([`crate::cubes::split_tree`])."
)]
#![cfg_attr(
    not(feature = "serde"),
    doc = "  estimate and the cube splitter (`cubes`, with the `serde` feature)."
)]
//!
//! The users are thin: Dancing Links and Cells on a [`Matrix`](crate::Matrix)
//! (`links.rs`: [`Matrix::par_count`](crate::Matrix::par_count),
//! [`Matrix::par_for_each_solution`](crate::Matrix::par_for_each_solution)),
//! a Sudoku grid's cells (`sudoku-solve`), the propagation engine's
//! partial assignments (`cover-model`).
//!
//! ```
//! use solver_core::parallel::{run_parts, split, Branching, PartsRun, SplitGoal, Splittable};
//! use solver_core::{Limits, Outcome, Stats};
//!
//! /// The subsets of {0..n}: a part is the choices made so far.
//! struct Subsets(usize);
//! impl Splittable for Subsets {
//!     type Part = Vec<bool>;
//!     fn branch(&mut self, part: &Vec<bool>, children: &mut Vec<Vec<bool>>) -> Branching {
//!         if part.len() == self.0 {
//!             return Branching::Leaf;
//!         }
//!         for take in [false, true] {
//!             children.push([part.as_slice(), &[take]].concat());
//!         }
//!         Branching::Split
//!     }
//! }
//!
//! let parts = split(&mut Subsets(10), Vec::new(), &SplitGoal::levels(16, 8), &Limits::none());
//! assert_eq!(parts.parts.len(), 16);
//! let limits = Limits::none();
//! let counted = run_parts(&parts.parts, &PartsRun::new(&limits), || (), |(), part, _, _| {
//!     // Each part of depth d holds 2^(10-d) subsets.
//!     let solutions = 1u128 << (10 - part.len());
//!     Ok::<_, std::convert::Infallible>(Outcome {
//!         stats: Stats { solutions, ..Stats::default() },
//!         incomplete: None,
//!     })
//! })?;
//! assert_eq!(counted.stats.solutions, 1024);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod in_order;
mod links;
mod meter;
mod parts;
mod split;
mod tree;

pub use in_order::assignments_in_order;
pub use meter::Meter;
pub use parts::{run_parts, PartsRun};
pub use split::{split, Branching, Split, SplitGoal, SplitOrder, Splittable};
pub use tree::{Node, SearchTree};
