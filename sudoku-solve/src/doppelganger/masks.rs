//! The doppelganger grid's own search, on candidate masks (the engine
//! `masks`): the engine that fills and digs [`generate`](super::generate)'s
//! puzzles, and the one [`answer`](super::answer)'s plan picks under
//! `auto` for a uniqueness check. The propagation engine on the constraint
//! model and Dancing Links on the exact cover are apart from it, and check
//! what it makes.
//!
//! The variables: per cell its possible values (`0..=n`, bit `v` for `v`),
//! per house the value it may miss (`1..=n`). Propagated to a fixed point:
//!
//! - a cell's or a missing value's last value is taken from the rest of
//!   its house (a house holds `n + 1` different values: its cells and the
//!   value it misses), and a house's missing value from the other houses
//!   of its kind (no two miss the same);
//! - a value with one place left in a house (a cell, or the value missed),
//!   and a value that one house of a kind is left to miss, goes there; none
//!   left is a dead end;
//! - at a 0, a missing value known is taken from the other two houses; a
//!   cell whose two houses are known to miss the same value is not a 0.
//!
//! So a full assignment that survives is a grid of the rule; every grid
//! found is checked by the rule's text anyway ([`check_against`]), and one
//! that fails is an error, never a solution. The search branches on the
//! variable with the fewest values (the first of them on ties), its values
//! in order, or in a random order to draw a random grid.

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

/// The houses of a shape, looked up once.
#[derive(Clone, Debug)]
pub(crate) struct MaskSearch {
    n: usize,
    /// Per kind, per house, its cells.
    houses: [Vec<Vec<usize>>; 3],
    /// Per cell, its row, column and box.
    of: Vec<[usize; 3]>,
}

/// The variables: `n * n` cells, then the missing values of rows, columns
/// and boxes; with which of them have had their one value spread.
#[derive(Clone, Debug, Default)]
struct State {
    vars: Vec<u32>,
    spread: Vec<bool>,
}

/// A level of the search: its state (propagated), the variable it
/// branches on, the values in the order they are tried and how many have
/// been.
#[derive(Clone, Debug, Default)]
struct Level {
    state: State,
    var: usize,
    values: Vec<u32>,
    tried: usize,
}

/// A dead end: some variable has no value left.
struct Dead;

impl MaskSearch {
    /// The search of `puzzle`'s shape; `None` for a side above
    /// [`MAX_MASK_SIDE`].
    pub(crate) fn new(puzzle: &DoppelGrid) -> Option<MaskSearch> {
        let side = puzzle.shape().side();
        if side > MAX_MASK_SIDE {
            return None;
        }
        let n = side as usize;
        let houses = House::ALL.map(|kind| puzzle.houses(kind));
        let mut of = vec![[0; 3]; n * n];
        for (kind, each) in houses.iter().enumerate() {
            for (h, cells) in each.iter().enumerate() {
                for &cell in cells {
                    of[cell][kind] = h;
                }
            }
        }
        Some(MaskSearch { n, houses, of })
    }

    /// The variable of the value house `h` of `kind` misses.
    fn miss(&self, kind: usize, h: usize) -> usize {
        self.n * self.n + kind * self.n + h
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
        let all_cells = (1u32 << (n + 1)) - 1;
        let all_misses = all_cells & !1;
        let mut vars = vec![all_cells; n * n];
        vars.resize(n * n + 3 * n, all_misses);
        for (var, given) in vars.iter_mut().zip(puzzle.cells()) {
            if let Some(v) = given {
                *var = 1 << *v;
            }
        }
        let mut ended = Ended {
            incomplete: None,
            nodes: 0,
        };
        let mut levels = vec![Level {
            state: State {
                spread: vec![false; vars.len()],
                vars,
            },
            ..Level::default()
        }];
        if self.propagate(&mut levels[0].state).is_err() {
            return Ok(ended);
        }
        let mut next_poll = 0;
        // `depth`: the level whose state is propagated and not yet
        // branched on.
        let mut depth = 0;
        loop {
            let level = &mut levels[depth];
            match self.branch(&level.state) {
                None => {
                    let grid = self.grid(puzzle, &level.state);
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
                    let mask = level.state.vars[var];
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
                let (child, parent) = (&mut children[0].state, &parents[depth].state);
                // Copied into the level's own vectors: no allocation.
                child.vars.clone_from(&parent.vars);
                child.spread.clone_from(&parent.spread);
                child.vars[var] = 1 << v;
                if self.propagate(child).is_ok() {
                    depth += 1;
                    break;
                }
            }
        }
    }

    /// The unfixed variable with the fewest values; `None` when every
    /// variable has one.
    fn branch(&self, state: &State) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (var, &mask) in state.vars.iter().enumerate() {
            let size = mask.count_ones();
            if size > 1 && best.is_none_or(|(b, _)| size < b) {
                best = Some((size, var));
                if size == 2 {
                    break;
                }
            }
        }
        best.map(|(_, var)| var)
    }

    /// The grid of a state whose cells are all fixed.
    fn grid(&self, puzzle: &DoppelGrid, state: &State) -> DoppelGrid {
        let mut grid = DoppelGrid::empty(puzzle.shape());
        for (i, &mask) in state.vars[..self.n * self.n].iter().enumerate() {
            let v = u16::try_from(mask.trailing_zeros()).unwrap_or(u16::MAX);
            grid.set(i / self.n, i % self.n, Some(v));
        }
        grid
    }

    /// The rules of the module text, to a fixed point.
    fn propagate(&self, state: &mut State) -> Result<(), Dead> {
        loop {
            let mut changed = false;
            for var in 0..state.vars.len() {
                match state.vars[var].count_ones() {
                    0 => return Err(Dead),
                    1 if !state.spread[var] => {
                        state.spread[var] = true;
                        self.spread(state, var)?;
                        changed = true;
                    }
                    _ => {}
                }
            }
            changed |= self.hidden_singles(state)?;
            changed |= self.zeros(state)?;
            if !changed {
                return Ok(());
            }
        }
    }

    /// Takes the one value of `var` from the variables that cannot share
    /// it.
    fn spread(&self, state: &mut State, var: usize) -> Result<(), Dead> {
        let n = self.n;
        let bit = state.vars[var];
        let mut remove = |other: usize| {
            state.vars[other] &= !bit;
            if state.vars[other] == 0 {
                Err(Dead)
            } else {
                Ok(())
            }
        };
        if var < n * n {
            for kind in 0..3 {
                let h = self.of[var][kind];
                for &cell in &self.houses[kind][h] {
                    if cell != var {
                        remove(cell)?;
                    }
                }
                if bit != 1 {
                    remove(self.miss(kind, h))?;
                }
            }
        } else {
            let (kind, h) = ((var - n * n) / n, (var - n * n) % n);
            for other in (0..n).filter(|&o| o != h) {
                remove(self.miss(kind, other))?;
            }
            for &cell in &self.houses[kind][h] {
                remove(cell)?;
            }
        }
        Ok(())
    }

    /// Values with one place left in a house, and missing values with one
    /// house of a kind left, fixed there; whether anything changed.
    fn hidden_singles(&self, state: &mut State) -> Result<bool, Dead> {
        let n = self.n;
        let all_cells = (1u32 << (n + 1)) - 1;
        let mut changed = false;
        for kind in 0..3 {
            for h in 0..n {
                let members = self.houses[kind][h]
                    .iter()
                    .copied()
                    .chain([self.miss(kind, h)]);
                changed |= fix_singles(state, members, all_cells)?;
            }
            let misses = (0..n).map(|h| self.miss(kind, h));
            changed |= fix_singles(state, misses, all_cells & !1)?;
        }
        Ok(changed)
    }

    /// At each cell that may be 0, its three houses' missing values: a known
    /// one taken from the other two when the cell is 0; the 0 taken from
    /// the cell when two are known to be the same.
    fn zeros(&self, state: &mut State) -> Result<bool, Dead> {
        let mut changed = false;
        for cell in 0..self.n * self.n {
            if state.vars[cell] & 1 == 0 {
                continue;
            }
            let misses = [0, 1, 2].map(|kind| self.miss(kind, self.of[cell][kind]));
            let single = |state: &State, var: usize| state.vars[var].count_ones() == 1;
            if state.vars[cell] == 1 {
                for (a, b) in [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)] {
                    let (known, other) = (misses[a], misses[b]);
                    if single(state, known) && state.vars[other] & state.vars[known] != 0 {
                        state.vars[other] &= !state.vars[known];
                        if state.vars[other] == 0 {
                            return Err(Dead);
                        }
                        changed = true;
                    }
                }
            } else {
                let clash = [(0, 1), (0, 2), (1, 2)].iter().any(|&(a, b)| {
                    single(state, misses[a]) && state.vars[misses[a]] == state.vars[misses[b]]
                });
                if clash {
                    state.vars[cell] &= !1;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }
}

/// Among `members` (variables that take every value of `values` between
/// them, each once), a value that one member is left to take is fixed
/// there; a value none can take is a dead end. Whether anything changed.
fn fix_singles(
    state: &mut State,
    members: impl Iterator<Item = usize> + Clone,
    values: u32,
) -> Result<bool, Dead> {
    let (mut once, mut twice) = (0u32, 0u32);
    for var in members.clone() {
        twice |= once & state.vars[var];
        once |= state.vars[var];
    }
    if once & values != values {
        return Err(Dead);
    }
    let mut singles = values & !twice;
    let mut changed = false;
    for var in members {
        let here = state.vars[var] & singles;
        if here == 0 {
            continue;
        }
        if here.count_ones() > 1 {
            // Two values that only this member can take.
            return Err(Dead);
        }
        if state.vars[var] != here {
            state.vars[var] = here;
            changed = true;
        }
        singles &= !here;
    }
    Ok(changed)
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
