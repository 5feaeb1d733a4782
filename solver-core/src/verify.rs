//! The independent check of an exact-cover solution: every primary item
//! covered exactly once, every secondary item at most once or always with the
//! same colour.
//!
//! It reads only the [`Matrix`] as it was built (each search works on its own
//! copy of the links), counts coverings in plain arrays and shares no code with
//! any engine, so an engine that reports a wrong option set is caught here
//! rather than printed. Every solution that `dlx` prints passes through it
//! ([`crate::whole`]); one that fails is a [`Faulty`], never printed.
//!
//! ```
//! use solver_core::{knuth, OptionId};
//!
//! let matrix = knuth::parse("A B C\nA B\nC\nA\nB C\n")?;
//! // Options 0 (A B) and 1 (C) cover A, B and C once each.
//! assert!(matrix.check_solution(&[OptionId::new(0), OptionId::new(1)]).is_ok());
//! // Options 0 (A B) and 3 (B C) cover B twice.
//! let wrong = matrix.check_solution(&[OptionId::new(0), OptionId::new(3)]);
//! assert_eq!(wrong.unwrap_err().to_string(), "item `B` is covered twice");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::hash_map::{Entry, HashMap};

use thiserror::Error;

use crate::ids::{Color, ItemId, OptionId};
use crate::matrix::Matrix;

/// A solution that failed the independent check of its problem
/// ([`Matrix::check_solution`] for exact cover, the model's check for a
/// constraint model): an engine's bug, reported as an internal error and
/// never printed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("internal error: solution {number} failed the independent check: {error}")]
pub struct Faulty<E: std::error::Error + 'static = SolutionError> {
    /// The solution's number, from 1.
    pub number: u64,
    /// What the check found.
    pub error: E,
}

/// Why an option set is not a solution of its matrix.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolutionError {
    /// The set names an option the matrix does not have.
    #[error("option {option} does not exist ({count} options)")]
    UnknownOption {
        /// The option's number (from 0).
        option: usize,
        /// How many options the matrix has.
        count: usize,
    },
    /// The set names one option twice.
    #[error("option {option} is chosen twice")]
    RepeatedOption {
        /// The option's number (from 0).
        option: usize,
    },
    /// A primary item is covered by no option of the set.
    #[error("item `{item}` is not covered")]
    Uncovered {
        /// The item's name.
        item: String,
    },
    /// An item (primary, or secondary without a colour) is covered twice.
    #[error("item `{item}` is covered twice")]
    CoveredTwice {
        /// The item's name.
        item: String,
    },
    /// A secondary item is given two different colours, or a colour and none.
    #[error("item `{item}` is given two colours ({first} and {second})")]
    ColourClash {
        /// The item's name.
        item: String,
        /// The first colour given (`none` for an uncoloured use).
        first: String,
        /// The other one.
        second: String,
    },
}

/// How an item is used by the first option of the set that has it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Plain,
    Coloured(Color),
}

impl Matrix {
    /// Checks that `options` is a solution: each primary item covered exactly
    /// once, each secondary item covered at most once or only with one colour,
    /// no option repeated.
    ///
    /// # Errors
    /// The first fault found, naming the item or option.
    pub fn check_solution(&self, options: &[OptionId]) -> Result<(), SolutionError> {
        // Work in proportion to the solution, not to the matrix: every
        // solution is checked before it is printed.
        let count = self.option_count();
        let mut sorted = options.to_vec();
        sorted.sort_unstable();
        if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(SolutionError::RepeatedOption {
                option: pair[0].index(),
            });
        }
        if let Some(&last) = sorted.last().filter(|o| o.index() >= count) {
            return Err(SolutionError::UnknownOption {
                option: last.index(),
                count,
            });
        }
        let mut used: HashMap<ItemId, Use> = HashMap::new();
        for &option in options {
            for entry in self.option(option) {
                let now = entry.color.map_or(Use::Plain, Use::Coloured);
                let first = match used.entry(entry.item) {
                    Entry::Vacant(slot) => {
                        slot.insert(now);
                        continue;
                    }
                    Entry::Occupied(slot) => *slot.get(),
                };
                let item = self.item_name(entry.item).to_owned();
                match (first, now) {
                    (Use::Coloured(a), Use::Coloured(b)) if a == b => {}
                    (Use::Plain, Use::Plain) => return Err(SolutionError::CoveredTwice { item }),
                    (first, second) => {
                        let name = |u: Use| match u {
                            Use::Coloured(c) => self.color_name(c).to_owned(),
                            Use::Plain => "none".to_owned(),
                        };
                        return Err(SolutionError::ColourClash {
                            item,
                            first: name(first),
                            second: name(second),
                        });
                    }
                }
            }
        }
        // Each primary item seen is covered once (a second cover failed
        // above); all are covered when as many are seen as there are.
        let covered = used.keys().filter(|&&item| self.is_primary(item)).count();
        if covered < self.primary_count() {
            let item = self
                .items()
                .find(|&item| self.is_primary(item) && !used.contains_key(&item))
                .expect("fewer primary items covered than there are");
            return Err(SolutionError::Uncovered {
                item: self.item_name(item).to_owned(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth;

    fn ids(k: &[usize]) -> Vec<OptionId> {
        k.iter().map(|&k| OptionId::new(k)).collect()
    }

    /// Every subset of the options of small problems: the check accepts
    /// exactly the subsets a brute force written here calls solutions, and
    /// their number is the engine's count.
    #[test]
    fn accepts_exactly_the_solutions_of_a_brute_force() {
        let problems = [
            "A B C\nA B\nC\nA\nB C\nA C\n",
            "A B | x y\nA x:1\nB x:1\nA x:2 y\nB y\nA B\n",
            "A B | p q\nA p\nB p\nA q:1\nB q:1\nA B\nB q:2\n",
            "A B C D\nA B\nC D\nA C\nB D\nA D\nB C\nA\nB\nC\nD\n",
        ];
        for text in problems {
            let matrix = knuth::parse(text).unwrap();
            // The options as (item name, colour name) lists, straight from the text.
            let mut lines = text.lines();
            let header = lines.next().unwrap();
            let (primary, _) = header.split_once('|').unwrap_or((header, ""));
            let primary: Vec<&str> = primary.split_whitespace().collect();
            let rows: Vec<Vec<(&str, Option<&str>)>> = lines
                .map(|l| {
                    l.split_whitespace()
                        .map(|e| match e.split_once(':') {
                            Some((i, c)) => (i, Some(c)),
                            None => (e, None),
                        })
                        .collect()
                })
                .collect();
            let mut solutions = 0u128;
            for mask in 0u32..1 << rows.len() {
                let set: Vec<usize> = (0..rows.len()).filter(|k| mask >> k & 1 == 1).collect();
                let mut uses: std::collections::HashMap<&str, Vec<Option<&str>>> =
                    Default::default();
                for &k in &set {
                    for &(item, colour) in &rows[k] {
                        uses.entry(item).or_default().push(colour);
                    }
                }
                let ok = primary.iter().all(|p| uses.get(p).map_or(0, Vec::len) == 1)
                    && uses.iter().all(|(item, cs)| {
                        primary.contains(item)
                            || cs.len() == 1
                            || cs.iter().all(|c| c.is_some() && *c == cs[0])
                    });
                solutions += u128::from(ok);
                assert_eq!(
                    matrix.check_solution(&ids(&set)).is_ok(),
                    ok,
                    "{text:?} {set:?}"
                );
            }
            assert_eq!(
                matrix.solver().count(&crate::Limits::none()).solutions,
                solutions
            );
        }
    }

    #[test]
    fn faults_are_named() {
        let matrix = knuth::parse("A B | x\nA x:r\nB x:g\nB x\nA\n").unwrap();
        let err = |k: &[usize]| matrix.check_solution(&ids(k)).unwrap_err().to_string();
        assert_eq!(err(&[0]), "item `B` is not covered");
        assert_eq!(err(&[0, 1]), "item `x` is given two colours (r and g)");
        assert_eq!(err(&[0, 2]), "item `x` is given two colours (r and none)");
        assert_eq!(err(&[0, 0]), "option 0 is chosen twice");
        assert_eq!(err(&[0, 9]), "option 9 does not exist (4 options)");
        assert_eq!(err(&[1, 2, 3]), "item `B` is covered twice");
    }
}
