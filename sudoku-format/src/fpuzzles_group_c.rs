//! Issue 36, group C in f-puzzles JSON: the sum dot. f-puzzles, ISS and
//! rangsk's solver have no key for it; ours is `sumdot`, a list of
//! `{"cells": ["R1C1", "R1C2"], "value": "5"}` (the two or four cells the
//! dot touches; the value its sum, written as a string as f-puzzles does).

use serde_json::{json, Value};
use sudoku::constraints::Constraint;

use super::{invalid, FpuzzlesError, Reader};

/// The list fields of group C.
pub(super) const KEYS: [&str; 1] = ["sumdot"];

/// Reads the list `value` of the group C field `field` (at JSON path
/// `path`) into `reader`.
pub(super) fn read(
    reader: &mut Reader,
    field: &str,
    path: &str,
    value: &Value,
) -> Result<(), FpuzzlesError> {
    debug_assert_eq!(field, "sumdot");
    let list = value
        .as_array()
        .ok_or_else(|| invalid(path, "expected a list"))?;
    for (i, item) in list.iter().enumerate() {
        let at = format!("{path}[{i}]");
        let cells = reader.cells(&format!("{at}.cells"), item.get("cells"))?;
        let sum = Reader::required(&at, item)?;
        reader.constraints.push(Constraint::SumDot { cells, sum });
        reader.paths.push(at);
    }
    Ok(())
}

/// The field and item a group C constraint is written as, if `c` is one.
pub(super) fn write(
    c: &Constraint,
    cells: impl Fn(&[usize]) -> Value,
) -> Option<(&'static str, Value)> {
    match c {
        Constraint::SumDot { cells: l, sum } => Some((
            "sumdot",
            json!({"cells": cells(l), "value": sum.to_string()}),
        )),
        _ => None,
    }
}
