//! The integration tests: one binary, one module per subject (fewer test
//! binaries to link).

mod fzn;
mod minizinc;
