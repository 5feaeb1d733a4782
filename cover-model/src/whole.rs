//! A model's whole search (what `dlx count` and `dlx solve` run on a JSON
//! model): count on one thread or every thread, enumerate the solutions, or,
//! with an objective, branch and bound to the optimum. Every solution
//! handed over has passed the model's independent check
//! ([`Model::check_solution`]); one that fails is a [`Faulty`], never
//! handed over. The caller prints; the meter is the caller's [`Limits`].
//!
//! ```
//! use std::ops::ControlFlow;
//! use cover_model::whole::ModelSearch;
//! use cover_model::Model;
//! use solver_core::Limits;
//!
//! let mut m = Model::new();
//! let a = m.var("a", 1..=2)?;
//! let b = m.var("b", 1..=2)?;
//! m.all_different(&[a, b])?;
//! let compiled = m.compile()?;
//! let limits = Limits::none();
//! let search = ModelSearch { model: &m, compiled: &compiled, limits: &limits, threads: 1, seed: None };
//! assert_eq!(search.count().0, 2);
//! let mut found = Vec::new();
//! let solved = search.solve(|k, values, objective| {
//!     found.push((k, values[a.index()], values[b.index()], objective));
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!(solved.solutions, 2);
//! assert_eq!(found, [(1, 1, 2, None), (2, 2, 1, None)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use solver_core::{Faulty, Limits, Outcome};

use crate::{Compiled, Model, Optimum, Value, Violation};

/// What [`ModelSearch::solve`] found.
#[derive(Clone, Debug)]
pub struct Solved {
    /// Solutions handed over.
    pub solutions: u128,
    /// How the search ended.
    pub outcome: Outcome,
    /// With an objective: the best value found and whether it is proved
    /// optimal.
    pub best: Option<(Value, bool)>,
}

/// A search of a compiled model under the caller's limits.
#[derive(Clone, Copy)]
pub struct ModelSearch<'a> {
    /// The model, whose record checks every solution handed over.
    pub model: &'a Model,
    /// The model compiled (`model.compile()`).
    pub compiled: &'a Compiled,
    /// The meter: solutions, nodes, deadline, cancel flag.
    pub limits: &'a Limits,
    /// Threads to count on (solving runs on one).
    pub threads: usize,
    /// Ties broken at random from this seed (one thread).
    pub seed: Option<u64>,
}

impl ModelSearch<'_> {
    /// Counts the solutions: on one thread, or on every thread of the
    /// rayon pool when `threads` > 1.
    pub fn count(&self) -> (u128, Outcome) {
        let count = if self.threads == 1 {
            let mut solver = self.compiled.solver();
            solver.set_seed(self.seed);
            solver.count(self.limits)
        } else {
            self.compiled.par_count(self.limits)
        };
        (count.solutions, count.outcome)
    }

    /// Hands each solution (its number from 1, its values, the objective's
    /// value) to `each` until it breaks or a limit stops the search, on one
    /// thread. With an objective: branch and bound, then only the optimum
    /// (or, stopped by a limit, the best solution found, not proved).
    ///
    /// Each solution passes [`Model::check_solution`] before `each` sees it.
    ///
    /// # Errors
    /// [`Faulty`]: a solution failed the check (an engine's bug); the search
    /// stopped there and that solution was not handed over.
    pub fn solve(
        &self,
        mut each: impl FnMut(u64, &[Value], Option<Value>) -> ControlFlow<()>,
    ) -> Result<Solved, Faulty<Violation>> {
        let mut solver = self.compiled.solver();
        solver.set_seed(self.seed);
        let mut fault = None;
        let mut checked =
            |number: u64, values: &[Value], objective| match self.model.check_solution(values) {
                Ok(()) => each(number, values, objective),
                Err(error) => {
                    fault = Some(Faulty { number, error });
                    ControlFlow::Break(())
                }
            };
        let solved = if self.compiled.objective().is_none() {
            let mut printed = 0u64;
            let outcome = solver.for_each_solution(self.limits, |s| {
                printed += 1;
                checked(printed, s.values(), None)
            });
            Solved {
                solutions: u128::from(printed),
                outcome,
                best: None,
            }
        } else {
            let (optimum, stats) = solver.optimize(self.limits, &mut |_, _| {});
            let (best, incomplete) = match optimum {
                Optimum::Optimal(s, v) => (Some((s, v, true)), None),
                Optimum::Unsatisfiable => (None, None),
                Optimum::Incomplete { best, why } => (best.map(|(s, v)| (s, v, false)), Some(why)),
            };
            let outcome = Outcome { incomplete, stats };
            match best {
                Some((s, v, proved)) => {
                    let _ = checked(1, s.values(), Some(v));
                    Solved {
                        solutions: 1,
                        outcome,
                        best: Some((v, proved)),
                    }
                }
                None => Solved {
                    solutions: 0,
                    outcome,
                    best: None,
                },
            }
        };
        match fault {
            Some(fault) => Err(fault),
            None => Ok(solved),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rel;

    /// x + y = 4 with x and y in 0..=3.
    fn small() -> Model {
        let mut m = Model::new();
        let x = m.int_var("x", 0, 3).unwrap();
        let y = m.int_var("y", 0, 3).unwrap();
        m.linear(&[(1, x), (1, y)], Rel::Eq, 4).unwrap();
        m
    }

    fn search<'a>(
        model: &'a Model,
        compiled: &'a Compiled,
        limits: &'a Limits,
        threads: usize,
    ) -> ModelSearch<'a> {
        ModelSearch {
            model,
            compiled,
            limits,
            threads,
            seed: None,
        }
    }

    #[test]
    fn counts_and_solutions_agree_with_the_enumeration_by_hand() {
        // x + y = 4 over 0..=3: (1,3), (2,2), (3,1).
        let m = small();
        let compiled = m.compile().unwrap();
        let limits = Limits::none();
        for threads in [1, 2] {
            assert_eq!(search(&m, &compiled, &limits, threads).count().0, 3);
        }
        let mut seen = Vec::new();
        let found = search(&m, &compiled, &limits, 1)
            .solve(|k, values, objective| {
                assert_eq!(objective, None);
                seen.push((k, values.to_vec()));
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(found.solutions, 3);
        assert!(found.outcome.incomplete.is_none());
        let mut values: Vec<_> = seen.iter().map(|(_, v)| v.clone()).collect();
        values.sort();
        assert_eq!(values, [[1, 3], [2, 2], [3, 1]]);
        assert_eq!(seen.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn an_objective_gives_the_optimum_only() {
        // Maximise x: x = 3 (y = 1), by hand.
        let mut m = small();
        let x = m.variables().next().unwrap();
        m.maximize(x).unwrap();
        let compiled = m.compile().unwrap();
        let limits = Limits::none();
        let mut seen = Vec::new();
        let found = search(&m, &compiled, &limits, 1)
            .solve(|k, values, objective| {
                seen.push((k, values.to_vec(), objective));
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(seen, [(1, vec![3, 1], Some(3))]);
        assert_eq!((found.solutions, found.best), (1, Some((3, true))));
    }

    /// A solution that breaks the model is caught by the answer's check, not
    /// handed over: here the engine searches `x + y = 4` (as a wrong
    /// compilation would) while the model says `x + y = 4, x != 1`.
    #[test]
    fn a_corrupted_solution_is_caught_not_printed() {
        let engine_model = small();
        let compiled = engine_model.compile().unwrap();
        let mut model = small();
        let x = model.variables().next().unwrap();
        model.linear(&[(1, x)], Rel::Ne, 1).unwrap();
        let limits = Limits::none();
        let mut printed = Vec::new();
        let fault = search(&model, &compiled, &limits, 1)
            .solve(|_, values, _| {
                printed.push(values.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap_err();
        assert!(printed.iter().all(|v| v[0] != 1), "{printed:?}");
        assert!(
            fault.to_string().starts_with("internal error: solution "),
            "{fault}"
        );
        assert!(fault.to_string().contains("does not hold"), "{fault}");
    }
}
