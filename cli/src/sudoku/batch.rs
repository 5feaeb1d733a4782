//! A batch run: every puzzle of every input answered in the mode asked
//! (solve, check, count, minimize, rate), with the records written in
//! input order.
//!
//! The inputs are read in chunks ([`super::input`]), each answered by one
//! worker thread ([`super::pipeline`]): the search, the independent check
//! of each solution against the rules and givens, and the record's text in
//! the output format. The answered chunks are written in order
//! ([`super::writer`]), with the notes on stderr and the totals.
//!
//! With `-j 1`, one thread does it all, a chunk at a time: that is the
//! cheapest in CPU time per puzzle, and uses one core, as asked.

use std::io::{self, IsTerminal as _, Write as _};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use solver_core::Limits;
use sudoku::{Question, ReadOptions, Record, Regions, Variant, DEFAULT_MAX_PUZZLE_BYTES};

use super::input::{Chunk, Event, Input, Source};
use super::pipeline::Pipeline;
use super::progress::Progress;
use super::record::{Answer, Answered};
use super::stats::Totals;
use super::writer::{Done, FileState, Group, Problems, Writer};
use super::{eprint_line, CommonArgs, Mode, OutputFormat};
use crate::exit::{Exit, Failure};
use crate::output::Output;

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

/// The search asked for every puzzle.
struct Search {
    mode: Mode,
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    /// Raised by Ctrl-C: every search stops at its next check.
    cancel: Arc<AtomicBool>,
    engine: sudoku::Engine,
    /// The rules of the command line (`--variant`, `--regions`, `--cages`);
    /// a JSON document adds its own.
    base: Variant,
}

impl Search {
    /// Answers one record through the library's one answer path: with this
    /// thread's solvers, or with every thread (`on_every_thread`, counts
    /// only). Also returns the regions to draw, for a jigsaw.
    fn answer(
        &self,
        file: usize,
        record: Record,
        on_every_thread: bool,
        progress: Option<&sudoku::Progress>,
    ) -> (Answered, Option<Regions>) {
        let line = record.line;
        let mut answered = Answered::new(file, line, Answer::Unsolvable);
        let puzzle = match record.result {
            Ok(puzzle) => puzzle,
            Err(e) => {
                answered.answer = Answer::Invalid(e.to_string());
                return (answered, None);
            }
        };
        answered.shape = Some(puzzle.grid.shape());
        answered.notation = puzzle.notation.clone();
        let variant = sudoku::effective_variant(&puzzle, &self.base);
        let limits = Limits {
            max_solutions: None,
            max_nodes: self.max_nodes,
            deadline: self.timeout.and_then(|t| Instant::now().checked_add(t)),
            cancel: Some(Arc::clone(&self.cancel)),
        };
        let question = Question {
            task: &self.mode,
            engine: self.engine,
            limits: &limits,
            progress,
        };
        let done = sudoku::answer(&puzzle, &variant, line, &question, on_every_thread);
        answered.answer = done.answer;
        answered.nodes = done.nodes;
        answered.expected = done.expected;
        answered.plan = done.plan;
        (answered, variant.regions.clone())
    }
}

/// How the workers write each record.
struct Layout<'a> {
    format: OutputFormat,
    mode: Mode,
    /// The name of each input.
    names: &'a [String],
}

impl Layout<'_> {
    /// Appends the text of one record to `text`; a jigsaw's grids are drawn
    /// with the borders of its `regions`.
    fn write(&self, answered: &Answered, regions: Option<&Regions>, text: &mut Vec<u8>) {
        let name = &self.names[answered.file];
        let several = self.names.len() > 1;
        // Writing to memory cannot fail.
        let _ = match regions.filter(|_| self.format == OutputFormat::Grid) {
            Some(regions) => answered.write_with_regions(text, regions, name, several),
            None => answered.write(text, self.format, self.mode, name, several),
        };
    }
}

/// Answers the puzzles of a chunk in order on this thread (or each on
/// every thread, when the chunk says so), writing each record's text as it
/// goes.
fn answer_chunk(search: &Search, layout: &Layout<'_>, chunk: Chunk, progress: &Progress) -> Group {
    let Chunk { events, few, .. } = chunk;
    let on_every_thread = few && matches!(search.mode, Mode::Count { .. });
    let mut group = Group {
        text: Vec::with_capacity(256),
        done: Vec::with_capacity(events.len()),
    };
    for event in events {
        let done = match event {
            Event::Puzzle { file, record } => {
                let (answered, regions) =
                    search.answer(file, record, on_every_thread, progress.parts());
                progress.puzzle_done();
                let first = group.text.is_empty();
                layout.write(&answered, regions.as_ref(), &mut group.text);
                if first {
                    // Room for the others, guessed from the first.
                    let others = group.done.capacity() - group.done.len() - 1;
                    group.text.reserve(group.text.len() * others);
                }
                // The grids are dropped here, where the next ones are made.
                Done::Answered(answered.without_grids(), group.text.len())
            }
            Event::CannotRead { file, message } => Done::CannotRead { file, message },
            Event::EndOfFile { file } => Done::EndOfFile { file },
        };
        group.done.push(done);
    }
    group
}

/// Runs a subcommand over every input.
pub(crate) fn run(mode: Mode, args: &CommonArgs) -> Result<Ending, Failure> {
    let started = Instant::now();
    let base = if args.variant.is_set() {
        if matches!(mode, Mode::Minimize { .. } | Mode::Rate { .. }) {
            return Err(Failure::bad_input(
                "minimize and rate handle classic Sudoku only (no --variant, --regions or --cages)",
            ));
        }
        args.variant.load()?
    } else {
        Variant::default()
    };
    let threads = args.threads.init();
    let sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::stdin()]
    } else {
        args.files.iter().map(|p| Source::new(p)).collect()
    };
    let options = ReadOptions {
        format: args.input_format.into(),
        // A region map gives the grid's size.
        shape: args.box_shape.or(base.regions.as_ref().map(Regions::shape)),
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
        base,
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
        explained: args.explain.then(Vec::new),
    };
    // In count mode, a run of fewer puzzles than threads counts each one on
    // every thread.
    let few_below = match mode {
        Mode::Count { .. } if threads > 1 => threads,
        _ => 1,
    };
    let input = Input::new(sources, options, Arc::clone(&bytes), few_below);
    let answer = |chunk: Chunk| answer_chunk(&search, &layout, chunk, &progress);
    let writer = Pipeline::new(input, writer).run(threads, &cancel, &answer);
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
