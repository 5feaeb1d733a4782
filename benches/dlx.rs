//! Counting all solutions of classic exact-cover problems, single-threaded and
//! on every thread (Knuth's DLX1 and SSXCC figures for comparison are in
//! docs/performance.md).

use criterion::{criterion_group, criterion_main, Criterion};
use solver_core::{knuth, problems, zdd, BigCount, Counter, Limits, Matrix};

fn problem(text: &str) -> Matrix {
    knuth::parse(text).expect("generated problems parse")
}

fn bench(c: &mut Criterion) {
    let cases: [(&str, String, u128, usize); 4] = [
        ("n-queens 12", problems::n_queens(12), 14_200, 20),
        ("langford 12", problems::langford(12), 216_288, 10),
        ("latin squares 5", problems::latin_square(5), 161_280, 20),
        ("pentominoes 6x10", problems::pentominoes(6, 10), 9_356, 10),
    ];
    for (name, text, expected, samples) in cases {
        let matrix = problem(&text);
        let mut group = c.benchmark_group(name);
        group.sample_size(samples);
        // The counter `dlx count --engine dlx` plans for these (they fit
        // Dancing Cells).
        let mut solver = matrix.solver();
        solver.set_counter(Counter::Cells);
        group.bench_function("1 thread", |b| {
            b.iter(|| {
                let count = solver.count(&Limits::none());
                assert_eq!(count.solutions, expected);
            })
        });
        group.bench_function(format!("{} threads", rayon::current_num_threads()), |b| {
            b.iter(|| {
                let count = matrix
                    .par_count_with(Counter::Cells, &[], &Limits::none())
                    .expect("no forced options");
                assert_eq!(count.solutions, expected);
            })
        });
        group.finish();
    }
}

/// Memoized counting (issue 35): the Aztec diamond of order 16, 2^136
/// tilings (Elkies, Kuperberg, Larsen and Propp), past `u128`, and domino
/// tilings of 16x16 (OEIS A004003); targets 10 s and 1 s on one thread.
fn memo(c: &mut Criterion) {
    let mut two136 = BigCount::from(1u128);
    for _ in 0..136 {
        two136 = two136.clone() + two136;
    }
    let dominoes: BigCount = "2444888770250892795802079170816"
        .parse::<u128>()
        .expect("fits u128")
        .into();
    let cases = [
        ("zdd aztec diamond 16", problems::aztec_diamond(16), two136),
        ("zdd dominoes 16x16", problems::dominoes(16, 16), dominoes),
    ];
    for (name, text, expected) in cases {
        let matrix = problem(&text);
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.bench_function("1 thread", |b| {
            b.iter(|| {
                let z = zdd::build(&matrix, &Limits::none(), 2 << 30).expect("fits 2 GiB");
                assert_eq!(z.count(2 << 30).expect("fits"), expected);
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench, memo);
criterion_main!(benches);
