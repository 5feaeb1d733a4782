//! One answer path: a puzzle, a task and limits in; an answer out, every
//! solution in it checked against the rules and givens by code apart from
//! the search ([`verify`]).
//!
//! The command line, the Python package and the cube commands all answer
//! puzzles through [`answer`]: the engine is picked by [`crate::plan()`] and
//! named in the answer, the limits are the caller's [`Limits`] (the one
//! meter), and a solution that fails the independent check becomes
//! [`Answer::Internal`], never an answer.
//!
//! ```
//! use solver_core::Limits;
//! use sudoku_solve::{answer, Answer, Asked, Question, Task};
//! use sudoku_format::parse_puzzle;
//! use sudoku::{Alphabet, Variant};
//!
//! let puzzle = parse_puzzle("1.3.3.2...4.....", None, &Alphabet::standard())?;
//! let classic = Variant::default();
//! let limits = Limits::none();
//! let question = Question { task: &Task::Check, engine: Asked::Auto, limits: &limits, progress: None };
//! let answered = answer(&puzzle, &classic, 1, &question, false);
//! assert!(matches!(answered.answer, Answer::Unique(_)));
//! assert_eq!(answered.plan.map(|p| p.engine.as_str()), Some("bits"));
//!
//! // The same grid as an X Sudoku: both diagonals too.
//! let x = Variant::from_names("x")?;
//! let answered = answer(&puzzle, &x, 1, &question, false);
//! assert_eq!(answered.answer.status(), "unsolvable");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use solver_core::{Incomplete, Limits};

use crate::bitsearch::{SolutionCheck, Words};
use crate::plan::{plan, EngineName, Plan};
use crate::rate::Rating;
use crate::solve::{with_thread_solver, SolveError, SudokuSolver, Verdict};
// `crate::answer::Task` stays a path for the modules that name it so.
use crate::task::Asked;
pub use crate::task::Task;
use sudoku::Grid;
use sudoku::Rules;
use sudoku::Shape;
use sudoku::Variant;
use sudoku_format::Puzzle;

/// What became of one puzzle. `G` is [`Grid`], or `()` once a record is
/// written and only counted (see [`Answer::without_grids`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<G = Grid> {
    /// `solve`: a solution (verified).
    Solved(G),
    /// `check`: exactly one solution (verified).
    Unique(G),
    /// `check`: two different solutions (verified).
    Multiple(G, G),
    /// `solve`, `check`: no solution.
    Unsolvable,
    /// `count`: the number of solutions; a lower bound when `incomplete`.
    Counted {
        /// Solutions found.
        solutions: u128,
        /// Why the count stopped early, if it did.
        incomplete: Option<Incomplete>,
    },
    /// `solve`, `check`, `minimize`, `rate`: the search gave up at a limit.
    Unknown(Incomplete),
    /// `minimize`: a minimal puzzle with the same unique solution.
    Minimized(G),
    /// `rate`: the search effort.
    Rated(Rating),
    /// `rate`: Sudoku Explainer's ratings from a logical solver.
    LogicRated(crate::LogicRating),
    /// `candidates`: per cell, the values that appear in some solution;
    /// when `incomplete`, those seen before a limit stopped the work.
    Candidates {
        /// The values of each cell, ascending.
        cells: Vec<Vec<u16>>,
        /// Why the work stopped early, if it did.
        incomplete: Option<Incomplete>,
    },
    /// `candidates --unique-makers`: the placements (cell index, value)
    /// that leave exactly one solution, in cell then value order; when
    /// `incomplete`, a limit stopped the work and the list may be short.
    UniqueMakers {
        /// Each placement that makes the puzzle unique.
        placements: Vec<(usize, u16)>,
        /// Why the work stopped early, if it did.
        incomplete: Option<Incomplete>,
    },
    /// `minimize`, `rate`: the puzzle has several solutions.
    NotUnique,
    /// The puzzle cannot be read, its givens clash, or its shape cannot be
    /// solved here: the message says what and where in the grid (the cells,
    /// a column of the line; the line itself only when the error is on
    /// another line than the record's first). The record's line is the
    /// record's: the text forms put it in front, JSON in `"line"`.
    Invalid(String),
    /// The solver's answer failed the independent check (a bug): the
    /// message is for stderr; a record only says "error".
    Internal(String),
}

impl<G> Answer<G> {
    /// The answer with its grids dropped.
    pub fn without_grids(self) -> Answer<()> {
        match self {
            Answer::Solved(_) => Answer::Solved(()),
            Answer::Unique(_) => Answer::Unique(()),
            Answer::Multiple(..) => Answer::Multiple((), ()),
            Answer::Unsolvable => Answer::Unsolvable,
            Answer::Counted {
                solutions,
                incomplete,
            } => Answer::Counted {
                solutions,
                incomplete,
            },
            Answer::Unknown(why) => Answer::Unknown(why),
            Answer::Minimized(_) => Answer::Minimized(()),
            Answer::Rated(rating) => Answer::Rated(rating),
            Answer::LogicRated(rating) => Answer::LogicRated(rating),
            Answer::Candidates { cells, incomplete } => Answer::Candidates { cells, incomplete },
            Answer::UniqueMakers {
                placements,
                incomplete,
            } => Answer::UniqueMakers {
                placements,
                incomplete,
            },
            Answer::NotUnique => Answer::NotUnique,
            Answer::Invalid(message) => Answer::Invalid(message),
            Answer::Internal(message) => Answer::Internal(message),
        }
    }

    /// Whether Ctrl-C (the cancellation flag) stopped this search.
    pub fn was_cancelled(&self) -> bool {
        matches!(
            self,
            Answer::Unknown(Incomplete::Cancelled)
                | Answer::Counted {
                    incomplete: Some(Incomplete::Cancelled),
                    ..
                }
                | Answer::Candidates {
                    incomplete: Some(Incomplete::Cancelled),
                    ..
                }
                | Answer::UniqueMakers {
                    incomplete: Some(Incomplete::Cancelled),
                    ..
                }
        )
    }

    /// The status word: `solved`, `unique`, `multiple`, `unsolvable`,
    /// `counted`, `unknown`, `minimized`, `rated`, `candidates`,
    /// `unique-makers`, `invalid` or `error`.
    pub fn status(&self) -> &'static str {
        match self {
            Answer::Solved(_) => "solved",
            Answer::Unique(_) => "unique",
            Answer::Multiple(..) => "multiple",
            Answer::Unsolvable => "unsolvable",
            Answer::Counted { incomplete, .. } => match incomplete {
                None | Some(Incomplete::SolutionLimit) => "counted",
                Some(_) => "unknown",
            },
            Answer::Unknown(_) => "unknown",
            Answer::Minimized(_) => "minimized",
            Answer::Rated(_) | Answer::LogicRated(_) => "rated",
            Answer::Candidates {
                incomplete: None, ..
            } => "candidates",
            Answer::Candidates { .. } => "unknown",
            Answer::UniqueMakers {
                incomplete: None, ..
            } => "unique-makers",
            Answer::UniqueMakers { .. } => "unknown",
            Answer::NotUnique => "multiple",
            Answer::Invalid(_) => "invalid",
            Answer::Internal(_) => "error",
        }
    }
}

/// How a solution compares with the one the input gives (CSV `solutions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The same grid.
    Matches,
    /// Another valid solution: the puzzle has several.
    OtherSolution,
    /// The expected grid is not a solution of the puzzle.
    NotASolution,
}

impl Expected {
    /// The warning for a mismatch (`None` when it matches).
    pub fn warning(self) -> Option<&'static str> {
        match self {
            Expected::Matches => None,
            Expected::OtherSolution => Some(
                "the solution found differs from the expected one in the input \
                 (both are valid: the puzzle has several solutions)",
            ),
            Expected::NotASolution => Some(
                "the solution found differs from the expected one in the input, \
                 which breaks the rules or changes a given",
            ),
        }
    }
}

/// One puzzle answered.
#[derive(Clone, Debug)]
pub struct Answered<G = Grid> {
    /// The answer.
    pub answer: Answer<G>,
    /// Search-tree nodes, when a search ran.
    pub nodes: Option<u64>,
    /// The planner's choice ([`crate::plan()`]): the engine that ran and
    /// why, when one did.
    pub plan: Option<Plan>,
    /// The comparison with the expected solution, when the input gives one.
    pub expected: Option<Expected>,
}

impl<G> Answered<G> {
    fn new(answer: Answer<G>) -> Answered<G> {
        Answered {
            answer,
            nodes: None,
            plan: None,
            expected: None,
        }
    }

    /// The answer without its grids.
    pub fn without_grids(self) -> Answered<()> {
        Answered {
            answer: self.answer.without_grids(),
            nodes: self.nodes,
            plan: self.plan,
            expected: self.expected,
        }
    }
}

/// A task, the engine asked for and the limits of one search.
#[derive(Clone, Copy, Debug)]
pub struct Question<'a> {
    /// What is asked.
    pub task: &'a Task,
    /// The engine asked for ([`Asked::Auto`]: the planner's choice).
    pub engine: Asked,
    /// Nodes, deadline and cancellation; for [`Task::Count`] the task's
    /// limit is the solution limit.
    pub limits: &'a Limits,
    /// Where a count on every thread reports how far it has come.
    pub progress: Option<&'a crate::Progress>,
}

/// The rules a puzzle is answered under: its own (a JSON document's) with
/// the caller's `base` added (names, and regions and cages where the
/// document has none).
pub fn effective_variant<'a>(puzzle: &'a Puzzle, base: &'a Variant) -> Cow<'a, Variant> {
    let Some(own) = &puzzle.variant else {
        return Cow::Borrowed(base);
    };
    let mut v = Variant::clone(own);
    v.diagonals |= base.diagonals;
    v.windows |= base.windows;
    if v.regions.is_none() {
        v.regions = base.regions.clone();
    }
    if v.cages.is_empty() {
        v.cages = base.cages.clone();
    }
    Cow::Owned(v)
}

/// Answers `puzzle` (read at `line`, for messages) under `variant`'s rules.
/// With `every_thread`, a count runs on every thread of the current rayon
/// pool (for a batch of fewer puzzles than threads).
pub fn answer(
    puzzle: &Puzzle,
    variant: &Variant,
    line: usize,
    question: &Question<'_>,
    every_thread: bool,
) -> Answered {
    let limits = match question.task {
        Task::Count { limit } => Limits {
            max_solutions: *limit,
            ..question.limits.clone()
        },
        _ => Limits {
            max_solutions: None,
            ..question.limits.clone()
        },
    };
    let grid = &puzzle.grid;
    if matches!(question.task, Task::Candidates | Task::UniqueMakers) {
        return answer_candidates(grid, variant, question, &limits);
    }
    let mut answered = if variant.is_classic() {
        answer_classic(grid, line, question, &limits, every_thread)
    } else {
        answer_variant(grid, variant, line, question, &limits, every_thread)
    };
    if let (Some(expected), Answer::Solved(found) | Answer::Unique(found)) =
        (&puzzle.solution, &answered.answer)
    {
        answered.expected = Some(if expected == found {
            Expected::Matches
        } else if verify(expected, grid, variant) {
            Expected::OtherSolution
        } else {
            Expected::NotASolution
        });
    }
    if matches!(answered.answer, Answer::Invalid(_)) {
        answered.nodes = None;
    }
    answered
}

/// [`answer`] for a caller that prints the verdict and not the solutions
/// (`sudoku check` as text): the same answer, without its grids. Where the
/// 9x9 specialist checks a classic puzzle, each solution the verdict rests
/// on is checked in the form the search holds it (code apart from the
/// search reads it against the rules and the givens), and two solutions
/// must differ, instead of each being decoded into a grid and checked
/// there.
///
/// ```
/// use solver_core::Limits;
/// use sudoku_solve::{answer, answer_verdict, Answer, Asked, Question, Task};
/// use sudoku_format::parse_puzzle;
/// use sudoku::{Alphabet, Variant};
///
/// let line = ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..";
/// let puzzle = parse_puzzle(line, None, &Alphabet::standard())?;
/// let limits = Limits::none();
/// let question = Question { task: &Task::Check, engine: Asked::Auto, limits: &limits, progress: None };
/// let verdict = answer_verdict(&puzzle, &Variant::default(), 1, &question, false);
/// assert_eq!(verdict.answer, Answer::Unique(()));
/// let full = answer(&puzzle, &Variant::default(), 1, &question, false);
/// assert_eq!(verdict.nodes, full.nodes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn answer_verdict(
    puzzle: &Puzzle,
    variant: &Variant,
    line: usize,
    question: &Question<'_>,
    every_thread: bool,
) -> Answered<()> {
    if *question.task == Task::Check && variant.is_classic() && puzzle.solution.is_none() {
        if let Some(answered) = verdict_by_words(&puzzle.grid, line, question) {
            return answered;
        }
    }
    answer(puzzle, variant, line, question, every_thread).without_grids()
}

/// The check of a classic puzzle on the 9x9 specialist, its solutions
/// checked as words ([`SolutionCheck`]); `None` where the plan names another
/// engine (or the solver cannot be made: [`answer`] says why).
fn verdict_by_words(grid: &Grid, line: usize, question: &Question<'_>) -> Option<Answered<()>> {
    let chosen = classic_plan(grid.shape(), question.task, question.engine).ok()?;
    if chosen.engine != EngineName::Band9 {
        return None;
    }
    // The caller's limits as they are when they set no solution limit (a
    // batch's do not): a clone costs two atomic operations on the cancel
    // flag's count.
    let unlimited;
    let limits = match question.limits.max_solutions {
        None => question.limits,
        Some(_) => {
            unlimited = Limits {
                max_solutions: None,
                ..question.limits.clone()
            };
            &unlimited
        }
    };
    // The search writes the solutions it finds here.
    let mut found: [Words; 2] = [[0; 27]; 2];
    let (verdict, stats) = with_thread_solver(grid.shape(), question.engine, |solver| {
        solver.check_unique_words(grid, limits, &mut found)
    })
    .ok()??;
    // On the compiled copy the plan's path names; the givens made only
    // when there is a solution to check.
    let check = SolutionCheck::on(chosen.path);
    let hold = |found: &[Words]| {
        check
            .givens(grid.cells())
            .is_some_and(|g| found.iter().all(|w| check.holds(w, &g)))
    };
    let mut nodes = Some(stats.nodes);
    let answer = match verdict {
        Verdict::Unique(()) if hold(&found[..1]) => Answer::Unique(()),
        Verdict::Multiple((), ()) if found[0] != found[1] && hold(&found) => {
            Answer::Multiple((), ())
        }
        Verdict::Unique(()) | Verdict::Multiple(..) => internal(line).without_grids(),
        Verdict::Unsolvable => Answer::Unsolvable,
        Verdict::Invalid(conflict) => {
            nodes = None;
            invalid(conflict).without_grids()
        }
        Verdict::Unknown(why) => Answer::Unknown(why),
    };
    Some(Answered {
        answer,
        nodes,
        plan: Some(chosen),
        expected: None,
    })
}

/// An invalid puzzle: the message says what is wrong; where (the record's
/// line) is the record's to say.
fn invalid(e: impl std::fmt::Display) -> Answer {
    Answer::Invalid(e.to_string())
}

/// A count as an answer, its nodes written to `nodes` (no solution is a
/// count of 0).
fn counted_answer(
    counted: Result<solver_core::Count, SolveError>,
    nodes: &mut Option<u64>,
) -> Answer {
    match counted {
        Ok(count) => {
            *nodes = Some(count.outcome.stats.nodes);
            Answer::Counted {
                solutions: count.solutions,
                incomplete: count.outcome.incomplete,
            }
        }
        Err(SolveError::Unsolvable) => Answer::Counted {
            solutions: 0,
            incomplete: None,
        },
        Err(e) => refused(e),
    }
}

/// A solver's refusal as an answer: a clash of givens is named as it is,
/// without the "invalid puzzle" prefix the record's status already says.
fn refused(e: SolveError) -> Answer {
    match e {
        SolveError::Invalid(conflict) => invalid(conflict),
        SolveError::Broken(_) => Answer::Internal(e.to_string()),
        e => invalid(e),
    }
}

fn internal(line: usize) -> Answer {
    Answer::Internal(format!(
        "line {line}: the solution found fails the check of the rules and givens"
    ))
}

fn answer_classic(
    grid: &Grid,
    line: usize,
    question: &Question<'_>,
    limits: &Limits,
    every_thread: bool,
) -> Answered {
    let task = question.task;
    let chosen = match classic_plan(grid.shape(), task, question.engine) {
        Ok(chosen) => chosen,
        Err(e) => return Answered::new(invalid(e)),
    };
    let mut answered = Answered::new(Answer::Unsolvable);
    answered.plan = Some(chosen);
    match *task {
        Task::Count { .. } if every_thread => {
            let counted = crate::solve::par_count(grid, question.engine, limits, question.progress);
            answered.answer = counted_answer(counted, &mut answered.nodes);
            return answered;
        }
        Task::Minimize { .. } => {
            // Minimizing digs as the generator does: sudoku-generate (on
            // this crate) answers it, and the batch run sends it there.
            return Answered::new(invalid(
                "minimize is answered by the generator (sudoku_generate::answer_minimize)",
            ));
        }
        Task::Rate { seeds } => {
            answered.answer = match crate::rate_within(grid, seeds, limits) {
                Ok(rating) => {
                    answered.nodes = Some(rating.average_nodes.round() as u64);
                    Answer::Rated(rating)
                }
                Err(SolveError::NotUnique) => Answer::NotUnique,
                Err(SolveError::Unsolvable) => Answer::Unsolvable,
                Err(SolveError::GaveUp(why)) => Answer::Unknown(why),
                Err(e) => refused(e),
            };
            return answered;
        }
        _ => {}
    }
    let searched = with_thread_solver(grid.shape(), question.engine, |solver| {
        search(solver, grid, line, task, limits, &mut answered, |g| {
            g.is_solution_of(grid)
        })
    });
    if let Err(e) = searched {
        answered.answer = invalid(e);
    }
    answered
}

/// The plan for the classic rules of `shape`: the thread's last one when
/// the shape, the kind of task, the engine asked for and the pool's threads
/// are the same (a batch plans once per thread, not once per puzzle: the
/// planner cost 3% of a 17-clue batch).
fn classic_plan(shape: Shape, task: &Task, engine: Asked) -> Result<Plan, sudoku::ShapeError> {
    type Key = (Shape, std::mem::Discriminant<Task>, Asked, usize);
    thread_local! {
        static LAST: std::cell::Cell<Option<(Key, Plan)>> = const { std::cell::Cell::new(None) };
    }
    let key = (
        shape,
        std::mem::discriminant(task),
        engine,
        rayon::current_num_threads(),
    );
    if let Some((last, chosen)) = LAST.get() {
        if last == key {
            return Ok(chosen);
        }
    }
    let chosen = plan(&Rules::standard_shared(shape), task, engine)?;
    LAST.set(Some((key, chosen)));
    Ok(chosen)
}

/// Runs `task` (solve, check or count) with `solver`, writing the answer
/// and the nodes into `answered`; `verified` is the independent check.
fn search(
    solver: &mut SudokuSolver,
    grid: &Grid,
    line: usize,
    task: &Task,
    limits: &Limits,
    answered: &mut Answered,
    verified: impl Fn(&Grid) -> bool,
) {
    answered.answer = match task {
        Task::Solve => {
            let (result, stats) = solver.solve_one(grid, limits);
            answered.nodes = Some(stats.nodes);
            match result {
                Ok(solution) if verified(&solution) => Answer::Solved(solution),
                Ok(_) => internal(line),
                Err(SolveError::Unsolvable) => Answer::Unsolvable,
                Err(SolveError::GaveUp(why)) => Answer::Unknown(why),
                Err(e) => refused(e),
            }
        }
        Task::Check => {
            let (verdict, stats) = solver.check_unique(grid, limits);
            answered.nodes = Some(stats.nodes);
            match crate::solve::check_verdict(verdict, &verified) {
                Ok(Verdict::Unique(solution)) => Answer::Unique(solution),
                Ok(Verdict::Multiple(a, b)) => Answer::Multiple(a, b),
                Ok(Verdict::Unsolvable) => Answer::Unsolvable,
                Ok(Verdict::Invalid(conflict)) => invalid(conflict),
                Ok(Verdict::Unknown(why)) => Answer::Unknown(why),
                Err(_) => internal(line),
            }
        }
        Task::Count { .. } => counted_answer(solver.count(grid, limits), &mut answered.nodes),
        Task::Minimize { .. }
        | Task::Rate { .. }
        | Task::RateLogic
        | Task::Candidates
        | Task::UniqueMakers
        | Task::Enumerate
        | Task::Split => invalid("this task is not answered one puzzle at a time"),
    };
}

/// True candidates of `grid` under `variant`, or the placements that make
/// it unique (all threads of the pool): every value found is proven by a
/// solution checked against the rules.
fn answer_candidates(
    grid: &Grid,
    variant: &Variant,
    question: &Question<'_>,
    limits: &Limits,
) -> Answered {
    let rules = match variant.rules(grid.shape()) {
        Ok(rules) => Arc::new(rules),
        Err(e) => return Answered::new(invalid(e)),
    };
    let chosen = match plan(&rules, question.task, question.engine) {
        Ok(chosen) => chosen,
        Err(e) => return Answered::new(invalid(e)),
    };
    if let Err(conflict) = rules.check(grid) {
        return Answered::new(invalid(conflict));
    }
    let mut answered = Answered::new(Answer::Unsolvable);
    answered.plan = Some(chosen);
    if *question.task == Task::UniqueMakers {
        answered.answer =
            match crate::setter::unique_makers_with(&rules, grid, limits, question.engine) {
                Ok(found) if found.unsolvable => Answer::Unsolvable,
                Ok(found) => Answer::UniqueMakers {
                    placements: found.placements,
                    incomplete: found.incomplete,
                },
                Err(e) => refused(e),
            };
        return answered;
    }
    answered.answer =
        match crate::setter::true_candidates_with(&rules, grid, limits, question.engine) {
            Ok(found) if found.is_unsolvable() => Answer::Unsolvable,
            Ok(found) => Answer::Candidates {
                cells: (0..found.masks.len()).map(|c| found.values(c)).collect(),
                incomplete: found.incomplete,
            },
            Err(e) => refused(e),
        };
    answered
}

/// A thread's solvers for variants: the variant, shape and engine asked
/// for, to the compiled rules and the solver built for them.
type VariantSolvers = HashMap<(Variant, Shape, Asked), (Arc<Rules>, SudokuSolver)>;

thread_local! {
    /// Each thread's solvers for variants, keyed by their rules (a batch
    /// of one variant builds one per thread).
    static VARIANT_SOLVERS: RefCell<VariantSolvers> = RefCell::new(HashMap::new());
}

/// How many variant solvers a thread keeps.
const VARIANT_SOLVERS_PER_THREAD: usize = 8;

fn answer_variant(
    grid: &Grid,
    variant: &Variant,
    line: usize,
    question: &Question<'_>,
    limits: &Limits,
    every_thread: bool,
) -> Answered {
    let task = question.task;
    if matches!(task, Task::Minimize { .. } | Task::Rate { .. }) {
        return Answered::new(invalid(
            "minimize and rate handle classic Sudoku only (no variant, regions or cages)",
        ));
    }
    let shape = grid.shape();
    let key = (variant.clone(), shape, question.engine);
    let cached = VARIANT_SOLVERS.with(|s| s.borrow_mut().remove(&key));
    let (rules, mut solver) = match cached {
        Some(found) => found,
        None => {
            let rules = match variant.rules(shape) {
                Ok(rules) => Arc::new(rules),
                Err(e) => return Answered::new(invalid(e)),
            };
            match SudokuSolver::with_rules(Arc::clone(&rules), question.engine) {
                Ok(solver) => (rules, solver),
                Err(e) => return Answered::new(invalid(e)),
            }
        }
    };
    let mut answered = Answered::new(Answer::Unsolvable);
    let chosen = match solver.plan_for(task) {
        Ok(chosen) => chosen,
        Err(e) => return Answered::new(invalid(e)),
    };
    answered.plan = Some(chosen);
    // On every thread a variant is counted by Dancing Links' parallel
    // search over disjoint subtrees; the units engine (128 cells at most)
    // counts on one thread, which the plan names.
    let links = matches!(chosen.engine, EngineName::Dlx | EngineName::Cells);
    if every_thread && links && matches!(task, Task::Count { .. }) {
        answered.answer = counted_answer(solver.par_count(grid, limits), &mut answered.nodes);
    } else {
        search(&mut solver, grid, line, task, limits, &mut answered, |g| {
            verify(g, grid, variant) && rules.is_solution(g, grid)
        });
    }
    VARIANT_SOLVERS.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() >= VARIANT_SOLVERS_PER_THREAD {
            s.clear();
        }
        s.insert(key, (rules, solver));
    });
    answered
}

/// The check of a generated puzzle: `solution` passes [`verify`] and is the
/// puzzle's only solution, as Dancing Links (an engine apart from the
/// generators' searches) finds under `limits`. `Ok(false)` means a bug in
/// the generator; `Err` that a limit stopped the check.
pub fn check_generated(
    puzzle: &Grid,
    solution: &Grid,
    variant: &Variant,
    limits: &Limits,
) -> Result<bool, Incomplete> {
    if !verify(solution, puzzle, variant) {
        return Ok(false);
    }
    let Ok(rules) = variant.rules(puzzle.shape()) else {
        return Ok(false);
    };
    let Ok(mut checker) = SudokuSolver::with_rules(Arc::new(rules), Asked::Dlx) else {
        return Ok(false);
    };
    match checker.check_unique(puzzle, limits).0 {
        Verdict::Unique(found) => Ok(found == *solution),
        Verdict::Unknown(why) => Err(why),
        _ => Ok(false),
    }
}

/// Checks `solution` against `puzzle` under `variant`, from the rules'
/// wording: every cell filled with 1..=N and the givens kept; rows,
/// columns, boxes (or the regions), the diagonals and the windows each
/// holding N different values; every cage's values different and adding up
/// to its sum; every setter's constraint kept, by its definition. Written
/// apart from the search and from [`Rules`], as the independent check of
/// every answer.
pub fn verify(solution: &Grid, puzzle: &Grid, variant: &Variant) -> bool {
    let shape = puzzle.shape();
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let s = solution.cells();
    if solution.shape() != shape
        || s.len() != n * n
        || s.iter().any(|&v| v == 0 || usize::from(v) > n)
        || s.iter()
            .zip(puzzle.cells())
            .any(|(&a, &g)| g != 0 && a != g)
    {
        return false;
    }
    // Every group of cells, as (key, cell); a group must hold n different
    // values.
    let mut groups: HashMap<(u8, usize), Vec<usize>> = HashMap::new();
    for r in 0..n {
        for c in 0..n {
            let cell = r * n + c;
            groups.entry((0, r)).or_default().push(cell);
            groups.entry((1, c)).or_default().push(cell);
            let region = match &variant.regions {
                Some(regions) => regions.region_of(cell),
                None => (r / br) * (n / bc) + c / bc,
            };
            groups.entry((2, region)).or_default().push(cell);
            if variant.diagonals && r == c {
                groups.entry((3, 0)).or_default().push(cell);
            }
            if variant.diagonals && r + c == n - 1 {
                groups.entry((3, 1)).or_default().push(cell);
            }
            // Windows: the cells off the lines r = k(br + 1), c = k(bc + 1),
            // grouped by the block they fall in (partial blocks dropped).
            if variant.windows && r % (br + 1) != 0 && c % (bc + 1) != 0 {
                groups
                    .entry((4, r / (br + 1) * n + c / (bc + 1)))
                    .or_default()
                    .push(cell);
            }
        }
    }
    let distinct = |cells: &[usize]| {
        let mut seen = vec![false; n + 1];
        cells
            .iter()
            .all(|&c| !std::mem::replace(&mut seen[usize::from(s[c])], true))
    };
    let windows = groups
        .iter()
        .filter(|((kind, _), cells)| *kind == 4 && cells.len() == n);
    let expected_windows = if variant.windows {
        (bc - 1) * (br - 1)
    } else {
        0
    };
    if windows.clone().count() != expected_windows {
        return false;
    }
    let units_ok = groups
        .iter()
        .filter(|((kind, _), cells)| *kind != 4 || cells.len() == n)
        .all(|(_, cells)| cells.len() == n && distinct(cells));
    let cages_ok = variant.cages.iter().all(|cage| {
        let cells: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * n + c).collect();
        cells.iter().all(|&c| c < n * n)
            && distinct(&cells)
            && cells.iter().map(|&c| u32::from(s[c])).sum::<u32>() == cage.sum
    });
    // The setter's constraints, each by its definition
    // (`Constraint::holds`, written apart from the propagators).
    let constraints_ok = variant.constraints.is_empty() || {
        let regions: Vec<usize> = (0..n * n)
            .map(|cell| match &variant.regions {
                Some(regions) => regions.region_of(cell),
                None => shape.box_of(cell / n, cell % n),
            })
            .collect();
        variant
            .constraints
            .iter()
            .all(|c| c.holds(shape, s, &variant.constraints, &regions))
    };
    units_ok && cages_ok && constraints_ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Alphabet;
    use sudoku_format::parse_puzzle;

    #[test]
    fn generated_puzzles_are_checked_apart_from_the_generator() {
        let x = Variant::from_names("x").unwrap();
        let course = puzzle("1.......3......4").grid;
        let solution = puzzle("1243431234212134").grid;
        let none = Limits::none();
        assert_eq!(check_generated(&course, &solution, &x, &none), Ok(true));
        // Not a solution (the diagonals break), or not the only one.
        let classic = puzzle("1234341221434321").grid;
        assert_eq!(check_generated(&course, &classic, &x, &none), Ok(false));
        let fewer = puzzle("1..............4").grid;
        assert_eq!(check_generated(&fewer, &solution, &x, &none), Ok(false));
        // A limit stops the check; it says so.
        let raised = Limits::none().cancel_flag(Arc::new(std::sync::atomic::AtomicBool::new(true)));
        assert_eq!(
            check_generated(&fewer, &solution, &x, &raised),
            Err(Incomplete::Cancelled)
        );
    }

    fn puzzle(text: &str) -> Puzzle {
        parse_puzzle(text, None, &Alphabet::standard()).unwrap()
    }

    fn ask(p: &Puzzle, variant: &Variant, task: Task, engine: Asked) -> Answered {
        let question = Question {
            task: &task,
            engine,
            limits: &Limits::none(),
            progress: None,
        };
        answer(p, variant, 1, &question, false)
    }

    /// The verdict alone, on the 9x9 specialist with its solutions checked
    /// as words, against the full answer (solutions decoded and checked as
    /// grids): the same statuses, nodes and plans on puzzles with one
    /// solution, several, none, clashing givens and a node limit.
    #[test]
    fn the_verdict_alone_is_the_full_answer_without_its_grids() {
        let unique =
            ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..";
        let mut texts = vec![unique.to_string()];
        // Givens taken away one by one: several solutions, sooner or later.
        for k in [1, 3, 6, 9] {
            let mut t: Vec<u8> = unique.bytes().collect();
            let mut gone = 0;
            for c in t.iter_mut() {
                if *c != b'.' && gone < k {
                    *c = b'.';
                    gone += 1;
                }
            }
            texts.push(String::from_utf8(t).unwrap());
        }
        // A given changed so that none fits (no solution), and two equal
        // givens in a row (a clash).
        let mut none: Vec<u8> = unique.bytes().collect();
        none[0] = b'9';
        texts.push(String::from_utf8(none).unwrap());
        texts.push(format!("11{}", &unique[2..]));
        texts.push(".".repeat(81));
        let classic = Variant::default();
        let mut statuses = Vec::new();
        for limits in [Limits::none(), Limits::none().nodes(3)] {
            for text in &texts {
                let p = puzzle(text);
                let question = Question {
                    task: &Task::Check,
                    engine: Asked::Auto,
                    limits: &limits,
                    progress: None,
                };
                let alone = answer_verdict(&p, &classic, 1, &question, false);
                let full = answer(&p, &classic, 1, &question, false).without_grids();
                assert_eq!(alone.answer, full.answer, "{text}");
                assert_eq!(alone.nodes, full.nodes, "{text}");
                assert_eq!(alone.plan, full.plan, "{text}");
                assert_eq!(alone.plan.map(|p| p.engine), Some(EngineName::Band9));
                statuses.push(alone.answer.status());
            }
        }
        for status in ["unique", "multiple", "unsolvable", "invalid", "unknown"] {
            assert!(statuses.contains(&status), "{status}: {statuses:?}");
        }
    }

    #[test]
    fn every_engine_gives_the_same_verdicts_and_counts() {
        let classic = Variant::default();
        let x = Variant::from_names("x").unwrap();
        for text in [
            "1.3.3.2...4.....",
            "1...............",
            "11..............",
            "..12.4..3.......",
        ] {
            let p = puzzle(text);
            for variant in [&classic, &x] {
                let auto = ask(&p, variant, Task::Count { limit: None }, Asked::Auto);
                let dlx = ask(&p, variant, Task::Count { limit: None }, Asked::Dlx);
                assert_eq!(auto.answer.status(), dlx.answer.status(), "{text}");
                if let (
                    Answer::Counted { solutions: a, .. },
                    Answer::Counted { solutions: b, .. },
                ) = (&auto.answer, &dlx.answer)
                {
                    assert_eq!(a, b, "{text}");
                }
                // Counts asked of Dancing Links run on Dancing Cells, whose
                // size these grids' matrices are well within, and say so.
                assert_eq!(dlx.plan.map(|p| p.engine), Some(crate::EngineName::Cells));
                let checked = ask(&p, variant, Task::Check, Asked::Auto);
                let checked_dlx = ask(&p, variant, Task::Check, Asked::Dlx);
                assert_eq!(
                    checked.answer.status(),
                    checked_dlx.answer.status(),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn a_refused_engine_is_an_invalid_answer_naming_it() {
        let p = Puzzle {
            grid: Grid::empty(Shape::square(12).unwrap()),
            notation: sudoku::Notation::Numbers,
            solution: None,
            variant: None,
        };
        let refused = ask(&p, &Variant::default(), Task::Solve, Asked::Bits);
        match refused.answer {
            Answer::Invalid(message) => assert!(message.contains("engine bits"), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_independent_check_catches_a_broken_diagonal() {
        // A classic 4x4 solution whose main diagonal repeats a value.
        let p = puzzle("1234341221434321");
        let empty = Grid::empty(p.grid.shape());
        assert!(verify(&p.grid, &empty, &Variant::default()));
        let x = Variant::from_names("x").unwrap();
        assert!(!verify(&p.grid, &empty, &x));
    }

    #[test]
    fn a_document_variant_adds_to_the_callers() {
        let mut p = puzzle("1...............");
        let x = Variant::from_names("x").unwrap();
        assert_eq!(effective_variant(&p, &x).as_ref(), &x);
        p.variant = Some(Box::new(Variant::from_names("windoku").unwrap()));
        let both = effective_variant(&p, &x);
        assert!(both.diagonals && both.windows);
    }
}
