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

impl std::fmt::Display for ModelEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The planner: Dancing Links for pure exact-cover models, the propagation
/// engine for everything else.
pub(crate) fn plan(model: &crate::Model) -> ModelEngine {
    match not_exact_cover(model) {
        None => ModelEngine::DancingLinks,
        Some(_) => ModelEngine::Propagation,
    }
}

/// Why Dancing Links cannot take `model`, or `None` when it can.
pub(crate) fn not_exact_cover(model: &crate::Model) -> Option<String> {
    if !model.constraints.is_empty() {
        return Some(format!(
            "the model has {} constraints beyond exactly_once, at_most_once, fix and sum_cage",
            model.constraints.len()
        ));
    }
    if model.objective.is_some() {
        return Some(
            "the model has an objective (branch and bound needs the propagation engine)".into(),
        );
    }
    if let Some(spec) = model.vars.iter().find(|s| s.interval.is_some()) {
        return Some(format!(
            "variable {} has more than {} values (an interval domain)",
            spec.name,
            crate::model::MAX_LISTED
        ));
    }
    None
}
