//! The setter's constraints as named steps, by their propagation.
//!
//! Each constraint of the rules (killer cages, thermometers, arrows,
//! Kropki and XV dots, odd and even cells, palindromes, whispers, renban
//! and between lines, little killers, and the global non-consecutive,
//! negative-dot and minimum/maximum rules as one pair of neighbours at a
//! time) becomes a [`SetterRule`]: its cells and a test of their values.
//! A step keeps, for each cell of the rule, the values that take part in
//! some filling of all its cells that the test accepts, where cells that
//! see each other (and the cells of a cage) differ; the other candidates
//! go, as a step named after the constraint:
//! `killer cage 15 on r1c1, r1c2: r1c1 cannot be 9`. Killer cages thus
//! reason with their sum combinations. The search of fillings has a node
//! budget; a rule that exceeds it gives no step (never a guess).
//!
//! Quadruples, entropic lines (three cells at a time) and clones (a pair
//! of cells at a time) too; knightmare, diagonal non-consecutive and
//! self-taxicab a pair of cells at a time, and row, column and box
//! indexers as pairs of the indexer and each cell of its line (the
//! indexer holds `t` exactly when the `t`-th cell holds its own place);
//! modular, nabner, zipper and lockout lines and double arrows whole. The all-different rules (diagonals, windows,
//! extra regions, disjoint groups, anti-knight, anti-king, leapers,
//! taxicab, cages) are
//! houses or peers ([`crate::Houses`]). Sandwich sums, X-sums, skyscrapers,
//! region-sum lines, hidden skyscrapers, numbered rooms and sum lines are
//! rules over their whole line (`setter_sums.rs`, issues 34 and 36). The
//! other constraints are not reasoned with:
//! [`unsupported`] names them and the solver refuses such puzzles.
//!
//! Of the constraints of issue 36 (group B): rellik, equality and
//! lunchbox cages, counting circles and whispers by any difference are
//! rules over their cells, global entropy and global modular one rule per
//! 2x2 block, Dutch flatmates one per cell (with the cells above and
//! below); sum lines, numbered rooms and hidden skyscrapers are line
//! rules (above). Global entropy on a side not a multiple of 3 is named by
//! [`unsupported`].
//!
//! Issue 36, group C: a sum dot is a rule over the two or four cells
//! around it (the little killer's sum test).
//!
//! Difficulty: 2.0 for every constraint step (SE has none); they are
//! tried just after naked singles.

use sudoku::{Constraint, PairKind, Rules};

use crate::candidates::{bit, Candidates};
use crate::step::{Reason, Step, Technique};

#[path = "setter_sums.rs"]
mod sums;

/// The difficulty of a constraint step, in tenths.
const DIFFICULTY: u16 = 20;

/// Fillings tried per rule and step before giving up on it.
const BUDGET: u32 = 200_000;

/// What a rule's values must satisfy.
#[derive(Clone, Debug)]
enum Test {
    /// Different values adding up to the sum, if any.
    Cage(Option<u32>),
    /// Increasing (strictly, or not).
    Thermometer { strict: bool },
    /// The first `circle` cells read as a number equal the sum of the rest.
    Arrow { circle: usize },
    /// Two cells in `kind`'s relation for the value.
    Dot(PairKind, u32),
    /// Two cells in none of `kind`'s negative relations.
    NotDot(PairKind),
    /// Odd (true) or even.
    Parity(bool),
    /// Reads the same both ways.
    Palindrome,
    /// Neighbours along the line differ by at least this.
    Whispers(u32),
    /// A run of consecutive values in any order.
    Renban,
    /// The cells after the first two lie strictly between the first two
    /// (the line's ends).
    Between,
    /// Adding up to the sum (repeats allowed).
    Sum(u32),
    /// Two neighbours not consecutive.
    NonConsecutive,
    /// The first cell below the second.
    Less,
    /// Each listed value at least as often as listed (a quadruple's
    /// values, ascending).
    Holds(Vec<u32>),
    /// The cells in different thirds of `1..=side` (entropic lines).
    Thirds,
    /// The two cells equal (a clone's pair of cells).
    Equal,
    // issue 36, group B
    /// Different values, no set of them adding up to the sum.
    Rellik(u32),
    /// Different values, as many odd as even and low as high, never an
    /// odd side's middle value.
    Equality,
    /// Different values; those between the smallest and the largest add
    /// up to the sum.
    Lunchbox(u32),
    /// Each value held by as many of the cells as it says.
    Counting,
    /// A 2x2 block holding each third of `1..=side` (true) or each
    /// remainder modulo 3 (false).
    Classes(bool),
    /// The first cell, if the middle value, has a 1 in the cell above
    /// (second, when `above`) or the side's value in the cell below (last,
    /// when `below`).
    Flatmate { above: bool, below: bool },
    // issue 36, group A
    /// Two cells not adding up to any of these (knightmare: 5, 15).
    NotSums(&'static [u32]),
    /// Two cells not both this value (self-taxicab: `d` cells `d` apart).
    NotBoth(u32),
    /// The first cell is `.0` exactly when the second is `.1` (an indexer
    /// cell and one cell of the line it indexes).
    Iff(u32, u32),
    /// Cells a multiple of three apart agree mod 3, others differ.
    Modular,
    /// No two cells equal or consecutive.
    Nabner,
    /// The cells after the first two add up to the first two (a double
    /// arrow's ends first).
    DoubleArrow,
    /// Pairs (cells 0 and 1, 2 and 3, ...) with one sum, a last cell
    /// alone (the centre) holding it.
    Zipper,
    /// The first two (the ends) differ by at least this; the rest lie
    /// outside them.
    Lockout(u32),
    /// Different values whose sum has this digital root.
    DigitalRoot(u32),
    /// Sandwich, X-sum, skyscraper and region-sum lines ([`sums`]).
    Line(sums::LineSum),
}

/// One constraint (or one pair of neighbours of a global one) as the
/// logical solver reasons with it.
#[derive(Clone, Debug)]
pub struct SetterRule {
    technique: Technique,
    /// The cells, in the order the test reads them.
    cells: Vec<usize>,
    /// The cells as the step names them.
    shown: Vec<usize>,
    test: Test,
    /// A number shown with the step (a cage's sum).
    shown_value: Option<u32>,
}

/// The orthogonal neighbour pairs of a grid of `side`, each once.
fn orthogonal_pairs(side: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let cell = r * side + c;
            if c + 1 < side {
                out.push((cell, cell + 1));
            }
            if r + 1 < side {
                out.push((cell, cell + side));
            }
        }
    }
    out
}

// issue 36, group A
/// The pairs `(cell, cell + step)` inside a grid of `side`, for each step.
fn offset_pairs(side: usize, steps: &[(isize, isize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..side as isize {
        for c in 0..side as isize {
            for &(dr, dc) in steps {
                let (r2, c2) = (r + dr, c + dc);
                if (0..side as isize).contains(&r2) && (0..side as isize).contains(&c2) {
                    out.push((
                        (r * side as isize + c) as usize,
                        (r2 * side as isize + c2) as usize,
                    ));
                }
            }
        }
    }
    out
}

/// The names of the constraints of `rules` the logical solver does not
/// reason with.
pub fn unsupported(rules: &Rules) -> Vec<&'static str> {
    let side = rules.shape().side() as usize;
    let mut out: Vec<&'static str> = rules
        .constraints()
        .iter()
        .filter(|c| {
            matches!(c, Constraint::EntropicLine { .. } if !side.is_multiple_of(3))
                || matches!(c, Constraint::GlobalEntropy if !side.is_multiple_of(3))
        })
        .map(|c| c.name())
        .collect();
    out.dedup();
    out
}

/// The rules the constraints of `rules` give (the killer cages first).
pub(crate) fn rules_of(rules: &Rules) -> Vec<SetterRule> {
    let side = rules.shape().side() as usize;
    let mut out = Vec::new();
    let mut push = |technique, cells: Vec<usize>, test, shown_value| {
        out.push(SetterRule {
            technique,
            shown: cells.clone(),
            cells,
            test,
            shown_value,
        })
    };
    for cage in rules.cages() {
        push(
            Technique::KillerCage,
            cage.cells.clone(),
            Test::Cage(Some(cage.sum)),
            Some(cage.sum),
        );
    }
    let all = rules.constraints();
    let mut betweens = Vec::new();
    for c in all {
        match c {
            Constraint::Cage { cells, sum } => {
                push(Technique::KillerCage, cells.clone(), Test::Cage(*sum), *sum)
            }
            Constraint::Thermometer { cells } => push(
                Technique::Thermometer,
                cells.clone(),
                Test::Thermometer { strict: true },
                None,
            ),
            Constraint::SlowThermometer { cells } => push(
                Technique::Thermometer,
                cells.clone(),
                Test::Thermometer { strict: false },
                None,
            ),
            Constraint::Arrow { circle, line } => push(
                Technique::Arrow,
                circle.iter().chain(line).copied().collect(),
                Test::Arrow {
                    circle: circle.len(),
                },
                None,
            ),
            Constraint::LittleKiller { cells, sum } => push(
                Technique::LittleKiller,
                cells.clone(),
                Test::Sum(*sum),
                Some(*sum),
            ),
            Constraint::Dot { cells, kind, value } => {
                let technique = match kind {
                    PairKind::Sum => Technique::XV,
                    _ => Technique::KropkiDot,
                };
                push(
                    technique,
                    cells.to_vec(),
                    Test::Dot(*kind, *value),
                    Some(*value),
                )
            }
            Constraint::Even { cell } => {
                push(Technique::OddEven, vec![*cell], Test::Parity(false), None)
            }
            Constraint::Odd { cell } => {
                push(Technique::OddEven, vec![*cell], Test::Parity(true), None)
            }
            Constraint::Palindrome { cells } => {
                push(Technique::Palindrome, cells.clone(), Test::Palindrome, None)
            }
            Constraint::Whispers { cells } => push(
                Technique::Whispers,
                cells.clone(),
                Test::Whispers(side.div_ceil(2) as u32),
                None,
            ),
            Constraint::Renban { cells } => {
                push(Technique::Renban, cells.clone(), Test::Renban, None)
            }
            Constraint::BetweenLine { cells } if cells.len() >= 2 => {
                let mut order = vec![cells[0], cells[cells.len() - 1]];
                order.extend(&cells[1..cells.len() - 1]);
                betweens.push(SetterRule {
                    technique: Technique::BetweenLine,
                    cells: order,
                    shown: cells.clone(),
                    test: Test::Between,
                    shown_value: None,
                });
            }
            Constraint::NonConsecutive => {
                for (a, b) in orthogonal_pairs(side) {
                    push(
                        Technique::NonConsecutive,
                        vec![a, b],
                        Test::NonConsecutive,
                        None,
                    );
                }
            }
            Constraint::Negative { kind } => {
                for (a, b) in orthogonal_pairs(side) {
                    let marked = all.iter().any(|c| {
                        matches!(c, Constraint::Dot { cells, kind: k, .. }
                            if k == kind && (cells == &[a, b] || cells == &[b, a]))
                    });
                    if !marked {
                        let technique = match kind {
                            PairKind::Sum => Technique::XV,
                            _ => Technique::KropkiDot,
                        };
                        push(technique, vec![a, b], Test::NotDot(*kind), None);
                    }
                }
            }
            Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
                let min = matches!(c, Constraint::Minimum { .. });
                for (a, b) in orthogonal_pairs(side) {
                    let other = if a == *cell {
                        b
                    } else if b == *cell {
                        a
                    } else {
                        continue;
                    };
                    let cells = if min {
                        vec![*cell, other]
                    } else {
                        vec![other, *cell]
                    };
                    push(Technique::MinMax, cells, Test::Less, None);
                }
            }
            Constraint::Quadruple { cell, values } => {
                let mut values = values.clone();
                values.sort_unstable();
                let cells = vec![*cell, cell + 1, cell + side, cell + side + 1];
                push(Technique::Quadruple, cells, Test::Holds(values), None)
            }
            Constraint::EntropicLine { cells } if side.is_multiple_of(3) => {
                for w in cells.windows(3) {
                    push(Technique::EntropicLine, w.to_vec(), Test::Thirds, None);
                }
            }
            Constraint::Clone { cells, copy } => {
                for (&a, &b) in cells.iter().zip(copy) {
                    push(Technique::Clone, vec![a, b], Test::Equal, None);
                }
            }
            // issue 36, group B
            Constraint::WhispersBy { cells, difference } => push(
                Technique::Whispers,
                cells.clone(),
                Test::Whispers(*difference),
                Some(*difference),
            ),
            Constraint::RellikCage { cells, sum } => push(
                Technique::RellikCage,
                cells.clone(),
                Test::Rellik(*sum),
                Some(*sum),
            ),
            Constraint::EqualityCage { cells } => {
                push(Technique::EqualityCage, cells.clone(), Test::Equality, None)
            }
            Constraint::Lunchbox { cells, sum } => push(
                Technique::Lunchbox,
                cells.clone(),
                Test::Lunchbox(*sum),
                Some(*sum),
            ),
            Constraint::CountingCircles { cells } => push(
                Technique::CountingCircles,
                cells.clone(),
                Test::Counting,
                None,
            ),
            Constraint::GlobalEntropy | Constraint::GlobalModular => {
                let entropy = matches!(c, Constraint::GlobalEntropy);
                if !entropy || side.is_multiple_of(3) {
                    let technique = if entropy {
                        Technique::GlobalEntropy
                    } else {
                        Technique::GlobalModular
                    };
                    for r in 0..side.saturating_sub(1) {
                        for col in 0..side - 1 {
                            let cell = r * side + col;
                            let block = vec![cell, cell + 1, cell + side, cell + side + 1];
                            push(technique, block, Test::Classes(entropy), None);
                        }
                    }
                }
            }
            Constraint::DutchFlatmates => {
                for cell in 0..side * side {
                    let mut cells = vec![cell];
                    let above = cell >= side;
                    let below = cell + side < side * side;
                    if above {
                        cells.push(cell - side);
                    }
                    if below {
                        cells.push(cell + side);
                    }
                    push(
                        Technique::DutchFlatmates,
                        cells,
                        Test::Flatmate { above, below },
                        None,
                    );
                }
            }
            // issue 36, group A
            Constraint::Knightmare => {
                for (a, b) in offset_pairs(side, &[(1, 2), (2, 1), (1, -2), (2, -1)]) {
                    push(
                        Technique::Knightmare,
                        vec![a, b],
                        Test::NotSums(&[5, 15]),
                        None,
                    );
                }
            }
            Constraint::DiagonalNonConsecutive => {
                for (a, b) in offset_pairs(side, &[(1, 1), (1, -1)]) {
                    push(
                        Technique::DiagonalNonConsecutive,
                        vec![a, b],
                        Test::NonConsecutive,
                        None,
                    );
                }
            }
            Constraint::SelfTaxicab => {
                for d in 1..=side as isize {
                    let steps: Vec<(isize, isize)> = (0..=d)
                        .flat_map(|dr| [(dr, d - dr), (dr, dr - d)])
                        .filter(|&(dr, dc)| dr > 0 || (dr == 0 && dc > 0))
                        .collect();
                    let mut pairs = offset_pairs(side, &steps);
                    pairs.sort_unstable();
                    pairs.dedup();
                    for (a, b) in pairs {
                        push(
                            Technique::SelfTaxicab,
                            vec![a, b],
                            Test::NotBoth(d as u32),
                            Some(d as u32),
                        );
                    }
                }
            }
            Constraint::RowIndexer { cells }
            | Constraint::ColumnIndexer { cells }
            | Constraint::BoxIndexer { cells } => {
                // The indexer holds t + 1 exactly when the t-th cell of its
                // line holds the indexer's own place (rows, columns and
                // regions hold each value once, so this is the rule).
                let regions = rules.regions_of_cells();
                for &cell in cells {
                    let (row, col) = (cell / side, cell % side);
                    let line: Vec<usize> = match c {
                        Constraint::RowIndexer { .. } => {
                            (0..side).map(|r| r * side + col).collect()
                        }
                        Constraint::ColumnIndexer { .. } => {
                            (0..side).map(|k| row * side + k).collect()
                        }
                        _ => (0..side * side)
                            .filter(|&o| regions[o] == regions[cell])
                            .collect(),
                    };
                    let Some(own) = line.iter().position(|&o| o == cell) else {
                        continue;
                    };
                    for (t, &target) in line.iter().enumerate() {
                        if target != cell {
                            push(
                                Technique::Indexer,
                                vec![cell, target],
                                Test::Iff(t as u32 + 1, own as u32 + 1),
                                None,
                            );
                        }
                    }
                }
            }
            Constraint::ModularLine { cells } => {
                push(Technique::ModularLine, cells.clone(), Test::Modular, None)
            }
            Constraint::DigitalRootCage { cells, root } => push(
                Technique::DigitalRootCage,
                cells.clone(),
                Test::DigitalRoot(*root),
                Some(*root),
            ),
            Constraint::NabnerLine { cells } => {
                push(Technique::NabnerLine, cells.clone(), Test::Nabner, None)
            }
            Constraint::DoubleArrow { cells }
            | Constraint::ZipperLine { cells }
            | Constraint::LockoutLine { cells, .. } => {
                // Reordered for the test (ends first; a zipper's pairs
                // side by side, the centre last); shown in line order.
                let len = cells.len();
                let (technique, test, order) = match c {
                    Constraint::DoubleArrow { .. } => {
                        let mut order = vec![cells[0], cells[len - 1]];
                        order.extend(&cells[1..len - 1]);
                        (Technique::DoubleArrow, Test::DoubleArrow, order)
                    }
                    Constraint::LockoutLine { min_diff, .. } => {
                        let mut order = vec![cells[0], cells[len - 1]];
                        order.extend(&cells[1..len - 1]);
                        (Technique::LockoutLine, Test::Lockout(*min_diff), order)
                    }
                    _ => {
                        let mut order = Vec::with_capacity(len);
                        for i in 0..len / 2 {
                            order.push(cells[i]);
                            order.push(cells[len - 1 - i]);
                        }
                        if len % 2 == 1 {
                            order.push(cells[len / 2]);
                        }
                        (Technique::ZipperLine, Test::Zipper, order)
                    }
                };
                betweens.push(SetterRule {
                    technique,
                    cells: order,
                    shown: cells.clone(),
                    test,
                    shown_value: None,
                });
            }
            // issue 36, group C: a sum dot is the little killer's test.
            Constraint::SumDot { cells, sum } => push(
                Technique::SumDot,
                cells.clone(),
                Test::Sum(*sum),
                Some(*sum),
            ),
            c => betweens.extend(sums::rule(c, rules)),
        }
    }
    out.extend(betweens);
    out
}

impl SetterRule {
    /// Whether the filling `vals` of the first cells can still be
    /// completed (a cheap bound), or, when whole, keeps the rule.
    fn accepts(&self, vals: &[u32], side: u32) -> bool {
        let n = self.cells.len();
        let k = vals.len();
        let whole = k == n;
        let last = vals[k - 1];
        let left = (n - k) as u64;
        let sum: u64 = vals.iter().map(|&v| u64::from(v)).sum();
        match &self.test {
            Test::Cage(Some(s)) | Test::Sum(s) => {
                let s = u64::from(*s);
                sum + left <= s && sum + left * u64::from(side) >= s && (!whole || sum == s)
            }
            Test::Cage(None) => true,
            Test::Thermometer { strict } => {
                k < 2
                    || if *strict {
                        vals[k - 2] < last
                    } else {
                        vals[k - 2] <= last
                    }
            }
            Test::Arrow { circle } => {
                if k <= *circle {
                    return true;
                }
                let number = vals[..*circle].iter().fold(0u64, |acc, &d| {
                    acc.saturating_mul(10).saturating_add(u64::from(d))
                });
                let line = sum - vals[..*circle].iter().map(|&v| u64::from(v)).sum::<u64>();
                line + left <= number
                    && line + left * u64::from(side) >= number
                    && (!whole || line == number)
            }
            Test::Dot(kind, value) => !whole || kind.holds(*value, vals[0], vals[1]),
            Test::NotDot(kind) => {
                !whole
                    || kind
                        .negative_values()
                        .iter()
                        .all(|&k| !kind.holds(k, vals[0], vals[1]))
            }
            Test::Parity(odd) => (last % 2 == 1) == *odd,
            Test::Palindrome => {
                let mirror = n - k;
                mirror >= k || vals[mirror] == last
            }
            Test::Whispers(gap) => k < 2 || vals[k - 2].abs_diff(last) >= *gap,
            Test::Renban => {
                let (lo, hi) = vals
                    .iter()
                    .fold((u32::MAX, 0), |(lo, hi), &v| (lo.min(v), hi.max(v)));
                vals[..k - 1].iter().all(|&v| v != last) && ((hi - lo) as usize) < n
            }
            Test::Between => {
                if k <= 2 {
                    return k < 2 || vals[0] != vals[1] || n == 2;
                }
                let (lo, hi) = (vals[0].min(vals[1]), vals[0].max(vals[1]));
                lo < last && last < hi
            }
            Test::NonConsecutive => !whole || vals[0].abs_diff(vals[1]) != 1,
            Test::Less => !whole || vals[0] < vals[1],
            Test::Holds(values) => {
                // The listed values not yet placed must fit the cells left.
                let mut missing = 0usize;
                let mut used = vec![false; k];
                for &want in values {
                    match (0..k).find(|&j| !used[j] && vals[j] == want) {
                        Some(j) => used[j] = true,
                        None => missing += 1,
                    }
                }
                missing <= n - k
            }
            Test::Thirds => {
                let third = |v: u32| (v - 1) / (side / 3).max(1);
                vals[..k - 1].iter().all(|&v| third(v) != third(last))
            }
            Test::Equal => !whole || vals[0] == vals[1],
            // issue 36, group B
            Test::Rellik(s) => {
                // No set of the values so far may add up to the sum (a set
                // of some is a set of all).
                let mut totals = std::collections::BTreeSet::new();
                for &v in vals {
                    let grown: Vec<u64> = totals.iter().map(|t| t + u64::from(v)).collect();
                    totals.extend(grown);
                    totals.insert(u64::from(v));
                }
                !totals.contains(&u64::from(*s))
            }
            Test::Equality => {
                let half = side / 2;
                let count = |f: &dyn Fn(u32) -> bool| vals.iter().filter(|&&v| f(v)).count();
                let most = n / 2;
                n.is_multiple_of(2)
                    && count(&|v| v > half && v <= side - half) == 0
                    && count(&|v| v % 2 == 1) <= most
                    && count(&|v| v % 2 == 0) <= most
                    && count(&|v| v <= half) <= most
                    && count(&|v| v > side - half) <= most
            }
            Test::Lunchbox(s) => {
                if !whole {
                    return true;
                }
                let at = |want: Option<&u32>| vals.iter().position(|v| Some(v) == want);
                match (at(vals.iter().min()), at(vals.iter().max())) {
                    (Some(a), Some(b)) => {
                        let (a, b) = (a.min(b), a.max(b));
                        let inside: u64 = vals[a..b].iter().skip(1).map(|&v| u64::from(v)).sum();
                        inside == u64::from(*s)
                    }
                    _ => false,
                }
            }
            Test::Counting => {
                // A value may not be held more often than it says, and when
                // whole exactly as often.
                let times = |x: u32| vals.iter().filter(|&&v| v == x).count();
                vals.iter().all(|&v| {
                    let t = times(v);
                    t <= v as usize && (!whole || t == v as usize)
                })
            }
            Test::Classes(entropy) => {
                let class = |v: u32| {
                    if *entropy {
                        (v - 1) / (side / 3).max(1)
                    } else {
                        v % 3
                    }
                };
                let mut seen = [false; 3];
                for &v in vals {
                    seen[class(v) as usize] = true;
                }
                let missing = seen.iter().filter(|&&s| !s).count();
                missing <= n - k
            }
            Test::Flatmate { above, below } => {
                if !whole || vals[0] != side.div_ceil(2) {
                    return true;
                }
                (*above && vals[1] == 1) || (*below && vals[n - 1] == side)
            }
            // issue 36, group A
            Test::NotSums(sums) => !whole || !sums.contains(&(vals[0] + vals[1])),
            Test::NotBoth(d) => !whole || vals[0] != *d || vals[1] != *d,
            Test::Iff(a, b) => !whole || (vals[0] == *a) == (vals[1] == *b),
            Test::Modular => {
                let at = k - 1;
                (0..at).all(|j| (at - j).is_multiple_of(3) == (vals[j] % 3 == last % 3))
            }
            Test::Nabner => vals[..k - 1].iter().all(|&v| v.abs_diff(last) > 1),
            Test::DoubleArrow => {
                if k < 2 {
                    return true;
                }
                let target = u64::from(vals[0]) + u64::from(vals[1]);
                let inner = sum - target;
                inner + left <= target
                    && inner + left * u64::from(side) >= target
                    && (!whole || inner == target)
            }
            Test::Zipper => {
                if k < 2 {
                    return true;
                }
                let total = vals[0] + vals[1];
                // A finished pair, or the centre: the last cell of an odd
                // line.
                if k.is_multiple_of(2) {
                    vals[k - 2] + last == total
                } else {
                    !whole || last == total
                }
            }
            Test::Lockout(d) => {
                if k < 2 {
                    return true;
                }
                let (lo, hi) = (vals[0].min(vals[1]), vals[0].max(vals[1]));
                hi - lo >= *d && (k == 2 || last < lo || last > hi)
            }
            Test::DigitalRoot(root) => !whole || 1 + (sum - 1) % 9 == u64::from(*root),
            Test::Line(line) => line.accepts(vals, n, side),
        }
    }

    /// Per cell, the values some accepted filling gives it; `None` when
    /// the budget ran out.
    fn supports(&self, c: &Candidates) -> Option<Vec<u64>> {
        let houses = c.houses();
        let side = c.side() as u32;
        let n = self.cells.len();
        let domain: Vec<u64> = self
            .cells
            .iter()
            .map(|&cell| match c.value(cell) {
                Some(v) => bit(v),
                None => c.mask(cell),
            })
            .collect();
        let distinct_all = matches!(
            self.test,
            Test::Cage(_)
                | Test::Renban
                | Test::DigitalRoot(_)
                | Test::Rellik(_)
                | Test::Equality
                | Test::Lunchbox(_)
        );
        let differ: Vec<Vec<bool>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        i != j
                            && self.cells[i] != self.cells[j]
                            && (distinct_all || houses.sees(self.cells[i], self.cells[j]))
                    })
                    .collect()
            })
            .collect();
        // For each candidate not yet seen in a filling, look for a
        // filling with it; each filling found supports all its values.
        let mut support = vec![0u64; n];
        let mut nodes = 0u32;
        for i in 0..n {
            let mut todo = domain[i] & !support[i];
            while todo != 0 {
                let v = todo & todo.wrapping_neg();
                todo &= todo - 1;
                if support[i] & v != 0 {
                    continue;
                }
                let mut fixed = domain.clone();
                fixed[i] = v;
                match self.first_filling(&fixed, &differ, side, &mut nodes) {
                    Err(()) => return None,
                    Ok(Some(vals)) => {
                        for (s, &x) in support.iter_mut().zip(&vals) {
                            *s |= bit(x as usize);
                        }
                    }
                    Ok(None) => {}
                }
            }
        }
        Some(support)
    }

    /// A filling of the cells from `domain` that the rule accepts, if
    /// any; `Err` once `nodes` passes the budget.
    fn first_filling(
        &self,
        domain: &[u64],
        differ: &[Vec<bool>],
        side: u32,
        nodes: &mut u32,
    ) -> Result<Option<Vec<u32>>, ()> {
        let n = self.cells.len();
        let mut vals: Vec<u32> = Vec::with_capacity(n);
        // Iterative search: `next[k]` the candidates of position k left.
        let mut next: Vec<u64> = vec![0; n];
        next[0] = domain[0];
        let mut k = 0usize;
        loop {
            if next[k] == 0 {
                if k == 0 {
                    return Ok(None);
                }
                k -= 1;
                vals.pop();
                continue;
            }
            let v = next[k].trailing_zeros() + 1;
            next[k] &= next[k] - 1;
            *nodes += 1;
            if *nodes > BUDGET {
                return Err(());
            }
            let b = 1u64 << (v - 1);
            if (0..k).any(|j| differ[k][j] && vals[j] == v)
                || (0..k).any(|j| self.cells[j] == self.cells[k] && vals[j] != v)
                || (k + 1..n).any(|j| differ[k][j] && domain[j] == b)
            {
                continue;
            }
            vals.push(v);
            if !self.accepts(&vals, side) {
                vals.pop();
                continue;
            }
            if k + 1 == n {
                return Ok(Some(vals));
            }
            k += 1;
            next[k] = domain[k];
        }
    }

    /// The step this rule gives in `c`, if it removes a candidate.
    fn step(&self, c: &Candidates) -> Option<Step> {
        if self.cells.iter().all(|&cell| c.value(cell).is_some()) {
            return None;
        }
        let support = self.supports(c)?;
        let mut removed: Vec<(usize, u64)> = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            let gone = c.mask(cell) & !support[i];
            if gone != 0 {
                match removed.iter_mut().find(|(x, _)| *x == cell) {
                    Some((_, m)) => *m |= gone,
                    None => removed.push((cell, gone)),
                }
            }
        }
        if removed.is_empty() {
            return None;
        }
        removed.sort_unstable();
        let reason = Reason {
            cells: self.shown.clone(),
            values: self
                .shown_value
                .and_then(|v| u16::try_from(v).ok())
                .into_iter()
                .collect(),
            houses: Vec::new(),
            chain: Vec::new(),
        };
        Some(Step::eliminating(
            self.technique,
            DIFFICULTY,
            c.side(),
            removed,
            reason,
        ))
    }
}

/// The first constraint step, in the order of the rules.
pub fn constraint_step(c: &Candidates) -> Option<Step> {
    c.houses().setter_rules().iter().find_map(|r| r.step(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Houses;
    use std::sync::Arc;
    use sudoku::{Grid, Shape, Variant};

    fn with(constraints: Vec<Constraint>) -> Candidates {
        let shape = Shape::square(3).unwrap();
        let variant = Variant {
            constraints,
            ..Variant::default()
        };
        let rules = variant.rules(shape).unwrap();
        let houses = Arc::new(Houses::new(&rules).unwrap());
        Candidates::with_houses(houses, &Grid::empty(shape)).unwrap()
    }

    fn effects(step: &Step) -> Vec<(String, Vec<u16>)> {
        step.eliminations
            .iter()
            .map(|e| (step.cell_name(e.cell), e.values.clone()))
            .collect()
    }

    #[test]
    fn killer_cage_of_two_cells_adding_to_3_is_1_and_2() {
        // Two different values adding to 3: 1 + 2 only.
        let c = with(vec![Constraint::Cage {
            cells: vec![0, 1],
            sum: Some(3),
        }]);
        let step = constraint_step(&c).expect("a cage step");
        assert_eq!(step.technique, Technique::KillerCage);
        let rest: Vec<u16> = (3..=9).collect();
        assert_eq!(
            effects(&step),
            vec![("r1c1".into(), rest.clone()), ("r1c2".into(), rest)]
        );
        assert!(
            step.text().starts_with("killer cage 3 on r1c1, r1c2: "),
            "{}",
            step.text()
        );
    }

    #[test]
    fn killer_cage_sum_combinations_in_a_cage_of_three() {
        // 3 cells to 23 (different values): only {6, 8, 9}: every cell
        // loses 1-5 and 7.
        let c = with(vec![Constraint::Cage {
            cells: vec![0, 1, 10],
            sum: Some(23),
        }]);
        let step = constraint_step(&c).unwrap();
        for e in &step.eliminations {
            assert_eq!(e.values, vec![1, 2, 3, 4, 5, 7]);
        }
        assert_eq!(step.eliminations.len(), 3);
    }

    #[test]
    fn thermometer_of_four_cells() {
        // A 4-cell thermometer on 1..9: cell k (0-based) takes k+1..=k+6.
        let c = with(vec![Constraint::Thermometer {
            cells: vec![0, 1, 2, 3],
        }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::Thermometer);
        assert_eq!(
            effects(&step),
            vec![
                ("r1c1".into(), vec![7, 8, 9]),
                ("r1c2".into(), vec![1, 8, 9]),
                ("r1c3".into(), vec![1, 2, 9]),
                ("r1c4".into(), vec![1, 2, 3]),
            ]
        );
        assert!(step
            .text()
            .starts_with("thermometer on r1c1, r1c2, r1c3, r1c4: r1c1 cannot be 7, 8 or 9"));
    }

    #[test]
    fn arrow_dots_and_parity() {
        // An arrow from r1c1 over r2c2, r3c3 (a box: all different): the
        // circle is at least 1 + 2 = 3.
        let c = with(vec![Constraint::Arrow {
            circle: vec![0],
            line: vec![10, 20],
        }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::Arrow);
        assert_eq!(effects(&step)[0], ("r1c1".into(), vec![1, 2]));
        // The line: the other two, the circle at most 9, so each at most 8
        // and, being different, the pair 1+8 at most: 9 goes.
        assert!(effects(&step)[1..].iter().all(|(_, v)| v == &vec![9]));
        // A black Kropki dot (ratio 2): 5, 7 and 9 have no partner.
        let c = with(vec![Constraint::Dot {
            cells: [0, 1],
            kind: PairKind::Ratio,
            value: 2,
        }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::KropkiDot);
        assert_eq!(effects(&step)[0], ("r1c1".into(), vec![5, 7, 9]));
        // An X (sum 10) on r1c1-r1c2: 5 would need 5 beside it in a row.
        let c = with(vec![Constraint::Dot {
            cells: [0, 1],
            kind: PairKind::Sum,
            value: 10,
        }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::XV);
        assert_eq!(effects(&step)[0], ("r1c1".into(), vec![5]));
        let c = with(vec![Constraint::Even { cell: 40 }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(effects(&step), vec![("r5c5".into(), vec![1, 3, 5, 7, 9])]);
    }

    #[test]
    fn quadruple_entropic_and_clone() {
        // A quadruple 1, 2 on r1c1's 2x2 block: any cell can hold any
        // value with 1 and 2 in two others, so there is no step.
        let c = with(vec![Constraint::Quadruple {
            cell: 0,
            values: vec![1, 2],
        }]);
        assert!(constraint_step(&c).is_none());
        // With r1c1 = 5 and r1c2 = 6 placed, 1 and 2 fill r2c1, r2c2.
        let mut c = with(vec![Constraint::Quadruple {
            cell: 0,
            values: vec![1, 2],
        }]);
        c.place(0, 5);
        c.place(1, 6);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::Quadruple);
        assert_eq!(
            effects(&step),
            vec![
                ("r2c1".into(), vec![3, 4, 7, 8, 9]),
                ("r2c2".into(), vec![3, 4, 7, 8, 9])
            ]
        );
        // An entropic line r1c1-r1c3 with r1c1 = 2 (low): the others lose
        // 1 and 3.
        let mut c = with(vec![Constraint::EntropicLine {
            cells: vec![0, 1, 2],
        }]);
        c.place(0, 2);
        let step = constraint_step(&c).unwrap();
        assert_eq!(
            effects(&step),
            vec![("r1c2".into(), vec![1, 3]), ("r1c3".into(), vec![1, 3])]
        );
        // A palindrome r1c1, r1c2, r4c3: its ends are equal, so with 9
        // gone from r4c3, r1c1 loses 9.
        let mut c = with(vec![Constraint::Palindrome {
            cells: vec![0, 1, 29],
        }]);
        c.eliminate(29, bit(9));
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::Palindrome);
        assert_eq!(effects(&step), vec![("r1c1".into(), vec![9])]);
        // Non-consecutive with r1c1 = 5: its neighbours lose 4 and 6.
        let mut c = with(vec![Constraint::NonConsecutive]);
        c.place(0, 5);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::NonConsecutive);
        assert_eq!(effects(&step), vec![("r1c2".into(), vec![4, 6])]);
        // A clone of r1c1 at r5c5, with r5c5's 9 removed: r1c1 loses 9.
        let mut c = with(vec![Constraint::Clone {
            cells: vec![0],
            copy: vec![40],
        }]);
        c.eliminate(40, bit(9));
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::Clone);
        assert_eq!(effects(&step), vec![("r1c1".into(), vec![9])]);
    }

    #[test]
    fn lines() {
        // Whispers on 9x9: neighbours differ by at least 5, so 5 has none.
        let c = with(vec![Constraint::Whispers {
            cells: vec![0, 1, 2],
        }]);
        let step = constraint_step(&c).unwrap();
        assert!(step.eliminations.iter().all(|e| e.values.contains(&5)));
        // A between line r1c1-r1c4: the middle cells lie strictly between
        // the ends, so neither is 1 or 9; any end value has a partner.
        let c = with(vec![Constraint::BetweenLine {
            cells: vec![0, 1, 2, 3],
        }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::BetweenLine);
        assert_eq!(
            effects(&step),
            vec![("r1c2".into(), vec![1, 9]), ("r1c3".into(), vec![1, 9])]
        );
        // A renban of 9 in a row holds 1..9: nothing to remove (and the
        // search stays within its budget on 9! orders).
        let c = with(vec![Constraint::Renban {
            cells: (0..9).collect(),
        }]);
        assert!(constraint_step(&c).is_none());
        let rule = &c.houses().setter_rules()[0];
        assert_eq!(rule.supports(&c), Some(vec![0x1ff; 9]));
        // A renban of 3 cells with r1c1 = 1 (an even cell ... ): 1 fixed,
        // the run is 1-2-3, so the other two lose 4..9.
        let mut c = with(vec![Constraint::Renban {
            cells: vec![0, 1, 2],
        }]);
        c.place(0, 1);
        let step = constraint_step(&c).unwrap();
        assert_eq!(
            effects(&step),
            vec![
                ("r1c2".into(), (4..=9).collect()),
                ("r1c3".into(), (4..=9).collect())
            ]
        );
    }

    // issue 36, group B

    fn values(range: std::ops::RangeInclusive<u16>, but: &[u16]) -> Vec<u16> {
        range.filter(|v| !but.contains(v)).collect()
    }

    #[test]
    fn group_b_steps_remove_what_their_rules_forbid() {
        // A rellik cage of two cells never 3 (1 + 2 is a set of two values
        // and 3 a set of one).
        let c = with(vec![Constraint::RellikCage {
            cells: vec![0, 1],
            sum: 3,
        }]);
        let step = constraint_step(&c).expect("a rellik step");
        assert_eq!(step.technique, Technique::RellikCage);
        assert_eq!(
            effects(&step),
            vec![("r1c1".into(), vec![3]), ("r1c2".into(), vec![3])]
        );
        // An equality cage on 9x9 never holds the middle 5.
        let c = with(vec![Constraint::EqualityCage { cells: vec![0, 1] }]);
        let step = constraint_step(&c).expect("an equality step");
        assert_eq!(step.technique, Technique::EqualityCage);
        assert_eq!(
            effects(&step),
            vec![("r1c1".into(), vec![5]), ("r1c2".into(), vec![5])]
        );
        // A lunchbox of three cells adding up to 8: the middle is 8 (its
        // ends the smallest and the largest), so the ends are not 8.
        let c = with(vec![Constraint::Lunchbox {
            cells: vec![0, 1, 2],
            sum: 8,
        }]);
        let step = constraint_step(&c).expect("a lunchbox step");
        assert_eq!(step.technique, Technique::Lunchbox);
        assert_eq!(
            effects(&step),
            vec![
                ("r1c1".into(), vec![8]),
                ("r1c2".into(), values(1..=9, &[8])),
                ("r1c3".into(), vec![8]),
            ]
        );
        // A single counting circle holds 1.
        let c = with(vec![Constraint::CountingCircles { cells: vec![40] }]);
        let step = constraint_step(&c).expect("a counting step");
        assert_eq!(step.technique, Technique::CountingCircles);
        assert_eq!(effects(&step), vec![("r5c5".into(), values(2..=9, &[]))]);
        // Whispers by 8 hold 1 and 9 only.
        let c = with(vec![Constraint::WhispersBy {
            cells: vec![0, 10],
            difference: 8,
        }]);
        let step = constraint_step(&c).expect("a whispers step");
        assert_eq!(step.technique, Technique::Whispers);
        assert_eq!(
            effects(&step),
            vec![
                ("r1c1".into(), values(2..=8, &[])),
                ("r2c2".into(), values(2..=8, &[])),
            ]
        );
    }

    #[test]
    fn group_b_line_rules_are_setter_rules() {
        let shape = Shape::square(3).unwrap();
        let variant = Variant {
            constraints: vec![
                Constraint::SumLine {
                    cells: vec![0, 1],
                    sum: 10,
                    looped: false,
                },
                Constraint::NumberedRoom {
                    line: (0..9).collect(),
                    value: 3,
                },
                Constraint::HiddenSkyscraper {
                    line: (0..9).collect(),
                    value: 3,
                },
                Constraint::GlobalModular,
            ],
            ..Variant::default()
        };
        let rules = variant.rules(shape).unwrap();
        assert!(unsupported(&rules).is_empty());
        let techniques: Vec<Technique> = rules_of(&rules).iter().map(|r| r.technique).collect();
        for t in [
            Technique::SumLine,
            Technique::NumberedRoom,
            Technique::HiddenSkyscraper,
        ] {
            assert!(techniques.contains(&t), "{t} missing: {techniques:?}");
        }
    }

    // issue 36, group A

    #[test]
    fn knightmare_diagonal_non_consecutive_self_taxicab_and_indexers() {
        // Knightmare with r1c1 = 1: r2c3 (a knight away) loses 4 (1 + 4 = 5).
        let mut c = with(vec![Constraint::Knightmare]);
        c.place(0, 1);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::Knightmare);
        assert_eq!(effects(&step), vec![("r2c3".into(), vec![4])]);
        // Diagonal non-consecutive with r1c1 = 5: r2c2 loses 4 and 6.
        let mut c = with(vec![Constraint::DiagonalNonConsecutive]);
        c.place(0, 5);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::DiagonalNonConsecutive);
        assert_eq!(effects(&step), vec![("r2c2".into(), vec![4, 6])]);
        // Self-taxicab with r5c5 = 3: r3c4 (2 rows and 1 column away, not
        // a peer) loses 3; it comes first in reading order.
        let mut c = with(vec![Constraint::SelfTaxicab]);
        c.place(40, 3);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::SelfTaxicab);
        assert_eq!(effects(&step), vec![("r3c4".into(), vec![3])]);
        // A column indexer at r1c1 with r1c5 = 1: r1c1 = 2 would put the
        // 1 in r1c2, which cannot hold it now, so 2 goes.
        let mut c = with(vec![Constraint::ColumnIndexer { cells: vec![0] }]);
        c.place(4, 1);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::Indexer);
        assert_eq!(effects(&step), vec![("r1c1".into(), vec![2])]);
    }

    #[test]
    fn group_a_lines() {
        // A double arrow r1c1 .. r1c4 with r1c1 = 1 and r1c4 = 5: the two
        // cells between add up to 6, different and not 1 or 5 (the row):
        // 2 + 4 only, so both lose 3, 6, 7, 8 and 9.
        let mut c = with(vec![Constraint::DoubleArrow {
            cells: vec![0, 1, 2, 3],
        }]);
        c.place(0, 1);
        c.place(3, 5);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::DoubleArrow);
        let gone = vec![3, 6, 7, 8, 9];
        assert_eq!(
            effects(&step),
            vec![("r1c2".into(), gone.clone()), ("r1c3".into(), gone)]
        );
        // A lockout line r1c1 - r1c2 - r1c3 with ends 3 and 8 (difference
        // 5 >= 4): the middle lies outside 3..8, so it loses 4 to 7.
        let mut c = with(vec![Constraint::LockoutLine {
            cells: vec![0, 1, 2],
            min_diff: 4,
        }]);
        c.place(0, 3);
        c.place(2, 8);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::LockoutLine);
        assert_eq!(effects(&step), vec![("r1c2".into(), vec![4, 5, 6, 7])]);
        // A zipper r1c1 - r1c2 - r1c3 with r1c2 (the centre) = 3: the ends
        // add up to 3, so they are 1 and 2: each loses 4 to 9.
        let mut c = with(vec![Constraint::ZipperLine {
            cells: vec![0, 1, 2],
        }]);
        c.place(1, 3);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::ZipperLine);
        let rest: Vec<u16> = (4..=9).collect();
        assert_eq!(
            effects(&step),
            vec![("r1c1".into(), rest.clone()), ("r1c3".into(), rest)]
        );
        // A modular line r1c1 - r1c2 with r1c1 = 3: r1c2 loses 6 and 9.
        let mut c = with(vec![Constraint::ModularLine { cells: vec![0, 1] }]);
        c.place(0, 3);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::ModularLine);
        assert_eq!(effects(&step), vec![("r1c2".into(), vec![6, 9])]);
        // A nabner line r1c1 - r2c2 with r1c1 = 5: r2c2 loses 4 and 6.
        let mut c = with(vec![Constraint::NabnerLine { cells: vec![0, 10] }]);
        c.place(0, 5);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::NabnerLine);
        assert_eq!(effects(&step), vec![("r2c2".into(), vec![4, 6])]);
        // A digital-root cage of two cells, root 3: sums 3 or 12 (1 + 2,
        // 3 + 9, 4 + 8, 5 + 7); 6 would need another 6, so it goes.
        let c = with(vec![Constraint::DigitalRootCage {
            cells: vec![0, 1],
            root: 3,
        }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::DigitalRootCage);
        assert_eq!(
            effects(&step),
            vec![("r1c1".into(), vec![6]), ("r1c2".into(), vec![6])]
        );
    }

    // issue 36, group C
    #[test]
    fn sum_dots_are_steps() {
        // A sum dot of 3 on the border r1c1|r1c2: 1 + 2 only, so both
        // lose 3 to 9.
        let c = with(vec![Constraint::SumDot {
            cells: vec![0, 1],
            sum: 3,
        }]);
        let step = constraint_step(&c).unwrap();
        assert_eq!(step.technique, Technique::SumDot);
        let rest: Vec<u16> = (3..=9).collect();
        assert_eq!(
            effects(&step),
            vec![("r1c1".into(), rest.clone()), ("r1c2".into(), rest)]
        );
        let rules = Variant {
            constraints: vec![Constraint::SumDot {
                cells: vec![0, 1],
                sum: 3,
            }],
            ..Variant::default()
        }
        .rules(Shape::square(3).unwrap())
        .unwrap();
        assert!(unsupported(&rules).is_empty());
    }
}
