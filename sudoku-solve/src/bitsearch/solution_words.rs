//! The independent check of a 9x9 solution in the form the 9x9 specialist
//! holds it, without decoding it into a grid: a caller that prints only
//! the verdict (`sudoku check` as text) checks each solution it rests on
//! here instead of decoding and checking a [`Grid`](sudoku::Grid).
//!
//! The form ([`Words`]): 27 words, word `9 * band + digit` (digit 0 for
//! the value 1) with bit `9 * row + column` set, row and column counted
//! within the band, for each cell of the band that holds the digit. The
//! check reads the words as that definition says and shares no code or
//! table with the search.
//!
//! Two copies, each tested against the grid check: the portable one
//! ([`is_solution`], [`GivenWords::new`]) and one in AVX2 vectors
//! ([`avx2`]), which [`SolutionCheck`] takes where the plan's path is an
//! AVX2 one (`avx2`, `avx2-lookup`) and the CPU has it.

use cover_model::plan::CpuPath;

use super::band9::Words;
use super::wide::Wide;

/// The cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// A row of a band.
const ROW: u32 = 0x1FF;

/// The givens of a puzzle in the same form: word `9 * band + digit` holds
/// the cells given that digit. Made once per puzzle, for the check of each
/// of its solutions.
pub(crate) struct GivenWords(Words);

impl GivenWords {
    /// The givens of `cells` (81 values by cell, 0 for an empty cell);
    /// `None` if there are not 81 or a value is above 9.
    pub(crate) fn new(cells: &[u16]) -> Option<GivenWords> {
        if cells.len() != 81 {
            return None;
        }
        let mut words = [0u32; 27];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            // The filled cells, a bit each, without a branch per cell.
            let mut filled = band
                .iter()
                .enumerate()
                .fold(0u32, |f, (p, &v)| f | u32::from(v != 0) << p);
            while filled != 0 {
                let p = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let digit = usize::from(band[p]) - 1;
                if digit >= 9 {
                    return None;
                }
                words[9 * b + digit] |= 1 << p;
            }
        }
        Some(GivenWords(words))
    }
}

/// The check on the compiled copy the plan's path names: the AVX2 copy
/// ([`avx2`]) on the `avx2` paths, where the CPU has it; else the portable
/// one.
#[derive(Clone, Copy)]
pub(crate) struct SolutionCheck(Option<Wide>);

impl SolutionCheck {
    /// The check for the plan's `path` (`None`: the portable copy).
    pub(crate) fn on(path: Option<CpuPath>) -> SolutionCheck {
        SolutionCheck(match path {
            Some(CpuPath::Avx2 | CpuPath::Avx2Lookup) => Wide::new(true),
            Some(CpuPath::Baseline) | None => None,
        })
    }

    /// The givens of `cells` as words ([`GivenWords::new`]).
    pub(crate) fn givens(self, cells: &[u16]) -> Option<GivenWords> {
        match self.0 {
            Some(wide) => wide.given_words(cells),
            None => GivenWords::new(cells),
        }
    }

    /// Whether `words` is a solution with `givens` ([`is_solution`]).
    pub(crate) fn holds(self, words: &Words, givens: &GivenWords) -> bool {
        match self.0 {
            Some(wide) => wide.is_solution(words, givens),
            None => is_solution(words, givens),
        }
    }
}

/// Whether `words` is a solution of the puzzle whose givens are `givens`:
/// every cell holds one digit, every row, column and box holds each digit
/// once, and every given holds its value.
///
/// Why these tests suffice: in each band the nine words summed as numbers
/// equal the band's 27 cells and so does their union; a sum equals the
/// union only when no two words share a cell, so each cell holds exactly
/// one digit. Each digit then has a cell in each row of the band and in
/// each box, nine digits in nine cells: each exactly once. Each digit has
/// a cell in every column in one band or another, nine digits in a
/// column's nine cells: each exactly once.
pub(crate) fn is_solution(words: &Words, givens: &GivenWords) -> bool {
    /// Each row's first cell, and its low eight cells and its ninth.
    const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
    const LOW: u32 = 0xFF * COLUMN;
    const HIGH: u32 = 0x100 * COLUMN;
    /// Each box's first column.
    const BOXES: u32 = 0o111;
    // Every test without a branch or an early exit: a solution passes
    // them all, and they are cheap next to the search.
    let (mut all, mut missing) = (0u32, 0u32);
    for &w in words {
        all |= w;
        // A row with a cell: adding 0xFF to its low eight cells carries
        // into its ninth.
        let rows = (((w & LOW) + LOW) | w) & HIGH;
        // A box with a cell: its three columns folded onto the first, its
        // three rows onto the first.
        let folded = w | w >> 1 | w >> 2;
        let boxes = (folded | folded >> 9 | folded >> 18) & BOXES;
        missing |= (rows ^ HIGH) | (boxes ^ BOXES);
    }
    let mut partition = 0u32;
    for band in words.chunks_exact(9) {
        let (union, sum) = band
            .iter()
            .fold((0u32, 0u32), |(u, s), &w| (u | w, s.wrapping_add(w)));
        partition |= (union ^ BAND) | (sum ^ BAND);
    }
    let columns = |w: u32| (w | w >> 9 | w >> 18) & ROW;
    let mut uncovered = 0u32;
    for d in 0..9 {
        uncovered |= (columns(words[d]) | columns(words[9 + d]) | columns(words[18 + d])) ^ ROW;
    }
    let lost = words
        .iter()
        .zip(&givens.0)
        .fold(0u32, |lost, (&w, &g)| lost | (g & !w));
    (all & !BAND) | missing | partition | uncovered | lost == 0
}

/// The same check and the givens in the same form, in AVX2 vectors: the
/// words eight at a time, each test lane-wise. Compiled for AVX2 (safe
/// functions with the feature enabled); [`super::wide::Wide`] calls them,
/// where the CPU has it.
///
/// The tests (a solution passes each; together they say it is one):
/// - no word has a bit outside its band's 27 cells;
/// - each word has one cell in each row of its band: a row with a cell
///   (the carry of `0xFF` into the row's ninth bit), and none with two
///   (clearing each row's lowest cell, by subtracting one from each row,
///   leaves nothing);
/// - each word has a cell in each box of its band (its columns, three to a
///   box, each group with a bit);
/// - each digit's columns over the three bands are all nine;
/// - each band's nine words together cover its 27 cells;
/// - every given is in its digit's word.
///
/// Why these suffice: each digit has one cell in each of the nine rows, so
/// nine cells; they meet all nine columns and all nine boxes, so one each.
/// A band's words hold 3 cells each, 27 in all, and cover its 27 cells: no
/// two share a cell.
#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use std::arch::x86_64::*;

    use super::{GivenWords, Words, BAND, ROW};

    /// Words `at..at + 8`, a lane each.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn eight(w: &Words, at: usize) -> __m256i {
        let w: &[u32; 8] = w[at..at + 8].try_into().unwrap();
        _mm256_setr_epi32(
            w[0] as i32,
            w[1] as i32,
            w[2] as i32,
            w[3] as i32,
            w[4] as i32,
            w[5] as i32,
            w[6] as i32,
            w[7] as i32,
        )
    }

    /// All 27 words in four vectors: digits 0-7 of each band, then words 8,
    /// 17 and 26 (digit 8 of each band) in lanes 0, 1 and 7 with words
    /// 10-14 in the others (words twice pass or fail twice).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn vectors(w: &Words) -> [__m256i; 4] {
        let ninth = _mm256_blend_epi32::<0b10>(eight(w, 8), eight(w, 16));
        let ninth = _mm256_blend_epi32::<0b1000_0000>(ninth, eight(w, 19));
        [eight(w, 0), eight(w, 9), eight(w, 18), ninth]
    }

    /// Values `at..at + 16`, a lane each.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn sixteen(values: &[u16; 86], at: usize) -> __m256i {
        let c: &[u16; 16] = values[at..at + 16].try_into().unwrap();
        _mm256_setr_epi16(
            c[0] as i16,
            c[1] as i16,
            c[2] as i16,
            c[3] as i16,
            c[4] as i16,
            c[5] as i16,
            c[6] as i16,
            c[7] as i16,
            c[8] as i16,
            c[9] as i16,
            c[10] as i16,
            c[11] as i16,
            c[12] as i16,
            c[13] as i16,
            c[14] as i16,
            c[15] as i16,
        )
    }

    /// Each 128-bit half's four lanes ORed, in each of its lanes.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn fold(x: __m256i) -> __m256i {
        let x = _mm256_or_si256(x, _mm256_shuffle_epi32::<0b01_00_11_10>(x));
        _mm256_or_si256(x, _mm256_shuffle_epi32::<0b10_11_00_01>(x))
    }

    /// [`GivenWords::new`]: each band's 27 values as bytes, compared with
    /// each digit at once.
    #[target_feature(enable = "avx2")]
    pub(in super::super) fn given_words(cells: &[u16]) -> Option<GivenWords> {
        let cells: &[u16; 81] = cells.try_into().ok()?;
        // Room to read 32 values from each band's first cell.
        let mut padded = [0u16; 86];
        padded[..81].copy_from_slice(cells);
        let nine = _mm256_set1_epi16(9);
        // All ones while every value read is 9 or less (the values past a
        // band's end are the next band's, or the padding's zeros).
        let mut small = _mm256_set1_epi16(-1);
        let mut words = [0u32; 27];
        for b in 0..3 {
            let (low, high) = (sixteen(&padded, 27 * b), sixteen(&padded, 27 * b + 16));
            for half in [low, high] {
                let at_most_nine = _mm256_cmpeq_epi16(_mm256_max_epu16(half, nine), nine);
                small = _mm256_and_si256(small, at_most_nine);
            }
            // Bytes, in cell order (the pack interleaves the halves' 128-bit
            // lanes); values of 9 or less fit.
            let packed = _mm256_packus_epi16(low, high);
            let values = _mm256_permute4x64_epi64::<0b11_01_10_00>(packed);
            for d in 0..9 {
                let digit = _mm256_set1_epi8(d as i8 + 1);
                let cells = _mm256_movemask_epi8(_mm256_cmpeq_epi8(values, digit)) as u32;
                words[9 * b + d] = cells & BAND;
            }
        }
        (_mm256_movemask_epi8(small) == -1).then_some(GivenWords(words))
    }

    /// [`super::is_solution`], lane-wise (the tests in the module's docs).
    #[target_feature(enable = "avx2")]
    pub(in super::super) fn is_solution(words: &Words, givens: &GivenWords) -> bool {
        const COLUMN: i32 = 1 | 1 << 9 | 1 << 18;
        let low = _mm256_set1_epi32(0xFF * COLUMN);
        let high = _mm256_set1_epi32(0x100 * COLUMN);
        let column = _mm256_set1_epi32(COLUMN);
        let row = _mm256_set1_epi32(ROW as i32);
        let two_bits = _mm256_set1_epi32(0o333);
        let third_bits = _mm256_set1_epi32(0o444);
        let band = _mm256_set1_epi32(BAND as i32);
        let v = vectors(words);
        let g = vectors(&givens.0);
        // Bits that fail: stray bits, rows with two cells, givens lost.
        let mut bad = _mm256_setzero_si256();
        // Bits that each lane must keep: a cell in each row, a cell in each
        // box.
        let (mut rows, mut boxes) = (high, third_bits);
        let mut columns = [_mm256_setzero_si256(); 4];
        for k in 0..4 {
            let w = v[k];
            bad = _mm256_or_si256(bad, _mm256_andnot_si256(band, w));
            bad = _mm256_or_si256(bad, _mm256_andnot_si256(w, g[k]));
            let seen = _mm256_add_epi32(_mm256_and_si256(w, low), low);
            rows = _mm256_and_si256(rows, _mm256_or_si256(seen, w));
            let rest = _mm256_and_si256(w, _mm256_sub_epi32(w, column));
            bad = _mm256_or_si256(bad, rest);
            let folded = _mm256_or_si256(w, _mm256_srli_epi32::<9>(w));
            let folded = _mm256_or_si256(folded, _mm256_srli_epi32::<18>(w));
            let c = _mm256_and_si256(folded, row);
            let seen = _mm256_add_epi32(_mm256_and_si256(c, two_bits), two_bits);
            boxes = _mm256_and_si256(boxes, _mm256_or_si256(seen, c));
            columns[k] = c;
        }
        bad = _mm256_or_si256(bad, _mm256_xor_si256(rows, high));
        bad = _mm256_or_si256(bad, _mm256_xor_si256(boxes, third_bits));
        // Digits 0-7: their columns over the three bands, lane by lane.
        let all_columns = _mm256_or_si256(_mm256_or_si256(columns[0], columns[1]), columns[2]);
        bad = _mm256_or_si256(bad, _mm256_xor_si256(all_columns, row));
        // Digit 8: lanes 0, 1 and 7 of the last vector.
        let c = columns[3];
        let ninth = _mm256_extract_epi32::<0>(c)
            | _mm256_extract_epi32::<1>(c)
            | _mm256_extract_epi32::<7>(c);
        // Each band's union: the eight lanes of its vector folded, then its
        // ninth word.
        let [a, b, c, _] = v;
        let ab = _mm256_or_si256(
            _mm256_permute2x128_si256::<0x20>(a, b),
            _mm256_permute2x128_si256::<0x31>(a, b),
        );
        let cc = _mm256_or_si256(c, _mm256_permute2x128_si256::<0x01>(c, c));
        let (ab, cc) = (fold(ab), fold(cc));
        let unions = [
            _mm256_extract_epi32::<0>(ab) as u32 | words[8],
            _mm256_extract_epi32::<4>(ab) as u32 | words[17],
            _mm256_extract_epi32::<0>(cc) as u32 | words[26],
        ];
        let scalar =
            (ninth as u32 ^ ROW) | (unions[0] ^ BAND) | (unions[1] ^ BAND) | (unions[2] ^ BAND);
        _mm256_testz_si256(bad, bad) == 1 && scalar == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::{Grid, Shape};

    /// The words of a grid of values 1-9 (0 and other values hold no
    /// digit), by the definition in the module's docs.
    fn words_of(cells: &[u16]) -> Words {
        let mut words = [0u32; 27];
        for (i, &v) in cells.iter().enumerate() {
            if (1..=9).contains(&v) {
                let (row, col) = (i / 9, i % 9);
                words[9 * (row / 3) + usize::from(v) - 1] |= 1 << (9 * (row % 3) + col);
            }
        }
        words
    }

    fn given(cells: &[u16]) -> GivenWords {
        GivenWords::new(cells).expect("81 values up to 9")
    }

    /// A solved grid: the pattern (3 * (row % 3) + row / 3 + col) % 9 + 1.
    fn solved() -> Vec<u16> {
        (0..81)
            .map(|i| ((3 * (i / 9 % 3) + i / 27 + i % 9) % 9 + 1) as u16)
            .collect()
    }

    fn xorshift(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn a_solution_and_its_givens_pass() {
        let grid = solved();
        let shape = Shape::square(3).unwrap();
        assert!(Grid::from_values(shape, grid.clone()).unwrap().is_solved());
        let words = words_of(&grid);
        assert!(is_solution(&words, &given(&[0; 81])));
        assert!(is_solution(&words, &given(&grid)));
        let mut some = vec![0u16; 81];
        for i in (0..81).step_by(5) {
            some[i] = grid[i];
        }
        assert!(is_solution(&words, &given(&some)));
    }

    /// Against the grid check ([`Grid::is_solution_of`], code apart): grids
    /// changed at random (values swapped, a cell changed, a cell emptied,
    /// a bit added or dropped in the words, a given changed) pass exactly
    /// when the grid check passes them.
    #[test]
    fn agrees_with_the_grid_check_on_damaged_solutions() {
        let shape = Shape::square(3).unwrap();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let (mut passed, mut failed) = (0, 0);
        for round in 0..4000 {
            let mut cells = solved();
            // Relabel the digits and permute rows within a band, so that
            // most rounds start from another solution.
            let mut labels: Vec<u16> = (1..=9).collect();
            for i in (1..9).rev() {
                labels.swap(i, (xorshift(&mut rng) % (i as u64 + 1)) as usize);
            }
            for v in cells.iter_mut() {
                *v = labels[usize::from(*v) - 1];
            }
            let band = (xorshift(&mut rng) % 3) as usize;
            let (r1, r2) = (band * 3, band * 3 + (xorshift(&mut rng) % 3) as usize);
            for c in 0..9 {
                cells.swap(r1 * 9 + c, r2 * 9 + c);
            }
            let mut givens: Vec<u16> = cells
                .iter()
                .map(|&v| {
                    if xorshift(&mut rng).is_multiple_of(3) {
                        v
                    } else {
                        0
                    }
                })
                .collect();
            let mut words = words_of(&cells);
            let i = (xorshift(&mut rng) % 81) as usize;
            let j = (xorshift(&mut rng) % 81) as usize;
            match round % 7 {
                0 => {}
                1 => cells.swap(i, j),
                2 => cells[i] = (xorshift(&mut rng) % 10) as u16,
                3 => cells[i] = 0,
                4 => givens[i] = (xorshift(&mut rng) % 10) as u16,
                5 => {
                    // A second digit in a cell: no grid has it, so it fails.
                    let d = (xorshift(&mut rng) % 9) as usize;
                    words[9 * (i / 27) + d] |= 1 << (i % 27);
                }
                _ => {
                    // Values swapped between two cells of a row.
                    let row = i / 9;
                    cells.swap(row * 9 + i % 9, row * 9 + j % 9);
                }
            }
            if !matches!(round % 7, 5) {
                words = words_of(&cells);
            }
            let oracle = match round % 7 {
                // A cell with two digits is no grid: fails.
                5 if words_of(&cells) != words => false,
                _ => {
                    let grid = Grid::from_values(shape, cells.clone()).ok();
                    let puzzle = Grid::from_values(shape, givens.clone()).ok();
                    match (grid, puzzle) {
                        (Some(g), Some(p)) => g.is_solution_of(&p),
                        _ => false,
                    }
                }
            };
            let ours = GivenWords::new(&givens).is_some_and(|g| is_solution(&words, &g));
            assert_eq!(ours, oracle, "round {round}");
            // The AVX2 copy, where this CPU has it: the same givens, the
            // same verdict.
            if let Some(wide) = Wide::new(true) {
                let vector = wide.given_words(&givens);
                let scalar = GivenWords::new(&givens);
                assert_eq!(vector.as_ref().map(|g| g.0), scalar.map(|g| g.0));
                let theirs = vector.is_some_and(|g| wide.is_solution(&words, &g));
                assert_eq!(theirs, oracle, "round {round}, AVX2");
            }
            if oracle {
                passed += 1;
            } else {
                failed += 1;
            }
        }
        // Both outcomes are exercised.
        assert!(passed > 500 && failed > 1500, "{passed} {failed}");
    }

    #[test]
    fn stray_bits_and_short_givens_fail() {
        let grid = solved();
        let checks = [SolutionCheck(None), SolutionCheck(Wide::new(true))];
        for check in checks {
            let none = check.givens(&[0; 81]).unwrap();
            // A stray bit above the band's cells, in each word.
            for i in 0..27 {
                let mut words = words_of(&grid);
                assert!(check.holds(&words, &none));
                words[i] |= 1 << (27 + i % 5);
                assert!(!check.holds(&words, &none), "word {i}");
            }
            assert!(check.givens(&[0; 80]).is_none());
            for big in [10, 255, 256, 0x8009] {
                let mut ten = vec![0u16; 81];
                ten[80 - big as usize % 81] = big;
                assert!(check.givens(&ten).is_none(), "{big}");
            }
        }
    }

    /// Each word's cells moved one at a time (to another row of its band,
    /// another column of its row, or into another word's cell): every
    /// change fails, on both copies. These are the words 8, 17 and 26 too,
    /// which the AVX2 copy holds apart.
    #[test]
    fn each_moved_cell_fails() {
        let grid = solved();
        let full = given(&grid);
        let checks = [SolutionCheck(None), SolutionCheck(Wide::new(true))];
        for check in checks {
            let none = check.givens(&[0; 81]).unwrap();
            for i in 0..27 {
                let word = words_of(&grid)[i];
                let mut cells = word;
                while cells != 0 {
                    let p = cells.trailing_zeros();
                    cells &= cells - 1;
                    for q in (0..27).filter(|&q| q != p) {
                        let mut words = words_of(&grid);
                        words[i] = word & !(1 << p) | 1 << q;
                        assert!(!check.holds(&words, &none), "word {i}, {p} to {q}");
                        assert!(!check.holds(&words, &full));
                    }
                    // The cell dropped.
                    let mut words = words_of(&grid);
                    words[i] &= !(1 << p);
                    assert!(!check.holds(&words, &none), "word {i}, {p} dropped");
                }
            }
            assert!(check.holds(&words_of(&grid), &full));
        }
    }
}
