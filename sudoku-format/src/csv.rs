//! CSV files of puzzles and solutions, such as the public 1M-puzzle set
//! (`quizzes,solutions` header, one puzzle per line).

use crate::Puzzle;
use sudoku::format::{parse_rows, Context};
use sudoku::{ParseError, ParseErrorKind};

/// Header names of the puzzle column (compared case-insensitively).
const PUZZLE_NAMES: [&str; 4] = ["quizzes", "quiz", "puzzle", "puzzles"];
/// Header names of the solution column.
const SOLUTION_NAMES: [&str; 2] = ["solutions", "solution"];

/// Where the puzzle and the solution are in each line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Columns {
    puzzle: usize,
    puzzle_name: String,
    solution: Option<(usize, String)>,
}

impl Columns {
    /// Columns 0 and 1, for a CSV file whose header names no puzzle column.
    pub(crate) fn positional() -> Columns {
        Columns {
            puzzle: 0,
            puzzle_name: "first".to_string(),
            solution: Some((1, "second".to_string())),
        }
    }
}

/// The fields of a line with their 1-based start column; surrounding spaces and
/// double quotes are removed.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut column = 1;
    for raw in line.split(',') {
        let lead = raw.len() - raw.trim_start().len();
        let mut field = raw.trim();
        let mut start = column + raw[..lead].chars().count();
        if field.len() >= 2 && field.starts_with('"') && field.ends_with('"') {
            field = &field[1..field.len() - 1];
            start += 1;
        }
        out.push((start, field));
        column += raw.chars().count() + 1;
    }
    out
}

/// The columns named by a header line, if it is a CSV header with a puzzle column.
pub(crate) fn detect_header(line: &str) -> Option<Columns> {
    if !line.contains(',') {
        return None;
    }
    let names: Vec<String> = fields(line)
        .into_iter()
        .map(|(_, f)| f.to_ascii_lowercase())
        .collect();
    let find = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
    let puzzle = find(&PUZZLE_NAMES)?;
    Some(Columns {
        puzzle,
        puzzle_name: names[puzzle].clone(),
        solution: find(&SOLUTION_NAMES).map(|i| (i, names[i].clone())),
    })
}

/// The error for a header without a puzzle column.
pub(crate) fn header_error(line_no: usize, line: &str) -> ParseError {
    ParseError::new(
        line_no,
        None,
        ParseErrorKind::CsvHeader {
            header: line.to_string(),
        },
    )
}

/// Reads the puzzle (and solution) of one CSV line.
pub(crate) fn parse_line(
    line_no: usize,
    line: &str,
    columns: &Columns,
    ctx: &Context<'_>,
) -> Result<Puzzle, ParseError> {
    let fields = fields(line);
    // Parses a field with its columns kept: the text before it becomes spaces,
    // which the scanners skip.
    let parse_field = |index: usize, name: &str, ctx: &Context<'_>| {
        let &(start, text) = fields.get(index).ok_or_else(|| {
            ParseError::new(
                line_no,
                None,
                ParseErrorKind::CsvMissingField {
                    field: name.to_string(),
                },
            )
        })?;
        let padded = format!("{}{text}", " ".repeat(start - 1));
        parse_rows(&[(line_no, &padded)], ctx)
    };
    let (grid, notation) = parse_field(columns.puzzle, &columns.puzzle_name, ctx)?;
    let solution = match &columns.solution {
        Some((index, name)) if fields.get(*index).is_some_and(|f| !f.1.is_empty()) => {
            let same_shape = Context {
                shape: Some(grid.shape()),
                ..*ctx
            };
            match parse_field(*index, name, &same_shape) {
                Ok((solution, _)) => Some(solution),
                Err(e) if matches!(e.kind, ParseErrorKind::CellCount { .. }) => {
                    // Name the solution's shape when it has one.
                    let any_shape = Context {
                        shape: None,
                        ..*ctx
                    };
                    let (solution, _) = parse_field(*index, name, &any_shape).map_err(|_| e)?;
                    return Err(ParseError::new(
                        line_no,
                        None,
                        ParseErrorKind::SolutionShape {
                            puzzle: grid.shape(),
                            solution: solution.shape(),
                        },
                    ));
                }
                Err(e) => return Err(e),
            }
        }
        _ => None,
    };
    Ok(Puzzle {
        grid,
        notation,
        solution,
        variant: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_detection() {
        let c = detect_header("quizzes,solutions").unwrap();
        assert_eq!(c.puzzle, 0);
        assert_eq!(c.solution.as_ref().unwrap().0, 1);
        let c = detect_header("id, \"Puzzle\" ,difficulty").unwrap();
        assert_eq!((c.puzzle, c.solution.is_none()), (1, true));
        assert!(detect_header("a,b").is_none());
        assert!(detect_header("quizzes").is_none());
    }

    #[test]
    fn field_columns() {
        let f = fields("ab, \"cd\" ,e");
        assert_eq!(f, [(1, "ab"), (6, "cd"), (11, "e")]);
    }
}
