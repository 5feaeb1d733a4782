//! A step of a logical solve: the technique, its difficulty on Sudoku
//! Explainer's scale, what it places and eliminates, and why.

use std::fmt;

use crate::candidates::{cell_name, HouseName};

/// A difficulty on Sudoku Explainer's scale, in tenths (`23` is 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// 20.0: what SE gives a puzzle its techniques cannot solve.
    pub const UNSOLVED: Difficulty = Difficulty(200);

    /// The difficulty in tenths.
    pub fn tenths(self) -> u16 {
        self.0
    }

    /// The difficulty as a number, 2.3.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    /// One decimal, as serate prints: `2.3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The techniques, with Sudoku Explainer 1.2.1's names (and the common
/// names SE has none for, off in SE mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house (SE: a hidden single at 1.0).
    FullHouse,
    /// A value with one place left in a house (1.2 in a box, 1.5 in a line).
    HiddenSingle,
    /// Pointing (box -> line) that leaves a hidden single (1.7).
    DirectPointing,
    /// Claiming (line -> box) that leaves a hidden single (1.9).
    DirectClaiming,
    /// A hidden pair that leaves a hidden single (2.0).
    DirectHiddenPair,
    /// A cell with one candidate left (2.3).
    NakedSingle,
    /// A hidden triple that leaves a hidden single (2.5).
    DirectHiddenTriplet,
    /// A value of a box confined to one line (2.6).
    Pointing,
    /// A value of a line confined to one box (2.8).
    Claiming,
    /// Two cells of a house with the same two candidates (3.0).
    NakedPair,
    /// A value in two rows confined to two columns, or the reverse (3.2).
    XWing,
    /// Two values of a house confined to two cells (3.4).
    HiddenPair,
    /// Three cells of a house with three candidates between them (3.6).
    NakedTriplet,
    /// The three-line fish (3.8).
    Swordfish,
    /// Three values of a house confined to three cells (4.0).
    HiddenTriplet,
    /// XY-wing (4.2).
    XYWing,
    /// XYZ-wing (4.4).
    XYZWing,
    /// Unique rectangle or loop, type 1 (4.5 and up with the loop's length).
    UniqueRectangle1,
    /// Unique rectangle or loop, type 2.
    UniqueRectangle2,
    /// Unique rectangle or loop, type 3 (naked or hidden set).
    UniqueRectangle3,
    /// Unique rectangle or loop, type 4.
    UniqueRectangle4,
    /// Four cells of a house with four candidates between them (5.0).
    NakedQuad,
    /// The four-line fish (5.2).
    Jellyfish,
    /// Four values of a house confined to four cells (5.4).
    HiddenQuad,
    /// Bivalue universal grave, type 1 (5.6).
    Bug1,
    /// BUG type 2 (5.7).
    Bug2,
    /// BUG type 3 (5.8 and up).
    Bug3,
    /// BUG type 4 (5.7).
    Bug4,
    /// Aligned pair exclusion (6.2).
    AlignedPairExclusion,
    /// Aligned triplet exclusion (7.5).
    AlignedTripletExclusion,
    /// X-cycle (chains; h-chains' techniques start here).
    XCycle,
    /// Y-cycle.
    YCycle,
    /// A cycle of both kinds of links.
    Cycle,
    /// Forcing X-chain.
    ForcingXChain,
    /// Forcing Y-chain.
    ForcingYChain,
    /// Forcing chain (X and Y links).
    ForcingChain,
    /// Turbot fish (a forcing X-chain of four links).
    TurbotFish,
    /// Nishio forcing chain.
    NishioForcingChain,
    /// Cell forcing chains.
    CellForcingChains,
    /// Region forcing chains.
    RegionForcingChains,
    /// Dynamic contradiction forcing chains.
    ContradictionForcingChains,
    /// Dynamic double forcing chains.
    DoubleForcingChains,
    /// Dynamic cell forcing chains.
    DynamicCellForcingChains,
    /// Dynamic region forcing chains.
    DynamicRegionForcingChains,
    /// Dynamic forcing chains with one level of nesting, SE's "(+)".
    DynamicForcingChainsPlus,
    /// Nested forcing chains (levels 2 and up).
    NestedForcingChains,
    /// Skyscraper (not in SE).
    Skyscraper,
    /// 2-string kite (not in SE).
    TwoStringKite,
    /// W-wing (not in SE).
    WWing,
    /// Finned X-wing (not in SE): an X-wing with extra cells (fins) in
    /// one box.
    FinnedXWing,
    /// Sashimi X-wing (not in SE): a finned X-wing missing a corner.
    SashimiXWing,
    /// Finned swordfish (not in SE).
    FinnedSwordfish,
    /// Sashimi swordfish (not in SE).
    SashimiSwordfish,
    /// Simple colouring, colour trap (not in SE): a cell that sees both
    /// colours of a value's conjugate chain.
    ColourTrap,
    /// Simple colouring, colour wrap (not in SE): one colour of a value's
    /// conjugate chain sees itself, so it is false everywhere.
    ColourWrap,
    /// Alternating inference chain (not in SE).
    Aic,
    /// An AIC on one value (not in SE).
    XChain,
    /// An AIC through bivalue cells (not in SE).
    XYChain,
    /// A killer cage's sum combinations (setter's constraint).
    KillerCage,
    /// A thermometer (or slow thermometer).
    Thermometer,
    /// An arrow: the circle is the sum of the line.
    Arrow,
    /// A little killer diagonal's sum.
    LittleKiller,
    /// A sum dot (issue 36, group C): the two or four cells around it add
    /// up to its number, repeats allowed.
    SumDot,
    /// A Kropki dot (difference or ratio), or the negative rule of dots.
    KropkiDot,
    /// An X or V (sum), or the negative rule of XV.
    XV,
    /// An odd or even cell.
    OddEven,
    /// A palindrome line.
    Palindrome,
    /// A whispers line.
    Whispers,
    /// A renban line.
    Renban,
    /// A between line.
    BetweenLine,
    /// Non-consecutive neighbours.
    NonConsecutive,
    /// A minimum or maximum cell.
    MinMax,
    /// A quadruple: values the 2x2 block holds.
    Quadruple,
    /// An entropic line.
    EntropicLine,
    /// A clone: cells equal to their copies.
    Clone,
    // issue 36, group B
    /// A rellik cage: no set of its values adds up to its clue.
    RellikCage,
    /// An equality cage: as many odd as even, low as high values.
    EqualityCage,
    /// A lunchbox: the values between its smallest and largest.
    Lunchbox,
    /// Counting circles: each circle's value is how many circles hold it.
    CountingCircles,
    /// Global entropy: a low, a middle and a high value in a 2x2 block.
    GlobalEntropy,
    /// Global modular: each remainder modulo 3 in a 2x2 block.
    GlobalModular,
    /// Dutch flatmates: a middle value with a 1 above or an n below.
    DutchFlatmates,
    // issue 36, group A
    /// Knightmare: cells a knight's move apart never add up to 5 or 15.
    Knightmare,
    /// Diagonal neighbours never consecutive.
    DiagonalNonConsecutive,
    /// Self-taxicab: a value `d` never again at taxicab distance `d`.
    SelfTaxicab,
    /// A row, column or box indexer cell and the cell it points at.
    Indexer,
    /// A modular line.
    ModularLine,
    /// A nabner line.
    NabnerLine,
    /// A double arrow: the ends add up to the cells between.
    DoubleArrow,
    /// A zipper line.
    ZipperLine,
    /// A lockout line.
    LockoutLine,
    /// A digital-root cage.
    DigitalRootCage,
    // issue 34: line clues
    /// A sandwich sum: the values between the 1 and the largest value.
    SandwichSum,
    /// An X-sum: the first x values of a line, x the first value.
    XSum,
    /// A skyscraper clue: how many values are seen from the line's start.
    SkyscraperClue,
    /// A region-sum line: each region's stretch has the same sum.
    RegionSumLine,
    // issue 36: line clues read as the issue-34 ones
    /// A hidden skyscraper clue: the first value lower than one before it.
    HiddenSkyscraper,
    /// A numbered room clue: the x-th value, x the first.
    NumberedRoom,
    /// A sum line: stretches each adding up to the clue.
    SumLine,
}

impl Technique {
    /// The name people use, SE's where SE has the technique.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            HiddenSingle => "Hidden Single",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            NakedSingle => "Naked Single",
            DirectHiddenTriplet => "Direct Hidden Triplet",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            NakedTriplet => "Naked Triplet",
            Swordfish => "Swordfish",
            HiddenTriplet => "Hidden Triplet",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            UniqueRectangle1 => "Unique Rectangle type 1",
            UniqueRectangle2 => "Unique Rectangle type 2",
            UniqueRectangle3 => "Unique Rectangle type 3",
            UniqueRectangle4 => "Unique Rectangle type 4",
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            Bug1 => "BUG type 1",
            Bug2 => "BUG type 2",
            Bug3 => "BUG type 3",
            Bug4 => "BUG type 4",
            AlignedPairExclusion => "Aligned Pair Exclusion",
            AlignedTripletExclusion => "Aligned Triplet Exclusion",
            XCycle => "Bidirectional X-Cycle",
            YCycle => "Bidirectional Y-Cycle",
            Cycle => "Bidirectional Cycle",
            ForcingXChain => "Forcing X-Chain",
            ForcingYChain => "Forcing Y-Chain",
            ForcingChain => "Forcing Chain",
            TurbotFish => "Turbot Fish",
            NishioForcingChain => "Nishio Forcing Chain",
            CellForcingChains => "Cell Forcing Chains",
            RegionForcingChains => "Region Forcing Chains",
            ContradictionForcingChains => "Contradiction Forcing Chains",
            DoubleForcingChains => "Double Forcing Chains",
            DynamicCellForcingChains => "Dynamic Cell Forcing Chains",
            DynamicRegionForcingChains => "Dynamic Region Forcing Chains",
            DynamicForcingChainsPlus => "Dynamic Forcing Chains (+)",
            NestedForcingChains => "Nested Forcing Chains",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            WWing => "W-Wing",
            FinnedXWing => "Finned X-Wing",
            SashimiXWing => "Sashimi X-Wing",
            FinnedSwordfish => "Finned Swordfish",
            SashimiSwordfish => "Sashimi Swordfish",
            ColourTrap => "Simple Colouring Trap",
            ColourWrap => "Simple Colouring Wrap",
            Aic => "AIC",
            XChain => "X-Chain",
            XYChain => "XY-Chain",
            KillerCage => "Killer Cage",
            Thermometer => "Thermometer",
            Arrow => "Arrow",
            LittleKiller => "Little Killer",
            SumDot => "Sum Dot",
            KropkiDot => "Kropki Dot",
            XV => "XV",
            OddEven => "Odd/Even",
            Palindrome => "Palindrome",
            Whispers => "Whispers",
            Renban => "Renban",
            BetweenLine => "Between Line",
            NonConsecutive => "Non-Consecutive",
            MinMax => "Minimum/Maximum",
            Quadruple => "Quadruple",
            EntropicLine => "Entropic Line",
            Clone => "Clone",
            // issue 36, group B
            RellikCage => "Rellik Cage",
            EqualityCage => "Equality Cage",
            Lunchbox => "Lunchbox",
            CountingCircles => "Counting Circles",
            GlobalEntropy => "Global Entropy",
            GlobalModular => "Global Modular",
            DutchFlatmates => "Dutch Flatmates",
            // issue 36, group A
            Knightmare => "Knightmare",
            DiagonalNonConsecutive => "Diagonal Non-Consecutive",
            SelfTaxicab => "Self-Taxicab",
            Indexer => "Indexer",
            ModularLine => "Modular Line",
            NabnerLine => "Nabner Line",
            DoubleArrow => "Double Arrow",
            ZipperLine => "Zipper Line",
            LockoutLine => "Lockout Line",
            DigitalRootCage => "Digital Root Cage",
            // issue 34: line clues
            SandwichSum => "Sandwich Sum",
            XSum => "X-Sum",
            SkyscraperClue => "Skyscraper Clue",
            RegionSumLine => "Region-Sum Line",
            HiddenSkyscraper => "Hidden Skyscraper",
            NumberedRoom => "Numbered Room",
            SumLine => "Sum Line",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value placed in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The cell, `row * side + col`.
    pub cell: usize,
    /// The value, 1-based.
    pub value: u16,
}

/// Values removed from a cell's candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elimination {
    /// The cell, `row * side + col`.
    pub cell: usize,
    /// The values removed, ascending.
    pub values: Vec<u16>,
}

/// One node of a chain: a candidate that is on (the cell holds the value)
/// or off (it does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainNode {
    /// The cell, `row * side + col`.
    pub cell: usize,
    /// The value, 1-based.
    pub value: u16,
    /// Whether the chain sets the candidate (true) or removes it (false).
    pub on: bool,
}

/// Why a step holds: the cells and values of its pattern, the houses it
/// works in, and for chains the nodes, in order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Reason {
    /// The cells of the pattern (the pair, the wing, the rectangle, ...).
    pub cells: Vec<usize>,
    /// The values of the pattern, ascending.
    pub values: Vec<u16>,
    /// The houses the pattern works in.
    pub houses: Vec<HouseName>,
    /// The chain, for chain techniques.
    pub chain: Vec<ChainNode>,
}

/// One step: a technique found in the grid, what it places and removes,
/// and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its difficulty on SE's scale.
    pub difficulty: Difficulty,
    /// Values placed.
    pub placements: Vec<Placement>,
    /// Candidates removed.
    pub eliminations: Vec<Elimination>,
    /// The pattern.
    pub reason: Reason,
    /// The grid's side (to name cells).
    pub side: usize,
}

impl Step {
    /// A step that places `value` in `cell`.
    pub fn placing(
        technique: Technique,
        difficulty: u16,
        side: usize,
        cell: usize,
        value: usize,
        reason: Reason,
    ) -> Step {
        Step {
            technique,
            difficulty: Difficulty(difficulty),
            placements: vec![Placement {
                cell,
                value: value as u16,
            }],
            eliminations: Vec::new(),
            reason,
            side,
        }
    }

    /// A step that removes candidates: `(cell, mask)` pairs, in order.
    pub fn eliminating(
        technique: Technique,
        difficulty: u16,
        side: usize,
        removed: impl IntoIterator<Item = (usize, u64)>,
        reason: Reason,
    ) -> Step {
        Step {
            technique,
            difficulty: Difficulty(difficulty),
            placements: Vec::new(),
            eliminations: removed
                .into_iter()
                .filter(|&(_, m)| m != 0)
                .map(|(cell, m)| Elimination {
                    cell,
                    values: crate::candidates::values_of(m).map(|v| v as u16).collect(),
                })
                .collect(),
            reason,
            side,
        }
    }

    /// The cell's name, `r4c6`.
    pub fn cell_name(&self, cell: usize) -> String {
        cell_name(cell, self.side)
    }

    /// The step in plain words, for example
    /// `hidden single in box 5: r4c6 = 7`.
    pub fn text(&self) -> String {
        let mut out = self.technique.name().to_lowercase();
        let r = &self.reason;
        let mut pattern = Vec::new();
        if !r.values.is_empty() && !matches!(self.technique, Technique::NakedSingle) {
            pattern.push(join_values(&r.values, " and "));
        }
        if !r.houses.is_empty() {
            let houses: Vec<String> = r.houses.iter().map(|h| h.to_string()).collect();
            pattern.push(format!("in {}", houses.join(", ")));
        }
        let single = matches!(
            self.technique,
            Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
        );
        if !r.cells.is_empty() && !single {
            let cells: Vec<String> = r.cells.iter().map(|&c| self.cell_name(c)).collect();
            pattern.push(format!("on {}", cells.join(", ")));
        }
        if !r.chain.is_empty() {
            let nodes: Vec<String> = r
                .chain
                .iter()
                .map(|n| {
                    format!(
                        "{}{}{}",
                        self.cell_name(n.cell),
                        if n.on { "=" } else { "<>" },
                        n.value
                    )
                })
                .collect();
            pattern.push(format!("chain {}", nodes.join(" -> ")));
        }
        if single {
            // "hidden single in box 5", "naked single"
            if let Some(h) = r.houses.first() {
                out.push_str(&format!(" in {h}"));
            }
        } else if !pattern.is_empty() {
            out.push(' ');
            out.push_str(&pattern.join(" "));
        }
        out.push_str(": ");
        let mut effects: Vec<String> = self
            .placements
            .iter()
            .map(|p| format!("{} = {}", self.cell_name(p.cell), p.value))
            .collect();
        effects.extend(self.eliminations.iter().map(|e| {
            format!(
                "{} cannot be {}",
                self.cell_name(e.cell),
                join_values(&e.values, " or ")
            )
        }));
        out.push_str(&effects.join("; "));
        out
    }
}

fn join_values(values: &[u16], last: &str) -> String {
    let words: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        n => format!("{}{last}{}", words[..n - 1].join(", "), words[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::UnitKind;

    #[test]
    fn difficulty_prints_one_decimal() {
        assert_eq!(Difficulty(23).to_string(), "2.3");
        assert_eq!(Difficulty(100).to_string(), "10.0");
        assert_eq!(Difficulty::UNSOLVED.to_string(), "20.0");
        assert!((Difficulty(75).as_f64() - 7.5).abs() < 1e-12);
    }

    #[test]
    fn text_of_a_hidden_single_and_an_elimination() {
        let reason = Reason {
            cells: vec![3 * 9 + 5],
            values: vec![7],
            houses: vec![HouseName {
                kind: UnitKind::Box,
                index: 4,
            }],
            chain: Vec::new(),
        };
        let step = Step::placing(Technique::HiddenSingle, 12, 9, 3 * 9 + 5, 7, reason);
        assert_eq!(step.text(), "hidden single in box 5: r4c6 = 7");
        let reason = Reason {
            cells: vec![0, 1],
            values: vec![1, 3],
            houses: vec![HouseName {
                kind: UnitKind::Row,
                index: 0,
            }],
            chain: Vec::new(),
        };
        let step = Step::eliminating(
            Technique::NakedPair,
            30,
            9,
            [(5, 0b101u64), (6, 0), (7, 0b1)],
            reason,
        );
        assert_eq!(step.eliminations.len(), 2);
        assert_eq!(
            step.text(),
            "naked pair 1 and 3 in row 1 on r1c1, r1c2: r1c6 cannot be 1 or 3; r1c8 cannot be 1"
        );
    }
}
