//! `sudoku generate`: puzzles with exactly one solution, of any shape, from a
//! seed: the same seed gives the same puzzles whatever the thread count.
//!
//! Classic puzzles here; variant puzzles (X, windoku, jigsaw) in
//! [`variant`]; killer, thermo and arrow puzzles and the grid-based rules
//! (anti-knight, anti-king, non-consecutive) in [`setter`].

mod setter;
mod variant;

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use solver_core::{Incomplete, Limits};
use sudoku::{
    generate_checked, in_seed_order, write_boxed_with, write_compact, GenerateOptions,
    GenerateTrouble, Notation, Shape, Symmetry,
};

use super::{eprint_line, parse_box, INTERNAL_ERROR, INTERRUPTED};
use crate::exit::{Exit, Failure};
use crate::output::Output;
use crate::threads::ThreadsArg;
use crate::values::parse_seconds;

pub(crate) const GENERATE_ABOUT: &str = include_str!("../../../help/generate.txt");

/// How generated puzzles are printed (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// One puzzle per line (a JSON document where the rules need one)
    #[default]
    Text,
    /// Puzzles drawn as grids
    Grid,
    /// JSON Lines: one object per puzzle
    Json,
    /// One f-puzzles link per line (opens in the f-puzzles editor)
    Fpuzzles,
}

/// The arguments of `generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// Box shape: 3 (9x9), 4 (16x16), 2x3 (6x6 with boxes 2 high, 3 wide) ...
    #[arg(long = "box", value_name = "SHAPE", value_parser = parse_box, default_value = "3")]
    pub box_shape: Shape,

    /// How many puzzles
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// Seed of the first puzzle (puzzle k uses S+k) [default: from the clock]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Keep the givens symmetric: none, rotational (180 degrees),
    /// quarter-turn, horizontal, vertical, diagonal, anti-diagonal
    #[arg(long, value_name = "SYMMETRY", default_value = "none")]
    pub symmetry: Symmetry,

    /// Aim for at most K givens (a warning says when a puzzle stays above)
    #[arg(long = "givens", value_name = "K")]
    pub target_givens: Option<usize>,

    /// With --givens: keep removing once at K, so the puzzle is minimal
    #[arg(long)]
    pub minimal: bool,

    /// Search nodes (lookahead probes included) allowed per uniqueness
    /// check while removing givens: a removal whose check reaches it keeps
    /// its given, so the puzzle may not be minimal. Every written puzzle is
    /// still proven unique by a complete search. For 36x36 and larger
    #[arg(long = "max-nodes", value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Passes tried per puzzle when --givens is not reached
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub attempts: u32,

    /// Give up after SECONDS, e.g. 0.5, for the whole run (status 3): the
    /// puzzles finished before are written
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Tie-break orders averaged over for the JSON rating (0: no rating)
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub rate_seeds: u32,

    /// How the puzzles are printed
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,

    /// Number of threads.
    #[command(flatten)]
    pub threads: ThreadsArg,

    /// No warnings
    #[arg(short, long)]
    pub quiet: bool,

    /// Make variant puzzles: x, windoku (hyper), jigsaw, anti-knight,
    /// anti-king, non-consecutive, killer, thermo, arrow, or several joined
    /// with commas (killer,x)
    #[arg(
        long,
        value_name = "NAMES",
        long_help = include_str!("../../../help/options/generate-variant.txt")
    )]
    pub variant: Option<String>,

    /// With --variant jigsaw: this region map for every puzzle instead of
    /// random ones
    #[arg(long, value_name = "FILE", requires = "variant")]
    pub regions: Option<std::path::PathBuf>,
}

/// One generated puzzle in JSON.
#[derive(Debug, Serialize)]
struct Record {
    puzzle: String,
    #[serde(rename = "box")]
    shape: String,
    givens: usize,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    average_nodes: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    singles_only: Option<bool>,
    minimal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    target_reached: Option<bool>,
    solution: String,
}

/// How a run of `generate` ended, when it did not fail.
#[derive(Debug)]
pub(super) enum Ended {
    /// Every puzzle written.
    Done,
    /// Stopped by `--timeout` (status 3) or Ctrl-C (status 130), after
    /// writing this many puzzles.
    Stopped(Incomplete, u64),
    /// A puzzle failed its check (status 70), after the ones before it.
    Internal,
}

/// The limits of a whole run: `--timeout` from now, and a flag that
/// Ctrl-C raises.
pub(super) fn run_limits(timeout: Option<Duration>) -> Limits {
    let cancel = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&cancel);
    // Fails only if a handler is already set (not in this program).
    let _ = ctrlc::set_handler(move || raised.store(true, Ordering::Relaxed));
    Limits {
        max_solutions: None,
        max_nodes: None,
        deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
        cancel: Some(cancel),
    }
}

/// Runs `generate` and ends it: 0, 3 (`--timeout`), 130 (Ctrl-C) or 70
/// (a puzzle that failed its check), with a line on stderr for the last
/// three.
pub(crate) fn main(args: &GenerateArgs) -> ExitCode {
    let ended = match run(args) {
        Ok(ended) => ended,
        Err(failure) => return crate::exit::finish(Err(failure)),
    };
    match ended {
        Ended::Done => ExitCode::SUCCESS,
        Ended::Stopped(why, written) => {
            let s = if written == 1 { "" } else { "s" };
            if why == Incomplete::Cancelled {
                eprint_line(&format!(
                    "interrupted by Ctrl-C: {written} puzzle{s} written (the rest were not made)"
                ));
                ExitCode::from(INTERRUPTED)
            } else {
                eprint_line(&format!(
                    "incomplete: {why}: {written} of {} puzzle{} written",
                    args.count,
                    if args.count == 1 { "" } else { "s" }
                ));
                Exit::Incomplete.into()
            }
        }
        Ended::Internal => ExitCode::from(INTERNAL_ERROR),
    }
}

/// Runs `generate` and writes its puzzles in order.
pub(super) fn run(args: &GenerateArgs) -> Result<Ended, Failure> {
    args.threads.init();
    let limits = run_limits(args.timeout);
    let first_seed = args.seed.unwrap_or_else(|| {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        if !args.quiet {
            eprint_line(&format!("seed: {seed}"));
        }
        seed
    });
    if let Some(names) = &args.variant {
        let (base, jigsaw, clues) = sudoku::parse_generate_names(names)
            .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
        if !clues.is_empty() || !base.constraints.is_empty() {
            if jigsaw || args.regions.is_some() {
                return Err(Failure::bad_input(
                    "--variant: jigsaw combines with x and windoku only, not with killer, \
                     thermo, arrow, anti-knight, anti-king or non-consecutive",
                ));
            }
            return setter::run(args, &base, clues, first_seed, &limits);
        }
        return variant::run(args, names, first_seed, &limits);
    }
    let options = GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal || args.target_givens.is_none(),
        target_givens: args.target_givens,
        node_limit: args.max_nodes,
        attempts: args.attempts,
    };
    let shape = args.box_shape;
    let notation = Notation::standard_for(shape);
    let mut out = Output::stdout();
    let mut above_target = 0u64;
    let mut written_puzzles = 0u64;
    let mut trouble = None;
    let make = |seed| generate_checked(shape, seed, &options, args.rate_seeds, &limits);
    in_seed_order(first_seed, args.count, make, |seed, result| {
        let (made, rating) = match result {
            Ok(made) => made,
            Err(why) => {
                trouble = Some((why, seed));
                return false;
            }
        };
        if made.target_reached == Some(false) {
            above_target += 1;
            if !args.quiet {
                let _ = out.flush();
                eprint_line(&format!(
                    "warning: seed {seed}: {} givens, above the target of {}",
                    made.givens,
                    args.target_givens.unwrap_or_default()
                ));
            }
        }
        let written = match args.format {
            OutputFormat::Text => writeln!(out, "{}", write_compact(&made.puzzle, &notation)),
            OutputFormat::Grid => writeln!(out, "{}", write_boxed_with(&made.puzzle, &notation)),
            OutputFormat::Fpuzzles => {
                match setter::fpuzzles_link(&made.puzzle, &Default::default()) {
                    Ok(link) => writeln!(out, "{link}"),
                    Err(e) => {
                        trouble = Some((GenerateTrouble::Internal(e.to_string()), seed));
                        return false;
                    }
                }
            }
            OutputFormat::Json => out.json_line(&Record {
                puzzle: write_compact(&made.puzzle, &notation),
                shape: shape.to_string(),
                givens: made.givens,
                seed,
                rating: rating.map(|r| r.rating),
                average_nodes: rating.map(|r| r.average_nodes),
                singles_only: rating.map(|r| r.singles_only),
                minimal: made.minimal,
                target_reached: made.target_reached,
                solution: write_compact(&made.solution, &notation),
            }),
        };
        written_puzzles += u64::from(written.is_ok() && !out.has_failed());
        let _ = out.end_record();
        !out.has_failed()
    });
    let _ = out.end_record();
    out.finish()?;
    if above_target > 0 && !args.quiet {
        eprint_line(&format!(
            "{above_target} of {} puzzles stayed above {} givens",
            args.count,
            args.target_givens.unwrap_or_default()
        ));
    }
    let _ = io::stderr().flush();
    match trouble {
        Some((why, seed)) => stop(why, seed, written_puzzles),
        None => Ok(Ended::Done),
    }
}

/// How the run ends at a puzzle that was not made (`written` were).
pub(super) fn stop(trouble: GenerateTrouble, seed: u64, written: u64) -> Result<Ended, Failure> {
    match trouble {
        GenerateTrouble::Stopped(why) => Ok(Ended::Stopped(why, written)),
        GenerateTrouble::NoGrid(message) => {
            Err(Failure::bad_input(format!("seed {seed}: {message}")))
        }
        GenerateTrouble::Internal(message) => {
            eprint_line(&format!(
                "internal error: seed {seed}: generation failed its check: {message}"
            ));
            Ok(Ended::Internal)
        }
    }
}
