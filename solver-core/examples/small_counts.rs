//! Times many small counts in a row on one solver, as cubes, the parts of a
//! parallel count or a Python loop ask them: 6-queens (4 solutions) counted
//! 20,000 times by Dancing Cells and by Dancing Links, microseconds a count
//! (median of five rounds).
//!
//! `cargo run --release -p solver-core --example small_counts`
use solver_core::{knuth, problems, Counter, Limits};
use std::time::Instant;

fn main() {
    let m = knuth::parse(&problems::n_queens(6)).expect("problem parses");
    for counter in [Counter::Cells, Counter::Links] {
        let mut solver = m.solver();
        solver.set_counter(counter);
        let mut rounds: Vec<f64> = (0..5)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..20_000 {
                    assert_eq!(solver.count(&Limits::none()).solutions, 4);
                }
                t.elapsed().as_secs_f64() * 1e6 / 20_000.0
            })
            .collect();
        rounds.sort_by(f64::total_cmp);
        println!(
            "6-queens by {}: {:.1} us a count",
            counter.name(),
            rounds[2]
        );
    }
}
