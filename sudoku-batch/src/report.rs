//! One answer per puzzle, and how it is printed: text (one line), grid
//! (drawn grids and a blank line) or JSON (one object per line).

use std::io::{self, Write};

use serde::{Serialize, Serializer};
use solver_core::Incomplete;

use sudoku::{
    write_boxed_with, write_compact, write_compact_to, write_regions, Grid, Notation, Regions,
    Shape,
};
use sudoku_solve::{Answer, Expected, Plan, Task as Mode};

/// How answers are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// One line per puzzle.
    #[default]
    Text,
    /// Solutions drawn as grids, each record followed by a blank line.
    Grid,
    /// JSON Lines: one object per puzzle.
    Json,
}

/// One puzzle answered: the record printed for it. `G` as in [`Answer`].
#[derive(Clone, Debug)]
pub struct Report<G = Grid> {
    /// Index of its file among the inputs.
    pub file: usize,
    /// 1-based line where the puzzle starts in its file.
    pub line: usize,
    /// The box shape, when the puzzle could be read.
    pub shape: Option<Shape>,
    /// How the puzzle was written, to write its solution the same way.
    pub notation: Notation,
    /// The answer.
    pub answer: Answer<G>,
    /// Search-tree nodes, when a search ran.
    pub nodes: Option<u64>,
    /// The comparison with the expected solution, when the input gives one.
    pub expected: Option<Expected>,
    /// The engine that answered and why, when one ran.
    pub plan: Option<Plan>,
}

impl<G> Report<G> {
    /// The record of the puzzle at `line` of file `file`, answered `answer`,
    /// before anything else is known of it.
    pub fn new(file: usize, line: usize, answer: Answer<G>) -> Report<G> {
        Report {
            file,
            line,
            shape: None,
            notation: Notation::default(),
            answer,
            nodes: None,
            expected: None,
            plan: None,
        }
    }

    /// The record without its grids, for counting once it is written (the
    /// grids are dropped here, by the thread that answered it).
    pub fn without_grids(self) -> Report<()> {
        Report {
            file: self.file,
            line: self.line,
            shape: self.shape,
            notation: self.notation,
            answer: self.answer.without_grids(),
            nodes: self.nodes,
            expected: self.expected,
            plan: self.plan,
        }
    }

    /// The status word of the record (the JSON `status`).
    pub fn status(&self) -> &'static str {
        self.answer.status()
    }

    /// The `--explain` line of the record (of file `name`): the engine
    /// that answered and why, with the grid's shape. `None` when no engine
    /// ran.
    pub fn explain_line(&self, name: &str) -> Option<String> {
        let plan = self.plan?;
        let shape = self.shape.map_or(String::new(), |s| {
            format!(" ({n}x{n}, {s} boxes)", n = s.side())
        });
        // The plan names the compiled copy of the 9x9 specialist it built
        // (`, avx2 path`).
        Some(format!(
            "explain: {name}, line {}{shape}: engine {plan}",
            self.line
        ))
    }

    /// What to say on stderr of the record (of file `name`): an internal
    /// error always; a solution that differs from the one the input expects
    /// when `warnings` (the JSON record has `expected_match`, and `--quiet`
    /// silences warnings).
    pub fn note(&self, name: &str, warnings: bool) -> Option<String> {
        if let Answer::Internal(why) = &self.answer {
            return Some(format!(
                "error: internal error: {name}, {why}; this is a bug, please report it"
            ));
        }
        let warning = self.expected.and_then(Expected::warning)?;
        warnings.then(|| format!("warning: {name}, line {}: {warning}", self.line))
    }
}

impl Report<()> {
    /// Writes the text record (as [`Report::write`] does in text format) of
    /// a check answered without its grids
    /// ([`sudoku_solve::answer_verdict`]): the status word, or the line of
    /// an error or of a search that stopped at a limit.
    pub fn write_verdict(&self, out: &mut Vec<u8>, file_name: &str, prefix_errors: bool) {
        // The answers that hold no grid, as a record with grids has them.
        let answer = match &self.answer {
            Answer::Invalid(message) => Answer::Invalid(message.clone()),
            Answer::Unknown(why) => Answer::Unknown(*why),
            Answer::Internal(message) => Answer::Internal(message.clone()),
            _ => {
                out.extend_from_slice(self.status().as_bytes());
                out.push(b'\n');
                return;
            }
        };
        let report = Report {
            answer,
            notation: self.notation.clone(),
            ..Report::new(self.file, self.line, Answer::Unsolvable)
        };
        out.extend_from_slice(report.text_line(file_name, prefix_errors).as_bytes());
        out.push(b'\n');
    }
}

/// The line between the two solutions of a puzzle with several, drawn as
/// grids (a blank line would end the record).
const SECOND: &str = "and another solution:\n";

impl Report {
    /// Writes the record in `format`. `file_name` is the name of its file,
    /// and `prefix_errors` whether error messages name it (several files).
    pub fn write(
        &self,
        out: &mut Vec<u8>,
        format: OutputFormat,
        mode: Mode,
        file_name: &str,
        prefix_errors: bool,
    ) -> io::Result<()> {
        match format {
            OutputFormat::Json => {
                if self.json_is_plain() {
                    self.write_plain_json(out, file_name);
                } else {
                    self.json(mode, file_name).write(&mut *out)?;
                }
                out.push(b'\n');
                Ok(())
            }
            OutputFormat::Text => {
                // The common lines without building a string.
                match &self.answer {
                    Answer::Solved(g) | Answer::Minimized(g) => {
                        write_compact_to(out, g, &self.notation)
                    }
                    Answer::Unique(_) | Answer::Multiple(..) | Answer::Unsolvable => {
                        out.extend_from_slice(self.status().as_bytes())
                    }
                    _ => out.extend_from_slice(self.text_line(file_name, prefix_errors).as_bytes()),
                }
                out.push(b'\n');
                Ok(())
            }
            OutputFormat::Grid => {
                let line = self.text_line(file_name, prefix_errors);
                match &self.answer {
                    Answer::Solved(g) | Answer::Minimized(g) => {
                        out.write_all(self.boxed(g).as_bytes())?
                    }
                    Answer::Unique(g) => {
                        writeln!(out, "{line}")?;
                        out.write_all(self.boxed(g).as_bytes())?;
                    }
                    Answer::Multiple(a, b) => {
                        writeln!(out, "{line}")?;
                        out.write_all(self.boxed(a).as_bytes())?;
                        out.write_all(SECOND.as_bytes())?;
                        out.write_all(self.boxed(b).as_bytes())?;
                    }
                    _ => writeln!(out, "{line}")?,
                }
                out.write_all(b"\n")
            }
        }
    }

    /// Writes the record as [`write`](Self::write) does in grid format,
    /// with the grids drawn with the borders of `regions` (a jigsaw).
    pub fn write_with_regions(
        &self,
        out: &mut Vec<u8>,
        regions: &Regions,
        file_name: &str,
        prefix_errors: bool,
    ) -> io::Result<()> {
        let line = self.text_line(file_name, prefix_errors);
        let draw = |g: &Grid| write_regions(g, regions, &self.notation);
        match &self.answer {
            Answer::Solved(g) | Answer::Minimized(g) => out.write_all(draw(g).as_bytes())?,
            Answer::Unique(g) => {
                writeln!(out, "{line}")?;
                out.write_all(draw(g).as_bytes())?;
            }
            Answer::Multiple(x, y) => {
                writeln!(out, "{line}")?;
                out.write_all(draw(x).as_bytes())?;
                out.write_all(SECOND.as_bytes())?;
                out.write_all(draw(y).as_bytes())?;
            }
            _ => writeln!(out, "{line}")?,
        }
        out.write_all(b"\n")
    }

    /// Whether the JSON record has only the fields that
    /// [`write_plain_json`](Self::write_plain_json) writes.
    fn json_is_plain(&self) -> bool {
        matches!(
            self.answer,
            Answer::Solved(_)
                | Answer::Unique(_)
                | Answer::Multiple(..)
                | Answer::Unsolvable
                | Answer::NotUnique
                | Answer::Invalid(_)
                | Answer::Internal(_)
        )
    }

    /// Writes the JSON record of [`json`](Self::json) (without the newline)
    /// straight from the answer, for the answers of
    /// [`json_is_plain`](Self::json_is_plain): no strings are built for the
    /// box and the solutions, and numbers are written without `fmt`.
    fn write_plain_json(&self, out: &mut Vec<u8>, file_name: &str) {
        out.extend_from_slice(b"{\"file\":");
        push_json_str(out, file_name);
        out.extend_from_slice(b",\"line\":");
        push_u64(out, self.line as u64);
        if let Some(shape) = self.shape {
            out.extend_from_slice(b",\"box\":\"");
            push_u64(out, u64::from(shape.box_rows()));
            out.push(b'x');
            push_u64(out, u64::from(shape.box_cols()));
            out.push(b'"');
        }
        out.extend_from_slice(b",\"status\":\"");
        out.extend_from_slice(self.status().as_bytes());
        out.push(b'"');
        match &self.answer {
            Answer::Solved(g) | Answer::Unique(g) => {
                out.extend_from_slice(b",\"solution\":");
                self.push_compact_json(out, g);
            }
            Answer::Multiple(a, b) => {
                out.extend_from_slice(b",\"examples\":[");
                self.push_compact_json(out, a);
                out.push(b',');
                self.push_compact_json(out, b);
                out.push(b']');
            }
            _ => {}
        }
        if let Some(expected) = self.expected {
            out.extend_from_slice(if expected == Expected::Matches {
                b",\"expected_match\":true"
            } else {
                b",\"expected_match\":false"
            });
        }
        match &self.answer {
            Answer::Invalid(message) => {
                out.extend_from_slice(b",\"error\":");
                push_json_str(out, message);
            }
            Answer::Internal(_) => out.extend_from_slice(
                b",\"error\":\"internal error: the answer failed verification\"",
            ),
            _ => {}
        }
        if let Some(engine) = self.plan.map(|p| p.engine) {
            out.extend_from_slice(b",\"engine\":\"");
            out.extend_from_slice(engine.as_str().as_bytes());
            out.push(b'"');
        }
        if let Some(nodes) = self.nodes {
            out.extend_from_slice(b",\"nodes\":");
            push_u64(out, nodes);
        }
        out.push(b'}');
    }

    /// Writes `grid` in compact form as a JSON string. Standard symbols and
    /// numbers need no escaping; a custom alphabet may.
    fn push_compact_json(&self, out: &mut Vec<u8>, grid: &Grid) {
        let plain = match &self.notation {
            Notation::Symbols(alphabet) => alphabet.is_standard(),
            Notation::Numbers => true,
        };
        if plain {
            out.push(b'"');
            write_compact_to(out, grid, &self.notation);
            out.push(b'"');
        } else {
            push_json_str(out, &self.compact(grid));
        }
    }

    fn compact(&self, grid: &Grid) -> String {
        write_compact(grid, &self.notation)
    }

    fn boxed(&self, grid: &Grid) -> String {
        write_boxed_with(grid, &self.notation)
    }

    /// The one-line text record.
    pub fn text_line(&self, file_name: &str, prefix_errors: bool) -> String {
        match &self.answer {
            Answer::Solved(g) | Answer::Minimized(g) => self.compact(g),
            Answer::UniqueMakers {
                placements,
                incomplete,
            } => {
                // `r1c2=3` for each placement; `none` when no single
                // placement leaves exactly one solution.
                let side = self.shape.map_or(1, |s| s.side() as usize);
                let mut line: Vec<String> = placements
                    .iter()
                    .map(|&(cell, v)| sudoku_solve::cubes::choice_name(side, cell, v))
                    .collect();
                if line.is_empty() {
                    line.push("none".to_string());
                }
                if let Some(why) = incomplete {
                    line.push(format!("(incomplete: {why})"));
                }
                line.join(" ")
            }
            Answer::Invalid(message) if prefix_errors => {
                format!("invalid: {file_name}: {}", located(self.line, message))
            }
            Answer::Invalid(message) => format!("invalid: {}", located(self.line, message)),
            other => words(other).unwrap_or_else(|| other.status().to_string()),
        }
    }

    /// The JSON record.
    pub fn json<'a>(&'a self, mode: Mode, file_name: &'a str) -> JsonRecord<'a> {
        let mut record = JsonRecord {
            file: file_name,
            line: self.line,
            shape: self.shape.map(|s| s.to_string()),
            status: self.status(),
            solution: None,
            examples: None,
            solutions: None,
            complete: None,
            incomplete: None,
            expected_match: self.expected.map(|e| e == Expected::Matches),
            error: None,
            engine: self.plan.map(|p| p.engine.as_str()),
            nodes: self.nodes,
            puzzle: None,
            givens: None,
            rating: None,
            average_nodes: None,
            singles_only: None,
            se: None,
            hardest: None,
            candidates: None,
            unique_makers: None,
        };
        match &self.answer {
            Answer::Solved(g) | Answer::Unique(g) => record.solution = Some(self.compact(g)),
            Answer::Multiple(a, b) => record.examples = Some([self.compact(a), self.compact(b)]),
            Answer::Counted {
                solutions,
                incomplete,
            } => {
                record.solutions = Some(*solutions);
                record.complete = Some(incomplete.is_none());
                record.incomplete = *incomplete;
            }
            Answer::Unknown(why) => {
                record.incomplete = Some(*why);
                if matches!(mode, Mode::Count { .. }) {
                    record.complete = Some(false);
                }
            }
            Answer::Invalid(message) => record.error = Some(message.as_str()),
            Answer::Internal(_) => {
                record.error = Some("internal error: the answer failed verification")
            }
            Answer::Minimized(g) => {
                record.puzzle = Some(self.compact(g));
                record.givens = Some(g.givens());
            }
            Answer::LogicRated(r) => {
                record.se = Some(SeJson {
                    er: f64::from(r.er) / 10.0,
                    ep: f64::from(r.ep) / 10.0,
                    ed: f64::from(r.ed) / 10.0,
                });
                record.hardest = r.hardest.as_deref();
            }
            Answer::Rated(r) => {
                record.rating = Some(r.rating);
                record.average_nodes = Some(r.average_nodes);
                record.singles_only = Some(r.singles_only);
            }
            Answer::Candidates { cells, incomplete } => {
                record.candidates = Some(cells);
                record.complete = Some(incomplete.is_none());
                record.incomplete = *incomplete;
            }
            Answer::UniqueMakers {
                placements,
                incomplete,
            } => {
                let side = self.shape.map_or(1, |s| s.side() as usize);
                record.unique_makers = Some(
                    placements
                        .iter()
                        .map(|&(cell, v)| [cell / side + 1, cell % side + 1, usize::from(v)])
                        .collect(),
                );
                record.complete = Some(incomplete.is_none());
                record.incomplete = *incomplete;
            }
            Answer::Unsolvable | Answer::NotUnique => {}
        }
        record
    }
}

/// Sudoku Explainer's three ratings in JSON: `{"er": 7.1, "ep": 1.2, "ed": 1.2}`.
#[derive(Debug, Serialize)]
struct SeJson {
    er: f64,
    ep: f64,
    ed: f64,
}

/// One record in JSON; absent fields are left out.
#[derive(Debug, Serialize)]
pub struct JsonRecord<'a> {
    file: &'a str,
    line: usize,
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    shape: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    examples: Option<[String; 2]>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "big_number_opt"
    )]
    solutions: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    incomplete: Option<Incomplete>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_match: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    average_nodes: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    singles_only: Option<bool>,
    /// Sudoku Explainer's ratings.
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<SeJson>,
    /// The technique of the hardest step.
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'a str>,
    /// True candidates: the values of each cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<&'a [Vec<u16>]>,
    /// The placements that leave exactly one solution: `[row, column,
    /// value]`, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    unique_makers: Option<Vec<[usize; 3]>>,
}

impl JsonRecord<'_> {
    /// Writes the record as serde_json would (one compact object). The
    /// common shapes (`file` to `status`, a solution or two examples, the
    /// expected match, an error, the nodes) are written by hand, which skips
    /// serde's escaping of strings that need none; the others go through
    /// serde.
    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let common = self.solutions.is_none()
            && self.complete.is_none()
            && self.incomplete.is_none()
            && self.puzzle.is_none()
            && self.givens.is_none()
            && self.rating.is_none()
            && self.average_nodes.is_none()
            && self.singles_only.is_none()
            && self.se.is_none()
            && self.candidates.is_none();
        if !common {
            return Ok(serde_json::to_writer(out, self)?);
        }
        out.write_all(b"{\"file\":")?;
        write_json_str(out, self.file)?;
        write!(out, ",\"line\":{}", self.line)?;
        if let Some(shape) = &self.shape {
            out.write_all(b",\"box\":")?;
            write_json_str(out, shape)?;
        }
        out.write_all(b",\"status\":")?;
        write_json_str(out, self.status)?;
        if let Some(solution) = &self.solution {
            out.write_all(b",\"solution\":")?;
            write_json_str(out, solution)?;
        }
        if let Some([a, b]) = &self.examples {
            out.write_all(b",\"examples\":[")?;
            write_json_str(out, a)?;
            out.write_all(b",")?;
            write_json_str(out, b)?;
            out.write_all(b"]")?;
        }
        if let Some(matches) = self.expected_match {
            write!(out, ",\"expected_match\":{matches}")?;
        }
        if let Some(error) = self.error {
            out.write_all(b",\"error\":")?;
            write_json_str(out, error)?;
        }
        if let Some(engine) = self.engine {
            write!(out, ",\"engine\":\"{engine}\"")?;
        }
        if let Some(nodes) = self.nodes {
            write!(out, ",\"nodes\":{nodes}")?;
        }
        out.write_all(b"}")
    }
}

/// A count in JSON: a number when it fits in 64 bits, otherwise a string of
/// digits (JSON readers lose precision on larger numbers).
fn big_number_opt<S: Serializer>(n: &Option<u128>, serializer: S) -> Result<S::Ok, S::Error> {
    match n.map(u64::try_from) {
        None => serializer.serialize_none(),
        Some(Ok(small)) => serializer.serialize_u64(small),
        Some(Err(_)) => serializer.collect_str(&n.unwrap_or_default()),
    }
}

/// Appends `n` in decimal, as `Display` writes it.
fn push_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[at..]);
}

/// Appends `s` as a JSON string (see [`write_json_str`]).
fn push_json_str(out: &mut Vec<u8>, s: &str) {
    // Writing to memory cannot fail.
    let _ = write_json_str(out, s);
}

/// Writes `s` as a JSON string: as it is between quotes when it holds no
/// byte JSON escapes (control characters, `"` and `\\`), else through serde.
fn write_json_str(out: &mut impl Write, s: &str) -> io::Result<()> {
    let plain = !s.bytes().fold(false, |bad, b| {
        bad | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if plain {
        out.write_all(b"\"")?;
        out.write_all(s.as_bytes())?;
        out.write_all(b"\"")
    } else {
        Ok(serde_json::to_writer(out, s)?)
    }
}

/// The text record of an answer whose words need no grid, shape or place
/// in the input: `unique`, `multiple`, `unsolvable`, a count, `unknown:
/// WHY`, a rating, true candidates (each cell's values run together up to
/// 81 cells, comma-separated beyond, `-` for none), the internal error's
/// line. `None` for a solution or a minimized grid, unique makers and
/// invalid input, whose records the caller writes. The batch run's records
/// and the doppelganger run's (whose grids are not [`Grid`]s) share them.
pub fn words<G>(answer: &Answer<G>) -> Option<String> {
    Some(match answer {
        Answer::Unique(_) => "unique".to_string(),
        Answer::Multiple(..) => "multiple".to_string(),
        Answer::Unsolvable => "unsolvable".to_string(),
        Answer::Counted {
            solutions,
            incomplete: None,
        } => solutions.to_string(),
        Answer::Counted {
            solutions,
            incomplete: Some(why),
        } => format!("{solutions} (incomplete: {why})"),
        Answer::Unknown(why) => format!("unknown: {why}"),
        Answer::Rated(r) => format!("{:.2}", r.rating),
        Answer::LogicRated(r) => r.text(),
        Answer::Candidates { cells, incomplete } => {
            let wide = cells.len() > 81;
            let mut line: Vec<String> = cells
                .iter()
                .map(|values| {
                    if values.is_empty() {
                        "-".to_string()
                    } else if wide {
                        values
                            .iter()
                            .map(u16::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    } else {
                        values.iter().map(u16::to_string).collect()
                    }
                })
                .collect();
            if let Some(why) = incomplete {
                line.push(format!("(incomplete: {why})"));
            }
            line.join(" ")
        }
        Answer::NotUnique => "multiple: the puzzle has several solutions (only a puzzle with \
                              exactly one can be minimized or rated)"
            .to_string(),
        Answer::Internal(_) => "error: internal error (reported on stderr)".to_string(),
        Answer::Solved(_)
        | Answer::Minimized(_)
        | Answer::UniqueMakers { .. }
        | Answer::Invalid(_) => return None,
    })
}

/// An invalid record's message with its line in front, for the text
/// forms (a JSON record has the line in a field of its own):
/// `line 3: value 1 appears twice ...`, or `line 3, column 17: ...` when the
/// message starts with its own column or cell; as it is when it names
/// another line of a multi-line grid (`line 5, column 2: ...`).
pub(crate) fn located(line: usize, message: &str) -> String {
    let own_line = message
        .strip_prefix("line ")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    if line == 0 || own_line {
        message.to_string()
    } else if message.starts_with("column ") || message.starts_with("cell r") {
        format!("line {line}, {message}")
    } else {
        format!("line {line}: {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(answer: Answer) -> Report {
        Report {
            file: 0,
            line: 3,
            shape: Some(Shape::square(2).unwrap()),
            notation: Notation::default(),
            answer,
            nodes: Some(7),
            expected: None,
            plan: None,
        }
    }

    fn grid(text: &str) -> Grid {
        text.parse().unwrap()
    }

    #[test]
    fn text_lines() {
        let solved = answered(Answer::Solved(grid("1234342121434312")));
        assert_eq!(solved.text_line("f", false), "1234342121434312");
        let counted = answered(Answer::Counted {
            solutions: 10,
            incomplete: Some(Incomplete::SolutionLimit),
        });
        assert_eq!(
            counted.text_line("f", false),
            "10 (incomplete: solution limit reached)"
        );
        assert_eq!(counted.status(), "counted");
        // The message does not say the line: the text record puts it in
        // front, the JSON record has a field for it.
        let invalid = answered(Answer::Invalid("bad".to_string()));
        assert_eq!(invalid.text_line("f", false), "invalid: line 3: bad");
        assert_eq!(invalid.text_line("f", true), "invalid: f: line 3: bad");
        let json = serde_json::to_value(invalid.json(Mode::Solve, "f")).unwrap();
        assert_eq!((&json["line"], &json["error"]), (&3.into(), &"bad".into()));
        let column = answered(Answer::Invalid("column 2: bad".to_string()));
        assert_eq!(
            column.text_line("f", false),
            "invalid: line 3, column 2: bad"
        );
        // An error on another line of a multi-line grid says its own line.
        let other = answered(Answer::Invalid("line 5, column 2: bad".to_string()));
        assert_eq!(
            other.text_line("f", false),
            "invalid: line 5, column 2: bad"
        );
        let unknown = answered(Answer::Unknown(Incomplete::Deadline));
        assert_eq!(unknown.text_line("f", false), "unknown: time limit reached");
    }

    /// A check's record written without its grids is the text record of
    /// the same answer with them, for every answer a check gives.
    #[test]
    fn verdict_records_are_the_text_records() {
        let g = grid("1234342121434312");
        let h = grid("1234341221434321");
        for answer in [
            Answer::Unique(g.clone()),
            Answer::Multiple(g, h),
            Answer::Unsolvable,
            Answer::Invalid("column 2: bad".to_string()),
            Answer::Unknown(Incomplete::NodeLimit),
            Answer::Internal("line 3: broken".to_string()),
        ] {
            for several in [false, true] {
                let with = answered(answer.clone());
                let mut text = Vec::new();
                with.write(&mut text, OutputFormat::Text, Mode::Check, "f", several)
                    .unwrap();
                let mut verdict = Vec::new();
                with.without_grids()
                    .write_verdict(&mut verdict, "f", several);
                assert_eq!(
                    String::from_utf8(verdict).unwrap(),
                    String::from_utf8(text).unwrap()
                );
            }
        }
    }

    #[test]
    fn notes_on_stderr() {
        let mut solved = answered(Answer::Solved(grid("1234342121434312")));
        assert_eq!(solved.explain_line("f"), None);
        solved.plan = Some(Plan::new(sudoku_solve::EngineName::Bits, "why"));
        let line = solved.explain_line("f").unwrap();
        assert!(
            line.starts_with("explain: f, line 3 (4x4, 2x2 boxes): engine bits: "),
            "{line}"
        );
        assert!(line.ends_with("(why)"), "{line}");
        assert_eq!(solved.note("f", true), None);
        solved.expected = Some(Expected::NotASolution);
        assert!(solved
            .note("f", true)
            .unwrap()
            .starts_with("warning: f, line 3: "));
        assert_eq!(solved.note("f", false), None);
        let internal = answered(Answer::Internal("line 3: x".into()));
        assert!(internal
            .note("f", false)
            .unwrap()
            .starts_with("error: internal error: f, "));
    }

    #[test]
    fn json_records() {
        let solved = answered(Answer::Solved(grid("1234342121434312")));
        let json = serde_json::to_value(solved.json(Mode::Solve, "a.txt")).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"file": "a.txt", "line": 3, "box": "2x2", "status": "solved",
                               "solution": "1234342121434312", "nodes": 7})
        );
        let big = answered(Answer::Counted {
            solutions: u128::from(u64::MAX) + 1,
            incomplete: None,
        });
        let json = serde_json::to_value(big.json(Mode::Count { limit: None }, "a")).unwrap();
        assert_eq!(json["solutions"], "18446744073709551616");
        assert_eq!(json["complete"], true);
        assert!(json.get("incomplete").is_none());
    }

    /// The hand-written JSON is byte for byte serde_json's, for every kind
    /// of answer and for names and messages that need escaping.
    #[test]
    fn json_written_by_hand_is_serde_json() {
        let g = grid("1234342121434312");
        let h = grid("1234341221434321");
        let answers = [
            Answer::Solved(g.clone()),
            Answer::Unique(g.clone()),
            Answer::Multiple(g.clone(), h),
            Answer::Unsolvable,
            Answer::Counted {
                solutions: 12,
                incomplete: Some(Incomplete::NodeLimit),
            },
            Answer::Unknown(Incomplete::Deadline),
            Answer::Minimized(g.clone()),
            Answer::NotUnique,
            Answer::Invalid("line 3, column 2: expected a digit, found '\"'\t\\ é".to_string()),
            Answer::Internal("bug".to_string()),
        ];
        let names = ["a.txt", "dir/\"quoted\"\\x\u{1}.txt", "é ü/日本.txt", ""];
        for answer in answers {
            for (k, name) in names.iter().enumerate() {
                let mut record = answered(answer.clone());
                record.shape = [None, Some(Shape::square(2).unwrap())][k % 2];
                record.nodes = [Some(7), None, Some(0), Some(u64::MAX)][k];
                record.expected = [
                    None,
                    Some(Expected::Matches),
                    None,
                    Some(Expected::NotASolution),
                ][k];
                record.line = [3, 0, 1_000_000_007, usize::MAX][k];
                record.notation = [
                    Notation::default(),
                    Notation::Numbers,
                    Notation::Symbols(sudoku::Alphabet::custom("\"\\ab", '.').unwrap()),
                    Notation::Symbols(sudoku::Alphabet::custom("wxyz", '-').unwrap()),
                ][k]
                    .clone();
                for mode in [Mode::Solve, Mode::Count { limit: None }] {
                    let json = record.json(mode, name);
                    let mut ours = Vec::new();
                    json.write(&mut ours).unwrap();
                    let theirs = serde_json::to_vec(&json).unwrap();
                    assert_eq!(
                        String::from_utf8(ours).unwrap(),
                        String::from_utf8(theirs.clone()).unwrap()
                    );
                    // And the record as written, plain or not.
                    let mut written = Vec::new();
                    record
                        .write(&mut written, OutputFormat::Json, mode, name, false)
                        .unwrap();
                    let mut line = theirs;
                    line.push(b'\n');
                    assert_eq!(
                        String::from_utf8(written).unwrap(),
                        String::from_utf8(line).unwrap()
                    );
                }
                // The text line as written is `text_line`.
                for several in [false, true] {
                    let mut written = Vec::new();
                    record
                        .write(&mut written, OutputFormat::Text, Mode::Solve, name, several)
                        .unwrap();
                    let line = format!("{}\n", record.text_line(name, several));
                    assert_eq!(String::from_utf8(written).unwrap(), line);
                }
            }
        }
    }

    /// Box shapes and numbers of several digits are written as `Display`
    /// writes them.
    #[test]
    fn plain_json_numbers_and_shapes() {
        let six = Shape::new(2, 3).unwrap();
        let g = Grid::empty(six);
        for (shape, line, nodes) in [
            (six, 9, 10),
            (Shape::new(12, 1).unwrap(), 10, 99),
            (Shape::new(255, 256).unwrap(), 12345, 1 << 40),
        ] {
            let mut record = answered(Answer::Unique(g.clone()));
            record.shape = Some(shape);
            record.line = line;
            record.nodes = Some(nodes);
            let mut written = Vec::new();
            record
                .write(&mut written, OutputFormat::Json, Mode::Check, "f", false)
                .unwrap();
            let expected = serde_json::to_string(&record.json(Mode::Check, "f")).unwrap();
            assert_eq!(String::from_utf8(written).unwrap(), expected + "\n");
        }
    }
}
