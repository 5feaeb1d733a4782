//! Uniqueness checks (count up to 2) on the shared benchmark sets, one
//! thread, both engines. The sets are read by path from `$SUDOKU_DATA`
//! (default `../shared/data`); a missing set is skipped. Then the large
//! sets of `examples/sudoku` (25x25 with 270 givens; 36x36 and 49x49 from
//! our generator, checked by clause learning), bit-parallel engine only:
//! Dancing Links needs seconds to hours per puzzle there. The target for
//! the large sets: a median under 50 ms per puzzle ("Large grids" in docs/performance.md
//! measures each puzzle on its own with `scripts/large-grids.sh`).

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use solver_core::Limits;
use sudoku::Grid;
use sudoku_format::{ReadOptions, Records};
use sudoku_solve::{Asked, SudokuSolver};

/// At most this many puzzles of each set, so a sample stays short.
const PER_SET: usize = 2000;

fn load(name: &str) -> Option<Vec<Grid>> {
    let dir = std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    load_path(&dir.join(name))
}

fn load_path(path: &std::path::Path) -> Option<Vec<Grid>> {
    let file = File::open(path).ok()?;
    let grids = Records::new(BufReader::new(file), ReadOptions::default())
        .filter_map(|r| r.result.ok().map(|p| p.grid))
        .take(PER_SET)
        .collect();
    Some(grids)
}

fn bench(c: &mut Criterion) {
    let sets = [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark",
        "generated_16x16_minimal10.txt",
        "generated_25x25_3.txt",
    ];
    for name in sets {
        let Some(grids) = load(name) else {
            eprintln!("skipping {name}: not found (set SUDOKU_DATA)");
            continue;
        };
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.sample_size(10);
        for engine in [Asked::Bits, Asked::Dlx] {
            let mut solver = SudokuSolver::with_engine(grids[0].shape(), engine).expect("shape");
            group.bench_function(format!("unique {engine:?}"), |b| {
                b.iter(|| {
                    for g in &grids {
                        let (verdict, _) = solver.check_unique(g, &Limits::none());
                        criterion::black_box(verdict);
                    }
                })
            });
        }
        group.finish();
    }
    for name in [
        "25x25-270-givens.txt",
        "36x36-generated.txt",
        "49x49-generated.txt",
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("examples/sudoku")
            .join(name);
        let grids = load_path(&path).expect("the example set is in the repository");
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.sample_size(10);
        let mut solver = SudokuSolver::with_engine(grids[0].shape(), Asked::Bits).expect("shape");
        group.bench_function("unique Bits", |b| {
            b.iter(|| {
                for g in &grids {
                    criterion::black_box(solver.check_unique(g, &Limits::none()));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
