//! A whole search of one matrix, as the `dlx` command runs it: counted or
//! enumerated, on one thread or many, with a seed and progress reports, or
//! through any [`Engine`] over options (clause learning); each solution is
//! checked ([`Matrix::check_solution`]) and handed over as the texts of its
//! options, numbered from 1; the
//! [`Summary`] says what the search found and did, as JSON records print it.
//!
//! ```
//! use std::ops::ControlFlow;
//! use solver_core::drive::{Search, Summary};
//! use solver_core::{knuth, Counter, Limits};
//!
//! let matrix = knuth::parse("A B C\nA B\nC\nA\nB C\n")?;
//! let limits = Limits::none();
//! let search = Search { matrix: &matrix, limits: &limits, threads: 1, seed: None, progress: None,
//!                      counter: Counter::Links };
//! assert_eq!(search.count().0, 2);
//! let mut seen = Vec::new();
//! let (printed, outcome) = search.solve(|k, options| {
//!     seen.push((k, options.join(" | ")));
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!((printed, seen.len()), (2, 2));
//! let summary = Summary::new(printed, &outcome, "dlx", std::time::Instant::now(), 1);
//! assert!(summary.complete && summary.incomplete.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde::{Serialize, Serializer};

use crate::{
    BigCount, Contradiction, Counter, Engine, Incomplete, Limits, Matrix, OptionId, Outcome,
    Progress, SolutionError,
};

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

/// A solution that failed the independent check of its problem
/// ([`Matrix::check_solution`] for exact cover, the model's check for a
/// constraint model): an engine's bug, reported as an internal error and
/// never printed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: solution {number} failed the independent check: {error}")]
pub struct Faulty<E: std::error::Error + 'static = SolutionError> {
    /// The solution's number, from 1.
    pub number: u64,
    /// What the check found.
    pub error: E,
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

/// How many levels of the search path a progress line shows.
pub const PATH_LEVELS: usize = 10;

/// A progress report on one line, in the spirit of Knuth's: `progress: 3.0s,
/// 1234 nodes, 5 solutions, level 7, path 1/3 2/5 4/4 ..., 12.345% done`
/// (the first [`PATH_LEVELS`] levels of the path, `k/d`: choice `k` of `d`).
pub fn progress_line(progress: &Progress) -> String {
    let mut path: Vec<String> = progress
        .path
        .iter()
        .take(PATH_LEVELS)
        .map(|(k, d)| format!("{k}/{d}"))
        .collect();
    if progress.path.len() > PATH_LEVELS {
        path.push("...".to_string());
    }
    format!(
        "progress: {:.1}s, {} nodes, {} solutions, level {}, path {}, {:.3}% done",
        progress.elapsed.as_secs_f64(),
        progress.nodes,
        progress.solutions,
        progress.level,
        if path.is_empty() {
            "-".to_string()
        } else {
            path.join(" ")
        },
        100.0 * progress.fraction,
    )
}

/// What a search found and did, as a JSON record prints it.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Solutions counted or handed over (a JSON string beyond 64 bits),
    /// exact at any size.
    pub solutions: BigCount,
    /// Whether the search ran to its end.
    pub complete: bool,
    /// Why it stopped early.
    pub incomplete: Option<Incomplete>,
    /// The engine that searched: `dlx`, `cdcl`, `propagation` ...
    pub engine: &'static str,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates (assignments for clause learning).
    pub updates: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
    /// Threads that searched.
    pub threads: usize,
}

impl Summary {
    /// The summary of a search started at `started` that ended with
    /// `outcome`, having found `solutions`.
    pub fn new(
        solutions: impl Into<BigCount>,
        outcome: &Outcome,
        engine: &'static str,
        started: Instant,
        threads: usize,
    ) -> Summary {
        Summary {
            solutions: solutions.into(),
            complete: outcome.incomplete.is_none(),
            incomplete: outcome.incomplete,
            engine,
            nodes: outcome.stats.nodes,
            updates: outcome.stats.updates,
            elapsed_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            threads,
        }
    }
}

/// How a search that printed its answer ends, for the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The answer is complete (a solution limit reached is what was asked).
    Complete,
    /// A solve found no solution, and the search was complete.
    NoSolution,
    /// Another limit stopped the search: the answer is partial.
    Incomplete,
}

impl Summary {
    /// How the search ends; `solving`: it printed solutions (`solve`), so
    /// that none found is [`Ending::NoSolution`].
    pub fn ending(&self, solving: bool) -> Ending {
        match self.incomplete {
            None | Some(Incomplete::SolutionLimit) if solving && self.solutions.is_zero() => {
                Ending::NoSolution
            }
            None | Some(Incomplete::SolutionLimit) => Ending::Complete,
            Some(_) => Ending::Incomplete,
        }
    }

    /// The line that ends a `solve` printed as text, for stderr: `no
    /// solution`, or `incomplete: <why>; N solutions printed`; `None` when
    /// the solutions printed say it all.
    pub fn solve_note(&self) -> Option<String> {
        let n = &self.solutions;
        match (self.ending(true), self.incomplete) {
            (Ending::NoSolution, _) => Some("no solution".to_string()),
            (Ending::Incomplete, Some(why)) => Some(format!(
                "incomplete: {why}; {n} solution{} printed",
                if *n == 1 { "" } else { "s" }
            )),
            _ => None,
        }
    }
}

/// Solution number `solution` (from 1), as a JSON record prints it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SolutionRecord<'a> {
    /// Its number, from 1.
    pub solution: u64,
    /// The texts of its options.
    pub options: &'a [String],
}

/// Solution number `k` (from 1) as text: its options one per line, after a
/// blank line unless it is the first.
///
/// ```
/// let options = ["a b".to_string(), "c".to_string()];
/// assert_eq!(solver_core::drive::solution_text(1, &options), "a b\nc\n");
/// assert_eq!(solver_core::drive::solution_text(2, &options), "\na b\nc\n");
/// ```
pub fn solution_text(k: u64, options: &[String]) -> String {
    let mut text = String::from(if k > 1 { "\n" } else { "" });
    for option in options {
        text.push_str(option);
        text.push('\n');
    }
    text
}

impl AsRef<Summary> for Summary {
    fn as_ref(&self) -> &Summary {
        self
    }
}

/// Threads a command allows per available core ([`pool_size`]).
pub const CAP_PER_CORE: usize = 4;

/// The environment variable rayon reads; a command reads it instead, so
/// that it is capped like `-j` ([`pool_size`]).
pub const RAYON_NUM_THREADS: &str = "RAYON_NUM_THREADS";

/// How many threads a command's pool starts for `asked` (`-j`), else `env`
/// (the value of [`RAYON_NUM_THREADS`]), else one per core of `cores`; and
/// the note to print when the number asked was capped at `cap` (a command
/// allows [`CAP_PER_CORE`] per core: more only cost memory and time, each
/// thread having its own solvers) or the variable could not be read.
///
/// ```
/// use solver_core::drive::pool_size;
/// assert_eq!(pool_size(Some(3), None, 2, 8), (3, None));
/// assert_eq!(pool_size(Some(4096), None, 2, 8).0, 8);
/// ```
pub fn pool_size(
    asked: Option<usize>,
    env: Option<&str>,
    cores: usize,
    cap: usize,
) -> (usize, Option<String>) {
    let (wanted, from) = match (asked, env.map(str::trim)) {
        (Some(n), _) => (n, "-j"),
        (None, None) | (None, Some("")) => return (cores.min(cap).max(1), None),
        (None, Some(text)) => match text.parse::<usize>() {
            Ok(0) => return (cores.min(cap).max(1), None),
            Ok(n) => (n, RAYON_NUM_THREADS),
            Err(_) => {
                return (
                    cores.min(cap).max(1),
                    Some(format!(
                        "note: {RAYON_NUM_THREADS}={text} is not a number of threads: \
                         using {cores} (one per core)"
                    )),
                )
            }
        },
    };
    if wanted > cap {
        let note = format!(
            "note: {from} {wanted} is more than {CAP_PER_CORE} threads per core \
             ({cores} available): using {cap}"
        );
        (cap, Some(note))
    } else {
        (wanted, None)
    }
}

/// A count in JSON: a number when it fits in 64 bits, otherwise a string of
/// digits (JSON readers lose precision on larger numbers).
pub fn big_number<S: Serializer>(n: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    match u64::try_from(*n) {
        Ok(small) => serializer.serialize_u64(small),
        Err(_) => serializer.collect_str(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth;

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

    #[test]
    fn big_numbers_become_strings() {
        let summary = |solutions: u128| Summary {
            solutions: solutions.into(),
            complete: true,
            incomplete: None,
            engine: "dlx",
            nodes: 0,
            updates: 0,
            elapsed_ms: 0,
            threads: 1,
        };
        let json = serde_json::to_value(summary(92)).unwrap();
        assert_eq!(json["solutions"], 92);
        let big = u128::from(u64::MAX) + 1;
        let json = serde_json::to_value(summary(big)).unwrap();
        assert_eq!(json["solutions"], "18446744073709551616");
    }

    #[test]
    fn thread_counts_are_capped() {
        // 2 cores, cap 8.
        assert_eq!(pool_size(Some(3), None, 2, 8), (3, None));
        assert_eq!(pool_size(Some(8), Some("100000"), 2, 8), (8, None));
        let (n, note) = pool_size(Some(4096), None, 2, 8);
        assert_eq!(n, 8);
        assert!(note.unwrap().contains("-j 4096"));
        let (n, note) = pool_size(None, Some("100000"), 2, 8);
        assert_eq!(n, 8);
        assert!(note.unwrap().contains("RAYON_NUM_THREADS 100000"));
        assert_eq!(pool_size(None, Some("5"), 2, 8), (5, None));
        assert_eq!(pool_size(None, None, 2, 8), (2, None));
        assert_eq!(pool_size(None, Some("0"), 2, 8), (2, None));
        let (n, note) = pool_size(None, Some("many"), 2, 8);
        assert_eq!(n, 2);
        assert!(note.unwrap().contains("not a number"));
    }

    #[test]
    fn endings_and_notes() {
        let summary = |solutions: u128, incomplete: Option<Incomplete>| Summary {
            solutions: solutions.into(),
            complete: incomplete.is_none(),
            incomplete,
            engine: "dlx",
            nodes: 0,
            updates: 0,
            elapsed_ms: 0,
            threads: 1,
        };
        assert_eq!(summary(0, None).ending(false), Ending::Complete);
        assert_eq!(summary(0, None).ending(true), Ending::NoSolution);
        let limit = Some(Incomplete::SolutionLimit);
        assert_eq!(summary(2, limit).ending(true), Ending::Complete);
        let nodes = Some(Incomplete::NodeLimit);
        assert_eq!(summary(5, nodes).ending(false), Ending::Incomplete);
        let deadline = Some(Incomplete::Deadline);
        assert_eq!(summary(0, deadline).ending(true), Ending::Incomplete);
        assert_eq!(summary(0, None).solve_note().unwrap(), "no solution");
        assert_eq!(summary(3, None).solve_note(), None);
        assert_eq!(summary(2, limit).solve_note(), None);
        let note = summary(1, deadline).solve_note().unwrap();
        assert_eq!(
            note,
            format!("incomplete: {}; 1 solution printed", Incomplete::Deadline)
        );
    }

    #[test]
    fn progress_lines() {
        let progress = Progress {
            nodes: 1234,
            solutions: 5,
            level: 12,
            path: (1..=12).map(|k| (1, k)).collect(),
            fraction: 0.125,
            elapsed: Duration::from_secs(3),
        };
        let line = progress_line(&progress);
        assert!(line.starts_with("progress: 3.0s, 1234 nodes, 5 solutions, level 12, path 1/1 1/2"));
        assert!(line.ends_with("1/10 ..., 12.500% done"), "{line}");
        let start = Progress {
            path: Vec::new(),
            ..progress
        };
        assert!(progress_line(&start).contains("level 12, path -, "));
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
