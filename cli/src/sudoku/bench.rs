//! `sudoku bench`: throughput of solve-one and of the uniqueness check
//! (count up to 2) on puzzle files, on one thread and on `-j` threads; the
//! measuring is [`sudoku_solve::bench`].

use std::fs::File;
use std::io::{self, BufReader, Write as _};
use std::path::PathBuf;

use sudoku::{Grid, Shape, Variant};
use sudoku_format::{ReadOptions, DEFAULT_MAX_PUZZLE_BYTES};
use sudoku_solve::bench::{self, BenchTask, Row};

use super::{parse_box, EngineArg};
use crate::exit::{Exit, Failure};
use crate::output::Format;
use crate::threads::ThreadsArg;

/// The arguments of `bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Files of puzzles (any input form that solve reads)
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Box shape, when it cannot be found from the cell count
    #[arg(long = "box", value_name = "SHAPE", value_parser = parse_box)]
    pub box_shape: Option<Shape>,

    /// Use at most the first N puzzles of each file
    #[arg(long, value_name = "N")]
    pub max_puzzles: Option<usize>,

    /// Repeat each measurement N times and report the median
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,

    /// The search engine
    #[arg(long, value_enum, default_value_t)]
    pub engine: EngineArg,

    /// Threads for the parallel rows (the single-threaded rows always run)
    #[command(flatten)]
    pub threads: ThreadsArg,

    /// The Sudoku variant (x, windoku, jigsaw, killer).
    #[command(flatten)]
    pub variant: super::variant::VariantArgs,

    /// Text table or JSON Lines (one object per row)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,
}

/// Reads the puzzles of one file (at most `--max-puzzles`).
fn load(path: &PathBuf, args: &BenchArgs, variant: &Variant) -> Result<Vec<Grid>, Failure> {
    let name = path.display();
    let file = File::open(path).map_err(|e| Failure::io(format!("cannot read {name}: {e}")))?;
    let regions_shape = variant.regions.as_ref().map(sudoku::Regions::shape);
    let options = ReadOptions {
        shape: args.box_shape.or(regions_shape),
        max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
        ..ReadOptions::default()
    };
    let grids = bench::load(BufReader::new(file), options, args.max_puzzles)
        .map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
    if grids.is_empty() {
        return Err(Failure::bad_input(format!("{name}: no puzzle found")));
    }
    Ok(grids)
}

/// Runs the benchmark and prints its table.
pub(crate) fn run(args: &BenchArgs) -> Result<Exit, Failure> {
    let threads = args.threads.init();
    let mut out = io::stdout().lock();
    let text = args.format == Format::Text;
    if text {
        let _ = writeln!(out, "{}", Row::header());
    }
    let variant = args.variant.load()?;
    for path in &args.files {
        let grids = load(path, args, &variant)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        for task in BenchTask::ALL {
            let mut thread_counts = vec![1];
            if threads > 1 {
                thread_counts.push(threads);
            }
            for &t in &thread_counts {
                let engine = args.engine.into();
                let row = bench::measure(&name, &grids, task, t, engine, &variant, args.runs)
                    .map_err(|e| Failure::bad_input(e.to_string()))?;
                let written = if text {
                    writeln!(out, "{}", row.text())
                } else {
                    serde_json::to_writer(&mut out, &row)
                        .map_err(io::Error::other)
                        .and_then(|()| writeln!(out))
                };
                if let Err(e) = written {
                    if e.kind() == io::ErrorKind::BrokenPipe {
                        return Ok(Exit::Success);
                    }
                    return Err(Failure::io(format!("cannot write output: {e}")));
                }
            }
        }
    }
    Ok(Exit::Success)
}
