//! The `dlx` command: counts or prints the solutions of any exact-cover
//! problem written in Knuth's text format.
//!
//! [`Args`] is the command line (clap); [`run`] does the work and says how
//! the command ends. `--help` documents the format, the output and the exit
//! statuses (see also [`crate::exit`]).

mod cubes;
mod model;

use std::io::{self, Write as _};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use cover_model::plan::{decide, Asked, EngineName, Job, Problem};
use serde::Serialize;
use solver_core::cdcl::Learner;
use solver_core::{knuth, Incomplete, Limits, Matrix, OptionId, Outcome, Progress};

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
        long_help = "Stop after N solutions. This is a normal stop (exit status 0),\n\
                     but a count is then only a lower bound, marked incomplete."
    )]
    pub limit: Option<u64>,

    /// Number of search threads.
    #[command(flatten)]
    pub threads: ThreadsArg,

    /// Give up after N search-tree nodes (exit status 3)
    #[arg(
        long,
        value_name = "N",
        long_help = "Give up after N search-tree nodes (exit status 3). Exact with\n\
                     -j 1; with several threads the budget is checked from time to\n\
                     time and can be overshot."
    )]
    pub max_nodes: Option<u64>,

    /// Give up after SECONDS of search, e.g. 0.5 (exit status 3)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Break ties between items at random, from this seed (one thread)
    #[arg(
        long,
        value_name = "N",
        long_help = "Break ties between equally constrained items at random, from\n\
                     seed N, instead of taking the first. The search then runs on\n\
                     one thread and -j is ignored, so that a seed always gives the\n\
                     same search."
    )]
    pub seed: Option<u64>,

    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,

    /// The search: Dancing Links, or clause learning for hard single solutions
    #[arg(
        long,
        value_enum,
        value_name = "ENGINE",
        default_value_t = Engine::Dlx,
        long_help = "The search. dlx: Knuth's Dancing Links, every feature. cdcl:\n\
                     clause learning (each dead end becomes a clause that prunes the\n\
                     rest of the search), for problems where one solution, or the\n\
                     proof that there is none or only one, is hard to find: it\n\
                     can be far quicker there, and far slower at counting many\n\
                     solutions. Nodes are its decisions, updates its assignments.\n\
                     One thread (-j, --seed and --progress are ignored, with a\n\
                     warning), options printed in input order, no colours."
    )]
    pub engine: Engine,

    /// Report progress on stderr every second (one thread)
    #[arg(
        long,
        long_help = "Report progress on stderr every second: elapsed time, nodes,\n\
                     solutions, current level, the choices on the first levels\n\
                     (k/d: trying choice k of d) and an estimate of the fraction\n\
                     of the search tree done. For example\n  \
                     progress: 2.0s, 81234 nodes, 3 solutions, level 9,\n    \
                     path 1/3 2/5 4/4 1/2 ..., 37.125% done\n\
                     (on one line). The search then runs on one thread and -j is\n\
                     ignored."
    )]
    pub progress: bool,
}

/// The engine of `count` and `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// Dancing Links (Knuth's Algorithm X and C).
    Dlx,
    /// Clause learning over the same options (no colours).
    Cdcl,
}

impl Engine {
    /// The engine as the planner's user choice.
    fn asked(self) -> Asked {
        match self {
            Engine::Dlx => Asked::Dlx,
            Engine::Cdcl => Asked::Cdcl,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Count,
    Solve,
}

/// The planner's engine for `problem` (read from `name`), or its refusal of
/// the engine asked for as bad input (exit status 2).
fn planned(name: &str, problem: Problem, asked: Asked, mode: Mode) -> Result<EngineName, Failure> {
    let job = match mode {
        Mode::Count => Job::Count,
        Mode::Solve => Job::Solve,
    };
    decide(&problem, job, asked)
        .map(|plan| plan.engine)
        .map_err(|refusal| {
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

    // Clause learning is built only when asked for; it cannot take colours.
    let learner = (args.engine == Engine::Cdcl)
        .then(|| Learner::from_matrix(&matrix))
        .flatten();
    let colours = args.engine == Engine::Cdcl && learner.is_none();
    let engine = planned(
        &name,
        Problem::Matrix { colours },
        args.engine.asked(),
        mode,
    )?;
    if learner.is_some() {
        for (flag, given) in [
            ("--seed", args.seed.is_some()),
            ("--progress", args.progress),
        ] {
            if given {
                let _ = writeln!(io::stderr(), "warning: --engine cdcl ignores {flag}");
            }
        }
    }
    let threads = thread_count(args);
    let mut out = Output::stdout();
    let started = Instant::now();
    let limits = limits(args, started);
    let search = Search {
        matrix: &matrix,
        limits: &limits,
        args,
        threads,
    };
    let engine = engine.as_str();
    let (solutions, outcome) = match (learner, mode) {
        (Some(mut learner), _) => {
            run_engine(&mut learner, &matrix, &limits, mode, args.format, &mut out)
        }
        (None, Mode::Count) => search.count(),
        (None, Mode::Solve) => search.solve(&mut out),
    };
    let summary = Summary::new(solutions, &outcome, engine, started, threads);
    end_search(out, args.format, mode, &summary)
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
    let Summary {
        solutions,
        incomplete,
        ..
    } = *summary.as_ref();
    let status = status(mode, solutions, incomplete);
    // A failed write is remembered by `out` and reported by `finish`.
    let _ = match (format, mode) {
        (Format::Json, _) => out.json_line(summary),
        (Format::Text, Mode::Count) => match incomplete {
            None => writeln!(out, "{solutions}"),
            Some(why) => writeln!(out, "{solutions} (incomplete: {why})"),
        },
        (Format::Text, Mode::Solve) => {
            note_end(status, solutions, incomplete);
            Ok(())
        }
    };
    out.finish()?;
    Ok(status)
}

/// The limits of a search started at `started`: `--limit`, `--max-nodes`,
/// `--timeout` and Ctrl-C.
fn limits(args: &SearchArgs, started: Instant) -> Limits {
    Limits {
        max_solutions: args.limit.map(u128::from),
        max_nodes: args.max_nodes,
        deadline: args.timeout.and_then(|t| started.checked_add(t)),
        cancel: Some(cancel_flag()),
    }
}

/// Counts or prints the solutions with one engine on this thread, through
/// the one engine front (`--engine cdcl`).
fn run_engine(
    engine: &mut dyn solver_core::Engine<Start = [OptionId], Solution = [OptionId]>,
    matrix: &Matrix,
    limits: &Limits,
    mode: Mode,
    format: Format,
    out: &mut Output,
) -> (u128, Outcome) {
    let mut found = 0u64;
    let record = mode == Mode::Solve;
    let outcome = engine.run(&[], limits, record, &mut |chosen| {
        found += 1;
        let options: Vec<String> = chosen.iter().map(|&o| matrix.option_text(o)).collect();
        print_solution(out, format, found, &options)
    });
    match outcome {
        Ok(outcome) => (outcome.stats.solutions, outcome),
        // Nothing is forced: the empty start cannot clash.
        Err(solver_core::Contradiction) => (0, Outcome::default()),
    }
}

/// The exit status for a search that printed its answer.
fn status(mode: Mode, solutions: u128, incomplete: Option<Incomplete>) -> Exit {
    match incomplete {
        None | Some(Incomplete::SolutionLimit) => {
            if mode == Mode::Solve && solutions == 0 {
                Exit::NoSolution
            } else {
                Exit::Success
            }
        }
        Some(_) => Exit::Incomplete,
    }
}

/// For `solve` in text: says on stderr why there is nothing (more) to see.
fn note_end(status: Exit, solutions: u128, incomplete: Option<Incomplete>) {
    let mut err = io::stderr().lock();
    let _ = match (status, incomplete) {
        (Exit::NoSolution, _) => writeln!(err, "no solution"),
        (Exit::Incomplete, Some(why)) => {
            let s = if solutions == 1 { "" } else { "s" };
            writeln!(err, "incomplete: {why}; {solutions} solution{s} printed")
        }
        _ => Ok(()),
    };
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

/// The summary of a search, as printed in JSON.
#[derive(Clone, Copy, Debug, Serialize)]
struct Summary {
    #[serde(serialize_with = "crate::values::big_number")]
    solutions: u128,
    complete: bool,
    incomplete: Option<Incomplete>,
    /// The engine that searched: `dlx` or `cdcl`.
    engine: &'static str,
    nodes: u64,
    updates: u64,
    elapsed_ms: u64,
    threads: usize,
}

impl Summary {
    fn new(
        solutions: u128,
        outcome: &Outcome,
        engine: &'static str,
        started: Instant,
        threads: usize,
    ) -> Summary {
        Summary {
            solutions,
            complete: outcome.incomplete.is_none(),
            incomplete: outcome.incomplete,
            engine,
            nodes: outcome.stats.nodes,
            updates: outcome.stats.updates,
            elapsed_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            threads,
        }
    }
}

impl AsRef<Summary> for Summary {
    fn as_ref(&self) -> &Summary {
        self
    }
}

/// One solution, as printed in JSON.
#[derive(Serialize)]
struct SolutionRecord<'a> {
    solution: u64,
    options: &'a [String],
}

/// One search, sequential or parallel.
struct Search<'a> {
    matrix: &'a Matrix,
    limits: &'a Limits,
    args: &'a SearchArgs,
    threads: usize,
}

impl Search<'_> {
    fn solver(&self) -> solver_core::Solver {
        let mut solver = self.matrix.solver();
        solver.set_seed(self.args.seed);
        if self.args.progress {
            solver.set_progress(Duration::from_secs(1), report_progress);
        }
        solver
    }

    fn count(&self) -> (u128, Outcome) {
        let count = if self.threads == 1 {
            self.solver().count(self.limits)
        } else {
            self.matrix
                .par_count(&[], self.limits)
                .expect("no option is forced")
        };
        (count.solutions, count.outcome)
    }

    /// Prints every solution; stops as soon as a write fails.
    fn solve(&self, out: &mut Output) -> (u128, Outcome) {
        let format = self.args.format;
        let matrix = self.matrix;
        let texts = |solution: &[OptionId]| -> Vec<String> {
            solution.iter().map(|&o| matrix.option_text(o)).collect()
        };
        let mut printed = 0u64;
        let outcome = if self.threads == 1 {
            self.solver().for_each_solution(self.limits, |solution| {
                printed += 1;
                print_solution(out, format, printed, &texts(solution))
            })
        } else {
            let shared = Mutex::new((&mut *out, &mut printed));
            self.matrix
                .par_for_each_solution(&[], self.limits, |solution| {
                    let options = texts(solution);
                    let mut guard = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    let (out, printed) = &mut *guard;
                    **printed += 1;
                    print_solution(out, format, **printed, &options)
                })
                .expect("no option is forced")
        };
        (u128::from(printed), outcome)
    }
}

/// Prints solution number `k` (from 1); `Break` when the output has failed.
fn print_solution(out: &mut Output, format: Format, k: u64, options: &[String]) -> ControlFlow<()> {
    let written = match format {
        Format::Json => out.json_line(&SolutionRecord {
            solution: k,
            options,
        }),
        Format::Text => (|| {
            if k > 1 {
                out.write_all(b"\n")?;
            }
            for option in options {
                out.write_all(option.as_bytes())?;
                out.write_all(b"\n")?;
            }
            Ok(())
        })(),
    };
    match written.and_then(|()| out.end_record()) {
        Ok(()) => ControlFlow::Continue(()),
        Err(_) => ControlFlow::Break(()),
    }
}

/// How many levels of the search path a progress report shows.
const PATH_LEVELS: usize = 10;

/// Prints a progress report on stderr, one line, in the spirit of Knuth's.
fn report_progress(progress: &Progress) {
    let _ = writeln!(io::stderr().lock(), "{}", progress_line(progress));
}

/// A progress report: `progress: 3.0s, 1234 nodes, 5 solutions, level 7,
/// path 1/3 2/5 4/4 ..., 12.345% done`.
fn progress_line(progress: &Progress) -> String {
    let mut path: Vec<String> = progress
        .path
        .iter()
        .take(PATH_LEVELS)
        .map(|(k, d)| format!("{k}/{d}"))
        .collect();
    if progress.path.len() > PATH_LEVELS {
        path.push("...".to_string());
    }
    format!(
        "progress: {:.1}s, {} nodes, {} solutions, level {}, path {}, {:.3}% done",
        progress.elapsed.as_secs_f64(),
        progress.nodes,
        progress.solutions,
        progress.level,
        if path.is_empty() {
            "-".to_string()
        } else {
            path.join(" ")
        },
        100.0 * progress.fraction,
    )
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
    fn statuses() {
        assert_eq!(status(Mode::Count, 0, None), Exit::Success);
        assert_eq!(status(Mode::Solve, 0, None), Exit::NoSolution);
        assert_eq!(
            status(Mode::Solve, 2, Some(Incomplete::SolutionLimit)),
            Exit::Success
        );
        assert_eq!(
            status(Mode::Count, 5, Some(Incomplete::NodeLimit)),
            Exit::Incomplete
        );
        assert_eq!(
            status(Mode::Solve, 0, Some(Incomplete::Deadline)),
            Exit::Incomplete
        );
    }

    #[test]
    fn big_numbers_become_strings() {
        let summary = |solutions| Summary {
            solutions,
            complete: true,
            incomplete: None,
            engine: "dlx",
            nodes: 0,
            updates: 0,
            elapsed_ms: 0,
            threads: 1,
        };
        let json = serde_json::to_value(summary(92)).unwrap();
        assert_eq!(json["solutions"], 92);
        let big = u128::from(u64::MAX) + 1;
        let json = serde_json::to_value(summary(big)).unwrap();
        assert_eq!(json["solutions"], "18446744073709551616");
    }

    #[test]
    fn progress_lines() {
        let progress = Progress {
            nodes: 1234,
            solutions: 5,
            level: 12,
            path: (1..=12).map(|k| (1, k)).collect(),
            fraction: 0.125,
            elapsed: Duration::from_secs(3),
        };
        let line = progress_line(&progress);
        assert!(line.starts_with("progress: 3.0s, 1234 nodes, 5 solutions, level 12, path 1/1 1/2"));
        assert!(line.ends_with("1/10 ..., 12.500% done"), "{line}");
    }
}
