// The limits a long job must stop at, deterministically (issue 33): the
// cases and the example puzzles of the tests that check that each limit
// stops a search of minutes. Included with `include!` by those tests
// (`sudoku-solve/src/rate.rs`, `sudoku-generate/src/tests.rs`), so the
// cases are written once; every path is spelled out, so the including
// module needs no imports.

/// The first puzzle of a file of examples (comment lines start with #).
#[allow(dead_code)]
fn first_example(text: &str) -> sudoku::Grid {
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    line.trim().parse().unwrap()
}

/// A flag that another thread raises as soon as it runs (no sleep):
/// before the work or while it runs, the work must end cancelled.
#[allow(dead_code)]
fn flag_raised_by_another_thread() -> (
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    std::thread::JoinHandle<()>,
) {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let raised = std::sync::Arc::clone(&flag);
    let thread =
        std::thread::spawn(move || raised.store(true, std::sync::atomic::Ordering::Relaxed));
    (flag, thread)
}

/// The limits every long job must stop at: a deadline already passed, a
/// flag raised before, a flag raised by another thread at once, and a node
/// budget; with the reason each gives. Nothing sleeps or is timed: the
/// search sees each of them itself (it looks at its limits every
/// `CHECK_EVERY` nodes, and the jobs tested take far more). Join the
/// thread once the cases have run.
#[allow(dead_code)]
fn every_limit() -> (
    Vec<(solver_core::Limits, solver_core::Incomplete)>,
    std::thread::JoinHandle<()>,
) {
    use solver_core::{Incomplete, Limits};
    let (flag, raiser) = flag_raised_by_another_thread();
    let cases = vec![
        (
            Limits::none().timeout(std::time::Duration::ZERO),
            Incomplete::Deadline,
        ),
        (
            Limits::none().cancel_flag(std::sync::Arc::new(
                std::sync::atomic::AtomicBool::new(true),
            )),
            Incomplete::Cancelled,
        ),
        (Limits::none().cancel_flag(flag), Incomplete::Cancelled),
        (Limits::none().nodes(1000), Incomplete::NodeLimit),
    ];
    (cases, raiser)
}
