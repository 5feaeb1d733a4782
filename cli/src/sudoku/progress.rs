//! The progress bar on stderr: shown only when stderr is a terminal and
//! `--quiet` is not given; without colours when `NO_COLOR` is set.
//!
//! Its length is the size of the input files in bytes (a spinner when one
//! is standard input or not a regular file); it also shows the puzzles
//! answered so far and the rate, and while one puzzle is counted on every
//! thread, how many of its subproblems are counted.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// The progress bar, or nothing.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    puzzles: Arc<AtomicU64>,
    /// How far a count of one puzzle on every thread has come (shown while
    /// one runs).
    parts: Arc<sudoku::Progress>,
}

impl Progress {
    /// A progress bar over `total_bytes` of input (unknown: a spinner), or a
    /// hidden one when `visible` is false.
    pub(crate) fn new(visible: bool, total_bytes: Option<u64>) -> Progress {
        let puzzles = Arc::new(AtomicU64::new(0));
        let parts = Arc::new(sudoku::Progress::default());
        let bar = visible.then(|| make_bar(total_bytes, Arc::clone(&puzzles), Arc::clone(&parts)));
        Progress {
            bar,
            puzzles,
            parts,
        }
    }

    /// Where a count on every thread reports, when the bar is shown.
    pub(crate) fn parts(&self) -> Option<&sudoku::Progress> {
        self.bar.as_ref().map(|_| &*self.parts)
    }

    /// Whether the bar is shown.
    pub(crate) fn is_visible(&self) -> bool {
        self.bar.is_some()
    }

    /// Counts one more puzzle answered (called from the search threads).
    pub(crate) fn puzzle_done(&self) {
        if self.bar.is_some() {
            self.puzzles.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Sets how many bytes of input have been answered.
    pub(crate) fn set_bytes(&self, bytes: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(bytes);
        }
    }

    /// Runs `f` with the bar hidden, for writing to the terminal.
    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Whether `NO_COLOR` asks for no colours (set and not empty).
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

fn make_bar(
    total_bytes: Option<u64>,
    puzzles: Arc<AtomicU64>,
    parts: Arc<sudoku::Progress>,
) -> ProgressBar {
    let plain = no_color();
    let template = match (total_bytes, plain) {
        (Some(_), false) => {
            "{spinner:.green} {elapsed:>4} [{bar:30.cyan/blue}] {percent:>3}%  {puzzles}"
        }
        (Some(_), true) => "{spinner} {elapsed:>4} [{bar:30}] {percent:>3}%  {puzzles}",
        (None, false) => "{spinner:.green} {elapsed:>4}  {puzzles}",
        (None, true) => "{spinner} {elapsed:>4}  {puzzles}",
    };
    let counter = move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
        let done = puzzles.load(Ordering::Relaxed);
        let seconds = state.elapsed().as_secs_f64();
        let _ = if seconds > 0.5 {
            write!(w, "{done} puzzles, {:.0}/s", done as f64 / seconds)
        } else {
            write!(w, "{done} puzzles")
        };
        // A count of one puzzle on every thread: its subproblems.
        let (counted, total) = (parts.done(), parts.total());
        if counted < total {
            let _ = write!(w, "; counting on every thread: {counted} of {total} parts");
        }
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
        .with_key("puzzles", counter);
    let bar = ProgressBar::with_draw_target(total_bytes, ProgressDrawTarget::stderr_with_hz(10));
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
