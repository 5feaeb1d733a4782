//! Generation with every puzzle checked apart from how it was made, as
//! `sudoku generate` writes them: a classic puzzle's solution checked
//! against its givens (and the puzzle rated), a variant puzzle checked by
//! [`sudoku_solve::check_generated`] (rules, givens, one solution).

use rayon::prelude::*;
use solver_core::{Incomplete, Limits};

use crate::classic::{generate_within, GenerateOptions, Generated};
use crate::setter::{generate_setter, Clues, SetterError, SetterGenerated};
use crate::variant::{generate_variant_within, MAP_ATTEMPTS};
use sudoku::constraints::Constraint;
use sudoku::Grid;
use sudoku::Shape;
use sudoku::Variant;
use sudoku_solve::{rate_within, Rating};
use sudoku_solve::{Asked, SolveError, SudokuSolver, Verdict};

/// Puzzles made per parallel round by [`in_seed_order`].
const ROUND: u64 = 64;

/// Makes the puzzles of seeds `first_seed`, `first_seed + 1`, ... (`count`
/// of them) with `make` on the rayon pool, 64 at a time, and hands
/// each to `each` in seed order, as soon as its round is done; stops when
/// `each` returns false. The results do not depend on the number of
/// threads, and memory holds one round.
pub(crate) fn in_seed_order<T: Send>(
    first_seed: u64,
    count: u64,
    make: impl Fn(u64) -> T + Sync,
    mut each: impl FnMut(u64, T) -> bool,
) {
    let mut k = 0;
    while k < count {
        let end = count.min(k + ROUND);
        let made: Vec<(u64, T)> = (k..end)
            .into_par_iter()
            .map(|i| {
                let seed = first_seed.wrapping_add(i);
                (seed, make(seed))
            })
            .collect();
        for (seed, result) in made {
            if !each(seed, result) {
                return;
            }
        }
        k = end;
    }
}

/// Node budget per rating run; beyond it the rating is left out.
pub(crate) const RATING_NODES: u64 = 200_000;

/// Why a puzzle was not made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateTrouble {
    /// A limit stopped it (a timeout, a cancellation).
    #[error("stopped: {0}")]
    Stopped(Incomplete),
    /// The generator found no grid to make it from (bad input).
    #[error("{0}")]
    NoGrid(String),
    /// It failed its own check: a bug.
    #[error("internal error: {0}")]
    Internal(String),
}

/// Makes classic puzzle `seed` with [`generate_within`] and checks it: its
/// solution against the rules and its givens. With `rate_seeds` > 0 it is
/// also rated ([`rate_within`]), unless that would take more than
/// `RATING_NODES` (200,000) nodes per run (large grids with few givens).
pub(crate) fn generate_checked(
    shape: Shape,
    seed: u64,
    options: &GenerateOptions,
    rate_seeds: u32,
    limits: &Limits,
) -> Result<(Generated, Option<Rating>), GenerateTrouble> {
    let made = match generate_within(shape, seed, options, limits) {
        Ok(made) => made,
        Err(SolveError::GaveUp(why)) => return Err(GenerateTrouble::Stopped(why)),
        Err(e) => return Err(GenerateTrouble::Internal(e.to_string())),
    };
    let solution_holds = made.solution.is_solution_of(&made.puzzle);
    if !solution_holds || made.puzzle.givens() != made.givens {
        return Err(GenerateTrouble::Internal(
            "the solution fails the check of the rules and givens".to_string(),
        ));
    }
    if rate_seeds == 0 {
        return Ok((made, None));
    }
    let within = Limits {
        max_nodes: Some(RATING_NODES),
        ..limits.clone()
    };
    match rate_within(&made.puzzle, rate_seeds, &within) {
        Ok(rating) => Ok((made, Some(rating))),
        Err(SolveError::GaveUp(Incomplete::NodeLimit)) => Ok((made, None)),
        Err(SolveError::GaveUp(why)) => Err(GenerateTrouble::Stopped(why)),
        Err(e) => Err(GenerateTrouble::Internal(e.to_string())),
    }
}

/// Makes variant puzzle `seed` (`base`'s rules, named `names` in messages;
/// with a random region map when `jigsaw`) with
/// [`generate_variant_within`], and checks it with
/// [`sudoku_solve::check_generated`]. Returns the puzzle, its solution and its
/// variant (with the map).
pub(crate) fn generate_variant_checked(
    base: &Variant,
    names: &str,
    shape: Shape,
    jigsaw: bool,
    seed: u64,
    limits: &Limits,
) -> Result<(Grid, Grid, Variant), GenerateTrouble> {
    let internal = |e: &dyn std::fmt::Display| GenerateTrouble::Internal(e.to_string());
    if jigsaw && base.regions.is_none() && base.diagonals && base.windows {
        return Err(GenerateTrouble::NoGrid(format!(
            "random jigsaw maps with both x and windoku almost never admit a grid ({names} on \
             {shape} boxes: of 40 maps tried, 7 had none and 33 were not decided in 5 s each), \
             so this is refused up front; give a map with --regions, or drop x or windoku"
        )));
    }
    let (puzzle, solution, variant) =
        match generate_variant_within(base, shape, jigsaw, seed, limits) {
            Ok(made) => made,
            Err(SolveError::GaveUp(why)) => return Err(GenerateTrouble::Stopped(why)),
            Err(SolveError::Unsolvable) => {
                let tried = match jigsaw {
                    true => "random region maps",
                    false => "random fills",
                };
                return Err(GenerateTrouble::NoGrid(format!(
                    "no {names} puzzle of {shape} boxes found: none of {MAP_ATTEMPTS} {tried} \
                     could be filled, so these variants may admit no grid here (random \
                     jigsaw maps with x and windoku as well almost never do); try fewer \
                     variants or give a map with --regions"
                )));
            }
            Err(e) => return Err(internal(&e)),
        };
    match sudoku_solve::check_generated(&puzzle, &solution, &variant, limits) {
        Ok(true) => Ok((puzzle, solution, variant)),
        Ok(false) => Err(internal(
            &"the puzzle fails its check (rules, givens, one solution)",
        )),
        Err(why) => Err(GenerateTrouble::Stopped(why)),
    }
}

/// Makes puzzle `seed` with [`generate_setter`] (`base`'s rules plus
/// `clues`) and checks it apart from how it was made: the solution against
/// the rules' wording ([`sudoku_solve::verify`]), then its uniqueness by a second
/// search: the propagation engine, with killer cages stated as its own
/// cage constraints (not the units engine the generator used for them)
/// and its branching ties broken in another order.
pub(crate) fn generate_setter_checked(
    base: &Variant,
    clues: Clues,
    shape: Shape,
    seed: u64,
    limits: &Limits,
) -> Result<SetterGenerated, GenerateTrouble> {
    let made = match generate_setter(base, clues, shape, seed, limits) {
        Ok(made) => made,
        Err(SetterError::GaveUp(why)) => return Err(GenerateTrouble::Stopped(why)),
        Err(e @ (SetterError::Rules(_) | SetterError::NoGrid)) => {
            return Err(GenerateTrouble::NoGrid(e.to_string()))
        }
        Err(e) => return Err(GenerateTrouble::Internal(e.to_string())),
    };
    let failed = || {
        GenerateTrouble::Internal("the puzzle fails its check (rules, givens, one solution)".into())
    };
    if !sudoku_solve::verify(&made.solution, &made.puzzle, &made.variant) {
        return Err(failed());
    }
    // The second search: the propagation engine, with the killer cages
    // stated as its own cage constraints (the generator proved them on the
    // units engine; Dancing Links takes seconds on a killer without
    // givens) and its ties broken in another order.
    let mut second = made.variant.clone();
    second
        .constraints
        .extend(second.cages.drain(..).map(|cage| {
            Constraint::Cage {
                cells: cage
                    .cells
                    .iter()
                    .map(|&(r, c)| r * shape.side() as usize + c)
                    .collect(),
                sum: Some(cage.sum),
            }
        }));
    let rules = second.rules(shape).map_err(|_| failed())?;
    let mut checker = SudokuSolver::with_rules(rules.into(), Asked::Auto).map_err(|_| failed())?;
    checker.set_seed(Some(crate::rng::mix(seed ^ 0x636865636b)));
    match checker.check_unique(&made.puzzle, limits).0 {
        Verdict::Unique(found) if found == made.solution => Ok(made),
        Verdict::Unknown(why) => Err(GenerateTrouble::Stopped(why)),
        _ => Err(failed()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopped_generation_says_why() {
        let shape = Shape::square(3).unwrap();
        let past = Limits::none().timeout(std::time::Duration::ZERO);
        let stopped = generate_checked(shape, 1, &GenerateOptions::default(), 0, &past);
        assert_eq!(
            stopped.unwrap_err(),
            GenerateTrouble::Stopped(Incomplete::Deadline)
        );
        let x = Variant::from_names("x").unwrap();
        let stopped = generate_variant_checked(&x, "x", shape, false, 1, &past);
        assert_eq!(
            stopped.unwrap_err(),
            GenerateTrouble::Stopped(Incomplete::Deadline)
        );
    }

    #[test]
    fn variant_puzzles_hold_their_rules() {
        let x = Variant::from_names("x").unwrap();
        let shape = Shape::square(2).unwrap();
        let (puzzle, solution, variant) =
            generate_variant_checked(&x, "x", shape, false, 3, &Limits::none()).unwrap();
        assert!(sudoku_solve::verify(&solution, &puzzle, &variant));
    }
}
