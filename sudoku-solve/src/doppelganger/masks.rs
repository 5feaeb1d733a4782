//! The doppelganger grid's own search, on candidate masks (the engine
//! `masks`): the engine that fills and digs [`generate`](super::generate)'s
//! puzzles, and the one [`answer`](super::answer)'s plan picks under
//! `auto` for a uniqueness check. The propagation engine on the constraint
//! model and Dancing Links on the exact cover are apart from it, and check
//! what it makes.
//!
//! The variables: per cell its possible values (`0..=n`, bit `v` for `v`),
//! per house the value it misses (`1..=n`). Propagated to a fixed point,
//! with a worklist (the variables fixed and not yet spread, the units that
//! changed since their last look), so that a node looks only at what
//! changed:
//!
//! - a cell's or a missing value's one value is taken from the rest of
//!   its house (a house holds `n + 1` different values: its cells and the
//!   value it misses), and a house's missing value from the other houses
//!   of its kind (no two miss the same);
//! - a value with one place left in a house (a cell, or the value missed),
//!   and a value that one house of a kind is left to miss, goes there; none
//!   left is a dead end;
//! - at a cell that may be 0, its row, column and box must be able to miss
//!   three different values, or it is not a 0; at a 0 the three are kept
//!   all different (a known one taken from the others, two that share two
//!   values take them from the third);
//! - the phantoms. A value `d` of `1..=n` is in every row but the one that
//!   misses it, so in a band of boxes it is in as many rows as boxes: the
//!   row, the column and the box that miss `d` meet at one cell, `d`'s
//!   phantom, and that cell is not a 0 (its row and column miss the same
//!   value). So a house may miss only values whose phantom can be in it
//!   (its row, column and box may all miss the value, the cell is not a
//!   0), and a value whose phantom has one cell left fixes that cell's
//!   row, column and box to miss it (and the cell is not a 0).
//!
//! So a full assignment that survives is a grid of the rule; every grid
//! found is checked by the rule's text anyway ([`check_against`]), and one
//! that fails is an error, never a solution. The search branches on the
//! missing value with the fewest values while one is open, then on the
//! cell with the fewest (the first of them on ties), its values in order,
//! or in a random order to draw a random grid. Its levels keep
//! their vectors, so that a search allocates only as it first goes deeper.

use solver_core::{Incomplete, Limits};
use sudoku::doppelganger::{check_against, DoppelGrid, House};

/// The widest side the search on candidate masks takes (`0..=n` in a
/// `u32`, and `1 << (n + 1)` too): `auto` plans it for a check up to
/// this side.
pub const MAX_MASK_SIDE: u32 = 30;

/// How often (in nodes) the search looks at the clock and the cancel flag:
/// the workspace's one interval.
const POLL: u64 = solver_core::CHECK_EVERY as u64;

/// What a search found: up to the solutions asked for, why it stopped
/// early if it did, and its nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// The grids found, each checked by the rule.
    pub solutions: Vec<DoppelGrid>,
    /// Why the search stopped before it had seen everything (the solution
    /// limit among the reasons).
    pub incomplete: Option<Incomplete>,
    /// The values tried at branches (the node limit's measure).
    pub nodes: u64,
}

/// How a search over every solution ended: why it stopped early if it
/// did, and its nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ended {
    /// Why the search stopped before it had seen everything; the solution
    /// limit when the visitor said stop.
    pub incomplete: Option<Incomplete>,
    /// The values tried at branches.
    pub nodes: u64,
}

/// A random stream for the value order (any `FnMut(usize) -> usize` that
/// gives a number below its argument).
pub(crate) type Below<'a> = &'a mut dyn FnMut(usize) -> usize;

/// The units of a shape, looked up once: the search's tables.
#[derive(Clone, Debug)]
pub(crate) struct MaskSearch {
    n: usize,
    /// Per unit, its members: units `0..3n` are the houses (rows, then
    /// columns, then boxes), each its cells and then the variable of the
    /// value it misses; units `3n..3n + 3` the missing values of the rows,
    /// the columns and the boxes.
    units: Vec<Vec<usize>>,
    /// Per cell, its row, column and box.
    of: Vec<[usize; 3]>,
}

/// What propagation has left to do: variables fixed and not yet spread,
/// units changed since their last look (a bit per unit), houses whose
/// missing value changed since the rule at a 0 last looked at their cells
/// (a bit per house; a cell fixed to 0 is looked at when it is spread),
/// and whether a missing value (or a cell's last 0) changed since the
/// phantoms' last look. Kept across nodes, so that propagation allocates nothing.
#[derive(Clone, Debug, Default)]
struct Work {
    fixed: Vec<usize>,
    dirty: u128,
    zeros: u128,
    phantoms: bool,
}

impl Work {
    fn clear(&mut self) {
        self.fixed.clear();
        self.dirty = 0;
        self.zeros = 0;
        self.phantoms = false;
    }
}

/// A level of the search: its variables (propagated), the variable it
/// branches on, the values in the order they are tried and how many have
/// been.
#[derive(Clone, Debug, Default)]
struct Level {
    vars: Vec<u32>,
    var: usize,
    values: Vec<u32>,
    tried: usize,
}

/// A dead end: some variable has no value left, or two values need the
/// one place.
struct Dead;

/// Whether three sets of values have three different values, one from
/// each (Hall's condition; each set is not empty).
fn three_differ(a: u32, b: u32, c: u32) -> bool {
    (a | b).count_ones() >= 2
        && (a | c).count_ones() >= 2
        && (b | c).count_ones() >= 2
        && (a | b | c).count_ones() >= 3
}

impl MaskSearch {
    /// The search of `puzzle`'s shape; `None` for a side above
    /// [`MAX_MASK_SIDE`].
    pub(crate) fn new(puzzle: &DoppelGrid) -> Option<MaskSearch> {
        let side = puzzle.shape().side();
        if side > MAX_MASK_SIDE {
            return None;
        }
        let n = side as usize;
        let mut units = Vec::with_capacity(3 * n + 3);
        let mut of = vec![[0; 3]; n * n];
        for (kind, house) in House::ALL.into_iter().enumerate() {
            for (h, cells) in puzzle.houses(house).into_iter().enumerate() {
                for &cell in &cells {
                    of[cell][kind] = h;
                }
                let mut members = cells;
                members.push(n * n + kind * n + h);
                units.push(members);
            }
        }
        for kind in 0..3 {
            units.push((0..n).map(|h| n * n + kind * n + h).collect());
        }
        Some(MaskSearch { n, units, of })
    }

    /// The variable of the value house `h` of `kind` misses.
    fn miss(&self, kind: usize, h: usize) -> usize {
        self.n * self.n + kind * self.n + h
    }

    /// Every value of a cell: `0..=n`.
    fn all_cells(&self) -> u32 {
        (1u32 << (self.n + 1)) - 1
    }

    /// Every value a house may miss: `1..=n`.
    fn all_misses(&self) -> u32 {
        self.all_cells() & !1
    }

    /// Up to `want` solutions of `puzzle` (of this search's shape) within
    /// `limits` (its node limit, clock and cancel flag; `want` is the
    /// solution limit), the values of each branch in order or, with
    /// `shuffle`, in a random order.
    ///
    /// # Errors
    /// A grid the search took for a solution that breaks the rule (a bug).
    pub(crate) fn solve(
        &self,
        puzzle: &DoppelGrid,
        want: usize,
        limits: &Limits,
        shuffle: Option<Below<'_>>,
    ) -> Result<Found, String> {
        let mut solutions = Vec::new();
        let ended = self.search(puzzle, limits, shuffle, &mut |grid| {
            solutions.push(grid.clone());
            solutions.len() < want
        })?;
        Ok(Found {
            solutions,
            incomplete: ended.incomplete,
            nodes: ended.nodes,
        })
    }

    /// The variables of `puzzle` before propagation: every value open but
    /// at the givens, and the work that propagates them all.
    fn start(&self, puzzle: &DoppelGrid, work: &mut Work) -> Vec<u32> {
        let n = self.n;
        let mut vars = vec![self.all_cells(); n * n];
        vars.resize(n * n + 3 * n, self.all_misses());
        for (var, given) in vars.iter_mut().zip(puzzle.cells()) {
            if let Some(v) = given {
                *var = 1 << *v;
            }
        }
        work.clear();
        work.fixed
            .extend((0..vars.len()).filter(|&v| vars[v].is_power_of_two()));
        work.dirty = (1u128 << self.units.len()) - 1;
        work.zeros = (1u128 << (3 * n)) - 1;
        work.phantoms = true;
        vars
    }

    /// Every solution of `puzzle` given to `visit` in the search's order,
    /// each checked by the rule first, until `visit` returns false (the
    /// search then ends with [`Incomplete::SolutionLimit`]) or `limits`
    /// stop it (its node limit, clock and cancel flag; not its solution
    /// limit, which is the visitor's to keep).
    ///
    /// # Errors
    /// A grid the search took for a solution that breaks the rule (a bug).
    pub(crate) fn search(
        &self,
        puzzle: &DoppelGrid,
        limits: &Limits,
        mut shuffle: Option<Below<'_>>,
        visit: &mut dyn FnMut(&DoppelGrid) -> bool,
    ) -> Result<Ended, String> {
        let n = self.n;
        let mut work = Work::default();
        let mut vars = self.start(puzzle, &mut work);
        let mut ended = Ended {
            incomplete: None,
            nodes: 0,
        };
        if self.propagate(&mut vars, &mut work).is_err() {
            return Ok(ended);
        }
        let mut levels = vec![Level {
            vars,
            ..Level::default()
        }];
        let mut next_poll = 0;
        // `depth`: the level whose variables are propagated and not yet
        // branched on.
        let mut depth = 0;
        loop {
            let level = &mut levels[depth];
            match self.branch(&level.vars) {
                None => {
                    let grid = self.grid(puzzle, &level.vars);
                    check_against(&grid, puzzle).map_err(|e| {
                        format!("doppelganger: the mask search's grid {grid} breaks the rule: {e}")
                    })?;
                    if !visit(&grid) {
                        ended.incomplete = Some(Incomplete::SolutionLimit);
                        return Ok(ended);
                    }
                    // Back to the last level with a value left.
                    level.tried = level.values.len();
                }
                Some(var) => {
                    level.var = var;
                    level.tried = 0;
                    level.values.clear();
                    let mask = level.vars[var];
                    level
                        .values
                        .extend((0..=n as u32).filter(|&v| mask & (1 << v) != 0));
                    if let Some(below) = shuffle.as_mut() {
                        for i in (1..level.values.len()).rev() {
                            level.values.swap(i, below(i + 1));
                        }
                    }
                    ended.nodes += level.values.len() as u64;
                    if limits.max_nodes.is_some_and(|m| ended.nodes > m) {
                        ended.incomplete = Some(Incomplete::NodeLimit);
                        return Ok(ended);
                    }
                    if ended.nodes >= next_poll {
                        next_poll = ended.nodes + POLL;
                        if let Some(why) = limits.interrupted() {
                            ended.incomplete = Some(why);
                            return Ok(ended);
                        }
                    }
                }
            }
            // The next value of the deepest level that has one, propagated;
            // the end when none is left.
            loop {
                let level = &mut levels[depth];
                if level.tried == level.values.len() {
                    if depth == 0 {
                        return Ok(ended);
                    }
                    depth -= 1;
                    continue;
                }
                let (var, v) = (level.var, level.values[level.tried]);
                level.tried += 1;
                if levels.len() == depth + 1 {
                    levels.push(Level::default());
                }
                let (parents, children) = levels.split_at_mut(depth + 1);
                let child = &mut children[0].vars;
                // Copied into the level's own vector: no allocation.
                child.clone_from(&parents[depth].vars);
                work.clear();
                let fixed = self
                    .narrow(child, &mut work, var, 1 << v)
                    .and_then(|()| self.propagate(child, &mut work));
                if fixed.is_ok() {
                    depth += 1;
                    break;
                }
            }
        }
    }

    /// The variable to branch on: the unfixed missing value with the
    /// fewest values, while one is left (each fixes a value's phantom to a
    /// row, a column or a box: on 20 generated 9x9 puzzles, 10,856 nodes
    /// in all where the fewest values over every variable took 37,701;
    /// docs/performance.md); then the cell with the fewest. The
    /// first of them on ties; `None` when every variable has one value.
    fn branch(&self, vars: &[u32]) -> Option<usize> {
        let nn = self.n * self.n;
        let fewest = |range: std::ops::Range<usize>| {
            let mut best: Option<(u32, usize)> = None;
            for var in range {
                let size = vars[var].count_ones();
                if size > 1 && best.is_none_or(|(b, _)| size < b) {
                    best = Some((size, var));
                    if size == 2 {
                        break;
                    }
                }
            }
            best.map(|(_, var)| var)
        };
        fewest(nn..vars.len()).or_else(|| fewest(0..nn))
    }

    /// The grid of variables whose cells are all fixed.
    fn grid(&self, puzzle: &DoppelGrid, vars: &[u32]) -> DoppelGrid {
        let mut grid = DoppelGrid::empty(puzzle.shape());
        for (i, &mask) in vars[..self.n * self.n].iter().enumerate() {
            let v = u16::try_from(mask.trailing_zeros()).unwrap_or(u16::MAX);
            grid.set(i / self.n, i % self.n, Some(v));
        }
        grid
    }

    /// `var` narrowed to the values of `keep`, the change noted in `work`
    /// (its units to look at again, the variable to spread once it has one
    /// value); a variable left with none is a dead end.
    #[inline]
    fn narrow(&self, vars: &mut [u32], work: &mut Work, var: usize, keep: u32) -> Result<(), Dead> {
        let old = vars[var];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Dead);
        }
        vars[var] = new;
        let n = self.n;
        if var < n * n {
            let [r, c, b] = self.of[var];
            work.dirty |= (1 << r) | (1 << (n + c)) | (1 << (2 * n + b));
            // A cell left with 0 alone is no phantom (see `phantoms`).
            work.phantoms |= new == 1;
        } else {
            let (kind, h) = ((var - n * n) / n, (var - n * n) % n);
            work.dirty |= (1 << (kind * n + h)) | (1 << (3 * n + kind));
            work.zeros |= 1 << (kind * n + h);
            work.phantoms = true;
        }
        if new.is_power_of_two() {
            work.fixed.push(var);
        }
        Ok(())
    }

    /// The rules of the module text, to a fixed point: fixed variables
    /// spread first, then the units that changed, then the phantoms.
    fn propagate(&self, vars: &mut [u32], work: &mut Work) -> Result<(), Dead> {
        loop {
            if let Some(var) = work.fixed.pop() {
                self.spread(vars, work, var)?;
            } else if work.dirty != 0 {
                let unit = work.dirty.trailing_zeros() as usize;
                work.dirty &= work.dirty - 1;
                self.unit(vars, work, unit)?;
            } else if work.zeros != 0 {
                let house = work.zeros.trailing_zeros() as usize;
                work.zeros &= work.zeros - 1;
                for &cell in &self.units[house][..self.n] {
                    self.zero(vars, work, cell)?;
                }
            } else if work.phantoms {
                work.phantoms = false;
                self.phantoms(vars, work)?;
            } else {
                return Ok(());
            }
        }
    }

    /// Takes the one value of `var` from the variables that cannot share
    /// it.
    fn spread(&self, vars: &mut [u32], work: &mut Work, var: usize) -> Result<(), Dead> {
        let n = self.n;
        let bit = vars[var];
        if var < n * n {
            for kind in 0..3 {
                let unit = &self.units[kind * n + self.of[var][kind]];
                // The house's cells, and its missing value unless `bit` is 0.
                let members = if bit == 1 { &unit[..n] } else { &unit[..] };
                for &other in members {
                    if other != var {
                        self.narrow(vars, work, other, !bit)?;
                    }
                }
            }
            if bit == 1 {
                self.zero(vars, work, var)?;
            }
        } else {
            let (kind, h) = ((var - n * n) / n, (var - n * n) % n);
            for &other in &self.units[3 * n + kind] {
                if other != var {
                    self.narrow(vars, work, other, !bit)?;
                }
            }
            for &cell in &self.units[kind * n + h][..n] {
                self.narrow(vars, work, cell, !bit)?;
            }
        }
        Ok(())
    }

    /// A unit looked at again: its values with one place left go there
    /// (none left is a dead end).
    fn unit(&self, vars: &mut [u32], work: &mut Work, unit: usize) -> Result<(), Dead> {
        let n = self.n;
        let members = &self.units[unit];
        let values = if unit < 3 * n {
            self.all_cells()
        } else {
            self.all_misses()
        };
        let (mut once, mut twice) = (0u32, 0u32);
        for &var in members {
            twice |= once & vars[var];
            once |= vars[var];
        }
        if once & values != values {
            return Err(Dead);
        }
        let singles = values & !twice;
        if singles != 0 {
            for &var in members {
                let here = vars[var] & singles;
                if here == 0 {
                    continue;
                }
                if !here.is_power_of_two() {
                    // Two values that only this member can take.
                    return Err(Dead);
                }
                self.narrow(vars, work, var, here)?;
            }
        }
        Ok(())
    }

    /// The rule at a 0, at `cell`: its row, column and box miss three
    /// different values. A cell whose three missing values cannot differ
    /// is not a 0; at a 0 the three are all different (a known one is
    /// taken from the other two, two known to be among two values take
    /// those from the third).
    fn zero(&self, vars: &mut [u32], work: &mut Work, cell: usize) -> Result<(), Dead> {
        if vars[cell] & 1 == 0 {
            return Ok(());
        }
        let misses = [0, 1, 2].map(|kind| self.miss(kind, self.of[cell][kind]));
        let [a, b, c] = misses.map(|m| vars[m]);
        if !three_differ(a, b, c) {
            return self.narrow(vars, work, cell, !1);
        }
        if vars[cell] != 1 {
            return Ok(());
        }
        for (x, y, z) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
            let (mx, my) = (vars[misses[x]], vars[misses[y]]);
            if mx.is_power_of_two() {
                self.narrow(vars, work, misses[y], !mx)?;
                self.narrow(vars, work, misses[z], !mx)?;
            }
            if (mx | my).count_ones() == 2 {
                self.narrow(vars, work, misses[z], !(mx | my))?;
            }
        }
        Ok(())
    }

    /// The phantoms (see the module text): each value `d` of `1..=n` has
    /// its phantom at the cell where the row and the column that miss `d`
    /// cross, in the box that misses `d`, and that cell is not a 0. So a
    /// house may miss only values whose phantom can be in it, and a value
    /// whose phantom has one cell left fixes that cell's row, column and
    /// box to miss it.
    fn phantoms(&self, vars: &mut [u32], work: &mut Work) -> Result<(), Dead> {
        let n = self.n;
        let all = self.all_misses();
        let mut can = [[0u32; MAX_MASK_SIDE as usize]; 3];
        let (mut once, mut twice) = (0u32, 0u32);
        let phantom = |vars: &[u32], cell: usize| {
            if vars[cell] == 1 {
                return 0;
            }
            let [r, c, b] = self.of[cell];
            vars[self.miss(0, r)] & vars[self.miss(1, c)] & vars[self.miss(2, b)]
        };
        for cell in 0..n * n {
            let p = phantom(vars, cell);
            for (kind, can) in can.iter_mut().enumerate() {
                can[self.of[cell][kind]] |= p;
            }
            twice |= once & p;
            once |= p;
        }
        if once != all {
            return Err(Dead);
        }
        for (kind, can) in can.iter().enumerate() {
            for (h, &values) in can[..n].iter().enumerate() {
                self.narrow(vars, work, self.miss(kind, h), values)?;
            }
        }
        let singles = all & !twice;
        if singles == 0 {
            return Ok(());
        }
        for cell in 0..n * n {
            // Narrowed above, a value may have lost its one cell: the next
            // look at the phantoms finds it.
            let here = phantom(vars, cell) & singles;
            if here == 0 {
                continue;
            }
            if !here.is_power_of_two() {
                return Err(Dead);
            }
            for kind in 0..3 {
                self.narrow(vars, work, self.miss(kind, self.of[cell][kind]), here)?;
            }
            self.narrow(vars, work, cell, !1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::doppelganger::check;
    use sudoku::Shape;

    /// Every filled 4x4 grid of rows of the rule (four different values of
    /// `0..=4` with a 0), with distinct columns, kept when the rule's text
    /// ([`check`]) passes it: the brute force the search is held to.
    fn brute_force(puzzle: &DoppelGrid) -> Vec<DoppelGrid> {
        let mut rows = Vec::new();
        for a in 0..=4u16 {
            for b in 0..=4u16 {
                for c in 0..=4u16 {
                    for d in 0..=4u16 {
                        let row = [a, b, c, d];
                        let distinct = (0..4).all(|i| (0..i).all(|j| row[i] != row[j]));
                        if distinct && row.contains(&0) {
                            rows.push(row);
                        }
                    }
                }
            }
        }
        let fits =
            |r: usize, row: &[u16; 4]| (0..4).all(|c| puzzle.get(r, c).is_none_or(|g| g == row[c]));
        // Rows below that repeat a value of a column above are skipped.
        let new_in_columns = |above: &[&[u16; 4]], row: &[u16; 4]| {
            above.iter().all(|a| (0..4).all(|c| a[c] != row[c]))
        };
        let mut out = Vec::new();
        for r0 in rows.iter().filter(|row| fits(0, row)) {
            for r1 in rows
                .iter()
                .filter(|row| fits(1, row) && new_in_columns(&[r0], row))
            {
                for r2 in rows
                    .iter()
                    .filter(|row| fits(2, row) && new_in_columns(&[r0, r1], row))
                {
                    for r3 in rows
                        .iter()
                        .filter(|row| fits(3, row) && new_in_columns(&[r0, r1, r2], row))
                    {
                        let cells = [r0, r1, r2, r3].iter().flat_map(|r| r.map(Some)).collect();
                        let grid = DoppelGrid::from_cells(puzzle.shape(), cells).unwrap();
                        if check(&grid).is_ok() {
                            out.push(grid);
                        }
                    }
                }
            }
        }
        out
    }

    fn all(puzzle: &DoppelGrid) -> Found {
        let search = MaskSearch::new(puzzle).unwrap();
        search
            .solve(puzzle, usize::MAX, &Limits::none(), None)
            .unwrap()
    }

    #[test]
    fn the_empty_four_by_four_grid_has_the_brute_forces_grids() {
        let empty = DoppelGrid::empty(Shape::square(2).unwrap());
        let mut expected = brute_force(&empty);
        let found = all(&empty);
        assert_eq!(found.incomplete, None);
        let mut solutions = found.solutions;
        solutions.sort_by_key(DoppelGrid::to_text);
        expected.sort_by_key(DoppelGrid::to_text);
        assert_eq!(solutions.len(), expected.len());
        assert_eq!(solutions, expected);
    }

    #[test]
    fn puzzles_with_givens_have_the_brute_forces_solutions() {
        let empty = DoppelGrid::empty(Shape::square(2).unwrap());
        let grids = brute_force(&empty);
        let mut unique = 0;
        for (k, grid) in grids.iter().enumerate().step_by(23) {
            let mut puzzle = empty.clone();
            for i in (k % 3..16).step_by(2 + k % 3) {
                puzzle.set(i / 4, i % 4, grid.get(i / 4, i % 4));
            }
            let mut expected = brute_force(&puzzle);
            let mut solutions = all(&puzzle).solutions;
            solutions.sort_by_key(DoppelGrid::to_text);
            expected.sort_by_key(DoppelGrid::to_text);
            assert_eq!(solutions, expected, "{puzzle}");
            unique += usize::from(expected.len() == 1);
            // Two asked for: the first two, and the limit says so.
            let search = MaskSearch::new(&puzzle).unwrap();
            let two = search.solve(&puzzle, 2, &Limits::none(), None).unwrap();
            assert_eq!(two.solutions.len(), expected.len().min(2), "{puzzle}");
            assert_eq!(two.incomplete.is_some(), expected.len() >= 2, "{puzzle}");
        }
        assert!(unique > 0, "some puzzle had one solution");
        // Two zeros in a row: none.
        let clash: DoppelGrid = "00..............".parse().unwrap();
        assert_eq!(all(&clash).solutions, Vec::<DoppelGrid>::new());
    }

    /// The value each house of `kind` misses in a full grid.
    fn missing(grid: &DoppelGrid, kind: House) -> Vec<u16> {
        let n = grid.shape().side() as u16;
        grid.houses(kind)
            .iter()
            .map(|cells| {
                (1..=n)
                    .find(|&v| cells.iter().all(|&c| grid.cells()[c] != Some(v)))
                    .unwrap()
            })
            .collect()
    }

    /// The module text's phantoms, on every 4x4 grid of the brute force:
    /// the row, the column and the box that miss a value meet at one cell,
    /// which holds neither 0 nor that value.
    #[test]
    fn every_value_has_its_phantom_in_the_brute_forces_grids() {
        let empty = DoppelGrid::empty(Shape::square(2).unwrap());
        let grids = brute_force(&empty);
        assert_eq!(grids.len(), 768);
        for grid in grids {
            let [rows, columns, boxes] = House::ALL.map(|kind| missing(&grid, kind));
            for d in 1..=4 {
                let at = |misses: &[u16]| misses.iter().position(|&m| m == d).unwrap();
                let (r, c, b) = (at(&rows), at(&columns), at(&boxes));
                assert_eq!(grid.shape().box_of(r, c), b, "{grid}, value {d}");
                let v = grid.get(r, c).unwrap();
                assert!(v != 0 && v != d, "{grid}, value {d}");
            }
        }
    }

    /// Propagation removes no value of any solution: on 4x4 puzzles (givens
    /// of the brute force's grids, and values at random), every solution the
    /// brute force lists keeps each of its cells' values and its missing
    /// values among the candidates propagation leaves; a dead end only where
    /// the brute force finds no solution.
    #[test]
    fn propagation_keeps_every_solution_of_the_brute_force() {
        let empty = DoppelGrid::empty(Shape::square(2).unwrap());
        let grids = brute_force(&empty);
        let search = MaskSearch::new(&empty).unwrap();
        let mut x: u64 = 11;
        let mut below = |k: usize| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            ((x >> 33) % k as u64) as usize
        };
        let (mut dead, mut narrowed) = (0, 0);
        for k in 0..300 {
            let mut puzzle = empty.clone();
            let grid = &grids[below(grids.len())];
            for _ in 0..1 + below(6) {
                let i = below(16);
                puzzle.set(i / 4, i % 4, grid.get(i / 4, i % 4));
            }
            if k % 3 == 2 {
                let i = below(16);
                puzzle.set(i / 4, i % 4, Some(below(5) as u16));
            }
            let expected = brute_force(&puzzle);
            let mut work = Work::default();
            let mut vars = search.start(&puzzle, &mut work);
            if search.propagate(&mut vars, &mut work).is_err() {
                assert_eq!(expected, Vec::<DoppelGrid>::new(), "{puzzle}");
                dead += 1;
                continue;
            }
            for solution in &expected {
                for (i, v) in solution.cells().iter().enumerate() {
                    let v = v.unwrap();
                    assert!(vars[i] & (1 << v) != 0, "{puzzle}: {solution} at {i}");
                }
                for (kind, house) in House::ALL.into_iter().enumerate() {
                    for (h, m) in missing(solution, house).into_iter().enumerate() {
                        let var = search.miss(kind, h);
                        assert!(vars[var] & (1 << m) != 0, "{puzzle}: {solution} misses {m}");
                    }
                }
            }
            let open: u32 = vars.iter().map(|m| m.count_ones()).sum();
            let before: u32 = (0..16)
                .map(|i| if puzzle.cells()[i].is_some() { 1 } else { 5 })
                .sum::<u32>()
                + 12 * 4;
            narrowed += usize::from(open < before);
        }
        assert!(
            dead > 10 && narrowed > 100,
            "{dead} dead ends, {narrowed} narrowed"
        );
    }

    #[test]
    fn a_random_order_draws_grids_of_the_rule_and_limits_stop_it() {
        let empty = DoppelGrid::empty(Shape::new(2, 3).unwrap());
        let search = MaskSearch::new(&empty).unwrap();
        let mut x: u64 = 7;
        let mut below = |k: usize| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            ((x >> 33) % k as u64) as usize
        };
        let mut drawn = Vec::new();
        for _ in 0..4 {
            let found = search
                .solve(&empty, 1, &Limits::none(), Some(&mut below))
                .unwrap();
            assert_eq!(found.solutions.len(), 1);
            assert_eq!(check(&found.solutions[0]), Ok(()));
            drawn.push(found.solutions[0].clone());
        }
        drawn.dedup();
        assert!(drawn.len() > 1, "four draws gave one grid");
        let stopped = search
            .solve(&empty, 2, &Limits::none().nodes(3), None)
            .unwrap();
        assert_eq!(stopped.incomplete, Some(Incomplete::NodeLimit));
    }
}
