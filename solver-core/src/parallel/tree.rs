//! A search tree walked one step at a time: what Knuth's random-probe
//! estimate and the cube splitter ([`crate::cubes::split_tree`]) need of an
//! engine's start state, next to the breadth-first [`Splittable`](super::Splittable).
//!
//! The walk stands on one node of the search tree. [`SearchTree::node`]
//! says what it is (a solution, a dead end, or a branching point with its
//! number of branches, the branching point the engine's own search would
//! take there); [`SearchTree::down`] steps into one branch and names the
//! choice made; [`SearchTree::up`] steps back, restoring the state exactly.

/// What lies at the node a [`SearchTree`] walk stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// Nothing left to decide: the path is a solution.
    Solution,
    /// Something left to decide with no way to do it: no solution below.
    DeadEnd,
    /// The search branches here this many ways (at least one).
    Branches(u32),
}

/// An engine's search tree, walked from its start state (the root).
///
/// ```
/// use solver_core::parallel::{Node, SearchTree};
///
/// /// The words of length `n` over `k` letters: k^n leaves.
/// struct Words { k: u32, n: usize, word: Vec<u32> }
/// impl SearchTree for Words {
///     type Choice = u32;
///     fn node(&mut self) -> Node {
///         if self.word.len() == self.n { Node::Solution } else { Node::Branches(self.k) }
///     }
///     fn down(&mut self, k: u32) -> u32 {
///         self.word.push(k);
///         k
///     }
///     fn up(&mut self) {
///         self.word.pop();
///     }
/// }
///
/// let mut words = Words { k: 3, n: 2, word: Vec::new() };
/// assert_eq!(words.node(), Node::Branches(3));
/// assert_eq!(words.down(2), 2);
/// words.up();
/// assert!(words.word.is_empty());
/// ```
pub trait SearchTree {
    /// A choice made on the way down (an option, a cell's value), as a
    /// cube's path names it.
    type Choice: Clone;

    /// What the node the walk stands on is.
    fn node(&mut self) -> Node;

    /// Steps into branch `k` of the node the walk stands on, and names the
    /// choice made. `k` is below the number of branches [`node`](Self::node)
    /// said last at this node (the walk called it here, or came back up to
    /// here since).
    fn down(&mut self, k: u32) -> Self::Choice;

    /// Steps back up to the parent of the node the walk stands on (never
    /// above where the walk started), restoring the state exactly.
    fn up(&mut self);
}
