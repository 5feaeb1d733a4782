//! The patterns of givens a puzzle keeps ([`Symmetry`]): a given cell's
//! images under the symmetry are given too. [`crate::Task::Minimize`] removes
//! givens an orbit at a time; the generator (`sudoku-generate`) digs its
//! puzzles the same way.

use std::fmt;
use std::str::FromStr;

use sudoku::Grid;
use sudoku::Shape;

/// The pattern of givens a generated puzzle keeps: a given cell's images
/// under the symmetry are given too. Cells are removed an *orbit* at a time
/// (a cell and all its images).
///
/// The symmetries are those of the square of `N x N` cells, whatever the box
/// shape: they constrain which cells are given, not the values, so they apply
/// to rectangular boxes as well (where a mirror or a quarter turn does not
/// map boxes onto boxes). Rows and columns are 0-based, `N` is the side.
///
/// `Display` and `FromStr` use the lower-case names below.
///
/// ```
/// use sudoku_solve::Symmetry;
/// let s: Symmetry = "rotational".parse()?;
/// assert_eq!(s, Symmetry::Rotational);
/// assert_eq!(Symmetry::Diagonal.to_string(), "diagonal");
/// # Ok::<(), sudoku_solve::ParseSymmetryError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `none`: no constraint, cells are removed one at a time.
    #[default]
    None,
    /// `rotational`: a half turn about the centre, (r, c) with (N-1-r, N-1-c).
    /// The usual symmetry of published puzzles.
    Rotational,
    /// `quarter-turn`: quarter turns about the centre, (r, c) with (c, N-1-r)
    /// and its repeats (orbits of up to 4 cells).
    QuarterTurn,
    /// `horizontal`: mirror in the horizontal middle line (top and bottom
    /// swap), (r, c) with (N-1-r, c).
    Horizontal,
    /// `vertical`: mirror in the vertical middle line (left and right swap),
    /// (r, c) with (r, N-1-c).
    Vertical,
    /// `diagonal`: mirror in the main diagonal, (r, c) with (c, r).
    Diagonal,
    /// `anti-diagonal`: mirror in the other diagonal, (r, c) with
    /// (N-1-c, N-1-r).
    AntiDiagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the variants.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::QuarterTurn,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The name used by `Display` and `FromStr`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::QuarterTurn => "quarter-turn",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The image of cell `(row, col)` of an `n x n` grid under the map that
    /// generates the symmetry (the identity for [`Symmetry::None`]).
    fn map(self, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
        match self {
            Symmetry::None => (r, c),
            Symmetry::Rotational => (n - 1 - r, n - 1 - c),
            Symmetry::QuarterTurn => (c, n - 1 - r),
            Symmetry::Horizontal => (n - 1 - r, c),
            Symmetry::Vertical => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
            Symmetry::AntiDiagonal => (n - 1 - c, n - 1 - r),
        }
    }

    /// The orbits of the cells of `shape` (cell indices row by row): each
    /// cell with its images, every cell in exactly one orbit, ordered by
    /// their first cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.side() as usize;
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            // Every map here has order 1, 2 or 4: follow it until it returns.
            let mut orbit = Vec::with_capacity(4);
            let mut at = (start / n, start % n);
            loop {
                let i = at.0 * n + at.1;
                if seen[i] {
                    break;
                }
                seen[i] = true;
                orbit.push(i);
                at = self.map(n, at);
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether a cell of `grid` is given exactly when its image is.
    pub fn holds_for(self, grid: &Grid) -> bool {
        let n = grid.side();
        (0..n).all(|r| {
            (0..n).all(|c| {
                let (r2, c2) = self.map(n, (r, c));
                grid.get(r, c).is_some() == grid.get(r2, c2).is_some()
            })
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A symmetry name that [`Symmetry::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry '{0}': expected none, rotational, quarter-turn, horizontal, vertical, \
     diagonal or anti-diagonal"
)]
pub struct ParseSymmetryError(pub String);

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;

    /// The names of `Display`, in any case, plus `180` for rotational, `90`
    /// for quarter-turn and `antidiagonal`.
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        let lower = s.trim().to_ascii_lowercase();
        let found = match lower.as_str() {
            "180" | "rotational180" => Some(Symmetry::Rotational),
            "90" | "rotational90" | "quarter" => Some(Symmetry::QuarterTurn),
            "antidiagonal" => Some(Symmetry::AntiDiagonal),
            name => Symmetry::ALL.into_iter().find(|sym| sym.name() == name),
        };
        found.ok_or_else(|| ParseSymmetryError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> Shape {
        text.parse().expect("test shape")
    }

    #[test]
    fn orbits_partition_the_grid_and_are_closed() {
        for text in ["1x1", "1x3", "2x2", "2x3", "3x2", "3x3", "2x4", "3x5"] {
            let shape = shape(text);
            let n = shape.side() as usize;
            for symmetry in Symmetry::ALL {
                let orbits = symmetry.orbits(shape);
                let mut owner = vec![usize::MAX; n * n];
                for (k, orbit) in orbits.iter().enumerate() {
                    assert!((1..=4).contains(&orbit.len()));
                    for &i in orbit {
                        assert_eq!(owner[i], usize::MAX, "{symmetry} {text}: cell {i} twice");
                        owner[i] = k;
                    }
                }
                assert!(owner.iter().all(|&k| k != usize::MAX));
                for i in 0..n * n {
                    let (r, c) = symmetry.map(n, (i / n, i % n));
                    assert_eq!(owner[r * n + c], owner[i], "{symmetry} {text}");
                }
                // A grid with one orbit given has the symmetry, and with one
                // cell of a larger orbit it does not.
                for orbit in &orbits {
                    let mut grid = Grid::empty(shape);
                    for &i in orbit {
                        grid.set(i / n, i % n, Some(1));
                    }
                    assert!(symmetry.holds_for(&grid));
                    if orbit.len() > 1 {
                        grid.set(orbit[0] / n, orbit[0] % n, None);
                        assert!(!symmetry.holds_for(&grid));
                    }
                }
            }
        }
        // Spot checks on a 6x6 grid of 2x3 boxes.
        let s = shape("2x3");
        let orbit_of =
            |sym: Symmetry, i: usize| sym.orbits(s).into_iter().find(|o| o.contains(&i)).unwrap();
        assert_eq!(orbit_of(Symmetry::Rotational, 1), [1, 34]); // r0c1, r5c4
        assert_eq!(orbit_of(Symmetry::Diagonal, 1), [1, 6]); // r0c1, r1c0
        assert_eq!(orbit_of(Symmetry::AntiDiagonal, 0), [0, 35]);
        assert_eq!(orbit_of(Symmetry::Horizontal, 1), [1, 31]); // r0c1, r5c1
        assert_eq!(orbit_of(Symmetry::Vertical, 1), [1, 4]); // r0c1, r0c4
        assert_eq!(orbit_of(Symmetry::QuarterTurn, 1), [1, 11, 24, 34]);
    }

    #[test]
    fn symmetry_names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.to_string().parse::<Symmetry>(), Ok(symmetry));
        }
        assert_eq!("180".parse(), Ok(Symmetry::Rotational));
        assert_eq!("Diagonal".parse(), Ok(Symmetry::Diagonal));
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
