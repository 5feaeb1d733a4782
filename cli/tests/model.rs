//! `dlx count` and `dlx solve` on a JSON model (docs/formats.md, "JSON
//! model"): counts from mathematics or brute force, solutions checked by
//! code here, limits, and located errors.

use crate::common;

use std::collections::BTreeSet;
use std::process::Output;
use std::time::Duration;

use crate::common::{code, json_lines, stderr, stdout};

fn run(args: &[&str], input: &str) -> Output {
    common::run_with("dlx", args, input, Duration::from_secs(60))
}

/// Latin squares of order n: a variable per cell, rows exactly once,
/// columns all different.
fn latin(n: usize) -> String {
    let mut vars = Vec::new();
    let mut constraints = Vec::new();
    for r in 0..n {
        for c in 0..n {
            vars.push(format!(r#"{{"name": "c{r}{c}", "range": [1, {n}]}}"#));
        }
        let row: Vec<String> = (0..n).map(|c| format!("\"c{r}{c}\"")).collect();
        let col: Vec<String> = (0..n).map(|c| format!("\"c{c}{r}\"")).collect();
        constraints.push(format!(
            r#"{{"kind": "exactly_once", "vars": [{}]}}"#,
            row.join(", ")
        ));
        constraints.push(format!(
            r#"{{"kind": "all_different", "vars": [{}]}}"#,
            col.join(", ")
        ));
    }
    format!(
        "{{\n  \"variables\": [\n    {}\n  ],\n  \"constraints\": [\n    {}\n  ]\n}}\n",
        vars.join(",\n    "),
        constraints.join(",\n    ")
    )
}

#[test]
fn counts_latin_squares() {
    // OEIS A002860: 1, 2, 12, 576.
    for (n, expected) in [(1, "1"), (2, "2"), (3, "12"), (4, "576")] {
        let out = run(&["count"], &latin(n));
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert_eq!(stdout(&out).trim(), expected, "order {n}");
    }
    let out = run(&["count", "-j", "2", "--format", "json"], &latin(4));
    let summary = &json_lines(&out)[0];
    assert_eq!(summary["solutions"], 576);
    assert_eq!(summary["complete"], true);
    // A plain count of an exact-cover model whose matrix fits Dancing
    // Cells: the plan counts on them and says so.
    assert_eq!(summary["engine"], "cells");
    assert_eq!(summary["threads"], 2);
    // A seed keeps the count on Dancing Links (one thread).
    let out = run(&["count", "--seed", "3", "--format", "json"], &latin(4));
    let summary = &json_lines(&out)[0];
    assert_eq!(summary["solutions"], 576);
    assert_eq!(summary["engine"], "dlx");
}

/// Reads `name=value` pairs.
fn pairs(line: &str) -> Vec<(String, i64)> {
    line.split_whitespace()
        .map(|p| {
            let (n, v) = p.split_once('=').expect("name=value");
            (n.to_string(), v.parse().expect("a number"))
        })
        .collect()
}

#[test]
fn solve_prints_every_solution_once() {
    let out = run(&["solve"], &latin(3));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let mut seen = BTreeSet::new();
    for line in text.lines() {
        let values = pairs(line);
        assert_eq!(values.len(), 9, "{line}");
        let grid: Vec<i64> = values.iter().map(|(_, v)| *v).collect();
        for i in 0..3 {
            let row: BTreeSet<i64> = (0..3).map(|j| grid[3 * i + j]).collect();
            let col: BTreeSet<i64> = (0..3).map(|j| grid[3 * j + i]).collect();
            assert_eq!(row, BTreeSet::from([1, 2, 3]), "{line}");
            assert_eq!(col, BTreeSet::from([1, 2, 3]), "{line}");
        }
        assert!(seen.insert(grid), "repeated: {line}");
    }
    assert_eq!(seen.len(), 12);

    let out = run(&["solve", "--format", "json", "--limit", "2"], &latin(3));
    assert_eq!(code(&out), 0);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["solution"], 1);
    assert_eq!(lines[0]["values"].as_object().unwrap().len(), 9);
    assert_eq!(lines[2]["incomplete"], "solution-limit");
    assert_eq!(lines[2]["engine"], "dlx");
}

#[test]
fn limits_say_incomplete() {
    let out = run(&["count", "--limit", "5"], &latin(4));
    assert_eq!(code(&out), 0);
    assert_eq!(
        stdout(&out).trim(),
        "5 (incomplete: solution limit reached)"
    );
    let out = run(&["count", "-j", "1", "--max-nodes", "3"], &latin(4));
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    assert!(stdout(&out).contains("(incomplete: "), "{}", stdout(&out));
    let out = run(&["count", "--timeout", "0", "--format", "json"], &latin(5));
    assert_eq!(code(&out), 3);
    let summary = &json_lines(&out)[0];
    assert_eq!(summary["complete"], false);
    assert_eq!(summary["incomplete"], "deadline");
}

#[test]
fn no_solution_is_status_1() {
    let text = r#"{"variables": [{"name": "a", "range": [1, 2]}, {"name": "b", "range": [1, 2]}, {"name": "c", "range": [1, 2]}],
                   "constraints": [{"kind": "exactly_once", "vars": ["a", "b", "c"]}]}"#;
    let out = run(&["solve"], text);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("no solution"), "{}", stderr(&out));
    let out = run(&["count"], text);
    assert_eq!((code(&out), stdout(&out).trim()), (0, "0"));
}

#[test]
fn bad_models_are_located() {
    let out = run(
        &["count"],
        "{\n  \"variables\": [\n    {\"name\": \"a\", \"range\": [1, 2]}\n  ],\n  \"constraints\": [\n    {\"kind\": \"exactly_once\", \"vars\": [\"a\", \"z\"]}\n  ]\n}\n",
    );
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out).trim(),
        "error: <stdin>: constraints[0].vars[1]: unknown variable `z` (expected the name of a declared variable, or an integer)"
    );
    let out = run(
        &["solve"],
        "{\n  \"variables\": [\n    {\"name\": \"a\", \"range\": [1, \"2\"]}\n  ]\n}\n",
    );
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).starts_with("error: <stdin>: line 3, column "),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("expected i64"), "{}", stderr(&out));
    let out = run(&["count", "--engine", "cdcl"], &latin(2));
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("JSON model"), "{}", stderr(&out));
}

/// SEND + MORE = MONEY: one solution (9567 + 1085 = 10652), found by the
/// propagation engine (a linear equation and all-different).
const SEND_MORE: &str = r#"{
  "variables": [
    {"name": "S", "range": [1, 9]}, {"name": "E", "range": [0, 9]},
    {"name": "N", "range": [0, 9]}, {"name": "D", "range": [0, 9]},
    {"name": "M", "range": [1, 9]}, {"name": "O", "range": [0, 9]},
    {"name": "R", "range": [0, 9]}, {"name": "Y", "range": [0, 9]}
  ],
  "constraints": [
    {"kind": "all_different", "vars": ["S", "E", "N", "D", "M", "O", "R", "Y"]},
    {"kind": "linear", "rel": "==", "rhs": 0, "terms": [
      [1000, "S"], [100, "E"], [10, "N"], [1, "D"],
      [1000, "M"], [100, "O"], [10, "R"], [1, "E"],
      [-10000, "M"], [-1000, "O"], [-100, "N"], [-10, "E"], [-1, "Y"]]}
  ]
}"#;

#[test]
fn send_more_money() {
    let out = run(&["solve", "--format", "json"], SEND_MORE);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{}", stdout(&out));
    let v = &lines[0]["values"];
    let n = |s: &str| -> i64 {
        s.chars()
            .fold(0, |acc, c| acc * 10 + v[c.to_string()].as_i64().unwrap())
    };
    assert_eq!(n("SEND") + n("MORE"), n("MONEY"));
    assert_eq!((n("SEND"), n("MORE")), (9567, 1085));
    assert_eq!(lines[1]["engine"], "propagation");
    let out = run(&["count"], SEND_MORE);
    assert_eq!(stdout(&out).trim(), "1");
}

#[test]
fn solve_prints_the_optimum() {
    // Knapsack: weights 3, 4, 5, values 4, 5, 7, capacity 8; brute force
    // over the 8 choices below.
    let (w, p, cap) = ([3, 4, 5], [4, 5, 7], 8);
    let best = (0..8)
        .filter(|s: &i32| (0..3).map(|i| (s >> i & 1) * w[i]).sum::<i32>() <= cap)
        .map(|s| (0..3).map(|i| (s >> i & 1) * p[i]).sum::<i32>())
        .max()
        .unwrap();
    let text = r#"{
      "variables": [{"name": "x0", "range": [0, 1]}, {"name": "x1", "range": [0, 1]},
                    {"name": "x2", "range": [0, 1]}, {"name": "value", "range": [0, 16]}],
      "constraints": [
        {"kind": "linear", "terms": [[3, "x0"], [4, "x1"], [5, "x2"]], "rel": "<=", "rhs": 8},
        {"kind": "linear", "terms": [[4, "x0"], [5, "x1"], [7, "x2"], [-1, "value"]], "rel": "==", "rhs": 0}
      ],
      "objective": {"maximize": "value"}
    }"#;
    let out = run(&["solve", "--format", "json"], text);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["objective"], best);
    assert_eq!(lines[0]["values"]["value"], best);
    assert_eq!(lines[1]["optimal"], true);
    assert_eq!(lines[1]["objective"], best);
}

/// Runs split, count --cubes and merge on a JSON model in `dir`, and
/// returns what merge printed.
fn cubes_merge(dir: &std::path::Path, model: &str, cubes: &str) -> String {
    let file = dir.join("model.json");
    std::fs::write(&file, model).unwrap();
    let file = file.display().to_string();
    let split = run(&["split", "--cubes", cubes, &file], "");
    assert_eq!(code(&split), 0, "{}", stderr(&split));
    let lines = stdout(&split).lines().count();
    assert!(
        lines >= cubes.parse::<usize>().unwrap().min(2),
        "{lines} cubes"
    );
    let cube_file = dir.join("cubes.jsonl");
    std::fs::write(&cube_file, stdout(&split)).unwrap();
    let cube_file = cube_file.display().to_string();
    let counted = run(&["count", "--cubes", &cube_file, &file], "");
    assert_eq!(code(&counted), 0, "{}", stderr(&counted));
    let results = dir.join("results.jsonl");
    std::fs::write(&results, stdout(&counted)).unwrap();
    let merged = run(
        &[
            "merge",
            "--cubes",
            &cube_file,
            &results.display().to_string(),
        ],
        "",
    );
    assert_eq!(code(&merged), 0, "{}", stderr(&merged));
    stdout(&merged).trim().to_string()
}

#[test]
fn cubes_of_json_models_add_up_to_the_count() {
    let dir = std::env::temp_dir().join(format!("dlx-model-cubes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Dancing Links: Latin squares of order 4, 576 (OEIS A002860).
    assert_eq!(cubes_merge(&dir, &latin(4), "20"), "576");
    // The propagation engine: x + 2y + 3z = 12 over 0..=6, all different;
    // the count by brute force here.
    let model = r#"{"variables": [{"name": "x", "range": [0, 6]}, {"name": "y", "range": [0, 6]},
        {"name": "z", "range": [0, 6]}],
      "constraints": [{"kind": "linear", "terms": [[1, "x"], [2, "y"], [3, "z"]], "rel": "==", "rhs": 12},
        {"kind": "all_different", "vars": ["x", "y", "z"]}]}"#;
    let brute = (0..=6i64)
        .flat_map(|x| (0..=6).flat_map(move |y| (0..=6).map(move |z| (x, y, z))))
        .filter(|&(x, y, z)| x + 2 * y + 3 * z == 12 && x != y && y != z && x != z)
        .count();
    let direct = run(&["count"], model);
    assert_eq!(code(&direct), 0, "{}", stderr(&direct));
    assert_eq!(stdout(&direct).trim(), brute.to_string());
    assert_eq!(cubes_merge(&dir, model, "8"), brute.to_string());
    // Cubes of one model are refused for another.
    let other = dir.join("other.json");
    std::fs::write(&other, latin(3)).unwrap();
    let refused = run(
        &[
            "count",
            "--cubes",
            &dir.join("cubes.jsonl").display().to_string(),
            &other.display().to_string(),
        ],
        "",
    );
    assert_eq!(code(&refused), 2, "{}", stdout(&refused));
    let _ = std::fs::remove_dir_all(&dir);
}
