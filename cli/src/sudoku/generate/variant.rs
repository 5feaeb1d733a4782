//! `sudoku generate --variant x|windoku|jigsaw`: unique variant puzzles,
//! each checked by the independent check of [`sudoku::verify`] and
//! by a uniqueness check before it is written.

use std::io::Write as _;

use rayon::prelude::*;
use serde::Serialize;
use solver_core::Limits;
use sudoku::{
    generate_variant_within, write_boxed_with, write_compact, write_regions, Grid, Notation, Shape,
    SolveError, Variant, MAP_ATTEMPTS,
};

use super::{stop, Ended, GenerateArgs, Trouble};
use crate::exit::Failure;
use crate::output::Output;
use crate::sudoku::OutputFormat;

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
    names: &str,
    shape: Shape,
    jigsaw: bool,
    seed: u64,
    limits: &Limits,
) -> Result<(Grid, Grid, Variant), Trouble> {
    let internal = |e: &dyn std::fmt::Display| Trouble::Internal(e.to_string());
    let (puzzle, solution, variant) =
        match generate_variant_within(base, shape, jigsaw, seed, limits) {
            Ok(made) => made,
            Err(SolveError::GaveUp(why)) => return Err(Trouble::Stopped(why)),
            Err(SolveError::Unsolvable) => {
                let tried = match jigsaw {
                    true => "random region maps",
                    false => "random fills",
                };
                return Err(Trouble::NoGrid(format!(
                    "no {names} puzzle of {shape} boxes found: none of {MAP_ATTEMPTS} {tried} \
                     could be filled, so these variants may admit no grid here (random \
                     jigsaw maps with x and windoku as well almost never do); try fewer \
                     variants or give a map with --regions"
                )));
            }
            Err(e) => return Err(internal(&e)),
        };
    match sudoku::check_generated(&puzzle, &solution, &variant, limits) {
        Ok(true) => Ok((puzzle, solution, variant)),
        Ok(false) => Err(internal(
            &"the puzzle fails its check (rules, givens, one solution)",
        )),
        Err(why) => Err(Trouble::Stopped(why)),
    }
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
    base.rules(shape)
        .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
    let notation = Notation::standard_for(shape);
    let mut out = Output::stdout();
    let made: Vec<_> = (0..args.count)
        .into_par_iter()
        .map(|i| {
            let seed = first_seed.wrapping_add(i);
            (seed, make(&base, names, shape, jigsaw, seed, limits))
        })
        .collect();
    let mut written_puzzles = 0u64;
    let mut trouble = None;
    for (seed, result) in made {
        let (puzzle, solution, variant) = match result {
            Ok(made) => made,
            Err(why) => {
                trouble = Some((why, seed));
                break;
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
            // A jigsaw puzzle needs its map: a JSON document per line.
            (OutputFormat::Text | OutputFormat::Json, _) => out.json_line(&document()),
        };
        if written.is_err() || out.has_failed() {
            break;
        }
        written_puzzles += 1;
    }
    out.finish()?;
    match trouble {
        Some((why, seed)) => stop(why, seed, written_puzzles),
        None => Ok(Ended::Done),
    }
}
