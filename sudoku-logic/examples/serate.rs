//! Rates the 9x9 puzzles of standard input as serate does: one line per
//! puzzle, `PUZZLE ER/EP/ED` (the first run of 81 of `[0-9.]` on a line).
//! `cargo run --release -p sudoku-logic --example serate < FILE`

use std::io::{BufRead, Write};

use sudoku::Grid;
use sudoku_logic::{rate, Candidates, Mode};
use sudoku_solve::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        let bytes = line.as_bytes();
        let Some(start) = (0..bytes.len().saturating_sub(80)).find(|&i| {
            bytes[i..i + 81]
                .iter()
                .all(|&b| b == b'.' || b.is_ascii_digit())
        }) else {
            continue;
        };
        let text = &line[start..start + 81];
        let grid: Grid = text.replace('0', ".").parse()?;
        let c = Candidates::from_grid(&grid)?;
        match rate::rate(c, Mode::Se, &Limits::none()) {
            Ok((r, _)) => writeln!(out, "{text} {}/{}/{}", r.er, r.ep, r.ed)?,
            Err(why) => writeln!(out, "{text} {why}")?,
        }
    }
    Ok(())
}
