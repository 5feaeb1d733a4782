//! `sudoku generate --variant x|windoku|jigsaw`: unique variant puzzles,
//! each checked by the independent check of [`sudoku::verify`] and
//! by a uniqueness check before it is written.

use std::io::Write as _;

use rayon::prelude::*;
use serde::Serialize;
use solver_core::Limits;
use sudoku::{
    generate_variant, write_boxed_with, write_compact, write_regions, Grid, Notation, Shape,
    SudokuSolver, Variant, Verdict,
};

use super::generate::GenerateArgs;
use super::OutputFormat;
use crate::exit::{Exit, Failure};
use crate::output::Output;
use sudoku::verify;

/// One generated variant puzzle as a JSON document that `solve`, `count`
/// and `check` read back.
#[derive(Serialize)]
struct Document {
    grid: String,
    variant: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<Vec<String>>,
    #[serde(rename = "box")]
    shape: String,
    givens: usize,
    seed: u64,
    solution: String,
}

/// Makes puzzle `seed` and checks it apart from how it was made.
fn make(
    base: &Variant,
    shape: Shape,
    jigsaw: bool,
    seed: u64,
) -> Result<(Grid, Grid, Variant), String> {
    let (puzzle, solution, variant) =
        generate_variant(base, shape, jigsaw, seed).map_err(|e| e.to_string())?;
    if !verify(&solution, &puzzle, &variant) {
        return Err("the solution fails the independent check".to_string());
    }
    let rules = variant.rules(shape).map_err(|e| e.to_string())?;
    let mut checker =
        SudokuSolver::with_rules(rules.into(), sudoku::Engine::Dlx).map_err(|e| e.to_string())?;
    match checker.check_unique(&puzzle, &Limits::none()).0 {
        Verdict::Unique(g) if g == solution => Ok((puzzle, solution, variant)),
        other => Err(format!("the puzzle is not unique: {}", other.status())),
    }
}

/// Runs `generate` for a variant.
pub(crate) fn run(args: &GenerateArgs, names: &str, first_seed: u64) -> Result<Exit, Failure> {
    let (base, [jigsaw, killer]) =
        Variant::parse_names(names).map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    if killer {
        return Err(Failure::bad_input(
            "--variant: generate makes x, windoku and jigsaw puzzles (and their \
             combinations), not killer",
        ));
    }
    let shape = args.box_shape;
    base.rules(shape)
        .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    let notation = Notation::standard_for(shape);
    let mut out = Output::stdout();
    let made: Vec<_> = (0..args.count)
        .into_par_iter()
        .map(|i| {
            let seed = first_seed.wrapping_add(i);
            (seed, make(&base, shape, jigsaw, seed))
        })
        .collect();
    for (seed, result) in made {
        let (puzzle, solution, variant) = result.map_err(|e| {
            Failure::new(
                Exit::NoSolution,
                format!("internal error: seed {seed}: generation failed its check: {e}"),
            )
        })?;
        let document = || Document {
            grid: write_compact(&puzzle, &notation),
            variant: variant.to_string(),
            regions: variant
                .regions
                .as_ref()
                .map(|r| r.to_string().lines().map(str::to_string).collect()),
            shape: shape.to_string(),
            givens: puzzle.givens(),
            seed,
            solution: write_compact(&solution, &notation),
        };
        let written = match (args.format, &variant.regions) {
            (OutputFormat::Text, None) => writeln!(out, "{}", write_compact(&puzzle, &notation)),
            (OutputFormat::Grid, None) => writeln!(out, "{}", write_boxed_with(&puzzle, &notation)),
            (OutputFormat::Grid, Some(regions)) => {
                writeln!(out, "{}", write_regions(&puzzle, regions, &notation))
            }
            // A jigsaw puzzle needs its map: a JSON document per line.
            (OutputFormat::Text | OutputFormat::Json, _) => out.json_line(&document()),
        };
        if written.is_err() || out.has_failed() {
            break;
        }
    }
    out.finish()?;
    Ok(Exit::Success)
}
