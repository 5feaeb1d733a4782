//! The f-puzzles solver connection: the websocket protocol that rangsk's
//! SudokuSolver (`SudokuSolverConsole -listen`, port 4545) speaks with the
//! f-puzzles editor's userscript (`Fpuzzles-SudokuSolver.user.js`), as its
//! public source states it.
//!
//! A request is `{"nonce": n, "command": c, "dataType": "fpuzzles", "data":
//! d}` with `d` the puzzle's f-puzzles JSON compressed with lz-string
//! (base64), or `{"nonce": n, "command": "cancel"}`. A new request cancels
//! the connection's running one (whose answer is then not sent). Answers
//! carry the request's nonce and a `type`:
//!
//! - `truecandidates` -> `{"type": "truecandidates", "solutionsPerCandidate":
//!   [...]}`: one number per (cell, value), index `cell * size + value - 1`,
//!   1 when the value is a true candidate, 0 when not;
//! - `solve` -> `{"type": "solved", "solution": [...]}` (a value per cell);
//! - `check` -> `{"type": "count", "count": 0|1|2, "inProgress": false}`
//!   (2: two or more);
//! - `count` -> `{"type": "count", "count": n, "inProgress": false}`;
//! - `cancel` -> `{"type": "canceled"}`;
//! - no solution, a puzzle we cannot read, or a command we do not have
//!   (`solvepath`, `step`: logical steps) -> `{"type": "invalid",
//!   "message": ...}`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::any;
use axum::Router;
use serde_json::{json, Value};
use sudoku::format::fpuzzles::read_fpuzzles;
use sudoku::{setter, Engine, Limits, SudokuSolver, Verdict};
use tokio::sync::mpsc;

pub(crate) fn router() -> Router {
    Router::new().route("/", any(upgrade))
}

async fn upgrade(ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(1 << 20).on_upgrade(connection)
}

async fn connection(mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let mut running: Option<Arc<AtomicBool>> = None;
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
                let cancel = Arc::new(AtomicBool::new(false));
                running = Some(Arc::clone(&cancel));
                let tx = tx.clone();
                tokio::task::spawn_blocking(move || {
                    if let Some(reply) = answer(&text, &cancel) {
                        let _ = tx.send(reply.to_string());
                    }
                });
            }
            Some(reply) = rx.recv() => {
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
/// request on the connection or by the connection closing).
pub(crate) fn answer(text: &str, cancel: &Arc<AtomicBool>) -> Option<Value> {
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
    let puzzle = match read_fpuzzles(data) {
        Ok(p) => p,
        Err(e) => return Some(invalid(&nonce, e.to_string())),
    };
    let rules = match puzzle.variant.rules(puzzle.grid.shape()) {
        Ok(r) => Arc::new(r),
        Err(e) => return Some(invalid(&nonce, e.to_string())),
    };
    let grid = puzzle.grid;
    let limits = Limits::none().cancel_flag(Arc::clone(cancel));
    let cancelled = || cancel.load(Ordering::Relaxed);
    let n = grid.side();
    match command {
        "truecandidates" => {
            let c = match setter::true_candidates(&rules, &grid, &limits) {
                Ok(c) => c,
                Err(e) => return Some(invalid(&nonce, e.to_string())),
            };
            if c.incomplete.is_some() {
                return None;
            }
            if c.is_unsolvable() {
                return Some(invalid(&nonce, "No solutions found."));
            }
            let per: Vec<u8> = (0..n * n)
                .flat_map(|cell| (0..n).map(move |v| (cell, v)))
                .map(|(cell, v)| u8::from(c.masks[cell] >> v & 1 == 1))
                .collect();
            Some(json!({"nonce": nonce, "type": "truecandidates", "solutionsPerCandidate": per}))
        }
        "solve" => {
            let mut solver = match SudokuSolver::with_rules(Arc::clone(&rules), Engine::Auto) {
                Ok(s) => s,
                Err(e) => return Some(invalid(&nonce, e.to_string())),
            };
            match solver.solve_one(&grid, &limits).0 {
                Ok(s) if rules.is_solution(&s, &grid) => {
                    Some(json!({"nonce": nonce, "type": "solved", "solution": s.cells()}))
                }
                Ok(_) => Some(invalid(
                    &nonce,
                    "internal error: a solution broke the rules",
                )),
                Err(_) if cancelled() => None,
                Err(sudoku::SolveError::Unsolvable) => Some(invalid(&nonce, "No solutions found.")),
                Err(e) => Some(invalid(&nonce, e.to_string())),
            }
        }
        "check" => match setter::verdict(&rules, &grid, &limits) {
            Ok((verdict, _)) => {
                let count = match verdict {
                    Verdict::Unique(_) => 1,
                    Verdict::Multiple(..) => 2,
                    Verdict::Unsolvable => 0,
                    Verdict::Invalid(c) => return Some(invalid(&nonce, c.to_string())),
                    Verdict::Unknown(_) => return None,
                };
                Some(json!({"nonce": nonce, "type": "count", "count": count, "inProgress": false}))
            }
            Err(e) => Some(invalid(&nonce, e.to_string())),
        },
        "count" => {
            let solver = match SudokuSolver::with_rules(Arc::clone(&rules), Engine::Auto) {
                Ok(s) => s,
                Err(e) => return Some(invalid(&nonce, e.to_string())),
            };
            match solver.par_count(&grid, &limits) {
                Ok(count) if count.outcome.incomplete.is_none() => Some(json!({
                    "nonce": nonce, "type": "count",
                    "count": u64::try_from(count.solutions).unwrap_or(u64::MAX),
                    "inProgress": false,
                })),
                Ok(_) => None,
                Err(sudoku::SolveError::Invalid(c)) => Some(invalid(&nonce, c.to_string())),
                Err(e) => Some(invalid(&nonce, e.to_string())),
            }
        }
        other => Some(invalid(
            &nonce,
            format!(
                "the command {other:?} is not supported by this solver \
                 (truecandidates, solve, check, count and cancel are)"
            ),
        )),
    }
}
