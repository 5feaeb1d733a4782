//! A chain step while it is found: its kind, SE's difficulty (a double
//! computed as SE computes it, so that ties and near-ties sort as in SE),
//! its length ("complexity"), SE's sort key, what it removes and places,
//! and the nodes to explain it. [`Best`] keeps the one SE's sort puts
//! first.

use crate::candidates::HouseName;
use crate::step::{ChainNode, Reason, Step, Technique};

use super::engine::{Cause, Engine};

/// What kind of chain step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A bidirectional cycle (SE's `CycleHint`).
    Cycle { x: bool, y: bool },
    /// A forcing chain (SE's `ForcingChainHint`); `turbot` when it has six
    /// nodes and X links only.
    Forcing { x: bool, y: bool, turbot: bool },
    /// Contradiction, double or Nishio forcing chains (SE's
    /// `BinaryChainingHint`).
    Binary { absurd: bool },
    /// Cell forcing chains.
    Cell,
    /// Region forcing chains.
    Region,
    /// An alternating inference chain (not in SE).
    Aic,
}

/// The producer a hint comes from: SE's `Chaining(multiple, dynamic,
/// nishio, level)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Producer {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
}

impl Producer {
    /// The plain (static, unary) chains: X- and Y-cycles, forcing X/Y
    /// chains and AICs.
    pub const UNARY: Producer = Producer {
        multiple: false,
        dynamic: false,
        nishio: false,
        level: 0,
    };

    /// SE's `Chaining.getDifficulty` (multiple and dynamic producers).
    pub fn base(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
}

/// SE's length bonus (`ChainingHint.getLengthDifficulty`): 0.1 for each
/// step of 4, 6, 8, 12, 16, 24, ... (alternately x3/2 and x4/3) that
/// `complexity - 2` exceeds, summed as SE sums it.
pub(crate) fn length_bonus(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The longest chain (complexity) whose difficulty at `base`, `base`
/// plus the length bonus summed as [`length_bonus`] sums it, is at most
/// `limit`: 0 when `base` is above it, `u32::MAX` when no length is too
/// long.
pub(crate) fn complexity_within(base: f64, limit: f64) -> u32 {
    if base > limit {
        return 0;
    }
    // The same steps as `length_bonus`: a chain of complexity c gets
    // the bonus `added` while c - 2 <= ceil.
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let mut odd = false;
    loop {
        if base + (added + 0.1) > limit {
            return u32::try_from(ceil + 2).unwrap_or(u32::MAX);
        }
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
        if ceil > i64::from(u32::MAX) {
            return u32::MAX;
        }
    }
}

/// SE's sort of hints: `(difficulty, complexity, sort_key)` of `a` before
/// `b`'s (the order found breaks the remaining ties).
fn sorts_before(a: (f64, u32, u8), b: &ChainHint) -> bool {
    if a.0 != b.difficulty {
        return a.0 < b.difficulty;
    }
    if a.1 != b.complexity {
        return a.1 < b.complexity;
    }
    a.2 < b.sort_key
}

/// A chain step found, not yet turned into a [`Step`].
#[derive(Clone, Debug)]
pub(crate) struct ChainHint {
    pub kind: Kind,
    pub producer: Producer,
    pub difficulty: f64,
    pub complexity: u32,
    pub sort_key: u8,
    /// `(cell, mask)` removed, cells ascending.
    pub removable: Vec<(usize, u64)>,
    /// The value proven, `(cell, value)`.
    pub placement: Option<(usize, usize)>,
    /// The node whose chain explains the step (the first chain of a set).
    pub chain_end: u32,
    /// Every chain's last node (SE's `getChainsTargets`): both ends of a
    /// contradiction or double chain, one per candidate of a cell or
    /// place in a house; empty means `chain_end` alone.
    pub ends: Vec<u32>,
    /// The house of region forcing chains, as an index.
    pub house_id: Option<u16>,
    /// That chain's nodes, read when the hint is kept.
    pub chain: Vec<ChainNode>,
    /// The source cell of cell forcing chains, or the cells of a cycle.
    pub cells: Vec<usize>,
    /// The house of region forcing chains.
    pub house: Option<HouseName>,
    /// The value of region forcing chains.
    pub value: Option<usize>,
}

impl ChainHint {
    fn before(&self, other: &ChainHint) -> bool {
        sorts_before((self.difficulty, self.complexity, self.sort_key), other)
    }

    fn technique(&self) -> Technique {
        let p = self.producer;
        match self.kind {
            Kind::Cycle { x, y } => match (x, y) {
                (true, true) => Technique::Cycle,
                (false, true) => Technique::YCycle,
                _ => Technique::XCycle,
            },
            Kind::Forcing { x, y, turbot } => match (x, y) {
                (true, true) => Technique::ForcingChain,
                (false, true) => Technique::ForcingYChain,
                _ if turbot => Technique::TurbotFish,
                _ => Technique::ForcingXChain,
            },
            Kind::Aic => Technique::Aic,
            _ if p.level == 1 => Technique::DynamicForcingChainsPlus,
            _ if p.level >= 2 => Technique::NestedForcingChains,
            Kind::Binary { .. } if p.nishio => Technique::NishioForcingChain,
            Kind::Binary { absurd: true } => Technique::ContradictionForcingChains,
            Kind::Binary { absurd: false } => Technique::DoubleForcingChains,
            Kind::Cell if p.dynamic => Technique::DynamicCellForcingChains,
            Kind::Cell => Technique::CellForcingChains,
            Kind::Region if p.dynamic => Technique::DynamicRegionForcingChains,
            Kind::Region => Technique::RegionForcingChains,
        }
    }

    /// The step.
    pub fn to_step(&self, side: usize) -> Step {
        let tenths = (self.difficulty * 10.0).round() as u16;
        let reason = Reason {
            cells: self.cells.clone(),
            values: self.value.map(|v| vec![v as u16]).unwrap_or_default(),
            houses: self.house.into_iter().collect(),
            chain: self.chain.clone(),
        };
        let mut step = Step::eliminating(
            self.technique(),
            tenths,
            side,
            self.removable.iter().copied(),
            reason,
        );
        if let Some((cell, value)) = self.placement {
            step.placements.push(crate::step::Placement {
                cell,
                value: value as u16,
            });
        }
        step
    }
}

/// A hint of a chain nested in another (levels 2 and up), as the outer
/// chain uses it: what it removes, the outer chain's removals it relies
/// on, and its length.
#[derive(Clone, Debug)]
pub(crate) struct NestedHint {
    pub difficulty: f64,
    pub complexity: u32,
    pub sort_key: u8,
    /// `(cell, mask)` removed, cells ascending.
    pub removable: Vec<(usize, u64)>,
    /// The off keys of the outer chain it relies on (SE's
    /// `getRuleParents`), ascending.
    pub parents: Vec<u32>,
    pub fingerprint: u64,
}

impl NestedHint {
    /// SE's sort of a producer's hints (`Chaining.getHintList`), as a
    /// stable sort: difficulty, then length, then kind.
    pub fn sort(hints: &mut [NestedHint]) {
        hints.sort_by(|a, b| {
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
    }
}

/// The hint SE's sort puts first: lowest difficulty, then shortest, then
/// SE's sort key, then the first found. Or, for a nested search
/// ([`Best::every`]), every hint.
#[derive(Default)]
pub(crate) struct Best {
    pub hint: Option<ChainHint>,
    /// Every hint offered, when collecting them all.
    pub all: Option<Vec<NestedHint>>,
}

impl Best {
    /// A collector that keeps every hint, as a nested search needs.
    pub fn every() -> Best {
        Best {
            hint: None,
            all: Some(Vec::new()),
        }
    }

    /// Keeps `h` if it sorts strictly before the one kept, reading its
    /// chain from the engine's arena (or, collecting every hint, what a
    /// nested chain needs of it).
    pub fn offer(&mut self, mut h: ChainHint, e: &mut Engine) {
        if h.removable.is_empty() {
            return; // SE's isWorth
        }
        if let Some(all) = &mut self.all {
            let ends = if h.ends.is_empty() {
                vec![h.chain_end]
            } else {
                std::mem::take(&mut h.ends)
            };
            let (every_node, initial) = match h.kind {
                Kind::Cycle { .. } => (true, None),
                Kind::Cell => (false, Some(Cause::Cell)),
                Kind::Region => (false, h.house_id.map(Cause::House)),
                _ => (false, None),
            };
            let mut parents = Vec::new();
            e.rule_parents(&ends, every_node, initial, &mut parents);
            let fingerprint = e.fingerprint(&ends);
            all.push(NestedHint {
                difficulty: h.difficulty,
                complexity: h.complexity,
                sort_key: h.sort_key,
                removable: h.removable,
                parents,
                fingerprint,
            });
            return;
        }
        match &self.hint {
            Some(b) if !h.before(b) => {}
            _ => {
                h.chain = e.chain_nodes(h.chain_end);
                self.hint = Some(h);
            }
        }
    }

    /// The longest chain (complexity) whose hint at `base` could still
    /// come first: its difficulty, `base` plus the length bonus (summed as
    /// [`length_bonus`] sums it), at most the kept hint's. Unbounded
    /// (`u32::MAX`) when no hint is kept or every hint is collected.
    pub fn max_complexity(&self, base: f64) -> u32 {
        match (&self.all, &self.hint) {
            (None, Some(b)) => complexity_within(base, b.difficulty),
            _ => u32::MAX,
        }
    }

    /// Whether a hint of `difficulty`, `complexity` and `sort_key` would
    /// sort strictly before the kept one (or every hint is collected): a
    /// hint that would not is refused by [`Best::offer`] whatever it
    /// removes, so its removals need not be worked out.
    pub fn could_precede(&self, difficulty: f64, complexity: u32, sort_key: u8) -> bool {
        self.all.is_some()
            || self
                .hint
                .as_ref()
                .is_none_or(|b| sorts_before((difficulty, complexity, sort_key), b))
    }

    /// Whether a hint of `difficulty` (at least) could still come first.
    pub fn could_take(&self, difficulty: f64) -> bool {
        self.all.is_some()
            || self
                .hint
                .as_ref()
                .is_none_or(|b| difficulty <= b.difficulty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SE's rule written as its list of steps (the list SE 1.2.1 keeps
    /// in a comment beside the rule, which the loop reproduces up to 8192).
    #[test]
    fn length_bonus_follows_the_steps() {
        let steps = [
            4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024,
        ];
        for complexity in 0..1000u32 {
            let length = i64::from(complexity) - 2;
            let want = steps.iter().filter(|&&s| length > s).count();
            let got = (length_bonus(complexity) * 10.0).round() as usize;
            assert_eq!(got, want, "complexity {complexity}");
        }
    }

    /// The cap on a chain's length is the longest whose difficulty is at
    /// most the kept hint's, found here by trying every length.
    #[test]
    fn max_complexity_is_the_longest_chain_that_could_come_first() {
        for kept in [6.5, 6.6, 6.7, 6.9, 7.0, 7.3, 7.9, 8.1] {
            let hint = Some(ChainHint {
                kind: Kind::Aic,
                producer: Producer {
                    multiple: false,
                    dynamic: false,
                    nishio: false,
                    level: 0,
                },
                difficulty: kept + length_bonus(3),
                complexity: 3,
                sort_key: 0,
                removable: Vec::new(),
                placement: None,
                chain_end: 0,
                ends: Vec::new(),
                house_id: None,
                chain: Vec::new(),
                cells: Vec::new(),
                house: None,
                value: None,
            });
            let best = Best { hint, all: None };
            for base in [6.5, 6.6, 7.0] {
                let want = (0..5000u32)
                    .filter(|&c| base + length_bonus(c) <= kept)
                    .max()
                    .unwrap_or(0);
                assert_eq!(best.max_complexity(base), want, "kept {kept}, base {base}");
            }
        }
        assert_eq!(Best::default().max_complexity(6.5), u32::MAX);
        assert_eq!(Best::every().max_complexity(6.5), u32::MAX);
    }

    #[test]
    fn producer_bases_are_ses() {
        let p = |multiple, dynamic, nishio, level| Producer {
            multiple,
            dynamic,
            nishio,
            level,
        };
        assert_eq!(p(true, false, false, 0).base(), 8.0);
        assert_eq!(p(false, true, true, 0).base(), 7.5);
        assert_eq!(p(true, true, false, 0).base(), 8.5);
        assert_eq!(p(true, true, false, 1).base(), 9.0);
        assert_eq!(p(true, true, false, 2).base(), 9.5);
        assert_eq!(p(true, true, false, 5).base(), 11.0);
    }
}
