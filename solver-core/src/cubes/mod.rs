//! Cube and conquer: a search split into parts ("cubes") that can be counted
//! anywhere, by any scheduler, and added up.
//!
//! A cube is a path from the root of the search tree: the options chosen on
//! the way down. The cubes of a [`split`] are the leaves of a subtree of the
//! search tree, so their subtrees are disjoint and together hold every
//! solution; the counts of the cubes add up to the count of the problem.
//!
//! - [`split`] makes the cubes, balanced by Knuth's random-probe estimate of
//!   each subtree's size (the largest is split first); [`split_tree`] is the
//!   same splitter over any engine's search tree
//!   ([`SearchTree`](crate::parallel::SearchTree)), [`split`] runs it on
//!   Dancing Links ([`CoverTree`]).
//! - [`count`] counts one cube (on every thread of the rayon pool).
//! - [`CubeRecord`] and [`ResultRecord`] are the JSON Lines records that
//!   travel between machines; [`Fingerprint`] ties them to one problem.
//! - [`Merge`] adds up the results, and refuses ([`Refusal`]) a missing cube,
//!   a duplicate, an incomplete one or one counted for another problem,
//!   naming them; [`Merge::to_do`] lists the cubes still to count.
//! - [`read_split`], [`count_file`] and [`merge_results`] read, count and
//!   add up whole files of records, naming every bad line.
//!
//! ```
//! use solver_core::{cubes, knuth, problems, Counter, Limits};
//!
//! let matrix = knuth::parse(&problems::langford(7))?;
//! let problem = cubes::Fingerprint::of_matrix(&matrix, &[]);
//! let split = cubes::split(&matrix, &[], &cubes::SplitOptions::default())?;
//! let records = cubes::records(&matrix, problem, &split);
//!
//! // Anywhere, in any order:
//! let mut merge = cubes::Merge::for_cubes(&records);
//! for record in &records {
//!     merge.add(cubes::count_record(&matrix, &[], problem, record, Counter::Cells, &Limits::none()));
//! }
//! // 26 Langford pairings of 7, 52 with their mirror images.
//! assert_eq!(merge.finish()?.count, 52);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cover_tree;
mod files;
mod fingerprint;
mod merge;
mod record;
mod split;

use std::time::Instant;

pub use cover_tree::CoverTree;
pub use files::{count_file, merge_results, open, read_split, Counter, FileError, Tally};
pub use fingerprint::{Fingerprint, FingerprintError, Fnv128};
pub use merge::{
    ranges, runs_text, sensible_of, Merge, Merged, Refusal, Seconds, Total, MAX_CUBES,
};
pub use record::{decimal, parse_line, read_lines, Choice, CubeRecord, LineError, ResultRecord};
pub use split::{split, split_tree, Cube, Split, SplitOptions, SplitValueError};

use crate::error::ForceError;
use crate::ids::OptionId;
use crate::limits::{Count, Incomplete, Limits};
use crate::matrix::Matrix;

/// The limits of each cube of a split or a count: `max_nodes`, and
/// `timeout` from the cube's start (each call starts the clock).
pub fn limits_per_cube(
    max_nodes: Option<u64>,
    timeout: Option<std::time::Duration>,
) -> impl Fn() -> Limits {
    move || Limits {
        max_nodes,
        deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
        ..Limits::none()
    }
}

/// The notes of a split written by `command` (`dlx`, `sudoku`): how many
/// cubes, their estimates (total, largest, median), the time and the nodes
/// it took; and, when a limit stopped it, that the cubes still cover the
/// whole search.
pub fn split_notes(
    command: &str,
    records: &[CubeRecord],
    nodes: Option<u64>,
    seconds: f64,
    incomplete: Option<Incomplete>,
) -> Vec<String> {
    let mut estimates: Vec<f64> = records.iter().map(|r| r.estimate).collect();
    estimates.sort_by(f64::total_cmp);
    let median = estimates.get(estimates.len() / 2).copied().unwrap_or(0.0);
    let largest = estimates.last().copied().unwrap_or(0.0);
    let total: f64 = estimates.iter().sum();
    let nodes = nodes.map_or(String::new(), |n| format!(", {n} nodes"));
    let mut notes = vec![format!(
        "{command} split: {} cubes; estimated nodes: total {total:.3e}, largest {largest:.3e}, \
         median {median:.3e}; split in {seconds:.3} s{nodes}",
        records.len(),
    )];
    if let Some(why) = incomplete {
        notes.push(format!(
            "{command} split: incomplete: {why}; the {} cubes written still cover the whole \
             search (their counts add up to the count), but are fewer or larger than asked",
            records.len()
        ));
    }
    notes
}

/// The records of a split, numbered from 0 in the split's order (largest
/// estimate first), options named in Knuth's notation.
pub fn records(matrix: &Matrix, problem: Fingerprint, split: &Split) -> Vec<CubeRecord> {
    records_named(problem, split, |o| matrix.option_text(o))
}

/// The records of a split, numbered from 0 in the split's order (largest
/// estimate first), each option named by `name` (for a problem that has
/// names of its own, such as `r1c1=5` for a Sudoku cell).
pub fn records_named(
    problem: Fingerprint,
    split: &Split,
    mut name: impl FnMut(OptionId) -> String,
) -> Vec<CubeRecord> {
    records_of(problem, &split.cubes, |&o| Choice {
        option: o.index(),
        name: name(o),
    })
}

/// The records of `cubes` of any engine, numbered from 0 in their order,
/// each choice of a path written by `choice` (its number and its name).
pub fn records_of<C>(
    problem: Fingerprint,
    cubes: &[Cube<C>],
    mut choice: impl FnMut(&C) -> Choice,
) -> Vec<CubeRecord> {
    let of = cubes.len() as u64;
    cubes
        .iter()
        .enumerate()
        .map(|(k, cube)| CubeRecord {
            cube: k as u64,
            of,
            problem,
            path: cube.path.iter().map(&mut choice).collect(),
            estimate: cube.estimate,
        })
        .collect()
}

/// Counts the solutions that contain the `forced` options and the cube's
/// `path`, on every thread of the current rayon pool, by `counter` (the
/// caller's plan of a plain count of `matrix`).
pub fn count(
    matrix: &Matrix,
    forced: &[OptionId],
    path: &[OptionId],
    counter: crate::Counter,
    limits: &Limits,
) -> Result<Count, ForceError> {
    let all: Vec<OptionId> = forced.iter().chain(path).copied().collect();
    matrix.par_count_with(counter, &all, limits)
}

/// Why a cube record cannot be counted against a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CubeError {
    /// The cube belongs to another problem.
    #[error("cube {cube} is for problem {found}, not for this problem ({expected})")]
    WrongProblem {
        /// The cube.
        cube: u64,
        /// Its fingerprint.
        found: Fingerprint,
        /// The problem's.
        expected: Fingerprint,
    },
    /// A choice names an option that is not there, or under another name.
    #[error("cube {cube}: choice {position} is option {option} `{name}`, but {actual}")]
    BadChoice {
        /// The cube.
        cube: u64,
        /// Where on the path (from 1).
        position: usize,
        /// The option number given.
        option: usize,
        /// The name given.
        name: String,
        /// What the problem has instead.
        actual: String,
    },
    /// The options of the path clash.
    #[error("cube {cube}: the options of its path clash ({source})")]
    Clash {
        /// The cube.
        cube: u64,
        /// The error from forcing the options.
        source: ForceError,
    },
}

/// The options of a cube's path, checked against the problem: the
/// fingerprint, and each choice's number and name.
pub fn resolve(
    matrix: &Matrix,
    problem: Fingerprint,
    record: &CubeRecord,
) -> Result<Vec<OptionId>, CubeError> {
    if record.problem != problem {
        return Err(CubeError::WrongProblem {
            cube: record.cube,
            found: record.problem,
            expected: problem,
        });
    }
    record
        .path
        .iter()
        .enumerate()
        .map(|(k, choice)| {
            let bad = |actual: String| CubeError::BadChoice {
                cube: record.cube,
                position: k + 1,
                option: choice.option,
                name: choice.name.clone(),
                actual,
            };
            if choice.option >= matrix.option_count() {
                return Err(bad(format!(
                    "the problem has only {} options",
                    matrix.option_count()
                )));
            }
            let o = OptionId::new(choice.option);
            let text = matrix.option_text(o);
            if text != choice.name {
                return Err(bad(format!("option {} is `{text}`", choice.option)));
            }
            Ok(o)
        })
        .collect()
}

/// Counts one cube and makes its result record; a cube that cannot be
/// counted gets a record that says why (`complete: false`), never a count.
pub fn count_record(
    matrix: &Matrix,
    forced: &[OptionId],
    problem: Fingerprint,
    record: &CubeRecord,
    counter: crate::Counter,
    limits: &Limits,
) -> ResultRecord {
    let started = Instant::now();
    let counted = resolve(matrix, problem, record).and_then(|path| {
        count(matrix, forced, &path, counter, limits).map_err(|source| CubeError::Clash {
            cube: record.cube,
            source,
        })
    });
    result_record(record, problem, counted, started)
}

/// The result record of a cube, from its count or the error that stopped it.
pub fn result_record<E: std::fmt::Display>(
    record: &CubeRecord,
    problem: Fingerprint,
    counted: Result<Count, E>,
    started: Instant,
) -> ResultRecord {
    let seconds = started.elapsed().as_secs_f64();
    match counted {
        Ok(count) => ResultRecord {
            cube: record.cube,
            of: record.of,
            problem,
            count: count.solutions,
            complete: count.is_complete(),
            incomplete: count.outcome.incomplete.map(incomplete_name),
            error: None,
            nodes: count.outcome.stats.nodes,
            seconds,
        },
        Err(e) => ResultRecord {
            cube: record.cube,
            of: record.of,
            problem: record.problem,
            count: 0,
            complete: false,
            incomplete: Some("error".to_string()),
            error: Some(e.to_string()),
            nodes: 0,
            seconds,
        },
    }
}

/// The short name of a reason (as in JSON: `node-limit`, `deadline` ...).
pub fn incomplete_name(why: Incomplete) -> String {
    match why {
        Incomplete::SolutionLimit => "solution-limit",
        Incomplete::NodeLimit => "node-limit",
        Incomplete::Deadline => "deadline",
        Incomplete::Cancelled => "cancelled",
        Incomplete::Stopped => "stopped",
        Incomplete::MemoryLimit => "memory-limit",
    }
    .to_string()
}

#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_notes_say_the_estimates_and_an_early_stop() {
        let record = |cube, estimate| CubeRecord {
            cube,
            of: 3,
            problem: Fingerprint(1),
            path: Vec::new(),
            estimate,
        };
        let records = [record(0, 40.0), record(1, 10.0), record(2, 20.0)];
        let notes = split_notes("dlx", &records, Some(7), 0.25, None);
        assert_eq!(
            notes,
            [
                "dlx split: 3 cubes; estimated nodes: total 7.000e1, largest 4.000e1, median \
              2.000e1; split in 0.250 s, 7 nodes"
            ]
        );
        let notes = split_notes("sudoku", &records, None, 0.0, Some(Incomplete::Deadline));
        assert_eq!(notes.len(), 2);
        assert!(notes[1].starts_with("sudoku split: incomplete: time limit reached; the 3 cubes"));
    }

    #[test]
    fn each_cube_gets_its_own_deadline() {
        let limits = limits_per_cube(Some(5), Some(std::time::Duration::from_secs(60)));
        let (a, b) = (limits(), limits());
        assert_eq!(a.max_nodes, Some(5));
        assert!(a.deadline.unwrap() <= b.deadline.unwrap());
        assert!(limits_per_cube(None, None)().deadline.is_none());
    }
}
