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
use sudoku::ParseError;
use sudoku::{Regions, Variant};
use sudoku_format::Puzzle;
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

    /// Whether the records say the verdict alone (`check` as text), so
    /// that a puzzle's solutions are checked but not kept.
    pub fn verdict_only(&self) -> bool {
        self.task == Task::Check && self.format == OutputFormat::Text
    }

    /// The verdict of one puzzle within `limits`, its solutions checked
    /// but not kept ([`sudoku_solve::answer_verdict`]).
    fn verdict(
        &self,
        puzzle: &Puzzle,
        variant: &Variant,
        line: usize,
        limits: &Limits,
    ) -> Answered<()> {
        let question = Question {
            task: &self.task,
            engine: self.engine,
            limits,
            progress: None,
        };
        sudoku_solve::answer_verdict(puzzle, variant, line, &question, false)
    }

    /// The record of the puzzle read at `line` of file `file` (or of the
    /// error that kept it from being read), answered by `answer`.
    fn answer_read<G>(
        &self,
        file: usize,
        line: usize,
        read: Result<&Puzzle, &ParseError>,
        answer: impl FnOnce(&Puzzle, &Variant, usize) -> Answered<G>,
    ) -> (Report<G>, Option<Regions>) {
        let puzzle = match read {
            Ok(puzzle) => puzzle,
            Err(e) => {
                let mut e = e.clone();
                // The record says its line: the message says it only when
                // the error is on another line of a multi-line grid.
                if e.line == line {
                    e.line = 0;
                }
                let report = Report::new(file, line, Answer::Invalid(e.to_string()));
                return (report, None);
            }
        };
        let variant = sudoku_solve::effective_variant(puzzle, &self.base);
        let done = answer(puzzle, &variant, line);
        // Made whole here, not filled in field by field.
        let report = Report {
            file,
            line,
            shape: Some(puzzle.grid.shape()),
            notation: puzzle.notation.clone(),
            answer: done.answer,
            nodes: done.nodes,
            expected: done.expected,
            plan: done.plan,
        };
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
        self.answer_within(puzzle, variant, line, on_every_thread, progress, &limits)
    }

    /// [`Batch::answer_puzzle`] within `limits`.
    fn answer_within(
        &self,
        puzzle: &Puzzle,
        variant: &Variant,
        line: usize,
        on_every_thread: bool,
        progress: Option<&sudoku_solve::Progress>,
        limits: &Limits,
    ) -> Answered {
        if self.task == Task::RateLogic {
            return self.answer_logic(puzzle, variant, line, limits);
        }
        let question = Question {
            task: &self.task,
            engine: self.engine,
            limits,
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

    /// Answers one record (file, line, the puzzle read or why not) within
    /// `limits`: its text appended to the group's, then its report.
    fn answer_one(
        &self,
        (file, line, read): (usize, usize, Result<&Puzzle, &ParseError>),
        limits: &Limits,
        on_every_thread: bool,
        progress: Option<&sudoku_solve::Progress>,
        group: &mut Group,
    ) {
        let first = group.text.is_empty();
        let report = if self.verdict_only() {
            let (report, _) =
                self.answer_read(file, line, read, |p, v, l| self.verdict(p, v, l, limits));
            let name = &self.names[report.file];
            report.write_verdict(&mut group.text, name, self.names.len() > 1);
            report
        } else {
            let (report, regions) = self.answer_read(file, line, read, |p, v, l| {
                self.answer_within(p, v, l, on_every_thread, progress, limits)
            });
            self.write(&report, regions.as_ref(), &mut group.text);
            // The grids are dropped here, where the next ones are made.
            report.without_grids()
        };
        if first {
            // Room for the others, guessed from the first.
            let others = group.done.capacity() - group.done.len() - 1;
            group.text.reserve(group.text.len() * others);
        }
        group.done.push(Done::Answered(report, group.text.len()));
    }

    /// Answers the puzzles of a chunk in order on this thread (or each on
    /// every thread, when the chunk says so and the task is a count),
    /// writing each record's text as it goes. `progress` follows a count on
    /// every thread; `on_puzzle` is called after each puzzle.
    ///
    /// The plain 9x9 lines ([`Event::Plain`]) are answered on one grid,
    /// refilled for each; without a timeout every puzzle has the same
    /// limits, made once for the chunk. The records go into `group`
    /// (`Group::default()`, or an emptied one whose buffers are reused).
    pub fn answer_chunk(
        &self,
        chunk: Chunk,
        mut group: Group,
        progress: Option<&sudoku_solve::Progress>,
        on_puzzle: &dyn Fn(),
    ) -> Group {
        let Chunk {
            mut events, few, ..
        } = chunk;
        let on_every_thread = few && matches!(self.task, Task::Count { .. });
        group.text.clear();
        group.done.clear();
        group.text.reserve(256);
        group.done.reserve(events.len());
        let same_limits = self.timeout.is_none().then(|| self.limits());
        // The cells of the plain lines' grid, from one to the next.
        let mut cells = Vec::new();
        // By reference: an event is a whole record, not worth moving.
        for event in &mut events {
            let owned;
            let limits = match &same_limits {
                Some(limits) => limits,
                None => {
                    owned = self.limits();
                    &owned
                }
            };
            match event {
                Event::Puzzle { file, record } => {
                    let read = record.result.as_ref();
                    let answered = (*file, record.line, read);
                    self.answer_one(answered, limits, on_every_thread, progress, &mut group);
                }
                Event::Plain { file, plain } => {
                    let puzzle = plain.puzzle_in(std::mem::take(&mut cells));
                    let answered = (*file, plain.line, Ok(&puzzle));
                    self.answer_one(answered, limits, on_every_thread, progress, &mut group);
                    cells = puzzle.grid.into_cells();
                }
                Event::CannotRead { file, message } => {
                    let message = std::mem::take(message);
                    group.done.push(Done::CannotRead {
                        file: *file,
                        message,
                    });
                    continue;
                }
                Event::EndOfFile { file } => {
                    group.done.push(Done::EndOfFile { file: *file });
                    continue;
                }
            }
            on_puzzle();
        }
        group
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;

    use super::*;
    use crate::{Input, Source};
    use sudoku_format::ReadOptions;

    /// A solved grid (Wikipedia's example), and the same with a cell blank.
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// A 17-clue puzzle with one solution.
    const SEVENTEEN: &str =
        ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..";

    fn batch(format: OutputFormat) -> Batch {
        Batch {
            task: Task::Check,
            timeout: None,
            max_nodes: None,
            cancel: Arc::default(),
            engine: Asked::Auto,
            base: Variant::default(),
            format,
            names: vec!["f".to_string()],
            logic: None,
        }
    }

    /// The records' text of `lines` read as one file, answered as one
    /// chunk of many puzzles.
    fn answered(format: OutputFormat, lines: &[String], name: &str) -> String {
        let path = std::env::temp_dir().join(format!(
            "search-{}-{name}-{format:?}.txt",
            std::process::id()
        ));
        std::fs::write(&path, lines.concat()).unwrap();
        let options = ReadOptions::default();
        let mut input = Input::new(
            vec![Source::new(&path)],
            options,
            Arc::new(AtomicU64::new(0)),
            1,
        );
        input.learn(1, Duration::from_nanos(1));
        let batch = batch(format);
        let mut text = Vec::new();
        while let Some(chunk) = input.next_chunk() {
            // Let the chunks grow: the point is many records in one.
            input.learn(chunk.puzzles().max(1), Duration::from_nanos(1));
            let plain = chunk.events.iter();
            let plain = plain.filter(|e| matches!(e, Event::Plain { .. })).count();
            // Past the first line, the plain lines come as values.
            assert!(plain > 0 || lines.len() - lines.iter().filter(|l| *l == "\n").count() < 2);
            text.extend(
                batch
                    .answer_chunk(chunk, Group::default(), None, &|| {})
                    .text,
            );
        }
        std::fs::remove_file(&path).unwrap();
        String::from_utf8(text).unwrap()
    }

    #[test]
    fn a_reused_grid_carries_nothing_from_one_record_to_the_next() {
        let mut blanked = SOLVED.to_string();
        blanked.replace_range(40..41, ".");
        let mut clash = SEVENTEEN.to_string();
        clash.replace_range(0..2, "11");
        let mut bad = SEVENTEEN.to_string();
        bad.replace_range(30..31, "?");
        let lines: Vec<String> = [
            SOLVED,             // full: no blank
            SEVENTEEN,          // mostly blanks
            &clash,             // a clash of givens
            &".".repeat(81),    // empty: several solutions
            SEVENTEEN,          // again, after the empty grid
            &bad,               // not a plain line: read as a record
            &blanked,           // after a bad record
            "1.3.3.2...4.....", // a 4x4 grid between 9x9 ones
            &SEVENTEEN.replace('.', "0"),
            SOLVED,
        ]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
        // Known verdicts: a solved grid and a 17-clue puzzle are unique,
        // the empty grid is not, a clash and a bad character are invalid.
        let text = answered(OutputFormat::Text, &lines, "all");
        let verdicts: Vec<&str> = text.lines().map(|l| l.split(':').next().unwrap()).collect();
        assert_eq!(
            verdicts,
            [
                "unique", "unique", "invalid", "multiple", "unique", "invalid", "unique", "unique",
                "unique", "unique"
            ],
            "{text}"
        );
        // Each record as it is alone in its file (its line number aside).
        for format in [OutputFormat::Text, OutputFormat::Json, OutputFormat::Grid] {
            let together = answered(format, &lines, "together");
            let mut alone = String::new();
            for (i, line) in lines.iter().enumerate() {
                // Blank lines before it keep its line number.
                let mut padded = vec!["\n".to_string(); i];
                padded.push(line.clone());
                alone.push_str(&answered(format, &padded, "alone"));
            }
            assert_eq!(together, alone, "{format:?}");
        }
    }
}
