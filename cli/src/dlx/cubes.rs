//! `dlx split` and `dlx count --cubes`: the cubes of an exact-cover problem
//! in Knuth's format, over the shared cube commands of [`crate::cubes`].

use std::path::{Path, PathBuf};
use std::time::Instant;

use solver_core::cubes::{self, Fingerprint};
use solver_core::{knuth, Matrix};

use super::SearchArgs;
use crate::cubes::{count_cubes, per_cube, write_split, SplitArgs};
use crate::exit::{Exit, Failure};

/// The arguments of `dlx split`.
#[derive(Debug, clap::Args)]
pub struct DlxSplitArgs {
    /// The problem, in Knuth's format (`-` or nothing: standard input)
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// How to split.
    #[command(flatten)]
    pub split: SplitArgs,
}

fn read_matrix(file: Option<&Path>) -> Result<Matrix, Failure> {
    let input = crate::read_input(file)?;
    knuth::parse_bytes(&input.bytes).map_err(|e| Failure::bad_input(format!("{}: {e}", input.name)))
}

/// `dlx split`.
pub fn split(args: &DlxSplitArgs) -> Result<Exit, Failure> {
    let started = Instant::now();
    crate::cubes::stop_split_at_ctrl_c();
    let matrix = read_matrix(args.file.as_deref())?;
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
    let limits = per_cube(search.max_nodes, search.timeout);
    let stdin = |p: Option<&Path>| p.is_none_or(|p| p.as_os_str() == "-");
    if stdin(file) && stdin(Some(cubes)) {
        return Err(Failure::bad_input(
            "the problem and the cubes cannot both come from standard input: name the problem file",
        ));
    }
    let matrix = read_matrix(file)?;
    search.threads.init();
    let problem = Fingerprint::of_matrix(&matrix, &[]);
    let about = format!(
        "the problem of {}",
        file.map_or("<stdin>".into(), |f| f.display().to_string())
    );
    count_cubes(cubes, problem, &about, limits, |record, limits| {
        cubes::count_record(&matrix, &[], problem, record, limits)
    })
}
