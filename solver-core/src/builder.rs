//! [`ProblemBuilder`]: declares items and options, validates them, lays out a
//! [`Matrix`].

use std::collections::HashMap;

use crate::error::BuildError;
use crate::ids::{Color, ItemId, OptionId};
use crate::matrix::{Matrix, Node, NO_COLOR};

/// The largest index the engine's `u32` arrays can hold.
const MAX_INDEX: u64 = u32::MAX as u64 - 2;

/// One entry of an option: an item, and for a secondary item an optional colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The item the option covers.
    pub item: ItemId,
    /// The colour given to a secondary item, if any.
    pub color: Option<Color>,
}

impl From<ItemId> for Entry {
    fn from(item: ItemId) -> Self {
        Entry { item, color: None }
    }
}

impl From<&ItemId> for Entry {
    fn from(item: &ItemId) -> Self {
        Entry::from(*item)
    }
}

impl From<(ItemId, Color)> for Entry {
    fn from((item, color): (ItemId, Color)) -> Self {
        Entry {
            item,
            color: Some(color),
        }
    }
}

impl From<(ItemId, Option<Color>)> for Entry {
    fn from((item, color): (ItemId, Option<Color>)) -> Self {
        Entry { item, color }
    }
}

#[derive(Clone, Debug)]
struct ItemSpec {
    name: Option<String>,
    primary: bool,
}

/// Declares the items and options of an exact-cover problem and builds an
/// immutable [`Matrix`].
///
/// Items are primary (covered exactly once) or secondary (covered at most once,
/// or by any number of options that agree on its colour). Items can be named
/// ([`add_primary`](Self::add_primary)) or just numbered
/// ([`add_primary_items`](Self::add_primary_items)). Every option is checked as
/// it is added: its items must exist, appear once, and include a primary item.
///
/// ```
/// use solver_core::ProblemBuilder;
///
/// let mut b = ProblemBuilder::new();
/// let [x, y] = [b.add_primary("x")?, b.add_primary("y")?];
/// b.add_option([x])?;
/// b.add_option([y])?;
/// b.add_option([x, y])?;
/// let matrix = b.build()?;
/// assert_eq!(matrix.solver().count(&Default::default()).solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ProblemBuilder {
    items: Vec<ItemSpec>,
    names: HashMap<String, ItemId>,
    colors: Vec<String>,
    color_ids: HashMap<String, Color>,
    /// Start of each option in `entries`, plus a final end marker.
    option_starts: Vec<usize>,
    entries: Vec<(ItemId, u32)>,
    /// For each item, the last call to `add_option` that named it (its
    /// stamp): finds an item named twice in one option in constant time,
    /// however long the option.
    last_named_in: Vec<u32>,
    stamp: u32,
}

impl Default for ProblemBuilder {
    fn default() -> Self {
        ProblemBuilder::new()
    }
}

impl ProblemBuilder {
    /// An empty problem.
    pub fn new() -> Self {
        ProblemBuilder {
            items: Vec::new(),
            names: HashMap::new(),
            colors: Vec::new(),
            color_ids: HashMap::new(),
            option_starts: vec![0],
            entries: Vec::new(),
            last_named_in: Vec::new(),
            stamp: 0,
        }
    }

    /// Declares a named primary item, which every solution covers exactly once.
    pub fn add_primary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.add_item(Some(name), true)
    }

    /// Declares a named secondary item, which a solution covers at most once
    /// (or several times with one colour).
    pub fn add_secondary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.add_item(Some(name), false)
    }

    /// Declares `count` unnamed primary items; their names are their numbers.
    pub fn add_primary_items(&mut self, count: usize) -> Result<Vec<ItemId>, BuildError> {
        (0..count).map(|_| self.add_item(None, true)).collect()
    }

    /// Declares `count` unnamed secondary items; their names are their numbers.
    pub fn add_secondary_items(&mut self, count: usize) -> Result<Vec<ItemId>, BuildError> {
        (0..count).map(|_| self.add_item(None, false)).collect()
    }

    fn add_item(&mut self, name: Option<&str>, primary: bool) -> Result<ItemId, BuildError> {
        check_size("items", self.items.len() as u64 + 1)?;
        let id = ItemId::new(self.items.len());
        if let Some(name) = name {
            if self.names.insert(name.to_owned(), id).is_some() {
                return Err(BuildError::DuplicateItem {
                    name: name.to_owned(),
                });
            }
        }
        self.items.push(ItemSpec {
            name: name.map(str::to_owned),
            primary,
        });
        self.last_named_in.push(0);
        Ok(id)
    }

    /// The item with this name, if one was declared.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.names.get(name).copied()
    }

    /// How many items have been declared.
    pub fn item_count(&self) -> usize {
        self.items.len()
    }

    /// How many options have been added.
    pub fn option_count(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// The colour with this name, created on first use.
    pub fn color(&mut self, name: &str) -> Result<Color, BuildError> {
        if let Some(&c) = self.color_ids.get(name) {
            return Ok(c);
        }
        check_size("colours", self.colors.len() as u64 + 2)?;
        let c = Color(self.colors.len() as u32 + 1);
        self.colors.push(name.to_owned());
        self.color_ids.insert(name.to_owned(), c);
        Ok(c)
    }

    /// Adds an option covering these items; nothing is added if it is invalid.
    pub fn add_option<I>(&mut self, entries: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator,
        I::Item: Into<Entry>,
    {
        let option = self.option_count();
        let start = self.entries.len();
        let result = self.push_entries(option, entries).and_then(|()| {
            let nodes = self.items.len() + self.entries.len() + self.option_starts.len() + 1;
            check_size("nodes", nodes as u64)
        });
        match result {
            Ok(()) => {
                self.option_starts.push(self.entries.len());
                Ok(OptionId::new(option))
            }
            Err(e) => {
                self.entries.truncate(start);
                Err(e)
            }
        }
    }

    fn push_entries<I>(&mut self, option: usize, entries: I) -> Result<(), BuildError>
    where
        I: IntoIterator,
        I::Item: Into<Entry>,
    {
        self.stamp = match self.stamp.checked_add(1) {
            Some(stamp) => stamp,
            None => {
                self.last_named_in.fill(0);
                1
            }
        };
        let stamp = self.stamp;
        let mut has_primary = false;
        for entry in entries {
            let Entry { item, color } = entry.into();
            let spec = self
                .items
                .get(item.index())
                .ok_or(BuildError::UnknownItem {
                    option,
                    item: item.index(),
                    declared: self.items.len(),
                })?;
            if self.last_named_in[item.index()] == stamp {
                return Err(BuildError::RepeatedItem {
                    option,
                    name: self.name_of(item),
                });
            }
            self.last_named_in[item.index()] = stamp;
            if spec.primary && color.is_some() {
                return Err(BuildError::ColorOnPrimary {
                    option,
                    name: self.name_of(item),
                });
            }
            has_primary |= spec.primary;
            self.entries.push((item, color.map_or(NO_COLOR, |c| c.0)));
        }
        if has_primary {
            Ok(())
        } else {
            Err(BuildError::NoPrimaryItem { option })
        }
    }

    fn name_of(&self, item: ItemId) -> String {
        self.items[item.index()]
            .name
            .clone()
            .unwrap_or_else(|| item.to_string())
    }

    /// Lays the problem out in Knuth's arrays and returns the immutable matrix.
    pub fn build(self) -> Result<Matrix, BuildError> {
        let n = self.items.len();
        // Knuth's order: primary items first, then secondary ones. `position[id]`
        // is the item's header node, 1..=n.
        let mut order: Vec<ItemId> = (0..n).map(ItemId::new).collect();
        order.sort_by_key(|id| !self.items[id.index()].primary);
        let primary = self.items.iter().filter(|s| s.primary).count();
        let mut position = vec![0u32; n];
        for (k, id) in order.iter().enumerate() {
            position[id.index()] = k as u32 + 1;
        }
        let options = self.option_count();
        let total = n as u64 + 1 + self.entries.len() as u64 + options as u64 + 1;
        check_size("nodes", total)?;

        let mut nodes = Vec::with_capacity(total as usize);
        nodes.push(Node::default());
        for k in 1..=n as u32 {
            nodes.push(Node {
                up: k,
                down: k,
                top: 0,
                color: NO_COLOR,
            });
        }
        // The first spacer.
        let mut spacer = nodes.len();
        nodes.push(Node {
            up: 0,
            down: 0,
            top: 0,
            color: 0,
        });
        let mut option_nodes = Vec::with_capacity(options);
        for o in 0..options {
            let entries = &self.entries[self.option_starts[o]..self.option_starts[o + 1]];
            let first = nodes.len() as u32;
            option_nodes.push(first);
            for &(item, color) in entries {
                let header = position[item.index()];
                let x = nodes.len() as u32;
                let last = nodes[header as usize].up;
                nodes.push(Node {
                    up: last,
                    down: header,
                    top: header,
                    color,
                });
                nodes[last as usize].down = x;
                nodes[header as usize].up = x;
                nodes[header as usize].top += 1;
            }
            let last = nodes.len() as u32 - 1;
            nodes[spacer].down = last;
            spacer = nodes.len();
            nodes.push(Node {
                up: first,
                down: 0,
                top: 0,
                color: o as u32 + 1,
            });
        }
        // Two circular lists of item headers: primary items hang from 0,
        // secondary items from n+1.
        let mut links = vec![(0u32, 0u32); n + 2];
        let head2 = n + 1;
        let link = |links: &mut Vec<(u32, u32)>, head: usize, range: std::ops::Range<usize>| {
            let mut prev = head;
            for k in range {
                links[k].0 = prev as u32;
                links[prev].1 = k as u32;
                prev = k;
            }
            links[prev].1 = head as u32;
            links[head].0 = prev as u32;
        };
        link(&mut links, 0, 1..primary + 1);
        link(&mut links, head2, primary + 1..n + 1);

        let item_names = self
            .items
            .iter()
            .enumerate()
            .map(|(k, s)| s.name.clone().unwrap_or_else(|| k.to_string()))
            .collect();
        Ok(Matrix::from_parts(
            nodes,
            links,
            primary,
            position,
            order,
            item_names,
            option_nodes,
            self.colors,
        ))
    }
}

fn check_size(what: &'static str, given: u64) -> Result<(), BuildError> {
    if given > MAX_INDEX {
        Err(BuildError::TooLarge {
            what,
            given,
            limit: MAX_INDEX,
        })
    } else {
        Ok(())
    }
}
