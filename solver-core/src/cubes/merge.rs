//! [`Merge`]: adds up the counts of the cubes, refusing a missing cube, a
//! duplicate, an incomplete one or one counted against another problem.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use super::{CubeRecord, Fingerprint, ResultRecord};

/// Collects result records and checks them against the split.
///
/// ```
/// use solver_core::cubes::{Fingerprint, Merge, ResultRecord};
///
/// let result = |cube, count| ResultRecord {
///     cube, of: 3, problem: Fingerprint(1), count, complete: true,
///     incomplete: None, error: None, nodes: 10, seconds: 0.5,
/// };
/// let mut merge = Merge::new();
/// merge.add(result(0, 5));
/// merge.add(result(2, 7));
/// let refusal = merge.clone().finish().unwrap_err();
/// assert_eq!(refusal.missing, [1]);
/// assert_eq!(refusal.to_string(), "1 of 3 cubes missing: 1");
/// merge.add(result(1, 30));
/// assert_eq!(merge.finish()?.count, 42);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Merge {
    /// The problem and the number of cubes: from the split if given, else
    /// from the first result.
    expected: Option<(Fingerprint, u64)>,
    /// Results by cube.
    results: BTreeMap<u64, Vec<ResultRecord>>,
    /// Results that do not belong to the expected problem or split.
    mismatched: Vec<ResultRecord>,
}

/// The sum of a complete set of cubes.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The number of solutions: the sum of the cubes' counts.
    pub count: u128,
    /// The problem.
    pub problem: Fingerprint,
    /// How many cubes.
    pub cubes: u64,
    /// Search-tree nodes of all cubes.
    pub nodes: u64,
    /// Seconds spent counting, over all cubes.
    pub seconds: f64,
    /// The longest cube's seconds.
    pub max_seconds: f64,
    /// The median cube's seconds.
    pub median_seconds: f64,
}

/// Why the cubes do not add up to a count. Every list is sorted.
#[derive(Clone, Debug, Default, PartialEq, thiserror::Error)]
pub struct Refusal {
    /// The problem expected, and the number of cubes (if any record was read).
    pub expected: Option<(Fingerprint, u64)>,
    /// Cubes with no result.
    pub missing: Vec<u64>,
    /// Cubes with more than one complete result.
    pub duplicates: Vec<u64>,
    /// Cubes with only incomplete results, and why (the last reason given).
    pub incomplete: Vec<(u64, String)>,
    /// Results for another problem or another split: cube, fingerprint and
    /// number of cubes they give.
    pub mismatched: Vec<(u64, Fingerprint, u64)>,
}

impl Refusal {
    /// Whether the results contradict each other or the split (duplicates,
    /// mismatches), as opposed to merely lacking some cubes.
    pub fn is_inconsistent(&self) -> bool {
        !self.duplicates.is_empty() || !self.mismatched.is_empty()
    }
}

/// At most this many ranges of cube numbers are listed in a message.
const LISTED: usize = 20;

/// Cube numbers as ranges: `1, 4-7, 9`, with `... (N more)` beyond a few.
pub fn ranges(ids: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &id in ids {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == id => *end = id,
            _ => runs.push((id, id)),
        }
    }
    let mut text = String::new();
    for (k, (a, b)) in runs.iter().enumerate() {
        if k == LISTED {
            let rest: u64 = runs[k..].iter().map(|(a, b)| b - a + 1).sum();
            let _ = write!(text, ", ... ({rest} more)");
            break;
        }
        if k > 0 {
            text.push_str(", ");
        }
        if a == b {
            let _ = write!(text, "{a}");
        } else {
            let _ = write!(text, "{a}-{b}");
        }
    }
    text
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let of = self.expected.map_or(0, |(_, of)| of);
        let mut parts = Vec::new();
        if self.expected.is_none() {
            parts.push("no cube results to merge".to_string());
        }
        if !self.mismatched.is_empty() {
            let p = self
                .expected
                .map(|(p, _)| p.to_string())
                .unwrap_or_default();
            let ids: Vec<u64> = self.mismatched.iter().map(|m| m.0).collect();
            let (_, theirs, their_of) = self.mismatched[0];
            parts.push(format!(
                "{} result(s) for another problem or split (problem {theirs}, {their_of} cubes; \
                 expected problem {p}, {of} cubes): cube(s) {}",
                ids.len(),
                ranges(&ids)
            ));
        }
        if !self.duplicates.is_empty() {
            parts.push(format!(
                "{} cube(s) counted more than once: {}",
                self.duplicates.len(),
                ranges(&self.duplicates)
            ));
        }
        if !self.incomplete.is_empty() {
            let mut list: Vec<String> = self
                .incomplete
                .iter()
                .take(LISTED)
                .map(|(id, why)| format!("{id} ({why})"))
                .collect();
            if self.incomplete.len() > LISTED {
                list.push(format!("... ({} more)", self.incomplete.len() - LISTED));
            }
            parts.push(format!(
                "{} of {of} cubes incomplete: {}",
                self.incomplete.len(),
                list.join(", ")
            ));
        }
        if !self.missing.is_empty() {
            parts.push(format!(
                "{} of {of} cubes missing: {}",
                self.missing.len(),
                ranges(&self.missing)
            ));
        }
        f.write_str(&parts.join("; "))
    }
}

impl Merge {
    /// An empty merge: the first result sets the problem and the number of
    /// cubes.
    pub fn new() -> Merge {
        Merge::default()
    }

    /// A merge checked against the split's cubes: every result must carry
    /// their problem and number of cubes.
    pub fn expecting(problem: Fingerprint, cubes: u64) -> Merge {
        Merge {
            expected: Some((problem, cubes)),
            ..Merge::default()
        }
    }

    /// A merge checked against these cubes (the output of a split). An empty
    /// list expects nothing in particular.
    pub fn for_cubes(cubes: &[CubeRecord]) -> Merge {
        match cubes.first() {
            Some(c) => Merge::expecting(c.problem, c.of),
            None => Merge::new(),
        }
    }

    /// Adds one result.
    pub fn add(&mut self, result: ResultRecord) {
        let (problem, of) = *self.expected.get_or_insert((result.problem, result.of));
        if result.problem != problem || result.of != of || result.cube >= of {
            self.mismatched.push(result);
            return;
        }
        self.results.entry(result.cube).or_default().push(result);
    }

    /// The cubes that still need a complete count (missing or incomplete),
    /// out of `of`.
    pub fn to_do(&self) -> Vec<u64> {
        let of = self.expected.map_or(0, |(_, of)| of);
        (0..of)
            .filter(|id| {
                self.results
                    .get(id)
                    .is_none_or(|rs| !rs.iter().any(|r| r.complete))
            })
            .collect()
    }

    /// The sum, or the list of what is wrong. An incomplete result is
    /// superseded by a complete one for the same cube (a cube redone after
    /// `--resume`); two complete results for one cube are a duplicate.
    pub fn finish(self) -> Result<Merged, Box<Refusal>> {
        let mut refusal = Refusal {
            expected: self.expected,
            ..Refusal::default()
        };
        refusal.mismatched = self
            .mismatched
            .iter()
            .map(|r| (r.cube, r.problem, r.of))
            .collect();
        refusal.mismatched.sort_by_key(|m| m.0);
        let Some((problem, of)) = self.expected else {
            return Err(Box::new(refusal));
        };
        let mut count: u128 = 0;
        let mut overflow = false;
        let (mut nodes, mut seconds) = (0u64, 0.0);
        let mut times = Vec::new();
        for id in 0..of {
            let Some(rs) = self.results.get(&id) else {
                refusal.missing.push(id);
                continue;
            };
            let complete: Vec<&ResultRecord> = rs.iter().filter(|r| r.complete).collect();
            match complete.as_slice() {
                [] => {
                    let last = rs.last().expect("a cube with results has one");
                    let why = match (&last.incomplete, &last.error) {
                        (_, Some(e)) => format!("error: {e}"),
                        (Some(why), None) => why.clone(),
                        (None, None) => "incomplete".to_string(),
                    };
                    refusal.incomplete.push((id, why));
                }
                [r] => {
                    match count.checked_add(r.count) {
                        Some(c) => count = c,
                        None => overflow = true,
                    }
                    nodes = nodes.saturating_add(r.nodes);
                    seconds += r.seconds;
                    times.push(r.seconds);
                }
                _ => refusal.duplicates.push(id),
            }
        }
        if refusal
            != (Refusal {
                expected: self.expected,
                ..Refusal::default()
            })
        {
            return Err(Box::new(refusal));
        }
        assert!(!overflow, "a count of solutions beyond 2^128");
        times.sort_by(f64::total_cmp);
        let median_seconds = if times.is_empty() {
            0.0
        } else if times.len() % 2 == 1 {
            times[times.len() / 2]
        } else {
            (times[times.len() / 2 - 1] + times[times.len() / 2]) / 2.0
        };
        Ok(Merged {
            count,
            problem,
            cubes: of,
            nodes,
            seconds,
            max_seconds: times.last().copied().unwrap_or(0.0),
            median_seconds,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(cube: u64, count: u128, complete: bool) -> ResultRecord {
        ResultRecord {
            cube,
            of: 4,
            problem: Fingerprint(9),
            count,
            complete,
            incomplete: (!complete).then(|| "node-limit".to_string()),
            error: None,
            nodes: 1,
            seconds: cube as f64,
        }
    }

    #[test]
    fn names_every_problem() {
        let mut m = Merge::expecting(Fingerprint(9), 4);
        m.add(result(0, 1, true));
        m.add(result(0, 1, true));
        m.add(result(1, 1, false));
        let mut other = result(3, 1, true);
        other.problem = Fingerprint(8);
        m.add(other);
        assert_eq!(m.to_do(), [1, 2, 3]);
        let r = m.finish().unwrap_err();
        assert_eq!(r.duplicates, [0]);
        assert_eq!(r.incomplete, [(1, "node-limit".to_string())]);
        assert_eq!(r.missing, [2, 3]);
        assert_eq!(r.mismatched, [(3, Fingerprint(8), 4)]);
        assert!(r.is_inconsistent());
        let text = r.to_string();
        assert!(text.contains("counted more than once: 0"), "{text}");
        assert!(
            text.contains("1 of 4 cubes incomplete: 1 (node-limit)"),
            "{text}"
        );
        assert!(text.contains("2 of 4 cubes missing: 2-3"), "{text}");
        assert!(text.contains("another problem"), "{text}");
    }

    #[test]
    fn a_redone_cube_supersedes_its_incomplete_result() {
        let mut m = Merge::new();
        for (id, n) in [(0, 5), (2, 6), (3, 7)] {
            m.add(result(id, n, true));
        }
        m.add(result(1, 3, false));
        assert_eq!(m.to_do(), [1]);
        m.add(result(1, 100, true));
        let merged = m.finish().unwrap();
        assert_eq!(merged.count, 118);
        assert_eq!(merged.max_seconds, 3.0);
        assert_eq!(merged.median_seconds, 1.5);
    }

    #[test]
    fn nothing_to_merge() {
        let r = Merge::new().finish().unwrap_err();
        assert_eq!(r.to_string(), "no cube results to merge");
    }

    #[test]
    fn ranges_are_short() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        let many: Vec<u64> = (0..100).map(|k| 2 * k).collect();
        assert!(ranges(&many).ends_with("... (80 more)"));
    }
}
