//! Difficulty as search effort: how much backtracking the plain exact-cover
//! search needs, without a catalogue of human solving techniques.

use solver_core::Limits;

use crate::solve::{SolveError, SudokuSolver, Verdict};
use sudoku::Grid;

/// The difficulty of a puzzle as the effort of a blind search (see [`rate`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// `log2(average_nodes)`: 0 when singles alone solve the puzzle, and each
    /// step of 1 doubles the search. Higher is harder.
    pub rating: f64,
    /// Search nodes of a full uniqueness check (find the solution and prove
    /// there is no other), averaged over the tie-break seeds. The root counts
    /// as one node, and each option tried as one more.
    pub average_nodes: f64,
    /// Whether naked and hidden singles alone solve the puzzle (the root's
    /// propagation fills the grid, so every seed needs exactly one node).
    pub singles_only: bool,
}

/// Rates a puzzle by the work of the exact-cover search that Dancing Links
/// does: propagation by singles only (no locked candidates), branching on
/// an item with the fewest options. The number of search nodes of a full
/// uniqueness check (looking for a second solution) is averaged over `seeds`
/// runs, each trying the options of every level in an order shuffled from
/// its own seed (`0` is taken as 1; the seeds are fixed, so a puzzle always
/// gets the same rating).
///
/// This measures how hard the puzzle is to *backtrack*, which tracks the
/// techniques a person needs only loosely: a puzzle that singles solve rates
/// 0, and the hardest known 9x9 puzzles rate around 7 to 10.
///
/// Fails when the puzzle does not have exactly one solution.
///
/// Without propagation beyond singles the search grows fast with the side:
/// a 25x25 puzzle with 45% givens may take millions of nodes per run. Use
/// [`rate_within`] to bound it.
///
/// ```
/// use sudoku_solve::rate;
/// use sudoku::Grid;
/// let easy: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let r = rate(&easy, 4)?;
/// assert!(r.singles_only);
/// assert_eq!((r.rating, r.average_nodes), (0.0, 1.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(puzzle: &Grid, seeds: u32) -> Result<Rating, SolveError> {
    rate_within(puzzle, seeds, &Limits::none())
}

/// [`rate`] within `limits`, which apply to each run: a run stopped by them
/// fails with [`SolveError::GaveUp`].
///
/// ```
/// use solver_core::Limits;
/// use sudoku_solve::{rate_within, SolveError};
/// use sudoku::Grid;
/// let hard: Grid =
///     "...8.1..........435............7.8........1...2..3....6......75..34........2..6.."
///         .parse()?;
/// assert!(matches!(rate_within(&hard, 1, &Limits::none().nodes(5)), Err(SolveError::GaveUp(_))));
/// assert!(rate_within(&hard, 1, &Limits::none().nodes(1_000_000))?.rating > 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_within(puzzle: &Grid, seeds: u32, limits: &Limits) -> Result<Rating, SolveError> {
    // The plan of a rating builds the plain search (on 9x9 the generic one,
    // not band9), with singles only.
    let mut solver = SudokuSolver::planned(
        sudoku::Rules::standard_shared(puzzle.shape()),
        &crate::Task::Rate { seeds },
        crate::Asked::Auto,
    )?;
    let runs = seeds.max(1);
    let mut total = 0u128;
    let mut singles_only = false;
    for run in 0..runs {
        // The tie-break seed of run `run`: SplitMix64's output from it.
        solver.set_seed(Some(solver_core::rng::mix(u64::from(run))));
        let (verdict, stats) = solver.check_unique(puzzle, limits);
        match verdict {
            Verdict::Unique(_) => {}
            Verdict::Multiple(..) => return Err(SolveError::NotUnique),
            Verdict::Unsolvable => return Err(SolveError::Unsolvable),
            Verdict::Invalid(conflict) => return Err(SolveError::Invalid(conflict)),
            Verdict::Unknown(why) => return Err(SolveError::GaveUp(why)),
        }
        singles_only = stats.nodes == 1;
        total += u128::from(stats.nodes);
    }
    let average_nodes = total as f64 / f64::from(runs);
    Ok(Rating {
        rating: average_nodes.log2(),
        average_nodes,
        singles_only,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SolveGrid;
    use sudoku_format::{ReadOptions, Records};

    include!("../../tests/support/every_limit.rs");

    const SEVENTEEN: &str =
        "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

    #[test]
    fn easy_below_hard() {
        let hard: Grid = SEVENTEEN.parse().unwrap();
        assert_eq!(hard.givens(), 17);
        assert!(hard.is_uniquely_solvable());
        let solution = hard.solve_unique().unwrap();
        // The same puzzle with a row of its solution added is easier.
        let mut easy = hard.clone();
        for (c, &v) in solution.cells()[..9].iter().enumerate() {
            easy.set(0, c, Some(v));
        }
        let (e, h) = (rate(&easy, 8).unwrap(), rate(&hard, 8).unwrap());
        assert!(e.rating < h.rating, "{e:?} {h:?}");
        assert!(!h.singles_only && h.average_nodes > 1.0);
        assert_eq!(h.rating, h.average_nodes.log2());
        // Fixed seeds: the same rating every time.
        assert_eq!(rate(&hard, 8).unwrap(), h);
        // A full grid needs no search.
        let full = rate(&solution, 3).unwrap();
        assert!(full.singles_only);
        assert_eq!((full.rating, full.average_nodes), (0.0, 1.0));
    }

    #[test]
    fn only_puzzles_with_one_solution() {
        let empty = Grid::empty("3x3".parse().unwrap());
        assert_eq!(rate(&empty, 1), Err(SolveError::NotUnique));
        let clash: Grid = "11..............".parse().unwrap();
        assert!(matches!(rate(&clash, 1), Err(SolveError::Invalid(_))));
    }

    /// Issue 23 #8: rating these large puzzles takes minutes; each limit
    /// stops it, never with a rating. Deterministic (issue 33): a deadline
    /// already passed, a flag raised by the test and a node budget, each
    /// seen by the search itself (it looks at its limits every
    /// `CHECK_EVERY` nodes, and these puzzles take far more); nothing
    /// sleeps or is timed.
    #[test]
    fn rate_within_stops_at_its_limits() {
        let puzzles = [
            first_example(include_str!("../../examples/sudoku/25x25-270-givens.txt")),
            first_example(include_str!("../../examples/sudoku/49x49-generated.txt")),
        ];
        for puzzle in &puzzles {
            let (cases, raiser) = every_limit();
            for (limits, why) in cases {
                let stopped = rate_within(puzzle, 1, &limits);
                assert_eq!(stopped, Err(SolveError::GaveUp(why)), "{}", puzzle.side());
            }
            raiser.join().unwrap();
        }
    }

    include!("../../tests/support/shared_data.rs");

    /// Average rating of the first `count` puzzles of a shared data set.
    fn average(name: &str, count: usize) -> f64 {
        let records = Records::new(shared_data_file(name), ReadOptions::default());
        let ratings: Vec<f64> = records
            .take(count)
            .map(|r| rate(&r.result.unwrap().grid, 4).unwrap().rating)
            .collect();
        assert_eq!(ratings.len(), count);
        ratings.iter().sum::<f64>() / count as f64
    }

    #[test]
    #[ignore = "needs the shared data (scripts/data-tests.sh)"]
    fn shared_data_sets_in_order_of_difficulty() {
        let sets = [
            "puzzles2_17_clue",
            "puzzles3_magictour_top1465",
            "puzzles6_forum_hardest_1106",
        ];
        let averages: Vec<f64> = sets.iter().map(|name| average(name, 50)).collect();
        println!("average ratings {sets:?}: {averages:?}");
        assert!(averages[0] < averages[1] && averages[1] < averages[2]);
    }
}
