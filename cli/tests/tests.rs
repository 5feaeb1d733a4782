//! The command tests: one binary, one module per subject (fewer test
//! binaries to link). The limit tests (`limits.rs`) stay a binary of their
//! own: they time whole commands, and under `cargo test` a binary runs
//! alone, so the other tests here do not load the machine beside them.

#[allow(dead_code)] // the limit tests' binary uses some of the helpers too
mod common;

mod cubes;
mod dlx;
mod engines;
mod generate_setter;
mod input;
mod logic;
mod model;
mod progress;
mod serve;
mod sudoku;
mod variants;
