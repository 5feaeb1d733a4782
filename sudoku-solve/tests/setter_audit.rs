//! Issue 22's checks, audited and completed: what the other test files
//! leave out. Every answer is compared with a brute force written here or
//! in `oracle/` (every grid of the shape, filtered by each rule as f-puzzles
//! and SudokuPad state it), never with the library's own output:
//!
//! - the count that reports its progress ([`setter::count_counted`]);
//! - on 6x6, the constraints that `constraints.rs` checks on 4x4 only, and
//!   constraints on a jigsaw grid;
//! - a proptest that the answer does not depend on the engine: the same
//!   rules stated as units and cages (the `units`, bit-parallel and Dancing
//!   Links engines) and as setter's constraints (propagation), in random
//!   mixes with random givens, and with constraints only propagation takes;
//! - a proptest of the f-puzzles round trip over random puzzles of every
//!   constraint kind (read -> write -> read gives the same puzzle, and the
//!   same solutions as the puzzle written), and of refusals by name;
//! - the generators for X, windoku, jigsaw and anti-king on small grids:
//!   unique by brute force;
//! - the example variant puzzles: their solutions by the rules written
//!   here, their uniqueness by engines apart from the one the command uses.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use proptest::prelude::*;
use sudoku::{CageSpec, Constraint, Grid, PairKind, Regions, Shape, Variant};
use sudoku_format::fpuzzles::{read_fpuzzles, to_fpuzzles_link, FPuzzle, FpuzzlesError};
use sudoku_solve::{setter, Asked, Incomplete, Limits, SolveError, SudokuSolver};

use crate::oracle::{all_grids, brute_force, groups, obeys};

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

/// `count_counted` of `puzzle`, with the progress counter's final value.
fn counted(
    variant: &Variant,
    puzzle: &Grid,
    limits: &Limits,
    engine: Asked,
) -> Result<(sudoku_solve::Count, u64), SolveError> {
    let rules = Arc::new(variant.rules(puzzle.shape()).unwrap());
    let found = AtomicU64::new(0);
    let count = setter::count_counted(&rules, puzzle, limits, engine, &found)?;
    Ok((count, found.load(Ordering::Relaxed)))
}

#[test]
fn the_count_with_progress_counts_as_the_brute_force() {
    // The empty 4x4: 288 grids (mathematics), on every engine.
    let empty = Grid::empty(four());
    for engine in [Asked::Auto, Asked::Bits, Asked::Dlx] {
        let (count, found) = counted(&Variant::default(), &empty, &Limits::none(), engine).unwrap();
        assert_eq!(
            (count.solutions, count.is_complete(), found),
            (288, true, 288)
        );
    }
    // 6x6 with the first row 1..6: 28,200,960 / 6! = 39,168 grids (the
    // literature's count; relabelling is a bijection), too many for the
    // first short search: the split into subproblems counts them.
    let mut first_row: Vec<u16> = (1..=6).collect();
    first_row.resize(36, 0);
    let row = Grid::from_values(six(), first_row).unwrap();
    for engine in [Asked::Auto, Asked::Dlx] {
        let (count, found) = counted(&Variant::default(), &row, &Limits::none(), engine).unwrap();
        assert_eq!(
            (count.solutions, count.is_complete(), found),
            (39_168, true, 39_168)
        );
        assert!(count.outcome.stats.nodes > 2_000, "{count:?}");
    }
    // Setter's constraints (the propagation engine) and X with a killer
    // cage (units), against the oracle.
    let cases: Vec<Variant> = vec![
        Variant {
            constraints: vec![Constraint::Thermometer {
                cells: vec![0, 1, 5],
            }],
            ..Variant::default()
        },
        Variant {
            constraints: vec![
                Constraint::AntiKnight,
                Constraint::Arrow {
                    circle: vec![0],
                    line: vec![1, 2],
                },
            ],
            ..Variant::default()
        },
        Variant {
            diagonals: true,
            cages: vec![cage(&[(0, 0), (0, 1)], 3)],
            ..Variant::default()
        },
    ];
    for variant in cases {
        let stated = as_constraints(&variant, 4);
        let expected = all_grids(four(), &[])
            .into_iter()
            .filter(|g| stated.iter().all(|c| obeys(c, g, four(), &stated)))
            .count() as u128;
        let (count, found) = counted(&variant, &empty, &Limits::none(), Asked::Auto).unwrap();
        assert_eq!(count.solutions, expected, "{variant:?}");
        assert!(count.is_complete());
        assert_eq!(u128::from(found), expected);
    }
    // Limits: a solution limit stops it exactly there; a raised cancel flag
    // and a node budget say so; clashing givens are an invalid puzzle.
    let (count, found) = counted(
        &Variant::default(),
        &empty,
        &Limits::none().solutions(5),
        Asked::Auto,
    )
    .unwrap();
    assert_eq!(
        (count.solutions, count.outcome.incomplete),
        (5, Some(Incomplete::SolutionLimit))
    );
    assert!(found >= 5);
    let cancel = Arc::new(AtomicBool::new(true));
    let (count, _) = counted(
        &Variant::default(),
        &Grid::empty(Shape::square(3).unwrap()),
        &Limits::none().cancel_flag(cancel),
        Asked::Auto,
    )
    .unwrap();
    assert_eq!(count.outcome.incomplete, Some(Incomplete::Cancelled));
    let (count, _) = counted(
        &Variant::default(),
        &Grid::empty(Shape::square(3).unwrap()),
        &Limits::none().nodes(1000),
        Asked::Auto,
    )
    .unwrap();
    assert_eq!(count.outcome.incomplete, Some(Incomplete::NodeLimit));
    let clash: Grid = "11..............".parse().unwrap();
    assert!(matches!(
        counted(&Variant::default(), &clash, &Limits::none(), Asked::Auto),
        Err(SolveError::Invalid(_))
    ));
    // A deadline stops a count that would not end (the empty 9x9).
    let started = std::time::Instant::now();
    let (count, found) = counted(
        &Variant::default(),
        &Grid::empty(Shape::square(3).unwrap()),
        &Limits::none().timeout(std::time::Duration::from_millis(300)),
        Asked::Auto,
    )
    .unwrap();
    assert_eq!(count.outcome.incomplete, Some(Incomplete::Deadline));
    assert!(started.elapsed().as_secs() < 20);
    assert!(u128::from(found) >= count.solutions);
}

/// A killer cage of `Variant::cages`.
fn cage(cells: &[(usize, usize)], sum: u32) -> CageSpec {
    CageSpec {
        sum,
        cells: cells.to_vec(),
        line: 0,
        columns: Vec::new(),
    }
}

/// `variant`'s X, windoku and killer cages stated as setter's constraints
/// (with its other constraints), which only the propagation engine takes.
fn as_constraints(variant: &Variant, n: usize) -> Vec<Constraint> {
    let mut out = variant.constraints.clone();
    if variant.diagonals {
        out.extend([Constraint::DiagonalPositive, Constraint::DiagonalNegative]);
    }
    if variant.windows {
        out.push(Constraint::Windoku);
    }
    for c in &variant.cages {
        out.push(Constraint::Cage {
            cells: c.cells.iter().map(|&(r, col)| r * n + col).collect(),
            sum: Some(c.sum),
        });
    }
    out
}

/// The oracle's solutions against the propagation engine's: count,
/// parallel count, the count with progress, and the solutions themselves.
fn compare(shape: Shape, prefix: &[u16], variant: &Variant) {
    let stated = as_constraints(variant, shape.side() as usize);
    let expected: BTreeSet<Vec<u16>> = all_grids(shape, prefix)
        .into_iter()
        .filter(|g| stated.iter().all(|c| obeys(c, g, shape, &stated)))
        .collect();
    let n = shape.side() as usize;
    let mut cells = prefix.to_vec();
    cells.resize(n * n, 0);
    let puzzle = Grid::from_values(shape, cells).unwrap();
    let rules = Arc::new(variant.rules(shape).unwrap());
    let mut solver = SudokuSolver::with_rules(Arc::clone(&rules), Asked::Auto).unwrap();
    let want = expected.len() as u128;
    let count = solver.count(&puzzle, &Limits::none()).unwrap();
    assert_eq!(count.solutions, want, "{stated:?}: count");
    let par = solver.par_count(&puzzle, &Limits::none()).unwrap();
    assert_eq!(par.solutions, want, "{stated:?}: par_count");
    let (progress, found) = counted(variant, &puzzle, &Limits::none(), Asked::Auto).unwrap();
    assert_eq!(progress.solutions, want, "{stated:?}: count_counted");
    assert_eq!(
        u128::from(found),
        want,
        "{stated:?}: count_counted's counter"
    );
    let (solutions, outcome) = solver.solutions_within(&puzzle, &Limits::none()).unwrap();
    assert!(outcome.incomplete.is_none());
    let got: BTreeSet<Vec<u16>> = solutions.iter().map(|g| g.cells().to_vec()).collect();
    assert_eq!(got.len(), solutions.len(), "{stated:?}: a solution twice");
    assert!(got == expected, "{stated:?}: other solutions");
}

/// Constraints `constraints.rs` checks on 4x4 only, now on 6x6 (2x3 boxes;
/// the first row fixed to 1..6 keeps the oracle at 39,168 grids, so the
/// constraints lie in rows 2 to 6: cells `r * 6 + c`).
#[test]
fn constraints_checked_on_4x4_only_hold_on_6x6() {
    use Constraint::*;
    let row: Vec<u16> = (1..=6).collect();
    let with = |constraints: Vec<Constraint>| Variant {
        constraints,
        ..Variant::default()
    };
    let cases: Vec<Vec<Constraint>> = vec![
        vec![SlowThermometer {
            cells: vec![6, 12, 18, 19],
        }],
        vec![Cage {
            cells: vec![7, 8, 13],
            sum: Some(10),
        }],
        vec![Cage {
            cells: vec![14, 20],
            sum: None,
        }],
        vec![LittleKiller {
            cells: vec![6, 13, 20, 27, 34],
            sum: 15,
        }],
        vec![dot(8, 9, PairKind::Sum, 10), dot(20, 21, PairKind::Sum, 5)],
        vec![
            dot(8, 9, PairKind::Sum, 10),
            dot(20, 21, PairKind::Sum, 5),
            Negative {
                kind: PairKind::Sum,
            },
        ],
        vec![
            dot(12, 13, PairKind::Difference, 1),
            dot(26, 32, PairKind::Difference, 3),
        ],
        vec![
            dot(12, 13, PairKind::Difference, 1),
            Negative {
                kind: PairKind::Difference,
            },
        ],
        vec![
            dot(24, 25, PairKind::Ratio, 2),
            dot(15, 16, PairKind::Ratio, 3),
        ],
        vec![
            dot(24, 25, PairKind::Ratio, 2),
            Negative {
                kind: PairKind::Ratio,
            },
        ],
        vec![NonConsecutive],
        vec![AntiKing],
        vec![DiagonalPositive],
        vec![DiagonalNegative],
        vec![ExtraRegion {
            cells: vec![7, 14, 21, 28],
        }],
        vec![Even { cell: 14 }, Odd { cell: 21 }],
        vec![Minimum { cell: 15 }, Maximum { cell: 22 }],
        vec![Quadruple {
            cell: 14,
            values: vec![1, 2, 5],
        }],
        vec![Palindrome {
            cells: vec![12, 19, 26, 32, 25],
        }],
        vec![Renban {
            cells: vec![30, 31, 32],
        }],
        vec![BetweenLine {
            cells: vec![18, 25, 32, 33],
        }],
        vec![Clone {
            cells: vec![6, 7],
            copy: vec![27, 28],
        }],
        vec![Arrow {
            circle: vec![6, 7],
            line: vec![13, 20, 27, 34],
        }],
    ];
    for constraints in cases {
        compare(six(), &row, &with(constraints));
    }
}

/// Lines and cages on a jigsaw grid (regions aaab / abbb / cccd / cddd),
/// against a brute force over its rows, columns and regions.
#[test]
fn constraints_on_a_jigsaw_grid() {
    use Constraint::*;
    let map = [0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3];
    let regions = Regions::from_cells(&map).unwrap();
    for constraints in [
        vec![Thermometer {
            cells: vec![4, 8, 9],
        }],
        vec![Renban {
            cells: vec![1, 2, 6],
        }],
        vec![
            Cage {
                cells: vec![3, 7],
                sum: Some(5),
            },
            AntiKing,
        ],
        vec![Whispers {
            cells: vec![0, 1, 5],
        }],
    ] {
        let variant = Variant {
            regions: Some(regions.clone()),
            constraints: constraints.clone(),
            ..Variant::default()
        };
        let accept = |g: &[u16]| {
            constraints
                .iter()
                .all(|c| obeys(c, g, four(), &constraints))
        };
        let expected = brute_force(4, &groups(four(), &variant), &[0; 16], &accept, usize::MAX);
        let empty = Grid::empty(four());
        let rules = Arc::new(variant.rules(four()).unwrap());
        let mut solver = SudokuSolver::with_rules(Arc::clone(&rules), Asked::Auto).unwrap();
        let (found, _) = solver.solutions_within(&empty, &Limits::none()).unwrap();
        let got: BTreeSet<Vec<u16>> = found.iter().map(|g| g.cells().to_vec()).collect();
        let want: BTreeSet<Vec<u16>> = expected.into_iter().collect();
        assert!(
            got == want,
            "{constraints:?}: {} against {}",
            got.len(),
            want.len()
        );
        let (count, _) = counted(&variant, &empty, &Limits::none(), Asked::Auto).unwrap();
        assert_eq!(count.solutions, want.len() as u128, "{constraints:?}");
    }
}

/// Killer cages of 4x4 and 6x6 for the engine proptest (cells in rows 2
/// and below on 6x6, whose first row is fixed).
fn cages_for(n: usize, pick: usize) -> Vec<CageSpec> {
    let four = [
        vec![],
        vec![cage(&[(0, 0), (0, 1)], 3)],
        vec![cage(&[(1, 1), (2, 1)], 5), cage(&[(3, 2), (3, 3)], 7)],
        vec![cage(&[(0, 2), (1, 2), (1, 3)], 6)],
    ];
    let six = [
        vec![],
        vec![cage(&[(1, 0), (1, 1)], 7)],
        vec![
            cage(&[(2, 2), (3, 2), (3, 3)], 12),
            cage(&[(5, 4), (5, 5)], 5),
        ],
        vec![cage(&[(4, 0), (4, 1), (5, 0)], 9)],
    ];
    if n == 4 {
        four[pick % 4].clone()
    } else {
        six[pick % 4].clone()
    }
}

/// Setter's constraints only the propagation engine takes, to mix in.
fn extra_for(n: usize, pick: usize) -> Vec<Constraint> {
    use Constraint::*;
    let at = |r: usize, c: usize| r * n + c;
    let pool = [
        vec![],
        vec![Thermometer {
            cells: vec![at(1, 0), at(2, 0), at(3, 0)],
        }],
        vec![AntiKnight],
        vec![dot(at(2, 1), at(2, 2), PairKind::Difference, 1)],
        vec![Renban {
            cells: vec![at(3, 0), at(3, 1), at(3, 2)],
        }],
        vec![Arrow {
            circle: vec![at(1, 1)],
            line: vec![at(2, 2), at(3, 3)],
        }],
    ];
    pool[pick % pool.len()].clone()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The answer does not depend on the engine. X, windoku and killer
    /// cages stated as units and cages (the planner's `units`, and the
    /// bit-parallel family and Dancing Links asked for) and the same rules
    /// stated as setter's constraints (propagation), with random givens
    /// from an oracle grid (sometimes one changed): every engine's count,
    /// parallel count, count with progress, verdict and true candidates
    /// equal the oracle's.
    /// With a constraint only propagation takes, propagation's answers
    /// equal the oracle's.
    #[test]
    fn the_answer_does_not_depend_on_the_engine(
        big in proptest::bool::ANY,
        diagonals in proptest::bool::ANY,
        windows in proptest::bool::ANY,
        cages in 0usize..4,
        extra in 0usize..6,
        seed in 0u64..10_000,
        keep in 0u64..8,
        wrong in proptest::bool::ANY,
    ) {
        let (shape, n) = if big { (six(), 6) } else { (four(), 4) };
        let prefix: Vec<u16> = if big { (1..=6).collect() } else { Vec::new() };
        let units = Variant {
            diagonals,
            windows,
            cages: cages_for(n, cages),
            ..Variant::default()
        };
        let extra = extra_for(n, extra);
        let stated = {
            let mut all = as_constraints(&units, n);
            all.extend(extra.iter().cloned());
            all
        };
        let grids: Vec<Vec<u16>> = all_grids(shape, &prefix)
            .into_iter()
            .filter(|g| stated.iter().all(|c| obeys(c, g, shape, &stated)))
            .collect();
        // Givens: about keep/8 of the cells of one oracle grid (or of the
        // first row only when there is none), one perhaps changed.
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut cells = vec![0u16; n * n];
        cells[..prefix.len()].copy_from_slice(&prefix);
        if !grids.is_empty() {
            let g = &grids[(next() % grids.len() as u64) as usize];
            for (i, v) in cells.iter_mut().enumerate() {
                if i < prefix.len() || next() % 8 < keep {
                    *v = g[i];
                }
            }
        }
        if wrong {
            let k = prefix.len() + (next() as usize) % (n * n - prefix.len());
            cells[k] = cells[k] % n as u16 + 1;
        }
        let expected = grids
            .iter()
            .filter(|g| g.iter().zip(&cells).all(|(a, b)| *b == 0 || a == b))
            .count() as u128;
        let puzzle = Grid::from_values(shape, cells).unwrap();
        let as_constraint = Variant { constraints: stated.clone(), ..Variant::default() };
        let mut askers: Vec<(Variant, Asked)> = vec![(as_constraint, Asked::Auto)];
        if extra.is_empty() {
            for engine in [Asked::Auto, Asked::Bits, Asked::Dlx] {
                askers.push((units.clone(), engine));
            }
        } else {
            // As the f-puzzles reader states a killer with lines: the units
            // and cages of the variant, and the constraints beside them.
            let mixed = Variant { constraints: extra.clone(), ..units.clone() };
            askers.push((mixed, Asked::Auto));
        }
        for (variant, engine) in askers {
            let rules = Arc::new(variant.rules(shape).unwrap());
            let mut solver = SudokuSolver::with_rules(Arc::clone(&rules), engine).unwrap();
            let what = format!("{engine:?} {variant:?} {puzzle}");
            let count = solver.count(&puzzle, &Limits::none());
            let par = solver.par_count(&puzzle, &Limits::none());
            let progress = counted(&variant, &puzzle, &Limits::none(), engine);
            if rules.check(&puzzle).is_err() {
                // Givens that clash in a unit of these rules (a diagonal is
                // a unit as X, a constraint as setter's): an invalid puzzle,
                // which has no solution.
                prop_assert_eq!(expected, 0, "{}", what);
                prop_assert!(matches!(count, Err(SolveError::Invalid(_))), "{}", what);
                prop_assert!(matches!(par, Err(SolveError::Invalid(_))), "{}", what);
                prop_assert!(matches!(progress, Err(SolveError::Invalid(_))), "{}", what);
                continue;
            }
            let solutions = |c: Result<sudoku_solve::Count, SolveError>| match c {
                Ok(c) if c.is_complete() => c.solutions,
                Err(SolveError::Unsolvable) => 0,
                other => panic!("{other:?}"),
            };
            prop_assert_eq!(solutions(count), expected, "count {}", what);
            prop_assert_eq!(solutions(par), expected, "par_count {}", what);
            let (progress, found) = progress.unwrap();
            prop_assert_eq!(solutions(Ok(progress)), expected, "count_counted {}", what);
            prop_assert_eq!(u128::from(found), expected, "count_counted's counter {}", what);
            let (verdict, _) = solver.check_unique(&puzzle, &Limits::none());
            let status = match expected {
                0 => "unsolvable",
                1 => "unique",
                _ => "multiple",
            };
            prop_assert_eq!(verdict.status(), status, "{}", what);
            // True candidates: per cell, the values of the oracle's
            // solutions with these givens.
            let c = setter::true_candidates_with(&rules, &puzzle, &Limits::none(), engine).unwrap();
            prop_assert!(c.incomplete.is_none());
            for cell in 0..n * n {
                let want: BTreeSet<u16> = grids
                    .iter()
                    .filter(|g| g.iter().zip(puzzle.cells()).all(|(a, b)| *b == 0 || a == b))
                    .map(|g| g[cell])
                    .collect();
                let got: BTreeSet<u16> = c.values(cell).into_iter().collect();
                prop_assert_eq!(got, want, "true candidates of cell {} {}", cell, what);
            }
        }
    }
}

/// Every constraint kind the f-puzzles reader takes, placed on 4x4 (each
/// valid alone; a random subset may leave no solution, which is fine).
fn fpuzzles_pool() -> Vec<Constraint> {
    use Constraint::*;
    vec![
        Thermometer {
            cells: vec![0, 1, 5],
        },
        SlowThermometer {
            cells: vec![4, 8, 9],
        },
        Arrow {
            circle: vec![0],
            line: vec![1, 2],
        },
        Arrow {
            circle: vec![12, 13],
            line: vec![9, 6, 3],
        },
        Cage {
            cells: vec![5, 6],
            sum: None,
        },
        Cage {
            cells: vec![10, 11, 14],
            sum: Some(8),
        },
        LittleKiller {
            cells: vec![1, 6, 11],
            sum: 6,
        },
        LittleKiller {
            cells: vec![14, 9, 4],
            sum: 7,
        },
        Sandwich {
            line: vec![0, 1, 2, 3],
            sum: 5,
        },
        Sandwich {
            line: vec![2, 6, 10, 14],
            sum: 0,
        },
        XSum {
            line: vec![15, 11, 7, 3],
            sum: 7,
        },
        XSum {
            line: vec![4, 5, 6, 7],
            sum: 4,
        },
        Skyscraper {
            line: vec![3, 2, 1, 0],
            count: 2,
        },
        Skyscraper {
            line: vec![12, 8, 4, 0],
            count: 3,
        },
        dot(0, 4, PairKind::Difference, 1),
        dot(9, 10, PairKind::Difference, 2),
        dot(1, 2, PairKind::Ratio, 2),
        dot(13, 14, PairKind::Ratio, 3),
        dot(8, 12, PairKind::Sum, 5),
        dot(6, 7, PairKind::Sum, 10),
        Negative {
            kind: PairKind::Difference,
        },
        Negative {
            kind: PairKind::Ratio,
        },
        Negative {
            kind: PairKind::Sum,
        },
        NonConsecutive,
        AntiKnight,
        AntiKing,
        DiagonalPositive,
        DiagonalNegative,
        ExtraRegion {
            cells: vec![0, 6, 9, 15],
        },
        Windoku,
        DisjointGroups,
        Even { cell: 2 },
        Odd { cell: 13 },
        Minimum { cell: 5 },
        Maximum { cell: 10 },
        Quadruple {
            cell: 5,
            values: vec![1, 2],
        },
        Palindrome {
            cells: vec![0, 5, 10],
        },
        Renban {
            cells: vec![12, 13, 9],
        },
        Whispers {
            cells: vec![3, 7, 11],
        },
        RegionSumLine {
            cells: vec![1, 2, 6],
        },
        BetweenLine {
            cells: vec![4, 5, 6],
        },
        Clone {
            cells: vec![0, 1],
            copy: vec![10, 11],
        },
    ]
}

/// Every 4x4 Latin square (576): every grid a 4x4 puzzle's rules can
/// accept, jigsaw or not.
fn latin_squares() -> Vec<Vec<u16>> {
    let v = Variant::default();
    let lines: Vec<Vec<usize>> = groups(four(), &v)
        .into_iter()
        .take(8) // rows and columns
        .collect();
    brute_force(4, &lines, &[0; 16], &|_| true, usize::MAX)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// f-puzzles round trip over random puzzles: givens, a random subset of
    /// every constraint kind the reader takes, X, windoku, killer cages
    /// with sums, jigsaw regions. Written as a link and read back, then written and
    /// read again: the second reading equals the first, and the puzzle
    /// read accepts exactly the grids (of all 576 Latin squares) that the
    /// puzzle written accepts, with the same givens.
    #[test]
    fn fpuzzles_round_trip_keeps_every_puzzle(
        picks in proptest::collection::vec(0usize..1000, 0..6),
        diagonals in proptest::bool::ANY,
        windows in proptest::bool::ANY,
        killer in proptest::bool::ANY,
        jigsaw in proptest::bool::ANY,
        givens in proptest::collection::vec(0u16..=4, 16),
    ) {
        let pool = fpuzzles_pool();
        let mut constraints: Vec<Constraint> = Vec::new();
        for p in picks {
            let c = pool[p % pool.len()].clone();
            if !constraints.contains(&c) {
                constraints.push(c);
            }
        }
        let regions = jigsaw.then(|| {
            Regions::from_cells(&[0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3]).unwrap()
        });
        if regions.is_some() {
            // Windoku, disjoint groups and region-sum lines speak of boxes.
            constraints.retain(|c| !matches!(c,
                Constraint::Windoku | Constraint::DisjointGroups | Constraint::RegionSumLine { .. }));
        }
        let variant = Variant {
            diagonals,
            // Windoku's windows are written as extra regions.
            windows: windows && regions.is_none(),
            regions,
            cages: if killer { vec![cage(&[(3, 0), (3, 1)], 4)] } else { Vec::new() },
            constraints,
        };
        // Givens that clash in a unit are kept out (f-puzzles may hold
        // them, but the rules would refuse the puzzle).
        let mut cells = givens;
        let rules0 = variant.rules(four()).unwrap();
        for i in 0..16 {
            let value = cells[i];
            cells[i] = 0;
            let mut with = cells.clone();
            with[i] = value;
            if rules0.check(&Grid::from_values(four(), with.clone()).unwrap()).is_ok() {
                cells = with;
            }
        }
        let p0 = FPuzzle { grid: Grid::from_values(four(), cells).unwrap(), variant };
        let link = to_fpuzzles_link(&p0).unwrap();
        let p1 = read_fpuzzles(&link).unwrap();
        let p2 = read_fpuzzles(&to_fpuzzles_link(&p1).unwrap()).unwrap();
        prop_assert_eq!(&p2, &p1);
        prop_assert_eq!(&p1.grid, &p0.grid);
        let rules1 = p1.variant.rules(four()).unwrap();
        for g in latin_squares() {
            let g = Grid::from_values(four(), g).unwrap();
            prop_assert_eq!(
                rules0.is_solution(&g, &p0.grid),
                rules1.is_solution(&g, &p1.grid),
                "{} under {:?} and {:?}", g, p0.variant, p1.variant
            );
        }
    }

    /// A field the reader does not know is refused by its name, whatever
    /// it holds.
    #[test]
    fn unknown_fields_are_refused_by_name(
        name in "[a-z]{3,14}",
        list in proptest::bool::ANY,
    ) {
        let known = [
            "size", "grid", "title", "author", "ruleset", "solution", "disabledlogic",
            "truecandidatesoptions", "text", "line", "circle", "rectangle", "cage",
            "antiknight", "antiking", "disjointgroups", "nonconsecutive", "negative",
            "thermometer", "slowthermometer", "arrow", "killercage", "littlekillersum",
            "sandwichsum", "xsum", "skyscraper", "difference", "ratio", "xv", "clone",
            "quadruple", "betweenline", "minimum", "maximum", "odd", "even",
            "extraregion", "palindrome", "renban", "whispers", "regionsumline",
            "entropicline",
        ];
        prop_assume!(!known.contains(&name.as_str()));
        let rows = vec![vec![serde_json::json!({}); 4]; 4];
        let value = if list { serde_json::json!([{"cells": ["R1C1"]}]) } else { serde_json::json!(true) };
        let doc = serde_json::json!({"size": 4, "grid": rows, name.clone(): value});
        let e = read_fpuzzles(&doc.to_string()).unwrap_err();
        prop_assert!(
            matches!(&e, FpuzzlesError::Unsupported { name: n, .. } if *n == name),
            "{}", e
        );
        prop_assert!(e.to_string().contains(&format!("{name:?}")), "{}", e);
    }
}

/// The example variant puzzles (`examples/sudoku/variants`, made for the
/// project in the course's one-line style): each given solution obeys the
/// rules as written here (rows, columns, boxes or regions, diagonals,
/// windows, cage sums) and keeps the givens, and a second engine apart from
/// the `units` search the command picks finds it the only one: Dancing
/// Links, and propagation with the diagonals, windows and cages stated as
/// setter's constraints.
#[test]
fn the_example_variant_puzzles_have_their_solutions_by_the_rules() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/sudoku/variants");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let lines = |name: &str| -> Vec<Vec<u16>> {
        read(name)
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                l.trim()
                    .chars()
                    .map(|c| c.to_digit(10).map_or(0, |d| d as u16))
                    .collect()
            })
            .collect()
    };
    let nine = Shape::square(3).unwrap();
    let regions = {
        let text = read("jigsaw-regions.txt");
        let letters: Vec<char> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .flat_map(|l| l.trim().chars())
            .collect();
        let mut names: Vec<char> = letters.clone();
        names.sort_unstable();
        names.dedup();
        let map: Vec<usize> = letters
            .iter()
            .map(|c| names.iter().position(|n| n == c).unwrap())
            .collect();
        Regions::from_cells(&map).unwrap()
    };
    let cages = sudoku::parse_cages(&read("killer-cages.txt")).unwrap();
    let cases = [
        (
            Variant {
                diagonals: true,
                ..Variant::default()
            },
            "x.txt",
            "x-solutions.txt",
        ),
        (
            Variant {
                windows: true,
                ..Variant::default()
            },
            "windoku.txt",
            "windoku-solutions.txt",
        ),
        (
            Variant {
                regions: Some(regions),
                ..Variant::default()
            },
            "jigsaw.txt",
            "jigsaw-solution.txt",
        ),
        (
            Variant {
                cages,
                ..Variant::default()
            },
            "killer.txt",
            "killer-solution.txt",
        ),
    ];
    let mut checked = 0;
    for (variant, puzzles, solutions) in cases {
        let groups = groups(nine, &variant);
        for (puzzle, solution) in lines(puzzles).into_iter().zip(lines(solutions)) {
            assert_eq!((puzzle.len(), solution.len()), (81, 81), "{puzzles}");
            // The rules as written here.
            assert!(solution.iter().all(|v| (1..=9).contains(v)));
            assert!(puzzle.iter().zip(&solution).all(|(p, s)| *p == 0 || p == s));
            for g in &groups {
                let values: BTreeSet<u16> = g.iter().map(|&i| solution[i]).collect();
                assert_eq!(values.len(), g.len(), "{puzzles}: {g:?}");
            }
            for cage in &variant.cages {
                let values: Vec<u16> = cage
                    .cells
                    .iter()
                    .map(|&(r, c)| solution[r * 9 + c])
                    .collect();
                let distinct: BTreeSet<u16> = values.iter().copied().collect();
                assert_eq!(distinct.len(), values.len(), "{puzzles}");
                assert_eq!(values.iter().map(|&v| u32::from(v)).sum::<u32>(), cage.sum);
            }
            // The only solution, by engines apart from `units`.
            let grid = Grid::from_values(nine, puzzle).unwrap();
            let want = sudoku_solve::Verdict::Unique(Grid::from_values(nine, solution).unwrap());
            let mut askers = vec![(variant.clone(), Asked::Dlx)];
            if variant.regions.is_none() {
                let stated = Variant {
                    constraints: as_constraints(&variant, 9),
                    ..Variant::default()
                };
                askers.push((stated, Asked::Auto));
            }
            for (v, engine) in askers {
                let rules = Arc::new(v.rules(nine).unwrap());
                let mut solver = SudokuSolver::with_rules(rules, engine).unwrap();
                assert_eq!(
                    solver.check_unique(&grid, &Limits::none()).0,
                    want,
                    "{puzzles} {engine:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 4, "{checked}");
}
