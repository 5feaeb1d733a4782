//! `sudoku generate --variant killer|thermo|arrow|anti-knight|...`: the
//! puzzles written read back through `sudoku check` (JSON documents and
//! f-puzzles links) as unique, the same seed writes the same lines, and
//! impossible combinations are refused with status 2.

// Not every shared helper is used by these tests.
use crate::common;

use std::time::Duration;

use crate::common::{code, stderr, stdout};

fn run(args: &[&str], input: &str) -> std::process::Output {
    common::run_with("sudoku", args, input, Duration::from_secs(120))
}

#[test]
fn generated_puzzles_check_unique() {
    for (variant, format) in [
        ("killer", "text"),
        ("killer", "fpuzzles"),
        ("thermo", "text"),
        ("arrow", "fpuzzles"),
        ("anti-knight", "text"),
        ("killer,x", "text"),
    ] {
        let args = [
            "generate",
            "--variant",
            variant,
            "--box",
            "2x3",
            "--seed",
            "3",
            "-n",
            "3",
        ];
        let made = run(&[&args[..], &["--format", format]].concat(), "");
        assert_eq!(code(&made), 0, "{variant}: {}", stderr(&made));
        let lines = stdout(&made);
        assert_eq!(lines.lines().count(), 3, "{variant} {format}: {lines}");
        if format == "fpuzzles" || variant != "killer" && variant != "killer,x" {
            assert!(lines
                .lines()
                .all(|l| l.starts_with("https://www.f-puzzles.com/?load=")));
        }
        let again = run(&[&args[..], &["--format", format]].concat(), "");
        assert_eq!(stdout(&again), lines, "{variant}: the same seed");
        let checked = run(&["check", "--box", "2x3"], &lines);
        assert_eq!(code(&checked), 0, "{variant}: {}", stderr(&checked));
        let answers = stdout(&checked);
        assert_eq!(answers.lines().count(), 3, "{answers}");
        assert!(
            answers.lines().all(|l| l.starts_with("unique")),
            "{variant}: {answers}"
        );
    }
}

#[test]
fn impossible_combinations_are_refused() {
    for (args, says) in [
        (
            &["--variant", "killer,jigsaw"][..],
            "jigsaw combines with x and windoku only",
        ),
        (&["--variant", "x,windoku,jigsaw"][..], "--regions"),
        (&["--variant", "killer,sandwich"][..], "sandwich"),
        (
            &["--variant", "anti-king", "--box", "2"][..],
            "no full grid",
        ),
    ] {
        let out = run(&[&["generate", "--seed", "1"][..], args].concat(), "");
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "");
    }
}

/// The JSON documents carry a SudokuPad link beside the f-puzzles one, and it reads back (through `sudoku check`) as unique.
#[test]
fn generated_puzzles_carry_a_sudokupad_link() {
    let args = [
        "generate",
        "--variant",
        "thermo",
        "--box",
        "2x3",
        "--seed",
        "5",
        "-n",
        "2",
    ];
    let made = run(&[&args[..], &["--format", "json"]].concat(), "");
    assert_eq!(code(&made), 0, "{}", stderr(&made));
    let links: Vec<String> = stdout(&made)
        .lines()
        .map(|l| {
            let doc: serde_json::Value = serde_json::from_str(l).unwrap();
            doc["sudokupad"]
                .as_str()
                .expect("a sudokupad link")
                .to_string()
        })
        .collect();
    assert_eq!(links.len(), 2);
    assert!(links
        .iter()
        .all(|l| l.starts_with("https://sudokupad.app/fpuz")));
    let checked = run(&["check"], &links.join("\n"));
    assert_eq!(code(&checked), 0, "{}", stderr(&checked));
    assert!(
        stdout(&checked).lines().all(|l| l.starts_with("unique")),
        "{}",
        stdout(&checked)
    );
}
