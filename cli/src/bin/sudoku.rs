//! The `sudoku` command (being written).

fn main() {}
