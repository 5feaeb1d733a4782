//! `fzn-dancing-links`: the FlatZinc solver binary MiniZinc runs.

use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;

use cover_model::Branching;
use flatzinc::run::{run, Options, RunError, ERROR};
use flatzinc::translate::{model_place, translate_text, FznError};

/// Solves a FlatZinc model with the dancing-links constraint solver and
/// prints its solutions as MiniZinc expects (`----------` after each,
/// `==========` when the search is complete, `=====UNSATISFIABLE=====`,
/// `=====UNKNOWN=====`). Usually run by MiniZinc:
/// `minizinc --solver dancing-links -a model.mzn` (see docs/minizinc.md).
#[derive(Parser, Debug)]
#[command(name = "fzn-dancing-links", version)]
struct Args {
    /// All solutions (satisfaction); every improving solution (optimisation).
    #[arg(short = 'a')]
    all: bool,
    /// Stop after N solutions.
    #[arg(short = 'n', value_name = "N")]
    solutions: Option<u64>,
    /// Print statistics (`%%%mzn-stat: name=value` lines).
    #[arg(short = 's')]
    statistics: bool,
    /// Time limit in milliseconds; when it passes, the search stops and says
    /// so (`=====UNKNOWN=====` when nothing was found).
    #[arg(short = 't', value_name = "MS")]
    time_limit: Option<u64>,
    /// Free search: search annotations are ignored in any case (the engine
    /// branches on the smallest domain), so this changes nothing.
    #[arg(short = 'f')]
    free: bool,
    /// Threads: with -a or -n on a satisfaction model the search is split
    /// into disjoint parts enumerated in parallel (solutions then print in
    /// no fixed order).
    #[arg(short = 'p', value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Seed for random tie-breaking in the search.
    #[arg(short = 'r', value_name = "SEED")]
    seed: Option<u64>,
    /// How the propagation engine picks its branching variable: auto is
    /// dom/wdeg when the model optimises and the smallest domain otherwise.
    #[arg(long, value_enum, default_value_t = BranchingArg::Auto)]
    branching: BranchingArg,
    /// The FlatZinc file (`-` for standard input).
    file: PathBuf,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum BranchingArg {
    /// dom/wdeg when optimising, the smallest domain otherwise.
    Auto,
    /// The smallest domain first.
    SmallestDomain,
    /// dom/wdeg (Boussemart et al.).
    DomWdeg,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match solve(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("fzn-dancing-links: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The error with its place: the MiniZinc model's line when the FlatZinc
/// item names it (`--keep-paths`), else the FlatZinc file's, with a hint
/// when that file is MiniZinc's temporary one.
fn located(file: &Path, text: &str, e: &FznError) -> anyhow::Error {
    let fzn = file.display();
    if let Some(place) = model_place(text, e.pos().line) {
        let message = e.to_string();
        let what = message
            .strip_prefix(&format!("{}: ", e.pos()))
            .unwrap_or(&message);
        return anyhow::anyhow!("{place}: {what} (FlatZinc {fzn}: {})", e.pos());
    }
    let temporary = file
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("mznfile"));
    if temporary {
        anyhow::anyhow!(
            "{fzn}: {e}\n(this is the FlatZinc that MiniZinc made of your model; \
             run minizinc with --keep-paths to have errors name the model's line)"
        )
    } else {
        anyhow::anyhow!("{fzn}: {e}")
    }
}

/// Reads, solves and prints; the exit status: 0, or 70 when a solution
/// failed the model's independent check.
fn solve(args: &Args) -> anyhow::Result<ExitCode> {
    let text = if args.file.as_os_str() == "-" {
        let mut text = String::new();
        io::stdin().read_to_string(&mut text)?;
        text
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", args.file.display()))?
    };
    let translation = translate_text(&text).map_err(|e| located(&args.file, &text, &e))?;
    let _ = args.free;
    let options = Options {
        all: args.all,
        solutions: args.solutions,
        statistics: args.statistics,
        time_limit: args.time_limit.map(Duration::from_millis),
        threads: args.threads.max(1),
        seed: args.seed,
        branching: match args.branching {
            BranchingArg::Auto => None,
            BranchingArg::SmallestDomain => Some(Branching::SmallestDomain),
            BranchingArg::DomWdeg => Some(Branching::DomWdeg),
        },
    };
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    match run(&translation, &options, stop, &mut out) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(RunError::Faulty(fault)) => {
            // MiniZinc's protocol for a failed solver; the solution that
            // failed the check was not printed.
            writeln!(out, "{ERROR}")?;
            out.flush()?;
            eprintln!("fzn-dancing-links: {fault}");
            Ok(ExitCode::from(70))
        }
        Err(e) => Err(e.into()),
    }
}
