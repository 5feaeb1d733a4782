//! True candidates on the propagation engine (thermometers, arrows and the
//! other setter's constraints): the one pruned search against a brute-force
//! enumeration of small grids and against one search per (cell, value).

use sudoku::format::fpuzzles::{to_fpuzzles_link, FPuzzle};
use sudoku::{generate_setter, parse_generate_names, Limits, Shape};

/// Writes the loosened generated puzzles the `speed` report of
/// `generate_setter.rs` times (seeds `0..DUMP`, 6 givens removed) as
/// f-puzzles links, one file per kind, into `DUMP_DIR`: inputs for timing
/// whole `sudoku candidates` runs. `DUMP=20 DUMP_DIR=/tmp cargo test
/// --release -p sudoku --test prop_candidates dump -- --ignored`
#[test]
#[ignore = "writes benchmark inputs"]
fn dump() {
    let count: u64 = std::env::var("DUMP").map_or(20, |s| s.parse().unwrap());
    let dir = std::env::var("DUMP_DIR").unwrap_or_else(|_| "/tmp".into());
    for names in ["thermo", "arrow"] {
        let (base, _, clues) = parse_generate_names(names).unwrap();
        let mut out = String::new();
        for seed in 0..count {
            let m = generate_setter(
                &base,
                clues,
                Shape::square(3).unwrap(),
                seed,
                &Limits::none(),
            )
            .unwrap();
            let mut fewer = m.puzzle.clone();
            let given: Vec<usize> = (0..81).filter(|&i| fewer.cells()[i] != 0).collect();
            for &i in given.iter().take(6) {
                fewer.set(i / 9, i % 9, None);
            }
            let link = to_fpuzzles_link(&FPuzzle {
                grid: fewer,
                variant: m.variant.clone(),
            })
            .unwrap();
            out.push_str(&link);
            out.push('\n');
        }
        std::fs::write(format!("{dir}/{names}.txt"), out).unwrap();
    }
}

/// Diagnostic: the tries of true candidates one by one on the puzzle of
/// `TRIES_FILE` line `TRIES_LINE` (from 1), with the nodes of each.
#[test]
#[ignore = "diagnostic"]
fn tries() {
    use std::sync::Arc;
    use sudoku::{Engine, SudokuSolver};
    let file = std::env::var("TRIES_FILE").unwrap();
    let line: usize = std::env::var("TRIES_LINE").unwrap().parse().unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    let p = sudoku::format::fpuzzles::read_fpuzzles(text.lines().nth(line - 1).unwrap()).unwrap();
    let rules = Arc::new(p.variant.rules(p.grid.shape()).unwrap());
    let mut solver = SudokuSolver::with_rules(rules, Engine::Auto).unwrap();
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
