//! The common techniques Sudoku Explainer lacks, as
//! [`Mode::Extended`](crate::Mode::Extended) tries them: after SE's
//! techniques up to aligned pair exclusion (6.2), at SE's first chain
//! level (cycles and forcing X/Y chains, 6.5 and up), since SE finds the
//! same eliminations as chains. Of the first step of each and SE's first
//! chain, the easiest is taken; on a tie, the common name.
//!
//! | technique                        | difficulty | SE finds it as            |
//! |----------------------------------|------------|---------------------------|
//! | skyscraper, 2-string kite        | 6.6        | turbot fish               |
//! | finned and sashimi X-wing        | 6.6        | turbot fish, forcing X-chain |
//! | simple colouring (trap, wrap)    | 6.6 + SE's length bonus | forcing X-chain |
//! | finned and sashimi swordfish     | 6.8        | forcing X-chain or region forcing chains |
//! | W-wing                           | 7.0        | forcing chain (6 nodes)   |
//! | AIC: X-chain, XY-chain, AIC      | 6.6 / 7.0 + length bonus | forcing X-chain, forcing chain |
//!
//! The difficulties are those SE gives the same chain, so a path in
//! extended mode rates close to SE's while naming its steps as people do.

use crate::candidates::Candidates;
use crate::chains::{self, ChainLevel};
use crate::step::{Step, Technique};
use crate::{colouring, finned, turbot};
use sudoku_solve::{Incomplete, Limits};

/// The extra techniques, in order.
const ORDER: &[fn(&Candidates) -> Option<Step>] = &[
    turbot::skyscraper,
    turbot::two_string_kite,
    finned::finned_x_wing,
    colouring::simple_colouring,
    finned::finned_swordfish,
    turbot::w_wing,
    aic,
];

/// The step at SE's first chain level in extended mode: of the first
/// step of each extra technique and SE's first cycle or forcing X/Y chain,
/// the lowest difficulty; on a tie the earliest extra technique (the
/// common name), so that a path does not rate above SE's for a name.
pub(crate) fn find(c: &Candidates, limits: &Limits) -> Result<Option<Step>, Incomplete> {
    let mut best: Option<Step> = None;
    for f in ORDER {
        if let Some(s) = f(c) {
            if best.as_ref().is_none_or(|b| s.difficulty < b.difficulty) {
                best = Some(s);
            }
        }
    }
    let se = chains::find(c, ChainLevel::Cycles, limits)?
        .into_iter()
        .next();
    Ok(match (best, se) {
        (Some(b), Some(se)) if se.difficulty < b.difficulty => Some(se),
        (Some(b), _) => Some(b),
        (None, se) => se,
    })
}

/// The first AIC, named by its common name where it has one.
pub fn aic(c: &Candidates) -> Option<Step> {
    // AIC searches no nested level: no limit is needed (none can stop it).
    let mut step = chains::find(c, ChainLevel::Aic, &Limits::none())
        .unwrap_or_default()
        .into_iter()
        .next()?;
    step.technique = aic_name(&step);
    Some(step)
}

/// X-chain: every node on one value. XY-chain: every strong link (a node
/// off, the next on) inside one cell, through bivalue cells. Otherwise AIC.
fn aic_name(step: &Step) -> Technique {
    let chain = &step.reason.chain;
    if chain.len() < 2 {
        return Technique::Aic;
    }
    if chain.iter().all(|n| n.value == chain[0].value) {
        return Technique::XChain;
    }
    let cell_strong_links = chain
        .windows(2)
        .filter(|w| !w[0].on && w[1].on)
        .all(|w| w[0].cell == w[1].cell);
    if cell_strong_links {
        Technique::XYChain
    } else {
        Technique::Aic
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::bit;
    use crate::turbot::tests::state;

    #[test]
    fn an_aic_on_one_value_is_an_x_chain() {
        // 1 has two places in rows 1 and 5 (c1, c5): r1c1 not 1 -> r1c5
        // is -> r5c5 is not -> r5c1 is. One value throughout: an X-chain
        // (an X-wing seen as a chain), column 1 loses 1 below r1 and r5.
        let keep = |r: usize| -> Vec<(usize, usize)> {
            [2, 3, 4, 6, 7, 8, 9].iter().map(|&c| (r, c)).collect()
        };
        let c = state(&[(1, &keep(1)), (1, &keep(5))]);
        let step = aic(&c).expect("a chain");
        assert_eq!(step.technique, Technique::XChain);
        assert!(step.text().starts_with("x-chain"), "{}", step.text());
        assert!(step.eliminations.iter().all(|e| e.values == [1]));
    }

    #[test]
    fn an_aic_through_bivalue_cells_is_an_xy_chain() {
        // r1c1 {1,2}, r1c5 {2,3}, r5c5 {1,3}: r1c1 not 1 -> r1c1 is 2 ->
        // r1c5 is not 2 -> r1c5 is 3 -> r5c5 is not 3 -> r5c5 is 1. So
        // r1c1 or r5c5 is 1, and r5c1, seeing both, is not. Every strong
        // link is inside a cell: an XY-chain.
        let mut c = state(&[]);
        c.eliminate(0, !(bit(1) | bit(2)));
        c.eliminate(4, !(bit(2) | bit(3)));
        c.eliminate(40, !(bit(1) | bit(3)));
        let step = aic(&c).expect("a chain");
        assert_eq!(step.technique, Technique::XYChain);
        let got: Vec<(String, Vec<u16>)> = step
            .eliminations
            .iter()
            .map(|e| (step.cell_name(e.cell), e.values.clone()))
            .collect();
        assert_eq!(got, vec![("r5c1".to_string(), vec![1])]);
    }
}
