//! `dlx count` and `dlx solve` on a JSON model (docs/formats.md, "JSON
//! model"; what the Python `Model.to_json()` writes): recognised by its
//! content ([`is_json_model`]).
//!
//! The model is compiled by [`cover_model`]'s planner (Dancing Links for a
//! pure exact-cover model, else the propagation engine) and searched by
//! [`cover_model::whole`] with the usual limits, `-j` (counting), `--seed`,
//! Ctrl-C; here are the text or JSON output (`super::shown`) and exit
//! statuses.

use std::io::{self, Write as _};
use std::ops::ControlFlow;
use std::time::Instant;

use cover_model::plan::{Asked, EngineName, Problem};
use cover_model::whole::{ModelSearch, Solved};
use cover_model::{Compiled, JsonError, Model};
use solver_core::cubes::Fingerprint;

use super::shown::Shown;
use super::summary::{ModelSummary, Summary};
use super::{end_search, thread_count, Mode, SearchArgs};
use crate::exit::{Exit, Failure};
use crate::output::{Format, Output};
use crate::Input;

/// Whether `bytes` hold a JSON model: the first character other than white
/// space (after a byte-order mark) is `{`, which no problem in Knuth's
/// format starts with in practice (its first line names items).
pub(super) fn is_json_model(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// The fingerprint of `model`'s cubes: that of its canonical JSON text, so
/// that cubes split from one model are counted only on the same model.
fn cube_fingerprint(model: &Model) -> Result<Fingerprint, JsonError> {
    Ok(Fingerprint::of_bytes(model.to_json()?.as_bytes()))
}

/// The JSON model of `input`; errors name the file.
pub(super) fn read(input: &Input) -> Result<Model, Failure> {
    let name = &input.name;
    let text = std::str::from_utf8(&input.bytes)
        .map_err(|e| Failure::bad_input(format!("{name}: the JSON model is not UTF-8: {e}")))?;
    Model::from_json(text).map_err(|e| Failure::bad_input(format!("{name}: {e}")))
}

/// A JSON model compiled by the planner, and the fingerprint of its cubes.
pub(super) fn compile_for_cubes(input: &Input) -> Result<(Compiled, Fingerprint), Failure> {
    let model = read(input)?;
    let bad = |e: &dyn std::fmt::Display| Failure::bad_input(format!("{}: {e}", input.name));
    let problem = cube_fingerprint(&model).map_err(|e| bad(&e))?;
    Ok((model.compile().map_err(|e| bad(&e))?, problem))
}

/// `count` or `solve` on a JSON model read from `input`.
pub(super) fn run(mode: Mode, args: &SearchArgs, input: Input) -> Result<Exit, Failure> {
    let model = read(&input)?;
    let name = input.name;
    // `--engine dlx` (the command's default before `auto`) on a model
    // leaves the choice to the planner.
    let asked = match args.engine.asked() {
        Asked::Dlx => Asked::Auto,
        asked => asked,
    };
    let exact_cover = model.planned_engine() == EngineName::Dlx;
    // An engine refused for the model is refused before it is compiled.
    let problem = |cells| Problem::Model { exact_cover, cells };
    super::planned(&name, problem(false), asked, mode)?;
    let compiled = model
        .compile()
        .map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
    // A count on Dancing Cells, as the compiled model's plan of a count
    // says, unless a seed keeps it on the links (a seed means one thread).
    let cells = compiled.count_plan().engine == EngineName::Cells && args.seed.is_none();
    let plan = super::planned(&name, problem(cells), asked, mode)?;
    if args.explain {
        let _ = writeln!(io::stderr(), "plan: {plan}");
    }
    if args.progress {
        let _ = writeln!(
            io::stderr(),
            "warning: a JSON model searches without --progress"
        );
    }
    let shown = Shown::new(&model);
    let started = Instant::now();
    let limits = super::limits(args, started);
    let mut search = ModelSearch {
        model: &model,
        compiled: &compiled,
        limits: &limits,
        threads: thread_count(args),
        seed: args.seed,
    };
    let mut out = Output::stdout();
    let Solved {
        solutions,
        outcome,
        best,
    } = match mode {
        Mode::Count => {
            let (solutions, outcome) = search.count();
            Solved {
                solutions,
                outcome,
                best: None,
            }
        }
        Mode::Solve => {
            // Solutions are enumerated on one thread.
            search.threads = 1;
            search
                .solve(|k, values, objective| {
                    let written = match args.format {
                        Format::Json => out.json_line(&shown.record(k, values, objective)),
                        Format::Text => writeln!(out, "{}", shown.text(values, objective)),
                    };
                    match written.and_then(|()| out.end_record()) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    }
                })
                .map_err(|fault| Failure::new(Exit::Internal, fault.to_string()))?
        }
    };
    // A count names the plan's engine (`cells` or `dlx` for Dancing
    // Links); solving lists solutions by the compiled model's engine.
    let engine = match mode {
        Mode::Count => plan.engine.as_str(),
        Mode::Solve => compiled.engine().as_str(),
    };
    let summary = ModelSummary {
        summary: Summary::new(solutions, &outcome, engine, started, search.threads),
        objective: best.map(|(value, _)| value),
        optimal: best.map(|(_, proved)| proved),
    };
    end_search(out, args.format, mode, &summary)
}

#[cfg(test)]
mod tests {
    use cover_model::Rel;

    use super::*;

    #[test]
    fn json_models_are_told_from_knuths_format() {
        assert!(is_json_model(b"\n  {\"variables\": []}"));
        assert!(is_json_model("\u{feff} {}".as_bytes()));
        assert!(!is_json_model(b"a b c\nb c\n"));
        assert!(!is_json_model(b""));
    }

    /// x + y = 4 with x and y in 0..=3.
    fn small() -> Model {
        let mut m = Model::new();
        let x = m.int_var("x", 0, 3).unwrap();
        let y = m.int_var("y", 0, 3).unwrap();
        m.linear(&[(1, x), (1, y)], Rel::Eq, 4).unwrap();
        m
    }

    #[test]
    fn fingerprints_tell_models_apart() {
        let a = cube_fingerprint(&small()).unwrap();
        assert_eq!(a, cube_fingerprint(&small()).unwrap());
        let mut other = small();
        other.int_var("z", 0, 1).unwrap();
        assert_ne!(a, cube_fingerprint(&other).unwrap());
    }
}
