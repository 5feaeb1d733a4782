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
use std::time::Instant;

use serde_json::{json, Value};
use sudoku::{Grid, Variant};
use sudoku_batch::{Batch, OutputFormat as LibFormat};
use sudoku_format::{Puzzle, Records};
use sudoku_logic::{
    agrees, candidates_for, cell_name, learner_state, next_step, parse_marks, solve, Candidates,
    End, Marks, Mode, Step,
};
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
        max_memory: None,
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

/// `sudoku candidates --pencil-marks`: per puzzle, the values its givens
/// leave each cell (not in a house of the cell, nor in a killer cage of
/// it); a filled cell, its value. No search: no spoiler.
pub(crate) fn run_pencil_marks(common: &CommonArgs) -> Result<Exit, Failure> {
    let json = common.format == OutputFormat::Json;
    each_puzzle(common, |name, line, puzzle, variant| {
        let grid = &puzzle.grid;
        let rules = match variant.rules(grid.shape()) {
            Ok(rules) => rules,
            Err(e) => {
                eprintln!("{name}:{line}: {e}");
                return Ok(Outcome {
                    status: Exit::BadInput,
                });
            }
        };
        if let Err(conflict) = rules.check(grid) {
            if json {
                print(&format!(
                    "{}\n",
                    json!({"file": name, "line": line, "status": "invalid", "error": conflict.to_string()})
                ))?;
            } else {
                print(&format!("invalid: {conflict}\n"))?;
            }
            return Ok(Outcome {
                status: Exit::BadInput,
            });
        }
        let n = grid.side();
        let cells = grid.cells();
        let marks: Vec<Vec<u16>> = (0..n * n)
            .map(|cell| {
                if cells[cell] != 0 {
                    return vec![cells[cell]];
                }
                let mut seen = vec![false; n + 1];
                for &u in rules.units_of(cell) {
                    for &other in &rules.units()[u].cells {
                        seen[usize::from(cells[other])] = true;
                    }
                }
                for cage in rules.cages().iter().filter(|k| k.cells.contains(&cell)) {
                    for &other in &cage.cells {
                        seen[usize::from(cells[other])] = true;
                    }
                }
                (1..=n as u16).filter(|&v| !seen[usize::from(v)]).collect()
            })
            .collect();
        if json {
            let shape = grid.shape();
            print(&format!(
                "{}\n",
                json!({"file": name, "line": line, "box": shape.to_string(),
                       "status": "pencil-marks", "pencil_marks": marks})
            ))?;
        } else {
            let join = |m: &Vec<u16>| {
                let parts: Vec<String> = m.iter().map(u16::to_string).collect();
                parts.join(if n > 9 { "," } else { "" })
            };
            let text: Vec<String> = marks.iter().map(join).collect();
            print(&format!("{}\n", text.join(" ")))?;
        }
        Ok(Outcome {
            status: Exit::Success,
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
                Err(e) => return mistake(json, name, line, &e.to_string()),
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
