//! The inputs of a batch run, read into chunks of records for the workers
//! of the [`Pipeline`](super::Pipeline): see [`Input`].

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufReader, IsTerminal as _, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku::ParseErrorKind;
use sudoku_format::{Item, PlainLine, ReadOptions, Record, Records};

/// Most puzzles in a chunk.
const CHUNK_PUZZLES: usize = 2048;
/// Most cells in a chunk (8 MiB of values), for large grids.
const CHUNK_CELLS: usize = 1 << 22;
/// About how long a chunk should take to answer on one thread.
const CHUNK_TIME: Duration = Duration::from_millis(2);
/// A chunk is handed over once its first record has waited this long.
const CHUNK_AGE: Duration = Duration::from_millis(100);
/// Reading a regular file, the age is looked at every this many records.
const AGE_EVERY: usize = 16;

/// An input: a file, or standard input.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name used in messages and in JSON (`<stdin>` for standard input).
    pub name: String,
    /// `None` for standard input.
    pub path: Option<PathBuf>,
}

impl Source {
    /// The file at `path`; standard input for `-`.
    pub fn new(path: &std::path::Path) -> Source {
        if path.as_os_str() == "-" {
            Source::stdin()
        } else {
            Source {
                name: path.display().to_string(),
                path: Some(path.to_path_buf()),
            }
        }
    }

    /// Standard input.
    pub fn stdin() -> Source {
        Source {
            name: "<stdin>".to_string(),
            path: None,
        }
    }

    fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        match &self.path {
            None => Ok(Box::new(io::stdin())),
            Some(path) => Ok(Box::new(File::open(path)?)),
        }
    }

    /// Its size when it is a regular file.
    pub fn size(&self) -> Option<u64> {
        let metadata = std::fs::metadata(self.path.as_ref()?).ok()?;
        metadata.is_file().then_some(metadata.len())
    }
}

/// A reader that counts the bytes read (for the progress bar).
struct Counting<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// What the reader found, in input order.
pub enum Event {
    /// A record of file `file`.
    Puzzle {
        /// Index of the file among the inputs.
        file: usize,
        /// The puzzle read, or why it could not be.
        record: Record,
    },
    /// A plain 9x9 line of file `file`, read as its values: a worker
    /// fills a grid it reuses from them (no grid is made per record).
    Plain {
        /// Index of the file among the inputs.
        file: usize,
        /// The line's values.
        plain: PlainLine,
    },
    /// A file could not be opened or read.
    CannotRead {
        /// Index of the file among the inputs.
        file: usize,
        /// What went wrong, naming the file.
        message: String,
    },
    /// The end of file `file`.
    EndOfFile {
        /// Index of the file among the inputs.
        file: usize,
    },
}

/// Consecutive events, for one worker to answer.
pub struct Chunk {
    /// Its place in the input: 0, 1, 2, ...
    pub seq: u64,
    /// What was read, in input order.
    pub events: Vec<Event>,
    /// Bytes of input read when the chunk was made.
    pub bytes: u64,
    /// Whether this chunk is the whole input, and it holds fewer puzzles
    /// than there are threads (so each can be searched on every thread).
    pub few: bool,
}

impl Chunk {
    /// How many puzzles it holds.
    pub fn puzzles(&self) -> usize {
        self.events.iter().filter(|e| e.is_puzzle()).count()
    }
}

impl Event {
    fn is_puzzle(&self) -> bool {
        matches!(self, Event::Puzzle { .. } | Event::Plain { .. })
    }
}

/// The file being read.
struct Open {
    file: usize,
    /// Standard input, when it is a terminal.
    interactive: bool,
    /// A regular file: reading it never waits on a producer.
    regular: bool,
    records: Records<BufReader<Counting<Box<dyn Read + Send>>>>,
}

/// Every input, read a chunk at a time.
///
/// [`Input`] opens the files one after the other and parses them with
/// [`Records`] (which holds at most one puzzle in memory). Each call to
/// [`Input::next_chunk`] reads the next few records. How many depends on how
/// long the last chunks took to answer: about 2 ms of work, so
/// that a chunk of hard or large puzzles is one or two puzzles (and the
/// threads share them out), and a chunk of easy 9x9 puzzles is hundreds
/// (and the hand-overs cost nothing). A chunk also ends once its first
/// record is 100 ms old (looked at after each record from a pipe, after
/// every 16th from a regular file), and after every record read from a
/// terminal, so that slow producers and people typing see their answers
/// promptly.
pub struct Input {
    sources: Vec<Source>,
    options: ReadOptions,
    bytes: Arc<AtomicU64>,
    stdin_is_terminal: bool,
    /// The next input to open.
    next_file: usize,
    open: Option<Open>,
    /// Events read ahead of the chunks handed out (at the start only).
    ahead: VecDeque<Event>,
    /// The sequence number of the next chunk.
    seq: u64,
    /// Read ahead this many puzzles at the start to see whether the input
    /// has fewer than that (1: do not).
    few_below: usize,
    /// Most puzzles in the next chunk.
    most: usize,
    /// Time to answer one puzzle, averaged over the chunks answered.
    per_puzzle: Option<Duration>,
}

impl Input {
    /// The inputs `sources`, read with `options`, counting the bytes read
    /// in `bytes`. With `few_below` > 1, the first chunk is flagged
    /// [`Chunk::few`] when the whole input has fewer puzzles than that.
    pub fn new(
        sources: Vec<Source>,
        options: ReadOptions,
        bytes: Arc<AtomicU64>,
        few_below: usize,
    ) -> Input {
        Input {
            sources,
            options,
            bytes,
            stdin_is_terminal: io::stdin().is_terminal(),
            next_file: 0,
            open: None,
            ahead: VecDeque::new(),
            seq: 0,
            few_below: few_below.max(1),
            most: 1,
            per_puzzle: None,
        }
    }

    /// The sequence number the next chunk will have.
    pub fn next_seq(&self) -> u64 {
        self.seq
    }

    /// Learns that a chunk of `puzzles` puzzles took `took` to answer, to
    /// size the next chunks.
    pub fn learn(&mut self, puzzles: usize, took: Duration) {
        if puzzles == 0 {
            return;
        }
        let this = took / puzzles as u32;
        let per_puzzle = match self.per_puzzle {
            None => this,
            Some(before) => (before * 3 + this) / 4,
        };
        self.per_puzzle = Some(per_puzzle);
        let fit = CHUNK_TIME.as_nanos() / per_puzzle.as_nanos().max(1);
        // Grows by at most twice at a time, from one puzzle.
        self.most = (fit as usize).clamp(1, CHUNK_PUZZLES.min(self.most * 2));
    }

    /// The next chunk, `None` at the end of every input.
    pub fn next_chunk(&mut self) -> Option<Chunk> {
        let mut few = false;
        if self.seq == 0 && self.few_below > 1 {
            let (events, ended) = self.read(self.few_below);
            let puzzles = events.iter().filter(|e| e.is_puzzle()).count();
            few = ended && puzzles < self.few_below;
            self.ahead.extend(events);
        }
        let events = if few {
            std::mem::take(&mut self.ahead).into()
        } else {
            self.read(self.most).0
        };
        if events.is_empty() {
            return None;
        }
        let chunk = Chunk {
            seq: self.seq,
            events,
            bytes: self.bytes.load(Ordering::Relaxed),
            few,
        };
        self.seq += 1;
        Some(chunk)
    }

    /// Reads at most `most` puzzles (the events read ahead first), and says
    /// whether every input ended.
    fn read(&mut self, most: usize) -> (Vec<Event>, bool) {
        // Room for the puzzles and an end of file or two, up to 512 (a
        // chunk of large grids may end well before `most`): grown from
        // empty one event at a time, the events (whole records) were copied
        // over and over.
        let mut events = Vec::with_capacity(most.min(512) + 2);
        let mut puzzles = 0;
        while puzzles < most {
            let Some(event) = self.ahead.pop_front() else {
                break;
            };
            puzzles += usize::from(event.is_puzzle());
            events.push(event);
        }
        if puzzles == most {
            return (events, false);
        }
        let mut cells = 0;
        let started = Instant::now();
        loop {
            let Some(open) = &mut self.open else {
                let Some(source) = self.sources.get(self.next_file) else {
                    return (events, true);
                };
                let file = self.next_file;
                self.next_file += 1;
                match source.open() {
                    Err(e) => {
                        let message = format!("cannot read {}: {e}", source.name);
                        events.push(Event::CannotRead { file, message });
                        events.push(Event::EndOfFile { file });
                    }
                    Ok(reader) => {
                        let reader = Counting {
                            inner: reader,
                            bytes: Arc::clone(&self.bytes),
                        };
                        let reader = BufReader::with_capacity(64 * 1024, reader);
                        self.open = Some(Open {
                            file,
                            interactive: source.path.is_none() && self.stdin_is_terminal,
                            regular: source.size().is_some(),
                            records: Records::new(reader, self.options.clone()),
                        });
                    }
                }
                continue;
            };
            let file = open.file;
            let event = match open.records.next_item() {
                None => {
                    events.push(Event::EndOfFile { file });
                    self.open = None;
                    continue;
                }
                Some(Item::Plain(plain)) => {
                    cells += plain.values.len();
                    Event::Plain { file, plain }
                }
                Some(Item::Record(record)) => match &record.result {
                    Err(e) => match &e.kind {
                        ParseErrorKind::Io { message, .. } => Event::CannotRead {
                            file,
                            message: format!("cannot read {}: {message}", self.sources[file].name),
                        },
                        _ => Event::Puzzle { file, record },
                    },
                    Ok(puzzle) => {
                        cells += puzzle.grid.cells().len();
                        Event::Puzzle { file, record }
                    }
                },
            };
            puzzles += usize::from(event.is_puzzle());
            events.push(event);
            // The clock is read after each record from a pipe or a
            // terminal, which may be slow to come; from a regular file,
            // after every 16th (reading the clock took 1% of a batch of easy
            // puzzles).
            let look = !open.regular || events.len() % AGE_EVERY == 0;
            if puzzles >= most
                || cells >= CHUNK_CELLS
                || open.interactive
                || look && started.elapsed() >= CHUNK_AGE
            {
                return (events, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of `puzzles` empty 9x9 grids, one per line.
    fn file(name: &str, puzzles: usize) -> Source {
        let path = std::env::temp_dir().join(format!("input-{}-{name}.txt", std::process::id()));
        let text: String = (0..puzzles)
            .map(|_| format!("{}\n", ".".repeat(81)))
            .collect();
        std::fs::write(&path, text).unwrap();
        Source::new(&path)
    }

    fn input(sources: Vec<Source>, few_below: usize) -> Input {
        Input::new(
            sources,
            ReadOptions::default(),
            Arc::new(AtomicU64::new(0)),
            few_below,
        )
    }

    /// What each chunk holds: `P` for a puzzle, `E` for an end of file, `C`
    /// for a file that cannot be read; with whether it is flagged few.
    fn chunks(mut input: Input) -> Vec<(String, bool)> {
        let mut seen = Vec::new();
        while let Some(chunk) = input.next_chunk() {
            assert_eq!(chunk.seq, seen.len() as u64);
            let kinds = chunk.events.iter().map(|e| match e {
                Event::Puzzle { .. } | Event::Plain { .. } => 'P',
                Event::EndOfFile { .. } => 'E',
                Event::CannotRead { .. } => 'C',
            });
            seen.push((kinds.collect(), chunk.few));
        }
        seen
    }

    #[test]
    fn fewer_puzzles_than_threads_are_one_chunk_flagged_few() {
        let one = vec![file("one", 1)];
        assert_eq!(chunks(input(one.clone(), 2)), [("PE".to_string(), true)]);
        // Without the look-ahead (one thread), the same chunk, not flagged.
        assert_eq!(
            chunks(input(one, 1)),
            [("P".to_string(), false), ("E".to_string(), false)]
        );
        // As many puzzles as threads: one per chunk at first, none flagged.
        let two = chunks(input(vec![file("two", 2)], 2));
        assert_eq!(two.iter().map(|c| c.0.as_str()).collect::<String>(), "PPE");
        assert!(two.iter().all(|c| !c.1) && two[0].0 == "P");
    }

    #[test]
    fn a_missing_file_is_an_event_in_its_place() {
        let missing = Source::new(std::path::Path::new("/nonexistent/input.txt"));
        let sources = vec![file("before", 3), missing, file("after", 2)];
        let kinds: String = chunks(input(sources, 1)).into_iter().map(|c| c.0).collect();
        assert_eq!(kinds, "PPPECEPPE");
    }

    #[test]
    fn chunks_grow_from_one_puzzle_to_about_the_chunk_time() {
        let mut input = input(vec![file("grow", 10_000)], 1);
        let mut sizes = Vec::new();
        while let Some(chunk) = input.next_chunk() {
            sizes.push(chunk.puzzles());
            // Fast puzzles: 1 microsecond each.
            input.learn(
                chunk.puzzles(),
                Duration::from_micros(chunk.puzzles() as u64),
            );
        }
        assert_eq!(&sizes[..4], [1, 2, 4, 8]);
        let most = CHUNK_TIME.as_micros() as usize;
        assert!(sizes.iter().all(|&n| n <= most) && sizes.contains(&most));
        assert_eq!(sizes.iter().sum::<usize>(), 10_000);
        // Slow puzzles (a second each): back to one puzzle per chunk.
        input.learn(1, Duration::from_secs(1));
        input.learn(1, Duration::from_secs(1));
        assert_eq!(input.most, 1);
    }
}
