//! Limits on a search, why a search stopped early, and its statistics.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many nodes (states for the diagram, decisions or conflicts for clause
/// learning) an engine searches between two checks of its [`Limits`]: the
/// clock, the cancellation flag and a parallel search's shared budget. One
/// interval for every engine of the workspace (Dancing Links and Cells, the
/// diagram, the bit-parallel Sudoku engines), so that each stops as soon as
/// the others after a deadline or Ctrl-C.
pub const CHECK_EVERY: u32 = 256;

/// Limits that stop a search early. The default is no limit at all.
///
/// A search stopped by a limit says so ([`Incomplete`]); it never presents a
/// partial count as the answer.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop once this many solutions have been found.
    pub max_solutions: Option<u128>,
    /// Stop after this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this flag becomes true (set it from another thread, or from a
    /// signal handler).
    pub cancel: Option<Arc<AtomicBool>>,
    /// The bytes a search may spend on memo tables (`--max-memory`): the
    /// sparse-set count keeps its table of subproblem counts within it, and
    /// counts by plain search (exactly, only slower) when even the smallest
    /// table does not fit. A parallel count divides it among its threads.
    /// `None`: the search's own default.
    pub max_memory: Option<u64>,
}

impl Limits {
    /// No limit.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Stop once `n` solutions have been found.
    pub fn solutions(mut self, n: u128) -> Self {
        self.max_solutions = Some(n);
        self
    }

    /// Stop after `n` search-tree nodes.
    pub fn nodes(mut self, n: u64) -> Self {
        self.max_nodes = Some(n);
        self
    }

    /// Stop `timeout` from now.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.deadline = Instant::now().checked_add(timeout);
        self
    }

    /// Spend at most `bytes` on memo tables.
    pub fn memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self
    }

    /// Stop when `flag` becomes true.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Which time or cancellation limit has been reached, if any (the node
    /// and solution limits are counted by the search, not here). A caller
    /// that runs several searches under one set of limits polls this
    /// between them.
    pub fn interrupted(&self) -> Option<Incomplete> {
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(Incomplete::Cancelled);
            }
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Some(Incomplete::Deadline),
            _ => None,
        }
    }
}

/// Why a search stopped before it had explored everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Incomplete {
    /// The solution limit was reached; there may be more solutions.
    SolutionLimit,
    /// The node budget ran out.
    NodeLimit,
    /// The deadline passed.
    Deadline,
    /// The cancellation flag was raised.
    Cancelled,
    /// The caller's callback asked to stop.
    Stopped,
    /// The memory budget ran out (memoized counting: `--max-memory`).
    MemoryLimit,
}

impl std::fmt::Display for Incomplete {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Incomplete::SolutionLimit => "solution limit reached",
            Incomplete::NodeLimit => "node limit reached",
            Incomplete::Deadline => "time limit reached",
            Incomplete::Cancelled => "cancelled",
            Incomplete::Stopped => "stopped by the caller",
            Incomplete::MemoryLimit => "memory limit reached",
        })
    }
}

/// What a search did, in Knuth's measures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Search-tree nodes: how many times the search entered a level.
    pub nodes: u64,
    /// Link updates: how many times a node was removed from its item's list.
    pub updates: u64,
    /// Solutions found (visited).
    pub solutions: u128,
    /// What the memo of subproblem counts inside the sparse-set count did
    /// (all zero where it did not run); summed over threads.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "SearchMemo::is_unused")
    )]
    pub memo: SearchMemo,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
        self.memo += other.memo;
    }
}

/// The memo of subproblem counts that the sparse-set count keeps at its
/// branching nodes (after Nishino et al.'s DXZ): what it did. Each subtree
/// of a parallel search keeps its own table, so its figures are sums (but
/// `bytes`, the largest table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SearchMemo {
    /// Branching nodes whose subproblem was looked up.
    pub lookups: u64,
    /// Lookups answered from the table: subtrees not searched again.
    pub hits: u64,
    /// Subproblem counts stored.
    pub entries: u64,
    /// The largest table one count held, in bytes (summed figures would
    /// add up the tables of subtrees counted one after another; a parallel
    /// count holds one table a thread at a time, each within its share of
    /// the budget).
    pub bytes: u64,
    /// Levels of the search where it turned itself off (its hits there did
    /// not pay for its lookups).
    pub levels_off: u64,
    /// Counts that went without the memo because its smallest table did not
    /// fit the memory budget ([`Limits::max_memory`]): searched in full,
    /// exactly.
    pub over_budget: u64,
}

impl SearchMemo {
    /// Whether the memo did nothing (it never looked a subproblem up, and
    /// no budget turned it away).
    pub fn is_unused(&self) -> bool {
        self.lookups == 0 && self.over_budget == 0
    }
}

impl std::ops::AddAssign for SearchMemo {
    fn add_assign(&mut self, other: SearchMemo) {
        self.lookups += other.lookups;
        self.hits += other.hits;
        self.entries += other.entries;
        self.bytes = self.bytes.max(other.bytes);
        self.levels_off += other.levels_off;
        self.over_budget += other.over_budget;
    }
}

/// How a search ended: its statistics, and whether it explored everything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Outcome {
    /// What the search did.
    pub stats: Stats,
    /// `None` when the search explored everything; otherwise why it stopped.
    pub incomplete: Option<Incomplete>,
}

impl Outcome {
    /// Whether the whole search space was explored.
    pub fn is_complete(&self) -> bool {
        self.incomplete.is_none()
    }
}

/// The result of counting: exact when complete, a lower bound otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Count {
    /// Solutions found. When the count is incomplete this is only a lower
    /// bound: there may be more.
    pub solutions: u128,
    /// Statistics and completeness.
    pub outcome: Outcome,
}

impl Count {
    /// Whether `solutions` is the exact number of solutions.
    pub fn is_complete(&self) -> bool {
        self.outcome.is_complete()
    }
}

/// The result of looking for one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found<T> {
    /// A solution.
    Solution(T),
    /// The search space was exhausted: there is no solution.
    NoSolution,
    /// A limit stopped the search before it found a solution or proved there
    /// is none.
    GaveUp(Incomplete),
}

impl<T> Found<T> {
    /// The solution, if one was found.
    pub fn solution(self) -> Option<T> {
        match self {
            Found::Solution(s) => Some(s),
            _ => None,
        }
    }

    /// Applies `f` to the solution.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Found<U> {
        match self {
            Found::Solution(s) => Found::Solution(f(s)),
            Found::NoSolution => Found::NoSolution,
            Found::GaveUp(why) => Found::GaveUp(why),
        }
    }
}

/// A snapshot for progress reports, in the spirit of Knuth's: where the search
/// is and roughly how much of the tree it has explored.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// Nodes so far.
    pub nodes: u64,
    /// Solutions so far.
    pub solutions: u128,
    /// Current depth.
    pub level: usize,
    /// For each level from the top, `(k, d)`: the search is trying choice `k`
    /// (from 1) of `d`.
    pub path: Vec<(u32, u32)>,
    /// Estimated fraction of the tree explored, from the path (Knuth's
    /// estimate: the sum over levels of `(k - 1) / (d_1 ... d_l)`).
    pub fraction: f64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// A function that receives progress reports.
pub type ProgressHook = Box<dyn FnMut(&Progress) + Send>;
