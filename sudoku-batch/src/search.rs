//! Answering a chunk of puzzles: each through the library's one answer path
//! ([`sudoku_solve::answer()`]; `minimize` through the generator's
//! [`sudoku_generate::answer_minimize`]), its record written in the output
//! format.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::input::{Chunk, Event};
use super::pipeline::{Done, Group};
use super::report::{OutputFormat, Report};
use sudoku::{Regions, Variant};
use sudoku_format::{Puzzle, Record};
use sudoku_solve::{Answer, Answered, Asked, Limits, Question, Task};

/// What is asked of every puzzle of a run, and how its records are written.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The task.
    pub task: Task,
    /// Give up on a puzzle after this long.
    pub timeout: Option<Duration>,
    /// Give up on a puzzle after this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Raised (by Ctrl-C, say): every search stops at its next check.
    pub cancel: Arc<AtomicBool>,
    /// The engine asked for.
    pub engine: Asked,
    /// The rules for every puzzle (`--variant`, `--regions`, `--cages`); a
    /// JSON document adds its own.
    pub base: Variant,
    /// How the records are written.
    pub format: OutputFormat,
    /// The name of each input, for the records.
    pub names: Vec<String>,
    /// The logical solver that answers [`Task::RateLogic`] (none: that task
    /// answers `invalid`).
    pub logic: Option<Arc<dyn sudoku_solve::LogicRater>>,
}

impl Batch {
    /// The input's look-ahead for a run on `threads` threads
    /// ([`Input::new`](super::Input::new)'s `few_below`): a count of fewer
    /// puzzles than threads counts each one on every thread.
    pub fn few_below(&self, threads: usize) -> usize {
        match self.task {
            Task::Count { .. } if threads > 1 => threads,
            _ => 1,
        }
    }

    /// Answers one record through the library's one answer path: with this
    /// thread's solvers, or with every thread (`on_every_thread`, counts
    /// only). Also returns the regions to draw, for a jigsaw.
    pub fn answer(
        &self,
        file: usize,
        record: Record,
        on_every_thread: bool,
        progress: Option<&sudoku_solve::Progress>,
    ) -> (Report, Option<Regions>) {
        self.answer_with(file, record, |puzzle, variant, line| {
            self.answer_puzzle(puzzle, variant, line, on_every_thread, progress)
        })
    }

    /// Whether the records say the verdict alone (`check` as text), so
    /// that a puzzle is answered by [`Batch::answer_verdict`].
    pub fn verdict_only(&self) -> bool {
        self.task == Task::Check && self.format == OutputFormat::Text
    }

    /// Answers one record of a check as [`Batch::answer`] does, for
    /// records that say the verdict alone ([`Batch::verdict_only`]): the
    /// solutions are checked but not kept
    /// ([`sudoku_solve::answer_verdict`]).
    pub fn answer_verdict(&self, file: usize, record: Record) -> Report<()> {
        let (report, _) = self.answer_with(file, record, |puzzle, variant, line| {
            let limits = self.limits();
            let question = Question {
                task: &self.task,
                engine: self.engine,
                limits: &limits,
                progress: None,
            };
            sudoku_solve::answer_verdict(puzzle, variant, line, &question, false)
        });
        report
    }

    /// One record answered by `answer` (given the puzzle, its rules and
    /// its line), or the error that kept it from being read.
    fn answer_with<G>(
        &self,
        file: usize,
        record: Record,
        answer: impl FnOnce(&Puzzle, &Variant, usize) -> Answered<G>,
    ) -> (Report<G>, Option<Regions>) {
        let line = record.line;
        let mut report = Report::new(file, line, Answer::Unsolvable);
        let puzzle = match record.result {
            Ok(puzzle) => puzzle,
            Err(mut e) => {
                // The record says its line: the message says it only when
                // the error is on another line of a multi-line grid.
                if e.line == line {
                    e.line = 0;
                }
                report.answer = Answer::Invalid(e.to_string());
                return (report, None);
            }
        };
        report.shape = Some(puzzle.grid.shape());
        report.notation = puzzle.notation.clone();
        let variant = sudoku_solve::effective_variant(&puzzle, &self.base);
        let done = answer(&puzzle, &variant, line);
        report.answer = done.answer;
        report.nodes = done.nodes;
        report.expected = done.expected;
        report.plan = done.plan;
        (report, variant.regions.clone())
    }

    /// Answers one puzzle read from `line` under `variant` (the run's rules
    /// and the puzzle's own: [`sudoku_solve::effective_variant`]) through
    /// [`sudoku_solve::answer()`], with the puzzle's limits: the run's node limit, a
    /// timeout that starts now, the run's cancel flag. What the command and
    /// the Python package's `solve_many` and `check_many` do for each
    /// puzzle.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_batch::{Batch, OutputFormat};
    /// use sudoku_format::parse_puzzle;
    /// use sudoku::{Alphabet, Variant};
    /// use sudoku_solve::{Answer, Asked, Task};
    ///
    /// let batch = Batch {
    ///     task: Task::Check,
    ///     timeout: None,
    ///     max_nodes: None,
    ///     cancel: Arc::default(),
    ///     engine: Asked::Auto,
    ///     base: Variant::default(),
    ///     format: OutputFormat::Text,
    ///     names: Vec::new(),
    ///     logic: None,
    /// };
    /// let puzzle = parse_puzzle("1.3.3.2...4.....", None, &Alphabet::standard())?;
    /// let answered = batch.answer_puzzle(&puzzle, &Variant::default(), 1, false, None);
    /// assert!(matches!(answered.answer, Answer::Unique(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn answer_puzzle(
        &self,
        puzzle: &Puzzle,
        variant: &Variant,
        line: usize,
        on_every_thread: bool,
        progress: Option<&sudoku_solve::Progress>,
    ) -> Answered {
        let limits = self.limits();
        if self.task == Task::RateLogic {
            return self.answer_logic(puzzle, variant, line, &limits);
        }
        let question = Question {
            task: &self.task,
            engine: self.engine,
            limits: &limits,
            progress,
        };
        if let Task::Minimize { .. } = self.task {
            // Minimizing digs as the generator does: its crate answers it.
            return sudoku_generate::answer_minimize(&puzzle.grid, variant, line, &question);
        }
        sudoku_solve::answer(puzzle, variant, line, &question, on_every_thread)
    }

    /// One puzzle's limits: the run's node limit, a timeout that starts
    /// now, the run's cancel flag.
    fn limits(&self) -> Limits {
        Limits {
            max_solutions: None,
            max_nodes: self.max_nodes,
            deadline: self.timeout.and_then(|t| Instant::now().checked_add(t)),
            cancel: Some(Arc::clone(&self.cancel)),
            max_memory: None,
        }
    }

    /// [`Task::RateLogic`]: the search proves the puzzle unique (the
    /// uniqueness techniques assume it), then the logical solver rates it.
    fn answer_logic(
        &self,
        puzzle: &Puzzle,
        variant: &Variant,
        line: usize,
        limits: &Limits,
    ) -> Answered {
        let question = Question {
            task: &Task::Check,
            engine: self.engine,
            limits,
            progress: None,
        };
        let mut answered = sudoku_solve::answer(puzzle, variant, line, &question, false);
        if !matches!(answered.answer, Answer::Unique(_)) {
            if matches!(answered.answer, Answer::Multiple(..)) {
                answered.answer = Answer::NotUnique;
            }
            return answered;
        }
        let Some(logic) = &self.logic else {
            answered.answer = Answer::Invalid("no logical solver was given".into());
            return answered;
        };
        let rules = match variant.rules(puzzle.grid.shape()) {
            Ok(rules) => rules,
            Err(e) => {
                answered.answer = Answer::Invalid(e.to_string());
                return answered;
            }
        };
        answered.answer = match logic.rate(&puzzle.grid, &rules, limits) {
            Ok(rating) => Answer::LogicRated(rating),
            Err(sudoku_solve::LogicError::Incomplete(why)) => Answer::Unknown(why),
            Err(sudoku_solve::LogicError::Refused(message)) => Answer::Invalid(message),
        };
        answered
    }

    /// Appends the text of one record to `text`; a jigsaw's grids are drawn
    /// with the borders of its `regions`.
    pub fn write(&self, report: &Report, regions: Option<&Regions>, text: &mut Vec<u8>) {
        let name = &self.names[report.file];
        let several = self.names.len() > 1;
        // Writing to memory cannot fail.
        let _ = match regions.filter(|_| self.format == OutputFormat::Grid) {
            Some(regions) => report.write_with_regions(text, regions, name, several),
            None => report.write(text, self.format, self.task, name, several),
        };
    }

    /// Answers the puzzles of a chunk in order on this thread (or each on
    /// every thread, when the chunk says so and the task is a count),
    /// writing each record's text as it goes. `progress` follows a count on
    /// every thread; `on_puzzle` is called after each puzzle.
    pub fn answer_chunk(
        &self,
        chunk: Chunk,
        progress: Option<&sudoku_solve::Progress>,
        on_puzzle: &dyn Fn(),
    ) -> Group {
        let Chunk { events, few, .. } = chunk;
        let on_every_thread = few && matches!(self.task, Task::Count { .. });
        let mut group = Group {
            text: Vec::with_capacity(256),
            done: Vec::with_capacity(events.len()),
        };
        for event in events {
            let done = match event {
                Event::Puzzle { file, record } => {
                    let first = group.text.is_empty();
                    let report = if self.verdict_only() {
                        let report = self.answer_verdict(file, record);
                        on_puzzle();
                        let name = &self.names[report.file];
                        report.write_verdict(&mut group.text, name, self.names.len() > 1);
                        report
                    } else {
                        let (report, regions) =
                            self.answer(file, record, on_every_thread, progress);
                        on_puzzle();
                        self.write(&report, regions.as_ref(), &mut group.text);
                        // The grids are dropped here, where the next ones
                        // are made.
                        report.without_grids()
                    };
                    if first {
                        // Room for the others, guessed from the first.
                        let others = group.done.capacity() - group.done.len() - 1;
                        group.text.reserve(group.text.len() * others);
                    }
                    Done::Answered(report, group.text.len())
                }
                Event::CannotRead { file, message } => Done::CannotRead { file, message },
                Event::EndOfFile { file } => Done::EndOfFile { file },
            };
            group.done.push(done);
        }
        group
    }
}
