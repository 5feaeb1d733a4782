//! `sudoku generate --variant x|windoku|jigsaw`: unique variant puzzles,
//! each checked by the library ([`sudoku::generate_variant_checked`])
//! before it is written.

use std::io::Write as _;

use serde::Serialize;
use solver_core::Limits;
use sudoku::{
    generate_variant_checked, in_seed_order, write_boxed_with, write_compact, write_regions,
    Notation, Variant,
};

use super::{stop, Ended, GenerateArgs, OutputFormat};
use crate::exit::Failure;
use crate::output::Output;

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

/// Runs `generate` for a variant.
pub(crate) fn run(
    args: &GenerateArgs,
    names: &str,
    first_seed: u64,
    limits: &Limits,
) -> Result<Ended, Failure> {
    let (base, [jigsaw, killer]) =
        Variant::parse_names(names).map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    if killer {
        return Err(Failure::bad_input(
            "--variant: generate makes x, windoku and jigsaw puzzles (and their \
             combinations), not killer",
        ));
    }
    let shape = args.box_shape;
    let mut base = base;
    let mut jigsaw = jigsaw;
    if let Some(path) = &args.regions {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::bad_input(format!("--regions {}: {e}", path.display())))?;
        let regions: sudoku::Regions = text
            .parse()
            .map_err(|e| Failure::bad_input(format!("--regions {}: {e}", path.display())))?;
        base.regions = Some(regions);
        jigsaw = false;
    }
    base.rules(shape)
        .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    let notation = Notation::standard_for(shape);
    let mut out = Output::stdout();
    let mut written_puzzles = 0u64;
    let mut trouble = None;
    let make = |seed| generate_variant_checked(&base, names, shape, jigsaw, seed, limits);
    in_seed_order(first_seed, args.count, make, |seed, result| {
        let (puzzle, solution, variant) = match result {
            Ok(made) => made,
            Err(why) => {
                trouble = Some((why, seed));
                return false;
            }
        };
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
            (OutputFormat::Fpuzzles, _) => match super::setter::fpuzzles_link(&puzzle, &variant) {
                Ok(link) => writeln!(out, "{link}"),
                Err(e) => {
                    trouble = Some((sudoku::GenerateTrouble::Internal(e.to_string()), seed));
                    return false;
                }
            },
            // A jigsaw puzzle needs its map: a JSON document per line.
            (OutputFormat::Text | OutputFormat::Json, _) => out.json_line(&document()),
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
