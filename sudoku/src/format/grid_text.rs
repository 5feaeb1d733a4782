//! A grid's own text: `Display` writes the compact line ([`write_compact`]
//! with the standard symbols; `{:#}` the boxed grid of [`write_boxed`]), and
//! `FromStr` reads one grid ([`read_grid`], the standard alphabet, square
//! boxes inferred). Here, with the text of grids, so that the grid itself
//! imports no format.

use std::fmt;
use std::str::FromStr;

use super::{read_grid, write_boxed, write_compact, Alphabet, Notation};
use crate::error::ParseError;
use crate::grid::Grid;

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&write_boxed(self))
        } else {
            f.write_str(&write_compact(
                self,
                &Notation::Symbols(Alphabet::standard()),
            ))
        }
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Reads one puzzle with the standard alphabet, inferring square boxes.
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        read_grid(s, None, &Alphabet::standard()).map(|(grid, _)| grid)
    }
}
