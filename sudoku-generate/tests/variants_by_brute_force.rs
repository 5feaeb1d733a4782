//! Generated x, windoku, jigsaw and anti-king puzzles on 4x4 and 6x6 grids:
//! their one solution is found by the brute force of the shared oracle
//! (`sudoku-solve/tests/oracle`: groups from the rules' wording, plain
//! backtracking), apart from the generator's searches.

use sudoku::{Constraint, Grid, Shape, Variant};
use sudoku_generate::{GenerateOptions, Limits, Maker};

#[allow(dead_code)]
#[path = "../../sudoku-solve/tests/oracle/mod.rs"]
mod oracle;
use oracle::{brute_force, groups, obeys};

/// The one solution of a generated puzzle, by brute force over the groups
/// its rules name and the definitions of its constraints.
fn assert_unique(shape: Shape, variant: &Variant, puzzle: &Grid, solution: &Grid) {
    let n = shape.side() as usize;
    let constraints = &variant.constraints;
    let accept = |g: &[u16]| constraints.iter().all(|c| obeys(c, g, shape, constraints));
    let found = brute_force(n, &groups(shape, variant), puzzle.cells(), &accept, 2);
    assert_eq!(
        found,
        vec![solution.cells().to_vec()],
        "{variant:?} {puzzle}"
    );
}

#[test]
fn generated_x_windoku_jigsaw_and_anti_king_puzzles_are_unique_by_brute_force() {
    for (names, boxes) in [
        ("x", "2x2"),
        ("x", "2x3"),
        ("windoku", "2x2"),
        ("windoku", "2x3"),
        ("jigsaw", "2x2"),
        ("jigsaw", "2x3"),
        ("jigsaw,x", "2x3"),
        ("anti-king", "2x3"),
        ("anti-king", "3x2"),
    ] {
        let shape: Shape = boxes.parse().unwrap();
        let options = GenerateOptions::default();
        let maker = Maker::from_names(Some(names), None, shape, options, 0).unwrap();
        for seed in 0..3 {
            let made = maker
                .make(seed, &Limits::none())
                .unwrap_or_else(|e| panic!("{names} {boxes} seed {seed}: {e:?}"));
            let variant = made.variant().expect("a grid of 1..n");
            assert_eq!(
                variant.regions.is_some(),
                names.contains("jigsaw"),
                "{names}"
            );
            if names == "anti-king" {
                assert!(variant.constraints.contains(&Constraint::AntiKing));
            }
            let (puzzle, solution) = (made.puzzle().unwrap(), made.solution().unwrap());
            assert_unique(shape, &variant, puzzle, solution);
        }
    }
}
