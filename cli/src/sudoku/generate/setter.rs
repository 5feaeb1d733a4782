//! `sudoku generate --variant killer|thermo|arrow|anti-knight|anti-king|non-consecutive`
//! (and their combinations with x and windoku): puzzles made by
//! [`sudoku::generate_setter_checked`], each checked before it is written.

use std::io::Write as _;

use serde::Serialize;
use solver_core::Limits;
use sudoku::format::fpuzzles::{to_fpuzzles_link, FPuzzle, FpuzzlesError};
use sudoku::{
    generate_setter_checked, in_seed_order, write_boxed_with, write_compact, Clues, Grid, Notation,
    SetterGenerated, Variant,
};

use super::{stop, Ended, GenerateArgs, OutputFormat};
use crate::exit::Failure;
use crate::output::Output;

/// The f-puzzles link of a puzzle under `variant`.
pub(super) fn fpuzzles_link(grid: &Grid, variant: &Variant) -> Result<String, FpuzzlesError> {
    to_fpuzzles_link(&FPuzzle {
        grid: grid.clone(),
        variant: variant.clone(),
    })
}

/// A killer cage as the JSON documents write it.
#[derive(Serialize)]
struct CageRecord {
    sum: u32,
    cells: Vec<String>,
}

/// One generated puzzle as JSON: for rules without setter's constraints
/// (killer, x, windoku) a document `solve`, `count` and `check` read back;
/// otherwise its f-puzzles link carries the rules.
#[derive(Serialize)]
struct Document {
    grid: String,
    variant: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cages: Option<Vec<CageRecord>>,
    #[serde(rename = "box")]
    shape: String,
    givens: usize,
    seed: u64,
    solution: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    fpuzzles: Option<String>,
}

fn document(made: &SetterGenerated, notation: &Notation, link: Option<String>) -> Document {
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
        fpuzzles: link,
    }
}

/// Runs `generate` for killer, thermo and arrow clues and the grid-based
/// rules.
pub(super) fn run(
    args: &GenerateArgs,
    base: &Variant,
    clues: Clues,
    first_seed: u64,
    limits: &Limits,
) -> Result<Ended, Failure> {
    let shape = args.box_shape;
    base.rules(shape)
        .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    let notation = Notation::standard_for(shape);
    let mut out = Output::stdout();
    let mut written_puzzles = 0u64;
    let mut trouble = None;
    let make = |seed| generate_setter_checked(base, clues, shape, seed, limits);
    in_seed_order(first_seed, args.count, make, |seed, result| {
        let made = match result {
            Ok(made) => made,
            Err(why) => {
                trouble = Some((why, seed));
                return false;
            }
        };
        let readable = made.variant.constraints.is_empty();
        let link = match fpuzzles_link(&made.puzzle, &made.variant) {
            Ok(link) => link,
            Err(e) => {
                trouble = Some((sudoku::GenerateTrouble::Internal(e.to_string()), seed));
                return false;
            }
        };
        let written = match args.format {
            OutputFormat::Fpuzzles => writeln!(out, "{link}"),
            OutputFormat::Text if !readable => writeln!(out, "{link}"),
            OutputFormat::Text => out.json_line(&document(&made, &notation, None)),
            OutputFormat::Json => out.json_line(&document(&made, &notation, Some(link))),
            OutputFormat::Grid => writeln!(
                out,
                "{}\n{} ({})\n",
                write_boxed_with(&made.puzzle, &notation),
                link,
                made.variant
            ),
        };
        written_puzzles += u64::from(written.is_ok() && !out.has_failed());
        !out.has_failed()
    });
    out.finish()?;
    match trouble {
        Some((why, seed)) => stop(why, seed, written_puzzles),
        None => Ok(Ended::Done),
    }
}
