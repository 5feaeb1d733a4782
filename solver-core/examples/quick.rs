//! Times the benchmark problems once (a quick check; the real figures come from criterion).
use solver_core::{knuth, problems, Limits};
use std::time::Instant;
fn main() {
    for (name, text) in [
        ("queens12", problems::n_queens(12)),
        ("langford12", problems::langford(12)),
        ("latin5", problems::latin_square(5)),
        ("pento6x10", problems::pentominoes(6, 10)),
    ] {
        let m = knuth::parse(&text).unwrap();
        let mut s = m.solver();
        let t = Instant::now();
        let c = s.count(&Limits::none());
        let t1 = t.elapsed();
        let t = Instant::now();
        let p = m.par_count(&[], &Limits::none()).unwrap();
        let t2 = t.elapsed();
        println!(
            "{name}: {} in {:?}; par {} in {:?}; nodes {} updates {}",
            c.solutions, t1, p.solutions, t2, c.outcome.stats.nodes, c.outcome.stats.updates
        );
    }
}
