//! Memoized counting in the `dlx` command: `count` when the planner picks
//! `zdd` (or `--engine zdd`), `dlx zdd` (the diagram as text) and `dlx
//! sample` (solutions drawn uniformly), all through
//! [`solver_core::zdd`], within `--max-memory`.

use std::io::{self, Write as _};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cover_model::plan::matrix::Planned;
use cover_model::plan::{EngineName, Plan, DEFAULT_MEMO_BYTES};
use serde::Serialize;
use solver_core::zdd::{self, MemoStats, Zdd};
use solver_core::{knuth, Incomplete, Limits, Matrix, Outcome, SearchMemo, Stats};

use super::print::{solution_text, SolutionRecord};
use super::summary::Summary;
use super::{end_search, plain_count, Mode, SearchArgs};
use crate::exit::{cancel_flag, Exit, Failure};
use crate::output::{Format, Output};
use crate::values::{parse_bytes, parse_seconds};

/// The arguments of `dlx zdd`.
#[derive(Debug, clap::Args)]
pub struct ZddArgs {
    /// The problem, in Knuth's format (`-` or nothing: standard input)
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Memory for the diagram and its memo, e.g. 512M or 4G (default 2G)
    #[arg(
        long,
        value_name = "SIZE",
        value_parser = parse_bytes,
        long_help = include_str!("../../help/options/dlx-max-memory.txt")
    )]
    pub max_memory: Option<u64>,

    /// Give up after N subproblems met (exit status 3)
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Give up after SECONDS, e.g. 0.5 (exit status 3)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

/// The arguments of `dlx sample`.
#[derive(Debug, clap::Args)]
pub struct SampleArgs {
    /// The problem and the diagram's limits.
    #[command(flatten)]
    pub zdd: ZddArgs,

    /// How many solutions to draw (with replacement)
    #[arg(short = 'n', long = "count", value_name = "K", default_value_t = 1)]
    pub count: u64,

    /// The random generator's seed (the same seed draws the same solutions)
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,
}

/// What the memo did, as JSON prints it (`"memo"` in the summary of a
/// count).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct MemoReport {
    /// The memory budget (`--max-memory`, or the planner's default).
    pub budget_bytes: u64,
    /// Whether the memo outgrew the budget, so that plain search counted.
    pub fell_back: bool,
    /// Its figures.
    #[serde(flatten)]
    pub stats: MemoStats,
}

/// The summary of a count, with the memo's report when it ran.
#[derive(Debug, Serialize)]
struct CountSummary {
    #[serde(flatten)]
    summary: Summary,
    memo: MemoReport,
}

impl AsRef<Summary> for CountSummary {
    fn as_ref(&self) -> &Summary {
        &self.summary
    }
}

/// Bytes for people: `72.4 MB`.
fn bytes(n: u64) -> String {
    match n {
        0..1_000_000 => format!("{:.1} kB", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.1} MB", n as f64 / 1e6),
        _ => format!("{:.2} GB", n as f64 / 1e9),
    }
}

/// `--explain`: the plan, and the frontier it read.
pub(super) fn explain_plan(plan: &Plan, frontier: Option<u32>) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "plan: {plan}");
    if let Some(f) = frontier {
        let _ = writeln!(
            err,
            "frontier: {f} items in input order (memoized counting up to {})",
            cover_model::plan::MEMO_FRONTIER
        );
    }
}

/// `--explain`: what the memo did.
fn explain_memo(report: &MemoReport, why: Option<Incomplete>) {
    let s = report.stats;
    let saved = if s.states == 0 {
        0.0
    } else {
        100.0 * s.hits as f64 / s.states as f64
    };
    let mut line = format!(
        "memo: ran; {} subproblems met, {} hits ({saved:.1}%: searched once, not again), {} \
         entries, {} diagram nodes, peak {} of a {} budget",
        s.states,
        s.hits,
        s.entries,
        s.zdd_nodes,
        bytes(s.peak_bytes),
        bytes(report.budget_bytes)
    );
    if report.fell_back {
        line.push_str("; it outgrew the budget: counted by plain search (dlx) instead");
    } else if let Some(why) = why {
        line.push_str(&format!("; stopped: {why}"));
    }
    let _ = writeln!(io::stderr(), "{line}");
}

/// `--explain` after a count by plain search: whether the memo of subproblem
/// counts inside the sparse-set count ran, and what it saved.
pub(super) fn explain_search_memo(m: &SearchMemo, engine: EngineName, budget: Option<u64>) {
    let table = match budget {
        Some(b) => format!(
            "within the --max-memory budget of {}, shared by the threads",
            bytes(b)
        ),
        None => "a table of at most 64 MB a thread (no --max-memory)".to_string(),
    };
    let line = if m.lookups == 0 && m.over_budget > 0 {
        format!(
            "memo: not run inside the {engine} search: its smallest table does not fit {table} \
             ({} subtree counts); counted in full without it",
            m.over_budget
        )
    } else if m.is_unused() {
        format!("memo: not run (the plan is {engine}, and its search kept no memo)")
    } else {
        let saved = 100.0 * m.hits as f64 / m.lookups as f64;
        format!(
            "memo: ran inside the {engine} search (counts of subproblems at branching nodes, \
             {table}); {} subproblems looked up, {} \
             hits ({saved:.1}%: searched once, not again), {} entries stored, largest table {}, turned \
             off at {} levels where it did not pay",
            m.lookups,
            m.hits,
            m.entries,
            bytes(m.bytes),
            m.levels_off
        )
    };
    let _ = writeln!(io::stderr(), "{line}");
}

/// The limits of `zdd` and `sample`, and of a memoized count.
fn memo_limits(max_nodes: Option<u64>, timeout: Option<Duration>, started: Instant) -> Limits {
    Limits {
        max_solutions: None,
        max_nodes,
        deadline: timeout.and_then(|t| started.checked_add(t)),
        cancel: Some(cancel_flag()),
        // The diagram's budget is passed to it directly.
        max_memory: None,
    }
}

/// Builds the diagram and counts its nodes' solutions within `budget`.
fn build_and_count(
    matrix: &Matrix,
    limits: &Limits,
    budget: u64,
) -> Result<(Zdd, zdd::Counts), (Incomplete, MemoStats)> {
    let z = zdd::build(matrix, limits, budget)?;
    match z.counts(budget) {
        Ok(counts) => Ok((z, counts)),
        Err(why) => Err((why, z.stats())),
    }
}

/// `count` planned as `zdd`: the memoized count, or when it outgrows the
/// memory budget and the planner chose it (not `--engine zdd`), the plain
/// count.
pub(super) fn count(
    args: &SearchArgs,
    matrix: &Matrix,
    planned: &Planned,
) -> Result<Exit, Failure> {
    let plan = planned.plan;
    let started = Instant::now();
    let budget = args.max_memory.unwrap_or(DEFAULT_MEMO_BYTES);
    let limits = memo_limits(args.max_nodes, args.timeout, started);
    let asked = args.engine == super::Engine::Zdd;
    let (summary, report, why) = match build_and_count(matrix, &limits, budget) {
        Ok((z, counts)) => {
            let stats = z.stats();
            let outcome = Outcome {
                stats: Stats {
                    nodes: stats.states,
                    ..Stats::default()
                },
                incomplete: None,
            };
            let solutions = z.count_of(&counts);
            let summary = Summary::new(solutions, &outcome, plan.engine.as_str(), started, 1);
            let report = MemoReport {
                budget_bytes: budget,
                fell_back: false,
                stats,
            };
            (summary, report, None)
        }
        Err((Incomplete::MemoryLimit, stats)) if !asked => {
            let report = MemoReport {
                budget_bytes: budget,
                fell_back: true,
                stats,
            };
            (plain_count(args, matrix, planned, started), report, None)
        }
        Err((why, stats)) => {
            let outcome = Outcome {
                stats: Stats {
                    nodes: stats.states,
                    ..Stats::default()
                },
                incomplete: Some(why),
            };
            let summary = Summary::new(0u128, &outcome, plan.engine.as_str(), started, 1);
            let report = MemoReport {
                budget_bytes: budget,
                fell_back: false,
                stats,
            };
            (summary, report, Some(why))
        }
    };
    if args.explain {
        explain_memo(&report, why);
    }
    let summary = CountSummary {
        summary,
        memo: report,
    };
    end_search(Output::stdout(), args.format, Mode::Count, &summary)
}

/// Reads the matrix of `zdd` or `sample`.
fn read(file: Option<&std::path::Path>) -> Result<Matrix, Failure> {
    let input = crate::read_input(file)?;
    knuth::parse_bytes(&input.bytes).map_err(|e| Failure::bad_input(format!("{}: {e}", input.name)))
}

/// A build stopped by a limit: said on stderr, exit status 3.
fn stopped(why: Incomplete, stats: MemoStats, budget: u64) -> Result<Exit, Failure> {
    let mut message = format!("incomplete: {why}; no diagram written");
    if why == Incomplete::MemoryLimit {
        message.push_str(&format!(
            " (peak {} of a {} budget: raise --max-memory)",
            bytes(stats.peak_bytes),
            bytes(budget)
        ));
    }
    Err(Failure::new(Exit::Incomplete, message))
}

/// `dlx zdd`: the diagram as text on stdout.
pub(super) fn write_zdd(args: &ZddArgs) -> Result<Exit, Failure> {
    let matrix = read(args.file.as_deref())?;
    let budget = args.max_memory.unwrap_or(DEFAULT_MEMO_BYTES);
    let limits = memo_limits(args.max_nodes, args.timeout, Instant::now());
    let (z, counts) = match build_and_count(&matrix, &limits, budget) {
        Ok(built) => built,
        Err((why, stats)) => return stopped(why, stats, budget),
    };
    let mut out = Output::stdout();
    let _ = writeln!(out, "# solutions: {}", z.count_of(&counts));
    let _ = z.write_text(&matrix, &mut out);
    out.finish()?;
    Ok(Exit::Success)
}

/// `dlx sample`: `-n K` solutions drawn uniformly, as `dlx solve` prints
/// solutions.
pub(super) fn sample(args: &SampleArgs) -> Result<Exit, Failure> {
    let matrix = read(args.zdd.file.as_deref())?;
    let budget = args.zdd.max_memory.unwrap_or(DEFAULT_MEMO_BYTES);
    let limits = memo_limits(args.zdd.max_nodes, args.zdd.timeout, Instant::now());
    let (z, counts) = match build_and_count(&matrix, &limits, budget) {
        Ok(built) => built,
        Err((why, stats)) => return stopped(why, stats, budget),
    };
    let mut out = Output::stdout();
    let mut rng = args.seed;
    for k in 1..=args.count {
        let Some(mut solution) = z.sample(&counts, &mut rng) else {
            let _ = writeln!(io::stderr(), "no solution");
            out.finish()?;
            return Ok(Exit::NoSolution);
        };
        solution.sort_unstable();
        let options: Vec<String> = solution.iter().map(|&o| matrix.option_text(o)).collect();
        let written = match args.format {
            Format::Json => out.json_line(&SolutionRecord {
                solution: k,
                options: &options,
            }),
            Format::Text => out.write_all(solution_text(k, &options).as_bytes()),
        };
        if written.and_then(|()| out.end_record()).is_err() {
            break;
        }
        if crate::exit::interrupted() {
            break;
        }
    }
    out.finish()?;
    Ok(if crate::exit::interrupted() {
        Exit::Interrupted
    } else {
        Exit::Success
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_for_people() {
        assert_eq!(bytes(2048), "2.0 kB");
        assert_eq!(bytes(72_443_924), "72.4 MB");
        assert_eq!(bytes(2 << 30), "2.15 GB");
    }
}
