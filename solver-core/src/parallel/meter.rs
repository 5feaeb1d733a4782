//! The meter that the workers of one parallel search share: one stop flag,
//! the first reason to stop, and the node and solution budgets counted
//! across every thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::limits::{Incomplete, Limits};

/// What the workers of one parallel search share: the first worker to
/// reach a limit stops the others.
///
/// The stop flag doubles as the workers' cancellation flag
/// ([`Limits::cancel`] of the limits each part runs under), so that an
/// engine that only polls its [`Limits`] stops as soon as another thread
/// raised it.
#[derive(Debug)]
pub struct Meter {
    stop: Arc<AtomicBool>,
    reason: Mutex<Option<Incomplete>>,
    nodes: AtomicU64,
    max_nodes: Option<u64>,
    solutions: AtomicU64,
    max_solutions: Option<u128>,
}

impl Meter {
    /// A meter for the node and solution budgets of `limits` (its deadline
    /// and cancellation flag are polled by the engines themselves).
    pub fn new(limits: &Limits) -> Meter {
        Meter {
            stop: Arc::new(AtomicBool::new(false)),
            reason: Mutex::new(None),
            nodes: AtomicU64::new(0),
            max_nodes: limits.max_nodes,
            solutions: AtomicU64::new(0),
            max_solutions: limits.max_solutions,
        }
    }

    /// Stops every worker, remembering the first reason given.
    pub fn raise(&self, why: Incomplete) {
        self.reason
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(why);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether some worker (or the caller's flag) stopped the search.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Why the search stopped: the first reason raised.
    pub fn reason(&self) -> Option<Incomplete> {
        *self.reason.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The stop flag, to be given to the workers as their cancellation flag.
    pub(crate) fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Counts nodes against the shared node budget (raising
    /// [`Incomplete::NodeLimit`] once it is spent).
    pub fn add_nodes(&self, new_nodes: u64) {
        let before = self
            .nodes
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                Some(n.saturating_add(new_nodes))
            })
            .unwrap_or_else(|n| n);
        if let Some(max) = self.max_nodes {
            if before.saturating_add(new_nodes) >= max {
                self.raise(Incomplete::NodeLimit);
            }
        }
    }

    /// The nodes left of the budget (`None`: no budget).
    pub fn nodes_left(&self) -> Option<u64> {
        self.max_nodes
            .map(|max| max.saturating_sub(self.nodes.load(Ordering::Relaxed)))
    }

    /// A worker's periodic check, with the nodes it explored since the
    /// last: [`Incomplete::Cancelled`] once the search is stopped.
    pub fn check(&self, new_nodes: u64) -> Option<Incomplete> {
        self.add_nodes(new_nodes);
        self.stopped().then_some(Incomplete::Cancelled)
    }

    /// Accounts for one solution against the solution limit; `false` if it
    /// is beyond the limit and must not be reported. Reaching the limit
    /// stops every worker.
    pub fn admit(&self) -> bool {
        let Some(max) = self.max_solutions else {
            return true;
        };
        let before = u128::from(self.solutions.fetch_add(1, Ordering::Relaxed));
        if before + 1 >= max {
            self.raise(Incomplete::SolutionLimit);
        }
        before < max
    }

    /// Adds `found` solutions to the shared tally; `false` once the tally
    /// reaches the solution limit (which stops every worker). Without a
    /// solution limit nothing is tallied.
    pub fn add_solutions(&self, found: u128) -> bool {
        let Some(max) = self.max_solutions else {
            return true;
        };
        let found = u64::try_from(found).unwrap_or(u64::MAX);
        let before = self
            .solutions
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                Some(n.saturating_add(found))
            })
            .unwrap_or_else(|n| n);
        if u128::from(before) + u128::from(found) >= max {
            self.raise(Incomplete::SolutionLimit);
            false
        } else {
            true
        }
    }

    /// The solutions tallied so far under a solution limit.
    pub fn solutions_found(&self) -> u128 {
        u128::from(self.solutions.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_reason_wins_and_budgets_raise_theirs() {
        let meter = Meter::new(&Limits::none().nodes(10).solutions(3));
        meter.add_nodes(4);
        assert_eq!(meter.nodes_left(), Some(6));
        assert!(!meter.stopped());
        assert!(meter.add_solutions(2));
        assert!(!meter.add_solutions(1));
        assert_eq!(meter.reason(), Some(Incomplete::SolutionLimit));
        assert!(meter.stopped());
        meter.add_nodes(u64::MAX);
        assert_eq!(meter.nodes_left(), Some(0));
        assert_eq!(meter.reason(), Some(Incomplete::SolutionLimit));
        assert_eq!(meter.check(0), Some(Incomplete::Cancelled));
    }

    #[test]
    fn admit_lets_exactly_the_limit_through() {
        let meter = Meter::new(&Limits::none().solutions(2));
        assert!(meter.admit());
        assert!(!meter.stopped());
        assert!(meter.admit());
        assert!(meter.stopped());
        assert!(!meter.admit());
        let unlimited = Meter::new(&Limits::none());
        assert!((0..1000).all(|_| unlimited.admit()));
        assert!(!unlimited.stopped());
    }
}
