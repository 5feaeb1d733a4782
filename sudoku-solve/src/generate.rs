//! Puzzle generation: random full grids, puzzles made by removing givens
//! while the solution stays unique, symmetric patterns of givens, and
//! minimal puzzles.
//!
//! Everything here is a function of its seed: the same shape, seed and
//! options give the same puzzle on any machine and any thread. Generation
//! uses node limits only (never the clock), and by default none at all.

use std::fmt;
use std::str::FromStr;

use solver_core::{Incomplete, Limits};

use crate::solve::{SolveError, SudokuSolver, Verdict};
use sudoku::Grid;
use sudoku::Shape;

mod checked;
mod fill;
mod maker;
mod records;
mod setter;
mod variant;

pub use checked::{
    generate_checked, generate_setter_checked, generate_variant_checked, in_seed_order,
    GenerateTrouble,
};
pub use maker::{GenerateRun, MadePuzzle, Maker, MakerError};
pub use records::{GeneratedFormat, Made};
pub use setter::{
    generate_setter, parse_generate_names, Clues, SetterError, SetterGenerated, MAX_MERGED,
};
pub(crate) use variant::MAP_ATTEMPTS;
pub use variant::{generate_variant, generate_variant_within, random_regions};

/// The pattern of givens a generated puzzle keeps: a given cell's images
/// under the symmetry are given too. Cells are removed an *orbit* at a time
/// (a cell and all its images).
///
/// The symmetries are those of the square of `N x N` cells, whatever the box
/// shape: they constrain which cells are given, not the values, so they apply
/// to rectangular boxes as well (where a mirror or a quarter turn does not
/// map boxes onto boxes). Rows and columns are 0-based, `N` is the side.
///
/// `Display` and `FromStr` use the lower-case names below.
///
/// ```
/// use sudoku_solve::Symmetry;
/// let s: Symmetry = "rotational".parse()?;
/// assert_eq!(s, Symmetry::Rotational);
/// assert_eq!(Symmetry::Diagonal.to_string(), "diagonal");
/// # Ok::<(), sudoku_solve::ParseSymmetryError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `none`: no constraint, cells are removed one at a time.
    #[default]
    None,
    /// `rotational`: a half turn about the centre, (r, c) with (N-1-r, N-1-c).
    /// The usual symmetry of published puzzles.
    Rotational,
    /// `quarter-turn`: quarter turns about the centre, (r, c) with (c, N-1-r)
    /// and its repeats (orbits of up to 4 cells).
    QuarterTurn,
    /// `horizontal`: mirror in the horizontal middle line (top and bottom
    /// swap), (r, c) with (N-1-r, c).
    Horizontal,
    /// `vertical`: mirror in the vertical middle line (left and right swap),
    /// (r, c) with (r, N-1-c).
    Vertical,
    /// `diagonal`: mirror in the main diagonal, (r, c) with (c, r).
    Diagonal,
    /// `anti-diagonal`: mirror in the other diagonal, (r, c) with
    /// (N-1-c, N-1-r).
    AntiDiagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the variants.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::QuarterTurn,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The name used by `Display` and `FromStr`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::QuarterTurn => "quarter-turn",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The image of cell `(row, col)` of an `n x n` grid under the map that
    /// generates the symmetry (the identity for [`Symmetry::None`]).
    fn map(self, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
        match self {
            Symmetry::None => (r, c),
            Symmetry::Rotational => (n - 1 - r, n - 1 - c),
            Symmetry::QuarterTurn => (c, n - 1 - r),
            Symmetry::Horizontal => (n - 1 - r, c),
            Symmetry::Vertical => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
            Symmetry::AntiDiagonal => (n - 1 - c, n - 1 - r),
        }
    }

    /// The orbits of the cells of `shape` (cell indices row by row): each
    /// cell with its images, every cell in exactly one orbit, ordered by
    /// their first cell.
    pub(crate) fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.side() as usize;
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            // Every map here has order 1, 2 or 4: follow it until it returns.
            let mut orbit = Vec::with_capacity(4);
            let mut at = (start / n, start % n);
            loop {
                let i = at.0 * n + at.1;
                if seen[i] {
                    break;
                }
                seen[i] = true;
                orbit.push(i);
                at = self.map(n, at);
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether a cell of `grid` is given exactly when its image is.
    pub fn holds_for(self, grid: &Grid) -> bool {
        let n = grid.side();
        (0..n).all(|r| {
            (0..n).all(|c| {
                let (r2, c2) = self.map(n, (r, c));
                grid.get(r, c).is_some() == grid.get(r2, c2).is_some()
            })
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A symmetry name that [`Symmetry::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry '{0}': expected none, rotational, quarter-turn, horizontal, vertical, \
     diagonal or anti-diagonal"
)]
pub struct ParseSymmetryError(pub String);

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;

    /// The names of `Display`, in any case, plus `180` for rotational, `90`
    /// for quarter-turn and `antidiagonal`.
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        let lower = s.trim().to_ascii_lowercase();
        let found = match lower.as_str() {
            "180" | "rotational180" => Some(Symmetry::Rotational),
            "90" | "rotational90" | "quarter" => Some(Symmetry::QuarterTurn),
            "antidiagonal" => Some(Symmetry::AntiDiagonal),
            name => Symmetry::ALL.into_iter().find(|sym| sym.name() == name),
        };
        found.ok_or_else(|| ParseSymmetryError(s.to_owned()))
    }
}

/// How [`generate`] makes a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The pattern of givens ([`Symmetry::None`] by default).
    pub symmetry: Symmetry,
    /// Go on removing givens after the target is reached, until none can go,
    /// so that the puzzle is minimal (default `true`). Without a target all
    /// that can go is removed, so the puzzle is minimal either way.
    pub minimal: bool,
    /// Stop removing givens once at most this many are left (`None` by
    /// default: remove all that can go). A symmetric orbit may take the
    /// count a little below. When every orbit has been tried and more are
    /// left, [`Generated::target_reached`] is `Some(false)`.
    pub target_givens: Option<usize>,
    /// Search nodes allowed per uniqueness check (`None` by default: no
    /// limit; on grids above 9x9 the lookahead's probes count as nodes). A
    /// check stopped by the limit counts as "not unique": the givens it was
    /// about stay, and the puzzle may not be minimal. The puzzle returned
    /// is still checked unique by a complete search. Without a limit,
    /// digging 25x25 and larger grids down to a minimal puzzle takes long
    /// (a 25x25 one did not finish in 200 s).
    pub node_limit: Option<u64>,
    /// Puzzles tried when a target is given and not reached, each from a
    /// new full grid and order derived from the seed (default 1; 0 counts
    /// as 1). The one with the fewest givens is kept.
    pub attempts: u32,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            symmetry: Symmetry::None,
            minimal: true,
            target_givens: None,
            node_limit: None,
            attempts: 1,
        }
    }
}

/// A generated puzzle (see [`generate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution, checked before it was returned.
    pub puzzle: Grid,
    /// Its solution, the full grid the givens were taken from.
    pub solution: Grid,
    /// The seed passed to [`generate`]: the same shape, seed and options
    /// give this puzzle again.
    pub seed: u64,
    /// Number of givens.
    pub givens: usize,
    /// Whether at most [`GenerateOptions::target_givens`] givens are left
    /// (`None` without a target).
    pub target_reached: Option<bool>,
    /// Whether the puzzle is known to be minimal (per orbit, see
    /// [`generate`]): removing any orbit of givens left was found to give a
    /// second solution. False when removal stopped at the target or a check
    /// hit the node limit.
    pub minimal: bool,
}

/// A random full grid of `shape`, made by the solver: it fills the empty grid
/// trying the options of each level in an order shuffled from `seed`, then
/// the values are relabelled by a permutation drawn from `seed`. Searches
/// that wander are restarted with a larger node limit and a derived seed, so
/// the grid depends on `shape` and `seed` only. Above 25x25, where filling
/// an empty grid thrashes, the grid is a shuffled pattern whose bands and
/// stacks the solver refills in a random order instead.
///
/// ```
/// use sudoku_solve::random_full_grid;
/// use sudoku::Shape;
/// let shape = Shape::new(2, 3)?;
/// let grid = random_full_grid(shape, 7)?;
/// assert!(grid.is_solved());
/// assert_eq!(grid, random_full_grid(shape, 7)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_full_grid(shape: Shape, seed: u64) -> Result<Grid, SolveError> {
    let mut solver = SudokuSolver::new(shape)?;
    full_grid(&mut solver, seed, &mut Meter::new(&Limits::none()))
}

/// The caller's limits over a whole generation or minimisation, made of
/// many searches: the deadline and the cancellation flag go down to each
/// search, and the node limit bounds the nodes of all of them together.
/// A search that gave up is asked [`Meter::check`]: when the caller's limits
/// stopped it, everything stops with [`SolveError::GaveUp`] (never a puzzle
/// made of checks that were cut short).
pub(crate) struct Meter<'a> {
    outer: &'a Limits,
    /// Nodes of the searches so far.
    used: u64,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(outer: &'a Limits) -> Meter<'a> {
        Meter { outer, used: 0 }
    }

    /// The limits of one search allowed `nodes` nodes of its own (`None`:
    /// no budget of its own): the caller's deadline and flag, and the
    /// smaller of `nodes` and what is left of the caller's node limit.
    pub(crate) fn within(&self, nodes: Option<u64>) -> Limits {
        let left = self
            .outer
            .max_nodes
            .map(|max| max.saturating_sub(self.used));
        Limits {
            max_solutions: None,
            max_nodes: match (nodes, left) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            deadline: self.outer.deadline,
            cancel: self.outer.cancel.clone(),
            max_memory: self.outer.max_memory,
        }
    }

    /// Counts the nodes of a search.
    pub(crate) fn charge(&mut self, nodes: u64) {
        self.used = self.used.saturating_add(nodes);
    }

    /// Fails with [`SolveError::GaveUp`] once a limit of the caller's is
    /// reached. Cheap (a flag and the clock): called between searches too,
    /// as short searches may end before they look.
    pub(crate) fn check(&self) -> Result<(), SolveError> {
        if let Some(why) = self.outer.interrupted() {
            return Err(SolveError::GaveUp(why));
        }
        match self.outer.max_nodes {
            Some(max) if self.used >= max => Err(SolveError::GaveUp(Incomplete::NodeLimit)),
            _ => Ok(()),
        }
    }
}

fn full_grid(solver: &mut SudokuSolver, seed: u64, meter: &mut Meter) -> Result<Grid, SolveError> {
    let shape = solver.shape();
    let empty = Grid::empty(shape);
    let mut rng = Rng::new(seed);
    if shape.side() > 25 {
        let grid = fill::large_full_grid(solver, &mut rng, meter)?;
        return Ok(relabelled(grid, &mut rng));
    }
    // A fill without backtracking takes at most one node per cell.
    let mut limit = 4 * shape.cells() as u64 + 64;
    let grid = loop {
        meter.check()?;
        solver.set_seed(Some(rng.next()));
        let (found, stats) = solver.solve_one(&empty, &meter.within(Some(limit)));
        meter.charge(stats.nodes);
        match found {
            Ok(grid) => break grid,
            Err(SolveError::GaveUp(_)) => limit = limit.saturating_mul(2),
            Err(e) => return Err(e),
        }
    };
    solver.set_seed(None);
    Ok(relabelled(grid, &mut rng))
}

/// `grid` with its values permuted at random.
fn relabelled(grid: Grid, rng: &mut Rng) -> Grid {
    let shape = grid.shape();
    let n = shape.side() as u16;
    let mut relabel: Vec<u16> = (1..=n).collect();
    rng.shuffle(&mut relabel);
    let values = grid
        .cells()
        .iter()
        .map(|&v| relabel[usize::from(v) - 1])
        .collect();
    Grid::from_values(shape, values).expect("relabelled values fit the grid")
}

/// Generates a puzzle of `shape` with exactly one solution.
///
/// The algorithm: a [`random_full_grid`] from `seed`; then the orbits of the
/// cells under `options.symmetry` are visited in an order shuffled from
/// `seed`, and an orbit is cleared whenever the puzzle stays unique: the
/// solver must prove that no solution differs from the full grid in the
/// cleared cells (any second solution would, so this is a uniqueness check
/// that skips the known solution). The visit is repeated with a growing
/// node budget per check: a first pass with a small budget clears what
/// propagation and a little search settle, quickly however large the grid;
/// a check that finds a second solution refuses its orbit for good; the
/// orbits left undecided are tried again with a budget 32 times larger,
/// until all are decided or the budget reaches `options.node_limit` (a check
/// stopped there keeps its givens). Removal stops once at most
/// `options.target_givens` givens are left, unless `options.minimal` is set;
/// in that case a few full grids (from seeds derived from `seed`) are first
/// dug with the small budget only, and the first to reach the target is
/// taken, as the expensive checks are the ones that finish the digging.
///
/// **Minimality.** Without a target or with `minimal`, and without a node
/// limit that stops a check, the puzzle is minimal: removing any given
/// gives a second solution. Removing givens only adds solutions, so an orbit
/// refused once stays refused, and a single exact refusal per orbit is
/// enough. With a symmetry, minimality is *per orbit*: no orbit can be
/// removed as a whole, though a single cell of one might be.
/// [`Generated::minimal`] tells whether this holds.
///
/// **Cost.** The checks near the end, on puzzles with few givens, are the
/// expensive ones, and they grow fast with the side: minimal 9x9 and 16x16
/// puzzles take milliseconds and a fraction of a second, but a minimal
/// 25x25 puzzle is out of reach of the exact search (checks below about half
/// the cells take minutes); there, give a target (45% of the cells is
/// quick) or a node limit.
///
/// Before returning, the puzzle is checked once more with
/// [`SudokuSolver::check_unique`]: it must answer [`Verdict::Unique`] with the
/// full grid.
///
/// The result depends only on `shape`, `seed` and `options` (no clock, no
/// thread count).
///
/// ```
/// use sudoku_solve::{generate, GenerateOptions, SolveGrid, Symmetry};
/// use sudoku::Shape;
///
/// let options = GenerateOptions { symmetry: Symmetry::Rotational, ..Default::default() };
/// let made = generate(Shape::square(3)?, 42, &options)?;
/// assert!(made.puzzle.is_uniquely_solvable());
/// assert!(made.solution.is_solution_of(&made.puzzle));
/// assert!(Symmetry::Rotational.holds_for(&made.puzzle));
/// assert!(made.minimal);
/// // The same seed gives the same puzzle.
/// assert_eq!(generate(Shape::square(3)?, 42, &options)?, made);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(
    shape: Shape,
    seed: u64,
    options: &GenerateOptions,
) -> Result<Generated, SolveError> {
    generate_within(shape, seed, options, &Limits::none())
}

/// [`generate`] within `limits`, which bound the whole generation: its
/// deadline and cancellation flag are polled by every search and between
/// them, and its node limit counts the nodes of all the searches together
/// (unlike [`GenerateOptions::node_limit`], which is per check and only
/// keeps givens). A generation stopped by them fails with
/// [`SolveError::GaveUp`]; one that finishes gives the same puzzle as
/// [`generate`].
///
/// ```
/// use std::sync::{atomic::AtomicBool, Arc};
/// use solver_core::{Incomplete, Limits};
/// use sudoku_solve::{generate_within, GenerateOptions, SolveError};
/// use sudoku::Shape;
///
/// let shape = Shape::square(5)?;
/// let options = GenerateOptions::default();
/// let cancelled = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
/// assert_eq!(
///     generate_within(shape, 1, &options, &cancelled),
///     Err(SolveError::GaveUp(Incomplete::Cancelled))
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_within(
    shape: Shape,
    seed: u64,
    options: &GenerateOptions,
    limits: &Limits,
) -> Result<Generated, SolveError> {
    let meter = &mut Meter::new(limits);
    meter.check()?;
    let mut solver = SudokuSolver::new(shape)?;
    let orbits = options.symmetry.orbits(shape);
    let stop_at = match options.minimal {
        true => None,
        false => options.target_givens,
    };
    // Without `minimal`, a target is usually reached by the quick first pass
    // of `dig`; when it is not, the last orbits can cost minutes on large
    // grids. So first try a few full grids with the quick pass only.
    let quick_tries = match stop_at {
        Some(_) => QUICK_TRIES,
        None => 0,
    };
    let quick = Some(
        options
            .node_limit
            .map_or(QUICK_NODES, |n| n.min(QUICK_NODES)),
    );
    let mut best: Option<Dug> = None;
    for attempt in 0..options.attempts.max(1) {
        let attempt_seed = match attempt {
            0 => seed,
            a => mix(seed ^ mix(u64::from(a))),
        };
        let mut reached = None;
        for t in 0..quick_tries {
            let try_seed = match t {
                0 => attempt_seed,
                t => mix(attempt_seed ^ mix(u64::from(t) << 32)),
            };
            let dug = dig_full_grid(&mut solver, &orbits, try_seed, quick, stop_at, meter)?;
            if options.target_givens.is_some_and(|k| dug.pass.givens <= k) {
                reached = Some(dug);
                break;
            }
        }
        let dug = match reached {
            Some(dug) => dug,
            None => dig_full_grid(
                &mut solver,
                &orbits,
                attempt_seed,
                options.node_limit,
                stop_at,
                meter,
            )?,
        };
        let givens = dug.pass.givens;
        if best.as_ref().is_none_or(|b| givens < b.pass.givens) {
            best = Some(dug);
        }
        if options.target_givens.is_none_or(|k| givens <= k) {
            break;
        }
    }
    let Dug {
        cells,
        solution,
        pass,
    } = best.expect("at least one attempt");
    let puzzle = Grid::from_values(shape, cells).expect("givens of a full grid");
    confirm_unique(&mut solver, &puzzle, &solution, meter)?;
    Ok(Generated {
        givens: pass.givens,
        target_reached: options.target_givens.map(|k| pass.givens <= k),
        minimal: pass.complete && pass.undecided == 0,
        puzzle,
        solution,
        seed,
    })
}

/// Removes givens from a puzzle with exactly one solution, in an order
/// shuffled from `seed`, while the solution stays unique; the result is
/// minimal: removing any given (any orbit of `symmetry` as a whole) gives a
/// second solution. With a symmetry, the givens of an orbit go together, so
/// a symmetric puzzle stays symmetric.
///
/// Fails with [`SolveError::NotUnique`], [`SolveError::Unsolvable`] or
/// [`SolveError::Invalid`] when `puzzle` does not have exactly one solution.
///
/// ```
/// use sudoku_solve::{minimize, SolveGrid, Symmetry};
/// use sudoku::Grid;
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let smaller = minimize(&puzzle, 1, Symmetry::None)?;
/// assert!(smaller.givens() < puzzle.givens());
/// assert_eq!(smaller.solve_unique()?, puzzle.solve_unique()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimize(puzzle: &Grid, seed: u64, symmetry: Symmetry) -> Result<Grid, SolveError> {
    minimize_within(puzzle, seed, symmetry, &Limits::none())
}

/// [`minimize`] within `limits`, which bound the whole minimisation: its
/// deadline and cancellation flag are polled by every search and between
/// them, and its node limit counts the nodes of all the searches together.
/// A minimisation stopped by them fails with [`SolveError::GaveUp`] (never
/// a puzzle that is not known to be minimal); one that finishes gives the
/// same puzzle as [`minimize`].
///
/// ```
/// use solver_core::{Incomplete, Limits};
/// use sudoku_solve::{minimize_within, SolveError, Symmetry};
/// use sudoku::Grid;
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let stopped = minimize_within(&puzzle, 1, Symmetry::None, &Limits::none().nodes(10));
/// assert_eq!(stopped, Err(SolveError::GaveUp(Incomplete::NodeLimit)));
/// let smaller = minimize_within(&puzzle, 1, Symmetry::None, &Limits::none().nodes(1_000_000))?;
/// assert_eq!(smaller, sudoku_solve::minimize(&puzzle, 1, Symmetry::None)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimize_within(
    puzzle: &Grid,
    seed: u64,
    symmetry: Symmetry,
    limits: &Limits,
) -> Result<Grid, SolveError> {
    let meter = &mut Meter::new(limits);
    meter.check()?;
    let shape = puzzle.shape();
    let mut solver = SudokuSolver::new(shape)?;
    let (verdict, stats) = solver.check_unique(puzzle, &meter.within(None));
    meter.charge(stats.nodes);
    let solution = match verdict {
        Verdict::Unique(solution) => solution,
        Verdict::Multiple(..) => return Err(SolveError::NotUnique),
        Verdict::Unsolvable => return Err(SolveError::Unsolvable),
        Verdict::Invalid(conflict) => return Err(SolveError::Invalid(conflict)),
        Verdict::Unknown(why) => return Err(SolveError::GaveUp(why)),
    };
    let orbits = symmetry.orbits(shape);
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    Rng::new(seed).shuffle(&mut order);
    let mut cells = puzzle.cells().to_vec();
    dig(
        &mut solver,
        &mut cells,
        solution.cells(),
        order.iter().map(|&o| &orbits[o][..]).collect(),
        None,
        None,
        meter,
    )?;
    let minimal = Grid::from_values(shape, cells).expect("a subset of the givens");
    confirm_unique(&mut solver, &minimal, &solution, meter)?;
    Ok(minimal)
}

/// How many full grids [`generate`] digs with the quick pass only, looking
/// for one that reaches the target, before it digs one with full checks.
/// On 25x25 with a target of 45% givens, the quick pass falls short for
/// about one seed in six.
const QUICK_TRIES: u32 = 8;

/// A puzzle dug from a full grid.
struct Dug {
    cells: Vec<u16>,
    solution: Grid,
    pass: Pass,
}

/// A random full grid from `seed`, dug in an order shuffled from `seed`.
fn dig_full_grid(
    solver: &mut SudokuSolver,
    orbits: &[Vec<usize>],
    seed: u64,
    node_limit: Option<u64>,
    stop_at: Option<usize>,
    meter: &mut Meter,
) -> Result<Dug, SolveError> {
    let mut rng = Rng::new(seed);
    let solution = full_grid(solver, rng.next(), meter)?;
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    rng.shuffle(&mut order);
    let mut cells = solution.cells().to_vec();
    let pass = dig(
        solver,
        &mut cells,
        solution.cells(),
        order.iter().map(|&o| &orbits[o][..]).collect(),
        node_limit,
        stop_at,
        meter,
    )?;
    Ok(Dug {
        cells,
        solution,
        pass,
    })
}

/// What a removal pass did.
struct Pass {
    /// Givens left.
    givens: usize,
    /// Checks stopped by the node limit (their givens stayed).
    undecided: usize,
    /// Whether every orbit was tried (false when the pass stopped at a target).
    complete: bool,
}

/// Search nodes allowed per uniqueness check in the first pass of [`dig`];
/// each later pass allows [`GROWTH`] times more. Measured on 9x9, 16x16 and
/// 25x25 (45% givens): 32 is about best for all three; 128 makes 25x25 three
/// times slower, and with no limit 25x25 checks explode near 50% givens.
/// (Measured before lookahead, whose probes count as nodes; with it, the
/// 25x25 example with 281 givens took 0.70 s CPU instead of 0.77 s.)
const QUICK_NODES: u64 = 32;

/// How much the node budget per check grows from one pass of [`dig`] to the
/// next.
const GROWTH: u64 = 32;

/// Clears the orbits of givens in the order given while the puzzle stays
/// unique, and stops once at most `stop_at` givens are left.
///
/// The orbits are visited in passes with a growing node budget per check:
/// [`QUICK_NODES`] at first, so that the orbits whose removal propagation
/// and a little search settle go first, quickly however large the grid, and
/// the puzzle stays easy to check for as long as possible. A check that
/// finds a second solution refuses its orbit for good (removing givens only
/// adds solutions); a check stopped by the budget leaves its orbit for the
/// next pass. The passes end when every orbit is decided, or after a pass
/// with the budget `node_limit` per check (the budget stops growing there).
/// As the budget grows geometrically, the passes before the last cost a
/// small fraction of it. The `meter` stops everything with
/// [`SolveError::GaveUp`] when the caller's limits are reached.
fn dig(
    solver: &mut SudokuSolver,
    cells: &mut [u16],
    solution: &[u16],
    orbits: Vec<&[usize]>,
    node_limit: Option<u64>,
    stop_at: Option<usize>,
    meter: &mut Meter,
) -> Result<Pass, SolveError> {
    let mut refused = vec![false; orbits.len()];
    let mut budget = QUICK_NODES;
    loop {
        let last = node_limit.is_some_and(|max| max <= budget);
        let within = match last {
            true => node_limit,
            false => Some(budget),
        };
        let pass = remove_pass(
            solver,
            cells,
            solution,
            &orbits,
            within,
            stop_at,
            &mut refused,
            meter,
        )?;
        if last || !pass.complete || pass.undecided == 0 {
            return Ok(pass);
        }
        budget = budget.saturating_mul(GROWTH);
    }
}

/// One pass of [`dig`], with `budget` nodes per check.
#[allow(clippy::too_many_arguments)]
fn remove_pass(
    solver: &mut SudokuSolver,
    cells: &mut [u16],
    solution: &[u16],
    orbits: &[&[usize]],
    budget: Option<u64>,
    stop_at: Option<usize>,
    refused: &mut [bool],
    meter: &mut Meter,
) -> Result<Pass, SolveError> {
    let shape = solver.shape();
    let mut pass = Pass {
        givens: cells.iter().filter(|&&v| v != 0).count(),
        undecided: 0,
        complete: true,
    };
    let mut grid = Grid::from_values(shape, cells.to_vec()).expect("a valid grid");
    let n = shape.side() as usize;
    let mut cleared = Vec::with_capacity(4);
    for (k, orbit) in orbits.iter().enumerate() {
        if stop_at.is_some_and(|k| pass.givens <= k) {
            pass.complete = false;
            break;
        }
        if refused[k] {
            continue;
        }
        meter.check()?;
        cleared.clear();
        cleared.extend(orbit.iter().copied().filter(|&i| cells[i] != 0));
        if cleared.is_empty() {
            continue;
        }
        for &i in &cleared {
            grid.set(i / n, i % n, None);
        }
        let unique = match check_removal(solver, &mut grid, &cleared, solution, budget, meter)? {
            Removal::Unique => true,
            Removal::Unknown => {
                pass.undecided += 1;
                false
            }
            Removal::Multiple => {
                refused[k] = true;
                false
            }
        };
        if unique {
            for &i in &cleared {
                cells[i] = 0;
            }
            pass.givens -= cleared.len();
        } else {
            for &i in &cleared {
                grid.set(i / n, i % n, Some(cells[i]));
            }
        }
    }
    Ok(pass)
}

/// What clearing an orbit does to a unique puzzle.
enum Removal {
    /// The puzzle stays unique.
    Unique,
    /// A second solution appears.
    Multiple,
    /// A limit stopped the check.
    Unknown,
}

/// Whether `grid`, a puzzle with the one solution `solution` whose cells
/// `cleared` were just cleared, still has only that solution. Any other
/// solution differs from it in a cleared cell (otherwise it would solve the
/// puzzle before the clearing), so the check looks for a solution whose
/// first such difference is at each cleared cell in turn, with each other
/// candidate value there: a search that skips the known solution's part of
/// the tree. `budget` bounds the nodes of all these searches together; a
/// search stopped by the caller's limits (the `meter`) fails the whole
/// check with [`SolveError::GaveUp`].
fn check_removal(
    solver: &mut SudokuSolver,
    grid: &mut Grid,
    cleared: &[usize],
    solution: &[u16],
    budget: Option<u64>,
    meter: &mut Meter,
) -> Result<Removal, SolveError> {
    let n = grid.side();
    let mut used = 0u64;
    let mut decision = Removal::Unique;
    'cells: for (k, &i) in cleared.iter().enumerate() {
        let (r, c) = (i / n, i % n);
        for w in grid.candidates(r, c) {
            if w == solution[i] {
                continue;
            }
            let mut left = None;
            if let Some(max) = budget {
                if used >= max {
                    decision = Removal::Unknown;
                    break 'cells;
                }
                left = Some(max - used);
            }
            grid.set(r, c, Some(w));
            let (found, stats) = solver.solve_one(grid, &meter.within(left));
            grid.set(r, c, None);
            used += stats.nodes;
            meter.charge(stats.nodes);
            match found {
                Ok(_) => {
                    decision = Removal::Multiple;
                    break 'cells;
                }
                Err(SolveError::GaveUp(_)) => {
                    if let Err(stopped) = meter.check() {
                        for &i in cleared {
                            grid.set(i / n, i % n, None);
                        }
                        return Err(stopped);
                    }
                    decision = Removal::Unknown;
                    break 'cells;
                }
                Err(_) => {}
            }
        }
        // Later cells: the first difference is past this one.
        if k + 1 < cleared.len() {
            grid.set(r, c, Some(solution[i]));
        }
    }
    for &i in cleared {
        grid.set(i / n, i % n, None);
    }
    Ok(decision)
}

/// The final check: exactly one solution, and it is `solution`.
fn confirm_unique(
    solver: &mut SudokuSolver,
    puzzle: &Grid,
    solution: &Grid,
    meter: &mut Meter,
) -> Result<(), SolveError> {
    let (verdict, stats) = solver.check_unique(puzzle, &meter.within(None));
    meter.charge(stats.nodes);
    match verdict {
        Verdict::Unique(found) if &found == solution => Ok(()),
        Verdict::Unique(_) | Verdict::Multiple(..) => Err(SolveError::NotUnique),
        Verdict::Unsolvable => Err(SolveError::Unsolvable),
        Verdict::Invalid(conflict) => Err(SolveError::Invalid(conflict)),
        Verdict::Unknown(why) => Err(SolveError::GaveUp(why)),
    }
}

/// SplitMix64's output function.
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64: small, fast, and the same everywhere.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// Uniform in `0..bound` (`bound > 0`), by Lemire's multiply-shift.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next()) * bound as u128) >> 64) as usize
    }

    /// Fisher-Yates.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::solve::Engine;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    fn shape(text: &str) -> Shape {
        text.parse().expect("test shape")
    }

    /// Shapes small enough for the independent checks in a debug build.
    const SHAPES: [&str; 6] = ["2x2", "2x3", "3x2", "3x3", "2x4", "4x4"];

    /// The independent check: the Dancing Links engine.
    fn dlx_verdict(grid: &Grid) -> Verdict {
        let mut dlx = SudokuSolver::with_engine(grid.shape(), Engine::Dlx).unwrap();
        dlx.check_unique(grid, &Limits::none()).0
    }

    fn assert_unique(made: &Generated) {
        assert!(made.solution.is_solved());
        assert!(made.solution.is_solution_of(&made.puzzle));
        assert_eq!(made.givens, made.puzzle.givens());
        match dlx_verdict(&made.puzzle) {
            Verdict::Unique(s) => assert_eq!(s, made.solution),
            other => panic!("{}: {other:?}", made.puzzle),
        }
    }

    /// Removing any orbit of givens gives a second solution (Dancing Links).
    fn assert_minimal(puzzle: &Grid, symmetry: Symmetry) {
        let n = puzzle.side();
        let mut dlx = SudokuSolver::with_engine(puzzle.shape(), Engine::Dlx).unwrap();
        for orbit in symmetry.orbits(puzzle.shape()) {
            if orbit.iter().all(|&i| puzzle.cells()[i] == 0) {
                continue;
            }
            let mut fewer = puzzle.clone();
            for &i in &orbit {
                fewer.set(i / n, i % n, None);
            }
            let verdict = dlx.check_unique(&fewer, &Limits::none()).0;
            assert!(
                matches!(verdict, Verdict::Multiple(..)),
                "{puzzle}: orbit {orbit:?} can go ({})",
                verdict.status()
            );
        }
    }

    #[test]
    fn orbits_partition_the_grid_and_are_closed() {
        for text in ["1x1", "1x3", "2x2", "2x3", "3x2", "3x3", "2x4", "3x5"] {
            let shape = shape(text);
            let n = shape.side() as usize;
            for symmetry in Symmetry::ALL {
                let orbits = symmetry.orbits(shape);
                let mut owner = vec![usize::MAX; n * n];
                for (k, orbit) in orbits.iter().enumerate() {
                    assert!((1..=4).contains(&orbit.len()));
                    for &i in orbit {
                        assert_eq!(owner[i], usize::MAX, "{symmetry} {text}: cell {i} twice");
                        owner[i] = k;
                    }
                }
                assert!(owner.iter().all(|&k| k != usize::MAX));
                for i in 0..n * n {
                    let (r, c) = symmetry.map(n, (i / n, i % n));
                    assert_eq!(owner[r * n + c], owner[i], "{symmetry} {text}");
                }
                // A grid with one orbit given has the symmetry, and with one
                // cell of a larger orbit it does not.
                for orbit in &orbits {
                    let mut grid = Grid::empty(shape);
                    for &i in orbit {
                        grid.set(i / n, i % n, Some(1));
                    }
                    assert!(symmetry.holds_for(&grid));
                    if orbit.len() > 1 {
                        grid.set(orbit[0] / n, orbit[0] % n, None);
                        assert!(!symmetry.holds_for(&grid));
                    }
                }
            }
        }
        // Spot checks on a 6x6 grid of 2x3 boxes.
        let s = shape("2x3");
        let orbit_of =
            |sym: Symmetry, i: usize| sym.orbits(s).into_iter().find(|o| o.contains(&i)).unwrap();
        assert_eq!(orbit_of(Symmetry::Rotational, 1), [1, 34]); // r0c1, r5c4
        assert_eq!(orbit_of(Symmetry::Diagonal, 1), [1, 6]); // r0c1, r1c0
        assert_eq!(orbit_of(Symmetry::AntiDiagonal, 0), [0, 35]);
        assert_eq!(orbit_of(Symmetry::Horizontal, 1), [1, 31]); // r0c1, r5c1
        assert_eq!(orbit_of(Symmetry::Vertical, 1), [1, 4]); // r0c1, r0c4
        assert_eq!(orbit_of(Symmetry::QuarterTurn, 1), [1, 11, 24, 34]);
    }

    #[test]
    fn symmetry_names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.to_string().parse::<Symmetry>(), Ok(symmetry));
        }
        assert_eq!("180".parse(), Ok(Symmetry::Rotational));
        assert_eq!("Diagonal".parse(), Ok(Symmetry::Diagonal));
        assert!("spiral".parse::<Symmetry>().is_err());
    }

    #[test]
    fn full_grids_are_random_and_reproducible() {
        for text in SHAPES.iter().chain(&["5x5", "3x4"]) {
            let shape = shape(text);
            let a = random_full_grid(shape, 1).unwrap();
            assert!(a.is_solved(), "{text}");
            assert_eq!(a, random_full_grid(shape, 1).unwrap());
            if shape.cells() > 16 {
                assert_ne!(a, random_full_grid(shape, 2).unwrap(), "{text}");
            }
        }
    }

    #[test]
    fn same_seed_same_puzzle_on_any_thread() {
        let shape = shape("3x3");
        let options = GenerateOptions::default();
        let a = generate(shape, 2024, &options).unwrap();
        assert_eq!(a, generate(shape, 2024, &options).unwrap());
        let b = std::thread::spawn(move || generate(shape, 2024, &GenerateOptions::default()))
            .join()
            .unwrap()
            .unwrap();
        assert_eq!(a, b);
        assert_eq!(a.seed, 2024);
        let others: Vec<Grid> = (0..5)
            .map(|s| generate(shape, s, &options).unwrap().puzzle)
            .collect();
        for (i, p) in others.iter().enumerate() {
            assert!(
                others[..i].iter().all(|q| q != p),
                "seeds gave equal puzzles"
            );
        }
    }

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        for text in SHAPES {
            let shape = shape(text);
            for seed in 0..3 {
                let made = generate(shape, seed, &GenerateOptions::default()).unwrap();
                assert_unique(&made);
                assert!(made.minimal && made.target_reached.is_none());
                assert_minimal(&made.puzzle, Symmetry::None);
            }
        }
    }

    #[test]
    fn symmetric_puzzles() {
        for text in SHAPES {
            let shape = shape(text);
            let n = shape.side() as usize;
            for (seed, symmetry) in Symmetry::ALL.into_iter().enumerate() {
                let options = GenerateOptions {
                    symmetry,
                    ..GenerateOptions::default()
                };
                let made = generate(shape, seed as u64, &options).unwrap();
                assert_unique(&made);
                assert!(symmetry.holds_for(&made.puzzle), "{text} {symmetry}");
                assert_minimal(&made.puzzle, symmetry);
                if symmetry == Symmetry::Rotational {
                    let p = &made.puzzle;
                    for r in 0..n {
                        for c in 0..n {
                            assert_eq!(
                                p.get(r, c).is_some(),
                                p.get(n - 1 - r, n - 1 - c).is_some()
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn targets_are_reached_or_reported() {
        let shape = shape("3x3");
        // Easy: stop at 40 givens without finishing the pass.
        let options = GenerateOptions {
            minimal: false,
            target_givens: Some(40),
            ..GenerateOptions::default()
        };
        let made = generate(shape, 5, &options).unwrap();
        assert_unique(&made);
        assert_eq!((made.givens, made.target_reached), (40, Some(true)));
        assert!(!made.minimal);
        // Impossible (no 9x9 puzzle has fewer than 17 givens): reported,
        // after the attempts asked for.
        let options = GenerateOptions {
            target_givens: Some(16),
            attempts: 3,
            ..GenerateOptions::default()
        };
        let made = generate(shape, 5, &options).unwrap();
        assert_unique(&made);
        assert_eq!(made.target_reached, Some(false));
        assert!(made.givens > 16 && made.minimal);
        // A target with `minimal` still gives a minimal puzzle.
        let options = GenerateOptions {
            target_givens: Some(30),
            ..GenerateOptions::default()
        };
        let made = generate(shape, 6, &options).unwrap();
        assert_eq!(made.target_reached, Some(true));
        assert!(made.minimal);
        assert_minimal(&made.puzzle, Symmetry::None);
        // Symmetric removal may overshoot the target by part of an orbit.
        let options = GenerateOptions {
            symmetry: Symmetry::QuarterTurn,
            minimal: false,
            target_givens: Some(50),
            ..GenerateOptions::default()
        };
        let made = generate(shape, 7, &options).unwrap();
        assert_unique(&made);
        assert!(made.givens <= 50 && made.givens > 46);
        assert!(Symmetry::QuarterTurn.holds_for(&made.puzzle));
    }

    fn large_grid_with_a_target(check: Engine) {
        let shape = shape("5x5");
        let options = GenerateOptions {
            minimal: false,
            target_givens: Some(281), // 45% of 625
            ..GenerateOptions::default()
        };
        let made = generate(shape, 1, &options).unwrap();
        assert_eq!((made.givens, made.target_reached), (281, Some(true)));
        assert!(!made.minimal);
        assert!(made.solution.is_solution_of(&made.puzzle));
        let mut solver = SudokuSolver::with_engine(shape, check).unwrap();
        solver.set_seed(Some(99));
        let verdict = solver.check_unique(&made.puzzle, &Limits::none()).0;
        assert_eq!(verdict, Verdict::Unique(made.solution));
    }

    #[test]
    fn large_grid_with_a_target_bits() {
        // The generator's engine, with another branching order.
        large_grid_with_a_target(Engine::Bits);
    }

    /// About 30 s in a test build: `cargo test -p sudoku --lib -- --ignored large_grid`.
    #[test]
    #[ignore = "slow: Dancing Links on a 25x25 puzzle"]
    fn large_grid_with_a_target_dlx() {
        large_grid_with_a_target(Engine::Dlx);
    }

    #[test]
    fn node_limits_keep_puzzles_unique() {
        let shape = shape("4x4");
        let options = GenerateOptions {
            node_limit: Some(3),
            ..GenerateOptions::default()
        };
        let made = generate(shape, 11, &options).unwrap();
        assert_unique(&made);
        assert_eq!(made, generate(shape, 11, &options).unwrap());
    }

    #[test]
    fn minimize_keeps_the_solution() {
        for text in ["2x3", "3x3", "2x4"] {
            let shape = shape(text);
            let full = random_full_grid(shape, 3).unwrap();
            for symmetry in [Symmetry::None, Symmetry::Rotational] {
                let minimal = minimize(&full, 4, symmetry).unwrap();
                assert!(full.is_solution_of(&minimal));
                assert_eq!(dlx_verdict(&minimal), Verdict::Unique(full.clone()));
                assert!(symmetry.holds_for(&minimal));
                assert_minimal(&minimal, symmetry);
                assert_eq!(minimal, minimize(&full, 4, symmetry).unwrap());
                // Minimising a minimal puzzle changes nothing.
                assert_eq!(minimize(&minimal, 9, symmetry).unwrap(), minimal);
            }
        }
    }

    #[test]
    fn minimize_refuses_puzzles_without_one_solution() {
        let empty = Grid::empty(shape("3x3"));
        assert_eq!(
            minimize(&empty, 0, Symmetry::None),
            Err(SolveError::NotUnique)
        );
        let clash: Grid = "11..............".parse().unwrap();
        assert!(matches!(
            minimize(&clash, 0, Symmetry::None),
            Err(SolveError::Invalid(_))
        ));
        let stuck: Grid = "..12.4..3.......".parse().unwrap();
        assert_eq!(
            minimize(&stuck, 0, Symmetry::None),
            Err(SolveError::Unsolvable)
        );
    }

    /// The first puzzle of a file of examples (comment lines start with #).
    pub(crate) fn first_example(text: &str) -> Grid {
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        line.trim().parse().unwrap()
    }

    /// A flag raised by another thread `after` from now.
    pub(crate) fn flag_raised_after(after: std::time::Duration) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(after);
            raised.store(true, Ordering::Relaxed);
        });
        flag
    }

    /// Issue 23 #7: minimising this 25x25 puzzle takes many minutes; the
    /// limits must stop it within about a second (a debug build: 3 s
    /// allowed), whichever limit it is, and never give a puzzle.
    #[test]
    fn minimize_within_stops_at_every_limit() {
        use std::time::{Duration, Instant};
        let puzzle = first_example(include_str!("../../examples/sudoku/25x25-270-givens.txt"));
        assert_eq!(puzzle.side(), 25);
        let second = Duration::from_secs(1);
        let cases = [
            (Limits::none().timeout(second), Incomplete::Deadline),
            (
                Limits::none().cancel_flag(flag_raised_after(second)),
                Incomplete::Cancelled,
            ),
            (Limits::none().nodes(1000), Incomplete::NodeLimit),
        ];
        for (limits, why) in cases {
            let start = Instant::now();
            let stopped = minimize_within(&puzzle, 1, Symmetry::None, &limits);
            let took = start.elapsed();
            assert_eq!(stopped, Err(SolveError::GaveUp(why)));
            assert!(took < 3 * second, "{why:?}: {took:?}");
        }
        // A flag raised before: no search at all.
        let raised = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
        assert_eq!(
            minimize_within(&puzzle, 1, Symmetry::None, &raised),
            Err(SolveError::GaveUp(Incomplete::Cancelled))
        );
    }

    /// Issue 23 #16: generating a 25x25 puzzle takes long; its limits stop
    /// it too.
    #[test]
    fn generate_within_stops_at_every_limit() {
        use std::time::{Duration, Instant};
        let shape = shape("5x5");
        let second = Duration::from_secs(1);
        let cases = [
            (Limits::none().timeout(second), Incomplete::Deadline),
            (
                Limits::none().cancel_flag(flag_raised_after(second)),
                Incomplete::Cancelled,
            ),
            (Limits::none().nodes(1000), Incomplete::NodeLimit),
        ];
        for (limits, why) in cases {
            let start = Instant::now();
            let stopped = generate_within(shape, 1, &GenerateOptions::default(), &limits);
            let took = start.elapsed();
            assert_eq!(stopped.map(|g| g.givens), Err(SolveError::GaveUp(why)));
            assert!(took < 3 * second, "{why:?}: {took:?}");
        }
    }

    /// Speed report, one thread: `SPEED=3x3:1000,4x4:10,5x5:3 cargo test --release -p
    /// sudoku --lib generate::tests::speed -- --ignored --nocapture`. Puzzles are
    /// minimal up to 16x16; larger ones stop at 45% givens, or at `P`% with
    /// `5x5:3@P` (`@100` asks for minimal puzzles).
    #[test]
    #[ignore = "speed report, run in release"]
    fn speed() {
        use std::time::Instant;
        let plan = std::env::var("SPEED").unwrap_or_else(|_| "3x3:1000,4x4:10,5x5:3".into());
        for item in plan.split(',') {
            let (item, percent) = item.split_once('@').unwrap_or((item, "45"));
            let (text, count) = item.split_once(':').unwrap_or((item, "1"));
            let (shape, count): (Shape, u64) = (shape(text), count.parse().unwrap());
            let percent: usize = percent.parse().unwrap();
            let options = match shape.side() {
                n if n >= 25 && percent < 100 => GenerateOptions {
                    minimal: false,
                    target_givens: Some(shape.cells() * percent / 100),
                    ..GenerateOptions::default()
                },
                _ => GenerateOptions::default(),
            };
            let start = Instant::now();
            let mut givens = 0;
            let mut reached = 0;
            for seed in 0..count {
                let one = Instant::now();
                let made = generate(shape, seed, &options).unwrap();
                givens += made.givens;
                reached += usize::from(made.target_reached != Some(false));
                if shape.side() >= 16 {
                    println!(
                        "  {text} seed {seed}: {} givens, {:.3} s",
                        made.givens,
                        one.elapsed().as_secs_f64()
                    );
                }
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{text}: {count} puzzles in {secs:.2} s: {:.1}/s, {:.4} s each, {:.1} givens on \
                 average, {reached} reached the target",
                count as f64 / secs,
                secs / count as f64,
                givens as f64 / count as f64
            );
        }
    }
}
