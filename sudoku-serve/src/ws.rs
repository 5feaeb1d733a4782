//! The f-puzzles solver connection: the websocket protocol that rangsk's
//! SudokuSolver (`SudokuSolverConsole -listen`, port 4545) speaks with the
//! f-puzzles editor's userscript (`Fpuzzles-SudokuSolver.user.js`), as its
//! public source states it.
//!
//! A request is `{"nonce": n, "command": c, "dataType": "fpuzzles", "data":
//! d}` with `d` the puzzle's f-puzzles JSON compressed with lz-string
//! (base64), or a SudokuPad link (`fpuz`, `scl`/`ctc`, `classic`, a short
//! id: see `sudoku_format::sudokupad`), or `{"nonce": n, "command": "cancel"}`. A new request cancels
//! the connection's running one (whose answer is then not sent). Answers
//! carry the request's nonce and a `type`:
//!
//! - `truecandidates` -> `{"type": "truecandidates", "solutionsPerCandidate":
//!   [...]}`: one number per (cell, value), index `cell * size + value - 1`:
//!   1 when the value is a true candidate, 0 when not; when the puzzle asks
//!   for "colored candidates" (`"colored"` in `truecandidatesoptions`), the
//!   number of solutions with that value there, counted up to 8 (each true
//!   candidate placed and counted), as rangsk's solver counts them. With
//!   the `"logical"` option, a candidate that the logical solver keeps
//!   (solving from the givens as far as its techniques go) but that no
//!   solution has is -1, as rangsk's solver marks it; only for a puzzle
//!   with exactly one solution that the logical solver takes (no killer
//!   cages or setter's constraints), since its uniqueness techniques
//!   assume one; otherwise no -1 is sent. Nothing is sent while they are
//!   worked out (rangsk's websocket sends none either; only his console's
//!   JSON mode reports true candidates in progress);
//! - `solve` -> `{"type": "solved", "solution": [...]}` (a value per cell);
//! - `check` -> `{"type": "count", "count": 0|1|2, "inProgress": false}`
//!   (2: two or more);
//! - `count` -> while it runs, every quarter second when more solutions
//!   have been found, `{"type": "count", "count": n, "inProgress": true}`
//!   (the solutions found so far, non-decreasing; the editor shows "found n
//!   solutions so far"), then `{"type": "count", "count": n, "inProgress":
//!   false}` with the exact count; nothing more once cancelled;
//! - `cancel` -> `{"type": "canceled"}`;
//! - `solvepath`, `step` -> `{"type": "logical", "cells": [...], "message":
//!   ..., "isValid": ...}`: the logical solver's whole path, or its next
//!   step, from the editor's board (see [`crate::logical`]);
//! - a doppelganger puzzle (f-puzzles JSON with our extension
//!   `"doppelganger": true`, see [`crate::doppelganger`]): `truecandidates`
//!   indexed `cell * (size + 1) + value` for the values `0..=size`,
//!   `solve`, `check`, and `count` with the exact count only;
//! - no solution, a puzzle we cannot read, or a command we do not have
//!   -> `{"type": "invalid", "message": ...}`.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::Duration;

use std::net::SocketAddr;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::Router;
use serde_json::{json, Value};
use sudoku::{Grid, Rules};
use sudoku_format::fpuzzles::read_fpuzzles;
use sudoku_solve::{setter, Asked, CheckedPuzzle, Limits, SudokuSolver, Verdict};
use tokio::sync::{mpsc, Semaphore};

use crate::logical;

/// Requests answered at once over every connection; a request past them is
/// answered `invalid` (the server is busy).
const RUNNING: usize = 4;

/// The longest a request runs; then it is answered `invalid` (stopped).
const MAX_TIME: Duration = Duration::from_secs(300);

/// The origins the websocket always accepts: the f-puzzles editor's.
const FPUZZLES_ORIGINS: [&str; 2] = ["https://www.f-puzzles.com", "https://f-puzzles.com"];

#[derive(Clone)]
struct Ws {
    /// `127.0.0.1:PORT` and `localhost:PORT`.
    hosts: Arc<[String]>,
    /// The origins of `--allow-origin`.
    allowed: Arc<[String]>,
    running: Arc<Semaphore>,
}

pub(crate) fn router(addr: SocketAddr, allow_origins: &[String]) -> Router {
    let port = addr.port();
    let ws = Ws {
        hosts: vec![format!("127.0.0.1:{port}"), format!("localhost:{port}")].into(),
        allowed: allow_origins
            .iter()
            .map(|o| o.trim_end_matches('/').to_string())
            .collect(),
        running: Arc::new(Semaphore::new(RUNNING)),
    };
    Router::new().route("/", any(upgrade)).with_state(ws)
}

/// Whether a page of `origin` may drive the solver: the f-puzzles editor,
/// a page on this machine, or one of `--allow-origin`.
fn origin_allowed(origin: &str, allowed: &[String]) -> bool {
    let local = ["http://localhost", "http://127.0.0.1", "https://localhost"]
        .iter()
        .any(|base| {
            origin.strip_prefix(base).is_some_and(|rest| {
                rest.is_empty()
                    || rest
                        .strip_prefix(':')
                        .is_some_and(|p| p.parse::<u16>().is_ok())
            })
        });
    local || FPUZZLES_ORIGINS.contains(&origin) || allowed.iter().any(|a| a == origin)
}

async fn upgrade(State(state): State<Ws>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    let text = |name| {
        headers
            .get(name)
            .and_then(|h: &HeaderValue| h.to_str().ok())
    };
    if !text(header::HOST).is_some_and(|h| state.hosts.iter().any(|ok| ok == h)) {
        let message = format!("this server answers requests for {} only", state.hosts[1]);
        return (StatusCode::FORBIDDEN, message).into_response();
    }
    // Browsers always say where a page's websocket comes from; programs
    // (no Origin) cannot be driven by a web page.
    if let Some(origin) = text(header::ORIGIN) {
        if !origin_allowed(origin, &state.allowed) {
            let message = format!(
                "connections from {origin} are not taken (the f-puzzles editor's \
                 and this machine's are; sudoku serve --allow-origin adds one)"
            );
            return (StatusCode::FORBIDDEN, message).into_response();
        }
    }
    let running = Arc::clone(&state.running);
    ws.max_message_size(1 << 20)
        .on_upgrade(move |socket| connection(socket, running))
}

async fn connection(mut socket: WebSocket, running_jobs: Arc<Semaphore>) {
    // Each message carries the number of the request it answers: once a
    // newer request has arrived, an older one's messages (a count's
    // progress already on its way) are dropped, so nothing of a cancelled
    // request follows the newer request's answer.
    let (tx, mut rx) = mpsc::unbounded_channel::<(u64, String)>();
    let mut running: Option<Arc<AtomicBool>> = None;
    let mut current = 0u64;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                if let Some(flag) = running.take() {
                    flag.store(true, Ordering::Relaxed);
                }
                current += 1;
                let request = current;
                let cancel = Arc::new(AtomicBool::new(false));
                running = Some(Arc::clone(&cancel));
                let tx = tx.clone();
                // A turn among the server's RUNNING requests (a cancelled
                // one keeps its turn until it has stopped), or busy.
                let message = serde_json::from_str::<Value>(&text).ok();
                let field = |k: &str| message.as_ref().and_then(|m| m.get(k)).cloned();
                let turn = Arc::clone(&running_jobs).try_acquire_owned().ok();
                let is_cancel = field("command").is_some_and(|c| c == "cancel");
                if turn.is_none() && !is_cancel {
                    let nonce = field("nonce").unwrap_or(Value::Null);
                    let busy = invalid(
                        &nonce,
                        format!("the solver is busy ({RUNNING} requests are running): try again"),
                    );
                    let _ = tx.send((request, busy.to_string()));
                    continue;
                }
                tokio::task::spawn_blocking(move || {
                    let _turn = turn;
                    let progress = |message: Value| {
                        let _ = tx.send((request, message.to_string()));
                    };
                    if let Some(reply) = answer(&text, &cancel, &progress) {
                        let _ = tx.send((request, reply.to_string()));
                    }
                });
            }
            Some((request, reply)) = rx.recv() => {
                if request != current {
                    continue;
                }
                if socket.send(Message::Text(reply.into())).await.is_err() {
                    break;
                }
            }
        }
    }
    if let Some(flag) = running {
        flag.store(true, Ordering::Relaxed);
    }
}

fn invalid(nonce: &Value, message: impl Into<String>) -> Value {
    json!({"nonce": nonce, "type": "invalid", "message": message.into()})
}

/// The answer to one request, or `None` when it was cancelled (by a newer
/// request on the connection or by the connection closing). Messages sent
/// while it works (a count's counts so far) go to `progress`.
pub(crate) fn answer(
    text: &str,
    cancel: &Arc<AtomicBool>,
    progress: &(dyn Fn(Value) + Sync),
) -> Option<Value> {
    let message: Value = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => {
            return Some(invalid(
                &Value::Null,
                format!("the message is not JSON: {e}"),
            ))
        }
    };
    let nonce = message.get("nonce").cloned().unwrap_or(Value::Null);
    let command = message.get("command").and_then(Value::as_str).unwrap_or("");
    if command == "cancel" {
        return Some(json!({"nonce": nonce, "type": "canceled"}));
    }
    if message.get("dataType").and_then(Value::as_str) != Some("fpuzzles") {
        return Some(invalid(&nonce, "dataType: expected \"fpuzzles\""));
    }
    let data = message.get("data").and_then(Value::as_str).unwrap_or("");
    // A doppelganger puzzle (our f-puzzles extension, `"doppelganger":
    // true`), before any other reading: never solved as a classic grid.
    if let Some(read) = crate::doppelganger::read_data(data) {
        return match read {
            Ok(grid) => doppelganger(&nonce, command, &grid, cancel),
            Err(e) => Some(invalid(&nonce, e)),
        };
    }
    // A SudokuPad link is read too (fpuz, scl/ctc, classic, short ids).
    let read = if sudoku_format::sudokupad::is_sudokupad_link(data) {
        sudoku_format::sudokupad::read_sudokupad(data)
            .map(|p| p.puzzle)
            .map_err(|e| e.to_string())
    } else {
        read_fpuzzles(data).map_err(|e| e.to_string())
    };
    let puzzle = match read {
        Ok(p) => p,
        Err(e) => return Some(invalid(&nonce, e)),
    };
    let rules = match puzzle.variant.rules(puzzle.grid.shape()) {
        Ok(r) => Arc::new(r),
        Err(e) => return Some(invalid(&nonce, e.to_string())),
    };
    let grid = puzzle.grid;
    let asked = CheckedPuzzle::new(&grid, &puzzle.variant, &rules);
    let doc = document(data);
    let mut limits = Limits::none().cancel_flag(Arc::clone(cancel));
    limits.deadline = Some(std::time::Instant::now() + MAX_TIME);
    let cancelled = || cancel.load(Ordering::Relaxed);
    // Stopped by the time limit (not by a newer request): say so.
    let timed_out = || {
        (!cancelled()).then(|| {
            invalid(
                &nonce,
                format!("stopped after {} s (the time limit)", MAX_TIME.as_secs()),
            )
        })
    };
    match command {
        "truecandidates" => {
            let c = match asked.true_candidates_counted(&limits, Asked::Auto, &AtomicUsize::new(0))
            {
                Ok(c) => c,
                Err(e) => return Some(invalid(&nonce, e.to_string())),
            };
            if c.incomplete.is_some() {
                return timed_out();
            }
            if c.is_unsolvable() {
                return Some(invalid(&nonce, "No solutions found."));
            }
            let options = options(&doc);
            let cap = if options.iter().any(|o| o == "colored") {
                8
            } else {
                1
            };
            let per = match per_candidate(&rules, &grid, &c, cap, &limits) {
                Ok(Some(per)) => per,
                Ok(None) => return timed_out(),
                Err(e) => return Some(invalid(&nonce, e.to_string())),
            };
            let mut per: Vec<i64> = per
                .into_iter()
                .map(|k| i64::try_from(k).unwrap_or(i64::MAX))
                .collect();
            if options.iter().any(|o| o == "logical") {
                if let Some(kept) = logical::logical_masks(&rules, &grid, &c, &limits) {
                    let n = grid.side();
                    for (cell, mask) in kept.iter().enumerate() {
                        for v in sudoku_logic::values_of(*mask) {
                            let at = cell * n + v - 1;
                            if per[at] == 0 {
                                per[at] = -1;
                            }
                        }
                    }
                }
            }
            Some(json!({"nonce": nonce, "type": "truecandidates", "solutionsPerCandidate": per}))
        }
        "solve" => match asked.solve_one(&limits) {
            Ok(s) => Some(json!({"nonce": nonce, "type": "solved", "solution": s.cells()})),
            Err(sudoku_solve::SolveError::Unsolvable) => {
                Some(invalid(&nonce, "No solutions found."))
            }
            Err(sudoku_solve::SolveError::GaveUp(_)) => timed_out(),
            Err(e) => Some(invalid(&nonce, e.to_string())),
        },
        "check" => match asked.verdict(&limits) {
            Ok((verdict, _)) => {
                let count = match verdict {
                    Verdict::Unique(_) => 1,
                    Verdict::Multiple(..) => 2,
                    Verdict::Unsolvable => 0,
                    Verdict::Invalid(c) => return Some(invalid(&nonce, c.to_string())),
                    Verdict::Unknown(_) => return timed_out(),
                };
                Some(json!({"nonce": nonce, "type": "count", "count": count, "inProgress": false}))
            }
            Err(e) => Some(invalid(&nonce, e.to_string())),
        },
        "count" => count(&nonce, &asked, &limits, cancel, progress).or_else(timed_out),
        "solvepath" | "step" => {
            let board = logical::board(&doc, grid.side());
            match logical::answer(&nonce, command, &asked, &board, &limits) {
                Ok(reply) => Some(reply),
                Err(Some(message)) => Some(invalid(&nonce, message)),
                Err(None) => timed_out(),
            }
        }
        other => Some(invalid(
            &nonce,
            format!(
                "the command {other:?} is not supported by this solver \
                 (truecandidates, solve, check, count, solvepath, step and cancel are)"
            ),
        )),
    }
}

/// The answer to a request on a doppelganger puzzle: `solve`, `check`,
/// `count` (the exact count only, no counts so far) and `truecandidates`
/// (`solutionsPerCandidate` indexed `cell * (size + 1) + value` for the
/// values `0..=size`: 1 for a true candidate, else 0).
fn doppelganger(
    nonce: &Value,
    command: &str,
    grid: &sudoku::doppelganger::DoppelGrid,
    cancel: &Arc<AtomicBool>,
) -> Option<Value> {
    use sudoku_solve::doppelganger::{answer, true_candidates};
    use sudoku_solve::{Answer, Task};
    let mut limits = Limits::none().cancel_flag(Arc::clone(cancel));
    limits.deadline = Some(std::time::Instant::now() + MAX_TIME);
    let stopped = |why: sudoku_solve::Incomplete| {
        (!cancel.load(Ordering::Relaxed)).then(|| invalid(nonce, format!("stopped: {why}")))
    };
    let task = match command {
        "solve" => Task::Solve,
        "check" => Task::Check,
        "count" => Task::Count { limit: None },
        "truecandidates" => {
            return match true_candidates(grid, &limits) {
                Ok(c) if c.incomplete.is_some() => c.incomplete.and_then(stopped),
                Ok(c) if c.is_unsolvable() => Some(invalid(nonce, "No solutions found.")),
                Ok(c) => {
                    let n = grid.shape().side() as usize;
                    let mut per = vec![0u8; n * n * (n + 1)];
                    for (cell, values) in c.cells.iter().enumerate() {
                        for &v in values {
                            per[cell * (n + 1) + usize::from(v)] = 1;
                        }
                    }
                    Some(
                        json!({"nonce": nonce, "type": "truecandidates", "solutionsPerCandidate": per}),
                    )
                }
                Err(e) => Some(invalid(nonce, e.to_string())),
            }
        }
        other => {
            return Some(invalid(
                nonce,
                format!(
                    "the command {other:?} is not supported on doppelganger puzzles \
                     (truecandidates, solve, check, count and cancel are)"
                ),
            ))
        }
    };
    let answered = match answer(grid, &task, Asked::Auto, &limits) {
        Ok(a) => a.answer,
        Err(e) => return Some(invalid(nonce, e.to_string())),
    };
    let count = |k: u128| {
        Some(json!({"nonce": nonce, "type": "count",
            "count": u64::try_from(k).unwrap_or(u64::MAX), "inProgress": false}))
    };
    match answered {
        Answer::Solved(s) => Some(json!({"nonce": nonce, "type": "solved", "solution": s.cells()})),
        Answer::Unique(_) => count(1),
        Answer::Multiple(..) => count(2),
        Answer::Counted {
            solutions,
            incomplete: None,
        } => count(solutions),
        Answer::Counted {
            incomplete: Some(why),
            ..
        }
        | Answer::Unknown(why) => stopped(why),
        Answer::Unsolvable if command == "solve" => Some(invalid(nonce, "No solutions found.")),
        Answer::Unsolvable => count(0),
        Answer::Internal(why) => Some(invalid(nonce, format!("internal error: {why}"))),
        other => Some(invalid(nonce, format!("answered {}", other.status()))),
    }
}

/// How often a running count sends the solutions found so far.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The answer to `count`: the count on every thread, and while it runs,
/// every [`PROGRESS_EVERY`] the solutions found so far when there are more
/// than last sent (`{"type": "count", "count": n, "inProgress": true}`, as
/// rangsk's solver sends them and the editor shows them), none once the
/// request is cancelled.
fn count(
    nonce: &Value,
    asked: &CheckedPuzzle<'_>,
    limits: &Limits,
    cancel: &Arc<AtomicBool>,
    progress: &(dyn Fn(Value) + Sync),
) -> Option<Value> {
    let found = AtomicU64::new(0);
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let counted = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let counted = asked.count_counted(limits, Asked::Auto, &found);
            let _ = done_tx.send(());
            counted
        });
        let mut sent = 0;
        while let Err(RecvTimeoutError::Timeout) = done_rx.recv_timeout(PROGRESS_EVERY) {
            let now = found.load(Ordering::Relaxed);
            if now > sent && !cancel.load(Ordering::Relaxed) {
                sent = now;
                progress(
                    json!({"nonce": nonce, "type": "count", "count": now, "inProgress": true}),
                );
            }
        }
        worker.join()
    });
    let counted = match counted {
        Ok(counted) => counted,
        Err(_) => return Some(invalid(nonce, "internal error: the count failed")),
    };
    match counted {
        Ok(count) if count.outcome.incomplete.is_none() => Some(json!({
            "nonce": nonce, "type": "count",
            "count": u64::try_from(count.solutions).unwrap_or(u64::MAX),
            "inProgress": false,
        })),
        Ok(_) => None,
        Err(sudoku_solve::SolveError::Invalid(c)) => Some(invalid(nonce, c.to_string())),
        Err(sudoku_solve::SolveError::Unsolvable) => Some(json!({
            "nonce": nonce, "type": "count", "count": 0, "inProgress": false,
        })),
        Err(e) => Some(invalid(nonce, e.to_string())),
    }
}

/// The f-puzzles document of a request's data, decoded within the
/// reader's budgets (as the puzzle was); `Null` when it cannot be.
fn document(data: &str) -> Value {
    sudoku_format::fpuzzles::decode(data)
        .ok()
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or(Value::Null)
}

/// The puzzle's `truecandidatesoptions`: `"colored"` (count the solutions
/// of each candidate up to 8, as rangsk's solver caps them; else 1, seen
/// or not) and `"logical"` (mark -1 where logic keeps a candidate that no
/// solution has).
fn options(doc: &Value) -> Vec<String> {
    doc.get("truecandidatesoptions")
        .and_then(Value::as_array)
        .map(|options| {
            options
                .iter()
                .filter_map(|o| o.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// One number per (cell, value), index `cell * side + value - 1`: the
/// solutions with that value in that cell, counted up to `cap` (0 for a
/// value in no solution). With a cap of 1 the true candidates say it; above
/// 1 each true candidate of an open cell is placed and its solutions
/// counted (a given's value is in every solution: its count is the
/// puzzle's, counted once). `None` when a limit stopped it.
fn per_candidate(
    rules: &Arc<Rules>,
    grid: &Grid,
    c: &setter::Candidates,
    cap: u64,
    limits: &Limits,
) -> Result<Option<Vec<u64>>, sudoku_solve::SolveError> {
    let n = grid.side();
    let mut per = vec![0u64; n * n * n];
    for cell in 0..n * n {
        for v in c.values(cell) {
            per[cell * n + usize::from(v) - 1] = 1;
        }
    }
    if cap <= 1 {
        return Ok(Some(per));
    }
    let solver = SudokuSolver::with_rules(Arc::clone(rules), Asked::Auto)?;
    let capped = limits.clone().solutions(u128::from(cap));
    let count = |g: &Grid| -> Result<Option<u64>, sudoku_solve::SolveError> {
        let counted = match solver.par_count(g, &capped) {
            Ok(counted) => counted,
            Err(sudoku_solve::SolveError::Unsolvable) => return Ok(Some(0)),
            Err(e) => return Err(e),
        };
        match counted.outcome.incomplete {
            None | Some(sudoku_solve::Incomplete::SolutionLimit) => Ok(Some(
                u64::try_from(counted.solutions).unwrap_or(cap).min(cap),
            )),
            Some(_) => Ok(None),
        }
    };
    let Some(whole) = count(grid)? else {
        return Ok(None);
    };
    for cell in 0..n * n {
        if grid.cells()[cell] != 0 {
            let v = usize::from(grid.cells()[cell]);
            per[cell * n + v - 1] = whole;
            continue;
        }
        for v in c.values(cell) {
            let mut cells = grid.cells().to_vec();
            cells[cell] = v;
            let placed = Grid::from_values(grid.shape(), cells)
                .map_err(|_| sudoku_solve::SolveError::Unsolvable)?;
            let Some(k) = count(&placed)? else {
                return Ok(None);
            };
            per[cell * n + usize::from(v) - 1] = k;
        }
    }
    Ok(Some(per))
}
