//! Errors raised while building a matrix or forcing options.

use thiserror::Error;

/// Why a [`ProblemBuilder`](crate::ProblemBuilder) refused an item or an option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items were given the same name.
    #[error("item `{name}` is declared twice")]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An option names an item that was never declared.
    #[error("option {option} names item {item}, which is not declared ({declared} items are)")]
    UnknownItem {
        /// The option's number (from 0).
        option: usize,
        /// The unknown item's number.
        item: usize,
        /// How many items are declared.
        declared: usize,
    },
    /// An option names the same item twice.
    #[error("option {option} names item `{name}` twice")]
    RepeatedItem {
        /// The option's number (from 0).
        option: usize,
        /// The repeated item.
        name: String,
    },
    /// Every option must cover at least one primary item.
    #[error("option {option} has no primary item")]
    NoPrimaryItem {
        /// The option's number (from 0).
        option: usize,
    },
    /// Only secondary items can be coloured.
    #[error("option {option} gives a colour to primary item `{name}`; only secondary items have colours")]
    ColorOnPrimary {
        /// The option's number (from 0).
        option: usize,
        /// The primary item.
        name: String,
    },
    /// The matrix would not fit the engine's `u32` indices.
    #[error("too many {what}: {given} (at most {limit})")]
    TooLarge {
        /// What overflowed: items, nodes or colours.
        what: &'static str,
        /// How many were asked for.
        given: u64,
        /// The largest number allowed.
        limit: u64,
    },
}

/// Why an option could not be forced into the partial solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ForceError {
    /// The option does not exist in this matrix.
    #[error("option {option} does not exist ({options} options)")]
    UnknownOption {
        /// The option asked for.
        option: usize,
        /// How many options the matrix has.
        options: usize,
    },
    /// The option clashes with an option forced before it.
    #[error("option {option} conflicts with the options already chosen")]
    Conflict {
        /// The option asked for.
        option: usize,
    },
    /// Options can only be forced while no search is running.
    #[error("options cannot be forced in the middle of a search")]
    SearchInProgress,
}
