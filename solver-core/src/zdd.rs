//! Memoized counting through a diagram of the solutions: a ZDD built as
//! Knuth's Algorithm Z builds one (TAOCP 7.2.2.1, after DLX6).
//!
//! The search branches on the **first primary item left in input order**,
//! not on the one with the fewest options. Every primary item before it is
//! covered, so the subproblem left is known from the items covered from it
//! on and from the colours the secondary items took: that is the memo's key,
//! and it depends on nothing else (no tie break reads anything but the key).
//! When the items have a geometry and the input lists them along it (a board
//! row by row, an Aztec diamond diagonal by diagonal), the covered items
//! from the first one on stay within a narrow frontier, and the number of
//! distinct keys stays small however many solutions there are.
//!
//! Each distinct subproblem becomes a chain of diagram nodes, one per option
//! that covers its first item: node `(o, lo, hi)` stands for the solutions
//! that take option `o` (with `hi` the solutions of what is left) together
//! with those of `lo` (the options after `o`). Options are ordered by their
//! first primary item, then by input order, and every path takes them in
//! that order, so the diagram is an ordered ZDD. Node 0 is the empty family
//! (no solution), node 1 the family of the empty set (done). The diagram is
//! reduced as Knuth reduces a ZDD: no node has node 0 as `hi` (an option
//! that leads to no solution is left out), and equal nodes (same option,
//! same children) are one node, found in a unique table as the chains are
//! made from the last level up. Without secondary items no two nodes are
//! equal: a node's family is nonempty and each of its solutions covers
//! exactly the primary items its subproblem has left, which its key names,
//! so the table is only kept when there are secondary items. The count of
//! every node is the sum of its children's, exact at any size
//! ([`BigCount`]); a uniform sample walks down from the root and takes `hi`
//! with probability count(hi) / count(node).
//!
//! All memory (keys, table, states, nodes, counts) is reckoned against the
//! caller's budget: a diagram that would outgrow it is not built, and the
//! build stops with [`Incomplete::MemoryLimit`]; it never answers a partial
//! count. The build runs on one thread.
//!
//! ```
//! use solver_core::{knuth, zdd, Limits};
//!
//! // Domino tilings of a 2x3 board: 3.
//! let m = knuth::parse("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n")?;
//! let built = zdd::build(&m, &Limits::none(), 1 << 20).expect("fits");
//! assert_eq!(built.count(1 << 20).unwrap().to_string(), "3");
//! let mut text = Vec::new();
//! built.write_text(&m, &mut text)?;
//! assert!(String::from_utf8(text)?.contains(":("));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};

use crate::bigcount::{add_into, cmp_limbs, sub_into, BigCount};
use crate::limits::{Incomplete, Limits, CHECK_EVERY};
use crate::matrix::Matrix;
use crate::OptionId;

/// The empty family: no solution.
const BOT: u32 = 0;
/// The family of the empty set: the problem is solved.
const TOP: u32 = 1;
/// Nothing applied / no result yet.
const NONE: u32 = u32::MAX;
/// A free slot of the memo's table.
const EMPTY: u64 = u64::MAX;
/// The bits of a table slot that say where its key is.
const PLACE: u64 = (1 << 40) - 1;
/// A secondary item taken by an option without a colour.
const BLOCKED: u32 = u32::MAX;

/// What the memo did, for `--explain` and JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MemoStats {
    /// Subproblems met (search-tree nodes of the memoized search).
    pub states: u64,
    /// Distinct subproblems stored (memo entries).
    pub entries: u64,
    /// Subproblems met again and answered from the memo.
    pub hits: u64,
    /// Nodes of the diagram, the two sinks included.
    pub zdd_nodes: u64,
    /// The most memory held at once, in bytes.
    pub peak_bytes: u64,
}

/// The problem as the build reads it: primary items numbered in input
/// order, options with their primary and secondary items.
struct Prep {
    primary: usize,
    /// Per option: its primary items (`prim[prim_at[o]..prim_at[o + 1]]`).
    prim_at: Vec<u32>,
    prim: Vec<u32>,
    /// Per option: its secondary items and colour codes (0: no colour).
    sec_at: Vec<u32>,
    sec: Vec<(u32, u32)>,
    /// Per primary item: the options whose first primary item it is.
    first_at: Vec<u32>,
    first: Vec<u32>,
    /// Per secondary item: the latest first primary item of an option with
    /// it (after that it can no longer matter), or `None`.
    last_use: Vec<Option<u32>>,
}

impl Prep {
    fn new(m: &Matrix) -> Prep {
        let mut index = vec![0u32; m.item_count()];
        let (mut np, mut ns) = (0u32, 0u32);
        for item in m.items() {
            if m.is_primary(item) {
                index[item.index()] = np;
                np += 1;
            } else {
                index[item.index()] = ns;
                ns += 1;
            }
        }
        let mut prim_at = vec![0u32];
        let mut prim = Vec::new();
        let mut sec_at = vec![0u32];
        let mut sec = Vec::new();
        let mut by_first: Vec<Vec<u32>> = vec![Vec::new(); np as usize];
        let mut last_use: Vec<Option<u32>> = vec![None; ns as usize];
        for o in 0..m.option_count() {
            let start = prim.len();
            let sstart = sec.len();
            for entry in m.option(OptionId::new(o)) {
                let k = index[entry.item.index()];
                if m.is_primary(entry.item) {
                    prim.push(k);
                } else {
                    sec.push((k, entry.color.map_or(0, |c| c.0)));
                }
            }
            prim[start..].sort_unstable();
            if let Some(&f) = prim.get(start) {
                by_first[f as usize].push(o as u32);
                for &(j, _) in &sec[sstart..] {
                    let last = &mut last_use[j as usize];
                    *last = Some(last.map_or(f, |l| l.max(f)));
                }
            }
            prim_at.push(prim.len() as u32);
            sec_at.push(sec.len() as u32);
        }
        let mut first_at = vec![0u32];
        let mut first = Vec::new();
        for list in by_first {
            first.extend(list);
            first_at.push(first.len() as u32);
        }
        Prep {
            primary: np as usize,
            prim_at,
            prim,
            sec_at,
            sec,
            first_at,
            first,
            last_use,
        }
    }

    fn prims(&self, o: u32) -> &[u32] {
        &self.prim[self.prim_at[o as usize] as usize..self.prim_at[o as usize + 1] as usize]
    }

    fn secs(&self, o: u32) -> &[(u32, u32)] {
        &self.sec[self.sec_at[o as usize] as usize..self.sec_at[o as usize + 1] as usize]
    }
}

/// The frontier of a matrix in input order: the most items that can be
/// partly decided at once when the search covers the primary items in
/// input order (for a cut before primary item `p`: the items from `p` on,
/// primary or secondary, that share an option with an item before `p`).
/// A board listed row by row has its width as frontier; the planner reads
/// it to choose memoized counting.
///
/// ```
/// use solver_core::{knuth, zdd};
/// // Dominoes on a 2x3 board, row by row: a frontier of 3 cells.
/// let m = knuth::parse("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n")?;
/// assert_eq!(zdd::frontier(&m), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn frontier(m: &Matrix) -> usize {
    let prep = Prep::new(m);
    let p = prep.primary;
    // For each primary item j: the least first item of an option with it.
    let mut reach = vec![u32::MAX; p];
    for o in 0..m.option_count() as u32 {
        let prims = prep.prims(o);
        if let Some(&f) = prims.first() {
            for &j in prims {
                reach[j as usize] = reach[j as usize].min(f);
            }
        }
    }
    // Cut p (0..=P): +1 over (reach, j] for primaries, (first use, last use]
    // for secondaries.
    let mut diff = vec![0i64; p + 2];
    for (j, &r) in reach.iter().enumerate() {
        if r != u32::MAX && (r as usize) < j {
            diff[r as usize + 1] += 1;
            diff[j + 1] -= 1;
        }
    }
    let mut first_use: Vec<Option<u32>> = vec![None; prep.last_use.len()];
    for o in 0..m.option_count() as u32 {
        if let Some(&f) = prep.prims(o).first() {
            for &(j, _) in prep.secs(o) {
                let e = &mut first_use[j as usize];
                *e = Some(e.map_or(f, |x| x.min(f)));
            }
        }
    }
    for (a, b) in first_use.iter().zip(&prep.last_use) {
        if let (Some(a), Some(b)) = (a, b) {
            if a < b {
                diff[*a as usize + 1] += 1;
                diff[*b as usize + 1] -= 1;
            }
        }
    }
    let mut width = 0i64;
    let mut most = 0i64;
    for d in diff {
        width += d;
        most = most.max(width);
    }
    most as usize
}

/// Memory reckoned against the budget: the capacity of every big vector.
struct Budget {
    used: u64,
    max: u64,
    peak: u64,
}

impl Budget {
    /// Makes room for one more element in `v`, within the budget.
    fn room<T>(&mut self, v: &mut Vec<T>) -> bool {
        if v.len() < v.capacity() {
            return true;
        }
        let size = std::mem::size_of::<T>().max(1) as u64;
        let cap = v.capacity() as u64;
        let left = self.max.saturating_sub(self.used) / size;
        let extra = cap.max(16).min(left);
        if extra == 0 {
            return false;
        }
        v.reserve_exact(extra as usize);
        self.used += (v.capacity() as u64 - cap) * size;
        self.peak = self.peak.max(self.used);
        true
    }

    /// Takes `bytes` more, if the budget allows.
    fn take(&mut self, bytes: u64) -> bool {
        if self.used.saturating_add(bytes) > self.max {
            return false;
        }
        self.used += bytes;
        self.peak = self.peak.max(self.used);
        true
    }
}

/// The subproblems whose first item left is one primary item: their keys,
/// each followed by its number, and a table over them.
#[derive(Default)]
struct Level {
    arena: Vec<u64>,
    /// Open addressing: a key's place in the arena (low 40 bits) under 24
    /// bits of its hash ([`EMPTY`]: a free slot), so that a miss reads one
    /// slot and nothing else.
    table: Vec<u64>,
    entries: usize,
}

/// The search state, the levels of the memo and the edges found.
struct Builder<'a> {
    prep: &'a Prep,
    covered: Vec<u64>,
    colour: Vec<u32>,
    /// Secondary items that have a colour (or are blocked), in the order
    /// they took it.
    taken: Vec<u32>,
    levels: Vec<Level>,
    /// Distinct subproblems so far (their numbers are `0..states`).
    states: u32,
    key: Vec<u64>,
    budget: Budget,
}

fn hash(key: &[u64]) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for &x in key {
        h = (h ^ x).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29);
    }
    // MurmurHash3's finaliser: every bit of the key reaches the low bits
    // that pick the slot.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The words of a key, from its header: the words of covered items (low
/// half) and the secondary items (high half), after the header.
fn key_len(header: u64) -> usize {
    1 + (header & 0xffff_ffff) as usize + (header >> 32) as usize
}

impl Builder<'_> {
    fn is_covered(&self, j: u32) -> bool {
        self.covered[j as usize >> 6] >> (j & 63) & 1 == 1
    }

    fn flip(&mut self, j: u32) {
        self.covered[j as usize >> 6] ^= 1 << (j & 63);
    }

    /// The first primary item not covered, from `from` on (`primary` if
    /// none).
    fn first_left(&self, from: u32) -> u32 {
        let p = self.prep.primary as u32;
        let mut w = from as usize >> 6;
        let Some(&first) = self.covered.get(w) else {
            return p;
        };
        let mut word = !first & (u64::MAX << (from & 63));
        loop {
            if word != 0 {
                return (64 * w as u32 + word.trailing_zeros()).min(p);
            }
            w += 1;
            if w >= self.covered.len() {
                return p;
            }
            word = !self.covered[w];
        }
    }

    fn compatible(&self, o: u32) -> bool {
        self.prep.prims(o).iter().all(|&j| !self.is_covered(j))
            && self.prep.secs(o).iter().all(|&(j, c)| {
                let now = self.colour[j as usize];
                now == 0 || (c != 0 && now == c)
            })
    }

    fn apply(&mut self, o: u32) {
        let prep = self.prep;
        for &j in prep.prims(o) {
            self.flip(j);
        }
        for &(j, c) in prep.secs(o) {
            if self.colour[j as usize] == 0 {
                self.colour[j as usize] = if c == 0 { BLOCKED } else { c };
                self.taken.push(j);
            }
        }
    }

    /// Takes back option `o`, applied when `taken` held `mark` items.
    fn undo(&mut self, o: u32, mark: usize) {
        for &j in self.prep.prims(o) {
            self.flip(j);
        }
        while self.taken.len() > mark {
            let j = self.taken.pop().expect("taken");
            self.colour[j as usize] = 0;
        }
    }

    /// The key of the state whose first item left is `first`, in `key`:
    /// the number of words of each part; the covered items
    /// after `first` (64 to a word, up to the last covered one); the
    /// secondary items taken that an option left could still meet, with
    /// their colours, in item order.
    fn make_key(&mut self, first: u32) {
        self.key.clear();
        self.key.push(0);
        // The last covered primary item.
        let last = self
            .covered
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(k, &w)| 64 * k as u32 + 63 - w.leading_zeros());
        let mut words = 0u64;
        if let Some(last) = last.filter(|&l| l > first) {
            let mut b = first + 1;
            while b <= last {
                let (w, s) = (b as usize >> 6, b & 63);
                let mut x = self.covered[w] >> s;
                if s != 0 {
                    if let Some(&next) = self.covered.get(w + 1) {
                        x |= next << (64 - s);
                    }
                }
                let n = (last + 1 - b).min(64);
                if n < 64 {
                    x &= (1u64 << n) - 1;
                }
                self.key.push(x);
                words += 1;
                b += 64;
            }
        }
        let before = self.key.len();
        for &j in &self.taken {
            if self.prep.last_use[j as usize].is_some_and(|l| l >= first) {
                self.key
                    .push(u64::from(j) << 32 | u64::from(self.colour[j as usize]));
            }
        }
        self.key[before..].sort_unstable();
        let secs = (self.key.len() - before) as u64;
        // `first` is the level's: every key of a level has it.
        self.key[0] = words | secs << 32;
    }

    /// Sets the search state to the key at `off` in level `first`.
    fn restore(&mut self, first: u32, off: usize) {
        let level = &self.levels[first as usize];
        let header = level.arena[off];
        let words = (header & 0xffff_ffff) as usize;
        let secs = (header >> 32) as usize;
        self.covered.fill(0);
        for j in 0..first {
            self.covered[j as usize >> 6] |= 1 << (j & 63);
        }
        for k in 0..words {
            let x = level.arena[off + 1 + k];
            let mut bits = x;
            while bits != 0 {
                let j = first + 1 + 64 * k as u32 + bits.trailing_zeros();
                self.covered[j as usize >> 6] |= 1 << (j & 63);
                bits &= bits - 1;
            }
        }
        for &j in &self.taken {
            self.colour[j as usize] = 0;
        }
        self.taken.clear();
        for k in 0..secs {
            let x = level.arena[off + 1 + words + k];
            let j = (x >> 32) as u32;
            self.colour[j as usize] = x as u32;
            self.taken.push(j);
        }
    }

    /// The number of the state in `key` (first item `first`), stored if
    /// new; with whether it was met before. `None` when the budget is
    /// spent.
    fn find_or_insert(&mut self, first: u32) -> Option<(u32, bool)> {
        let h = hash(&self.key);
        let tag = h >> 40 << 40;
        let level = &mut self.levels[first as usize];
        if level.table.is_empty() {
            if !self.budget.take(8 * 16) {
                return None;
            }
            level.table = vec![EMPTY; 16];
        }
        let mask = level.table.len() - 1;
        let mut s = h as usize & mask;
        loop {
            let e = level.table[s];
            if e == EMPTY {
                break;
            }
            if e & !PLACE == tag {
                let off = (e & PLACE) as usize;
                let len = self.key.len();
                if level.arena[off..off + len] == self.key[..] {
                    return Some((level.arena[off + len] as u32, true));
                }
            }
            s = (s + 1) & mask;
        }
        if 2 * (level.entries + 1) > level.table.len() {
            let cap = level.table.len() * 2;
            if !self.budget.take(8 * cap as u64) {
                return None;
            }
            let old = std::mem::replace(&mut level.table, vec![EMPTY; cap]);
            let mask = cap - 1;
            for e in old.into_iter().filter(|&e| e != EMPTY) {
                let off = (e & PLACE) as usize;
                let len = key_len(level.arena[off]);
                let h = hash(&level.arena[off..off + len]);
                let mut s = h as usize & mask;
                while level.table[s] != EMPTY {
                    s = (s + 1) & mask;
                }
                level.table[s] = e;
            }
            self.budget.used -= 4 * cap as u64;
            s = h as usize & mask;
            while level.table[s] != EMPTY {
                s = (s + 1) & mask;
            }
        }
        let off = level.arena.len();
        if off as u64 >= PLACE || self.states == TOP_STATE {
            return None;
        }
        let id = self.states;
        for k in 0..=self.key.len() {
            if !self.budget.room(&mut level.arena) {
                return None;
            }
            level
                .arena
                .push(self.key.get(k).copied().unwrap_or(u64::from(id)));
        }
        level.entries += 1;
        level.table[s] = tag | off as u64;
        self.states += 1;
        Some((id, false))
    }

    /// Frees a level done with.
    fn free(&mut self, first: u32) {
        let level = std::mem::take(&mut self.levels[first as usize]);
        self.budget.used -= 8 * (level.arena.capacity() + level.table.capacity()) as u64;
    }
}

/// The child of an edge that is solved: every primary item covered.
const TOP_STATE: u32 = u32::MAX;

/// The diagram of every solution of a matrix.
#[derive(Clone, Debug)]
pub struct Zdd {
    /// `(option, lo, hi)`; entries 0 and 1 are the sinks.
    nodes: Vec<[u32; 3]>,
    root: u32,
    stats: MemoStats,
}

/// Builds the diagram of the solutions of `m` within `limits` (nodes are
/// the subproblems met, new or not; a solution limit does not apply) and
/// `max_bytes` of memory; the reason it stopped otherwise, with what it
/// did.
///
/// The subproblems are found level by level, as Knuth's Algorithm Z does:
/// level `p` holds those whose first item left is primary item `p`, each
/// option that covers `p` leads from one of them to a subproblem of a later
/// level (or to the end), and a level's keys are freed once its options
/// have been followed; only the edges stay. The diagram is then made from
/// the last level up.
pub fn build(m: &Matrix, limits: &Limits, max_bytes: u64) -> Result<Zdd, (Incomplete, MemoStats)> {
    let prep = Prep::new(m);
    let primary = prep.primary;
    let mut b = Builder {
        prep: &prep,
        covered: vec![0; primary.div_ceil(64)],
        colour: vec![0; prep.last_use.len()],
        taken: Vec::new(),
        levels: (0..primary).map(|_| Level::default()).collect(),
        states: 0,
        key: Vec::new(),
        budget: Budget {
            used: 0,
            max: max_bytes,
            peak: 0,
        },
    };
    let mut stats = MemoStats::default();
    let out = |b: &Builder, mut stats: MemoStats, why| {
        stats.peak_bytes = b.budget.peak;
        stats.entries = u64::from(b.states);
        (why, stats)
    };
    // Per state, in the order they were expanded: its number and where its
    // edges (option, child state) start.
    let mut order: Vec<u32> = Vec::new();
    let mut starts: Vec<u64> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let root_first = b.first_left(0);
    if root_first as usize == primary {
        // No primary item: one solution, the empty one.
        stats.states = 1;
        return Ok(Zdd {
            nodes: vec![[0; 3], [0; 3]],
            root: TOP,
            stats,
        });
    }
    b.make_key(root_first);
    if b.find_or_insert(root_first).is_none() {
        return Err(out(&b, stats, Incomplete::MemoryLimit));
    }
    stats.states = 1;
    let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
    let mut until_check = CHECK_EVERY;
    for p in root_first..primary as u32 {
        let mut off = 0;
        while off < b.levels[p as usize].arena.len() {
            let len = key_len(b.levels[p as usize].arena[off]);
            let id = b.levels[p as usize].arena[off + len] as u32;
            b.restore(p, off);
            off += len + 1;
            if !b.budget.room(&mut order) || !b.budget.room(&mut starts) {
                return Err(out(&b, stats, Incomplete::MemoryLimit));
            }
            order.push(id);
            starts.push(edges.len() as u64);
            let (from, to) = (prep.first_at[p as usize], prep.first_at[p as usize + 1]);
            for &o in &prep.first[from as usize..to as usize] {
                if !b.compatible(o) {
                    continue;
                }
                if stats.states >= max_nodes {
                    return Err(out(&b, stats, Incomplete::NodeLimit));
                }
                stats.states += 1;
                until_check -= 1;
                if until_check == 0 {
                    until_check = CHECK_EVERY;
                    if let Some(why) = limits.interrupted() {
                        return Err(out(&b, stats, why));
                    }
                }
                let mark = b.taken.len();
                b.apply(o);
                let first = b.first_left(p + 1);
                let child = if first as usize == primary {
                    Some((TOP_STATE, false))
                } else {
                    b.make_key(first);
                    b.find_or_insert(first)
                };
                b.undo(o, mark);
                let Some((child, hit)) = child else {
                    return Err(out(&b, stats, Incomplete::MemoryLimit));
                };
                stats.hits += u64::from(hit);
                if !b.budget.room(&mut edges) {
                    return Err(out(&b, stats, Incomplete::MemoryLimit));
                }
                edges.push((o, child));
            }
        }
        b.free(p);
    }
    stats.entries = u64::from(b.states);
    // From the last state expanded up: each state's chain of nodes.
    let mut node_of: Vec<u32> = Vec::new();
    if !b.budget.take(4 * u64::from(b.states)) {
        return Err(out(&b, stats, Incomplete::MemoryLimit));
    }
    node_of.resize(b.states as usize, BOT);
    let mut nodes: Vec<[u32; 3]> = Vec::new();
    for _ in 0..2 {
        if !b.budget.room(&mut nodes) {
            return Err(out(&b, stats, Incomplete::MemoryLimit));
        }
        nodes.push([0; 3]);
    }
    let total_edges = edges.len() as u64;
    // Knuth's reduction: equal nodes are one node (a unique table over
    // `(option, lo, hi)`), and no node has the empty family as `hi` (such an
    // option leads nowhere and is left out of its chain). Without secondary
    // items no two nodes can be equal (see the module docs): no table.
    let mut unique = if prep.last_use.is_empty() {
        None
    } else {
        Some(
            Unique::new(&mut b.budget, total_edges)
                .ok_or_else(|| out(&b, stats, Incomplete::MemoryLimit))?,
        )
    };
    for k in (0..order.len()).rev() {
        let end = starts.get(k + 1).copied().unwrap_or(total_edges) as usize;
        let mut r = BOT;
        for &(o, child) in edges[starts[k] as usize..end].iter().rev() {
            let hi = if child == TOP_STATE {
                TOP
            } else {
                node_of[child as usize]
            };
            if hi == BOT {
                continue;
            }
            let node = [o, r, hi];
            let slot = unique.as_ref().map(|u| u.slot(&nodes, node));
            if let (Some(u), Some(slot)) = (&unique, slot) {
                if u.table[slot] != NONE {
                    r = u.table[slot];
                    continue;
                }
            }
            if !b.budget.room(&mut nodes) || nodes.len() >= NONE as usize {
                return Err(out(&b, stats, Incomplete::MemoryLimit));
            }
            r = nodes.len() as u32;
            nodes.push(node);
            if let (Some(u), Some(slot)) = (&mut unique, slot) {
                u.table[slot] = r;
            }
        }
        node_of[order[k] as usize] = r;
    }
    stats.zdd_nodes = nodes.len() as u64;
    stats.peak_bytes = b.budget.peak;
    Ok(Zdd {
        root: node_of[0],
        nodes,
        stats,
    })
}

/// The unique table of the diagram's nodes: open addressing over node
/// numbers ([`NONE`]: a free slot), with room for every edge of the build
/// (at most one node each) at half load, so that a probe always ends.
struct Unique {
    table: Vec<u32>,
}

impl Unique {
    /// A table for up to `edges` nodes, reckoned against `budget`.
    fn new(budget: &mut Budget, edges: u64) -> Option<Unique> {
        let slots = edges
            .saturating_mul(2)
            .max(16)
            .checked_next_power_of_two()?;
        if !budget.take(slots.saturating_mul(4)) {
            return None;
        }
        Some(Unique {
            table: vec![NONE; usize::try_from(slots).ok()?],
        })
    }

    /// The slot that holds `node` among `nodes`, or the free slot where it
    /// goes.
    fn slot(&self, nodes: &[[u32; 3]], node: [u32; 3]) -> usize {
        let [o, lo, hi] = node.map(u64::from);
        let h = (o.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (lo << 32 | hi))
            .wrapping_mul(0xff51_afd7_ed55_8ccd);
        let mask = self.table.len() - 1;
        let mut s = (h >> 20) as usize & mask;
        loop {
            let n = self.table[s];
            if n == NONE || nodes[n as usize] == node {
                return s;
            }
            s = (s + 1) & mask;
        }
    }
}

/// The counts of every node of a diagram, `width` limbs each.
#[derive(Clone, Debug)]
pub struct Counts {
    width: usize,
    table: Vec<u64>,
}

impl Counts {
    fn of(&self, n: u32) -> &[u64] {
        &self.table[n as usize * self.width..(n as usize + 1) * self.width]
    }
}

impl Zdd {
    /// What the build did.
    pub fn stats(&self) -> MemoStats {
        self.stats
    }

    /// Nodes of the diagram, the two sinks included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the diagram has only its sinks (it never has fewer).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 2
    }

    /// The counts of every node, within `max_bytes` together with the
    /// diagram (the counts of a node take as many 64-bit limbs as the
    /// root's count needs, rounded up to a power of two);
    /// [`Incomplete::MemoryLimit`] if they do not fit.
    pub fn counts(&self, max_bytes: u64) -> Result<Counts, Incomplete> {
        let n = self.nodes.len();
        // The diagram itself stays held while its counts are made.
        let held = 12 * n as u64;
        let mut width = 2usize;
        loop {
            let bytes = (n as u64).saturating_mul(8 * width as u64);
            if bytes.saturating_add(held) > max_bytes {
                return Err(Incomplete::MemoryLimit);
            }
            let mut table = vec![0u64; n * width];
            table[width] = 1;
            let mut overflow = false;
            for (k, &[_, lo, hi]) in self.nodes.iter().enumerate().skip(2) {
                let (done, rest) = table.split_at_mut(k * width);
                let cur = &mut rest[..width];
                cur.copy_from_slice(&done[lo as usize * width..(lo as usize + 1) * width]);
                if add_into(cur, &done[hi as usize * width..(hi as usize + 1) * width]) {
                    overflow = true;
                    break;
                }
            }
            if !overflow {
                return Ok(Counts { width, table });
            }
            width *= 2;
        }
    }

    /// The number of solutions, from the counts of every node.
    pub fn count_of(&self, counts: &Counts) -> BigCount {
        BigCount::from_limbs(counts.of(self.root))
    }

    /// The number of solutions, exact, counted within `max_bytes`.
    pub fn count(&self, max_bytes: u64) -> Result<BigCount, Incomplete> {
        let counts = self.counts(max_bytes)?;
        Ok(BigCount::from_limbs(counts.of(self.root)))
    }

    /// Draws a solution uniformly at random (`None` if there is none): its
    /// options, in the diagram's order. `rng` is a 64-bit generator's state
    /// ([`crate::rng::splitmix64`] steps it).
    pub fn sample(&self, counts: &Counts, rng: &mut u64) -> Option<Vec<OptionId>> {
        let total = counts.of(self.root);
        if total.iter().all(|&x| x == 0) {
            return None;
        }
        let w = counts.width;
        let bits = BigCount::from_limbs(total).bits();
        // r uniform below total, by rejection.
        let mut r = vec![0u64; w];
        loop {
            for (k, limb) in r.iter_mut().enumerate() {
                let x = crate::rng::splitmix64(rng);
                let lo = 64 * k as u64;
                *limb = if lo >= bits {
                    0
                } else if bits - lo >= 64 {
                    x
                } else {
                    x & ((1u64 << (bits - lo)) - 1)
                };
            }
            if cmp_limbs(&r, total).is_lt() {
                break;
            }
        }
        let mut chosen = Vec::new();
        let mut n = self.root;
        while n > TOP {
            let [o, lo, hi] = self.nodes[n as usize];
            let below = counts.of(lo);
            if cmp_limbs(&r, below).is_lt() {
                n = lo;
            } else {
                sub_into(&mut r, below);
                chosen.push(OptionId(o));
                n = hi;
            }
        }
        debug_assert_eq!(n, TOP);
        Some(chosen)
    }

    /// Writes the diagram as text (the format of `docs/formats.md`): a
    /// comment line, the options it uses (`o<k> <option>`), then one node a
    /// line, children first, as Knuth writes them: `<id>:(o<k>?<lo>:<hi>)`,
    /// and last `root <id>`.
    pub fn write_text(&self, m: &Matrix, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "# zdd: {} nodes (0 and 1 are the sinks), {} options, {} memo entries",
            self.nodes.len(),
            m.option_count(),
            self.stats.entries
        )?;
        let mut used = vec![false; m.option_count()];
        for &[o, _, _] in &self.nodes[2..] {
            used[o as usize] = true;
        }
        for (o, _) in used.iter().enumerate().filter(|(_, &u)| u) {
            writeln!(out, "o{o} {}", m.option_text(OptionId::new(o)))?;
        }
        for (k, &[o, lo, hi]) in self.nodes.iter().enumerate().skip(2) {
            writeln!(out, "{k}:(o{o}?{lo}:{hi})")?;
        }
        writeln!(out, "root {}", self.root)
    }
}

#[cfg(test)]
mod tests;
