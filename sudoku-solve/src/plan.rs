//! The planner for grids: which engine answers a puzzle, and why.
//!
//! Every search of this crate runs on one of seven engines. [`plan`] states
//! the facts of the grid that the choice depends on ([`grid_facts`]: side,
//! 3x3 boxes, classic or not, exact cover or not, which bit engine holds
//! it; and, only for a count planned for Dancing Links, whether Dancing
//! Cells take its matrix), describes the grid with them to the one planner
//! of the workspace ([`cover_model::plan::decide`], which also plans
//! constraint models and matrices) through [`cover_model::plan::Described`]
//! (the grid's own engines' rows are [`GridFacts::own_engine`]; what every
//! exact cover shares is the planner's), and checks the memory budget of
//! Dancing Links; [`SudokuSolver::planned`] plans and builds the engine
//! the plan names in one call (band9, the bit boards' width, clause learning
//! for `cdcl`, units, Dancing Links or propagation: no engine picks another
//! on its own), and every answer carries the name
//! ([`crate::Answered::plan`]). For band9 the plan also names the compiled
//! copy that runs ([`Plan::path`]: `avx2`, `avx2-lookup` or `baseline`),
//! chosen from the processor's facts, read once ([`Processor`]);
//! `--explain` ends with it. An engine asked for that cannot take the
//! puzzle is refused ([`ShapeError::Engine`]), never replaced by another.
//!
//! | rules | grid | task | `auto` picks |
//! |---|---|---|---|
//! | classic | 9x9 (3x3 boxes) | solve, check, count | `band9` |
//! | classic | up to 128x128, below 36x36 | solve, check, count | `bits` |
//! | classic | 36x36 to 128x128 | solve, check | `cdcl` |
//! | classic | 36x36 to 128x128 | count | `bits` |
//! | classic | above 128x128 | any | `dlx` |
//! | variant, every unit a "holds each value once" unit | up to 128 cells | solve, check, count | `units` |
//! | variant | larger | any | `dlx` |
//! | with setter's constraints ([`sudoku::constraints`]) | any | solve, check, count, enumerate | `propagation` |
//! | any other | any | enumerate, split into cubes | `dlx` |
//!
//! `bits` asks for the bit-parallel family (the first four rows' engines,
//! and `units`) and is refused where none applies; `dlx` is possible
//! wherever the rules are exact cover (units and killer cages), and refused
//! for rules with setter's constraints, which only the propagation engine
//! takes. Engines that answer the same question agree on verdicts and
//! counts, but where a puzzle has several solutions they may print
//! different ones (each is checked against the rules before it is
//! printed).
//!
//! ```
//! use sudoku_solve::{plan, Asked, EngineName, Task};
//! use sudoku::{Rules, Shape};
//!
//! let nine = Rules::standard(Shape::square(3)?);
//! let chosen = plan(&nine, &Task::Check, Asked::Auto)?;
//! assert_eq!(chosen.engine, EngineName::Band9);
//! assert_eq!(plan(&nine, &Task::Check, Asked::Dlx)?.engine, EngineName::Dlx);
//! // 144x144 is beyond the bit-parallel engines: asking for them is an error.
//! let big = Rules::standard(Shape::square(12)?);
//! assert!(plan(&big, &Task::Solve, Asked::Bits).is_err());
//! assert_eq!(plan(&big, &Task::Solve, Asked::Auto)?.engine, EngineName::Dlx);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`SudokuSolver::planned`]: crate::SudokuSolver::planned

use std::cell::RefCell;
use std::sync::Arc;

use crate::bitsearch::AnyBitSearch;
use crate::encoding::Encoding;
use crate::task::{Asked, Task};

use cover_model::plan::{decide, Beyond, BeyondExactCover, Described, Job, Problem};
use sudoku::Rules;
use sudoku::ShapeError;

pub use crate::processor::Processor;
pub use cover_model::plan::{CpuPath, EngineName, Plan};

/// The side from which the bit-parallel search hands one solution and
/// uniqueness checks of classic grids to clause learning.
pub(crate) const LEARN_FROM: u32 = 36;

/// What the planner needs to know of a grid: the facts its own engines'
/// rows of the table depend on ([`GridFacts::own_engine`]). The grid
/// describes itself to the one planner through
/// [`cover_model::plan::Described`], with the one fact about its matrix
/// (whether Dancing Cells take it) read only for a count planned for Dancing
/// Links.
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
}

impl GridFacts {
    /// The grid's own engine for `job` (the bit-parallel family: `band9`,
    /// `bits`, `cdcl` after the root, `units`), or why none takes it: the
    /// grid's rows of the planner's table.
    pub fn own_engine(self, job: Job) -> Result<Plan, Beyond> {
        let plan = |engine, reason| Ok(Plan::new(engine, reason));
        let beyond = |refusal| {
            Err(Beyond {
                refusal,
                reason: "beyond the bit-parallel engines",
            })
        };
        if self.classic {
            let one_or_two = matches!(job, Job::Solve | Job::Check | Job::Minimize);
            if self.boxes_3x3 && job != Job::Rate {
                plan(EngineName::Band9, "classic 9x9 grid")
            } else if !self.bits_fit {
                beyond("the bit-parallel engines take classic grids up to 128x128")
            } else if one_or_two && self.side >= LEARN_FROM {
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
        } else if self.units_fit {
            plan(
                EngineName::Units,
                "variant whose units each hold every value once, up to 128 cells",
            )
        } else {
            beyond(
                "the bit-parallel engines take variants of up to 128 cells whose units each \
                 hold every value once",
            )
        }
    }
}

/// A grid's facts and the one fact about its matrix, read when the planner
/// asks (`cells_fit`: whether Dancing Cells take the matrix); a failure to
/// read it (the matrix beyond the memory budget) is kept for the caller.
struct Grid<F> {
    facts: GridFacts,
    cells_fit: RefCell<Option<F>>,
    failed: RefCell<Option<ShapeError>>,
}

impl<F: FnOnce() -> Result<bool, ShapeError>> Described for Grid<F> {
    fn exact_cover(&self) -> Result<(), BeyondExactCover> {
        if self.facts.exact_cover {
            return Ok(());
        }
        Err(BeyondExactCover {
            own: "the bit-parallel engines take units and killer cages only, not the setter's \
                  constraints (they run on the propagation engine)",
            dlx: "the setter's constraints are not exact cover (they run on the propagation \
                  engine)",
            propagation: "setter's constraints beyond units and killer cages",
            // The cubes partition the completions under the units (a
            // relaxation of the rules), so they partition the solutions
            // under every constraint too.
            split: "cubes come from the exact cover of the units; each is counted under every \
                    constraint by the propagation engine",
        })
    }

    fn own_engine(&self, job: Job) -> Result<Plan, Beyond> {
        self.facts.own_engine(job)
    }

    fn cells_fit(&self) -> bool {
        let Some(read) = self.cells_fit.borrow_mut().take() else {
            return false;
        };
        read().unwrap_or_else(|e| {
            *self.failed.borrow_mut() = Some(e);
            false
        })
    }
}

/// What the planner needs to know of a grid under `rules`.
pub fn grid_facts(rules: &Rules) -> GridFacts {
    let shape = rules.shape();
    GridFacts {
        side: shape.side(),
        boxes_3x3: shape.box_rows() == 3 && shape.box_cols() == 3,
        classic: rules.is_standard(),
        exact_cover: !rules.needs_propagation(),
        bits_fit: AnyBitSearch::fits(shape),
        units_fit: AnyBitSearch::fits_units(rules),
    }
}

/// Picks the engine for `task` on a grid under `rules`, with `asked` the
/// engine asked for: the grid's facts ([`grid_facts`]) handed to the one
/// planner ([`cover_model::plan::decide`]). A count planned for Dancing
/// Links runs on Dancing Cells (`cells`) where they take the grid's matrix
/// (the one fact read from the matrix, and only then). Fails when the grid
/// is beyond the memory budget, or when the engine asked for cannot take
/// it.
pub fn plan(rules: &Rules, task: &Task, asked: Asked) -> Result<Plan, ShapeError> {
    plan_with(rules, task, asked, Processor::detect(), || {
        let encoding = if rules.is_standard() {
            Encoding::standard(rules.shape())?
        } else {
            Arc::new(Encoding::new(Rules::clone(rules))?)
        };
        Ok(encoding.matrix().cells_fit())
    })
}

/// [`plan`] on `processor` (whose facts choose band9's compiled copy:
/// [`Processor::band9_path`]), with `cells_fit` telling whether Dancing
/// Cells take the grid's exact-cover matrix: asked only for a count planned
/// for Dancing Links, after the memory budget of Dancing Links passed.
pub(crate) fn plan_with(
    rules: &Rules,
    task: &Task,
    asked: Asked,
    processor: Processor,
    cells_fit: impl FnOnce() -> Result<bool, ShapeError>,
) -> Result<Plan, ShapeError> {
    let shape = rules.shape();
    shape.check_budget(sudoku::DEFAULT_MEMORY_BUDGET)?;
    let grid = Grid {
        facts: grid_facts(rules),
        // Dancing Cells are a second copy beside Dancing Links' copies:
        // their budget is checked before the matrix is built.
        cells_fit: RefCell::new(Some(|| {
            search_budget(rules)?;
            cells_fit()
        })),
        failed: RefCell::new(None),
    };
    let chosen = decide(&Problem::Grid(&grid), task.job(), asked);
    if let Some(failed) = grid.failed.take() {
        return Err(failed);
    }
    let mut chosen = chosen.map_err(|refusal| ShapeError::Engine {
        engine: refusal.asked.as_str(),
        side: shape.side(),
        why: refusal.why,
    })?;
    if chosen.engine == EngineName::Band9 {
        chosen.path = Some(processor.band9_path());
    }
    dlx_fits(rules, chosen)
}

/// Dancing Links searches a copy of the matrix on each thread of the
/// current pool: the plan stands if that fits the memory budget.
fn dlx_fits(rules: &Rules, plan: Plan) -> Result<Plan, ShapeError> {
    if plan.engine == EngineName::Dlx {
        search_budget(rules)?;
    }
    Ok(plan)
}

/// Whether the matrix of `rules` and a copy per thread of the current pool
/// fit the memory budget.
fn search_budget(rules: &Rules) -> Result<(), ShapeError> {
    rules
        .shape()
        .check_search_budget(sudoku::DEFAULT_MEMORY_BUDGET, rayon::current_num_threads())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Shape;
    use sudoku::Variant;

    fn standard(order: u32) -> Rules {
        Rules::standard(Shape::square(order).unwrap())
    }

    /// Issue 23: a 256x256 grid, which the matrix's budget admitted, peaked
    /// at 3.4 GB on one thread and 4.7 GB on two (measured). Dancing Links
    /// is now planned only when the matrix, its building and a copy per
    /// thread fit the budget.
    #[test]
    fn dancing_links_fits_the_budget_with_a_copy_per_thread() {
        let in_pool = |threads: usize, order: u32| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| plan(&standard(order), &Task::Solve, Asked::Auto))
        };
        let err = in_pool(1, 16).unwrap_err();
        assert!(
            matches!(err, ShapeError::SearchTooLarge { threads: 1, .. }),
            "{err}"
        );
        assert!(!err.to_string().contains("-j 1"), "{err}");
        assert_eq!(in_pool(1, 14).unwrap().engine, EngineName::Dlx);
        let err = in_pool(2, 14).unwrap_err();
        assert!(err.to_string().contains("try one thread (-j 1)"), "{err}");
        // The bit-parallel engines build no matrix: 128x128 on any pool.
        assert_eq!(in_pool(8, 8).unwrap().engine, EngineName::Cdcl);
        // The estimate holds the measured peaks (bytes).
        let shape = |order| Shape::square(order).unwrap();
        assert!(shape(16).search_bytes(1) >= 3_398_484 * 1024);
        assert!(shape(16).search_bytes(2) >= 4_685_884 * 1024);
        assert!(shape(14).search_bytes(1) >= 1_476_516 * 1024);
    }

    #[test]
    fn classic_grids_by_size_and_task() {
        let pick = |order, task: Task| plan(&standard(order), &task, Asked::Auto).unwrap().engine;
        assert_eq!(pick(3, Task::Check), EngineName::Band9);
        assert_eq!(pick(2, Task::Solve), EngineName::Bits);
        assert_eq!(pick(4, Task::Count { limit: None }), EngineName::Bits);
        assert_eq!(pick(6, Task::Solve), EngineName::Cdcl);
        assert_eq!(pick(6, Task::Count { limit: None }), EngineName::Bits);
        assert_eq!(pick(12, Task::Check), EngineName::Dlx);
        assert_eq!(pick(3, Task::Enumerate), EngineName::Dlx);
        assert_eq!(pick(3, Task::Rate { seeds: 1 }), EngineName::Bits);
    }

    /// The table of docs/engines.md ("Which engine answers") is the plan:
    /// each row about grids is read, and for example grids of its kind and
    /// every task it names, the engine `auto` picks and what `--engine bits`
    /// and `--engine dlx` give are the ones the row names.
    #[test]
    fn the_documented_table_is_the_plan() {
        let doc = include_str!("../../docs/engines.md");
        let shape = |r, c| Shape::new(r, c).unwrap();
        let x = Variant::from_names("x").unwrap();
        // Rules with a setter's constraint: a thermometer down the first
        // column.
        let thermo = |shape: Shape| {
            let n = shape.side() as usize;
            let variant = Variant {
                constraints: vec![sudoku::constraints::Constraint::Thermometer {
                    cells: (0..3).map(|r| r * n).collect(),
                }],
                ..Variant::default()
            };
            variant.rules(shape).unwrap()
        };
        // The example grids of each row, by its grid column.
        let examples = |rules: &str, grid: &str| -> Vec<Rules> {
            let classic = |shapes: &[Shape]| shapes.iter().map(|&s| Rules::standard(s)).collect();
            match (rules, grid) {
                ("classic", "9x9 (3x3 boxes)") => classic(&[shape(3, 3)]),
                ("classic", "any other shape up to 35x35") => classic(&[
                    shape(2, 2),
                    shape(2, 3),
                    shape(4, 4),
                    shape(5, 5),
                    shape(5, 7),
                ]),
                ("classic", "36x36 to 128x128") => classic(&[shape(6, 6), shape(8, 8)]),
                ("classic", "any shape up to 128x128") => {
                    classic(&[shape(2, 3), shape(3, 3), shape(6, 6)])
                }
                ("classic", "above 128x128") => classic(&[shape(12, 12)]),
                (_, "at most 128 cells (up to 11x11)") => vec![x.rules(shape(3, 3)).unwrap()],
                (_, "more than 128 cells (12x12 and up)") => vec![x.rules(shape(4, 4)).unwrap()],
                ("any", "any") => {
                    let mut any = classic(&[shape(3, 3), shape(4, 4)]);
                    // Setter's constraints split on Dancing Links too, but
                    // `--engine dlx` refuses them (the row's "dlx" is for
                    // exact cover).
                    any.push(x.rules(shape(3, 3)).unwrap());
                    any
                }
                ("with", "any") => vec![thermo(shape(2, 2)), thermo(shape(3, 3))],
                _ => Vec::new(),
            }
        };
        let tasks = |text: &str| -> Vec<Task> {
            let mut tasks = Vec::new();
            for word in text.split(',').map(str::trim) {
                match word {
                    "solve" => tasks.push(Task::Solve),
                    "check" => tasks.push(Task::Check),
                    "count" => tasks.push(Task::Count { limit: None }),
                    "rate" => tasks.push(Task::Rate { seeds: 1 }),
                    "minimize" => tasks.push(Task::Minimize {
                        seed: 0,
                        symmetry: crate::Symmetry::None,
                    }),
                    "any" => tasks.extend([Task::Solve, Task::Check, Task::Count { limit: None }]),
                    w if w.starts_with("enumerate") => tasks.push(Task::Enumerate),
                    w if w.starts_with("split") => tasks.push(Task::Split),
                    _ => {}
                }
            }
            tasks
        };
        // The engines a column names (before any `;`), or `None` for
        // "refused".
        let said = |column: &str| -> Option<Vec<String>> {
            let column = column.trim();
            if column.starts_with("refused") {
                return None;
            }
            let head = column.split(';').next().unwrap_or("");
            let names: Vec<String> = head
                .split('`')
                .skip(1)
                .step_by(2)
                .filter(|w| EngineName::ALL.iter().any(|e| e.as_str() == *w))
                .map(str::to_owned)
                .collect();
            assert!(!names.is_empty(), "{column}");
            Some(names)
        };
        let mut checked = 0;
        for row in doc.lines().filter(|l| {
            l.starts_with("| classic")
                || l.starts_with("| variant")
                || l.starts_with("| with setter's constraints")
                || l.starts_with("| any (with setter's constraints")
        }) {
            let cols: Vec<&str> = row.split('|').map(str::trim).collect();
            let (rules, grid, task) = (cols[1].split(' ').next().unwrap(), cols[2], cols[3]);
            let grids = examples(rules, grid);
            assert!(!grids.is_empty(), "no example grid for the row {row:?}");
            for r in &grids {
                for t in tasks(task) {
                    let what = format!("{row}: {}x{} {t:?}", r.shape().side(), r.shape().side());
                    let name = |asked| {
                        plan(r, &t, asked)
                            .ok()
                            .map(|p| p.engine.as_str().to_owned())
                    };
                    for (asked, col) in [
                        (Asked::Auto, cols[4]),
                        (Asked::Bits, cols[5]),
                        (Asked::Dlx, cols[6]),
                    ] {
                        match (name(asked), said(col)) {
                            (None, None) => {}
                            (Some(got), Some(names)) if names.contains(&got) => {}
                            (got, _) => panic!("{asked:?}, {what}: planned {got:?}, {col:?}"),
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= 55, "{checked} cases: has the table moved?");
    }

    #[test]
    fn an_engine_that_cannot_apply_is_refused() {
        let err = plan(&standard(12), &Task::Solve, Asked::Bits).unwrap_err();
        assert!(err.to_string().contains("128x128"), "{err}");
        assert!(plan(&standard(3), &Task::Split, Asked::Bits).is_err());
        // A variant of 144 cells is beyond the units search.
        let x = Variant::from_names("x").unwrap();
        let rules = x.rules(Shape::square(4).unwrap()).unwrap();
        assert!(plan(&rules, &Task::Check, Asked::Bits).is_err());
        assert_eq!(
            plan(&rules, &Task::Check, Asked::Auto).unwrap().engine,
            EngineName::Dlx
        );
        let small = x.rules(Shape::square(3).unwrap()).unwrap();
        assert_eq!(
            plan(&small, &Task::Check, Asked::Bits).unwrap().engine,
            EngineName::Units
        );
    }
}
