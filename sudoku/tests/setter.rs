//! True candidates, unique-makers and the verdict's differing cells,
//! against the brute-force oracle (every grid, filtered by the constraints'
//! definitions written in the tests).

use std::collections::BTreeSet;
use std::sync::Arc;

use solver_core::Limits;
use sudoku::{setter, Constraint, Grid, PairKind, Shape, Variant};

mod oracle;

fn solutions(shape: Shape, puzzle: &[u16], constraints: &[Constraint]) -> Vec<Vec<u16>> {
    oracle::all_grids(shape, puzzle)
        .into_iter()
        .filter(|g| {
            constraints
                .iter()
                .all(|c| oracle::obeys(c, g, shape, constraints))
        })
        .collect()
}

fn cases() -> Vec<(Vec<u16>, Vec<Constraint>)> {
    vec![
        (
            vec![0; 16],
            vec![Constraint::Thermometer {
                cells: vec![0, 1, 5],
            }],
        ),
        (
            vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![Constraint::Dot {
                cells: [5, 6],
                kind: PairKind::Sum,
                value: 5,
            }],
        ),
        (
            vec![0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![
                Constraint::Whispers {
                    cells: vec![0, 1, 5],
                },
                Constraint::Skyscraper {
                    line: vec![12, 13, 14, 15],
                    count: 2,
                },
            ],
        ),
        (
            vec![1, 2, 3, 4, 3, 4, 0, 0, 2, 1, 0, 0, 4, 3, 0, 0],
            Vec::new(),
        ),
    ]
}

#[test]
fn true_candidates_and_unique_makers_match_brute_force() {
    let shape = Shape::square(2).unwrap();
    for (givens, constraints) in cases() {
        let sols = solutions(shape, &givens, &constraints);
        let rules = Arc::new(
            Variant {
                constraints: constraints.clone(),
                ..Variant::default()
            }
            .rules(shape)
            .unwrap(),
        );
        let puzzle = Grid::from_values(shape, givens.clone()).unwrap();
        let got = setter::true_candidates(&rules, &puzzle, &Limits::none()).unwrap();
        assert!(got.incomplete.is_none());
        for cell in 0..16 {
            let want: BTreeSet<u16> = sols.iter().map(|g| g[cell]).collect();
            let have: BTreeSet<u16> = got.values(cell).into_iter().collect();
            assert_eq!(have, want, "{constraints:?} cell {cell}");
        }
        // Unique-makers: placements on open cells leaving one solution.
        let makers = setter::unique_makers(&rules, &puzzle, &Limits::none()).unwrap();
        let mut want = Vec::new();
        for cell in (0..16).filter(|&c| givens[c] == 0) {
            for v in 1..=4u16 {
                if sols.iter().filter(|g| g[cell] == v).count() == 1 {
                    want.push((cell, v));
                }
            }
        }
        assert_eq!(makers.placements, want, "{constraints:?}");
        // The verdict and the cells where the two solutions differ.
        let (verdict, cells) = setter::verdict(&rules, &puzzle, &Limits::none()).unwrap();
        match sols.len() {
            0 => assert_eq!(verdict.status(), "unsolvable"),
            1 => assert_eq!(verdict.status(), "unique"),
            _ => {
                let sudoku::Verdict::Multiple(a, b) = verdict else {
                    panic!("{verdict:?}")
                };
                assert!(sols.contains(&a.cells().to_vec()) && sols.contains(&b.cells().to_vec()));
                let differ: Vec<usize> =
                    (0..16).filter(|&c| a.cells()[c] != b.cells()[c]).collect();
                assert_eq!(cells, differ);
                assert!(!cells.is_empty());
            }
        }
    }
}

#[test]
fn an_unsolvable_puzzle_has_no_candidates_and_limits_say_incomplete() {
    let shape = Shape::square(2).unwrap();
    let rules = Arc::new(
        Variant {
            constraints: vec![Constraint::Thermometer {
                cells: vec![0, 1, 2, 3],
            }],
            ..Variant::default()
        }
        .rules(shape)
        .unwrap(),
    );
    let puzzle =
        Grid::from_values(shape, vec![2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    let got = setter::true_candidates(&rules, &puzzle, &Limits::none()).unwrap();
    assert!(got.is_unsolvable());
    let empty = Grid::empty(shape);
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let got = setter::true_candidates(&rules, &empty, &Limits::none().cancel_flag(flag)).unwrap();
    assert!(got.incomplete.is_some());
}
