//! The logical solver as the `sudoku` crate's batch run takes it
//! ([`sudoku_solve::LogicRater`]): `sudoku rate` passes a [`SeRater`] in.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sudoku::{Grid, Rules};
use sudoku_solve::{Limits, LogicError, LogicRater, LogicRating};

use crate::candidates::{Candidates, Houses};
use crate::rate::{rate_with, Mode};

/// Rates puzzles on Sudoku Explainer's scale in a batch run.
#[derive(Debug, Default, Clone)]
pub struct SeRater {
    /// The techniques used.
    pub mode: Mode,
    /// Counts the steps taken, over every puzzle rated (a progress bar
    /// reads it, to show that a long rating moves); none: not counted.
    pub steps: Option<Arc<AtomicU64>>,
}

/// The candidates of `puzzle` under `rules`, or why the logical solver
/// does not take it: a setter's constraint it does not reason with
/// ([`crate::unsupported`] names them, for example entropic lines when
/// the side is not a multiple of 3).
pub fn candidates_for(puzzle: &Grid, rules: &Rules) -> Result<Candidates, String> {
    let unsupported = crate::setter::unsupported(rules);
    if !unsupported.is_empty() {
        return Err(format!(
            "the logical solver does not reason with these constraints yet: {}",
            unsupported.join(", ")
        ));
    }
    // Killer cages and constraints differ from puzzle to puzzle: their
    // houses are built each time.
    if !rules.cages().is_empty() || rules.needs_propagation() {
        let houses = Arc::new(Houses::new(rules).map_err(|e| e.to_string())?);
        return Candidates::with_houses(houses, puzzle).map_err(|e| e.to_string());
    }
    // Each thread keeps the houses of the last rules it saw: a batch of
    // one kind builds them once.
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Vec<sudoku::Unit>, Arc<Houses>)>> =
            const { std::cell::RefCell::new(None) };
    }
    let houses = LAST
        .with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some((units, h))
                    if units.as_slice() == rules.units() && h.shape() == rules.shape() =>
                {
                    Ok(Arc::clone(h))
                }
                _ => {
                    let h = Arc::new(Houses::new(rules)?);
                    *last = Some((rules.units().to_vec(), Arc::clone(&h)));
                    Ok(h)
                }
            }
        })
        .map_err(|e: crate::StateError| e.to_string())?;
    Candidates::with_houses(houses, puzzle).map_err(|e| e.to_string())
}

impl LogicRater for SeRater {
    fn rate(
        &self,
        puzzle: &Grid,
        rules: &Rules,
        limits: &Limits,
    ) -> Result<LogicRating, LogicError> {
        let c = candidates_for(puzzle, rules).map_err(LogicError::Refused)?;
        let count = |_: &crate::Step| {
            if let Some(steps) = &self.steps {
                steps.fetch_add(1, Ordering::Relaxed);
            }
        };
        let (ratings, _end) =
            rate_with(c, self.mode, limits, count).map_err(LogicError::Incomplete)?;
        Ok(LogicRating {
            er: ratings.er.tenths(),
            ep: ratings.ep.tenths(),
            ed: ratings.ed.tenths(),
            hardest: ratings.hardest.map(|t| t.name().to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::solve;

    /// The counter moves once per step: over two puzzles, as many steps
    /// as their two solve paths hold.
    #[test]
    fn the_step_counter_counts_every_step() {
        let puzzles = [
            // Singles only (the sudoku crate's first course grid).
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            // SE 7.2 (tests/data/se-ratings.txt): chains.
            "000000510000900004458000020000000700206004003900200000300097000005800600002030040",
        ];
        let steps = Arc::new(AtomicU64::new(0));
        let rater = SeRater {
            mode: Mode::Se,
            steps: Some(Arc::clone(&steps)),
        };
        let mut want = 0;
        for p in puzzles {
            let grid: Grid = p.replace('0', ".").parse().unwrap();
            let rules = Rules::standard(grid.shape());
            let before = steps.load(Ordering::Relaxed);
            let rating = rater.rate(&grid, &rules, &Limits::none()).unwrap();
            let path = solve(
                candidates_for(&grid, &rules).unwrap(),
                Mode::Se,
                &Limits::none(),
            );
            assert!(path.solved(), "{p}");
            assert_eq!(rating.er, path.ratings.er.tenths());
            assert!(!path.steps.is_empty());
            want += path.steps.len() as u64;
            assert_eq!(
                steps.load(Ordering::Relaxed) - before,
                path.steps.len() as u64
            );
        }
        assert_eq!(steps.load(Ordering::Relaxed), want);
    }
}
