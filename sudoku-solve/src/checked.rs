//! A puzzle with the rules it is answered under, for the front ends that
//! ask several questions of one puzzle (the setter's page and the
//! f-puzzles websocket in `sudoku-serve`): the verdict, one solution, a
//! count on every thread and the true candidates. Every solution an answer
//! rests on passes the answer's check before it is used: [`verify`], read
//! from the variant's wording apart from the search, and
//! [`Rules::is_solution`]. A solution that fails it is
//! [`SolveError::Broken`], an internal error, never an answer.
//!
//! ```
//! use std::sync::Arc;
//! use solver_core::Limits;
//! use sudoku_solve::{CheckedPuzzle, Verdict};
//! use sudoku::{Grid, Shape, Variant};
//!
//! let x = Variant::from_names("x")?;
//! let puzzle: Grid = "1.......3......4".parse()?;
//! let rules = Arc::new(x.rules(puzzle.shape())?);
//! let asked = CheckedPuzzle::new(&puzzle, &x, &rules);
//! let (verdict, cells) = asked.verdict(&Limits::none())?;
//! assert!(matches!(verdict, Verdict::Unique(_)) && cells.is_empty());
//!
//! // Rules compiled from another variant (classic: no diagonals), as a
//! // wrong compilation would give the engine: its solutions break the
//! // diagonals, and the check says so instead of answering.
//! let classic = Arc::new(Variant::default().rules(puzzle.shape())?);
//! let wrong = CheckedPuzzle::new(&puzzle, &x, &classic);
//! let err = wrong.verdict(&Limits::none()).unwrap_err();
//! assert!(err.to_string().starts_with("internal error"), "{err}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::Arc;

use solver_core::Limits;

use crate::answer::verify;
use crate::setter::{self, Candidates};
use crate::solve::{check_verdict, Asked, SolveError, SudokuSolver, Verdict};
use sudoku::{Grid, Rules, Variant};

/// A puzzle, the variant it is set under and the rules compiled from that
/// variant (`variant.rules(shape)`): the engines search the rules, and the
/// check reads the variant apart from them.
#[derive(Clone, Copy, Debug)]
pub struct CheckedPuzzle<'a> {
    grid: &'a Grid,
    variant: &'a Variant,
    rules: &'a Arc<Rules>,
}

impl<'a> CheckedPuzzle<'a> {
    /// The puzzle `grid` under `variant`, searched with `rules` (compiled
    /// from `variant`).
    pub fn new(grid: &'a Grid, variant: &'a Variant, rules: &'a Arc<Rules>) -> CheckedPuzzle<'a> {
        CheckedPuzzle {
            grid,
            variant,
            rules,
        }
    }

    /// The givens.
    pub fn grid(&self) -> &'a Grid {
        self.grid
    }

    /// The variant the puzzle is set under (what the check reads).
    pub fn variant(&self) -> &'a Variant {
        self.variant
    }

    /// The rules the engines search.
    pub fn rules(&self) -> &'a Arc<Rules> {
        self.rules
    }

    /// Whether `solution` solves `puzzle` (this puzzle, or it with more
    /// givens placed) by the answer's check.
    fn holds(&self, solution: &Grid, puzzle: &Grid) -> bool {
        verify(solution, puzzle, self.variant) && self.rules.is_solution(solution, puzzle)
    }

    /// The uniqueness verdict, and for two solutions the cells where they
    /// differ (empty otherwise); each solution checked.
    pub fn verdict(&self, limits: &Limits) -> Result<(Verdict, Vec<usize>), SolveError> {
        let mut solver = SudokuSolver::with_rules(Arc::clone(self.rules), Asked::Auto)?;
        let (verdict, _) = solver.check_unique(self.grid, limits);
        let verdict = check_verdict(verdict, |g| self.holds(g, self.grid))?;
        let cells = match &verdict {
            Verdict::Multiple(a, b) => setter::differing_cells(a, b),
            _ => Vec::new(),
        };
        Ok((verdict, cells))
    }

    /// One solution, checked ([`SolveError::Unsolvable`] when there is
    /// none, [`SolveError::GaveUp`] at a limit).
    pub fn solve_one(&self, limits: &Limits) -> Result<Grid, SolveError> {
        let mut solver = SudokuSolver::with_rules(Arc::clone(self.rules), Asked::Auto)?;
        let solution = solver.solve_one(self.grid, limits).0?;
        if self.holds(&solution, self.grid) {
            Ok(solution)
        } else {
            Err(SolveError::Broken(solution))
        }
    }

    /// The count on every thread, as [`setter::count_counted`] makes it
    /// (adding to `found` as it goes). A count hands over no solution, so
    /// there is none to check.
    pub fn count_counted(
        &self,
        limits: &Limits,
        engine: Asked,
        found: &AtomicU64,
    ) -> Result<solver_core::Count, SolveError> {
        setter::count_counted(self.rules, self.grid, limits, engine, found)
    }

    /// The true candidates, as [`setter::true_candidates_counted`] finds
    /// them (adding to `done` the blank cells finished), every value proven
    /// by a checked solution.
    pub fn true_candidates_counted(
        &self,
        limits: &Limits,
        engine: Asked,
        done: &AtomicUsize,
    ) -> Result<Candidates, SolveError> {
        setter::candidates_checked(self.rules, self.grid, limits, engine, done, &|g, p| {
            self.holds(g, p)
        })
    }

    /// The placements of one more given that leave exactly one solution,
    /// as [`setter::unique_makers_with`] finds them; each solution checked.
    pub fn unique_makers(
        &self,
        limits: &Limits,
        engine: Asked,
    ) -> Result<setter::UniqueMakers, SolveError> {
        setter::makers_checked(self.rules, self.grid, limits, engine, &|g, p| {
            self.holds(g, p)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A verdict whose solutions break the variant is an internal error,
    /// whichever of its solutions breaks it; two equal solutions are one.
    #[test]
    fn a_corrupted_verdict_is_caught() {
        let puzzle: Grid = "1.......3......4".parse().unwrap();
        let x = Variant::from_names("x").unwrap();
        let rules = Arc::new(x.rules(puzzle.shape()).unwrap());
        let asked = CheckedPuzzle::new(&puzzle, &x, &rules);
        let good: Grid = "1243431234212134".parse().unwrap();
        // A classic solution keeping the givens whose diagonal repeats 1.
        let bad: Grid = "1243432134122134".parse().unwrap();
        assert!(asked.holds(&good, &puzzle));
        assert!(Variant::default()
            .rules(puzzle.shape())
            .unwrap()
            .is_solution(&bad, &puzzle));
        assert!(!asked.holds(&bad, &puzzle));
        let holds = |g: &Grid| asked.holds(g, &puzzle);
        for corrupt in [
            Verdict::Unique(bad.clone()),
            Verdict::Multiple(bad.clone(), good.clone()),
            Verdict::Multiple(good.clone(), bad.clone()),
            Verdict::Multiple(good.clone(), good.clone()),
        ] {
            let caught = check_verdict(corrupt.clone(), holds);
            assert!(matches!(caught, Err(SolveError::Broken(_))), "{corrupt:?}");
        }
        assert_eq!(
            check_verdict(Verdict::Unique(good.clone()), holds).unwrap(),
            Verdict::Unique(good)
        );
    }
}
