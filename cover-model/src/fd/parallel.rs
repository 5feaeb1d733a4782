//! Cubes for the propagation engine (disjoint partial assignments that
//! cover the search space) and counting over them on every core, through
//! solver-core's one parallel layer ([`solver_core::parallel`]): this
//! module says how a partial assignment branches (the values of the
//! variable the search would branch on) and counts a part.

use solver_core::parallel::{run_parts, split as split_parts, Branching, PartsRun};
use solver_core::parallel::{SplitGoal, SplitOrder, Splittable};
use solver_core::{Count, Limits, Outcome};

use super::search::Search;
use super::Program;
use crate::model::Value;

/// The propagation engine's search below its assumptions: a part is the
/// values given on the way down (its decisions, not what they propagate).
struct Assignments<'p> {
    search: Search<'p>,
    /// The store's depth with only the assumptions in it.
    depth: usize,
    values: Vec<Value>,
}

impl Splittable for Assignments<'_> {
    type Part = Vec<(usize, Value)>;

    /// Branches on the variable the search would branch on, one child per
    /// value (a variable with more than 64 values in a range is not split
    /// on: the part stays whole); children that fail propagation have no
    /// solution and are left out.
    fn branch(&mut self, cube: &Self::Part, children: &mut Vec<Self::Part>) -> Branching {
        let search = &mut self.search;
        let ok = search.open(cube).is_ok();
        let x = if ok { search.select() } else { None };
        match x {
            Some(x) if search.store.is_bits(x) || search.store.size(x) <= 64 => {
                self.values.clear();
                search.store.values_into(x, &mut self.values);
                search.close_to(self.depth);
                for &v in &self.values {
                    let mut child = cube.clone();
                    child.push((x, v));
                    let alive = search.open(&child).is_ok();
                    search.close_to(self.depth);
                    if alive {
                        children.push(child);
                    }
                }
                Branching::Split
            }
            _ => {
                search.close_to(self.depth);
                // A cube that fails propagation holds nothing.
                if ok {
                    Branching::Leaf
                } else {
                    Branching::Split
                }
            }
        }
    }
}

/// Splits the search space below `assumptions` into at least `n` cubes
/// where it can (fewer when the tree is smaller): breadth first, each cube
/// expanded on the variable the search would branch on, one child per
/// value; children that fail propagation have no solution and are dropped.
/// Each cube lists its decisions only (not what they propagate).
pub(crate) fn split(
    program: &Program,
    assumptions: &[(usize, Value)],
    n: usize,
) -> Vec<Vec<(usize, Value)>> {
    let mut search = Search::new(program);
    search.assumptions = assumptions.to_vec();
    let depth = search.store.depth();
    let alive = search.open(&[]).is_ok();
    search.close_to(depth);
    if !alive {
        return Vec::new();
    }
    let goal = SplitGoal {
        parts: n,
        max_depth: usize::MAX,
        patience: usize::MAX,
        order: SplitOrder::Queue,
    };
    let mut assignments = Assignments {
        search,
        depth,
        values: Vec::new(),
    };
    split_parts(&mut assignments, Vec::new(), &goal, &Limits::none()).parts
}

/// Counts the solutions below `assumptions` on every thread of the current
/// rayon pool, over cubes; exact (the cubes are disjoint and cover the
/// space). With a node or solution limit the count runs on one thread, so
/// that the limit means what it says.
pub(crate) fn par_count(
    program: &Program,
    assumptions: &[(usize, Value)],
    limits: &Limits,
) -> Count {
    if limits.max_nodes.is_some() || limits.max_solutions.is_some() {
        let mut search = Search::new(program);
        search.assumptions = assumptions.to_vec();
        return count(&mut search, &[], limits);
    }
    let cubes = split(
        program,
        assumptions,
        64 * rayon::current_num_threads().max(1),
    );
    let outcome = run_parts(
        &cubes,
        &PartsRun::new(limits),
        || {
            let mut s = Search::new(program);
            s.assumptions = assumptions.to_vec();
            s
        },
        |search, cube, limits, _| {
            Ok::<_, std::convert::Infallible>(count(search, cube, limits).outcome)
        },
    );
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(never) => match never {},
    };
    Count {
        solutions: outcome.stats.solutions,
        outcome,
    }
}

/// Counts the solutions with `extra` values given.
pub(crate) fn count(search: &mut Search<'_>, extra: &[(usize, Value)], limits: &Limits) -> Count {
    if let Some(why) = limits.interrupted() {
        return Count {
            solutions: 0,
            outcome: Outcome {
                incomplete: Some(why),
                ..Outcome::default()
            },
        };
    }
    let outcome = search.run(limits, extra, false, &mut |_| {
        std::ops::ControlFlow::Continue(())
    });
    Count {
        solutions: outcome.stats.solutions,
        outcome,
    }
}
