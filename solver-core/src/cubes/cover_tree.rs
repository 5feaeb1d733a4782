//! The search tree of Dancing Links on a [`Matrix`] with some options
//! forced, walked one step at a time ([`SearchTree`]): at each node the
//! search branches on the primary item with the fewest options (Knuth's
//! MRV rule, ties to the first), one branch per option of it.

use crate::error::ForceError;
use crate::ids::OptionId;
use crate::matrix::Matrix;
use crate::parallel::{Node, SearchTree};
use crate::search::choose;
use crate::solver::Solver;

/// Dancing Links on a matrix, below its forced options, as a
/// [`SearchTree`] whose choices are options.
pub struct CoverTree {
    s: Solver,
    /// The item [`node`](SearchTree::node) chose where the walk stands.
    item: Option<u32>,
    /// The way down: the item branched on, the node of the option taken
    /// and its branch number.
    steps: Vec<(u32, u32, u32)>,
    /// The step just taken back up, when nothing else came since: the next
    /// branch of the same item starts from its node.
    sibling: Option<(u32, u32, u32)>,
}

impl CoverTree {
    /// The search for the solutions of `matrix` that contain `forced`;
    /// fails if the forced options clash.
    pub fn new(matrix: &Matrix, forced: &[OptionId]) -> Result<CoverTree, ForceError> {
        let mut s = matrix.solver();
        for &o in forced {
            s.force(o)?;
        }
        Ok(CoverTree {
            s,
            item: None,
            steps: Vec::new(),
            sibling: None,
        })
    }
}

impl SearchTree for CoverTree {
    type Choice = OptionId;

    #[inline]
    fn node(&mut self) -> Node {
        self.item = None;
        self.sibling = None;
        if self.s.links[0].1 == 0 {
            return Node::Solution;
        }
        match choose(&mut self.s) {
            (_, 0) => Node::DeadEnd,
            (i, len) => {
                self.item = Some(i);
                Node::Branches(len)
            }
        }
    }

    #[inline]
    fn down(&mut self, k: u32) -> OptionId {
        let i = self
            .item
            .take()
            .expect("down() steps into a node that branches");
        let s = &mut self.s;
        // Branch k is the k-th option down item i's list, or the one after
        // branch k - 1 when the walk just came back up from it.
        let x = match self.sibling.take() {
            Some((si, sx, sk)) if si == i && sk + 1 == k => s.nodes[sx as usize].down,
            _ => {
                let mut x = s.nodes[i as usize].down;
                for _ in 0..k {
                    x = s.nodes[x as usize].down;
                }
                x
            }
        };
        s.cover(i);
        s.commit_others(x);
        self.steps.push((i, x, k));
        s.option_of(x)
    }

    #[inline]
    fn up(&mut self) {
        let (i, x, k) = self.steps.pop().expect("up() below the start");
        self.s.uncommit_others(x);
        self.s.uncover(i);
        self.item = Some(i);
        self.sibling = Some((i, x, k));
    }
}
