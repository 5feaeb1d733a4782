//! The plan of a model: which engine a model compiles for (Dancing Links
//! or the propagation engine, named by the planner's [`EngineName`]), from
//! the engine asked for ([`Asked`]), and why Dancing Links cannot take a
//! model.

use crate::plan::{Asked, EngineName};

/// The planner: Dancing Links for pure exact-cover models, the propagation
/// engine for everything else.
pub(crate) fn plan(model: &crate::Model) -> EngineName {
    let problem = crate::plan::Problem::Model {
        exact_cover: not_exact_cover(model).is_none(),
        cells: false,
    };
    match crate::plan::decide(&problem, crate::plan::Job::Solve, Asked::Auto) {
        Ok(plan) => plan.engine,
        // Auto is never refused.
        Err(_) => EngineName::Propagation,
    }
}

/// The planner's engine for `model` with `asked` the engine asked for
/// ([`EngineName::Dlx`] or [`EngineName::Propagation`]), or the refusal of
/// an engine that cannot take it.
pub(crate) fn plan_asked(
    model: &crate::Model,
    asked: Asked,
) -> Result<EngineName, crate::ModelError> {
    let why_not = not_exact_cover(model);
    let problem = crate::plan::Problem::Model {
        exact_cover: why_not.is_none(),
        cells: false,
    };
    match crate::plan::decide(&problem, crate::plan::Job::Solve, asked) {
        Ok(plan) => Ok(plan.engine),
        Err(refusal) => Err(crate::ModelError::Engine {
            engine: refusal.asked.as_str(),
            reason: why_not.unwrap_or_else(|| refusal.why.to_string()),
        }),
    }
}

/// Why Dancing Links cannot take `model`, or `None` when it can. Views
/// (variables defined by `y = x + c` or `y = -x + c`, see
/// [`Views`](crate::views::Views)) do not stand in the way: their options
/// are their base variable's.
pub(crate) fn not_exact_cover(model: &crate::Model) -> Option<String> {
    if model.objective.is_some() {
        return Some(
            "the model has an objective (branch and bound needs the propagation engine)".into(),
        );
    }
    let views = crate::views::Views::find(model);
    let others = views.defines.iter().filter(|&&d| !d).count();
    if others > 0 {
        return Some(format!(
            "the model has {others} constraints beyond exactly_once, at_most_once, fix, \
             sum_cage and views (y = x + c, y = -x + c)"
        ));
    }
    let listed = views.base_domains(model);
    for (x, spec) in model.vars.iter().enumerate() {
        if views.of[x].base == x && listed[x].is_none() {
            return Some(format!(
                "variable {} has more than {} values (an interval domain)",
                spec.name,
                crate::model::MAX_LISTED
            ));
        }
    }
    None
}
