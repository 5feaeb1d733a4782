//! The breadth-first tree of one static chain search (the cycles and
//! forcing X/Y chains of [`super::cycles`]): for each key reached, the
//! key it was first reached from and why, in arrays indexed by key and
//! reset by a generation stamp. Arena nodes ([`super::engine::Arena`])
//! are made only for the chains the search keeps ([`Tree::node`]), not
//! for every node reached.
//!
//! Static links make this exact: no chain changes the grid, so a key's
//! links are the same wherever it is reached, and a search that follows
//! each key from its first node only (SE's `LinkedSet`) has one node per
//! key, its parent the node it was first reached from. The chain to a
//! key is then the path of first parents back to the assumption, which
//! [`Tree::node`] writes into the arena when a chain is kept.

use super::engine::{Cause, Engine, Link, NONE};

/// The keys one search reached, with the link each was first reached by.
#[derive(Debug)]
pub(crate) struct Tree {
    /// The current search's stamp.
    gen: u32,
    /// By key: `gen` once the key is reached in this search.
    seen: Vec<u32>,
    /// By key: the key it was first reached from (`NONE` for the
    /// assumption) and the link's cause.
    from: Vec<Link>,
    /// By key: `gen` when the key is marked near the assumption
    /// ([`Tree::mark_near`]).
    near: Vec<u32>,
    /// By key: `gen` once the key's arena node is made.
    made: Vec<u32>,
    /// By key: its arena node, where `made` says so.
    node: Vec<u32>,
    /// Scratch: a path of keys.
    path: Vec<u32>,
}

impl Tree {
    /// A tree over `n_keys` keys.
    pub fn new(n_keys: usize) -> Tree {
        Tree {
            gen: 0,
            seen: vec![0; n_keys],
            from: vec![
                Link {
                    key: NONE,
                    cause: Cause::Initial,
                };
                n_keys
            ],
            near: vec![0; n_keys],
            made: vec![0; n_keys],
            node: vec![NONE; n_keys],
            path: Vec::new(),
        }
    }

    /// The number of keys it holds a slot for.
    pub fn n_keys(&self) -> usize {
        self.seen.len()
    }

    /// Starts a search from `root`, the key of arena node `root_node`:
    /// nothing else reached.
    pub fn start(&mut self, root: u32, root_node: u32) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.made.iter_mut().for_each(|s| *s = 0);
            self.near.iter_mut().for_each(|s| *s = 0);
            self.gen = 1;
        }
        let r = root as usize;
        self.seen[r] = self.gen;
        self.from[r] = Link {
            key: NONE,
            cause: Cause::Initial,
        };
        self.made[r] = self.gen;
        self.node[r] = root_node;
    }

    /// Whether `key` was reached in this search.
    #[inline]
    pub fn contains(&self, key: u32) -> bool {
        self.seen[key as usize] == self.gen
    }

    /// Notes `key` reached first from `parent` by a link of `cause`.
    #[inline]
    pub fn reach(&mut self, key: u32, parent: u32, cause: Cause) {
        let k = key as usize;
        self.seen[k] = self.gen;
        self.from[k] = Link { key: parent, cause };
    }

    /// Marks `key` near the assumption, for this search.
    #[inline]
    pub fn mark_near(&mut self, key: u32) {
        self.near[key as usize] = self.gen;
    }

    /// Whether `key` was marked near the assumption in this search.
    #[inline]
    pub fn is_near(&self, key: u32) -> bool {
        self.near[key as usize] == self.gen
    }

    /// Whether `key` is `node`'s or one of its ancestors' (SE's
    /// `isParent` along first parents).
    pub fn on_path(&self, node: u32, key: u32) -> bool {
        let mut k = node;
        while k != NONE {
            if k == key {
                return true;
            }
            k = self.from[k as usize].key;
        }
        false
    }

    /// The arena node of reached `key`, with its chain back to the
    /// assumption: made now for the keys of the path that have none yet
    /// in this search, each with its first parent.
    pub fn node(&mut self, e: &mut Engine, key: u32) -> u32 {
        debug_assert!(self.contains(key), "a key the search reached");
        self.path.clear();
        let mut k = key;
        while self.made[k as usize] != self.gen {
            self.path.push(k);
            k = self.from[k as usize].key;
        }
        let mut id = self.node[k as usize];
        while let Some(k) = self.path.pop() {
            let cause = self.from[k as usize].cause;
            id = e.arena.add(k, cause, &[id]);
            self.made[k as usize] = self.gen;
            self.node[k as usize] = id;
        }
        id
    }
}
