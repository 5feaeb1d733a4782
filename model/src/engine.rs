//! [`ModelEngine`]: the engines a model can be compiled for, and the planner
//! that picks one.

/// The engine a [`Compiled`](crate::Compiled) model runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ModelEngine {
    /// Knuth's Dancing Links over the model's exact-cover matrix: pure
    /// exact-cover models only (groups, sum cages, fixed values).
    DancingLinks,
    /// The finite-domain propagation engine: any model.
    Propagation,
}

impl ModelEngine {
    /// The engine's short name: `"dlx"` or `"propagation"`.
    pub fn name(self) -> &'static str {
        match self {
            ModelEngine::DancingLinks => "dlx",
            ModelEngine::Propagation => "propagation",
        }
    }
}

impl ModelEngine {
    /// The engine a [`Plan`](crate::plan::Plan) of a model names: Dancing
    /// Links for `dlx`, the propagation engine for any other.
    pub fn from_name(name: crate::plan::EngineName) -> ModelEngine {
        match name {
            crate::plan::EngineName::Dlx => ModelEngine::DancingLinks,
            _ => ModelEngine::Propagation,
        }
    }

    /// What the planner calls this engine when it is asked for.
    pub fn asked(self) -> crate::plan::Asked {
        match self {
            ModelEngine::DancingLinks => crate::plan::Asked::Dlx,
            ModelEngine::Propagation => crate::plan::Asked::Propagation,
        }
    }
}

impl std::fmt::Display for ModelEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The planner: Dancing Links for pure exact-cover models, the propagation
/// engine for everything else.
pub(crate) fn plan(model: &crate::Model) -> ModelEngine {
    let problem = crate::plan::Problem::Model {
        exact_cover: not_exact_cover(model).is_none(),
        cells: false,
    };
    match crate::plan::decide(&problem, crate::plan::Job::Solve, crate::plan::Asked::Auto) {
        Ok(plan) => ModelEngine::from_name(plan.engine),
        // Auto is never refused.
        Err(_) => ModelEngine::Propagation,
    }
}

/// The planner's engine for `model` with `asked` the engine asked for
/// (`None`: the planner's choice), or the refusal of an engine that cannot
/// take it.
pub(crate) fn plan_asked(
    model: &crate::Model,
    asked: Option<ModelEngine>,
) -> Result<ModelEngine, crate::ModelError> {
    let why_not = not_exact_cover(model);
    let problem = crate::plan::Problem::Model {
        exact_cover: why_not.is_none(),
        cells: false,
    };
    let asked = asked.map_or(crate::plan::Asked::Auto, ModelEngine::asked);
    match crate::plan::decide(&problem, crate::plan::Job::Solve, asked) {
        Ok(plan) => Ok(ModelEngine::from_name(plan.engine)),
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
