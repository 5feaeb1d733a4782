//! Totals of a run: the exit status, and the `--stats` summary on stderr.

use std::time::Duration;

use solver_core::Incomplete;

use super::record::{Answer, Answered, Expected};
use super::Mode;
use crate::exit::Exit;
use sudoku::EngineName;

/// Counts of the answers of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub puzzles: u64,
    pub solved: u64,
    pub unique: u64,
    pub multiple: u64,
    pub unsolvable: u64,
    pub minimized: u64,
    pub rated: u64,
    /// Counts that are complete, or stopped at `--limit`.
    pub counted: u64,
    /// Counts stopped at `--limit`.
    pub limited: u64,
    pub invalid: u64,
    pub unknown: u64,
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
    pub(crate) fn add<G>(&mut self, answered: &Answered<G>) {
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
            Answer::Rated(_) => self.rated += 1,
            Answer::NotUnique => self.multiple += 1,
            Answer::Invalid(_) => self.invalid += 1,
            Answer::Internal(_) => self.internal += 1,
        }
    }

    /// The exit status of the run (internal errors aside): the highest of
    /// 4 (read errors), 2 (invalid), 3 (unknown), 1 (no solution, not
    /// unique, or not the solution the input expects), 0.
    pub(crate) fn status(&self) -> Exit {
        if self.read_errors > 0 {
            Exit::IoError
        } else if self.invalid > 0 {
            Exit::BadInput
        } else if self.unknown > 0 {
            Exit::Incomplete
        } else if self.unsolvable > 0 || self.multiple > 0 || self.mismatches > 0 {
            Exit::NoSolution
        } else {
            Exit::Success
        }
    }

    /// The `--stats` summary: one `name: value` line each, aligned.
    pub(crate) fn report(&self, mode: Mode, elapsed: Duration, threads: usize) -> String {
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
            Mode::Minimize { .. } | Mode::Rate { .. } | Mode::Enumerate | Mode::Split => {
                let done = if matches!(mode, Mode::Rate { .. }) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Notation;

    fn add(totals: &mut Totals, answer: Answer) {
        totals.add(&Answered {
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
    fn status_priority() {
        let mut t = Totals::default();
        assert_eq!(t.status(), Exit::Success);
        add(&mut t, Answer::Unsolvable);
        assert_eq!(t.status(), Exit::NoSolution);
        add(&mut t, Answer::Unknown(Incomplete::Deadline));
        assert_eq!(t.status(), Exit::Incomplete);
        add(&mut t, Answer::Invalid("x".into()));
        assert_eq!(t.status(), Exit::BadInput);
        t.read_errors += 1;
        assert_eq!(t.status(), Exit::IoError);
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
        assert_eq!(t.status(), Exit::Success);
        add(
            &mut t,
            Answer::Counted {
                solutions: 10,
                incomplete: Some(Incomplete::NodeLimit),
            },
        );
        assert_eq!(t.status(), Exit::Incomplete);
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
