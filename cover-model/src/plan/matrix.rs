//! The plan of an exact-cover matrix in Knuth's format (`dlx count`, `dlx
//! solve`): the matrix's facts read here, [`decide`] asked, and the engine
//! it names built, so that the command runs what the plan names and
//! nothing else.
//!
//! ```
//! use cover_model::plan::matrix::{planned, Built, Task};
//! use cover_model::plan::{Asked, EngineName, Job};
//! use solver_core::{knuth, Counter};
//!
//! // The 8 queens as an exact cover: a plain count on two threads.
//! let matrix = knuth::parse(&solver_core::problems::n_queens(8))?;
//! let count = Task { job: Job::Count, limit: false, seed: false, progress: false, threads: 2 };
//! let chosen = planned(&matrix, count, Asked::Dlx)?;
//! assert_eq!(chosen.plan.engine, EngineName::Cells);
//! assert!(matches!(chosen.engine, Built::Search(Counter::Cells)));
//! // Listing the solutions is Dancing Links' job.
//! let solve = Task { job: Job::Solve, ..count };
//! assert_eq!(planned(&matrix, solve, Asked::Auto)?.plan.engine, EngineName::Dlx);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use solver_core::cdcl::Learner;
use solver_core::{zdd, Counter, Matrix, OptionId};

use super::{decide, Asked, EngineName, Job, Plan, Problem, Refusal};

/// What the command asks of the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// [`Job::Count`] or [`Job::Solve`].
    pub job: Job,
    /// The search stops at a number of solutions (`--limit`).
    pub limit: bool,
    /// Ties between items are broken at random from a seed (`--seed`).
    pub seed: bool,
    /// Progress is reported (`--progress`).
    pub progress: bool,
    /// How many threads search.
    pub threads: usize,
}

impl Task {
    /// Whether the whole count is asked for at once, as memoized counting
    /// gives it: no solution limit, seed or progress reports.
    fn memo_fits(self) -> bool {
        self.job == Job::Count && !self.limit && !self.seed && !self.progress
    }

    /// Whether Dancing Cells can run the task on a matrix that fits them:
    /// a count without a seed or progress reports (which they do not
    /// take), and with a solution limit only on one thread (the threads of
    /// a limited count share the limit through the links search).
    fn cells_fit(self) -> bool {
        self.job == Job::Count && !self.seed && !self.progress && (!self.limit || self.threads == 1)
    }
}

/// The engine the plan names, built (its name is [`Planned::plan`]'s).
#[derive(Debug)]
pub enum Built {
    /// Memoized counting ([`EngineName::Zdd`]): the caller builds the
    /// diagram within its memory budget, and counts by
    /// [`Planned::counter`] if the memo outgrows it.
    Memo,
    /// A search of the matrix ([`EngineName::Dlx`] or
    /// [`EngineName::Cells`]): `solver_core::whole::Search` counting by
    /// this counter (listing solutions is always by links).
    Search(Counter),
    /// Clause learning over the options ([`EngineName::Cdcl`]).
    Learner(Box<Learner>),
}

/// The plan of a matrix and its engine.
#[derive(Debug)]
pub struct Planned {
    /// The engine's name and the reason for it.
    pub plan: Plan,
    /// The matrix's frontier in input order, when the task allows the memo
    /// (`solver_core::zdd::frontier`; for `--explain`).
    pub frontier: Option<u32>,
    /// The engine, built.
    pub engine: Built,
    /// The counter of a plain count of this matrix and task: after the memo
    /// outgrows its budget, the one that counts instead (named by
    /// [`counter_name`](Self::counter_name)).
    pub counter: Counter,
}

impl Planned {
    /// The planner's name for [`counter`](Self::counter).
    pub fn counter_name(&self) -> EngineName {
        match self.counter {
            Counter::Cells => EngineName::Cells,
            Counter::Links => EngineName::Dlx,
        }
    }
}

/// Whether some option of `matrix` gives an item a colour.
pub fn has_colours(matrix: &Matrix) -> bool {
    (0..matrix.option_count()).any(|o| {
        matrix
            .option(OptionId::new(o))
            .any(|entry| entry.color.is_some())
    })
}

/// Plans `task` on `matrix` with `asked` the user's choice ([`decide`] on
/// the matrix's facts), and builds the engine the plan names.
///
/// # Errors
/// [`Refusal`]: the engine asked for cannot take the matrix or the task.
pub fn planned(matrix: &Matrix, task: Task, asked: Asked) -> Result<Planned, Refusal> {
    let colours = has_colours(matrix);
    let cells = task.cells_fit() && matrix.cells_fit();
    let frontier = task
        .memo_fits()
        .then(|| u32::try_from(zdd::frontier(matrix)).unwrap_or(u32::MAX));
    let problem = Problem::Matrix {
        colours,
        cells,
        frontier,
    };
    let plan = decide(&problem, task.job, asked)?;
    let counter = if cells {
        Counter::Cells
    } else {
        Counter::Links
    };
    let engine = match plan.engine {
        EngineName::Zdd => Built::Memo,
        EngineName::Cells => Built::Search(Counter::Cells),
        EngineName::Dlx => Built::Search(Counter::Links),
        EngineName::Cdcl => match Learner::from_matrix(matrix) {
            Some(learner) => Built::Learner(Box::new(learner)),
            None => {
                return Err(Refusal {
                    asked,
                    why: "takes no colours, and an option gives one to an item",
                })
            }
        },
        other => unreachable!("{other} planned for a matrix"),
    };
    Ok(Planned {
        plan,
        frontier,
        engine,
        counter,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver_core::{knuth, Limits};

    const COUNT: Task = Task {
        job: Job::Count,
        limit: false,
        seed: false,
        progress: false,
        threads: 1,
    };

    /// Dancing Cells count only what they take, and the engine built is
    /// the one the plan names.
    #[test]
    fn cells_count_plain_counts_only() {
        // Langford pairs of 3 (a frontier of 4: memoized when left to the
        // planner).
        let matrix = knuth::parse(&solver_core::problems::langford(3)).unwrap();
        let name = |task, asked| planned(&matrix, task, asked).map(|p| p.plan.engine);
        assert_eq!(name(COUNT, Asked::Auto), Ok(EngineName::Zdd));
        assert_eq!(name(COUNT, Asked::Dlx), Ok(EngineName::Cells));
        let seeded = Task {
            seed: true,
            ..COUNT
        };
        let reported = Task {
            progress: true,
            ..COUNT
        };
        for task in [seeded, reported] {
            assert_eq!(name(task, Asked::Auto), Ok(EngineName::Dlx));
            assert_eq!(name(task, Asked::Dlx), Ok(EngineName::Dlx));
        }
        let limited = Task {
            limit: true,
            ..COUNT
        };
        assert_eq!(name(limited, Asked::Auto), Ok(EngineName::Cells));
        let limited_on_two = Task {
            threads: 2,
            ..limited
        };
        assert_eq!(name(limited_on_two, Asked::Auto), Ok(EngineName::Dlx));
        let solve = Task {
            job: Job::Solve,
            ..COUNT
        };
        assert_eq!(name(solve, Asked::Dlx), Ok(EngineName::Dlx));
        let learned = planned(&matrix, COUNT, Asked::Cdcl).unwrap();
        assert!(matches!(learned.engine, Built::Learner(_)));
        // Langford pairs of 3: two solutions (a mirror pair), by either
        // counter.
        for counter in [Counter::Links, Counter::Cells] {
            let count = matrix.solver().count_with(counter, &Limits::none());
            assert_eq!(count.solutions, 2, "{counter:?}");
        }
    }

    /// Colours refuse clause learning, and are read from the matrix itself.
    #[test]
    fn colours_are_read_from_the_matrix() {
        let plain = knuth::parse("A B | x\nA x\nB\n").unwrap();
        let coloured = knuth::parse("A B | x\nA x:1\nB x:2\n").unwrap();
        assert!(!has_colours(&plain));
        assert!(has_colours(&coloured));
        assert!(planned(&coloured, COUNT, Asked::Cdcl).is_err());
        assert!(planned(&plain, COUNT, Asked::Cdcl).is_ok());
    }
}
