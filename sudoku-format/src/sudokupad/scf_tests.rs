//! `scf` ids: hand-decoded examples, round trips through our writer, and
//! hostile data refused with the place.

use super::super::{read_sudokupad, Metadata, SudokuPadError};
use super::{to_scf_id, MAX_BYTES};
use crate::fpuzzles::{box_shape, FPuzzle};
use sudoku::{Constraint, Grid, Variant};

fn puzzle(cells: Vec<u16>, variant: Variant) -> FPuzzle {
    FPuzzle {
        grid: Grid::from_values(box_shape(9).unwrap(), cells).unwrap(),
        variant,
    }
}

/// A valid 9x9 solution grid: row r is 1..9 shifted by 3r + r/3.
fn solved() -> Vec<u16> {
    (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9 + 1) as u16
        })
        .collect()
}

#[test]
fn hand_decoded_ids_read_as_written() {
    // '1' followed by 5 blanks is code 1 + 50 = 51, 'p'; six blanks are
    // code 50, 'o' (twelve of them: cells 7..78); three blanks are '0' + 2
    // blanks, code 20, 'K'. So the grid has a single 1 at r1c1.
    let p = read_sudokupad("scfpooooooooooooK").unwrap();
    let mut want = [0u16; 81];
    want[0] = 1;
    assert_eq!(p.puzzle.grid.cells(), &want[..]);
    assert_eq!(p.puzzle.variant, Variant::default());
    assert_eq!(p.meta, Metadata::default());
    // The same grid with X, windoku, a title and an author (SudokuPad's
    // link form, settings after '?').
    let p = read_sudokupad(
        "https://sudokupad.app/scfpooooooooooooK*xwtMy%20title*aSomeone?setting-x=1",
    )
    .unwrap();
    assert_eq!(p.puzzle.grid.cells(), &want[..]);
    assert!(p.puzzle.variant.diagonals && p.puzzle.variant.windows);
    assert_eq!(p.meta.title.as_deref(), Some("My title"));
    assert_eq!(p.meta.author.as_deref(), Some("Someone"));
    // Without '*': the rules follow the 81st cell directly ('x' here).
    let p = read_sudokupad("scfpooooooooooooKx").unwrap();
    assert!(p.puzzle.variant.diagonals && !p.puzzle.variant.windows);
    // Fewer than 81 cells: blanks, as SudokuPad shows them ('9' then
    // r1c2 = 8 as code 8, the rest blank).
    let p = read_sudokupad("scf98").unwrap();
    assert_eq!(&p.puzzle.grid.cells()[..3], &[9, 8, 0]);
    // "**" is a '*' inside a text; with one of them SudokuPad's step lands
    // on the separator, so the author still reads.
    let p = read_sudokupad("scfpooooooooooooK*ta**b*aC").unwrap();
    assert_eq!(p.meta.title.as_deref(), Some("a*b"));
    assert_eq!(p.meta.author.as_deref(), Some("C"));
    // With two, its step lands one character early: the title's last
    // character is read as a rule letter, here 'x' (as SudokuPad does).
    let p = read_sudokupad("scfpooooooooooooK*t**a**x*").unwrap();
    assert_eq!(p.meta.title.as_deref(), Some("*a*x"));
    assert!(p.puzzle.variant.diagonals);
}

#[test]
fn our_ids_round_trip() {
    let full = solved();
    // Givens: every third cell of the solution, then runs of blanks of
    // every length up to 9 (chunks of 0 to 5 blanks).
    let mut sparse = full.clone();
    for (i, v) in sparse.iter_mut().enumerate() {
        if i % 3 != 0 || (20..30).contains(&i) {
            *v = 0;
        }
    }
    for (cells, diagonals, windows, title, author) in [
        (full.clone(), false, false, None, None),
        (sparse.clone(), false, false, Some("Plain"), None),
        (sparse.clone(), true, false, None, Some("A. Setter")),
        (
            vec![0; 81],
            false,
            true,
            Some("50% off: 1+1 & más"),
            Some(""),
        ),
        (sparse.clone(), true, true, Some(""), Some("x")),
    ] {
        let p = puzzle(
            cells,
            Variant {
                diagonals,
                windows,
                ..Variant::default()
            },
        );
        let meta = Metadata {
            title: title.map(str::to_string),
            author: author.map(str::to_string),
            rules: None,
        };
        let id = to_scf_id(&p, &meta).unwrap();
        assert!(id.starts_with("scf"), "{id}");
        let back = read_sudokupad(&id).unwrap();
        assert_eq!(back.puzzle, p, "{id}");
        assert_eq!(back.meta, meta, "{id}");
        let link = format!("https://sudokupad.app/{id}");
        assert_eq!(read_sudokupad(&link).unwrap().puzzle, p);
    }
    // The full grid is written as 81 characters (no blanks to merge) and
    // reads back as itself: a unique puzzle.
    let id = to_scf_id(
        &puzzle(full.clone(), Variant::default()),
        &Metadata::default(),
    )
    .unwrap();
    assert_eq!(id.len(), 3 + 81);
}

#[test]
fn what_scf_cannot_hold_is_refused_by_name() {
    let p = puzzle(
        vec![0; 81],
        Variant {
            constraints: vec![Constraint::AntiKnight],
            ..Variant::default()
        },
    );
    let e = to_scf_id(&p, &Metadata::default()).unwrap_err();
    assert!(e.to_string().contains("antiknight"), "{e}");
    let four = FPuzzle {
        grid: Grid::empty(box_shape(4).unwrap()),
        variant: Variant::default(),
    };
    let e = to_scf_id(&four, &Metadata::default()).unwrap_err();
    assert!(e.to_string().contains("4x4"), "{e}");
    let meta = Metadata {
        title: Some("a*b".into()),
        ..Metadata::default()
    };
    let e = to_scf_id(&puzzle(vec![0; 81], Variant::default()), &meta).unwrap_err();
    assert!(e.to_string().contains("'*'"), "{e}");
}

#[test]
fn hostile_scf_data_is_refused_with_the_place() {
    for (id, want) in [
        // Not a given: 'y' is past the alphabet, '-' is none.
        ("scf12y", "character 3"),
        ("scf1-", "character 2"),
        // A digit past cell 81 (after 81 cells, before the '*').
        ("scfpooooooooooooK5*", "past the grid"),
        // The givens end inside a run of blanks and no '*' follows.
        ("scfpoooooooooooooo", "no '*' starts the rules"),
        // A rule letter scf does not have.
        ("scfpooooooooooooK*xq", "'q'"),
        ("scf*Z", "'Z'"),
    ] {
        let e = read_sudokupad(id).unwrap_err();
        assert!(e.to_string().contains(want), "{id}: {e}");
    }
    // Absurd sizes stop before any work.
    let long = format!("scf{}", "o".repeat(MAX_BYTES + 1));
    let e = read_sudokupad(&long).unwrap_err();
    assert!(e.to_string().contains("bytes"), "{e}");
    // Many blanks after a '*'-less start are cut at the grid's end, never
    // stored: 10,000 'o' is refused at the 14th (cell 84).
    let e = read_sudokupad(&format!("scf{}", "o".repeat(10_000))).unwrap_err();
    assert!(e.to_string().contains("character 14"), "{e}");
    // A given that is not a digit of the grid cannot arise (0-9 only),
    // and an error never panics on non-ASCII text.
    let e = read_sudokupad("scf1é").unwrap_err();
    assert!(e.to_string().contains("character 2"), "{e}");
    assert!(matches!(
        read_sudokupad("scfAAAA*q").unwrap_err(),
        SudokuPadError::Unsupported { .. }
    ));
}
