//! Nested levels (SE's `getAdvancedPotentials`): when a dynamic chain's
//! links run out, lower techniques run on the grid the chain has made and
//! their eliminations become off nodes of the chain.
//!
//! Not written yet: [`super::find`] returns no step at the nested levels,
//! so a puzzle that needs them rates 20.0 (stuck), never lower.

use std::collections::VecDeque;

use super::engine::{Engine, PotSet};

/// Adds the off nodes the lower techniques of `level` find on the
/// chain's grid (none yet).
pub(crate) fn advanced(e: &mut Engine, level: u8, off: &mut PotSet, pend: &mut VecDeque<u32>) {
    let _ = (e, level, off, pend);
}
