//! Simple colouring (not in Sudoku Explainer; off in SE mode).
//!
//! For one value, join the two places of every house where the value has
//! two places left (a conjugate pair: exactly one of them holds it) and
//! give the cells of each chain of pairs two colours, alternately. In each
//! chain one colour holds the value and the other does not.
//! - Colour wrap: two cells of one colour see each other, so that colour
//!   is false: every cell of it loses the value.
//! - Colour trap: a cell outside the chain that sees both colours loses
//!   the value (one of the two cells it sees holds it).
//!
//! Difficulty: what SE gives the equivalent forcing X-chain, 6.6 plus
//! SE's length bonus on the chain's nodes (the cells from one seen cell
//! to the other along the pairs, plus the cell that loses the value).

use std::collections::VecDeque;

use crate::candidates::{bit, Candidates};
use crate::chains::length_bonus;
use crate::step::{ChainNode, Reason, Step, Technique};
use crate::turbot::strong_pair;

/// The conjugate pairs of `v`: per cell, the cells it pairs with.
fn pairs(c: &Candidates, v: usize) -> Vec<Vec<usize>> {
    let mut links = vec![Vec::new(); c.len()];
    for h in 0..c.houses().all().len() {
        if let Some((a, b)) = strong_pair(c, h, v) {
            if !links[a].contains(&b) {
                links[a].push(b);
                links[b].push(a);
            }
        }
    }
    links
}

/// The shortest path of pairs from `from` to `to`, both ends included.
fn path(links: &[Vec<usize>], from: usize, to: usize) -> Vec<usize> {
    let mut parent = vec![usize::MAX; links.len()];
    parent[from] = from;
    let mut queue = VecDeque::from([from]);
    while let Some(x) = queue.pop_front() {
        if x == to {
            break;
        }
        for &y in &links[x] {
            if parent[y] == usize::MAX {
                parent[y] = x;
                queue.push_back(y);
            }
        }
    }
    let mut out = vec![to];
    let mut x = to;
    while x != from {
        x = parent[x];
        out.push(x);
    }
    out.reverse();
    out
}

/// The chain from `from` (off) to `to` (on) along pairs, as nodes.
fn nodes(links: &[Vec<usize>], from: usize, to: usize, v: usize) -> Vec<ChainNode> {
    path(links, from, to)
        .into_iter()
        .enumerate()
        .map(|(i, cell)| ChainNode {
            cell,
            value: v as u16,
            on: i % 2 == 1,
        })
        .collect()
}

fn difficulty(chain_cells: usize) -> u16 {
    let nodes = u32::try_from(chain_cells + 2).unwrap_or(u32::MAX);
    (66.0 + length_bonus(nodes) * 10.0).round() as u16
}

/// The first colour wrap or colour trap, values ascending, chains in the
/// order of their first cell; a wrap before a trap in each chain.
pub fn simple_colouring(c: &Candidates) -> Option<Step> {
    let houses = c.houses();
    let side = c.side();
    for v in 1..=side {
        let b = bit(v);
        let links = pairs(c, v);
        let mut colour = vec![u8::MAX; c.len()];
        for start in 0..c.len() {
            if links[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // Colour the chain of `start`.
            let mut chain = vec![start];
            colour[start] = 0;
            let mut consistent = true;
            let mut k = 0;
            while k < chain.len() {
                let x = chain[k];
                k += 1;
                for &y in &links[x] {
                    if colour[y] == u8::MAX {
                        colour[y] = 1 - colour[x];
                        chain.push(y);
                    } else if colour[y] == colour[x] {
                        consistent = false;
                    }
                }
            }
            if chain.len() < 3 || !consistent {
                continue; // a lone pair, or a grid without a solution
            }
            chain.sort_unstable();
            // Wrap: two cells of one colour that see each other.
            for (i, &x) in chain.iter().enumerate() {
                if let Some(&y) = chain[i + 1..]
                    .iter()
                    .find(|&&y| colour[y] == colour[x] && houses.sees(x, y))
                {
                    let removed: Vec<(usize, u64)> = chain
                        .iter()
                        .filter(|&&z| colour[z] == colour[x])
                        .map(|&z| (z, b))
                        .collect();
                    let chain_nodes = path(&links, x, y);
                    let reason = Reason {
                        cells: chain.clone(),
                        values: vec![v as u16],
                        houses: Vec::new(),
                        chain: chain_nodes
                            .iter()
                            .enumerate()
                            .map(|(i, &cell)| ChainNode {
                                cell,
                                value: v as u16,
                                on: i % 2 == 0,
                            })
                            .collect(),
                    };
                    return Some(Step::eliminating(
                        Technique::ColourWrap,
                        difficulty(chain_nodes.len()),
                        side,
                        removed,
                        reason,
                    ));
                }
            }
            // Trap: a cell outside the chain seeing both colours.
            let mut removed = Vec::new();
            let mut hardest = 0;
            let mut first_chain = Vec::new();
            for z in 0..c.len() {
                if c.mask(z) & b == 0 || colour[z] != u8::MAX {
                    continue;
                }
                let seen = |col: u8| {
                    chain
                        .iter()
                        .copied()
                        .find(|&x| colour[x] == col && houses.sees(z, x))
                };
                if let (Some(x0), Some(x1)) = (seen(0), seen(1)) {
                    let p = nodes(&links, x0, x1, v);
                    hardest = hardest.max(p.len());
                    if first_chain.is_empty() {
                        first_chain = p;
                    }
                    removed.push((z, b));
                }
            }
            if !removed.is_empty() {
                let reason = Reason {
                    cells: chain.clone(),
                    values: vec![v as u16],
                    houses: Vec::new(),
                    chain: first_chain,
                };
                return Some(Step::eliminating(
                    Technique::ColourTrap,
                    difficulty(hardest),
                    side,
                    removed,
                    reason,
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turbot::tests::state;

    fn only(line: &[(usize, usize)], keep: &[(usize, usize)]) -> Vec<(usize, usize)> {
        line.iter().copied().filter(|x| !keep.contains(x)).collect()
    }

    fn row(r: usize) -> Vec<(usize, usize)> {
        (1..=9).map(|c| (r, c)).collect()
    }

    fn col(c: usize) -> Vec<(usize, usize)> {
        (1..=9).map(|r| (r, c)).collect()
    }

    fn names(step: &Step) -> Vec<String> {
        step.eliminations
            .iter()
            .map(|e| step.cell_name(e.cell))
            .collect()
    }

    #[test]
    fn colour_trap_on_a_chain_of_four_pairs() {
        // 6 has two places in row 1 (c1, c5), column 5 (r1, r4), row 4
        // (c5, c8) and column 8 (r4, r2). Colours: A = r1c1, r4c5, r2c8;
        // B = r1c5, r4c8. No two cells of a colour see each other. The
        // cells with a 6 seeing an A and a B: r2c4 and r2c6 (row 2 sees
        // r2c8, box 2 sees r1c5); the others with a 6 seeing both colours
        // would be in row 1, row 4, column 5 or column 8, which have none.
        // By hand: if r2c4 were 6, r2c8 would not be (row 2), so r4c8
        // would (column 8), r4c5 would not (row 4), r1c5 would (column
        // 5): two 6s in box 2.
        let c = state(&[
            (6, &only(&row(1), &[(1, 1), (1, 5)])),
            (6, &only(&col(5), &[(1, 5), (4, 5)])),
            (6, &only(&row(4), &[(4, 5), (4, 8)])),
            (6, &only(&col(8), &[(4, 8), (2, 8)])),
        ]);
        let step = simple_colouring(&c).expect("a colour trap");
        assert_eq!(step.technique, Technique::ColourTrap);
        assert_eq!(names(&step), vec!["r2c4", "r2c6"]);
        assert!(step.eliminations.iter().all(|e| e.values == vec![6]));
        // Four cells from r2c8 to r1c5: SE's turbot fish difficulty.
        assert_eq!(step.difficulty.tenths(), 66);
    }

    #[test]
    fn colour_wrap_when_one_colour_sees_itself() {
        // 2 has two places in row 1 (c1, c5), column 5 (r1, r2), row 2
        // (c5, c2) and column 2 (r2, r3). Colours: A = r1c1, r2c5, r3c2;
        // B = r1c5, r2c2. r1c1 and r3c2 (both A) share box 1, so A is
        // false: if r1c1 were 2, r1c5 would not be, r2c5 would, r2c2
        // would not, r3c2 would: two 2s in box 1.
        let c = state(&[
            (2, &only(&row(1), &[(1, 1), (1, 5)])),
            (2, &only(&col(5), &[(1, 5), (2, 5)])),
            (2, &only(&row(2), &[(2, 5), (2, 2)])),
            (2, &only(&col(2), &[(2, 2), (3, 2)])),
        ]);
        let step = simple_colouring(&c).expect("a colour wrap");
        assert_eq!(step.technique, Technique::ColourWrap);
        assert_eq!(names(&step), vec!["r1c1", "r2c5", "r3c2"]);
        // Five cells from r1c1 to r3c2: 6.6 and SE's bonus for 7 nodes.
        assert_eq!(step.difficulty.tenths(), 67);
    }
}
