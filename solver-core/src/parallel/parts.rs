//! The one driver: disjoint parts of a search counted (or enumerated) on
//! every thread of the current rayon pool, under one [`Meter`].

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use rayon::prelude::*;

use super::meter::Meter;
use crate::limits::{Incomplete, Limits, Outcome, Stats};

/// How often the caller's cancellation flag is looked at while the parts
/// run (the workers poll the meter's stop flag instead).
const POLL: Duration = Duration::from_millis(5);

/// How the parts of one search are run.
#[derive(Clone, Copy, Debug)]
pub struct PartsRun<'a> {
    /// The caller's limits. The node and solution budgets are shared by
    /// every part through the [`Meter`]; the deadline holds for each; the
    /// cancellation flag stops them all; the memory budget is divided
    /// among the threads.
    pub limits: &'a Limits,
    /// What was spent before the parts (the split): added to the total and
    /// counted against the node budget.
    pub spent: Stats,
    /// The engine reports every node it explores to the meter itself
    /// ([`Meter::check`], [`Meter::add_nodes`]); otherwise the driver
    /// counts each part's nodes when it is done.
    pub engine_meters_nodes: bool,
    /// Grows by one as each part is done (a progress display reads it).
    pub done: Option<&'a AtomicU64>,
}

impl<'a> PartsRun<'a> {
    /// Parts run under `limits`, with nothing spent before them.
    pub fn new(limits: &'a Limits) -> PartsRun<'a> {
        PartsRun {
            limits,
            spent: Stats::default(),
            engine_meters_nodes: false,
            done: None,
        }
    }
}

/// Runs `work` on every part of `parts` on the threads of the current
/// rayon pool and adds up what they did: statistics summed (solutions in
/// `u128`), the first reason to stop (an engine's limit, or the caller's
/// flag) wins and stops every other worker, and so does the first error,
/// which is returned. `init` makes one worker's scratch (its engine);
/// `work(scratch, part, limits, meter)` searches one part under the limits
/// given (the shared budgets left, the meter's stop flag as its
/// cancellation flag) and may tally solutions in the meter
/// ([`Meter::admit`], [`Meter::add_solutions`]) to keep a solution limit
/// across threads. A count that reaches the solution limit is the limit,
/// marked [`Incomplete::SolutionLimit`]; a part that no worker reached is
/// never counted as done.
pub fn run_parts<P, T, E, I, W>(
    parts: &[P],
    run: &PartsRun<'_>,
    init: I,
    work: W,
) -> Result<Outcome, E>
where
    P: Sync,
    E: Send,
    I: Fn() -> T + Sync + Send,
    W: Fn(&mut T, &P, &Limits, &Meter) -> Result<Outcome, E> + Sync + Send,
{
    let limits = run.limits;
    let meter = Meter::new(limits);
    meter.add_nodes(run.spent.nodes);
    let threads = rayon::current_num_threads().max(1) as u64;
    let worker = Limits {
        max_solutions: None,
        max_nodes: None,
        deadline: limits.deadline,
        cancel: Some(meter.stop_flag()),
        max_memory: limits.max_memory.map(|m| m / threads),
    };
    let failed: Mutex<Option<E>> = Mutex::new(None);
    let finished = AtomicBool::new(false);
    let stats = std::thread::scope(|scope| {
        let forward = limits.cancel.as_ref().map(|user| {
            let (meter, finished) = (&meter, &finished);
            scope.spawn(move || {
                while !finished.load(Ordering::Relaxed) {
                    if user.load(Ordering::Relaxed) {
                        meter.raise(Incomplete::Cancelled);
                        return;
                    }
                    std::thread::park_timeout(POLL);
                }
            })
        });
        let stats = parts
            .par_iter()
            .map_init(&init, |scratch, part| {
                let stats = run_part(scratch, part, run, &worker, &meter, &failed, &work);
                if let Some(done) = run.done {
                    done.fetch_add(1, Ordering::Relaxed);
                }
                stats
            })
            .reduce(Stats::default, |mut a, b| {
                a += b;
                a
            });
        finished.store(true, Ordering::Relaxed);
        if let Some(forward) = forward {
            forward.thread().unpark();
        }
        stats
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut stats = stats;
    stats += run.spent;
    let mut incomplete = meter.reason();
    if let Some(max) = limits.max_solutions {
        if stats.solutions >= max {
            // Workers racing to the limit may pass it together.
            stats.solutions = max;
            incomplete = Some(Incomplete::SolutionLimit);
        }
    }
    Ok(Outcome { stats, incomplete })
}

/// One part: skipped once the search is stopped, the caller's flag raised,
/// its deadline passed or the node budget spent.
fn run_part<P, T, E, W>(
    scratch: &mut T,
    part: &P,
    run: &PartsRun<'_>,
    worker: &Limits,
    meter: &Meter,
    failed: &Mutex<Option<E>>,
    work: &W,
) -> Stats
where
    W: Fn(&mut T, &P, &Limits, &Meter) -> Result<Outcome, E>,
{
    if meter.stopped() {
        return Stats::default();
    }
    // The caller's flag and deadline, looked at before each part as well:
    // a part may start (and finish) before the flag is passed on.
    if let Some(why) = run.limits.interrupted() {
        meter.raise(why);
        return Stats::default();
    }
    let mut mine = worker.clone();
    if let Some(left) = meter.nodes_left() {
        if left == 0 {
            meter.raise(Incomplete::NodeLimit);
            return Stats::default();
        }
        mine.max_nodes = Some(left);
    }
    let outcome = match work(scratch, part, &mine, meter) {
        Ok(outcome) => outcome,
        Err(e) => {
            failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
            meter.raise(Incomplete::Stopped);
            return Stats::default();
        }
    };
    if !run.engine_meters_nodes {
        meter.add_nodes(outcome.stats.nodes);
    }
    if let Some(why) = outcome.incomplete {
        // A worker stopped by the meter's flag says `Cancelled`: the
        // reason is already raised.
        if why != Incomplete::Cancelled || !meter.stopped() {
            meter.raise(why);
        }
    }
    outcome.stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Part `k` holds `k` solutions, found one node each; the sum of
    /// 0..n is n(n-1)/2.
    fn count_to(k: &u64, limits: &Limits, meter: &Meter) -> Result<Outcome, String> {
        let mut stats = Stats::default();
        for _ in 0..*k {
            if let Some(max) = limits.max_nodes {
                if stats.nodes >= max {
                    return Ok(Outcome {
                        stats,
                        incomplete: Some(Incomplete::NodeLimit),
                    });
                }
            }
            if let Some(why) = limits.interrupted() {
                return Ok(Outcome {
                    stats,
                    incomplete: Some(why),
                });
            }
            stats.nodes += 1;
            stats.solutions += 1;
            if !meter.add_solutions(1) {
                return Ok(Outcome {
                    stats,
                    incomplete: Some(Incomplete::Stopped),
                });
            }
        }
        Ok(Outcome {
            stats,
            incomplete: None,
        })
    }

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn counts_add_up_on_any_number_of_threads() {
        let parts: Vec<u64> = (0..200).collect();
        for threads in [1, 2, 3] {
            let limits = Limits::none();
            let run = PartsRun {
                spent: Stats {
                    nodes: 5,
                    ..Stats::default()
                },
                ..PartsRun::new(&limits)
            };
            let done = pool(threads)
                .install(|| run_parts(&parts, &run, || (), |(), k, l, m| count_to(k, l, m)))
                .unwrap();
            assert_eq!(done.stats.solutions, 200 * 199 / 2);
            assert_eq!(done.stats.nodes, 200 * 199 / 2 + 5);
            assert_eq!(done.incomplete, None);
        }
    }

    #[test]
    fn a_solution_limit_is_exact_and_a_node_limit_stops() {
        let parts: Vec<u64> = (0..200).collect();
        for threads in [1, 2, 3] {
            for max in [0, 1, 7, 19_899, 19_900, 19_901] {
                let limits = Limits::none().solutions(max);
                let run = PartsRun::new(&limits);
                let done = pool(threads)
                    .install(|| run_parts(&parts, &run, || (), |(), k, l, m| count_to(k, l, m)))
                    .unwrap();
                if max <= 19_900 {
                    assert_eq!(done.stats.solutions, max, "{threads} threads, {max}");
                    assert_eq!(done.incomplete, Some(Incomplete::SolutionLimit));
                } else {
                    assert_eq!(done.stats.solutions, 19_900);
                    assert_eq!(done.incomplete, None);
                }
            }
            let limits = Limits::none().nodes(1000);
            let done = pool(threads)
                .install(|| {
                    run_parts(
                        &parts,
                        &PartsRun::new(&limits),
                        || (),
                        |(), k, l, m| count_to(k, l, m),
                    )
                })
                .unwrap();
            assert_eq!(done.incomplete, Some(Incomplete::NodeLimit));
            assert!(done.stats.solutions < 19_900);
        }
    }

    #[test]
    fn the_first_error_is_returned_and_the_callers_flag_cancels() {
        let parts: Vec<u64> = (0..200).collect();
        let limits = Limits::none();
        let failed = pool(2).install(|| {
            run_parts(
                &parts,
                &PartsRun::new(&limits),
                || (),
                |(), k, l, m| {
                    if *k == 150 {
                        Err(format!("part {k}"))
                    } else {
                        count_to(k, l, m)
                    }
                },
            )
        });
        assert_eq!(failed.unwrap_err(), "part 150");
        let limits = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
        let done = AtomicU64::new(0);
        let run = PartsRun {
            done: Some(&done),
            ..PartsRun::new(&limits)
        };
        // Parts that take no time at all still see a flag raised before
        // the start: none is counted.
        let cancelled = pool(2)
            .install(|| run_parts(&parts, &run, || (), |(), k, l, m| count_to(k, l, m)))
            .unwrap();
        assert_eq!(cancelled.incomplete, Some(Incomplete::Cancelled));
        assert_eq!(cancelled.stats.solutions, 0);
        assert_eq!(done.load(Ordering::Relaxed), 200);
        // A flag raised while the parts run reaches the workers' limits.
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::none().cancel_flag(Arc::clone(&flag));
        let raised = pool(2)
            .install(|| {
                run_parts(
                    &parts,
                    &PartsRun::new(&limits),
                    || (),
                    |(), k, l, m| {
                        if *k == 0 {
                            flag.store(true, Ordering::Relaxed);
                            // Waits for the flag to be passed on to the workers.
                            let start = std::time::Instant::now();
                            while l.interrupted().is_none() {
                                assert!(start.elapsed().as_secs() < 10, "the flag never came");
                                std::thread::yield_now();
                            }
                        }
                        count_to(k, l, m)
                    },
                )
            })
            .unwrap();
        assert_eq!(raised.incomplete, Some(Incomplete::Cancelled));
    }
}
