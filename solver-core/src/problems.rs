//! Classic exact-cover problems with known solution counts.
//!
//! Every function returns a problem as text in Knuth's format (the format read
//! by his programs DLX1/DLX2): the first line lists the primary items, then
//! optionally a `|` followed by the secondary items; every further line is one
//! option, a whitespace-separated list of item names, where `item:c` gives the
//! secondary item `item` the colour `c` within that option.
//!
//! The generated texts contain no comments, and no colours except in
//! [`latin_square_coloured`]; every line ends with a newline. Item names are short ASCII words (at most 32 characters for
//! any reasonable size) without whitespace, `:` or `|`.
//!
//! The problems are meant for tests and benchmarks: each function documents
//! the number of solutions a correct solver must find, and where that number
//! comes from.

use std::fmt::Write as _;

/// Joins item names with single spaces.
fn join(items: &[String]) -> String {
    items.join(" ")
}

/// The small example of Knuth's paper "Dancing Links" (2000).
///
/// Primary items `A` to `G` and the six options `C E F`, `A D G`, `B C F`,
/// `A D`, `B G`, `D E G`, in that order. It has exactly **one** solution: the
/// options `A D`, `B G` and `C E F` (options 4, 5 and 1, counting from 1).
pub fn knuth_example() -> String {
    "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n".to_string()
}

/// The n-queens problem: place `n` queens on an `n`×`n` board, no two
/// attacking each other.
///
/// Primary items: the rows `r0`..`r{n-1}` and the columns `c0`..`c{n-1}`.
/// Secondary items: the `2n-1` diagonals `a0`..`a{2n-2}` (square `(r, c)` is
/// on `a{r+c}`) and the `2n-1` anti-diagonals `b0`..`b{2n-2}` (square
/// `(r, c)` is on `b{r-c+n-1}`). One option per square, `n*n` options in all,
/// in row-major order: `r{r} c{c} a{r+c} b{r-c+n-1}`.
///
/// Number of solutions (OEIS A000170): n=1: 1, 2: 0, 3: 0, 4: 2, 5: 10,
/// 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200.
///
/// # Panics
///
/// Panics if `n == 0`.
pub fn n_queens(n: usize) -> String {
    assert!(n >= 1, "n_queens needs n >= 1");
    let mut primary: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
    primary.extend((0..n).map(|c| format!("c{c}")));
    let mut secondary: Vec<String> = (0..2 * n - 1).map(|d| format!("a{d}")).collect();
    secondary.extend((0..2 * n - 1).map(|d| format!("b{d}")));

    let mut text = format!("{} | {}\n", join(&primary), join(&secondary));
    for r in 0..n {
        for c in 0..n {
            let _ = writeln!(text, "r{r} c{c} a{} b{}", r + c, r + n - 1 - c);
        }
    }
    text
}

/// Langford pairs: arrange two copies of each number `i` in `1..=n` in `2n`
/// slots so that exactly `i` numbers lie between the two copies of `i`.
///
/// Primary items: the values `1`..`n` and the slots `s0`..`s{2n-1}`. Options:
/// `i s{j} s{k}` with `k = j + i + 1 < 2n`, ordered by `i`, then `j`. Value
/// `i` has `2n - i - 1` options, so there are `3n(n-1)/2` options in all.
///
/// Number of solutions, a solution and its mirror image counted separately
/// (twice OEIS A014552, which counts them up to reversal): n=1: 0, 2: 0,
/// 3: 2, 4: 2, 5: 0, 6: 0, 7: 52, 8: 300, 9: 0, 10: 0, 11: 35584,
/// 12: 216288. Solutions exist only when `n % 4` is 0 or 3.
///
/// # Panics
///
/// Panics if `n == 0`.
pub fn langford(n: usize) -> String {
    assert!(n >= 1, "langford needs n >= 1");
    let mut primary: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    primary.extend((0..2 * n).map(|s| format!("s{s}")));

    let mut text = format!("{}\n", join(&primary));
    for i in 1..=n {
        for j in 0..2 * n {
            let k = j + i + 1;
            if k < 2 * n {
                let _ = writeln!(text, "{i} s{j} s{k}");
            }
        }
    }
    text
}

/// Latin squares of order `n`: fill an `n`×`n` grid with the values
/// `0..n` so that every value occurs once in every row and every column.
///
/// Primary items: `p{r}_{c}` (cell `(r, c)` is filled), `r{r}_{v}` (row `r`
/// contains `v`) and `c{c}_{v}` (column `c` contains `v`), `3n²` items. One
/// option per triple `(r, c, v)`: `p{r}_{c} r{r}_{v} c{c}_{v}`, `n³` options,
/// ordered by `r`, then `c`, then `v`.
///
/// Number of solutions (OEIS A002860, all Latin squares, not reduced):
/// order 1: 1, 2: 2, 3: 12, 4: 576, 5: 161280, 6: 812851200.
///
/// # Panics
///
/// Panics if `n == 0`.
pub fn latin_square(n: usize) -> String {
    assert!(n >= 1, "latin_square needs n >= 1");
    let mut primary = Vec::with_capacity(3 * n * n);
    primary.extend((0..n).flat_map(|r| (0..n).map(move |c| format!("p{r}_{c}"))));
    primary.extend((0..n).flat_map(|r| (0..n).map(move |v| format!("r{r}_{v}"))));
    primary.extend((0..n).flat_map(|c| (0..n).map(move |v| format!("c{c}_{v}"))));

    let mut text = format!("{}\n", join(&primary));
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                let _ = writeln!(text, "p{r}_{c} r{r}_{v} c{c}_{v}");
            }
        }
    }
    text
}

/// Latin squares of order `n` stated with colours (as
/// `scripts/gen-exact-cover.py latin-colour` writes them): the cell
/// `p{r}_{c}` and the row's value `r{r}_{v}` are primary items; the
/// column's value `c{c}_{v}` is secondary (with every row a permutation, it
/// is covered exactly once anyway), and so is `x{r}_{c}`, a secondary item
/// per cell coloured with its value. One option per triple `(r, c, v)`:
/// `p{r}_{c} r{r}_{v} c{c}_{v} x{r}_{c}:{v}`, ordered as in
/// [`latin_square`].
///
/// Number of solutions: those of [`latin_square`] (OEIS A002860): order
/// 4: 576, 5: 161280. The colours never clash (each cell's item is in the
/// options of its own cell only); they are there to exercise colour code.
///
/// # Panics
///
/// Panics if `n == 0`.
pub fn latin_square_coloured(n: usize) -> String {
    assert!(n >= 1, "latin_square_coloured needs n >= 1");
    let mut primary = Vec::with_capacity(2 * n * n);
    primary.extend((0..n).flat_map(|r| (0..n).map(move |c| format!("p{r}_{c}"))));
    primary.extend((0..n).flat_map(|r| (0..n).map(move |v| format!("r{r}_{v}"))));
    let mut secondary = Vec::with_capacity(2 * n * n);
    secondary.extend((0..n).flat_map(|c| (0..n).map(move |v| format!("c{c}_{v}"))));
    secondary.extend((0..n).flat_map(|r| (0..n).map(move |c| format!("x{r}_{c}"))));

    let mut text = format!("{} | {}\n", join(&primary), join(&secondary));
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                let _ = writeln!(text, "p{r}_{c} r{r}_{v} c{c}_{v} x{r}_{c}:{v}");
            }
        }
    }
    text
}

/// The twelve pentominoes as `(name, cells)`, each cell a `(row, column)`.
const PENTOMINOES: [(char, [(i32, i32); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 1), (2, 0), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations (rotations and reflections) of a shape, each
/// shifted so that its smallest row and column are 0 and its cells sorted.
fn orientations(shape: &[(i32, i32); 5]) -> Vec<[(i32, i32); 5]> {
    let mut result: Vec<[(i32, i32); 5]> = Vec::new();
    let mut current = *shape;
    for _reflection in 0..2 {
        for _rotation in 0..4 {
            let min_r = current.iter().map(|&(r, _)| r).min().unwrap_or(0);
            let min_c = current.iter().map(|&(_, c)| c).min().unwrap_or(0);
            let mut normalized = current.map(|(r, c)| (r - min_r, c - min_c));
            normalized.sort_unstable();
            if !result.contains(&normalized) {
                result.push(normalized);
            }
            // Rotate by a quarter turn.
            current = current.map(|(r, c)| (c, -r));
        }
        // Reflect left to right.
        current = current.map(|(r, c)| (r, -c));
    }
    result
}

/// The name of the cell in row `r` and column `c` of the pentomino board.
fn cell_name(r: usize, c: usize) -> String {
    format!("r{r}c{c}")
}

/// The twelve pentominoes `F I L N P T U V W X Y Z` tiling a `rows`×`cols`
/// rectangle.
///
/// Primary items: the twelve piece names, then the cells `r{r}c{c}` in
/// row-major order. One option per placement of a piece in one of its
/// distinct orientations (rotations and reflections, duplicates removed per
/// piece): the piece name followed by its five cells. The orientation counts
/// are F 8, I 2, L 8, N 8, P 8, T 4, U 4, V 4, W 4, X 1, Y 8, Z 4 (63 in all);
/// no symmetry breaking is applied, so the 6×10 board has 2056 options
/// (5×12: 1936, 4×15: 1696, 3×20: 1236).
///
/// Only boards with `rows * cols == 60` can be tiled; other sizes give valid
/// problems with no solution. Number of solutions, rotations and reflections
/// of the whole board counted separately (four times the counts up to
/// symmetry, 2, 368, 1010 and 2339, first found by C. B. and J. Haselgrove,
/// 1960, and listed in Knuth's "Dancing Links" paper, 2000): 3×20: 8,
/// 4×15: 1472, 5×12: 4040, 6×10: 9356 (the same for the transposed boards).
///
/// # Panics
///
/// Panics if `rows` or `cols` is 0.
pub fn pentominoes(rows: usize, cols: usize) -> String {
    assert!(
        rows >= 1 && cols >= 1,
        "pentominoes needs a non-empty board"
    );
    let mut primary: Vec<String> = PENTOMINOES
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    primary.extend((0..rows).flat_map(|r| (0..cols).map(move |c| cell_name(r, c))));

    let mut text = format!("{}\n", join(&primary));
    for (name, shape) in &PENTOMINOES {
        for orientation in orientations(shape) {
            // Cells are normalized, so these are non-negative.
            let height = orientation.iter().map(|&(r, _)| r).max().unwrap_or(0) as usize + 1;
            let width = orientation.iter().map(|&(_, c)| c).max().unwrap_or(0) as usize + 1;
            if height > rows || width > cols {
                continue;
            }
            for dr in 0..=rows - height {
                for dc in 0..=cols - width {
                    text.push(*name);
                    for &(r, c) in &orientation {
                        text.push(' ');
                        text.push_str(&cell_name(r as usize + dr, c as usize + dc));
                    }
                    text.push('\n');
                }
            }
        }
    }
    text
}

/// Domino tilings of a `rows` x `cols` board.
///
/// Primary items: the cells `c{r}_{c}`, row by row (so that a search that
/// covers the items in input order follows a frontier of `cols` cells: put
/// the shorter side across). Options: every domino, `c{r}_{c} c{r}_{c+1}`
/// and `c{r}_{c} c{r+1}_{c}`, in the order of their first cell.
///
/// Number of solutions (OEIS A004003 for square boards; Kasteleyn, Temperley
/// and Fisher, 1961): 2x3: 3, 3x4: 11, 8x8: 12,988,816, 12x12:
/// 53,060,477,521,960,000, 16x16: 2,444,888,770,250,892,795,802,079,170,816.
///
/// # Panics
///
/// Panics if `rows` or `cols` is 0.
pub fn dominoes(rows: usize, cols: usize) -> String {
    assert!(rows >= 1 && cols >= 1, "dominoes needs a non-empty board");
    let cell = |r: usize, c: usize| format!("c{r}_{c}");
    let cells: Vec<String> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| cell(r, c))
        .collect();
    let mut text = format!("{}\n", join(&cells));
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                let _ = writeln!(text, "{} {}", cell(r, c), cell(r, c + 1));
            }
            if r + 1 < rows {
                let _ = writeln!(text, "{} {}", cell(r, c), cell(r + 1, c));
            }
        }
    }
    text
}

/// Domino tilings of the Aztec diamond of order `n`: the unit squares
/// `[x, x+1] x [y, y+1]` with `|x + 1/2| + |y + 1/2| <= n`, `2n(n+1)` cells.
///
/// Primary items: the cells `d{x+n}_{y+n}`, listed diagonal by diagonal
/// (by `x + y`, then by `x - y`): every domino joins two neighbouring
/// diagonals, so a search that covers the items in input order follows a
/// frontier of about `n` cells. Options: every domino, in the order of its
/// first cell.
///
/// Number of solutions: `2^(n(n+1)/2)` (Elkies, Kuperberg, Larsen and Propp,
/// 1992): 1: 2, 2: 8, 3: 64, 10: 2^55, 16: 2^136.
///
/// # Panics
///
/// Panics if `n` is 0.
pub fn aztec_diamond(n: usize) -> String {
    assert!(n >= 1, "aztec_diamond needs n >= 1");
    let n = n as i64;
    let inside = |x: i64, y: i64| (2 * x + 1).abs() + (2 * y + 1).abs() <= 2 * n;
    let mut cells: Vec<(i64, i64)> = (-n..n)
        .flat_map(|x| (-n..n).map(move |y| (x, y)))
        .filter(|&(x, y)| inside(x, y))
        .collect();
    cells.sort_by_key(|&(x, y)| (x + y, x - y));
    let name = |(x, y): (i64, i64)| format!("d{}_{}", x + n, y + n);
    let names: Vec<String> = cells.iter().map(|&c| name(c)).collect();
    let mut text = format!("{}\n", join(&names));
    for &(x, y) in &cells {
        for (dx, dy) in [(1, 0), (0, 1)] {
            if inside(x + dx, y + dy) {
                let _ = writeln!(text, "{} {}", name((x, y)), name((x + dx, y + dy)));
            }
        }
    }
    text
}

/// Every partition of `{1, ..., n}` into blocks: primary items `1` to `n`,
/// one option for each non-empty subset (subset `k` of the binary order,
/// `k` from 1 to `2^n - 1`, holds `i` when bit `i - 1` of `k` is set).
///
/// Number of solutions: the Bell numbers (OEIS A000110): 1: 1, 2: 2, 3: 5,
/// 4: 15, 5: 52, 12: 4,213,597.
///
/// # Panics
///
/// Panics if `n` is 0 or above 24 (16 million options).
pub fn set_partitions(n: usize) -> String {
    assert!((1..=24).contains(&n), "set_partitions needs 1 <= n <= 24");
    let items: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let mut text = format!("{}\n", join(&items));
    for k in 1u32..1 << n {
        let block: Vec<String> = (0..n)
            .filter(|&i| k >> i & 1 == 1)
            .map(|i| (i + 1).to_string())
            .collect();
        let _ = writeln!(text, "{}", join(&block));
    }
    text
}

/// The perfect matchings of the complete graph `K_n`: primary items `1` to
/// `n`, one option `i j` for each edge, `i < j`, in lexicographic order.
///
/// Number of solutions: `(n - 1)!! = 1 * 3 * 5 * ... * (n - 1)` for even
/// `n`, none for odd `n`: 4: 3, 6: 15, 24: 316,234,143,225.
///
/// # Panics
///
/// Panics if `n` is 0.
pub fn perfect_matchings(n: usize) -> String {
    assert!(n >= 1, "perfect_matchings needs n >= 1");
    let items: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let mut text = format!("{}\n", join(&items));
    for i in 1..=n {
        for j in i + 1..=n {
            let _ = writeln!(text, "{i} {j}");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The parts of a Knuth-format text, checked for well-formedness.
    struct Parsed {
        primary: Vec<String>,
        secondary: Vec<String>,
        options: Vec<Vec<String>>,
    }

    fn valid_name(name: &str) -> bool {
        (1..=32).contains(&name.len())
            && !name
                .chars()
                .any(|ch| ch.is_whitespace() || ch == ':' || ch == '|')
    }

    /// Parses `text`, asserting that every item name is valid and declared
    /// once, and that every option names only declared items, none twice,
    /// with at least one primary item and colours only on secondary items.
    fn parse(text: &str) -> Parsed {
        assert!(text.ends_with('\n'));
        let mut lines = text.lines();
        let header = lines.next().expect("header line");
        let (prim, sec) = match header.split_once('|') {
            Some((p, s)) => (p, s),
            None => (header, ""),
        };
        let primary: Vec<String> = prim.split_whitespace().map(String::from).collect();
        let secondary: Vec<String> = sec.split_whitespace().map(String::from).collect();
        assert!(!primary.is_empty());
        let primary_set: HashSet<&str> = primary.iter().map(String::as_str).collect();
        let secondary_set: HashSet<&str> = secondary.iter().map(String::as_str).collect();
        assert_eq!(primary_set.len(), primary.len(), "duplicate primary item");
        assert_eq!(secondary_set.len(), secondary.len(), "duplicate secondary");
        assert!(primary_set.is_disjoint(&secondary_set));
        for name in primary.iter().chain(&secondary) {
            assert!(valid_name(name), "bad item name {name:?}");
        }

        let mut options = Vec::new();
        for line in lines {
            assert!(!line.starts_with('|'), "generators write no comments");
            let mut seen = HashSet::new();
            let mut has_primary = false;
            let mut option = Vec::new();
            for token in line.split_whitespace() {
                let (item, colour) = match token.split_once(':') {
                    Some((i, c)) => (i, Some(c)),
                    None => (token, None),
                };
                if primary_set.contains(item) {
                    assert!(colour.is_none(), "colour on primary item in {line:?}");
                    has_primary = true;
                } else {
                    assert!(secondary_set.contains(item), "undeclared {item:?}");
                }
                assert!(seen.insert(item), "{item:?} twice in {line:?}");
                option.push(item.to_string());
            }
            assert!(has_primary, "option without primary item: {line:?}");
            options.push(option);
        }
        Parsed {
            primary,
            secondary,
            options,
        }
    }

    /// Every primary item must occur in some option, or there is no solution.
    fn assert_all_primaries_used(p: &Parsed) {
        let used: HashSet<&String> = p.options.iter().flatten().collect();
        for item in &p.primary {
            assert!(used.contains(item), "{item} in no option");
        }
    }

    #[test]
    fn knuth_example_structure() {
        let p = parse(&knuth_example());
        assert_eq!(p.primary, ["A", "B", "C", "D", "E", "F", "G"]);
        assert!(p.secondary.is_empty());
        assert_eq!(p.options.len(), 6);
        assert_eq!(p.options[0], ["C", "E", "F"]);
        assert_eq!(p.options[5], ["D", "E", "G"]);
        // The known solution: options 3, 4 and 0 partition the items.
        let mut covered: Vec<&String> = [3, 4, 0].iter().flat_map(|&i| &p.options[i]).collect();
        covered.sort();
        let expected: Vec<&String> = p.primary.iter().collect();
        assert_eq!(covered, expected);
    }

    #[test]
    fn n_queens_structure() {
        for n in [1, 2, 4, 8, 12] {
            let p = parse(&n_queens(n));
            assert_eq!(p.primary.len(), 2 * n);
            assert_eq!(p.secondary.len(), 2 * (2 * n - 1));
            assert_eq!(p.options.len(), n * n);
            assert!(p.options.iter().all(|o| o.len() == 4));
            assert_all_primaries_used(&p);
        }
        let p = parse(&n_queens(8));
        assert_eq!(p.options.len(), 64);
        // Square (0, 7) is on diagonal 7 and anti-diagonal 0.
        assert_eq!(p.options[7], ["r0", "c7", "a7", "b0"]);
        // Square (7, 0) is on diagonal 7 and anti-diagonal 14.
        assert_eq!(p.options[56], ["r7", "c0", "a7", "b14"]);
        // Each secondary item lies on as many squares as its diagonal has.
        let count = |name: &str| {
            p.options
                .iter()
                .filter(|o| o[2] == name || o[3] == name)
                .count()
        };
        assert_eq!(count("a0"), 1);
        assert_eq!(count("a7"), 8);
        assert_eq!(count("b7"), 8);
        assert_eq!(count("b14"), 1);
    }

    #[test]
    fn langford_structure() {
        for n in 1..=12 {
            let p = parse(&langford(n));
            assert_eq!(p.primary.len(), 3 * n);
            assert!(p.secondary.is_empty());
            let expected: usize = (1..=n).map(|i| 2 * n - i - 1).sum();
            assert_eq!(expected, 3 * n * (n - 1) / 2);
            assert_eq!(p.options.len(), expected);
            for o in &p.options {
                assert_eq!(o.len(), 3);
                let i: usize = o[0].parse().unwrap();
                let j: usize = o[1][1..].parse().unwrap();
                let k: usize = o[2][1..].parse().unwrap();
                assert_eq!(k, j + i + 1);
                assert!(k < 2 * n);
            }
        }
        assert_eq!(parse(&langford(3)).options.len(), 9);
        assert_eq!(parse(&langford(8)).options.len(), 84);
        assert_eq!(parse(&langford(12)).options.len(), 198);
        assert_all_primaries_used(&parse(&langford(4)));
    }

    #[test]
    fn latin_square_structure() {
        for n in 1..=6 {
            let p = parse(&latin_square(n));
            assert_eq!(p.primary.len(), 3 * n * n);
            assert_eq!(p.options.len(), n * n * n);
            assert!(p.options.iter().all(|o| o.len() == 3));
            assert_all_primaries_used(&p);
            // Every item lies in exactly n options.
            for item in &p.primary {
                let count = p.options.iter().filter(|o| o.contains(item)).count();
                assert_eq!(count, n, "{item}");
            }
        }
        // Names stay unambiguous beyond one digit.
        parse(&latin_square(12));
    }

    #[test]
    fn latin_square_coloured_structure() {
        for n in 1..=6 {
            let p = parse(&latin_square_coloured(n));
            assert_eq!(p.primary.len(), 2 * n * n);
            assert_eq!(p.secondary.len(), 2 * n * n);
            assert_eq!(p.options.len(), n * n * n);
            assert!(p.options.iter().all(|o| o.len() == 4));
            assert_all_primaries_used(&p);
            // Every item, primary or secondary, lies in exactly n options.
            for item in p.primary.iter().chain(&p.secondary) {
                let count = p.options.iter().filter(|o| o.contains(item)).count();
                assert_eq!(count, n, "{item}");
            }
            // The same options as the plain Latin square, plus the cell's
            // coloured item.
            let plain = parse(&latin_square(n));
            for (coloured, plain) in p.options.iter().zip(&plain.options) {
                assert_eq!(coloured[..3], plain[..]);
            }
        }
        let text = latin_square_coloured(2);
        assert_eq!(
            text.lines().nth(1),
            Some("p0_0 r0_0 c0_0 x0_0:0"),
            "the cell's item coloured with its value"
        );
        parse(&latin_square_coloured(12));
    }

    #[test]
    fn pentomino_orientations() {
        let counts: Vec<(char, usize)> = PENTOMINOES
            .iter()
            .map(|(name, shape)| (*name, orientations(shape).len()))
            .collect();
        let expected = [
            ('F', 8),
            ('I', 2),
            ('L', 8),
            ('N', 8),
            ('P', 8),
            ('T', 4),
            ('U', 4),
            ('V', 4),
            ('W', 4),
            ('X', 1),
            ('Y', 8),
            ('Z', 4),
        ];
        assert_eq!(counts, expected);
        // The twelve shapes are pairwise different (no orientation shared).
        let mut all = HashSet::new();
        for (_, shape) in &PENTOMINOES {
            for o in orientations(shape) {
                assert!(all.insert(o));
            }
        }
        assert_eq!(all.len(), 63);
        // Every shape is connected: each cell touches another one.
        for (name, shape) in &PENTOMINOES {
            for &(r, c) in shape {
                let touches = shape
                    .iter()
                    .any(|&(r2, c2)| (r - r2).abs() + (c - c2).abs() == 1);
                assert!(touches, "{name}");
            }
        }
    }

    /// Placements derived by hand from the bounding boxes of the orientations:
    /// 25 orientations (F 8, T 4, V 4, W 4, X 1, Z 4) have a 3×3 box; L, N and
    /// Y have four 2×4 and four 4×2 orientations each; P has four 2×3 and four
    /// 3×2, U two of each; I is 1×5 or 5×1.
    fn expected_placements(rows: usize, cols: usize) -> usize {
        let fits = |h: usize, w: usize| {
            if h <= rows && w <= cols {
                (rows - h + 1) * (cols - w + 1)
            } else {
                0
            }
        };
        25 * fits(3, 3)
            + 3 * (4 * fits(2, 4) + 4 * fits(4, 2))
            + 6 * fits(2, 3)
            + 6 * fits(3, 2)
            + fits(1, 5)
            + fits(5, 1)
    }

    #[test]
    fn pentominoes_structure() {
        for (rows, cols, options) in [
            (6, 10, 2056),
            (10, 6, 2056),
            (5, 12, 1936),
            (4, 15, 1696),
            (3, 20, 1236),
        ] {
            let p = parse(&pentominoes(rows, cols));
            assert_eq!(p.primary.len(), 12 + 60);
            assert_eq!(p.options.len(), expected_placements(rows, cols));
            assert_eq!(p.options.len(), options);
            assert!(p.options.iter().all(|o| o.len() == 6));
            assert_all_primaries_used(&p);
            // The X pentomino has one orientation, placed with its centre
            // anywhere off the border.
            let x = p.options.iter().filter(|o| o[0] == "X").count();
            assert_eq!(x, (rows - 2) * (cols - 2));
            // The I pentomino: horizontal and vertical.
            let i = p.options.iter().filter(|o| o[0] == "I").count();
            let vertical = if rows >= 5 { (rows - 4) * cols } else { 0 };
            assert_eq!(i, rows * (cols - 4) + vertical);
            // No placement is listed twice (cells compared as sets).
            let mut seen = HashSet::new();
            for o in &p.options {
                let mut key = o.clone();
                key[1..].sort();
                assert!(seen.insert(key), "duplicate placement {o:?}");
            }
        }
        // Small boards still give well-formed problems.
        assert_eq!(parse(&pentominoes(3, 3)).options.len(), 25 + 6 * 2 + 6 * 2);
        assert_eq!(parse(&pentominoes(1, 5)).options.len(), 1);
    }
}
