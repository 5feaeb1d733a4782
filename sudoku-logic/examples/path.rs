//! Prints the logical path of one puzzle given as the first argument.
//! `cargo run --release -p sudoku-logic --example path -- PUZZLE`

use sudoku::Grid;
use sudoku_logic::{solve, Candidates, Mode};
use sudoku_solve::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).ok_or("give a puzzle")?;
    let grid: Grid = text.replace('0', ".").parse()?;
    let start = Candidates::from_grid(&grid)?;
    let path = solve(start.clone(), Mode::Se, &Limits::none());
    // DUMP=75 prints the candidates before every step of 7.5 and up.
    let dump: Option<u16> = std::env::var("DUMP").ok().and_then(|d| d.parse().ok());
    let mut c = start;
    for step in &path.steps {
        if dump.is_some_and(|d| step.difficulty.tenths() >= d) {
            for r in 0..9 {
                let row: Vec<String> = (0..9)
                    .map(|col| match c.value(r * 9 + col) {
                        Some(v) => format!("{v:>9}"),
                        None => format!(
                            "{:>9}",
                            sudoku_logic::values_of(c.mask(r * 9 + col))
                                .map(|v| v.to_string())
                                .collect::<String>()
                        ),
                    })
                    .collect();
                println!("{}", row.join(" "));
            }
        }
        println!("{} {}", step.difficulty, step.text());
        c.apply(step);
    }
    let r = path.ratings;
    println!("{:?} {}/{}/{}", path.end, r.er, r.ep, r.ed);
    Ok(())
}
