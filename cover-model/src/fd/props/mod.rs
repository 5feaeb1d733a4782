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

use super::store::{Fail, Res, Store};

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

/// Removes every value of `x` below `v`, a bound computed in `i128`: a
/// bound above every `i64` fails, one below every `i64` removes nothing
/// (never clamped into range, which would keep a value that breaks it).
pub(crate) fn set_min_wide(s: &mut Store, x: usize, v: i128) -> Res {
    match i64::try_from(v) {
        Ok(v) => s.set_min(x, v),
        Err(_) if v > 0 => Err(Fail),
        Err(_) => Ok(()),
    }
}

/// Removes every value of `x` above `v`, a bound computed in `i128` (see
/// [`set_min_wide`]).
pub(crate) fn set_max_wide(s: &mut Store, x: usize, v: i128) -> Res {
    match i64::try_from(v) {
        Ok(v) => s.set_max(x, v),
        Err(_) if v < 0 => Err(Fail),
        Err(_) => Ok(()),
    }
}
