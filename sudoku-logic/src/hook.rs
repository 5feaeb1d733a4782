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
        let (ratings, _end) = rate(c, self.mode, limits).map_err(LogicError::Incomplete)?;
        Ok(LogicRating {
            er: ratings.er.tenths(),
            ep: ratings.ep.tenths(),
            ed: ratings.ed.tenths(),
            hardest: ratings.hardest.map(|t| t.name().to_string()),
        })
    }
}
