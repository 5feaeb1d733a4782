//! Issue 36, group C: the sum dot. Its definition, its propagator and its
//! shape check live here, apart from the older constraints' match arms
//! (each of `check.rs`, `compile.rs` and `mod.rs` has a one-line hook).
//!
//! A sum dot sits on the border of two orthogonal neighbours or on the
//! corner of a 2x2 block; the values of the cells it touches (repeats
//! allowed) add up to its number. Rule as stated by the published puzzle
//! <https://www.crackingthecryptic.com/sudoku?id=2765>: "Digits around the
//! brown diamond may repeat and must sum to the given total." Neither ISS
//! nor rangsk's solver nor f-puzzles has such a constraint: its key
//! (`sumdot`) is ours.

use cover_model::{Model, ModelError, Rel, Value, Var};

use super::Constraint;

/// Whether the full grid `grid` keeps `constraint` (a group C one), by its
/// definition. Sums are taken in 64 bits: no value list wraps.
pub(super) fn holds(constraint: &Constraint, grid: &[u16]) -> bool {
    match constraint {
        Constraint::SumDot { cells, sum } => {
            let total: u64 = cells.iter().map(|&c| u64::from(grid[c])).sum();
            total == u64::from(*sum)
        }
        _ => unreachable!("not a group C constraint: {constraint:?}"),
    }
}

/// Posts `constraint` (a group C one) on the cells' variables `x`.
pub(crate) fn post(m: &mut Model, x: &[Var], constraint: &Constraint) -> Result<(), ModelError> {
    match constraint {
        Constraint::SumDot { cells, sum } => {
            let terms: Vec<(Value, Var)> = cells.iter().map(|&c| (1, x[c])).collect();
            m.linear(&terms, Rel::Eq, Value::from(*sum))
        }
        _ => unreachable!("not a group C constraint: {constraint:?}"),
    }
}

/// Why `constraint` (a group C one) does not fit an `n` x `n` grid whose
/// cells are all inside it, if it does not.
pub(super) fn misfit(constraint: &Constraint, n: usize) -> Option<String> {
    match constraint {
        Constraint::SumDot { cells, .. } => {
            if dot_cells(cells, n) {
                None
            } else {
                Some(format!(
                    "a sum dot touches two orthogonal neighbours (on their border) or the \
                     four cells of a 2x2 block (on its corner), not cells {cells:?}"
                ))
            }
        }
        _ => unreachable!("not a group C constraint: {constraint:?}"),
    }
}

/// Whether `cells` (inside an `n` x `n` grid) are the cells around one
/// point: two orthogonal neighbours, or the four cells of a 2x2 block (in
/// any order).
pub(crate) fn dot_cells(cells: &[usize], n: usize) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    match sorted[..] {
        [a, b] => (b == a + 1 && a % n + 1 < n) || b == a + n,
        [a, b, c, d] => a % n + 1 < n && b == a + 1 && c == a + n && d == a + n + 1,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::dot_cells;

    #[test]
    fn dots_sit_on_a_border_or_a_corner() {
        // 4x4: cells r*4+c.
        assert!(dot_cells(&[0, 1], 4));
        assert!(dot_cells(&[4, 0], 4));
        assert!(dot_cells(&[5, 0, 4, 1], 4));
        // Not neighbours: across the row's end, a gap, a bent triple.
        assert!(!dot_cells(&[3, 4], 4));
        assert!(!dot_cells(&[0, 2], 4));
        assert!(!dot_cells(&[0, 1, 4], 4));
        // A "block" wrapping round the row's end.
        assert!(!dot_cells(&[3, 4, 7, 8], 4));
        assert!(!dot_cells(&[0, 1, 2, 3], 4));
        assert!(!dot_cells(&[0], 4));
    }
}
