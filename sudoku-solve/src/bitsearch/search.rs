//! The search: exact cover over the Sudoku matrix, with the matrix held as
//! one bit board per value (the cells where the value is still possible)
//! instead of linked lists.
//!
//! The items and options are those of [`Encoding`](crate::Encoding): an
//! option is a (cell, value) pair, an item is a cell or a (unit, value) pair.
//! The length of a cell item is its number of candidates; the length of a
//! (unit, value) item is the number of cells of the unit where the value is
//! possible. Propagation chooses every item of length 1 (naked and hidden
//! singles), fails on an item of length 0, and optionally removes options
//! that cannot be in a solution: by locked candidates (if every option of a
//! box-value item lies in one row, the row's other options for that value
//! conflict with it, and vice versa), and on grids above 9x9 by naked pairs
//! (two cells of a unit with the same two candidates) and hidden pairs (two
//! values possible in the same two cells of a unit only). On grids above
//! 16x16, lookahead ([`lookahead`]) then probes each cell with two candidates:
//! a value whose propagation fails leaves the other, and a candidate that
//! neither value's propagation keeps goes. Then the search branches on an
//! item with the fewest options, as Knuth's rule says: a cell with two
//! candidates when there is one, the one whose probes removed the most
//! candidates (without lookahead, the one chosen by the weight of its
//! values, [`branch`]). The node count includes the probes.
//!
//! The (unit, value) items are counted a value at a time, on the rows'
//! lanes ([`Lane`]: a row of a board as one integer): one pass down the rows
//! counts every row, column and box of the value at once, and the counts of
//! a band's boxes come from its columns' counts with the segment arithmetic
//! of [`Segments`]. A state is a few hundred bytes for 9x9 (a few kilobytes
//! for 25x25), so each level gets a copy instead of undoing changes.

use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;
use std::sync::Arc;

use solver_core::cdcl::Learner;
use solver_core::{Incomplete, Limits, Outcome, Stats};

use super::tables::{cells, has, is_empty, Board, Lane, Tables};

/// How many nodes pass between checks of the clock and the cancellation flag:
/// the workspace's one interval ([`solver_core::CHECK_EVERY`]), as this
/// engine's node counts are `u64`.
pub(crate) const CHECK_EVERY: u64 = solver_core::CHECK_EVERY as u64;

/// An open level of the search: its options are `options[start..end]`, the
/// next to try is `next`; its state is the slot with the frame's index.
struct Frame {
    start: usize,
    next: usize,
    end: usize,
}

/// The bit-parallel search for one shape; reusable across puzzles.
pub(crate) struct BitSearch<const W: usize> {
    t: Arc<Tables<W>>,
    /// States, one slot of `n + 2` boards per level: the candidates of each
    /// value, the unsolved cells, and the cells with two candidates that
    /// naked pairs has already looked at.
    states: Vec<Board<W>>,
    options: Vec<(u32, u32)>,
    frames: Vec<Frame>,
    /// Propagation's scratch space, kept between runs, for each lane type.
    small: Scratch<u64>,
    large: Scratch<u128>,
    /// Whether propagation also uses locked candidates.
    pub(crate) locked: bool,
    /// xorshift state for shuffling the options of each level; 0 = never.
    pub(crate) rng: u64,
    /// Lookahead: how many two-candidate cells each node probes (0 = none).
    /// All of them above 16x16, none below: on the shared 16x16 minimal
    /// puzzles the probes cost 25% more CPU time than the nodes they save;
    /// on the 25x25 puzzles with 270 givens they take the hardest from
    /// 158,307 nodes (1.8 s) to under 10,000 nodes and probes (about 60 ms).
    pub(crate) probe: usize,
    /// The probes' states, two slots.
    probes: Vec<Board<W>>,
    /// [`BitSearch::prove_unique`]'s root with the cells fixed so far.
    fixed: Vec<Board<W>>,
    /// [`BitSearch::prove_unique`]'s buffer for the state before a fix.
    before: Vec<Board<W>>,
    /// At most how many nodes a uniqueness check spends after its first
    /// solution before it tries [`BitSearch::prove_unique`] (tests set 0).
    pub(crate) split_after: u64,
    /// Whether searches for one solution or a uniqueness check go to
    /// clause learning ([`learn`]) after the root's propagation and
    /// lookahead: set when the plan names `cdcl` (tests set it to compare
    /// engines).
    pub(crate) learn: bool,
    /// How many uniqueness proofs [`BitSearch::prove_unique`] made.
    #[cfg(test)]
    split_proofs: u64,
}

impl<const W: usize> BitSearch<W> {
    pub(crate) fn new(t: Arc<Tables<W>>) -> Self {
        let t_n = t.n;
        BitSearch {
            t,
            states: Vec::new(),
            options: Vec::new(),
            frames: Vec::new(),
            small: Scratch::default(),
            large: Scratch::default(),
            locked: true,
            rng: 0,
            probe: if t_n > 16 { usize::MAX } else { 0 },
            probes: Vec::new(),
            fixed: Vec::new(),
            before: Vec::new(),
            split_after: u64::MAX,
            learn: false,
            #[cfg(test)]
            split_proofs: 0,
        }
    }

    /// Searches the completions of `givens` (one value per cell, 0 = empty),
    /// calling `visit` with each solution (one value per cell).
    pub(crate) fn run(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        record: bool,
        visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        if self.t.n <= 64 {
            self.search::<u64>(givens, limits, record, visit)
        } else {
            self.search::<u128>(givens, limits, record, visit)
        }
    }

    /// [`BitSearch::run`] with rows read as lanes of type `L`.
    fn search<L: LaneScratch>(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        record: bool,
        visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        let t = Arc::clone(&self.t);
        let scratch = std::mem::take(L::pick(&mut self.small, &mut self.large));
        let mut p = Propagator::<W, L>::new(&t, self.locked, scratch);
        let result = self.search_with(&t, &mut p, givens, limits, record, visit);
        *L::pick(&mut self.small, &mut self.large) = p.sc;
        result
    }

    /// [`BitSearch::search`] with its tables and propagation.
    fn search_with<L: Lane>(
        &mut self,
        t: &Tables<W>,
        p: &mut Propagator<'_, W, L>,
        givens: &[u16],
        limits: &Limits,
        record: bool,
        mut visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        if limits.max_solutions == Some(0) {
            return Ok(Outcome {
                stats: Stats::default(),
                incomplete: Some(Incomplete::SolutionLimit),
            });
        }
        let n = t.n;
        let size = n + 2;
        let mut stats = Stats::default();
        let mut solution = vec![0u16; if record { givens.len() } else { 0 }];
        self.states.clear();
        self.states.resize(size, t.full);
        self.states[n + 1] = [0; W];
        let root = &mut self.states[..size];
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                let (b, d) = (t.bit_of[c] as usize, usize::from(v) - 1);
                if !has(&root[d], b) || !has(&root[n], b) {
                    return Err(Clash);
                }
                place(t, root, b, d);
            }
        }
        stats.nodes = 1;
        let all = if n >= 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let probe = if self.locked { self.probe } else { 0 };
        self.probes.resize(2 * size, [0; W]);
        let Some(pairs) = p.propagate(root, all, true) else {
            return Ok(Outcome {
                stats,
                incomplete: None,
            });
        };
        let few = matches!(limits.max_solutions, Some(1 | 2));
        let learning = few && probe > 0 && self.learn && self.rng == 0;
        let Some((pairs, chosen)) =
            lookahead(t, p, root, pairs, &mut self.probes, probe, &mut stats)
        else {
            return Ok(Outcome {
                stats,
                incomplete: None,
            });
        };
        // One solution or a uniqueness check on a large grid: clause
        // learning from the propagated root ([`learn`]). Not with shuffled
        // options (the generator's random fills), which it would ignore.
        // (Without the root's lookahead: 36x36 examples, median 31 -> 35 ms;
        // 49x49, median 33 -> 30 ms: no gain overall.)
        if learning && !is_empty(&root[n]) {
            let root = &self.states[..size];
            let outcome = learn(t, root, limits, record, &mut stats, &mut visit);
            return Ok(outcome);
        }
        // A uniqueness check (at most two solutions) with lookahead: once
        // the first solution is found, the first-difference split tries to
        // prove it unique by propagation alone ([`BitSearch::prove_unique`]),
        // and if it cannot, the walk resumes. The split's passes cost about
        // a node per open cell each, so it goes first when the first
        // solution took [`SPLIT_AT_ONCE`] times as many nodes as the root
        // has open cells; otherwise the rest of the tree may first take as
        // many nodes again as the first solution (at least [`SPLIT_AFTER`]).
        let split = limits.max_solutions == Some(2) && probe > 0;
        let open: u64 = match split {
            true => root[n].iter().map(|w| u64::from(w.count_ones())).sum(),
            false => 0,
        };
        let split_after = self.split_after;
        let cap = Cell::new(u64::MAX);
        let first = RefCell::new(Vec::new());
        let mut found = |s: &[Board<W>], nodes: u64| {
            if split && first.borrow().is_empty() {
                first.borrow_mut().extend_from_slice(&s[..n]);
                let wait = match nodes >= open.saturating_mul(SPLIT_AT_ONCE) {
                    true => 0,
                    false => nodes.max(SPLIT_AFTER),
                };
                cap.set(nodes.saturating_add(split_after.min(wait)));
            }
            if record {
                decode(t, s, &mut solution);
            }
            visit(&solution)
        };
        let start = Some((pairs, chosen));
        let mut walk = self.explore(t, p, start, probe, limits, &cap, &mut stats, &mut found);
        if let Walk::OverBudget = walk {
            let proof = self.prove_unique(t, p, limits, &first.borrow(), &mut stats);
            walk = match proof {
                Ok(true) => {
                    #[cfg(test)]
                    {
                        self.split_proofs += 1;
                    }
                    Walk::Done
                }
                Err(why) => Walk::Stopped(why),
                Ok(false) => {
                    cap.set(u64::MAX);
                    self.explore(t, p, None, probe, limits, &cap, &mut stats, &mut found)
                }
            };
        }
        let incomplete = match walk {
            Walk::Done => None,
            Walk::Stopped(why) => Some(why),
            Walk::OverBudget => unreachable!("the last walk has no cap"),
        };
        Ok(Outcome { stats, incomplete })
    }

    /// Walks the subtree below the state in the first slot of `states`,
    /// calling `found` with each solved state and the node count. `start`:
    /// what [`lookahead`] returned for that state (propagated and probed),
    /// or `None` to resume the walk where it stopped. Stops at the caller's
    /// limits, and once the node count reaches `cap` (which `found` may
    /// change).
    #[allow(clippy::too_many_arguments)]
    fn explore<L: Lane>(
        &mut self,
        t: &Tables<W>,
        p: &mut Propagator<'_, W, L>,
        start: Option<(Board<W>, Option<Binary>)>,
        probe: usize,
        limits: &Limits,
        cap: &Cell<u64>,
        stats: &mut Stats,
        found: &mut impl FnMut(&[Board<W>], u64) -> ControlFlow<()>,
    ) -> Walk {
        let n = t.n;
        let size = n + 2;
        // A solved state: counted, shown to `found`, and maybe the last.
        let mut solved = |s: &[Board<W>], stats: &mut Stats| {
            stats.solutions += 1;
            if found(s, stats.nodes).is_break() {
                return Some(Incomplete::Stopped);
            }
            limits
                .max_solutions
                .is_some_and(|max| stats.solutions >= max)
                .then_some(Incomplete::SolutionLimit)
        };
        if let Some((pairs, chosen)) = start {
            if is_empty(&self.states[n]) {
                // The only solution: the walk is complete whatever the
                // solution limit.
                stats.solutions += 1;
                return match found(&self.states[..size], stats.nodes) {
                    ControlFlow::Break(()) => Walk::Stopped(Incomplete::Stopped),
                    ControlFlow::Continue(()) => Walk::Done,
                };
            }
            self.frames.clear();
            self.options.clear();
            self.open_level(t, 0, &pairs, chosen);
        }
        let mut next_check = stats.nodes;
        loop {
            let Some(top) = self.frames.last_mut() else {
                return Walk::Done;
            };
            if top.next == top.end {
                self.options.truncate(top.start);
                self.frames.pop();
                continue;
            }
            if stats.nodes >= cap.get() {
                return Walk::OverBudget;
            }
            let (c, d) = self.options[top.next];
            top.next += 1;
            if limits.max_nodes.is_some_and(|max| stats.nodes >= max) {
                return Walk::Stopped(Incomplete::NodeLimit);
            }
            stats.nodes += 1;
            if stats.nodes > next_check {
                next_check = stats.nodes + CHECK_EVERY;
                if let Some(why) = limits.interrupted() {
                    return Walk::Stopped(why);
                }
            }
            let k = self.frames.len();
            if self.states.len() < (k + 1) * size {
                self.states.resize((k + 1) * size, [0; W]);
            }
            self.states.copy_within((k - 1) * size..k * size, k * size);
            let s = &mut self.states[k * size..(k + 1) * size];
            let touched = place(t, s, c as usize, d as usize);
            let Some(pairs) = p.propagate(s, touched, false) else {
                continue;
            };
            let Some((pairs, chosen)) = lookahead(t, p, s, pairs, &mut self.probes, probe, stats)
            else {
                continue;
            };
            if is_empty(&s[n]) {
                if let Some(why) = solved(s, stats) {
                    return Walk::Stopped(why);
                }
                continue;
            }
            self.open_level(t, k, &pairs, chosen);
        }
    }

    /// Opens a level on the state in slot `k` (`pairs`, `chosen`: what
    /// [`lookahead`] returned for it): pushes the options [`branch`] chooses
    /// and their frame.
    fn open_level(&mut self, t: &Tables<W>, k: usize, pairs: &Board<W>, chosen: Option<Binary>) {
        let size = t.n + 2;
        let start = self.options.len();
        branch(
            t,
            &self.states[k * size..(k + 1) * size],
            pairs,
            chosen,
            self.locked,
            &mut self.options,
            &mut self.rng,
        );
        self.frames.push(Frame {
            start,
            next: start,
            end: self.options.len(),
        });
    }

    /// Tries to prove that `known` (a solution's boards, one per value) is
    /// the only solution of the root state (the first slot of `states`), by
    /// the first-difference split with propagation alone: true if it did,
    /// false if it could not tell (no second solution is looked for), an
    /// error if a limit stopped it. Leaves the search's states alone, so
    /// that its walk can resume.
    ///
    /// The split: for the open cells c1, c2, ... of the root in any order,
    /// a second solution would differ from `known` first at some ci: it
    /// would solve the root with c1 ... ci-1 as in `known` and ci not as in
    /// `known`. Refuting each of these subproblems proves uniqueness, and
    /// the order is free, so it is chosen as refutations succeed: in passes
    /// over the open cells, a cell whose known value, removed, leaves a
    /// state that propagation refutes is fixed (placed as in `known`, and
    /// propagated: the next subproblems are smaller, and the cells this
    /// solves need no refutation of their own). A pass tests the cells where
    /// removing the value can fail at once (two candidates left, or the
    /// value possible in only two cells of one of the cell's units), the
    /// first pass all of them, a later pass those near the cells the last
    /// fixes changed. The passes end when every cell is fixed, or one fixes
    /// none.
    ///
    /// Depth-first search refutes subproblems of the same kind, in the order
    /// of the cells it branches on along the path to the solution, before
    /// it knows the solution; when one of them is hard, the split may prove
    /// the others first and never meet it. On the third 36x36 example, the
    /// 1.6 million nodes that followed the first solution became 700 tests.
    /// With search in the subproblems too (lookahead, then growing node
    /// budgets), the split proved that puzzle no faster, and it took up to
    /// 30 times as many nodes as the walk on others.
    fn prove_unique<L: Lane>(
        &mut self,
        t: &Tables<W>,
        p: &mut Propagator<'_, W, L>,
        limits: &Limits,
        known: &[Board<W>],
        stats: &mut Stats,
    ) -> Result<bool, Incomplete> {
        let n = t.n;
        let size = n + 2;
        let mut fixed = std::mem::take(&mut self.fixed);
        fixed.clear();
        fixed.extend_from_slice(&self.states[..size]);
        let mut before = std::mem::take(&mut self.before);
        before.resize(n, [0; W]);
        let mut open: Vec<usize> = Vec::new();
        // The cells to test in the next pass.
        let mut retest = t.full;
        let proof = 'proof: loop {
            if is_empty(&fixed[n]) {
                break Ok(true);
            }
            let this: Board<W> = std::array::from_fn(|w| fixed[n][w] & retest[w]);
            retest = [0; W];
            open.clear();
            open.extend(cells(&this));
            let mut progress = false;
            for &c in &open {
                if !has(&fixed[n], c) {
                    continue;
                }
                let (w, bit) = (c / 64, 1u64 << (c % 64));
                let d = (0..n)
                    .find(|&d| known[d][w] & bit != 0)
                    .expect("a solution has a value in every cell");
                let two = fixed[..n]
                    .iter()
                    .filter(|b| b[w] & bit != 0)
                    .nth(2)
                    .is_none();
                let bilocal = || {
                    t.units_of[c].iter().any(|&u| {
                        let (w0, w1) = t.unit_words[u as usize];
                        let unit = &t.units[u as usize];
                        (w0 as usize..w1 as usize)
                            .map(|w| (fixed[d][w] & fixed[n][w] & unit[w]).count_ones())
                            .sum::<u32>()
                            == 2
                    })
                };
                if !two && !bilocal() {
                    continue;
                }
                if limits.max_nodes.is_some_and(|max| stats.nodes >= max) {
                    break 'proof Err(Incomplete::NodeLimit);
                }
                stats.nodes += 1;
                if stats.nodes.is_multiple_of(CHECK_EVERY) {
                    if let Some(why) = limits.interrupted() {
                        break 'proof Err(why);
                    }
                }
                let q = &mut self.probes[..size];
                q.copy_from_slice(&fixed);
                q[d][w] &= !bit;
                if p.propagate(q, 1 << d, false).is_some() {
                    continue;
                }
                before.copy_from_slice(&fixed[..n]);
                let touched = place(t, &mut fixed, c, d);
                p.propagate(&mut fixed, touched, false)
                    .expect("the known solution keeps the fixed state consistent");
                progress = true;
                // The cells that lost a candidate, and their peers, are the
                // ones worth another test.
                let mut lost = [0u64; W];
                for (b, a) in before.iter().zip(&fixed[..n]) {
                    for w in 0..W {
                        lost[w] |= b[w] & !a[w];
                    }
                }
                for x in cells(&lost) {
                    for w in 0..W {
                        retest[w] |= t.peers[x][w] | lost[w];
                    }
                }
            }
            if !progress {
                break Ok(false);
            }
        };
        self.fixed = fixed;
        self.before = before;
        proof
    }
}

/// Clause learning ([`solver_core::cdcl`]) on the open part of a propagated
/// root state `s`: an option per candidate of an open cell, a group per
/// open cell and per (unit, value) not yet placed in the unit. Calls
/// `visit` with each solution (empty unless `record`) and adds its
/// decisions to `stats.nodes`.
fn learn<const W: usize>(
    t: &Tables<W>,
    s: &[Board<W>],
    limits: &Limits,
    record: bool,
    stats: &mut Stats,
    mut visit: impl FnMut(&[u16]) -> ControlFlow<()>,
) -> Outcome {
    let n = t.n;
    let unsolved = &s[n];
    // The options, by cell then value (each cell's one after another, from
    // `firsts`), and each one's number by bit * n + value.
    let mut options: Vec<(u32, u32)> = Vec::new();
    let mut number = vec![u32::MAX; W * 64 * n];
    let mut firsts: Vec<u32> = Vec::new();
    for c in cells(unsolved) {
        firsts.push(options.len() as u32);
        for (d, board) in s[..n].iter().enumerate() {
            if has(board, c) {
                number[c * n + d] = options.len() as u32;
                options.push((c as u32, d as u32));
            }
        }
    }
    firsts.push(options.len() as u32);
    let mut learner = Learner::new(options.len());
    let mut group: Vec<u32> = Vec::new();
    for cell in firsts.windows(2) {
        group.clear();
        group.extend(cell[0]..cell[1]);
        learner.exactly_one(&group);
    }
    for unit in &t.units {
        for (d, board) in s[..n].iter().enumerate() {
            let open: Board<W> = std::array::from_fn(|w| board[w] & unit[w] & unsolved[w]);
            let placed = (0..W).any(|w| board[w] & unit[w] & !unsolved[w] != 0);
            if placed {
                continue;
            }
            group.clear();
            group.extend(cells(&open).map(|c| number[c * n + d]));
            // An empty group (no place left for the value) makes the
            // problem unsolvable, as it should.
            learner.exactly_one(&group);
        }
    }
    let mut solution = vec![0u16; if record { n * n } else { 0 }];
    if record {
        for (d, board) in s[..n].iter().enumerate() {
            let solved: Board<W> = std::array::from_fn(|w| board[w] & !unsolved[w]);
            for b in cells(&solved) {
                solution[t.cell_of[b] as usize] = d as u16 + 1;
            }
        }
    }
    let mut within = limits.clone();
    within.max_nodes = limits.max_nodes.map(|m| m.saturating_sub(stats.nodes));
    let outcome = learner.search(&within, |chosen| {
        if record {
            for &o in chosen {
                let (c, d) = options[o as usize];
                solution[t.cell_of[c as usize] as usize] = d as u16 + 1;
            }
        }
        visit(&solution)
    });
    stats.nodes += outcome.stats.nodes;
    stats.solutions += outcome.stats.solutions;
    Outcome {
        stats: *stats,
        incomplete: outcome.incomplete,
    }
}

/// How a walk of a subtree ([`BitSearch::explore`]) ended.
enum Walk {
    /// Every node was visited.
    Done,
    /// Stopped by `found`, a solution limit, a caller's limit or the
    /// cancellation flag.
    Stopped(Incomplete),
    /// The node count reached the walk's cap.
    OverBudget,
}

/// The fewest nodes a uniqueness check spends after its first solution
/// before it tries [`BitSearch::prove_unique`] (it also spends at least as
/// many as the first solution took), unless [`SPLIT_AT_ONCE`] applies. On
/// the 25x25, 36x36 and 49x49 examples the rest of the tree takes 0 to 1.1
/// times the first solution's nodes, but for one puzzle, where it takes 40
/// times.
const SPLIT_AFTER: u64 = 1000;

/// How many nodes per open cell of the root a uniqueness check must have
/// spent on its first solution to try [`BitSearch::prove_unique`] at once.
/// Three of the 25x25, 36x36 and 49x49 examples go past it, with first
/// solutions of 5,637 to 39,867 nodes (17 to 66 per open cell): the split
/// proves one (the 1.6 million nodes of its walk became 870), and costs
/// the other two 0.5% and 1.2% more nodes.
const SPLIT_AT_ONCE: u64 = 16;

/// Two givens that clash (the caller finds out which with [`Grid::check`](sudoku::Grid::check)).
#[derive(Debug)]
pub(crate) struct Clash;

/// Writes the values of a solved state, by cell.
fn decode<const W: usize>(t: &Tables<W>, s: &[Board<W>], out: &mut [u16]) {
    for (d, board) in s[..t.n].iter().enumerate() {
        for b in cells(board) {
            out[t.cell_of[b] as usize] = d as u16 + 1;
        }
    }
}

/// Chooses option (c, d): the other values leave cell c, value d leaves the
/// peers of c. Returns the values whose boards changed (bit v for value v).
#[inline]
fn place<const W: usize>(t: &Tables<W>, s: &mut [Board<W>], c: usize, d: usize) -> u128 {
    let (w, shift) = (c / 64, c % 64);
    let (values, unsolved) = s.split_at_mut(t.n);
    let (low, high) = values.split_at_mut(t.n.min(64));
    // Clears the cell from up to 64 values' boards; the values that had it.
    let clear = |boards: &mut [Board<W>]| {
        let mut had = 0u64;
        for (e, board) in boards.iter_mut().enumerate() {
            had |= (board[w] >> shift & 1) << e;
            board[w] &= !(1 << shift);
        }
        had
    };
    let touched = u128::from(clear(low)) | u128::from(clear(high)) << 64 | 1 << d;
    unsolved[0][w] &= !(1 << shift);
    let peers = &t.peers[c];
    for k in 0..W {
        s[d][k] &= !peers[k];
    }
    s[d][w] |= 1 << shift;
    touched
}

/// Propagation's scratch space, one lane per row.
struct Scratch<L> {
    /// The unsolved cells, by row.
    open: Vec<L>,
    /// The candidates of the value being looked at, by row.
    rows: Vec<L>,
    /// By band, the columns where the value is possible.
    bands: Vec<L>,
    /// The hidden singles found for the value being looked at (bits).
    found: Vec<usize>,
}

impl<L> Default for Scratch<L> {
    fn default() -> Self {
        Scratch {
            open: Vec::new(),
            rows: Vec::new(),
            bands: Vec::new(),
            found: Vec::new(),
        }
    }
}

/// The lane types, with their scratch space in [`BitSearch`].
trait LaneScratch: Lane {
    fn pick<'a>(small: &'a mut Scratch<u64>, large: &'a mut Scratch<u128>)
        -> &'a mut Scratch<Self>;
}

impl LaneScratch for u64 {
    fn pick<'a>(small: &'a mut Scratch<u64>, _: &'a mut Scratch<u128>) -> &'a mut Scratch<u64> {
        small
    }
}

impl LaneScratch for u128 {
    fn pick<'a>(_: &'a mut Scratch<u64>, large: &'a mut Scratch<u128>) -> &'a mut Scratch<u128> {
        large
    }
}

/// Propagation: its options, its shape's segment masks and its scratch
/// space.
struct Propagator<'t, const W: usize, L> {
    t: &'t Tables<W>,
    /// Whether propagation uses locked candidates.
    locked: bool,
    /// Whether propagation uses naked and hidden pairs.
    subsets: bool,
    /// Whether the pairs include hidden pairs (with `subsets`): always but
    /// in lookahead's probes up to 25x25 ([`HIDDEN_PAIRS_IN_PROBES_ABOVE`]).
    hidden: bool,
    seg: Segments<L>,
    sc: Scratch<L>,
}

impl<'t, const W: usize, L: Lane> Propagator<'t, W, L> {
    fn new(t: &'t Tables<W>, locked: bool, mut sc: Scratch<L>) -> Self {
        for lanes in [&mut sc.open, &mut sc.rows] {
            lanes.clear();
            lanes.resize(t.n, L::ZERO);
        }
        sc.bands.clear();
        sc.bands.resize(t.n / t.box_rows, L::ZERO);
        Propagator {
            t,
            locked,
            subsets: locked && t.n > 9,
            hidden: true,
            seg: Segments::new(t.n, t.box_cols),
            sc,
        }
    }

    /// Chooses every forced option until none is left, starting from the
    /// values in `touched` (bit v for value v) whose boards changed. Returns
    /// the unsolved cells with two candidates, or `None` on a contradiction
    /// (an item with no option left).
    fn propagate(&mut self, s: &mut [Board<W>], touched: u128, root: bool) -> Option<Board<W>> {
        let t = self.t;
        let n = t.n;
        // Values to look at again for hidden singles, and for locked
        // candidates (which may wait, see below).
        let (mut hidden, mut locked) = (touched, touched);
        // Values changed since hidden pairs last looked (the state given
        // was at a fixpoint but for `touched`).
        let mut dirty = touched;
        // The cells with at least one, two, three candidates, and the words
        // to count again: naked singles change few words, so their rounds
        // count those only.
        let mut counts = [[0u64; W]; 3];
        let mut stale = [true; W];
        loop {
            // Cell items: no candidate is a contradiction, one is a naked
            // single.
            count_candidates(&s[..n], &mut counts, &mut stale);
            let [ones, twos, threes] = &counts;
            let unsolved = s[n];
            let mut single = [0u64; W];
            let mut pairs = [0u64; W];
            for w in 0..W {
                if unsolved[w] & !ones[w] != 0 {
                    return None;
                }
                single[w] = unsolved[w] & ones[w] & !twos[w];
                pairs[w] = unsolved[w] & twos[w] & !threes[w];
            }
            if !is_empty(&single) {
                for c in cells(&single) {
                    let (w, bit) = (c / 64, 1u64 << (c % 64));
                    let d = (0..n).find(|&d| s[d][w] & bit != 0)?;
                    stale[w] = true;
                    for (k, &peers) in t.peers[c].iter().enumerate() {
                        stale[k] |= s[d][k] & peers != 0;
                    }
                    let changed = place(t, s, c, d);
                    hidden |= changed;
                    locked |= changed;
                    dirty |= changed;
                }
                continue;
            }
            // Locked candidates: on grids up to 9x9, at the root (the givens'
            // state) and where the search would otherwise branch on three or
            // more options. With a two-candidate cell to branch on, the passes
            // cost more than the nodes they save on 9x9. Larger grids always
            // use them.
            let with_locked = self.locked && (n > 9 || root || is_empty(&pairs));
            let todo = if with_locked { hidden | locked } else { hidden };
            let mut progress = false;
            if todo != 0 {
                hidden = 0;
                if with_locked {
                    locked = 0;
                }
                self.read_open(s);
                let mut rest = todo;
                while rest != 0 {
                    let d = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if self.look(&mut s[d], with_locked).ok()? {
                        hidden |= 1 << d;
                        locked |= 1 << d;
                        dirty |= 1 << d;
                        progress = true;
                    }
                    for &c in &self.sc.found {
                        if !has(&s[d], c) {
                            return None;
                        }
                        if has(&s[n], c) {
                            let changed = place(t, s, c, d);
                            hidden |= changed;
                            locked |= changed;
                            dirty |= changed;
                            progress = true;
                        }
                    }
                }
            }
            if !progress && self.subsets {
                // Pairs, when nothing cheaper applies.
                let mut changed = self.naked_pairs(s, &pairs);
                if changed == 0 && self.hidden {
                    changed = self.hidden_pairs(s, std::mem::take(&mut dirty), &pairs);
                }
                dirty |= changed;
                hidden |= changed;
                locked |= changed;
                progress = changed != 0;
            }
            if !progress {
                return Some(pairs);
            }
            stale = [true; W];
        }
    }

    /// Reads the lanes of the unsolved cells.
    fn read_open(&mut self, s: &[Board<W>]) {
        for (lane, &at) in self.sc.open.iter_mut().zip(&self.t.rows) {
            *lane = L::read(&s[self.t.n], at, self.seg.full);
        }
    }

    /// Naked pairs: two cells of a unit with the same two candidates (of
    /// `pairs`, the cells with two) take those two values, so the unit's
    /// other cells lose them. Returns the values that lost a candidate.
    ///
    /// Looks only from the cells that have not been looked from in this
    /// state or its ancestors (kept in `s[n + 1]`): a pair of two such old
    /// cells was applied then, and removing candidates cannot make it
    /// remove more.
    fn naked_pairs(&mut self, s: &mut [Board<W>], pairs: &Board<W>) -> u128 {
        let t = self.t;
        let n = t.n;
        let new: Board<W> = std::array::from_fn(|k| pairs[k] & !s[n + 1][k]);
        for k in 0..W {
            s[n + 1][k] |= new[k];
        }
        let mut changed = 0u128;
        for c in cells(&new) {
            let (w, bit) = (c / 64, 1u64 << (c % 64));
            let mut values = (0..n).filter(|&d| s[d][w] & bit != 0);
            let (Some(a), Some(b), None) = (values.next(), values.next(), values.next()) else {
                // Lost a candidate to an earlier pair: a single now.
                continue;
            };
            let twins: Board<W> =
                std::array::from_fn(|k| pairs[k] & s[a][k] & s[b][k] & t.peers[c][k]);
            for c2 in cells(&twins) {
                let (w2, bit2) = (c2 / 64, 1u64 << (c2 % 64));
                for (&u, &u2) in t.units_of[c].iter().zip(&t.units_of[c2]) {
                    if u != u2 {
                        continue;
                    }
                    let mut unit = t.units[u as usize];
                    unit[w] &= !bit;
                    unit[w2] &= !bit2;
                    for d in [a, b] {
                        if (0..W).any(|k| s[d][k] & unit[k] != 0) {
                            changed |= 1 << d;
                            for k in 0..W {
                                s[d][k] &= !unit[k];
                            }
                        }
                    }
                }
            }
        }
        changed
    }

    /// Hidden pairs: two values that, in some unit, are possible in the
    /// same two cells only take those cells, so the cells lose their other
    /// values. Returns the values that lost a candidate.
    ///
    /// For each value, lists the units where it has exactly two (unsolved)
    /// cells, from the lanes in one pass down the rows: rows by their own
    /// count, boxes by counting to three down each band's columns and then
    /// across each box's columns with the segment arithmetic, columns by
    /// counting to three down the grid. A second value listing the same
    /// two cells for the same unit makes a pair.
    fn hidden_pairs(&mut self, s: &mut [Board<W>], dirty: u128, pairs: &Board<W>) -> u128 {
        let t = self.t;
        let (n, br) = (t.n, t.box_rows);
        let sg = self.seg;
        self.read_open(s);
        let mut changed = 0u128;
        let mut rest = dirty;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if (0..W).all(|w| s[d][w] & s[n][w] == 0) {
                continue;
            }
            // Columns with at least one, two, three cells.
            let (mut ones, mut twos, mut threes) = (L::ZERO, L::ZERO, L::ZERO);
            for b in 0..n / br {
                let r0 = b * br;
                let (mut b1, mut b2, mut b3) = (L::ZERO, L::ZERO, L::ZERO);
                let band = r0..r0 + br;
                for ((x, &at), &open) in self.sc.rows[band.clone()]
                    .iter_mut()
                    .zip(&t.rows[band.clone()])
                    .zip(&self.sc.open[band])
                {
                    *x = L::read(&s[d], at, sg.full) & open;
                    b3 |= b2 & *x;
                    b2 |= b1 & *x;
                    b1 |= *x;
                }
                for r in r0..r0 + br {
                    let x = self.sc.rows[r];
                    if x.count_ones() == 2 {
                        let cells = [self.bit_of(r, x), self.bit_of(r, x & !lowest(x))];
                        changed |= self.two_cells(s, r, cells, d, pairs);
                    }
                }
                threes |= b3 | (twos & b1) | (ones & b2);
                twos |= b2 | (ones & b1);
                ones |= b1;
                // Boxes with two cells: two columns with one each, or one
                // column with two.
                let more = sg.drop_lowest(b1);
                let two_columns = sg.any(more) & !sg.any(sg.drop_lowest(more)) & !sg.any(b2);
                let one_column = sg.any(b2) & !sg.any(more) & !sg.any(b3);
                let mut boxes = two_columns | one_column;
                while boxes != L::ZERO {
                    let h = lowest(boxes);
                    boxes &= !h;
                    let m = sg.fill(h);
                    let mut cells = [0; 2];
                    let mut k = 0;
                    for r in r0..r0 + br {
                        let mut x = self.sc.rows[r] & m;
                        while x != L::ZERO && k < 2 {
                            cells[k] = self.bit_of(r, x);
                            x &= !lowest(x);
                            k += 1;
                        }
                    }
                    let unit = 2 * n + r0 + h.trailing_zeros() as usize / t.box_cols;
                    changed |= self.two_cells(s, unit, cells, d, pairs);
                }
            }
            let mut columns = twos & !threes;
            while columns != L::ZERO {
                let col = lowest(columns);
                columns &= !col;
                let mut at = (0..n).filter(|&r| self.sc.rows[r] & col != L::ZERO);
                if let (Some(r1), Some(r2)) = (at.next(), at.next()) {
                    let cells = [self.bit_of(r1, col), self.bit_of(r2, col)];
                    changed |=
                        self.two_cells(s, n + col.trailing_zeros() as usize, cells, d, pairs);
                }
            }
        }
        changed
    }

    /// The bit of the cell in row `r` at the column of the lowest bit of
    /// `col`.
    #[inline]
    fn bit_of(&self, r: usize, col: L) -> usize {
        let (w, b) = self.t.rows[r];
        w as usize * 64 + (b + col.trailing_zeros()) as usize
    }

    /// Value `d` has exactly the two `cells` in unit `u`: if another
    /// value has the same two there, the two cells lose every other value
    /// (`pairs`: the cells with two candidates, exact at the call).
    /// Returns the values that lost a candidate.
    #[inline]
    fn two_cells(
        &mut self,
        s: &mut [Board<W>],
        u: usize,
        cells: [usize; 2],
        d: usize,
        pairs: &Board<W>,
    ) -> u128 {
        if has(pairs, cells[0]) && has(pairs, cells[1]) {
            // Two cells with two candidates each, d among them: a pair
            // would have nothing to remove.
            return 0;
        }
        let n = self.t.n;
        let unit = &self.t.units[u];
        let words = self.t.unit_words[u];
        let (w1, b1) = (cells[0] / 64, 1u64 << (cells[0] % 64));
        let (w2, b2) = (cells[1] / 64, 1u64 << (cells[1] % 64));
        for e in 0..n {
            if e == d || s[e][w1] & b1 == 0 || s[e][w2] & b2 == 0 {
                continue;
            }
            let k: u32 = (words.0 as usize..words.1 as usize)
                .map(|w| (s[e][w] & unit[w] & s[n][w]).count_ones())
                .sum();
            if k == 2 {
                return keep_only(s, n, cells, [d, e]);
            }
        }
        0
    }

    /// Looks at the items of one value, whose candidates are `board`: fails
    /// if a row, column or box has no cell left for it, collects in `found`
    /// the cells that are the only place for it in a row, column or box
    /// (hidden singles, not placed yet), and with `locked` removes the
    /// candidates that locked candidates rule out. True if it removed any.
    ///
    /// Works a band (a row of boxes) at a time, on the rows' lanes: the
    /// columns where the value appears at least once and at least twice in
    /// the band give each box's count, and the same over the bands give
    /// each column's; the boxes a row meets, counted over the band's rows,
    /// give the box-row crossings. The singles are found before the
    /// removals, which is sound: removing candidates never makes a single
    /// wrong, it can only turn one into a contradiction, caught when it is
    /// placed.
    fn look(&mut self, board: &mut Board<W>, locked: bool) -> Result<bool, Contradiction> {
        let t = self.t;
        let sg = self.seg;
        let bit_of = |r: usize, col: u32| {
            let (w, b) = t.rows[r];
            w as usize * 64 + (b + col) as usize
        };
        self.sc.found.clear();
        let mut changed = false;
        // Columns with the value at least once and twice, with an unsolved
        // cell for it, and in at least one and two bands.
        let (mut col_ones, mut col_twos, mut col_open) = (L::ZERO, L::ZERO, L::ZERO);
        let mut in_bands = L::ZERO;
        // Columns that hold all of some box's cells for the value, in at
        // least one and two bands.
        let (mut point_ones, mut point_twos) = (L::ZERO, L::ZERO);
        for (b, band) in self.sc.rows.chunks_exact_mut(t.box_rows).enumerate() {
            let r0 = b * t.box_rows;
            let starts = &t.rows[r0..r0 + t.box_rows];
            let (mut ones, mut twos, mut open) = (L::ZERO, L::ZERO, L::ZERO);
            for ((x, &at), &unsolved) in band.iter_mut().zip(starts).zip(&self.sc.open[r0..]) {
                *x = L::read(board, at, sg.full);
                if *x == L::ZERO {
                    return Err(Contradiction);
                }
                let o = *x & unsolved;
                if o != L::ZERO && x.is_single() {
                    self.sc
                        .found
                        .push(at.0 as usize * 64 + (at.1 + x.trailing_zeros()) as usize);
                }
                twos |= ones & *x;
                ones |= *x;
                open |= o;
            }
            // Box items: a box with no cell is a contradiction, one with a
            // single cell (in one column, not twice there) a hidden single.
            let met = sg.any(ones);
            if met != sg.hi {
                return Err(Contradiction);
            }
            let mut alone = met & !sg.any(sg.drop_lowest(ones) | twos) & sg.any(open);
            while alone != L::ZERO {
                let h = lowest(alone);
                alone &= !h;
                let here = ones & sg.fill(h);
                if let Some(i) = band.iter().position(|&x| x & here != L::ZERO) {
                    self.sc.found.push(bit_of(r0 + i, here.trailing_zeros()));
                }
            }
            if locked {
                // Boxes (as segment top bits) where the value has an open
                // cell, met by at least one and two rows; the boxes that
                // hold all of some row's open cells, once and twice; the
                // boxes met by rows that meet two or more. Open cells only:
                // a placed value has cleared its box and row already, so
                // the rows and boxes of placed values would only repeat
                // those removals (and they are in every band once the grid
                // fills up).
                let open = &self.sc.open[r0..r0 + t.box_rows];
                let (mut met_ones, mut met_twos) = (L::ZERO, L::ZERO);
                let (mut claim_ones, mut claim_twos) = (L::ZERO, L::ZERO);
                let mut spread = L::ZERO;
                for (&x, &o) in band.iter().zip(open) {
                    let met = sg.any(x & o);
                    met_twos |= met_ones & met;
                    met_ones |= met;
                    if met.is_single() {
                        claim_twos |= claim_ones & met;
                        claim_ones |= met;
                    } else {
                        spread |= met;
                    }
                }
                // A box met by one row only: the rest of the row loses the
                // value. A row that meets one box only: the box's other rows
                // lose it (two rows claiming one box is a contradiction, and
                // both lose it).
                let only = met_ones & !met_twos;
                let mut band_changed = false;
                if (only & spread) | claim_twos | (claim_ones & met_twos) != L::ZERO {
                    for (x, &o) in band.iter_mut().zip(open) {
                        let met = sg.any(*x & o);
                        let keep = sg.fill(met & only);
                        let mine = if met.is_single() { met } else { L::ZERO };
                        let lose = sg.fill(claim_twos | (claim_ones & !mine));
                        let mut y = *x & !lose;
                        if keep != L::ZERO {
                            y &= keep;
                        }
                        if y != *x {
                            *x = y;
                            band_changed = true;
                        }
                    }
                }
                if band_changed {
                    changed = true;
                    (ones, twos) = (L::ZERO, L::ZERO);
                    for &x in band.iter() {
                        twos |= ones & x;
                        ones |= x;
                    }
                }
                let point = pointing(sg, ones);
                point_twos |= point_ones & point;
                point_ones |= point;
            }
            self.sc.bands[b] = ones;
            in_bands = (in_bands & !(col_ones & ones)) | (ones & !col_ones);
            col_twos |= twos | (col_ones & ones);
            col_ones |= ones;
            col_open |= open;
        }
        if col_ones != sg.full {
            return Err(Contradiction);
        }
        let mut single_cols = col_ones & !col_twos & col_open;
        while single_cols != L::ZERO {
            let (col, bit) = (single_cols.trailing_zeros(), lowest(single_cols));
            single_cols &= !bit;
            let r = self
                .sc
                .rows
                .iter()
                .position(|&x| x & bit != L::ZERO)
                .ok_or(Contradiction)?;
            self.sc.found.push(bit_of(r, col));
        }
        if locked {
            // A box with all its cells in one column: the other bands lose
            // that column. A column in one band only: the rest of its box
            // in that band loses the value.
            for (&o, band) in self
                .sc
                .bands
                .iter()
                .zip(self.sc.rows.chunks_exact_mut(t.box_rows))
            {
                let mine = o & in_bands;
                let clear =
                    point_twos | (point_ones & !pointing(sg, o)) | (sg.fill(sg.any(mine)) & !mine);
                if o & clear != L::ZERO {
                    changed = true;
                    for x in band.iter_mut() {
                        *x &= !clear;
                    }
                }
            }
        }
        if changed {
            for (&x, &at) in self.sc.rows.iter().zip(&t.rows) {
                L::write(board, at, sg.full, x);
            }
        }
        Ok(changed)
    }
}

/// Counts again the candidates of the `stale` words among `boards`: the
/// cells with at least one, two and three, into `counts`; clears `stale`.
///
/// Four words at a time across all the boards, so that the counters stay
/// in registers: a word-by-word pass over each board in turn keeps three
/// whole boards of counters, which spill to the stack above 16x16 (on
/// 36x36 this loop took 16% of a check's time that way).
#[inline]
fn count_candidates<const W: usize>(
    boards: &[Board<W>],
    counts: &mut [Board<W>; 3],
    stale: &mut [bool; W],
) {
    const K: usize = 4;
    let mut w = 0;
    while w < W {
        let k = K.min(W - w);
        if !stale[w..w + k].iter().any(|&x| x) {
            w += K;
            continue;
        }
        let (mut ones, mut twos, mut threes) = ([0u64; K], [0u64; K], [0u64; K]);
        for board in boards {
            for i in 0..K {
                let x = if i < k { board[w + i] } else { 0 };
                threes[i] |= twos[i] & x;
                twos[i] |= ones[i] & x;
                ones[i] |= x;
            }
        }
        for i in 0..k {
            counts[0][w + i] = ones[i];
            counts[1][w + i] = twos[i];
            counts[2][w + i] = threes[i];
            stale[w + i] = false;
        }
        w += K;
    }
}

/// Removes every value but `keep` from the two `cells`. Returns the values
/// that lost a candidate.
#[cold]
fn keep_only<const W: usize>(
    s: &mut [Board<W>],
    n: usize,
    cells: [usize; 2],
    keep: [usize; 2],
) -> u128 {
    let mut changed = 0u128;
    for c in cells {
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        for (v, board) in s[..n].iter_mut().enumerate() {
            if board[w] & bit != 0 && !keep.contains(&v) {
                board[w] &= !bit;
                changed |= 1 << v;
            }
        }
    }
    changed
}

/// An item with no option left.
struct Contradiction;

/// Arithmetic on the segments of a lane, one per box of a band (`box_cols`
/// bits each): the carry trick that finds the segments with a bit set, in
/// a few word operations for all boxes at once.
#[derive(Clone, Copy)]
struct Segments<L> {
    /// The whole row.
    full: L,
    /// The top bit of each segment.
    hi: L,
    /// The other bits of each segment.
    lo: L,
    /// The leftmost segment.
    first: L,
    /// `box_cols - 1`.
    top: u32,
}

impl<L: Lane> Segments<L> {
    fn new(n: usize, box_cols: usize) -> Self {
        let first = L::low(box_cols);
        let top = box_cols as u32 - 1;
        let (mut hi, mut lo) = (L::ZERO, L::ZERO);
        for k in 0..n / box_cols {
            let at = (k * box_cols) as u32;
            hi |= L::low(1) << (at + top);
            lo |= L::low(top as usize) << at;
        }
        Segments {
            full: L::low(n),
            hi,
            lo,
            first,
            top,
        }
    }

    /// The top bit of each segment where `x` has a bit: adding `lo` to a
    /// segment's lower bits carries into its top bit exactly when one of
    /// them is set, and never past it.
    #[inline]
    fn any(self, x: L) -> L {
        (((x & self.lo) + self.lo) | x) & self.hi
    }

    /// The whole segments of the top bits in `h`.
    #[inline]
    fn fill(self, h: L) -> L {
        (h >> self.top) * self.first
    }

    /// `x` without the lowest bit of each segment.
    #[inline]
    fn drop_lowest(self, x: L) -> L {
        x & (x - (self.any(x) >> self.top))
    }
}

/// The columns of `ones` (one band's) that are the only column of their
/// box.
#[inline]
fn pointing<L: Lane>(sg: Segments<L>, ones: L) -> L {
    ones & sg.fill(!sg.any(sg.drop_lowest(ones)) & sg.hi)
}

/// The lowest bit of a non-empty lane.
#[inline]
fn lowest<L: Lane>(x: L) -> L {
    x & !(x - L::low(1))
}

/// Pushes the options of an item with the fewest options: a cell with two
/// candidates if there is one (`pairs`), as is usual.
///
/// Among those cells, the one whose two values are the most constrained:
/// the least sum of their weights, a value's weight being its candidates
/// per unit that still lacks it. A value close to one candidate per unit
/// has few choices left, so either branch soon fixes it everywhere (or
/// fails). Measured with pairs propagation against the first such cell in
/// grid order: 2.8x fewer nodes on the shared 16x16 minimal puzzles, 3x to
/// 200x on 25x25 puzzles with 313 down to 270 givens. Squared or cubed
/// weights moved the geometric mean of the node counts by under 2% over
/// 150 puzzles (16x16 and 25x25), better on some sets and worse on others.
///
/// Without `weighted` (locked candidates off: the singles-only search whose
/// nodes [`rate`](fn@crate::rate) counts), the first such cell in grid order,
/// as before, so ratings keep their values.
fn branch<const W: usize>(
    t: &Tables<W>,
    s: &[Board<W>],
    pairs: &Board<W>,
    chosen: Option<Binary>,
    weighted: bool,
    options: &mut Vec<(u32, u32)>,
    rng: &mut u64,
) {
    let n = t.n;
    let unsolved = &s[n];
    let start = options.len();
    if let Some(two) = chosen {
        options.extend(two);
    } else if !weighted && !is_empty(pairs) {
        let c = cells(pairs).next().unwrap_or(0);
        push_cell(n, s, c, options);
    } else if !is_empty(pairs) {
        let weight = weights(n, s);
        let mut best = (u64::MAX, 0);
        for c in cells(pairs) {
            let (w, bit) = (c / 64, 1u64 << (c % 64));
            let score = (0..n)
                .filter(|&d| s[d][w] & bit != 0)
                .map(|d| weight[d])
                .sum();
            if score < best.0 {
                best = (score, c);
            }
        }
        push_cell(n, s, best.1, options);
    } else {
        // No cell with two candidates: the item with the fewest options.
        let mut best = (u32::MAX, Choice::Cell(0));
        'units: for (d, board) in s[..n].iter().enumerate() {
            for (u, unit) in t.units.iter().enumerate() {
                let k: u32 = (0..W)
                    .map(|w| (board[w] & unit[w] & unsolved[w]).count_ones())
                    .sum();
                if k >= 2 && k < best.0 {
                    best = (k, Choice::Unit(u, d));
                    if k == 2 {
                        break 'units;
                    }
                }
            }
        }
        if best.0 > 2 {
            for c in cells(unsolved) {
                let (w, bit) = (c / 64, 1u64 << (c % 64));
                let k = s[..n].iter().filter(|b| b[w] & bit != 0).count() as u32;
                if k < best.0 {
                    best = (k, Choice::Cell(c));
                    if k <= 3 {
                        break;
                    }
                }
            }
        }
        match best.1 {
            Choice::Cell(c) => push_cell(n, s, c, options),
            Choice::Unit(u, d) => {
                let x: Board<W> = std::array::from_fn(|w| s[d][w] & t.units[u][w] & unsolved[w]);
                options.extend(cells(&x).map(|c| (c as u32, d as u32)));
            }
        }
    }
    if *rng != 0 {
        let mine = &mut options[start..];
        for i in (1..mine.len()).rev() {
            let j = (next_random(rng) % (i as u64 + 1)) as usize;
            mine.swap(i, j);
        }
    }
}

/// Each value's weight: its candidates per unit that still lacks it, in
/// 1/1024ths.
fn weights<const W: usize>(n: usize, s: &[Board<W>]) -> [u64; 128] {
    let unsolved = &s[n];
    let mut weight = [0u64; 128];
    for (d, board) in s[..n].iter().enumerate() {
        let (mut open, mut placed) = (0, 0);
        for w in 0..W {
            open += u64::from((board[w] & unsolved[w]).count_ones());
            placed += u64::from((board[w] & !unsolved[w]).count_ones());
        }
        weight[d] = (open << 10) / (n as u64 - placed).max(1);
    }
    weight
}

/// The candidates left in a state.
fn candidates<const W: usize>(n: usize, s: &[Board<W>]) -> u64 {
    s[..n]
        .iter()
        .map(|b| b.iter().map(|w| u64::from(w.count_ones())).sum::<u64>())
        .sum()
}

/// A choice between two options of which exactly one holds (a cell's two
/// candidates).
type Binary = [(u32, u32); 2];

/// How many passes over the two-candidate cells [`lookahead`] makes at most
/// when its probes keep forcing options. Measured on the 25x25 puzzles with
/// 270 givens (propagations per check): 2 passes cost fewer than 1 (more
/// nodes) or as many as needed (more probes per node).
const PASSES: usize = 2;

/// The side above which lookahead's probes use hidden pairs too. On the
/// 25x25 puzzles with 270 givens, probes without them take 20-40% fewer
/// instructions and 15-25% less CPU time (more probes, each cheaper); on
/// 36x36 and 49x49 they take up to 30% and 40% more.
const HIDDEN_PAIRS_IN_PROBES_ABOVE: usize = 25;

/// Lookahead (failed-literal probing) on the two-candidate cells of `s`
/// (`pairs`), up to `probe` of them, the lightest by [`weights`] first: each
/// value of a cell is placed in a copy of the state and propagated. A value
/// that fails leaves the other, which is then placed for good (the probe's
/// state becomes the state). When both succeed, a candidate that neither
/// probe kept is in no solution (every solution has one of the two values),
/// so the state loses it. Both failing is a contradiction (`None`). After a
/// pass that changed the state, another pass, up to [`PASSES`], which skips
/// the cells probed since the last change (their probes ran on the state as
/// it is: 7-10% fewer probes on the 36x36 examples). Returns the
/// state's two-candidate cells and the choice to branch on: the cell whose
/// two probes removed the most candidates (by the product of the two counts)
/// among those probed since the state last changed, or `None` to let
/// [`branch`] choose. Each probe counts as a node.
fn lookahead<const W: usize, L: Lane>(
    t: &Tables<W>,
    p: &mut Propagator<'_, W, L>,
    s: &mut [Board<W>],
    mut pairs: Board<W>,
    slots: &mut [Board<W>],
    probe: usize,
    stats: &mut Stats,
) -> Option<(Board<W>, Option<Binary>)> {
    let n = t.n;
    let size = n + 2;
    let mut ranked: Vec<(u64, Binary)> = Vec::new();
    let mut passes = 0;
    // The cells whose two probes ran on the state as it is now (both
    // succeeded and removed nothing from it): probing them again would
    // give the same answers, so a later pass skips them; and the best
    // choice among them, which a later pass keeps unless the state changes.
    let mut fresh = [0u64; W];
    let mut best = (0u64, None);
    'again: loop {
        if probe == 0 || is_empty(&s[n]) {
            return Some((pairs, None));
        }
        let weight = weights(n, s);
        ranked.clear();
        for c in cells(&pairs) {
            let (w, bit) = (c / 64, 1u64 << (c % 64));
            if fresh[w] & bit != 0 {
                continue;
            }
            let mut values = (0..n).filter(|&d| s[d][w] & bit != 0);
            if let (Some(a), Some(b)) = (values.next(), values.next()) {
                let c = c as u32;
                ranked.push((weight[a] + weight[b], [(c, a as u32), (c, b as u32)]));
            }
        }
        if ranked.is_empty() {
            return Some((pairs, best.1));
        }
        if ranked.len() > probe {
            ranked.select_nth_unstable(probe - 1);
            ranked.truncate(probe);
        }
        ranked.sort_unstable();
        let mut before = candidates(n, s);
        let mut forced = false;
        for &(_, options) in &ranked {
            if !options
                .iter()
                .all(|&(c, d)| has(&s[d as usize], c as usize) && has(&s[n], c as usize))
            {
                continue;
            }
            let mut gain = [None; 2];
            for (i, (c, d)) in options.into_iter().enumerate() {
                let slot = &mut slots[i * size..(i + 1) * size];
                slot.copy_from_slice(s);
                let touched = place(t, slot, c as usize, d as usize);
                stats.nodes += 1;
                p.hidden = n > HIDDEN_PAIRS_IN_PROBES_ABOVE;
                let probed = p.propagate(slot, touched, false);
                p.hidden = true;
                gain[i] = probed.map(|pp| (pp, before - candidates(n, slot)));
            }
            let keep = match gain {
                [None, None] => return None,
                [Some((pp, _)), None] => (0, pp),
                [None, Some((pp, _))] => (1, pp),
                [Some((_, x)), Some((_, y))] => {
                    // A candidate neither probe kept is in no solution.
                    let mut lost = 0u128;
                    let (a, b) = slots.split_at(size);
                    for d in 0..n {
                        let mut any = 0;
                        for w in 0..W {
                            let gone = s[d][w] & !(a[d][w] | b[d][w]);
                            s[d][w] &= !gone;
                            any |= gone;
                        }
                        if any != 0 {
                            lost |= 1 << d;
                        }
                    }
                    if lost == 0 {
                        let c = options[0].0 as usize;
                        fresh[c / 64] |= 1 << (c % 64);
                        let score = x * y + x + y;
                        if best.1.is_none() || score > best.0 {
                            best = (score, Some(options));
                        }
                        continue;
                    }
                    stats.nodes += 1;
                    (2, p.propagate(s, lost, false)?)
                }
            };
            if keep.0 < 2 {
                s.copy_from_slice(&slots[keep.0 * size..(keep.0 + 1) * size]);
            }
            pairs = keep.1;
            if is_empty(&s[n]) {
                return Some((pairs, None));
            }
            before = candidates(n, s);
            best = (0, None);
            fresh = [0; W];
            forced = true;
        }
        passes += 1;
        if forced && passes < PASSES {
            continue 'again;
        }
        return Some((pairs, best.1));
    }
}

#[derive(Clone, Copy)]
enum Choice {
    Cell(usize),
    Unit(usize, usize),
}

fn push_cell<const W: usize>(n: usize, s: &[Board<W>], c: usize, options: &mut Vec<(u32, u32)>) {
    let (w, bit) = (c / 64, 1u64 << (c % 64));
    options.extend(
        (0..n)
            .filter(|&d| s[d][w] & bit != 0)
            .map(|d| (c as u32, d as u32)),
    );
}

/// xorshift64*.
pub(crate) fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitsearch::tables::words;
    use sudoku::Shape;

    /// A full grid of `shape`: the usual shifted pattern, values permuted.
    fn full_grid(shape: Shape, seed: u64) -> Vec<u16> {
        let n = shape.side() as usize;
        let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
        let mut values: Vec<u16> = (1..=n as u16).collect();
        let mut rng = seed | 1;
        for i in (1..n).rev() {
            values.swap(i, (next_random(&mut rng) % (i as u64 + 1)) as usize);
        }
        (0..n * n)
            .map(|c| {
                let (r, k) = (c / n, c % n);
                values[(bc * (r % br) + r / br + k) % n]
            })
            .collect()
    }

    /// `grid` with about `holes` cells cleared, at random.
    fn puzzle(grid: &[u16], holes: usize, seed: u64) -> Vec<u16> {
        let mut cells = grid.to_vec();
        let mut rng = seed | 1;
        for _ in 0..holes {
            let c = (next_random(&mut rng) % cells.len() as u64) as usize;
            cells[c] = 0;
        }
        cells
    }

    /// `cells` with one given changed to another value that clashes with no
    /// other given (often leaving no solution).
    fn altered(shape: Shape, cells: &[u16], seed: u64) -> Vec<u16> {
        let n = shape.side() as usize;
        let mut cells = cells.to_vec();
        let givens: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
        let c = givens[seed as usize % givens.len()];
        let old = std::mem::take(&mut cells[c]);
        let mut probe = cells.clone();
        for v in (1..=n as u16).filter(|&v| v != old) {
            probe[c] = v;
            // No clash: the cell can hold v with the other givens.
            let clash = (0..cells.len()).any(|d| {
                d != c && cells[d] == v && {
                    let (r1, k1, r2, k2) = (c / n, c % n, d / n, d % n);
                    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
                    r1 == r2 || k1 == k2 || (r1 / br == r2 / br && k1 / bc == k2 / bc)
                }
            });
            if !clash {
                cells[c] = v;
                return cells;
            }
        }
        cells[c] = old;
        cells
    }

    /// Counts completions up to `limit` by trying the values of the empty
    /// cell with the fewest, checking rows, columns and boxes directly.
    fn backtrack(shape: Shape, cells: &mut [u16], limit: u64) -> u64 {
        let n = shape.side() as usize;
        let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
        let allowed = |cells: &[u16], c: usize| -> Vec<u16> {
            let (r, k) = (c / n, c % n);
            (1..=n as u16)
                .filter(|&v| {
                    (0..n).all(|i| cells[r * n + i] != v && cells[i * n + k] != v)
                        && (0..br).all(|i| {
                            (0..bc).all(|j| cells[(r / br * br + i) * n + k / bc * bc + j] != v)
                        })
                })
                .collect()
        };
        let Some((c, values)) = (0..cells.len())
            .filter(|&c| cells[c] == 0)
            .map(|c| (c, allowed(cells, c)))
            .min_by_key(|(_, values)| values.len())
        else {
            return 1;
        };
        let mut total = 0;
        for v in values {
            cells[c] = v;
            total += backtrack(shape, cells, limit - total);
            cells[c] = 0;
            if total >= limit {
                break;
            }
        }
        total
    }

    /// The bit-parallel search's count up to `limit`, checking each
    /// solution against the givens and the rules.
    fn count<const W: usize>(
        shape: Shape,
        givens: &[u16],
        limit: u64,
        locked: bool,
        seed: u64,
        probe: Option<usize>,
        split_after: u64,
    ) -> u64 {
        let mut search = BitSearch::<W>::new(Arc::new(Tables::new(shape)));
        search.locked = locked;
        search.rng = seed;
        search.split_after = split_after;
        search.learn = LEARN_IN_TESTS.with(|l| l.get());
        if let Some(probe) = probe {
            search.probe = probe;
        }
        let mut found = 0u128;
        let mut seen: Vec<Vec<u16>> = Vec::new();
        let outcome = search
            .run(
                givens,
                &Limits::none().solutions(u128::from(limit)),
                true,
                |solution| {
                    assert!(givens.iter().zip(solution).all(|(&g, &v)| g == 0 || g == v));
                    let mut check = solution.to_vec();
                    for c in 0..check.len() {
                        let v = std::mem::take(&mut check[c]);
                        assert_eq!(
                            backtrack(shape, &mut check, 2),
                            1,
                            "{shape}: not a solution"
                        );
                        check[c] = v;
                    }
                    assert!(!seen.iter().any(|s| s == solution), "{shape}: found twice");
                    seen.push(solution.to_vec());
                    found += 1;
                    ControlFlow::Continue(())
                },
            )
            .map_or(0, |o| o.stats.solutions);
        assert_eq!(outcome, found);
        SPLIT_PROOFS.with(|p| p.set(p.get() + search.split_proofs));
        found as u64
    }

    thread_local! {
        /// Whether the tests' searches use clause learning:
        /// never but in the tests that set it.
        static LEARN_IN_TESTS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// The uniqueness proofs of the first-difference split so far.
        static SPLIT_PROOFS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    fn count_any(
        shape: Shape,
        givens: &[u16],
        limit: u64,
        locked: bool,
        seed: u64,
        probe: Option<usize>,
        split_after: u64,
    ) -> u64 {
        let (g, l, r, p, s) = (givens, limit, locked, probe, split_after);
        match words(shape) {
            0..=2 => count::<2>(shape, g, l, r, seed, p, s),
            3..=4 => count::<4>(shape, g, l, r, seed, p, s),
            5..=8 => count::<8>(shape, g, l, r, seed, p, s),
            9..=16 => count::<16>(shape, g, l, r, seed, p, s),
            17..=32 => count::<32>(shape, g, l, r, seed, p, s),
            33..=64 => count::<64>(shape, g, l, r, seed, p, s),
            _ => count::<256>(shape, g, l, r, seed, p, s),
        }
    }

    /// Every box shape up to 12x12 and a few larger, with and without
    /// locked candidates (and so pairs), against backtracking.
    #[test]
    fn counts_match_backtracking_on_every_box_shape() {
        let shapes = [
            (1, 4),
            (4, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (1, 6),
            (2, 4),
            (4, 2),
            (3, 3),
            (2, 5),
            (5, 2),
            (3, 4),
            (4, 3),
            (2, 6),
            (6, 2),
            (3, 5),
            (5, 3),
            (4, 4),
        ];
        for (k, &(br, bc)) in shapes.iter().enumerate() {
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side() as usize;
            for seed in 0..6u64 {
                let seed = seed * 31 + k as u64;
                let grid = full_grid(shape, seed);
                let holes = match n {
                    0..=6 => n * n / 2 + (seed as usize % 3) * n,
                    7..=9 => 40 + (seed as usize % 3) * 8,
                    _ => 45 + (seed as usize % 3) * 10,
                };
                let cells = puzzle(&grid, holes, seed.wrapping_mul(77) + 5);
                for cells in [cells.clone(), altered(shape, &cells, seed)] {
                    let expected = backtrack(shape, &mut cells.clone(), 20);
                    for (locked, rng) in [(true, 0), (false, 0), (true, 12345)] {
                        assert_eq!(
                            count_any(shape, &cells, 20, locked, rng, None, u64::MAX),
                            expected,
                            "{shape} seed {seed} locked {locked} rng {rng}"
                        );
                    }
                }
            }
        }
    }

    /// Small puzzles with few givens, so that many have several solutions
    /// or none: for each shape, `seeds` full grids, each with a share of its
    /// cells cleared (`tenths(seed)` tenths, at random), as is and with a
    /// given altered; `check` gets each with the shape and its seed.
    fn small_puzzles(
        seeds: u64,
        stride: u64,
        tenths: impl Fn(u64) -> usize,
        dig: (u64, u64),
        mut check: impl FnMut(Shape, u64, &[u16]),
    ) {
        let shapes = [
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (4, 2),
            (3, 3),
            (2, 5),
            (3, 4),
            (4, 3),
        ];
        for (k, &(br, bc)) in shapes.iter().enumerate() {
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side() as usize;
            for seed in 0..seeds {
                let seed = seed * stride + k as u64;
                let grid = full_grid(shape, seed);
                let holes = n * n * tenths(seed) / 10;
                let cells = puzzle(&grid, holes, seed.wrapping_mul(dig.0) + dig.1);
                for cells in [cells.clone(), altered(shape, &cells, seed)] {
                    check(shape, seed, &cells);
                }
            }
        }
    }

    /// Lookahead (failed literals, and candidates that neither value of a
    /// two-candidate cell keeps) probing one cell, a few, and all: the same
    /// counts as backtracking, with from about 60% of the cells cleared to
    /// about 90%.
    #[test]
    fn lookahead_counts_match_backtracking() {
        let tenths = |seed| 6 + (seed as usize % 4);
        small_puzzles(8, 17, tenths, (91, 3), |shape, seed, cells| {
            let expected = backtrack(shape, &mut cells.to_vec(), 50);
            for probe in [1, 3, usize::MAX] {
                for rng in [0, 777] {
                    assert_eq!(
                        count_any(shape, cells, 50, true, rng, Some(probe), u64::MAX),
                        expected,
                        "{shape} seed {seed} probe {probe} rng {rng}"
                    );
                }
            }
        });
    }

    /// Uniqueness checks (counts up to two) that try the first-difference
    /// split as soon as they have a first solution, and resume their walk
    /// when it cannot tell: the same verdicts as backtracking, with from
    /// about 40% of the cells cleared to about 80%. Two solutions found are
    /// two different solutions.
    #[test]
    fn split_verdicts_match_backtracking() {
        let mut verdicts = [0; 3];
        let tenths = |seed| 4 + (seed as usize % 5);
        small_puzzles(12, 13, tenths, (53, 1), |shape, seed, cells| {
            let expected = backtrack(shape, &mut cells.to_vec(), 2);
            for (probe, rng) in [(usize::MAX, 0), (usize::MAX, 99), (2, 0)] {
                assert_eq!(
                    count_any(shape, cells, 2, true, rng, Some(probe), 0),
                    expected,
                    "{shape} seed {seed} probe {probe} rng {rng}"
                );
            }
            verdicts[expected as usize] += 1;
        });
        // Each verdict is well represented.
        assert!(verdicts.iter().all(|&v| v >= 20), "{verdicts:?}");
    }

    /// The puzzles of an example file (one per line, `#` comments).
    fn examples(text: &str) -> Vec<sudoku::Grid> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.parse().unwrap())
            .collect()
    }

    /// The first-difference split proves uniqueness where it can: two of
    /// the shipped 25x25 puzzles (unique, as the plain walk finds too), and
    /// the same puzzles with a given or two removed (several solutions:
    /// the split cannot tell, and the walk finds a second one).
    #[test]
    fn split_proves_large_puzzles_unique() {
        let puzzles = examples(include_str!(
            "../../../examples/sudoku/25x25-270-givens.txt"
        ));
        let shape = puzzles[0].shape();
        for k in [1, 4] {
            let cells = puzzles[k].cells();
            let before = SPLIT_PROOFS.with(|p| p.get());
            assert_eq!(
                count_any(shape, cells, 2, true, 0, None, 0),
                1,
                "puzzle {k}"
            );
            assert_eq!(SPLIT_PROOFS.with(|p| p.get()), before + 1, "puzzle {k}");
            assert_eq!(count_any(shape, cells, 2, true, 0, None, u64::MAX), 1);
            let givens: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
            for (i, &c) in givens.iter().enumerate().step_by(37) {
                let mut fewer = cells.to_vec();
                fewer[c] = 0;
                if i % 2 == 1 {
                    fewer[givens[(i + 101) % givens.len()]] = 0;
                }
                let walked = count_any(shape, &fewer, 2, true, 0, None, u64::MAX);
                assert_eq!(
                    count_any(shape, &fewer, 2, true, 0, None, 0),
                    walked,
                    "puzzle {k} given {c}"
                );
            }
        }
    }

    /// Clause learning on every shape, for one solution and for uniqueness
    /// checks (after the root's propagation and lookahead): the same counts
    /// as backtracking, from about 40% of the cells cleared to about 80%,
    /// every solution checked and none found twice (in `count`).
    #[test]
    fn learning_matches_backtracking() {
        LEARN_IN_TESTS.with(|l| l.set(true));
        let mut verdicts = [0; 3];
        let tenths = |seed| 4 + (seed as usize % 5);
        small_puzzles(12, 11, tenths, (29, 5), |shape, seed, cells| {
            let expected = backtrack(shape, &mut cells.to_vec(), 2);
            for limit in [1, 2] {
                assert_eq!(
                    count_any(shape, cells, limit, true, 0, Some(usize::MAX), u64::MAX),
                    expected.min(limit),
                    "{shape} seed {seed} limit {limit}"
                );
            }
            verdicts[expected as usize] += 1;
        });
        LEARN_IN_TESTS.with(|l| l.set(false));
        assert!(verdicts.iter().all(|&v| v >= 20), "{verdicts:?}");
    }

    /// Clause learning against the walk on the shipped 25x25 and 36x36
    /// puzzles (unique) and on the same puzzles with givens removed (most
    /// of them with several solutions): the same verdicts.
    #[test]
    fn learning_agrees_with_the_walk_on_large_puzzles() {
        let files = [
            include_str!("../../../examples/sudoku/25x25-270-givens.txt"),
            include_str!("../../../examples/sudoku/36x36-generated.txt"),
        ];
        let mut several = 0;
        for (f, text) in files.iter().enumerate() {
            let puzzles = examples(text);
            let shape = puzzles[0].shape();
            // The two quickest for the walk of each file; with givens
            // removed, 25x25 only (the walk takes minutes on some 36x36).
            for k in [[1, 3], [0, 1]][f] {
                let cells = puzzles[k].cells();
                let givens: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
                let removals: &[usize] = [&[0, 5, 40, 77, 82, 105][..], &[0]][f];
                for &i in removals {
                    let mut fewer = cells.to_vec();
                    for j in 0..i % 6 {
                        fewer[givens[(i * 31 + j * 97) % givens.len()]] = 0;
                    }
                    let walked = count_any(shape, &fewer, 2, true, 0, None, u64::MAX);
                    LEARN_IN_TESTS.with(|l| l.set(true));
                    let learnt = count_any(shape, &fewer, 2, true, 0, None, u64::MAX);
                    LEARN_IN_TESTS.with(|l| l.set(false));
                    assert_eq!(learnt, walked, "file {f} puzzle {k} removal {i}");
                    several += usize::from(walked == 2);
                }
            }
        }
        assert!(several >= 4, "{several} with several solutions");
    }

    /// Grids above 64x64 read their rows as 128-bit lanes.
    #[test]
    fn rows_wider_than_a_word() {
        for (br, bc) in [(5, 13), (13, 5)] {
            let shape = Shape::new(br, bc).unwrap();
            let grid = full_grid(shape, 3);
            let cells = puzzle(&grid, 300, 9);
            let expected = backtrack(shape, &mut cells.clone(), 5);
            assert_eq!(
                count::<256>(shape, &cells, 5, true, 0, None, u64::MAX),
                expected,
                "{shape}"
            );
            assert_eq!(
                count::<256>(shape, &grid, 5, true, 0, None, u64::MAX),
                1,
                "{shape}"
            );
        }
    }

    #[test]
    fn segment_arithmetic() {
        // 3 boxes of 4 columns: 0b_1010_0000_0001.
        let sg = Segments::<u64>::new(12, 4);
        let x = 0b1010_0000_0001;
        assert_eq!(sg.any(x), 0b1000_0000_1000);
        assert_eq!(sg.fill(sg.any(x)), 0b1111_0000_1111);
        assert_eq!(sg.drop_lowest(x), 0b1000_0000_0000);
        assert_eq!(pointing(sg, x), 0b0000_0000_0001);
        // One column per box: every bit is its own segment.
        let sg = Segments::<u128>::new(70, 1);
        let x = (1u128 << 69) | 5;
        assert_eq!((sg.any(x), sg.fill(x), sg.drop_lowest(x)), (x, x, 0));
    }
}
