//! The pencil-mark grid: for every empty cell the values it can still
//! take (a bit mask, bit `v - 1` for value `v`), the placed values, and the
//! houses (rows, columns, boxes or jigsaw regions, diagonals, windows) with
//! each cell's houses and peers.

use std::fmt;
use std::sync::Arc;

use sudoku::{Grid, Rules, Shape, UnitKind};

use crate::error::StateError;

/// The largest side the logical solver takes: candidate sets are `u64` masks.
pub const MAX_LOGIC_SIDE: usize = 64;

/// A group of cells that holds every value once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// Row, column, box, region (jigsaw), diagonal or window.
    pub kind: UnitKind,
    /// 0-based index among the houses of its kind.
    pub index: usize,
    /// The cells, as `row * side + col`, in grid order.
    pub cells: Vec<usize>,
}

impl House {
    /// Whether the house is box-like for Sudoku Explainer's difficulties
    /// (a box, a jigsaw region or a window), rather than line-like (a row,
    /// a column or a diagonal).
    pub fn is_block(&self) -> bool {
        matches!(
            self.kind,
            UnitKind::Box | UnitKind::Region | UnitKind::Window
        )
    }

    /// A name for the house: its kind and a 1-based index, `box 5`.
    pub fn name(&self) -> HouseName {
        HouseName {
            kind: self.kind,
            index: self.index,
        }
    }
}

/// A house told by kind and index; prints as `row 4` (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HouseName {
    /// The kind of house.
    pub kind: UnitKind,
    /// 0-based index among the houses of its kind.
    pub index: usize,
}

impl fmt::Display for HouseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.index + 1)
    }
}

/// The houses of a grid, each cell's houses and each cell's peers (the
/// other cells sharing a house with it). Built once per rule set and
/// shared by every [`Candidates`] of it.
#[derive(Debug)]
pub struct Houses {
    shape: Shape,
    side: usize,
    list: Vec<House>,
    of_cell: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    peers_sorted: Vec<Vec<usize>>,
    rows: Vec<usize>,
    columns: Vec<usize>,
    blocks: Vec<usize>,
    extras: Vec<usize>,
    /// Per cell: its box (or region), row and column (`usize::MAX` where
    /// the rules have none).
    brc: Vec<[usize; 3]>,
    /// The crossing pairs locking looks at (built on first use).
    pub(crate) locking: std::sync::OnceLock<crate::sets::LockingPairs>,
    /// The houses in SE's order for singles (built on first use).
    pub(crate) single_order: std::sync::OnceLock<Vec<usize>>,
    /// The houses in SE's order for naked and hidden sets (built on
    /// first use).
    pub(crate) set_order: std::sync::OnceLock<Vec<usize>>,
    /// The setter's constraints as the logical solver reasons with them.
    setter: Vec<crate::setter::SetterRule>,
    /// Whether the rules hold killer cages or setter's constraints (the
    /// uniqueness techniques are then off).
    constrained: bool,
}

impl Houses {
    /// The houses of `rules`: every unit that holds each value once. Killer
    /// cages are not houses.
    pub fn new(rules: &Rules) -> Result<Houses, StateError> {
        let shape = rules.shape();
        let side = shape.side() as usize;
        if side > MAX_LOGIC_SIDE {
            return Err(StateError::TooLarge {
                side,
                max: MAX_LOGIC_SIDE,
            });
        }
        let n_cells = side * side;
        let mut list: Vec<House> = rules
            .units()
            .iter()
            .filter(|u| u.cells.len() == side)
            .map(|u| House {
                kind: u.kind,
                index: u.index,
                cells: u.cells.clone(),
            })
            .collect();
        let (extra_houses, groups) = constraint_groups(rules);
        for house in extra_houses {
            let mut sorted = house.cells.clone();
            sorted.sort_unstable();
            let known = list.iter().any(|h| {
                let mut cells = h.cells.clone();
                cells.sort_unstable();
                cells == sorted
            });
            if !known {
                list.push(house);
            }
        }
        let mut of_cell = vec![Vec::new(); n_cells];
        let (mut rows, mut columns, mut blocks, mut extras) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (h, house) in list.iter().enumerate() {
            for &cell in &house.cells {
                of_cell[cell].push(h);
            }
            match house.kind {
                UnitKind::Row => rows.push(h),
                UnitKind::Column => columns.push(h),
                UnitKind::Box | UnitKind::Region => blocks.push(h),
                _ => extras.push(h),
            }
        }
        // Peers in SE's order (`Cell.getHouseCells`): the cells of the
        // box, then of the row, then of the column, then of the other houses.
        let mut peers = vec![Vec::new(); n_cells];
        let mut seen = vec![usize::MAX; n_cells];
        for cell in 0..n_cells {
            seen[cell] = cell;
            let mut mine: Vec<usize> = of_cell[cell].clone();
            mine.sort_by_key(|&h| match list[h].kind {
                UnitKind::Box | UnitKind::Region => 0,
                UnitKind::Row => 1,
                UnitKind::Column => 2,
                _ => 3,
            });
            for h in mine {
                for &other in &list[h].cells {
                    if seen[other] != cell {
                        seen[other] = cell;
                        peers[cell].push(other);
                    }
                }
            }
        }
        // Then the cells of the all-different groups that are not houses
        // (killer cages, small extra regions, anti-knight and anti-king).
        let mut partners = vec![Vec::new(); n_cells];
        for group in &groups {
            for &a in group {
                for &b in group {
                    if a != b {
                        partners[a].push(b);
                    }
                }
            }
        }
        for (cell, more) in partners.into_iter().enumerate() {
            for &p in &peers[cell] {
                seen[p] = usize::MAX - 1 - cell;
            }
            for other in more {
                if other != cell && seen[other] != usize::MAX - 1 - cell {
                    seen[other] = usize::MAX - 1 - cell;
                    peers[cell].push(other);
                }
            }
        }
        let mut brc = vec![[usize::MAX; 3]; n_cells];
        for (cell, hs) in of_cell.iter().enumerate() {
            for &h in hs {
                match list[h].kind {
                    UnitKind::Box | UnitKind::Region => brc[cell][0] = h,
                    UnitKind::Row => brc[cell][1] = h,
                    UnitKind::Column => brc[cell][2] = h,
                    _ => {}
                }
            }
        }
        let peers_sorted = peers
            .iter()
            .map(|p| {
                let mut p = p.clone();
                p.sort_unstable();
                p
            })
            .collect();
        Ok(Houses {
            shape,
            side,
            list,
            of_cell,
            peers,
            peers_sorted,
            rows,
            columns,
            blocks,
            extras,
            brc,
            locking: std::sync::OnceLock::new(),
            single_order: std::sync::OnceLock::new(),
            set_order: std::sync::OnceLock::new(),
            setter: crate::setter::rules_of(rules),
            constrained: !rules.cages().is_empty() || rules.needs_propagation(),
        })
    }

    /// The setter's constraints as the logical solver reasons with them.
    pub(crate) fn setter_rules(&self) -> &[crate::setter::SetterRule] {
        &self.setter
    }

    /// Whether the rules hold killer cages or setter's constraints: the
    /// uniqueness techniques are then off (a constraint may tell apart the
    /// two fillings of a deadly pattern).
    pub fn is_constrained(&self) -> bool {
        self.constrained
    }

    /// The houses of the classic rules of `shape`, shared: each thread
    /// keeps the last shape's, so rating many puzzles builds them once.
    pub fn standard_shared(shape: Shape) -> Result<Arc<Houses>, StateError> {
        thread_local! {
            static LAST: std::cell::RefCell<Option<Arc<Houses>>> =
                const { std::cell::RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(h) if h.shape == shape => Ok(Arc::clone(h)),
                _ => {
                    let h = Arc::new(Houses::new(&Rules::standard(shape))?);
                    *last = Some(Arc::clone(&h));
                    Ok(h)
                }
            }
        })
    }

    /// The box shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side of the grid (values are 1..=side).
    pub fn side(&self) -> usize {
        self.side
    }

    /// All houses, in the order of the rules (rows, columns, boxes or
    /// regions, then diagonals and windows).
    pub fn all(&self) -> &[House] {
        &self.list
    }

    /// House `h`.
    pub fn get(&self, h: usize) -> &House {
        &self.list[h]
    }

    /// Indices of the rows, in order.
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// Indices of the columns, in order.
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// Indices of the boxes (or jigsaw regions), in order.
    pub fn blocks(&self) -> &[usize] {
        &self.blocks
    }

    /// Indices of the houses that are neither rows, columns nor boxes
    /// (regions): diagonals and windows.
    pub fn extras(&self) -> &[usize] {
        &self.extras
    }

    /// The box (or jigsaw region), row and column of `cell`, as house
    /// indices (`usize::MAX` where the rules have none).
    pub fn block_row_column(&self, cell: usize) -> [usize; 3] {
        self.brc[cell]
    }

    /// Indices of the houses holding `cell`.
    pub fn of_cell(&self, cell: usize) -> &[usize] {
        &self.of_cell[cell]
    }

    /// The peers of `cell` in SE's order: the cells of its box, then of
    /// its row, then of its column, then of its other houses.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// The peers of `cell`, ascending.
    pub fn peers_sorted(&self, cell: usize) -> &[usize] {
        &self.peers_sorted[cell]
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers_sorted[a].binary_search(&b).is_ok()
    }

    /// Whether house `h` holds `cell`.
    pub fn holds(&self, h: usize, cell: usize) -> bool {
        self.of_cell[cell].contains(&h)
    }
}

/// The all-different groups the setter's constraints add: full-size ones
/// with a house kind as houses (diagonals, windows), the rest as groups of
/// cells that see each other (killer cages, extra regions, disjoint
/// groups, anti-knight, anti-king, leaper and taxicab pairs).
fn constraint_groups(rules: &Rules) -> (Vec<House>, Vec<Vec<usize>>) {
    use sudoku::Constraint;
    let side = rules.shape().side() as usize;
    let mut houses = Vec::new();
    let mut groups: Vec<Vec<usize>> = rules.cages().iter().map(|c| c.cells.clone()).collect();
    let moves = |steps: &[(isize, isize)], groups: &mut Vec<Vec<usize>>| {
        for r in 0..side {
            for c in 0..side {
                for &(dr, dc) in steps {
                    let (r2, c2) = (r as isize + dr, c as isize + dc);
                    if r2 >= 0 && c2 >= 0 && (r2 as usize) < side && (c2 as usize) < side {
                        groups.push(vec![r * side + c, r2 as usize * side + c2 as usize]);
                    }
                }
            }
        }
    };
    for constraint in rules.constraints() {
        match constraint {
            Constraint::Cage { cells, .. } | Constraint::ExtraRegion { cells } => {
                groups.push(cells.clone())
            }
            Constraint::DiagonalNegative => houses.push(House {
                kind: UnitKind::Diagonal,
                index: 0,
                cells: (0..side).map(|i| i * side + i).collect(),
            }),
            Constraint::DiagonalPositive => houses.push(House {
                kind: UnitKind::Diagonal,
                index: 1,
                cells: (0..side).map(|i| i * side + (side - 1 - i)).collect(),
            }),
            Constraint::Windoku => {
                if let Ok(windows) = sudoku::windows(rules.shape()) {
                    for (k, cells) in windows.into_iter().enumerate() {
                        houses.push(House {
                            kind: UnitKind::Window,
                            index: k,
                            cells,
                        });
                    }
                }
            }
            Constraint::DisjointGroups => {
                let shape = rules.shape();
                let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
                for pos in 0..side {
                    let (pr, pc) = (pos / bc, pos % bc);
                    groups.push(
                        (0..side)
                            .map(|b| ((b / br) * br + pr) * side + (b % br) * bc + pc)
                            .collect(),
                    );
                }
            }
            Constraint::AntiKnight => moves(&[(1, 2), (2, 1), (1, -2), (2, -1)], &mut groups),
            Constraint::AntiKing => moves(&[(1, 1), (1, -1)], &mut groups),
            // issue 36, group A: each leap and each step `d` apart as
            // pairs of peers (a leap beyond the grid makes none).
            Constraint::Leaper { offsets } => {
                let far = |a: u32| a as usize >= side;
                let steps: Vec<(isize, isize)> = offsets
                    .iter()
                    .filter(|&&(a, b)| !far(a) && !far(b))
                    .flat_map(|&(a, b)| {
                        let (a, b) = (a as isize, b as isize);
                        [(a, b), (a, -b), (b, a), (b, -a)]
                    })
                    .filter(|&(dr, dc)| dr > 0 || (dr == 0 && dc > 0))
                    .collect();
                moves(&steps, &mut groups)
            }
            Constraint::Taxicab { distance } if (*distance as usize) < 2 * side => {
                let d = *distance as isize;
                let steps: Vec<(isize, isize)> = (0..=d)
                    .flat_map(|dr| [(dr, d - dr), (dr, dr - d)])
                    .filter(|&(dr, dc)| dr > 0 || (dr == 0 && dc > 0))
                    .collect();
                moves(&steps, &mut groups)
            }
            _ => {}
        }
    }
    (houses, groups)
}

/// The bit of value `v` (1-based) in a candidate mask.
#[inline]
pub fn bit(v: usize) -> u64 {
    1u64 << (v - 1)
}

/// The values (1-based) of a candidate mask, ascending.
pub fn values_of(mask: u64) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let v = m.trailing_zeros() as usize + 1;
            m &= m - 1;
            Some(v)
        }
    })
}

/// A cell as people write it: `r4c6` (1-based).
pub fn cell_name(cell: usize, side: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

/// The pencil-mark grid: placed values and the candidates of every empty cell.
#[derive(Clone, Debug)]
pub struct Candidates {
    houses: Arc<Houses>,
    values: Vec<u8>,
    masks: Vec<u64>,
    /// Per house: how many of its cells hold no value (kept by `place`).
    open: Vec<u16>,
    /// An empty cell lost its last candidate (set by place and eliminate).
    emptied: bool,
    /// How many cells hold no value (kept by `place`).
    unplaced: usize,
}

impl PartialEq for Candidates {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values && self.masks == other.masks
    }
}

impl Candidates {
    /// The candidates of a puzzle under the classic rules of its shape:
    /// every value not seen by a given.
    pub fn from_grid(grid: &Grid) -> Result<Candidates, StateError> {
        Candidates::with_houses(Houses::standard_shared(grid.shape())?, grid)
    }

    /// The candidates of a puzzle under `rules` (a variant's houses).
    pub fn with_rules(rules: &Rules, grid: &Grid) -> Result<Candidates, StateError> {
        let houses = Arc::new(Houses::new(rules)?);
        Candidates::with_houses(houses, grid)
    }

    /// The candidates of a puzzle with houses already built.
    pub fn with_houses(houses: Arc<Houses>, grid: &Grid) -> Result<Candidates, StateError> {
        Candidates::from_state(houses, grid, None)
    }

    /// A learner's state: `grid` holds the givens and the digits placed so
    /// far; `marks`, if given, the pencil marks of every cell (a mask per
    /// cell, ignored where a value is placed). The candidates of an empty
    /// cell are its marks less the values its placed peers hold.
    ///
    /// A state that contradicts itself is an error: two equal values in a
    /// house ([`StateError::Conflict`]) or an empty cell left without a
    /// candidate ([`StateError::NoCandidates`]). Whether it contradicts the
    /// puzzle's solution is [`Candidates::first_mistake`].
    pub fn from_state(
        houses: Arc<Houses>,
        grid: &Grid,
        marks: Option<&[u64]>,
    ) -> Result<Candidates, StateError> {
        let side = houses.side();
        if grid.shape() != houses.shape() {
            return Err(StateError::ShapeMismatch {
                grid: grid.shape(),
                rules: houses.shape(),
            });
        }
        let n_cells = side * side;
        if let Some(marks) = marks {
            if marks.len() != n_cells {
                return Err(StateError::MarksLength {
                    found: marks.len(),
                    expected: n_cells,
                });
            }
        }
        let full = if side == 64 {
            u64::MAX
        } else {
            (1u64 << side) - 1
        };
        let mut c = Candidates {
            masks: match marks {
                Some(m) => m.iter().map(|&m| m & full).collect(),
                None => vec![full; n_cells],
            },
            values: vec![0; n_cells],
            open: houses.all().iter().map(|h| h.cells.len() as u16).collect(),
            houses,
            emptied: false,
            unplaced: n_cells,
        };
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let v = usize::from(v);
            if let Some(&other) = c
                .houses
                .peers(cell)
                .iter()
                .find(|&&p| usize::from(c.values[p]) == v)
            {
                return Err(StateError::Conflict {
                    first: cell_name(other.min(cell), side),
                    second: cell_name(other.max(cell), side),
                    value: v,
                });
            }
            c.place(cell, v);
        }
        if let Some(cell) = (0..n_cells).find(|&cell| c.values[cell] == 0 && c.masks[cell] == 0) {
            return Err(StateError::NoCandidates {
                cell: cell_name(cell, side),
            });
        }
        Ok(c)
    }

    /// The first way this state contradicts `solution` (in cell order): a
    /// placed value that differs from it, or an empty cell whose
    /// candidates lack its value.
    pub fn first_mistake(&self, solution: &Grid) -> Option<Mistake> {
        let side = self.side();
        solution.cells().iter().enumerate().find_map(|(cell, &s)| {
            let s = usize::from(s);
            let v = usize::from(self.values[cell]);
            if v != 0 && v != s {
                Some(Mistake::WrongValue {
                    cell: cell_name(cell, side),
                    placed: v,
                    solution: s,
                })
            } else if v == 0 && s != 0 && self.masks[cell] & bit(s) == 0 {
                Some(Mistake::MissingCandidate {
                    cell: cell_name(cell, side),
                    value: s,
                })
            } else {
                None
            }
        })
    }

    /// The houses and peers.
    pub fn houses(&self) -> &Arc<Houses> {
        &self.houses
    }

    /// The side of the grid.
    pub fn side(&self) -> usize {
        self.houses.side()
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the grid has no cell (never: the smallest grid is 1x1).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value placed in `cell`, if any.
    pub fn value(&self, cell: usize) -> Option<usize> {
        match self.values[cell] {
            0 => None,
            v => Some(usize::from(v)),
        }
    }

    /// The candidates of `cell` (0 once a value is placed).
    #[inline]
    pub fn mask(&self, cell: usize) -> u64 {
        self.masks[cell]
    }

    /// How many cells of house `h` hold no value.
    #[inline]
    pub fn open_in(&self, h: usize) -> usize {
        usize::from(self.open[h])
    }

    /// Every cell's candidates.
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.unplaced == 0
    }

    /// Whether the state is plainly broken: an empty cell without
    /// candidates, or a house where a missing value has no place left.
    pub fn is_broken(&self) -> bool {
        if (0..self.len()).any(|c| self.values[c] == 0 && self.masks[c] == 0) {
            return true;
        }
        self.houses.all().iter().any(|h| {
            let mut seen = 0u64;
            for &cell in &h.cells {
                seen |= self.masks[cell];
                if self.values[cell] != 0 {
                    seen |= bit(usize::from(self.values[cell]));
                }
            }
            seen.count_ones() as usize != self.side()
        })
    }

    /// The cells of house `h` where `v` is a candidate, as a mask over the
    /// house's cell positions (bit `i` for `house.cells[i]`).
    pub fn positions(&self, h: usize, v: usize) -> u64 {
        let b = bit(v);
        let mut out = 0;
        for (i, &cell) in self.houses.get(h).cells.iter().enumerate() {
            if self.masks[cell] & b != 0 {
                out |= 1 << i;
            }
        }
        out
    }

    /// [`Candidates::positions`] of house `h` for every value at once, in
    /// one pass over its cells: `out[v - 1]` for value `v` (`out` holds
    /// `side` entries).
    pub fn house_positions(&self, h: usize, out: &mut [u64]) {
        out.fill(0);
        for (i, &cell) in self.houses.get(h).cells.iter().enumerate() {
            let mut m = self.masks[cell];
            while m != 0 {
                out[m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
    }

    /// [`Candidates::positions`] of every house and value at once: entry
    /// `h * side + v - 1` for house `h` and value `v`. One pass over the
    /// houses' cells, for a technique that asks about many pairs of a
    /// house and a value (locking asks each one several times).
    pub fn position_table(&self) -> Vec<u64> {
        let side = self.side();
        let mut table = vec![0u64; self.houses.all().len() * side];
        for (h, house) in self.houses.all().iter().enumerate() {
            let row = &mut table[h * side..(h + 1) * side];
            for (i, &cell) in house.cells.iter().enumerate() {
                let mut m = self.masks[cell];
                while m != 0 {
                    row[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
        }
        table
    }

    /// The grid of placed values.
    pub fn grid(&self) -> Grid {
        Grid::from_values(
            self.houses.shape(),
            self.values.iter().map(|&v| u16::from(v)).collect(),
        )
        .expect("placed values are within the side")
    }

    /// Places `value` in `cell` and removes it from the candidates of the
    /// cell's peers.
    pub fn place(&mut self, cell: usize, value: usize) {
        debug_assert!(value >= 1 && value <= self.side());
        let Candidates {
            houses,
            values,
            masks,
            open,
            emptied,
            unplaced,
        } = self;
        if values[cell] == 0 {
            for &h in houses.of_cell(cell) {
                open[h] -= 1;
            }
            *unplaced -= 1;
        }
        values[cell] = value as u8;
        masks[cell] = 0;
        let b = !bit(value);
        let mut empties = false;
        for &p in houses.peers(cell) {
            let m = masks[p] & b;
            masks[p] = m;
            // Without a branch: placed peers (mask 0) are common.
            empties |= (m == 0) & (values[p] == 0);
        }
        *emptied |= empties;
    }

    /// Whether a placement or an elimination left an empty cell without
    /// candidates (a quick part of [`Candidates::is_broken`]).
    pub fn emptied_a_cell(&self) -> bool {
        self.emptied
    }

    /// Removes the values of `mask` from the candidates of `cell`; whether
    /// any was there.
    pub fn eliminate(&mut self, cell: usize, mask: u64) -> bool {
        let had = self.masks[cell] & mask != 0;
        self.masks[cell] &= !mask;
        if self.masks[cell] == 0 && self.values[cell] == 0 {
            self.emptied = true;
        }
        had
    }

    /// Applies a step: its eliminations, then its placements.
    pub fn apply(&mut self, step: &crate::Step) {
        for e in &step.eliminations {
            let mask = e.values.iter().fold(0, |m, &v| m | bit(usize::from(v)));
            self.eliminate(e.cell, mask);
        }
        for p in &step.placements {
            if self.values[p.cell] == 0 {
                self.place(p.cell, usize::from(p.value));
            }
        }
    }
}

/// How a learner's state contradicts the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A placed value is not the solution's.
    WrongValue {
        /// The cell, `r1c2`.
        cell: String,
        /// The value placed there.
        placed: usize,
        /// The solution's value.
        solution: usize,
    },
    /// An empty cell's pencil marks lack the solution's value.
    MissingCandidate {
        /// The cell, `r1c2`.
        cell: String,
        /// The solution's value, missing from the marks.
        value: usize,
    },
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mistake::WrongValue {
                cell,
                placed,
                solution,
            } => write!(
                f,
                "{cell} holds {placed}, but the solution has {solution} there"
            ),
            Mistake::MissingCandidate { cell, value } => write!(
                f,
                "the pencil marks of {cell} lack {value}, the solution's value there"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    #[test]
    fn candidates_of_a_puzzle_are_the_values_no_peer_holds() {
        let g = grid(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let c = Candidates::from_grid(&g).unwrap();
        // Against the grid's own candidate list (written independently).
        for r in 0..9 {
            for col in 0..9 {
                let cell = r * 9 + col;
                let want: u64 = g
                    .candidates(r, col)
                    .iter()
                    .fold(0, |m, &v| m | bit(usize::from(v)));
                if g.get(r, col).is_none() {
                    assert_eq!(c.mask(cell), want, "r{}c{}", r + 1, col + 1);
                } else {
                    assert_eq!(c.mask(cell), 0);
                }
            }
        }
        assert!(!c.is_broken());
    }

    #[test]
    fn constraints_add_houses_and_peers() {
        use sudoku::{CageSpec, Constraint, Variant};
        let shape = Shape::square(3).unwrap();
        let variant = Variant {
            cages: vec![CageSpec {
                sum: 3,
                cells: vec![(8, 0), (8, 8)],
                line: 0,
                columns: Vec::new(),
            }],
            constraints: vec![
                Constraint::DiagonalNegative,
                Constraint::Windoku,
                Constraint::AntiKnight,
            ],
            ..Variant::default()
        };
        let houses = Houses::new(&variant.rules(shape).unwrap()).unwrap();
        // 27 classic houses, the diagonal, 4 windows.
        assert_eq!(houses.all().len(), 32);
        assert_eq!(houses.extras().len(), 5);
        assert!(houses.sees(0, 80)); // the diagonal
        assert!(houses.sees(10, 30)); // window 1: r2c2 and r4c4
        assert!(houses.sees(0, 11)); // a knight's move: r1c1, r2c3
        assert!(houses.sees(72, 80)); // r9c1, r9c9 (a row and the cage)
        assert!(!houses.sees(0, 12)); // r1c1, r2c4: nothing
        assert!(houses.is_constrained());
        let cage = Variant {
            cages: vec![CageSpec {
                sum: 4,
                cells: vec![(0, 0), (4, 4)],
                line: 0,
                columns: Vec::new(),
            }],
            ..Variant::default()
        };
        let houses = Houses::new(&cage.rules(shape).unwrap()).unwrap();
        assert!(houses.sees(0, 40)); // only through the cage
        assert_eq!(houses.peers(0).len(), 21);
        let classic = Houses::new(&Rules::standard(shape)).unwrap();
        assert!(!classic.is_constrained());
    }

    #[test]
    fn peers_of_a_classic_cell_are_twenty() {
        let houses = Houses::new(&Rules::standard(Shape::square(3).unwrap())).unwrap();
        for cell in 0..81 {
            assert_eq!(houses.peers(cell).len(), 20);
            assert_eq!(houses.of_cell(cell).len(), 3);
        }
        assert!(houses.sees(0, 80 - 72)); // r1c1 and r1c9
        assert!(!houses.sees(0, 40));
    }

    #[test]
    fn conflicting_givens_are_an_error() {
        let mut s = ".".repeat(81);
        s.replace_range(0..1, "5");
        s.replace_range(8..9, "5");
        let err = Candidates::from_grid(&grid(&s)).unwrap_err();
        assert_eq!(
            err,
            StateError::Conflict {
                first: "r1c1".into(),
                second: "r1c9".into(),
                value: 5
            }
        );
    }

    #[test]
    fn marks_that_leave_a_cell_empty_are_an_error() {
        let g = grid(&".".repeat(16));
        let houses = Arc::new(Houses::new(&Rules::standard(g.shape())).unwrap());
        let mut marks = vec![0b1111u64; 16];
        marks[5] = 0;
        let err = Candidates::from_state(houses, &g, Some(&marks)).unwrap_err();
        assert_eq!(
            err,
            StateError::NoCandidates {
                cell: "r2c2".into()
            }
        );
    }

    #[test]
    fn mistakes_against_the_solution() {
        let solution = grid("1234341221434321");
        let mut g = grid(&".".repeat(16));
        g.set(0, 0, Some(2));
        let houses = Arc::new(Houses::new(&Rules::standard(g.shape())).unwrap());
        let c = Candidates::from_state(Arc::clone(&houses), &g, None).unwrap();
        assert_eq!(
            c.first_mistake(&solution),
            Some(Mistake::WrongValue {
                cell: "r1c1".into(),
                placed: 2,
                solution: 1
            })
        );
        let g = grid(&".".repeat(16));
        let mut marks = vec![0b1111u64; 16];
        marks[1] &= !bit(2);
        let c = Candidates::from_state(houses, &g, Some(&marks)).unwrap();
        assert_eq!(
            c.first_mistake(&solution),
            Some(Mistake::MissingCandidate {
                cell: "r1c2".into(),
                value: 2
            })
        );
    }
}
