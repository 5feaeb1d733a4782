//! The `sudoku` command: solves, counts or checks Sudoku puzzles of any size,
//! a file at a time. See `sudoku --help`, and the `cli::sudoku` module.

use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    cli::sudoku::run(&cli::sudoku::Args::parse())
}
