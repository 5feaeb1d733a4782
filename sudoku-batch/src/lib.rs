//! The streaming batch run behind `sudoku solve`, `count`, `check`,
//! `minimize` and `rate`: every puzzle of every input answered through the
//! one answer path ([`sudoku_solve::answer()`]), its record written as text, drawn
//! grids or JSON, in input order, on all threads, in flat memory.
//!
//! - [`Input`] reads the inputs ([`Source`]: files or standard input) into
//!   [`Chunk`]s of [`Event`]s, sized to a few milliseconds of work.
//! - [`Batch`] answers a chunk on one thread and writes each record
//!   ([`Report`], in an [`OutputFormat`]) into the chunk's [`Group`].
//! - [`Pipeline`] runs the workers: each reads a chunk, answers it and hands
//!   it over; the chunks reach the [`Sink`] in input order.
//! - [`Totals`] counts the answers (the run's [`Status`], the `--stats`
//!   report); [`Problems`] sums up the puzzles that could not be solved;
//!   a sink's [`Ledger`] keeps both and puts the notes between the records.
//!
//! The command adds what belongs to a terminal: the progress bar, Ctrl-C,
//! notes on stderr and exit statuses.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, AtomicU64};
//! use std::sync::Arc;
//! use sudoku_batch::{Batch, Input, OutputFormat, Pipeline, Source};
//! use sudoku_solve::{Asked, Task};
//! use sudoku_format::ReadOptions;
//! use sudoku::Variant;
//!
//! let path = std::env::temp_dir().join(format!("batch-doc-{}.txt", std::process::id()));
//! std::fs::write(&path, "1.3.3.2...4.....\n12....3.........\n................\n")?;
//! let cancel = Arc::new(AtomicBool::new(false));
//! let batch = Batch {
//!     task: Task::Check,
//!     timeout: None,
//!     max_nodes: None,
//!     cancel: Arc::clone(&cancel),
//!     engine: Asked::Auto,
//!     base: Variant::default(),
//!     format: OutputFormat::Text,
//!     names: vec!["puzzles.txt".to_string()],
//!     logic: None,
//! };
//! let input = Input::new(vec![Source::new(&path)], ReadOptions::default(), Arc::new(AtomicU64::new(0)), 1);
//! // A `Vec<u8>` sink keeps the records' text, in input order.
//! let answer = |chunk, group| batch.answer_chunk(chunk, group, None, &|| {});
//! let text: Vec<u8> = Pipeline::new(input, Vec::new()).run(1, &cancel, &answer);
//! assert_eq!(String::from_utf8(text)?, "unique\nunsolvable\nmultiple\n");
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod input;
mod ledger;
mod pipeline;
mod report;
mod search;
mod totals;

pub use input::{Chunk, Event, Input, Source};
pub use ledger::{Ledger, Piece};
pub use pipeline::{Done, Group, Pipeline, Sink};
pub use report::{words, JsonRecord, OutputFormat, Report};
pub use search::Batch;
pub use totals::{Problems, Status, Totals};

/// The progress of a run as a progress bar shows it: the puzzles answered
/// (`done`) and, after half a second, their rate over `elapsed`; while one
/// puzzle is counted on every thread, how many of its `parts` (done, total:
/// [`sudoku_solve::Progress`]) are counted.
///
/// ```
/// use std::time::Duration;
/// let text = sudoku_batch::progress_text(30, Duration::from_secs(2), (3, 8));
/// assert_eq!(text, "30 puzzles, 15/s; counting on every thread: 3 of 8 parts");
/// ```
pub fn progress_text(done: u64, elapsed: std::time::Duration, parts: (u64, u64)) -> String {
    let seconds = elapsed.as_secs_f64();
    let mut text = match seconds > 0.5 {
        true => format!("{done} puzzles, {:.0}/s", done as f64 / seconds),
        false => format!("{done} puzzles"),
    };
    let (counted, total) = parts;
    if counted < total {
        text.push_str(&format!(
            "; counting on every thread: {counted} of {total} parts"
        ));
    }
    text
}

/// The records' text alone, in input order (the notes and totals are left
/// out).
impl Sink for Vec<u8> {
    fn write_chunk(&mut self, group: &Group, _bytes: u64) -> bool {
        self.extend_from_slice(&group.text);
        true
    }

    fn flush(&mut self) {}
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    #[test]
    fn progress_texts() {
        let ms = Duration::from_millis;
        assert_eq!(super::progress_text(7, ms(100), (0, 0)), "7 puzzles");
        assert_eq!(super::progress_text(0, ms(4000), (5, 5)), "0 puzzles, 0/s");
        assert_eq!(
            super::progress_text(3, ms(300), (1, 64)),
            "3 puzzles; counting on every thread: 1 of 64 parts"
        );
    }
}
