//! Splitting a search into cubes balanced by Knuth's random-probe estimate.
//!
//! One splitter for every engine: [`split_tree`] walks any
//! [`SearchTree`] (an engine's start state, stepped down and back up);
//! [`split`] is Dancing Links on a matrix ([`CoverTree`]), which the
//! Sudoku cubes use on the exact-cover matrix of a grid's rules.
//!
//! The split grows a tree from the root of the search: it keeps the open
//! cubes in a heap by estimated subtree size and repeatedly replaces the
//! largest by its children (one per branch of the point the search would
//! branch on there: for Dancing Links, one per option of the item with the
//! fewest options). Each child's subtree
//! is estimated by random probes (Knuth, "Estimating the efficiency of
//! backtrack programs", 1975): walk down choosing a branch at random and add
//! up the products of the branching degrees met; the mean over the probes
//! is an unbiased estimate of the number of nodes.
//!
//! Because every expansion replaces a node by all of its children, the cubes
//! are the leaves of a subtree of the search tree: no solution lies below
//! two of them, and every solution lies below one. A child that is already a
//! solution stays a cube (it counts 1); a child that is a dead end (for
//! Dancing Links, an item with no option left) holds no solution and is
//! dropped.
//!
//! [`SplitOptions::limits`] (nodes, deadline, cancellation) stop the split
//! between expansions, never inside one: a split stopped early returns the
//! cubes it has, which still partition the whole search (they are fewer or
//! larger than asked), and says why in [`Split::incomplete`].

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::cover_tree::CoverTree;
use super::MAX_CUBES;
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::limits::{Incomplete, Limits};
use crate::matrix::Matrix;
use crate::parallel::{Node, SearchTree};

/// How to split: how many cubes, or how small each should be.
#[derive(Clone, Debug)]
pub struct SplitOptions {
    /// Split until there are at least this many cubes (or nothing is left
    /// to split).
    pub cubes: Option<usize>,
    /// Split until no cube's estimated subtree has more nodes than this.
    pub max_estimate: Option<f64>,
    /// With `cubes`: keep splitting the largest cube while its estimate is
    /// more than this many times the median's (up to four times `cubes`
    /// cubes), so that no cube takes much longer than the others.
    pub balance: Option<f64>,
    /// Random probes per cube for the estimate.
    pub probes: u32,
    /// Seed of the probes: the same seed gives the same cubes.
    pub seed: u64,
    /// Never make more cubes than this, whatever the other settings (and
    /// never more than [`MAX_CUBES`], the most a merge accepts): a cube is
    /// not split when its children would take the count past it.
    pub max_cubes: usize,
    /// Stop splitting at these limits (`max_nodes` counts the nodes of the
    /// expansions and probes; `max_solutions` is not used). The cubes made
    /// so far are returned, still a partition of the whole search.
    pub limits: Limits,
}

impl Default for SplitOptions {
    fn default() -> Self {
        SplitOptions {
            cubes: Some(64),
            max_estimate: None,
            balance: Some(2.0),
            probes: 32,
            seed: 1,
            max_cubes: 1_000_000,
            limits: Limits::none(),
        }
    }
}

/// A value of a split's option that cannot be used, as the commands'
/// `--max-estimate` and `--balance` give them ([`SplitOptions::parse_max_estimate`],
/// [`SplitOptions::parse_balance`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SplitValueError {
    /// Not a number at all.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// Infinite or NaN.
    #[error("`{0}` is not a finite number")]
    NotFinite(String),
    /// An estimate below 1 node.
    #[error("{0} nodes: expected at least 1 (every cube has a node)")]
    EstimateBelowOne(f64),
    /// A balance ratio outside 0 to 1e9.
    #[error("{0}: expected a ratio from 0 (off) to 1e9")]
    BalanceOutOfRange(f64),
}

/// A finite number.
fn finite(text: &str) -> Result<f64, SplitValueError> {
    let x: f64 = text
        .trim()
        .parse()
        .map_err(|_| SplitValueError::NotANumber(text.to_string()))?;
    match x.is_finite() {
        true => Ok(x),
        false => Err(SplitValueError::NotFinite(text.to_string())),
    }
}

impl SplitOptions {
    /// The options as the commands ask for them: at least `cubes` cubes (64
    /// when neither `cubes` nor `max_estimate` is given), none estimated
    /// above `max_estimate`, `balance` (0: off), `probes` and `seed`, and
    /// the split stopped at `max_nodes` or after `timeout`.
    ///
    /// ```
    /// use solver_core::cubes::SplitOptions;
    /// let asked = SplitOptions::asked(None, Some(1e6), 0.0, 32, 1, None, None);
    /// assert_eq!((asked.cubes, asked.balance), (None, None));
    /// assert_eq!(SplitOptions::asked(None, None, 2.0, 32, 1, None, None).cubes, Some(64));
    /// ```
    pub fn asked(
        cubes: Option<u64>,
        max_estimate: Option<f64>,
        balance: f64,
        probes: u32,
        seed: u64,
        max_nodes: Option<u64>,
        timeout: Option<std::time::Duration>,
    ) -> SplitOptions {
        let cubes = match (cubes, max_estimate) {
            (None, None) => Some(64),
            (n, _) => n.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        };
        SplitOptions {
            cubes,
            max_estimate,
            balance: (balance > 0.0).then_some(balance),
            probes,
            seed,
            limits: super::limits_per_cube(max_nodes, timeout)(),
            ..SplitOptions::default()
        }
    }

    /// Reads a [`max_estimate`](SplitOptions::max_estimate): a finite number
    /// of nodes, at least 1.
    ///
    /// ```
    /// use solver_core::cubes::SplitOptions;
    /// assert_eq!(SplitOptions::parse_max_estimate(" 1e6 "), Ok(1e6));
    /// let e = SplitOptions::parse_max_estimate("0.5").unwrap_err();
    /// assert_eq!(e.to_string(), "0.5 nodes: expected at least 1 (every cube has a node)");
    /// ```
    pub fn parse_max_estimate(text: &str) -> Result<f64, SplitValueError> {
        let x = finite(text)?;
        match x >= 1.0 {
            true => Ok(x),
            false => Err(SplitValueError::EstimateBelowOne(x)),
        }
    }

    /// Reads a [`balance`](SplitOptions::balance) ratio: a finite number from
    /// 0 (off) to 1e9.
    pub fn parse_balance(text: &str) -> Result<f64, SplitValueError> {
        let x = finite(text)?;
        match (0.0..=1e9).contains(&x) {
            true => Ok(x),
            false => Err(SplitValueError::BalanceOutOfRange(x)),
        }
    }
}

/// One cube: the choices made on the way from the root to its subtree
/// (options, for a [`Matrix`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Cube<C = OptionId> {
    /// The choices made, from the root down (after any forced options).
    pub path: Vec<C>,
    /// Estimated nodes of its subtree.
    pub estimate: f64,
}

/// The result of [`split`] (and [`split_tree`]): cubes, largest estimate
/// first.
#[derive(Clone, Debug, PartialEq)]
pub struct Split<C = OptionId> {
    /// The cubes, by decreasing estimate (ties in tree order).
    pub cubes: Vec<Cube<C>>,
    /// Search-tree nodes visited by the split (expansions and probes).
    pub nodes: u64,
    /// Estimated nodes of the whole search (from the root's probes).
    pub root_estimate: f64,
    /// Why the split stopped before it was done, if a limit stopped it: the
    /// cubes still cover the whole search, but are fewer or larger than
    /// asked.
    pub incomplete: Option<Incomplete>,
}

impl<C> Split<C> {
    /// One cube, the whole search (for a search that cannot be split).
    pub fn whole() -> Split<C> {
        Split {
            cubes: vec![Cube {
                path: Vec::new(),
                estimate: 1.0,
            }],
            nodes: 0,
            root_estimate: 1.0,
            incomplete: None,
        }
    }
}

/// Which of `limits` stops a split that has visited `nodes` nodes.
fn reached(limits: &Limits, nodes: u64) -> Option<Incomplete> {
    if limits.max_nodes.is_some_and(|max| nodes >= max) {
        return Some(Incomplete::NodeLimit);
    }
    limits.interrupted()
}

/// An open cube in the heap, ordered by estimate: small, as the median
/// reads every one; its path and the branches taken to it (to walk back
/// down) are `paths[at]`.
struct Open {
    estimate: f64,
    order: u64,
    at: usize,
}

impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Open {}
impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        self.estimate
            .total_cmp(&other.estimate)
            // Earlier first among equals (the heap pops the greatest).
            .then(other.order.cmp(&self.order))
    }
}

/// Splits the search for the solutions of `matrix` that contain `forced`
/// into cubes: [`split_tree`] on Dancing Links ([`CoverTree`]).
///
/// ```
/// use solver_core::{cubes, knuth, problems, Limits};
///
/// let matrix = knuth::parse(&problems::n_queens(6))?;
/// let options = cubes::SplitOptions { cubes: Some(10), ..Default::default() };
/// let split = cubes::split(&matrix, &[], &options)?;
/// assert!(split.cubes.len() >= 10);
/// // The cubes' counts add up to the count: 4 solutions of 6 queens.
/// let total: u128 = split
///     .cubes
///     .iter()
///     .map(|c| matrix.par_count(&c.path, &Limits::none()).unwrap().solutions)
///     .sum();
/// assert_eq!(total, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split(
    matrix: &Matrix,
    forced: &[OptionId],
    options: &SplitOptions,
) -> Result<Split, ForceError> {
    Ok(split_tree(&mut CoverTree::new(matrix, forced)?, options))
}

/// Splits the search tree of any engine into cubes (see the module's
/// documentation), the walk standing on its root: it comes back there.
pub fn split_tree<T: SearchTree>(tree: &mut T, options: &SplitOptions) -> Split<T::Choice> {
    let mut rng = Rng::new(options.seed);
    let probes = options.probes.max(1);
    let mut nodes = 0u64;
    let mut order = 0u64;
    let mut done: Vec<(Cube<T::Choice>, u64)> = Vec::new();
    let mut heap = BinaryHeap::new();
    // The path and the branches of each open cube (emptied once expanded).
    let mut paths: Vec<(Vec<T::Choice>, Vec<u32>)> = Vec::new();
    let root_estimate;
    match tree.node() {
        Node::Solution | Node::DeadEnd => {
            nodes += 1;
            root_estimate = 1.0;
            done.push((
                Cube {
                    path: Vec::new(),
                    estimate: 1.0,
                },
                0,
            ));
        }
        Node::Branches(_) => {
            root_estimate = estimate(tree, probes, &mut rng, &mut nodes);
            paths.push((Vec::new(), Vec::new()));
            heap.push(Open {
                estimate: root_estimate,
                order,
                at: 0,
            });
        }
    }
    let max_cubes = options
        .max_cubes
        .clamp(1, usize::try_from(MAX_CUBES).unwrap_or(usize::MAX));
    let mut incomplete = None;
    loop {
        let total = heap.len() + done.len();
        let Some(top) = heap.peek() else { break };
        if total >= max_cubes {
            break;
        }
        let more_cubes = options.cubes.is_some_and(|n| total < n);
        let too_big = options.max_estimate.is_some_and(|b| top.estimate > b);
        let unbalanced = || match (options.cubes, options.balance) {
            (Some(n), Some(ratio)) if total < n.saturating_mul(4) => {
                top.estimate > ratio * median(&heap, &done)
            }
            _ => false,
        };
        if !more_cubes && !too_big && !unbalanced() {
            break;
        }
        if let Some(why) = reached(&options.limits, nodes) {
            incomplete = Some(why);
            break;
        }
        let Some(top) = heap.pop() else { break };
        let (top_path, top_branches) = &paths[top.at];
        for &k in top_branches {
            tree.node();
            tree.down(k);
        }
        let len = match tree.node() {
            Node::Branches(len) => len,
            // An open cube always branches.
            Node::Solution | Node::DeadEnd => 0,
        };
        if len == 0 || total - 1 + len as usize > max_cubes {
            // Its children would make too many cubes: it stays whole.
            for _ in top_branches {
                tree.up();
            }
            heap.push(top);
            break;
        }
        nodes += 1;
        // The children, kept aside until the expansion is whole: a limit
        // reached inside it puts the parent back instead.
        let mut solved = Vec::new();
        let mut open = Vec::new();
        for k in 0..len {
            let choice = tree.down(k);
            let mut path = top_path.clone();
            path.push(choice);
            order += 1;
            match tree.node() {
                Node::Solution => solved.push((
                    Cube {
                        path,
                        estimate: 1.0,
                    },
                    order,
                )),
                Node::DeadEnd => nodes += 1,
                Node::Branches(_) => {
                    let mut branches = top_branches.clone();
                    branches.push(k);
                    let estimate = estimate(tree, probes, &mut rng, &mut nodes);
                    open.push((estimate, order, path, branches));
                }
            }
            tree.up();
            if k + 1 < len {
                incomplete = reached(&options.limits, nodes);
                if incomplete.is_some() {
                    break;
                }
            }
        }
        for _ in top_branches {
            tree.up();
        }
        if incomplete.is_some() {
            heap.push(top);
            break;
        }
        paths[top.at] = (Vec::new(), Vec::new());
        done.extend(solved);
        for (estimate, order, path, branches) in open {
            heap.push(Open {
                estimate,
                order,
                at: paths.len(),
            });
            paths.push((path, branches));
        }
    }
    let mut cubes: Vec<(Cube<T::Choice>, u64)> = done;
    cubes.extend(heap.into_iter().map(|o| {
        (
            Cube {
                path: std::mem::take(&mut paths[o.at].0),
                estimate: o.estimate,
            },
            o.order,
        )
    }));
    if cubes.is_empty() {
        // Every branch was a dead end: one cube, the whole (empty) search.
        cubes.push((
            Cube {
                path: Vec::new(),
                estimate: 1.0,
            },
            0,
        ));
    }
    cubes.sort_by(|(a, ka), (b, kb)| b.estimate.total_cmp(&a.estimate).then(ka.cmp(kb)));
    Split {
        cubes: cubes.into_iter().map(|(c, _)| c).collect(),
        nodes,
        root_estimate,
        incomplete,
    }
}

/// The median estimate of all the cubes so far.
fn median<C>(heap: &BinaryHeap<Open>, done: &[(Cube<C>, u64)]) -> f64 {
    let mut all: Vec<f64> = heap
        .iter()
        .map(|o| o.estimate)
        .chain(done.iter().map(|(c, _)| c.estimate))
        .collect();
    let mid = all.len() / 2;
    let (_, m, _) = all.select_nth_unstable_by(mid, f64::total_cmp);
    *m
}

/// The mean of `probes` random-probe estimates of the subtree below the
/// node the walk stands on (Knuth): each probe walks down to a leaf
/// through random branches and adds up the products of the numbers of
/// branches met.
fn estimate<T: SearchTree>(tree: &mut T, probes: u32, rng: &mut Rng, nodes: &mut u64) -> f64 {
    let mut sum = 0.0;
    for _ in 0..probes {
        let mut total = 1.0;
        let mut product = 1.0;
        let mut depth = 0usize;
        loop {
            *nodes += 1;
            let Node::Branches(len) = tree.node() else {
                break;
            };
            product *= f64::from(len);
            total += product;
            tree.down(rng.below(len));
            depth += 1;
        }
        for _ in 0..depth {
            tree.up();
        }
        sum += total;
    }
    sum / f64::from(probes)
}

/// xorshift64* seeded by SplitMix64 ([`crate::rng::mix`]): small, fast and
/// the same everywhere. Not SplitMix64 itself: the probes step by
/// xorshift64* from the mixed seed, and every cube split from a seed
/// depends on these bits, so the generator stays as it is.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(crate::rng::mix(seed) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_values_are_finite_and_in_range() {
        assert_eq!(SplitOptions::parse_max_estimate("1"), Ok(1.0));
        assert_eq!(SplitOptions::parse_balance("0"), Ok(0.0));
        assert_eq!(SplitOptions::parse_balance("1e9"), Ok(1e9));
        for bad in ["x", "", "1e400", "inf", "NaN"] {
            assert!(SplitOptions::parse_max_estimate(bad).is_err(), "{bad}");
            assert!(SplitOptions::parse_balance(bad).is_err(), "{bad}");
        }
        assert_eq!(
            SplitOptions::parse_max_estimate("inf")
                .unwrap_err()
                .to_string(),
            "`inf` is not a finite number"
        );
        assert_eq!(
            SplitOptions::parse_balance("-1").unwrap_err().to_string(),
            "-1: expected a ratio from 0 (off) to 1e9"
        );
        let asked = SplitOptions::asked(Some(10), Some(5.0), 3.0, 8, 2, Some(100), None);
        assert_eq!(
            (asked.cubes, asked.max_estimate, asked.balance),
            (Some(10), Some(5.0), Some(3.0))
        );
        assert_eq!(
            (asked.probes, asked.seed, asked.limits.max_nodes),
            (8, 2, Some(100))
        );
    }
    use crate::limits::Limits;
    use crate::{knuth, problems};

    fn sum(matrix: &Matrix, forced: &[OptionId], split: &Split) -> u128 {
        split
            .cubes
            .iter()
            .map(|c| {
                let all: Vec<OptionId> = forced.iter().chain(&c.path).copied().collect();
                let mut s = matrix.solver();
                for &o in &all {
                    s.force(o).unwrap();
                }
                let n = s.count(&Limits::none());
                assert!(n.is_complete());
                n.solutions
            })
            .sum()
    }

    #[test]
    fn cubes_add_up_on_known_problems() {
        // Langford pairs of 8: 150 pairings, 300 with mirror images (OEIS
        // A014552); 8 queens: 92 (OEIS A000170).
        for (text, expected) in [(problems::langford(8), 300), (problems::n_queens(8), 92)] {
            let m = knuth::parse(&text).unwrap();
            for n in [1, 2, 7, 50, 400] {
                let opts = SplitOptions {
                    cubes: Some(n),
                    ..SplitOptions::default()
                };
                let split = split(&m, &[], &opts).unwrap();
                assert!(split.cubes.len() >= n.min(2), "{n}: {}", split.cubes.len());
                assert_eq!(sum(&m, &[], &split), expected, "{n} cubes");
            }
        }
    }

    #[test]
    fn a_node_budget_bounds_every_estimate() {
        let m = knuth::parse(&problems::langford(9)).unwrap();
        let opts = SplitOptions {
            cubes: None,
            max_estimate: Some(200.0),
            ..SplitOptions::default()
        };
        let split = split(&m, &[], &opts).unwrap();
        assert!(split.cubes.iter().all(|c| c.estimate <= 200.0));
        assert!(split.cubes.len() > 10);
        assert!(split
            .cubes
            .windows(2)
            .all(|w| w[0].estimate >= w[1].estimate));
    }

    #[test]
    fn solved_and_dead_roots_make_one_cube() {
        // No option at all: a dead end. No primary item: one empty solution.
        let mut b = crate::ProblemBuilder::new();
        b.add_secondary("x").unwrap();
        for m in [knuth::parse("A\n").unwrap(), b.build().unwrap()] {
            let split = split(&m, &[], &SplitOptions::default()).unwrap();
            assert_eq!(split.cubes.len(), 1);
            assert!(split.cubes[0].path.is_empty());
        }
        // Langford 5 has no solution: everything is a dead end somewhere.
        let m = knuth::parse(&problems::langford(5)).unwrap();
        let split = split(&m, &[], &SplitOptions::default()).unwrap();
        assert_eq!(sum(&m, &[], &split), 0);
    }

    #[test]
    fn forced_options_are_respected() {
        let m = knuth::parse(&problems::n_queens(6)).unwrap();
        let mut s = m.solver();
        let first = s.first_solution(&Limits::none()).0.solution().unwrap();
        let forced = &first[..1];
        let split = split(&m, forced, &SplitOptions::default()).unwrap();
        assert!(split.cubes.iter().all(|c| !c.path.contains(&forced[0])));
        let direct = m.par_count(forced, &Limits::none()).unwrap().solutions;
        assert_eq!(sum(&m, forced, &split), direct);
    }

    #[test]
    fn never_more_cubes_than_the_maximum() {
        // 8 queens: the first row branches 8 ways, so a maximum of 10 cubes
        // stops after the first expansion or two, never above 10.
        let m = knuth::parse(&problems::n_queens(8)).unwrap();
        for max_cubes in [1, 5, 10, 30] {
            let opts = SplitOptions {
                cubes: Some(1000),
                max_cubes,
                ..SplitOptions::default()
            };
            let split = split(&m, &[], &opts).unwrap();
            assert!(
                split.cubes.len() <= max_cubes,
                "{max_cubes}: {}",
                split.cubes.len()
            );
            assert_eq!(sum(&m, &[], &split), 92);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_cubes() {
        let m = knuth::parse(&problems::langford(8)).unwrap();
        let a = split(&m, &[], &SplitOptions::default()).unwrap();
        let b = split(&m, &[], &SplitOptions::default()).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_split_stopped_by_a_limit_still_covers_the_search() {
        // Langford pairs of 8: 300 (OEIS A014552). Whatever node budget
        // stops the split, the cubes it returns still add up to the count.
        let m = knuth::parse(&problems::langford(8)).unwrap();
        let full = split(&m, &[], &SplitOptions::default()).unwrap();
        assert_eq!(full.incomplete, None);
        let mut stopped = 0;
        for max_nodes in [1, 50, 200, 1000, 3000] {
            let opts = SplitOptions {
                cubes: Some(400),
                limits: Limits::none().nodes(max_nodes),
                ..SplitOptions::default()
            };
            let split = split(&m, &[], &opts).unwrap();
            if split.incomplete.is_some() {
                stopped += 1;
                assert_eq!(split.incomplete, Some(Incomplete::NodeLimit));
                assert!(split.cubes.len() < 400, "{max_nodes}");
            }
            assert_eq!(sum(&m, &[], &split), 300, "{max_nodes} nodes");
        }
        assert!(stopped >= 3, "{stopped}");
    }

    #[test]
    fn a_passed_deadline_or_a_raised_flag_leaves_the_root_whole() {
        let m = knuth::parse(&problems::n_queens(8)).unwrap();
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        for (limits, why) in [
            (
                Limits::none().timeout(std::time::Duration::ZERO),
                Incomplete::Deadline,
            ),
            (Limits::none().cancel_flag(flag), Incomplete::Cancelled),
        ] {
            let opts = SplitOptions {
                limits,
                ..SplitOptions::default()
            };
            let split = split(&m, &[], &opts).unwrap();
            assert_eq!(split.incomplete, Some(why));
            assert_eq!(split.cubes.len(), 1);
            assert!(split.cubes[0].path.is_empty());
            assert_eq!(sum(&m, &[], &split), 92);
        }
    }
}
