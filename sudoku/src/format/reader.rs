//! The streaming reader: one [`Record`] per puzzle of a file, read line by line.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::alphabet::Alphabet;
use super::chunk::{parse_rows, plain_nine_by_nine_bytes, Context, NotationMode};
use super::csv::{self, Columns};
use super::scan::{is_all_dashes, is_border_line, is_separator};
use super::{Format, Notation, Puzzle};
use crate::error::{ParseError, ParseErrorKind};
use crate::shape::Shape;

/// Default for [`ReadOptions::max_puzzle_bytes`]: 1 MiB, room for the largest grid
/// that fits [`DEFAULT_MEMORY_BUDGET`](crate::DEFAULT_MEMORY_BUDGET) (289x289,
/// about 330 KB written in numbers on one line).
pub const DEFAULT_MAX_PUZZLE_BYTES: usize = 1 << 20;

/// How to read puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// The layout of the input ([`Format::Auto`] by default).
    pub format: Format,
    /// The box shape, when the caller knows it (`--box`); `None` infers square boxes
    /// from the number of cells.
    pub shape: Option<Shape>,
    /// The symbols ([`Alphabet::standard`] by default).
    pub alphabet: Alphabet,
    /// Longest line, and longest multi-line puzzle, accepted, in bytes. Longer ones
    /// give a [`ParseErrorKind::LineTooLong`] or [`ParseErrorKind::PuzzleTooLong`]
    /// record without being held in memory.
    pub max_puzzle_bytes: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            format: Format::Auto,
            shape: None,
            alphabet: Alphabet::standard(),
            max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
        }
    }
}

/// One puzzle of a file, or the error that prevented reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle, or where and why it could not be read.
    pub result: Result<Puzzle, ParseError>,
}

/// A multi-line puzzle being gathered.
#[derive(Debug)]
struct Block {
    start: usize,
    rows: Vec<(usize, String)>,
    bytes: usize,
    first_count: Option<usize>,
    error: Option<ParseError>,
}

/// Iterator over the puzzles of a [`BufRead`], one [`Record`] per puzzle, in order.
///
/// It reads line by line and holds at most one puzzle in memory. It skips `#`
/// comment lines and blank lines, strips `\r` and a UTF-8 byte-order mark, and
/// turns lines that are not UTF-8 or longer than [`ReadOptions::max_puzzle_bytes`]
/// into error records before going on.
///
/// With [`Format::Auto`]:
/// - a first line that is a CSV header naming a `quizzes` or `puzzle` column makes
///   the file CSV;
/// - a line that is a whole puzzle by itself (its cells fit the given shape, or a
///   square-box grid: 16, 81, 256 ... cells) is one puzzle, and from then on every
///   line is one puzzle (a faulty line gives an error record);
/// - otherwise lines are gathered until a blank line or the end of the input and
///   read as a multi-line grid, one row per line. Lines made of `-`, `+`, `=`, `|`
///   and spaces are borders and skipped, except rows of single dashes
///   (`- - - | - - -`). A line of `-` only is a border there; in one-puzzle-per-line
///   files it is an empty grid when it has the length of one.
///
/// ```
/// use sudoku::{ReadOptions, Records};
/// let text = "# two puzzles\n\
///             1.3.3.2...4.....\n\
///             .2..............\n";
/// let records: Vec<_> = Records::new(text.as_bytes(), ReadOptions::default()).collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].line, 3);
/// assert_eq!(records[1].result.as_ref().unwrap().grid.get(0, 1), Some(2));
/// ```
#[derive(Debug)]
pub struct Records<R> {
    reader: R,
    options: ReadOptions,
    buf: Vec<u8>,
    line_no: usize,
    queue: VecDeque<Record>,
    finished: bool,
    lines_mode: bool,
    file_shape: Option<Shape>,
    block: Option<Block>,
    csv: Option<Columns>,
    seen_data: bool,
}

impl<R: BufRead> Records<R> {
    /// Reads `reader` with `options`.
    pub fn new(reader: R, options: ReadOptions) -> Records<R> {
        let lines_mode = matches!(options.format, Format::Compact | Format::Csv);
        Records {
            reader,
            options,
            buf: Vec::new(),
            line_no: 0,
            queue: VecDeque::new(),
            finished: false,
            lines_mode,
            file_shape: None,
            block: None,
            csv: None,
            seen_data: false,
        }
    }

    /// The options it reads with.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// Reads the next line into `buf` (without `\n`), storing nothing past the limit.
    /// Returns `None` at the end, else whether the line was too long.
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        let limit = self.options.max_puzzle_bytes.saturating_add(1);
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(any.then_some(too_long));
            }
            any = true;
            let newline = memchr::memchr(b'\n', available);
            let content = &available[..newline.unwrap_or(available.len())];
            if !too_long {
                if self.buf.len() + content.len() > limit {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(content);
                }
            }
            let used = newline.map_or(available.len(), |i| i + 1);
            self.reader.consume(used);
            if newline.is_some() {
                return Ok(Some(too_long));
            }
        }
    }

    fn mode(&self) -> NotationMode {
        match self.options.format {
            Format::Compact => NotationMode::Symbols,
            Format::Numbers => NotationMode::Numbers,
            _ => NotationMode::Auto,
        }
    }

    fn context(&self) -> Context<'_> {
        Context {
            shape: self.options.shape,
            file_shape: if self.lines_mode {
                self.file_shape
            } else {
                None
            },
            alphabet: &self.options.alphabet,
            mode: self.mode(),
        }
    }

    fn push(&mut self, line: usize, result: Result<Puzzle, ParseError>) {
        if let Ok(puzzle) = &result {
            self.file_shape = Some(puzzle.grid.shape());
        }
        self.queue.push_back(Record { line, result });
    }

    fn parse_single(&self, text: &str) -> Result<Puzzle, ParseError> {
        parse_rows(&[(self.line_no, text)], &self.context()).map(|(grid, notation)| Puzzle {
            grid,
            notation,
            solution: None,
            variant: None,
        })
    }

    /// A line that cannot be read (not UTF-8, too long).
    fn bad_line(&mut self, kind: ParseErrorKind) {
        let error = ParseError::new(self.line_no, None, kind);
        match &mut self.block {
            Some(block) => {
                block.error.get_or_insert(error);
                block.rows = Vec::new();
            }
            None => self.push(self.line_no, Err(error)),
        }
    }

    fn flush_block(&mut self) {
        let Some(block) = self.block.take() else {
            return;
        };
        let result = match block.error {
            Some(error) => Err(error),
            None if block.rows.is_empty() => return,
            None => {
                let rows: Vec<(usize, &str)> =
                    block.rows.iter().map(|(l, t)| (*l, t.as_str())).collect();
                parse_rows(&rows, &self.context()).map(|(grid, notation)| Puzzle {
                    grid,
                    notation,
                    solution: None,
                    variant: None,
                })
            }
        };
        self.push(block.start, result);
    }

    fn block_push(&mut self, text: &str) {
        let line = self.line_no;
        let limit = self.options.max_puzzle_bytes;
        let block = self.block.get_or_insert_with(|| Block {
            start: line,
            rows: Vec::new(),
            bytes: 0,
            first_count: None,
            error: None,
        });
        if block.error.is_some() {
            return;
        }
        block.bytes += text.len() + 1;
        if block.bytes > limit {
            block.error = Some(ParseError::new(
                block.start,
                None,
                ParseErrorKind::PuzzleTooLong { limit },
            ));
            block.rows = Vec::new();
            return;
        }
        let trimmed = text.trim();
        let count = cell_chars(trimmed);
        if count == 0 || is_border_line(trimmed) {
            return;
        }
        block.first_count.get_or_insert(count);
        block.rows.push((line, text.to_string()));
    }

    /// Most rows a line can be: the given side, or the largest symbol value.
    fn max_row(&self) -> usize {
        match self.options.shape {
            Some(shape) => shape.side() as usize,
            None => usize::from(self.options.alphabet.max_value()),
        }
    }

    /// Whether a line has too many cells to be a row of a multi-line grid.
    fn too_long_for_a_row(&self, trimmed: &str) -> bool {
        if cell_chars(trimmed) <= self.max_row() {
            return false;
        }
        let tokens: Vec<&str> = trimmed
            .split(is_separator)
            .filter(|t| !t.is_empty())
            .collect();
        let numeric = tokens.iter().any(|t| t.len() >= 2)
            && tokens
                .iter()
                .all(|t| t.len() == 1 || t.bytes().all(|b| b.is_ascii_digit()));
        if numeric && self.mode() != NotationMode::Symbols {
            self.options
                .shape
                .is_some_and(|s| tokens.len() > s.side() as usize)
        } else {
            true
        }
    }

    /// A data line of an [`Format::Auto`] or [`Format::Numbers`] input.
    fn auto_line(&mut self, text: &str) {
        let line = self.line_no;
        let trimmed = text.trim();
        if let Some(block) = &self.block {
            // A line unlike the block's rows that is a puzzle by itself ends the block.
            let count = cell_chars(trimmed);
            let unlike = match block.first_count {
                Some(first) => first != count,
                None => self.too_long_for_a_row(trimmed),
            };
            if unlike && block.error.is_none() && !is_border_line(trimmed) {
                if let Ok(puzzle) = self.parse_single(text) {
                    self.flush_block();
                    self.lines_mode = true;
                    self.push(line, Ok(puzzle));
                    return;
                }
            }
            self.block_push(text);
            return;
        }
        if self.lines_mode {
            if is_border_line(trimmed) {
                // Decoration, or an empty grid written with `-`.
                if is_all_dashes(trimmed) {
                    if let Ok(puzzle) = self.parse_single(text) {
                        self.push(line, Ok(puzzle));
                    }
                }
                return;
            }
            let result = self.parse_single(text);
            self.push(line, result);
            return;
        }
        if is_border_line(trimmed) {
            self.block_push(text);
            return;
        }
        match self.parse_single(text) {
            Ok(puzzle) => {
                self.lines_mode = true;
                self.push(line, Ok(puzzle));
            }
            Err(error) if self.too_long_for_a_row(trimmed) => {
                self.lines_mode = true;
                self.push(line, Err(error));
            }
            Err(_) => self.block_push(text),
        }
    }

    fn handle_line(&mut self, text: &str) {
        let line = self.line_no;
        let trimmed = text.trim();
        if trimmed.is_empty() {
            self.flush_block();
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        if !self.seen_data {
            self.seen_data = true;
            let header = csv::detect_header(trimmed);
            match self.options.format {
                Format::Csv => {
                    let columns = header.unwrap_or_else(|| {
                        self.push(line, Err(csv::header_error(line, trimmed)));
                        Columns::positional()
                    });
                    self.csv = Some(columns);
                    return;
                }
                Format::Auto if header.is_some() => {
                    self.csv = header;
                    self.lines_mode = true;
                    return;
                }
                _ => {}
            }
        }
        if let Some(columns) = &self.csv {
            let result = csv::parse_line(line, text, columns, &self.context());
            self.push(line, result);
            return;
        }
        match self.options.format {
            Format::Compact => {
                let result = self.parse_single(text);
                self.push(line, result);
            }
            Format::Grid => self.block_push(text),
            _ => self.auto_line(text),
        }
    }

    /// The record of a plain 9x9 line (81 bytes, `1`-`9`, `.`, `0`) read
    /// directly, when nothing else can be made of it: past the first data
    /// line (which may be a CSV header), one puzzle per line, no grid being
    /// gathered, the standard alphabet. [`handle_line`](Self::handle_line)
    /// would read it the same way.
    fn plain_line(&mut self, bytes: &[u8]) -> Option<Record> {
        let one_per_line = match self.options.format {
            Format::Compact => true,
            Format::Auto => self.lines_mode,
            _ => false,
        };
        if bytes.len() != 81
            || !one_per_line
            || !self.seen_data
            || self.csv.is_some()
            || self.block.is_some()
            || !self.options.alphabet.is_standard()
        {
            return None;
        }
        let grid = plain_nine_by_nine_bytes(bytes, self.options.shape)?;
        self.file_shape = Some(grid.shape());
        Some(Record {
            line: self.line_no,
            result: Ok(Puzzle {
                grid,
                notation: Notation::Symbols(self.options.alphabet.clone()),
                solution: None,
                variant: None,
            }),
        })
    }

    /// Reads a line; returns its record when it is a plain 9x9 line (see
    /// [`plain_line`](Self::plain_line)), else queues what it makes (a
    /// record, or nothing yet) and returns `None`.
    fn advance(&mut self) -> Option<Record> {
        match self.read_line() {
            Err(e) => {
                self.flush_block();
                let kind = ParseErrorKind::Io {
                    kind: e.kind(),
                    message: e.to_string(),
                };
                self.push(
                    self.line_no + 1,
                    Err(ParseError::new(self.line_no + 1, None, kind)),
                );
                self.finished = true;
            }
            Ok(None) => {
                self.flush_block();
                self.finished = true;
            }
            Ok(Some(too_long)) => {
                self.line_no += 1;
                let mut bytes = std::mem::take(&mut self.buf);
                if self.line_no == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
                    bytes.drain(..3);
                }
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                let limit = self.options.max_puzzle_bytes;
                if !too_long && bytes.len() <= limit {
                    if let Some(record) = self.plain_line(&bytes) {
                        bytes.clear();
                        self.buf = bytes;
                        return Some(record);
                    }
                }
                if too_long || bytes.len() > limit {
                    self.bad_line(ParseErrorKind::LineTooLong { limit });
                } else {
                    match std::str::from_utf8(&bytes) {
                        Ok(text) => self.handle_line(text),
                        Err(e) => self.bad_line(ParseErrorKind::InvalidUtf8 {
                            byte: e.valid_up_to() + 1,
                        }),
                    }
                }
                bytes.clear();
                self.buf = bytes;
            }
        }
        None
    }
}

/// Number of characters of a line that are not separators.
fn cell_chars(trimmed: &str) -> usize {
    trimmed.chars().filter(|&c| !is_separator(c)).count()
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            if let Some(record) = self.queue.pop_front() {
                return Some(record);
            }
            if self.finished {
                return None;
            }
            if let Some(record) = self.advance() {
                // The queue is empty: this is the next record.
                return Some(record);
            }
        }
    }
}
