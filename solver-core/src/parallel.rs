//! Parallel search with rayon over disjoint subtrees.
//!
//! The top of the search tree is expanded, one level at a time, until there
//! are enough subtrees to keep every thread busy (a level where the branching
//! item has few options is simply passed through). Each subtree is named by
//! the options chosen on its way down; a worker forces them on its own
//! [`Solver`] and searches what remains. Subtrees are disjoint and together
//! cover the whole tree, so no solution is found twice and counts equal the
//! sequential count exactly. Limits are shared: the first thread to reach one
//! stops them all.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::counter::Counter;
use crate::error::ForceError;
use crate::ids::OptionId;
use crate::limits::{Count, Incomplete, Limits, Outcome, Stats};
use crate::matrix::Matrix;
use crate::search::{choose, run_callback, Solutions};
use crate::solver::Solver;

/// Subtrees per thread: enough for rayon's work stealing to even out
/// unbalanced subtrees.
const SUBTREES_PER_THREAD: usize = 64;
/// The split never goes deeper than this.
const MAX_SPLIT_DEPTH: usize = 16;

/// State shared by the workers of one parallel search.
pub(crate) struct Shared {
    stop: AtomicBool,
    reason: Mutex<Option<Incomplete>>,
    nodes: AtomicU64,
    max_nodes: Option<u64>,
    solutions: AtomicU64,
}

impl Shared {
    fn new(limits: &Limits) -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            reason: Mutex::new(None),
            nodes: AtomicU64::new(0),
            max_nodes: limits.max_nodes,
            solutions: AtomicU64::new(0),
        }
    }

    /// Stops every worker, remembering the first reason given.
    fn raise(&self, why: Incomplete) {
        let mut reason = self.reason.lock().unwrap_or_else(|e| e.into_inner());
        reason.get_or_insert(why);
        self.stop.store(true, Ordering::Relaxed);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn reason(&self) -> Option<Incomplete> {
        *self.reason.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts nodes against the shared node budget.
    pub(crate) fn add_nodes(&self, new_nodes: u64) {
        let total = self.nodes.fetch_add(new_nodes, Ordering::Relaxed) + new_nodes;
        if let Some(max) = self.max_nodes {
            if total >= max {
                self.raise(Incomplete::NodeLimit);
            }
        }
    }

    /// A worker's periodic check, with the nodes it explored since the last.
    pub(crate) fn check(&self, new_nodes: u64) -> Option<Incomplete> {
        self.add_nodes(new_nodes);
        self.stopped().then_some(Incomplete::Cancelled)
    }

    /// Accounts for one solution against the solution limit; `false` if it is
    /// beyond the limit and must not be reported.
    fn admit(&self, max: Option<u128>) -> bool {
        let Some(max) = max else { return true };
        let before = u128::from(self.solutions.fetch_add(1, Ordering::Relaxed));
        if before + 1 >= max {
            self.raise(Incomplete::SolutionLimit);
        }
        before < max
    }

    /// The solutions the workers have added so far
    /// ([`add_solutions`](Self::add_solutions)).
    fn solutions_found(&self) -> u128 {
        u128::from(self.solutions.load(Ordering::Relaxed))
    }

    /// Adds a subtree's count; stops every worker once the total reaches
    /// `max`.
    fn add_solutions(&self, found: u128, max: u128) {
        let found = u64::try_from(found).unwrap_or(u64::MAX);
        let before = self
            .solutions
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                Some(n.saturating_add(found))
            })
            .unwrap_or_else(|n| n);
        if u128::from(before) + u128::from(found) >= max {
            self.raise(Incomplete::SolutionLimit);
        }
    }
}

/// The options leading to each subtree of the split, and the nodes spent.
fn split(solver: &mut Solver, target: usize, limits: &Limits) -> (Vec<Vec<OptionId>>, u64) {
    let mut nodes = 0;
    let mut prefixes = vec![Vec::new()];
    for depth in 1..=MAX_SPLIT_DEPTH {
        if limits.interrupted().is_some() {
            break;
        }
        let mut deeper = Vec::new();
        expand(solver, depth, &mut Vec::new(), &mut deeper, &mut nodes);
        let grew = deeper.len() > prefixes.len();
        let all_solved = deeper.iter().all(|p| p.len() < depth);
        prefixes = deeper;
        if prefixes.len() >= target || all_solved || (!grew && depth > 4) {
            break;
        }
    }
    (prefixes, nodes)
}

/// Collects the paths to every node at `depth` (or to a solution above it).
fn expand(
    s: &mut Solver,
    depth: usize,
    path: &mut Vec<OptionId>,
    out: &mut Vec<Vec<OptionId>>,
    nodes: &mut u64,
) {
    *nodes += 1;
    if path.len() == depth || s.links[0].1 == 0 {
        out.push(path.clone());
        return;
    }
    let (i, len) = choose(s);
    if len == 0 {
        return;
    }
    s.cover(i);
    let mut x = s.nodes[i as usize].down;
    while x != i {
        s.commit_others(x);
        path.push(s.option_of(x));
        expand(s, depth, path, out, nodes);
        path.pop();
        s.uncommit_others(x);
        x = s.nodes[x as usize].down;
    }
    s.uncover(i);
}

impl Matrix {
    fn par_run<W>(
        &self,
        forced: &[OptionId],
        limits: &Limits,
        work: W,
    ) -> Result<Outcome, ForceError>
    where
        W: Fn(&mut Solver, &Limits, &Shared) -> Outcome + Sync,
    {
        let forced_solver = || -> Result<Solver, ForceError> {
            let mut s = self.solver();
            for &o in forced {
                s.force(o)?;
            }
            Ok(s)
        };
        let mut root = forced_solver()?;
        let threads = rayon::current_num_threads();
        let target = if threads > 1 {
            threads * SUBTREES_PER_THREAD
        } else {
            1
        };
        let updates_before_split = root.updates;
        let (prefixes, split_nodes) = split(&mut root, target, limits);
        // The split's own link updates (it explores the top of the tree).
        let split_updates = root.updates - updates_before_split;
        let shared = Shared::new(limits);
        shared.add_nodes(split_nodes);
        // Each worker keeps its own memo: the budget is shared out.
        let worker_limits = Limits {
            max_solutions: None,
            max_nodes: None,
            max_memory: limits.max_memory.map(|m| m / threads as u64),
            ..limits.clone()
        };
        let stats = prefixes
            .par_iter()
            .map_init(
                || forced_solver().expect("forced options were checked"),
                |s, prefix| {
                    if shared.stopped() {
                        return Outcome::default();
                    }
                    let updates_before_force = s.updates;
                    for &o in prefix {
                        s.force(o).expect("a subtree's options are compatible");
                    }
                    let forced_updates = s.updates - updates_before_force;
                    let mut outcome = work(s, &worker_limits, &shared);
                    // The search counts the updates below the subtree's
                    // root; forcing its path did some too.
                    outcome.stats.updates += forced_updates;
                    for _ in prefix {
                        s.release();
                    }
                    if let Some(why) = outcome.incomplete {
                        if why != Incomplete::Cancelled || !shared.stopped() {
                            shared.raise(why);
                        }
                    }
                    outcome
                },
            )
            .map(|o| o.stats)
            .reduce(Stats::default, |mut a, b| {
                a += b;
                a
            });
        let mut stats = stats;
        stats.nodes += split_nodes;
        stats.updates += split_updates;
        let mut incomplete = shared.reason();
        if incomplete.is_none() {
            incomplete = limits.interrupted();
        }
        if let (Some(max), Some(Incomplete::SolutionLimit)) = (limits.max_solutions, incomplete) {
            stats.solutions = stats.solutions.min(max);
        }
        Ok(Outcome { stats, incomplete })
    }

    /// Counts the solutions that contain the `forced` options, by Dancing
    /// Links on every thread of the current rayon pool. The count equals the
    /// sequential count exactly; with `limits.max_solutions` all threads
    /// stop as soon as that many solutions are found (a limit of 2 is the
    /// uniqueness check). [`par_count_with`](Self::par_count_with) counts
    /// by the counter the caller's plan names.
    ///
    /// ```
    /// use solver_core::{knuth, Limits};
    ///
    /// let matrix = knuth::parse(&solver_core::problems::n_queens(8))?;
    /// assert_eq!(matrix.par_count(&[], &Limits::none())?.solutions, 92);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn par_count(&self, forced: &[OptionId], limits: &Limits) -> Result<Count, ForceError> {
        self.par_count_with(Counter::Links, forced, limits)
    }

    /// [`par_count`](Self::par_count) by `counter` on every thread. With a
    /// solution limit, Dancing Links admit the solutions one by one and
    /// every thread stops as soon as the threads together reach it; Dancing
    /// Cells count each subtree up to what the limit leaves of it (the
    /// solutions the other threads have added so far), so the sum reaches
    /// the limit exactly when there are that many (the count is then the
    /// limit, marked incomplete).
    pub fn par_count_with(
        &self,
        counter: Counter,
        forced: &[OptionId],
        limits: &Limits,
    ) -> Result<Count, ForceError> {
        let max = limits.max_solutions;
        let outcome = self.par_run(forced, limits, |s, worker_limits, shared| match max {
            None => {
                Solutions::new(s, worker_limits, Some(shared))
                    .count_all(counter)
                    .outcome
            }
            Some(max) if counter == Counter::Cells => {
                let room = max.saturating_sub(shared.solutions_found());
                if room == 0 {
                    shared.raise(Incomplete::SolutionLimit);
                    return Outcome::default();
                }
                let mine = Limits {
                    max_solutions: Some(room),
                    ..worker_limits.clone()
                };
                let outcome = Solutions::new(s, &mine, Some(shared))
                    .count_all(counter)
                    .outcome;
                shared.add_solutions(outcome.stats.solutions, max);
                outcome
            }
            Some(_) => {
                let mut search = Solutions::new(s, worker_limits, Some(shared));
                search.set_record(false);
                run_callback(search, |_| {
                    if shared.admit(max) && !shared.stopped() {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                })
            }
        })?;
        Ok(Count {
            solutions: outcome.stats.solutions,
            outcome,
        })
    }

    /// Calls `visit`, from several threads at once, with every solution that
    /// contains the `forced` options, until it returns
    /// [`ControlFlow::Break`] or a limit stops the search. Solutions arrive in
    /// no particular order, each exactly once.
    pub fn par_for_each_solution<F>(
        &self,
        forced: &[OptionId],
        limits: &Limits,
        visit: F,
    ) -> Result<Outcome, ForceError>
    where
        F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
    {
        let max = limits.max_solutions;
        self.par_run(forced, limits, |s, worker_limits, shared| {
            let search = Solutions::new(s, worker_limits, Some(shared));
            run_callback(search, |solution| {
                if !shared.admit(max) {
                    return ControlFlow::Break(());
                }
                if visit(solution).is_break() {
                    shared.raise(Incomplete::Stopped);
                    return ControlFlow::Break(());
                }
                if shared.stopped() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::knuth;
    use crate::limits::Limits;

    /// The domino tilings of a `rows x cols` board in Knuth's format: an
    /// item per cell, an option per domino.
    fn dominoes(rows: usize, cols: usize) -> String {
        let cell = |r: usize, c: usize| format!("r{r}c{c}");
        let mut text: Vec<String> = Vec::new();
        let items: Vec<String> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| cell(r, c))
            .collect();
        text.push(items.join(" "));
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    text.push(format!("{} {}", cell(r, c), cell(r, c + 1)));
                }
                if r + 1 < rows {
                    text.push(format!("{} {}", cell(r, c), cell(r + 1, c)));
                }
            }
        }
        text.join("\n")
    }

    /// A solution limit on every thread, by either counter: the count is
    /// the limit (marked incomplete) when there are that many solutions,
    /// else every solution (complete). The 8 queens have 92 solutions (a
    /// known count), and the 4x4 board 36 domino tilings.
    #[test]
    fn a_solution_limit_holds_on_every_thread_by_either_counter() {
        use crate::{Counter, Incomplete};
        let problems = [
            (knuth::parse(&crate::problems::n_queens(8)).unwrap(), 92u128),
            (knuth::parse(&dominoes(4, 4)).unwrap(), 36),
        ];
        for (matrix, total) in &problems {
            for threads in [1, 2, 3] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                for counter in [Counter::Links, Counter::Cells] {
                    for max in [0, 1, 2, 7, total - 1, *total, total + 1, 1000] {
                        let limits = Limits::none().solutions(max);
                        let count = pool
                            .install(|| matrix.par_count_with(counter, &[], &limits))
                            .unwrap();
                        let what = format!("{counter:?}, {threads} threads, limit {max}");
                        if max <= *total {
                            assert_eq!(count.solutions, max, "{what}");
                            assert_eq!(
                                count.outcome.incomplete,
                                Some(Incomplete::SolutionLimit),
                                "{what}"
                            );
                        } else {
                            assert_eq!(count.solutions, *total, "{what}");
                            assert_eq!(count.outcome.incomplete, None, "{what}");
                        }
                    }
                }
            }
        }
    }

    /// Issue 20: `"updates":0` at `-j 2`. The parallel statistics add up the
    /// link updates of the split, of forcing each subtree's path and of the
    /// subtrees' searches, so they are at least the sequential search's
    /// (every node of the tree is explored by one of them).
    #[test]
    fn parallel_updates_add_up() {
        let matrix = knuth::parse(&dominoes(3, 4)).unwrap();
        let sequential = matrix.solver().count(&Limits::none());
        // A 3x4 board has 11 domino tilings.
        assert_eq!(sequential.solutions, 11);
        assert!(sequential.outcome.stats.updates > 0);
        for threads in [1, 2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let parallel = pool.install(|| matrix.par_count(&[], &Limits::none()).unwrap());
            assert_eq!(parallel.solutions, 11);
            assert!(
                parallel.outcome.stats.updates >= sequential.outcome.stats.updates,
                "{threads} threads: {:?} against {:?}",
                parallel.outcome.stats,
                sequential.outcome.stats
            );
        }
    }
}
