//! `dlx count` and `dlx solve` on a JSON model (docs/formats.md, "JSON
//! model"; what the Python `Model.to_json()` writes): recognised by its
//! content, an input whose first character other than white space is `{`.
//!
//! The model is compiled by [`cover_model`]'s planner (Dancing Links for a
//! pure exact-cover model, else the propagation engine) and searched with
//! the usual limits, `-j` (counting), `--seed`, Ctrl-C, text or JSON output
//! and exit statuses.

use std::io::{self, Write as _};
use std::ops::ControlFlow;
use std::time::Instant;

use cover_model::plan::{Asked, Problem};
use cover_model::{Compiled, Model, ModelEngine, Optimum, Value, Var};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use solver_core::{Limits, Outcome};

use super::{end_search, thread_count, Engine, Mode, SearchArgs, Summary};
use crate::exit::{Exit, Failure};
use crate::output::{Format, Output};
use crate::Input;

/// Whether `bytes` hold a JSON model: the first character other than white
/// space (after a byte-order mark) is `{`, which no Knuth-format problem
/// starts with in practice (its first line names items).
pub(super) fn is_json_model(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// The variables a solution shows: those declared (constants are not).
struct Shown<'a> {
    model: &'a Model,
    vars: Vec<Var>,
}

/// One solution's values by name, in the order of declaration.
struct Values<'a> {
    shown: &'a Shown<'a>,
    values: &'a [Value],
}

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.shown.vars.len()))?;
        for &v in &self.shown.vars {
            map.serialize_entry(self.shown.model.name(v), &self.values[v.index()])?;
        }
        map.end()
    }
}

/// One solution, as printed in JSON.
#[derive(Serialize)]
struct Record<'a> {
    solution: u64,
    values: Values<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    objective: Option<Value>,
}

/// The summary, with the objective when the model has one.
#[derive(Serialize)]
struct ModelSummary {
    #[serde(flatten)]
    summary: Summary,
    #[serde(skip_serializing_if = "Option::is_none")]
    objective: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimal: Option<bool>,
}

impl AsRef<Summary> for ModelSummary {
    fn as_ref(&self) -> &Summary {
        &self.summary
    }
}

fn print(
    out: &mut Output,
    format: Format,
    shown: &Shown<'_>,
    k: u64,
    values: &[Value],
    objective: Option<Value>,
) -> ControlFlow<()> {
    let written = match format {
        Format::Json => out.json_line(&Record {
            solution: k,
            values: Values { shown, values },
            objective,
        }),
        Format::Text => {
            let line: Vec<String> = shown
                .vars
                .iter()
                .map(|&v| format!("{}={}", shown.model.name(v), values[v.index()]))
                .collect();
            let mut text = line.join(" ");
            if let Some(o) = objective {
                text.push_str(&format!(" (objective {o})"));
            }
            writeln!(out, "{text}")
        }
    };
    match written.and_then(|()| out.end_record()) {
        Ok(()) => ControlFlow::Continue(()),
        Err(_) => ControlFlow::Break(()),
    }
}

/// The JSON model of `input`; errors name the file.
pub(super) fn read(input: &Input) -> Result<Model, Failure> {
    let name = &input.name;
    let text = std::str::from_utf8(&input.bytes)
        .map_err(|e| Failure::bad_input(format!("{name}: the JSON model is not UTF-8: {e}")))?;
    Model::from_json(text).map_err(|e| Failure::bad_input(format!("{name}: {e}")))
}

/// A JSON model compiled by the planner, and the fingerprint of its cubes
/// (that of the model's canonical JSON text).
pub(super) fn compile_for_cubes(
    input: &Input,
) -> Result<(Compiled, solver_core::cubes::Fingerprint), Failure> {
    let model = read(input)?;
    let name = &input.name;
    let canonical = model
        .to_json()
        .map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
    let compiled = model
        .compile()
        .map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
    Ok((
        compiled,
        solver_core::cubes::Fingerprint::of_bytes(canonical.as_bytes()),
    ))
}

/// `count` or `solve` on a JSON model read from `input`.
pub(super) fn run(mode: Mode, args: &SearchArgs, input: Input) -> Result<Exit, Failure> {
    let model = read(&input)?;
    let name = input.name;
    // `--engine dlx` is the command's default: on a model it leaves the
    // choice to the planner.
    let asked = match args.engine {
        Engine::Dlx => Asked::Auto,
        Engine::Cdcl => Asked::Cdcl,
    };
    let exact_cover = model.planned_engine() == ModelEngine::DancingLinks;
    super::planned(&name, Problem::Model { exact_cover }, asked, mode)?;
    if args.progress {
        let _ = writeln!(
            io::stderr(),
            "warning: a JSON model searches without --progress"
        );
    }
    let compiled = model
        .compile()
        .map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
    let shown = Shown {
        model: &model,
        vars: model
            .variables()
            .filter(|&v| !model.is_constant(v))
            .collect(),
    };
    let mut threads = thread_count(args);
    let started = Instant::now();
    let limits = super::limits(args, started);
    let mut out = Output::stdout();
    let mut objective = None;
    let mut optimal = None;
    let (solutions, outcome) = match mode {
        Mode::Count => {
            let count = if threads == 1 {
                let mut solver = compiled.solver();
                solver.set_seed(args.seed);
                solver.count(&limits)
            } else {
                compiled.par_count(&limits)
            };
            (count.solutions, count.outcome)
        }
        Mode::Solve if compiled.objective().is_some() => {
            threads = 1;
            let (solutions, outcome, best) = optimize(&compiled, &limits, args, &shown, &mut out);
            if let Some((value, proved)) = best {
                objective = Some(value);
                optimal = Some(proved);
            }
            (solutions, outcome)
        }
        Mode::Solve => {
            // Solutions are enumerated on one thread.
            threads = 1;
            let mut solver = compiled.solver();
            solver.set_seed(args.seed);
            let mut printed = 0u64;
            let outcome = solver.for_each_solution(&limits, |s| {
                printed += 1;
                print(&mut out, args.format, &shown, printed, s.values(), None)
            });
            (u128::from(printed), outcome)
        }
    };
    let summary = ModelSummary {
        summary: Summary::new(
            solutions,
            &outcome,
            compiled.engine().name(),
            started,
            threads,
        ),
        objective,
        optimal,
    };
    end_search(out, args.format, mode, &summary)
}

/// `solve` on a model with an objective: branch and bound; prints the
/// optimum (or, when a limit stops the search, the best solution found,
/// marked incomplete). Returns the solutions printed (0 or 1), the outcome,
/// and the objective's value with whether it is proved optimal.
fn optimize(
    compiled: &Compiled,
    limits: &Limits,
    args: &SearchArgs,
    shown: &Shown<'_>,
    out: &mut Output,
) -> (u128, Outcome, Option<(Value, bool)>) {
    let mut solver = compiled.solver();
    solver.set_seed(args.seed);
    let (optimum, stats) = solver.optimize(limits, &mut |_, _| {});
    let (best, incomplete) = match optimum {
        Optimum::Optimal(s, v) => (Some((s, v, true)), None),
        Optimum::Unsatisfiable => (None, None),
        Optimum::Incomplete { best, why } => (best.map(|(s, v)| (s, v, false)), Some(why)),
    };
    let outcome = Outcome { incomplete, stats };
    match best {
        Some((s, v, proved)) => {
            let _ = print(out, args.format, shown, 1, s.values(), Some(v));
            (1, outcome, Some((v, proved)))
        }
        None => (0, outcome, None),
    }
}
