//! Knuth's text format: any bytes either parse or give a located error, never a
//! panic. What parses writes back to text that parses to the same matrix and
//! writes identically; small matrices are searched (with a node budget), and
//! the search must leave the solver exactly as it found it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use solver_core::{knuth, Limits, Matrix, OptionId};

fuzz_target!(|data: &[u8]| {
    match knuth::parse_bytes(data) {
        Ok(matrix) => check_matrix(&matrix),
        Err(e) => check_error(data, &e),
    }
});

fn check_error(data: &[u8], e: &knuth::ParseError) {
    let _ = e.to_string();
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    assert!(e.line >= 1 && e.line <= lines, "line out of range: {e:?}");
    let line_text = data.split(|&b| b == b'\n').nth(e.line - 1).unwrap_or(&[]);
    let chars = String::from_utf8_lossy(line_text).chars().count();
    assert!(
        e.column >= 1 && e.column <= chars + 1,
        "column out of range ({chars} characters on the line): {e:?}"
    );
}

fn check_matrix(matrix: &Matrix) {
    // Round trip through the writer.
    let text = knuth::write(matrix);
    let again =
        knuth::parse(&text).unwrap_or_else(|e| panic!("written text does not parse: {e}\n{text}"));
    assert_eq!(
        knuth::write(&again),
        text,
        "write(parse(write(m))) != write(m)"
    );
    assert_eq!(again.item_count(), matrix.item_count());
    assert_eq!(again.primary_count(), matrix.primary_count());
    assert_eq!(again.option_count(), matrix.option_count());
    assert_eq!(again.entry_count(), matrix.entry_count());
    for item in matrix.items() {
        assert_eq!(again.item_name(item), matrix.item_name(item));
        assert_eq!(again.is_primary(item), matrix.is_primary(item));
        assert_eq!(again.item_len(item), matrix.item_len(item));
    }

    // Small matrices: search with a budget, check what is found.
    let nodes = matrix.item_count() + matrix.entry_count() + matrix.option_count() + 2;
    if matrix.option_count() > 12 || nodes > 64 {
        return;
    }
    let limits = Limits::none().nodes(10_000);
    let mut solver = matrix.solver();
    let count = solver.count(&limits);
    assert!(solver.is_pristine(matrix), "count left the links changed");

    let mut listed = 0u128;
    let mut search = solver.solutions(&limits);
    while let Some(solution) = search.next_solution() {
        listed += 1;
        check_solution(matrix, solution);
    }
    let outcome = search.outcome();
    drop(search);
    assert!(
        solver.is_pristine(matrix),
        "solutions left the links changed"
    );
    if count.is_complete() && outcome.is_complete() {
        assert_eq!(listed, count.solutions, "solutions() and count() disagree");
    }
}

/// Every primary item exactly once; every secondary item at most once, or
/// several times with one colour.
fn check_solution(matrix: &Matrix, solution: &[OptionId]) {
    let mut uses = vec![Vec::new(); matrix.item_count()];
    for &o in solution {
        for entry in matrix.option(o) {
            uses[entry.item.index()].push(entry.color);
        }
    }
    for item in matrix.items() {
        let colours = &uses[item.index()];
        if matrix.is_primary(item) {
            assert_eq!(colours.len(), 1, "primary item {item} covered {colours:?}");
        } else if colours.len() > 1 {
            assert!(
                colours[0].is_some() && colours.iter().all(|&c| c == colours[0]),
                "secondary item {item} covered with colours {colours:?}"
            );
        }
    }
}
