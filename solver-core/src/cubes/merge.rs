//! [`Merge`]: adds up the counts of the cubes, refusing a missing cube, a
//! duplicate, an incomplete one or one counted against another problem.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use super::{CubeRecord, Fingerprint, ResultRecord};

/// The most cubes a split may have: `split` never writes more (see
/// [`SplitOptions::max_cubes`](super::SplitOptions::max_cubes)), and a merge
/// refuses a record that claims more (its `of`), or a cube number beyond it.
pub const MAX_CUBES: u64 = 10_000_000;

/// Collects result records and checks them against the split.
///
/// Its state grows with the records added (one entry per distinct cube
/// read, one per mismatched record), never with the number of cubes a
/// record claims: a record saying `"of": 10000000` costs what any other
/// record costs, and the cubes missing are found as ranges between the
/// cubes read.
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
/// assert_eq!(refusal.missing, [(1, 1)]);
/// assert_eq!(refusal.to_string(), "1 of 3 cubes missing: 1");
/// merge.add(result(1, 30));
/// assert_eq!(merge.finish()?.count, 42);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Merge {
    /// The problem and the number of cubes: from the split if given, else
    /// from the first result with a sensible number of cubes.
    expected: Option<(Fingerprint, u64)>,
    /// What is known of each cube read.
    cubes: BTreeMap<u64, CubeState>,
    /// Results that do not belong to the expected problem or split: cube,
    /// fingerprint and number of cubes.
    mismatched: Vec<(u64, Fingerprint, u64)>,
    /// Results that claim no cube or more than [`MAX_CUBES`]: cube and `of`.
    absurd: Vec<(u64, u64)>,
}

/// What a merge keeps of one cube's results.
#[derive(Clone, Debug, Default)]
struct CubeState {
    /// How many complete results (saturating).
    complete: u32,
    /// The first complete result's count, nodes and seconds.
    count: u128,
    nodes: u64,
    seconds: f64,
    /// Why the last incomplete result is incomplete.
    why: Option<String>,
}

impl CubeState {
    /// The number of bytes this state holds (for tests of its size).
    fn bytes(&self) -> usize {
        std::mem::size_of::<CubeState>() + self.why.as_ref().map_or(0, String::capacity)
    }
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

impl Merged {
    /// The total as one JSON object (what `merge --format json` prints):
    /// `{"solutions":"216288","complete":true,"problem":"5f0c...","cubes":64,
    /// "nodes":123456,"cube_seconds":{"total":3.2,"max":0.4,"median":0.05}}`,
    /// the count as a string of digits.
    pub fn total(&self) -> Total {
        Total {
            solutions: self.count,
            complete: true,
            problem: self.problem.to_string(),
            cubes: self.cubes,
            nodes: self.nodes,
            cube_seconds: Seconds {
                total: self.seconds,
                max: self.max_seconds,
                median: self.median_seconds,
            },
        }
    }
}

/// The total of a merge in JSON ([`Merged::total`]).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Total {
    /// The count, as a string of digits.
    #[serde(with = "super::decimal")]
    pub solutions: u128,
    /// Always true: an incomplete merge is refused.
    pub complete: bool,
    /// The problem's fingerprint.
    pub problem: String,
    /// How many cubes.
    pub cubes: u64,
    /// Search-tree nodes of all cubes.
    pub nodes: u64,
    /// Seconds spent counting the cubes.
    pub cube_seconds: Seconds,
}

/// Seconds spent counting the cubes: in all, the longest cube's, the
/// median cube's.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Seconds {
    /// In all.
    pub total: f64,
    /// The longest cube's.
    pub max: f64,
    /// The median cube's.
    pub median: f64,
}

/// Why the cubes do not add up to a count. Every list is sorted.
#[derive(Clone, Debug, Default, PartialEq, thiserror::Error)]
pub struct Refusal {
    /// The problem expected, and the number of cubes (if any record was read).
    pub expected: Option<(Fingerprint, u64)>,
    /// Cubes with no result, as ranges `(first, last)`.
    pub missing: Vec<(u64, u64)>,
    /// Cubes with more than one complete result.
    pub duplicates: Vec<u64>,
    /// Cubes with only incomplete results, and why (the last reason given).
    pub incomplete: Vec<(u64, String)>,
    /// Results for another problem or another split: cube, fingerprint and
    /// number of cubes they give.
    pub mismatched: Vec<(u64, Fingerprint, u64)>,
    /// Results that claim no cube at all or more than [`MAX_CUBES`] cubes:
    /// cube and number of cubes.
    pub absurd: Vec<(u64, u64)>,
    /// The counts add up to more than `u128::MAX`: no exact total can be
    /// given (a count of solutions that large is not a real one).
    pub overflow: bool,
    /// The merge expected a number of cubes that no split makes (0, or
    /// more than [`MAX_CUBES`]; see [`Merge::expecting`]).
    pub impossible_split: bool,
}

impl Refusal {
    /// Whether the results contradict each other or the split (duplicates,
    /// mismatches, absurd numbers of cubes, a total beyond 128 bits), as
    /// opposed to merely lacking some cubes.
    pub fn is_inconsistent(&self) -> bool {
        !self.duplicates.is_empty()
            || !self.mismatched.is_empty()
            || !self.absurd.is_empty()
            || self.overflow
            || self.impossible_split
    }

    /// Whether the refusal is the input's fault (inconsistent results, or
    /// no result at all) rather than cubes still to count.
    pub fn is_bad_input(&self) -> bool {
        self.is_inconsistent() || self.expected.is_none()
    }

    /// How many cubes are missing.
    pub fn missing_count(&self) -> u64 {
        self.missing.iter().map(|&(a, b)| b - a + 1).sum()
    }
}

/// At most this many ranges of cube numbers are listed in a message.
const LISTED: usize = 20;

/// Cube numbers as ranges: `1, 4-7, 9`, with `... (N more)` beyond a few.
pub fn ranges(ids: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &id in ids {
        match runs.last_mut() {
            Some((_, end)) if end.checked_add(1) == Some(id) => *end = id,
            _ => runs.push((id, id)),
        }
    }
    runs_text(&runs)
}

/// Ranges `(first, last)` of cube numbers as text: `1, 4-7, 9`, with
/// `... (N more)` beyond a few.
pub fn runs_text(runs: &[(u64, u64)]) -> String {
    let mut text = String::new();
    for (k, &(a, b)) in runs.iter().enumerate() {
        if k == LISTED {
            let rest: u64 = runs[k..]
                .iter()
                .map(|&(a, b)| (b - a).saturating_add(1))
                .fold(0, u64::saturating_add);
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
        if !self.absurd.is_empty() {
            let ids: Vec<u64> = self.absurd.iter().map(|m| m.0).collect();
            parts.push(format!(
                "{} result(s) claim an impossible number of cubes ({}; a split has 1 to \
                 {MAX_CUBES}): cube(s) {}",
                ids.len(),
                self.absurd[0].1,
                ranges(&ids)
            ));
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
        if self.impossible_split {
            let of = self.expected.map_or(0, |(_, of)| of);
            parts.push(format!(
                "the split is said to have {of} cubes, but a split has 1 to {MAX_CUBES}"
            ));
        }
        if self.overflow {
            parts.push(format!(
                "the counts of the cubes add up to more than {} (2^128 - 1): a count of \
                 solutions beyond 128 bits cannot be right",
                u128::MAX
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
                self.missing_count(),
                runs_text(&self.missing)
            ));
        }
        f.write_str(&parts.join("; "))
    }
}

/// Whether a split of `of` cubes is possible: 1 to [`MAX_CUBES`].
pub fn sensible_of(of: u64) -> bool {
    (1..=MAX_CUBES).contains(&of)
}

impl Merge {
    /// An empty merge: the first result sets the problem and the number of
    /// cubes.
    pub fn new() -> Merge {
        Merge::default()
    }

    /// A merge checked against the split's cubes: every result must carry
    /// their problem and number of cubes. A number of cubes that no split
    /// makes (0, or more than [`MAX_CUBES`]) makes every result a mismatch.
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
        if self.expected.is_none() && !sensible_of(result.of) {
            self.absurd.push((result.cube, result.of));
            return;
        }
        let (problem, of) = *self.expected.get_or_insert((result.problem, result.of));
        if !sensible_of(of) || result.problem != problem || result.of != of || result.cube >= of {
            self.mismatched
                .push((result.cube, result.problem, result.of));
            return;
        }
        let state = self.cubes.entry(result.cube).or_default();
        if result.complete {
            if state.complete == 0 {
                state.count = result.count;
                state.nodes = result.nodes;
                state.seconds = result.seconds;
            }
            state.complete = state.complete.saturating_add(1);
        } else {
            state.why = Some(match (result.incomplete, result.error) {
                (_, Some(e)) => format!("error: {e}"),
                (Some(why), None) => why,
                (None, None) => "incomplete".to_string(),
            });
        }
    }

    /// The bytes the merge holds, roughly: a few hundred per record added at
    /// most (plus the text of the reasons given by incomplete results).
    pub fn state_bytes(&self) -> usize {
        // A B-tree entry: the key, the value and a share of the node.
        let entry = std::mem::size_of::<u64>() + 16;
        std::mem::size_of::<Merge>()
            + self
                .cubes
                .values()
                .map(|s| s.bytes() + entry)
                .sum::<usize>()
            + self.mismatched.capacity() * std::mem::size_of::<(u64, Fingerprint, u64)>()
            + self.absurd.capacity() * std::mem::size_of::<(u64, u64)>()
    }

    /// Whether cube `id` has a complete count.
    pub fn is_counted(&self, id: u64) -> bool {
        self.cubes.get(&id).is_some_and(|s| s.complete > 0)
    }

    /// The cubes of a split still to count (`merge --resume`): the records
    /// of `cubes` without a complete count, and a line that says how many
    /// are left, or that all are counted.
    pub fn resume<'a>(&self, cubes: &'a [CubeRecord]) -> (Vec<&'a CubeRecord>, String) {
        let to_do = self.to_do();
        let left: Vec<&CubeRecord> = cubes.iter().filter(|c| !self.is_counted(c.cube)).collect();
        let of = cubes.first().map_or(0, |c| c.of);
        let uncounted: u64 = to_do.iter().map(|&(a, b)| b - a + 1).sum();
        let note = if to_do.is_empty() {
            format!("all {of} cubes are counted: run merge without --resume")
        } else {
            format!("{uncounted} of {of} cubes to count: {}", runs_text(&to_do))
        };
        (left, note)
    }

    /// The cubes that still need a complete count (missing or incomplete),
    /// out of `of`, as ranges `(first, last)`: as many ranges as cubes read,
    /// at most, plus one.
    pub fn to_do(&self) -> Vec<(u64, u64)> {
        let of = self.expected.map_or(0, |(_, of)| of);
        let mut runs: Vec<(u64, u64)> = Vec::new();
        let push = |a: u64, b: u64, runs: &mut Vec<(u64, u64)>| match runs.last_mut() {
            Some((_, end)) if *end + 1 == a => *end = b,
            _ => runs.push((a, b)),
        };
        let mut next = 0u64;
        for (&id, state) in &self.cubes {
            if id > next {
                push(next, id - 1, &mut runs);
            }
            if state.complete == 0 {
                push(id, id, &mut runs);
            }
            next = id + 1;
        }
        if next < of {
            push(next, of - 1, &mut runs);
        }
        runs
    }

    /// The sum, or the list of what is wrong. An incomplete result is
    /// superseded by a complete one for the same cube (a cube redone after
    /// `--resume`); two complete results for one cube are a duplicate.
    pub fn finish(self) -> Result<Merged, Box<Refusal>> {
        let mut refusal = Refusal {
            expected: self.expected,
            mismatched: self.mismatched,
            absurd: self.absurd,
            ..Refusal::default()
        };
        refusal.mismatched.sort_by_key(|m| m.0);
        refusal.absurd.sort_by_key(|m| m.0);
        let Some((problem, of)) = self.expected else {
            return Err(Box::new(refusal));
        };
        if !sensible_of(of) {
            refusal.impossible_split = true;
            return Err(Box::new(refusal));
        }
        let mut count: u128 = 0;
        let (mut nodes, mut seconds) = (0u64, 0.0);
        let mut times = Vec::new();
        let mut next = 0u64;
        for (id, state) in self.cubes {
            if id > next {
                refusal.missing.push((next, id - 1));
            }
            next = id + 1;
            match state.complete {
                0 => refusal
                    .incomplete
                    .push((id, state.why.unwrap_or_else(|| "incomplete".to_string()))),
                1 => {
                    match count.checked_add(state.count) {
                        Some(c) => count = c,
                        None => refusal.overflow = true,
                    }
                    nodes = nodes.saturating_add(state.nodes);
                    seconds += state.seconds;
                    times.push(state.seconds);
                }
                _ => refusal.duplicates.push(id),
            }
        }
        if next < of {
            refusal.missing.push((next, of - 1));
        }
        if refusal
            != (Refusal {
                expected: self.expected,
                ..Refusal::default()
            })
        {
            return Err(Box::new(refusal));
        }
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
    fn the_json_total_keeps_its_field_order_and_big_counts() {
        let mut merge = Merge::new();
        for cube in 0..4 {
            merge.add(result(cube, u128::from(u64::MAX), true));
        }
        let merged = merge.finish().unwrap();
        let json = serde_json::to_string(&merged.total()).unwrap();
        let expected = format!(
            "{{\"solutions\":\"{}\",\"complete\":true,\"problem\":\"{}\",\"cubes\":4,\
             \"nodes\":4,\"cube_seconds\":{{\"total\":6.0,\"max\":3.0,\"median\":1.5}}}}",
            4 * u128::from(u64::MAX),
            Fingerprint(9)
        );
        assert_eq!(json, expected);
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
        assert_eq!(m.to_do(), [(1, 3)]);
        let r = m.finish().unwrap_err();
        assert_eq!(r.duplicates, [0]);
        assert_eq!(r.incomplete, [(1, "node-limit".to_string())]);
        assert_eq!(r.missing, [(2, 3)]);
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
    fn resume_lists_the_cubes_without_a_complete_count() {
        let cubes: Vec<CubeRecord> = (0..4)
            .map(|cube| CubeRecord {
                cube,
                of: 4,
                problem: Fingerprint(9),
                path: Vec::new(),
                estimate: 1.0,
            })
            .collect();
        let mut m = Merge::for_cubes(&cubes);
        m.add(result(0, 1, true));
        m.add(result(2, 1, false));
        let (left, note) = m.resume(&cubes);
        let left: Vec<u64> = left.iter().map(|c| c.cube).collect();
        assert_eq!(left, [1, 2, 3]);
        assert_eq!(note, "3 of 4 cubes to count: 1-3");
        for cube in 1..4 {
            m.add(result(cube, 1, true));
        }
        let (left, note) = m.resume(&cubes);
        assert!(left.is_empty());
        assert_eq!(note, "all 4 cubes are counted: run merge without --resume");
        assert!(m.finish().is_ok());
        assert!(Merge::new().finish().unwrap_err().is_bad_input());
    }

    #[test]
    fn a_redone_cube_supersedes_its_incomplete_result() {
        let mut m = Merge::new();
        for (id, n) in [(0, 5), (2, 6), (3, 7)] {
            m.add(result(id, n, true));
        }
        m.add(result(1, 3, false));
        assert_eq!(m.to_do(), [(1, 1)]);
        m.add(result(1, 100, true));
        let merged = m.finish().unwrap();
        assert_eq!(merged.count, 118);
        assert_eq!(merged.max_seconds, 3.0);
        assert_eq!(merged.median_seconds, 1.5);
    }

    #[test]
    fn counts_beyond_128_bits_are_refused_not_a_panic() {
        // Two cubes of 2^127 each: the total is 2^128, one past u128::MAX.
        let mut m = Merge::new();
        let mut a = result(0, 1 << 127, true);
        a.of = 2;
        let mut b = result(1, 1 << 127, true);
        b.of = 2;
        m.add(a);
        m.add(b);
        let r = m.finish().unwrap_err();
        assert!(r.overflow);
        assert!(r.is_inconsistent());
        assert!(r.to_string().contains("beyond 128 bits"), "{r}");
    }

    #[test]
    fn absurd_numbers_of_cubes_are_refused_without_allocating() {
        // One record claiming 10^12 cubes, the next a sensible split: the
        // first sets nothing and is named; the merge stays small.
        let mut m = Merge::new();
        let mut huge = result(5, 1, true);
        huge.of = 1_000_000_000_000;
        m.add(huge);
        let mut zero = result(0, 1, true);
        zero.of = 0;
        m.add(zero);
        assert!(m.state_bytes() < 1000, "{}", m.state_bytes());
        for id in 0..4 {
            m.add(result(id, 1, true));
        }
        let r = m.finish().unwrap_err();
        assert_eq!(r.absurd, [(0, 0), (5, 1_000_000_000_000)]);
        assert_eq!(r.expected, Some((Fingerprint(9), 4)));
        assert!(r.missing.is_empty());
        assert!(r.to_string().contains("impossible number of cubes"), "{r}");
        // The largest split allowed, nearly all missing: the missing cubes
        // are two ranges, not ten million numbers.
        let mut m = Merge::new();
        let mut last = result(MAX_CUBES - 2, 1, true);
        last.of = MAX_CUBES;
        m.add(last);
        assert!(m.state_bytes() < 1000, "{}", m.state_bytes());
        assert_eq!(
            m.to_do(),
            [(0, MAX_CUBES - 3), (MAX_CUBES - 1, MAX_CUBES - 1)]
        );
        let r = m.finish().unwrap_err();
        assert_eq!(r.missing_count(), MAX_CUBES - 1);
        assert_eq!(
            r.to_string(),
            "9999999 of 10000000 cubes missing: 0-9999997, 9999999"
        );
    }

    #[test]
    fn a_split_of_no_cubes_or_too_many_is_refused() {
        // Expecting 0 cubes once gave a total of 0 for no results at all,
        // and 10^12 cubes took every result in.
        let r = Merge::expecting(Fingerprint(9), 0).finish().unwrap_err();
        assert!(r.impossible_split && r.is_inconsistent());
        assert!(
            r.to_string().contains("0 cubes, but a split has 1 to"),
            "{r}"
        );
        let mut m = Merge::expecting(Fingerprint(9), 1_000_000_000_000);
        let mut huge = result(3, 1, true);
        huge.of = 1_000_000_000_000;
        m.add(huge);
        assert!(m.state_bytes() < 1000, "{}", m.state_bytes());
        let r = m.finish().unwrap_err();
        assert!(r.impossible_split);
        assert_eq!(r.mismatched, [(3, Fingerprint(9), 1_000_000_000_000)]);
        assert!(r.missing.is_empty());
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
