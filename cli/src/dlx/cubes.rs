//! `dlx split` and `dlx count --cubes`: the cubes of an exact-cover problem
//! in Knuth's format, or of a JSON model (its variables' values), over the
//! shared cube commands of [`crate::cubes`].

use std::path::{Path, PathBuf};
use std::time::Instant;

use solver_core::cubes::{self, Fingerprint};
use solver_core::knuth;

use super::SearchArgs;
use crate::cubes::{count_cubes, write_split, SplitArgs};
use crate::exit::{Exit, Failure};
use solver_core::cubes::limits_per_cube;

/// The arguments of `dlx split`.
#[derive(Debug, clap::Args)]
pub struct DlxSplitArgs {
    /// The problem, in Knuth's format or a JSON model (`-` or nothing:
    /// standard input). A JSON model is split by its variables' values into
    /// at least --cubes cubes (fewer when it has fewer partial assignments);
    /// the estimate, balance and limit options apply to Knuth's format only
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// How to split.
    #[command(flatten)]
    pub split: SplitArgs,
}

/// `dlx split`.
pub fn split(args: &DlxSplitArgs) -> Result<Exit, Failure> {
    let started = Instant::now();
    crate::cubes::stop_split_at_ctrl_c();
    let input = crate::read_input(args.file.as_deref())?;
    if super::model::is_json_model(&input.bytes) {
        // A JSON model: at least --cubes partial assignments (64 by
        // default), by the model's own split.
        let (compiled, problem) = super::model::compile_for_cubes(&input)?;
        let n = args.split.options().cubes.unwrap_or(64);
        let records = cover_model::cube_records::split(&compiled, problem, n);
        return write_split("dlx", &records, None, None, started);
    }
    let matrix = knuth::parse_bytes(&input.bytes)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", input.name)))?;
    drop(input);
    let problem = Fingerprint::of_matrix(&matrix, &[]);
    let split = cubes::split(&matrix, &[], &args.split.options()).expect("nothing is forced");
    let records = cubes::records(&matrix, problem, &split);
    write_split(
        "dlx",
        &records,
        Some(split.nodes),
        split.incomplete,
        started,
    )
}

/// `dlx count --cubes CUBES FILE`: `--max-nodes` and `--timeout` are
/// per cube.
pub fn count(search: &SearchArgs, cubes: &Path) -> Result<Exit, Failure> {
    let file = search.file.as_deref();
    let limits = limits_per_cube(search.max_nodes, search.timeout);
    crate::cubes::not_both_stdin(file, cubes, "problem")?;
    let input = crate::read_input(file)?;
    if super::model::is_json_model(&input.bytes) {
        let (compiled, problem) = super::model::compile_for_cubes(&input)?;
        search.threads.init();
        let about = format!("the model of {}", input.name);
        let mut solver = compiled.solver();
        return count_cubes(cubes, problem, &about, limits, |record, limits| {
            cover_model::cube_records::count(&compiled, &mut solver, problem, record, limits)
        });
    }
    let matrix = knuth::parse_bytes(&input.bytes)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", input.name)))?;
    let about = format!("the problem of {}", input.name);
    drop(input);
    search.threads.init();
    let problem = Fingerprint::of_matrix(&matrix, &[]);
    // Each cube is a plain count of the matrix with its path forced: the
    // plan's counter of one (Dancing Cells where they fit).
    let plain = cover_model::plan::matrix::Task {
        job: cover_model::plan::Job::Count,
        limit: false,
        seed: false,
        progress: false,
        threads: 1,
    };
    let counter = cover_model::plan::matrix::planned(&matrix, plain, cover_model::plan::Asked::Dlx)
        .map_or(solver_core::Counter::Links, |planned| planned.counter);
    count_cubes(cubes, problem, &about, limits, |record, limits| {
        cubes::count_record(&matrix, &[], problem, record, counter, limits)
    })
}
