//! f-puzzles in and out: JSON written here by hand (the public field
//! names), read from every form (JSON, link, bare load string, SudokuPad
//! id), answered, and round-tripped; unknown constraints refused by name,
//! errors located.

use std::sync::Arc;

use solver_core::Limits;
use sudoku::{Constraint, PairKind};
use sudoku_format::fpuzzles::{read_fpuzzles, to_fpuzzles_json, to_fpuzzles_link, FpuzzlesError};
use sudoku_solve::{SudokuSolver, Verdict};

use crate::oracle;

fn empty_rows(n: usize) -> String {
    let row = format!("[{}]", vec!["{}"; n].join(","));
    format!("[{}]", vec![row; n].join(","))
}

/// A 6x6 document with one of nearly every constraint f-puzzles names.
fn six_by_six() -> String {
    format!(
        r#"{{"size": 6, "title": "t", "author": "a", "ruleset": "r", "grid": {grid},
        "thermometer": [{{"lines": [["R1C1", "R1C2"], ["R1C1", "R2C1"]]}}],
        "arrow": [{{"cells": ["R3C1", "R3C2"], "lines": [["R3C2", "R4C2", "R5C2", "R6C2"]]}}],
        "killercage": [{{"cells": ["R6C5", "R6C6"], "value": "7"}}, {{"cells": ["R5C5", "R5C6"]}}],
        "littlekillersum": [{{"cell": "R0C2", "cells": ["R1C3", "R2C4", "R3C5", "R4C6"], "direction": "DR", "value": "14"}}],
        "sandwichsum": [{{"cell": "R0C4", "value": "5"}}, {{"cell": "R2C0", "value": "0"}}],
        "xsum": [{{"cell": "R7C3", "value": "9"}}],
        "skyscraper": [{{"cell": "R4C7", "value": "2"}}],
        "difference": [{{"cells": ["R2C2", "R2C3"]}}, {{"cells": ["R2C5", "R2C6"], "value": "3"}}],
        "ratio": [{{"cells": ["R4C4", "R4C5"]}}],
        "xv": [{{"cells": ["R5C1", "R5C2"], "value": "V"}}],
        "negative": ["ratio"],
        "clone": [{{"cells": ["R1C6"], "cloneCells": ["R6C1"]}}],
        "quadruple": [{{"cells": ["R3C3", "R3C4", "R4C3", "R4C4"], "values": [1, 2]}}],
        "betweenline": [{{"lines": [["R5C3", "R5C4", "R6C4"]]}}],
        "minimum": [{{"cell": "R6C3"}}], "maximum": [{{"cell": "R1C4"}}],
        "odd": [{{"cell": "R2C2"}}], "even": [{{"cell": "R3C6"}}],
        "extraregion": [{{"cells": ["R1C5", "R2C4", "R3C3"]}}],
        "palindrome": [{{"lines": [["R4C1", "R5C1", "R6C2"]]}}],
        "renban": [{{"lines": [["R2C1", "R2C2", "R2C3"]]}}],
        "whispers": [{{"lines": [["R6C3", "R6C4"]]}}],
        "regionsumline": [{{"lines": [["R3C4", "R3C5"]]}}],
        "entropicline": [{{"lines": [["R1C2", "R1C3", "R1C4"]]}}],
        "diagonal+": true, "antiknight": false, "disjointgroups": false,
        "text": [{{"cells": ["R1C1"], "value": "hi"}}]}}"#,
        grid = empty_rows(6)
    )
}

#[test]
fn every_constraint_is_read_and_round_trips() {
    let puzzle = read_fpuzzles(&six_by_six()).unwrap();
    let c = &puzzle.variant.constraints;
    let count = |name: &str| c.iter().filter(|k| k.name() == name).count();
    assert_eq!(count("thermometer"), 2);
    assert_eq!(puzzle.variant.cages.len(), 1);
    assert_eq!(puzzle.variant.cages[0].sum, 7);
    assert_eq!(count("killercage"), 1);
    assert!(c.contains(&Constraint::Arrow {
        circle: vec![12, 13],
        line: vec![19, 25, 31]
    }));
    // R0C4 looks down column 4; R2C0 along row 2; R7C3 up column 3; R4C7
    // leftwards along row 4.
    assert!(c.contains(&Constraint::Sandwich {
        line: vec![3, 9, 15, 21, 27, 33],
        sum: 5
    }));
    assert!(c.contains(&Constraint::XSum {
        line: vec![32, 26, 20, 14, 8, 2],
        sum: 9
    }));
    assert!(c.contains(&Constraint::Skyscraper {
        line: vec![23, 22, 21, 20, 19, 18],
        count: 2
    }));
    assert!(c.contains(&Constraint::Dot {
        cells: [10, 11],
        kind: PairKind::Difference,
        value: 3
    }));
    assert!(c.contains(&Constraint::Negative {
        kind: PairKind::Ratio
    }));
    assert!(c.contains(&Constraint::DiagonalPositive));
    assert!(!c.contains(&Constraint::AntiKnight));
    assert_eq!(count("littlekillersum"), 1);
    for name in [
        "clone",
        "quadruple",
        "betweenline",
        "minimum",
        "maximum",
        "odd",
        "even",
        "extraregion",
        "palindrome",
        "renban",
        "whispers",
        "regionsumline",
        "entropicline",
        "xv",
        "ratio",
    ] {
        assert!(count(name) >= 1, "{name}");
    }
    // read -> write -> read, through the link and through the JSON.
    let link = to_fpuzzles_link(&puzzle).unwrap();
    assert_eq!(read_fpuzzles(&link).unwrap(), puzzle);
    let json = to_fpuzzles_json(&puzzle).unwrap().to_string();
    assert_eq!(read_fpuzzles(&json).unwrap(), puzzle);
    // The bare load string, URL-escaped, and SudokuPad's id.
    let load = link.split_once("load=").unwrap().1;
    assert_eq!(read_fpuzzles(load).unwrap(), puzzle);
    let escaped = load
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    let url = format!("https://www.f-puzzles.com/?load={escaped}");
    assert_eq!(read_fpuzzles(&url).unwrap(), puzzle);
    let pad = format!("https://sudokupad.app/fpuzzles{load}");
    assert_eq!(read_fpuzzles(&pad).unwrap(), puzzle);
    assert_eq!(read_fpuzzles(&format!("fpuzzles{load}")).unwrap(), puzzle);
}

#[test]
fn jigsaw_regions_both_diagonals_and_killer_sums_keep_their_variant() {
    // Regions of a 4x4 jigsaw: aaab / abbb / cccd / cddd.
    let map = ["0001", "0111", "2223", "2333"];
    let rows: Vec<String> = map
        .iter()
        .enumerate()
        .map(|(r, line)| {
            let cells: Vec<String> = line
                .chars()
                .enumerate()
                .map(|(c, k)| {
                    if r == 0 && c == 0 {
                        format!(r#"{{"value": 1, "given": true, "region": {k}}}"#)
                    } else {
                        format!(r#"{{"region": {k}}}"#)
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!(
        r#"{{"size": 4, "grid": [{}], "diagonal+": true, "diagonal-": true,
        "killercage": [{{"cells": ["R4C4", "R4C3"], "value": "5"}}]}}"#,
        rows.join(",")
    );
    let puzzle = read_fpuzzles(&json).unwrap();
    assert!(puzzle.variant.diagonals);
    assert!(puzzle.variant.regions.is_some());
    assert!(puzzle.variant.constraints.is_empty());
    assert_eq!(puzzle.variant.to_string(), "jigsaw+x+killer");
    let again = read_fpuzzles(&to_fpuzzles_link(&puzzle).unwrap()).unwrap();
    assert_eq!(again, puzzle);
}

#[test]
fn a_thermo_puzzle_is_answered_and_checked() {
    // 4x4: row 1 a thermometer (so 1234), the given 3 at r2c1 and a V
    // between r3c1 and r3c2.
    let json = format!(
        r#"{{"size": 4, "grid": {}, "thermometer": [{{"lines": [["R1C1","R1C2","R1C3","R1C4"]]}}],
        "xv": [{{"cells": ["R3C1", "R3C2"], "value": "V"}}]}}"#,
        empty_rows(4)
    );
    let mut puzzle = read_fpuzzles(&json).unwrap();
    let shape = puzzle.grid.shape();
    puzzle.grid = {
        let mut v = puzzle.grid.cells().to_vec();
        v[4] = 3;
        sudoku::Grid::from_values(shape, v).unwrap()
    };
    // The oracle: every grid, filtered by the definitions.
    let expected: Vec<Vec<u16>> = oracle::all_grids(shape, &[0, 0, 0, 0, 3])
        .into_iter()
        .filter(|g| {
            puzzle
                .variant
                .constraints
                .iter()
                .all(|c| oracle::obeys(c, g, shape, &puzzle.variant.constraints))
        })
        .collect();
    let rules = Arc::new(puzzle.variant.rules(shape).unwrap());
    let mut solver = SudokuSolver::with_rules(Arc::clone(&rules), Default::default()).unwrap();
    let (verdict, _) = solver.check_unique(&puzzle.grid, &Limits::none());
    match (verdict, expected.len()) {
        (Verdict::Unique(g), 1) => assert_eq!(g.cells(), &expected[0][..]),
        (Verdict::Multiple(a, b), k) if k > 1 => {
            assert!(rules.is_solution(&a, &puzzle.grid) && rules.is_solution(&b, &puzzle.grid))
        }
        (Verdict::Unsolvable, 0) => {}
        (v, k) => panic!("{v:?} against {k} grids"),
    }
}

#[test]
fn unsupported_constraints_are_refused_by_name() {
    let with = |extra: &str| format!(r#"{{"size": 4, "grid": {}, {extra}}}"#, empty_rows(4));
    let e = read_fpuzzles(&with(r#""clock": [{"lines": [["R1C1", "R1C2"]]}]"#)).unwrap_err();
    assert!(
        matches!(&e, FpuzzlesError::Unsupported { name, .. } if name == "clock"),
        "{e}"
    );
    assert!(e.to_string().contains("\"clock\" is not supported"), "{e}");
    let e = read_fpuzzles(&with(r#""negative": ["ratio", "quadruple"]"#)).unwrap_err();
    assert!(e.to_string().contains("negative[1]"), "{e}");
    let e = read_fpuzzles(&with(r#""sumdot(intersection)": []"#)).unwrap_err();
    assert!(matches!(e, FpuzzlesError::Unsupported { .. }), "{e}");
    // Also when it is an empty list or not a list at all.
    for extra in [r#""clock": []"#, r#""clock": 1"#] {
        let e = read_fpuzzles(&with(extra)).unwrap_err();
        assert!(matches!(e, FpuzzlesError::Unsupported { .. }), "{e}");
    }
}

#[test]
fn errors_say_where() {
    let with = |extra: &str| format!(r#"{{"size": 4, "grid": {}, {extra}}}"#, empty_rows(4));
    let e = read_fpuzzles(&with(r#""thermometer": [{"lines": [["R1C1", "R5C1"]]}]"#)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "thermometer[0].lines[0][1]: cell R5C1 is outside the 4x4 grid"
    );
    let e = read_fpuzzles(&with(r#""difference": [{"cells": ["R1C1", "R2C2"]}]"#)).unwrap_err();
    assert!(e.to_string().starts_with("difference[0].cells:"), "{e}");
    let e = read_fpuzzles(&with(
        r#""killercage": [{"cells": ["R1C1"], "value": "x"}]"#,
    ))
    .unwrap_err();
    assert!(e.to_string().starts_with("killercage[0].value:"), "{e}");
    let e = read_fpuzzles(r#"{"size": 4, "grid": [[{}]]}"#).unwrap_err();
    assert!(e.to_string().starts_with("grid"), "{e}");
    let e = read_fpuzzles(r#"{"size": 4, "grid": [[{}]]"#).unwrap_err();
    assert!(matches!(e, FpuzzlesError::Decode(_)), "{e}");
    assert!(read_fpuzzles("not a puzzle at all").is_err());
    assert!(read_fpuzzles(&format!(
        "https://www.f-puzzles.com/?load={}",
        "A".repeat(40_000)
    ))
    .is_err());
    // A dot joins two neighbours: a renban too long for the grid is the
    // rules' error, named.
    let e = read_fpuzzles(&with(
        r#""renban": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4", "R2C4"]]}]"#,
    ))
    .unwrap_err();
    assert!(e.to_string().contains("renban"), "{e}");
}

#[test]
fn the_batch_reads_links_and_documents_without_a_flag() {
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use sudoku::Variant;
    use sudoku_batch::{Batch, Input, OutputFormat, Pipeline, Source};
    use sudoku_format::ReadOptions;
    use sudoku_solve::{Asked, Task};

    // Row 2 a thermometer from R2C1 and a V on R3C1-R3C2, one given.
    let doc = r#"{"size": 4, "grid": [[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]], "thermometer": [{"lines": [["R2C1","R2C2","R2C3"]]}], "xv": [{"cells": ["R3C1","R3C2"], "value": "V"}]}"#;
    let puzzle = read_fpuzzles(doc).unwrap();
    let shape = puzzle.grid.shape();
    let expected = oracle::all_grids(shape, &[1])
        .into_iter()
        .filter(|g| {
            puzzle
                .variant
                .constraints
                .iter()
                .all(|c| oracle::obeys(c, g, shape, &puzzle.variant.constraints))
        })
        .count();
    let link = to_fpuzzles_link(&puzzle).unwrap();
    let text = format!(
        "1.3.3.2...4.....\n{doc}\n{link}\nfpuzzlesNOTVALID\n{}\n",
        r#"{"size": 4, "grid": [[{}]], "clock": []}"#
    );
    let path = std::env::temp_dir().join(format!("fpuzzles-batch-{}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let cancel = Arc::new(AtomicBool::new(false));
    let batch = Batch {
        task: Task::Count { limit: None },
        timeout: None,
        max_nodes: None,
        cancel: Arc::clone(&cancel),
        engine: Asked::Auto,
        base: Variant::default(),
        format: OutputFormat::Text,
        names: vec!["p.txt".to_string()],
        logic: None,
    };
    let input = Input::new(
        vec![Source::new(&path)],
        ReadOptions::default(),
        Arc::new(AtomicU64::new(0)),
        1,
    );
    let answer = |chunk, group| batch.answer_chunk(chunk, group, None, &|| {});
    let out: Vec<u8> = Pipeline::new(input, Vec::new()).run(2, &cancel, &answer);
    std::fs::remove_file(&path).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], "1");
    assert_eq!(lines[1], expected.to_string());
    assert_eq!(lines[2], expected.to_string());
    assert!(
        lines[3].contains("line 4") && lines[3].contains("lz-string"),
        "{out}"
    );
    assert!(lines[4].contains("\"clock\" is not supported"), "{out}");
}

/// Every f-puzzles parameter that enters arithmetic, at the limits of its
/// type (`u32`): read, answered on an empty 4x4 and compared with the
/// oracle's count (written in i64, so it cannot wrap), or refused with the
/// item's path. A ratio dot of 2,863,311,531 once wrapped (3 x it is 1 mod
/// 2^32) and counted 48 grids for none.
#[test]
fn every_parameter_at_its_type_limits() {
    let shape = sudoku::Shape::square(2).unwrap();
    let grids = oracle::all_grids(shape, &[]);
    let items = |value: &str| {
        vec![
            format!(r#""ratio": [{{"cells": ["R1C1", "R1C2"], "value": "{value}"}}]"#),
            format!(r#""difference": [{{"cells": ["R1C1", "R1C2"], "value": "{value}"}}]"#),
            format!(r#""killercage": [{{"cells": ["R1C1", "R1C2"], "value": "{value}"}}]"#),
            format!(
                r#""littlekillersum": [{{"cell": "R0C0", "direction": "DR", "value": "{value}"}}]"#
            ),
            format!(r#""sandwichsum": [{{"cell": "R0C1", "value": "{value}"}}]"#),
            format!(r#""xsum": [{{"cell": "R1C0", "value": "{value}"}}]"#),
            format!(r#""skyscraper": [{{"cell": "R1C5", "value": "{value}"}}]"#),
            format!(
                r#""quadruple": [{{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": ["{value}"]}}]"#
            ),
        ]
    };
    let limits = [
        0u64,
        1,
        2,
        3,
        4,
        10,
        (1 << 31) - 1,
        1 << 31,
        2_863_311_531,
        u64::from(u32::MAX) - 1,
        u64::from(u32::MAX),
    ];
    for value in limits {
        for item in items(&value.to_string()) {
            let doc = format!(r#"{{"size": 4, "grid": {}, {item}}}"#, empty_rows(4));
            let puzzle = match read_fpuzzles(&doc) {
                Ok(p) => p,
                Err(e) => {
                    // A refusal names the item and says why.
                    let text = e.to_string();
                    let field = item.split('"').nth(1).unwrap();
                    assert!(text.starts_with(&format!("{field}[0]")), "{item}: {text}");
                    continue;
                }
            };
            let mut all = puzzle.variant.constraints.clone();
            for cage in &puzzle.variant.cages {
                all.push(Constraint::Cage {
                    cells: cage.cells.iter().map(|&(r, c)| r * 4 + c).collect(),
                    sum: Some(cage.sum),
                });
            }
            let expected = grids
                .iter()
                .filter(|g| all.iter().all(|c| oracle::obeys(c, g, shape, &all)))
                .count() as u128;
            let rules = Arc::new(puzzle.variant.rules(shape).unwrap());
            let mut solver = SudokuSolver::with_rules(rules, Default::default()).unwrap();
            let counted = match solver.count(&puzzle.grid, &Limits::none()) {
                Ok(c) => c.solutions,
                Err(sudoku_solve::SolveError::Unsolvable) => 0,
                Err(e) => panic!("{item}: {e}"),
            };
            assert_eq!(counted, expected, "{item}");
        }
        // Beyond u32: refused by path, never wrapped.
        for item in items(&(u64::from(u32::MAX) + 1).to_string()) {
            let doc = format!(r#"{{"size": 4, "grid": {}, {item}}}"#, empty_rows(4));
            let e = read_fpuzzles(&doc).unwrap_err().to_string();
            let field = item.split('"').nth(1).unwrap();
            assert!(e.starts_with(&format!("{field}[0]")), "{item}: {e}");
        }
    }
}

/// Errors name the item, never `$` or "the cage of line 0"; a wrong
/// `given`, a little killer's clue inside the grid and `size: 0` are
/// refused where they are.
#[test]
fn item_errors_name_the_item() {
    let doc = |item: &str| format!(r#"{{"size": 4, "grid": {}, {item}}}"#, empty_rows(4));
    let cases = [
        (
            r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R1C2", "R1C3"], "value": "4"}]"#,
            "killercage[1]: cell R1C2 is already in killercage[0]",
        ),
        (
            r#""ratio": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R1C3", "R1C4"], "value": "0"}]"#,
            "ratio[1]:",
        ),
        (
            r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": "99"}]"#,
            "killercage[0]:",
        ),
        (
            r#""littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "5"}]"#,
            "littlekillersum[0].cell: a little killer's clue is outside the grid, not in R2C2",
        ),
    ];
    for (item, want) in cases {
        let e = read_fpuzzles(&doc(item)).unwrap_err().to_string();
        assert!(e.starts_with(want), "{item}: {e}");
    }
    let given = r#"{"size": 4, "grid": [[{"value": 1, "given": "yes"}, {}, {}, {}],
        [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    let e = read_fpuzzles(given).unwrap_err().to_string();
    assert!(
        e.starts_with("grid[0][0] (R1C1).given: expected true or false"),
        "{e}"
    );
    // `size: 0` is an f-puzzles document with a wrong size, not our JSON.
    let zero = r#"{"size": 0, "grid": []}"#;
    let e = sudoku_format::parse_puzzle_with(zero, &Default::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("size: expected the grid's side"), "{e}");
}

/// An lz-string bomb (a few KB, under the 32 KiB cap; a 31.7 KB one decompressed to 700 MB on
/// main) stops at the documented cap with an error that says so.
#[test]
fn a_compressed_bomb_is_refused_at_the_cap() {
    use sudoku_format::fpuzzles::{MAX_COMPRESSED_BYTES, MAX_DECOMPRESSED_CHARS};
    let bomb = format!("{{\"size\": 9, \"title\": \"{}\"}}", "a".repeat(5_000_000));
    let load = sudoku_format::lzstring_encoder::compress_to_base64(&bomb);
    assert!(load.len() <= MAX_COMPRESSED_BYTES, "{}", load.len());
    let link = format!("https://www.f-puzzles.com/?load={load}");
    let e = read_fpuzzles(&link).unwrap_err().to_string();
    assert!(
        e.contains(&format!("more than {MAX_DECOMPRESSED_CHARS} characters")),
        "{e}"
    );
}

// issue 36, group B

/// Group B's keys (no f-puzzles key of their own: rangsk's and ISS's
/// names, lower-case; docs/formats.md) read as the constraints they name,
/// round-trip through the link and the JSON, and the 4x4 puzzle counts as
/// the oracle says.
#[test]
fn group_b_keys_are_read_round_trip_and_count_as_the_oracle() {
    let json = format!(
        r#"{{"size": 4, "grid": {},
        "sumline": [{{"lines": [["R1C1","R1C2","R2C2","R2C1","R1C1"]], "value": "5"}},
                    {{"lines": [["R3C1","R4C1"]], "value": "3"}}],
        "rellikcage": [{{"cells": ["R3C3","R3C4"], "value": "3"}}],
        "lunchbox": [{{"cells": ["R4C2","R4C3","R4C4"], "value": "0"}}],
        "equalitycage": [{{"cells": ["R2C3","R2C4"]}}],
        "numberedroom": [{{"cell": "R3C5", "value": "2"}}],
        "hiddenskyscraper": [{{"cell": "R0C3", "value": "1"}}],
        "countingcircles": [{{"cells": ["R1C4"]}}],
        "whispersby": [{{"lines": [["R3C2","R3C3"]], "value": "2"}}]}}"#,
        empty_rows(4)
    );
    let puzzle = read_fpuzzles(&json).unwrap();
    let c = &puzzle.variant.constraints;
    assert!(c.contains(&Constraint::SumLine {
        cells: vec![0, 1, 5, 4],
        sum: 5,
        looped: true
    }));
    assert!(c.contains(&Constraint::SumLine {
        cells: vec![8, 12],
        sum: 3,
        looped: false
    }));
    // R3C5 looks leftwards along row 3; R0C3 down column 3.
    assert!(c.contains(&Constraint::NumberedRoom {
        line: vec![11, 10, 9, 8],
        value: 2
    }));
    assert!(c.contains(&Constraint::HiddenSkyscraper {
        line: vec![2, 6, 10, 14],
        value: 1
    }));
    assert!(c.contains(&Constraint::WhispersBy {
        cells: vec![9, 10],
        difference: 2
    }));
    assert_eq!(c.len(), 9);
    let link = to_fpuzzles_link(&puzzle).unwrap();
    assert_eq!(read_fpuzzles(&link).unwrap(), puzzle);
    let again = to_fpuzzles_json(&puzzle).unwrap().to_string();
    assert_eq!(read_fpuzzles(&again).unwrap(), puzzle);
    let shape = puzzle.grid.shape();
    let expected = oracle::all_grids(shape, &[])
        .into_iter()
        .filter(|g| c.iter().all(|k| oracle::obeys(k, g, shape, c)))
        .count();
    let rules = Arc::new(puzzle.variant.rules(shape).unwrap());
    let mut solver = SudokuSolver::with_rules(rules, Default::default()).unwrap();
    let count = solver.count(&puzzle.grid, &Limits::none()).unwrap();
    assert_eq!(count.solutions, expected as u128);
    // The flags and Dutch whispers, read and written back.
    let json = format!(
        r#"{{"size": 9, "grid": {}, "globalentropy": true, "globalmodular": true,
        "dutchflatmates": true, "dutchwhispers": [{{"lines": [["R1C1","R1C2"]]}}]}}"#,
        empty_rows(9)
    );
    let puzzle = read_fpuzzles(&json).unwrap();
    for want in [
        Constraint::GlobalEntropy,
        Constraint::GlobalModular,
        Constraint::DutchFlatmates,
        Constraint::WhispersBy {
            cells: vec![0, 1],
            difference: 4,
        },
    ] {
        assert!(puzzle.variant.constraints.contains(&want), "{want:?}");
    }
    // Flags are written after the lists: the same constraints, in another
    // order.
    let again = read_fpuzzles(&to_fpuzzles_json(&puzzle).unwrap().to_string()).unwrap();
    let sorted = |p: &sudoku_format::fpuzzles::FPuzzle| {
        let mut v: Vec<String> = p
            .variant
            .constraints
            .iter()
            .map(|c| format!("{c:?}"))
            .collect();
        v.sort();
        v
    };
    assert_eq!(sorted(&again), sorted(&puzzle));
    // Bad clues say where.
    let bad = format!(
        r#"{{"size": 4, "grid": {}, "numberedroom": [{{"cell": "R0C1", "value": "9"}}]}}"#,
        empty_rows(4)
    );
    let e = read_fpuzzles(&bad).unwrap_err().to_string();
    assert!(e.contains("numberedroom[0]") && e.contains("1..=4"), "{e}");
}

// issue 36, group A

/// The group A constraints by the names rangsk's SudokuSolver gives them
/// (f-puzzles has none): read, counted against the brute force, written
/// and read back; bad items refused where they are.
#[test]
fn group_a_keys_are_read_answered_and_round_trip() {
    let json = format!(
        r#"{{"size": 4, "grid": {},
        "chess": [{{"offsets": [[1, 3]]}}], "taxicab": [{{"value": "3"}}],
        "columnindexer": [{{"cells": ["R1C1"]}}], "rowindexer": [{{"cells": ["R2C2"]}}],
        "boxindexer": [{{"cells": ["R4C4"]}}], "knightmare": false, "dnc": false}}"#,
        empty_rows(4)
    );
    let puzzle = read_fpuzzles(&json).unwrap();
    let c = &puzzle.variant.constraints;
    for k in [
        Constraint::Leaper {
            offsets: vec![(1, 3)],
        },
        Constraint::Taxicab { distance: 3 },
        Constraint::ColumnIndexer { cells: vec![0] },
        Constraint::RowIndexer { cells: vec![5] },
        Constraint::BoxIndexer { cells: vec![15] },
    ] {
        assert!(c.contains(&k), "{k:?} in {c:?}");
    }
    assert_eq!(c.len(), 5);
    let shape = puzzle.grid.shape();
    let expected = oracle::all_grids(shape, &[])
        .into_iter()
        .filter(|g| c.iter().all(|k| oracle::obeys(k, g, shape, c)))
        .count();
    let rules = Arc::new(puzzle.variant.rules(shape).unwrap());
    let mut solver = SudokuSolver::with_rules(rules, Default::default()).unwrap();
    let count = solver.count(&puzzle.grid, &Limits::none()).unwrap();
    assert_eq!(count.solutions, expected as u128);
    let again = read_fpuzzles(&to_fpuzzles_link(&puzzle).unwrap()).unwrap();
    assert_eq!(again, puzzle);
    // The flags, written as flags and read back.
    let flags = format!(
        r#"{{"size": 4, "grid": {}, "knightmare": true, "selftaxicab": true,
        "diagonalnonconsecutive": true, "anticamel": true}}"#,
        empty_rows(4)
    );
    let puzzle = read_fpuzzles(&flags).unwrap();
    assert_eq!(puzzle.variant.constraints.len(), 4);
    let json = to_fpuzzles_json(&puzzle).unwrap().to_string();
    assert_eq!(read_fpuzzles(&json).unwrap(), puzzle);
    // Bad items, each refused at its place.
    for (field, item, at) in [
        ("chess", r#"{"offsets": [[-1, 3]]}"#, "chess[0].offsets[0]"),
        ("chess", r#"{"offsets": [[0, 0]]}"#, "chess[0]"),
        (
            "chess",
            r#"{"offsets": [[4294967296, 1]]}"#,
            "chess[0].offsets[0]",
        ),
        ("taxicab", r#"{"value": "x"}"#, "taxicab[0].value"),
        ("taxicab", r#"{"value": "0"}"#, "taxicab[0]"),
        (
            "columnindexer",
            r#"{"cells": ["R5C1"]}"#,
            "columnindexer[0].cells[0]",
        ),
    ] {
        let json = format!(
            r#"{{"size": 4, "grid": {}, "{field}": [{item}]}}"#,
            empty_rows(4)
        );
        let e = read_fpuzzles(&json).unwrap_err().to_string();
        assert!(e.contains(at), "{field} {item}: {e}");
    }
}

/// The group A lines (modular, nabner, double arrow, zipper, lockout) by
/// their rangsk / ISS names: read, counted as the brute force says, and
/// round-tripped; a lockout without a value has the usual difference 4.
#[test]
fn group_a_lines_are_read_answered_and_round_trip() {
    let json = format!(
        r#"{{"size": 4, "grid": {},
        "modularline": [{{"lines": [["R1C1", "R1C2", "R1C3"]]}}],
        "nabner": [{{"lines": [["R2C1", "R3C2"]]}}],
        "doublearrow": [{{"lines": [["R4C1", "R4C2", "R4C3"]]}}],
        "zipperline": [{{"lines": [["R1C4", "R2C4", "R3C4"]]}}],
        "lockout": [{{"lines": [["R2C2", "R2C3"]]}}, {{"lines": [["R3C1", "R3C3"]], "value": "2"}}],
        "digitalrootcage": [{{"cells": ["R3C2", "R4C4"], "value": "5"}}]}}"#,
        empty_rows(4)
    );
    let puzzle = read_fpuzzles(&json).unwrap();
    let c = &puzzle.variant.constraints;
    assert_eq!(c.len(), 7);
    assert!(c.contains(&Constraint::DigitalRootCage {
        cells: vec![9, 15],
        root: 5
    }));
    assert!(c.contains(&Constraint::LockoutLine {
        cells: vec![5, 6],
        min_diff: 4
    }));
    assert!(c.contains(&Constraint::LockoutLine {
        cells: vec![8, 10],
        min_diff: 2
    }));
    let shape = puzzle.grid.shape();
    let expected = oracle::all_grids(shape, &[])
        .into_iter()
        .filter(|g| c.iter().all(|k| oracle::obeys(k, g, shape, c)))
        .count();
    let rules = Arc::new(puzzle.variant.rules(shape).unwrap());
    let mut solver = SudokuSolver::with_rules(rules, Default::default()).unwrap();
    let count = solver.count(&puzzle.grid, &Limits::none()).unwrap();
    assert_eq!(count.solutions, expected as u128);
    let again = read_fpuzzles(&to_fpuzzles_link(&puzzle).unwrap()).unwrap();
    assert_eq!(again, puzzle);
    let bad = format!(
        r#"{{"size": 4, "grid": {}, "doublearrow": [{{"lines": [["R1C1", "R1C2"]]}}]}}"#,
        empty_rows(4)
    );
    let e = read_fpuzzles(&bad).unwrap_err().to_string();
    assert!(e.contains("doublearrow[0]"), "{e}");
}

// issue 36, group C
#[test]
fn sum_dots_are_read_answered_and_round_trip() {
    let json = format!(
        r#"{{"size": 4, "grid": {},
        "sumdot": [{{"cells": ["R1C1", "R1C2"], "value": "5"}},
                   {{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "value": 9}}]}}"#,
        empty_rows(4)
    );
    let puzzle = read_fpuzzles(&json).unwrap();
    let c = &puzzle.variant.constraints;
    assert_eq!(
        c,
        &vec![
            Constraint::SumDot {
                cells: vec![0, 1],
                sum: 5
            },
            Constraint::SumDot {
                cells: vec![5, 6, 9, 10],
                sum: 9
            },
        ]
    );
    let shape = puzzle.grid.shape();
    let expected = oracle::all_grids(shape, &[])
        .into_iter()
        .filter(|g| c.iter().all(|k| oracle::obeys(k, g, shape, c)))
        .count();
    assert!(expected > 0);
    let rules = Arc::new(puzzle.variant.rules(shape).unwrap());
    let mut solver = SudokuSolver::with_rules(rules, Default::default()).unwrap();
    let count = solver.count(&puzzle.grid, &Limits::none()).unwrap();
    assert_eq!(count.solutions, expected as u128);
    let written = to_fpuzzles_json(&puzzle).unwrap();
    assert_eq!(written["sumdot"][0]["value"], "5");
    let again = read_fpuzzles(&to_fpuzzles_link(&puzzle).unwrap()).unwrap();
    assert_eq!(again, puzzle);
    // Errors say where: a sum without a value, a misplaced dot.
    for (item, want) in [
        (r#"{"cells": ["R1C1", "R1C2"]}"#, "sumdot[0].value"),
        (r#"{"cells": ["R1C1", "R1C3"], "value": "4"}"#, "sumdot"),
        (
            r#"{"cells": ["R1C1", "R9C2"], "value": "4"}"#,
            "sumdot[0].cells[1]",
        ),
        (
            r#"{"cells": ["R1C1", "R1C2"], "value": "-1"}"#,
            "sumdot[0].value",
        ),
    ] {
        let bad = format!(
            r#"{{"size": 4, "grid": {}, "sumdot": [{item}]}}"#,
            empty_rows(4)
        );
        let e = match read_fpuzzles(&bad) {
            Err(e) => e.to_string(),
            Ok(p) => p.variant.rules(p.grid.shape()).unwrap_err().to_string(),
        };
        assert!(e.contains(want), "{item}: {e}");
    }
}
