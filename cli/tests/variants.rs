//! The `sudoku` command on variant puzzles: the examples give their
//! expected answers (checked again here by a checker of this file: rows,
//! columns, boxes or regions, diagonals, windows and cage sums), every
//! subcommand takes the variant options, and bad region maps and cages get
//! located errors with status 2.

// Not every shared helper is used by these tests.
use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::{code, json_lines, stderr, stdout};

fn run(args: &[&str], input: &str) -> std::process::Output {
    common::run_with("sudoku", args, input, Duration::from_secs(120))
}

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/sudoku/variants")
        .join(name)
        .display()
        .to_string()
}

fn read(name: &str) -> String {
    std::fs::read_to_string(example(name)).unwrap()
}

fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-variant-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

/// A 9x9 solution checked from the rules: rows, columns, regions (boxes
/// when `regions` is empty), the diagonals, the four windows, the cages.
fn obeys(solution: &str, puzzle: &str, regions: &str, x: bool, windoku: bool, cages: &str) -> bool {
    let v: Vec<u32> = solution
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0))
        .collect();
    let given: Vec<char> = puzzle.chars().collect();
    if v.len() != 81
        || v.contains(&0)
        || (0..81).any(|i| given[i] != '.' && given[i] != solution.as_bytes()[i] as char)
    {
        return false;
    }
    let map: Vec<char> = regions.chars().filter(|c| !c.is_whitespace()).collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..9 {
        groups.push((0..9).map(|j| i * 9 + j).collect());
        groups.push((0..9).map(|j| j * 9 + i).collect());
        if map.is_empty() {
            groups.push(
                (0..9)
                    .map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3)
                    .collect(),
            );
        }
    }
    let mut symbols = map.clone();
    symbols.sort_unstable();
    symbols.dedup();
    for s in symbols {
        groups.push((0..81).filter(|&c| map[c] == s).collect());
    }
    if x {
        groups.push((0..9).map(|i| i * 10).collect());
        groups.push((0..9).map(|i| i * 8 + 8).collect());
    }
    if windoku {
        for r0 in [1, 5] {
            for c0 in [1, 5] {
                groups.push((0..9).map(|k| (r0 + k / 3) * 9 + c0 + k % 3).collect());
            }
        }
    }
    let units_ok = groups.iter().all(|g| {
        let mut seen: Vec<u32> = g.iter().map(|&c| v[c]).collect();
        seen.sort_unstable();
        seen == (1..=9).collect::<Vec<_>>()
    });
    let cages_ok = cages
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .all(|line| {
            let mut words = line.split_whitespace();
            let sum: u32 = words.next().unwrap().parse().unwrap();
            let cells: Vec<usize> = words
                .map(|w| {
                    let (r, c) = w[1..].split_once('c').unwrap();
                    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
                })
                .collect();
            let mut values: Vec<u32> = cells.iter().map(|&c| v[c]).collect();
            let total: u32 = values.iter().sum();
            values.sort_unstable();
            values.dedup();
            total == sum && values.len() == cells.len()
        });
    units_ok && cages_ok
}

#[test]
fn examples_give_their_expected_answers() {
    /// Flags, puzzle file, solutions file, region map, X, windoku, cages.
    type Case<'a> = (
        &'a [&'a str],
        &'a str,
        &'a str,
        &'a str,
        bool,
        bool,
        &'a str,
    );
    let cases: [Case; 4] = [
        (
            &["--variant", "x"],
            "x.txt",
            "x-solutions.txt",
            "",
            true,
            false,
            "",
        ),
        (
            &["--variant", "windoku"],
            "windoku.txt",
            "windoku-solutions.txt",
            "",
            false,
            true,
            "",
        ),
        (
            &["--regions", "jigsaw-regions.txt"],
            "jigsaw.txt",
            "jigsaw-solution.txt",
            "jigsaw-regions.txt",
            false,
            false,
            "",
        ),
        (
            &["--cages", "killer-cages.txt"],
            "killer.txt",
            "killer-solution.txt",
            "",
            false,
            false,
            "killer-cages.txt",
        ),
    ];
    for (flags, puzzles, solutions, regions, x, w, cages) in cases {
        let mut flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
        if flags[1].ends_with(".txt") {
            flags[1] = example(&flags[1]);
        }
        let regions = if regions.is_empty() {
            String::new()
        } else {
            read(regions)
        };
        let cages = if cages.is_empty() {
            String::new()
        } else {
            read(cages)
        };
        for sub in ["solve", "check", "count"] {
            let mut args = vec![sub.to_string()];
            args.extend(flags.iter().cloned());
            args.push(example(puzzles));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args, "");
            assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
            let expected = read(solutions);
            let n = expected.lines().count();
            match sub {
                "solve" => {
                    assert_eq!(stdout(&out), expected, "{args:?}");
                    for (s, p) in stdout(&out).lines().zip(read(puzzles).lines()) {
                        assert!(obeys(s, p, &regions, x, w, &cages), "{s}");
                    }
                }
                "check" => assert_eq!(stdout(&out), "unique\n".repeat(n)),
                _ => assert_eq!(stdout(&out), "1\n".repeat(n)),
            }
        }
    }
}

#[test]
fn json_documents_state_their_own_variant() {
    for name in ["jigsaw.json", "jigsaw-x.json"] {
        let out = run(&["check", "--format", "json", &example(name)], "");
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let doc: serde_json::Value = serde_json::from_str(&read(name)).unwrap();
        let record = &json_lines(&out)[0];
        assert_eq!(record["status"], "unique");
        assert_eq!(record["solution"], doc["solution"]);
        let regions: Vec<String> = doc["regions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        let x = doc["variant"].as_str().unwrap().contains('x');
        assert!(obeys(
            record["solution"].as_str().unwrap(),
            doc["grid"].as_str().unwrap(),
            &regions.join(""),
            x,
            false,
            ""
        ));
    }
    // The grid drawing shows the region borders.
    let out = run(&["solve", "--format", "grid", &example("jigsaw.json")], "");
    let drawing = stdout(&out);
    assert!(drawing.starts_with("+---+---+"), "{drawing}");
    assert!(
        drawing.contains("|   +") || drawing.contains("+   +"),
        "{drawing}"
    );
}

#[test]
fn a_variant_rules_out_classic_solutions() {
    // The empty 4x4 grid: 288 classic Sudoku; with X fewer, still some.
    let empty = "................\n";
    let classic: u64 = stdout(&run(&["count"], empty)).trim().parse().unwrap();
    let x: u64 = stdout(&run(&["count", "--variant", "x"], empty))
        .trim()
        .parse()
        .unwrap();
    assert_eq!(classic, 288);
    assert!(x > 0 && x < classic, "{x}");
    let limited = run(&["count", "--variant", "x", "--limit", "5"], empty);
    assert_eq!(stdout(&limited), "5 (incomplete: solution limit reached)\n");
    assert_eq!(code(&limited), 0);
    // The classic solution of a puzzle that the diagonals forbid.
    let out = run(&["check", "--variant", "x"], "1234341221434321\n");
    assert_eq!(
        stdout(&out),
        "invalid: line 1: value 4 appears twice in diagonal 1: at r2c2 and r3c3\n"
    );
    assert_eq!(code(&out), 2);
}

#[test]
fn bad_region_maps_and_cages_are_located() {
    let empty = "................\n";
    let cases: [(&str, &str, &str); 6] = [
        ("--regions", "aabb\na.bb\nccdd\nccdd\n", "line 2, column 2, cell r2c2: the cell is in no region"),
        ("--regions", "aaab\naabb\ncccd\ncddd\n", "line 1, column 1, cell r1c1: region 'a' has 5 cells, expected 4"),
        ("--regions", "aab\nabb\n", "the region map has 6 cells, which is not a square number"),
        ("--cages", "3 r1c1 r1c2\n30 r2c1 r2c2\n", "line 2, column 1: impossible cage sum 30: 2 different values 1-4 add up to 3 at least and 7 at most"),
        ("--cages", "3 r1c1 r1c2\n5 r1c2 r2c2\n", "line 2, column 3, cell r1c2: overlapping cages: the cell is already in the cage of line 1"),
        ("--cages", "3 r1c1 rxc2\n", "line 1, column 8: expected a cell such as r1c2, found \"rxc2\""),
    ];
    for (k, (flag, content, message)) in cases.into_iter().enumerate() {
        let file = temp_file(&format!("bad{k}.txt"), content);
        let out = run(&["solve", flag, file.to_str().unwrap()], empty);
        assert_eq!(code(&out), 2, "{content}");
        let said = format!("{}{}", stdout(&out), stderr(&out));
        assert!(said.contains(message), "{said}");
    }
    let out = run(&["solve", "--variant", "jigsaw"], empty);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("needs a region map"));
}

#[test]
fn generate_makes_unique_variant_puzzles() {
    for variant in ["x", "windoku", "jigsaw", "jigsaw,x"] {
        let out = run(
            &[
                "generate",
                "--variant",
                variant,
                "--seed",
                "11",
                "-n",
                "2",
                "--format",
                "json",
            ],
            "",
        );
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        for doc in json_lines(&out) {
            let regions = doc["regions"].as_array().map_or(String::new(), |rows| {
                rows.iter().map(|r| r.as_str().unwrap()).collect()
            });
            let grid = doc["grid"].as_str().unwrap();
            let solution = doc["solution"].as_str().unwrap();
            assert!(obeys(
                solution,
                grid,
                &regions,
                variant.contains('x'),
                variant == "windoku",
                ""
            ));
            // Read back, it is unique.
            let file = temp_file("generated.json", &doc.to_string());
            let check = run(&["check", file.to_str().unwrap()], "");
            assert_eq!(stdout(&check), "unique\n", "{doc}");
        }
    }
}

/// A doppelganger grid checked from its rule (written here): every house
/// holds n different values of 0..=n with a 0, no two houses of a kind
/// miss the same value, at each 0 its houses miss different values.
fn doppelganger_holds(line: &str, box_rows: usize, box_cols: usize) -> bool {
    let n = box_rows * box_cols;
    let g: Vec<u32> = line.chars().map(|c| c.to_digit(36).unwrap()).collect();
    assert_eq!(g.len(), n * n, "{line}");
    let box_of = |r: usize, c: usize| (r / box_rows) * box_rows + c / box_cols;
    let mut misses = Vec::new();
    for kind in 0..3 {
        let mut houses = vec![Vec::new(); n];
        for r in 0..n {
            for c in 0..n {
                houses[[r, c, box_of(r, c)][kind]].push(g[r * n + c]);
            }
        }
        let mut missing = Vec::new();
        for h in &houses {
            let set: std::collections::BTreeSet<u32> = h.iter().copied().collect();
            if set.len() != n || !set.contains(&0) {
                return false;
            }
            missing.push((1..=n as u32).find(|v| !set.contains(v)).unwrap());
        }
        let distinct: std::collections::BTreeSet<u32> = missing.iter().copied().collect();
        if distinct.len() != n {
            return false;
        }
        misses.push(missing);
    }
    (0..n * n).filter(|&i| g[i] == 0).all(|i| {
        let (r, c) = (i / n, i % n);
        let (a, b, d) = (misses[0][r], misses[1][c], misses[2][box_of(r, c)]);
        a != b && a != d && b != d
    })
}

/// `--variant doppelganger`: grids of 0..n counted, checked and solved,
/// with located errors and refusals.
#[test]
fn doppelganger_grids() {
    let dop = ["--variant", "doppelganger"];
    // Every 4x4 doppelganger grid: 768 (the brute force of
    // sudoku-solve/tests/doppelganger.rs).
    let counted = run(&["count", dop[0], dop[1]], "................\n");
    assert_eq!((code(&counted), stdout(&counted).trim()), (0, "768"));
    let json = run(
        &["count", dop[0], dop[1], "--format", "json"],
        "{\"grid\": \"0...............\", \"variant\": \"doppelganger\"}\n",
    );
    let record = &json_lines(&json)[0];
    // auto: propagation first, Dancing Links when its budget runs out.
    assert!(
        matches!(record["engine"].as_str(), Some("propagation" | "dlx")),
        "{record}"
    );
    assert_eq!(record["solutions"], 192, "{record}");
    assert_eq!(record["variant"], "doppelganger");
    assert_eq!(record["complete"], true);
    // The example: one solution, which keeps the rule and the givens.
    let puzzle = read("doppelganger.txt");
    let puzzle = puzzle.lines().find(|l| !l.starts_with('#')).unwrap().trim();
    let file = example("doppelganger.txt");
    let checked = run(&["check", dop[0], dop[1], "--box", "2x3", &file], "");
    assert_eq!((code(&checked), stdout(&checked).trim()), (0, "unique"));
    let solved = run(&["solve", dop[0], dop[1], "--box", "2x3", &file], "");
    let solution = stdout(&solved).trim().to_string();
    assert_eq!(code(&solved), 0, "{}", stderr(&solved));
    assert!(doppelganger_holds(&solution, 2, 3), "{solution}");
    for (given, found) in puzzle.chars().zip(solution.chars()) {
        assert!(given == '.' || given == found, "{puzzle} -> {solution}");
    }
    assert_eq!(solution.trim(), read("doppelganger-solution.txt").trim());
    // Two 0s in a row: no solution (status 1); a value above the side: a
    // located error (status 2).
    let none = run(&["check", dop[0], dop[1]], "00..............\n");
    assert_eq!((code(&none), stdout(&none).trim()), (1, "unsolvable"));
    let bad = run(&["solve", dop[0], dop[1]], "...5............\n");
    assert_eq!(code(&bad), 2);
    assert!(
        stdout(&bad).contains("line 1, r1c4: value 5 is above 4"),
        "{}",
        stdout(&bad)
    );
    // Alone, and on the engine its plan names.
    let mixed = run(
        &["count", "--variant", "doppelganger,x"],
        "................\n",
    );
    assert_eq!(code(&mixed), 2);
    let dlx = run(
        &["count", dop[0], dop[1], "--engine", "dlx"],
        "................\n",
    );
    assert_eq!((code(&dlx), stdout(&dlx).trim()), (0, "768"));
    let bits = run(
        &["count", dop[0], dop[1], "--engine", "bits"],
        "................\n",
    );
    assert_eq!(code(&bits), 2);
    assert!(stderr(&bits).contains("cannot take"), "{}", stderr(&bits));
}

/// `generate --variant doppelganger`: puzzles whose solution keeps the rule
/// (checked here) and the givens, that `check` calls unique; the same seed
/// gives the same puzzles; options it does not take are refused.
#[test]
fn doppelganger_generate() {
    let made = run(
        &[
            "generate",
            "--variant",
            "doppelganger",
            "--box",
            "2x3",
            "--seed",
            "5",
            "-n",
            "2",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(code(&made), 0, "{}", stderr(&made));
    let records = json_lines(&made);
    assert_eq!(records.len(), 2);
    for r in &records {
        let (puzzle, solution) = (
            r["puzzle"].as_str().unwrap(),
            r["solution"].as_str().unwrap(),
        );
        assert!(doppelganger_holds(solution, 2, 3), "{solution}");
        for (given, found) in puzzle.chars().zip(solution.chars()) {
            assert!(given == '.' || given == found, "{puzzle} -> {solution}");
        }
        let checked = run(
            &["check", "--variant", "doppelganger", "--box", "2x3"],
            &format!("{puzzle}\n"),
        );
        assert_eq!(stdout(&checked).trim(), "unique", "{puzzle}");
    }
    let again = run(
        &[
            "generate",
            "--variant",
            "doppelganger",
            "--box",
            "2x3",
            "--seed",
            "5",
            "-n",
            "2",
        ],
        "",
    );
    let text = stdout(&again);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            records[0]["puzzle"].as_str().unwrap(),
            records[1]["puzzle"].as_str().unwrap()
        ]
    );
    let refused = run(
        &[
            "generate",
            "--variant",
            "doppelganger",
            "--symmetry",
            "rotational",
        ],
        "",
    );
    assert_eq!(code(&refused), 2, "{}", stderr(&refused));
}

/// Every 4x4 doppelganger grid, by brute force: rows of four different
/// values of 0..=4 holding a 0, stacked with no value twice in a column,
/// kept when [`doppelganger_holds`] passes them.
fn every_four_by_four_doppelganger() -> Vec<String> {
    let symbols = ['0', '1', '2', '3', '4'];
    let mut rows = Vec::new();
    for a in symbols {
        for b in symbols {
            for c in symbols {
                for d in symbols {
                    let row = [a, b, c, d];
                    let distinct = (0..4).all(|i| (0..i).all(|j| row[i] != row[j]));
                    if distinct && row.contains(&'0') {
                        rows.push(row);
                    }
                }
            }
        }
    }
    let mut grids = vec![Vec::new()];
    for _ in 0..4 {
        let mut longer = Vec::new();
        for grid in &grids {
            for row in &rows {
                let fits = grid
                    .iter()
                    .all(|above: &[char; 4]| (0..4).all(|c| above[c] != row[c]));
                if fits {
                    let mut next = grid.clone();
                    next.push(*row);
                    longer.push(next);
                }
            }
        }
        grids = longer;
    }
    grids
        .into_iter()
        .map(|g| g.iter().flatten().collect::<String>())
        .filter(|line| doppelganger_holds(line, 2, 2))
        .collect()
}

/// `candidates --variant doppelganger`: per cell the values of the brute
/// force's solutions (text and JSON); no solution: `unsolvable`.
#[test]
fn doppelganger_candidates_agree_with_the_brute_force() {
    let all = every_four_by_four_doppelganger();
    assert_eq!(all.len(), 768);
    for (k, grid) in all.iter().enumerate().step_by(131) {
        // Three to five givens of the grid.
        let puzzle: String = grid
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                if (i * 7 + k) % 16 < 3 + k % 3 {
                    ch
                } else {
                    '.'
                }
            })
            .collect();
        let fits = |g: &&String| {
            puzzle
                .chars()
                .zip(g.chars())
                .all(|(p, s)| p == '.' || p == s)
        };
        let solutions: Vec<&String> = all.iter().filter(fits).collect();
        let expected: Vec<String> = (0..16)
            .map(|i| {
                let mut values: Vec<char> =
                    solutions.iter().map(|s| s.as_bytes()[i] as char).collect();
                values.sort_unstable();
                values.dedup();
                values.into_iter().collect()
            })
            .collect();
        let text = run(
            &["candidates", "--variant", "doppelganger"],
            &format!("{puzzle}\n"),
        );
        assert_eq!(code(&text), 0, "{}", stderr(&text));
        assert_eq!(stdout(&text).trim(), expected.join(" "), "{puzzle}");
        let json = run(
            &[
                "candidates",
                "--variant",
                "doppelganger",
                "--format",
                "json",
            ],
            &format!("{puzzle}\n"),
        );
        let record = &json_lines(&json)[0];
        assert_eq!(record["status"], "candidates", "{record}");
        assert_eq!(record["complete"], true, "{record}");
        let cells: Vec<String> = record["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|values| {
                values
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.to_string())
                    .collect()
            })
            .collect();
        assert_eq!(cells, expected, "{puzzle}");
    }
    let none = run(
        &["candidates", "--variant", "doppelganger"],
        "00..............\n",
    );
    assert_eq!((code(&none), stdout(&none).trim()), (1, "unsolvable"));
}

/// The commands doppelganger grids do not take refuse them by name, with
/// status 2: minimize, rate, unique makers, logical steps, hints, pencil
/// marks.
#[test]
fn doppelganger_refused_where_it_does_not_apply() {
    let puzzle = "0123............\n";
    let commands: [&[&str]; 6] = [
        &["minimize"],
        &["rate", "--scale", "search"],
        &["candidates", "--unique-makers"],
        &["candidates", "--pencil-marks"],
        &["solve", "--steps"],
        &["hint"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.extend(["--variant", "doppelganger"]);
        let refused = run(&args, puzzle);
        assert_eq!(code(&refused), 2, "{command:?}: {}", stderr(&refused));
        assert!(
            stderr(&refused).contains("doppelganger grids (0..n)"),
            "{command:?}: {}",
            stderr(&refused)
        );
    }
}
