//! A bit-parallel exact-cover search for the standard rules, for grids up to
//! 128x128: the same items, options and "fewest options first" rule as the
//! Dancing Links engine, with the matrix held as bit boards so that forced
//! choices (naked and hidden singles), locked candidates and, above 9x9,
//! naked and hidden pairs cost a few word operations each; above 16x16, each
//! node also probes its cells with two candidates (lookahead). Standard 9x9
//! grids have a specialist ([`band9`]); the variants' rules (any units
//! holding each value once, killer cages too) have [`units`] up to 128 cells.
//! The plan names which one runs, whether the generic search hands one
//! solution and uniqueness checks to clause learning (`cdcl`), and which
//! compiled copy of band9's propagation runs (portable, or for AVX2 and
//! BMI2: [`wide`], chosen from [`crate::plan::Processor`]);
//! [`AnyBitSearch::build`] only builds it.

mod band9;
mod search;
mod solution_words;
mod tables;
mod units;
mod wide;

use std::ops::ControlFlow;
use std::sync::Arc;

use solver_core::{Contradiction, Engine, Limits, Outcome};

use band9::Band9Search;
pub(crate) use band9::Words;
use cover_model::plan::{CpuPath, EngineName, Job, Plan};
use search::BitSearch;
pub(crate) use search::Clash;
pub(crate) use solution_words::SolutionCheck;
use sudoku::Shape;
use tables::Tables;
use units::UnitSearch;
use wide::Wide;

macro_rules! sizes {
    ($($variant:ident = $w:literal),*) => {
        /// The search, with boards of the smallest size that holds the grid.
        pub(crate) enum AnyBitSearch {
            /// The 9x9 specialist (standard 3x3 boxes).
            Band9(Band9Search),
            /// Any units holding each value once (variants), up to 128 cells.
            Units(UnitSearch),
            $($variant(BitSearch<$w>),)*
        }

        impl AnyBitSearch {
            /// The bit-parallel engine `plan` names for `rules` and `job`:
            /// `band9` (classic 9x9, on the compiled copy the plan names:
            /// [`Plan::path`]), `bits` (the generic search; for
            /// [`Job::Rate`] without locked candidates, singles only, as the
            /// plan's reason says), `cdcl` (the generic search, handing one
            /// solution and uniqueness checks to clause learning after its
            /// root) or `units` (variants); `None` for another engine, rules
            /// the named one cannot hold, or a copy this CPU cannot run. The
            /// plan chooses; this only builds.
            pub(crate) fn build(plan: Plan, rules: &sudoku::Rules, job: Job) -> Option<AnyBitSearch> {
                let shape = rules.shape();
                match plan.engine {
                    EngineName::Band9
                        if rules.is_standard() && shape.box_rows() == 3 && shape.box_cols() == 3 =>
                    {
                        let wide = match plan.path? {
                            CpuPath::Baseline => None,
                            CpuPath::Avx2 => Some(Wide::new(true)?),
                            CpuPath::Avx2Lookup => Some(Wide::new(false)?),
                        };
                        Some(AnyBitSearch::Band9(Band9Search::on(wide)))
                    }
                    EngineName::Bits if rules.is_standard() => {
                        AnyBitSearch::generic(shape, false, job != Job::Rate)
                    }
                    EngineName::Cdcl if rules.is_standard() => AnyBitSearch::generic(shape, true, true),
                    EngineName::Units => UnitSearch::new(rules).map(AnyBitSearch::Units),
                    _ => None,
                }
            }

            /// Whether the bit-parallel search takes classic grids of `shape`.
            pub(crate) fn fits(shape: Shape) -> bool {
                let words = tables::words(shape);
                false $(|| words <= $w)*
            }

            /// Whether the units search takes `rules` (variants).
            pub(crate) fn fits_units(rules: &sudoku::Rules) -> bool {
                UnitSearch::fits(rules)
            }

            /// The generic search for `shape`, if the shape is small enough,
            /// with clause learning when `learn`, and propagating by locked
            /// candidates (and above 9x9 naked and hidden pairs) when
            /// `locked`, else by singles only.
            fn generic(shape: Shape, learn: bool, locked: bool) -> Option<AnyBitSearch> {
                let words = tables::words(shape);
                $(if words <= $w {
                    let mut search = BitSearch::new(Arc::new(Tables::new(shape)));
                    search.learn = learn;
                    search.locked = locked;
                    return Some(AnyBitSearch::$variant(search));
                })*
                None
            }

            /// Searches the completions of `givens` (0 = empty), calling
            /// `visit` with each solution (one value per cell; left empty
            /// when `record` is false).
            pub(crate) fn run(
                &mut self,
                givens: &[u16],
                limits: &Limits,
                record: bool,
                visit: impl FnMut(&[u16]) -> ControlFlow<()>,
            ) -> Result<Outcome, Clash> {
                match self {
                    AnyBitSearch::Band9(s) => s.run(givens, limits, record, visit),
                    AnyBitSearch::Units(s) => s.run(givens, limits, record, visit),
                    $(AnyBitSearch::$variant(s) => s.run(givens, limits, record, visit),)*
                }
            }

            /// Shuffles each level's options from this seed (`None`: never).
            pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
                let rng = seed.map_or(0, |s| s.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                match self {
                    AnyBitSearch::Band9(s) => s.rng = rng,
                    AnyBitSearch::Units(s) => s.rng = rng,
                    $(AnyBitSearch::$variant(s) => s.rng = rng,)*
                }
            }

        }
    };
}

// Widths of 25, 36 and 49 words fit layouts of exactly that size (36x36 and
// 49x49: a row per word): states are copied at every node and lookahead
// probe, so the unused words of 64 would cost. 25x25 packs two rows a word
// (13 words, so 16-word boards); `tables::words` and its test say which
// width each shape takes.
sizes!(
    W2 = 2,
    W4 = 4,
    W8 = 8,
    W16 = 16,
    W25 = 25,
    W32 = 32,
    W36 = 36,
    W49 = 49,
    W64 = 64,
    W256 = 256
);

impl AnyBitSearch {
    /// For the 9x9 specialist (`None` for the others): the search of
    /// `givens` as [`AnyBitSearch::run`] makes it, each solution handed to
    /// `visit` as the search holds it ([`Words`]), not decoded.
    pub(crate) fn run_words(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        visit: impl FnMut(&Words) -> ControlFlow<()>,
    ) -> Option<Result<Outcome, Clash>> {
        match self {
            AnyBitSearch::Band9(s) => Some(s.run_words(givens, limits, visit)),
            _ => None,
        }
    }
}

/// The bit-parallel engines behind the one engine front: the givens in, a
/// value per cell out.
impl Engine for AnyBitSearch {
    type Start = [u16];
    type Solution = [u16];

    /// `band9`, `units`, or `bits` for the generic search (which answers
    /// one-solution and uniqueness questions on 36x36 and larger by clause
    /// learning after its root propagation, named `cdcl` by the planner).
    fn name(&self) -> &'static str {
        match self {
            AnyBitSearch::Band9(_) => "band9",
            AnyBitSearch::Units(_) => "units",
            _ => "bits",
        }
    }

    fn run(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        record: bool,
        visit: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Contradiction> {
        AnyBitSearch::run(self, givens, limits, record, visit).map_err(|Clash| Contradiction)
    }

    fn set_seed(&mut self, seed: Option<u64>) {
        AnyBitSearch::set_seed(self, seed);
    }
}
