//! Making doppelganger puzzles: unique and minimal (no given can go and
//! leave one solution), from a seed.
//!
//! 1. A random grid of the rule: the empty grid's first solution, its
//!    values 1..=n relabelled, its rows and columns moved within their
//!    bands and stacks, bands and stacks moved, and (square boxes) the grid
//!    transposed, all at random: changes that keep the rule.
//! 2. Every cell of that grid given, then the givens taken away in a random
//!    order, each one put back when the puzzle without it has more than one
//!    solution. A given that had to stay with more givens around has to
//!    stay with fewer, so one pass leaves a minimal puzzle.
//!
//! Every verdict is [`answer`](super::answer)'s, whose solutions pass the
//! rule's check; the grid is checked by the rule as its text says it
//! ([`sudoku::doppelganger::check`]) before it is used.

use solver_core::{Incomplete, Limits};
use sudoku::doppelganger::{check, DoppelGrid};
use sudoku::Shape;

use super::{answer, DoppelSolveError};
use crate::answer::{Answer, Task};
use crate::solve::Engine;

/// A puzzle made by [`generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoppelGenerated {
    /// The puzzle: one solution, and every given needed for that.
    pub puzzle: DoppelGrid,
    /// Its solution.
    pub solution: DoppelGrid,
}

/// Why a puzzle was not made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DoppelGenerateError {
    /// A side the generator does not make (4x4 to 16x16).
    #[error("doppelganger puzzles are generated from 4x4 to 16x16, not {side}x{side}")]
    Side {
        /// The side asked for.
        side: u32,
    },
    /// A limit stopped the work.
    #[error("doppelganger generation stopped: {0}")]
    Stopped(Incomplete),
    /// The search failed.
    #[error(transparent)]
    Solve(#[from] DoppelSolveError),
}

/// SplitMix64: a small generator, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0; the tiny bias of `%` does not matter
    /// here).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A unique, minimal doppelganger puzzle of `shape` from `seed` (the same
/// seed gives the same puzzle), within `limits`.
///
/// # Errors
/// [`DoppelGenerateError`]: a side outside 4..=16, a limit reached, a
/// solution that failed its checks.
pub fn generate(
    shape: Shape,
    seed: u64,
    limits: &Limits,
) -> Result<DoppelGenerated, DoppelGenerateError> {
    let side = shape.side();
    if !(4..=16).contains(&side) {
        return Err(DoppelGenerateError::Side { side });
    }
    let mut rng = Rng(seed);
    let solution = random_grid(shape, &mut rng, limits)?;
    check(&solution).map_err(|e| {
        DoppelSolveError::Internal(format!(
            "doppelganger: the random grid {solution} breaks the rule: {e}"
        ))
    })?;
    let puzzle = minimal(&solution, &mut rng, limits)?;
    Ok(DoppelGenerated { puzzle, solution })
}

/// A random grid of the rule (step 1 of the module text): the empty
/// grid's first solution, then changes that keep the rule, drawn at random:
/// the values 1..=n relabelled (0 stays), rows moved within their band and
/// bands among themselves, the same for columns and stacks, and a
/// transposition when the boxes are square. Each keeps every house's
/// values (as a set) and the house of every 0, so what each house misses
/// is only relabelled: the three rules hold. The result is checked by the
/// rule anyway.
fn random_grid(
    shape: Shape,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<DoppelGrid, DoppelGenerateError> {
    let first = match answer(
        &DoppelGrid::empty(shape),
        &Task::Solve,
        Engine::Auto,
        limits,
    )?
    .answer
    {
        Answer::Solved(grid) => grid,
        Answer::Unknown(why) => return Err(DoppelGenerateError::Stopped(why)),
        other => return Err(unexpected(&other)),
    };
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    // relabel[v]: the new value of v (relabel[0] = 0).
    let mut relabel: Vec<u16> = (0..=u16::try_from(n).unwrap_or(u16::MAX)).collect();
    rng.shuffle(&mut relabel[1..]);
    // Rows: bands of `br` rows; columns: stacks of `bc` columns.
    let lines = |rng: &mut Rng, size: usize| {
        let mut blocks: Vec<usize> = (0..n / size).collect();
        rng.shuffle(&mut blocks);
        let mut out = Vec::with_capacity(n);
        for b in blocks {
            let mut within: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut within);
            out.extend(within.into_iter().map(|k| b * size + k));
        }
        out
    };
    let rows = lines(rng, br);
    let cols = lines(rng, bc);
    let transpose = br == bc && rng.below(2) == 1;
    let mut grid = DoppelGrid::empty(shape);
    for (r, &row) in rows.iter().enumerate() {
        for (c, &col) in cols.iter().enumerate() {
            let (sr, sc) = if transpose { (col, row) } else { (row, col) };
            let v = first.get(sr, sc).map(|v| relabel[usize::from(v)]);
            grid.set(r, c, v);
        }
    }
    Ok(grid)
}

/// The solution's cells given, then taken away in a random order while
/// one solution remains (step 2 of the module text).
fn minimal(
    solution: &DoppelGrid,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<DoppelGrid, DoppelGenerateError> {
    let n = solution.shape().side() as usize;
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    let mut puzzle = solution.clone();
    for &cell in &cells {
        let (r, c) = (cell / n, cell % n);
        let given = puzzle.get(r, c);
        puzzle.set(r, c, None);
        match answer(&puzzle, &Task::Check, Engine::Auto, limits)?.answer {
            Answer::Unique(found) if &found == solution => {}
            Answer::Unique(found) => {
                return Err(DoppelSolveError::Internal(format!(
                    "doppelganger: {puzzle} has the one solution {found}, not the grid it came from, {solution}"
                ))
                .into())
            }
            Answer::Multiple(..) => puzzle.set(r, c, given),
            Answer::Unknown(why) => return Err(DoppelGenerateError::Stopped(why)),
            other => return Err(unexpected(&other)),
        }
    }
    Ok(puzzle)
}

fn unexpected(answer: &Answer<DoppelGrid>) -> DoppelGenerateError {
    DoppelSolveError::Internal(match answer {
        Answer::Internal(why) => why.clone(),
        other => format!(
            "doppelganger generation: the search answered {}",
            other.status()
        ),
    })
    .into()
}
