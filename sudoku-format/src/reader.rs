//! The streaming reader: one [`Record`] per puzzle of a file, read line by line.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::csv::{self, Columns};
use crate::json::read_document;
use crate::json_scan::JsonScan;
use crate::options::ReadOptions;
use crate::{Format, Puzzle};
use sudoku::format::{is_all_dashes, is_border_line, is_separator};
use sudoku::format::{parse_rows, plain_nine_by_nine_values, Context, NotationMode};
use sudoku::{Notation, ParseError, ParseErrorKind, Shape};

/// One puzzle of a file, or the error that prevented reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle, or where and why it could not be read.
    pub result: Result<Puzzle, ParseError>,
}

/// A plain 9x9 line (81 bytes, `1`-`9`, `.`, `0`, the standard alphabet)
/// read directly: its values, not yet a grid, so that a batch reads it
/// without allocating ([`Records::next_item`]). [`PlainLine::record`] is the
/// [`Record`] the iterator gives for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainLine {
    /// 1-based line of the puzzle.
    pub line: usize,
    /// The grid's shape (9x9: 3x3 boxes, or the shape of 81 cells given).
    pub shape: Shape,
    /// Each cell's value, row by row: 0 for a blank, else 1 to 9.
    pub values: [u8; 81],
}

impl PlainLine {
    /// The puzzle, its grid's cells in `cells` (cleared first: a caller
    /// that reads many lines reuses one allocation, taking it back with
    /// [`Grid::into_cells`](sudoku::Grid::into_cells)).
    pub fn puzzle_in(&self, mut cells: Vec<u16>) -> Puzzle {
        cells.clear();
        cells.extend(self.values.iter().map(|&v| u16::from(v)));
        Puzzle {
            // 81 values of 0 to 9.
            grid: sudoku::Grid::from_values_in_range(self.shape, cells),
            // The standard alphabet (a plain line is read only in it).
            notation: Notation::default(),
            solution: None,
            variant: None,
        }
    }

    /// The record of the line, as [`Records`] gives it.
    pub fn record(&self) -> Record {
        Record {
            line: self.line,
            result: Ok(self.puzzle_in(Vec::with_capacity(81))),
        }
    }
}

/// What [`Records::next_item`] reads: a plain 9x9 line as its values, or
/// any other record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A plain 9x9 line.
    Plain(PlainLine),
    /// Any other puzzle, or an error.
    Record(Record),
}

/// A multi-line puzzle being gathered.
#[derive(Debug)]
struct Block {
    start: usize,
    rows: Vec<(usize, String)>,
    bytes: usize,
    first_count: Option<usize>,
    error: Option<ParseError>,
    /// Number of rows gathered when each border line was seen: where the
    /// drawn row separators are.
    separators: Vec<usize>,
}

/// A JSON document being cut from the input.
#[derive(Debug)]
struct Doc {
    /// Line where it starts.
    start: usize,
    /// Its text, the first line padded with spaces up to its column.
    text: String,
    scan: JsonScan,
    /// Longer than the limit: reported, scanned to its end but not kept.
    over: bool,
    /// Its end was found inside a line too long to keep.
    closed: bool,
}

impl Doc {
    fn new(start: usize, column: usize) -> Doc {
        Doc {
            start,
            text: " ".repeat(column.saturating_sub(1)),
            scan: JsonScan::default(),
            over: false,
            closed: false,
        }
    }
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
///   files it is an empty grid when it has the length of one. A one-line puzzle
///   followed by a blank line and a multi-line grid gives two records (issue 23 #5).
/// - a line whose first non-blank character is `{` starts a JSON puzzle document
///   (see [`parse_documents`](crate::parse_documents)): recognised by content,
///   not by file name, so piped JSON and JSON Lines are read too (unless the
///   alphabet uses `{`). See "JSON documents" below.
///
/// Line ends are `\n`, `\r\n` or a lone `\r`. In CSV, a quoted field may span
/// lines; the record is at the line where it starts.
///
/// # Drawn borders
///
/// In a multi-line grid, `|` column separators and `+---+` or `-----` row
/// separators, when drawn at regular intervals, give the box shape: a 6x6 grid
/// drawn with boxes of 2 rows by 3 columns needs no [`ReadOptions::shape`]. A
/// `shape` given that the borders contradict is a located error
/// ([`ParseErrorKind::BordersContradictShape`]), not a silent reading.
///
/// # 16x16 grids in hexadecimal (issue 20)
///
/// A 16x16 grid read in the standard alphabet (`1`-`9`, `A`-`G`, `0` and `.`
/// blanks) whose symbols are only `0`-`9`, `A`-`F` (either case) and blanks,
/// with at least one `0` and no `G`, might be hexadecimal (`0`-`F` for 1 to 16).
/// It is read so:
/// - if two `0`s share a row, column or box, `0` cannot be a value: standard
///   alphabet, `0` a blank;
/// - else, if its other blanks are all one symbol (`.` say), it is read as
///   hexadecimal with that blank (a writer in the standard alphabet would not
///   use `0` as a second blank), and its [`Notation`] is that alphabet, so the
///   answer is written in `0`-`F` too;
/// - else (no other blank, or blanks of several kinds) it is refused with
///   [`ParseErrorKind::AmbiguousHex`], whose message names
///   `--alphabet 0123456789ABCDEF`.
///
/// A grid with a custom alphabet ([`ReadOptions::alphabet`]) is read with it.
///
/// # JSON documents
///
/// With [`Format::Json`] every record is a document; with [`Format::Auto`] a
/// document may come between other records. A document is one record, from its
/// `{` to the matching `}` (braces counted outside strings, escapes respected),
/// on one line or spanning lines; after it, only blanks, or another document,
/// may follow on its line. A top-level array of documents (`[{...}, {...}]`)
/// gives one record per document. Each document is parsed on its own, so a bad
/// one (a trailing comma, a bad grid or cage) is one error record with its
/// line, and column when known, and the documents after it are still read. A
/// document not closed when a line starts something it cannot continue with
/// (a new `{` where a key was expected, say) is an error record
/// ([`ParseErrorKind::UnclosedDocument`]) and reading resumes at that line. A
/// document longer than [`ReadOptions::max_puzzle_bytes`] is one
/// [`ParseErrorKind::PuzzleTooLong`] record: it is scanned to its end but not
/// kept, so memory stays bounded. The puzzle of a document has its
/// [`Puzzle::variant`] set.
///
/// ```
/// use sudoku_format::{ReadOptions, Records};
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
    /// The JSON document being read.
    doc: Option<Doc>,
    /// Inside a top-level JSON array of documents.
    in_array: bool,
    /// The last line ended with `\r`: a `\n` right after it ends no line.
    skip_lf: bool,
    /// The last line was too long and went to the JSON document's scan.
    json_overflow: bool,
    /// A CSV line whose quoted field goes on on the next line: its line and text.
    csv_pending: Option<(usize, String)>,
    /// A blank line since the last data line.
    after_blank: bool,
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
            doc: None,
            in_array: false,
            skip_lf: false,
            json_overflow: false,
            csv_pending: None,
            after_blank: false,
        }
    }

    /// The options it reads with.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// Bytes held for the line and the document being read, for tests of
    /// bounded memory.
    #[cfg(test)]
    pub(super) fn held_bytes(&self) -> usize {
        self.buf.capacity() + self.doc.as_ref().map_or(0, |d| d.text.capacity())
    }

    /// Reads the next line into `buf` (without its end: `\n`, `\r\n` or a lone
    /// `\r`), storing nothing past the limit. Returns `None` at the end, else
    /// whether the line was too long. The bytes of a too-long line that belongs
    /// to a JSON document go through the document's scan, so that its end is
    /// still found ([`json_overflow`](Self::json_overflow) is set then).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        self.json_overflow = false;
        let limit = self.options.max_puzzle_bytes;
        let next_line = self.line_no + 1;
        let mut too_long = false;
        let mut any = false;
        // A line too long while only blanks are read yet: whether it starts
        // a JSON document is told by its first other byte (whatever the
        // reader's buffer size), so count the blanks until then.
        let mut blanks_only: Option<usize> = None;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if self.skip_lf && !available.is_empty() {
                self.skip_lf = false;
                if available[0] == b'\n' {
                    self.reader.consume(1);
                    continue;
                }
            }
            if available.is_empty() {
                return Ok(any.then_some(too_long));
            }
            any = true;
            let end = memchr::memchr2(b'\n', b'\r', available);
            let content = &available[..end.unwrap_or(available.len())];
            if !too_long {
                if self.buf.len() + content.len() > limit {
                    too_long = true;
                    // Asked only of a line too long (it asks the alphabet).
                    let may_start_doc = json_enabled(&self.options, self.csv.is_some())
                        && self.block.is_none()
                        && !self.in_array
                        && self.csv_pending.is_none();
                    let first = self
                        .buf
                        .iter()
                        .chain(content)
                        .find(|b| !b.is_ascii_whitespace());
                    let starts_doc = may_start_doc && first == Some(&b'{');
                    if self.doc.is_none() && may_start_doc && first.is_none() {
                        blanks_only = Some(self.buf.len() + content.len());
                    }
                    if self.doc.is_some() || starts_doc {
                        let column = 1 + self
                            .buf
                            .iter()
                            .chain(content)
                            .take_while(|b| b.is_ascii_whitespace())
                            .count();
                        let doc = self.doc.get_or_insert_with(|| Doc::new(next_line, column));
                        doc.text = String::new();
                        for part in [&self.buf[..], content] {
                            if !doc.closed && doc.scan.feed(part).is_some() {
                                doc.closed = true;
                            }
                        }
                        self.json_overflow = true;
                    }
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(content);
                }
            } else if self.json_overflow {
                if let Some(doc) = self.doc.as_mut().filter(|d| !d.closed) {
                    if doc.scan.feed(content).is_some() {
                        doc.closed = true;
                    }
                }
            } else if let Some(blanks) = blanks_only {
                match content.iter().position(|b| !b.is_ascii_whitespace()) {
                    None => blanks_only = Some(blanks + content.len()),
                    Some(i) => {
                        blanks_only = None;
                        if content[i] == b'{' {
                            let mut doc = Doc::new(next_line, blanks + i + 1);
                            doc.text = String::new();
                            doc.closed = doc.scan.feed(&content[i..]).is_some();
                            self.doc = Some(doc);
                            self.json_overflow = true;
                        }
                    }
                }
            }
            let used = end.map_or(available.len(), |i| i + 1);
            let cr = end.is_some_and(|i| available[i] == b'\r');
            self.reader.consume(used);
            if end.is_some() {
                self.skip_lf = cr;
                return Ok(Some(too_long));
            }
        }
    }

    /// Whether a line starting with `{` (or `[`) is JSON here.
    fn json_enabled(&self) -> bool {
        json_enabled(&self.options, self.csv.is_some())
    }

    /// Whether a data line (trimmed) starts a JSON document or array.
    fn starts_json(&self, trimmed: &str) -> bool {
        self.json_enabled()
            && (trimmed.starts_with('{')
                || (trimmed.starts_with('[') && !self.options.alphabet.knows('[')))
    }

    /// Reads JSON from byte `pos` of a line: the open document goes on, new
    /// documents start, and in an array the `,` and `]` between them are
    /// skipped.
    fn json_from(&mut self, text: &str, mut pos: usize) {
        let line = self.line_no;
        let limit = self.options.max_puzzle_bytes;
        loop {
            if let Some(doc) = self.doc.as_mut() {
                let rest = &text[pos..];
                let end = doc.scan.feed(rest.as_bytes());
                let used = end.unwrap_or(rest.len());
                let mut report = false;
                if !doc.over {
                    if doc.text.len() + used + 1 > limit {
                        doc.over = true;
                        doc.text = String::new();
                        report = true;
                    } else {
                        doc.text.push_str(&rest[..used]);
                        // No line break after a string left open: the
                        // error is then at the end of its line, not on a
                        // line that may not exist.
                        if end.is_none() && !doc.scan.in_string() {
                            doc.text.push('\n');
                        }
                    }
                }
                let start = doc.start;
                let broken = doc.scan.in_string();
                if report {
                    self.push_too_long(start);
                }
                if end.is_none() && !broken {
                    return;
                }
                // Closed, or broken by a string open at the end of the line.
                self.finish_doc();
                if end.is_none() {
                    return;
                }
                pos += used;
                continue;
            }
            let rest = &text[pos..];
            pos += rest.len() - rest.trim_start().len();
            let Some(c) = text[pos..].chars().next() else {
                return;
            };
            let column = text[..pos].chars().count() + 1;
            match c {
                '{' => self.doc = Some(Doc::new(line, column)),
                '[' if !self.in_array => {
                    self.in_array = true;
                    pos += 1;
                }
                ',' | ']' if self.in_array => {
                    self.in_array = c == ',';
                    pos += 1;
                }
                _ => {
                    self.in_array = false;
                    let error = ParseError::new(
                        line,
                        Some(column),
                        ParseErrorKind::AfterDocument { found: c },
                    );
                    self.push(line, Err(error));
                    return;
                }
            }
        }
    }

    /// A document longer than the limit.
    fn push_too_long(&mut self, start: usize) {
        let limit = self.options.max_puzzle_bytes;
        let error = ParseError::new(start, None, ParseErrorKind::PuzzleTooLong { limit });
        self.push(start, Err(error));
    }

    /// The record of the document just closed (nothing if it was too long:
    /// that is reported already).
    fn finish_doc(&mut self) {
        let Some(doc) = self.doc.take() else {
            return;
        };
        if doc.over {
            return;
        }
        let result = read_document(&doc.text, doc.start, &self.options);
        self.push(doc.start, result);
    }

    /// The open document ends unclosed where a new record starts (at
    /// `next_line`) or at the end of the input (`None`).
    fn break_doc(&mut self, next_line: Option<usize>) {
        self.in_array = false;
        let Some(doc) = self.doc.take() else {
            return;
        };
        if !doc.over {
            let error = ParseError::new(
                doc.start,
                None,
                ParseErrorKind::UnclosedDocument { next_line },
            );
            self.push(doc.start, Err(error));
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
        // A CSV field open over lines ends here: its record, at its line,
        // says what broke it (records stay in the order of their lines).
        if let Some((start, _)) = self.csv_pending.take() {
            return self.push(start, Err(error));
        }
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
                let mut context = self.context();
                match (drawn_shape(&rows, &block.separators), context.shape) {
                    (Some(drawn), None) => {
                        context.shape = Some(drawn);
                        Ok(())
                    }
                    (Some(drawn), Some(given)) if drawn != given => Err(ParseError::new(
                        block.start,
                        None,
                        ParseErrorKind::BordersContradictShape { drawn, given },
                    )),
                    _ => Ok(()),
                }
                .and_then(|()| parse_rows(&rows, &context))
                .map(|(grid, notation)| Puzzle {
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
            separators: Vec::new(),
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
            block.separators.push(block.rows.len());
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
    ///
    /// After a blank line, a line of a one-puzzle-per-line file that is not a
    /// puzzle but can be a row (or a border) starts a multi-line grid: files may
    /// mix both (issue 23 #5).
    fn auto_line(&mut self, text: &str, after_blank: bool) {
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
                // Decoration, or an empty grid written with `-`, or the top
                // border of a multi-line grid.
                if is_all_dashes(trimmed) {
                    if let Ok(puzzle) = self.parse_single(text) {
                        self.push(line, Ok(puzzle));
                        return;
                    }
                }
                if after_blank {
                    self.lines_mode = false;
                    self.block_push(text);
                }
                return;
            }
            let result = self.parse_single(text);
            if result.is_err() && after_blank && !self.too_long_for_a_row(trimmed) {
                self.lines_mode = false;
                self.block_push(text);
                return;
            }
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
        if self.csv_pending.is_some() {
            self.csv_continue(text);
            return;
        }
        if let Some(doc) = &self.doc {
            match trimmed.bytes().next() {
                Some(first) if !doc.scan.continues_with(first) => self.break_doc(Some(line)),
                _ => return self.json_from(text, 0),
            }
        } else if self.in_array {
            return self.json_from(text, 0);
        }
        if trimmed.is_empty() {
            self.flush_block();
            self.after_blank = true;
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        let after_blank = std::mem::take(&mut self.after_blank);
        if self.starts_json(trimmed) {
            self.flush_block();
            self.seen_data = true;
            return self.json_from(text, 0);
        }
        if matches!(self.options.format, Format::Auto | Format::Json)
            && crate::fpuzzles::is_fpuzzles_link(trimmed)
        {
            // An f-puzzles link (or SudokuPad id): one puzzle with its rules.
            self.flush_block();
            self.seen_data = true;
            self.lines_mode = true;
            let result = crate::fpuzzles::record(trimmed).map_err(|e| {
                ParseError::new(
                    line,
                    None,
                    ParseErrorKind::Document {
                        kind: sudoku::VariantErrorKind::Fpuzzles(e),
                        cell: None,
                    },
                )
            });
            return self.push(line, result);
        }
        if matches!(self.options.format, Format::Auto | Format::Json)
            && super::sudokupad::is_sudokupad_link(trimmed)
        {
            // A SudokuPad link or id: one puzzle with its rules.
            self.flush_block();
            self.seen_data = true;
            self.lines_mode = true;
            let result = super::sudokupad::read_sudokupad(trimmed)
                .map(|p| super::Puzzle {
                    grid: p.puzzle.grid,
                    notation: super::Notation::default(),
                    solution: None,
                    variant: Some(Box::new(p.puzzle.variant)),
                })
                .map_err(|e| {
                    ParseError::new(
                        line,
                        None,
                        ParseErrorKind::Document {
                            kind: sudoku::VariantErrorKind::SudokuPad(e),
                            cell: None,
                        },
                    )
                });
            return self.push(line, result);
        }
        if self.options.format == Format::Json {
            let column = text.chars().take_while(|c| c.is_whitespace()).count() + 1;
            let found = trimmed.chars().next().unwrap_or(' ');
            let error = ParseError::new(line, Some(column), ParseErrorKind::NotJson { found });
            return self.push(line, Err(error));
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
            if text.matches('"').count() % 2 == 1 {
                // A quoted field that goes on on the next line.
                self.csv_pending = Some((line, text.to_string()));
                return;
            }
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
            _ => self.auto_line(text, after_blank),
        }
    }

    /// A line of a CSV quoted field that spans lines: the field is read whole
    /// once its quote closes, as one record at its first line.
    fn csv_continue(&mut self, text: &str) {
        let Some((start, mut joined)) = self.csv_pending.take() else {
            return;
        };
        if joined.len() + 1 + text.len() > self.options.max_puzzle_bytes {
            let error = ParseError::new(start, None, ParseErrorKind::CsvUnclosedQuote);
            return self.push(start, Err(error));
        }
        joined.push('\n');
        joined.push_str(text);
        if joined.matches('"').count() % 2 == 1 {
            self.csv_pending = Some((start, joined));
            return;
        }
        if let Some(columns) = &self.csv {
            let result = csv::parse_line(start, &joined, columns, &self.context());
            self.push(start, result);
        }
    }

    /// What is still open at the end of the input (or at a read error).
    fn end_of_input(&mut self) {
        if let Some((start, _)) = self.csv_pending.take() {
            let error = ParseError::new(start, None, ParseErrorKind::CsvUnclosedQuote);
            self.push(start, Err(error));
        }
        self.break_doc(None);
        self.flush_block();
    }

    /// The record of a plain 9x9 line (81 bytes, `1`-`9`, `.`, `0`) read
    /// directly, when nothing else can be made of it: past the first data
    /// line (which may be a CSV header), one puzzle per line, no grid being
    /// gathered, the standard alphabet. [`handle_line`](Self::handle_line)
    /// would read it the same way.
    fn plain_line(&mut self, bytes: &[u8]) -> Option<PlainLine> {
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
            || self.doc.is_some()
            || self.in_array
            || self.csv_pending.is_some()
            || !self.options.alphabet.is_standard()
        {
            return None;
        }
        let (shape, values) = plain_nine_by_nine_values(bytes, self.options.shape)?;
        self.file_shape = Some(shape);
        Some(PlainLine {
            line: self.line_no,
            shape,
            values,
        })
    }

    /// A line that is not UTF-8 (the first bad byte at `byte`). Inside an
    /// open JSON document that it can continue, the document is the error
    /// (one record at the document's line, saying where the bad byte is) and
    /// the rest of it is scanned to its end, not kept; a line that cannot
    /// continue it ends it unclosed first. Otherwise the line is one error.
    fn invalid_utf8(&mut self, bytes: &[u8], byte: usize) {
        let kind = ParseErrorKind::InvalidUtf8 { byte };
        let Some(doc) = self.doc.as_mut() else {
            return self.bad_line(kind);
        };
        let first = bytes.iter().copied().find(|b| !b.is_ascii_whitespace());
        if first.is_some_and(|b| !doc.scan.continues_with(b)) {
            self.break_doc(Some(self.line_no));
            return self.bad_line(kind);
        }
        if !doc.over {
            doc.over = true;
            doc.text = String::new();
            let start = doc.start;
            self.push(start, Err(ParseError::new(self.line_no, None, kind)));
        }
        let text = String::from_utf8_lossy(bytes).into_owned();
        self.json_from(&text, 0);
    }

    /// Reads a line; returns its record when it is a plain 9x9 line (see
    /// [`plain_line`](Self::plain_line)), else queues what it makes (a
    /// record, or nothing yet) and returns `None`.
    fn advance(&mut self) -> Option<PlainLine> {
        match self.read_line() {
            Err(e) => {
                self.end_of_input();
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
                self.end_of_input();
                self.finished = true;
            }
            Ok(Some(_)) if self.json_overflow => {
                self.line_no += 1;
                self.flush_block();
                if let Some(doc) = self.doc.as_mut() {
                    let (start, report, closed) = (doc.start, !doc.over, doc.closed);
                    doc.over = true;
                    if report {
                        self.push_too_long(start);
                    }
                    if closed {
                        self.doc = None;
                    }
                }
            }
            Ok(Some(too_long)) => {
                self.line_no += 1;
                let mut bytes = std::mem::take(&mut self.buf);
                if self.line_no == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
                    bytes.drain(..3);
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
                        Err(e) => self.invalid_utf8(&bytes, e.valid_up_to() + 1),
                    }
                }
                bytes.clear();
                self.buf = bytes;
            }
        }
        None
    }
}

/// The box shape drawn by the borders of a multi-line grid: `|` between the
/// columns of boxes, border lines (`+---+`, `-----`) between their rows, when
/// they are drawn evenly; `None` when nothing (or nothing regular) is drawn, or
/// when the boxes would be a single row or column wide.
fn drawn_shape(rows: &[(usize, &str)], separators: &[usize]) -> Option<Shape> {
    let n = rows.len();
    if n < 4 {
        return None;
    }
    let bar = |c: char| matches!(c, '|' | '│' | '┃' | '║');
    // Box width: the cells between bars, counted as symbols or as numbers.
    let mut width = None;
    let barred = rows.iter().filter(|(_, t)| t.contains(bar)).count();
    if barred == n {
        let symbols = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
        let numbers = |s: &str| s.split_whitespace().count();
        for count in [&symbols as &dyn Fn(&str) -> usize, &numbers] {
            let mut widths = Vec::new();
            for (_, text) in rows {
                let parts: Vec<usize> = text.split(bar).map(count).collect();
                let inner = match parts.as_slice() {
                    [0, inner @ .., 0] | [0, inner @ ..] | [inner @ .., 0] | inner => inner,
                };
                if inner.iter().sum::<usize>() != n || inner.contains(&0) {
                    widths.clear();
                    break;
                }
                widths.extend_from_slice(inner);
            }
            if !widths.is_empty() && widths.iter().all(|&w| w == widths[0]) {
                width = Some(widths[0]);
                break;
            }
        }
        width?;
    } else if barred > 0 {
        return None;
    }
    // Box height: the rows between interior border lines.
    let mut inner: Vec<usize> = separators
        .iter()
        .copied()
        .filter(|&p| p > 0 && p < n)
        .collect();
    inner.dedup();
    let height = match inner.first() {
        None => None,
        Some(&h) => {
            let even = inner.iter().enumerate().all(|(i, &p)| p == (i + 1) * h);
            if !even || (inner.len() + 1) * h != n {
                return None;
            }
            Some(h)
        }
    };
    let (h, w) = match (height, width) {
        (Some(h), Some(w)) => (h, w),
        (Some(h), None) => (h, n / h),
        (None, Some(w)) => (n / w, w),
        (None, None) => return None,
    };
    if h < 2 || w < 2 || h * w != n {
        return None;
    }
    Shape::new(u32::try_from(h).ok()?, u32::try_from(w).ok()?).ok()
}

/// Whether a line starting with `{` (or `[`) is JSON, reading with
/// `options`, in a CSV file or not.
fn json_enabled(options: &ReadOptions, csv: bool) -> bool {
    match options.format {
        Format::Json => true,
        Format::Auto => !csv && !options.alphabet.knows('{'),
        _ => false,
    }
}

/// Number of characters of a line that are not separators.
fn cell_chars(trimmed: &str) -> usize {
    trimmed.chars().filter(|&c| !is_separator(c)).count()
}

impl<R: BufRead> Records<R> {
    /// The next record, as the iterator gives it, except that a plain 9x9
    /// line comes as its values ([`PlainLine`]): no grid is made for it.
    pub fn next_item(&mut self) -> Option<Item> {
        loop {
            if let Some(record) = self.queue.pop_front() {
                return Some(Item::Record(record));
            }
            if self.finished {
                return None;
            }
            if let Some(plain) = self.advance() {
                // The queue is empty: this is the next record.
                return Some(Item::Plain(plain));
            }
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        match self.next_item()? {
            Item::Plain(plain) => Some(plain.record()),
            Item::Record(record) => Some(record),
        }
    }
}
