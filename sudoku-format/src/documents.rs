//! [`parse_documents`]: every JSON puzzle document of a text, each with its
//! own result. It reads with [`Records`] (in [`Format::Json`]), which hands
//! each document to `json.rs`; so it lives apart from both.

use crate::json::Document;
use crate::options::ReadOptions;
use crate::reader::Records;
use crate::Format;
use sudoku::{ParseError, ParseErrorKind, VariantError, VariantErrorKind};

/// Reads every JSON document of `text` (one per puzzle); each gets its own
/// result, so one bad document does not cost the others: a document that is
/// not valid JSON is one error, and reading goes on with the next one. The
/// documents are read by [`Records`] in [`Format::Json`]: see there how they
/// are found (one per line, spanning lines, or in a top-level array).
pub fn parse_documents(text: &str, options: &ReadOptions) -> Vec<Result<Document, VariantError>> {
    let options = ReadOptions {
        format: Format::Json,
        max_puzzle_bytes: options.max_puzzle_bytes.max(text.len() + 1),
        ..options.clone()
    };
    Records::new(text.as_bytes(), options)
        .map(|record| match record.result {
            Ok(puzzle) => Ok(Document {
                line: record.line,
                variant: puzzle.variant.as_deref().cloned().unwrap_or_default(),
                puzzle,
            }),
            Err(e) => Err(variant_error(e)),
        })
        .collect()
}

/// A reading error as a [`VariantError`], its location kept.
fn variant_error(e: ParseError) -> VariantError {
    match e.kind {
        ParseErrorKind::Document { kind, cell } => VariantError {
            line: e.line,
            column: e.column,
            cell,
            kind,
        },
        ParseErrorKind::Json { message } => {
            VariantError::new(VariantErrorKind::Json(message)).at(e.line, e.column)
        }
        kind => VariantError::new(VariantErrorKind::Json(kind.to_string())).at(e.line, e.column),
    }
}
