//! The setter's constraints against a brute-force oracle written plainly
//! here: every grid of the shape (rows, columns, boxes), filtered by each
//! constraint's definition as the rules state it (not the library's code).
//! Counts and solution sets must agree with the propagation engine.

use std::collections::BTreeSet;
use std::sync::Arc;

use proptest::prelude::*;
use solver_core::Limits;
use sudoku::{Constraint, Grid, PairKind, Rules, Shape, Variant};
use sudoku_solve::{plan, Asked, EngineName, SudokuSolver, Task};

use crate::oracle::{all_grids, obeys};
// issue 36, group C (the sum dot)
#[path = "group_c/mod.rs"]
mod group_c;

/// The oracle's solutions and the engine's, as sets of grids.
fn compare(shape: Shape, prefix: &[u16], constraints: Vec<Constraint>) {
    let mut expected: BTreeSet<Vec<u16>> = all_grids(shape, prefix)
        .into_iter()
        .filter(|g| constraints.iter().all(|c| obeys(c, g, shape, &constraints)))
        .collect();
    let variant = Variant {
        constraints: constraints.clone(),
        ..Variant::default()
    };
    let rules = Arc::new(variant.rules(shape).unwrap());
    assert_eq!(
        plan(&rules, &Task::Check, Asked::Auto).unwrap().engine,
        EngineName::Propagation
    );
    let n = shape.side() as usize;
    let mut cells = prefix.to_vec();
    cells.resize(n * n, 0);
    let puzzle = Grid::from_values(shape, cells).unwrap();
    let mut solver = SudokuSolver::with_rules(Arc::clone(&rules), Asked::Auto).unwrap();
    let count = solver.count(&puzzle, &Limits::none()).unwrap();
    assert_eq!(
        count.solutions,
        expected.len() as u128,
        "{constraints:?}: count"
    );
    let par = solver.par_count(&puzzle, &Limits::none()).unwrap();
    assert_eq!(
        par.solutions,
        expected.len() as u128,
        "{constraints:?}: par_count"
    );
    let (found, outcome) = solver.solutions_within(&puzzle, &Limits::none()).unwrap();
    assert!(outcome.incomplete.is_none());
    for g in &found {
        assert!(rules.is_solution(g, &puzzle), "{constraints:?}: {g}");
        assert!(
            expected.remove(g.cells()),
            "{constraints:?}: {g} found twice or wrongly"
        );
    }
    assert!(
        expected.is_empty(),
        "{constraints:?}: {} missed",
        expected.len()
    );
}

fn four() -> Shape {
    Shape::square(2).unwrap()
}

fn six() -> Shape {
    Shape::new(2, 3).unwrap()
}

fn dot(a: usize, b: usize, kind: PairKind, value: u32) -> Constraint {
    Constraint::Dot {
        cells: [a, b],
        kind,
        value,
    }
}

/// One or two of each constraint on 4x4 (cells `r * 4 + c`).
fn four_by_four() -> Vec<Vec<Constraint>> {
    use Constraint::*;
    vec![
        vec![Thermometer {
            cells: vec![0, 1, 5],
        }],
        vec![SlowThermometer {
            cells: vec![0, 4, 8, 9],
        }],
        vec![Arrow {
            circle: vec![0],
            line: vec![1, 2],
        }],
        vec![Arrow {
            circle: vec![0, 1],
            line: vec![5, 9, 13, 6, 10, 14],
        }],
        vec![Cage {
            cells: vec![0, 1, 4],
            sum: Some(6),
        }],
        vec![Cage {
            cells: vec![5, 10],
            sum: None,
        }],
        vec![LittleKiller {
            cells: vec![0, 5, 10, 15],
            sum: 10,
        }],
        vec![LittleKiller {
            cells: vec![1, 6, 11],
            sum: 5,
        }],
        vec![Sandwich {
            line: vec![0, 1, 2, 3],
            sum: 5,
        }],
        vec![Sandwich {
            line: vec![3, 7, 11, 15],
            sum: 0,
        }],
        vec![XSum {
            line: vec![0, 1, 2, 3],
            sum: 6,
        }],
        vec![XSum {
            line: vec![15, 11, 7, 3],
            sum: 7,
        }],
        vec![Skyscraper {
            line: vec![0, 4, 8, 12],
            count: 2,
        }],
        vec![Skyscraper {
            line: vec![3, 2, 1, 0],
            count: 3,
        }],
        vec![dot(0, 1, PairKind::Difference, 1)],
        vec![dot(0, 4, PairKind::Ratio, 2)],
        vec![dot(5, 6, PairKind::Sum, 5)],
        vec![dot(5, 9, PairKind::Difference, 2)],
        vec![
            dot(0, 1, PairKind::Difference, 1),
            Negative {
                kind: PairKind::Difference,
            },
        ],
        vec![
            dot(2, 3, PairKind::Ratio, 2),
            Negative {
                kind: PairKind::Ratio,
            },
        ],
        vec![
            dot(5, 6, PairKind::Sum, 5),
            Negative {
                kind: PairKind::Sum,
            },
        ],
        vec![NonConsecutive],
        vec![AntiKnight],
        vec![AntiKing],
        vec![DiagonalPositive],
        vec![DiagonalNegative],
        vec![ExtraRegion {
            cells: vec![0, 6, 9, 15],
        }],
        vec![Windoku],
        vec![DisjointGroups],
        vec![Even { cell: 0 }, Odd { cell: 5 }],
        vec![Minimum { cell: 5 }],
        vec![Maximum { cell: 0 }],
        vec![Quadruple {
            cell: 5,
            values: vec![1, 2],
        }],
        vec![Quadruple {
            cell: 1,
            values: vec![3, 3],
        }],
        vec![Palindrome {
            cells: vec![0, 5, 10],
        }],
        vec![Palindrome {
            cells: vec![0, 1, 6, 7],
        }],
        vec![Renban {
            cells: vec![0, 1, 5],
        }],
        vec![Whispers {
            cells: vec![0, 1, 5],
        }],
        vec![RegionSumLine {
            cells: vec![1, 2, 6],
        }],
        vec![BetweenLine {
            cells: vec![0, 5, 10, 15],
        }],
        vec![BetweenLine {
            cells: vec![4, 5, 6],
        }],
        vec![Clone {
            cells: vec![0, 1],
            copy: vec![10, 11],
        }],
        // issue 36, group B
        vec![SumLine {
            cells: vec![0, 1, 2, 3],
            sum: 5,
            looped: false,
        }],
        vec![SumLine {
            cells: vec![0, 1, 5, 4],
            sum: 5,
            looped: true,
        }],
        vec![SumLine {
            cells: vec![4, 5, 9],
            sum: 3,
            looped: false,
        }],
        vec![RellikCage {
            cells: vec![0, 1, 4],
            sum: 4,
        }],
        vec![RellikCage {
            cells: vec![5, 6, 9],
            sum: 7,
        }],
        vec![EqualityCage {
            cells: vec![0, 5, 10, 15],
        }],
        vec![EqualityCage { cells: vec![1, 2] }],
        vec![Lunchbox {
            cells: vec![0, 1, 2, 3],
            sum: 5,
        }],
        vec![Lunchbox {
            cells: vec![4, 5, 9],
            sum: 0,
        }],
        vec![HiddenSkyscraper {
            line: vec![0, 1, 2, 3],
            value: 2,
        }],
        vec![HiddenSkyscraper {
            line: vec![12, 8, 4, 0],
            value: 1,
        }],
        vec![NumberedRoom {
            line: vec![0, 1, 2, 3],
            value: 3,
        }],
        vec![NumberedRoom {
            line: vec![15, 11, 7, 3],
            value: 1,
        }],
        vec![CountingCircles {
            cells: vec![0, 5, 10, 15],
        }],
        vec![CountingCircles {
            cells: vec![0, 6, 9, 15],
        }],
        vec![CountingCircles {
            cells: vec![0, 5, 10],
        }],
        vec![GlobalModular],
        vec![DutchFlatmates],
        vec![WhispersBy {
            cells: vec![0, 1, 5],
            difference: 2,
        }],
        vec![WhispersBy {
            cells: vec![0, 4, 5, 6],
            difference: 0,
        }],
    ]
}

/// Group B's clues at their edges on 4x4: sums no line or cage can make
/// (`u32::MAX` too), clues no grid keeps, and each answered by the
/// oracle, never by wrapping arithmetic.
#[test]
fn group_b_edge_clues_on_4x4_against_brute_force() {
    use Constraint::*;
    for constraints in [
        vec![SumLine {
            cells: vec![0, 1, 2, 3],
            sum: u32::MAX,
            looped: false,
        }],
        vec![SumLine {
            cells: vec![0, 1, 5, 4],
            sum: u32::MAX,
            looped: true,
        }],
        vec![SumLine {
            cells: vec![0, 1, 2, 3],
            sum: 10,
            looped: true,
        }],
        vec![SumLine {
            cells: vec![0],
            sum: 4,
            looped: true,
        }],
        vec![RellikCage {
            cells: vec![0, 1, 4, 5],
            sum: 10,
        }],
        vec![RellikCage {
            cells: vec![0, 1],
            sum: u32::MAX,
        }],
        vec![EqualityCage { cells: vec![0] }],
        vec![Lunchbox {
            cells: vec![0, 1, 2, 3],
            sum: u32::MAX,
        }],
        vec![Lunchbox {
            cells: vec![5],
            sum: 0,
        }],
        vec![HiddenSkyscraper {
            line: vec![0, 1, 2, 3],
            value: 4,
        }],
        vec![CountingCircles { cells: vec![0] }],
        vec![CountingCircles { cells: vec![0, 1] }],
        vec![WhispersBy {
            cells: vec![0, 1],
            difference: u32::MAX,
        }],
        vec![WhispersBy {
            cells: vec![0, 1],
            difference: 3,
        }],
        vec![DutchFlatmates, GlobalModular],
    ] {
        compare(four(), &[], constraints);
    }
}

/// Group B on 6x6 (first row 1..6), where the thirds, halves and middle
/// values differ from 4x4's.
#[test]
fn group_b_on_6x6_against_brute_force() {
    use Constraint::*;
    let row: Vec<u16> = (1..=6).collect();
    for constraints in [
        vec![SumLine {
            cells: vec![6, 12, 18, 24, 30],
            sum: 10,
            looped: false,
        }],
        vec![SumLine {
            cells: vec![6, 7, 13, 12],
            sum: 7,
            looped: true,
        }],
        vec![RellikCage {
            cells: vec![6, 7, 12, 13],
            sum: 4,
        }],
        vec![EqualityCage {
            cells: vec![6, 7, 12, 13],
        }],
        vec![EqualityCage {
            cells: vec![30, 31, 32, 33, 34, 35],
        }],
        vec![Lunchbox {
            cells: vec![12, 13, 14, 15, 16, 17],
            sum: 9,
        }],
        vec![HiddenSkyscraper {
            line: vec![30, 24, 18, 12, 6, 0],
            value: 3,
        }],
        vec![NumberedRoom {
            line: vec![11, 10, 9, 8, 7, 6],
            value: 2,
        }],
        vec![CountingCircles {
            cells: vec![12, 19, 33],
        }],
        vec![GlobalModular],
        vec![DutchFlatmates],
        vec![WhispersBy {
            cells: vec![12, 13, 19, 25],
            difference: 3,
        }],
    ] {
        compare(six(), &row, constraints);
    }
    // Global entropy needs each third in the top row's blocks.
    compare(six(), &[1, 3, 5, 2, 4, 6], vec![GlobalEntropy]);
}

/// Group B's malformed clues are refused by name, saying what was
/// expected.
#[test]
fn group_b_bad_clues_are_refused() {
    use Constraint::*;
    for (c, want) in [
        (
            SumLine {
                cells: vec![0, 1],
                sum: 0,
                looped: false,
            },
            "sumline",
        ),
        (
            HiddenSkyscraper {
                line: vec![0, 1, 2, 3],
                value: 0,
            },
            "1..=4",
        ),
        (
            NumberedRoom {
                line: vec![0, 1, 2, 3],
                value: 5,
            },
            "1..=4",
        ),
        (
            NumberedRoom {
                line: vec![0, 1, 2],
                value: 1,
            },
            "whole row",
        ),
        (
            RellikCage {
                cells: vec![0, 1, 2, 3, 4],
                sum: 1,
            },
            "at most 4",
        ),
        (GlobalEntropy, "divisible by 3"),
    ] {
        let variant = Variant {
            constraints: vec![c],
            ..Variant::default()
        };
        let e = variant.rules(four()).unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
    }
}

#[test]
fn each_constraint_on_4x4_against_brute_force() {
    for constraints in four_by_four() {
        compare(four(), &[], constraints);
    }
}

#[test]
fn constraints_on_6x6_against_brute_force() {
    use Constraint::*;
    // The first row fixed to 1..6 keeps the oracle's 39,168 grids.
    let row: Vec<u16> = (1..=6).collect();
    for constraints in [
        vec![EntropicLine {
            cells: vec![6, 7, 8, 14, 20],
        }],
        vec![EntropicLine {
            cells: vec![12, 13, 14],
        }],
        vec![EntropicLine {
            cells: vec![35, 29, 23, 17, 11, 10, 9],
        }],
        vec![BetweenLine {
            cells: vec![6, 13, 20, 27, 34],
        }],
        vec![
            BetweenLine {
                cells: vec![12, 19, 26],
            },
            BetweenLine {
                cells: vec![18, 24],
            },
        ],
        vec![Thermometer {
            cells: vec![6, 12, 18, 24],
        }],
        vec![Sandwich {
            line: vec![1, 7, 13, 19, 25, 31],
            sum: 7,
        }],
        vec![Skyscraper {
            line: vec![30, 24, 18, 12, 6, 0],
            count: 3,
        }],
        vec![Whispers {
            cells: vec![6, 7, 13, 19],
        }],
        vec![DisjointGroups],
        vec![Windoku],
        vec![AntiKnight],
        vec![RegionSumLine {
            cells: vec![8, 9, 15],
        }],
        vec![Arrow {
            circle: vec![35],
            line: vec![28, 21],
        }],
        vec![XSum {
            line: vec![6, 7, 8, 9, 10, 11],
            sum: 10,
        }],
    ] {
        compare(six(), &row, constraints);
    }
}

#[test]
fn other_engines_are_refused_and_wrong_grids_rejected() {
    let variant = Variant {
        constraints: vec![Constraint::Thermometer {
            cells: vec![0, 1, 2, 3],
        }],
        ..Variant::default()
    };
    let rules: Rules = variant.rules(four()).unwrap();
    for engine in [Asked::Bits, Asked::Dlx] {
        let err = plan(&rules, &Task::Check, engine).unwrap_err();
        assert!(err.to_string().contains("propagation"), "{err}");
        assert!(SudokuSolver::with_rules(rules.clone().into(), engine).is_err());
    }
    let empty = Grid::empty(four());
    let classic: Grid = "2134342112434312".parse().unwrap();
    assert!(Rules::standard(four()).is_solution(&classic, &empty));
    assert!(!rules.is_solution(&classic, &empty));
    let thermo: Grid = "1234341221434321".parse().unwrap();
    assert!(rules.is_solution(&thermo, &empty));
    // A line through a cell outside the grid is refused by name.
    let bad = Variant {
        constraints: vec![Constraint::Renban { cells: vec![0, 16] }],
        ..Variant::default()
    };
    let e = bad.rules(four()).unwrap_err();
    assert!(e.to_string().starts_with("renban: cell #16"), "{e}");
}

/// A pool of constraints on 4x4 for random combinations.
fn pool() -> Vec<Constraint> {
    four_by_four().into_iter().flatten().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn random_combinations_on_4x4(picks in proptest::collection::vec(0usize..1000, 1..4)) {
        let pool = pool();
        let mut chosen: Vec<Constraint> =
            picks.iter().map(|&k| pool[k % pool.len()].clone()).collect();
        chosen.sort_by_key(|c| format!("{c:?}"));
        chosen.dedup();
        compare(four(), &[], chosen);
    }
}

// issue 36, group A

/// Leapers, knightmare, taxicab, diagonal non-consecutive and indexers on
/// 4x4, against the brute force: several of each, some with no solution,
/// and the type limits of the clues (a leap or distance of `u32::MAX` joins
/// no cells).
#[test]
fn group_a_on_4x4_against_brute_force() {
    use Constraint::*;
    let cases = vec![
        vec![Leaper {
            offsets: vec![(1, 3)],
        }],
        vec![Leaper {
            offsets: vec![(2, 3)],
        }],
        vec![Leaper {
            offsets: vec![(1, 1)],
        }],
        vec![Leaper {
            offsets: vec![(3, 1), (0, 2)],
        }],
        vec![Leaper {
            offsets: vec![(1, 1), (1, 2)],
        }],
        vec![Leaper {
            offsets: vec![(u32::MAX, 1), (1, u32::MAX)],
        }],
        vec![Knightmare],
        vec![
            Knightmare,
            Leaper {
                offsets: vec![(1, 3)],
            },
        ],
        vec![Taxicab { distance: 2 }],
        vec![Taxicab { distance: 3 }],
        vec![Taxicab { distance: 6 }],
        vec![Taxicab { distance: u32::MAX }],
        vec![SelfTaxicab],
        vec![SelfTaxicab, Taxicab { distance: 3 }],
        vec![DiagonalNonConsecutive],
        vec![DiagonalNonConsecutive, NonConsecutive],
        vec![RowIndexer {
            cells: vec![0, 1, 2, 3],
        }],
        vec![RowIndexer { cells: vec![5, 10] }],
        vec![ColumnIndexer {
            cells: vec![0, 4, 8, 12],
        }],
        vec![ColumnIndexer {
            cells: vec![0, 4, 8, 12, 3, 7, 11, 15],
        }],
        vec![
            ColumnIndexer { cells: vec![6] },
            RowIndexer { cells: vec![6] },
        ],
        vec![BoxIndexer { cells: vec![0] }],
        vec![BoxIndexer {
            cells: vec![0, 1, 4, 5],
        }],
        vec![BoxIndexer {
            cells: vec![0, 5, 10, 15],
        }],
    ];
    for constraints in cases {
        compare(four(), &[], constraints);
    }
}

/// The same on 6x6 (2x3 boxes), the first row fixed to 1..6.
#[test]
fn group_a_on_6x6_against_brute_force() {
    use Constraint::*;
    let row: Vec<u16> = (1..=6).collect();
    for constraints in [
        vec![Leaper {
            offsets: vec![(1, 3)],
        }],
        vec![Leaper {
            offsets: vec![(1, 4), (2, 3)],
        }],
        vec![Knightmare],
        vec![Taxicab { distance: 3 }],
        vec![Taxicab { distance: 5 }],
        vec![SelfTaxicab],
        vec![DiagonalNonConsecutive],
        vec![RowIndexer {
            cells: vec![6, 12, 18, 24, 30],
        }],
        vec![ColumnIndexer {
            cells: vec![6, 12, 18, 24, 30],
        }],
        vec![ColumnIndexer {
            cells: vec![8, 14, 20, 26, 32],
        }],
        vec![BoxIndexer {
            cells: vec![6, 7, 8],
        }],
        vec![BoxIndexer {
            cells: vec![15, 16, 17, 21, 22, 23],
        }],
    ] {
        compare(six(), &row, constraints);
    }
    // Self-taxicab has no grid with the first row 1..6 (nor any 4x4 grid):
    // with 1 2 3 4 6 5 it has three (a plain search over all 6x6 grids
    // finds 72 in all).
    compare(six(), &[1, 2, 3, 4, 6, 5], vec![SelfTaxicab]);
    compare(
        six(),
        &[1, 2, 3, 4, 6, 5],
        vec![SelfTaxicab, DiagonalNonConsecutive],
    );
}

/// Clues that make no sense are refused by name, never wrapped: a leap of
/// (0, 0), an empty leap list, a taxicab distance of 0, an indexer cell off
/// the grid.
#[test]
fn group_a_bad_clues_are_refused() {
    use Constraint::*;
    for (c, want) in [
        (
            Leaper {
                offsets: vec![(0, 0)],
            },
            "chess",
        ),
        (Leaper { offsets: vec![] }, "chess"),
        (Taxicab { distance: 0 }, "taxicab"),
        (RowIndexer { cells: vec![16] }, "rowindexer: cell #16"),
        (ColumnIndexer { cells: vec![] }, "columnindexer"),
        (BoxIndexer { cells: vec![3, 3] }, "boxindexer"),
    ] {
        let variant = Variant {
            constraints: vec![c],
            ..Variant::default()
        };
        let e = variant.rules(four()).unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
    }
}

/// Modular, nabner, zipper and lockout lines and double arrows on 4x4 and
/// 6x6 against the brute force; clues at their type limits (a lockout
/// difference of `u32::MAX`: no solution, never a wrap).
#[test]
fn group_a_lines_against_brute_force() {
    use Constraint::*;
    for constraints in [
        vec![ModularLine {
            cells: vec![0, 1, 2, 3],
        }],
        vec![ModularLine { cells: vec![0, 5] }],
        vec![ModularLine {
            cells: vec![0, 4, 8, 12, 13],
        }],
        vec![NabnerLine {
            cells: vec![0, 5, 10],
        }],
        vec![NabnerLine {
            cells: vec![0, 1, 6],
        }],
        vec![DoubleArrow {
            cells: vec![0, 1, 2],
        }],
        vec![DoubleArrow {
            cells: vec![0, 4, 5, 6],
        }],
        vec![DoubleArrow {
            cells: vec![0, 4, 8, 12, 13, 14, 15],
        }],
        vec![ZipperLine {
            cells: vec![0, 1, 2],
        }],
        vec![ZipperLine {
            cells: vec![0, 1, 2, 3],
        }],
        vec![ZipperLine {
            cells: vec![4, 5, 9, 13, 14],
        }],
        vec![LockoutLine {
            cells: vec![0, 1, 2, 3],
            min_diff: 2,
        }],
        vec![LockoutLine {
            cells: vec![0, 5, 10],
            min_diff: 0,
        }],
        vec![LockoutLine {
            cells: vec![4, 5, 6],
            min_diff: 3,
        }],
        vec![LockoutLine {
            cells: vec![0, 1],
            min_diff: u32::MAX,
        }],
    ] {
        compare(four(), &[], constraints);
    }
    let row: Vec<u16> = (1..=6).collect();
    for constraints in [
        vec![ModularLine {
            cells: vec![6, 7, 8, 9, 10, 11],
        }],
        vec![ModularLine {
            cells: vec![6, 13, 20, 27],
        }],
        vec![NabnerLine {
            cells: vec![6, 13, 20],
        }],
        vec![DoubleArrow {
            cells: vec![6, 12, 18, 24],
        }],
        vec![ZipperLine {
            cells: vec![6, 12, 18, 24, 30],
        }],
        vec![ZipperLine {
            cells: vec![7, 13, 19, 25],
        }],
        vec![LockoutLine {
            cells: vec![6, 12, 18, 24, 30],
            min_diff: 4,
        }],
        vec![LockoutLine {
            cells: vec![8, 14, 20],
            min_diff: 5,
        }],
    ] {
        compare(six(), &row, constraints);
    }
    // Digital-root cages: a root of 9 from 4 + 5 or 1 + 2 + 6, ...
    for constraints in [
        vec![DigitalRootCage {
            cells: vec![0, 1],
            root: 3,
        }],
        vec![DigitalRootCage {
            cells: vec![0, 1, 4],
            root: 7,
        }],
        vec![DigitalRootCage {
            cells: vec![0, 5],
            root: 9,
        }],
        vec![DigitalRootCage {
            cells: vec![0, 1, 2, 3],
            root: 2,
        }],
        vec![DigitalRootCage {
            cells: vec![0, 1, 2, 3],
            root: 1,
        }],
    ] {
        compare(four(), &[], constraints);
    }
    compare(
        six(),
        &row,
        vec![DigitalRootCage {
            cells: vec![6, 7, 12, 13],
            root: 5,
        }],
    );
    // Too short: refused by name.
    for (c, want) in [
        (DoubleArrow { cells: vec![0, 1] }, "doublearrow"),
        (ZipperLine { cells: vec![0] }, "zipperline"),
        (
            LockoutLine {
                cells: vec![3],
                min_diff: 4,
            },
            "lockout",
        ),
        (
            DigitalRootCage {
                cells: vec![0, 1],
                root: 0,
            },
            "digitalrootcage",
        ),
        (
            DigitalRootCage {
                cells: vec![0, 1],
                root: u32::MAX,
            },
            "digitalrootcage",
        ),
    ] {
        let variant = Variant {
            constraints: vec![c],
            ..Variant::default()
        };
        let e = variant.rules(four()).unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
    }
}
