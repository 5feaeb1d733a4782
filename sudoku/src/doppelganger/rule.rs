//! The doppelganger rule, checked on a filled grid as its text says it,
//! apart from the model the engines search: the independent check of every
//! solution.

use std::fmt;

use super::{houses, DoppelGrid};

/// A kind of house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl House {
    /// The three kinds, in order.
    pub const ALL: [House; 3] = [House::Row, House::Column, House::Box];
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            House::Row => "row",
            House::Column => "column",
            House::Box => "box",
        })
    }
}

/// How a grid breaks the doppelganger rule (rows, columns, boxes and cells
/// 1-based in the message).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleBreak {
    /// A blank cell in a grid that should be filled.
    #[error("r{row}c{col} is blank")]
    Blank {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A cell that differs from the puzzle's given.
    #[error("r{row}c{col} holds {found}, the puzzle gives {given}")]
    Given {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The given.
        given: u16,
        /// The value in the solution.
        found: u16,
    },
    /// A house holds a value twice.
    #[error("{house} {index} holds {value} twice")]
    Repeat {
        /// The kind of house.
        house: House,
        /// 1-based index among its kind.
        index: usize,
        /// The repeated value.
        value: u16,
    },
    /// A house without a 0.
    #[error("{house} {index} holds no 0")]
    NoZero {
        /// The kind of house.
        house: House,
        /// 1-based index among its kind.
        index: usize,
    },
    /// Two houses of a kind miss the same value.
    #[error("{house}s {first} and {second} both miss {value}")]
    SameMissing {
        /// The kind of house.
        house: House,
        /// 1-based index of the first.
        first: usize,
        /// 1-based index of the second.
        second: usize,
        /// The value both miss.
        value: u16,
    },
    /// At a 0, two of its houses miss the same value.
    #[error("the 0 at r{row}c{col}: its {first} and its {second} both miss {value}")]
    ZeroHousesMissSame {
        /// 1-based row of the 0.
        row: usize,
        /// 1-based column of the 0.
        col: usize,
        /// One house of the 0.
        first: House,
        /// Another.
        second: House,
        /// The value both miss.
        value: u16,
    },
}

/// Checks that `grid` is filled and keeps the doppelganger rule: every
/// row, column and box holds 0 and all but one of `1..=n`, each once; no
/// two houses of a kind miss the same value; at each 0 the values missing
/// from its row, column and box differ.
///
/// # Errors
/// The first [`RuleBreak`] found.
pub fn check(grid: &DoppelGrid) -> Result<(), RuleBreak> {
    let n = grid.shape().side() as usize;
    let mut values = Vec::with_capacity(grid.cells().len());
    for (i, cell) in grid.cells().iter().enumerate() {
        match cell {
            Some(v) => values.push(*v),
            None => {
                return Err(RuleBreak::Blank {
                    row: i / n + 1,
                    col: i % n + 1,
                })
            }
        }
    }
    // missing[kind][house]: the value of 1..=n the house misses.
    let mut missing = [vec![0u16; n], vec![0u16; n], vec![0u16; n]];
    for (k, kind) in House::ALL.into_iter().enumerate() {
        for (h, cells) in houses(grid.shape(), kind).iter().enumerate() {
            let mut seen = vec![false; n + 1];
            for &cell in cells {
                let v = values[cell];
                if std::mem::replace(&mut seen[usize::from(v)], true) {
                    return Err(RuleBreak::Repeat {
                        house: kind,
                        index: h + 1,
                        value: v,
                    });
                }
            }
            if !seen[0] {
                return Err(RuleBreak::NoZero {
                    house: kind,
                    index: h + 1,
                });
            }
            // n cells, all different, one of them 0: exactly one of 1..=n is
            // missing.
            let miss = (1..=n).find(|&v| !seen[v]).unwrap_or(0);
            missing[k][h] = u16::try_from(miss).unwrap_or(u16::MAX);
        }
        for first in 0..n {
            for second in first + 1..n {
                if missing[k][first] == missing[k][second] {
                    return Err(RuleBreak::SameMissing {
                        house: kind,
                        first: first + 1,
                        second: second + 1,
                        value: missing[k][first],
                    });
                }
            }
        }
    }
    let shape = grid.shape();
    for r in 0..n {
        for c in 0..n {
            if values[r * n + c] != 0 {
                continue;
            }
            let of = [r, c, shape.box_of(r, c)];
            for (a, b) in [(0, 1), (0, 2), (1, 2)] {
                if missing[a][of[a]] == missing[b][of[b]] {
                    return Err(RuleBreak::ZeroHousesMissSame {
                        row: r + 1,
                        col: c + 1,
                        first: House::ALL[a],
                        second: House::ALL[b],
                        value: missing[a][of[a]],
                    });
                }
            }
        }
    }
    Ok(())
}

/// [`check`], and that `solution` keeps every given of `puzzle` (same
/// shape).
///
/// # Errors
/// The first [`RuleBreak`] found.
pub fn check_against(solution: &DoppelGrid, puzzle: &DoppelGrid) -> Result<(), RuleBreak> {
    let n = puzzle.shape().side() as usize;
    for (i, (given, found)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        if let (Some(given), Some(found)) = (*given, *found) {
            if given != found {
                return Err(RuleBreak::Given {
                    row: i / n + 1,
                    col: i % n + 1,
                    given,
                    found,
                });
            }
        }
    }
    check(solution)
}
