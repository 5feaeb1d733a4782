//! The Sudoku reader: any bytes give a stream of records, never a panic.
//!
//! The first byte chooses the read options, the rest is the file:
//! - bits 0-2: the format (0 auto, 1 compact, 2 numbers, 3 grid, 4 CSV, 5-7 auto);
//! - bits 3-5: the box shape (0-3 none, 4 2x3, 5 3x2, 6 2x2, 7 3x3);
//! - bits 6-7: 0 the standard alphabet, 1 the standard alphabet with a 40-byte
//!   puzzle limit, 2 hexadecimal `0-9A-F` with `.`, 3 `abcdefghi` with `*`.
//!
//! Checks: records start on a line of the input, in order (JSON documents
//! sharing a line share it); errors
//! point inside the input; reading through a tiny buffer gives the same
//! records; and every puzzle read, written back as a compact line, as a
//! boxed grid and as JSON, reads back to the same grid.
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use sudoku_format::{parse_puzzle_with, Format, Puzzle, ReadOptions, Record, Records};
use sudoku::{write_boxed_with, write_compact, Alphabet, Grid, Notation, Shape};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, file)) = data.split_first() else {
        return;
    };
    let options = read_options(selector);
    let records: Vec<Record> = Records::new(file, options.clone()).collect();

    // The same input through a buffer of 1 to 7 bytes: line reassembly.
    let small = BufReader::with_capacity(1 + file.len() % 7, file);
    let again: Vec<Record> = Records::new(small, options.clone()).collect();
    assert_eq!(records, again, "a small buffer reads differently");

    // Lines end at `\n`, `\r\n` or a lone `\r`.
    let text_lines: Vec<&[u8]> = lines_of(file);
    let lines = text_lines.len();
    let mut previous = 0;
    for record in &records {
        assert!(
            record.line >= previous.max(1) && record.line <= lines,
            "record at line {} after line {previous} ({lines} lines)",
            record.line
        );
        previous = record.line;
        match &record.result {
            Ok(puzzle) => check_puzzle(puzzle, &options),
            Err(e) => {
                let _ = e.to_string();
                let _ = e.cell();
                assert!(e.line <= lines, "error beyond the input: {e:?}");
                if let Some(column) = e.column {
                    let text = text_lines.get(e.line.max(1) - 1).copied();
                    let chars = String::from_utf8_lossy(text.unwrap_or(&[])).chars().count();
                    assert!(
                        e.line >= 1 && column >= 1 && column <= chars + 1,
                        "column beyond the line ({chars} characters): {e:?}"
                    );
                }
            }
        }
    }
});

/// The lines of the input, cut at `\n`, `\r\n` and a lone `\r`.
fn lines_of(file: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < file.len() {
        if file[i] == b'\n' || file[i] == b'\r' {
            lines.push(&file[start..i]);
            if file[i] == b'\r' && file.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    lines.push(&file[start..]);
    lines
}

fn read_options(selector: u8) -> ReadOptions {
    let format = match selector & 7 {
        1 => Format::Compact,
        2 => Format::Numbers,
        3 => Format::Grid,
        4 => Format::Csv,
        _ => Format::Auto,
    };
    let shape = match (selector >> 3) & 7 {
        4 => Some(Shape::new(2, 3).unwrap()),
        5 => Some(Shape::new(3, 2).unwrap()),
        6 => Some(Shape::new(2, 2).unwrap()),
        7 => Some(Shape::new(3, 3).unwrap()),
        _ => None,
    };
    let mut options = ReadOptions {
        format,
        shape,
        ..ReadOptions::default()
    };
    match selector >> 6 {
        1 => options.max_puzzle_bytes = 40,
        2 => options.alphabet = Alphabet::custom("0123456789ABCDEF", '.').unwrap(),
        3 => options.alphabet = Alphabet::custom("abcdefghi", '*').unwrap(),
        _ => {}
    }
    options
}

fn check_puzzle(puzzle: &Puzzle, options: &ReadOptions) {
    let grid = &puzzle.grid;
    let shape = grid.shape();
    if let Some(wanted) = options.shape {
        assert_eq!(shape, wanted, "the grid does not have the shape asked for");
    }
    if let Some(solution) = &puzzle.solution {
        assert_eq!(solution.shape(), shape, "solution of another shape");
    }
    let side = grid.side() as u16;
    assert!(
        grid.cells().iter().all(|&v| v <= side),
        "value above the side"
    );
    let json = serde_json::to_string(grid).unwrap();
    match serde_json::from_str::<Grid>(&json) {
        Ok(back) => assert_eq!(&back, grid, "JSON round trip: {json}"),
        Err(e) => panic!("serialized grid does not read back: {e}\n{json}"),
    }

    // Read back with the alphabet the puzzle was written in; numbers with a
    // custom alphabet must be asked for (auto-detection reads symbols then).
    let back_options = match &puzzle.notation {
        Notation::Symbols(a) => ReadOptions {
            shape: Some(shape),
            alphabet: a.clone(),
            ..ReadOptions::default()
        },
        Notation::Numbers => ReadOptions {
            format: Format::Numbers,
            shape: Some(shape),
            alphabet: options.alphabet.clone(),
            ..ReadOptions::default()
        },
    };
    let compact = write_compact(grid, &puzzle.notation);
    match parse_puzzle_with(&compact, &back_options) {
        Ok(back) => assert_eq!(&back.grid, grid, "compact round trip: {compact:?}"),
        Err(e) => panic!("compact line does not read back: {e}\n{compact:?}"),
    }
    let boxed = write_boxed_with(grid, &puzzle.notation);
    match parse_puzzle_with(&boxed, &back_options) {
        Ok(back) => assert_eq!(&back.grid, grid, "boxed round trip:\n{boxed}"),
        Err(e) => panic!("boxed grid does not read back: {e}\n{boxed}"),
    }
}
