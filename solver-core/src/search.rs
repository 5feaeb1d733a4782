//! The search itself: Knuth's Algorithm C as a resumable state machine
//! ([`Solutions`]), and the ways to run it (first solution, count, callback).

use std::borrow::BorrowMut;
use std::ops::ControlFlow;
use std::time::Instant;

use crate::cells;
use crate::counter::Counter;
use crate::ids::OptionId;
use crate::limits::{Count, Found, Incomplete, Limits, Outcome, Progress, Stats, CHECK_EVERY};
use crate::parallel::Meter;
use crate::solver::Solver;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    AtSolution,
    Done,
}

#[derive(Clone, Copy)]
enum Step {
    /// C2-C4: enter a level, choose an item, cover it.
    Enter,
    /// C5: try the option `choice[level]`, or give up the level.
    Try,
    /// C8 then C6: go back one level and try the next option there.
    Leave,
}

/// A lazy, resumable search for solutions, one at a time.
///
/// Each solution lists the forced options first, then the options chosen by
/// the search. The search keeps its own explicit stack (no recursion), so
/// deep problems never overflow; dropping it part way restores the solver.
#[must_use = "a search does nothing until its solutions are asked for"]
pub struct Solutions<'s, S: BorrowMut<Solver> = &'s mut Solver> {
    solver: S,
    limits: Limits,
    shared: Option<&'s Meter>,
    /// Whether solutions are written out (counting skips it).
    record: bool,
    level: usize,
    phase: Phase,
    stats: Stats,
    updates_at_start: u64,
    /// Nodes already reported to the shared state of a parallel search.
    nodes_reported: u64,
    until_check: u32,
    started: Instant,
    last_report: Instant,
    incomplete: Option<Incomplete>,
}

impl<'s, S: BorrowMut<Solver>> Solutions<'s, S> {
    pub(crate) fn new(mut solver: S, limits: &Limits, shared: Option<&'s Meter>) -> Self {
        let now = Instant::now();
        let s = solver.borrow_mut();
        let updates_at_start = s.updates;
        s.solution.clear();
        s.hint = 0;
        for k in 0..s.forced.len() {
            let option = s.option_of(s.forced[k]);
            s.solution.push(option);
        }
        Solutions {
            solver,
            limits: limits.clone(),
            shared,
            record: true,
            level: 0,
            phase: Phase::Start,
            stats: Stats::default(),
            updates_at_start,
            nodes_reported: 0,
            until_check: 1,
            started: now,
            last_report: now,
            incomplete: None,
        }
    }

    /// The next solution, without allocating: the slice lives until the next
    /// call. `None` when the search is over (see [`outcome`](Self::outcome)).
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        if self.advance() {
            Some(&self.solver.borrow().solution)
        } else {
            None
        }
    }

    /// Statistics so far, and once the search is over whether it explored
    /// everything.
    pub fn outcome(&self) -> Outcome {
        let mut stats = self.stats;
        stats.updates = self.solver.borrow().updates - self.updates_at_start;
        Outcome {
            stats,
            incomplete: self.incomplete,
        }
    }

    /// Whether solutions are written out; counting does without.
    pub(crate) fn set_record(&mut self, record: bool) {
        self.record = record;
    }

    /// Runs the search to its end (or a limit) without recording solutions,
    /// and returns how many there were: by `counter` (Dancing Cells only
    /// from the start of a search, on a problem that fits them; else, as
    /// for [`Counter::Links`], by this search).
    pub(crate) fn count_all(mut self, counter: Counter) -> Count {
        let s = self.solver.borrow();
        if counter == Counter::Cells && self.phase == Phase::Start {
            if let Some(counted) = cells::count_solver(s, &self.limits, self.shared) {
                self.phase = Phase::Done;
                return Count {
                    solutions: counted.stats.solutions,
                    outcome: Outcome {
                        stats: counted.stats,
                        incomplete: counted.incomplete,
                    },
                };
            }
        }
        self.record = false;
        while self.advance() {}
        let outcome = self.outcome();
        Count {
            solutions: outcome.stats.solutions,
            outcome,
        }
    }

    fn stop(&mut self, why: Incomplete) {
        self.incomplete = Some(why);
        self.unwind();
    }

    /// Reports the nodes not yet counted by a parallel search's shared budget.
    fn flush_shared(&mut self) {
        if let Some(shared) = self.shared {
            shared.add_nodes(self.stats.nodes - self.nodes_reported);
            self.nodes_reported = self.stats.nodes;
        }
    }

    /// Undoes every level still committed and ends the search.
    fn unwind(&mut self) {
        self.flush_shared();
        let s = self.solver.borrow_mut();
        for level in (0..self.level).rev() {
            s.uncommit_checked(s.choice[level]);
            s.uncover(s.branch[level]);
        }
        self.level = 0;
        self.phase = Phase::Done;
    }

    /// The periodic check: time, cancellation, shared budgets, progress.
    fn check(&mut self) -> Option<Incomplete> {
        if let Some(why) = self.limits.interrupted() {
            return Some(why);
        }
        if let Some(shared) = self.shared {
            let new_nodes = self.stats.nodes - self.nodes_reported;
            self.nodes_reported = self.stats.nodes;
            if let Some(why) = shared.check(new_nodes) {
                return Some(why);
            }
        }
        if self.solver.borrow().progress.is_some() {
            self.report();
        }
        None
    }

    fn report(&mut self) {
        let now = Instant::now();
        let due = match &self.solver.borrow().progress {
            Some((interval, _)) => now.duration_since(self.last_report) >= *interval,
            None => false,
        };
        if !due {
            return;
        }
        self.last_report = now;
        let s = self.solver.borrow_mut();
        let mut fraction = 0.0;
        let mut scale = 1.0;
        let mut path = Vec::with_capacity(self.level);
        for level in 0..self.level {
            let (k, d) = (s.k[level], s.d[level]);
            path.push((k, d));
            scale /= f64::from(d.max(1));
            fraction += f64::from(k.saturating_sub(1)) * scale;
        }
        let progress = Progress {
            nodes: self.stats.nodes,
            solutions: self.stats.solutions,
            level: self.level,
            path,
            fraction,
            elapsed: now - self.started,
        };
        if let Some((_, hook)) = s.progress.as_mut() {
            hook(&progress);
        }
    }

    /// Runs until the next solution (true) or the end of the search (false).
    fn advance(&mut self) -> bool {
        let mut step = match self.phase {
            Phase::Start => Step::Enter,
            Phase::AtSolution => {
                if let Some(max) = self.limits.max_solutions {
                    if self.stats.solutions >= max {
                        self.stop(Incomplete::SolutionLimit);
                        return false;
                    }
                }
                Step::Leave
            }
            Phase::Done => return false,
        };
        if self.limits.max_solutions == Some(0) {
            self.stop(Incomplete::SolutionLimit);
            return false;
        }
        let mut level = self.level;
        loop {
            match step {
                Step::Enter => {
                    if let Some(max) = self.limits.max_nodes {
                        if self.stats.nodes >= max {
                            self.level = level;
                            self.stop(Incomplete::NodeLimit);
                            return false;
                        }
                    }
                    self.stats.nodes += 1;
                    self.until_check -= 1;
                    if self.until_check == 0 {
                        self.until_check = CHECK_EVERY;
                        self.level = level;
                        if let Some(why) = self.check() {
                            self.stop(why);
                            return false;
                        }
                    }
                    let s = self.solver.borrow_mut();
                    if s.links[0].1 == 0 {
                        self.stats.solutions += 1;
                        if self.record {
                            let forced = s.forced.len();
                            s.solution.truncate(forced);
                            for l in 0..level {
                                let option = s.option_of(s.choice[l]);
                                s.solution.push(option);
                            }
                        }
                        self.level = level;
                        self.phase = Phase::AtSolution;
                        return true;
                    }
                    let (i, len) = choose_next(s);
                    if len == 0 {
                        step = Step::Leave;
                        continue;
                    }
                    if s.choice.len() <= level {
                        s.choice.push(0);
                        s.branch.push(0);
                        s.k.push(0);
                        s.d.push(0);
                    }
                    s.cover(i);
                    s.branch[level] = i;
                    s.choice[level] = s.nodes[i as usize].down;
                    s.k[level] = 1;
                    s.d[level] = len;
                    step = Step::Try;
                }
                Step::Try => {
                    let s = self.solver.borrow_mut();
                    let (x, i) = (s.choice[level], s.branch[level]);
                    if x == i {
                        s.uncover(i);
                        step = Step::Leave;
                    } else if s.commit_checked(x) {
                        level += 1;
                        step = Step::Enter;
                    } else {
                        // A dead end, found while committing: no node for it.
                        s.choice[level] = s.nodes[x as usize].down;
                        s.k[level] += 1;
                    }
                }
                Step::Leave => {
                    if level == 0 {
                        self.level = 0;
                        self.phase = Phase::Done;
                        self.flush_shared();
                        return false;
                    }
                    level -= 1;
                    let s = self.solver.borrow_mut();
                    let x = s.choice[level];
                    s.uncommit_checked(x);
                    s.choice[level] = s.nodes[x as usize].down;
                    s.k[level] += 1;
                    step = Step::Try;
                }
            }
        }
    }
}

/// [`choose`] inside the search, where the last checked commit may have
/// noted a forced move (an item with one option left): that is taken without
/// scanning the items, as SSXCC does. Not with a seed, whose ties stay random.
#[inline]
fn choose_next(s: &mut Solver) -> (u32, u32) {
    let h = s.hint;
    if h != 0 && s.rng == 0 {
        s.hint = 0;
        debug_assert_eq!(s.nodes[h as usize].top, 1, "a hint is a forced move");
        return (h, 1);
    }
    choose(s)
}

/// The primary item with the fewest remaining options (Knuth's MRV rule),
/// and its length; ties go to the first such item, or to a random one when the
/// solver has a seed.
#[inline]
pub(crate) fn choose(s: &mut Solver) -> (u32, u32) {
    let mut best = u32::MAX;
    let mut item = 0;
    let mut p = s.links[0].1;
    if s.rng == 0 {
        while p != 0 {
            let len = s.nodes[p as usize].top;
            if len < best {
                best = len;
                item = p;
                if len <= 1 {
                    break;
                }
            }
            p = s.links[p as usize].1;
        }
    } else {
        let mut ties = 0u64;
        while p != 0 {
            let len = s.nodes[p as usize].top;
            if len < best {
                best = len;
                item = p;
                ties = 1;
                if len == 0 {
                    break;
                }
            } else if len == best {
                ties += 1;
                if next_random(&mut s.rng).is_multiple_of(ties) {
                    item = p;
                }
            }
            p = s.links[p as usize].1;
        }
    }
    (item, best)
}

/// xorshift64*.
fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

impl<S: BorrowMut<Solver>> Iterator for Solutions<'_, S> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl<S: BorrowMut<Solver>> std::iter::FusedIterator for Solutions<'_, S> {}

impl<S: BorrowMut<Solver>> Drop for Solutions<'_, S> {
    fn drop(&mut self) {
        if self.phase != Phase::Done {
            self.unwind();
        }
    }
}

impl Solver {
    /// A lazy iterator over the solutions, within `limits`.
    ///
    /// ```
    /// use solver_core::{Limits, ProblemBuilder};
    ///
    /// let mut b = ProblemBuilder::new();
    /// let x = b.add_primary("x")?;
    /// b.add_option([x])?;
    /// b.add_option([x])?;
    /// let matrix = b.build()?;
    /// let mut solver = matrix.solver();
    /// let all: Vec<_> = solver.solutions(&Limits::none()).collect();
    /// assert_eq!(all.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&mut self, limits: &Limits) -> Solutions<'_> {
        Solutions::new(self, limits, None)
    }

    /// Like [`solutions`](Self::solutions), but the iterator owns the solver
    /// (useful to return an iterator that outlives the caller's borrow).
    pub fn into_solutions(self, limits: &Limits) -> Solutions<'static, Solver> {
        Solutions::new(self, limits, None)
    }

    /// The first solution, or a proof that there is none, or why the search
    /// gave up.
    pub fn first_solution(&mut self, limits: &Limits) -> (Found<Vec<OptionId>>, Stats) {
        let mut search = self.solutions(limits);
        let found = match search.next_solution() {
            Some(solution) => Found::Solution(solution.to_vec()),
            None => match search.outcome().incomplete {
                Some(why) => Found::GaveUp(why),
                None => Found::NoSolution,
            },
        };
        (found, search.outcome().stats)
    }

    /// Counts the solutions (up to `limits.max_solutions`, if set) by the
    /// solver's [counter](Self::set_counter): Dancing Links unless the
    /// caller's plan set [`Counter::Cells`] (which takes neither a seed's
    /// tie-breaks nor progress reports: with either set, the links count).
    pub fn count(&mut self, limits: &Limits) -> Count {
        let counter = if self.rng == 0 && self.progress.is_none() {
            self.counter
        } else {
            Counter::Links
        };
        self.count_with(counter, limits)
    }

    /// Counts the solutions (up to `limits.max_solutions`, if set) by
    /// `counter`. [`Counter::Cells`] takes neither the seed's tie-breaks
    /// nor progress reports, and counts by links a problem that does not
    /// [fit](crate::Matrix::cells_fit) (the planner never asks for that).
    pub fn count_with(&mut self, counter: Counter, limits: &Limits) -> Count {
        self.solutions(limits).count_all(counter)
    }

    /// Calls `visit` with each solution until it returns
    /// [`ControlFlow::Break`] or a limit stops the search.
    pub fn for_each_solution<F>(&mut self, limits: &Limits, visit: F) -> Outcome
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        run_callback(Solutions::new(self, limits, None), visit)
    }
}

pub(crate) fn run_callback<S, F>(mut search: Solutions<'_, S>, mut visit: F) -> Outcome
where
    S: BorrowMut<Solver>,
    F: FnMut(&[OptionId]) -> ControlFlow<()>,
{
    while let Some(solution) = search.next_solution() {
        if visit(solution).is_break() {
            search.stop(Incomplete::Stopped);
            break;
        }
    }
    search.outcome()
}
