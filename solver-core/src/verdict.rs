//! The one answer to "does this problem have exactly one solution?", for
//! every engine and every kind of problem: a Sudoku puzzle (its solutions are
//! grids, and two clashing givens make it invalid before any search), a
//! constraint model (its solutions are values by variable; nothing makes it
//! invalid), an exact cover.
//!
//! Each front end checks the solutions a verdict rests on with the check of
//! its kind of problem ([`Verdict::checked`]); a verdict whose solution fails
//! is an internal error, never an answer.
//!
//! ```
//! use solver_core::{Incomplete, Verdict};
//!
//! // Two solutions found: not unique, whatever a limit says after.
//! let v: Verdict<u8> = Verdict::of_found([Some(1), Some(2)], Some(Incomplete::NodeLimit));
//! assert_eq!(v.status(), "multiple");
//! // One found, then a limit: nobody knows.
//! let v: Verdict<u8> = Verdict::of_found([Some(1), None], Some(Incomplete::NodeLimit));
//! assert_eq!(v.status(), "unknown");
//! // A solution that fails its problem's check is handed back as the culprit.
//! let v: Verdict<u8> = Verdict::of_found([Some(1), Some(4)], None);
//! assert_eq!(v.checked(|s| *s < 3), Err(4));
//! ```

use std::convert::Infallible;

use crate::Incomplete;

/// The verdict on a problem's uniqueness. `S` is the form of a solution;
/// `C` says why a problem is invalid before any search (two givens of a
/// puzzle that clash), [`Infallible`] for a problem that cannot be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<S, C = Infallible> {
    /// Exactly one solution.
    Unique(S),
    /// Two (or more) solutions; here are two of them.
    Multiple(S, S),
    /// No solution (for a puzzle: though no two givens clash).
    Unsolvable,
    /// The problem contradicts itself before any search.
    Invalid(C),
    /// A limit stopped the search before it could tell.
    Unknown(Incomplete),
}

impl<S, C> Verdict<S, C> {
    /// The verdict of a search for two solutions that found these (`None`
    /// for each one not found) and stopped early when `incomplete`. Two
    /// found say "multiple" whatever stopped the search after them.
    ///
    /// # Panics
    /// When a second solution is given without a first.
    pub fn of_found(found: [Option<S>; 2], incomplete: Option<Incomplete>) -> Verdict<S, C> {
        match (found, incomplete) {
            ([Some(a), Some(b)], _) => Verdict::Multiple(a, b),
            (_, Some(why)) => Verdict::Unknown(why),
            ([Some(a), None], None) => Verdict::Unique(a),
            ([None, None], None) => Verdict::Unsolvable,
            ([None, Some(_)], None) => panic!("a second solution without a first"),
        }
    }

    /// The status word the command lines print: `unique`, `multiple`,
    /// `unsolvable`, `invalid` or `unknown`.
    pub fn status(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(..) => "multiple",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Invalid(_) => "invalid",
            Verdict::Unknown(_) => "unknown",
        }
    }

    /// The solutions the verdict rests on: none, one or two.
    pub fn solutions(&self) -> impl Iterator<Item = &S> {
        let (a, b) = match self {
            Verdict::Unique(a) => (Some(a), None),
            Verdict::Multiple(a, b) => (Some(a), Some(b)),
            _ => (None, None),
        };
        a.into_iter().chain(b)
    }

    /// The same verdict with each solution turned by `f`.
    pub fn map<T>(self, mut f: impl FnMut(S) -> T) -> Verdict<T, C> {
        match self {
            Verdict::Unique(a) => Verdict::Unique(f(a)),
            Verdict::Multiple(a, b) => {
                let a = f(a);
                Verdict::Multiple(a, f(b))
            }
            Verdict::Unsolvable => Verdict::Unsolvable,
            Verdict::Invalid(c) => Verdict::Invalid(c),
            Verdict::Unknown(why) => Verdict::Unknown(why),
        }
    }
}

impl<S: PartialEq, C> Verdict<S, C> {
    /// The verdict, when every solution it rests on passes `holds` (the
    /// independent check of the problem's kind) and its two solutions
    /// differ; else `Err` with the first solution that fails (the first of
    /// two equal ones).
    pub fn checked(self, holds: impl Fn(&S) -> bool) -> Result<Verdict<S, C>, S> {
        match self {
            Verdict::Unique(a) if !holds(&a) => Err(a),
            Verdict::Multiple(a, b) if a == b || !holds(&a) => Err(a),
            Verdict::Multiple(_, b) if !holds(&b) => Err(b),
            verdict => Ok(verdict),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type V = Verdict<u32, &'static str>;

    #[test]
    fn found_solutions_and_limits_make_each_verdict() {
        let why = Some(Incomplete::NodeLimit);
        assert_eq!(V::of_found([None, None], None), Verdict::Unsolvable);
        assert_eq!(V::of_found([Some(3), None], None), Verdict::Unique(3));
        assert_eq!(
            V::of_found([Some(3), Some(5)], None),
            Verdict::Multiple(3, 5)
        );
        assert_eq!(
            V::of_found([Some(3), Some(5)], why),
            Verdict::Multiple(3, 5)
        );
        assert_eq!(
            V::of_found([Some(3), None], why),
            Verdict::Unknown(Incomplete::NodeLimit)
        );
        assert_eq!(
            V::of_found([None, None], why),
            Verdict::Unknown(Incomplete::NodeLimit)
        );
    }

    #[test]
    fn the_check_refuses_a_failing_or_repeated_solution() {
        let even = |s: &u32| s.is_multiple_of(2);
        assert_eq!(V::Unique(4).checked(even), Ok(Verdict::Unique(4)));
        assert_eq!(V::Unique(3).checked(even), Err(3));
        assert_eq!(V::Multiple(2, 4).checked(even), Ok(Verdict::Multiple(2, 4)));
        assert_eq!(V::Multiple(2, 5).checked(even), Err(5));
        assert_eq!(V::Multiple(3, 4).checked(even), Err(3));
        assert_eq!(V::Multiple(2, 2).checked(even), Err(2));
        assert_eq!(V::Unsolvable.checked(even), Ok(Verdict::Unsolvable));
        assert_eq!(
            V::Invalid("clash").checked(even),
            Ok(Verdict::Invalid("clash"))
        );
    }

    #[test]
    fn solutions_and_map_follow_the_verdict() {
        let v = V::Multiple(2, 7);
        assert_eq!(v.solutions().copied().collect::<Vec<_>>(), [2, 7]);
        assert_eq!(v.map(|s| s * 10), Verdict::Multiple(20, 70));
        assert_eq!(V::Unique(1).solutions().count(), 1);
        assert_eq!(V::Unsolvable.solutions().count(), 0);
        assert_eq!(V::Invalid("x").status(), "invalid");
    }
}
