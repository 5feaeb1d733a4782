//! Doppelganger puzzles (grids of `0..=n`, [`sudoku::doppelganger`]) as a
//! [`Maker`](crate::Maker) makes them: made by
//! [`sudoku_solve::doppelganger::generate`] (its own search on candidate
//! masks), then checked apart from it: the solution by the rule as its text
//! says it, and its uniqueness by the propagation engine on the constraint
//! model ([`sudoku_solve::doppelganger::check_by_propagation`]), never the
//! search that made it (which `auto` plans for a check). Written as a
//! compact line or a JSON line.

use serde::Serialize;
use solver_core::Limits;
use sudoku::doppelganger::check_against;
use sudoku::Shape;
use sudoku_solve::doppelganger::{
    check_by_propagation, generate, DoppelGenerateError, DoppelGenerated, NAME,
};
use sudoku_solve::Answer;

use crate::checked::GenerateTrouble;
use crate::records::GeneratedFormat;

/// Makes doppelganger puzzle `seed` of `shape` (each removal's proof
/// within `dig_nodes` nodes, when given) and checks it (the module text):
/// the solution against the givens and the rule, then one solution, that
/// one, by the propagation engine within `limits`.
pub(crate) fn generate_doppelganger_checked(
    shape: Shape,
    seed: u64,
    dig_nodes: Option<u64>,
    limits: &Limits,
) -> Result<DoppelGenerated, GenerateTrouble> {
    let digging = Limits {
        max_nodes: dig_nodes,
        ..limits.clone()
    };
    let made = match generate(shape, seed, &digging) {
        Ok(made) => made,
        Err(DoppelGenerateError::Stopped(why)) => return Err(GenerateTrouble::Stopped(why)),
        Err(e @ DoppelGenerateError::Side { .. }) => {
            return Err(GenerateTrouble::NoGrid(e.to_string()))
        }
        Err(e) => return Err(GenerateTrouble::Internal(e.to_string())),
    };
    let failed = |why: String| {
        GenerateTrouble::Internal(format!(
            "the doppelganger puzzle {} fails its check: {why}",
            made.puzzle
        ))
    };
    check_against(&made.solution, &made.puzzle).map_err(|e| failed(e.to_string()))?;
    let checked = check_by_propagation(&made.puzzle, limits).map_err(|e| failed(e.to_string()))?;
    match checked.answer {
        Answer::Unique(found) if found == made.solution => Ok(made),
        Answer::Unknown(why) => Err(GenerateTrouble::Stopped(why)),
        other => Err(failed(format!(
            "{} by {}",
            other.status(),
            checked.plan.engine.as_str()
        ))),
    }
}

/// A doppelganger puzzle in JSON (the fields of `sudoku generate`'s
/// doppelganger records).
#[derive(Serialize)]
struct Record {
    seed: u64,
    #[serde(rename = "box")]
    shape: String,
    variant: &'static str,
    puzzle: String,
    solution: String,
    givens: usize,
    minimal: bool,
}

/// The record of a doppelganger puzzle made from `seed`: its compact line,
/// or a JSON line; drawn grids and f-puzzles links are refused (f-puzzles
/// has no doppelganger; docs/variants.md describes our JSON extension) as
/// bad input ([`GenerateTrouble::NoGrid`]).
pub(crate) fn record(
    made: &DoppelGenerated,
    seed: u64,
    format: GeneratedFormat,
) -> Result<String, GenerateTrouble> {
    match format {
        GeneratedFormat::Text => Ok(format!("{}\n", made.puzzle.to_text())),
        GeneratedFormat::Json => {
            let record = Record {
                seed,
                shape: made.puzzle.shape().to_string(),
                variant: NAME,
                puzzle: made.puzzle.to_text(),
                solution: made.solution.to_text(),
                givens: made.puzzle.givens(),
                minimal: made.minimal,
            };
            let mut line = serde_json::to_string(&record)
                .map_err(|e| GenerateTrouble::Internal(e.to_string()))?;
            line.push('\n');
            Ok(line)
        }
        GeneratedFormat::Grid | GeneratedFormat::Fpuzzles => {
            Err(GenerateTrouble::NoGrid(UNWRITTEN_FORMATS.to_string()))
        }
    }
}

/// Why drawn grids and f-puzzles links are not written.
pub(crate) const UNWRITTEN_FORMATS: &str =
    "doppelganger puzzles are written as text or json (f-puzzles has no doppelganger; \
     see docs/variants.md for its JSON extension)";

#[cfg(test)]
mod tests {
    use super::*;
    use solver_core::Incomplete;

    /// 4x4 puzzles: the check passes them, their records say what they are,
    /// and drawn grids are refused by name.
    #[test]
    fn made_puzzles_are_checked_and_written() {
        let shape = Shape::square(2).unwrap();
        let made = generate_doppelganger_checked(shape, 3, None, &Limits::none()).unwrap();
        assert_eq!(check_against(&made.solution, &made.puzzle), Ok(()));
        let line = record(&made, 3, GeneratedFormat::Text).unwrap();
        assert_eq!(line, format!("{}\n", made.puzzle.to_text()));
        let json: serde_json::Value =
            serde_json::from_str(&record(&made, 3, GeneratedFormat::Json).unwrap()).unwrap();
        assert_eq!(json["variant"], "doppelganger");
        assert_eq!(json["box"], "2x2");
        assert_eq!(json["seed"], 3);
        assert_eq!(json["solution"], made.solution.to_text());
        assert_eq!(json["givens"], made.puzzle.givens());
        let refused = record(&made, 3, GeneratedFormat::Grid).unwrap_err();
        assert!(refused.to_string().contains("text or json"), "{refused}");
        let past = Limits::none().timeout(std::time::Duration::ZERO);
        assert_eq!(
            generate_doppelganger_checked(shape, 3, None, &past).unwrap_err(),
            GenerateTrouble::Stopped(Incomplete::Deadline)
        );
    }
}
