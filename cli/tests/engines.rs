//! The planner seen from the command line (issue 20): every JSON record
//! names the engine, `--stats` counts them, `--explain` says why, and an
//! `--engine` that cannot apply is refused (exit 2) instead of replaced.
//! The expected engines are those of the planner's table in
//! docs/engines.md.

use crate::common;

use std::path::PathBuf;
use std::time::Duration;

use crate::common::{code, json_lines, stderr, stdout};

fn run(args: &[&str], input: &str) -> std::process::Output {
    common::run_with("sudoku", args, input, Duration::from_secs(120))
}

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/sudoku")
        .join(name)
}

/// The `engine` of the one JSON record of `sudoku ARGS` on `input`.
fn engine_of(args: &[&str], input: &str) -> String {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = run(&all, input);
    let records = json_lines(&out);
    assert_eq!(records.len(), 1, "{args:?}: {}", stdout(&out));
    records[0]["engine"].as_str().unwrap_or("none").to_string()
}

const EMPTY_4X4: &str = "................\n";
const COURSE_9X9: &str =
    "....4....12.....73.3...8.....4...6.....2.3.....5........6.9.5...7.....2..........\n";

#[test]
fn every_record_names_the_planned_engine() {
    assert_eq!(engine_of(&["check"], COURSE_9X9), "band9");
    assert_eq!(engine_of(&["check", "--engine", "dlx"], COURSE_9X9), "dlx");
    assert_eq!(engine_of(&["count"], EMPTY_4X4), "bits");
    assert_eq!(engine_of(&["count", "--variant", "x"], EMPTY_4X4), "units");
    // Counts asked of Dancing Links run on Dancing Cells where they take
    // the matrix, and say so; a check runs on the links.
    assert_eq!(
        engine_of(&["count", "--variant", "x", "--engine", "dlx"], EMPTY_4X4),
        "cells"
    );
    assert_eq!(
        engine_of(&["check", "--variant", "x", "--engine", "dlx"], EMPTY_4X4),
        "dlx"
    );
    // A 36x36 uniqueness check: propagation at the root, then clause
    // learning.
    let path = example("36x36-generated.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let first = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap();
    assert_eq!(engine_of(&["check"], &format!("{first}\n")), "cdcl");
}

#[test]
fn an_engine_that_cannot_apply_is_refused() {
    // X on a 12x12 grid (144 cells): beyond the units search's 128 cells.
    let empty = format!("{}\n", ".".repeat(144));
    let out = run(
        &[
            "count",
            "--box",
            "3x4",
            "--variant",
            "x",
            "--engine",
            "bits",
            "--limit",
            "1",
        ],
        &empty,
    );
    assert_eq!(code(&out), 2, "{}", stdout(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("invalid: line 1: engine bits cannot answer this 12x12 puzzle")
            && text.contains("use auto or dlx"),
        "{text}"
    );
    // The same with the planner's choice: Dancing Links, counting on
    // Dancing Cells (one solution, on every thread).
    let out = run(
        &[
            "count",
            "--box",
            "3x4",
            "--variant",
            "x",
            "--limit",
            "1",
            "--format",
            "json",
        ],
        &empty,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let record = &json_lines(&out)[0];
    assert_eq!(record["engine"], "cells");
    assert_eq!(record["solutions"], 1);
}

#[test]
fn stats_count_the_engines_and_explain_says_why() {
    let input = format!("{COURSE_9X9}{COURSE_9X9}{EMPTY_4X4}");
    let out = run(&["check", "--stats", "--explain", "-j", "1"], &input);
    let err = stderr(&out);
    let engines = err
        .lines()
        .find_map(|l| l.strip_prefix("engines:"))
        .expect(&err);
    assert_eq!(engines.trim(), "band9 2, bits 1", "{err}");
    // One explanation per shape and engine, with the line it was first met.
    let explained: Vec<&str> = err.lines().filter(|l| l.starts_with("explain:")).collect();
    assert_eq!(explained.len(), 2, "{err}");
    assert!(
        explained[0].starts_with("explain: <stdin>, line 1 (9x9, 3x3 boxes): engine band9"),
        "{err}"
    );
    assert!(
        explained[1].starts_with("explain: <stdin>, line 3 (4x4, 2x2 boxes): engine bits"),
        "{err}"
    );
}
