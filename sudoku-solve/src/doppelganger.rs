//! Answering doppelganger puzzles ([`sudoku::doppelganger`]): grids of
//! `0..=n`, a kind of puzzle beside the classic grid and its variants.
//!
//! The puzzle's model ([`sudoku::doppelganger::model`]) goes to the one
//! planner of the workspace ([`cover_model::plan::decide`], as a constraint
//! model: its forbidden tables make it no exact cover, so `auto` names the
//! propagation engine; `--engine dlx` and `bits` are refused), the engine
//! the plan names is built, and every solution it gives passes two checks
//! before it is returned: the model's own (`Model::solution_check`) and the
//! rule as its text says it ([`sudoku::doppelganger::check_against`]). A
//! failure is [`Answer::Internal`], never an answer.
//!
//! ```
//! use solver_core::Limits;
//! use sudoku::doppelganger::DoppelGrid;
//! use sudoku_solve::doppelganger::answer;
//! use sudoku_solve::{Answer, Engine, EngineName, Task};
//!
//! // Every 4x4 doppelganger grid: 768 of them.
//! let empty: DoppelGrid = "................".parse()?;
//! let counted = answer(&empty, &Task::Count { limit: None }, Engine::Auto, &Limits::none())?;
//! assert_eq!(counted.plan.engine, EngineName::Propagation);
//! assert!(matches!(counted.answer, Answer::Counted { solutions: 768, incomplete: None }));
//! // One more given than the first row's: still several solutions.
//! let puzzle: DoppelGrid = "0123............".parse()?;
//! let checked = answer(&puzzle, &Task::Check, Engine::Auto, &Limits::none())?;
//! assert!(matches!(checked.answer, Answer::Multiple(..)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use cover_model::plan::{decide, Problem};
use cover_model::{ModelEngine, ModelError, Solution, Verdict};
use solver_core::{Found, Limits};
use sudoku::doppelganger::{check_against, model, DoppelGrid, DoppelModel};

use crate::answer::{Answer, Task};
use crate::solve::Engine;
use cover_model::plan::{EngineName, Plan, Refusal};

/// A doppelganger puzzle answered: the answer, the plan that named the
/// engine, and the search's nodes.
#[derive(Clone, Debug)]
pub struct DoppelAnswered {
    /// The answer; its grids are doppelganger grids.
    pub answer: Answer<DoppelGrid>,
    /// The engine that answered and why.
    pub plan: Plan,
    /// Search-tree nodes.
    pub nodes: u64,
}

/// Why a doppelganger puzzle was not searched at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DoppelSolveError {
    /// The engine asked for cannot take the puzzle.
    #[error("doppelganger: {0}")]
    Refused(#[from] Refusal),
    /// The task is not one doppelganger puzzles answer.
    #[error("doppelganger puzzles are solved, checked and counted; not {0}")]
    Task(&'static str),
    /// The model refused the puzzle.
    #[error("doppelganger: {0}")]
    Model(#[from] ModelError),
}

/// Answers `task` (solve, check, count up to a limit) on `puzzle` under
/// `limits`, on the engine the plan names for `asked`.
///
/// # Errors
/// [`DoppelSolveError`]: an engine that cannot take the puzzle, a task
/// other than solve, check and count.
pub fn answer(
    puzzle: &DoppelGrid,
    task: &Task,
    asked: Engine,
    limits: &Limits,
) -> Result<DoppelAnswered, DoppelSolveError> {
    match task {
        Task::Solve | Task::Check | Task::Count { .. } => {}
        Task::Minimize { .. } => return Err(DoppelSolveError::Task("minimized")),
        Task::Rate { .. } | Task::RateLogic => return Err(DoppelSolveError::Task("rated")),
        Task::Candidates | Task::UniqueMakers => {
            return Err(DoppelSolveError::Task("asked for candidates"))
        }
        Task::Enumerate | Task::Split => return Err(DoppelSolveError::Task("enumerated or split")),
    }
    let stated = model(puzzle)?;
    let exact_cover = stated.model.planned_engine() == ModelEngine::DancingLinks;
    let problem = Problem::Model {
        exact_cover,
        cells: false,
    };
    let plan = decide(&problem, task.job(), asked.asked())?;
    let engine = match plan.engine {
        EngineName::Dlx => ModelEngine::DancingLinks,
        _ => ModelEngine::Propagation,
    };
    let compiled = stated.model.compile_with(Some(engine))?;
    let mut solver = compiled.solver();
    let (answer, nodes) = match task {
        Task::Count { limit } => {
            let mut limits = limits.clone();
            if let Some(limit) = limit {
                limits.max_solutions = Some(limits.max_solutions.map_or(*limit, |m| m.min(*limit)));
            }
            let count = solver.par_count(&limits);
            (
                Answer::Counted {
                    solutions: count.solutions,
                    incomplete: count.outcome.incomplete,
                },
                count.outcome.stats.nodes,
            )
        }
        Task::Solve => {
            let (found, stats) = solver.solve_one(limits);
            let answer = match found {
                Found::Solution(s) => match checked(&stated, &s) {
                    Ok(grid) => Answer::Solved(grid),
                    Err(why) => Answer::Internal(why),
                },
                Found::NoSolution => Answer::Unsolvable,
                Found::GaveUp(why) => Answer::Unknown(why),
            };
            (answer, stats.nodes)
        }
        _ => {
            let (verdict, stats) = solver.verdict(limits);
            let answer = match verdict {
                Verdict::Unique(s) => match checked(&stated, &s) {
                    Ok(grid) => Answer::Unique(grid),
                    Err(why) => Answer::Internal(why),
                },
                Verdict::Multiple(a, b) => match (checked(&stated, &a), checked(&stated, &b)) {
                    (Ok(a), Ok(b)) if a != b => Answer::Multiple(a, b),
                    (Ok(_), Ok(_)) => {
                        Answer::Internal("doppelganger: the same solution found twice".into())
                    }
                    (Err(why), _) | (_, Err(why)) => Answer::Internal(why),
                },
                Verdict::NoSolution => Answer::Unsolvable,
                Verdict::Unknown(why) => Answer::Unknown(why),
            };
            (answer, stats.nodes)
        }
    };
    Ok(DoppelAnswered {
        answer,
        plan,
        nodes,
    })
}

/// The grid of `solution`, having passed the model's check and the rule's.
fn checked(stated: &DoppelModel, solution: &Solution) -> Result<DoppelGrid, String> {
    stated
        .model
        .check_solution(solution.values())
        .map_err(|e| format!("doppelganger: the engine's solution breaks the model: {e}"))?;
    let grid = stated.grid(solution);
    check_against(&grid, stated.puzzle())
        .map_err(|e| format!("doppelganger: the engine's solution {grid} breaks the rule: {e}"))?;
    Ok(grid)
}
