//! Bidirectional cycles (X-, Y- and mixed) and forcing X-chains and
//! forcing chains: SE's `Chaining(false, false, false, 0)`, static links
//! only.
//!
//! For each empty cell (row by row) and each of its candidates, three
//! passes as SE makes them: X links only, Y links only (cycles from
//! bivalue cells only), then both. A cycle is the assumption coming back
//! on after at least four links; every candidate outside the cycle that
//! sees both an on and an off node of its value goes. A forcing chain is
//! an assumption that implies its own negation: the assumption is false.

use super::engine::{Cause, Engine, Link};
use super::hint::{length_bonus, Best, ChainHint, Kind, Producer};
use super::tree::Tree;

/// The links of each node, made once per search (the links are static
/// here: no chain changes the grid), in the order [`Engine::on_to_off`]
/// and [`Engine::off_to_on`] make them with every kind of link on: the
/// cell's (Y) links first, then the houses' (X) links.
struct LinkTable {
    /// By key: where its links start, where its house links start, where
    /// they end; `NOT_MADE` before they are made.
    index: Vec<[u32; 3]>,
    links: Vec<Link>,
    scratch: Vec<Link>,
    /// The keys whose links are made, to clear them for the next search.
    made: Vec<u32>,
}

const NOT_MADE: u32 = u32::MAX;

impl LinkTable {
    fn new(n_keys: usize) -> LinkTable {
        LinkTable {
            index: vec![[NOT_MADE; 3]; n_keys],
            links: Vec::new(),
            scratch: Vec::new(),
            made: Vec::new(),
        }
    }

    /// Forgets every link (for a search on another grid).
    fn clear(&mut self) {
        for &k in &self.made {
            self.index[k as usize] = [NOT_MADE; 3];
        }
        self.made.clear();
        self.links.clear();
    }

    /// Where the links of `key` start, where its house links start, where
    /// they end: made the first time they are asked for.
    #[inline]
    fn make(&mut self, e: &mut Engine, key: u32) -> [u32; 3] {
        let r = self.index[key as usize];
        if r[0] != NOT_MADE {
            return r;
        }
        self.build(e, key)
    }

    /// Makes the links of `key` (the first time they are asked for).
    #[inline(never)]
    fn build(&mut self, e: &mut Engine, key: u32) -> [u32; 3] {
        if key & 1 == 1 {
            e.on_to_off_links(key, true, &mut self.scratch);
        } else {
            e.off_to_on_links(key, true, true, &mut self.scratch);
        }
        let start = self.links.len() as u32;
        let cell_links = self
            .scratch
            .iter()
            .take_while(|l| l.cause == Cause::Cell)
            .count() as u32;
        self.links.extend_from_slice(&self.scratch);
        let r = [start, start + cell_links, self.links.len() as u32];
        self.index[key as usize] = r;
        self.made.push(key);
        r
    }

    /// `Engine::on_to_off_links(key, y)`, as a range of `links`.
    fn on_to_off(&mut self, e: &mut Engine, key: u32, y: bool) -> std::ops::Range<usize> {
        let [start, houses, end] = self.make(e, key);
        (if y { start } else { houses }) as usize..end as usize
    }

    /// `Engine::off_to_on_links(key, y, x)`, as a range of `links`.
    fn off_to_on(&mut self, e: &mut Engine, key: u32, y: bool, x: bool) -> std::ops::Range<usize> {
        let [start, houses, end] = self.make(e, key);
        let from = if y { start } else { houses };
        let to = if x { end } else { houses };
        from as usize..to as usize
    }
}

/// Work space of the unary searches.
pub(crate) struct Unary {
    tree: Tree,
    /// The on keys of the level being followed.
    ons: Vec<u32>,
    /// The off nodes of the level being followed.
    offs: Vec<OffNode>,
    table: LinkTable,
    cycles: Vec<u32>,
    chains: Vec<u32>,
    forw: Vec<u64>,
    back: Vec<u64>,
    in_chain: Vec<bool>,
}

impl Unary {
    /// Work space for a search of `e`: a spare one, or a new one.
    fn take(e: &Engine) -> Unary {
        match e.spares.borrow_mut().unary.pop() {
            Some(u) if u.forw.len() == e.n_cells && u.tree.n_keys() == e.n_keys() => u,
            _ => Unary::new(e),
        }
    }

    /// Keeps the work space, cleared, for the next search.
    fn give(mut self, e: &Engine) {
        self.table.clear();
        e.spares.borrow_mut().unary.push(self);
    }

    fn new(e: &Engine) -> Unary {
        Unary {
            tree: Tree::new(e.n_keys()),
            ons: Vec::new(),
            offs: Vec::new(),
            table: LinkTable::new(e.n_keys()),
            cycles: Vec::new(),
            chains: Vec::new(),
            forw: vec![0; e.n_cells],
            back: vec![0; e.n_cells],
            in_chain: vec![false; e.n_cells],
        }
    }
}

const PRODUCER: Producer = Producer::UNARY;

/// SE's `getHintList` for the cycles-and-forcing-chains producer: the
/// first hint of its sorted list, offered to `best`.
pub(crate) fn find(e: &mut Engine, best: &mut Best) {
    e.hidden = false;
    let mut u = Unary::take(e);
    search(e, &mut u, best);
    u.give(e);
}

fn search(e: &mut Engine, u: &mut Unary, best: &mut Best) {
    for (y, x) in [(false, true), (true, false), (true, true)] {
        if x && y && !best.could_take(MIXED_BASE) {
            // Every hint of the mixed pass is 7.0 or more: one below 7.0
            // already comes first.
            break;
        }
        pass(e, u, best, y, x);
    }
}

/// The base difficulty of the mixed pass's cycles and forcing chains.
const MIXED_BASE: f64 = 7.0;

/// One pass over every assumption, with Y links, X links or both.
fn pass(e: &mut Engine, u: &mut Unary, best: &mut Best, y: bool, x: bool) {
    for cell in 0..e.n_cells {
        if e.poll() {
            return;
        }
        let m = e.masks[cell];
        if m.count_ones() < 2 {
            continue;
        }
        let mut vs = m;
        while vs != 0 {
            let v = vs.trailing_zeros() as usize + 1;
            vs &= vs - 1;
            unary(e, u, best, (cell, v), y, x);
        }
    }
}

/// The cycles and forcing chains from one assumption, `(cell, value)`
/// on.
fn unary(
    e: &mut Engine,
    u: &mut Unary,
    best: &mut Best,
    (cell, value): (usize, usize),
    y: bool,
    x: bool,
) {
    if e.masks[cell].count_ones() > 2 && !x {
        return; // Y-cycles start from bivalue cells only
    }
    let mark = e.arena.mark();
    let on_key = e.key(cell, value, true);
    let p_on = e.arena.add(on_key, Cause::Initial, &[]);
    u.cycles.clear();
    u.chains.clear();
    // A chain longer than the hint kept allows cannot come first: the
    // searches stop at that length (a node's distance from the assumption
    // is its chain's length less one, or less none for a cycle, which
    // ends on the assumption's key again).
    let cycle_max = best.max_complexity(if x && y { MIXED_BASE } else { 6.5 });
    // Forcing chains are 6.6 (X links) or 7.0 (both) and up: skip them
    // when a cheaper hint already comes first.
    let forcing_base = if y { MIXED_BASE } else { 6.6 };
    let forcing = x && best.could_take(forcing_base);
    let forcing_max = if forcing {
        best.max_complexity(forcing_base)
    } else {
        0
    };
    // A cycle closes, and a forcing chain from "off" ends, on a link into
    // the assumption: without one, only the forcing chain from "on" can
    // be found, and the search stops once it is.
    let closes = e.strong_link_into(cell, value, y, x);
    if !closes && !forcing {
        e.arena.truncate(mark);
        return;
    }
    // The search for cycles finds the forcing chain from "on" too.
    do_cycles(e, u, p_on, (y, x), closes, cycle_max, forcing_max);
    if forcing && closes {
        let p_off = e.arena.add(on_key ^ 1, Cause::Initial, &[]);
        do_forcing(e, u, p_off, false, y, forcing_max);
    }
    let cycles = std::mem::take(&mut u.cycles);
    for &dst in &cycles {
        cycle_hint(e, u, best, dst, x, y);
    }
    u.cycles = cycles;
    let chains = std::mem::take(&mut u.chains);
    for &target in &chains {
        forcing_hint(e, best, target, x, y);
    }
    u.chains = chains;
    e.arena.truncate(mark);
}

/// The cycles from `source` (each `length` links long, its complexity),
/// up to `max` links; and the forcing chain from `source` (on) to its
/// negation if one is at most `forcing_max` nodes long (0: not wanted),
/// into `u.chains`. `closes`: whether a link leads into `source` (no
/// cycle can close otherwise; the search then ends with the forcing
/// chain, at most `forcing_max` deep).
///
/// It is the search [`do_forcing`] makes from an "on" assumption, with
/// the same nodes in the same order: both go level by level from the
/// same links; an off node reached again is followed again here (it may
/// close another cycle) and not there, but its links lead only to nodes
/// already reached (it was first followed earlier), so the on nodes and
/// their parents are the same, and so is the first off node of each key,
/// the forcing chain's end among them. An off node reached again is kept
/// only when a link from it could reach the assumption (same cell or
/// same value): nothing else can come of it.
///
/// So every node but those kept off nodes and the cycles' last nodes is
/// the first of its key: the search keeps them in `u.tree`, by key, and
/// makes arena nodes only for the chains it keeps. SE's test that a link
/// does not lead back onto the chain (`isParent`) matters only for an off
/// node reached again (the keys on a chain were all reached before).
fn do_cycles(
    e: &mut Engine,
    u: &mut Unary,
    source: u32,
    (y, x): (bool, bool),
    closes: bool,
    max: u32,
    forcing_max: u32,
) {
    let max = if closes { max } else { forcing_max };
    let source_key = e.arena.key(source);
    let conj = source_key ^ 1;
    let (source_cell, source_value) = (e.cell_of(source_key), e.value_of(source_key));
    let mut forcing_found = false;
    let mut ons = std::mem::take(&mut u.ons);
    let mut offs = std::mem::take(&mut u.offs);
    ons.clear();
    offs.clear();
    u.tree.start(source_key, source);
    if closes {
        // The off keys of the assumption's cell and of its value.
        for v in 1..=e.side {
            u.tree.mark_near(e.key(source_cell, v, false));
        }
        for cell in 0..e.n_cells {
            u.tree.mark_near(e.key(cell, source_value, false));
        }
    }
    ons.push(source_key);
    let mut length = 0;
    while !ons.is_empty() || !offs.is_empty() {
        length += 1;
        if length > max {
            break;
        }
        // do_forcing's condition for making nodes at this distance.
        let forcing_here = !forcing_found && length.saturating_add(1) <= forcing_max;
        for &p in &ons {
            for i in u.table.on_to_off(e, p, y) {
                let l = u.table.links[i];
                if u.tree.contains(l.key) {
                    // Reached again: kept near the assumption, off the
                    // chain that leads here.
                    if !closes || !u.tree.is_near(l.key) || u.tree.on_path(p, l.key) {
                        continue;
                    }
                    offs.push(OffNode {
                        key: l.key,
                        again: Some(Link {
                            key: p,
                            cause: l.cause,
                        }),
                    });
                } else {
                    u.tree.reach(l.key, p, l.cause);
                    offs.push(OffNode {
                        key: l.key,
                        again: None,
                    });
                    if forcing_here && l.key == conj {
                        forcing_found = true;
                        let id = u.tree.node(e, l.key);
                        u.chains.push(id);
                    }
                }
            }
        }
        ons.clear();
        length += 1;
        if length > max || (forcing_found && !closes) {
            break;
        }
        for &o in &offs {
            for i in u.table.off_to_on(e, o.key, y, x) {
                let l = u.table.links[i];
                if length >= 4 && l.key == source_key {
                    let from = match o.again {
                        None => u.tree.node(e, o.key),
                        Some(a) => {
                            let parent = u.tree.node(e, a.key);
                            e.arena.add(o.key, a.cause, &[parent])
                        }
                    };
                    let id = e.arena.add(l.key, l.cause, &[from]);
                    u.cycles.push(id);
                } else if !u.tree.contains(l.key) {
                    // An off node reached again leads only to nodes
                    // reached before (see above).
                    debug_assert!(
                        o.again.is_none(),
                        "a new node from an off node reached again"
                    );
                    u.tree.reach(l.key, o.key, l.cause);
                    ons.push(l.key);
                }
            }
        }
        offs.clear();
    }
    u.ons = ons;
    u.offs = offs;
}

/// An off node of [`do_cycles`]' search: the first of its key (kept in
/// the tree), or one reached again, with the link it came by.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OffNode {
    key: u32,
    again: Option<Link>,
}

/// The forcing chain from `source` to its negation, if one is at most
/// `max` nodes long (its complexity): the search stops at the first one
/// (the only one kept) or past that length. The search goes level by
/// level, so every node closer than that is made as without the limit.
/// Each key is followed from its first node only (SE's test that a link
/// does not lead back onto the chain is then always met: the keys on a
/// chain were all reached before), kept in `u.tree`.
fn do_forcing(e: &mut Engine, u: &mut Unary, source: u32, is_on: bool, y: bool, max: u32) {
    let source_key = e.arena.key(source);
    let conj = source_key ^ 1;
    let mut ons = std::mem::take(&mut u.ons);
    let mut offs = std::mem::take(&mut u.offs);
    ons.clear();
    offs.clear();
    u.tree.start(source_key, source);
    if is_on {
        ons.push(source_key);
    } else {
        offs.push(OffNode {
            key: source_key,
            again: None,
        });
    }
    // The distance of the nodes made next, from the assumption; a chain to
    // a node at distance d has d + 1 nodes.
    let mut distance: u32 = 1;
    'search: while !ons.is_empty() || !offs.is_empty() {
        if !ons.is_empty() {
            if distance.saturating_add(1) > max {
                break;
            }
            for &p in &ons {
                for i in u.table.on_to_off(e, p, y) {
                    let l = u.table.links[i];
                    let found = l.key == conj;
                    if found || !u.tree.contains(l.key) {
                        u.tree.reach(l.key, p, l.cause);
                        if found {
                            let id = u.tree.node(e, l.key);
                            u.chains.push(id);
                            break 'search;
                        }
                        offs.push(OffNode {
                            key: l.key,
                            again: None,
                        });
                    }
                }
            }
            ons.clear();
            distance += 1;
        }
        if !offs.is_empty() {
            if distance.saturating_add(1) > max {
                break;
            }
            for &o in &offs {
                for i in u.table.off_to_on(e, o.key, y, true) {
                    let l = u.table.links[i];
                    let found = l.key == conj;
                    if found || !u.tree.contains(l.key) {
                        u.tree.reach(l.key, o.key, l.cause);
                        if found {
                            let id = u.tree.node(e, l.key);
                            u.chains.push(id);
                            break 'search;
                        }
                        ons.push(l.key);
                    }
                }
            }
            offs.clear();
            distance += 1;
        }
    }
    u.ons = ons;
    u.offs = offs;
}

fn cycle_hint(e: &mut Engine, u: &mut Unary, best: &mut Best, dst: u32, x: bool, y: bool) {
    let base = if x && y { MIXED_BASE } else { 6.5 };
    let complexity = e.ancestors(dst);
    let difficulty = base + length_bonus(complexity);
    if !best.could_precede(difficulty, complexity, sort_key(x, y)) {
        return;
    }
    // The cells of the cycle (every node but the first, which is the
    // last one's cell again).
    let mut cells = Vec::new();
    let mut p = dst;
    while let Some(parent) = e.arena.first_parent(p) {
        let c = e.cell_of(e.arena.key(p));
        if !u.in_chain[c] {
            u.in_chain[c] = true;
            cells.push(c);
        }
        p = parent;
    }
    let mut p = dst;
    let mut touched = Vec::new();
    while let Some(parent) = e.arena.first_parent(p) {
        let key = e.arena.key(p);
        let c = e.cell_of(key);
        let b = e.bit_of(key);
        for &peer in e.houses.peers(c) {
            if !u.in_chain[peer] && e.masks[peer] & b != 0 {
                if u.forw[peer] | u.back[peer] == 0 {
                    touched.push(peer);
                }
                if key & 1 == 1 {
                    u.forw[peer] |= b;
                } else {
                    u.back[peer] |= b;
                }
            }
        }
        p = parent;
    }
    touched.sort_unstable();
    let removable: Vec<(usize, u64)> = touched
        .iter()
        .map(|&c| (c, u.forw[c] & u.back[c]))
        .filter(|&(_, m)| m != 0)
        .collect();
    for &c in &touched {
        u.forw[c] = 0;
        u.back[c] = 0;
    }
    for &c in &cells {
        u.in_chain[c] = false;
    }
    cells.reverse();
    best.offer(
        ChainHint {
            kind: Kind::Cycle { x, y },
            producer: PRODUCER,
            difficulty,
            complexity,
            sort_key: sort_key(x, y),
            removable,
            placement: None,
            chain_end: dst,
            chain: Vec::new(),
            ends: Vec::new(),
            house_id: None,
            cells,
            house: None,
            value: None,
        },
        e,
    );
}

fn sort_key(x: bool, y: bool) -> u8 {
    match (x, y) {
        (true, true) => 4,
        (false, true) => 3,
        _ => 2,
    }
}

fn forcing_hint(e: &mut Engine, best: &mut Best, target: u32, x: bool, y: bool) {
    let base = if x && y { MIXED_BASE } else { 6.6 };
    let complexity = e.ancestors(target);
    let difficulty = base + length_bonus(complexity);
    if !best.could_precede(difficulty, complexity, sort_key(x, y)) {
        return;
    }
    let key = e.arena.key(target);
    let cell = e.cell_of(key);
    let b = e.bit_of(key);
    let (removable, placement) = if key & 1 == 1 {
        (
            vec![(cell, e.masks[cell] & !b)],
            Some((cell, e.value_of(key))),
        )
    } else {
        (vec![(cell, b)], None)
    };
    // SE puts the cell in the map even when nothing else is there; a
    // placement with nothing to remove still counts.
    let removable = if removable[0].1 == 0 && placement.is_some() {
        vec![(cell, 0)]
    } else {
        removable
    };
    best.offer(
        ChainHint {
            kind: Kind::Forcing {
                x,
                y,
                turbot: x && !y && complexity == 6,
            },
            producer: PRODUCER,
            difficulty,
            complexity,
            sort_key: sort_key(x, y),
            removable,
            placement,
            chain_end: target,
            chain: Vec::new(),
            ends: Vec::new(),
            house_id: None,
            cells: vec![cell],
            house: None,
            value: None,
        },
        e,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::chains::engine::PotSet;
    use std::collections::VecDeque;

    /// The search for cycles as SE writes it (`doCycles`): every off node
    /// reached is followed, again or not.
    fn plain_cycles(e: &mut Engine, u: &mut Unary, source: u32, y: bool, x: bool) -> Vec<u32> {
        let source_key = e.arena.key(source);
        let mut on = PotSet::new(e.n_keys());
        let (mut pend_on, mut pend_off) = (VecDeque::new(), VecDeque::new());
        on.insert(source_key, source);
        pend_on.push_back(source);
        let mut cycles = Vec::new();
        let mut length = 0;
        while !pend_on.is_empty() || !pend_off.is_empty() {
            length += 1;
            while let Some(p) = pend_on.pop_front() {
                let key = e.arena.key(p);
                let links = u.table.on_to_off(e, key, y);
                e.mark_path(p);
                for i in links {
                    let l = u.table.links[i];
                    if !e.on_path(l.key) {
                        pend_off.push_back(e.arena.add(l.key, l.cause, &[p]));
                    }
                }
            }
            length += 1;
            while let Some(p) = pend_off.pop_front() {
                let key = e.arena.key(p);
                let links = u.table.off_to_on(e, key, y, x);
                for i in links {
                    let l = u.table.links[i];
                    if length >= 4 && l.key == source_key {
                        cycles.push(e.arena.add(l.key, l.cause, &[p]));
                    } else if !on.contains(l.key) {
                        let id = e.arena.add(l.key, l.cause, &[p]);
                        pend_on.push_back(id);
                        on.insert(l.key, id);
                    }
                }
            }
        }
        cycles
    }

    /// The forcing chain as SE writes it (`doForcingChains`, the search
    /// as it was before it kept its nodes by key): node sets, and SE's
    /// `isParent` test on every link. Only chains of at most `max` nodes.
    fn plain_forcing(
        e: &mut Engine,
        u: &mut Unary,
        source: u32,
        is_on: bool,
        y: bool,
        max: u32,
    ) -> Vec<u32> {
        let source_key = e.arena.key(source);
        let conj = source_key ^ 1;
        let (mut on, mut off) = (PotSet::new(e.n_keys()), PotSet::new(e.n_keys()));
        let (mut pend_on, mut pend_off) = (VecDeque::new(), VecDeque::new());
        if is_on {
            on.insert(source_key, source);
            pend_on.push_back(source);
        } else {
            off.insert(source_key, source);
            pend_off.push_back(source);
        }
        let mut distance: u32 = 1;
        while !pend_on.is_empty() || !pend_off.is_empty() {
            if !pend_on.is_empty() {
                if distance.saturating_add(1) > max {
                    break;
                }
                while let Some(p) = pend_on.pop_front() {
                    let key = e.arena.key(p);
                    let links = u.table.on_to_off(e, key, y);
                    e.mark_path(p);
                    for i in links {
                        let l = u.table.links[i];
                        let found = l.key == conj;
                        if found || (!e.on_path(l.key) && !off.contains(l.key)) {
                            let id = e.arena.add(l.key, l.cause, &[p]);
                            if found {
                                return vec![id];
                            }
                            pend_off.push_back(id);
                            off.insert(l.key, id);
                        }
                    }
                }
                distance += 1;
            }
            if !pend_off.is_empty() {
                if distance.saturating_add(1) > max {
                    break;
                }
                while let Some(p) = pend_off.pop_front() {
                    let key = e.arena.key(p);
                    let links = u.table.off_to_on(e, key, y, true);
                    for i in links {
                        let l = u.table.links[i];
                        let found = l.key == conj;
                        if found || !on.contains(l.key) {
                            let id = e.arena.add(l.key, l.cause, &[p]);
                            if found {
                                return vec![id];
                            }
                            pend_on.push_back(id);
                            on.insert(l.key, id);
                        }
                    }
                }
                distance += 1;
            }
        }
        Vec::new()
    }

    /// A chain as the keys along first parents, from its end back.
    fn keys(e: &Engine, mut id: u32) -> Vec<u32> {
        let mut out = vec![e.arena.key(id)];
        while let Some(p) = e.arena.first_parent(id) {
            out.push(e.arena.key(p));
            id = p;
        }
        out
    }

    /// The merged search (cycles, and the forcing chain from "on", with
    /// off nodes reached again kept only near the assumption, nodes kept
    /// by key) finds the same cycles, in the same order and by the same
    /// chains, as SE's plain search (stopped at a length or not), and the
    /// same forcing chain as SE's plain forcing search, as `do_forcing`
    /// does from "on" and from "off", on every
    /// assumption of the start grids of hard puzzles and of those grids
    /// with candidates taken out (as a nested search sees them), with and
    /// without a cap on the forcing chain's length.
    #[test]
    fn merged_search_finds_the_plain_searches_chains() {
        let puzzles = [
            "3.......2.8..7..1...69......5.7.4...........8...51..7...9...3...1..4..8.2.......6",
            ".2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9..",
            "000000510000900004458000020000000700206004003900200000300097000005800600002030040",
        ];
        let mut seed = 34u64;
        let (mut cycles_seen, mut chains_seen) = (0, 0);
        let (mut open_ended, mut chains_open, mut chains_off) = (0, 0, 0);
        for p in puzzles {
            let grid: sudoku::Grid = p.replace('0', ".").parse().unwrap();
            let c = Candidates::from_grid(&grid).unwrap();
            for round in 0..3 {
                let mut e = Engine::new(&c);
                // Take out about one candidate in six (never a cell's last).
                for cell in 0..e.n_cells {
                    let mut m = e.masks[cell];
                    while m != 0 && round > 0 {
                        let v = m.trailing_zeros() as usize + 1;
                        m &= m - 1;
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        if (seed >> 33).is_multiple_of(6) && e.masks[cell].count_ones() > 1 {
                            e.remove(e.key(cell, v, true));
                        }
                    }
                }
                e.save();
                let mut u = Unary::new(&e);
                for cell in 0..e.n_cells {
                    let mut vs = e.masks[cell];
                    if vs.count_ones() < 2 {
                        continue;
                    }
                    while vs != 0 {
                        let v = vs.trailing_zeros() as usize + 1;
                        vs &= vs - 1;
                        for (y, x) in [(false, true), (true, false), (true, true)] {
                            // Forcing chains need X links (`unary` asks
                            // for none otherwise).
                            let caps: &[u32] = if x { &[u32::MAX, 9, 0] } else { &[0] };
                            for &forcing_max in caps {
                                let source = e.arena.add(e.key(cell, v, true), Cause::Initial, &[]);
                                u.cycles.clear();
                                u.chains.clear();
                                let closes = e.strong_link_into(cell, v, y, x);
                                do_cycles(
                                    &mut e,
                                    &mut u,
                                    source,
                                    (y, x),
                                    true,
                                    u32::MAX,
                                    forcing_max,
                                );
                                let got_cycles: Vec<Vec<u32>> =
                                    u.cycles.iter().map(|&d| keys(&e, d)).collect();
                                let got_chain: Vec<Vec<u32>> =
                                    u.chains.iter().map(|&d| keys(&e, d)).collect();
                                let want: Vec<Vec<u32>> =
                                    plain_cycles(&mut e, &mut u, source, y, x)
                                        .iter()
                                        .map(|&d| keys(&e, d))
                                        .collect();
                                assert_eq!(
                                    got_cycles, want,
                                    "r{round} cell {cell} value {v} y {y} x {x}"
                                );
                                // The same search stopped at a cycle's
                                // length finds the cycles up to it.
                                u.cycles.clear();
                                u.chains.clear();
                                do_cycles(&mut e, &mut u, source, (y, x), true, 8, forcing_max);
                                let capped: Vec<Vec<u32>> =
                                    u.cycles.iter().map(|&d| keys(&e, d)).collect();
                                let want_capped: Vec<Vec<u32>> =
                                    want.iter().filter(|k| k.len() - 1 <= 8).cloned().collect();
                                assert_eq!(capped, want_capped, "r{round} cell {cell} value {v}");
                                let want: Vec<Vec<u32>> = if forcing_max > 0 {
                                    plain_forcing(&mut e, &mut u, source, true, y, forcing_max)
                                        .iter()
                                        .map(|&d| keys(&e, d))
                                        .collect()
                                } else {
                                    Vec::new()
                                };
                                assert_eq!(
                                    got_chain, want,
                                    "r{round} cell {cell} value {v} y {y} x {x} max {forcing_max}"
                                );
                                u.chains.clear();
                                if forcing_max > 0 {
                                    do_forcing(&mut e, &mut u, source, true, y, forcing_max);
                                }
                                let got: Vec<Vec<u32>> =
                                    u.chains.iter().map(|&d| keys(&e, d)).collect();
                                assert_eq!(got, want, "r{round} cell {cell} value {v} from on");
                                // And from "off", as `unary` asks for it.
                                if forcing_max > 0 {
                                    let off =
                                        e.arena.add(e.key(cell, v, false), Cause::Initial, &[]);
                                    u.chains.clear();
                                    do_forcing(&mut e, &mut u, off, false, y, forcing_max);
                                    let got: Vec<Vec<u32>> =
                                        u.chains.iter().map(|&d| keys(&e, d)).collect();
                                    let want: Vec<Vec<u32>> =
                                        plain_forcing(&mut e, &mut u, off, false, y, forcing_max)
                                            .iter()
                                            .map(|&d| keys(&e, d))
                                            .collect();
                                    assert_eq!(
                                        got, want,
                                        "r{round} cell {cell} value {v} from off"
                                    );
                                    chains_off += got.len();
                                }
                                // Without a link into the assumption no
                                // cycle closes, no forcing chain from
                                // "off" ends on it, and the search that
                                // stops at the forcing chain from "on"
                                // finds the same one.
                                if !closes {
                                    assert!(got_cycles.is_empty(), "cell {cell} value {v}");
                                    u.cycles.clear();
                                    u.chains.clear();
                                    let off =
                                        e.arena.add(e.key(cell, v, false), Cause::Initial, &[]);
                                    if forcing_max > 0 {
                                        do_forcing(&mut e, &mut u, off, false, y, forcing_max);
                                    }
                                    assert!(u.chains.is_empty(), "cell {cell} value {v}");
                                    do_cycles(
                                        &mut e,
                                        &mut u,
                                        source,
                                        (y, x),
                                        false,
                                        u32::MAX,
                                        forcing_max,
                                    );
                                    assert!(u.cycles.is_empty());
                                    let got: Vec<Vec<u32>> =
                                        u.chains.iter().map(|&d| keys(&e, d)).collect();
                                    assert_eq!(got, want, "cell {cell} value {v} y {y} x {x}");
                                    open_ended += 1;
                                    chains_open += got.len();
                                }
                                cycles_seen += got_cycles.len();
                                chains_seen += got_chain.len();
                                e.arena.truncate((0, 0));
                            }
                        }
                    }
                }
            }
        }
        // The check is not empty: cycles and forcing chains were found.
        assert!(
            cycles_seen > 100 && chains_seen > 100,
            "{cycles_seen} cycles, {chains_seen} chains"
        );
        assert!(
            open_ended > 100 && chains_open > 10,
            "{open_ended} assumptions without a link in, {chains_open} chains from them"
        );
        assert!(chains_off > 100, "{chains_off} forcing chains from \"off\"");
    }
}
