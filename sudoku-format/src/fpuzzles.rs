//! f-puzzles puzzles in and out: the editor's links
//! (`https://www.f-puzzles.com/?load=...`), the bare `load=` string (its
//! JSON compressed with lz-string, base64), the plain JSON, and SudokuPad's
//! `fpuzzles...` ids (`https://sudokupad.app/fpuzzles...`).
//!
//! Every constraint field of the JSON is read into the rules
//! ([`Variant`], [`Constraint`]); a field we do not support is refused by
//! name, never skipped. Fields that carry no rule are skipped: the puzzle's
//! metadata (`title`, `author`, `ruleset`, `solution`, `disabledlogic`,
//! `truecandidatesoptions`), the cosmetic tools (`text`, `line`,
//! `circle`, `rectangle`, `cage`) and the per-cell colours and pencil
//! marks. Errors name the JSON path, the constraint and the cell.
//!
//! ```
//! use sudoku_format::fpuzzles::{read_fpuzzles, to_fpuzzles_link};
//!
//! let json = r#"{"size": 4, "grid": [
//!     [{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}],
//!     [{}, {}, {}, {}], [{}, {}, {}, {}]],
//!   "thermometer": [{"lines": [["R2C1", "R2C2", "R2C3"]]}]}"#;
//! let puzzle = read_fpuzzles(json)?;
//! assert_eq!(puzzle.grid.get(0, 0), Some(1));
//! assert_eq!(puzzle.variant.constraints.len(), 1);
//! let link = to_fpuzzles_link(&puzzle)?;
//! assert!(link.starts_with("https://www.f-puzzles.com/?load="));
//! assert_eq!(read_fpuzzles(&link)?, puzzle);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde_json::{json, Map, Value};

use sudoku::constraints::{Constraint, PairKind};
use sudoku::{windows, CageSpec, Grid, Regions, Shape, Variant};

// issue 36, group C (the sum dot)
#[path = "fpuzzles_group_c.rs"]
mod group_c;

/// The longest compressed text read (32 KiB): longer ones are refused
/// before decompressing.
pub const MAX_COMPRESSED_BYTES: usize = 32 * 1024;

/// The most a compressed text may decompress to (4 Mi UTF-16 units: 8 MiB;
/// the JSON of a 64x64 puzzle with every cell's pencil marks is under
/// 2 MiB). lz-string's output can grow with the square of its input (31.7
/// KB once made 700 MB), so decompressing stops here with an error.
pub const MAX_DECOMPRESSED_CHARS: usize = 1 << 22;

/// A puzzle read from f-puzzles: its givens and its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FPuzzle {
    /// The givens.
    pub grid: Grid,
    /// The rules: jigsaw regions, both diagonals (X), killer cages with
    /// sums, and the other constraints.
    pub variant: Variant,
}

pub use sudoku::FpuzzlesError;

/// A document error at `path` (a JSON path such as `grid[2][3] (R3C4)`).
pub(crate) fn invalid(path: &str, why: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Invalid {
        path: path.to_string(),
        why: why.into(),
    }
}

/// One cell of an f-puzzles `grid`: where it is, its JSON path for errors
/// (`grid[r][c] (RxCy)`) and its fields.
pub(crate) struct GridCell<'a> {
    pub(crate) row: usize,
    pub(crate) col: usize,
    pub(crate) at: String,
    pub(crate) fields: &'a Map<String, Value>,
}

impl GridCell<'_> {
    /// The cell's `value` if the cell says it is `given` (f-puzzles keeps
    /// pencilled values too); an error if `given` is not a boolean.
    pub(crate) fn given(&self) -> Result<Option<&Value>, FpuzzlesError> {
        let given = match self.fields.get("given") {
            None | Some(Value::Null) => false,
            Some(v) => v
                .as_bool()
                .ok_or_else(|| invalid(&format!("{}.given", self.at), "expected true or false"))?,
        };
        Ok(self.fields.get("value").filter(|_| given))
    }
}

/// Walks an f-puzzles `grid` (`n` rows of `n` cells, each an object) row by
/// row, each cell to `visit`; an error names the row or cell that is not
/// what it should be.
pub(crate) fn grid_cells(
    grid: Option<&Value>,
    n: usize,
    mut visit: impl FnMut(GridCell<'_>) -> Result<(), FpuzzlesError>,
) -> Result<(), FpuzzlesError> {
    let rows = grid
        .and_then(Value::as_array)
        .filter(|rows| rows.len() == n)
        .ok_or_else(|| invalid("grid", format!("expected {n} rows of {n} cells")))?;
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| invalid(&format!("grid[{r}]"), format!("expected {n} cells")))?;
        for (c, cell) in row.iter().enumerate() {
            let at = format!("grid[{r}][{c}] (R{}C{})", r + 1, c + 1);
            let fields = cell
                .as_object()
                .ok_or_else(|| invalid(&at, "expected an object"))?;
            visit(GridCell {
                row: r,
                col: c,
                at,
                fields,
            })?;
        }
    }
    Ok(())
}

/// Reads an f-puzzles link, a `load=` string, SudokuPad's `fpuzzles` id or
/// the plain JSON (recognised by its opening `{`).
pub fn read_fpuzzles(text: &str) -> Result<FPuzzle, FpuzzlesError> {
    let json = decode(text)?;
    let value: Value =
        serde_json::from_str(&json).map_err(|e| FpuzzlesError::Decode(format!("the JSON: {e}")))?;
    from_json(&value)
}

/// Whether a parsed JSON document is an f-puzzles one: it has `size`
/// (our own JSON documents have none), whatever its value, so that a wrong
/// size (`0`) is refused as the f-puzzles field it is.
pub fn is_fpuzzles_json(doc: &Value) -> bool {
    doc.get("size").is_some()
}

/// The puzzle record of an f-puzzles input (for the batch reader).
pub(crate) fn record(text: &str) -> Result<crate::Puzzle, FpuzzlesError> {
    read_fpuzzles(text).map(into_puzzle)
}

/// The puzzle record of an f-puzzles document (for the batch reader).
pub(crate) fn record_from_json(doc: &Value) -> Result<crate::Puzzle, FpuzzlesError> {
    from_json(doc).map(into_puzzle)
}

fn into_puzzle(p: FPuzzle) -> crate::Puzzle {
    crate::Puzzle {
        grid: p.grid,
        notation: sudoku::Notation::default(),
        solution: None,
        variant: Some(Box::new(p.variant)),
    }
}

/// Whether `text` looks like an f-puzzles link or SudokuPad `fpuzzles` id
/// (what the batch formats recognise without a flag).
pub fn is_fpuzzles_link(text: &str) -> bool {
    let t = text.trim();
    t.contains("f-puzzles.com/") && t.contains("load=")
        || t.contains("sudokupad.app/fpuzzles")
        || t.starts_with("fpuzzles")
}

/// The JSON text of an f-puzzles input: a link, a `load=` string or a
/// SudokuPad id decompressed (within [`MAX_COMPRESSED_BYTES`] and
/// [`MAX_DECOMPRESSED_CHARS`]), or the plain JSON as it is.
pub fn decode(text: &str) -> Result<String, FpuzzlesError> {
    let t = text.trim();
    if t.starts_with('{') {
        return Ok(t.to_string());
    }
    let compressed = if let Some(at) = t.find("load=") {
        let rest = &t[at + 5..];
        rest.split('&').next().unwrap_or("")
    } else if let Some(at) = t.find("fpuzzles") {
        let rest = &t[at + "fpuzzles".len()..];
        rest.split(['?', '&', '#']).next().unwrap_or("")
    } else {
        t
    };
    if compressed.len() > MAX_COMPRESSED_BYTES {
        return Err(FpuzzlesError::Decode(format!(
            "the compressed puzzle has {} bytes, more than the {MAX_COMPRESSED_BYTES} read",
            compressed.len()
        )));
    }
    let unescaped = percent_decode(compressed).replace(' ', "+");
    let wide = super::lzstring::decompress_from_base64(&unescaped, MAX_DECOMPRESSED_CHARS)
        .map_err(|e| match e {
            super::lzstring::LzError::Malformed => FpuzzlesError::Decode(
                "the text is not lz-string base64 (an f-puzzles load string)".into(),
            ),
            super::lzstring::LzError::TooLong(cap) => FpuzzlesError::Decode(format!(
                "the compressed puzzle decompresses to more than {cap} characters \
                 (the most read)"
            )),
        })?;
    let json = String::from_utf16(&wide)
        .map_err(|_| FpuzzlesError::Decode("the decompressed text is not UTF-16".into()))?;
    if !json.trim_start().starts_with('{') {
        return Err(FpuzzlesError::Decode(
            "the decompressed text is not a JSON object".into(),
        ));
    }
    Ok(json)
}

/// `%2B`, `%2F`, `%3D` and the other escapes of a URL query value.
pub(crate) fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 3 <= bytes.len() {
            if let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The box shape f-puzzles draws for a grid of side `n`: the most square
/// boxes, wider than tall (6: 2x3, 8: 2x4, 12: 3x4); 1 x n for primes.
pub fn box_shape(n: u32) -> Result<Shape, FpuzzlesError> {
    let mut rows = 1;
    for r in 1..=n {
        if r * r > n {
            break;
        }
        if n.is_multiple_of(r) {
            rows = r;
        }
    }
    Shape::new(rows, n / rows).map_err(|e| invalid("size", e.to_string()))
}

/// The flag of our doppelganger extension ([`crate::fpuzzles_doppelganger`]):
/// read here, where a flagged document must not be read as a classic one.
pub const KEY: &str = "doppelganger";

/// Whether the document says it is a doppelganger puzzle (`"doppelganger":
/// true`). A flag that is not `true` or `false` is an error.
pub fn is_doppelganger(doc: &Value) -> Result<bool, FpuzzlesError> {
    match doc.get(KEY) {
        None | Some(Value::Bool(false)) => Ok(false),
        Some(Value::Bool(true)) => Ok(true),
        Some(_) => Err(invalid(KEY, "expected true or false")),
    }
}

/// Whether the document's title or rules text names doppelganger (its
/// grid then holds 0..n: read without the flag, it would be solved as the
/// wrong puzzle).
pub fn mentions_doppelganger(doc: &Value) -> bool {
    ["title", "ruleset"].iter().any(|key| {
        doc.get(key).and_then(Value::as_str).is_some_and(|text| {
            let text = text.to_lowercase();
            text.contains("doppelganger") || text.contains("doppelgänger")
        })
    })
}

/// Fields of the grid and its metadata: no rule of their own.
pub(crate) const METADATA: [&str; 8] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Drawings that carry no rule.
const DRAWINGS: [&str; 5] = ["text", "line", "circle", "rectangle", "cage"];

/// Whether field `k` carries no rule: metadata or a drawing.
fn skipped(k: &str) -> bool {
    METADATA.contains(&k) || DRAWINGS.contains(&k)
}

/// Reads the puzzle of an f-puzzles JSON document.
pub fn from_json(doc: &Value) -> Result<FPuzzle, FpuzzlesError> {
    let obj = doc
        .as_object()
        .ok_or_else(|| invalid("$", "expected a JSON object"))?;
    let size = obj
        .get("size")
        .and_then(Value::as_u64)
        .filter(|&s| (1..=64).contains(&s))
        .ok_or_else(|| invalid("size", "expected the grid's side, a number from 1 to 64"))?
        as usize;
    // A doppelganger puzzle (our extension: its grid holds 0..n) is never
    // read as a classic grid, nor one whose rules name doppelganger.
    if is_doppelganger(doc)? {
        return Err(invalid(
            "doppelganger",
            "a doppelganger puzzle (a grid of 0..n) is not a classic grid: \
             read it as doppelganger (sudoku --variant doppelganger, the page, the websocket)",
        ));
    }
    if mentions_doppelganger(doc) && !obj.contains_key("doppelganger") {
        return Err(invalid(
            "ruleset",
            "the rules name doppelganger, but the puzzle does not say it is one: \
             add \"doppelganger\": true to read its grid as 0..n \
             (or \"doppelganger\": false to read it as a classic grid)",
        ));
    }
    // Refused by name before anything else is read.
    if let Some(name) = obj.keys().find(|k| {
        let k = k.as_str();
        k != KEY
            && !skipped(k)
            && !KNOWN.contains(&k)
            && !FLAGS.contains(&k)
            && k != "negative"
            && !GROUP_A_KEYS.contains(&k)
            && !GROUP_B_KNOWN.contains(&k)
            && !GROUP_B_FLAGS.contains(&k)
            && !group_c::KEYS.contains(&k)
    }) {
        return Err(FpuzzlesError::Unsupported {
            path: name.clone(),
            name: name.clone(),
        });
    }
    let shape = box_shape(size as u32)?;
    let n = size;
    let mut reader = Reader {
        n,
        variant: Variant::default(),
        constraints: Vec::new(),
        paths: Vec::new(),
        cage_paths: Vec::new(),
    };
    let grid = reader.grid(obj.get("grid"), shape)?;
    let mut diagonals = [false, false];
    for (key, value) in obj {
        let path = key.as_str();
        if skipped(path) || path == KEY {
            continue;
        }
        match path {
            "diagonal+" | "diagonal-" | "antiknight" | "antiking" | "disjointgroups"
            | "nonconsecutive" => {
                let on = value
                    .as_bool()
                    .ok_or_else(|| invalid(path, "expected true or false"))?;
                if !on {
                    continue;
                }
                reader
                    .paths
                    .resize(reader.constraints.len(), path.to_string());
                match path {
                    "diagonal+" => diagonals[0] = true,
                    "diagonal-" => diagonals[1] = true,
                    "antiknight" => reader.constraints.push(Constraint::AntiKnight),
                    "antiking" => reader.constraints.push(Constraint::AntiKing),
                    "disjointgroups" => reader.constraints.push(Constraint::DisjointGroups),
                    _ => reader.constraints.push(Constraint::NonConsecutive),
                }
            }
            "negative" => {
                let list = value
                    .as_array()
                    .ok_or_else(|| invalid(path, "expected a list of names"))?;
                for (i, name) in list.iter().enumerate() {
                    let at = format!("negative[{i}]");
                    let kind = match name.as_str() {
                        Some("ratio") => PairKind::Ratio,
                        Some("difference") => PairKind::Difference,
                        Some("xv") => PairKind::Sum,
                        Some(other) => {
                            return Err(FpuzzlesError::Unsupported {
                                path: at,
                                name: format!("negative {other}"),
                            })
                        }
                        None => return Err(invalid(&at, "expected a constraint name")),
                    };
                    reader.constraints.push(Constraint::Negative { kind });
                    reader.paths.push(at);
                }
            }
            // issue 36, group B
            "globalentropy" | "globalmodular" | "dutchflatmates" => {
                let on = value
                    .as_bool()
                    .ok_or_else(|| invalid(path, "expected true or false"))?;
                if on {
                    reader.constraints.push(match path {
                        "globalentropy" => Constraint::GlobalEntropy,
                        "globalmodular" => Constraint::GlobalModular,
                        _ => Constraint::DutchFlatmates,
                    });
                    reader.paths.push(path.to_string());
                }
            }
            // issue 36, group A: rules f-puzzles has no key for, by the
            // names rangsk's SudokuSolver gives them (docs/formats.md).
            "knightmare"
            | "selftaxicab"
            | "selftaxi"
            | "diagonalnonconsecutive"
            | "dnc"
            | "anticamel"
            | "antizebra"
            | "antigiraffe" => {
                let on = value
                    .as_bool()
                    .ok_or_else(|| invalid(path, "expected true or false"))?;
                if on {
                    reader.constraints.push(match path {
                        "knightmare" => Constraint::Knightmare,
                        "selftaxicab" | "selftaxi" => Constraint::SelfTaxicab,
                        "diagonalnonconsecutive" | "dnc" => Constraint::DiagonalNonConsecutive,
                        "anticamel" => Constraint::Leaper {
                            offsets: vec![(1, 3)],
                        },
                        "antizebra" => Constraint::Leaper {
                            offsets: vec![(2, 3)],
                        },
                        _ => Constraint::Leaper {
                            offsets: vec![(1, 4)],
                        },
                    });
                    reader
                        .paths
                        .resize(reader.constraints.len(), path.to_string());
                }
            }
            "chess" | "taxicab" | "taxi" | "rowindexer" | "columnindexer" | "colindexer"
            | "boxindexer" | "modularline" | "nabner" | "nabnerline" | "doublearrow"
            | "zipperline" | "zipper" | "lockout" | "lockoutline" | "digitalrootcage" => {
                let list = value
                    .as_array()
                    .ok_or_else(|| invalid(path, "expected a list"))?;
                for (i, item) in list.iter().enumerate() {
                    let at = format!("{path}[{i}]");
                    for c in group_a_items(&reader, path, &at, item)? {
                        reader.constraints.push(c);
                        reader.paths.push(at.clone());
                    }
                }
            }
            // issue 36, group C
            "sumdot" => group_c::read(&mut reader, path, path, value)?,
            _ => {
                if !KNOWN.contains(&path) && !GROUP_B_KNOWN.contains(&path) {
                    return Err(FpuzzlesError::Unsupported {
                        path: path.to_string(),
                        name: path.to_string(),
                    });
                }
                let list = value
                    .as_array()
                    .ok_or_else(|| invalid(path, "expected a list"))?;
                for (i, item) in list.iter().enumerate() {
                    let at = format!("{path}[{i}]");
                    reader.item(path, &at, item)?;
                    let (made, cages) = (reader.constraints.len(), reader.variant.cages.len());
                    reader.paths.resize(made, at.clone());
                    reader.cage_paths.resize(cages, at);
                }
            }
        }
    }
    match diagonals {
        [true, true] => reader.variant.diagonals = true,
        [true, false] => reader.constraints.push(Constraint::DiagonalPositive),
        [false, true] => reader.constraints.push(Constraint::DiagonalNegative),
        [false, false] => {}
    }
    reader
        .paths
        .resize(reader.constraints.len(), "diagonal".into());
    // Each item checked against the grid on its own, so that an error names
    // it (`ratio[2]`), then the cages against each other.
    for (c, path) in reader.constraints.iter().zip(&reader.paths) {
        sudoku::constraints::validate(c, shape).map_err(|e| invalid(path, e.to_string()))?;
    }
    let mut owner: Vec<Option<&str>> = vec![None; n * n];
    for (cage, path) in reader.variant.cages.iter().zip(&reader.cage_paths) {
        sudoku::check_cages(std::slice::from_ref(cage), n)
            .map_err(|e| invalid(path, e.to_string()))?;
        for &(r, c) in &cage.cells {
            if let Some(other) = owner[r * n + c] {
                return Err(invalid(
                    path,
                    format!("cell R{}C{} is already in {other}", r + 1, c + 1),
                ));
            }
            owner[r * n + c] = Some(path);
        }
    }
    let mut variant = reader.variant;
    variant.constraints = reader.constraints;
    // The rules must build (regions, lines and cages together).
    variant
        .rules(shape)
        .map_err(|e| invalid("the puzzle", format!("the rules: {e}")))?;
    Ok(FPuzzle { grid, variant })
}

/// The true/false fields we read.
const FLAGS: [&str; 6] = [
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
];

/// The true/false fields of issue 36's group B (no f-puzzles key of
/// their own: the names rangsk's solver and ISS use, lower-case).
const GROUP_B_FLAGS: [&str; 3] = ["globalentropy", "globalmodular", "dutchflatmates"];

/// The list fields of issue 36's group B (docs/formats.md).
const GROUP_B_KNOWN: [&str; 9] = [
    "sumline",
    "rellikcage",
    "equalitycage",
    "lunchbox",
    "hiddenskyscraper",
    "numberedroom",
    "countingcircles",
    "dutchwhispers",
    "whispersby",
];

/// The list fields we read.
const KNOWN: [&str; 27] = [
    "thermometer",
    "slowthermometer",
    "arrow",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "difference",
    "ratio",
    "xv",
    "clone",
    "quadruple",
    "betweenline",
    "minimum",
    "maximum",
    "odd",
    "even",
    "extraregion",
    "palindrome",
    "renban",
    "whispers",
    "regionsumline",
    "regionSumLine",
    "entropicline",
    "diagonal+",
    "diagonal-",
];

// issue 36, group A
/// The fields of the group A constraints of issue 36 (flags and lists).
const GROUP_A_KEYS: [&str; 24] = [
    "digitalrootcage",
    "modularline",
    "nabner",
    "nabnerline",
    "doublearrow",
    "zipperline",
    "zipper",
    "lockout",
    "lockoutline",
    "knightmare",
    "selftaxicab",
    "selftaxi",
    "diagonalnonconsecutive",
    "dnc",
    "anticamel",
    "antizebra",
    "antigiraffe",
    "chess",
    "taxicab",
    "taxi",
    "rowindexer",
    "columnindexer",
    "colindexer",
    "boxindexer",
];

struct Reader {
    n: usize,
    variant: Variant,
    constraints: Vec<Constraint>,
    /// The JSON path of each constraint (`ratio[2]`), for its errors.
    paths: Vec<String>,
    /// The JSON path of each cage of `variant.cages`.
    cage_paths: Vec<String>,
}

impl Reader {
    fn grid(&mut self, grid: Option<&Value>, shape: Shape) -> Result<Grid, FpuzzlesError> {
        let n = self.n;
        let mut values = vec![0u16; n * n];
        let mut regions = vec![usize::MAX; n * n];
        let mut jigsaw = false;
        grid_cells(grid, n, |cell| {
            let (r, c, at) = (cell.row, cell.col, &cell.at);
            if let Some(v) = cell.given()? {
                let v = v
                    .as_u64()
                    .filter(|&v| (1..=n as u64).contains(&v))
                    .ok_or_else(|| invalid(at, format!("a given is a value 1-{n}")))?;
                values[r * n + c] = v as u16;
            }
            let home = shape.box_of(r, c);
            regions[r * n + c] = match cell.fields.get("region") {
                None | Some(Value::Null) => home,
                Some(v) => {
                    let k = v
                        .as_u64()
                        .filter(|&k| (k as usize) < n)
                        .ok_or_else(|| invalid(at, format!("a region is 0-{}", n - 1)))?
                        as usize;
                    jigsaw |= k != home;
                    k
                }
            };
            Ok(())
        })?;
        if jigsaw {
            let regions = Regions::from_cells(&regions)
                .map_err(|e| invalid("grid", format!("the regions: {e}")))?;
            self.variant.regions = Some(regions);
        }
        Grid::from_values(shape, values).map_err(|e| invalid("grid", e.to_string()))
    }

    /// A cell `R1C1`, inside the grid (or one step outside when `outside`),
    /// as 0-based (row, column) that may be -1 or n.
    fn cell_at(&self, at: &str, v: &Value, outside: bool) -> Result<(i64, i64), FpuzzlesError> {
        let text = v
            .as_str()
            .ok_or_else(|| invalid(at, "expected a cell such as \"R1C1\""))?;
        let upper = text.to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((r.parse::<i64>().ok()? - 1, c.parse::<i64>().ok()? - 1))
        });
        let (r, c) = parsed.ok_or_else(|| {
            invalid(
                at,
                format!("expected a cell such as \"R1C1\", found {text:?}"),
            )
        })?;
        let n = self.n as i64;
        let lo = if outside { -1 } else { 0 };
        let hi = if outside { n } else { n - 1 };
        if r < lo || r > hi || c < lo || c > hi {
            return Err(invalid(
                at,
                format!("cell {text} is outside the {n}x{n} grid"),
            ));
        }
        Ok((r, c))
    }

    fn cell(&self, at: &str, v: &Value) -> Result<usize, FpuzzlesError> {
        let (r, c) = self.cell_at(at, v, false)?;
        Ok(r as usize * self.n + c as usize)
    }

    fn cells(&self, at: &str, v: Option<&Value>) -> Result<Vec<usize>, FpuzzlesError> {
        let list = v
            .and_then(Value::as_array)
            .ok_or_else(|| invalid(at, "expected a list of cells"))?;
        list.iter()
            .enumerate()
            .map(|(i, c)| self.cell(&format!("{at}[{i}]"), c))
            .collect()
    }

    fn lines(&self, at: &str, item: &Value) -> Result<Vec<Vec<usize>>, FpuzzlesError> {
        let at = format!("{at}.lines");
        let lines = item
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| invalid(&at, "expected a list of lines"))?;
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| self.cells(&format!("{at}[{i}]"), Some(line)))
            .collect()
    }

    /// The `value` of an item as a number (f-puzzles writes strings).
    fn number(at: &str, item: &Value) -> Result<Option<u32>, FpuzzlesError> {
        let at = format!("{at}.value");
        match item.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s
                .trim()
                .parse::<u32>()
                .map(Some)
                .map_err(|_| invalid(&at, format!("expected a number, found {s:?}"))),
            Some(v) => v
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .map(Some)
                .ok_or_else(|| invalid(&at, "expected a number")),
        }
    }

    fn required(at: &str, item: &Value) -> Result<u32, FpuzzlesError> {
        Reader::number(at, item)?
            .ok_or_else(|| invalid(&format!("{at}.value"), "expected a number"))
    }

    /// The row or column an outside clue looks along, in reading order from
    /// the clue.
    fn outside_line(&self, at: &str, item: &Value) -> Result<Vec<usize>, FpuzzlesError> {
        let at = format!("{at}.cell");
        let (r, c) = self.cell_at(&at, item.get("cell").unwrap_or(&Value::Null), true)?;
        let n = self.n as i64;
        let line: Vec<(i64, i64)> = if r == -1 && (0..n).contains(&c) {
            (0..n).map(|k| (k, c)).collect()
        } else if r == n && (0..n).contains(&c) {
            (0..n).rev().map(|k| (k, c)).collect()
        } else if c == -1 && (0..n).contains(&r) {
            (0..n).map(|k| (r, k)).collect()
        } else if c == n && (0..n).contains(&r) {
            (0..n).rev().map(|k| (r, k)).collect()
        } else {
            return Err(invalid(
                &at,
                "expected a clue beside a row or column, outside the grid",
            ));
        };
        Ok(line
            .into_iter()
            .map(|(r, c)| (r * n + c) as usize)
            .collect())
    }

    fn item(&mut self, field: &str, at: &str, item: &Value) -> Result<(), FpuzzlesError> {
        let n = self.n;
        let push_lines = |this: &mut Reader, make: fn(Vec<usize>) -> Constraint| {
            for line in this.lines(at, item)? {
                this.constraints.push(make(line));
            }
            Ok::<(), FpuzzlesError>(())
        };
        match field {
            "thermometer" => push_lines(self, |cells| Constraint::Thermometer { cells })?,
            "slowthermometer" => push_lines(self, |cells| Constraint::SlowThermometer { cells })?,
            "betweenline" => push_lines(self, |cells| Constraint::BetweenLine { cells })?,
            "palindrome" => push_lines(self, |cells| Constraint::Palindrome { cells })?,
            "renban" => push_lines(self, |cells| Constraint::Renban { cells })?,
            "whispers" => push_lines(self, |cells| Constraint::Whispers { cells })?,
            "regionsumline" | "regionSumLine" => {
                push_lines(self, |cells| Constraint::RegionSumLine { cells })?
            }
            "entropicline" => push_lines(self, |cells| Constraint::EntropicLine { cells })?,
            "arrow" => {
                let mut circle = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                circle.sort_unstable();
                circle.dedup();
                let mut line = Vec::new();
                for l in self.lines(at, item)? {
                    for cell in l {
                        if !circle.contains(&cell) && !line.contains(&cell) {
                            line.push(cell);
                        }
                    }
                }
                self.constraints.push(Constraint::Arrow { circle, line });
            }
            "killercage" => {
                let cells = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                match Reader::number(at, item)? {
                    Some(sum) => self.variant.cages.push(CageSpec::new(
                        sum,
                        cells.iter().map(|&c| (c / n, c % n)).collect(),
                    )),
                    None => self.constraints.push(Constraint::Cage { cells, sum: None }),
                }
            }
            "littlekillersum" => {
                let sum = Reader::required(at, item)?;
                let cells = match item.get("cells") {
                    Some(v) => self.cells(&format!("{at}.cells"), Some(v))?,
                    None => self.diagonal(at, item)?,
                };
                self.constraints
                    .push(Constraint::LittleKiller { cells, sum });
            }
            "sandwichsum" => {
                let sum = Reader::required(at, item)?;
                let mut line = self.outside_line(at, item)?;
                line.sort_unstable();
                self.constraints.push(Constraint::Sandwich { line, sum });
            }
            "xsum" => {
                let sum = Reader::required(at, item)?;
                let line = self.outside_line(at, item)?;
                self.constraints.push(Constraint::XSum { line, sum });
            }
            "skyscraper" => {
                let count = Reader::required(at, item)?;
                let line = self.outside_line(at, item)?;
                self.constraints
                    .push(Constraint::Skyscraper { line, count });
            }
            "difference" | "ratio" | "xv" => {
                let cells = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                let [a, b] = cells[..] else {
                    return Err(invalid(&format!("{at}.cells"), "expected two cells"));
                };
                let (kind, value) = match field {
                    "difference" => (PairKind::Difference, Reader::number(at, item)?.unwrap_or(1)),
                    "ratio" => (PairKind::Ratio, Reader::number(at, item)?.unwrap_or(2)),
                    _ => {
                        let v = match item.get("value").and_then(Value::as_str) {
                            Some("X") | Some("x") => 10,
                            Some("V") | Some("v") => 5,
                            _ => {
                                return Err(invalid(
                                    &format!("{at}.value"),
                                    "expected \"X\" or \"V\"",
                                ))
                            }
                        };
                        (PairKind::Sum, v)
                    }
                };
                let adjacent = (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n) == 1;
                if !adjacent {
                    return Err(invalid(
                        &format!("{at}.cells"),
                        "a dot joins two orthogonal neighbours",
                    ));
                }
                self.constraints.push(Constraint::Dot {
                    cells: [a, b],
                    kind,
                    value,
                });
            }
            "clone" => {
                let cells = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                let copy = self.cells(&format!("{at}.cloneCells"), item.get("cloneCells"))?;
                self.constraints.push(Constraint::Clone { cells, copy });
            }
            "quadruple" => {
                let mut cells = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                cells.sort_unstable();
                let ok = cells.len() == 4 && {
                    let c = cells[0];
                    c % n + 1 < n && cells == [c, c + 1, c + n, c + n + 1]
                };
                if !ok {
                    return Err(invalid(
                        &format!("{at}.cells"),
                        "expected the four cells of a 2x2 block",
                    ));
                }
                let values = item
                    .get("values")
                    .and_then(Value::as_array)
                    .ok_or_else(|| invalid(&format!("{at}.values"), "expected a list of values"))?
                    .iter()
                    .map(|v| {
                        v.as_u64()
                            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                            .and_then(|v| u32::try_from(v).ok())
                            .ok_or_else(|| invalid(&format!("{at}.values"), "expected numbers"))
                    })
                    .collect::<Result<Vec<u32>, _>>()?;
                self.constraints.push(Constraint::Quadruple {
                    cell: cells[0],
                    values,
                });
            }
            "minimum" | "maximum" | "odd" | "even" => {
                let cell = self.cell(
                    &format!("{at}.cell"),
                    item.get("cell").unwrap_or(&Value::Null),
                )?;
                self.constraints.push(match field {
                    "minimum" => Constraint::Minimum { cell },
                    "maximum" => Constraint::Maximum { cell },
                    "odd" => Constraint::Odd { cell },
                    _ => Constraint::Even { cell },
                });
            }
            "extraregion" => {
                let cells = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                self.constraints.push(Constraint::ExtraRegion { cells });
            }
            // issue 36, group B
            "sumline" => {
                let sum = Reader::required(at, item)?;
                let said_loop = match item.get("loop") {
                    None | Some(Value::Null) => false,
                    Some(v) => v
                        .as_bool()
                        .ok_or_else(|| invalid(&format!("{at}.loop"), "expected true or false"))?,
                };
                for mut cells in self.lines(at, item)? {
                    // A line drawn back to its first cell is a loop.
                    let closed = cells.len() > 2 && cells.first() == cells.last();
                    if closed {
                        cells.pop();
                    }
                    self.constraints.push(Constraint::SumLine {
                        cells,
                        sum,
                        looped: closed || said_loop,
                    });
                }
            }
            "rellikcage" | "lunchbox" => {
                let cells = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                let sum = Reader::required(at, item)?;
                self.constraints.push(if field == "rellikcage" {
                    Constraint::RellikCage { cells, sum }
                } else {
                    Constraint::Lunchbox { cells, sum }
                });
            }
            "equalitycage" | "countingcircles" => {
                let cells = self.cells(&format!("{at}.cells"), item.get("cells"))?;
                self.constraints.push(if field == "equalitycage" {
                    Constraint::EqualityCage { cells }
                } else {
                    Constraint::CountingCircles { cells }
                });
            }
            "hiddenskyscraper" | "numberedroom" => {
                let value = Reader::required(at, item)?;
                let line = self.outside_line(at, item)?;
                self.constraints.push(if field == "hiddenskyscraper" {
                    Constraint::HiddenSkyscraper { line, value }
                } else {
                    Constraint::NumberedRoom { line, value }
                });
            }
            "dutchwhispers" | "whispersby" => {
                let difference = if field == "dutchwhispers" {
                    4
                } else {
                    Reader::required(at, item)?
                };
                for cells in self.lines(at, item)? {
                    self.constraints
                        .push(Constraint::WhispersBy { cells, difference });
                }
            }
            _ => {
                return Err(FpuzzlesError::Unsupported {
                    path: field.to_string(),
                    name: field.to_string(),
                })
            }
        }
        Ok(())
    }

    /// The cells of a little killer from its clue cell and direction.
    fn diagonal(&self, at: &str, item: &Value) -> Result<Vec<usize>, FpuzzlesError> {
        let (mut r, mut c) = self.cell_at(
            &format!("{at}.cell"),
            item.get("cell").unwrap_or(&Value::Null),
            true,
        )?;
        let (dr, dc) = match item.get("direction").and_then(Value::as_str) {
            Some("DR") => (1, 1),
            Some("DL") => (1, -1),
            Some("UR") => (-1, 1),
            Some("UL") => (-1, -1),
            _ => {
                return Err(invalid(
                    &format!("{at}.direction"),
                    "expected DR, DL, UR or UL",
                ))
            }
        };
        let n = self.n as i64;
        if (0..n).contains(&r) && (0..n).contains(&c) {
            return Err(invalid(
                &format!("{at}.cell"),
                format!(
                    "a little killer's clue is outside the grid, not in R{}C{}",
                    r + 1,
                    c + 1
                ),
            ));
        }
        let mut out = Vec::new();
        loop {
            r += dr;
            c += dc;
            if !(0..n).contains(&r) || !(0..n).contains(&c) {
                break;
            }
            out.push((r * n + c) as usize);
        }
        if out.is_empty() {
            return Err(invalid(
                &format!("{at}.direction"),
                "the diagonal misses the grid",
            ));
        }
        Ok(out)
    }
}

// issue 36, group A
/// The constraints of one item of a `chess` (`{"offsets": [[1, 3],
/// ...]}`), `taxicab` (`{"value": "3"}`), indexer (`{"cells": ["R1C1",
/// ...]}`) or line list (`{"lines": [[...]]}`, a lockout's `value` its
/// least difference, 4 when missing).
fn group_a_items(
    reader: &Reader,
    field: &str,
    at: &str,
    item: &Value,
) -> Result<Vec<Constraint>, FpuzzlesError> {
    let lines = || reader.lines(at, item);
    Ok(match field {
        "modularline" => lines()?
            .into_iter()
            .map(|cells| Constraint::ModularLine { cells })
            .collect(),
        "nabner" | "nabnerline" => lines()?
            .into_iter()
            .map(|cells| Constraint::NabnerLine { cells })
            .collect(),
        "doublearrow" => lines()?
            .into_iter()
            .map(|cells| Constraint::DoubleArrow { cells })
            .collect(),
        "zipperline" | "zipper" => lines()?
            .into_iter()
            .map(|cells| Constraint::ZipperLine { cells })
            .collect(),
        "lockout" | "lockoutline" => {
            let min_diff = Reader::number(at, item)?.unwrap_or(4);
            lines()?
                .into_iter()
                .map(|cells| Constraint::LockoutLine { cells, min_diff })
                .collect()
        }
        "digitalrootcage" => vec![Constraint::DigitalRootCage {
            cells: reader.cells(&format!("{at}.cells"), item.get("cells"))?,
            root: Reader::required(at, item)?,
        }],
        _ => vec![group_a_item(reader, field, at, item)?],
    })
}

/// One item of a `chess`, `taxicab` or indexer list.
fn group_a_item(
    reader: &Reader,
    field: &str,
    at: &str,
    item: &Value,
) -> Result<Constraint, FpuzzlesError> {
    match field {
        "chess" => {
            let at = format!("{at}.offsets");
            let list = item
                .get("offsets")
                .and_then(Value::as_array)
                .ok_or_else(|| invalid(&at, "expected a list of leaps such as [1, 3]"))?;
            let offsets = list
                .iter()
                .enumerate()
                .map(|(i, leap)| {
                    let pair = leap.as_array().filter(|p| p.len() == 2);
                    let number = |v: &Value| v.as_u64().and_then(|v| u32::try_from(v).ok());
                    match pair.map(|p| (number(&p[0]), number(&p[1]))) {
                        Some((Some(a), Some(b))) => Ok((a, b)),
                        _ => Err(invalid(
                            &format!("{at}[{i}]"),
                            "expected a leap of two numbers 0 to 4294967295, such as [1, 3]",
                        )),
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Constraint::Leaper { offsets })
        }
        "taxicab" | "taxi" => Ok(Constraint::Taxicab {
            distance: Reader::required(at, item)?,
        }),
        _ => {
            let cells = reader.cells(&format!("{at}.cells"), item.get("cells"))?;
            Ok(match field {
                "rowindexer" => Constraint::RowIndexer { cells },
                "boxindexer" => Constraint::BoxIndexer { cells },
                _ => Constraint::ColumnIndexer { cells },
            })
        }
    }
}

fn rc(cell: usize, n: usize) -> String {
    format!("R{}C{}", cell / n + 1, cell % n + 1)
}

fn rc_outside(r: i64, c: i64) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// The f-puzzles JSON of a puzzle. Fails on rules f-puzzles cannot state
/// (a sum dot other than X or V).
pub fn to_fpuzzles_json(puzzle: &FPuzzle) -> Result<Value, FpuzzlesError> {
    let shape = puzzle.grid.shape();
    let n = shape.side() as usize;
    let variant = &puzzle.variant;
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let mut cell = Map::new();
                        let v = puzzle.grid.cells()[r * n + c];
                        if v != 0 {
                            cell.insert("value".into(), json!(v));
                            cell.insert("given".into(), json!(true));
                        }
                        if let Some(regions) = &variant.regions {
                            cell.insert("region".into(), json!(regions.region_of(r * n + c)));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut doc = Map::new();
    doc.insert("size".into(), json!(n));
    doc.insert("grid".into(), Value::Array(grid));
    let mut push = |key: &str, item: Value| {
        doc.entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .expect("a list field")
            .push(item);
    };
    let cells = |list: &[usize]| Value::Array(list.iter().map(|&c| json!(rc(c, n))).collect());
    for cage in &variant.cages {
        let list: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * n + c).collect();
        push(
            "killercage",
            json!({"cells": cells(&list), "value": cage.sum.to_string()}),
        );
    }
    let mut flags: Vec<&str> = Vec::new();
    if variant.diagonals {
        flags.extend(["diagonal+", "diagonal-"]);
    }
    if variant.windows {
        for w in windows(shape).map_err(|e| invalid("windoku", e.to_string()))? {
            push("extraregion", json!({"cells": cells(&w)}));
        }
    }
    let mut negative: Vec<&str> = Vec::new();
    for c in &variant.constraints {
        match c {
            Constraint::Thermometer { cells: l } => {
                push("thermometer", json!({"lines": [cells(l)]}))
            }
            Constraint::SlowThermometer { cells: l } => {
                push("slowthermometer", json!({"lines": [cells(l)]}))
            }
            Constraint::BetweenLine { cells: l } => {
                push("betweenline", json!({"lines": [cells(l)]}))
            }
            Constraint::Palindrome { cells: l } => push("palindrome", json!({"lines": [cells(l)]})),
            Constraint::Renban { cells: l } => push("renban", json!({"lines": [cells(l)]})),
            Constraint::Whispers { cells: l } => push("whispers", json!({"lines": [cells(l)]})),
            Constraint::RegionSumLine { cells: l } => {
                push("regionsumline", json!({"lines": [cells(l)]}))
            }
            Constraint::EntropicLine { cells: l } => {
                push("entropicline", json!({"lines": [cells(l)]}))
            }
            Constraint::Arrow { circle, line } => {
                let mut l = vec![circle[0]];
                l.extend(line);
                push(
                    "arrow",
                    json!({"cells": cells(circle), "lines": [cells(&l)]}),
                );
            }
            Constraint::Cage { cells: l, sum } => match sum {
                Some(s) => push(
                    "killercage",
                    json!({"cells": cells(l), "value": s.to_string()}),
                ),
                None => push("killercage", json!({"cells": cells(l)})),
            },
            Constraint::LittleKiller { cells: l, sum } => {
                let (r0, c0) = ((l[0] / n) as i64, (l[0] % n) as i64);
                let (dr, dc) = match l.get(1) {
                    Some(&next) => ((next / n) as i64 - r0, (next % n) as i64 - c0),
                    None => (if r0 == 0 { 1 } else { -1 }, if c0 == 0 { 1 } else { -1 }),
                };
                let direction = match (dr, dc) {
                    (1, 1) => "DR",
                    (1, -1) => "DL",
                    (-1, 1) => "UR",
                    _ => "UL",
                };
                push(
                    "littlekillersum",
                    json!({"cell": rc_outside(r0 - dr, c0 - dc), "cells": cells(l),
                           "direction": direction, "value": sum.to_string()}),
                );
            }
            Constraint::Sandwich { line, sum } => {
                let (r, c) = clue_cell(line, n);
                let (r, c) = if r == -1 || r == n as i64 {
                    (-1, c)
                } else {
                    (r, -1)
                };
                push(
                    "sandwichsum",
                    json!({"cell": rc_outside(r, c), "value": sum.to_string()}),
                );
            }
            Constraint::XSum { line, sum } => {
                let (r, c) = clue_cell(line, n);
                push(
                    "xsum",
                    json!({"cell": rc_outside(r, c), "value": sum.to_string()}),
                );
            }
            Constraint::Skyscraper { line, count } => {
                let (r, c) = clue_cell(line, n);
                push(
                    "skyscraper",
                    json!({"cell": rc_outside(r, c), "value": count.to_string()}),
                );
            }
            Constraint::Dot {
                cells: pair,
                kind,
                value,
            } => match kind {
                PairKind::Difference if *value == 1 => {
                    push("difference", json!({"cells": cells(pair)}))
                }
                PairKind::Difference => push(
                    "difference",
                    json!({"cells": cells(pair), "value": value.to_string()}),
                ),
                PairKind::Ratio if *value == 2 => push("ratio", json!({"cells": cells(pair)})),
                PairKind::Ratio => push(
                    "ratio",
                    json!({"cells": cells(pair), "value": value.to_string()}),
                ),
                PairKind::Sum if *value == 10 => {
                    push("xv", json!({"cells": cells(pair), "value": "X"}))
                }
                PairKind::Sum if *value == 5 => {
                    push("xv", json!({"cells": cells(pair), "value": "V"}))
                }
                PairKind::Sum => {
                    return Err(invalid(
                        "xv",
                        format!("f-puzzles has sum dots of 5 (V) and 10 (X) only, not {value}"),
                    ))
                }
            },
            Constraint::Negative { kind } => negative.push(match kind {
                PairKind::Difference => "difference",
                PairKind::Ratio => "ratio",
                PairKind::Sum => "xv",
            }),
            Constraint::NonConsecutive => flags.push("nonconsecutive"),
            Constraint::AntiKnight => flags.push("antiknight"),
            Constraint::AntiKing => flags.push("antiking"),
            Constraint::DiagonalPositive => flags.push("diagonal+"),
            Constraint::DiagonalNegative => flags.push("diagonal-"),
            Constraint::DisjointGroups => flags.push("disjointgroups"),
            Constraint::ExtraRegion { cells: l } => push("extraregion", json!({"cells": cells(l)})),
            Constraint::Windoku => {
                for w in windows(shape).map_err(|e| invalid("windoku", e.to_string()))? {
                    push("extraregion", json!({"cells": cells(&w)}));
                }
            }
            Constraint::Even { cell } => push("even", json!({"cell": rc(*cell, n)})),
            Constraint::Odd { cell } => push("odd", json!({"cell": rc(*cell, n)})),
            Constraint::Minimum { cell } => push("minimum", json!({"cell": rc(*cell, n)})),
            Constraint::Maximum { cell } => push("maximum", json!({"cell": rc(*cell, n)})),
            Constraint::Quadruple { cell, values } => push(
                "quadruple",
                json!({"cells": cells(&[*cell, cell + 1, cell + n, cell + n + 1]), "values": values}),
            ),
            Constraint::Clone { cells: a, copy } => push(
                "clone",
                json!({"cells": cells(a), "cloneCells": cells(copy)}),
            ),
            // issue 36, group B
            Constraint::SumLine {
                cells: l,
                sum,
                looped,
            } => push(
                "sumline",
                json!({"lines": [cells(l)], "value": sum.to_string(), "loop": looped}),
            ),
            Constraint::RellikCage { cells: l, sum } => push(
                "rellikcage",
                json!({"cells": cells(l), "value": sum.to_string()}),
            ),
            Constraint::Lunchbox { cells: l, sum } => push(
                "lunchbox",
                json!({"cells": cells(l), "value": sum.to_string()}),
            ),
            Constraint::EqualityCage { cells: l } => {
                push("equalitycage", json!({"cells": cells(l)}))
            }
            Constraint::CountingCircles { cells: l } => {
                push("countingcircles", json!({"cells": cells(l)}))
            }
            Constraint::HiddenSkyscraper { line, value }
            | Constraint::NumberedRoom { line, value } => {
                let key = c.name();
                let (r, c) = clue_cell(line, n);
                push(
                    key,
                    json!({"cell": rc_outside(r, c), "value": value.to_string()}),
                );
            }
            Constraint::WhispersBy {
                cells: l,
                difference,
            } => push(
                "whispersby",
                json!({"lines": [cells(l)], "value": difference.to_string()}),
            ),
            Constraint::GlobalEntropy => flags.push("globalentropy"),
            Constraint::GlobalModular => flags.push("globalmodular"),
            Constraint::DutchFlatmates => flags.push("dutchflatmates"),
            // issue 36, group A
            Constraint::Knightmare => flags.push("knightmare"),
            Constraint::SelfTaxicab => flags.push("selftaxicab"),
            Constraint::DiagonalNonConsecutive => flags.push("diagonalnonconsecutive"),
            Constraint::Leaper { offsets } => {
                let leaps: Vec<[u32; 2]> = offsets.iter().map(|&(a, b)| [a, b]).collect();
                push("chess", json!({ "offsets": leaps }))
            }
            Constraint::Taxicab { distance } => {
                push("taxicab", json!({"value": distance.to_string()}))
            }
            Constraint::RowIndexer { cells: l } => push("rowindexer", json!({"cells": cells(l)})),
            Constraint::ColumnIndexer { cells: l } => {
                push("columnindexer", json!({"cells": cells(l)}))
            }
            Constraint::BoxIndexer { cells: l } => push("boxindexer", json!({"cells": cells(l)})),
            Constraint::ModularLine { cells: l } => {
                push("modularline", json!({"lines": [cells(l)]}))
            }
            Constraint::NabnerLine { cells: l } => push("nabner", json!({"lines": [cells(l)]})),
            Constraint::DoubleArrow { cells: l } => {
                push("doublearrow", json!({"lines": [cells(l)]}))
            }
            Constraint::ZipperLine { cells: l } => push("zipperline", json!({"lines": [cells(l)]})),
            Constraint::DigitalRootCage { cells: l, root } => push(
                "digitalrootcage",
                json!({"cells": cells(l), "value": root.to_string()}),
            ),
            Constraint::LockoutLine { cells: l, min_diff } => push(
                "lockout",
                json!({"lines": [cells(l)], "value": min_diff.to_string()}),
            ),
            // issue 36, group C
            Constraint::SumDot { .. } => {
                let (key, item) = group_c::write(c, cells).expect("a group C constraint");
                push(key, item)
            }
            // A constraint this writer does not know yet (the enum is the
            // base crate's, non-exhaustive): refused by name, never dropped.
            other => {
                return Err(FpuzzlesError::Unsupported {
                    path: "constraints".to_string(),
                    name: other.name().to_string(),
                })
            }
        }
    }
    for flag in flags {
        doc.insert(flag.into(), json!(true));
    }
    if !negative.is_empty() {
        negative.sort_unstable();
        negative.dedup();
        doc.insert("negative".into(), json!(negative));
    }
    Ok(Value::Object(doc))
}

/// The outside cell (0-based, -1 or n) of a clue looking along `line`.
fn clue_cell(line: &[usize], n: usize) -> (i64, i64) {
    let (r0, c0) = ((line[0] / n) as i64, (line[0] % n) as i64);
    let (r1, c1) = match line.get(1) {
        Some(&next) => ((next / n) as i64, (next % n) as i64),
        None => (r0 + 1, c0),
    };
    (r0 - (r1 - r0), c0 - (c1 - c0))
}

/// The puzzle as an f-puzzles link: `https://www.f-puzzles.com/?load=`
/// and its JSON compressed with lz-string (base64), which opens in the
/// editor.
pub fn to_fpuzzles_link(puzzle: &FPuzzle) -> Result<String, FpuzzlesError> {
    let json = to_fpuzzles_json(puzzle)?.to_string();
    Ok(format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json.as_str())
    ))
}
