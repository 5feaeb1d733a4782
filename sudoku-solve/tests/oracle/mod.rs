//! The brute-force oracle shared by the tests: every grid of a shape, and
//! each constraint's definition written plainly (not the library's code).

use std::collections::BTreeSet;

use sudoku::{Constraint, PairKind, Shape, Variant};

/// Every grid of `shape` that extends `prefix` (values of the first cells),
/// by plain backtracking over rows, columns and boxes.
pub fn all_grids(shape: Shape, prefix: &[u16]) -> Vec<Vec<u16>> {
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let mut g = vec![0u16; n * n];
    let mut out = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn fill(
        i: usize,
        g: &mut Vec<u16>,
        n: usize,
        br: usize,
        bc: usize,
        prefix: &[u16],
        out: &mut Vec<Vec<u16>>,
    ) {
        if i == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        let values: Vec<u16> = if i < prefix.len() && prefix[i] != 0 {
            vec![prefix[i]]
        } else {
            (1..=n as u16).collect()
        };
        for v in values {
            let in_line =
                (0..n).any(|k| (k != c && g[r * n + k] == v) || (k != r && g[k * n + c] == v));
            let (r0, c0) = (r / br * br, c / bc * bc);
            let in_box = (r0..r0 + br)
                .any(|rr| (c0..c0 + bc).any(|cc| (rr, cc) != (r, c) && g[rr * n + cc] == v));
            if !in_line && !in_box {
                g[i] = v;
                fill(i + 1, g, n, br, bc, prefix, out);
                g[i] = 0;
            }
        }
    }
    fill(0, &mut g, n, br, bc, prefix, &mut out);
    out
}

fn rc(n: usize, cell: usize) -> (i64, i64) {
    ((cell / n) as i64, (cell % n) as i64)
}

/// The definitions, as the rules of f-puzzles and SudokuPad state them.
pub fn obeys(c: &Constraint, g: &[u16], shape: Shape, all: &[Constraint]) -> bool {
    let n = shape.side() as usize;
    let v = |i: usize| i64::from(g[i]);
    let differ = |cells: &[usize]| {
        let set: BTreeSet<u16> = cells.iter().map(|&i| g[i]).collect();
        set.len() == cells.len()
    };
    let box_of = |i: usize| {
        let (r, c) = rc(n, i);
        (
            r as usize / shape.box_rows() as usize,
            c as usize / shape.box_cols() as usize,
        )
    };
    let adjacent = |a: usize, b: usize| {
        let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
        (r1 - r2).abs() + (c1 - c2).abs() == 1
    };
    let all_pairs = |ok: &dyn Fn(usize, usize) -> bool| {
        (0..n * n).all(|a| (0..n * n).all(|b| a == b || ok(a, b)))
    };
    match c {
        Constraint::Thermometer { cells } => cells.windows(2).all(|w| v(w[0]) < v(w[1])),
        Constraint::SlowThermometer { cells } => cells.windows(2).all(|w| v(w[0]) <= v(w[1])),
        Constraint::Arrow { circle, line } => {
            let mut number = 0;
            for &i in circle {
                number = number * 10 + v(i);
            }
            number == line.iter().map(|&i| v(i)).sum::<i64>()
        }
        Constraint::Cage { cells, sum } => {
            differ(cells)
                && sum.is_none_or(|s| cells.iter().map(|&i| v(i)).sum::<i64>() == s as i64)
        }
        Constraint::LittleKiller { cells, sum } => {
            cells.iter().map(|&i| v(i)).sum::<i64>() == *sum as i64
        }
        Constraint::Sandwich { line, sum } => {
            let a = line.iter().position(|&i| v(i) == 1).unwrap();
            let b = line.iter().position(|&i| v(i) == n as i64).unwrap();
            let (a, b) = (a.min(b), a.max(b));
            line[a + 1..b].iter().map(|&i| v(i)).sum::<i64>() == *sum as i64
        }
        Constraint::XSum { line, sum } => {
            let x = v(line[0]) as usize;
            line[..x].iter().map(|&i| v(i)).sum::<i64>() == *sum as i64
        }
        Constraint::Skyscraper { line, count } => {
            let seen = (0..line.len())
                .filter(|&k| line[..k].iter().all(|&j| v(j) < v(line[k])))
                .count();
            seen == *count as usize
        }
        Constraint::Dot { cells, kind, value } => {
            let (a, b, k) = (v(cells[0]), v(cells[1]), *value as i64);
            match kind {
                PairKind::Difference => (a - b).abs() == k,
                PairKind::Ratio => a == b * k || b == a * k,
                PairKind::Sum => a + b == k,
            }
        }
        Constraint::Negative { kind } => all_pairs(&|a, b| {
            if !adjacent(a, b) {
                return true;
            }
            let dotted = all.iter().any(|d| {
                matches!(d, Constraint::Dot { cells, kind: k, .. }
                if k == kind && (cells == &[a, b] || cells == &[b, a]))
            });
            let (x, y) = (v(a), v(b));
            dotted
                || match kind {
                    PairKind::Difference => (x - y).abs() != 1,
                    PairKind::Ratio => x != 2 * y && y != 2 * x,
                    PairKind::Sum => x + y != 5 && x + y != 10,
                }
        }),
        Constraint::NonConsecutive => {
            all_pairs(&|a, b| !adjacent(a, b) || (v(a) - v(b)).abs() != 1)
        }
        Constraint::AntiKnight => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            let (dr, dc) = ((r1 - r2).abs(), (c1 - c2).abs());
            !((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) || v(a) != v(b)
        }),
        Constraint::AntiKing => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            (r1 - r2).abs() > 1 || (c1 - c2).abs() > 1 || v(a) != v(b)
        }),
        Constraint::DiagonalPositive => {
            differ(&(0..n).map(|k| (n - 1 - k) * n + k).collect::<Vec<_>>())
        }
        Constraint::DiagonalNegative => differ(&(0..n).map(|k| k * n + k).collect::<Vec<_>>()),
        Constraint::ExtraRegion { cells } => differ(cells),
        Constraint::Windoku => {
            // Box-shaped windows one cell in from the box borders, one row
            // (column) apart: 4x4 has the centre 2x2, 6x6 (2x3 boxes) two.
            let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
            let mut ok = true;
            let mut r0 = 1;
            while r0 + br <= n {
                let mut c0 = 1;
                while c0 + bc <= n {
                    let w: Vec<usize> = (r0..r0 + br)
                        .flat_map(|r| (c0..c0 + bc).map(move |c| r * n + c))
                        .collect();
                    ok &= differ(&w);
                    c0 += bc + 1;
                }
                r0 += br + 1;
            }
            ok
        }
        Constraint::DisjointGroups => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            let (br, bc) = (shape.box_rows() as i64, shape.box_cols() as i64);
            let same_place = r1 % br == r2 % br && c1 % bc == c2 % bc;
            !same_place || box_of(a) == box_of(b) || v(a) != v(b)
        }),
        Constraint::Even { cell } => v(*cell) % 2 == 0,
        Constraint::Odd { cell } => v(*cell) % 2 == 1,
        Constraint::Minimum { cell } => (0..n * n).all(|o| !adjacent(*cell, o) || v(*cell) < v(o)),
        Constraint::Maximum { cell } => (0..n * n).all(|o| !adjacent(*cell, o) || v(*cell) > v(o)),
        Constraint::Quadruple { cell, values } => {
            let block = [*cell, cell + 1, cell + n, cell + n + 1];
            values.iter().all(|&want| {
                let need = values.iter().filter(|&&x| x == want).count();
                block.iter().filter(|&&i| v(i) == want as i64).count() >= need
            })
        }
        Constraint::Palindrome { cells } => {
            (0..cells.len()).all(|k| v(cells[k]) == v(cells[cells.len() - 1 - k]))
        }
        Constraint::Renban { cells } => {
            let set: BTreeSet<i64> = cells.iter().map(|&i| v(i)).collect();
            set.len() == cells.len()
                && set.iter().last().unwrap() - set.iter().next().unwrap() + 1 == cells.len() as i64
        }
        Constraint::Whispers { cells } => cells
            .windows(2)
            .all(|w| (v(w[0]) - v(w[1])).abs() >= (n as i64 + 1) / 2),
        Constraint::RegionSumLine { cells } => {
            let mut sums: Vec<i64> = Vec::new();
            let mut last = None;
            for &i in cells {
                if last == Some(box_of(i)) {
                    *sums.last_mut().unwrap() += v(i);
                } else {
                    sums.push(v(i));
                }
                last = Some(box_of(i));
            }
            sums.windows(2).all(|w| w[0] == w[1])
        }
        Constraint::BetweenLine { cells } => {
            let (a, b) = (v(cells[0]), v(*cells.last().unwrap()));
            cells[1..cells.len() - 1]
                .iter()
                .all(|&i| a.min(b) < v(i) && v(i) < a.max(b))
        }
        Constraint::EntropicLine { cells } => {
            let class = |i: usize| (v(i) - 1) / (n as i64 / 3);
            cells.windows(3).all(|w| {
                class(w[0]) != class(w[1])
                    && class(w[1]) != class(w[2])
                    && class(w[0]) != class(w[2])
            })
        }
        Constraint::Clone { cells, copy } => cells.iter().zip(copy).all(|(&a, &b)| v(a) == v(b)),
        // issue 36, group B
        Constraint::SumLine { cells, sum, looped } => {
            // Every choice of cuts between neighbours (and, on a loop,
            // across the join, with at least one cut), every stretch
            // between cuts adding up to the sum.
            let len = cells.len();
            let joins = if *looped { len } else { len - 1 };
            (0u64..1 << joins).any(|cuts| {
                let cut_after = |i: usize| i == len - 1 && !*looped || cuts >> i & 1 == 1;
                if *looped && cuts == 0 {
                    return false;
                }
                let start = if *looped {
                    (0..len).find(|&i| cut_after(i)).unwrap() + 1
                } else {
                    0
                };
                let mut total = 0;
                (0..len).all(|k| {
                    let i = (start + k) % len;
                    total += v(cells[i]);
                    if cut_after(i) {
                        let ok = total == *sum as i64;
                        total = 0;
                        ok
                    } else {
                        true
                    }
                })
            })
        }
        Constraint::RellikCage { cells, sum } => {
            differ(cells)
                && (1u64..1 << cells.len()).all(|pick| {
                    let total: i64 = (0..cells.len())
                        .filter(|k| pick >> k & 1 == 1)
                        .map(|k| v(cells[k]))
                        .sum();
                    total != *sum as i64
                })
        }
        Constraint::EqualityCage { cells } => {
            // Low: 1..=half; high: the top half values, above n - half.
            let half = n as i64 / 2;
            let high_from = n as i64 - half;
            let count = |f: &dyn Fn(i64) -> bool| cells.iter().filter(|&&i| f(v(i))).count();
            differ(cells)
                && count(&|x| x % 2 == 0) == count(&|x| x % 2 == 1)
                && count(&|x| x <= half) == count(&|x| x > high_from)
                && count(&|x| x > half && x <= high_from) == 0
        }
        Constraint::Lunchbox { cells, sum } => {
            let lo = (0..cells.len()).min_by_key(|&k| v(cells[k])).unwrap();
            let hi = (0..cells.len()).max_by_key(|&k| v(cells[k])).unwrap();
            let between: i64 = (0..cells.len())
                .filter(|&k| lo.min(hi) < k && k < lo.max(hi))
                .map(|k| v(cells[k]))
                .sum();
            differ(cells) && between == *sum as i64
        }
        Constraint::HiddenSkyscraper { line, value } => {
            let hidden = (0..line.len()).find(|&k| (0..k).any(|j| v(line[j]) > v(line[k])));
            hidden.is_some_and(|k| v(line[k]) == *value as i64)
        }
        Constraint::NumberedRoom { line, value } => {
            let x = v(line[0]) as usize;
            v(line[x - 1]) == *value as i64
        }
        Constraint::CountingCircles { cells } => cells
            .iter()
            .all(|&a| cells.iter().filter(|&&b| v(b) == v(a)).count() as i64 == v(a)),
        Constraint::GlobalEntropy | Constraint::GlobalModular => {
            let class = |x: i64| match c {
                Constraint::GlobalEntropy => (x - 1) / (n as i64 / 3),
                _ => x % 3,
            };
            (0..n - 1).all(|r| {
                (0..n - 1).all(|col| {
                    let block = [
                        r * n + col,
                        r * n + col + 1,
                        (r + 1) * n + col,
                        (r + 1) * n + col + 1,
                    ];
                    let classes: BTreeSet<i64> = block.iter().map(|&i| class(v(i))).collect();
                    classes.len() == 3
                })
            })
        }
        Constraint::DutchFlatmates => (0..n * n).all(|i| {
            let (r, _) = rc(n, i);
            v(i) != (n as i64 + 1) / 2
                || (r > 0 && v(i - n) == 1)
                || (r + 1 < n as i64 && v(i + n) == n as i64)
        }),
        Constraint::WhispersBy { cells, difference } => cells
            .windows(2)
            .all(|w| (v(w[0]) - v(w[1])).abs() >= *difference as i64),
        // issue 36, group A
        Constraint::Leaper { offsets } => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            let (dr, dc) = ((r1 - r2).abs(), (c1 - c2).abs());
            let leap = offsets.iter().any(|&(p, q)| {
                let (p, q) = (i64::from(p), i64::from(q));
                (dr == p && dc == q) || (dr == q && dc == p)
            });
            !leap || v(a) != v(b)
        }),
        Constraint::Knightmare => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            let (dr, dc) = ((r1 - r2).abs(), (c1 - c2).abs());
            let knight = (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
            !knight || (v(a) + v(b) != 5 && v(a) + v(b) != 15)
        }),
        Constraint::Taxicab { distance } => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            (r1 - r2).abs() + (c1 - c2).abs() != i64::from(*distance) || v(a) != v(b)
        }),
        Constraint::SelfTaxicab => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            v(a) != v(b) || (r1 - r2).abs() + (c1 - c2).abs() != v(a)
        }),
        Constraint::DiagonalNonConsecutive => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            let diagonal = (r1 - r2).abs() == 1 && (c1 - c2).abs() == 1;
            !diagonal || (v(a) - v(b)).abs() != 1
        }),
        Constraint::RowIndexer { cells } => cells.iter().all(|&i| {
            // The value says which row of this column holds this row's number.
            let (r, c) = rc(n, i);
            let row = v(i) - 1;
            v((row * n as i64 + c) as usize) == r + 1
        }),
        Constraint::ColumnIndexer { cells } => cells.iter().all(|&i| {
            let (r, c) = rc(n, i);
            let col = v(i) - 1;
            v((r * n as i64 + col) as usize) == c + 1
        }),
        Constraint::BoxIndexer { cells } => cells.iter().all(|&i| {
            // Cells of a box numbered 1.. in reading order.
            let (br, bc) = (shape.box_rows() as i64, shape.box_cols() as i64);
            let (r, c) = rc(n, i);
            let (r0, c0) = (r / br * br, c / bc * bc);
            let own = (r - r0) * bc + (c - c0) + 1;
            let k = v(i) - 1;
            let (tr, tc) = (r0 + k / bc, c0 + k % bc);
            v((tr * n as i64 + tc) as usize) == own
        }),
        Constraint::ModularLine { cells } => {
            // Every three consecutive cells (both, on a line of two) hold
            // different remainders mod 3.
            let w = cells.len().min(3);
            cells.windows(w).all(|win| {
                let rems: BTreeSet<i64> = win.iter().map(|&i| v(i) % 3).collect();
                rems.len() == win.len()
            })
        }
        Constraint::NabnerLine { cells } => cells
            .iter()
            .all(|&a| cells.iter().all(|&b| a == b || (v(a) - v(b)).abs() >= 2)),
        Constraint::DoubleArrow { cells } => {
            let (first, last) = (cells[0], cells[cells.len() - 1]);
            let inner: i64 = cells[1..cells.len() - 1].iter().map(|&i| v(i)).sum();
            inner == v(first) + v(last)
        }
        Constraint::ZipperLine { cells } => {
            let len = cells.len();
            let total = v(cells[0]) + v(cells[len - 1]);
            (0..len).all(|i| {
                let j = len - 1 - i;
                if i == j {
                    v(cells[i]) == total
                } else {
                    v(cells[i]) + v(cells[j]) == total
                }
            })
        }
        Constraint::LockoutLine { cells, min_diff } => {
            let (a, b) = (v(cells[0]), v(cells[cells.len() - 1]));
            (a - b).abs() >= i64::from(*min_diff)
                && cells[1..cells.len() - 1]
                    .iter()
                    .all(|&i| v(i) < a.min(b) || v(i) > a.max(b))
        }
        Constraint::DigitalRootCage { cells, root } => {
            // Sum the decimal digits until one digit is left.
            let mut s: i64 = cells.iter().map(|&i| v(i)).sum();
            while s >= 10 {
                let mut digits = 0;
                while s > 0 {
                    digits += s % 10;
                    s /= 10;
                }
                s = digits;
            }
            differ(cells) && s == i64::from(*root)
        }
        // issue 36, group C: the cells around the dot add up to its number
        // (repeats allowed).
        Constraint::SumDot { cells, sum } => {
            cells.iter().map(|&i| v(i)).sum::<i64>() == i64::from(*sum)
        }
        _ => panic!("no definition for {c:?}"),
    }
}

/// The groups of cells whose values differ, from the rules' wording: rows,
/// columns, boxes (or the jigsaw regions), both diagonals for X, and the
/// windows of windoku (box-shaped, one cell in from the box borders, one
/// row or column apart).
pub fn groups(shape: Shape, variant: &Variant) -> Vec<Vec<usize>> {
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        out.push((0..n).map(|c| i * n + c).collect());
        out.push((0..n).map(|r| r * n + i).collect());
    }
    match &variant.regions {
        Some(regions) => {
            for k in 0..n {
                out.push((0..n * n).filter(|&c| regions.region_of(c) == k).collect());
            }
        }
        None => {
            for r0 in (0..n).step_by(br) {
                for c0 in (0..n).step_by(bc) {
                    out.push(
                        (r0..r0 + br)
                            .flat_map(|r| (c0..c0 + bc).map(move |c| r * n + c))
                            .collect(),
                    );
                }
            }
        }
    }
    if variant.diagonals {
        out.push((0..n).map(|k| k * n + k).collect());
        out.push((0..n).map(|k| k * n + n - 1 - k).collect());
    }
    if variant.windows {
        let mut r0 = 1;
        while r0 + br <= n {
            let mut c0 = 1;
            while c0 + bc <= n {
                out.push(
                    (r0..r0 + br)
                        .flat_map(|r| (c0..c0 + bc).map(move |c| r * n + c))
                        .collect(),
                );
                c0 += bc + 1;
            }
            r0 += br + 1;
        }
    }
    out
}

/// Every completion of `givens` whose groups hold different values and
/// that `accept` takes, up to `limit`: plain backtracking, cell by cell.
pub fn brute_force(
    n: usize,
    groups: &[Vec<usize>],
    givens: &[u16],
    accept: &dyn Fn(&[u16]) -> bool,
    limit: usize,
) -> Vec<Vec<u16>> {
    let mut peers: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n * n];
    for g in groups {
        for &a in g {
            for &b in g {
                if a != b {
                    peers[a].insert(b);
                }
            }
        }
    }
    let mut grid = vec![0u16; n * n];
    let mut out = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn go(
        i: usize,
        n: usize,
        peers: &[BTreeSet<usize>],
        givens: &[u16],
        accept: &dyn Fn(&[u16]) -> bool,
        limit: usize,
        grid: &mut Vec<u16>,
        out: &mut Vec<Vec<u16>>,
    ) {
        if out.len() >= limit {
            return;
        }
        if i == n * n {
            if accept(grid) {
                out.push(grid.clone());
            }
            return;
        }
        let values: Vec<u16> = match givens[i] {
            0 => (1..=n as u16).collect(),
            v => vec![v],
        };
        for v in values {
            if peers[i].iter().all(|&p| p > i || grid[p] != v) {
                grid[i] = v;
                go(i + 1, n, peers, givens, accept, limit, grid, out);
                grid[i] = 0;
            }
        }
    }
    go(0, n, &peers, givens, accept, limit, &mut grid, &mut out);
    out
}
