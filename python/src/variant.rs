//! The variant arguments of `Sudoku(...)` and `Sudoku.generate(...)`:
//! `variant="x,windoku"`, `regions=...`, `cages=...`, read into a
//! [`sudoku::Variant`] with the library's located messages.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use sudoku::{parse_cages, CageSpec, Regions, Shape, Variant};
use sudoku_format::parse_cages_json;

use crate::errors::value_error;

/// The variant named by `names` with `regions` and `cages` set, and whether
/// jigsaw was named (so that `generate` can draw regions). Fails when a name
/// is unknown, when jigsaw has no regions (unless `allow_missing_regions`)
/// or killer no cages.
pub fn variant_args(
    names: Option<&str>,
    regions: Option<&Bound<'_, PyAny>>,
    cages: Option<&Bound<'_, PyAny>>,
    allow_missing_regions: bool,
) -> PyResult<(Variant, bool)> {
    if names.is_some_and(|n| n.to_ascii_lowercase().contains("doppelganger")) {
        return Err(value_error(
            "variant: doppelganger grids hold 0..n, not a Sudoku's 1..n: \
             use dancing_links.Doppelganger(puzzle, box=...)",
        ));
    }
    let (mut variant, mut named) = Variant::parse_names(names.unwrap_or(""))
        .map_err(|e| value_error(format!("variant: {e}")))?;
    let jigsaw = named[0];
    if let Some(regions) = regions.filter(|r| !r.is_none()) {
        variant.regions = Some(regions_arg(regions)?);
    }
    if let Some(cages) = cages.filter(|c| !c.is_none()) {
        variant.cages = cages_arg(cages)?;
    }
    if allow_missing_regions {
        named[0] = false;
    }
    variant
        .check_complete(named)
        .map_err(|e| value_error(format!("variant: {e}")))?;
    Ok((variant, jigsaw))
}

/// A region map: text (one symbol per cell, a row per line), a list of row
/// strings, or a list of rows of ints (region numbers).
fn regions_arg(value: &Bound<'_, PyAny>) -> PyResult<Regions> {
    let in_regions = |e: sudoku::VariantError| value_error(format!("regions: {e}"));
    if let Ok(text) = value.downcast::<PyString>() {
        return text.to_str()?.parse().map_err(in_regions);
    }
    if !(value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>()) {
        return Err(PyTypeError::new_err(
            "regions must be a string (one symbol per cell), a list of row strings or a list of rows of ints",
        ));
    }
    let rows: Vec<Bound<'_, PyAny>> = value.try_iter()?.collect::<PyResult<_>>()?;
    if rows.iter().all(|r| r.is_instance_of::<PyString>()) {
        let lines: Vec<String> = rows.iter().map(|r| r.extract()).collect::<PyResult<_>>()?;
        return lines.join("\n").parse().map_err(in_regions);
    }
    let mut cells = Vec::new();
    for row in &rows {
        let row: Vec<usize> = row.extract()?;
        if row.len() != rows.len() {
            return Err(value_error(format!(
                "regions: expected {n} rows of {n} region numbers, found a row of {}",
                row.len(),
                n = rows.len()
            )));
        }
        cells.extend(row);
    }
    Regions::from_cells(&cells).map_err(in_regions)
}

/// Cages: text (one per line, `15 r1c1 r1c2`), JSON text, or a list of
/// `(sum, cells)` with cells as 0-based `(row, col)` pairs or `"r1c1"` names.
fn cages_arg(value: &Bound<'_, PyAny>) -> PyResult<Vec<CageSpec>> {
    let in_cages = |e: sudoku::VariantError| value_error(format!("cages: {e}"));
    if let Ok(text) = value.downcast::<PyString>() {
        let text = text.to_str()?;
        return if text.trim_start().starts_with(['[', '{']) {
            parse_cages_json(text).map_err(in_cages)
        } else {
            parse_cages(text).map_err(in_cages)
        };
    }
    let mut out = Vec::new();
    for (k, cage) in value.try_iter()?.enumerate() {
        let (sum, cells): (u32, Bound<'_, PyAny>) = cage?.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "cages[{k}]: expected (sum, cells) with cells as (row, col) pairs, 0-based, or names such as \"r1c1\""
            ))
        })?;
        let mut spec_cells = Vec::new();
        for cell in cells.try_iter()? {
            let cell = cell?;
            if let Ok(name) = cell.extract::<String>() {
                let parsed = parse_cages(&format!("{sum} {name}"))
                    .map_err(|e| value_error(format!("cages[{k}]: {e}")))?;
                spec_cells.extend(parsed.into_iter().flat_map(|c| c.cells));
            } else {
                spec_cells.push(cell.extract::<(usize, usize)>()?);
            }
        }
        out.push(CageSpec::new(sum, spec_cells));
    }
    Ok(out)
}

/// The region map as rows of region numbers.
pub fn regions_rows(regions: &Regions) -> Vec<Vec<usize>> {
    let n = regions.side();
    (0..n)
        .map(|r| (0..n).map(|c| regions.region_of(r * n + c)).collect())
        .collect()
}

/// Checks that the variant fits grids of `shape` (regions, cages, windows).
pub fn check_fits(variant: &Variant, shape: Shape) -> PyResult<()> {
    variant.rules(shape).map(|_| ()).map_err(value_error)
}
