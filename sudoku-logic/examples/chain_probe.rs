//! Prints, for each puzzle of a file, the states where singles run out
//! along our own path, and the first step of each chain level there, in a
//! form a Sudoku Explainer harness can print too (for checking against
//! SE). usage: chain_probe FILE|gen:N [states|levels] [STATES_PER_PUZZLE]
//! (`gen:N`: our own generator's 9x9 puzzles, seeds 1..=N).
use std::io::BufRead;

use sudoku::Grid;
use sudoku_logic::chains::{find, ChainLevel};
use sudoku_logic::{next_step, Candidates, Mode, Step};
use sudoku_solve::Limits;

fn state_line(c: &Candidates) -> String {
    let mut vals = String::new();
    let mut cands = String::new();
    for cell in 0..81 {
        match c.value(cell) {
            Some(v) => vals.push(char::from(b'0' + v as u8)),
            None => vals.push('.'),
        }
        for v in 1..=9 {
            if c.mask(cell) & (1 << (v - 1)) != 0 {
                cands.push(char::from(b'0' + v as u8));
            } else {
                cands.push('.');
            }
        }
    }
    format!("{vals} {cands}")
}

fn describe(s: &Step) -> String {
    let mut out = s.difficulty.to_string();
    for p in &s.placements {
        out.push_str(&format!(" {}={}", s.cell_name(p.cell), p.value));
    }
    for e in &s.eliminations {
        let vs: String = e.values.iter().map(|v| v.to_string()).collect();
        out.push_str(&format!(" {}-{}", s.cell_name(e.cell), vs));
    }
    out.push_str(&format!(" [{}]", s.technique.name()));
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(2).map(String::as_str).unwrap_or("levels");
    let max_states: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let lines: Vec<String> = if let Some(n) = args[1].strip_prefix("gen:") {
        let n: u64 = n.parse().expect("a count");
        let shape = sudoku::Shape::square(3).expect("9x9");
        (1..=n)
            .map(|seed| {
                let maker = sudoku_generate::Maker::classic(shape, Default::default());
                maker
                    .make(seed, &sudoku_generate::Limits::none())
                    .expect("generated")
                    .puzzle()
                    .expect("a classic grid")
                    .to_string()
            })
            .collect()
    } else {
        let file = std::fs::File::open(&args[1]).expect("file");
        std::io::BufReader::new(file)
            .lines()
            .map(|l| l.unwrap())
            .collect()
    };
    for line in lines {
        let Some(p) = line.split_whitespace().next() else {
            continue;
        };
        if p.len() < 81 || p.starts_with('#') {
            continue;
        }
        let Ok(g) = p[..81].parse::<Grid>() else {
            continue;
        };
        // A state line (81 values, 729 marks) is taken as it is.
        let marks = line
            .split_whitespace()
            .nth(1)
            .filter(|m| m.len() == 729)
            .map(|m| {
                m.as_bytes()
                    .chunks(9)
                    .map(|cell| {
                        cell.iter()
                            .enumerate()
                            .filter(|(_, &b)| b != b'.')
                            .fold(0u64, |acc, (i, _)| acc | 1 << i)
                    })
                    .collect::<Vec<u64>>()
            });
        let c = match &marks {
            Some(m) => {
                let houses = std::sync::Arc::new(
                    sudoku_logic::Houses::new(&sudoku::Rules::standard(g.shape())).unwrap(),
                );
                Candidates::from_state(houses, &g, Some(m))
            }
            None => Candidates::from_grid(&g),
        };
        let Ok(mut c) = c else {
            continue;
        };
        if marks.is_some() {
            report(&c, what);
            continue;
        }
        let mut states = 0;
        while let Some(step) = next_step(&c, Mode::Se) {
            if step.difficulty.tenths() >= 65 {
                report(&c, what);
                states += 1;
                if states >= max_states {
                    break;
                }
            }
            c.apply(&step);
        }
    }
}

/// Prints the state, or the first step of each chain level there.
fn report(c: &Candidates, what: &str) {
    if what == "states" {
        println!("{}", state_line(c));
        return;
    }
    let mut levels = vec![
        ChainLevel::Cycles,
        ChainLevel::Nishio,
        ChainLevel::Multiple,
        ChainLevel::Dynamic,
    ];
    if what == "levels1" {
        levels.push(ChainLevel::Nested(1));
    }
    let mut out = String::new();
    for (i, level) in levels.into_iter().enumerate() {
        out.push_str(&format!("L{i} "));
        match find(c, level, &Limits::none()).expect("no limit").first() {
            Some(s) if what == "text" => out.push_str(&format!("\n  {}", s.text())),
            Some(s) => out.push_str(&describe(s)),
            None => out.push_str("none"),
        }
        out.push_str("; ");
    }
    println!("{}", out.trim());
}
