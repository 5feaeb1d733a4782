//! Depth-first search over the store: binary branching (`x = v` then
//! `x != v`; an interval wider than 64 values is split at its middle),
//! propagation to a fixed point at every node, limits, and branch and bound.

use std::ops::ControlFlow;
use std::sync::Arc;

use solver_core::{Incomplete, Limits, Outcome, Stats};

use super::props::alldiff::{AllDiffBounds, AllDiffValue, EveryValueTaken};
use super::props::arith::{Abs, Div, MinMax, Mod, Times};
use super::props::count::Count;
use super::props::element::{Element, ElementValues};
use super::props::linear::{Linear, Offset};
use super::props::logic::Clause;
use super::props::smallsum::SmallSum;
use super::props::sumdiff::SumDistinct;
use super::props::table::{Forbidden, Table};
use super::props::{Propagator, Props};
use super::store::{Fail, Res, Store, BOUNDS, DOMAIN, FIXED, OPEN_BOUNDS};
use super::{Program, Spec};
use crate::constraints::Sense;
use crate::model::Value;

/// How the search picks the variable to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Branching {
    /// The smallest domain first; ties: the variable in most constraints.
    #[default]
    SmallestDomain,
    /// The smallest ratio of domain size to weighted degree (the weights
    /// count how often each constraint failed): Boussemart et al.'s
    /// dom/wdeg.
    DomWdeg,
}

/// A decision: its left branch, and the right branch (its negation).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Decision {
    /// `x = v` / `x != v`.
    Assign(usize, Value),
    /// `x <= v` / `x > v`.
    Split(usize, Value),
    /// `x > v` / `x <= v` (the upper half first: a maximised objective).
    SplitHigh(usize, Value),
}

/// Never fails.
struct Never;

impl Propagator for Never {
    fn propagate(&mut self, _: &mut Store) -> Res {
        Err(Fail)
    }
}

/// Restricts variables to a sorted set of values (once, at the root).
struct InSet(Vec<usize>, Arc<[Value]>);

impl Propagator for InSet {
    fn propagate(&mut self, s: &mut Store) -> Res {
        for &x in &self.0 {
            s.restrict_to_sorted(x, &self.1)?;
        }
        Ok(())
    }
}

/// One search state over a [`Program`]: its store and propagators.
pub(crate) struct Search<'p> {
    pub(crate) program: &'p Program,
    pub(crate) store: Store,
    props: Props,
    /// Per propagator: the variables it watches.
    prop_vars: Vec<Vec<u32>>,
    /// Per variable: the sum of the weights of the propagators watching it
    /// (a propagator's weight is 1 plus the number of times it failed).
    wdeg: Vec<u64>,
    pub(crate) assumptions: Vec<(usize, Value)>,
    pub(crate) branching: Branching,
    rng: Option<u64>,
    /// Branch and bound: the objective must beat this.
    bound: Option<Value>,
    optimizing: bool,
    scratch: Vec<Value>,
    polls: u64,
}

impl<'p> Search<'p> {
    pub(crate) fn new(program: &'p Program) -> Search<'p> {
        let mut store = Store::new(&program.domains);
        let mut props = Props::default();
        for spec in &program.specs {
            post(spec, &mut store, &mut props);
        }
        let n = props.list.len();
        // Per propagator its variables, and per variable the sum of its
        // watchers' weights (all 1 at first).
        let mut prop_vars = vec![Vec::new(); n];
        let mut wdeg = vec![0; store.var_count()];
        for (x, w) in wdeg.iter_mut().enumerate() {
            for &(p, _, _) in store.watchers(x) {
                prop_vars[p as usize].push(x as u32);
            }
            *w = store.degree(x) as u64;
        }
        Search {
            program,
            store,
            props,
            prop_vars,
            wdeg,
            assumptions: Vec::new(),
            branching: Branching::default(),
            rng: None,
            bound: None,
            optimizing: false,
            scratch: Vec::new(),
            polls: 0,
        }
    }

    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        self.rng = seed.map(|s| s ^ 0x9E37_79B9_7F4A_7C15 | 1);
    }

    fn random(&mut self) -> Option<u64> {
        let x = self.rng.as_mut()?;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        Some(*x)
    }

    /// Runs the queue to a fixed point.
    pub(crate) fn propagate(&mut self) -> Res {
        if let (true, Some(b), Some((x, sense))) =
            (self.optimizing, self.bound, self.program.objective)
        {
            // Strictly better: nothing beats the type's limit.
            let r = match sense {
                Sense::Minimize => b
                    .checked_sub(1)
                    .map_or(Err(Fail), |v| self.store.set_max(x, v)),
                Sense::Maximize => b
                    .checked_add(1)
                    .map_or(Err(Fail), |v| self.store.set_min(x, v)),
            };
            if r.is_err() {
                self.store.clear_queue();
                return r;
            }
        }
        while let Some(p) = self.store.dequeue() {
            self.store.propagations += 1;
            self.store.running_idempotent = if self.store.idempotent[p as usize] {
                p
            } else {
                u32::MAX
            };
            let r = self.props.list[p as usize].propagate(&mut self.store);
            self.store.running_idempotent = u32::MAX;
            if r.is_err() {
                for &x in &self.prop_vars[p as usize] {
                    self.wdeg[x as usize] += 1;
                }
                self.store.clear_queue();
                return Err(Fail);
            }
        }
        Ok(())
    }

    /// Opens a level with every propagator queued, the fixed values and
    /// the assumptions (and `extra`) given, and propagates.
    pub(crate) fn open(&mut self, extra: &[(usize, Value)]) -> Res {
        self.store.push_level();
        for p in 0..self.props.list.len() {
            self.store.enqueue(p as u32);
        }
        let program = self.program;
        for &(x, v) in program.fixed.iter().chain(&self.assumptions).chain(extra) {
            if self.store.assign(x, v).is_err() {
                self.store.clear_queue();
                return Err(Fail);
            }
        }
        self.propagate()
    }

    /// Closes every level down to `depth`.
    pub(crate) fn close_to(&mut self, depth: usize) {
        while self.store.depth() > depth {
            self.store.pop_level();
        }
    }

    /// The variable to branch on, or `None` when all are fixed. While
    /// optimising, an objective held as a wide interval comes first: its
    /// domain is split towards the better half, so each solution found
    /// bounds the objective by a jump, not by one value.
    pub(crate) fn select(&self) -> Option<usize> {
        let s = &self.store;
        if let (true, Some((x, _))) = (self.optimizing, self.program.objective) {
            if !s.is_bits(x) && s.size(x) > 64 {
                return Some(x);
            }
        }
        let mut best: Option<(usize, u64, u64)> = None;
        for x in 0..s.var_count() {
            let size = s.size(x);
            if size == 1 {
                continue;
            }
            let w = match self.branching {
                Branching::SmallestDomain => s.degree(x) as u64,
                Branching::DomWdeg => self.wdeg[x].max(1),
            };
            let better = match best {
                None => true,
                Some((_, bs, bw)) => match self.branching {
                    Branching::SmallestDomain => size < bs || (size == bs && w > bw),
                    Branching::DomWdeg => {
                        (size as u128) * (bw as u128) < (bs as u128) * (w as u128)
                    }
                },
            };
            if better {
                best = Some((x, size, w));
            }
        }
        best.map(|b| b.0)
    }

    pub(crate) fn decide(&mut self, x: usize) -> Decision {
        let s = &self.store;
        // A maximised objective tries its larger values first.
        let high = self.optimizing && self.program.objective == Some((x, Sense::Maximize));
        if !s.is_bits(x) && s.size(x) > 64 {
            let (lo, hi) = (s.min(x) as i128, s.max(x) as i128);
            let mid = super::props::floor_div(lo + hi, 2) as Value;
            return if high {
                Decision::SplitHigh(x, mid)
            } else {
                Decision::Split(x, mid)
            };
        }
        let mut v = if high { s.max(x) } else { s.min(x) };
        if self.rng.is_some() && s.is_bits(x) {
            let mut vals = std::mem::take(&mut self.scratch);
            vals.clear();
            self.store.values_into(x, &mut vals);
            let r = self.random().unwrap_or(0);
            v = vals[(r % vals.len() as u64) as usize];
            self.scratch = vals;
        }
        Decision::Assign(x, v)
    }

    pub(crate) fn left(&mut self, d: Decision) -> Res {
        match d {
            Decision::Assign(x, v) => self.store.assign(x, v),
            Decision::Split(x, v) => self.store.set_max(x, v),
            Decision::SplitHigh(x, v) => self.store.set_min(x, v + 1),
        }
    }

    pub(crate) fn right(&mut self, d: Decision) -> Res {
        match d {
            Decision::Assign(x, v) => self.store.remove(x, v),
            Decision::Split(x, v) => self.store.set_min(x, v + 1),
            Decision::SplitHigh(x, v) => self.store.set_max(x, v),
        }
    }

    /// The model's values at a solution.
    pub(crate) fn values(&self) -> Vec<Value> {
        (0..self.program.model_vars)
            .map(|x| self.store.min(x))
            .collect()
    }

    /// Visits every solution below the current assumptions and `extra`
    /// (until `visit` breaks or a limit stops the search). With
    /// `optimizing`, each solution must beat the previous one's objective.
    pub(crate) fn run(
        &mut self,
        limits: &Limits,
        extra: &[(usize, Value)],
        optimizing: bool,
        visit: &mut dyn FnMut(&Search<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        let depth = self.store.depth();
        let props_before = self.store.propagations;
        self.optimizing = optimizing;
        self.bound = None;
        let mut stats = Stats::default();
        let mut incomplete = None;
        let mut decisions: Vec<Decision> = Vec::new();
        if limits.max_solutions == Some(0) {
            // No solution wanted: stop before the first (as Dancing Links).
            return Outcome {
                stats,
                incomplete: Some(Incomplete::SolutionLimit),
            };
        }
        let mut ok = self.open(extra).is_ok();
        'search: loop {
            if ok {
                if let Some(why) = self.limit(limits, &stats) {
                    incomplete = Some(why);
                    break 'search;
                }
                match self.select() {
                    None => {
                        stats.solutions += 1;
                        if let Some((x, _)) = self.program.objective {
                            if optimizing {
                                self.bound = Some(self.store.min(x));
                            }
                        }
                        if visit(self).is_break() {
                            incomplete = Some(Incomplete::Stopped);
                            break 'search;
                        }
                        if limits.max_solutions.is_some_and(|m| stats.solutions >= m) {
                            incomplete = Some(Incomplete::SolutionLimit);
                            break 'search;
                        }
                    }
                    Some(x) => {
                        let d = self.decide(x);
                        stats.nodes += 1;
                        self.store.push_level();
                        decisions.push(d);
                        ok = self.left(d).is_ok() && self.propagate().is_ok();
                        if !ok {
                            self.store.clear_queue();
                        }
                        continue 'search;
                    }
                }
            }
            // Backtrack: the latest decision's right branch.
            loop {
                let Some(d) = decisions.pop() else {
                    break 'search;
                };
                self.store.pop_level();
                stats.nodes += 1;
                if self.right(d).is_ok() && self.propagate().is_ok() {
                    ok = true;
                    continue 'search;
                }
                self.store.clear_queue();
                if let Some(why) = self.limit(limits, &stats) {
                    incomplete = Some(why);
                    break 'search;
                }
            }
        }
        self.close_to(depth);
        self.optimizing = false;
        stats.updates = self.store.propagations - props_before;

        Outcome { stats, incomplete }
    }

    pub(crate) fn limit(&mut self, limits: &Limits, stats: &Stats) -> Option<Incomplete> {
        if limits.max_nodes.is_some_and(|m| stats.nodes >= m) {
            return Some(Incomplete::NodeLimit);
        }
        self.polls += 1;
        if self
            .polls
            .is_multiple_of(u64::from(solver_core::CHECK_EVERY))
        {
            return limits.interrupted();
        }
        None
    }
}

/// Posts the propagators of one constraint.
fn post(spec: &Spec, s: &mut Store, props: &mut Props) {
    let each = |xs: &[usize], e: u8| xs.iter().map(move |&x| (x, e)).collect::<Vec<_>>();
    match spec {
        Spec::AllDifferent(xs) => {
            let p = AllDiffValue::new(xs.clone(), s);
            props.post(s, 0, each(xs, FIXED), Box::new(p));
            props.post(
                s,
                1,
                each(xs, OPEN_BOUNDS),
                Box::new(AllDiffBounds::new(xs.clone())),
            );
        }
        Spec::EveryValue(xs, values) => {
            let p = EveryValueTaken::new(xs.clone(), Arc::clone(values));
            props.post(s, 1, each(xs, DOMAIN), Box::new(p));
        }
        Spec::Linear {
            terms,
            rel,
            rhs,
            reif,
        } => {
            if reif.is_none() {
                if let Some(p) = Offset::recognise(terms, *rel, *rhs) {
                    let w = [(p.x, DOMAIN), (p.y, DOMAIN)];
                    props.post(s, 0, w, Box::new(p));
                    return;
                }
            }
            let mut p = Linear::new(terms.clone(), *rel, *rhs, *reif);
            p.use_small(s);
            let ev = if *rel == crate::Rel::Ne && reif.is_none() {
                FIXED
            } else {
                BOUNDS | FIXED
            };
            let mut watches: Vec<(usize, u8)> = p.vars().map(|x| (x, ev)).collect();
            if let Some((b, _)) = reif {
                watches.push((*b, FIXED));
            }
            props.post(s, 0, watches, Box::new(p));
        }
        Spec::SumDistinct(xs, sign, rhs) => {
            let p = Value::try_from(rhs * sign)
                .ok()
                .and_then(|sum| SumDistinct::new(xs.clone(), sum, s));
            match p {
                Some(p) => props.post(s, 1, each(xs, DOMAIN), Box::new(p)),
                None => post(
                    &Spec::Linear {
                        terms: xs.iter().map(|&x| (*sign, x)).collect(),
                        rel: crate::Rel::Eq,
                        rhs: *rhs,
                        reif: None,
                    },
                    s,
                    props,
                ),
            }
        }
        Spec::SmallSum {
            vars,
            signs,
            differ,
            rhs,
        } => {
            // Beside the sum's Linear: nothing to post when it does not fit.
            let p = Value::try_from(*rhs)
                .ok()
                .and_then(|rhs| SmallSum::new(vars.clone(), signs.clone(), differ.clone(), rhs, s));
            if let Some(p) = p {
                props.post(s, 1, each(vars, DOMAIN), Box::new(p));
            }
        }
        Spec::Clause(pos, neg) => {
            let mut w = each(pos, FIXED);
            w.extend(each(neg, FIXED));
            props.post(
                s,
                0,
                w,
                Box::new(Clause {
                    pos: pos.clone(),
                    neg: neg.clone(),
                }),
            );
        }
        Spec::Table(xs, data) => {
            let p = Table::new(xs.clone(), Arc::clone(data), s);
            props.post(s, 1, each(xs, DOMAIN), Box::new(p));
        }
        Spec::Forbidden(xs, tuples) => {
            // It removes a value only when all its other variables are
            // fixed (and fails only when all are): fixings are the only
            // events that can give it work, so it sleeps through the rest.
            let p = Forbidden {
                vars: xs.clone(),
                tuples: Arc::clone(tuples),
            };
            props.post(s, 0, each(xs, FIXED), Box::new(p));
        }
        Spec::Element(index, base, array, result) => {
            let mut w = each(array, DOMAIN);
            w.push((*index, DOMAIN));
            w.push((*result, DOMAIN));
            let p = Element {
                index: *index,
                base: *base,
                array: array.clone(),
                result: *result,
                vals: Vec::new(),
            };
            props.post(s, 1, w, Box::new(p));
        }
        Spec::ElementValues(index, base, array, result) => {
            let p = ElementValues {
                index: *index,
                base: *base,
                array: Arc::clone(array),
                result: *result,
                vals: Vec::new(),
            };
            props.post(s, 1, [(*index, DOMAIN), (*result, DOMAIN)], Box::new(p));
        }
        Spec::Count(xs, value, rel, n) => {
            let mut w = each(xs, DOMAIN);
            w.push((*value, FIXED));
            w.push((*n, BOUNDS | DOMAIN));
            let p = Count {
                vars: xs.clone(),
                value: *value,
                rel: *rel,
                n: *n,
            };
            props.post(s, 1, w, Box::new(p));
        }
        Spec::InSet(xs, values) => {
            props.post(
                s,
                1,
                each(xs, FIXED),
                Box::new(InSet(xs.clone(), Arc::clone(values))),
            );
        }
        Spec::Times(x, y, z) => {
            props.post(
                s,
                0,
                each(&[*x, *y, *z], BOUNDS),
                Box::new(Times(*x, *y, *z)),
            );
        }
        Spec::Div(x, y, z) => {
            props.post(s, 0, each(&[*x, *y, *z], BOUNDS), Box::new(Div(*x, *y, *z)));
        }
        Spec::Mod(x, y, z) => {
            props.post(
                s,
                0,
                each(&[*x, *y, *z], BOUNDS | FIXED),
                Box::new(Mod(*x, *y, *z)),
            );
        }
        Spec::Abs(x, z) => {
            props.post(s, 0, each(&[*x, *z], BOUNDS | FIXED), Box::new(Abs(*x, *z)));
        }
        Spec::MinMax(xs, z, max) => {
            let mut w = each(xs, BOUNDS);
            w.push((*z, BOUNDS));
            let p = MinMax {
                xs: xs.clone(),
                z: *z,
                max: *max,
            };
            props.post(s, 0, w, Box::new(p));
        }
        Spec::False => props.post(s, 0, Vec::new(), Box::new(Never)),
    }
}
