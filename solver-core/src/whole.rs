//! A whole search of one matrix: counted or enumerated, on one thread or
//! many ([`Matrix::par_count_with`], [`Matrix::par_for_each_solution`]),
//! with a seed and progress reports, or through any [`Engine`] over
//! options (clause learning). Each solution is checked
//! ([`Matrix::check_solution`]) before it is handed over, as the texts of
//! its options, numbered from 1; a solution that fails the check is a
//! [`Faulty`], never handed over. The caller prints (the `dlx` command:
//! its JSON records, texts and progress lines are its own).
//!
//! ```
//! use std::ops::ControlFlow;
//! use solver_core::whole::Search;
//! use solver_core::{knuth, Counter, Limits};
//!
//! let matrix = knuth::parse("A B C\nA B\nC\nA\nB C\n")?;
//! let limits = Limits::none();
//! let search = Search { matrix: &matrix, limits: &limits, threads: 1, seed: None, progress: None,
//!                      counter: Counter::Links };
//! assert_eq!(search.count().0, 2);
//! let mut seen = Vec::new();
//! let (handed, outcome) = search.solve(|k, options| {
//!     seen.push((k, options.join(" | ")));
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!((handed, seen.len()), (2, 2));
//! assert!(outcome.incomplete.is_none());
//! seen.sort();
//! assert_eq!(seen, [(1, "A B | C".to_string()), (2, "A | B C".to_string())]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use crate::{Contradiction, Counter, Engine, Faulty, Limits, Matrix, OptionId, Outcome, Progress};

/// One search of a whole matrix by Dancing Links, sequential (`threads`
/// of 1) or parallel ([`Matrix::par_count`], [`Matrix::par_for_each_solution`]).
/// A seed and progress reports apply to the sequential search only.
pub struct Search<'a> {
    /// The problem.
    pub matrix: &'a Matrix,
    /// The limits of the whole search.
    pub limits: &'a Limits,
    /// 1: this thread; more: rayon's pool.
    pub threads: usize,
    /// Ties between items broken at random from this seed (one thread).
    pub seed: Option<u64>,
    /// Called about every second with where the search is (one thread).
    pub progress: Option<fn(&Progress)>,
    /// The search that counts ([`count`](Self::count)): the plan's choice,
    /// [`Counter::Cells`] only without a seed or progress reports, on a
    /// matrix that [fits](Matrix::cells_fit), and with a solution limit
    /// only on one thread. Listing solutions is always by links.
    pub counter: Counter,
}

impl Search<'_> {
    fn solver(&self) -> crate::Solver {
        let mut solver = self.matrix.solver();
        solver.set_seed(self.seed);
        if let Some(report) = self.progress {
            solver.set_progress(Duration::from_secs(1), report);
        }
        solver
    }

    /// Counts the solutions: the count and how the search ended.
    pub fn count(&self) -> (u128, Outcome) {
        let count = if self.threads == 1 {
            self.solver().count_with(self.counter, self.limits)
        } else {
            self.matrix
                .par_count_with(self.counter, &[], self.limits)
                .expect("no option is forced")
        };
        (count.solutions, count.outcome)
    }

    /// Hands every solution to `each` (its number from 1 and its options'
    /// texts), one at a time even when threads search; stops when `each`
    /// says [`ControlFlow::Break`]. Returns how many were handed over.
    ///
    /// Each solution passes [`Matrix::check_solution`] before `each` sees it.
    ///
    /// # Errors
    /// [`Faulty`]: a solution failed the check (an engine's bug); the search
    /// stopped there and that solution was not handed over.
    pub fn solve(
        &self,
        mut each: impl FnMut(u64, &[String]) -> ControlFlow<()> + Send,
    ) -> Result<(u128, Outcome), Faulty> {
        let matrix = self.matrix;
        let mut handed = 0u64;
        let mut fault = None;
        let outcome = if self.threads == 1 {
            self.solver().for_each_solution(self.limits, |solution| {
                handed += 1;
                checked(matrix, handed, solution, &mut fault, &mut each)
            })
        } else {
            let shared = Mutex::new((&mut each, &mut handed, &mut fault));
            self.matrix
                .par_for_each_solution(&[], self.limits, |solution| {
                    // The check and the texts are made outside the lock.
                    let options = matrix
                        .check_solution(solution)
                        .map(|()| texts(matrix, solution));
                    let mut guard = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    let (each, handed, fault) = &mut *guard;
                    **handed += 1;
                    match options {
                        Ok(options) => each(**handed, &options),
                        Err(error) => {
                            **fault = Some(Faulty {
                                number: **handed,
                                error,
                            });
                            ControlFlow::Break(())
                        }
                    }
                })
                .expect("no option is forced")
        };
        match fault {
            Some(fault) => Err(fault),
            None => Ok((u128::from(handed), outcome)),
        }
    }
}

/// Hands solution `number` to `each` if it passes the check; else records
/// the fault and stops the search.
fn checked(
    matrix: &Matrix,
    number: u64,
    solution: &[OptionId],
    fault: &mut Option<Faulty>,
    each: &mut impl FnMut(u64, &[String]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match matrix.check_solution(solution) {
        Ok(()) => each(number, &texts(matrix, solution)),
        Err(error) => {
            *fault = Some(Faulty { number, error });
            ControlFlow::Break(())
        }
    }
}

/// The texts of the options of a solution, as Knuth's format writes them.
fn texts(matrix: &Matrix, solution: &[OptionId]) -> Vec<String> {
    solution.iter().map(|&o| matrix.option_text(o)).collect()
}

/// Counts (`record` false) or enumerates the solutions of `matrix` with one
/// engine on this thread, through the one engine front; `each` as for
/// [`Search::solve`], each solution checked as there. Returns the solutions
/// and how the search ended.
///
/// # Errors
/// [`Faulty`]: a solution failed the independent check.
pub fn run_engine(
    engine: &mut dyn Engine<Start = [OptionId], Solution = [OptionId]>,
    matrix: &Matrix,
    limits: &Limits,
    record: bool,
    mut each: impl FnMut(u64, &[String]) -> ControlFlow<()>,
) -> Result<(u128, Outcome), Faulty> {
    let mut found = 0u64;
    let mut fault = None;
    let outcome = engine.run(&[], limits, record, &mut |chosen| {
        found += 1;
        checked(matrix, found, chosen, &mut fault, &mut each)
    });
    if let Some(fault) = fault {
        return Err(fault);
    }
    Ok(match outcome {
        Ok(outcome) => (outcome.stats.solutions, outcome),
        // Nothing is forced: the empty start cannot clash.
        Err(Contradiction) => (0, Outcome::default()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{knuth, Incomplete};

    /// An engine that reports a wrong option set once, as a buggy engine would.
    struct Corrupt(Vec<OptionId>);

    impl Engine for Corrupt {
        type Start = [OptionId];
        type Solution = [OptionId];
        fn name(&self) -> &'static str {
            "corrupt"
        }
        fn run(
            &mut self,
            _: &[OptionId],
            _: &Limits,
            _: bool,
            visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
        ) -> Result<Outcome, Contradiction> {
            let _ = visit(&self.0);
            Ok(Outcome::default())
        }
    }

    /// The answer's check catches a corrupted solution from an engine: it is
    /// not handed over, and the search reports the fault.
    #[test]
    fn a_corrupted_solution_is_caught_not_printed() {
        let matrix = knuth::parse("A B C\nA B\nC\nA\nB C\n").unwrap();
        let limits = Limits::none();
        let mut printed = Vec::new();
        // A right one passes; a wrong one (B covered twice) does not.
        let right = vec![OptionId::new(0), OptionId::new(1)];
        let wrong = vec![OptionId::new(0), OptionId::new(3)];
        let mut each = |k: u64, options: &[String]| {
            printed.push((k, options.to_vec()));
            ControlFlow::Continue(())
        };
        assert!(run_engine(&mut Corrupt(right), &matrix, &limits, true, &mut each).is_ok());
        let fault = run_engine(&mut Corrupt(wrong), &matrix, &limits, true, &mut each).unwrap_err();
        assert_eq!(
            fault.to_string(),
            "internal error: solution 1 failed the independent check: item `B` is covered twice"
        );
        assert_eq!(printed.len(), 1);
    }

    /// Domino tilings of a 3x4 board: 11 (a known count), on one thread and
    /// on two, counted and enumerated, every solution handed over once with
    /// its number.
    #[test]
    fn sequential_and_parallel_agree_on_a_known_count() {
        let mut text = String::new();
        let cell = |r: usize, c: usize| format!("c{r}{c}");
        for r in 0..3 {
            for c in 0..4 {
                text.push_str(&cell(r, c));
                text.push(' ');
            }
        }
        text.push('\n');
        for r in 0..3 {
            for c in 0..4 {
                if c + 1 < 4 {
                    text.push_str(&format!("{} {}\n", cell(r, c), cell(r, c + 1)));
                }
                if r + 1 < 3 {
                    text.push_str(&format!("{} {}\n", cell(r, c), cell(r + 1, c)));
                }
            }
        }
        let matrix = knuth::parse(&text).unwrap();
        let limits = Limits::none();
        for (threads, counter) in [1, 2]
            .into_iter()
            .flat_map(|t| [(t, Counter::Links), (t, Counter::Cells)])
        {
            let search = Search {
                matrix: &matrix,
                limits: &limits,
                threads,
                seed: None,
                progress: None,
                counter,
            };
            assert_eq!(search.count().0, 11, "{threads} threads, {counter:?}");
            let mut numbers = Vec::new();
            let (n, outcome) = search
                .solve(|k, options| {
                    assert_eq!(options.len(), 6);
                    numbers.push(k);
                    ControlFlow::Continue(())
                })
                .unwrap();
            numbers.sort_unstable();
            assert_eq!((n, outcome.incomplete), (11, None));
            assert_eq!(numbers, (1..=11).collect::<Vec<u64>>());
        }
        // A search stopped by its visitor says so.
        let search = Search {
            matrix: &matrix,
            limits: &limits,
            threads: 1,
            seed: Some(7),
            progress: None,
            counter: Counter::Links,
        };
        let (n, outcome) = search.solve(|_, _| ControlFlow::Break(())).unwrap();
        assert_eq!((n, outcome.incomplete), (1, Some(Incomplete::Stopped)));
    }
}
