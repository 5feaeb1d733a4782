//! The integration tests: one binary, one module per subject.

mod cubes;
mod engine;
mod oracle;
mod sudoku_engines;
mod variants;
