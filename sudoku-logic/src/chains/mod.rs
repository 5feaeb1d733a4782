//! Chains and forcing chains: **h-chains' room** (issue 34).
//!
//! The rating loop ([`crate::rate`]) calls [`find`] at each chain level, in
//! Sudoku Explainer 1.2.1's order (see `Solver.java`'s chaining producers):
//!
//! | call                                   | SE producer                        |
//! |----------------------------------------|------------------------------------|
//! | `find(c, ChainLevel::Cycles)`          | `Chaining(false, false, false, 0)`: X-/Y-cycles, forcing X/Y chains |
//! | (aligned triplet exclusion, not here)  | `AlignedExclusion(3)`              |
//! | `find(c, ChainLevel::Nishio)`          | `Chaining(false, true, true, 0)`   |
//! | `find(c, ChainLevel::Multiple)`        | `Chaining(true, false, false, 0)`: cell and region forcing chains |
//! | `find(c, ChainLevel::Dynamic)`         | `Chaining(true, true, false, 0)`   |
//! | `find(c, ChainLevel::Nested(1))`       | `Chaining(true, true, false, 1)`: dynamic (+) |
//! | `find(c, ChainLevel::Nested(2..=5))`   | nested forcing chains              |
//! | `find(c, ChainLevel::Aic)`             | AIC (not in SE; off in SE mode)    |
//!
//! How a chain step reports itself:
//! - one [`Step`] per hint SE's producer would add, **in the order SE's
//!   producer adds them to its accumulator** (SE's `Chaining` sorts its hints
//!   by difficulty, then the rating loop takes the first): the rating loop
//!   takes `find(..)[0]`, so only the first one must be exact;
//! - `technique`: one of the chain variants of [`crate::Technique`] (add
//!   variants there if SE has more names);
//! - `difficulty`: SE's tenths, the base of the technique plus SE's length
//!   bonus (`ChainingHint.getLengthDifficulty`), computed in integers;
//! - `placements`: the value a chain proves (SE's `getCell() != null`): a
//!   step with a placement ends EP, as in SE; `eliminations`: the candidates
//!   it removes, one entry per cell, values ascending;
//! - `reason.chain`: the nodes of the chain (or of the first chain of a
//!   forcing set), in order; `reason.cells`/`houses`: the source cell or house.
//!
//! The body below is empty until h-chains fills it.

mod aic;
mod cycles;
mod engine;
mod forcing;
mod hint;
mod nested;

use crate::candidates::Candidates;
use crate::step::Step;

use engine::Engine;
use hint::{Best, Producer};

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
pub fn find(candidates: &Candidates, level: ChainLevel) -> Vec<Step> {
    if candidates.side() > 64 || matches!(level, ChainLevel::Nested(2..)) {
        return Vec::new();
    }
    let mut e = Engine::new(candidates);
    let mut best = Best::default();
    match level.producer() {
        None if level == ChainLevel::Aic => aic::find(&mut e, &mut best),
        None => cycles::find(&mut e, &mut best),
        Some(p) => forcing::Multi::new(&e, p).find(&mut e, &mut best),
    }
    best.hint.map(|h| h.to_step(e.side)).into_iter().collect()
}
