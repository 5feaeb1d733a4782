//! A learner's state (givens, placed digits and pencil marks) as the front
//! ends take it (`sudoku hint --marks`, Python's `Sudoku.hint(marks)`, the
//! setter's page): the marks' text format, the state checked against the
//! puzzle's solution before anything is hinted from it, and the check
//! that a step agrees with the solution.
//!
//! ```
//! use sudoku::Grid;
//! use sudoku_logic::{learner_state, parse_marks, Candidates, LearnerError};
//!
//! let puzzle: Grid = "1.3.3.2...4.....".parse()?;
//! let solution: Grid = "1234342121434312".parse()?;
//! let start = Candidates::from_grid(&puzzle)?;
//! // r1c2 is marked 4 only: the solution has 2 there.
//! let marks = parse_marks("1 4 3 24  3 14 2 14  24 12 4 13  24 12 14 13")?;
//! let err = learner_state(&start, &puzzle, &solution, &marks).unwrap_err();
//! assert_eq!(err.cell(), Some("r1c2"));
//! assert!(matches!(err, LearnerError::Mistake(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use sudoku::Grid;
use thiserror::Error;

use crate::candidates::{cell_name, Candidates, Mistake};
use crate::error::StateError;
use crate::step::Step;

/// A pencil-mark state: per cell in row order, the values marked (one
/// value: the cell holds it).
pub type Marks = Vec<Vec<u16>>;

/// Why a learner's state is not hinted from.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LearnerError {
    /// The marks give a different number of cells than the grid has.
    #[error("the pencil marks give {found} cells; the grid has {expected}")]
    Length {
        /// Cells given.
        found: usize,
        /// Cells of the grid.
        expected: usize,
    },
    /// A mark above the grid's largest value.
    #[error("{cell}: {value} is above {side}, the largest value of the grid")]
    ValueTooLarge {
        /// The cell, `r1c2`.
        cell: String,
        /// The value marked.
        value: u16,
        /// The grid's side.
        side: usize,
    },
    /// The state contradicts the puzzle's solution: a wrong digit placed,
    /// or a pencil mark erased that the solution needs.
    #[error("the state has a mistake: {0}")]
    Mistake(Mistake),
    /// A given is changed or not placed in the marks.
    #[error("{cell} is a given {given}, but the marks {}", match .marked { Some(v) => format!("say {v}"), None => "do not place it".to_string() })]
    GivenChanged {
        /// The cell, `r1c2`.
        cell: String,
        /// The given.
        given: u16,
        /// The single value marked there, if one.
        marked: Option<u16>,
    },
    /// The state cannot be built (a conflict between placed values, an
    /// empty cell without marks) though it agrees with the solution.
    #[error("the state contradicts itself: {0}")]
    Contradiction(StateError),
}

impl LearnerError {
    /// The cell the error is about (`r1c2`), where it names one.
    pub fn cell(&self) -> Option<&str> {
        match self {
            LearnerError::ValueTooLarge { cell, .. } | LearnerError::GivenChanged { cell, .. } => {
                Some(cell)
            }
            LearnerError::Mistake(
                Mistake::WrongValue { cell, .. } | Mistake::MissingCandidate { cell, .. },
            ) => Some(cell),
            LearnerError::Contradiction(StateError::NoCandidates { cell }) => Some(cell),
            LearnerError::Contradiction(StateError::Conflict { second, .. }) => Some(second),
            _ => None,
        }
    }

    /// Whether the state contradicts the solution or changes a given (a
    /// learner's mistake), rather than being malformed.
    pub fn is_mistake(&self) -> bool {
        matches!(
            self,
            LearnerError::Mistake(_) | LearnerError::GivenChanged { .. }
        )
    }
}

/// Whether `step` agrees with `solution`: it places only the solution's
/// values and removes none of them. The front ends check every step they
/// show with it.
pub fn agrees(step: &Step, solution: &Grid) -> bool {
    let s = solution.cells();
    step.placements.iter().all(|p| s[p.cell] == p.value)
        && step
            .eliminations
            .iter()
            .all(|e| !e.values.contains(&s[e.cell]))
}

/// The value of a symbol: `1`-`9`, then `a`/`A` = 10 and on.
fn symbol_value(ch: char) -> Option<u16> {
    ch.to_digit(36).filter(|&d| d >= 1).map(|d| d as u16)
}

/// Reads pencil marks: either one token per cell separated by whitespace
/// (the digits of the cell's candidates; one digit for a placed value;
/// tokens of `|`, `-`, `+`, `.`, `:` and `*` alone are borders and
/// skipped), or one line of side^3 characters, each cell's `side`
/// characters holding its candidates in place (`.` or `0` for a missing
/// one). Lines starting with `#` are comments in the one-line form.
pub fn parse_marks(text: &str) -> Result<Marks, String> {
    let compact: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let [line] = compact.as_slice() {
        if !line.contains(char::is_whitespace) {
            let chars: Vec<char> = line.chars().collect();
            let side = (1..=64).find(|s| s * s * s == chars.len()).ok_or_else(|| {
                format!(
                    "a line of {} characters is not side^3 (729 for 9x9)",
                    chars.len()
                )
            })?;
            return chars
                .chunks(side)
                .enumerate()
                .map(|(cell, chunk)| {
                    chunk
                        .iter()
                        .enumerate()
                        .filter(|(_, &ch)| ch != '.' && ch != '0')
                        .map(|(i, &ch)| match symbol_value(ch) {
                            Some(v) if usize::from(v) == i + 1 => Ok(v),
                            _ => Err(format!(
                                "cell {} (column {} of the line): '{ch}' where {} or '.' belongs",
                                cell_name(cell, side),
                                cell * side + i + 1,
                                i + 1
                            )),
                        })
                        .collect()
                })
                .collect();
        }
    }
    let mut cells = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for token in line.split_whitespace() {
            if token.chars().all(|c| "|-+.:*".contains(c)) {
                continue;
            }
            let values: Result<Vec<u16>, String> = token
                .chars()
                .filter(|c| !"|".contains(*c))
                .map(|ch| {
                    symbol_value(ch).ok_or_else(|| {
                        format!("line {}: '{ch}' in \"{token}\" is not a value", n + 1)
                    })
                })
                .collect();
            let mut values = values?;
            values.sort_unstable();
            values.dedup();
            cells.push(values);
        }
    }
    Ok(cells)
}

/// The learner's state over the puzzle: `puzzle` is the puzzle's
/// candidates (its houses), `givens` its grid, `solution` its one
/// solution; `marks` gives per cell the values marked (one value: placed;
/// a given must be marked as itself). A digit or a mark the solution
/// contradicts is named first ([`LearnerError::Mistake`], in cell order),
/// before what it breaks.
pub fn learner_state(
    puzzle: &Candidates,
    givens: &Grid,
    solution: &Grid,
    marks: &[Vec<u16>],
) -> Result<Candidates, LearnerError> {
    let side = puzzle.side();
    if marks.len() != side * side {
        return Err(LearnerError::Length {
            found: marks.len(),
            expected: side * side,
        });
    }
    let mut grid = givens.clone();
    let mut masks = vec![0u64; side * side];
    for (cell, values) in marks.iter().enumerate() {
        if let Some(&v) = values.iter().find(|&&v| v == 0 || usize::from(v) > side) {
            return Err(LearnerError::ValueTooLarge {
                cell: cell_name(cell, side),
                value: v,
                side,
            });
        }
        let given = givens.cells()[cell];
        let wanted = solution.cells()[cell];
        match values.as_slice() {
            [v] if *v != wanted && given == 0 => {
                return Err(LearnerError::Mistake(Mistake::WrongValue {
                    cell: cell_name(cell, side),
                    placed: usize::from(*v),
                    solution: usize::from(wanted),
                }))
            }
            vs if vs.len() != 1 && given == 0 && !vs.contains(&wanted) => {
                return Err(LearnerError::Mistake(Mistake::MissingCandidate {
                    cell: cell_name(cell, side),
                    value: usize::from(wanted),
                }))
            }
            _ => {}
        }
        match values.as_slice() {
            [v] => {
                if given != 0 && given != *v {
                    return Err(LearnerError::GivenChanged {
                        cell: cell_name(cell, side),
                        given,
                        marked: Some(*v),
                    });
                }
                grid.set(cell / side, cell % side, Some(*v));
                // The value as the cell's one mark: placing an earlier
                // peer must not find it empty (which would mark the state
                // as emptied).
                masks[cell] = 1u64 << (v - 1);
            }
            _ if given != 0 => {
                return Err(LearnerError::GivenChanged {
                    cell: cell_name(cell, side),
                    given,
                    marked: None,
                })
            }
            _ => masks[cell] = values.iter().fold(0, |m, &v| m | (1u64 << (v - 1))),
        }
    }
    Candidates::from_state(Arc::clone(puzzle.houses()), &grid, Some(&masks))
        .map_err(LearnerError::Contradiction)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "1.3.3.2...4.....";
    const SOLUTION: &str = "1234342121434312";

    fn start() -> (Candidates, Grid, Grid) {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution: Grid = SOLUTION.parse().unwrap();
        (Candidates::from_grid(&puzzle).unwrap(), puzzle, solution)
    }

    /// Every cell marked with all of 1..=4, givens as themselves.
    fn full_marks() -> Marks {
        PUZZLE
            .chars()
            .map(|ch| match ch.to_digit(10) {
                Some(v) => vec![v as u16],
                None => vec![1, 2, 3, 4],
            })
            .collect()
    }

    #[test]
    fn marks_as_tokens_and_as_a_line() {
        let tokens =
            parse_marks("| 1 234 | 34 2 |\n+---+\n 2 4 13 13\n 3 4 1 2\n 4 1 2 3\n").unwrap();
        assert_eq!(tokens.len(), 16);
        assert_eq!(tokens[1], vec![2, 3, 4]);
        assert_eq!(tokens[3], vec![2]);
        let line: String = [
            "1...", ".234", "..34", ".2..", ".2..", "...4", "1.3.", "1.3.",
        ]
        .iter()
        .chain(&[
            "..3.", "...4", "1...", ".2..", "...4", "1...", ".2..", "..3.",
        ])
        .copied()
        .collect();
        let cells = parse_marks(&line).unwrap();
        assert_eq!(cells.len(), 16);
        assert_eq!(cells[1], vec![2, 3, 4]);
        assert_eq!(cells[6], vec![1, 3]);
        let err = parse_marks(&line.replacen("1...", "2...", 1)).unwrap_err();
        assert!(err.contains("r1c1"), "{err}");
        assert!(parse_marks("12? 3").unwrap_err().contains("'?'"));
    }

    #[test]
    fn a_full_state_is_the_puzzle_and_mistakes_name_their_cell() {
        let (c, puzzle, solution) = start();
        let state = learner_state(&c, &puzzle, &solution, &full_marks()).unwrap();
        assert_eq!(state, c);
        // It solves as the puzzle does (a placed cell once read as empty
        // made the solve end Broken).
        assert!(!state.emptied_a_cell());
        let path = crate::solve(state, crate::Mode::Se, &sudoku_solve::Limits::none());
        assert!(path.solved(), "{:?}", path.end);

        // A wrong digit placed in r1c2 (the solution has 2).
        let mut wrong = full_marks();
        wrong[1] = vec![4];
        let err = learner_state(&c, &puzzle, &solution, &wrong).unwrap_err();
        assert_eq!(
            err,
            LearnerError::Mistake(Mistake::WrongValue {
                cell: "r1c2".into(),
                placed: 4,
                solution: 2
            })
        );
        assert!(err.is_mistake());

        // A mark erased that the solution needs: r4c1 is 4.
        let mut erased = full_marks();
        erased[12] = vec![1, 2, 3];
        let err = learner_state(&c, &puzzle, &solution, &erased).unwrap_err();
        assert_eq!(err.cell(), Some("r4c1"));
        assert!(err.to_string().contains("lack 4"), "{err}");

        // A given changed.
        let mut changed = full_marks();
        changed[0] = vec![2];
        let err = learner_state(&c, &puzzle, &solution, &changed).unwrap_err();
        assert_eq!(err.cell(), Some("r1c1"));
        assert!(err.to_string().contains("given 1"), "{err}");

        // Malformed: too few cells, a value above the side.
        let short = full_marks()[..15].to_vec();
        assert!(matches!(
            learner_state(&c, &puzzle, &solution, &short),
            Err(LearnerError::Length {
                found: 15,
                expected: 16
            })
        ));
        let mut big = full_marks();
        big[5] = vec![1, 5];
        let err = learner_state(&c, &puzzle, &solution, &big).unwrap_err();
        assert_eq!(err.cell(), Some("r2c2"));
        assert!(!err.is_mistake());
    }
}
