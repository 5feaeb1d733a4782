//! The logical solver as the `sudoku` crate's batch run takes it
//! ([`sudoku_solve::LogicRater`]): `sudoku rate` passes a [`SeRater`] in.

use std::sync::Arc;

use sudoku::{Grid, Rules};
use sudoku_solve::{Limits, LogicError, LogicRater, LogicRating};

use crate::candidates::{Candidates, Houses};
use crate::rate::{rate, Mode};

/// Rates puzzles on Sudoku Explainer's scale in a batch run.
#[derive(Debug, Default, Clone, Copy)]
pub struct SeRater {
    /// The techniques used.
    pub mode: Mode,
}

/// The candidates of `puzzle` under `rules`, or why the logical solver
/// does not take it: killer cages and the setter's constraints are not
/// reasoned with yet (and the uniqueness techniques would be unsound with
/// them ignored).
pub fn candidates_for(puzzle: &Grid, rules: &Rules) -> Result<Candidates, String> {
    if !rules.cages().is_empty() || rules.needs_propagation() {
        return Err(
            "the logical solver does not reason with killer cages or the setter's constraints yet"
                .into(),
        );
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
        let (ratings, _end) = rate(c, self.mode, limits).map_err(LogicError::Incomplete)?;
        Ok(LogicRating {
            er: ratings.er.tenths(),
            ep: ratings.ep.tenths(),
            ed: ratings.ed.tenths(),
            hardest: ratings.hardest.map(|t| t.name().to_string()),
        })
    }
}
