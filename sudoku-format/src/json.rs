//! One JSON document per puzzle, holding its grid, variant, regions and
//! cages:
//!
//! ```json
//! {"grid": "....", "variant": "x", "regions": ["aab..", ...],
//!  "cages": [{"sum": 15, "cells": ["r1c1", "r1c2"]}], "box": "2x3"}
//! ```
//!
//! `grid` is required (a string in any puzzle format, or an array of rows);
//! `variant` is a string such as `"x,windoku"` or an array of names;
//! `regions` is a region map (a string, or an array of rows); `cages` an
//! array of cages or a string of cage lines; `box` the box shape (for
//! rectangular boxes); `solution` an expected solution; `givens`, `seed`
//! and `name` are informative and ignored. A file may hold
//! several documents, one after the other (JSON Lines, say).
//!
//! The reader hands each document it finds to [`read_document`]; a
//! document's grid (and solution) text is read in turn by the crate's
//! [`parse_puzzle_with`], at the root. [`crate::parse_documents`]
//! (`documents.rs`) gathers the documents of a text.

use serde::Deserialize;
use serde_json::Value;

use crate::cages_json::{cages_from_json_value, strip_location};
use crate::options::ReadOptions;
use crate::{parse_puzzle_with, Format, Puzzle};
use sudoku::{ParseError, ParseErrorKind, Regions, Shape, Variant, VariantError, VariantErrorKind};

/// A puzzle read from a JSON document, with its variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// 1-based line where the document starts.
    pub line: usize,
    /// The givens (and expected solution, if any).
    pub puzzle: Puzzle,
    /// The variant.
    pub variant: Variant,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    grid: Value,
    #[serde(default)]
    variant: Option<Value>,
    #[serde(default)]
    regions: Option<Value>,
    #[serde(default)]
    cages: Option<Value>,
    #[serde(default, rename = "box")]
    shape: Option<String>,
    #[serde(default)]
    solution: Option<Value>,
    /// Written by `sudoku generate`; informative only.
    #[serde(default, rename = "givens")]
    _givens: Option<Value>,
    #[serde(default, rename = "seed")]
    _seed: Option<Value>,
    #[serde(default, rename = "name")]
    _name: Option<Value>,
}

/// Reads one JSON document, `text` (cut from the input by the reader), which
/// starts on line `line`: its first line is padded with spaces up to the
/// document's column, so that serde_json's locations are the input's.
pub(crate) fn read_document(
    text: &str,
    line: usize,
    options: &ReadOptions,
) -> Result<Puzzle, ParseError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        ParseError::new(
            line + e.line().max(1) - 1,
            char_column(text, e.line(), e.column()),
            ParseErrorKind::Json {
                message: strip_location(&e),
            },
        )
    })?;
    if crate::fpuzzles::is_fpuzzles_json(&value) {
        return crate::fpuzzles::record_from_json(&value).map_err(|e| {
            ParseError::new(
                line,
                None,
                ParseErrorKind::Document {
                    kind: VariantErrorKind::Fpuzzles(e),
                    cell: None,
                },
            )
        });
    }
    let doc = document(value, line, options).map_err(|e| {
        let located = e.line > 0;
        ParseError::new(
            if located { e.line } else { line },
            if located { e.column } else { None },
            ParseErrorKind::Document {
                kind: e.kind,
                cell: e.cell,
            },
        )
    })?;
    let mut puzzle = doc.puzzle;
    puzzle.variant = Some(Box::new(doc.variant));
    Ok(puzzle)
}

/// serde_json's column (1-based, in bytes) of line `line` (1-based) of
/// `text` as a column in characters, as every other error gives it.
fn char_column(text: &str, line: usize, column: usize) -> Option<usize> {
    if column == 0 {
        return None;
    }
    let row = text.split('\n').nth(line.max(1) - 1).unwrap_or("");
    let mut end = (column - 1).min(row.len());
    while !row.is_char_boundary(end) {
        end -= 1;
    }
    Some(row[..end].chars().count() + 1)
}

/// Text from a string, or from an array of strings (one per line); not
/// itself a JSON document (grids are not nested).
fn lines_text(value: Value, field: &str, line: usize) -> Result<String, VariantError> {
    let text = match value {
        Value::String(s) => s,
        Value::Array(rows) => rows
            .into_iter()
            .map(|row| match row {
                Value::String(s) => Ok(s),
                other => Err(json_error(
                    line,
                    format!("\"{field}\": expected strings (rows), found {other}"),
                )),
            })
            .collect::<Result<Vec<_>, _>>()?
            .join("\n"),
        other => {
            return Err(json_error(
                line,
                format!("\"{field}\": expected a string or an array of rows, found {other}"),
            ))
        }
    };
    if field != "regions" && text.trim_start().starts_with(['{', '[']) {
        return Err(json_error(
            line,
            format!("\"{field}\": expected rows of cells, found a JSON document"),
        ));
    }
    Ok(text)
}

fn json_error(line: usize, message: String) -> VariantError {
    VariantError::new(VariantErrorKind::Json(message)).at(line, None)
}

fn document(value: Value, line: usize, options: &ReadOptions) -> Result<Document, VariantError> {
    let raw: Raw = serde_json::from_value(value).map_err(|e| {
        json_error(
            line,
            format!(
                "{e} (a puzzle document has \"grid\" and optionally \"variant\", \"regions\", \
                 \"cages\", \"box\", \"solution\", \"givens\", \"seed\", \"name\")"
            ),
        )
    })?;
    let (mut variant, named) = match raw.variant {
        None => (Variant::default(), [false; 2]),
        Some(Value::String(s)) => Variant::parse_names(&s).map_err(|e| e.at(line, None))?,
        Some(Value::Array(names)) => {
            let names: Vec<String> = names
                .into_iter()
                .map(|v| match v {
                    Value::String(s) => Ok(s),
                    other => Err(json_error(
                        line,
                        format!("\"variant\": expected names, found {other}"),
                    )),
                })
                .collect::<Result<_, _>>()?;
            Variant::parse_names(&names.join(",")).map_err(|e| e.at(line, None))?
        }
        Some(other) => {
            return Err(json_error(
                line,
                format!("\"variant\": expected a string or an array of names, found {other}"),
            ))
        }
    };
    if let Some(regions) = raw.regions {
        let text = lines_text(regions, "regions", line)?;
        let regions: Regions = text
            .parse()
            .map_err(|e: VariantError| json_error(line, format!("\"regions\": {e}")))?;
        variant.regions = Some(regions);
    }
    if let Some(cages) = raw.cages {
        variant.cages = cages_from_json_value(cages, line)?;
    }
    variant
        .check_complete(named)
        .map_err(|e| e.at(line, None))?;
    let mut options = ReadOptions {
        format: match options.format {
            Format::Json => Format::Auto,
            other => other,
        },
        ..options.clone()
    };
    if let Some(shape) = raw.shape {
        options.shape = Some(
            shape
                .parse()
                .map_err(|e: sudoku::ShapeError| json_error(line, format!("\"box\": {e}")))?,
        );
    } else if let (None, Some(regions)) = (options.shape, &variant.regions) {
        options.shape = Some(regions.shape());
    }
    let grid_text = lines_text(raw.grid, "grid", line)?;
    let mut puzzle = parse_puzzle_with(&grid_text, &options)
        .map_err(|e| json_error(line, format!("\"grid\": {e}")))?;
    if let Some(solution) = raw.solution {
        let text = lines_text(solution, "solution", line)?;
        let shape: Shape = puzzle.grid.shape();
        let options = ReadOptions {
            shape: Some(shape),
            ..options
        };
        let expected = parse_puzzle_with(&text, &options)
            .map_err(|e| json_error(line, format!("\"solution\": {e}")))?;
        puzzle.solution = Some(expected.grid);
    }
    variant
        .rules(puzzle.grid.shape())
        .map_err(|e| json_error(line, e.to_string()))?;
    Ok(Document {
        line,
        puzzle,
        variant,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_documents;

    #[test]
    fn documents_are_read_one_by_one() {
        let text = concat!(
            "{\"grid\": \"1.......3......4\", \"variant\": \"x\"}\n",
            "{\"grid\": \"1.......3......4\", \"variant\": \"jigsaw\"}\n",
            "{\"grid\": [\"....\", \"....\", \"....\", \"....\"], \"cages\": [{\"sum\": 3, \"cells\": [\"r1c1\", \"r1c2\"]}]}\n",
            "{\"grid\": \"....\", \"colour\": 1}\n",
        );
        let docs = parse_documents(text, &ReadOptions::default());
        assert_eq!(docs.len(), 4);
        let first = docs[0].as_ref().unwrap();
        assert!(first.variant.diagonals && first.line == 1);
        let e = docs[1].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("needs a region map"), "{e}");
        assert_eq!(
            docs[2].as_ref().unwrap().variant.cages[0].cells,
            [(0, 0), (0, 1)]
        );
        let e = docs[3].as_ref().unwrap_err();
        assert!(
            e.to_string().starts_with("line 4: unknown field `colour`"),
            "{e}"
        );
    }
}
