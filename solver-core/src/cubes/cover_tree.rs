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
    /// The way down: the item branched on and the node of the option taken.
    steps: Vec<(u32, u32)>,
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
        })
    }
}

impl SearchTree for CoverTree {
    type Choice = OptionId;

    fn node(&mut self) -> Node {
        self.item = None;
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

    fn down(&mut self, k: u32) -> OptionId {
        let i = self
            .item
            .take()
            .expect("down() steps into a node that branches");
        let s = &mut self.s;
        s.cover(i);
        let mut x = s.nodes[i as usize].down;
        for _ in 0..k {
            x = s.nodes[x as usize].down;
        }
        s.commit_others(x);
        self.steps.push((i, x));
        s.option_of(x)
    }

    fn up(&mut self) {
        let (i, x) = self.steps.pop().expect("up() below the start");
        self.s.uncommit_others(x);
        self.s.uncover(i);
        self.item = Some(i);
    }
}
