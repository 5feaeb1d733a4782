//! Cube and conquer for one grid: its completions split into cubes (cells
//! filled in every possible way down a subtree of the search), to be counted
//! anywhere and added up with [`solver_core::cubes::Merge`].
//!
//! The split runs on the exact-cover matrix of the grid's rules (classic,
//! or a variant's: diagonals, windows, irregular regions, killer cages)
//! with the givens forced ([`solver_core::cubes::split`]), so the cubes
//! partition the completions under those rules. A cube's choices are named
//! by cell and value, `r1c1=5` (row 1, column 1, from 1), or, for a killer
//! cage, by the matrix's name of the cage's combination of values. A cube
//! is counted by the Sudoku engines as the grid with its cells filled (the
//! exact-cover matrix when a cage combination is on its path).
//!
//! The fingerprint ([`Cubes::fingerprint`]) covers the whole problem: the
//! shape, the givens and the rules (every unit beyond the classic rows,
//! columns and boxes, every cage with its sum), so the cubes of a classic
//! grid are refused for an X grid, and so on.
//!
//! ```
//! use solver_core::{cubes::{Merge, SplitOptions}, Limits};
//! use sudoku_solve::{cubes, Asked};
//! use sudoku::{Grid, Shape};
//!
//! let grid = Grid::empty(Shape::square(2)?);
//! let options = SplitOptions { cubes: Some(20), ..Default::default() };
//! let records = cubes::split(&grid, &options)?;
//! assert!(records.len() >= 20);
//! assert!(records[0].path[0].name.starts_with('r'));
//! let mut merge = Merge::for_cubes(&records);
//! for record in &records {
//!     merge.add(cubes::count_record(&grid, record, Asked::Auto, &Limits::none(), false));
//! }
//! assert_eq!(merge.finish()?.count, 288);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A variant, with [`Cubes`]:
//!
//! ```
//! use std::sync::Arc;
//! use solver_core::{cubes::{Merge, SplitOptions}, Limits};
//! use sudoku_solve::{cubes::Cubes, Asked};
//! use sudoku::{Grid, Shape, Variant};
//!
//! let grid = Grid::empty(Shape::square(2)?);
//! let rules = Variant::from_names("x")?.rules(grid.shape())?;
//! let x = Cubes::new(&grid, Arc::new(rules))?;
//! let records = x.split(&SplitOptions { cubes: Some(10), ..Default::default() });
//! let mut merge = Merge::for_cubes(&records);
//! for record in &records {
//!     merge.add(x.count_record(record, Asked::Auto, &Limits::none(), false));
//! }
//! // 4x4 X Sudoku: 48 grids.
//! assert_eq!(merge.finish()?.count, 48);
//! // The cubes of the classic grid are not for the X grid.
//! let classic = sudoku_solve::cubes::split(&grid, &SplitOptions::default())?;
//! let refused = x.count_record(&classic[0], Asked::Auto, &Limits::none(), false);
//! assert!(refused.error.unwrap().contains("another puzzle or other rules"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::{Arc, Mutex};
use std::time::Instant;

use solver_core::cubes::{self, CubeError, CubeRecord, Fingerprint, ResultRecord};
use solver_core::{Count, Limits, OptionId, Outcome, Stats};

use crate::answer::Task;
use crate::encoding::Encoding;
use crate::solve::{with_thread_solver, Asked, SolveError, SolveGrid, SudokuSolver};
use sudoku::Grid;
use sudoku::Variant;
use sudoku::{Rules, UnitKind};
use sudoku_format::{ReadOptions, Records};

/// The fingerprint of a classic puzzle: its box shape and its cells.
pub fn fingerprint(grid: &Grid) -> Fingerprint {
    grid_hash("sudoku v1", grid).finish()
}

/// A hash of `tag`, the box shape and the cells, to go on from.
fn grid_hash(tag: &str, grid: &Grid) -> cubes::Fnv128 {
    let shape = grid.shape();
    let mut h = cubes::Fnv128::default();
    h.write_str(tag);
    h.write_u64(u64::from(shape.box_rows()));
    h.write_u64(u64::from(shape.box_cols()));
    for &v in grid.cells() {
        h.write(&v.to_le_bytes());
    }
    h
}

/// The fingerprint of a puzzle under `rules`: for the classic rules the
/// same as [`fingerprint`]; otherwise the shape, the cells, every unit
/// (kind, number, cells) and every cage (sum, cells).
pub fn fingerprint_with(grid: &Grid, rules: &Rules) -> Fingerprint {
    if rules.is_standard() {
        return fingerprint(grid);
    }
    let mut h = grid_hash("sudoku rules v1", grid);
    h.write_u64(rules.units().len() as u64);
    for unit in rules.units() {
        h.write_str(&unit.kind.to_string());
        h.write_u64(unit.index as u64);
        h.write_u64(unit.cells.len() as u64);
        for &c in &unit.cells {
            h.write_u64(c as u64);
        }
    }
    h.write_u64(rules.cages().len() as u64);
    for cage in rules.cages() {
        h.write_u64(u64::from(cage.sum));
        h.write_u64(cage.cells.len() as u64);
        for &c in &cage.cells {
            h.write_u64(c as u64);
        }
    }
    h.finish()
}

/// The rules in words, for messages: `classic`, or what they add
/// (`diagonals, windows, irregular regions, 3 cages`).
pub fn describe(rules: &Rules) -> String {
    if rules.is_standard() {
        return "classic rules".to_string();
    }
    let has = |kind: UnitKind| rules.units().iter().any(|u| u.kind == kind);
    let mut parts = Vec::new();
    if has(UnitKind::Diagonal) {
        parts.push("diagonals".to_string());
    }
    if has(UnitKind::Window) {
        parts.push("windows".to_string());
    }
    if has(UnitKind::Region) {
        parts.push("irregular regions".to_string());
    }
    if !rules.cages().is_empty() {
        parts.push(format!("{} cage(s)", rules.cages().len()));
    }
    if parts.is_empty() {
        parts.push("non-classic units".to_string());
    }
    format!("rules with {}", parts.join(", "))
}

/// The name of the choice "`value` in `cell`": `r{row}c{col}={value}`, from 1.
pub fn choice_name(side: usize, cell: usize, value: u16) -> String {
    format!("r{}c{}={value}", cell / side + 1, cell % side + 1)
}

/// Splits the completions of a classic `grid` into cubes (records numbered
/// from 0, largest estimate first).
pub fn split(grid: &Grid, options: &cubes::SplitOptions) -> Result<Vec<CubeRecord>, SolveError> {
    Ok(Cubes::new(grid, Rules::standard_shared(grid.shape()))?.split(options))
}

fn cell_value(side: usize, o: OptionId) -> (usize, u16) {
    let value = u16::try_from(o.index() % side + 1).expect("values fit in u16");
    (o.index() / side, value)
}

/// Fills the cell of option `option` (a cell option) after checking its
/// name; the error says what the option really is.
fn fill(filled: &mut Grid, side: usize, option: usize, name: &str) -> Result<(), String> {
    let (cell, value) = cell_value(side, OptionId::new(option));
    let expected = choice_name(side, cell, value);
    if expected != name {
        return Err(format!("option {option} is `{expected}`"));
    }
    if filled.cells()[cell] != 0 {
        return Err("that cell is already filled".to_string());
    }
    filled.set(cell / side, cell % side, Some(value));
    Ok(())
}

/// Counts one cube of a classic `grid` (on every thread of the rayon pool
/// when `parallel`) and makes its result record ([`Cubes::count_record`]);
/// a cube that cannot be counted gets a record that says why, never a
/// count.
pub fn count_record(
    grid: &Grid,
    record: &CubeRecord,
    engine: Asked,
    limits: &Limits,
    parallel: bool,
) -> ResultRecord {
    match Cubes::new(grid, Rules::standard_shared(grid.shape())) {
        Ok(classic) => classic.count_record(record, engine, limits, parallel),
        Err(e) => {
            cubes::result_record::<SolveError>(record, fingerprint(grid), Err(e), Instant::now())
        }
    }
}

/// One puzzle under its rules (classic or a variant), ready to be split
/// into cubes and to count them.
pub struct Cubes {
    grid: Grid,
    rules: Arc<Rules>,
    encoding: Arc<Encoding>,
    problem: Fingerprint,
    /// The variant solver, made on first use and kept (its encoding is
    /// costly to build for killer cages).
    solver: Mutex<Option<(Asked, SudokuSolver)>>,
}

impl std::fmt::Debug for Cubes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cubes")
            .field("grid", &self.grid)
            .field("rules", &describe(&self.rules))
            .field("problem", &self.problem)
            .finish_non_exhaustive()
    }
}

/// Why the input of a split or a cube count is not one puzzle to split:
/// the message names the input and the line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ProblemError(String);

impl Cubes {
    /// The one puzzle of the input `bytes` (named `name` in messages), read
    /// as every command reads puzzles with `options` (any text format, or a
    /// JSON document with its own variant), under its rules: `base`, with a
    /// JSON document's own names, regions and cages added. A region map in
    /// `base` gives the shape when `options` does not.
    ///
    /// ```
    /// use sudoku_solve::cubes::Cubes;
    /// use sudoku_format::ReadOptions;
    /// use sudoku::Variant;
    ///
    /// let x = Variant::from_names("x")?;
    /// let one = Cubes::read("in", b"1...............\n".to_vec(), ReadOptions::default(), &x)?;
    /// assert!(one.about().contains("4x4"));
    /// let two = Cubes::read("in", b"1...............\n................\n".to_vec(), ReadOptions::default(), &x);
    /// assert!(two.unwrap_err().to_string().starts_with("in: line 2: a second puzzle"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(
        name: &str,
        bytes: Vec<u8>,
        mut options: ReadOptions,
        base: &Variant,
    ) -> Result<Cubes, ProblemError> {
        let bad = |message: String| ProblemError(format!("{name}: {message}"));
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            bad(format!("line {line}: not UTF-8 text: {e}"))
        })?;
        if let (None, Some(regions)) = (options.shape, &base.regions) {
            options.shape = Some(regions.shape());
        }
        let mut found: Option<(Grid, Variant, usize)> = None;
        for (count, record) in Records::new(text.as_bytes(), options).enumerate() {
            if count > 0 {
                return Err(bad(format!(
                    "line {}: a second puzzle: split takes one puzzle (split each puzzle of \
                     a file on its own)",
                    record.line
                )));
            }
            let puzzle = record.result.map_err(|e| bad(e.to_string()))?;
            let variant = crate::effective_variant(&puzzle, base).into_owned();
            found = Some((puzzle.grid, variant, record.line));
        }
        let Some((grid, variant, line)) = found else {
            return Err(bad("no puzzle to split".to_string()));
        };
        let rules = variant
            .rules(grid.shape())
            .map_err(|e| bad(format!("line {line}: {e}")))?;
        Cubes::new(&grid, Arc::new(rules))
            .map_err(|e| bad(format!("line {line}: invalid puzzle: {e}")))
    }

    /// The puzzle `grid` under `rules`: refused if the shapes differ, if two
    /// givens clash in a unit, or if the grid is too large.
    pub fn new(grid: &Grid, rules: Arc<Rules>) -> Result<Cubes, SolveError> {
        if rules.shape() != grid.shape() {
            return Err(SolveError::WrongShape {
                expected: rules.shape(),
                found: grid.shape(),
            });
        }
        // The rules' own units: a jigsaw has regions, not boxes.
        rules.check(grid)?;
        let encoding = if rules.is_standard() {
            Encoding::standard(grid.shape())?
        } else {
            Arc::new(Encoding::new(Rules::clone(&rules))?)
        };
        Ok(Cubes {
            grid: grid.clone(),
            problem: fingerprint_with(grid, &rules),
            rules,
            encoding,
            solver: Mutex::new(None),
        })
    }

    /// The fingerprint of the puzzle and its rules.
    pub fn fingerprint(&self) -> Fingerprint {
        self.problem
    }

    /// The puzzle in words, for messages: `a 6x6 grid with 2x3 boxes and
    /// rules with diagonals`.
    pub fn about(&self) -> String {
        let shape = self.grid.shape();
        let side = shape.side();
        format!(
            "a {side}x{side} grid with {}x{} boxes and {}",
            shape.box_rows(),
            shape.box_cols(),
            describe(&self.rules)
        )
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The name of an option of the matrix: `r1c1=5` for a cell, the
    /// matrix's own text for a cage's combination.
    fn option_name(&self, o: OptionId) -> String {
        let side = self.grid.side();
        if o.index() < side * side * side {
            let (cell, value) = cell_value(side, o);
            choice_name(side, cell, value)
        } else {
            self.encoding.matrix().option_text(o)
        }
    }

    /// Splits the completions into cubes (records numbered from 0, largest
    /// estimate first). Givens that no completion can hold together (two
    /// equal values in a killer cage) give one cube, the whole search, which
    /// counts 0.
    pub fn split(&self, options: &cubes::SplitOptions) -> Vec<CubeRecord> {
        self.split_within(options).0
    }

    /// Splits as [`split`](Self::split) does, under `options.limits`, and
    /// returns the split itself too: its nodes, and why it stopped early
    /// (the records still cover every completion).
    pub fn split_within(&self, options: &cubes::SplitOptions) -> (Vec<CubeRecord>, cubes::Split) {
        let forced = self.encoding.givens(&self.grid);
        let split = cubes::split(self.encoding.matrix(), &forced, options)
            .unwrap_or_else(|_| cubes::Split::whole());
        let records = cubes::records_named(self.problem, &split, |o| self.option_name(o));
        (records, split)
    }

    /// The cube's grid (the puzzle with the cube's cells filled) and the
    /// cage combinations on its path, after checking the fingerprint and
    /// each choice's number and name.
    pub fn resolve(&self, record: &CubeRecord) -> Result<(Grid, Vec<OptionId>), CubeError> {
        if record.problem != self.problem {
            return Err(CubeError::WrongProblem {
                cube: record.cube,
                found: record.problem,
                expected: self.problem,
            });
        }
        let side = self.grid.side();
        let options = self.encoding.matrix().option_count();
        let mut filled = self.grid.clone();
        let mut combinations = Vec::new();
        for (k, choice) in record.path.iter().enumerate() {
            let bad = |actual: String| CubeError::BadChoice {
                cube: record.cube,
                position: k + 1,
                option: choice.option,
                name: choice.name.clone(),
                actual,
            };
            if choice.option >= options {
                return Err(bad(format!("the puzzle's rules have {options} options")));
            }
            if choice.option < side * side * side {
                fill(&mut filled, side, choice.option, &choice.name).map_err(bad)?;
            } else {
                let o = OptionId::new(choice.option);
                let name = self.option_name(o);
                if name != choice.name {
                    return Err(bad(format!("option {} is `{name}`", choice.option)));
                }
                combinations.push(o);
            }
        }
        Ok((filled, combinations))
    }

    /// Counts one cube and makes its result record; a cube that cannot be
    /// counted gets a record that says why, never a count. `parallel` counts
    /// a classic cube on every thread of the rayon pool, and a cube with a
    /// cage combination on its path on the exact-cover matrix, in parallel;
    /// the other variant cubes are counted on one thread.
    pub fn count_record(
        &self,
        record: &CubeRecord,
        engine: Asked,
        limits: &Limits,
        parallel: bool,
    ) -> ResultRecord {
        let started = Instant::now();
        let counted = match self.resolve(record) {
            Err(e @ CubeError::WrongProblem { .. }) => Err(format!(
                "{e}: the cubes come from another puzzle or other rules (this is {})",
                self.about()
            )),
            Err(e) => Err(e.to_string()),
            Ok((cube, combinations)) => self
                .count_cube(&cube, &combinations, record, engine, limits, parallel)
                .map_err(|e| e.to_string()),
        };
        cubes::result_record(record, self.problem, counted, started)
    }

    fn count_cube(
        &self,
        cube: &Grid,
        combinations: &[OptionId],
        record: &CubeRecord,
        engine: Asked,
        limits: &Limits,
        parallel: bool,
    ) -> Result<Count, Box<dyn std::error::Error>> {
        if self.rules.is_standard() {
            return Ok(count_grid(cube, engine, limits, parallel)?);
        }
        if !combinations.is_empty() {
            let mut forced = self.encoding.givens(cube);
            forced.extend_from_slice(combinations);
            // A cage combination is an option of the matrix: the cube is a
            // count of Dancing Links, by the plan's counter (`cells` where
            // they take the matrix).
            let counts = crate::plan::plan_with(
                &self.rules,
                &Task::Count { limit: None },
                Asked::Dlx,
                crate::plan::Processor::detect(),
                || Ok(self.encoding.matrix().cells_fit()),
            )?;
            let counter = if counts.engine == crate::EngineName::Cells {
                solver_core::Counter::Cells
            } else {
                solver_core::Counter::Links
            };
            let matrix = self.encoding.matrix();
            return Ok(
                cubes::count(matrix, &forced, &[], counter, limits).map_err(|source| {
                    CubeError::Clash {
                        cube: record.cube,
                        source,
                    }
                })?,
            );
        }
        let mut slot = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        if slot.as_ref().is_none_or(|(e, _)| *e != engine) {
            *slot = Some((
                engine,
                SudokuSolver::with_rules(Arc::clone(&self.rules), engine)?,
            ));
        }
        let (_, solver) = slot.as_mut().expect("made above");
        Ok(refuted_is_zero(solver.count(cube, limits))?)
    }
}

/// Counts a grid's completions; a grid refuted at once (by clashing cells or
/// by propagation) has none.
fn count_grid(
    grid: &Grid,
    engine: Asked,
    limits: &Limits,
    parallel: bool,
) -> Result<Count, SolveError> {
    let counted = if parallel {
        grid.par_count_solutions_with(engine, limits)
    } else {
        with_thread_solver(grid.shape(), engine, |s| s.count(grid, limits))?
    };
    refuted_is_zero(counted)
}

/// A grid refuted at once (clashing cells, or propagation) has no completion.
fn refuted_is_zero(counted: Result<Count, SolveError>) -> Result<Count, SolveError> {
    match counted {
        Err(SolveError::Unsolvable | SolveError::Invalid(_)) => Ok(Count {
            solutions: 0,
            outcome: Outcome {
                stats: Stats {
                    nodes: 1,
                    ..Stats::default()
                },
                incomplete: None,
            },
        }),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver_core::cubes::{Merge, SplitOptions};
    use sudoku::{Alphabet, Shape};
    use sudoku_format::parse_puzzle;

    fn merged(grid: &Grid, n: usize, parallel: bool) -> u128 {
        let options = SplitOptions {
            cubes: Some(n),
            ..SplitOptions::default()
        };
        let records = split(grid, &options).unwrap();
        assert!(records.len() >= n.min(2));
        let mut merge = Merge::for_cubes(&records);
        for r in &records {
            merge.add(count_record(
                grid,
                r,
                Asked::Auto,
                &Limits::none(),
                parallel,
            ));
        }
        merge.finish().unwrap().count
    }

    #[test]
    fn empty_grids_have_their_known_counts() {
        // 288 4x4 grids; 28,200,960 6x6 grids with 2x3 boxes (OEIS A107739).
        // Relabelling the values is a bijection between the grids with any
        // given first row, so 28,200,960 / 6! = 39,168 of them start with
        // the row 123456: that count keeps the test quick (the empty 6x6
        // grid takes some 25 s of CPU).
        let four = Grid::empty(Shape::square(2).unwrap());
        for n in [1, 5, 40] {
            assert_eq!(merged(&four, n, false), 288);
        }
        assert_eq!(28_200_960 % 720, 0);
        let six = parse_puzzle(
            &format!("123456{}", ".".repeat(30)),
            Some(Shape::new(2, 3).unwrap()),
            &Alphabet::standard(),
        )
        .unwrap()
        .grid;
        assert_eq!(merged(&six, 30, true), 28_200_960 / 720);
    }

    #[test]
    fn a_cube_for_another_grid_is_refused() {
        let four = Grid::empty(Shape::square(2).unwrap());
        let records = split(&four, &SplitOptions::default()).unwrap();
        let other: Grid = "1...............".parse().unwrap();
        let result = count_record(&other, &records[0], Asked::Auto, &Limits::none(), false);
        assert!(!result.complete);
        assert!(result.error.unwrap().contains("not for this problem"));
        let mut bad = records[0].clone();
        bad.path[0].name = "r9c9=9".to_string();
        let result = count_record(&four, &bad, Asked::Auto, &Limits::none(), false);
        assert!(result.error.unwrap().contains("choice 1"));
    }

    #[test]
    fn choice_names() {
        assert_eq!(choice_name(9, 0, 5), "r1c1=5");
        assert_eq!(choice_name(9, 80, 9), "r9c9=9");
    }
}
