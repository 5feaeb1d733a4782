//! What can be wrong in a model.

use solver_core::BuildError;

use crate::model::Value;

/// A model that cannot be built or compiled, with the names involved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A variable with no value to take.
    #[error("variable {var} has an empty domain")]
    EmptyDomain {
        /// The variable's name.
        var: String,
    },
    /// A variable that belongs to another model.
    #[error("variable #{index} does not exist ({vars} variables)")]
    UnknownVar {
        /// Its number.
        index: usize,
        /// How many variables the model has.
        vars: usize,
    },
    /// A variable that would take the model past its memory budget
    /// ([`MAX_MODEL_VALUES`](crate::MAX_MODEL_VALUES) listed values in all).
    #[error(
        "variable {var} would take the model past its memory budget: {given} listed values \
         (at most {limit}); declare fewer or narrower variables (a range of over 4,096 values \
         is kept as its bounds and lists none)"
    )]
    TooManyValues {
        /// The variable's name.
        var: String,
        /// How many values the model would list with it.
        given: u64,
        /// The budget.
        limit: u64,
    },
    /// A value outside a variable's domain.
    #[error("{value} is not in the domain of {var}")]
    NotInDomain {
        /// The variable's name.
        var: String,
        /// The value asked for.
        value: Value,
    },
    /// A constraint that names one variable twice.
    #[error("constraint {constraint} names {var} twice")]
    RepeatedVar {
        /// The constraint's name.
        constraint: String,
        /// The variable's name.
        var: String,
    },
    /// A constraint without members.
    #[error("constraint {constraint} has no variables")]
    EmptyConstraint {
        /// The constraint's name.
        constraint: String,
    },
    /// A sum cage whose total no set of different values from its members'
    /// domains reaches.
    #[error(
        "cage {cage}: no {cells} different values that its cells can take add up to {sum}{}",
        range_text(*.cells, *.values, *.min, *.max)
    )]
    ImpossibleSum {
        /// The cage's name.
        cage: String,
        /// The total asked for.
        sum: Value,
        /// Its number of members.
        cells: usize,
        /// How many different values the members' domains hold.
        values: usize,
        /// The smallest total of `cells` different values (0 when there are
        /// too few values), widened: totals of 64-bit values need more bits.
        min: i128,
        /// The largest total.
        max: i128,
    },
    /// A sum cage with so many combinations that listing them is unwise.
    #[error("cage {cage} has more than {limit} value combinations: make it smaller")]
    TooManyCombinations {
        /// The cage's name.
        cage: String,
        /// The limit.
        limit: usize,
    },
    /// A constraint whose arguments are wrong, named by its kind and number
    /// (`"table #3"`), with what was expected.
    #[error("{constraint}: {reason}")]
    Constraint {
        /// The constraint: its kind and its number among the model's
        /// constraints, from 1 (or its name when it has one).
        constraint: String,
        /// What is wrong and what was expected.
        reason: String,
    },
    /// An engine asked for that cannot take the model.
    #[error("engine {engine} cannot take this model: {reason}")]
    Engine {
        /// The engine's name (`"dlx"`, `"propagation"`).
        engine: &'static str,
        /// Why.
        reason: String,
    },
    /// The exact-cover matrix could not be built (too large).
    #[error("the model is too large for the exact-cover engine: {0}")]
    Build(#[from] BuildError),
}

fn range_text(cells: usize, values: usize, min: i128, max: i128) -> String {
    if values < cells {
        format!(" (only {values} values for {cells} cells)")
    } else {
        format!(" (totals of {cells} different values range from {min} to {max})")
    }
}
