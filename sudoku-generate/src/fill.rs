//! Random full grids for large shapes, where filling an empty grid by
//! search thrashes (36x36 took 20 s to a minute of CPU, 49x49 found none in
//! minutes): a pattern grid, shuffled by moves that keep a grid valid, then
//! re-randomised by rounds that clear one band (or stack) of boxes and let
//! the solver refill it in a random order.
//!
//! A refill keeps the rest of the grid, so it always has a solution (the
//! grid before it), and it is small: on 49x49, a band refill takes about
//! 600 search nodes and changes about 300 of its 343 cells. Alternating
//! bands and stacks mixes the whole grid: a stack refill changes the values
//! each band holds in each column, which the band refills keep.

use crate::meter::Meter;
use crate::rng::Rng;
use sudoku::Grid;
use sudoku::Shape;
use sudoku_solve::{SolveError, SudokuSolver};

/// Search nodes allowed per refill (a refill that reaches it is skipped).
/// On 49x49, refills that succeed take 600 to 700 nodes; about one in
/// three runs past 20,000.
const REFILL_NODES: u64 = 4000;

/// How many times each band and each stack is refilled, on average.
const REFILLS_PER_BAND: usize = 2;

/// The usual shifted pattern: row `r` is row 0 shifted by
/// `box_cols * (r % box_rows) + r / box_rows`, a valid grid for any box
/// shape.
fn pattern(shape: Shape) -> Vec<u16> {
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((bc * (r % br) + r / br + c) % n) as u16 + 1
        })
        .collect()
}

/// A random order of `0..n` that keeps groups of `size` together: the
/// groups shuffled, and the members of each group.
fn grouped_order(n: usize, size: usize, rng: &mut Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / size).collect();
    rng.shuffle(&mut groups);
    let mut order = Vec::with_capacity(n);
    for g in groups {
        let mut members: Vec<usize> = (g * size..(g + 1) * size).collect();
        rng.shuffle(&mut members);
        order.extend(members);
    }
    order
}

/// A random full grid of the solver's shape (values not yet relabelled):
/// the pattern with its bands, stacks, and the rows and columns within
/// them, shuffled; then bands and stacks refilled in turn. Fails with
/// [`SolveError::GaveUp`] when the `meter` says the caller's limits are
/// reached.
pub(super) fn large_full_grid(
    solver: &mut SudokuSolver,
    rng: &mut Rng,
    meter: &mut Meter,
) -> Result<Grid, SolveError> {
    let shape = solver.shape();
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let base = pattern(shape);
    let rows = grouped_order(n, br, rng);
    let cols = grouped_order(n, bc, rng);
    let mut cells: Vec<u16> = (0..n * n)
        .map(|i| base[rows[i / n] * n + cols[i % n]])
        .collect();
    let (bands, stacks) = (n / br, n / bc);
    for round in 0..REFILLS_PER_BAND * (bands + stacks) {
        // Bands on even rounds, stacks on odd ones.
        let on_bands = round % 2 == 0;
        let k = rng.below(if on_bands { bands } else { stacks });
        let clear = |i: usize| match on_bands {
            true => i / n / br == k,
            false => i % n / bc == k,
        };
        let puzzle = (0..n * n)
            .map(|i| if clear(i) { 0 } else { cells[i] })
            .collect();
        let grid = Grid::from_values(shape, puzzle).expect("a subset of a full grid");
        meter.check()?;
        solver.set_seed(Some(rng.next()));
        let (refilled, stats) = solver.solve_one(&grid, &meter.within(Some(REFILL_NODES)));
        meter.charge(stats.nodes);
        match refilled {
            Ok(refilled) => cells = refilled.cells().to_vec(),
            Err(_) => meter.check()?,
        }
    }
    solver.set_seed(None);
    Ok(Grid::from_values(shape, cells).expect("a full grid"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver_core::Limits;

    /// Every row, column and box of `cells` holds each value once
    /// (checked directly, not by the solver).
    fn is_full_grid(shape: Shape, cells: &[u16]) -> bool {
        let n = shape.side() as usize;
        let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
        let all = |unit: Vec<usize>| {
            let mut seen = vec![false; n + 1];
            unit.into_iter().all(|i| {
                let v = usize::from(cells[i]);
                (1..=n).contains(&v) && !std::mem::replace(&mut seen[v], true)
            })
        };
        (0..n).all(|k| {
            let (b0, s0) = (k / (n / bc) * br, k % (n / bc) * bc);
            all((0..n).map(|c| k * n + c).collect())
                && all((0..n).map(|r| r * n + k).collect())
                && all((0..n).map(|j| (b0 + j / bc) * n + s0 + j % bc).collect())
        })
    }

    #[test]
    fn patterns_are_full_grids() {
        for (r, c) in [(2, 3), (3, 2), (3, 3), (4, 5), (6, 6), (7, 7)] {
            let shape = Shape::new(r, c).unwrap();
            assert!(is_full_grid(shape, &pattern(shape)), "{shape}");
        }
        // The check can fail: a pattern with two values swapped in a cell.
        let shape = Shape::square(3).unwrap();
        let mut cells = pattern(shape);
        cells[0] = cells[1];
        assert!(!is_full_grid(shape, &cells));
    }

    #[test]
    fn grouped_orders_are_permutations_keeping_groups() {
        let mut rng = Rng::new(5);
        let order = grouped_order(12, 3, &mut rng);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..12).collect::<Vec<_>>());
        for group in order.chunks(3) {
            assert!(group.iter().all(|&k| k / 3 == group[0] / 3), "{order:?}");
        }
    }

    #[test]
    fn refilled_grids_are_full_reproducible_and_seeded() {
        for (r, c, seed) in [(2, 3, 1), (3, 3, 2), (4, 4, 3), (3, 5, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let mut solver = SudokuSolver::new(shape).unwrap();
            let grid = large_full_grid(
                &mut solver,
                &mut Rng::new(seed),
                &mut Meter::new(&Limits::none()),
            )
            .unwrap();
            assert!(is_full_grid(shape, grid.cells()), "{shape}");
            let again = large_full_grid(
                &mut solver,
                &mut Rng::new(seed),
                &mut Meter::new(&Limits::none()),
            )
            .unwrap();
            assert_eq!(grid, again, "{shape}: not reproducible");
            let other = large_full_grid(
                &mut solver,
                &mut Rng::new(seed + 100),
                &mut Meter::new(&Limits::none()),
            )
            .unwrap();
            assert_ne!(grid, other, "{shape}: seeds give the same grid");
        }
    }
}
