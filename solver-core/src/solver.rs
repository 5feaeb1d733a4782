//! [`Solver`]: the mutable search state for one [`Matrix`], and Knuth's
//! link operations (cover, hide, purify, commit and their inverses).

use crate::counter::Counter;
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::limits::{Progress, ProgressHook};
use crate::matrix::{Matrix, Node, DONE_COLOR, NO_COLOR};
use std::sync::Arc;
use std::time::Duration;

/// The search state for one matrix: its own copy of the links, which the
/// search changes and restores ("dancing links"). Make one per thread with
/// [`Matrix::solver`]; it is cheap to reuse: every search leaves it as it
/// found it, so one solver serves any number of searches.
///
/// Options can be *forced* before a search ([`force`](Self::force)): they are
/// part of every solution, and the search only explores what remains. This is
/// how a Sudoku's givens are applied without rebuilding the matrix.
pub struct Solver {
    pub(crate) nodes: Vec<Node>,
    pub(crate) links: Vec<(u32, u32)>,
    /// First node of each option (shared with the matrix).
    option_nodes: Arc<[u32]>,
    /// First node of each forced option, in the order they were forced.
    pub(crate) forced: Vec<u32>,
    /// Per-level scratch: the chosen node, the branching item, and for
    /// progress reports the choice number and the item's length.
    pub(crate) choice: Vec<u32>,
    pub(crate) branch: Vec<u32>,
    pub(crate) k: Vec<u32>,
    pub(crate) d: Vec<u32>,
    /// The current solution, as options: the forced ones, then the choices.
    pub(crate) solution: Vec<OptionId>,
    pub(crate) updates: u64,
    /// xorshift state for random tie-breaks; 0 = deterministic.
    pub(crate) rng: u64,
    pub(crate) progress: Option<(Duration, ProgressHook)>,
    /// Header nodes `1..=primary` are the primary items.
    primary: u32,
    /// An active primary item left with one option by the last
    /// [`commit_checked`](Self::commit_checked) (0: none): a forced move the
    /// next choice can take without scanning the items.
    pub(crate) hint: u32,
    /// What [`count`](Self::count) counts with: the plan's choice
    /// ([`set_counter`](Self::set_counter)), Dancing Links unless told.
    pub(crate) counter: Counter,
}

impl Solver {
    /// A solver for `matrix`, with nothing forced.
    pub fn new(matrix: &Matrix) -> Solver {
        Solver {
            nodes: matrix.nodes.clone(),
            links: matrix.links.clone(),
            option_nodes: Arc::clone(&matrix.option_nodes),
            forced: Vec::new(),
            choice: Vec::new(),
            branch: Vec::new(),
            k: Vec::new(),
            d: Vec::new(),
            solution: Vec::new(),
            updates: 0,
            rng: 0,
            progress: None,
            primary: u32::try_from(matrix.primary_count()).expect("node numbers fit in u32"),
            hint: 0,
            counter: Counter::Links,
        }
    }

    /// Counts by `counter` from now on ([`count`](Self::count), and the
    /// counts of the [`Engine`](crate::Engine) front, which then names it):
    /// the caller's plan, never switched behind its back. Listing solutions
    /// is always by links.
    pub fn set_counter(&mut self, counter: Counter) {
        self.counter = counter;
    }

    /// What [`count`](Self::count) counts with.
    pub fn counter(&self) -> Counter {
        self.counter
    }

    /// Breaks ties between items with equally few options at random, from
    /// this seed (`None`: always the first such item, as Knuth's programs do).
    pub fn set_seed(&mut self, seed: Option<u64>) {
        // SplitMix64 of the seed, never 0 (0 means "no randomness").
        self.rng = seed.map_or(0, |s| crate::rng::mix(s) | 1);
    }

    /// Calls `hook` about every `interval` during searches with a snapshot of
    /// where the search is.
    pub fn set_progress(
        &mut self,
        interval: Duration,
        hook: impl FnMut(&Progress) + Send + 'static,
    ) {
        self.progress = Some((interval, Box::new(hook)));
    }

    /// Stops progress reports.
    pub fn clear_progress(&mut self) {
        self.progress = None;
    }

    /// The options forced so far, in order.
    pub fn forced(&self) -> Vec<OptionId> {
        self.forced.iter().map(|&x| self.option_of(x)).collect()
    }

    /// Whether this option can still be chosen: none of its items is covered
    /// and it clashes with no forced option.
    pub fn is_available(&self, option: OptionId) -> bool {
        match self.first_node(option) {
            Ok(first) => self.available_at(first),
            Err(_) => false,
        }
    }

    /// Makes `option` part of every solution until it is released. Fails,
    /// changing nothing, if it clashes with an option forced before.
    pub fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        let first = self.first_node(option)?;
        if !self.available_at(first) {
            return Err(ForceError::Conflict {
                option: option.index(),
            });
        }
        let mut p = first;
        while self.nodes[p as usize].top != 0 {
            self.commit(p);
            p += 1;
        }
        self.forced.push(first);
        Ok(())
    }

    /// Releases the option forced last, restoring the links exactly.
    pub fn release(&mut self) -> Option<OptionId> {
        let first = self.forced.pop()?;
        let mut p = first;
        while self.nodes[p as usize + 1].top != 0 {
            p += 1;
        }
        while p >= first {
            self.uncommit(p);
            p -= 1;
        }
        Some(self.option_of(first))
    }

    /// Releases every forced option.
    pub fn release_all(&mut self) {
        while self.release().is_some() {}
    }

    /// Checks that the links are exactly those of `matrix`, as they must be
    /// when nothing is forced and no search is running (Knuth's `sanity`, by
    /// comparison with the original).
    pub fn is_pristine(&self, matrix: &Matrix) -> bool {
        self.forced.is_empty() && self.nodes == matrix.nodes && self.links == matrix.links
    }

    fn first_node(&self, option: OptionId) -> Result<u32, ForceError> {
        self.option_nodes
            .get(option.index())
            .copied()
            .ok_or(ForceError::UnknownOption {
                option: option.index(),
                options: self.option_nodes.len(),
            })
    }

    fn available_at(&self, first: u32) -> bool {
        let mut p = first as usize;
        while self.nodes[p].top != 0 {
            let node = self.nodes[p];
            let item = node.top as usize;
            let active = self.links[self.links[item].0 as usize].1 as usize == item;
            let linked = self.nodes[node.up as usize].down as usize == p;
            if !active || !(linked || node.color == DONE_COLOR) {
                return false;
            }
            p += 1;
        }
        true
    }

    /// The option that node `x` belongs to.
    pub(crate) fn option_of(&self, mut x: u32) -> OptionId {
        while self.nodes[x as usize].top != 0 {
            x += 1;
        }
        OptionId(self.nodes[x as usize].color - 1)
    }

    // ---- Knuth's operations (Algorithm C of TAOCP 7.2.2.1) ----

    /// Removes the option of node `p` from every other item's list.
    #[inline]
    pub(crate) fn hide(&mut self, p: u32) {
        self.hide_with::<false>(p);
    }

    /// Removes the option of node `p` from every other item's list; with
    /// `CHECK`, also reports (false) whether it left an active primary item
    /// with no option, and notes one left with a single option in `hint`.
    /// Always hides the whole option. (One body for both: `CHECK` is a
    /// constant, so each copy compiles to only its own work.)
    #[inline]
    fn hide_with<const CHECK: bool>(&mut self, p: u32) -> bool {
        let mut alive = true;
        let mut q = p + 1;
        while q != p {
            let Node {
                up,
                down,
                top,
                color,
            } = self.nodes[q as usize];
            if top == 0 {
                q = up;
            } else {
                if color != DONE_COLOR {
                    self.nodes[up as usize].down = down;
                    self.nodes[down as usize].up = up;
                    let len = self.nodes[top as usize].top - 1;
                    self.nodes[top as usize].top = len;
                    self.updates += 1;
                    if CHECK && len <= 1 && top <= self.primary && self.is_active(top) {
                        if len == 0 {
                            alive = false;
                        } else {
                            self.hint = top;
                        }
                    }
                }
                q += 1;
            }
        }
        alive
    }

    #[inline]
    pub(crate) fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node {
                up,
                down,
                top,
                color,
            } = self.nodes[q as usize];
            if top == 0 {
                q = down;
            } else {
                if color != DONE_COLOR {
                    self.nodes[up as usize].down = q;
                    self.nodes[down as usize].up = q;
                    self.nodes[top as usize].top += 1;
                }
                q -= 1;
            }
        }
    }

    /// Removes item `i` and every option that contains it.
    #[inline]
    pub(crate) fn cover(&mut self, i: u32) {
        let mut p = self.nodes[i as usize].down;
        while p != i {
            self.hide(p);
            p = self.nodes[p as usize].down;
        }
        let (l, r) = self.links[i as usize];
        self.links[l as usize].1 = r;
        self.links[r as usize].0 = l;
    }

    #[inline]
    pub(crate) fn uncover(&mut self, i: u32) {
        let (l, r) = self.links[i as usize];
        self.links[l as usize].1 = i;
        self.links[r as usize].0 = i;
        let mut p = self.nodes[i as usize].up;
        while p != i {
            self.unhide(p);
            p = self.nodes[p as usize].up;
        }
    }

    /// Keeps only the options that give node `p`'s item `p`'s colour.
    fn purify(&mut self, p: u32) {
        let Node { top: i, color, .. } = self.nodes[p as usize];
        let mut q = self.nodes[i as usize].down;
        while q != i {
            if self.nodes[q as usize].color == color {
                if q != p {
                    self.nodes[q as usize].color = DONE_COLOR;
                }
            } else {
                self.hide(q);
            }
            q = self.nodes[q as usize].down;
        }
    }

    fn unpurify(&mut self, p: u32) {
        let Node { top: i, color, .. } = self.nodes[p as usize];
        let mut q = self.nodes[i as usize].up;
        while q != i {
            if self.nodes[q as usize].color == DONE_COLOR {
                self.nodes[q as usize].color = color;
            } else if q != p {
                self.unhide(q);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// Accounts for node `p` of a chosen option: covers its item, or purifies
    /// it if the option colours it.
    #[inline]
    pub(crate) fn commit(&mut self, p: u32) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if color == NO_COLOR {
            self.cover(top);
        } else if color != DONE_COLOR {
            self.purify(p);
        }
    }

    #[inline]
    pub(crate) fn uncommit(&mut self, p: u32) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if color == NO_COLOR {
            self.uncover(top);
        } else if color != DONE_COLOR {
            self.unpurify(p);
        }
    }

    /// Commits the other nodes of the option of node `x` (chosen at a level).
    #[inline]
    #[cfg(feature = "serde")] // only the cubes (cover_tree.rs) use it
    pub(crate) fn commit_others(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let node = self.nodes[p as usize];
            if node.top == 0 {
                p = node.up;
            } else {
                self.commit(p);
                p += 1;
            }
        }
    }

    #[inline]
    #[cfg(feature = "serde")] // only the cubes (cover_tree.rs) use it
    pub(crate) fn uncommit_others(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let node = self.nodes[p as usize];
            if node.top == 0 {
                p = node.down;
            } else {
                self.uncommit(p);
                p -= 1;
            }
        }
    }

    // ---- Checked commits (the search's own path) ----
    //
    // As in Knuth's SSXCC, the items of a chosen option leave the active list
    // first, then the options clashing with them are hidden, and the moment an
    // active primary item is left with no option the commit stops and undoes
    // itself: that branch is a dead end, found without entering a node for it
    // and without covering the option's remaining items. The links end up
    // exactly as with `commit_others`; only the order of the operations differs,
    // so a checked commit must be undone by `uncommit_checked`.

    /// Whether header `i` is still in its item list.
    #[inline]
    fn is_active(&self, i: u32) -> bool {
        self.links[self.links[i as usize].0 as usize].1 == i
    }

    /// Hides the options of item `i` (already unlinked from its list), down
    /// its list; on a dead end undoes what it hid and returns false.
    #[inline]
    fn hide_item_checked(&mut self, i: u32) -> bool {
        let mut p = self.nodes[i as usize].down;
        while p != i {
            if !self.hide_with::<true>(p) {
                self.unhide_item_from(i, p);
                return false;
            }
            p = self.nodes[p as usize].down;
        }
        true
    }

    /// Unhides the options of item `i` from node `p` up to the header.
    #[inline]
    fn unhide_item_from(&mut self, i: u32, mut p: u32) {
        while p != i {
            self.unhide(p);
            p = self.nodes[p as usize].up;
        }
    }

    /// [`purify`](Self::purify), checked; on a dead end it undoes itself and
    /// returns false.
    fn purify_checked(&mut self, p: u32) -> bool {
        let Node { top: i, color, .. } = self.nodes[p as usize];
        let mut q = self.nodes[i as usize].down;
        while q != i {
            if self.nodes[q as usize].color == color {
                if q != p {
                    self.nodes[q as usize].color = DONE_COLOR;
                }
            } else if !self.hide_with::<true>(q) {
                self.unpurify_from(p, q);
                return false;
            }
            q = self.nodes[q as usize].down;
        }
        true
    }

    /// Undoes a purification of node `p`'s item from node `q` up to the header.
    fn unpurify_from(&mut self, p: u32, mut q: u32) {
        let Node { top: i, color, .. } = self.nodes[p as usize];
        while q != i {
            if self.nodes[q as usize].color == DONE_COLOR {
                self.nodes[q as usize].color = color;
            } else if q != p {
                self.unhide(q);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// The node after `p` in its option, going round (skipping the spacer).
    #[inline]
    fn next_in_option(&self, p: u32) -> u32 {
        let node = self.nodes[p as usize + 1];
        if node.top == 0 {
            node.up
        } else {
            p + 1
        }
    }

    /// The node before `p` in its option, going round.
    #[inline]
    fn prev_in_option(&self, p: u32) -> u32 {
        let node = self.nodes[p as usize - 1];
        if node.top == 0 {
            node.down
        } else {
            p - 1
        }
    }

    /// Commits the other nodes of the option of node `x` unless that leaves a
    /// primary item with no option: then nothing is changed and the result is
    /// false. Undo a successful one with
    /// [`uncommit_checked`](Self::uncommit_checked).
    #[inline]
    pub(crate) fn commit_checked(&mut self, x: u32) -> bool {
        self.hint = 0;
        // The option's uncoloured items leave their lists first.
        let mut p = self.next_in_option(x);
        while p != x {
            let Node { top, color, .. } = self.nodes[p as usize];
            if color == NO_COLOR {
                let (l, r) = self.links[top as usize];
                self.links[l as usize].1 = r;
                self.links[r as usize].0 = l;
            }
            p = self.next_in_option(p);
        }
        let mut p = self.next_in_option(x);
        while p != x {
            let Node { top, color, .. } = self.nodes[p as usize];
            let alive = if color == NO_COLOR {
                self.hide_item_checked(top)
            } else if color != DONE_COLOR {
                self.purify_checked(p)
            } else {
                true
            };
            if !alive {
                let before = self.prev_in_option(p);
                self.undo_checked(x, before);
                return false;
            }
            p = self.next_in_option(p);
        }
        true
    }

    /// Undoes a successful [`commit_checked`](Self::commit_checked) of `x`.
    #[inline]
    pub(crate) fn uncommit_checked(&mut self, x: u32) {
        let last = self.prev_in_option(x);
        self.undo_checked(x, last);
    }

    /// Undoes the hiding done for the nodes of `x`'s option from `last` back
    /// to the one after `x`, then puts all its uncoloured items back in their
    /// lists, in the reverse order of their removal.
    fn undo_checked(&mut self, x: u32, last: u32) {
        let mut p = last;
        while p != x {
            let Node { top, color, .. } = self.nodes[p as usize];
            if color == NO_COLOR {
                let up = self.nodes[top as usize].up;
                self.unhide_item_from(top, up);
            } else if color != DONE_COLOR {
                let up = self.nodes[top as usize].up;
                self.unpurify_from(p, up);
            }
            p = self.prev_in_option(p);
        }
        let mut p = self.prev_in_option(x);
        while p != x {
            let Node { top, color, .. } = self.nodes[p as usize];
            if color == NO_COLOR {
                let (l, r) = self.links[top as usize];
                self.links[l as usize].1 = top;
                self.links[r as usize].0 = top;
            }
            p = self.prev_in_option(p);
        }
    }
}
