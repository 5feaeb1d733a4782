//! Finned and sashimi X-wings and swordfish (not in Sudoku Explainer; off
//! in SE mode).
//!
//! A fish of `n` base lines (rows, or columns) and `n` cover lines
//! (columns, or rows): every place of a value in the base lines is in a
//! cover line, except for some extra cells, the fins. If no fin holds the
//! value, the base lines hold it in the cover lines, once in each, so the
//! rest of the cover lines lose it; if a fin holds it, every cell seeing
//! all fins loses it. So a cell of a cover line, outside the base lines,
//! that sees every fin (they share its box) loses the value. Sashimi: a
//! base line with a fin has at most one place in the cover lines (the
//! fish without its fins would not stand).
//!
//! Difficulties (SE has no finned fish): 6.6 for the X-wing, that of SE's
//! turbot fish, which a sashimi X-wing is; 6.8 for the swordfish.

use crate::candidates::{bit, Candidates};
use crate::step::{Reason, Step, Technique};

use crate::combos::subsets;

fn bits(m: u64) -> impl Iterator<Item = usize> {
    crate::candidates::values_of(m).map(|v| v - 1)
}

/// The first finned or sashimi fish of `degree` lines (2: X-wing, 3:
/// swordfish), rows as base lines first.
pub fn finned_fish(c: &Candidates, degree: usize) -> Option<Step> {
    let side = c.side();
    let houses = c.houses();
    if houses.rows().len() != side || houses.columns().len() != side || side > 64 {
        return None;
    }
    for v in 1..=side {
        let b = bit(v);
        for rows_base in [true, false] {
            let (base, cover) = if rows_base {
                (houses.rows(), houses.columns())
            } else {
                (houses.columns(), houses.rows())
            };
            // The cell at position `j` of base line `i`.
            let at = |i: usize, j: usize| {
                if rows_base {
                    i * side + j
                } else {
                    j * side + i
                }
            };
            let positions: Vec<u64> = base.iter().map(|&h| c.positions(h, v)).collect();
            for lines in subsets(degree, side) {
                if bits(lines).any(|i| positions[i] == 0) {
                    continue;
                }
                let union = bits(lines).fold(0, |u, i| u | positions[i]);
                if union.count_ones() as usize <= degree {
                    continue; // a plain fish (or less): SE's own
                }
                for i_cover in subsets(degree, union.count_ones() as usize) {
                    // Map the subset of the union's positions to positions.
                    let covers = bits(union)
                        .enumerate()
                        .filter(|&(k, _)| i_cover & (1 << k) != 0)
                        .fold(0u64, |m, (_, j)| m | (1 << j));
                    if bits(lines).any(|i| positions[i] & covers == 0) {
                        continue;
                    }
                    let fins: Vec<usize> = bits(lines)
                        .flat_map(|i| bits(positions[i] & !covers).map(move |j| at(i, j)))
                        .collect();
                    let removed: Vec<(usize, u64)> = bits(covers)
                        .flat_map(|j| (0..side).map(move |i| (i, j)))
                        .filter(|&(i, _)| lines & (1 << i) == 0)
                        .map(|(i, j)| at(i, j))
                        .filter(|&x| c.mask(x) & b != 0 && fins.iter().all(|&f| houses.sees(x, f)))
                        .map(|x| (x, b))
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    let sashimi = bits(lines).any(|i| {
                        positions[i] & !covers != 0 && (positions[i] & covers).count_ones() <= 1
                    });
                    let (technique, difficulty) = match (degree, sashimi) {
                        (2, false) => (Technique::FinnedXWing, 66),
                        (2, true) => (Technique::SashimiXWing, 66),
                        (_, false) => (Technique::FinnedSwordfish, 68),
                        (_, true) => (Technique::SashimiSwordfish, 68),
                    };
                    let mut removed = removed;
                    removed.sort_unstable();
                    let mut cells: Vec<usize> = bits(lines)
                        .flat_map(|i| bits(positions[i]).map(move |j| at(i, j)))
                        .collect();
                    cells.sort_unstable();
                    let reason = Reason {
                        cells,
                        values: vec![v as u16],
                        houses: bits(lines)
                            .map(|i| houses.get(base[i]).name())
                            .chain(bits(covers).map(|j| houses.get(cover[j]).name()))
                            .collect(),
                        chain: Vec::new(),
                    };
                    return Some(Step::eliminating(
                        technique, difficulty, side, removed, reason,
                    ));
                }
            }
        }
    }
    None
}

/// Finned or sashimi X-wing.
pub fn finned_x_wing(c: &Candidates) -> Option<Step> {
    finned_fish(c, 2)
}

/// Finned or sashimi swordfish.
pub fn finned_swordfish(c: &Candidates) -> Option<Step> {
    finned_fish(c, 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turbot::tests::state;

    fn row_but(r: usize, keep: &[usize]) -> Vec<(usize, usize)> {
        (1..=9)
            .filter(|col| !keep.contains(col))
            .map(|col| (r, col))
            .collect()
    }

    fn names(step: &Step) -> Vec<String> {
        step.eliminations
            .iter()
            .map(|e| step.cell_name(e.cell))
            .collect()
    }

    #[test]
    fn finned_x_wing_with_a_fin_in_box_3() {
        // 5 in row 2 only at c1, c7 and the fin c8 (box 3); in row 6
        // only at c1, c7. Either r2c8 is 5, or rows 2 and 6 hold 5 in
        // columns 1 and 7 (an X-wing): both ways r1c7 and r3c7 (column
        // 7, box 3) lose 5; the rest of column 7 and column 1 need not.
        let c = state(&[(5, &row_but(2, &[1, 7, 8])), (5, &row_but(6, &[1, 7]))]);
        let step = finned_x_wing(&c).expect("a finned X-wing");
        assert_eq!(step.technique, Technique::FinnedXWing);
        assert_eq!(names(&step), vec!["r1c7", "r3c7"]);
        assert!(step.eliminations.iter().all(|e| e.values == vec![5]));
    }

    #[test]
    fn sashimi_x_wing_missing_a_corner() {
        // Row 2: 5 only at c7 and the fin c8 (its corner c1 missing);
        // row 6: c1, c7. Whichever of r2c7 and r2c8 holds 5, r1c7 and
        // r3c7 (column 7 and box 3) see it.
        let c = state(&[(5, &row_but(2, &[7, 8])), (5, &row_but(6, &[1, 7]))]);
        let step = finned_x_wing(&c).expect("a sashimi X-wing");
        assert_eq!(step.technique, Technique::SashimiXWing);
        assert_eq!(names(&step), vec!["r1c7", "r3c7"]);
    }

    #[test]
    fn finned_swordfish_in_columns() {
        // Columns as base: 3 in column 1 at r1, r5; column 4 at r5, r9;
        // column 7 at r1, r9 and the fin r8 (box 9). Covers: rows 1, 5, 9.
        // Without the fin this is a swordfish removing 3 from rows 1, 5, 9
        // elsewhere; with it, only cells of row 9 in box 9 seeing r8c7:
        // r9c8 and r9c9.
        let col_but = |col: usize, keep: &[usize]| -> Vec<(usize, usize)> {
            (1..=9)
                .filter(|r| !keep.contains(r))
                .map(|r| (r, col))
                .collect()
        };
        let c = state(&[
            (3, &col_but(1, &[1, 5])),
            (3, &col_but(4, &[5, 9])),
            (3, &col_but(7, &[1, 8, 9])),
        ]);
        assert!(finned_x_wing(&c).is_none());
        let step = finned_swordfish(&c).expect("a finned swordfish");
        assert_eq!(step.technique, Technique::FinnedSwordfish);
        assert_eq!(names(&step), vec!["r9c8", "r9c9"]);
    }
}
