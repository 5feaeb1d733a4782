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
use sudoku_solve::doppelganger::answer;
use sudoku_solve::Answer;

use super::{CommonArgs, Mode, OutputFormat};
use crate::exit::{Exit, Failure};
use crate::output::{eprint_line, Output};

/// The name of the kind in `--variant`.
pub(crate) const NAME: &str = "doppelganger";

/// Whether `--variant` names doppelganger (alone: it is a kind of grid of
/// its own, not a rule added to the classic one).
pub(crate) fn named(common: &CommonArgs) -> Result<bool, Failure> {
    let named = generate_named(common.variant.variant.as_deref())?;
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
    if !matches!(mode, Mode::Solve | Mode::Check | Mode::Count { .. }) {
        return Err(Failure::bad_input(
            "--variant doppelganger: puzzles are solved, checked and counted (solve, check, count)",
        ));
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

fn text_line(line: usize, answer: &Answer<DoppelGrid>) -> String {
    match answer {
        Answer::Solved(g) => g.to_text(),
        Answer::Unique(_) => "unique".into(),
        Answer::Multiple(..) => "multiple".into(),
        Answer::Unsolvable => "unsolvable".into(),
        Answer::Counted {
            solutions,
            incomplete: None,
        } => solutions.to_string(),
        Answer::Counted {
            solutions,
            incomplete: Some(why),
        } => format!("{solutions} (incomplete: {why})"),
        Answer::Unknown(why) => format!("unknown: {why}"),
        Answer::Invalid(message) => format!("invalid: line {line}, {message}"),
        _ => "error: internal error (reported on stderr)".into(),
    }
}

fn record<'a>(
    file: &'a str,
    line: usize,
    shape: Option<Shape>,
    answer: &Answer<DoppelGrid>,
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
        Answer::Unknown(why) => r.incomplete = Some(*why),
        Answer::Invalid(message) => r.error = Some(message.clone()),
        Answer::Internal(_) => {
            r.error = Some("internal error: the answer failed verification".into())
        }
        _ => {}
    }
    r
}

/// Whether the `--variant` list `names` names doppelganger, alone (it
/// combines with no other name): `generate` asks it, and [`named`] for
/// solve, check and count.
pub(crate) fn generate_named(names: Option<&str>) -> Result<bool, Failure> {
    let Some(names) = names else {
        return Ok(false);
    };
    let names: Vec<&str> = names
        .split([',', '+', ' '])
        .filter(|s| !s.is_empty())
        .collect();
    if !names.iter().any(|n| n.eq_ignore_ascii_case(NAME)) {
        return Ok(false);
    }
    if names.len() > 1 {
        return Err(Failure::bad_input(
            "--variant doppelganger: grids of 0..n combine with no other variant",
        ));
    }
    Ok(true)
}

/// A generated puzzle as a JSON line.
#[derive(Serialize)]
struct Generated<'a> {
    seed: u64,
    #[serde(rename = "box")]
    shape: String,
    variant: &'static str,
    puzzle: &'a str,
    solution: &'a str,
    givens: usize,
}

/// `sudoku generate --variant doppelganger`: `count` unique, minimal
/// puzzles from `first_seed` on (`sudoku_solve::doppelganger::generate`),
/// each checked again before it is written: its solution by the rule as
/// its text says it, and its verdict (unique, that solution) by a fresh
/// search: Dancing Links on the exact cover up to 6x6, the propagation
/// engine above (where Dancing Links takes seconds a verdict).
pub(crate) fn generate(
    args: &super::generate::GenerateArgs,
    first_seed: u64,
    limits: &Limits,
) -> Result<Exit, Failure> {
    use super::generate::OutputFormat as Format;
    use cover_model::plan::Asked;
    use sudoku_solve::doppelganger::{answer_on, generate, DoppelGenerateError};
    use sudoku_solve::Task;
    if args.symmetry != sudoku_solve::Symmetry::None
        || args.target_givens.is_some()
        || args.regions.is_some()
        || args.max_nodes.is_some()
    {
        return Err(Failure::bad_input(
            "--variant doppelganger: puzzles are made minimal, without --symmetry, --givens, \
             --regions or --max-nodes",
        ));
    }
    if !matches!(args.format, Format::Text | Format::Json) {
        return Err(Failure::bad_input(
            "--variant doppelganger: --format text or json (f-puzzles has no doppelganger; \
             see docs/variants.md for its JSON extension)",
        ));
    }
    let shape = args.box_shape;
    let mut out = Output::stdout();
    let mut status = Exit::Success;
    for k in 0..args.count {
        let seed = first_seed.wrapping_add(k);
        let made = match generate(shape, seed, limits) {
            Ok(made) => made,
            Err(e @ DoppelGenerateError::Side { .. }) => {
                return Err(Failure::bad_input(format!("--variant doppelganger: {e}")))
            }
            Err(DoppelGenerateError::Stopped(why)) => {
                status = if why == Incomplete::Cancelled {
                    Exit::Interrupted
                } else {
                    eprint_line(&format!("seed {seed}: stopped ({why})"));
                    Exit::Incomplete
                };
                break;
            }
            Err(e) => {
                eprint_line(&format!("internal error: seed {seed}: {e}"));
                status = Exit::Internal;
                break;
            }
        };
        // The check apart from the generator.
        let verify = if shape.side() <= 6 {
            Asked::Dlx
        } else {
            Asked::Propagation
        };
        let verified = sudoku::doppelganger::check_against(&made.solution, &made.puzzle)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                match answer_on(&made.puzzle, &Task::Check, verify, limits).map(|a| a.answer) {
                    Ok(Answer::Unique(s)) if s == made.solution => Ok(()),
                    Ok(Answer::Unknown(why)) => Err(format!("the check stopped: {why}")),
                    Ok(other) => Err(format!("the check says {}", other.status())),
                    Err(e) => Err(e.to_string()),
                }
            });
        if let Err(why) = verified {
            eprint_line(&format!(
                "internal error: seed {seed}: generation failed its check: {why}"
            ));
            status = Exit::Internal;
            break;
        }
        let (puzzle, solution) = (made.puzzle.to_text(), made.solution.to_text());
        let written = if args.format == Format::Json {
            out.json_line(&Generated {
                seed,
                shape: shape.to_string(),
                variant: NAME,
                puzzle: &puzzle,
                solution: &solution,
                givens: made.puzzle.givens(),
            })
        } else {
            writeln!(out, "{puzzle}")
        };
        if written.is_err() || out.end_record().is_err() {
            break;
        }
    }
    out.finish()?;
    Ok(status)
}
