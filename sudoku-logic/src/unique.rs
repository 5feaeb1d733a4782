//! Uniqueness techniques: unique rectangles and loops (types 1-4) and the
//! bivalue universal grave (BUG, types 1-4), as Sudoku Explainer 1.2.1
//! finds them. They assume the puzzle has one solution, and they are off
//! on grids with diagonals or windows (a deadly pattern there need not be
//! deadly).

use crate::candidates::{bit, values_of, Candidates};
use crate::combos::{bits, subsets};
use crate::step::{Reason, Step, Technique};

/// The house groups SE walks for uniqueness (`getRegionTypes`): boxes (or
/// jigsaw regions), rows, columns.
fn region_groups(c: &Candidates) -> [&[usize]; 3] {
    let h = c.houses();
    [h.blocks(), h.rows(), h.columns()]
}

/// The house of group `g` (0 box, 1 row, 2 column) holding `cell`.
fn house_of(c: &Candidates, g: usize, cell: usize) -> usize {
    c.houses().block_row_column(cell)[g]
}

fn applies(c: &Candidates) -> bool {
    let h = c.houses();
    h.extras().is_empty() && h.blocks().len() == c.side() && !h.is_constrained()
}

/// A unique loop hint before sorting: its type, difficulty and step.
struct LoopHint {
    kind: u8,
    step: Step,
}

/// The first unique rectangle or loop, as SE's `UniqueLoops` sorts them:
/// by difficulty, then by type, then in the order found.
pub fn unique_loop(c: &Candidates) -> Option<Step> {
    if !applies(c) {
        return None;
    }
    let mut hints: Vec<LoopHint> = Vec::new();
    let mut loops = Vec::new();
    let mut walker = Walker {
        c,
        pair: 0,
        path: Vec::new(),
        on_path: vec![false; c.len()],
        parity_seen: vec![0; c.houses().all().len()],
    };
    for cell in 0..c.len() {
        let m = c.mask(cell);
        if m.count_ones() != 2 {
            continue;
        }
        let v1 = m.trailing_zeros() as usize + 1;
        let v2 = (m & (m - 1)).trailing_zeros() as usize + 1;
        loops.clear();
        walker.pair = m;
        walker.walk(cell, 2, 0, None, &mut loops);
        for lp in loops.drain(..) {
            if !valid_loop(c, &lp) {
                continue;
            }
            let extra: Vec<usize> = lp
                .iter()
                .copied()
                .filter(|&x| c.mask(x).count_ones() > 2)
                .collect();
            match extra.len() {
                0 => {}
                1 => hints.push(type1(c, &lp, extra[0], m)),
                2 => {
                    let (r1, r2) = (extra[0], extra[1]);
                    let rest = (c.mask(r1) | c.mask(r2)) & !m;
                    if rest.count_ones() == 1 {
                        hints.extend(type2(c, &lp, &extra, m));
                    } else if rest.count_ones() >= 2 {
                        hints.extend(type3(c, &lp, r1, r2, v1, v2));
                    }
                    hints.extend(type4(c, &lp, r1, r2, v1, v2));
                }
                _ => hints.extend(type2(c, &lp, &extra, m)),
            }
        }
    }
    // A stable sort, as Java's Collections.sort.
    hints.sort_by_key(|h| (h.step.difficulty, h.kind));
    hints.into_iter().next().map(|h| h.step)
}

/// SE's `checkForLoops`, state of one walk.
struct Walker<'a> {
    c: &'a Candidates,
    pair: u64,
    path: Vec<usize>,
    on_path: Vec<bool>,
    /// Per house: bit 0 if an even cell of the path is in it, bit 1 if an
    /// odd one is.
    parity_seen: Vec<u8>,
}

impl Walker<'_> {
    /// Whether `cell`, as the path's next cell, shares a house with a cell
    /// of the same parity: every loop through it then fails SE's
    /// `isValidLoop`, so the walk need not go on (an exact cut: the loops
    /// found are those SE finds and keeps).
    fn clashes(&self, cell: usize) -> bool {
        let bit = 1u8 << (self.path.len() % 2);
        self.c
            .houses()
            .of_cell(cell)
            .iter()
            .any(|&h| self.parity_seen[h] & bit != 0)
    }

    fn mark(&mut self, cell: usize, on: bool) {
        let bit = 1u8 << ((self.path.len() - 1) % 2);
        for &h in self.c.houses().of_cell(cell) {
            if on {
                self.parity_seen[h] |= bit;
            } else {
                self.parity_seen[h] &= !bit;
            }
        }
        self.on_path[cell] = on;
    }

    /// SE's `checkForLoops`, with its quirk kept: the extra values gathered
    /// at one level are shared by the siblings tried after.
    fn walk(
        &mut self,
        cell: usize,
        allowed: i32,
        ex_values: u64,
        last: Option<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        self.path.push(cell);
        self.mark(cell, true);
        let c = self.c;
        let pair = self.pair;
        let mut ex = ex_values;
        for g in 0..3 {
            if Some(g) == last {
                continue;
            }
            let h = house_of(c, g, cell);
            for &next in &c.houses().get(h).cells {
                if next == self.path[0] && self.path.len() >= 4 {
                    out.push(self.path.clone());
                } else if !self.on_path[next] {
                    let m = c.mask(next);
                    if m & pair == pair {
                        ex = (ex | m) & !pair;
                        let card = m.count_ones();
                        if (card == 2 || ex.count_ones() == 1 || allowed > 0) && !self.clashes(next)
                        {
                            let next_allowed = if card > 2 { allowed - 1 } else { allowed };
                            self.walk(next, next_allowed, ex, Some(g), out);
                        }
                    }
                }
            }
        }
        self.mark(cell, false);
        self.path.pop();
    }
}

/// SE's `isValidLoop`: no house holds two cells of the same parity, and
/// the houses of the odd cells are those of the even cells. Every house
/// counts (all the grid's houses, not only rows, columns and boxes).
fn valid_loop(c: &Candidates, lp: &[usize]) -> bool {
    let mut odd: Vec<usize> = Vec::new();
    let mut even: Vec<usize> = Vec::new();
    for (i, &cell) in lp.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for &h in c.houses().of_cell(cell) {
            if set.contains(&h) {
                return false;
            }
            set.push(h);
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

fn loop_difficulty(len: usize) -> u16 {
    let mut d = 45;
    if len >= 10 {
        d += 3;
    }
    if len >= 8 {
        d += 2;
    } else if len >= 6 {
        d += 1;
    }
    d
}

fn loop_reason(lp: &[usize], pair: u64) -> Reason {
    Reason {
        cells: lp.to_vec(),
        values: values_of(pair).map(|v| v as u16).collect(),
        houses: Vec::new(),
        chain: Vec::new(),
    }
}

fn type1(c: &Candidates, lp: &[usize], rescue: usize, pair: u64) -> LoopHint {
    LoopHint {
        kind: 1,
        step: Step::eliminating(
            Technique::UniqueRectangle1,
            loop_difficulty(lp.len()),
            c.side(),
            [(rescue, pair)],
            loop_reason(lp, pair),
        ),
    }
}

fn type2(c: &Candidates, lp: &[usize], extra: &[usize], pair: u64) -> Option<LoopHint> {
    let value = c.mask(extra[0]) & !pair;
    let value = value & value.wrapping_neg();
    let mut common: Vec<usize> = c.houses().peers(extra[0]).to_vec();
    for &x in &extra[1..] {
        common.retain(|&p| c.houses().sees(p, x));
    }
    let removed: Vec<(usize, u64)> = common
        .into_iter()
        .filter(|x| !extra.contains(x) && c.mask(*x) & value != 0)
        .map(|x| (x, value))
        .collect();
    (!removed.is_empty()).then(|| {
        let mut removed = removed;
        removed.sort_unstable();
        LoopHint {
            kind: 2,
            step: Step::eliminating(
                Technique::UniqueRectangle2,
                loop_difficulty(lp.len()),
                c.side(),
                removed,
                loop_reason(lp, pair),
            ),
        }
    })
}

fn type3(
    c: &Candidates,
    lp: &[usize],
    c1: usize,
    c2: usize,
    v1: usize,
    v2: usize,
) -> Vec<LoopHint> {
    let side = c.side();
    let houses = c.houses();
    let pair = bit(v1) | bit(v2);
    let extra = (c.mask(c1) | c.mask(c2)) & !pair;
    let base = loop_difficulty(lp.len());
    let mut out = Vec::new();
    for degree in extra.count_ones() as usize..=side.saturating_sub(2) {
        for g in 0..3 {
            let h = house_of(c, g, c1);
            if house_of(c, g, c2) != h {
                continue;
            }
            let house = houses.get(h);
            let n = house.cells.len();
            let empty = house
                .cells
                .iter()
                .filter(|&&x| c.value(x).is_none())
                .count();
            let i1 = house.cells.iter().position(|&x| x == c1).expect("in house");
            let i2 = house.cells.iter().position(|&x| x == c2).expect("in house");
            if degree * 2 <= empty {
                for idx in subsets(degree, n) {
                    if idx & (1 << i1) == 0 || idx & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & c.mask(c1) & c.mask(c2);
                    let mut union = 0u64;
                    let mut all_many = true;
                    let mut others = Vec::new();
                    for i in bits(idx) {
                        let m = if i == i1 {
                            extra
                        } else {
                            let m = c.mask(house.cells[i]);
                            naked |= m;
                            others.push(house.cells[i]);
                            m
                        };
                        union |= m;
                        all_many &= m.count_ones() > 1;
                    }
                    if naked.count_ones() as usize != degree
                        || !all_many
                        || union.count_ones() as usize != degree
                    {
                        continue;
                    }
                    let removed: Vec<(usize, u64)> = house
                        .cells
                        .iter()
                        .filter(|&&x| x != c1 && x != c2 && !others.contains(&x))
                        .map(|&x| (x, c.mask(x) & union))
                        .filter(|&(_, m)| m != 0)
                        .collect();
                    if !removed.is_empty() {
                        let mut reason = loop_reason(lp, pair);
                        reason.houses.push(house.name());
                        out.push(LoopHint {
                            kind: 3,
                            step: Step::eliminating(
                                Technique::UniqueRectangle3,
                                base + degree as u16 - 1,
                                side,
                                removed,
                                reason,
                            ),
                        });
                    }
                }
            }
            if degree * 2 < empty {
                let rem: Vec<usize> = (1..=side)
                    .filter(|&v| v != v1 && v != v2 && extra & bit(v) == 0)
                    .collect();
                if degree >= 2 && degree - 2 <= rem.len() {
                    for pv in subsets(degree - 2, rem.len()) {
                        let values: Vec<usize> = bits(pv).map(|i| rem[i]).chain([v1, v2]).collect();
                        let mut union = 0u64;
                        let mut all_some = true;
                        for &v in &values {
                            let p = c.positions(h, v) & !(1 << i2);
                            union |= p;
                            all_some &= p != 0;
                        }
                        if !all_some || union.count_ones() as usize != degree {
                            continue;
                        }
                        let hidden = values.iter().fold(0u64, |m, &v| m | bit(v));
                        let cells_idx = union & !(1 << i1) & !(1 << i2);
                        let removed: Vec<(usize, u64)> = bits(cells_idx)
                            .map(|i| (house.cells[i], c.mask(house.cells[i]) & !hidden))
                            .filter(|&(_, m)| m != 0)
                            .collect();
                        if !removed.is_empty() {
                            let mut reason = loop_reason(lp, pair);
                            reason.houses.push(house.name());
                            out.push(LoopHint {
                                kind: 3,
                                step: Step::eliminating(
                                    Technique::UniqueRectangle3,
                                    base + cells_idx.count_ones() as u16 - 1,
                                    side,
                                    removed,
                                    reason,
                                ),
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

fn type4(
    c: &Candidates,
    lp: &[usize],
    c1: usize,
    c2: usize,
    v1: usize,
    v2: usize,
) -> Option<LoopHint> {
    let houses = c.houses();
    let (mut r1, mut r2) = (None, None);
    for g in 0..3 {
        let h = house_of(c, g, c1);
        if house_of(c, g, c2) != h {
            continue;
        }
        let others = houses.get(h).cells.iter().filter(|&&x| x != c1 && x != c2);
        let (mut has1, mut has2) = (false, false);
        for &x in others {
            has1 |= c.mask(x) & bit(v1) != 0;
            has2 |= c.mask(x) & bit(v2) != 0;
        }
        if !has1 {
            r1 = Some(h);
        }
        if !has2 {
            r2 = Some(h);
        }
    }
    let (h, remove) = match (r1, r2) {
        (Some(h), _) => (h, bit(v2)),
        (None, Some(h)) => (h, bit(v1)),
        (None, None) => return None,
    };
    let pair = bit(v1) | bit(v2);
    let mut reason = loop_reason(lp, pair);
    reason.houses.push(houses.get(h).name());
    let mut removed = vec![(c1, remove), (c2, remove)];
    removed.sort_unstable();
    Some(LoopHint {
        kind: 4,
        step: Step::eliminating(
            Technique::UniqueRectangle4,
            loop_difficulty(lp.len()),
            c.side(),
            removed,
            reason,
        ),
    })
}

/// The first BUG hint, as SE's `BivalueUniversalGrave` adds them.
pub fn bug(c: &Candidates) -> Option<Step> {
    if !applies(c) {
        return None;
    }
    let side = c.side();
    let houses = c.houses();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values: Vec<(usize, u64)> = Vec::new();
    let mut all = 0u64;
    let mut common: Option<Vec<usize>> = None;
    let mut temp: Vec<u64> = c.masks().to_vec();
    for group in region_groups(c) {
        for &h in group {
            let house = houses.get(h);
            for v in 1..=side {
                let pos = c.positions(h, v);
                let card = pos.count_ones();
                if card == 0 || card == 2 {
                    continue;
                }
                let new: Vec<usize> = bits(pos)
                    .map(|i| house.cells[i])
                    .filter(|&x| c.mask(x).count_ones() >= 3)
                    .collect();
                if new.is_empty() {
                    return None;
                }
                if new.len() == 1 {
                    let cell = new[0];
                    if !bug_cells.contains(&cell) {
                        bug_cells.push(cell);
                    }
                    match bug_values.iter_mut().find(|(x, _)| *x == cell) {
                        Some((_, m)) => *m |= bit(v),
                        None => bug_values.push((cell, bit(v))),
                    }
                    all |= bit(v);
                    temp[cell] &= !bit(v);
                    let cs = common.get_or_insert_with(|| houses.peers(cell).to_vec());
                    cs.retain(|&p| houses.sees(p, cell));
                    cs.retain(|p| !bug_cells.contains(p));
                    if bug_cells.len() > 1 && all.count_ones() > 1 && cs.is_empty() {
                        return None;
                    }
                }
            }
        }
    }
    if (0..c.len()).any(|x| c.value(x).is_none() && temp[x].count_ones() != 2) {
        return None;
    }
    for group in region_groups(c) {
        for &h in group {
            for v in 1..=side {
                let card = houses
                    .get(h)
                    .cells
                    .iter()
                    .filter(|&&x| temp[x] & bit(v) != 0)
                    .count();
                if card != 0 && card != 2 {
                    return None;
                }
            }
        }
    }
    let common = common.unwrap_or_default();
    let reason = |bug_cells: &[usize]| Reason {
        cells: bug_cells.to_vec(),
        values: values_of(all).map(|v| v as u16).collect(),
        houses: Vec::new(),
        chain: Vec::new(),
    };
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        return Some(Step::eliminating(
            Technique::Bug1,
            56,
            side,
            [(cell, c.mask(cell) & !all)],
            reason(&bug_cells),
        ));
    }
    if all.count_ones() == 1 {
        if !common.is_empty() {
            let mut removed: Vec<(usize, u64)> = common
                .iter()
                .filter(|&&x| c.mask(x) & all != 0)
                .map(|&x| (x, all))
                .collect();
            if !removed.is_empty() {
                removed.sort_unstable();
                return Some(Step::eliminating(
                    Technique::Bug2,
                    57,
                    side,
                    removed,
                    reason(&bug_cells),
                ));
            }
        }
        if bug_cells.len() == 2 {
            return bug4(c, &bug_cells, &bug_values, all);
        }
        return None;
    }
    if common.is_empty() {
        return None;
    }
    if bug_cells.len() == 2 {
        if let Some(step) = bug4(c, &bug_cells, &bug_values, all) {
            return Some(step);
        }
    }
    bug3(c, &bug_cells, all, &common)
}

fn bug4(c: &Candidates, cells: &[usize], values: &[(usize, u64)], all: u64) -> Option<Step> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = c.mask(c1) & c.mask(c2) & !all;
    if common.count_ones() != 1 {
        return None;
    }
    let extra_of = |x: usize| values.iter().find(|(y, _)| *y == x).map_or(0, |&(_, m)| m);
    for g in 0..3 {
        let h = house_of(c, g, c1);
        if house_of(c, g, c2) != h {
            continue;
        }
        let removed = vec![
            (c1, c.mask(c1) & !extra_of(c1) & !common),
            (c2, c.mask(c2) & !extra_of(c2) & !common),
        ];
        let reason = Reason {
            cells: vec![c1, c2],
            values: values_of(common).map(|v| v as u16).collect(),
            houses: vec![c.houses().get(h).name()],
            chain: Vec::new(),
        };
        return Some(Step::eliminating(
            Technique::Bug4,
            57,
            c.side(),
            removed,
            reason,
        ));
    }
    None
}

fn bug3(c: &Candidates, bug_cells: &[usize], all: u64, common: &[usize]) -> Option<Step> {
    let houses = c.houses();
    for g in 0..3 {
        let h = house_of(c, g, bug_cells[0]);
        if bug_cells.iter().any(|&x| house_of(c, g, x) != h) {
            continue;
        }
        let region: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&x| houses.holds(h, x))
            .collect();
        for degree in 2..=6 {
            if region.len() < degree {
                continue;
            }
            for idx in subsets(degree - 1, region.len()) {
                let naked: Vec<usize> = bits(idx).map(|i| region[i]).collect();
                let other = naked.iter().fold(0u64, |m, &x| m | c.mask(x));
                if other.count_ones() as usize != degree {
                    continue;
                }
                let union = other | all;
                let many =
                    naked.iter().all(|&x| c.mask(x).count_ones() > 1) && all.count_ones() > 1;
                if !many || union.count_ones() as usize != degree {
                    continue;
                }
                let mut removed: Vec<(usize, u64)> = region
                    .iter()
                    .copied()
                    .filter(|x| !naked.contains(x) && !bug_cells.contains(x))
                    .map(|x| (x, c.mask(x) & union))
                    .filter(|&(_, m)| m != 0)
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                removed.sort_unstable();
                let reason = Reason {
                    cells: bug_cells.iter().chain(&naked).copied().collect(),
                    values: values_of(union).map(|v| v as u16).collect(),
                    houses: vec![houses.get(h).name()],
                    chain: Vec::new(),
                };
                return Some(Step::eliminating(
                    Technique::Bug3,
                    57 + union.count_ones() as u16 - 1,
                    c.side(),
                    removed,
                    reason,
                ));
            }
        }
    }
    None
}
