//! The Sudoku crate's smaller parsers, on any text: box shapes (`3`, `2x3`),
//! format names, and grids and shapes in JSON (serde). None may panic; what
//! parses must print (or serialize) to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_format::Format;
use sudoku::{Grid, Shape, MAX_SIDE};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };

    if let Ok(shape) = text.parse::<Shape>() {
        assert!(shape.box_rows() >= 1 && shape.box_cols() >= 1);
        assert_eq!(shape.side(), shape.box_rows() * shape.box_cols());
        assert!(shape.side() <= MAX_SIDE);
        assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
    }

    if let Ok(format) = text.parse::<Format>() {
        assert_eq!(format.to_string().parse::<Format>(), Ok(format));
    }

    if let Ok(shape) = serde_json::from_str::<Shape>(text) {
        let json = serde_json::to_string(&shape).unwrap();
        assert_eq!(serde_json::from_str::<Shape>(&json).unwrap(), shape);
    }

    if let Ok(grid) = serde_json::from_str::<Grid>(text) {
        check_grid(&grid);
    }

    // The same text as a puzzle (`str::parse`, square boxes, standard symbols).
    if let Ok(grid) = text.parse::<Grid>() {
        check_grid(&grid);
    }
});

fn check_grid(grid: &Grid) {
    let side = grid.side();
    assert_eq!(side, grid.shape().side() as usize);
    assert_eq!(grid.cells().len(), side * side);
    assert!(grid.cells().iter().all(|&v| usize::from(v) <= side));
    let json = serde_json::to_string(grid).unwrap();
    match serde_json::from_str::<Grid>(&json) {
        Ok(back) => assert_eq!(&back, grid, "JSON round trip: {json}"),
        Err(e) => panic!("serialized grid does not read back: {e}\n{json}"),
    }
}
