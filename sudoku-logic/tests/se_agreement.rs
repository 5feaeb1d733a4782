//! Agreement with Sudoku Explainer 1.2.1 (serate 1.2.1.3), the reference
//! of the ER/EP/ED scale. The expected values in `data/se-ratings.txt`
//! were made by SE itself, as the file's header says; the puzzles are our
//! own generator's.
//!
//! The generated set reaches ER 8.5: every rating (ER, EP and ED) is
//! held exactly, as it has been since 2026-11-26; the bar is lower
//! (all three the same on 95%, within 0.1 on 99%), but a change that
//! loses one agreement must say so here. The top of the scale (9.0 to 11+) comes from the shared
//! benchmark sets, read by path in the ignored `shared_data_*` test.

use sudoku::Grid;
use sudoku_logic::{rate, Candidates, Difficulty, Mode};
use sudoku_solve::Limits;

fn tenths(s: &str) -> u16 {
    let (a, b) = s.split_once('.').expect("one decimal");
    a.parse::<u16>().unwrap() * 10 + b.parse::<u16>().unwrap()
}

#[test]
fn ratings_of_the_generated_set_are_those_of_sudoku_explainer() {
    let data = include_str!("data/se-ratings.txt");
    let (mut checked, mut exact, mut total) = (0, 0, 0);
    let mut failures = Vec::new();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (puzzle, rating) = line.split_once(' ').expect("PUZZLE ER/EP/ED");
        let se: Vec<u16> = rating.trim().split('/').map(tenths).collect();
        let grid: Grid = puzzle.replace('0', ".").parse().unwrap();
        let c = Candidates::from_grid(&grid).unwrap();
        let (r, _) = rate::rate(c, Mode::Se, &Limits::none()).unwrap();
        let ours = [r.er, r.ep, r.ed];
        total += 1;
        if ours.iter().zip(&se).all(|(o, s)| o.tenths() == *s) {
            exact += 1;
        }
        for (i, (o, &s)) in ours.iter().zip(&se).enumerate() {
            checked += 1;
            if *o != Difficulty(s) {
                failures.push(format!(
                    "{puzzle}: SE {rating}, ours {}/{}/{} (field {i})",
                    r.er, r.ep, r.ed
                ));
            }
        }
    }
    assert!(total >= 300, "{total} puzzles");
    assert!(checked == 3 * total, "{checked} ratings checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(exact, total);
}

include!("../../tests/support/shared_data.rs");

/// The top of the scale (ER 6.5 to 11+): puzzles of the shared benchmark
/// sets (third-party data, read by path, never copied: `SUDOKU_DATA`, by
/// default `../shared/data` beside the workspace), named by file and line
/// in `data/se-ratings-shared.txt` with SE 1.2.1's own ratings, as that
/// file's header says. Run by `scripts/data-tests.sh`.
#[test]
#[ignore = "needs the shared data (scripts/data-tests.sh)"]
fn shared_data_top_ratings_are_those_of_sudoku_explainer() {
    let data = include_str!("data/se-ratings-shared.txt");
    let mut files = std::collections::HashMap::new();
    let (mut total, mut exact, mut near) = (0, 0, 0);
    let mut differ = Vec::new();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [file, number, rating] = f[..] else {
            panic!("FILE LINE ER/EP/ED: {line}");
        };
        let text: &String = files.entry(file).or_insert_with(|| {
            let path = shared_data_path(file);
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        });
        let n: usize = number.parse().unwrap();
        let puzzle = text.lines().nth(n - 1).expect("the line").trim();
        let se: Vec<u16> = rating.split('/').map(tenths).collect();
        let grid: Grid = puzzle.replace('0', ".").parse().unwrap();
        let c = Candidates::from_grid(&grid).unwrap();
        let (r, _) = rate::rate(c, Mode::Se, &Limits::none()).unwrap();
        let ours = [r.er.tenths(), r.ep.tenths(), r.ed.tenths()];
        total += 1;
        if ours[..] == se[..] {
            exact += 1;
        } else {
            differ.push(format!(
                "{file}:{n}: SE {rating}, ours {}/{}/{}",
                r.er, r.ep, r.ed
            ));
        }
        if ours.iter().zip(&se).all(|(o, s)| o.abs_diff(*s) <= 1) {
            near += 1;
        }
    }
    assert!(total >= 30, "{total} puzzles");
    // The bar is the same three numbers on 95%, within 0.1 on
    // 99%; all of them have agreed since 2026-11-26, and a change that
    // loses one must say so here.
    assert!(
        differ.is_empty(),
        "{exact} of {total} exact, {near} within 0.1:\n{}",
        differ.join("\n")
    );
}
