//! Round trips and error paths of the formats, and the benchmark data files.

use std::io::{self, BufRead, Read};
use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::*;
use sudoku::{write_boxed, write_boxed_with, write_compact, ParseErrorKind};

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

    /// The base crate's reader of one grid's text (`Grid: FromStr`, serde)
    /// reads what this crate's full reader reads, in every notation.
    #[test]
    fn the_grid_reader_agrees_with_parse_puzzle(g in arb_grid()) {
        let shape = g.shape();
        for notation in [Notation::default(), Notation::Numbers] {
            for text in [write_compact(&g, &notation), write_boxed_with(&g, &notation)] {
                let full = parse_puzzle(&text, hint(shape), &standard()).unwrap();
                let (grid, read) = sudoku::format::read_grid(&text, hint(shape), &standard()).unwrap();
                prop_assert_eq!(&grid, &full.grid);
                prop_assert_eq!(&read, &full.notation);
                if shape.is_square() {
                    prop_assert_eq!(&text.parse::<Grid>().unwrap(), &g);
                }
            }
        }
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
        Format::Json,
    ] {
        assert_eq!(f.to_string().parse::<Format>(), Ok(f));
    }
    // What the CLI's `--input-format json` maps to.
    assert_eq!("json".parse::<Format>(), Ok(Format::Json));
    assert_eq!("JSONL".parse::<Format>(), Ok(Format::Json));
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

include!("../../tests/support/shared_data.rs");

#[test]
#[ignore = "needs the shared data (scripts/data-tests.sh)"]
fn shared_data_magictour_top1465() {
    let file = shared_data_file("puzzles3_magictour_top1465");
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
#[ignore = "needs the shared data (scripts/data-tests.sh)"]
fn shared_data_generated_16x16() {
    let file = shared_data_file("generated_16x16_minimal10.txt");
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
#[ignore = "needs the shared data (scripts/data-tests.sh)"]
fn shared_data_generated_25x25() {
    let file = shared_data_file("generated_25x25_3.txt");
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

// ------------------------------------------- JSON documents; issues 20 and 23

/// A one-line JSON document of a 4x4 puzzle.
const DOC: &str = r#"{"grid": "1.......3......4", "variant": "x"}"#;

fn json(options: ReadOptions) -> ReadOptions {
    ReadOptions {
        format: Format::Json,
        ..options
    }
}

#[test]
fn json_documents_are_records_among_the_others() {
    let text = format!(
        "{NINE}\n{DOC}\n{{\n  \"grid\": [\"1...\", \"..3.\",\n           \"....\", \"...4\"],\n  \"box\": \"2x2\"\n}}\n{NINE}\n"
    );
    let records = read(&text);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 2, 3, 8]);
    let puzzles: Vec<&Puzzle> = records.iter().map(|r| r.result.as_ref().unwrap()).collect();
    assert_eq!(puzzles[0].variant, None);
    assert!(puzzles[1].variant.as_ref().unwrap().diagonals);
    assert_eq!(puzzles[1].grid.to_string(), "1.......3......4");
    assert_eq!(
        puzzles[2].variant.as_deref(),
        Some(&sudoku::Variant::default())
    );
    assert_eq!(puzzles[2].grid.row_values(1), [3]);
    assert_eq!(puzzles[3].variant, None);
    // The same from a pipe, through a tiny buffer, and as Format::Json.
    let small = io::BufReader::with_capacity(3, text.as_bytes());
    assert_eq!(Records::new(small, ReadOptions::default()).count(), 4);
    let only_json = format!("{DOC}\n\n{DOC} {DOC}\n");
    let records = read_all(&only_json, json(ReadOptions::default()));
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 3, 3]);
    assert!(records.iter().all(|r| r.result.is_ok()));
}

#[test]
fn a_bad_document_is_one_located_record() {
    // Issue 23 #4: a trailing comma in the 10th of 1,000 documents.
    let bad = DOC.replace('}', ",}");
    let text: String = (1..=1000)
        .map(|i| {
            if i == 10 {
                format!("{bad}\n")
            } else {
                format!("{DOC}\n")
            }
        })
        .collect();
    let records = read(&text);
    assert_eq!(records.len(), 1000);
    assert_eq!(records.iter().filter(|r| r.result.is_ok()).count(), 999);
    let e = records[9].result.as_ref().unwrap_err();
    // The column of the closing brace after the comma.
    let column = bad.find(",}").unwrap() + 2;
    assert_eq!((e.line, e.column), (10, Some(column)), "{e}");
    assert!(e.to_string().contains("trailing comma"), "{e}");
    assert_eq!(records[10].line, 11);
    // A bad grid, a bad cage: the line of the document, what is wrong.
    let text = format!(
        "{DOC}\n{}\n{}\n{DOC}\n",
        r#"{"grid": "1.......3......!"}"#,
        r#"{"grid": "................", "cages": [{"sum": 99, "cells": ["r1c1"]}]}"#
    );
    let records = read(&text);
    assert_eq!(records.len(), 4);
    let grid = error_text(&records[1]);
    assert!(
        grid.starts_with("line 2: \"grid\": ") && grid.contains("'!'"),
        "{grid}"
    );
    let cage = error_text(&records[2]);
    assert!(cage.starts_with("line 3") && cage.contains("99"), "{cage}");
    assert!(records[3].result.is_ok());
}

#[test]
fn an_unclosed_document_ends_where_the_next_record_starts() {
    let text = format!(
        "{}\n{DOC}\n{{\"grid\": \"1...\",\n\n{NINE}\n",
        r#"{"grid": "1.......3......4","#
    );
    let records = read(&text);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 2, 3, 5]);
    assert_eq!(
        error_text(&records[0]),
        "line 1: the JSON document that starts on this line is not closed before line 2: \
         expected '}' (one document per record)"
    );
    assert!(records[1].result.is_ok());
    assert!(matches!(
        records[2].result.as_ref().unwrap_err().kind,
        ParseErrorKind::UnclosedDocument { next_line: Some(5) }
    ));
    assert!(records[3].result.is_ok());
    // At the end of the input.
    let records = read("{\"grid\": \"1...\n");
    assert_eq!(records.len(), 1);
    assert!(records[0].result.is_err());
    let records = read("{\"grid\": [\n");
    assert!(matches!(
        records[0].result.as_ref().unwrap_err().kind,
        ParseErrorKind::UnclosedDocument { next_line: None }
    ));
}

#[test]
fn arrays_of_documents() {
    let text = format!("[\n  {DOC},\n  {DOC}\n]\n[{DOC}, {DOC}]\n");
    let records = read(&text);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [2, 3, 5, 5]);
    assert!(records.iter().all(|r| r.result.is_ok()));
    // Something else between the documents: located.
    let records = read(format!("[{DOC} x]\n{DOC}\n"));
    assert_eq!(records.len(), 3);
    let column = DOC.len() + 3;
    assert_eq!(
        error_text(&records[1]),
        format!(
            "line 1, column {column}: unexpected 'x' after a JSON document (expected a new \
             document '{{', or ',' or ']' in an array of documents)"
        )
    );
    assert!(records[2].result.is_ok());
}

#[test]
fn format_json_refuses_other_lines() {
    let records = read_all(format!("  {NINE}\n{DOC}\n"), json(ReadOptions::default()));
    assert_eq!(records.len(), 2);
    assert_eq!(
        error_text(&records[0]),
        "line 1, column 3: expected a JSON document starting with '{', found '5'"
    );
    assert!(records[1].result.is_ok());
}

/// A reader of `head`, `n` bytes of `fill`, then `tail`, without holding them.
struct Generated {
    parts: Vec<(Vec<u8>, usize)>,
    pos: usize,
}

impl Generated {
    fn new(head: &str, fill: &str, n: usize, tail: &str) -> Generated {
        Generated {
            parts: vec![
                (head.as_bytes().to_vec(), 1),
                (fill.as_bytes().to_vec(), n),
                (tail.as_bytes().to_vec(), 1),
            ],
            pos: 0,
        }
    }
}

impl Read for Generated {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut written = 0;
        while written < out.len() {
            let Some((bytes, count)) = self.parts.first_mut() else {
                break;
            };
            if *count == 0 || bytes.is_empty() {
                self.parts.remove(0);
                continue;
            }
            out[written] = bytes[self.pos];
            written += 1;
            self.pos += 1;
            if self.pos == bytes.len() {
                self.pos = 0;
                *count -= 1;
            }
        }
        Ok(written)
    }
}

#[test]
fn a_huge_document_is_one_error_in_bounded_memory() {
    // Issue 23 #6: 100 MB in one document, on one line, then on many lines.
    let options = ReadOptions {
        max_puzzle_bytes: 1 << 16,
        ..ReadOptions::default()
    };
    let reader = |fill: &str, n: usize| {
        let head = "{\"grid\": \"1.......3......4\", \"name\": [";
        let tail = format!("\"end\"]}}\n{DOC}\n");
        io::BufReader::new(Generated::new(head, fill, n, &tail))
    };
    for (fill, n, second_line) in [
        ("\"....\", ", 100 << 20 >> 3, 2),
        ("\"....\",\n", 100 << 20 >> 3, (100 << 20 >> 3) + 2),
    ] {
        let mut records = Records::new(reader(fill, n), options.clone());
        let first = records.next().unwrap();
        assert_eq!(first.line, 1);
        assert!(matches!(
            first.result.unwrap_err().kind,
            ParseErrorKind::PuzzleTooLong { limit: 65536 }
        ));
        // What is held stays under the limit while the rest is skipped.
        assert!(records.held_bytes() <= 1 << 18, "{}", records.held_bytes());
        let second = records.next().unwrap();
        assert_eq!(second.line, second_line);
        assert!(second.result.is_ok());
        assert!(records.next().is_none());
    }
}

#[test]
fn one_line_puzzle_then_a_drawn_grid() {
    // Issue 23 #5: one record per puzzle.
    let drawn = write_boxed(&NINE.parse().unwrap());
    let text = format!("{NINE}\n\n{drawn}\n{NINE}\n\n{drawn}");
    let records = read(&text);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 3, 17, 19]);
    for r in &records {
        assert_eq!(r.result.as_ref().unwrap().grid.to_string(), NINE);
    }
    // A faulty line after a blank line is still one error.
    let short = &NINE[..80];
    let records = read(format!("{NINE}\n\n{short}\n{NINE}\n"));
    assert_eq!(records.len(), 3);
    assert_eq!(
        error_text(&records[1]),
        "line 3: expected 81 cells, found 80"
    );
}

#[test]
fn lone_carriage_returns_end_lines() {
    let text = format!("{NINE}\r{NINE}\r\r{NINE}\r\n{NINE}");
    let records = read(&text);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 2, 4, 5]);
    assert!(records.iter().all(|r| r.result.is_ok()));
    // A `\r\n` split between two reads is one line end.
    let small = io::BufReader::with_capacity(82, text.as_bytes());
    let again: Vec<Record> = Records::new(small, ReadOptions::default()).collect();
    assert_eq!(again, records);
}

#[test]
fn csv_quoted_field_over_two_lines() {
    let (a, b) = NINE.split_at(40);
    let text = format!("quizzes,solutions\n\"{a}\n{b}\",\n{NINE},\n");
    let records = read(&text);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [2, 4], "{records:?}");
    for r in &records {
        assert_eq!(r.result.as_ref().unwrap().grid.to_string(), NINE);
    }
    let records = read(format!("quizzes,solutions\n{NINE}\n\"{a}\n"));
    assert_eq!(records.len(), 2);
    assert_eq!(
        error_text(&records[1]),
        "line 3: the quoted field that starts on this line is not closed (expected a closing \")"
    );
}

/// Found by the json_records fuzz target: a line that is not UTF-8 inside
/// an open JSON document or CSV field gave its record before the record of
/// the document or field (records out of the order of their lines).
#[test]
fn a_line_not_utf8_inside_an_open_record_keeps_the_order() {
    let lines = |records: &[Record]| records.iter().map(|r| r.line).collect::<Vec<_>>();
    // The line cannot continue the document (a key was expected): the
    // document is unclosed, then the line is an error of its own.
    let mut text = b"{\"grid\": \"1.......3......4\",\n".to_vec();
    text.extend_from_slice(b"1.3.\x85...\n");
    text.extend_from_slice(format!("{DOC}\n").as_bytes());
    let records = read(&text);
    assert_eq!(lines(&records), [1, 2, 3], "{records:?}");
    assert!(matches!(
        records[0].result.as_ref().unwrap_err().kind,
        ParseErrorKind::UnclosedDocument { next_line: Some(2) }
    ));
    assert!(matches!(
        records[1].result.as_ref().unwrap_err().kind,
        ParseErrorKind::InvalidUtf8 { byte: 5 }
    ));
    assert!(records[2].result.is_ok());
    // A bad byte inside the document (in a string): the document is the one
    // error, at its line, saying where the byte is; the rest of it is
    // skipped and the next document read.
    let mut text = b"{\"grid\": \"1.......3......4\",\n".to_vec();
    text.extend_from_slice(b"  \"name\": \"caf\xe9\"}\n");
    text.extend_from_slice(format!("{DOC}\n").as_bytes());
    for options in [ReadOptions::default(), json(ReadOptions::default())] {
        let records = read_all(&text, options);
        assert_eq!(lines(&records), [1, 3], "{records:?}");
        let e = records[0].result.as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(e.kind, ParseErrorKind::InvalidUtf8 { byte: 15 });
        assert!(records[1].result.is_ok());
    }
    // A CSV field open over lines, broken by such a line.
    let (a, _) = NINE.split_at(40);
    let mut text = format!("quizzes,solutions\n\"{a}\n").into_bytes();
    text.extend_from_slice(b"\xff\n");
    text.extend_from_slice(format!("{NINE},\n").as_bytes());
    let records = read(&text);
    assert_eq!(lines(&records), [2, 4], "{records:?}");
    let e = records[0].result.as_ref().unwrap_err();
    assert_eq!(
        (e.line, &e.kind),
        (3, &ParseErrorKind::InvalidUtf8 { byte: 1 })
    );
    assert!(records[1].result.is_ok());
}

/// Found by the json_records fuzz target: a document whose string is still
/// open at the end of the input's last line was reported on the line after
/// it, which does not exist.
#[test]
fn a_string_open_at_the_end_of_a_line_is_located_on_it() {
    let text = r#"{"grid": "1..."#;
    for input in [text.to_string(), format!("{text}\n{DOC}\n")] {
        let records = read(&input);
        let e = records[0].result.as_ref().unwrap_err();
        assert_eq!((records[0].line, e.line), (1, 1), "{e:?}");
        let column = e.column.expect("a column");
        assert!(column <= text.len() + 1, "{e:?}");
        assert!(e.to_string().contains("EOF while parsing a string"), "{e}");
    }
    assert!(read(format!("{text}\n{DOC}\n"))[1].result.is_ok());
}

/// Found by the json_records fuzz target: serde_json gives columns in bytes;
/// after a non-ASCII character the column was past the character.
#[test]
fn json_error_columns_count_characters() {
    let text = r#"{"name": "été", "grid": "1.......3......4",}"#;
    let e = read(text).remove(0).result.unwrap_err();
    let column = text.chars().position(|c| c == '}').unwrap() + 1;
    assert_eq!((e.line, e.column), (1, Some(column)), "{e}");
}

#[test]
fn huge_numbers_are_printed_as_written() {
    let mut cells = vec!["0"; 16];
    cells[5] = "99999999999999999999";
    let options = ReadOptions {
        format: Format::Numbers,
        ..ReadOptions::default()
    };
    let err = parse_puzzle_with(&cells.join(" "), &options).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 11, cell r2c2: value 99999999999999999999 is too large for a 4x4 grid \
         (values 1-4)"
    );
}

/// The 16x16 pattern with values written `0`-`F` (1-16), and some cells blank.
fn hex_line(blank: Option<char>) -> String {
    let grid = pattern(shape(4, 4));
    grid.cells()
        .iter()
        .enumerate()
        .map(|(i, &v)| match blank {
            Some(b) if i % 3 == 0 => b,
            _ => char::from(b"0123456789ABCDEF"[usize::from(v) - 1]),
        })
        .collect()
}

#[test]
fn sixteen_by_sixteen_in_hexadecimal() {
    // Issue 20: `0` is a value here, and `.` the blank.
    let line = hex_line(Some('.'));
    let puzzle = parse_puzzle(&line, None, &standard()).unwrap();
    let expected = pattern(shape(4, 4));
    for (i, (&read, &want)) in puzzle.grid.cells().iter().zip(expected.cells()).enumerate() {
        assert_eq!(read, if i % 3 == 0 { 0 } else { want }, "cell {i}");
    }
    let Notation::Symbols(hex) = &puzzle.notation else {
        panic!("{:?}", puzzle.notation)
    };
    assert_eq!(write_compact(&puzzle.grid, &puzzle.notation), line);
    assert_eq!(hex.symbols(), "0123456789ABCDEF");
    // No blank but `0`: cannot be told, refused with the option to give.
    let err = parse_puzzle(&hex_line(None), None, &standard()).unwrap_err();
    assert_eq!(err.kind, ParseErrorKind::AmbiguousHex);
    assert!(
        err.to_string().contains("--alphabet 0123456789ABCDEF"),
        "{err}"
    );
    // Given the alphabet, read as asked.
    let asked = Alphabet::custom("0123456789ABCDEF", '.').unwrap();
    let full = parse_puzzle(&hex_line(None), None, &asked).unwrap();
    assert_eq!(full.grid, expected);
}

#[test]
fn ordinary_sixteen_by_sixteen_with_zero_blanks() {
    // Standard symbols, `0` for the blanks: the zeros share rows, so `0` is a blank.
    let grid = puzzle(shape(4, 4), 3);
    let line = write_compact(&grid, &Notation::default()).replace('.', "0");
    assert!(line.contains('g') || !line.contains('g'));
    let read = parse_puzzle(&line, None, &standard()).unwrap();
    assert_eq!(read.grid, grid);
    assert_eq!(read.notation, Notation::default());
    // Without any `g` (16) either.
    let no_sixteen: String = line
        .chars()
        .map(|c| if c == 'g' { '0' } else { c })
        .collect();
    let read = parse_puzzle(&no_sixteen, None, &standard()).unwrap();
    assert_eq!(read.notation, Notation::default());
    assert_eq!(read.grid.get(0, 0), grid.get(0, 0).filter(|&v| v != 16));
}

#[test]
fn drawn_borders_give_the_box_shape() {
    // Issue 20: 2x3 boxes drawn; no --box needed, and 3x2 refused.
    let six = puzzle(shape(2, 3), 5);
    let drawn = write_boxed(&six);
    assert!(drawn.starts_with("+-------+-------+"), "{drawn}");
    let read = parse_puzzle(&drawn, None, &standard()).unwrap();
    assert_eq!(read.grid, six);
    assert_eq!(read.grid.shape(), shape(2, 3));
    let records = read_all(format!("# six\n{drawn}"), with_shape(shape(3, 2)));
    assert_eq!(records.len(), 1);
    assert_eq!(
        error_text(&records[0]),
        "line 2: the borders drawn in this grid make boxes of 2x3 (rows x columns), not the \
         3x2 given"
    );
    // Dashes only between the bands, and numbers.
    let dashes = "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n-------------\n2 3 1 | 5 6 4\n\
                  5 6 4 | 2 3 1\n-------------\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n";
    let read = parse_puzzle(dashes, None, &standard()).unwrap();
    assert_eq!(read.grid.shape(), shape(2, 3));
    // Agreeing borders are fine; irregular ones tell nothing.
    let nine = write_boxed(&NINE.parse().unwrap());
    assert!(parse_puzzle(&nine, Some(shape(3, 3)), &standard()).is_ok());
    let irregular =
        "1 2 | 3 4 5 6\n4 5 6 | 1 2 3\n2 3 1 5 6 4\n5 6 4 2 3 1\n3 1 2 6 4 5\n6 4 5 3 1 2\n";
    let err = parse_puzzle(irregular, None, &standard()).unwrap_err();
    assert!(
        matches!(err.kind, ParseErrorKind::BoxShapeNeeded { side: 6, .. }),
        "{err}"
    );
}

/// Found by the json_records fuzz target: a line of exactly one byte more
/// than the limit inside an open JSON document was reported as a line too
/// long of its own, before the document's record (records out of order).
/// Every line over the limit now goes through the document.
#[test]
fn a_line_one_byte_over_the_limit_inside_a_document_keeps_the_order() {
    let first = "{\"grid\": [\"1.3.\", \"3.2.\", \"..4.\", \"....\"],";
    let limit = 48;
    let second = format!(" \"title\": \"{}\"}}", "x".repeat(limit + 1 - 13));
    assert_eq!(second.len(), limit + 1);
    let text = format!("{first}\n{second}\n{DOC}\n");
    for options in [ReadOptions::default(), json(ReadOptions::default())] {
        let options = ReadOptions {
            max_puzzle_bytes: limit,
            ..options
        };
        let records = read_all(&text, options);
        let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
        assert_eq!(lines, [1, 3], "{records:?}");
        assert!(matches!(
            records[0].result.as_ref().unwrap_err().kind,
            ParseErrorKind::PuzzleTooLong { limit: 48 }
        ));
    }
}

/// Found by the json_records fuzz target: a too-long line of blanks then
/// `{` was a JSON document read whole but a too-long line read through a
/// small buffer (the blanks filled the limit before the `{` was seen). The
/// first byte after the blanks decides, whatever the buffer.
#[test]
fn a_too_long_line_of_blanks_then_a_document_reads_the_same_through_any_buffer() {
    let mut text = vec![0x0c_u8; 75];
    text.extend_from_slice(b" {\"grid\": \"1.......3......4\"}\n");
    text.extend_from_slice(format!("{DOC}\n").as_bytes());
    for format in [Format::Json, Format::Auto] {
        let options = ReadOptions {
            format,
            max_puzzle_bytes: 48,
            ..ReadOptions::default()
        };
        let whole = read_all(&text, options.clone());
        assert_eq!(whole.len(), 2, "{whole:?}");
        assert_eq!(
            whole[0].result.as_ref().unwrap_err().kind,
            ParseErrorKind::PuzzleTooLong { limit: 48 }
        );
        assert!(whole[1].result.is_ok());
        for capacity in 1..8 {
            let small = std::io::BufReader::with_capacity(capacity, &text[..]);
            let records: Vec<Record> = Records::new(small, options.clone()).collect();
            assert_eq!(records, whole, "buffer of {capacity}");
        }
    }
}

#[test]
fn a_plain_line_fills_a_reused_grid_as_the_reader_makes_one() {
    let text = ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..\n\
                534678912672195348198342567859761423426853791713924856961537284287419635345286179\n\
                000000000000000000000000000000000000000000000000000000000000000000000000000000001\n";
    let options = ReadOptions::default();
    let records: Vec<Record> = Records::new(text.as_bytes(), options.clone()).collect();
    let mut items = Records::new(text.as_bytes(), options);
    // Cells left over from a larger grid, that must not show through.
    let mut cells = vec![7u16; 300];
    let mut plain = 0;
    for record in &records {
        match items.next_item().unwrap() {
            Item::Plain(line) => {
                plain += 1;
                assert_eq!(&line.record(), record);
                let puzzle = line.puzzle_in(std::mem::take(&mut cells));
                assert_eq!(Ok(&puzzle), record.result.as_ref());
                cells = puzzle.grid.into_cells();
            }
            Item::Record(other) => assert_eq!(&other, record),
        }
    }
    assert!(items.next_item().is_none());
    // The first line may be a CSV header: read the long way.
    assert_eq!(plain, 2);
}

#[test]
fn a_plain_line_reads_as_the_long_way_reads_it() {
    // The first line of a file is always read the long way (it may be a CSV
    // header); the lines after it take the plain path. Each plain item must
    // be the record that the long way makes of the same line alone.
    let lines = [
        ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000001",
        "11...............................................................................",
    ];
    let text: String = std::iter::once("1".repeat(81))
        .chain(lines.iter().map(|l| l.to_string()))
        .map(|l| l + "\n")
        .collect();
    let mut items = Records::new(text.as_bytes(), ReadOptions::default());
    items.next_item().unwrap();
    for (i, line) in lines.iter().enumerate() {
        let Some(Item::Plain(plain)) = items.next_item() else {
            panic!("line {} was not read as a plain line", i + 2);
        };
        assert_eq!(plain.line, i + 2);
        let alone: Vec<Record> =
            Records::new(format!("{line}\n").as_bytes(), ReadOptions::default()).collect();
        assert_eq!(alone.len(), 1);
        assert_eq!(plain.record().result, alone[0].result, "line {}", i + 2);
    }
    assert!(items.next_item().is_none());
}
