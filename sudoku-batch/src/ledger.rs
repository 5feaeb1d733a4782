//! What a sink does with each answered chunk, whatever it writes to: the
//! records' text and the notes between them in input order (`--explain`
//! lines, warnings, read errors, files without a puzzle), the [`Totals`]
//! and [`Problems`] kept up to date, and after Ctrl-C only the records
//! finished before it (with the count it stopped, as a lower bound).
//!
//! ```
//! use sudoku_batch::{Done, Group, Ledger, Piece};
//!
//! let mut ledger = Ledger::new(vec!["a.txt".into()], false, false, false, false);
//! let group = Group { text: Vec::new(), done: vec![Done::EndOfFile { file: 0 }] };
//! let mut notes = Vec::new();
//! assert!(ledger.walk(&group, |piece| {
//!     if let Piece::Note(note) = piece {
//!         notes.push(note);
//!     }
//!     true
//! }));
//! assert_eq!(notes.len(), 1);
//! assert!(notes[0].starts_with("warning: a.txt: no puzzle found"));
//! ```

use super::pipeline::{Done, Group};
use super::report::Report;
use super::totals::{Problems, Totals};
use std::time::Duration;

use sudoku::Shape;
use sudoku_solve::plan::Plan;
use sudoku_solve::{Answer, Task};

/// One piece of what a chunk writes, in order.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Records' text, for the output.
    Text(&'a [u8]),
    /// A note for stderr, after the text before it.
    Note(String),
}

/// What the ledger knows of each input.
#[derive(Clone, Debug, Default)]
struct FileState {
    puzzles: usize,
    failed: bool,
}

/// The books of a batch run's writing: what the sink writes, in order (the
/// records' text, then the notes), and the run's totals.
#[derive(Debug)]
pub struct Ledger {
    /// The inputs' names, as notes give them.
    pub names: Vec<String>,
    files: Vec<FileState>,
    /// The answers so far.
    pub totals: Totals,
    /// `Some` when the problems are summed up at the end.
    pub problems: Option<Problems>,
    /// `Some` with `--explain`: the (shape, plan) pairs already explained.
    explained: Option<Vec<(Option<Shape>, Plan)>>,
    /// Notes of warnings (not for JSON, nor quiet runs).
    warnings: bool,
    quiet: bool,
}

impl Ledger {
    /// The books of a run over the inputs `names`: `quiet` leaves warnings
    /// out, as `json` leaves out the records' warnings (JSON records carry
    /// them); `problems` sums up the puzzles not solved, `explain` says once
    /// per shape and plan which engine answered and why.
    pub fn new(
        names: Vec<String>,
        quiet: bool,
        json: bool,
        problems: bool,
        explain: bool,
    ) -> Ledger {
        Ledger {
            files: vec![FileState::default(); names.len()],
            names,
            totals: Totals::default(),
            problems: problems.then(Problems::default),
            explained: explain.then(Vec::new),
            warnings: !json && !quiet,
            quiet,
        }
    }

    /// The `--explain` line of `answered`, the first time a grid of its
    /// shape gets that plan.
    fn explain(&mut self, answered: &Report<()>) -> Option<String> {
        let seen = self.explained.as_mut()?;
        let key = (answered.shape, answered.plan?);
        if seen.contains(&key) {
            return None;
        }
        seen.push(key);
        answered.explain_line(&self.names[answered.file])
    }

    /// The notes that end a run, for stderr, each ending with a newline: the
    /// puzzles not solved summed up, what Ctrl-C left (`interrupted`), and
    /// with `stats` (the task, the time taken, the threads) the totals.
    pub fn end_notes(&self, interrupted: bool, stats: Option<(Task, Duration, usize)>) -> String {
        let mut notes = String::new();
        let problems = self.problems.as_ref();
        if let Some(line) = problems.and_then(|p| p.summary(self.totals.puzzles)) {
            notes.push_str(&line);
            notes.push('\n');
        }
        if interrupted {
            notes.push_str(&self.totals.interrupted_note());
            notes.push('\n');
        }
        if let Some((task, elapsed, threads)) = stats {
            notes.push_str(&self.totals.report(task, elapsed, threads));
        }
        notes
    }

    /// Hands `group`'s text and notes to `write`, in order, and counts its
    /// answers; false when nothing more is to be written: `write` said so
    /// (the output failed), or Ctrl-C came (the records finished before it
    /// are handed over, and the first count it stopped, as a lower bound).
    pub fn walk(&mut self, group: &Group, mut write: impl FnMut(Piece<'_>) -> bool) -> bool {
        let text = &group.text[..];
        // The records' text is handed over at once up to the next note.
        let mut written = 0;
        let mut end = 0;
        let mut ok = true;
        for item in &group.done {
            let mut notes = Vec::new();
            match item {
                Done::Answered(answered, record_end) if answered.answer.was_cancelled() => {
                    if matches!(answered.answer, Answer::Counted { .. }) {
                        end = *record_end;
                        self.totals.add(answered);
                        self.totals.partial += 1;
                        self.files[answered.file].puzzles += 1;
                    }
                    write(Piece::Text(&text[written..end]));
                    return false;
                }
                Done::Answered(answered, record_end) => {
                    end = *record_end;
                    self.totals.add(answered);
                    self.files[answered.file].puzzles += 1;
                    let name = &self.names[answered.file];
                    if let Some(problems) = &mut self.problems {
                        problems.add(answered, name);
                    }
                    notes.extend(self.explain(answered));
                    notes.extend(answered.note(&self.names[answered.file], self.warnings));
                }
                Done::CannotRead { file, message } => {
                    self.totals.read_errors += 1;
                    self.files[*file].failed = true;
                    notes.push(format!("error: {message}"));
                }
                Done::EndOfFile { file } => {
                    let state = &self.files[*file];
                    if state.puzzles == 0 && !state.failed && !self.quiet {
                        notes.push(format!(
                            "warning: {}: no puzzle found (the input is empty or only \
                             comments and blank lines)",
                            self.names[*file]
                        ));
                    }
                }
            }
            for note in notes {
                ok &= write(Piece::Text(&text[written..end]));
                written = end;
                ok &= write(Piece::Note(note));
            }
            if !ok {
                return false;
            }
        }
        write(Piece::Text(&text[written..end]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_notes_say_what_ctrl_c_left_and_the_totals() {
        let ledger = Ledger::new(vec!["a.txt".into()], false, false, true, false);
        assert_eq!(ledger.end_notes(false, None), "");
        let interrupted = ledger.end_notes(true, None);
        assert_eq!(
            interrupted,
            format!("{}\n", ledger.totals.interrupted_note())
        );
        let second = Duration::from_secs(1);
        let stats = ledger.end_notes(false, Some((Task::Check, second, 2)));
        assert_eq!(stats, ledger.totals.report(Task::Check, second, 2));
        assert!(stats.contains("unique"), "{stats}");
    }
}
