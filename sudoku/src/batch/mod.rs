//! The streaming batch run behind `sudoku solve`, `count`, `check`,
//! `minimize` and `rate`: every puzzle of every input answered through the
//! one answer path ([`crate::answer`]), its record written as text, drawn
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
//! use sudoku::batch::{Batch, Input, OutputFormat, Pipeline, Source};
//! use sudoku::{Engine, ReadOptions, Task, Variant};
//!
//! let path = std::env::temp_dir().join(format!("batch-doc-{}.txt", std::process::id()));
//! std::fs::write(&path, "1.3.3.2...4.....\n12....3.........\n................\n")?;
//! let cancel = Arc::new(AtomicBool::new(false));
//! let batch = Batch {
//!     task: Task::Check,
//!     timeout: None,
//!     max_nodes: None,
//!     cancel: Arc::clone(&cancel),
//!     engine: Engine::Auto,
//!     base: Variant::default(),
//!     format: OutputFormat::Text,
//!     names: vec!["puzzles.txt".to_string()],
//! };
//! let input = Input::new(vec![Source::new(&path)], ReadOptions::default(), Arc::new(AtomicU64::new(0)), 1);
//! // A `Vec<u8>` sink keeps the records' text, in input order.
//! let answer = |chunk| batch.answer_chunk(chunk, None, &|| {});
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
pub use report::{JsonRecord, OutputFormat, Report};
pub use search::Batch;
pub use totals::{Problems, Status, Totals};

/// The records' text alone, in input order (the notes and totals are left
/// out).
impl Sink for Vec<u8> {
    fn write_chunk(&mut self, group: Group, _bytes: u64) -> bool {
        self.extend_from_slice(&group.text);
        true
    }

    fn flush(&mut self) {}
}
