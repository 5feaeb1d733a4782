//! Small `u32` handles for items, options and colours.

use std::fmt;

/// An item (a column of the exact-cover matrix), numbered in the order it was
/// declared in the [`ProblemBuilder`](crate::ProblemBuilder), from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub(crate) u32);

/// An option (a row of the exact-cover matrix), numbered in the order it was
/// added, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub(crate) u32);

/// A colour that an option gives to a secondary item. Options that give the
/// same secondary item the same colour are compatible (Knuth's XCC problems).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(pub(crate) u32);

macro_rules! index_type {
    ($t:ident) => {
        impl $t {
            /// The handle for number `index`.
            ///
            /// # Panics
            /// If `index` does not fit in a `u32`.
            pub fn new(index: usize) -> Self {
                $t(u32::try_from(index).expect("index beyond u32"))
            }

            /// The number of this handle, as a `usize`.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

index_type!(ItemId);
index_type!(OptionId);

impl Color {
    /// The number of this colour (its position among the builder's colours, from 0).
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}
