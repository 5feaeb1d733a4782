//! The planner: which engine answers a problem, decided in one place for
//! every problem of the workspace (grids, constraint models, exact-cover
//! matrices) and named.
//!
//! The callers describe their problem ([`Problem`]: a model's facts, a
//! matrix's, or a problem that describes itself through [`Described`], as a
//! Sudoku grid does), say what is asked ([`Job`]) and which engine the user
//! chose ([`Asked`]); [`decide`] returns the engine with its reason
//! ([`Plan`]) or a refusal ([`Refusal`]), never another engine than the one
//! asked for. `sudoku_solve::plan` (which implements [`Described`] for
//! grids: their own engines, band9, bits, units and clause learning, are its
//! rows of the table) and [`Model::planned_engine`] are the feature
//! extraction for grids and models, and `dlx` on Knuth's format asks it too.
//! The table in `docs/engines.md` is this function's, row by row:
//!
//! | problem | facts | job | [`Asked::Auto`] | [`Asked::Bits`] | [`Asked::Dlx`] |
//! |---|---|---|---|---|---|
//! | described, beyond exact cover | any | split | `dlx` | refused | refused |
//! | described, beyond exact cover | any | other | `propagation` | refused | refused |
//! | described | exact cover | enumerate, split | `dlx` | refused | `dlx` |
//! | described | one of its own engines takes the job | other | its own | its own | `dlx` |
//! | described | none of its own engines takes the job | other | `dlx` | refused | `dlx` |
//! | model | exact cover, no objective | any | `dlx` | refused | `dlx` |
//! | model | anything else | any | `propagation` | refused | refused |
//! | model with its own search | the search takes the job | that job | its own (`masks`) | as a model | as a model |
//! | model with its own search | any other job | any | as a model | as a model | as a model |
//! | matrix (Knuth's format) | frontier at most [`MEMO_FRONTIER`] | count (no limit, seed or progress) | `zdd` | refused | `dlx` or `cells` as below (`zdd` when asked) |
//! | matrix (Knuth's format) | Dancing Cells fit | count (no seed or progress; a limit on one thread) | `cells` | refused | `cells` (`cdcl` when asked, refused with colours) |
//! | matrix (Knuth's format) | any | any | `dlx` | refused | `dlx` (`cdcl` when asked, refused with colours; `zdd` when asked for a count) |
//!
//! A count planned for `dlx` on a described problem or a model runs on
//! `cells` where Dancing Cells take its matrix. [`Asked::Propagation`] is
//! possible for every model; [`Asked::Cdcl`] for matrices without colours.
//! The memory budget of Dancing Links on a grid is the grid's to check
//! (`sudoku_solve::plan` does).
//!
//! ```
//! use cover_model::plan::{decide, Asked, Beyond, BeyondExactCover, Described, EngineName, Job, Plan, Problem};
//!
//! /// A problem whose own engine (`bits`) solves it but does not count it.
//! struct Board;
//! impl Described for Board {
//!     fn exact_cover(&self) -> Result<(), BeyondExactCover> { Ok(()) }
//!     fn own_engine(&self, job: Job) -> Result<Plan, Beyond> {
//!         match job {
//!             Job::Solve => Ok(Plan::new(EngineName::Bits, "small")),
//!             _ => Err(Beyond { refusal: "bits only solve", reason: "counted elsewhere" }),
//!         }
//!     }
//!     fn cells_fit(&self) -> bool { false }
//! }
//! let board = Problem::Grid(&Board);
//! assert_eq!(decide(&board, Job::Solve, Asked::Auto)?.engine, EngineName::Bits);
//! assert_eq!(decide(&board, Job::Count, Asked::Auto)?.engine, EngineName::Dlx);
//! assert!(decide(&board, Job::Count, Asked::Bits).is_err());
//! // A model with an objective is not exact cover: Dancing Links is refused.
//! let model = Problem::Model { exact_cover: false, cells: false };
//! assert_eq!(decide(&model, Job::Solve, Asked::Auto)?.engine, EngineName::Propagation);
//! assert!(decide(&model, Job::Solve, Asked::Dlx).is_err());
//! # Ok::<(), cover_model::plan::Refusal>(())
//! ```
//!
//! [`Model::planned_engine`]: crate::Model::planned_engine

#[cfg(test)]
mod doc_table;
pub mod matrix;

use std::fmt;

/// The engines, by the names the command line, JSON records and
/// `--explain` use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum EngineName {
    /// The 9x9 specialist: each value's band (three rows of boxes) in one
    /// 32-bit word.
    Band9,
    /// The bit-parallel exact-cover search: one bit board per value.
    Bits,
    /// The bit-parallel search over any units holding each value once
    /// (variants), up to 128 cells.
    Units,
    /// Clause learning (`solver_core::cdcl`): on a grid, after bit-parallel
    /// propagation at the root, for one solution or a uniqueness check.
    Cdcl,
    /// Knuth's Dancing Links (`solver_core`): any exact cover, any size.
    Dlx,
    /// Dancing Cells (`solver_core::Counter::Cells`): the same exact cover
    /// on sparse sets, a matrix's plain count (no seed, no progress
    /// reports) within its size.
    Cells,
    /// The finite-domain propagation engine of this crate: any model.
    Propagation,
    /// Memoized counting through a diagram of the solutions
    /// (`solver_core::zdd`, Knuth's Algorithm Z): a matrix's count.
    Zdd,
    /// A problem's own search on candidate masks, propagated to a fixed
    /// point (a doppelganger grid's: its cells and the value each house
    /// misses; `sudoku_solve::doppelganger`).
    Masks,
}

impl EngineName {
    /// Every engine, in the order of the docs.
    pub const ALL: [EngineName; 9] = [
        EngineName::Band9,
        EngineName::Bits,
        EngineName::Units,
        EngineName::Cdcl,
        EngineName::Dlx,
        EngineName::Cells,
        EngineName::Propagation,
        EngineName::Zdd,
        EngineName::Masks,
    ];

    /// The short name: `band9`, `bits`, `units`, `cdcl`, `dlx`, `cells`,
    /// `propagation`, `zdd` or `masks`.
    pub fn as_str(self) -> &'static str {
        match self {
            EngineName::Band9 => "band9",
            EngineName::Bits => "bits",
            EngineName::Units => "units",
            EngineName::Cdcl => "cdcl",
            EngineName::Dlx => "dlx",
            EngineName::Cells => "cells",
            EngineName::Propagation => "propagation",
            EngineName::Zdd => "zdd",
            EngineName::Masks => "masks",
        }
    }

    /// One line on what the engine is.
    pub fn summary(self) -> &'static str {
        match self {
            EngineName::Band9 => "the 9x9 specialist (each value's band of three rows in one word)",
            EngineName::Bits => "the bit-parallel exact-cover search (one bit board per value)",
            EngineName::Units => {
                "the bit-parallel search over the variant's units and cages (up to 128 cells)"
            }
            EngineName::Cdcl => {
                "bit-parallel propagation at the root, then clause learning on the open cells"
            }
            EngineName::Dlx => "Knuth's Dancing Links on the exact-cover matrix",
            EngineName::Cells => {
                "Dancing Cells: the exact-cover matrix as sparse sets, for counting"
            }
            EngineName::Propagation => {
                "finite-domain propagation on the rules' constraint model (cover_model)"
            }
            EngineName::Zdd => {
                "memoized counting: a diagram of the solutions, branching on the first item \
                 left in input order (Knuth's Algorithm Z)"
            }
            EngineName::Masks => {
                "the problem's own search on candidate masks (a doppelganger grid's cells and \
                 the values its houses miss), propagated to a fixed point"
            }
        }
    }
}

impl fmt::Display for EngineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The compiled copy of an engine that runs, where the engine has more than
/// one (the 9x9 specialist's propagation: portable, or compiled for AVX2 and
/// BMI2), by the names `--explain` uses. The plan of the problem's owner
/// chooses it from what the processor offers (`sudoku_solve::plan` for
/// `band9`); the engine is built on it and never chooses another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CpuPath {
    /// The portable code, for any x86-64 (the build's baseline) or other
    /// processor.
    Baseline,
    /// Compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT, gathering bits with
    /// BMI2's `pext`.
    Avx2,
    /// The same compiled copy with table lookups in place of `pext` (where
    /// `pext` is microcoded: AMD before Zen 3).
    Avx2Lookup,
}

impl CpuPath {
    /// The short name: `baseline`, `avx2` or `avx2-lookup`.
    pub fn as_str(self) -> &'static str {
        match self {
            CpuPath::Baseline => "baseline",
            CpuPath::Avx2 => "avx2",
            CpuPath::Avx2Lookup => "avx2-lookup",
        }
    }
}

impl fmt::Display for CpuPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The planner's choice: an engine, the reason for it and, for an engine
/// with several compiled copies, the one that runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    /// The engine that runs.
    pub engine: EngineName,
    /// Why this one, in a few words (for `--explain`).
    pub reason: &'static str,
    /// The compiled copy of the engine that runs, where it has several
    /// (`band9`); `None` for the others. [`decide`] leaves it `None`: the
    /// problem's owner, which knows its engines' copies, sets it.
    pub path: Option<CpuPath>,
}

impl Plan {
    /// The plan of `engine` for `reason`, with no [`CpuPath`].
    pub const fn new(engine: EngineName, reason: &'static str) -> Plan {
        Plan {
            engine,
            reason,
            path: None,
        }
    }
}

impl fmt::Display for Plan {
    /// `engine: summary (reason)`, and `, path path` after it when the
    /// plan names a compiled copy (`band9: ... (classic 9x9 grid), avx2
    /// path`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({})",
            self.engine,
            self.engine.summary(),
            self.reason
        )?;
        match self.path {
            Some(path) => write!(f, ", {path} path"),
            None => Ok(()),
        }
    }
}

/// The engine the user asked for: the one vocabulary of every front end
/// (`--engine` of `sudoku` and `dlx`, the libraries' `engine` arguments: a
/// grid's `sudoku_solve::Asked` is this type, and a model compiles for one,
/// `Model::compile_with`). [`decide`] turns it into the engine that runs
/// ([`EngineName`]) or refuses it; every engine gives the same verdicts and
/// counts, but where a problem has several solutions, different engines may
/// print different ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Asked {
    /// The planner's choice: on a grid a bit-parallel engine where one
    /// applies, Dancing Links otherwise.
    #[default]
    Auto,
    /// The bit-parallel family on a grid: the matrix as one bit board per
    /// value, with singles and locked candidates as propagation (`bits`,
    /// classic grids up to 128x128, with clause learning from 36x36 for one
    /// solution or uniqueness: `cdcl` after the root); on 9x9 grids a
    /// specialist that holds each value's band (three rows of boxes) in one
    /// 32-bit word (`band9`); for variants up to 128 cells, `units`.
    /// Refused where none applies, never replaced by Dancing Links.
    Bits,
    /// Knuth's Dancing Links (`solver_core`), the reference engine, for any
    /// exact cover (a grid: any rules without setter's constraints and any
    /// size the memory budget allows; a plain count: on Dancing Cells, its
    /// sparse-set form, when they take it).
    Dlx,
    /// Clause learning over a matrix's options.
    Cdcl,
    /// The propagation engine on a model.
    Propagation,
    /// Memoized counting through a diagram (a matrix's count).
    Zdd,
}

impl Asked {
    /// Every choice.
    pub const ALL: [Asked; 6] = [
        Asked::Auto,
        Asked::Bits,
        Asked::Dlx,
        Asked::Cdcl,
        Asked::Propagation,
        Asked::Zdd,
    ];

    /// The name as the command line writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Asked::Auto => "auto",
            Asked::Bits => "bits",
            Asked::Dlx => "dlx",
            Asked::Cdcl => "cdcl",
            Asked::Propagation => "propagation",
            Asked::Zdd => "zdd",
        }
    }
}

/// What is asked of the engine. Only grids tell the jobs apart; a model or
/// a matrix gets the same engine for every job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Job {
    /// One solution.
    Solve,
    /// Solutions counted (up to a limit).
    Count,
    /// Uniqueness: none, one or several.
    Check,
    /// Givens removed while the solution stays unique.
    Minimize,
    /// The nodes of a plain search (a puzzle's rating).
    Rate,
    /// True candidates: the values of some solution, per cell.
    Candidates,
    /// Every solution, one at a time.
    Enumerate,
    /// The completions split into cubes.
    Split,
}

/// A problem with engines of its own beside Dancing Links (a Sudoku grid
/// and its bit-parallel engines), as it describes itself to the planner.
/// The crate that owns the problem implements it (`sudoku_solve` for
/// grids), so this crate holds none of its facts; [`decide`] adds what every
/// exact cover shares: a problem beyond exact cover goes to the propagation
/// engine, listing solutions and splitting into cubes to Dancing Links,
/// `--engine dlx` to Dancing Links, and a count on Dancing Links to Dancing
/// Cells where they take the matrix.
pub trait Described {
    /// `Ok` when the problem is exact cover (Dancing Links take it); else
    /// why not, in the plan's words.
    fn exact_cover(&self) -> Result<(), BeyondExactCover>;
    /// The problem's own engine for `job` (what [`Asked::Bits`] asks for:
    /// one of [`EngineName::Band9`], [`EngineName::Bits`],
    /// [`EngineName::Units`], [`EngineName::Cdcl`]) with its reason, or why
    /// none of them takes it. Asked only of an exact cover, for a job other
    /// than listing or splitting.
    fn own_engine(&self, job: Job) -> Result<Plan, Beyond>;
    /// Whether Dancing Cells take the problem's exact-cover matrix: asked
    /// only for a count planned for Dancing Links.
    fn cells_fit(&self) -> bool;
}

/// Why a problem is beyond exact cover, in the plan's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BeyondExactCover {
    /// The refusal of the problem's own engines.
    pub own: &'static str,
    /// The refusal of Dancing Links.
    pub dlx: &'static str,
    /// Why the propagation engine answers.
    pub propagation: &'static str,
    /// Why cubes still come from Dancing Links (the exact cover the
    /// problem relaxes to).
    pub split: &'static str,
}

/// Why none of a problem's own engines takes a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Beyond {
    /// The refusal when they were asked for.
    pub refusal: &'static str,
    /// Why Dancing Links answer instead.
    pub reason: &'static str,
}

/// The problem, as the planner sees it.
#[derive(Clone, Copy)]
pub enum Problem<'a> {
    /// A problem that describes itself (a Sudoku grid under its rules).
    Grid(&'a dyn Described),
    /// A constraint model ([`crate::Model`]).
    Model {
        /// Dancing Links can take it: exact cover with views, every
        /// variable listed, no objective.
        exact_cover: bool,
        /// Dancing Cells can count its matrix (it fits them, and the count
        /// takes no seed): a count planned for Dancing Links runs on them
        /// ([`EngineName::Cells`]).
        cells: bool,
    },
    /// An exact-cover matrix (Knuth's format).
    Matrix {
        /// Some option gives an item a colour.
        colours: bool,
        /// Dancing Cells can count it: the matrix fits them
        /// (`solver_core::Matrix::cells_fit`), and the count is plain (no
        /// seed, no progress reports; with a solution limit, on one
        /// thread).
        cells: bool,
        /// Its frontier in input order (`solver_core::zdd::frontier`) when
        /// the job may be memoized: a count of every solution, without a
        /// solution limit, a seed or progress reports; `None` otherwise.
        frontier: Option<u32>,
    },
    /// A constraint model with a search of its own beside the propagation
    /// engine and Dancing Links (a doppelganger grid: [`EngineName::Masks`]):
    /// `auto` plans its own search for the jobs it takes, and everything
    /// else as for [`Problem::Model`] (never Dancing Cells).
    OwnSearch {
        /// Dancing Links can take it (as for [`Problem::Model`]).
        exact_cover: bool,
        /// The problem's own search for this job with its reason, or
        /// `None` when it does not take the job.
        own: Option<Plan>,
    },
}

impl fmt::Debug for Problem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::Grid(_) => f.write_str("Grid(..)"),
            Problem::Model { exact_cover, cells } => f
                .debug_struct("Model")
                .field("exact_cover", &exact_cover)
                .field("cells", &cells)
                .finish(),
            Problem::Matrix {
                colours,
                cells,
                frontier,
            } => f
                .debug_struct("Matrix")
                .field("colours", &colours)
                .field("cells", &cells)
                .field("frontier", &frontier)
                .finish(),
            Problem::OwnSearch { exact_cover, own } => f
                .debug_struct("OwnSearch")
                .field("exact_cover", &exact_cover)
                .field("own", &own)
                .finish(),
        }
    }
}

/// An engine asked for that cannot take the problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("engine {} cannot take this problem: {why}", asked.as_str())]
pub struct Refusal {
    /// The engine asked for.
    pub asked: Asked,
    /// Why not.
    pub why: &'static str,
}

/// The widest frontier (items partly decided at once, in input order) at
/// which the planner counts a matrix by memo ([`EngineName::Zdd`]): there
/// the distinct subproblems stay within about `2^frontier` per item, and
/// each costs about what a node of the plain search costs. Boards listed
/// row by row (dominoes 16 wide: 16), Aztec diamonds listed by diagonals
/// (order 16: 17) and set partitions (of 12: 11) are within it; n-queens,
/// Langford pairs and pentominoes (24 and more) are not, and neither are
/// the matchings of K24 (23), whose plain search memoizes on its own.
pub const MEMO_FRONTIER: u32 = 20;

/// The memory budget of memoized counting when the user gives none
/// (`--max-memory`).
pub const DEFAULT_MEMO_BYTES: u64 = 2 << 30;

/// Picks the engine for `job` on `problem`, with `asked` the user's choice:
/// the one planner (the table of the [module docs](self)).
pub fn decide(problem: &Problem, job: Job, asked: Asked) -> Result<Plan, Refusal> {
    let refuse = |why: &'static str| Err(Refusal { asked, why });
    let plan = |engine, reason| Ok(Plan::new(engine, reason));
    match *problem {
        Problem::Grid(grid) => decide_grid(grid, job, asked),
        Problem::Model { .. } if asked == Asked::Zdd => {
            refuse("memoized counting takes Knuth's format, not a JSON model")
        }
        Problem::Model { exact_cover, cells } => match asked {
            Asked::Auto | Asked::Dlx if exact_cover && cells && job == Job::Count => {
                plan(EngineName::Cells, ON_CELLS)
            }
            Asked::Auto if exact_cover => plan(EngineName::Dlx, "exact cover"),
            Asked::Dlx if exact_cover => plan(EngineName::Dlx, "asked for"),
            Asked::Auto => plan(EngineName::Propagation, "not exact cover"),
            Asked::Propagation => plan(EngineName::Propagation, "asked for"),
            Asked::Dlx => refuse("the model is not exact cover"),
            Asked::Cdcl => refuse("takes Knuth's format, not a JSON model (leave --engine out)"),
            Asked::Bits => refuse("the bit-parallel engines take Sudoku grids, not models"),
            Asked::Zdd => unreachable!("refused above"),
        },
        Problem::Matrix {
            colours,
            cells,
            frontier,
        } => decide_matrix(colours, cells && job == Job::Count, frontier, job, asked),
        Problem::OwnSearch { own: Some(own), .. } if asked == Asked::Auto => {
            debug_assert_eq!(
                own.engine,
                EngineName::Masks,
                "{own:?} is no model's own search"
            );
            Ok(own)
        }
        Problem::OwnSearch { exact_cover, .. } => decide(
            &Problem::Model {
                exact_cover,
                cells: false,
            },
            job,
            asked,
        ),
    }
}

/// The reason of a count planned for Dancing Links that runs on Dancing
/// Cells.
const ON_CELLS: &str = "a plain count of an exact cover: on sparse sets";

/// [`decide`] for a matrix; `cells`: the job is a count that Dancing
/// Cells take, so that they count where Dancing Links would.
fn decide_matrix(
    colours: bool,
    cells: bool,
    frontier: Option<u32>,
    job: Job,
    asked: Asked,
) -> Result<Plan, Refusal> {
    let refuse = |why: &'static str| Err(Refusal { asked, why });
    let plan = |engine, reason| Ok(Plan::new(engine, reason));
    // Dancing Links, or for a plain count their sparse-set form.
    let links = |reason: &'static str, on_cells: &'static str| {
        if cells {
            plan(EngineName::Cells, on_cells)
        } else {
            plan(EngineName::Dlx, reason)
        }
    };
    match asked {
        Asked::Zdd => match (job, frontier) {
            (Job::Count, Some(_)) => plan(EngineName::Zdd, "asked for"),
            _ => refuse(
                "memoized counting counts every solution: no --limit, --seed or --progress, \
                 and no solutions printed",
            ),
        },
        Asked::Auto => match (job, frontier) {
            (Job::Count, Some(f)) if f <= MEMO_FRONTIER => plan(
                EngineName::Zdd,
                "a count whose frontier in input order is at most 20 items: memoized",
            ),
            (Job::Count, Some(_)) => links(
                "exact cover; frontier in input order above 20 items: the memo would not pay",
                "a plain count whose frontier in input order is above 20 items (the memo would \
                 not pay): on sparse sets",
            ),
            _ => links("exact cover", ON_CELLS),
        },
        Asked::Dlx => links("exact cover", ON_CELLS),
        Asked::Cdcl if colours => {
            refuse("takes no colours, and an option gives one to an item (use --engine dlx)")
        }
        Asked::Cdcl => plan(EngineName::Cdcl, "asked for"),
        Asked::Bits | Asked::Propagation => refuse("a matrix runs on dlx or cdcl"),
    }
}

/// [`decide`] for a problem that describes itself: what every exact cover
/// shares, around the problem's own engines.
fn decide_grid(grid: &dyn Described, job: Job, asked: Asked) -> Result<Plan, Refusal> {
    let refuse = |why: &'static str| Err(Refusal { asked, why });
    let plan = |engine, reason| Ok(Plan::new(engine, reason));
    if matches!(asked, Asked::Cdcl | Asked::Propagation | Asked::Zdd) {
        return refuse("ask for auto, bits or dlx on a grid");
    }
    if let Err(beyond) = grid.exact_cover() {
        return match (asked, job) {
            (Asked::Bits, _) => refuse(beyond.own),
            (Asked::Dlx, _) => refuse(beyond.dlx),
            // The cubes partition the completions under the exact cover the
            // problem relaxes to, so they partition its solutions too; each
            // cube is counted under the whole problem by the propagation
            // engine.
            (_, Job::Split) => plan(EngineName::Dlx, beyond.split),
            (_, _) => plan(EngineName::Propagation, beyond.propagation),
        };
    }
    let chosen = if matches!(job, Job::Enumerate | Job::Split) {
        if asked == Asked::Bits {
            return refuse(
                "listing solutions one at a time and splitting into cubes run on Dancing Links",
            );
        }
        Plan::new(
            EngineName::Dlx,
            "solutions one at a time and cubes come from the exact-cover matrix",
        )
    } else if asked == Asked::Dlx {
        Plan::new(EngineName::Dlx, "asked for with --engine dlx")
    } else {
        match grid.own_engine(job) {
            Ok(own) => {
                debug_assert!(
                    matches!(
                        own.engine,
                        EngineName::Band9 | EngineName::Bits | EngineName::Units | EngineName::Cdcl
                    ),
                    "{own:?} is no problem's own engine"
                );
                own
            }
            Err(beyond) if asked == Asked::Bits => return refuse(beyond.refusal),
            Err(beyond) => Plan::new(EngineName::Dlx, beyond.reason),
        }
    };
    if chosen.engine == EngineName::Dlx && job == Job::Count && grid.cells_fit() {
        return plan(EngineName::Cells, ON_CELLS);
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A problem that describes itself: exact cover or not, with an own
    /// engine for every job but counting or none, whose matrix Dancing
    /// Cells take or not.
    #[derive(Clone, Copy, Debug)]
    struct Toy {
        exact_cover: bool,
        own: Option<EngineName>,
        cells: bool,
    }

    impl Described for Toy {
        fn exact_cover(&self) -> Result<(), BeyondExactCover> {
            if self.exact_cover {
                Ok(())
            } else {
                Err(BeyondExactCover {
                    own: "own refused",
                    dlx: "dlx refused",
                    propagation: "beyond",
                    split: "relaxed",
                })
            }
        }

        fn own_engine(&self, job: Job) -> Result<Plan, Beyond> {
            let beyond = Beyond {
                refusal: "none of its own",
                reason: "on the links",
            };
            match self.own {
                Some(engine) if job != Job::Count => Ok(Plan::new(engine, "its own")),
                _ => Err(beyond),
            }
        }

        fn cells_fit(&self) -> bool {
            self.cells
        }
    }

    /// Every toy: exact cover or not, each own engine or none, cells or
    /// not.
    fn toys() -> Vec<Toy> {
        let mut toys = Vec::new();
        for exact_cover in [true, false] {
            for own in [
                None,
                Some(EngineName::Band9),
                Some(EngineName::Bits),
                Some(EngineName::Units),
                Some(EngineName::Cdcl),
            ] {
                for cells in [true, false] {
                    toys.push(Toy {
                        exact_cover,
                        own,
                        cells,
                    });
                }
            }
        }
        toys
    }

    const JOBS: [Job; 8] = [
        Job::Solve,
        Job::Count,
        Job::Check,
        Job::Minimize,
        Job::Rate,
        Job::Candidates,
        Job::Enumerate,
        Job::Split,
    ];

    /// What every exact cover shares, around a described problem's own
    /// engines (the Sudoku rows are `sudoku_solve::plan`'s, tested there).
    #[test]
    fn a_described_problem() {
        use EngineName::*;
        for toy in toys() {
            for job in JOBS {
                let pick = |asked| decide(&Problem::Grid(&toy), job, asked).map(|p| p.engine);
                let what = format!("{toy:?} {job:?}");
                for asked in [Asked::Cdcl, Asked::Propagation, Asked::Zdd] {
                    assert!(pick(asked).is_err(), "{what} {asked:?}");
                }
                let on_cells = |engine| {
                    if engine == Dlx && job == Job::Count && toy.cells {
                        Cells
                    } else {
                        engine
                    }
                };
                if !toy.exact_cover {
                    let auto = if job == Job::Split { Dlx } else { Propagation };
                    assert_eq!(pick(Asked::Auto), Ok(auto), "{what}");
                    assert!(pick(Asked::Bits).is_err(), "{what}");
                    assert!(pick(Asked::Dlx).is_err(), "{what}");
                    continue;
                }
                assert_eq!(pick(Asked::Dlx), Ok(on_cells(Dlx)), "{what}");
                if matches!(job, Job::Enumerate | Job::Split) {
                    assert_eq!(pick(Asked::Auto), Ok(Dlx), "{what}");
                    assert!(pick(Asked::Bits).is_err(), "{what}");
                    continue;
                }
                match toy.own.filter(|_| job != Job::Count) {
                    Some(own) => {
                        assert_eq!(pick(Asked::Auto), Ok(own), "{what}");
                        assert_eq!(pick(Asked::Bits), Ok(own), "{what}");
                    }
                    None => {
                        assert_eq!(pick(Asked::Auto), Ok(on_cells(Dlx)), "{what}");
                        assert!(pick(Asked::Bits).is_err(), "{what}");
                    }
                }
            }
        }
    }

    /// The model and matrix rows of the module docs (and of
    /// docs/engines.md).
    #[test]
    fn the_table() {
        use EngineName::*;
        let pick = |problem: Problem, job, asked| decide(&problem, job, asked).map(|p| p.engine);
        for job in JOBS {
            let model = |exact_cover| Problem::Model {
                exact_cover,
                cells: false,
            };
            assert_eq!(pick(model(true), job, Asked::Auto), Ok(Dlx));
            assert_eq!(pick(model(true), job, Asked::Dlx), Ok(Dlx));
            assert_eq!(pick(model(false), job, Asked::Auto), Ok(Propagation));
            assert!(pick(model(false), job, Asked::Dlx).is_err());
            for exact_cover in [true, false] {
                assert_eq!(
                    pick(model(exact_cover), job, Asked::Propagation),
                    Ok(Propagation)
                );
                assert!(pick(model(exact_cover), job, Asked::Bits).is_err());
                assert!(pick(model(exact_cover), job, Asked::Cdcl).is_err());
            }
            let matrix = |colours| Problem::Matrix {
                colours,
                cells: false,
                frontier: None,
            };
            for colours in [true, false] {
                assert_eq!(pick(matrix(colours), job, Asked::Auto), Ok(Dlx));
                assert_eq!(pick(matrix(colours), job, Asked::Dlx), Ok(Dlx));
                assert!(pick(matrix(colours), job, Asked::Bits).is_err());
                assert!(pick(matrix(colours), job, Asked::Zdd).is_err());
            }
            assert_eq!(pick(matrix(false), job, Asked::Cdcl), Ok(Cdcl));
            assert!(pick(matrix(true), job, Asked::Cdcl).is_err());
            assert!(pick(model(true), job, Asked::Zdd).is_err());
        }
        // A matrix's count: memoized up to the frontier's bound, and when
        // asked for; any other job on Dancing Links.
        for colours in [true, false] {
            let matrix = |frontier| Problem::Matrix {
                colours,
                cells: false,
                frontier: Some(frontier),
            };
            for (frontier, auto) in [(0, Zdd), (MEMO_FRONTIER, Zdd), (MEMO_FRONTIER + 1, Dlx)] {
                assert_eq!(pick(matrix(frontier), Job::Count, Asked::Auto), Ok(auto));
                assert_eq!(pick(matrix(frontier), Job::Count, Asked::Zdd), Ok(Zdd));
                assert_eq!(pick(matrix(frontier), Job::Count, Asked::Dlx), Ok(Dlx));
                assert_eq!(pick(matrix(frontier), Job::Solve, Asked::Auto), Ok(Dlx));
                assert!(pick(matrix(frontier), Job::Solve, Asked::Zdd).is_err());
            }
        }
        // A plain count that Dancing Cells take: on them wherever Dancing
        // Links would count; never for another job, never instead of the
        // memo or of clause learning.
        for colours in [true, false] {
            let matrix = |frontier| Problem::Matrix {
                colours,
                cells: true,
                frontier,
            };
            for frontier in [None, Some(MEMO_FRONTIER + 1)] {
                assert_eq!(pick(matrix(frontier), Job::Count, Asked::Auto), Ok(Cells));
                assert_eq!(pick(matrix(frontier), Job::Count, Asked::Dlx), Ok(Cells));
            }
            assert_eq!(pick(matrix(Some(0)), Job::Count, Asked::Auto), Ok(Zdd));
            assert_eq!(pick(matrix(Some(0)), Job::Count, Asked::Zdd), Ok(Zdd));
            for job in JOBS.into_iter().filter(|&j| j != Job::Count) {
                assert_eq!(pick(matrix(None), job, Asked::Auto), Ok(Dlx));
                assert_eq!(pick(matrix(None), job, Asked::Dlx), Ok(Dlx));
            }
            let learned = pick(matrix(None), Job::Count, Asked::Cdcl);
            assert_eq!(learned.is_ok(), !colours);
        }
    }

    /// A count planned for Dancing Links runs on Dancing Cells where the
    /// model's matrix fits them, and is named so; every other job is
    /// untouched (described problems: [`a_described_problem`]).
    #[test]
    fn counts_planned_for_links_run_on_cells_where_they_fit() {
        use EngineName::*;
        let pick = |problem: Problem, job, asked| decide(&problem, job, asked).map(|p| p.engine);
        for job in JOBS {
            let on_cells = |plain| if job == Job::Count { Cells } else { plain };
            let model = |cells| Problem::Model {
                exact_cover: true,
                cells,
            };
            assert_eq!(pick(model(true), job, Asked::Auto), Ok(on_cells(Dlx)));
            assert_eq!(pick(model(true), job, Asked::Dlx), Ok(on_cells(Dlx)));
            assert_eq!(pick(model(false), job, Asked::Auto), Ok(Dlx));
            assert_eq!(pick(model(true), job, Asked::Propagation), Ok(Propagation));
        }
    }

    /// Nothing is ever replaced: the engine planned is the one asked for,
    /// or from its family.
    #[test]
    fn the_engine_asked_for_or_a_refusal() {
        let family = |asked: Asked, engine: EngineName| match asked {
            Asked::Auto => true,
            Asked::Bits => matches!(
                engine,
                EngineName::Band9 | EngineName::Bits | EngineName::Units | EngineName::Cdcl
            ),
            Asked::Dlx => matches!(engine, EngineName::Dlx | EngineName::Cells),
            Asked::Cdcl => engine == EngineName::Cdcl,
            Asked::Propagation => engine == EngineName::Propagation,
            Asked::Zdd => engine == EngineName::Zdd,
        };
        let mut problems = vec![
            Problem::Model {
                exact_cover: true,
                cells: false,
            },
            Problem::Model {
                exact_cover: true,
                cells: true,
            },
            Problem::Model {
                exact_cover: false,
                cells: false,
            },
            Problem::Matrix {
                colours: true,
                cells: true,
                frontier: None,
            },
            Problem::Matrix {
                colours: false,
                cells: false,
                frontier: Some(3),
            },
            Problem::Matrix {
                colours: false,
                cells: true,
                frontier: Some(30),
            },
        ];
        let own = Plan::new(EngineName::Masks, "its own");
        for exact_cover in [true, false] {
            for own in [Some(own), None] {
                problems.push(Problem::OwnSearch { exact_cover, own });
            }
        }
        let toys = toys();
        problems.extend(toys.iter().map(|toy| Problem::Grid(toy)));
        for problem in &problems {
            for job in JOBS {
                for asked in Asked::ALL {
                    if let Ok(plan) = decide(problem, job, asked) {
                        assert!(family(asked, plan.engine), "{problem:?} {job:?} {asked:?}");
                    }
                }
            }
        }
    }

    /// A model with a search of its own: `auto` plans that search where it
    /// takes the job; every other choice, and `auto` where it does not, is
    /// the plan of the same model without it.
    #[test]
    fn a_models_own_search_is_autos_where_it_takes_the_job() {
        let own = Plan::new(EngineName::Masks, "its own");
        for exact_cover in [true, false] {
            let model = Problem::Model {
                exact_cover,
                cells: false,
            };
            for job in JOBS {
                let with = Problem::OwnSearch {
                    exact_cover,
                    own: Some(own),
                };
                let without = Problem::OwnSearch {
                    exact_cover,
                    own: None,
                };
                assert_eq!(decide(&with, job, Asked::Auto), Ok(own));
                assert_eq!(
                    decide(&without, job, Asked::Auto),
                    decide(&model, job, Asked::Auto)
                );
                for asked in Asked::ALL.into_iter().filter(|&a| a != Asked::Auto) {
                    for problem in [with, without] {
                        assert_eq!(
                            decide(&problem, job, asked),
                            decide(&model, job, asked),
                            "{problem:?} {job:?} {asked:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn names_are_distinct() {
        let names: std::collections::HashSet<&str> =
            EngineName::ALL.iter().map(|e| e.as_str()).collect();
        assert_eq!(names.len(), EngineName::ALL.len());
    }
}
