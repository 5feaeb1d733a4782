//! Python bindings (PyO3) for the workspace's libraries: the `dancing_links`
//! module.
//!
//! - [`grid`]: the `Sudoku` class (parse, solve, count, candidates, generate,
//!   rate, hint, steps) over [`sudoku::Grid`].
//! - [`doppelganger`]: the `Doppelganger` class (grids of 0..n: solve,
//!   check, count, true candidates, generate) over
//!   [`sudoku_solve::doppelganger`].
//! - [`logic`]: the logical solver's answers (`Sudoku.rate()` on Sudoku
//!   Explainer's scale, `hint()`, `steps()`): `SeRating`, `Step`, `Path`.
//! - [`batch`]: `solve_many` and `check_many`, on every core with the GIL
//!   released, one result per input in order.
//! - [`cover`]: the `ExactCover` class over [`solver_core`], with a lazy
//!   iterator of solutions.
//! - [`model`]: the `Model` class (a finite-domain constraint model over
//!   [`cover_model`]) with its variables, expressions, constraints and
//!   solutions.
//! - [`errors`]: the Python exceptions and how library errors map to them.
//! - [`interrupt`]: long searches run on a helper thread while the caller
//!   polls for Ctrl-C.
//!
//! The searches and parsers are the libraries'; this crate only converts.
#![deny(missing_docs)]
// The modules are private (Python sees only the classes); these docs are for
// contributors, who read them with `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

use pyo3::prelude::*;

mod batch;
mod cover;
mod doppelganger;
mod errors;
mod grid;
mod interrupt;
mod limits;
mod logic;
mod model;
mod variant;

/// The Python module `dancing_links`.
#[pymodule]
fn dancing_links(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<grid::Sudoku>()?;
    m.add_class::<doppelganger::Doppelganger>()?;
    m.add_class::<grid::Rating>()?;
    m.add_class::<logic::SeRating>()?;
    m.add_class::<logic::Step>()?;
    m.add_class::<logic::Path>()?;
    m.add_class::<batch::Failure>()?;
    m.add_class::<batch::Check>()?;
    m.add_class::<cover::ExactCover>()?;
    m.add_class::<cover::SolutionIter>()?;
    m.add_class::<model::PyModel>()?;
    m.add_class::<model::IntVar>()?;
    m.add_class::<model::LinearExpr>()?;
    m.add_class::<model::Constraint>()?;
    m.add_class::<model::Solution>()?;
    m.add_class::<model::ModelSolutionIter>()?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::check_many, m)?)?;
    errors::register(m)?;
    Ok(())
}
