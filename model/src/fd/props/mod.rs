//! The propagators: one per constraint (or a few), each woken by events on
//! its variables and run by the store's queue to a fixed point.
//!
//! Every propagator checks its constraint exactly once all its variables
//! are fixed (it fails when the constraint is violated), so a node where
//! every variable is fixed and the queue is empty is a solution.

pub(crate) mod alldiff;
pub(crate) mod arith;
pub(crate) mod count;
pub(crate) mod element;
pub(crate) mod linear;
pub(crate) mod logic;
pub(crate) mod smallsum;
pub(crate) mod sumdiff;
pub(crate) mod table;

use super::store::{Res, Store};

/// A propagator: narrows the domains of its variables, or fails.
pub(crate) trait Propagator: Send {
    /// Removes values that cannot be part of a solution; `Err` when the
    /// constraint cannot hold any more.
    fn propagate(&mut self, s: &mut Store) -> Res;

    /// Whether one run reaches the propagator's own fixed point (then its
    /// own changes do not wake it again).
    fn idempotent(&self) -> bool {
        false
    }
}

/// The propagators of a search, with their store registrations.
#[derive(Default)]
pub(crate) struct Props {
    pub(crate) list: Vec<Box<dyn Propagator>>,
}

impl Props {
    /// Registers `p` with `priority` (0: cheap, run first; 1: expensive)
    /// and wakes it on `events` of each of `vars`.
    pub(crate) fn post(
        &mut self,
        s: &mut Store,
        priority: u8,
        vars: impl IntoIterator<Item = (usize, u8)>,
        p: Box<dyn Propagator>,
    ) {
        let id = s.add_propagator(priority);
        s.set_idempotent(id, p.idempotent());
        debug_assert_eq!(id as usize, self.list.len());
        for (x, events) in vars {
            s.watch(x, id, events);
        }
        self.list.push(p);
    }
}

/// `floor(a / b)` for `b != 0`.
pub(crate) fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `ceil(a / b)` for `b != 0`.
pub(crate) fn ceil_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// Clamps an `i128` bound into the value range.
pub(crate) fn clamp(v: i128) -> i64 {
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}
