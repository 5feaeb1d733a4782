//! The record of a generated puzzle, in each of the forms `sudoku generate`
//! writes: a compact line, a drawn grid, a JSON line, an f-puzzles link.
//! Classic puzzles, x, windoku and jigsaw puzzles and puzzles with setter's
//! clues (each [`Maker`](crate::Maker)'s generator) have their own fields;
//! the JSON documents of variants are the ones `solve`, `count` and `check`
//! read back ([`sudoku_format::parse_documents`]).
//!
//! ```
//! use sudoku_generate::{GenerateOptions, GeneratedFormat, Limits, Maker};
//! use sudoku::Shape;
//!
//! let maker = Maker::classic(Shape::square(2)?, GenerateOptions::default());
//! let made = maker.make(3, &Limits::none()).expect("a 4x4 puzzle");
//! let line = made.record(GeneratedFormat::Text)?;
//! assert_eq!(line.len(), 17); // 16 cells and the newline
//! let json = made.record(GeneratedFormat::Json)?;
//! assert!(json.starts_with("{\"puzzle\":") && json.contains("\"box\":\"2x2\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use crate::checked::GenerateTrouble;
use crate::classic::Generated;
use crate::setter::SetterGenerated;
use sudoku::format::{write_boxed_with, write_compact, Notation};
use sudoku::Grid;
use sudoku::{write_regions, Variant};
use sudoku_format::fpuzzles::{to_fpuzzles_link, FPuzzle};
use sudoku_solve::Rating;

/// How generated puzzles are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GeneratedFormat {
    /// One puzzle per line (a JSON document where the rules need one).
    #[default]
    Text,
    /// Puzzles drawn as grids.
    Grid,
    /// JSON Lines: one object per puzzle.
    Json,
    /// One f-puzzles link per line.
    Fpuzzles,
}

/// A generated puzzle, as one of the generators made it.
#[derive(Clone, Copy, Debug)]
pub enum Made<'a> {
    /// A classic puzzle and its rating (if rated).
    Classic(&'a Generated, Option<Rating>),
    /// An x, windoku or jigsaw puzzle (its variant holds the region map).
    Variant {
        /// The givens.
        puzzle: &'a Grid,
        /// The one solution.
        solution: &'a Grid,
        /// The rules.
        variant: &'a Variant,
        /// The seed it was made from.
        seed: u64,
    },
    /// A puzzle with setter's clues (cages, thermometers, arrows) or rules.
    Setter(&'a SetterGenerated),
}

/// One classic puzzle in JSON.
#[derive(Serialize)]
struct Record {
    puzzle: String,
    #[serde(rename = "box")]
    shape: String,
    givens: usize,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    average_nodes: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    singles_only: Option<bool>,
    minimal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    target_reached: Option<bool>,
    solution: String,
}

/// A killer cage as the JSON documents write it.
#[derive(Serialize)]
struct CageRecord {
    sum: u32,
    cells: Vec<String>,
}

/// One variant puzzle in JSON: a document `solve`, `count` and `check`
/// read back (with its region map or cages), or, for rules with setter's
/// constraints, one whose f-puzzles link carries the rules.
#[derive(Serialize)]
struct Document {
    grid: String,
    variant: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cages: Option<Vec<CageRecord>>,
    #[serde(rename = "box")]
    shape: String,
    givens: usize,
    seed: u64,
    solution: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    fpuzzles: Option<String>,
    /// The same puzzle as a SudokuPad link, beside its f-puzzles link.
    #[serde(skip_serializing_if = "Option::is_none")]
    sudokupad: Option<String>,
}

/// The f-puzzles link of `grid` under `variant`; a failure is a bug of the
/// generator (the rules it made cannot be written).
fn fpuzzles_link(grid: &Grid, variant: &Variant) -> Result<String, GenerateTrouble> {
    to_fpuzzles_link(&FPuzzle {
        grid: grid.clone(),
        variant: variant.clone(),
    })
    .map_err(|e| GenerateTrouble::Internal(e.to_string()))
}

/// The SudokuPad link (fpuz) of `grid` under `variant`.
fn sudokupad_link(grid: &Grid, variant: &Variant) -> Result<String, GenerateTrouble> {
    sudoku_format::sudokupad::to_sudokupad_link(
        &FPuzzle {
            grid: grid.clone(),
            variant: variant.clone(),
        },
        &sudoku_format::sudokupad::Metadata::default(),
    )
    .map_err(|e| GenerateTrouble::Internal(e.to_string()))
}

fn json_line(value: &impl Serialize) -> Result<String, GenerateTrouble> {
    let mut line =
        serde_json::to_string(value).map_err(|e| GenerateTrouble::Internal(e.to_string()))?;
    line.push('\n');
    Ok(line)
}

impl Made<'_> {
    /// The puzzle's record in `format`, ending with a newline (a drawn grid
    /// of a setter's puzzle with a blank line after it).
    pub fn record(&self, format: GeneratedFormat) -> Result<String, GenerateTrouble> {
        match *self {
            Made::Classic(made, rating) => classic(made, rating, format),
            Made::Variant {
                puzzle,
                solution,
                variant,
                seed,
            } => plain_variant(puzzle, solution, variant, seed, format),
            Made::Setter(made) => setter(made, format),
        }
    }
}

fn classic(
    made: &Generated,
    rating: Option<Rating>,
    format: GeneratedFormat,
) -> Result<String, GenerateTrouble> {
    let shape = made.puzzle.shape();
    let notation = Notation::standard_for(shape);
    Ok(match format {
        GeneratedFormat::Text => format!("{}\n", write_compact(&made.puzzle, &notation)),
        GeneratedFormat::Grid => format!("{}\n", write_boxed_with(&made.puzzle, &notation)),
        GeneratedFormat::Fpuzzles => {
            format!("{}\n", fpuzzles_link(&made.puzzle, &Variant::default())?)
        }
        GeneratedFormat::Json => json_line(&Record {
            puzzle: write_compact(&made.puzzle, &notation),
            shape: shape.to_string(),
            givens: made.givens,
            seed: made.seed,
            rating: rating.map(|r| r.rating),
            average_nodes: rating.map(|r| r.average_nodes),
            singles_only: rating.map(|r| r.singles_only),
            minimal: made.minimal,
            target_reached: made.target_reached,
            solution: write_compact(&made.solution, &notation),
        })?,
    })
}

fn plain_variant(
    puzzle: &Grid,
    solution: &Grid,
    variant: &Variant,
    seed: u64,
    format: GeneratedFormat,
) -> Result<String, GenerateTrouble> {
    let shape = puzzle.shape();
    let notation = Notation::standard_for(shape);
    Ok(match (format, &variant.regions) {
        (GeneratedFormat::Text, None) => format!("{}\n", write_compact(puzzle, &notation)),
        (GeneratedFormat::Grid, None) => format!("{}\n", write_boxed_with(puzzle, &notation)),
        (GeneratedFormat::Grid, Some(regions)) => {
            format!("{}\n", write_regions(puzzle, regions, &notation))
        }
        (GeneratedFormat::Fpuzzles, _) => format!("{}\n", fpuzzles_link(puzzle, variant)?),
        // A jigsaw puzzle needs its map: a JSON document per line.
        (GeneratedFormat::Text | GeneratedFormat::Json, _) => json_line(&Document {
            grid: write_compact(puzzle, &notation),
            variant: variant.to_string(),
            regions: variant
                .regions
                .as_ref()
                .map(|r| r.to_string().lines().map(str::to_string).collect()),
            cages: None,
            shape: shape.to_string(),
            givens: puzzle.givens(),
            seed,
            solution: write_compact(solution, &notation),
            fpuzzles: None,
            sudokupad: None,
        })?,
    })
}

fn setter(made: &SetterGenerated, format: GeneratedFormat) -> Result<String, GenerateTrouble> {
    let notation = Notation::standard_for(made.puzzle.shape());
    let link = fpuzzles_link(&made.puzzle, &made.variant)?;
    // Rules without setter's constraints (killer, x, windoku) are read back
    // from a document; the others from their link.
    let readable = made.variant.constraints.is_empty();
    Ok(match format {
        GeneratedFormat::Fpuzzles => format!("{link}\n"),
        GeneratedFormat::Text if !readable => format!("{link}\n"),
        GeneratedFormat::Text => json_line(&setter_document(made, &notation, None))?,
        GeneratedFormat::Json => json_line(&setter_document(made, &notation, Some(link)))?,
        GeneratedFormat::Grid => format!(
            "{}\n{} ({})\n\n",
            write_boxed_with(&made.puzzle, &notation),
            link,
            made.variant
        ),
    })
}

fn setter_document(made: &SetterGenerated, notation: &Notation, link: Option<String>) -> Document {
    let variant = &made.variant;
    // The reader's names: `killer`, `x`, `windoku` joined by commas.
    let mut names = Vec::new();
    if variant.diagonals {
        names.push("x");
    }
    if variant.windows {
        names.push("windoku");
    }
    if !variant.cages.is_empty() {
        names.push("killer");
    }
    let variant_name = match names.is_empty() || !variant.constraints.is_empty() {
        true => variant.to_string(),
        false => names.join(","),
    };
    Document {
        grid: write_compact(&made.puzzle, notation),
        variant: variant_name,
        regions: None,
        cages: (!variant.cages.is_empty()).then(|| {
            variant
                .cages
                .iter()
                .map(|c| CageRecord {
                    sum: c.sum,
                    cells: c
                        .cells
                        .iter()
                        .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
                        .collect(),
                })
                .collect()
        }),
        shape: made.puzzle.shape().to_string(),
        givens: made.puzzle.givens(),
        seed: made.seed,
        solution: write_compact(&made.solution, notation),
        sudokupad: link
            .as_ref()
            .and_then(|_| sudokupad_link(&made.puzzle, variant).ok()),
        fpuzzles: link,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checked::{generate_setter_checked, generate_variant_checked};
    use crate::setter::parse_generate_names;
    use crate::Limits;
    use sudoku::Shape;
    use sudoku_format::parse_documents;

    fn read(text: &str) -> Vec<sudoku_format::Document> {
        parse_documents(text, &sudoku_format::ReadOptions::default())
            .into_iter()
            .map(Result::unwrap)
            .collect()
    }

    /// The documents written for variants are read back as the same puzzle
    /// under the same rules.
    #[test]
    fn documents_read_back() {
        let shape = Shape::square(2).unwrap();
        let (base, _) = Variant::parse_names("x").unwrap();
        let (puzzle, solution, variant) =
            generate_variant_checked(&base, "x", shape, false, 5, &Limits::none()).unwrap();
        let made = Made::Variant {
            puzzle: &puzzle,
            solution: &solution,
            variant: &variant,
            seed: 5,
        };
        let line = made.record(GeneratedFormat::Json).unwrap();
        let docs = read(&line);
        assert_eq!(docs.len(), 1);
        // Classic generated documents carry no link.
        assert!(!line.contains("sudokupad"));
        assert_eq!(docs[0].puzzle.grid, puzzle);
        assert!(docs[0].variant.diagonals);
        // Without a map, text is the compact line.
        let text = made.record(GeneratedFormat::Text).unwrap();
        assert_eq!(text.trim_end().len(), 16);

        let (base, _, clues) = parse_generate_names("killer").unwrap();
        let made = generate_setter_checked(&base, clues, shape, 9, &Limits::none()).unwrap();
        let line = Made::Setter(&made).record(GeneratedFormat::Text).unwrap();
        let docs = read(&line);
        let cages = |v: &Variant| -> Vec<(u32, Vec<(usize, usize)>)> {
            v.cages.iter().map(|c| (c.sum, c.cells.clone())).collect()
        };
        assert_eq!(cages(&docs[0].variant), cages(&made.variant));
        let grid = Made::Setter(&made).record(GeneratedFormat::Grid).unwrap();
        assert!(grid.ends_with(")\n\n") && grid.contains("f-puzzles.com/"));
    }
}
