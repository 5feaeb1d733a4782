//! Rates each puzzle of a file (one 81-character puzzle a line) and
//! prints `PUZZLE ER/EP/ED`, as serate's `--format='%g %r/%p/%d'` does.
//! usage: rate_file FILE
use std::io::BufRead;

use sudoku::Grid;
use sudoku_logic::{rate, Candidates, Mode};
use sudoku_solve::Limits;

fn main() {
    let path = std::env::args().nth(1).expect("usage: rate_file FILE");
    let file = std::fs::File::open(path).expect("a readable file");
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let p = line.trim();
        if p.len() < 81 || p.starts_with('#') {
            continue;
        }
        let Ok(grid) = p[..81].parse::<Grid>() else {
            continue;
        };
        let Ok(c) = Candidates::from_grid(&grid) else {
            println!("{} invalid", &p[..81]);
            continue;
        };
        match rate::rate(c, Mode::Se, &Limits::none()) {
            Ok((r, _)) => println!("{} {}/{}/{}", &p[..81], r.er, r.ep, r.ed),
            Err(why) => println!("{} incomplete ({why:?})", &p[..81]),
        }
    }
}
