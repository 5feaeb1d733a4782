//! Answering doppelganger puzzles ([`sudoku::doppelganger`]): grids of
//! `0..=n`, a kind of puzzle beside the classic grid and its variants.
//!
//! The puzzle goes to the one planner of the workspace
//! ([`cover_model::plan::decide`], as a model with a search of its own:
//! `Problem::OwnSearch`). `auto` plans, for a uniqueness check, the grid's
//! own search on candidate masks (`masks`, the search [`generate`] makes
//! its puzzles with: a generated 9x9 puzzle's proof in about a
//! millisecond (median), where the propagation engine takes about ten) within
//! [`MASKS_FIRST`] nodes, and what follows when that runs out; to solve
//! and count (and after the masks), it runs the propagation engine on the
//! constraint model first, within [`PROPAGATION_FIRST`] nodes, and Dancing Links on the
//! exact cover when that budget runs out: with givens propagation proves a
//! 9x9 puzzle unique in milliseconds where Dancing Links can take seconds,
//! and on an (almost) empty grid Dancing Links finds what propagation does
//! not in minutes. The plan names the engine that answered. `--engine dlx`
//! names Dancing Links on the puzzle's exact cover
//! ([`sudoku::doppelganger::cover`]: one option per value of a cell, and per
//! 0 one option for each three different values its row, column and box
//! miss); `--engine propagation` names the propagation engine on the
//! constraint model ([`sudoku::doppelganger::model`]); `bits` and `cdcl` are
//! refused. Every solution Dancing Links or propagation gives passes two
//! checks before it is returned: the constraint model's own
//! (`Model::check_solution`, on the grid and the missing values the cover's
//! zeros declared) and the rule as its text says it
//! ([`sudoku::doppelganger::check_against`]); every grid the masks find
//! passes the rule's check. A failure is [`Answer::Internal`], never an
//! answer. [`check_by_propagation`] checks a puzzle apart from the masks
//! (as `sudoku_generate::Maker` checks what the masks made).
//!
//! Beside the answers: [`true_candidates`] (per cell the values of some
//! solution) and [`generate`] (unique, minimal puzzles from a seed, made
//! on the search on candidate masks, so that the propagation engine and
//! Dancing Links can check them apart from how they were made).
//!
//! ```
//! use solver_core::Limits;
//! use sudoku::doppelganger::DoppelGrid;
//! use sudoku_solve::doppelganger::answer;
//! use sudoku_solve::{Answer, Asked, EngineName, Task};
//!
//! // Every 4x4 doppelganger grid: 768 of them.
//! let empty: DoppelGrid = "................".parse()?;
//! let counted = answer(&empty, &Task::Count { limit: None }, Asked::Dlx, &Limits::none())?;
//! assert_eq!(counted.plan.engine, EngineName::Dlx);
//! assert!(matches!(counted.answer, Answer::Counted { solutions: 768, incomplete: None }));
//! // One more given than the first row's: still several solutions.
//! let puzzle: DoppelGrid = "0123............".parse()?;
//! let checked = answer(&puzzle, &Task::Check, Asked::Auto, &Limits::none())?;
//! assert!(matches!(checked.answer, Answer::Multiple(..)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod candidates;
mod generate;
mod masks;

pub use candidates::{true_candidates, DoppelCandidates};
pub use generate::{generate, DoppelGenerateError, DoppelGenerated, DIG_NODES, FILL_NODES};
pub use masks::MAX_MASK_SIDE;

use cover_model::plan::{decide, Problem};
use cover_model::{ModelError, Solution, Value, Verdict};
use solver_core::{Found, Incomplete, Limits, OptionId};
use sudoku::doppelganger::{check_against, cover, model, DoppelCovered, DoppelGrid, DoppelModel};

use crate::answer::{Answer, Task};
use cover_model::plan::{Asked, EngineName, Plan, Refusal};
use masks::MaskSearch;

/// The name of the kind in `--variant`.
pub const NAME: &str = "doppelganger";

/// Whether the variant list `names` (`--variant`: names joined by commas,
/// `+` or spaces) names doppelganger; `Err` when it does along with other
/// names (a grid of `0..=n` takes no other rule). The one reader of the
/// kind's name for the command line, the generator and Python.
pub fn named(names: &str) -> Result<bool, String> {
    let names: Vec<&str> = names
        .split([',', '+', ' '])
        .filter(|s| !s.is_empty())
        .collect();
    if !names.iter().any(|n| n.eq_ignore_ascii_case(NAME)) {
        return Ok(false);
    }
    if names.len() > 1 {
        return Err(format!(
            "{NAME}: grids of 0..n combine with no other variant, not {}",
            names.join(",")
        ));
    }
    Ok(true)
}

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
    /// The exact cover's builder refused the puzzle.
    #[error("doppelganger: the exact cover: {0}")]
    Cover(String),
    /// A solution failed its checks (a bug), or an engine answered what it
    /// should not have.
    #[error("internal error: {0}")]
    Internal(String),
}

/// Answers `task` (solve, check, count up to a limit) on `puzzle` under
/// `limits`, on the engine the plan names for `asked` (the planner's own
/// choices, the propagation engine, [`Asked::Propagation`], among them).
///
/// # Errors
/// [`DoppelSolveError`]: an engine that cannot take the puzzle, a task
/// other than solve, check and count.
pub fn answer(
    puzzle: &DoppelGrid,
    task: &Task,
    asked: Asked,
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
    let own = own_search(puzzle, task);
    let problem = Problem::OwnSearch {
        exact_cover: true,
        own,
    };
    if asked == Asked::Auto {
        return match own {
            Some(_) => masks_first(puzzle, &problem, task, limits),
            None => propagation_first(&model(puzzle)?, &problem, task, limits),
        };
    }
    let plan = decide(&problem, task.job(), asked)?;
    let (answer, nodes) = match plan.engine {
        EngineName::Masks => check_by_masks(puzzle, limits)?,
        EngineName::Dlx => by_cover(&model(puzzle)?, task, limits)?,
        _ => by_propagation(&model(puzzle)?, task, limits)?,
    };
    Ok(DoppelAnswered {
        answer,
        plan,
        nodes,
    })
}

/// The uniqueness check of `puzzle` on the propagation engine (the
/// constraint model), asked for by name: a check apart from the grid's own
/// search on candidate masks, which [`generate`] makes its puzzles with
/// and which `auto` plans for a check (`sudoku_generate::Maker` checks
/// what it made with this).
///
/// # Errors
/// As [`answer`].
pub fn check_by_propagation(
    puzzle: &DoppelGrid,
    limits: &Limits,
) -> Result<DoppelAnswered, DoppelSolveError> {
    answer(puzzle, &Task::Check, Asked::Propagation, limits)
}

/// The plan of the doppelganger grid's own search on candidate masks
/// ([`EngineName::Masks`]) for `task`, or `None` where it does not take
/// it: `auto` plans it for a uniqueness check (the 9x9 proofs of
/// generated puzzles in about a millisecond, where the propagation engine
/// on the constraint model takes ten), on sides up to
/// [`MAX_MASK_SIDE`], within [`MASKS_FIRST`] nodes ([`masks_first`]).
fn own_search(puzzle: &DoppelGrid, task: &Task) -> Option<Plan> {
    let takes = matches!(task, Task::Check);
    (takes && puzzle.shape().side() <= MAX_MASK_SIDE).then_some(Plan::new(
        EngineName::Masks,
        "doppelganger: a uniqueness check on the grid's own search on candidate masks",
    ))
}

/// Nodes the grid's own search on candidate masks gets under `auto` (a
/// check) before the propagation engine, and then Dancing Links, take the
/// puzzle over (`propagation_first`): [`DIG_NODES`], within which the
/// masks decided every removal of a generated puzzle, so that a generated
/// puzzle's proof never leaves them (20 generated 9x9 puzzles took 42 to
/// 2,135; the empty 9x9 grid takes 175).
pub const MASKS_FIRST: u64 = DIG_NODES;

/// `auto` on a check: the grid's own search on candidate masks within
/// [`MASKS_FIRST`] nodes, then, when that budget ran out, the
/// propagation engine and Dancing Links as [`propagation_first`] runs
/// them, on the nodes left. The plan names the engine that answered and
/// why.
fn masks_first(
    puzzle: &DoppelGrid,
    problem: &Problem,
    task: &Task,
    limits: &Limits,
) -> Result<DoppelAnswered, DoppelSolveError> {
    let plan = decide(problem, task.job(), Asked::Auto)?;
    debug_assert_eq!(plan.engine, EngineName::Masks);
    let (answer, nodes) = check_by_masks(puzzle, &within(limits, MASKS_FIRST))?;
    if !ran_out(&answer, limits, MASKS_FIRST) {
        return Ok(DoppelAnswered {
            answer,
            plan,
            nodes,
        });
    }
    let mut rest = limits.clone();
    rest.max_nodes = limits.max_nodes.map(|m| m.saturating_sub(nodes));
    let mut after = propagation_first(&model(puzzle)?, problem, task, &rest)?;
    after.plan.reason = match after.plan.engine {
        EngineName::Propagation => {
            "doppelganger: propagation once the masks ran out of their node budget"
        }
        _ => "doppelganger: Dancing Links once the masks and propagation ran out of their node budgets",
    };
    after.nodes = after.nodes.saturating_add(nodes);
    Ok(after)
}

/// `limits` with its node limit at most `budget`.
pub(crate) fn within(limits: &Limits, budget: u64) -> Limits {
    let mut first = limits.clone();
    first.max_nodes = Some(limits.max_nodes.map_or(budget, |m| m.min(budget)));
    first
}

/// Whether a stage of `auto` stopped at its own node `budget` (not at the
/// caller's limits), so that the next stage takes the puzzle over.
fn ran_out(answer: &Answer<DoppelGrid>, limits: &Limits, budget: u64) -> bool {
    matches!(
        answer,
        Answer::Unknown(Incomplete::NodeLimit)
            | Answer::Counted {
                incomplete: Some(Incomplete::NodeLimit),
                ..
            }
    ) && limits.max_nodes.is_none_or(|m| m > budget)
}

/// Nodes the propagation engine gets under `auto` before Dancing Links
/// takes the puzzle over: 20,000, since a generated 9x9 puzzle (seed 14,
/// 30 givens) took propagation 7,822 nodes and Dancing Links 32 million
/// (five minutes) when the budget was 5,000.
pub const PROPAGATION_FIRST: u64 = 20_000;

/// `auto`: the propagation engine first, within [`PROPAGATION_FIRST`]
/// nodes (puzzles with givens: a 9x9 minimal puzzle's uniqueness in a few
/// milliseconds, where Dancing Links may take seconds), then Dancing Links
/// on the exact cover when that budget ran out (the empty or nearly empty
/// grid, which propagation does not finish in minutes). The plan names the
/// engine that answered.
fn propagation_first(
    stated: &DoppelModel,
    problem: &Problem,
    task: &Task,
    limits: &Limits,
) -> Result<DoppelAnswered, DoppelSolveError> {
    let mut plan = decide(problem, task.job(), Asked::Propagation)?;
    plan.reason = "doppelganger: propagation first, within its node budget";
    debug_assert_eq!(plan.engine, EngineName::Propagation);
    let (answer, nodes) = by_propagation(stated, task, &within(limits, PROPAGATION_FIRST))?;
    let budget_ran_out = ran_out(&answer, limits, PROPAGATION_FIRST);
    if !budget_ran_out {
        return Ok(DoppelAnswered {
            answer,
            plan,
            nodes,
        });
    }
    let mut plan = decide(problem, task.job(), Asked::Dlx)?;
    plan.reason = "doppelganger: Dancing Links once propagation ran out of its node budget";
    let mut rest = limits.clone();
    rest.max_nodes = limits.max_nodes.map(|m| m.saturating_sub(nodes));
    let (answer, more) = by_cover(stated, task, &rest)?;
    Ok(DoppelAnswered {
        answer,
        plan,
        nodes: nodes.saturating_add(more),
    })
}

/// The verdict and nodes of the grid's own search on candidate masks
/// ([`MaskSearch`]) on a uniqueness check, the one task `auto` plans it
/// for: up to two solutions (fewer when the caller's solution limit says
/// so), each checked by the rule's text before it is given here, a
/// failure being [`Answer::Internal`].
fn check_by_masks(
    puzzle: &DoppelGrid,
    limits: &Limits,
) -> Result<(Answer<DoppelGrid>, u64), DoppelSolveError> {
    let search = MaskSearch::new(puzzle).ok_or_else(|| {
        DoppelSolveError::Internal(format!(
            "doppelganger: the mask search takes sides up to {MAX_MASK_SIDE}"
        ))
    })?;
    let want = capped(limits, Some(2))
        .max_solutions
        .map_or(2, |m| usize::try_from(m).unwrap_or(2));
    let found = match search.solve(puzzle, want, limits, None) {
        Ok(found) => found,
        Err(why) => return Ok((Answer::Internal(why), 0)),
    };
    let mut grids = found.solutions.into_iter();
    let answer = match (grids.next(), grids.next(), found.incomplete) {
        (Some(a), Some(b), _) if a != b => Answer::Multiple(a, b),
        (Some(_), Some(_), _) => {
            Answer::Internal("doppelganger: the same solution found twice".into())
        }
        (Some(a), None, None) => Answer::Unique(a),
        (None, _, None) => Answer::Unsolvable,
        (_, _, Some(why)) => Answer::Unknown(why),
    };
    Ok((answer, found.nodes))
}

/// The answer and nodes of Dancing Links on the puzzle's exact cover
/// ([`sudoku::doppelganger::cover`]).
fn by_cover(
    stated: &DoppelModel,
    task: &Task,
    limits: &Limits,
) -> Result<(Answer<DoppelGrid>, u64), DoppelSolveError> {
    let covered = cover(stated.puzzle()).map_err(|e| DoppelSolveError::Cover(e.to_string()))?;
    let check = |options: &[OptionId]| checked_cover(stated, &covered.read(options));
    Ok(match task {
        Task::Count { limit } => {
            let limits = capped(limits, *limit);
            match covered.matrix.par_count(&[], &limits) {
                Ok(count) => (
                    Answer::Counted {
                        solutions: count.solutions,
                        incomplete: count.outcome.incomplete,
                    },
                    count.outcome.stats.nodes,
                ),
                Err(e) => (Answer::Internal(format!("doppelganger: {e}")), 0),
            }
        }
        Task::Solve => {
            let mut solver = covered.matrix.solver();
            let (found, stats) = solver.first_solution(limits);
            (
                solved(found, |options: &Vec<OptionId>| check(options)),
                stats.nodes,
            )
        }
        _ => {
            let limits = capped(limits, Some(2));
            let mut solver = covered.matrix.solver();
            let mut search = solver.solutions(&limits);
            let mut found = Vec::with_capacity(2);
            while let Some(options) = search.next_solution() {
                found.push(check(options));
            }
            let outcome = search.outcome();
            let mut found = found.into_iter();
            let answer = match (found.next(), found.next(), outcome.incomplete) {
                (Some(Ok(a)), Some(Ok(b)), _) if a != b => Answer::Multiple(a, b),
                (Some(Ok(_)), Some(Ok(_)), _) => {
                    Answer::Internal("doppelganger: the same solution found twice".into())
                }
                (Some(Err(why)), _, _) | (_, Some(Err(why)), _) => Answer::Internal(why),
                (Some(Ok(a)), None, None) => Answer::Unique(a),
                (None, _, None) => Answer::Unsolvable,
                (_, _, Some(why)) => Answer::Unknown(why),
            };
            (answer, outcome.stats.nodes)
        }
    })
}

/// `limits` with at most `limit` solutions.
fn capped(limits: &Limits, limit: Option<u128>) -> Limits {
    let mut limits = limits.clone();
    if let Some(limit) = limit {
        limits.max_solutions = Some(limits.max_solutions.map_or(limit, |m| m.min(limit)));
    }
    limits
}

/// The grid of a cover's solution, having passed the model's check (the
/// grid and the missing values its zeros declared, as the propagation
/// model's variables) and the rule's.
fn checked_cover(stated: &DoppelModel, covered: &DoppelCovered) -> Result<DoppelGrid, String> {
    let mut values: Vec<Value> = covered
        .grid
        .cells()
        .iter()
        .map(|v| v.map_or(-1, Value::from))
        .collect();
    for misses in &covered.misses {
        values.extend(misses.iter().map(|&v| Value::from(v)));
    }
    stated
        .model
        .check_solution(&values)
        .map_err(|e| format!("doppelganger: the cover's solution breaks the model: {e}"))?;
    let grid = covered.grid.clone();
    check_against(&grid, stated.puzzle())
        .map_err(|e| format!("doppelganger: the engine's solution {grid} breaks the rule: {e}"))?;
    Ok(grid)
}

/// The answer and nodes of the propagation engine on the puzzle's
/// constraint model ([`sudoku::doppelganger::model`]).
fn by_propagation(
    stated: &DoppelModel,
    task: &Task,
    limits: &Limits,
) -> Result<(Answer<DoppelGrid>, u64), DoppelSolveError> {
    let compiled = stated.model.compile_with(Asked::Propagation)?;
    let mut solver = compiled.solver();
    Ok(match task {
        Task::Count { limit } => {
            let count = solver.par_count(&capped(limits, *limit));
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
            (solved(found, |s| checked(stated, s)), stats.nodes)
        }
        _ => {
            let (verdict, stats) = solver.verdict(limits);
            let answer = match verdict {
                Verdict::Unique(s) => match checked(stated, &s) {
                    Ok(grid) => Answer::Unique(grid),
                    Err(why) => Answer::Internal(why),
                },
                Verdict::Multiple(a, b) => match (checked(stated, &a), checked(stated, &b)) {
                    (Ok(a), Ok(b)) if a != b => Answer::Multiple(a, b),
                    (Ok(_), Ok(_)) => {
                        Answer::Internal("doppelganger: the same solution found twice".into())
                    }
                    (Err(why), _) | (_, Err(why)) => Answer::Internal(why),
                },
                Verdict::Unsolvable => Answer::Unsolvable,
                Verdict::Unknown(why) => Answer::Unknown(why),
            };
            (answer, stats.nodes)
        }
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

/// The answer of a search for one solution: the solution once `check`
/// passes it, an internal error when it does not.
fn solved<S>(
    found: Found<S>,
    check: impl FnOnce(&S) -> Result<DoppelGrid, String>,
) -> Answer<DoppelGrid> {
    match found {
        Found::Solution(s) => match check(&s) {
            Ok(grid) => Answer::Solved(grid),
            Err(why) => Answer::Internal(why),
        },
        Found::NoSolution => Answer::Unsolvable,
        Found::GaveUp(why) => Answer::Unknown(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_doppelganger_alone() {
        assert_eq!(named("doppelganger"), Ok(true));
        assert_eq!(named("Doppelganger"), Ok(true));
        assert_eq!(named("x,windoku"), Ok(false));
        let mixed = named("doppelganger,x").unwrap_err();
        assert!(mixed.contains("combine with no other variant"), "{mixed}");
    }
}
