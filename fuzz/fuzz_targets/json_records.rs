//! JSON puzzle documents in the record stream: any bytes give a stream of
//! records, never a panic, and memory bounded by the puzzle limit.
//!
//! The first byte chooses the read options, the rest is the file:
//! - bit 0: the format (0 [`Format::Json`], 1 [`Format::Auto`]);
//! - bits 1-2: the box shape (0-1 none, 2 2x3, 3 2x2);
//! - bits 3-4: the puzzle limit (0 the default, 1 48 bytes, 2 200 bytes,
//!   3 1,000 bytes), so that documents over it are met often.
//!
//! Checks: records start on a line of the input (a `\n`, `\r\n` or lone
//! `\r` ends one), in order (documents sharing a line share it); errors
//! point inside the input;
//! reading through a buffer of 1 to 7 bytes gives the same records; a
//! puzzle read has values within its side, a solution of its shape, and its
//! variant's rules build for its shape or give an error (no panic);
//! [`parse_documents`] on the same text gives as many results, at the same
//! lines, when the text is UTF-8 and the format is JSON.
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use sudoku_format::{parse_documents, Format, ReadOptions, Record, Records};
use sudoku::Shape;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, file)) = data.split_first() else {
        return;
    };
    let options = read_options(selector);
    let records: Vec<Record> = Records::new(file, options.clone()).collect();

    let small = BufReader::with_capacity(1 + file.len() % 7, file);
    let again: Vec<Record> = Records::new(small, options.clone()).collect();
    assert_eq!(records, again, "a small buffer reads differently");

    let lines = line_starts(file);
    let mut previous = 0;
    for record in &records {
        assert!(
            record.line >= previous.max(1) && record.line <= lines.len(),
            "record at line {} after line {previous} ({} lines)",
            record.line,
            lines.len()
        );
        previous = record.line;
        match &record.result {
            Ok(puzzle) => {
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
                if let Some(variant) = &puzzle.variant {
                    let _ = variant.rules(shape);
                }
            }
            Err(e) => {
                let _ = e.to_string();
                let _ = e.cell();
                assert!(
                    e.line >= 1 && e.line <= lines.len(),
                    "error beyond the input: {e:?}"
                );
                if let Some(column) = e.column {
                    let text = lines[e.line - 1];
                    let chars = String::from_utf8_lossy(text).chars().count();
                    assert!(
                        column >= 1 && column <= chars + 1,
                        "column beyond the line ({chars} characters): {e:?}"
                    );
                }
            }
        }
    }

    if options.format == Format::Json {
        if let Ok(text) = std::str::from_utf8(file) {
            let documents = parse_documents(text, &options);
            // parse_documents lifts the limit to the text's length, so it
            // may read whole what the stream refused as too long; compare
            // only without a small limit.
            if options.max_puzzle_bytes > file.len() {
                assert_eq!(documents.len(), records.len(), "parse_documents differs");
                for (d, r) in documents.iter().zip(&records) {
                    match d {
                        Ok(d) => assert_eq!(d.line, r.line),
                        Err(e) => assert!(r.result.is_err(), "{e:?} against {r:?}"),
                    }
                }
            }
        }
    }
});

/// The lines of the input, cut at `\n`, `\r\n` and a lone `\r`.
fn line_starts(file: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < file.len() {
        match file[i] {
            b'\n' => {
                lines.push(&file[start..i]);
                start = i + 1;
            }
            b'\r' => {
                lines.push(&file[start..i]);
                if file.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    lines.push(&file[start..]);
    lines
}

fn read_options(selector: u8) -> ReadOptions {
    let format = if selector & 1 == 0 {
        Format::Json
    } else {
        Format::Auto
    };
    let shape = match (selector >> 1) & 3 {
        2 => Some(Shape::new(2, 3).unwrap()),
        3 => Some(Shape::new(2, 2).unwrap()),
        _ => None,
    };
    let mut options = ReadOptions {
        format,
        shape,
        ..ReadOptions::default()
    };
    match (selector >> 3) & 3 {
        1 => options.max_puzzle_bytes = 48,
        2 => options.max_puzzle_bytes = 200,
        3 => options.max_puzzle_bytes = 1000,
        _ => {}
    }
    options
}
