//! The f-puzzles websocket's logical commands, `solvepath` and `step`, and
//! the `logical` true-candidates option, answered by the logical solver
//! (`sudoku-logic`: Sudoku Explainer 1.2.1's techniques in its order).
//!
//! Both commands start from the editor's board: the givens, the digits the
//! solver has placed (f-puzzles `value` without `given`) and the centre
//! pencil marks (a cell without any has every value). The reply is rangsk's
//! `{"type": "logical", "cells": [{"value": v, "candidates": [...]}, ...],
//! "message": ..., "isValid": ...}`, one cell per grid cell in reading
//! order (`value` 0 and its candidates when open, `candidates` null when
//! set):
//!
//! - `step`: when the board's centre marks are not yet the candidates (a
//!   fresh puzzle, or a mark that a placed digit rules out), the first
//!   answer fills them in ("Initial candidates."); after that, each `step`
//!   applies the next step and says it in words ("hidden single in box 5:
//!   r4c6 = 7"), or "No logical steps found.";
//! - `solvepath`: every step to the end (or until no technique applies),
//!   one line each, and the board they leave.
//!
//! The logical solver's uniqueness techniques assume one solution, so the
//! puzzle is first proved to have exactly one by the search, and every
//! step is checked against it before it is sent. A puzzle with several
//! solutions is answered with its board and a message that says so; one
//! without a solution, or a board that contradicts the solution (a wrong
//! digit, a mark erased that the solution needs), with `isValid` false and
//! the first mistake named.

use serde_json::{json, Value};
use sudoku::{Grid, Rules};
use sudoku_logic::{
    agrees, bit, candidates_for, learner_state, next_step, solve, values_of, Candidates, End,
    Marks, Mode,
};
use sudoku_solve::{setter, CheckedPuzzle, Limits, Verdict};

/// The editor's board beyond the givens: per cell the digit placed (0 for
/// none) and the centre marks (empty for none).
#[derive(Debug, Default)]
pub(crate) struct Board {
    placed: Vec<u16>,
    centre: Vec<Vec<u16>>,
}

/// The placed digits and centre marks of the f-puzzles document `doc`
/// (cells outside the grid or values out of range are ignored: the givens
/// were read and checked by the puzzle's reader).
pub(crate) fn board(doc: &Value, side: usize) -> Board {
    let mut b = Board {
        placed: vec![0; side * side],
        centre: vec![Vec::new(); side * side],
    };
    let Some(rows) = doc.get("grid").and_then(Value::as_array) else {
        return b;
    };
    let in_range = |v: &Value| {
        v.as_u64()
            .filter(|&v| v >= 1 && v <= side as u64)
            .map(|v| v as u16)
    };
    for (r, row) in rows.iter().take(side).enumerate() {
        let Some(cells) = row.as_array() else {
            continue;
        };
        for (c, cell) in cells.iter().take(side).enumerate() {
            let given = cell.get("given").and_then(Value::as_bool) == Some(true);
            if !given {
                if let Some(v) = cell.get("value").and_then(in_range) {
                    b.placed[r * side + c] = v;
                }
            }
            if let Some(marks) = cell.get("centerPencilMarks").and_then(Value::as_array) {
                let mut m: Vec<u16> = marks.iter().filter_map(in_range).collect();
                m.sort_unstable();
                m.dedup();
                b.centre[r * side + c] = m;
            }
        }
    }
    b
}

fn reply(nonce: &Value, cells: Vec<Value>, message: &str, valid: bool) -> Value {
    json!({"nonce": nonce, "type": "logical", "cells": cells, "message": message, "isValid": valid})
}

/// The cells of a candidates grid, as rangsk's `LogicalCell`s.
fn cells_of(c: &Candidates) -> Vec<Value> {
    (0..c.len())
        .map(|cell| match c.value(cell) {
            Some(v) => json!({"value": v, "candidates": null}),
            None => json!({"value": 0, "candidates": values_of(c.mask(cell)).collect::<Vec<_>>()}),
        })
        .collect()
}

/// The cells of marks that do not make a candidates grid.
fn cells_of_marks(marks: &Marks) -> Vec<Value> {
    marks
        .iter()
        .map(|m| match m.as_slice() {
            [v] => json!({"value": v, "candidates": null}),
            m => json!({"value": 0, "candidates": m}),
        })
        .collect()
}

/// The answer to `solvepath` or `step` (`None` when a limit stopped it).
pub(crate) fn answer(
    nonce: &Value,
    command: &str,
    asked: &CheckedPuzzle<'_>,
    board: &Board,
    limits: &Limits,
) -> Result<Value, Option<String>> {
    let (rules, grid) = (asked.rules(), asked.grid());
    let side = grid.side();
    let start = candidates_for(grid, rules).map_err(Some)?;
    // The editor's board: givens, placed digits, centre marks (all values
    // where a cell has none).
    let marks: Marks = (0..side * side)
        .map(|cell| match (grid.cells()[cell], board.placed[cell]) {
            (0, 0) if board.centre[cell].is_empty() => (1..=side as u16).collect(),
            (0, 0) => board.centre[cell].clone(),
            (0, v) | (v, _) => vec![v],
        })
        .collect();
    let solution = match asked.verdict(limits) {
        Ok((Verdict::Unique(solution), _)) => solution,
        Ok((Verdict::Multiple(..), _)) => {
            return Ok(reply(
                nonce,
                cells_of_marks(&marks),
                "The puzzle has more than one solution: the logical solver needs one \
                 (its uniqueness techniques assume it).",
                true,
            ))
        }
        Ok((Verdict::Unsolvable, _)) => {
            return Ok(reply(
                nonce,
                cells_of_marks(&marks),
                "Board is invalid! The givens have no solution.",
                false,
            ))
        }
        Ok((Verdict::Invalid(conflict), _)) => return Err(Some(conflict.to_string())),
        Ok((Verdict::Unknown(_), _)) => return Err(None),
        Err(e) => return Err(Some(e.to_string())),
    };
    let mut state = match learner_state(&start, grid, &solution, &marks) {
        Ok(state) => state,
        Err(e) => {
            return Ok(reply(
                nonce,
                cells_of_marks(&marks),
                &format!("Board is invalid! {}.", capitalised(&e.to_string())),
                false,
            ))
        }
    };
    let broken = |text: String| Some(format!("internal error: {text}"));
    match command {
        "step" => {
            let fresh = (0..side * side).any(|cell| {
                state.value(cell).is_none()
                    && state.mask(cell)
                        != board.centre[cell].iter().fold(0, |m, &v| m | bit(v.into()))
            });
            if fresh {
                return Ok(reply(nonce, cells_of(&state), "Initial candidates.", true));
            }
            match next_step(&state, Mode::Se) {
                Some(step) if !agrees(&step, &solution) => Err(broken(format!(
                    "a step contradicts the solution: {}",
                    step.text()
                ))),
                Some(step) => {
                    state.apply(&step);
                    Ok(reply(nonce, cells_of(&state), &step.text(), true))
                }
                None if state.is_solved() => Ok(reply(
                    nonce,
                    cells_of(&state),
                    "The puzzle is solved.",
                    true,
                )),
                None => Ok(reply(
                    nonce,
                    cells_of(&state),
                    "No logical steps found.",
                    true,
                )),
            }
        }
        _ => {
            let path = solve(state.clone(), Mode::Se, limits);
            if let Some(bad) = path.steps.iter().find(|s| !agrees(s, &solution)) {
                return Err(broken(format!(
                    "a step contradicts the solution: {}",
                    bad.text()
                )));
            }
            for step in &path.steps {
                state.apply(step);
            }
            let mut message: Vec<String> = path.steps.iter().map(|s| s.text()).collect();
            match path.end {
                End::Interrupted(_) => return Err(None),
                End::Broken => {
                    return Err(broken("a step left the grid without a solution".into()))
                }
                End::Stuck if message.is_empty() => message.push("No logical steps found.".into()),
                End::Stuck => message.push("No further logical steps found.".into()),
                End::Solved => {}
            }
            Ok(reply(nonce, cells_of(&state), &message.join("\n"), true))
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The candidates logic keeps, per cell as a mask, when the solver solves
/// the puzzle from its givens as far as it can: `None` when the puzzle has
/// not exactly one solution (`true_candidates` says it), or the logical
/// solver does not take it (killer cages, the setter's constraints), or a
/// limit stopped it. Then no candidate is marked -1.
pub(crate) fn logical_masks(
    rules: &Rules,
    grid: &Grid,
    c: &setter::Candidates,
    limits: &Limits,
) -> Option<Vec<u64>> {
    let side = grid.side();
    let mut solution = grid.clone();
    for cell in 0..side * side {
        let values = c.values(cell);
        let [v] = values.as_slice() else {
            return None;
        };
        solution.set(cell / side, cell % side, Some(*v));
    }
    let mut state = candidates_for(grid, rules).ok()?;
    let path = solve(state.clone(), Mode::Se, limits);
    if matches!(path.end, End::Interrupted(_) | End::Broken)
        || path.steps.iter().any(|s| !agrees(s, &solution))
    {
        return None;
    }
    for step in &path.steps {
        state.apply(step);
    }
    Some(
        (0..state.len())
            .map(|cell| state.value(cell).map_or(state.mask(cell), bit))
            .collect(),
    )
}

/// The whole path for the setter's page (`POST /api/steps`): `{"ok": true,
/// "steps": [{"technique", "difficulty", "placements": [{"cell", "value"}],
/// "eliminations": [{"cell", "values"}], "cells": [...], "text"}], "solved",
/// "se": {"er", "ep", "ed"}}`, cells as indices in reading order from 0.
/// The puzzle must have one solution (the search proves it first); every
/// step is checked against it. `Err` says why there is no path.
pub fn path_json(asked: &CheckedPuzzle<'_>, limits: &Limits) -> Result<Value, String> {
    let (rules, grid) = (asked.rules(), asked.grid());
    let start = candidates_for(grid, rules)?;
    let solution = match asked.verdict(limits) {
        Ok((Verdict::Unique(solution), _)) => solution,
        Ok((Verdict::Multiple(..), _)) => {
            return Err(
                "the puzzle has more than one solution: the logical solver needs one".into(),
            )
        }
        Ok((Verdict::Unsolvable, _)) => return Err("the puzzle has no solution".into()),
        Ok((Verdict::Invalid(conflict), _)) => return Err(conflict.to_string()),
        Ok((Verdict::Unknown(why), _)) => return Err(format!("stopped: {why}")),
        Err(e) => return Err(e.to_string()),
    };
    let path = solve(start, Mode::Se, limits);
    if let Some(bad) = path.steps.iter().find(|s| !agrees(s, &solution)) {
        return Err(format!(
            "internal error: a step contradicts the solution: {}",
            bad.text()
        ));
    }
    match path.end {
        End::Interrupted(why) => return Err(format!("stopped: {why}")),
        End::Broken => return Err("internal error: a step left the grid without a solution".into()),
        End::Solved | End::Stuck => {}
    }
    let steps: Vec<Value> = path
        .steps
        .iter()
        .map(|s| {
            json!({
                "technique": s.technique.name(),
                "difficulty": s.difficulty.as_f64(),
                "placements": s.placements.iter()
                    .map(|p| json!({"cell": p.cell, "value": p.value}))
                    .collect::<Vec<_>>(),
                "eliminations": s.eliminations.iter()
                    .map(|e| json!({"cell": e.cell, "values": e.values}))
                    .collect::<Vec<_>>(),
                "cells": s.reason.cells,
                "text": s.text(),
            })
        })
        .collect();
    let r = path.ratings;
    Ok(json!({
        "ok": true,
        "steps": steps,
        "solved": path.solved(),
        "se": {"er": r.er.as_f64(), "ep": r.ep.as_f64(), "ed": r.ed.as_f64()},
    }))
}
