//! Solving, counting and uniqueness checks, in the vocabulary of the field.
//!
//! [`SudokuSolver`] keeps one prebuilt matrix per shape and a search state;
//! a puzzle's givens are forced before each search and released after it, so
//! nothing is rebuilt per puzzle. The methods on [`Grid`] use one such
//! solver per thread and per shape, made on first use.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::Arc;

use solver_core::{Contradiction, Count, Limits, OptionId, Outcome, Solutions, Stats};

use crate::bitsearch::{AnyBitSearch, Words};
use crate::encoding::Encoding;
use crate::parallel::{self, Progress};
use crate::plan::{plan_with, EngineName, Plan, Processor};
// `crate::solve::Asked` stays a path for the modules that name it so.
pub use crate::task::Asked;
use crate::task::Task;
use sudoku::Rules;
use sudoku::Shape;
use sudoku::ShapeError;
use sudoku::{Conflict, Grid};

pub use crate::error::SolveError;

/// The answer to "does this puzzle have exactly one solution?": the one
/// verdict of every engine ([`solver_core::Verdict`]), its solutions in the
/// form `G` (a [`Grid`], or inside the crate the 9x9 specialist's words, for
/// a caller that needs the verdict only), invalid when two givens clash.
pub type Verdict<G = Grid> = solver_core::Verdict<G, Conflict>;

/// `verdict` when each solution in it passes `holds` (and two solutions
/// differ), else [`SolveError::Broken`] with the first that fails.
pub(crate) fn check_verdict(
    verdict: Verdict,
    holds: impl Fn(&Grid) -> bool,
) -> Result<Verdict, SolveError> {
    verdict.checked(holds).map_err(SolveError::Broken)
}

/// The engine a solver runs; both answer through [`solver_core::Engine`].
enum State {
    Dlx(DlxGrid),
    Bits(AnyBitSearch),
    Propagation(PropGrid),
}

impl State {
    /// The engine, behind the one engine front.
    fn engine(&mut self) -> &mut dyn solver_core::Engine<Start = [u16], Solution = [u16]> {
        match self {
            State::Dlx(dlx) => dlx,
            State::Bits(bits) => bits,
            State::Propagation(prop) => prop,
        }
    }
}

/// The propagation engine ([`cover_model`]) on the model of rules with
/// setter's constraints: the givens assumed, each solution read back as a
/// value per cell.
#[derive(Clone)]
pub(crate) struct PropGrid {
    rules: Arc<Rules>,
    compiled: Arc<cover_model::Compiled>,
    /// The variable of each cell.
    cells: Vec<cover_model::Var>,
    seed: Option<u64>,
}

impl PropGrid {
    pub(crate) fn new(rules: Arc<Rules>) -> Result<PropGrid, cover_model::ModelError> {
        let (compiled, cells) = sudoku::compile(&rules)?;
        Ok(PropGrid {
            rules,
            compiled: Arc::new(compiled),
            cells,
            seed: None,
        })
    }

    /// A solver with the givens of `cells` assumed; `Err` when two givens
    /// clash in a unit of the rules.
    pub(crate) fn solver(
        &self,
        cells: &[u16],
    ) -> Result<cover_model::ModelSolver<'_>, Contradiction> {
        let n = self.rules.shape().side() as usize;
        let grid =
            Grid::from_values(self.rules.shape(), cells.to_vec()).map_err(|_| Contradiction)?;
        if self.rules.check(&grid).is_err() {
            return Err(Contradiction);
        }
        let mut solver = self.compiled.solver();
        solver.set_seed(self.seed);
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 {
                debug_assert!(usize::from(v) <= n);
                solver
                    .assume(self.cells[cell], i64::from(v))
                    .map_err(|_| Contradiction)?;
            }
        }
        Ok(solver)
    }

    /// True candidates of the cells below `cells` (the givens) on every
    /// thread of the pool ([`cover_model::ModelSolver::true_candidates`]):
    /// `seen[cell]` bit `v - 1` for each value `v` seen; `visit` gets each
    /// solution as a value per cell and must add it to `seen`.
    pub(crate) fn candidates(
        &self,
        cells: &[u16],
        limits: &Limits,
        seen: &[std::sync::atomic::AtomicU64],
        visit: &(dyn Fn(&[u16]) -> ControlFlow<()> + Sync),
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Outcome, SolveError> {
        let solver = self.solver(cells).map_err(|_| SolveError::Unsolvable)?;
        let grid = |values: &[i64]| -> ControlFlow<()> {
            let cells: Vec<u16> = self
                .cells
                .iter()
                .map(|x| values[x.index()] as u16)
                .collect();
            visit(&cells)
        };
        solver
            .true_candidates(&self.cells, limits, seen, &grid, progress)
            .map_err(|e| SolveError::Shape(ShapeError::Model { why: e.to_string() }))
    }

    /// The grid of a model solution.
    pub(crate) fn values(&self, solution: &cover_model::Solution) -> Vec<u16> {
        self.cells.iter().map(|&x| solution[x] as u16).collect()
    }
}

impl solver_core::Engine for PropGrid {
    type Start = [u16];
    type Solution = [u16];

    fn name(&self) -> &'static str {
        "propagation"
    }

    fn run(
        &mut self,
        cells: &[u16],
        limits: &Limits,
        record: bool,
        visit: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Contradiction> {
        let mut solver = self.solver(cells)?;
        if !record {
            let count = solver.count(limits);
            let mut outcome = count.outcome;
            outcome.stats.solutions = count.solutions;
            return Ok(outcome);
        }
        let outcome = solver.for_each_solution(limits, |solution| {
            let values = self.values(&solution);
            visit(&values)
        });
        Ok(outcome)
    }

    fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }
}

/// Dancing Links on a grid's exact-cover matrix: the givens forced as
/// options, each solution decoded to a value per cell.
struct DlxGrid {
    encoding: Arc<Encoding>,
    dlx: solver_core::Solver,
    /// Scratch for decoding solutions.
    values: Vec<u16>,
    /// Scratch for the givens' options.
    givens: Vec<OptionId>,
}

impl DlxGrid {
    /// Dancing Links on `encoding`'s matrix, counting by `counter` (the
    /// plan's: `cells` or `dlx`).
    fn new(encoding: Arc<Encoding>, counter: solver_core::Counter) -> DlxGrid {
        let mut dlx = encoding.matrix().solver();
        dlx.set_counter(counter);
        DlxGrid {
            dlx,
            encoding,
            values: Vec::new(),
            givens: Vec::new(),
        }
    }
}

impl solver_core::Engine for DlxGrid {
    type Start = [u16];
    type Solution = [u16];

    /// `cells` when its counts run on Dancing Cells, else `dlx`.
    fn name(&self) -> &'static str {
        solver_core::Engine::name(&self.dlx)
    }

    fn run(
        &mut self,
        cells: &[u16],
        limits: &Limits,
        record: bool,
        visit: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Contradiction> {
        let n = self.encoding.shape().side() as usize;
        self.givens.clear();
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 {
                self.givens.push(self.encoding.option(cell, v));
            }
        }
        let values = &mut self.values;
        self.dlx.run(&self.givens, limits, record, &mut |options| {
            values.clear();
            values.resize(cells.len(), 0);
            for o in options {
                // Cage combinations come after the cells' options.
                if o.index() / n < cells.len() {
                    values[o.index() / n] = (o.index() % n) as u16 + 1;
                }
            }
            visit(values)
        })
    }

    fn set_seed(&mut self, seed: Option<u64>) {
        self.dlx.set_seed(seed);
    }
}

/// A reusable solver for grids of one shape: one prebuilt search structure
/// and its scratch space. Use one per thread.
///
/// ```
/// use sudoku::Grid;
/// use sudoku_solve::SudokuSolver;
/// use solver_core::Limits;
///
/// let puzzle: Grid = "1.3.3.2...4....."
///     .parse()?;
/// let mut solver = SudokuSolver::new(puzzle.shape())?;
/// let (solution, _stats) = solver.solve_one(&puzzle, &Limits::none());
/// assert_eq!(solution?.to_string(), "1234342121434312");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SudokuSolver {
    shape: Shape,
    /// A variant's rules and their encoding (`None`: the standard rules).
    variant: Option<(Arc<Rules>, Arc<Encoding>)>,
    /// The engine asked for (the thread caches look solvers up by it).
    asked: Asked,
    /// The task the engine was planned for (a fork plans the same).
    task: Task,
    /// The plan the engine was built from: its name and why.
    plan: Plan,
    /// The processor the plan was made for (a fork plans for the same).
    processor: Processor,
    /// Whether a setting differs from the defaults (no seed); the thread
    /// caches do not keep such solvers.
    customized: bool,
    state: State,
}

impl SudokuSolver {
    /// A solver for the standard rules of `shape`, with the default engine.
    pub fn new(shape: Shape) -> Result<SudokuSolver, ShapeError> {
        SudokuSolver::with_engine(shape, Asked::Auto)
    }

    /// A solver for the standard rules of `shape` with a chosen engine.
    /// Shapes beyond the memory budget are refused up front.
    pub fn with_engine(shape: Shape, engine: Asked) -> Result<SudokuSolver, ShapeError> {
        SudokuSolver::planned(Rules::standard_shared(shape), &Task::Solve, engine)
    }

    /// A solver for any rules: a variant's (see [`sudoku::Variant`]) or the
    /// standard ones. The standard rules get the engine asked for; other
    /// rules get Dancing Links, or with [`Asked::Auto`] and [`Asked::Bits`]
    /// the bit-parallel search over their units when every unit holds each
    /// value once (X, windoku, jigsaw, killer and their combinations, up
    /// to 128 cells).
    ///
    /// ```
    /// use solver_core::Limits;
    /// use sudoku_solve::{Asked, SudokuSolver};
    /// use sudoku::{Grid, Shape, Variant};
    ///
    /// let rules = Variant::from_names("windoku")?.rules(Shape::square(2)?)?;
    /// let mut solver = SudokuSolver::with_rules(rules.into(), Asked::Dlx)?;
    /// // The 4x4 windoku has one window, the centre 2x2 square.
    /// let empty = Grid::empty(Shape::square(2)?);
    /// let windoku = solver.count(&empty, &Limits::none())?.solutions;
    /// assert!(windoku < 288 && windoku > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_rules(rules: Arc<Rules>, engine: Asked) -> Result<SudokuSolver, ShapeError> {
        SudokuSolver::planned(rules, &Task::Solve, engine)
    }

    /// The engine the plan names for `task` on a grid under `rules`, with
    /// `engine` the one asked for ([`crate::plan()`]), built: the one place
    /// that builds every grid engine. [`SudokuSolver::plan`] gives its name
    /// and the reason. The engine asked for that cannot take the rules is
    /// refused, as the plan refuses it.
    ///
    /// ```
    /// use sudoku_solve::{EngineName, Asked, SudokuSolver, Task};
    /// use sudoku::{Rules, Shape};
    ///
    /// let nine = Rules::standard_shared(Shape::square(3)?);
    /// let solver = SudokuSolver::planned(nine, &Task::Check, Asked::Auto)?;
    /// assert_eq!(solver.plan().engine, EngineName::Band9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn planned(
        rules: Arc<Rules>,
        task: &Task,
        engine: Asked,
    ) -> Result<SudokuSolver, ShapeError> {
        SudokuSolver::planned_on(rules, task, engine, Processor::detect())
    }

    /// [`SudokuSolver::planned`] for `processor`: [`Processor::detect`] for
    /// this one (what `planned` takes), [`Processor::portable`] to build
    /// the portable copy of band9 on any CPU (to measure or test it).
    ///
    /// ```
    /// use sudoku_solve::plan::{CpuPath, Processor};
    /// use sudoku_solve::{Asked, SudokuSolver, Task};
    /// use sudoku::{Rules, Shape};
    ///
    /// let nine = Rules::standard_shared(Shape::square(3)?);
    /// let solver = SudokuSolver::planned_on(nine, &Task::Check, Asked::Auto, Processor::portable())?;
    /// assert_eq!(solver.plan().path, Some(CpuPath::Baseline));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn planned_on(
        rules: Arc<Rules>,
        task: &Task,
        engine: Asked,
        processor: Processor,
    ) -> Result<SudokuSolver, ShapeError> {
        let shape = rules.shape();
        let standard = rules.is_standard();
        // The whole rules' matrix, built at most once: for the plan's one
        // fact about it (whether Dancing Cells take it) and for the engine.
        let mut full: Option<Arc<Encoding>> = None;
        let built = |full: &mut Option<Arc<Encoding>>| -> Result<Arc<Encoding>, ShapeError> {
            if let Some(e) = full {
                return Ok(Arc::clone(e));
            }
            let e = if standard {
                Encoding::standard(shape)?
            } else {
                Arc::new(Encoding::new(Rules::clone(&rules))?)
            };
            *full = Some(Arc::clone(&e));
            Ok(e)
        };
        let chosen = plan_with(&rules, task, engine, processor, || {
            Ok(built(&mut full)?.matrix().cells_fit())
        })?;
        let refused = |why: &'static str| ShapeError::Engine {
            engine: chosen.engine.as_str(),
            side: shape.side(),
            why,
        };
        let links = matches!(chosen.engine, EngineName::Dlx | EngineName::Cells);
        let job = task.job();
        // The units alone: what the matrix of a variant holds on the
        // propagation engine (read by nothing there but kept so a solver has
        // one shape).
        let variant = if standard {
            None
        } else if chosen.engine == EngineName::Propagation {
            let units = Rules::from_units(shape, rules.units().to_vec());
            Some((Arc::clone(&rules), Arc::new(Encoding::new(units)?)))
        } else {
            Some((Arc::clone(&rules), built(&mut full)?))
        };
        let state = match chosen.engine {
            EngineName::Propagation => State::Propagation(
                PropGrid::new(Arc::clone(&rules))
                    .map_err(|e| ShapeError::Model { why: e.to_string() })?,
            ),
            _ if links => {
                let encoding = built(&mut full)?;
                // The engine's counts run on what the plan of a count
                // names: Dancing Cells where they take the matrix.
                let counts = plan_with(
                    &rules,
                    &Task::Count { limit: None },
                    engine,
                    processor,
                    || Ok(encoding.matrix().cells_fit()),
                )?;
                let counter = if counts.engine == EngineName::Cells {
                    solver_core::Counter::Cells
                } else {
                    solver_core::Counter::Links
                };
                State::Dlx(DlxGrid::new(encoding, counter))
            }
            _ => State::Bits(AnyBitSearch::build(chosen, &rules, job).ok_or_else(|| {
                refused("no grid engine of this name takes these rules on this CPU")
            })?),
        };
        Ok(SudokuSolver {
            shape,
            variant,
            asked: engine,
            task: *task,
            plan: chosen,
            processor,
            customized: !standard,
            state,
        })
    }

    /// Another solver for the same rules and engine: for the propagation
    /// engine it shares the compiled model (no compiling again); the others
    /// are built anew.
    pub(crate) fn fork(&self) -> Result<SudokuSolver, ShapeError> {
        match (&self.state, &self.variant) {
            (State::Propagation(prop), Some((rules, encoding))) => Ok(SudokuSolver {
                shape: self.shape,
                variant: Some((Arc::clone(rules), Arc::clone(encoding))),
                asked: self.asked,
                task: self.task,
                plan: self.plan,
                processor: self.processor,
                customized: self.customized,
                state: State::Propagation(prop.clone()),
            }),
            (_, Some((rules, _))) => {
                SudokuSolver::planned_on(Arc::clone(rules), &self.task, self.asked, self.processor)
            }
            (_, None) => SudokuSolver::planned_on(
                Rules::standard_shared(self.shape),
                &self.task,
                self.asked,
                self.processor,
            ),
        }
    }

    /// Two givens of `grid` with the same value in a unit of the rules.
    fn check(&self, grid: &Grid) -> Result<(), Conflict> {
        match &self.variant {
            None => grid.check(),
            Some((rules, _)) => rules.check(grid),
        }
    }

    /// Whether `solution` is a solution of `puzzle` under this solver's
    /// rules (cages included), checked cell by cell.
    pub fn is_solution(&self, solution: &Grid, puzzle: &Grid) -> bool {
        match &self.variant {
            None => solution.is_solution_of(puzzle),
            Some((rules, _)) => rules.is_solution(solution, puzzle),
        }
    }

    /// Counts the solutions of `grid` on every thread of the current rayon
    /// pool; equal to [`count`](Self::count).
    pub fn par_count(&self, grid: &Grid, limits: &Limits) -> Result<Count, SolveError> {
        let Some((_, encoding)) = &self.variant else {
            return grid.par_count_solutions_with(self.asked, limits);
        };
        if grid.shape() != self.shape {
            return Err(SolveError::WrongShape {
                expected: self.shape,
                found: grid.shape(),
            });
        }
        self.check(grid)?;
        if let State::Propagation(prop) = &self.state {
            let solver = prop
                .solver(grid.cells())
                .map_err(|_| SolveError::Unsolvable)?;
            return Ok(solver.par_count(limits));
        }
        // Counted by the plan's counter of Dancing Links (`cells` where
        // they take the matrix); givens that clash through a cage leave no
        // solution.
        let counter = match &self.state {
            State::Dlx(dlx) => dlx.dlx.counter(),
            _ => solver_core::Counter::Links,
        };
        Ok(encoding
            .matrix()
            .par_count_with(counter, &encoding.givens(grid), limits)
            .unwrap_or_default())
    }

    /// The shape this solver handles.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The engine in use ([`Asked::Bits`] or [`Asked::Dlx`];
    /// [`Asked::Auto`] for the propagation engine, which only the planner
    /// picks).
    pub fn engine(&self) -> Asked {
        match self.state {
            State::Dlx(_) => Asked::Dlx,
            State::Bits(_) => Asked::Bits,
            State::Propagation(_) => Asked::Auto,
        }
    }

    /// The plan this solver's engine was built from
    /// ([`SudokuSolver::planned`]): its name and why. A solver built for one
    /// task answers others too; the answer names the plan of its own task.
    pub fn plan(&self) -> Plan {
        self.plan
    }

    /// The plan for `task` on this solver's rules with the engine it was
    /// asked for ([`crate::plan()`]), reading the fact about the matrix
    /// (whether Dancing Cells take it) from the solver's own encoding.
    pub fn plan_for(&self, task: &Task) -> Result<Plan, ShapeError> {
        let standard;
        let rules = match &self.variant {
            Some((rules, _)) => &**rules,
            None => {
                standard = Rules::standard(self.shape);
                &standard
            }
        };
        plan_with(rules, task, self.asked, self.processor, || {
            match &self.variant {
                Some((_, encoding)) => Ok(encoding.matrix().cells_fit()),
                None => Ok(Encoding::standard(self.shape)?.matrix().cells_fit()),
            }
        })
    }

    /// Breaks ties at random (`None`: never). With the bit-parallel engine
    /// the options of each level are tried in a random order, so the first
    /// solution of an empty grid is a random full grid.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.customized |= seed.is_some();
        self.state.engine().set_seed(seed);
    }

    /// Searches the completions of `grid`, calling `visit` with each solution
    /// as one value per cell (an empty slice when `record` is false).
    pub(crate) fn search(
        &mut self,
        grid: &Grid,
        limits: &Limits,
        record: bool,
        mut visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, SolveError> {
        if grid.shape() != self.shape {
            return Err(SolveError::WrongShape {
                expected: self.shape,
                found: grid.shape(),
            });
        }
        match self
            .state
            .engine()
            .run(grid.cells(), limits, record, &mut visit)
        {
            Ok(outcome) => Ok(outcome),
            // Givens that clash: in a unit of the rules (an invalid puzzle),
            // or through a cage (no solution).
            Err(Contradiction) => Err(match self.check(grid) {
                Err(conflict) => SolveError::Invalid(conflict),
                Ok(()) => SolveError::Unsolvable,
            }),
        }
    }

    /// For the units engine (`None` for the others): the choices of the
    /// root's branching on `givens`, whose completions partition the
    /// solutions (empty when propagation alone answers); `Err` when two
    /// givens clash.
    pub(crate) fn units_split(
        &mut self,
        givens: &[u16],
    ) -> Option<Result<Vec<(usize, u16)>, crate::bitsearch::Clash>> {
        match &mut self.state {
            State::Bits(AnyBitSearch::Units(units)) => Some(units.split(givens)),
            _ => None,
        }
    }

    /// For the units engine (`None` for the others): the true-candidates
    /// search of `givens` (every solution that shows a value not yet in
    /// `seen` goes to `visit`, which adds it to `seen`); `Err` when two
    /// givens clash.
    pub(crate) fn units_candidates(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        seen: &[std::sync::atomic::AtomicU64],
        visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Option<Result<Outcome, crate::bitsearch::Clash>> {
        match &mut self.state {
            State::Bits(AnyBitSearch::Units(units)) => {
                Some(units.candidates(givens, limits, seen, visit))
            }
            _ => None,
        }
    }

    /// For the propagation engine (`None` for the others): the true
    /// candidates of `givens` as one search on every thread
    /// ([`PropGrid::candidates`]).
    pub(crate) fn propagation_candidates(
        &self,
        givens: &[u16],
        limits: &Limits,
        seen: &[std::sync::atomic::AtomicU64],
        visit: &(dyn Fn(&[u16]) -> ControlFlow<()> + Sync),
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Option<Result<Outcome, SolveError>> {
        match &self.state {
            State::Propagation(prop) => {
                Some(prop.candidates(givens, limits, seen, visit, progress))
            }
            _ => None,
        }
    }

    /// One solution of `grid`.
    pub fn solve_one(&mut self, grid: &Grid, limits: &Limits) -> (Result<Grid, SolveError>, Stats) {
        let mut found = None;
        // One solution is the limit (the search may choose its method by
        // it: clause learning on large grids).
        let one = Limits {
            max_solutions: Some(limits.max_solutions.map_or(1, |m| m.min(1))),
            ..limits.clone()
        };
        let outcome = self.search(grid, &one, true, |values| {
            found = Some(values.to_vec());
            ControlFlow::Break(())
        });
        match outcome {
            Err(e) => (Err(e), Stats::default()),
            Ok(outcome) => {
                let result = match (found, outcome.incomplete) {
                    // The engines write values 1..=side only (checked in
                    // debug builds); the command and the Python package
                    // check every solution against the rules and givens.
                    (Some(values), _) => Ok(Grid::from_values_in_range(self.shape, values)),
                    (None, None) => Err(SolveError::Unsolvable),
                    (None, Some(why)) => Err(SolveError::GaveUp(why)),
                };
                (result, outcome.stats)
            }
        }
    }

    /// Counts the solutions of `grid` within `limits`.
    pub fn count(&mut self, grid: &Grid, limits: &Limits) -> Result<Count, SolveError> {
        let outcome = self.search(grid, limits, false, |_| ControlFlow::Continue(()))?;
        Ok(Count {
            solutions: outcome.stats.solutions,
            outcome,
        })
    }

    /// Up to `limits.max_solutions` solutions of `grid` (all of them when
    /// unlimited), in the engine's order, with the outcome (incomplete
    /// when a limit stopped the search).
    pub fn solutions_within(
        &mut self,
        grid: &Grid,
        limits: &Limits,
    ) -> Result<(Vec<Grid>, Outcome), SolveError> {
        let mut out = Vec::new();
        let shape = self.shape;
        let outcome = self.search(grid, limits, true, |values| {
            out.push(Grid::from_values_in_range(shape, values.to_vec()));
            ControlFlow::Continue(())
        })?;
        Ok((out, outcome))
    }

    /// Whether `grid` has exactly one solution (looks for at most two).
    pub fn check_unique(&mut self, grid: &Grid, limits: &Limits) -> (Verdict, Stats) {
        let mut limits = limits.clone();
        limits.max_solutions = Some(limits.max_solutions.map_or(2, |m| m.min(2)));
        // The first two solutions (no more are asked for).
        let mut found: [Option<Grid>; 2] = [None, None];
        let shape = self.shape;
        let outcome = self.search(grid, &limits, true, |values| {
            if let Some(slot) = found.iter_mut().find(|slot| slot.is_none()) {
                // Values 1..=side, as in `solve_one`.
                *slot = Some(Grid::from_values_in_range(shape, values.to_vec()));
            }
            ControlFlow::Continue(())
        });
        match outcome {
            Err(SolveError::Invalid(c)) => (Verdict::Invalid(c), Stats::default()),
            Err(_) => (Verdict::Unsolvable, Stats::default()),
            Ok(outcome) => (Verdict::of_found(found, outcome.incomplete), outcome.stats),
        }
    }

    /// [`SudokuSolver::check_unique`] on the 9x9 specialist, each solution
    /// as the search holds it ([`Words`]), not decoded, written to `found`
    /// (the first, then the second; the verdict says how many): for a
    /// caller that needs the verdict only and checks the words itself
    /// ([`crate::bitsearch::SolutionCheck`]). `None` when this solver runs
    /// another engine (or `grid` has another shape).
    pub(crate) fn check_unique_words(
        &mut self,
        grid: &Grid,
        limits: &Limits,
        found: &mut [Words; 2],
    ) -> Option<(Verdict<()>, Stats)> {
        let State::Bits(bits) = &mut self.state else {
            return None;
        };
        if grid.shape() != self.shape {
            return None;
        }
        let two = Limits {
            max_solutions: Some(limits.max_solutions.map_or(2, |m| m.min(2))),
            ..limits.clone()
        };
        let mut count = 0;
        let searched = bits.run_words(grid.cells(), &two, |words| {
            if let Some(slot) = found.get_mut(count) {
                *slot = *words;
                count += 1;
            }
            ControlFlow::Continue(())
        })?;
        let found = [(count > 0).then_some(()), (count > 1).then_some(())];
        Some(match searched {
            Ok(outcome) => (Verdict::of_found(found, outcome.incomplete), outcome.stats),
            // Givens that clash in a unit, as `search` tells them apart.
            Err(_) => match self.check(grid) {
                Err(conflict) => (Verdict::Invalid(conflict), Stats::default()),
                Ok(()) => (Verdict::Unsolvable, Stats::default()),
            },
        })
    }
}

thread_local! {
    /// Each thread's solvers, most recently used last (boxed: taking one
    /// out and putting it back moves a pointer, not the solver).
    #[allow(clippy::vec_box)]
    static SOLVERS: RefCell<Vec<Box<SudokuSolver>>> = const { RefCell::new(Vec::new()) };
}

/// How many solvers (shape and engine) a thread keeps.
const SOLVERS_PER_THREAD: usize = 4;

/// Runs `f` with this thread's solver for `shape` and `engine`, made on first
/// use and kept for the next call (a thread keeps a few, most recently used
/// first). This is what the [`Grid`] methods use; batch solvers call it once
/// per puzzle. A solver whose seed or locked-candidate setting `f` changes
/// is not kept. Fails if the shape is beyond the memory budget.
///
/// ```
/// use solver_core::Limits;
/// use sudoku_solve::{with_thread_solver, Asked};
/// use sudoku::Grid;
///
/// let puzzle: Grid = "1.3.3.2...4.....".parse()?;
/// let count = with_thread_solver(puzzle.shape(), Asked::Auto, |solver| {
///     solver.count(&puzzle, &Limits::none())
/// })??;
/// assert_eq!(count.solutions, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn with_thread_solver<R>(
    shape: Shape,
    engine: Asked,
    f: impl FnOnce(&mut SudokuSolver) -> R,
) -> Result<R, ShapeError> {
    let cached = SOLVERS.with(|s| {
        let mut s = s.borrow_mut();
        let at = s
            .iter()
            .position(|x| x.shape == shape && x.asked == engine)?;
        Some(s.remove(at))
    });
    let mut solver = match cached {
        Some(s) => s,
        None => Box::new(SudokuSolver::with_engine(shape, engine)?),
    };
    let result = f(&mut solver);
    if !solver.customized {
        SOLVERS.with(|s| {
            let mut s = s.borrow_mut();
            if s.len() >= SOLVERS_PER_THREAD {
                s.remove(0);
            }
            s.push(solver);
        });
    }
    Ok(result)
}

fn with_solver<R>(shape: Shape, f: impl FnOnce(&mut SudokuSolver) -> R) -> Result<R, ShapeError> {
    with_thread_solver(shape, Asked::Auto, f)
}

/// The solutions of `grid`, counted with `engine` on rayon's threads (the
/// grid split by [`crate::parallel::split`], each part counted by a
/// thread's solver, [`with_thread_solver`]), reporting to `progress`.
pub(crate) fn par_count(
    grid: &Grid,
    engine: Asked,
    limits: &Limits,
    progress: Option<&Progress>,
) -> Result<Count, SolveError> {
    grid.check()?;
    if limits.max_solutions == Some(0) {
        return Ok(parallel::stopped_at_zero());
    }
    let n = grid.side();
    let (parts, split_nodes) = parallel::split(
        grid,
        parallel::SUBPROBLEMS_PER_THREAD * rayon::current_num_threads(),
        |g, cell| g.candidates(cell / n, cell % n),
    );
    if let Some(progress) = progress {
        progress.add_total(parts.len());
    }
    parallel::count_parts(
        &parts,
        split_nodes,
        limits,
        progress,
        None,
        |part, mine, each| {
            with_thread_solver(part.shape(), engine, |solver| {
                solver.search(part, mine, false, |_| each())
            })?
        },
    )
}

/// The solutions of a grid, one at a time (see [`Grid::solutions`]).
#[must_use = "an iterator does nothing until it is used"]
pub struct GridSolutions {
    encoding: Arc<Encoding>,
    search: Solutions<'static, solver_core::Solver>,
}

impl Iterator for GridSolutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let options = self.search.next_solution()?;
        Some(self.encoding.decode(options))
    }
}

impl std::iter::FusedIterator for GridSolutions {}

impl GridSolutions {
    /// Whether the search explored everything (once the iterator is done).
    pub fn is_complete(&self) -> bool {
        self.search.outcome().is_complete()
    }
}

/// Solving a [`Grid`] in one call: `use sudoku_solve::SolveGrid`, then
/// `grid.solve_one()`, `grid.count_solutions_up_to(n)`, ... For limits,
/// statistics and many grids use a [`SudokuSolver`] or [`answer`](crate::answer()).
pub trait SolveGrid {
    /// A solution, if there is one.
    fn solve_one(&self) -> Result<Grid, SolveError>;
    /// The solution, if there is exactly one.
    fn solve_unique(&self) -> Result<Grid, SolveError>;
    /// Whether the puzzle has exactly one solution.
    fn is_uniquely_solvable(&self) -> bool;
    /// Unique, multiple, unsolvable, invalid, or unknown (stopped by a limit).
    fn verdict(&self, limits: &Limits) -> Result<Verdict, ShapeError>;
    /// Counts solutions, stopping at `limit`.
    fn count_solutions_up_to(&self, limit: u128) -> Result<Count, SolveError>;
    /// Counts solutions within `limits`.
    fn count_solutions(&self, limits: &Limits) -> Result<Count, SolveError>;
    /// Counts solutions within `limits` on every thread of the current rayon pool.
    fn par_count_solutions(&self, limits: &Limits) -> Result<Count, SolveError>;
    /// `par_count_solutions` with a chosen engine.
    fn par_count_solutions_with(&self, engine: Asked, limits: &Limits)
        -> Result<Count, SolveError>;
    /// `par_count_solutions` reporting how far it has come to `progress`.
    fn par_count_solutions_with_progress(
        &self,
        limits: &Limits,
        progress: &crate::Progress,
    ) -> Result<Count, SolveError>;
    /// Whether the puzzle has exactly one solution, using every thread.
    fn par_is_uniquely_solvable(&self, limits: &Limits) -> Result<bool, SolveError>;
    /// The solutions, one at a time.
    fn solutions(&self) -> Result<GridSolutions, SolveError>;
    /// At most `limit` solutions.
    fn solutions_up_to(&self, limit: usize) -> Result<Vec<Grid>, SolveError>;
}

impl SolveGrid for Grid {
    /// A solution, if there is one. For limits and statistics use a
    /// [`SudokuSolver`].
    ///
    /// ```
    /// use sudoku_solve::SolveGrid;
    /// let grid: sudoku::Grid = "1.3.3.2...4.....".parse()?;
    /// assert_eq!(grid.solve_one()?.to_string(), "1234342121434312");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn solve_one(&self) -> Result<Grid, SolveError> {
        with_solver(self.shape(), |s| s.solve_one(self, &Limits::none()).0)?
    }

    /// The solution, if there is exactly one.
    fn solve_unique(&self) -> Result<Grid, SolveError> {
        match self.verdict(&Limits::none())? {
            Verdict::Unique(g) => Ok(g),
            Verdict::Multiple(..) => Err(SolveError::NotUnique),
            Verdict::Unsolvable => Err(SolveError::Unsolvable),
            Verdict::Invalid(c) => Err(SolveError::Invalid(c)),
            Verdict::Unknown(why) => Err(SolveError::GaveUp(why)),
        }
    }

    /// Whether the puzzle has exactly one solution.
    fn is_uniquely_solvable(&self) -> bool {
        matches!(self.verdict(&Limits::none()), Ok(Verdict::Unique(_)))
    }

    /// Unique, multiple, unsolvable, invalid, or unknown (stopped by a
    /// limit); an error when the grid's shape is beyond the memory budget.
    fn verdict(&self, limits: &Limits) -> Result<Verdict, ShapeError> {
        with_solver(self.shape(), |s| s.check_unique(self, limits).0)
    }

    /// Counts solutions, stopping at `limit`: the count is exact when it is
    /// below the limit ([`Count::is_complete`]).
    ///
    /// ```
    /// use sudoku_solve::SolveGrid;
    /// let empty = sudoku::Grid::empty(sudoku::Shape::square(2)?);
    /// let count = empty.count_solutions_up_to(1000)?;
    /// assert_eq!((count.solutions, count.is_complete()), (288, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn count_solutions_up_to(&self, limit: u128) -> Result<Count, SolveError> {
        self.count_solutions(&Limits::none().solutions(limit))
    }

    /// Counts solutions within `limits`.
    fn count_solutions(&self, limits: &Limits) -> Result<Count, SolveError> {
        with_solver(self.shape(), |s| s.count(self, limits))?
    }

    /// Counts solutions within `limits` on every thread of the current rayon
    /// pool (for one hard puzzle). The count equals [`count_solutions`](Self::count_solutions).
    fn par_count_solutions(&self, limits: &Limits) -> Result<Count, SolveError> {
        self.par_count_solutions_with(Asked::Auto, limits)
    }

    /// [`par_count_solutions`](Self::par_count_solutions) with a chosen
    /// engine: the grid is split into subproblems (cells filled in every
    /// possible way) and each is counted by a thread's solver.
    fn par_count_solutions_with(
        &self,
        engine: Asked,
        limits: &Limits,
    ) -> Result<Count, SolveError> {
        par_count(self, engine, limits, None)
    }

    /// [`par_count_solutions`](Self::par_count_solutions) reporting how far
    /// it has come to `progress` (read it from another thread).
    fn par_count_solutions_with_progress(
        &self,
        limits: &Limits,
        progress: &crate::Progress,
    ) -> Result<Count, SolveError> {
        par_count(self, Asked::Auto, limits, Some(progress))
    }

    /// Whether the puzzle has exactly one solution, using every thread of the
    /// current rayon pool.
    fn par_is_uniquely_solvable(&self, limits: &Limits) -> Result<bool, SolveError> {
        let count = self.par_count_solutions(&limits.clone().solutions(2))?;
        match (count.solutions, count.outcome.incomplete) {
            (n, _) if n >= 2 => Ok(false),
            (n, None) => Ok(n == 1),
            (_, Some(why)) => Err(SolveError::GaveUp(why)),
        }
    }

    /// The solutions, one at a time.
    fn solutions(&self) -> Result<GridSolutions, SolveError> {
        self.check()?;
        let encoding = Encoding::standard(self.shape())?;
        let mut dlx = encoding.matrix().solver();
        for option in encoding.givens(self) {
            dlx.force(option).map_err(|_| SolveError::Unsolvable)?;
        }
        Ok(GridSolutions {
            search: dlx.into_solutions(&Limits::none()),
            encoding,
        })
    }

    /// At most `limit` solutions.
    fn solutions_up_to(&self, limit: usize) -> Result<Vec<Grid>, SolveError> {
        Ok(self.solutions()?.take(limit).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        text.parse().expect("test grid parses")
    }

    #[test]
    fn course_4x4_grid() {
        // From the course: figure 1 and its solution, figure 2.
        let g = grid("1.3.3.2...4.....");
        assert_eq!(g.solve_one().unwrap().to_string(), "1234342121434312");
        assert!(g.is_uniquely_solvable());
    }

    #[test]
    fn verdicts() {
        assert_eq!(
            grid("11..............")
                .verdict(&Limits::none())
                .unwrap()
                .status(),
            "invalid"
        );
        // Consistent givens with no solution: r1c1 cannot hold 1 or 2 (row),
        // 3 (column) or 4 (box).
        let g = grid("..12.4..3.......");
        assert_eq!(g.check(), Ok(()));
        assert_eq!(g.verdict(&Limits::none()), Ok(Verdict::Unsolvable));
        assert_eq!(g.solve_one(), Err(SolveError::Unsolvable));
        let empty = Grid::empty(Shape::square(2).unwrap());
        match empty.verdict(&Limits::none()).unwrap() {
            Verdict::Multiple(a, b) => {
                assert_ne!(a, b);
                assert!(a.is_solution_of(&empty) && b.is_solution_of(&empty));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn solver_leaves_no_trace() {
        let g = grid("1.3.3.2...4.....");
        let mut s = SudokuSolver::with_engine(g.shape(), Asked::Dlx).unwrap();
        let _ = s.solve_one(&g, &Limits::none());
        let _ = s.check_unique(&Grid::empty(g.shape()), &Limits::none());
        match &s.state {
            State::Dlx(g) => assert!(g.dlx.is_pristine(g.encoding.matrix())),
            State::Bits(_) | State::Propagation(_) => panic!("asked for Dancing Links"),
        }
    }

    #[test]
    fn iterator_and_parallel_counts_agree() {
        let empty = Grid::empty(Shape::square(2).unwrap());
        let all: Vec<Grid> = empty.solutions().unwrap().collect();
        assert_eq!(all.len(), 288);
        assert!(all.iter().all(|g| g.is_solution_of(&empty)));
        let par = empty.par_count_solutions(&Limits::none()).unwrap();
        assert_eq!((par.solutions, par.is_complete()), (288, true));
    }
}
