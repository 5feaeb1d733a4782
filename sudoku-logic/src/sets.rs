//! Intersections (pointing and claiming, direct or not), naked and hidden
//! sets (direct hidden pairs and triplets too) and basic fish (X-wing,
//! swordfish, jellyfish), each found in Sudoku Explainer 1.2.1's order:
//! the first step of a technique is the one SE's producer adds first.

use crate::candidates::{bit, Candidates, Houses};
use crate::combos::{bits, subsets};
use crate::step::{Placement, Reason, Step, Technique};

/// The houses in SE's order for sets (`Block`, `Column`, `Row`), then the
/// variant's other houses (made once per set of houses).
fn set_order(c: &Candidates) -> &[usize] {
    let h = c.houses();
    h.set_order.get_or_init(|| {
        let mut order = h.blocks().to_vec();
        order.extend_from_slice(h.columns());
        order.extend_from_slice(h.rows());
        order.extend_from_slice(h.extras());
        order
    })
}

fn crosses(houses: &Houses, a: usize, b: usize) -> bool {
    a != b && houses.get(a).cells.iter().any(|&x| houses.holds(b, x))
}

/// The crossing pairs of houses locking looks at, in SE's order: (box,
/// column), (box, row), (column, box), (row, box), then every pair with a
/// variant house; for each, the houses of the first one's group that
/// cross the second (direct locking looks for its hidden single there).
#[derive(Debug)]
pub(crate) struct LockingPairs {
    /// `(h1, h2)`: house `h1` crossing `h2`.
    pairs: Vec<(usize, usize)>,
    /// Per pair: the positions of `h1` (bit `i` for `h1`'s cell `i`) that
    /// lie in `h2`.
    inside: Vec<u64>,
    /// Per pair: the other houses of `h1`'s group that cross `h2`, in
    /// the group's order, each with its positions (bits over its cells)
    /// that lie in `h2` but not in `h1`: the places a locking clears
    /// there (direct locking looks for a hidden single among the rest).
    thirds: Vec<Vec<(usize, u64)>>,
}

impl LockingPairs {
    fn new(h: &Houses) -> LockingPairs {
        let (blocks, columns, rows) =
            (h.blocks().to_vec(), h.columns().to_vec(), h.rows().to_vec());
        let mut group_pairs = vec![
            (blocks.clone(), columns.clone()),
            (blocks.clone(), rows.clone()),
            (columns.clone(), blocks.clone()),
            (rows.clone(), blocks.clone()),
        ];
        // Variant houses, grouped by kind.
        let mut extra_groups: Vec<Vec<usize>> = Vec::new();
        for &x in h.extras() {
            match extra_groups
                .iter_mut()
                .find(|g| h.get(g[0]).kind == h.get(x).kind)
            {
                Some(g) => g.push(x),
                None => extra_groups.push(vec![x]),
            }
        }
        for (i, g) in extra_groups.iter().enumerate() {
            for other in [&blocks, &columns, &rows] {
                group_pairs.push((g.clone(), other.clone()));
                group_pairs.push((other.clone(), g.clone()));
            }
            for (j, g2) in extra_groups.iter().enumerate() {
                if i != j {
                    group_pairs.push((g.clone(), g2.clone()));
                }
            }
        }
        let mut pairs = Vec::new();
        let mut thirds = Vec::new();
        for (g1, g2) in group_pairs {
            for &h1 in &g1 {
                for &h2 in &g2 {
                    if crosses(h, h1, h2) {
                        pairs.push((h1, h2));
                        let cleared = |h3: usize| {
                            positions_where(h, h3, |x| h.holds(h2, x) && !h.holds(h1, x))
                        };
                        thirds.push(
                            g1.iter()
                                .filter(|&&h3| h3 != h1 && crosses(h, h3, h2))
                                .map(|&h3| (h3, cleared(h3)))
                                .collect(),
                        );
                    }
                }
            }
        }
        let inside = pairs
            .iter()
            .map(|&(h1, h2)| positions_where(h, h1, |x| h.holds(h2, x)))
            .collect();
        LockingPairs {
            pairs,
            inside,
            thirds,
        }
    }
}

/// The positions of house `h` (bit `i` for its cell `i`) whose cells pass
/// `keep`.
fn positions_where(houses: &Houses, h: usize, keep: impl Fn(usize) -> bool) -> u64 {
    houses
        .get(h)
        .cells
        .iter()
        .enumerate()
        .filter(|&(_, &x)| keep(x))
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// Pointing and claiming (SE's `Locking`). In direct mode only those that
/// leave a hidden single in another house of the first house's kind
/// crossing the second (direct pointing 1.7, direct claiming 1.9);
/// otherwise every one that removes a candidate (pointing 2.6, claiming 2.8).
pub fn locking(c: &Candidates, direct: bool) -> Option<Step> {
    let houses = c.houses();
    let side = c.side();
    let lp = houses.locking.get_or_init(|| LockingPairs::new(houses));
    let table = c.position_table();
    let positions = |h: usize, v: usize| table[h * side + v - 1];
    for (i, (&(h1, h2), &inside)) in lp.pairs.iter().zip(&lp.inside).enumerate() {
        let house1 = houses.get(h1);
        for v in 1..=side {
            let pos = positions(h1, v);
            if pos.count_ones() <= 1 || pos & !inside != 0 {
                continue;
            }
            let b = bit(v);
            let reason = || Reason {
                cells: bits(pos).map(|i| house1.cells[i]).collect(),
                values: vec![v as u16],
                houses: vec![house1.name(), houses.get(h2).name()],
                chain: Vec::new(),
            };
            if direct {
                for &(h3, cleared) in &lp.thirds[i] {
                    let pos3 = positions(h3, v);
                    if pos3.count_ones() <= 1 {
                        continue;
                    }
                    let house3 = houses.get(h3);
                    // The places left: those the locking does
                    // not clear (houses of one kind may overlap,
                    // as the two diagonals do).
                    let remain = pos3 & !cleared;
                    if remain.count_ones() == 1 {
                        let cell = house3.cells[remain.trailing_zeros() as usize];
                        let (technique, difficulty) = if house1.is_block() {
                            (Technique::DirectPointing, 17)
                        } else {
                            (Technique::DirectClaiming, 19)
                        };
                        // SE's direct hints place the value only:
                        // the eliminations that lead to it are
                        // not applied.
                        let mut step = Step::eliminating(technique, difficulty, side, [], reason());
                        step.reason.houses.push(house3.name());
                        step.placements.push(Placement {
                            cell,
                            value: v as u16,
                        });
                        return Some(step);
                    }
                }
                continue;
            }
            let removed: Vec<(usize, u64)> = houses
                .get(h2)
                .cells
                .iter()
                .filter(|&&x| !houses.holds(h1, x) && c.mask(x) & b != 0)
                .map(|&x| (x, b))
                .collect();
            if !removed.is_empty() {
                let (technique, difficulty) = if house1.is_block() {
                    (Technique::Pointing, 26)
                } else {
                    (Technique::Claiming, 28)
                };
                return Some(Step::eliminating(
                    technique,
                    difficulty,
                    side,
                    removed,
                    reason(),
                ));
            }
        }
    }
    None
}

/// Direct pointing and claiming (1.7, 1.9).
pub fn direct_locking(c: &Candidates) -> Option<Step> {
    locking(c, true)
}

/// Pointing and claiming (2.6, 2.8).
pub fn plain_locking(c: &Candidates) -> Option<Step> {
    locking(c, false)
}

/// Hidden sets of `degree` values (SE's `HiddenSet`): `degree` values of a
/// house confined to `degree` cells lose those cells' other candidates.
/// Direct mode: only sets that leave a hidden single in the house.
pub fn hidden_set(c: &Candidates, degree: usize, direct: bool) -> Option<Step> {
    let side = c.side();
    let houses = c.houses();
    let mut pos = [0u64; 64];
    for &h in set_order(c) {
        let empty = c.open_in(h);
        if !(empty > degree * 2 || (direct && empty > degree)) {
            continue;
        }
        let house = houses.get(h);
        c.house_positions(h, &mut pos[..side]);
        for values in subsets(degree, side) {
            let mut union = 0u64;
            if !bits(values).all(|b| {
                union |= pos[b];
                pos[b].count_ones() > 1
            }) || union.count_ones() as usize != degree
            {
                continue;
            }
            let removed: Vec<(usize, u64)> = bits(union)
                .map(|i| (house.cells[i], c.mask(house.cells[i]) & !values))
                .collect();
            let reason = Reason {
                cells: bits(union).map(|i| house.cells[i]).collect(),
                values: bits(values).map(|b| b as u16 + 1).collect(),
                houses: vec![house.name()],
                chain: Vec::new(),
            };
            if direct {
                let single = (0..side).find_map(|b| {
                    let p = pos[b];
                    if values & (1 << b) != 0 || p.count_ones() <= 1 {
                        return None;
                    }
                    let rest = p & !union;
                    (rest.count_ones() == 1)
                        .then(|| (house.cells[rest.trailing_zeros() as usize], b + 1))
                });
                if let Some((cell, v)) = single {
                    let (technique, difficulty) = match degree {
                        2 => (Technique::DirectHiddenPair, 20),
                        _ => (Technique::DirectHiddenTriplet, 25),
                    };
                    // SE's direct hints place the value only.
                    let mut step = Step::eliminating(technique, difficulty, side, [], reason);
                    step.placements.push(Placement {
                        cell,
                        value: v as u16,
                    });
                    return Some(step);
                }
            } else if removed.iter().any(|&(_, m)| m != 0) {
                let (technique, difficulty) = match degree {
                    2 => (Technique::HiddenPair, 34),
                    3 => (Technique::HiddenTriplet, 40),
                    _ => (Technique::HiddenQuad, 54),
                };
                return Some(Step::eliminating(
                    technique, difficulty, side, removed, reason,
                ));
            }
        }
    }
    None
}

/// Naked sets of `degree` cells (SE's `NakedSet`): `degree` cells of a
/// house with `degree` candidates between them take those values from the
/// house's other cells.
pub fn naked_set(c: &Candidates, degree: usize) -> Option<Step> {
    let side = c.side();
    let houses = c.houses();
    for &h in set_order(c) {
        if c.open_in(h) < degree * 2 {
            continue;
        }
        let house = houses.get(h);
        let n = house.cells.len();
        for cells in subsets(degree, n) {
            let mut union = 0u64;
            if !bits(cells).all(|i| {
                let m = c.mask(house.cells[i]);
                union |= m;
                m.count_ones() > 1
            }) || union.count_ones() as usize != degree
            {
                continue;
            }
            let removed: Vec<(usize, u64)> = (0..n)
                .filter(|i| cells & (1 << i) == 0)
                .map(|i| (house.cells[i], c.mask(house.cells[i]) & union))
                .collect();
            if removed.iter().any(|&(_, m)| m != 0) {
                let (technique, difficulty) = match degree {
                    2 => (Technique::NakedPair, 30),
                    3 => (Technique::NakedTriplet, 36),
                    _ => (Technique::NakedQuad, 50),
                };
                let reason = Reason {
                    cells: bits(cells).map(|i| house.cells[i]).collect(),
                    values: crate::candidates::values_of(union)
                        .map(|v| v as u16)
                        .collect(),
                    houses: vec![house.name()],
                    chain: Vec::new(),
                };
                return Some(Step::eliminating(
                    technique, difficulty, side, removed, reason,
                ));
            }
        }
    }
    None
}

/// Basic fish of `degree` lines (SE's `Fisherman`): a value confined in
/// `degree` columns to `degree` rows leaves the other cells of those rows,
/// then the same with rows and columns swapped.
pub fn fish(c: &Candidates, degree: usize) -> Option<Step> {
    let side = c.side();
    let houses = c.houses();
    let mut placed = vec![0usize; side + 1];
    for cell in 0..c.len() {
        if let Some(v) = c.value(cell) {
            placed[v] += 1;
        }
    }
    let mut table = None;
    for (base, cover) in [
        (houses.columns(), houses.rows()),
        (houses.rows(), houses.columns()),
    ] {
        if base.len() != side || cover.len() != side {
            continue;
        }
        let table = table.get_or_insert_with(|| c.position_table());
        for lines in subsets(degree, side) {
            for (v, &count) in placed.iter().enumerate().skip(1) {
                if count + degree * 2 > side {
                    continue;
                }
                let mut union = 0u64;
                if !bits(lines).all(|i| {
                    let p = table[base[i] * side + v - 1];
                    union |= p;
                    p.count_ones() > 1
                }) || union.count_ones() as usize != degree
                {
                    continue;
                }
                let b = bit(v);
                let mut removed = Vec::new();
                for j in bits(union) {
                    let line = &houses.get(cover[j]).cells;
                    for (i, &x) in line.iter().enumerate() {
                        if lines & (1 << i) == 0 && c.mask(x) & b != 0 {
                            removed.push((x, b));
                        }
                    }
                }
                if removed.is_empty() {
                    continue;
                }
                removed.sort_unstable();
                let (technique, difficulty) = match degree {
                    2 => (Technique::XWing, 32),
                    3 => (Technique::Swordfish, 38),
                    _ => (Technique::Jellyfish, 52),
                };
                let mut cells: Vec<usize> = bits(lines)
                    .flat_map(|i| {
                        let line = &houses.get(base[i]).cells;
                        bits(union).map(move |j| line[j])
                    })
                    .filter(|&x| c.mask(x) & b != 0)
                    .collect();
                cells.sort_unstable();
                let reason = Reason {
                    cells,
                    values: vec![v as u16],
                    houses: bits(lines)
                        .map(|i| houses.get(base[i]).name())
                        .chain(bits(union).map(|j| houses.get(cover[j]).name()))
                        .collect(),
                    chain: Vec::new(),
                };
                return Some(Step::eliminating(
                    technique, difficulty, side, removed, reason,
                ));
            }
        }
    }
    None
}
