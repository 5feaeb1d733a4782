//! Making variant puzzles: random jigsaw region maps, and puzzles with
//! exactly one solution for any variant without cages.

use std::sync::Arc;

use solver_core::Limits;

use crate::meter::Meter;
use crate::rng::mix;
use sudoku::Grid;
use sudoku::Rules;
use sudoku::Shape;
use sudoku::{Regions, Variant};
use sudoku_solve::{Asked, SolveError, SudokuSolver, Verdict};

/// Search nodes allowed to fill an empty grid under a random region map
/// before the map is given up for another.
const FILL_NODES: u64 = 200_000;

/// Region maps (or fills, without jigsaw) tried before [`generate_variant_within`]
/// gives up with [`SolveError::Unsolvable`]. Random maps with x and windoku
/// as well almost never can be filled: of 40 maps, 7 had no solution and
/// 33 were not decided in 5 s each.
pub(crate) const MAP_ATTEMPTS: u64 = 200;

/// A small random generator: SplitMix64's mixing ([`mix`]) over a counter
/// stepping by 1, not by SplitMix64's increment (so not SplitMix64's
/// sequence; kept, because every seeded variant puzzle depends on these
/// bits).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        mix(self.0)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random jigsaw region map for a grid of `shape`'s side: starting from
/// the boxes, cells on the border of two regions are exchanged many times,
/// keeping every region connected (by edges) and of one cell per value.
/// The same shape and seed give the same map; the map may admit no
/// solution (`generate_variant_within` draws maps until one does).
///
/// ```
/// use sudoku_generate::random_regions;
/// use sudoku::Shape;
/// let regions = random_regions(Shape::square(3)?, 5);
/// assert_eq!(regions.side(), 9);
/// assert_ne!(regions, sudoku::Regions::boxes(Shape::square(3)?));
/// assert_eq!(regions, random_regions(Shape::square(3)?, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_regions(shape: Shape, seed: u64) -> Regions {
    let n = shape.side() as usize;
    let mut region: Vec<usize> = (0..n * n).map(|c| shape.box_of(c / n, c % n)).collect();
    let mut rng = Rng(mix(seed ^ 0x6a69_6773_6177));
    let neighbours = |c: usize| {
        let (r, col) = (c / n, c % n);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(c - n);
        }
        if r + 1 < n {
            out.push(c + n);
        }
        if col > 0 {
            out.push(c - 1);
        }
        if col + 1 < n {
            out.push(c + 1);
        }
        out
    };
    let connected = |region: &[usize], id: usize| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| region[c] == id).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut reached = 1;
        while let Some(c) = stack.pop() {
            for m in neighbours(c) {
                if region[m] == id && !seen[m] {
                    seen[m] = true;
                    reached += 1;
                    stack.push(m);
                }
            }
        }
        reached == cells.len()
    };
    if n < 2 {
        return Regions::from_cells(&region).expect("one region");
    }
    for _ in 0..40 * n * n {
        // A cell a of region A next to region B, and a cell b of B next to A.
        let a = rng.below(n * n);
        let near = neighbours(a);
        let m = near[rng.below(near.len())];
        let (ra, rb) = (region[a], region[m]);
        if ra == rb {
            continue;
        }
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&c| {
                c != m
                    && region[c] == rb
                    && neighbours(c).iter().any(|&x| region[x] == ra && x != a)
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let b = candidates[rng.below(candidates.len())];
        region[a] = rb;
        region[b] = ra;
        if !connected(&region, ra) || !connected(&region, rb) {
            region[a] = ra;
            region[b] = rb;
        }
    }
    Regions::from_cells(&region).expect("exchanges keep the sizes")
}

/// A puzzle with exactly one solution under `variant` (no cages) on
/// `shape`, and its solution: a random full grid (the search's ties broken
/// from `seed`, values relabelled at random), then givens removed in a
/// random order while the puzzle stays unique, so that no given can go.
/// For jigsaw without regions (`variant.regions` is `None` and `jigsaw`
/// true), random region maps are drawn until one can be filled; the map
/// used is returned.
///
/// Fails with [`SolveError::Unsolvable`] when none of `MAP_ATTEMPTS` (200)
/// region maps (or tie-break orders) could be filled within its node
/// budget: the variants asked may then admit no grid on these maps (random
/// jigsaw maps with x and windoku as well almost never admit one). It never
/// returns a puzzle that failed its check.
///
/// `limits` bound the whole generation (deadline and cancellation flag
/// polled by every search and between them, node limit over all the
/// searches): a generation they stop fails with [`SolveError::GaveUp`].
pub(crate) fn generate_variant_within(
    variant: &Variant,
    shape: Shape,
    jigsaw: bool,
    seed: u64,
    limits: &Limits,
) -> Result<(Grid, Grid, Variant), SolveError> {
    let meter = &mut Meter::new(limits);
    let mut rng = Rng(mix(seed));
    let mut variant = variant.clone();
    let n = shape.side() as usize;
    for attempt in 0..MAP_ATTEMPTS {
        meter.check()?;
        if jigsaw && (variant.regions.is_none() || attempt > 0) {
            variant.regions = Some(random_regions(shape, seed.wrapping_add(attempt)));
        }
        let rules: Arc<Rules> = match variant.rules(shape) {
            Ok(r) => Arc::new(r),
            Err(_) => return Err(SolveError::Unsolvable),
        };
        let mut filler = SudokuSolver::with_rules(Arc::clone(&rules), Asked::Dlx)?;
        filler.set_seed(Some(rng.next()));
        let empty = Grid::empty(shape);
        let (filled, stats) = filler.solve_one(&empty, &meter.within(Some(FILL_NODES)));
        meter.charge(stats.nodes);
        let full = match filled {
            Ok(full) => full,
            // A search that wanders is restarted with another tie-break
            // order; a map that cannot be filled is drawn again.
            Err(SolveError::GaveUp(_)) => {
                meter.check()?;
                continue;
            }
            Err(SolveError::Unsolvable) if jigsaw => continue,
            Err(e) => return Err(e),
        };
        // Relabel the values: every rule here is kept by a permutation.
        let mut labels: Vec<u16> = (1..=n as u16).collect();
        rng.shuffle(&mut labels);
        let values: Vec<u16> = full
            .cells()
            .iter()
            .map(|&v| labels[usize::from(v) - 1])
            .collect();
        let solution = Grid::from_values(shape, values).expect("a relabelled grid fits");
        let mut checker = SudokuSolver::with_rules(Arc::clone(&rules), Asked::Auto)?;
        let mut puzzle = solution.clone();
        let mut order: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut order);
        for cell in order {
            let (r, c) = (cell / n, cell % n);
            let value = puzzle.get(r, c);
            puzzle.set(r, c, None);
            meter.check()?;
            let (verdict, stats) = checker.check_unique(&puzzle, &meter.within(None));
            meter.charge(stats.nodes);
            match verdict {
                Verdict::Unique(_) => {}
                Verdict::Unknown(why) => return Err(SolveError::GaveUp(why)),
                _ => puzzle.set(r, c, value),
            }
        }
        let (verdict, stats) = checker.check_unique(&puzzle, &meter.within(None));
        meter.charge(stats.nodes);
        match verdict {
            Verdict::Unique(found) if found == solution => return Ok((puzzle, solution, variant)),
            Verdict::Unknown(why) => return Err(SolveError::GaveUp(why)),
            _ => return Err(SolveError::NotUnique),
        }
    }
    Err(SolveError::Unsolvable)
}
