//! The page in a real browser: Debian's `chromium` (installed by
//! `scripts/setup.sh`), headless, driven over the DevTools protocol (a
//! websocket; a few messages written here rather than a driver crate, which
//! would pull in its own HTTP stack and browser fetcher). The test loads the
//! page, types a puzzle into the text area, waits for the verdict and reads
//! it, the count and the true candidates from the page's DOM, and checks
//! them against answers found in the test by a brute-force oracle.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// Headless Chromium with its DevTools websocket, ended when dropped.
struct Browser {
    child: Child,
    page: WebSocket<MaybeTlsStream<TcpStream>>,
    next: u64,
    _profile: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chromium() -> String {
    if let Ok(path) = std::env::var("CHROMIUM") {
        return path;
    }
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            .is_ok_and(|o| o.status.success());
        if found {
            return name.to_string();
        }
    }
    panic!(
        "no chromium: run `bash scripts/setup.sh` (it installs Debian's chromium) or set CHROMIUM"
    );
}

impl Browser {
    fn launch() -> Browser {
        let profile = std::env::temp_dir().join(format!(
            "sudoku-serve-browser-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&profile).expect("a profile directory");
        let mut child = Command::new(chromium())
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--remote-debugging-port=0",
                "--window-size=1200,900",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/..."
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let browser_ws = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("chromium says where DevTools listen");
        let host = common::authority(&browser_ws).to_string();
        // The page target's own websocket.
        let deadline = Instant::now() + Duration::from_secs(30);
        let page_ws = loop {
            let (_, list) = common::get(&format!("http://{host}/"), "/json/list");
            let page = list.as_array().and_then(|targets| {
                targets
                    .iter()
                    .find(|t| t["type"] == "page")
                    .and_then(|t| t["webSocketDebuggerUrl"].as_str().map(String::from))
            });
            if let Some(url) = page {
                break url;
            }
            assert!(Instant::now() < deadline, "no page target: {list}");
            std::thread::sleep(Duration::from_millis(100));
        };
        let (page, _) = tungstenite::connect(page_ws.as_str()).expect("the page's DevTools");
        Browser {
            child,
            page,
            next: 0,
            _profile: TempDir(profile),
        }
    }

    /// Sends a DevTools command and waits for its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        self.page
            .send(Message::text(
                json!({"id": id, "method": method, "params": params}).to_string(),
            ))
            .expect("sent");
        loop {
            let Message::Text(text) = self.page.read().expect("DevTools answers") else {
                continue;
            };
            let message: Value = serde_json::from_str(&text).expect("JSON");
            if message["id"] == id {
                assert!(message.get("error").is_none(), "{method}: {message}");
                return message["result"].clone();
            }
        }
    }

    /// Evaluates `expression` in the page; its value.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    /// Evaluates `expression` until it gives something other than null.
    fn wait_for(&mut self, expression: &str, limit: Duration) -> Value {
        let start = Instant::now();
        loop {
            let value = self.eval(expression);
            if !value.is_null() {
                return value;
            }
            assert!(
                start.elapsed() < limit,
                "still null after {limit:?}: {expression}\npage: {}",
                self.eval("document.getElementById('answers').innerText + ' | ' + document.getElementById('error').innerText")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait_for(
            "document.readyState === 'complete' && document.getElementById('puzzle') ? true : null",
            Duration::from_secs(180),
        );
    }

    /// Replaces the text area's text as a user would: select all, then
    /// type (DevTools' insertText, which fires the input events).
    fn paste(&mut self, text: &str) {
        self.eval("(() => { const a = document.getElementById('puzzle'); a.focus(); a.select(); return true; })()");
        self.call("Input.insertText", json!({"text": text}));
    }

    /// The answers once the job is over: verdict, count and the digits in
    /// each cell (a given, or the true candidates).
    fn answers(&mut self, cells: usize) -> Value {
        let script = r#"(() => {
                const box = document.getElementById('show-solution');
                if (!box.checked) { box.checked = true; box.dispatchEvent(new Event('change')); }
                const p = document.getElementById('progress').textContent;
                const v = document.getElementById('verdict').dataset.status;
                if (v === 'none' || !(p.startsWith('done') || p.startsWith('stopped'))) return null;
                const cells = [];
                const n = document.querySelectorAll('rect.cell').length;
                if (n !== CELLS) return null;
                for (let i = 0; i < n; i++) {
                    const g = document.querySelector('[data-given="' + i + '"]');
                    const c = document.querySelector('[data-candidates="' + i + '"]');
                    cells.push({given: g ? Number(g.textContent) : 0,
                                values: c ? Array.from(c.textContent).map(Number) : []});
                }
                const count = document.getElementById('count');
                return {verdict: v, count: count.dataset.solutions, complete: count.dataset.complete,
                        text: count.textContent, progress: p, cells};
            })()"#;
        self.wait_for(
            &script.replace("CELLS", &cells.to_string()),
            Duration::from_secs(180),
        )
    }
}

/// A valid 9x9 grid: row r is 1..9 shifted by 3r + r/3.
fn pattern() -> [u8; 81] {
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            g[r * 9 + c] = ((r * 3 + r / 3 + c) % 9 + 1) as u8;
        }
    }
    g
}

/// A killer and thermometer puzzle written from `pattern()`, and its
/// rules as the oracle checks them.
struct Killer {
    givens: [u8; 81],
    cages: Vec<Vec<usize>>,
    sums: Vec<u32>,
    thermos: Vec<Vec<usize>>,
}

fn killer() -> Killer {
    let solution = pattern();
    let mut givens = [0u8; 81];
    // Every fifth cell given (17 givens): with the cages and thermometers
    // below, the oracle finds one solution (without them, several).
    for (i, g) in givens.iter_mut().enumerate() {
        if i % 5 == 0 {
            *g = solution[i];
        }
    }
    let cages: Vec<Vec<usize>> = vec![
        vec![1, 2, 10],
        vec![6, 7, 8],
        vec![30, 31, 39, 40],
        vec![70, 71, 79, 80],
        vec![54, 63, 72],
        vec![19, 20, 28],
        vec![24, 25, 33],
        vec![48, 49, 58],
        vec![64, 65, 66],
        vec![42, 43, 51],
    ];
    let sums = cages
        .iter()
        .map(|c| c.iter().map(|&i| u32::from(solution[i])).sum())
        .collect();
    // Row 1 reads 1 2 3 4 ...: a thermometer along its first four cells.
    let thermos = vec![vec![0, 1, 2, 3], vec![36, 37, 38]];
    for t in &thermos {
        assert!(t.windows(2).all(|w| solution[w[0]] < solution[w[1]]));
    }
    Killer {
        givens,
        cages,
        sums,
        thermos,
    }
}

fn rc(i: usize) -> String {
    format!("R{}C{}", i / 9 + 1, i % 9 + 1)
}

impl Killer {
    fn fpuzzles_json(&self) -> String {
        let grid: Vec<Vec<Value>> = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| match self.givens[r * 9 + c] {
                        0 => json!({}),
                        v => json!({"value": v, "given": true}),
                    })
                    .collect()
            })
            .collect();
        let cages: Vec<Value> = self
            .cages
            .iter()
            .zip(&self.sums)
            .map(|(c, s)| json!({"cells": c.iter().map(|&i| rc(i)).collect::<Vec<_>>(), "value": s.to_string()}))
            .collect();
        let thermos: Vec<Value> = self
            .thermos
            .iter()
            .map(|t| json!({"lines": [t.iter().map(|&i| rc(i)).collect::<Vec<_>>()]}))
            .collect();
        json!({"size": 9, "grid": grid, "killercage": cages, "thermometer": thermos}).to_string()
    }

    /// Whether `g` (complete) keeps every rule: rows, columns, boxes, the
    /// givens, the cages (distinct, summing) and the thermometers.
    fn holds(&self, g: &[u8; 81]) -> bool {
        let distinct = |cells: Vec<usize>| {
            let mut seen = 0u16;
            cells.into_iter().all(|i| {
                let bit = 1 << g[i];
                let fresh = seen & bit == 0 && g[i] != 0;
                seen |= bit;
                fresh
            })
        };
        (0..9).all(|r| distinct((0..9).map(|c| r * 9 + c).collect()))
            && (0..9).all(|c| distinct((0..9).map(|r| r * 9 + c).collect()))
            && (0..9).all(|b| {
                distinct(
                    (0..9)
                        .map(|k| (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3)
                        .collect(),
                )
            })
            && (0..81).all(|i| self.givens[i] == 0 || self.givens[i] == g[i])
            && self.cages.iter().zip(&self.sums).all(|(c, &s)| {
                distinct(c.clone()) && c.iter().map(|&i| u32::from(g[i])).sum::<u32>() == s
            })
            && self
                .thermos
                .iter()
                .all(|t| t.windows(2).all(|w| g[w[0]] < g[w[1]]))
    }

    /// Up to two solutions, by plain backtracking over rows, columns and
    /// boxes, checking the whole rules on complete grids.
    fn solutions(&self) -> Vec<[u8; 81]> {
        let mut g = self.givens;
        let mut out = Vec::new();
        self.fill(&mut g, 0, &mut out);
        out
    }

    fn fill(&self, g: &mut [u8; 81], from: usize, out: &mut Vec<[u8; 81]>) {
        if out.len() >= 2 {
            return;
        }
        let Some(i) = (from..81).find(|&i| g[i] == 0) else {
            if self.holds(g) {
                out.push(*g);
            }
            return;
        };
        let (r, c) = (i / 9, i % 9);
        for v in 1..=9u8 {
            let clash = (0..9).any(|k| {
                g[r * 9 + k] == v
                    || g[k * 9 + c] == v
                    || g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v
            });
            // Thermometers and cages only prune on complete parts: the
            // full check is on complete grids.
            if clash {
                continue;
            }
            g[i] = v;
            let partial_ok = self.thermos.iter().all(|t| {
                t.windows(2)
                    .all(|w| g[w[0]] == 0 || g[w[1]] == 0 || g[w[0]] < g[w[1]])
            }) && self.cages.iter().zip(&self.sums).all(|(cage, &s)| {
                let total: u32 = cage.iter().map(|&k| u32::from(g[k])).sum();
                let open = cage.iter().any(|&k| g[k] == 0);
                if open {
                    total < s
                } else {
                    total == s
                }
            });
            if partial_ok {
                self.fill(g, i + 1, out);
            }
            g[i] = 0;
        }
    }
}

#[test]
fn the_page_answers_a_killer_thermo_puzzle_and_a_4x4_with_two_solutions() {
    let bound = common::start(false);
    let mut browser = Browser::launch();
    browser.open(&bound.url);

    // 1. A 9x9 killer and thermometer puzzle: the verdict and, for a
    // unique one, the solution read from the cells' true candidates.
    let puzzle = killer();
    let oracle = puzzle.solutions();
    assert!(!oracle.is_empty(), "the pattern grid solves it");
    browser.paste(&puzzle.fpuzzles_json());
    let page = browser.answers(81);
    assert_eq!(oracle.len(), 1, "the oracle finds one solution");
    assert_eq!(page["verdict"], "unique", "{page}");
    // The drawing: the cages and thermometers are there.
    let drawn = browser.eval(
        "[document.querySelectorAll('line.cage').length, document.querySelectorAll('polyline.line').length]",
    );
    assert!(drawn[0].as_u64().unwrap() >= 10 * 4, "{drawn}");
    assert_eq!(drawn[1], 2, "{drawn}");
    let cells = page["cells"].as_array().unwrap();
    {
        assert_eq!(page["count"], "1", "{page}");
        let mut read = [0u8; 81];
        for (i, cell) in cells.iter().enumerate() {
            let given = cell["given"].as_u64().unwrap() as u8;
            let values = cell["values"].as_array().unwrap();
            read[i] = if given != 0 {
                given
            } else {
                assert_eq!(values.len(), 1, "cell {i}: {cell}");
                values[0].as_u64().unwrap() as u8
            };
        }
        assert!(puzzle.holds(&read), "the page's grid breaks the rules");
        assert_eq!(read, oracle[0]);
    }

    // 2. A 4x4 with several solutions: the verdict, the count and every
    // cell's true candidates, against all 288 grids filtered.
    let givens: [u8; 16] = [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let expected = common::completions(&givens);
    assert!(expected.len() >= 2);
    let text: String = givens
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect();
    browser.paste(&text);
    let page = browser.answers(16);
    assert_eq!(page["verdict"], "multiple", "{page}");
    assert_eq!(page["count"], expected.len().to_string(), "{page}");
    assert_eq!(page["complete"], "true", "{page}");
    let cells = page["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 16);
    for (i, cell) in cells.iter().enumerate() {
        if givens[i] != 0 {
            assert_eq!(cell["given"], givens[i], "cell {i}");
            continue;
        }
        let mut want: Vec<u8> = expected.iter().map(|g| g[i]).collect();
        want.sort_unstable();
        want.dedup();
        assert_eq!(cell["values"], json!(want), "cell {i}");
    }

    // 3. The setter's loop: click an open cell, type a digit; the given
    // changes and the answers follow (the oracle on the new givens).
    let cell = 10usize; // r3c3
    let value = expected[0][cell];
    browser.eval(&format!(
        "(() => {{ document.querySelector('rect[data-cell=\"{cell}\"]').dispatchEvent(new MouseEvent('click', {{bubbles: true}})); return true; }})()"
    ));
    browser.call(
        "Input.dispatchKeyEvent",
        json!({"type": "keyDown", "key": value.to_string(), "text": value.to_string()}),
    );
    let mut edited = givens;
    edited[cell] = value;
    let after = common::completions(&edited);
    let page = browser.wait_for(
        &format!("document.querySelector('[data-given=\"{cell}\"]') ? true : null"),
        Duration::from_secs(180),
    );
    assert_eq!(page, true);
    let page = browser.answers(16);
    assert_eq!(page["count"], after.len().to_string(), "{page}");
    let text = browser.eval("document.getElementById('puzzle').value");
    assert_eq!(
        text.as_str().unwrap().chars().nth(cell),
        char::from_digit(u32::from(value), 10),
        "{text}"
    );

    // 4. The constraints are drawn: dots, XV, outside clues, lines, arrows.
    let doc = json!({
        "size": 9,
        "grid": vec![vec![json!({}); 9]; 9],
        "arrow": [{"cells": ["R3C1"], "lines": [["R3C1", "R3C2", "R3C3"]]}],
        "difference": [{"cells": ["R4C1", "R4C2"]}],
        "ratio": [{"cells": ["R4C3", "R4C4"]}],
        "xv": [{"cells": ["R4C5", "R4C6"], "value": "V"}],
        "renban": [{"lines": [["R5C1", "R5C2"]]}],
        "littlekillersum": [{"cell": "R0C9", "direction": "DL", "value": "20"}],
        "sandwichsum": [{"cell": "R0C5", "value": "10"}],
        "even": [{"cell": "R9C1"}],
        "diagonal+": true,
    });
    browser.paste(&doc.to_string());
    let drawn = browser.wait_for(
        r#"(() => {
            if (document.querySelectorAll('rect.cell').length !== 81 || !document.querySelector('.xv')) return null;
            return {xv: Array.from(document.querySelectorAll('.xv')).map(e => e.textContent),
                    clues: Array.from(document.querySelectorAll('.clue')).map(e => e.textContent).sort(),
                    lines: document.querySelectorAll('polyline.line').length,
                    diagonals: document.querySelectorAll('line.diag').length,
                    rules: document.getElementById('rules').innerText};
        })()"#,
        Duration::from_secs(180),
    );
    assert_eq!(drawn["xv"], json!(["V"]), "{drawn}");
    assert_eq!(drawn["clues"], json!(["10", "20"]), "{drawn}");
    assert_eq!(drawn["lines"], 2, "{drawn}"); // the arrow and the renban
    assert_eq!(drawn["diagonals"], 1, "{drawn}");
    assert!(
        drawn["rules"].as_str().unwrap().contains("arrow"),
        "{drawn}"
    );

    // 5. Issue 36's lines, cages and outside clues are drawn too, and the
    // whole-grid rules are listed with their parameter.
    let doc = json!({
        "size": 9,
        "grid": vec![vec![json!({}); 9]; 9],
        "sumline": [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]], "value": "10"}],
        "modularline": [{"lines": [["R5C1", "R5C2", "R5C3"]]}],
        "lockout": [{"lines": [["R9C1", "R9C2", "R9C3"]], "value": "5"}],
        "doublearrow": [{"lines": [["R8C1", "R8C2", "R8C3"]]}],
        "rellikcage": [{"cells": ["R1C7", "R1C8"], "value": "7"}],
        "countingcircles": [{"cells": ["R5C7", "R6C8"]}],
        "hiddenskyscraper": [{"cell": "R0C4", "value": "6"}],
        "numberedroom": [{"cell": "R4C0", "value": "2"}],
        "taxicab": [{"value": "4"}],
        "sumdot": [{"cells": ["R8C8", "R8C9"], "value": "11"}],
    });
    browser.paste(&doc.to_string());
    let drawn = browser.wait_for(
        r#"(() => {
            if (document.querySelectorAll('rect.cell').length !== 81 || !document.querySelector('polygon')) return null;
            return {clues: Array.from(document.querySelectorAll('.clue')).map(e => e.textContent).sort(),
                    lines: document.querySelectorAll('polyline.line').length,
                    diamonds: document.querySelectorAll('polygon').length,
                    cagesums: Array.from(document.querySelectorAll('.cagesum')).map(e => e.textContent),
                    marks: Array.from(document.querySelectorAll('.mark')).map(e => e.textContent).sort(),
                    sumdots: Array.from(document.querySelectorAll('.sumdot')).map(e => e.textContent),
                    rules: document.getElementById('rules').innerText};
        })()"#,
        Duration::from_secs(180),
    );
    assert_eq!(drawn["clues"], json!(["#2", "h6"]), "{drawn}");
    assert_eq!(drawn["lines"], 4, "{drawn}"); // sum, modular, lockout, double arrow
    assert_eq!(drawn["diamonds"], 2, "{drawn}"); // the lockout line's ends
    assert_eq!(drawn["cagesums"], json!(["\u{2260}7"]), "{drawn}");
    assert_eq!(drawn["marks"], json!(["\u{3a3}10", "\u{2265}5"]), "{drawn}");
    assert_eq!(drawn["sumdots"], json!(["11"]), "{drawn}");
    assert!(
        drawn["rules"].as_str().unwrap().contains("taxicab 4"),
        "{drawn}"
    );
}

/// A puzzle in the address starts nothing until Start is pressed (a link
/// on another site cannot set the server to work); 150 quick edits leave
/// no job running that the page no longer tracks, and the last edit's
/// answers are shown.
#[test]
fn the_address_waits_for_start_and_fast_edits_leave_no_job_behind() {
    let _one = common::one_long_job_at_a_time();
    let bound = common::start(false);
    let mut browser = Browser::launch();
    let text = "12..34..........";
    // Every request the page makes, recorded from before its own script
    // runs: reading a puzzle starts with one (`/api/parse`, then
    // `/api/jobs`), however slow the server.
    browser.call("Page.enable", json!({}));
    browser.call(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": r#"(() => {
            window.requested = [];
            const plain = window.fetch;
            window.fetch = (path, init) => { window.requested.push(String(path)); return plain(path, init); };
        })()"#}),
    );
    browser.open(&format!("{}?text={text}", bound.url));
    // Nothing to wait for when nothing may happen, so the wait is in the
    // page's own clock, not the test's: a timer set now fires after every
    // timer the page set while loading with a shorter delay (its debounce
    // and job delays are 300 and 150 ms), however loaded the machine.
    let state = browser.eval(
        "new Promise(done => setTimeout(() => done([document.getElementById('verdict').dataset.status, \
          document.getElementById('puzzle').value, document.getElementById('start').hidden, \
          window.requested]), 1500))",
    );
    assert_eq!(state, json!(["none", text, false, []]), "{state}");
    browser.eval("(() => { document.getElementById('start').click(); return true; })()");
    let page = browser.answers(16);
    assert_eq!(page["verdict"], "multiple", "{page}");
    // The record works: Start's requests are in it.
    let requested = browser.eval("window.requested");
    assert!(
        requested
            .as_array()
            .is_some_and(|r| r.contains(&json!("/api/parse"))),
        "{requested}"
    );

    // Every job the page starts, recorded from its own requests.
    browser.eval(
        r#"(() => {
            window.started = [];
            const plain = window.fetch;
            window.fetch = async (path, init) => {
                const response = await plain(path, init);
                if (path === '/api/jobs' && response.ok) {
                    response.clone().json().then(j => window.started.push(j.id));
                }
                return response;
            };
            return true;
        })()"#,
    );
    browser.paste(&killer().fpuzzles_json());
    browser.answers(81);
    browser.eval(
        "(() => { document.querySelector('rect[data-cell=\"0\"]').dispatchEvent(new MouseEvent('click', {bubbles: true})); return true; })()",
    );
    for k in 0..150 {
        let key = ["1", "2", "3", "0"][k % 4];
        browser.call(
            "Input.dispatchKeyEvent",
            json!({"type": "keyDown", "key": key, "text": key}),
        );
    }
    let page = browser.answers(81);
    assert!(page["verdict"] != "none", "{page}");
    let error = browser.eval("document.getElementById('error').innerText");
    assert_eq!(error, "", "{page}");
    let started = browser.eval("window.started");
    let started = started.as_array().expect("the ids").clone();
    assert!(!started.is_empty());
    // Every job the page started ends (the page cancels those it no longer
    // tracks; the last one finishes): polled until then, with room for a
    // loaded machine, instead of one look after a fixed sleep.
    let since = Instant::now();
    loop {
        let running: Vec<Value> = started
            .iter()
            .filter_map(|id| {
                let (_, job) =
                    common::get(&bound.url, &format!("/api/jobs/{}", id.as_str().unwrap()));
                (job["status"] == "running").then_some(job)
            })
            .collect();
        if running.is_empty() {
            break;
        }
        assert!(
            since.elapsed() < Duration::from_secs(60),
            "{} jobs left running: {running:?}",
            running.len()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The course's grid that needs pointing (Sudoku Explainer: 2.6/1.5/1.5).
const POINTING: &str =
    "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

#[test]
fn next_step_shows_each_step_on_the_grid_and_the_solution_stays_hidden() {
    let bound = common::start(false);
    let mut browser = Browser::launch();
    browser.open(&bound.url);
    // An empty page: an empty 9x9 grid, not a blank box.
    let empty = browser.eval(
        "[document.querySelectorAll('rect.cell').length, document.querySelectorAll('[data-given]').length]",
    );
    assert_eq!(empty, json!([81, 0]));

    let givens: Vec<u8> = POINTING
        .chars()
        .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    let mut found = Vec::new();
    common::brute_force(&mut givens.clone(), 9, 2, &mut found);
    assert_eq!(found.len(), 1);
    let solution = &found[0];

    browser.paste(POINTING);
    browser.wait_for(
        "document.getElementById('progress').textContent.startsWith('done') ? true : null",
        Duration::from_secs(180),
    );
    assert_eq!(
        browser.eval("document.getElementById('verdict').dataset.status"),
        "unique"
    );
    // The solution (the true candidates of a unique puzzle) is hidden.
    assert_eq!(
        browser.eval("document.querySelectorAll('[data-candidates]').length"),
        0
    );

    let click = |browser: &mut Browser, id: &str| {
        browser.eval(&format!(
            "(() => {{ document.getElementById('{id}').click(); return true; }})()"
        ));
    };
    let state = r#"(() => {
        const t = document.getElementById('step-text');
        if (t.dataset.step !== 'STEP') return null;
        const cells = (cls) => Array.from(document.querySelectorAll('rect.' + cls)).map(r => Number(r.dataset.cell));
        const placed = Array.from(document.querySelectorAll('[data-placed]'))
            .map(p => [Number(p.dataset.placed), Number(p.textContent)]);
        return {text: t.textContent, place: cells('step-place'), elim: cells('step-elim'),
                reason: cells('step-cell'), placed};
    })()"#;
    for k in 1..=12 {
        click(&mut browser, "next-step");
        let shown = browser.wait_for(
            &state.replace("STEP", &k.to_string()),
            Duration::from_secs(180),
        );
        let text = shown["text"].as_str().unwrap();
        assert!(text.starts_with(&format!("{k}. ")), "{text}");
        let highlighted =
            shown["place"].as_array().unwrap().len() + shown["elim"].as_array().unwrap().len();
        assert!(highlighted > 0, "step {k} highlights its cells: {shown}");
        // Every digit the steps shown have placed is the solution's.
        let placed = shown["placed"].as_array().unwrap();
        assert!(!placed.is_empty());
        for p in placed {
            let (cell, value) = (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap());
            assert_eq!(givens[cell], 0);
            assert_eq!(u64::from(solution[cell]), value, "{text}");
        }
        for cell in shown["place"].as_array().unwrap() {
            let cell = cell.as_u64().unwrap();
            assert!(placed.iter().any(|p| p[0] == cell), "{shown}");
        }
    }

    click(&mut browser, "whole-path");
    let items = browser.wait_for(
        "(() => { const l = document.getElementById('path'); return l.hidden ? null : Array.from(l.children).map(li => li.textContent); })()",
        Duration::from_secs(180),
    );
    let items = items.as_array().unwrap();
    // At least a step per open cell (each placement is a step here), then the end.
    let open = givens.iter().filter(|&&v| v == 0).count();
    assert!(items.len() > open, "{} items", items.len());
    assert!(items
        .last()
        .unwrap()
        .as_str()
        .unwrap()
        .starts_with("solved by logic alone"));
    assert!(items
        .iter()
        .any(|i| i.as_str().unwrap().starts_with("pointing")));

    // One click shows the true candidates: the solution.
    click(&mut browser, "show-solution");
    let forced = browser.wait_for(
        "(() => { const f = Array.from(document.querySelectorAll('text.forced')); return f.length ? f.map(t => [Number(t.dataset.candidates), Number(t.textContent)]) : null; })()",
        Duration::from_secs(180),
    );
    for f in forced.as_array().unwrap() {
        let cell = f[0].as_u64().unwrap() as usize;
        assert_eq!(u64::from(solution[cell]), f[1].as_u64().unwrap());
    }
}
