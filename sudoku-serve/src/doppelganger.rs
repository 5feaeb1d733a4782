//! Doppelganger puzzles (grids of `0..=n`, `sudoku::doppelganger`) on the
//! page and the websocket: how they are recognised, drawn and answered.
//!
//! Recognised, before any other reading (so that such a puzzle is never
//! read as a classic grid):
//!
//! - a text starting with `doppelganger:` followed by the grid (`0` the
//!   value zero, `.` a blank), a box shape such as `2x3` optionally first:
//!   `doppelganger: 2x3 0.....` (square boxes are inferred);
//! - the command line's JSON line `{"grid": "...", "box": "2x3", "variant":
//!   "doppelganger"}`;
//! - f-puzzles JSON, a link or a `load=` string with `"doppelganger": true`
//!   (our extension: `sudoku_format::fpuzzles_doppelganger`).
//!
//! Answered by `sudoku_solve::doppelganger` (every solution checked by the
//! rule as its text says it): the verdict, a count, the true candidates.

use serde_json::{json, Value};
use sudoku::doppelganger::DoppelGrid;
use sudoku::Shape;
use sudoku_format::fpuzzles_doppelganger::{doppelganger_from_json, is_doppelganger};
use sudoku_solve::doppelganger::{answer, true_candidates};
use sudoku_solve::{Answer, Asked, Limits, Task};

/// The prefix of a doppelganger grid in the page's text.
pub const PREFIX: &str = "doppelganger:";

/// The doppelganger puzzle of `text`: `None` when the text is not one
/// (read it as any other puzzle), `Some(Err)` when it says it is one but
/// cannot be read (the message says where).
pub fn read(text: &str) -> Option<Result<DoppelGrid, String>> {
    let t = text.trim();
    if let Some(rest) = t
        .get(..PREFIX.len())
        .filter(|p| p.eq_ignore_ascii_case(PREFIX))
        .map(|_| t[PREFIX.len()..].trim())
    {
        // An optional box shape first.
        let (shape, grid) = match rest.split_once(char::is_whitespace) {
            Some((first, grid)) if first.contains('x') && first.parse::<Shape>().is_ok() => {
                (first.parse::<Shape>().ok(), grid)
            }
            _ => (None, rest),
        };
        return Some(DoppelGrid::parse(grid, shape).map_err(|e| format!("doppelganger: {e}")));
    }
    if t.starts_with('{') {
        let doc: Value = serde_json::from_str(t).ok()?;
        if doc.get("size").is_none() {
            return json_line(&doc);
        }
        return flagged(&doc);
    }
    if sudoku_format::fpuzzles::is_fpuzzles_link(t) {
        let json = sudoku_format::fpuzzles::decode(t).ok()?;
        let doc: Value = serde_json::from_str(&json).ok()?;
        return flagged(&doc);
    }
    None
}

/// The doppelganger puzzle of a websocket request's `data` (f-puzzles JSON
/// compressed with lz-string, or any text [`read`] takes), as [`read`].
pub fn read_data(data: &str) -> Option<Result<DoppelGrid, String>> {
    if let Some(read) = read(data) {
        return Some(read);
    }
    let json = sudoku_format::fpuzzles::decode(data).ok()?;
    let doc: Value = serde_json::from_str(&json).ok()?;
    flagged(&doc)
}

/// An f-puzzles document flagged doppelganger.
fn flagged(doc: &Value) -> Option<Result<DoppelGrid, String>> {
    match is_doppelganger(doc) {
        Ok(false) => None,
        Ok(true) | Err(_) => Some(
            doppelganger_from_json(doc)
                .map_err(|e| e.to_string())
                .and_then(|g| g.ok_or_else(|| "not a doppelganger puzzle".to_string())),
        ),
    }
}

/// The command line's JSON line, when its `variant` is doppelganger.
fn json_line(doc: &Value) -> Option<Result<DoppelGrid, String>> {
    let variant = doc.get("variant")?.as_str()?;
    if !variant.eq_ignore_ascii_case("doppelganger") {
        return None;
    }
    Some((|| {
        if let Some(key) = doc.as_object().and_then(|o| {
            o.keys()
                .find(|k| !["grid", "box", "variant"].contains(&k.as_str()))
        }) {
            return Err(format!(
                "doppelganger: the JSON key {key:?} is not read (grid, box, variant are)"
            ));
        }
        let grid = doc
            .get("grid")
            .and_then(Value::as_str)
            .ok_or("doppelganger: \"grid\": expected the grid as a string")?;
        let shape = match doc.get("box") {
            None | Some(Value::Null) => None,
            Some(b) => Some(
                b.as_str()
                    .and_then(|b| b.parse::<Shape>().ok())
                    .ok_or("doppelganger: \"box\": expected a box shape such as \"2x3\"")?,
            ),
        };
        DoppelGrid::parse(grid, shape).map_err(|e| format!("doppelganger: \"grid\": {e}"))
    })())
}

/// The text that states `grid`: the command line's JSON line.
pub fn text(grid: &DoppelGrid) -> String {
    json!({"variant": "doppelganger", "box": grid.shape().to_string(), "grid": grid.to_text()})
        .to_string()
}

/// The page's drawing: as [`crate::drawing`], with `"doppelganger": true`
/// and `givens` holding `null` for a blank (0 is the value zero).
pub fn drawing(grid: &DoppelGrid) -> Value {
    let shape = grid.shape();
    let n = shape.side() as usize;
    let regions: Vec<usize> = (0..n * n).map(|i| shape.box_of(i / n, i % n)).collect();
    json!({
        "size": n,
        "box": [shape.box_rows(), shape.box_cols()],
        "doppelganger": true,
        "givens": grid.cells(),
        "regions": regions,
        "jigsaw": false,
        "diagonals": false,
        "windows": [],
        "cages": [],
        "constraints": [],
    })
}

/// `grid` with `value` (`None`: blank) in `cell`.
pub fn edit(grid: &DoppelGrid, cell: usize, value: Option<u16>) -> Result<DoppelGrid, String> {
    let n = grid.shape().side() as usize;
    if cell >= n * n {
        return Err(format!(
            "edit: cell {cell} is outside the {n}x{n} grid (cells 0-{})",
            n * n - 1
        ));
    }
    if value.is_some_and(|v| usize::from(v) > n) {
        return Err(format!(
            "edit: {} is too large for a {n}x{n} doppelganger grid (values 0-{n}, null for blank)",
            value.unwrap_or(0)
        ));
    }
    let mut edited = grid.clone();
    edited.set(cell / n, cell % n, value);
    Ok(edited)
}

/// The cells (`r * n + c`) where two grids differ.
fn differing(a: &DoppelGrid, b: &DoppelGrid) -> Vec<usize> {
    (0..a.cells().len())
        .filter(|&i| a.cells()[i] != b.cells()[i])
        .collect()
}

/// The verdict as the page's JSON: `status` (`unique`, `multiple`,
/// `unsolvable`, `unknown`, `error`), the differing `cells`, the
/// `solutions` (one or two, a value per cell).
pub fn verdict(grid: &DoppelGrid, limits: &Limits) -> Value {
    match answer(grid, &Task::Check, Asked::Auto, limits) {
        Ok(answered) => match answered.answer {
            Answer::Unique(s) => {
                json!({"status": "unique", "cells": [], "solutions": [s.cells()]})
            }
            Answer::Multiple(a, b) => json!({
                "status": "multiple",
                "cells": differing(&a, &b),
                "solutions": [a.cells(), b.cells()],
            }),
            Answer::Unsolvable => json!({"status": "unsolvable", "cells": []}),
            Answer::Unknown(why) => {
                json!({"status": "unknown", "cells": [], "incomplete": why.to_string()})
            }
            Answer::Internal(why) => {
                json!({"status": "error", "error": format!("internal error: {why}")})
            }
            other => json!({"status": "error", "error": format!("answered {}", other.status())}),
        },
        Err(e) => json!({"status": "error", "error": e.to_string()}),
    }
}

/// The count up to `limit` as the page's JSON (`solutions`, `complete`,
/// `incomplete`, `limit`, `nodes`), or `error`.
pub fn count(grid: &DoppelGrid, limit: u64, limits: &Limits) -> Value {
    let task = Task::Count {
        limit: Some(u128::from(limit)),
    };
    match answer(grid, &task, Asked::Auto, limits) {
        Ok(answered) => match answered.answer {
            Answer::Counted {
                solutions,
                incomplete,
            } => json!({
                "solutions": u64::try_from(solutions).unwrap_or(u64::MAX),
                "complete": incomplete.is_none(),
                "incomplete": incomplete.map(|w| w.to_string()),
                "limit": limit,
                "nodes": answered.nodes,
            }),
            Answer::Internal(why) => json!({"error": format!("internal error: {why}")}),
            other => json!({"error": format!("answered {}", other.status())}),
        },
        Err(e) => json!({"error": e.to_string()}),
    }
}

/// The true candidates as the page's JSON (`cells`: per cell its values,
/// `complete`, `incomplete`), or `error`.
pub fn candidates(grid: &DoppelGrid, limits: &Limits) -> Value {
    match true_candidates(grid, limits) {
        Ok(c) => json!({
            "cells": c.cells,
            "complete": c.incomplete.is_none(),
            "incomplete": c.incomplete.map(|w| w.to_string()),
        }),
        Err(e) => json!({"error": e.to_string()}),
    }
}
