//! The planner: which engine answers a problem, decided in one place for
//! every problem of the workspace (grids, constraint models, exact-cover
//! matrices) and named.
//!
//! The callers describe their problem ([`Problem`]: a grid's facts, a
//! model's, a matrix's), say what is asked ([`Job`]) and which engine the
//! user chose ([`Asked`]); [`decide`] returns the engine with its reason
//! ([`Plan`]) or a refusal ([`Refusal`]), never another engine than the one
//! asked for. `sudoku_solve::plan` and [`Model::planned_engine`] are the feature
//! extraction for grids and models, and `dlx` on Knuth's format asks it too.
//! The table in `docs/engines.md` is this function's, row by row:
//!
//! | problem | facts | job | [`Asked::Auto`] | [`Asked::Bits`] | [`Asked::Dlx`] |
//! |---|---|---|---|---|---|
//! | grid with setter's constraints | any | split | `dlx` | refused | refused |
//! | grid with setter's constraints | any | other | `propagation` | refused | refused |
//! | grid | any | enumerate, split | `dlx` | refused | `dlx` |
//! | classic grid | 3x3 boxes | not rate | `band9` | `band9` | `dlx` |
//! | classic grid | bit engines fit, side 36 and up | solve, check, minimize | `cdcl` | `cdcl` | `dlx` |
//! | classic grid | bit engines fit | other | `bits` | `bits` | `dlx` |
//! | variant | units search fits | any | `units` | `units` | `dlx` |
//! | grid | none of the above | any | `dlx` | refused | `dlx` |
//! | model | exact cover, no objective | any | `dlx` | refused | `dlx` |
//! | model | anything else | any | `propagation` | refused | refused |
//! | matrix (Knuth's format) | frontier at most [`MEMO_FRONTIER`] | count (no limit, seed or progress) | `zdd` | refused | `dlx` or `cells` as below (`zdd` when asked) |
//! | matrix (Knuth's format) | Dancing Cells fit | count (no seed or progress; a limit on one thread) | `cells` | refused | `cells` (`cdcl` when asked, refused with colours) |
//! | matrix (Knuth's format) | any | any | `dlx` | refused | `dlx` (`cdcl` when asked, refused with colours; `zdd` when asked for a count) |
//!
//! [`Asked::Propagation`] is possible for every model; [`Asked::Cdcl`] for
//! matrices without colours. The memory budget of Dancing Links on a grid
//! is the grid's to check (`sudoku_solve::plan` does).
//!
//! ```
//! use cover_model::plan::{decide, Asked, EngineName, GridFacts, Job, Problem};
//!
//! let nine = GridFacts { side: 9, boxes_3x3: true, classic: true, exact_cover: true,
//!                        bits_fit: true, units_fit: true, cells: true };
//! let chosen = decide(&Problem::Grid(nine), Job::Check, Asked::Auto)?;
//! assert_eq!(chosen.engine, EngineName::Band9);
//! assert_eq!(decide(&Problem::Grid(nine), Job::Check, Asked::Dlx)?.engine, EngineName::Dlx);
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
}

impl EngineName {
    /// Every engine, in the order of the docs.
    pub const ALL: [EngineName; 8] = [
        EngineName::Band9,
        EngineName::Bits,
        EngineName::Units,
        EngineName::Cdcl,
        EngineName::Dlx,
        EngineName::Cells,
        EngineName::Propagation,
        EngineName::Zdd,
    ];

    /// The short name: `band9`, `bits`, `units`, `cdcl`, `dlx`, `cells`,
    /// `propagation` or `zdd`.
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
        }
    }
}

impl fmt::Display for EngineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The planner's choice: an engine and the reason for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    /// The engine that runs.
    pub engine: EngineName,
    /// Why this one, in a few words (for `--explain`).
    pub reason: &'static str,
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({})",
            self.engine,
            self.engine.summary(),
            self.reason
        )
    }
}

/// The engine the user asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Asked {
    /// The planner's choice.
    #[default]
    Auto,
    /// The bit-parallel family on a grid: `band9`, `bits`, `cdcl` after the
    /// root, `units`.
    Bits,
    /// Dancing Links (a matrix's plain count: on Dancing Cells, its
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

/// What the planner needs to know of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridFacts {
    /// The number of values (and of rows and of columns).
    pub side: u32,
    /// Boxes of 3x3 cells (a 9x9 grid).
    pub boxes_3x3: bool,
    /// Classic rules: rows, columns and boxes only.
    pub classic: bool,
    /// The rules are exact cover (units and killer cages); false with
    /// setter's constraints, which only the propagation engine takes.
    pub exact_cover: bool,
    /// The bit-parallel search holds the grid (classic, up to 128x128).
    pub bits_fit: bool,
    /// The units search takes the rules (every unit holds each value once,
    /// at most 128 cells).
    pub units_fit: bool,
    /// Dancing Cells can count the grid's exact-cover matrix
    /// (`solver_core::Matrix::cells_fit`): a count planned for Dancing
    /// Links runs on them ([`EngineName::Cells`]). Read only for such a
    /// count, so a caller may state it `false` until then.
    pub cells: bool,
}

/// The problem, as the planner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// A Sudoku grid under its rules.
    Grid(GridFacts),
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

/// The side from which the bit-parallel search hands one solution and
/// uniqueness checks of classic grids to clause learning.
pub const LEARN_FROM: u32 = 36;

/// Picks the engine for `job` on `problem`, with `asked` the user's choice:
/// the one planner (the table of the [module docs](self)).
pub fn decide(problem: &Problem, job: Job, asked: Asked) -> Result<Plan, Refusal> {
    let refuse = |why: &'static str| Err(Refusal { asked, why });
    let plan = |engine, reason| Ok(Plan { engine, reason });
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
    let plan = |engine, reason| Ok(Plan { engine, reason });
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

/// [`decide`] for a grid: the table's rows, and a count planned for Dancing
/// Links on Dancing Cells where they take the grid's matrix.
fn decide_grid(grid: GridFacts, job: Job, asked: Asked) -> Result<Plan, Refusal> {
    let chosen = decide_grid_rows(grid, job, asked)?;
    if chosen.engine == EngineName::Dlx && job == Job::Count && grid.cells {
        return Ok(Plan {
            engine: EngineName::Cells,
            reason: ON_CELLS,
        });
    }
    Ok(chosen)
}

fn decide_grid_rows(grid: GridFacts, job: Job, asked: Asked) -> Result<Plan, Refusal> {
    let refuse = |why: &'static str| Err(Refusal { asked, why });
    let plan = |engine, reason| Ok(Plan { engine, reason });
    if matches!(asked, Asked::Cdcl | Asked::Propagation | Asked::Zdd) {
        return refuse("ask for auto, bits or dlx on a grid");
    }
    if !grid.exact_cover {
        return match (asked, job) {
            (Asked::Bits, _) => refuse(
                "the bit-parallel engines take units and killer cages only, not the setter's \
                 constraints (they run on the propagation engine)",
            ),
            (Asked::Dlx, _) => refuse(
                "the setter's constraints are not exact cover (they run on the propagation \
                 engine)",
            ),
            // The cubes partition the completions under the units (a
            // relaxation of the rules), so they partition the solutions
            // under every constraint too; each cube is counted under all
            // of them by the propagation engine.
            (_, Job::Split) => plan(
                EngineName::Dlx,
                "cubes come from the exact cover of the units; each is counted under every \
                 constraint by the propagation engine",
            ),
            (_, _) => plan(
                EngineName::Propagation,
                "setter's constraints beyond units and killer cages",
            ),
        };
    }
    if matches!(job, Job::Enumerate | Job::Split) {
        return match asked {
            Asked::Bits => refuse(
                "listing solutions one at a time and splitting into cubes run on Dancing Links",
            ),
            _ => plan(
                EngineName::Dlx,
                "solutions one at a time and cubes come from the exact-cover matrix",
            ),
        };
    }
    if asked == Asked::Dlx {
        return plan(EngineName::Dlx, "asked for with --engine dlx");
    }
    if grid.classic {
        let one_or_two = matches!(job, Job::Solve | Job::Check | Job::Minimize);
        if grid.boxes_3x3 && job != Job::Rate {
            plan(EngineName::Band9, "classic 9x9 grid")
        } else if !grid.bits_fit {
            match asked {
                Asked::Bits => refuse("the bit-parallel engines take classic grids up to 128x128"),
                _ => plan(EngineName::Dlx, "beyond the bit-parallel engines"),
            }
        } else if one_or_two && grid.side >= LEARN_FROM {
            plan(
                EngineName::Cdcl,
                "classic grid from 36x36, one solution or uniqueness",
            )
        } else if job == Job::Rate {
            plan(
                EngineName::Bits,
                "ratings count the nodes of the plain search (singles only)",
            )
        } else {
            plan(EngineName::Bits, "classic grid up to 128x128")
        }
    } else if grid.units_fit {
        plan(
            EngineName::Units,
            "variant whose units each hold every value once, up to 128 cells",
        )
    } else {
        match asked {
            Asked::Bits => refuse(
                "the bit-parallel engines take variants of up to 128 cells whose units each \
                 hold every value once",
            ),
            _ => plan(EngineName::Dlx, "beyond the bit-parallel engines"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(side: u32, classic: bool) -> GridFacts {
        GridFacts {
            side,
            boxes_3x3: side == 9,
            classic,
            exact_cover: true,
            bits_fit: side <= 128,
            units_fit: !classic && side * side <= 128,
            cells: false,
        }
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

    /// The table of the module docs (and of docs/engines.md), row by row.
    #[test]
    fn the_table() {
        use EngineName::*;
        let pick = |problem: Problem, job, asked| decide(&problem, job, asked).map(|p| p.engine);
        let g = |side, classic| Problem::Grid(grid(side, classic));
        let mut setter = grid(9, false);
        setter.exact_cover = false;
        let setter = Problem::Grid(setter);
        // Setter's constraints.
        assert_eq!(pick(setter, Job::Split, Asked::Auto), Ok(Dlx));
        for job in JOBS.into_iter().filter(|&j| j != Job::Split) {
            assert_eq!(pick(setter, job, Asked::Auto), Ok(Propagation));
        }
        for job in JOBS {
            assert!(pick(setter, job, Asked::Bits).is_err());
            assert!(pick(setter, job, Asked::Dlx).is_err());
        }
        // Enumerate and split on any exact-cover grid.
        for problem in [g(9, true), g(4, true), g(9, false), g(144, true)] {
            for job in [Job::Enumerate, Job::Split] {
                assert_eq!(pick(problem, job, Asked::Auto), Ok(Dlx));
                assert_eq!(pick(problem, job, Asked::Dlx), Ok(Dlx));
                assert!(pick(problem, job, Asked::Bits).is_err());
            }
        }
        // Classic grids.
        for job in [Job::Solve, Job::Check, Job::Count, Job::Minimize] {
            assert_eq!(pick(g(9, true), job, Asked::Auto), Ok(Band9));
            assert_eq!(pick(g(9, true), job, Asked::Bits), Ok(Band9));
        }
        assert_eq!(pick(g(9, true), Job::Rate, Asked::Auto), Ok(Bits));
        for side in [4, 16, 25, 36, 64, 128] {
            for job in [Job::Count, Job::Rate, Job::Candidates] {
                assert_eq!(pick(g(side, true), job, Asked::Auto), Ok(Bits));
            }
            let one = if side >= 36 { Cdcl } else { Bits };
            for job in [Job::Solve, Job::Check, Job::Minimize] {
                assert_eq!(pick(g(side, true), job, Asked::Auto), Ok(one));
                assert_eq!(pick(g(side, true), job, Asked::Bits), Ok(one));
            }
        }
        for job in [Job::Solve, Job::Check, Job::Count, Job::Rate] {
            assert_eq!(pick(g(144, true), job, Asked::Auto), Ok(Dlx));
            assert!(pick(g(144, true), job, Asked::Bits).is_err());
        }
        // Variants.
        for job in [Job::Solve, Job::Check, Job::Count] {
            assert_eq!(pick(g(9, false), job, Asked::Auto), Ok(Units));
            assert_eq!(pick(g(9, false), job, Asked::Bits), Ok(Units));
            assert_eq!(pick(g(16, false), job, Asked::Auto), Ok(Dlx));
            assert!(pick(g(16, false), job, Asked::Bits).is_err());
        }
        // Dlx asked for: always, on exact cover.
        for side in [4, 9, 36, 144] {
            for job in JOBS {
                assert_eq!(pick(g(side, true), job, Asked::Dlx), Ok(Dlx));
                assert_eq!(pick(g(side, false), job, Asked::Dlx), Ok(Dlx));
            }
        }
        // Models and matrices: the same engine for every job.
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
            assert!(pick(g(9, true), job, Asked::Zdd).is_err());
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
    /// grid's or the model's matrix fits them, and is named so; every other
    /// job, and every count another engine takes, is untouched.
    #[test]
    fn counts_planned_for_links_run_on_cells_where_they_fit() {
        use EngineName::*;
        let pick = |problem: Problem, job, asked| decide(&problem, job, asked).map(|p| p.engine);
        let fits = |mut g: GridFacts| {
            g.cells = true;
            Problem::Grid(g)
        };
        for job in JOBS {
            let on_cells = |plain| if job == Job::Count { Cells } else { plain };
            // Dancing Links asked for, on any exact-cover grid.
            for problem in [fits(grid(9, true)), fits(grid(16, false))] {
                assert_eq!(pick(problem, job, Asked::Dlx), Ok(on_cells(Dlx)));
            }
            // Planned for Dancing Links by auto: beyond the bit engines.
            assert_eq!(
                pick(fits(grid(16, false)), job, Asked::Auto),
                Ok(match job {
                    Job::Enumerate | Job::Split => Dlx,
                    _ => on_cells(Dlx),
                })
            );
            // The bit engines keep their counts.
            assert_eq!(
                pick(fits(grid(9, false)), job, Asked::Auto),
                pick(Problem::Grid(grid(9, false)), job, Asked::Auto)
            );
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
        for side in [4, 9, 16, 36, 144] {
            for classic in [true, false] {
                for exact_cover in [true, false] {
                    for cells in [true, false] {
                        let mut facts = grid(side, classic);
                        facts.exact_cover = exact_cover;
                        facts.cells = cells;
                        problems.push(Problem::Grid(facts));
                    }
                }
            }
        }
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

    #[test]
    fn names_are_distinct() {
        let names: std::collections::HashSet<&str> =
            EngineName::ALL.iter().map(|e| e.as_str()).collect();
        assert_eq!(names.len(), EngineName::ALL.len());
    }
}
