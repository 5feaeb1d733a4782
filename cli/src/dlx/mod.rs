//! The `dlx` command: counts or prints the solutions of any exact-cover
//! problem written in Knuth's text format.
//!
//! [`Args`] is the command line (clap); [`run`] does the work and says how
//! the command ends. `--help` documents the format, the output and the exit
//! statuses (see also [`crate::exit`]).

mod cubes;
mod memo;
mod model;
mod print;
mod shown;
mod summary;

use std::io::{self, Write as _};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use cover_model::plan::matrix::{self as matrix_plan, Built, Planned, Task as MatrixTask};
use cover_model::plan::{decide, Asked, Job, Plan, Problem};
use serde::Serialize;
use solver_core::whole::{run_engine, Search};
use solver_core::{knuth, Limits, Progress};

use self::print::{progress_line, solution_text, SolutionRecord};
use self::summary::{Ending, Summary};

use crate::exit::{cancel_flag, Exit, Failure};
use crate::output::{Format, Output};
use crate::threads::ThreadsArg;
use crate::values::parse_seconds;

const LONG_ABOUT: &str = include_str!("../../help/dlx.txt");

const EXIT_STATUS: &str = include_str!("../../help/dlx-exit-status.txt");

const AFTER_LONG_HELP: &str = include_str!("../../help/dlx-examples.txt");

const COUNT_ABOUT: &str = include_str!("../../help/dlx-count.txt");

const SOLVE_ABOUT: &str = include_str!("../../help/dlx-solve.txt");

/// The `dlx` command line.
#[derive(Debug, Parser)]
#[command(
    name = "dlx",
    version,
    about = "Solve exact-cover problems written in Knuth's format, with Dancing Links",
    long_about = LONG_ABOUT,
    after_help = EXIT_STATUS,
    after_long_help = AFTER_LONG_HELP,
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the solutions
    #[command(long_about = COUNT_ABOUT, after_help = EXIT_STATUS)]
    Count(CountArgs),
    /// Print the solutions
    #[command(long_about = SOLVE_ABOUT, after_help = EXIT_STATUS)]
    Solve(SearchArgs),
    /// Write the diagram (ZDD) of every solution, as text
    #[command(long_about = include_str!("../../help/dlx-zdd.txt"), after_help = EXIT_STATUS)]
    Zdd(memo::ZddArgs),
    /// Print solutions drawn uniformly at random (through the ZDD)
    #[command(long_about = include_str!("../../help/dlx-sample.txt"), after_help = EXIT_STATUS)]
    Sample(memo::SampleArgs),
    /// Split the search into cubes, to count on many machines
    #[command(long_about = crate::cubes::SPLIT_ABOUT, after_help = EXIT_STATUS)]
    Split(cubes::DlxSplitArgs),
    /// Add up the counts of the cubes
    #[command(long_about = crate::cubes::MERGE_ABOUT)]
    Merge(crate::cubes::MergeArgs),
    /// Print a shell completion script (bash, zsh, fish ...)
    #[command(long_about = crate::docs::COMPLETIONS_ABOUT)]
    Completions(crate::docs::CompletionsArgs),
    /// Print the man page (roff)
    #[command(long_about = crate::docs::MAN_ABOUT)]
    Man(crate::docs::ManArgs),
}

/// The arguments of `count`.
#[derive(Debug, clap::Args)]
pub struct CountArgs {
    /// The input and the search options.
    #[command(flatten)]
    pub search: SearchArgs,

    /// Count the cubes in FILE (written by `dlx split`) instead
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["limit", "seed", "progress"],
        long_help = crate::cubes::CUBES_HELP
    )]
    pub cubes: Option<PathBuf>,
}

/// The input and the search options, common to `count` and `solve`.
#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The problem, in Knuth's format or a JSON model (`-` or nothing: standard input)
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Stop after N solutions
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..),
        long_help = include_str!("../../help/options/dlx-limit.txt")
    )]
    pub limit: Option<u64>,

    /// Number of search threads.
    #[command(flatten)]
    pub threads: ThreadsArg,

    /// Give up after N search-tree nodes (exit status 3)
    #[arg(
        long,
        value_name = "N",
        long_help = include_str!("../../help/options/dlx-max-nodes.txt")
    )]
    pub max_nodes: Option<u64>,

    /// Give up after SECONDS of search, e.g. 0.5 (exit status 3)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Break ties between items at random, from this seed (one thread)
    #[arg(
        long,
        value_name = "N",
        long_help = include_str!("../../help/options/dlx-seed.txt")
    )]
    pub seed: Option<u64>,

    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,

    /// The search: the planner's choice, Dancing Links, memoized counting, or clause learning
    #[arg(
        long,
        value_enum,
        value_name = "ENGINE",
        default_value_t = Engine::Auto,
        long_help = include_str!("../../help/options/dlx-engine.txt")
    )]
    pub engine: Engine,

    /// Memory for memoized counting, e.g. 512M or 4G (default 2G)
    #[arg(
        long,
        value_name = "SIZE",
        value_parser = crate::values::parse_bytes,
        long_help = include_str!("../../help/options/dlx-max-memory.txt")
    )]
    pub max_memory: Option<u64>,

    /// Say on stderr which engine runs and why, and what the memo did
    #[arg(long)]
    pub explain: bool,

    /// Report progress on stderr every second (one thread)
    #[arg(
        long,
        long_help = include_str!("../../help/options/dlx-progress.txt")
    )]
    pub progress: bool,
}

/// The engine of `count` and `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The planner's choice: memoized counting for a count with a narrow
    /// frontier, else Dancing Links.
    Auto,
    /// Dancing Links (Knuth's Algorithm X and C).
    Dlx,
    /// Memoized counting through a diagram of the solutions (counts only).
    Zdd,
    /// Clause learning over the same options (no colours).
    Cdcl,
}

impl Engine {
    /// The engine as the planner's user choice.
    fn asked(self) -> Asked {
        match self {
            Engine::Auto => Asked::Auto,
            Engine::Dlx => Asked::Dlx,
            Engine::Zdd => Asked::Zdd,
            Engine::Cdcl => Asked::Cdcl,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Count,
    Solve,
}

/// The planner's plan for a JSON model (read from `name`), or its refusal
/// of the engine asked for as bad input (exit status 2).
fn planned(name: &str, problem: Problem, asked: Asked, mode: Mode) -> Result<Plan, Failure> {
    let job = match mode {
        Mode::Count => Job::Count,
        Mode::Solve => Job::Solve,
    };
    decide(&problem, job, asked).map_err(|refusal| {
        Failure::bad_input(format!(
            "{name}: --engine {} {}",
            refusal.asked.as_str(),
            refusal.why
        ))
    })
}

/// Runs the command and ends it: the status of [`run`], or 130 after
/// Ctrl-C (the answer so far having been written, marked incomplete).
pub fn main(args: &Args) -> ExitCode {
    crate::exit::finish(run(args))
}

/// Runs the command: reads the problem, searches, prints. `Ok` holds the
/// status of a command that printed its answer (0, 1 or 3); `Err` a failure
/// still to be reported (see [`crate::exit::finish`]).
pub fn run(args: &Args) -> Result<Exit, Failure> {
    match &args.command {
        Command::Count(CountArgs {
            search,
            cubes: Some(cubes),
        }) => cubes::count(search, cubes),
        Command::Count(count) => run_search(Mode::Count, &count.search),
        Command::Solve(search) => run_search(Mode::Solve, search),
        Command::Zdd(zdd) => memo::write_zdd(zdd),
        Command::Sample(sample) => memo::sample(sample),
        Command::Split(split) => cubes::split(split),
        Command::Merge(merge) => crate::cubes::run_merge(merge),
        Command::Completions(shell) => {
            crate::docs::completions(<Args as clap::CommandFactory>::command(), shell)
        }
        Command::Man(page) => crate::docs::man(<Args as clap::CommandFactory>::command(), page),
    }
}

fn run_search(mode: Mode, args: &SearchArgs) -> Result<Exit, Failure> {
    let mut input = crate::read_input(args.file.as_deref())?;
    if model::is_json_model(&input.bytes) {
        return model::run(mode, args, input);
    }
    let matrix = knuth::parse_bytes(&input.bytes)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", input.name)))?;
    let name = std::mem::take(&mut input.name);
    drop(input);

    // The plan names the engine and builds it. The threads matter to it
    // only for a count with a limit (Dancing Cells take it on one thread);
    // else the pool is made after the plan, as for memoized counting.
    let limited = (mode == Mode::Count && args.limit.is_some()).then(|| thread_count(args));
    let task = MatrixTask {
        job: match mode {
            Mode::Count => Job::Count,
            Mode::Solve => Job::Solve,
        },
        limit: args.limit.is_some(),
        seed: args.seed.is_some(),
        progress: args.progress,
        threads: limited.unwrap_or(1),
    };
    let planned = matrix_plan::planned(&matrix, task, args.engine.asked()).map_err(|refusal| {
        Failure::bad_input(format!(
            "{name}: --engine {} {}",
            refusal.asked.as_str(),
            refusal.why
        ))
    })?;
    let plan = planned.plan;
    if args.explain {
        memo::explain_plan(&plan, planned.frontier);
    }
    let counter = match planned.engine {
        Built::Memo => return memo::count(args, &matrix, &planned),
        Built::Search(counter) => counter,
        Built::Learner(_) => planned.counter,
    };
    if let Built::Learner(_) = planned.engine {
        for (flag, given) in [
            ("--seed", args.seed.is_some()),
            ("--progress", args.progress),
        ] {
            if given {
                let _ = writeln!(io::stderr(), "warning: --engine cdcl ignores {flag}");
            }
        }
    }
    let threads = limited.unwrap_or_else(|| thread_count(args));
    let mut out = Output::stdout();
    let started = Instant::now();
    let limits = limits(args, started);
    let search = Search {
        matrix: &matrix,
        limits: &limits,
        threads,
        seed: args.seed,
        progress: args.progress.then_some(report_progress as fn(&Progress)),
        counter,
    };
    let engine = plan.engine.as_str();
    let format = args.format;
    let print = |k: u64, options: &[String]| print_solution(&mut out, format, k, options);
    let (solutions, outcome) = match (planned.engine, mode) {
        (Built::Learner(mut learner), _) => {
            run_engine(&mut *learner, &matrix, &limits, mode == Mode::Solve, print)
        }
        (_, Mode::Count) => Ok(search.count()),
        (_, Mode::Solve) => search.solve(print),
    }
    .map_err(|fault| Failure::new(Exit::Internal, fault.to_string()))?;
    if args.explain && mode == Mode::Count {
        memo::explain_search_memo(&outcome.stats.memo, plan.engine, args.max_memory);
    }
    let summary = Summary::new(solutions, &outcome, engine, started, threads);
    end_search(out, args.format, mode, &summary)
}

/// Counts by the plan's plain counter (after memoized counting outgrew its
/// memory budget): the summary of the search.
fn plain_count(
    args: &SearchArgs,
    matrix: &solver_core::Matrix,
    planned: &Planned,
    started: Instant,
) -> Summary {
    let threads = thread_count(args);
    let limits = limits(args, started);
    let search = Search {
        matrix,
        limits: &limits,
        threads,
        seed: None,
        progress: None,
        counter: planned.counter,
    };
    let (solutions, outcome) = search.count();
    Summary::new(
        solutions,
        &outcome,
        planned.counter_name().as_str(),
        started,
        threads,
    )
}

/// Ends a search: after a failed write, the failure; else the summary (JSON),
/// the count (text) or the note on stderr of `solve` (text), and the
/// status. `summary` is what JSON prints: a [`Summary`], or one that
/// flattens it.
fn end_search(
    mut out: Output,
    format: Format,
    mode: Mode,
    summary: &(impl Serialize + AsRef<Summary>),
) -> Result<Exit, Failure> {
    if let Some(failure) = out.failure() {
        // A write failed: say so (or end quietly on a broken pipe).
        let _ = out.finish();
        return Err(failure);
    }
    let plain = summary.as_ref();
    let (solutions, incomplete) = (&plain.solutions, plain.incomplete);
    // A failed write is remembered by `out` and reported by `finish`.
    let _ = match (format, mode) {
        (Format::Json, _) => out.json_line(summary),
        (Format::Text, Mode::Count) => match incomplete {
            None => writeln!(out, "{solutions}"),
            Some(why) => writeln!(out, "{solutions} (incomplete: {why})"),
        },
        (Format::Text, Mode::Solve) => {
            if let Some(note) = plain.solve_note() {
                let _ = writeln!(io::stderr().lock(), "{note}");
            }
            Ok(())
        }
    };
    out.finish()?;
    Ok(match plain.ending(mode == Mode::Solve) {
        Ending::Complete => Exit::Success,
        Ending::NoSolution => Exit::NoSolution,
        Ending::Incomplete => Exit::Incomplete,
    })
}

/// The limits of a search started at `started`: `--limit`, `--max-nodes`,
/// `--timeout` and Ctrl-C.
fn limits(args: &SearchArgs, started: Instant) -> Limits {
    Limits {
        max_solutions: args.limit.map(u128::from),
        max_nodes: args.max_nodes,
        deadline: args.timeout.and_then(|t| started.checked_add(t)),
        cancel: Some(cancel_flag()),
        max_memory: args.max_memory,
    }
}

/// How many threads the search runs on; `--engine cdcl`, `--seed` and
/// `--progress` need the single-threaded search.
fn thread_count(args: &SearchArgs) -> usize {
    let single = if args.engine == Engine::Cdcl {
        Some("--engine cdcl")
    } else if args.seed.is_some() {
        Some("--seed")
    } else if args.progress {
        Some("--progress")
    } else {
        None
    };
    match single {
        None => args.threads.init(),
        Some(flag) => {
            if let Some(n) = args.threads.threads.filter(|&n| n > 1) {
                let _ = writeln!(
                    io::stderr(),
                    "warning: {flag} searches on one thread; ignoring -j {n}"
                );
            }
            1
        }
    }
}

/// Prints solution number `k` (from 1); `Break` when the output has failed.
fn print_solution(out: &mut Output, format: Format, k: u64, options: &[String]) -> ControlFlow<()> {
    let written = match format {
        Format::Json => out.json_line(&SolutionRecord {
            solution: k,
            options,
        }),
        Format::Text => out.write_all(solution_text(k, options).as_bytes()),
    };
    match written.and_then(|()| out.end_record()) {
        Ok(()) => ControlFlow::Continue(()),
        Err(_) => ControlFlow::Break(()),
    }
}

/// Prints a progress report on stderr, one line, in the spirit of Knuth's.
fn report_progress(progress: &Progress) {
    let _ = writeln!(io::stderr().lock(), "{}", progress_line(progress));
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    #[test]
    fn command_line_is_consistent() {
        Args::command().debug_assert();
    }

    #[test]
    fn completions_and_man_pages_name_every_subcommand() {
        let subcommands = ["count", "solve", "zdd", "sample", "split", "merge"];
        crate::docs::check_generated(Args::command(), &subcommands);
    }
}
