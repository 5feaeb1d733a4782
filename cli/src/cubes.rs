//! Cube and conquer on the command line, shared by `dlx` and `sudoku`:
//! `split` writes cubes, `count --cubes` counts them, `merge` adds up the
//! results (or, with `--resume`, lists the cubes still to count).
//!
//! The cube machinery itself is in [`solver_core::cubes`] (and
//! [`::sudoku_solve::cubes`] for grids); this module reads and writes the JSON Lines
//! records, with errors that say where.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use solver_core::cubes::{
    self, count_file, merge_results, read_split, split_notes, Counter, CubeRecord, FileError,
    Fingerprint, Merge, ResultRecord, SplitOptions,
};
use solver_core::{Incomplete, Limits};

use crate::exit::{Exit, Failure};
use crate::output::{eprint_line, Format, Output};

/// Help for `split`.
pub const SPLIT_ABOUT: &str = include_str!("../help/split.txt");

/// Help for `merge`.
pub const MERGE_ABOUT: &str = include_str!("../help/merge.txt");

/// Help for `count --cubes`.
pub const CUBES_HELP: &str = include_str!("../help/count-cubes.txt");

/// The options of `split`.
#[derive(Clone, Debug, clap::Args)]
pub struct SplitArgs {
    /// Make at least N cubes [default: 64, unless --max-estimate is given]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub cubes: Option<u64>,

    /// Split until no cube is estimated above NODES search-tree nodes (a
    /// finite number, at least 1)
    #[arg(long, value_name = "NODES", value_parser = SplitOptions::parse_max_estimate)]
    pub max_estimate: Option<f64>,

    /// Keep splitting the largest cube while it is estimated at more than
    /// R times the median (0: off; up to four times --cubes cubes; a finite
    /// number from 0 to 1e9)
    #[arg(long, value_name = "R", default_value_t = 2.0, value_parser = SplitOptions::parse_balance)]
    pub balance: f64,

    /// Random probes per cube for the estimate
    #[arg(long, value_name = "P", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub probes: u32,

    /// Seed of the random probes (the same seed gives the same cubes)
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Stop splitting after SECONDS, e.g. 0.5: the cubes made so far are
    /// written, and still cover the whole search (exit status 3)
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::parse_seconds)]
    pub timeout: Option<Duration>,

    /// Stop splitting after N search-tree nodes (expansions and probes): the
    /// cubes made so far are written, and still cover the whole search (exit
    /// status 3)
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

impl SplitArgs {
    /// The library's split options.
    pub fn options(&self) -> SplitOptions {
        SplitOptions::asked(
            self.cubes,
            self.max_estimate,
            self.balance,
            self.probes,
            self.seed,
            self.max_nodes,
            self.timeout,
        )
    }
}

/// The options of `merge`.
#[derive(Clone, Debug, clap::Args)]
pub struct MergeArgs {
    /// Result files written by `count --cubes` (`-` or none: standard input)
    #[arg(value_name = "RESULTS")]
    pub files: Vec<PathBuf>,

    /// The cubes written by `split`: every one of them is expected
    #[arg(long, value_name = "FILE")]
    pub cubes: Option<PathBuf>,

    /// Print the cubes still to count instead of the total
    #[arg(long, requires = "cubes")]
    pub resume: bool,

    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,
}

/// Held while a split writes its cubes: Ctrl-C waits for it.
static WRITING: Mutex<bool> = Mutex::new(false);

/// Ctrl-C during a split ends the command at once with status 130 (a split
/// writes its cubes only at the end, so there is nothing to keep); during
/// the writing of the cubes it waits for their end, so that every record is
/// whole.
fn stop_split_at_ctrl_c() {
    // Fails only if a handler is already set (not in a split).
    let _ = ctrlc::set_handler(|| {
        let written = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        let what = match *written {
            true => "after writing the cubes",
            false => "the split was stopped, no cubes written",
        };
        let _ = writeln!(io::stderr(), "interrupted by Ctrl-C: {what}");
        std::process::exit(130);
    });
}

/// A problem the cube commands split and count (an exact-cover matrix, a
/// JSON model, a Sudoku puzzle under its rules): the one driver of
/// `split` and `count --cubes` ([`run_split`], [`run_count`]) asks it for
/// its cubes and to count one.
pub trait CubeProblem {
    /// The fingerprint its cubes carry.
    fn fingerprint(&self) -> Fingerprint;

    /// The problem in words, for messages (`the problem of FILE`).
    fn about(&self) -> String;

    /// Its cubes, as `options` ask.
    fn split(&self, options: &SplitOptions) -> Made;

    /// What counts one cube under the limits given, as a result record
    /// (made once, then called for every cube: it may keep its engine).
    fn counter(&self) -> CountCube<'_>;
}

/// What counts one cube under the limits given, as a result record.
pub type CountCube<'a> = Box<dyn FnMut(&CubeRecord, &Limits) -> ResultRecord + 'a>;

/// The cubes a split made: the records, the search-tree nodes it took
/// (when the problem counts them) and why a limit stopped it early.
#[derive(Debug)]
pub struct Made {
    /// The cube records, numbered from 0.
    pub records: Vec<CubeRecord>,
    /// Nodes of the split, for the summary.
    pub nodes: Option<u64>,
    /// Why the split stopped early (the cubes still cover the search).
    pub incomplete: Option<Incomplete>,
}

/// `split`: reads the problem (`read`), splits it as `args` ask and writes
/// the cubes (`write_split`); Ctrl-C meanwhile ends with 130.
pub fn run_split<P: CubeProblem>(
    command: &str,
    args: &SplitArgs,
    read: impl FnOnce() -> Result<P, Failure>,
) -> Result<Exit, Failure> {
    let started = Instant::now();
    stop_split_at_ctrl_c();
    let problem = read()?;
    let made = problem.split(&args.options());
    write_split(command, &made.records, made.nodes, made.incomplete, started)
}

/// `count --cubes CUBES FILE`: the problem of `file` (called `what` in
/// messages, read by `read`) and its cubes, counted one after another
/// (`count_cubes`), `--max-nodes` and `--timeout` per cube.
pub fn run_count<P: CubeProblem>(
    file: Option<&Path>,
    cubes: &Path,
    what: &str,
    per_cube: (Option<u64>, Option<Duration>),
    read: impl FnOnce() -> Result<P, Failure>,
) -> Result<Exit, Failure> {
    not_both_stdin(file, cubes, what)?;
    let problem = read()?;
    let limits = cubes::limits_per_cube(per_cube.0, per_cube.1);
    let count = problem.counter();
    count_cubes(
        cubes,
        problem.fingerprint(),
        &problem.about(),
        limits,
        count,
    )
}

/// Writes the cubes of a split as JSON Lines and a summary on stderr; a
/// split stopped by a limit (`incomplete`) says so, with status 3.
fn write_split(
    command: &str,
    records: &[CubeRecord],
    nodes: Option<u64>,
    incomplete: Option<Incomplete>,
    started: Instant,
) -> Result<Exit, Failure> {
    let mut written = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
    let mut out = Output::stdout();
    for record in records {
        if out.json_line(record).is_err() {
            break;
        }
    }
    out.finish()?;
    *written = true;
    drop(written);
    let seconds = started.elapsed().as_secs_f64();
    for note in split_notes(command, records, nodes, seconds, incomplete) {
        eprint_line(&note);
    }
    Ok(match incomplete {
        None => Exit::Success,
        Some(_) => Exit::Incomplete,
    })
}

/// A cube file that cannot be used: an I/O error (status 4) or a bad line
/// (status 2).
fn file_failure(e: FileError) -> Failure {
    match e {
        FileError::Read { .. } => Failure::io(e.to_string()),
        FileError::Bad(message) => Failure::bad_input(message),
    }
}

/// Reads every cube record of a split, checked as a split writes them; the
/// first bad line is an error (status 2).
fn read_cubes(path: &Path) -> Result<Vec<CubeRecord>, Failure> {
    let (name, reader) = cubes::open(path).map_err(file_failure)?;
    read_split(&name, reader).map_err(file_failure)
}

/// Refuses `count --cubes` with both the problem (`what`) and the cubes on
/// standard input.
fn not_both_stdin(problem: Option<&Path>, cubes: &Path, what: &str) -> Result<(), Failure> {
    let stdin = |p: Option<&Path>| p.is_none_or(|p| p.as_os_str() == "-");
    match stdin(problem) && stdin(Some(cubes)) {
        true => Err(Failure::bad_input(format!(
            "the {what} and the cubes cannot both come from standard input: name the {what} file"
        ))),
        false => Ok(()),
    }
}

/// Counts the cubes of `source` one after another with `count`, writing a
/// result record for each as soon as it is done (see
/// [`solver_core::cubes::count_file`]). `limits` makes each cube's limits.
fn count_cubes(
    source: &Path,
    expected: Fingerprint,
    about: &str,
    limits: impl Fn() -> Limits,
    count: impl FnMut(&CubeRecord, &Limits) -> ResultRecord,
) -> Result<Exit, Failure> {
    let (name, reader) = cubes::open(source).map_err(file_failure)?;
    // Ctrl-C stops the cube being counted (its record says "cancelled")
    // and the command ends with 130 (`crate::exit::finish`).
    let cancel = crate::exit::cancel_flag();
    let mut out = Output::stdout();
    let counter = Counter {
        expected,
        about,
        limits,
        cancel: &cancel,
        count,
    };
    let tally = count_file(&name, reader, counter, |result| match result {
        Ok(result) => out.json_line(result).and_then(|()| out.flush()).is_ok(),
        Err(e) => {
            eprint_line(&format!("error: {e}"));
            true
        }
    })
    .map_err(file_failure)?;
    out.finish()?;
    if let Some(note) = tally.left_note() {
        eprint_line(&note);
    }
    Ok(if tally.bad > 0 {
        Exit::BadInput
    } else if tally.incomplete > 0 || tally.left > 0 {
        Exit::Incomplete
    } else {
        Exit::Success
    })
}

/// `merge`: adds up the results, or lists the cubes still to count.
pub fn run_merge(args: &MergeArgs) -> Result<Exit, Failure> {
    let cubes: Option<Vec<CubeRecord>> = args.cubes.as_deref().map(read_cubes).transpose()?;
    let mut merge = cubes.as_deref().map_or_else(Merge::new, Merge::for_cubes);
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let mut bad = Vec::new();
    for file in files {
        let (name, reader) = cubes::open(file).map_err(file_failure)?;
        bad.extend(merge_results(&mut merge, &name, reader).map_err(file_failure)?);
    }
    if !bad.is_empty() {
        for e in &bad[..bad.len() - 1] {
            eprint_line(&format!("error: {e}"));
        }
        return Err(Failure::bad_input(format!(
            "{} (cannot merge: {} result line(s) unreadable)",
            bad[bad.len() - 1],
            bad.len()
        )));
    }
    if args.resume {
        let cubes = cubes.unwrap_or_default();
        let (left, note) = merge.resume(&cubes);
        let mut out = Output::stdout();
        for cube in left {
            if out.json_line(cube).is_err() {
                break;
            }
        }
        out.finish()?;
        eprint_line(&note);
        return Ok(Exit::Success);
    }
    match merge.finish() {
        Ok(m) => {
            let mut out = Output::stdout();
            let _ = match args.format {
                Format::Text => writeln!(out, "{}", m.count),
                Format::Json => out.json_line(&m.total()),
            };
            out.finish()?;
            Ok(Exit::Success)
        }
        Err(refusal) => {
            let status = if refusal.is_bad_input() {
                Exit::BadInput
            } else {
                Exit::Incomplete
            };
            Err(Failure::new(status, format!("cannot merge: {refusal}")))
        }
    }
}
