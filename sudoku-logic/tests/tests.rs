//! The integration tests: one binary, one module per subject (fewer test
//! binaries to link).

mod chains;
mod se_agreement;
mod soundness;
