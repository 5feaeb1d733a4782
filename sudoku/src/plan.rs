//! The planner: which engine answers a puzzle, chosen in one place and
//! named.
//!
//! Every search of this crate runs on one of five engines. [`plan`] picks
//! one from the rules (classic or a variant), the grid's size, the task and
//! the engine asked for ([`Engine`]), and says why; [`SudokuSolver`] builds
//! the engine the plan names, and every answer carries the name
//! ([`crate::Answered::plan`]). An engine asked for that cannot take the
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
//! | with setter's constraints ([`crate::constraints`]) | any | solve, check, count, enumerate | `propagation` |
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
//! use sudoku::{plan, Engine, EngineName, Rules, Shape, Task};
//!
//! let nine = Rules::standard(Shape::square(3)?);
//! let chosen = plan(&nine, &Task::Check, Engine::Auto)?;
//! assert_eq!(chosen.engine, EngineName::Band9);
//! assert_eq!(plan(&nine, &Task::Check, Engine::Dlx)?.engine, EngineName::Dlx);
//! // 144x144 is beyond the bit-parallel engines: asking for them is an error.
//! let big = Rules::standard(Shape::square(12)?);
//! assert!(plan(&big, &Task::Solve, Engine::Bits).is_err());
//! assert_eq!(plan(&big, &Task::Solve, Engine::Auto)?.engine, EngineName::Dlx);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`SudokuSolver`]: crate::SudokuSolver

use std::fmt;

use crate::answer::Task;
use crate::bitsearch::AnyBitSearch;
use crate::error::ShapeError;
use crate::rules::Rules;
use crate::solve::Engine;

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
    /// Bit-parallel propagation at the root, then clause learning
    /// ([`solver_core::cdcl`]) for one solution or a uniqueness check.
    Cdcl,
    /// Knuth's Dancing Links ([`solver_core`]): any rules, any size.
    Dlx,
    /// The finite-domain propagation engine of [`cover_model`]: rules with
    /// setter's constraints (thermometers, arrows, dots, lines, ...).
    Propagation,
}

impl EngineName {
    /// Every engine, in the order of the docs.
    pub const ALL: [EngineName; 6] = [
        EngineName::Band9,
        EngineName::Bits,
        EngineName::Units,
        EngineName::Cdcl,
        EngineName::Dlx,
        EngineName::Propagation,
    ];

    /// The short name: `band9`, `bits`, `units`, `cdcl`, `dlx` or
    /// `propagation`.
    pub fn as_str(self) -> &'static str {
        match self {
            EngineName::Band9 => "band9",
            EngineName::Bits => "bits",
            EngineName::Units => "units",
            EngineName::Cdcl => "cdcl",
            EngineName::Dlx => "dlx",
            EngineName::Propagation => "propagation",
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
            EngineName::Propagation => {
                "finite-domain propagation on the rules' constraint model (cover_model)"
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

/// The side from which the bit-parallel search hands one solution and
/// uniqueness checks to clause learning (the same constant the search uses).
pub(crate) const LEARN_FROM: u32 = 36;

/// Picks the engine for `task` on a grid under `rules`, with `asked` the
/// engine asked for. Fails when the grid is beyond the memory budget, or
/// when the engine asked for cannot take it.
pub fn plan(rules: &Rules, task: &Task, asked: Engine) -> Result<Plan, ShapeError> {
    let shape = rules.shape();
    shape.check_budget(crate::shape::DEFAULT_MEMORY_BUDGET)?;
    let refuse = |why: &'static str| ShapeError::Engine {
        engine: "bits",
        side: shape.side(),
        why,
    };
    if rules.needs_propagation() {
        let refuse = |engine: &'static str, why: &'static str| ShapeError::Engine {
            engine,
            side: shape.side(),
            why,
        };
        return match (asked, task) {
            (Engine::Bits, _) => Err(refuse(
                "bits",
                "the bit-parallel engines take units and killer cages only, not the setter's \
                 constraints (they run on the propagation engine)",
            )),
            (Engine::Dlx, _) => Err(refuse(
                "dlx",
                "the setter's constraints are not exact cover (they run on the propagation \
                 engine)",
            )),
            // The cubes partition the completions under the units (a
            // relaxation of the rules), so they partition the solutions
            // under every constraint too; each cube is counted under all
            // of them by the propagation engine.
            (Engine::Auto, Task::Split) => dlx_fits(
                rules,
                Plan {
                    engine: EngineName::Dlx,
                    reason: "cubes come from the exact cover of the units; each is counted \
                             under every constraint by the propagation engine",
                },
            ),
            (Engine::Auto, _) => Ok(Plan {
                engine: EngineName::Propagation,
                reason: "setter's constraints beyond units and killer cages",
            }),
        };
    }
    if matches!(task, Task::Enumerate | Task::Split) {
        return match asked {
            Engine::Bits => Err(refuse(
                "listing solutions one at a time and splitting into cubes run on Dancing Links",
            )),
            Engine::Auto | Engine::Dlx => dlx_fits(
                rules,
                Plan {
                    engine: EngineName::Dlx,
                    reason: "solutions one at a time and cubes come from the exact-cover matrix",
                },
            ),
        };
    }
    if asked == Engine::Dlx {
        return dlx_fits(
            rules,
            Plan {
                engine: EngineName::Dlx,
                reason: "asked for with --engine dlx",
            },
        );
    }
    let plan = if rules.is_standard() {
        let three = shape.box_rows() == 3 && shape.box_cols() == 3;
        let one_or_two = matches!(task, Task::Solve | Task::Check | Task::Minimize { .. });
        if three && !matches!(task, Task::Rate { .. }) {
            Some(Plan {
                engine: EngineName::Band9,
                reason: "classic 9x9 grid",
            })
        } else if !AnyBitSearch::fits(shape) {
            None
        } else if one_or_two && shape.side() >= LEARN_FROM {
            Some(Plan {
                engine: EngineName::Cdcl,
                reason: "classic grid from 36x36, one solution or uniqueness",
            })
        } else if matches!(task, Task::Rate { .. }) {
            Some(Plan {
                engine: EngineName::Bits,
                reason: "ratings count the nodes of the plain search (singles only)",
            })
        } else {
            Some(Plan {
                engine: EngineName::Bits,
                reason: "classic grid up to 128x128",
            })
        }
    } else if AnyBitSearch::fits_units(rules) {
        Some(Plan {
            engine: EngineName::Units,
            reason: "variant whose units each hold every value once, up to 128 cells",
        })
    } else {
        None
    };
    let plan = match (plan, asked) {
        (Some(plan), _) => Ok(plan),
        (None, Engine::Bits) if rules.is_standard() => Err(refuse(
            "the bit-parallel engines take classic grids up to 128x128",
        )),
        (None, Engine::Bits) => Err(refuse(
            "the bit-parallel engines take variants of up to 128 cells whose units each hold \
             every value once",
        )),
        (None, _) => Ok(Plan {
            engine: EngineName::Dlx,
            reason: "beyond the bit-parallel engines",
        }),
    }?;
    dlx_fits(rules, plan)
}

/// Dancing Links searches a copy of the matrix on each thread of the
/// current pool: the plan stands if that fits the memory budget.
fn dlx_fits(rules: &Rules, plan: Plan) -> Result<Plan, ShapeError> {
    if plan.engine == EngineName::Dlx {
        rules.shape().check_search_budget(
            crate::shape::DEFAULT_MEMORY_BUDGET,
            rayon::current_num_threads(),
        )?;
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use crate::Variant;

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
                .install(|| plan(&standard(order), &Task::Solve, Engine::Auto))
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
        let pick = |order, task: Task| plan(&standard(order), &task, Engine::Auto).unwrap().engine;
        assert_eq!(pick(3, Task::Check), EngineName::Band9);
        assert_eq!(pick(2, Task::Solve), EngineName::Bits);
        assert_eq!(pick(4, Task::Count { limit: None }), EngineName::Bits);
        assert_eq!(pick(6, Task::Solve), EngineName::Cdcl);
        assert_eq!(pick(6, Task::Count { limit: None }), EngineName::Bits);
        assert_eq!(pick(12, Task::Check), EngineName::Dlx);
        assert_eq!(pick(3, Task::Enumerate), EngineName::Dlx);
        assert_eq!(pick(3, Task::Rate { seeds: 1 }), EngineName::Bits);
    }

    #[test]
    fn an_engine_that_cannot_apply_is_refused() {
        let err = plan(&standard(12), &Task::Solve, Engine::Bits).unwrap_err();
        assert!(err.to_string().contains("128x128"), "{err}");
        assert!(plan(&standard(3), &Task::Split, Engine::Bits).is_err());
        // A variant of 144 cells is beyond the units search.
        let x = Variant::from_names("x").unwrap();
        let rules = x.rules(Shape::square(4).unwrap()).unwrap();
        assert!(plan(&rules, &Task::Check, Engine::Bits).is_err());
        assert_eq!(
            plan(&rules, &Task::Check, Engine::Auto).unwrap().engine,
            EngineName::Dlx
        );
        let small = x.rules(Shape::square(3).unwrap()).unwrap();
        assert_eq!(
            plan(&small, &Task::Check, Engine::Bits).unwrap().engine,
            EngineName::Units
        );
    }

    #[test]
    fn names_are_distinct() {
        let names: std::collections::HashSet<&str> =
            EngineName::ALL.iter().map(|e| e.as_str()).collect();
        assert_eq!(names.len(), EngineName::ALL.len());
    }
}
