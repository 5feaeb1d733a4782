//! Quick throughput check: uniqueness (count up to 2) on a puzzle file, one thread.
use solver_core::Limits;
use std::io::BufReader;
use std::time::Instant;
use sudoku::{ReadOptions, Records, SudokuSolver};

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let max: usize = std::env::args()
        .nth(2)
        .map_or(usize::MAX, |s| s.parse().unwrap());
    let file = std::fs::File::open(&path).unwrap();
    let puzzles: Vec<_> = Records::new(BufReader::new(file), ReadOptions::default())
        .filter_map(|r| r.result.ok())
        .take(max)
        .collect();
    let mut solver = SudokuSolver::new(puzzles[0].grid.shape()).unwrap();
    solver.set_locked_candidates(std::env::var("LOCKED").map_or(true, |v| v != "0"));
    let t = Instant::now();
    let mut nodes = 0;
    let mut unique = 0;
    for p in &puzzles {
        let (v, stats) = solver.check_unique(&p.grid, &Limits::none());
        nodes += stats.nodes;
        unique += usize::from(v.status() == "unique");
    }
    let el = t.elapsed();
    println!(
        "{path}: {} puzzles, {unique} unique, {:.0}/s, {:.1} us each, {:.1} nodes each",
        puzzles.len(),
        puzzles.len() as f64 / el.as_secs_f64(),
        el.as_secs_f64() * 1e6 / puzzles.len() as f64,
        nodes as f64 / puzzles.len() as f64
    );
}
