//! The streaming pipeline: read, solve in parallel, write in order.
//!
//! With `-j 1`, one thread does it all, a chunk at a time: it reads a
//! chunk, answers it and writes it. That is the cheapest in CPU time per
//! puzzle (nothing is handed between threads) and uses one core, as asked.
//!
//! With more threads, three stages run at once, so none of them is a
//! serial step of the others:
//! - A reader thread opens the inputs one after the other and parses them
//!   with [`Records`] (which holds at most one puzzle in memory), gathering
//!   the records into chunks of at most [`CHUNK_PUZZLES`] puzzles or
//!   [`CHUNK_CELLS`] cells, handed over a channel that holds one chunk.
//! - The main thread solves a chunk on the rayon pool, in groups of
//!   consecutive records; each worker also checks its answers and writes
//!   the records' text into its group's buffer, in the output format.
//! - A writer thread takes the solved chunks (a channel of one) and writes
//!   the buffers in input order, with the notes on stderr and the totals.
//!
//! So at most five chunks exist at once (one with `-j 1`): one being read,
//! one waiting, one being solved, one waiting and one being written: memory
//! stays flat.
//!
//! A chunk is also handed over once its first record is [`CHUNK_AGE`] old,
//! and after every record when standard input is a terminal, so that slow
//! producers and people typing see their answers promptly. The output is
//! flushed whenever the writer is about to wait for a chunk (with `-j 1`,
//! after each chunk).

use std::fs::File;
use std::io::{self, BufReader, IsTerminal as _, Read, Write as _};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use solver_core::Limits;
use sudoku::{
    Notation, ParseErrorKind, ReadOptions, Record, Records, SolveError, Verdict,
    DEFAULT_MAX_PUZZLE_BYTES,
};

use super::progress::Progress;
use super::record::{Answer, Answered, Expected};
use super::stats::Totals;
use super::{eprint_line, CommonArgs, Mode, OutputFormat};
use crate::exit::{Exit, Failure};
use crate::output::Output;

/// Most puzzles in a chunk.
const CHUNK_PUZZLES: usize = 2048;
/// Most cells in a chunk (8 MiB of values), for large grids.
const CHUNK_CELLS: usize = 1 << 22;
/// A chunk is handed over once its first record has waited this long.
const CHUNK_AGE: Duration = Duration::from_millis(100);
/// How a run ended, when it did not fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// The status from the answers (0 to 4).
    Status(Exit),
    /// A solution failed the independent check: exit with 70.
    InternalError,
    /// Ctrl-C: the records finished before it were written; exit with 130.
    Interrupted,
}

/// An input: a file, or standard input.
#[derive(Clone, Debug)]
struct Source {
    /// The name used in messages and in JSON (`<stdin>` for standard input).
    name: String,
    /// `None` for standard input.
    path: Option<PathBuf>,
}

impl Source {
    fn new(path: &std::path::Path) -> Source {
        if path.as_os_str() == "-" {
            Source::stdin()
        } else {
            Source {
                name: path.display().to_string(),
                path: Some(path.to_path_buf()),
            }
        }
    }

    fn stdin() -> Source {
        Source {
            name: "<stdin>".to_string(),
            path: None,
        }
    }

    fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        match &self.path {
            None => Ok(Box::new(io::stdin())),
            Some(path) => Ok(Box::new(File::open(path)?)),
        }
    }

    /// Its size when it is a regular file.
    fn size(&self) -> Option<u64> {
        let metadata = std::fs::metadata(self.path.as_ref()?).ok()?;
        metadata.is_file().then_some(metadata.len())
    }
}

/// A reader that counts the bytes read (for the progress bar).
struct Counting<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// What the reader found, in input order.
enum Event {
    /// A record of file `file`.
    Puzzle { file: usize, record: Record },
    /// A file could not be opened or read.
    CannotRead { file: usize, message: String },
    /// The end of file `file`.
    EndOfFile { file: usize },
}

/// Events handed from the reader to the solver.
struct Chunk {
    events: Vec<Event>,
    /// Bytes of input read when the chunk was handed over.
    bytes: u64,
}

/// The reader: parses every input into chunks, handing each to `take`,
/// until the inputs end or `take` says to stop (returns false).
fn read_inputs(
    sources: Vec<Source>,
    options: ReadOptions,
    bytes: Arc<AtomicU64>,
    mut take: impl FnMut(Chunk) -> bool,
) {
    let stdin_is_terminal = io::stdin().is_terminal();
    let mut events = Vec::new();
    let mut cells = 0;
    let mut started = Instant::now();
    // Hands the chunk over; false when the taker wants no more.
    let mut send = |events: &mut Vec<Event>, cells: &mut usize| -> bool {
        *cells = 0;
        let chunk = Chunk {
            events: std::mem::take(events),
            bytes: bytes.load(Ordering::Relaxed),
        };
        take(chunk)
    };
    for (file, source) in sources.iter().enumerate() {
        let interactive = source.path.is_none() && stdin_is_terminal;
        match source.open() {
            Err(e) => events.push(Event::CannotRead {
                file,
                message: format!("cannot read {}: {e}", source.name),
            }),
            Ok(reader) => {
                let reader = Counting {
                    inner: reader,
                    bytes: Arc::clone(&bytes),
                };
                let reader = BufReader::with_capacity(64 * 1024, reader);
                for record in Records::new(reader, options.clone()) {
                    if events.is_empty() {
                        started = Instant::now();
                    }
                    let event = match &record.result {
                        Err(e) => match &e.kind {
                            ParseErrorKind::Io { message, .. } => Event::CannotRead {
                                file,
                                message: format!("cannot read {}: {message}", source.name),
                            },
                            _ => Event::Puzzle { file, record },
                        },
                        Ok(puzzle) => {
                            cells += puzzle.grid.cells().len();
                            Event::Puzzle { file, record }
                        }
                    };
                    events.push(event);
                    let full = events.len() >= CHUNK_PUZZLES
                        || cells >= CHUNK_CELLS
                        || interactive
                        || started.elapsed() >= CHUNK_AGE;
                    if full && !send(&mut events, &mut cells) {
                        return;
                    }
                }
            }
        }
        events.push(Event::EndOfFile { file });
    }
    send(&mut events, &mut cells);
}

/// The search asked for every puzzle.
struct Search {
    mode: Mode,
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    /// Raised by Ctrl-C: every search stops at its next check.
    cancel: Arc<AtomicBool>,
    engine: sudoku::Engine,
}

impl Search {
    /// The limits of one puzzle's search, starting now.
    fn limits(&self) -> Limits {
        Limits {
            max_solutions: match self.mode {
                Mode::Count { limit } => limit.map(u128::from),
                Mode::Solve | Mode::Check | Mode::Minimize { .. } | Mode::Rate { .. } => None,
            },
            max_nodes: self.max_nodes,
            deadline: self.timeout.and_then(|t| Instant::now().checked_add(t)),
            cancel: Some(Arc::clone(&self.cancel)),
        }
    }

    /// Answers one record: with this thread's solvers, or with every thread
    /// (`parallel`, for counts only).
    fn answer(&self, file: usize, record: Record, on_every_thread: bool) -> Answered {
        let line = record.line;
        let mut answered = Answered {
            file,
            line,
            shape: None,
            notation: Notation::default(),
            answer: Answer::Unsolvable,
            nodes: None,
            expected: None,
        };
        let puzzle = match record.result {
            Ok(puzzle) => puzzle,
            Err(e) => {
                answered.answer = Answer::Invalid(e.to_string());
                return answered;
            }
        };
        let grid = &puzzle.grid;
        answered.shape = Some(grid.shape());
        answered.notation = puzzle.notation;
        let invalid = |e: SolveError| -> Answer {
            match e {
                SolveError::Invalid(conflict) => {
                    Answer::Invalid(format!("line {line}: {conflict}"))
                }
                e => Answer::Invalid(format!("line {line}: {e}")),
            }
        };
        let limits = self.limits();
        if on_every_thread {
            // A count on every thread.
            answered.answer = match grid.par_count_solutions_with(self.engine, &limits) {
                Ok(count) => {
                    answered.nodes = Some(count.outcome.stats.nodes);
                    Answer::Counted {
                        solutions: count.solutions,
                        incomplete: count.outcome.incomplete,
                    }
                }
                Err(SolveError::Unsolvable) => Answer::Counted {
                    solutions: 0,
                    incomplete: None,
                },
                Err(e) => invalid(e),
            };
            return answered;
        };
        let verified = |solution: &sudoku::Grid| solution.is_solution_of(grid);
        let internal = || {
            Answer::Internal(format!(
                "line {line}: the solution found fails the check of the rules and givens"
            ))
        };
        // Minimize and rate make their own solvers (with seeds).
        let searched = match self.mode {
            Mode::Minimize { seed, symmetry } => Ok(match sudoku::minimize(grid, seed, symmetry) {
                Ok(smaller) if smaller.is_uniquely_solvable() && is_subset(&smaller, grid) => {
                    Answer::Minimized(smaller)
                }
                Ok(_) => internal(),
                Err(SolveError::NotUnique) => Answer::NotUnique,
                Err(SolveError::Unsolvable) => Answer::Unsolvable,
                Err(e) => invalid(e),
            }),
            Mode::Rate { seeds } => Ok(match sudoku::rate(grid, seeds) {
                Ok(rating) => {
                    answered.nodes = Some(rating.average_nodes.round() as u64);
                    Answer::Rated(rating)
                }
                Err(SolveError::NotUnique) => Answer::NotUnique,
                Err(SolveError::Unsolvable) => Answer::Unsolvable,
                Err(e) => invalid(e),
            }),
            _ => sudoku::with_thread_solver(grid.shape(), self.engine, |solver| match self.mode {
                Mode::Solve => {
                    let (result, stats) = solver.solve_one(grid, &limits);
                    answered.nodes = Some(stats.nodes);
                    match result {
                        Ok(solution) if verified(&solution) => {
                            answered.expected = puzzle
                                .solution
                                .as_ref()
                                .map(|expected| Expected::compare(&solution, expected, grid));
                            Answer::Solved(solution)
                        }
                        Ok(_) => internal(),
                        Err(SolveError::Unsolvable) => Answer::Unsolvable,
                        Err(SolveError::GaveUp(why)) => Answer::Unknown(why),
                        Err(e) => invalid(e),
                    }
                }
                Mode::Check => {
                    let (verdict, stats) = solver.check_unique(grid, &limits);
                    answered.nodes = Some(stats.nodes);
                    match verdict {
                        Verdict::Unique(solution) if verified(&solution) => {
                            answered.expected = puzzle
                                .solution
                                .as_ref()
                                .map(|expected| Expected::compare(&solution, expected, grid));
                            Answer::Unique(solution)
                        }
                        Verdict::Multiple(a, b) if a != b && verified(&a) && verified(&b) => {
                            Answer::Multiple(a, b)
                        }
                        Verdict::Unique(_) | Verdict::Multiple(..) => internal(),
                        Verdict::Unsolvable => Answer::Unsolvable,
                        Verdict::Invalid(conflict) => {
                            Answer::Invalid(format!("line {line}: {conflict}"))
                        }
                        Verdict::Unknown(why) => Answer::Unknown(why),
                    }
                }
                Mode::Minimize { .. } | Mode::Rate { .. } => {
                    unreachable!("answered without a solver")
                }
                Mode::Count { .. } => match solver.count(grid, &limits) {
                    Ok(count) => {
                        answered.nodes = Some(count.outcome.stats.nodes);
                        Answer::Counted {
                            solutions: count.solutions,
                            incomplete: count.outcome.incomplete,
                        }
                    }
                    Err(e) => invalid(e),
                },
            }),
        };
        answered.answer = match searched {
            Ok(answer) => answer,
            Err(e) => Answer::Invalid(format!("line {line}: {e}")),
        };
        if matches!(answered.answer, Answer::Invalid(_)) {
            answered.nodes = None;
        }
        answered
    }
}

/// Whether every given of `smaller` is a given of `puzzle` (same value).
fn is_subset(smaller: &sudoku::Grid, puzzle: &sudoku::Grid) -> bool {
    smaller
        .cells()
        .iter()
        .zip(puzzle.cells())
        .all(|(&s, &p)| s == 0 || s == p)
}

/// What the writer gets of each event, in input order.
enum Done {
    /// A record, and where its text ends in its group's text (it starts
    /// where the previous record's ends). The text is already in the output
    /// format, written by the worker that answered it so that writing is not
    /// a serial stage.
    Answered(Answered<()>, usize),
    CannotRead {
        file: usize,
        message: String,
    },
    EndOfFile {
        file: usize,
    },
}

/// A run of consecutive events done by one worker: the text of their
/// records one after the other, in one buffer, rather than a buffer each.
#[derive(Default)]
struct Group {
    text: Vec<u8>,
    done: Vec<Done>,
}

/// Most events in a [`Group`]; fewer when a chunk is small, so that every
/// thread gets several groups.
const GROUP_EVENTS: usize = 32;

/// How the workers write each record.
struct Layout<'a> {
    format: OutputFormat,
    mode: Mode,
    /// The name of each input.
    names: &'a [String],
}

impl Layout<'_> {
    /// Appends the text of one record to `text`.
    fn write(&self, answered: &Answered, text: &mut Vec<u8>) {
        let name = &self.names[answered.file];
        let several = self.names.len() > 1;
        // Writing to memory cannot fail.
        let _ = answered.write(text, self.format, self.mode, name, several);
    }
}

/// Solves the puzzles of a chunk in parallel, keeping the order, and
/// writes each record's text on the thread that solved it, in groups of
/// consecutive events.
fn solve_chunk(
    search: &Search,
    layout: &Layout<'_>,
    events: Vec<Event>,
    threads: usize,
    progress: &Progress,
) -> Vec<Group> {
    let per_group = (events.len() / (threads * 32)).clamp(1, GROUP_EVENTS);
    let add = |mut group: Group, event: Event, on_every_thread: bool| {
        let done = match event {
            Event::Puzzle { file, record } => {
                let answered = search.answer(file, record, on_every_thread);
                progress.puzzle_done();
                let first = group.done.is_empty();
                if first {
                    group.done.reserve(per_group);
                    group.text.reserve(256);
                }
                layout.write(&answered, &mut group.text);
                if first && per_group > 1 {
                    // Room for the others, guessed from the first.
                    group.text.reserve(group.text.len() * (per_group - 1));
                }
                // The grids are dropped here, where the next ones are made.
                Done::Answered(answered.without_grids(), group.text.len())
            }
            Event::CannotRead { file, message } => Done::CannotRead { file, message },
            Event::EndOfFile { file } => Done::EndOfFile { file },
        };
        group.done.push(done);
        group
    };
    let puzzles = events
        .iter()
        .filter(|e| matches!(e, Event::Puzzle { .. }))
        .count();
    if threads == 1 {
        // One thread: this one, without handing work to the pool.
        let mut events = events.into_iter().peekable();
        let mut groups = Vec::new();
        while events.peek().is_some() {
            let group = events.by_ref().take(per_group);
            groups.push(group.fold(Group::default(), |group, e| add(group, e, false)));
        }
        return groups;
    }
    if matches!(search.mode, Mode::Count { .. }) && puzzles < threads {
        // Few puzzles (one, say): count each on every thread.
        let group = events
            .into_iter()
            .fold(Group::default(), |group, e| add(group, e, true));
        return vec![group];
    }
    events
        .into_par_iter()
        .fold_chunks(per_group, Group::default, |group, e| add(group, e, false))
        .collect()
}

/// What the writer knows of each input.
#[derive(Clone, Debug, Default)]
struct FileState {
    puzzles: usize,
    failed: bool,
}

/// How many problems the summary on stderr lists before it only counts.
const PROBLEMS_LISTED: usize = 5;

/// The puzzles that could not be read or solved, for the summary on stderr
/// in text and grid output (when stderr is not where stdout goes).
#[derive(Debug, Default)]
struct Problems {
    /// The first few, as `<file>, line <n>: <what>`.
    listed: Vec<String>,
    /// All of them.
    count: u64,
}

impl Problems {
    /// Notes `answered` if it is invalid or unsolvable.
    fn add(&mut self, answered: &Answered<()>, name: &str) {
        let what = match &answered.answer {
            Answer::Invalid(message) => format!("invalid: {message}"),
            Answer::Unsolvable => format!("line {}: unsolvable", answered.line),
            _ => return,
        };
        self.count += 1;
        if self.listed.len() < PROBLEMS_LISTED {
            self.listed.push(format!("{name}: {what}"));
        }
    }

    /// The summary, `None` when there was no problem.
    fn summary(&self, puzzles: u64) -> Option<String> {
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

/// Writes records and notes in order.
struct Writer<'a> {
    out: Output,
    format: OutputFormat,
    names: Vec<String>,
    files: Vec<FileState>,
    quiet: bool,
    totals: Totals,
    progress: &'a Progress,
    stdout_is_terminal: bool,
    /// `Some` when the problems are summed up on stderr at the end.
    problems: Option<Problems>,
}

impl Writer<'_> {
    /// Says `message` on stderr, after what is already written on stdout.
    fn note(&mut self, message: &str) {
        let _ = self.out.flush();
        self.progress.suspend(|| eprint_line(message));
    }

    /// What to say on stderr about a record: an internal error, or a
    /// solution that differs from the expected one (not in JSON, which has
    /// `expected_match`, nor with `--quiet`).
    fn note_for(&self, answered: &Answered<()>) -> Option<String> {
        let name = &self.names[answered.file];
        if let Answer::Internal(why) = &answered.answer {
            return Some(format!(
                "error: internal error: {name}, {why}; this is a bug, please report it"
            ));
        }
        let warning = answered.expected.and_then(Expected::warning)?;
        (self.format != OutputFormat::Json && !self.quiet)
            .then(|| format!("warning: {name}, line {}: {warning}", answered.line))
    }

    fn write_chunk(&mut self, groups: Vec<Group>) {
        if self.stdout_is_terminal && self.progress.is_visible() {
            let progress = self.progress;
            progress.suspend(|| {
                self.write_all(groups);
                let _ = self.out.flush();
            });
        } else {
            self.write_all(groups);
        }
    }

    fn write_all(&mut self, groups: Vec<Group>) {
        for group in groups {
            if !self.write_group(group) {
                return;
            }
        }
        let _ = self.out.end_record();
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
                // After Ctrl-C: only the records finished before it.
                Done::Answered(answered, _) if answered.answer.was_cancelled() => {
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
                    if let Some(note) = self.note_for(&answered) {
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

/// Runs a subcommand over every input.
pub(crate) fn run(mode: Mode, args: &CommonArgs) -> Result<Ending, Failure> {
    let started = Instant::now();
    let threads = args.threads.init();
    let sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::stdin()]
    } else {
        args.files.iter().map(|p| Source::new(p)).collect()
    };
    let options = ReadOptions {
        format: args.input_format.into(),
        shape: args.box_shape,
        alphabet: args.alphabet.clone().unwrap_or_default(),
        max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
    };
    let reads_stdin = sources.iter().any(|s| s.path.is_none());
    if reads_stdin && io::stdin().is_terminal() && !args.quiet {
        eprint_line("Reading puzzles from the terminal: type or paste them, then Ctrl-D.");
    }
    let show_bar =
        !args.quiet && io::stderr().is_terminal() && !(reads_stdin && io::stdin().is_terminal());
    let total_bytes: Option<u64> = sources.iter().map(Source::size).sum();
    let progress = Progress::new(show_bar, total_bytes);

    let bytes = Arc::new(AtomicU64::new(0));
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        // Fails only if a handler is already set (not in this program).
        let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::Relaxed));
    }
    let search = Search {
        mode,
        timeout: args.timeout,
        max_nodes: args.max_nodes,
        cancel: Arc::clone(&cancel),
        engine: args.engine.into(),
    };
    let names: Vec<String> = sources.iter().map(|s| s.name.clone()).collect();
    let layout = Layout {
        format: args.format,
        mode,
        names: &names,
    };
    let writer = Writer {
        out: Output::stdout(),
        format: args.format,
        names: names.clone(),
        files: vec![FileState::default(); sources.len()],
        quiet: args.quiet,
        totals: Totals::default(),
        progress: &progress,
        stdout_is_terminal: io::stdout().is_terminal(),
        problems: (args.format != OutputFormat::Json && !crate::output::stderr_is_stdout())
            .then(Problems::default),
    };
    let writer = if threads == 1 {
        // One thread does everything: read a chunk, answer it, write it.
        // No hand-over between threads, so `-j 1` uses one core, and costs
        // the least CPU time per puzzle.
        let mut writer = writer;
        read_inputs(sources.clone(), options, Arc::clone(&bytes), |chunk| {
            let done = solve_chunk(&search, &layout, chunk.events, threads, &progress);
            writer.write_chunk(done);
            // The next chunk may be slow to come (a pipe, a terminal).
            let _ = writer.out.flush();
            progress.set_bytes(chunk.bytes);
            !writer.out.has_failed() && !cancel.load(Ordering::Relaxed)
        });
        writer
    } else {
        pipeline(
            &sources, options, &bytes, &search, &layout, threads, &progress, writer,
        )?
    };
    let interrupted = cancel.load(Ordering::Relaxed);
    progress.finish();

    let Writer {
        out,
        totals,
        problems,
        ..
    } = writer;
    out.finish()?;
    if let Some(summary) = problems.and_then(|p| p.summary(totals.puzzles)) {
        eprint_line(&summary);
    }
    if interrupted {
        eprint_line(&format!(
            "interrupted: {} puzzles answered before Ctrl-C (their records are written); \
             the rest were not",
            totals.puzzles
        ));
    }
    if args.stats || interrupted {
        let report = totals.report(mode, started.elapsed(), threads);
        let _ = io::stderr().lock().write_all(report.as_bytes());
    }
    if interrupted {
        Ok(Ending::Interrupted)
    } else if totals.internal > 0 {
        Ok(Ending::InternalError)
    } else {
        Ok(Ending::Status(totals.status()))
    }
}

/// Reads, answers and writes on three stages at once: a reader thread, the
/// rayon workers (driven from this thread) and a writer thread.
#[allow(clippy::too_many_arguments)]
fn pipeline<'p>(
    sources: &[Source],
    options: ReadOptions,
    bytes: &Arc<AtomicU64>,
    search: &Search,
    layout: &Layout<'_>,
    threads: usize,
    progress: &'p Progress,
    writer: Writer<'p>,
) -> Result<Writer<'p>, Failure> {
    let (tx, rx) = mpsc::sync_channel(1);
    {
        let sources = sources.to_vec();
        let bytes = Arc::clone(bytes);
        let spawned = std::thread::Builder::new()
            .name("reader".to_string())
            .spawn(move || read_inputs(sources, options, bytes, |chunk| tx.send(chunk).is_ok()));
        if let Err(e) = spawned {
            return Err(Failure::io(format!("cannot start the reader thread: {e}")));
        }
    }
    // The writer thread writes chunk k while the workers solve chunk k + 1;
    // it is one chunk behind at most.
    let write_failed = AtomicBool::new(false);
    let writer = std::thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::sync_channel::<(Vec<Group>, u64)>(1);
        let failed = &write_failed;
        let mut writer = writer;
        let writing = std::thread::Builder::new()
            .name("writer".to_string())
            .spawn_scoped(scope, move || {
                while let Some((done, bytes)) = next_chunk(&done_rx, &mut writer.out) {
                    writer.write_chunk(done);
                    progress.set_bytes(bytes);
                    if writer.out.has_failed() {
                        failed.store(true, Ordering::Relaxed);
                    }
                }
                writer
            })
            .map_err(|e| Failure::io(format!("cannot start the writer thread: {e}")))?;
        while let Ok(chunk) = rx.recv() {
            let done = solve_chunk(search, layout, chunk.events, threads, progress);
            if done_tx.send((done, chunk.bytes)).is_err()
                || write_failed.load(Ordering::Relaxed)
                || search.cancel.load(Ordering::Relaxed)
            {
                break;
            }
        }
        drop(done_tx);
        writing
            .join()
            .map_err(|_| Failure::io("the writer thread failed".to_string()))
    })?;
    // The reader stops at its next hand-over once the receiver is gone.
    drop(rx);
    Ok(writer)
}

/// The next item; flushes the output first if it would have to wait.
fn next_chunk<T>(rx: &Receiver<T>, out: &mut Output) -> Option<T> {
    match rx.try_recv() {
        Ok(chunk) => Some(chunk),
        Err(TryRecvError::Disconnected) => None,
        Err(TryRecvError::Empty) => {
            let _ = out.flush();
            rx.recv().ok()
        }
    }
}
