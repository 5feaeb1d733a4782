//! The logical solver's commands, a puzzle at a time: `sudoku solve
//! --steps` (the whole path) and `sudoku hint` (the next step, from a
//! puzzle or from a learner's pencil marks). `sudoku rate` on Sudoku
//! Explainer's scale is a batch run ([`super::batch`]) with the logical
//! solver passed in as [`sudoku_logic::SeRater`].
//!
//! Every puzzle is first proved unique by the search (the uniqueness
//! techniques assume one solution), and every step printed is checked
//! against that solution: a step that contradicts it is an internal error
//! (status 70), never printed as a step.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{json, Value};
use sudoku::{Grid, Variant};
use sudoku_batch::{Batch, OutputFormat as LibFormat};
use sudoku_format::{Puzzle, Records};
use sudoku_logic::{candidates_for, cell_name, next_step, solve, Candidates, End, Mode, Step};
use sudoku_solve::{Answer, Limits, Task};

use super::{CommonArgs, OutputFormat};
use crate::exit::{Exit, Failure};

/// The technique sets of `hint` and `solve --steps` (`--techniques`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Techniques {
    /// Sudoku Explainer 1.2.1's techniques in its order: the path `rate` measures
    Se,
    /// SE's plus the common ones it lacks (skyscraper, 2-string kite, finned
    /// fish, simple colouring, W-wing, X-chain, XY-chain, AIC)
    #[default]
    All,
}

impl Techniques {
    /// The logical solver's mode.
    pub fn mode(self) -> Mode {
        match self {
            Techniques::Se => Mode::Se,
            Techniques::All => Mode::Extended,
        }
    }
}

/// The arguments of `hint`.
#[derive(Debug, clap::Args)]
pub struct HintArgs {
    /// The options common to every subcommand.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Which techniques: `all` (SE's and the common ones it lacks) or `se`
    /// (Sudoku Explainer 1.2.1's only)
    #[arg(long, value_enum, default_value_t = Techniques::All)]
    pub techniques: Techniques,
    /// A learner's state of the (first) puzzle: pencil marks, one token
    /// per cell (see docs/formats.md)
    #[arg(long, value_name = "FILE")]
    pub marks: Option<PathBuf>,
}

/// What became of one puzzle.
struct Outcome {
    status: Exit,
}

/// An input: its name and its reader.
type Input = (String, Box<dyn BufRead>);

fn open_inputs(common: &CommonArgs) -> Result<Vec<Input>, Failure> {
    if common.files.is_empty() {
        return Ok(vec![(
            "-".to_string(),
            Box::new(BufReader::new(io::stdin())) as Box<dyn BufRead>,
        )]);
    }
    common
        .files
        .iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                return Ok((
                    "-".to_string(),
                    Box::new(BufReader::new(io::stdin())) as Box<dyn BufRead>,
                ));
            }
            let f = File::open(p)
                .map_err(|e| Failure::io(format!("cannot read {}: {e}", p.display())))?;
            Ok((
                p.display().to_string(),
                Box::new(BufReader::new(f)) as Box<dyn BufRead>,
            ))
        })
        .collect()
}

fn limits(common: &CommonArgs) -> Limits {
    Limits {
        max_solutions: None,
        max_nodes: common.max_nodes,
        deadline: common.timeout.and_then(|t| Instant::now().checked_add(t)),
        cancel: Some(crate::exit::cancel_flag()),
    }
}

/// The search's proof that `puzzle` has one solution, and that solution;
/// otherwise the status word and the exit status.
fn unique_solution(
    common: &CommonArgs,
    puzzle: &Puzzle,
    variant: &Variant,
    line: usize,
) -> Result<Grid, (String, Exit)> {
    let batch = Batch {
        task: Task::Check,
        timeout: common.timeout,
        max_nodes: None,
        cancel: crate::exit::cancel_flag(),
        engine: common.engine.into(),
        base: variant.clone(),
        format: LibFormat::Text,
        names: Vec::new(),
        logic: None,
    };
    match batch
        .answer_puzzle(puzzle, variant, line, false, None)
        .answer
    {
        Answer::Unique(solution) => Ok(solution),
        Answer::Multiple(..) => Err((
            "multiple solutions: the logical solver needs a puzzle with one".into(),
            Exit::NoSolution,
        )),
        Answer::Unsolvable => Err(("no solution".into(), Exit::NoSolution)),
        Answer::Unknown(why) => Err((format!("unknown: {why}"), Exit::Incomplete)),
        Answer::Invalid(message) => Err((format!("invalid: {message}"), Exit::BadInput)),
        other => Err((
            format!("internal error: {}", other.status()),
            Exit::Internal,
        )),
    }
}

/// Whether `step` agrees with `solution`: it places only the solution's
/// values and removes none of them.
fn agrees(step: &Step, solution: &Grid) -> bool {
    let s = solution.cells();
    step.placements.iter().all(|p| s[p.cell] == p.value)
        && step
            .eliminations
            .iter()
            .all(|e| !e.values.contains(&s[e.cell]))
}

/// A step in JSON, as `solve --steps --format json` and `hint` write it.
pub(crate) fn step_json(step: &Step) -> Value {
    json!({
        "technique": step.technique.name(),
        "difficulty": step.difficulty.as_f64(),
        "placements": step.placements.iter().map(|p| json!({
            "cell": cell_name(p.cell, step.side),
            "value": p.value,
        })).collect::<Vec<_>>(),
        "eliminations": step.eliminations.iter().map(|e| json!({
            "cell": cell_name(e.cell, step.side),
            "values": e.values,
        })).collect::<Vec<_>>(),
        "text": step.text(),
    })
}

fn base_variant(common: &CommonArgs) -> Result<Variant, Failure> {
    if common.variant.is_set() {
        common.variant.load()
    } else {
        Ok(Variant::default())
    }
}

/// Runs `each` on every puzzle of the inputs, in order; the worst status.
fn each_puzzle(
    common: &CommonArgs,
    mut each: impl FnMut(&str, usize, &Puzzle, &Variant) -> Result<Outcome, Failure>,
) -> Result<Exit, Failure> {
    let base = base_variant(common)?;
    let options = super::read_options(
        common.input_format,
        common.box_shape,
        common.alphabet.as_ref(),
    );
    let mut worst = Exit::Success;
    let cancel = crate::exit::cancel_flag();
    for (name, reader) in open_inputs(common)? {
        for record in Records::new(reader, options.clone()) {
            if cancel.load(Ordering::Relaxed) {
                return Ok(Exit::Interrupted);
            }
            let status = match record.result {
                Ok(puzzle) => {
                    let variant = sudoku_solve::effective_variant(&puzzle, &base);
                    each(&name, record.line, &puzzle, &variant)?.status
                }
                Err(e) => {
                    eprintln!("{name}:{}: {e}", record.line);
                    Exit::BadInput
                }
            };
            worst = worse(worst, status);
        }
    }
    Ok(worst)
}

/// The status that says more: internal, then bad input, incomplete, no
/// solution, success.
fn worse(a: Exit, b: Exit) -> Exit {
    let rank = |e: Exit| match e {
        Exit::Success => 0,
        Exit::NoSolution => 1,
        Exit::Incomplete => 2,
        Exit::BadInput => 3,
        Exit::IoError => 4,
        Exit::Interrupted => 5,
        Exit::Internal => 6,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

fn print(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(Failure::quiet(Exit::Success)),
        Err(e) => Err(Failure::io(format!("cannot write the output: {e}"))),
        Ok(()) => Ok(()),
    }
}

/// The candidates of a puzzle under its variant, or the refusal as an
/// outcome (printed).
fn start(
    common: &CommonArgs,
    name: &str,
    line: usize,
    puzzle: &Puzzle,
    variant: &Variant,
) -> Result<Result<(Candidates, Grid), Outcome>, Failure> {
    let json = common.format == OutputFormat::Json;
    let refuse =
        |message: String, status: Exit| -> Result<Result<(Candidates, Grid), Outcome>, Failure> {
            if json {
                print(&format!(
                    "{}\n",
                    json!({"file": name, "line": line, "status": "error", "error": message})
                ))?;
            } else {
                eprintln!("{name}:{line}: {message}");
            }
            Ok(Err(Outcome { status }))
        };
    let rules = match variant.rules(puzzle.grid.shape()) {
        Ok(rules) => rules,
        Err(e) => return refuse(e.to_string(), Exit::BadInput),
    };
    let candidates = match candidates_for(&puzzle.grid, &rules) {
        Ok(c) => c,
        Err(message) => return refuse(message, Exit::BadInput),
    };
    match unique_solution(common, puzzle, variant, line) {
        Ok(solution) => Ok(Ok((candidates, solution))),
        Err((message, status)) => refuse(message, status),
    }
}

/// `sudoku solve --steps`: the logical path of every puzzle.
pub(crate) fn run_steps(common: &CommonArgs, techniques: Techniques) -> Result<Exit, Failure> {
    let json = common.format == OutputFormat::Json;
    let mut first = true;
    each_puzzle(common, |name, line, puzzle, variant| {
        let (candidates, solution) = match start(common, name, line, puzzle, variant)? {
            Ok(found) => found,
            Err(outcome) => return Ok(outcome),
        };
        let path = solve(candidates, techniques.mode(), &limits(common));
        if let Some(bad) = path.steps.iter().find(|s| !agrees(s, &solution)) {
            eprintln!(
                "{name}:{line}: internal error: a step contradicts the solution: {}",
                bad.text()
            );
            return Ok(Outcome {
                status: Exit::Internal,
            });
        }
        let r = path.ratings;
        let incomplete = match path.end {
            End::Interrupted(why) => Some(why),
            _ => None,
        };
        if json {
            let mut record = json!({
                "file": name,
                "line": line,
                "steps": path.steps.iter().map(step_json).collect::<Vec<_>>(),
                "solved": path.solved(),
                "se": {"er": r.er.as_f64(), "ep": r.ep.as_f64(), "ed": r.ed.as_f64()},
                "hardest": r.hardest.map(|t| t.name()),
            });
            if let Some(why) = incomplete {
                record["incomplete"] = json!(why.to_string());
            }
            print(&format!("{record}\n"))?;
        } else {
            let mut text = String::new();
            if !first {
                text.push('\n');
            }
            for step in &path.steps {
                text.push_str(&format!("{} {}\n", step.difficulty, step.text()));
            }
            let rated = format!("{}/{}/{}", r.er, r.ep, r.ed);
            text.push_str(&match path.end {
                End::Solved => format!("solved {rated}\n"),
                End::Stuck => "not solved: no technique applies (ER 20.0)\n".to_string(),
                End::Broken => "not solved: a step left the grid without a solution\n".to_string(),
                End::Interrupted(why) => format!("incomplete: {why}\n"),
            });
            print(&text)?;
        }
        first = false;
        Ok(Outcome {
            status: match path.end {
                End::Interrupted(_) => Exit::Incomplete,
                End::Broken => Exit::Internal,
                _ => Exit::Success,
            },
        })
    })
}

/// `sudoku hint`: the next step of every puzzle, or of a learner's state.
pub(crate) fn run_hint(args: &HintArgs) -> Result<Exit, Failure> {
    let common = &args.common;
    let json = common.format == OutputFormat::Json;
    let marks = match &args.marks {
        Some(path) => Some(read_marks(path)?),
        None => None,
    };
    let mut done_one = false;
    each_puzzle(common, |name, line, puzzle, variant| {
        if marks.is_some() && done_one {
            return Ok(Outcome {
                status: Exit::Success,
            });
        }
        done_one = true;
        let (candidates, solution) = match start(common, name, line, puzzle, variant)? {
            Ok(found) => found,
            Err(outcome) => return Ok(outcome),
        };
        let candidates = match &marks {
            None => candidates,
            Some(marks) => match learner_state(&candidates, &puzzle.grid, &solution, marks) {
                Ok(c) => c,
                Err(message) => return mistake(json, name, line, &message),
            },
        };
        if let Some(m) = candidates.first_mistake(&solution) {
            return mistake(json, name, line, &format!("the state has a mistake: {m}"));
        }
        let step = next_step(&candidates, args.techniques.mode());
        if let Some(bad) = step.as_ref().filter(|s| !agrees(s, &solution)) {
            eprintln!(
                "{name}:{line}: internal error: the step contradicts the solution: {}",
                bad.text()
            );
            return Ok(Outcome {
                status: Exit::Internal,
            });
        }
        let solved = candidates.is_solved();
        if json {
            let record = json!({
                "file": name,
                "line": line,
                "status": if solved { "solved" } else if step.is_some() { "hint" } else { "stuck" },
                "step": step.as_ref().map(step_json),
            });
            print(&format!("{record}\n"))?;
        } else {
            print(&match &step {
                Some(s) => format!("{}\n", s.text()),
                None if solved => "solved: nothing left to do\n".to_string(),
                None => "no technique applies: logic alone goes no further\n".to_string(),
            })?;
        }
        Ok(Outcome {
            status: Exit::Success,
        })
    })
}

fn mistake(json: bool, name: &str, line: usize, message: &str) -> Result<Outcome, Failure> {
    if json {
        print(&format!(
            "{}\n",
            json!({"file": name, "line": line, "status": "mistake", "error": message})
        ))?;
    } else {
        print(&format!("{message}\n"))?;
    }
    Ok(Outcome {
        status: Exit::NoSolution,
    })
}

/// A pencil-mark state: per cell, the candidate values (one value: the
/// cell holds it).
type Marks = Vec<Vec<u16>>;

fn read_marks(path: &Path) -> Result<Marks, Failure> {
    let mut text = String::new();
    let mut reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(
            File::open(path)
                .map_err(|e| Failure::io(format!("cannot read {}: {e}", path.display())))?,
        )
    };
    reader
        .read_to_string(&mut text)
        .map_err(|e| Failure::io(format!("cannot read {}: {e}", path.display())))?;
    parse_marks(&text).map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))
}

/// The value of a symbol: `1`-`9`, then `a`/`A` = 10 and on.
fn symbol_value(ch: char) -> Option<u16> {
    ch.to_digit(36).filter(|&d| d >= 1).map(|d| d as u16)
}

/// Reads pencil marks: either one token per cell separated by whitespace
/// (the digits of the cell's candidates; one digit for a placed value;
/// tokens of `|`, `-`, `+`, `.` and `:` alone are borders and skipped), or
/// one line of side^3 characters, each cell's `side` characters holding
/// its candidates in place (`.` or `0` for a missing one).
pub(crate) fn parse_marks(text: &str) -> Result<Marks, String> {
    let compact: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let [line] = compact.as_slice() {
        if !line.contains(char::is_whitespace) {
            let chars: Vec<char> = line.chars().collect();
            let side = (1..=64).find(|s| s * s * s == chars.len()).ok_or_else(|| {
                format!(
                    "a line of {} characters is not side^3 (729 for 9x9)",
                    chars.len()
                )
            })?;
            return chars
                .chunks(side)
                .enumerate()
                .map(|(cell, chunk)| {
                    chunk
                        .iter()
                        .enumerate()
                        .filter(|(_, &ch)| ch != '.' && ch != '0')
                        .map(|(i, &ch)| match symbol_value(ch) {
                            Some(v) if usize::from(v) == i + 1 => Ok(v),
                            _ => Err(format!(
                                "cell {} (column {} of the line): '{ch}' where {} or '.' belongs",
                                cell_name(cell, side),
                                cell * side + i + 1,
                                i + 1
                            )),
                        })
                        .collect()
                })
                .collect();
        }
    }
    let mut cells = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for token in line.split_whitespace() {
            if token.chars().all(|c| "|-+.:*".contains(c)) {
                continue;
            }
            let values: Result<Vec<u16>, String> = token
                .chars()
                .filter(|c| !"|".contains(*c))
                .map(|ch| {
                    symbol_value(ch).ok_or_else(|| {
                        format!("line {}: '{ch}' in \"{token}\" is not a value", n + 1)
                    })
                })
                .collect();
            let mut values = values?;
            values.sort_unstable();
            values.dedup();
            cells.push(values);
        }
    }
    Ok(cells)
}

/// The learner's state over the puzzle: the marks' placed values (which
/// must keep the givens) and candidates. A digit or a mark the solution
/// contradicts is named first, before what it breaks.
fn learner_state(
    puzzle: &Candidates,
    givens: &Grid,
    solution: &Grid,
    marks: &Marks,
) -> Result<Candidates, String> {
    let side = puzzle.side();
    if marks.len() != side * side {
        return Err(format!(
            "the pencil marks give {} cells; the grid has {}",
            marks.len(),
            side * side
        ));
    }
    let mut grid = givens.clone();
    let mut masks = vec![0u64; side * side];
    for (cell, values) in marks.iter().enumerate() {
        if values.iter().any(|&v| usize::from(v) > side) {
            return Err(format!(
                "{}: a value above {side} in the marks",
                cell_name(cell, side)
            ));
        }
        let given = givens.cells()[cell];
        let wanted = solution.cells()[cell];
        match values.as_slice() {
            [v] if *v != wanted && given == 0 => {
                return Err(format!(
                    "the state has a mistake: {} holds {v}, but the solution has {wanted} there",
                    cell_name(cell, side)
                ))
            }
            vs if vs.len() > 1 && !vs.contains(&wanted) => {
                return Err(format!(
                    "the state has a mistake: the pencil marks of {} lack {wanted}, the solution's value there",
                    cell_name(cell, side)
                ))
            }
            _ => {}
        }
        match values.as_slice() {
            [v] => {
                if given != 0 && given != *v {
                    return Err(format!(
                        "{} is a given {given}, but the marks say {v}",
                        cell_name(cell, side)
                    ));
                }
                grid.set(cell / side, cell % side, Some(*v));
            }
            _ if given != 0 => {
                return Err(format!(
                    "{} is a given {given}, but the marks do not place it",
                    cell_name(cell, side)
                ))
            }
            _ => masks[cell] = values.iter().fold(0, |m, &v| m | (1u64 << (v - 1))),
        }
    }
    Candidates::from_state(Arc::clone(puzzle.houses()), &grid, Some(&masks))
        .map_err(|e| format!("the state contradicts itself: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_as_tokens_and_as_a_line() {
        let tokens =
            parse_marks("| 1 234 | 34 2 |\n+---+\n 2 4 13 13\n 3 4 1 2\n 4 1 2 3\n").unwrap();
        assert_eq!(tokens.len(), 16);
        assert_eq!(tokens[1], vec![2, 3, 4]);
        assert_eq!(tokens[3], vec![2]);
        let line: String = [
            "1...", ".234", "..34", ".2..", ".2..", "...4", "1.3.", "1.3.",
        ]
        .iter()
        .chain(&[
            "..3.", "...4", "1...", ".2..", "...4", "1...", ".2..", "..3.",
        ])
        .copied()
        .collect();
        let cells = parse_marks(&line).unwrap();
        assert_eq!(cells.len(), 16);
        assert_eq!(cells[1], vec![2, 3, 4]);
        assert_eq!(cells[6], vec![1, 3]);
        let err = parse_marks(&line.replacen("1...", "2...", 1)).unwrap_err();
        assert!(err.contains("r1c1"), "{err}");
        assert!(parse_marks("12? 3").unwrap_err().contains("'?'"));
    }
}
