//! Integration tests of the logical solver's commands: `rate` on Sudoku
//! Explainer's scale, `solve --steps` and `hint`. Expected ratings come
//! from Sudoku Explainer 1.2.1 itself (serate 1.2.1.3 via
//! ../shared/peers/se/rate.sh, run 2026-11-26).

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::{code, json_lines, stderr, stdout};

fn run(args: &[&str], input: impl Into<Vec<u8>>) -> std::process::Output {
    common::run_with("sudoku", args, input, Duration::from_secs(120))
}

fn course() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/sudoku/course.txt")
}

fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-logic-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

/// SE 1.2.1's ratings of the four 9x9 course grids (the first grid of the
/// file is 4x4, which SE does not take).
const COURSE_SE: [&str; 4] = ["1.5/1.2/1.2", "2.3/1.2/1.2", "1.5/1.2/1.2", "2.0/1.2/1.2"];

#[test]
fn rate_gives_sudoku_explainer_ratings_by_default() {
    let c = course();
    let out = run(&["rate", c.to_str().unwrap()], "");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[1..], COURSE_SE);
    let out = run(
        &["rate", "--format", "json", "-j", "2", c.to_str().unwrap()],
        "",
    );
    let records = json_lines(&out);
    assert_eq!(records.len(), 5);
    assert_eq!(records[2]["status"], "rated");
    assert_eq!(records[2]["se"]["er"], 2.3);
    assert_eq!(records[2]["se"]["ep"], 1.2);
    assert_eq!(records[2]["hardest"], "Naked Single");
}

#[test]
fn rate_search_scale_refuses_engine_and_notes_seeds() {
    let c = course();
    let c = c.to_str().unwrap();
    let out = run(&["rate", "--scale", "search", "--engine", "dlx", c], "");
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--engine does not apply"),
        "{}",
        stderr(&out)
    );
    let out = run(&["rate", "--seeds", "3", "--scale", "search", c], "");
    assert_eq!(code(&out), 0);
    assert!(
        stderr(&out).contains("--seeds is ignored"),
        "{}",
        stderr(&out)
    );
    // Singles solve the 4x4 grid: no search beyond the root.
    assert_eq!(stdout(&out).lines().next(), Some("0.00"));
}

#[test]
fn rate_stops_at_the_step_limit() {
    // The 9x9 "difficile" course grid takes more than 3 steps.
    let c = course();
    let out = run(&["rate", "--max-nodes", "3", c.to_str().unwrap()], "");
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(
        text.lines().nth(1),
        Some("unknown: node limit reached"),
        "{text}"
    );
}

#[test]
fn rate_says_multiple_for_a_puzzle_with_several_solutions() {
    let out = run(&["rate"], format!("{}\n1.3.3.2...4.....\n", ".".repeat(16)));
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("multiple"), "{text}");
    assert!(lines[1].contains('/'), "{text}");
}

#[test]
fn every_course_grid_gets_a_full_path() {
    let c = course();
    let out = run(
        &[
            "solve",
            "--steps",
            "--techniques",
            "se",
            c.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let ends: Vec<&str> = text.lines().filter(|l| l.starts_with("solved ")).collect();
    assert_eq!(ends.len(), 5, "{text}");
    assert_eq!(
        ends[1..].iter().map(|l| &l[7..]).collect::<Vec<_>>(),
        COURSE_SE
    );
    let out = run(
        &["solve", "--steps", "--format", "json", c.to_str().unwrap()],
        "",
    );
    let records = json_lines(&out);
    assert_eq!(records.len(), 5);
    for r in &records {
        assert_eq!(r["solved"], true);
        let steps = r["steps"].as_array().unwrap();
        assert!(!steps.is_empty());
        let s = &steps[0];
        assert!(s["technique"].is_string() && s["difficulty"].is_number());
        assert!(
            s["text"].as_str().unwrap().contains(" = ")
                || !s["eliminations"].as_array().unwrap().is_empty()
        );
    }
    // The 4x4 grid: 1.3. / 3.2. / ..4. / ....; its first step is the full
    // house of column 3 (3, 2, 4 given): r4c3 = 1.
    assert_eq!(records[0]["steps"][0]["placements"][0]["cell"], "r4c3");
    assert_eq!(records[0]["steps"][0]["placements"][0]["value"], 1);
}

/// The course's 4x4 grid (solution 1234 / 3421 / 2143 / 4312).
const SMALL: &str = "1.3.3.2...4.....\n";

#[test]
fn hint_from_pencil_marks_and_mistakes() {
    let good = "1 24 3 24\n3 14 2 14\n12 123 4 123\n24 1234 1 23\n";
    let marks = temp_file("good.txt", good);
    let out = run(&["hint", "--marks", marks.to_str().unwrap()], SMALL);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!stdout(&out).contains("mistake"), "{}", stdout(&out));
    assert_eq!(stdout(&out).lines().count(), 1);
    // A wrong digit placed (r1c2 is 2).
    let wrong = temp_file("wrong.txt", &good.replacen("1 24 3", "1 4 3", 1));
    let out = run(&["hint", "--marks", wrong.to_str().unwrap()], SMALL);
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains("r1c2 holds 4, but the solution has 2 there"),
        "{}",
        stdout(&out)
    );
    // A mark erased that the solution needs (r3c2 is 1).
    let erased = temp_file("erased.txt", &good.replacen("12 123", "12 23", 1));
    let out = run(
        &[
            "hint",
            "--format",
            "json",
            "--marks",
            erased.to_str().unwrap(),
        ],
        SMALL,
    );
    assert_eq!(code(&out), 1);
    let records = json_lines(&out);
    assert_eq!(records[0]["status"], "mistake");
    assert!(records[0]["error"]
        .as_str()
        .unwrap()
        .contains("r3c2 lack 1"));
    // A digit placed against the solution is named as such (2 in r4c3,
    // where 2 also clashes with r2c3).
    let clash = temp_file(
        "clash.txt",
        &good.replacen("24 1234 1 23", "24 1234 2 23", 1),
    );
    let out = run(&["hint", "--marks", clash.to_str().unwrap()], SMALL);
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains("r4c3 holds 2, but the solution has 1"),
        "{}",
        stdout(&out)
    );
    // A given the marks change.
    let given = temp_file("given.txt", &good.replacen("1 24 3 24", "2 24 3 24", 1));
    let out = run(&["hint", "--marks", given.to_str().unwrap()], SMALL);
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains("r1c1 is a given 1, but the marks say 2"),
        "{}",
        stdout(&out)
    );
}

/// A generated puzzle SE 1.2.1 rates 6.6/1.2/1.2 (sudoku-logic's
/// tests/data/se-ratings.txt): its turbot fish is a skyscraper.
const SKYSCRAPER: &str =
    "000712000000000027004060000020370001600001070005000000040050000100400903000003600\n";

#[test]
fn steps_name_the_common_techniques_unless_se_is_asked() {
    let out = run(&["solve", "--steps", "--format", "json"], SKYSCRAPER);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let records = json_lines(&out);
    let names: Vec<&str> = records[0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["technique"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Skyscraper"), "{names:?}");
    assert!(!names.contains(&"Turbot Fish"), "{names:?}");
    // The common names come at the difficulty SE gives the same chain,
    // the easiest first: the rating stays SE's.
    assert_eq!(records[0]["se"]["er"], 6.6);
    let out = run(
        &["solve", "--steps", "--techniques", "se", "--format", "json"],
        SKYSCRAPER,
    );
    let records = json_lines(&out);
    let names: Vec<&str> = records[0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["technique"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Turbot Fish"), "{names:?}");
    assert!(!names.contains(&"Skyscraper"), "{names:?}");
    // --techniques belongs to --steps; a set we do not have is refused.
    let out = run(&["solve", "--techniques", "se"], SKYSCRAPER);
    assert_eq!(code(&out), 2);
    let out = run(&["hint", "--techniques", "hodoku"], SKYSCRAPER);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("se, all"), "{}", stderr(&out));
}

fn variants_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/sudoku/variants")
}

/// The steps of the first record of a `solve --steps --format json` run.
fn techniques(out: &std::process::Output) -> (Vec<String>, bool) {
    let records = json_lines(out);
    let names = records[0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["technique"].as_str().unwrap().to_string())
        .collect();
    (names, records[0]["solved"] == true)
}

#[test]
fn variant_paths_name_the_setters_constraints() {
    // Every printed step is checked against the search's solution by the
    // command itself (status 70 otherwise).
    let d = variants_dir();
    let thermo = d.join("thermo-fpuzzles.txt");
    let out = run(
        &[
            "solve",
            "--steps",
            "--format",
            "json",
            thermo.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let (names, solved) = techniques(&out);
    assert!(solved);
    assert!(names.iter().any(|n| n == "Thermometer"), "{names:?}");
    let out = run(
        &[
            "solve",
            "--steps",
            "--format",
            "json",
            "--cages",
            d.join("killer-cages.txt").to_str().unwrap(),
            d.join("killer.txt").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let (names, solved) = techniques(&out);
    assert!(solved);
    assert!(names.iter().any(|n| n == "Killer Cage"), "{names:?}");
    let text = run(
        &[
            "hint",
            "--cages",
            d.join("killer-cages.txt").to_str().unwrap(),
            d.join("killer.txt").to_str().unwrap(),
        ],
        "",
    );
    assert!(
        stdout(&text).starts_with("killer cage "),
        "{}",
        stdout(&text)
    );
}

/// The values no given of the cell's row, column or box holds (4x4).
fn brute_pencil_marks(g: &[u8; 16], cell: usize) -> Vec<u8> {
    let (r, c) = (cell / 4, cell % 4);
    let seen = |v: u8| {
        (0..4).any(|i| g[r * 4 + i] == v || g[i * 4 + c] == v)
            || (0..4).any(|i| g[(r / 2 * 2 + i / 2) * 4 + c / 2 * 2 + i % 2] == v)
    };
    if g[cell] != 0 {
        return vec![g[cell]];
    }
    (1..=4).filter(|&v| !seen(v)).collect()
}

#[test]
fn candidates_are_true_candidates_or_pencil_marks_by_name() {
    let puzzle = "1.3.3.2...4.....";
    let g: [u8; 16] = std::array::from_fn(|i| {
        puzzle.as_bytes()[i]
            .checked_sub(b'0')
            .filter(|d| *d <= 9)
            .unwrap_or(0)
    });
    let expected: Vec<String> = (0..16)
        .map(|cell| {
            brute_pencil_marks(&g, cell)
                .iter()
                .map(u8::to_string)
                .collect()
        })
        .collect();
    let out = run(&["candidates", "--pencil-marks"], format!("{puzzle}\n"));
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        expected.join(" ")
    );
    // The puzzle has one solution (1234 3421 2143 4312, worked by hand):
    // its true candidates are that solution, by either name.
    for args in [
        &["candidates"][..],
        &["candidates", "--true-candidates"],
        &["true-candidates"],
    ] {
        let out = run(args, format!("{puzzle}\n"));
        assert!(out.status.success(), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            "1 2 3 4 3 4 2 1 2 1 4 3 4 3 1 2",
            "{args:?}"
        );
    }
    let json = run(
        &["candidates", "--pencil-marks", "--format", "json"],
        format!("{puzzle}\n"),
    );
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(record["status"], "pencil-marks");
    assert_eq!(record["pencil_marks"][1], serde_json::json!([2, 4]));
    let clash = run(&["candidates", "--pencil-marks"], "11..............\n");
    assert!(!clash.status.success());
    assert!(String::from_utf8_lossy(&clash.stdout).starts_with("invalid"));
}
