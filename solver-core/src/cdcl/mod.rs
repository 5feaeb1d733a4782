//! Clause learning (CDCL) for exact cover: the options are Boolean
//! variables, each item a group of options of which exactly one (a primary
//! item) or at most one (a secondary item) is chosen.
//!
//! Dancing Links walks the whole tree below every choice; when a choice
//! made high up is wrong for a reason that only shows deep down, it finds
//! that reason again in every subtree. Clause learning remembers it: each
//! conflict is analysed back to its first unique implication point and
//! becomes a clause that no later assignment may break, the search jumps
//! back to the highest level where that clause forces something, and
//! restarts (Luby's sequence) keep the clauses while the variable
//! activities (VSIDS) move the search to where the conflicts are. It is
//! the engine of choice for single large puzzles (Sudoku of 36x36 and
//! up) where propagation with lookahead still leaves heavy tails; Dancing
//! Links stays the engine for counting many solutions.
//!
//! A decision always chooses an option, as Dancing Links branches (the
//! phase saving of SAT solvers, which soon decides mostly "not chosen",
//! took 25% more conflicts on our 36x36 and 49x49 puzzles).
//!
//! The groups are propagated natively: choosing an option rules out every
//! other option of its groups (the reason is a two-literal clause, kept
//! implicit), and a primary item's "at least one" is a clause with two
//! watched literals. Solutions are enumerated by adding, after each one,
//! the clause "not all of these options": each solution is found once.
//!
//! ```
//! use std::ops::ControlFlow;
//! use solver_core::cdcl::Learner;
//! use solver_core::{knuth, problems, Limits};
//!
//! // Eight queens: 92 solutions.
//! let matrix = knuth::parse(&problems::n_queens(8))?;
//! let mut learner = Learner::from_matrix(&matrix).expect("no colours");
//! let mut solutions = 0;
//! let outcome = learner.search(&Limits::none(), |chosen| {
//!     assert_eq!(chosen.len(), 8);
//!     solutions += 1;
//!     ControlFlow::Continue(())
//! });
//! assert!(outcome.is_complete());
//! assert_eq!(solutions, 92);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod heap;

use std::ops::ControlFlow;

use crate::{Incomplete, Limits, Matrix, OptionId, Outcome, Stats};
use heap::VarHeap;

/// A literal: option `v` chosen is `2v`, not chosen `2v + 1`.
type Lit = u32;

fn chosen(v: u32) -> Lit {
    2 * v
}

fn not_chosen(v: u32) -> Lit {
    2 * v + 1
}

fn var(l: Lit) -> usize {
    (l >> 1) as usize
}

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision, or a fact at level 0.
    Decision,
    /// Clause `c`, whose first literal is the one it implied.
    Clause(u32),
    /// The two-literal clause (implied literal, this literal): an option
    /// of the same group was chosen (this literal is its "not chosen").
    Binary(Lit),
}

/// A clause with every literal false.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    Clause(u32),
    Binary(Lit, Lit),
}

/// The words before a clause's literals in the arena: its length, and its
/// literal block distance (the decision levels among its literals when
/// learnt) times two, plus one if it was learnt (the problem's own clauses
/// and the blocking ones are never deleted).
const HEAD: u32 = 2;

/// A clause watching a literal, with another of its literals: when that one
/// is true the clause is satisfied and need not be looked at.
#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    blocker: Lit,
}

/// How many conflicts make one unit of Luby's restart sequence.
const RESTART_UNIT: u64 = 64;
/// How many learnt clauses are kept before the first reduction (it grows
/// by a tenth at each).
const FIRST_REDUCTION: usize = 4000;
/// Variable activity decay (the bump grows by 1/decay after each conflict).
const VAR_DECAY: f64 = 0.95;

/// An exact-cover problem for clause learning, and the search's state
/// (kept between searches so that a learner can be reused). The default
/// learner has no option and no group.
#[derive(Debug, Default)]
pub struct Learner {
    options: usize,
    /// The groups, one after another: group `g` ends at `group_end[g]` in
    /// `group_vars` and starts where the one before ends.
    group_end: Vec<u32>,
    group_vars: Vec<u32>,
    /// Whether each group is an "exactly one" group.
    exact: Vec<bool>,

    occ_start: Vec<u32>,
    occ: Vec<u32>,
    /// By literal: 1 true, -1 false, 0 unassigned.
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,
    /// The clauses, one after another: a clause is its offset here, where
    /// [`HEAD`] words precede its literals.
    arena: Vec<u32>,
    /// Scratch: a reason's literals.
    lits: Vec<Lit>,
    watches: Vec<Vec<Watch>>,
    activity: Vec<f64>,
    var_inc: f64,
    heap: VarHeap,
    seen: Vec<bool>,
    level_stamp: Vec<u64>,
    stamp: u64,
    learnt: Vec<Lit>,
    to_clear: Vec<usize>,
    learnt_count: usize,
    max_learnts: usize,
    /// How many learnt clauses the first reduction waits for, if not
    /// [`FIRST_REDUCTION`] (tests set fewer, to reduce often).
    first_reduction: Option<usize>,
    /// Values assigned so far in this search.
    assignments: u64,
}

impl Learner {
    /// A problem with `options` options (numbered from 0) and no group yet.
    pub fn new(options: usize) -> Learner {
        Learner {
            options,
            ..Learner::default()
        }
    }

    /// The problem of an exact-cover matrix: a group per item, "exactly
    /// one" for primary items and "at most one" for secondary ones; `None`
    /// if an option gives an item a colour (not supported here).
    pub fn from_matrix(matrix: &Matrix) -> Option<Learner> {
        let mut by_item: Vec<Vec<u32>> = vec![Vec::new(); matrix.item_count()];
        for o in 0..matrix.option_count() {
            for entry in matrix.option(OptionId::new(o)) {
                if entry.color.is_some() {
                    return None;
                }
                by_item[entry.item.index()].push(o as u32);
            }
        }
        let mut learner = Learner::new(matrix.option_count());
        for (item, group) in matrix.items().zip(&by_item) {
            if matrix.is_primary(item) {
                learner.exactly_one(group);
            } else {
                learner.at_most_one(group);
            }
        }
        Some(learner)
    }

    /// Exactly one of `group` is chosen (a primary item). An empty group
    /// makes the problem unsolvable.
    ///
    /// # Panics
    /// If an option is out of range.
    pub fn exactly_one(&mut self, group: &[u32]) {
        self.group(group, true);
    }

    /// At most one of `group` is chosen (a secondary item).
    ///
    /// # Panics
    /// If an option is out of range.
    pub fn at_most_one(&mut self, group: &[u32]) {
        self.group(group, false);
    }

    fn group(&mut self, group: &[u32], exact: bool) {
        assert!(
            group.iter().all(|&o| (o as usize) < self.options),
            "option out of range"
        );
        let start = self.group_vars.len();
        self.group_vars.extend_from_slice(group);
        // An option named twice counts once.
        self.group_vars[start..].sort_unstable();
        let mut unique = start;
        for k in start..self.group_vars.len() {
            if k == start || self.group_vars[k] != self.group_vars[unique - 1] {
                self.group_vars[unique] = self.group_vars[k];
                unique += 1;
            }
        }
        self.group_vars.truncate(unique);
        self.group_end.push(self.group_vars.len() as u32);
        self.exact.push(exact);
    }

    /// How many options the problem has.
    pub fn options(&self) -> usize {
        self.options
    }

    /// [`search`](Self::search) with the options of `forced` in every
    /// solution (each its own "exactly one" group for this search only).
    ///
    /// # Panics
    /// If an option is out of range.
    pub fn search_forcing(
        &mut self,
        forced: &[u32],
        limits: &Limits,
        visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Outcome {
        let (vars, groups) = (self.group_vars.len(), self.exact.len());
        for &option in forced {
            self.exactly_one(&[option]);
        }
        let outcome = self.search(limits, visit);
        self.group_vars.truncate(vars);
        self.group_end.truncate(groups);
        self.exact.truncate(groups);
        outcome
    }

    /// Searches the solutions, calling `visit` with each one (its chosen
    /// options, in increasing order) until `visit` breaks or a limit stops
    /// the search. Options in no "exactly one" group are never chosen, as
    /// in Dancing Links. `Stats::nodes` counts decisions (the levels the
    /// search entered), `Stats::updates` the values propagation assigned.
    pub fn search(
        &mut self,
        limits: &Limits,
        mut visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Outcome {
        let mut stats = Stats::default();
        if limits.max_solutions == Some(0) {
            return Outcome {
                stats,
                incomplete: Some(Incomplete::SolutionLimit),
            };
        }
        let incomplete = match self.start() {
            false => None,
            true => self.run(limits, &mut stats, &mut visit),
        };
        stats.updates = self.assignments;
        Outcome { stats, incomplete }
    }

    /// Sets up the state for a search: the clauses, the occurrences and the
    /// facts at level 0. False if the problem has no solution at level 0.
    fn start(&mut self) -> bool {
        let vars = self.options;
        let groups = self.exact.len();
        self.value.clear();
        self.value.resize(2 * vars, 0);
        self.level.clear();
        self.level.resize(vars, 0);
        self.reason.clear();
        self.reason.resize(vars, Reason::Decision);
        self.trail.clear();
        self.trail_lim.clear();
        self.qhead = 0;
        self.arena.clear();
        self.watches.iter_mut().for_each(Vec::clear);
        self.watches.resize(2 * vars, Vec::new());
        self.activity.clear();
        self.activity.resize(vars, 0.0);
        self.var_inc = 1.0;
        self.seen.clear();
        self.seen.resize(vars, false);
        self.level_stamp.clear();
        self.stamp = 0;
        self.learnt_count = 0;
        self.max_learnts = self.first_reduction.unwrap_or(FIRST_REDUCTION);
        self.assignments = 0;
        // Occurrences: the groups of each variable.
        let mut count = vec![0u32; vars + 1];
        let mut in_exact = vec![false; vars];
        for g in 0..groups {
            for &v in self.members(g) {
                count[v as usize + 1] += 1;
                in_exact[v as usize] |= self.exact[g];
            }
        }
        for v in 0..vars {
            count[v + 1] += count[v];
        }
        self.occ_start = count.clone();
        self.occ.clear();
        self.occ.resize(count[vars] as usize, 0);
        for g in 0..groups {
            let (s, e) = self.span(g);
            for k in s..e {
                let v = self.group_vars[k as usize] as usize;
                self.occ[count[v] as usize] = g as u32;
                count[v] += 1;
            }
        }
        let mut ok = true;
        for (v, &exact) in in_exact.iter().enumerate() {
            if !exact {
                ok &= self.fact(not_chosen(v as u32));
            }
        }
        let mut clause = Vec::new();
        for g in 0..groups {
            if !self.exact[g] {
                continue;
            }
            clause.clear();
            clause.extend(self.members(g).iter().map(|&v| chosen(v)));
            ok &= self.add_problem_clause(&clause);
        }
        self.heap.reset(vars);
        for v in 0..vars as u32 {
            if self.value[chosen(v) as usize] == 0 {
                self.heap.insert(v, &self.activity);
            }
        }
        ok && self.propagate().is_none()
    }

    /// Where group `g` lies in `group_vars`.
    fn span(&self, g: usize) -> (u32, u32) {
        let start = g.checked_sub(1).map_or(0, |before| self.group_end[before]);
        (start, self.group_end[g])
    }

    fn members(&self, g: usize) -> &[u32] {
        let (s, e) = self.span(g);
        &self.group_vars[s as usize..e as usize]
    }

    /// Asserts `lit` at level 0; false if it is already false.
    fn fact(&mut self, lit: Lit) -> bool {
        match self.value[lit as usize] {
            1 => true,
            -1 => false,
            _ => {
                self.assign(lit, Reason::Decision);
                true
            }
        }
    }

    /// Adds a clause at level 0 (no literal of it assigned but at level 0):
    /// drops the false literals, skips a satisfied clause, asserts a unit.
    /// False if the clause is empty (all false).
    fn add_problem_clause(&mut self, clause: &[Lit]) -> bool {
        if clause.iter().any(|&l| self.value[l as usize] == 1) {
            return true;
        }
        let open: Vec<Lit> = clause
            .iter()
            .copied()
            .filter(|&l| self.value[l as usize] == 0)
            .collect();
        match open.len() {
            0 => false,
            1 => self.fact(open[0]),
            _ => {
                self.push_clause(&open, false, 0);
                true
            }
        }
    }

    /// Stores a clause of two or more literals and watches its first two.
    fn push_clause(&mut self, clause: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let c = self.arena.len() as u32;
        self.arena.push(clause.len() as u32);
        self.arena.push(lbd << 1 | u32::from(learnt));
        self.arena.extend_from_slice(clause);
        self.watches[clause[0] as usize].push(Watch {
            clause: c,
            blocker: clause[1],
        });
        self.watches[clause[1] as usize].push(Watch {
            clause: c,
            blocker: clause[0],
        });
        if learnt {
            self.learnt_count += 1;
        }
        c
    }

    /// The literals of clause `c`.
    fn clause(&self, c: u32) -> &[Lit] {
        let at = (c + HEAD) as usize;
        &self.arena[at..at + self.arena[c as usize] as usize]
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    #[inline]
    fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = var(lit);
        self.value[lit as usize] = 1;
        self.value[(lit ^ 1) as usize] = -1;
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail.push(lit);
        self.assignments += 1;
    }

    /// Propagates the trail: the groups of each chosen option, and the
    /// clauses watching each literal that became false.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            if p & 1 == 0 {
                // An option chosen: the others of its groups are not.
                let v = var(p);
                let not_v = not_chosen(v as u32);
                for k in self.occ_start[v]..self.occ_start[v + 1] {
                    let g = self.occ[k as usize] as usize;
                    let (s, e) = self.span(g);
                    for i in s..e {
                        let u = self.group_vars[i as usize];
                        let not_u = not_chosen(u);
                        match self.value[not_u as usize] {
                            0 => self.assign(not_u, Reason::Binary(not_v)),
                            -1 if u as usize != v => {
                                self.qhead = self.trail.len();
                                return Some(Conflict::Binary(not_v, not_u));
                            }
                            _ => {}
                        }
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(p ^ 1) {
                self.qhead = self.trail.len();
                return Some(conflict);
            }
        }
        None
    }

    /// The clauses watching `false_lit`, which just became false: each
    /// finds another literal to watch, or implies its other watched one, or
    /// is a conflict.
    fn propagate_clauses(&mut self, false_lit: Lit) -> Option<Conflict> {
        let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            if self.value[w.blocker as usize] == 1 {
                ws[j] = w;
                j += 1;
                continue;
            }
            let (at, len) = (
                (w.clause + HEAD) as usize,
                self.arena[w.clause as usize] as usize,
            );
            let c = &mut self.arena[at..at + len];
            if c[0] == false_lit {
                c.swap(0, 1);
            }
            let first = c[0];
            let watch = Watch {
                clause: w.clause,
                blocker: first,
            };
            if first != w.blocker && self.value[first as usize] == 1 {
                ws[j] = watch;
                j += 1;
                continue;
            }
            let mut moved = false;
            for k in 2..c.len() {
                if self.value[c[k] as usize] != -1 {
                    c.swap(1, k);
                    self.watches[c[1] as usize].push(watch);
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            ws[j] = watch;
            j += 1;
            if self.value[first as usize] == -1 {
                conflict = Some(Conflict::Clause(w.clause));
                while i < ws.len() {
                    ws[j] = ws[i];
                    j += 1;
                    i += 1;
                }
            } else {
                self.assign(first, Reason::Clause(w.clause));
            }
        }
        ws.truncate(j);
        self.watches[false_lit as usize] = ws;
        conflict
    }

    /// The search loop after [`Learner::start`]; `None` when complete.
    fn run(
        &mut self,
        limits: &Limits,
        stats: &mut Stats,
        visit: &mut impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Option<Incomplete> {
        let mut conflicts_left = RESTART_UNIT * luby(0);
        let mut restarts = 0u64;
        let mut next_check = 0u64;
        let mut ticks = 0u64;
        let mut solution: Vec<u32> = Vec::new();
        loop {
            ticks += 1;
            if ticks >= next_check {
                next_check = ticks + u64::from(crate::CHECK_EVERY);
                if let Some(why) = limits.interrupted() {
                    return Some(why);
                }
            }
            if let Some(conflict) = self.propagate() {
                if self.decision_level() == 0 {
                    return None;
                }
                self.learn(conflict);
                conflicts_left = conflicts_left.saturating_sub(1);
                continue;
            }
            if conflicts_left == 0 {
                restarts += 1;
                conflicts_left = RESTART_UNIT * luby(restarts);
                self.cancel_until(0);
                if self.learnt_count > self.max_learnts {
                    self.reduce();
                }
                continue;
            }
            let Some(v) = self.next_unassigned() else {
                // Every option has a value and no clause is false.
                solution.clear();
                solution.extend(
                    (0..self.options as u32).filter(|&v| self.value[chosen(v) as usize] == 1),
                );
                stats.solutions += 1;
                if visit(&solution).is_break() {
                    return Some(Incomplete::Stopped);
                }
                if limits.max_solutions.is_some_and(|m| stats.solutions >= m) {
                    return Some(Incomplete::SolutionLimit);
                }
                // Not all of these options again (those chosen at level 0
                // are in every solution).
                let block: Vec<Lit> = solution
                    .iter()
                    .filter(|&&v| self.level[v as usize] > 0)
                    .map(|&v| not_chosen(v))
                    .collect();
                self.cancel_until(0);
                if !self.add_problem_clause(&block) {
                    return None;
                }
                continue;
            };
            if limits.max_nodes.is_some_and(|m| stats.nodes >= m) {
                return Some(Incomplete::NodeLimit);
            }
            stats.nodes += 1;
            self.trail_lim.push(self.trail.len());
            self.assign(chosen(v), Reason::Decision);
        }
    }

    /// The unassigned variable of the highest activity.
    fn next_unassigned(&mut self) -> Option<u32> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[chosen(v) as usize] == 0 {
                return Some(v);
            }
        }
        None
    }

    /// Undoes the levels above `level`.
    fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let keep = self.trail_lim[level as usize];
        for k in (keep..self.trail.len()).rev() {
            let lit = self.trail[k];
            let v = var(lit);
            self.value[lit as usize] = 0;
            self.value[(lit ^ 1) as usize] = 0;
            self.heap.insert(v as u32, &self.activity);
        }
        self.trail.truncate(keep);
        self.trail_lim.truncate(level as usize);
        self.qhead = keep;
    }

    /// The literals of a reason or conflict other than the implied one.
    fn reason_lits(&self, reason: Reason, out: &mut Vec<Lit>) {
        out.clear();
        match reason {
            Reason::Decision => {}
            Reason::Binary(l) => out.push(l),
            Reason::Clause(c) => {
                out.extend_from_slice(&self.clause(c)[1..]);
            }
        }
    }

    /// Analyses a conflict to its first unique implication point, learns
    /// the clause, jumps back and asserts it.
    fn learn(&mut self, conflict: Conflict) {
        let current = self.decision_level();
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.clear();
        learnt.push(0);
        let mut lits = std::mem::take(&mut self.lits);
        lits.clear();
        match conflict {
            Conflict::Binary(a, b) => lits.extend([a, b]),
            Conflict::Clause(c) => {
                lits.extend_from_slice(self.clause(c));
            }
        }
        let mut path = 0u32;
        let mut idx = self.trail.len();
        let uip = loop {
            for &q in &lits {
                let v = var(q);
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump(v);
                    if self.level[v] >= current {
                        path += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            let p = loop {
                idx -= 1;
                let p = self.trail[idx];
                if self.seen[var(p)] {
                    break p;
                }
            };
            self.seen[var(p)] = false;
            path -= 1;
            if path == 0 {
                break p;
            }
            let reason = self.reason[var(p)];
            self.reason_lits(reason, &mut lits);
        };
        learnt[0] = uip ^ 1;
        // Drops the literals implied by others of the clause.
        self.to_clear.clear();
        self.to_clear.extend(learnt[1..].iter().map(|&l| var(l)));
        let mut keep = 1;
        for i in 1..learnt.len() {
            let q = learnt[i];
            let redundant = match self.reason[var(q)] {
                Reason::Decision => false,
                reason => {
                    self.reason_lits(reason, &mut lits);
                    lits.iter()
                        .all(|&r| self.seen[var(r)] || self.level[var(r)] == 0)
                }
            };
            if !redundant {
                learnt[keep] = q;
                keep += 1;
            }
        }
        learnt.truncate(keep);
        for &v in &self.to_clear {
            self.seen[v] = false;
        }
        // The highest level below the current one goes second (watched).
        let mut back = 0;
        if learnt.len() > 1 {
            let mut at = 1;
            for i in 2..learnt.len() {
                if self.level[var(learnt[i])] > self.level[var(learnt[at])] {
                    at = i;
                }
            }
            learnt.swap(1, at);
            back = self.level[var(learnt[1])];
        }
        let lbd = self.lbd(&learnt);
        self.cancel_until(back);
        if learnt.len() == 1 {
            self.assign(learnt[0], Reason::Decision);
        } else {
            let c = self.push_clause(&learnt, true, lbd);
            self.assign(learnt[0], Reason::Clause(c));
        }
        self.var_inc /= VAR_DECAY;
        self.learnt = learnt;
        self.lits = lits;
    }

    /// The number of distinct decision levels among `clause`'s literals.
    fn lbd(&mut self, clause: &[Lit]) -> u32 {
        self.stamp += 1;
        let levels = self.decision_level() as usize + 1;
        if self.level_stamp.len() < levels {
            self.level_stamp.resize(levels, 0);
        }
        let mut distinct = 0;
        for &l in clause {
            let lv = self.level[var(l)] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                distinct += 1;
            }
        }
        distinct
    }

    fn bump(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.bumped(v as u32, &self.activity);
    }

    /// At level 0: keeps the better half of the learnt clauses (by literal
    /// block distance, the newer first among equals; those of distance 2
    /// or less always), drops the clauses satisfied at level 0 and the
    /// false literals of the others, and rebuilds the watches.
    fn reduce(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        let old = std::mem::take(&mut self.arena);
        let mut clauses = Vec::new();
        let mut c = 0;
        while c < old.len() {
            clauses.push(c);
            c += HEAD as usize + old[c] as usize;
        }
        let meta = |c: usize| (old[c + 1] >> 1, old[c + 1] & 1 == 1);
        let mut learnts: Vec<usize> = clauses.iter().copied().filter(|&c| meta(c).1).collect();
        learnts.sort_by_key(|&c| (meta(c).0, std::cmp::Reverse(c)));
        let dropped: std::collections::HashSet<usize> = learnts[learnts.len() / 2..]
            .iter()
            .copied()
            .filter(|&c| meta(c).0 > 2)
            .collect();
        self.watches.iter_mut().for_each(Vec::clear);
        self.learnt_count = 0;
        let mut clause = Vec::new();
        for c in clauses {
            if dropped.contains(&c) {
                continue;
            }
            let body = &old[c + HEAD as usize..c + HEAD as usize + old[c] as usize];
            if body.iter().any(|&l| self.value[l as usize] == 1) {
                continue;
            }
            clause.clear();
            clause.extend(
                body.iter()
                    .copied()
                    .filter(|&l| self.value[l as usize] == 0),
            );
            debug_assert!(clause.len() >= 2, "propagation left a unit clause");
            let (lbd, learnt) = meta(c);
            self.push_clause(&clause, learnt, lbd);
        }
        for &lit in &self.trail {
            self.reason[var(lit)] = Reason::Decision;
        }
        self.max_learnts += self.max_learnts / 10;
    }
}

/// Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, ... at `i` (from 0).
fn luby(mut i: u64) -> u64 {
    let (mut size, mut seq) = (1u64, 0u32);
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

#[cfg(test)]
mod tests;
