//! Round trips and error paths of the formats, and the benchmark data files.

use std::io::{self, BufRead, Read};
use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::*;
use crate::error::ParseErrorKind;

/// A solved grid of any shape: the pattern `((r % R) * C + r / R + c) % N + 1`.
fn pattern(shape: Shape) -> Grid {
    let r_ = shape.box_rows() as usize;
    let c_ = shape.box_cols() as usize;
    let n = shape.side() as usize;
    let values = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % r_) * c_ + r / r_ + c) % n + 1) as u16
        })
        .collect();
    Grid::from_values(shape, values).unwrap()
}

/// The pattern with about half the cells cleared (deterministically).
fn puzzle(shape: Shape, seed: u64) -> Grid {
    let mut g = pattern(shape);
    let n = g.side();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for r in 0..n {
        for c in 0..n {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if state >> 63 == 0 {
                g.set(r, c, None);
            }
        }
    }
    g
}

fn shape(r: u32, c: u32) -> Shape {
    Shape::new(r, c).unwrap()
}

/// The shapes of the round trips: square and rectangular, symbols and numbers.
fn shapes() -> Vec<Shape> {
    [
        (2, 2),
        (3, 3),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 4),
        (4, 4),
        (5, 5),
        (6, 6),
        (5, 7),
    ]
    .iter()
    .map(|&(r, c)| shape(r, c))
    .collect()
}

/// The shape to give the parser: `None` when it can infer it.
fn hint(shape: Shape) -> Option<Shape> {
    (!shape.is_square()).then_some(shape)
}

fn standard() -> Alphabet {
    Alphabet::standard()
}

fn read_all(text: impl AsRef<[u8]>, options: ReadOptions) -> Vec<Record> {
    Records::new(text.as_ref(), options).collect()
}

fn read(text: impl AsRef<[u8]>) -> Vec<Record> {
    read_all(text, ReadOptions::default())
}

fn with_shape(shape: Shape) -> ReadOptions {
    ReadOptions {
        shape: Some(shape),
        ..ReadOptions::default()
    }
}

fn error_text(record: &Record) -> String {
    record.result.as_ref().unwrap_err().to_string()
}

// ---------------------------------------------------------------- round trips

#[test]
fn compact_round_trips() {
    for shape in shapes() {
        let g = puzzle(shape, 1);
        let notation = Notation::standard_for(shape);
        let text = write_compact(&g, &notation);
        if shape.side() <= 35 {
            assert_eq!(text.chars().count(), shape.cells(), "{shape}");
        }
        let p = parse_puzzle(&text, hint(shape), &standard()).unwrap();
        assert_eq!(p.grid, g, "{shape}");
        // The notation of the pattern (full grid) is the one written.
        let full = pattern(shape);
        let p = parse_puzzle(&write_compact(&full, &notation), hint(shape), &standard()).unwrap();
        assert_eq!(p.notation, notation, "{shape}");
        assert_eq!(p.grid, full);
    }
}

#[test]
fn letters_for_sixteen_and_twenty_five() {
    let g = pattern(shape(4, 4));
    let text = write_compact(&g, &Notation::default());
    assert!(text.starts_with("12345678"));
    assert!(text.contains('g') && !text.contains('h'));
    let upper = text.to_uppercase();
    assert_eq!(upper.parse::<Grid>().unwrap(), g);
    let g = pattern(shape(5, 5));
    let text = write_compact(&g, &Notation::default());
    assert!(text.contains('p') && !text.contains('q'));
    assert_eq!(text.parse::<Grid>().unwrap(), g);
}

#[test]
fn numbers_round_trips() {
    for shape in shapes() {
        let g = puzzle(shape, 2);
        let text = write_compact(&g, &Notation::Numbers);
        let p = parse_puzzle(&text, hint(shape), &standard()).unwrap();
        assert_eq!(p.grid, g, "{shape}");
        // One row per line.
        let n = g.side();
        let rows: Vec<String> = g
            .cells()
            .chunks(n)
            .map(|row| row.iter().map(u16::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        let p = parse_puzzle(&rows.join("\n"), hint(shape), &standard()).unwrap();
        assert_eq!(p.grid, g, "{shape} rows");
    }
}

#[test]
fn thirty_six_in_numbers() {
    let shape = shape(6, 6);
    let g = puzzle(shape, 3);
    assert_eq!(Notation::standard_for(shape), Notation::Numbers);
    let text = write_compact(&g, &Notation::default());
    assert!(text.split(' ').count() == 1296 && text.contains("36"));
    let p = parse_puzzle(&text, None, &standard()).unwrap();
    assert_eq!(p.grid, g);
    assert_eq!(p.notation, Notation::Numbers);
    let records = read_all(
        format!("{text}\n{text}\n"),
        ReadOptions {
            format: Format::Numbers,
            ..ReadOptions::default()
        },
    );
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|r| r.result.as_ref().unwrap().grid == g));
}

#[test]
fn boxed_round_trips() {
    for shape in shapes() {
        let g = puzzle(shape, 4);
        let text = write_boxed(&g);
        let p = parse_puzzle(&text, hint(shape), &standard()).unwrap();
        assert_eq!(p.grid, g, "{shape}\n{text}");
        // Several boxed grids separated by blank lines.
        let two = format!("{text}\n{}", write_boxed(&pattern(shape)));
        let records = read_all(
            &two,
            ReadOptions {
                shape: hint(shape),
                ..ReadOptions::default()
            },
        );
        assert_eq!(records.len(), 2, "{shape}");
        assert_eq!(records[1].line, text.lines().count() + 2);
        assert_eq!(records[1].result.as_ref().unwrap().grid, pattern(shape));
    }
}

#[test]
fn custom_alphabet_round_trip() {
    let hex = Alphabet::custom("0123456789ABCDEF", '.').unwrap();
    let notation = Notation::Symbols(hex.clone());
    let g = puzzle(shape(4, 4), 5);
    let text = write_compact(&g, &notation);
    assert!(text.contains('0') && text.contains('F') && text.contains('.'));
    let p = parse_puzzle(&text, None, &hex).unwrap();
    assert_eq!(p.grid, g);
    assert_eq!(p.notation, notation);
    // '0' is a symbol here, not a blank.
    let mut one = ".".repeat(256);
    one.replace_range(0..1, "0");
    assert_eq!(
        parse_puzzle(&one, None, &hex).unwrap().grid.get(0, 0),
        Some(1)
    );
    let boxed = write_boxed_with(&g, &notation);
    assert_eq!(parse_puzzle(&boxed, None, &hex).unwrap().grid, g);
    // An unknown symbol names the alphabet.
    let err = parse_puzzle(&"x".repeat(256), None, &hex).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 1: unexpected character 'x' (expected one of the symbols \
         0123456789ABCDEF or the blank .)"
    );
}

fn arb_grid() -> impl Strategy<Value = Grid> {
    prop::sample::select(shapes()).prop_flat_map(|shape| {
        let n = shape.side() as u16;
        prop::collection::vec(0..=n, shape.cells())
            .prop_map(move |values| Grid::from_values(shape, values).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_grid_round_trips(g in arb_grid()) {
        let shape = g.shape();
        for notation in [Notation::default(), Notation::Numbers] {
            let text = write_compact(&g, &notation);
            prop_assert_eq!(&parse_puzzle(&text, hint(shape), &standard()).unwrap().grid, &g);
            let boxed = write_boxed_with(&g, &notation);
            prop_assert_eq!(&parse_puzzle(&boxed, hint(shape), &standard()).unwrap().grid, &g);
        }
        let json = serde_json::to_string(&g).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Grid>(&json).unwrap(), &g);
    }
}

// ---------------------------------------------------------------- layouts

const NINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn course_grid_with_borders() {
    let text = "\
-----------------
| 1 | 2 | x | 4 |
-----------------
| x | x | 1 | x |
-----------------
| 2 | x | x | x |
-----------------
| x | x | x | 3 |
-----------------
";
    let p = parse_puzzle(text, None, &standard()).unwrap();
    assert_eq!(p.grid.to_string(), "12.4..1.2......3");
    let plus = "\
+---+---+
|1 2|. 4|
|. .|1 .|
+---+---+
|2 .|. .|
|. .|. 3|
+---+---+";
    assert_eq!(parse_puzzle(plus, None, &standard()).unwrap().grid, p.grid);
}

#[test]
fn sdk_files_with_headers_and_several_grids() {
    let rows: Vec<&str> = (0..9).map(|r| &NINE[r * 9..r * 9 + 9]).collect();
    let grid = rows.join("\n");
    let text = format!("#Asomeone\n#Dfrom a book\n{grid}\n\n\n{grid}\r\n");
    let records = read(&text);
    assert_eq!(records.len(), 2);
    assert_eq!((records[0].line, records[1].line), (3, 14));
    for r in &records {
        assert_eq!(r.result.as_ref().unwrap().grid.to_string(), NINE);
    }
    let explicit = read_all(
        &text,
        ReadOptions {
            format: Format::Grid,
            ..ReadOptions::default()
        },
    );
    assert_eq!(explicit, records);
}

#[test]
fn dashes_as_blanks_or_borders() {
    let empty = "-".repeat(81);
    // A file of one-line puzzles: an all-dash line of the right length is a puzzle.
    let text = format!("{NINE}\n{empty}\n");
    let records = read(&text);
    assert_eq!(records.len(), 2);
    assert_eq!(records[1].result.as_ref().unwrap().grid.givens(), 0);
    // Compact format: always a puzzle.
    let compact = ReadOptions {
        format: Format::Compact,
        ..ReadOptions::default()
    };
    let records = read_all(format!("{empty}\n"), compact);
    assert_eq!(records[0].result.as_ref().unwrap().grid.givens(), 0);
    // A row of single dashes in a multi-line grid is a row of blanks.
    let text = "1 2 | 3 4\n- - | - -\n-----+-----\n2 1 | 4 3\n- - | - -\n";
    let g = parse_puzzle(text, None, &standard()).unwrap().grid;
    assert_eq!(g.to_string(), "1234....2143....");
}

#[test]
fn csv_with_solutions() {
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let text = format!("quizzes,solutions\n{NINE},{solution}\r\n\"{NINE}\",\n");
    let records = read(&text);
    assert_eq!(records.len(), 2);
    let p = records[0].result.as_ref().unwrap();
    assert_eq!(records[0].line, 2);
    let s = p.solution.as_ref().unwrap();
    assert!(s.is_solution_of(&p.grid));
    assert!(records[1].result.as_ref().unwrap().solution.is_none());

    // A bad solution is located in the line.
    let bad = format!("puzzle,solution\n{NINE},{}!\n", &solution[..80]);
    let records = read(&bad);
    assert_eq!(
        error_text(&records[0]),
        "line 2, column 163: unexpected character '!' (expected a digit 1-9, a letter for \
         10-35, or a blank . 0 x _ - *)"
    );
    // A solution of another shape.
    let bad = format!("quizzes,solutions\n{NINE},{}\n", "1".repeat(16));
    let err = read(&bad)[0].result.clone().unwrap_err();
    assert!(
        matches!(err.kind, ParseErrorKind::SolutionShape { .. }),
        "{err}"
    );
    // Explicit CSV without a puzzle column.
    let csv = ReadOptions {
        format: Format::Csv,
        ..ReadOptions::default()
    };
    let records = read_all(format!("a,b\n{NINE},\n"), csv);
    assert!(error_text(&records[0]).contains("no puzzle column"));
    assert!(records[1].result.is_ok());
}

#[test]
fn format_names() {
    for f in [
        Format::Auto,
        Format::Compact,
        Format::Numbers,
        Format::Grid,
        Format::Csv,
    ] {
        assert_eq!(f.to_string().parse::<Format>(), Ok(f));
    }
    assert!("xml"
        .parse::<Format>()
        .unwrap_err()
        .contains("expected auto"));
}

// ---------------------------------------------------------------- errors

#[test]
fn one_cell_short_or_long() {
    let short = &NINE[..80];
    let long = format!("{NINE}.");
    let text = format!("# header\n{NINE}\n{NINE}\n\n{short}\n{long}\n{NINE}\n");
    let records = read(&text);
    assert_eq!(records.len(), 5);
    assert_eq!(
        error_text(&records[2]),
        "line 5: expected 81 cells, found 80"
    );
    assert_eq!(
        error_text(&records[3]),
        "line 6: expected 81 cells, found 82"
    );
    assert!(records[4].result.is_ok());
    // A faulty first line: no shape known yet.
    let records = read(format!("{short}\n{NINE}\n"));
    assert_eq!(records.len(), 2);
    assert!(matches!(
        records[0].result.as_ref().unwrap_err().kind,
        ParseErrorKind::UnknownShape { found: 80 }
    ));
    assert!(records[1].result.is_ok());
    // With the shape given.
    let records = read_all(format!("{short}\n"), with_shape(shape(3, 3)));
    assert_eq!(
        error_text(&records[0]),
        "line 1: expected 81 cells, found 80"
    );
}

#[test]
fn unknown_symbol() {
    let mut line = NINE.to_string();
    line.replace_range(16..17, "!");
    let records = read(format!("{NINE}\n{NINE}\n{line}\n"));
    assert_eq!(
        error_text(&records[2]),
        "line 3, column 17: unexpected character '!' (expected a digit 1-9, a letter for \
         10-35, or a blank . 0 x _ - *)"
    );
    let err = records[2].result.as_ref().unwrap_err();
    assert_eq!((err.line, err.column), (3, Some(17)));
}

#[test]
fn value_too_large_for_the_box_order() {
    let mut line = NINE.to_string();
    line.replace_range(21..22, "c");
    let records = read(format!("{NINE}\n{line}\n"));
    let err = records[1].result.as_ref().unwrap_err();
    assert_eq!(err.cell(), Some((3, 4)));
    assert_eq!(
        err.to_string(),
        "line 2, column 22, cell r3c4: 'c' (value 12) is too large for a 9x9 grid (values 1-9)"
    );
    // In numbers.
    let mut cells = vec!["0"; 81];
    cells[21] = "12";
    let err = parse_puzzle(&cells.join(" "), None, &standard()).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("cell r3c4: value 12 is too large for a 9x9 grid (values 1-9)"),
        "{err}"
    );
    // 'g' (16) in a 12x12 grid.
    let twelve = shape(3, 4);
    let mut text = ".".repeat(144);
    text.replace_range(13..14, "g");
    let err = parse_puzzle(&text, Some(twelve), &standard()).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("cell r2c2: 'g' (value 16) is too large for a 12x12 grid (values 1-12)"),
        "{err}"
    );
}

#[test]
fn crlf_and_bom() {
    let text = format!("\u{feff}# comment\r\n{NINE}\r\n\r\n{NINE}\r\n");
    let records = read(&text);
    assert_eq!(records.len(), 2);
    assert_eq!((records[0].line, records[1].line), (2, 4));
    assert!(records.iter().all(|r| r.result.is_ok()));
    // A BOM right before a puzzle.
    let records = read(format!("\u{feff}{NINE}\n"));
    assert_eq!(records[0].result.as_ref().unwrap().grid.to_string(), NINE);
}

#[test]
fn non_utf8_line() {
    let mut bytes = format!("{NINE}\n").into_bytes();
    bytes.extend_from_slice(b"53..\xff...\n");
    bytes.extend_from_slice(format!("{NINE}\n").as_bytes());
    let records = read(&bytes);
    assert_eq!(records.len(), 3);
    assert_eq!(
        error_text(&records[1]),
        "line 2: invalid UTF-8 at byte 5 of the line"
    );
    assert!(records[0].result.is_ok() && records[2].result.is_ok());
    // In a multi-line grid, the grid is reported.
    let records = read(b"1 2 3 4\n\xc3\x28\n3 4 1 2\n\n1.3.3.2...4.....\n");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].line, 1);
    assert_eq!(
        error_text(&records[0]),
        "line 2: invalid UTF-8 at byte 1 of the line"
    );
    assert!(records[1].result.is_ok());
}

#[test]
fn ten_megabyte_line() {
    let mut bytes = format!("{NINE}\n").into_bytes();
    bytes.resize(bytes.len() + (10 << 20), b'1');
    bytes.extend_from_slice(format!("\n{NINE}\n").as_bytes());
    let start = Instant::now();
    let records = read(&bytes);
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(records.len(), 3);
    assert_eq!(
        error_text(&records[1]),
        format!("line 2: line too long (more than {DEFAULT_MAX_PUZZLE_BYTES} bytes)")
    );
    assert_eq!(records[2].line, 3);
    assert!(records[2].result.is_ok());
    // Without a newline at all, and with a smaller limit.
    let options = ReadOptions {
        max_puzzle_bytes: 1000,
        ..ReadOptions::default()
    };
    let records = read_all(vec![b'.'; 10 << 20], options.clone());
    assert_eq!(records.len(), 1);
    assert!(matches!(
        records[0].result.as_ref().unwrap_err().kind,
        ParseErrorKind::LineTooLong { limit: 1000 }
    ));
    // A multi-line grid that never ends.
    let rows = "1 2 3 4\n".repeat(1000);
    let records = read_all(rows, options);
    assert_eq!(records.len(), 1);
    assert!(error_text(&records[0]).starts_with("line 1: puzzle too long"));
}

#[test]
fn empty_input_and_only_comments() {
    for text in ["", "\n\n", "# a\n#b\n\n# c", "\u{feff}"] {
        assert!(read(text).is_empty(), "{text:?}");
        let err = parse_puzzle(text, None, &standard()).unwrap_err();
        assert_eq!(err.line, 0);
        assert_eq!(
            err.to_string(),
            "no puzzle found (the input is empty or only comments)"
        );
    }
}

#[test]
fn nine_in_a_file_of_sixteen() {
    let sixteen = write_compact(&puzzle(shape(4, 4), 7), &Notation::default());
    let text = format!("{sixteen}\n{NINE}\n{sixteen}\n");
    let records = read_all(&text, with_shape(shape(4, 4)));
    assert_eq!(records.len(), 3);
    assert_eq!(
        error_text(&records[1]),
        "line 2: expected 256 cells, found 81"
    );
    assert!(records[0].result.is_ok() && records[2].result.is_ok());
    // Without --box, sizes may mix.
    assert!(read(&text).iter().all(|r| r.result.is_ok()));
}

#[test]
fn rectangular_needs_the_shape() {
    let six = write_compact(&pattern(shape(2, 3)), &Notation::default());
    let err = parse_puzzle(&six, None, &standard()).unwrap_err();
    assert!(
        matches!(err.kind, ParseErrorKind::BoxShapeNeeded { side: 6, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("for example 2x3"), "{err}");
    // Drawn borders tell the shape (issue 20).
    let boxed = write_boxed(&pattern(shape(3, 4)));
    let read = parse_puzzle(&boxed, None, &standard()).unwrap();
    assert_eq!(read.grid, pattern(shape(3, 4)));
    // Without borders, a 12x12 of rows needs it.
    let rows = write_compact(&pattern(shape(3, 4)), &Notation::default());
    let rows: Vec<String> = rows
        .as_bytes()
        .chunks(12)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    let err = parse_puzzle(&rows.join("\n"), None, &standard()).unwrap_err();
    assert!(err.to_string().contains("12x12"), "{err}");
}

#[test]
fn row_of_the_wrong_length() {
    let text = "+-----+-----+\n| 1 . | 3 . |\n| 3 . | 2   |\n+-----+-----+\n| . . | 4 . |\n| . . | . . |\n";
    let err = parse_puzzle(text, None, &standard()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 3: expected 4 cells in this row, found 3"
    );
}

#[test]
fn one_puzzle_expected() {
    let err = parse_puzzle(&format!("{NINE}\n{NINE}"), None, &standard()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: expected one puzzle, but another one starts at line 2"
    );
}

struct FailingReader {
    sent: bool,
}

impl Read for FailingReader {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        unreachable!()
    }
}

impl BufRead for FailingReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.sent {
            Err(io::Error::other("disk on fire"))
        } else {
            Ok(b"1.3.3.2...4.....\n")
        }
    }
    fn consume(&mut self, _: usize) {
        self.sent = true;
    }
}

#[test]
fn read_errors_end_the_records() {
    let records: Vec<_> =
        Records::new(FailingReader { sent: false }, ReadOptions::default()).collect();
    assert_eq!(records.len(), 2);
    assert!(records[0].result.is_ok());
    assert_eq!(error_text(&records[1]), "line 2: read error: disk on fire");
}

// ---------------------------------------------------------------- data files

/// Reads a file of the shared benchmark data, or `None` (with a note) if absent.
fn data_file(name: &str) -> Option<io::BufReader<std::fs::File>> {
    let path = format!("{}/../../shared/data/{name}", env!("CARGO_MANIFEST_DIR"));
    match std::fs::File::open(&path) {
        Ok(file) => Some(io::BufReader::new(file)),
        Err(e) => {
            eprintln!("note: skipping, cannot open {path}: {e}");
            None
        }
    }
}

#[test]
fn magictour_top1465() {
    let Some(file) = data_file("puzzles3_magictour_top1465") else {
        return;
    };
    let records: Vec<_> = Records::new(file, ReadOptions::default()).collect();
    assert_eq!(records.len(), 1465);
    for r in &records {
        let p = r.result.as_ref().unwrap();
        assert_eq!(p.grid.shape(), shape(3, 3), "line {}", r.line);
        assert!(p.grid.check().is_ok(), "line {}", r.line);
    }
    assert_eq!(records[0].line, 3);
}

#[test]
fn generated_16x16() {
    let Some(file) = data_file("generated_16x16_minimal10.txt") else {
        return;
    };
    let records: Vec<_> = Records::new(file, ReadOptions::default()).collect();
    assert_eq!(records.len(), 10);
    for r in &records {
        let p = r.result.as_ref().unwrap();
        assert_eq!(p.grid.shape(), shape(4, 4));
        assert!((90..=95).contains(&p.grid.givens()), "line {}", r.line);
        assert!(p.grid.check().is_ok());
    }
}

#[test]
fn generated_25x25() {
    let Some(file) = data_file("generated_25x25_3.txt") else {
        return;
    };
    let records: Vec<_> = Records::new(file, with_shape(shape(5, 5))).collect();
    assert_eq!(records.len(), 3);
    for r in &records {
        let p = r.result.as_ref().unwrap();
        assert_eq!(p.grid.givens(), 313);
        assert!(p.grid.check().is_ok());
    }
}

proptest! {
    /// A compact 9x9 line (read by the short path) gives the grid the
    /// general path gives for the same cells written one row per line, or
    /// with `x` as the blank.
    #[test]
    fn compact_lines_read_like_the_general_path(cells in prop::collection::vec(0u16..=9, 81), zero in any::<bool>()) {
        let a = Alphabet::standard();
        let line: String = cells.iter().map(|&v| match v { 0 if zero => '0', 0 => '.', v => char::from(b'0' + v as u8) }).collect();
        let rows: String = line.as_bytes().chunks(9).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
        let with_x: String = line.chars().map(|c| if c == '.' || c == '0' { 'x' } else { c }).collect();
        let fast = parse_puzzle(&line, None, &a).unwrap();
        prop_assert_eq!(fast.grid.cells(), &cells[..]);
        prop_assert_eq!(&fast.grid, &parse_puzzle(&rows, None, &a).unwrap().grid);
        prop_assert_eq!(&fast.grid, &parse_puzzle(&with_x, None, &a).unwrap().grid);
        prop_assert_eq!(fast.notation, Notation::Symbols(a.clone()));
    }
}

/// Plain 9x9 lines are read directly (without UTF-8 checks or trimming);
/// the records are those of the general path, which reads the same lines
/// with a leading space. CSV files, grids being gathered, the first line
/// and other formats keep their own reading.
#[test]
fn plain_lines_read_directly_are_read_as_before() {
    let plain = "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
    let zeros = plain.replace('.', "0");
    let texts = [
        format!(
            "{plain}\n{zeros}\r\n#c\n\n{plain}\n.{plain}\n{}\n{plain}",
            &plain[1..]
        ),
        format!("\u{feff}{plain}\n{plain}\n"),
        format!("quizzes,solutions\n{plain},\n{plain}\n"),
        format!("1.3.\n3.2.\n..4.\n....\n{plain}\n{plain}\n"),
        format!("+---+\n{plain}\n{plain}\n"),
        format!("{plain}\n{}x\n{plain}x\n", &plain[1..]),
    ];
    let shifted = |text: &str| -> String {
        text.split('\n')
            .map(|l| match l.len() {
                81 | 82 => format!(" {l}"),
                _ => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let formats = [
        Format::Auto,
        Format::Compact,
        Format::Csv,
        Format::Grid,
        Format::Numbers,
    ];
    for text in &texts {
        for format in formats {
            for shape in [None, Some(shape(3, 3)), Some(shape(2, 2))] {
                let options = ReadOptions {
                    format,
                    shape,
                    ..ReadOptions::default()
                };
                let direct = read_all(text, options.clone());
                let general = read_all(shifted(text), options);
                let shown = |records: &[Record]| -> Vec<String> {
                    records
                        .iter()
                        .map(|r| match &r.result {
                            Ok(p) => format!("{} {} {:?}", r.line, p.grid, p.notation),
                            // Columns moved with the space.
                            Err(e) => format!("{} {:?}", r.line, std::mem::discriminant(&e.kind)),
                        })
                        .collect()
                };
                assert_eq!(
                    shown(&direct),
                    shown(&general),
                    "{format:?} {shape:?}\n{text}"
                );
                if format == Format::Auto && shape.is_none() && text.starts_with('8') {
                    assert!(direct.iter().filter(|r| r.result.is_ok()).count() >= 2);
                }
            }
        }
    }
}
