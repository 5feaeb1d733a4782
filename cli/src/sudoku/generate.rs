//! `sudoku generate`: puzzles with exactly one solution, of any shape, from a
//! seed: the same seed gives the same puzzles whatever the thread count.
//!
//! Classic puzzles, variant puzzles (X, windoku, jigsaw), killer,
//! thermo and arrow puzzles and the grid-based rules (anti-knight,
//! anti-king, non-consecutive), and doppelganger grids: each made, checked and written as a record
//! by the library ([`sudoku_generate::Maker`], in seed order under one meter); here
//! are the options, the output, the warnings and the exit status.

use std::io::Write as _;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use solver_core::{Incomplete, Limits};
use sudoku::Shape;
use sudoku_generate::{GenerateOptions, GenerateTrouble, GeneratedFormat, Maker, Symmetry};

use super::parse_box;
use crate::exit::{Exit, Failure};
use crate::output::{eprint_line, Output};
use crate::threads::ThreadsArg;
use crate::values::{parse_seconds, same_choices};

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

same_choices!(OutputFormat => GeneratedFormat { Text, Grid, Json, Fpuzzles });

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
    /// anti-king, non-consecutive, global-entropy, dutch-flatmates, killer,
    /// thermo, arrow, or several joined
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

/// Runs `generate`: the library's [`Maker`] makes and checks the puzzles in
/// seed order under one meter (`--timeout`, Ctrl-C); here they are written.
/// Ends with 0, 3 (`--timeout`), 130 (Ctrl-C) or 70 (a puzzle that failed
/// its check), with a line on stderr for the last three.
pub(crate) fn run(args: &GenerateArgs) -> Result<Exit, Failure> {
    args.threads.init();
    let limits = Limits {
        deadline: args.timeout.and_then(|t| Instant::now().checked_add(t)),
        cancel: Some(crate::exit::cancel_flag()),
        ..Limits::none()
    };
    let first_seed = args.seed.unwrap_or_else(|| {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        if !args.quiet {
            eprint_line(&format!("seed: {seed}"));
        }
        seed
    });
    let regions = match &args.regions {
        None => None,
        Some(path) => {
            let bad = |e: &dyn std::fmt::Display| {
                Failure::bad_input(format!("--regions {}: {e}", path.display()))
            };
            let text = std::fs::read_to_string(path).map_err(|e| bad(&e))?;
            Some(text.parse::<sudoku::Regions>().map_err(|e| bad(&e))?)
        }
    };
    let options = GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal || args.target_givens.is_none(),
        target_givens: args.target_givens,
        node_limit: args.max_nodes,
        attempts: args.attempts,
    };
    let names = args.variant.as_deref();
    let maker = Maker::from_names(names, regions, args.box_shape, options, args.rate_seeds)
        .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    maker
        .writes(args.format.into())
        .map_err(|e| Failure::bad_input(format!("--format: {e}")))?;
    let target = args.target_givens.unwrap_or_default();
    let mut out = Output::stdout();
    let run = maker.run(
        first_seed,
        args.count,
        &limits,
        args.format.into(),
        |seed, made, record| {
            if let Some(givens) = made.above_target().filter(|_| !args.quiet) {
                let _ = out.flush();
                eprint_line(&format!(
                    "warning: seed {seed}: {givens} givens, above the target of {target}"
                ));
            }
            let written = out.write_all(record.as_bytes()).is_ok();
            let _ = out.end_record();
            written && !out.has_failed()
        },
    );
    out.finish()?;
    if run.above_target > 0 && !args.quiet {
        eprint_line(&format!(
            "{} of {} puzzles stayed above {target} givens",
            run.above_target, args.count
        ));
    }
    if let Some(note) = run.note(args.count) {
        eprint_line(&note);
    }
    match run.stopped {
        None => Ok(Exit::Success),
        Some((GenerateTrouble::Stopped(Incomplete::Cancelled), _)) => Ok(Exit::Interrupted),
        Some((GenerateTrouble::Stopped(_), _)) => Ok(Exit::Incomplete),
        Some((GenerateTrouble::NoGrid(message), seed)) => {
            Err(Failure::bad_input(format!("seed {seed}: {message}")))
        }
        Some((GenerateTrouble::Internal(message), seed)) => {
            eprint_line(&format!(
                "internal error: seed {seed}: generation failed its check: {message}"
            ));
            Ok(Exit::Internal)
        }
    }
}
