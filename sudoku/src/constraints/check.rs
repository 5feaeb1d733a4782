//! Each constraint by its definition, on a full grid: what
//! [`crate::Rules::is_solution`] checks every solution with. Written apart
//! from the propagators (`compile.rs`) and as plainly as possible.

use super::{
    blocks_2x2, disjoint_groups, flatmate_value, move_pairs, orthogonal_pairs, region_segments,
    third, Constraint, KING, KNIGHT,
};
// issue 36, group A
use super::{leaps, region_cells, taxicab_pairs, DIAGONAL};
use crate::Shape;

fn distinct(values: &[u32]) -> bool {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.windows(2).all(|w| w[0] != w[1])
}

fn neighbours(cell: usize, n: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::new();
    if r > 0 {
        out.push(cell - n);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    out
}

pub(super) fn holds(
    constraint: &Constraint,
    shape: Shape,
    grid: &[u16],
    all: &[Constraint],
    regions: &[usize],
) -> bool {
    let n = shape.side() as usize;
    let v = |cell: usize| u32::from(grid[cell]);
    let vals = |cells: &[usize]| cells.iter().map(|&c| v(c)).collect::<Vec<u32>>();
    match constraint {
        Constraint::Thermometer { cells } => vals(cells).windows(2).all(|w| w[0] < w[1]),
        Constraint::SlowThermometer { cells } => vals(cells).windows(2).all(|w| w[0] <= w[1]),
        Constraint::Arrow { circle, line } => {
            let number = vals(circle)
                .iter()
                .fold(0u64, |acc, &d| acc * 10 + u64::from(d));
            let total: u64 = vals(line).iter().map(|&d| u64::from(d)).sum();
            number == total
        }
        Constraint::Cage { cells, sum } => {
            let values = vals(cells);
            distinct(&values) && sum.is_none_or(|s| values.iter().sum::<u32>() == s)
        }
        Constraint::LittleKiller { cells, sum } => vals(cells).iter().sum::<u32>() == *sum,
        Constraint::Sandwich { line, sum } => {
            let values = vals(line);
            let one = values.iter().position(|&x| x == 1);
            let top = values.iter().position(|&x| x == n as u32);
            match (one, top) {
                (Some(a), Some(b)) => {
                    let (lo, hi) = (a.min(b), a.max(b));
                    values[lo + 1..hi].iter().sum::<u32>() == *sum
                }
                _ => false,
            }
        }
        Constraint::XSum { line, sum } => {
            let values = vals(line);
            let x = values[0] as usize;
            x <= values.len() && values[..x].iter().sum::<u32>() == *sum
        }
        Constraint::Skyscraper { line, count } => {
            let mut tallest = 0;
            let mut seen = 0;
            for x in vals(line) {
                if x > tallest {
                    tallest = x;
                    seen += 1;
                }
            }
            seen == *count
        }
        Constraint::Dot { cells, kind, value } => kind.holds(*value, v(cells[0]), v(cells[1])),
        Constraint::Negative { kind } => orthogonal_pairs(n).into_iter().all(|(a, b)| {
            let marked = all.iter().any(|c| {
                matches!(c, Constraint::Dot { cells, kind: k, .. }
                    if k == kind && (cells == &[a, b] || cells == &[b, a]))
            });
            marked
                || kind
                    .negative_values()
                    .iter()
                    .all(|&k| !kind.holds(k, v(a), v(b)))
        }),
        Constraint::NonConsecutive => orthogonal_pairs(n)
            .into_iter()
            .all(|(a, b)| v(a).abs_diff(v(b)) != 1),
        Constraint::AntiKnight => move_pairs(n, &KNIGHT)
            .into_iter()
            .all(|(a, b)| v(a) != v(b)),
        Constraint::AntiKing => move_pairs(n, &KING).into_iter().all(|(a, b)| v(a) != v(b)),
        Constraint::DiagonalPositive => distinct(&vals(
            &(0..n).map(|i| (n - 1 - i) * n + i).collect::<Vec<_>>(),
        )),
        Constraint::DiagonalNegative => {
            distinct(&vals(&(0..n).map(|i| i * n + i).collect::<Vec<_>>()))
        }
        Constraint::ExtraRegion { cells } => distinct(&vals(cells)),
        Constraint::Windoku => match crate::windows::windows(shape) {
            Ok(windows) => windows.iter().all(|w| distinct(&vals(w))),
            Err(_) => false,
        },
        Constraint::DisjointGroups => disjoint_groups(shape).iter().all(|g| distinct(&vals(g))),
        Constraint::Even { cell } => v(*cell) % 2 == 0,
        Constraint::Odd { cell } => v(*cell) % 2 == 1,
        Constraint::Minimum { cell } => neighbours(*cell, n).iter().all(|&o| v(*cell) < v(o)),
        Constraint::Maximum { cell } => neighbours(*cell, n).iter().all(|&o| v(*cell) > v(o)),
        Constraint::Quadruple { cell, values } => {
            let mut block = vals(&[*cell, cell + 1, cell + n, cell + n + 1]);
            values
                .iter()
                .all(|want| match block.iter().position(|x| x == want) {
                    Some(i) => {
                        block.remove(i);
                        true
                    }
                    None => false,
                })
        }
        Constraint::Palindrome { cells } => {
            let values = vals(cells);
            values.iter().eq(values.iter().rev())
        }
        Constraint::Renban { cells } => {
            let values = vals(cells);
            let (lo, hi) = (values.iter().min(), values.iter().max());
            distinct(&values)
                && matches!((lo, hi), (Some(lo), Some(hi)) if (hi - lo) as usize + 1 == values.len())
        }
        Constraint::Whispers { cells } => {
            let gap = (n as u32).div_ceil(2);
            vals(cells).windows(2).all(|w| w[0].abs_diff(w[1]) >= gap)
        }
        Constraint::RegionSumLine { cells } => {
            let sums: Vec<u32> = region_segments(cells, regions)
                .iter()
                .map(|seg| vals(seg).iter().sum())
                .collect();
            sums.windows(2).all(|w| w[0] == w[1])
        }
        Constraint::BetweenLine { cells } => {
            let values = vals(cells);
            let (a, b) = (values[0], values[values.len() - 1]);
            let (lo, hi) = (a.min(b), a.max(b));
            values[1..values.len() - 1]
                .iter()
                .all(|&x| lo < x && x < hi)
        }
        Constraint::EntropicLine { cells } => {
            let classes: Vec<u32> = vals(cells).iter().map(|&x| third(x, n as u32)).collect();
            n.is_multiple_of(3) && classes.windows(3).all(distinct)
        }
        Constraint::Clone { cells, copy } => vals(cells) == vals(copy),
        // issue 36, group B
        Constraint::SumLine { cells, sum, looped } => {
            let values = vals(cells);
            if *looped {
                (0..values.len()).any(|start| {
                    let turned: Vec<u32> = values[start..]
                        .iter()
                        .chain(&values[..start])
                        .copied()
                        .collect();
                    splits_into_sums(&turned, *sum)
                })
            } else {
                splits_into_sums(&values, *sum)
            }
        }
        Constraint::RellikCage { cells, sum } => {
            let values = vals(cells);
            distinct(&values) && !some_subset_adds_to(&values, u64::from(*sum))
        }
        Constraint::EqualityCage { cells } => {
            let values = vals(cells);
            let half = n as u32 / 2;
            let odd = values.iter().filter(|&&x| x % 2 == 1).count();
            let low = values.iter().filter(|&&x| x <= half).count();
            let high = values.iter().filter(|&&x| x > n as u32 - half).count();
            distinct(&values)
                && 2 * odd == values.len()
                && low == high
                && low + high == values.len()
        }
        Constraint::Lunchbox { cells, sum } => {
            let values = vals(cells);
            let at = |want: Option<&u32>| values.iter().position(|x| Some(x) == want);
            match (at(values.iter().min()), at(values.iter().max())) {
                (Some(a), Some(b)) if distinct(&values) => {
                    let (a, b) = (a.min(b), a.max(b));
                    let inside: u64 = values[a..b].iter().skip(1).map(|&x| u64::from(x)).sum();
                    inside == u64::from(*sum)
                }
                _ => false,
            }
        }
        Constraint::HiddenSkyscraper { line, value } => {
            let values = vals(line);
            let mut tallest = 0;
            for x in values {
                if x < tallest {
                    return x == *value;
                }
                tallest = x;
            }
            false
        }
        Constraint::NumberedRoom { line, value } => {
            let values = vals(line);
            let x = values[0] as usize;
            x >= 1 && x <= values.len() && values[x - 1] == *value
        }
        Constraint::CountingCircles { cells } => {
            let values = vals(cells);
            values
                .iter()
                .all(|&x| values.iter().filter(|&&y| y == x).count() == x as usize)
        }
        Constraint::GlobalEntropy => {
            n.is_multiple_of(3)
                && blocks_2x2(n)
                    .iter()
                    .all(|block| (0..3).all(|k| block.iter().any(|&c| third(v(c), n as u32) == k)))
        }
        Constraint::GlobalModular => blocks_2x2(n)
            .iter()
            .all(|block| (0..3).all(|k| block.iter().any(|&c| v(c) % 3 == k))),
        Constraint::DutchFlatmates => {
            let middle = flatmate_value(n as u32);
            (0..n * n).filter(|&c| v(c) == middle).all(|c| {
                let above = c >= n && v(c - n) == 1;
                let below = c + n < n * n && v(c + n) == n as u32;
                above || below
            })
        }
        Constraint::WhispersBy { cells, difference } => vals(cells)
            .windows(2)
            .all(|w| w[0].abs_diff(w[1]) >= *difference),
        // issue 36, group A
        Constraint::Leaper { offsets } => move_pairs(n, &leaps(offsets))
            .into_iter()
            .all(|(a, b)| v(a) != v(b)),
        Constraint::Knightmare => move_pairs(n, &KNIGHT)
            .into_iter()
            .all(|(a, b)| v(a) + v(b) != 5 && v(a) + v(b) != 15),
        Constraint::Taxicab { distance } => taxicab_pairs(n, *distance)
            .into_iter()
            .all(|(a, b)| v(a) != v(b)),
        Constraint::SelfTaxicab => (0..n * n).all(|a| {
            (0..n * n).all(|b| {
                let dist = (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n);
                v(a) != v(b) || dist as u32 != v(a)
            })
        }),
        Constraint::DiagonalNonConsecutive => move_pairs(n, &DIAGONAL)
            .into_iter()
            .all(|(a, b)| v(a).abs_diff(v(b)) != 1),
        Constraint::RowIndexer { cells } => cells.iter().all(|&cell| {
            let (row, col) = (cell / n, cell % n);
            let target = (v(cell) as usize - 1) * n + col;
            v(target) as usize == row + 1
        }),
        Constraint::ColumnIndexer { cells } => cells.iter().all(|&cell| {
            let (row, col) = (cell / n, cell % n);
            let target = row * n + v(cell) as usize - 1;
            v(target) as usize == col + 1
        }),
        Constraint::BoxIndexer { cells } => {
            let by_region = region_cells(regions);
            cells.iter().all(|&cell| {
                let region = &by_region[regions[cell]];
                let k = region.iter().position(|&c| c == cell).unwrap_or(usize::MAX);
                match region.get(v(cell) as usize - 1) {
                    Some(&target) => v(target) as usize == k + 1,
                    None => false,
                }
            })
        }
        Constraint::ModularLine { cells } => {
            let values = vals(cells);
            (0..values.len()).all(|i| {
                (i + 1..values.len()).all(|j| {
                    let same_place = (j - i).is_multiple_of(3);
                    (values[i] % 3 == values[j] % 3) == same_place
                })
            })
        }
        Constraint::NabnerLine { cells } => {
            let values = vals(cells);
            (0..values.len())
                .all(|i| (i + 1..values.len()).all(|j| values[i].abs_diff(values[j]) > 1))
        }
        Constraint::DoubleArrow { cells } => {
            let values: Vec<u64> = vals(cells).iter().map(|&x| u64::from(x)).collect();
            let last = values.len() - 1;
            values[1..last].iter().sum::<u64>() == values[0] + values[last]
        }
        Constraint::ZipperLine { cells } => {
            let values = vals(cells);
            let len = values.len();
            let total = values[0] + values[len - 1];
            (0..len / 2).all(|i| values[i] + values[len - 1 - i] == total)
                && (len.is_multiple_of(2) || values[len / 2] == total)
        }
        Constraint::LockoutLine { cells, min_diff } => {
            let values = vals(cells);
            let (a, b) = (values[0], values[values.len() - 1]);
            let (lo, hi) = (a.min(b), a.max(b));
            hi - lo >= *min_diff
                && values[1..values.len() - 1]
                    .iter()
                    .all(|&x| x < lo || x > hi)
        }
        Constraint::DigitalRootCage { cells, root } => {
            let values = vals(cells);
            let sum: u64 = values.iter().map(|&x| u64::from(x)).sum();
            distinct(&values) && 1 + (sum - 1) % 9 == u64::from(*root)
        }
        // issue 36, group C
        Constraint::SumDot { .. } => super::group_c::holds(constraint, grid),
    }
}

/// Whether `values`, in order, split into stretches each adding up to
/// `sum`: every running total that reaches `sum` starts a new stretch, and
/// none passes it.
fn splits_into_sums(values: &[u32], sum: u32) -> bool {
    let mut running = 0u64;
    for &x in values {
        running += u64::from(x);
        if running == u64::from(sum) {
            running = 0;
        } else if running > u64::from(sum) {
            return false;
        }
    }
    running == 0 && !values.is_empty()
}

/// Whether some set of one or more of `values` adds up to `sum`: the
/// totals of every such set, grown one value at a time.
fn some_subset_adds_to(values: &[u32], sum: u64) -> bool {
    let mut totals = std::collections::BTreeSet::new();
    for &x in values {
        let grown: Vec<u64> = totals.iter().map(|t| t + u64::from(x)).collect();
        totals.extend(grown);
        totals.insert(u64::from(x));
    }
    totals.contains(&sum)
}
