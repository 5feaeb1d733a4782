//! Issue 36, group C: the sum dot against the brute force (4x4: all 288
//! grids; 6x6: the grids with the first row given), clues that no grid
//! meets, clues at the type's limit (never wrapped), and misplaced dots
//! refused by name.

use sudoku::{Constraint, Shape, Variant};

use super::{compare, four, six};

fn sum_dot(cells: &[usize], sum: u32) -> Constraint {
    Constraint::SumDot {
        cells: cells.to_vec(),
        sum,
    }
}

#[test]
fn sum_dots_on_4x4_against_brute_force() {
    for constraints in [
        // On a border: the two cells add up to the dot.
        vec![sum_dot(&[0, 1], 3)],
        vec![sum_dot(&[0, 4], 7)],
        // Across a box border (r1c2|r1c3): the pair may repeat nothing,
        // but the corner dots below may repeat values.
        vec![sum_dot(&[1, 2], 5)],
        // On a corner: the 2x2 block; at the centre its cells lie in four
        // boxes, so values may repeat (1 + 1 + 2 + 2 = 6 is possible).
        vec![sum_dot(&[5, 6, 9, 10], 6)],
        vec![sum_dot(&[5, 6, 9, 10], 10)],
        vec![sum_dot(&[0, 1, 4, 5], 10)],
        // Two dots together.
        vec![sum_dot(&[0, 1], 5), sum_dot(&[10, 11, 14, 15], 10)],
        vec![sum_dot(&[1, 2, 5, 6], 8), sum_dot(&[6, 10], 4)],
        // Sums no grid meets: two different values in a row can't make 2
        // or 8; four cells can't exceed 16.
        vec![sum_dot(&[0, 1], 2)],
        vec![sum_dot(&[2, 3], 8)],
        vec![sum_dot(&[5, 6, 9, 10], 17)],
        vec![sum_dot(&[5, 6, 9, 10], 3)],
        // The type's limits: 0 and u32::MAX have no grid, never a wrap to
        // a small sum.
        vec![sum_dot(&[0, 1], 0)],
        vec![sum_dot(&[0, 1], u32::MAX)],
        vec![sum_dot(&[5, 6, 9, 10], u32::MAX)],
    ] {
        compare(four(), &[], constraints);
    }
}

#[test]
fn sum_dots_on_6x6_against_brute_force() {
    let row: Vec<u16> = vec![1, 2, 3, 4, 5, 6];
    for constraints in [
        vec![sum_dot(&[6, 7], 7)],
        vec![sum_dot(&[8, 14], 11)],
        vec![sum_dot(&[14, 15, 20, 21], 14)],
        // Around the box corner r2c3/r3c4 (four boxes' cells): repeats.
        vec![sum_dot(&[8, 9, 14, 15], 4)],
        vec![sum_dot(&[20, 21, 26, 27], 20), sum_dot(&[33, 34], 3)],
        // Beside the given row: r1c1 + r2c1 = 1 + x, x in 2..=6.
        vec![sum_dot(&[0, 6], 7)],
        vec![sum_dot(&[0, 6], 2)],
        vec![sum_dot(&[28, 29, 34, 35], 25)],
        vec![sum_dot(&[28, 29, 34, 35], u32::MAX)],
    ] {
        compare(six(), &row, constraints);
    }
}

#[test]
fn misplaced_sum_dots_are_refused_by_name() {
    for (shape, cells, want) in [
        (four(), vec![0, 2], "sumdot"),
        (four(), vec![3, 4], "sumdot"),
        (four(), vec![0, 1, 4], "sumdot"),
        (four(), vec![3, 4, 7, 8], "sumdot"),
        (four(), vec![0, 1, 2, 3], "sumdot"),
        (four(), vec![0], "sumdot"),
        (four(), vec![], "sumdot"),
        (four(), vec![15, 16], "cell #16 is outside"),
        (six(), vec![5, 6], "sumdot"),
    ] {
        let variant = Variant {
            constraints: vec![sum_dot(&cells, 5)],
            ..Variant::default()
        };
        let shape: Shape = shape;
        let e = variant.rules(shape).unwrap_err().to_string();
        assert!(e.contains(want), "{cells:?}: {e}");
    }
    // Where: the first cell, as rXcY.
    let variant = Variant {
        constraints: vec![sum_dot(&[1, 3], 5)],
        ..Variant::default()
    };
    let e = variant.rules(four()).unwrap_err().to_string();
    assert!(e.contains("r1c2"), "{e}");
}
