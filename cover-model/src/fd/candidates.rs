//! True candidates as one search: for chosen variables, the values each
//! takes in some solution.
//!
//! Asking for one solution per (variable, value) not yet seen repeats the
//! same refutations over and over. Instead one depth-first search
//! enumerates the solutions, but skips every subtree in which no watched
//! variable can still take a value not yet seen in a solution (its
//! solutions would teach nothing), and branches on values not yet seen
//! first (their subtrees hold the solutions that teach something). Every
//! (variable, value) of some solution is then seen, unless a limit stops
//! the search: a subtree is skipped only when each of its solutions shows
//! seen values only.
//!
//! The seen values live in one shared array (one word per watched
//! variable, bit `k` for the `k`-th value of its initial range), written by
//! the caller's visit of each solution and read again by every search after
//! each solution and every [`READ_SEEN_EVERY`] nodes, so searches on other
//! threads (over disjoint cubes of the root) prune with what each other
//! found.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;
use solver_core::{Incomplete, Limits, Outcome, Stats};

use super::search::{Decision, Search};
use super::Program;
use crate::model::Value;

/// How often (in nodes) a search reads the shared seen values again. Not a
/// check of the limits (those come every [`solver_core::CHECK_EVERY`]
/// nodes, as in every engine):
/// a read is one atomic load per watched variable, cheap beside the
/// propagation of 64 nodes, and the sooner a thread sees what the others
/// found, the more it prunes.
pub(crate) const READ_SEEN_EVERY: u64 = 64;

/// The seen values as one search holds them.
struct Known<'a> {
    shared: &'a [AtomicU64],
    /// Per watched variable (in `watch` order): bit `k` for value `off + k`.
    bits: Vec<u64>,
    next_read: u64,
}

impl Known<'_> {
    fn read(&mut self) {
        for (b, s) in self.bits.iter_mut().zip(self.shared) {
            *b = s.load(Ordering::Relaxed);
        }
    }
}

/// A watched variable: its index and the smallest value of its initial
/// range (bit `k` of its word is value `off + k`).
pub(crate) type Watched = (usize, Value);

/// What a node can still show.
enum News {
    /// Nothing: every watched variable's values were seen.
    None,
    /// A watched variable holds a value not seen (placed on the way down):
    /// any solution here shows it, so the search looks for one.
    Placed,
    /// The open watched variable with the fewest values among those that
    /// can still take a value not seen.
    Open(usize),
}

impl Search<'_> {
    /// What the node can still show.
    fn news(&self, watch: &[Watched], known: &Known<'_>) -> News {
        let mut best: Option<(usize, u32)> = None;
        for (&(x, _), &seen) in watch.iter().zip(&known.bits) {
            let Some((w, _)) = self.store.word(x) else {
                continue;
            };
            if w & !seen == 0 {
                continue;
            }
            if w & w.wrapping_sub(1) == 0 {
                return News::Placed;
            }
            let size = w.count_ones();
            if best.is_none_or(|b| size < b.1) {
                best = Some((x, size));
            }
        }
        match best {
            None => News::None,
            Some((x, _)) => News::Open(x),
        }
    }

    /// The next decision, `None` at a solution: while hunting (a value not
    /// seen is placed) the search's own choice, a value not seen first;
    /// else a value not seen of the open variable `open`.
    fn decide_candidate(
        &mut self,
        news: &News,
        slot: &[u32],
        known: &Known<'_>,
    ) -> Option<Decision> {
        let x = match *news {
            News::Open(x) => x,
            _ => self.select()?,
        };
        let k = slot[x];
        if k != u32::MAX {
            if let Some((w, off)) = self.store.word(x) {
                let fresh = w & !known.bits[k as usize];
                if fresh != 0 {
                    return Some(Decision::Assign(
                        x,
                        off + Value::from(fresh.trailing_zeros()),
                    ));
                }
            }
        }
        Some(self.decide(x))
    }

    /// Searches the completions of the assumptions and `extra` as
    /// [`run`](Self::run) does, skipping every subtree in which no watched
    /// variable can take a value not in `seen`, and trying unseen values
    /// first. `visit` gets each solution found and is expected to add its
    /// watched values to `seen`.
    pub(crate) fn candidates(
        &mut self,
        limits: &Limits,
        extra: &[(usize, Value)],
        watch: &[Watched],
        seen: &[AtomicU64],
        visit: &mut dyn FnMut(&Search<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        let depth = self.store.depth();
        let props_before = self.store.propagations;
        let mut slot = vec![u32::MAX; self.store.var_count()];
        for (k, &(x, _)) in watch.iter().enumerate() {
            slot[x] = k as u32;
        }
        let mut known = Known {
            shared: seen,
            bits: vec![0; watch.len()],
            next_read: READ_SEEN_EVERY,
        };
        known.read();
        let mut stats = Stats::default();
        let mut incomplete = None;
        let mut decisions: Vec<Decision> = Vec::new();
        let mut news = News::None;
        let mut ok = self.open(extra).is_ok();
        if ok {
            news = self.news(watch, &known);
            ok = !matches!(news, News::None);
        }
        'search: loop {
            if ok {
                if let Some(why) = self.limit(limits, &stats) {
                    incomplete = Some(why);
                    break 'search;
                }
                if stats.nodes >= known.next_read {
                    known.read();
                    known.next_read = stats.nodes + READ_SEEN_EVERY;
                }
                match self.decide_candidate(&news, &slot, &known) {
                    None => {
                        stats.solutions += 1;
                        if visit(self).is_break() {
                            incomplete = Some(Incomplete::Stopped);
                            break 'search;
                        }
                        known.read();
                    }
                    Some(d) => {
                        stats.nodes += 1;
                        self.store.push_level();
                        decisions.push(d);
                        ok = self.left(d).is_ok() && self.propagate().is_ok();
                        if !ok {
                            self.store.clear_queue();
                        } else {
                            news = self.news(watch, &known);
                            ok = !matches!(news, News::None);
                        }
                        continue 'search;
                    }
                }
            }
            // Backtrack: the latest decision's right branch, if it can still
            // show something new.
            loop {
                let Some(d) = decisions.pop() else {
                    break 'search;
                };
                self.store.pop_level();
                if matches!(self.news(watch, &known), News::None) {
                    continue;
                }
                stats.nodes += 1;
                if self.right(d).is_ok() && self.propagate().is_ok() {
                    news = self.news(watch, &known);
                    if !matches!(news, News::None) {
                        ok = true;
                        continue 'search;
                    }
                } else {
                    self.store.clear_queue();
                }
                if let Some(why) = self.limit(limits, &stats) {
                    incomplete = Some(why);
                    break 'search;
                }
            }
        }
        self.close_to(depth);
        stats.updates = self.store.propagations - props_before;
        Outcome { stats, incomplete }
    }
}

/// True candidates of the variables `watch` below `assumptions`, on every
/// thread of the current rayon pool: the root is split into disjoint cubes
/// (one when the pool has one thread), each searched by
/// [`Search::candidates`] with the seen values shared. `visit` gets each
/// solution (the model's values) and must add its watched values to
/// `seen`; `progress` gets (cubes done, cubes) after each cube. The first
/// limit met stops every search (a deadline or a cancellation reaches all
/// of them; a node limit counts per cube).
pub(crate) fn par_candidates(
    program: &Program,
    assumptions: &[(usize, Value)],
    watch: &[Watched],
    limits: &Limits,
    seen: &[AtomicU64],
    visit: &(dyn Fn(&[Value]) -> ControlFlow<()> + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Outcome {
    let threads = rayon::current_num_threads().max(1);
    let cubes = if threads > 1 {
        super::parallel::split(program, assumptions, 16 * threads)
    } else {
        vec![Vec::new()]
    };
    let finished = AtomicUsize::new(0);
    let stopped: Mutex<Option<Incomplete>> = Mutex::new(None);
    let total: Mutex<Stats> = Mutex::new(Stats::default());
    let _ = cubes.par_iter().try_for_each_init(
        || {
            let mut s = Search::new(program);
            s.assumptions = assumptions.to_vec();
            s
        },
        |search, cube| {
            if let Some(why) = limits.interrupted() {
                stopped.lock().expect("not poisoned").get_or_insert(why);
                return ControlFlow::Break(());
            }
            let outcome = search.candidates(limits, cube, watch, seen, &mut |s| visit(&s.values()));
            *total.lock().expect("not poisoned") += outcome.stats;
            if let Some(why) = outcome.incomplete {
                stopped.lock().expect("not poisoned").get_or_insert(why);
                return ControlFlow::Break(());
            }
            let k = finished.fetch_add(1, Ordering::Relaxed);
            progress(k + 1, cubes.len());
            ControlFlow::Continue(())
        },
    );
    Outcome {
        stats: total.into_inner().expect("not poisoned"),
        incomplete: stopped.into_inner().expect("not poisoned"),
    }
}
