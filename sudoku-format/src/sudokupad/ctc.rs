//! The meaning of a CTC puzzle (SudokuPad's own JSON): givens, regions,
//! cages, global flags, and the lines, arrows and overlays that SudokuPad's
//! f-puzzles converter draws for each constraint. Whatever is not
//! recognised is refused by name with its part.

use serde_json::Value;

use super::{invalid, Metadata, SudokuPadError, SudokuPadPuzzle};
use crate::fpuzzles::{box_shape, FPuzzle};
use sudoku::Grid;
use sudoku::{CageSpec, Regions, Variant};
use sudoku::{Constraint, PairKind};

/// The largest grid read.
const MAX_SIDE: usize = 64;

/// The top-level fields read; any other is refused by name.
const FIELDS: [&str; 13] = [
    "cells",
    "regions",
    "cages",
    "lines",
    "arrows",
    "overlays",
    "underlays",
    "cellSize",
    "metadata",
    "metaData",
    "global",
    "id",
    "settings",
];

fn unsupported(part: &str, name: impl Into<String>) -> SudokuPadError {
    SudokuPadError::Unsupported {
        part: part.to_string(),
        name: name.into(),
    }
}

/// A colour in one spelling: `#rrggbb` upper case (`#abc` widened).
fn colour(v: Option<&Value>) -> String {
    let s = v
        .and_then(Value::as_str)
        .unwrap_or("")
        .trim()
        .to_ascii_uppercase();
    match s.len() {
        4 if s.starts_with('#') => {
            let b = s.as_bytes();
            format!(
                "#{0}{0}{1}{1}{2}{2}",
                b[1] as char, b[2] as char, b[3] as char
            )
        }
        _ => s,
    }
}

fn num(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

struct Reader {
    n: usize,
    constraints: Vec<Constraint>,
    cages: Vec<CageSpec>,
    meta: Metadata,
    diagonals: [bool; 2],
}

impl Reader {
    /// A point `[r, c]` (cell units, may be fractional).
    fn point(&self, part: &str, v: &Value) -> Result<(f64, f64), SudokuPadError> {
        let pair = v
            .as_array()
            .filter(|p| p.len() == 2)
            .ok_or_else(|| invalid(part, "expected a point [row, column]"))?;
        let r = num(pair.first()).ok_or_else(|| invalid(part, "expected a number"))?;
        let c = num(pair.get(1)).ok_or_else(|| invalid(part, "expected a number"))?;
        if !r.is_finite() || !c.is_finite() || r.abs() > 1e6 || c.abs() > 1e6 {
            return Err(invalid(part, "a point far off the grid"));
        }
        Ok((r, c))
    }

    /// The cell (0-based) a point lies in, refused outside the grid.
    fn cell_of(&self, part: &str, (r, c): (f64, f64)) -> Result<usize, SudokuPadError> {
        let (r, c) = (r.floor(), c.floor());
        let n = self.n as f64;
        if r < 0.0 || c < 0.0 || r >= n || c >= n {
            return Err(invalid(
                part,
                format!(
                    "cell R{}C{} is outside the {}x{} grid",
                    r + 1.0,
                    c + 1.0,
                    self.n,
                    self.n
                ),
            ));
        }
        Ok(r as usize * self.n + c as usize)
    }

    /// A list of `[r, c]` cells (integer positions).
    fn cells(&self, part: &str, v: Option<&Value>) -> Result<Vec<usize>, SudokuPadError> {
        let list = v
            .and_then(Value::as_array)
            .ok_or_else(|| invalid(part, "expected a list of cells"))?;
        list.iter()
            .enumerate()
            .map(|(i, p)| {
                let at = format!("{part}[{i}]");
                let pt = self.point(&at, p)?;
                self.cell_of(&at, pt)
            })
            .collect()
    }

    /// The cells a line's way points pass through, in order.
    fn way_cells(&self, part: &str, item: &Value) -> Result<Vec<usize>, SudokuPadError> {
        let at = format!("{part}.wayPoints");
        self.cells(&at, item.get("wayPoints"))
    }
}

/// The meaning of a CTC document.
pub(super) fn from_ctc(doc: &Value) -> Result<SudokuPadPuzzle, SudokuPadError> {
    let obj = doc
        .as_object()
        .ok_or_else(|| invalid("the puzzle", "expected a JSON object"))?;
    if let Some(key) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(unsupported(key, format!("the field {key:?}")));
    }
    let rows = obj
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| invalid("cells", "expected the grid's rows of cells"))?;
    let n = rows.len();
    if n == 0 || n > MAX_SIDE {
        return Err(invalid(
            "cells",
            format!("a grid of {n} rows (1 to {MAX_SIDE} read)"),
        ));
    }
    let shape = box_shape(n as u32).map_err(SudokuPadError::Fpuzzles)?;
    let mut values = vec![0u16; n * n];
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| invalid(&format!("cells[{r}]"), format!("expected {n} cells")))?;
        for (c, cell) in row.iter().enumerate() {
            let at = format!("cells[{r}][{c}] (R{}C{})", r + 1, c + 1);
            let v = match cell.get("value") {
                None | Some(Value::Null) => continue,
                Some(Value::String(s)) if s.trim().is_empty() => continue,
                v => num(v),
            };
            let v = v
                .filter(|v| v.fract() == 0.0 && *v >= 1.0 && *v <= n as f64)
                .ok_or_else(|| invalid(&at, format!("a given is a value 1-{n}")))?;
            values[r * n + c] = v as u16;
        }
    }
    let mut reader = Reader {
        n,
        constraints: Vec::new(),
        cages: Vec::new(),
        meta: Metadata::default(),
        diagonals: [false, false],
    };
    let regions = read_regions(&reader, obj.get("regions"), shape)?;
    read_cages(&mut reader, obj.get("cages"))?;
    for key in ["metadata", "metaData"] {
        if let Some(meta) = obj.get(key).and_then(Value::as_object) {
            for (k, v) in meta {
                meta_entry(&mut reader, &format!("{key}.{k}"), k, v)?;
            }
        }
    }
    read_global(&mut reader, obj.get("global"))?;
    read_drawing(&mut reader, obj)?;
    let mut variant = Variant {
        regions,
        cages: reader.cages,
        ..Variant::default()
    };
    match reader.diagonals {
        [true, true] => variant.diagonals = true,
        [true, false] => reader.constraints.push(Constraint::DiagonalPositive),
        [false, true] => reader.constraints.push(Constraint::DiagonalNegative),
        [false, false] => {}
    }
    for c in &reader.constraints {
        sudoku::constraints::validate(c, shape).map_err(|e| invalid(c.name(), e.to_string()))?;
    }
    sudoku::check_cages(&variant.cages, n).map_err(|e| invalid("cages", e.to_string()))?;
    variant.constraints = reader.constraints;
    variant
        .rules(shape)
        .map_err(|e| invalid("the puzzle", format!("the rules: {e}")))?;
    let grid = Grid::from_values(shape, values).map_err(|e| invalid("cells", e.to_string()))?;
    Ok(SudokuPadPuzzle {
        puzzle: FPuzzle { grid, variant },
        meta: reader.meta,
    })
}

/// The regions: `None` when they are the boxes of `shape`.
fn read_regions(
    reader: &Reader,
    v: Option<&Value>,
    shape: crate::Shape,
) -> Result<Option<Regions>, SudokuPadError> {
    let n = reader.n;
    let list = v
        .and_then(Value::as_array)
        .ok_or_else(|| unsupported("regions", "a grid without regions (boxes or jigsaw pieces)"))?;
    let mut region_of = vec![usize::MAX; n * n];
    for (k, region) in list.iter().enumerate() {
        let at = format!("regions[{k}]");
        for cell in reader.cells(&at, Some(region))? {
            if region_of[cell] != usize::MAX {
                return Err(invalid(
                    &at,
                    format!("cell R{}C{} is in two regions", cell / n + 1, cell % n + 1),
                ));
            }
            region_of[cell] = k;
        }
    }
    if let Some(cell) = region_of.iter().position(|&r| r == usize::MAX) {
        return Err(unsupported(
            "regions",
            format!("cell R{}C{} in no region", cell / n + 1, cell % n + 1),
        ));
    }
    let boxes = (0..n * n).all(|cell| {
        let (r, c) = (cell / n, cell % n);
        // Same box as the first cell of its region.
        let first = region_of
            .iter()
            .position(|&k| k == region_of[cell])
            .unwrap();
        shape.box_of(r, c) == shape.box_of(first / n, first % n)
    }) && list.len() == n;
    if boxes {
        return Ok(None);
    }
    Regions::from_cells(&region_of)
        .map(Some)
        .map_err(|e| invalid("regions", e.to_string()))
}

/// `name: value` texts of cages without cells are the puzzle's metadata.
fn meta_text(value: &str) -> Option<(String, String)> {
    let (k, v) = value.split_once(':')?;
    let k = k.trim();
    if k.is_empty()
        || !k
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'+')
    {
        return None;
    }
    Some((k.to_ascii_lowercase(), v.trim().to_string()))
}

const GLOBALS: [&str; 5] = [
    "antiknight",
    "antiking",
    "nonconsecutive",
    "disjointgroups",
    "disjoint",
];

fn set_global(reader: &mut Reader, part: &str, name: &str) -> Result<(), SudokuPadError> {
    let c = match name
        .to_ascii_lowercase()
        .replace(['-', '_', ' '], "")
        .as_str()
    {
        "antiknight" => Constraint::AntiKnight,
        "antiking" => Constraint::AntiKing,
        "nonconsecutive" => Constraint::NonConsecutive,
        "disjointgroups" | "disjoint" => Constraint::DisjointGroups,
        "diagonal+" => {
            reader.diagonals[0] = true;
            return Ok(());
        }
        "diagonal-" => {
            reader.diagonals[1] = true;
            return Ok(());
        }
        // issue 36, group A
        "knightmare" => Constraint::Knightmare,
        "selftaxicab" => Constraint::SelfTaxicab,
        "diagonalnonconsecutive" => Constraint::DiagonalNonConsecutive,
        "anticamel" => Constraint::Leaper {
            offsets: vec![(1, 3)],
        },
        "antizebra" => Constraint::Leaper {
            offsets: vec![(2, 3)],
        },
        "antigiraffe" => Constraint::Leaper {
            offsets: vec![(1, 4)],
        },
        _ => return Err(unsupported(part, format!("the global rule {name:?}"))),
    };
    if !reader.constraints.contains(&c) {
        reader.constraints.push(c);
    }
    Ok(())
}

fn truthy(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::String(s) => s.trim().eq_ignore_ascii_case("true"),
        Value::Number(n) => n.as_f64() != Some(0.0),
        _ => false,
    }
}

fn meta_entry(reader: &mut Reader, part: &str, key: &str, v: &Value) -> Result<(), SudokuPadError> {
    let lower = key.to_ascii_lowercase();
    match lower.as_str() {
        "title" => reader.meta.title = text(Some(v)),
        "author" => reader.meta.author = text(Some(v)),
        "rules" => reader.meta.rules = text(Some(v)),
        _ if (GLOBALS.contains(&lower.as_str())
            || lower == "diagonal+"
            || lower == "diagonal-")
            && truthy(v) =>
        {
            set_global(reader, part, &lower)?;
        }
        // Text that carries no rule: the solution, messages, sources.
        _ => {}
    }
    Ok(())
}

fn read_global(reader: &mut Reader, v: Option<&Value>) -> Result<(), SudokuPadError> {
    match v {
        None | Some(Value::Null) => Ok(()),
        Some(Value::Array(list)) => {
            for (i, name) in list.iter().enumerate() {
                let at = format!("global[{i}]");
                let name = name
                    .as_str()
                    .ok_or_else(|| invalid(&at, "expected a rule's name"))?;
                set_global(reader, &at, name)?;
            }
            Ok(())
        }
        Some(Value::Object(map)) => {
            for (k, v) in map {
                if truthy(v) {
                    set_global(reader, &format!("global.{k}"), k)?;
                }
            }
            Ok(())
        }
        Some(_) => Err(invalid("global", "expected a list of rule names")),
    }
}

fn read_cages(reader: &mut Reader, v: Option<&Value>) -> Result<(), SudokuPadError> {
    let Some(list) = v else { return Ok(()) };
    let list = list
        .as_array()
        .ok_or_else(|| invalid("cages", "expected a list"))?;
    for (i, cage) in list.iter().enumerate() {
        let at = format!("cages[{i}]");
        let has_cells = cage
            .get("cells")
            .and_then(Value::as_array)
            .is_some_and(|c| !c.is_empty());
        let value = text(cage.get("value"));
        if !has_cells {
            if let Some((k, v)) = value.as_deref().and_then(meta_text) {
                meta_entry(reader, &at, &k, &Value::String(v))?;
            }
            continue;
        }
        let cells = reader.cells(&format!("{at}.cells"), cage.get("cells"))?;
        let style = cage.get("style").and_then(Value::as_str).unwrap_or("");
        let kind = cage.get("type").and_then(Value::as_str).unwrap_or("");
        if kind == "disjoint" || style == "disjoint" {
            set_global(reader, &at, "disjointgroups")?;
            continue;
        }
        if cage.get("hidden").is_some_and(truthy) && cage.get("unique") == Some(&Value::Bool(false))
        {
            return Err(unsupported(&at, "cells in no region"));
        }
        if !matches!(style, "" | "killer" | "extraregion" | "box") {
            return Err(unsupported(&at, format!("a cage of style {style:?}")));
        }
        let unique = cage.get("unique").is_none_or(truthy);
        let sum = match cage.get("sum") {
            Some(s) => Some(
                num(Some(s))
                    .filter(|s| s.fract() == 0.0 && *s >= 0.0 && *s <= u32::MAX as f64)
                    .ok_or_else(|| invalid(&format!("{at}.sum"), "expected a whole number"))?
                    as u32,
            ),
            None => match value.as_deref().map(str::trim) {
                None | Some("") | Some("?") => None,
                Some(v) => Some(v.parse::<u32>().map_err(|_| {
                    unsupported(&at, format!("a cage whose clue is {v:?}, not a sum"))
                })?),
            },
        };
        if !unique {
            return Err(unsupported(
                &at,
                "a cage whose digits may repeat (unique: false)",
            ));
        }
        if style == "extraregion" || (sum.is_none() && cage.get("unique").is_none()) {
            reader.constraints.push(Constraint::ExtraRegion { cells });
        } else if let Some(sum) = sum {
            let n = reader.n;
            reader.cages.push(CageSpec::new(
                sum,
                cells.iter().map(|&c| (c / n, c % n)).collect(),
            ));
        } else {
            reader
                .constraints
                .push(Constraint::Cage { cells, sum: None });
        }
    }
    Ok(())
}

fn list<'a>(obj: &'a serde_json::Map<String, Value>, key: &str) -> &'a [Value] {
    obj.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Close enough for drawn sizes (the converter rounds).
fn near(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() < 0.051)
}

fn rounded(item: &Value) -> bool {
    item.get("rounded").is_some_and(truthy)
}

fn read_drawing(
    reader: &mut Reader,
    obj: &serde_json::Map<String, Value>,
) -> Result<(), SudokuPadError> {
    let n = reader.n;
    let overlays = list(obj, "overlays");
    let underlays = list(obj, "underlays");
    let mut used_overlay = vec![false; overlays.len()];
    // Arrows: their bulbs are overlays (or thick lines) at the first way point.
    let mut bulb_lines: Vec<Vec<usize>> = Vec::new();
    let lines = list(obj, "lines");
    let mut used_line = vec![false; lines.len()];
    for (i, line) in lines.iter().enumerate() {
        let at = format!("lines[{i}]");
        let col = colour(line.get("color"));
        let th = num(line.get("thickness"));
        let wp = line.get("wayPoints");
        if col == "#34BBE6" && near(th, 2.0) {
            let pts: Vec<(f64, f64)> = wp
                .and_then(Value::as_array)
                .map(|l| l.iter().filter_map(|p| reader.point(&at, p).ok()).collect())
                .unwrap_or_default();
            let nf = n as f64;
            let is = |a: (f64, f64), b: (f64, f64)| pts == [a, b] || pts == [b, a];
            if is((0.0, nf), (nf, 0.0)) {
                reader.diagonals[0] = true;
            } else if is((0.0, 0.0), (nf, nf)) {
                reader.diagonals[1] = true;
            } else {
                return Err(unsupported(&at, "a blue line that is not a main diagonal"));
            }
            used_line[i] = true;
            continue;
        }
        if col == "#A1A1A1" && line.get("opacity").is_some() {
            bulb_lines.push(reader.way_cells(&at, line)?);
            used_line[i] = true;
            continue;
        }
        if col == "#FFFFFF" && line.get("opacity").is_some() {
            // The inside of a bent arrow bulb.
            used_line[i] = true;
            continue;
        }
        // issue 36, group B
        if let Some(make) = ruled_line(&reader.meta, &col) {
            let cells = reader.way_cells(&at, line)?;
            reader.constraints.push(make(cells));
            used_line[i] = true;
            continue;
        }
        if col != "#CFCFCF" {
            continue;
        }
        let cells = reader.way_cells(&at, line)?;
        let c = if near(th, 21.0) {
            Constraint::Thermometer { cells }
        } else if near(th, 16.0) {
            Constraint::Palindrome { cells }
        } else if near(th, 2.0) {
            Constraint::BetweenLine { cells }
        } else {
            continue;
        };
        reader.constraints.push(c);
        used_line[i] = true;
    }
    if let Some(i) = used_line.iter().position(|u| !u) {
        let l = &lines[i];
        return Err(unsupported(
            &format!("lines[{i}]"),
            format!(
                "a line of colour {} and thickness {} (not one SudokuPad draws for a rule we know)",
                colour(l.get("color")),
                num(l.get("thickness")).unwrap_or(0.0)
            ),
        ));
    }
    // Circles of arrows: overlays with a grey border, rounded.
    let circles: Vec<(usize, Vec<usize>)> = overlays
        .iter()
        .enumerate()
        .filter(|(_, o)| colour(o.get("borderColor")) == "#A1A1A1" && rounded(o))
        .map(|(k, o)| {
            let at = format!("overlays[{k}]");
            let (r, c) = reader.point(
                &format!("{at}.center"),
                o.get("center").unwrap_or(&Value::Null),
            )?;
            let h = num(o.get("height")).unwrap_or(0.75) - 0.75;
            let w = num(o.get("width")).unwrap_or(0.75) - 0.75;
            let (r0, r1) = ((r - h / 2.0).floor(), (r + h / 2.0).floor());
            let (c0, c1) = ((c - w / 2.0).floor(), (c + w / 2.0).floor());
            let mut cells = Vec::new();
            let mut rr = r0;
            while rr <= r1 && cells.len() <= n * n {
                let mut cc = c0;
                while cc <= c1 && cells.len() <= n * n {
                    cells.push(reader.cell_of(&at, (rr + 0.5, cc + 0.5))?);
                    cc += 1.0;
                }
                rr += 1.0;
            }
            Ok((k, cells))
        })
        .collect::<Result<_, SudokuPadError>>()?;
    let arrows = list(obj, "arrows");
    for (i, arrow) in arrows.iter().enumerate() {
        let at = format!("arrows[{i}]");
        let col = colour(arrow.get("color"));
        let pts: Vec<(f64, f64)> = arrow
            .get("wayPoints")
            .and_then(Value::as_array)
            .ok_or_else(|| invalid(&at, "expected way points"))?
            .iter()
            .enumerate()
            .map(|(k, p)| reader.point(&format!("{at}.wayPoints[{k}]"), p))
            .collect::<Result<_, _>>()?;
        if col == "#A1A1A1" && pts.len() >= 2 {
            let cells: Vec<usize> = pts
                .iter()
                .enumerate()
                .map(|(k, &p)| reader.cell_of(&format!("{at}.wayPoints[{k}]"), p))
                .collect::<Result<_, _>>()?;
            let start = cells[0];
            let circle = circles
                .iter()
                .find(|(_, c)| c.contains(&start))
                .map(|(k, c)| {
                    used_overlay[*k] = true;
                    c.clone()
                })
                .or_else(|| bulb_lines.iter().find(|c| c.contains(&start)).cloned())
                .ok_or_else(|| invalid(&at, "an arrow without its circle"))?;
            let line: Vec<usize> = cells.into_iter().filter(|c| !circle.contains(c)).collect();
            reader.constraints.push(Constraint::Arrow { circle, line });
        } else if col == "#000000" && pts.len() == 2 {
            // A little killer's pointer, beside its clue (an overlay).
            let (dr, dc) = (
                (pts[1].0 - pts[0].0).signum(),
                (pts[1].1 - pts[0].1).signum(),
            );
            let clue = (pts[0].0.floor(), pts[0].1.floor());
            let k = overlays
                .iter()
                .position(|o| {
                    reader
                        .point("", o.get("center").unwrap_or(&Value::Null))
                        .is_ok_and(|(r, c)| (r.floor(), c.floor()) == clue)
                        && text(o.get("text")).is_some()
                })
                .ok_or_else(|| invalid(&at, "a little killer arrow without its clue"))?;
            used_overlay[k] = true;
            let value = text(overlays[k].get("text")).unwrap_or_default();
            let sum = value.trim().parse::<u32>().map_err(|_| {
                unsupported(
                    &format!("overlays[{k}]"),
                    format!("a little killer clue {value:?}"),
                )
            })?;
            let (mut r, mut c) = (clue.0 + 0.5, clue.1 + 0.5);
            let mut cells = Vec::new();
            loop {
                r += dr;
                c += dc;
                if r < 0.0 || c < 0.0 || r >= n as f64 || c >= n as f64 || cells.len() > n {
                    break;
                }
                cells.push(reader.cell_of(&at, (r, c))?);
            }
            if cells.is_empty() {
                return Err(invalid(&at, "the diagonal misses the grid"));
            }
            reader
                .constraints
                .push(Constraint::LittleKiller { cells, sum });
        } else {
            return Err(unsupported(
                &at,
                format!("an arrow of colour {col} (not one SudokuPad draws for a rule we know)"),
            ));
        }
    }
    for (k, o) in overlays.iter().enumerate() {
        if used_overlay[k] {
            continue;
        }
        let at = format!("overlays[{k}]");
        read_overlay(reader, &at, o)?;
    }
    for (k, u) in underlays.iter().enumerate() {
        let at = format!("underlays[{k}]");
        read_underlay(reader, &at, u)?;
    }
    Ok(())
}

fn read_overlay(reader: &mut Reader, at: &str, o: &Value) -> Result<(), SudokuPadError> {
    let n = reader.n;
    let border = colour(o.get("borderColor"));
    let back = colour(o.get("backgroundColor"));
    let w = num(o.get("width"));
    let label = text(o.get("text")).unwrap_or_default();
    let (r, c) = reader.point(
        &format!("{at}.center"),
        o.get("center").unwrap_or(&Value::Null),
    )?;
    // Between lines' end circles are drawing only.
    if border == "#CFCFCF" && back == "#FFFFFF" && rounded(o) && near(w, 0.8) {
        return Ok(());
    }
    let edge = |reader: &Reader| -> Result<[usize; 2], SudokuPadError> {
        let fr = r - r.floor();
        let fc = c - c.floor();
        let (a, b) = if (fr - 0.5).abs() < 0.05 && fc.abs() < 0.05 {
            ((r, c - 0.5), (r, c + 0.5))
        } else if (fc - 0.5).abs() < 0.05 && fr.abs() < 0.05 {
            ((r - 0.5, c), (r + 0.5, c))
        } else {
            return Err(invalid(
                at,
                "a dot that is not between two neighbouring cells",
            ));
        };
        Ok([reader.cell_of(at, a)?, reader.cell_of(at, b)?])
    };
    if rounded(o) && near(w, 0.3) && border == "#000000" && (back == "#000000" || back == "#FFFFFF")
    {
        let cells = edge(reader)?;
        let kind = if back == "#000000" {
            PairKind::Ratio
        } else {
            PairKind::Difference
        };
        let value = match label.trim() {
            "" => {
                if kind == PairKind::Ratio {
                    2
                } else {
                    1
                }
            }
            t => t.parse().map_err(|_| {
                invalid(
                    &format!("{at}.text"),
                    format!("expected a number, found {t:?}"),
                )
            })?,
        };
        reader
            .constraints
            .push(Constraint::Dot { cells, kind, value });
        return Ok(());
    }
    // issue 36, group B: a quadruple, as SudokuPad's converter draws it
    // (a white circle of width 0.7, black border, the values as its text,
    // centred on the corner the four cells share).
    if rounded(o) && near(w, 0.7) && border == "#000000" && back == "#FFFFFF" {
        let corner = (r.round(), c.round());
        if (r - corner.0).abs() > 0.05 || (c - corner.1).abs() > 0.05 {
            return Err(invalid(
                at,
                "a quadruple that is not on a corner of four cells",
            ));
        }
        if corner.0 < 1.0 || corner.1 < 1.0 || corner.0 >= n as f64 || corner.1 >= n as f64 {
            return Err(invalid(at, "a quadruple on the grid's border"));
        }
        let values = label
            .split_whitespace()
            .map(|t| {
                t.parse::<u32>().map_err(|_| {
                    invalid(
                        &format!("{at}.text"),
                        format!("a quadruple's values are numbers, found {t:?}"),
                    )
                })
            })
            .collect::<Result<Vec<u32>, _>>()?;
        let cell = (corner.0 as usize - 1) * n + corner.1 as usize - 1;
        reader
            .constraints
            .push(Constraint::Quadruple { cell, values });
        return Ok(());
    }
    if border == "#FFFFFF" && back == "#FFFFFF" && !rounded(o) && !label.trim().is_empty() {
        let inside = r >= 0.0 && c >= 0.0 && r < n as f64 && c < n as f64;
        if inside {
            let value = match label.trim() {
                "X" | "x" => 10,
                "V" | "v" => 5,
                t => return Err(unsupported(at, format!("a clue {t:?} on a cell edge"))),
            };
            let cells = edge(reader)?;
            reader.constraints.push(Constraint::Dot {
                cells,
                kind: PairKind::Sum,
                value,
            });
            return Ok(());
        }
        // A sandwich clue: outside the grid, left of a row or above a column.
        let (rf, cf) = (r.floor(), c.floor());
        let sum = label
            .trim()
            .parse::<u32>()
            .map_err(|_| unsupported(at, format!("a clue {label:?} outside the grid")))?;
        let line: Vec<usize> = if rf < 0.0 && (0.0..n as f64).contains(&cf) {
            (0..n).map(|k| k * n + cf as usize).collect()
        } else if cf < 0.0 && (0.0..n as f64).contains(&rf) {
            (0..n).map(|k| rf as usize * n + k).collect()
        } else {
            return Err(unsupported(
                at,
                "a clue outside the grid that is not above a column or left of a row",
            ));
        };
        reader.constraints.push(Constraint::Sandwich { line, sum });
        return Ok(());
    }
    Err(unsupported(
        at,
        format!(
            "an overlay (border {border}, background {back}, text {label:?}) that is not one \
             SudokuPad draws for a rule we know"
        ),
    ))
}

fn read_underlay(reader: &mut Reader, at: &str, u: &Value) -> Result<(), SudokuPadError> {
    let border = colour(u.get("borderColor"));
    let back = colour(u.get("backgroundColor"));
    let (w, h) = (num(u.get("width")), num(u.get("height")));
    let raw_back = u
        .get("backgroundColor")
        .and_then(Value::as_str)
        .unwrap_or("")
        .replace(' ', "");
    // Extra regions are shaded; their meaning is their cage.
    if raw_back == "rgba(207,207,207,0.95)" && near(w, 1.0) && near(h, 1.0) {
        return Ok(());
    }
    if back == "#CFCFCF" && (border == "#CFCFCF" || border.is_empty()) {
        let pt = reader.point(
            &format!("{at}.center"),
            u.get("center").unwrap_or(&Value::Null),
        )?;
        let cell = reader.cell_of(at, pt)?;
        if rounded(u) && near(w, 0.85) {
            return Ok(()); // a thermometer's bulb
        }
        if near(w, 0.7) {
            reader.constraints.push(if rounded(u) {
                Constraint::Odd { cell }
            } else {
                Constraint::Even { cell }
            });
            return Ok(());
        }
        if near(w, 1.0) {
            return Err(unsupported(
                at,
                "a grey cell (SudokuPad's drawing of a clone: which cell copies which cannot be known)",
            ));
        }
    }
    Err(unsupported(
        at,
        format!(
            "an underlay (border {border}, background {back}) that is not one SudokuPad draws \
             for a rule we know"
        ),
    ))
}

// issue 36, group B

/// The rule a line of colour `col` draws, when the puzzle's rules name it:
/// SudokuPad's f-puzzles converter draws no renban, whispers or region-sum
/// line of its own, so setters draw them with f-puzzles' line tool in
/// f-puzzles' colours (renban `#F067F0`, German whispers `#67F067`,
/// region-sum `#2ECBFF`; Dutch whispers `#FFA600` as ISS reads them). A
/// colour alone is no rule: the rules text must say which (as ISS's
/// importer asks), otherwise the line is refused by name.
fn ruled_line(meta: &Metadata, col: &str) -> Option<fn(Vec<usize>) -> Constraint> {
    let col = match col.len() {
        9 if col.ends_with("FF") => &col[..7],
        _ => col,
    };
    let rules = meta.rules.as_deref().unwrap_or("").to_ascii_lowercase();
    let says = |word: &str| rules.contains(word);
    match col {
        "#67F067" if says("whisper") && !says("dutch") => {
            Some(|cells| Constraint::Whispers { cells })
        }
        "#FFA600" if says("dutch") && says("whisper") => Some(|cells| Constraint::WhispersBy {
            cells,
            difference: 4,
        }),
        "#F067F0" if says("renban") => Some(|cells| Constraint::Renban { cells }),
        "#2ECBFF" if says("region sum") || says("region-sum") => {
            Some(|cells| Constraint::RegionSumLine { cells })
        }
        _ => None,
    }
}
