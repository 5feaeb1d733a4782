//! What to generate, decided once, and a run of it: the one entry point of
//! `sudoku generate` and the Python `Sudoku.generate`.
//!
//! A [`Maker`] is read from the variant's names (`--variant`), a region map
//! and the classic options; it makes and checks one puzzle per seed with
//! [`generate_checked`](crate::checked::generate_checked),
//! [`generate_variant_checked`](crate::checked::generate_variant_checked),
//! [`generate_setter_checked`](crate::checked::generate_setter_checked) or,
//! for doppelganger grids (`0..=n`, a kind of grid of its own),
//! [`generate_doppelganger_checked`](crate::doppelganger::generate_doppelganger_checked),
//! as the rules ask. [`Maker::run`] makes `count` of them in seed order under one meter
//! ([`Limits`]: a timeout, Ctrl-C's flag) and hands each record over whole;
//! [`GenerateRun`] says how many were written and why it stopped.
//!
//! ```
//! use sudoku_generate::{GenerateOptions, GeneratedFormat, Limits, Maker};
//! use sudoku::Shape;
//!
//! let shape = Shape::square(2)?;
//! let maker = Maker::from_names(Some("x"), None, shape, GenerateOptions::default(), 0)?;
//! let mut lines = Vec::new();
//! let run = maker.run(1, 3, &Limits::none(), GeneratedFormat::Text, |_, _, record| {
//!     lines.push(record.to_string());
//!     true
//! });
//! assert_eq!((run.written, run.note(3)), (3, None));
//! // An X puzzle needs no map: one line of 16 cells each.
//! assert!(lines.iter().all(|l| l.len() == 17));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use solver_core::{Incomplete, Limits};

use crate::checked::{
    generate_checked, generate_setter_checked, generate_variant_checked, in_seed_order,
    GenerateTrouble,
};
use crate::classic::{GenerateOptions, Generated};
use crate::doppelganger::{self as dopp, generate_doppelganger_checked};
use crate::records::{GeneratedFormat, Made};
use crate::setter::{parse_generate_names, Clues, SetterGenerated};
use sudoku::Grid;
use sudoku::Shape;
use sudoku::{Regions, Variant, VariantError};
use sudoku_solve::doppelganger::DoppelGenerated;
use sudoku_solve::{Rating, Symmetry};

/// Why a request to generate cannot be made (before any puzzle is).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MakerError {
    /// A name that is not a variant, or rules that do not fit the shape.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// Jigsaw (random maps or a given one) with setter's clues or rules.
    #[error(
        "jigsaw combines with x and windoku only, not with killer, thermo, arrow, \
         anti-knight, anti-king or non-consecutive"
    )]
    JigsawWithClues,
    /// Doppelganger with other names, or on a shape it is not made on.
    #[error("{0}")]
    Doppelganger(String),
}

/// What is made for each seed, and a run of it: the one entry point of
/// generation. Its settings say which generator makes the puzzles (classic
/// puzzles dug from a full grid, x, windoku and jigsaw puzzles, puzzles with
/// setter's clues or rules) under which rules; every puzzle it gives has
/// passed its generator's check ([`MadePuzzle`]).
///
/// ```
/// use sudoku_generate::{GenerateOptions, Limits, MadePuzzle, Maker, Symmetry};
/// use sudoku_solve::SolveGrid;
/// use sudoku::Shape;
///
/// let options = GenerateOptions { symmetry: Symmetry::Rotational, ..Default::default() };
/// let maker = Maker::classic(Shape::square(3)?, options).rated(1);
/// let MadePuzzle::Classic(made, rating) = maker.make(42, &Limits::none())? else { panic!() };
/// assert_eq!(made.puzzle.solve_unique()?, made.solution);
/// assert!(Symmetry::Rotational.holds_for(&made.puzzle) && rating.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Maker {
    shape: Shape,
    kind: Kind,
}

/// The generator a [`Maker`] runs, with its settings.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    /// Classic puzzles ([`generate_checked`]), rated over `rate_seeds`.
    Classic {
        options: GenerateOptions,
        rate_seeds: u32,
    },
    /// X, windoku and jigsaw puzzles ([`generate_variant_checked`]): the
    /// rules (with the region map when one is given), the names for
    /// messages, and whether each puzzle draws a random region map.
    Variant {
        base: Variant,
        names: String,
        jigsaw: bool,
    },
    /// Puzzles with setter's clues or rules ([`generate_setter_checked`]):
    /// the rules the clues are drawn under, and the clues.
    Setter { base: Variant, clues: Clues },
    /// Doppelganger grids ([`generate_doppelganger_checked`]), with the
    /// node budget of each removal's proof when it is below the
    /// generator's own.
    Doppelganger { dig_nodes: Option<u64> },
}

/// One puzzle made and checked by a [`Maker`].
#[derive(Clone, Debug)]
pub enum MadePuzzle {
    /// A classic puzzle and its rating (if rated).
    Classic(Generated, Option<Rating>),
    /// An x, windoku or jigsaw puzzle.
    Variant {
        /// The givens.
        puzzle: Grid,
        /// The one solution.
        solution: Grid,
        /// The rules, with the puzzle's region map.
        variant: Variant,
        /// The seed it was made from.
        seed: u64,
    },
    /// A puzzle with setter's clues or rules.
    Setter(SetterGenerated),
    /// A doppelganger puzzle (a grid of `0..=n`, not a [`Grid`]).
    Doppelganger {
        /// The puzzle, its solution and whether it is minimal.
        made: DoppelGenerated,
        /// The seed it was made from.
        seed: u64,
    },
}

impl MadePuzzle {
    /// The givens; `None` for a doppelganger puzzle, whose grid is not a
    /// [`Grid`] (it is in [`MadePuzzle::Doppelganger`]).
    pub fn puzzle(&self) -> Option<&Grid> {
        match self {
            MadePuzzle::Classic(made, _) => Some(&made.puzzle),
            MadePuzzle::Variant { puzzle, .. } => Some(puzzle),
            MadePuzzle::Setter(made) => Some(&made.puzzle),
            MadePuzzle::Doppelganger { .. } => None,
        }
    }

    /// Its one solution (`None` for a doppelganger puzzle, as
    /// [`MadePuzzle::puzzle`]).
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            MadePuzzle::Classic(made, _) => Some(&made.solution),
            MadePuzzle::Variant { solution, .. } => Some(solution),
            MadePuzzle::Setter(made) => Some(&made.solution),
            MadePuzzle::Doppelganger { .. } => None,
        }
    }

    /// The rules the puzzle is unique under (classic: the default; `None`
    /// for a doppelganger puzzle, whose rule no [`Variant`] states).
    pub fn variant(&self) -> Option<Variant> {
        match self {
            MadePuzzle::Classic(..) => Some(Variant::default()),
            MadePuzzle::Variant { variant, .. } => Some(variant.clone()),
            MadePuzzle::Setter(made) => Some(made.variant.clone()),
            MadePuzzle::Doppelganger { .. } => None,
        }
    }

    /// The givens of a classic puzzle that stayed above its target.
    pub fn above_target(&self) -> Option<usize> {
        match self {
            MadePuzzle::Classic(made, _) if made.target_reached == Some(false) => Some(made.givens),
            _ => None,
        }
    }

    /// The puzzle's record in `format` ([`Made::record`]).
    pub fn record(&self, format: GeneratedFormat) -> Result<String, GenerateTrouble> {
        let made = match self {
            MadePuzzle::Classic(made, rating) => Made::Classic(made, *rating),
            MadePuzzle::Variant {
                puzzle,
                solution,
                variant,
                seed,
            } => Made::Variant {
                puzzle,
                solution,
                variant,
                seed: *seed,
            },
            MadePuzzle::Setter(made) => Made::Setter(made),
            MadePuzzle::Doppelganger { made, seed } => return dopp::record(made, *seed, format),
        };
        made.record(format)
    }
}

impl Maker {
    /// The maker of classic puzzles of `shape` made with `options`
    /// (symmetry, target, node limit, attempts), not rated.
    pub fn classic(shape: Shape, options: GenerateOptions) -> Maker {
        Maker {
            shape,
            kind: Kind::Classic {
                options,
                rate_seeds: 0,
            },
        }
    }

    /// The same maker, its classic puzzles rated over `seeds` tie-break
    /// orders ([`sudoku_solve::rate`]; 0: not rated). Only classic
    /// puzzles are rated.
    pub fn rated(mut self, seeds: u32) -> Maker {
        if let Kind::Classic { rate_seeds, .. } = &mut self.kind {
            *rate_seeds = seeds;
        }
        self
    }

    /// The maker of puzzles with setter's `clues` (killer cages,
    /// thermometers, arrows) drawn under `base`'s rules (which may hold
    /// setter's rules such as anti-knight, and x or windoku); the rules are
    /// checked against `shape` here. A region map is refused
    /// ([`MakerError::JigsawWithClues`]).
    pub fn setter(base: Variant, clues: Clues, shape: Shape) -> Result<Maker, MakerError> {
        if base.regions.is_some() {
            return Err(MakerError::JigsawWithClues);
        }
        base.rules(shape)?;
        Ok(Maker {
            shape,
            kind: Kind::Setter { base, clues },
        })
    }

    /// The box shape of the puzzles.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The maker of `names` (`None`: classic puzzles with `options`, rated
    /// over `rate_seeds`): setter's clues or rules (killer, thermo, arrow,
    /// anti-knight, anti-king, non-consecutive, with x or windoku) go to the
    /// setter's generator, x, windoku and jigsaw to the variant generator;
    /// `regions`, when given, is the map of every jigsaw puzzle. The rules
    /// are checked against `shape` here, before any puzzle is made.
    pub fn from_names(
        names: Option<&str>,
        regions: Option<Regions>,
        shape: Shape,
        options: GenerateOptions,
        rate_seeds: u32,
    ) -> Result<Maker, MakerError> {
        let Some(names) = names else {
            return Ok(Maker::classic(shape, options).rated(rate_seeds));
        };
        if sudoku_solve::doppelganger::named(names).map_err(MakerError::Doppelganger)? {
            if regions.is_some() {
                return Err(MakerError::Doppelganger(
                    "doppelganger: grids of 0..n take no region map".into(),
                ));
            }
            if options.symmetry != Symmetry::None || options.target_givens.is_some() {
                return Err(MakerError::Doppelganger(
                    "doppelganger puzzles are made minimal: no symmetry, no target of givens"
                        .into(),
                ));
            }
            return Maker::doppelganger(shape, options.node_limit);
        }
        let (mut base, mut jigsaw, clues) = parse_generate_names(names)?;
        if clues != Clues::default() || !base.constraints.is_empty() {
            if jigsaw || regions.is_some() {
                return Err(MakerError::JigsawWithClues);
            }
            base.rules(shape)?;
            return Ok(Maker {
                shape,
                kind: Kind::Setter { base, clues },
            });
        }
        if regions.is_some() {
            base.regions = regions;
            jigsaw = false;
        }
        Maker::variant(base, names, shape, jigsaw)
    }

    /// The maker of x, windoku and jigsaw puzzles under `base` (named
    /// `names` in messages), with a random region map each when `jigsaw`;
    /// the rules are checked against `shape` here.
    pub fn variant(
        base: Variant,
        names: &str,
        shape: Shape,
        jigsaw: bool,
    ) -> Result<Maker, MakerError> {
        base.rules(shape)?;
        Ok(Maker {
            shape,
            kind: Kind::Variant {
                base,
                names: names.to_string(),
                jigsaw,
            },
        })
    }

    /// The maker of doppelganger puzzles (grids of `0..=n`) of `shape`,
    /// 4x4 to 16x16, unique and minimal where every removal's proof was
    /// decided ([`sudoku_solve::doppelganger::generate`]); each is proven
    /// unique again by the engines of
    /// [`sudoku_solve::doppelganger::answer`], apart from the search that
    /// made it. Written as text or JSON only. `dig_nodes`: the nodes each
    /// removal's proof gets, when fewer than the generator's own
    /// ([`sudoku_solve::doppelganger::DIG_NODES`]); a removal it does not
    /// decide keeps its given.
    pub fn doppelganger(shape: Shape, dig_nodes: Option<u64>) -> Result<Maker, MakerError> {
        let side = shape.side();
        if !(4..=16).contains(&side) {
            return Err(MakerError::Doppelganger(format!(
                "doppelganger puzzles are generated from 4x4 to 16x16, not {side}x{side}"
            )));
        }
        Ok(Maker {
            shape,
            kind: Kind::Doppelganger { dig_nodes },
        })
    }

    /// Whether this maker's puzzles can be written in `format`: `Err` with
    /// the reason for drawn grids and f-puzzles links of doppelganger
    /// puzzles (text and JSON only), to refuse before a run.
    pub fn writes(&self, format: GeneratedFormat) -> Result<(), MakerError> {
        let drawn = matches!(format, GeneratedFormat::Grid | GeneratedFormat::Fpuzzles);
        if matches!(self.kind, Kind::Doppelganger { .. }) && drawn {
            return Err(MakerError::Doppelganger(dopp::UNWRITTEN_FORMATS.into()));
        }
        Ok(())
    }

    /// Makes and checks the puzzle of `seed` within `limits`.
    pub fn make(&self, seed: u64, limits: &Limits) -> Result<MadePuzzle, GenerateTrouble> {
        let shape = self.shape;
        match &self.kind {
            Kind::Classic {
                options,
                rate_seeds,
            } => generate_checked(shape, seed, options, *rate_seeds, limits)
                .map(|(made, rating)| MadePuzzle::Classic(made, rating)),
            Kind::Variant {
                base,
                names,
                jigsaw,
            } => generate_variant_checked(base, names, shape, *jigsaw, seed, limits).map(
                |(puzzle, solution, variant)| MadePuzzle::Variant {
                    puzzle,
                    solution,
                    variant,
                    seed,
                },
            ),
            Kind::Setter { base, clues } => {
                generate_setter_checked(base, *clues, shape, seed, limits).map(MadePuzzle::Setter)
            }
            Kind::Doppelganger { dig_nodes } => {
                generate_doppelganger_checked(shape, seed, *dig_nodes, limits)
                    .map(|made| MadePuzzle::Doppelganger { made, seed })
            }
        }
    }

    /// Makes the puzzles of seeds `first_seed` to `first_seed + count - 1`
    /// on the rayon pool (`in_seed_order`: the same puzzles whatever the
    /// threads) under `limits` (one meter for the whole run), and hands
    /// each, in seed order, with its whole record in `format`, to `write`,
    /// which says whether it was written (false stops the run: the output
    /// failed). Stops at the first puzzle not made: a limit, no grid, or a
    /// failed check.
    pub fn run(
        &self,
        first_seed: u64,
        count: u64,
        limits: &Limits,
        format: GeneratedFormat,
        mut write: impl FnMut(u64, &MadePuzzle, &str) -> bool,
    ) -> GenerateRun {
        let mut run = GenerateRun::default();
        let make = |seed| self.make(seed, limits);
        in_seed_order(first_seed, count, make, |seed, made| {
            let record = made.and_then(|made| made.record(format).map(|r| (made, r)));
            match record {
                Ok((made, record)) => {
                    run.above_target += u64::from(made.above_target().is_some());
                    let written = write(seed, &made, &record);
                    run.written += u64::from(written);
                    written
                }
                Err(trouble) => {
                    run.stopped = Some((trouble, seed));
                    false
                }
            }
        });
        run
    }
}

/// How a [`Maker::run`] went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenerateRun {
    /// Puzzles written.
    pub written: u64,
    /// Classic puzzles written above their target of givens.
    pub above_target: u64,
    /// The puzzle not made that stopped the run, and its seed.
    pub stopped: Option<(GenerateTrouble, u64)>,
}

impl GenerateRun {
    /// The line that says how a run of `count` puzzles stopped at a limit:
    /// `incomplete: time limit reached: 2 of 5 puzzles written`, or after
    /// Ctrl-C `interrupted by Ctrl-C: 2 puzzles written (the rest were not
    /// made)`; `None` when it was not stopped by a limit.
    pub fn note(&self, count: u64) -> Option<String> {
        let Some((GenerateTrouble::Stopped(why), _)) = &self.stopped else {
            return None;
        };
        let written = self.written;
        let plural = |n| if n == 1 { "" } else { "s" };
        Some(match why {
            Incomplete::Cancelled => format!(
                "interrupted by Ctrl-C: {written} puzzle{} written (the rest were not made)",
                plural(written)
            ),
            why => format!(
                "incomplete: {why}: {written} of {count} puzzle{} written",
                plural(count)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;

    fn four() -> Shape {
        Shape::square(2).unwrap()
    }

    #[test]
    fn names_choose_the_generator_and_refuse_what_cannot_be() {
        let options = GenerateOptions::default;
        let maker = |names| Maker::from_names(names, None, four(), options(), 0);
        let kind = |names| maker(names).map(|m| m.kind);
        assert!(matches!(kind(None), Ok(Kind::Classic { .. })));
        assert!(matches!(
            kind(Some("x,windoku")),
            Ok(Kind::Variant { jigsaw: false, .. })
        ));
        assert!(matches!(
            kind(Some("jigsaw")),
            Ok(Kind::Variant { jigsaw: true, .. })
        ));
        assert!(matches!(kind(Some("killer,x")), Ok(Kind::Setter { .. })));
        assert_eq!(
            maker(Some("jigsaw,thermo")).unwrap_err(),
            MakerError::JigsawWithClues
        );
        assert!(matches!(
            maker(Some("sideways")),
            Err(MakerError::Variant(_))
        ));
        let regions: Regions = "1122\n1122\n3344\n3344".parse().unwrap();
        let fixed = Maker::from_names(Some("jigsaw"), Some(regions.clone()), four(), options(), 0);
        match fixed.unwrap().kind {
            Kind::Variant { base, jigsaw, .. } => {
                assert!(!jigsaw);
                assert_eq!(base.regions, Some(regions.clone()));
            }
            other => panic!("{other:?}"),
        }
        let refused =
            Maker::from_names(Some("killer"), Some(regions.clone()), four(), options(), 0);
        assert_eq!(refused.unwrap_err(), MakerError::JigsawWithClues);
        // The settings say the same as the names.
        let (base, _, clues) = parse_generate_names("killer,x").unwrap();
        let set = Maker::setter(base.clone(), clues, four()).unwrap();
        assert_eq!(Some(set.kind), kind(Some("killer,x")).ok());
        let with_map = Variant {
            regions: Some(regions),
            ..base
        };
        assert_eq!(
            Maker::setter(with_map, clues, four()).unwrap_err(),
            MakerError::JigsawWithClues
        );
        let classic = Maker::classic(four(), options()).rated(2);
        assert_eq!(
            Some(classic.kind),
            Maker::from_names(None, None, four(), options(), 2)
                .ok()
                .map(|m| m.kind)
        );
    }

    #[test]
    fn every_puzzle_written_is_unique_under_its_rules() {
        let maker = Maker::from_names(Some("x"), None, four(), GenerateOptions::default(), 0);
        let run = maker.unwrap().run(
            5,
            4,
            &Limits::none(),
            GeneratedFormat::Text,
            |_, made, _| {
                // An independent count: every completion of the givens that
                // holds the rules, by brute force over the empty cells.
                let rules = made.variant().unwrap().rules(four()).unwrap();
                assert_eq!(brute_force_count(made.puzzle().unwrap(), &rules), 1);
                true
            },
        );
        assert_eq!(
            run,
            GenerateRun {
                written: 4,
                above_target: 0,
                stopped: None
            }
        );
        // The count itself can tell many from one: the empty 4x4 grid has
        // 288 Sudoku completions (a known figure).
        let empty = Grid::from_values(four(), vec![0; 16]).unwrap();
        assert_eq!(
            brute_force_count(&empty, &sudoku::Rules::standard(four())),
            288
        );
    }

    /// Completions of `grid` in which every unit of `rules` holds 1 to 4:
    /// every value 1 to 4 is tried in every empty cell, in cell order, and
    /// a branch is dropped as soon as a unit holds a value twice (no
    /// completion of it can hold the rules); each full grid is checked
    /// against every unit again.
    fn brute_force_count(grid: &Grid, rules: &sudoku::Rules) -> usize {
        let mut cells: Vec<u16> = grid.cells().to_vec();
        let units: Vec<&[usize]> = rules.units().iter().map(|u| u.cells.as_slice()).collect();
        let holding: Vec<Vec<&[usize]>> = (0..cells.len())
            .map(|cell| {
                units
                    .iter()
                    .copied()
                    .filter(|u| u.contains(&cell))
                    .collect()
            })
            .collect();
        count_completions(&mut cells, &units, &holding)
    }

    /// No value 1 to 4 twice in `unit`.
    fn no_repeat(cells: &[u16], unit: &[usize]) -> bool {
        let mut seen = [false; 5];
        unit.iter()
            .all(|&c| cells[c] == 0 || !std::mem::replace(&mut seen[usize::from(cells[c])], true))
    }

    /// [`brute_force_count`] from the partial grid `cells`.
    fn count_completions(
        cells: &mut [u16],
        units: &[&[usize]],
        holding: &[Vec<&[usize]>],
    ) -> usize {
        let Some(empty) = cells.iter().position(|&v| v == 0) else {
            return usize::from(units.iter().all(|u| {
                let mut seen = [false; 5];
                u.iter()
                    .all(|&c| !std::mem::replace(&mut seen[usize::from(cells[c])], true))
            }));
        };
        let mut count = 0;
        for v in 1..=4 {
            cells[empty] = v;
            if holding[empty].iter().all(|u| no_repeat(cells, u)) {
                count += count_completions(cells, units, holding);
            }
        }
        cells[empty] = 0;
        count
    }

    #[test]
    fn a_run_stopped_by_the_meter_writes_whole_puzzles_and_says_so() {
        let maker = Maker::from_names(None, None, four(), GenerateOptions::default(), 0).unwrap();
        let past = Limits::none().timeout(Duration::ZERO);
        let run = maker.run(1, 3, &past, GeneratedFormat::Text, |_, _, _| true);
        assert_eq!(run.written, 0);
        assert_eq!(
            run.note(3).unwrap(),
            "incomplete: time limit reached: 0 of 3 puzzles written"
        );
        let cancelled = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
        let run = maker.run(1, 3, &cancelled, GeneratedFormat::Text, |_, _, _| true);
        assert_eq!(
            run.note(3).unwrap(),
            "interrupted by Ctrl-C: 0 puzzles written (the rest were not made)"
        );
        // A writer that fails stops the run after what it took.
        let mut seen = 0;
        let run = maker.run(
            1,
            100,
            &Limits::none(),
            GeneratedFormat::Text,
            |_, _, record| {
                assert_eq!(record.len(), 17);
                seen += 1;
                seen < 2
            },
        );
        assert_eq!((run.written, run.note(100)), (1, None));
    }
}
