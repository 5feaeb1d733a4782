//! The integration tests: one binary, one module per subject.

mod cubes;
mod engine;
mod oracle;
mod planner;
mod sudoku_engines;
mod variants;
