//! Generated x, windoku, jigsaw and anti-king puzzles on 4x4 and 6x6 grids:
//! their one solution is found by the brute force of the shared oracle
//! (`sudoku-solve/tests/oracle`: groups from the rules' wording, plain
//! backtracking), apart from the generator's searches.

use sudoku::{Constraint, Grid, Shape, Variant};
use sudoku_generate::{
    generate_setter_checked, generate_variant_checked, parse_generate_names, Limits,
};

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
    ] {
        let shape: Shape = boxes.parse().unwrap();
        let (base, jigsaw, _) = parse_generate_names(names).unwrap();
        for seed in 0..3 {
            let (puzzle, solution, variant) =
                generate_variant_checked(&base, names, shape, jigsaw, seed, &Limits::none())
                    .unwrap_or_else(|e| panic!("{names} {boxes} seed {seed}: {e:?}"));
            assert_eq!(variant.regions.is_some(), jigsaw, "{names}");
            assert_unique(shape, &variant, &puzzle, &solution);
        }
    }
    for boxes in ["2x3", "3x2"] {
        let shape: Shape = boxes.parse().unwrap();
        let (base, _, clues) = parse_generate_names("anti-king").unwrap();
        for seed in 0..3 {
            let made = generate_setter_checked(&base, clues, shape, seed, &Limits::none())
                .unwrap_or_else(|e| panic!("anti-king {boxes} seed {seed}: {e:?}"));
            assert!(made.variant.constraints.contains(&Constraint::AntiKing));
            assert_unique(shape, &made.variant, &made.puzzle, &made.solution);
        }
    }
}
