//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as
//! Sudoku Explainer 1.2.1's `AlignedExclusion` finds them: a combination of
//! values for two (three) cells is impossible when two of the cells see
//! each other and share the value, or when some cell seeing all of them
//! would be left without a candidate; a value no possible combination uses
//! is removed. Grids up to 9x9 only (SE's).

use crate::candidates::Candidates;
use crate::step::{Reason, Step, Technique};

/// A set of cells of a grid up to 9x9 (81 cells) as a bit set.
type CellSet = u128;

fn cell_bit(x: usize) -> CellSet {
    1u128 << x
}

/// The cells of `set`, ascending.
fn cells_of(set: CellSet) -> impl Iterator<Item = usize> {
    let mut w = set;
    std::iter::from_fn(move || {
        (w != 0).then(|| {
            let b = w.trailing_zeros() as usize;
            w &= w - 1;
            b
        })
    })
}

/// The first aligned exclusion of `degree` (2 or 3) cells that removes a
/// candidate.
pub fn aligned_exclusion(c: &Candidates, degree: usize) -> Option<Step> {
    // As in SE, on grids up to 9x9: on larger ones the pairs and triplets
    // of cells grow too many for a step between two polls of the limits.
    if c.side() > 9 {
        return None;
    }
    let houses = c.houses();
    let n = c.len();
    // Base cells and their excluders (peers with 2..=degree candidates),
    // the excluders in SE's peer order: those of base cell `i` are
    // `excl[excl_start[i]..excl_start[i + 1]]` (one list for all cells).
    let mut base: Vec<usize> = Vec::new();
    let mut excl: Vec<usize> = Vec::new();
    let mut excl_start: Vec<usize> = vec![0];
    let mut excl_set: Vec<CellSet> = Vec::new();
    for cell in 0..n {
        if c.mask(cell).count_ones() < 2 {
            continue;
        }
        let mut naked_single = false;
        let start = excl.len();
        for &p in houses.peers(cell) {
            let k = c.mask(p).count_ones() as usize;
            if k == 1 {
                naked_single = true;
                break;
            } else if (2..=degree).contains(&k) {
                excl.push(p);
            }
        }
        if !naked_single && excl.len() > start {
            base.push(cell);
            excl_set.push(excl[start..].iter().fold(0, |s, &p| s | cell_bit(p)));
            excl_start.push(excl.len());
        } else {
            excl.truncate(start);
        }
    }
    let excl_list = |i: usize| &excl[excl_start[i]..excl_start[i + 1]];
    if base.len() < degree {
        return None;
    }
    let mut base_index = vec![usize::MAX; n];
    for (i, &cell) in base.iter().enumerate() {
        base_index[cell] = i;
    }
    let mut twin: Vec<usize> = Vec::new();
    for j in 1..base.len() {
        for i in 0..j {
            let (c0, c1) = (base[i], base[j]);
            let pair_common = excl_set[i] & excl_set[j];
            if degree == 2 {
                if let Some(step) = try_cells(c, &[c0, c1], pair_common) {
                    return Some(step);
                }
                continue;
            }
            // Two common excluders at least, for any third cell.
            if pair_common.count_ones() < 2 {
                continue;
            }
            // The twin area: base cells among the excluders of either.
            twin.clear();
            for &x in excl_list(i).iter().chain(excl_list(j)) {
                if base_index[x] != usize::MAX && x != c0 && x != c1 && !twin.contains(&x) {
                    twin.push(x);
                }
            }
            for &x in &twin {
                let common = pair_common & excl_set[base_index[x]];
                if let Some(step) = try_cells(c, &[c0, c1, x], common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Tests the combinations of values of `cells` (2 or 3) against the
/// common excluders: a value of a cell stays when one allowed combination
/// holds it. Each value not yet seen in an allowed combination looks for
/// one (the same set SE's enumeration of every combination gives).
fn try_cells(c: &Candidates, cells: &[usize], common: CellSet) -> Option<Step> {
    if common.count_ones() < 2 {
        return None;
    }
    let houses = c.houses();
    let degree = cells.len();
    let mut masks = [0u64; 3];
    for (k, &x) in cells.iter().enumerate() {
        masks[k] = c.mask(x);
    }
    let union = masks.iter().fold(0, |u, &m| u | m);
    // Only an excluder whose candidates all lie in the cells' can forbid
    // a combination. They go on the stack when the common peers fit (two
    // cells of a 9x9 grid share at most 13, more with a variant's houses).
    let mut fixed = [0u64; 32];
    let mut spilled = Vec::new();
    let n_common = common.count_ones() as usize;
    let excluders: &mut [u64] = if n_common <= fixed.len() {
        &mut fixed
    } else {
        spilled.resize(n_common, 0);
        &mut spilled
    };
    let mut n_excl = 0;
    for x in cells_of(common) {
        let m = c.mask(x);
        if m & !union == 0 {
            excluders[n_excl] = m;
            n_excl += 1;
        }
    }
    let excluders = &excluders[..n_excl];
    // Two cells: a value `v` of one goes only if every value `w != v` of
    // the other is forbidden with it, which takes an excluder holding
    // exactly `v` and `w` (a value paired with itself may be forbidden by
    // the cells seeing each other, never by an excluder): as many
    // excluders as the other cell has values, less one.
    if degree == 2 {
        let fewest = masks[0].count_ones().min(masks[1].count_ones()) as usize;
        if n_excl + 1 < fewest {
            return None;
        }
    }
    // sees[a][b]: cells a and b may not share a value.
    let mut sees = [[false; 3]; 3];
    for a in 0..degree {
        for b in a + 1..degree {
            let s = houses.sees(cells[a], cells[b]);
            sees[a][b] = s;
            sees[b][a] = s;
        }
    }
    let allowed_combo = |vals: &[u64; 3]| -> bool {
        for a in 0..degree {
            for b in a + 1..degree {
                if vals[a] == vals[b] && sees[a][b] {
                    return false;
                }
            }
        }
        let used = vals[..degree].iter().fold(0u64, |u, &v| u | v);
        excluders.iter().all(|&m| m & !used != 0)
    };
    let mut allowed = [0u64; 3];
    for k in 0..degree {
        let mut todo = masks[k] & !allowed[k];
        while todo != 0 {
            let v = todo & todo.wrapping_neg();
            todo &= todo - 1;
            if allowed[k] & v != 0 {
                continue;
            }
            // The other cells' values, odometer-wise.
            let others: &[usize] = match (degree, k) {
                (2, 0) => &[1],
                (2, _) => &[0],
                (_, 0) => &[1, 2],
                (_, 1) => &[0, 2],
                _ => &[0, 1],
            };
            let mut vals = [0u64; 3];
            vals[k] = v;
            let found = match others {
                [a] => {
                    let mut found = None;
                    for_each_bit(masks[*a], |w| {
                        vals[*a] = w;
                        if found.is_none() && allowed_combo(&vals) {
                            found = Some(vals);
                        }
                    });
                    found
                }
                [a, b] => {
                    let mut found = None;
                    for_each_bit(masks[*a], |w| {
                        if found.is_some() {
                            return;
                        }
                        vals[*a] = w;
                        for_each_bit(masks[*b], |u| {
                            vals[*b] = u;
                            if found.is_none() && allowed_combo(&vals) {
                                found = Some(vals);
                            }
                        });
                    });
                    found
                }
                _ => unreachable!("2 or 3 cells"),
            };
            if let Some(vals) = found {
                for o in 0..degree {
                    allowed[o] |= vals[o];
                }
            }
        }
    }
    if (0..degree).all(|k| masks[k] & !allowed[k] == 0) {
        return None;
    }
    let removed: Vec<(usize, u64)> = cells
        .iter()
        .enumerate()
        .map(|(k, &x)| (x, masks[k] & !allowed[k]))
        .collect();
    let (technique, difficulty) = if degree == 2 {
        (Technique::AlignedPairExclusion, 62)
    } else {
        (Technique::AlignedTripletExclusion, 75)
    };
    let reason = Reason {
        cells: cells.to_vec(),
        values: Vec::new(),
        houses: Vec::new(),
        chain: Vec::new(),
    };
    Some(Step::eliminating(
        technique,
        difficulty,
        c.side(),
        removed,
        reason,
    ))
}

/// Calls `f` with each set bit of `m` as a one-bit mask, lowest first.
fn for_each_bit(m: u64, mut f: impl FnMut(u64)) {
    let mut m = m;
    while m != 0 {
        let b = m & m.wrapping_neg();
        m &= m - 1;
        f(b);
    }
}

/// Aligned pair exclusion (6.2).
pub fn pair(c: &Candidates) -> Option<Step> {
    aligned_exclusion(c, 2)
}

/// Aligned triplet exclusion (7.5).
pub fn triplet(c: &Candidates) -> Option<Step> {
    aligned_exclusion(c, 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Grid;

    /// Every combination of values, written plainly: the values of each
    /// cell that some allowed combination holds.
    fn allowed_by_enumeration(c: &Candidates, cells: &[usize], common: &[usize]) -> Vec<u64> {
        let values = |m: u64| (0..64).filter(move |v| m >> v & 1 == 1);
        let mut allowed = vec![0u64; cells.len()];
        let mut combos: Vec<Vec<usize>> = vec![Vec::new()];
        for &x in cells {
            combos = combos
                .into_iter()
                .flat_map(|combo| {
                    values(c.mask(x)).map(move |v| {
                        let mut next = combo.clone();
                        next.push(v);
                        next
                    })
                })
                .collect();
        }
        for combo in combos {
            let clash = (0..cells.len()).any(|a| {
                (a + 1..cells.len())
                    .any(|b| combo[a] == combo[b] && c.houses().sees(cells[a], cells[b]))
            });
            let locked = common
                .iter()
                .any(|&x| values(c.mask(x)).all(|v| combo.contains(&v)));
            if !clash && !locked {
                for (k, &v) in combo.iter().enumerate() {
                    allowed[k] |= 1 << v;
                }
            }
        }
        allowed
    }

    /// The witness search removes what the plain enumeration removes, on
    /// every triple of cells with two common bivalue or trivalue peers,
    /// in grids along the path of an 8.2 puzzle of `se-ratings.txt`.
    #[test]
    fn witness_search_agrees_with_every_combination() {
        let g: Grid =
            "060000203000400900000703045000000027000940000080307000030506080900000004005000630"
                .replace('0', ".")
                .parse()
                .unwrap();
        let mut c = Candidates::from_grid(&g).unwrap();
        let (mut checked, mut removing) = (0, 0);
        for _ in 0..30 {
            let small: Vec<usize> = (0..81)
                .filter(|&x| (2..=3).contains(&c.mask(x).count_ones()))
                .collect();
            let open: Vec<usize> = (0..81).filter(|&x| c.mask(x).count_ones() >= 2).collect();
            for (i, &a) in open.iter().enumerate() {
                for &b in &open[i + 1..] {
                    for &x in open.iter().filter(|&&x| x != a && x != b).take(12) {
                        let cells = [a, b, x];
                        let common: Vec<usize> = small
                            .iter()
                            .copied()
                            .filter(|&e| cells.iter().all(|&k| c.houses().sees(k, e)))
                            .collect();
                        if common.len() < 2 {
                            continue;
                        }
                        let set = common.iter().fold(0, |s, &e| s | cell_bit(e));
                        let want = allowed_by_enumeration(&c, &cells, &common);
                        let got = try_cells(&c, &cells, set);
                        let removed = |k: usize| c.mask(cells[k]) & !want[k];
                        match got {
                            None => assert!((0..3).all(|k| removed(k) == 0), "{cells:?}"),
                            Some(step) => {
                                removing += 1;
                                for (k, &cell) in cells.iter().enumerate() {
                                    let m = step
                                        .eliminations
                                        .iter()
                                        .filter(|e| e.cell == cell)
                                        .fold(0u64, |m, e| {
                                            e.values.iter().fold(m, |m, &v| m | 1 << (v - 1))
                                        });
                                    assert_eq!(m, removed(k), "{cells:?}");
                                }
                            }
                        }
                        checked += 1;
                    }
                }
            }
            match crate::next_step(&c, crate::Mode::Se) {
                Some(step) => c.apply(&step),
                None => break,
            }
        }
        assert!(checked > 100, "{checked} triples checked");
        assert!(removing > 0, "no triple removes anything");
    }
}
