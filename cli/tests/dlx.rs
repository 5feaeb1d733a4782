//! Integration tests of the `dlx` command.

use crate::common;

use std::collections::BTreeSet;
use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{code, json_lines, stderr, stdout};
use assert_cmd::Command;
use solver_core::problems;

/// The `dlx` binary.
fn dlx() -> Command {
    common::binary("dlx")
}

/// Runs `dlx args...` with `input` on stdin.
fn run(args: &[&str], input: impl Into<Vec<u8>>) -> Output {
    common::run_with("dlx", args, input, Duration::from_secs(60))
}

/// Runs `dlx count args...` on `input` and returns the count, checking that
/// it is complete.
fn count(args: &[&str], input: &str) -> u64 {
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    let out = run(&all, input);
    assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
    stdout(&out).trim().parse().expect("a plain number")
}

fn example(name: &str) -> String {
    format!("{}/../examples/dlx/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn counts_knuths_example() {
    let out = run(&["count"], problems::knuth_example());
    assert_eq!(code(&out), 0);
    assert_eq!(stdout(&out), "1\n");
    assert_eq!(stderr(&out), "");
}

#[test]
fn counts_8_queens_from_stdin_and_dash() {
    assert_eq!(count(&[], &problems::n_queens(8)), 92);
    assert_eq!(count(&["-"], &problems::n_queens(8)), 92);
}

#[test]
fn example_files() {
    let out = dlx()
        .args(["count", &example("knuth-paper.dlx")])
        .output()
        .unwrap();
    assert_eq!((code(&out), stdout(&out).as_str()), (0, "1\n"));
    let out = dlx()
        .args(["count", &example("queens8.dlx")])
        .output()
        .unwrap();
    assert_eq!((code(&out), stdout(&out).as_str()), (0, "92\n"));
    // The file is n_queens(8) with a comment header.
    let text = std::fs::read_to_string(example("queens8.dlx")).unwrap();
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(body, problems::n_queens(8));
}

/// Splits text `solve` output into solutions, each a set of options.
fn solutions(text: &str) -> Vec<BTreeSet<String>> {
    text.split("\n\n")
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.lines().map(str::to_owned).collect())
        .collect()
}

#[test]
fn solves_knuths_example() {
    for threads in ["1", "2"] {
        let out = run(&["solve", "-j", threads], problems::knuth_example());
        assert_eq!(code(&out), 0);
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 3, "{text}");
        let expected: BTreeSet<String> = ["A D", "B G", "C E F"].map(String::from).into();
        assert_eq!(solutions(&text), [expected]);
    }
}

#[test]
fn solves_8_queens_with_blank_lines_between_solutions() {
    let out = run(&["solve"], problems::n_queens(8));
    assert_eq!(code(&out), 0);
    let text = stdout(&out);
    assert!(!text.starts_with('\n') && !text.ends_with("\n\n"));
    let all = solutions(&text);
    assert_eq!(all.len(), 92);
    assert!(all.iter().all(|s| s.len() == 8));
    assert_eq!(all.iter().collect::<BTreeSet<_>>().len(), 92);
}

#[test]
fn solve_with_no_solution_exits_1() {
    let out = run(&["solve"], "a b\na\n");
    assert_eq!(code(&out), 1);
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("no solution"));
    // Counting zero solutions is a complete answer.
    let out = run(&["count"], "a b\na\n");
    assert_eq!((code(&out), stdout(&out).as_str()), (0, "0\n"));
}

#[test]
fn limit_is_a_normal_stop() {
    for threads in ["1", "2"] {
        let out = run(
            &["count", "--limit", "2", "-j", threads],
            problems::n_queens(8),
        );
        assert_eq!(code(&out), 0);
        assert_eq!(stdout(&out), "2 (incomplete: solution limit reached)\n");

        let out = run(
            &["count", "--limit", "2", "-j", threads, "--format", "json"],
            problems::n_queens(8),
        );
        assert_eq!(code(&out), 0);
        let json = &json_lines(&out)[0];
        assert_eq!(json["solutions"], 2);
        assert_eq!(json["complete"], false);
        assert_eq!(json["incomplete"], "solution-limit");

        let out = run(
            &["solve", "--limit", "2", "-j", threads],
            problems::n_queens(8),
        );
        assert_eq!(code(&out), 0);
        assert_eq!(solutions(&stdout(&out)).len(), 2);
    }
}

#[test]
fn node_limit_gives_up_with_status_3() {
    for threads in ["1", "2"] {
        let out = run(
            &["count", "--max-nodes", "10", "-j", threads],
            problems::n_queens(8),
        );
        assert_eq!(code(&out), 3, "-j {threads}");
        let text = stdout(&out);
        assert!(
            text.contains("(incomplete: node limit reached)"),
            "-j {threads}: {text}"
        );

        let out = run(
            &[
                "count",
                "--max-nodes",
                "10",
                "-j",
                threads,
                "--format",
                "json",
            ],
            problems::n_queens(8),
        );
        assert_eq!(code(&out), 3);
        let json = &json_lines(&out)[0];
        assert_eq!(json["complete"], false);
        assert_eq!(json["incomplete"], "node-limit");
    }
    let out = run(&["solve", "--max-nodes", "10"], problems::n_queens(8));
    assert_eq!(code(&out), 3);
    assert!(stderr(&out).contains("incomplete: node limit reached"));
}

#[test]
fn timeout_gives_up_promptly_with_status_3() {
    // Counting the 20-queens solutions takes far longer than a second.
    let problem = problems::n_queens(20);
    for args in [&["count"][..], &["count", "-j", "1"], &["solve", "-j", "2"]] {
        // The timeout and 2.5 s beyond it, less what the command costs on
        // this machine now when it stops at once (a loaded machine slows
        // both alike).
        let cost = common::cost_of_stopping_at_once("dlx", args, &problem);
        let mut all = args.to_vec();
        all.extend(["--timeout", "0.5"]);
        let start = Instant::now();
        let out = run(&all, problem.as_str());
        let took = start.elapsed().saturating_sub(cost);
        assert_eq!(code(&out), 3, "{all:?}: {}", stderr(&out));
        assert!(
            took < Duration::from_secs(3),
            "{all:?}: {took:?} beyond the {cost:?} of stopping at once"
        );
        if args[0] == "count" {
            assert!(stdout(&out).contains("(incomplete: time limit reached)"));
        } else {
            assert!(stderr(&out).contains("incomplete: time limit reached"));
        }
    }
}

#[test]
fn threads_do_not_change_counts() {
    for (problem, expected) in [(problems::langford(7), 52), (problems::n_queens(10), 724)] {
        assert_eq!(count(&["-j", "1"], &problem), expected);
        assert_eq!(count(&["-j", "2"], &problem), expected);
        assert_eq!(count(&["--seed", "7"], &problem), expected);
    }
}

#[test]
fn json_count_has_every_field() {
    let out = run(
        &["count", "--format", "json", "-j", "2"],
        problems::n_queens(8),
    );
    assert_eq!(code(&out), 0);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let json = &lines[0];
    assert_eq!(json["solutions"], 92);
    assert_eq!(json["complete"], true);
    assert!(json["incomplete"].is_null());
    assert!(json["nodes"].as_u64().unwrap() > 0);
    assert!(json["updates"].as_u64().unwrap() > 0);
    assert!(json["elapsed_ms"].is_u64());
    assert_eq!(json["threads"], 2);
    // Issue 20: the engine is named in every JSON record; issue 33: a
    // plain count runs on Dancing Cells, and says so.
    assert_eq!(json["engine"], "cells");
    assert_eq!(json.as_object().unwrap().len(), 8);
    // Seeded tie-breaks and a limit shared by threads are the links
    // search's, and named so; the count is the same.
    for args in [&["--seed", "3"][..], &["--limit", "1000", "-j", "2"]] {
        let mut all = vec!["count", "--format", "json"];
        all.extend_from_slice(args);
        let out = run(&all, problems::n_queens(8));
        let json = &json_lines(&out)[0];
        assert_eq!(
            (json["solutions"].clone(), json["engine"].clone()),
            (92.into(), "dlx".into()),
            "{args:?}"
        );
    }
    let out = run(
        &["count", "--format", "json", "--limit", "10", "-j", "1"],
        problems::n_queens(8),
    );
    let json = &json_lines(&out)[0];
    assert_eq!(
        (json["solutions"].clone(), json["engine"].clone()),
        (10.into(), "cells".into())
    );
    let out = run(
        &["count", "--format", "json", "--engine", "cdcl"],
        problems::n_queens(8),
    );
    let json = &json_lines(&out)[0];
    assert_eq!(
        (json["solutions"].clone(), json["engine"].clone()),
        (92.into(), "cdcl".into())
    );
}

#[test]
fn json_solve_is_json_lines() {
    let out = run(&["solve", "--format", "json"], problems::knuth_example());
    assert_eq!(code(&out), 0);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["solution"], 1);
    let options: BTreeSet<&str> = lines[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_str().unwrap())
        .collect();
    assert_eq!(options, BTreeSet::from(["A D", "B G", "C E F"]));
    assert_eq!(lines[1]["solutions"], 1);
    assert_eq!(lines[1]["complete"], true);

    let out = run(&["solve", "--format", "json"], problems::n_queens(6));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 5);
    let numbers: Vec<_> = lines[..4].iter().map(|l| l["solution"].clone()).collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
    assert_eq!(lines[4]["solutions"], 4);
}

#[test]
fn progress_reports_go_to_stderr() {
    let out = run(
        &["count", "--progress", "--timeout", "1.6"],
        problems::n_queens(20),
    );
    assert_eq!(code(&out), 3);
    let err = stderr(&out);
    let line = err.lines().next().expect("a progress report");
    assert!(line.starts_with("progress: "), "{line}");
    assert!(
        line.contains(" nodes, ") && line.contains("% done"),
        "{line}"
    );
    assert!(line.contains(" 1/"), "{line}");
}

/// Checks a bad input: status 2, one message naming `<stdin>`, the line and
/// the column, and containing `what`.
fn bad_input(input: &[u8], line: usize, column: usize, what: &str) {
    let out = run(&["count"], input);
    let err = stderr(&out);
    assert_eq!(code(&out), 2, "{err}");
    assert_eq!(stdout(&out), "");
    let prefix = format!("error: <stdin>: line {line}, column {column}: ");
    assert!(err.starts_with(&prefix), "expected {prefix:?}, got {err:?}");
    assert!(err.contains(what), "expected {what:?} in {err:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn bad_inputs_are_located() {
    bad_input(b"", 1, 1, "no item line");
    bad_input(b"| just a comment\n|another\n", 2, 1, "no item line");
    bad_input(b"a b\na c\n", 2, 3, "unknown item `c`");
    bad_input(b"a b\nb a  a\n", 2, 6, "appears twice");
    bad_input(b"a | x\nx\n", 2, 1, "no primary item");
    let long = "n".repeat(65);
    bad_input(format!("a {long}\n").as_bytes(), 1, 3, "longer than 64");
    bad_input(b"a b\x07c\n", 1, 3, "bad character");
    bad_input(b"a b\na \xff b\n", 2, 3, "invalid UTF-8");
}

#[test]
fn bad_input_in_a_file_names_the_file() {
    let path = format!("{}/dlx-bad-input.dlx", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, "a b\na c\n").unwrap();
    let out = dlx().args(["solve", &path]).output().unwrap();
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out),
        format!("error: {path}: line 2, column 3: unknown item `c`\n")
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["count", "--limit", "0"],
        &["count", "-j", "0"],
        &["count", "--timeout=-1"],
        &["count", "--timeout", "soon"],
        &["count", "--format", "xml"],
    ] {
        let out = run(args, "");
        assert_eq!(code(&out), 2, "{args:?}");
    }
    let out = run(&["--help"], "");
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    assert!(help.contains("Knuth's format") && help.contains("Exit status"));
}

#[test]
fn missing_file_is_an_io_error() {
    let out = dlx()
        .args(["count", "no/such/problem.dlx"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 4);
    let err = stderr(&out);
    assert!(
        err.starts_with("error: cannot read no/such/problem.dlx: "),
        "{err}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn full_disk_is_reported_once() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full here
    };
    for args in [
        &["solve", "-j", "1"][..],
        &["solve", "-j", "2"],
        &["count"],
        &["solve", "--format", "json"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut stdin = child.stdin.take().unwrap();
                stdin.write_all(problems::n_queens(8).as_bytes())?;
                drop(stdin);
                child.wait_with_output()
            })
            .unwrap();
        assert_eq!(code(&out), 4, "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("error: cannot write output: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn broken_pipe_ends_quietly() {
    for threads in ["1", "2"] {
        let problem = problems::n_queens(10); // 724 solutions, ~90 KB of output
        let mut child = common::spawn_piped("dlx", &["solve", "-j", threads]);
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(problem.as_bytes()).unwrap();
        drop(stdin);
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("r0 "), "{line}");
        drop(reader);
        let out = child.wait_with_output().unwrap();
        assert_eq!(code(&out), 0, "-j {threads}");
        assert_eq!(stderr(&out), "", "-j {threads}");
    }
}

#[test]
fn crlf_and_byte_order_mark_are_read() {
    let text = "\u{feff}| Knuth's example, Windows style\r\nA B C D E F G\r\nC E F\r\nA D G\r\nB C F\r\nA D\r\nB G\r\nD E G\r\n";
    assert_eq!(count(&[], text), 1);
}

#[test]
fn huge_lines_are_answered_quickly() {
    use std::fmt::Write as _;
    // A 10 MB name: refused at once, with its place.
    let started = std::time::Instant::now();
    bad_input(
        format!("a {}\n", "n".repeat(10_000_000)).as_bytes(),
        1,
        3,
        "longer than 64",
    );
    // A 10 MB item line and one option naming every item (a million items):
    // one solution, found in linear time.
    let mut items = String::new();
    for k in 0..1_000_000 {
        let _ = write!(items, "i{k} ");
    }
    assert!(items.len() > 6_000_000);
    let text = format!("{items}\n{items}\n");
    assert_eq!(count(&[], &text), 1);
    // The same option naming an item twice: located at its second mention,
    // after "i5 " and "i0 " to "i4 ": column 3 + 5 * 3 + 1.
    let twice = format!("{items}\ni5 {items}\n");
    bad_input(twice.as_bytes(), 2, 19, "`i5` appears twice");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "{:?}",
        started.elapsed()
    );
}

/// `--engine cdcl`: the counts of Dancing Links (and of the literature:
/// 92 queens, 300 Langford pairs of 8), the same solutions as sets of
/// options, limits that say "incomplete", and colours refused.
#[test]
fn clause_learning_engine() {
    for (problem, expected) in [(problems::n_queens(8), 92), (problems::langford(8), 300)] {
        assert_eq!(count(&["--engine", "cdcl"], &problem), expected);
        assert_eq!(count(&[], &problem), expected);
    }
    // Each solution of 6 queens (4 of them) as a set of options, both ways.
    let solutions = |engine: &str| -> BTreeSet<BTreeSet<String>> {
        let out = run(
            &["solve", "--engine", engine, "-j", "1", "--format", "json"],
            problems::n_queens(6),
        );
        assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
        json_lines(&out)
            .iter()
            .filter_map(|v| v["options"].as_array().cloned())
            .map(|options| {
                options
                    .iter()
                    .map(|o| o.as_str().unwrap().to_string())
                    .collect()
            })
            .collect()
    };
    let learnt = solutions("cdcl");
    assert_eq!(learnt.len(), 4);
    assert_eq!(learnt, solutions("dlx"));
    let out = run(
        &["count", "--engine", "cdcl", "--max-nodes", "2"],
        problems::n_queens(8),
    );
    assert_eq!(code(&out), 3);
    assert!(stdout(&out).contains("(incomplete: node limit reached)"));
    let out = run(&["solve", "--engine", "cdcl"], "A | x\nA x:1\nA x:2\n");
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--engine cdcl takes no colours"),
        "{}",
        stderr(&out)
    );
}

/// Issue 35: counts with a narrow frontier are memoized (the planner says
/// `zdd`), exact past 64 bits, the same on every thread count and under
/// `--engine dlx`; the known counts are mathematics' (OEIS A004003,
/// 2^(n(n+1)/2) for Aztec diamonds, Bell numbers).
#[test]
fn memoized_counts_are_exact_and_named() {
    let json_count = |args: &[&str], problem: &str| {
        let mut all = vec!["count", "--format", "json"];
        all.extend_from_slice(args);
        let out = run(&all, problem);
        assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
        json_lines(&out)[0].clone()
    };
    let eight = problems::dominoes(8, 8);
    let json = json_count(&[], &eight);
    assert_eq!(
        (json["solutions"].clone(), json["engine"].clone()),
        (12_988_816.into(), "zdd".into())
    );
    assert!(json["memo"]["hits"].as_u64().unwrap() > 0);
    assert!(json["memo"]["peak_bytes"].as_u64().unwrap() > 0);
    assert_eq!(json["memo"]["fell_back"], false);
    assert_eq!(json["memo"]["budget_bytes"], 2u64 << 30);
    for threads in ["1", "2"] {
        assert_eq!(count(&["-j", threads], &eight), 12_988_816);
    }
    let json = json_count(&["--engine", "dlx"], &problems::dominoes(6, 6));
    assert_eq!(
        (json["solutions"].clone(), json["engine"].clone()),
        (6728.into(), "cells".into())
    );
    // 2^78: a string of digits in JSON, the plain number in text.
    let aztec = problems::aztec_diamond(12);
    let json = json_count(&[], &aztec);
    assert_eq!(json["solutions"], (1u128 << 78).to_string());
    let out = run(&["count"], aztec);
    assert_eq!(stdout(&out).trim(), (1u128 << 78).to_string());
    assert_eq!(count(&[], &problems::set_partitions(9)), 21_147);
}

/// The memory budget is honoured: a memo that outgrows it hands the count
/// to plain search when the planner chose it, and stops with "incomplete"
/// (exit status 3) when it was asked for; --explain says which.
#[test]
fn the_memory_budget_is_the_users() {
    let six = problems::dominoes(6, 6);
    let out = run(
        &[
            "count",
            "--max-memory",
            "4K",
            "--explain",
            "--format",
            "json",
        ],
        six.as_str(),
    );
    assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
    let json = &json_lines(&out)[0];
    assert_eq!(
        (json["solutions"].clone(), json["engine"].clone()),
        (6728.into(), "cells".into())
    );
    assert_eq!(json["memo"]["fell_back"], true);
    assert!(json["memo"]["peak_bytes"].as_u64().unwrap() <= 4096);
    assert!(
        stderr(&out).contains("counted by plain search"),
        "{}",
        stderr(&out)
    );
    let out = run(
        &["count", "--engine", "zdd", "--max-memory", "4K"],
        six.as_str(),
    );
    assert_eq!(code(&out), 3);
    assert_eq!(stdout(&out).trim(), "0 (incomplete: memory limit reached)");
    let out = run(&["zdd", "--max-memory", "4K"], six.as_str());
    assert_eq!(code(&out), 3);
    assert!(stderr(&out).contains("memory limit"), "{}", stderr(&out));
    let out = run(&["count", "--max-memory", "2Q"], six.as_str());
    assert_eq!(code(&out), 2);
    // --explain names the plan and what the memo did.
    let out = run(&["count", "--explain"], six.as_str());
    let err = stderr(&out);
    assert!(
        err.contains("plan: zdd") && err.contains("memo: ran") && err.contains("hits"),
        "{err}"
    );
    // On n-queens the plan is plain search, whose own memo finds little to
    // reuse; on the perfect matchings of K10 (9!! = 945) it answers
    // subproblems met again.
    let out = run(&["count", "--explain"], problems::n_queens(8));
    let err = stderr(&out);
    assert!(
        err.contains("plan: cells") && err.contains("memo: ran inside the cells search"),
        "{err}"
    );
    let out = run(
        &["count", "--explain", "--engine", "dlx", "-j", "1"],
        problems::perfect_matchings(10),
    );
    assert_eq!(stdout(&out).trim(), "945");
    let err = stderr(&out);
    assert!(
        err.contains("plan: cells") && !err.contains(" 0 hits"),
        "{err}"
    );
    let out = run(&["solve", "--explain"], problems::n_queens(8));
    assert!(!stderr(&out).contains("memo: ran"), "{}", stderr(&out));
    // Memoized counting takes every solution at once: no --limit.
    let out = run(&["count", "--engine", "zdd", "--limit", "3"], six.as_str());
    assert_eq!(code(&out), 2);
}

/// `dlx zdd` writes the documented text; reading it back counts the 95
/// tilings of a 4x5 board (OEIS A099390). `dlx sample` prints tilings, the
/// same ones for the same seed.
#[test]
fn diagrams_and_samples() {
    let board = problems::dominoes(4, 5);
    let out = run(&["zdd"], board.as_str());
    assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("# solutions: 95\n"), "{text}");
    let mut counts = std::collections::HashMap::from([(0u64, 0u128), (1, 1)]);
    let mut root = None;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('o'))
    {
        if let Some(r) = line.strip_prefix("root ") {
            root = Some(r.parse::<u64>().unwrap());
            continue;
        }
        let (id, rest) = line.split_once(":(o").unwrap();
        let (_, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.strip_suffix(')').unwrap().split_once(':').unwrap();
        let c = counts[&lo.parse().unwrap()] + counts[&hi.parse().unwrap()];
        counts.insert(id.parse().unwrap(), c);
    }
    assert_eq!(counts[&root.unwrap()], 95);
    let sample = |seed: &str| {
        let out = run(&["sample", "-n", "5", "--seed", seed], board.as_str());
        assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
        stdout(&out)
    };
    let first = sample("7");
    assert_eq!(first, sample("7"));
    let tilings = solutions(&first);
    assert_eq!(tilings.len(), 5);
    for tiling in &tilings {
        let cells: BTreeSet<&str> = tiling.iter().flat_map(|o| o.split(' ')).collect();
        assert_eq!((tiling.len(), cells.len()), (10, 20));
    }
    let out = run(&["sample"], problems::dominoes(3, 3));
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("no solution"));
}
