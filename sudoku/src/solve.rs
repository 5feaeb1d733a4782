//! Solving, counting and uniqueness checks, in the vocabulary of the field.
//!
//! [`SudokuSolver`] keeps one prebuilt matrix per shape and a search state;
//! a puzzle's givens are forced before each search and released after it, so
//! nothing is rebuilt per puzzle. The methods on [`Grid`] use one such
//! solver per thread and per shape, made on first use.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::Arc;

use solver_core::{Count, Found, Incomplete, Limits, Solutions, Stats};

use crate::encoding::Encoding;
use crate::error::ShapeError;
use crate::grid::{Conflict, Grid};
use crate::shape::Shape;

/// Why a puzzle got no (unique) solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Two givens clash in a unit.
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] Conflict),
    /// The givens are consistent but no grid completes them.
    #[error("no solution")]
    Unsolvable,
    /// More than one grid completes the givens.
    #[error("more than one solution")]
    NotUnique,
    /// A limit stopped the search before it could answer.
    #[error("gave up: {0}")]
    GaveUp(Incomplete),
    /// The grid's shape cannot be solved here (too large for the memory budget).
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The grid is not of the solver's shape.
    #[error("a {found} box grid given to a solver for {expected} boxes")]
    WrongShape {
        /// The solver's shape.
        expected: Shape,
        /// The grid's shape.
        found: Shape,
    },
}

/// The answer to "does this puzzle have exactly one solution?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique(Grid),
    /// Two (or more) solutions; here are two of them.
    Multiple(Grid, Grid),
    /// No solution, though no two givens clash.
    Unsolvable,
    /// Two givens clash.
    Invalid(Conflict),
    /// A limit stopped the search before it could tell.
    Unknown(Incomplete),
}

impl Verdict {
    /// The status word used by the command line: `unique`, `multiple`,
    /// `unsolvable`, `invalid` or `unknown`.
    pub fn status(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(..) => "multiple",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Invalid(_) => "invalid",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

/// A reusable solver for grids of one shape: one prebuilt exact-cover matrix
/// and one search state. Use one per thread.
///
/// ```
/// use sudoku::{Grid, SudokuSolver};
/// use solver_core::Limits;
///
/// let puzzle: Grid = "1.3.3.2...4....."
///     .parse()?;
/// let mut solver = SudokuSolver::new(puzzle.shape())?;
/// let (solution, _stats) = solver.solve_one(&puzzle, &Limits::none());
/// assert_eq!(solution?.to_string(), "1234342121434312");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SudokuSolver {
    encoding: Arc<Encoding>,
    dlx: solver_core::Solver,
}

impl SudokuSolver {
    /// A solver for the standard rules of `shape` (the matrix is shared with
    /// every other solver of that shape).
    pub fn new(shape: Shape) -> Result<SudokuSolver, ShapeError> {
        Ok(SudokuSolver::with_encoding(Encoding::standard(shape)?))
    }

    /// A solver for an encoding.
    pub fn with_encoding(encoding: Arc<Encoding>) -> SudokuSolver {
        let dlx = encoding.matrix().solver();
        SudokuSolver { encoding, dlx }
    }

    /// The shape this solver handles.
    pub fn shape(&self) -> Shape {
        self.encoding.shape()
    }

    /// The encoding (rules and matrix).
    pub fn encoding(&self) -> &Arc<Encoding> {
        &self.encoding
    }

    /// Breaks ties between equally constrained cells at random (`None`: never).
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.dlx.set_seed(seed);
    }

    /// Checks the givens and forces them.
    fn prepare(&mut self, grid: &Grid) -> Result<(), SolveError> {
        if grid.shape() != self.shape() {
            return Err(SolveError::WrongShape {
                expected: self.shape(),
                found: grid.shape(),
            });
        }
        grid.check()?;
        for option in self.encoding.givens(grid) {
            if self.dlx.force(option).is_err() {
                // Unreachable for the standard rules once `check` passed.
                self.dlx.release_all();
                return Err(SolveError::Unsolvable);
            }
        }
        Ok(())
    }

    /// Runs `search` with the grid's givens forced, then releases them.
    fn with_givens<R>(
        &mut self,
        grid: &Grid,
        search: impl FnOnce(&Encoding, &mut solver_core::Solver) -> R,
    ) -> Result<R, SolveError> {
        self.prepare(grid)?;
        let result = search(&self.encoding, &mut self.dlx);
        self.dlx.release_all();
        Ok(result)
    }

    /// One solution of `grid`.
    pub fn solve_one(&mut self, grid: &Grid, limits: &Limits) -> (Result<Grid, SolveError>, Stats) {
        let result = self.with_givens(grid, |enc, dlx| {
            let (found, stats) = dlx.first_solution(limits);
            (found.map(|options| enc.decode(&options)), stats)
        });
        match result {
            Ok((Found::Solution(g), stats)) => (Ok(g), stats),
            Ok((Found::NoSolution, stats)) => (Err(SolveError::Unsolvable), stats),
            Ok((Found::GaveUp(why), stats)) => (Err(SolveError::GaveUp(why)), stats),
            Err(e) => (Err(e), Stats::default()),
        }
    }

    /// Counts the solutions of `grid` within `limits`.
    pub fn count(&mut self, grid: &Grid, limits: &Limits) -> Result<Count, SolveError> {
        self.with_givens(grid, |_, dlx| dlx.count(limits))
    }

    /// Whether `grid` has exactly one solution (looks for at most two).
    pub fn check_unique(&mut self, grid: &Grid, limits: &Limits) -> (Verdict, Stats) {
        let mut limits = limits.clone();
        limits.max_solutions = Some(limits.max_solutions.map_or(2, |m| m.min(2)));
        let result = self.with_givens(grid, |enc, dlx| {
            let mut found = Vec::with_capacity(2);
            let outcome = dlx.for_each_solution(&limits, |options| {
                found.push(enc.decode(options));
                ControlFlow::Continue(())
            });
            (found, outcome)
        });
        match result {
            Err(SolveError::Invalid(c)) => (Verdict::Invalid(c), Stats::default()),
            Err(_) => (Verdict::Unsolvable, Stats::default()),
            Ok((found, outcome)) => {
                let mut found = found.into_iter();
                let verdict = match (found.next(), found.next(), outcome.incomplete) {
                    (Some(a), Some(b), _) => Verdict::Multiple(a, b),
                    (Some(a), None, None) => Verdict::Unique(a),
                    (None, None, None) => Verdict::Unsolvable,
                    (_, _, Some(why)) => Verdict::Unknown(why),
                    (None, Some(_), None) => unreachable!("second solution without a first"),
                };
                (verdict, outcome.stats)
            }
        }
    }
}

thread_local! {
    /// Each thread's solvers, most recently used last.
    static SOLVERS: RefCell<Vec<SudokuSolver>> = const { RefCell::new(Vec::new()) };
}

/// How many shapes' solvers a thread keeps.
const SOLVERS_PER_THREAD: usize = 4;

/// Runs `f` with this thread's solver for `shape`.
fn with_solver<R>(shape: Shape, f: impl FnOnce(&mut SudokuSolver) -> R) -> Result<R, ShapeError> {
    let cached = SOLVERS.with(|s| {
        let mut s = s.borrow_mut();
        let at = s.iter().position(|x| x.shape() == shape)?;
        Some(s.remove(at))
    });
    let mut solver = match cached {
        Some(s) => s,
        None => SudokuSolver::new(shape)?,
    };
    let result = f(&mut solver);
    SOLVERS.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() >= SOLVERS_PER_THREAD {
            s.remove(0);
        }
        s.push(solver);
    });
    Ok(result)
}

/// The solutions of a grid, one at a time (see [`Grid::solutions`]).
#[must_use = "an iterator does nothing until it is used"]
pub struct GridSolutions {
    encoding: Arc<Encoding>,
    search: Solutions<'static, solver_core::Solver>,
}

impl Iterator for GridSolutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let options = self.search.next_solution()?;
        Some(self.encoding.decode(options))
    }
}

impl std::iter::FusedIterator for GridSolutions {}

impl GridSolutions {
    /// Whether the search explored everything (once the iterator is done).
    pub fn is_complete(&self) -> bool {
        self.search.outcome().is_complete()
    }
}

impl Grid {
    /// A solution, if there is one. For limits and statistics use a
    /// [`SudokuSolver`].
    ///
    /// ```
    /// let grid: sudoku::Grid = "1.3.3.2...4.....".parse()?;
    /// assert_eq!(grid.solve_one()?.to_string(), "1234342121434312");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_one(&self) -> Result<Grid, SolveError> {
        with_solver(self.shape(), |s| s.solve_one(self, &Limits::none()).0)?
    }

    /// The solution, if there is exactly one.
    pub fn solve_unique(&self) -> Result<Grid, SolveError> {
        match self.verdict(&Limits::none()) {
            Verdict::Unique(g) => Ok(g),
            Verdict::Multiple(..) => Err(SolveError::NotUnique),
            Verdict::Unsolvable => Err(SolveError::Unsolvable),
            Verdict::Invalid(c) => Err(SolveError::Invalid(c)),
            Verdict::Unknown(why) => Err(SolveError::GaveUp(why)),
        }
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_uniquely_solvable(&self) -> bool {
        matches!(self.verdict(&Limits::none()), Verdict::Unique(_))
    }

    /// Unique, multiple, unsolvable, invalid, or unknown (stopped by a limit).
    pub fn verdict(&self, limits: &Limits) -> Verdict {
        match with_solver(self.shape(), |s| s.check_unique(self, limits).0) {
            Ok(v) => v,
            Err(e) => Verdict::Unknown(match e {
                ShapeError::TooLarge { .. } => Incomplete::NodeLimit,
                _ => Incomplete::Cancelled,
            }),
        }
    }

    /// Counts solutions, stopping at `limit`: the count is exact when it is
    /// below the limit ([`Count::is_complete`]).
    ///
    /// ```
    /// let empty = sudoku::Grid::empty(sudoku::Shape::square(2)?);
    /// let count = empty.count_solutions_up_to(1000)?;
    /// assert_eq!((count.solutions, count.is_complete()), (288, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_solutions_up_to(&self, limit: u128) -> Result<Count, SolveError> {
        self.count_solutions(&Limits::none().solutions(limit))
    }

    /// Counts solutions within `limits`.
    pub fn count_solutions(&self, limits: &Limits) -> Result<Count, SolveError> {
        with_solver(self.shape(), |s| s.count(self, limits))?
    }

    /// Counts solutions within `limits` on every thread of the current rayon
    /// pool (for one hard puzzle). The count equals [`count_solutions`](Self::count_solutions).
    pub fn par_count_solutions(&self, limits: &Limits) -> Result<Count, SolveError> {
        self.check()?;
        let encoding = Encoding::standard(self.shape())?;
        let givens = encoding.givens(self);
        encoding
            .matrix()
            .par_count(&givens, limits)
            .map_err(|_| SolveError::Unsolvable)
    }

    /// Whether the puzzle has exactly one solution, using every thread of the
    /// current rayon pool.
    pub fn par_is_uniquely_solvable(&self, limits: &Limits) -> Result<bool, SolveError> {
        let count = self.par_count_solutions(&limits.clone().solutions(2))?;
        match (count.solutions, count.outcome.incomplete) {
            (n, _) if n >= 2 => Ok(false),
            (n, None) => Ok(n == 1),
            (_, Some(why)) => Err(SolveError::GaveUp(why)),
        }
    }

    /// The solutions, one at a time.
    pub fn solutions(&self) -> Result<GridSolutions, SolveError> {
        self.check()?;
        let encoding = Encoding::standard(self.shape())?;
        let mut dlx = encoding.matrix().solver();
        for option in encoding.givens(self) {
            dlx.force(option).map_err(|_| SolveError::Unsolvable)?;
        }
        Ok(GridSolutions {
            search: dlx.into_solutions(&Limits::none()),
            encoding,
        })
    }

    /// At most `limit` solutions.
    pub fn solutions_up_to(&self, limit: usize) -> Result<Vec<Grid>, SolveError> {
        Ok(self.solutions()?.take(limit).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        text.parse().expect("test grid parses")
    }

    #[test]
    fn course_4x4_grid() {
        // From the course: figure 1 and its solution, figure 2.
        let g = grid("1.3.3.2...4.....");
        assert_eq!(g.solve_one().unwrap().to_string(), "1234342121434312");
        assert!(g.is_uniquely_solvable());
    }

    #[test]
    fn verdicts() {
        assert_eq!(
            grid("11..............").verdict(&Limits::none()).status(),
            "invalid"
        );
        // Consistent givens with no solution: r1c1 cannot hold 1 or 2 (row),
        // 3 (column) or 4 (box).
        let g = grid("..12.4..3.......");
        assert_eq!(g.check(), Ok(()));
        assert_eq!(g.verdict(&Limits::none()), Verdict::Unsolvable);
        assert_eq!(g.solve_one(), Err(SolveError::Unsolvable));
        let empty = Grid::empty(Shape::square(2).unwrap());
        match empty.verdict(&Limits::none()) {
            Verdict::Multiple(a, b) => {
                assert_ne!(a, b);
                assert!(a.is_solution_of(&empty) && b.is_solution_of(&empty));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn solver_leaves_no_trace() {
        let g = grid("1.3.3.2...4.....");
        let mut s = SudokuSolver::new(g.shape()).unwrap();
        let _ = s.solve_one(&g, &Limits::none());
        let _ = s.check_unique(&Grid::empty(g.shape()), &Limits::none());
        assert!(s.dlx.is_pristine(s.encoding.matrix()));
    }

    #[test]
    fn iterator_and_parallel_counts_agree() {
        let empty = Grid::empty(Shape::square(2).unwrap());
        let all: Vec<Grid> = empty.solutions().unwrap().collect();
        assert_eq!(all.len(), 288);
        assert!(all.iter().all(|g| g.is_solution_of(&empty)));
        let par = empty.par_count_solutions(&Limits::none()).unwrap();
        assert_eq!((par.solutions, par.is_complete()), (288, true));
    }
}
