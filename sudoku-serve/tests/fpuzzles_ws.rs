//! The f-puzzles solver websocket (rangsk's SudokuSolver protocol, as the
//! editor's userscript speaks it), with a plain websocket client: true
//! candidates, check, count and solve against a brute-force oracle on 4x4,
//! cancel, what we do not support, and the logical commands (solvepath,
//! step, logical true candidates) against the solution and pencil marks
//! of a brute force.

mod common;

use std::net::TcpStream;
use std::time::Duration;

use common::{brute_force, completions, fits, start};
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

fn connect(url: &str) -> Socket {
    let (socket, _) = tungstenite::connect(url).expect("the websocket opens");
    if let MaybeTlsStream::Plain(s) = socket.get_ref() {
        s.set_read_timeout(Some(Duration::from_secs(60)))
            .expect("a timeout");
    }
    socket
}

fn send(socket: &mut Socket, message: &Value) {
    socket
        .send(Message::text(message.to_string()))
        .expect("sent");
}

fn receive(socket: &mut Socket) -> Value {
    loop {
        match socket.read().expect("an answer") {
            Message::Text(t) => return serde_json::from_str(&t).expect("JSON"),
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// The f-puzzles JSON of a 4x4 puzzle, compressed as the editor does
/// (lz-string, base64).
fn data(givens: &[u8; 16], extra: Value) -> String {
    let grid: Vec<Vec<Value>> = (0..4)
        .map(|r| {
            (0..4)
                .map(|c| match givens[r * 4 + c] {
                    0 => json!({}),
                    v => json!({"value": v, "given": true}),
                })
                .collect()
        })
        .collect();
    let mut doc =
        json!({"size": 4, "grid": grid, "disabledlogic": [], "truecandidatesoptions": []});
    if let (Some(d), Some(e)) = (doc.as_object_mut(), extra.as_object()) {
        d.extend(e.clone());
    }
    lz_str::compress_to_base64(doc.to_string().as_str())
}

#[test]
fn the_editor_commands_answer_as_brute_force_says() {
    let bound = start(true);
    let url = bound.fpuzzles_url.expect("the websocket listens");
    let mut socket = connect(&url);
    // Two solutions: the first two rows given, the rest open in two ways.
    let givens: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    let expected = completions(&givens);
    assert!(expected.len() >= 2);
    let d = data(&givens, json!({}));

    send(
        &mut socket,
        &json!({"nonce": 1, "command": "truecandidates", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["nonce"], 1);
    assert_eq!(answer["type"], "truecandidates", "{answer}");
    let per = answer["solutionsPerCandidate"].as_array().unwrap();
    assert_eq!(per.len(), 16 * 4);
    for cell in 0..16 {
        for v in 1..=4u8 {
            let seen = expected.iter().any(|g| g[cell] == v);
            assert_eq!(
                per[cell * 4 + usize::from(v) - 1] != 0,
                seen,
                "cell {cell} value {v}"
            );
        }
    }

    send(
        &mut socket,
        &json!({"nonce": 2, "command": "check", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(
        answer,
        json!({"nonce": 2, "type": "count", "count": 2, "inProgress": false})
    );

    send(
        &mut socket,
        &json!({"nonce": 3, "command": "count", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "count");
    assert_eq!(answer["count"], expected.len(), "{answer}");
    assert_eq!(answer["inProgress"], false);

    send(
        &mut socket,
        &json!({"nonce": 4, "command": "solve", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "solved", "{answer}");
    let solution: Vec<u8> = serde_json::from_value(answer["solution"].clone()).unwrap();
    let solution: [u8; 16] = solution.try_into().unwrap();
    assert!(expected.contains(&solution));

    // A thermometer narrows it down; no solution is "invalid".
    let thermo = data(
        &givens,
        json!({"thermometer": [{"lines": [["R3C1", "R4C1"]]}]}),
    );
    let want = expected.iter().filter(|g| g[8] < g[12]).count();
    send(
        &mut socket,
        &json!({"nonce": 5, "command": "count", "dataType": "fpuzzles", "data": thermo}),
    );
    assert_eq!(receive(&mut socket)["count"], want);
    let none = data(
        &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 0, 0, 0, 0],
        json!({"thermometer": [{"lines": [["R4C1", "R4C2"]]}]}),
    );
    // The last row must be 4 3 2 1, which no thermometer r4c1 < r4c2 allows.
    send(
        &mut socket,
        &json!({"nonce": 6, "command": "truecandidates", "dataType": "fpuzzles", "data": none}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "invalid", "{answer}");
    assert_eq!(answer["nonce"], 6);

    // What we cannot do is said, not faked.
    send(
        &mut socket,
        &json!({"nonce": 7, "command": "estimate", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "invalid");
    assert!(answer["message"].as_str().unwrap().contains("estimate"));
    let clock = data(&givens, json!({"clock": [{}]}));
    send(
        &mut socket,
        &json!({"nonce": 8, "command": "check", "dataType": "fpuzzles", "data": clock}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "invalid");
    assert!(
        answer["message"].as_str().unwrap().contains("\"clock\""),
        "{answer}"
    );

    send(&mut socket, &json!({"nonce": 9, "command": "cancel"}));
    assert_eq!(
        receive(&mut socket),
        json!({"nonce": 9, "type": "canceled"})
    );
}

#[test]
fn a_new_request_cancels_the_running_one() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    // Counting an empty 16x16 grid does not end; the cancel stops it.
    let grid: Vec<Vec<Value>> = vec![vec![json!({}); 16]; 16];
    let doc = json!({"size": 16, "grid": grid});
    let d = lz_str::compress_to_base64(doc.to_string().as_str());
    send(
        &mut socket,
        &json!({"nonce": 1, "command": "count", "dataType": "fpuzzles", "data": d}),
    );
    // Ready signal, not a sleep: the first count so far says it is counting.
    let first = receive(&mut socket);
    assert_eq!(first["nonce"], 1, "{first}");
    assert_eq!(first["inProgress"], true, "{first}");
    send(&mut socket, &json!({"nonce": 2, "command": "cancel"}));
    // The count's answer is never sent: after its counts so far comes the
    // cancel's answer.
    let mut answer = receive(&mut socket);
    while answer["nonce"] == 1 && answer["inProgress"] == true {
        answer = receive(&mut socket);
    }
    assert_eq!(answer, json!({"nonce": 2, "type": "canceled"}));
    let small = data(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0], json!({}));
    send(
        &mut socket,
        &json!({"nonce": 3, "command": "check", "dataType": "fpuzzles", "data": small}),
    );
    assert_eq!(receive(&mut socket)["count"], 1);
}

/// The f-puzzles JSON of a grid of side `n` with `givens` (cell, value),
/// compressed.
fn grid_with(n: usize, givens: &[(usize, u8)]) -> String {
    let mut grid: Vec<Vec<Value>> = vec![vec![json!({}); n]; n];
    for &(cell, v) in givens {
        grid[cell / n][cell % n] = json!({"value": v, "given": true});
    }
    lz_str::compress_to_base64(json!({"size": n, "grid": grid}).to_string().as_str())
}

/// 6x6 Sudoku grids (2x3 boxes) number 28,200,960 (a count from the
/// literature, Pettersen; also 720 relabellings of the 39,168 grids with
/// the first row 1..6 that the brute force of `tests/variants.rs` finds).
/// Relabelling the values is a bijection, so each of the 6 values of r1c1
/// starts as many grids: with r1c1 = 1 there are 28,200,960 / 6 (a count
/// of several seconds, so that counts so far are sent on a fast machine
/// too).
const SIX_BY_SIX_FROM_1: u64 = 28_200_960 / 6;

#[test]
fn a_long_count_sends_its_counts_so_far_then_the_exact_count() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    send(
        &mut socket,
        &json!({"nonce": 1, "command": "count", "dataType": "fpuzzles",
                "data": grid_with(6, &[(0, 1)])}),
    );
    let mut so_far = Vec::new();
    loop {
        let answer = receive(&mut socket);
        assert_eq!(answer["nonce"], 1, "{answer}");
        assert_eq!(answer["type"], "count", "{answer}");
        let count = answer["count"].as_u64().expect("a count");
        if answer["inProgress"] == true {
            so_far.push(count);
            continue;
        }
        assert_eq!(answer["inProgress"], false, "{answer}");
        assert_eq!(count, SIX_BY_SIX_FROM_1);
        break;
    }
    // Counts so far arrived, grew (strictly: one is sent only when more
    // solutions were found) and stayed within the total (the last may be
    // sent as the count ends).
    assert!(!so_far.is_empty(), "no count so far was sent");
    assert!(so_far.windows(2).all(|w| w[0] < w[1]), "{so_far:?}");
    assert!(
        so_far.iter().all(|&c| 0 < c && c <= SIX_BY_SIX_FROM_1),
        "{so_far:?}"
    );
}

#[test]
fn cancel_stops_a_count_and_nothing_of_it_follows() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    // The empty 9x9 grid has about 6.7e21 solutions: the count never ends.
    send(
        &mut socket,
        &json!({"nonce": 1, "command": "count", "dataType": "fpuzzles", "data": grid_with(9, &[])}),
    );
    let first = receive(&mut socket);
    assert_eq!(first["inProgress"], true, "{first}");
    assert_eq!(first["nonce"], 1, "{first}");
    send(&mut socket, &json!({"nonce": 2, "command": "cancel"}));
    // Counts so far may be on their way; then the cancel's answer.
    loop {
        let answer = receive(&mut socket);
        if answer["nonce"] == 2 {
            assert_eq!(answer, json!({"nonce": 2, "type": "canceled"}));
            break;
        }
        assert_eq!(answer["inProgress"], true, "{answer}");
    }
    // A second later the next message is still the next request's answer:
    // nothing of the cancelled count (no count so far, no final count).
    // This wait is no ready signal but a window for a leak to show (there
    // is no event for "nothing came"): a loaded machine can only make a
    // leak less likely to show, never fail the test.
    std::thread::sleep(Duration::from_secs(1));
    let small = data(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0], json!({}));
    send(
        &mut socket,
        &json!({"nonce": 3, "command": "check", "dataType": "fpuzzles", "data": small}),
    );
    assert_eq!(
        receive(&mut socket),
        json!({"nonce": 3, "type": "count", "count": 1, "inProgress": false})
    );
}

#[test]
fn colored_candidates_count_the_solutions_of_each_up_to_the_cap() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    // Twelve solutions: a candidate is in 3, 6 or 12 of them (the brute
    // force says which), so counts reach the cap in some cells and not in
    // others.
    let givens: [u8; 16] = [1, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let expected = completions(&givens);
    for (nonce, options, cap) in [
        (1, json!({"truecandidatesoptions": ["colored"]}), 8usize),
        (
            2,
            json!({"truecandidatesoptions": ["colored", "logical"]}),
            8,
        ),
        (3, json!({"truecandidatesoptions": []}), 1),
    ] {
        send(
            &mut socket,
            &json!({"nonce": nonce, "command": "truecandidates", "dataType": "fpuzzles",
                    "data": data(&givens, options)}),
        );
        let answer = receive(&mut socket);
        assert_eq!(answer["type"], "truecandidates", "{answer}");
        let per = answer["solutionsPerCandidate"].as_array().unwrap();
        let mut capped = 0;
        for cell in 0..16 {
            for v in 1..=4u8 {
                let k = expected.iter().filter(|g| g[cell] == v).count();
                assert_eq!(
                    per[cell * 4 + usize::from(v) - 1],
                    k.min(cap),
                    "cap {cap}, cell {cell} value {v}"
                );
                capped += usize::from(k > cap);
            }
        }
        if cap > 1 {
            // Counts above the cap are capped, and counts above 1 are kept.
            assert!(capped > 0, "cap {cap}");
            assert!(per.iter().any(|k| k.as_u64().unwrap() > 1), "cap {cap}");
        }
    }
}

/// A handshake with these headers: the HTTP status of the answer.
fn handshake(url: &str, origin: Option<&str>) -> u16 {
    use tungstenite::client::IntoClientRequest;
    let mut request = url.into_client_request().expect("a request");
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("Origin", origin.parse().expect("a header"));
    }
    match tungstenite::connect(request) {
        Ok((_, response)) => response.status().as_u16(),
        Err(tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(e) => panic!("{e}"),
    }
}

/// Only the f-puzzles editor, this machine's pages, programs (no Origin)
/// and `--allow-origin` may open the websocket: any other page is refused.
#[test]
fn a_foreign_origin_is_refused() {
    let bound = start(true);
    let url = bound.fpuzzles_url.expect("the websocket listens");
    assert_eq!(handshake(&url, Some("https://evil.example")), 403);
    assert_eq!(
        handshake(&url, Some("https://www.f-puzzles.com.evil.example")),
        403
    );
    assert_eq!(handshake(&url, Some("null")), 403);
    for ok in [
        None,
        Some("https://www.f-puzzles.com"),
        Some("https://f-puzzles.com"),
        Some("http://localhost:8080"),
        Some("http://127.0.0.1"),
    ] {
        assert_eq!(handshake(&url, ok), 101, "{ok:?}");
    }
    // --allow-origin adds one.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let options = sudoku_serve::Options {
            port: 0,
            fpuzzles_port: Some(0),
            allow_origins: vec!["https://example.org".into()],
        };
        sudoku_serve::run(&options, |b| tx.send(b.clone()).unwrap()).unwrap();
    });
    let other = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let url = other.fpuzzles_url.unwrap();
    assert_eq!(handshake(&url, Some("https://example.org")), 101);
    assert_eq!(handshake(&url, Some("https://evil.example")), 403);
}

/// A bomb is refused at the decompression cap, and ten requests in a row
/// on one connection (each cancelling the last) leave it answering.
#[test]
fn a_bomb_and_a_burst_are_answered() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    let bomb = format!("{{\"size\": 9, \"title\": \"{}\"}}", "a".repeat(5_000_000));
    let d = sudoku_format::lzstring_encoder::compress_to_base64(&bomb);
    send(
        &mut socket,
        &json!({"nonce": 1, "command": "check", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "invalid", "{answer}");
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("decompresses to more than"), "{message}");
    for nonce in 2..12 {
        send(
            &mut socket,
            &json!({"nonce": nonce, "command": "check", "dataType": "fpuzzles", "data": d}),
        );
    }
    // The burst is bounded: a request past the running ones is answered
    // "busy" (never queued without end); once they have stopped, the next
    // is answered. Asked again every quarter second until then, with room
    // for a loaded machine (the bombs stop within a second each).
    let small = data(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0], json!({}));
    let started = std::time::Instant::now();
    for nonce in 12.. {
        send(
            &mut socket,
            &json!({"nonce": nonce, "command": "check", "dataType": "fpuzzles", "data": small}),
        );
        let answer = loop {
            let answer = receive(&mut socket);
            if answer["nonce"] == nonce {
                break answer;
            }
            assert_eq!(answer["type"], "invalid", "{answer}");
        };
        if answer["type"] == "count" {
            assert_eq!(answer["count"], 1, "{answer}");
            return;
        }
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains("busy"), "{answer}");
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the connection stayed busy for a minute: {answer}"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

// The logical commands (`solvepath`, `step`) and the `logical` true
// candidates option, checked against solutions found by the brute force
// below and the pencil marks it computes, never against our own solver.

/// The course's grid that needs pointing (Sudoku Explainer: 2.6/1.5/1.5).
const POINTING: &str =
    "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

/// Easter Monster: one solution, and far beyond singles.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn cells_of(text: &str) -> Vec<u8> {
    text.chars()
        .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
        .collect()
}

fn the_solution(givens: &[u8], n: usize) -> Vec<u8> {
    let mut found = Vec::new();
    brute_force(&mut givens.to_vec(), n, 2, &mut found);
    assert_eq!(found.len(), 1, "one solution");
    found.pop().expect("one")
}

/// The pencil marks of `cell`: the values no given of its row, column or
/// box holds.
fn pencil_marks(givens: &[u8], n: usize, cell: usize) -> Vec<u64> {
    (1..=n as u8)
        .filter(|&v| fits(givens, n, cell, v))
        .map(u64::from)
        .collect()
}

/// The editor's board as f-puzzles JSON, compressed: givens, digits
/// placed (not given) and centre marks.
fn board_data(n: usize, givens: &[u8], placed: &[u8], centre: &[Vec<u64>]) -> String {
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let i = r * n + c;
                    if givens[i] != 0 {
                        json!({"value": givens[i], "given": true})
                    } else if placed[i] != 0 {
                        json!({"value": placed[i]})
                    } else if !centre[i].is_empty() {
                        json!({"centerPencilMarks": centre[i]})
                    } else {
                        json!({})
                    }
                })
                .collect()
        })
        .collect();
    lz_str::compress_to_base64(json!({"size": n, "grid": grid}).to_string().as_str())
}

fn logical(socket: &mut Socket, nonce: u64, command: &str, data: &str) -> Value {
    send(
        socket,
        &json!({"nonce": nonce, "command": command, "dataType": "fpuzzles", "data": data}),
    );
    let answer = receive(socket);
    assert_eq!(answer["nonce"], nonce);
    assert_eq!(answer["type"], "logical", "{answer}");
    answer
}

#[test]
fn solvepath_and_step_follow_the_one_solution() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    let n = 9;
    let givens = cells_of(POINTING);
    let solution = the_solution(&givens, n);
    let none = vec![Vec::new(); n * n];

    let path = logical(
        &mut socket,
        1,
        "solvepath",
        &board_data(n, &givens, &[0; 81], &none),
    );
    assert_eq!(path["isValid"], true);
    let cells = path["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), n * n);
    for (i, cell) in cells.iter().enumerate() {
        assert_eq!(cell["value"], solution[i], "r{}c{}", i / n + 1, i % n + 1);
    }
    let message = path["message"].as_str().expect("a message");
    assert!(message.lines().count() >= 81 - 17 - 20, "{message}");
    assert!(message.contains("pointing"), "{message}");

    // Step by step, feeding each answer back as the editor does.
    let mut placed = vec![0u8; n * n];
    let mut centre = none.clone();
    let first = logical(
        &mut socket,
        2,
        "step",
        &board_data(n, &givens, &placed, &centre),
    );
    assert_eq!(first["message"], "Initial candidates.");
    for (i, cell) in first["cells"].as_array().expect("cells").iter().enumerate() {
        if givens[i] == 0 {
            assert_eq!(cell["value"], 0);
            let marks: Vec<u64> = serde_json::from_value(cell["candidates"].clone()).unwrap();
            assert_eq!(marks, pencil_marks(&givens, n, i), "cell {i}");
        }
    }
    let mut answer = first;
    let mut steps = 0;
    loop {
        for (i, cell) in answer["cells"]
            .as_array()
            .expect("cells")
            .iter()
            .enumerate()
        {
            let value = cell["value"].as_u64().expect("a value");
            if value != 0 {
                assert_eq!(value, u64::from(solution[i]), "{}", answer["message"]);
                if givens[i] == 0 {
                    placed[i] = value as u8;
                }
            } else {
                let marks: Vec<u64> =
                    serde_json::from_value(cell["candidates"].clone()).expect("candidates");
                assert!(
                    marks.contains(&u64::from(solution[i])),
                    "{}: the solution's value left cell {i}",
                    answer["message"]
                );
                assert!(centre[i].is_empty() || marks.iter().all(|m| centre[i].contains(m)));
                centre[i] = marks;
            }
        }
        if answer["message"] == "The puzzle is solved." {
            break;
        }
        assert_ne!(answer["message"], "No logical steps found.");
        steps += 1;
        assert!(steps < 400, "the steps end");
        answer = logical(
            &mut socket,
            2 + steps,
            "step",
            &board_data(n, &givens, &placed, &centre),
        );
        assert_eq!(answer["isValid"], true);
    }
    assert_eq!(
        placed
            .iter()
            .zip(&givens)
            .map(|(p, g)| p + g)
            .collect::<Vec<_>>(),
        solution
    );
}

#[test]
fn a_board_with_a_mistake_is_invalid_and_names_the_cell() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    let n = 9;
    let givens = cells_of(POINTING);
    let solution = the_solution(&givens, n);
    let none = vec![Vec::new(); n * n];
    // A wrong digit in r1c1 (open in this puzzle).
    assert_eq!(givens[0], 0);
    let mut placed = vec![0u8; n * n];
    placed[0] = solution[0] % 9 + 1;
    for command in ["step", "solvepath"] {
        let answer = logical(
            &mut socket,
            1,
            command,
            &board_data(n, &givens, &placed, &none),
        );
        assert_eq!(answer["isValid"], false, "{answer}");
        assert!(answer["message"].as_str().unwrap().contains("r1c1"));
    }
    // The solution's value erased from the centre marks of r1c2.
    assert_eq!(givens[1], 0);
    let mut centre = none.clone();
    centre[1] = pencil_marks(&givens, n, 1)
        .into_iter()
        .filter(|&v| v != u64::from(solution[1]))
        .collect();
    let answer = logical(
        &mut socket,
        2,
        "step",
        &board_data(n, &givens, &[0; 81], &centre),
    );
    assert_eq!(answer["isValid"], false);
    assert!(answer["message"].as_str().unwrap().contains("r1c2"));

    // Several solutions (brute force says so): said, not stepped through.
    let givens: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    assert!(completions(&givens).len() >= 2);
    let answer = logical(&mut socket, 3, "solvepath", &data(&givens, json!({})));
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .contains("more than one solution"));
}

#[test]
fn logical_true_candidates_mark_what_logic_keeps_and_no_solution_has() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    let n = 9;
    for (nonce, puzzle) in [(1u64, POINTING), (2, EASTER_MONSTER)] {
        let givens = cells_of(puzzle);
        let solution = the_solution(&givens, n);
        let mut grid: Vec<Vec<Value>> = vec![vec![json!({}); n]; n];
        for (i, &v) in givens.iter().enumerate() {
            if v != 0 {
                grid[i / n][i % n] = json!({"value": v, "given": true});
            }
        }
        let doc = json!({"size": n, "grid": grid, "truecandidatesoptions": ["logical"]});
        let d = lz_str::compress_to_base64(doc.to_string().as_str());
        send(
            &mut socket,
            &json!({"nonce": nonce, "command": "truecandidates", "dataType": "fpuzzles", "data": d}),
        );
        let answer = receive(&mut socket);
        assert_eq!(answer["type"], "truecandidates", "{answer}");
        let per: Vec<i64> =
            serde_json::from_value(answer["solutionsPerCandidate"].clone()).unwrap();
        assert_eq!(per.len(), n * n * n);
        let mut minus = 0;
        for cell in 0..n * n {
            let marks = pencil_marks(&givens, n, cell);
            for v in 1..=n {
                let k = per[cell * n + v - 1];
                if v == usize::from(solution[cell]) {
                    assert_eq!(k, 1, "the solution's value of cell {cell}");
                } else if k == -1 {
                    // Kept by logic: a pencil mark of the givens' at most.
                    assert!(givens[cell] == 0 && marks.contains(&(v as u64)));
                    minus += 1;
                } else {
                    assert_eq!(k, 0);
                }
            }
        }
        // Whether logic finishes the puzzle, as its path says: then it
        // keeps no false candidate; else it keeps at least one.
        let path = logical(
            &mut socket,
            10 + nonce,
            "solvepath",
            &board_data(n, &givens, &[0; 81], &vec![Vec::new(); n * n]),
        );
        let finished = path["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["value"] != 0);
        assert_eq!(finished, minus == 0, "{puzzle}: {minus} kept");
        // Without the option, no -1.
        let plain = data9(&givens);
        send(
            &mut socket,
            &json!({"nonce": 20 + nonce, "command": "truecandidates", "dataType": "fpuzzles", "data": plain}),
        );
        let answer = receive(&mut socket);
        let per: Vec<i64> =
            serde_json::from_value(answer["solutionsPerCandidate"].clone()).unwrap();
        assert!(per.iter().all(|&k| k == 0 || k == 1));
    }
}

fn data9(givens: &[u8]) -> String {
    board_data(9, givens, &[0; 81], &vec![Vec::new(); 81])
}

/// SudokuPad links through the websocket: an fpuz link, a zipped CTC (scl)
/// link and a classic link count as the brute force says.
#[test]
fn the_websocket_reads_sudokupad_links() {
    let bound = start(true);
    let mut socket = connect(&bound.fpuzzles_url.expect("the websocket listens"));
    let givens: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    let expected = completions(&givens);
    // CTC in the zipper form: the same givens, 2x2 boxes, a thermometer
    // R3C1 < R4C1.
    let cells: Vec<String> = (0..4)
        .map(|r| {
            let row: Vec<String> = (0..4)
                .map(|c| match givens[r * 4 + c] {
                    0 => String::new(),
                    v => format!("{{v:{v}}}"),
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    let regions = "[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
                   [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]";
    let zipped = format!(
        "{{ce:[{}],re:{regions},l:[{{c:CFCFCF,th:21,wp:[[2.5,0.5],[3.5,0.5]]}}]}}",
        cells.join(",")
    );
    let scl = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(zipped.as_str())
    );
    let fpuz = format!("https://sudokupad.app/fpuz{}", data(&givens, json!({})));
    let classic = "https://sudokupad.app/classic1234341qK".to_string();
    let thermo = expected.iter().filter(|g| g[8] < g[12]).count();
    for (nonce, link, want) in [
        (1, fpuz, expected.len()),
        (2, scl, thermo),
        (3, classic, expected.len()),
    ] {
        send(
            &mut socket,
            &json!({"nonce": nonce, "command": "count", "dataType": "fpuzzles", "data": link}),
        );
        let answer = receive(&mut socket);
        assert_eq!(answer["type"], "count", "{answer}");
        assert_eq!(answer["count"], want, "{link}: {answer}");
    }
    // An unknown drawing is refused by name.
    let odd = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64("{ce:[[,,,],[,,,],[,,,],[,,,]],re:[],foglight:[[0,0]]}")
    );
    send(
        &mut socket,
        &json!({"nonce": 4, "command": "count", "dataType": "fpuzzles", "data": odd}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "invalid", "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or("")
            .contains("foglight"),
        "{answer}"
    );
}

/// The page reads a SudokuPad link as it reads an f-puzzles one.
#[test]
fn the_page_reads_sudokupad_links() {
    let givens: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    let fpuz = format!("https://sudokupad.app/fpuz{}", data(&givens, json!({})));
    let parsed = sudoku_serve::jobs::parse(&fpuz).expect("the page reads fpuz links");
    assert_eq!(parsed.grid.cells()[..8], [1, 2, 3, 4, 3, 4, 1, 2]);
    let bad = sudoku_serve::jobs::parse("https://sudokupad.app/scl!!!!").unwrap_err();
    assert!(bad.message.contains("SudokuPad"), "{}", bad.message);
}

// issue 36, group B

/// The websocket reads group B's keys (through `sudoku-format`) and counts
/// as a brute force filtered by the rules written here says.
#[test]
fn the_websocket_counts_group_b_constraints() {
    let bound = start(true);
    let url = bound.fpuzzles_url.expect("the websocket listens");
    let mut socket = connect(&url);
    let givens: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    let d = data(
        &givens,
        json!({
            "lunchbox": [{"cells": ["R3C1", "R3C2", "R3C3"], "value": "0"}],
            "whispersby": [{"lines": [["R3C1", "R4C1"]], "value": "2"}],
            "sumline": [{"lines": [["R3C4", "R4C4", "R4C3"]], "value": "3"}]
        }),
    );
    // Lunchbox of sum 0: the smallest and the largest of r3c1..r3c3 are
    // neighbours; r3c1 and r4c1 differ by 2 or more; r3c4, r4c4, r4c3
    // split into stretches of 3.
    let want = completions(&givens)
        .iter()
        .filter(|g| {
            let (a, b, c) = (g[8], g[9], g[10]);
            let middle_is_extreme = (b < a && b < c) || (b > a && b > c);
            // Cuts after the first and/or second cell of the line; every
            // stretch adds up to 3.
            let line = [g[11], g[15], g[14]];
            let splits = (0..4u8).any(|cuts| {
                let mut total = 0;
                (0..3).all(|i| {
                    total += line[i];
                    if i == 2 || cuts >> i & 1 == 1 {
                        let ok = total == 3;
                        total = 0;
                        ok
                    } else {
                        true
                    }
                })
            });
            middle_is_extreme && g[8].abs_diff(g[12]) >= 2 && splits
        })
        .count();
    assert!(want > 0, "the rules admit some completion");
    send(
        &mut socket,
        &json!({"nonce": 1, "command": "count", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "count", "{answer}");
    assert_eq!(answer["count"], want, "{answer}");
}

// issue 36, group A

/// The websocket reads the group A constraints of issue 36 (by rangsk's
/// names) and counts as the brute force filtered by their rules does:
/// taxicab 3 (cells three steps apart differ) and a column indexer at
/// r2c1 (its value v: r2cv holds 1).
#[test]
fn group_a_constraints_are_answered() {
    let bound = start(true);
    let url = bound.fpuzzles_url.expect("the websocket listens");
    let mut socket = connect(&url);
    let givens: [u8; 16] = [1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let taxicab = |g: &[u8; 16]| {
        (0..16).all(|a| {
            (0..16).all(|b| {
                let d = (a / 4usize).abs_diff(b / 4) + (a % 4usize).abs_diff(b % 4);
                d != 3 || g[a] != g[b]
            })
        })
    };
    let indexer = |g: &[u8; 16]| g[4 + usize::from(g[4]) - 1] == 1;
    let want = completions(&givens)
        .iter()
        .filter(|g| taxicab(g) && indexer(g))
        .count();
    let d = data(
        &givens,
        json!({"taxicab": [{"value": "3"}], "columnindexer": [{"cells": ["R2C1"]}]}),
    );
    send(
        &mut socket,
        &json!({"nonce": 1, "command": "count", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "count", "{answer}");
    assert_eq!(answer["count"], want, "{answer}");
    // Knightmare and self-taxicab as flags: answered too (the brute force
    // says how many).
    let knightmare = |g: &[u8; 16]| {
        (0..16).all(|a| {
            (0..16).all(|b| {
                let (dr, dc) = ((a / 4usize).abs_diff(b / 4), (a % 4usize).abs_diff(b % 4));
                let knight = (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
                !knight || (g[a] + g[b] != 5 && g[a] + g[b] != 15)
            })
        })
    };
    let want = completions(&givens)
        .iter()
        .filter(|g| knightmare(g))
        .count();
    let d = data(&givens, json!({"knightmare": true}));
    send(
        &mut socket,
        &json!({"nonce": 2, "command": "count", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["count"], want, "{answer}");
}

// issue 36, group C

/// The websocket reads sum dots (`sumdot`) and counts as the brute force
/// filtered by their rule does: r2c1 + r2c2 = 7 (a border dot) and the
/// four cells around the corner of r2c2, r2c3, r3c2 and r3c3 (four boxes:
/// values may repeat) add up to 10.
#[test]
fn sum_dots_are_answered() {
    let bound = start(true);
    let url = bound.fpuzzles_url.expect("the websocket listens");
    let mut socket = connect(&url);
    let givens: [u8; 16] = [1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let d = data(
        &givens,
        json!({
            "sumdot": [
                {"cells": ["R2C1", "R2C2"], "value": "7"},
                {"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "value": "10"}
            ]
        }),
    );
    let want = completions(&givens)
        .iter()
        .filter(|g| g[4] + g[5] == 7 && g[5] + g[6] + g[9] + g[10] == 10)
        .count();
    assert!(want > 0, "the rules admit some completion");
    send(
        &mut socket,
        &json!({"nonce": 1, "command": "count", "dataType": "fpuzzles", "data": d}),
    );
    let answer = receive(&mut socket);
    assert_eq!(answer["type"], "count", "{answer}");
    assert_eq!(answer["count"], want, "{answer}");
}

/// The f-puzzles JSON of a 4x4 doppelganger puzzle (our extension,
/// `"doppelganger": true`; 0 is a given value), compressed.
fn doppel_data(givens: &[Option<u8>; 16], extra: Value) -> String {
    let grid: Vec<Vec<Value>> = (0..4)
        .map(|r| {
            (0..4)
                .map(|c| match givens[r * 4 + c] {
                    None => json!({}),
                    Some(v) => json!({"value": v, "given": true}),
                })
                .collect()
        })
        .collect();
    let mut doc = json!({"size": 4, "grid": grid, "doppelganger": true});
    if let (Some(d), Some(e)) = (doc.as_object_mut(), extra.as_object()) {
        d.extend(e.clone());
    }
    lz_str::compress_to_base64(doc.to_string().as_str())
}

/// Doppelganger puzzles over the websocket: true candidates (values 0-4,
/// `cell * 5 + value`), check, count and solve as the brute force says;
/// the rules text naming doppelganger without the flag is refused, never
/// answered as a classic grid.
#[test]
fn doppelganger_puzzles_answer_as_the_brute_force_says() {
    let bound = start(true);
    let url = bound.fpuzzles_url.expect("the websocket listens");
    let mut socket = connect(&url);
    let all = common::all_doppel_4x4();
    let mut nonce = 0;
    let mut ask = |socket: &mut Socket, command: &str, d: &str| {
        nonce += 1;
        send(
            socket,
            &json!({"nonce": nonce, "command": command, "dataType": "fpuzzles", "data": d}),
        );
        let answer = receive(socket);
        assert_eq!(answer["nonce"], nonce, "{answer}");
        answer
    };
    for (k, g) in all.iter().enumerate().step_by(157) {
        let mut givens = [None; 16];
        for i in (k % 2..16).step_by(2 + k % 3) {
            givens[i] = Some(g[i]);
        }
        let expected = common::doppel_completions(&givens);
        assert!(!expected.is_empty());
        let d = doppel_data(&givens, json!({}));
        let answer = ask(&mut socket, "truecandidates", &d);
        let per = answer["solutionsPerCandidate"].as_array().unwrap();
        assert_eq!(per.len(), 16 * 5, "{answer}");
        for cell in 0..16 {
            for v in 0..=4u8 {
                let seen = expected.iter().any(|g| g[cell] == v);
                assert_eq!(
                    per[cell * 5 + usize::from(v)] != 0,
                    seen,
                    "cell {cell} value {v}"
                );
            }
        }
        let answer = ask(&mut socket, "check", &d);
        assert_eq!(answer["count"], expected.len().min(2), "{answer}");
        let answer = ask(&mut socket, "count", &d);
        assert_eq!(answer["count"], expected.len(), "{answer}");
        let answer = ask(&mut socket, "solve", &d);
        let s: Vec<u8> = serde_json::from_value(answer["solution"].clone()).unwrap();
        assert!(expected.iter().any(|g| g[..] == s[..]), "{answer}");
    }
    // The rules text names doppelganger, the flag is missing: refused.
    let grid = vec![vec![json!({}); 4]; 4];
    let doc = json!({"size": 4, "grid": grid, "ruleset": "Doppelganger Sudoku: ..."});
    let d = lz_str::compress_to_base64(doc.to_string().as_str());
    let answer = ask(&mut socket, "count", &d);
    assert_eq!(answer["type"], "invalid", "{answer}");
    assert!(
        answer["message"].as_str().unwrap().contains("doppelganger"),
        "{answer}"
    );
}
