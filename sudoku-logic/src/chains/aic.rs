//! Alternating inference chains (AIC), the common name; not in Sudoku
//! Explainer, so off in SE mode.
//!
//! An AIC starts from a candidate X assumed false and alternates strong
//! links (off -> on: a bivalue cell's other value, a value's other place in
//! a house where it has two) and weak links (on -> off: the cell's other
//! values, the value's other places in the cell's houses) up to a
//! candidate Y that is then true. So X or Y holds, and what sees both
//! goes:
//! - X and Y the same value in two cells: that value in every cell that
//!   sees both;
//! - X and Y in the same cell: the cell's other candidates;
//! - different cells and values: X's value in Y's cell if it sees X's
//!   cell, and Y's value in X's cell if it sees Y's cell.
//!
//! Links are static (the grid as it is). The shortest chain wins, then the
//! first found (cells row by row, values ascending). Difficulty follows
//! SE's forcing chains: 6.6 with house links only, 7.0 with cell links,
//! plus SE's length bonus on the chain's nodes.

use std::collections::VecDeque;

use super::engine::{Cause, Engine, Link, PotSet};
use super::hint::{length_bonus, Best, ChainHint, Kind, Producer};

const PRODUCER: Producer = Producer::UNARY;

/// The best AIC in the grid, offered to `best`.
pub(crate) fn find(e: &mut Engine, best: &mut Best) {
    e.hidden = false;
    let mut on = PotSet::new(e.n_keys());
    let mut off = PotSet::new(e.n_keys());
    let mut pend: VecDeque<u32> = VecDeque::new();
    let mut links: Vec<Link> = Vec::new();
    let mut reached: Vec<u32> = Vec::new();
    for cell in 0..e.n_cells {
        let mut vs = e.masks[cell];
        if vs.count_ones() < 2 {
            continue;
        }
        while vs != 0 {
            let v = vs.trailing_zeros() as usize + 1;
            vs &= vs - 1;
            let mark = e.arena.mark();
            on.clear();
            off.clear();
            pend.clear();
            reached.clear();
            let x_key = e.key(cell, v, false);
            let x = e.arena.add(x_key, Cause::Initial, &[]);
            off.insert(x_key, x);
            pend.push_back(x);
            while let Some(p) = pend.pop_front() {
                let key = e.arena.key(p);
                if key & 1 == 0 {
                    e.off_to_on(p, true, true, &mut links);
                    for l in &links {
                        if l.key != x_key ^ 1 && !on.contains(l.key) {
                            let id = e.arena.add(l.key, l.cause, &[p]);
                            on.insert(l.key, id);
                            pend.push_back(id);
                            reached.push(id);
                        }
                    }
                } else {
                    e.on_to_off(p, true, &mut links);
                    for l in &links {
                        if l.key != x_key && !off.contains(l.key) {
                            let id = e.arena.add(l.key, l.cause, &[p]);
                            off.insert(l.key, id);
                            pend.push_back(id);
                        }
                    }
                }
            }
            for &y in &reached {
                offer(e, best, cell, v, y);
            }
            e.arena.truncate(mark);
        }
    }
}

/// The eliminations of the AIC from `(x_cell, x_value)` off to node `y` on.
fn offer(e: &mut Engine, best: &mut Best, x_cell: usize, x_value: usize, y: u32) {
    let y_key = e.arena.key(y);
    let (y_cell, y_value) = (e.cell_of(y_key), e.value_of(y_key));
    let xb = 1u64 << (x_value - 1);
    let yb = 1u64 << (y_value - 1);
    let mut removable: Vec<(usize, u64)> = Vec::new();
    if y_cell == x_cell {
        let rest = e.masks[x_cell] & !xb & !yb;
        if rest != 0 {
            removable.push((x_cell, rest));
        }
    } else if y_value == x_value {
        for &z in e.houses.peers(x_cell) {
            if z != y_cell && e.masks[z] & xb != 0 && e.houses.sees(z, y_cell) {
                removable.push((z, xb));
            }
        }
    } else if e.houses.sees(x_cell, y_cell) {
        if e.masks[y_cell] & xb != 0 {
            removable.push((y_cell, xb));
        }
        if e.masks[x_cell] & yb != 0 {
            removable.push((x_cell, yb));
        }
        removable.sort_unstable();
    }
    if removable.is_empty() {
        return;
    }
    // House links only, or cell links too.
    let mut y_links = false;
    let mut p = Some(y);
    while let Some(id) = p {
        y_links |= e.arena.node(id).cause == Cause::Cell;
        p = e.arena.first_parent(id);
    }
    let complexity = e.ancestors(y);
    let base = if y_links { 7.0 } else { 6.6 };
    let difficulty = base + length_bonus(complexity);
    if !best.could_take(difficulty) {
        return;
    }
    best.offer(
        ChainHint {
            kind: Kind::Aic,
            producer: PRODUCER,
            difficulty,
            complexity,
            sort_key: 0,
            removable,
            placement: None,
            chain_end: y,
            chain: Vec::new(),
            ends: Vec::new(),
            house_id: None,
            cells: vec![x_cell, y_cell],
            house: None,
            value: None,
        },
        e,
    );
}
