//! The technique order and the rating loop.
//!
//! At each point the solver asks the techniques in Sudoku Explainer
//! 1.2.1's order (`Solver.java`: the direct producers, the indirect ones,
//! then the chaining ones) and takes the first step found, applies it and
//! starts again, until the grid is solved or no technique applies. The
//! ratings follow serate's `Solver.getDifficulty`:
//!
//! - ER: the highest difficulty of the whole solve, 20.0 when the
//!   techniques get stuck;
//! - EP ("pearl"): the highest difficulty up to and including the first
//!   step that places a value;
//! - ED ("diamond"): the difficulty of the first step (the highest up to
//!   the first step, whatever it does).
//!
//! EP and ED stay 0.0 when no step applies at all.

use sudoku_solve::{Incomplete, Limits};

use crate::candidates::Candidates;
use crate::chains::{self, ChainLevel};
use crate::step::{Difficulty, Step, Technique};
use crate::{aligned, sets, singles, unique, wings};

/// Which techniques the solver uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Sudoku Explainer 1.2.1's set and order: the ratings follow SE.
    #[default]
    Se,
    /// SE's set plus the common techniques SE has none for (skyscraper,
    /// 2-string kite, finned and sashimi X-wing and swordfish, simple
    /// colouring, W-wing, AIC named X-chain or XY-chain where it is one),
    /// tried with SE's first chain level, at the difficulty SE gives the
    /// same chain, the easiest first (see `extended.rs`). `sudoku hint`
    /// and `solve --steps` use it by default (`--techniques all`).
    Extended,
}

/// One entry of the technique order.
#[derive(Clone, Copy)]
enum Finder {
    /// A technique that returns SE's first hint.
    Rule(fn(&Candidates) -> Option<Step>),
    /// A chain level (h-chains' `chains::find`).
    Chain(ChainLevel),
}

/// SE 1.2.1's order (`Solver.java`): its direct hint producers, its
/// indirect ones, then the chaining ones.
const SE_ORDER: &[Finder] = &[
    // directHintProducers (hidden singles first: the rating loop looks for
    // them itself, then asks the order from the second technique on)
    Finder::Rule(singles::hidden_single),
    Finder::Rule(sets::direct_locking),
    Finder::Rule(direct_hidden_pair),
    Finder::Rule(singles::naked_single),
    // the setter's constraints (none in SE; nothing without them)
    Finder::Rule(crate::setter::constraint_step),
    Finder::Rule(direct_hidden_triplet),
    // indirectHintProducers
    Finder::Rule(sets::plain_locking),
    Finder::Rule(naked_pair),
    Finder::Rule(x_wing),
    Finder::Rule(hidden_pair),
    Finder::Rule(naked_triplet),
    Finder::Rule(swordfish),
    Finder::Rule(hidden_triplet),
    Finder::Rule(wings::xy),
    Finder::Rule(wings::xyz),
    Finder::Rule(unique::unique_loop),
    Finder::Rule(naked_quad),
    Finder::Rule(jellyfish),
    Finder::Rule(hidden_quad),
    Finder::Rule(unique::bug),
    Finder::Rule(aligned::pair),
    // chainingHintProducers
    Finder::Chain(ChainLevel::Cycles),
    Finder::Rule(aligned::triplet),
    Finder::Chain(ChainLevel::Nishio),
    Finder::Chain(ChainLevel::Multiple),
    Finder::Chain(ChainLevel::Dynamic),
    // chainingHintProducers2, advancedHintProducers, experimentalHintProducers
    Finder::Chain(ChainLevel::Nested(1)),
    Finder::Chain(ChainLevel::Nested(2)),
    Finder::Chain(ChainLevel::Nested(3)),
    Finder::Chain(ChainLevel::Nested(4)),
    Finder::Chain(ChainLevel::Nested(5)),
];

fn direct_hidden_pair(c: &Candidates) -> Option<Step> {
    sets::hidden_set(c, 2, true)
}
fn direct_hidden_triplet(c: &Candidates) -> Option<Step> {
    sets::hidden_set(c, 3, true)
}
fn hidden_pair(c: &Candidates) -> Option<Step> {
    sets::hidden_set(c, 2, false)
}
fn hidden_triplet(c: &Candidates) -> Option<Step> {
    sets::hidden_set(c, 3, false)
}
fn hidden_quad(c: &Candidates) -> Option<Step> {
    sets::hidden_set(c, 4, false)
}
fn naked_pair(c: &Candidates) -> Option<Step> {
    sets::naked_set(c, 2)
}
fn naked_triplet(c: &Candidates) -> Option<Step> {
    sets::naked_set(c, 3)
}
fn naked_quad(c: &Candidates) -> Option<Step> {
    sets::naked_set(c, 4)
}
fn x_wing(c: &Candidates) -> Option<Step> {
    sets::fish(c, 2)
}
fn swordfish(c: &Candidates) -> Option<Step> {
    sets::fish(c, 3)
}
fn jellyfish(c: &Candidates) -> Option<Step> {
    sets::fish(c, 4)
}

/// The next step: the first one found by the first technique, in the
/// order of `mode`, that finds one. In [`Mode::Extended`], the common
/// techniques SE lacks are tried with SE's first chain level, the easiest
/// step first. No limit: the nested chain
/// levels can take seconds; [`next_step_within`] takes limits.
pub fn next_step(c: &Candidates, mode: Mode) -> Option<Step> {
    next_step_within(c, mode, &Limits::none()).unwrap_or_default()
}

/// [`next_step`] within `limits` (deadline and cancel flag, polled inside
/// the chain searches): `Err` when they stopped it before a step was sure.
pub fn next_step_within(
    c: &Candidates,
    mode: Mode,
    limits: &Limits,
) -> Result<Option<Step>, Incomplete> {
    next_step_from(c, mode, limits, 0)
}

/// [`next_step_within`] from the technique at `from` in the order on.
fn next_step_from(
    c: &Candidates,
    mode: Mode,
    limits: &Limits,
    from: usize,
) -> Result<Option<Step>, Incomplete> {
    let memo = chains::NestedMemo::default();
    for finder in &SE_ORDER[from..] {
        let step = match *finder {
            Finder::Rule(find) => find(c),
            Finder::Chain(level) => {
                if level == ChainLevel::Cycles && mode == Mode::Extended {
                    match crate::extended::find(c, limits)? {
                        Some(step) => return Ok(Some(step)),
                        None => continue,
                    }
                }
                chains::find_with(c, level, limits, &memo)?
                    .into_iter()
                    .next()
            }
        };
        if step.is_some() {
            return Ok(step);
        }
    }
    Ok(None)
}

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every cell holds a value.
    Solved,
    /// No technique applies: logic alone does not finish the puzzle.
    Stuck,
    /// A step left an empty cell without candidates or a value without a
    /// place in a house: the puzzle has no solution, or several (the
    /// uniqueness techniques assume one).
    Broken,
    /// A limit stopped the solve: its ratings are incomplete.
    Interrupted(Incomplete),
}

/// SE's three ratings and the hardest technique of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratings {
    /// ER: the highest difficulty of the solve (20.0 if stuck).
    pub er: Difficulty,
    /// EP: the highest difficulty up to the first placement.
    pub ep: Difficulty,
    /// ED: the difficulty of the first step.
    pub ed: Difficulty,
    /// The technique of the (first) step rated ER, if any step applied.
    pub hardest: Option<Technique>,
}

/// Follows serate's `getDifficulty` step by step.
#[derive(Clone, Copy, Debug, Default)]
struct Meter {
    er: Difficulty,
    ep: Option<Difficulty>,
    ed: Option<Difficulty>,
    hardest: Option<Technique>,
}

impl Meter {
    fn add(&mut self, step: &Step) {
        if self.hardest.is_none() || step.difficulty > self.er {
            self.er = step.difficulty;
            self.hardest = Some(step.technique);
        }
        if self.ep.is_none() {
            if self.ed.is_none() {
                self.ed = Some(self.er);
            }
            if !step.placements.is_empty() {
                self.ep = Some(self.er);
            }
        }
    }

    fn ratings(&self, end: End) -> Ratings {
        Ratings {
            er: if end == End::Solved {
                self.er
            } else {
                Difficulty::UNSOLVED
            },
            ep: self.ep.unwrap_or_default(),
            ed: self.ed.unwrap_or_default(),
            hardest: self.hardest,
        }
    }
}

/// A whole solve: the steps in order and how it ended.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How the solve ended.
    pub end: End,
    /// The ratings of the solve (ER 20.0 unless solved).
    pub ratings: Ratings,
}

impl Path {
    /// Whether logic alone finished the puzzle.
    pub fn solved(&self) -> bool {
        self.end == End::Solved
    }
}

/// Solves `c` step by step, keeping the steps. Limits: the deadline and
/// the cancel flag are polled between steps and inside the chain searches
/// (a rating they stop is incomplete, never lower); `max_nodes` caps the
/// steps.
pub fn solve(c: Candidates, mode: Mode, limits: &Limits) -> Path {
    let mut steps = Vec::new();
    let (end, meter) = run(c, mode, limits, |s| steps.push(s.clone()));
    Path {
        steps,
        end,
        ratings: meter.ratings(end),
    }
}

/// SE's ratings of `c`, or why the rating stopped before the end.
pub fn rate(c: Candidates, mode: Mode, limits: &Limits) -> Result<(Ratings, End), Incomplete> {
    rate_with(c, mode, limits, |_| {})
}

/// [`rate`], calling `each` with every step as it is taken (a progress
/// display counts them: one step of an 11+ puzzle can take seconds).
pub fn rate_with(
    c: Candidates,
    mode: Mode,
    limits: &Limits,
    each: impl FnMut(&Step),
) -> Result<(Ratings, End), Incomplete> {
    let (end, meter) = run(c, mode, limits, each);
    match end {
        End::Interrupted(why) => Err(why),
        end => Ok((meter.ratings(end), end)),
    }
}

fn run(
    mut c: Candidates,
    mode: Mode,
    limits: &Limits,
    mut each: impl FnMut(&Step),
) -> (End, Meter) {
    let mut meter = Meter::default();
    let mut count = 0u64;
    let mut checks_houses = true;
    // Most steps are singles, the first technique of the order: found
    // into one step whose buffers every single reuses.
    let mut single = Step::placing(Technique::FullHouse, 0, c.side(), 0, 1, Default::default());
    let mut other;
    let end = loop {
        if c.is_solved() {
            break End::Solved;
        }
        // The whole check (a value without a place in a house too) only
        // after steps that eliminate: a placement can break the grid only
        // by emptying a cell, which `place` notes.
        if c.emptied_a_cell() || (checks_houses && c.is_broken()) {
            break End::Broken;
        }
        if let Some(why) = limits.interrupted() {
            break End::Interrupted(why);
        }
        if limits.max_nodes.is_some_and(|max| count >= max) {
            break End::Interrupted(Incomplete::NodeLimit);
        }
        let step = if singles::hidden_single_into(&c, &mut single) {
            &single
        } else {
            match next_step_from(&c, mode, limits, 1) {
                Ok(Some(step)) => {
                    other = step;
                    &other
                }
                Ok(None) => break End::Stuck,
                Err(why) => break End::Interrupted(why),
            }
        };
        count += 1;
        checks_houses = !step.eliminations.is_empty();
        meter.add(step);
        c.apply(step);
        each(step);
    };
    (end, meter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Grid;

    /// The first course grid in the sudoku crate's docs: singles only.
    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_singles_puzzle_is_solved_to_its_solution() {
        let g: Grid = EASY.parse().unwrap();
        let c = Candidates::from_grid(&g).unwrap();
        let path = solve(c, Mode::Se, &Limits::none());
        assert!(path.solved());
        // The last state is the solution: check it against the rules
        // directly (every row, column and box holds 1..9).
        let mut c = Candidates::from_grid(&g).unwrap();
        for s in &path.steps {
            c.apply(s);
        }
        let solved = c.grid();
        assert!(solved.is_solution_of(&g));
        assert!(path.steps.iter().all(|s| s.placements.len() == 1));
        assert!(path.ratings.er <= Difficulty(23));
        assert_eq!(path.ratings.ed, path.steps[0].difficulty);
    }

    #[test]
    fn meter_follows_serate() {
        let side = 9;
        let mk = |d, place: bool| {
            if place {
                Step::placing(Technique::HiddenSingle, d, side, 0, 1, Default::default())
            } else {
                Step::eliminating(
                    Technique::Pointing,
                    d,
                    side,
                    [(1, 1u64)],
                    Default::default(),
                )
            }
        };
        let mut m = Meter::default();
        // ED = first step; EP = max through the first placement.
        for (d, p) in [
            (26, false),
            (32, false),
            (15, true),
            (44, false),
            (12, true),
        ] {
            m.add(&mk(d, p));
        }
        let r = m.ratings(End::Solved);
        assert_eq!(
            (r.er, r.ep, r.ed),
            (Difficulty(44), Difficulty(32), Difficulty(26))
        );
        assert_eq!(r.hardest, Some(Technique::Pointing));
        let r = m.ratings(End::Stuck);
        assert_eq!(r.er, Difficulty::UNSOLVED);
        let r = Meter::default().ratings(End::Stuck);
        assert_eq!(
            (r.er, r.ep, r.ed),
            (Difficulty(200), Difficulty(0), Difficulty(0))
        );
    }
}
