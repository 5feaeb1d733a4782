//! The setter's constraints: rules beyond "every unit holds each value
//! once" and killer cages, as f-puzzles and SudokuPad state them.
//!
//! A [`Constraint`] is carried by [`crate::Variant`] (and its
//! [`crate::Rules`]); grids with any of them are answered by the
//! propagation engine (`propagation`, see `sudoku_solve::plan`): the rules
//! compile ([`crate::compile()`], `compile.rs`, above the rules) to a
//! [`cover_model::Model`] (a cell is an integer variable
//! `1..=n`, each unit an exactly-once group, each constraint a few model
//! constraints: linear, table, all-different, element, count, min/max).
//! Every solution is then checked by the constraints' definitions
//! ([`Constraint::holds`]), written apart from the propagators.
//!
//! Cells are `row * n + col` (0-based), values `1..=n`.
//!
//! ```
//! use solver_core::Limits;
//! use sudoku::{Constraint, Grid, Shape, Variant};
//! use sudoku_solve::{SudokuSolver, Verdict};
//!
//! // A 4x4 grid whose first row is a thermometer: it can only read 1234.
//! let variant = Variant {
//!     constraints: vec![Constraint::Thermometer { cells: vec![0, 1, 2, 3] }],
//!     ..Variant::default()
//! };
//! let rules = variant.rules(Shape::square(2)?)?;
//! let mut solver = SudokuSolver::with_rules(rules.clone().into(), Default::default())?;
//! let count = solver.count(&Grid::empty(Shape::square(2)?), &Limits::none())?;
//! // Of the 288 grids, 288 / 4! = 12 have the first row 1234.
//! assert_eq!(count.solutions, 12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod check;
pub(crate) mod group_c;

use std::fmt;

/// Which relation a dot between two cells states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairKind {
    /// The two values differ by the dot's value (Kropki white: 1).
    Difference,
    /// One value is the dot's value times the other (Kropki black: 2).
    Ratio,
    /// The two values add up to the dot's value (XV: X = 10, V = 5).
    Sum,
}

impl PairKind {
    /// Whether values `a` and `b` stand in this relation for `k`. Widened
    /// to 64 bits: any `u32` dot value is taken as it is, never wrapped (a
    /// ratio of 2,863,311,531 times 3 is not 1).
    pub fn holds(self, k: u32, a: u32, b: u32) -> bool {
        let (k, a, b) = (u64::from(k), u64::from(a), u64::from(b));
        match self {
            PairKind::Difference => a.abs_diff(b) == k,
            PairKind::Ratio => a * k == b || b * k == a,
            PairKind::Sum => a + b == k,
        }
    }

    /// The values a negative constraint of this kind forbids between
    /// neighbours without a dot: difference 1 (white Kropki), ratio 2
    /// (black Kropki), sums 5 and 10 (XV).
    pub fn negative_values(self) -> &'static [u32] {
        match self {
            PairKind::Difference => &[1],
            PairKind::Ratio => &[2],
            PairKind::Sum => &[5, 10],
        }
    }

    fn name(self) -> &'static str {
        match self {
            PairKind::Difference => "difference",
            PairKind::Ratio => "ratio",
            PairKind::Sum => "xv",
        }
    }
}

/// One constraint of a setter's puzzle. Lines are lists of cells in order
/// along the line; `cells` of a cage or group are in any order. (Fields:
/// `cells`/`line` the cells, `sum`/`count`/`value` the clue, as each
/// variant's text says.)
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[allow(missing_docs)]
pub enum Constraint {
    /// Values strictly increase from the bulb (the first cell).
    Thermometer { cells: Vec<usize> },
    /// Values never decrease from the bulb (the first cell).
    SlowThermometer { cells: Vec<usize> },
    /// The line's values add up to the circle's number: one circle cell is
    /// its value, two or more are read as a number (digits in order).
    Arrow {
        circle: Vec<usize>,
        line: Vec<usize>,
    },
    /// A killer cage: different values, adding up to `sum` when given.
    Cage { cells: Vec<usize>, sum: Option<u32> },
    /// Cells along a diagonal (repeats allowed) adding up to `sum`.
    LittleKiller { cells: Vec<usize>, sum: u32 },
    /// The values between the 1 and the n of a row or column (`line`, all
    /// its cells in order) add up to `sum`.
    Sandwich { line: Vec<usize>, sum: u32 },
    /// The first x values of `line` (x the first cell's value) add up to
    /// `sum`.
    XSum { line: Vec<usize>, sum: u32 },
    /// Seen from the start of `line`, `count` values are taller than all
    /// before them.
    Skyscraper { line: Vec<usize>, count: u32 },
    /// A dot between two cells: their values stand in `kind`'s relation for
    /// `value`.
    Dot {
        cells: [usize; 2],
        kind: PairKind,
        value: u32,
    },
    /// No two orthogonal neighbours without a dot of `kind` stand in the
    /// relation for [`PairKind::negative_values`].
    Negative { kind: PairKind },
    /// No two orthogonal neighbours hold consecutive values.
    NonConsecutive,
    /// Cells a knight's move apart hold different values.
    AntiKnight,
    /// Cells a king's move apart hold different values.
    AntiKing,
    /// The diagonal from bottom left to top right holds different values.
    DiagonalPositive,
    /// The diagonal from top left to bottom right holds different values.
    DiagonalNegative,
    /// These cells hold different values.
    ExtraRegion { cells: Vec<usize> },
    /// The windows of windoku hold different values.
    Windoku,
    /// Cells at the same place in each box hold different values.
    DisjointGroups,
    /// An even value.
    Even { cell: usize },
    /// An odd value.
    Odd { cell: usize },
    /// A value below each orthogonal neighbour's.
    Minimum { cell: usize },
    /// A value above each orthogonal neighbour's.
    Maximum { cell: usize },
    /// The 2x2 block with top-left cell `cell` holds each of `values` (as
    /// many times as listed).
    Quadruple { cell: usize, values: Vec<u32> },
    /// The line reads the same both ways.
    Palindrome { cells: Vec<usize> },
    /// The line holds a run of consecutive values, in any order.
    Renban { cells: Vec<usize> },
    /// Neighbours along the line differ by at least `ceil(n / 2)` (5 on
    /// 9x9).
    Whispers { cells: Vec<usize> },
    /// Each stretch of the line inside one region (box or jigsaw region)
    /// has the same sum.
    RegionSumLine { cells: Vec<usize> },
    /// Values on the line lie strictly between those of its two ends.
    BetweenLine { cells: Vec<usize> },
    /// Every three consecutive cells of the line hold one low, one middle
    /// and one high value (thirds of `1..=n`; n a multiple of 3).
    EntropicLine { cells: Vec<usize> },
    /// Two groups of cells of the same shape hold the same values, cell
    /// by cell.
    Clone { cells: Vec<usize>, copy: Vec<usize> },
    // issue 36, group B
    /// The line splits into stretches of consecutive cells, each adding up
    /// to `sum`; a `looped` line closes on itself (its last cell touches
    /// its first) and a stretch may run across that join.
    SumLine {
        cells: Vec<usize>,
        sum: u32,
        looped: bool,
    },
    /// Different values, and no set of one or more of them adds up to
    /// `sum`.
    RellikCage { cells: Vec<usize>, sum: u32 },
    /// Different values, as many odd as even and as many low (`1..=n/2`)
    /// as high (`n - n/2 + 1..=n`); on an odd side the middle value never.
    EqualityCage { cells: Vec<usize> },
    /// Different values; those strictly between the smallest and the
    /// largest (in the order of `cells`) add up to `sum`.
    Lunchbox { cells: Vec<usize>, sum: u32 },
    /// Seen from the start of `line` (a whole row or column), the first
    /// value lower than one before it (the first hidden skyscraper) is
    /// `value`.
    HiddenSkyscraper { line: Vec<usize>, value: u32 },
    /// The x-th value of `line` (a whole row or column; x the first
    /// cell's value) is `value`.
    NumberedRoom { line: Vec<usize>, value: u32 },
    /// Each circle's value is how many of these circles hold that value.
    CountingCircles { cells: Vec<usize> },
    /// Every 2x2 block holds a low, a middle and a high value (thirds of
    /// `1..=n`; n a multiple of 3).
    GlobalEntropy,
    /// Every 2x2 block holds a value of each remainder modulo 3.
    GlobalModular,
    /// Every middle value `ceil(n / 2)` (5 on 9x9) has a 1 directly above
    /// it or an n directly below it (or both).
    DutchFlatmates,
    /// Neighbours along the line differ by at least `difference` (Dutch
    /// whispers: 4).
    WhispersBy { cells: Vec<usize>, difference: u32 },
    // issue 36, group A
    /// Cells a leap apart hold different values: each `(a, b)` of
    /// `offsets` is a leap of `a` rows and `b` columns, in all eight
    /// directions (anti-camel (1, 3), anti-zebra (2, 3), anti-giraffe
    /// (1, 4); rangsk's "chess").
    Leaper { offsets: Vec<(u32, u32)> },
    /// Cells a knight's move apart never add up to 5 or 15.
    Knightmare,
    /// Cells a taxicab distance of `distance` apart (rows plus columns
    /// between them) hold different values.
    Taxicab { distance: u32 },
    /// A value `d` never appears again at taxicab distance `d` from itself.
    SelfTaxicab,
    /// No two diagonal neighbours hold consecutive values.
    DiagonalNonConsecutive,
    /// Each cell of `cells` in row `i` holding `v` says that row `v` of its
    /// column holds `i` (rows counted from 1).
    RowIndexer { cells: Vec<usize> },
    /// Each cell of `cells` in column `j` holding `v` says that column `v`
    /// of its row holds `j` (the "1-5-9" rule when `cells` are columns 1,
    /// 5 and 9).
    ColumnIndexer { cells: Vec<usize> },
    /// Each cell of `cells`, the `k`-th of its region in reading order,
    /// holding `v` says that the `v`-th cell of its region holds `k`.
    BoxIndexer { cells: Vec<usize> },
    /// Cells on the line a multiple of three apart hold values with the
    /// same remainder mod 3; any other two differ mod 3 (so every three
    /// consecutive cells hold one of each of {1, 4, 7}, {2, 5, 8},
    /// {3, 6, 9}).
    ModularLine { cells: Vec<usize> },
    /// No two cells of the line hold the same or consecutive values.
    NabnerLine { cells: Vec<usize> },
    /// The values between the two ends (the circles) add up to the sum of
    /// the ends.
    DoubleArrow { cells: Vec<usize> },
    /// Cells the same distance from the line's centre add up to one total,
    /// which the centre cell holds when the line has one.
    ZipperLine { cells: Vec<usize> },
    /// The ends (diamonds) differ by at least `min_diff`; no other cell of
    /// the line holds a value between them or equal to one.
    LockoutLine { cells: Vec<usize>, min_diff: u32 },
    /// Different values whose sum has the digital root `root` (its decimal
    /// digits summed until one digit is left; 1 to 9).
    DigitalRootCage { cells: Vec<usize>, root: u32 },
    // issue 36, group C (group_c.rs)
    /// A dot on the border of two orthogonal neighbours or on the corner of
    /// a 2x2 block: the values of the cells it touches (repeats allowed)
    /// add up to `sum`.
    SumDot { cells: Vec<usize>, sum: u32 },
}

impl Constraint {
    /// The constraint's name, as in f-puzzles where it has one.
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::Thermometer { .. } => "thermometer",
            Constraint::SlowThermometer { .. } => "slow thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Cage { .. } => "killercage",
            Constraint::LittleKiller { .. } => "littlekillersum",
            Constraint::Sandwich { .. } => "sandwichsum",
            Constraint::XSum { .. } => "xsum",
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::Dot { kind, .. } => kind.name(),
            Constraint::Negative { .. } => "negative",
            Constraint::NonConsecutive => "nonconsecutive",
            Constraint::AntiKnight => "antiknight",
            Constraint::AntiKing => "antiking",
            Constraint::DiagonalPositive => "diagonal+",
            Constraint::DiagonalNegative => "diagonal-",
            Constraint::ExtraRegion { .. } => "extraregion",
            Constraint::Windoku => "windoku",
            Constraint::DisjointGroups => "disjointgroups",
            Constraint::Even { .. } => "even",
            Constraint::Odd { .. } => "odd",
            Constraint::Minimum { .. } => "minimum",
            Constraint::Maximum { .. } => "maximum",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Renban { .. } => "renban",
            Constraint::Whispers { .. } => "whispers",
            Constraint::RegionSumLine { .. } => "regionsumline",
            Constraint::BetweenLine { .. } => "betweenline",
            Constraint::EntropicLine { .. } => "entropicline",
            Constraint::Clone { .. } => "clone",
            // issue 36, group B
            Constraint::SumLine { .. } => "sumline",
            Constraint::RellikCage { .. } => "rellikcage",
            Constraint::EqualityCage { .. } => "equalitycage",
            Constraint::Lunchbox { .. } => "lunchbox",
            Constraint::HiddenSkyscraper { .. } => "hiddenskyscraper",
            Constraint::NumberedRoom { .. } => "numberedroom",
            Constraint::CountingCircles { .. } => "countingcircles",
            Constraint::GlobalEntropy => "globalentropy",
            Constraint::GlobalModular => "globalmodular",
            Constraint::DutchFlatmates => "dutchflatmates",
            Constraint::WhispersBy { .. } => "whispersby",
            // issue 36, group A
            Constraint::Leaper { .. } => "chess",
            Constraint::Knightmare => "knightmare",
            Constraint::Taxicab { .. } => "taxicab",
            Constraint::SelfTaxicab => "selftaxicab",
            Constraint::DiagonalNonConsecutive => "diagonalnonconsecutive",
            Constraint::RowIndexer { .. } => "rowindexer",
            Constraint::ColumnIndexer { .. } => "columnindexer",
            Constraint::BoxIndexer { .. } => "boxindexer",
            Constraint::ModularLine { .. } => "modularline",
            Constraint::NabnerLine { .. } => "nabner",
            Constraint::DoubleArrow { .. } => "doublearrow",
            Constraint::ZipperLine { .. } => "zipperline",
            Constraint::LockoutLine { .. } => "lockout",
            Constraint::DigitalRootCage { .. } => "digitalrootcage",
            // issue 36, group C
            Constraint::SumDot { .. } => "sumdot",
        }
    }

    /// Every cell the constraint names (none for the global ones).
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Constraint::Thermometer { cells }
            | Constraint::SlowThermometer { cells }
            | Constraint::Cage { cells, .. }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::ExtraRegion { cells }
            | Constraint::Palindrome { cells }
            | Constraint::Renban { cells }
            | Constraint::Whispers { cells }
            | Constraint::RegionSumLine { cells }
            | Constraint::BetweenLine { cells }
            | Constraint::EntropicLine { cells } => cells.clone(),
            Constraint::Sandwich { line, .. }
            | Constraint::XSum { line, .. }
            | Constraint::Skyscraper { line, .. } => line.clone(),
            Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
            Constraint::Clone { cells, copy } => cells.iter().chain(copy).copied().collect(),
            Constraint::Dot { cells, .. } => cells.to_vec(),
            Constraint::Even { cell }
            | Constraint::Odd { cell }
            | Constraint::Minimum { cell }
            | Constraint::Maximum { cell }
            | Constraint::Quadruple { cell, .. } => vec![*cell],
            Constraint::Negative { .. }
            | Constraint::NonConsecutive
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::DiagonalPositive
            | Constraint::DiagonalNegative
            | Constraint::Windoku
            | Constraint::DisjointGroups => Vec::new(),
            // issue 36, group B
            Constraint::SumLine { cells, .. }
            | Constraint::RellikCage { cells, .. }
            | Constraint::EqualityCage { cells }
            | Constraint::Lunchbox { cells, .. }
            | Constraint::CountingCircles { cells }
            | Constraint::WhispersBy { cells, .. } => cells.clone(),
            Constraint::HiddenSkyscraper { line, .. } | Constraint::NumberedRoom { line, .. } => {
                line.clone()
            }
            Constraint::GlobalEntropy | Constraint::GlobalModular | Constraint::DutchFlatmates => {
                Vec::new()
            }
            // issue 36, group A
            Constraint::RowIndexer { cells }
            | Constraint::ColumnIndexer { cells }
            | Constraint::BoxIndexer { cells }
            | Constraint::ModularLine { cells }
            | Constraint::NabnerLine { cells }
            | Constraint::DoubleArrow { cells }
            | Constraint::ZipperLine { cells }
            | Constraint::LockoutLine { cells, .. }
            | Constraint::DigitalRootCage { cells, .. } => cells.clone(),
            // issue 36, group C
            Constraint::SumDot { cells, .. } => cells.clone(),
            Constraint::Leaper { .. }
            | Constraint::Knightmare
            | Constraint::Taxicab { .. }
            | Constraint::SelfTaxicab
            | Constraint::DiagonalNonConsecutive => Vec::new(),
        }
    }

    /// Whether the full grid `values` (one value per cell, `1..=n`) keeps
    /// this constraint, by its definition. `all` is the puzzle's whole list
    /// (negative constraints read the dots), `regions` the region of each
    /// cell (boxes or jigsaw regions).
    pub fn holds(
        &self,
        shape: crate::Shape,
        values: &[u16],
        all: &[Constraint],
        regions: &[usize],
    ) -> bool {
        check::holds(self, shape, values, all, regions)
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        let cells = self.cells();
        if let Some(&first) = cells.first() {
            write!(f, " at cell #{first}")?;
        }
        Ok(())
    }
}

/// Checks that `constraint` fits a grid of `shape`: cells inside it, lines
/// long enough, values in range, cells of a dot or clone well formed.
pub fn validate(constraint: &Constraint, shape: crate::Shape) -> Result<(), crate::VariantError> {
    use crate::{VariantError, VariantErrorKind};
    let n = shape.side() as usize;
    let name = constraint.name();
    let bad = |why: String| {
        VariantError::new(VariantErrorKind::BadConstraint {
            constraint: name,
            why,
        })
    };
    let cells = constraint.cells();
    if let Some(&cell) = cells.iter().find(|&&c| c >= n * n) {
        return Err(bad(format!("cell #{cell} is outside the {n}x{n} grid")));
    }
    let at = |e: VariantError, cell: usize| e.cell(cell, n);
    let min_len = |cells: &[usize], k: usize| {
        if cells.len() < k {
            Err(bad(format!(
                "needs at least {k} cells, has {}",
                cells.len()
            )))
        } else {
            Ok(())
        }
    };
    let distinct_cells = |cells: &[usize]| {
        let mut seen = std::collections::HashSet::new();
        match cells.iter().find(|&&c| !seen.insert(c)) {
            Some(&c) => Err(at(bad("a cell is listed twice".into()), c)),
            None => Ok(()),
        }
    };
    match constraint {
        Constraint::Thermometer { cells }
        | Constraint::SlowThermometer { cells }
        | Constraint::Palindrome { cells }
        | Constraint::Whispers { cells }
        | Constraint::RegionSumLine { cells }
        | Constraint::EntropicLine { cells } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
            if matches!(constraint, Constraint::EntropicLine { .. }) && !n.is_multiple_of(3) {
                return Err(bad(format!("needs a grid side divisible by 3, not {n}")));
            }
        }
        Constraint::BetweenLine { cells } => {
            min_len(cells, 2)?;
            distinct_cells(cells)?;
        }
        Constraint::Renban { cells } | Constraint::ExtraRegion { cells } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
            if cells.len() > n {
                return Err(bad(format!(
                    "has {} cells, at most {n} can differ",
                    cells.len()
                )));
            }
        }
        Constraint::Cage { cells, sum } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
            if cells.len() > n {
                return Err(bad(format!(
                    "has {} cells, at most {n} can differ",
                    cells.len()
                )));
            }
            let _ = sum;
        }
        Constraint::LittleKiller { cells, .. } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
        }
        Constraint::Arrow { circle, line } => {
            min_len(circle, 1)?;
            min_len(line, 1)?;
            distinct_cells(circle)?;
            distinct_cells(line)?;
            if circle.len() > 3 {
                return Err(bad(format!("a circle of {} cells", circle.len())));
            }
        }
        Constraint::Sandwich { line, .. }
        | Constraint::XSum { line, .. }
        | Constraint::Skyscraper { line, .. } => {
            if line.len() != n {
                return Err(bad(format!("needs a whole row or column ({n} cells)")));
            }
            distinct_cells(line)?;
        }
        Constraint::Dot { cells, value, .. } => {
            if cells[0] == cells[1] {
                return Err(at(bad("a dot joins a cell to itself".into()), cells[0]));
            }
            if *value == 0 {
                return Err(at(bad("a dot's value is at least 1".into()), cells[0]));
            }
        }
        Constraint::Quadruple { cell, values } => {
            if cell % n + 1 >= n || cell / n + 1 >= n {
                return Err(at(
                    bad("the 2x2 block must lie inside the grid".into()),
                    *cell,
                ));
            }
            if values.len() > 4 || values.iter().any(|&v| v == 0 || v as usize > n) {
                return Err(at(
                    bad(format!("up to four values in 1..={n}, got {values:?}")),
                    *cell,
                ));
            }
        }
        Constraint::Clone { cells, copy } => {
            if cells.len() != copy.len() {
                return Err(bad(format!(
                    "the two groups have {} and {} cells",
                    cells.len(),
                    copy.len()
                )));
            }
        }
        Constraint::Windoku => {
            crate::windows::windows(shape)?;
        }
        Constraint::Negative { .. }
        | Constraint::NonConsecutive
        | Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::DiagonalPositive
        | Constraint::DiagonalNegative
        | Constraint::DisjointGroups
        | Constraint::Even { .. }
        | Constraint::Odd { .. }
        | Constraint::Minimum { .. }
        | Constraint::Maximum { .. } => {}
        // issue 36, group B
        Constraint::SumLine { cells, sum, .. } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
            if *sum == 0 {
                return Err(at(
                    bad("a sum line's sum is at least 1 (no stretch adds up to 0)".into()),
                    cells[0],
                ));
            }
        }
        Constraint::RellikCage { cells, .. }
        | Constraint::EqualityCage { cells }
        | Constraint::Lunchbox { cells, .. } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
            if cells.len() > n {
                return Err(bad(format!(
                    "has {} cells, at most {n} can differ",
                    cells.len()
                )));
            }
        }
        Constraint::CountingCircles { cells } | Constraint::WhispersBy { cells, .. } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
        }
        Constraint::HiddenSkyscraper { line, value } | Constraint::NumberedRoom { line, value } => {
            if line.len() != n {
                return Err(bad(format!("needs a whole row or column ({n} cells)")));
            }
            distinct_cells(line)?;
            if *value == 0 || *value as usize > n {
                return Err(at(
                    bad(format!("the clue is a value in 1..={n}, not {value}")),
                    line[0],
                ));
            }
        }
        Constraint::GlobalEntropy => {
            if !n.is_multiple_of(3) {
                return Err(bad(format!("needs a grid side divisible by 3, not {n}")));
            }
        }
        Constraint::GlobalModular | Constraint::DutchFlatmates => {}
        // issue 36, group A
        Constraint::Leaper { offsets } => {
            if offsets.is_empty() {
                return Err(bad("needs at least one leap (rows, columns)".into()));
            }
            if offsets.contains(&(0, 0)) {
                return Err(bad("a leap of (0, 0) joins a cell to itself".into()));
            }
        }
        Constraint::Taxicab { distance } => {
            if *distance == 0 {
                return Err(bad("a taxicab distance is at least 1, not 0".into()));
            }
        }
        Constraint::RowIndexer { cells }
        | Constraint::ColumnIndexer { cells }
        | Constraint::BoxIndexer { cells } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
        }
        Constraint::Knightmare | Constraint::SelfTaxicab | Constraint::DiagonalNonConsecutive => {}
        Constraint::ModularLine { cells } | Constraint::NabnerLine { cells } => {
            min_len(cells, 2)?;
            distinct_cells(cells)?;
        }
        Constraint::ZipperLine { cells } | Constraint::LockoutLine { cells, .. } => {
            min_len(cells, 2)?;
            distinct_cells(cells)?;
        }
        Constraint::DoubleArrow { cells } => {
            min_len(cells, 3)?;
            distinct_cells(cells)?;
        }
        Constraint::DigitalRootCage { cells, root } => {
            min_len(cells, 1)?;
            distinct_cells(cells)?;
            if cells.len() > n {
                return Err(bad(format!(
                    "has {} cells, at most {n} can differ",
                    cells.len()
                )));
            }
            if !(1..=9).contains(root) {
                return Err(bad(format!("a digital root is 1 to 9, not {root}")));
            }
        }
        // issue 36, group C
        Constraint::SumDot { cells, .. } => {
            if let Some(why) = group_c::misfit(constraint, n) {
                return Err(match cells.first() {
                    Some(&c) => at(bad(why), c),
                    None => bad(why),
                });
            }
        }
    }
    Ok(())
}

/// The orthogonal neighbour pairs of an `n` x `n` grid, each once
/// (right, then down).
pub(crate) fn orthogonal_pairs(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                out.push((r * n + c, r * n + c + 1));
            }
            if r + 1 < n {
                out.push((r * n + c, (r + 1) * n + c));
            }
        }
    }
    out
}

/// The pairs of cells `offsets` apart (each pair once), for anti-knight and
/// anti-king.
pub(crate) fn move_pairs(n: usize, offsets: &[(i64, i64)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let n_i = n as i64;
    for r in 0..n_i {
        for c in 0..n_i {
            for &(dr, dc) in offsets {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n_i).contains(&r2) && (0..n_i).contains(&c2) {
                    let (a, b) = ((r * n_i + c) as usize, (r2 * n_i + c2) as usize);
                    if a < b {
                        out.push((a, b));
                    }
                }
            }
        }
    }
    out
}

pub(crate) const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];
pub(crate) const KING: [(i64, i64); 8] = [
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
];

// issue 36, group A

/// The eight moves of the leaps `offsets` (each `(a, b)` with every sign,
/// both ways round), without repeats, widened to `i64` (a `u32` leap is
/// taken as it is).
pub(crate) fn leaps(offsets: &[(u32, u32)]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for &(a, b) in offsets {
        let (a, b) = (i64::from(a), i64::from(b));
        for (dr, dc) in [(a, b), (b, a)] {
            for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let m = (sr * dr, sc * dc);
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// The pairs of cells a taxicab distance `d` apart (each pair once).
pub(crate) fn taxicab_pairs(n: usize, d: u32) -> Vec<(usize, usize)> {
    let d = i64::from(d);
    let n_i = n as i64;
    let mut offsets = Vec::new();
    // |dr| + |dc| = d with both below n: dr in 0..=min(d, n - 1).
    for dr in 0..=d.min(n_i - 1) {
        let dc = d - dr;
        if dc < n_i {
            for m in [(dr, dc), (dr, -dc), (-dr, dc), (-dr, -dc)] {
                if !offsets.contains(&m) {
                    offsets.push(m);
                }
            }
        }
    }
    move_pairs(n, &offsets)
}

/// The moves to the four diagonal neighbours.
pub(crate) const DIAGONAL: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The cells of each region (`regions[cell]` its region), each in reading
/// order: the order a box indexer counts in.
pub(crate) fn region_cells(regions: &[usize]) -> Vec<Vec<usize>> {
    let count = regions.iter().max().map_or(0, |&r| r + 1);
    let mut out = vec![Vec::new(); count];
    for (cell, &r) in regions.iter().enumerate() {
        out[r].push(cell);
    }
    out
}

/// The cells of the disjoint groups: group `k` holds cell `k` of each box.
pub(crate) fn disjoint_groups(shape: crate::Shape) -> Vec<Vec<usize>> {
    let n = shape.side() as usize;
    let boxes: Vec<Vec<usize>> = (0..n)
        .map(|b| crate::shape::box_cells(shape, b).collect())
        .collect();
    (0..n)
        .map(|k| boxes.iter().map(|b| b[k]).collect())
        .collect()
}

/// The stretches of `line` in one region each, in order.
pub(crate) fn region_segments(line: &[usize], regions: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &cell in line {
        match out.last_mut() {
            Some(seg) if regions[*seg.last().unwrap()] == regions[cell] => seg.push(cell),
            _ => out.push(vec![cell]),
        }
    }
    out
}

/// The entropy class of a value: 0 low, 1 middle, 2 high (thirds of
/// `1..=n`).
pub(crate) fn third(value: u32, n: u32) -> u32 {
    (value - 1) / (n / 3)
}

/// The 2x2 blocks of an `n` x `n` grid, by their cells (global entropy and
/// global modular).
pub(crate) fn blocks_2x2(n: usize) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let cell = r * n + c;
            out.push([cell, cell + 1, cell + n, cell + n + 1]);
        }
    }
    out
}

/// The middle value of `1..=n` for Dutch flatmates: `ceil(n / 2)`.
pub(crate) fn flatmate_value(n: u32) -> u32 {
    n.div_ceil(2)
}
