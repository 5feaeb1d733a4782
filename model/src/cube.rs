//! [`Cube`]s: disjoint partial assignments that cover a model's search
//! space (cube and conquer), for either engine.

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
        .filter(|x| !fixed.contains(x) && compiled.domains[*x].len() > 1)
        .collect();
    order.sort_by_key(|&x| compiled.domains[x].len());
    let mut cubes: Vec<Vec<(usize, Value)>> = vec![Vec::new()];
    for &x in &order {
        if cubes.len() >= n {
            break;
        }
        cubes = cubes
            .into_iter()
            .flat_map(|c| {
                compiled.domains[x].iter().map(move |&v| {
                    let mut c = c.clone();
                    c.push((x, v));
                    c
                })
            })
            .collect();
    }
    cubes.into_iter().map(to_cube).collect()
}
