//! Work space kept from one nested search to the next.
//!
//! From level 2 up, one chain level runs thousands of nested searches,
//! each on the grid an outer chain has made, and each needs node sets,
//! queues, an arena and a link table sized by the grid. Made afresh, their
//! allocation and zeroing took about a fifth of an 11+ rating. [`Spares`]
//! takes them back once a search is done and hands them, cleared, to the
//! next one: the searches are the same, only where their memory comes from
//! changes. One [`Spares`] serves the searches of one [`super::find_with`]
//! call (one grid size), shared by the outer engine and every engine
//! nested in it.

use std::cell::RefCell;
use std::rc::Rc;

use super::cycles::Unary;
use super::engine::{EngineParts, PotSet};
use super::forcing::Multi;

/// Cleared work space, ready for the next search.
#[derive(Default)]
pub(crate) struct Spares {
    /// Node sets, empty.
    pub pot_sets: Vec<PotSet>,
    /// A nested engine's buffers.
    pub engines: Vec<EngineParts>,
    /// The cycles search's work space.
    pub unary: Vec<Unary>,
    /// The forcing chains' work space.
    pub multis: Vec<Multi>,
}

/// The spares of one chain level, shared by its engines.
pub(crate) type SharedSpares = Rc<RefCell<Spares>>;

/// An empty node set over `n_keys` keys: a spare one, or a new one.
pub(crate) fn pot_set(spares: &SharedSpares, n_keys: usize) -> PotSet {
    spares
        .borrow_mut()
        .pot_sets
        .pop()
        .filter(|s| s.n_keys() == n_keys)
        .unwrap_or_else(|| PotSet::new(n_keys))
}

/// Keeps `s`, cleared, for the next search.
pub(crate) fn give_pot_set(spares: &SharedSpares, mut s: PotSet) {
    s.clear();
    spares.borrow_mut().pot_sets.push(s);
}
