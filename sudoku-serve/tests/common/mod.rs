//! Helpers of the serve tests: a server on a free port (the library call
//! that `sudoku serve` makes), a plain HTTP/1.1 client over a TcpStream,
//! and a brute-force oracle for 4x4 grids, written apart from the library.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{mpsc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::Value;

/// Held by the tests of one binary that run long counts or time a cancel:
/// jobs share the process's rayon pool, so a cancelled job's last parts
/// can wait behind another test's multi-second count, which would time
/// that other test rather than the cancel. (Under nextest every test is a
/// process of its own: the `serve-long-jobs` group of `.config/nextest.toml`
/// runs these binaries' tests one at a time instead.)
pub fn one_long_job_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts a server on free ports (the page, and the f-puzzles websocket
/// when asked) on a thread of its own; returns where it listens.
pub fn start(fpuzzles: bool) -> sudoku_serve::Bound {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let options = sudoku_serve::Options {
            port: 0,
            fpuzzles_port: fpuzzles.then_some(0),
            ..Default::default()
        };
        sudoku_serve::run(&options, |bound| {
            tx.send(bound.clone()).expect("the test waits")
        })
        .expect("the server runs");
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the server starts")
}

/// `host:port` of a URL `http://host:port/...`.
pub fn authority(url: &str) -> &str {
    let rest = url.split("://").nth(1).expect("a URL");
    rest.split('/').next().expect("an authority")
}

/// One HTTP request; the status and the body.
pub fn http(url: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let host = authority(url);
    let body = body.unwrap_or("");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (status, _, body) = exchange(url, &request);
    (status, body)
}

/// One request written out in full (head and body); the status, the
/// response's head and its body.
pub fn exchange(url: &str, request: &str) -> (u16, String, String) {
    let mut stream = TcpStream::connect(authority(url)).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    stream
        .write_all(request.as_bytes())
        .expect("the request is sent");
    // The head, then the body: Content-Length bytes when it is given (a
    // server may keep the connection open), else up to the end.
    let mut raw = Vec::new();
    let mut byte = [0u8; 1];
    while !raw.ends_with(b"\r\n\r\n") {
        let n = stream.read(&mut byte).expect("the response is read");
        assert!(n == 1, "the connection closed in the head");
        raw.push(byte[0]);
    }
    let head = String::from_utf8(raw).expect("a UTF-8 head");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let lower = head.to_ascii_lowercase();
    let length = lower
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .map(|v| v.trim().parse::<usize>().expect("a length"));
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            stream.read_exact(&mut body).expect("the body is read");
        }
        None => {
            stream.read_to_end(&mut body).expect("the body is read");
        }
    }
    let body = String::from_utf8(body).expect("a UTF-8 body");
    let chunked = lower.contains("transfer-encoding: chunked");
    let body = if chunked { unchunk(&body) } else { body };
    (status, head, body)
}

fn unchunk(mut s: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, rest) = s.split_once("\r\n").expect("a chunk size");
        let size = usize::from_str_radix(size.trim(), 16).expect("a hex size");
        if size == 0 {
            return out;
        }
        out.push_str(&rest[..size]);
        s = &rest[size + 2..];
    }
}

/// A JSON request; the status and the parsed answer.
pub fn post(url: &str, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = http(url, "POST", path, Some(&body.to_string()));
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// A GET; the status and the parsed answer.
pub fn get(url: &str, path: &str) -> (u16, Value) {
    let (status, text) = http(url, "GET", path, None);
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// Every 4x4 Sudoku grid (2x2 boxes), by brute force over the rows'
/// permutations: 288 of them.
pub fn all_4x4() -> Vec<[u8; 16]> {
    let mut perms = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 1..=4u8 {
                for d in 1..=4u8 {
                    if a != b && a != c && a != d && b != c && b != d && c != d {
                        perms.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    let mut grids = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let rows = [r0, r1, r2, r3];
                    let mut g = [0u8; 16];
                    for r in 0..4 {
                        g[r * 4..r * 4 + 4].copy_from_slice(rows[r]);
                    }
                    if valid_4x4(&g) {
                        grids.push(g);
                    }
                }
            }
        }
    }
    grids
}

fn valid_4x4(g: &[u8; 16]) -> bool {
    let distinct = |cells: [usize; 4]| {
        let mut seen = 0u8;
        cells.iter().all(|&i| {
            let bit = 1 << g[i];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    (0..4).all(|c| distinct([c, c + 4, c + 8, c + 12]))
        && [0, 2, 8, 10]
            .iter()
            .all(|&b| distinct([b, b + 1, b + 4, b + 5]))
}

/// The grids of `all_4x4` that agree with `givens` (0: blank).
pub fn completions(givens: &[u8; 16]) -> Vec<[u8; 16]> {
    all_4x4()
        .into_iter()
        .filter(|g| (0..16).all(|i| givens[i] == 0 || givens[i] == g[i]))
        .collect()
}

/// Polls a job until it is no longer running (at most `limit`).
pub fn wait(url: &str, id: &str, limit: Duration) -> Value {
    let start = std::time::Instant::now();
    loop {
        let (status, job) = get(url, &format!("/api/jobs/{id}"));
        assert_eq!(status, 200, "{job}");
        if job["status"] != "running" {
            return job;
        }
        assert!(
            start.elapsed() < limit,
            "job {id} still running after {limit:?}: {job}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether `v` may go in `cell` of the `n`x`n` grid `g` (square boxes).
pub fn fits(g: &[u8], n: usize, cell: usize, v: u8) -> bool {
    let b = (n as f64).sqrt() as usize;
    let (r, c) = (cell / n, cell % n);
    (0..n).all(|i| g[r * n + i] != v && g[i * n + c] != v)
        && (0..n).all(|i| {
            let (br, bc) = (r / b * b + i / b, c / b * b + i % b);
            g[br * n + bc] != v
        })
}

/// The solutions of `g`, up to `limit`, by plain backtracking (square
/// boxes).
pub fn brute_force(g: &mut Vec<u8>, n: usize, limit: usize, out: &mut Vec<Vec<u8>>) {
    if out.len() >= limit {
        return;
    }
    // The open cell with the fewest values that fit.
    let Some(cell) = (0..n * n)
        .filter(|&i| g[i] == 0)
        .min_by_key(|&i| (1..=n as u8).filter(|&v| fits(g, n, i, v)).count())
    else {
        out.push(g.clone());
        return;
    };
    for v in 1..=n as u8 {
        if fits(g, n, cell, v) {
            g[cell] = v;
            brute_force(g, n, limit, out);
            g[cell] = 0;
        }
    }
}

/// Every 4x4 doppelganger grid (values 0-4, 2x2 boxes), by brute force: rows
/// of four different values holding a 0, columns without repeats, kept
/// when the whole rule holds (docs/variants.md): every house holds 0 and
/// misses one of 1-4, no two houses of a kind miss the same value, and at
/// each 0 its row, column and box miss three different values.
pub fn all_doppel_4x4() -> Vec<[u8; 16]> {
    let mut rows = Vec::new();
    for a in 0..=4u8 {
        for b in 0..=4u8 {
            for c in 0..=4u8 {
                for d in 0..=4u8 {
                    let row = [a, b, c, d];
                    let distinct = (0..4).all(|i| (i + 1..4).all(|j| row[i] != row[j]));
                    if distinct && row.contains(&0) {
                        rows.push(row);
                    }
                }
            }
        }
    }
    let fits =
        |above: &[[u8; 4]], row: &[u8; 4]| above.iter().all(|a| (0..4).all(|c| a[c] != row[c]));
    let mut out = Vec::new();
    for r0 in &rows {
        for r1 in rows.iter().filter(|r| fits(&[*r0], r)) {
            for r2 in rows.iter().filter(|r| fits(&[*r0, *r1], r)) {
                for r3 in rows.iter().filter(|r| fits(&[*r0, *r1, *r2], r)) {
                    let mut g = [0u8; 16];
                    for (k, row) in [r0, r1, r2, r3].into_iter().enumerate() {
                        g[k * 4..k * 4 + 4].copy_from_slice(row);
                    }
                    if doppel_rule(&g) {
                        out.push(g);
                    }
                }
            }
        }
    }
    out
}

/// The doppelganger rule on a filled 4x4 grid.
fn doppel_rule(g: &[u8; 16]) -> bool {
    let houses: [Vec<[usize; 4]>; 3] = [
        (0..4)
            .map(|r| [4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3])
            .collect(),
        (0..4).map(|c| [c, c + 4, c + 8, c + 12]).collect(),
        [0, 2, 8, 10]
            .iter()
            .map(|&b| [b, b + 1, b + 4, b + 5])
            .collect(),
    ];
    let mut misses = [[0u8; 4]; 3];
    for (kind, list) in houses.iter().enumerate() {
        for (h, cells) in list.iter().enumerate() {
            let values: Vec<u8> = cells.iter().map(|&i| g[i]).collect();
            let distinct = (0..4).all(|i| (i + 1..4).all(|j| values[i] != values[j]));
            if !distinct || !values.contains(&0) {
                return false;
            }
            misses[kind][h] = (1..=4).find(|v| !values.contains(v)).unwrap();
        }
        let m = misses[kind];
        if !(0..4).all(|i| (i + 1..4).all(|j| m[i] != m[j])) {
            return false;
        }
    }
    (0..16).filter(|&i| g[i] == 0).all(|i| {
        let (r, c) = (i / 4, i % 4);
        let b = (r / 2) * 2 + c / 2;
        let [x, y, z] = [misses[0][r], misses[1][c], misses[2][b]];
        x != y && x != z && y != z
    })
}

/// The grids of `all_doppel_4x4` that agree with `givens` (`None`: blank).
pub fn doppel_completions(givens: &[Option<u8>; 16]) -> Vec<[u8; 16]> {
    all_doppel_4x4()
        .into_iter()
        .filter(|g| (0..16).all(|i| givens[i].is_none_or(|v| v == g[i])))
        .collect()
}
