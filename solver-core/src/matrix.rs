//! [`Matrix`]: the immutable exact-cover matrix in Knuth's layout.
//!
//! As in Knuth's DLX1/DLX2, a pointer is an array index: all nodes live in one
//! array. Node `i` for `1 <= i <= n` is the header of item `i` (its `top`
//! field holds the item's length); then come the options, one after another,
//! with a spacer node before and after each (`top == 0`). A spacer's `up` is
//! the first node of the option before it, its `down` the last node of the
//! option after it, and its `color` the number of the option before it plus 1.
//! Items are linked in two circular lists: the primary items hang from 0, the
//! secondary ones from `n + 1`.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::builder::Entry;
use crate::ids::{Color, ItemId, OptionId};
use crate::solver::Solver;

/// No colour on this node.
pub(crate) const NO_COLOR: u32 = 0;
/// Marks a node whose item already has this node's colour (Knuth's `-1`).
pub(crate) const DONE_COLOR: u32 = u32::MAX;

/// One node of the matrix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    /// The item of an option node, the length of a header, 0 for a spacer.
    pub(crate) top: u32,
    pub(crate) color: u32,
}

/// An exact-cover problem laid out for Dancing Links. It never changes once
/// built: each search works on its own copy, a [`Solver`], so one matrix can
/// serve many searches and many threads.
#[derive(Clone, Debug)]
pub struct Matrix {
    pub(crate) nodes: Vec<Node>,
    /// `(llink, rlink)` of each item header and of the two list heads.
    pub(crate) links: Vec<(u32, u32)>,
    primary: usize,
    /// Header node of each item, by [`ItemId`].
    position: Vec<u32>,
    /// [`ItemId`] of each header node `k`, at `k - 1`.
    order: Vec<ItemId>,
    item_names: Vec<String>,
    /// First node of each option.
    pub(crate) option_nodes: Arc<[u32]>,
    color_names: Vec<String>,
}

impl Matrix {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        nodes: Vec<Node>,
        links: Vec<(u32, u32)>,
        primary: usize,
        position: Vec<u32>,
        order: Vec<ItemId>,
        item_names: Vec<String>,
        option_nodes: Vec<u32>,
        color_names: Vec<String>,
    ) -> Matrix {
        Matrix {
            nodes,
            links,
            primary,
            position,
            order,
            item_names,
            option_nodes: option_nodes.into(),
            color_names,
        }
    }

    /// A fresh search state for this matrix (one per thread).
    pub fn solver(&self) -> Solver {
        Solver::new(self)
    }

    /// How many items the problem has.
    pub fn item_count(&self) -> usize {
        self.item_names.len()
    }

    /// How many of the items are primary.
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// How many options the problem has.
    pub fn option_count(&self) -> usize {
        self.option_nodes.len()
    }

    /// How many option nodes (non-zero entries) the matrix has.
    pub fn entry_count(&self) -> usize {
        self.nodes.len() - self.item_count() - self.option_count() - 2
    }

    /// All items, in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.item_count()).map(ItemId::new)
    }

    /// The item's name (its number if it was declared without one).
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.item_names[item.index()]
    }

    /// Whether the item is primary.
    pub fn is_primary(&self, item: ItemId) -> bool {
        (self.position[item.index()] as usize) <= self.primary
    }

    /// How many options contain this item.
    pub fn item_len(&self, item: ItemId) -> usize {
        self.nodes[self.position[item.index()] as usize].top as usize
    }

    /// The colour's name.
    pub fn color_name(&self, color: Color) -> &str {
        &self.color_names[color.index()]
    }

    /// The entries of an option, in the order they were given.
    pub fn option(&self, option: OptionId) -> impl Iterator<Item = Entry> + '_ {
        let first = self.option_nodes[option.index()] as usize;
        self.nodes[first..]
            .iter()
            .take_while(|n| n.top != 0)
            .map(|n| Entry {
                item: self.order[n.top as usize - 1],
                color: (n.color != NO_COLOR).then_some(Color(n.color)),
            })
    }

    /// The option in Knuth's notation: item names separated by spaces, with
    /// `:colour` after a coloured secondary item.
    pub fn option_text(&self, option: OptionId) -> String {
        let mut text = String::new();
        for (k, entry) in self.option(option).enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(self.item_name(entry.item));
            if let Some(c) = entry.color {
                let _ = write!(text, ":{}", self.color_name(c));
            }
        }
        text
    }
}
