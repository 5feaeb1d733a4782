//! Dancing Links and Dancing Cells on every thread: the matrix's start
//! (its forced options) split by the options of the item the search would
//! branch on ([`Splittable`] over paths of options), each part forced on a
//! worker's own [`Solver`] and searched there, under the one driver
//! ([`run_parts`]). The parts are disjoint and together cover the whole
//! tree, so no solution is found twice and counts equal the sequential
//! count exactly.

use std::ops::ControlFlow;

use super::meter::Meter;
use super::parts::{run_parts, PartsRun};
use super::split::{split, Branching, SplitGoal, Splittable};
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
/// Below this depth a level of the split that makes no more subtrees ends
/// it.
const SPLIT_PATIENCE: usize = 4;

/// A solver with the matrix's forced options, branching on the item with
/// the fewest options (as the search does): a part is the path of options
/// chosen below the forced ones.
impl Splittable for Solver {
    type Part = Vec<OptionId>;

    fn branch(&mut self, path: &Vec<OptionId>, children: &mut Vec<Vec<OptionId>>) -> Branching {
        for &o in path {
            self.force(o).expect("a subtree's options are compatible");
        }
        let branching = if self.links[0].1 == 0 {
            // Every primary item is covered: a solution.
            Branching::Leaf
        } else {
            let (i, _) = choose(self);
            let mut x = self.nodes[i as usize].down;
            while x != i {
                let mut child = path.clone();
                child.push(self.option_of(x));
                children.push(child);
                x = self.nodes[x as usize].down;
            }
            Branching::Split
        };
        for _ in path {
            self.release();
        }
        branching
    }
}

impl Matrix {
    fn par_run<W>(
        &self,
        forced: &[OptionId],
        limits: &Limits,
        work: W,
    ) -> Result<Outcome, ForceError>
    where
        W: Fn(&mut Solver, &Limits, &Meter) -> Outcome + Sync + Send,
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
        let goal = SplitGoal {
            patience: SPLIT_PATIENCE,
            ..SplitGoal::levels(target, MAX_SPLIT_DEPTH)
        };
        let parts = split(&mut root, Vec::new(), &goal, limits);
        let run = PartsRun {
            // The split's own link updates (it explores the top of the tree).
            spent: Stats {
                nodes: parts.nodes,
                updates: root.updates - updates_before_split,
                ..Stats::default()
            },
            engine_meters_nodes: true,
            ..PartsRun::new(limits)
        };
        let outcome = run_parts(
            &parts.parts,
            &run,
            || forced_solver().expect("forced options were checked"),
            |s, prefix, worker_limits, meter| {
                let updates_before_force = s.updates;
                for &o in prefix {
                    s.force(o).expect("a subtree's options are compatible");
                }
                let forced_updates = s.updates - updates_before_force;
                let mut outcome = work(s, worker_limits, meter);
                // The search counts the updates below the subtree's
                // root; forcing its path did some too.
                outcome.stats.updates += forced_updates;
                for _ in prefix {
                    s.release();
                }
                Ok::<_, ForceError>(outcome)
            },
        )?;
        let mut outcome = outcome;
        if outcome.incomplete.is_none() {
            outcome.incomplete = limits.interrupted();
        }
        Ok(outcome)
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
        let outcome = self.par_run(forced, limits, |s, worker_limits, meter| match max {
            None => {
                Solutions::new(s, worker_limits, Some(meter))
                    .count_all(counter)
                    .outcome
            }
            Some(max) if counter == Counter::Cells => {
                let room = max.saturating_sub(meter.solutions_found());
                if room == 0 {
                    meter.raise(Incomplete::SolutionLimit);
                    return Outcome::default();
                }
                let mine = Limits {
                    max_solutions: Some(room),
                    ..worker_limits.clone()
                };
                let outcome = Solutions::new(s, &mine, Some(meter))
                    .count_all(counter)
                    .outcome;
                meter.add_solutions(outcome.stats.solutions);
                outcome
            }
            Some(_) => {
                let mut search = Solutions::new(s, worker_limits, Some(meter));
                search.set_record(false);
                run_callback(search, |_| {
                    if meter.admit() && !meter.stopped() {
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
        self.par_run(forced, limits, |s, worker_limits, meter| {
            let search = Solutions::new(s, worker_limits, Some(meter));
            run_callback(search, |solution| {
                if !meter.admit() {
                    return ControlFlow::Break(());
                }
                if visit(solution).is_break() {
                    meter.raise(Incomplete::Stopped);
                    return ControlFlow::Break(());
                }
                if meter.stopped() {
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
