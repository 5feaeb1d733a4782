//! A logical Sudoku solver: the techniques people use, each step with its
//! reason, and Sudoku Explainer 1.2.1's ratings (ER/EP/ED).
//!
//! - [`Candidates`]: the pencil-mark grid of any box shape up to 64x64,
//!   with its [`Houses`] (rows, columns, boxes or jigsaw regions,
//!   diagonals, windows) and peers; built from a puzzle or from a
//!   learner's state (givens, placed digits, pencil marks), which is
//!   checked ([`StateError`], [`Candidates::first_mistake`]).
//! - [`Step`]: a [`Technique`] with SE's name and [`Difficulty`], what it
//!   places and eliminates, its [`Reason`], and [`Step::text`] in plain words.
//! - [`rate`](mod@rate): SE's order of techniques, the first step found at
//!   each point ([`next_step`]), whole paths ([`solve`]) and the ratings
//!   ([`rate()`](rate::rate)).
//! - The techniques, each finding the step Sudoku Explainer 1.2.1 finds
//!   first, at SE's difficulty: singles (full house 1.0, hidden single 1.2
//!   and 1.5, naked single 2.3), direct pointing and claiming (1.7, 1.9),
//!   direct hidden pair and triplet (2.0, 2.5), pointing and claiming (2.6,
//!   2.8), naked and hidden pairs, triplets and quads, X-wing, swordfish,
//!   jellyfish, XY- and XYZ-wing, unique rectangles and loops (types 1-4),
//!   BUG (types 1-4), aligned pair and triplet exclusion (6.2, 7.5).
//!   They run over every house of a variant (diagonals, windows, jigsaw
//!   regions); the uniqueness techniques are off with diagonals, windows,
//!   killer cages or setter's constraints.
//! - The common techniques SE lacks (skyscraper, 2-string kite, finned
//!   and sashimi fish, simple colouring, W-wing, X- and XY-chains), in
//!   [`Mode::Extended`] only.
//! - The setter's constraints as named steps by their propagation
//!   ([`constraint_step`]: killer cages with their sum combinations,
//!   thermometers, arrows, dots, lines, ...); cages, extra regions,
//!   anti-knight and anti-king as peers; [`unsupported`] names the rest.
//! - [`chains`]: chains and forcing chains (SE 6.5 and up), in progress.
//! - [`learner_state`]: a learner's pencil marks ([`parse_marks`]) checked
//!   against the solution ([`LearnerError`] names the cell), and [`agrees`],
//!   the check of a step against the solution that every front end makes.
//! - [`SeRater`]: the solver as `sudoku rate` takes it ([`sudoku_solve::LogicRater`]).
//!
//! There is no search here: a puzzle that logic cannot finish ends
//! [`End::Stuck`] (ER 20.0), never with a guess.
//!
//! ```
//! use sudoku::Grid;
//! use sudoku_solve::Limits;
//! use sudoku_logic::{next_step, rate, Candidates, Mode, Technique};
//!
//! let grid: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! let candidates = Candidates::from_grid(&grid)?;
//! let step = next_step(&candidates, Mode::Se).expect("a step");
//! assert_eq!(step.technique, Technique::HiddenSingle);
//! assert!(step.text().starts_with("hidden single in box"));
//!
//! // Sudoku Explainer 1.2.1 rates this puzzle 1.2/1.2/1.2 (hidden singles
//! // in boxes only).
//! let (ratings, _end) = rate::rate(candidates, Mode::Se, &Limits::none()).expect("no limit");
//! assert_eq!(
//!     (ratings.er.to_string(), ratings.ep.to_string(), ratings.ed.to_string()),
//!     ("1.2".into(), "1.2".into(), "1.2".into())
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod aligned;
mod candidates;
pub mod chains;
mod colouring;
mod combos;
mod error;
mod extended;
mod finned;
mod hook;
mod learner;
pub mod rate;
mod sets;
mod setter;
mod singles;
mod step;
mod turbot;
mod unique;
mod wings;

pub use candidates::{
    bit, cell_name, values_of, Candidates, House, HouseName, Houses, Mistake, MAX_LOGIC_SIDE,
};
pub use error::StateError;
pub use hook::{candidates_for, SeRater};
pub use learner::{agrees, learner_state, parse_marks, LearnerError, Marks};
pub use rate::{next_step, next_step_within, solve, End, Mode, Path, Ratings};
pub use setter::{constraint_step, unsupported};
pub use step::{ChainNode, Difficulty, Elimination, Placement, Reason, Step, Technique};
