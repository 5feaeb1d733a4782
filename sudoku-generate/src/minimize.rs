//! Minimal puzzles: givens removed from a puzzle with one solution while it
//! stays unique ([`minimize`], [`minimize_within`]), and the checked answer
//! of `sudoku minimize` ([`answer_minimize`]).

use solver_core::Limits;

use crate::dig::{confirm_unique, dig};
use crate::meter::Meter;
use crate::rng::Rng;
use sudoku::Grid;
use sudoku::Rules;
use sudoku::Variant;
use sudoku_solve::{
    plan, with_thread_solver, Answer, Answered, Asked, Question, SolveError, SudokuSolver,
    Symmetry, Task, Verdict,
};

/// Removes givens from a puzzle with exactly one solution, in an order
/// shuffled from `seed`, while the solution stays unique; the result is
/// minimal: removing any given (any orbit of `symmetry` as a whole) gives a
/// second solution. With a symmetry, the givens of an orbit go together, so
/// a symmetric puzzle stays symmetric.
///
/// Fails with [`SolveError::NotUnique`], [`SolveError::Unsolvable`] or
/// [`SolveError::Invalid`] when `puzzle` does not have exactly one solution.
///
/// ```
/// use sudoku_generate::{minimize, Symmetry};
/// use sudoku_solve::SolveGrid;
/// use sudoku::Grid;
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let smaller = minimize(&puzzle, 1, Symmetry::None)?;
/// assert!(smaller.givens() < puzzle.givens());
/// assert_eq!(smaller.solve_unique()?, puzzle.solve_unique()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimize(puzzle: &Grid, seed: u64, symmetry: Symmetry) -> Result<Grid, SolveError> {
    minimize_within(puzzle, seed, symmetry, &Limits::none())
}

/// [`minimize`] within `limits`, which bound the whole minimisation: its
/// deadline and cancellation flag are polled by every search and between
/// them, and its node limit counts the nodes of all the searches together.
/// A minimisation stopped by them fails with [`SolveError::GaveUp`] (never
/// a puzzle that is not known to be minimal); one that finishes gives the
/// same puzzle as [`minimize`].
///
/// ```
/// use solver_core::{Incomplete, Limits};
/// use sudoku_generate::{minimize_within, SolveError, Symmetry};
/// use sudoku::Grid;
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let stopped = minimize_within(&puzzle, 1, Symmetry::None, &Limits::none().nodes(10));
/// assert_eq!(stopped, Err(SolveError::GaveUp(Incomplete::NodeLimit)));
/// let smaller = minimize_within(&puzzle, 1, Symmetry::None, &Limits::none().nodes(1_000_000))?;
/// assert_eq!(smaller, sudoku_generate::minimize(&puzzle, 1, Symmetry::None)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimize_within(
    puzzle: &Grid,
    seed: u64,
    symmetry: Symmetry,
    limits: &Limits,
) -> Result<Grid, SolveError> {
    let meter = &mut Meter::new(limits);
    meter.check()?;
    let shape = puzzle.shape();
    let mut solver = SudokuSolver::new(shape)?;
    let (verdict, stats) = solver.check_unique(puzzle, &meter.within(None));
    meter.charge(stats.nodes);
    let solution = match verdict {
        Verdict::Unique(solution) => solution,
        Verdict::Multiple(..) => return Err(SolveError::NotUnique),
        Verdict::Unsolvable => return Err(SolveError::Unsolvable),
        Verdict::Invalid(conflict) => return Err(SolveError::Invalid(conflict)),
        Verdict::Unknown(why) => return Err(SolveError::GaveUp(why)),
    };
    let orbits = symmetry.orbits(shape);
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    Rng::new(seed).shuffle(&mut order);
    let mut cells = puzzle.cells().to_vec();
    dig(
        &mut solver,
        &mut cells,
        solution.cells(),
        order.iter().map(|&o| &orbits[o][..]).collect(),
        None,
        None,
        meter,
    )?;
    let minimal = Grid::from_values(shape, cells).expect("a subset of the givens");
    confirm_unique(&mut solver, &minimal, &solution, meter)?;
    Ok(minimal)
}

/// [`Task::Minimize`] answered as [`sudoku_solve::answer()`] answers the
/// other tasks (the batch run sends this one here): the plan of a classic
/// check is named, the puzzle is minimized within the question's limits,
/// and the smaller puzzle is checked again apart from the digging (its
/// givens are the puzzle's, and a fresh search finds it unique with the
/// same solution) before it is the answer; a failed check is
/// [`Answer::Internal`]. Only classic puzzles are minimized; another task
/// is not this function's to answer (`invalid`).
///
/// ```
/// use sudoku::{Grid, Variant};
/// use sudoku_generate::{answer_minimize, Limits, Symmetry};
/// use sudoku_solve::{Answer, Asked, Question, Task};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let task = Task::Minimize { seed: 1, symmetry: Symmetry::None };
/// let limits = Limits::none();
/// let question = Question { task: &task, engine: Asked::Auto, limits: &limits, progress: None };
/// let answered = answer_minimize(&puzzle, &Variant::default(), 1, &question);
/// let Answer::Minimized(smaller) = answered.answer else { panic!() };
/// assert!(smaller.givens() < puzzle.givens());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn answer_minimize(
    grid: &Grid,
    variant: &Variant,
    line: usize,
    question: &Question<'_>,
) -> Answered {
    let answered = |answer| Answered {
        answer,
        nodes: None,
        plan: None,
        expected: None,
    };
    let Task::Minimize { seed, symmetry } = *question.task else {
        return answered(Answer::Invalid(
            "only minimize is answered by the generator".into(),
        ));
    };
    if !variant.is_classic() {
        return answered(Answer::Invalid(
            "minimize and rate handle classic Sudoku only (no variant, regions or cages)".into(),
        ));
    }
    let limits = Limits {
        max_solutions: None,
        ..question.limits.clone()
    };
    let rules = Rules::standard_shared(grid.shape());
    let chosen = match plan(&rules, question.task, question.engine) {
        Ok(chosen) => chosen,
        Err(e) => return answered(Answer::Invalid(e.to_string())),
    };
    let internal = || {
        Answer::Internal(format!(
            "line {line}: the solution found fails the check of the rules and givens"
        ))
    };
    let answer = match minimize_within(grid, seed, symmetry, &limits) {
        Ok(smaller) if is_subset(&smaller, grid) => {
            let checked = with_thread_solver(grid.shape(), Asked::Auto, |solver| {
                solver.check_unique(&smaller, &limits).0
            });
            match checked {
                Ok(Verdict::Unique(solution)) if solution.is_solution_of(&smaller) => {
                    Answer::Minimized(smaller)
                }
                Ok(Verdict::Unknown(why)) => Answer::Unknown(why),
                _ => internal(),
            }
        }
        Ok(_) => internal(),
        Err(SolveError::NotUnique) => Answer::NotUnique,
        Err(SolveError::Unsolvable) => Answer::Unsolvable,
        Err(SolveError::GaveUp(why)) => Answer::Unknown(why),
        Err(SolveError::Invalid(conflict)) => Answer::Invalid(conflict.to_string()),
        Err(e @ SolveError::Broken(_)) => Answer::Internal(e.to_string()),
        Err(e) => Answer::Invalid(e.to_string()),
    };
    Answered {
        plan: Some(chosen),
        ..answered(answer)
    }
}

/// Whether every given of `smaller` is a given of `puzzle`.
fn is_subset(smaller: &Grid, puzzle: &Grid) -> bool {
    smaller
        .cells()
        .iter()
        .zip(puzzle.cells())
        .all(|(&s, &p)| s == 0 || s == p)
}
