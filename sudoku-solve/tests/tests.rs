//! The integration tests: one binary, one module per subject (fewer test
//! binaries to link).

#[allow(dead_code)] // not every subject uses every check
mod oracle;

mod constraints;
mod doppelganger;
mod fpuzzles;
mod killer_candidates;
mod prop_candidates;
mod setter;
mod setter_audit;
