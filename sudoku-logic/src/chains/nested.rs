//! Nested levels (SE's `getAdvancedPotentials`): when a dynamic chain's
//! links run out, lower techniques run on the grid the chain has made and
//! their eliminations become off nodes of the chain, whose parents are the
//! chain's removals the technique relies on (SE's `getRuleParents`).
//!
//! The lower techniques, in SE's order; the first that finds anything the
//! chain relies on is used, every hint of it (a hint that relies on none
//! of the chain's removals is left out: it holds without the chain):
//!
//! | level | SE's name (base) | lower techniques |
//! |---|---|---|
//! | 1 | Dynamic Forcing Chains (+) (9.0) | pointing and claiming, hidden pairs, naked pairs, X-wings |
//! | 2 | Nested Forcing Chains (9.5) | those four, then X-/Y-cycles and forcing X/Y chains |
//! | 3 | Nested Forcing Chains (10.0) | those four, cycles and forcing chains, then multiple forcing chains |
//! | 4 | Nested Forcing Chains (10.5) | those four, then dynamic forcing chains |
//! | 5 | Nested Forcing Chains (11.0) | those four, dynamic forcing chains, then dynamic forcing chains nested at level 2 |
//!
//! A nested chain runs as a search of its own ([`Engine::nested_engine`])
//! on the outer chain's grid; all its hints, sorted as SE sorts them
//! (difficulty, length, kind; equal eliminations once), feed the outer
//! chain, whose length then counts each nested chain it relies on once
//! (SE's `getNestedComplexity`).
//!
//! SE keeps a hint's eliminations in a hash map keyed by cell objects
//! whose hash is their identity, so the order in which one hint's
//! eliminations join the chain is not fixed in SE; here it is cell order.

use std::collections::VecDeque;

use super::engine::{Cause, Engine, NestedInfo, PotSet};
use super::hint::{Best, NestedHint, Producer};
use super::memo::{NestedHints, NestedMemo};
use super::{cycles, forcing};

/// One hint of a lower technique on the chain's grid: what it removes and
/// the off keys it relies on.
struct RuleHint {
    removable: Vec<(usize, u64)>,
    parents: Vec<u32>,
}

/// Adds to the chain the off nodes that the lower techniques of `level`
/// find on the chain's grid. A limit that stops a nested search is noted
/// in `e.stopped`.
pub(crate) fn advanced(e: &mut Engine, level: u8, off: &mut PotSet, pend: &mut VecDeque<u32>) {
    if level == 0 {
        return;
    }
    let mut hints = Vec::new();
    let mut ids = Vec::new();
    for rule in 0..4 {
        hints.clear();
        match rule {
            0 => locking(e, &mut hints),
            1 => hidden_pairs(e, &mut hints),
            2 => naked_pairs(e, &mut hints),
            _ => x_wings(e, &mut hints),
        }
        let mut any = false;
        for h in &hints {
            if h.parents.is_empty() {
                continue;
            }
            ids.clear();
            ids.extend(h.parents.iter().filter_map(|&k| off.get(k)));
            any |= add_offs(e, &h.removable, Cause::Advanced, &ids, off, pend);
        }
        if any {
            return;
        }
    }
    let p = |multiple, dynamic, level| Producer {
        multiple,
        dynamic,
        nishio: false,
        level,
    };
    // SE's other rules of the level, after the four above.
    let chains: &[Option<Producer>] = match level {
        1 => &[],
        2 => &[None],
        3 => &[None, Some(p(true, false, 0))],
        4 => &[Some(p(true, true, 0))],
        _ => &[Some(p(true, true, 0)), Some(p(true, true, level - 3))],
    };
    for &producer in chains {
        let Some(found) = nested_hints(e, producer) else {
            return;
        };
        let mut any = false;
        let mut kept: Vec<&Vec<(usize, u64)>> = Vec::new();
        for h in found.iter() {
            // SE keeps one hint per set of eliminations (the first).
            if kept.contains(&&h.removable) {
                continue;
            }
            kept.push(&h.removable);
            if h.parents.is_empty() {
                continue;
            }
            let index = e.nested.len() as u32;
            e.nested.push(NestedInfo {
                complexity: h.complexity,
                fingerprint: h.fingerprint,
            });
            ids.clear();
            ids.extend(h.parents.iter().filter_map(|&k| off.get(k)));
            any |= add_offs(e, &h.removable, Cause::Nested(index), &ids, off, pend);
        }
        if any {
            return;
        }
    }
}

/// Every hint of `producer` (`None`: cycles and forcing X/Y chains) on
/// the chain's grid, sorted as SE sorts them, from the step's memo when a
/// search nested one level deep ran on the same grids before; `None` when
/// a limit stopped the search (noted in `e.stopped`).
fn nested_hints(e: &mut Engine, producer: Option<Producer>) -> Option<NestedHints> {
    let key = e.is_outer().then(|| {
        let code = producer.map_or(0, |p| {
            1 + u64::from(p.multiple)
                + 2 * u64::from(p.dynamic)
                + 4 * u64::from(p.nishio)
                + 8 * u64::from(p.level)
        });
        NestedMemo::key(code, &e.masks, &e.src)
    });
    if let Some(found) = key.as_deref().and_then(|k| e.memo.get(k)) {
        return Some(found);
    }
    let mut inner = e.nested_engine();
    let mut every = Best::every();
    match producer {
        None => cycles::find(&mut inner, &mut every),
        Some(pr) => {
            let mut m = forcing::Multi::from_spares(&inner, pr);
            m.find(&mut inner, &mut every);
            m.recycle(&inner);
        }
    }
    let stopped = inner.stopped;
    inner.recycle();
    if let Some(why) = stopped {
        e.stopped = Some(why);
        return None;
    }
    let mut found = every.all.unwrap_or_default();
    NestedHint::sort(&mut found);
    let found = std::rc::Rc::new(found);
    if let Some(key) = key {
        e.memo.insert(key, std::rc::Rc::clone(&found));
    }
    Some(found)
}

/// Adds an off node for each candidate of `removable` not already off,
/// with `parents`; whether `removable` held any candidate.
fn add_offs(
    e: &mut Engine,
    removable: &[(usize, u64)],
    cause: Cause,
    parents: &[u32],
    off: &mut PotSet,
    pend: &mut VecDeque<u32>,
) -> bool {
    let mut any = false;
    for &(cell, mask) in removable {
        let mut m = mask;
        while m != 0 {
            let v = m.trailing_zeros() as usize + 1;
            m &= m - 1;
            any = true;
            let key = e.key(cell, v, false);
            if !off.contains(key) {
                let id = e.arena.add(key, cause, parents);
                off.insert(key, id);
                pend.push_back(id);
            }
        }
    }
    any
}

/// Pairs of indices below `n` in SE's `Permutations` order (by the
/// higher index, then the lower).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|hi| (0..hi).map(move |lo| (lo, hi)))
}

/// The cells of house `h` at the positions of `m`.
fn cells_at(e: &Engine, h: u16, m: u64) -> impl Iterator<Item = usize> + '_ {
    let cells = e.house_cells(h);
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = cells[m.trailing_zeros() as usize];
            m &= m - 1;
            c
        })
    })
}

fn empty_cells(e: &Engine, h: u16) -> usize {
    e.house_cells(h)
        .iter()
        .filter(|&&c| e.is_empty_cell(c))
        .count()
}

/// SE's `Locking(false)`: pointing (box -> column, box -> row) then
/// claiming (column -> box, row -> box); within each, by the first
/// house, then the second, then the value.
fn locking(e: &Engine, out: &mut Vec<RuleHint>) {
    let hs = &e.houses;
    // (kind index of the first house, of the second): 0 box, 1 row, 2 column.
    for (k1, k2, first) in [
        (0, 2, hs.blocks()),
        (0, 1, hs.blocks()),
        (2, 0, hs.columns()),
        (1, 0, hs.rows()),
    ] {
        let mut found: Vec<(u16, usize)> = Vec::new();
        for &r1 in first {
            let r1 = r1 as u16;
            found.clear();
            for v in 1..=e.side {
                let p = e.places(r1, v);
                // A hint with no removal of the chain behind it is left
                // out: skip the values the chain has not touched here.
                if p.count_ones() <= 1 || p == e.places_src(r1, v) {
                    continue;
                }
                let mut cells = cells_at(e, r1, p);
                let r2 = e.kind_house(cells.next().expect("two places"))[k2];
                if r2 != u16::MAX && cells.all(|c| e.kind_house(c)[k2] == r2) {
                    found.push((r2, v));
                }
            }
            found.sort_unstable();
            for &(r2, v) in &found {
                let b = 1u64 << (v - 1);
                let removable: Vec<(usize, u64)> = e
                    .house_cells(r2)
                    .iter()
                    .filter(|&&c| e.kind_house(c)[k1] != r1 && e.masks[c] & b != 0)
                    .map(|&c| (c, b))
                    .collect();
                if removable.is_empty() {
                    continue;
                }
                let parents = e
                    .house_cells(r1)
                    .iter()
                    .filter(|&&c| e.src[c] & b != 0 && e.masks[c] & b == 0)
                    .filter(|&&c| e.kind_house(c)[k2] != r2)
                    .map(|&c| e.key(c, v, false))
                    .collect();
                out.push(RuleHint { removable, parents });
            }
        }
    }
}

/// The houses SE's sets look in: boxes, columns, rows.
fn set_houses(e: &Engine) -> Vec<u16> {
    let hs = &e.houses;
    hs.blocks()
        .iter()
        .chain(hs.columns())
        .chain(hs.rows())
        .map(|&h| h as u16)
        .collect()
}

/// SE's `HiddenSet(2, false)`.
fn hidden_pairs(e: &Engine, out: &mut Vec<RuleHint>) {
    for h in set_houses(e) {
        if empty_cells(e, h) <= 4 {
            continue;
        }
        for (lo, hi) in pairs(e.side) {
            let (v1, v2) = (lo + 1, hi + 1);
            let (p1, p2) = (e.places(h, v1), e.places(h, v2));
            if p1.count_ones() < 2 || p2.count_ones() < 2 || (p1 | p2).count_ones() != 2 {
                continue;
            }
            if p1 == e.places_src(h, v1) && p2 == e.places_src(h, v2) {
                continue; // no removal of the chain behind it
            }
            let both = (1u64 << lo) | (1u64 << hi);
            let mut removable: Vec<(usize, u64)> = cells_at(e, h, p1 | p2)
                .map(|c| (c, e.masks[c] & !both))
                .filter(|&(_, m)| m != 0)
                .collect();
            if removable.is_empty() {
                continue;
            }
            removable.sort_unstable();
            let mut parents = Vec::new();
            for (i, &c) in e.house_cells(h).iter().enumerate() {
                if (p1 | p2) & (1 << i) != 0 {
                    continue;
                }
                for v in [v1, v2] {
                    if e.src[c] & (1 << (v - 1)) != 0 {
                        parents.push(e.key(c, v, false));
                    }
                }
            }
            out.push(RuleHint { removable, parents });
        }
    }
}

/// SE's `NakedSet(2)`.
fn naked_pairs(e: &Engine, out: &mut Vec<RuleHint>) {
    for h in set_houses(e) {
        if empty_cells(e, h) < 4 {
            continue;
        }
        let cells = e.house_cells(h);
        for (i, j) in pairs(cells.len()) {
            let (m1, m2) = (e.masks[cells[i]], e.masks[cells[j]]);
            if m1.count_ones() < 2 || m2.count_ones() < 2 || (m1 | m2).count_ones() != 2 {
                continue;
            }
            let both = m1 | m2;
            if e.src[cells[i]] == m1 && e.src[cells[j]] == m2 {
                continue; // no removal of the chain behind it
            }
            let mut removable: Vec<(usize, u64)> = cells
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i && k != j)
                .map(|(_, &c)| (c, e.masks[c] & both))
                .filter(|&(_, m)| m != 0)
                .collect();
            if removable.is_empty() {
                continue;
            }
            removable.sort_unstable();
            let mut parents = Vec::new();
            for c in [cells[i], cells[j]] {
                let mut gone = e.src[c] & !both;
                while gone != 0 {
                    let v = gone.trailing_zeros() as usize + 1;
                    gone &= gone - 1;
                    parents.push(e.key(c, v, false));
                }
            }
            out.push(RuleHint { removable, parents });
        }
    }
}

/// SE's `Fisherman(2)`: X-wings with columns as base, then rows.
fn x_wings(e: &Engine, out: &mut Vec<RuleHint>) {
    let hs = &e.houses;
    let rows: Vec<u16> = hs.rows().iter().map(|&h| h as u16).collect();
    let columns: Vec<u16> = hs.columns().iter().map(|&h| h as u16).collect();
    for (base, cover) in [(&columns, &rows), (&rows, &columns)] {
        for (i, j) in pairs(base.len()) {
            for v in 1..=e.side {
                if e.placed_count(v) + 4 > e.side {
                    continue;
                }
                let (p1, p2) = (e.places(base[i], v), e.places(base[j], v));
                if p1.count_ones() < 2 || p2.count_ones() < 2 || (p1 | p2).count_ones() != 2 {
                    continue;
                }
                if p1 == e.places_src(base[i], v) && p2 == e.places_src(base[j], v) {
                    continue; // no removal of the chain behind it
                }
                let covers = p1 | p2;
                let bases = (1u64 << i) | (1u64 << j);
                let b = 1u64 << (v - 1);
                let mut removable = Vec::new();
                let mut cm = covers;
                while cm != 0 {
                    let k = cm.trailing_zeros() as usize;
                    cm &= cm - 1;
                    for c in cells_at(e, cover[k], e.places(cover[k], v) & !bases) {
                        removable.push((c, b));
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                removable.sort_unstable();
                let mut parents = Vec::new();
                for h in [base[i], base[j]] {
                    for (k, &c) in e.house_cells(h).iter().enumerate() {
                        if covers & (1 << k) == 0 && e.src[c] & b != 0 && e.masks[c] & b == 0 {
                            parents.push(e.key(c, v, false));
                        }
                    }
                }
                out.push(RuleHint { removable, parents });
            }
        }
    }
}
