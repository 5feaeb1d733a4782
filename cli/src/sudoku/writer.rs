//! Writing the answered chunks in input order (the [`Sink`] of the
//! library's pipeline): the records' text (already in the output format),
//! the notes on stderr, the totals and the summary of problems.

use std::io::Write as _;

use sudoku::batch::{Done, Group, Problems, Report, Sink, Totals};
use sudoku::{Answer, Plan, Shape};

use super::progress::Progress;
use super::{eprint_line, OutputFormat};
use crate::output::Output;

/// What the writer knows of each input.
#[derive(Clone, Debug, Default)]
pub(super) struct FileState {
    puzzles: usize,
    failed: bool,
}

/// Writes records and notes in order.
pub(super) struct Writer<'a> {
    pub(super) out: Output,
    pub(super) format: OutputFormat,
    pub(super) names: Vec<String>,
    pub(super) files: Vec<FileState>,
    pub(super) quiet: bool,
    pub(super) totals: Totals,
    pub(super) progress: &'a Progress,
    pub(super) stdout_is_terminal: bool,
    /// `Some` when the problems are summed up on stderr at the end.
    pub(super) problems: Option<Problems>,
    /// `Some` with `--explain`: the (shape, plan) pairs already explained.
    pub(super) explained: Option<Vec<(Option<Shape>, Plan)>>,
}

impl Writer<'_> {
    /// Says `message` on stderr, after what is already written on stdout.
    fn note(&mut self, message: &str) {
        let _ = self.out.flush();
        self.progress.suspend(|| eprint_line(message));
    }

    /// With `--explain`, the engine that answered `answered` and why, the
    /// first time a grid of its shape gets that plan.
    fn explain(&mut self, answered: &Report<()>) -> Option<String> {
        let seen = self.explained.as_mut()?;
        let key = (answered.shape, answered.plan?);
        if seen.contains(&key) {
            return None;
        }
        seen.push(key);
        answered.explain_line(&self.names[answered.file])
    }

    /// Writes the next chunk's records and notes; false when the output
    /// failed or Ctrl-C came (and nothing more is to be written).
    fn write_chunk(&mut self, group: Group) -> bool {
        if self.stdout_is_terminal && self.progress.is_visible() {
            let progress = self.progress;
            progress.suspend(|| {
                let go_on = self.write_group(group);
                let _ = self.out.flush();
                go_on
            })
        } else {
            let go_on = self.write_group(group);
            let _ = self.out.end_record();
            go_on
        }
    }

    /// Writes a group's records and notes in order; false when the output
    /// failed or Ctrl-C came.
    fn write_group(&mut self, group: Group) -> bool {
        let text = &group.text;
        // The records' text is written at once up to the next note.
        let mut written = 0;
        let mut end = 0;
        for item in group.done {
            match item {
                // After Ctrl-C: the records finished before it, and the
                // first count it stopped, as a lower bound marked
                // "interrupted" (a long count of one puzzle is not lost).
                Done::Answered(answered, record_end) if answered.answer.was_cancelled() => {
                    if matches!(answered.answer, Answer::Counted { .. }) {
                        end = record_end;
                        self.totals.add(&answered);
                        self.totals.partial += 1;
                        self.files[answered.file].puzzles += 1;
                    }
                    let _ = self.out.write_all(&text[written..end]);
                    return false;
                }
                Done::Answered(answered, record_end) => {
                    end = record_end;
                    self.totals.add(&answered);
                    self.files[answered.file].puzzles += 1;
                    let name = &self.names[answered.file];
                    if let Some(problems) = &mut self.problems {
                        problems.add(&answered, name);
                    }
                    if let Some(note) = self.explain(&answered) {
                        let _ = self.out.write_all(&text[written..end]);
                        written = end;
                        self.note(&note);
                    }
                    let warnings = self.format != OutputFormat::Json && !self.quiet;
                    if let Some(note) = answered.note(&self.names[answered.file], warnings) {
                        let _ = self.out.write_all(&text[written..end]);
                        written = end;
                        self.note(&note);
                    }
                }
                Done::CannotRead { file, message } => {
                    let _ = self.out.write_all(&text[written..end]);
                    written = end;
                    self.totals.read_errors += 1;
                    self.files[file].failed = true;
                    self.note(&format!("error: {message}"));
                }
                Done::EndOfFile { file } => {
                    let state = &self.files[file];
                    if state.puzzles == 0 && !state.failed && !self.quiet {
                        let _ = self.out.write_all(&text[written..end]);
                        written = end;
                        let name = self.names[file].clone();
                        self.note(&format!(
                            "warning: {name}: no puzzle found (the input is empty or only \
                             comments and blank lines)"
                        ));
                    }
                }
            }
            if self.out.has_failed() {
                return false;
            }
        }
        let _ = self.out.write_all(&text[written..end]);
        !self.out.has_failed()
    }
}

impl Sink for Writer<'_> {
    fn write_chunk(&mut self, group: Group, bytes: u64) -> bool {
        let go_on = Writer::write_chunk(self, group);
        self.progress.set_bytes(bytes);
        go_on
    }

    fn flush(&mut self) {
        let _ = self.out.flush();
    }
}
