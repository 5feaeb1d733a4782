//! Cubes for the propagation engine (disjoint partial assignments that
//! cover the search space) and counting over them on every core.

use rayon::prelude::*;
use solver_core::{Count, Limits, Outcome};

use super::search::Search;
use super::Program;
use crate::model::Value;

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
    let mut frontier: std::collections::VecDeque<Vec<(usize, Value)>> = Default::default();
    let mut done = Vec::new();
    if search.open(&[]).is_err() {
        search.close_to(depth);
        return done;
    }
    search.close_to(depth);
    frontier.push_back(Vec::new());
    let mut values = Vec::new();
    while !frontier.is_empty() && frontier.len() + done.len() < n {
        let Some(cube) = frontier.pop_front() else {
            break;
        };
        let ok = search.open(&cube).is_ok();
        let x = if ok { search.select() } else { None };
        match x {
            Some(x) if search.store.is_bits(x) || search.store.size(x) <= 64 => {
                values.clear();
                search.store.values_into(x, &mut values);
                search.close_to(depth);
                for &v in &values {
                    let mut child = cube.clone();
                    child.push((x, v));
                    let alive = search.open(&child).is_ok();
                    search.close_to(depth);
                    if alive {
                        frontier.push_back(child);
                    }
                }
            }
            _ => {
                search.close_to(depth);
                if ok {
                    done.push(cube);
                }
            }
        }
    }
    done.extend(frontier);
    done
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
    let counts: Vec<Count> = cubes
        .par_iter()
        .map_init(
            || {
                let mut s = Search::new(program);
                s.assumptions = assumptions.to_vec();
                s
            },
            |search, cube| count(search, cube, limits),
        )
        .collect();
    let mut total = Count::default();
    for c in counts {
        total.solutions += c.solutions;
        total.outcome.stats += c.outcome.stats;
        if total.outcome.incomplete.is_none() {
            total.outcome.incomplete = c.outcome.incomplete;
        }
    }
    total
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
