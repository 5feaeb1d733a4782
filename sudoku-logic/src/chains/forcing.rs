//! Forcing chains from every candidate of a cell: Nishio, multiple (cell
//! and region) and dynamic forcing chains, SE's `Chaining(multiple,
//! dynamic, nishio, level)` with `multiple || dynamic`.
//!
//! For each empty cell (row by row; with three candidates or more unless
//! dynamic) and each of its candidates, the consequences of "on" and of
//! "off" are followed to the end ([`Multi::chain`], SE's `doChaining`):
//! - a contradiction (a node both on and off) proves the assumption's
//!   negation (dynamic and Nishio);
//! - a node that both assumptions imply holds (double forcing chains,
//!   dynamic, cells of three candidates or more);
//! - a node that every candidate of the cell implies holds (cell forcing
//!   chains), and the same over every place of a value in a house (region
//!   forcing chains); not in Nishio.
//!
//! Dynamic chains remove each off node's candidate from the working grid
//! as they go, so that later links see the grid the chain has made; a
//! link that relies on such a removal counts the removing nodes as
//! parents. From level 1 up, when the links run out, the lower techniques
//! run on that grid ([`super::nested`]) and their eliminations feed the
//! chain.

use std::collections::VecDeque;
use std::rc::Rc;

use super::engine::{Cause, Engine, Link, PotSet};
use super::hint::{length_bonus, Best, ChainHint, Kind, Producer};
use super::nested;
use super::spares;

/// The consequences of one "on" assumption.
struct OnChain {
    /// The assumption's node.
    source: u32,
    on: PotSet,
    off: PotSet,
    /// The first contradiction met, as `(on node, off node)`.
    absurd: Option<(u32, u32)>,
}

/// Work space of the forcing chains of one producer.
pub(crate) struct Multi {
    pub producer: Producer,
    links: Vec<Link>,
    hidden: Vec<u32>,
    pend_on: VecDeque<u32>,
    pend_off: VecDeque<u32>,
    n_keys: usize,
    /// The chains of single "on" assumptions, by `key >> 1`.
    memo: Vec<Option<Rc<OnChain>>>,
}

impl Multi {
    pub fn new(e: &Engine, producer: Producer) -> Multi {
        Multi {
            producer,
            links: Vec::new(),
            hidden: Vec::new(),
            pend_on: VecDeque::new(),
            pend_off: VecDeque::new(),
            n_keys: e.n_keys(),
            memo: Vec::new(),
        }
    }

    /// [`Multi::new`], with a spare work space if there is one.
    pub fn from_spares(e: &Engine, producer: Producer) -> Multi {
        match e.spares.borrow_mut().multis.pop() {
            Some(mut m) if m.n_keys == e.n_keys() => {
                m.producer = producer;
                m
            }
            _ => Multi::new(e, producer),
        }
    }

    /// Keeps the work space for the next search.
    pub fn recycle(self, e: &Engine) {
        e.spares.borrow_mut().multis.push(self);
    }

    fn take(&self, e: &Engine) -> PotSet {
        spares::pot_set(&e.spares, self.n_keys)
    }

    fn give(&self, e: &Engine, s: PotSet) {
        spares::give_pot_set(&e.spares, s);
    }

    /// SE's `doChaining`: completes `on` and `off` with every node the
    /// assumptions in them imply; the first contradiction found, as
    /// `(on node, off node)`, stops it. The working grid is the same after.
    pub fn chain(
        &mut self,
        e: &mut Engine,
        on: &mut PotSet,
        off: &mut PotSet,
    ) -> Option<(u32, u32)> {
        e.save();
        let result = self.chain_inner(e, on, off);
        e.restore();
        result
    }

    fn chain_inner(
        &mut self,
        e: &mut Engine,
        on: &mut PotSet,
        off: &mut PotSet,
    ) -> Option<(u32, u32)> {
        let y = !self.producer.nishio;
        let dynamic = self.producer.dynamic;
        self.pend_on.clear();
        self.pend_off.clear();
        self.pend_on.extend(on.nodes().iter().copied());
        self.pend_off.extend(off.nodes().iter().copied());
        let mut links = std::mem::take(&mut self.links);
        let mut hidden = std::mem::take(&mut self.hidden);
        let mut result = None;
        'outer: while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            if let Some(p) = self.pend_on.pop_front() {
                e.on_to_off(p, y, &mut links);
                for l in &links {
                    if let Some(on_node) = on.get(l.key ^ 1) {
                        let off_node = e.arena.add(l.key, l.cause, &[p]);
                        result = Some((on_node, off_node));
                        break 'outer;
                    }
                    if !off.contains(l.key) {
                        let id = e.arena.add(l.key, l.cause, &[p]);
                        off.insert(l.key, id);
                        self.pend_off.push_back(id);
                    }
                }
            } else if let Some(p) = self.pend_off.pop_front() {
                e.off_to_on(p, y, true, &mut links);
                for l in &links {
                    let contradiction = off.get(l.key ^ 1);
                    if contradiction.is_none() && on.contains(l.key) {
                        continue;
                    }
                    e.hidden_parents(*l, off, &mut hidden);
                    let id = e.arena.add_with(l.key, l.cause, p, &hidden);
                    if let Some(off_node) = contradiction {
                        result = Some((id, off_node));
                        break 'outer;
                    }
                    on.insert(l.key, id);
                    self.pend_on.push_back(id);
                }
                if dynamic {
                    // SE's p.off(): the chain's grid loses the candidate.
                    e.remove(e.arena.key(p));
                }
            }
            if self.pend_on.is_empty() && self.pend_off.is_empty() && self.producer.level > 0 {
                nested::advanced(e, self.producer.level, off, &mut self.pend_off);
                if e.stopped.is_some() {
                    break;
                }
            }
        }
        self.links = links;
        self.hidden = hidden;
        result
    }

    /// The consequences of "`key` is on" (SE's `doChaining` from that one
    /// assumption), made once per search: a cell's candidate is followed
    /// as the cell's assumption and again as a place of its value in each
    /// house where another cell comes first (region chains), with the
    /// same result each time.
    fn on_chain(&mut self, e: &mut Engine, key: u32) -> Rc<OnChain> {
        let slot = (key >> 1) as usize;
        if let Some(c) = &self.memo[slot] {
            return Rc::clone(c);
        }
        let p_on = e.arena.add(key, Cause::Initial, &[]);
        let mut on = self.take(e);
        let mut off = self.take(e);
        on.insert(key, p_on);
        let absurd = self.chain(e, &mut on, &mut off);
        let c = Rc::new(OnChain {
            source: p_on,
            on,
            off,
            absurd,
        });
        self.memo[slot] = Some(Rc::clone(&c));
        c
    }

    /// Forgets the chains of `cell`'s candidates: no later cell needs
    /// them (a region chain is made from the house's first place).
    fn forget(&mut self, e: &Engine, cell: usize) {
        for v in 1..=e.side {
            let slot = (e.key(cell, v, true) >> 1) as usize;
            if let Some(c) = self.memo[slot].take() {
                if let Ok(c) = Rc::try_unwrap(c) {
                    self.give(e, c.on);
                    self.give(e, c.off);
                }
            }
        }
    }

    /// SE's `getMultipleChainsHintList`, offering each hint to `best`.
    pub fn find(&mut self, e: &mut Engine, best: &mut Best) {
        e.hidden = self.producer.dynamic;
        let pr = self.producer;
        self.memo.clear();
        self.memo.resize(e.n_keys() / 2, None);
        for cell in 0..e.n_cells {
            if e.poll() {
                break;
            }
            let card = e.masks[cell].count_ones();
            if !(card > 2 || (card > 1 && pr.dynamic)) {
                continue;
            }
            let mut chains: Vec<Rc<OnChain>> = Vec::new();
            let mut vs = e.masks[cell];
            while vs != 0 {
                let v = vs.trailing_zeros() as usize + 1;
                vs &= vs - 1;
                let key = e.key(cell, v, true);
                let double = card >= 3 && !pr.nishio && pr.dynamic;
                let contradiction = pr.dynamic || pr.nishio;
                let on_chain = self.on_chain(e, key);
                self.binary(e, best, &on_chain, double, contradiction);
                if !pr.nishio {
                    self.regions(e, best, cell, v, &on_chain.on, &on_chain.off);
                }
                chains.push(on_chain);
            }
            if !pr.nishio && (card == 2 || (pr.multiple && card > 2)) {
                for on in [true, false] {
                    let sets: Vec<&PotSet> = chains
                        .iter()
                        .map(|c| if on { &c.on } else { &c.off })
                        .collect();
                    for &key in sets[0].keys() {
                        if sets[1..].iter().all(|s| s.contains(key)) {
                            let ends: Vec<u32> =
                                sets.iter().map(|s| s.get(key).expect("in all")).collect();
                            self.offer_set(e, best, Kind::Cell, key, &ends, 5, vec![cell], None);
                        }
                    }
                }
            }
            drop(chains);
            self.forget(e, cell);
        }
        // The chains of cells never visited (bivalue cells here, or all
        // when a limit stopped the search).
        for slot in 0..self.memo.len() {
            if let Some(c) = self.memo[slot].take() {
                if let Ok(c) = Rc::try_unwrap(c) {
                    self.give(e, c.on);
                    self.give(e, c.off);
                }
            }
        }
    }

    fn binary(
        &mut self,
        e: &mut Engine,
        best: &mut Best,
        on_chain: &OnChain,
        double: bool,
        contradiction: bool,
    ) {
        let source_key = e.arena.key(on_chain.source);
        let (on_to_on, on_to_off) = (&on_chain.on, &on_chain.off);
        if contradiction {
            if let Some((a_on, a_off)) = on_chain.absurd {
                // The assumption "on" is false.
                self.offer_binary(e, best, source_key ^ 1, a_on, a_off, true);
            }
        }
        let p_off = e.arena.add(source_key ^ 1, Cause::Initial, &[]);
        let mut off_to_on = self.take(e);
        let mut off_to_off = self.take(e);
        off_to_off.insert(source_key ^ 1, p_off);
        let absurd = self.chain(e, &mut off_to_on, &mut off_to_off);
        if contradiction {
            if let Some((a_on, a_off)) = absurd {
                // The assumption "off" is false: the value holds.
                self.offer_binary(e, best, source_key, a_on, a_off, true);
            }
        }
        if double {
            for &from_on in on_to_on.nodes() {
                let key = e.arena.key(from_on);
                if let Some(from_off) = off_to_on.get(key) {
                    self.offer_binary(e, best, key, from_on, from_off, false);
                }
            }
            for &from_on in on_to_off.nodes() {
                let key = e.arena.key(from_on);
                if let Some(from_off) = off_to_off.get(key) {
                    self.offer_binary(e, best, key, from_on, from_off, false);
                }
            }
        }
        self.give(e, off_to_on);
        self.give(e, off_to_off);
    }

    /// A contradiction or double forcing chain proving `result` (a key).
    fn offer_binary(
        &self,
        e: &mut Engine,
        best: &mut Best,
        result: u32,
        dst_on: u32,
        dst_off: u32,
        absurd: bool,
    ) {
        let pr = self.producer;
        if !best.could_take(pr.base()) {
            return;
        }
        let complexity =
            e.ancestors(dst_on) + e.ancestors(dst_off) + e.nested_complexity(&[dst_on, dst_off]);
        let difficulty = pr.base() + length_bonus(complexity);
        if !best.could_take(difficulty) {
            return;
        }
        let (removable, placement) = effect(e, result);
        let cell = e.cell_of(result);
        best.offer(
            ChainHint {
                kind: Kind::Binary { absurd },
                producer: pr,
                difficulty,
                complexity,
                sort_key: if absurd { 7 } else { 1 },
                removable,
                placement,
                chain_end: dst_on,
                chain: Vec::new(),
                ends: vec![dst_on, dst_off],
                house_id: None,
                cells: vec![cell],
                house: None,
                value: None,
            },
            e,
        );
    }

    /// A cell or region forcing chain: every chain of the set ends in `key`.
    #[allow(clippy::too_many_arguments)]
    fn offer_set(
        &self,
        e: &mut Engine,
        best: &mut Best,
        kind: Kind,
        key: u32,
        ends: &[u32],
        sort_key: u8,
        cells: Vec<usize>,
        house_value: Option<(u16, usize)>,
    ) {
        let pr = self.producer;
        if !best.could_take(pr.base()) {
            return;
        }
        let (removable, placement) = effect(e, key);
        if removable.is_empty() {
            return;
        }
        let mut complexity = 0;
        for &end in ends {
            complexity += e.ancestors(end);
        }
        complexity += e.nested_complexity(ends);
        let difficulty = pr.base() + length_bonus(complexity);
        if !best.could_take(difficulty) {
            return;
        }
        let house = house_value.map(|(h, _)| e.houses.get(usize::from(h)).name());
        best.offer(
            ChainHint {
                kind,
                producer: pr,
                difficulty,
                complexity,
                sort_key,
                removable,
                placement,
                chain_end: ends[0],
                chain: Vec::new(),
                ends: ends.to_vec(),
                house_id: house_value.map(|(h, _)| h),
                cells,
                house,
                value: house_value.map(|(_, v)| v),
            },
            e,
        );
    }

    /// SE's `doRegionChainings` for `value` of `cell`.
    fn regions(
        &mut self,
        e: &mut Engine,
        best: &mut Best,
        cell: usize,
        value: usize,
        on_to_on: &PotSet,
        on_to_off: &PotSet,
    ) {
        let n_houses = e.cell_houses(cell).len();
        for hi in 0..n_houses {
            let h = e.cell_houses(cell)[hi];
            let places: Vec<usize> = {
                let cells = e.house_cells(h);
                let mut m = e.places(h, value);
                std::iter::from_fn(|| {
                    (m != 0).then(|| {
                        let c = cells[m.trailing_zeros() as usize];
                        m &= m - 1;
                        c
                    })
                })
                .collect()
            };
            let card = places.len();
            if !(card == 2 || (self.producer.multiple && card > 2)) || places[0] != cell {
                continue;
            }
            let partners: Vec<Rc<OnChain>> = places[1..]
                .iter()
                .map(|&other| self.on_chain(e, e.key(other, value, true)))
                .collect();
            let pos_on: Vec<&PotSet> = partners.iter().map(|c| &c.on).collect();
            let pos_off: Vec<&PotSet> = partners.iter().map(|c| &c.off).collect();
            for (first, rest) in [(on_to_on, &pos_on), (on_to_off, &pos_off)] {
                for &key in first.keys() {
                    if rest.iter().all(|s| s.contains(key)) {
                        let mut ends = vec![first.get(key).expect("listed")];
                        ends.extend(rest.iter().map(|s| s.get(key).expect("in all")));
                        self.offer_set(
                            e,
                            best,
                            Kind::Region,
                            key,
                            &ends,
                            6,
                            vec![cell],
                            Some((h, value)),
                        );
                    }
                }
            }
        }
    }
}

/// What a proven node removes (`(cell, mask)`) and places (`(cell, value)`).
type Effect = (Vec<(usize, u64)>, Option<(usize, usize)>);

/// What proving node `key` does: an on node places its value and removes
/// the cell's other candidates; an off node removes its candidate.
fn effect(e: &Engine, key: u32) -> Effect {
    let cell = e.cell_of(key);
    let b = e.bit_of(key);
    if key & 1 == 1 {
        let rest = e.masks[cell] & !b;
        if rest == 0 {
            (Vec::new(), None)
        } else {
            (vec![(cell, rest)], Some((cell, e.value_of(key))))
        }
    } else {
        (vec![(cell, b)], None)
    }
}
