//! A FlatZinc front end for the `cover-model` constraint solver: the
//! library behind the `fzn-dancing-links` binary that MiniZinc runs
//! (`minizinc --solver dancing-links model.mzn`, see docs/minizinc.md).
//!
//! - [`parse`]: FlatZinc text to a syntax tree, with located errors;
//! - [`translate`]: the syntax tree to a [`cover_model::Model`] and the
//!   output items;
//! - [`run`]: solve and print the MiniZinc output protocol.
//!
//! # Example
//!
//! ```
//! use std::sync::{atomic::AtomicBool, Arc};
//!
//! let fzn = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n\
//!            constraint int_lt(x, y);\nsolve satisfy;\n";
//! let t = flatzinc::translate::translate_text(fzn)?;
//! let options = flatzinc::run::Options { all: true, ..Default::default() };
//! let mut out = Vec::new();
//! let summary = flatzinc::run::run(&t, &options, Arc::new(AtomicBool::new(false)), &mut out)?;
//! assert_eq!(summary.solutions, 3); // (1,2), (1,3), (2,3)
//! let text = String::from_utf8(out)?;
//! assert!(text.ends_with("----------\n==========\n"));
//! assert_eq!(text.matches("x = ").count(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod parse;
pub mod run;
pub mod translate;
