//! Serde for [`Grid`]: the compact string up to 35x35, an array of numbers above;
//! with the shape alongside when the boxes are not square (it cannot be inferred).
//!
//! - square boxes, side <= 35: `"4...3....…"` (standard alphabet, `.` blank);
//! - square boxes, side > 35: `[0, 12, 0, ...]`;
//! - rectangular boxes: `{"shape": {"box_rows": 2, "box_cols": 3}, "cells": "..."}`
//!   with `cells` as above.
//!
//! Deserializing accepts the three forms; strings are read like
//! [`read_grid`](super::read_grid) reads them.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{read_grid, write_compact, Alphabet, Notation};
use crate::grid::Grid;
use crate::shape::Shape;

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Cells {
    Text(String),
    Values(Vec<u16>),
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Repr {
    Square(Cells),
    WithShape { shape: Shape, cells: Cells },
}

fn cells_of(grid: &Grid) -> Cells {
    match Notation::standard_for(grid.shape()) {
        Notation::Numbers => Cells::Values(grid.cells().to_vec()),
        notation => Cells::Text(write_compact(grid, &notation)),
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cells = cells_of(self);
        if self.shape().is_square() {
            Repr::Square(cells).serialize(serializer)
        } else {
            Repr::WithShape {
                shape: self.shape(),
                cells,
            }
            .serialize(serializer)
        }
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let (shape, cells) = match Repr::deserialize(deserializer)? {
            Repr::Square(cells) => (None, cells),
            Repr::WithShape { shape, cells } => (Some(shape), cells),
        };
        match cells {
            Cells::Text(text) => read_grid(&text, shape, &Alphabet::standard())
                .map(|(grid, _)| grid)
                .map_err(D::Error::custom),
            Cells::Values(values) => {
                let shape = shape
                    .or_else(|| Shape::from_cell_count(values.len()))
                    .ok_or_else(|| {
                        D::Error::custom(format!(
                            "{} values do not make a grid with square boxes: give its shape",
                            values.len()
                        ))
                    })?;
                Grid::from_values(shape, values).map_err(D::Error::custom)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_as_string() {
        let g: Grid = "1.3.3.2...4.....".parse().unwrap();
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(json, "\"1.3.3.2...4.....\"");
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), g);
    }

    #[test]
    fn big_as_numbers() {
        let mut g = Grid::empty(Shape::square(6).unwrap());
        g.set(35, 35, Some(36));
        let json = serde_json::to_string(&g).unwrap();
        assert!(json.starts_with("[0,0,"));
        assert!(json.ends_with(",36]"));
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), g);
    }

    #[test]
    fn rectangular_with_shape() {
        let mut g = Grid::empty(Shape::new(2, 3).unwrap());
        g.set(0, 0, Some(6));
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(
            json,
            format!(
                r#"{{"shape":{{"box_rows":2,"box_cols":3}},"cells":"6{}"}}"#,
                ".".repeat(35)
            )
        );
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), g);
    }

    #[test]
    fn bad_input() {
        assert!(serde_json::from_str::<Grid>("\"12\"").is_err());
        assert!(serde_json::from_str::<Grid>("[1,2,3]").is_err());
        assert!(serde_json::from_str::<Grid>("[5,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]").is_err());
    }
}
