//! `sudoku generate`: puzzles with exactly one solution, of any shape, from a
//! seed: the same seed gives the same puzzles whatever the thread count.
//!
//! Classic puzzles, variant puzzles (X, windoku, jigsaw), and killer,
//! thermo and arrow puzzles and the grid-based rules (anti-knight,
//! anti-king, non-consecutive): each made and checked by the library, its
//! record made by the library ([`sudoku::Made::record`]); here they are
//! written in seed order, with the warnings and the exit status.

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use solver_core::{Incomplete, Limits};
use sudoku::{
    generate_checked, generate_setter_checked, generate_variant_checked, in_seed_order,
    GenerateOptions, GenerateTrouble, GeneratedFormat, Made, Shape, Symmetry, Variant,
};

use super::{eprint_line, parse_box, INTERNAL_ERROR, INTERRUPTED};
use crate::exit::{Exit, Failure};
use crate::output::Output;
use crate::threads::ThreadsArg;
use crate::values::parse_seconds;

pub(crate) const GENERATE_ABOUT: &str = include_str!("../../help/generate.txt");

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

impl From<OutputFormat> for GeneratedFormat {
    fn from(format: OutputFormat) -> GeneratedFormat {
        match format {
            OutputFormat::Text => GeneratedFormat::Text,
            OutputFormat::Grid => GeneratedFormat::Grid,
            OutputFormat::Json => GeneratedFormat::Json,
            OutputFormat::Fpuzzles => GeneratedFormat::Fpuzzles,
        }
    }
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
        long_help = include_str!("../../help/options/generate-variant.txt")
    )]
    pub variant: Option<String>,

    /// With --variant jigsaw: this region map for every puzzle instead of
    /// random ones
    #[arg(long, value_name = "FILE", requires = "variant")]
    pub regions: Option<std::path::PathBuf>,
}

/// How a run of `generate` ended, when it did not fail.
#[derive(Debug)]
enum Ended {
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
fn run_limits(timeout: Option<Duration>) -> Limits {
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
fn run(args: &GenerateArgs) -> Result<Ended, Failure> {
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
            let shape = args.box_shape;
            base.rules(shape)
                .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
            let make = |seed| generate_setter_checked(&base, clues, shape, seed, &limits);
            let record = |made: &_, _| Made::Setter(made).record(args.format.into());
            return stop(write_puzzles(args, first_seed, make, record, |_, _, _| {})?);
        }
        return plain_variant(args, names, first_seed, &limits);
    }
    let options = GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal || args.target_givens.is_none(),
        target_givens: args.target_givens,
        node_limit: args.max_nodes,
        attempts: args.attempts,
    };
    let shape = args.box_shape;
    let mut above_target = 0u64;
    let make = |seed| generate_checked(shape, seed, &options, args.rate_seeds, &limits);
    let record = |(made, rating): &_, _| Made::Classic(made, *rating).record(args.format.into());
    let warn = |out: &mut Output, seed, (made, _): &(sudoku::Generated, _)| {
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
    };
    let written = write_puzzles(args, first_seed, make, record, warn)?;
    if above_target > 0 && !args.quiet {
        eprint_line(&format!(
            "{above_target} of {} puzzles stayed above {} givens",
            args.count,
            args.target_givens.unwrap_or_default()
        ));
    }
    let _ = io::stderr().flush();
    stop(written)
}

/// `generate` for x, windoku and jigsaw (with random maps, or the one of
/// `--regions`).
fn plain_variant(
    args: &GenerateArgs,
    names: &str,
    first_seed: u64,
    limits: &Limits,
) -> Result<Ended, Failure> {
    let (mut base, [mut jigsaw, killer]) =
        Variant::parse_names(names).map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    if killer {
        return Err(Failure::bad_input(
            "--variant: generate makes x, windoku and jigsaw puzzles (and their \
             combinations), not killer",
        ));
    }
    let shape = args.box_shape;
    if let Some(path) = &args.regions {
        let bad = |e: &dyn std::fmt::Display| {
            Failure::bad_input(format!("--regions {}: {e}", path.display()))
        };
        let text = std::fs::read_to_string(path).map_err(|e| bad(&e))?;
        base.regions = Some(text.parse::<sudoku::Regions>().map_err(|e| bad(&e))?);
        jigsaw = false;
    }
    base.rules(shape)
        .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    let make = |seed| generate_variant_checked(&base, names, shape, jigsaw, seed, limits);
    let record = |(puzzle, solution, variant): &_, seed| {
        let made = Made::Variant {
            puzzle,
            solution,
            variant,
            seed,
        };
        made.record(args.format.into())
    };
    stop(write_puzzles(args, first_seed, make, record, |_, _, _| {})?)
}

/// A puzzle that was not made, and its seed.
type Trouble = Option<(GenerateTrouble, u64)>;

/// Makes `--count` puzzles from `first_seed` on with `make`, in seed order,
/// and writes the `record` of each (after `warn` has seen it); stops at the
/// first puzzle not made or when the output fails. Returns how many were
/// written and the trouble that stopped it.
fn write_puzzles<T: Send>(
    args: &GenerateArgs,
    first_seed: u64,
    make: impl Fn(u64) -> Result<T, GenerateTrouble> + Sync,
    record: impl Fn(&T, u64) -> Result<String, GenerateTrouble>,
    mut warn: impl FnMut(&mut Output, u64, &T),
) -> Result<(u64, Trouble), Failure> {
    let mut out = Output::stdout();
    let mut written = 0u64;
    let mut trouble = None;
    in_seed_order(first_seed, args.count, make, |seed, result| {
        let text = result.and_then(|made| {
            warn(&mut out, seed, &made);
            record(&made, seed)
        });
        let text = match text {
            Ok(text) => text,
            Err(why) => {
                trouble = Some((why, seed));
                return false;
            }
        };
        written += u64::from(out.write_all(text.as_bytes()).is_ok() && !out.has_failed());
        let _ = out.end_record();
        !out.has_failed()
    });
    out.finish()?;
    Ok((written, trouble))
}

/// How the run ends: done, or at a puzzle that was not made (`written`
/// were).
fn stop((written, trouble): (u64, Trouble)) -> Result<Ended, Failure> {
    let Some((trouble, seed)) = trouble else {
        return Ok(Ended::Done);
    };
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
