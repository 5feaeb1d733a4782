//! Integration tests of the `sudoku` command.
//!
//! Solutions are verified here by an independent checker ([`is_solution`]):
//! every row, column and box holds each value once and the givens are kept.

use crate::common;

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};
use sudoku_solve::SolveGrid;

use crate::common::{code, json_lines, stderr, stdout};
use assert_cmd::Command;

/// The `sudoku` binary.
fn sudoku() -> Command {
    common::binary("sudoku")
}

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

/// Writes `content` to a fresh temporary file named after `name`.
fn temp_file(name: &str, content: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

/// The value of a cell written with the standard symbols (0 for a blank).
fn value(c: char) -> u32 {
    match c {
        '.' | '0' => 0,
        _ => c.to_digit(36).expect("a symbol 1-9 or a-z"),
    }
}

/// Whether `solution` solves `puzzle` (both compact, standard symbols) for
/// boxes `box_rows` x `box_cols`: written independently of the library.
fn is_solution(puzzle: &str, solution: &str, box_rows: usize, box_cols: usize) -> bool {
    let n = box_rows * box_cols;
    let p: Vec<u32> = puzzle.chars().map(value).collect();
    let s: Vec<u32> = solution.chars().map(value).collect();
    if p.len() != n * n || s.len() != n * n {
        return false;
    }
    let all_once = |cells: Vec<u32>| {
        let mut seen = vec![false; n + 1];
        cells.into_iter().all(|v| {
            let fresh = (1..=n as u32).contains(&v) && !seen[v as usize];
            if fresh {
                seen[v as usize] = true;
            }
            fresh
        })
    };
    let rows_ok = (0..n).all(|r| all_once((0..n).map(|c| s[r * n + c]).collect()));
    let cols_ok = (0..n).all(|c| all_once((0..n).map(|r| s[r * n + c]).collect()));
    let boxes_ok = (0..n).all(|b| {
        let (r0, c0) = ((b / box_rows) * box_rows, (b % box_rows) * box_cols);
        all_once(
            (0..box_rows)
                .flat_map(|r| (0..box_cols).map(move |c| (r0 + r) * n + c0 + c))
                .map(|i| s[i])
                .collect(),
        )
    });
    let givens_kept = p.iter().zip(&s).all(|(&g, &v)| g == 0 || g == v);
    rows_ok && cols_ok && boxes_ok && givens_kept
}

/// The course's 4x4 grid and its answer.
const COURSE_4X4: &str = "1.3.3.2...4.....";
const COURSE_4X4_ANSWER: &str = "1234342121434312";

/// The course's 9x9 grids, row after row, in the order of `course.txt`.
const COURSE_9X9: [&str; 4] = [
    // difficile
    "....5..6.582..9..4.6......983.4.16...7.....8...17.6.356......4.3..6..728.1..7....",
    // à l'envers
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    // 17 valeurs
    "....4....12.....73.3...8.....4...6.....2.3.....5........6.9.5...7.....2..........",
    // 18 valeurs avec symétrie verticale
    ".........12.....84.3.....7...4...6.....2.3.....5...9....6.9.5...7.....2.....5....",
];

const EMPTY_4X4: &str = "................";

fn empty_9x9() -> String {
    ".".repeat(81)
}

#[test]
fn checker_rejects_bad_grids() {
    assert!(is_solution(COURSE_4X4, COURSE_4X4_ANSWER, 2, 2));
    assert!(!is_solution(COURSE_4X4, "1234342121434321", 2, 2));
    assert!(!is_solution("2...............", COURSE_4X4_ANSWER, 2, 2));
    // Rows and columns right, boxes wrong.
    assert!(!is_solution(EMPTY_4X4, "1234234134124123", 2, 2));
}

#[test]
fn solves_the_course_grids() {
    let out = sudoku()
        .args(["solve"])
        .arg(example("course.txt"))
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let answers = lines(&out);
    assert_eq!(answers.len(), 5, "{answers:?}");
    assert_eq!(answers[0], COURSE_4X4_ANSWER);
    for (puzzle, answer) in COURSE_9X9.iter().zip(&answers[1..]) {
        assert!(is_solution(puzzle, answer, 3, 3), "{puzzle} -> {answer}");
    }
    assert!(answers[2].starts_with("987654321"), "à l'envers");
}

#[test]
fn course_grids_are_unique_and_counted_once() {
    let out = sudoku()
        .args(["check"])
        .arg(example("course.txt"))
        .output()
        .unwrap();
    assert_eq!(code(&out), 0);
    assert_eq!(lines(&out), vec!["unique"; 5]);
    let out = sudoku()
        .args(["count"])
        .arg(example("course.txt"))
        .output()
        .unwrap();
    assert_eq!(code(&out), 0);
    assert_eq!(lines(&out), vec!["1"; 5]);
}

#[test]
fn course_grids_from_stdin_one_per_line() {
    let input = format!("{COURSE_4X4}\n{}\n", COURSE_9X9.join("\n"));
    let out = run(&["solve", "-"], input);
    assert_eq!(code(&out), 0);
    let answers = lines(&out);
    assert_eq!(answers[0], COURSE_4X4_ANSWER);
    for (puzzle, answer) in COURSE_9X9.iter().zip(&answers[1..]) {
        assert!(is_solution(puzzle, answer, 3, 3));
    }
}

#[test]
fn grid_output_draws_solutions() {
    let out = run(&["solve", "--format", "grid"], COURSE_4X4);
    assert_eq!(code(&out), 0);
    assert_eq!(
        stdout(&out),
        "+-----+-----+\n\
         | 1 2 | 3 4 |\n\
         | 3 4 | 2 1 |\n\
         +-----+-----+\n\
         | 2 1 | 4 3 |\n\
         | 4 3 | 1 2 |\n\
         +-----+-----+\n\n"
    );
    // The drawn solution reads back as a puzzle.
    let again = run(&["check"], out.stdout.clone());
    assert_eq!(lines(&again), ["unique"]);
    // Two solutions of a puzzle with several are told apart by a line.
    let out = run(&["check", "--format", "grid"], "123434..21..43..\n");
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let (first, second) = text
        .strip_prefix("multiple\n")
        .and_then(|t| t.split_once("and another solution:\n"))
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(first.lines().count(), 7, "{text}");
    assert_eq!(second.lines().count(), 8, "{text}");
    assert!(first.starts_with("+-----+") && second.starts_with("+-----+"));
    assert_ne!(first, second.trim_end());
}

#[test]
fn empty_4x4_has_288_solutions() {
    let out = run(&["count"], EMPTY_4X4);
    assert_eq!((code(&out), stdout(&out).as_str()), (0, "288\n"));
    let out = run(&["count", "-j", "1"], EMPTY_4X4);
    assert_eq!((code(&out), stdout(&out).as_str()), (0, "288\n"));
    let out = run(&["check"], EMPTY_4X4);
    assert_eq!((code(&out), stdout(&out).as_str()), (1, "multiple\n"));
    let out = run(&["solve"], EMPTY_4X4);
    assert_eq!(code(&out), 0);
    assert!(is_solution(EMPTY_4X4, lines(&out)[0].as_str(), 2, 2));
}

#[test]
fn limit_stops_a_count_normally() {
    for threads in ["1", "2"] {
        let out = run(&["count", "--limit", "10", "-j", threads], empty_9x9());
        assert_eq!(code(&out), 0, "-j {threads}");
        assert_eq!(stdout(&out), "10 (incomplete: solution limit reached)\n");
        let out = run(
            &["count", "--limit", "10", "-j", threads, "--format", "json"],
            empty_9x9(),
        );
        let record = &json_lines(&out)[0];
        assert_eq!(record["solutions"], 10);
        assert_eq!(record["complete"], false);
        assert_eq!(record["incomplete"], "solution-limit");
        assert_eq!(record["status"], "counted");
    }
}

#[test]
fn timeout_gives_up_promptly_with_status_3() {
    for threads in ["1", "2"] {
        // The timeout and 1.5 s beyond it, less what the command costs on
        // this machine now when it stops at once (a loaded machine slows
        // both alike); without the timeout the count runs for ages.
        let args = ["count", "-j", threads, "--format", "json"];
        let cost = common::cost_of_stopping_at_once("sudoku", &args, &empty_9x9());
        let started = Instant::now();
        let out = run(&[&args[..], &["--timeout", "1"]].concat(), empty_9x9());
        let took = started.elapsed().saturating_sub(cost);
        assert!(
            took < Duration::from_millis(2500),
            "-j {threads}: {took:?} beyond the {cost:?} of stopping at once"
        );
        assert_eq!(code(&out), 3, "-j {threads}");
        let record = &json_lines(&out)[0];
        assert_eq!(record["complete"], false);
        assert_eq!(record["incomplete"], "deadline");
        assert_eq!(record["status"], "unknown");
        assert!(record["solutions"].as_u64().unwrap() > 0);
    }
    let out = run(&["count", "--timeout", "0.2"], empty_9x9());
    assert_eq!(code(&out), 3);
    assert!(
        stdout(&out).ends_with(" (incomplete: time limit reached)\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn node_limit_gives_unknown() {
    let hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let out = run(&["solve", "--max-nodes", "3"], hard);
    assert_eq!(code(&out), 3);
    assert_eq!(stdout(&out), "unknown: node limit reached\n");
    let out = run(&["check", "--max-nodes", "3", "--format", "json"], hard);
    assert_eq!(code(&out), 3);
    let record = &json_lines(&out)[0];
    assert_eq!(record["status"], "unknown");
    assert_eq!(record["incomplete"], "node-limit");
}

#[test]
fn json_fields() {
    let input = format!("{COURSE_4X4}\n{EMPTY_4X4}\n11..............\n..12.4..3.......\n");
    let out = run(&["solve", "--format", "json"], input.clone());
    assert_eq!(code(&out), 2);
    let records = json_lines(&out);
    assert_eq!(records.len(), 4);
    let first = &records[0];
    assert_eq!(first["file"], "<stdin>");
    assert_eq!(first["line"], 1);
    assert_eq!(first["box"], "2x2");
    assert_eq!(first["status"], "solved");
    assert_eq!(first["solution"], COURSE_4X4_ANSWER);
    assert!(first["nodes"].as_u64().is_some());
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[2]["status"], "invalid");
    // The line is the record's field, not repeated in the message.
    assert_eq!(records[2]["line"], 3);
    assert_eq!(
        records[2]["error"],
        "value 1 appears twice in row 1: at r1c1 and r1c2"
    );
    assert_eq!(records[3]["status"], "unsolvable");
    assert!(records[3].get("solution").is_none());

    let out = run(&["check", "--format", "json"], input.clone());
    let statuses: Vec<_> = json_lines(&out)
        .iter()
        .map(|r| r["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(statuses, ["unique", "multiple", "invalid", "unsolvable"]);
    let records = json_lines(&out);
    assert_eq!(records[0]["solution"], COURSE_4X4_ANSWER);
    let examples = records[1]["examples"].as_array().unwrap();
    assert_eq!(examples.len(), 2);
    assert_ne!(examples[0], examples[1]);
    for example in examples {
        assert!(is_solution(EMPTY_4X4, example.as_str().unwrap(), 2, 2));
    }

    let out = run(&["count", "--format", "json"], input);
    let records = json_lines(&out);
    assert_eq!(records[0]["solutions"], 1);
    assert_eq!(records[0]["complete"], true);
    assert_eq!(records[1]["solutions"], 288);
    assert_eq!(records[2]["status"], "invalid");
    assert_eq!(records[3]["solutions"], 0);
}

#[test]
fn one_record_per_puzzle_in_order_with_a_bad_line() {
    let mut input = String::new();
    let mut puzzles = Vec::new();
    for (k, p) in COURSE_9X9.iter().enumerate() {
        input.push_str(p);
        input.push('\n');
        puzzles.push(*p);
        if k == 1 {
            input.push_str("this is not a puzzle\n");
        }
    }
    for threads in ["1", "2"] {
        let out = run(&["solve", "-j", threads], input.clone());
        assert_eq!(code(&out), 2);
        let answers = lines(&out);
        assert_eq!(answers.len(), 5);
        assert!(
            answers[2].starts_with("invalid: line 3, column "),
            "{}",
            answers[2]
        );
        let solved: Vec<_> = answers
            .iter()
            .filter(|a| !a.starts_with("invalid"))
            .collect();
        for (puzzle, answer) in puzzles.iter().zip(solved) {
            assert!(is_solution(puzzle, answer, 3, 3));
        }
    }
}

#[test]
fn empty_input_and_only_comments() {
    for input in ["", "# nothing here\n\n# still nothing\n", "\n\n"] {
        let out = run(&["solve"], input);
        assert_eq!(code(&out), 0, "{input:?}");
        assert_eq!(stdout(&out), "");
        assert!(stderr(&out).contains("no puzzle found"), "{}", stderr(&out));
        let out = run(&["solve", "--quiet"], input);
        assert_eq!((code(&out), stderr(&out).as_str()), (0, ""));
    }
}

/// In text output, invalid and unsolvable puzzles are also summed up on
/// stderr when it is not where stdout goes (here: two different pipes), the
/// first few with their lines, then a count.
#[test]
fn problems_are_summed_up_on_stderr() {
    let p = COURSE_9X9[0];
    // Line 2 is short; line 3 repeats a given; lines 4-9 are short too.
    let clash = format!("11{}", &p[2..]);
    let mut input = format!("{p}\n{}\n{clash}\n", &p[1..]);
    for _ in 0..6 {
        input.push_str(&p[1..]);
        input.push('\n');
    }
    let out = run(&["solve"], input.clone());
    assert_eq!(code(&out), 2);
    // The records on stdout are unchanged: one per puzzle.
    let answers = lines(&out);
    assert_eq!(answers.len(), 9);
    assert_eq!(answers[1], "invalid: line 2: expected 81 cells, found 80");
    let err = stderr(&out);
    let err: Vec<&str> = err.lines().collect();
    assert_eq!(
        err[0],
        "8 of 9 puzzles could not be solved (their records on stdout say why):"
    );
    assert_eq!(
        err[1],
        "  <stdin>: invalid: line 2: expected 81 cells, found 80"
    );
    assert!(err[2].starts_with("  <stdin>: invalid: line 3: value 1 appears twice in row 1"));
    assert_eq!(err.len(), 1 + 5 + 1, "{err:?}");
    assert_eq!(err[6], "  ... and 3 more");
    // JSON records carry the errors themselves: no summary.
    let out = run(&["solve", "--format", "json"], input);
    assert_eq!(code(&out), 2);
    assert_eq!(stderr(&out), "");
}

/// An unsolvable puzzle is named with its line; when stderr and stdout are
/// the same file, the summary is left out (it would repeat the records).
#[test]
fn problem_summary_names_unsolvable_lines_and_not_when_stderr_is_stdout() {
    // Two givens that leave r1c9 no value: 1-8 in row 1, 9 in column 9.
    let row = "12345678.";
    let mut unsolvable = format!("{row}{}", ".".repeat(72));
    unsolvable.replace_range(80..81, "9");
    let input = format!("{}\n{unsolvable}\n", COURSE_9X9[0]);
    let out = run(&["check"], input.clone());
    assert_eq!(lines(&out)[1], "unsolvable");
    assert_eq!(
        stderr(&out),
        "1 of 2 puzzles could not be solved (their records on stdout say why):\n  \
         <stdin>: line 2: unsolvable\n"
    );
    let dir = std::env::temp_dir().join(format!("sudoku-same-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("both.txt");
    let file = std::fs::File::create(&path).unwrap();
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait()
        })
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let both = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(both, "unique\nunsolvable\n");
}

#[test]
fn wrong_cell_counts() {
    let p = COURSE_9X9[0];
    let input = format!("{p}\n{}\n{p}1\n", &p[1..]);
    let out = run(&["solve"], input);
    assert_eq!(code(&out), 2);
    let answers = lines(&out);
    assert!(is_solution(p, &answers[0], 3, 3));
    assert_eq!(answers[1], "invalid: line 2: expected 81 cells, found 80");
    assert_eq!(answers[2], "invalid: line 3: expected 81 cells, found 82");
    // Alone, a short line is not the size of any square-box grid.
    let out = run(&["solve"], &p[1..]);
    assert_eq!(code(&out), 2);
    assert!(
        stdout(&out).starts_with("invalid: line 1: found 80 cells"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn unknown_symbol_and_value_too_large() {
    let p = COURSE_9X9[0];
    let out = run(&["solve"], format!("{}!{}", &p[..4], &p[5..]));
    assert_eq!(code(&out), 2);
    assert!(
        stdout(&out).starts_with("invalid: line 1, column 5: unexpected character '!'"),
        "{}",
        stdout(&out)
    );
    let out = run(&["solve", "--box", "2"], "5...............");
    assert_eq!(code(&out), 2);
    assert_eq!(
        stdout(&out),
        "invalid: line 1, column 1, cell r1c1: value 5 is too large for a 4x4 grid (values 1-4)\n"
    );
}

#[test]
fn clashing_givens_name_both_cells() {
    let mut row = empty_9x9().into_bytes();
    row[1] = b'5';
    row[7] = b'5';
    let mut column = empty_9x9().into_bytes();
    column[2] = b'3';
    column[6 * 9 + 2] = b'3';
    let mut in_box = empty_9x9().into_bytes();
    in_box[0] = b'9';
    in_box[10] = b'9';
    let input = [row, column, in_box]
        .map(|l| String::from_utf8(l).unwrap())
        .join("\n");
    for mode in ["solve", "check", "count"] {
        let out = run(&[mode], input.clone());
        assert_eq!(code(&out), 2, "{mode}");
        assert_eq!(
            lines(&out),
            [
                "invalid: line 1: value 5 appears twice in row 1: at r1c2 and r1c8",
                "invalid: line 2: value 3 appears twice in column 3: at r1c3 and r7c3",
                "invalid: line 3: value 9 appears twice in box 1: at r1c1 and r2c2",
            ],
            "{mode}"
        );
    }
}

#[test]
fn a_9x9_line_in_a_16x16_file() {
    let mut first = ".".repeat(256).into_bytes();
    first[0] = b'g'; // 16
    let first = String::from_utf8(first).unwrap();
    let input = format!("{first}\n{}\n{}\n", COURSE_9X9[0], ".".repeat(256));
    let out = run(&["solve", "--box", "4"], input);
    assert_eq!(code(&out), 2);
    let answers = lines(&out);
    assert_eq!(answers.len(), 3);
    assert!(is_solution(&first, &answers[0], 4, 4));
    assert_eq!(answers[1], "invalid: line 2: expected 256 cells, found 81");
    assert!(is_solution(&".".repeat(256), &answers[2], 4, 4));
}

#[test]
fn custom_alphabet_for_16x16() {
    let mut puzzle = ".".repeat(256);
    puzzle.replace_range(0..3, "F0A");
    let out = run(&["solve", "--alphabet", "0123456789ABCDEF"], puzzle.clone());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let answer = lines(&out).remove(0);
    assert!(answer.starts_with("F0A"), "{answer}");
    // Back to the standard symbols for the checker: 0-F are the values 1-16.
    let standard = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '.' => '.',
                c => char::from_digit(c.to_digit(16).unwrap() + 1, 36).unwrap(),
            })
            .collect()
    };
    assert!(is_solution(&standard(&puzzle), &standard(&answer), 4, 4));
    let out = run(&["solve", "--alphabet", "12.3"], "x");
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("blank"), "{}", stderr(&out));
}

#[test]
fn crlf_bom_and_invalid_utf8() {
    let input = b"\xEF\xBB\xBF1.3.3.2...4.....\r\n1.3.3.2\xFF..4.....\r\n................\r\n";
    let out = run(&["solve"], &input[..]);
    assert_eq!(code(&out), 2);
    let answers = lines(&out);
    assert_eq!(answers[0], COURSE_4X4_ANSWER);
    assert_eq!(
        answers[1],
        "invalid: line 2: invalid UTF-8 at byte 8 of the line"
    );
    assert!(is_solution(EMPTY_4X4, &answers[2], 2, 2));
}

#[test]
fn a_10_mb_line_is_one_error_record() {
    let mut input = format!("{COURSE_4X4}\n").into_bytes();
    input.extend(std::iter::repeat_n(b'.', 10_000_000));
    input.extend_from_slice(format!("\n{COURSE_4X4}\n").as_bytes());
    let path = temp_file("long-line.txt", &input);
    // Skipped as it is read, not held and parsed: within 10 s of what the
    // same command costs on the two short lines alone (start-up and the
    // machine's load), and killed after two minutes if it hangs.
    let short = temp_file(
        "short-lines.txt",
        format!("{COURSE_4X4}\n{COURSE_4X4}\n").as_bytes(),
    );
    let timed = |file: &Path| {
        let started = Instant::now();
        let out = sudoku()
            .arg("solve")
            .arg(file)
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap();
        (out, started.elapsed())
    };
    let (_, cost) = timed(&short);
    let (out, took) = timed(&path);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&short);
    assert!(
        took.saturating_sub(cost) < Duration::from_secs(10),
        "{took:?}, of which {cost:?} for the short lines alone"
    );
    assert_eq!(code(&out), 2);
    assert_eq!(
        lines(&out),
        [
            COURSE_4X4_ANSWER,
            "invalid: line 2: line too long (more than 1048576 bytes)",
            COURSE_4X4_ANSWER
        ]
    );
}

#[test]
fn box_over_the_memory_budget_is_refused() {
    let out = run(&["solve", "--box", "20"], "1");
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("400x400"), "{err}");
    assert!(err.contains("more than the 2 GiB budget"), "{err}");
    assert_eq!(stdout(&out), "");
}

#[test]
fn rectangular_6x6_file() {
    let path = example("rectangular-6x6.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let expected: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split("solution ").nth(1))
        .filter(|s| s.len() == 36)
        .collect();
    assert_eq!(expected.len(), 4);
    let out = sudoku()
        .args(["solve", "--box", "2x3"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(code(&out), 0);
    assert_eq!(lines(&out), expected);
    for answer in &expected {
        assert!(is_solution(&".".repeat(36), answer, 2, 3));
    }
    let out = sudoku()
        .args(["check", "--box", "2x3"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(
        (code(&out), lines(&out)),
        (0, vec!["unique".to_string(); 4])
    );
    // Without --box the drawn borders give the shape (issue 20).
    let out = sudoku().args(["solve"]).arg(&path).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(lines(&out), expected);
    // A 6x6 line without borders cannot say 2x3 from 3x2.
    let out = run(&["solve"], ".".repeat(36));
    assert_eq!(code(&out), 2);
    assert!(
        stdout(&out).contains("give the box shape"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn csv_with_expected_solutions() {
    let wrong = "1234342121434321"; // breaks the rules
                                    // The course's answer is also a solution of the empty grid, but not the
                                    // first one found.
    let csv = format!(
        "quizzes,solutions\n{COURSE_4X4},{COURSE_4X4_ANSWER}\n{COURSE_4X4},{wrong}\n\
         {EMPTY_4X4},{COURSE_4X4_ANSWER}\n"
    );
    // Issue 20: a disagreeing `solutions` column was ignored in text mode
    // and exited 0 either way; it now gives status 1 in both modes.
    let out = run(&["solve", "--format", "json"], csv.clone());
    assert_eq!(code(&out), 1);
    let records = json_lines(&out);
    assert_eq!(records[0]["expected_match"], true);
    assert_eq!(records[1]["expected_match"], false);
    assert_eq!(records[1]["line"], 3);
    assert_eq!(records[2]["expected_match"], false);
    assert_eq!(stderr(&out), "");
    let agreeing = format!("quizzes,solutions\n{COURSE_4X4},{COURSE_4X4_ANSWER}\n");
    assert_eq!(code(&run(&["solve"], agreeing)), 0);
    let out = run(&["solve"], csv);
    assert_eq!(code(&out), 1);
    let answers = lines(&out);
    assert_eq!(answers[..2], [COURSE_4X4_ANSWER, COURSE_4X4_ANSWER]);
    assert!(is_solution(EMPTY_4X4, &answers[2], 2, 2));
    assert_ne!(answers[2], COURSE_4X4_ANSWER);
    let err = stderr(&out);
    let warnings: Vec<&str> = err.lines().collect();
    assert_eq!(warnings.len(), 2, "{err}");
    assert!(
        warnings[0].starts_with("warning: <stdin>, line 3: "),
        "{err}"
    );
    assert!(warnings[0].contains("breaks the rules"), "{err}");
    assert!(
        warnings[1].starts_with("warning: <stdin>, line 4: "),
        "{err}"
    );
    assert!(warnings[1].contains("several solutions"), "{err}");
}

#[test]
fn several_files_in_order_and_a_missing_one() {
    let a = temp_file("a.txt", format!("{COURSE_4X4}\n").as_bytes());
    let b = temp_file("b.txt", b"# b\n11..............\n");
    let out = sudoku()
        .args(["solve", "--format", "json"])
        .arg(&a)
        .arg("no/such/file.txt")
        .arg(&b)
        .output()
        .unwrap();
    assert_eq!(code(&out), 4);
    let records = json_lines(&out);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["file"], a.display().to_string());
    assert_eq!(records[1]["file"], b.display().to_string());
    assert_eq!(records[1]["line"], 2);
    let err = stderr(&out);
    assert!(
        err.starts_with("error: cannot read no/such/file.txt: "),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    // In text, error records name their file when there are several.
    let out = sudoku().args(["check"]).arg(&a).arg(&b).output().unwrap();
    assert_eq!(code(&out), 2);
    assert_eq!(
        lines(&out),
        [
            "unique".to_string(),
            format!(
                "invalid: {}: line 2: value 1 appears twice in row 1: at r1c1 and r1c2",
                b.display()
            )
        ]
    );
}

#[test]
fn stats_on_stderr() {
    let out = run(
        &["check", "--stats"],
        format!("{COURSE_4X4}\n{EMPTY_4X4}\n"),
    );
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    for line in [
        "puzzles:",
        "unique:",
        "multiple:",
        "unsolvable:",
        "invalid:",
        "unknown:",
        "elapsed:",
        "rate:",
    ] {
        assert!(err.contains(line), "{line} in {err}");
    }
    assert!(
        err.starts_with("puzzles:     2\nunique:      1\nmultiple:    1\n"),
        "{err}"
    );
    assert!(err.contains(" puzzles/s\n"), "{err}");
}

#[test]
fn help_documents_exit_statuses_and_examples() {
    let out = run(&["--help"], "");
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    for needle in [
        "Exit status",
        "0  every puzzle answered",
        "4  cannot read an input file or write the output",
        "sudoku solve examples/sudoku/course.txt",
        "--box 2x3",
    ] {
        assert!(help.contains(needle), "{needle}");
    }
    let out = run(&["solve", "--no-such-option"], "");
    assert_eq!(code(&out), 2);
}

include!("../../tests/support/shared_data.rs");

#[test]
#[ignore = "needs the shared data (scripts/data-tests.sh)"]
fn shared_data_threads_give_identical_output_on_top1465() {
    let path = shared_data_path("puzzles3_magictour_top1465");
    let solve = |threads: &str| {
        let out = sudoku()
            .args(["solve", "--quiet", "-j", threads])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        out.stdout
    };
    let one = solve("1");
    let two = solve("2");
    assert_eq!(String::from_utf8_lossy(&one).lines().count(), 1465);
    assert!(one == two, "-j 1 and -j 2 differ");
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles = text.lines().filter(|l| l.len() == 81);
    for (puzzle, answer) in puzzles.zip(String::from_utf8(one).unwrap().lines()) {
        assert!(is_solution(puzzle, answer, 3, 3), "{puzzle}");
    }
}

/// Many copies of a hard puzzle, one per line: a few hundred KB of answers.
fn many_puzzles() -> String {
    let hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    format!("{hard}\n").repeat(5000)
}

#[test]
fn broken_pipe_ends_quietly() {
    let input = many_puzzles();
    for args in [
        &["solve", "-j", "1"][..],
        &["solve", "-j", "2", "--format", "json"],
    ] {
        let mut child = common::spawn_piped("sudoku", args);
        let mut stdin = child.stdin.take().unwrap();
        let input = input.clone();
        let feeder = std::thread::spawn(move || {
            // The command may stop reading once its output is gone.
            let _ = stdin.write_all(input.as_bytes());
        });
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.len() > 80, "{line}");
        drop(reader);
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(code(&out), 0, "{args:?}");
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn full_disk_is_reported_once() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full here
    };
    let path = temp_file("many.txt", many_puzzles().as_bytes());
    for args in [
        &["solve"][..],
        &["check", "--format", "json"],
        &["count", "-j", "1"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .arg(&path)
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(code(&out), 4, "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("error: cannot write output: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn ctrl_c_flushes_finished_records_and_says_so() {
    // Many slow counts (each stops at 10^8 solutions), so the batch is still
    // running when the signal arrives.
    let input = format!("{}\n", empty_9x9()).repeat(50);
    let path = temp_file("ctrl-c.txt", input.as_bytes());
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["count", "--limit", "100000000", "-j", "1"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudoku starts");
    // Ready: its handler is set, and it is into the counts (300 ms of its
    // own CPU time, however loaded the machine), so that one is stopped
    // mid-way.
    common::wait_until_it_catches_sigint(child.id());
    common::wait_until_it_has_worked(child.id(), Duration::from_millis(300));
    let started = Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let output = child.wait_with_output().expect("sudoku ends");
    let _ = std::fs::remove_file(&path);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "stopped promptly"
    );
    assert_eq!(output.status.code(), Some(130));
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(
        out.is_empty() || out.ends_with('\n'),
        "no partial line: {out:?}"
    );
    // The counts finished before it, then the one it stopped, as a lower
    // bound marked so.
    let lines: Vec<&str> = out.lines().collect();
    let (last, finished) = lines.split_last().expect("the stopped count");
    for line in finished {
        assert_eq!(*line, "100000000 (incomplete: solution limit reached)");
    }
    let partial: u128 = last
        .strip_suffix(" (incomplete: cancelled)")
        .expect(last)
        .parse()
        .unwrap();
    assert!(partial < 100_000_000);
    assert!(lines.len() < 50);
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("interrupted:"), "{err}");
    assert!(err.contains("puzzles:"), "summary on stderr: {err}");
}

/// Issue 23: Ctrl-C on one long count (on every thread) wrote no record
/// and the statistics said "nodes: 0". Now the count it stopped is written
/// as a lower bound, with its nodes.
#[test]
fn ctrl_c_writes_the_partial_count_of_one_long_count() {
    for format in ["text", "json"] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
            .args(["count", "--box", "2x3", "-j", "2", "--format", format])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sudoku starts");
        // The empty 6x6 grid: 28,200,960 solutions, seconds of work. Its
        // input closed, so that the count starts (an open input is read on).
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(format!("{}\n", ".".repeat(36)).as_bytes())
            .unwrap();
        drop(stdin);
        // Ready: its handler is set and it is into the count (200 ms of its
        // own CPU time, however loaded the machine), so that it has nodes
        // to report.
        common::wait_until_it_catches_sigint(child.id());
        common::wait_until_it_has_worked(child.id(), Duration::from_millis(200));
        let killed = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let output = child.wait_with_output().expect("sudoku ends");
        assert_eq!(output.status.code(), Some(130));
        let out = String::from_utf8(output.stdout).unwrap();
        let err = String::from_utf8(output.stderr).unwrap();
        let partial: u128 = if format == "json" {
            let record: serde_json::Value = serde_json::from_str(out.trim_end()).expect(&out);
            assert_eq!(record["incomplete"], "cancelled", "{out}");
            assert_eq!(record["complete"], false, "{out}");
            assert!(record["nodes"].as_u64().unwrap() > 0, "{out}");
            record["solutions"].as_u64().unwrap().into()
        } else {
            out.trim_end()
                .strip_suffix(" (incomplete: cancelled)")
                .expect(&out)
                .parse()
                .unwrap()
        };
        assert!(partial < 28_200_960, "{out}");
        let nodes = err
            .lines()
            .find_map(|l| l.strip_prefix("nodes:"))
            .expect(&err);
        assert_ne!(nodes.trim(), "0", "{err}");
    }
}

#[test]
fn bench_reports_both_tasks_on_one_and_more_threads() {
    let output = sudoku()
        .args(["bench", "--runs", "1", "-j", "2", "--format", "json"])
        .arg(example("course.txt"))
        .output()
        .expect("sudoku runs");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let rows = json_lines(&output);
    assert_eq!(rows.len(), 4, "solve and unique, 1 and 2 threads");
    for row in &rows {
        assert_eq!(row["puzzles"], 5);
        assert!(row["puzzles_per_second"].as_f64().unwrap() > 0.0);
        assert!(row["nodes_per_puzzle"].as_f64().unwrap() >= 1.0);
    }
    let tasks: Vec<_> = rows
        .iter()
        .map(|r| (r["mode"].clone(), r["threads"].clone()))
        .collect();
    assert_eq!(tasks[0], (serde_json::json!("solve"), serde_json::json!(1)));
    assert_eq!(
        tasks[3],
        (serde_json::json!("unique"), serde_json::json!(2))
    );
}

#[test]
fn both_engines_give_the_same_answers() {
    let course = example("course.txt");
    let bits = sudoku()
        .args(["check", "--engine", "bits"])
        .arg(&course)
        .output()
        .unwrap();
    let dlx = sudoku()
        .args(["check", "--engine", "dlx"])
        .arg(&course)
        .output()
        .unwrap();
    assert_eq!(code(&bits), 0);
    assert_eq!(stdout(&bits), stdout(&dlx));
}

#[test]
fn generate_is_reproducible_unique_and_minimal() {
    let one = run(
        &[
            "generate", "-n", "6", "--seed", "11", "-j", "1", "--box", "2x3",
        ],
        "",
    );
    let two = run(
        &[
            "generate", "-n", "6", "--seed", "11", "-j", "2", "--box", "2x3",
        ],
        "",
    );
    assert_eq!(code(&one), 0, "{}", stderr(&one));
    assert_eq!(
        stdout(&one),
        stdout(&two),
        "same seed, same puzzles, any thread count"
    );
    // Puzzle k is seed S+k.
    let third = run(&["generate", "--seed", "13", "--box", "2x3"], "");
    assert_eq!(lines(&third)[0], lines(&one)[2]);
    // An independent check with the other engine: every puzzle is unique.
    let checked = run(&["check", "--engine", "dlx", "--box", "2x3"], stdout(&one));
    assert_eq!(lines(&checked), vec!["unique"; 6]);
    // Minimal: removing any given gives a second solution.
    let shape = sudoku::Shape::new(2, 3).unwrap();
    for line in lines(&one) {
        let puzzle = sudoku_format::parse_puzzle(&line, Some(shape), &sudoku::Alphabet::standard())
            .unwrap()
            .grid;
        for cell in 0..36 {
            if puzzle.cells()[cell] != 0 {
                let mut fewer = puzzle.clone();
                fewer.set(cell / 6, cell % 6, None);
                let count = fewer.count_solutions_up_to(2).unwrap();
                assert_eq!(
                    count.solutions,
                    2,
                    "{line}: given r{}c{} can go",
                    cell / 6 + 1,
                    cell % 6 + 1
                );
            }
        }
    }
}

/// A node budget per check keeps givens whose check hits it, but every
/// written puzzle is still unique (checked here by Dancing Links).
#[test]
fn generate_with_a_node_budget_writes_unique_puzzles() {
    let args = [
        "generate",
        "--box",
        "4",
        "-n",
        "3",
        "--seed",
        "21",
        "--format",
        "json",
        "--rate-seeds",
        "0",
        "--max-nodes",
    ];
    let tight = run(&[&args[..], &["3"]].concat(), "");
    assert_eq!(code(&tight), 0, "{}", stderr(&tight));
    let records = json_lines(&tight);
    assert_eq!(records.len(), 3);
    let puzzles: Vec<String> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap().to_string())
        .collect();
    let checked = run(&["check", "--engine", "dlx"], puzzles.join("\n").as_str());
    assert_eq!(lines(&checked), vec!["unique"; 3]);
    for record in &records {
        assert!(is_solution(
            record["puzzle"].as_str().unwrap(),
            record["solution"].as_str().unwrap(),
            4,
            4
        ));
    }
    // A budget of 3 nodes cannot prove every removal: some givens stay
    // that could go, and the puzzles say they are not minimal.
    assert!(records.iter().any(|r| r["minimal"] == false));
}

#[test]
fn generate_keeps_symmetry_and_reports_targets() {
    let out = run(
        &[
            "generate",
            "-n",
            "3",
            "--seed",
            "5",
            "--symmetry",
            "rotational",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(code(&out), 0);
    for record in json_lines(&out) {
        let puzzle: Vec<char> = record["puzzle"].as_str().unwrap().chars().collect();
        for cell in 0..81 {
            assert_eq!(
                puzzle[cell] == '.',
                puzzle[80 - cell] == '.',
                "180-degree symmetry"
            );
        }
        assert_eq!(record["minimal"], true);
        assert!(record["rating"].as_f64().unwrap() >= 0.0);
        assert!(is_solution(
            record["puzzle"].as_str().unwrap(),
            record["solution"].as_str().unwrap(),
            3,
            3
        ));
    }
    // 17 givens is below what a quick pass reaches: reported, not hidden.
    let low = run(
        &[
            "generate",
            "--seed",
            "2",
            "--givens",
            "17",
            "--attempts",
            "1",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(code(&low), 0);
    let record = &json_lines(&low)[0];
    assert_eq!(record["target_reached"], false);
    assert!(
        stderr(&low).contains("above the target of 17"),
        "{}",
        stderr(&low)
    );
}

#[test]
fn minimize_and_rate() {
    let course = example("course.txt");
    let out = sudoku().arg("minimize").arg(&course).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let minimized = lines(&out);
    assert_eq!(minimized.len(), 5);
    let checked = run(&["check", "--engine", "dlx"], minimized.join("\n") + "\n");
    assert_eq!(lines(&checked), vec!["unique"; 5]);
    // A puzzle with several solutions gets an error record; the others are
    // still answered.
    let input = format!("{}\n1.3.3.2...4.....\n", ".".repeat(16));
    let out = run(&["minimize"], input.clone());
    assert_eq!(code(&out), 1);
    assert!(lines(&out)[0].starts_with("multiple"), "{}", stdout(&out));
    let out = run(&["rate", "--scale", "search", "--format", "json"], input);
    let records = json_lines(&out);
    assert_eq!(records[0]["status"], "multiple");
    assert_eq!(records[1]["status"], "rated");
    assert_eq!(records[1]["singles_only"], true);
    assert_eq!(records[1]["rating"], 0.0);
}

/// Issue 22: f-puzzles documents and links are read without a flag, and
/// `candidates` prints each cell's values; `--engine dlx` is refused on
/// setter's constraints. (Answers checked by hand: row 2 is a thermometer
/// R2C1 < R2C2 < R2C3 and r1c1 is 1, so row 2 reads 2 3 4 1.)
#[test]
fn f_puzzles_and_true_candidates() {
    let doc = r#"{"size": 4, "grid": [[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]], "thermometer": [{"lines": [["R2C1","R2C2","R2C3"]]}]}"#;
    let path = temp_file("fpuzzles.jsonl", format!("{doc}\nfpuzzlesBAD\n").as_bytes());
    let path = path.to_str().unwrap();
    let out = run(&["candidates", path], "");
    let got = lines(&out);
    let cells: Vec<&str> = got[0].split(' ').collect();
    assert_eq!(cells.len(), 16, "{got:?}");
    assert_eq!(&cells[4..8], ["2", "3", "4", "1"], "{got:?}");
    assert!(got[1].starts_with("invalid: line 2: f-puzzles"), "{got:?}");
    assert_eq!(code(&out), 2);
    let out = run(&["check", "--engine", "dlx", path], "");
    assert!(stdout(&out).contains("not exact cover"), "{}", stdout(&out));
    let out = run(&["check", "--format", "json", path], "");
    let records = json_lines(&out);
    assert_eq!(records[0]["status"], "multiple");
    assert_eq!(records[0]["engine"], "propagation");
}

/// Every 4x4 grid with 2x2 boxes (288 of them), by plain backtracking.
fn all_4x4_grids() -> Vec<[u8; 16]> {
    fn fits(g: &[u8; 16], cell: usize, v: u8) -> bool {
        let (r, c) = (cell / 4, cell % 4);
        (0..cell).all(|o| {
            let (or, oc) = (o / 4, o % 4);
            let shares = or == r || oc == c || (or / 2 == r / 2 && oc / 2 == c / 2);
            !shares || g[o] != v
        })
    }
    fn go(g: &mut [u8; 16], cell: usize, out: &mut Vec<[u8; 16]>) {
        if cell == 16 {
            out.push(*g);
            return;
        }
        for v in 1..=4 {
            if fits(g, cell, v) {
                g[cell] = v;
                go(g, cell + 1, out);
            }
        }
        g[cell] = 0;
    }
    let mut out = Vec::new();
    go(&mut [0; 16], 0, &mut out);
    out
}

/// `candidates --unique-makers`: the placements that leave exactly one
/// solution, against a brute force over all 288 grids; `none` when no
/// single placement does; unsolvable puzzles said so.
#[test]
fn unique_makers_match_brute_force() {
    let grids = all_4x4_grids();
    assert_eq!(grids.len(), 288);
    let puzzles = [
        ".41.3.4.......2.",
        ".4...2.44...2...",
        "...4.....3.1...2",
        "..21..43..3...1.",
        "12..34..........",
        "...1.3.4..4..1..",
    ];
    let expected: Vec<String> = puzzles
        .iter()
        .map(|p| {
            let givens: Vec<u8> = p.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
            let givens: Vec<u8> = givens.iter().map(|&g| if g > 4 { 0 } else { g }).collect();
            let sols: Vec<&[u8; 16]> = grids
                .iter()
                .filter(|g| givens.iter().zip(g.iter()).all(|(&a, &b)| a == 0 || a == b))
                .collect();
            if sols.is_empty() {
                return "unsolvable".to_string();
            }
            let mut found = Vec::new();
            for cell in (0..16).filter(|&c| givens[c] == 0) {
                for v in 1..=4u8 {
                    if sols.iter().filter(|g| g[cell] == v).count() == 1 {
                        found.push(format!("r{}c{}={v}", cell / 4 + 1, cell % 4 + 1));
                    }
                }
            }
            if found.is_empty() {
                "none".to_string()
            } else {
                found.join(" ")
            }
        })
        .collect();
    assert!(expected.iter().any(|e| e.contains('=')));
    assert!(expected.iter().any(|e| e == "none"));
    assert!(expected.iter().any(|e| e == "unsolvable"));
    let input = puzzles.join("\n") + "\n";
    let out = run(&["candidates", "--unique-makers"], input.clone());
    assert_eq!(lines(&out), expected, "stderr: {}", stderr(&out));
    // The engine asked for answers the same (the answer does not depend on it).
    for engine in ["dlx", "bits"] {
        let out = run(
            &[
                "candidates",
                "--unique-makers",
                "--explain",
                "--engine",
                engine,
            ],
            input.clone(),
        );
        assert_eq!(lines(&out), expected, "--engine {engine}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("engine {engine}:")),
            "{}",
            stderr(&out)
        );
    }
    // JSON: [row, column, value] from 1, as many as the text lists.
    let out = run(
        &["candidates", "--unique-makers", "--format", "json"],
        input,
    );
    let records = json_lines(&out);
    assert_eq!(records.len(), puzzles.len());
    for (record, text) in records.iter().zip(&expected) {
        if text == "unsolvable" {
            assert_eq!(record["status"], "unsolvable");
            continue;
        }
        assert_eq!(record["status"], "unique-makers");
        let listed: Vec<String> = record["unique_makers"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| format!("r{}c{}={}", p[0], p[1], p[2]))
            .collect();
        let listed = if listed.is_empty() {
            "none".to_string()
        } else {
            listed.join(" ")
        };
        assert_eq!(&listed, text);
    }
}
