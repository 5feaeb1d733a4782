//! The results of nested searches kept for the step's other chain levels.
//!
//! Levels 2 and 3 both nest the cycles search, levels 4 and 5 both nest
//! dynamic forcing chains, and within a level different assumptions often
//! leave the same grid when their links run out. A nested search's hints
//! depend only on what it is (its producer), the grid it runs on and the
//! grid its outer search started from (against which its rule parents are
//! read), given the step's grid: [`NestedMemo`] keeps them under exactly
//! that, the two grids compared in full (no hash stands for a grid), for
//! the searches nested one level deep. It lives for one step
//! ([`super::find_with`]); it holds at most [`MAX_ENTRIES`] results.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::hint::NestedHint;

/// At most this many results are kept (a level-5 step may end its
/// chains on tens of thousands of grids).
pub(crate) const MAX_ENTRIES: usize = 20_000;

/// The hints of one nested search, sorted as SE sorts them.
pub(crate) type NestedHints = Rc<Vec<NestedHint>>;

/// Nested searches' hints by producer and grids, for one step (see the
/// module's doc). Make one per step with [`Default`] and pass it to
/// [`super::find_with`] at each chain level of that step; never across
/// steps (the grid a step starts from is not part of the key).
#[derive(Default, Clone)]
pub struct NestedMemo {
    map: Rc<RefCell<HashMap<Box<[u64]>, NestedHints>>>,
}

impl std::fmt::Debug for NestedMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NestedMemo")
            .field("entries", &self.map.borrow().len())
            .finish()
    }
}

impl NestedMemo {
    /// The key: the producer's code, then both grids.
    pub(crate) fn key(producer: u64, grid: &[u64], outer_start: &[u64]) -> Box<[u64]> {
        let mut k = Vec::with_capacity(1 + grid.len() + outer_start.len());
        k.push(producer);
        k.extend_from_slice(grid);
        k.extend_from_slice(outer_start);
        k.into_boxed_slice()
    }

    pub(crate) fn get(&self, key: &[u64]) -> Option<NestedHints> {
        self.map.borrow().get(key).cloned()
    }

    pub(crate) fn insert(&self, key: Box<[u64]>, hints: NestedHints) {
        let mut map = self.map.borrow_mut();
        if map.len() < MAX_ENTRIES {
            map.insert(key, hints);
        }
    }
}
