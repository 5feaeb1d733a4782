//! [`Cube`]s: disjoint partial assignments that cover a model's search
//! space (cube and conquer), for either engine.

use solver_core::parallel::assignments_in_order;

use crate::compile::Compiled;
use crate::model::{Value, Var};

/// A partial assignment: values for some variables. The cubes of one
/// [`Compiled::split`] are disjoint (any two give some variable different
/// values) and cover every solution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    pub(crate) assignments: Vec<(Var, Value)>,
}

impl Cube {
    /// A cube with these values.
    pub fn new(assignments: Vec<(Var, Value)>) -> Cube {
        Cube { assignments }
    }

    /// The values the cube gives, in the order of the split's decisions.
    pub fn assignments(&self) -> &[(Var, Value)] {
        &self.assignments
    }
}

pub(crate) fn split(compiled: &Compiled, n: usize) -> Vec<Cube> {
    let to_cube = |c: Vec<(usize, Value)>| Cube {
        assignments: c.into_iter().map(|(x, v)| (Var(x as u32), v)).collect(),
    };
    if let Some(program) = &compiled.program {
        return crate::fd::parallel::split(program, &[], n)
            .into_iter()
            .map(to_cube)
            .collect();
    }
    // Dancing Links: the variables by domain size, each cube extended by
    // every value of the next one, breadth first (no pruning: a cube may
    // have no solution, and then counts 0).
    let fixed: Vec<usize> = compiled
        .fixed
        .iter()
        .filter_map(|&o| compiled.decode(o).map(|(x, _)| x.index()))
        .collect();
    let mut order: Vec<usize> = (0..compiled.var_count())
        .filter(|&x| compiled.views[x].base == x)
        .filter(|x| !fixed.contains(x) && compiled.domains[*x].len() > 1)
        .collect();
    order.sort_by_key(|&x| compiled.domains[x].len());
    let order = order
        .into_iter()
        .map(|x| (x, &compiled.domains[x][..]))
        .collect();
    assignments_in_order(order, n)
        .into_iter()
        .map(to_cube)
        .collect()
}

/// The cube files of the command line ([`solver_core::cubes`]'s records)
/// for a model: each choice of a cube is a variable's value, its option
/// number the variable's and its name `name=value`; the problem's
/// fingerprint is that of the model's JSON text. With the `serde` feature.
#[cfg(feature = "serde")]
pub mod records {
    use std::time::Instant;

    use solver_core::cubes::{self, result_record, Choice, CubeRecord, Fingerprint, ResultRecord};
    use solver_core::Limits;

    use super::Cube;
    use crate::compile::Compiled;
    use crate::model::{Value, Var};
    use crate::solve::ModelSolver;

    /// The cube records of [`Compiled::split`] into at least `n` cubes
    /// (fewer when the search space is smaller), numbered from 0.
    pub fn split(compiled: &Compiled, problem: Fingerprint, n: usize) -> Vec<CubeRecord> {
        // Unbalanced (no estimate): breadth first, every cube estimated 0.
        let cubes: Vec<cubes::Cube<(Var, Value)>> = compiled
            .split(n)
            .into_iter()
            .map(|cube| cubes::Cube {
                path: cube.assignments,
                estimate: 0.0,
            })
            .collect();
        cubes::records_of(problem, &cubes, |&(var, value)| Choice {
            option: var.index(),
            name: format!("{}={value}", compiled.name(var)),
        })
    }

    /// The cube a record names, checked against the model: every choice a
    /// variable of it under its own name, with a value.
    pub fn cube(compiled: &Compiled, record: &CubeRecord) -> Result<Cube, String> {
        let mut assignments = Vec::with_capacity(record.path.len());
        for (k, choice) in record.path.iter().enumerate() {
            let bad =
                |why: String| format!("cube {}: choice {k} `{}`: {why}", record.cube, choice.name);
            if choice.option >= compiled.var_count() {
                return Err(bad(format!(
                    "variable #{} does not exist ({} variables)",
                    choice.option,
                    compiled.var_count()
                )));
            }
            let var = Var(choice.option as u32);
            let value: Value = choice
                .name
                .strip_prefix(compiled.name(var))
                .and_then(|rest| rest.strip_prefix('='))
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad(format!("expected `{}=VALUE`", compiled.name(var))))?;
            assignments.push((var, value));
        }
        Ok(Cube::new(assignments))
    }

    /// Counts the solutions in the cube of `record` within `limits` with
    /// `solver` (one of `compiled`'s, reused from cube to cube), as a result
    /// record (an error record when the cube is not this model's).
    pub fn count(
        compiled: &Compiled,
        solver: &mut ModelSolver<'_>,
        problem: Fingerprint,
        record: &CubeRecord,
        limits: &Limits,
    ) -> ResultRecord {
        let started = Instant::now();
        let counted = if record.problem != problem {
            Err(format!(
                "cube {} is for problem {}, not for this model ({problem})",
                record.cube, record.problem
            ))
        } else {
            cube(compiled, record).and_then(|cube| {
                solver
                    .count_cube(&cube, limits)
                    .map_err(|e| format!("cube {}: {e}", record.cube))
            })
        };
        result_record(record, problem, counted, started)
    }
}
