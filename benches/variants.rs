//! The Sudoku variants, 9x9: each puzzle of `examples/sudoku/variants`
//! solved and checked for uniqueness (one `check_unique`, which finds the
//! solution and proves there is no second), one thread, with the default
//! engine (the bit-board search over units, with cage reasoning for
//! killer) and with Dancing Links. Target (issue 10):
//! under 1 ms per puzzle.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use solver_core::Limits;
use sudoku::{parse_cages, Grid, Regions, Variant};
use sudoku_format::{parse_documents, ReadOptions, Records};
use sudoku_solve::{Asked, SudokuSolver};

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples/sudoku/variants")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn grids(text: &str, options: &ReadOptions) -> Vec<Grid> {
    Records::new(text.as_bytes(), options.clone())
        .map(|r| r.result.expect("example puzzle").grid)
        .collect()
}

/// (name, variant, puzzles) for each example set.
fn sets() -> Vec<(&'static str, Variant, Vec<Grid>)> {
    let options = ReadOptions::default();
    let x = Variant::from_names("x").unwrap();
    let windoku = Variant::from_names("windoku").unwrap();
    let regions: Regions = example("jigsaw-regions.txt").parse().unwrap();
    let jigsaw = Variant {
        regions: Some(regions),
        ..Variant::default()
    };
    let killer = Variant {
        cages: parse_cages(&example("killer-cages.txt")).unwrap(),
        ..Variant::default()
    };
    let jigsaw_x = parse_documents(&example("jigsaw-x.json"), &options)
        .remove(0)
        .unwrap();
    vec![
        ("x", x, grids(&example("x.txt"), &options)),
        ("windoku", windoku, grids(&example("windoku.txt"), &options)),
        ("jigsaw", jigsaw, grids(&example("jigsaw.txt"), &options)),
        ("jigsaw+x", jigsaw_x.variant, vec![jigsaw_x.puzzle.grid]),
        ("killer", killer, grids(&example("killer.txt"), &options)),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("variants_unique");
    for (name, variant, puzzles) in sets() {
        for engine in [Asked::Auto, Asked::Dlx] {
            let rules = variant.rules(puzzles[0].shape()).unwrap();
            let mut solver = SudokuSolver::with_rules(rules.into(), engine).unwrap();
            let label = format!("{name}/{engine:?}").to_lowercase();
            group.bench_function(label, |b| {
                b.iter(|| {
                    for p in &puzzles {
                        let (verdict, _) = solver.check_unique(p, &Limits::none());
                        assert_eq!(verdict.status(), "unique");
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
