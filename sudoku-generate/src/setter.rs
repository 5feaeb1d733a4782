//! Puzzles for the setter's variants: killer cages, thermometers and
//! arrows drawn from a random solution, and the grid-based rules
//! (anti-knight, anti-king, non-consecutive, alone or with X and windoku).
//!
//! [`generate_setter`] makes one puzzle from a seed (for
//! [`Maker::setter`](crate::Maker::setter), which checks it apart):
//!
//! 1. a random full grid under the base rules (the classic generator's for
//!    classic rules; otherwise the planner's engine fills the empty grid,
//!    ties broken from the seed);
//! 2. clues read off that grid: a random partition of the grid into
//!    cages of 1 to 5 cells with different values (their sums from the
//!    grid); random thermometers (king steps to larger values); random
//!    arrows (a circle and a king-step line adding up to it);
//! 3. givens: none for a killer (givens from cells where two solutions
//!    differ are added until one solution is left), every cell for
//!    thermometers and arrows; then givens are removed in a random order
//!    while the solution stays unique;
//! 4. clues thinned while the solution stays unique: two neighbouring
//!    cages merged when their values stay different (at most
//!    [`MAX_MERGED`] cells), a thermometer or an arrow dropped.
//!
//! Every step keeps exactly one solution, proved by a complete search
//! within [`CHECK_NODES`] nodes (a step whose proof takes longer is not
//! made, which keeps the puzzles quick to prove), and the result depends
//! on the shape, rules and seed only.
//!
//! ```
//! use sudoku_generate::{Clues, Limits, MadePuzzle, Maker};
//! use sudoku_solve::verify;
//! use sudoku::{Shape, Variant};
//!
//! let maker = Maker::setter(Variant::default(), Clues::KILLER, Shape::square(3)?)?;
//! let MadePuzzle::Setter(made) = maker.make(7, &Limits::none())? else { panic!() };
//! assert!(!made.variant.cages.is_empty());
//! assert!(verify(&made.solution, &made.puzzle, &made.variant));
//! // The same seed gives the same puzzle.
//! let again = maker.make(7, &Limits::none())?;
//! assert_eq!(again.variant(), Some(made.variant));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use solver_core::{Incomplete, Limits};

use crate::classic::random_full_grid;
use crate::meter::Meter;
use crate::rng::{mix, Rng};
use sudoku::constraints::Constraint;
use sudoku::Grid;
use sudoku::Rules;
use sudoku::Shape;
use sudoku::{CageSpec, Variant, VariantError};
use sudoku_solve::{Asked, SolveError, SudokuSolver, Verdict};
// issue 36, group A
use sudoku::VariantErrorKind;

/// The most cells of a cage made by merging two.
pub(crate) const MAX_MERGED: usize = 6;

/// Search nodes allowed to fill the empty grid under the base rules before
/// another tie-break order is tried.
const FILL_NODES: u64 = 100_000;

/// Tie-break orders tried to fill the empty grid before giving up.
const FILL_ATTEMPTS: u64 = 20;

/// Search nodes allowed to each uniqueness check while givens are removed
/// and clues thinned: a removal whose proof takes longer is not made, so
/// the puzzles stay quick to prove unique (the speed targets of issue 22:
/// a median under 1 ms). Measured on 9x9 killers: without it, merging went
/// on to puzzles whose proof took 800 to 48,000 nodes (2 to 330 ms) on the
/// units engine.
pub(crate) const CHECK_NODES: u64 = 64;

/// Which clues [`Maker`](crate::Maker) draws from the solution (any
/// combination; none gives a puzzle of givens under the base rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clues {
    /// Killer cages with their sums, covering the grid.
    pub killer: bool,
    /// Thermometers.
    pub thermo: bool,
    /// Arrows with one-cell circles.
    pub arrow: bool,
}

impl Clues {
    /// Killer cages only.
    pub const KILLER: Clues = Clues {
        killer: true,
        thermo: false,
        arrow: false,
    };
    /// Thermometers only.
    pub const THERMO: Clues = Clues {
        killer: false,
        thermo: true,
        arrow: false,
    };
    /// Arrows only.
    pub const ARROW: Clues = Clues {
        killer: false,
        thermo: false,
        arrow: true,
    };

    /// Whether no clue is asked for.
    pub fn is_empty(self) -> bool {
        !(self.killer || self.thermo || self.arrow)
    }
}

/// The names [`parse_generate_names`] reads, in words (for its error).
const GENERATE_NAMES: &str = "x, windoku, jigsaw, anti-knight, anti-king, non-consecutive, \
     anti-camel, anti-zebra, anti-giraffe, knightmare, diagonal-non-consecutive, self-taxicab, \
     taxicab-D, global-entropy, dutch-flatmates, killer, thermo or arrow";

/// The variant and clues named by `--variant` of `sudoku generate`: the
/// names of [`Variant::parse_names`] (x, windoku, jigsaw) plus
/// `anti-knight`, `anti-king`, `non-consecutive`, `anti-camel`,
/// `anti-zebra`, `anti-giraffe`, `knightmare`, `diagonal-non-consecutive`,
/// `self-taxicab`, `taxicab-D`, `global-entropy`, `dutch-flatmates`
/// (rules), and `killer`,
/// `thermo`, `arrow` (clues drawn by [`generate_setter`]), joined by
/// commas. Returns the base variant, whether jigsaw was named, and the
/// clues.
pub(crate) fn parse_generate_names(names: &str) -> Result<(Variant, bool, Clues), VariantError> {
    let mut clues = Clues::default();
    let mut constraints = Vec::new();
    let mut rest = Vec::new();
    for name in names.split([',', '+', ' ']).filter(|s| !s.is_empty()) {
        let lower = name.to_ascii_lowercase().replace('_', "-");
        match lower.as_str() {
            "killer" => clues.killer = true,
            "thermo" | "thermometer" | "thermometers" => clues.thermo = true,
            "arrow" | "arrows" => clues.arrow = true,
            "anti-knight" | "antiknight" => constraints.push(Constraint::AntiKnight),
            "anti-king" | "antiking" => constraints.push(Constraint::AntiKing),
            "non-consecutive" | "nonconsecutive" => constraints.push(Constraint::NonConsecutive),
            // issue 36, group B
            "global-entropy" | "globalentropy" => constraints.push(Constraint::GlobalEntropy),
            "dutch-flatmates" | "dutchflatmates" => constraints.push(Constraint::DutchFlatmates),
            // issue 36, group A
            "anti-camel" | "anticamel" => constraints.push(Constraint::Leaper {
                offsets: vec![(1, 3)],
            }),
            "anti-zebra" | "antizebra" => constraints.push(Constraint::Leaper {
                offsets: vec![(2, 3)],
            }),
            "anti-giraffe" | "antigiraffe" => constraints.push(Constraint::Leaper {
                offsets: vec![(1, 4)],
            }),
            "knightmare" => constraints.push(Constraint::Knightmare),
            "diagonal-non-consecutive" | "diagonalnonconsecutive" | "dnc" => {
                constraints.push(Constraint::DiagonalNonConsecutive)
            }
            "self-taxicab" | "selftaxicab" => constraints.push(Constraint::SelfTaxicab),
            taxi if taxi.starts_with("taxicab-") => {
                let distance = taxi["taxicab-".len()..]
                    .parse::<u32>()
                    .ok()
                    .filter(|&d| d > 0)
                    .ok_or_else(|| {
                        VariantError::new(VariantErrorKind::BadConstraint {
                            constraint: "taxicab",
                            why: format!(
                                "{name:?}: taxicab-D wants a distance D from 1 to 4294967295"
                            ),
                        })
                    })?;
                constraints.push(Constraint::Taxicab { distance })
            }
            _ => rest.push(name),
        }
    }
    let (mut variant, [jigsaw, _]) = Variant::parse_names(&rest.join(",")).map_err(|mut e| {
        if let VariantErrorKind::UnknownVariant { expected, .. } = &mut e.kind {
            *expected = GENERATE_NAMES;
        }
        e
    })?;
    constraints.dedup();
    variant.constraints = constraints;
    Ok((variant, jigsaw, clues))
}

/// A puzzle made by [`Maker`](crate::Maker) (setter's clues).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterGenerated {
    /// The givens (none for most killers).
    pub puzzle: Grid,
    /// The one solution.
    pub solution: Grid,
    /// The rules: the base variant with the clues (cages in
    /// [`Variant::cages`], thermometers and arrows in
    /// [`Variant::constraints`]).
    pub variant: Variant,
    /// The seed it was made from.
    pub seed: u64,
}

/// Why [`generate_setter`] made no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum SetterError {
    /// The base rules do not fit the shape (windoku on 2x3 boxes ...).
    #[error("{0}")]
    Rules(#[from] VariantError),
    /// No full grid under the base rules was found.
    #[error(
        "no full grid under these rules found in {FILL_ATTEMPTS} tries of {FILL_NODES} search \
         nodes each: they may admit none on this shape"
    )]
    NoGrid,
    /// A limit of the caller's stopped the work.
    #[error("gave up: {0}")]
    GaveUp(Incomplete),
    /// A search failed in a way that should not happen (a bug).
    #[error("{0}")]
    Solve(SolveError),
}

impl From<sudoku::ShapeError> for SetterError {
    fn from(e: sudoku::ShapeError) -> SetterError {
        SetterError::Solve(SolveError::Shape(e))
    }
}

impl From<SolveError> for SetterError {
    fn from(e: SolveError) -> SetterError {
        match e {
            SolveError::GaveUp(why) => SetterError::GaveUp(why),
            e => SetterError::Solve(e),
        }
    }
}

/// Makes a puzzle with exactly one solution under `base` plus `clues`
/// drawn from a random solution, from `seed` (clues drawn, then givens
/// removed and cages merged while the proof stays quick). `limits` bound the whole generation (a
/// deadline, a cancel flag, a node limit over all its searches). Jigsaw
/// regions, if `base` has them, are used as they are.
pub(crate) fn generate_setter(
    base: &Variant,
    clues: Clues,
    shape: Shape,
    seed: u64,
    limits: &Limits,
) -> Result<SetterGenerated, SetterError> {
    let meter = &mut Meter::new(limits);
    meter.check()?;
    let base_rules = Arc::new(base.rules(shape)?);
    let mut rng = Rng::new(mix(seed ^ 0x7365_7474_6572));
    let solution = fill(base, &base_rules, shape, &mut rng, meter)?;
    // Clue sets are drawn until one is proved unique (with the givens
    // added) within the checks' budget; the last is kept otherwise.
    let mut drawn = None;
    for _ in 0..CLUE_DRAWS {
        let (variant, puzzle, proof) = draw_clues(base, clues, &solution, &mut rng, meter)?;
        match proof {
            Proof::Quick => {
                drawn = Some((variant, puzzle));
                break;
            }
            Proof::Slow => drawn = Some((variant, puzzle)),
            // Undecided within its budget: every given, which the digging
            // below removes while it can.
            Proof::Undecided if drawn.is_none() => drawn = Some((variant, solution.clone())),
            Proof::Undecided => {}
        }
    }
    let (mut variant, mut puzzle) = drawn.expect("at least one draw");
    let mut checker = Checker::new(&variant, shape)?;
    if clues.killer {
        merge_cages(&mut variant, &puzzle, &solution, &mut rng, meter)?;
        checker = Checker::new(&variant, shape)?;
    }
    dig_givens(&mut checker, &mut puzzle, &solution, &mut rng, meter)?;
    if clues.thermo || clues.arrow {
        drop_lines(&mut variant, base, &puzzle, &solution, &mut rng, meter)?;
    }
    Ok(SetterGenerated {
        puzzle,
        solution,
        variant,
        seed,
    })
}

/// Clue sets drawn by [`generate_setter`] before it settles for one whose
/// proof takes more than [`CHECK_NODES`] nodes.
const CLUE_DRAWS: u32 = 8;

/// Search nodes allowed to each check of a freshly drawn clue set: some
/// random killer partitions without givens take seconds to decide.
const DRAW_NODES: u64 = 4_000;

/// How the uniqueness of a drawn clue set was proved.
enum Proof {
    /// Within [`CHECK_NODES`] nodes.
    Quick,
    /// Within [`DRAW_NODES`] nodes.
    Slow,
    /// Not within [`DRAW_NODES`] nodes (the givens returned are then not
    /// known to give one solution).
    Undecided,
}

/// Draws `clues` from `solution` onto `base`, and givens (for a killer,
/// none at first) from cells where two solutions differ until `solution`
/// is the only one. Returns the variant, the givens, and how quickly their
/// uniqueness was proved.
fn draw_clues(
    base: &Variant,
    clues: Clues,
    solution: &Grid,
    rng: &mut Rng,
    meter: &mut Meter,
) -> Result<(Variant, Grid, Proof), SetterError> {
    let shape = solution.shape();
    let n = shape.side() as usize;
    let values = solution.cells();
    let mut variant = base.clone();
    if clues.killer {
        variant.cages = random_cages(values, n, rng)
            .into_iter()
            .map(|cells| cage_spec(&cells, values, n))
            .collect();
    }
    if clues.thermo {
        variant.constraints.extend(random_thermos(values, n, rng));
    }
    if clues.arrow {
        variant.constraints.extend(random_arrows(values, n, rng));
    }
    let mut puzzle = match clues.killer {
        true => Grid::empty(shape),
        false => solution.clone(),
    };
    let mut checker = Checker::new(&variant, shape)?;
    loop {
        match checker.verdict(&puzzle, Some(DRAW_NODES), meter)? {
            None => return Ok((variant, puzzle, Proof::Undecided)),
            Some(Verdict::Unique(found)) if found == *solution => break,
            Some(Verdict::Multiple(a, b)) => {
                let differ: Vec<usize> = (0..n * n)
                    .filter(|&i| a.cells()[i] != b.cells()[i])
                    .collect();
                let cell = differ[rng.below(differ.len())];
                puzzle.set(cell / n, cell % n, Some(values[cell]));
            }
            other => {
                let status = other.map_or("unknown", |v| v.status());
                return Err(SetterError::Solve(SolveError::Shape(
                    sudoku::ShapeError::Model {
                        why: format!("the generator's own grid answered {status}"),
                    },
                )));
            }
        }
    }
    let proof = match checker.unique(&puzzle, solution, meter)? {
        true => Proof::Quick,
        false => Proof::Slow,
    };
    Ok((variant, puzzle, proof))
}

/// A uniqueness checker for one variant: the planner's engine.
struct Checker {
    solver: SudokuSolver,
}

impl Checker {
    fn new(variant: &Variant, shape: Shape) -> Result<Checker, SetterError> {
        let rules = Arc::new(variant.rules(shape)?);
        Ok(Checker {
            solver: SudokuSolver::with_rules(rules, Asked::Auto)?,
        })
    }

    /// The verdict on `puzzle` within `budget` nodes (`None`: no budget of
    /// its own); `Ok(None)` when the budget ran out.
    fn verdict(
        &mut self,
        puzzle: &Grid,
        budget: Option<u64>,
        meter: &mut Meter,
    ) -> Result<Option<Verdict>, SetterError> {
        meter.check()?;
        let (verdict, stats) = self.solver.check_unique(puzzle, &meter.within(budget));
        meter.charge(stats.nodes);
        match verdict {
            Verdict::Unknown(why) => {
                meter.check()?;
                match budget {
                    Some(_) => Ok(None),
                    None => Err(SetterError::GaveUp(why)),
                }
            }
            v => Ok(Some(v)),
        }
    }

    /// Whether `puzzle` has `solution` as its only solution, proved within
    /// [`CHECK_NODES`] search nodes (a longer proof counts as "no").
    fn unique(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        meter: &mut Meter,
    ) -> Result<bool, SetterError> {
        let verdict = self.verdict(puzzle, Some(CHECK_NODES), meter)?;
        Ok(matches!(verdict, Some(Verdict::Unique(s)) if s == *solution))
    }
}

/// A random full grid under `rules`.
fn fill(
    base: &Variant,
    rules: &Arc<Rules>,
    shape: Shape,
    rng: &mut Rng,
    meter: &mut Meter,
) -> Result<Grid, SetterError> {
    if base.is_classic() {
        return Ok(random_full_grid(shape, rng.next())?);
    }
    let mut solver = SudokuSolver::with_rules(Arc::clone(rules), Asked::Auto)?;
    let empty = Grid::empty(shape);
    for _ in 0..FILL_ATTEMPTS {
        meter.check()?;
        solver.set_seed(Some(rng.next()));
        let (found, stats) = solver.solve_one(&empty, &meter.within(Some(FILL_NODES)));
        meter.charge(stats.nodes);
        match found {
            Ok(grid) => return Ok(grid),
            Err(SolveError::GaveUp(_)) => meter.check()?,
            Err(SolveError::Unsolvable) => return Err(SetterError::NoGrid),
            Err(e) => return Err(e.into()),
        }
    }
    Err(SetterError::NoGrid)
}

/// The orthogonal neighbours of `cell`.
fn orthogonal(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .filter_map(move |(dr, dc)| step(r, c, dr, dc, n))
}

/// The king-step neighbours of `cell`.
fn king(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    (-1i64..=1)
        .flat_map(|dr| (-1i64..=1).map(move |dc| (dr, dc)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |(dr, dc)| step(r, c, dr, dc, n))
}

fn step(r: usize, c: usize, dr: i64, dc: i64, n: usize) -> Option<usize> {
    let (r2, c2) = (r as i64 + dr, c as i64 + dc);
    let inside = (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2);
    inside.then(|| r2 as usize * n + c2 as usize)
}

/// A random partition of the grid into orthogonally connected cages of
/// different values: cages grow from cells in a random order to a size
/// drawn from 1..=5 (2 to 4 most often; at most `n`); a lone cell then
/// joins a neighbouring cage where its value is new.
pub(crate) fn random_cages(values: &[u16], n: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
    const SIZES: [usize; 10] = [1, 2, 2, 2, 3, 3, 3, 4, 4, 5];
    let mut owner = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let size = SIZES[rng.below(SIZES.len())].min(n);
        let id = cages.len();
        let mut cage = vec![start];
        owner[start] = id;
        while cage.len() < size {
            let mut next: Vec<usize> = cage
                .iter()
                .flat_map(|&c| orthogonal(c, n))
                .filter(|&m| owner[m] == usize::MAX && cage.iter().all(|&x| values[x] != values[m]))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let m = next[rng.below(next.len())];
            owner[m] = id;
            cage.push(m);
        }
        cages.push(cage);
    }
    // Lone cells join a neighbouring cage if one can take them.
    for id in 0..cages.len() {
        if cages[id].len() != 1 {
            continue;
        }
        let cell = cages[id][0];
        let mut hosts: Vec<usize> = orthogonal(cell, n)
            .map(|m| owner[m])
            .filter(|&h| {
                h != id
                    && cages[h].len() < 5.min(n)
                    && cages[h].iter().all(|&x| values[x] != values[cell])
            })
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        if hosts.is_empty() {
            continue;
        }
        let host = hosts[rng.below(hosts.len())];
        cages[id].clear();
        cages[host].push(cell);
        owner[cell] = host;
    }
    cages.retain(|c| !c.is_empty());
    for cage in &mut cages {
        cage.sort_unstable();
    }
    cages
}

fn cage_spec(cells: &[usize], values: &[u16], n: usize) -> CageSpec {
    let sum = cells.iter().map(|&c| u32::from(values[c])).sum();
    CageSpec::new(sum, cells.iter().map(|&c| (c / n, c % n)).collect())
}

/// About `n` random thermometers of 3 to 6 cells (2 on grids below 6x6)
/// on cells no other thermometer uses: from a random bulb, king steps to
/// larger values.
pub(crate) fn random_thermos(values: &[u16], n: usize, rng: &mut Rng) -> Vec<Constraint> {
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    let min_len = if n >= 6 { 3 } else { 2 };
    let max_len = 6.min(n);
    for _ in 0..40 * n {
        if out.len() >= n {
            break;
        }
        let bulb = rng.below(n * n);
        if used[bulb] {
            continue;
        }
        let want = min_len + rng.below(max_len - min_len + 1);
        let mut cells = vec![bulb];
        while cells.len() < want {
            let last = *cells.last().expect("a bulb");
            let next: Vec<usize> = king(last, n)
                .filter(|&m| !used[m] && !cells.contains(&m) && values[m] > values[last])
                .collect();
            if next.is_empty() {
                break;
            }
            cells.push(next[rng.below(next.len())]);
        }
        if cells.len() >= min_len {
            for &c in &cells {
                used[c] = true;
            }
            out.push(Constraint::Thermometer { cells });
        }
    }
    out
}

/// About `n` random arrows on cells no other arrow uses: a one-cell circle
/// and a line of king steps from it, of 1 to 4 cells (2 or more when the
/// circle's value allows), adding up to the circle's value.
pub(crate) fn random_arrows(values: &[u16], n: usize, rng: &mut Rng) -> Vec<Constraint> {
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for _ in 0..40 * n {
        if out.len() >= n {
            break;
        }
        let circle = rng.below(n * n);
        if used[circle] || values[circle] < 2 {
            continue;
        }
        let target = u32::from(values[circle]);
        let mut line = Vec::new();
        let mut budget = 200;
        let min_len = if target >= 3 { 2 } else { 1 };
        if arrow_line(
            values,
            n,
            &used,
            circle,
            circle,
            target,
            min_len,
            &mut line,
            rng,
            &mut budget,
        ) {
            used[circle] = true;
            for &c in &line {
                used[c] = true;
            }
            out.push(Constraint::Arrow {
                circle: vec![circle],
                line,
            });
        }
    }
    out
}

/// A random depth-first search for a line from `from` whose values add up
/// to `left` more, of at least `min_len` and at most 4 cells.
#[allow(clippy::too_many_arguments)]
fn arrow_line(
    values: &[u16],
    n: usize,
    used: &[bool],
    circle: usize,
    from: usize,
    left: u32,
    min_len: usize,
    line: &mut Vec<usize>,
    rng: &mut Rng,
    budget: &mut u32,
) -> bool {
    if left == 0 {
        return line.len() >= min_len;
    }
    if line.len() == 4 || *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut next: Vec<usize> = king(from, n)
        .filter(|&m| m != circle && !used[m] && !line.contains(&m) && u32::from(values[m]) <= left)
        .collect();
    rng.shuffle(&mut next);
    for m in next {
        line.push(m);
        let rest = left - u32::from(values[m]);
        if arrow_line(values, n, used, circle, m, rest, min_len, line, rng, budget) {
            return true;
        }
        line.pop();
    }
    false
}

/// Removes givens in a random order while the solution stays unique.
fn dig_givens(
    checker: &mut Checker,
    puzzle: &mut Grid,
    solution: &Grid,
    rng: &mut Rng,
    meter: &mut Meter,
) -> Result<(), SetterError> {
    let n = puzzle.side();
    let mut order: Vec<usize> = (0..n * n).filter(|&i| puzzle.cells()[i] != 0).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let (r, c) = (cell / n, cell % n);
        let value = puzzle.get(r, c);
        puzzle.set(r, c, None);
        if !checker.unique(puzzle, solution, meter)? {
            puzzle.set(r, c, value);
        }
    }
    Ok(())
}

/// Merges neighbouring cages in a random order while the solution stays
/// unique (the merged cage holds different values, at most
/// [`MAX_MERGED`] cells).
fn merge_cages(
    variant: &mut Variant,
    puzzle: &Grid,
    solution: &Grid,
    rng: &mut Rng,
    meter: &mut Meter,
) -> Result<(), SetterError> {
    let shape = puzzle.shape();
    let n = shape.side() as usize;
    let values = solution.cells();
    let mut k = 0;
    let mut order: Vec<usize> = (0..variant.cages.len()).collect();
    rng.shuffle(&mut order);
    // Cages are visited by a stable id; merged ones are emptied.
    let mut cages: Vec<Vec<usize>> = variant
        .cages
        .iter()
        .map(|c| c.cells.iter().map(|&(r, c)| r * n + c).collect())
        .collect();
    while k < order.len() {
        let a = order[k];
        k += 1;
        if cages[a].is_empty() {
            continue;
        }
        let mut owner = vec![usize::MAX; n * n];
        for (id, cage) in cages.iter().enumerate() {
            for &c in cage {
                owner[c] = id;
            }
        }
        let mut partners: Vec<usize> = cages[a]
            .iter()
            .flat_map(|&c| orthogonal(c, n))
            .map(|m| owner[m])
            .filter(|&b| {
                b != usize::MAX
                    && b != a
                    && cages[a].len() + cages[b].len() <= MAX_MERGED.min(n)
                    && cages[b]
                        .iter()
                        .all(|&x| cages[a].iter().all(|&y| values[x] != values[y]))
            })
            .collect();
        partners.sort_unstable();
        partners.dedup();
        if partners.is_empty() {
            continue;
        }
        let b = partners[rng.below(partners.len())];
        let mut trial = cages.clone();
        let moved = std::mem::take(&mut trial[b]);
        trial[a].extend(moved);
        trial[a].sort_unstable();
        let candidate = Variant {
            cages: trial
                .iter()
                .filter(|c| !c.is_empty())
                .map(|c| cage_spec(c, values, n))
                .collect(),
            ..variant.clone()
        };
        if Checker::new(&candidate, shape)?.unique(puzzle, solution, meter)? {
            cages = trial;
            *variant = candidate;
        }
    }
    Ok(())
}

/// Drops thermometers and arrows of `variant` (not those of `base`) in a
/// random order while the solution stays unique.
fn drop_lines(
    variant: &mut Variant,
    base: &Variant,
    puzzle: &Grid,
    solution: &Grid,
    rng: &mut Rng,
    meter: &mut Meter,
) -> Result<(), SetterError> {
    let shape = puzzle.shape();
    let fixed = base.constraints.len();
    let mut order: Vec<Constraint> = variant.constraints[fixed..].to_vec();
    rng.shuffle(&mut order);
    for line in order {
        let mut candidate = variant.clone();
        candidate.constraints.retain(|c| *c != line);
        if Checker::new(&candidate, shape)?.unique(puzzle, solution, meter)? {
            *variant = candidate;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
