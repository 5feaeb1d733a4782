//! Classic puzzles: random full grids ([`random_full_grid`]) and puzzles dug
//! from them ([`generate_within`], [`generate_within`]).

use solver_core::Limits;

use crate::dig::{confirm_unique, dig, Pass, QUICK_NODES};
use crate::fill;
use crate::meter::Meter;
use crate::rng::{mix, Rng};
use sudoku::Grid;
use sudoku::Shape;
use sudoku_solve::{SolveError, SudokuSolver, Symmetry};

/// How [`Maker`](crate::Maker) makes a classic puzzle.
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

/// A generated puzzle (see [`Maker`](crate::Maker)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution, checked before it was returned.
    pub puzzle: Grid,
    /// Its solution, the full grid the givens were taken from.
    pub solution: Grid,
    /// The puzzle's seed: the same shape, seed and options
    /// give this puzzle again.
    pub seed: u64,
    /// Number of givens.
    pub givens: usize,
    /// Whether at most [`GenerateOptions::target_givens`] givens are left
    /// (`None` without a target).
    pub target_reached: Option<bool>,
    /// Whether the puzzle is known to be minimal (per orbit: removing
    /// any orbit of givens left was found to give a
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
/// use sudoku_generate::random_full_grid;
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
/// `limits` bound the whole generation: its deadline and cancellation flag
/// are polled by every search and between them, and its node limit counts
/// the nodes of all the searches together (unlike
/// [`GenerateOptions::node_limit`], which is per check and only keeps
/// givens). A generation stopped by them fails with [`SolveError::GaveUp`];
/// one that finishes gives the same puzzle as without them.
pub(crate) fn generate_within(
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

/// How many full grids [`generate_within`] digs with the quick pass only, looking
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
