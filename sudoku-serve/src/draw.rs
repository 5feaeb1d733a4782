//! A puzzle as the page draws it: the grid, its boxes or regions, its
//! givens and every constraint with its cells (`r * n + c`, 0-based).

use serde_json::{json, Value};
use sudoku::{Constraint, Grid, PairKind, Variant};

/// The JSON the page draws: `size`, `box` (`[rows, cols]`), `givens`
/// (a value per cell, 0 for blank), `regions` (a region per cell, boxes or
/// jigsaw), `diagonals`, `windows`, `cages` and `constraints` (each with
/// its `kind`, as f-puzzles names it, and its cells: `line` for lines and
/// outside clues, `cells` for cages and marked cells, `clue` for a
/// constraint's number, `detail` for a whole-grid rule's parameter).
pub fn drawing(grid: &Grid, variant: &Variant) -> Value {
    let shape = grid.shape();
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let regions: Vec<usize> = (0..n * n)
        .map(|cell| match &variant.regions {
            Some(regions) => regions.region_of(cell),
            None => (cell / n) / br * (n / bc) + (cell % n) / bc,
        })
        .collect();
    let windows = if variant.windows {
        sudoku::windows(shape).unwrap_or_default()
    } else {
        Vec::new()
    };
    let cages: Vec<Value> = variant
        .cages
        .iter()
        .map(|cage| {
            let cells: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * n + c).collect();
            json!({"cells": cells, "sum": cage.sum})
        })
        .collect();
    let constraints: Vec<Value> = variant.constraints.iter().map(constraint).collect();
    json!({
        "size": n,
        "box": [br, bc],
        "givens": grid.cells(),
        "regions": regions,
        "jigsaw": variant.regions.is_some(),
        "diagonals": variant.diagonals,
        "windows": windows,
        "cages": cages,
        "constraints": constraints,
    })
}

fn constraint(c: &Constraint) -> Value {
    let kind = c.name();
    match c {
        Constraint::Thermometer { cells }
        | Constraint::SlowThermometer { cells }
        | Constraint::Palindrome { cells }
        | Constraint::Renban { cells }
        | Constraint::Whispers { cells }
        | Constraint::RegionSumLine { cells }
        | Constraint::BetweenLine { cells }
        | Constraint::EntropicLine { cells } => json!({"kind": kind, "line": cells}),
        Constraint::Arrow { circle, line } => {
            json!({"kind": kind, "circle": circle, "line": line})
        }
        Constraint::Cage { cells, sum } => json!({"kind": kind, "cells": cells, "sum": sum}),
        Constraint::LittleKiller { cells, sum } => {
            json!({"kind": kind, "line": cells, "clue": sum})
        }
        Constraint::Sandwich { line, sum } | Constraint::XSum { line, sum } => {
            json!({"kind": kind, "line": line, "clue": sum})
        }
        Constraint::Skyscraper { line, count } => {
            json!({"kind": kind, "line": line, "clue": count})
        }
        Constraint::Dot {
            cells,
            kind: pair,
            value,
        } => {
            let label = match (pair, value) {
                (PairKind::Sum, 10) => "X".to_string(),
                (PairKind::Sum, 5) => "V".to_string(),
                (PairKind::Difference, 1) | (PairKind::Ratio, 2) => String::new(),
                _ => value.to_string(),
            };
            json!({"kind": kind, "cells": cells, "value": value, "label": label})
        }
        Constraint::Negative { kind: pair } => {
            let of = match pair {
                PairKind::Difference => "difference",
                PairKind::Ratio => "ratio",
                PairKind::Sum => "xv",
            };
            json!({"kind": kind, "of": of})
        }
        Constraint::ExtraRegion { cells } => json!({"kind": kind, "cells": cells}),
        Constraint::Even { cell }
        | Constraint::Odd { cell }
        | Constraint::Minimum { cell }
        | Constraint::Maximum { cell } => json!({"kind": kind, "cells": [cell]}),
        Constraint::Quadruple { cell, values } => {
            json!({"kind": kind, "cells": [cell], "values": values})
        }
        Constraint::Clone { cells, copy } => json!({"kind": kind, "cells": cells, "copy": copy}),
        // Issue 36's lines: a clue where the line has one, and whether a
        // sum line closes on itself.
        Constraint::ModularLine { cells }
        | Constraint::NabnerLine { cells }
        | Constraint::DoubleArrow { cells }
        | Constraint::ZipperLine { cells } => json!({"kind": kind, "line": cells}),
        Constraint::SumLine { cells, sum, looped } => {
            json!({"kind": kind, "line": cells, "clue": sum, "loop": looped})
        }
        Constraint::WhispersBy { cells, difference } => {
            json!({"kind": kind, "line": cells, "clue": difference})
        }
        Constraint::LockoutLine { cells, min_diff } => {
            json!({"kind": kind, "line": cells, "clue": min_diff})
        }
        // Cages drawn like killer cages, their clue marked by kind.
        Constraint::RellikCage { cells, sum } | Constraint::Lunchbox { cells, sum } => {
            json!({"kind": kind, "cells": cells, "clue": sum})
        }
        Constraint::DigitalRootCage { cells, root } => {
            json!({"kind": kind, "cells": cells, "clue": root})
        }
        Constraint::EqualityCage { cells }
        | Constraint::CountingCircles { cells }
        | Constraint::RowIndexer { cells }
        | Constraint::ColumnIndexer { cells }
        | Constraint::BoxIndexer { cells } => json!({"kind": kind, "cells": cells}),
        // Clues outside the grid, read along `line`.
        Constraint::HiddenSkyscraper { line, value } | Constraint::NumberedRoom { line, value } => {
            json!({"kind": kind, "line": line, "clue": value})
        }
        // A dot on a border or a corner, at the middle of its cells.
        Constraint::SumDot { cells, sum } => json!({"kind": kind, "cells": cells, "clue": sum}),
        // Whole-grid rules with a parameter: named with it in the list.
        Constraint::Leaper { offsets } => {
            let leaps: Vec<String> = offsets.iter().map(|(a, b)| format!("({a}, {b})")).collect();
            json!({"kind": kind, "detail": leaps.join(" ")})
        }
        Constraint::Taxicab { distance } => json!({"kind": kind, "detail": distance.to_string()}),
        // Whole-grid rules (anti-knight, diagonals, ...) and any constraint
        // added later: named in the list beside the grid.
        _ => json!({"kind": kind}),
    }
}
