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

use serde::Deserialize;
use serde_json::Value;

use super::cages::{cages_from_json_value, strip_location};
use super::error::{VariantError, VariantErrorKind};
use super::regions::Regions;
use super::Variant;
use crate::format::{parse_puzzle_with, Puzzle, ReadOptions};
use crate::shape::Shape;

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

/// Reads every JSON document of `text` (one per puzzle); each gets its own
/// result, so one bad document does not cost the others. A document that is
/// not valid JSON ends the reading (the rest cannot be found reliably).
pub fn parse_documents(text: &str, options: &ReadOptions) -> Vec<Result<Document, VariantError>> {
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    loop {
        let start = stream.byte_offset();
        let skipped = text[start..].len() - text[start..].trim_start().len();
        let line = line_of(text, start + skipped);
        match stream.next() {
            None => break,
            Some(Err(e)) => {
                out.push(Err(VariantError::new(VariantErrorKind::Json(
                    strip_location(&e),
                ))
                .at(e.line(), Some(e.column()))));
                break;
            }
            Some(Ok(value)) => out.push(document(value, line, options)),
        }
    }
    out
}

fn line_of(text: &str, byte: usize) -> usize {
    text.as_bytes()[..byte.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Text from a string, or from an array of strings (one per line).
fn lines_text(value: Value, field: &str, line: usize) -> Result<String, VariantError> {
    match value {
        Value::String(s) => Ok(s),
        Value::Array(rows) => rows
            .into_iter()
            .map(|row| match row {
                Value::String(s) => Ok(s),
                other => Err(json_error(
                    line,
                    format!("\"{field}\": expected strings (rows), found {other}"),
                )),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|rows| rows.join("\n")),
        other => Err(json_error(
            line,
            format!("\"{field}\": expected a string or an array of rows, found {other}"),
        )),
    }
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
    let mut options = options.clone();
    if let Some(shape) = raw.shape {
        options.shape = Some(
            shape
                .parse()
                .map_err(|e: crate::ShapeError| json_error(line, format!("\"box\": {e}")))?,
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
