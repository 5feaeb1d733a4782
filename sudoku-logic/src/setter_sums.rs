//! Sandwich sums, X-sums, skyscrapers and region-sum lines as setter's
//! rules (issue 34).
//!
//! Each of these constraints becomes one rule over its whole line (a row
//! or column for the first three, in the clue's reading order), searched
//! like the other rules of [`super`]: a cell keeps the values that some
//! filling of the whole line accepted by the rule gives it, cells that see
//! each other differing. [`LineSum::accepts`] is the test, with bounds on
//! a partial filling (from the start of the line) that cut the search;
//! the search's node budget still applies, and a line over budget gives
//! no step (never a guess).
//!
//! - Sandwich: the values strictly between the 1 and the side's value add
//!   up to the clue.
//! - X-sum: the first `x` values add up to the clue, `x` the first value.
//! - Skyscraper: `count` values are taller than every value before them.
//! - Region-sum line: each stretch of the line inside one region (box or
//!   jigsaw region) has the same sum.
//! - Hidden skyscraper (issue 36): the first value lower than one before
//!   it is the clue.
//! - Numbered room (issue 36): the x-th value is the clue, `x` the first
//!   value.
//! - Sum line (issue 36): the line splits into stretches of consecutive
//!   cells each adding up to the clue (a loop: from some start).

use sudoku::{Constraint, Rules};

use super::{SetterRule, Test};
use crate::step::Technique;

/// What one of these lines asks of its values, read along the line.
#[derive(Clone, Debug)]
pub(crate) enum LineSum {
    /// The values strictly between the 1 and the side's value add up to
    /// `sum`.
    Sandwich { sum: u32, distinct: bool },
    /// The first `x` values add up to this, `x` the first value.
    XSum(u32),
    /// This many values are taller than all before them.
    Skyscraper(u32),
    /// The stretch (index along the line) of each cell: every stretch has
    /// the same sum.
    RegionSum(Vec<usize>),
    /// The first value lower than one before it is this.
    HiddenSkyscraper(u32),
    /// The x-th value is this, `x` the first value.
    NumberedRoom(u32),
    /// Stretches of consecutive values each add up to `sum`; a `looped`
    /// line may have one across its join.
    SumLine { sum: u32, looped: bool },
}

/// The rule of `c` if it is one of this module's constraints.
pub(super) fn rule(c: &Constraint, rules: &Rules) -> Option<SetterRule> {
    let side = rules.shape().side() as usize;
    let (technique, cells, line, shown_value) = match c {
        Constraint::Sandwich { line, sum } => {
            // A whole row or column: its values differ, which bounds the
            // sums still reachable.
            let distinct = line.len() == side
                && (line.iter().all(|&x| x / side == line[0] / side)
                    || line.iter().all(|&x| x % side == line[0] % side));
            (
                Technique::SandwichSum,
                line,
                LineSum::Sandwich {
                    sum: *sum,
                    distinct,
                },
                Some(*sum),
            )
        }
        Constraint::XSum { line, sum } => (Technique::XSum, line, LineSum::XSum(*sum), Some(*sum)),
        Constraint::Skyscraper { line, count } => (
            Technique::SkyscraperClue,
            line,
            LineSum::Skyscraper(*count),
            Some(*count),
        ),
        Constraint::RegionSumLine { cells } => {
            let regions = rules.regions_of_cells();
            let mut stretch = Vec::with_capacity(cells.len());
            for (k, &cell) in cells.iter().enumerate() {
                let s = match stretch.last() {
                    None => 0,
                    Some(&s) if regions[cells[k - 1]] == regions[cell] => s,
                    Some(&s) => s + 1,
                };
                stretch.push(s);
            }
            (
                Technique::RegionSumLine,
                cells,
                LineSum::RegionSum(stretch),
                None,
            )
        }
        Constraint::HiddenSkyscraper { line, value } => (
            Technique::HiddenSkyscraper,
            line,
            LineSum::HiddenSkyscraper(*value),
            Some(*value),
        ),
        Constraint::NumberedRoom { line, value } => (
            Technique::NumberedRoom,
            line,
            LineSum::NumberedRoom(*value),
            Some(*value),
        ),
        Constraint::SumLine { cells, sum, looped } => (
            Technique::SumLine,
            cells,
            LineSum::SumLine {
                sum: *sum,
                looped: *looped,
            },
            Some(*sum),
        ),
        _ => return None,
    };
    if cells.is_empty() {
        return None;
    }
    Some(SetterRule {
        technique,
        cells: cells.clone(),
        shown: cells.clone(),
        test: Test::Line(line),
        shown_value,
    })
}

impl LineSum {
    /// Whether `vals`, the values of the first cells of a line of `n`
    /// cells, can still be completed (a bound), or, when whole, keep the
    /// rule. Sums are `u64` of `u32` values: no overflow.
    pub(super) fn accepts(&self, vals: &[u32], n: usize, side: u32) -> bool {
        let k = vals.len();
        let whole = k == n;
        let left = (n - k) as u64;
        let side64 = u64::from(side);
        let sum_of = |s: &[u32]| s.iter().map(|&v| u64::from(v)).sum::<u64>();
        match self {
            LineSum::Sandwich { sum, distinct } => {
                let s = u64::from(*sum);
                let one = vals.iter().position(|&v| v == 1);
                let top = vals.iter().position(|&v| v == side);
                match (one, top) {
                    (Some(a), Some(b)) => sum_of(&vals[a.min(b) + 1..a.max(b)]) == s,
                    _ if whole => false,
                    (Some(a), None) | (None, Some(a)) => {
                        // The other end lies ahead: at most `left - 1`
                        // cells still to come between.
                        let partial = sum_of(&vals[a + 1..]);
                        partial <= s && partial + largest(vals, left - 1, side, *distinct) >= s
                    }
                    (None, None) => left >= 2 && largest(vals, left - 2, side, *distinct) >= s,
                }
            }
            LineSum::XSum(sum) => {
                let s = u64::from(*sum);
                let x = vals[0] as usize;
                if x > n {
                    return false;
                }
                let partial = sum_of(&vals[..k.min(x)]);
                if k >= x {
                    partial == s
                } else {
                    let rest = (x - k) as u64;
                    partial + rest <= s && partial + rest * side64 >= s
                }
            }
            LineSum::Skyscraper(count) => {
                let count = u64::from(*count);
                let mut tallest = 0;
                let mut seen = 0u64;
                for &v in vals {
                    if v > tallest {
                        tallest = v;
                        seen += 1;
                    }
                }
                // Each taller value to come is above the tallest so far.
                let more = left.min(u64::from(side - tallest));
                seen <= count && seen + more >= count && (!whole || seen == count)
            }
            LineSum::RegionSum(stretch) => {
                // The sum every stretch must have: the first whole one's.
                let mut target = None;
                let mut i = 0;
                while i < k {
                    let mut end = i;
                    while end < n && stretch[end] == stretch[i] {
                        end += 1;
                    }
                    let got = sum_of(&vals[i..end.min(k)]);
                    if end <= k {
                        match target {
                            None => target = Some(got),
                            Some(t) if t != got => return false,
                            Some(_) => {}
                        }
                    } else if let Some(t) = target {
                        let rest = (end - k) as u64;
                        if got + rest > t || got + rest * side64 < t {
                            return false;
                        }
                    }
                    i = end;
                }
                true
            }
            LineSum::HiddenSkyscraper(value) => {
                let mut tallest = 0;
                for &v in vals {
                    if v < tallest {
                        return v == *value;
                    }
                    tallest = v;
                }
                // No hidden skyscraper yet: one must still come.
                !whole
            }
            LineSum::NumberedRoom(value) => {
                let x = vals[0] as usize;
                if x == 0 || x > n {
                    return false;
                }
                k < x || vals[x - 1] == *value
            }
            LineSum::SumLine { sum, looped } => {
                let s = u64::from(*sum);
                if *looped {
                    // A stretch may cross the join: only whole fillings
                    // are read stretch by stretch, from every start.
                    if !whole {
                        return vals.iter().all(|&v| u64::from(v) <= s);
                    }
                    (0..n).any(|start| splits_into(vals[start..].iter().chain(&vals[..start]), s))
                } else {
                    // Whole: the last stretch is closed; a prefix may end
                    // inside an open one.
                    running_total(vals.iter(), s).is_some_and(|open| !whole || open == 0)
                }
            }
        }
    }
}

/// Whether `values`, read in order, split into stretches each adding up
/// to `sum`: one or more values, and nothing left open.
fn splits_into<'a>(values: impl Iterator<Item = &'a u32> + Clone, sum: u64) -> bool {
    values.clone().next().is_some() && running_total(values, sum) == Some(0)
}

/// The total of the stretch left open after `values`, read in order, each
/// stretch closed as its running total meets `sum` exactly; `None` when a
/// total passes `sum`.
fn running_total<'a>(values: impl Iterator<Item = &'a u32>, sum: u64) -> Option<u64> {
    let mut running = 0u64;
    for &v in values {
        running += u64::from(v);
        if running == sum {
            running = 0;
        } else if running > sum {
            return None;
        }
    }
    Some(running)
}

/// An upper bound on the sum of `count` more values of `1..side` (the
/// side's value excluded: a sandwich's filling), distinct and unused by
/// `vals` when `distinct`.
fn largest(vals: &[u32], count: u64, side: u32, distinct: bool) -> u64 {
    if !distinct {
        return count * u64::from(side - 1);
    }
    let mut total = 0u64;
    let mut taken = 0u64;
    for v in (2..side).rev() {
        if taken == count {
            break;
        }
        if !vals.contains(&v) {
            total += u64::from(v);
            taken += 1;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation of `1..=n`.
    fn permutations(n: u32) -> Vec<Vec<u32>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for i in 0..=p.len() {
                let mut q = p.clone();
                q.insert(i, n);
                out.push(q);
            }
        }
        out
    }

    /// The rule of each kind, read plainly from a whole filling.
    fn holds(rule: &LineSum, vals: &[u32], side: u32) -> bool {
        match rule {
            LineSum::Sandwich { sum, .. } => {
                let a = vals.iter().position(|&v| v == 1).unwrap();
                let b = vals.iter().position(|&v| v == side).unwrap();
                vals[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == *sum
            }
            LineSum::XSum(sum) => {
                let x = vals[0] as usize;
                x <= vals.len() && vals[..x].iter().sum::<u32>() == *sum
            }
            LineSum::Skyscraper(count) => {
                (0..vals.len())
                    .filter(|&i| vals[..i].iter().all(|&w| w < vals[i]))
                    .count()
                    == *count as usize
            }
            LineSum::RegionSum(stretch) => {
                let mut sums = vec![0u32; stretch[stretch.len() - 1] + 1];
                for (i, &v) in vals.iter().enumerate() {
                    sums[stretch[i]] += v;
                }
                sums.windows(2).all(|w| w[0] == w[1])
            }
            LineSum::HiddenSkyscraper(value) => {
                // The first i with a value before it taller than it.
                (0..vals.len())
                    .find(|&i| vals[..i].iter().any(|&w| w > vals[i]))
                    .is_some_and(|i| vals[i] == *value)
            }
            LineSum::NumberedRoom(value) => {
                let x = vals[0] as usize;
                (1..=vals.len()).contains(&x) && vals[x - 1] == *value
            }
            LineSum::SumLine { sum, looped } => {
                // Some choice of cut points (and, on a loop, of where to
                // start) makes every stretch add up to `sum`.
                let n = vals.len();
                let starts = if *looped { n } else { 1 };
                (0..starts).any(|start| {
                    let turned: Vec<u32> = (0..n).map(|i| vals[(start + i) % n]).collect();
                    (0u32..1 << (n - 1)).any(|cuts| {
                        let mut total = 0;
                        let mut ok = true;
                        for (i, &v) in turned.iter().enumerate() {
                            total += v;
                            if i == n - 1 || cuts >> i & 1 == 1 {
                                ok &= total == *sum;
                                total = 0;
                            }
                        }
                        ok
                    })
                })
            }
        }
    }

    /// Every filling of `len` cells with values `1..=side`, repeats
    /// allowed (a sum line may cross boxes and revisit values).
    fn fillings(len: usize, side: u32) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new()];
        for _ in 0..len {
            out = out
                .into_iter()
                .flat_map(|p: Vec<u32>| {
                    (1..=side).map(move |v| {
                        let mut q = p.clone();
                        q.push(v);
                        q
                    })
                })
                .collect();
        }
        out
    }

    /// The issue-36 line clues: on every filling of up to five cells with
    /// values 1..=4 (repeats too) and every permutation of 1..=6, `accepts`
    /// takes a whole filling exactly when the plain reading of the rule
    /// does (for sum lines: some set of cut points), and never refuses a
    /// prefix of one it takes.
    #[test]
    fn issue_36_line_clues_agree_with_the_plain_rule() {
        let mut rules = Vec::new();
        for v in 0..=7 {
            rules.push(LineSum::HiddenSkyscraper(v));
            rules.push(LineSum::NumberedRoom(v));
        }
        for sum in 0..=13 {
            for looped in [false, true] {
                rules.push(LineSum::SumLine { sum, looped });
            }
        }
        let mut lines: Vec<(Vec<u32>, u32)> = Vec::new();
        for len in 1..=5 {
            lines.extend(fillings(len, 4).into_iter().map(|f| (f, 4)));
        }
        lines.extend(permutations(6).into_iter().map(|p| (p, 6)));
        for rule in &rules {
            for (line, side) in &lines {
                let n = line.len();
                let expected = holds(rule, line, *side);
                assert_eq!(
                    rule.accepts(line, n, *side),
                    expected,
                    "{rule:?} on {line:?}"
                );
                if expected {
                    for k in 1..n {
                        assert!(
                            rule.accepts(&line[..k], n, *side),
                            "{rule:?} cut {line:?} at {k}"
                        );
                    }
                }
            }
        }
    }

    /// On every permutation of 1..=6 (a line of a 6x6 grid), `accepts`
    /// takes a whole filling exactly when the plain reading of the rule
    /// does, and never refuses a prefix of a filling it takes (its bounds
    /// cut nothing that completes).
    #[test]
    fn accepts_agrees_with_the_plain_rule_on_every_line_of_six() {
        let side = 6u32;
        let mut rules = Vec::new();
        for sum in 0..=20 {
            for distinct in [true, false] {
                rules.push(LineSum::Sandwich { sum, distinct });
            }
            rules.push(LineSum::XSum(sum));
        }
        for count in 0..=7 {
            rules.push(LineSum::Skyscraper(count));
        }
        for stretch in [
            vec![0, 0, 1, 1, 2, 2],
            vec![0, 0, 0, 1, 1, 1],
            vec![0, 1, 1, 1, 2, 2],
        ] {
            rules.push(LineSum::RegionSum(stretch));
        }
        let perms = permutations(side);
        for rule in &rules {
            for p in &perms {
                let expected = holds(rule, p, side);
                assert_eq!(rule.accepts(p, 6, side), expected, "{rule:?} on {p:?}");
                if expected {
                    for k in 1..6 {
                        assert!(rule.accepts(&p[..k], 6, side), "{rule:?} cut {p:?} at {k}");
                    }
                }
            }
        }
        // Most rules of the list hold on some line, so the check bites.
        let some = rules
            .iter()
            .filter(|r| perms.iter().any(|p| holds(r, p, side)))
            .count();
        assert!(some > 40, "{some}");
    }
}
