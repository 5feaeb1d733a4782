//! The one splitter: a search's start cut, breadth first, into disjoint
//! parts that together hold every solution.
//!
//! A problem says how its start state branches ([`Splittable`]); the
//! splitter replaces parts by their children, level by level, until there
//! are enough of them ([`SplitGoal`]). Every branching replaces a part by
//! all of its children, so the parts are the leaves of a subtree of the
//! search tree: no solution lies in two of them, and none in none.

use std::collections::VecDeque;

use crate::limits::{Incomplete, Limits};

/// A start state that can be cut into disjoint parts: at the point where
/// the search would branch, it lists its branches, each the part
/// restricted to one of them.
pub trait Splittable {
    /// A part of the search: the start restricted by the branches taken on
    /// the way down (the options forced, the cells filled, the values
    /// given).
    type Part;

    /// Pushes onto `children` the part restricted to each branch at the
    /// point the search would branch on in `part` and returns
    /// [`Branching::Split`]; a child that holds no solution may be left
    /// out (so a dead end has no children). [`Branching::Leaf`]: nothing to
    /// branch on (`part` is a solution, or no point the split may take),
    /// and `part` stays a part as it is.
    fn branch(&mut self, part: &Self::Part, children: &mut Vec<Self::Part>) -> Branching;
}

/// What [`Splittable::branch`] did with a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branching {
    /// The part was replaced by its children (none for a dead end).
    Split,
    /// The part stays as it is.
    Leaf,
}

/// When the splitter stops.
#[derive(Clone, Copy, Debug)]
pub struct SplitGoal {
    /// Split until there are at least this many parts.
    pub parts: usize,
    /// Never branch deeper than this.
    pub max_depth: usize,
    /// Below this depth, a level that does not make more parts than it
    /// took ends the split (`usize::MAX`: only a level where no part
    /// branched does).
    pub patience: usize,
    /// Where the splitter may stop and where the leaves go.
    pub order: SplitOrder,
}

impl SplitGoal {
    /// At least `parts` parts, whole levels at a time, at most `max_depth`
    /// deep.
    pub fn levels(parts: usize, max_depth: usize) -> SplitGoal {
        SplitGoal {
            parts,
            max_depth,
            patience: usize::MAX,
            order: SplitOrder::Levels,
        }
    }
}

/// The two orders of a breadth-first split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitOrder {
    /// Whole levels: the split stops between two levels, and a leaf keeps
    /// its place among the parts.
    Levels,
    /// One part at a time, first in first out: the split stops as soon as
    /// there are enough parts, and the leaves come first.
    Queue,
}

/// The parts of a split, what it cost, and whether a limit stopped it.
#[derive(Clone, Debug)]
pub struct Split<P> {
    /// Disjoint parts that together hold every solution of the start.
    pub parts: Vec<P>,
    /// The children made: the nodes of the search tree the split entered.
    pub nodes: u64,
    /// Set when the deadline or the cancellation flag of the limits
    /// stopped the split early (the parts still hold every solution).
    pub incomplete: Option<Incomplete>,
}

/// Cuts `root` into disjoint parts as `goal` says, polling the time and
/// cancellation limits of `limits` before each level.
pub fn split<S: Splittable>(
    problem: &mut S,
    root: S::Part,
    goal: &SplitGoal,
    limits: &Limits,
) -> Split<S::Part> {
    match goal.order {
        SplitOrder::Levels => by_levels(problem, root, goal, limits),
        SplitOrder::Queue => by_queue(problem, root, goal, limits),
    }
}

fn by_levels<S: Splittable>(
    problem: &mut S,
    root: S::Part,
    goal: &SplitGoal,
    limits: &Limits,
) -> Split<S::Part> {
    let mut parts = vec![root];
    let mut nodes = 0u64;
    let mut incomplete = None;
    for depth in 1..=goal.max_depth {
        if parts.len() >= goal.parts {
            break;
        }
        if let Some(why) = limits.interrupted() {
            incomplete = Some(why);
            break;
        }
        let before = parts.len();
        let mut next = Vec::new();
        let mut branched = false;
        for part in parts {
            let start = next.len();
            match problem.branch(&part, &mut next) {
                Branching::Leaf => {
                    next.truncate(start);
                    next.push(part);
                }
                Branching::Split => {
                    branched = true;
                    nodes += (next.len() - start) as u64;
                }
            }
        }
        parts = next;
        if !branched || (parts.len() <= before && depth > goal.patience) {
            break;
        }
    }
    Split {
        parts,
        nodes,
        incomplete,
    }
}

fn by_queue<S: Splittable>(
    problem: &mut S,
    root: S::Part,
    goal: &SplitGoal,
    limits: &Limits,
) -> Split<S::Part> {
    let mut frontier = VecDeque::from([(root, 0usize)]);
    let mut leaves = Vec::new();
    let mut children = Vec::new();
    let mut nodes = 0u64;
    let mut incomplete = None;
    let mut level = 0;
    while frontier.len() + leaves.len() < goal.parts {
        let Some((part, depth)) = frontier.pop_front() else {
            break;
        };
        if depth != level || depth == 0 {
            level = depth;
            if let Some(why) = limits.interrupted() {
                incomplete = Some(why);
                frontier.push_front((part, depth));
                break;
            }
        }
        if depth >= goal.max_depth {
            leaves.push(part);
            continue;
        }
        children.clear();
        match problem.branch(&part, &mut children) {
            Branching::Leaf => leaves.push(part),
            Branching::Split => {
                nodes += children.len() as u64;
                frontier.extend(children.drain(..).map(|child| (child, depth + 1)));
            }
        }
    }
    leaves.extend(frontier.into_iter().map(|(part, _)| part));
    Split {
        parts: leaves,
        nodes,
        incomplete,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of length `n` over `k` letters with no letter twice in a
    /// row, as a search that picks one letter per level (the parts are
    /// prefixes). There are k * (k-1)^(n-1) of them.
    struct Words {
        k: u8,
        n: usize,
    }

    impl Splittable for Words {
        type Part = Vec<u8>;
        fn branch(&mut self, part: &Vec<u8>, children: &mut Vec<Vec<u8>>) -> Branching {
            if part.len() == self.n {
                return Branching::Leaf;
            }
            for letter in 0..self.k {
                if part.last() != Some(&letter) {
                    let mut child = part.clone();
                    child.push(letter);
                    children.push(child);
                }
            }
            Branching::Split
        }
    }

    /// Every word extends exactly one part: counted by brute force over
    /// all k^n strings.
    fn assert_partition(words: &Words, parts: &[Vec<u8>]) {
        let (k, n) = (words.k as usize, words.n);
        let mut total = 0;
        for code in 0..k.pow(n as u32) {
            let word: Vec<u8> = (0..n).map(|i| (code / k.pow(i as u32) % k) as u8).collect();
            if word.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            total += 1;
            let holders = parts.iter().filter(|p| word.starts_with(p)).count();
            assert_eq!(holders, 1, "{word:?} in {holders} parts");
        }
        assert_eq!(total, k * (k - 1).pow(n as u32 - 1));
    }

    #[test]
    fn both_orders_partition_the_words_and_stop_at_the_goal() {
        for order in [SplitOrder::Levels, SplitOrder::Queue] {
            for want in [1, 2, 5, 17, 40, 1000] {
                let mut words = Words { k: 3, n: 5 };
                let goal = SplitGoal {
                    parts: want,
                    max_depth: 16,
                    patience: usize::MAX,
                    order,
                };
                let split = split(&mut words, Vec::new(), &goal, &Limits::none());
                assert_partition(&words, &split.parts);
                // 3 * 2^4 = 48 words: a goal above that ends at the leaves.
                assert!(split.parts.len() >= want.min(48), "{order:?} {want}");
                assert_eq!(split.incomplete, None);
                if order == SplitOrder::Queue && want <= 48 {
                    // One branching adds at most 2 parts past the goal.
                    assert!(
                        split.parts.len() < want + 2,
                        "{want}: {}",
                        split.parts.len()
                    );
                }
            }
        }
    }

    #[test]
    fn levels_stop_between_levels_and_count_the_children_made() {
        let mut words = Words { k: 3, n: 5 };
        let split = split(
            &mut words,
            Vec::new(),
            &SplitGoal::levels(7, 16),
            &Limits::none(),
        );
        // Level 1: 3 parts, level 2: 6, level 3: 12.
        assert_eq!(split.parts.len(), 12);
        assert_eq!(split.nodes, 3 + 6 + 12);
        assert!(split.parts.iter().all(|p| p.len() == 3));
        let shallow = super::split(
            &mut words,
            Vec::new(),
            &SplitGoal::levels(1000, 2),
            &Limits::none(),
        );
        assert_eq!(shallow.parts.len(), 6);
    }

    #[test]
    fn a_cancelled_split_keeps_the_whole_start() {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let limits = Limits::none().cancel_flag(flag);
        for order in [SplitOrder::Levels, SplitOrder::Queue] {
            let mut words = Words { k: 3, n: 4 };
            let goal = SplitGoal {
                order,
                ..SplitGoal::levels(100, 16)
            };
            let split = split(&mut words, Vec::new(), &goal, &limits);
            assert_eq!(split.parts, vec![Vec::<u8>::new()]);
            assert_eq!(split.incomplete, Some(Incomplete::Cancelled));
        }
    }
}
