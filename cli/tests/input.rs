//! Integration tests of the input readers through `sudoku solve`: a file
//! mixing a one-line puzzle and a drawn grid (issue 23 #5), box shapes drawn
//! in borders (issue 20), 16x16 grids written in hexadecimal (issue 20),
//! line ends of a lone CR and CSV fields over two lines (issue 23).
//!
//! Grids are built here from patterns that are valid Sudoku solutions by
//! construction (cell (r, c) of an n x n grid with boxes of a x b holds
//! `(b * (r % a) + r / a + c) % n`), and answers are checked by
//! [`solves`], written independently of the library.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use crate::common::{code, stderr, stdout};

/// Runs `sudoku args...` with `input` on stdin.
fn run(args: &[&str], input: impl Into<Vec<u8>>) -> Output {
    common::run_with("sudoku", args, input, Duration::from_secs(120))
}

fn lines(output: &Output) -> Vec<String> {
    stdout(output).lines().map(str::to_string).collect()
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/sudoku")
        .join(name)
}

/// The valid full grid of side `a * b` (boxes of `a` rows by `b` columns),
/// values 0 to side - 1.
fn pattern(a: usize, b: usize) -> Vec<usize> {
    let n = a * b;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (b * (r % a) + r / a + c) % n
        })
        .collect()
}

/// Whether `solution` (values 1..=n, one per cell) solves `puzzle` (0 for a
/// blank) for boxes of `a` rows by `b` columns.
fn solves(puzzle: &[usize], solution: &[usize], a: usize, b: usize) -> bool {
    let n = a * b;
    if puzzle.len() != n * n || solution.len() != n * n {
        return false;
    }
    if puzzle
        .iter()
        .zip(solution)
        .any(|(&p, &s)| s < 1 || s > n || (p != 0 && p != s))
    {
        return false;
    }
    let mut units = vec![Vec::new(); 3 * n];
    for (i, &v) in solution.iter().enumerate() {
        let (r, c) = (i / n, i % n);
        units[r].push(v);
        units[n + c].push(v);
        units[2 * n + (r / a) * a + c / b].push(v);
    }
    units.iter_mut().all(|unit| {
        unit.sort_unstable();
        unit.iter().copied().eq(1..=n)
    })
}

/// Values of a compact line in the alphabet `symbols` (`symbols[0]` is 1);
/// letters in either case; any other character is a blank (0).
fn values(line: &str, symbols: &str) -> Vec<usize> {
    line.chars()
        .map(|c| symbols.find(c.to_ascii_uppercase()).map_or(0, |i| i + 1))
        .collect()
}

const STANDARD: &str = "123456789ABCDEFG";
const HEX: &str = "0123456789ABCDEF";

/// A 9x9 puzzle from the pattern: a third of the cells blanked.
fn nine_by_nine() -> Vec<usize> {
    pattern(3, 3)
        .into_iter()
        .enumerate()
        .map(|(i, v)| if i % 3 == 1 { 0 } else { v + 1 })
        .collect()
}

fn compact(puzzle: &[usize], symbols: &str, blank: char) -> String {
    puzzle
        .iter()
        .map(|&v| {
            if v == 0 {
                blank
            } else {
                symbols.as_bytes()[v - 1] as char
            }
        })
        .collect()
}

/// Issue 23 #5: a one-line puzzle, a blank line and a drawn 9-row grid are
/// two puzzles (not 1 + 9 records "expected 81 cells, found 9").
#[test]
fn a_line_and_a_drawn_grid_in_one_file_are_two_puzzles() {
    let first = nine_by_nine();
    let line = compact(&first, STANDARD, '.');
    // The second: the same pattern with other cells blanked, drawn.
    let second: Vec<usize> = pattern(3, 3)
        .into_iter()
        .enumerate()
        .map(|(i, v)| if i % 4 == 0 { 0 } else { v + 1 })
        .collect();
    let mut drawn = String::new();
    for r in 0..9 {
        if r % 3 == 0 {
            drawn.push_str("+-------+-------+-------+\n");
        }
        for c in 0..9 {
            if c % 3 == 0 {
                drawn.push_str("| ");
            }
            let v = second[r * 9 + c];
            drawn.push(if v == 0 {
                '.'
            } else {
                STANDARD.as_bytes()[v - 1] as char
            });
            drawn.push(' ');
        }
        drawn.push_str("|\n");
    }
    drawn.push_str("+-------+-------+-------+\n");
    let input = format!("{line}\n\n{drawn}");
    let output = run(&["solve"], input);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answers = lines(&output);
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(solves(&first, &values(&answers[0], STANDARD), 3, 3));
    assert!(solves(&second, &values(&answers[1], STANDARD), 3, 3));
}

/// Issue 20: the borders of rectangular-6x6.txt draw boxes of 2x3, so no
/// `--box` is needed; the solutions are those its comments give.
#[test]
fn drawn_borders_give_the_box_shape() {
    let path = example("rectangular-6x6.txt");
    let output = run(&["solve", path.to_str().unwrap()], "");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = std::fs::read_to_string(&path).unwrap();
    let expected: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("# Puzzle"))
        .filter_map(|l| l.split("solution ").nth(1))
        .collect();
    assert_eq!(expected.len(), 4);
    assert_eq!(lines(&output), expected);
}

/// Issue 20: `--box 3x2` against borders drawing 2x3 is refused, located.
#[test]
fn a_box_shape_against_the_drawn_borders_is_refused() {
    let path = example("rectangular-6x6.txt");
    let output = run(&["solve", "--box", "3x2", path.to_str().unwrap()], "");
    assert_ne!(code(&output), 0);
    let err = stderr(&output);
    assert!(
        err.contains("line 16") && err.contains("2x3") && err.contains("3x2"),
        "{err}"
    );
    // Nothing was solved as if the boxes were 3x2.
    assert!(
        lines(&output)
            .iter()
            .all(|l| !l.chars().all(|c| c.is_ascii_digit())),
        "{}",
        stdout(&output)
    );
}

/// Issue 20: a 16x16 written with 0-F and `.` blanks is read as hexadecimal
/// and its answer written the same way; never another puzzle's solution.
#[test]
fn sixteen_by_sixteen_in_hexadecimal() {
    let puzzle: Vec<usize> = pattern(4, 4)
        .into_iter()
        .enumerate()
        .map(|(i, v)| if i % 3 == 0 { 0 } else { v + 1 })
        .collect();
    let line = compact(&puzzle, HEX, '.');
    assert!(line.contains('0') && !line.contains('G'));
    let output = run(&["solve"], format!("{line}\n"));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answers = lines(&output);
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(
        solves(&puzzle, &values(&answers[0], HEX), 4, 4),
        "{}",
        answers[0]
    );
}

/// Issue 20: a full 16x16 grid in 0-F with no other blank cannot be told
/// from a standard one with `0` blanks: refused, naming `--alphabet`.
#[test]
fn an_ambiguous_sixteen_by_sixteen_is_refused() {
    let full: Vec<usize> = pattern(4, 4).into_iter().map(|v| v + 1).collect();
    let line = compact(&full, HEX, '.');
    let output = run(&["solve"], format!("{line}\n"));
    assert_ne!(code(&output), 0);
    let err = stderr(&output);
    assert!(
        err.contains("--alphabet") && err.contains("line 1"),
        "{err}"
    );
}

/// An ordinary 16x16 (standard symbols, `G` present, `0` blanks sharing a
/// row) is read as before.
#[test]
fn an_ordinary_sixteen_by_sixteen() {
    let puzzle: Vec<usize> = pattern(4, 4)
        .into_iter()
        .enumerate()
        .map(|(i, v)| if i % 5 == 0 { 0 } else { v + 1 })
        .collect();
    let line = compact(&puzzle, STANDARD, '0');
    assert!(line.contains('G') && line[..16].matches('0').count() > 1);
    let output = run(&["solve"], format!("{line}\n"));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answers = lines(&output);
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(solves(&puzzle, &values(&answers[0], STANDARD), 4, 4));
}

/// Issue 23: lines ended by a lone CR are three puzzles, not one.
#[test]
fn lone_carriage_returns_end_lines() {
    let puzzles = ["1.3.3.2...4.....", "4...............", "..3..........2.."];
    let input = puzzles.join("\r") + "\r";
    let output = run(&["solve"], input);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answers = lines(&output);
    assert_eq!(answers.len(), 3, "{answers:?}");
    for (p, a) in puzzles.iter().zip(&answers) {
        assert!(
            solves(&values(p, STANDARD), &values(a, STANDARD), 2, 2),
            "{p} {a}"
        );
    }
}

/// Issue 23: a quoted CSV field over two lines is one puzzle, not two
/// records; its solution column is read too.
#[test]
fn a_csv_field_over_two_lines_is_one_puzzle() {
    let input = "quizzes,solutions\n\"1.3.3.2.\n..4.....\",1234342121434312\n.2..............,\n";
    let output = run(&["solve"], input);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answers = lines(&output);
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0], "1234342121434312");
    assert!(solves(
        &values(".2..............", STANDARD),
        &values(&answers[1], STANDARD),
        2,
        2
    ));
}
