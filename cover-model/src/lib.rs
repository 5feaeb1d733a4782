//! A finite-domain constraint model with two engines: state a problem as
//! variables with finite domains and constraints on them; the planner in
//! [`Model::compile`] sends pure exact-cover models to [`solver_core`]'s
//! Dancing Links (Knuth's Algorithm C) and everything else to a propagation
//! engine. Both give every task: one solution, counts up to a limit (u128),
//! a uniqueness verdict, enumeration, limits and cancellation, parallel
//! counting over disjoint subtrees, cubes, statistics; the propagation
//! engine also minimises or maximises by branch and bound.
//!
//! # Contents
//! - [`Model`]: declare variables ([`var`](Model::var) with listed values,
//!   [`int_var`](Model::int_var) by bounds, [`bool_var`](Model::bool_var),
//!   [`constant`](Model::constant)), then constraints on them:
//!   - exact cover: [`exactly_once`](Model::exactly_once) (a *region* in
//!     which every value of its members' domains is taken by exactly one
//!     member), [`at_most_once`](Model::at_most_once) and
//!     [`all_different`](Model::all_different), [`fix`](Model::fix),
//!     [`sum_cage`](Model::sum_cage) (members take different values adding
//!     up to a total, as in killer Sudoku);
//!   - the rest: [`table`](Model::table) and [`forbidden`](Model::forbidden)
//!     tuples, [`linear`](Model::linear) (`sum(c * x) rel rhs` for every
//!     [`Rel`]), [`linear_reif`](Model::linear_reif) and
//!     [`linear_imp`](Model::linear_imp), [`clause`](Model::clause),
//!     [`element`](Model::element), [`element_values`](Model::element_values),
//!     [`count`](Model::count), [`global_cardinality`](Model::global_cardinality),
//!     [`times`](Model::times), [`div`](Model::div), [`modulo`](Model::modulo),
//!     [`abs`](Model::abs), [`min`](Model::min), [`max`](Model::max);
//!   - an objective: [`minimize`](Model::minimize) or
//!     [`maximize`](Model::maximize).
//! - [`Model::compile`] gives a [`Compiled`] model for the engine the
//!   planner picks ([`plan::EngineName`]: `dlx` or `propagation`;
//!   [`Model::compile_with`] asks for one, [`plan::Asked`]),
//!   immutable and shared between threads.
//! - [`ModelSolver`] (one per thread, [`Compiled::solver`]) finds
//!   [`Solution`]s, counts them, gives a [`Verdict`], takes per-search
//!   assumptions (values given for one search only), counts a [`Cube`] of
//!   [`Compiled::split`], and [optimizes](ModelSolver::optimize).
//! - [`whole::ModelSearch`] runs a model's whole search (counted on one
//!   thread or every thread, enumerated, or branch and bound), each
//!   solution checked by [`Model::check_solution`] before it is handed over.
#![cfg_attr(
    feature = "serde",
    doc = "- `json`: the JSON model ([`Model::from_json`], [`Model::to_json`]),"
)]
#![cfg_attr(feature = "serde", doc = "  with the `serde` feature (on by default).")]
#![cfg_attr(
    not(feature = "serde"),
    doc = "- `json`: the JSON model, with the `serde` feature (off in this build)."
)]
//!
//! # The propagation engine
//! Domains are bitsets over a variable's listed values (up to 65,536 of
//! them; [`int_var`](Model::int_var) lists up to [`MAX_LISTED`] values),
//! intervals beyond. Each constraint is a propagator woken by events (fixed,
//! bounds, domain) through a queue to a fixed point; a trail undoes changes
//! on backtracking. All-different removes a fixed member's value from the
//! others and prunes bounds by Hall intervals; tables keep generalised arc
//! consistency (compact-table); linear and arithmetic constraints keep
//! bounds consistency, except a sum with unit coefficients over members of
//! one all-different (small contiguous domains), which keeps domain
//! consistency with its members distinct; short sums implied by the
//! model's equalities are added as constraints of their own (a magic
//! square's corners add up to its lines' sum). The search branches `x = v` / `x != v` on the
//! smallest domain (ties: most constraints) or by dom/wdeg
//! ([`ModelSolver::set_branching`]), values ascending (random with
//! [`ModelSolver::set_seed`]). Statistics: `nodes` are branches taken,
//! `updates` are propagator runs.
//!
//! ```
//! use cover_model::{Model, Optimum, Rel, Verdict};
//! use solver_core::Limits;
//!
//! // SEND + MORE = MONEY.
//! let mut m = Model::new();
//! let l: Vec<_> = "SENDMORY".chars().map(|c| m.int_var(&c.to_string(), 0, 9)).collect::<Result<_, _>>()?;
//! let [s, e, n, d, mo, o, r, y] = l[..] else { unreachable!() };
//! m.all_different(&l)?;
//! m.linear(&[(1, s)], Rel::Ne, 0)?;
//! m.linear(&[(1, mo)], Rel::Ne, 0)?;
//! m.linear(
//!     &[(1000, s), (100, e), (10, n), (1, d), (1000, mo), (100, o), (10, r), (1, e),
//!       (-10000, mo), (-1000, o), (-100, n), (-10, e), (-1, y)],
//!     Rel::Eq,
//!     0,
//! )?;
//! let compiled = m.compile()?;
//! assert_eq!(compiled.engine().as_str(), "propagation");
//! let (verdict, _) = compiled.solver().verdict(&Limits::none());
//! let Verdict::Unique(sol) = verdict else { panic!("{verdict:?}") };
//! assert_eq!((sol[s], sol[e], sol[n], sol[d], sol[y]), (9, 5, 6, 7, 2));
//!
//! // Maximise Y: the only solution has Y = 2, so that is the optimum.
//! m.maximize(y)?;
//! let (optimum, _) = m.compile()?.solver().optimize(&Limits::none(), &mut |_, _| {});
//! assert!(matches!(optimum, Optimum::Optimal(_, 2)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How a model becomes exact cover (Dancing Links)
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
//! A variable defined by a [`linear`](Model::linear) equality of two terms
//! with coefficients ±1 (`y = x + c` or `y = -x + c`, as FlatZinc writes
//! `q[i] + i`) is a *view* of the other: it has no item and no options of
//! its own; an option `x = u` covers, in every group or cage holding a view
//! `y = a*x + c`, the item of the value `a*u + c`. So n-queens stated with
//! all-different diagonals `q[i] + i` and `q[i] - i` is exact cover:
//!
//! ```
//! use cover_model::plan::EngineName;
//! use cover_model::{Model, Rel, Var};
//! use solver_core::Limits;
//!
//! let n = 6;
//! let mut m = Model::new();
//! let q: Vec<Var> = (0..n).map(|i| m.int_var(&format!("q{i}"), 0, n - 1)).collect::<Result<_, _>>()?;
//! m.all_different(&q)?;
//! for sign in [1, -1] {
//!     let mut d = Vec::new();
//!     for i in 0..n {
//!         let y = m.int_var(&format!("d{sign}_{i}"), -n, 2 * n)?;
//!         m.linear(&[(1, y), (-1, q[i as usize])], Rel::Eq, sign * i)?; // y = q[i] ± i
//!         d.push(y);
//!     }
//!     m.all_different(&d)?;
//! }
//! let compiled = m.compile()?;
//! assert_eq!(compiled.engine(), EngineName::Dlx);
//! assert_eq!(compiled.solver().count(&Limits::none()).solutions, 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
//! Use it when a problem is naturally "choose one value per variable" and
//! you want exact counts and limits that hold: pure exact cover (Latin
//! squares, Sudoku and its variants, assignment puzzles) runs on Dancing
//! Links; puzzles with arithmetic, tables or logic (magic squares, Langford
//! pairs, cryptarithms, small scheduling) run on the propagation engine. It
//! has no floats or sets, no clause learning, and a sum cage lists its
//! combinations for Dancing Links, so cages should stay small (a cage of k
//! members over d values has at most `C(d, k)` combinations).
#![deny(missing_docs)]

mod check;
mod compile;
mod constraints;
mod cube;
mod engine;
mod error;
mod fd;
#[cfg(feature = "serde")]
pub mod json;
mod model;
pub mod plan;
mod solve;
mod views;
pub mod whole;

pub use check::{SolutionCheck, Violation};
pub use compile::Compiled;
pub use constraints::{Rel, Sense, MAX_TUPLES};
#[cfg(feature = "serde")]
pub use cube::records as cube_records;
pub use cube::Cube;
pub use error::ModelError;
pub use fd::search::Branching;
#[cfg(feature = "serde")]
pub use json::JsonError;
pub use model::{Model, Value, Var, MAX_LISTED, MAX_MODEL_VALUES};
pub use solve::{ModelSolver, Optimum, Solution, Verdict};

#[cfg(test)]
mod tests;
