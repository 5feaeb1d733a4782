//! A batch run: every puzzle of every input answered in the mode asked
//! (solve, check, count, minimize, rate), with the records written in
//! input order, over the library's pipeline ([`sudoku_batch`]): the
//! inputs read in chunks, each answered by one worker thread (the search,
//! the independent check of each solution, the record's text). The
//! answered chunks are written in order ([`super::writer`]), with the
//! notes on stderr and the totals.
//!
//! With `-j 1`, one thread does it all, a chunk at a time: that is the
//! cheapest in CPU time per puzzle, and uses one core, as asked.

use std::io::{self, IsTerminal as _, Write as _};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use sudoku::{Regions, Variant};
use sudoku_batch::{Batch, Chunk, Input, Ledger, Pipeline, Source, Status};

use super::progress::Progress;
use super::writer::Writer;
use super::{CommonArgs, Mode, OutputFormat};
use crate::exit::{Exit, Failure};
use crate::output::{eprint_line, Output};

/// Runs a subcommand over every input: the status from the answers (0 to
/// 4), 70 when a solution failed the independent check, 130 after Ctrl-C
/// (the records finished before it written).
pub(crate) fn run(mode: Mode, args: &CommonArgs) -> Result<Exit, Failure> {
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
    // A region map gives the grid's size.
    let shape = args.box_shape.or(base.regions.as_ref().map(Regions::shape));
    let options = super::read_options(args.input_format, shape, args.alphabet.as_ref());
    let reads_stdin = sources.iter().any(|s| s.path.is_none());
    if reads_stdin && io::stdin().is_terminal() && !args.quiet {
        eprint_line("Reading puzzles from the terminal: type or paste them, then Ctrl-D.");
    }
    let show_bar =
        !args.quiet && io::stderr().is_terminal() && !(reads_stdin && io::stdin().is_terminal());
    let total_bytes: Option<u64> = sources.iter().map(Source::size).sum();
    let progress = Progress::new(show_bar, total_bytes);

    let bytes = Arc::new(AtomicU64::new(0));
    let cancel = crate::exit::cancel_flag();
    let names: Vec<String> = sources.iter().map(|s| s.name.clone()).collect();
    let batch = Batch {
        task: mode,
        timeout: args.timeout,
        max_nodes: args.max_nodes,
        cancel: Arc::clone(&cancel),
        engine: args.engine.into(),
        base,
        format: args.format.into(),
        names: names.clone(),
        logic: (mode == Mode::RateLogic).then(|| {
            let rating = progress.rating();
            Arc::new(super::progress::Counted {
                inner: sudoku_logic::SeRater {
                    steps: Some(Arc::clone(&rating.steps)),
                    ..Default::default()
                },
                rating,
            }) as Arc<dyn sudoku_solve::LogicRater>
        }),
    };
    let json = args.format == OutputFormat::Json;
    let problems = !json && !crate::output::stderr_is_stdout();
    let writer = Writer {
        out: Output::stdout(),
        ledger: Ledger::new(names.clone(), args.quiet, json, problems, args.explain),
        progress: &progress,
        stdout_is_terminal: io::stdout().is_terminal(),
    };
    let input = Input::new(sources, options, bytes, batch.few_below(threads));
    let done = || progress.puzzle_done();
    let answer = |chunk: Chunk, group| batch.answer_chunk(chunk, group, progress.parts(), &done);
    let writer = Pipeline::new(input, writer).run(threads, &cancel, &answer);
    let interrupted = cancel.load(Ordering::Relaxed);
    progress.finish();
    let elapsed = started.elapsed();
    let stats = (args.stats || interrupted).then_some((mode, elapsed, threads));
    end(writer, interrupted, stats)
}

/// Ends a run: flushes the output, says on stderr what went wrong, what
/// Ctrl-C left and (`stats`: the task, the time and the threads) the
/// totals, and returns how the run ended.
fn end(
    writer: Writer<'_>,
    interrupted: bool,
    stats: Option<(Mode, std::time::Duration, usize)>,
) -> Result<Exit, Failure> {
    let Writer { out, ledger, .. } = writer;
    out.finish()?;
    let _ = io::stderr()
        .lock()
        .write_all(ledger.end_notes(interrupted, stats).as_bytes());
    let totals = ledger.totals;
    // The status of the answers: the first of 4 (read errors), 2
    // (invalid), 3 (unknown), 1 (no solution, not unique, or not the
    // solution the input expects), 0 that applies.
    Ok(match totals.status() {
        _ if interrupted => Exit::Interrupted,
        _ if totals.internal > 0 => Exit::Internal,
        Status::ReadError => Exit::IoError,
        Status::BadInput => Exit::BadInput,
        Status::Incomplete => Exit::Incomplete,
        Status::NoSolution => Exit::NoSolution,
        Status::Success => Exit::Success,
    })
}
