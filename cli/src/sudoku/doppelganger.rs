//! `sudoku solve|check|count --variant doppelganger FILE`: doppelganger
//! puzzles (grids of `0..=n`, a kind of puzzle beside the classic grid),
//! one per line, answered by `sudoku_solve::doppelganger` (its own plan,
//! every solution checked by the rule) and written as records in input
//! order: the text of the batch run's records, or JSON lines.
//!
//! A line is a grid (`0` the value zero, `.` a blank: a compact line or
//! numbers separated by spaces), or a JSON object `{"grid": "...", "box":
//! "2x3"}` (`"variant": "doppelganger"` allowed); blank lines and lines
//! starting with `#` are skipped.

use std::io::Write as _;
use std::time::Instant;

use serde::Serialize;
use solver_core::{Incomplete, Limits};
use sudoku::doppelganger::DoppelGrid;
use sudoku::Shape;
use sudoku_solve::doppelganger::{answer, true_candidates, DoppelSolveError, NAME};
use sudoku_solve::Answer;

use super::{CommonArgs, Mode, OutputFormat};
use crate::exit::{Exit, Failure};
use crate::output::{eprint_line, Output};

/// Whether `--variant` names doppelganger (alone: it is a kind of grid of
/// its own, not a rule added to the classic one).
pub(crate) fn named(common: &CommonArgs) -> Result<bool, Failure> {
    let named = match common.variant.variant.as_deref() {
        None => false,
        Some(names) => sudoku_solve::doppelganger::named(names)
            .map_err(|e| Failure::bad_input(format!("--variant {e}")))?,
    };
    if named && (common.variant.regions.is_some() || common.variant.cages.is_some()) {
        return Err(Failure::bad_input(
            "--variant doppelganger: grids of 0..n combine with no other variant, regions or cages",
        ));
    }
    Ok(named)
}

/// One record: JSON as the batch run writes its own.
#[derive(Serialize)]
struct Record<'a> {
    file: &'a str,
    line: usize,
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    shape: Option<String>,
    variant: &'static str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    examples: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<&'a [Vec<u16>]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    incomplete: Option<Incomplete>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
}

/// A JSON line of a doppelganger puzzle.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    grid: String,
    #[serde(rename = "box")]
    shape: Option<String>,
    variant: Option<String>,
}

/// The exit statuses seen, for the batch run's order: the first of 4, 2,
/// 3, 1, 0 that applies (70 before them).
#[derive(Default)]
struct Seen {
    internal: bool,
    invalid: bool,
    unknown: bool,
    failed: bool,
}

impl Seen {
    fn status(&self) -> Exit {
        if self.internal {
            Exit::Internal
        } else if self.invalid {
            Exit::BadInput
        } else if self.unknown {
            Exit::Incomplete
        } else if self.failed {
            Exit::NoSolution
        } else {
            Exit::Success
        }
    }
}

/// Runs `mode` (solve, check, count) on every doppelganger puzzle of the
/// files.
pub(crate) fn run(mode: Mode, common: &CommonArgs) -> Result<Exit, Failure> {
    if !matches!(
        mode,
        Mode::Solve | Mode::Check | Mode::Count { .. } | Mode::Candidates
    ) {
        return Err(Failure::bad_input(super::variant::DOPPELGANGER_ELSEWHERE));
    }
    if common.alphabet.is_some() {
        return Err(Failure::bad_input(
            "--variant doppelganger: the symbols are 0-9 then a-z (--alphabet does not apply)",
        ));
    }
    common.threads.init();
    let cancel = crate::exit::cancel_flag();
    let json = common.format == OutputFormat::Json;
    let mut out = Output::stdout();
    let mut seen = Seen::default();
    let stdin = [std::path::PathBuf::from("-")];
    let files = if common.files.is_empty() {
        &stdin[..]
    } else {
        &common.files[..]
    };
    for path in files {
        let input = crate::read_input(Some(path))?;
        let text = String::from_utf8(input.bytes)
            .map_err(|e| Failure::bad_input(format!("{}: not UTF-8 text: {e}", input.name)))?;
        for (k, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if crate::exit::interrupted() {
                break;
            }
            let number = k + 1;
            let limits = Limits {
                max_nodes: common.max_nodes,
                deadline: common.timeout.map(|t| Instant::now() + t),
                cancel: Some(cancel.clone()),
                ..Limits::none()
            };
            let (shape, answered) = match read(line, common.box_shape) {
                Ok(puzzle) if matches!(mode, Mode::Candidates) => (
                    Some(puzzle.shape()),
                    (candidates(&puzzle, &limits)?, None, None),
                ),
                Ok(puzzle) => {
                    let shape = puzzle.shape();
                    let answered = answer(&puzzle, &mode, common.engine.into(), &limits)
                        .map_err(|e| Failure::bad_input(e.to_string()))?;
                    if common.explain && !common.quiet {
                        eprint_line(&format!(
                            "explain: {}, line {number} ({n}x{n} doppelganger, {shape} boxes): engine {}",
                            input.name,
                            answered.plan,
                            n = shape.side()
                        ));
                    }
                    (
                        Some(shape),
                        (
                            answered.answer,
                            Some(answered.plan.engine.as_str()),
                            Some(answered.nodes),
                        ),
                    )
                }
                Err(message) => (None, (Answer::Invalid(message), None, None)),
            };
            let (answer, engine, nodes) = answered;
            match &answer {
                Answer::Internal(why) => {
                    seen.internal = true;
                    eprint_line(&format!("error: {}, line {number}: {why}", input.name));
                }
                Answer::Invalid(_) => seen.invalid = true,
                Answer::Unknown(_)
                | Answer::Counted {
                    incomplete: Some(_),
                    ..
                } => {
                    // A count stopped at --limit is complete as asked.
                    let at_limit = matches!(
                        &answer,
                        Answer::Counted {
                            incomplete: Some(Incomplete::SolutionLimit),
                            ..
                        }
                    );
                    seen.unknown |= !at_limit;
                }
                Answer::Candidates {
                    incomplete: Some(_),
                    ..
                } => seen.unknown = true,
                Answer::Unsolvable | Answer::Multiple(..) => seen.failed = true,
                _ => {}
            }
            let written = if json {
                out.json_line(&record(&input.name, number, shape, &answer, engine, nodes))
            } else {
                writeln!(out, "{}", text_line(number, &answer))
            };
            if written.is_err() {
                break;
            }
            let _ = out.end_record();
        }
    }
    out.finish()?;
    if crate::exit::interrupted() {
        return Ok(Exit::Interrupted);
    }
    Ok(seen.status())
}

/// The true candidates of `puzzle` as an answer
/// ([`sudoku_solve::doppelganger::true_candidates`]); a solution that
/// failed its checks is an internal error, any other refusal bad input;
/// no solution is [`Answer::Unsolvable`], as for the classic grid.
fn candidates(puzzle: &DoppelGrid, limits: &Limits) -> Result<Answer<DoppelGrid>, Failure> {
    match true_candidates(puzzle, limits) {
        Ok(found) if found.is_unsolvable() => Ok(Answer::Unsolvable),
        Ok(found) => Ok(Answer::Candidates {
            cells: found.cells,
            incomplete: found.incomplete,
        }),
        Err(DoppelSolveError::Internal(why)) => Ok(Answer::Internal(why)),
        Err(e) => Err(Failure::bad_input(e.to_string())),
    }
}

/// Reads one line: a JSON document or a grid.
fn read(line: &str, shape: Option<Shape>) -> Result<DoppelGrid, String> {
    if line.starts_with('{') {
        let doc: Document = serde_json::from_str(line).map_err(|e| format!("JSON: {e}"))?;
        if let Some(v) = &doc.variant {
            if !v.eq_ignore_ascii_case(NAME) {
                return Err(format!(
                    "JSON: \"variant\": {v:?} in a doppelganger run (only \"doppelganger\")"
                ));
            }
        }
        let shape = match &doc.shape {
            Some(text) => Some(
                text.parse::<Shape>()
                    .map_err(|e| format!("JSON \"box\": {e}"))?,
            ),
            None => shape,
        };
        return DoppelGrid::parse(&doc.grid, shape).map_err(|e| format!("\"grid\": {e}"));
    }
    DoppelGrid::parse(line, shape).map_err(|e| e.to_string())
}

/// The text record: the solution line, or the batch run's words
/// ([`sudoku_batch::words`]).
fn text_line(line: usize, answer: &Answer<DoppelGrid>) -> String {
    match answer {
        Answer::Solved(g) | Answer::Minimized(g) => g.to_text(),
        Answer::Invalid(message) => format!("invalid: line {line}, {message}"),
        other => sudoku_batch::words(other).unwrap_or_else(|| other.status().to_string()),
    }
}

fn record<'a>(
    file: &'a str,
    line: usize,
    shape: Option<Shape>,
    answer: &'a Answer<DoppelGrid>,
    engine: Option<&'static str>,
    nodes: Option<u64>,
) -> Record<'a> {
    let mut r = Record {
        file,
        line,
        shape: shape.map(|s| s.to_string()),
        variant: NAME,
        status: answer.status(),
        solution: None,
        examples: None,
        solutions: None,
        candidates: None,
        complete: None,
        incomplete: None,
        error: None,
        engine,
        nodes,
    };
    match answer {
        Answer::Solved(g) | Answer::Unique(g) => r.solution = Some(g.to_text()),
        Answer::Multiple(a, b) => r.examples = Some([a.to_text(), b.to_text()]),
        Answer::Counted {
            solutions,
            incomplete,
        } => {
            // A number where JSON's readers keep it exact, else a string.
            r.solutions = Some(match u64::try_from(*solutions) {
                Ok(small) => small.into(),
                Err(_) => solutions.to_string().into(),
            });
            r.complete = Some(incomplete.is_none());
            r.incomplete = *incomplete;
        }
        Answer::Candidates { cells, incomplete } => {
            r.candidates = Some(cells);
            r.complete = Some(incomplete.is_none());
            r.incomplete = *incomplete;
        }
        Answer::Unknown(why) => r.incomplete = Some(*why),
        Answer::Invalid(message) => r.error = Some(message.clone()),
        Answer::Internal(_) => {
            r.error = Some("internal error: the answer failed verification".into())
        }
        _ => {}
    }
    r
}
