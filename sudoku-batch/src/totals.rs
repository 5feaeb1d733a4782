//! Totals of a run: its [`Status`], the `--stats` summary, and the summary
//! of the puzzles that could not be solved ([`Problems`]).

use std::time::Duration;

use solver_core::Incomplete;

use super::report::Report;
use sudoku_solve::{Answer, EngineName, Expected, Task as Mode};

/// How a run went, worst first: what the `sudoku` command turns into its
/// exit status (4, 2, 3, 1, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// An input could not be read.
    ReadError,
    /// A puzzle could not be read, or its givens clash.
    BadInput,
    /// A search gave up at a limit.
    Incomplete,
    /// A puzzle has no solution, or not exactly one where one is asked, or
    /// not the solution the input gives.
    NoSolution,
    /// Every puzzle answered as asked.
    Success,
}

/// Counts of the answers of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Puzzles answered.
    pub puzzles: u64,
    /// Counts stopped by Ctrl-C and written as lower bounds (at most one).
    pub partial: u64,
    /// Solved (solve).
    pub solved: u64,
    /// Unique (check).
    pub unique: u64,
    /// Several solutions (check, and minimize or rate refused).
    pub multiple: u64,
    /// No solution.
    pub unsolvable: u64,
    /// Minimized.
    pub minimized: u64,
    /// Rated.
    pub rated: u64,
    /// True candidates found (complete).
    pub candidates: u64,
    /// Counts that are complete, or stopped at `--limit`.
    pub counted: u64,
    /// Counts stopped at `--limit`.
    pub limited: u64,
    /// Could not be read, or givens that clash.
    pub invalid: u64,
    /// Gave up at a limit.
    pub unknown: u64,
    /// Solutions that failed the independent check (a bug).
    pub internal: u64,
    /// Solutions that differ from the one the input gives.
    pub mismatches: u64,
    /// Search-tree nodes, over every puzzle.
    pub nodes: u64,
    /// I/O errors while reading the inputs.
    pub read_errors: u64,
    /// Puzzles answered by each engine (indexed as [`EngineName::ALL`]).
    pub engines: [u64; EngineName::ALL.len()],
}

impl Totals {
    /// Adds one answered puzzle.
    pub fn add<G>(&mut self, answered: &Report<G>) {
        self.puzzles += 1;
        self.nodes += answered.nodes.unwrap_or(0);
        if let Some(engine) = answered.plan.map(|p| p.engine) {
            if let Some(k) = EngineName::ALL.iter().position(|&e| e == engine) {
                self.engines[k] += 1;
            }
        }
        if matches!(
            answered.expected,
            Some(Expected::OtherSolution | Expected::NotASolution)
        ) {
            self.mismatches += 1;
        }
        match &answered.answer {
            Answer::Solved(_) => self.solved += 1,
            Answer::Unique(_) => self.unique += 1,
            Answer::Multiple(..) => self.multiple += 1,
            Answer::Unsolvable => self.unsolvable += 1,
            Answer::Counted { incomplete, .. } => match incomplete {
                None => self.counted += 1,
                Some(Incomplete::SolutionLimit) => {
                    self.counted += 1;
                    self.limited += 1;
                }
                Some(_) => self.unknown += 1,
            },
            Answer::Unknown(_) => self.unknown += 1,
            Answer::Minimized(_) => self.minimized += 1,
            Answer::Rated(_) | Answer::LogicRated(_) => self.rated += 1,
            Answer::Candidates {
                incomplete: None, ..
            } => self.candidates += 1,
            Answer::Candidates { .. } => self.unknown += 1,
            Answer::UniqueMakers {
                incomplete: None, ..
            } => self.candidates += 1,
            Answer::UniqueMakers { .. } => self.unknown += 1,
            Answer::NotUnique => self.multiple += 1,
            Answer::Invalid(_) => self.invalid += 1,
            Answer::Internal(_) => self.internal += 1,
        }
    }

    /// The exit status of the run (internal errors aside): the highest of
    /// 4 (read errors), 2 (invalid), 3 (unknown), 1 (no solution, not
    /// unique, or not the solution the input expects), 0.
    pub fn status(&self) -> Status {
        if self.read_errors > 0 {
            Status::ReadError
        } else if self.invalid > 0 {
            Status::BadInput
        } else if self.unknown > 0 {
            Status::Incomplete
        } else if self.unsolvable > 0 || self.multiple > 0 || self.mismatches > 0 {
            Status::NoSolution
        } else {
            Status::Success
        }
    }

    /// What is said on stderr after Ctrl-C: the puzzles answered before it
    /// (their records written) and the count it stopped, if any.
    pub fn interrupted_note(&self) -> String {
        let partial = if self.partial > 0 {
            ", and the count it stopped, as a lower bound"
        } else {
            ""
        };
        format!(
            "interrupted: {} puzzles answered before Ctrl-C (their records are written{partial}); \
             the rest were not",
            self.puzzles - self.partial
        )
    }

    /// The `--stats` summary: one `name: value` line each, aligned.
    pub fn report(&self, mode: Mode, elapsed: Duration, threads: usize) -> String {
        let mut rows: Vec<(&str, String)> = vec![("puzzles", self.puzzles.to_string())];
        let n = |v: u64| v.to_string();
        match mode {
            Mode::Solve => {
                rows.push(("solved", n(self.solved)));
                rows.push(("unsolvable", n(self.unsolvable)));
            }
            Mode::Check => {
                rows.push(("unique", n(self.unique)));
                rows.push(("multiple", n(self.multiple)));
                rows.push(("unsolvable", n(self.unsolvable)));
            }
            Mode::Count { .. } => {
                rows.push(("counted", n(self.counted)));
                if self.limited > 0 {
                    rows.push(("at --limit", n(self.limited)));
                }
            }
            Mode::Candidates | Mode::UniqueMakers => {
                rows.push(("candidates", n(self.candidates)));
                rows.push(("unsolvable", n(self.unsolvable)));
            }
            Mode::Minimize { .. }
            | Mode::Rate { .. }
            | Mode::RateLogic
            | Mode::Enumerate
            | Mode::Split => {
                let done = if matches!(mode, Mode::Rate { .. } | Mode::RateLogic) {
                    "rated"
                } else {
                    "minimized"
                };
                rows.push((done, n(self.minimized + self.rated)));
                rows.push(("multiple", n(self.multiple)));
                rows.push(("unsolvable", n(self.unsolvable)));
            }
        }
        rows.push(("invalid", n(self.invalid)));
        rows.push(("unknown", n(self.unknown)));
        if self.mismatches > 0 {
            rows.push(("mismatches", n(self.mismatches)));
        }
        if self.internal > 0 {
            rows.push(("internal errors", n(self.internal)));
        }
        rows.push(("nodes", n(self.nodes)));
        let engines: Vec<String> = EngineName::ALL
            .iter()
            .zip(self.engines)
            .filter(|&(_, count)| count > 0)
            .map(|(engine, count)| format!("{engine} {count}"))
            .collect();
        if !engines.is_empty() {
            rows.push(("engines", engines.join(", ")));
        }
        rows.push(("threads", threads.to_string()));
        let seconds = elapsed.as_secs_f64();
        rows.push(("elapsed", format!("{seconds:.3} s")));
        let rate = if seconds > 0.0 {
            // Slow puzzles (large grids) keep two decimals, not "0".
            let per_second = self.puzzles as f64 / seconds;
            let decimals = if per_second < 10.0 { 2 } else { 0 };
            format!("{per_second:.decimals$} puzzles/s")
        } else {
            "-".to_string()
        };
        rows.push(("rate", rate));

        let width = rows.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
        let mut text = String::new();
        for (name, value) in rows {
            text.push_str(&format!(
                "{:<width$}  {value}\n",
                format!("{name}:"),
                width = width + 1
            ));
        }
        text
    }
}

/// How many problems the summary lists before it only counts.
const PROBLEMS_LISTED: usize = 5;

/// The puzzles that could not be read or solved, for a summary at the end
/// of a run (the `sudoku` command prints it on stderr when stderr is not
/// where stdout goes).
#[derive(Debug, Default)]
pub struct Problems {
    /// The first few, as `<file>, line <n>: <what>`.
    listed: Vec<String>,
    /// All of them.
    count: u64,
}

impl Problems {
    /// Notes `report` (of file `name`) if it is invalid or unsolvable.
    pub fn add(&mut self, report: &Report<()>, name: &str) {
        let what = match &report.answer {
            Answer::Invalid(message) => {
                format!("invalid: {}", crate::report::located(report.line, message))
            }
            Answer::Unsolvable => format!("line {}: unsolvable", report.line),
            _ => return,
        };
        self.count += 1;
        if self.listed.len() < PROBLEMS_LISTED {
            self.listed.push(format!("{name}: {what}"));
        }
    }

    /// The summary of a run of `puzzles` puzzles, `None` when there was no
    /// problem.
    pub fn summary(&self, puzzles: u64) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let mut text = format!(
            "{} of {puzzles} puzzles could not be solved (their records on stdout say why):",
            self.count
        );
        for problem in &self.listed {
            text.push_str("\n  ");
            text.push_str(problem);
        }
        let more = self.count - self.listed.len() as u64;
        if more > 0 {
            text.push_str(&format!("\n  ... and {more} more"));
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Notation;

    fn add(totals: &mut Totals, answer: Answer) {
        totals.add(&Report {
            file: 0,
            line: 1,
            shape: None,
            notation: Notation::default(),
            answer,
            nodes: Some(2),
            plan: None,
            expected: None,
        });
    }

    #[test]
    fn the_note_after_ctrl_c() {
        let mut t = Totals::default();
        add(&mut t, Answer::Unsolvable);
        add(&mut t, Answer::Unsolvable);
        assert!(t.interrupted_note().starts_with(
            "interrupted: 2 puzzles answered before Ctrl-C (their records are written); "
        ));
        t.partial = 1;
        assert!(t.interrupted_note().starts_with("interrupted: 1 puzzles answered before Ctrl-C (their records are written, and the count it stopped, as a lower bound); "));
    }

    #[test]
    fn status_priority() {
        let mut t = Totals::default();
        assert_eq!(t.status(), Status::Success);
        add(&mut t, Answer::Unsolvable);
        assert_eq!(t.status(), Status::NoSolution);
        add(&mut t, Answer::Unknown(Incomplete::Deadline));
        assert_eq!(t.status(), Status::Incomplete);
        add(&mut t, Answer::Invalid("x".into()));
        assert_eq!(t.status(), Status::BadInput);
        t.read_errors += 1;
        assert_eq!(t.status(), Status::ReadError);
    }

    #[test]
    fn limit_is_a_normal_stop() {
        let mut t = Totals::default();
        add(
            &mut t,
            Answer::Counted {
                solutions: 10,
                incomplete: Some(Incomplete::SolutionLimit),
            },
        );
        assert_eq!(t.status(), Status::Success);
        add(
            &mut t,
            Answer::Counted {
                solutions: 10,
                incomplete: Some(Incomplete::NodeLimit),
            },
        );
        assert_eq!(t.status(), Status::Incomplete);
    }

    #[test]
    fn report_lines() {
        let mut t = Totals::default();
        add(&mut t, Answer::Unsolvable);
        let text = t.report(Mode::Solve, Duration::from_millis(500), 2);
        assert!(text.starts_with("puzzles:     1\n"), "{text}");
        assert!(text.contains("unsolvable:  1\n"), "{text}");
        assert!(text.contains("rate:        2.00 puzzles/s\n"), "{text}");
        let text = t.report(Mode::Solve, Duration::from_secs(3), 1);
        assert!(text.contains("rate:        0.33 puzzles/s\n"), "{text}");
        for _ in 0..19 {
            add(&mut t, Answer::Unsolvable);
        }
        let text = t.report(Mode::Solve, Duration::from_millis(500), 1);
        assert!(text.contains("rate:        40 puzzles/s\n"), "{text}");
    }
}
