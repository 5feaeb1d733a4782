//! Skyscraper, 2-string kite and W-wing: the common names of short chains
//! (not in Sudoku Explainer, which finds the same eliminations as a turbot
//! fish or a forcing chain; off in SE mode).
//!
//! All three join two strong links (a value with two places left in a
//! house) or two bivalue cells through one weak link, so one of two end
//! cells holds a value, and that value goes from every cell that sees both
//! ends. Their difficulties are what SE gives the same chain: 6.6 for the
//! skyscraper and the kite (SE's turbot fish, a forcing X-chain of four
//! links), 7.0 for the W-wing (a forcing chain with cell links, six nodes
//! from one bivalue cell to the other: no length bonus, as the AIC finder
//! rates the same chain).

use crate::candidates::{bit, Candidates, HouseName};
use crate::step::{Reason, Step, Technique};

/// The two cells of house `h` where `v` is a candidate, if there are two.
pub(crate) fn strong_pair(c: &Candidates, h: usize, v: usize) -> Option<(usize, usize)> {
    let b = bit(v);
    let mut found = [usize::MAX; 2];
    let mut n = 0;
    for &cell in &c.houses().get(h).cells {
        if c.mask(cell) & b != 0 {
            if n == 2 {
                return None;
            }
            found[n] = cell;
            n += 1;
        }
    }
    (n == 2).then_some((found[0], found[1]))
}

/// The cells other than `ends` that see both ends and hold `v`, ascending.
pub(crate) fn seeing_both(c: &Candidates, a: usize, b: usize, v: usize) -> Vec<(usize, u64)> {
    let houses = c.houses();
    let m = bit(v);
    houses
        .peers_sorted(a)
        .iter()
        .copied()
        .filter(|&x| x != b && c.mask(x) & m != 0 && houses.sees(x, b))
        .map(|x| (x, m))
        .collect()
}

/// Two strong links on `v`, `(a1, a2)` in house `ha` and `(b1, b2)` in
/// house `hb`, with `a1` seeing `b1`: `a2` or `b2` holds `v`.
fn joined(
    c: &Candidates,
    technique: Technique,
    v: usize,
    (ha, a1, a2): (usize, usize, usize),
    (hb, b1, b2): (usize, usize, usize),
) -> Option<Step> {
    let removed = seeing_both(c, a2, b2, v);
    if removed.is_empty() {
        return None;
    }
    let houses = c.houses();
    let reason = Reason {
        cells: vec![a2, a1, b1, b2],
        values: vec![v as u16],
        houses: vec![houses.get(ha).name(), houses.get(hb).name()],
        chain: Vec::new(),
    };
    Some(Step::eliminating(technique, 66, c.side(), removed, reason))
}

/// The first skyscraper: two parallel lines where a value has two places
/// each, one place of each in a common crossing line (the base), the
/// other two (the tops) in different crossing lines. One top holds the
/// value: cells seeing both tops lose it.
pub fn skyscraper(c: &Candidates) -> Option<Step> {
    let houses = c.houses();
    let side = c.side();
    for v in 1..=side {
        for lines in [houses.rows(), houses.columns()] {
            let pairs: Vec<(usize, usize, usize)> = lines
                .iter()
                .filter_map(|&h| strong_pair(c, h, v).map(|(x, y)| (h, x, y)))
                .collect();
            for (i, &(ha, x1, x2)) in pairs.iter().enumerate() {
                for &(hb, y1, y2) in &pairs[i + 1..] {
                    // Position along the line: the column of a row's cell,
                    // the row of a column's cell.
                    let along = |cell: usize| {
                        if lines.as_ptr() == houses.rows().as_ptr() {
                            cell % side
                        } else {
                            cell / side
                        }
                    };
                    for (a1, a2) in [(x1, x2), (x2, x1)] {
                        for (b1, b2) in [(y1, y2), (y2, y1)] {
                            if along(a1) == along(b1) && along(a2) != along(b2) {
                                if let Some(step) =
                                    joined(c, Technique::Skyscraper, v, (ha, a1, a2), (hb, b1, b2))
                                {
                                    return Some(step);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// The first 2-string kite: a row and a column where a value has two
/// places each, one place of each in a common box (four different
/// cells), the other two outside that box. One of those two holds the
/// value: cells seeing both lose it.
pub fn two_string_kite(c: &Candidates) -> Option<Step> {
    let houses = c.houses();
    for v in 1..=c.side() {
        let pairs = |lines: &[usize]| -> Vec<(usize, usize, usize)> {
            lines
                .iter()
                .filter_map(|&h| strong_pair(c, h, v).map(|(x, y)| (h, x, y)))
                .collect()
        };
        let rows = pairs(houses.rows());
        let columns = pairs(houses.columns());
        for &(hr, x1, x2) in &rows {
            for &(hc, y1, y2) in &columns {
                if x1 == y1 || x1 == y2 || x2 == y1 || x2 == y2 {
                    continue;
                }
                for (a1, a2) in [(x1, x2), (x2, x1)] {
                    for (b1, b2) in [(y1, y2), (y2, y1)] {
                        let block = houses.block_row_column(a1)[0];
                        if block == usize::MAX
                            || houses.block_row_column(b1)[0] != block
                            || houses.block_row_column(a2)[0] == block
                            || houses.block_row_column(b2)[0] == block
                        {
                            continue;
                        }
                        if let Some(mut step) =
                            joined(c, Technique::TwoStringKite, v, (hr, a1, a2), (hc, b1, b2))
                        {
                            step.reason.houses.push(houses.get(block).name());
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

/// The first W-wing: two cells with the same two candidates `a` and `b`
/// that do not see each other, and a house where `b` has two places, one
/// seeing each cell. Both cells cannot be `b` (the house would lose it),
/// so one holds `a`: cells seeing both lose `a`.
pub fn w_wing(c: &Candidates) -> Option<Step> {
    let houses = c.houses();
    let n = c.len();
    for p in 0..n {
        let m = c.mask(p);
        if m.count_ones() != 2 {
            continue;
        }
        for q in p + 1..n {
            if c.mask(q) != m || houses.sees(p, q) {
                continue;
            }
            let lo = m.trailing_zeros() as usize + 1;
            let hi = 64 - m.leading_zeros() as usize;
            for (a, b) in [(lo, hi), (hi, lo)] {
                let removed = seeing_both(c, p, q, a);
                if removed.is_empty() {
                    continue;
                }
                for h in 0..houses.all().len() {
                    if houses.holds(h, p) || houses.holds(h, q) {
                        continue;
                    }
                    let Some((e1, e2)) = strong_pair(c, h, b) else {
                        continue;
                    };
                    let linked = (houses.sees(e1, p) && houses.sees(e2, q))
                        || (houses.sees(e1, q) && houses.sees(e2, p));
                    if !linked {
                        continue;
                    }
                    let house: HouseName = houses.get(h).name();
                    let reason = Reason {
                        cells: vec![p, q, e1, e2],
                        values: vec![a as u16, b as u16],
                        houses: vec![house],
                        chain: Vec::new(),
                    };
                    return Some(Step::eliminating(
                        Technique::WWing,
                        70,
                        c.side(),
                        removed,
                        reason,
                    ));
                }
            }
        }
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::candidates::Houses;
    use std::sync::Arc;
    use sudoku::{Grid, Rules, Shape};

    /// An empty 9x9 state with every candidate, then for each `(v,
    /// cells)` the value `v` removed from `cells` (`(row, col)`, 1-based).
    pub(crate) fn state(removals: &[(usize, &[(usize, usize)])]) -> Candidates {
        let shape = Shape::square(3).unwrap();
        let houses = Arc::new(Houses::new(&Rules::standard(shape)).unwrap());
        let grid = Grid::empty(shape);
        let mut c = Candidates::from_state(houses, &grid, None).unwrap();
        for &(v, cells) in removals {
            for &(r, col) in cells {
                c.eliminate((r - 1) * 9 + col - 1, bit(v));
            }
        }
        c
    }

    /// All cells of row `r` (1-based) but the columns `keep`.
    fn row_but(r: usize, keep: &[usize]) -> Vec<(usize, usize)> {
        (1..=9)
            .filter(|col| !keep.contains(col))
            .map(|col| (r, col))
            .collect()
    }

    fn col_but(col: usize, keep: &[usize]) -> Vec<(usize, usize)> {
        (1..=9)
            .filter(|r| !keep.contains(r))
            .map(|r| (r, col))
            .collect()
    }

    fn cells(step: &Step) -> Vec<(String, Vec<u16>)> {
        step.eliminations
            .iter()
            .map(|e| (step.cell_name(e.cell), e.values.clone()))
            .collect()
    }

    #[test]
    fn skyscraper_on_rows() {
        // 4 in row 1 only at c1, c5; in row 5 only at c1, c6. r1c1 and
        // r5c1 share column 1, so one of them is not 4: r1c5 or r5c6
        // holds it. Cells seeing both: column 5 in box 5 (r4c5, r6c5;
        // r5c5 has no 4) and column 6 in box 2 (r2c6, r3c6; r1c6 none).
        let c = state(&[(4, &row_but(1, &[1, 5])), (4, &row_but(5, &[1, 6]))]);
        let step = skyscraper(&c).expect("a skyscraper");
        assert_eq!(step.technique, Technique::Skyscraper);
        let want: Vec<(String, Vec<u16>)> = ["r2c6", "r3c6", "r4c5", "r6c5"]
            .iter()
            .map(|s| (s.to_string(), vec![4]))
            .collect();
        assert_eq!(cells(&step), want);
        assert!(
            step.text().starts_with("skyscraper 4 in row 1, row 5"),
            "{}",
            step.text()
        );
    }

    #[test]
    fn two_string_kite_through_box_1() {
        // 7 in row 1 only at c2, c6; in column 1 only at r2, r7. r1c2 and
        // r2c1 share box 1, so one of them is not 7: r1c6 or r7c1 holds
        // it. The cell seeing both: r7c6 (r1c1 has no 7).
        let c = state(&[(7, &row_but(1, &[2, 6])), (7, &col_but(1, &[2, 7]))]);
        let step = two_string_kite(&c).expect("a kite");
        assert_eq!(step.technique, Technique::TwoStringKite);
        assert_eq!(cells(&step), vec![("r7c6".to_string(), vec![7])]);
        // With both column places in box 1 there is no kite (a pointing).
        let c = state(&[(7, &row_but(1, &[2, 6])), (7, &col_but(1, &[2, 3]))]);
        assert!(two_string_kite(&c).is_none());
    }

    #[test]
    fn w_wing_through_row_9() {
        // r1c1 and r5c9 hold {1, 2} and do not see each other; 2 in row 9
        // only at c1 (seeing r1c1) and c9 (seeing r5c9). If both were 2,
        // row 9 would have no 2: one of them is 1. Cells seeing both:
        // r1c9 and r5c1.
        let others: Vec<(usize, &[(usize, usize)])> = Vec::new();
        let mut c = state(&others);
        for cell in [0, 4 * 9 + 8] {
            c.eliminate(cell, !0b11);
        }
        for col in 2..=8 {
            c.eliminate(8 * 9 + col - 1, bit(2));
        }
        let step = w_wing(&c).expect("a W-wing");
        assert_eq!(step.technique, Technique::WWing);
        assert_eq!(
            cells(&step),
            vec![("r1c9".to_string(), vec![1]), ("r5c1".to_string(), vec![1])]
        );
        // Without the strong link (a third 2 in row 9) there is none.
        let mut masks = c.masks().to_vec();
        masks[8 * 9 + 4] |= bit(2);
        let houses = Arc::clone(c.houses());
        let grid = Grid::empty(Shape::square(3).unwrap());
        let c2 = Candidates::from_state(houses, &grid, Some(&masks)).unwrap();
        assert!(w_wing(&c2).is_none());
    }
}
