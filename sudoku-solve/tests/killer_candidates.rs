//! Killer cages on the `units` engine (its cage propagator, the cages and
//! sums it derives from the units, and its true-candidates search) against
//! a brute-force oracle: every 4x4 grid, filtered by the cages' wording
//! (different values adding up to the sum), and against the propagation
//! engine (the same cages stated as setter's cage constraints).

use std::sync::Arc;

use proptest::prelude::*;
use solver_core::Limits;
use sudoku::{CageSpec, Constraint, Grid, Shape, Variant};
use sudoku_solve::{setter, Asked, EngineName, SudokuSolver, Task};

use crate::oracle;

/// A random 4x4 killer: a solution picked among all grids, cages grown
/// from random cells (adjacent cells of different values), some cages kept,
/// some givens kept.
fn killer(pick: usize, seed: u64, keep_cages: u32, keep_givens: u16) -> (Vec<CageSpec>, Vec<u16>) {
    let shape = Shape::square(2).unwrap();
    let grids = oracle::all_grids(shape, &[0; 16]);
    let solution = &grids[pick % grids.len()];
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut owner = [usize::MAX; 16];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..16 {
        if owner[start] != usize::MAX {
            continue;
        }
        let size = 1 + (next() % 4) as usize;
        let mut cage = vec![start];
        owner[start] = cages.len();
        while cage.len() < size {
            let grow: Vec<usize> = cage
                .iter()
                .flat_map(|&c| {
                    let (r, k) = (c / 4, c % 4);
                    [
                        (r.wrapping_sub(1), k),
                        (r + 1, k),
                        (r, k.wrapping_sub(1)),
                        (r, k + 1),
                    ]
                })
                .filter(|&(r, k)| r < 4 && k < 4)
                .map(|(r, k)| r * 4 + k)
                .filter(|&c| {
                    owner[c] == usize::MAX && cage.iter().all(|&d| solution[d] != solution[c])
                })
                .collect();
            if grow.is_empty() {
                break;
            }
            let c = grow[(next() % grow.len() as u64) as usize];
            owner[c] = cages.len();
            cage.push(c);
        }
        cages.push(cage);
    }
    let specs = cages
        .iter()
        .enumerate()
        .filter(|(i, _)| keep_cages >> (i % 32) & 1 == 1)
        .map(|(_, cells)| CageSpec {
            sum: cells.iter().map(|&c| u32::from(solution[c])).sum(),
            cells: cells.iter().map(|&c| (c / 4, c % 4)).collect(),
            line: 0,
            columns: Vec::new(),
        })
        .collect();
    let givens = (0..16)
        .map(|c| {
            if keep_givens >> c & 1 == 1 {
                solution[c]
            } else {
                0
            }
        })
        .collect();
    (specs, givens)
}

/// The grids that keep `givens` and obey the cages as worded.
fn oracle_solutions(cages: &[CageSpec], givens: &[u16]) -> Vec<Vec<u16>> {
    oracle::all_grids(Shape::square(2).unwrap(), givens)
        .into_iter()
        .filter(|g| {
            cages.iter().all(|cage| {
                let values: Vec<u16> = cage.cells.iter().map(|&(r, c)| g[r * 4 + c]).collect();
                let distinct = values
                    .iter()
                    .enumerate()
                    .all(|(i, v)| !values[..i].contains(v));
                distinct && values.iter().map(|&v| u32::from(v)).sum::<u32>() == cage.sum
            })
        })
        .collect()
}

fn masks(solutions: &[Vec<u16>]) -> Vec<u64> {
    let mut out = vec![0u64; 16];
    for g in solutions {
        for (m, &v) in out.iter_mut().zip(g) {
            *m |= 1 << (v - 1);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn units_killers_match_the_oracle_and_the_propagation_engine(
        pick in 0usize..288,
        seed in any::<u64>(),
        keep_cages in any::<u32>(),
        keep_givens in any::<u16>().prop_map(|g| g & 0x5a24),
    ) {
        let (cages, givens) = killer(pick, seed, keep_cages, keep_givens);
        let shape = Shape::square(2).unwrap();
        let expected = oracle_solutions(&cages, &givens);
        let puzzle = Grid::from_values(shape, givens.clone()).unwrap();
        let variant = Variant { cages: cages.clone(), ..Variant::default() };
        let rules = Arc::new(variant.rules(shape).unwrap());
        if !cages.is_empty() {
            prop_assert_eq!(sudoku_solve::plan(&rules, &Task::Candidates, Asked::Auto).unwrap().engine, EngineName::Units);
        }
        let found = setter::true_candidates(&rules, &puzzle, &Limits::none()).unwrap();
        prop_assert!(found.incomplete.is_none());
        prop_assert_eq!(&found.masks, &masks(&expected));
        let mut solver = SudokuSolver::with_rules(Arc::clone(&rules), Asked::Auto).unwrap();
        let count = solver.count(&puzzle, &Limits::none()).unwrap();
        prop_assert_eq!(count.solutions, expected.len() as u128);
        // The same cages as setter's constraints: the propagation engine.
        let as_constraints = Variant {
            constraints: cages
                .iter()
                .map(|c| Constraint::Cage {
                    cells: c.cells.iter().map(|&(r, k)| r * 4 + k).collect(),
                    sum: Some(c.sum),
                })
                .collect(),
            ..Variant::default()
        };
        let prop_rules = Arc::new(as_constraints.rules(shape).unwrap());
        let by_propagation = setter::true_candidates(&prop_rules, &puzzle, &Limits::none()).unwrap();
        prop_assert_eq!(&found.masks, &by_propagation.masks);
    }
}
