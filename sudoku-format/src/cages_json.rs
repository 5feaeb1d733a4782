//! Killer cages in JSON: an array of `{"sum": 15, "cells": ["r1c1",
//! "r1c2"]}`, alone (a `--cages` file) or as a document's `"cages"`.

use serde::Deserialize;
use sudoku::{parse_cages, parse_cell, CageSpec, VariantError, VariantErrorKind};

/// One cage in JSON.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonCage {
    sum: u32,
    cells: Vec<String>,
}

/// Reads cages from JSON: an array of `{"sum": 15, "cells": ["r1c1",
/// "r1c2"]}`; errors name the line and column of the JSON text, or the
/// cage's position.
pub fn parse_cages_json(text: &str) -> Result<Vec<CageSpec>, VariantError> {
    let cages: Vec<JsonCage> = serde_json::from_str(text).map_err(|e| {
        VariantError::new(VariantErrorKind::Json(format!(
            "{} (expected an array of {{\"sum\": 15, \"cells\": [\"r1c1\", \"r1c2\"]}})",
            strip_location(&e)
        )))
        .at(e.line(), Some(e.column()))
    })?;
    cages_from_json(cages, 0)
}

/// The cages of a JSON value (an array of `{"sum", "cells"}` objects),
/// errors located on `line`.
pub fn cages_from_json_value(
    value: serde_json::Value,
    line: usize,
) -> Result<Vec<CageSpec>, VariantError> {
    if let serde_json::Value::String(text) = &value {
        return parse_cages(text).map_err(|e| e.at(line, None));
    }
    let cages: Vec<JsonCage> = serde_json::from_value(value).map_err(|e| {
        VariantError::new(VariantErrorKind::Json(format!(
            "\"cages\": {e} (expected an array of {{\"sum\": 15, \"cells\": [\"r1c1\", \"r1c2\"]}})"
        )))
        .at(line, None)
    })?;
    cages_from_json(cages, line)
}

fn cages_from_json(cages: Vec<JsonCage>, line: usize) -> Result<Vec<CageSpec>, VariantError> {
    cages
        .into_iter()
        .enumerate()
        .map(|(k, cage)| {
            let cells = cage
                .cells
                .iter()
                .map(|text| {
                    parse_cell(text).ok_or_else(|| {
                        VariantError::new(VariantErrorKind::CageSyntax(format!(
                            "cage {}: expected a cell such as r1c2, found {text:?}",
                            k + 1
                        )))
                        .at(line, None)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let mut spec = CageSpec::new(cage.sum, cells);
            spec.line = line;
            Ok(spec)
        })
        .collect()
}

/// serde_json's message without its " at line L column C" (given apart).
pub fn strip_location(e: &serde_json::Error) -> String {
    let message = e.to_string();
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message,
    }
}
