//! `sudoku bench`: throughput of solve-one and of the uniqueness check
//! (count up to 2) on puzzle files, on one thread and on `-j` threads.

use std::fs::File;
use std::io::{self, BufReader, Write as _};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;
use solver_core::{Limits, Stats};
use sudoku::{Grid, ReadOptions, Records, Shape, SudokuSolver, Variant, DEFAULT_MAX_PUZZLE_BYTES};

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

/// One line of the report.
#[derive(Debug, Serialize)]
struct Row {
    file: String,
    puzzles: usize,
    mode: &'static str,
    threads: usize,
    puzzles_per_second: f64,
    microseconds_per_puzzle: f64,
    nodes_per_puzzle: f64,
}

/// What each puzzle is asked.
#[derive(Clone, Copy)]
enum Task {
    SolveOne,
    Unique,
}

impl Task {
    fn name(self) -> &'static str {
        match self {
            Task::SolveOne => "solve",
            Task::Unique => "unique",
        }
    }

    fn run(self, solver: &mut SudokuSolver, grid: &Grid) -> Stats {
        match self {
            Task::SolveOne => solver.solve_one(grid, &Limits::none()).1,
            Task::Unique => solver.check_unique(grid, &Limits::none()).1,
        }
    }
}

fn load(path: &PathBuf, args: &BenchArgs, variant: &Variant) -> Result<Vec<Grid>, Failure> {
    let name = path.display();
    let file = File::open(path).map_err(|e| Failure::io(format!("cannot read {name}: {e}")))?;
    let regions_shape = variant.regions.as_ref().map(sudoku::Regions::shape);
    let options = ReadOptions {
        shape: args.box_shape.or(regions_shape),
        max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
        ..ReadOptions::default()
    };
    let mut grids = Vec::new();
    for record in Records::new(BufReader::new(file), options) {
        if args.max_puzzles.is_some_and(|max| grids.len() >= max) {
            break;
        }
        match record.result {
            Ok(puzzle) => grids.push(puzzle.grid),
            Err(e) => {
                return Err(Failure::new(Exit::BadInput, format!("{name}: {e}")));
            }
        }
    }
    if grids.is_empty() {
        return Err(Failure::new(
            Exit::BadInput,
            format!("{name}: no puzzle found"),
        ));
    }
    Ok(grids)
}

/// Time and nodes for every puzzle, on `threads` threads.
fn measure(
    grids: &[Grid],
    task: Task,
    threads: usize,
    engine: EngineArg,
    variant: &Variant,
) -> Result<(Duration, u64), Failure> {
    let solver = |shape: Shape| {
        if variant.is_classic() {
            return SudokuSolver::with_engine(shape, engine.into())
                .map_err(|e| Failure::new(Exit::BadInput, e.to_string()));
        }
        let rules = variant
            .rules(shape)
            .map_err(|e| Failure::new(Exit::BadInput, e.to_string()))?;
        SudokuSolver::with_rules(rules.into(), engine.into())
            .map_err(|e| Failure::new(Exit::BadInput, e.to_string()))
    };
    // Build the search structures before the clock starts.
    let mut first = solver(grids[0].shape())?;
    let started = Instant::now();
    let nodes = if threads == 1 {
        let mut nodes = 0;
        for g in grids {
            if g.shape() != first.shape() {
                first = solver(g.shape())?;
            }
            nodes += task.run(&mut first, g).nodes;
        }
        nodes
    } else {
        grids
            .par_iter()
            .map_init(
                || None::<SudokuSolver>,
                |cached, g| {
                    if cached.as_ref().is_none_or(|s| s.shape() != g.shape()) {
                        *cached = solver(g.shape()).ok();
                    }
                    cached.as_mut().map_or(0, |s| task.run(s, g).nodes)
                },
            )
            .sum()
    };
    Ok((started.elapsed(), nodes))
}

/// Runs the benchmark and prints its table.
pub(crate) fn run(args: &BenchArgs) -> Result<Exit, Failure> {
    let threads = args.threads.init();
    let mut out = io::stdout().lock();
    let text = args.format == Format::Text;
    if text {
        let _ = writeln!(
            out,
            "{:<34} {:>8} {:>7} {:>7} {:>12} {:>11} {:>11}",
            "file", "puzzles", "task", "threads", "puzzles/s", "us/puzzle", "nodes/puzzle"
        );
    }
    let variant = args.variant.load()?;
    for path in &args.files {
        let grids = load(path, args, &variant)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        for task in [Task::SolveOne, Task::Unique] {
            let mut thread_counts = vec![1];
            if threads > 1 {
                thread_counts.push(threads);
            }
            for &t in &thread_counts {
                let mut runs = Vec::new();
                for _ in 0..args.runs {
                    runs.push(measure(&grids, task, t, args.engine, &variant)?);
                }
                runs.sort_by_key(|(elapsed, _)| *elapsed);
                let (elapsed, nodes) = runs[runs.len() / 2];
                let n = grids.len() as f64;
                let secs = elapsed.as_secs_f64().max(1e-9);
                let row = Row {
                    file: name.clone(),
                    puzzles: grids.len(),
                    mode: task.name(),
                    threads: t,
                    puzzles_per_second: n / secs,
                    microseconds_per_puzzle: secs * 1e6 / n,
                    nodes_per_puzzle: nodes as f64 / n,
                };
                let written = if text {
                    writeln!(
                        out,
                        "{:<34} {:>8} {:>7} {:>7} {:>12.0} {:>11.1} {:>11.1}",
                        row.file,
                        row.puzzles,
                        row.mode,
                        row.threads,
                        row.puzzles_per_second,
                        row.microseconds_per_puzzle,
                        row.nodes_per_puzzle
                    )
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
