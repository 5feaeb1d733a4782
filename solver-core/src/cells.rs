//! Counting with sparse sets ("dancing cells"), after Knuth's SSXCC and
//! Christine Solnon's XCC with dancing cells.
//!
//! Each item keeps the options still available to it in a slice of one array,
//! `set`, whose first `size` entries are the live ones: removing an option
//! from an item swaps it past the end and shrinks `size`, and undoing is just
//! restoring the sizes, which each branching level saves on a stack. So
//! undoing costs one write per active item instead of one relink per removed
//! node, which is where Dancing Links spends about half of a long count.
//!
//! The rules are those of the links search ([`crate::search`]) with checked
//! commits: MRV branching, ties to the first item in Knuth's order; forced
//! moves (items with one option left) taken without a scan; and a dead end (an
//! active primary item left with no option) found while the option is being
//! committed, without a node for it. So the tree is the same, up to the order
//! of forced moves. This engine only counts: it is built from a [`Solver`]'s
//! current state (forced options applied) and leaves that state untouched. The
//! links search keeps everything else (solutions, seeds, progress reports).
//!
//! The arrays are indexed by `u16` when the problem fits in 2^16 entries
//! ([`width`]: no bounds checks in the inner loop), by `u32` beyond; the
//! search is the same code for both.

mod width;

use crate::limits::{Incomplete, Limits, SearchMemo, Stats, CHECK_EVERY};
use crate::matrix::{DONE_COLOR, NO_COLOR};
use crate::parallel::Meter;
use crate::solver::Solver;
use width::Width;

/// Above this many option nodes the links search counts instead: the cells
/// are a second copy of the problem, and the memory budgets of the callers
/// (one links copy per thread) do not include it.
const MAX_NODES: usize = 1 << 22;

/// Above this bound on the size-saving stack (primary items times active
/// items, entries of 8 bytes) the links search counts instead.
const MAX_SAVED: usize = 1 << 25;

/// Whether a problem of `nodes` nodes, `primaries` primary items and
/// `items` items in all fits the cells ([`count_solver`] counts it and
/// every subproblem of it: those have no more active items).
pub(crate) fn fits(nodes: usize, primaries: usize, items: usize) -> bool {
    nodes <= MAX_NODES && primaries.saturating_mul(items) <= MAX_SAVED
}

/// Knuth's layout: an item is named by the place in `set` where its options
/// start, and the three entries before them hold its number (its place in
/// Knuth's order), its size (how many options are live) and its position in
/// `item` (active while below `active`). So the inner loop of `hide` reads
/// and writes one array, with one base pointer fewer than a separate array of
/// items would take (it runs short of registers).
const ID: u8 = 3;
/// See [`ID`].
const SIZE: u8 = 2;
/// See [`ID`].
const POS: u8 = 1;

/// No item has place 0 in `set` (the first item's options start after its
/// three entries): a node whose item is 0 is the spacer after an option.
const SPACER: u8 = 0;

#[derive(Clone, Copy, PartialEq)]
struct Node<W> {
    /// The item (its place in `set`), or [`SPACER`] for the spacer after an
    /// option.
    itm: W,
    /// The node's place in its item's slice of `set`; for a spacer, the
    /// option's length (so that subtracting it leads back to the option's
    /// first node).
    loc: W,
}

/// The problem as sparse sets, built in plain vectors of `u32` (a spacer's
/// `itm` is minus its option's length), before it takes its width.
struct Plain {
    second: u32,
    primaries: u32,
    starts: Vec<u32>,
    set: Vec<u32>,
    nd: Vec<(i32, u32)>,
    clr: Vec<u32>,
}

/// The problem as sparse sets, and the search state.
pub(crate) struct Cells<W: Width> {
    /// Items placed below this in `set` are primary.
    second: W,
    /// How many items are primary.
    primaries: u32,
    /// Each item's place in `set`, in Knuth's order.
    starts: Vec<W>,
    /// The items, active ones first.
    item: W::Array<W>,
    /// Each item's number, size and position, then its options (see [`ID`]).
    set: W::Array<W>,
    nd: W::Array<Node<W>>,
    /// Each node's colour, or [`NO_COLOR`] (apart: only colours read it; a
    /// plain vector, as `taken`: only coloured problems read them, and a
    /// narrow array would cost a count 2^16 entries to fill).
    clr: Vec<u32>,
    active: W,
    force: ForceStack<W>,
    updates: u64,
    /// The colour each secondary item (by its place) took when it left the
    /// active list ([`NO_COLOR`] for an option without one); read only while
    /// inactive.
    taken: Vec<u32>,
    /// Whether some option gives an item a colour.
    coloured: bool,
}

impl Plain {
    /// The problem left in `s` (its active items and the options still
    /// available to them), or `None` when it is too large for this engine.
    fn from_solver(s: &Solver) -> Option<Plain> {
        if s.nodes.len() > MAX_NODES {
            return None;
        }
        let head2 = (s.links.len() - 1) as u32;
        let mut cid = vec![u32::MAX; s.links.len()];
        let mut headers = Vec::new();
        let mut p = s.links[0].1;
        while p != 0 {
            headers.push(p);
            p = s.links[p as usize].1;
        }
        let second = headers.len();
        let mut p = s.links[head2 as usize].1;
        while p != head2 {
            // A purified colour has nothing left to do: all its remaining
            // options agree with it.
            let mut q = s.nodes[p as usize].down;
            let mut purified = false;
            while q != p {
                if s.nodes[q as usize].color == DONE_COLOR {
                    purified = true;
                    break;
                }
                q = s.nodes[q as usize].down;
            }
            if !purified {
                headers.push(p);
            }
            p = s.links[p as usize].1;
        }
        if second.saturating_mul(headers.len()) > MAX_SAVED {
            return None;
        }
        for (k, &h) in headers.iter().enumerate() {
            cid[h as usize] = k as u32;
        }
        // The live options: those still in an active primary item's list.
        let mut map = vec![u32::MAX; s.nodes.len()];
        let mut nd: Vec<(i32, u32)> = Vec::new();
        let mut clr: Vec<u32> = Vec::new();
        for &h in &headers[..second] {
            let mut q = s.nodes[h as usize].down;
            while q != h {
                if map[q as usize] == u32::MAX {
                    let mut first = q;
                    while s.nodes[first as usize - 1].top != 0 {
                        first -= 1;
                    }
                    let begin = nd.len();
                    let mut r = first;
                    while s.nodes[r as usize].top != 0 {
                        let node = s.nodes[r as usize];
                        let c = cid[node.top as usize];
                        if c != u32::MAX && node.color != DONE_COLOR {
                            map[r as usize] = nd.len() as u32;
                            nd.push((c as i32, 0));
                            clr.push(node.color);
                        }
                        r += 1;
                    }
                    let len = (nd.len() - begin) as i32;
                    nd.push((-len, 0));
                    clr.push(NO_COLOR);
                }
                q = s.nodes[q as usize].down;
            }
        }
        let mut starts = Vec::with_capacity(headers.len());
        let mut set = Vec::with_capacity(nd.len() + usize::from(ID) * headers.len());
        for (k, &h) in headers.iter().enumerate() {
            set.extend([k as u32, 0, k as u32]);
            let start = set.len();
            let mut q = s.nodes[h as usize].down;
            while q != h {
                let m = map[q as usize];
                if m != u32::MAX {
                    nd[m as usize].1 = set.len() as u32;
                    set.push(m);
                }
                q = s.nodes[q as usize].down;
            }
            set[start - usize::from(SIZE)] = (set.len() - start) as u32;
            starts.push(start as u32);
        }
        for node in &mut nd {
            if node.0 >= 0 {
                node.0 = starts[node.0 as usize] as i32;
            }
        }
        Some(Plain {
            // Without secondary items, above every place (see `Width::MAX`).
            second: starts.get(second).copied().unwrap_or(u32::MAX),
            primaries: second as u32,
            starts,
            set,
            nd,
            clr,
        })
    }

    /// Whether every array of the problem fits width `W` (`taken` has an
    /// entry more than `set`).
    fn fits<W: Width>(&self) -> bool {
        W::fits(self.set.len() + 1) && W::fits(self.nd.len())
    }

    /// The problem in arrays of width `W`, which it [fits](Plain::fits).
    fn into_cells<W: Width>(self) -> Cells<W> {
        let w = |x: u32| W::new(x as usize);
        let second = if self.second == u32::MAX {
            W::MAX
        } else {
            w(self.second)
        };
        let nd: Vec<Node<W>> = self
            .nd
            .iter()
            .map(|&(itm, loc)| {
                if itm < 0 {
                    Node {
                        itm: W::from(SPACER),
                        loc: W::new(itm.unsigned_abs() as usize),
                    }
                } else {
                    Node {
                        itm: w(itm as u32),
                        loc: w(loc),
                    }
                }
            })
            .collect();
        let starts: Vec<W> = self.starts.iter().map(|&x| w(x)).collect();
        let taken = vec![NO_COLOR; self.set.len() + 1];
        let spacer = Node {
            itm: W::from(SPACER),
            loc: W::from(0),
        };
        Cells {
            second,
            primaries: self.primaries,
            active: W::new(starts.len()),
            item: W::array(starts.clone(), W::from(0)),
            starts,
            taken,
            set: W::array(self.set.iter().map(|&x| w(x)).collect(), W::from(0)),
            nd: W::array(nd, spacer),
            force: ForceStack::new(self.primaries as usize),
            updates: 0,
            coloured: self.clr.iter().any(|&c| c != NO_COLOR),
            clr: self.clr,
        }
    }
}

impl<W: Width> Cells<W> {
    /// Item `c`'s number in Knuth's order.
    #[inline]
    fn id(&self, c: W) -> W {
        self.set[c - W::from(ID)]
    }

    /// How many options item `c` has live.
    #[inline]
    fn size(&self, c: W) -> W {
        self.set[c - W::from(SIZE)]
    }

    /// Item `c`'s position in `item` (active while below `active`).
    #[inline]
    fn pos(&self, c: W) -> W {
        self.set[c - W::from(POS)]
    }

    /// Moves item `c` to place `p` of the active items.
    #[inline]
    fn swap_out(&mut self, c: W, p: W) {
        let pp = self.pos(c);
        let cc = self.item[p];
        self.item[p] = c;
        self.item[pp] = cc;
        self.set[cc - W::from(POS)] = pp;
        self.set[c - W::from(POS)] = p;
    }

    /// Removes the options of item `c` (all of them, or with `color` those of
    /// another colour) from the other items active before `oactive`. With
    /// `CHECK`, returns false as soon as an item active now is left with no
    /// option (the state is then restored by the sizes saved below), and puts
    /// those left with one on the force stack.
    ///
    /// Specialised by whether it checks (`CHECK`) and whether `color` can be
    /// a colour (`COLOURED`), and inlined in each caller: on problems with
    /// short item lists (n-queens, Langford pairs) the call and its setup cost
    /// as much as the updates.
    #[inline(always)]
    fn hide<const CHECK: bool, const COLOURED: bool>(
        &mut self,
        c: W,
        color: u32,
        oactive: W,
    ) -> bool {
        // Plain locals, so that the loop keeps them in registers.
        let set = &mut self.set;
        let nd = &mut self.nd;
        let force = &mut self.force;
        let second = self.second;
        let (zero, one) = (W::from(0), W::from(1));
        // Items below this place can become dead or forced (none unchecked).
        let watched = if CHECK { self.active } else { zero };
        let (start, size) = (c, set[c - W::from(SIZE)]);
        let mut updates = 0u64;
        let mut alive = true;
        let mut rr = start;
        let end = start + size;
        'options: while rr < end {
            let tt = set[rr];
            rr += one;
            if COLOURED && color != NO_COLOR && self.clr[tt.get()] == color {
                continue;
            }
            let mut nn = tt + one;
            while nn != tt {
                let Node { itm: uu, loc: vv } = nd[nn];
                if uu == W::from(SPACER) {
                    nn -= vv;
                    continue;
                }
                let pos = set[uu - W::from(POS)];
                if pos < oactive {
                    let ss = set[uu - W::from(SIZE)] - one;
                    if CHECK && ss <= one && pos < watched && uu < second {
                        if ss == zero {
                            alive = false;
                            break 'options;
                        }
                        force.push(uu);
                    }
                    let last = uu + ss;
                    set[uu - W::from(SIZE)] = ss;
                    let nnp = set[last];
                    set[last] = nn;
                    set[vv] = nnp;
                    nd[nn].loc = last;
                    nd[nnp].loc = vv;
                    updates += 1;
                }
                nn += one;
            }
        }
        self.updates += updates;
        alive
    }

    /// Takes item `c`, chosen to branch on, out of the active list and its
    /// options out of the other items' lists. Out of line, as `commit`.
    #[inline(never)]
    fn choose(&mut self, c: W) {
        let p = self.active - W::from(1);
        self.active = p;
        self.swap_out(c, p);
        self.hide::<false, false>(c, NO_COLOR, p);
    }

    /// Commits the option of node `cur`: its items leave the active list and
    /// the options clashing with it are hidden. False at a dead end.
    ///
    /// Kept out of line: inlined into the search loop, its inner loop (in
    /// `hide`) ran short of registers and kept its counters on the stack.
    #[inline(never)]
    fn commit(&mut self, cur: W) -> bool {
        let one = W::from(1);
        let oactive = self.active;
        let mut p = oactive;
        let mut q = cur + one;
        while q != cur {
            let Node { itm: c, loc } = self.nd[q];
            if c == W::from(SPACER) {
                q -= loc;
                continue;
            }
            if self.pos(c) < p {
                p -= one;
                self.swap_out(c, p);
                if self.coloured && c >= self.second {
                    self.taken[c.get()] = self.clr[q.get()];
                }
            }
            q += one;
        }
        self.active = p;
        let mut q = cur + one;
        while q != cur {
            let Node { itm: c, loc } = self.nd[q];
            if c == W::from(SPACER) {
                q -= loc;
                continue;
            }
            if c < self.second {
                if !self.hide::<true, false>(c, NO_COLOR, oactive) {
                    return false;
                }
            } else if self.pos(c) < oactive
                && !self.hide::<true, true>(c, self.clr[q.get()], oactive)
            {
                return false;
            }
            q += one;
        }
        true
    }
}

/// What the scan of the active primary items found.
#[derive(Clone, Copy)]
enum Pick<W> {
    /// An item with no option left (the force stack is emptied).
    Dead,
    /// No primary item left: a solution.
    Solved,
    /// An item with one option left (the others found are on the force
    /// stack).
    Forced(W),
    /// The item with the fewest options, ties to the first in Knuth's order.
    Branch(W),
}

impl<W: Width> Cells<W> {
    /// Scans the active primary items for the one to branch on: MRV, ties to
    /// the first place in `set` (Knuth's order), items with one option left
    /// pushed on the force stack. Out of line, so that its loop keeps the
    /// best item and its size in registers.
    #[inline(never)]
    fn pick(&mut self) -> Pick<W> {
        let Cells {
            set,
            item,
            force,
            second,
            active,
            ..
        } = self;
        let second = *second;
        let one = W::from(1);
        let mut t = W::MAX;
        let mut best = W::from(0);
        for &it in &(**item)[..active.get()] {
            if it >= second {
                continue;
            }
            let s = set[it - W::from(SIZE)];
            if s <= one {
                if s == W::from(0) {
                    force.clear();
                    return Pick::Dead;
                }
                force.push(it);
            } else if s < t || (s == t && it < best) {
                best = it;
                t = s;
            }
        }
        if let Some(b) = force.pop() {
            Pick::Forced(b)
        } else if t == W::MAX {
            Pick::Solved
        } else {
            Pick::Branch(best)
        }
    }
}

/// The items left with one option, to be taken without a scan: a buffer
/// sized once, so that a push in `hide`'s inner loop is a store and an
/// increment, not a call that may grow a vector (on Langford pairs there is
/// one push for every eight updates). Each primary item is on it at most
/// once: `hide` pushes an item when its size falls from 2 to 1 and `pick`
/// pushes those of size 1 only when the stack is empty, and sizes grow back
/// only when the search backs up, when the stack is empty. A broken
/// invariant would be a panic (the index is checked), never a wrong count.
struct ForceStack<W> {
    items: Box<[W]>,
    len: usize,
}

impl<W: Width> ForceStack<W> {
    fn new(primaries: usize) -> ForceStack<W> {
        ForceStack {
            items: vec![W::from(0); primaries + 1].into_boxed_slice(),
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, item: W) {
        self.items[self.len] = item;
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<W> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len])
    }

    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
}

/// How a count ended.
pub(crate) struct Counted {
    pub(crate) stats: Stats,
    pub(crate) incomplete: Option<Incomplete>,
}

/// Counts the solutions of the problem left in `s` within `limits` (and a
/// parallel search's shared budget), with the same node and solution limits
/// as the links search; `None` when the problem is too large for the cells
/// (the links search counts it). In `u16` arrays when it fits them.
pub(crate) fn count_solver(s: &Solver, limits: &Limits, shared: Option<&Meter>) -> Option<Counted> {
    let plain = Plain::from_solver(s)?;
    Some(if plain.fits::<u16>() {
        count(plain.into_cells::<u16>(), limits, shared)
    } else {
        count(plain.into_cells::<u32>(), limits, shared)
    })
}

/// [`count_solver`] in `u32` arrays whatever the problem's size (the wide
/// path, tested on small problems against the narrow one).
#[cfg(test)]
fn count_solver_wide(s: &Solver, limits: &Limits) -> Option<Counted> {
    Some(count(
        Plain::from_solver(s)?.into_cells::<u32>(),
        limits,
        None,
    ))
}

/// Counts the solutions of `cells` within `limits` (and a parallel search's
/// shared budget), with the same node and solution limits as the links search.
fn count<W: Width>(mut cx: Cells<W>, limits: &Limits, shared: Option<&Meter>) -> Counted {
    let mut stats = Stats::default();
    let incomplete = if limits.max_solutions == Some(0) {
        Some(Incomplete::SolutionLimit)
    } else {
        search(&mut cx, limits, shared, &mut stats)
    };
    stats.updates = cx.updates;
    // The narrow arrays go to the thread's next count.
    W::recycle(cx.set);
    W::recycle(cx.nd);
    W::recycle(cx.item);
    Counted { stats, incomplete }
}

#[derive(Clone, Copy)]
enum Go {
    Forward,
    Advance,
    Backup,
    Abort,
}

fn search<W: Width>(
    cx: &mut Cells<W>,
    limits: &Limits,
    shared: Option<&Meter>,
    stats: &mut Stats,
) -> Option<Incomplete> {
    // Locals, kept in registers; `stats` is written when the search ends.
    let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
    let mut nodes = 0u64;
    let mut solutions = 0u128;
    let mut reported = 0u64;
    let mut until_check = 1u32;
    // Every level takes a primary item out of play: at most `second`
    // levels below the root.
    let depth = cx.primaries as usize + 2;
    // A solution limit stops inside a subtree: counts are then searched
    // one by one, without the memo.
    // Within the memory budget: when even the smallest table does not fit,
    // the count goes on without the memo (exact, only slower).
    // The table doubles by copying into one twice its size, so at its peak
    // it holds one and a half times its final size: two thirds of the
    // budget is what the final table may take.
    let table_bytes = limits.max_memory.map_or(MEMO_BYTES, |b| b / 3 * 2);
    let mut memo = if limits.max_solutions.is_none() {
        Memo::new(cx, depth, table_bytes)
    } else {
        None
    };
    let why = 'search: {
        let mut level = 0usize;
        let mut choice: Vec<W> = vec![W::from(0); depth];
        let mut saved: Vec<usize> = vec![0; depth];
        let mut stack: Vec<(W, W)> = Vec::new();
        let mut best = W::from(0);
        let mut cur_choice = W::from(0);
        let mut go = Go::Forward;
        loop {
            match go {
                Go::Forward => {
                    if nodes >= max_nodes {
                        break 'search Some(Incomplete::NodeLimit);
                    }
                    nodes += 1;
                    until_check -= 1;
                    if until_check == 0 {
                        until_check = CHECK_EVERY;
                        if let Some(why) = limits.interrupted() {
                            break 'search Some(why);
                        }
                        if let Some(shared) = shared {
                            let new_nodes = nodes - reported;
                            reported = nodes;
                            if let Some(why) = shared.check(new_nodes) {
                                break 'search Some(why);
                            }
                        }
                    }
                    let mut forced = false;
                    while let Some(b) = cx.force.pop() {
                        if cx.pos(b) < cx.active {
                            best = b;
                            forced = true;
                            break;
                        }
                    }
                    if !forced {
                        match cx.pick() {
                            Pick::Branch(b) => best = b,
                            Pick::Forced(b) => {
                                best = b;
                                forced = true;
                            }
                            Pick::Dead => {
                                // Only at the root: an item no option covers.
                                go = Go::Backup;
                                continue;
                            }
                            Pick::Solved => {
                                solutions += 1;
                                if let Some(max) = limits.max_solutions {
                                    if solutions >= max {
                                        break 'search Some(Incomplete::SolutionLimit);
                                    }
                                }
                                go = Go::Backup;
                                continue;
                            }
                        }
                    }
                    if !forced {
                        if let Some(m) = memo.as_mut() {
                            if let Some(n) = m.lookup(cx, level, solutions, nodes) {
                                solutions += n;
                                go = Go::Backup;
                                continue;
                            }
                        }
                    }
                    cx.choose(best);
                    cur_choice = best;
                    let base = saved[level];
                    if forced {
                        saved[level + 1] = base;
                    } else {
                        stack.truncate(base);
                        let set = &cx.set;
                        stack.extend(
                            (*cx.item)[..cx.active.get()]
                                .iter()
                                .map(|&it| (it, set[it - W::from(SIZE)])),
                        );
                        saved[level + 1] = stack.len();
                    }
                    go = Go::Advance;
                }
                Go::Advance => {
                    let cur = cx.set[cur_choice];
                    choice[level] = cur;
                    if cx.commit(cur) {
                        level += 1;
                        go = Go::Forward;
                    } else {
                        cx.force.clear();
                        go = Go::Abort;
                    }
                }
                Go::Backup => {
                    if level == 0 {
                        break 'search None;
                    }
                    level -= 1;
                    let cur = choice[level];
                    let node = cx.nd[cur];
                    best = node.itm;
                    cur_choice = node.loc;
                    go = Go::Abort;
                }
                Go::Abort => {
                    let (start, size) = (best, cx.size(best));
                    if cur_choice + W::from(1) >= start + size {
                        // A branching node searched to its end (a forced
                        // move has one option: nothing was looked up).
                        if let Some(m) = memo.as_mut().filter(|_| cur_choice > start) {
                            m.store(cx, level, solutions, nodes);
                        }
                        go = Go::Backup;
                        continue;
                    }
                    let (from, to) = (saved[level], saved[level + 1]);
                    cx.active = W::new(to - from);
                    for &(it, size) in &stack[from..to] {
                        cx.set[it - W::from(SIZE)] = size;
                    }
                    cur_choice += W::from(1);
                    go = Go::Advance;
                }
            }
        }
    };
    stats.nodes = nodes;
    stats.solutions = solutions;
    match &memo {
        Some(m) => stats.memo = m.used(),
        None if limits.max_solutions.is_none() => stats.memo.over_budget = 1,
        None => {}
    }
    if let Some(shared) = shared {
        shared.add_nodes(nodes - reported);
    }
    why
}

/// Memory for the memo table of one count (keys, hashes and counts) when
/// the limits set no budget.
const MEMO_BYTES: u64 = 1 << 26;

/// The slots the table starts with (it doubles as it fills, up to the
/// budget): the smallest memo there is.
const MIN_SLOTS: usize = 64;

/// Lookups at one level after which the memo is kept there only if it has
/// been saving more than it costs.
const LEVEL_TRIAL: u32 = 1 << 10;

/// What a lookup and a store cost, in the units of [`Memo::work`]: about
/// what 64 updates cost (a key built from the active items, a hash, a probe
/// that misses the cache).
const LOOKUP_COST: u64 = 64;

/// Slots probed from a key's home slot.
const PROBES: usize = 8;

/// Memoised counts of subproblems (after Nishino et al.'s DXZ): the number
/// of solutions below a branching node depends only on the items still active
/// and on the colours the inactive secondary items took, so a node whose
/// state was met before adds the count found then instead of searching again.
/// The table is a bounded cache (a full one overwrites), each entry holds its
/// whole key (a hit is never a hash collision), and a count that a limit cut
/// short is never stored: every count stays exact. Each level of the search
/// keeps the memo only while its hits save more work than its lookups cost
/// (judged after [`LEVEL_TRIAL`] lookups there).
struct Memo<W> {
    /// Key width in words: a bit per item, then a half-word per colourable
    /// secondary item.
    words: usize,
    /// The secondary items that some option gives a colour.
    coloured: Vec<W>,
    /// For each of them, the primary items in all its options (`anchors[k]`
    /// to `anchors[k + 1]` in `anchor`): once one is covered, every option
    /// with the colourable item is gone, and its colour no longer matters.
    anchors: Vec<u32>,
    anchor: Vec<W>,
    /// Slot hashes (0: empty).
    hashes: Vec<u64>,
    keys: Vec<u64>,
    /// Each slot's count, and the work its search took.
    counts: Vec<(u128, u64)>,
    used: usize,
    /// The most slots the memory allows.
    max_slots: usize,
    /// Per level: the key of the node being searched, its hash (0: none to
    /// store), the solutions counted and the work done before it; lookups,
    /// the work hits saved, whether the memo is used there.
    pending: Vec<u64>,
    pending_hash: Vec<u64>,
    base: Vec<(u128, u64)>,
    lookups: Vec<u32>,
    saved: Vec<u64>,
    on: Vec<bool>,
    /// What it did, for the search's statistics (`bytes` and `levels_off`
    /// filled in at the end).
    total: SearchMemo,
}

impl<W: Width> Memo<W> {
    /// The memo of a count on `cx` whose table (hashes, keys and counts)
    /// grows to at most `budget` bytes; `None` when the smallest table does
    /// not fit.
    fn new(cx: &Cells<W>, depth: usize, budget: u64) -> Option<Memo<W>> {
        let n = cx.starts.len();
        let coloured: Vec<W> = cx.starts[cx.primaries as usize..]
            .iter()
            .copied()
            .filter(|&c| {
                (*cx.set)[c.get()..(c + cx.size(c)).get()]
                    .iter()
                    .any(|&x| cx.clr[x.get()] != NO_COLOR)
            })
            .collect();
        let mut anchors = vec![0u32];
        let mut anchor = Vec::new();
        for &c in &coloured {
            let mut common: Option<Vec<W>> = None;
            for &x in &(*cx.set)[c.get()..(c + cx.size(c)).get()] {
                let mut primaries = Vec::new();
                let mut q = x + W::from(1);
                while q != x {
                    let Node { itm, loc } = cx.nd[q];
                    if itm == W::from(SPACER) {
                        q -= loc;
                        continue;
                    }
                    if itm < cx.second {
                        primaries.push(itm);
                    }
                    q += W::from(1);
                }
                common = Some(match common {
                    None => primaries,
                    Some(mut a) => {
                        a.retain(|p| primaries.contains(p));
                        a
                    }
                });
            }
            anchor.extend(common.unwrap_or_default());
            anchors.push(anchor.len() as u32);
        }
        let words = n.div_ceil(64) + coloured.len().div_ceil(2);
        let slot_bytes = (8 * words + 8 + 32) as u64;
        // A power of two below budget / slot (checked: a budget near
        // u64::MAX is no reason to overflow).
        let fit = (budget / slot_bytes).max(1);
        let max_slots = fit.checked_next_power_of_two().map_or(1 << 63, |p| p / 2);
        let max_slots = usize::try_from(max_slots).unwrap_or(usize::MAX / 2 + 1);
        if max_slots < MIN_SLOTS {
            return None;
        }
        // Small at first: many callers count many small problems (cubes,
        // batches of puzzles); the table doubles as it fills.
        let slots = MIN_SLOTS;
        Some(Memo {
            words,
            coloured,
            anchors,
            anchor,
            hashes: vec![0; slots],
            keys: vec![0; slots * words],
            counts: vec![(0, 0); slots],
            used: 0,
            max_slots,
            pending: vec![0; depth * words],
            pending_hash: vec![0; depth],
            base: vec![(0, 0); depth],
            lookups: vec![0; depth],
            saved: vec![0; depth],
            on: vec![true; depth],
            total: SearchMemo::default(),
        })
    }

    /// What the memo did: its lookups, hits and stored counts, the bytes of
    /// its table (which only grows) and the levels it left.
    fn used(&self) -> SearchMemo {
        let bytes = self.hashes.len() * 8 + self.keys.len() * 8 + self.counts.len() * 32;
        SearchMemo {
            bytes: bytes as u64,
            levels_off: self.on.iter().filter(|&&on| !on).count() as u64,
            ..self.total
        }
    }

    /// The work done so far, in updates (a node counts for 8).
    #[inline]
    fn work(cx: &Cells<W>, nodes: u64) -> u64 {
        cx.updates + 8 * nodes
    }

    /// The state of `cx` as the key of `level`, and its count if known.
    #[inline(never)]
    fn lookup(&mut self, cx: &Cells<W>, level: usize, solutions: u128, nodes: u64) -> Option<u128> {
        if !self.on[level] {
            return None;
        }
        let n = self.lookups[level] + 1;
        self.lookups[level] = n;
        if n == LEVEL_TRIAL && self.saved[level] < u64::from(n) * LOOKUP_COST {
            self.on[level] = false;
            self.pending_hash[level] = 0;
            return None;
        }
        self.total.lookups += 1;
        let w = self.words;
        let key = &mut self.pending[level * w..(level + 1) * w];
        key.fill(0);
        for &it in &(*cx.item)[..cx.active.get()] {
            let id = cx.id(it).get();
            key[id >> 6] |= 1 << (id & 63);
        }
        let bits = cx.starts.len().div_ceil(64);
        for (k, &c) in self.coloured.iter().enumerate() {
            let anchors = &self.anchor[self.anchors[k] as usize..self.anchors[k + 1] as usize];
            if cx.pos(c) >= cx.active && anchors.iter().all(|&a| cx.pos(a) < cx.active) {
                let colour = cx.taken[c.get()].wrapping_add(1) as u64;
                key[bits + k / 2] |= colour << (32 * (k & 1));
            }
        }
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        for &x in key.iter() {
            h = (h ^ x).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29);
        }
        h = (h ^ (h >> 32)) | 1;
        let mask = self.hashes.len() - 1;
        for i in 0..PROBES {
            let s = (h as usize).wrapping_add(i) & mask;
            if self.hashes[s] == 0 {
                break;
            }
            if self.hashes[s] == h && self.keys[s * w..(s + 1) * w] == *key {
                let (count, work) = self.counts[s];
                self.saved[level] = self.saved[level].saturating_add(work);
                self.pending_hash[level] = 0;
                self.total.hits += 1;
                return Some(count);
            }
        }
        self.pending_hash[level] = h;
        self.base[level] = (solutions, Self::work(cx, nodes));
        None
    }

    /// Stores the count of the node at `level`, now searched to its end.
    #[inline(never)]
    fn store(&mut self, cx: &Cells<W>, level: usize, solutions: u128, nodes: u64) {
        let h = self.pending_hash[level];
        if h == 0 {
            return;
        }
        self.pending_hash[level] = 0;
        self.total.entries += 1;
        if self.used * 2 >= self.hashes.len() && self.hashes.len() < self.max_slots {
            self.grow();
        }
        let w = self.words;
        let mask = self.hashes.len() - 1;
        let mut slot = h as usize & mask;
        for i in 0..PROBES {
            let s = (h as usize).wrapping_add(i) & mask;
            if self.hashes[s] == 0 {
                self.used += 1;
                slot = s;
                break;
            }
        }
        let (sols, work) = self.base[level];
        self.hashes[slot] = h;
        self.keys[slot * w..(slot + 1) * w]
            .copy_from_slice(&self.pending[level * w..(level + 1) * w]);
        self.counts[slot] = (solutions - sols, Self::work(cx, nodes) - work);
    }
    /// Doubles the table.
    fn grow(&mut self) {
        let w = self.words;
        let slots = self.hashes.len() * 2;
        let hashes = std::mem::replace(&mut self.hashes, vec![0; slots]);
        let keys = std::mem::replace(&mut self.keys, vec![0; slots * w]);
        let counts = std::mem::replace(&mut self.counts, vec![(0, 0); slots]);
        let mask = slots - 1;
        self.used = 0;
        for (old, &h) in hashes.iter().enumerate() {
            if h == 0 {
                continue;
            }
            for i in 0..PROBES {
                let s = (h as usize).wrapping_add(i) & mask;
                if self.hashes[s] == 0 {
                    self.hashes[s] = h;
                    self.keys[s * w..(s + 1) * w].copy_from_slice(&keys[old * w..(old + 1) * w]);
                    self.counts[s] = counts[old];
                    self.used += 1;
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{knuth, problems};

    /// The narrow (`u16`) and the wide (`u32`) arrays count the same, and
    /// what mathematics says: Langford pairs (A014552, both orders), n
    /// queens (A000170), Latin squares (A002860), Knuth's example of colours
    /// (one solution: A C X:1 Y:1 with B X:1; every other pair of options
    /// covering A, B and C clashes on a colour or covers A twice).
    #[test]
    fn both_widths_give_the_known_counts() {
        let colours = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nA X:0\nB X:1\nC Y:1\n";
        for (text, known) in [
            (problems::langford(7), 52u128),
            (problems::langford(8), 300),
            (problems::n_queens(8), 92),
            (problems::latin_square(4), 576),
            (problems::latin_square_coloured(4), 576),
            (colours.to_string(), 1),
        ] {
            let m = knuth::parse(&text).expect("the problem parses");
            let s = m.solver();
            let plain = Plain::from_solver(&s).expect("small");
            assert!(plain.fits::<u16>());
            let narrow = count_solver(&s, &Limits::none(), None).expect("small");
            let wide = count_solver_wide(&s, &Limits::none()).expect("small");
            assert_eq!(narrow.stats.solutions, known);
            assert_eq!(wide.stats.solutions, known);
            assert_eq!(narrow.stats.nodes, wide.stats.nodes);
            assert_eq!(narrow.stats.updates, wide.stats.updates);
        }
    }

    /// A problem whose arrays pass 2^16 entries is counted in `u32` arrays,
    /// and counted right: a cycle of 4,000 vertices (items) tiled by its
    /// arcs of 16 vertices (options), which 16 divides, so the tilings are the
    /// 16 offsets of the arc on the first vertex; 68,000 nodes with the
    /// spacers.
    #[test]
    fn wide_problems_take_u32_arrays() {
        let (n, arc) = (4_000, 16);
        let mut text: String = (0..n).map(|i| format!("v{i} ")).collect::<String>() + "\n";
        for i in 0..n {
            let option: Vec<String> = (0..arc).map(|k| format!("v{}", (i + k) % n)).collect();
            text += &(option.join(" ") + "\n");
        }
        let m = knuth::parse(&text).expect("the problem parses");
        let s = m.solver();
        let plain = Plain::from_solver(&s).expect("within the cells' limits");
        assert!(!plain.fits::<u16>());
        let counted = count_solver(&s, &Limits::none(), None).expect("fits the cells");
        assert_eq!(counted.stats.solutions, 16);
    }
}
