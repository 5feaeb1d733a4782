//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as
//! Sudoku Explainer 1.2.1's `AlignedExclusion` finds them: a combination of
//! values for two (three) cells is impossible when two of the cells see
//! each other and share the value, or when some cell seeing all of them
//! would be left without a candidate; a value no possible combination uses
//! is removed. Grids up to 9x9 only (SE's).

use crate::candidates::{bit, values_of, Candidates};
use crate::step::{Reason, Step, Technique};

/// A set of cells as a bit set.
#[derive(Clone, PartialEq, Eq)]
struct CellSet(Vec<u64>);

impl CellSet {
    fn new(n: usize) -> CellSet {
        CellSet(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, x: usize) {
        self.0[x / 64] |= 1 << (x % 64);
    }
    fn contains(&self, x: usize) -> bool {
        self.0[x / 64] & (1 << (x % 64)) != 0
    }
    fn and(&self, other: &CellSet) -> CellSet {
        CellSet(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }
    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
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
    // the excluders in SE's peer order.
    let mut base: Vec<usize> = Vec::new();
    let mut excl_list: Vec<Vec<usize>> = Vec::new();
    let mut excl_set: Vec<CellSet> = Vec::new();
    let mut is_base = CellSet::new(n);
    for cell in 0..n {
        if c.mask(cell).count_ones() < 2 {
            continue;
        }
        let mut naked_single = false;
        let mut list = Vec::new();
        for &p in houses.peers(cell) {
            let k = c.mask(p).count_ones() as usize;
            if k == 1 {
                naked_single = true;
            } else if (2..=degree).contains(&k) {
                list.push(p);
            }
        }
        if !naked_single && !list.is_empty() {
            let mut set = CellSet::new(n);
            for &p in &list {
                set.insert(p);
            }
            is_base.insert(cell);
            base.push(cell);
            excl_list.push(list);
            excl_set.push(set);
        }
    }
    if base.len() < degree {
        return None;
    }
    let index_of = |cell: usize| base.iter().position(|&b| b == cell);
    for j in 1..base.len() {
        for i in 0..j {
            let (c0, c1) = (base[i], base[j]);
            if degree == 2 {
                let common = excl_set[i].and(&excl_set[j]);
                if let Some(step) = try_cells(c, &[c0, c1], &common) {
                    return Some(step);
                }
                continue;
            }
            // The twin area: base cells among the excluders of either.
            let mut twin: Vec<usize> = Vec::new();
            for &x in excl_list[i].iter().chain(&excl_list[j]) {
                if is_base.contains(x) && x != c0 && x != c1 && !twin.contains(&x) {
                    twin.push(x);
                }
            }
            let pair_common = excl_set[i].and(&excl_set[j]);
            for &x in &twin {
                let k = index_of(x).expect("a base cell");
                let common = pair_common.and(&excl_set[k]);
                if let Some(step) = try_cells(c, &[c0, c1, x], &common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Tests the combinations of `cells` against the common excluders.
fn try_cells(c: &Candidates, cells: &[usize], common: &CellSet) -> Option<Step> {
    if common.len() < 2 {
        return None;
    }
    let houses = c.houses();
    let excluders: Vec<u64> = common.iter().map(|x| c.mask(x)).collect();
    let options: Vec<Vec<usize>> = cells
        .iter()
        .map(|&x| values_of(c.mask(x)).collect())
        .collect();
    let mut allowed = vec![0u64; cells.len()];
    let mut idx = vec![0usize; cells.len()];
    let mut values = vec![0usize; cells.len()];
    loop {
        for (k, &i) in idx.iter().enumerate() {
            values[k] = options[k][i];
        }
        let mut ok = true;
        'pairs: for a in 0..cells.len() {
            for b in a + 1..cells.len() {
                if values[a] == values[b] && houses.sees(cells[a], cells[b]) {
                    ok = false;
                    break 'pairs;
                }
            }
        }
        if ok {
            let used = values.iter().fold(0u64, |m, &v| m | bit(v));
            ok = excluders.iter().all(|&m| m & !used != 0);
        }
        if ok {
            for (k, &v) in values.iter().enumerate() {
                allowed[k] |= bit(v);
            }
        }
        // Next combination (odometer).
        let mut k = 0;
        loop {
            if k == cells.len() {
                let removed: Vec<(usize, u64)> = cells
                    .iter()
                    .zip(&allowed)
                    .map(|(&x, &a)| (x, c.mask(x) & !a))
                    .collect();
                if removed.iter().all(|&(_, m)| m == 0) {
                    return None;
                }
                let (technique, difficulty) = if cells.len() == 2 {
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
                return Some(Step::eliminating(
                    technique,
                    difficulty,
                    c.side(),
                    removed,
                    reason,
                ));
            }
            idx[k] += 1;
            if idx[k] < options[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
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
