//! True candidates, unique-makers and the verdict's differing cells,
//! against the brute-force oracle (every grid, filtered by the constraints'
//! definitions written in the tests).

use std::collections::BTreeSet;
use std::sync::Arc;

use solver_core::Limits;
use sudoku::{Constraint, Grid, PairKind, Shape, Variant};
use sudoku_solve::setter;

use crate::oracle;

fn solutions(shape: Shape, puzzle: &[u16], constraints: &[Constraint]) -> Vec<Vec<u16>> {
    oracle::all_grids(shape, puzzle)
        .into_iter()
        .filter(|g| {
            constraints
                .iter()
                .all(|c| oracle::obeys(c, g, shape, constraints))
        })
        .collect()
}

fn cases() -> Vec<(Vec<u16>, Vec<Constraint>)> {
    vec![
        (
            vec![0; 16],
            vec![Constraint::Thermometer {
                cells: vec![0, 1, 5],
            }],
        ),
        (
            vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![Constraint::Dot {
                cells: [5, 6],
                kind: PairKind::Sum,
                value: 5,
            }],
        ),
        (
            vec![0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![
                Constraint::Whispers {
                    cells: vec![0, 1, 5],
                },
                Constraint::Skyscraper {
                    line: vec![12, 13, 14, 15],
                    count: 2,
                },
            ],
        ),
        (
            vec![1, 2, 3, 4, 3, 4, 0, 0, 2, 1, 0, 0, 4, 3, 0, 0],
            Vec::new(),
        ),
    ]
}

#[test]
fn true_candidates_and_unique_makers_match_brute_force() {
    let shape = Shape::square(2).unwrap();
    for (givens, constraints) in cases() {
        let sols = solutions(shape, &givens, &constraints);
        let rules = Arc::new(
            Variant {
                constraints: constraints.clone(),
                ..Variant::default()
            }
            .rules(shape)
            .unwrap(),
        );
        let puzzle = Grid::from_values(shape, givens.clone()).unwrap();
        let got = setter::true_candidates(&rules, &puzzle, &Limits::none()).unwrap();
        assert!(got.incomplete.is_none());
        for cell in 0..16 {
            let want: BTreeSet<u16> = sols.iter().map(|g| g[cell]).collect();
            let have: BTreeSet<u16> = got.values(cell).into_iter().collect();
            assert_eq!(have, want, "{constraints:?} cell {cell}");
        }
        // Unique-makers: placements on open cells leaving one solution.
        let makers = setter::unique_makers(&rules, &puzzle, &Limits::none()).unwrap();
        let mut want = Vec::new();
        for cell in (0..16).filter(|&c| givens[c] == 0) {
            for v in 1..=4u16 {
                if sols.iter().filter(|g| g[cell] == v).count() == 1 {
                    want.push((cell, v));
                }
            }
        }
        assert_eq!(makers.placements, want, "{constraints:?}");
        // The verdict and the cells where the two solutions differ.
        let (verdict, cells) = setter::verdict(&rules, &puzzle, &Limits::none()).unwrap();
        match sols.len() {
            0 => assert_eq!(verdict.status(), "unsolvable"),
            1 => assert_eq!(verdict.status(), "unique"),
            _ => {
                let sudoku_solve::Verdict::Multiple(a, b) = verdict else {
                    panic!("{verdict:?}")
                };
                assert!(sols.contains(&a.cells().to_vec()) && sols.contains(&b.cells().to_vec()));
                let differ: Vec<usize> =
                    (0..16).filter(|&c| a.cells()[c] != b.cells()[c]).collect();
                assert_eq!(cells, differ);
                assert!(!cells.is_empty());
            }
        }
    }
}

#[test]
fn an_unsolvable_puzzle_has_no_candidates_and_limits_say_incomplete() {
    let shape = Shape::square(2).unwrap();
    let rules = Arc::new(
        Variant {
            constraints: vec![Constraint::Thermometer {
                cells: vec![0, 1, 2, 3],
            }],
            ..Variant::default()
        }
        .rules(shape)
        .unwrap(),
    );
    let puzzle =
        Grid::from_values(shape, vec![2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    let got = setter::true_candidates(&rules, &puzzle, &Limits::none()).unwrap();
    assert!(got.is_unsolvable());
    let empty = Grid::empty(shape);
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let got = setter::true_candidates(&rules, &empty, &Limits::none().cancel_flag(flag)).unwrap();
    assert!(got.incomplete.is_some());
}

#[test]
fn the_batch_prints_true_candidates() {
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use sudoku_batch::{Batch, Input, OutputFormat, Pipeline, Source};
    use sudoku_format::ReadOptions;
    use sudoku_solve::{Asked, Task};

    let shape = Shape::square(2).unwrap();
    // Two solutions (rows 2 and 4 open in columns 3-4), an unsolvable
    // puzzle and a clash.
    let text = "123434..21..43..\n2234............\n.2...4..3...1...\n";
    let path = std::env::temp_dir().join(format!("candidates-{}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let cancel = Arc::new(AtomicBool::new(false));
    let run = |format| {
        let batch = Batch {
            task: Task::Candidates,
            timeout: None,
            max_nodes: None,
            cancel: Arc::clone(&cancel),
            engine: Asked::Auto,
            base: Variant::default(),
            format,
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
        String::from_utf8(out).unwrap()
    };
    let out = run(OutputFormat::Text);
    let lines: Vec<&str> = out.lines().collect();
    // The oracle's candidates of the first puzzle.
    let givens: Vec<u16> = "123434..21..43.."
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u16))
        .collect();
    let sols = solutions(shape, &givens, &[]);
    let want: Vec<String> = (0..16)
        .map(|c| {
            let set: BTreeSet<u16> = sols.iter().map(|g| g[c]).collect();
            set.iter().map(u16::to_string).collect()
        })
        .collect();
    assert_eq!(lines[0], want.join(" "));
    assert!(
        lines[1].starts_with("invalid: line 2:") && lines[1].contains("row 1"),
        "{out}"
    );
    assert_eq!(lines[2], "unsolvable");
    let json = run(OutputFormat::Json);
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "candidates");
    assert_eq!(first["complete"], true);
    assert_eq!(first["candidates"][6], serde_json::json!([1, 2]));
    std::fs::remove_file(&path).unwrap();
}
