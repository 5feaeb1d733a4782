//! The cube files as the commands use them: the cubes of a split read back
//! and checked, each cube of a file counted in turn, and the result files
//! added up. Every bad line is named (`<file>: line L, column C: ...`);
//! only a failure to read is an I/O error.

use std::collections::HashSet;
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, Ordering};

use super::record::{read_lines, CubeRecord, ResultRecord};
use super::{Fingerprint, Merge};
use crate::limits::Limits;

/// A file of cubes or results that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be read.
    #[error("cannot read {name}: {source}")]
    Read {
        /// The file's name.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// A line is not a record, or not one a split writes.
    #[error("{0}")]
    Bad(String),
}

/// Opens the file at `path` for reading, or standard input for `-`; returns
/// the name to use in messages (`<stdin>` for standard input) and a reader.
pub fn open(path: &std::path::Path) -> Result<(String, Box<dyn BufRead>), FileError> {
    if path.as_os_str() == "-" {
        return Ok(("<stdin>".to_string(), Box::new(io::stdin().lock())));
    }
    let name = path.display().to_string();
    match std::fs::File::open(path) {
        Ok(f) => Ok((name, Box::new(io::BufReader::new(f)))),
        Err(source) => Err(FileError::Read { name, source }),
    }
}

impl Tally {
    /// The note of a count stopped by its cancel flag: how many cubes were
    /// left, and how to list them; `None` when none was.
    pub fn left_note(&self) -> Option<String> {
        (self.left > 0).then(|| {
            format!(
                "interrupted: {} cube(s) left uncounted (`merge --resume` lists them)",
                self.left
            )
        })
    }
}

/// Reads records, calling `each` with each record and its line, or with the
/// located error of a line that is not one (not UTF-8, not JSON, not a
/// record); stops when `each` returns false. Blank lines are skipped.
fn read_named<T: serde::de::DeserializeOwned>(
    name: &str,
    reader: impl BufRead,
    mut each: impl FnMut(Result<(usize, T), String>) -> bool,
) -> Result<(), FileError> {
    read_lines::<T>(reader, |line, record| {
        each(
            record
                .map(|r| (line, r))
                .map_err(|e| format!("{name}: {e}")),
        )
    })
    .map_err(|source| FileError::Read {
        name: name.to_string(),
        source,
    })
}

/// Reads every cube record of the file `name`, checked as a split writes
/// them (one problem, one number of cubes, each cube once, numbered below
/// it); the first bad line is an error.
pub fn read_split(name: &str, reader: impl BufRead) -> Result<Vec<CubeRecord>, FileError> {
    let mut records: Vec<CubeRecord> = Vec::new();
    let mut seen = HashSet::new();
    let mut bad = None;
    read_named::<CubeRecord>(name, reader, |r| {
        let checked = r.and_then(|(line, r)| {
            let at = |e: String| format!("{name}: line {line}: {e}");
            r.check().map_err(at)?;
            if let Some(first) = records.first() {
                if (r.problem, r.of) != (first.problem, first.of) {
                    return Err(at(format!(
                        "cube {} is for problem {} split into {} cubes, but the first cube \
                         is for problem {} split into {}: one split per file",
                        r.cube, r.problem, r.of, first.problem, first.of
                    )));
                }
            }
            if !seen.insert(r.cube) {
                return Err(at(format!("cube {} appears twice", r.cube)));
            }
            Ok(r)
        });
        match checked {
            Ok(r) => records.push(r),
            Err(e) => bad = Some(e),
        }
        bad.is_none()
    })?;
    match bad {
        Some(e) => Err(FileError::Bad(e)),
        None => Ok(records),
    }
}

/// Adds the result records of the file `name` to `merge`; returns the
/// located errors of the lines that are not records (the others are added).
pub fn merge_results(
    merge: &mut Merge,
    name: &str,
    reader: impl BufRead,
) -> Result<Vec<String>, FileError> {
    let mut bad = Vec::new();
    read_named::<ResultRecord>(name, reader, |r| {
        match r {
            Ok((_, r)) => merge.add(r),
            Err(e) => bad.push(e),
        }
        true
    })?;
    Ok(bad)
}

/// What [`count_file`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Lines that are not cubes of this problem, or cubes that could not be
    /// counted.
    pub bad: usize,
    /// Cubes counted incompletely (stopped by a limit).
    pub incomplete: usize,
    /// Cubes left uncounted after `cancel` was raised.
    pub left: usize,
}

/// The cube counter of [`count_file`]: the problem's fingerprint, what it
/// is (for the messages), each cube's limits, and the count of one cube.
pub struct Counter<'a, L, C> {
    /// The fingerprint of the problem the cubes must have been split from.
    pub expected: Fingerprint,
    /// What the problem is, for the message that refuses another's cubes.
    pub about: &'a str,
    /// The limits of each cube (a timeout starts with its cube).
    pub limits: L,
    /// Raised (by Ctrl-C, say): the cube being counted stops, the others
    /// are left.
    pub cancel: &'a std::sync::Arc<AtomicBool>,
    /// Counts one cube under its limits.
    pub count: C,
}

/// Counts the cubes of the file `name` one after another, handing each
/// result record to `emit` as soon as it is made (`Ok`), and each error
/// (a bad line, a cube that cannot be counted) as its message (`Err`).
/// `emit` returning false stops the count (the output failed).
///
/// A cube of another problem stops the count at once: the file is for
/// another problem or other rules, and every cube of it would be refused.
pub fn count_file<L, C>(
    name: &str,
    reader: impl BufRead,
    counter: Counter<'_, L, C>,
    mut emit: impl FnMut(Result<&ResultRecord, String>) -> bool,
) -> Result<Tally, FileError>
where
    L: Fn() -> Limits,
    C: FnMut(&CubeRecord, &Limits) -> ResultRecord,
{
    let Counter {
        expected,
        about,
        limits,
        cancel,
        mut count,
    } = counter;
    let mut tally = Tally::default();
    read_named::<CubeRecord>(name, reader, |record| {
        if cancel.load(Ordering::Relaxed) {
            tally.left += 1;
            return true;
        }
        let (line, record) = match record {
            Ok(r) => r,
            Err(e) => {
                tally.bad += 1;
                return emit(Err(e));
            }
        };
        if let Err(e) = record.check() {
            tally.bad += 1;
            return emit(Err(format!("{name}: line {line}: {e}")));
        }
        if record.problem != expected {
            tally.bad += 1;
            emit(Err(format!(
                "{name}: line {line}: cube {} is for problem {}, not for this one ({}, \
                 {about}): the cubes were split from another puzzle or under other rules; \
                 split and count with the same puzzle and the same options",
                record.cube, record.problem, expected
            )));
            return false;
        }
        let mut limits = limits();
        limits.cancel = Some(std::sync::Arc::clone(cancel));
        let result = count(&record, &limits);
        if let Some(e) = &result.error {
            tally.bad += 1;
            if !emit(Err(format!("{name}: line {line}: {e}"))) {
                return false;
            }
        } else if !result.complete {
            tally.incomplete += 1;
        }
        emit(Ok(&result))
    })?;
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubes::{self, SplitOptions};
    use crate::{knuth, problems};

    #[test]
    fn open_names_the_file_and_its_error() {
        let path = std::env::temp_dir().join(format!("cubes-open-{}.jsonl", std::process::id()));
        std::fs::write(&path, "x\n").unwrap();
        let (name, mut reader) = open(&path).unwrap();
        assert_eq!(name, path.display().to_string());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert_eq!(line, "x\n");
        std::fs::remove_file(&path).unwrap();
        let Err(e) = open(&path) else {
            panic!("a removed file opens")
        };
        assert!(e
            .to_string()
            .starts_with(&format!("cannot read {}: ", path.display())));
        assert_eq!(open(std::path::Path::new("-")).unwrap().0, "<stdin>");
        let tally = Tally {
            left: 3,
            ..Tally::default()
        };
        assert!(tally
            .left_note()
            .unwrap()
            .contains("3 cube(s) left uncounted"));
        assert_eq!(Tally::default().left_note(), None);
    }

    #[test]
    fn a_split_reads_back_and_counts_to_the_total() {
        // 8 queens: 92 solutions (OEIS A000170).
        let m = knuth::parse(&problems::n_queens(8)).unwrap();
        let problem = Fingerprint::of_matrix(&m, &[]);
        let split = cubes::split(&m, &[], &SplitOptions::default()).unwrap();
        let mut text = Vec::new();
        for r in cubes::records(&m, problem, &split) {
            serde_json::to_writer(&mut text, &r).unwrap();
            text.push(b'\n');
        }
        let read = read_split("c", &text[..]).unwrap();
        assert_eq!(read.len(), split.cubes.len());
        let cancel = std::sync::Arc::new(AtomicBool::new(false));
        let counter = Counter {
            expected: problem,
            about: "8 queens",
            limits: Limits::none,
            cancel: &cancel,
            count: |r: &CubeRecord, l: &Limits| {
                cubes::count_record(&m, &[], problem, r, crate::Counter::Cells, l)
            },
        };
        let mut results = Vec::new();
        let tally = count_file("c", &text[..], counter, |r| {
            let r = r.unwrap();
            serde_json::to_writer(&mut results, r).unwrap();
            results.push(b'\n');
            true
        })
        .unwrap();
        assert_eq!(tally, Tally::default());
        let mut merge = Merge::for_cubes(&read);
        assert!(merge_results(&mut merge, "r", &results[..])
            .unwrap()
            .is_empty());
        assert_eq!(merge.finish().unwrap().count, 92);
    }

    #[test]
    fn bad_lines_are_named() {
        let m = knuth::parse(&problems::n_queens(5)).unwrap();
        let problem = Fingerprint::of_matrix(&m, &[]);
        let split = cubes::split(&m, &[], &SplitOptions::default()).unwrap();
        let first = serde_json::to_string(&cubes::records(&m, problem, &split)[0]).unwrap();
        let twice = format!("{first}\n{first}\n");
        let e = read_split("c.jsonl", twice.as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "c.jsonl: line 2: cube 0 appears twice");
        let e = read_split("c.jsonl", &b"{\"cube\":\n"[..]).unwrap_err();
        assert!(e.to_string().starts_with("c.jsonl: line 1, column"), "{e}");
        let mut merge = Merge::new();
        let bad = merge_results(&mut merge, "r", &b"\nnot json\n"[..]).unwrap();
        assert_eq!(bad.len(), 1);
        assert!(bad[0].starts_with("r: line 2, column 2"), "{}", bad[0]);
    }
}
