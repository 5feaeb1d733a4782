//! The progress bar on stderr: shown only when stderr is a terminal and
//! `--quiet` is not given; without colours when `NO_COLOR` is set.
//!
//! Its length is the size of the input files in bytes (a spinner when one
//! is standard input or not a regular file); it also shows the puzzles
//! answered so far and the rate, while one puzzle is counted on every
//! thread, how many of its subproblems are counted, and while the logical
//! solver rates (`rate`), how many puzzles it is rating ([`Rating`]), so
//! that a long rating does not look stuck at "0 puzzles".

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
    parts: Arc<sudoku_solve::Progress>,
    /// The puzzles being rated.
    rating: Arc<Rating>,
}

/// What the logical solver is doing: the puzzles it is rating now (shown
/// by the bar; `rate` on SE's scale).
#[derive(Debug, Default)]
pub(crate) struct Rating {
    /// Puzzles being rated.
    pub(crate) puzzles: AtomicU64,
    /// Logical steps taken so far, over every puzzle (the rater counts
    /// them: one 11+ puzzle takes seconds, a step a fraction of one).
    pub(crate) steps: Arc<AtomicU64>,
}

/// The bar's words for the puzzles being rated (empty when none).
fn rating_text(rating: &Rating) -> String {
    let puzzles = match rating.puzzles.load(Ordering::Relaxed) {
        0 => return String::new(),
        1 => "1 puzzle".to_string(),
        n => format!("{n} puzzles"),
    };
    match rating.steps.load(Ordering::Relaxed) {
        0 => format!("; rating {puzzles} by logic"),
        1 => format!("; rating {puzzles} by logic, 1 step so far"),
        s => format!("; rating {puzzles} by logic, {s} steps so far"),
    }
}

/// A logical rater that counts the puzzles it is rating (the bar shows
/// them: a single long rating of a 25x25 showed "0 puzzles" for a minute).
#[derive(Debug)]
pub(crate) struct Counted<R> {
    /// The rater.
    pub(crate) inner: R,
    /// Where the puzzles being rated are counted.
    pub(crate) rating: Arc<Rating>,
}

impl<R: sudoku_solve::LogicRater> sudoku_solve::LogicRater for Counted<R> {
    fn rate(
        &self,
        puzzle: &sudoku::Grid,
        rules: &sudoku::Rules,
        limits: &sudoku_solve::Limits,
    ) -> Result<sudoku_solve::LogicRating, sudoku_solve::LogicError> {
        /// Counts the puzzle out however the rating ends.
        struct Out<'a>(&'a AtomicU64);
        impl Drop for Out<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::Relaxed);
            }
        }
        self.rating.puzzles.fetch_add(1, Ordering::Relaxed);
        let _out = Out(&self.rating.puzzles);
        self.inner.rate(puzzle, rules, limits)
    }
}

impl Progress {
    /// A progress bar over `total_bytes` of input (unknown: a spinner), or a
    /// hidden one when `visible` is false.
    pub(crate) fn new(visible: bool, total_bytes: Option<u64>) -> Progress {
        Progress::drawn_on(
            visible.then(|| ProgressDrawTarget::stderr_with_hz(10)),
            total_bytes,
        )
    }

    /// A progress bar drawn on `target` (none: hidden).
    fn drawn_on(target: Option<ProgressDrawTarget>, total_bytes: Option<u64>) -> Progress {
        let puzzles = Arc::new(AtomicU64::new(0));
        let parts = Arc::new(sudoku_solve::Progress::default());
        let rating = Arc::new(Rating::default());
        let bar = target.map(|target| {
            make_bar(
                total_bytes,
                Arc::clone(&puzzles),
                Arc::clone(&parts),
                Arc::clone(&rating),
                target,
            )
        });
        Progress {
            bar,
            puzzles,
            parts,
            rating,
        }
    }

    /// Where the logical solver counts the puzzles it is rating.
    pub(crate) fn rating(&self) -> Arc<Rating> {
        Arc::clone(&self.rating)
    }

    /// Where a count on every thread reports, when the bar is shown.
    pub(crate) fn parts(&self) -> Option<&sudoku_solve::Progress> {
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
    parts: Arc<sudoku_solve::Progress>,
    rating: Arc<Rating>,
    target: ProgressDrawTarget,
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
        let parts = (parts.done(), parts.total());
        let _ = w.write_str(&sudoku_batch::progress_text(done, state.elapsed(), parts));
        let _ = w.write_str(&rating_text(&rating));
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
        .with_key("puzzles", counter);
    let bar = ProgressBar::with_draw_target(total_bytes, target);
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::time::Instant;

    use indicatif::TermLike;

    use super::*;

    /// A terminal that keeps what is drawn on it.
    #[derive(Clone, Debug, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl Screen {
        fn text(&self) -> String {
            self.0.lock().unwrap().clone()
        }
    }

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push_str(&format!("{s}\n"));
            Ok(())
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Waits (at most 10 s: the bar ticks every 200 ms) until `screen`
    /// shows `text`.
    fn shows(screen: &Screen, text: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !screen.text().contains(text) {
            if Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        true
    }

    #[test]
    fn the_bar_shows_the_puzzles_answered_and_the_bytes_read() {
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        let progress = Progress::drawn_on(Some(target), Some(1000));
        assert!(progress.is_visible() && progress.parts().is_some());
        for _ in 0..3 {
            progress.puzzle_done();
        }
        progress.set_bytes(500);
        assert!(shows(&screen, "3 puzzles"), "{:?}", screen.text());
        assert!(shows(&screen, " 50%"), "{:?}", screen.text());
        for _ in 0..4 {
            progress.puzzle_done();
        }
        assert!(shows(&screen, "7 puzzles"), "{:?}", screen.text());
        progress.finish();
    }

    /// A rater that waits until it is let go.
    #[derive(Debug)]
    struct Waits(Arc<std::sync::Barrier>);

    impl sudoku_solve::LogicRater for Waits {
        fn rate(
            &self,
            _: &sudoku::Grid,
            _: &sudoku::Rules,
            _: &sudoku_solve::Limits,
        ) -> Result<sudoku_solve::LogicRating, sudoku_solve::LogicError> {
            self.0.wait();
            self.0.wait();
            Err(sudoku_solve::LogicError::Refused("a test".into()))
        }
    }

    #[test]
    fn the_bar_shows_the_puzzles_being_rated() {
        use sudoku_solve::LogicRater as _;
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        let progress = Progress::drawn_on(Some(target), Some(1000));
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let rater = Counted {
            inner: Waits(Arc::clone(&barrier)),
            rating: progress.rating(),
        };
        let grid: sudoku::Grid = "1.3.3.2...4.....".parse().unwrap();
        let rules = sudoku::Rules::standard(grid.shape());
        std::thread::scope(|scope| {
            let rating = scope.spawn(|| rater.rate(&grid, &rules, &sudoku_solve::Limits::none()));
            barrier.wait();
            assert!(
                shows(&screen, "0 puzzles; rating 1 puzzle by logic"),
                "{:?}",
                screen.text()
            );
            // The rater counts its steps (batch.rs hands SeRater this
            // counter): the bar shows them as they come.
            progress.rating().steps.fetch_add(12, Ordering::Relaxed);
            assert!(
                shows(&screen, "rating 1 puzzle by logic, 12 steps so far"),
                "{:?}",
                screen.text()
            );
            barrier.wait();
            assert!(rating.join().unwrap().is_err());
        });
        assert_eq!(progress.rating().puzzles.load(Ordering::Relaxed), 0);
        progress.finish();
    }

    #[test]
    fn a_hidden_bar_counts_and_draws_nothing() {
        let progress = Progress::new(false, Some(1000));
        assert!(!progress.is_visible() && progress.parts().is_none());
        progress.puzzle_done();
        progress.set_bytes(10);
        assert_eq!(progress.puzzles.load(Ordering::Relaxed), 0);
        assert_eq!(progress.suspend(|| 7), 7);
        progress.finish();
    }
}
