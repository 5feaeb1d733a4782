//! `dlx split` and `dlx count --cubes`: the cubes of an exact-cover problem
//! in Knuth's format, or of a JSON model (its variables' values), over the
//! shared cube commands of [`crate::cubes`].

use std::path::{Path, PathBuf};

use cover_model::{cube_records, plan, Compiled};
use solver_core::cubes::{self, Fingerprint, SplitOptions};
use solver_core::{knuth, Counter, Matrix};

use super::SearchArgs;
use crate::cubes::{run_count, run_split, CountCube, CubeProblem, Made, SplitArgs};
use crate::exit::{Exit, Failure};

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

/// The problem of `dlx split` and `dlx count --cubes`: a matrix in Knuth's
/// format (split by [`solver_core::cubes::split`]), or a JSON model (split
/// by its variables' values, [`cover_model::cube_records`]).
enum DlxProblem {
    Matrix {
        matrix: Matrix,
        name: String,
        problem: Fingerprint,
    },
    Model {
        compiled: Box<Compiled>,
        name: String,
        problem: Fingerprint,
    },
}

impl DlxProblem {
    /// The problem of `file` (`-` or none: standard input).
    fn read(file: Option<&Path>) -> Result<DlxProblem, Failure> {
        let input = crate::read_input(file)?;
        if super::model::is_json_model(&input.bytes) {
            let (compiled, problem) = super::model::compile_for_cubes(&input)?;
            return Ok(DlxProblem::Model {
                compiled: Box::new(compiled),
                name: input.name,
                problem,
            });
        }
        let matrix = knuth::parse_bytes(&input.bytes)
            .map_err(|e| Failure::bad_input(format!("{}: {e}", input.name)))?;
        let problem = Fingerprint::of_matrix(&matrix, &[]);
        Ok(DlxProblem::Matrix {
            matrix,
            name: input.name,
            problem,
        })
    }
}

impl CubeProblem for DlxProblem {
    fn fingerprint(&self) -> Fingerprint {
        match self {
            DlxProblem::Matrix { problem, .. } | DlxProblem::Model { problem, .. } => *problem,
        }
    }

    fn about(&self) -> String {
        match self {
            DlxProblem::Matrix { name, .. } => format!("the problem of {name}"),
            DlxProblem::Model { name, .. } => format!("the model of {name}"),
        }
    }

    fn split(&self, options: &SplitOptions) -> Made {
        match self {
            DlxProblem::Matrix {
                matrix, problem, ..
            } => {
                let split = cubes::split(matrix, &[], options).expect("nothing is forced");
                Made {
                    records: cubes::records(matrix, *problem, &split),
                    nodes: Some(split.nodes),
                    incomplete: split.incomplete,
                }
            }
            // At least --cubes partial assignments (64 by default), by the
            // model's own split.
            DlxProblem::Model {
                compiled, problem, ..
            } => Made {
                records: cube_records::split(compiled, *problem, options.cubes.unwrap_or(64)),
                nodes: None,
                incomplete: None,
            },
        }
    }

    fn counter(&self) -> CountCube<'_> {
        match self {
            DlxProblem::Matrix {
                matrix, problem, ..
            } => {
                // Each cube is a plain count of the matrix with its path
                // forced: the plan's counter of one (Dancing Cells where
                // they fit).
                let plain = plan::matrix::Task {
                    job: plan::Job::Count,
                    limit: false,
                    seed: false,
                    progress: false,
                    threads: 1,
                };
                let counter = plan::matrix::planned(matrix, plain, plan::Asked::Dlx)
                    .map_or(Counter::Links, |planned| planned.counter);
                Box::new(move |record, limits| {
                    cubes::count_record(matrix, &[], *problem, record, counter, limits)
                })
            }
            DlxProblem::Model {
                compiled, problem, ..
            } => {
                let mut solver = compiled.solver();
                Box::new(move |record, limits| {
                    cube_records::count(compiled, &mut solver, *problem, record, limits)
                })
            }
        }
    }
}

/// `dlx split`.
pub fn split(args: &DlxSplitArgs) -> Result<Exit, Failure> {
    run_split("dlx", &args.split, || {
        DlxProblem::read(args.file.as_deref())
    })
}

/// `dlx count --cubes CUBES FILE`: `--max-nodes` and `--timeout` are
/// per cube.
pub fn count(search: &SearchArgs, cubes: &Path) -> Result<Exit, Failure> {
    let file = search.file.as_deref();
    let per_cube = (search.max_nodes, search.timeout);
    run_count(file, cubes, "problem", per_cube, || {
        let problem = DlxProblem::read(file)?;
        search.threads.init();
        Ok(problem)
    })
}
