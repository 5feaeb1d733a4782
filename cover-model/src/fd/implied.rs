//! Implied sums: short linear equalities that follow from a model's
//! equalities, found by Gaussian elimination and added as constraints of
//! their own.
//!
//! Every solution of `A x = b` satisfies every linear combination of its
//! rows, so adding one never changes an answer; a short one over members of
//! an all-different gives the [`SumDistinct`](super::props::sumdiff)
//! propagator a line to reason on. A magic square of order 4 has four
//! beyond its ten lines (its corners, its central 2x2, and the middle cells
//! of its top and bottom rows and of its outer columns each add up to 34),
//! and a killer Sudoku's "rule of 45" is the same arithmetic.
//!
//! The search is bounded: candidates are the 3- and 4-subsets of the
//! all-different groups whose members each occur in two equalities or
//! more, tested
//! against an echelon form of the equalities in exact integer arithmetic,
//! and the whole is skipped when it would take more than [`MAX_WORK`]
//! steps (or an intermediate value would overflow).

use std::collections::HashSet;

use super::Spec;
use crate::constraints::Rel;

/// The most elimination steps (candidates times echelon rows times
/// columns) the search may take.
const MAX_WORK: u64 = 1 << 22;

/// Entries beyond this are divided by their gcd while reducing.
const LARGE: u128 = 1 << 48;

/// The smallest and largest implied sums looked for.
const SIZES: std::ops::RangeInclusive<usize> = 3..=4;

/// The implied unit-coefficient equalities of `specs` (a
/// [`Spec::Linear`] each, `sum(vars) = rhs`) over 3 or 4 members of one
/// all-different, none already a constraint.
pub(crate) fn implied_sums(specs: &[Spec], vars: usize) -> Vec<Spec> {
    find(specs, vars).unwrap_or_default()
}

fn find(specs: &[Spec], nvars: usize) -> Option<Vec<Spec>> {
    // The equalities, over the columns of the variables they hold.
    let mut col = vec![usize::MAX; nvars];
    let mut cols = 0;
    let mut occurs = vec![0u32; nvars];
    let mut eqs: Vec<(&[(i128, usize)], i128)> = Vec::new();
    let mut known: HashSet<Vec<usize>> = HashSet::new();
    for spec in specs {
        if let Spec::Linear {
            terms,
            rel: Rel::Eq,
            rhs,
            reif: None,
        } = spec
        {
            for &(_, x) in terms {
                occurs[x] += 1;
                if col[x] == usize::MAX {
                    col[x] = cols;
                    cols += 1;
                }
            }
            eqs.push((terms, *rhs));
            if terms.iter().all(|t| t.0 == terms[0].0 && t.0.abs() == 1) {
                let mut xs: Vec<usize> = terms.iter().map(|t| t.1).collect();
                xs.sort_unstable();
                known.insert(xs);
            }
        }
    }
    if eqs.len() < 2 {
        return Some(Vec::new());
    }
    // Rows: the coefficients by column, then the right-hand side.
    let width = cols + 1;
    let mut rows: Vec<Vec<i128>> = eqs
        .iter()
        .map(|(terms, rhs)| {
            let mut r = vec![0i128; width];
            for &(c, x) in terms.iter() {
                r[col[x]] = r[col[x]].checked_add(c)?;
            }
            r[cols] = *rhs;
            Some(r)
        })
        .collect::<Option<_>>()?;
    let echelon = echelon(&mut rows, cols)?;
    // The candidates: subsets of all-different groups within the columns.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for spec in specs {
        if let Spec::AllDifferent(xs) = spec {
            // Members in two equalities or more only: fewer candidates where
            // equalities barely overlap (cages side by side, a Sudoku's),
            // where the search would cost compile time for nothing. A sum
            // over a variable in one equality is then missed, never wrong.
            let mut g: Vec<usize> = xs.iter().copied().filter(|&x| occurs[x] >= 2).collect();
            g.sort_unstable();
            g.dedup();
            if g.len() >= *SIZES.start() && !groups.contains(&g) {
                groups.push(g);
            }
        }
    }
    let mut candidates = 0u64;
    for g in &groups {
        for k in SIZES {
            candidates = candidates.saturating_add(binomial(g.len() as u64, k as u64));
        }
    }
    let work = candidates
        .saturating_mul(echelon.len() as u64)
        .saturating_mul(width as u64);
    if work > MAX_WORK {
        return None;
    }
    let mut out = Vec::new();
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut v = vec![0i128; width + 1];
    for g in &groups {
        for k in SIZES {
            if k > g.len() {
                break;
            }
            let mut pick: Vec<usize> = (0..k).collect();
            loop {
                let xs: Vec<usize> = pick.iter().map(|&i| g[i]).collect();
                if !known.contains(&xs) && !seen.contains(&xs) {
                    if let Some(sum) = implied(&echelon, cols, &xs, &col, &mut v)? {
                        seen.insert(xs.clone());
                        out.push(Spec::Linear {
                            terms: xs.iter().map(|&x| (1, x)).collect(),
                            rel: Rel::Eq,
                            rhs: sum,
                            reif: None,
                        });
                    }
                }
                if !next_combination(&mut pick, g.len()) {
                    break;
                }
            }
        }
    }
    Some(out)
}

/// Brings `rows` to echelon form (integer rows, each divided by the gcd of
/// its entries); returns the nonzero rows with their pivot columns, in
/// increasing pivot order. `None` on overflow.
fn echelon(rows: &mut [Vec<i128>], cols: usize) -> Option<Vec<(usize, Vec<i128>)>> {
    let mut out = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        let Some(p) = (r..rows.len()).find(|&i| rows[i][c] != 0) else {
            continue;
        };
        rows.swap(r, p);
        let pivot = rows[r].clone();
        for row in rows.iter_mut().skip(r + 1) {
            if row[c] != 0 {
                eliminate(row, &pivot, c)?;
            }
        }
        out.push((c, pivot));
        r += 1;
    }
    Some(out)
}

/// `row = row * pivot[c] - pivot * row[c]`, then divided by the gcd of its
/// entries (clearing column `c`). `None` on overflow.
fn eliminate(row: &mut [i128], pivot: &[i128], c: usize) -> Option<()> {
    let (a, b) = (pivot[c], row[c]);
    for (x, &p) in row.iter_mut().zip(pivot) {
        *x = x.checked_mul(a)?.checked_sub(p.checked_mul(b)?)?;
    }
    let g = row.iter().fold(0i128, |g, &x| gcd(g, x));
    if g > 1 {
        for x in row.iter_mut() {
            *x /= g;
        }
    }
    Some(())
}

/// Whether `sum(xs) = S` follows from the equalities, and `S`: reduces the
/// vector of `xs` (coefficients, a right-hand side 0, and a scale 1 in an
/// extra slot) by the echelon rows; it follows when the coefficients reach
/// zero, and then `scale * sum(xs) = -rhs`. `Some(None)`: it does not
/// follow (or `S` is no integer); `None` on overflow.
fn implied(
    echelon: &[(usize, Vec<i128>)],
    cols: usize,
    xs: &[usize],
    col: &[usize],
    v: &mut [i128],
) -> Option<Option<i128>> {
    v.fill(0);
    for &x in xs {
        v[col[x]] = 1;
    }
    // v[cols] is the right-hand side, v[cols + 1] the scale.
    v[cols + 1] = 1;
    for (c, row) in echelon {
        if v[*c] == 0 {
            continue;
        }
        let (a, b) = (row[*c], v[*c]);
        // The row is zero before its pivot (echelon form); there v is zero
        // or in a column no later row clears (the sum does not follow
        // then, whatever the entry becomes), so only its zero-ness counts,
        // which scaling by a != 0 keeps.
        for k in *c..=cols {
            v[k] = v[k].checked_mul(a)?.checked_sub(row[k].checked_mul(b)?)?;
        }
        v[cols + 1] = v[cols + 1].checked_mul(a)?;
        // Divided by the gcd of its entries only once they grow (the gcd of
        // i128 values is most of the cost where they stay small, as unit
        // coefficients do).
        if v.iter().any(|x| x.unsigned_abs() > LARGE) {
            let g = v.iter().fold(0i128, |g, &x| gcd(g, x));
            if g > 1 {
                for x in v.iter_mut() {
                    *x /= g;
                }
            }
        }
    }
    if v[..cols].iter().any(|&x| x != 0) {
        return Some(None);
    }
    let (rhs, scale) = (-v[cols], v[cols + 1]);
    if scale == 0 || rhs % scale != 0 {
        return Some(None);
    }
    Some(Some(rhs / scale))
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.min(i128::MAX as u128) as i128
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut r = 1u64;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// The next `k`-subset of `0..n` in lexicographic order (`false`: none).
fn next_combination(pick: &mut [usize], n: usize) -> bool {
    let k = pick.len();
    let mut i = k;
    while i > 0 {
        i -= 1;
        if pick[i] < n - k + i {
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(xs: &[usize], rhs: i128) -> Spec {
        Spec::Linear {
            terms: xs.iter().map(|&x| (1, x)).collect(),
            rel: Rel::Eq,
            rhs,
            reif: None,
        }
    }

    fn sums(specs: &[Spec]) -> Vec<(Vec<usize>, i128)> {
        let mut out: Vec<(Vec<usize>, i128)> = specs
            .iter()
            .map(|s| match s {
                Spec::Linear { terms, rhs, .. } => (terms.iter().map(|t| t.1).collect(), *rhs),
                _ => panic!("not a sum"),
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn magic_square_4_has_four_implied_sums() {
        // Cells r * 4 + c; the ten lines of a magic square of order 4.
        let mut specs = vec![Spec::AllDifferent((0..16).collect())];
        for i in 0..4 {
            specs.push(line(&[4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3], 34));
            specs.push(line(&[i, i + 4, i + 8, i + 12], 34));
        }
        specs.push(line(&[0, 5, 10, 15], 34));
        specs.push(line(&[3, 6, 9, 12], 34));
        // Known identities of every 4x4 magic square (checked by hand: the
        // corners are (R1 + R4 + C1 + C4 + D1 + D2 - 4S) / 2, ...).
        assert_eq!(
            sums(&implied_sums(&specs, 16)),
            vec![
                (vec![0, 3, 12, 15], 34),
                (vec![1, 2, 13, 14], 34),
                (vec![4, 7, 8, 11], 34),
                (vec![5, 6, 9, 10], 34),
            ]
        );
    }

    #[test]
    fn magic_square_3_has_ten() {
        // Cells r * 3 + c, lines adding up to 15. By hand: the centre is 5
        // (the four lines through it add up to 60, the whole square to 45,
        // so three times the centre is 15), and opposite cells add up to
        // 10. So a row or column on the border plus the centre makes 20
        // (four such), and so do two pairs of opposite cells (six).
        let mut specs = vec![Spec::AllDifferent((0..9).collect())];
        for l in [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [0, 3, 6],
            [1, 4, 7],
            [2, 5, 8],
            [0, 4, 8],
            [2, 4, 6],
        ] {
            specs.push(line(&l, 15));
        }
        let found = sums(&implied_sums(&specs, 9));
        let expected: Vec<(Vec<usize>, i128)> = [
            [0, 1, 2, 4],
            [0, 1, 7, 8],
            [0, 2, 6, 8],
            [0, 3, 4, 6],
            [0, 3, 5, 8],
            [1, 2, 6, 7],
            [1, 3, 5, 7],
            [2, 3, 5, 6],
            [2, 4, 5, 8],
            [4, 6, 7, 8],
        ]
        .iter()
        .map(|s| (s.to_vec(), 20))
        .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn scaled_rows_and_single_occurrences() {
        // 3 * (x0 + x1 + x2) = 9 and x0 + x1 - x2 = 1 imply x0 + x1 + x2 =
        // 3 (the first row scaled: no unit sum of its own). x3 + x4 + x5 =
        // 7 and x3 + x4 + x6 = 8 are unit sums already; x5 and x6 are in
        // one equality each, so nothing over them is looked for (x2 = 1
        // makes x2 + x3 + x4 + x5 = 8 implied: missed by design).
        let specs = vec![
            Spec::AllDifferent((0..7).collect()),
            Spec::Linear {
                terms: vec![(3, 0), (3, 1), (3, 2)],
                rel: Rel::Eq,
                rhs: 9,
                reif: None,
            },
            Spec::Linear {
                terms: vec![(1, 0), (1, 1), (-1, 2)],
                rel: Rel::Eq,
                rhs: 1,
                reif: None,
            },
            line(&[3, 4, 5], 7),
            line(&[3, 4, 6], 8),
        ];
        assert_eq!(sums(&implied_sums(&specs, 7)), vec![(vec![0, 1, 2], 3)]);
    }

    #[test]
    fn no_integer_sum_no_constraint() {
        // 2 * (x0 + x1 + x2) = 5 has no integer solution: no implied sum
        // is added (the model is unsatisfiable on its own).
        let specs = vec![
            Spec::AllDifferent((0..3).collect()),
            Spec::Linear {
                terms: vec![(2, 0), (2, 1), (2, 2)],
                rel: Rel::Eq,
                rhs: 5,
                reif: None,
            },
            line(&[0, 1], 3),
            Spec::Linear {
                terms: vec![(1, 2), (-1, 0)],
                rel: Rel::Eq,
                rhs: 0,
                reif: None,
            },
        ];
        assert!(implied_sums(&specs, 3).is_empty());
    }
}
