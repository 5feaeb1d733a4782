//! Times Knuth's benchmark problems: median of five counts, one thread and
//! the whole rayon pool (criterion in benches/dlx.rs gives the same figures
//! with confidence intervals; this is the quick look).
//!
//! `cargo run --release -p solver-core --example quick [seq|par]`
use solver_core::{knuth, problems, Limits};
use std::time::{Duration, Instant};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "both".into());
    for (name, text, runs) in [
        ("n-queens 12", problems::n_queens(12), 5),
        ("langford 12", problems::langford(12), 5),
        ("latin squares 5", problems::latin_square(5), 5),
        ("pentominoes 6x10", problems::pentominoes(6, 10), 3),
    ] {
        let m = knuth::parse(&text).expect("problem parses");
        let mut solver = m.solver();
        if which != "par" {
            let times: Vec<Duration> = (0..runs)
                .map(|_| {
                    let t = Instant::now();
                    let c = solver.count(&Limits::none());
                    assert!(c.is_complete());
                    t.elapsed()
                })
                .collect();
            let c = solver.count(&Limits::none());
            println!(
                "{name}: {} solutions, 1 thread: {:.3} s, {} nodes, {} updates",
                c.solutions,
                median(times).as_secs_f64(),
                c.outcome.stats.nodes,
                c.outcome.stats.updates
            );
        }
        if which != "seq" {
            let times: Vec<Duration> = (0..runs)
                .map(|_| {
                    let t = Instant::now();
                    m.par_count(&[], &Limits::none()).expect("nothing forced");
                    t.elapsed()
                })
                .collect();
            println!(
                "{name}: {} threads: {:.3} s",
                rayon::current_num_threads(),
                median(times).as_secs_f64()
            );
        }
    }
}
