//! The workers of a batch run: each reads a chunk, answers it and hands it
//! to be written in input order, then reads the next. See [`Pipeline`].

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use super::input::{Chunk, Input};
use super::report::Report;

/// What the sink gets of each event of a chunk, in input order.
#[derive(Debug)]
pub enum Done {
    /// A record, and where its text ends in its group's text (it starts
    /// where the previous record's ends). The text is already in the output
    /// format, written by the worker that answered it so that writing is not
    /// a serial stage.
    Answered(Report<()>, usize),
    /// A file could not be opened or read.
    CannotRead {
        /// Index of the file among the inputs.
        file: usize,
        /// What went wrong, naming the file.
        message: String,
    },
    /// The end of a file.
    EndOfFile {
        /// Index of the file among the inputs.
        file: usize,
    },
}

/// A chunk's events as one worker answered them: the text of their
/// records one after the other, in one buffer, rather than a buffer each.
#[derive(Debug, Default)]
pub struct Group {
    /// The records' text, one after the other.
    pub text: Vec<u8>,
    /// Each event, with where its record's text ends.
    pub done: Vec<Done>,
}

/// Where the answered chunks go, one at a time, in input order.
pub trait Sink {
    /// Takes the next chunk, answered when `bytes` of input were read;
    /// false when nothing more is to be written (the output failed).
    fn write_chunk(&mut self, group: &Group, bytes: u64) -> bool;
    /// Flushes what is written: the next chunk may be slow to come.
    fn flush(&mut self);
}

/// Most chunks read ahead of the one the output waits for.
const MAX_AHEAD: u64 = 256;
/// Most bytes of answered text waiting for an earlier chunk.
const MAX_WAITING_BYTES: usize = 16 << 20;
/// Most written groups kept, emptied, for the next chunks to fill.
const MAX_SPARE: usize = 4;

/// The chunks answered but not yet written, and the sink.
struct Order<S> {
    sink: S,
    /// The chunk the output waits for.
    next: u64,
    /// Answered chunks waiting for an earlier one: their text and the bytes
    /// of input read when they were made.
    waiting: BTreeMap<u64, (Group, u64)>,
    waiting_bytes: usize,
    /// Groups written and emptied, their buffers kept for the next chunks:
    /// a chunk's records (up to 2,048 of 176 bytes) would otherwise be a
    /// fresh allocation each time, its pages faulted in one by one.
    spare: Vec<Group>,
}

/// What the workers share: the input, and the sink with the chunks
/// waiting for it.
///
/// No stage is serial, and no thread waits on another's stage: every
/// thread is a worker, and a worker does everything for its chunk.
/// - **Reading** is one worker at a time, under a lock on the [`Input`]: a
///   chunk takes a small part of the time its answers take, so the others
///   are answering meanwhile.
/// - **Answering** a chunk (the search, the independent check of each
///   solution and the record's text in the output format) runs on its own,
///   on the worker's thread.
/// - **Writing** is done by whichever worker hands over the chunk the
///   output is waiting for: it gives that chunk, and any later ones
///   already handed over, to the [`Sink`], under a lock on the `Order`.
///   The sink is flushed when the next chunk is not ready yet.
///
/// A worker does not read a chunk too far ahead of the output
/// (256 chunks, 16 MiB of text waiting), so
/// memory stays flat whatever the input's length, even when one hard
/// puzzle holds the output back.
///
/// With one thread there is one worker, on the calling thread.
pub struct Pipeline<S> {
    input: Mutex<Input>,
    order: Mutex<Order<S>>,
    /// Signalled when the output moves on (or stops).
    moved: Condvar,
    /// Raised when nothing more is to be written: the output failed, or
    /// Ctrl-C came.
    stop: AtomicBool,
}

/// Locks `mutex`, even if a worker panicked while holding it (the panic is
/// raised again where the workers are joined).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Stops the other workers if this one panics, so that none waits forever
/// for its chunk.
struct StopOnPanic<'p, S>(&'p Pipeline<S>);

impl<S> Drop for StopOnPanic<'_, S> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt();
        }
    }
}

impl<S> Pipeline<S> {
    /// Stops every worker at its next chunk.
    fn halt(&self) {
        self.stop.store(true, Ordering::Relaxed);
        // Taking the lock orders this with a worker about to wait.
        drop(lock(&self.order));
        self.moved.notify_all();
    }
}

impl<S: Sink + Send> Pipeline<S> {
    /// The workers of `input`, handing their chunks to `sink`.
    pub fn new(input: Input, sink: S) -> Pipeline<S> {
        Pipeline {
            input: Mutex::new(input),
            order: Mutex::new(Order {
                sink,
                next: 0,
                waiting: BTreeMap::new(),
                waiting_bytes: 0,
                spare: Vec::new(),
            }),
            moved: Condvar::new(),
            stop: AtomicBool::new(false),
        }
    }

    /// Runs `threads` workers (this thread alone when `threads` is 1, the
    /// rayon pool's threads otherwise), each answering chunks with
    /// `answer` until the input ends, the output fails or `cancel` is
    /// raised. Returns the sink. `answer` gets a chunk and an empty group
    /// to fill (one written before, its buffers kept).
    pub fn run(
        self,
        threads: usize,
        cancel: &AtomicBool,
        answer: &(impl Fn(Chunk, Group) -> Group + Sync),
    ) -> S {
        if threads == 1 {
            self.work(cancel, answer);
        } else {
            rayon::broadcast(|_| self.work(cancel, answer));
        }
        self.order
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .sink
    }

    /// One worker: reads, answers and hands over chunks until there are
    /// no more to answer.
    fn work(&self, cancel: &AtomicBool, answer: &impl Fn(Chunk, Group) -> Group) {
        let _guard = StopOnPanic(self);
        let mut learned = None;
        loop {
            if self.stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                return;
            }
            let chunk = {
                let mut input = lock(&self.input);
                if let Some((puzzles, took)) = learned.take() {
                    input.learn(puzzles, took);
                }
                if !self.wait_for_room(input.next_seq(), cancel) {
                    return;
                }
                match input.next_chunk() {
                    Some(chunk) => chunk,
                    None => return,
                }
            };
            let spare = lock(&self.order).spare.pop().unwrap_or_default();
            let started = Instant::now();
            let (seq, bytes, puzzles) = (chunk.seq, chunk.bytes, chunk.puzzles());
            let group = answer(chunk, spare);
            learned = Some((puzzles, started.elapsed()));
            self.hand_over(seq, group, bytes);
        }
    }

    /// Waits until chunk `seq` is not too far ahead of the output; false
    /// if the workers are to stop.
    fn wait_for_room(&self, seq: u64, cancel: &AtomicBool) -> bool {
        let mut order = lock(&self.order);
        loop {
            if self.stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                return false;
            }
            if seq < order.next + MAX_AHEAD && order.waiting_bytes < MAX_WAITING_BYTES {
                return true;
            }
            // The chunk the output waits for is being answered by another
            // worker, which signals when it is written.
            order = self
                .moved
                .wait(order)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Hands over answered chunk `seq`, made when `bytes` of input were
    /// read: writes it if the output waits for it, with the chunks after it
    /// that are ready.
    fn hand_over(&self, seq: u64, group: Group, bytes: u64) {
        let mut order = lock(&self.order);
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        order.waiting_bytes += group.text.len();
        order.waiting.insert(seq, (group, bytes));
        let order = &mut *order;
        let mut wrote = false;
        while let Some(entry) = order.waiting.first_entry() {
            if *entry.key() != order.next {
                break;
            }
            let (mut group, bytes) = entry.remove();
            order.waiting_bytes -= group.text.len();
            order.next += 1;
            let go_on = order.sink.write_chunk(&group, bytes);
            if order.spare.len() < MAX_SPARE {
                group.text.clear();
                group.done.clear();
                order.spare.push(group);
            }
            wrote = true;
            if !go_on {
                self.stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        if wrote {
            // The chunk the output waits for now is not answered yet, and
            // it may be slow to come (a hard puzzle, a slow pipe).
            order.sink.flush();
            self.moved.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;
    use std::sync::atomic::AtomicU64;
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;
    use crate::{Event, Source};
    use sudoku_format::ReadOptions;
    use sudoku_solve::Answer;

    /// A sink in memory that fails once `room` bytes are written.
    #[derive(Default)]
    struct Memory {
        bytes: Vec<u8>,
        room: usize,
        puzzles: usize,
        failed: bool,
    }

    impl Sink for Memory {
        fn write_chunk(&mut self, group: &Group, _bytes: u64) -> bool {
            let mut start = 0;
            for done in &group.done {
                let &Done::Answered(_, end) = done else {
                    continue;
                };
                if self.bytes.len() + end - start > self.room {
                    self.failed = true;
                    return false;
                }
                self.bytes.extend_from_slice(&group.text[start..end]);
                self.puzzles += 1;
                start = end;
            }
            true
        }

        fn flush(&mut self) {}
    }

    /// A file of `lines` one-line records (empty grids: they are not
    /// solved here).
    fn input(lines: usize) -> Input {
        let text: String = (0..lines)
            .map(|_| format!("{}\n", ".".repeat(81)))
            .collect();
        let path = std::env::temp_dir().join(format!(
            "pipeline-{}-{lines}-{:?}.txt",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&path, text).unwrap();
        let sources = vec![Source::new(&path)];
        Input::new(
            sources,
            ReadOptions::default(),
            Arc::new(AtomicU64::new(0)),
            1,
        )
    }

    /// Answers a chunk by writing each record's line number, after a wait
    /// that makes later chunks often finish first.
    fn answer(chunk: Chunk, mut group: Group) -> Group {
        // A spare group comes empty.
        assert!(group.text.is_empty() && group.done.is_empty());
        for event in chunk.events {
            let (file, line) = match event {
                Event::Puzzle { file, record } => (file, record.line),
                Event::Plain { file, plain } => (file, plain.line),
                _ => continue,
            };
            std::thread::sleep(Duration::from_micros((line as u64 * 7919) % 300));
            writeln!(group.text, "{line}").unwrap();
            let report = Report::new(file, line, Answer::Unsolvable);
            group.done.push(Done::Answered(report, group.text.len()));
        }
        group
    }

    fn run_on(threads: usize, lines: usize, room: usize) -> (String, Memory) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let sink = Memory {
            room,
            ..Memory::default()
        };
        let pipeline = Pipeline::new(input(lines), sink);
        let cancel = AtomicBool::new(false);
        let sink = pool.install(|| pipeline.run(threads, &cancel, &answer));
        (String::from_utf8(sink.bytes.clone()).unwrap(), sink)
    }

    #[test]
    fn records_are_written_in_input_order_whatever_the_threads() {
        let expected: String = (1..=600).map(|line| format!("{line}\n")).collect();
        for threads in [1, 2, 4] {
            let (text, sink) = run_on(threads, 600, usize::MAX);
            assert!(text == expected, "{threads} threads: out of order");
            assert_eq!(sink.puzzles, 600, "{threads} threads");
        }
    }

    #[test]
    fn a_failed_output_stops_every_worker() {
        // Room for about 100 records of the 5,000: the run must end (not
        // wait for room forever), having written only whole records, in
        // order, and no more once the output failed.
        for threads in [1, 3] {
            let (text, sink) = run_on(threads, 5000, 400);
            assert!(sink.failed, "{threads} threads");
            let written: Vec<usize> = text.lines().map(|l| l.parse().unwrap()).collect();
            assert!(written.len() < 400, "{threads} threads");
            assert!(written.iter().copied().eq(1..=written.len()));
        }
    }
}
