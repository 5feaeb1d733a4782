//! A doppelganger puzzle as exact cover, for Dancing Links.
//!
//! Every row, column and box holds exactly one 0 and misses exactly one value
//! of `1..=n`; the `n` rows miss `n` different values, so each value is missed
//! by exactly one row (the same for columns and boxes). A house has one 0, so
//! its zero can declare what the house misses. The items (all primary):
//!
//! - `cell(r,c)`: each cell holds one value;
//! - `zero-in-row(r)`, `zero-in-col(c)`, `zero-in-box(b)`: one 0 per house;
//! - `row-has(r,v)`, `col-has(c,v)`, `box-has(b,v)` for `v` in `1..=n`: the
//!   value is in the house, or is the one it misses;
//! - `rows-miss(v)`, `cols-miss(v)`, `boxes-miss(v)`: one house of each kind
//!   misses `v`.
//!
//! The options:
//!
//! - "`(r,c)` holds `v >= 1`": `cell(r,c)`, `row-has(r,v)`, `col-has(c,v)`,
//!   `box-has(b,v)`;
//! - "`(r,c)` holds 0, its row misses `a`, its column `b`, its box `d`" for
//!   `a`, `b`, `d` pairwise different: `cell(r,c)`, the three `zero-in`, and
//!   `row-has(r,a)`, `rows-miss(a)`, `col-has(c,b)`, `cols-miss(b)`,
//!   `box-has(B,d)`, `boxes-miss(d)`.
//!
//! `n * n * n * (n-1) * (n-2)` zero options: 40,824 on 9x9. A given keeps only
//! the options of its value at its cell, and a 0 option is left out when
//! the house it says misses `v` holds a given `v` (the two would cover the
//! same `has` item, so the search would reject it anyway: only fewer
//! options, the same solutions).

use solver_core::{BuildError, ItemId, Matrix, OptionId, ProblemBuilder};

use super::DoppelGrid;

/// What one option of the cover says: a cell's value and, at a 0, what its
/// row, column and box miss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Choice {
    cell: usize,
    value: u16,
    /// At a 0: the values its row, column and box miss.
    misses: Option<[u16; 3]>,
}

/// The exact cover of a puzzle, with what each option means to read a
/// solution back.
#[derive(Clone, Debug)]
pub struct DoppelCover {
    /// The matrix: items and options as the module text says.
    pub matrix: Matrix,
    choices: Vec<Choice>,
    puzzle: DoppelGrid,
}

/// A solution of the cover read back: the grid and the value each house
/// misses as the zeros declared it (rows, columns, boxes; `0` where no zero
/// declared one, which an exact cover never leaves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoppelCovered {
    /// The grid.
    pub grid: DoppelGrid,
    /// Per kind (rows, columns, boxes) the value each house misses.
    pub misses: [Vec<u16>; 3],
}

impl DoppelCover {
    /// The puzzle this cover states.
    pub fn puzzle(&self) -> &DoppelGrid {
        &self.puzzle
    }

    /// Reads a solution (its options, in any order) back as a grid and the
    /// missing values its zeros declared.
    pub fn read(&self, options: &[OptionId]) -> DoppelCovered {
        let shape = self.puzzle.shape();
        let n = shape.side() as usize;
        let mut grid = DoppelGrid::empty(shape);
        let mut misses = [vec![0; n], vec![0; n], vec![0; n]];
        for &o in options {
            let choice = self.choices[o.index()];
            let (r, c) = (choice.cell / n, choice.cell % n);
            grid.set(r, c, Some(choice.value));
            if let Some([a, b, d]) = choice.misses {
                misses[0][r] = a;
                misses[1][c] = b;
                misses[2][shape.box_of(r, c)] = d;
            }
        }
        DoppelCovered { grid, misses }
    }
}

/// States `puzzle` as exact cover.
///
/// # Errors
/// The matrix builder's refusals (none for a grid [`DoppelGrid::parse`]
/// read: at most 16x16, about a million options).
pub fn cover(puzzle: &DoppelGrid) -> Result<DoppelCover, BuildError> {
    let shape = puzzle.shape();
    let n = shape.side() as usize;
    let mut b = ProblemBuilder::new();
    let cell = b.add_primary_items(n * n)?;
    let zero_in = [
        b.add_primary_items(n)?,
        b.add_primary_items(n)?,
        b.add_primary_items(n)?,
    ];
    // has[kind][house * n + (v - 1)]
    let has = [
        b.add_primary_items(n * n)?,
        b.add_primary_items(n * n)?,
        b.add_primary_items(n * n)?,
    ];
    // miss[kind][v - 1]
    let miss = [
        b.add_primary_items(n)?,
        b.add_primary_items(n)?,
        b.add_primary_items(n)?,
    ];
    // given_in[kind][house * (n + 1) + v]: the house holds a given v.
    let mut given_in = [
        vec![false; n * (n + 1)],
        vec![false; n * (n + 1)],
        vec![false; n * (n + 1)],
    ];
    for (i, given) in puzzle.cells().iter().enumerate() {
        if let Some(v) = given {
            let (r, c) = (i / n, i % n);
            for (kind, house) in [r, c, shape.box_of(r, c)].into_iter().enumerate() {
                given_in[kind][house * (n + 1) + usize::from(*v)] = true;
            }
        }
    }
    let mut choices = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            let houses = [r, c, shape.box_of(r, c)];
            let given = puzzle.cells()[i];
            let side = u16::try_from(n).expect("a side fits u16");
            for v in 1..=side {
                if given.is_some_and(|g| g != v) {
                    continue;
                }
                let k = usize::from(v) - 1;
                let mut entries = vec![cell[i]];
                entries.extend((0..3).map(|kind| has[kind][houses[kind] * n + k]));
                b.add_option(entries)?;
                choices.push(Choice {
                    cell: i,
                    value: v,
                    misses: None,
                });
            }
            if given.is_some_and(|g| g != 0) {
                continue;
            }
            // A house cannot miss a value given in it.
            let can_miss =
                |kind: usize, v: u16| !given_in[kind][houses[kind] * (n + 1) + usize::from(v)];
            for a in (1..=side).filter(|&a| can_miss(0, a)) {
                for bb in (1..=side).filter(|&bb| can_miss(1, bb)) {
                    if bb == a {
                        continue;
                    }
                    for d in (1..=side).filter(|&d| can_miss(2, d)) {
                        if d == a || d == bb {
                            continue;
                        }
                        let missing = [a, bb, d];
                        let mut entries: Vec<ItemId> = Vec::with_capacity(10);
                        entries.push(cell[i]);
                        entries.extend((0..3).map(|kind| zero_in[kind][houses[kind]]));
                        for kind in 0..3 {
                            let k = usize::from(missing[kind]) - 1;
                            entries.push(has[kind][houses[kind] * n + k]);
                            entries.push(miss[kind][k]);
                        }
                        b.add_option(entries)?;
                        choices.push(Choice {
                            cell: i,
                            value: 0,
                            misses: Some(missing),
                        });
                    }
                }
            }
        }
    }
    Ok(DoppelCover {
        matrix: b.build()?,
        choices,
        puzzle: puzzle.clone(),
    })
}
