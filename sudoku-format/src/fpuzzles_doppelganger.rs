//! Doppelganger puzzles (grids of `0..=n`, [`sudoku::doppelganger`]) in
//! f-puzzles JSON: our extension, since f-puzzles has no key for them and
//! SudokuPad draws them with its own digit settings, not a constraint.
//!
//! The document is f-puzzles JSON with `"doppelganger": true`: `size`
//! (square boxes, or f-puzzles' rectangles for 6x6 and the like), `grid`
//! (cells `{"value": v, "given": true}` with `v` in `0..=n`: **0 is the
//! value zero**, a cell without a given is blank), and the metadata f-puzzles
//! keeps (`title`, `author`, `ruleset`, ...). Every other constraint is
//! refused by name: doppelganger combines with none yet.
//!
//! A document whose `title` or `ruleset` names doppelganger without the
//! flag is refused by [`fpuzzles::from_json`](crate::fpuzzles::from_json)
//! (never solved as a classic grid), and so is one with the flag that is
//! read as a classic puzzle.
//!
//! ```
//! use sudoku_format::fpuzzles_doppelganger::{read_doppelganger, to_doppelganger_json};
//!
//! let doc = r#"{"size": 4, "doppelganger": true, "grid": [
//!   [{"value": 0, "given": true}, {}, {}, {}], [{}, {}, {}, {}],
//!   [{}, {}, {}, {}], [{}, {}, {}, {"value": 4, "given": true}]]}"#;
//! let grid = read_doppelganger(doc)?.expect("flagged doppelganger");
//! assert_eq!(grid.to_text(), "0..............4");
//! // Written back, it reads the same.
//! let again = to_doppelganger_json(&grid).to_string();
//! assert_eq!(read_doppelganger(&again)?, Some(grid));
//! // A classic f-puzzles document is not a doppelganger one.
//! assert_eq!(read_doppelganger(r#"{"size": 4, "grid": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#)?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde_json::{json, Value};
use sudoku::doppelganger::{DoppelGrid, MAX_DOPPEL_SIDE};

use crate::fpuzzles::{box_shape, decode, grid_cells, invalid, FpuzzlesError, METADATA};

pub use crate::fpuzzles::{is_doppelganger, mentions_doppelganger, KEY};

/// Reads an f-puzzles input (link, `load=` string, SudokuPad `fpuzzles`
/// id or the JSON): `Some` grid when it is flagged doppelganger, `None`
/// when it is not (read it as f-puzzles then).
///
/// # Errors
/// Input that cannot be decoded; in a flagged document, a constraint
/// (refused by name), a value out of `0..=n`, a grid of the wrong size.
pub fn read_doppelganger(text: &str) -> Result<Option<DoppelGrid>, FpuzzlesError> {
    let json = decode(text)?;
    let doc: Value =
        serde_json::from_str(&json).map_err(|e| FpuzzlesError::Decode(format!("the JSON: {e}")))?;
    doppelganger_from_json(&doc)
}

/// [`read_doppelganger`] on a parsed document.
///
/// # Errors
/// As [`read_doppelganger`].
pub fn doppelganger_from_json(doc: &Value) -> Result<Option<DoppelGrid>, FpuzzlesError> {
    if !is_doppelganger(doc)? {
        return Ok(None);
    }
    let obj = doc
        .as_object()
        .ok_or_else(|| invalid("$", "expected a JSON object"))?;
    if let Some(name) = obj
        .keys()
        .find(|k| k.as_str() != KEY && !METADATA.contains(&k.as_str()))
    {
        return Err(FpuzzlesError::Unsupported {
            path: name.clone(),
            name: format!("{name} in a doppelganger puzzle (it combines with no other constraint)"),
        });
    }
    let n = obj
        .get("size")
        .and_then(Value::as_u64)
        .filter(|&s| (4..=u64::from(MAX_DOPPEL_SIDE)).contains(&s))
        .ok_or_else(|| {
            invalid(
                "size",
                format!("expected the grid's side, a number from 4 to {MAX_DOPPEL_SIDE}"),
            )
        })? as usize;
    let shape = box_shape(n as u32)?;
    let mut cells = vec![None; n * n];
    grid_cells(obj.get("grid"), n, |cell| {
        let (r, c, at) = (cell.row, cell.col, &cell.at);
        if let Some(region) = cell.fields.get("region").filter(|v| !v.is_null()) {
            let home = shape.box_of(r, c) as u64;
            if region.as_u64() != Some(home) {
                return Err(invalid(
                    at,
                    "a doppelganger grid has the standard boxes (no jigsaw regions)",
                ));
            }
        }
        if let Some(v) = cell.given()? {
            let v = v.as_u64().filter(|&v| v <= n as u64).ok_or_else(|| {
                invalid(
                    at,
                    format!("a doppelganger given is a value 0-{n} (0 is the value zero)"),
                )
            })?;
            cells[r * n + c] = Some(v as u16);
        }
        Ok(())
    })?;
    DoppelGrid::from_cells(shape, cells)
        .map(Some)
        .map_err(|e| invalid("grid", e.to_string()))
}

/// The f-puzzles JSON of a doppelganger puzzle: `size`, `grid` (givens,
/// 0 among them, as `{"value": v, "given": true}`) and the flag.
pub fn to_doppelganger_json(grid: &DoppelGrid) -> Value {
    let n = grid.shape().side() as usize;
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| match grid.get(r, c) {
                        Some(v) => json!({"value": v, "given": true}),
                        None => json!({}),
                    })
                    .collect(),
            )
        })
        .collect();
    json!({"size": n, KEY: true, "grid": rows})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fpuzzles::read_fpuzzles;

    fn doc(extra: &str, cells: &[(usize, &str)]) -> String {
        let mut grid = vec!["{}".to_string(); 16];
        for &(i, cell) in cells {
            grid[i] = cell.to_string();
        }
        let rows: Vec<String> = grid
            .chunks(4)
            .map(|r| format!("[{}]", r.join(",")))
            .collect();
        format!(r#"{{"size": 4, {extra} "grid": [{}]}}"#, rows.join(","))
    }

    #[test]
    fn a_flagged_document_reads_zero_as_a_value() {
        let text = doc(
            r#""doppelganger": true, "title": "t", "ruleset": "Doppelganger rules","#,
            &[
                (0, r#"{"value": 0, "given": true}"#),
                (5, r#"{"value": 4, "given": true}"#),
                (6, r#"{"value": 2}"#),
            ],
        );
        let grid = read_doppelganger(&text).unwrap().unwrap();
        // r2c3's value is not given: a blank.
        assert_eq!(grid.to_text(), "0....4..........");
    }

    #[test]
    fn flagged_documents_refuse_what_they_cannot_mean() {
        // Another constraint, by name.
        let e = read_doppelganger(&doc(r#""doppelganger": true, "antiknight": true,"#, &[]))
            .unwrap_err();
        assert!(e.to_string().starts_with("antiknight:"), "{e}");
        // A value above the side, with the cell.
        let e = read_doppelganger(&doc(
            r#""doppelganger": true,"#,
            &[(7, r#"{"value": 5, "given": true}"#)],
        ))
        .unwrap_err();
        assert!(e.to_string().contains("R2C4"), "{e}");
        assert!(e.to_string().contains("0-4"), "{e}");
        // A jigsaw region.
        let e = read_doppelganger(&doc(r#""doppelganger": true,"#, &[(0, r#"{"region": 3}"#)]))
            .unwrap_err();
        assert!(e.to_string().contains("no jigsaw"), "{e}");
        // A flag that is not a boolean.
        let e = read_doppelganger(&doc(r#""doppelganger": 1,"#, &[])).unwrap_err();
        assert!(e.to_string().starts_with("doppelganger:"), "{e}");
    }

    #[test]
    fn the_classic_reader_never_reads_a_doppelganger_puzzle() {
        // Flagged: refused as classic.
        let e = read_fpuzzles(&doc(r#""doppelganger": true,"#, &[])).unwrap_err();
        assert!(e.to_string().contains("not a classic grid"), "{e}");
        // Named by the rules without the flag: refused, saying how to flag it.
        let e = read_fpuzzles(&doc(
            r#""ruleset": "Normal Doppelgänger rules apply.","#,
            &[],
        ))
        .unwrap_err();
        assert!(e.to_string().contains("\"doppelganger\": true"), "{e}");
        // Flagged false: a classic grid, read as one.
        let classic = read_fpuzzles(&doc(
            r#""doppelganger": false, "ruleset": "Doppelganger? No.","#,
            &[(0, r#"{"value": 1, "given": true}"#)],
        ))
        .unwrap();
        assert_eq!(classic.grid.get(0, 0), Some(1));
        assert_eq!(
            read_doppelganger(&doc(r#""doppelganger": false,"#, &[])).unwrap(),
            None
        );
    }

    #[test]
    fn six_by_six_has_two_by_three_boxes_and_round_trips() {
        let grid = DoppelGrid::parse(
            "0.....1.....2.....3.....4.....5.....",
            Some("2x3".parse().unwrap()),
        )
        .unwrap();
        let doc = to_doppelganger_json(&grid);
        let again = doppelganger_from_json(&doc).unwrap().unwrap();
        assert_eq!(again, grid);
        assert_eq!(again.shape().box_rows(), 2);
    }
}
