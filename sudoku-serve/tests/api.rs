//! The JSON API without a browser: located parse errors, counts, verdicts
//! and true candidates against a brute-force oracle on 4x4, edits, and a
//! cancelled job that ends "incomplete" within a second.

mod common;

use std::time::{Duration, Instant};

use common::{completions, get, one_long_job_at_a_time, post, start, wait};
use serde_json::{json, Value};

fn grid_text(givens: &[u8; 16]) -> String {
    givens
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

#[test]
fn the_page_and_its_assets_are_served() {
    let bound = start(false);
    let (status, page) = common::http(&bound.url, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<textarea id=\"puzzle\""), "{page}");
    assert!(page.contains("/app.js") && page.contains("/style.css"));
    for path in ["/app.js", "/style.css"] {
        let (status, body) = common::http(&bound.url, "GET", path, None);
        assert_eq!(status, 200, "{path}");
        assert!(body.len() > 100, "{path}");
    }
    // Nothing fetched from elsewhere: the page works offline.
    for attr in ["src=\"http", "href=\"http", "src=\"//", "href=\"//"] {
        assert!(!page.contains(attr), "{attr}");
    }
    let (_, script) = common::http(&bound.url, "GET", "/app.js", None);
    assert!(!script.contains("fetch('http") && !script.contains("import "));
}

#[test]
fn parse_errors_say_where() {
    let bound = start(false);
    // A character that is no symbol, on line 2 column 3 of a drawn grid.
    let (status, answer) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "1 2 . .\n. . # .\n. . . .\n. . . ."}),
    );
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["ok"], false);
    let error = &answer["error"];
    assert_eq!(error["line"], 2, "{error}");
    assert!(error["column"].as_u64().is_some(), "{error}");
    assert!(
        error["message"].as_str().unwrap().contains("'#'"),
        "{error}"
    );
    // A value too large for the grid: its cell.
    let (status, answer) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "5..............."}),
    );
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"]["cell"], json!([1, 1]), "{answer}");
    // f-puzzles: the JSON path of a thermometer cell outside the grid.
    let doc = json!({"size": 4, "grid": vec![vec![json!({}); 4]; 4],
        "thermometer": [{"lines": [["R1C1", "R5C1"]]}]});
    let (status, answer) = post(&bound.url, "/api/parse", &json!({"text": doc.to_string()}));
    assert_eq!(status, 400, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("thermometer[0].lines[0][1]"), "{message}");
    // An unsupported constraint, by name.
    let doc = json!({"size": 4, "grid": vec![vec![json!({}); 4]; 4], "clock": [{}]});
    let (_, answer) = post(&bound.url, "/api/parse", &json!({"text": doc.to_string()}));
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("\"clock\""),
        "{answer}"
    );
    // A request that is not what the API takes.
    let (status, answer) = post(&bound.url, "/api/parse", &json!({"txt": "1..."}));
    assert_eq!(status, 400);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("text"),
        "{answer}"
    );
    let (status, answer) = post(
        &bound.url,
        "/api/jobs",
        &json!({"text": "1...", "tasks": ["solve"]}),
    );
    assert_eq!(status, 400);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("\"solve\""),
        "{answer}"
    );
    let (status, _) = get(&bound.url, "/api/jobs/999999");
    assert_eq!(status, 404);
}

/// Puzzles of 4x4 with 0, 1, 2, ... solutions, from a fixed grid's givens.
fn puzzles() -> Vec<[u8; 16]> {
    let full: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let mut out = vec![[0u8; 16]];
    // Keep a spread of givens: masks with 1 to 6 givens, and a clash.
    for mask in [
        0b1u16,
        0b1000_0001,
        0b1000_0100_0010_0001,
        0b0110_0000_0000_0110,
        0b1111,
        0b1010_0101_1010_0101,
    ] {
        let mut p = [0u8; 16];
        for i in 0..16 {
            if mask >> i & 1 == 1 {
                p[i] = full[i];
            }
        }
        out.push(p);
    }
    // No two givens clash, yet no grid completes them.
    let mut unsolvable = [0u8; 16];
    unsolvable[0] = 1;
    unsolvable[5] = 2;
    unsolvable[10] = 1;
    unsolvable[15] = 2;
    unsolvable[3] = 3;
    unsolvable[12] = 3;
    out.push(unsolvable);
    out
}

#[test]
fn counts_verdicts_and_candidates_match_brute_force_on_4x4() {
    let bound = start(false);
    for givens in puzzles() {
        let text = grid_text(&givens);
        let expected = completions(&givens);
        let (status, answer) = post(
            &bound.url,
            "/api/jobs",
            &json!({"text": text, "count_limit": 1000}),
        );
        assert_eq!(status, 200, "{answer}");
        let job = wait(
            &bound.url,
            answer["id"].as_str().unwrap(),
            Duration::from_secs(60),
        );
        assert_eq!(job["status"], "complete", "{text}: {job}");
        assert_eq!(job["count"]["solutions"], expected.len(), "{text}: {job}");
        assert_eq!(job["count"]["complete"], true, "{text}: {job}");
        let verdict = job["verdict"]["status"].as_str().unwrap();
        let want = match expected.len() {
            0 => "unsolvable",
            1 => "unique",
            _ => "multiple",
        };
        assert_eq!(verdict, want, "{text}: {job}");
        if want == "multiple" {
            // Two different completions, where they differ.
            let sols = job["verdict"]["solutions"].as_array().unwrap();
            let grids: Vec<[u8; 16]> = sols
                .iter()
                .map(|s| {
                    let v: Vec<u8> = serde_json::from_value(s.clone()).unwrap();
                    v.try_into().unwrap()
                })
                .collect();
            assert!(grids.iter().all(|g| expected.contains(g)), "{text}");
            let differ: Vec<usize> = (0..16).filter(|&i| grids[0][i] != grids[1][i]).collect();
            assert_eq!(job["verdict"]["cells"], json!(differ));
        }
        // Progress: every blank cell's candidates were done.
        let blanks = givens.iter().filter(|&&v| v == 0).count();
        if expected.is_empty() {
            assert_eq!(job["cells_done"], 0, "{job}");
        } else {
            assert_eq!(job["cells_done"], blanks, "{job}");
            assert_eq!(job["cells_open"], blanks, "{job}");
        }
        let cells = job["candidates"]["cells"].as_array().unwrap();
        for (i, cell) in cells.iter().enumerate() {
            let mut want: Vec<u8> = expected.iter().map(|g| g[i]).collect();
            want.sort_unstable();
            want.dedup();
            assert_eq!(cell, &json!(want), "{text} cell {i}");
        }
    }
}

#[test]
fn a_count_limit_says_at_least() {
    let bound = start(false);
    let (_, answer) = post(
        &bound.url,
        "/api/jobs",
        &json!({"text": ".".repeat(16), "tasks": ["count"], "count_limit": 100}),
    );
    let job = wait(
        &bound.url,
        answer["id"].as_str().unwrap(),
        Duration::from_secs(60),
    );
    // 288 grids > 100: the count stops at the limit and says so.
    assert_eq!(job["count"]["solutions"], 100, "{job}");
    assert_eq!(job["count"]["complete"], false, "{job}");
    assert_eq!(
        job["count"]["incomplete"], "solution limit reached",
        "{job}"
    );
    assert_eq!(job["status"], "complete", "{job}");
}

#[test]
fn a_thermometer_counts_as_brute_force_says() {
    let bound = start(false);
    // f-puzzles JSON: a thermometer down the first column of 4x4.
    let doc = json!({"size": 4, "grid": vec![vec![json!({}); 4]; 4],
        "thermometer": [{"lines": [["R1C1", "R2C1", "R3C1"]]}]});
    let expected = common::all_4x4()
        .into_iter()
        .filter(|g| g[0] < g[4] && g[4] < g[8])
        .count();
    let (_, answer) = post(
        &bound.url,
        "/api/jobs",
        &json!({"text": doc.to_string(), "tasks": ["count"]}),
    );
    let job = wait(
        &bound.url,
        answer["id"].as_str().unwrap(),
        Duration::from_secs(60),
    );
    assert_eq!(job["count"]["solutions"], expected, "{job}");
    assert_eq!(job["count"]["complete"], true);
    // The drawing carries it.
    let (_, parsed) = post(&bound.url, "/api/parse", &json!({"text": doc.to_string()}));
    let k = &parsed["puzzle"]["constraints"][0];
    assert_eq!(k["kind"], "thermometer");
    assert_eq!(k["line"], json!([0, 4, 8]));
}

#[test]
fn an_edit_changes_a_given_and_writes_the_puzzle_back() {
    let bound = start(false);
    let (status, answer) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "1...............", "edit": {"cell": 5, "value": 3}}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["puzzle"]["givens"][5], 3);
    let text = answer["text"].as_str().unwrap();
    assert_eq!(text.replace('0', "."), "1....3..........", "{text}");
    // An f-puzzles puzzle is written back as a link that reads back.
    let doc = json!({"size": 4, "grid": vec![vec![json!({}); 4]; 4],
        "thermometer": [{"lines": [["R1C1", "R2C1"]]}]});
    let (_, answer) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": doc.to_string(), "edit": {"cell": 15, "value": 4}}),
    );
    let link = answer["text"].as_str().unwrap();
    assert!(
        link.starts_with("https://www.f-puzzles.com/?load="),
        "{link}"
    );
    let (_, again) = post(&bound.url, "/api/parse", &json!({"text": link}));
    assert_eq!(again["puzzle"]["givens"][15], 4);
    assert_eq!(again["puzzle"]["constraints"][0]["line"], json!([0, 4]));
    // Out of range edits are refused, saying why.
    let (status, answer) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "1...............", "edit": {"cell": 16, "value": 1}}),
    );
    assert_eq!(status, 400);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("outside"),
        "{answer}"
    );
}

#[test]
fn a_cancelled_job_ends_incomplete_promptly() {
    let _alone = one_long_job_at_a_time();
    let bound = start(false);
    // Counting the completions of an empty 16x16 grid up to a billion
    // takes far longer than this test.
    let (status, answer) = post(
        &bound.url,
        "/api/jobs",
        &json!({"text": ".".repeat(256), "tasks": ["count", "candidates"], "count_limit": 1_000_000_000u64}),
    );
    assert_eq!(status, 200, "{answer}");
    let id = answer["id"].as_str().unwrap();
    // Ready signal, not a sleep: the job is counting once it reports its
    // count phase with solutions found so far.
    let started = Instant::now();
    loop {
        let (_, running) = get(&bound.url, &format!("/api/jobs/{id}"));
        assert_eq!(running["status"], "running", "{running}");
        if running["phase"] == "count" && running["solutions_so_far"].as_u64() > Some(0) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{running}");
        std::thread::sleep(Duration::from_millis(10));
    }
    let cancelled_at = Instant::now();
    let (status, _) = post(&bound.url, &format!("/api/jobs/{id}/cancel"), &Value::Null);
    assert_eq!(status, 200);
    // The uncancelled count would take hours: ending within seconds on a
    // loaded machine shows the cancel stopped it.
    let job = wait(&bound.url, id, Duration::from_secs(10));
    assert!(cancelled_at.elapsed() < Duration::from_secs(10));
    assert_eq!(job["status"], "incomplete", "{job}");
    assert_eq!(job["incomplete"], "cancelled", "{job}");
    assert_eq!(job["count"]["complete"], false, "{job}");
    assert_eq!(job["candidates"]["complete"], false, "{job}");
}

#[test]
fn the_drawing_carries_every_kind_of_constraint() {
    let bound = start(false);
    let lines = |cells: &[&str]| json!({"lines": [cells]});
    let doc = json!({
        "size": 9,
        "grid": vec![vec![json!({}); 9]; 9],
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
        "thermometer": [lines(&["R2C1", "R2C2", "R2C3"])],
        "arrow": [{"cells": ["R3C1"], "lines": [["R3C1", "R3C2", "R3C3"]]}],
        "difference": [{"cells": ["R4C1", "R4C2"]}],
        "ratio": [{"cells": ["R4C3", "R4C4"]}],
        "xv": [{"cells": ["R4C5", "R4C6"], "value": "X"}],
        "renban": [lines(&["R5C1", "R5C2"])],
        "whispers": [lines(&["R5C4", "R5C5"])],
        "palindrome": [lines(&["R5C7", "R6C7"])],
        "betweenline": [lines(&["R6C1", "R6C2", "R6C3"])],
        "regionsumline": [lines(&["R7C1", "R7C2", "R7C4"])],
        "entropicline": [lines(&["R8C1", "R8C2", "R8C3"])],
        "even": [{"cell": "R9C1"}],
        "odd": [{"cell": "R9C2"}],
        "littlekillersum": [{"cell": "R0C9", "direction": "DL", "value": "20"}],
        "sandwichsum": [{"cell": "R0C5", "value": "10"}],
        "diagonal+": true,
        "diagonal-": true,
    });
    let (status, answer) = post(&bound.url, "/api/parse", &json!({"text": doc.to_string()}));
    assert_eq!(status, 200, "{answer}");
    let puzzle = &answer["puzzle"];
    assert_eq!(puzzle["box"], json!([3, 3]));
    // Boxes: r1c1..r3c3 is region 0, r1c4 region 1, r4c1 region 3.
    assert_eq!(puzzle["regions"][0], puzzle["regions"][20]);
    assert_ne!(puzzle["regions"][0], puzzle["regions"][3]);
    assert_ne!(puzzle["regions"][0], puzzle["regions"][27]);
    let kinds: Vec<&str> = puzzle["constraints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    for kind in [
        "thermometer",
        "arrow",
        "difference",
        "ratio",
        "xv",
        "renban",
        "whispers",
        "palindrome",
        "betweenline",
        "regionsumline",
        "entropicline",
        "even",
        "odd",
        "littlekillersum",
        "sandwichsum",
    ] {
        assert!(kinds.contains(&kind), "{kind} missing from {kinds:?}");
    }
    let find = |kind: &str| {
        puzzle["constraints"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == kind)
            .unwrap()
            .clone()
    };
    assert_eq!(find("thermometer")["line"], json!([9, 10, 11]));
    assert_eq!(find("arrow")["circle"], json!([18]));
    assert_eq!(find("arrow")["line"], json!([19, 20]));
    assert_eq!(find("xv")["label"], "X");
    // Cages with sums and both diagonals are the variant's own.
    assert_eq!(puzzle["cages"], json!([{"cells": [0, 1], "sum": 3}]));
    assert_eq!(puzzle["diagonals"], true);
    assert_eq!(find("littlekillersum")["clue"], 20);
    // The little killer from above r1c9 going down-left starts at r1c8.
    assert_eq!(find("littlekillersum")["line"][0], 7);
}

#[test]
fn the_drawing_carries_the_lines_cages_and_clues_of_issue_36() {
    let bound = start(false);
    let lines = |cells: &[&str]| json!({"lines": [cells]});
    let doc = json!({
        "size": 9,
        "grid": vec![vec![json!({}); 9]; 9],
        "sumline": [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]], "value": "10"}],
        "whispersby": [{"lines": [["R3C1", "R4C1"]], "value": "3"}],
        "modularline": [lines(&["R5C1", "R5C2", "R5C3"])],
        "nabner": [lines(&["R6C1", "R7C2"])],
        "doublearrow": [lines(&["R8C1", "R8C2", "R8C3"])],
        "zipperline": [lines(&["R1C5", "R2C5", "R3C5"])],
        "lockout": [{"lines": [["R9C1", "R9C2", "R9C3"]], "value": "5"}],
        "rellikcage": [{"cells": ["R1C7", "R1C8"], "value": "7"}],
        "lunchbox": [{"cells": ["R2C7", "R2C8", "R2C9"], "value": "0"}],
        "equalitycage": [{"cells": ["R3C7", "R3C8"]}],
        "digitalrootcage": [{"cells": ["R4C7", "R4C8"], "value": "4"}],
        "countingcircles": [{"cells": ["R5C7", "R6C8"]}],
        "rowindexer": [{"cells": ["R7C7"]}],
        "hiddenskyscraper": [{"cell": "R0C4", "value": "6"}],
        "numberedroom": [{"cell": "R4C0", "value": "2"}],
        "chess": [{"offsets": [[1, 3]]}],
        "taxicab": [{"value": "4"}],
        "sumdot": [{"cells": ["R8C8", "R8C9", "R9C8", "R9C9"], "value": "20"}],
    });
    let (status, answer) = post(&bound.url, "/api/parse", &json!({"text": doc.to_string()}));
    assert_eq!(status, 200, "{answer}");
    let constraints = answer["puzzle"]["constraints"].as_array().unwrap().clone();
    let find = |kind: &str| {
        constraints
            .iter()
            .find(|k| k["kind"] == kind)
            .unwrap_or_else(|| panic!("{kind} missing from {constraints:?}"))
            .clone()
    };
    // Cells are r * 9 + c, 0-based: R1C1 = 0, R2C1 = 9.
    let sum = find("sumline");
    assert_eq!(sum["line"], json!([0, 1, 10, 9]));
    assert_eq!(
        (sum["clue"].clone(), sum["loop"].clone()),
        (json!(10), json!(true))
    );
    assert_eq!(find("whispersby")["line"], json!([18, 27]));
    assert_eq!(find("whispersby")["clue"], 3);
    assert_eq!(find("modularline")["line"], json!([36, 37, 38]));
    assert_eq!(find("nabner")["line"], json!([45, 55]));
    assert_eq!(find("doublearrow")["line"], json!([63, 64, 65]));
    assert_eq!(find("zipperline")["line"], json!([4, 13, 22]));
    assert_eq!(find("lockout")["line"], json!([72, 73, 74]));
    assert_eq!(find("lockout")["clue"], 5);
    assert_eq!(find("rellikcage")["cells"], json!([6, 7]));
    assert_eq!(find("rellikcage")["clue"], 7);
    assert_eq!(find("lunchbox")["cells"], json!([15, 16, 17]));
    assert_eq!(find("lunchbox")["clue"], 0);
    assert_eq!(find("equalitycage")["cells"], json!([24, 25]));
    assert_eq!(find("digitalrootcage")["clue"], 4);
    assert_eq!(find("countingcircles")["cells"], json!([42, 52]));
    assert_eq!(find("rowindexer")["cells"], json!([60]));
    // Outside clues: the line runs from the clue's side into the grid.
    let sky = find("hiddenskyscraper");
    assert_eq!(
        (sky["line"][0].clone(), sky["line"][1].clone()),
        (json!(3), json!(12))
    );
    assert_eq!(sky["clue"], 6);
    let room = find("numberedroom");
    assert_eq!(
        (room["line"][0].clone(), room["line"][1].clone()),
        (json!(27), json!(28))
    );
    assert_eq!(room["clue"], 2);
    // Whole-grid rules carry their parameter for the list beside the grid.
    assert_eq!(find("chess")["detail"], "(1, 3)");
    assert_eq!(find("taxicab")["detail"], "4");
    assert_eq!(find("sumdot")["cells"], json!([70, 71, 79, 80]));
    assert_eq!(find("sumdot")["clue"], 20);
}

#[test]
fn a_running_count_shows_the_solutions_found_so_far() {
    let _alone = one_long_job_at_a_time();
    let bound = start(false);
    // 6x6 grids (2x3 boxes) with r1c1 = 1: 28,200,960 / 6 = 4,700,160 (a
    // count from the literature; relabelling the values is a bijection, so
    // each value of r1c1 starts as many grids). A few seconds of counting.
    let mut grid = vec![vec![json!({}); 6]; 6];
    grid[0][0] = json!({"value": 1, "given": true});
    let text = json!({"size": 6, "grid": grid}).to_string();
    let (status, answer) = post(
        &bound.url,
        "/api/jobs",
        &json!({"text": text, "tasks": ["count"], "count_limit": 10_000_000}),
    );
    assert_eq!(status, 200, "{answer}");
    let id = answer["id"].as_str().unwrap();
    let started = Instant::now();
    let mut seen = Vec::new();
    let job = loop {
        let (_, job) = get(&bound.url, &format!("/api/jobs/{id}"));
        if job["status"] != "running" {
            break job;
        }
        let so_far = job["solutions_so_far"].as_u64().expect("a count so far");
        if job["phase"] == "count" && so_far > 0 {
            seen.push(so_far);
        }
        assert!(started.elapsed() < Duration::from_secs(300), "{job}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(job["count"]["solutions"], 4_700_160, "{job}");
    assert_eq!(job["count"]["complete"], true, "{job}");
    // While it ran, the count so far was shown, grew and stayed within the
    // total; at the end it is the total.
    assert!(!seen.is_empty(), "no count so far while running: {job}");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert!(seen.iter().all(|&c| c <= 4_700_160), "{seen:?}");
    assert_eq!(job["solutions_so_far"], 4_700_160, "{job}");
}

/// What another web site could send: each is refused, and the page cannot
/// be framed.
#[test]
fn other_sites_cannot_drive_the_page() {
    let bound = start(false);
    let host = common::authority(&bound.url).to_string();
    // A framed load: every answer forbids framing.
    let (status, head, _) = common::exchange(
        &bound.url,
        &format!("GET /?text=1... HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!(status, 200);
    let lower = head.to_ascii_lowercase();
    assert!(lower.contains("x-frame-options: deny"), "{head}");
    assert!(
        lower.contains("content-security-policy: frame-ancestors 'none'"),
        "{head}"
    );
    let (_, answer) = post(
        &bound.url,
        "/api/jobs",
        &json!({"text": "1...............", "tasks": ["verdict"]}),
    );
    let id = answer["id"].as_str().expect("an id").to_string();
    let (_, other) = post(
        &bound.url,
        "/api/jobs",
        &json!({"text": "1...............", "tasks": ["verdict"]}),
    );
    let other = other["id"].as_str().expect("an id");
    // Ids are 128 random bits, not a count from 1.
    assert_eq!(id.len(), 32, "{id}");
    assert!(id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
    assert_ne!(id, other);
    let cancel = |headers: &str| {
        let request = format!(
            "POST /api/jobs/{id}/cancel HTTP/1.1\r\n{headers}Connection: close\r\n\
             Content-Length: 2\r\n\r\n{{}}"
        );
        common::exchange(&bound.url, &request)
    };
    let refused = [
        // A cross-origin "simple" post (no preflight): text/plain.
        format!("Host: {host}\r\nContent-Type: text/plain\r\n"),
        format!("Host: {host}\r\n"),
        // JSON, but from another origin.
        format!(
            "Host: {host}\r\nContent-Type: application/json\r\nOrigin: https://evil.example\r\n"
        ),
        format!("Host: {host}\r\nContent-Type: application/json\r\nSec-Fetch-Site: cross-site\r\n"),
        // No Host, or another name for 127.0.0.1 (DNS rebinding).
        "Content-Type: application/json\r\n".to_string(),
        "Host: evil.example\r\nContent-Type: application/json\r\n".to_string(),
    ];
    for headers in &refused {
        let (status, _, body) = cancel(headers);
        assert!(status == 403 || status == 400, "{headers}: {status} {body}");
        if status == 403 {
            let json: Value = serde_json::from_str(&body).expect("JSON");
            assert_eq!(json["ok"], false, "{body}");
            assert!(json["error"]["message"].is_string(), "{body}");
        }
    }
    // The page's own request is taken.
    let origin = format!("http://{host}");
    let (status, _, body) = cancel(&format!(
        "Host: {host}\r\nContent-Type: application/json\r\nOrigin: {origin}\r\nSec-Fetch-Site: same-origin\r\n"
    ));
    assert_eq!(status, 200, "{body}");
}

/// An lz-string bomb is refused at the decompression cap with a located
/// error, and ten of them at once leave the server answering.
#[test]
fn a_compressed_bomb_is_refused_and_parses_are_bounded() {
    let bound = start(false);
    let bomb = format!("{{\"size\": 9, \"title\": \"{}\"}}", "a".repeat(5_000_000));
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        sudoku_format::lzstring_encoder::compress_to_base64(&bomb)
    );
    let (status, answer) = post(&bound.url, "/api/parse", &json!({"text": link}));
    assert_eq!(status, 400, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("decompresses to more than"), "{message}");
    let threads: Vec<_> = (0..10)
        .map(|_| {
            let (url, link) = (bound.url.clone(), link.clone());
            std::thread::spawn(move || post(&url, "/api/parse", &json!({"text": link})))
        })
        .collect();
    for t in threads {
        let (status, answer) = t.join().unwrap();
        assert!(status == 400 || status == 503, "{status} {answer}");
        assert!(answer["error"]["message"].is_string(), "{answer}");
    }
    let (status, _) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "1..............."}),
    );
    assert_eq!(status, 200);
}

/// A job whose every task failed (whispers on 64x64 past the table budget)
/// ends incomplete and says why; a ninth running job is refused with the
/// API's JSON error, which the page shows.
#[test]
fn failed_tasks_leave_a_job_incomplete_and_busy_is_json() {
    let _one = one_long_job_at_a_time();
    let bound = start(false);
    let n = 64;
    let snake: Vec<String> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let c = if r % 2 == 0 { c } else { n - 1 - c };
            format!("R{}C{}", r + 1, c + 1)
        })
        .collect();
    let row = format!("[{}]", vec!["{}"; n].join(","));
    let doc = format!(
        r#"{{"size": 64, "grid": [{}], "whispers": [{{"lines": [{}]}}]}}"#,
        vec![row; n].join(","),
        serde_json::to_string(&snake).unwrap()
    );
    let (status, answer) = post(&bound.url, "/api/jobs", &json!({"text": doc}));
    assert_eq!(status, 200, "{answer}");
    let job = wait(
        &bound.url,
        answer["id"].as_str().unwrap(),
        Duration::from_secs(60),
    );
    assert_eq!(job["status"], "incomplete", "{job}");
    let why = job["incomplete"].as_str().unwrap();
    assert!(
        why.contains("failed") && why.contains("memory budget"),
        "{why}"
    );
    // Eight long counts run; the ninth is refused as JSON.
    let empty = ".".repeat(256);
    let mut ids = Vec::new();
    for _ in 0..8 {
        let (status, answer) = post(
            &bound.url,
            "/api/jobs",
            &json!({"text": empty, "tasks": ["count"], "count_limit": 1_000_000_000u64}),
        );
        assert_eq!(status, 200, "{answer}");
        ids.push(answer["id"].as_str().unwrap().to_string());
    }
    let (status, answer) = post(&bound.url, "/api/jobs", &json!({"text": empty}));
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("jobs are running"),
        "{answer}"
    );
    for id in ids {
        post(&bound.url, &format!("/api/jobs/{id}/cancel"), &Value::Null);
    }
}

/// Doppelganger grids (values 0-4) on the page: read from the page's
/// `doppelganger:` text, the command line's JSON line and flagged f-puzzles
/// JSON; drawn with 0 as a given and null for a blank; verdict, count and
/// true candidates as the brute force says; an edit of 0 is a value; the
/// logical path is refused by name.
#[test]
fn doppelganger_grids_answer_as_the_brute_force_says() {
    let bound = start(false);
    let all = common::all_doppel_4x4();
    assert_eq!(all.len(), 768, "the brute force's own count");
    let text = |givens: &[Option<u8>; 16]| -> String {
        let grid: String = givens
            .iter()
            .map(|v| v.map_or('.', |v| char::from(b'0' + v)))
            .collect();
        format!("doppelganger: {grid}")
    };
    // Givens from brute-force grids: 0 to 6 of them, and a clash.
    let mut puzzles: Vec<[Option<u8>; 16]> = vec![[None; 16]];
    for (k, g) in all.iter().enumerate().step_by(131) {
        let mut p = [None; 16];
        for i in (k % 3..16).step_by(3 + k % 4) {
            p[i] = Some(g[i]);
        }
        puzzles.push(p);
    }
    let mut clash = [None; 16];
    clash[0] = Some(0);
    clash[1] = Some(0);
    puzzles.push(clash);
    for givens in &puzzles {
        let text = text(givens);
        let expected = common::doppel_completions(givens);
        let (status, answer) = post(&bound.url, "/api/jobs", &json!({"text": text}));
        assert_eq!(status, 200, "{answer}");
        let job = wait(
            &bound.url,
            answer["id"].as_str().unwrap(),
            Duration::from_secs(60),
        );
        assert_eq!(job["status"], "complete", "{text}: {job}");
        assert_eq!(job["count"]["solutions"], expected.len(), "{text}: {job}");
        let want = match expected.len() {
            0 => "unsolvable",
            1 => "unique",
            _ => "multiple",
        };
        assert_eq!(job["verdict"]["status"], want, "{text}: {job}");
        if let Some(sols) = job["verdict"]["solutions"].as_array() {
            for s in sols {
                let s: Vec<u8> = serde_json::from_value(s.clone()).unwrap();
                assert!(expected.iter().any(|g| g[..] == s[..]), "{text}: {job}");
            }
        }
        let cells = job["candidates"]["cells"].as_array().unwrap();
        for (i, cell) in cells.iter().enumerate() {
            let mut values: Vec<u8> = expected.iter().map(|g| g[i]).collect();
            values.sort_unstable();
            values.dedup();
            assert_eq!(cell, &json!(values), "{text} cell {i}: {job}");
        }
    }
    // The drawing: a 0 given, null blanks, the kind named.
    let (status, parsed) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "doppelganger: 0..............4"}),
    );
    assert_eq!(status, 200, "{parsed}");
    assert_eq!(parsed["puzzle"]["doppelganger"], true);
    assert_eq!(parsed["puzzle"]["givens"][0], 0);
    assert_eq!(parsed["puzzle"]["givens"][1], Value::Null);
    // An edit of 0 places the value zero; null blanks the cell.
    let (_, edited) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "doppelganger: 0..............4", "edit": {"cell": 5, "value": 0}}),
    );
    assert_eq!(edited["puzzle"]["givens"][5], 0, "{edited}");
    let back = edited["text"].as_str().unwrap().to_string();
    assert!(back.contains("\"doppelganger\""), "{back}");
    let (_, blanked) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": back, "edit": {"cell": 0, "value": null}}),
    );
    assert_eq!(blanked["puzzle"]["givens"][0], Value::Null, "{blanked}");
    assert_eq!(blanked["puzzle"]["givens"][5], 0, "{blanked}");
    // Flagged f-puzzles JSON reads as doppelganger, with 0 a given.
    let mut grid = vec![vec![json!({}); 4]; 4];
    grid[0][0] = json!({"value": 0, "given": true});
    let doc = json!({"size": 4, "doppelganger": true, "grid": grid});
    let (status, parsed) = post(&bound.url, "/api/parse", &json!({"text": doc.to_string()}));
    assert_eq!(status, 200, "{parsed}");
    assert_eq!(parsed["puzzle"]["givens"][0], 0, "{parsed}");
    // Errors say where; the logical path is refused.
    let (status, bad) = post(
        &bound.url,
        "/api/parse",
        &json!({"text": "doppelganger: ...5............"}),
    );
    assert_eq!(status, 400);
    assert!(
        bad["error"]["message"].as_str().unwrap().contains("r1c4"),
        "{bad}"
    );
    let (status, steps) = post(
        &bound.url,
        "/api/steps",
        &json!({"text": "doppelganger: 0..............4"}),
    );
    assert_eq!(status, 400);
    assert!(
        steps["error"]["message"]
            .as_str()
            .unwrap()
            .contains("doppelganger"),
        "{steps}"
    );
}
