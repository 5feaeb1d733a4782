//! The progress bar of `sudoku count` and batch runs (issue 20: "a progress
//! bar on a terminal ... on every thread"): drawn on a real terminal (a
//! pseudo-terminal made by `script`), with the puzzles answered and, while
//! one puzzle is counted on every thread, its parts; never drawn when
//! stderr is not a terminal.

use std::path::PathBuf;
use std::process::Command;

use crate::common::stderr;

/// The empty 9x9 grid (6.7e21 solutions: a count that runs until its
/// timeout), in a temporary file.
fn empty9() -> PathBuf {
    let path = std::env::temp_dir().join(format!("progress-{}-empty9.txt", std::process::id()));
    std::fs::write(&path, format!("{}\n", ".".repeat(81))).unwrap();
    path
}

/// Runs `sudoku ARGS` on a pseudo-terminal made by util-linux's `script`
/// (Debian's essential bsdutils): its exit status and everything the
/// terminal showed. Without `script` the test fails rather than pass unrun.
fn on_terminal(args: &str) -> (Option<i32>, String) {
    let script = std::path::Path::new("/usr/bin/script");
    assert!(
        script.exists(),
        "no /usr/bin/script to make a terminal: install util-linux (bsdutils)"
    );
    let sudoku = assert_cmd::cargo::cargo_bin("sudoku");
    let command = format!("{} {args}", sudoku.display());
    let output = Command::new(script)
        .args(["-qec", &command, "/dev/null"])
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn no_bar_when_stderr_is_not_a_terminal() {
    let file = empty9();
    let output = Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["count", "-j", "2", "--timeout", "1"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(!err.contains("puzzles"), "{err:?}");
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "{err:?}");
    assert!(!err.contains("parts"), "{err:?}");
}

#[test]
fn the_bar_is_drawn_on_a_terminal_with_every_threads_parts() {
    let file = empty9();
    let (status, screen) = on_terminal(&format!("count -j 2 --timeout 3 {}", file.display()));
    // The terminal's output: the bar's frames, then the count.
    assert_eq!(status, Some(3), "{screen:?}");
    assert!(screen.contains("0 puzzles"), "{screen:?}");
    assert!(screen.contains("counting on every thread: "), "{screen:?}");
    assert!(screen.contains(" parts"), "{screen:?}");
    assert!(screen.contains("incomplete"), "{screen:?}");
}

/// `rate` on a terminal shows the logical steps taken while a puzzle is
/// rated (issue 34: a long rating must look alive): an ER 11.3 puzzle
/// whose first steps are quick (ED 6.6) and whose rating takes far longer
/// than the 3 s it is given here.
#[test]
fn a_long_rating_shows_its_steps_on_a_terminal() {
    let file = std::env::temp_dir().join(format!("progress-{}-11.txt", std::process::id()));
    std::fs::write(
        &file,
        ".2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9..\n",
    )
    .unwrap();
    let (_, screen) = on_terminal(&format!("rate -j 1 --timeout 3 {}", file.display()));
    assert!(screen.contains("rating 1 puzzle by logic"), "{screen:?}");
    assert!(screen.contains("steps so far"), "{screen:?}");
}
