//! Nodes and links: the working grid of a chain search, its candidates
//! as nodes ("r4c6 is 7" on or off), the weak and strong links between
//! them, and the arena that keeps every node with its parents.
//!
//! A node is a key, `((cell * side + value - 1) << 1) | on`. The arena
//! keeps each node made during one search with its cause and parents
//! (the first parent is the link the chain came by; more parents are the
//! "hidden" ones of a dynamic chain: the candidates an earlier node of the
//! chain removed, which a later link relies on). A chain's length, which
//! sets its difficulty, is the number of distinct keys among a node's
//! ancestors (SE's `getAncestorCount`).
//!
//! The links follow Sudoku Explainer 1.2.1's `Chaining.getOnToOff` and
//! `getOffToOn`:
//! - on -> off: the cell's other candidates (a "Y" link, when enabled) and
//!   the value's other places in each house of the cell, houses in SE's
//!   order (box, row, column, then a variant's other houses);
//! - off -> on: the cell's last other candidate if the cell has two (a Y
//!   link), the value's last other place in a house where it has two (an
//!   X link).

use std::rc::Rc;
use std::sync::Arc;

use sudoku::UnitKind;
use sudoku_solve::{Incomplete, Limits};

use crate::candidates::{Candidates, Houses};

use super::memo::NestedMemo;
use super::spares::SharedSpares;

/// No node.
pub(crate) const NONE: u32 = u32::MAX;

/// Why a node holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The assumption a chain starts from.
    Initial,
    /// The cell's candidates (naked single, or one value per cell).
    Cell,
    /// A house (hidden single, or one place per value).
    House(u16),
    /// A lower technique applied inside a dynamic chain (nested levels).
    Advanced,
    /// A chain nested inside a dynamic chain (levels 2 and up): the index
    /// of its [`NestedInfo`] in the engine.
    Nested(u32),
}

/// What the outer chain keeps of a nested chain: its length (SE's
/// `getComplexity`, which adds to the length of every chain that relies
/// on it) and a fingerprint of its whole chain, so that a nested chain
/// reached twice counts once (SE's `FullChain`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NestedInfo {
    pub complexity: u32,
    pub fingerprint: u64,
}

/// One node made during a search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub key: u32,
    pub cause: Cause,
    parents_start: u32,
    parents_len: u32,
}

/// Every node of a search, with its parents.
#[derive(Debug, Default)]
pub(crate) struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
}

impl Arena {
    /// Where the arena ends now, to go back to.
    pub fn mark(&self) -> (usize, usize) {
        (self.nodes.len(), self.parents.len())
    }

    /// Forgets the nodes made since `mark`.
    pub fn truncate(&mut self, mark: (usize, usize)) {
        self.nodes.truncate(mark.0);
        self.parents.truncate(mark.1);
    }

    /// A new node with `parents` (the first is the link it came by).
    pub fn add(&mut self, key: u32, cause: Cause, parents: &[u32]) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            key,
            cause,
            parents_start: self.parents.len() as u32,
            parents_len: parents.len() as u32,
        });
        self.parents.extend_from_slice(parents);
        id
    }

    /// A new node whose parents are `first` then `more`.
    pub fn add_with(&mut self, key: u32, cause: Cause, first: u32, more: &[u32]) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            key,
            cause,
            parents_start: self.parents.len() as u32,
            parents_len: 1 + more.len() as u32,
        });
        self.parents.push(first);
        self.parents.extend_from_slice(more);
        id
    }

    #[inline]
    pub fn key(&self, id: u32) -> u32 {
        self.nodes[id as usize].key
    }

    #[inline]
    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    #[inline]
    pub fn parents(&self, id: u32) -> &[u32] {
        let n = &self.nodes[id as usize];
        &self.parents[n.parents_start as usize..(n.parents_start + n.parents_len) as usize]
    }

    #[inline]
    pub fn first_parent(&self, id: u32) -> Option<u32> {
        self.parents(id).first().copied()
    }
}

/// A set of nodes by key that remembers the order they came in (SE's
/// `LinkedSet<Potential>`): the first node of a key stays.
#[derive(Debug)]
pub(crate) struct PotSet {
    slot: Vec<u32>,
    order: Vec<u32>,
    keys: Vec<u32>,
}

impl PotSet {
    pub fn new(n_keys: usize) -> PotSet {
        PotSet {
            slot: vec![NONE; n_keys],
            order: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The number of keys it holds a slot for.
    pub fn n_keys(&self) -> usize {
        self.slot.len()
    }

    pub fn clear(&mut self) {
        for &k in &self.keys {
            self.slot[k as usize] = NONE;
        }
        self.keys.clear();
        self.order.clear();
    }

    #[inline]
    pub fn get(&self, key: u32) -> Option<u32> {
        match self.slot[key as usize] {
            NONE => None,
            id => Some(id),
        }
    }

    #[inline]
    pub fn contains(&self, key: u32) -> bool {
        self.slot[key as usize] != NONE
    }

    /// Adds node `id` of `key` unless the key is there; whether it was added.
    #[inline]
    pub fn insert(&mut self, key: u32, id: u32) -> bool {
        let s = &mut self.slot[key as usize];
        if *s != NONE {
            return false;
        }
        *s = id;
        self.keys.push(key);
        self.order.push(id);
        true
    }

    /// The nodes, in the order they came.
    pub fn nodes(&self) -> &[u32] {
        &self.order
    }

    /// The keys, in the order they came.
    pub fn keys(&self) -> &[u32] {
        &self.keys
    }
}

/// A link found from a node: the key it reaches and why.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    pub key: u32,
    pub cause: Cause,
}

/// The parts of a search's state that no chain changes: the houses of
/// each cell in SE's order and the placed values.
#[derive(Debug)]
struct Layout {
    /// Each cell's houses in SE's order: box (or region), row, column,
    /// then the others.
    cell_houses: Vec<Vec<u16>>,
    /// The position of each cell in each of its houses, in the same order.
    cell_pos: Vec<Vec<u8>>,
    /// Each cell's box (or region), row and column, `u16::MAX` if none.
    kind_house: Vec<[u16; 3]>,
    /// The placed values (0 for an empty cell).
    values: Vec<u8>,
    /// How many cells hold each value (index `v - 1`).
    placed: Vec<usize>,
}

/// The working state of a chain search.
pub(crate) struct Engine {
    pub side: usize,
    pub n_cells: usize,
    pub houses: Arc<Houses>,
    /// What stays the same during a search (shared with nested searches).
    layout: Arc<Layout>,
    /// For house `h` and value `v`, the places of `v` in `h` (bit `i` for
    /// `cells[i]`) in the working grid: `pos[h * side + v - 1]`.
    pos: Vec<u64>,
    /// `pos` of `src`.
    pos_src: Vec<u64>,
    /// The grid the search works on (dynamic chains remove candidates
    /// from it as they go, and put them back after).
    pub masks: Vec<u64>,
    /// SE's `saveGrid`: the grid when the search started, to find the
    /// candidates a dynamic chain removed.
    pub src: Vec<u64>,
    /// Whether off -> on links look for hidden parents (dynamic chains).
    pub hidden: bool,
    pub arena: Arena,
    /// The chains nested in this search's chains (levels 2 and up).
    pub nested: Vec<NestedInfo>,
    /// For a nested search, the grid the outer search started from (SE's
    /// `source` in `getRuleParents`); empty otherwise.
    outer_src: Vec<u64>,
    /// The rating's limits, polled as the search goes.
    limits: Limits,
    /// The step's nested searches' results (shared by every level).
    pub memo: NestedMemo,
    /// Set once a limit stopped the search: its result is not to be used.
    pub stopped: Option<Incomplete>,
    stamp: Vec<u32>,
    stamp_gen: u32,
    /// Scratch for ancestor walks.
    todo: Vec<u32>,
    next: Vec<u32>,
    /// Work space kept between the searches of this chain level.
    pub spares: SharedSpares,
}

/// The buffers of a nested engine, kept in [`super::spares::Spares`]
/// between nested searches ([`Engine::recycle`]).
#[derive(Default)]
pub(crate) struct EngineParts {
    pos: Vec<u64>,
    pos_src: Vec<u64>,
    masks: Vec<u64>,
    src: Vec<u64>,
    outer_src: Vec<u64>,
    arena: Arena,
    nested: Vec<NestedInfo>,
    stamp: Vec<u32>,
    stamp_gen: u32,
    todo: Vec<u32>,
    next: Vec<u32>,
}

/// `dst` made a copy of `src`, in place.
fn copy_into(dst: &mut Vec<u64>, src: &[u64]) {
    dst.clear();
    dst.extend_from_slice(src);
}

impl Engine {
    pub fn new(c: &Candidates) -> Engine {
        let houses = Arc::clone(c.houses());
        let side = houses.side();
        let n_cells = side * side;
        let rank = |k: UnitKind| match k {
            UnitKind::Box | UnitKind::Region => 0,
            UnitKind::Row => 1,
            UnitKind::Column => 2,
            _ => 3,
        };
        let cell_houses = (0..n_cells)
            .map(|cell| {
                let mut hs: Vec<u16> = houses.of_cell(cell).iter().map(|&h| h as u16).collect();
                hs.sort_by_key(|&h| (rank(houses.get(usize::from(h)).kind), h));
                hs
            })
            .collect::<Vec<Vec<u16>>>();
        let cell_pos = (0..n_cells)
            .map(|cell| {
                cell_houses[cell]
                    .iter()
                    .map(|&h| {
                        let cells = &houses.get(usize::from(h)).cells;
                        cells.iter().position(|&c| c == cell).expect("in its house") as u8
                    })
                    .collect()
            })
            .collect();
        let masks = c.masks();
        let mut pos = vec![0u64; houses.all().len() * side];
        for (h, house) in houses.all().iter().enumerate() {
            for (i, &cell) in house.cells.iter().enumerate() {
                let mut m = masks[cell];
                while m != 0 {
                    let v = m.trailing_zeros() as usize;
                    m &= m - 1;
                    pos[h * side + v] |= 1 << i;
                }
            }
        }
        let kind_house = (0..n_cells)
            .map(|cell| {
                let mut k = [u16::MAX; 3];
                for &h in houses.of_cell(cell) {
                    match houses.get(h).kind {
                        UnitKind::Box | UnitKind::Region => k[0] = h as u16,
                        UnitKind::Row => k[1] = h as u16,
                        UnitKind::Column => k[2] = h as u16,
                        _ => {}
                    }
                }
                k
            })
            .collect();
        let values: Vec<u8> = (0..n_cells)
            .map(|cell| c.value(cell).unwrap_or(0) as u8)
            .collect();
        let mut placed = vec![0; side];
        for &v in &values {
            if v != 0 {
                placed[usize::from(v) - 1] += 1;
            }
        }
        Engine {
            side,
            n_cells,
            layout: Arc::new(Layout {
                kind_house,
                values,
                placed,
                cell_houses,
                cell_pos,
            }),
            pos_src: pos.clone(),
            pos,
            masks: c.masks().to_vec(),
            src: c.masks().to_vec(),
            hidden: false,
            arena: Arena::default(),
            nested: Vec::new(),
            outer_src: Vec::new(),
            limits: Limits::none(),
            memo: NestedMemo::default(),
            stopped: None,
            stamp: vec![0; n_cells * side * 2],
            stamp_gen: 0,
            todo: Vec::new(),
            next: Vec::new(),
            spares: SharedSpares::default(),
            houses,
        }
    }

    /// Polls `limits` from now on ([`Engine::poll`]).
    pub fn with_limits(mut self, limits: &Limits) -> Engine {
        self.limits = limits.clone();
        self
    }

    /// Shares `memo`, the step's nested results, from now on.
    pub fn with_memo(mut self, memo: &NestedMemo) -> Engine {
        self.memo = memo.clone();
        self
    }

    /// Whether this is the outer search (no search nests it).
    pub fn is_outer(&self) -> bool {
        self.outer_src.is_empty()
    }

    /// Whether a limit has stopped the search (checking the limits now).
    pub fn poll(&mut self) -> bool {
        if self.stopped.is_none() {
            self.stopped = self.limits.interrupted();
        }
        self.stopped.is_some()
    }

    /// A search on the working grid as it is now (a chain nested in this
    /// one): its start is the working grid, and rule parents are read
    /// against this search's start. Its buffers come from the spares;
    /// give them back with [`Engine::recycle`].
    pub fn nested_engine(&self) -> Engine {
        let mut p = self.spares.borrow_mut().engines.pop().unwrap_or_default();
        copy_into(&mut p.pos, &self.pos);
        copy_into(&mut p.pos_src, &self.pos);
        copy_into(&mut p.masks, &self.masks);
        copy_into(&mut p.src, &self.masks);
        copy_into(&mut p.outer_src, &self.src);
        p.arena.truncate((0, 0));
        p.nested.clear();
        if p.stamp.len() != self.stamp.len() {
            p.stamp = vec![0; self.stamp.len()];
            p.stamp_gen = 0;
        }
        Engine {
            side: self.side,
            n_cells: self.n_cells,
            houses: Arc::clone(&self.houses),
            layout: Arc::clone(&self.layout),
            pos: p.pos,
            pos_src: p.pos_src,
            masks: p.masks,
            src: p.src,
            hidden: false,
            arena: p.arena,
            nested: p.nested,
            outer_src: p.outer_src,
            limits: self.limits.clone(),
            memo: self.memo.clone(),
            stopped: None,
            stamp: p.stamp,
            stamp_gen: p.stamp_gen,
            todo: p.todo,
            next: p.next,
            spares: Rc::clone(&self.spares),
        }
    }

    /// Gives a nested engine's buffers back to the spares.
    pub fn recycle(self) {
        let spares = self.spares;
        spares.borrow_mut().engines.push(EngineParts {
            pos: self.pos,
            pos_src: self.pos_src,
            masks: self.masks,
            src: self.src,
            outer_src: self.outer_src,
            arena: self.arena,
            nested: self.nested,
            stamp: self.stamp,
            stamp_gen: self.stamp_gen,
            todo: self.todo,
            next: self.next,
        });
    }

    /// SE's `getNestedComplexity`: the lengths of the nested chains among
    /// the ancestors of `targets`, each distinct chain once.
    pub fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        if self.nested.is_empty() {
            return 0;
        }
        let mut seen: Vec<u64> = Vec::new();
        let mut total = 0;
        for &t in targets {
            self.walk(t, |e, id| {
                if let Cause::Nested(i) = e.arena.node(id).cause {
                    let info = e.nested[i as usize];
                    if !seen.contains(&info.fingerprint) {
                        seen.push(info.fingerprint);
                        total += info.complexity;
                    }
                }
            });
        }
        total
    }

    /// Calls `f` on each node among `node` and its ancestors, one per key,
    /// level by level (SE's `getChain`).
    fn walk(&mut self, node: u32, mut f: impl FnMut(&Engine, u32)) {
        let gen = self.next_stamp();
        let mut todo = std::mem::take(&mut self.todo);
        let mut next = std::mem::take(&mut self.next);
        todo.clear();
        todo.push(node);
        while !todo.is_empty() {
            next.clear();
            for &p in &todo {
                let k = self.arena.key(p) as usize;
                if self.stamp[k] != gen {
                    self.stamp[k] = gen;
                    f(self, p);
                    next.extend_from_slice(self.arena.parents(p));
                }
            }
            std::mem::swap(&mut todo, &mut next);
        }
        self.todo = todo;
        self.next = next;
    }

    /// A fingerprint of the chains to `targets` (SE's `FullChain`: the
    /// targets and, for each, its ancestors level by level).
    pub fn fingerprint(&mut self, targets: &[u32]) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &t in targets {
            self.walk(t, |e, id| {
                h = (h ^ u64::from(e.arena.key(id))).wrapping_mul(0x0100_0000_01b3);
            });
            h = (h ^ u64::from(u32::MAX)).wrapping_mul(0x0100_0000_01b3);
        }
        h
    }

    /// SE's `getRuleParents` of a nested chain: the candidates the outer
    /// chain removed (present in the outer search's start, gone from this
    /// search's start) that the chains to `targets` rely on, as off keys,
    /// ascending. A node's cause says where it looked: its cell (a naked
    /// single) or a house (a hidden single). Only on nodes count, unless
    /// `every_node` (a cycle, whose reversed chain turns its off nodes
    /// on); an assumption counts as `initial` says (cell and region
    /// forcing chains).
    pub fn rule_parents(
        &mut self,
        targets: &[u32],
        every_node: bool,
        initial: Option<Cause>,
        out: &mut Vec<u32>,
    ) {
        out.clear();
        if self.outer_src.is_empty() {
            return;
        }
        for &t in targets {
            self.walk(t, |e, id| {
                let node = e.arena.node(id);
                if node.key & 1 == 0 && !every_node {
                    return;
                }
                let cause = match node.cause {
                    Cause::Initial => match initial {
                        Some(c) => c,
                        None => return,
                    },
                    c => c,
                };
                let cell = e.cell_of(node.key);
                match cause {
                    Cause::Cell => {
                        let mut gone = e.outer_src[cell] & !e.src[cell];
                        while gone != 0 {
                            let v = gone.trailing_zeros() as usize + 1;
                            gone &= gone - 1;
                            out.push(e.key(cell, v, false));
                        }
                    }
                    Cause::House(h) => {
                        let b = e.bit_of(node.key);
                        let v = e.value_of(node.key);
                        for &c in e.house_cells(h) {
                            if e.outer_src[c] & b != 0 && e.src[c] & b == 0 {
                                out.push(e.key(c, v, false));
                            }
                        }
                    }
                    _ => {}
                }
            });
        }
        out.sort_unstable();
        out.dedup();
    }

    /// The number of keys.
    pub fn n_keys(&self) -> usize {
        self.n_cells * self.side * 2
    }

    #[inline]
    pub fn key(&self, cell: usize, value: usize, on: bool) -> u32 {
        (((cell * self.side + value - 1) << 1) | usize::from(on)) as u32
    }

    #[inline]
    pub fn cell_of(&self, key: u32) -> usize {
        (key as usize >> 1) / self.side
    }

    #[inline]
    pub fn value_of(&self, key: u32) -> usize {
        (key as usize >> 1) % self.side + 1
    }

    #[inline]
    pub fn bit_of(&self, key: u32) -> u64 {
        1u64 << ((key as usize >> 1) % self.side)
    }

    /// The cell's box (or region), row and column.
    #[inline]
    pub fn kind_house(&self, cell: usize) -> [u16; 3] {
        self.layout.kind_house[cell]
    }

    /// Whether `cell` holds no value.
    pub fn is_empty_cell(&self, cell: usize) -> bool {
        self.layout.values[cell] == 0
    }

    /// How many cells hold `value`.
    pub fn placed_count(&self, value: usize) -> usize {
        self.layout.placed[value - 1]
    }

    /// Saves the working grid as the search's start (SE's `saveGrid`).
    pub fn save(&mut self) {
        self.src.copy_from_slice(&self.masks);
        self.pos_src.copy_from_slice(&self.pos);
    }

    /// Puts the working grid back as it was saved.
    pub fn restore(&mut self) {
        self.masks.copy_from_slice(&self.src);
        self.pos.copy_from_slice(&self.pos_src);
    }

    /// Removes candidate `key` from the working grid.
    pub fn remove(&mut self, key: u32) {
        let cell = self.cell_of(key);
        let b = self.bit_of(key);
        if self.masks[cell] & b == 0 {
            return;
        }
        self.masks[cell] &= !b;
        let v = (key as usize >> 1) % self.side;
        for (i, &h) in self.layout.cell_houses[cell].iter().enumerate() {
            self.pos[usize::from(h) * self.side + v] &= !(1u64 << self.layout.cell_pos[cell][i]);
        }
    }

    /// The places of `value` in house `h`, as bits over its cells.
    #[inline]
    pub fn places(&self, h: u16, value: usize) -> u64 {
        self.pos[usize::from(h) * self.side + value - 1]
    }

    /// The places of `value` in house `h` when the search started.
    #[inline]
    pub fn places_src(&self, h: u16, value: usize) -> u64 {
        self.pos_src[usize::from(h) * self.side + value - 1]
    }

    pub fn cell_houses(&self, cell: usize) -> &[u16] {
        &self.layout.cell_houses[cell]
    }

    pub fn house_cells(&self, h: u16) -> &[usize] {
        &self.houses.get(usize::from(h)).cells
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp_gen = self.stamp_gen.wrapping_add(1);
        if self.stamp_gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_gen = 1;
        }
        self.stamp_gen
    }

    /// SE's on -> off links from node `p` (on), into `out`: the cell's
    /// other candidates if `y`, then the value's other places in each
    /// house, once per cell.
    pub fn on_to_off(&mut self, p: u32, y: bool, out: &mut Vec<Link>) {
        self.on_to_off_links(self.arena.key(p), y, out);
    }

    /// [`Engine::on_to_off`] from the on node of `key`.
    pub fn on_to_off_links(&mut self, key: u32, y: bool, out: &mut Vec<Link>) {
        out.clear();
        let cell = self.cell_of(key);
        let b = self.bit_of(key);
        if y {
            let mut m = self.masks[cell] & !b;
            while m != 0 {
                let v = m.trailing_zeros() as usize + 1;
                m &= m - 1;
                out.push(Link {
                    key: self.key(cell, v, false),
                    cause: Cause::Cell,
                });
            }
        }
        let gen = self.next_stamp();
        self.stamp[cell] = gen;
        let value = self.value_of(key);
        for &h in &self.layout.cell_houses[cell] {
            let cells = &self.houses.get(usize::from(h)).cells;
            let mut m = self.pos[usize::from(h) * self.side + value - 1];
            while m != 0 {
                let other = cells[m.trailing_zeros() as usize];
                m &= m - 1;
                if self.stamp[other] != gen {
                    self.stamp[other] = gen;
                    out.push(Link {
                        key: (((other * self.side + value - 1) << 1) as u32),
                        cause: Cause::House(h),
                    });
                }
            }
        }
    }

    /// SE's off -> on links from node `p` (off), into `out`: the cell's
    /// other candidate if it has two and `y`, then for each house where
    /// the value has two places (if `x`) the other place, once per cell.
    pub fn off_to_on(&mut self, p: u32, y: bool, x: bool, out: &mut Vec<Link>) {
        self.off_to_on_links(self.arena.key(p), y, x, out);
    }

    /// [`Engine::off_to_on`] from the off node of `key`.
    pub fn off_to_on_links(&mut self, key: u32, y: bool, x: bool, out: &mut Vec<Link>) {
        out.clear();
        let cell = self.cell_of(key);
        let b = self.bit_of(key);
        if y {
            let m = self.masks[cell];
            if m.count_ones() == 2 {
                let v = (m & !b).trailing_zeros() as usize + 1;
                out.push(Link {
                    key: self.key(cell, v, true),
                    cause: Cause::Cell,
                });
            }
        }
        if x {
            let value = self.value_of(key);
            let first = out.len();
            for &h in &self.layout.cell_houses[cell] {
                // SE takes the first place, or the second when the first
                // is the node's own cell.
                let m = self.pos[usize::from(h) * self.side + value - 1];
                if m.count_ones() == 2 {
                    let cells = &self.houses.get(usize::from(h)).cells;
                    let first_c = cells[m.trailing_zeros() as usize];
                    let second_c = cells[63 - m.leading_zeros() as usize];
                    let other = if first_c == cell { second_c } else { first_c };
                    let k = self.key(other, value, true);
                    if !out[first..].iter().any(|l| l.key == k) {
                        out.push(Link {
                            key: k,
                            cause: Cause::House(h),
                        });
                    }
                }
            }
        }
    }

    /// Whether an off -> on link ([`Engine::off_to_on`]) can reach
    /// `value` on in `cell`: with `y`, the cell has two candidates; with
    /// `x`, the value has two places in one of the cell's houses.
    pub fn strong_link_into(&self, cell: usize, value: usize, y: bool, x: bool) -> bool {
        (y && self.masks[cell].count_ones() == 2)
            || (x
                && self.layout.cell_houses[cell]
                    .iter()
                    .any(|&h| self.places(h, value).count_ones() == 2))
    }

    /// The hidden parents of an on node reached from an off node by
    /// `link` (SE's `addHiddenParentsOfCell` / `OfRegion`): the
    /// candidates the search removed that the link relies on, looked up
    /// in `offs`.
    pub fn hidden_parents(&self, link: Link, offs: &PotSet, out: &mut Vec<u32>) {
        out.clear();
        if !self.hidden {
            return;
        }
        let cell = self.cell_of(link.key);
        let value = self.value_of(link.key);
        match link.cause {
            Cause::Cell => {
                let mut gone = self.src[cell] & !self.masks[cell];
                while gone != 0 {
                    let v = gone.trailing_zeros() as usize + 1;
                    gone &= gone - 1;
                    let id = offs
                        .get(self.key(cell, v, false))
                        .expect("a removed candidate is an off node of the chain");
                    out.push(id);
                }
            }
            Cause::House(h) => {
                let b = self.bit_of(link.key);
                for &c in self.house_cells(h) {
                    if self.src[c] & b != 0 && self.masks[c] & b == 0 {
                        let id = offs
                            .get(self.key(c, value, false))
                            .expect("a removed candidate is an off node of the chain");
                        out.push(id);
                    }
                }
            }
            _ => {}
        }
    }

    /// The number of distinct keys among `node` and its ancestors (SE's
    /// `getAncestorCount`), walked level by level as SE does.
    pub fn ancestors(&mut self, node: u32) -> u32 {
        let gen = self.next_stamp();
        let mut todo = std::mem::take(&mut self.todo);
        let mut next = std::mem::take(&mut self.next);
        todo.clear();
        todo.push(node);
        let mut count = 0;
        while !todo.is_empty() {
            next.clear();
            for &p in &todo {
                let k = self.arena.key(p) as usize;
                if self.stamp[k] != gen {
                    self.stamp[k] = gen;
                    count += 1;
                    next.extend_from_slice(self.arena.parents(p));
                }
            }
            std::mem::swap(&mut todo, &mut next);
        }
        self.todo = todo;
        self.next = next;
        count
    }

    /// Marks the keys of `child`'s ancestors along first parents (not
    /// `child` itself), for [`Engine::on_path`]: SE's `isParent` for many
    /// keys at once (the plain search the tests hold the cycles to).
    #[cfg(test)]
    pub fn mark_path(&mut self, child: u32) {
        let gen = self.next_stamp();
        let mut p = child;
        while let Some(parent) = self.arena.first_parent(p) {
            self.stamp[self.arena.key(parent) as usize] = gen;
            p = parent;
        }
    }

    /// Whether `key` was marked by the last [`Engine::mark_path`] (with no
    /// other use of the marks since).
    #[cfg(test)]
    #[inline]
    pub fn on_path(&self, key: u32) -> bool {
        self.stamp[key as usize] == self.stamp_gen
    }

    /// The chain from its assumption to `node`, along first parents.
    pub fn chain_nodes(&self, node: u32) -> Vec<crate::step::ChainNode> {
        let mut out = Vec::new();
        let mut p = Some(node);
        while let Some(id) = p {
            let key = self.arena.key(id);
            out.push(crate::step::ChainNode {
                cell: self.cell_of(key),
                value: self.value_of(key) as u16,
                on: key & 1 == 1,
            });
            p = self.arena.first_parent(id);
            if out.len() > 4 * self.n_keys() {
                break;
            }
        }
        out.reverse();
        out
    }
}
