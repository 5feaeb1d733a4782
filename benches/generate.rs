//! Puzzle generation speed (issue targets: 9x9 minimal >= 500/s on 2
//! threads, 16x16 minimal >= 1/s, 25x25 with at most 45% givens >= 1 per
//! 10 s). One thread here; `sudoku generate -j` spreads puzzles over threads.

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku::Shape;
use sudoku_generate::{GenerateOptions, Limits, Maker};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    let minimal = GenerateOptions::default();
    let mut seed = 0u64;
    group.bench_function("9x9 minimal", |b| {
        b.iter(|| {
            seed += 1;
            Maker::classic(Shape::square(3).unwrap(), minimal.clone())
                .make(seed, &Limits::none())
                .expect("generates")
        })
    });
    group.bench_function("16x16 minimal", |b| {
        b.iter(|| {
            seed += 1;
            Maker::classic(Shape::square(4).unwrap(), minimal.clone())
                .make(seed, &Limits::none())
                .expect("generates")
        })
    });
    let at_45_percent = GenerateOptions {
        target_givens: Some(281),
        minimal: false,
        attempts: 3,
        ..GenerateOptions::default()
    };
    group.bench_function("25x25 at most 45% givens", |b| {
        b.iter(|| {
            seed += 1;
            Maker::classic(Shape::square(5).unwrap(), at_45_percent.clone())
                .make(seed, &Limits::none())
                .expect("generates")
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
