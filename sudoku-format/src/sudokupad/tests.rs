//! SudokuPad links: made here by a program of our own (f-puzzles JSON and
//! CTC JSON in the zipper form, compressed), read back and counted against
//! a brute force over every 4x4 grid; hand-written links; refusals.

use std::io::{Read, Write};

use serde_json::{json, Value};
use sudoku_solve::{Limits, SudokuSolver, Verdict};

use super::*;
use sudoku::Shape;

/// Every 4x4 Sudoku grid (2x2 boxes), by brute force.
fn all_4x4() -> Vec<[u32; 16]> {
    let perms: Vec<[u32; 4]> = {
        let mut out = Vec::new();
        for a in 1..=4 {
            for b in 1..=4 {
                for c in 1..=4 {
                    for d in 1..=4 {
                        let v = [a, b, c, d];
                        let mut s = v;
                        s.sort_unstable();
                        if s == [1, 2, 3, 4] {
                            out.push(v);
                        }
                    }
                }
            }
        }
        out
    };
    let mut grids = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let g: Vec<u32> = [r0, r1, r2, r3]
                        .iter()
                        .flat_map(|r| r.iter().copied())
                        .collect();
                    let ok = (0..4).all(|k| {
                        let col: Vec<u32> = (0..4).map(|r| g[r * 4 + k]).collect();
                        let (br, bc) = (k / 2 * 2, k % 2 * 2);
                        let bx: Vec<u32> =
                            (0..4).map(|i| g[(br + i / 2) * 4 + bc + i % 2]).collect();
                        distinct(&col) && distinct(&bx)
                    });
                    if ok {
                        grids.push(g.try_into().unwrap());
                    }
                }
            }
        }
    }
    grids
}

fn distinct(v: &[u32]) -> bool {
    let mut s = v.to_vec();
    s.sort_unstable();
    s.dedup();
    s.len() == v.len()
}

/// A rule checked on a full grid, written directly from its text.
type Rule = Box<dyn Fn(&[u32; 16]) -> bool>;

fn brute(rules: &[Rule], givens: &[(usize, u32)]) -> u128 {
    static GRIDS: std::sync::OnceLock<Vec<[u32; 16]>> = std::sync::OnceLock::new();
    GRIDS
        .get_or_init(all_4x4)
        .iter()
        .filter(|g| givens.iter().all(|&(c, v)| g[c] == v) && rules.iter().all(|r| r(g)))
        .count() as u128
}

fn count(p: &SudokuPadPuzzle) -> u128 {
    let rules = p.puzzle.variant.rules(p.puzzle.grid.shape()).unwrap();
    let mut solver = SudokuSolver::with_rules(rules.into(), Default::default()).unwrap();
    solver
        .count(&p.puzzle.grid, &Limits::none())
        .unwrap()
        .solutions
}

/// Our own zipper: short keys, unquoted, `'` strings, t/f, bare colours,
/// empty objects dropped from lists.
fn zip(v: &Value) -> String {
    const SHORT: [(&str, &str); 14] = [
        ("cells", "ce"),
        ("regions", "re"),
        ("cages", "ca"),
        ("lines", "l"),
        ("arrows", "a"),
        ("overlays", "o"),
        ("underlays", "u"),
        ("wayPoints", "wp"),
        ("color", "c"),
        ("thickness", "th"),
        ("value", "v"),
        ("center", "ct"),
        ("borderColor", "c1"),
        ("backgroundColor", "c2"),
    ];
    match v {
        Value::Object(m) if m.is_empty() => String::new(),
        Value::Object(m) => {
            let parts: Vec<String> = m
                .iter()
                .map(|(k, v)| {
                    let key = SHORT
                        .iter()
                        .find(|(l, _)| l == k)
                        .map_or(k.as_str(), |(_, s)| s);
                    let val = match v {
                        Value::String(s)
                            if s.len() == 7
                                && s.starts_with('#')
                                && s[1..].bytes().all(|b| b.is_ascii_hexdigit()) =>
                        {
                            s[1..].to_string()
                        }
                        _ => zip(v),
                    };
                    format!("{key}:{val}")
                })
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(a) => format!("[{}]", a.iter().map(zip).collect::<Vec<_>>().join(",")),
        Value::String(s) => format!("'{}'", s.replace('\'', "\\'")),
        Value::Bool(true) => "t".into(),
        Value::Bool(false) => "f".into(),
        other => other.to_string(),
    }
}

fn scl(doc: &Value) -> String {
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(zip(doc).as_str())
    )
}

/// A CTC puzzle of side 4 with boxes, givens and the drawing `extra`.
fn ctc(givens: &[(usize, u32)], extra: Value) -> Value {
    let mut cells = vec![vec![json!({}); 4]; 4];
    for &(c, v) in givens {
        cells[c / 4][c % 4] = json!({"value": v});
    }
    let regions: Vec<Value> = (0..4)
        .map(|b| {
            let (br, bc) = (b / 2 * 2, b % 2 * 2);
            json!((0..4).map(|i| [br + i / 2, bc + i % 2]).collect::<Vec<_>>())
        })
        .collect();
    let mut doc = json!({"cellSize": 50, "cells": cells, "regions": regions});
    for (k, v) in extra.as_object().unwrap() {
        doc[k] = v.clone();
    }
    doc
}

/// Cell centres of cells, as SudokuPad's way points.
fn centres(cells: &[usize]) -> Value {
    json!(cells
        .iter()
        .map(|&c| [(c / 4) as f64 + 0.5, (c % 4) as f64 + 0.5])
        .collect::<Vec<_>>())
}

fn edge(a: usize, b: usize) -> Value {
    json!([
        ((a / 4 + b / 4) as f64 + 1.0) / 2.0,
        ((a % 4 + b % 4) as f64 + 1.0) / 2.0
    ])
}

fn check(doc: Value, givens: &[(usize, u32)], rules: Vec<Rule>) {
    let link = scl(&doc);
    let p = read_sudokupad(&link).unwrap_or_else(|e| panic!("{e}\n{doc}"));
    let expected = brute(&rules, givens);
    assert_eq!(count(&p), expected, "{doc}");
    // The same puzzle through its fpuz link (our writer) counts the same.
    let back = read_sudokupad(&to_sudokupad_link(&p.puzzle, &p.meta).unwrap()).unwrap();
    assert_eq!(back.puzzle.grid, p.puzzle.grid);
    let (ours, theirs) = (&p.puzzle.variant, &back.puzzle.variant);
    assert_eq!(ours.constraints.len(), theirs.constraints.len());
    assert!(ours
        .constraints
        .iter()
        .all(|c| theirs.constraints.contains(c)));
    assert_eq!(count(&back), expected);
}

#[test]
fn thermometers_palindromes_and_between_lines_count_as_the_brute_force() {
    for (cells, g) in [
        (vec![0, 1, 5], vec![]),
        (vec![4, 8, 9, 13], vec![(0, 2)]),
        (vec![3, 2], vec![(15, 1)]),
    ] {
        let t = cells.clone();
        let doc = ctc(
            &g,
            json!({"lines": [{"color": "#CFCFCF", "thickness": 21, "wayPoints": centres(&cells)}],
                   "underlays": [{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF",
                     "center": centres(&cells[..1])[0], "rounded": true, "width": 0.85, "height": 0.85}]}),
        );
        check(
            doc,
            &g,
            vec![Box::new(move |v| t.windows(2).all(|w| v[w[0]] < v[w[1]]))],
        );
        let p = cells.clone();
        let doc = ctc(
            &g,
            json!({"lines": [{"color": "#cfcfcf", "thickness": 16, "wayPoints": centres(&cells)}]}),
        );
        check(
            doc,
            &g,
            vec![Box::new(move |v| {
                (0..p.len()).all(|i| v[p[i]] == v[p[p.len() - 1 - i]])
            })],
        );
        let b = cells.clone();
        let doc = ctc(
            &g,
            json!({"lines": [{"color": "#CFCFCF", "thickness": 2, "wayPoints": centres(&cells)}],
            "overlays": [{"borderColor": "#CFCFCF", "backgroundColor": "#FFFFFF", "rounded": true,
                          "width": 0.8, "height": 0.8, "center": centres(&cells[..1])[0]}]}),
        );
        check(
            doc,
            &g,
            vec![Box::new(move |v| {
                let (lo, hi) = (
                    v[b[0]].min(v[b[b.len() - 1]]),
                    v[b[0]].max(v[b[b.len() - 1]]),
                );
                b[1..b.len() - 1].iter().all(|&c| lo < v[c] && v[c] < hi)
            })],
        );
    }
}

#[test]
fn killer_cages_extra_regions_and_flags_count_as_the_brute_force() {
    for (cells, sum) in [(vec![0, 1], 3u32), (vec![5, 6, 9], 6), (vec![3, 7], 7)] {
        let k = cells.clone();
        let cage: Vec<[usize; 2]> = cells.iter().map(|&c| [c / 4, c % 4]).collect();
        let doc = ctc(
            &[],
            json!({"cages": [{"cells": cage, "unique": true, "sum": sum, "value": sum.to_string()},
                                            {"value": "title: Cage"}]}),
        );
        check(
            doc.clone(),
            &[],
            vec![Box::new(move |v| {
                distinct(&k.iter().map(|&c| v[c]).collect::<Vec<_>>())
                    && k.iter().map(|&c| v[c]).sum::<u32>() == sum
            })],
        );
        assert_eq!(
            read_sudokupad(&scl(&doc)).unwrap().meta.title.as_deref(),
            Some("Cage")
        );
        let e = cells.clone();
        let doc = ctc(
            &[],
            json!({"cages": [{"cells": cage, "style": "extraregion"}]}),
        );
        check(
            doc,
            &[],
            vec![Box::new(move |v| {
                distinct(&e.iter().map(|&c| v[c]).collect::<Vec<_>>())
            })],
        );
    }
    let king: Rule = Box::new(|v| {
        (0..16).all(|a| {
            (0..16).all(|b| {
                let (dr, dc) = (
                    (a / 4) as i32 - (b / 4) as i32,
                    (a % 4) as i32 - (b % 4) as i32,
                );
                a == b || dr.abs() > 1 || dc.abs() > 1 || v[a] != v[b]
            })
        })
    });
    check(ctc(&[], json!({"global": ["antiking"]})), &[], vec![king]);
    let nonconsecutive: Rule = Box::new(|v| {
        (0..16).all(|a| {
            (a % 4 == 3 || v[a].abs_diff(v[a + 1]) != 1)
                && (a >= 12 || v[a].abs_diff(v[a + 4]) != 1)
        })
    });
    check(
        ctc(&[(0, 1)], json!({"metadata": {"nonconsecutive": true}})),
        &[(0, 1)],
        vec![nonconsecutive],
    );
    let diag: Rule =
        Box::new(|v| distinct(&[v[0], v[5], v[10], v[15]]) && distinct(&[v[3], v[6], v[9], v[12]]));
    check(
        ctc(
            &[],
            json!({"lines": [{"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [4, 4]]},
                                  {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 4], [4, 0]]}]}),
        ),
        &[],
        vec![diag],
    );
}

#[test]
fn dots_odd_even_arrows_sandwiches_and_little_killers_count_as_the_brute_force() {
    for (a, b) in [(0, 1), (5, 9), (10, 11)] {
        let doc = ctc(
            &[],
            json!({"overlays": [{"borderColor": "#000000", "backgroundColor": "#FFFFFF",
            "center": edge(a, b), "rounded": true, "width": 0.3, "height": 0.3}]}),
        );
        check(doc, &[], vec![Box::new(move |v| v[a].abs_diff(v[b]) == 1)]);
        let doc = ctc(
            &[],
            json!({"overlays": [{"borderColor": "#000000", "backgroundColor": "#000000",
            "center": edge(a, b), "rounded": true, "width": 0.3, "height": 0.3}]}),
        );
        check(
            doc,
            &[],
            vec![Box::new(move |v| v[a] == 2 * v[b] || v[b] == 2 * v[a])],
        );
        let doc = ctc(
            &[],
            json!({"overlays": [{"borderColor": "#FFFFFF", "backgroundColor": "#FFFFFF",
            "center": edge(a, b), "rounded": false, "width": 0.25, "height": 0.25, "text": "V"}]}),
        );
        check(doc, &[], vec![Box::new(move |v| v[a] + v[b] == 5)]);
        let doc = ctc(
            &[],
            json!({"underlays": [{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF",
            "center": centres(&[a])[0], "rounded": true, "width": 0.7, "height": 0.7},
            {"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF",
            "center": centres(&[b])[0], "rounded": false, "width": 0.7, "height": 0.7}]}),
        );
        check(
            doc,
            &[],
            vec![Box::new(move |v| v[a] % 2 == 1 && v[b] % 2 == 0)],
        );
    }
    // An arrow: circle R1C1, line R1C2 R2C2.
    let doc = ctc(
        &[],
        json!({
        "arrows": [{"color": "#a1a1a1", "headLength": 0.3, "thickness": 5,
                    "wayPoints": [[0.5, 0.8], [0.5, 1.5], [1.5, 1.5]]}],
        "overlays": [{"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": [0.5, 0.5],
                      "rounded": true, "width": 0.75, "height": 0.75, "text": ""}]}),
    );
    check(doc, &[], vec![Box::new(|v| v[0] == v[1] + v[5])]);
    // A sandwich above column 2 and a little killer from R0C0 down-right.
    let doc = ctc(
        &[],
        json!({"overlays": [{"borderColor": "#FFFFFF", "backgroundColor": "#FFFFFF",
        "center": [-0.5, 1.5], "rounded": false, "width": 0.25, "height": 0.25, "text": "5"}]}),
    );
    check(
        doc,
        &[],
        vec![Box::new(|v| {
            let col: Vec<u32> = (0..4).map(|r| v[r * 4 + 1]).collect();
            let (i, j) = (
                col.iter().position(|&x| x == 1).unwrap(),
                col.iter().position(|&x| x == 4).unwrap(),
            );
            col[i.min(j) + 1..i.max(j)].iter().sum::<u32>() == 5
        })],
    );
    let doc = ctc(
        &[],
        json!({
        "arrows": [{"color": "#000000", "thickness": 2, "wayPoints": [[-0.2, -0.2], [-0.02, -0.02]]}],
        "overlays": [{"borderColor": "#FFFFFF", "backgroundColor": "#FFFFFF", "center": [-0.5, -0.5],
                      "rounded": false, "width": 0.25, "height": 0.25, "text": "10"}]}),
    );
    check(
        doc,
        &[],
        vec![Box::new(|v| v[0] + v[5] + v[10] + v[15] == 10)],
    );
}

/// A 6x6 killer and thermo, through fpuz links of f-puzzles JSON.
#[test]
fn fpuz_links_of_six_by_six_puzzles_round_trip() {
    let json = json!({"size": 6, "title": "Six", "author": "Us", "ruleset": "Normal rules.",
        "grid": (0..6).map(|_| (0..6).map(|_| json!({})).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3", "R2C3"]]}],
        "killercage": [{"cells": ["R6C5", "R6C6"], "value": "11"}]});
    let link = format!(
        "https://sudokupad.app/fpuz{}",
        lz_str::compress_to_base64(json.to_string().as_str())
    );
    let p = read_sudokupad(&link).unwrap();
    assert_eq!(
        p.meta,
        Metadata {
            title: Some("Six".into()),
            author: Some("Us".into()),
            rules: Some("Normal rules.".into())
        }
    );
    assert_eq!(p.puzzle.grid.shape(), Shape::new(2, 3).unwrap());
    let again = read_sudokupad(&to_sudokupad_link(&p.puzzle, &p.meta).unwrap()).unwrap();
    assert_eq!(again, p);
    // SudokuPad's alphabet: `\` for `=`, padding dropped.
    let quirky = link.replace('=', "\\");
    assert_eq!(read_sudokupad(&quirky).unwrap(), p);
}

#[test]
fn every_url_form_reads_the_same_puzzle() {
    let doc = ctc(
        &[(0, 1)],
        json!({"lines": [{"color": "#CFCFCF", "thickness": 21, "wayPoints": centres(&[4, 5])}]}),
    );
    let id = scl(&doc)
        .trim_start_matches("https://sudokupad.app/")
        .to_string();
    let want = read_sudokupad(&id).unwrap();
    for form in [
        format!("https://sudokupad.app/{id}"),
        format!("https://beta.sudokupad.app/{id}?setting-nogrid=1"),
        format!("https://alpha.sudokupad.app/{id}"),
        format!("https://sudokupad.app/?puzzleid={id}"),
        format!("https://app.crackingthecryptic.com/sudoku/{id}"),
        format!("sudokupad://puzzle/{id}"),
        id.replace("scl", "ctc"),
    ] {
        assert!(is_sudokupad_link(&form), "{form}");
        assert_eq!(read_sudokupad(&form).unwrap(), want, "{form}");
    }
}

#[test]
fn lost_slashes_are_doubled_again() {
    // Find a puzzle whose data holds `//`, then lose one slash.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for k in 0..2000u32 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Characters with many one bits make `/` (63) likely.
        let title: String = (0..8)
            .filter_map(|i| char::from_u32(0xF000 + ((seed >> (i * 8)) & 0xFFF) as u32))
            .collect();
        let doc = ctc(
            &[],
            json!({"cages": [{"value": format!("title: {k} {title}")}]}),
        );
        let link = scl(&doc);
        let data_at = "https://sudokupad.app/scl".len();
        if let Some(at) = link[data_at..].find("//").map(|at| at + data_at) {
            let lost = format!("{}{}", &link[..at], &link[at + 1..]);
            assert_eq!(
                read_sudokupad(&lost).unwrap(),
                read_sudokupad(&link).unwrap()
            );
            return;
        }
    }
    panic!("no data with a doubled slash among 2000 puzzles");
}

/// Classic links written by hand: the first form (`A`.. for runs of
/// blanks) and the second (digit + 10 x blanks after it).
#[test]
fn classic_links_read_their_grid() {
    // 4x4: 1 . . . / . . 2 . / . 3 . . / . . . 4
    let first = read_sudokupad("https://sudokupad.app/classic1E2B3E4").unwrap();
    assert_eq!(
        first.puzzle.grid.cells(),
        &[1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4]
    );
    // The second form: "1" then 3 blanks = 31 -> 'V'.
    let second = read_sudokupad("classicV0V0").unwrap_err();
    assert!(second.to_string().contains("square"), "{second}");
    let ok = read_sudokupad("classicVVVV").unwrap();
    assert_eq!(
        ok.puzzle.grid.cells(),
        &[1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]
    );
}

#[test]
fn unknown_parts_are_refused_by_name() {
    let cases = [
        (json!({"foglight": [[0, 0]]}), "foglight"),
        (
            json!({"lines": [{"color": "#67F067", "thickness": 10, "wayPoints": centres(&[0, 1])}]}),
            "lines[0]",
        ),
        (
            json!({"cages": [{"cells": [[0, 0]], "style": "fpRowIndexer"}]}),
            "fpRowIndexer",
        ),
        (
            json!({"cages": [{"cells": [[0, 0], [0, 1]], "unique": false, "value": "3"}]}),
            "may repeat",
        ),
        (json!({"global": ["antiqueen"]}), "antiqueen"),
        (
            json!({"underlays": [{"backgroundColor": "#CFCFCF", "center": [0.5, 0.5], "width": 1, "height": 1}]}),
            "clone",
        ),
        (
            json!({"overlays": [{"backgroundColor": "#FFA0A0", "center": [0.5, 0.5], "width": 1, "height": 1, "text": "?"}]}),
            "overlays[0]",
        ),
    ];
    for (extra, name) in cases {
        let e = read_sudokupad(&scl(&ctc(&[], extra.clone()))).unwrap_err();
        assert!(matches!(e, SudokuPadError::Unsupported { .. }), "{e}");
        assert!(e.to_string().contains(name), "{name}: {e}");
    }
    // scf is read (issue 36), but a rule letter it does not know is
    // refused by name.
    let e = read_sudokupad("scfAAAA*q").unwrap_err();
    assert!(matches!(e, SudokuPadError::Unsupported { .. }), "{e}");
    assert!(
        e.to_string().contains("scf") && e.to_string().contains("'q'"),
        "{e}"
    );
}

#[test]
fn hostile_links_are_refused_in_bounded_memory() {
    // A decompression bomb: 31 KB that would decompress to 20 MB (packed by
    // a linear-time encoder that writes what the lz-str crate writes).
    let bomb = format!(
        "scl{}",
        crate::lzstring_encoder::compress_to_base64("a".repeat(10_000_000).as_str())
    );
    assert!(bomb.len() < 32 * 1024, "{}", bomb.len());
    let e = read_sudokupad(&bomb).unwrap_err();
    assert!(e.to_string().contains("more than"), "{e}");
    let long = format!("scl{}", "A".repeat(40_000));
    assert!(read_sudokupad(&long)
        .unwrap_err()
        .to_string()
        .contains("bytes"));
    // An absurd size.
    let huge = json!({"cells": vec![vec![json!({}); 100]; 100], "regions": []});
    let e = read_sudokupad(&scl(&huge)).unwrap_err();
    assert!(e.to_string().contains("100 rows"), "{e}");
    // Cells off the grid.
    let off = ctc(
        &[],
        json!({"cages": [{"cells": [[0, 0], [7, 9]], "unique": true, "sum": 5}]}),
    );
    let e = read_sudokupad(&scl(&off)).unwrap_err();
    assert!(
        e.to_string().contains("R8C10 is outside the 4x4 grid"),
        "{e}"
    );
    let far = ctc(
        &[],
        json!({"lines": [{"color": "#CFCFCF", "thickness": 21, "wayPoints": [[0.5, 0.5], [1e300, 0.5]]}]}),
    );
    assert!(read_sudokupad(&scl(&far)).is_err());
    // Nesting and garbage.
    let deep = format!(
        "scl{}",
        lz_str::compress_to_base64(format!("{{a:{}", "[".repeat(5000)).as_str())
    );
    assert!(read_sudokupad(&deep).is_err());
    assert!(read_sudokupad("scl!!!!").is_err());
    // Givens out of range.
    let bad = ctc(&[(0, 9)], json!({}));
    assert!(read_sudokupad(&scl(&bad))
        .unwrap_err()
        .to_string()
        .contains("R1C1"));
}

/// One HTTP request answered with `body` (and `status`), on a local port.
fn serve_once(status: &str, body: String) -> (String, std::thread::JoinHandle<String>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}/api/puzzle/", listener.local_addr().unwrap());
    let status = status.to_string();
    let handle = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut request = Vec::new();
        let mut buf = [0u8; 1024];
        while !request.windows(4).any(|w| w == b"\r\n\r\n") {
            let k = stream.read(&mut buf).unwrap();
            if k == 0 {
                break;
            }
            request.extend_from_slice(&buf[..k]);
        }
        let answer = format!(
            "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(answer.as_bytes()).unwrap();
        String::from_utf8_lossy(&request).into_owned()
    });
    (base, handle)
}

#[test]
fn short_ids_are_fetched_from_the_api() {
    let doc = ctc(&[(5, 3)], json!({"global": ["antiknight"]}));
    let data = scl(&doc)
        .trim_start_matches("https://sudokupad.app/")
        .to_string();
    let (api, server) = serve_once("200 OK", data.clone());
    let options = FetchOptions {
        api,
        ..FetchOptions::default()
    };
    let p = read_sudokupad_with("https://sudokupad.app/abc-123?setting-dark=1", &options).unwrap();
    let request = server.join().unwrap();
    assert!(request.starts_with("GET /api/puzzle/abc-123 "), "{request}");
    assert_eq!(p, read_sudokupad(&data).unwrap());
    // The API may answer with the zipped JSON itself.
    let (api, server) = serve_once("200 OK", zip(&doc));
    let options = FetchOptions {
        api,
        ..FetchOptions::default()
    };
    assert_eq!(
        read_sudokupad_with("sudokupad://puzzle/xyz", &options).unwrap(),
        p
    );
    server.join().unwrap();
    // No such puzzle.
    let (api, server) = serve_once("404 Not Found", String::new());
    let options = FetchOptions {
        api,
        ..FetchOptions::default()
    };
    let e = read_sudokupad_with("https://sudokupad.app/nope", &options).unwrap_err();
    assert!(e.to_string().contains("404"), "{e}");
    server.join().unwrap();
    // An answer past the cap.
    let (api, server) = serve_once("200 OK", "x".repeat(5000));
    let options = FetchOptions {
        api,
        max_bytes: 1000,
        ..FetchOptions::default()
    };
    assert!(read_sudokupad_with("https://sudokupad.app/big", &options).is_err());
    server.join().unwrap();
}

#[test]
fn without_a_network_the_error_says_so() {
    // A port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let options = FetchOptions {
        api: format!("http://127.0.0.1:{port}/api/puzzle/"),
        timeout: std::time::Duration::from_secs(5),
        ..FetchOptions::default()
    };
    let e = read_sudokupad_with("https://sudokupad.app/abcdef", &options).unwrap_err();
    assert!(matches!(e, SudokuPadError::Fetch { .. }), "{e}");
    assert!(e.to_string().contains("without a network"), "{e}");
}

/// A 9x9 classic link and killer/thermo/arrow links written by hand from
/// their rule text, each with its unique solution checked against the
/// rules written here.
#[test]
fn hand_written_nine_by_nine_links() {
    // The classic grid: row r, column c holds (r*3 + r/3 + c) % 9 + 1, with
    // the cells whose (r + c) is even given except R1C1 ... enough to be
    // unique; the solution must be the pattern.
    let sol: Vec<u16> = (0..81)
        .map(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u16)
        .collect();
    let givens: String = (0..81)
        .map(|i| {
            if (i / 9 + i % 9) % 2 == 0 && i != 0 {
                char::from(b'0' + sol[i] as u8)
            } else {
                '0'
            }
        })
        .collect();
    // The second classic form: each given with the blanks after it.
    let mut zipped = String::new();
    let keys: Vec<char> = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"
        .chars()
        .collect();
    let cells: Vec<u32> = givens.chars().map(|c| c.to_digit(10).unwrap()).collect();
    let mut i = 0;
    while i < cells.len() {
        let mut blanks = 0;
        while blanks < 5 && i + 1 + blanks < cells.len() && cells[i + 1 + blanks] == 0 {
            blanks += 1;
        }
        zipped.push(keys[cells[i] as usize + 10 * blanks]);
        i += 1 + blanks;
    }
    let p = read_sudokupad(&format!("https://sudokupad.app/classic{zipped}")).unwrap();
    let rules = p.puzzle.variant.rules(p.puzzle.grid.shape()).unwrap();
    let mut solver = SudokuSolver::with_rules(rules.into(), Default::default()).unwrap();
    let (verdict, _) = solver.check_unique(&p.puzzle.grid, &Limits::none());
    let Verdict::Unique(solution) = verdict else {
        panic!("{verdict:?}")
    };
    assert_eq!(solution.cells(), sol.as_slice());
    // Killer (R1C1 + R1C2 = 3), thermo (R9C2 < R9C3 < R9C4) and arrow
    // (R6C5 = R5C6 + R5C7), written from their rule text on the same
    // grid with those cells blank: the one solution keeps each rule.
    let blank = [0usize, 1, 73, 74, 75, 49, 41, 42];
    let doc = json!({"cellSize": 50,
        "cells": (0..9).map(|r| (0..9).map(|c| {
            let i = r * 9 + c;
            if blank.contains(&i) { json!({}) } else { json!({"value": sol[i]}) }
        }).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "regions": (0..9).map(|b| (0..9).map(|i| [b / 3 * 3 + i / 3, b % 3 * 3 + i % 3]).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "cages": [{"cells": [[0, 0], [0, 1]], "unique": true, "sum": 3, "value": "3"},
                  {"value": "title: Hand made"}, {"value": "author: Test"},
                  {"value": "rules: Normal sudoku rules apply."}],
        "lines": [{"color": "#CFCFCF", "thickness": 21, "wayPoints": [[8.5, 1.5], [8.5, 2.5], [8.5, 3.5]]}],
        "arrows": [{"color": "#A1A1A1", "thickness": 5, "headLength": 0.3,
                    "wayPoints": [[5.3, 4.7], [4.5, 5.5], [4.5, 6.5]]}],
        "overlays": [{"borderColor": "#A1A1A1", "backgroundColor": "#FFFFFF", "center": [5.5, 4.5],
                      "rounded": true, "width": 0.75, "height": 0.75}]});
    let p = read_sudokupad(&scl(&doc)).unwrap();
    assert_eq!(p.meta.title.as_deref(), Some("Hand made"));
    assert_eq!(p.meta.rules.as_deref(), Some("Normal sudoku rules apply."));
    assert_eq!(p.puzzle.variant.cages.len(), 1);
    assert_eq!(p.puzzle.variant.constraints.len(), 2);
    let rules = p.puzzle.variant.rules(p.puzzle.grid.shape()).unwrap();
    let mut solver = SudokuSolver::with_rules(rules.into(), Default::default()).unwrap();
    let (all, _) = solver
        .solutions_within(&p.puzzle.grid, &Limits::none())
        .unwrap();
    assert_eq!(all.len(), 1);
    let v = all[0].cells();
    assert_eq!(v, sol.as_slice());
    assert_eq!(v[0] + v[1], 3);
    assert!(v[73] < v[74] && v[74] < v[75]);
    assert_eq!(v[49], v[41] + v[42]);
}

/// The batch reader: one link per line; a bad line costs only itself.
#[test]
fn the_batch_reader_reads_one_link_per_line() {
    let good = scl(&ctc(&[(0, 1)], json!({"global": ["antiking"]})));
    let classic = "https://sudokupad.app/classic1E2B3E4?setting-x=1";
    let text = format!("{good}\nscl!!!!\n{classic}\n");
    let records: Vec<_> = crate::Records::new(text.as_bytes(), Default::default()).collect();
    assert_eq!(records.len(), 3);
    let first = records[0].result.as_ref().unwrap();
    assert_eq!(first.grid.get(0, 0), Some(1));
    assert_eq!(
        first.variant.as_ref().unwrap().constraints,
        vec![sudoku::Constraint::AntiKing]
    );
    let e = records[1].result.as_ref().unwrap_err().to_string();
    assert!(e.contains("line 2") && e.contains("SudokuPad"), "{e}");
    assert_eq!(records[2].result.as_ref().unwrap().grid.get(1, 2), Some(2));
}

// issue 36, group B

/// Renban, German whispers and region-sum lines in f-puzzles' line-tool
/// colours (as SudokuPad's converter draws an f-puzzles `line`: thickness
/// 32 x width), read when the rules name them; quadruples as the converter
/// draws them. Each counts as the brute force; without the rules' word the
/// line stays refused by name.
#[test]
fn ruled_lines_and_quadruples_count_as_the_brute_force() {
    let with_rules = |mut doc: Value, rules: &str| {
        doc["metadata"] = json!({"rules": rules});
        doc
    };
    let line = |colour: &str, cells: &[usize]| json!({"lines": [{"color": colour, "thickness": 12.8, "wayPoints": centres(cells)}]});
    let r = vec![0usize, 1, 5];
    let renban = r.clone();
    check(
        with_rules(
            ctc(&[], line("#F067F0", &r)),
            "Renban lines: consecutive digits.",
        ),
        &[],
        vec![Box::new(move |v| {
            let mut s: Vec<u32> = renban.iter().map(|&c| v[c]).collect();
            s.sort_unstable();
            s.windows(2).all(|w| w[1] == w[0] + 1)
        })],
    );
    let w = vec![0usize, 4, 5];
    let whispers = w.clone();
    check(
        with_rules(ctc(&[], line("#67f067ff", &w)), "German Whispers apply."),
        &[],
        vec![Box::new(move |v| {
            whispers.windows(2).all(|p| v[p[0]].abs_diff(v[p[1]]) >= 2)
        })],
    );
    let g = vec![1usize, 2, 6];
    let region = g.clone();
    check(
        with_rules(ctc(&[], line("#2ECBFF", &g)), "Region sum lines."),
        &[],
        vec![Box::new(move |v| {
            v[region[0]] == v[region[1]] + v[region[2]]
        })],
    );
    // A quadruple of 1 and 2 on the corner of r2c2, r2c3, r3c2, r3c3.
    let quad = ctc(
        &[],
        json!({"overlays": [{"backgroundColor": "#FFFFFF", "borderColor": "#000000",
            "center": [2.0, 2.0], "rounded": true, "width": 0.7, "height": 0.7, "text": "1 2"}]}),
    );
    check(
        quad,
        &[],
        vec![Box::new(|v| {
            let block = [v[5], v[6], v[9], v[10]];
            block.contains(&1) && block.contains(&2)
        })],
    );
    // Without the rules' word, a coloured line is no rule: refused by name.
    let e = read_sudokupad(&scl(&with_rules(
        ctc(&[], line("#F067F0", &r)),
        "Normal sudoku rules.",
    )))
    .unwrap_err();
    assert!(e.to_string().contains("lines[0]"), "{e}");
}

// issue 36, group A

/// Knightmare, self-taxicab, diagonal non-consecutive and the named
/// leapers as SudokuPad's global rules; an unknown global is refused by
/// name.
#[test]
fn group_a_globals_are_read() {
    use sudoku::Constraint;
    let doc = ctc(
        &[],
        json!({"global": ["knightmare", "self-taxicab", "diagonal nonconsecutive", "anticamel", "anti-zebra", "antigiraffe"]}),
    );
    let p = read_sudokupad(&scl(&doc)).unwrap();
    let c = &p.puzzle.variant.constraints;
    for k in [
        Constraint::Knightmare,
        Constraint::SelfTaxicab,
        Constraint::DiagonalNonConsecutive,
        Constraint::Leaper {
            offsets: vec![(1, 3)],
        },
        Constraint::Leaper {
            offsets: vec![(2, 3)],
        },
        Constraint::Leaper {
            offsets: vec![(1, 4)],
        },
    ] {
        assert!(c.contains(&k), "{k:?} in {c:?}");
    }
    let doc = ctc(&[], json!({"global": ["antielephant"]}));
    let e = read_sudokupad(&scl(&doc)).unwrap_err().to_string();
    assert!(e.contains("antielephant"), "{e}");
}
