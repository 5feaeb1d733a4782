//! True candidates on the propagation engine (thermometers, arrows and the
//! other setter's constraints): the one pruned search against a brute-force
//! enumeration of small grids and against one search per (cell, value).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use proptest::prelude::*;
use sudoku::{Constraint, Grid, Shape, Variant};
use sudoku_solve::{setter, Asked, Limits};

use crate::oracle;

/// A path of `len` distinct cells from `start`, each a king's move from
/// the one before (shorter when it runs into itself).
fn path(n: usize, start: usize, len: usize, next: &mut impl FnMut() -> u64) -> Vec<usize> {
    let mut cells = vec![start];
    while cells.len() < len {
        let c = *cells.last().unwrap();
        let (r, k) = ((c / n) as i64, (c % n) as i64);
        let steps: Vec<usize> = (-1..=1i64)
            .flat_map(|dr| (-1..=1i64).map(move |dc| (r + dr, k + dc)))
            .filter(|&(rr, cc)| rr >= 0 && cc >= 0 && rr < n as i64 && cc < n as i64)
            .map(|(rr, cc)| rr as usize * n + cc as usize)
            .filter(|d| !cells.contains(d))
            .collect();
        if steps.is_empty() {
            break;
        }
        cells.push(steps[(next() % steps.len() as u64) as usize]);
    }
    cells
}

/// A random 4x4 or 6x6 puzzle with arrows (circles of one cell, now and
/// then two) and thermometers, some givens of a random grid kept.
fn puzzle(six: bool, seed: u64, keep: u64) -> (Shape, Vec<Constraint>, Vec<u16>) {
    let shape = if six {
        Shape::new(2, 3).unwrap()
    } else {
        Shape::square(2).unwrap()
    };
    let n = shape.side() as usize;
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut constraints = Vec::new();
    for _ in 0..1 + next() % 3 {
        let start = (next() % (n * n) as u64) as usize;
        let len = 2 + (next() % 4) as usize;
        let cells = path(n, start, len, &mut next);
        if cells.len() < 2 {
            continue;
        }
        let c = match next() % 5 {
            0 => Constraint::Thermometer { cells },
            1 if cells.len() >= 3 && n == 6 => Constraint::Arrow {
                circle: cells[..2].to_vec(),
                line: cells[2..].to_vec(),
            },
            _ => Constraint::Arrow {
                circle: cells[..1].to_vec(),
                line: cells[1..].to_vec(),
            },
        };
        constraints.push(c);
    }
    // A random grid: a random first row (as the brute force fills it),
    // then a random completion.
    let mut row: Vec<u16> = (1..=n as u16).collect();
    for i in (1..n).rev() {
        row.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let grids = oracle::all_grids(shape, &row);
    let solution = &grids[(next() % grids.len() as u64) as usize];
    // On 6x6 the first two rows are given (the brute force enumerates
    // their completions only).
    let fixed = if six { 2 * n } else { 0 };
    let givens = solution
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if i < fixed || keep >> (i % 64) & 1 == 1 && next() % 3 == 0 {
                v
            } else {
                0
            }
        })
        .collect();
    (shape, constraints, givens)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// True candidates on the propagation engine (the one pruned search,
    /// its root split between two threads or not) equal the values of the
    /// puzzle's solutions found by brute force, and progress reaches every
    /// blank cell.
    #[test]
    fn true_candidates_match_brute_force(six in any::<bool>(), seed in any::<u64>(), keep in any::<u64>(), threads in 1usize..=2) {
        let (shape, constraints, givens) = puzzle(six, seed, keep);
        let n = shape.side() as usize;
        let variant = Variant { constraints: constraints.clone(), ..Variant::default() };
        let rules = Arc::new(variant.rules(shape).unwrap());
        let grid = Grid::from_values(shape, givens.clone()).unwrap();
        let mut want = vec![0u64; n * n];
        let prefix = if six { &givens[..2 * n] } else { &givens[..0] };
        for g in oracle::all_grids(shape, prefix) {
            let fits = givens.iter().zip(&g).all(|(&a, &b)| a == 0 || a == b)
                && constraints.iter().all(|c| oracle::obeys(c, &g, shape, &constraints));
            if fits {
                for (m, &v) in want.iter_mut().zip(&g) {
                    *m |= 1 << (v - 1);
                }
            }
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let done = AtomicUsize::new(0);
        let got = pool.install(|| {
            setter::true_candidates_counted(&rules, &grid, &Limits::none(), Asked::Auto, &done)
        }).unwrap();
        prop_assert!(got.incomplete.is_none());
        prop_assert_eq!(&got.masks, &want, "{:?} givens {:?}", constraints, givens);
        let blank = givens.iter().filter(|&&v| v == 0).count();
        prop_assert_eq!(done.load(Ordering::Relaxed), blank);
    }
}

/// A deadline already past and a raised cancel flag stop the search with
/// `incomplete` set, each value reported proven by a solution.
#[test]
fn limits_stop_the_search() {
    use std::sync::atomic::AtomicBool;
    let shape = Shape::square(3).unwrap();
    let variant = Variant {
        constraints: vec![Constraint::Arrow {
            circle: vec![0],
            line: vec![1, 2],
        }],
        ..Variant::default()
    };
    let rules = Arc::new(variant.rules(shape).unwrap());
    let empty = Grid::empty(shape);
    let flag = Arc::new(AtomicBool::new(true));
    let limits = Limits::none().cancel_flag(flag);
    let got = setter::true_candidates(&rules, &empty, &limits).unwrap();
    assert_eq!(got.incomplete, Some(sudoku_solve::Incomplete::Cancelled));
    // The circle r1c1 is the sum of two distinct cells of its box and row:
    // at least 3, and every value of 3..=9 is some solution's.
    let got = setter::true_candidates(&rules, &empty, &Limits::none()).unwrap();
    assert!(got.incomplete.is_none());
    assert_eq!(got.values(0), (3..=9).collect::<Vec<u16>>());
    assert_eq!(got.values(1), (1..=8).collect::<Vec<u16>>());
    assert_eq!(got.values(40), (1..=9).collect::<Vec<u16>>());
}

/// Diagnostic: the tries of true candidates one by one on the puzzle of
/// `TRIES_FILE` line `TRIES_LINE` (from 1), with the nodes of each.
#[test]
#[ignore = "diagnostic"]
fn tries() {
    use std::sync::Arc;
    use sudoku_solve::{Asked, SudokuSolver};
    let file = std::env::var("TRIES_FILE").unwrap();
    let line: usize = std::env::var("TRIES_LINE").unwrap().parse().unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    let p = sudoku_format::fpuzzles::read_fpuzzles(text.lines().nth(line - 1).unwrap()).unwrap();
    let rules = Arc::new(p.variant.rules(p.grid.shape()).unwrap());
    let mut solver = SudokuSolver::with_rules(rules, Asked::Auto).unwrap();
    let mut seen = [0u64; 81];
    println!("{}", p.grid);
    for c in &p.variant.constraints {
        println!("{c:?}");
    }
    let (first, stats) = solver.solve_one(&p.grid, &Limits::none());
    println!("first: {} nodes", stats.nodes);
    for (c, v) in first.unwrap().cells().iter().enumerate() {
        seen[c] |= 1 << (v - 1);
    }
    let (mut refuted, mut found) = ((0, 0u64), (0, 0u64));
    for cell in 0..81 {
        if p.grid.cells()[cell] != 0 {
            continue;
        }
        for v in 1..=9u16 {
            if seen[cell] >> (v - 1) & 1 == 1 {
                continue;
            }
            let mut g = p.grid.clone();
            g.set(cell / 9, cell % 9, Some(v));
            let t = std::time::Instant::now();
            let (r, stats) = solver.solve_one(&g, &Limits::none());
            let ms = t.elapsed().as_secs_f64() * 1e3;
            match r {
                Ok(s) => {
                    found.0 += 1;
                    found.1 += stats.nodes;
                    for (c, v) in s.cells().iter().enumerate() {
                        seen[c] |= 1 << (v - 1);
                    }
                    println!(
                        "r{}c{}={v}: found, {} nodes, {ms:.2} ms",
                        cell / 9 + 1,
                        cell % 9 + 1,
                        stats.nodes
                    );
                }
                Err(_) => {
                    refuted.0 += 1;
                    refuted.1 += stats.nodes;
                    println!(
                        "r{}c{}={v}: none, {} nodes, {ms:.2} ms",
                        cell / 9 + 1,
                        cell % 9 + 1,
                        stats.nodes
                    );
                }
            }
        }
    }
    println!("found {found:?}, refuted {refuted:?} (tries, nodes)");
}
