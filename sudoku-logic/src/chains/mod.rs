//! Chains and forcing chains at Sudoku Explainer 1.2.1's rules (issue 34).
//!
//! The rating loop ([`crate::rate`]) calls [`find`] at each chain level, in
//! SE's order (`Solver.java`'s chaining producers):
//!
//! | call                                   | SE producer                        | base |
//! |----------------------------------------|------------------------------------|------|
//! | `find(c, ChainLevel::Cycles)`          | `Chaining(false, false, false, 0)`: X-/Y-cycles, forcing X-chains and chains | 6.5 / 6.6 / 7.0 |
//! | (aligned triplet exclusion, not here)  | `AlignedExclusion(3)`              |      |
//! | `find(c, ChainLevel::Nishio)`          | `Chaining(false, true, true, 0)`   | 7.5  |
//! | `find(c, ChainLevel::Multiple)`        | `Chaining(true, false, false, 0)`: cell and region forcing chains | 8.0 |
//! | `find(c, ChainLevel::Dynamic)`         | `Chaining(true, true, false, 0)`: contradiction, double, cell, region | 8.5 |
//! | `find(c, ChainLevel::Nested(1))`       | `Chaining(true, true, false, 1)`: dynamic (+) | 9.0 |
//! | `find(c, ChainLevel::Nested(2..=5))`   | `Chaining(true, true, false, 2..=5)`: nested forcing chains (`nested` lists what each level nests) | 9.5 / 10.0 / 10.5 / 11.0 |
//! | `find(c, ChainLevel::Aic)`             | AIC (not in SE; off in SE mode)    | 6.6 / 7.0 |
//!
//! Each difficulty is the base plus SE's length bonus
//! (`ChainingHint.getLengthDifficulty`: 0.1 for each of 4, 6, 8, 12, 16,
//! 24, ... that the chain's node count less 2 exceeds), kept as a double
//! summed as SE sums it so that hints sort as in SE.
//!
//! How a chain step reports itself:
//! - [`find`] returns the hint SE's producer would hand the rating loop
//!   first: SE sorts its hints by difficulty, then length, then kind
//!   (double < cycle < ... < cell < region < contradiction), then the order
//!   found (cells row by row, values ascending);
//! - `technique`: one of the chain variants of [`crate::Technique`];
//! - `placements`: the value a chain proves (SE's `getCell() != null`): a
//!   step with a placement ends EP, as in SE; `eliminations`: the candidates
//!   it removes, one entry per cell, values ascending;
//! - `reason.chain`: the nodes of the chain (of the first chain of a
//!   forcing set), from the assumption on; `reason.cells`/`houses`: the
//!   source cell or house.
//!
//! Modules: `engine` (nodes, links, the arena of nodes with their
//! parents, the chain's length), `hint` (difficulty, length bonus, SE's
//! sort), `memo` (nested searches' results shared by a step's levels),
//! `cycles`, `forcing` (SE's `doChaining`: Nishio, multiple,
//! dynamic), `nested` (lower techniques inside dynamic chains), `spares`
//! (work space kept from one nested search to the next), `tree` (the
//! breadth-first tree of a static search, by key, for `cycles`), `aic`.
//!
//! Checked against SE 1.2.1 itself on pencil-mark states (SE's own
//! producers called on the same states; `tests/data/chains_se.txt` says
//! how): same difficulty, eliminations and placement at every level on
//! every state of our generated set.

mod aic;
mod cycles;
mod engine;
mod forcing;
mod hint;
mod memo;
mod nested;
mod spares;
mod tree;

use sudoku_solve::{Incomplete, Limits};

use crate::candidates::Candidates;
use crate::step::Step;

use engine::Engine;
pub(crate) use hint::length_bonus;
use hint::{Best, Producer};
pub use memo::NestedMemo;

/// The chain levels, in SE's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChainLevel {
    /// X-/Y-cycles and forcing X/Y chains (SE 6.5-7.0 and up with length).
    Cycles,
    /// Nishio forcing chains (SE 7.5 and up).
    Nishio,
    /// Multiple (cell and region) forcing chains (SE 8.0 and up).
    Multiple,
    /// Dynamic forcing chains (SE 8.5 and up).
    Dynamic,
    /// Dynamic forcing chains nested `n` levels: 1 is SE's "(+)" (9.0 and
    /// up), 2 and up SE's nested forcing chains (9.5 and up).
    Nested(u8),
    /// Alternating inference chains (not in SE; extended mode only).
    Aic,
}

impl ChainLevel {
    /// SE's producer for the level, `Chaining(multiple, dynamic, nishio,
    /// level)`; `None` for cycles (which rate themselves) and AIC.
    fn producer(self) -> Option<Producer> {
        let p = |multiple, dynamic, nishio, level| Producer {
            multiple,
            dynamic,
            nishio,
            level,
        };
        match self {
            ChainLevel::Cycles | ChainLevel::Aic => None,
            ChainLevel::Nishio => Some(p(false, true, true, 0)),
            ChainLevel::Multiple => Some(p(true, false, false, 0)),
            ChainLevel::Dynamic => Some(p(true, true, false, 0)),
            ChainLevel::Nested(n) => Some(p(true, true, false, n)),
        }
    }
}

/// The first step of `level` in `candidates`, as SE's producer sorts its
/// hints (lowest difficulty, then shortest, then SE's order of kinds, then
/// the first found), or none. The rating loop takes it; SE's other hints
/// of the level are not listed.
///
/// `limits`' deadline and cancel flag are polled as the search goes (each
/// cell, in nested searches too): a search they stop returns why, never a
/// step found before the end (it might not be SE's first).
pub fn find(
    candidates: &Candidates,
    level: ChainLevel,
    limits: &Limits,
) -> Result<Vec<Step>, Incomplete> {
    find_with(candidates, level, limits, &NestedMemo::default())
}

/// [`find`], keeping the nested searches' results in `memo` for the same
/// step's other levels (the rating loop makes one [`NestedMemo`] per
/// step): the same step as [`find`], sooner.
pub fn find_with(
    candidates: &Candidates,
    level: ChainLevel,
    limits: &Limits,
    memo: &NestedMemo,
) -> Result<Vec<Step>, Incomplete> {
    if candidates.side() > 64 {
        return Ok(Vec::new());
    }
    let mut e = Engine::new(candidates).with_limits(limits).with_memo(memo);
    let mut best = Best::default();
    match level.producer() {
        None if level == ChainLevel::Aic => aic::find(&mut e, &mut best),
        None => cycles::find(&mut e, &mut best),
        Some(p) => forcing::Multi::new(&e, p).find(&mut e, &mut best),
    }
    if let Some(why) = e.stopped {
        return Err(why);
    }
    Ok(best.hint.map(|h| h.to_step(e.side)).into_iter().collect())
}
